// SPDX-License-Identifier: GPL-3.0-or-later
// The link catalogue, the presets and generated clusters, routing and the `nvidia-smi topo -m` classes,
// against vendors' figures, the `nvidia-smi topo -m` legend, the preset ids of docs/formats.md ("presets")
// and published topology dumps.
#include "collective.h"
#include "linkcatalog.h"
#include "presets.h"
#include "routing.h"
#include "topology.h"

#include <QtTest>

#include <algorithm>

using namespace ss;

namespace {

CommModel modelOf(const Topology& t)
{
    CommModel m;
    std::string error;
    if (!CommModel::fromTopology(t, m, &error))
        qWarning("topology: %s", error.c_str());
    return m;
}

CommModel presetModel(const char* id)
{
    return modelOf(presetTopology(id));
}

int device(const CommModel& m, const char* id)
{
    return m.graph().findDevice(id);
}

QString pairClass(CommModel& m, const char* a, const char* b)
{
    return QString::fromStdString(pathClassText(m.router().pathInfo(device(m, a), device(m, b))));
}

// The kinds of the links a route crosses.
QStringList routeKinds(CommModel& m, const char* a, const char* b)
{
    std::vector<int> arcs;
    if (!m.router().route(device(m, a), device(m, b), arcs))
        return {QStringLiteral("no route")};
    QStringList kinds;
    for (int arc : arcs) {
        kinds << QString::fromStdString(m.graph().linkKind(m.graph().edgeLinks(arcEdge(arc)).front()));
    }
    return kinds;
}

QStringList routeDevices(CommModel& m, const char* a, const char* b)
{
    std::vector<int> arcs;
    QStringList out{QString::fromLatin1(a)};
    if (!m.router().route(device(m, a), device(m, b), arcs))
        return {QStringLiteral("no route")};
    for (int arc : arcs)
        out << QString::fromStdString(m.graph().deviceId(m.router().arcTarget(arc)));
    return out;
}

} // namespace

class TestTopology : public QObject
{
    Q_OBJECT

private slots:
    void lineRates_data();
    void lineRates();
    void linkClasses();
    void presetIds();
    void presetShapes_data();
    void presetShapes();
    void dgx1CubeMesh_data();
    void dgx1CubeMesh();
    void pcieQpiClasses_data();
    void pcieQpiClasses();
    void pcieGen4Classes();
    void nvswitchClasses();
    void railsAcrossNodes();
    void identicalNodesShareOneTemplate();
    void parallelLinksBundleIntoEdges();
    void explicitTopologyErrors_data();
    void explicitTopologyErrors();
    void scenarioTopologyFollowsCluster();
    void switchRoutesDoNotDependOnQueryOrder();
    void switchRoutesOnTreesAndCycles();
    void replicatedGraphEqualsPlain_data();
    void replicatedGraphEqualsPlain();
    void replicatedTopologyErrors();
};

void TestTopology::lineRates_data()
{
    QTest::addColumn<QString>("kind");
    QTest::addColumn<double>("bytesPerSecond"); // one link, per direction
    // NVIDIA's NVLink figures: 25 GB/s per link per direction (gen 2-4), 50 (gen 5).
    QTest::newRow("NVLink 2: 25 GB/s") << "nvlink2" << 25e9;
    QTest::newRow("NVLink 3: 25 GB/s") << "nvlink3" << 25e9;
    QTest::newRow("NVLink 4: 25 GB/s") << "nvlink4" << 25e9;
    QTest::newRow("NVLink 5: 50 GB/s") << "nvlink5" << 50e9;
    // PCIe x16: Gen3 15.75, Gen4 31.5, Gen5 63, Gen6 121 GB/s; x8 is half the lanes.
    QTest::newRow("PCIe Gen3 x16: 15.75 GB/s") << "pcie-gen3-x16" << 15.75e9;
    QTest::newRow("PCIe Gen4 x16: 31.5 GB/s") << "pcie-gen4-x16" << 31.5e9;
    QTest::newRow("PCIe Gen5 x16: 63 GB/s") << "pcie-gen5-x16" << 63e9;
    QTest::newRow("PCIe Gen6 x16: 121 GB/s") << "pcie-gen6-x16" << 121e9;
    QTest::newRow("PCIe Gen4 x8: half of x16") << "pcie-gen4-x8" << 15.75e9;
    QTest::newRow("host bridge Gen3: a x16 root port") << "host-gen3" << 15.75e9;
    // QPI: 9.6 GT/s ≈ 19.2 GB/s per direction; 6.4 GT/s = 25.6 GB/s both directions = 12.8 each.
    QTest::newRow("QPI 9.6 GT/s: 19.2 GB/s per direction") << "qpi-9.6" << 19.2e9;
    QTest::newRow("QPI 6.4 GT/s: 25.6 GB/s both ways, 12.8 per direction") << "qpi-6.4" << 12.8e9;
    QTest::newRow("UPI 10.4 GT/s: 20.8 GB/s per direction") << "upi-10.4" << 20.8e9;
    // InfiniBand 4x: EDR 100, HDR 200, NDR 400, XDR 800 Gb/s (bits: /8 for bytes).
    QTest::newRow("IB EDR 100 Gb/s = 12.5 GB/s") << "ib-edr" << 12.5e9;
    QTest::newRow("IB HDR 200 Gb/s = 25 GB/s") << "ib-hdr" << 25e9;
    QTest::newRow("IB NDR 400 Gb/s = 50 GB/s") << "ib-ndr" << 50e9;
    QTest::newRow("IB XDR 800 Gb/s = 100 GB/s") << "ib-xdr" << 100e9;
    QTest::newRow("RoCE 200G = 25 GB/s") << "roce-200g" << 25e9;
    QTest::newRow("10 GbE = 1.25 GB/s") << "ethernet-10g" << 1.25e9;
    QTest::newRow("400 GbE = 50 GB/s") << "ethernet-400g" << 50e9;
}

