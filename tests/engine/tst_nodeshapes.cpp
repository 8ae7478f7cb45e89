// SPDX-License-Identifier: GPL-3.0-or-later
// Clusters of any shape: the GPU catalogue against its datasheets, nodes built from a GPU's fabric
// (node_preset "auto", one GPU up), the named presets of today's machines, the two-tier fat tree with
// oversubscription, and host memory / NVMe capacity against what an offload needs.
#include "collective.h"
#include "evaluate.h"
#include "gpucatalog.h"
#include "linkcatalog.h"
#include "nodeshapes.h"
#include "presets.h"
#include "scenario.h"
#include "validate.h"

#include <QtTest>

#include <algorithm>
#include <map>

using namespace ss;

namespace {

struct Census
{
    std::map<std::string, int> devices;    // by kind
    std::map<std::string, int> linkKinds;  // links by kind
    std::map<std::string, int> linkCounts; // bonded links by kind
};

Census census(const Topology& t)
{
    Census c;
    for (const TopologyNode& n : t.nodes)
        ++c.devices[n.kind];
    for (const TopologyLink& l : t.links) {
        ++c.linkKinds[l.kind];
        c.linkCounts[l.kind] += int(l.count);
    }
    return c;
}

Topology autoNode(const char* gpu, int gpus, int nodes = 1)
{
    ClusterShape shape;
    shape.preset = "auto";
    shape.gpu = gpu;
    shape.gpus_per_node = gpus;
    shape.nodes = nodes;
    Topology t;
    std::string error;
    if (!generateCluster(shape, t, &error))
        qWarning("generateCluster: %s", error.c_str());
    return t;
}

Scenario oneGpuScenario()
{
    // The default model (GPT-3 XL 1.3B) on one RTX 4090, data parallel 1.
    Scenario s = defaultScenario();
    s.cluster.gpu = findGpu("RTX-4090")->spec;
    s.cluster.gpu_id = "RTX-4090";
    s.cluster.node_preset = "auto";
    s.cluster.gpus_per_node = 1;
    s.parallel.dp = 1;
    s.parallel.zero_stage = 0;
    s.training.global_batch = 8;
    s.training.micro_batch = 1;
    s.training.recompute = Recompute::Full;
    return s;
}

} // namespace

class TestNodeShapes : public QObject
{
    Q_OBJECT

private slots:
    void catalogueSize();
    void catalogueFigures_data();
    void catalogueFigures();
    void catalogueFabricKinds();
    void autoShapes_data();
    void autoShapes();
    void oneGpuEvaluates();
    void oneGpuEveryPart_data();
    void oneGpuEveryPart();
    void autoNeedsCatalogueGpu();
    void presetGpusMentionsAuto();
    void nvl72Shape();
    void presetAllReduce_data();
    void presetAllReduce();
    void fatTreeLeaves();
    void oversubscribedSpineIsTheBottleneck();
    void hostMemoryDefaults_data();
    void hostMemoryDefaults();
    void hostMemoryOverflow();
};

void TestNodeShapes::catalogueSize()
{
    // At least 25 parts, each with a datasheet (or whitepaper / product brief) named beside its figures.
    QVERIFY(gpuCatalog().size() >= 25);
    for (const GpuCatalogEntry& g : gpuCatalog()) {
        const std::string source = g.source;
        QVERIFY2(source.find("datasheet") != std::string::npos ||
                     source.find("whitepaper") != std::string::npos ||
                     source.find("product brief") != std::string::npos,
                 g.spec.name.c_str());
        QVERIFY2(g.spec.memory_bytes > 0 && g.spec.peak_flops > 0 && g.spec.hbm_Bps > 0, g.spec.name.c_str());
        // FP8 (where present) doubles the 16-bit rate on every part with FP8 tensor cores; FP4 doubles FP8.
        if (g.spec.peak_fp8_flops > 0)
            QVERIFY2(std::abs(g.spec.peak_fp8_flops / g.spec.peak_flops - 2) < 0.03, g.spec.name.c_str());
        if (g.spec.peak_fp4_flops > 0)
            QVERIFY2(g.spec.peak_fp4_flops >= 2 * g.spec.peak_fp8_flops * 0.99, g.spec.name.c_str());
    }
}

