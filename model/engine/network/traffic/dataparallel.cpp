// SPDX-License-Identifier: GPL-3.0-or-later
// Data parallel by collectives (ZeRO, Rajbhandari et al., SC'20 §7): plain DP and stages 1-2 move 2Ψ per
// step (reduce-scatter + all-gather, or one all-reduce), stage 3 3Ψ (the parameters gathered for the
// forward and again for the backward). Every dp group at once; a group moves its own stage's share.
#include "traffic.h"

namespace ss {

Traffic dataParallelTraffic(const TrafficContext& c)
{
    Traffic out;
    if (c.parameterServer() || !(c.layout.n[1] > 1))
        return out;
    std::vector<double> dpScale;
    for (const auto& g : c.groups.dp) {
        const RankCoord rc = c.layout.coord(g.front());
        dpScale.push_back(c.psiMax > 0 ? c.stages[std::size_t(rc.pp)].per_gpu / c.psiMax : 1.0);
    }
    const auto dp = c.onGpus(c.groups.dp);
    const auto run = [&](CollectiveOp op, double perParam, double count) {
        const double size = c.psiMax * perParam;
        out.add({.group = "dp",
                 .op = collectiveOpName(op),
                 .bytes = size,
                 .count = count,
                 .result = c.model.collective(op, size, dp, CollectiveAlgorithm::Auto, dpScale),
                 .text = op == CollectiveOp::AllGather ? TrafficText::DataParallelWeights
                                                       : TrafficText::DataParallelGradients});
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
    return out;
}

} // namespace ss
