// SPDX-License-Identifier: GPL-3.0-or-later
// The operation and algorithm names, the cost model's entry points (collective(), transfers()) and the
// evaluation of a plan for a size. The plans themselves are built by algorithm in collectives/.
#include "collective.h"

#include "collectives/algorithms.h"
#include "collectives/flowset.h"

#include <algorithm>
#include <cmath>
#include <cstring>
#include <limits>
#include <optional>

namespace ss {

namespace {

struct OpName
{
    CollectiveOp op;
    const char* name;
};
constexpr OpName kOps[] = {
    {CollectiveOp::AllReduce, "allreduce"},
    {CollectiveOp::AllGather, "allgather"},
    {CollectiveOp::ReduceScatter, "reducescatter"},
    {CollectiveOp::Broadcast, "broadcast"},
    {CollectiveOp::Reduce, "reduce"},
    {CollectiveOp::AllToAll, "alltoall"},
    {CollectiveOp::SendRecv, "sendrecv"},
};
struct AlgName
{
    CollectiveAlgorithm algorithm;
    const char* name;
};
constexpr AlgName kAlgorithms[] = {
    {CollectiveAlgorithm::Auto, "auto"},         {CollectiveAlgorithm::Ring, "ring"},
    {CollectiveAlgorithm::Tree, "tree"},         {CollectiveAlgorithm::Hierarchical, "hierarchical"},
    {CollectiveAlgorithm::Direct, "direct"},     {CollectiveAlgorithm::Nvls, "nvls"},
    {CollectiveAlgorithm::NvlsTree, "nvlstree"}, {CollectiveAlgorithm::CollNet, "collnet"},
};

// A collective's call as collective() receives it, checked: the result it returns at once, its error
// set, when the groups are not GPUs, a GPU appears twice in one group, the size is not a size or the scales
// do not match the groups. Otherwise no error, and ranks the largest group's.
CollectiveResult checkedCall(const TopologyGraph& graph, CollectiveOp op, double bytes,
                             const std::vector<std::vector<int>>& groups, CollectiveAlgorithm algorithm,
                             const std::vector<double>& scale)
{
    CollectiveResult bad;
    bad.op = op;
    bad.algorithm = algorithm;
    bad.bytes = bytes;
    bad.groups = int(groups.size());
    const auto& devices = graph.devices();
    int ranks = 0;
    std::vector<int> seen(devices.size(), -1);
    for (std::size_t g = 0; g < groups.size(); ++g) {
        ranks = std::max(ranks, int(groups[g].size()));
        for (int d : groups[g]) {
            if (d < 0 || d >= int(devices.size()) || devices[std::size_t(d)].kind != DeviceKind::Gpu) {
                bad.error = "a collective runs between GPUs";
                return bad;
            }
            if (seen[std::size_t(d)] == int(g)) {
                bad.error = "GPU " + graph.deviceId(d) + " appears twice in one group";
                return bad;
            }
            seen[std::size_t(d)] = int(g);
        }
    }
    bad.ranks = ranks;
    if (!(bytes >= 0) || !std::isfinite(bytes)) {
        bad.error = "expected a size of 0 bytes or more";
        return bad;
    }
    if (!scale.empty() && scale.size() != groups.size()) {
        bad.error = "internal: one scale per group";
        return bad;
    }
    return bad;
}

} // namespace

const char* collectiveOpName(CollectiveOp op)
{
    for (const OpName& o : kOps)
        if (o.op == op)
            return o.name;
    return "";
}

bool collectiveOpFromName(std::string_view name, CollectiveOp& out)
{
    for (const OpName& o : kOps) {
        if (name == o.name) {
            out = o.op;
            return true;
        }
    }
    return false;
}

const char* algorithmName(CollectiveAlgorithm algorithm)
{
    for (const AlgName& a : kAlgorithms)
        if (a.algorithm == algorithm)
            return a.name;
    return "";
}

bool algorithmFromName(std::string_view name, CollectiveAlgorithm& out)
{
    for (const AlgName& a : kAlgorithms) {
        if (name == a.name) {
            out = a.algorithm;
            return true;
        }
    }
    return false;
}

double busBandwidthFactor(CollectiveOp op, std::int64_t ranks)
{
    const double n = double(std::max<std::int64_t>(ranks, 1));
    switch (op) {
    case CollectiveOp::AllReduce:
        return 2 * (n - 1) / n;
    case CollectiveOp::AllGather:
    case CollectiveOp::ReduceScatter:
    case CollectiveOp::AllToAll:
        return (n - 1) / n;
    case CollectiveOp::Broadcast:
    case CollectiveOp::Reduce:
    case CollectiveOp::SendRecv:
        return 1;
    }
    return 1;
}

CommModel::CommModel() : CommModel(TopologyGraph()) {}

CommModel::CommModel(TopologyGraph graph) : CommModel(std::make_shared<const TopologyGraph>(std::move(graph)))
{
}

CommModel::CommModel(std::shared_ptr<const TopologyGraph> graph)
    : m_graph(graph ? std::move(graph) : std::make_shared<const TopologyGraph>()),
      m_router(std::make_unique<Router>(*m_graph)), m_routes(std::make_unique<RouteTable>(*m_router)),
      m_switchRoutes(std::make_unique<SwitchRoutes>())
{
}

CommModel::~CommModel() = default;
CommModel::CommModel(CommModel&&) noexcept = default;
CommModel& CommModel::operator=(CommModel&&) noexcept = default;

bool CommModel::fromTopology(const Topology& topology, CommModel& out, std::string* error)
{
    TopologyGraph g;
    if (!TopologyGraph::build(topology, g, error))
        return false;
    out = CommModel(std::move(g));
    return true;
}

const CommModel::Plan* CommModel::cachedPlan(CollectiveOp op, CollectiveAlgorithm algorithm,
                                             const std::vector<std::vector<int>>& groups,
                                             const std::vector<double>& scale, int root)
{
    std::string& k = m_keyBuffer;
    k.clear();
    const auto append = [&k](const void* data, std::size_t size) {
        k.append(static_cast<const char*>(data), size);
    };
    const int head[] = {int(op), int(algorithm), root, int(groups.size())};
    append(head, sizeof head);
    for (const auto& g : groups) {
        const int size = int(g.size());
        append(&size, sizeof size);
        append(g.data(), g.size() * sizeof(int));
    }
    append(scale.data(), scale.size() * sizeof(double));
    const auto it = m_planCache.find(k);
    return it == m_planCache.end() ? nullptr : &it->second;
}

const CommModel::Plan& CommModel::plan(CollectiveOp op, CollectiveAlgorithm algorithm,
                                       const std::vector<std::vector<int>>& groups,
                                       const std::vector<double>& scale, int root)
{
    if (const Plan* p = cachedPlan(op, algorithm, groups, scale, root))
        return *p;
    std::string key = m_keyBuffer; // makePlan reuses the buffer
    Plan p = makePlan(op, algorithm, groups, scale, root);
    if (!m_linkLoads) {
        giveLoads(std::move(p.loads)); // their memory to the next plan's
        p.loads = {};
    }
    return m_planCache.emplace(std::move(key), std::move(p)).first->second;
}

double CommModel::Plan::time(double bytes, int* protocol) const
{
    if (protocol)
        *protocol = 2;
    if (!protocols)
        return alpha_s + beta_s * bytes;
    double best = std::numeric_limits<double>::infinity();
    for (int p = 0; p < 3; ++p) {
        const double fraction =
            protocolBandwidth[std::size_t(p)] * (treeCorrection ? treeCorrectionFactor(p, bytes) : 1);
        if (!(fraction > 0))
            continue;
        const double t = alpha_s + protocolAlpha[std::size_t(p)] + beta_s * bytes / fraction;
        if (t < best) {
            best = t;
            if (protocol)
                *protocol = p;
        }
    }
    return best;
}

CollectiveResult CommModel::evaluateCollective(const Plan& plan, CollectiveOp op, double bytes,
                                               const std::vector<std::vector<int>>& groups,
                                               const std::vector<double>& scale, int root, int ranks)
{
    if (m_linkLoads && !plan.spread && plan.handedOver && plan.error.empty())
        plan.loads = makePlan(op, plan.algorithm, groups, scale, root).loads;
    return evaluate(plan, op, bytes, ranks, int(groups.size()), plan.handedOver);
}

CollectiveResult CommModel::evaluate(const Plan& plan, CollectiveOp op, double bytes, int ranks, int groups,
                                     bool keepLinks) const
{
    CollectiveResult r;
    r.op = op;
    r.algorithm = plan.algorithm;
    r.bytes = bytes;
    r.ranks = ranks;
    r.groups = groups;
    r.rings = plan.rings;
    if (!plan.error.empty()) {
        r.error = plan.error;
        return r;
    }
    int protocol = 2;
    r.time_s = plan.time(bytes, &protocol);
    r.alpha_s = plan.alpha_s + (plan.protocols ? plan.protocolAlpha[std::size_t(protocol)] : 0.0);
    r.phases = plan.phases;
    r.phase_count = plan.phase_count;
    for (int i = 0; i < r.phase_count; ++i)
        r.phases[std::size_t(i)].bytes *= bytes;
    if (r.time_s > 0 && bytes > 0) {
        r.algbw_Bps = bytes / r.time_s;
        r.busbw_Bps = r.algbw_Bps * busBandwidthFactor(op, ranks);
    }
    if (!m_linkLoads)
        return r; // no link's load, so no busiest link named (bottleneck_link -1)
    LinkLoads::PerByte perByte;
    if (!plan.spread) {
        // Spread for the result, then (KEEP_LINKS) kept with the plan too.
        auto fresh = std::make_shared<std::vector<LinkLoad>>();
        spreadLoads(plan, *fresh);
        perByte = std::move(fresh);
        if (keepLinks) {
            plan.links = perByte;
            plan.spread = true;
        } else {
            plan.handedOver = true;
        }
    } else {
        perByte = plan.links;
    }
    r.links = LinkLoads(std::move(perByte), bytes, plan.linksReversed);
    // Nothing moves at size 0: every link ties at 0 s and the first is named, as for any tie.
    r.bottleneck_link = bytes > 0 || r.links.empty() ? plan.bottleneck : r.links.front().link;
    return r;
}

void CommModel::spreadLoads(const Plan& plan, std::vector<LinkLoad>& loads) const
{
    // Arc loads onto the links of each edge, in proportion to what each link can carry; a link's shares add
    // up in arc order, the links in index order. Two passes, so that the rows are written once in place:
    // a plan over every machine of a large cluster loads a million links.
    const TopologyGraph& graph = *m_graph;
    const std::size_t links = graph.linkCount();
    constexpr int kLoaded = -3;
    std::vector<int> slot = takeSlots(links); // per link: its row, -1 between calls
    // The loaded links, listed while they are few among many (then sorted), else found by a scan of the
    // slots.
    thread_local std::vector<int> few;
    few.clear();
    const std::size_t fewMax = links / 16;
    std::size_t loaded = 0;
    for (const auto& [arc, perByte] : plan.loads) {
        for (int l : m_graph->edgeLinks(arcEdge(arc))) {
            if (slot[std::size_t(l)] == kLoaded)
                continue;
            slot[std::size_t(l)] = kLoaded;
            if (++loaded <= fewMax)
                few.push_back(l);
        }
    }
    loads.assign(loaded, LinkLoad{});
    if (loaded <= fewMax) {
        std::sort(few.begin(), few.end());
        for (std::size_t k = 0; k < loaded; ++k) {
            loads[k].link = few[k];
            slot[std::size_t(few[k])] = int(k);
        }
    } else {
        std::size_t k = 0;
        for (std::size_t l = 0; l < links; ++l) {
            if (slot[l] == kLoaded) {
                loads[k].link = int(l);
                slot[l] = int(k++);
            }
        }
    }
    for (const auto& [arc, perByte] : plan.loads) {
        const Edge e = graph.edge(arcEdge(arc));
        for (int l : graph.edgeLinks(arcEdge(arc))) {
            const Link link = graph.link(l);
            LinkLoad& ll = loads[std::size_t(slot[std::size_t(l)])];
            const double share = perByte * link.capacity() * link.efficiency / e.effective;
            const bool forward = (arc % 2 == 0) == (link.a == e.a);
            (forward ? ll.bytes_ab : ll.bytes_ba) += share;
        }
    }
    for (const LinkLoad& ll : loads)
        slot[std::size_t(ll.link)] = -1;
    giveSlots(std::move(slot));
    // The arc loads are not needed again: their memory goes to the next plan's.
    giveLoads(std::move(plan.loads));
    plan.loads = {};
    double worst = -1;
    plan.bottleneck = -1;
    for (LinkLoad& ll : loads) {
        const Link link = graph.link(ll.link);
        ll.busy_s = ll.bytes() / (link.capacity() * link.efficiency);
        if (ll.busy_s > worst) {
            worst = ll.busy_s;
            plan.bottleneck = ll.link;
        }
    }
}

CollectiveResult CommModel::collective(CollectiveOp op, double bytes, const std::vector<int>& gpus,
                                       CollectiveAlgorithm algorithm, int root)
{
    return collective(op, bytes, std::vector<std::vector<int>>{gpus}, algorithm, {}, root);
}

CollectiveResult CommModel::collective(CollectiveOp op, double bytes,
                                       const std::vector<std::vector<int>>& groups,
                                       CollectiveAlgorithm algorithm, const std::vector<double>& scale,
                                       int root)
{
    CollectiveResult checked = checkedCall(*m_graph, op, bytes, groups, algorithm, scale);
    if (!checked.ok())
        return checked;
    const int ranks = checked.ranks;
    // A long GUI session must not grow without bound; cleared here, before any plan is held, so that the
    // plans auto compares stay valid (a call adds at most four).
    if (m_planCache.size() > 256)
        m_planCache.clear();
    // The groups' machines and network shape, worked out once for the bounds and plans of this call.
    if (!m_memo)
        m_memo = std::make_unique<CallMemo>();
    m_memo->groups = &groups;
    m_memo->keepHosts = rankCount(groups) <= kHostsKeptRanks;
    struct Release
    {
        CallMemo& memo;
        ~Release()
        {
            memo.groups = nullptr;
            memo.hosts.clear();
            memo.hostsDone.clear();
            memo.shapeDone = false;
        }
    } release{*m_memo};
    if (algorithm != CollectiveAlgorithm::Auto)
        return evaluateCollective(plan(op, algorithm, groups, scale, root), op, bytes, groups, scale, root,
                                  ranks);

    // Auto: every algorithm that applies, the fastest for this size; ties go to the earlier (NCCL's ring).
    bool multiHost = false;
    const std::vector<CollectiveAlgorithm> candidates = autoCandidates(op, groups, multiHost);
    const Plan* best = fastestPlan(op, candidates, multiHost, groups, scale, root, bytes);
    if (!best)
        return evaluateCollective(plan(op, candidates.front(), groups, scale, root), op, bytes, groups, scale,
                                  root, ranks);
    return evaluateCollective(*best, op, bytes, groups, scale, root, ranks);
}

bool CommModel::transferKey(const std::vector<Transfer>& list, std::string& key)
{
    double largest = 0;
    bool uniform = !list.empty();
    for (const Transfer& t : list) {
        largest = std::max(largest, t.bytes);
        uniform = uniform && t.bytes == list.front().bytes;
    }
    if (!(uniform && largest > 0 && std::isfinite(largest)))
        return false;
    key.assign(list.size() * 2 * sizeof(int), '\0');
    char* out = key.data();
    for (const Transfer& t : list) {
        std::memcpy(out, &t.from, sizeof(int));
        std::memcpy(out + sizeof(int), &t.to, sizeof(int));
        out += 2 * sizeof(int);
    }
    return true;
}

CommModel::Plan CommModel::directPlan(std::vector<std::pair<int, double>> loads, double latency,
                                      std::string error) const
{
    Plan p;
    p.algorithm = CollectiveAlgorithm::Direct;
    p.error = std::move(error);
    p.alpha_s = latency;
    // Loads are absolute here (per byte of each copy when cached): evaluate them as a "collective" of one
    // byte (of the copies' size), then restore the size.
    p.loads = std::move(loads);
    busiestArc(p, p.loads, false);
    return p;
}

void CommModel::busiestArc(Plan& p, const std::vector<std::pair<int, double>>& loads, bool twins) const
{
    // The first busiest arc in arc order: LOADS are in arc order, and read as twins (arc ^ 1, the other
    // direction of one edge) they are in that order but for the twins of one edge, hence the index test.
    int worstArc = -1;
    double worstLoad = 0;
    for (const auto& [loaded, load] : loads) {
        const int arc = twins ? loaded ^ 1 : loaded;
        const double busy = load / m_graph->edge(arcEdge(arc)).effective;
        if (busy > p.beta_s || (busy == p.beta_s && worstArc >= 0 && arc < worstArc)) {
            p.beta_s = busy;
            worstArc = arc;
            worstLoad = load;
        }
    }
    // One phase: the longest route's latency, then the busiest link (result.h CollectivePhase).
    if (worstArc >= 0) {
        const Edge e = m_graph->edge(arcEdge(worstArc));
        p.phases[0] = {p.alpha_s, 1, 1, worstLoad, e.capacity, e.effective, 1, 1};
        p.phase_count = 1;
    }
}

CollectiveResult CommModel::evaluateTransfers(Plan p, const std::vector<Transfer>& list,
                                              const std::string* key)
{
    double largest = 0;
    for (const Transfer& t : list)
        largest = std::max(largest, t.bytes);
    const double size = key ? largest : 1.0;
    CollectiveResult r = evaluate(p, CollectiveOp::SendRecv, size, 2, int(list.size()));
    r.bytes = largest;
    r.algbw_Bps = r.time_s > 0 ? largest / r.time_s : 0;
    r.busbw_Bps = r.algbw_Bps;
    if (!m_linkLoads) {
        giveLoads(std::move(p.loads));
        p.loads = {};
    }
    if (key) {
        if (m_transferCache.size() >= 4096)
            m_transferCache.clear();
        m_transferCache.emplace(*key, std::move(p));
    }
    return r;
}

std::size_t CommModel::forgetLargeTransfers(std::size_t links)
{
    std::size_t forgotten = 0;
    for (auto it = m_transferCache.begin(); it != m_transferCache.end();) {
        if (it->second.links && it->second.links->size() > links) {
            it = m_transferCache.erase(it);
            ++forgotten;
        } else {
            ++it;
        }
    }
    return forgotten;
}

CollectiveResult CommModel::transfers(const std::vector<Transfer>& list)
{
    // Copies of one size: the plan per byte is cached by the pairs, and evaluate() scales it to the size.
    const bool cached = transferKey(list, m_keyBuffer);
    if (cached) {
        const auto it = m_transferCache.find(m_keyBuffer);
        if (it != m_transferCache.end()) {
            const double size = list.front().bytes;
            CollectiveResult r = evaluate(it->second, CollectiveOp::SendRecv, size, 2, int(list.size()));
            r.algbw_Bps = r.busbw_Bps = r.time_s > 0 ? size / r.time_s : 0;
            return r;
        }
    }
    // Copies between machines (pipeline sends across nodes) take their routes inside the machines per
    // template and between them per switch pair (FlowSet::addAcross), not a route column per GPU pair.
    Plan p;
    {
        // The flows go before the plan is spread onto the links: over millions of devices they are 130 MB.
        FlowSet flows(*m_routes, *m_graph, m_switchRoutes.get());
        flows.reserveEnds(2 * list.size());
        for (const Transfer& t : list)
            flows.addAcross(*m_router, t.from, t.to, cached ? 1.0 : t.bytes);
        p = directPlan(flows.loads(), flows.maxLatency(), flows.error());
    }
    return evaluateTransfers(std::move(p), list, cached ? &m_keyBuffer : nullptr);
}

std::pair<CollectiveResult, CollectiveResult> CommModel::transfersBothWays(const std::vector<Transfer>& list)
{
    std::vector<Transfer> back = list;
    for (Transfer& t : back)
        std::swap(t.from, t.to);
    std::string key, backKey;
    // Copies of several sizes add up in an order of their own each way; copies priced before, as they were.
    if (!transferKey(list, key) || !transferKey(back, backKey) || m_transferCache.count(key) ||
        m_transferCache.count(backKey)) {
        CollectiveResult forward = transfers(list);
        return {std::move(forward), transfers(back)};
    }
    std::optional<FlowSet> flows(std::in_place, *m_routes, *m_graph, m_switchRoutes.get());
    flows->keepFlows();
    flows->reserveEnds(2 * list.size());
    for (const Transfer& t : list)
        flows->addAcross(*m_router, t.from, t.to, 1.0);
    Plan p = directPlan(flows->loads(), flows->maxLatency(), flows->error());
    double backLatency = 0;
    const bool reversed = p.error.empty() && flows->reverseLatency(*m_router, backLatency);
    // The flows go before the plan is spread onto the links: over millions of devices they are 130 MB.
    flows.reset();
    if (!reversed) {
        CollectiveResult forward = evaluateTransfers(std::move(p), list, &key);
        return {std::move(forward), transfers(back)};
    }
    // Every copy's way back crosses the arcs of its way forward turned round (arc ^ 1), so each arc's load
    // back is its twin's forward, a count of copies and exact whatever the order: the plan back is the
    // forward loads read as their twins, its busiest arc found without writing them out (at 1,048,576 GPUs
    // they are 100 MB).
    Plan q;
    q.algorithm = CollectiveAlgorithm::Direct;
    q.alpha_s = backLatency;
    busiestArc(q, p.loads, true);
    CollectiveResult forward = evaluateTransfers(std::move(p), list, &key);
    // The links back: those the forward plan now keeps, each read the other way round (the same busiest
    // link), not spread again. Without link loads nothing reads them.
    const auto there = m_transferCache.find(key);
    if (m_linkLoads) {
        if (there == m_transferCache.end() || !there->second.spread)
            return {std::move(forward), transfers(back)}; // not kept (no evaluation leaves it so): routed
        q.links = there->second.links;
        q.linksReversed = true;
        q.bottleneck = there->second.bottleneck;
        q.spread = true;
    }
    return {std::move(forward), evaluateTransfers(std::move(q), back, &backKey)};
}

} // namespace ss