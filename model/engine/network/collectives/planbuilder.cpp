// SPDX-License-Identifier: GPL-3.0-or-later
#include "planbuilder.h"

#include <array>
#include <cmath>
#include <functional>
#include <limits>
#include <unordered_map>

namespace ss {

namespace {

constexpr double kInf = std::numeric_limits<double>::infinity();

// A directed Hamiltonian cycle through 0..n-1 over the allowed pairs, trying each node's preferred
// successors first; gives up after BUDGET steps.
bool hamiltonian(int n, const std::vector<std::vector<int>>& successors, std::vector<int>& cycle, long budget)
{
    if (n == 1) {
        cycle = {0};
        return true;
    }
    std::vector<int> path{0};
    std::vector<char> used(std::size_t(n), 0);
    used[0] = 1;
    std::vector<std::size_t> next(std::size_t(n), 0);
    while (!path.empty()) {
        if (--budget < 0)
            return false;
        const int u = path.back();
        if (int(path.size()) == n) {
            const auto& s = successors[std::size_t(u)];
            if (std::find(s.begin(), s.end(), 0) != s.end()) {
                cycle = path;
                return true;
            }
        }
        std::size_t& i = next[std::size_t(path.size() - 1)];
        const auto& succ = successors[std::size_t(u)];
        bool advanced = false;
        while (int(path.size()) < n && i < succ.size()) {
            const int v = succ[i++];
            if (!used[std::size_t(v)]) {
                used[std::size_t(v)] = 1;
                path.push_back(v);
                next[path.size() - 1] = 0;
                advanced = true;
                break;
            }
        }
        if (!advanced) {
            used[std::size_t(u)] = path.size() == 1 ? 1 : 0;
            path.pop_back();
        }
    }
    return false;
}

// The pairs of a machine's GPUs that may be ring neighbours, their path classes and routes, and what each
// arc has left as rings take their rates (CommModel::packRings).
class RingPacker
{
public:
    explicit RingPacker(Router& router, const TopologyGraph& graph, const std::vector<int>& gpus)
        : m_graph(graph), m_n(int(gpus.size())), m_routes(std::size_t(m_n * m_n)),
          m_cls(std::size_t(m_n * m_n), int(PathClass::None))
    {
        const int n = m_n;
        for (int i = 0; i < n; ++i) {
            for (int j = 0; j < n; ++j) {
                if (i == j)
                    continue;
                const std::size_t k = std::size_t(i * n + j);
                if (!router.route(gpus[std::size_t(i)], gpus[std::size_t(j)], m_routes[k]))
                    continue;
                // Ring neighbours talk directly: a path through a third GPU is not a channel NCCL builds.
                const PathInfo info = router.pathInfo(gpus[std::size_t(i)], gpus[std::size_t(j)]);
                if (info.relays > 0)
                    continue;
                m_cls[k] = int(info.cls);
                m_levels.push_back(m_cls[k]);
            }
        }
        std::sort(m_levels.begin(), m_levels.end());
        m_levels.erase(std::unique(m_levels.begin(), m_levels.end()), m_levels.end());
    }

    // The best path class at which a ring through all the GPUs exists; -1 when none does.
    int ringLevel(std::vector<int>& cycle)
    {
        for (int l : m_levels) {
            if (l == int(PathClass::None))
                continue;
            if (hamiltonian(m_n, successors(l, 0), cycle, kBudget))
                return l;
        }
        return -1;
    }

    // The widest ring at LEVEL the remaining capacity allows, into CYCLE (positions); false when none.
    bool widestRing(int level, std::vector<int>& cycle)
    {
        const int n = m_n;
        std::vector<double> thresholds;
        for (int i = 0; i < n; ++i)
            for (int j = 0; j < n; ++j)
                if (i != j && m_cls[std::size_t(i * n + j)] <= level) {
                    const double b = bottleneck(std::size_t(i * n + j));
                    if (b > 0)
                        thresholds.push_back(b);
                }
        std::sort(thresholds.begin(), thresholds.end(), std::greater<>());
        thresholds.erase(std::unique(thresholds.begin(), thresholds.end()), thresholds.end());
        for (double t : thresholds)
            if (hamiltonian(n, successors(level, t), cycle, kBudget))
                return true;
        return false;
    }

    // What the ring CYCLE can carry on every arc it uses, given what the rings before it left.
    double rate(const std::vector<int>& cycle, std::unordered_map<int, int>& usage)
    {
        const int n = m_n;
        for (int i = 0; i < n; ++i)
            for (int arc : m_routes[std::size_t(cycle[std::size_t(i)] * n + cycle[std::size_t((i + 1) % n)])])
                ++usage[arc];
        double rate = kInf;
        for (const auto& [arc, uses] : usage)
            rate = std::min(rate, capacityOf(arc) / uses);
        return rate;
    }

