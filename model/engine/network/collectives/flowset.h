// SPDX-License-Identifier: GPL-3.0-or-later
// The flows of one phase of a collective plan or of a batch of copies, as volumes on the model's route
// columns (routetable.h). Inline for the same reason as the route table: every flow passes through add().
#pragma once

#include "routetable.h"

#include <algorithm>
#include <string>
#include <utility>
#include <vector>

namespace ss {

class FlowSet
{
public:
    explicit FlowSet(RouteTable& table) : m_table(table), m_graph(nullptr) {}
    FlowSet(RouteTable& table, const TopologyGraph& graph) : m_table(table), m_graph(&graph) {}

    // Adds VOLUME bytes from FROM to TO. Returns the route's latency, or -1 when there is no route.
    double add(int from, int to, double volume)
    {
        if (from == to || !(volume > 0))
            return 0;
        int cols[5];
        const int n = m_table.columns(from, to, cols);
        if (n < 0) {
            if (m_error.empty() && m_graph)
                m_error = "no route from " + m_graph->deviceId(from) + " to " + m_graph->deviceId(to);
            else if (m_error.empty())
                m_error = "no route between two of the devices";
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

    double maxLatency() const { return m_maxLatency; }
    const std::string& error() const { return m_error; }
    std::vector<std::pair<int, double>> loads() { return m_table.loads(m_volume); }

private:
    RouteTable& m_table;
    const TopologyGraph* m_graph;
    std::vector<double> m_volume;
    double m_maxLatency = 0;
    std::string m_error;
};

} // namespace ss
