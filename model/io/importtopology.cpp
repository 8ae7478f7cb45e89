// SPDX-License-Identifier: GPL-3.0-or-later
#include "importtopology.h"

#include "linkcatalog.h"

#include <algorithm>

namespace ss::io::detail {

void TopologyBuilder::device(const std::string& id, const char* kind, const std::string& label, double x,
                             double y)
{
    m_topology.nodes.push_back({id, kind, label, x, y});
}

void TopologyBuilder::link(const std::string& a, const std::string& b, const std::string& kind,
                           std::int64_t count, double bandwidth_Bps)
{
    const LinkCatalogEntry e = linkDefaults(kind);
    // Ids as the presets make them ("a~b"); a second link between the same two devices gets a suffix.
    std::string id = a + "~" + b;
    for (int n = 2; m_linkIds.count(id); ++n)
        id = a + "~" + b + "#" + std::to_string(n);
    m_linkIds.insert(id);
    m_topology.links.push_back({id, a, b, kind, bandwidth_Bps > 0 ? bandwidth_Bps : e.bandwidth_Bps,
                                e.latency_s, e.efficiency, std::max<std::int64_t>(count, 1)});
}

std::string pcieKind(int gen, int width)
{
    return "pcie-gen" + std::to_string(std::clamp(gen, 1, 6)) + "-x" +
           std::to_string(std::clamp(width, 1, 32));
}

std::string hostKind(int gen)
{
    return "host-gen" + std::to_string(std::clamp(gen, 1, 6));
}

double pcieBandwidth(int gen, int width)
{
    gen = std::clamp(gen, 1, 6);
    width = std::clamp(width, 1, 32);
    if (gen <= 2)
        return (gen == 1 ? 0.25e9 : 0.5e9) * width; // 2.5 / 5 GT/s with 8b/10b encoding, per lane
    const LinkCatalogEntry* x16 = findLinkKind(pcieKind(gen, 16));
    return x16 ? x16->bandwidth_Bps * width / 16.0 : 0;
}

std::string nvlinkKindForSm(int sm)
{
    if (sm >= 100)
        return "nvlink5";
    if (sm >= 90)
        return "nvlink4";
    if (sm >= 80)
        return "nvlink3";
    return "nvlink2";
}

} // namespace ss::io::detail
