// SPDX-License-Identifier: GPL-3.0-or-later
#include "presets.h"

#include "gpucatalog.h"
#include "linkcatalog.h"
#include "topology.h"

#include <algorithm>
#include <cmath>

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

// How a node is wired: sockets, PCIe switches under them (none: GPUs and NICs on the CPUs' root ports), GPUs
// under the switches, and the GPUs' peer fabric. NICs are spread over the PCIe switches in contiguous blocks
// (NIC j on switch j·switches/nics), so NIC j sits next to GPU j when there are as many NICs as GPUs.
enum class Peers
{
    None,
    Switch, // every GPU of a domain on one NVSwitch fabric (NCCL models a node's NVSwitches as one NVS node)
    CubeMesh, // DGX-1's hybrid cube-mesh above
    Mesh,     // every pair joined directly (AMD Infinity Fabric, 4 V100 SXM2)
    Pairs,    // NVLink bridges joining GPUs 2k and 2k+1
};
struct NodeDesign
{
    int cpus = 2;
    std::string cpuLink;  // socket-pair link kind
    int pcieSwitches = 4; // split evenly over the sockets; 0: root ports
    std::string hostLink; // switch → CPU (GPU or NIC → CPU without switches)
    std::string gpuPcie;  // GPU → switch, NIC → switch
    Peers peers = Peers::None;
    std::string peerLink; // GPU → NVSwitch, or GPU → GPU
    int peerLinks = 0;    // bonded links GPU → NVSwitch, or ports per GPU (Mesh, Pairs)
    int domain = 0;       // Switch: GPUs per NVSwitch fabric; 0: all of the node's
    std::string c2c;      // superchips: GPU → its own CPU
    int gpusPerCpu = 0;
};

NodeDesign fixedDesign(int cpus, std::string cpuLink, int switches, int gen, Peers peers = Peers::None,
                       std::string peerLink = {}, int peerLinks = 0)
{
    NodeDesign d;
    d.cpus = cpus;
    d.cpuLink = std::move(cpuLink);
    d.pcieSwitches = switches;
    d.hostLink = "host-gen" + std::to_string(gen);
    d.gpuPcie = "pcie-gen" + std::to_string(gen) + "-x16";
    d.peers = peers;
    d.peerLink = std::move(peerLink);
    d.peerLinks = peerLinks;
    return d;
}

