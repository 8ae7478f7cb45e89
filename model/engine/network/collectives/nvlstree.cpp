// SPDX-License-Identifier: GPL-3.0-or-later
// NVLS tree: NCCL's NVLS_TREE all-reduce across machines (NCCL 2.18+, src/device/all_reduce.h,
// runTreeSplit on NVLS): inside every machine the GPUs reduce through the NVLink SHARP switch, each GPU
// then carries 1/k of the reduced buffer over its NIC in a double binary tree across the machines (the
// GPUs of one local position form one tree pair, as NCCL's NVLS heads do), and the switch multicasts the
// result back. NCCL pipelines the parts on different channels, so they form one phase here: the busiest
// link sets the time.
#include "algorithms.h"

#include <algorithm>

namespace ss {

bool nvlsTreePlan(PlanBuilder& b, CollectiveOp op, const AlgorithmGroup& g)
{
    if (op != CollectiveOp::AllReduce)
        return b.fail(std::string("the nvlstree algorithm does not implement ") + collectiveOpName(op));
    if (g.H < 2)
        return b.fail("the nvlstree algorithm runs across machines; inside one use nvls");
    const std::size_t k = g.hosts.front().gpus.size();
    std::vector<int> switches;
    for (const HostGroup& h : g.hosts) {
        int sw = -1;
        if (h.gpus.size() != k)
            return b.fail("the nvlstree algorithm needs the same number of GPUs on every machine");
        if (!b.nvlsSwitch(h.gpus, sw))
            return b.fail("the nvlstree algorithm needs every machine's GPUs on one NVLink SHARP NVSwitch "
                          "(NVLink 4 or later)");
        switches.push_back(sw);
    }
    PlanBuilder::Phase& ph = b.phase(0);
    ph.factor = 1;
    for (std::size_t h = 0; h < g.hosts.size(); ++h)
        ph.factor = std::min(ph.factor, nvlsEfficiency(b.graph(), g.hosts[h].gpus, switches[h]));
    const double kk = double(k);
    double intraLatency = 0;
    double netLatency = 0;
    // Through the switch: each GPU pushes its buffer and receives the result (as nvls), and also writes the
    // tree's result for its 1/k back to the switch and reads its reduced 1/k for the tree: 1 + 1/k each way.
    for (std::size_t h = 0; h < g.hosts.size(); ++h) {
        for (int d : g.hosts[h].gpus) {
            b.flow(ph, d, switches[h], g.w * (1 + 1 / kk), intraLatency);
            b.flow(ph, switches[h], d, g.w * (1 + 1 / kk), intraLatency);
        }
    }
    // Across machines: local position j's GPUs run both trees on 1/k of the buffer, half each, up and down.
    const auto trees = doubleBinaryTree(g.H);
    const double v = g.w / (2 * kk);
    for (std::size_t j = 0; j < k; ++j) {
        for (const auto& parents : trees) {
            for (int p = 0; p < g.H; ++p) {
                const int parent = parents[std::size_t(p)];
                if (parent < 0)
                    continue;
                const int child = g.hosts[std::size_t(p)].gpus[j];
                const int up = g.hosts[std::size_t(parent)].gpus[j];
                b.flow(ph, child, up, v, netLatency);
                b.flow(ph, up, child, v, netLatency);
            }
        }
        if (g.first && j == 0) {
            std::vector<int> position;
            for (const HostGroup& h : g.hosts)
                position.push_back(h.gpus[j]);
            b.plan().rings.push_back(std::move(position));
        }
    }
    ph.alpha = std::max(ph.alpha, 2 * intraLatency + 2 * treeDepth(g.H) * netLatency);
    ph.volume = 1 + 1 / kk;
    return true;
}

} // namespace ss

namespace ss {

bool CommModel::nvlsTreeApplies(const std::vector<std::vector<int>>& groups)
{
    for (std::size_t gi = 0; gi < groups.size(); ++gi) {
        if (groups[gi].size() < 2)
            continue;
        std::vector<HostGroup> scratch;
        const std::vector<HostGroup>& hosts = groupHosts(groups, gi, scratch);
        for (const HostGroup& h : hosts) {
            int sw = -1;
            if (h.gpus.size() != hosts.front().gpus.size() || !nvlsSwitch(h.gpus, sw))
                return false;
        }
    }
    return true;
}

} // namespace ss
