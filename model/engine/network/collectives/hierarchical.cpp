// SPDX-License-Identifier: GPL-3.0-or-later
// The hierarchical algorithm: inside the machines first (reduce-scatter), then across them between GPUs of
// the same local position (k rings on 1/k of the data, one rail each), then inside again (all-gather); the
// hierarchical all-reduce of Jia et al., "Highly Scalable Deep Learning Training System with
// Mixed-Precision: Training ImageNet in Four Minutes", arXiv:1807.11205.
#include "algorithms.h"

namespace ss {

namespace {

// The ring pass inside every machine: a reduce-scatter or all-gather over its k GPUs.
bool intraPhase(PlanBuilder& b, PlanBuilder::Phase& ph, const AlgorithmGroup& g, std::size_t k, bool record)
{
    const double kk = double(k);
    for (std::size_t h = 0; h < g.hosts.size(); ++h)
        if (!b.ringPhase(
                ph, g, std::vector<HostGroup>{g.hosts[h]},
                {.factor = (kk - 1) / kk, .steps = int(k) - 1, .record = record && g.first && h == 0}))
            return false;
    return true;
}

// The ring passes across the machines, one per local position j, each on 1/k of the data.
bool interPhase(PlanBuilder& b, PlanBuilder::Phase& ph, const AlgorithmGroup& g, std::size_t k, double factor,
                int steps)
{
    const double kk = double(k);
    for (std::size_t j = 0; j < k; ++j) {
        std::vector<HostGroup> position;
        for (const HostGroup& h : g.hosts)
            position.push_back({h.host, {h.gpus[j]}});
        if (!b.ringPhase(ph, g, position,
                         {.factor = factor / kk, .steps = steps, .record = g.first && j == 0}))
            return false;
    }
    return true;
}

} // namespace

bool hierarchicalPlan(PlanBuilder& b, CollectiveOp op, const AlgorithmGroup& g)
{
    if (op != CollectiveOp::AllReduce && op != CollectiveOp::AllGather && op != CollectiveOp::ReduceScatter)
        return b.fail(std::string("the hierarchical algorithm does not implement ") + collectiveOpName(op));
    const int H = g.H;
    const std::size_t k = g.hosts.front().gpus.size();
    for (const HostGroup& h : g.hosts)
        if (h.gpus.size() != k)
            return b.fail("the hierarchical algorithm needs the same number of GPUs on every machine");
    if (H < 2 || k < 2)
        return b.fail("the hierarchical algorithm needs two or more machines with two or more GPUs each");
    const double hh = H;
    bool ok = true;
    if (op == CollectiveOp::AllReduce) {
        // The closing all-gather inside the machines moves exactly the flows of the opening
        // reduce-scatter, so that phase counts twice instead of being routed again.
        ok = intraPhase(b, b.phase(0), g, k, true) &&
             interPhase(b, b.phase(1), g, k, 2 * (hh - 1) / hh, 2 * (H - 1));
        b.phase(0).repeat = 2;
    } else if (op == CollectiveOp::AllGather)
        ok = interPhase(b, b.phase(0), g, k, (hh - 1) / hh, H - 1) && intraPhase(b, b.phase(1), g, k, true);
    else
        ok = intraPhase(b, b.phase(0), g, k, true) && interPhase(b, b.phase(1), g, k, (hh - 1) / hh, H - 1);
    if (!ok)
        return b.fail("no ring through the GPUs: some are not connected");
    return true;
}

bool hierarchicalBound(BoundTally& t, CollectiveOp op, const AlgorithmGroup& g)
{
    const bool allReduce = op == CollectiveOp::AllReduce;
    const int H = g.H;
    const double hh = H;
    const std::size_t k = g.hosts.front().gpus.size();
    for (const HostGroup& h : g.hosts)
        if (h.gpus.size() != k)
            return false; // the plan fails at once
    if (k < 2)
        return false;
    const double kk = double(k);
    if (t.gpuOut.empty())
        t.gpuOut.assign(t.devices, 0.0);
    for (int d : g.gpus)
        t.gpuOut[std::size_t(d)] += g.w * (kk - 1) / kk;
    for (const HostGroup& h : g.hosts)
        t.hostOut[std::size_t(h.host)] += g.w * (allReduce ? 2 * (hh - 1) / hh : (hh - 1) / hh);
    t.alphaNet = std::max(t.alphaNet, (allReduce ? 2 * (H - 1) : H - 1) * g.route);
    t.intraRepeat = allReduce ? 2 : 1;
    return true;
}

} // namespace ss
