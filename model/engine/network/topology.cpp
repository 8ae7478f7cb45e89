// SPDX-License-Identifier: GPL-3.0-or-later
#include "topology.h"

#include <algorithm>
#include <bit>
#include <map>
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

bool TopologyGraph::build(const Topology& topology, TopologyGraph& out, std::string* error)
{
    TopologyGraph g;
    if (!g.readDevices(topology, error) || !g.readLinks(topology, error))
        return false;
    g.bundleLinks();
    g.findHosts();
    g.findTemplates();
    g.indexGpus();
    out = std::move(g);
    return true;
}

bool TopologyGraph::readDevices(const Topology& topology, std::string* error)
{
    const std::size_t nd = topology.nodes.size();
    m_devices.reserve(nd);
    m_deviceIndex.reserve(nd);
    for (std::size_t i = 0; i < nd; ++i) {
        const TopologyNode& node = topology.nodes[i];
        Device d;
        d.id = node.id;
        d.label = node.label;
        if (d.id.empty())
            return fail(error, "nodes[" + std::to_string(i) + "]: a device needs a non-empty id");
        if (!deviceKindFromName(node.kind, d.kind))
            return fail(error, "nodes[" + std::to_string(i) + "]: unknown device kind \"" + node.kind + "\"");
        if (!m_deviceIndex.emplace(d.id, int(i)).second)
            return fail(error, "the device id \"" + d.id + "\" is used twice");
        m_devices.push_back(std::move(d));
    }
    return true;
}

// Links join two different known devices; their kind is known and their figures are in range.
bool TopologyGraph::readLinks(const Topology& topology, std::string* error)
{
    const std::size_t nl = topology.links.size();
    m_links.reserve(nl);
    for (std::size_t i = 0; i < nl; ++i) {
        const TopologyLink& tl = topology.links[i];
        // The entry's place, for the messages (built only when one is needed).
        const auto where = [i] { return "links[" + std::to_string(i) + "]"; };
        Link& l = m_links.emplace_back();
        l.id = tl.id.empty() ? "link" + std::to_string(i) : tl.id;
        l.kind = tl.kind;
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
        if (!(tl.bandwidth_Bps > 0) || !(tl.bandwidth_Bps < 1e18))
            return fail(error,
                        where() + ".bandwidth_Bps: expected a bandwidth above 0 B/s and below 1e18 B/s");
        if (!(tl.latency_s >= 0) || !(tl.latency_s < 1e3))
            return fail(error, where() + ".latency_s: expected a latency from 0 s to 1000 s");
        if (!(tl.efficiency > 0 && tl.efficiency <= 1))
            return fail(error, where() + ".efficiency: expected an efficiency above 0 and at most 1");
        if (tl.count < 1)
            return fail(error, where() + ".count: expected at least 1 link");
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
        const int c = m_links[std::size_t(x)].id.compare(m_links[std::size_t(y)].id);
        return c < 0 || (c == 0 && x < y);
    };
    std::sort(m_linksById.begin(), m_linksById.end(), byId);
    int repeat = -1;
    for (std::size_t k = 1; k < nl; ++k) {
        const int x = m_linksById[k - 1], y = m_linksById[k];
        if (m_links[std::size_t(x)].id == m_links[std::size_t(y)].id && (repeat < 0 || y < repeat))
            repeat = y;
    }
    if (repeat >= 0)
        return fail(error, "the link id \"" + m_links[std::size_t(repeat)].id + "\" is used twice");
    return true;
}

// Bundles parallel links of one class into edges, each with its two arcs.
void TopologyGraph::bundleLinks()
{
    const std::size_t nd = m_devices.size();
    const std::size_t nl = m_links.size();
    std::unordered_map<std::uint64_t, int> bundle;
    bundle.reserve(nl);
    m_edges.reserve(nl);
    std::unordered_map<std::string_view, bool> nvlsKinds;
    for (std::size_t i = 0; i < nl; ++i) {
        Link& l = m_links[i];
        const std::uint64_t key = (std::uint64_t(std::min(l.a, l.b)) << 35) |
                                  (std::uint64_t(std::max(l.a, l.b)) << 3) | std::uint64_t(l.cls);
        auto [it, fresh] = bundle.emplace(key, int(m_edges.size()));
        if (fresh) {
            Edge e;
            e.a = l.a;
            e.b = l.b;
            e.cls = l.cls;
            e.latency_s = l.latency_s;
            e.network = l.cls == LinkClass::Network ||
                        m_devices[std::size_t(l.a)].kind == DeviceKind::Switch ||
                        m_devices[std::size_t(l.b)].kind == DeviceKind::Switch;
            m_edges.push_back(std::move(e));
        }
        Edge& e = m_edges[std::size_t(it->second)];
        l.edge = it->second;
        e.links.push_back(int(i));
        e.capacity += l.capacity();
        e.effective += l.capacity() * l.efficiency;
        e.latency_s = std::min(e.latency_s, l.latency_s);
        e.count += l.count;
        const bool atNvSwitch = m_devices[std::size_t(l.a)].kind == DeviceKind::NvSwitch ||
                                m_devices[std::size_t(l.b)].kind == DeviceKind::NvSwitch;
        if (atNvSwitch) {
            auto [kind, freshKind] = nvlsKinds.emplace(l.kind, false);
            if (freshKind)
                kind->second = linkDefaults(l.kind).nvls;
            e.nvls = e.nvls || kind->second;
        }
    }

    m_adjacency.assign(nd, {});
    for (std::size_t e = 0; e < m_edges.size(); ++e) {
        const Edge& edge = m_edges[e];
        m_adjacency[std::size_t(edge.a)].push_back({edge.b, arcIndex(int(e), 0)});
        m_adjacency[std::size_t(edge.b)].push_back({edge.a, arcIndex(int(e), 1)});
    }
}