bool designOf(std::string_view preset, NodeDesign& d)
{
    if (preset == "dgx1-v100") {
        // 2× Xeon E5-2698 v4 (Broadwell, QPI 9.6 GT/s); 4 PLX PCIe Gen3 switches, two GPUs each.
        d = fixedDesign(2, "qpi-9.6", 4, 3, Peers::CubeMesh, "nvlink2");
    } else if (preset == "dgx2-v100") {
        // 2× Xeon Platinum 8168 (Skylake, UPI 10.4 GT/s); 8 PCIe Gen3 switches with two GPUs and one NIC
        // each; 12 NVSwitches over two baseboards, each GPU with one NVLink 2 link to each of the 6 switches
        // of its board, the boards joined switch to switch (NVIDIA DGX-2 whitepaper): one non-blocking
        // fabric.
        d = fixedDesign(2, "upi-10.4", 8, 3, Peers::Switch, "nvswitch1", 6);
    } else if (preset == "dgx-a100" || preset == "hgx-a800") {
        // 2× EPYC 7742; 4 PCIe Gen4 switch complexes with two GPUs and two HDR NICs each; six NVSwitches,
        // each GPU with 12 NVLink 3 links (NVIDIA DGX A100 user guide; `nvidia-smi topo -m` shows NV12). The
        // A800 keeps 8 of the 12 (NVLink 400 GB/s).
        d = fixedDesign(2, "qpi-xgmi2", 4, 4, Peers::Switch, "nvlink3", preset == "hgx-a800" ? 8 : 12);
    } else if (preset == "dgx-h100" || preset == "hgx-h200" || preset == "hgx-h20" || preset == "hgx-h800") {
        // 2× Xeon 8480C (Sapphire Rapids, UPI 16 GT/s); PCIe Gen5; four NVSwitch 3 chips, 18 NVLink 4 links
        // per GPU (NV18). HGX H200 and H20 keep the H100 baseboard's NVLink 4 fabric; the H800 has 8 links
        // (NVLink 400 GB/s).
        d = fixedDesign(2, "upi-16", 4, 5, Peers::Switch, "nvlink4", preset == "hgx-h800" ? 8 : 18);
    } else if (preset == "dgx-b200") {
        // 2× Xeon Platinum 8570 (Emerald Rapids, UPI 20 GT/s, modelled as UPI 2.0 16 GT/s); PCIe Gen5; two
        // NVSwitch 4 chips, 18 NVLink 5 links per GPU (NVIDIA DGX B200 datasheet: 1.8 TB/s per GPU).
        d = fixedDesign(2, "upi-16", 4, 5, Peers::Switch, "nvlink5", 18);
    } else if (preset == "gb200-nvl72") {
        // 36 GB200 superchips (1 Grace + 2 Blackwell, NVLink-C2C 900 GB/s), each GPU with 18 NVLink 5 links
        // into the 9 NVLink switch trays: one 72-GPU NVLink domain (NVIDIA GB200 NVL72 datasheet). A PCIe
        // Gen5 switch per Grace holds its GPUs' ConnectX NICs.
        d = fixedDesign(36, "", 36, 5, Peers::Switch, "nvlink5", 18);
        d.c2c = "host-nvlink-c2c";
        d.gpusPerCpu = 2;
    } else if (preset == "mi300x-8gpu") {
        // AMD Instinct MI300X platform: 8 OAMs fully connected by Infinity Fabric (7 links per GPU, one per
        // peer); 2 EPYC Genoa sockets (xGMI), PCIe Gen5 switches with two GPUs and two NICs each.
        d = fixedDesign(2, "qpi-xgmi2", 4, 5, Peers::Mesh, "xgmi4", 7);
    } else if (preset == "pcie-qpi-4gpu") {
        // Two sockets joined by QPI, one PCIe Gen3 switch on each with two GPUs: the classic 4-GPU box
        // where peers on one switch are PIX and peers across sockets SYS.
        d = fixedDesign(2, "qpi-9.6", 2, 3);
    } else if (preset == "pcie-gen3-4gpu" || preset == "pcie-gen4-4gpu" || preset == "pcie-gen5-4gpu") {
        // A single-socket 4-GPU workstation: one PCIe switch holds the four GPUs and the NIC and reaches the
        // CPU through one x16 uplink, which all host traffic shares (as the GPUs of a DGX-2 share theirs:
        // ZeRO-Infinity, SC'21, 3.0 GB/s per GPU from the CPU with all GPUs active). Gen3, Gen4 or Gen5.
        d = fixedDesign(1, "", 1, preset[8] - '0');
    } else if (preset == "pcie-gen4-8gpu") {
        // Two Ice Lake sockets (UPI 11.2 GT/s), two PCIe Gen4 switches per socket with two GPUs each.
        d = fixedDesign(2, "upi-11.2", 4, 4);
    } else if (preset == "ps-cluster") {
        // A parameter-server era worker: one socket, one PCIe Gen3 switch holding the GPUs and the NIC.
        d = fixedDesign(1, "", 1, 3);
    } else {
        return false;
    }
    return true;
}

