// SPDX-License-Identifier: GPL-3.0-or-later
#include "presets.h"

#include "linkcatalog.h"

#include <algorithm>

namespace ss {

namespace {

// DGX-1 with V100: the hybrid cube-mesh. Two quads (GPUs 0-3 and 4-7), each GPU with 6 NVLink 2 links,
// some pairs joined by two links, and GPU i joined to GPU i+4; pairs such as 0-5 have no NVLink and go
// through PCIe and QPI (SYS). The bonded counts are those of `nvidia-smi topo -m` on a DGX-1V (NV1/NV2),
// e.g. GPU0: GPU1 NV1, GPU2 NV1, GPU3 NV2, GPU4 NV2 as in the NCCL topology dump of NVIDIA/nccl#671
// (GPU0 -> 07:00 count 1, 0a:00 count 1, 0b:00 count 2, 85:00 count 2); NVIDIA DGX-1 whitepaper.
struct NvPair
{
    int a, b, count;
};
constexpr NvPair kDgx1NvLinks[] = {
    {0, 1, 1}, {0, 2, 1}, {0, 3, 2}, {0, 4, 2}, {1, 2, 2}, {1, 3, 1}, {1, 5, 2}, {2, 3, 2},
    {2, 6, 1}, {3, 7, 1}, {4, 5, 1}, {4, 6, 1}, {4, 7, 2}, {5, 6, 2}, {5, 7, 1}, {6, 7, 2},
};

// How a node is wired: sockets, PCIe switches under them, GPUs under the switches, an NVSwitch or
// direct NVLinks. NICs are spread over the PCIe switches in contiguous blocks (NIC j on switch
// j·switches/nics), so NIC j sits next to GPU j when there are as many NICs as GPUs.
struct NodeDesign
{
    int cpus = 2;
    std::string cpuLink;   // socket-pair link kind
    int pcieSwitches = 4;  // split evenly over the sockets
    std::string hostLink;  // switch → CPU
    std::string gpuPcie;   // GPU → switch
    std::string nvlink;    // "" none
    bool nvswitch = false; // all GPUs on one NVSwitch (NCCL models a node's NVSwitches as one NVS node)
    int nvlinksPerGpu = 0; // bonded links GPU → NVSwitch
    bool dgx1 = false;     // the cube-mesh above
};

bool designOf(std::string_view preset, NodeDesign& d)
{
    if (preset == "dgx1-v100") {
        // 2× Xeon E5-2698 v4 (Broadwell, QPI 9.6 GT/s); 4 PLX PCIe Gen3 switches, two GPUs each.
        d = {2, "qpi-9.6", 4, "host-gen3", "pcie-gen3-x16", "nvlink2", false, 0, true};
    } else if (preset == "dgx-a100") {
        // 2× EPYC 7742; 4 PCIe Gen4 switch complexes with two GPUs and two HDR NICs each; six NVSwitches,
        // each GPU with 12 NVLink 3 links (NVIDIA DGX A100 user guide; `nvidia-smi topo -m` shows NV12).
        d = {2, "qpi-xgmi2", 4, "host-gen4", "pcie-gen4-x16", "nvlink3", true, 12, false};
    } else if (preset == "dgx-h100" || preset == "hgx-h200") {
        // 2× Xeon 8480C (Sapphire Rapids, UPI 16 GT/s); PCIe Gen5; four NVSwitch 3 chips, 18 NVLink 4 links
        // per GPU (NV18). HGX H200 keeps the H100 baseboard's NVLink 4 fabric.
        d = {2, "upi-16", 4, "host-gen5", "pcie-gen5-x16", "nvlink4", true, 18, false};
    } else if (preset == "pcie-qpi-4gpu") {
        // Two sockets joined by QPI, one PCIe Gen3 switch on each with two GPUs: the classic 4-GPU box
        // where peers on one switch are PIX and peers across sockets SYS.
        d = {2, "qpi-9.6", 2, "host-gen3", "pcie-gen3-x16", "", false, 0, false};
    } else if (preset == "pcie-gen3-4gpu" || preset == "pcie-gen4-4gpu" || preset == "pcie-gen5-4gpu") {
        // A single-socket 4-GPU workstation: one PCIe switch holds the four GPUs and the NIC and reaches the
        // CPU through one x16 uplink, which all host traffic shares (as the GPUs of a DGX-2 share theirs:
        // ZeRO-Infinity, SC'21, 3.0 GB/s per GPU from the CPU with all GPUs active). Gen3, Gen4 or Gen5.
        const std::string gen(preset.substr(8, 1));
        d = {1, "", 1, "host-gen" + gen, "pcie-gen" + gen + "-x16", "", false, 0, false};
    } else if (preset == "pcie-gen4-8gpu") {
        // Two Ice Lake sockets (UPI 11.2 GT/s), two PCIe Gen4 switches per socket with two GPUs each.
        d = {2, "upi-11.2", 4, "host-gen4", "pcie-gen4-x16", "", false, 0, false};
    } else if (preset == "ps-cluster") {
        // A parameter-server era worker: one socket, one PCIe Gen3 switch holding the GPUs and the NIC.
        d = {1, "", 1, "host-gen3", "pcie-gen3-x16", "", false, 0, false};
    } else {
        return false;
    }
    return true;
}

class Builder
{
public:
    explicit Builder(Topology& topology) : m_t(topology) {}

