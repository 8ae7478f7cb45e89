// SPDX-License-Identifier: GPL-3.0-or-later
#include "routetable.h"

namespace ss {

std::vector<std::pair<int, double>> RouteTable::loads(std::vector<double>& volume) const
{
    // The product of the routing matrix (a compressed sparse column matrix of ones) with the column volumes,
    // column after column as a sparse-times-dense product sums it, but over the columns that carry
    // something only: a plan routes a small share of the table's columns, and the arcs are millions on a
    // large cluster. Adding a zero volume would change no sum.
    volume.resize(m_latency.size(), 0.0);
    const std::size_t arcs = 2 * m_graph.edgeCount();
    if (m_sum.size() < arcs) {
        m_sum.resize(arcs, 0.0);
        m_touched.resize(arcs, 0);
    }
    m_used.clear();
    for (std::size_t c = 0; c < volume.size(); ++c) {
        const double v = volume[c];
        if (v == 0)
            continue;
        for (int k = m_outer[c]; k < m_outer[c + 1]; ++k) {
            const std::size_t a = std::size_t(m_arena[std::size_t(k)]);
            if (!m_touched[a]) {
                m_touched[a] = 1;
                m_used.push_back(int(a));
            }
            m_sum[a] += v;
        }
    }
    // In arc order: a sort of the loaded arcs when they are few among many, else a scan of them all.
    std::vector<std::pair<int, double>> out;
    const auto take = [&](std::size_t a) {
        const double load = m_sum[a];
        if (load > 0)
            out.emplace_back(int(a), load);
        m_sum[a] = 0;
        m_touched[a] = 0;
    };
    if (m_used.size() * 16 < arcs) {
        std::sort(m_used.begin(), m_used.end());
        for (int a : m_used)
            take(std::size_t(a));
    } else {
        for (std::size_t a = 0; a < arcs; ++a)
            if (m_touched[a])
                take(a);
    }
    return out;
}

} // namespace ss
