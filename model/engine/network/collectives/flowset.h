// SPDX-License-Identifier: GPL-3.0-or-later
// The flows of one phase of a collective plan or of a batch of copies, as volumes on the model's route
// columns (routetable.h). Inline for the same reason as the route table: every flow passes through add().
// Flows inside machines that every machine of a class runs alike (hosts of one template, the same local
// devices: TopologyGraph::hostTemplate) are added once for the whole class on the template's local
// routes, and spread onto each machine's own arcs only when the loads are read.
#pragma once

#include "flatindex.h"
#include "routetable.h"

#include <algorithm>
#include <cstdint>
#include <string>
#include <utility>
#include <vector>

namespace ss {

// Per-thread buffers for dense per-arc sums and per-index slots: a cold model's plan would otherwise page
// in fresh memory for them on every call. A zeroed buffer has at least SIZE elements, all 0, and its user
// leaves them all 0 again (WHICH: 0 FlowSet::loads, 1 PlanBuilder::finish); a slot buffer has at least SIZE
// elements, all -1, taken by one user at a time and given back all -1.
std::vector<double>& zeroedScratch(int which, std::size_t size);
// The (arc, load) pairs of TOTAL's first ARCS arcs with a positive load, in arc order, each load REPEAT times
// (0 + REPEAT × load) when SCALED; leaves those ARCS all 0.
std::vector<std::pair<int, double>> compactLoads(std::vector<double>& total, std::size_t arcs, int repeat,
                                                 bool scaled);
std::vector<int> takeSlots(std::size_t size);
void giveSlots(std::vector<int>&& slots);
// Buffers of (arc, load) pairs handed from plan to plan, per thread: a plan's loads are spread onto its links
// once and then given back (CommModel::spreadLoads), so the next plan's fill memory already paged in. Taken
// empty, with room for SIZE.
std::vector<std::pair<int, double>> takeLoads(std::size_t size);
void giveLoads(std::vector<std::pair<int, double>>&& loads);

// Routes between network switches as FlowSet columns, kept by the model for all its plans (a cold model
// routes each pair it is asked for once, as the route table would).
class SwitchRoutes
{
public:
    // The column of the route SW_A → SW_B (two different switches); -1 when there is none.
    int column(Router& router, const TopologyGraph& graph, int swA, int swB);
    const std::vector<int>& arcs(int column) const { return m_columns[std::size_t(column)].arcs; }
    double latency(int column) const { return m_columns[std::size_t(column)].latency; }
    int size() const { return int(m_columns.size()); }

private:
    struct Column
    {
        std::vector<int> arcs;
        double latency = 0;
    };
    FlatIndex m_index; // (switch, switch) → column, -1 none
    std::vector<Column> m_columns;
    std::vector<int> m_tmp;
};

// The largest buffer the pool below keeps for the next user. A larger one (a FlowSet's over a cluster of
// millions of devices: 50 MB at 1,048,576 GPUs) is let go: kept, it need not go to the next large user, and
// at 1,048,576 GPUs such buffers lay idle at the estimate's peak (1.28 -> 1.19 GB resident without them).
constexpr std::size_t kPooledBytesMax = std::size_t(32) << 20;
// Empty vectors with the capacity a previous user left them, per thread and element type (a few kept).
template <class T> std::vector<std::vector<T>>& vectorPool()
{
    thread_local std::vector<std::vector<T>> pool;
    return pool;
}
template <class T> std::vector<T> takeVector()
{
    std::vector<std::vector<T>>& pool = vectorPool<T>();
    std::vector<T> v;
    if (!pool.empty()) {
        v = std::move(pool.back());
        pool.pop_back();
    }
    return v;
}
template <class T> void giveVector(std::vector<T>&& v)
{
    std::vector<std::vector<T>>& pool = vectorPool<T>();
    v.clear();
    if (v.capacity() > 0 && v.capacity() * sizeof(T) <= kPooledBytesMax && pool.size() < 4)
        pool.push_back(std::move(v));
}

class FlowSet
{
public:
    explicit FlowSet(RouteTable& table) : m_table(table), m_graph(nullptr) {}
    FlowSet(RouteTable& table, const TopologyGraph& graph, SwitchRoutes* switches = nullptr)
        : m_table(table), m_graph(&graph), m_volume(takeVector<double>()), m_switches(switches),
          m_switchVolume(takeVector<double>()), m_ports(takeVector<PortArc>()), m_ends(takeVector<End>()),
          m_segments(takeVector<Segment>())
    {
    }
    ~FlowSet();
    FlowSet(const FlowSet&) = delete;
    FlowSet& operator=(const FlowSet&) = delete;

    // Adds VOLUME bytes from FROM to TO. Returns the route's latency, or -1 when there is no route.
    double add(int from, int to, double volume)
    {
        if (from == to || !(volume > 0))
            return 0;
        m_onlyAcross = false;
        int cols[5];
        const int n = m_table.columns(from, to, cols);
        if (n < 0) {
            noRoute(from, to);
            return -1;
        }
        if (m_volume.size() < std::size_t(m_table.size()))
            m_volume.resize(std::size_t(m_table.size()), 0.0);
        double latency = 0;
        for (int i = 0; i < n; ++i) {
            m_volume[std::size_t(cols[i])] += volume;
            latency += m_table.latency(cols[i]);
        }
        m_maxLatency = std::max(m_maxLatency, latency);
        return latency;
    }