void TestNodeShapes::catalogueFigures_data()
{
    QTest::addColumn<QString>("id");
    QTest::addColumn<double>("memoryGiB");
    QTest::addColumn<double>("bf16");
    QTest::addColumn<double>("fp8");
    QTest::addColumn<double>("fp4");
    QTest::addColumn<double>("hbm");
    QTest::addColumn<double>("peerBps"); // NVLink / Infinity Fabric per GPU, per direction
    // Dense peaks; the datasheets quote sparse ones for Hopper/Blackwell and L4/L40S (halved here).
    QTest::newRow("H100 SXM datasheet: 989 / 1979 TFLOPS, 3.35 TB/s, NVLink 900 GB/s")
        << "H100-SXM5-80GB" << 79.6 << 989e12 << 1979e12 << 0.0 << 3.35e12 << 450e9;
    QTest::newRow("H800 SXM5 brief: NVLink 400 GB/s")
        << "H800-SXM5-80GB" << 79.6 << 989e12 << 1979e12 << 0.0 << 3.35e12 << 200e9;
    QTest::newRow("H20 brief: 148 / 296 TFLOPS, 96 GB at 4.0 TB/s, NVLink 900 GB/s")
        << "H20" << 96.0 << 148e12 << 296e12 << 0.0 << 4.0e12 << 450e9;
    QTest::newRow("A800 datasheet: NVLink 400 GB/s")
        << "A800-SXM4-80GB" << 80.0 << 312e12 << 0.0 << 0.0 << 2.039e12 << 200e9;
    QTest::newRow("DGX B200 datasheet: 2.25 / 4.5 / 9 PFLOPS dense, 8 TB/s, NVLink 1.8 TB/s")
        << "B200" << 179.1 << 2.25e15 << 4.5e15 << 9e15 << 8e12 << 900e9;
    QTest::newRow("GB200 NVL72 datasheet / 72: 2.5 / 5 / 10 PFLOPS, 186 GB, NVLink 1.8 TB/s")
        << "GB200" << 186.0 << 2.5e15 << 5e15 << 10e15 << 8e12 << 900e9;
    QTest::newRow("L40S datasheet: 362.05 / 733 TFLOPS, 864 GB/s")
        << "L40S" << 45.0 << 362.05e12 << 733e12 << 0.0 << 864e9 << 0.0;
    QTest::newRow("L4 datasheet: 121 / 242.5 TFLOPS, 300 GB/s")
        << "L4" << 22.5 << 121e12 << 242.5e12 << 0.0 << 300e9 << 0.0;
    QTest::newRow("T4 datasheet: 65 TFLOPS, 320 GB/s") << "T4" << 15.0 << 65e12 << 0.0 << 0.0 << 320e9 << 0.0;
    QTest::newRow("MI300X datasheet: 1307.4 / 2614.9 TFLOPS, 5.3 TB/s, 7 x 128 GB/s")
        << "MI300X" << 192.0 << 1307.4e12 << 2614.9e12 << 0.0 << 5.3e12 << 448e9;
    QTest::newRow("MI325X datasheet: 256 GB at 6 TB/s")
        << "MI325X" << 256.0 << 1307.4e12 << 2614.9e12 << 0.0 << 6e12 << 448e9;
    QTest::newRow("V100 PCIe datasheet: 112 TFLOPS, 900 GB/s")
        << "V100-PCIe-32GB" << 32.0 << 112e12 << 0.0 << 0.0 << 900e9 << 0.0;
    QTest::newRow("A10 datasheet: 125 TFLOPS, 600 GB/s")
        << "A10" << 22.5 << 125e12 << 0.0 << 0.0 << 600e9 << 0.0;
    QTest::newRow("A100 PCIe 40GB datasheet: 312 TFLOPS, 1555 GB/s")
        << "A100-PCIe-40GB" << 40.0 << 312e12 << 0.0 << 0.0 << 1555e9 << 0.0;
    QTest::newRow("H100 PCIe datasheet: 756 / 1513 TFLOPS, 2 TB/s")
        << "H100-PCIe" << 79.6 << 756e12 << 1513e12 << 0.0 << 2e12 << 0.0;
    QTest::newRow("H100 NVL datasheet: 94 GB at 3.9 TB/s, NVLink bridge 600 GB/s")
        << "H100-NVL" << 93.6 << 835.5e12 << 1670.5e12 << 0.0 << 3.9e12 << 300e9;
    QTest::newRow("H200 datasheet: 989 / 1979 TFLOPS, 4.8 TB/s, NVLink 900 GB/s")
        << "H200" << 140.4 << 989e12 << 1979e12 << 0.0 << 4.8e12 << 450e9;
    QTest::newRow("GH200 datasheet: 96 GB HBM3 at 4 TB/s, NVLink 900 GB/s")
        << "GH200" << 96.0 << 989e12 << 1979e12 << 0.0 << 4e12 << 450e9;
    QTest::newRow("GH200 datasheet: 144 GB HBM3e at 4.9 TB/s")
        << "GH200-144GB" << 144.0 << 989e12 << 1979e12 << 0.0 << 4.9e12 << 450e9;
    QTest::newRow("MI210 datasheet: 181 TFLOPS, 64 GB at 1.6 TB/s")
        << "MI210" << 64.0 << 181e12 << 0.0 << 0.0 << 1.6e12 << 0.0;
    QTest::newRow("MI250X datasheet: 383 TFLOPS, 128 GB at 3.2 TB/s, 8 links of 100 GB/s")
        << "MI250X" << 128.0 << 383e12 << 0.0 << 0.0 << 3.2e12 << 400e9;
    QTest::newRow("RTX 5090 whitepaper: 209.5 / 419 / 1676 TFLOPS, 1792 GB/s")
        << "RTX-5090" << 31.8 << 209.5e12 << 419e12 << 1676e12 << 1792e9 << 0.0;
}

