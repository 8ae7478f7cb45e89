// SPDX-License-Identifier: GPL-3.0-or-later
// Context parallel: each of cp ranks holds s/cp tokens of every sequence and needs every other rank's keys
// and values for its attention. Megatron-Core's "p2p" passes the K/V blocks around a ring, cp - 1 steps
// overlapped with the attention of the block at hand (Liu et al., Ring Attention, arXiv:2310.01889), and in
// the backward passes K/V again and the dK/dV partial sums the other way, a ring reduce-scatter. Llama 3
// all-gathers K/V before attention and reduce-scatters dK/dV after (Llama 3 Herd of Models,
// arXiv:2407.21783 §3.3.2). Either way a layer moves, per microbatch, one all-gather of K/V forward and one
// in the backward (two with full recompute), and one reduce-scatter of their gradients.
#include "traffic.h"

#include <algorithm>

namespace ss {

Traffic contextParallelTraffic(const TrafficContext& c)
{
    Traffic out;
    if (c.groups.cp.empty())
        return out;
    // Collective sizes are the whole gathered buffer: every rank's K/V block.
    const double size = contextParallelKvBytes(c.scenario) * double(c.layout.n[3]);
    const double layers = double(c.maxLayers) * double(c.m);
    const bool full = c.scenario.training.recompute == Recompute::Full;
    const bool ring = c.scenario.parallel.cp_comm == CpComm::P2p;
    const CollectiveAlgorithm algorithm = ring ? CollectiveAlgorithm::Ring : CollectiveAlgorithm::Auto;
    out.add({.group = "cp",
             .op = collectiveOpName(CollectiveOp::AllGather),
             .bytes = size,
             .count = (full ? 3 : 2) * layers,
             .result = c.collective(CommCache::Call::Cp, CollectiveOp::AllGather, size, algorithm),
             .text = TrafficText::ContextParallelGather,
             .algorithm = ring ? "ring-p2p" : ""});
    out.add({.group = "cp",
             .op = collectiveOpName(CollectiveOp::ReduceScatter),
             .bytes = size,
             .count = layers,
             .result = c.collective(CommCache::Call::Cp, CollectiveOp::ReduceScatter, size, algorithm),
             .text = TrafficText::ContextParallelReduce,
             .algorithm = ring ? "ring-p2p" : ""});
    return out;
}

} // namespace ss