void TestTopology::lineRates()
{
    QFETCH(QString, kind);
    QFETCH(double, bytesPerSecond);
    const LinkCatalogEntry* e = findLinkKind(kind.toStdString());
    QVERIFY2(e, qPrintable(kind));
    QCOMPARE(e->bandwidth_Bps, bytesPerSecond);
    QVERIFY(e->efficiency > 0 && e->efficiency <= 1);
    QVERIFY(!e->source.empty());
}

void TestTopology::linkClasses()
{
    // docs/formats.md, "Topology": kinds begin with a known prefix, optionally followed by a generation or
    // speed.
    LinkClass c;
    QVERIFY(linkClassOf("nvswitch3", c) && c == LinkClass::NvLink);
    QVERIFY(linkClassOf("pcie", c) && c == LinkClass::Pcie);
    QVERIFY(linkClassOf("host-gen4", c) && c == LinkClass::Host);
    QVERIFY(linkClassOf("upi-11.2", c) && c == LinkClass::CpuLink);
    QVERIFY(linkClassOf("roce-400g", c) && c == LinkClass::Network);
    QVERIFY(!linkClassOf("nvlinkx", c));
    QVERIFY(!linkClassOf("token-ring", c));
    // A kind the catalogue lacks takes its class's figures: an unknown InfiniBand speed is HDR.
    QCOMPARE(linkDefaults("ib-foo").bandwidth_Bps, 25e9);
    QCOMPARE(linkDefaults("ib-foo").kind, std::string("ib-foo"));
    // NCCL's topology model (src/graph/topo.h): SM70_NVLINK_BW 20 of 25 GB/s, BDW_QPI_BW 6 GB/s on QPI,
    // PCI_BW 12 GB/s on PCIe Gen3 x16; NDR NICs reach 46-48 of 50 GB/s (NVIDIA/nccl-tests#290).
    QCOMPARE(qRound(findLinkKind("nvlink2")->bandwidth_Bps * findLinkKind("nvlink2")->efficiency / 1e8), 200);
    QCOMPARE(qRound(findLinkKind("qpi-9.6")->bandwidth_Bps * findLinkKind("qpi-9.6")->efficiency / 1e8), 60);
    QCOMPARE(qRound(findLinkKind("pcie-gen3-x16")->bandwidth_Bps * findLinkKind("pcie-gen3-x16")->efficiency /
                    1e8),
             120);
    const double ndr = findLinkKind("ib-ndr")->bandwidth_Bps * findLinkKind("ib-ndr")->efficiency;
    QVERIFY(ndr >= 46e9 && ndr <= 48e9);
}

void TestTopology::presetIds()
{
    // docs/formats.md, "presets": the preset ids, exactly.
    QStringList ids;
    for (const PresetInfo& p : presets())
        ids << QString::fromStdString(p.id);
    QCOMPARE(ids,
             (QStringList{"dgx1-v100", "dgx-a100", "dgx-h100", "hgx-h200", "pcie-qpi-4gpu", "pcie-gen3-4gpu",
                          "pcie-gen4-4gpu", "pcie-gen5-4gpu", "pcie-gen4-8gpu", "ps-cluster", "dgx2-v100",
                          "hgx-a800", "hgx-h800", "hgx-h20", "dgx-b200", "gb200-nvl72", "mi300x-8gpu"}));
    QVERIFY(findPreset("dgx-a100"));
    QVERIFY(!findPreset("dgx-a200"));
    QVERIFY(presetTopology("nope").nodes.empty());
}

