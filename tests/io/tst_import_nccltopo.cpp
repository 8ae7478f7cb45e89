// SPDX-License-Identifier: GPL-3.0-or-later
// NCCL topology dump import (nccltopoimport.h). The fixtures in data/import/nccl-topo-*.xml are written as
// NCCL writes NCCL_TOPO_DUMP_FILE (src/graph/xml.cc; the element and attribute names ncclTopoGetSystemFromXml
// reads in src/graph/topo.cc): nccl-topo-dgx1-v100.xml a DGX-1 with V100 (Broadwell Xeons, PLX Gen3 switches,
// the hybrid cube-mesh as the dump in github.com/NVIDIA/nccl/issues/671 lists it, EDR NICs),
// nccl-topo-dgx-a100.xml a DGX A100 (EPYC Rome, Gen4 switch complexes, every GPU with 2 NVLinks to each of 6
// NVSwitches, HDR NICs).
#include "collective.h"
#include "importtest.h"
#include "presets.h"

#include <QTest>

#include <algorithm>

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

double allReduceTime(const ss::Topology& t, const std::vector<int>& ordinals)
{
    ss::CommModel m;
    if (!ss::CommModel::fromTopology(t, m))
        return -1;
    std::vector<int> gpus;
    for (int g : ordinals)
        gpus.push_back(m.graph().gpus()[std::size_t(g)]);
    const ss::CollectiveResult r = m.collective(ss::CollectiveOp::AllReduce, 1e9, gpus);
    return r.ok() ? r.time_s : -1;
}

// A minimal dump around one GPU <pci> element INNER, for the malformed rows.
QByteArray dump(const char* inner)
{
    return QByteArray(R"(<system version="1">
  <cpu numaid="0" affinity="ffff" arch="x86_64" vendor="GenuineIntel" familyid="6" modelid="85">
)") + inner +
           R"(
  </cpu>
</system>
)";
}

} // namespace

class TestImportNcclTopo : public QObject
{
    Q_OBJECT

private slots:
    void dgx1MatchesPreset();
    void dgxA100MatchesPreset();
    void linkSpeedsFromAttributes();
    void malformed_data();
    void malformed();
};

void TestImportNcclTopo::dgx1MatchesPreset()
{
    ImportResult r;
    QString error;
    QVERIFY2(
        ss::io::importFile(fixture(QStringLiteral("nccl-topo-dgx1-v100.xml")), ImportKind::Auto, r, &error),
        qPrintable(error));
    QCOMPARE(r.kind, ImportKind::NcclTopo);
    const ss::Topology& t = *r.scenario.cluster.topology;
    QCOMPARE(countKind(t, "gpu"), 8);
    QCOMPARE(countKind(t, "cpu"), 2);
    QCOMPARE(countKind(t, "pcie-switch"), 4);
    QCOMPARE(countKind(t, "nic"), 4);
    // Broadwell (family 6, model 79 < 0x55): NCCL's BDW_QPI_BW class, a QPI socket link.
    QCOMPARE(findLink(t, "n0.cpu0", "n0.cpu1")->kind, std::string("qpi-9.6"));
    // sm 70: NVLink 2; GPU0 lists 0a:00 (GPU2) once and 0b:00 (GPU3) twice.
    QCOMPARE(findLink(t, "n0.gpu0", "n0.gpu2")->count, 1);
    QCOMPARE(findLink(t, "n0.gpu0", "n0.gpu3")->count, 2);
    QCOMPARE(findLink(t, "n0.gpu0", "n0.gpu3")->kind, std::string("nvlink2"));
    QVERIFY(!findLink(t, "n0.gpu0", "n0.gpu5"));
    // 8.0 GT/s x16: Gen3.
    QCOMPARE(findLink(t, "n0.gpu0", "n0.pcie0")->kind, std::string("pcie-gen3-x16"));
    QCOMPARE(findLink(t, "n0.pcie0", "n0.cpu0")->kind, std::string("host-gen3"));
    // EDR NICs (100000 Mb/s, InfiniBand class 0x0207).
    QCOMPARE(r.scenario.cluster.network.kind, std::string("ib-edr"));
    QCOMPARE(r.scenario.cluster.network.nics_per_node, 4);
    // The same machine as the dgx1-v100 preset: identical collective times, on NVLink and across the sockets.
    const ss::Topology preset = ss::presetTopology("dgx1-v100");
    QCOMPARE(allReduceTime(t, {0, 1, 2, 3, 4, 5, 6, 7}), allReduceTime(preset, {0, 1, 2, 3, 4, 5, 6, 7}));
    QCOMPARE(allReduceTime(t, {0, 5}), allReduceTime(preset, {0, 5}));
}

