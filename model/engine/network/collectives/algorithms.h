// SPDX-License-Identifier: GPL-3.0-or-later
// The collective algorithms, one unit each (ring.cpp, tree.cpp, hierarchical.cpp, direct.cpp, nvls.cpp).
// A plan function adds one group's flows to the plan's phases (planbuilder.h); CommModel::makePlan()
// (dispatch.cpp) calls it for every group of the collective and sums the phases. False: the algorithm
// cannot run the collective on that group, the plan's error says why.
// A bound function adds one group's share to CommModel::lowerBound()'s tally: what the algorithm sends out
// of every machine (and GPU) per byte of size and its latency steps across machines. False: no bound.
#pragma once

#include "planbuilder.h"

#include <cstddef>
#include <vector>

namespace ss {

bool ringPlan(PlanBuilder& b, CollectiveOp op, const AlgorithmGroup& g);
bool treePlan(PlanBuilder& b, CollectiveOp op, const AlgorithmGroup& g);
bool hierarchicalPlan(PlanBuilder& b, CollectiveOp op, const AlgorithmGroup& g);
bool directPlan(PlanBuilder& b, CollectiveOp op, const AlgorithmGroup& g);
bool nvlsPlan(PlanBuilder& b, CollectiveOp op, const AlgorithmGroup& g);
bool nvlsTreePlan(PlanBuilder& b, CollectiveOp op, const AlgorithmGroup& g);
bool collNetPlan(PlanBuilder& b, CollectiveOp op, const AlgorithmGroup& g);

// The share of the NVSwitch ports' effective rate an NVLS all-reduce gets (each GPU pushes its buffer to
// the switch and reads the result back), by NVLink generation of the ports (nvls.cpp).
// NVLink 4 (nvlink4, nvswitch3): 275/370. H100: "On 8 GPUs, you should reach a peak busBw of ~480GB/s
// (algbw ~275GB/s)" (S. Jeaugey, NVIDIA/nccl-tests#212) against 370 GB/s of effective NVLink per GPU;
// H800 with 8 NVLink 4 links per GPU (~164 GB/s effective): NVLS busbw 215 GB/s (NVIDIA/nccl#1374),
// algbw 123, 0.75 of it: the same factor.
// NVLink 5 (nvlink5, nvswitch4; 18 links of 50 GB/s at 40.1/50, ~722 GB/s effective per GPU): 0.62, the
// geometric mean of two published runs: 8 B200, busbw "830+" GB/s (NVIDIA/nccl#1807), algbw 474, 0.66;
// a GB200 NVL72 rack of 72 GPUs, busbw 835 GB/s at 8 GiB (coreweave/nccl-tests#43), algbw 423, 0.59.
constexpr double kNvlsEfficiencyNvlink4 = 275.0 / 370.0;
constexpr double kNvlsEfficiencyNvlink5 = 0.622;
// The factor for the NVLink generation of GPUS' ports into NVSWITCH (the least, for mixed ports).
double nvlsEfficiency(const TopologyGraph& graph, const std::vector<int>& gpus, int nvswitch);

// NCCL's double binary tree over COUNT positions (ncclGetDtree, tree.cpp): the parent of every position in
// each of the two trees (-1: the root); and the depth of one tree.
std::vector<std::vector<int>> doubleBinaryTree(int count);
int treeDepth(int count);

// What NCCL's protocol model needs to know of a plan's groups (protocol.cpp): the largest group's ranks,
// machines and GPUs per machine; and (networkShape()) the network a group has and its GPUs' generation.
struct ProtocolShape
{
    int n = 0;
    int H = 0;
    int k = 0;
    // The least, over the groups' machines, effective bandwidth per direction of the NICs the group's GPUs
    // leave the machine by (a NIC that several groups leave by split among them); the least line rate of
    // one of those NICs; the least NVLink generation of the groups' GPUs (0: none, as NCCL's minCompCap).
    double netBandwidth = 0;
    double nicRate = 0;
    int nvlink = 0;
    void add(const AlgorithmGroup& g);
};
void networkShape(ProtocolShape& shape, const TopologyGraph& graph, Router& router,
                  const std::vector<std::vector<int>>& groups);
// Sets PLAN's protocols (CommModel::Plan::protocolAlpha, protocolBandwidth) when its groups span
// machines, after NCCL's tuning model (src/graph/tuning.cc); leaves plans inside one machine alone.
void protocolModel(CommModel::Plan& plan, CollectiveOp op, const ProtocolShape& shape);
// NCCL's correction of its tree's bandwidth for protocol P (0 LL, 1 LL128, 2 Simple) at BYTES: below 1 at
// medium sizes, 1 from 256 MiB (tuning.cc treeCorrectionFactor).
double treeCorrectionFactor(int p, double bytes);
// NCCL's price of its tree across machines, Simple (the fastest protocol): an upper bound on the tree
// plan's algorithm bandwidth (lowerBound()); 0 when the shape has no network.
double ncclTreeBandwidth(const ProtocolShape& shape);

// Per byte of size: the bytes out of each machine and (hierarchical) of each GPU, and the phase across
// machines' latency, summed over the groups of one collective.
struct BoundTally
{
    std::vector<double> hostOut; // by host
    std::vector<double> gpuOut;  // by device; empty until an algorithm needs it
    std::size_t devices = 0;     // the size gpuOut takes
    double alphaNet = 0;         // steps × the least route latency of the phase across machines
    double intraRepeat = 1;      // hierarchical: the phase inside the machines runs this often
};

// What one collective() call works out once for its groups and shares between the lower bounds and the
// plans it builds: each group's machines and the groups' network shape (CommModel::m_memo). GROUPS is set
// only while the call runs.
// The GPUs of every group together.
inline std::size_t rankCount(const std::vector<std::vector<int>>& groups)
{
    std::size_t n = 0;
    for (const std::vector<int>& g : groups)
        n += g.size();
    return n;
}
// The most GPUs, all groups together, whose groups' machines a call keeps (CallMemo::keepHosts).
constexpr std::size_t kHostsKeptRanks = std::size_t(1) << 19;
struct CallMemo
{
    const std::vector<std::vector<int>>* groups = nullptr;
    std::vector<std::vector<HostGroup>> hosts; // by group
    std::vector<char> hostsDone;
    // Whether HOSTS keeps each group's machines for the call: not past kHostsKeptRanks GPUs, where a vector
    // per machine and group (at 1,048,576 GPUs a million, 67 MB) would be held while the plans are built;
    // each user then splits its group again.
    bool keepHosts = true;
    bool shapeDone = false;
    ProtocolShape shape; // networkShape()'s fields
};

bool ringBound(BoundTally& t, CollectiveOp op, const AlgorithmGroup& g);
bool treeBound(BoundTally& t, CollectiveOp op, const AlgorithmGroup& g);
bool hierarchicalBound(BoundTally& t, CollectiveOp op, const AlgorithmGroup& g);

} // namespace ss