// The node "auto" builds for GPUS of the catalogue entry: the shape its form factor comes in.
// - PCIe cards: one socket with the GPUs on its root ports (1-2 GPUs), one PCIe switch (3-4), else two
//   sockets with a switch per two GPUs; NVLink bridges for parts sold as bridged pairs.
// - SXM and OAM modules: an HGX-style baseboard, two sockets and a switch per two GPUs (root ports for
//   1-2); NVSwitch domains of the part's size (8 on HGX), DGX-1's cube-mesh for 8 V100, a direct mesh
//   for AMD's Infinity Fabric and for up to 7 V100.
// - Superchips: a Grace CPU per 1 or 2 GPUs joined by NVLink-C2C, a PCIe switch per Grace for the NICs.
// The socket link is the CPU generation that drives the PCIe generation: Gen3 Skylake UPI 10.4 GT/s, Gen4
// Ice Lake UPI 11.2 GT/s, Gen5 Sapphire Rapids UPI 16 GT/s.
NodeDesign autoDesign(const GpuCatalogEntry& gpu, int gpus)
{
    const GpuFabric& f = gpu.fabric;
    const int gen = std::clamp(f.pcieGen, 3, 6);
    const char* cpuLink = gen == 3 ? "upi-10.4" : gen == 4 ? "upi-11.2" : "upi-16";
    const int pairs = (gpus + 1) / 2;
    NodeDesign d;
    switch (f.form) {
    case GpuForm::Pcie:
        d = gpus <= 2   ? fixedDesign(1, "", 0, gen)
            : gpus <= 4 ? fixedDesign(1, "", 1, gen)
                        : fixedDesign(2, cpuLink, pairs, gen);
        if (f.bridgedPairs && *f.peerLink) {
            d.peers = Peers::Pairs;
            d.peerLink = f.peerLink;
            d.peerLinks = f.peerLinks;
        }
        return d;
    case GpuForm::Sxm:
    case GpuForm::Oam:
        d = gpus <= 2 ? fixedDesign(1, "", 0, gen) : fixedDesign(2, cpuLink, pairs, gen);
        break;
    case GpuForm::Superchip: {
        const int perCpu = std::max(f.gpusPerCpu, 1);
        const int cpus = (gpus + perCpu - 1) / perCpu;
        d = fixedDesign(cpus, "", cpus, gen);
        d.c2c = "host-nvlink-c2c";
        d.gpusPerCpu = perCpu;
        break;
    }
    }
    d.peerLink = f.peerLink;
    d.peerLinks = f.peerLinks;
    if (!*f.peerLink || gpus < 2)
        d.peers = Peers::None;
    else if (f.domain > 0)
        d.peers = Peers::Switch, d.domain = f.domain;
    else if (d.peerLink == "nvlink2" && gpus == 8)
        d.peers = Peers::CubeMesh;
    else if (gpus - 1 <= f.peerLinks)
        d.peers = Peers::Mesh;
    else if (d.peerLink == "nvlink2") // more V100 than a mesh reaches: DGX-2's NVSwitch fabric
        d.peers = Peers::Switch, d.peerLink = "nvswitch1";
    else // meshes of as many GPUs as the ports reach; GPUs of different meshes meet over PCIe
        d.peers = Peers::Mesh, d.domain = f.peerLinks + 1;
    return d;
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

// The GPUs' peer links of one node: NVSwitch domains, the cube-mesh, meshes or bridged pairs.
void buildPeers(Builder& b, const NodeDesign& d, const std::string& p, const std::string& n, int gpus,
                double x0)
{
    const auto gpu = [&p](int g) { return p + "gpu" + std::to_string(g); };
    const int domain = d.domain > 0 ? std::min(d.domain, gpus) : gpus;
    switch (d.peers) {
    case Peers::None:
        break;
    case Peers::Switch:
        for (int first = 0, k = 0; first < gpus; first += domain, ++k) {
            const std::string sw = p + "nvswitch" + (k == 0 ? std::string() : std::to_string(k));
            const int last = std::min(first + domain, gpus);
            b.device(sw, "nvswitch", n + "NVSwitch" + (k == 0 ? std::string() : " " + std::to_string(k)),
                     x0 + kGpuPitch * (first + last) / 2.0, 0);
            for (int g = first; g < last; ++g)
                b.link(gpu(g), sw, d.peerLink, d.peerLinks);
        }
        break;
    case Peers::CubeMesh:
        for (const NvPair& pair : kDgx1NvLinks)
            if (pair.a < gpus && pair.b < gpus)
                b.link(gpu(pair.a), gpu(pair.b), d.peerLink, pair.count);
        break;
    case Peers::Mesh:
        for (int first = 0; first < gpus; first += domain) {
            const int last = std::min(first + domain, gpus);
            const int per = std::max(1, d.peerLinks / std::max(1, last - first - 1));
            for (int i = first; i < last; ++i)
                for (int j = i + 1; j < last; ++j)
                    b.link(gpu(i), gpu(j), d.peerLink, per);
        }
        break;
    case Peers::Pairs:
        for (int g = 0; g + 1 < gpus; g += 2)
            b.link(gpu(g), gpu(g + 1), d.peerLink, d.peerLinks);
        break;
    }
}

// One node; returns the ids of its NICs in order.
std::vector<std::string> buildNode(Builder& b, const NodeDesign& d, int node, int gpus, int nics, double x0)
{
    const std::string p = "n" + std::to_string(node) + ".";
    const std::string n = "node " + std::to_string(node) + " ";
    const double width = std::max(gpus, 4) * kGpuPitch;
    const auto cpu = [&p](int c) { return p + "cpu" + std::to_string(c); };
    for (int c = 0; c < d.cpus; ++c)
        b.device(cpu(c), "cpu", n + "CPU " + std::to_string(c), x0 + width * (c + 0.5) / d.cpus, 360);
    if (d.cpus == 2 && !d.cpuLink.empty())
        b.link(cpu(0), cpu(1), d.cpuLink);
    // Where GPU g and NIC j attach on the PCIe side: a switch, or a CPU's root port.
    const bool switched = d.pcieSwitches > 0;
    const int parents = switched ? d.pcieSwitches : d.cpus;
    const auto parent = [&](int i, int count) {
        const int k = int(std::int64_t(i) * parents / std::max(count, 1));
        return switched ? p + "pcie" + std::to_string(k) : cpu(k);
    };
    for (int s = 0; s < d.pcieSwitches; ++s) {
        const std::string id = p + "pcie" + std::to_string(s);
        b.device(id, "pcie-switch", n + "PCIe switch " + std::to_string(s),
                 x0 + width * (s + 0.5) / d.pcieSwitches, 240);
        b.link(id, cpu(s * d.cpus / d.pcieSwitches), d.hostLink);
    }
    for (int g = 0; g < gpus; ++g) {
        const std::string id = p + "gpu" + std::to_string(g);
        b.device(id, "gpu", n + "GPU " + std::to_string(g), x0 + kGpuPitch * (g + 0.5), 120);
        b.link(id, parent(g, gpus), switched ? d.gpuPcie : d.hostLink);
        if (!d.c2c.empty())
            b.link(id, cpu(std::min(g / std::max(d.gpusPerCpu, 1), d.cpus - 1)), d.c2c);
    }
    buildPeers(b, d, p, n, gpus, x0);
    std::vector<std::string> ids;
    for (int j = 0; j < nics; ++j) {
        const std::string id = p + "nic" + std::to_string(j);
        b.device(id, "nic", n + "NIC " + std::to_string(j), x0 + width * (j + 0.5) / nics, 300);
        b.link(id, parent(j, nics), switched ? d.gpuPcie : d.hostLink);
        ids.push_back(id);
    }
    return ids;
}

} // namespace