void TestNodeShapes::catalogueFigures()
{
    QFETCH(QString, id);
    QFETCH(double, memoryGiB);
    QFETCH(double, bf16);
    QFETCH(double, fp8);
    QFETCH(double, fp4);
    QFETCH(double, hbm);
    QFETCH(double, peerBps);
    const GpuCatalogEntry* g = findGpu(id.toStdString());
    QVERIFY(g);
    QVERIFY2(std::abs(g->spec.memory_bytes / (1024.0 * 1024 * 1024) - memoryGiB) < 0.1,
             qPrintable(QString::number(g->spec.memory_bytes / (1024.0 * 1024 * 1024))));
    QCOMPARE(g->spec.peak_flops, bf16);
    QCOMPARE(g->spec.peak_fp8_flops, fp8);
    QCOMPARE(g->spec.peak_fp4_flops, fp4);
    QCOMPARE(g->spec.hbm_Bps, hbm);
    const double peer =
        *g->fabric.peerLink ? g->fabric.peerLinks * linkDefaults(g->fabric.peerLink).bandwidth_Bps : 0;
    QCOMPARE(peer, peerBps);
}

void TestNodeShapes::catalogueFabricKinds()
{
    // Every peer link kind a GPU names is a catalogue link of the GPU-fabric class.
    for (const GpuCatalogEntry& g : gpuCatalog()) {
        if (!*g.fabric.peerLink)
            continue;
        const LinkCatalogEntry* e = findLinkKind(g.fabric.peerLink);
        QVERIFY2(e && e->cls == LinkClass::NvLink, g.spec.name.c_str());
    }
}

