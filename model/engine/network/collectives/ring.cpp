// SPDX-License-Identifier: GPL-3.0-or-later
// The ring algorithm (NCCL's default): every rank sends to the next of every channel. All-reduce moves
// 2(n-1)/n of the buffer over every ring edge in 2(n-1) steps, all-gather and reduce-scatter (n-1)/n in
// n-1 steps (Patarasuk and Yuan, "Bandwidth optimal all-reduce algorithms for clusters of workstations",
// JPDC 2009; nccl-tests doc/PERFORMANCE.md); broadcast and reduce run the ring as a chain from (to) the root.
#include "algorithms.h"

namespace ss {

bool ringPlan(PlanBuilder& b, CollectiveOp op, const AlgorithmGroup& g)
{
    if (op == CollectiveOp::AllToAll || op == CollectiveOp::SendRecv)
        return b.fail(std::string("the ring algorithm does not implement ") + collectiveOpName(op));
    const int n = g.n;
    const double nn = n;
    const bool chain = op == CollectiveOp::Broadcast || op == CollectiveOp::Reduce;
    const double factor = op == CollectiveOp::AllReduce ? 2 * (nn - 1) / nn : chain ? 1.0 : (nn - 1) / nn;
    const int steps = op == CollectiveOp::AllReduce ? 2 * (n - 1) : n - 1;
    const RingPass pass{.factor = factor,
                        .steps = steps,
                        .chain = chain,
                        .towardRoot = op == CollectiveOp::Reduce,
                        .rootDevice = g.rootDevice,
                        .record = g.first};
    if (!b.ringPhase(b.phase(0), g, g.hosts, pass))
        return b.fail("no ring through the GPUs: some are not connected");
    return true;
}

bool ringBound(BoundTally& t, CollectiveOp op, const AlgorithmGroup& g)
{
    // Every channel enters and leaves every machine once; the channels' shares add up to 1.
    const bool allReduce = op == CollectiveOp::AllReduce;
    const int n = g.n;
    const double nn = n;
    const double factor = allReduce ? 2 * (nn - 1) / nn : (nn - 1) / nn;
    for (const HostGroup& h : g.hosts)
        t.hostOut[std::size_t(h.host)] += g.w * factor;
    t.alphaNet = std::max(t.alphaNet, (allReduce ? 2 * (n - 1) : n - 1) * g.route);
    return true;
}

} // namespace ss
