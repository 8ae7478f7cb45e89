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
// The gradients (and the updated weights ZeRO-1/2 gather) are of the trainable parameters, PSI_TRAIN; ZeRO-3
// gathers every weight, PSI_GATHER (both PSI with full training; LoRA: the adapters, and the frozen base's
// bytes over w).
void dataParallelRows(Traffic& out, const TrafficContext& c, const char* group, double psiTrain,
                      double psiGather, const std::vector<std::vector<int>>& rankGroups, bool experts)
{
    std::vector<double> scaleTrain, scaleGather;
    const bool lora = c.scenario.training.lora();
    for (const auto& g : rankGroups) {
        const StageParams& st = c.stages[std::size_t(c.layout.coord(g.front()).pp)];
        const double mine = experts ? st.expert_per_gpu : st.per_gpu - st.expert_per_gpu;
        const double train = lora ? (experts ? st.trainable_expert_per_gpu
                                             : st.trainable_per_gpu - st.trainable_expert_per_gpu)
                                  : mine;
        double gather = mine;
        if (lora) {
            const StageWeightBytes wb = stageWeightBytes(st, c.scenario, c.state.weights);
            gather = (experts ? wb.expert : wb.total() - wb.expert) / c.state.weights;
        }
        scaleTrain.push_back(psiTrain > 0 ? train / psiTrain : 1.0);
        scaleGather.push_back(psiGather > 0 ? gather / psiGather : 1.0);
    }
    const auto run = [&](CollectiveOp op, double perParam, double count, bool allWeights = false) {
        const double psi = allWeights ? psiGather : psiTrain;
        const std::vector<double>& scale = allWeights ? scaleGather : scaleTrain;
        const double size = psi * perParam;
        const bool weights = op == CollectiveOp::AllGather;
        out.add({.group = group,
                 .op = collectiveOpName(op),
                 .bytes = size,
                 .count = count,
                 .result = c.collective(experts ? CommCache::Call::Edp : CommCache::Call::Dp, op, size,
                                        CollectiveAlgorithm::Auto, scale),
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
        run(CollectiveOp::AllGather, c.state.weights, 2.0 * double(c.m), true);
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
        dataParallelRows(out, c, "dp", c.psiTrainDenseMax, c.psiGatherDenseMax, c.groups.dp, false);
    if (!c.groups.edp.empty() && c.layout.edp() > 1 && c.psiExpertMax > 0)
        dataParallelRows(out, c, "edp", c.psiTrainExpertMax, c.psiGatherExpertMax, c.groups.edp, true);
    return out;
}

} // namespace ss