// Hosts: components over non-network edges; network switches belong to none. Then each host's edges
// and the devices on the network (ports).
void TopologyGraph::findHosts()
{
    const std::size_t nd = m_devices.size();
    std::vector<int> parent(nd);
    std::iota(parent.begin(), parent.end(), 0);
    for (const Edge& e : m_edges)
        if (!e.network)
            parent[std::size_t(findRoot(parent, e.a))] = findRoot(parent, e.b);
    std::vector<int> hostOfRoot(nd, -1);
    for (std::size_t d = 0; d < nd; ++d) {
        Device& dev = m_devices[d];
        if (dev.kind == DeviceKind::Switch)
            continue;
        const int root = findRoot(parent, int(d));
        if (hostOfRoot[std::size_t(root)] < 0) {
            hostOfRoot[std::size_t(root)] = int(m_hostDevices.size());
            m_hostDevices.emplace_back();
        }
        dev.host = hostOfRoot[std::size_t(root)];
        dev.local = int(m_hostDevices[std::size_t(dev.host)].size());
        m_hostDevices[std::size_t(dev.host)].push_back(int(d));
    }
    m_hostEdges.assign(m_hostDevices.size(), {});
    m_localEdge.assign(m_edges.size(), -1);
    for (std::size_t e = 0; e < m_edges.size(); ++e) {
        const Edge& edge = m_edges[e];
        if (edge.network)
            continue;
        auto& list = m_hostEdges[std::size_t(m_devices[std::size_t(edge.a)].host)];
        m_localEdge[e] = int(list.size());
        list.push_back(int(e));
    }
    m_isPort.assign(nd, false);
    for (const Edge& e : m_edges) {
        if (!e.network)
            continue;
        for (int end : {e.a, e.b})
            if (m_devices[std::size_t(end)].kind != DeviceKind::Switch)
                m_isPort[std::size_t(end)] = true;
    }
}

// Templates: hosts equal in device kinds, ports and edges (by local index) route alike.
void TopologyGraph::findTemplates()
{
    std::map<std::vector<std::int64_t>, int> templates;
    m_hostTemplate.assign(m_hostDevices.size(), -1);
    for (std::size_t h = 0; h < m_hostDevices.size(); ++h) {
        std::vector<std::int64_t> sig;
        sig.push_back(std::int64_t(m_hostDevices[h].size()));
        for (int d : m_hostDevices[h])
            sig.push_back(int(m_devices[std::size_t(d)].kind) * 2 + (m_isPort[std::size_t(d)] ? 1 : 0));
        sig.push_back(std::int64_t(m_hostEdges[h].size()));
        for (int e : m_hostEdges[h]) {
            const Edge& edge = m_edges[std::size_t(e)];
            sig.insert(sig.end(), {m_devices[std::size_t(edge.a)].local, m_devices[std::size_t(edge.b)].local,
                                   int(edge.cls), edge.count, bits(edge.capacity), bits(edge.effective),
                                   bits(edge.latency_s), edge.nvls ? 1 : 0});
        }
        const auto [it, fresh] = templates.emplace(std::move(sig), int(h));
        m_hostTemplate[h] = it->second;
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

int TopologyGraph::findDevice(std::string_view id) const
{
    const auto it = m_deviceIndex.find(id);
    return it == m_deviceIndex.end() ? -1 : it->second;
}

int TopologyGraph::findLink(std::string_view id) const
{
    const auto it =
        std::lower_bound(m_linksById.begin(), m_linksById.end(), id,
                         [this](int x, std::string_view v) { return m_links[std::size_t(x)].id < v; });
    return it != m_linksById.end() && m_links[std::size_t(*it)].id == id ? *it : -1;
}

} // namespace ss