// SPDX-License-Identifier: GPL-3.0-or-later
// Choosing and building by algorithm: makePlan() hands every group of a collective to its algorithm's unit
// (algorithms.h), lowerBound() asks the same units for their bounds, and auto picks among the algorithms
// that apply the fastest plan, building only those whose bound can still win.
#include "algorithms.h"

#include <cmath>
#include <limits>

namespace ss {

namespace {

constexpr double kInf = std::numeric_limits<double>::infinity();

// Group GI of a collective as its algorithm sees it, on its machines HOSTS; makePlan() adds its place and
// root, lowerBound() its least route latency.
AlgorithmGroup algorithmGroup(const std::vector<std::vector<int>>& groups, const std::vector<double>& scale,
                              std::size_t gi, const std::vector<HostGroup>& hosts)
{
    return {.gpus = groups[gi],
            .w = scale.empty() ? 1.0 : scale[gi],
            .n = int(groups[gi].size()),
            .hosts = hosts,
            .H = int(hosts.size())};
}

bool planGroup(PlanBuilder& b, CollectiveOp op, CollectiveAlgorithm algorithm, const AlgorithmGroup& g)
{
    switch (algorithm) {
    case CollectiveAlgorithm::Auto:
        return b.fail("internal: auto has no plan of its own");
    case CollectiveAlgorithm::Ring:
        return ringPlan(b, op, g);
    case CollectiveAlgorithm::Tree:
        return treePlan(b, op, g);
    case CollectiveAlgorithm::Hierarchical:
        return hierarchicalPlan(b, op, g);
    case CollectiveAlgorithm::Direct:
        return directPlan(b, op, g);
    case CollectiveAlgorithm::Nvls:
        return nvlsPlan(b, op, g);
    case CollectiveAlgorithm::NvlsTree:
        return nvlsTreePlan(b, op, g);
    case CollectiveAlgorithm::CollNet:
        return collNetPlan(b, op, g);
    }
    return true;
}

bool boundGroup(BoundTally& t, CollectiveOp op, CollectiveAlgorithm algorithm, const AlgorithmGroup& g)
{
    switch (algorithm) {
    case CollectiveAlgorithm::Ring:
        return ringBound(t, op, g);
    case CollectiveAlgorithm::Tree:
        return treeBound(t, op, g);
    case CollectiveAlgorithm::Hierarchical:
        return hierarchicalBound(t, op, g);
    default:
        return false;
    }
}

// Per host, the effective bandwidth per direction of the edges that leave it (into HOST_OUT); returns the
// least latency of the network part of a route between two machines.
double networkEdges(const TopologyGraph& graph, std::vector<double>& hostOut)
{
    const auto& devices = graph.devices();
    hostOut.assign(std::size_t(graph.hostCount()), 0.0);
    double least = kInf;
    bool viaSwitch = true;
    graph.forEachEdge([&](int, const Edge& e) {
        // An edge off the network joins two devices of one machine (machines are what such edges join).
        if (!e.network)
            return;
        const int ha = devices[std::size_t(e.a)].host;
        const int hb = devices[std::size_t(e.b)].host;
        if (ha == hb)
            return;
        if (ha >= 0)
            hostOut[std::size_t(ha)] += e.effective;
        if (hb >= 0)
            hostOut[std::size_t(hb)] += e.effective;
        if (ha >= 0 || hb >= 0) {
            least = std::min(least, e.latency_s);
            viaSwitch = viaSwitch && (ha < 0 || hb < 0);
        }
    });
    return std::isfinite(least) ? (viaSwitch ? 2 : 1) * least : 0;
}

// The least first (last) hop of a GPU of GROUP that is not on the network itself.
double leastEndHop(const TopologyGraph& graph, const std::vector<int>& group)
{
    double ends = kInf;
    for (int d : group) {
        double first = graph.isPort(d) ? 0.0 : kInf;
        for (const TopologyGraph::Arc& a : graph.arcsFrom(d))
            first = std::min(first, graph.edge(arcEdge(a.arc)).latency_s);
        ends = std::min(ends, std::isfinite(first) ? first : 0.0);
    }
    return ends;
}

// The tally's bound for BYTES: its latency plus the busiest machine's (and GPU's) bytes over what their
// edges carry; 0 when a machine or GPU that must send has no way out.
double boundTime(const TopologyGraph& graph, const BoundTally& t, const std::vector<double>& hostCapacity,
                 double bytes)
{
    double beta = 0;
    for (std::size_t h = 0; h < t.hostOut.size(); ++h) {
        if (!(t.hostOut[h] > 0))
            continue;
        if (!(hostCapacity[h] > 0))
            return 0; // no way out of the machine: the plan fails
        beta = std::max(beta, t.hostOut[h] / hostCapacity[h]);
    }
    double intra = 0;
    for (std::size_t d = 0; d < t.gpuOut.size(); ++d) {
        if (!(t.gpuOut[d] > 0))
            continue;
        double capacity = 0;
        for (const TopologyGraph::Arc& a : graph.arcsFrom(int(d)))
            capacity += graph.edge(arcEdge(a.arc)).effective;
        if (!(capacity > 0))
            return 0;
        intra = std::max(intra, t.gpuOut[d] / capacity);
    }
    return t.alphaNet + (beta + t.intraRepeat * intra) * bytes;
}

} // namespace

const std::vector<HostGroup>& CommModel::groupHosts(const std::vector<std::vector<int>>& groups,
                                                    std::size_t gi, std::vector<HostGroup>& scratch)
{
    if (!m_memo || m_memo->groups != &groups || !m_memo->keepHosts) {
        scratch = splitByHost(*m_graph, groups[gi]);
        return scratch;
    }
    if (m_memo->hosts.size() != groups.size()) {
        m_memo->hosts.assign(groups.size(), {});
        m_memo->hostsDone.assign(groups.size(), 0);
    }
    if (!m_memo->hostsDone[gi]) {
        m_memo->hosts[gi] = splitByHost(*m_graph, groups[gi]);
        m_memo->hostsDone[gi] = 1;
    }
    return m_memo->hosts[gi];
}

void CommModel::groupsNetwork(const std::vector<std::vector<int>>& groups, ProtocolShape& shape)
{
    if (!m_memo || m_memo->groups != &groups) {
        networkShape(shape, *m_graph, *m_router, groups);
        return;
    }
    if (!m_memo->shapeDone) {
        networkShape(m_memo->shape, *m_graph, *m_router, groups);
        m_memo->shapeDone = true;
    }
    shape.netBandwidth = m_memo->shape.netBandwidth;
    shape.nicRate = m_memo->shape.nicRate;
    shape.nvlink = m_memo->shape.nvlink;
}

namespace {

// Whether every group of two or more GPUs lies inside a machine of its own, all of one template and each
// group on the same local GPUs in the same order, moving the same share (tensor parallelism inside the
// nodes); their machines, in group order, into HOSTS.
bool alikeMachines(const TopologyGraph& graph, const std::vector<std::vector<int>>& groups,
                   const std::vector<double>& scale, std::vector<int>& hosts)
{
    hosts.clear();
    const auto& devices = graph.devices();
    const std::vector<int>* first = nullptr;
    std::vector<char> taken;
    for (std::size_t gi = 0; gi < groups.size(); ++gi) {
        const std::vector<int>& g = groups[gi];
        if (g.size() < 2)
            continue;
        if (!scale.empty() && scale[gi] != scale.front())
            return false;
        const int host = devices[std::size_t(g.front())].host;
        if (host < 0)
            return false;
        if (taken.empty())
            taken.assign(std::size_t(graph.hostCount()), 0);
        if (taken[std::size_t(host)] ||
            (first &&
             graph.hostTemplate(host) != graph.hostTemplate(devices[std::size_t(first->front())].host)))
            return false;
        taken[std::size_t(host)] = 1;
        if (first && first->size() != g.size())
            return false;
        for (std::size_t i = 0; i < g.size(); ++i) {
            const Device& d = devices[std::size_t(g[i])];
            if (d.host != host || (first && d.local != devices[std::size_t((*first)[i])].local))
                return false;
        }
        if (!first)
            first = &g;
        hosts.push_back(host);
    }
    return hosts.size() >= 2;
}

} // namespace

CommModel::Plan CommModel::makePlan(CollectiveOp op, CollectiveAlgorithm alg,
                                    const std::vector<std::vector<int>>& groups,
                                    const std::vector<double>& scale, int root)
{
    Plan plan;
    plan.algorithm = alg;
    PlanBuilder b(*this, plan);
    ProtocolShape shape;
    // Rings inside machines that all run alike: the first group's flows stand for every machine's.
    std::vector<int> alike;
    const bool once = alg == CollectiveAlgorithm::Ring && alikeMachines(*m_graph, groups, scale, alike);
    if (once)
        b.alikeMachines(std::move(alike));
    b.expectRanks(once ? 0 : rankCount(groups));
    bool planned = false;
    for (std::size_t gi = 0; gi < groups.size(); ++gi) {
        if (groups[gi].size() < 2)
            continue;
        std::vector<HostGroup> scratch;
        AlgorithmGroup g = algorithmGroup(groups, scale, gi, groupHosts(groups, gi, scratch));
        g.first = gi == 0;
        g.rootDevice = g.gpus[std::size_t(std::clamp(root, 0, g.n - 1))];
        if (!(once && planned) && !planGroup(b, op, alg, g))
            return plan;
        planned = true;
        shape.add(g);
    }
    if (b.finish()) {
        if (shape.H >= 2)
            groupsNetwork(groups, shape);
        protocolModel(plan, op, shape);
        settleLoads(b, plan);
    }
    return plan;
}

// Without link loads nothing reads a plan's loads. With them, a candidate of fastestPlan() slower than the
// fastest one built so far is not chosen for the call's size: its loads are not listed (over millions of
// devices a list is 100 MB, and the fastest plan's is held meanwhile), and a faster one lets the fastest
// so far go before its own are listed. Either, evaluated one day, routes its loads again (HANDED_OVER, as
// evaluateCollective() does for a plan whose links went to a result).
void CommModel::settleLoads(PlanBuilder& b, Plan& plan)
{
    if (!m_linkLoads) {
        b.dropLoads();
        return;
    }
    if (m_beat.bytes >= 0 && m_beat.time < kInf) {
        const double t = plan.time(m_beat.bytes);
        if (t > m_beat.time * (1 + kNotChosen)) {
            b.dropLoads();
            plan.handedOver = true;
            return;
        }
        if (m_beat.plan && m_beat.time > t * (1 + kNotChosen) && !m_beat.plan->spread &&
            !m_beat.plan->loads.empty()) {
            giveLoads(std::move(m_beat.plan->loads));
            m_beat.plan->loads = {};
            m_beat.plan->handedOver = true;
        }
    }
    b.keepLoads();
}

double CommModel::lowerBound(CollectiveOp op, CollectiveAlgorithm algorithm,
                             const std::vector<std::vector<int>>& groups, const std::vector<double>& scale,
                             double bytes)
{
    // A plan's time is Σ over its phases of (steps × the slowest step's route latency + the busiest arc's
    // bytes / its effective bandwidth). Two facts bound it from below without routing a flow:
    // - bytes that leave a machine cross the edges that join it to the rest (machines are the components
    //   without network edges), so the busiest of them carries at least its share of what the algorithm
    //   sends out of the machine: out(h) / Σ effective(h). Inside a machine the same holds for a GPU's edges.
    // - a route between two machines takes at least one network edge (two when every network edge ends at a
    //   switch: one out of the source machine, one into the target), plus a first and a last hop when the GPU
    //   is not itself on the network.
    if (m_netLatency < 0)
        m_netLatency = networkEdges(*m_graph, m_hostOut);
    BoundTally t;
    t.hostOut.assign(m_hostOut.size(), 0.0);
    t.devices = m_graph->devices().size();
    ProtocolShape shape;
    for (std::size_t gi = 0; gi < groups.size(); ++gi) {
        if (groups[gi].size() < 2)
            continue;
        // The machines in the order makePlan() places them (the trees' positions).
        std::vector<HostGroup> scratch;
        AlgorithmGroup g = algorithmGroup(groups, scale, gi, groupHosts(groups, gi, scratch));
        if (g.H < 2)
            continue; // inside one machine: no bound (and nothing to prune)
        g.route = 2 * leastEndHop(*m_graph, g.gpus) + m_netLatency;
        if (!boundGroup(t, op, algorithm, g))
            return 0;
        shape.add(g);
    }
    const double bound = boundTime(*m_graph, t, m_hostOut, bytes);
    // The tree's protocols never beat NCCL's price of its tree (protocol.cpp).
    if (algorithm != CollectiveAlgorithm::Tree || shape.H < 2 || !(bound > 0))
        return bound;
    groupsNetwork(groups, shape);
    const double ceiling = ncclTreeBandwidth(shape);
    return ceiling > 0 ? std::max(bound, bytes / ceiling) : bound;
}

// Auto: every algorithm that applies, in NCCL's order of preference (ties go to the earlier: the ring).
std::vector<CollectiveAlgorithm>
CommModel::autoCandidates(CollectiveOp op, const std::vector<std::vector<int>>& groups, bool& multiHost)
{
    const auto& devices = m_graph->devices();
    std::vector<CollectiveAlgorithm> candidates;
    multiHost = false;
    bool nvls = true;
    bool everyMultiHost = true;
    for (const auto& g : groups) {
        bool oneHost = true;
        for (int d : g)
            oneHost = oneHost && devices[std::size_t(d)].host == devices[std::size_t(g.front())].host;
        multiHost = multiHost || !oneHost;
        everyMultiHost = everyMultiHost && (g.size() < 2 || !oneHost);
        int sw;
        nvls = nvls && (g.size() < 2 || (oneHost && nvlsSwitch(g, sw)));
    }
    switch (op) {
    case CollectiveOp::AllReduce:
        candidates = {CollectiveAlgorithm::Ring};
        if (nvls)
            candidates.push_back(CollectiveAlgorithm::Nvls);
        if (multiHost)
            candidates.insert(candidates.end(),
                              {CollectiveAlgorithm::Tree, CollectiveAlgorithm::Hierarchical});
        // NCCL's NVLS_TREE needs NVLink SHARP in every machine; its CollNet needs NCCL_COLLNET_ENABLE and
        // the SHARP plugin, here a network whose link kinds are SHARP-capable (collectives/collnet.cpp).
        if (multiHost && everyMultiHost && nvlsTreeApplies(groups))
            candidates.push_back(CollectiveAlgorithm::NvlsTree);
        if (multiHost && everyMultiHost && collNetApplies(groups))
            candidates.push_back(CollectiveAlgorithm::CollNet);
        break;
    case CollectiveOp::AllGather:
    case CollectiveOp::ReduceScatter:
        candidates = {CollectiveAlgorithm::Ring};
        if (multiHost)
            candidates.push_back(CollectiveAlgorithm::Hierarchical);
        break;
    case CollectiveOp::Broadcast:
    case CollectiveOp::Reduce:
        candidates = {CollectiveAlgorithm::Ring};
        break;
    case CollectiveOp::AllToAll:
    case CollectiveOp::SendRecv:
        break;
    }
    // NCCL runs reductions, gathers and broadcasts on rings, trees or NVLS, never all-pairs; direct is
    // what all-to-all and send/recv are, and otherwise only on request.
    if (candidates.empty())
        candidates.push_back(CollectiveAlgorithm::Direct);
    return candidates;
}

// Plans built before are priced at once. Across machines the others are built in the order of their
// lower bounds, and one whose bound exceeds the fastest plan so far is not built at all: it cannot win
// (a plan across 128 machines costs a millisecond to build; its bound microseconds).
const CommModel::Plan* CommModel::fastestPlan(CollectiveOp op,
                                              const std::vector<CollectiveAlgorithm>& candidates,
                                              bool multiHost, const std::vector<std::vector<int>>& groups,
                                              const std::vector<double>& scale, int root, double bytes)
{
    const std::size_t count = candidates.size();
    std::vector<const Plan*> plans(count, nullptr);
    std::vector<double> bound(count, 0.0);
    std::vector<std::size_t> missing;
    double fastest = kInf;
    const Plan* fastestSoFar = nullptr;
    for (std::size_t i = 0; i < count; ++i) {
        plans[i] = cachedPlan(op, candidates[i], groups, scale, root);
        if (!plans[i])
            missing.push_back(i);
        else if (plans[i]->error.empty() && plans[i]->time(bytes) < fastest) {
            fastest = plans[i]->time(bytes);
            fastestSoFar = plans[i];
        }
    }
    if (multiHost && count > 1)
        for (std::size_t i : missing)
            bound[i] = lowerBound(op, candidates[i], groups, scale, bytes);
    std::stable_sort(missing.begin(), missing.end(),
                     [&](std::size_t a, std::size_t b) { return bound[a] < bound[b]; });
    struct Reset
    {
        Beat& beat;
        ~Reset() { beat = Beat{}; }
    } reset{m_beat};
    for (std::size_t i : missing) {
        if (bound[i] > fastest * (1 + 1e-6))
            continue;
        m_beat = Beat{fastestSoFar, fastest, bytes};
        const Plan& p = plan(op, candidates[i], groups, scale, root);
        plans[i] = &p;
        if (p.error.empty() && p.time(bytes) < fastest) {
            fastest = p.time(bytes);
            fastestSoFar = &p;
        }
    }
    // The choice among the plans built, in the candidates' order: the same as building them all.
    const Plan* best = nullptr;
    double bestTime = kInf;
    for (const Plan* p : plans) {
        if (!p || !p->error.empty())
            continue;
        const double t = p->time(bytes);
        if (t < bestTime * (1 - 1e-9)) {
            bestTime = t;
            best = p;
        }
    }
    return best;
}

} // namespace ss