void TestImportNcclTopo::dgxA100MatchesPreset()
{
    ImportResult r;
    QString error;
    QVERIFY2(
        ss::io::importFile(fixture(QStringLiteral("nccl-topo-dgx-a100.xml")), ImportKind::Auto, r, &error),
        qPrintable(error));
    const ss::Topology& t = *r.scenario.cluster.topology;
    QCOMPARE(countKind(t, "gpu"), 8);
    QCOMPARE(countKind(t, "nvswitch"), 1);
    // Six NVSwitches × 2 links (tclass 0x068000), joined into one NVSwitch node as NCCL does: NV12, NVLink 3
    // (sm 80).
    for (int g = 0; g < 8; ++g) {
        const ss::TopologyLink* l = findLink(t, "n0.gpu" + std::to_string(g), "n0.nvswitch");
        QVERIFY(l);
        QCOMPARE(l->count, 12);
        QCOMPARE(l->kind, std::string("nvlink3"));
    }
    QCOMPARE(findLink(t, "n0.cpu0", "n0.cpu1")->kind, std::string("qpi-xgmi2")); // AMD: NCCL's AMD_BW class
    QCOMPARE(r.scenario.cluster.network.kind, std::string("ib-hdr"));            // 200000 Mb/s InfiniBand
    QCOMPARE(r.scenario.cluster.network.nics_per_node, 8);
    const ss::Topology preset = ss::presetTopology("dgx-a100");
    QCOMPARE(allReduceTime(t, {0, 1, 2, 3, 4, 5, 6, 7}), allReduceTime(preset, {0, 1, 2, 3, 4, 5, 6, 7}));
}

void TestImportNcclTopo::linkSpeedsFromAttributes()
{
    // link_speed / link_width of each <pci> give its link to the parent (NCCL's kvDictPciGen; width 0 means
    // x16).
    const QByteArray xml = dump(R"(
    <pci busid="0000:01:00.0" class="0x060400" link_speed="32.0 GT/s PCIe" link_width="16">
      <pci busid="0000:02:00.0" class="0x030200" link_speed="16.0 GT/s PCIe" link_width="8">
        <gpu dev="0" sm="90" rank="0" gdr="1"/>
      </pci>
      <pci busid="0000:03:00.0" class="0x030200" link_speed="5.0 GT/s PCIe" link_width="0">
        <gpu dev="1" sm="90" rank="1" gdr="1"/>
      </pci>
      <pci busid="0000:04:00.0" class="0x010802" link_speed="16.0 GT/s PCIe" link_width="4"/>
    </pci>
    <nic>
      <net name="eth0" dev="0" speed="-1" port="0" latency="0.000000" maxconn="65536" gdr="0"/>
    </nic>)");
    ImportResult r;
    QString error;
    QVERIFY2(importBytes(xml, QStringLiteral("topo.xml"), r, &error), qPrintable(error));
    const ss::Topology& t = *r.scenario.cluster.topology;
    QCOMPARE(findLink(t, "n0.pcie0", "n0.cpu0")->kind, std::string("host-gen5"));
    const ss::TopologyLink* x8 = findLink(t, "n0.gpu0", "n0.pcie0");
    QCOMPARE(x8->kind, std::string("pcie-gen4-x8"));
    QCOMPARE(x8->bandwidth_Bps, 15.75e9); // half of Gen4 x16's 31.5 GB/s (PCI Express Base Specification 4.0)
    const ss::TopologyLink* gen2 = findLink(t, "n0.gpu1", "n0.pcie0");
    QCOMPARE(gen2->kind, std::string("pcie-gen2-x16"));
    QCOMPARE(gen2->bandwidth_Bps, 8e9); // 5 GT/s, 8b/10b: 0.5 GB/s per lane
    QCOMPARE(countKind(t, "nvme"), 1);
    QCOMPARE(countKind(t, "nic"), 1); // the NIC under <cpu> without PCIe information
    // speed -1 is taken as 10 Gb/s, as NCCL does ("Some NICs define speed = -1").
    QCOMPARE(r.scenario.cluster.network.kind, std::string("ethernet-10g"));
}

