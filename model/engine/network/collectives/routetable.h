// SPDX-License-Identifier: GPL-3.0-or-later
// Routed columns shared by every plan of a model (collective.h): a flow inside a machine is one column per
// (from, to); a flow between machines is split into segments (to the NIC, up to the fabric, across it,
// down, to the GPU) so that the n² flows of an all-to-all share a few thousand columns. Stored back to back
// with their arcs sorted, the columns are a compressed column-major sparse matrix: the routing matrix.
// Defined in the header because every flow of every plan asks for its columns: the lookups stay inlined
// into the algorithms that add the flows.
#pragma once

#include "routing.h"
#include "topology.h"

#include <algorithm>
#include <cstdint>
#include <unordered_map>
#include <utility>
#include <vector>

namespace ss {

class RouteTable
{
public:
    explicit RouteTable(Router& router) : m_router(router), m_graph(router.graph())
    {
        const std::size_t n = m_graph.devices().size();
        m_up.assign(n, -1);
        m_down.assign(n, -1);
        m_toPort.assign(n, -2);
        m_fromPort.assign(n, -2);
        m_hostPairs.assign(std::size_t(m_graph.hostCount()), {});
        m_outer.push_back(0);
    }

    // The columns of the route FROM → TO (at most 5) into COLS; returns their count, or -1 without a route.
    int columns(int from, int to, int* cols)
    {
        const auto& devices = m_graph.devices();
        const int ha = devices[std::size_t(from)].host;
        const int hb = devices[std::size_t(to)].host;
        if (ha >= 0 && ha == hb) {
            cols[0] = pairColumn(from, to, false);
            return cols[0] < 0 ? -1 : 1;
        }
        if (ha < 0 || hb < 0)
            return switchEnd(from, to, ha < 0, cols);
        const int pa = m_router.homePort(from);
        const int pb = m_router.homePort(to);
        if (pa < 0 || pb < 0)
            return -1;
        int n = 0;
        if (from != pa && (cols[n++] = segment(m_toPort, from, from, pa)) < 0)
            return -1;
        const int upA = m_router.uplink(pa);
        const int upB = m_router.uplink(pb);
        if (upA >= 0 && upB >= 0) {
            cols[n++] = portColumn(m_up, pa, upA);
            const int swA = m_router.arcTarget(upA);
            const int swB = m_router.arcTarget(upB);
            if (swA != swB && (cols[n++] = switchColumn(swA, swB)) < 0)
                return -1;
            cols[n++] = portColumn(m_down, pb, upB ^ 1);
        } else if ((cols[n++] = pairColumn(pa, pb, true)) < 0) {
            return -1;
        }
        if (pb != to && (cols[n++] = segment(m_fromPort, to, pb, to)) < 0)
            return -1;
        return n;
    }

    int size() const { return int(m_latency.size()); }
    double latency(int column) const { return m_latency[std::size_t(column)]; }

    // Link loads: the routing matrix R (arcs × columns) times the column volumes. (arc, bytes) per loaded
    // arc, in arc order.
    std::vector<std::pair<int, double>> loads(std::vector<double>& volume) const;

private:
    // A flow between a device and a network switch (in-network reduction: collnet): the device's route to
    // its home port, the port's uplink and, when the port hangs off another switch, on to SWITCH over the
    // switches (and back the same way). FROM_SWITCH: FROM is the switch.
    int switchEnd(int from, int to, bool fromSwitch, int* cols)
    {
        const int sw = fromSwitch ? from : to;
        const int device = fromSwitch ? to : from;
        if (m_graph.devices()[std::size_t(device)].host < 0) { // switch to switch
            cols[0] = switchColumn(from, to);
            return cols[0] < 0 ? -1 : 1;
        }
        const int port = m_router.homePort(device);
        const int up = port < 0 ? -1 : m_router.uplink(port);
        if (up < 0)
            return -1;
        const int leaf = m_router.arcTarget(up);
        int n = 0;
        if (!fromSwitch) {
            if (device != port && (cols[n++] = segment(m_toPort, device, device, port)) < 0)
                return -1;
            cols[n++] = portColumn(m_up, port, up);
            if (leaf != sw && (cols[n++] = switchColumn(leaf, sw)) < 0)
                return -1;
            return n;
        }
        if (leaf != sw && (cols[n++] = switchColumn(sw, leaf)) < 0)
            return -1;
        cols[n++] = portColumn(m_down, port, up ^ 1);
        if (device != port && (cols[n++] = segment(m_fromPort, device, port, device)) < 0)
            return -1;
        return n;
    }

    int newColumn(const std::vector<int>& arcs)
    {
        double latency = 0;
        for (int arc : arcs)
            latency += m_graph.edge(arcEdge(arc)).latency_s;
        const std::size_t start = m_arena.size();
        m_arena.insert(m_arena.end(), arcs.begin(), arcs.end());
        if (arcs.size() > 1)
            std::sort(m_arena.begin() + std::ptrdiff_t(start), m_arena.end());
        m_outer.push_back(int(m_arena.size()));
        m_latency.push_back(latency);
        return int(m_latency.size()) - 1;
    }

