// SPDX-License-Identifier: GPL-3.0-or-later
// NCCL's protocols across machines: why bus bandwidth rises with the size. NCCL runs every collective in
// one of three protocols (src/graph/tuning.cc, ncclTopoTuneModel; NVIDIA/nccl at b6475625, 2.19-2.21):
// LL (8-byte stores of 4 bytes of data and a 4-byte flag: half the payload, the lowest latency), LL128
// (128-byte lines with 8 bytes of flags: 120/128 of the payload) and Simple (whole chunks behind a memory
// fence: all of the bandwidth, the highest latency per step), and for each size picks the protocol (and
// algorithm) with the least time = latency + size / bandwidth. Each protocol adds here NCCL's latency for
// the algorithm and scales the plan's bandwidth by NCCL's factor for it; the plan's own alpha (its routes'
// hop latencies) stays. Inside one machine nothing changes: the single-node model is calibrated as it is.
#include "algorithms.h"

#include <cmath>

namespace ss {

namespace {

constexpr double us = 1e-6;
enum Protocol
{
    LL,
    LL128,
    Simple
};

// tuning.cc, baseLat (us): Tree {6.8, 14.0, 0}, Ring {6.6, 14.0, 8.4}; CollNet, NVLS, NVLS tree 0.
constexpr double kRingBase[3] = {6.6, 14.0, 8.4};
constexpr double kTreeBase[3] = {6.8, 14.0, 0};
// tuning.cc, hwLat (us) per step, NVLink and network rows:
//   Tree {.6, 1.25, 28} and {5.0, 8.5, 28}; Ring {.6, 1.9, 3.4} and {2.7, 4.0, 14.0};
//   CollNetChain Simple 2.8 and 30; NVLSTree Simple 23 and 14.
constexpr double kRingIntra[3] = {0.6, 1.9, 3.4};
constexpr double kRingNet[3] = {2.7, 4.0, 14.0};
constexpr double kTreeIntra[3] = {0.6, 1.25, 28};
constexpr double kTreeNet[3] = {5.0, 8.5, 28};
constexpr double kCollNetIntra = 2.8;
constexpr double kCollNetNet = 30;
constexpr double kNvlsTreeIntra = 23;
constexpr double kNvlsTreeNet = 14;
// tuning.cc, getNetOverhead(): 1 us per network post on x86 (Intel; 2 on AMD), 3x for Simple; an
// inter-node ring step costs at least that much.
constexpr double kNetOverhead[3] = {1.0, 1.0, 3.0};
// tuning.cc bandwidth factors across machines, relative to Simple: ring LL busBw × 1/4, LL128 × 0.92
// ("120.0/128.0"); tree LL × 1/3.8, LL128 × 120/128. NVLS, NVLS tree and CollNet run Simple only.
constexpr double kRingBandwidth[3] = {1.0 / 4.0, 0.92, 1.0};
constexpr double kTreeBandwidth[3] = {1.0 / 3.8, 120.0 / 128.0, 1.0};

int log2i(int n)
{
    int l = 0;
    while (n >>= 1)
        ++l;
    return l;
}

} // namespace

void ProtocolShape::add(const AlgorithmGroup& g)
{
    n = std::max(n, g.n);
    H = std::max(H, g.H);
    for (const HostGroup& h : g.hosts)
        k = std::max(k, int(h.gpus.size()));
}

void protocolModel(CommModel::Plan& plan, CollectiveOp op, const ProtocolShape& shape)
{
    if (shape.H < 2 || shape.n < 2)
        return;
    const int n = shape.n;
    const int H = shape.H;
    const int k = std::max(shape.k, 1);
    plan.protocols = true;
    plan.protocolAlpha = {};
    plan.protocolBandwidth = {};
    const auto set = [&plan](int p, double latency_us, double bandwidth) {
        plan.protocolAlpha[std::size_t(p)] = latency_us * us;
        plan.protocolBandwidth[std::size_t(p)] = bandwidth;
    };
    switch (plan.algorithm) {
    case CollectiveAlgorithm::Tree:
        // 2 × ((k-1) intra steps + log2(H) network steps): up the chain and the tree, then down.
        for (int p : {LL, LL128, Simple})
            set(p, kTreeBase[p] + 2 * ((k - 1) * kTreeIntra[p] + log2i(H) * kTreeNet[p]), kTreeBandwidth[p]);
        return;
    case CollectiveAlgorithm::NvlsTree:
        set(Simple, kNvlsTreeIntra + 2 * log2i(H) * kNvlsTreeNet, 1.0);
        return;
    case CollectiveAlgorithm::CollNet:
        set(Simple, 2 * (k - 1) * kCollNetIntra + kCollNetNet, 1.0);
        return;
    default:
        break;
    }
    // Rings (and the hierarchical and direct plans, priced as rings): NCCL's nsteps, of which nInterSteps
    // cross the network (all-reduce 2(n-1) and 2H; all-gather, reduce-scatter n-1 and H-1; others n and H).
    const bool allReduce = op == CollectiveOp::AllReduce;
    const bool gather = op == CollectiveOp::AllGather || op == CollectiveOp::ReduceScatter;
    const int steps = allReduce ? 2 * (n - 1) : gather ? n - 1 : n;
    const int netSteps = std::min(steps, allReduce ? 2 * H : gather ? H - 1 : H);
    for (int p : {LL, LL128, Simple}) {
        const double intra = std::max(kRingIntra[p], kNetOverhead[p]);
        set(p, kRingBase[p] + (steps - netSteps) * intra + netSteps * kRingNet[p], kRingBandwidth[p]);
    }
}

} // namespace ss