namespace {

// Ports of the usual leaf switch of each network (the switches' datasheets): Switch-IB 2 EDR 36 ports,
// Quantum QM8700 HDR 40, Quantum-2 QM9700 NDR 64, Quantum-X800 Q3400 XDR 144; Ethernet and RoCE fabrics
// of Spectrum-class switches, 64 ports.
std::int64_t usualSwitchPorts(std::string_view kind)
{
    if (kind == "ib-edr")
        return 36;
    if (kind == "ib-hdr")
        return 40;
    if (kind == "ib-xdr")
        return 144;
    return 64;
}

// The fabric of R being built: switches and servers after the machines' devices, links by device index.
class FabricBuilder
{
public:
    FabricBuilder(ReplicatedTopology& r, const std::string& kind) : m_r(r)
    {
        const LinkCatalogEntry e = linkDefaults(kind);
        m_r.kinds = {{{}, {}, {}, kind, e.bandwidth_Bps, e.latency_s, e.efficiency, 1}};
    }
    // The new device's index.
    std::int64_t device(std::string id, const char* kind, std::string label, double x, double y)
    {
        m_r.fabric.push_back({std::move(id), kind, std::move(label), x, y});
        return first() + std::int64_t(m_r.fabric.size()) - 1;
    }
    // Room for DEVICES more devices and LINKS more links (a fabric of a million GPUs has a million links).
    void reserve(std::int64_t devices, std::int64_t links)
    {
        m_r.fabric.reserve(m_r.fabric.size() + std::size_t(devices));
        m_r.fabricLinks.reserve(m_r.fabricLinks.size() + std::size_t(links));
    }
    void link(std::int64_t a, std::int64_t b, std::int64_t count = 1)
    {
        m_r.fabricLinks.push_back({a, b, 0, count});
    }
    // Machine N's device LOCAL.
    std::int64_t machineDevice(std::int64_t n, int local) const
    {
        return n * std::int64_t(m_r.machine.nodes.size()) + local;
    }

private:
    std::int64_t first() const { return m_r.machines * std::int64_t(m_r.machine.nodes.size()); }
    ReplicatedTopology& m_r;
};

// The scale-out network of the machines, NICS_LOCAL their NICs (local indices), as a two-tier fat tree
// (presets.h). Returns the device servers attach to.
std::int64_t buildNetwork(FabricBuilder& b, const NetworkSpec& net, std::int64_t nodes,
                          const std::vector<int>& nicsLocal, double width)
{
    const std::int64_t nics = std::int64_t(nicsLocal.size());
    const std::int64_t ports = net.switch_ports > 0 ? net.switch_ports : usualSwitchPorts(net.kind);
    const double over = std::max(net.oversubscription, 1.0);
    // Down-ports : up-ports = over : 1, at least one of each.
    const std::int64_t down = std::clamp<std::int64_t>(
        std::int64_t(std::floor(double(ports) * over / (over + 1))), 1, std::max<std::int64_t>(ports - 1, 1));
    const bool rails = net.rail_optimized && nics >= 2;
    const auto uplinks = [over](std::int64_t used) {
        return std::max<std::int64_t>(1, std::int64_t(std::ceil(double(used) / over - 1e-9)));
    };
    const auto nic = [&](std::int64_t n, std::int64_t j) {
        return b.machineDevice(n, nicsLocal[std::size_t(j)]);
    };
    if (!rails && nodes * nics <= ports) { // one switch holds every NIC: no spine
        const std::int64_t sw = b.device("switch", "switch", "Switch", width / 2, -180);
        for (std::int64_t n = 0; n < nodes; ++n)
            for (std::int64_t j = 0; j < nics; ++j)
                b.link(nic(n, j), sw);
        return sw;
    }
    const std::int64_t spine = b.device("spine", "switch", "Spine", width / 2, -320);
    if (rails) {
        const std::int64_t perRail = (nodes + down - 1) / down; // leaves per rail
        const std::int64_t leaves = perRail * nics;
        b.reserve(leaves, nodes * nics + leaves);
        for (std::int64_t r = 0; r < nics; ++r) {
            for (std::int64_t k = 0; k < perRail; ++k) {
                const std::string suffix =
                    std::to_string(r) + (perRail > 1 ? "-" + std::to_string(k) : std::string());
                const std::int64_t leaf = b.device(
                    "leaf" + suffix, "switch", "Leaf " + suffix + " (rail " + std::to_string(r) + ")",
                    width * (double(r * perRail + k) + 0.5) / double(leaves), -180);
                const std::int64_t first = k * down, last = std::min(nodes, first + down);
                for (std::int64_t n = first; n < last; ++n)
                    b.link(nic(n, r), leaf);
                b.link(leaf, spine, uplinks(last - first));
            }
        }
        return spine;
    }
    // Top-of-rack: a node's NICs on one leaf, as many whole nodes as its down-ports take.
    const std::int64_t perLeaf = std::max<std::int64_t>(1, down / std::max<std::int64_t>(nics, 1));
    const std::int64_t leaves = (nodes + perLeaf - 1) / perLeaf;
    b.reserve(leaves, nodes * nics + leaves);
    for (std::int64_t k = 0; k < leaves; ++k) {
        const std::int64_t leaf = b.device("leaf" + std::to_string(k), "switch", "Leaf " + std::to_string(k),
                                           width * (double(k) + 0.5) / double(leaves), -180);
        const std::int64_t first = k * perLeaf, last = std::min(nodes, first + perLeaf);
        for (std::int64_t n = first; n < last; ++n)
            for (std::int64_t j = 0; j < nics; ++j)
                b.link(nic(n, j), leaf);
        b.link(leaf, spine, uplinks((last - first) * nics));
    }
    return spine;
}

} // namespace

