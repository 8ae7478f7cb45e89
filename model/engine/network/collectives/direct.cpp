// SPDX-License-Identifier: GPL-3.0-or-later
// The direct algorithm: every rank talks to every other at once (NCCL's all-to-all; direct reduce-scatter
// and all-gather), the root to every rank (broadcast, reduce), each rank to the next (send/recv).
#include "algorithms.h"

namespace ss {

bool directPlan(PlanBuilder& b, CollectiveOp op, const AlgorithmGroup& g)
{
    const std::vector<int>& group = g.gpus;
    const int n = g.n;
    const double nn = n;
    const double w = g.w;
    PlanBuilder::Phase& ph = b.phase(0);
    double latency = 0;
    int steps = 1;
    switch (op) {
    case CollectiveOp::AllReduce:
    case CollectiveOp::AllGather:
    case CollectiveOp::ReduceScatter:
    case CollectiveOp::AllToAll: {
        const double v = w * (op == CollectiveOp::AllReduce ? 2.0 : 1.0) / nn;
        steps = op == CollectiveOp::AllReduce ? 2 : 1;
        for (int a : group)
            for (int c : group)
                if (a != c)
                    b.flow(ph, a, c, v, latency);
        break;
    }
    case CollectiveOp::Broadcast:
        for (int c : group)
            b.flow(ph, g.rootDevice, c, w, latency);
        break;
    case CollectiveOp::Reduce:
        for (int a : group)
            b.flow(ph, a, g.rootDevice, w, latency);
        break;
    case CollectiveOp::SendRecv:
        // nccl-tests sendrecv_perf: every rank sends its buffer to the next and receives from the previous.
        for (int i = 0; i < n; ++i)
            b.flow(ph, group[std::size_t(i)], group[std::size_t((i + 1) % n)], w, latency);
        break;
    }
    ph.alpha = std::max(ph.alpha, steps * latency);
    // What the busiest GPU sends: n-1 peers' shares, or the root's n-1 copies.
    ph.volume = op == CollectiveOp::AllReduce                                 ? 2 * (nn - 1) / nn
                : op == CollectiveOp::Broadcast || op == CollectiveOp::Reduce ? nn - 1
                : op == CollectiveOp::SendRecv                                ? 1.0
                                                                              : (nn - 1) / nn;
    ph.steps = steps;
    return true;
}

} // namespace ss