void TestNodeShapes::autoShapes_data()
{
    QTest::addColumn<QString>("gpu");
    QTest::addColumn<int>("gpus");
    QTest::addColumn<int>("cpus");
    QTest::addColumn<int>("pcieSwitches");
    QTest::addColumn<int>("nvswitches");
    QTest::addColumn<QString>("peerKind");
    QTest::addColumn<int>("peerLinks"); // topology links of that kind
    QTest::addColumn<int>("peerCount"); // bonded links of that kind, summed
    // PCIe cards (datasheets: PCIe x16, no NVLink on L40S, RTX 4090 and A100 PCIe without its optional
    // bridge).
    QTest::newRow("1 RTX 4090 on a desk") << "RTX-4090" << 1 << 1 << 0 << 0 << "" << 0 << 0;
    QTest::newRow("2 L40S on root ports") << "L40S" << 2 << 1 << 0 << 0 << "" << 0 << 0;
    QTest::newRow("3 RTX 4090 under one switch") << "RTX-4090" << 3 << 1 << 1 << 0 << "" << 0 << 0;
    QTest::newRow("6 A100 PCIe, 2 sockets, 3 switches")
        << "A100-PCIe-80GB" << 6 << 2 << 3 << 0 << "" << 0 << 0;
    // H100 NVL datasheet: pairs joined by NVLink bridges of 600 GB/s (12 NVLink 4 links).
    QTest::newRow("4 H100 NVL, 2 bridged pairs") << "H100-NVL" << 4 << 1 << 1 << 0 << "nvlink4" << 2 << 24;
    // HGX baseboards: 8 GPUs per NVSwitch fabric, 18 NVLink 4 links each (H100 datasheet).
    QTest::newRow("4 H100 SXM, one NVSwitch") << "H100-SXM5-80GB" << 4 << 2 << 2 << 1 << "nvlink4" << 4 << 72;
    QTest::newRow("16 H100 SXM, two NVLink domains")
        << "H100-SXM5-80GB" << 16 << 2 << 8 << 2 << "nvlink4" << 16 << 288;
    // MI300X platform: every pair of the 8 OAMs joined by one Infinity Fabric link (28 pairs).
    QTest::newRow("8 MI300X, full mesh") << "MI300X" << 8 << 2 << 4 << 0 << "xgmi4" << 28 << 28;
    // DGX-1 whitepaper: 8 V100 in the hybrid cube-mesh (16 pairs, 24 links); 4 V100 SXM2 fully connected,
    // 6 links per GPU spread as 2 per peer.
    QTest::newRow("8 V100 SXM2, cube-mesh") << "V100-SXM2-32GB" << 8 << 2 << 4 << 0 << "nvlink2" << 16 << 24;
    QTest::newRow("4 V100 SXM2, mesh of 2 links")
        << "V100-SXM2-32GB" << 4 << 2 << 2 << 0 << "nvlink2" << 6 << 12;
    // GB200 superchip: 2 Blackwell GPUs per Grace, NVLink-C2C to each; 18 NVLink 5 links into the switch.
    QTest::newRow("4 GB200: 2 Grace, one NVLink domain")
        << "GB200" << 4 << 2 << 2 << 1 << "nvlink5" << 4 << 72;
}

void TestNodeShapes::autoShapes()
{
    QFETCH(QString, gpu);
    QFETCH(int, gpus);
    QFETCH(int, cpus);
    QFETCH(int, pcieSwitches);
    QFETCH(int, nvswitches);
    QFETCH(QString, peerKind);
    QFETCH(int, peerLinks);
    QFETCH(int, peerCount);
    const Topology t = autoNode(gpu.toLatin1().constData(), gpus);
    Census c = census(t);
    QCOMPARE(c.devices["gpu"], gpus);
    QCOMPARE(c.devices["cpu"], cpus);
    QCOMPARE(c.devices["pcie-switch"], pcieSwitches);
    QCOMPARE(c.devices["nvswitch"], nvswitches);
    if (!peerKind.isEmpty()) {
        QCOMPARE(c.linkKinds[peerKind.toStdString()], peerLinks);
        QCOMPARE(c.linkCounts[peerKind.toStdString()], peerCount);
    }
    // Every GPU reaches every other one and the host: the graph builds and routes.
    CommModel m;
    std::string error;
    QVERIFY2(CommModel::fromTopology(t, m, &error), error.c_str());
    if (gpus >= 2) {
        const CollectiveResult r = m.collective(CollectiveOp::AllReduce, 1 << 30, m.graph().gpus());
        QVERIFY2(r.ok(), r.error.c_str());
        QVERIFY(r.busbw_Bps > 0);
    }
    if (gpu == QLatin1String("GB200"))
        QCOMPARE(c.linkKinds["host-nvlink-c2c"], gpus);
}

void TestNodeShapes::oneGpuEvaluates()
{
    // One GPU: no collective at all, a step of compute only; the memory of the default model fits 24 GB
    // with full recomputation (16 B per parameter × 1.3B = 21 GB of model states, ZeRO §3).
    const Scenario s = oneGpuScenario();
    QVERIFY(validateScenario(s).empty());
    const Result r = evaluate(s);
    for (const Warning& w : r.warnings)
        QVERIFY2(w.code != "scenario.invalid", w.message.c_str());
    QCOMPARE(r.gpus, std::int64_t(1));
    QVERIFY(r.step.time_s > 0);
    QVERIFY(r.comm.collectives.empty() || r.comm.serial_time_s == 0);
    QVERIFY(r.memory.peak_gpu_bytes > 16e9);
}

void TestNodeShapes::oneGpuEveryPart_data()
{
    QTest::addColumn<QString>("gpu");
    for (const GpuCatalogEntry& g : gpuCatalog())
        QTest::newRow(g.spec.name.c_str()) << QString::fromStdString(g.spec.name);
}