bool generateCluster(const ClusterShape& shape, ReplicatedTopology& out, std::string* error)
{
    const auto fail = [error](std::string message) {
        if (error)
            *error = std::move(message);
        return false;
    };
    const bool isAuto = shape.preset == kAutoPreset;
    const PresetInfo* info = isAuto ? nullptr : findPreset(shape.preset);
    NodeDesign design;
    if (!isAuto && (!info || !designOf(shape.preset, design)))
        return fail("unknown node preset \"" + shape.preset + "\"");
    const GpuCatalogEntry* gpu = isAuto ? findGpu(shape.gpu) : nullptr;
    if (isAuto && !gpu)
        return fail("the \"auto\" node preset builds the node from a catalogue GPU; \"" + shape.gpu +
                    "\" is not one (pick a catalogue GPU or a named preset)");
    const std::int64_t gpus =
        shape.gpus_per_node > 0 ? shape.gpus_per_node : (info ? info->default_gpus_per_node : 8);
    if (info && info->gpus_per_node > 0 && gpus != info->gpus_per_node)
        return fail("the " + shape.preset + " preset has " + std::to_string(info->gpus_per_node) +
                    " GPUs per node, not " + std::to_string(gpus));
    if (shape.nodes < 1 || shape.nodes > 1000000 || gpus > 1024)
        return fail("expected 1 or more nodes of at most 1024 GPUs");
    if (isAuto)
        design = autoDesign(*gpu, int(gpus));
    const std::int64_t nics = shape.network.nics_per_node;
    const bool networked = shape.nodes > 1 || shape.ps_servers > 0;
    if (networked && nics < 1)
        return fail("nodes need at least one NIC to reach each other (cluster.network.nics_per_node)");
    LinkClass cls;
    if (networked && (!linkClassOf(shape.network.kind, cls) || cls != LinkClass::Network))
        return fail("unknown network kind \"" + shape.network.kind + "\"");

    ReplicatedTopology r;
    Builder machine(r.machine);
    const std::vector<std::string> nicIds = buildNode(machine, design, 0, int(gpus), int(nics), 0);
    r.machines = shape.nodes;
    r.pitch = double(std::max<std::int64_t>(gpus, 4)) * kGpuPitch + 120;
    if (networked) {
        std::vector<int> nicsLocal;
        for (const std::string& id : nicIds)
            for (std::size_t i = 0; i < r.machine.nodes.size(); ++i)
                if (r.machine.nodes[i].id == id)
                    nicsLocal.push_back(int(i));
        FabricBuilder b(r, shape.network.kind);
        const double width = double(shape.nodes) * r.pitch;
        const std::int64_t core = buildNetwork(b, shape.network, shape.nodes, nicsLocal, width);
        const double middle = width / 2;
        for (std::int64_t j = 0; j < shape.ps_servers; ++j) {
            const std::int64_t ps =
                b.device("ps" + std::to_string(j), "ps", "Parameter server " + std::to_string(j),
                         middle + (double(j) - double(shape.ps_servers - 1) / 2) * 2 * kGpuPitch, -440);
            b.link(ps, core);
        }
    }
    out = std::move(r);
    return true;
}