    void device(const std::string& id, const char* kind, std::string label, double x, double y)
    {
        m_t.nodes.push_back({id, kind, std::move(label), x, y});
    }
    void link(const std::string& a, const std::string& b, const std::string& kind, std::int64_t count = 1)
    {
        const LinkCatalogEntry e = linkDefaults(kind);
        m_t.links.push_back({a + "~" + b, a, b, kind, e.bandwidth_Bps, e.latency_s, e.efficiency, count});
    }

private:
    Topology& m_t;
};

constexpr double kGpuPitch = 90;

// One node; returns the ids of its NICs in order.
std::vector<std::string> buildNode(Builder& b, const NodeDesign& d, int node, int gpus, int nics, double x0)
{
    const std::string p = "n" + std::to_string(node) + ".";
    const std::string n = "node " + std::to_string(node) + " ";
    const double width = std::max(gpus, 4) * kGpuPitch;
    for (int c = 0; c < d.cpus; ++c)
        b.device(p + "cpu" + std::to_string(c), "cpu", n + "CPU " + std::to_string(c),
                 x0 + width * (c + 0.5) / d.cpus, 360);
    if (d.cpus == 2)
        b.link(p + "cpu0", p + "cpu1", d.cpuLink);
    for (int s = 0; s < d.pcieSwitches; ++s) {
        const std::string id = p + "pcie" + std::to_string(s);
        b.device(id, "pcie-switch", n + "PCIe switch " + std::to_string(s),
                 x0 + width * (s + 0.5) / d.pcieSwitches, 240);
        b.link(id, p + "cpu" + std::to_string(s * d.cpus / d.pcieSwitches), d.hostLink);
    }
    for (int g = 0; g < gpus; ++g) {
        const std::string id = p + "gpu" + std::to_string(g);
        b.device(id, "gpu", n + "GPU " + std::to_string(g), x0 + kGpuPitch * (g + 0.5), 120);
        b.link(id, p + "pcie" + std::to_string(g * d.pcieSwitches / gpus), d.gpuPcie);
    }
    if (d.nvswitch) {
        b.device(p + "nvswitch", "nvswitch", n + "NVSwitch", x0 + width / 2, 0);
        for (int g = 0; g < gpus; ++g)
            b.link(p + "gpu" + std::to_string(g), p + "nvswitch", d.nvlink, d.nvlinksPerGpu);
    } else if (d.dgx1) {
        for (const NvPair& pair : kDgx1NvLinks)
            b.link(p + "gpu" + std::to_string(pair.a), p + "gpu" + std::to_string(pair.b), d.nvlink,
                   pair.count);
    }
    std::vector<std::string> ids;
    for (int j = 0; j < nics; ++j) {
        const std::string id = p + "nic" + std::to_string(j);
        const int sw = j * d.pcieSwitches / nics;
        b.device(id, "nic", n + "NIC " + std::to_string(j), x0 + width * (j + 0.5) / nics, 300);
        b.link(id, p + "pcie" + std::to_string(sw), d.gpuPcie);
        ids.push_back(id);
    }
    return ids;
}

} // namespace

const std::vector<PresetInfo>& presets()
{
    static const std::vector<PresetInfo> list = {
        {"dgx1-v100", "NVIDIA DGX-1 (8× V100, hybrid cube-mesh)", 8, 8, 1, "V100-SXM2-32GB", "ib-edr", 4,
         "8 V100 on NVLink 2 in a hybrid cube-mesh (some pairs without NVLink go through PCIe and QPI), "
         "4 PCIe Gen3 switches on 2 Broadwell sockets, 4 EDR InfiniBand NICs"},
        {"dgx-a100", "NVIDIA DGX A100 (8× A100, NVSwitch)", 8, 8, 1, "A100-SXM4-80GB", "ib-hdr", 8,
         "8 A100 with 12 NVLink 3 links each to the NVSwitches (NV12), 4 PCIe Gen4 switches on 2 EPYC "
         "sockets, "
         "8 HDR InfiniBand NICs"},
        {"dgx-h100", "NVIDIA DGX H100 (8× H100, NVSwitch)", 8, 8, 1, "H100-SXM5-80GB", "ib-ndr", 8,
         "8 H100 with 18 NVLink 4 links each to the NVSwitches (NV18, NVLink SHARP), PCIe Gen5, "
         "2 Sapphire Rapids sockets, 8 NDR InfiniBand NICs"},
        {"hgx-h200", "NVIDIA HGX H200 (8× H200, NVSwitch)", 8, 8, 1, "H200", "ib-ndr", 8,
         "8 H200 on the H100 baseboard's NVLink 4 NVSwitch fabric (NV18), PCIe Gen5, 8 NDR NICs"},
        {"pcie-qpi-4gpu", "4-GPU PCIe box, two switches on two sockets (QPI)", 4, 4, 1, "RTX-3090",
         "ethernet-10g", 1,
         "2 PCIe Gen3 switches with 2 GPUs each, one per socket, the sockets joined by QPI 9.6 GT/s"},
        {"pcie-gen3-4gpu", "4-GPU PCIe Gen3 workstation, one switch", 4, 4, 1, "RTX-3090", "ethernet-10g", 1,
         "1 socket, 1 PCIe Gen3 switch holding the 4 GPUs and the NIC, one x16 uplink to the CPU"},
        {"pcie-gen4-4gpu", "4-GPU PCIe Gen4 workstation, one switch", 4, 4, 1, "RTX-4090", "ethernet-10g", 1,
         "1 socket, 1 PCIe Gen4 switch holding the 4 GPUs and the NIC, one x16 uplink to the CPU"},
        {"pcie-gen5-4gpu", "4-GPU PCIe Gen5 workstation, one switch", 4, 4, 1, "H100-PCIe", "ethernet-10g", 1,
         "1 socket, 1 PCIe Gen5 switch holding the 4 GPUs and the NIC, one x16 uplink to the CPU"},
        {"pcie-gen4-8gpu", "8-GPU PCIe Gen4 server", 8, 8, 1, "A100-PCIe-80GB", "roce-100g", 2,
         "4 PCIe Gen4 switches with 2 GPUs each on 2 Ice Lake sockets (UPI), no NVLink"},
        {"ps-cluster", "Parameter-server cluster (workers + servers)", 0, 1, 4, "V100-SXM2-16GB",
         "ethernet-10g", 1,
         "worker nodes with their GPUs and one NIC on one PCIe Gen3 switch, and parameter-server hosts, all "
         "on "
         "one Ethernet switch"},
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

bool generateCluster(const ClusterShape& shape, Topology& out, std::string* error)
{
    const auto fail = [error](std::string message) {
        if (error)
            *error = std::move(message);
        return false;
    };
    const PresetInfo* info = findPreset(shape.preset);
    NodeDesign design;
    if (!info || !designOf(shape.preset, design))
        return fail("unknown node preset \"" + shape.preset + "\"");
    const std::int64_t gpus = shape.gpus_per_node > 0 ? shape.gpus_per_node : info->default_gpus_per_node;
    if (info->gpus_per_node > 0 && gpus != info->gpus_per_node)
        return fail("the " + shape.preset + " preset has " + std::to_string(info->gpus_per_node) +
                    " GPUs per node, not " + std::to_string(gpus));
    if (shape.nodes < 1 || shape.nodes > 1000000 || gpus > 1024)
        return fail("expected 1 or more nodes of at most 1024 GPUs");
    const std::int64_t nics = shape.network.nics_per_node;
    const bool networked = shape.nodes > 1 || shape.ps_servers > 0;
    if (networked && nics < 1)
        return fail("nodes need at least one NIC to reach each other (cluster.network.nics_per_node)");
    LinkClass cls;
    if (networked && (!linkClassOf(shape.network.kind, cls) || cls != LinkClass::Network))
        return fail("unknown network kind \"" + shape.network.kind + "\"");

    Topology t;
    t.nodes.reserve(std::size_t(shape.nodes * (gpus + nics + 8)));
    t.links.reserve(std::size_t(shape.nodes * (2 * gpus + 2 * nics + 8)));
    Builder b(t);
    const double nodeWidth = std::max<std::int64_t>(gpus, 4) * kGpuPitch + 120;
    std::vector<std::vector<std::string>> nodeNics;
    for (std::int64_t n = 0; n < shape.nodes; ++n)
        nodeNics.push_back(buildNode(b, design, int(n), int(gpus), int(nics), double(n) * nodeWidth));

    if (networked) {
        const std::string& kind = shape.network.kind;
        const double middle = double(shape.nodes) * nodeWidth / 2;
        std::string core; // where servers attach
        if (nics >= 2) {
            core = "spine";
            b.device(core, "switch", "Spine", middle, -320);
            for (std::int64_t r = 0; r < nics; ++r) {
                const std::string leaf = "leaf" + std::to_string(r);
                b.device(leaf, "switch", "Leaf " + std::to_string(r) + " (rail " + std::to_string(r) + ")",
                         double(shape.nodes) * nodeWidth * (double(r) + 0.5) / double(nics), -180);
                for (std::int64_t n = 0; n < shape.nodes; ++n)
                    b.link(nodeNics[std::size_t(n)][std::size_t(r)], leaf, kind);
                // As many uplinks as the leaf has nodes below it: a non-blocking fat tree, collapsed.
                b.link(leaf, core, kind, shape.nodes);
            }
        } else {
            core = "switch";
            b.device(core, "switch", "Switch", middle, -180);
            for (std::int64_t n = 0; n < shape.nodes; ++n)
                b.link(nodeNics[std::size_t(n)][0], core, kind);
        }
        for (std::int64_t j = 0; j < shape.ps_servers; ++j) {
            const std::string id = "ps" + std::to_string(j);
            b.device(id, "ps", "Parameter server " + std::to_string(j),
                     middle + (double(j) - double(shape.ps_servers - 1) / 2) * 2 * kGpuPitch, -440);
            b.link(id, core, kind);
        }
    }
    out = std::move(t);
    return true;
}

Topology presetTopology(std::string_view id)
{
    const PresetInfo* info = findPreset(id);
    if (!info)
        return {};
    ClusterShape shape;
    shape.preset = info->id;
    shape.nodes = info->default_nodes;
    shape.gpus_per_node = info->default_gpus_per_node;
    shape.network = {info->network, info->nics_per_node};
    shape.ps_servers = id == "ps-cluster" ? 2 : 0;
    Topology t;
    generateCluster(shape, t);
    return t;
}

bool scenarioTopology(const Scenario& sc, Topology& out, std::string* error)
{
    if (sc.cluster.topology) {
        out = *sc.cluster.topology;
        return true;
    }
    ClusterShape shape;
    shape.preset = sc.cluster.node_preset;
    shape.nodes = sc.cluster.nodes;
    shape.gpus_per_node = sc.cluster.gpus_per_node;
    shape.network = sc.cluster.network;
    const bool ps = sc.parallel.dp_sync == DpSync::ParameterServer || sc.cluster.node_preset == "ps-cluster";
    shape.ps_servers = ps ? std::max<std::int64_t>(sc.parallel.ps_servers, 1) : 0;
    return generateCluster(shape, out, error);
}

} // namespace ss
