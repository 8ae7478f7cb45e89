// SPDX-License-Identifier: GPL-3.0-or-later
// Routes between devices with the preference NCCL uses (NVLink, then PCIe switches, host bridges, the
// CPU interconnect; the network only between machines), and each pair's class in `nvidia-smi topo -m`
// terms (its legend: NV#, PIX, PXB, PHB, NODE, SYS). Routes inside a machine are found once per host template
// and translated to every host of it, so a 1024-GPU cluster of identical nodes costs one node's search.
#pragma once

#include "topology.h"

#include <string>
#include <unordered_map>
#include <vector>

namespace ss {

// nvidia-smi's vocabulary, plus Net for pairs on different machines (NCCL's PATH_NET).
enum class PathClass
{
    Self,
    NvLink,
    Pix,
    Pxb,
    Phb,
    Node,
    Sys,
    Net,
    None
};
const char* pathClassName(PathClass cls); // "X", "NV", "PIX", "PXB", "PHB", "NODE", "SYS", "NET", "none"

struct PathInfo
{
    PathClass cls = PathClass::None;
    int nvlinks = 0;          // NV#: the bonded NVLinks of an all-NVLink path (its narrowest edge)
    double bandwidth_Bps = 0; // the narrowest edge's effective bandwidth, per direction
    double latency_s = 0;     // sum over the hops
    int hops = 0;
    int relays = 0; // GPUs (or other endpoints) passed through on the way (NCCL's PATH_NVB)
};
// "X", "NV12", "PIX", ..., "NET"; "none" when there is no route.
std::string pathClassText(const PathInfo& info);

class Router
{
public:
    explicit Router(const TopologyGraph& graph);
    const TopologyGraph& graph() const { return *m_graph; }

    // Appends the arcs (arcIndex()) of the route FROM → TO to ARCS. False (ARCS untouched) when none exists.
    bool route(int from, int to, std::vector<int>& arcs);
    PathInfo pathInfo(int from, int to);

    // Inside one machine; false when the devices are on different hosts or not connected.
    bool hostRoute(int from, int to, std::vector<int>& arcs);
    // The network port (NIC) traffic of DEVICE leaves its machine by; the device itself when it is a port;
    // -1 when its machine has none. GPUs that are equally close to several NICs are spread over them.
    int homePort(int device);
    // The device of KIND nearest to DEVICE in its machine (itself when it is one); -1 when there is none.
    int nearestInHost(int device, DeviceKind kind);
    // Between two ports over network edges and switches.
    bool networkRoute(int portA, int portB, std::vector<int>& arcs);

    // Flow aggregation helpers: the arc from PORT to the network switch it hangs off when it has exactly
    // one network edge and that edge ends at a switch, else -1; and the switch path between two switches.
    int uplink(int port) const { return m_uplink[std::size_t(port)]; }
    int arcTarget(int arc) const;
    int arcSource(int arc) const;
    bool switchRoute(int fromSwitch, int toSwitch, std::vector<int>& arcs);
    int switchIndex(int device) const { return m_switchIndex[std::size_t(device)]; }
    int switchCount() const { return int(m_switches.size()); }

private:
    struct LocalArc
    {
        int to;
        int arc; // 2 · local edge + dir
        double cost;
    };
    struct Template
    {
        int host = -1;
        std::vector<std::vector<LocalArc>> adjacency;
        std::vector<std::vector<int>> pred;    // per local source: the local arc into each node, lazily
        std::vector<std::vector<double>> cost; // per local source
        std::vector<int> homePort;             // local; -1 none; filled on first use
        bool portsDone = false;
    };

    Template& templateOf(int host);
    void searchFrom(Template& t, int localSource);
    void computePorts(Template& t);
    int toGlobalArc(int host, int localArc) const;

    const TopologyGraph* m_graph;
    std::unordered_map<int, Template> m_templates;
    std::vector<int> m_uplink;
    std::vector<int> m_switches;
    std::vector<int> m_switchIndex;
    // Switch routes: a breadth-first search from the source that stops at the target, over per-switch
    // arrays stamped with the search's number (no clearing between searches); a source asked for many
    // targets keeps its whole search tree instead (the same paths: breadth-first discovery order does not
    // depend on when the search stops).
    std::vector<std::vector<int>> m_switchPred; // per source switch: arc into each switch; empty: not kept
    std::vector<int> m_switchQueries;           // per source switch: routes asked for so far
    std::vector<int> m_searchPred;              // per switch: the arc into it in the current search
    std::vector<unsigned> m_searchSeen;         // per switch: the search that reached it
    std::vector<int> m_searchQueue;
    unsigned m_search = 0;
    // When the switches joined by switch-to-switch edges form a forest (a leaf-spine fabric: presets.h),
    // the route between two switches is the only path, and the breadth-first search's first arc into each
    // switch is the first arc from its neighbour towards the source: the path is read off each tree rooted
    // once instead (switchForest()). Per switch index: the tree, the parent (-1 at a root), the depth, the
    // first arc to the parent and the parent's first arc to it.
    bool switchForest();
    struct SwitchTree
    {
        std::vector<int> tree;
        std::vector<int> parent;
        std::vector<int> depth;
        std::vector<int> upArc;
        std::vector<int> downArc;
    };
    int m_forest = 0; // 0 not yet known, 1 a forest, -1 not
    SwitchTree m_switchTree;
    std::vector<int> m_homePort; // per device; -2 not yet known
};

} // namespace ss