bool generateCluster(const ClusterShape& shape, Topology& out, std::string* error)
{
    ReplicatedTopology r;
    if (!generateCluster(shape, r, error))
        return false;
    out = expand(r);
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
    shape.network.kind = info->network;
    shape.network.nics_per_node = info->nics_per_node;
    shape.ps_servers = id == "ps-cluster" ? 2 : 0;
    Topology t;
    generateCluster(shape, t);
    return t;
}

namespace {

ClusterShape shapeOf(const Scenario& sc)
{
    ClusterShape shape;
    shape.preset = sc.cluster.node_preset;
    shape.gpu = sc.cluster.gpu_id;
    shape.nodes = sc.cluster.nodes;
    shape.gpus_per_node = sc.cluster.gpus_per_node;
    shape.network = sc.cluster.network;
    const bool ps = sc.parallel.dp_sync == DpSync::ParameterServer || sc.cluster.node_preset == "ps-cluster";
    shape.ps_servers = ps ? std::max<std::int64_t>(sc.parallel.ps_servers, 1) : 0;
    return shape;
}

} // namespace

bool scenarioTopology(const Scenario& sc, Topology& out, std::string* error)
{
    if (sc.cluster.topology) {
        out = *sc.cluster.topology;
        return true;
    }
    return generateCluster(shapeOf(sc), out, error);
}

bool scenarioGraph(const Scenario& sc, TopologyGraph& out, std::string* error)
{
    if (sc.cluster.topology)
        return TopologyGraph::build(*sc.cluster.topology, out, error);
    ReplicatedTopology r;
    return generateCluster(shapeOf(sc), r, error) && TopologyGraph::build(r, out, error);
}

} // namespace ss
