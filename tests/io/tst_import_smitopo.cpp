// SPDX-License-Identifier: GPL-3.0-or-later
// `nvidia-smi topo -m` import (smitopoimport.h). The fixtures in data/import/smi-*.txt are written in the
// format nvidia-smi prints (the matrix with tab-separated cells and " X " on the diagonal, the affinity
// columns, then the legend, whose text is nvidia-smi's own for each driver series):
//  - smi-dgx1-v100.txt: a DGX-1 with V100 on an R418 driver (SYS, no NODE yet in use, mlx5_N NIC columns, CPU
//    Affinity only); its NV1/NV2 hybrid cube-mesh is the one of the NVIDIA DGX-1 whitepaper and presets.cpp.
//  - smi-dgx-a100.txt: a DGX A100 on an R535 driver (NV12 to every peer through the NVSwitches; NIC0-NIC9
//  with a
//    "NIC Legend"; CPU Affinity, NUMA Affinity and GPU NUMA ID columns; GPUs behind PCIe switch complexes,
//    PXB), laid out as the DGX A100 user guide's topology.
//  - smi-pcie-4gpu.txt: a 4-GPU PCIe workstation copied from a terminal (spaces instead of tabs).
//  - smi-old-driver-soc.txt: an R375-era driver: SOC between sockets, a ConnectX NIC as mlx4_0.
#include "collective.h"
#include "importtest.h"
#include "presets.h"
#include "scenariojson.h"

#include <QFile>
#include <QTest>

#include <algorithm>
#include <map>

using namespace importtest;
using ss::io::ImportKind;
using ss::io::ImportResult;

namespace {

const ss::TopologyLink* findLink(const ss::Topology& t, const std::string& a, const std::string& b)
{
    for (const ss::TopologyLink& l : t.links)
        if ((l.a == a && l.b == b) || (l.a == b && l.b == a))
            return &l;
    return nullptr;
}

int countKind(const ss::Topology& t, const char* kind)
{
    return int(std::count_if(t.nodes.begin(), t.nodes.end(),
                             [&](const ss::TopologyNode& n) { return n.kind == kind; }));
}

// The device a device hangs off by PCIe (its switch or CPU).
std::string pcieParent(const ss::Topology& t, const std::string& id)
{
    for (const ss::TopologyLink& l : t.links) {
        if (l.kind.rfind("pcie", 0) != 0 && l.kind.rfind("host", 0) != 0)
            continue;
        if (l.a == id)
            return l.b;
    }
    return {};
}

ImportResult importOk(const QByteArray& data, const QString& name)
{
    ImportResult r;
    QString error;
    if (!importBytes(data, name, r, &error))
        qWarning("%s", qPrintable(error));
    return r;
}

} // namespace

class TestImportSmiTopo : public QObject
{
    Q_OBJECT

private slots:
    void dgx1CubeMesh();
    void dgxA100NvSwitchAndNics();
    void pcieBoxWithSpaces();
    void oldDriverSoc();
    void layoutsReadAlike_data();
    void layoutsReadAlike();
    void applyToScenario();
    void capturesSocketLink_data();
    void capturesSocketLink();
    void malformed_data();
    void malformed();
};

