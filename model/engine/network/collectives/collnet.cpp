// SPDX-License-Identifier: GPL-3.0-or-later
// CollNet: all-reduce with in-network reduction (NCCL's CollNet, COLLNET_DIRECT and COLLNET_CHAIN, with
// the SHARP plugin; Graham et al., "Scalable Hierarchical Aggregation and Reduction Protocol (SHARP)",
// IEEE COMHPC 2016). Inside each machine a ring reduce-scatter leaves every GPU 1/k of the buffer; each GPU
// sends its 1/k once to the switch its NIC hangs off, which reduces it with the other machines' (every
// node's NIC r hangs off leaf r in a rail-optimised fabric, so leaf r aggregates rail r) and returns the
// result once; a ring all-gather inside the machine completes it. Each NIC so carries 1/k of the buffer per
// direction instead of the ring's ~2/k. NCCL pipelines the parts on different channels: one phase here.
// NCCL enables CollNet only with NCCL_COLLNET_ENABLE=1 and the plugin; here the topology opts in by its
// network link kinds ("ib-ndr-sharp", ...: LinkCatalogEntry::sharp).
#include "algorithms.h"

#include "linkcatalog.h"

namespace ss {

int CommModel::sharpSwitch(int gpu)
{
    const int port = m_router->homePort(gpu);
    if (port < 0)
        return -1;
    const int arc = m_router->uplink(port);
    if (arc < 0)
        return -1;
    for (int l : m_graph->edgeLinks(arcEdge(arc)))
        if (!linkDefaults(m_graph->linkKind(l)).sharp)
            return -1;
    return m_router->arcTarget(arc);
}

bool CommModel::collNetApplies(const std::vector<std::vector<int>>& groups)
{
    for (const auto& g : groups)
        for (int d : g)
            if (g.size() >= 2 && sharpSwitch(d) < 0)
                return false;
    return true;
}

bool collNetPlan(PlanBuilder& b, CollectiveOp op, const AlgorithmGroup& g)
{
    if (op != CollectiveOp::AllReduce)
        return b.fail(std::string("the collnet algorithm does not implement ") + collectiveOpName(op));
    if (g.H < 2)
        return b.fail("the collnet algorithm runs across machines");
    const std::size_t k = g.hosts.front().gpus.size();
    for (const HostGroup& h : g.hosts)
        if (h.gpus.size() != k)
            return b.fail("the collnet algorithm needs the same number of GPUs on every machine");
    PlanBuilder::Phase& ph = b.phase(0);
    const double kk = double(k);
    if (k >= 2) {
        // Reduce-scatter and all-gather inside: (k-1)/k each, the same ring edges twice.
        for (std::size_t h = 0; h < g.hosts.size(); ++h)
            if (!b.ringPhase(
                    ph, g, std::vector<HostGroup>{g.hosts[h]},
                    {.factor = 2 * (kk - 1) / kk, .steps = 2 * (int(k) - 1), .record = g.first && h == 0}))
                return b.fail("no ring through the GPUs of a machine: some are not connected");
    }
    double netLatency = 0;
    for (int d : g.gpus) {
        const int sw = b.sharpSwitch(d);
        if (sw < 0)
            return b.fail("the collnet algorithm needs every GPU's NIC on a SHARP-capable switch (link kinds "
                          "ib-hdr-sharp, ib-ndr-sharp, ib-xdr-sharp)");
        b.flow(ph, d, sw, g.w / kk, netLatency); // the GPU's share into the aggregation
        b.flow(ph, sw, d, g.w / kk, netLatency); // the reduced share back
    }
    ph.alpha += 2 * netLatency;
    ph.volume = std::max(ph.volume, 1 / kk);
    return true;
}

} // namespace ss