void TestTopology::presetShapes_data()
{
    QTest::addColumn<QString>("id");
    QTest::addColumn<int>("gpus");
    QTest::addColumn<QString>("nvlinkKind"); // what joins GPU 0 to its NVLink peers; "" for none
    // Machine descriptions: DGX-1 whitepaper (8 V100, NVLink 2), DGX A100/H100 user guides (8 GPUs,
    // NVLink 3/4 through NVSwitch), docs/formats.md ("presets") for the PCIe boxes; ps-cluster draws 4
    // one-GPU workers.
    QTest::newRow("dgx1-v100") << "dgx1-v100" << 8 << "nvlink2";
    QTest::newRow("dgx-a100") << "dgx-a100" << 8 << "nvlink3";
    QTest::newRow("dgx-h100") << "dgx-h100" << 8 << "nvlink4";
    QTest::newRow("hgx-h200") << "hgx-h200" << 8 << "nvlink4";
    QTest::newRow("pcie-qpi-4gpu") << "pcie-qpi-4gpu" << 4 << "";
    QTest::newRow("pcie-gen3-4gpu") << "pcie-gen3-4gpu" << 4 << "";
    QTest::newRow("pcie-gen4-4gpu") << "pcie-gen4-4gpu" << 4 << "";
    QTest::newRow("pcie-gen5-4gpu") << "pcie-gen5-4gpu" << 4 << "";
    QTest::newRow("pcie-gen4-8gpu") << "pcie-gen4-8gpu" << 8 << "";
    QTest::newRow("ps-cluster") << "ps-cluster" << 4 << "";
    // NVIDIA DGX-2 whitepaper (16 V100 on NVSwitch), HGX A800/H800 product briefs (NVLink 400 GB/s), HGX H20
    // brief, DGX B200 datasheet (NVLink 5), GB200 NVL72 datasheet (72 GPUs), AMD MI300X platform (xGMI).
    QTest::newRow("dgx2-v100") << "dgx2-v100" << 16 << "nvswitch1";
    QTest::newRow("hgx-a800") << "hgx-a800" << 8 << "nvlink3";
    QTest::newRow("hgx-h800") << "hgx-h800" << 8 << "nvlink4";
    QTest::newRow("hgx-h20") << "hgx-h20" << 8 << "nvlink4";
    QTest::newRow("dgx-b200") << "dgx-b200" << 8 << "nvlink5";
    QTest::newRow("gb200-nvl72") << "gb200-nvl72" << 72 << "nvlink5";
    QTest::newRow("mi300x-8gpu") << "mi300x-8gpu" << 8 << "xgmi4";
}

void TestTopology::presetShapes()
{
    QFETCH(QString, id);
    QFETCH(int, gpus);
    QFETCH(QString, nvlinkKind);
    CommModel m = presetModel(id.toLatin1().constData());
    QCOMPARE(int(m.graph().gpus().size()), gpus);
    const PresetInfo* info = findPreset(id.toStdString());
    QVERIFY(info);
    QVERIFY(info->gpus_per_node == 0 || info->gpus_per_node == info->default_gpus_per_node);
    QString found;
    for (std::size_t i = 0; i < m.graph().linkCount(); ++i) {
        const Link l = m.graph().link(int(i));
        if (l.cls == LinkClass::NvLink && (l.a == m.graph().gpus()[0] || l.b == m.graph().gpus()[0]))
            found = QString::fromStdString(m.graph().linkKind(int(i)));
    }
    QCOMPARE(found, nvlinkKind);
    if (id == QLatin1String("ps-cluster")) {
        int servers = 0;
        for (const Device& d : m.graph().devices())
            servers += d.kind == DeviceKind::Ps;
        QCOMPARE(servers, 2);
    }
}

void TestTopology::dgx1CubeMesh_data()
{
    QTest::addColumn<QString>("a");
    QTest::addColumn<QString>("b");
    QTest::addColumn<QString>("expected");
    // `nvidia-smi topo -m` on a DGX-1 with V100 (hybrid cube-mesh); GPU0's and GPU1's rows match the NCCL
    // topology dump in NVIDIA/nccl#671 (GPU0: 07:00 ×1, 0a:00 ×1, 0b:00 ×2, 85:00 ×2; GPU1: 86:00 ×2,
    // 0a:00 ×2, 0b:00 ×1). Pairs without NVLink cross the sockets: SYS.
    QTest::newRow("GPU0-GPU1 NV1") << "n0.gpu0"
                                   << "n0.gpu1"
                                   << "NV1";
    QTest::newRow("GPU0-GPU3 NV2") << "n0.gpu0"
                                   << "n0.gpu3"
                                   << "NV2";
    QTest::newRow("GPU0-GPU4 NV2") << "n0.gpu0"
                                   << "n0.gpu4"
                                   << "NV2";
    QTest::newRow("GPU0-GPU5 SYS (no NVLink)") << "n0.gpu0"
                                               << "n0.gpu5"
                                               << "SYS";
    QTest::newRow("GPU1-GPU5 NV2") << "n0.gpu1"
                                   << "n0.gpu5"
                                   << "NV2";
    QTest::newRow("GPU1-GPU4 SYS (no NVLink)") << "n0.gpu1"
                                               << "n0.gpu4"
                                               << "SYS";
    QTest::newRow("GPU2-GPU6 NV1") << "n0.gpu2"
                                   << "n0.gpu6"
                                   << "NV1";
    QTest::newRow("GPU3-GPU6 SYS (no NVLink)") << "n0.gpu3"
                                               << "n0.gpu6"
                                               << "SYS";
    QTest::newRow("GPU6-GPU7 NV2") << "n0.gpu6"
                                   << "n0.gpu7"
                                   << "NV2";
    QTest::newRow("GPU self X") << "n0.gpu2"
                                << "n0.gpu2"
                                << "X";
}

void TestTopology::dgx1CubeMesh()
{
    QFETCH(QString, a);
    QFETCH(QString, b);
    QFETCH(QString, expected);
    CommModel m = presetModel("dgx1-v100");
    QCOMPARE(pairClass(m, a.toLatin1().constData(), b.toLatin1().constData()), expected);
    // Every V100 has 6 NVLinks (V100 datasheet: 300 GB/s over 6 links, both directions together).
    for (int gpu : m.graph().gpus()) {
        std::int64_t links = 0;
        for (std::size_t i = 0; i < m.graph().linkCount(); ++i)
            if (const Link l = m.graph().link(int(i));
                l.cls == LinkClass::NvLink && (l.a == gpu || l.b == gpu))
                links += l.count;
        QCOMPARE(links, std::int64_t(6));
    }
}

