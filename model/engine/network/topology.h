// SPDX-License-Identifier: GPL-3.0-or-later
// The topology graph the communication model routes over (docs/architecture.md; docs/formats.md, "Topology"):
// devices and links built from the plain Topology of a scenario (scenario.h) or a generated cluster
// (presets.h). Parallel links of one class between the same two devices form one edge (a bundle), and
// each edge has two directions (arcs), because links are full duplex and bandwidths are per direction.
#pragma once

#include "linkcatalog.h"
#include "scenario.h"

#include <cstdint>
#include <span>
#include <string>
#include <string_view>
#include <unordered_map>
#include <utility>
#include <vector>

namespace ss {

enum class DeviceKind
{
    Gpu,
    Cpu,
    PcieSwitch,
    NvSwitch,
    Nic,
    Switch,
    Nvme,
    Ps
};
const char*
deviceKindName(DeviceKind kind); // the names of docs/formats.md, "Topology": "gpu", "pcie-switch", ...
bool deviceKindFromName(std::string_view name, DeviceKind& out);

// A device of the graph. Its id is TopologyGraph::deviceId(): graphs of generated clusters keep no string
// per device.
struct Device
{
    DeviceKind kind = DeviceKind::Gpu;
    int host = -1;  // the machine: devices joined by non-network links; -1 for network switches
    int local = -1; // index among its host's devices
};

// A link of the graph; its id is TopologyGraph::linkId() and its kind ("nvlink3") TopologyGraph::linkKind().
struct Link
{
    int a = -1; // device indices
    int b = -1;
    int edge = -1;
    LinkClass cls = LinkClass::Pcie;
    std::uint16_t kind = 0;   // index into the graph's link kinds
    double bandwidth_Bps = 0; // one link, per direction
    std::int64_t count = 1;   // bonded links
    double latency_s = 0;
    double efficiency = 1;
    double capacity() const { return bandwidth_Bps * double(count); } // per direction
};
static_assert(sizeof(Link) <= 48, "a million links: keep Link small");

// The links of one class joining the same two devices, routed as one pipe.
struct Edge
{
    int a = -1;
    int b = -1;
    LinkClass cls = LinkClass::Pcie;
    bool nvls = false;    // NVSwitch ports with in-switch reduction (NVLink SHARP)
    bool network = false; // joins machines: a network-class link or one ending at a network switch
    double capacity = 0;  // Σ bandwidth × count, per direction
    double effective = 0; // Σ bandwidth × count × efficiency: what collectives get, per direction
    double latency_s = 0; // the fastest member's
    std::int64_t count = 0;
};
static_assert(sizeof(Edge) <= 48, "a million edges: keep Edge small (its flags beside the class)");

// A cluster of identical machines and the network between them, described without a string per device
// (presets.h generates them so): machine k's devices and links are machine 0's, with the ids' "n0." made
// "n<k>." and the labels' "node 0 " made "node <k> "; the fabric (network switches, parameter servers) and
// its links follow every machine's devices and links. expand() writes it out as a plain Topology, and
// TopologyGraph::build() of either gives the same graph.
struct ReplicatedTopology
{
    Topology machine; // machine 0: every id starts "n0.", every label "node 0 "; link ids are ignored
    std::int64_t machines = 1;        // copies of it
    double pitch = 0;                 // machine k sits k × pitch to the right of machine 0
    std::vector<TopologyNode> fabric; // after the machines' devices
    struct FabricLink
    {
        std::int64_t a = 0; // device indices of the whole topology: machine k's device i is
        std::int64_t b = 0; // k × machine.nodes.size() + i; fabric device j is machines × that + j
        int kind = 0;       // index into kinds
        std::int64_t count = 1;
    };
    std::vector<FabricLink> fabricLinks;
    std::vector<TopologyLink> kinds; // the fabric links' kind, bandwidth, latency and efficiency
};
// The plain topology of R: every device and link with its id ("a~b" for links), label and position.
Topology expand(const ReplicatedTopology& r);

// Arc index of an edge's direction: 2·edge for a → b, 2·edge + 1 for b → a.
inline int arcIndex(int edge, int dir)
{
    return 2 * edge + dir;
}
inline int arcEdge(int arc)
{
    return arc / 2;
}

class TopologyGraph
{
public:
    struct Arc
    {
        int to = -1;
        int arc = -1; // arcIndex(edge, dir)
    };

    TopologyGraph() = default;

    // Builds the graph from plain data: ids must be unique and non-empty, links must join two different
    // existing devices, kinds must be known, bandwidths positive. On failure returns false and sets *ERROR
    // to a sentence naming the offending entry.
    static bool build(const Topology& topology, TopologyGraph& out, std::string* error = nullptr);
    // The same graph as build(expand(R)), without building a string per device or link.
    static bool build(const ReplicatedTopology& r, TopologyGraph& out, std::string* error = nullptr);

