// SPDX-License-Identifier: GPL-3.0-or-later
// Tensor parallel (Narayanan et al., SC'21 §3): 2 all-reduces of b·s·h elements in the forward and 2 in the
// backward of every layer; with sequence parallelism each becomes an all-gather and a reduce-scatter of the
// same size (Korthikanti et al., MLSys'23 §4.2.2). Full recompute repeats the forward ones (§5).
#include "traffic.h"

namespace ss {

double tensorParallelCallsPerLayer(const Scenario& scenario)
{
    return scenario.training.recompute == Recompute::Full ? 6 : 4;
}

Traffic tensorParallelTraffic(const TrafficContext& c)
{
    Traffic out;
    if (!(c.layout.n[0] > 1))
        return out;
    const double size = c.b * c.s * c.h * c.actBytes;
    const double perLayer = tensorParallelCallsPerLayer(c.scenario);
    const double count = perLayer * double(c.maxLayers) * double(c.m);
    const auto row = [&](CollectiveOp op) {
        out.add({.group = "tp",
                 .op = collectiveOpName(op),
                 .bytes = size,
                 .count = count,
                 .result = c.collective(CommCache::Call::Tp, op, size),
                 .text = TrafficText::TensorParallel});
    };
    if (c.scenario.parallel.sequence_parallel) {
        row(CollectiveOp::AllGather);
        row(CollectiveOp::ReduceScatter);
    } else {
        row(CollectiveOp::AllReduce);
    }
    return out;
}

} // namespace ss