void TestTopology::pcieQpiClasses_data()
{
    QTest::addColumn<QString>("a");
    QTest::addColumn<QString>("b");
    QTest::addColumn<QString>("expected");
    // The `nvidia-smi topo -m` legend: PIX at most one PCIe bridge; SYS across NUMA nodes (QPI/UPI).
    QTest::newRow("same switch PIX") << "n0.gpu0"
                                     << "n0.gpu1"
                                     << "PIX";
    QTest::newRow("other switch pair PIX") << "n0.gpu2"
                                           << "n0.gpu3"
                                           << "PIX";
    QTest::newRow("across sockets SYS") << "n0.gpu0"
                                        << "n0.gpu2"
                                        << "SYS";
    QTest::newRow("across sockets SYS, reversed") << "n0.gpu3"
                                                  << "n0.gpu1"
                                                  << "SYS";
}

void TestTopology::pcieQpiClasses()
{
    QFETCH(QString, a);
    QFETCH(QString, b);
    QFETCH(QString, expected);
    CommModel m = presetModel("pcie-qpi-4gpu");
    QCOMPARE(pairClass(m, a.toLatin1().constData(), b.toLatin1().constData()), expected);
    // The cross-socket route: up the PCIe switch, through the host bridge into CPU 0, over QPI to CPU 1,
    // down.
    QCOMPARE(routeDevices(m, "n0.gpu0", "n0.gpu2"),
             (QStringList{"n0.gpu0", "n0.pcie0", "n0.cpu0", "n0.cpu1", "n0.pcie1", "n0.gpu2"}));
    QCOMPARE(routeKinds(m, "n0.gpu0", "n0.gpu2"),
             (QStringList{"pcie-gen3-x16", "host-gen3", "qpi-9.6", "host-gen3", "pcie-gen3-x16"}));
}

void TestTopology::pcieGen4Classes()
{
    // Two switches under one socket meet at the CPU through two host bridges: NODE (nvidia-smi's "across
    // PCIe host bridges within a NUMA node"); GPUs under different sockets: SYS.
    CommModel m = presetModel("pcie-gen4-8gpu");
    QCOMPARE(pairClass(m, "n0.gpu0", "n0.gpu1"), QStringLiteral("PIX"));
    QCOMPARE(pairClass(m, "n0.gpu0", "n0.gpu2"), QStringLiteral("NODE"));
    QCOMPARE(pairClass(m, "n0.gpu0", "n0.gpu7"), QStringLiteral("SYS"));
    // A NIC under the same switch as the GPU: PIX.
    QCOMPARE(pairClass(m, "n0.gpu0", "n0.nic0"), QStringLiteral("PIX"));
}

void TestTopology::nvswitchClasses()
{
    // `nvidia-smi topo -m` on DGX A100 shows NV12 between every pair (NVIDIA/nccl#1505); H100 NV18
    // (18 NVLink 4 links per GPU, H100 SXM datasheet).
    CommModel a100 = presetModel("dgx-a100");
    CommModel h100 = presetModel("dgx-h100");
    for (int i = 0; i < 8; ++i)
        for (int j = 0; j < 8; ++j) {
            if (i == j)
                continue;
            const std::string gi = "n0.gpu" + std::to_string(i);
            const std::string gj = "n0.gpu" + std::to_string(j);
            QCOMPARE(pairClass(a100, gi.c_str(), gj.c_str()), QStringLiteral("NV12"));
            QCOMPARE(pairClass(h100, gi.c_str(), gj.c_str()), QStringLiteral("NV18"));
        }
    // One NVSwitch device per node, as NCCL's topology graph collapses a node's NVSwitches into one NVS node.
    QCOMPARE(routeDevices(a100, "n0.gpu0", "n0.gpu5"), (QStringList{"n0.gpu0", "n0.nvswitch", "n0.gpu5"}));
}

void TestTopology::railsAcrossNodes()
{
    // Rail-optimised fabric: NIC r of every node on leaf r. GPU i leaves through NIC i (the nearest,
    // spread over equally near NICs), so GPU 3 → GPU 3 of another node stays on leaf 3, and GPU 3 → GPU 4
    // crosses the spine.
    ClusterShape shape;
    shape.preset = "dgx-a100";
    shape.nodes = 2;
    shape.network = {"ib-hdr", 8};
    Topology t;
    QVERIFY(generateCluster(shape, t));
    CommModel m = modelOf(t);
    for (int i = 0; i < 8; ++i) {
        const std::string gpu = "n1.gpu" + std::to_string(i);
        const std::string nic = "n1.nic" + std::to_string(i);
        QCOMPARE(m.router().homePort(device(m, gpu.c_str())), device(m, nic.c_str()));
    }
    QCOMPARE(routeDevices(m, "n0.gpu3", "n1.gpu3"),
             (QStringList{"n0.gpu3", "n0.pcie1", "n0.nic3", "leaf3", "n1.nic3", "n1.pcie1", "n1.gpu3"}));
    QVERIFY(routeDevices(m, "n0.gpu3", "n1.gpu4").contains(QStringLiteral("spine")));
    QCOMPARE(pairClass(m, "n0.gpu0", "n1.gpu0"), QStringLiteral("NET"));
    QCOMPARE(pairClass(m, "n0.gpu0", "n0.nic0"), QStringLiteral("PIX"));
    // A single NIC per node: one switch, no leaves.
    shape.network = {"roce-100g", 1};
    QVERIFY(generateCluster(shape, t));
    CommModel one = modelOf(t);
    QCOMPARE(routeDevices(one, "n0.gpu5", "n1.gpu5").filter(QStringLiteral("switch")), QStringList{"switch"});
}

