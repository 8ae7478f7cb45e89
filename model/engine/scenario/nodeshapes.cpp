// SPDX-License-Identifier: GPL-3.0-or-later
#include "nodeshapes.h"

#include "explain.h"
#include "gpucatalog.h"

#include <algorithm>
#include <cmath>

namespace ss {

namespace {
constexpr double GB = 1e9;
constexpr double TB = 1e12;
constexpr double GiB = 1024.0 * 1024.0 * 1024.0;
// One 3.84 TB U.2 NVMe drive per two GPUs: DGX A100 (4 for 8 GPUs) and DGX H100 (8 data drives of 3.84 TB
// for 8 GPUs, counted as twice that) bracket it; used for "auto" nodes.
constexpr double kNvmePerGpuPair = 3.84 * TB;
} // namespace

// Host memory and NVMe are each machine's base configuration as its datasheet states it (DGX-1, DGX-2,
// DGX A100, DGX H100/H200, DGX B200, GB200 NVL72 datasheets); the vendor-neutral shapes (HGX boards of
// other vendors, PCIe workstations and servers) carry a typical configuration of such machines. Both are
// defaults: cluster.host_memory_bytes and cluster.nvme_bytes replace them.
const std::vector<PresetInfo>& presets()
{
    static const std::vector<PresetInfo> list = {
        {"dgx1-v100", "NVIDIA DGX-1 (8× V100, hybrid cube-mesh)", 8, 8, 1, "V100-SXM2-32GB", "ib-edr", 4,
         512 * GB, 4 * 1.92 * TB,
         "8 V100 on NVLink 2 in a hybrid cube-mesh (some pairs without NVLink go through PCIe and QPI), 4 "
         "PCIe "
         "Gen3 switches on 2 Broadwell sockets, 4 EDR InfiniBand NICs; 512 GB DDR4, 4× 1.92 TB SSD"},
        {"dgx-a100", "NVIDIA DGX A100 (8× A100, NVSwitch)", 8, 8, 1, "A100-SXM4-80GB", "ib-hdr", 8, 1 * TB,
         4 * 3.84 * TB,
         "8 A100 with 12 NVLink 3 links each to the NVSwitches (NV12), 4 PCIe Gen4 switches on 2 EPYC "
         "sockets, "
         "8 HDR InfiniBand NICs; 1 TB DDR4, 15 TB NVMe"},
        {"dgx-h100", "NVIDIA DGX H100 (8× H100, NVSwitch)", 8, 8, 1, "H100-SXM5-80GB", "ib-ndr", 8, 2 * TB,
         8 * 3.84 * TB,
         "8 H100 with 18 NVLink 4 links each to the NVSwitches (NV18, NVLink SHARP), PCIe Gen5, 2 Sapphire "
         "Rapids sockets, 8 NDR InfiniBand NICs; 2 TB DDR5, 30 TB NVMe"},
        {"hgx-h200", "NVIDIA HGX H200 (8× H200, NVSwitch)", 8, 8, 1, "H200", "ib-ndr", 8, 2 * TB,
         8 * 3.84 * TB,
         "8 H200 on the H100 baseboard's NVLink 4 NVSwitch fabric (NV18), PCIe Gen5, 8 NDR NICs; 2 TB, 30 TB "
         "NVMe"},
        {"pcie-qpi-4gpu", "4-GPU PCIe box, two switches on two sockets (QPI)", 4, 4, 1, "RTX-3090",
         "ethernet-10g", 1, 256 * GiB, 3.84 * TB,
         "2 PCIe Gen3 switches with 2 GPUs each, one per socket, the sockets joined by QPI 9.6 GT/s"},
        {"pcie-gen3-4gpu", "4-GPU PCIe Gen3 workstation, one switch", 4, 4, 1, "RTX-3090", "ethernet-10g", 1,
         256 * GiB, 3.84 * TB,
         "1 socket, 1 PCIe Gen3 switch holding the 4 GPUs and the NIC, one x16 uplink to the CPU"},
        {"pcie-gen4-4gpu", "4-GPU PCIe Gen4 workstation, one switch", 4, 4, 1, "RTX-4090", "ethernet-10g", 1,
         256 * GiB, 3.84 * TB,
         "1 socket, 1 PCIe Gen4 switch holding the 4 GPUs and the NIC, one x16 uplink to the CPU"},
        {"pcie-gen5-4gpu", "4-GPU PCIe Gen5 workstation, one switch", 4, 4, 1, "H100-PCIe", "ethernet-10g", 1,
         256 * GiB, 3.84 * TB,
         "1 socket, 1 PCIe Gen5 switch holding the 4 GPUs and the NIC, one x16 uplink to the CPU"},
        {"pcie-gen4-8gpu", "8-GPU PCIe Gen4 server", 8, 8, 1, "A100-PCIe-80GB", "roce-100g", 2, 1 * TB,
         2 * 3.84 * TB, "4 PCIe Gen4 switches with 2 GPUs each on 2 Ice Lake sockets (UPI), no NVLink"},
        {"ps-cluster", "Parameter-server cluster (workers + servers)", 0, 1, 4, "V100-SXM2-16GB",
         "ethernet-10g", 1, 256 * GiB, 1.92 * TB,
         "worker nodes with their GPUs and one NIC on one PCIe Gen3 switch, and parameter-server hosts, all "
         "on "
         "one Ethernet switch"},
        {"dgx2-v100", "NVIDIA DGX-2 (16× V100, NVSwitch)", 16, 16, 1, "V100-SXM2-32GB", "ib-edr", 8, 1.5 * TB,
         30.72 * TB,
         "16 V100 with 6 NVLink 2 links each to 12 NVSwitches on two baseboards (one fabric), 8 PCIe Gen3 "
         "switches on 2 Skylake sockets (UPI), 8 EDR InfiniBand NICs; 1.5 TB DDR4, 30 TB NVMe"},
        {"hgx-a800", "HGX A800 (8× A800, NVSwitch, NVLink 400 GB/s)", 8, 8, 1, "A800-SXM4-80GB", "ib-hdr", 8,
         1 * TB, 4 * 3.84 * TB,
         "8 A800 with 8 NVLink 3 links each to the NVSwitches (NVLink 400 GB/s), otherwise as DGX A100"},
        {"hgx-h800", "HGX H800 (8× H800, NVSwitch, NVLink 400 GB/s)", 8, 8, 1, "H800-SXM5-80GB", "ib-ndr", 8,
         2 * TB, 8 * 3.84 * TB,
         "8 H800 with 8 NVLink 4 links each to the NVSwitches (NVLink 400 GB/s), otherwise as DGX H100"},
        {"hgx-h20", "HGX H20 (8× H20, NVSwitch)", 8, 8, 1, "H20", "roce-400g", 8, 2 * TB, 8 * 3.84 * TB,
         "8 H20 with 18 NVLink 4 links each to the NVSwitches (900 GB/s), PCIe Gen5, 8 400 Gb/s RoCE NICs"},
        {"dgx-b200", "NVIDIA DGX B200 (8× B200, NVSwitch)", 8, 8, 1, "B200", "ib-ndr", 8, 2 * TB,
         8 * 3.84 * TB,
         "8 B200 with 18 NVLink 5 links each to two NVSwitch chips (1.8 TB/s per GPU), PCIe Gen5, 2 Xeon "
         "sockets, 8 ConnectX-7 400 Gb/s NICs; 2 TB DDR5, 30 TB NVMe"},
        {"gb200-nvl72", "NVIDIA GB200 NVL72 (72× B200 in one NVLink domain)", 72, 72, 1, "GB200", "ib-ndr",
         72, 36 * 480 * GB, 0,
         "one rack: 36 Grace CPUs, each joined to 2 Blackwell GPUs by NVLink-C2C; the 72 GPUs on the NVLink "
         "5 "
         "switch trays with 18 links each (1.8 TB/s per GPU, one NVLink domain); one 400 Gb/s NIC per GPU "
         "for the scale-out network; 480 GB LPDDR5X per Grace (17 TB per rack)"},
        {"mi300x-8gpu", "AMD Instinct MI300X platform (8× MI300X, Infinity Fabric mesh)", 8, 8, 1, "MI300X",
         "roce-400g", 8, 2 * TB, 8 * 3.84 * TB,
         "8 MI300X OAMs, every pair joined by one Infinity Fabric link (7 per GPU, 128 GB/s each), PCIe "
         "Gen5, "
         "2 sockets, 8 400 Gb/s NICs"},
    };
    return list;
}

const PresetInfo* findPreset(std::string_view id)
{
    for (const PresetInfo& p : presets())
        if (p.id == id)
            return &p;
    return nullptr;
}

bool isNodePreset(std::string_view id)
{
    return id == kAutoPreset || findPreset(id);
}

std::vector<std::string> nodePresetChoices()
{
    std::vector<std::string> ids{std::string(kAutoPreset)};
    for (const PresetInfo& p : presets())
        ids.push_back(p.id);
    return ids;
}

namespace {

// The scenario's figure when above 0, else the preset's, else the auto rule: the one order both capacities
// follow.
NodeCapacity capacity(const ClusterSpec& c, double given, double PresetInfo::*preset, const char* field)
{
    if (given > 0)
        return {given, "scenario", field, explainNumber(given) + " B"};
    if (const PresetInfo* p = findPreset(c.node_preset); p && p->*preset > 0)
        return {p->*preset, "preset", "the node preset's figure", explainNumber(p->*preset) + " B"};
    return {};
}

} // namespace

NodeCapacity hostMemoryPerNode(const ClusterSpec& c)
{
    NodeCapacity out =
        capacity(c, c.host_memory_bytes, &PresetInfo::host_memory_bytes, "cluster.host_memory_bytes");
    if (!out.origin.empty())
        return out;
    const double gpus = double(std::max<std::int64_t>(c.gpus_per_node, 1));
    return {std::max(64 * GiB, 2 * gpus * c.gpu.memory_bytes), "auto", "max(64 GiB, 2 × G_node × M_gpu)",
            "max(" + explainNumber(64 * GiB) + " B, 2 × " + explainNumber(gpus) + " × " +
                explainNumber(c.gpu.memory_bytes) + " B)"};
}

NodeCapacity nvmePerNode(const ClusterSpec& c)
{
    NodeCapacity out = capacity(c, c.nvme_bytes, &PresetInfo::nvme_bytes, "cluster.nvme_bytes");
    if (!out.origin.empty())
        return out;
    const double gpus = double(std::max<std::int64_t>(c.gpus_per_node, 1));
    return {kNvmePerGpuPair * std::ceil(gpus / 2), "auto", "⌈G_node / 2⌉ × 3.84 TB",
            "⌈" + explainNumber(gpus) + " / 2⌉ × " + explainNumber(kNvmePerGpuPair) + " B"};
}

} // namespace ss