    // A list of link indices: stored ones, each SHIFT further (a machine's copy of machine 0's).
    class LinkList
    {
    public:
        class iterator
        {
        public:
            using value_type = int;
            using difference_type = std::ptrdiff_t;
            iterator() = default;
            iterator(const int* at, int shift) : m_at(at), m_shift(shift) {}
            int operator*() const { return *m_at + m_shift; }
            iterator& operator++()
            {
                ++m_at;
                return *this;
            }
            iterator operator++(int)
            {
                iterator old = *this;
                ++m_at;
                return old;
            }
            bool operator==(const iterator& o) const { return m_at == o.m_at; }

        private:
            const int* m_at = nullptr;
            int m_shift = 0;
        };
        LinkList(std::span<const int> stored, int shift) : m_stored(stored), m_shift(shift) {}
        iterator begin() const { return {m_stored.data(), m_shift}; }
        iterator end() const { return {m_stored.data() + m_stored.size(), m_shift}; }
        std::size_t size() const { return m_stored.size(); }
        bool empty() const { return m_stored.empty(); }
        int front() const { return m_stored.front() + m_shift; }

    private:
        std::span<const int> m_stored;
        int m_shift = 0;
    };

    const std::vector<Device>& devices() const { return m_devices; }
    // Links and edges by index, in the order of the plain build. A generated cluster stores machine 0's and
    // the fabric's only: machine k's are machine 0's with their devices, edge and links shifted k machines
    // on, made when asked for (a million machines' copies were most of the graph's memory).
    std::size_t linkCount() const { return m_impliedLinks + m_links.size() - m_machineLinks; }
    std::size_t edgeCount() const { return m_impliedEdges + m_edges.size() - m_machineEdges; }
    Link link(int l) const
    {
        const Stored at = stored(std::size_t(l), m_impliedLinks, m_machineLinks);
        Link x = m_links[at.index];
        x.a += int(at.machine * m_localNames.size());
        x.b += int(at.machine * m_localNames.size());
        x.edge += int(at.machine * m_machineEdges);
        return x;
    }
    Edge edge(int e) const
    {
        const Stored at = stored(std::size_t(e), m_impliedEdges, m_machineEdges);
        Edge x = m_edges[at.index];
        x.a += int(at.machine * m_localNames.size());
        x.b += int(at.machine * m_localNames.size());
        return x;
    }
    std::span<const Arc> arcsFrom(int device) const
    {
        return {m_arcs.data() + m_arcStart[std::size_t(device)],
                m_arcs.data() + m_arcStart[std::size_t(device) + 1]};
    }
    // The links an edge bundles, in the topology's order.
    LinkList edgeLinks(int edge) const
    {
        const Stored at = stored(std::size_t(edge), m_impliedEdges, m_machineEdges);
        return {slice(m_edgeLinks, m_edgeLinkStart, int(at.index)), int(at.machine * m_machineLinks)};
    }
    std::string deviceId(int device) const;
    std::string linkId(int link) const;
    const std::string& linkKind(int l) const { return m_kinds[link(l).kind]; }
    int findDevice(std::string_view id) const; // -1 when no device has ID
    int findLink(std::string_view id) const;

    // GPUs in the order the topology lists them: GPU ordinal i is device gpus()[i], and rank i of a
    // scenario runs on GPU ordinal i.
    const std::vector<int>& gpus() const { return m_gpus; }
    int gpuOrdinal(int device) const { return m_gpuOrdinal[std::size_t(device)]; }

    // Machines: the components of the graph without network links and network switches.
    int hostCount() const { return m_hostDeviceStart.empty() ? 0 : int(m_hostDeviceStart.size()) - 1; }
    std::span<const int> hostDevices(int host) const { return slice(m_hostDevices, m_hostDeviceStart, host); }
    // The edges inside a host, in a fixed order (local edge index = position here).
    std::span<const int> hostEdges(int host) const { return slice(m_hostEdges, m_hostEdgeStart, host); }
    // Hosts with the same devices and links (up to their ids) share a template: routes found in the
    // template host translate to every host of it by local indices. Generated clusters have one template.
    int hostTemplate(int host) const { return m_hostTemplate[std::size_t(host)]; }
    int localEdge(int edge) const { return m_localEdge[std::size_t(edge)]; }
    // Devices that have a network edge (NICs, parameter servers, GPUs wired straight to a switch).
    bool isPort(int device) const { return m_isPort[std::size_t(device)]; }

    // Which build numbered this graph: unique in the process, kept by copies (they number alike). A link
    // index read with a serial means the same link wherever that serial is seen again.
    std::uint64_t serial() const { return m_serial; }