    // A class of HOSTS (machines of one template; the first stands for all) whose flows inside are added
    // once with addLocal(); the same hosts again give the same class. Needs the graph.
    int hostClass(const std::vector<int>& hosts);
    // Adds VOLUME bytes from FROM to TO inside every machine of class CLS; FROM and TO are devices of its
    // first machine. Returns the route's latency (the same in every machine), or -1 when there is none.
    double addLocal(Router& router, int cls, int from, int to, double volume);

    // add() for a flow between two machines, its routes inside them (device to its network port, port to
    // device) kept per template and its volumes on them per device: the same loads and latency as add(),
    // without routing a column for every GPU. Needs the graph.
    double addAcross(Router& router, int from, int to, double volume);

    double maxLatency() const { return m_maxLatency; }
    const std::string& error() const { return m_error; }

    // Keeps each addAcross() flow's ends from now on, for reverseLatency().
    void keepFlows() { m_keepFlows = true; }
    // Room for ENDS ends of flows between machines (a device's way out, or in), their segments and port arcs,
    // so that over millions of devices the lists are not grown by copying (room not used is never touched).
    void reserveEnds(std::size_t ends)
    {
        m_ends.reserve(ends);
        m_segments.reserve(ends);
        m_ports.reserve(ends);
    }
    // When every flow kept went between machines through their ports and switches (addAcross()) and each
    // route it took is the route back turned round (inside both machines and between their switches): true,
    // with *LATENCY the longest route's latency of the flows turned round (each summed in route order, as
    // addAcross() sums it). Their loads are then this set's with every arc turned round (arc ^ 1).
    bool reverseLatency(Router& router, double& latency);
    // (arc, bytes) for every loaded arc, in arc order.
    std::vector<std::pair<int, double>> loads();
    // The same loads summed per arc into the thread's zeroedScratch(0) (true; the caller reads it and leaves
    // it all 0 again), or, when every flow took a route-table column of its own, listed in *ROUTED (false).
    bool denseLoads(std::vector<std::pair<int, double>>& routed);

private:
    // A route inside a machine on the template's local arcs (2 × local edge + direction).
    struct LocalColumn
    {
        std::vector<int> arcs;
        double latency = 0;
        double volume = 0;
    };
    struct HostClass
    {
        std::vector<int> hosts;
        std::vector<int> slot; // local from × local to → column in COLUMNS; -1 not yet routed, -2 none
        std::vector<LocalColumn> columns;
    };
    // A device's route to (TO_PORT) or from its network port and the bytes on it.
    struct Segment
    {
        int device = -1;
        int column = -1; // in m_segmentColumns
        double volume = 0;
    };
    // Per template: per local device, its route to (from) its port in m_segmentColumns; -1 not yet
    // routed, -2 none.
    struct TemplateSegments
    {
        int host = -1; // the template's host
        std::vector<int> to;
        std::vector<int> from;
    };
    // A port's uplink (UP) or downlink ARC and the bytes on it.
    struct PortArc
    {
        int port = -1;
        int arc = -1;
        double latency = 0;
        double volume = 0;
    };
    // How a flow leaves (OUT) or enters a machine at a device: the device's home port (-1 none), its
    // segment to or from it (-1 the device is the port, -2 no route), the port's uplink or downlink in
    // m_ports and the switch at its other end (-1 when the port does not hang off a switch).
    struct End
    {
        int device = -1;
        int port = -1;
        int segment = -1;
        int link = -1;
        int sw = -1;
    };
    const End& end(Router& router, int device, bool out);
    // A flow kept for reverseLatency(): its ends in m_ends and its route between switches (-1 none).
    struct Flow
    {
        int out = -1;
        int in = -1;
        int across = -1;
    };
    // Whether segment THERE is segment BACK (of the same device, the other way) turned round.
    bool turnedSegment(int there, int back, std::vector<signed char>& known) const;
    // The entry of PORT's uplink (UP) or its downlink ARC in m_ports.
    int portArc(int port, int arc, bool up);
    // The segment of DEVICE to (TO_PORT) or from PORT: its index in m_segments; -1 when there is no route.
    int segment(Router& router, int device, int port, bool toPort);
    void noRoute(int from, int to)
    {
        if (m_error.empty() && m_graph)
            m_error = "no route from " + m_graph->deviceId(from) + " to " + m_graph->deviceId(to);
        else if (m_error.empty())
            m_error = "no route between two of the devices";
    }

    RouteTable& m_table;
    const TopologyGraph* m_graph;
    std::vector<double> m_volume;
    SwitchRoutes* m_switches = nullptr;
    std::vector<double> m_switchVolume; // per switch column
    std::vector<PortArc> m_ports;
    std::vector<End> m_ends;
    std::vector<int> m_outSlot; // per device: its End out of its machine in m_ends, -1 none yet
    std::vector<int> m_inSlot;
    std::vector<int> m_upSlot; // per device: its uplink's entry in m_ports, -1 none yet
    std::vector<int> m_downSlot;
    std::vector<HostClass> m_classes;
    std::vector<Segment> m_segments;
    std::vector<int> m_toSlot; // per device: its segment to its port in m_segments, -1 none yet
    std::vector<int> m_fromSlot;
    std::vector<LocalColumn> m_segmentColumns;
    std::vector<TemplateSegments> m_templates;
    double m_maxLatency = 0;
    std::string m_error;
    bool m_keepFlows = false;
    bool m_onlyAcross = true; // every flow so far went through addAcross()'s ports and switches
    std::vector<Flow> m_flows;
};

} // namespace ss
