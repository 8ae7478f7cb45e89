// SPDX-License-Identifier: GPL-3.0-or-later
// How a link's figures become ink (CONTRIBUTING.md, "Drawing": mappings live apart from painting, and are
// tested): the colour of its load on a perceptual scale, the width of its bandwidth on a log scale, the
// colour of its kind. The canvas, its legend and the bandwidth chart all draw with these, so they agree.
#pragma once

#include "result.h"
#include "topology.h"

#include <QColor>
#include <QString>

#include <cstdint>
#include <functional>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

namespace ss {

// Viridis (van der Walt and Smith, matplotlib 2.0's default colour map): perceptually uniform, ordered
// in lightness, readable by the common colour-vision deficiencies and in greyscale print. T in [0, 1].
QColor viridis(double t);

// Line width in pixels for a bandwidth per direction, on a log scale: 1 px at 1 GB/s, +1.6 px per decade
// (10 GB/s: 2.6, 100 GB/s: 4.2, 1 TB/s: 5.8), clamped to 1..7 px.
double linkWidthFor(double bandwidth_Bps);

// The colour of a link kind's class (NVLink, PCIe, host bridge, CPU link, network), Okabe-Ito.
QColor linkKindColor(std::string_view kind);
// The class's name, translated ("NVLink", "PCIe", "Host bridge", "CPU link", "Network").
QString linkKindClassName(std::string_view kind);

// How busy each link of a step is, as a fraction for the colour scale. With a step time (the step
// simulator has run) it is the utilisation, busy time over step time; until then it is the busy time
// relative to the busiest link, and the legend says so.
class LinkLoadScale
{
public:
    enum class Measure
    {
        Utilization,
        RelativeBusy
    };

    // One loaded link's figures (its CommLink row's).
    struct Load
    {
        double bytes_per_step = 0;
        double busy_s = 0;
        double utilization = 0;
    };

    // Which of a topology's links were found to carry the same id as the engine's link of that index, in the
    // graph that numbered a result's rows (CommResult::graph). Kept by the canvas for the topology it
    // draws, and emptied when that changes: a result of the same graph then places its rows without
    // comparing their ids again.
    struct Numbering
    {
        std::uint64_t graph = 0;
        std::vector<bool> same; // per topology link
        void clear()
        {
            graph = 0;
            same.clear();
        }
    };

    LinkLoadScale() = default;
    // COMM's rows placed on the links of TOPOLOGY, the one the canvas draws. A row names its link by the
    // engine's index (CommLink::link), which is the topology's own when the ids there agree; a row whose
    // index does not match is placed by its id through INDEX_OF (-1: not drawn). So a cluster of a million
    // links costs an array of indices here, not a hash of its ids. With NUMBERING (the topology's, as
    // above), an index already found to agree in the same graph is not compared again.
    void reset(const CommResult& comm, double stepTime_s, const Topology& topology,
               const std::function<int(const std::string& id)>& indexOf, Numbering* numbering = nullptr);

    Measure measure() const { return m_measure; }
    double busiest_s() const { return m_busiest; }
    // In [0, 1]; 0 for a link that moves nothing.
    double value(const Load& load) const;
    double value(const CommLink& link) const
    {
        return value(Load{link.bytes_per_step, link.busy_s, link.utilization});
    }
    // The load of the topology's link LINK, or nullptr when it carries nothing.
    const Load* at(int link) const;
    const QString& bottleneck() const { return m_bottleneck; }
    bool isEmpty() const { return !m_data || m_data->loads.empty(); }

private:
    struct Data
    {
        std::vector<int> rowOf; // per topology link: its entry in LOADS, -1 none
        std::vector<Load> loads;
    };
    Measure m_measure = Measure::RelativeBusy;
    double m_busiest = 0;
    QString m_bottleneck;
    std::shared_ptr<const Data> m_data; // shared by copies (the Overview's canvas takes the editor's)
};

} // namespace ss
