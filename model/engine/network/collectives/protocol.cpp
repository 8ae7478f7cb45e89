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

#include "linkcatalog.h"

#include <algorithm>
#include <array>
#include <cmath>
#include <limits>
#include <unordered_map>

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

// NCCL's bandwidth ceilings (tuning.cc, GB/s of bus bandwidth per channel), by GPU generation (Volta,
// Ampere, Hopper, Blackwell; NCCL's compCapIndex) and by machines (1, 2, more: NCCL's index2).
// perChMaxTreeBws, perChMaxTreeLL128Bws, perChMaxRingLL128Bws; the Blackwell rows are the later releases'
// (twice Hopper's, NVIDIA/nccl 2.23 src/graph/tuning.cc).
constexpr double kPerChMaxTree[4][3] = {
    {26.5, 18.5, 10.0}, {24.0, 23.6, 17.8}, {38.7, 41.4, 36.0}, {2 * 38.7, 2 * 41.4, 2 * 36.0}};
constexpr double kPerChMaxTreeLL128[4][3] = {
    {20.0, 20.0, 20.0}, {20.0, 20.0, 20.0}, {36.7, 36.7, 29.0}, {2 * 36.7, 2 * 36.7, 2 * 29.0}};
constexpr double kPerChMaxRingLL128[4][3] = {
    {20.0, 20.0, 20.0}, {20.0, 20.0, 20.0}, {36.7, 36.7, 36.7}, {2 * 36.7, 2 * 36.7, 2 * 36.7}};
// llMaxBws across machines (NCCL indexes it by CPU vendor there; the Intel row): LL's whole bus bandwidth.
constexpr double kLlMaxAcross[3] = {39.0, 39.0, 20.4};
// NCCL's channels across machines: its search gives a 200 Gb/s NIC one channel of 24 GB/s
// (search.cc speedArrayInter) and splits a faster NIC's channel in two of half the rate
// (ncclTopoDupChannels, at 25 GB/s or more): a channel carries at most ~24 GB/s.
constexpr double kChannelRate = 24e9;
// treeCorrectionFactor (tuning.cc): NCCL's tree bandwidth × this at 64 B × 2^i, i < 23 (LL, LL128, Simple).
constexpr float kTreeCorrection[3][23] = {
    {1.0, 1.0, 1.0, 1.0, .9, .8, .7, .7, .7, .7, .6, .5, .4, .4, .5, .6, .7, .8, .9, 1.0, 1.0, 1.0, 1.0},
    {1.0, 1.0, 1.0, 1.0, 1.0, .9, .8, .8, .8, .7, .6, .6, .6, .6, .6, .6, .8, .9, .9, .9, .9, 1.0, 1.0},
    {.9, .9, .9, .9, .9, .9, .9, .8, .7, .6, .6, .5, .5, .5, .5, .6, .7, .8, .7, .7, .8, .9, .9}};

int log2i(int n)
{
    int l = 0;
    while (n >>= 1)
        ++l;
    return l;
}

// NCCL's compCapIndex from the NVLink generation: 2 Volta, 3 Ampere, 4 Hopper, 5 Blackwell; GPUs without
// NVLink take Ampere's row.
int generationIndex(int nvlink)
{
    return nvlink >= 2 ? std::min(nvlink - 2, 3) : 1;
}

// A network port's edges out of its machine: effective bandwidth and line rate per direction.
void portBandwidth(const TopologyGraph& graph, int port, double& effective, double& rate)
{
    effective = rate = 0;
    for (const TopologyGraph::Arc& a : graph.arcsFrom(port)) {
        const Edge e = graph.edge(arcEdge(a.arc));
        if (e.network) {
            effective += e.effective;
            rate += e.capacity;
        }
    }
}

// NCCL's bus bandwidth of its ring (RING) or tree for each protocol across machines, over the NICs' B
// (tuning.cc, ncclTopoTuneModel): busBw = nChannels × bw with the per-channel ceilings above.
std::array<double, 3> ncclBusBandwidth(bool ring, const ProtocolShape& shape)
{
    const double B = shape.netBandwidth;
    const int gen = generationIndex(shape.nvlink);
    const int scale = shape.H <= 2 ? 1 : 2;
    const double channels = B / std::min(shape.nicRate > 0 ? shape.nicRate : kChannelRate, kChannelRate);
    const double llMax = kLlMaxAcross[scale] * 1e9;
    if (ring)
        return {std::min(llMax, B / 4), std::min(0.92 * B, channels * kPerChMaxRingLL128[gen][scale] * 1e9),
                B};
    const double simple = std::min(0.92 * B, channels * kPerChMaxTree[gen][scale] * 1e9);
    return {std::min(simple / 3.8, llMax),
            std::min(simple * 120.0 / 128.0, channels * kPerChMaxTreeLL128[gen][scale] * 1e9), simple};
}

} // namespace

double ncclTreeBandwidth(const ProtocolShape& shape)
{
    return shape.netBandwidth > 0 ? 0.5 * ncclBusBandwidth(false, shape)[Simple] : 0;
}