void TestNodeShapes::oneGpuEveryPart()
{
    // Every catalogue GPU, alone and 8 to a node over two nodes, evaluates without a problem.
    QFETCH(QString, gpu);
    for (const auto& [nodes, perNode] : {std::pair{1, 1}, std::pair{2, 8}}) {
        Scenario s = oneGpuScenario();
        s.cluster.gpu = findGpu(gpu.toStdString())->spec;
        s.cluster.gpu_id = gpu.toStdString();
        s.cluster.nodes = nodes;
        s.cluster.gpus_per_node = perNode;
        s.parallel.dp = nodes * perNode;
        s.training.global_batch = 64;
        s.parallel.zero_stage = 3;
        const auto problems = validateScenario(s);
        QVERIFY2(problems.empty(), problems.empty() ? "" : problems.front().message.c_str());
        const Result r = evaluate(s);
        for (const Warning& w : r.warnings)
            QVERIFY2(w.code.rfind("comm.", 0) != 0 && w.code != "scenario.invalid", w.message.c_str());
        QVERIFY(r.step.time_s > 0);
    }
}

void TestNodeShapes::autoNeedsCatalogueGpu()
{
    Scenario s = oneGpuScenario();
    s.cluster.gpu.name = "My accelerator";
    s.cluster.gpu_id.clear();
    const auto problems = validateScenario(s);
    QCOMPARE(problems.size(), std::size_t(1));
    QCOMPARE(problems.front().code, std::string("preset.auto_gpu"));
    QCOMPARE(problems.front().path, std::string("cluster.node_preset"));
}

void TestNodeShapes::presetGpusMentionsAuto()
{
    // One GPU on the DGX A100 preset is refused, and the message points at "auto".
    Scenario s = oneGpuScenario();
    s.cluster.node_preset = "dgx-a100";
    const auto problems = validateScenario(s);
    QCOMPARE(problems.size(), std::size_t(1));
    QCOMPARE(problems.front().code, std::string("preset.gpus"));
    QVERIFY(problems.front().message.find("\"auto\"") != std::string::npos);
}

void TestNodeShapes::nvl72Shape()
{
    // GB200 NVL72 datasheet: 72 Blackwell GPUs and 36 Grace CPUs in one NVLink domain, 1.8 TB/s per GPU.
    const Topology t = presetTopology("gb200-nvl72");
    Census c = census(t);
    QCOMPARE(c.devices["gpu"], 72);
    QCOMPARE(c.devices["cpu"], 36);
    QCOMPARE(c.devices["nvswitch"], 1);
    QCOMPARE(c.linkCounts["nvlink5"], 72 * 18);
    QCOMPARE(c.linkKinds["host-nvlink-c2c"], 72);
    CommModel m;
    QVERIFY(CommModel::fromTopology(t, m));
    // Two GPUs on different trays are NVLink peers through the switch: NV18.
    QCOMPARE(
        pathClassText(m.router().pathInfo(m.graph().findDevice("n0.gpu0"), m.graph().findDevice("n0.gpu71"))),
        std::string("NV18"));
}

void TestNodeShapes::presetAllReduce_data()
{
    QTest::addColumn<QString>("preset");
    QTest::addColumn<double>("bytes");
    QTest::addColumn<double>("busbw"); // measured, GB/s
    // nccl-tests all_reduce_perf, out-of-place busbw of the largest size, on the machines the presets draw.
    QTest::newRow("GB200 NVL72 rack, 72 GPUs, 8 GiB: 834.57 GB/s (coreweave/nccl-tests#43)")
        << "gb200-nvl72" << 8589934592.0 << 834.57;
    QTest::newRow("GB200 NVL72 rack, 72 GPUs, 4 GiB: 839.16 GB/s (coreweave/nccl-tests#43)")
        << "gb200-nvl72" << 4294967296.0 << 839.16;
    QTest::newRow("8x B200: 830 GB/s (NVIDIA/nccl#1807)") << "dgx-b200" << 8589934592.0 << 830.0;
    QTest::newRow("8x H800, NVLink 400 GB/s: 215 GB/s (NVIDIA/nccl#1374)")
        << "hgx-h800" << 8589934592.0 << 215.0;
    QTest::newRow("8x H200: 475 GB/s (NVIDIA/nccl-tests#272)") << "hgx-h200" << 4294967296.0 << 475.0;
}