    int pairColumn(int from, int to, bool network)
    {
        if (!network) {
            // Inside a machine: a dense (from, to) table per host template, cheaper than hashing the many
            // chain flows, numbers the pairs its hosts use; each host keeps the columns of those numbers (a
            // table per host was most of the memory of a 16,384-machine cluster, whose hosts use a few
            // pairs).
            const Device& a = m_graph.devices()[std::size_t(from)];
            const std::size_t n = m_graph.hostDevices(a.host).size();
            const std::size_t t = std::size_t(m_graph.hostTemplate(a.host));
            if (t >= m_templatePairs.size()) {
                m_templatePairs.resize(t + 1);
                m_templateSlots.resize(t + 1, 0);
            }
            std::vector<int>& pairs = m_templatePairs[t];
            if (pairs.empty())
                pairs.assign(n * n, -1);
            int& slot =
                pairs[std::size_t(a.local) * n + std::size_t(m_graph.devices()[std::size_t(to)].local)];
            if (slot < 0)
                slot = m_templateSlots[t]++;
            std::vector<int>& table = m_hostPairs[std::size_t(a.host)];
            if (table.size() <= std::size_t(slot))
                table.resize(std::size_t(slot) + 1, -2);
            int& c = table[std::size_t(slot)];
            if (c == -2) {
                m_tmp.clear();
                c = m_router.hostRoute(from, to, m_tmp) ? newColumn(m_tmp) : -1;
            }
            return c;
        }
        const std::uint64_t key =
            (std::uint64_t(network) << 63) | (std::uint64_t(std::uint32_t(from)) << 32) | std::uint32_t(to);
        const auto it = m_pairs.find(key);
        if (it != m_pairs.end())
            return it->second;
        m_tmp.clear();
        const bool ok =
            network ? m_router.networkRoute(from, to, m_tmp) : m_router.hostRoute(from, to, m_tmp);
        const int c = ok ? newColumn(m_tmp) : -1;
        m_pairs.emplace(key, c);
        return c;
    }

    // The route between a device and its home port, cached per device (an all-to-all asks n² times).
    int segment(std::vector<int>& cache, int device, int from, int to)
    {
        int& c = cache[std::size_t(device)];
        if (c == -2)
            c = pairColumn(from, to, false);
        return c;
    }

    int portColumn(std::vector<int>& cache, int port, int arc)
    {
        int& c = cache[std::size_t(port)];
        if (c < 0) {
            m_tmp.assign(1, arc);
            c = newColumn(m_tmp);
        }
        return c;
    }

    // Switch to switch: a dense table up to kDenseSwitches switches (a rail-optimised fabric of 1024 GPUs
    // has a few dozen), because every flow between machines asks for one and hashing them was a tenth of a
    // cold all-reduce; a hash of the pairs asked for beyond (the dense table of a 131,072-GPU fabric's ten
    // thousand switches would take 400 MB).
    int switchColumn(int swA, int swB)
    {
        constexpr std::size_t kDenseSwitches = 2048;
        const std::size_t n = std::size_t(m_router.switchCount());
        const int a = m_router.switchIndex(swA);
        const int b = m_router.switchIndex(swB);
        if (a < 0 || b < 0)
            return -1;
        int* c = nullptr;
        if (n <= kDenseSwitches) {
            if (m_switchPairs.empty())
                m_switchPairs.assign(n * n, -2);
            c = &m_switchPairs[std::size_t(a) * n + std::size_t(b)];
        } else {
            c = &m_switchPairMap.try_emplace(std::uint64_t(a) * n + std::uint64_t(b), -2).first->second;
        }
        if (*c == -2) {
            m_tmp.clear();
            const int column = m_router.switchRoute(swA, swB, m_tmp) ? newColumn(m_tmp) : -1;
            *c = column;
        }
        return *c;
    }

    Router& m_router;
    const TopologyGraph& m_graph;
    std::vector<int> m_arena; // inner (arc) indices, column after column
    std::vector<int> m_outer; // column starts, plus the end
    std::vector<double> m_latency;
    // loads()'s scratch, by arc: the sums (zero between calls), whether an arc is loaded, the loaded arcs.
    mutable std::vector<double> m_sum;
    mutable std::vector<char> m_touched;
    mutable std::vector<int> m_used;
    std::unordered_map<std::uint64_t, int> m_pairs; // network routes between ports
    std::vector<std::vector<int>> m_templatePairs; // per host template: local from × local to → slot, or -1
    std::vector<int> m_templateSlots;              // per host template: slots numbered
    std::vector<std::vector<int>> m_hostPairs;     // per host: slot → column (-2: not routed yet)
    std::vector<int> m_switchPairs; // switch index × switch index → column; -2 not yet routed
    std::unordered_map<std::uint64_t, int> m_switchPairMap; // the same past kDenseSwitches switches
    std::vector<int> m_up;
    std::vector<int> m_down;
    std::vector<int> m_toPort;   // device → its home port
    std::vector<int> m_fromPort; // home port → device
    std::vector<int> m_tmp;
};

} // namespace ss