double treeCorrectionFactor(int p, double bytes)
{
    const int logSize = log2i(int(std::min(bytes / 64, 1e9)));
    return logSize < 23 ? double(kTreeCorrection[std::clamp(p, 0, 2)][logSize]) : 1.0;
}

void networkShape(ProtocolShape& shape, const TopologyGraph& graph, Router& router,
                  const std::vector<std::vector<int>>& groups)
{
    // Which ports each group leaves its machines by, and how many groups share each (by port device).
    std::vector<int> users(graph.devices().size(), 0);
    std::vector<std::vector<std::pair<int, int>>> ports(groups.size()); // (host, port), distinct
    int nvlink = 1 << 20;
    const auto& devices = graph.devices();
    std::unordered_map<std::uint64_t, int> generation; // NVLink generation by template and local index
    for (std::size_t gi = 0; gi < groups.size(); ++gi) {
        if (groups[gi].size() < 2)
            continue;
        ports[gi].reserve(groups[gi].size());
        for (int d : groups[gi]) {
            const int port = router.homePort(d);
            if (port >= 0)
                ports[gi].emplace_back(devices[std::size_t(d)].host, port);
            // The GPU of the same place in every machine of a template has the same links (topology.h).
            const Device& device = devices[std::size_t(d)];
            const std::uint64_t place =
                device.host < 0
                    ? ~std::uint64_t(d)
                    : std::uint64_t(graph.hostTemplate(device.host)) << 32 | std::uint32_t(device.local);
            const auto [it, fresh] = generation.try_emplace(place, 0);
            if (fresh)
                for (const TopologyGraph::Arc& a : graph.arcsFrom(d))
                    for (int l : graph.edgeLinks(arcEdge(a.arc)))
                        it->second = std::max(it->second, nvlinkGeneration(graph.linkKind(l)));
            nvlink = std::min(nvlink, it->second);
        }
        std::sort(ports[gi].begin(), ports[gi].end());
        ports[gi].erase(std::unique(ports[gi].begin(), ports[gi].end()), ports[gi].end());
        for (const auto& hp : ports[gi])
            ++users[std::size_t(hp.second)];
    }
    shape.nvlink = nvlink == 1 << 20 ? 0 : nvlink;
    double least = std::numeric_limits<double>::infinity();
    double rateLeast = least;
    for (const auto& list : ports) {
        for (std::size_t i = 0; i < list.size();) {
            double B = 0;
            const int host = list[i].first;
            for (; i < list.size() && list[i].first == host; ++i) {
                double effective = 0;
                double rate = 0;
                portBandwidth(graph, list[i].second, effective, rate);
                B += effective / users[std::size_t(list[i].second)];
                if (rate > 0)
                    rateLeast = std::min(rateLeast, rate);
            }
            least = std::min(least, B);
        }
    }
    shape.netBandwidth = std::isfinite(least) ? least : 0;
    shape.nicRate = std::isfinite(rateLeast) ? rateLeast : 0;
}

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
    // NCCL's own algorithm bandwidth for protocol P over the machines' NICs, where it is lower than the
    // plan's: the share of the plan's bandwidth NCCL gets (the plan's is 1 / beta).
    const bool capped = shape.netBandwidth > 0 && plan.beta_s > 0;
    const auto ceiling = [&](double relative, double algbw) {
        return capped ? std::min(relative, algbw * plan.beta_s) : relative;
    };
    switch (plan.algorithm) {
    case CollectiveAlgorithm::Tree: {
        // 2 × ((k-1) intra steps + log2(H) network steps): up the chain and the tree, then down. NCCL prices
        // its tree at half the bus bandwidth of its channels ("ratio .5", after × .92 and the per-channel
        // ceilings), below what a fluid double binary tree (each tree edge once each way) would reach; that
        // price is what makes NCCL run rings, not trees, on two DGX A100 at large sizes (the measured busbw
        // there is the ring's).
        const auto bus = ncclBusBandwidth(false, shape);
        for (int p : {LL, LL128, Simple})
            set(p, kTreeBase[p] + 2 * ((k - 1) * kTreeIntra[p] + log2i(H) * kTreeNet[p]),
                ceiling(kTreeBandwidth[p], 0.5 * bus[std::size_t(p)]));
        plan.treeCorrection = true;
        return;
    }
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
    // LL and LL128 have NCCL's ceilings (llMaxBws, perChMaxRingLL128Bws); Simple is the plan's.
    const auto bus = ncclBusBandwidth(true, shape);
    for (int p : {LL, LL128, Simple}) {
        const double intra = std::max(kRingIntra[p], kNetOverhead[p]);
        set(p, kRingBase[p] + (steps - netSteps) * intra + netSteps * kRingNet[p],
            p == Simple ? 1.0 : ceiling(kRingBandwidth[p], bus[std::size_t(p)] * n / steps));
    }
}

} // namespace ss