void TestTopology::identicalNodesShareOneTemplate()
{
    ClusterShape shape;
    shape.preset = "dgx-h100";
    shape.nodes = 128;
    shape.network = {"ib-ndr", 8};
    Topology t;
    QVERIFY(generateCluster(shape, t));
    CommModel m = modelOf(t);
    QCOMPARE(int(m.graph().gpus().size()), 1024);
    QCOMPARE(m.graph().hostCount(), 128);
    for (int h = 0; h < m.graph().hostCount(); ++h)
        QCOMPARE(m.graph().hostTemplate(h), 0);
    // Routes found in the template translate: node 77's GPU 2 → GPU 6 goes through node 77's NVSwitch.
    QCOMPARE(routeDevices(m, "n77.gpu2", "n77.gpu6"), (QStringList{"n77.gpu2", "n77.nvswitch", "n77.gpu6"}));
}

// Links of one class between the same two devices, in either direction, are one edge: its capacity the sum
// of bandwidth × count, its effective capacity with each link's efficiency, its latency the fastest
// member's; a link of another class between them is an edge of its own. Edges come in the order of their
// first link. Expected values worked by hand from the links below.
void TestTopology::parallelLinksBundleIntoEdges()
{
    Topology t;
    t.nodes = {{"g0", "gpu", "", 0, 0}, {"g1", "gpu", "", 0, 0}, {"g2", "gpu", "", 0, 0}};
    t.links = {{"a", "g0", "g1", "nvlink3", 25e9, 2e-6, 0.8, 2},
               {"b", "g1", "g2", "nvlink3", 25e9, 0, 1, 1},
               {"c", "g1", "g0", "nvlink3", 50e9, 1e-6, 0.5, 1},
               {"d", "g0", "g1", "pcie-gen4-x16", 32e9, 3e-6, 1, 1}};
    TopologyGraph g;
    std::string error;
    QVERIFY2(TopologyGraph::build(t, g, &error), error.c_str());
    QCOMPARE(g.edgeCount(), std::size_t(3));
    const Edge nvlink = g.edge(0);
    QCOMPARE(nvlink.count, std::int64_t(3));
    QCOMPARE(nvlink.capacity, 25e9 * 2 + 50e9);              // 100 GB/s
    QCOMPARE(nvlink.effective, 25e9 * 2 * 0.8 + 50e9 * 0.5); // 65 GB/s
    QCOMPARE(nvlink.latency_s, 1e-6);
    QCOMPARE(g.edge(1).count, std::int64_t(1)); // g1–g2
    QCOMPARE(g.edge(1).capacity, 25e9);
    QCOMPARE(g.edge(2).cls, LinkClass::Pcie); // g0–g1 over PCIe, apart from the NVLinks
    QCOMPARE(g.edge(2).capacity, 32e9);
    QCOMPARE(g.link(0).edge, 0);
    QCOMPARE(g.link(2).edge, 0);
    QCOMPARE(g.link(3).edge, 2);
}

void TestTopology::explicitTopologyErrors_data()
{
    QTest::addColumn<int>("breakage");
    QTest::addColumn<QString>("message");
    QTest::newRow("dangling endpoint") << 0 << "links[0].b: no device has the id \"nope\"";
    QTest::newRow("duplicate device id") << 1 << "the device id \"g0\" is used twice";
    QTest::newRow("unknown device kind") << 2 << "nodes[1]: unknown device kind \"tpu\"";
    QTest::newRow("unknown link kind") << 3 << "links[0].kind: unknown link kind \"token-ring\"";
    QTest::newRow("self loop") << 4 << "links[0]: a link must join two different devices";
    QTest::newRow("zero bandwidth")
        << 5 << "links[0].bandwidth_Bps: expected a bandwidth above 0 B/s and below 1e18 B/s";
    // Three links named l0, l1, l1, l0: the first repeat in file order is links[2], l1.
    QTest::newRow("duplicate link id") << 6 << "the link id \"l1\" is used twice";
}

void TestTopology::explicitTopologyErrors()
{
    QFETCH(int, breakage);
    QFETCH(QString, message);
    Topology t;
    t.nodes = {{"g0", "gpu", "", 0, 0}, {"g1", "gpu", "", 0, 0}};
    t.links = {{"l0", "g0", "g1", "nvlink3", 25e9, 0, 1, 1}};
    switch (breakage) {
    case 0:
        t.links[0].b = "nope";
        break;
    case 1:
        t.nodes[1].id = "g0";
        break;
    case 2:
        t.nodes[1].kind = "tpu";
        break;
    case 3:
        t.links[0].kind = "token-ring";
        break;
    case 4:
        t.links[0].b = "g0";
        break;
    case 5:
        t.links[0].bandwidth_Bps = 0;
        break;
    case 6:
        t.links.push_back({"l1", "g0", "g1", "nvlink3", 25e9, 0, 1, 1});
        t.links.push_back({"l1", "g1", "g0", "nvlink3", 25e9, 0, 1, 1});
        t.links.push_back({"l0", "g1", "g0", "nvlink3", 25e9, 0, 1, 1});
        break;
    }
    TopologyGraph g;
    std::string error;
    QVERIFY(!TopologyGraph::build(t, g, &error));
    QCOMPARE(QString::fromStdString(error), message);
}

