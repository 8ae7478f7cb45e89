// SPDX-License-Identifier: GPL-3.0-or-later
// Data parallel by collectives (ZeRO, Rajbhandari et al., SC'20 §7): plain DP and stages 1-2 move 2Ψ per
// step (reduce-scatter + all-gather, or one all-reduce), stage 3 3Ψ (the parameters gathered for the
// forward and again for the backward). Every dp group at once; a group moves its own stage's share.
// Context-parallel ranks hold the same weights, so the dense gradients are reduced over dp × cp ranks; the
// routed experts' over their expert-data-parallel group (Megatron-Core's expert layout), rows of group "edp".
#include "traffic.h"

namespace ss {

namespace {

// The rows of one kind of weights: PSI parameters per GPU on the largest stage, reduced over GROUPS whose
// stages hold SCALE of that.
void dataParallelRows(Traffic& out, const TrafficContext& c, const char* group, double psi,
                      const std::vector<std::vector<int>>& rankGroups, bool experts)
{
    std::vector<double> scale;
    for (const auto& g : rankGroups) {
        const StageParams& st = c.stages[std::size_t(c.layout.coord(g.front()).pp)];
        const double mine = experts ? st.expert_per_gpu : st.per_gpu - st.expert_per_gpu;
        scale.push_back(psi > 0 ? mine / psi : 1.0);
    }
    const auto groups = c.onGpus(rankGroups);
    const auto run = [&](CollectiveOp op, double perParam, double count) {
        const double size = psi * perParam;
        const bool weights = op == CollectiveOp::AllGather;
        out.add({.group = group,
                 .op = collectiveOpName(op),
                 .bytes = size,
                 .count = count,
                 .result = c.model.collective(op, size, groups, CollectiveAlgorithm::Auto, scale),
                 .text = experts ? (weights ? TrafficText::ExpertDataParallelWeights
                                            : TrafficText::ExpertDataParallelGradients)
                                 : (weights ? TrafficText::DataParallelWeights
                                            : TrafficText::DataParallelGradients)});
    };
    if (c.zero == 0) {
        run(CollectiveOp::AllReduce, c.gradBytes, 1);
    } else if (c.zero <= 2) {
        run(CollectiveOp::ReduceScatter, c.gradBytes, c.rsCount);
        run(CollectiveOp::AllGather, c.state.weights, 1);
    } else {
        run(CollectiveOp::AllGather, c.state.weights, 2.0 * double(c.m));
        run(CollectiveOp::ReduceScatter, c.gradBytes, c.rsCount);
    }
}

} // namespace

Traffic dataParallelTraffic(const TrafficContext& c)
{
    Traffic out;
    if (c.parameterServer())
        return out;
    if (c.layout.dpcp() > 1 && c.psiDenseMax > 0)
        dataParallelRows(out, c, "dp", c.psiDenseMax, c.groups.dp, false);
    if (!c.groups.edp.empty() && c.layout.edp() > 1 && c.psiExpertMax > 0)
        dataParallelRows(out, c, "edp", c.psiExpertMax, c.groups.edp, true);
    return out;
}

} // namespace ss