void TestImportSmiTopo::dgx1CubeMesh()
{
    ImportResult r;
    QString error;
    QVERIFY2(ss::io::importFile(fixture(QStringLiteral("smi-dgx1-v100.txt")), ImportKind::Auto, r, &error),
             qPrintable(error));
    QCOMPARE(r.kind, ImportKind::NvidiaSmiTopo);
    QVERIFY(r.scenario.cluster.topology);
    const ss::Topology& t = *r.scenario.cluster.topology;
    QCOMPARE(r.scenario.cluster.gpus_per_node, 8);
    QCOMPARE(r.scenario.cluster.nodes, 1);
    QCOMPARE(countKind(t, "gpu"), 8);
    QCOMPARE(countKind(t, "nic"), 4);
    QCOMPARE(countKind(t, "cpu"), 2);
    QCOMPARE(countKind(t, "pcie-switch"), 4);
    QCOMPARE(countKind(t, "nvswitch"), 0);
    // The bonded NVLinks of the hybrid cube-mesh, 6 per GPU (NVIDIA DGX-1 whitepaper; presets.cpp
    // kDgx1NvLinks).
    const std::map<std::pair<int, int>, int> mesh{{{0, 1}, 1}, {{0, 2}, 1}, {{0, 3}, 2}, {{0, 4}, 2},
                                                  {{1, 2}, 2}, {{1, 3}, 1}, {{1, 5}, 2}, {{2, 3}, 2},
                                                  {{2, 6}, 1}, {{3, 7}, 1}, {{4, 5}, 1}, {{4, 6}, 1},
                                                  {{4, 7}, 2}, {{5, 6}, 2}, {{5, 7}, 1}, {{6, 7}, 2}};
    int nvlinks = 0;
    for (const ss::TopologyLink& l : t.links)
        if (l.kind.rfind("nvlink", 0) == 0)
            ++nvlinks;
    QCOMPARE(nvlinks, int(mesh.size()));
    for (const auto& [pair, count] : mesh) {
        const ss::TopologyLink* l =
            findLink(t, "n0.gpu" + std::to_string(pair.first), "n0.gpu" + std::to_string(pair.second));
        QVERIFY(l);
        QCOMPARE(l->kind, std::string("nvlink2")); // 6 links per GPU: V100's NVLink 2
        QCOMPARE(l->count, count);
    }
    // PIX: GPU0, GPU1 and mlx5_0 share a switch; PHB to the other switch of the socket; SYS across.
    QCOMPARE(pcieParent(t, "n0.gpu0"), pcieParent(t, "n0.gpu1"));
    QCOMPARE(pcieParent(t, "n0.gpu0"), pcieParent(t, "n0.nic0"));
    QVERIFY(pcieParent(t, "n0.gpu0") != pcieParent(t, "n0.gpu2"));
    QCOMPARE(pcieParent(t, pcieParent(t, "n0.gpu0")), pcieParent(t, pcieParent(t, "n0.gpu2")));
    QVERIFY(pcieParent(t, pcieParent(t, "n0.gpu0")) != pcieParent(t, pcieParent(t, "n0.gpu4")));

    // Routed like the dgx1-v100 preset: the same NVLink-bound ring on 8 GPUs and on GPUs 0-3.
    ss::CommModel imported, preset;
    std::string why;
    QVERIFY2(ss::CommModel::fromTopology(t, imported, &why), why.c_str());
    QVERIFY(ss::CommModel::fromTopology(ss::presetTopology("dgx1-v100"), preset));
    for (const std::vector<int>& ranks :
         {std::vector<int>{0, 1, 2, 3, 4, 5, 6, 7}, std::vector<int>{0, 1, 2, 3}}) {
        std::vector<int> a, b;
        for (int g : ranks) {
            a.push_back(imported.graph().gpus()[std::size_t(g)]);
            b.push_back(preset.graph().gpus()[std::size_t(g)]);
        }
        const ss::CollectiveResult x = imported.collective(ss::CollectiveOp::AllReduce, 1e9, a);
        const ss::CollectiveResult y = preset.collective(ss::CollectiveOp::AllReduce, 1e9, b);
        QVERIFY(x.ok() && y.ok());
        QCOMPARE(x.time_s, y.time_s);
    }
    // The assumptions nvidia-smi cannot settle are said once.
    QVERIFY(r.warnings.join(QLatin1Char(' ')).contains(QLatin1String("nvlink2")));
}

void TestImportSmiTopo::dgxA100NvSwitchAndNics()
{
    ImportResult r;
    QString error;
    QVERIFY2(ss::io::importFile(fixture(QStringLiteral("smi-dgx-a100.txt")), ImportKind::Auto, r, &error),
             qPrintable(error));
    const ss::Topology& t = *r.scenario.cluster.topology;
    QCOMPARE(countKind(t, "gpu"), 8);
    QCOMPARE(countKind(t, "nic"), 10);
    QCOMPARE(countKind(t, "nvswitch"), 1);
    QCOMPARE(r.scenario.cluster.network.nics_per_node, 10);
    // NV12 between every pair of 8 GPUs is more than direct links can give: an NVSwitch, 12 NVLink 3 per GPU
    // (DGX A100 user guide).
    for (int g = 0; g < 8; ++g) {
        const ss::TopologyLink* l = findLink(t, "n0.gpu" + std::to_string(g), "n0.nvswitch");
        QVERIFY(l);
        QCOMPARE(l->count, 12);
        QCOMPARE(l->kind, std::string("nvlink3"));
    }
    // NUMA nodes from the NUMA Affinity column (GPU0/1 on node 3), the storage NICs on their own.
    QCOMPARE(countKind(t, "cpu"), 5);
    const std::string cpuOfGpu0 = pcieParent(t, pcieParent(t, "n0.gpu0"));
    QVERIFY(cpuOfGpu0.rfind("n0.cpu", 0) == 0);
    for (const ss::TopologyNode& n : t.nodes)
        if (n.id == cpuOfGpu0)
            QVERIFY2(n.label.find("NUMA 3") != std::string::npos, n.label.c_str());
    // NIC0 (mlx5_0 by the NIC Legend) is behind GPU0's switch complex (PXB).
    QCOMPARE(pcieParent(t, "n0.nic0"), pcieParent(t, "n0.gpu0"));
    for (const ss::TopologyNode& n : t.nodes)
        if (n.id == "n0.nic0")
            QCOMPARE(n.label, std::string("NIC 0 (mlx5_0)"));

    ss::CommModel imported, preset;
    QVERIFY(ss::CommModel::fromTopology(t, imported));
    QVERIFY(ss::CommModel::fromTopology(ss::presetTopology("dgx-a100"), preset));
    const ss::CollectiveResult x =
        imported.collective(ss::CollectiveOp::AllReduce, 1e9, imported.graph().gpus());
    const ss::CollectiveResult y = preset.collective(ss::CollectiveOp::AllReduce, 1e9, preset.graph().gpus());
    QCOMPARE(x.time_s, y.time_s);
}