void TestTopology::scenarioTopologyFollowsCluster()
{
    Scenario s = defaultScenario(); // one DGX A100
    Topology t;
    QVERIFY(scenarioTopology(s, t));
    QCOMPARE(modelOf(t).graph().gpus().size(), std::size_t(8));
    // A parameter server adds ps devices on the network even for one node.
    s.parallel.dp_sync = DpSync::ParameterServer;
    s.parallel.ps_servers = 3;
    s.parallel.zero_stage = 0;
    QVERIFY(scenarioTopology(s, t));
    CommModel m = modelOf(t);
    QVERIFY(device(m, "ps2") >= 0);
    QVERIFY(device(m, "ps3") < 0);
    // An explicit topology wins over the preset.
    s.cluster.topology = Topology{{{"a", "gpu", "", 0, 0}}, {}};
    QVERIFY(scenarioTopology(s, t));
    QCOMPARE(t.nodes.size(), std::size_t(1));
    // A preset that cannot take the shape says why.
    s.cluster.topology.reset();
    s.cluster.gpus_per_node = 4;
    std::string error;
    QVERIFY(!scenarioTopology(s, t, &error));
    QCOMPARE(QString::fromStdString(error), QStringLiteral("the dgx-a100 preset has 8 GPUs per node, not 4"));
}

// A generated cluster built as one machine and its copies gives the graph that the plain topology of every
// device and link gives (topology.h, ReplicatedTopology): the same devices, links, edges, arcs, hosts,
// templates and ids. Shapes: rail-optimised and top-of-rack fat trees, one switch, parameter servers, NVLink
// domains (GB200 NVL72), DGX-1's cube-mesh and a catalogue GPU's "auto" node.
void TestTopology::replicatedGraphEqualsPlain_data()
{
    QTest::addColumn<QString>("preset");
    QTest::addColumn<QString>("gpu");
    QTest::addColumn<int>("nodes");
    QTest::addColumn<bool>("rails");
    QTest::addColumn<int>("servers");
    QTest::newRow("dgx-a100, 40 nodes, rails (leaves per rail)") << "dgx-a100"
                                                                 << "" << 40 << true << 0;
    QTest::newRow("dgx-a100, 40 nodes, top of rack") << "dgx-a100"
                                                     << "" << 40 << false << 0;
    QTest::newRow("dgx-h100, 2 nodes, one switch") << "dgx-h100"
                                                   << "" << 2 << false << 0;
    QTest::newRow("gb200-nvl72, 3 racks") << "gb200-nvl72"
                                          << "" << 3 << true << 0;
    QTest::newRow("dgx1-v100, 5 nodes, 2 parameter servers") << "dgx1-v100"
                                                             << "" << 5 << false << 2;
    QTest::newRow("ps-cluster, 1 node, 1 server") << "ps-cluster"
                                                  << "" << 1 << false << 1;
    QTest::newRow("auto H100 SXM, 1 node") << "auto"
                                           << "H100-SXM5-80GB" << 1 << false << 0;
}

