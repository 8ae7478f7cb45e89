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

// NVLS all-reduce on H100: "On 8 GPUs, you should reach a peak busBw of ~480GB/s (algbw ~275GB/s)"
// (S. Jeaugey, NVIDIA/nccl-tests#212) against 370 GB/s of effective NVLink bandwidth per direction: the
// switch's multimem reduction delivers 275/370 of the port rate.
constexpr double kNvlsEfficiency = 275.0 / 370.0;

// NCCL's double binary tree over COUNT positions (ncclGetDtree, tree.cpp): the parent of every position in
// each of the two trees (-1: the root); and the depth of one tree.
std::vector<std::vector<int>> doubleBinaryTree(int count);
int treeDepth(int count);

// What NCCL's protocol model needs to know of a plan's groups (protocol.cpp): the largest group's ranks,
// machines and GPUs per machine.
struct ProtocolShape
{
    int n = 0;
    int H = 0;
    int k = 0;
    void add(const AlgorithmGroup& g);
};
// Sets PLAN's protocols (CommModel::Plan::protocolAlpha, protocolBandwidth) when its groups span
// machines, after NCCL's tuning model (src/graph/tuning.cc); leaves plans inside one machine alone.
void protocolModel(CommModel::Plan& plan, CollectiveOp op, const ProtocolShape& shape);

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

bool ringBound(BoundTally& t, CollectiveOp op, const AlgorithmGroup& g);
bool treeBound(BoundTally& t, CollectiveOp op, const AlgorithmGroup& g);
bool hierarchicalBound(BoundTally& t, CollectiveOp op, const AlgorithmGroup& g);

} // namespace ss