void TestNodeShapes::presetAllReduce()
{
    // The preset as generated, priced with auto: within 10% of the measured bus bandwidth.
    QFETCH(QString, preset);
    QFETCH(double, bytes);
    QFETCH(double, busbw);
    CommModel m;
    QVERIFY(CommModel::fromTopology(presetTopology(preset.toStdString()), m));
    const CollectiveResult r = m.collective(CollectiveOp::AllReduce, bytes, m.graph().gpus());
    QVERIFY2(r.ok(), r.error.c_str());
    const double modelled = r.busbw_Bps / 1e9;
    QVERIFY2(std::abs(modelled / busbw - 1) <= 0.10,
             qPrintable(QStringLiteral("%1 modelled %2 GB/s (%3), measured %4")
                            .arg(preset)
                            .arg(modelled)
                            .arg(QString::fromLatin1(algorithmName(r.algorithm)))
                            .arg(busbw)));
}

void TestNodeShapes::fatTreeLeaves()
{
    // 64 DGX H100 on NDR (Quantum-2: 64 ports, 32 down and 32 up when non-blocking): 2 leaves per rail.
    ClusterShape shape;
    shape.preset = "dgx-h100";
    shape.nodes = 64;
    shape.network.kind = "ib-ndr";
    shape.network.nics_per_node = 8;
    Topology t;
    QVERIFY(generateCluster(shape, t));
    int leaves = 0, uplinks = 0;
    for (const TopologyNode& n : t.nodes)
        leaves += n.kind == "switch" && n.id != "spine";
    for (const TopologyLink& l : t.links)
        uplinks += l.b == "spine" ? int(l.count) : 0;
    QCOMPARE(leaves, 16);
    QCOMPARE(uplinks, 512); // one up-port per down-port
    // Oversubscribed 3:1 (48 down, 16 up): still 2 leaves per rail (48 + 16 nodes), 16 + 6 up-ports each.
    shape.network.oversubscription = 3;
    QVERIFY(generateCluster(shape, t));
    uplinks = 0;
    for (const TopologyLink& l : t.links)
        uplinks += l.b == "spine" ? int(l.count) : 0;
    QCOMPARE(uplinks, 8 * (16 + 6));
}

void TestNodeShapes::oversubscribedSpineIsTheBottleneck()
{
    // 16 nodes of one H100 and one NDR NIC, top-of-rack leaves of 8 ports. All-to-all of S bytes per rank:
    // each GPU sends S/16 to each peer. Non-blocking (4 down, 4 up): 4 leaves of 4 nodes; a NIC sends 15S/16,
    // a leaf's 4 uplinks carry 4 × 12 × S/16 = 3S, 0.75S each: the NICs bound the time at 15S/16 per link.
    // At 3:1 (6 down, 2 up): leaves of 6, 6 and 4 nodes with 2 uplinks each; a leaf of 6 sends
    // 6 × 10 × S/16 = 3.75S over 2 links, 1.875S each: the spine links are the bottleneck and the time
    // doubles (1.875 / 0.9375).
    const auto run = [](double over, std::string& bottleneck) {
        ClusterShape shape;
        shape.preset = "auto";
        shape.gpu = "H100-SXM5-80GB";
        shape.gpus_per_node = 1;
        shape.nodes = 16;
        shape.network.kind = "ib-ndr";
        shape.network.nics_per_node = 1;
        shape.network.switch_ports = 8;
        shape.network.oversubscription = over;
        Topology t;
        generateCluster(shape, t);
        CommModel m;
        CommModel::fromTopology(t, m);
        const CollectiveResult r =
            m.collective(CollectiveOp::AllToAll, 8e9, m.graph().gpus(), CollectiveAlgorithm::Direct);
        bottleneck = r.bottleneck_link >= 0 ? m.graph().linkId(r.bottleneck_link) : "";
        return r.time_s - r.alpha_s;
    };
    std::string flat, over;
    const double t1 = run(1, flat);
    const double t3 = run(3, over);
    QVERIFY2(flat.find("nic") != std::string::npos, flat.c_str());
    QVERIFY2(over == "leaf0~spine" || over == "leaf1~spine", over.c_str());
    QVERIFY2(std::abs(t3 / t1 - 2.0) < 0.01, qPrintable(QString::number(t3 / t1)));
}