void TestImportNcclTopo::malformed_data()
{
    QTest::addColumn<QByteArray>("xml");
    QTest::addColumn<QString>("message");
    const QByteArray a100 = readFixture(QStringLiteral("nccl-topo-dgx-a100.xml"));
    QTest::newRow("truncated") << a100.left(a100.size() / 2) << "XML error";
    QTest::newRow("not XML at all") << QByteArray("<system><cpu></system>") << "line 1, column";
    QTest::newRow("another root") << QByteArray("<topology><cpu/></topology>") << "line 1: expected <system>";
    QTest::newRow("no cpu") << QByteArray("<system version=\"1\"/>") << "<system> holds no <cpu> element";
    QTest::newRow("no gpu") << dump("<pci busid=\"0000:01:00.0\" class=\"0x060400\" link_speed=\"16.0 GT/s "
                                    "PCIe\" link_width=\"16\"/>")
                            << "no <gpu> element";
    QTest::newRow("gpu without dev")
        << dump(R"(<pci busid="0000:02:00.0" class="0x030200"><gpu sm="80"/></pci>)")
        << "line 3: <gpu> needs a dev attribute";
    QTest::newRow("dev not a number")
        << dump(R"(<pci busid="0000:02:00.0" class="0x030200"><gpu dev="zero"/></pci>)")
        << "<gpu dev=\"zero\">: expected a whole number of at least 0";
    QTest::newRow("bad bus id") << dump(R"(<pci busid="07:zz" class="0x030200"><gpu dev="0"/></pci>)")
                                << "<pci> needs a busid such as \"0000:07:00.0\", got \"07:zz\"";
    QTest::newRow("nvlink count") << dump(R"(<pci busid="0000:02:00.0" class="0x030200"><gpu dev="0" sm="80">
        <nvlink target="0000:c1:00.0" count="two" tclass="0x068000"/></gpu></pci>)")
                                  << "<nvlink count=\"two\">: expected a whole number of at least 1";
    QTest::newRow("nvlink class") << dump(R"(<pci busid="0000:02:00.0" class="0x030200"><gpu dev="0" sm="80">
        <nvlink target="0000:c1:00.0" count="2" tclass="0x020000"/></gpu></pci>)")
                                  << "<nvlink tclass=\"0x020000\">: expected a GPU";
    QTest::newRow("link width")
        << dump(R"(<pci busid="0000:02:00.0" class="0x030200" link_width="wide"><gpu dev="0"/></pci>)")
        << "<pci link_width=\"wide\">: expected a whole number";
    QTest::newRow("two GPUs on one bus id")
        << dump(R"(<pci busid="0000:02:00.0" class="0x030200"><gpu dev="0"/></pci>
        <pci busid="0000:02:00.0" class="0x030200"><gpu dev="1"/></pci>)")
        << "a second GPU at bus id 0000:02:00.0";
}

void TestImportNcclTopo::malformed()
{
    QFETCH(QByteArray, xml);
    QFETCH(QString, message);
    ImportResult r;
    QString error;
    QVERIFY(!importBytes(xml, QStringLiteral("topo.xml"), r, &error, ImportKind::NcclTopo));
    QVERIFY2(isOneLineError(error, QStringLiteral("topo.xml")), qPrintable(error));
    QVERIFY2(error.contains(message), qPrintable(error));
}

QTEST_GUILESS_MAIN(TestImportNcclTopo)
#include "tst_import_nccltopo.moc"