    // The ring of USAGE takes RATE from every arc it uses.
    void take(const std::unordered_map<int, int>& usage, double rate)
    {
        for (const auto& [arc, uses] : usage)
            capacityOf(arc) -= rate * uses;
    }

private:
    static constexpr long kBudget = 200000;

    double& capacityOf(int arc)
    {
        auto it = m_residual.find(arc);
        if (it == m_residual.end())
            it = m_residual.emplace(arc, m_graph.edge(arcEdge(arc)).effective).first;
        return it->second;
    }

    double bottleneck(std::size_t k)
    {
        double b = kInf;
        for (int arc : m_routes[k])
            b = std::min(b, capacityOf(arc));
        return b;
    }

    // Successor lists: allowed pairs, the better class and the wider path first.
    std::vector<std::vector<int>> successors(int level, double threshold)
    {
        const int n = m_n;
        std::vector<std::vector<int>> succ(static_cast<std::size_t>(n));
        for (int i = 0; i < n; ++i) {
            std::vector<std::pair<std::pair<int, double>, int>> c;
            for (int j = 0; j < n; ++j) {
                const std::size_t k = std::size_t(i * n + j);
                if (i == j || m_cls[k] > level)
                    continue;
                const double b = bottleneck(k);
                if (b >= threshold * (1 - 1e-9) && b > 0)
                    c.push_back({{m_cls[k], -b}, j});
            }
            std::sort(c.begin(), c.end());
            for (const auto& x : c)
                succ[std::size_t(i)].push_back(x.second);
        }
        return succ;
    }