void TestNodeShapes::hostMemoryDefaults_data()
{
    QTest::addColumn<QString>("preset");
    QTest::addColumn<QString>("gpu");
    QTest::addColumn<int>("gpus");
    QTest::addColumn<double>("host");
    QTest::addColumn<double>("nvme");
    // Datasheets' base configurations: DGX A100 1 TB and 15 TB (4 × 3.84 TB); DGX H100 2 TB and 8 × 3.84 TB;
    // GB200 NVL72 480 GB LPDDR5X per Grace × 36.
    QTest::newRow("DGX A100 datasheet") << "dgx-a100"
                                        << "A100-SXM4-80GB" << 8 << 1e12 << 15.36e12;
    QTest::newRow("DGX H100 datasheet") << "dgx-h100"
                                        << "H100-SXM5-80GB" << 8 << 2e12 << 30.72e12;
    QTest::newRow("GB200 NVL72 datasheet") << "gb200-nvl72"
                                           << "GB200" << 72 << 17.28e12 << 36 * 3.84e12;
    // auto: max(64 GiB, 2 × GPU memory per node) and 3.84 TB per two GPUs (docs/engine-model.md, "Host
    // memory").
    QTest::newRow("auto, 1 RTX 4090: the 64 GiB floor") << "auto"
                                                        << "RTX-4090" << 1 << 64.0 * (1 << 30) << 3.84e12;
    QTest::newRow("auto, 8 MI300X: 2 × 8 × 196592 MiB")
        << "auto"
        << "MI300X" << 8 << 2.0 * 8 * 196592 * 1024 * 1024 << 4 * 3.84e12;
}

void TestNodeShapes::hostMemoryDefaults()
{
    QFETCH(QString, preset);
    QFETCH(QString, gpu);
    QFETCH(int, gpus);
    QFETCH(double, host);
    QFETCH(double, nvme);
    ClusterSpec c;
    c.node_preset = preset.toStdString();
    c.gpu_id = gpu.toStdString();
    c.gpu = findGpu(c.gpu_id)->spec;
    c.gpus_per_node = gpus;
    QCOMPARE(hostMemoryPerNode(c).bytes, host);
    QCOMPARE(nvmePerNode(c).bytes, nvme);
    c.host_memory_bytes = 3e11;
    c.nvme_bytes = 1e12;
    QCOMPARE(hostMemoryPerNode(c).bytes, 3e11);
    QCOMPARE(nvmePerNode(c).bytes, 1e12);
}

void TestNodeShapes::hostMemoryOverflow()
{
    // ZeRO-3 with the optimizer and the parameters offloaded to the CPU: the node's host memory must hold
    // them. Just enough fits; a byte less is flagged as GPU memory is, with a warning naming host memory.
    Scenario s = defaultScenario();
    s.parallel.zero_stage = 3;
    s.parallel.offload_optimizer = Offload::Cpu;
    s.parallel.offload_params = Offload::Cpu;
    const Result base = evaluate(s, {false, false});
    const double need = base.memory.cpu_bytes_per_node;
    QVERIFY(need > 1e10);
    QCOMPARE(base.memory.host_memory_bytes_per_node, 1e12); // DGX A100
    QVERIFY(base.memory.host_fits);
    s.cluster.host_memory_bytes = need;
    QVERIFY(evaluate(s, {false, false}).memory.host_fits);
    s.cluster.host_memory_bytes = need * 0.5;
    const Result over = evaluate(s, {false, false});
    QVERIFY(!over.memory.host_fits);
    QVERIFY(over.memory.nvme_fits);
    const auto w = std::find_if(over.warnings.begin(), over.warnings.end(),
                                [](const Warning& x) { return x.code == "memory.host_overflow"; });
    QVERIFY(w != over.warnings.end());
    QVERIFY(w->message.find("host memory") != std::string::npos);
    // NVMe offload against the drives.
    s.cluster.host_memory_bytes = 0;
    s.parallel.offload_optimizer = Offload::Nvme;
    s.parallel.offload_params = Offload::Nvme;
    s.cluster.nvme_bytes = 1e9;
    const Result nvme = evaluate(s, {false, false});
    QVERIFY(!nvme.memory.nvme_fits);
    QVERIFY(std::any_of(nvme.warnings.begin(), nvme.warnings.end(),
                        [](const Warning& x) { return x.code == "memory.nvme_overflow"; }));
}

QTEST_APPLESS_MAIN(TestNodeShapes)
#include "tst_nodeshapes.moc"
