// SPDX-License-Identifier: GPL-3.0-or-later
#include "routing.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <queue>

namespace ss {

namespace {

constexpr double kInf = std::numeric_limits<double>::infinity();

// Route preference as costs: a worse class costs more than any run of better hops, so the search
// minimises the worst class first (NCCL's PATH_NVL < PATH_PIX < PATH_PXB < PATH_PHB < PATH_SYS), then hops,
// then prefers the wider edge. GPUs, NICs, drives and servers are endpoints: passing through one (NCCL's
// PATH_NVB relaying) is a last resort, below the CPU interconnect.
double classWeight(LinkClass cls)
{
    switch (cls) {
    case LinkClass::NvLink:
        return 1;
    case LinkClass::Pcie:
        return 64;
    case LinkClass::Host:
        return 64.0 * 64;
    case LinkClass::CpuLink:
        return 64.0 * 64 * 64;
    case LinkClass::Network:
        return 64.0 * 64 * 64 * 64;
    }
    return 1;
}
constexpr double kTransitPenalty = 64.0 * 64 * 64 * 64 * 64;

double edgeCost(const Edge& e)
{
    const double w = classWeight(e.cls);
    return w * (1.0 + 0.5 / (1.0 + e.effective / 1e9));
}

bool isTransit(DeviceKind kind)
{
    return kind == DeviceKind::Cpu || kind == DeviceKind::PcieSwitch || kind == DeviceKind::NvSwitch ||
           kind == DeviceKind::Switch;
}

} // namespace

const char* pathClassName(PathClass cls)
{
    switch (cls) {
    case PathClass::Self:
        return "X";
    case PathClass::NvLink:
        return "NV";
    case PathClass::Pix:
        return "PIX";
    case PathClass::Pxb:
        return "PXB";
    case PathClass::Phb:
        return "PHB";
    case PathClass::Node:
        return "NODE";
    case PathClass::Sys:
        return "SYS";
    case PathClass::Net:
        return "NET";
    case PathClass::None:
        break;
    }
    return "none";
}

std::string pathClassText(const PathInfo& info)
{
    if (info.cls == PathClass::NvLink)
        return "NV" + std::to_string(info.nvlinks);
    return pathClassName(info.cls);
}

Router::Router(const TopologyGraph& graph) : m_graph(&graph)
{
    const auto& devices = graph.devices();
    m_switchIndex.assign(devices.size(), -1);
    for (std::size_t d = 0; d < devices.size(); ++d) {
        if (devices[d].kind == DeviceKind::Switch) {
            m_switchIndex[d] = int(m_switches.size());
            m_switches.push_back(int(d));
        }
    }
    m_switchPred.assign(m_switches.size(), {});
    m_homePort.assign(devices.size(), -2);
    m_uplink.assign(devices.size(), -1);
    for (std::size_t d = 0; d < devices.size(); ++d) {
        if (!graph.isPort(int(d)))
            continue;
        int found = -1;
        int networkEdges = 0;
        for (const TopologyGraph::Arc& a : graph.arcsFrom(int(d))) {
            if (!graph.edge(arcEdge(a.arc)).network)
                continue;
            ++networkEdges;
            if (devices[std::size_t(a.to)].kind == DeviceKind::Switch)
                found = a.arc;
        }
        if (networkEdges == 1)
            m_uplink[d] = found;
    }
}

int Router::arcTarget(int arc) const
{
    const Edge e = m_graph->edge(arcEdge(arc));
    return arc % 2 == 0 ? e.b : e.a;
}

int Router::arcSource(int arc) const
{
    const Edge e = m_graph->edge(arcEdge(arc));
    return arc % 2 == 0 ? e.a : e.b;
}

Router::Template& Router::templateOf(int host)
{
    const int id = m_graph->hostTemplate(host);
    auto it = m_templates.find(id);
    if (it != m_templates.end())
        return it->second;
    Template t;
    t.host = id;
    const auto& devices = m_graph->hostDevices(id);
    const auto& edges = m_graph->hostEdges(id);
    t.adjacency.assign(devices.size(), {});
    for (std::size_t le = 0; le < edges.size(); ++le) {
        const Edge e = m_graph->edge(edges[le]);
        const int a = m_graph->devices()[std::size_t(e.a)].local;
        const int b = m_graph->devices()[std::size_t(e.b)].local;
        const double c = edgeCost(e);
        t.adjacency[std::size_t(a)].push_back({b, int(2 * le), c});
        t.adjacency[std::size_t(b)].push_back({a, int(2 * le + 1), c});
    }
    t.pred.assign(devices.size(), {});
    t.cost.assign(devices.size(), {});
    t.homePort.assign(devices.size(), -1);
    return m_templates.emplace(id, std::move(t)).first->second;
}

void Router::searchFrom(Template& t, int source)
{
    if (!t.pred[std::size_t(source)].empty())
        return;
    const std::size_t n = t.adjacency.size();
    const auto& devices = m_graph->hostDevices(t.host);
    std::vector<double> dist(n, kInf);
    std::vector<int> pred(n, -1);
    using Item = std::pair<double, int>;
    std::priority_queue<Item, std::vector<Item>, std::greater<>> queue;
    dist[std::size_t(source)] = 0;
    queue.push({0, source});
    while (!queue.empty()) {
        const auto [d, u] = queue.top();
        queue.pop();
        if (d > dist[std::size_t(u)])
            continue;
        const bool transit =
            u == source || isTransit(m_graph->devices()[std::size_t(devices[std::size_t(u)])].kind);
        const double extra = transit ? 0 : kTransitPenalty;
        for (const LocalArc& a : t.adjacency[std::size_t(u)]) {
            const double nd = d + a.cost + extra;
            if (nd < dist[std::size_t(a.to)]) {
                dist[std::size_t(a.to)] = nd;
                pred[std::size_t(a.to)] = a.arc;
                queue.push({nd, a.to});
            }
        }
    }
    t.pred[std::size_t(source)] = std::move(pred);
    t.cost[std::size_t(source)] = std::move(dist);
}

int Router::toGlobalArc(int host, int localArc) const
{
    return arcIndex(m_graph->hostEdges(host)[std::size_t(localArc / 2)], localArc % 2);
}

bool Router::hostRoute(int from, int to, std::vector<int>& arcs)
{
    const auto& devices = m_graph->devices();
    const Device& a = devices[std::size_t(from)];
    const Device& b = devices[std::size_t(to)];
    if (a.host < 0 || a.host != b.host)
        return false;
    if (from == to)
        return true;
    Template& t = templateOf(a.host);
    searchFrom(t, a.local);
    const auto& pred = t.pred[std::size_t(a.local)];
    if (pred[std::size_t(b.local)] < 0)
        return false;
    const std::size_t start = arcs.size();
    const auto& edges = m_graph->hostEdges(t.host);
    for (int v = b.local; v != a.local;) {
        const int la = pred[std::size_t(v)];
        arcs.push_back(toGlobalArc(a.host, la));
        const Edge e = m_graph->edge(edges[std::size_t(la / 2)]);
        const int src = la % 2 == 0 ? e.a : e.b; // a device of the template host
        v = devices[std::size_t(src)].local;
    }
    std::reverse(arcs.begin() + std::ptrdiff_t(start), arcs.end());
    return true;
}

void Router::computePorts(Template& t)
{
    if (t.portsDone)
        return;
    t.portsDone = true;
    const auto& devices = m_graph->hostDevices(t.host);
    std::vector<int> ports;
    for (std::size_t i = 0; i < devices.size(); ++i)
        if (m_graph->isPort(devices[i]))
            ports.push_back(int(i));
    std::vector<int> assigned(devices.size(), 0);
    // GPUs first, in order, each to the nearest port with the fewest GPUs so far: two GPUs under one PCIe
    // switch with two NICs (DGX A100) get one NIC each, as NCCL's rails do.
    for (int pass = 0; pass < 2; ++pass) {
        for (std::size_t i = 0; i < devices.size(); ++i) {
            const bool gpu = m_graph->devices()[std::size_t(devices[i])].kind == DeviceKind::Gpu;
            if (gpu != (pass == 0))
                continue;
            if (m_graph->isPort(devices[i])) {
                t.homePort[i] = int(i);
                continue;
            }
            searchFrom(t, int(i));
            const auto& cost = t.cost[i];
            double best = kInf;
            for (int p : ports)
                best = std::min(best, cost[std::size_t(p)]);
            if (!std::isfinite(best))
                continue;
            int chosen = -1;
            for (int p : ports) {
                if (cost[std::size_t(p)] > best * (1 + 1e-12))
                    continue;
                if (chosen < 0 || (gpu && assigned[std::size_t(p)] < assigned[std::size_t(chosen)]))
                    chosen = p;
            }
            t.homePort[i] = chosen;
            if (gpu)
                ++assigned[std::size_t(chosen)];
        }
    }
}

int Router::homePort(int device)
{
    int& cached = m_homePort[std::size_t(device)];
    if (cached != -2)
        return cached;
    const Device& d = m_graph->devices()[std::size_t(device)];
    if (m_graph->isPort(device)) {
        cached = device;
    } else if (d.host < 0) {
        cached = -1;
    } else {
        Template& t = templateOf(d.host);
        computePorts(t);
        const int local = t.homePort[std::size_t(d.local)];
        cached = local < 0 ? -1 : m_graph->hostDevices(d.host)[std::size_t(local)];
    }
    return cached;
}

int Router::nearestInHost(int device, DeviceKind kind)
{
    const Device& d = m_graph->devices()[std::size_t(device)];
    if (d.kind == kind)
        return device;
    if (d.host < 0)
        return -1;
    Template& t = templateOf(d.host);
    searchFrom(t, d.local);
    const auto& tdev = m_graph->hostDevices(t.host);
    const auto& cost = t.cost[std::size_t(d.local)];
    int best = -1;
    for (std::size_t i = 0; i < tdev.size(); ++i)
        if (m_graph->devices()[std::size_t(tdev[i])].kind == kind && std::isfinite(cost[i]) &&
            (best < 0 || cost[i] < cost[std::size_t(best)]))
            best = int(i);
    return best < 0 ? -1 : m_graph->hostDevices(d.host)[std::size_t(best)];
}

bool Router::switchForest()
{
    if (m_forest != 0)
        return m_forest > 0;
    const std::size_t n = m_switches.size();
    SwitchTree& f = m_switchTree;
    f.tree.assign(n, -1);
    f.parent.assign(n, -1);
    f.depth.assign(n, 0);
    f.upArc.assign(n, -1);
    f.downArc.assign(n, -1);
    std::vector<int> queue;
    m_forest = 1;
    for (std::size_t root = 0; root < n && m_forest > 0; ++root) {
        if (f.tree[root] >= 0)
            continue;
        f.tree[root] = int(root);
        queue.assign(1, int(root));
        for (std::size_t head = 0; head < queue.size() && m_forest > 0; ++head) {
            const int u = queue[head];
            for (const TopologyGraph::Arc& a : m_graph->arcsFrom(m_switches[std::size_t(u)])) {
                const int v = m_switchIndex[std::size_t(a.to)];
                if (v < 0 || v == f.parent[std::size_t(u)])
                    continue;
                if (f.tree[std::size_t(v)] >= 0) {
                    if (f.parent[std::size_t(v)] == u)
                        continue;  // a second edge to the same child: the first one is the route
                    m_forest = -1; // a cycle: breadth-first search per source
                    break;
                }
                f.tree[std::size_t(v)] = int(root);
                f.parent[std::size_t(v)] = u;
                f.depth[std::size_t(v)] = f.depth[std::size_t(u)] + 1;
                f.downArc[std::size_t(v)] = a.arc;
                queue.push_back(v);
            }
        }
    }
    if (m_forest < 0) {
        m_switchTree = {};
        return false;
    }
    // The first arc from each switch to its parent, in the switch's own arc order.
    for (std::size_t v = 0; v < n; ++v) {
        const int p = f.parent[v];
        if (p < 0)
            continue;
        for (const TopologyGraph::Arc& a : m_graph->arcsFrom(m_switches[v]))
            if (a.to == m_switches[std::size_t(p)]) {
                f.upArc[v] = a.arc;
                break;
            }
    }
    return true;
}

bool Router::switchRoute(int fromSwitch, int toSwitch, std::vector<int>& arcs)
{
    if (fromSwitch == toSwitch)
        return true;
    const int s = m_switchIndex[std::size_t(fromSwitch)];
    const int target = m_switchIndex[std::size_t(toSwitch)];
    if (s < 0 || target < 0)
        return false;
    if (switchForest()) {
        const SwitchTree& f = m_switchTree;
        if (f.tree[std::size_t(s)] != f.tree[std::size_t(target)])
            return false;
        // Up from the source to the common ancestor, then down to the target (its arcs found backwards).
        int a = s, b = target;
        while (f.depth[std::size_t(a)] > f.depth[std::size_t(b)]) {
            arcs.push_back(f.upArc[std::size_t(a)]);
            a = f.parent[std::size_t(a)];
        }
        std::vector<int>& back = m_searchQueue;
        back.clear();
        while (f.depth[std::size_t(b)] > f.depth[std::size_t(a)]) {
            back.push_back(f.downArc[std::size_t(b)]);
            b = f.parent[std::size_t(b)];
        }
        while (a != b) {
            arcs.push_back(f.upArc[std::size_t(a)]);
            a = f.parent[std::size_t(a)];
            back.push_back(f.downArc[std::size_t(b)]);
            b = f.parent[std::size_t(b)];
        }
        arcs.insert(arcs.end(), back.rbegin(), back.rend());
        return true;
    }
    // Breadth first over switch-to-switch edges: the fewest switch hops (a leaf-spine fabric), the first
    // arc found into each switch. A source asked for a few targets searches until it reaches each (a big
    // fabric's leaves ask for their neighbours); past kKeepTree the source's whole tree is kept.
    constexpr int kKeepTree = 8;
    const std::size_t n = m_switches.size();
    if (m_switchQueries.empty())
        m_switchQueries.assign(n, 0);
    auto& tree = m_switchPred[std::size_t(s)];
    const bool keep = tree.empty() && ++m_switchQueries[std::size_t(s)] > kKeepTree;
    const int* pred = nullptr;
    if (!tree.empty()) {
        pred = tree.data();
    } else {
        if (m_searchSeen.empty()) {
            m_searchSeen.assign(n, 0);
            m_searchPred.assign(n, -1);
        }
        if (++m_search == 0) { // the stamps wrapped: start them again
            std::fill(m_searchSeen.begin(), m_searchSeen.end(), 0u);
            m_search = 1;
        }
        m_searchSeen[std::size_t(s)] = m_search;
        m_searchPred[std::size_t(s)] = -1;
        m_searchQueue.assign(1, fromSwitch);
        bool found = false;
        for (std::size_t head = 0; head < m_searchQueue.size() && (keep || !found); ++head) {
            for (const TopologyGraph::Arc& a : m_graph->arcsFrom(m_searchQueue[head])) {
                const int v = m_switchIndex[std::size_t(a.to)];
                if (v < 0 || m_searchSeen[std::size_t(v)] == m_search)
                    continue;
                m_searchSeen[std::size_t(v)] = m_search;
                m_searchPred[std::size_t(v)] = a.arc;
                m_searchQueue.push_back(a.to);
                if (v == target) {
                    found = true;
                    if (!keep)
                        break;
                }
            }
        }
        if (keep) {
            tree.assign(n, -2);
            for (int u : m_searchQueue) {
                const int v = m_switchIndex[std::size_t(u)];
                tree[std::size_t(v)] = m_searchPred[std::size_t(v)];
            }
            pred = tree.data();
        } else if (!found) {
            return false;
        } else {
            pred = m_searchPred.data();
        }
    }
    if (pred[std::size_t(target)] == -2)
        return false;
    const std::size_t start = arcs.size();
    for (int v = target; v != s;) {
        const int arc = pred[std::size_t(v)];
        arcs.push_back(arc);
        v = m_switchIndex[std::size_t(arcSource(arc))];
    }
    std::reverse(arcs.begin() + std::ptrdiff_t(start), arcs.end());
    return true;
}

bool Router::networkRoute(int portA, int portB, std::vector<int>& arcs)
{
    if (portA == portB)
        return true;
    const auto& devices = m_graph->devices();
    // A cable straight between the two ports.
    for (const TopologyGraph::Arc& a : m_graph->arcsFrom(portA)) {
        if (a.to == portB && m_graph->edge(arcEdge(a.arc)).network) {
            arcs.push_back(a.arc);
            return true;
        }
    }
    // Up to a switch, across the fabric, down to the other port: the fewest switch hops, then the
    // widest access links.
    std::vector<int> best;
    std::size_t bestHops = std::numeric_limits<std::size_t>::max();
    double bestWidth = -1;
    std::vector<int> path;
    for (const TopologyGraph::Arc& up : m_graph->arcsFrom(portA)) {
        if (devices[std::size_t(up.to)].kind != DeviceKind::Switch)
            continue;
        for (const TopologyGraph::Arc& back : m_graph->arcsFrom(portB)) {
            if (devices[std::size_t(back.to)].kind != DeviceKind::Switch)
                continue;
            path.clear();
            if (!switchRoute(up.to, back.to, path))
                continue;
            const int down = back.arc ^ 1; // the switch → portB direction of the same edge
            const double width =
                std::min(m_graph->edge(arcEdge(up.arc)).effective, m_graph->edge(arcEdge(down)).effective);
            if (path.size() < bestHops || (path.size() == bestHops && width > bestWidth)) {
                bestHops = path.size();
                bestWidth = width;
                best.clear();
                best.push_back(up.arc);
                best.insert(best.end(), path.begin(), path.end());
                best.push_back(down);
            }
        }
    }
    if (best.empty())
        return false;
    arcs.insert(arcs.end(), best.begin(), best.end());
    return true;
}

bool Router::route(int from, int to, std::vector<int>& arcs)
{
    const auto& devices = m_graph->devices();
    const int ha = devices[std::size_t(from)].host;
    const int hb = devices[std::size_t(to)].host;
    if (ha >= 0 && ha == hb)
        return hostRoute(from, to, arcs);
    if (ha < 0 || hb < 0)
        return false;
    const int pa = homePort(from);
    const int pb = homePort(to);
    if (pa < 0 || pb < 0)
        return false;
    const std::size_t start = arcs.size();
    if (hostRoute(from, pa, arcs) && networkRoute(pa, pb, arcs) && hostRoute(pb, to, arcs))
        return true;
    arcs.resize(start);
    return false;
}

PathInfo Router::pathInfo(int from, int to)
{
    PathInfo info;
    if (from == to) {
        info.cls = PathClass::Self;
        return info;
    }
    std::vector<int> arcs;
    if (!route(from, to, arcs))
        return info;
    const auto& devices = m_graph->devices();
    info.hops = int(arcs.size());
    info.bandwidth_Bps = kInf;
    bool allNvLink = true;
    bool cpuLink = false;
    bool network = false;
    int hostEdges = 0;
    int pcieSwitches = 0;
    bool throughCpu = false;
    std::int64_t nvlinks = std::numeric_limits<std::int64_t>::max();
    for (std::size_t i = 0; i < arcs.size(); ++i) {
        const Edge e = m_graph->edge(arcEdge(arcs[i]));
        info.bandwidth_Bps = std::min(info.bandwidth_Bps, e.effective);
        info.latency_s += e.latency_s;
        network = network || e.network;
        cpuLink = cpuLink || e.cls == LinkClass::CpuLink;
        hostEdges += e.cls == LinkClass::Host;
        if (e.cls == LinkClass::NvLink)
            nvlinks = std::min(nvlinks, e.count);
        else
            allNvLink = false;
        if (i + 1 < arcs.size()) {
            const DeviceKind k = devices[std::size_t(arcTarget(arcs[i]))].kind;
            pcieSwitches += k == DeviceKind::PcieSwitch;
            throughCpu = throughCpu || k == DeviceKind::Cpu;
            info.relays += !e.network && !isTransit(k) && k != DeviceKind::Nic;
        }
    }
    if (network || devices[std::size_t(from)].host != devices[std::size_t(to)].host)
        info.cls = PathClass::Net;
    else if (allNvLink) {
        info.cls = PathClass::NvLink;
        info.nvlinks = int(nvlinks);
    } else if (cpuLink)
        info.cls = PathClass::Sys;
    else if (throughCpu)
        info.cls = hostEdges >= 2 ? PathClass::Node : PathClass::Phb; // two host bridges: NODE
    else
        info.cls = pcieSwitches <= 1 ? PathClass::Pix : PathClass::Pxb;
    return info;
}

} // namespace ss
