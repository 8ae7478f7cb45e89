// SPDX-License-Identifier: GPL-3.0-or-later
// The link catalogue: line rates per link and per direction, hop latencies and achievable efficiencies
// of the interconnects a topology is drawn with (each figure's source beside it in linkcatalog.cpp). A link
// kind is a catalogue id ("nvlink3", "pcie-gen4-x16", "ib-hdr"); a kind with a known prefix (docs/formats.md,
// "Topology") has a class, and falls back to its class's default figures when the catalogue lacks it.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace ss {

// What a link is for routing: NCCL prefers NVLink, then PCIe switches, then host bridges, then the
// CPU interconnect, and leaves the machine only over the network.
enum class LinkClass : std::uint8_t
{
    NvLink,
    Pcie,
    Host,
    CpuLink,
    Network
};

struct LinkCatalogEntry
{
    std::string kind;  // "nvlink3"
    std::string title; // "NVLink 3 (A100)"
    LinkClass cls = LinkClass::Pcie;
    double bandwidth_Bps = 0; // line rate of ONE link, per direction
    double latency_s = 0;     // one hop
    double efficiency = 1;    // achievable fraction of the line rate for collective traffic
    bool nvls = false;        // NVSwitch ports that reduce in the switch (NVLink SHARP, NCCL's NVLS)
    std::string source;       // where the figures come from
    // Network switches that reduce in the network (Mellanox SHARP on Quantum HDR/NDR/XDR InfiniBand):
    // the collnet algorithm runs, and auto considers it, only where every NIC's link has such a kind.
    bool sharp = false;
};

const std::vector<LinkCatalogEntry>& linkCatalog();
// The catalogue entry of KIND, or nullptr.
const LinkCatalogEntry* findLinkKind(std::string_view kind);
// The class of a kind by its prefix (nvlink, nvswitch: NvLink; pcie; host; qpi, upi: CpuLink;
// ib, roce, ethernet: Network). False for a kind no prefix matches.
bool linkClassOf(std::string_view kind, LinkClass& out);
// The catalogue entry of KIND, else the default entry of its class with kind set to KIND
// (an unknown "ib-foo" gets ib-hdr's figures). A kind without a known prefix gets PCIe Gen4 x16.
LinkCatalogEntry linkDefaults(std::string_view kind);
const char* linkClassName(LinkClass cls);
// The NVLink generation of an NVLink kind: "nvlinkN" is N, an NVSwitch port "nvswitchM" carries NVLink
// M + 1 (NVSwitch 1 on V100 is NVLink 2, ..., NVSwitch 4 on B200 is NVLink 5); 0 for any other kind.
int nvlinkGeneration(std::string_view kind);

} // namespace ss