void TestImportSmiTopo::pcieBoxWithSpaces()
{
    const ImportResult r =
        importOk(readFixture(QStringLiteral("smi-pcie-4gpu.txt")), QStringLiteral("box.txt"));
    QCOMPARE(r.kind, ImportKind::NvidiaSmiTopo);
    const ss::Topology& t = *r.scenario.cluster.topology;
    QCOMPARE(countKind(t, "gpu"), 4);
    QCOMPARE(countKind(t, "cpu"), 2);
    QCOMPARE(countKind(t, "pcie-switch"), 2);
    QCOMPARE(pcieParent(t, "n0.gpu0"), pcieParent(t, "n0.gpu1"));
    QVERIFY(pcieParent(t, "n0.gpu1") != pcieParent(t, "n0.gpu2"));
    for (const ss::TopologyLink& l : t.links)
        QVERIFY(l.kind.rfind("nvlink", 0) != 0);
    // The pcie-qpi-4gpu preset's shape: two switches of two GPUs, one per socket, a socket link between them.
    QVERIFY(findLink(t, "n0.cpu0", "n0.cpu1"));
}

void TestImportSmiTopo::oldDriverSoc()
{
    const ImportResult r =
        importOk(readFixture(QStringLiteral("smi-old-driver-soc.txt")), QStringLiteral("old.txt"));
    const ss::Topology& t = *r.scenario.cluster.topology;
    QCOMPARE(countKind(t, "gpu"), 4);
    QCOMPARE(countKind(t, "nic"), 1);
    // SOC is the old drivers' name for SYS, from the QPI era: the socket link is QPI.
    const ss::TopologyLink* socket = findLink(t, "n0.cpu0", "n0.cpu1");
    QVERIFY(socket);
    QCOMPARE(socket->kind, std::string("qpi-9.6"));
    // PIX between GPU0 and GPU1, PXB to mlx4_0: a switch for the pair under an upper switch with the NIC.
    const std::string pair = pcieParent(t, "n0.gpu0");
    QCOMPARE(pair, pcieParent(t, "n0.gpu1"));
    QCOMPARE(pcieParent(t, pair), pcieParent(t, "n0.nic0"));
    for (const ss::TopologyNode& n : t.nodes)
        if (n.id == "n0.nic0")
            QCOMPARE(n.label, std::string("NIC 0 (mlx4_0)"));
}

void TestImportSmiTopo::layoutsReadAlike_data()
{
    QTest::addColumn<QByteArray>("variant");
    const QByteArray tabs = readFixture(QStringLiteral("smi-dgx1-v100.txt"));
    QByteArray spaces = tabs;
    spaces.replace('\t', "    ");
    QTest::newRow("spaces for tabs") << spaces;
    QByteArray crlf = tabs;
    crlf.replace("\n", "\r\n");
    QTest::newRow("CRLF line ends") << crlf;
    // On a terminal nvidia-smi underlines the header with escape sequences; a paste may keep them, with or
    // without the ESC byte.
    QByteArray escaped = tabs;
    escaped.replace("\tGPU0", "\t\x1b[4mGPU0").replace("CPU Affinity", "CPU Affinity\x1b[0m");
    QTest::newRow("ANSI underline") << escaped;
    QByteArray pasted = tabs;
    pasted.replace("\tGPU0", "\t[4mGPU0").replace("CPU Affinity", "CPU Affinity[0m");
    QTest::newRow("escape remnants") << pasted;
    QTest::newRow("a prompt line before") << QByteArray("$ nvidia-smi topo -m\n") + tabs;
    QByteArray trailing = tabs;
    trailing.replace("\n", "  \n");
    QTest::newRow("trailing blanks") << trailing;
}