    const TopologyGraph& m_graph;
    int m_n;
    std::vector<std::vector<int>> m_routes; // by position pair i · n + j
    std::vector<int> m_cls;                 // path class by position pair; None: not neighbours
    std::vector<int> m_levels;              // the classes present, best first
    std::unordered_map<int, double> m_residual;
};

} // namespace

namespace {

struct Scratch
{
    std::array<std::vector<double>, 2> zeroed;
    std::vector<std::vector<int>> slots;
    std::vector<std::vector<std::pair<int, double>>> loads;
};
thread_local Scratch t_scratch;

} // namespace

std::vector<double>& zeroedScratch(int which, std::size_t size)
{
    std::vector<double>& v = t_scratch.zeroed[std::size_t(which)];
    if (v.size() < size)
        v.resize(size, 0.0);
    return v;
}

std::vector<int> takeSlots(std::size_t size)
{
    // The smallest buffer that is large enough, else the largest, grown: users ask for per-device and
    // per-link slots (on a large cluster 0.4 and 1.2 million), and handing a per-device buffer to a per-link
    // user would grow every buffer of the pool to the largest size.
    std::vector<std::vector<int>>& pool = t_scratch.slots;
    std::vector<int> v;
    if (!pool.empty()) {
        std::size_t pick = 0;
        for (std::size_t i = 1; i < pool.size(); ++i) {
            const std::size_t have = pool[i].size(), best = pool[pick].size();
            if (best >= size ? have >= size && have < best : have > best)
                pick = i;
        }
        v = std::move(pool[pick]);
        pool[pick] = std::move(pool.back());
        pool.pop_back();
    }
    if (v.size() < size)
        v.resize(size, -1);
    return v;
}

void giveSlots(std::vector<int>&& slots)
{
    if (!slots.empty())
        t_scratch.slots.push_back(std::move(slots));
}

std::vector<std::pair<int, double>> takeLoads(std::size_t size)
{
    std::vector<std::pair<int, double>> v;
    if (!t_scratch.loads.empty()) {
        v = std::move(t_scratch.loads.back());
        t_scratch.loads.pop_back();
        v.clear();
    }
    // Too small a buffer is let go before the larger one is allocated, not after as reserve() would: on a
    // large cluster each is 100 MB.
    if (v.capacity() < size)
        v = {};
    v.reserve(size);
    return v;
}

void giveLoads(std::vector<std::pair<int, double>>&& loads)
{
    constexpr std::size_t kKept = 4;
    if (loads.capacity() > 0 && t_scratch.loads.size() < kKept)
        t_scratch.loads.push_back(std::move(loads));
}

FlowSet::~FlowSet()
{
    for (const Segment& sg : m_segments)
        m_toSlot[std::size_t(sg.device)] = m_fromSlot[std::size_t(sg.device)] = -1;
    for (const PortArc& p : m_ports)
        m_upSlot[std::size_t(p.port)] = m_downSlot[std::size_t(p.port)] = -1;
    for (const End& e : m_ends)
        m_outSlot[std::size_t(e.device)] = m_inSlot[std::size_t(e.device)] = -1;
    giveSlots(std::move(m_outSlot));
    giveSlots(std::move(m_inSlot));
    giveVector(std::move(m_volume));
    giveVector(std::move(m_switchVolume));
    giveVector(std::move(m_ports));
    giveVector(std::move(m_ends));
    giveVector(std::move(m_segments));
    giveSlots(std::move(m_toSlot));
    giveSlots(std::move(m_fromSlot));
    giveSlots(std::move(m_upSlot));
    giveSlots(std::move(m_downSlot));
}

int SwitchRoutes::column(Router& router, const TopologyGraph& graph, int swA, int swB)
{
    bool fresh = false;
    int& column = m_index.find(std::uint64_t(std::uint32_t(swA)) << 32 | std::uint32_t(swB), fresh);
    if (fresh) {
        m_tmp.clear();
        if (router.switchRoute(swA, swB, m_tmp)) {
            // Its latency summed in route order, as the route table sums a column's.
            Column& c = m_columns.emplace_back();
            for (int arc : m_tmp)
                c.latency += graph.edge(arcEdge(arc)).latency_s;
            c.arcs = m_tmp;
            column = int(m_columns.size()) - 1;
        }
    }
    return column;
}

int FlowSet::portArc(int port, int arc, bool up)
{
    if (m_upSlot.empty()) {
        m_upSlot = takeSlots(m_graph->devices().size());
        m_downSlot = takeSlots(m_graph->devices().size());
    }
    int& slot = (up ? m_upSlot : m_downSlot)[std::size_t(port)];
    if (slot < 0) {
        slot = int(m_ports.size());
        m_ports.push_back({port, arc, 0 + m_graph->edge(arcEdge(arc)).latency_s, 0});
    }
    return slot;
}

int FlowSet::hostClass(const std::vector<int>& hosts)
{
    for (std::size_t c = 0; c < m_classes.size(); ++c)
        if (m_classes[c].hosts == hosts)
            return int(c);
    HostClass& hc = m_classes.emplace_back();
    hc.hosts = hosts;
    const std::size_t n = m_graph->hostDevices(hosts.front()).size();
    hc.slot.assign(n * n, -1);
    return int(m_classes.size()) - 1;
}

double FlowSet::addLocal(Router& router, int cls, int from, int to, double volume)
{
    if (from == to || !(volume > 0))
        return 0;
    HostClass& hc = m_classes[std::size_t(cls)];
    const auto& devices = m_graph->devices();
    const std::size_t n = m_graph->hostDevices(hc.hosts.front()).size();
    int& slot = hc.slot[std::size_t(devices[std::size_t(from)].local) * n +
                        std::size_t(devices[std::size_t(to)].local)];
    if (slot == -1) {
        // The first machine's route, its latency summed in route order as the route table sums it.
        std::vector<int> arcs;
        if (!router.hostRoute(from, to, arcs)) {
            slot = -2;
        } else {
            LocalColumn& c = hc.columns.emplace_back();
            for (int arc : arcs) {
                c.latency += m_graph->edge(arcEdge(arc)).latency_s;
                c.arcs.push_back(2 * m_graph->localEdge(arcEdge(arc)) + arc % 2);
            }
            slot = int(hc.columns.size()) - 1;
        }
    }
    if (slot < 0) {
        noRoute(from, to);
        return -1;
    }
    LocalColumn& c = hc.columns[std::size_t(slot)];
    c.volume += volume;
    m_maxLatency = std::max(m_maxLatency, c.latency);
    return c.latency;
}

int FlowSet::segment(Router& router, int device, int port, bool toPort)
{
    const auto& devices = m_graph->devices();
    if (m_toSlot.empty()) {
        m_toSlot = takeSlots(devices.size());
        m_fromSlot = takeSlots(devices.size());
    }
    int& slot = (toPort ? m_toSlot : m_fromSlot)[std::size_t(device)];
    if (slot >= 0)
        return slot;
    const Device& d = devices[std::size_t(device)];
    const int host = m_graph->hostTemplate(d.host);
    auto t = std::find_if(m_templates.begin(), m_templates.end(),
                          [host](const TemplateSegments& x) { return x.host == host; });
    if (t == m_templates.end()) {
        const std::size_t n = m_graph->hostDevices(host).size();
        t = m_templates.insert(m_templates.end(), {host, std::vector<int>(n, -1), std::vector<int>(n, -1)});
    }
    int& column = (toPort ? t->to : t->from)[std::size_t(d.local)];
    if (column == -1) {
        // The route in this machine, its latency summed in route order as the route table sums it.
        std::vector<int> arcs;
        if (!(toPort ? router.hostRoute(device, port, arcs) : router.hostRoute(port, device, arcs))) {
            column = -2;
        } else {
            LocalColumn& c = m_segmentColumns.emplace_back();
            for (int arc : arcs) {
                c.latency += m_graph->edge(arcEdge(arc)).latency_s;
                c.arcs.push_back(2 * m_graph->localEdge(arcEdge(arc)) + arc % 2);
            }
            column = int(m_segmentColumns.size()) - 1;
        }
    }
    if (column < 0)
        return -1;
    slot = int(m_segments.size());
    m_segments.push_back({device, column, 0});
    return slot;
}

const FlowSet::End& FlowSet::end(Router& router, int device, bool out)
{
    if (m_outSlot.empty()) {
        m_outSlot = takeSlots(m_graph->devices().size());
        m_inSlot = takeSlots(m_graph->devices().size());
    }
    int& slot = (out ? m_outSlot : m_inSlot)[std::size_t(device)];
    if (slot < 0) {
        End e;
        e.device = device;
        e.port = router.homePort(device);
        if (e.port >= 0) {
            if (device != e.port && (e.segment = segment(router, device, e.port, out)) < 0)
                e.segment = -2;
            const int up = m_switches ? router.uplink(e.port) : -1;
            if (up >= 0) {
                e.link = portArc(e.port, out ? up : up ^ 1, out);
                e.sw = router.arcTarget(up);
            }
        }
        slot = int(m_ends.size());
        m_ends.push_back(e);
    }
    return m_ends[std::size_t(slot)];
}

double FlowSet::addAcross(Router& router, int from, int to, double volume)
{
    if (from == to || !(volume > 0))
        return 0;
    const auto& devices = m_graph->devices();
    const int ha = devices[std::size_t(from)].host;
    const int hb = devices[std::size_t(to)].host;
    if (ha < 0 || hb < 0 || ha == hb)
        return add(from, to, volume);
    const End a = end(router, from, true);
    const End b = end(router, to, false);
    if (a.port < 0 || b.port < 0)
        return add(from, to, volume);
    // The route table's columns of a flow between machines: its first and last segments, and between the
    // ports their uplink, the switches' route and the downlink when both hang off a switch, else the route
    // table's own columns.
    int cols[5];
    int n = 0;
    int across = -1;
    const bool viaSwitches = a.link >= 0 && b.link >= 0;
    if (a.segment == -2 ||
        (viaSwitches && a.sw != b.sw && (across = m_switches->column(router, *m_graph, a.sw, b.sw)) < 0) ||
        (!viaSwitches && (n = m_table.columns(a.port, b.port, cols)) < 0) || b.segment == -2) {
        noRoute(from, to);
        return -1;
    }
    if (m_volume.size() < std::size_t(m_table.size()))
        m_volume.resize(std::size_t(m_table.size()), 0.0);
    if (!viaSwitches)
        m_onlyAcross = false;
    else if (m_keepFlows)
        m_flows.push_back({m_outSlot[std::size_t(from)], m_inSlot[std::size_t(to)], across});
    double latency = 0;
    if (a.segment >= 0) {
        Segment& sg = m_segments[std::size_t(a.segment)];
        sg.volume += volume;
        latency += m_segmentColumns[std::size_t(sg.column)].latency;
    }
    for (int i = 0; i < n; ++i) {
        m_volume[std::size_t(cols[i])] += volume;
        latency += m_table.latency(cols[i]);
    }
    if (viaSwitches) {
        PortArc& p = m_ports[std::size_t(a.link)];
        p.volume += volume;
        latency += p.latency;
        if (across >= 0) {
            if (m_switchVolume.size() <= std::size_t(across))
                m_switchVolume.resize(std::size_t(m_switches->size()), 0.0);
            m_switchVolume[std::size_t(across)] += volume;
            latency += m_switches->latency(across);
        }
        PortArc& q = m_ports[std::size_t(b.link)];
        q.volume += volume;
        latency += q.latency;
    }
    if (b.segment >= 0) {
        Segment& sg = m_segments[std::size_t(b.segment)];
        sg.volume += volume;
        latency += m_segmentColumns[std::size_t(sg.column)].latency;
    }
    m_maxLatency = std::max(m_maxLatency, latency);
    return latency;
}

namespace {

// Whether route BACK is route THERE turned round: its arcs in the reverse order, each the other way.
bool turnedRound(const std::vector<int>& there, const std::vector<int>& back)
{
    if (there.size() != back.size())
        return false;
    for (std::size_t i = 0; i < there.size(); ++i)
        if (back[i] != (there[there.size() - 1 - i] ^ 1))
            return false;
    return true;
}

} // namespace

bool FlowSet::turnedSegment(int there, int back, std::vector<signed char>& known) const
{
    if (there == -1 || back == -1)
        return there == back; // both devices are their own ports
    if (there < 0 || back < 0)
        return false;
    // A device's segment to its port and from it are one column each of its machine's template: known by
    // the column back.
    const int thereColumn = m_segments[std::size_t(there)].column;
    const int backColumn = m_segments[std::size_t(back)].column;
    if (known.size() <= std::size_t(backColumn))
        known.resize(m_segmentColumns.size(), -1);
    signed char& k = known[std::size_t(backColumn)];
    if (k < 0)
        k = turnedRound(m_segmentColumns[std::size_t(thereColumn)].arcs,
                        m_segmentColumns[std::size_t(backColumn)].arcs)
                ? 1
                : 0;
    return k == 1;
}

bool FlowSet::reverseLatency(Router& router, double& latency)
{
    latency = 0;
    if (!m_keepFlows || !m_onlyAcross || !m_error.empty() || !m_classes.empty() || !m_graph || !m_switches)
        return false;
    std::vector<signed char> knownSegments;
    // Per route between switches: the route back, -1 not yet known, -3 not this one turned round.
    std::vector<int> backColumn;
    double worst = 0;
    for (const Flow& f : m_flows) {
        // Copies: end() may add ends.
        const End a = m_ends[std::size_t(f.out)];
        const End b = m_ends[std::size_t(f.in)];
        const End backA = end(router, b.device, true);
        const End backB = end(router, a.device, false);
        if (backA.link < 0 || backB.link < 0 || !turnedSegment(backA.segment, b.segment, knownSegments) ||
            !turnedSegment(backB.segment, a.segment, knownSegments))
            return false;
        int across = -1;
        if (f.across >= 0) {
            if (backColumn.size() <= std::size_t(f.across))
                backColumn.resize(std::size_t(m_switches->size()), -1);
            int& column = backColumn[std::size_t(f.across)];
            if (column == -1) {
                column = m_switches->column(router, *m_graph, b.sw, a.sw);
                if (column < 0 || !turnedRound(m_switches->arcs(f.across), m_switches->arcs(column)))
                    column = -3;
            }
            if (column < 0)
                return false;
            across = column;
        }
        // The way back summed as addAcross() sums a flow: segment, uplink, switches, downlink, segment.
        double t = 0;
        if (backA.segment >= 0)
            t += m_segmentColumns[std::size_t(m_segments[std::size_t(backA.segment)].column)].latency;
        t += m_ports[std::size_t(backA.link)].latency;
        if (across >= 0)
            t += m_switches->latency(across);
        t += m_ports[std::size_t(backB.link)].latency;
        if (backB.segment >= 0)
            t += m_segmentColumns[std::size_t(m_segments[std::size_t(backB.segment)].column)].latency;
        worst = std::max(worst, t);
    }
    latency = worst;
    return true;
}

std::vector<std::pair<int, double>> FlowSet::loads()
{
    std::vector<std::pair<int, double>> routed;
    if (!denseLoads(routed))
        return routed;
    const std::size_t arcs = 2 * m_graph->edgeCount();
    return compactLoads(zeroedScratch(0, arcs), arcs, 1, false);
}

bool FlowSet::denseLoads(std::vector<std::pair<int, double>>& routed)
{
    // The route table's columns, when any flow used one.
    routed.clear();
    if (std::any_of(m_volume.begin(), m_volume.end(), [](double v) { return v != 0; }))
        routed = m_table.loads(m_volume);
    if (m_classes.empty() && m_segments.empty() && m_ports.empty())
        return false;
    // Each class's columns summed on its local arcs once (in column order, as the routing matrix sums a
    // machine's columns), then added onto the same arcs of every machine of the class; then each device's
    // segments onto its machine's arcs.
    const std::size_t arcs = 2 * m_graph->edgeCount();
    std::vector<double>& total = zeroedScratch(0, arcs);
    for (const auto& [arc, load] : routed)
        total[std::size_t(arc)] = load;
    std::vector<double> local;
    std::vector<int> used;
    for (const HostClass& hc : m_classes) {
        local.assign(2 * m_graph->hostEdges(hc.hosts.front()).size(), 0.0);
        used.clear();
        for (const LocalColumn& c : hc.columns)
            for (int la : c.arcs) {
                if (local[std::size_t(la)] == 0)
                    used.push_back(la);
                local[std::size_t(la)] += c.volume;
            }
        for (int h : hc.hosts) {
            const auto& edges = m_graph->hostEdges(h);
            for (int la : used)
                total[std::size_t(arcIndex(edges[std::size_t(la / 2)], la % 2))] += local[std::size_t(la)];
        }
    }
    const auto& devices = m_graph->devices();
    for (const Segment& sg : m_segments) {
        const auto& edges = m_graph->hostEdges(devices[std::size_t(sg.device)].host);
        for (int la : m_segmentColumns[std::size_t(sg.column)].arcs)
            total[std::size_t(arcIndex(edges[std::size_t(la / 2)], la % 2))] += sg.volume;
    }
    // Then the ports' up- and downlinks and the routes between switches, in their columns' order.
    for (const PortArc& p : m_ports)
        total[std::size_t(p.arc)] += p.volume;
    for (std::size_t c = 0; c < m_switchVolume.size(); ++c)
        if (m_switchVolume[c] != 0)
            for (int arc : m_switches->arcs(int(c)))
                total[std::size_t(arc)] += m_switchVolume[c];
    return true;
}

std::vector<std::pair<int, double>> compactLoads(std::vector<double>& total, std::size_t arcs, int repeat,
                                                 bool scaled)
{
    std::size_t count = 0;
    for (std::size_t a = 0; a < arcs; ++a)
        count += total[a] > 0;
    std::vector<std::pair<int, double>> out = takeLoads(count);
    for (std::size_t a = 0; a < arcs; ++a) {
        if (total[a] != 0) {
            if (total[a] > 0)
                out.emplace_back(int(a), scaled ? 0 + repeat * total[a] : total[a]);
            total[a] = 0;
        }
    }
    return out;
}

std::vector<int> rotated(const std::vector<int>& order, std::size_t start)
{
    std::vector<int> out;
    out.reserve(order.size());
    for (std::size_t i = 0; i < order.size(); ++i)
        out.push_back(order[(start + i) % order.size()]);
    return out;
}

std::vector<HostGroup> splitByHost(const TopologyGraph& g, const std::vector<int>& group)
{
    std::vector<HostGroup> out;
    if (group.size() <= 8) {
        for (int d : group) {
            const int h = g.devices()[std::size_t(d)].host;
            auto it = std::find_if(out.begin(), out.end(), [h](const HostGroup& x) { return x.host == h; });
            if (it == out.end()) {
                out.push_back({h, {}});
                it = out.end() - 1;
            }
            it->gpus.push_back(d);
        }
        return out;
    }
    std::vector<int> slot(std::size_t(g.hostCount()), -1);
    for (int d : group) {
        const int h = g.devices()[std::size_t(d)].host;
        int& s = slot[std::size_t(h)];
        if (s < 0) {
            s = int(out.size());
            out.push_back({h, {}});
        }
        out[std::size_t(s)].gpus.push_back(d);
    }
    return out;
}

// NCCL-like ring search inside one machine (NCCL's ncclTopoCompute): first the best path class at which a
// ring through all the GPUs exists (NVLink only on a DGX-1, so pairs without NVLink are never neighbours),
// then rings at that class, each as wide as the remaining capacity allows, until the links are full.
// Several rings share the links like NCCL's channels; each ring's rate is what it adds.
std::vector<CommModel::Ring> CommModel::packRings(const std::vector<int>& gpus)
{
    const int n = int(gpus.size());
    if (n == 1)
        return {{gpus, kInf}};
    RingPacker packer(*m_router, *m_graph, gpus);
    std::vector<int> cycle;
    const int level = packer.ringLevel(cycle);
    if (level < 0)
        return {};

    std::vector<Ring> rings;
    for (int iteration = 0; iteration < 16; ++iteration) {
        if (!packer.widestRing(level, cycle))
            break;
        std::unordered_map<int, int> usage;
        const double rate = packer.rate(cycle, usage);
        if (!(rate > 0) || (!rings.empty() && rate < 1e-3 * rings.front().rate))
            break;
        packer.take(usage, rate);
        Ring r;
        for (int i : cycle)
            r.order.push_back(gpus[std::size_t(i)]);
        r.rate = rate;
        rings.push_back(std::move(r));
    }
    return rings;
}

std::vector<CommModel::Ring> CommModel::intraRings(const std::vector<int>& gpus)
{
    const auto& devices = m_graph->devices();
    const int host = devices[std::size_t(gpus.front())].host;
    // The key is built in a kept buffer: a 128-node ring asks once per node.
    std::string& k = m_keyBuffer;
    k.clear();
    const auto append = [&k](int v) { k.append(reinterpret_cast<const char*>(&v), sizeof v); };
    append(m_graph->hostTemplate(host));
    for (int d : gpus)
        append(devices[std::size_t(d)].local);
    auto it = m_ringCache.find(k);
    if (it == m_ringCache.end()) {
        std::vector<Ring> rings = packRings(gpus);
        for (Ring& r : rings)
            for (int& d : r.order)
                d = devices[std::size_t(d)].local;
        it = m_ringCache.emplace(k, std::move(rings)).first;
    }
    std::vector<Ring> out = it->second;
    const auto& hostDevices = m_graph->hostDevices(host);
    for (Ring& r : out)
        for (int& d : r.order)
            d = hostDevices[std::size_t(d)];
    return out;
}

bool CommModel::nvlinkPeers(int a, int b)
{
    const auto& devices = m_graph->devices();
    const int host = devices[std::size_t(a)].host;
    if (host < 0 || host != devices[std::size_t(b)].host)
        return false;
    const std::uint64_t key = (std::uint64_t(std::uint32_t(m_graph->hostTemplate(host))) << 40) |
                              (std::uint64_t(std::uint32_t(devices[std::size_t(a)].local)) << 20) |
                              std::uint32_t(devices[std::size_t(b)].local);
    const auto it = m_nvlinkPeers.find(key);
    if (it != m_nvlinkPeers.end())
        return it->second;
    const bool peers = m_router->pathInfo(a, b).cls == PathClass::NvLink;
    m_nvlinkPeers.emplace(key, peers);
    return peers;
}

PlanBuilder::Phase& PlanBuilder::phase(std::size_t i)
{
    while (m_phases.size() <= i) {
        m_phases.push_back(
            {std::make_unique<FlowSet>(*m_model.m_routes, graph(), m_model.m_switchRoutes.get()), 0, 1, 1});
        m_phases.back().flows->reserveEnds(2 * m_ranks); // each GPU's way out and in
    }
    return m_phases[i];
}

bool PlanBuilder::fail(std::string message)
{
    m_plan.error = std::move(message);
    return false;
}

// The ring channels of a group: inside one machine the packed rings weighted by their rates; across
// machines each machine's rings laid end to end, rotated per channel so the channels enter and leave
// every machine through different GPUs (and so NICs), as NCCL's channels do.
bool PlanBuilder::channels(const std::vector<HostGroup>& hs,
                           std::vector<std::pair<std::vector<int>, double>>& out)
{
    using Ring = CommModel::Ring;
    out.clear();
    std::vector<std::vector<Ring>> perHost;
    for (const HostGroup& h : hs) {
        perHost.push_back(m_model.intraRings(h.gpus));
        if (perHost.back().empty())
            return false;
    }
    if (hs.size() == 1) {
        double total = 0;
        for (const Ring& r : perHost[0])
            total += std::isfinite(r.rate) ? r.rate : 1;
        for (const Ring& r : perHost[0])
            out.push_back({r.order, (std::isfinite(r.rate) ? r.rate : 1) / total});
        return true;
    }
    const std::size_t m = perHost[0].size();
    std::size_t k = 1;
    for (const HostGroup& h : hs)
        k = std::max(k, h.gpus.size());
    const std::size_t rotations = std::max<std::size_t>(1, std::min(k, kMaxChannels / m));
    double total = 0;
    for (const Ring& r : perHost[0])
        total += std::isfinite(r.rate) ? r.rate : 1;
    for (std::size_t r = 0; r < m; ++r) {
        const double share = (std::isfinite(perHost[0][r].rate) ? perHost[0][r].rate : 1) / total;
        for (std::size_t c = 0; c < rotations; ++c) {
            std::vector<int> order;
            for (std::size_t h = 0; h < hs.size(); ++h) {
                const Ring& ring = perHost[h][r % perHost[h].size()];
                const std::vector<int> part = rotated(ring.order, c % ring.order.size());
                order.insert(order.end(), part.begin(), part.end());
            }
            out.push_back({std::move(order), share / double(rotations)});
        }
    }
    return true;
}

// One ring edge X → Y (or Y → X when REVERSE). Between machines the data leaves through the NIC of
// RELAY, the GPU the ring entered X's machine by, when X reaches it over NVLink (NCCL's PXN): so a
// channel stays on one rail, as NCCL's rings keep one NIC per channel. Otherwise X's own NIC.
void PlanBuilder::ringEdge(Phase& ph, int x, int y, int relay, double volume, bool reverse, double& latency)
{
    const auto& dev = graph().devices();
    if (dev[std::size_t(x)].host == dev[std::size_t(y)].host || relay == x ||
        !m_model.nvlinkPeers(x, relay)) {
        reverse ? flow(ph, y, x, volume, latency) : flow(ph, x, y, volume, latency);
        return;
    }
    double a = 0;
    double b = 0;
    if (reverse) {
        flow(ph, y, relay, volume, a);
        flow(ph, relay, x, volume, b);
    } else {
        flow(ph, x, relay, volume, a);
        flow(ph, relay, y, volume, b);
    }
    latency = std::max(latency, a + b);
}

// Every edge of every channel carries FACTOR × weight; broadcast and reduce run a chain from (to) the root.
bool PlanBuilder::ringPhase(Phase& ph, const AlgorithmGroup& group, const std::vector<HostGroup>& hs,
                            const RingPass& pass)
{
    std::vector<std::pair<std::vector<int>, double>> ch;
    if (!channels(hs, ch))
        return false;
    const auto& devices = graph().devices();
    double latency = 0;
    std::vector<int> blockStart;
    for (auto& [order, weight] : ch) {
        const std::size_t len = order.size();
        if (len < 2)
            continue;
        if (pass.chain) {
            const auto at = std::find(order.begin(), order.end(), pass.rootDevice);
            order = rotated(order, std::size_t(at - order.begin()));
        }
        blockStart.assign(len, 0);
        for (std::size_t i = 1; i < len; ++i)
            blockStart[i] = devices[std::size_t(order[i])].host == devices[std::size_t(order[i - 1])].host
                                ? blockStart[i - 1]
                                : int(i);
        const double volume = group.w * weight * pass.factor;
        const std::size_t edgesCount = pass.chain ? len - 1 : len;
        for (std::size_t i = 0; i < edgesCount; ++i)
            ringEdge(ph, order[i], order[(i + 1) % len], order[std::size_t(blockStart[i])], volume,
                     pass.chain && pass.towardRoot, latency);
        if (pass.record)
            m_plan.rings.push_back(order);
    }
    ph.alpha = std::max(ph.alpha, pass.steps * latency);
    ph.volume = std::max(ph.volume, pass.factor);
    ph.steps = std::max(ph.steps, double(pass.steps));
    return true;
}

bool PlanBuilder::machineChain(const std::vector<int>& gpus, std::vector<int>& chain)
{
    const std::vector<CommModel::Ring> rings = m_model.intraRings(gpus);
    if (rings.empty())
        return false;
    chain = rings.front().order;
    return true;
}

bool PlanBuilder::finish()
{
    const TopologyGraph& g = graph();
    for (const Phase& ph : m_phases)
        if (!ph.flows->error().empty())
            return fail(ph.flows->error());
    const std::size_t arcs = 2 * g.edgeCount();
    // One phase: its loads are the plan's; several: summed per arc in a dense buffer. Summed in a buffer,
    // they stay there, pending, until keepLoads() lists them (or dropLoads() clears them).
    std::vector<double>* total = m_phases.size() > 1 ? &zeroedScratch(1, arcs) : nullptr;
    std::vector<std::pair<int, double>> routed;
    for (const Phase& ph : m_phases) {
        double worst = 0;
        int worstArc = -1;
        double worstLoad = 0;
        const auto visit = [&](int arc, double load) {
            const double busy = load / g.edge(arcEdge(arc)).effective;
            if (busy > worst) {
                worst = busy;
                worstArc = arc;
                worstLoad = load;
            }
            if (total)
                (*total)[std::size_t(arc)] += ph.repeat * load;
        };
        if (ph.flows->denseLoads(routed)) {
            // The loaded arcs in arc order, as FlowSet::loads() would list them.
            std::vector<double>& sum = zeroedScratch(0, arcs);
            for (std::size_t a = 0; a < arcs; ++a)
                if (sum[a] > 0)
                    visit(int(a), sum[a]);
            if (total)
                std::fill(sum.begin(), sum.begin() + std::ptrdiff_t(arcs), 0.0);
            else
                m_pending = {&sum, ph.repeat, true};
        } else {
            for (const auto& [arc, load] : routed)
                visit(arc, load);
            if (!total) {
                m_plan.loads = std::move(routed);
                for (auto& [arc, load] : m_plan.loads)
                    load = 0 + ph.repeat * load;
            }
        }
        m_plan.alpha_s += ph.repeat * ph.alpha;
        m_plan.beta_s += ph.repeat * worst / ph.factor;
        if (m_plan.phase_count < kMaxCollectivePhases) {
            const Edge e = worstArc >= 0 ? g.edge(arcEdge(worstArc)) : Edge{};
            m_plan.phases[std::size_t(m_plan.phase_count++)] = {
                ph.alpha, ph.steps, ph.volume, worstLoad, e.capacity, e.effective, ph.factor, ph.repeat};
        }
    }
    if (total)
        m_pending = {total, 1, false};
    return true;
}

void PlanBuilder::keepLoads()
{
    if (m_pending.sum)
        m_plan.loads =
            compactLoads(*m_pending.sum, 2 * graph().edgeCount(), m_pending.repeat, m_pending.scaled);
    m_pending = {};
}

void PlanBuilder::clearPending()
{
    if (m_pending.sum)
        std::fill(m_pending.sum->begin(), m_pending.sum->begin() + std::ptrdiff_t(2 * graph().edgeCount()),
                  0.0);
    m_pending = {};
}

void PlanBuilder::dropLoads()
{
    clearPending();
    giveLoads(std::move(m_plan.loads));
    m_plan.loads = {};
}

} // namespace ss