void TestTopology::replicatedGraphEqualsPlain()
{
    QFETCH(QString, preset);
    QFETCH(QString, gpu);
    QFETCH(int, nodes);
    QFETCH(bool, rails);
    QFETCH(int, servers);
    ClusterShape shape;
    shape.preset = preset.toStdString();
    shape.gpu = gpu.toStdString();
    shape.nodes = nodes;
    shape.network.rail_optimized = rails;
    shape.ps_servers = servers;
    if (const PresetInfo* info = findPreset(shape.preset)) {
        shape.network.kind = info->network;
        shape.network.nics_per_node = info->nics_per_node;
    }
    ReplicatedTopology r;
    std::string error;
    QVERIFY2(generateCluster(shape, r, &error), error.c_str());
    QCOMPARE(r.machines, std::int64_t(nodes));
    TopologyGraph plain, replicated;
    QVERIFY2(TopologyGraph::build(expand(r), plain, &error), error.c_str());
    QVERIFY2(TopologyGraph::build(r, replicated, &error), error.c_str());
    // expand() is what generateCluster() gives as a plain topology.
    Topology direct;
    QVERIFY(generateCluster(shape, direct));
    QVERIFY(direct == expand(r));

    QCOMPARE(replicated.devices().size(), plain.devices().size());
    for (std::size_t d = 0; d < plain.devices().size(); ++d) {
        const Device &p = plain.devices()[d], &q = replicated.devices()[d];
        QCOMPARE(q.kind, p.kind);
        QCOMPARE(q.host, p.host);
        QCOMPARE(q.local, p.local);
        QCOMPARE(replicated.deviceId(int(d)), plain.deviceId(int(d)));
        QCOMPARE(replicated.findDevice(plain.deviceId(int(d))), int(d));
        QCOMPARE(replicated.isPort(int(d)), plain.isPort(int(d)));
        QCOMPARE(replicated.gpuOrdinal(int(d)), plain.gpuOrdinal(int(d)));
        const auto pa = plain.arcsFrom(int(d)), qa = replicated.arcsFrom(int(d));
        QCOMPARE(qa.size(), pa.size());
        for (std::size_t i = 0; i < pa.size(); ++i) {
            QCOMPARE(qa[i].to, pa[i].to);
            QCOMPARE(qa[i].arc, pa[i].arc);
        }
    }
    QCOMPARE(replicated.linkCount(), plain.linkCount());
    for (std::size_t l = 0; l < plain.linkCount(); ++l) {
        const Link p = plain.link(int(l)), q = replicated.link(int(l));
        QVERIFY(q.a == p.a && q.b == p.b && q.cls == p.cls && q.edge == p.edge && q.count == p.count);
        QVERIFY(q.bandwidth_Bps == p.bandwidth_Bps && q.latency_s == p.latency_s &&
                q.efficiency == p.efficiency);
        QCOMPARE(replicated.linkKind(int(l)), plain.linkKind(int(l)));
        QCOMPARE(replicated.linkId(int(l)), plain.linkId(int(l)));
        QCOMPARE(replicated.findLink(plain.linkId(int(l))), int(l));
    }
    QCOMPARE(replicated.edgeCount(), plain.edgeCount());
    for (std::size_t e = 0; e < plain.edgeCount(); ++e) {
        const Edge p = plain.edge(int(e)), q = replicated.edge(int(e));
        QVERIFY(q.a == p.a && q.b == p.b && q.cls == p.cls && q.count == p.count && q.nvls == p.nvls &&
                q.network == p.network);
        QVERIFY(q.capacity == p.capacity && q.effective == p.effective && q.latency_s == p.latency_s);
        QVERIFY(std::ranges::equal(replicated.edgeLinks(int(e)), plain.edgeLinks(int(e))));
        QCOMPARE(replicated.localEdge(int(e)), plain.localEdge(int(e)));
    }
    QCOMPARE(replicated.hostCount(), plain.hostCount());
    for (int h = 0; h < plain.hostCount(); ++h) {
        QVERIFY(std::ranges::equal(replicated.hostDevices(h), plain.hostDevices(h)));
        QVERIFY(std::ranges::equal(replicated.hostEdges(h), plain.hostEdges(h)));
        QCOMPARE(replicated.hostTemplate(h), plain.hostTemplate(h));
    }
    QCOMPARE(replicated.gpus(), plain.gpus());
    // Names that are no device: beyond the last machine, an unknown local name, a leading zero.
    QCOMPARE(replicated.findDevice("n" + std::to_string(nodes) + ".gpu0"), -1);
    QCOMPARE(replicated.findDevice("n0.gpu999"), -1);
    QCOMPARE(replicated.findDevice("n00.gpu0"), -1);
    QCOMPARE(replicated.findLink("n0.gpu0~nowhere"), -1);
}

// A replicated topology names what is wrong with it, as a plain one does.
void TestTopology::replicatedTopologyErrors()
{
    ClusterShape shape;
    shape.nodes = 2;
    shape.network.kind = "ib-hdr";
    shape.network.nics_per_node = 2;
    ReplicatedTopology good;
    QVERIFY(generateCluster(shape, good));
    TopologyGraph g;
    std::string error;
    ReplicatedTopology r = good;
    for (TopologyLink& l : r.machine.links) // machine 0's first device renamed everywhere
        for (std::string* end : {&l.a, &l.b})
            if (*end == r.machine.nodes[0].id)
                *end = "cpu0";
    r.machine.nodes[0].id = "cpu0";
    QVERIFY(!TopologyGraph::build(r, g, &error));
    QVERIFY2(error.find("does not start with \"n0.\"") != std::string::npos, error.c_str());
    r = good;
    r.machine.links[0].kind = "warp-drive";
    QVERIFY(!TopologyGraph::build(r, g, &error));
    QVERIFY2(error.find("machine: links[0].kind: unknown link kind") == 0, error.c_str());
    r = good;
    r.fabricLinks[0].b = r.fabricLinks[0].a;
    QVERIFY(!TopologyGraph::build(r, g, &error));
    QVERIFY2(error.find("fabricLinks[0]") == 0, error.c_str());
    r = good;
    r.fabricLinks[0] = {0, 1, 0, 1}; // two devices of machine 0
    QVERIFY(!TopologyGraph::build(r, g, &error));
    QVERIFY2(error.find("one machine") != std::string::npos, error.c_str());
    r = good;
    r.fabric.push_back(r.fabric[0]);
    QVERIFY(!TopologyGraph::build(r, g, &error));
    QVERIFY2(error.find("is used twice") != std::string::npos, error.c_str());
    r = good;
    r.machines = 0;
    QVERIFY(!TopologyGraph::build(r, g, &error));
    QVERIFY2(error.find("1 or more machines") != std::string::npos, error.c_str());
}

QTEST_APPLESS_MAIN(TestTopology)
#include "tst_topology.moc"

