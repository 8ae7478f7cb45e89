// SPDX-License-Identifier: GPL-3.0-or-later
#include "linkcatalog.h"

#include "fields.h"

#include <unordered_map>

namespace ss {

namespace {

constexpr double GB = 1e9;
constexpr double us = 1e-6;

// Hop latencies. NCCL's tuning model (src/graph/tuning.cc, hwLat, ring/LL) charges about 0.6 us per
// NVLink step and 1 us per PCIe step; a step crosses two hops (GPU->switch->GPU), hence half per link.
// Network hops (NIC to switch port) are a few microseconds; TCP over Ethernet more. These are defaults
// to be calibrated from nccl-tests logs; large collectives are bandwidth-bound and do not depend on them.
constexpr double kNvLinkLatency = 0.3 * us;
constexpr double kPcieLatency = 0.5 * us;
constexpr double kCpuLinkLatency = 0.5 * us;
constexpr double kIbLatency = 1.5 * us;
constexpr double kEthernetLatency = 5.0 * us;

// Efficiencies that reproduce published nccl-tests bus bandwidths (busbw) on NVSwitch systems:
// - A100 (NVLink 3, 12 links of 25 GB/s): "~20GB/s effective bandwidth [per link] with a 128B payload
//   ... some other bottlenecks on the GPUs limits it to ~230GB/s" (S. Jeaugey, NVIDIA/nccl-tests#149):
//   230 / 300 = 0.767.
// - H100 (NVLink 4, 18 links): "450GB/s is the line rate. With the protocol overhead (~20%) NCCL can get
//   an effective NVLink bandwidth of 370GB/s" (S. Jeaugey, NVIDIA/nccl-tests#212; 365-370 GB/s ring
//   busbw measured in NVIDIA/nccl#1455): 370 / 450 = 0.822, which is also NCCL's SM90_NVLINK_BW 20.6/25.
// - V100 (NVLink 2) and B200 (NVLink 5): NCCL's own model, src/graph/topo.h: SM70_NVLINK_BW 20 of 25 GB/s,
//   SM100_NVLINK_BW 40.1 of 50 GB/s: NCCL's topology model assumes about 80%.
constexpr double kNvLink2Eff = 20.0 / 25.0;
constexpr double kNvLink3Eff = 230.0 / 300.0;
constexpr double kNvLink4Eff = 370.0 / 450.0;
constexpr double kNvLink5Eff = 40.1 / 50.0;

// PCIe x16 line rates per direction (PCI-SIG, PCI Express Base Specification 3.0 to 6.0: 8, 16, 32 and
// 64 GT/s per lane, 128b/130b coding, FLIT mode for Gen6): Gen3 15.75, Gen4 31.5, Gen5 63, Gen6 121 GB/s.
// Achieved host-device rates: Gen3 ~12 (also NCCL's PCI_BW 12.0), Gen4 ~25, Gen5 ~53-57 (55 taken);
// Gen6 has no published figure yet and reuses Gen5's fraction.
constexpr double kPcieX16[] = {15.75 * GB, 31.5 * GB, 63 * GB, 121 * GB};
constexpr double kPcieEff[] = {12.0 / 15.75, 25.0 / 31.5, 55.0 / 63.0, 55.0 / 63.0};

// Socket links. Line rates (Intel's QuickPath and Ultra Path Interconnect specifications): QPI moves 2 bytes
// per transfer per direction, so 9.6 GT/s is 19.2 GB/s per direction (6.4 GT/s: 12.8, 8.0 GT/s: 16); UPI
// 10.4 GT/s is 20.8 GB/s per direction.
// GPU peer traffic across sockets achieves far less: NCCL's topology model (src/graph/topo.h) gives the
// socket pair BDW_QPI_BW 6 GB/s (Broadwell QPI), SKL_QPI_BW 10 (Skylake UPI), SRP_QPI_BW 22 (Sapphire
// Rapids UPI), AMD_ZEN12_BW 16 (EPYC Rome xGMI). Presets model a socket pair as one link of the kind, as
// NCCL's graph does, so the efficiency is NCCL's figure over one link's line rate.
constexpr double kQpiEff = 6.0 / 19.2;
constexpr double kUpiEff = 10.0 / 20.8;

// InfiniBand 4x ports: EDR 100, HDR 200, NDR 400, XDR 800 Gb/s. NCCL reaches "46-48GB/s per NIC" on NDR
// 400 Gb/s (NVIDIA, NVIDIA/nccl-tests#290): 47 / 50 = 0.94. RoCE and Ethernet: 0.90, the lower end of the
// 90-95% of line rate large messages usually achieve there; NCCL's target on a tuned NIC is 96% ("24GB/s
// ... per 200G NIC (12 GB/s for 100G NICs)", S. Jeaugey, NVIDIA/nccl-tests#119).
constexpr double kIbEff = 47.0 / 50.0;
constexpr double kEthEff = 0.90;

// NVLink SHARP (NVLS) on H100 NVSwitch: the source of the all-reduce factor is in collective.cpp.

std::vector<LinkCatalogEntry> build()
{
    std::vector<LinkCatalogEntry> c;
    const auto add = [&c](std::string kind, std::string title, LinkClass cls, double bw, double latency,
                          double eff, bool nvls, std::string source) {
        c.push_back({std::move(kind), std::move(title), cls, bw, latency, eff, nvls, std::move(source)});
    };
    const std::string nvSrc = "NVIDIA V100, A100, H100 and Blackwell architecture whitepapers (25 GB/s per "
                              "link per direction NVLink 2-4, 50 NVLink 5); efficiency: ";
    add("nvlink2", "NVLink 2 (V100)", LinkClass::NvLink, 25 * GB, kNvLinkLatency, kNvLink2Eff, false,
        nvSrc + "NCCL topo.h SM70_NVLINK_BW 20 GB/s");
    add("nvlink3", "NVLink 3 (A100)", LinkClass::NvLink, 25 * GB, kNvLinkLatency, kNvLink3Eff, false,
        nvSrc + "~230 GB/s all-reduce busbw on 12 links (NVIDIA/nccl-tests#149)");
    add("nvlink4", "NVLink 4 (H100, H200)", LinkClass::NvLink, 25 * GB, kNvLinkLatency, kNvLink4Eff, true,
        nvSrc + "370 GB/s effective of 450 (NVIDIA/nccl-tests#212)");
    add("nvlink5", "NVLink 5 (B200)", LinkClass::NvLink, 50 * GB, kNvLinkLatency, kNvLink5Eff, true,
        nvSrc + "NCCL topo.h SM100_NVLINK_BW 40.1 GB/s");
    // NVSwitch ports carry the NVLink generation of their GPUs.
    add("nvswitch1", "NVSwitch 1 port (DGX-2, NVLink 2)", LinkClass::NvLink, 25 * GB, kNvLinkLatency,
        kNvLink2Eff, false, nvSrc + "NCCL topo.h SM70_NVLINK_BW");
    add("nvswitch2", "NVSwitch 2 port (A100, NVLink 3)", LinkClass::NvLink, 25 * GB, kNvLinkLatency,
        kNvLink3Eff, false, nvSrc + "NVIDIA/nccl-tests#149");
    add("nvswitch3", "NVSwitch 3 port (H100, NVLink 4)", LinkClass::NvLink, 25 * GB, kNvLinkLatency,
        kNvLink4Eff, true, nvSrc + "NVIDIA/nccl-tests#212");
    add("nvswitch4", "NVSwitch 4 port (B200, NVLink 5)", LinkClass::NvLink, 50 * GB, kNvLinkLatency,
        kNvLink5Eff, true, nvSrc + "NCCL topo.h SM100_NVLINK_BW");

    // AMD Infinity Fabric GPU links (xGMI): MI250X 100 GB/s and MI300X/MI325X 128 GB/s per link
    // bidirectional (AMD Instinct MI250X and MI300X datasheets). No published RCCL figure per link was found;
    // the efficiency is NCCL's ~80% protocol share on NVLink (topo.h SM100_NVLINK_BW 40.1 of 50), to be
    // calibrated from an rccl-tests log.
    add("xgmi3", "Infinity Fabric 3 (MI250X)", LinkClass::NvLink, 50 * GB, kNvLinkLatency, kNvLink5Eff, false,
        "AMD Instinct MI250X datasheet (100 GB/s per link bidirectional); efficiency assumed as NVLink 5's");
    add("xgmi4", "Infinity Fabric 4 (MI300X, MI325X)", LinkClass::NvLink, 64 * GB, kNvLinkLatency,
        kNvLink5Eff, false,
        "AMD Instinct MI300X datasheet (128 GB/s per link bidirectional); efficiency assumed as NVLink 5's");
    // NVLink-C2C joins a Grace CPU to its GPU (GH200, GB200): 900 GB/s bidirectional (NVIDIA Grace Hopper
    // Superchip architecture whitepaper). It carries host traffic (offload copies), hence the Host class. No
    // achieved rate is modelled apart: PCIe Gen5's achieved fraction is taken until a measurement replaces
    // it.
    add("host-nvlink-c2c", "NVLink-C2C (Grace to GPU)", LinkClass::Host, 450 * GB, kNvLinkLatency,
        55.0 / 63.0, false, "NVIDIA Grace Hopper Superchip whitepaper (900 GB/s bidirectional)");

    const char* gens[] = {"3", "4", "5", "6"};
    for (int g = 0; g < 4; ++g) {
        const std::string gen = gens[g];
        const std::string src =
            "PCI Express Base Specification (x16 line rate) and typical achieved host-device rate";
        for (int lanes : {16, 8, 4})
            add("pcie-gen" + gen + "-x" + std::to_string(lanes),
                "PCIe Gen" + gen + " x" + std::to_string(lanes), LinkClass::Pcie, kPcieX16[g] * lanes / 16.0,
                kPcieLatency, kPcieEff[g], false, src);
        // A PCIe switch's (or device's) x16 uplink into the CPU's root complex: the host bridge.
        add("host-gen" + gen, "PCIe Gen" + gen + " x16 host bridge", LinkClass::Host, kPcieX16[g],
            kPcieLatency, kPcieEff[g], false, src);
    }

    const std::string qpiSrc =
        "Intel Xeon E5 v4 datasheet (QPI line rate); efficiency: NCCL topo.h BDW_QPI_BW 6 GB/s";
    add("qpi-6.4", "QPI 6.4 GT/s", LinkClass::CpuLink, 12.8 * GB, kCpuLinkLatency, kQpiEff, false, qpiSrc);
    add("qpi-8.0", "QPI 8.0 GT/s", LinkClass::CpuLink, 16.0 * GB, kCpuLinkLatency, kQpiEff, false, qpiSrc);
    add("qpi-9.6", "QPI 9.6 GT/s", LinkClass::CpuLink, 19.2 * GB, kCpuLinkLatency, kQpiEff, false, qpiSrc);
    // AMD's socket link has no prefix of its own (docs/formats.md, "Topology"); it is a CPU interconnect
    // like QPI.
    add("qpi-xgmi2", "AMD Infinity Fabric xGMI-2 (EPYC Rome)", LinkClass::CpuLink, 36.0 * GB, kCpuLinkLatency,
        16.0 / 36.0, false,
        "xGMI-2 x16 at 18 GT/s = 36 GB/s per direction; efficiency: NCCL topo.h AMD_ZEN12_BW 16 GB/s");
    add("upi-10.4", "UPI 10.4 GT/s (Skylake, Cascade Lake)", LinkClass::CpuLink, 20.8 * GB, kCpuLinkLatency,
        kUpiEff, false,
        "Intel Xeon Scalable datasheet (UPI 10.4 GT/s = 20.8 GB/s per direction); efficiency: NCCL topo.h "
        "SKL_QPI_BW 10 GB/s");
    add("upi-11.2", "UPI 11.2 GT/s (Ice Lake)", LinkClass::CpuLink, 22.4 * GB, kCpuLinkLatency, kUpiEff,
        false, "11.2 GT/s x 2 B per direction; efficiency as SKL_QPI_BW (NCCL topo.h)");
    add("upi-16", "UPI 2.0 16 GT/s (Sapphire Rapids)", LinkClass::CpuLink, 32.0 * GB, kCpuLinkLatency,
        22.0 / 32.0, false, "16 GT/s x 2 B per direction; efficiency: NCCL topo.h SRP_QPI_BW 22 GB/s");

    const std::string ibSrc =
        "REFERENCES.md 4x port rate; efficiency: 46-48 GB/s per NDR NIC (NVIDIA/nccl-tests#290)";
    add("ib-edr", "InfiniBand EDR 100 Gb/s", LinkClass::Network, 12.5 * GB, kIbLatency, kIbEff, false, ibSrc);
    add("ib-hdr", "InfiniBand HDR 200 Gb/s", LinkClass::Network, 25 * GB, kIbLatency, kIbEff, false, ibSrc);
    add("ib-ndr", "InfiniBand NDR 400 Gb/s", LinkClass::Network, 50 * GB, kIbLatency, kIbEff, false, ibSrc);
    add("ib-xdr", "InfiniBand XDR 800 Gb/s", LinkClass::Network, 100 * GB, kIbLatency, kIbEff, false, ibSrc);
    // The same ports on switches with SHARP in-network reduction enabled (NVIDIA Quantum HDR: SHARPv2,
    // Quantum-2 NDR: SHARPv3, Quantum-X800 XDR; NCCL uses them through its CollNet and the SHARP plugin,
    // NCCL_COLLNET_ENABLE=1): an opt-in kind, since a fabric may have SHARP off.
    const std::size_t ib = c.size() - 3; // ib-hdr, ib-ndr, ib-xdr
    for (std::size_t i = ib; i < ib + 3; ++i) {
        LinkCatalogEntry e = c[i];
        e.kind += "-sharp";
        e.title += " with SHARP";
        e.source +=
            "; SHARP: NVIDIA Quantum InfiniBand switch documentation, NCCL CollNet (NCCL_COLLNET_ENABLE)";
        e.sharp = true;
        c.push_back(std::move(e));
    }
    const std::string ethSrc = "IEEE 802.3 line rate; efficiency: ~90-95% of line rate";
    add("roce-100g", "RoCE 100 Gb/s", LinkClass::Network, 12.5 * GB, kIbLatency, kEthEff, false, ethSrc);
    add("roce-200g", "RoCE 200 Gb/s", LinkClass::Network, 25 * GB, kIbLatency, kEthEff, false, ethSrc);
    add("roce-400g", "RoCE 400 Gb/s", LinkClass::Network, 50 * GB, kIbLatency, kEthEff, false, ethSrc);
    for (int gbit : {10, 25, 100, 200, 400})
        add("ethernet-" + std::to_string(gbit) + "g", std::to_string(gbit) + " Gigabit Ethernet (TCP)",
            LinkClass::Network, gbit / 8.0 * GB, kEthernetLatency, kEthEff, false, ethSrc);
    return c;
}

} // namespace

const std::vector<LinkCatalogEntry>& linkCatalog()
{
    static const std::vector<LinkCatalogEntry> catalog = build();
    return catalog;
}

const LinkCatalogEntry* findLinkKind(std::string_view kind)
{
    // Cluster generation looks a kind up for every link of thousands: hash, not scan.
    static const std::unordered_map<std::string_view, const LinkCatalogEntry*> index = [] {
        std::unordered_map<std::string_view, const LinkCatalogEntry*> map;
        for (const LinkCatalogEntry& entry : linkCatalog())
            map.emplace(entry.kind, &entry);
        return map;
    }();
    const auto it = index.find(kind);
    return it == index.end() ? nullptr : it->second;
}

bool linkClassOf(std::string_view kind, LinkClass& out)
{
    if (!isKnownLinkKind(kind))
        return false;
    const auto starts = [kind](std::string_view prefix) { return kind.substr(0, prefix.size()) == prefix; };
    if (starts("nvlink") || starts("nvswitch") || starts("xgmi"))
        out = LinkClass::NvLink;
    else if (starts("pcie"))
        out = LinkClass::Pcie;
    else if (starts("host"))
        out = LinkClass::Host;
    else if (starts("qpi") || starts("upi"))
        out = LinkClass::CpuLink;
    else
        out = LinkClass::Network; // ib, roce, ethernet
    return true;
}

LinkCatalogEntry linkDefaults(std::string_view kind)
{
    if (const LinkCatalogEntry* entry = findLinkKind(kind))
        return *entry;
    const auto starts = [kind](std::string_view prefix) { return kind.substr(0, prefix.size()) == prefix; };
    const char* fallback = "pcie-gen4-x16";
    if (starts("nvlink"))
        fallback = "nvlink3";
    else if (starts("nvswitch"))
        fallback = "nvswitch2";
    else if (starts("xgmi"))
        fallback = "xgmi4";
    else if (starts("host"))
        fallback = "host-gen4";
    else if (starts("qpi"))
        fallback = "qpi-9.6";
    else if (starts("upi"))
        fallback = "upi-10.4";
    else if (starts("ib"))
        fallback = "ib-hdr";
    else if (starts("roce"))
        fallback = "roce-100g";
    else if (starts("ethernet"))
        fallback = "ethernet-100g";
    LinkCatalogEntry entry = *findLinkKind(fallback);
    entry.kind = std::string(kind);
    return entry;
}

int nvlinkGeneration(std::string_view kind)
{
    const auto number = [kind](std::string_view prefix) {
        if (kind.substr(0, prefix.size()) != prefix || kind.size() != prefix.size() + 1)
            return 0;
        const char c = kind[prefix.size()];
        return c >= '1' && c <= '9' ? c - '0' : 0;
    };
    if (const int n = number("nvlink"))
        return n;
    if (const int m = number("nvswitch"))
        return m + 1;
    return 0;
}

const char* linkClassName(LinkClass cls)
{
    switch (cls) {
    case LinkClass::NvLink:
        return "nvlink";
    case LinkClass::Pcie:
        return "pcie";
    case LinkClass::Host:
        return "host";
    case LinkClass::CpuLink:
        return "cpu";
    case LinkClass::Network:
        return "network";
    }
    return "";
}

} // namespace ss
