// SPDX-License-Identifier: GPL-3.0-or-later
#include "topology.h"

#include "flatindex.h"

#include <algorithm>
#include <atomic>
#include <bit>
#include <charconv>
#include <limits>
#include <numeric>
#include <tuple>
#include <unordered_map>

namespace ss {

namespace {

struct KindName
{
    DeviceKind kind;
    const char* name;
};

constexpr KindName kDeviceKinds[] = {
    {DeviceKind::Gpu, "gpu"},           {DeviceKind::Cpu, "cpu"}, {DeviceKind::PcieSwitch, "pcie-switch"},
    {DeviceKind::NvSwitch, "nvswitch"}, {DeviceKind::Nic, "nic"}, {DeviceKind::Switch, "switch"},
    {DeviceKind::Nvme, "nvme"},         {DeviceKind::Ps, "ps"},
};

int findRoot(std::vector<int>& parent, int x)
{
    while (parent[std::size_t(x)] != x) {
        parent[std::size_t(x)] = parent[std::size_t(parent[std::size_t(x)])];
        x = parent[std::size_t(x)];
    }
    return x;
}

// Sets *ERROR to MESSAGE; false, for `return fail(...)`.
bool fail(std::string* error, std::string message)
{
    if (error)
        *error = std::move(message);
    return false;
}

std::int64_t bits(double v)
{
    return std::bit_cast<std::int64_t>(v);
}

} // namespace

const char* deviceKindName(DeviceKind kind)
{
    for (const KindName& k : kDeviceKinds)
        if (k.kind == kind)
            return k.name;
    return "";
}

bool deviceKindFromName(std::string_view name, DeviceKind& out)
{
    for (const KindName& k : kDeviceKinds) {
        if (name == k.name) {
            out = k.kind;
            return true;
        }
    }
    return false;
}

namespace {
std::uint64_t nextGraphSerial()
{
    static std::atomic<std::uint64_t> next{1};
    return next.fetch_add(1, std::memory_order_relaxed);
}
} // namespace

bool TopologyGraph::build(const Topology& topology, TopologyGraph& out, std::string* error)
{
    TopologyGraph g;
    if (!g.readDevices(topology, error) || !g.readLinks(topology, error))
        return false;
    g.bundleLinks(0, g.m_links.size());
    g.index();
    g.m_serial = nextGraphSerial();
    out = std::move(g);
    return true;
}

bool TopologyGraph::build(const ReplicatedTopology& r, TopologyGraph& out, std::string* error)
{
    TopologyGraph g;
    if (!g.readReplicated(r, error))
        return false;
    // Machine 0's links make its edges, which every other machine repeats (implied, not stored); then the
    // fabric's.
    const std::size_t machineLinks = r.machine.links.size();
    g.bundleLinks(0, machineLinks);
    g.m_machineLinks = machineLinks;
    g.m_machineEdges = g.m_edges.size();
    g.m_impliedLinks = std::size_t(r.machines) * machineLinks;
    g.m_impliedEdges = std::size_t(r.machines) * g.m_machineEdges;
    g.bundleLinks(machineLinks, g.m_links.size());
    g.index(g.m_localNames.size(), g.m_machineEdges);
    g.m_serial = nextGraphSerial();
    out = std::move(g);
    return true;
}

// What both builds derive from the bundled edges: arcs, machines, their templates, the GPUs' ordinals.
void TopologyGraph::index(std::size_t machineDevices, std::size_t machineEdges)
{
    indexArcs();
    findHosts(machineDevices, machineEdges);
    findTemplates();
    indexGpus();
}

bool TopologyGraph::readDevices(const Topology& topology, std::string* error)
{
    const std::size_t nd = topology.nodes.size();
    m_devices.reserve(nd);
    m_ids.reserve(nd);
    m_deviceIndex.reserve(nd);
    for (std::size_t i = 0; i < nd; ++i) {
        const TopologyNode& node = topology.nodes[i];
        Device d;
        if (node.id.empty())
            return fail(error, "nodes[" + std::to_string(i) + "]: a device needs a non-empty id");
        if (!deviceKindFromName(node.kind, d.kind))
            return fail(error, "nodes[" + std::to_string(i) + "]: unknown device kind \"" + node.kind + "\"");
        if (!m_deviceIndex.emplace(node.id, int(i)).second)
            return fail(error, "the device id \"" + node.id + "\" is used twice");
        m_ids.push_back(node.id);
        m_devices.push_back(d);
    }
    return true;
}

namespace {

// The figures of link L of kind KIND are in range; else false with *ERROR naming WHERE ("links[3]").
template <typename Where> bool checkLinkFigures(const TopologyLink& l, const Where& where, std::string* error)
{
    if (!(l.bandwidth_Bps > 0) || !(l.bandwidth_Bps < 1e18))
        return fail(error, where() + ".bandwidth_Bps: expected a bandwidth above 0 B/s and below 1e18 B/s");
    if (!(l.latency_s >= 0) || !(l.latency_s < 1e3))
        return fail(error, where() + ".latency_s: expected a latency from 0 s to 1000 s");
    if (!(l.efficiency > 0 && l.efficiency <= 1))
        return fail(error, where() + ".efficiency: expected an efficiency above 0 and at most 1");
    return true;
}

} // namespace

int TopologyGraph::kindIndex(const std::string& kind)
{
    for (std::size_t k = m_kinds.size(); k-- > 0;)
        if (m_kinds[k] == kind)
            return int(k);
    m_kinds.push_back(kind);
    return int(m_kinds.size() - 1);
}

// Links join two different known devices; their kind is known and their figures are in range.
bool TopologyGraph::readLinks(const Topology& topology, std::string* error)
{
    const std::size_t nl = topology.links.size();
    m_links.reserve(nl);
    m_linkIds.reserve(nl);
    for (std::size_t i = 0; i < nl; ++i) {
        const TopologyLink& tl = topology.links[i];
        // The entry's place, for the messages (built only when one is needed).
        const auto where = [i] { return "links[" + std::to_string(i) + "]"; };
        Link& l = m_links.emplace_back();
        m_linkIds.push_back(tl.id.empty() ? "link" + std::to_string(i) : tl.id);
        l.a = findDevice(tl.a);
        l.b = findDevice(tl.b);
        if (l.a < 0)
            return fail(error, where() + ".a: no device has the id \"" + tl.a + "\"");
        if (l.b < 0)
            return fail(error, where() + ".b: no device has the id \"" + tl.b + "\"");
        if (l.a == l.b)
            return fail(error, where() + ": a link must join two different devices");
        if (!linkClassOf(tl.kind, l.cls))
            return fail(error, where() + ".kind: unknown link kind \"" + tl.kind + "\"");
        if (!checkLinkFigures(tl, where, error))
            return false;
        if (tl.count < 1)
            return fail(error, where() + ".count: expected at least 1 link");
        l.kind = std::uint16_t(kindIndex(tl.kind));
        l.bandwidth_Bps = tl.bandwidth_Bps;
        l.count = tl.count;
        l.latency_s = tl.latency_s;
        l.efficiency = tl.efficiency;
    }
    // Repeated ids, found by sorting the indices by id (no string is copied); the first repeat in the file's
    // order is the one named.
    m_linksById.resize(nl);
    std::iota(m_linksById.begin(), m_linksById.end(), 0);
    const auto byId = [this](int x, int y) {
        const int c = m_linkIds[std::size_t(x)].compare(m_linkIds[std::size_t(y)]);
        return c < 0 || (c == 0 && x < y);
    };
    std::sort(m_linksById.begin(), m_linksById.end(), byId);
    int repeat = -1;
    for (std::size_t k = 1; k < nl; ++k) {
        const int x = m_linksById[k - 1], y = m_linksById[k];
        if (m_linkIds[std::size_t(x)] == m_linkIds[std::size_t(y)] && (repeat < 0 || y < repeat))
            repeat = y;
    }
    if (repeat >= 0)
        return fail(error, "the link id \"" + m_linkIds[std::size_t(repeat)] + "\" is used twice");
    return true;
}

namespace {

constexpr std::string_view kMachinePrefix = "n0.";

} // namespace

// Machine 0 read as a plain topology (its checks and messages), its devices copied MACHINES times, its links
// kept once (the other machines' are implied); then the fabric.
bool TopologyGraph::readReplicated(const ReplicatedTopology& r, std::string* error)
{
    TopologyGraph machine;
    std::string why;
    if (!machine.readDevices(r.machine, &why) || !machine.readLinks(r.machine, &why))
        return fail(error, "machine: " + why);
    const std::size_t nd = machine.m_devices.size(), nl = machine.m_links.size();
    if (r.machines < 1 || nd == 0 || r.machines > (std::int64_t(1) << 30) / std::int64_t(nd + nl))
        return fail(error, "expected 1 or more machines of at least one device, at most 2^30 devices");
    m_localNames.reserve(nd);
    for (const std::string& id : machine.m_ids) {
        if (id.size() <= kMachinePrefix.size() || id.compare(0, kMachinePrefix.size(), kMachinePrefix) != 0)
            return fail(error, "machine: the device id \"" + id + "\" does not start with \"n0.\"");
        m_localNames.push_back(id.substr(kMachinePrefix.size()));
    }
    m_machines = r.machines;
    m_kinds = machine.m_kinds;
    const std::size_t machines = std::size_t(r.machines), devices = machines * nd + r.fabric.size();
    m_devices.reserve(devices);
    for (std::size_t k = 0; k < machines; ++k)
        m_devices.insert(m_devices.end(), machine.m_devices.begin(), machine.m_devices.end());
    m_ids.reserve(r.fabric.size());
    for (std::size_t j = 0; j < r.fabric.size(); ++j) {
        const TopologyNode& node = r.fabric[j];
        Device d;
        if (node.id.empty() || !deviceKindFromName(node.kind, d.kind))
            return fail(error, "fabric[" + std::to_string(j) + "]: expected a non-empty id and a known kind");
        if (!m_deviceIndex.emplace(node.id, int(machines * nd + j)).second || machineDevice(node.id) >= 0)
            return fail(error, "the device id \"" + node.id + "\" is used twice");
        m_ids.push_back(node.id);
        m_devices.push_back(d);
    }
    m_links.reserve(nl + r.fabricLinks.size());
    m_links.insert(m_links.end(), machine.m_links.begin(), machine.m_links.end());
    std::vector<int> kinds;
    for (std::size_t i = 0; i < r.kinds.size(); ++i) {
        const TopologyLink& k = r.kinds[i];
        LinkClass cls;
        const auto where = [i] { return "kinds[" + std::to_string(i) + "]"; };
        if (!linkClassOf(k.kind, cls))
            return fail(error, where() + ".kind: unknown link kind \"" + k.kind + "\"");
        if (!checkLinkFigures(k, where, error))
            return false;
        kinds.push_back(kindIndex(k.kind));
    }
    for (std::size_t i = 0; i < r.fabricLinks.size(); ++i) {
        const ReplicatedTopology::FabricLink& f = r.fabricLinks[i];
        const auto where = "fabricLinks[" + std::to_string(i) + "]";
        if (f.a < 0 || f.b < 0 || f.a >= std::int64_t(devices) || f.b >= std::int64_t(devices) || f.a == f.b)
            return fail(error, where + ": expected two different devices of the topology");
        if (f.a < std::int64_t(machines * nd) && f.b < std::int64_t(machines * nd) &&
            f.a / std::int64_t(nd) == f.b / std::int64_t(nd))
            return fail(error, where + ": joins two devices of one machine (a machine's links are its own)");
        if (f.kind < 0 || std::size_t(f.kind) >= r.kinds.size() || f.count < 1)
            return fail(error, where + ": expected a kind of kinds and at least 1 link");
        const TopologyLink& k = r.kinds[std::size_t(f.kind)];
        Link& l = m_links.emplace_back();
        l.a = int(f.a);
        l.b = int(f.b);
        linkClassOf(k.kind, l.cls);
        l.kind = std::uint16_t(kinds[std::size_t(f.kind)]);
        l.bandwidth_Bps = k.bandwidth_Bps;
        l.count = f.count;
        l.latency_s = k.latency_s;
        l.efficiency = k.efficiency;
    }
    return true;
}

// Bundles the parallel links of one class among the stored links [FROM, TO) into edges.
void TopologyGraph::bundleLinks(std::size_t from, std::size_t to)
{
    // The stored edge of each (device, device, class) so far.
    FlatIndex edgeOf(to - from);
    m_edges.reserve(m_edges.size() + (to - from));
    std::vector<signed char> nvlsKind(m_kinds.size(), -1);
    for (std::size_t i = from; i < to; ++i) {
        Link& l = m_links[i];
        // No key has all bits set: device indices stay below 2^30, so bits 33 and 34 are 0.
        const std::uint64_t key = (std::uint64_t(std::min(l.a, l.b)) << 35) |
                                  (std::uint64_t(std::max(l.a, l.b)) << 3) | std::uint64_t(l.cls);
        bool fresh = false;
        int& storedEdge = edgeOf.find(key, fresh);
        if (fresh) {
            storedEdge = int(m_edges.size());
            Edge e;
            e.a = l.a;
            e.b = l.b;
            e.cls = l.cls;
            e.latency_s = l.latency_s;
            e.network = l.cls == LinkClass::Network ||
                        m_devices[std::size_t(l.a)].kind == DeviceKind::Switch ||
                        m_devices[std::size_t(l.b)].kind == DeviceKind::Switch;
            m_edges.push_back(e);
        }
        Edge& e = m_edges[std::size_t(storedEdge)];
        // Its index: a fabric edge is numbered after every machine's (m_machineEdges is 0 until machine 0's
        // links are bundled).
        l.edge = int(std::size_t(storedEdge) >= m_machineEdges
                         ? std::size_t(storedEdge) - m_machineEdges + m_impliedEdges
                         : std::size_t(storedEdge));
        e.capacity += l.capacity();
        e.effective += l.capacity() * l.efficiency;
        e.latency_s = std::min(e.latency_s, l.latency_s);
        e.count += l.count;
        const bool atNvSwitch = m_devices[std::size_t(l.a)].kind == DeviceKind::NvSwitch ||
                                m_devices[std::size_t(l.b)].kind == DeviceKind::NvSwitch;
        if (atNvSwitch) {
            signed char& nvls = nvlsKind[l.kind];
            if (nvls < 0)
                nvls = linkDefaults(m_kinds[l.kind]).nvls ? 1 : 0;
            e.nvls = e.nvls || nvls > 0;
        }
    }
}

// Each edge's links and each device's arcs as flat lists, both in the order of the links and edges.
void TopologyGraph::indexArcs()
{
    // The stored edges' links (a machine's copy shifts its twin's: edgeLinks()).
    const std::size_t nd = m_devices.size(), storedEdges = m_edges.size();
    m_edgeLinkStart.assign(storedEdges + 1, 0);
    for (const Link& l : m_links)
        ++m_edgeLinkStart[stored(std::size_t(l.edge), m_impliedEdges, m_machineEdges).index + 1];
    std::partial_sum(m_edgeLinkStart.begin(), m_edgeLinkStart.end(), m_edgeLinkStart.begin());
    m_edgeLinks.resize(m_links.size());
    {
        std::vector<int> next(m_edgeLinkStart.begin(), m_edgeLinkStart.end() - 1);
        for (std::size_t i = 0; i < m_links.size(); ++i) {
            const std::size_t index = i >= m_machineLinks ? i - m_machineLinks + m_impliedLinks : i;
            m_edgeLinks[std::size_t(
                next[stored(std::size_t(m_links[i].edge), m_impliedEdges, m_machineEdges).index]++)] =
                int(index);
        }
    }
    m_arcStart.assign(nd + 1, 0);
    forEachEdge([&](int, const Edge& e) {
        ++m_arcStart[std::size_t(e.a) + 1];
        ++m_arcStart[std::size_t(e.b) + 1];
    });
    std::partial_sum(m_arcStart.begin(), m_arcStart.end(), m_arcStart.begin());
    m_arcs.resize(2 * edgeCount());
    std::vector<int> next(m_arcStart.begin(), m_arcStart.end() - 1);
    forEachEdge([&](int e, const Edge& edge) {
        m_arcs[std::size_t(next[std::size_t(edge.a)]++)] = {edge.b, arcIndex(e, 0)};
        m_arcs[std::size_t(next[std::size_t(edge.b)]++)] = {edge.a, arcIndex(e, 1)};
    });
}

// Hosts: components over non-network edges; network switches belong to none. Then each host's edges
// and the devices on the network (ports).
void TopologyGraph::findHosts(std::size_t machineDevices, std::size_t machineEdges)
{
    const std::size_t nd = m_devices.size();
    // A replicated cluster whose fabric is all network: its machines are joined by the network alone, so
    // machine k's hosts are machine 0's, shifted; the components are found in machine 0 only, and each other
    // device of the fabric is a host of its own.
    const std::size_t machines = machineDevices > 0 ? std::size_t(m_machines) : 0;
    bool replicated = machines > 1 && machineEdges > 0;
    for (std::size_t e = machines * machineEdges; replicated && e < edgeCount(); ++e)
        replicated = edge(int(e)).network;
    const std::size_t unionDevices = replicated ? machineDevices : nd;
    std::vector<int> parent(unionDevices);
    std::iota(parent.begin(), parent.end(), 0);
    const auto join = [&](int, const Edge& e) {
        if (!e.network)
            parent[std::size_t(findRoot(parent, e.a))] = findRoot(parent, e.b);
    };
    if (replicated)
        for (std::size_t e = 0; e < machineEdges; ++e)
            join(int(e), m_edges[e]); // machine 0's, stored first
    else
        forEachEdge(join);
    // Hosts numbered in the order of their first device; each host's devices and edges in index order, in
    // flat arrays (a million machines would otherwise be two million small vectors).
    std::vector<int> hostOfRoot(unionDevices, -1);
    std::vector<int> count; // per host: devices, then edges
    int hosts = 0;
    m_machineHosts = 0;
    bool machinesPlaced = false;
    for (std::size_t d = 0; d < nd; ++d) {
        Device& dev = m_devices[d];
        if (dev.kind == DeviceKind::Switch)
            continue;
        if (replicated && d >= machineDevices) {
            if (!machinesPlaced) { // machine 0 done: every machine's hosts
                machinesPlaced = true;
                m_machineHosts = hosts;
                hosts = int(machines) * hosts;
                count.resize(std::size_t(hosts), 0);
            }
            if (d < machines * machineDevices) {
                const Device& twin = m_devices[d % machineDevices];
                dev.host = twin.host + int(d / machineDevices) * m_machineHosts;
                dev.local = twin.local;
                ++count[std::size_t(dev.host)];
            } else {
                dev.host = hosts++;
                dev.local = 0;
                count.push_back(1);
            }
            continue;
        }
        const int root = findRoot(parent, int(d));
        if (hostOfRoot[std::size_t(root)] < 0) {
            hostOfRoot[std::size_t(root)] = hosts++;
            count.push_back(0);
        }
        dev.host = hostOfRoot[std::size_t(root)];
        dev.local = count[std::size_t(dev.host)]++;
    }
    m_hostDeviceStart.assign(std::size_t(hosts) + 1, 0);
    for (int h = 0; h < hosts; ++h)
        m_hostDeviceStart[std::size_t(h) + 1] = m_hostDeviceStart[std::size_t(h)] + count[std::size_t(h)];
    m_hostDevices.assign(std::size_t(m_hostDeviceStart.back()), -1);
    for (std::size_t d = 0; d < nd; ++d) {
        const Device& dev = m_devices[d];
        if (dev.kind != DeviceKind::Switch)
            m_hostDevices[std::size_t(m_hostDeviceStart[std::size_t(dev.host)] + dev.local)] = int(d);
    }
    count.assign(std::size_t(hosts), 0);
    m_localEdge.assign(edgeCount(), -1);
    forEachEdge([&](int e, const Edge& x) {
        if (!x.network)
            m_localEdge[std::size_t(e)] = count[std::size_t(m_devices[std::size_t(x.a)].host)]++;
    });
    m_hostEdgeStart.assign(std::size_t(hosts) + 1, 0);
    for (int h = 0; h < hosts; ++h)
        m_hostEdgeStart[std::size_t(h) + 1] = m_hostEdgeStart[std::size_t(h)] + count[std::size_t(h)];
    m_hostEdges.assign(std::size_t(m_hostEdgeStart.back()), -1);
    forEachEdge([&](int e, const Edge& x) {
        const int local = m_localEdge[std::size_t(e)];
        if (local >= 0)
            m_hostEdges[std::size_t(m_hostEdgeStart[std::size_t(m_devices[std::size_t(x.a)].host)] + local)] =
                e;
    });
    m_isPort.assign(nd, false);
    forEachEdge([&](int, const Edge& e) {
        if (!e.network)
            return;
        for (int end : {e.a, e.b})
            if (m_devices[std::size_t(end)].kind != DeviceKind::Switch)
                m_isPort[std::size_t(end)] = true;
    });
}

// Templates: hosts equal in device kinds, ports and edges (by local index) route alike.
void TopologyGraph::findTemplates()
{
    struct SignatureHash
    {
        std::size_t operator()(const std::vector<std::int64_t>& v) const
        {
            std::uint64_t h = 1469598103934665603ULL; // FNV-1a over the words
            for (std::int64_t x : v)
                h = (h ^ std::uint64_t(x)) * 1099511628211ULL;
            return std::size_t(h);
        }
    };
    std::unordered_map<std::vector<std::int64_t>, int, SignatureHash> templates;
    m_hostTemplate.assign(std::size_t(hostCount()), -1);
    std::vector<std::int64_t> sig;
    // A replicated cluster's machine k repeats machine 0's hosts device for device and edge for edge: its
    // host has its twin's template when its devices are ports of the network where the twin's are.
    const int machineHosts = m_machineHosts;
    const int replicatedHosts = machineHosts > 0 ? int(m_machines) * machineHosts : 0;
    const auto twinOf = [&](int h) { return h % machineHosts; };
    for (int h = 0; h < hostCount(); ++h) {
        if (h >= machineHosts && h < replicatedHosts) {
            const auto mine = hostDevices(h), twins = hostDevices(twinOf(h));
            bool same = mine.size() == twins.size();
            for (std::size_t i = 0; same && i < mine.size(); ++i)
                same = m_isPort[std::size_t(mine[i])] == m_isPort[std::size_t(twins[i])];
            if (same) {
                m_hostTemplate[std::size_t(h)] = m_hostTemplate[std::size_t(twinOf(h))];
                continue;
            }
        }
        sig.clear();
        sig.push_back(std::int64_t(hostDevices(h).size()));
        for (int d : hostDevices(h))
            sig.push_back(int(m_devices[std::size_t(d)].kind) * 2 + (m_isPort[std::size_t(d)] ? 1 : 0));
        sig.push_back(std::int64_t(hostEdges(h).size()));
        for (int e : hostEdges(h)) {
            const Edge x = edge(e);
            sig.insert(sig.end(),
                       {m_devices[std::size_t(x.a)].local, m_devices[std::size_t(x.b)].local, int(x.cls),
                        x.count, bits(x.capacity), bits(x.effective), bits(x.latency_s), x.nvls ? 1 : 0});
            for (int l : edgeLinks(e)) // the kinds too: "same links up to their ids"
                sig.push_back(link(l).kind);
        }
        const auto it = templates.find(sig);
        m_hostTemplate[std::size_t(h)] =
            it != templates.end() ? it->second : templates.emplace(sig, h).first->second;
    }
}

void TopologyGraph::indexGpus()
{
    const std::size_t nd = m_devices.size();
    m_gpuOrdinal.assign(nd, -1);
    for (std::size_t d = 0; d < nd; ++d) {
        if (m_devices[d].kind == DeviceKind::Gpu) {
            m_gpuOrdinal[d] = int(m_gpus.size());
            m_gpus.push_back(int(d));
        }
    }
}

namespace {

// The decimal number at the start of S, its digits removed from S; -1 without one (or beyond 2^31).
std::int64_t takeNumber(std::string_view& s)
{
    std::int64_t v = 0;
    std::size_t i = 0;
    for (; i < s.size() && s[i] >= '0' && s[i] <= '9' && i < 10; ++i)
        v = v * 10 + (s[i] - '0');
    if (i == 0 || (i > 1 && s[0] == '0') || v > std::numeric_limits<int>::max())
        return -1;
    s.remove_prefix(i);
    return v;
}

} // namespace

int TopologyGraph::machineDevice(std::string_view id) const
{
    if (m_machines == 0 || id.size() < 4 || id[0] != 'n')
        return -1;
    id.remove_prefix(1);
    const std::int64_t k = takeNumber(id);
    if (k < 0 || k >= m_machines || id.empty() || id[0] != '.')
        return -1;
    id.remove_prefix(1);
    for (std::size_t i = 0; i < m_localNames.size(); ++i)
        if (m_localNames[i] == id)
            return int(k * std::int64_t(m_localNames.size()) + std::int64_t(i));
    return -1;
}

void TopologyGraph::appendDeviceId(std::string& out, int device) const
{
    const std::int64_t replicated = m_machines * std::int64_t(m_localNames.size());
    if (device < replicated) {
        // "n<machine>.<name>", built in place: a link row of a large cluster names two devices.
        const std::size_t n = m_localNames.size();
        char digits[24];
        const auto end = std::to_chars(digits, digits + sizeof digits, std::size_t(device) / n).ptr;
        out += 'n';
        out.append(digits, end);
        out += '.';
        out += m_localNames[std::size_t(device) % n];
        return;
    }
    out += m_ids[std::size_t(device - replicated)];
}

std::string TopologyGraph::deviceId(int device) const
{
    std::string id;
    appendDeviceId(id, device);
    return id;
}

std::string TopologyGraph::linkId(int link) const
{
    if (m_machines == 0)
        return m_linkIds[std::size_t(link)];
    const Link l = this->link(link);
    std::string id = deviceId(l.a);
    id += '~';
    appendDeviceId(id, l.b);
    return id;
}

int TopologyGraph::findDevice(std::string_view id) const
{
    const int machine = machineDevice(id);
    if (machine >= 0)
        return machine;
    const auto it = m_deviceIndex.find(id); // a plain topology's devices, or a replicated one's fabric
    return it == m_deviceIndex.end() ? -1 : it->second;
}

int TopologyGraph::findLink(std::string_view id) const
{
    if (m_machines == 0) {
        const auto it =
            std::lower_bound(m_linksById.begin(), m_linksById.end(), id,
                             [this](int x, std::string_view v) { return m_linkIds[std::size_t(x)] < v; });
        return it != m_linksById.end() && m_linkIds[std::size_t(*it)] == id ? *it : -1;
    }
    // Replicated: "<a>~<b>" names the link from a to b (generated ids hold no "~").
    const std::size_t tilde = id.find('~');
    if (tilde == std::string_view::npos)
        return -1;
    const int a = findDevice(id.substr(0, tilde)), b = findDevice(id.substr(tilde + 1));
    if (a < 0 || b < 0)
        return -1;
    for (const Arc& arc : arcsFrom(a))
        if (arc.to == b)
            for (int l : edgeLinks(arcEdge(arc.arc)))
                if (const Link x = link(l); x.a == a && x.b == b)
                    return l;
    return -1;
}

Topology expand(const ReplicatedTopology& r)
{
    Topology t;
    const std::size_t nd = r.machine.nodes.size();
    const std::size_t machines = std::size_t(std::max<std::int64_t>(r.machines, 0));
    t.nodes.reserve(machines * nd + r.fabric.size());
    t.links.reserve(machines * r.machine.links.size() + r.fabricLinks.size());
    const std::string_view labelPrefix = "node 0 ";
    // Machine k's id of machine 0's ID.
    const auto moved = [](const std::string& id, const std::string& prefix) {
        return id.compare(0, kMachinePrefix.size(), kMachinePrefix) == 0
                   ? prefix + id.substr(kMachinePrefix.size())
                   : id;
    };
    for (std::size_t k = 0; k < machines; ++k) {
        const std::string prefix = "n" + std::to_string(k) + ".";
        for (const TopologyNode& n : r.machine.nodes) {
            TopologyNode c = n;
            c.id = moved(n.id, prefix);
            if (k > 0 && n.label.compare(0, labelPrefix.size(), labelPrefix) == 0)
                c.label = "node " + std::to_string(k) + " " + n.label.substr(labelPrefix.size());
            c.x += double(k) * r.pitch;
            t.nodes.push_back(std::move(c));
        }
        for (const TopologyLink& l : r.machine.links) {
            TopologyLink c = l;
            c.a = moved(l.a, prefix);
            c.b = moved(l.b, prefix);
            c.id = c.a + "~" + c.b;
            t.links.push_back(std::move(c));
        }
    }
    t.nodes.insert(t.nodes.end(), r.fabric.begin(), r.fabric.end());
    const auto idOf = [&](std::int64_t device) -> const std::string& {
        return t.nodes[std::size_t(device)].id;
    };
    for (const ReplicatedTopology::FabricLink& f : r.fabricLinks) {
        if (f.a < 0 || f.b < 0 || std::size_t(f.a) >= t.nodes.size() || std::size_t(f.b) >= t.nodes.size() ||
            f.kind < 0 || std::size_t(f.kind) >= r.kinds.size())
            continue; // TopologyGraph::build(r) names it
        TopologyLink c = r.kinds[std::size_t(f.kind)];
        c.a = idOf(f.a);
        c.b = idOf(f.b);
        c.id = c.a + "~" + c.b;
        c.count = f.count;
        t.links.push_back(std::move(c));
    }
    return t;
}

} // namespace ss
