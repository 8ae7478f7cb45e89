// SPDX-License-Identifier: GPL-3.0-or-later
#include "linkstyle.h"

#include "linkcatalog.h"

#include <QCoreApplication>

#include <algorithm>
#include <array>
#include <cmath>

namespace ss {

QColor viridis(double t)
{
    // matplotlib's viridis sampled at t = 0, 0.1, ..., 1 (_cm_listed.py), interpolated linearly in between.
    static constexpr std::array<unsigned, 11> stops = {0x440154, 0x482475, 0x414487, 0x355F8D,
                                                       0x2A788E, 0x21918C, 0x22A884, 0x44BF70,
                                                       0x7AD151, 0xBDDF26, 0xFDE725};
    if (!(t > 0))
        t = 0;
    t = std::min(t, 1.0);
    const double scaled = t * double(stops.size() - 1);
    const std::size_t i = std::min<std::size_t>(std::size_t(scaled), stops.size() - 2);
    const double f = scaled - double(i);
    const auto channel = [&](int shift) {
        const double a = (stops[i] >> shift) & 0xFF;
        const double b = (stops[i + 1] >> shift) & 0xFF;
        return int(std::lround(a + (b - a) * f));
    };
    return QColor(channel(16), channel(8), channel(0));
}

double linkWidthFor(double bandwidth_Bps)
{
    if (!(bandwidth_Bps > 0))
        return 1;
    return std::clamp(1 + 1.6 * std::log10(bandwidth_Bps / 1e9), 1.0, 7.0);
}

QColor linkKindColor(std::string_view kind)
{
    LinkClass cls;
    if (!linkClassOf(kind, cls))
        return QColor(0x99, 0x99, 0x99);
    switch (cls) {
    case LinkClass::NvLink:
        return QColor(0x00, 0x9E, 0x73); // bluish green
    case LinkClass::Pcie:
        return QColor(0x00, 0x72, 0xB2); // blue
    case LinkClass::Host:
        return QColor(0x56, 0xB4, 0xE9); // sky blue
    case LinkClass::CpuLink:
        return QColor(0xCC, 0x79, 0xA7); // reddish purple
    case LinkClass::Network:
        return QColor(0xE6, 0x9F, 0x00); // orange
    }
    return QColor(0x99, 0x99, 0x99);
}

QString linkKindClassName(std::string_view kind)
{
    LinkClass cls;
    if (!linkClassOf(kind, cls))
        return QCoreApplication::translate("LinkStyle", "Other");
    switch (cls) {
    case LinkClass::NvLink:
        return QCoreApplication::translate("LinkStyle", "NVLink");
    case LinkClass::Pcie:
        return QCoreApplication::translate("LinkStyle", "PCIe");
    case LinkClass::Host:
        return QCoreApplication::translate("LinkStyle", "Host bridge");
    case LinkClass::CpuLink:
        return QCoreApplication::translate("LinkStyle", "CPU link");
    case LinkClass::Network:
        return QCoreApplication::translate("LinkStyle", "Network");
    }
    return {};
}

void LinkLoadScale::reset(const CommResult& comm, double stepTime_s, const Topology& topology,
                          const std::function<int(const std::string& id)>& indexOf, Numbering* numbering)
{
    m_measure = stepTime_s > 0 ? Measure::Utilization : Measure::RelativeBusy;
    auto data = std::make_shared<Data>();
    const std::size_t n = topology.links.size();
    data->rowOf.assign(n, -1);
    data->loads.reserve(comm.links.size());
    // Rows without a graph's serial are compared every time.
    if (numbering && comm.graph == 0)
        numbering = nullptr;
    if (numbering && (numbering->graph != comm.graph || numbering->same.size() != n)) {
        numbering->graph = comm.graph;
        numbering->same.assign(n, false);
    }
    m_busiest = 0;
    // Row K's load, from the compact column when the engine gave one (a large cluster's rows are 176 bytes
    // each; reading them all is most of this function's time), else from the row itself.
    const bool column = comm.link_loads.size() == comm.links.size();
    for (std::size_t k = 0; k < comm.links.size(); ++k) {
        const Load load =
            column ? Load{comm.link_loads[k].bytes_per_step, comm.link_loads[k].busy_s,
                          comm.link_loads[k].utilization}
                   : Load{comm.links[k].bytes_per_step, comm.links[k].busy_s, comm.links[k].utilization};
        m_busiest = std::max(m_busiest, load.busy_s);
        int i = column ? comm.link_loads[k].link : comm.links[k].link;
        const bool inRange = i >= 0 && std::size_t(i) < n;
        if (inRange && numbering && numbering->same[std::size_t(i)]) {
            // Found to agree before, in this graph: the row's id is not read.
        } else if (inRange && topology.links[std::size_t(i)].id == comm.links[k].id) {
            if (numbering)
                numbering->same[std::size_t(i)] = true;
        } else {
            i = indexOf(comm.links[k].id);
        }
        if (i < 0 || std::size_t(i) >= n)
            continue;
        data->rowOf[std::size_t(i)] = int(data->loads.size());
        data->loads.push_back(load);
    }
    m_data = std::move(data);
    m_bottleneck = QString::fromStdString(comm.bottleneck_link);
}

double LinkLoadScale::value(const Load& load) const
{
    if (m_measure == Measure::Utilization)
        return std::clamp(load.utilization, 0.0, 1.0);
    return m_busiest > 0 ? std::clamp(load.busy_s / m_busiest, 0.0, 1.0) : 0.0;
}

const LinkLoadScale::Load* LinkLoadScale::at(int link) const
{
    if (!m_data || link < 0 || std::size_t(link) >= m_data->rowOf.size())
        return nullptr;
    const int row = m_data->rowOf[std::size_t(link)];
    return row < 0 ? nullptr : &m_data->loads[std::size_t(row)];
}

} // namespace ss
