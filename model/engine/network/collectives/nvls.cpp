// SPDX-License-Identifier: GPL-3.0-or-later
// NVLS: all-reduce by in-switch reduction on an NVSwitch of the third generation or later (NCCL's NVLS
// algorithm, NVLink SHARP), inside one machine.
#include "algorithms.h"

#include "linkcatalog.h"

#include <algorithm>

namespace ss {

// Each GPU sends its buffer to the switch once and receives the result once, at nvlsEfficiency() of the
// port rate (algorithms.h).

double nvlsEfficiency(const TopologyGraph& graph, const std::vector<int>& gpus, int nvswitch)
{
    double least = 1;
    for (int d : gpus) {
        for (const TopologyGraph::Arc& a : graph.arcsFrom(d)) {
            if (a.to != nvswitch)
                continue;
            int generation = 0;
            for (int l : graph.edgeLinks(arcEdge(a.arc)))
                generation = std::max(generation, nvlinkGeneration(graph.linkKind(l)));
            least = std::min(least, generation >= 5 ? kNvlsEfficiencyNvlink5 : kNvlsEfficiencyNvlink4);
        }
    }
    return least;
}

bool CommModel::nvlsSwitch(const std::vector<int>& gpus, int& nvswitch) const
{
    nvswitch = -1;
    if (gpus.size() < 2)
        return false;
    for (int d : gpus) {
        int found = -1;
        for (const TopologyGraph::Arc& a : m_graph->arcsFrom(d)) {
            const Edge e = m_graph->edge(arcEdge(a.arc));
            if (e.nvls && m_graph->devices()[std::size_t(a.to)].kind == DeviceKind::NvSwitch)
                found = a.to;
        }
        if (found < 0 || (nvswitch >= 0 && found != nvswitch))
            return false;
        nvswitch = found;
    }
    return true;
}

bool nvlsPlan(PlanBuilder& b, CollectiveOp op, const AlgorithmGroup& g)
{
    int nvswitch = -1;
    if (op != CollectiveOp::AllReduce)
        return b.fail(std::string("the nvls algorithm does not implement ") + collectiveOpName(op));
    if (g.H != 1)
        return b.fail("the nvls algorithm runs inside one machine; across machines use nvlstree");
    if (!b.nvlsSwitch(g.gpus, nvswitch))
        return b.fail("the nvls algorithm needs all GPUs on one NVLink SHARP NVSwitch (NVLink 4 or later)");
    PlanBuilder::Phase& ph = b.phase(0);
    ph.factor = nvlsEfficiency(b.graph(), g.gpus, nvswitch);
    double latency = 0;
    for (int d : g.gpus) {
        b.flow(ph, d, nvswitch, g.w, latency); // push the buffer; the switch reduces it
        b.flow(ph, nvswitch, d, g.w, latency); // multicast of the result
    }
    ph.alpha = std::max(ph.alpha, 2 * latency);
    ph.volume = 1;
    ph.steps = 2;
    return true;
}

} // namespace ss