void TestImportSmiTopo::layoutsReadAlike()
{
    QFETCH(QByteArray, variant);
    const ImportResult reference =
        importOk(readFixture(QStringLiteral("smi-dgx1-v100.txt")), QStringLiteral("a.txt"));
    const ImportResult r = importOk(variant, QStringLiteral("a.txt"));
    QVERIFY(r.scenario.cluster.topology);
    QCOMPARE(*r.scenario.cluster.topology, *reference.scenario.cluster.topology);
}

void TestImportSmiTopo::applyToScenario()
{
    // Applied to the default scenario (dp 8 on a DGX A100 preset), the 4-GPU box replaces the cluster and dp
    // follows its GPUs, as one change.
    const ImportResult r =
        importOk(readFixture(QStringLiteral("smi-pcie-4gpu.txt")), QStringLiteral("box.txt"));
    ss::Scenario s = ss::defaultScenario();
    QStringList notes;
    QString error;
    QVERIFY(ss::io::applyImport(r, s, &notes, &error));
    QCOMPARE(s.cluster.gpus_per_node, 4);
    QCOMPARE(s.cluster.nodes, 1);
    QCOMPARE(s.parallel.dp, 4);
    QVERIFY(s.cluster.topology);
    QVERIFY(notes.join(QLatin1Char(' ')).contains(QLatin1String("parallel.dp set to 4")));
    // The written scenario reads back as a topology the engine routes.
    const QByteArray json = ss::io::writeImportResult(r);
    ss::Scenario back;
    QVERIFY2(ss::io::readScenario(json, back, &error, {}, ss::io::ReadCheck::FieldsOnly), qPrintable(error));
    QCOMPARE(*back.cluster.topology, *r.scenario.cluster.topology);
}

// The real captures of tests/data/topology-captures (README.md there: their sources), each read without its
// SOURCE line. nvidia-smi names no CPU, so the socket link is dated by the widest NVLink bond of a GPU pair,
// as the rule in smitopoimport.cpp (guessSocketLink) states it: NV1/NV2 (P100/V100, DGX-1: Broadwell) QPI
// 9.6 GT/s; NV12 (A100, DGX A100: EPYC Rome) xGMI-2; NV18 (H100/B200, DGX H100: Sapphire Rapids) UPI
// 16 GT/s; no NVLink: the Skylake default UPI 10.4 GT/s. The warning says which and why.
void TestImportSmiTopo::capturesSocketLink_data()
{
    QTest::addColumn<QString>("capture");
    QTest::addColumn<QString>("socketLink");
    QTest::addColumn<QString>("because");
    QTest::newRow("DGX-1-style V100, NV1/NV2") << "dgx1-v100-sxm2-16gb_nv1-nv2"
                                               << "qpi-9.6"
                                               << "NV1/NV2";
    QTest::newRow("HGX A100, NV12") << "hgx-a100-8gpu_nv12_16nic"
                                    << "qpi-xgmi2"
                                    << "NV12";
    QTest::newRow("HGX H100, NV18") << "hgx-h100-8gpu_nv18_12nic"
                                    << "upi-16"
                                    << "NV18";
    QTest::newRow("4x L40S, PCIe only") << "pcie-4x-l40s_node-sys-pix"
                                        << "upi-10.4"
                                        << "nothing in the file";
    QTest::newRow("8 GPUs on PCIe switches, 2018") << "pcie-8gpu_pix-pxb-phb-sys_quda669"
                                                   << "upi-10.4"
                                                   << "nothing in the file";
}

void TestImportSmiTopo::capturesSocketLink()
{
    QFETCH(QString, capture);
    QFETCH(QString, socketLink);
    QFETCH(QString, because);
    QFile file(QStringLiteral(SHARDSCOPE_TEST_DATA "/../../data/topology-captures/") + capture +
               QStringLiteral(".nvidia-smi-topo.txt"));
    QVERIFY(file.open(QIODevice::ReadOnly));
    QByteArray text = file.readAll();
    text.remove(0, text.indexOf('\n') + 1); // the SOURCE line
    const ImportResult r = importOk(text, QStringLiteral("topo.txt"));
    QVERIFY(r.scenario.cluster.topology);
    const ss::Topology& t = *r.scenario.cluster.topology;
    std::string kind;
    for (const ss::TopologyLink& l : t.links)
        if (l.a.find(".cpu") != std::string::npos && l.b.find(".cpu") != std::string::npos)
            kind = l.kind;
    if (countKind(t, "cpu") > 1)
        QCOMPARE(QString::fromStdString(kind), socketLink);
    const QString warnings = r.warnings.join(QLatin1Char('\n'));
    QVERIFY2(warnings.contains(QStringLiteral("and %1 between NUMA nodes (").arg(socketLink)) &&
                 warnings.contains(because),
             qPrintable(warnings));
}

