// SPDX-License-Identifier: GPL-3.0-or-later
// NCCL's tree all-reduce: a chain inside each machine and a double binary tree across machines
// (Sanders, Speck and Träff, "Two-tree algorithms for full bandwidth broadcast, reduction and scan",
// Parallel Computing 2009; NCCL 2.4's ncclGetDtree). Each of the two trees reduces half of the buffer up
// and broadcasts it down, so every tree link carries the buffer once each way.
#include "algorithms.h"

#include <map>

namespace ss {

namespace {

// NCCL's double binary tree over P positions (ncclGetDtree): tree 0 is a balanced in-order tree; tree 1
// mirrors it when P is even and shifts it by one when P is odd, so a leaf of one is an inner node of the
// other.
void binaryTree(int lo, int hi, int parent, std::vector<int>& parents)
{
    if (lo > hi)
        return;
    const int mid = (lo + hi) / 2;
    parents[std::size_t(mid)] = parent;
    binaryTree(lo, mid - 1, mid, parents);
    binaryTree(mid + 1, hi, mid, parents);
}

} // namespace

std::vector<std::vector<int>> doubleBinaryTree(int count)
{
    std::vector<int> first(std::size_t(count), -1);
    binaryTree(0, count - 1, -1, first);
    std::vector<int> second(std::size_t(count), -1);
    for (int p = 0; p < count; ++p) {
        const int parent = first[std::size_t(p)];
        if (count % 2 == 0)
            second[std::size_t(count - 1 - p)] = parent < 0 ? -1 : count - 1 - parent;
        else
            second[std::size_t((p + 1) % count)] = parent < 0 ? -1 : (parent + 1) % count;
    }
    return {first, second};
}

int treeDepth(int count)
{
    int depth = 0;
    while ((1 << depth) < count + 1)
        ++depth;
    return depth;
}

namespace {

// The machines of G grouped by template and local GPUs (so by chain): CLASS_OF per machine, the hosts of
// each class and the first machine's chain of each class; every machine's own chain into CHAINS. False
// when a machine's GPUs have no chain.
struct ChainClasses
{
    std::vector<int> classOf;
    std::vector<std::vector<int>> hosts;
    std::vector<std::vector<int>> chain;  // devices of the class's first machine
    std::vector<std::vector<int>> chains; // per machine
};

bool chainClasses(PlanBuilder& b, const AlgorithmGroup& g, ChainClasses& out)
{
    const TopologyGraph& graph = b.graph();
    const auto& devices = graph.devices();
    std::map<std::vector<int>, int> index;
    std::vector<int> key;
    for (const HostGroup& h : g.hosts) {
        key.assign(1, graph.hostTemplate(h.host));
        for (int d : h.gpus)
            key.push_back(devices[std::size_t(d)].local);
        const auto [it, fresh] = index.emplace(key, int(out.hosts.size()));
        if (fresh) {
            std::vector<int> chain;
            if (!b.machineChain(h.gpus, chain))
                return false;
            out.hosts.emplace_back();
            out.chain.push_back(std::move(chain));
        }
        const int c = it->second;
        out.classOf.push_back(c);
        out.hosts[std::size_t(c)].push_back(h.host);
        std::vector<int>& own = out.chains.emplace_back(out.chain[std::size_t(c)]);
        if (h.host != out.hosts[std::size_t(c)].front()) {
            const auto& local = graph.hostDevices(h.host);
            for (int& d : own)
                d = local[std::size_t(devices[std::size_t(d)].local)];
        }
    }
    return true;
}

} // namespace

bool treePlan(PlanBuilder& b, CollectiveOp op, const AlgorithmGroup& g)
{
    // Machine heads rotate over the chain so that the trees' traffic spreads over the NICs.
    if (op != CollectiveOp::AllReduce)
        return b.fail(std::string("the tree algorithm does not implement ") + collectiveOpName(op));
    const int H = g.H;
    ChainClasses cc;
    if (!chainClasses(b, g, cc))
        return b.fail("no chain through the GPUs of a machine: some are not connected");
    std::size_t k = 1;
    for (const HostGroup& h : g.hosts)
        k = std::max(k, h.gpus.size());
    const std::size_t rotations = std::min<std::size_t>(k, kMaxChannels / 2);
    const auto trees = doubleBinaryTree(H);
    double intraLatency = 0;
    double netLatency = 0;
    PlanBuilder::Phase& ph = b.phase(0);
    std::vector<int> classes;
    for (const auto& hosts : cc.hosts)
        classes.push_back(b.hostClass(ph, hosts));
    std::vector<int> heads(static_cast<std::size_t>(H));
    for (std::size_t c = 0; c < rotations; ++c) {
        const double v = g.w / (2.0 * double(rotations));
        // Both trees use the same chains inside the machines: their flows are added once, doubled; the
        // machines of a class run the same chain, added once for all of them.
        for (std::size_t m = 0; m < classes.size(); ++m) {
            // The chain started at its (c mod n)-th GPU.
            const std::vector<int>& base = cc.chain[m];
            const std::size_t n = base.size(), start = c % n;
            const auto at = [&](std::size_t i) { return base[(start + i) % n]; };
            for (std::size_t i = 0; i + 1 < n; ++i) {
                b.localFlow(ph, classes[m], at(i + 1), at(i), 2 * v, intraLatency); // reduce toward the head
                b.localFlow(ph, classes[m], at(i), at(i + 1), 2 * v, intraLatency); // broadcast away from it
            }
        }
        for (int p = 0; p < H; ++p) {
            const std::vector<int>& base = cc.chains[std::size_t(p)];
            const std::size_t start = c % base.size();
            heads[std::size_t(p)] = base[start];
            if (g.first)
                b.plan().rings.push_back(rotated(base, start));
        }
        for (int t = 0; t < 2; ++t) {
            for (int p = 0; p < H; ++p) {
                const int parent = trees[std::size_t(t)][std::size_t(p)];
                if (parent < 0)
                    continue;
                b.flow(ph, heads[std::size_t(p)], heads[std::size_t(parent)], v, netLatency);
                b.flow(ph, heads[std::size_t(parent)], heads[std::size_t(p)], v, netLatency);
            }
        }
    }
    ph.alpha = std::max(ph.alpha, 2 * (double(k - 1) * intraLatency + treeDepth(H) * netLatency));
    ph.volume = 1; // each chain and tree link carries the buffer once each way
    return true;
}

bool treeBound(BoundTally& t, CollectiveOp op, const AlgorithmGroup& g)
{
    // Each of the two trees moves half the buffer up to every parent and down to every child.
    if (op != CollectiveOp::AllReduce)
        return false;
    const int H = g.H;
    const auto trees = doubleBinaryTree(H);
    std::vector<int> degree(std::size_t(H), 0);
    for (const auto& parents : trees)
        for (int p = 0; p < H; ++p)
            if (parents[std::size_t(p)] >= 0) {
                ++degree[std::size_t(p)];
                ++degree[std::size_t(parents[std::size_t(p)])];
            }
    for (int p = 0; p < H; ++p)
        t.hostOut[std::size_t(g.hosts[std::size_t(p)].host)] += g.w / 2 * degree[std::size_t(p)];
    t.alphaNet = std::max(t.alphaNet, 2 * treeDepth(H) * g.route);
    return true;
}

} // namespace ss