// Switch routes are breadth-first (the fewest switch hops). A source searches until it reaches the target
// asked for, and keeps its whole search tree once asked often; either way the route must be the same and as
// short as a plain breadth-first search finds, whatever order the routes are asked in.
void TestTopology::switchRoutesDoNotDependOnQueryOrder()
{
    ClusterShape shape;
    shape.preset = "dgx-a100";
    shape.nodes = 256; // 2048 NICs on 8 rails: leaves and spines
    shape.network = {"ib-hdr", 8};
    Topology t;
    QVERIFY(generateCluster(shape, t));
    CommModel forward = modelOf(t);
    CommModel backward = modelOf(t);
    const TopologyGraph& g = forward.graph();
    std::vector<int> switches;
    for (std::size_t d = 0; d < g.devices().size(); ++d)
        if (g.devices()[d].kind == DeviceKind::Switch)
            switches.push_back(int(d));
    QVERIFY(switches.size() > 20);
    const int source = switches.front();
    // Hop distances from SOURCE over switch-to-switch arcs, by a breadth-first search written here.
    std::vector<int> hops(g.devices().size(), -1);
    std::vector<int> queue{source};
    hops[std::size_t(source)] = 0;
    for (std::size_t head = 0; head < queue.size(); ++head)
        for (const TopologyGraph::Arc& a : g.arcsFrom(queue[head]))
            if (g.devices()[std::size_t(a.to)].kind == DeviceKind::Switch && hops[std::size_t(a.to)] < 0) {
                hops[std::size_t(a.to)] = hops[std::size_t(queue[head])] + 1;
                queue.push_back(a.to);
            }
    std::vector<std::vector<int>> ahead(switches.size()), behind(switches.size());
    for (std::size_t i = 0; i < switches.size(); ++i)
        QVERIFY(forward.router().switchRoute(source, switches[i], ahead[i]));
    for (std::size_t i = switches.size(); i-- > 0;)
        QVERIFY(backward.router().switchRoute(source, switches[i], behind[i]));
    for (std::size_t i = 0; i < switches.size(); ++i) {
        QCOMPARE(ahead[i], behind[i]);
        QCOMPARE(int(ahead[i].size()), hops[std::size_t(switches[i])]);
        int at = source;
        for (int arc : ahead[i]) {
            QCOMPARE(forward.router().arcSource(arc), at);
            at = forward.router().arcTarget(arc);
        }
        QCOMPARE(at, switches[i]);
    }
}

// Switch routes over a three-tier tree (core, two spines, three leaves) are its only paths, up to the
// common switch and down; a cross link between the spines makes a cycle, and the routes are the fewest
// switch hops again; switches in separate trees have no route.
void TestTopology::switchRoutesOnTreesAndCycles()
{
    const auto build = [](bool cross) {
        Topology t;
        for (const char* id : {"core", "spineA", "spineB", "leaf0", "leaf1", "leaf2", "lone"})
            t.nodes.push_back({id, "switch", "", 0, 0});
        const auto cable = [&t](const char* a, const char* b) {
            t.links.push_back({std::string(a) + "~" + b, a, b, "ib-hdr", 25e9, 1e-6, 1, 1});
        };
        cable("core", "spineA");
        cable("core", "spineB");
        cable("spineA", "leaf0");
        cable("spineA", "leaf1");
        cable("spineB", "leaf2");
        if (cross)
            cable("spineA", "spineB");
        return modelOf(t);
    };
    // The devices a route passes, from its first arc's source on.
    const auto path = [](CommModel& m, const char* from, const char* to) {
        const TopologyGraph& g = m.graph();
        std::vector<int> arcs;
        std::vector<std::string> out;
        if (!m.router().switchRoute(g.findDevice(from), g.findDevice(to), arcs))
            return out;
        out.push_back(from);
        for (int arc : arcs) {
            if (g.deviceId(m.router().arcSource(arc)) != out.back())
                return std::vector<std::string>{"broken"};
            out.push_back(g.deviceId(m.router().arcTarget(arc)));
        }
        return out;
    };
    using Path = std::vector<std::string>;
    CommModel tree = build(false);
    QCOMPARE(path(tree, "leaf0", "leaf2"), (Path{"leaf0", "spineA", "core", "spineB", "leaf2"}));
    QCOMPARE(path(tree, "leaf2", "leaf1"), (Path{"leaf2", "spineB", "core", "spineA", "leaf1"}));
    QCOMPARE(path(tree, "leaf0", "leaf1"), (Path{"leaf0", "spineA", "leaf1"}));
    QCOMPARE(path(tree, "core", "leaf1"), (Path{"core", "spineA", "leaf1"}));
    QCOMPARE(path(tree, "leaf1", "spineA"), (Path{"leaf1", "spineA"}));
    QCOMPARE(path(tree, "leaf0", "lone"), Path{});
    CommModel cycle = build(true);
    QCOMPARE(path(cycle, "leaf0", "leaf2"), (Path{"leaf0", "spineA", "spineB", "leaf2"}));
    QCOMPARE(path(cycle, "leaf2", "leaf1"), (Path{"leaf2", "spineB", "spineA", "leaf1"}));
    QCOMPARE(path(cycle, "leaf0", "leaf1"), (Path{"leaf0", "spineA", "leaf1"}));
    QCOMPARE(path(cycle, "leaf0", "lone"), Path{});
}