    // Calls F(edge index, edge) for every edge in index order, machine copies made without a division.
    template <typename F> void forEachEdge(F&& f) const
    {
        int e = 0;
        for (std::size_t k = 0; k < std::size_t(m_machines); ++k)
            for (std::size_t i = 0; i < m_machineEdges; ++i, ++e) {
                Edge x = m_edges[i];
                x.a += int(k * m_localNames.size());
                x.b += int(k * m_localNames.size());
                f(e, std::as_const(x));
            }
        for (std::size_t i = m_machineEdges; i < m_edges.size(); ++i, ++e)
            f(e, m_edges[i]);
    }

private:
    // Entry I of a flat list of lists: VALUES[START[I], START[I + 1]).
    static std::span<const int> slice(const std::vector<int>& values, const std::vector<int>& start, int i)
    {
        return {values.data() + start[std::size_t(i)], values.data() + start[std::size_t(i) + 1]};
    }
    // The steps of build(), in order: the devices and links as given (false with *ERROR naming the first
    // bad entry), the links bundled into edges and arcs, the machines, their templates, the GPUs' ordinals.
    bool readDevices(const Topology& topology, std::string* error);
    bool readLinks(const Topology& topology, std::string* error);
    bool readReplicated(const ReplicatedTopology& r, std::string* error);
    int kindIndex(const std::string& kind);
    int machineDevice(std::string_view id) const; // replicated: the device "n<k>.<name>" names, else -1
    void appendDeviceId(std::string& out, int device) const;
    void bundleLinks(std::size_t from, std::size_t to);
    // The four below, in order. MACHINE_DEVICES and MACHINE_EDGES: a replicated cluster's devices and edges
    // per machine (machine k's come k times them after machine 0's), 0 for a plain topology.
    void index(std::size_t machineDevices = 0, std::size_t machineEdges = 0);
    void indexArcs();
    void findHosts(std::size_t machineDevices, std::size_t machineEdges);
    void findTemplates();
    void indexGpus();
    // Where entry I of the links or edges is stored: the first IMPLIED entries are machine copies of the
    // PER_MACHINE stored first (machine I / PER_MACHINE's), the others are stored after those.
    struct Stored
    {
        std::size_t index = 0;
        std::size_t machine = 0;
    };
    static Stored stored(std::size_t i, std::size_t implied, std::size_t perMachine)
    {
        if (i >= implied)
            return {i - implied + perMachine, 0};
        const std::size_t machine = i / perMachine;
        return {i - machine * perMachine, machine};
    }

    std::vector<Device> m_devices;
    // A plain topology: every link and edge. A replicated one: machine 0's, then the fabric's; the other
    // machines' are implied (link(), edge()).
    std::vector<Link> m_links;
    std::vector<Edge> m_edges;
    std::size_t m_machineLinks = 0; // replicated: links per machine; 0 for a plain topology
    std::size_t m_machineEdges = 0; // replicated: edges per machine
    std::size_t m_impliedLinks = 0; // machines × m_machineLinks: the links numbered before the fabric's
    std::size_t m_impliedEdges = 0;
    std::vector<int> m_edgeLinkStart; // stored edge s's links: m_edgeLinks[start[s], start[s + 1])
    std::vector<int> m_edgeLinks;     // link indices (machine 0's for its edges; the fabric's own)
    std::vector<int> m_arcStart;      // arcs from device d: m_arcs[start[d], start[d + 1]), in edge order
    std::vector<Arc> m_arcs;
    std::vector<std::string> m_kinds; // link kinds, by Link::kind
    std::vector<int> m_gpus;
    std::vector<int> m_gpuOrdinal;
    std::vector<int> m_hostDeviceStart; // host h's devices: m_hostDevices[start[h], start[h + 1])
    std::vector<int> m_hostDevices;
    std::vector<int> m_hostEdgeStart; // host h's edges: m_hostEdges[start[h], start[h + 1])
    std::vector<int> m_hostEdges;
    std::vector<int> m_hostTemplate;
    // A replicated cluster joined by the network alone: the hosts per machine (machine k's hosts are machine
    // 0's, numbered k times this after them); 0 otherwise.
    int m_machineHosts = 0;
    std::vector<int> m_localEdge;
    std::vector<bool> m_isPort;
    // Ids. A plain topology's are kept as given (m_ids, m_linkIds). A replicated one keeps machine 0's
    // local names ("gpu3" of "n0.gpu3") and the fabric's ids; machine k's device i is "n<k>." + name, and
    // a link is "<a>~<b>", made when asked for.
    std::uint64_t m_serial = 0;
    std::int64_t m_machines = 0;           // replicated machines; 0 for a plain topology
    std::vector<std::string> m_localNames; // replicated: machine 0's ids without "n0."
    std::vector<std::string> m_ids;        // plain: every device's; replicated: the fabric's
    std::vector<std::string> m_linkIds;    // plain only
    // Looked up by string_view without building a std::string (C++20 heterogeneous lookup).
    struct IdHash
    {
        using is_transparent = void;
        std::size_t operator()(std::string_view s) const { return std::hash<std::string_view>{}(s); }
    };
    std::unordered_map<std::string, int, IdHash, std::equal_to<>> m_deviceIndex; // over m_ids
    std::vector<int> m_linksById; // plain: link indices sorted by id (findLink(), repeated ids)
};

} // namespace ss