void TestImportSmiTopo::malformed_data()
{
    QTest::addColumn<QByteArray>("text");
    QTest::addColumn<QString>("message");
    const QByteArray dgx1 = readFixture(QStringLiteral("smi-dgx1-v100.txt"));
    QTest::newRow("empty") << QByteArray("\n\n") << "the file is empty";
    QTest::newRow("no header") << QByteArray("GPU0\t X \tNV1\nGPU1\tNV1\t X \n")
                               << "no header line beginning with GPU0";
    QTest::newRow("truncated") << dgx1.left(dgx1.indexOf("mlx5_2\tSYS"))
                               << "line 1: no row for mlx5_2 (the file may be truncated)";
    QByteArray t = dgx1;
    QTest::newRow("non-square row")
        << t.replace("GPU3\tNV2\tNV1\tNV2\t X \tSYS", "GPU3\tNV2\tNV1\tNV2\t X ")
        << "line 5: the GPU3 row has 11 link entries for the 12 columns of the header";
    t = dgx1;
    QTest::newRow("unknown NV code") << t.replace("GPU0\t X \tNV1", "GPU0\t X \tNVX")
                                     << "line 2: column GPU1: unknown link code \"NVX\"";
    t = dgx1;
    QTest::newRow("NV without a count")
        << t.replace("GPU0\t X \tNV1", "GPU0\t X \tNV") << "column GPU1: unknown link code \"NV\"";
    t = dgx1;
    QTest::newRow("unknown class") << t.replace("GPU0\t X \tNV1\tNV1\tNV2\tNV2\tSYS",
                                                "GPU0\t X \tNV1\tNV1\tNV2\tNV2\tQPI")
                                   << "column GPU5: unknown link code \"QPI\"";
    t = dgx1;
    QTest::newRow("asymmetric")
        << t.replace("GPU1\tNV1\t X ", "GPU1\tNV2\t X ")
        << "line 2: column GPU1: GPU0–GPU1 is NV1 here but NV2 in the GPU1 row (line 3)";
    t = dgx1;
    QTest::newRow("diagonal not X") << t.replace("GPU2\tNV1\tNV2\t X ", "GPU2\tNV1\tNV2\tPIX")
                                    << "column GPU2: expected X on the diagonal, got PIX";
    t = dgx1;
    QTest::newRow("X off the diagonal") << t.replace("GPU0\t X \tNV1", "GPU0\t X \tX")
                                        << "column GPU1: X (the device itself) off the diagonal";
    t = dgx1;
    QTest::newRow("NVLink to a NIC") << t.replace("SYS\tPIX\tPHB\tSYS\tSYS\t0-19,40-59",
                                                  "SYS\tNV1\tPHB\tSYS\tSYS\t0-19,40-59")
                                     << "only GPUs have NVLinks";
    t = dgx1;
    QTest::newRow("row not in the header") << t.replace("mlx5_3\tSYS", "mlx5_9\tSYS")
                                           << "the row \"mlx5_9\" has no column in the header line (line 1)";
    t = dgx1;
    QTest::newRow("row twice") << t.replace("GPU1\tNV1\t X ", "GPU0\tNV1\t X ") << "a second row for GPU0";
    // No GPU has more than 18 NVLinks (H100, B200): a bond of 99 is not something nvidia-smi prints.
    t = dgx1;
    QTest::newRow("NV99")
        << t.replace("GPU0\t X \tNV1", "GPU0\t X \tNV99")
        << "line 2: column GPU1: \"NV99\" would bond 99 NVLinks between two GPUs; no GPU has "
           "more than 18";
    t = dgx1;
    QTest::newRow("NV19") << t.replace("GPU0\t X \tNV1", "GPU0\t X \tNV19") << "column GPU1: \"NV19\"";
}

void TestImportSmiTopo::malformed()
{
    QFETCH(QByteArray, text);
    QFETCH(QString, message);
    ImportResult r;
    QString error;
    QVERIFY(!importBytes(text, QStringLiteral("topo.txt"), r, &error, ImportKind::NvidiaSmiTopo));
    QVERIFY2(isOneLineError(error, QStringLiteral("topo.txt")), qPrintable(error));
    QVERIFY2(error.contains(message), qPrintable(error));
}

QTEST_GUILESS_MAIN(TestImportSmiTopo)
#include "tst_import_smitopo.moc"
