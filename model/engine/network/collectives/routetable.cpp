// SPDX-License-Identifier: GPL-3.0-or-later
#include "routetable.h"

#include <Eigen/Core>
#include <Eigen/SparseCore>

namespace ss {

std::vector<std::pair<int, double>> RouteTable::loads(std::vector<double>& volume) const
{
    volume.resize(m_latency.size(), 0.0);
    if (m_ones.size() < m_arena.size())
        m_ones.resize(m_arena.size(), 1.0);
    const Eigen::Index arcs = Eigen::Index(2 * m_graph.edges().size());
    const Eigen::Map<const Eigen::SparseMatrix<double>> routing(arcs, Eigen::Index(m_latency.size()),
                                                                Eigen::Index(m_arena.size()), m_outer.data(),
                                                                m_arena.data(), m_ones.data());
    const Eigen::Map<const Eigen::VectorXd> v(volume.data(), Eigen::Index(volume.size()));
    const Eigen::VectorXd load = routing * v;
    std::vector<std::pair<int, double>> out;
    for (Eigen::Index a = 0; a < load.size(); ++a)
        if (load[a] > 0)
            out.emplace_back(int(a), load[a]);
    return out;
}

} // namespace ss
