// SPDX-License-Identifier: GPL-3.0-or-later
// Collectives across machines against measured nccl-tests all_reduce_perf logs of two nodes
// (tests/data/nccl-tests-logs/, README.md there): the modelled bus bandwidth of auto at 64 MiB, 256 MiB,
// 1 GiB and the largest size against the log's out-of-place busbw, on the preset cluster of the same shape;
// and the new multi-node algorithms (nvlstree, collnet) on their own.
#include "collective.h"
#include "linkcatalog.h"
#include "presets.h"

#include <QtTest>

#include <cmath>

using namespace ss;

namespace {

CommModel cluster(const char* preset, std::int64_t nodes, const char* network)
{
    ClusterShape shape;
    shape.preset = preset;
    shape.nodes = nodes;
    shape.network = {network, 8};
    Topology t;
    std::string error;
    if (!generateCluster(shape, t, &error))
        qFatal("%s", error.c_str());
    CommModel m;
    if (!CommModel::fromTopology(t, m, &error))
        qFatal("%s", error.c_str());
    return m;
}

// N GPUs "n0.gpu<i>" on one NVSwitch "n0.nvswitch", each by LINKS links of KIND at the catalogue's rate,
// latency and efficiency: one NVLink domain (an HGX board, or a GB200 NVL72 rack's 72 GPUs).
CommModel nvlinkDomain(int n, const char* kind, std::int64_t links)
{
    const LinkCatalogEntry e = linkDefaults(kind);
    Topology t;
    t.nodes.push_back({"n0.nvswitch", "nvswitch", "", 0, 0});
    for (int i = 0; i < n; ++i) {
        const std::string g = "n0.gpu" + std::to_string(i);
        t.nodes.push_back({g, "gpu", "", 0, 0});
        t.links.push_back(
            {g + "-nvs", g, "n0.nvswitch", kind, e.bandwidth_Bps, e.latency_s, e.efficiency, links});
    }
    CommModel m;
    std::string error;
    if (!CommModel::fromTopology(t, m, &error))
        qFatal("%s", error.c_str());
    return m;
}

QByteArray describe(const CollectiveResult& r)
{
    return QByteArray(algorithmName(r.algorithm)) + " t " + QByteArray::number(r.time_s * 1e6) +
           " us, alpha " + QByteArray::number(r.alpha_s * 1e6) + " us, busbw " +
           QByteArray::number(r.busbw_Bps / 1e9) + " GB/s " + QByteArray(r.error.c_str());
}

} // namespace

class TestCollectiveNccl : public QObject
{
    Q_OBJECT
private slots:
    void measuredBusBandwidth_data();
    void measuredBusBandwidth();
    void nvlsByNvlinkGeneration_data();
    void nvlsByNvlinkGeneration();
    void nvlsTreeAcrossMachines();
    void collNetNeedsSharp();
    void collNetHalvesNicTraffic();
    void protocolsRaiseBusbwWithSize();
};

void TestCollectiveNccl::measuredBusBandwidth_data()
{
    QTest::addColumn<QString>("preset");
    QTest::addColumn<QString>("network");
    QTest::addColumn<double>("bytes");
    QTest::addColumn<double>("measured"); // out-of-place busbw of the log, GB/s
    QTest::addColumn<double>("tolerance");
    QTest::addColumn<bool>("missed"); // the model misses this row today (see the row's comment)
    // 2 x Azure NDm A100 v4 (8 A100-SXM4-80GB, 8 HDR 200 Gb/s NICs each: a DGX A100), 16 ranks:
    // tests/data/nccl-tests-logs/2x8-a100-hdr-ndm-v4.log (JingchaoZhang/JingchaoZhang.github.io).
    const char* a100 = "2x DGX A100 HDR (2x8-a100-hdr-ndm-v4.log) ";
    // NCCL runs rings here at every size checked (its tuner prices its tree at half its channels' bus
    // bandwidth: tuning.cc), and the ring is NIC-bound: 8 x 25 GB/s x 0.94.
    QTest::newRow(QByteArray(a100).append("64 MiB")) << "dgx-a100"
                                                     << "ib-hdr" << 67108864.0 << 134.92 << 0.20 << false;
    QTest::newRow(QByteArray(a100).append("256 MiB")) << "dgx-a100"
                                                      << "ib-hdr" << 268435456.0 << 167.02 << 0.15 << false;
    QTest::newRow(QByteArray(a100).append("1 GiB")) << "dgx-a100"
                                                    << "ib-hdr" << 1073741824.0 << 181.98 << 0.10 << false;
    QTest::newRow(QByteArray(a100).append("8 GiB")) << "dgx-a100"
                                                    << "ib-hdr" << 8589934592.0 << 189.20 << 0.10 << false;
    // 2 x 8 H100 80GB HBM3 on Nebius InfiniBand (8 NDR 400 Gb/s NICs each), 16 ranks, NCCL's default
    // (NVLS tree: the busbw exceeds what rings over 8 NDR NICs can carry):
    // tests/data/nccl-tests-logs/2x8-h100-ib-nebius.log (dstackai/dstack examples/clusters/nebius).
    // Known miss: below 256 MiB the NVLS tree's start-up is longer than NCCL's latency model says (~200-235
    // us fitted from the log's times between sizes, against ~70 us modelled), so 64 MiB is ~36% high.
    const char* h100 = "2x DGX H100 NDR (2x8-h100-ib-nebius.log) ";
    QTest::newRow(QByteArray(h100).append("64 MiB")) << "dgx-h100"
                                                     << "ib-ndr" << 67108864.0 << 266.35 << 0.20 << true;
    QTest::newRow(QByteArray(h100).append("256 MiB")) << "dgx-h100"
                                                      << "ib-ndr" << 268435456.0 << 385.49 << 0.15 << false;
    QTest::newRow(QByteArray(h100).append("1 GiB")) << "dgx-h100"
                                                    << "ib-ndr" << 1073741824.0 << 446.21 << 0.10 << false;
    QTest::newRow(QByteArray(h100).append("8 GiB")) << "dgx-h100"
                                                    << "ib-ndr" << 8589934592.0 << 467.54 << 0.10 << false;
}

void TestCollectiveNccl::measuredBusBandwidth()
{
    QFETCH(QString, preset);
    QFETCH(QString, network);
    QFETCH(double, bytes);
    QFETCH(double, measured);
    QFETCH(double, tolerance);
    QFETCH(bool, missed);
    CommModel m = cluster(preset.toLatin1().constData(), 2, network.toLatin1().constData());
    const CollectiveResult r = m.collective(CollectiveOp::AllReduce, bytes, m.graph().gpus());
    QVERIFY2(r.ok(), r.error.c_str());
    const double modelled = r.busbw_Bps / 1e9;
    qInfo("%s: measured %.1f GB/s, modelled %.1f GB/s (%+.1f%%), %s", QTest::currentDataTag(), measured,
          modelled, 100 * (modelled / measured - 1), describe(r).constData());
    // The alternatives auto weighed, for whoever reads a miss.
    for (CollectiveAlgorithm a : {CollectiveAlgorithm::Ring, CollectiveAlgorithm::Tree,
                                  CollectiveAlgorithm::Hierarchical, CollectiveAlgorithm::NvlsTree}) {
        const CollectiveResult x = m.collective(CollectiveOp::AllReduce, bytes, m.graph().gpus(), a);
        qInfo("    %s", describe(x).constData());
    }
    if (missed)
        QEXPECT_FAIL("", "known gap of the model, see the row's comment", Continue);
    QVERIFY2(std::fabs(modelled / measured - 1) <= tolerance, describe(r));
}

void TestCollectiveNccl::nvlsByNvlinkGeneration_data()
{
    QTest::addColumn<int>("gpus");
    QTest::addColumn<QString>("kind");
    QTest::addColumn<int>("links");       // NVLinks per GPU into the switch
    QTest::addColumn<double>("measured"); // all_reduce_perf out-of-place busbw at the largest size, GB/s
    // 8 H800 (NVLink 4, 8 links per GPU): NVLS busbw 215 GB/s (NVIDIA/nccl#1374).
    QTest::newRow("8x H800 NVLink 4, 8 links: 215 GB/s (NVIDIA/nccl#1374)") << 8 << "nvlink4" << 8 << 215.0;
    // 8 B200 (NVLink 5, 18 links): all-reduce busbw "830+" GB/s (NVIDIA/nccl#1807).
    QTest::newRow("8x B200 NVLink 5: 830 GB/s (NVIDIA/nccl#1807)") << 8 << "nvlink5" << 18 << 830.0;
    // A GB200 NVL72 rack, 72 GPUs on one NVLink domain: busbw 835 GB/s at 8 GiB (coreweave/nccl-tests#43).
    QTest::newRow("GB200 NVL72 72 GPUs: 835 GB/s (coreweave/nccl-tests#43)")
        << 72 << "nvlink5" << 18 << 835.0;
}

void TestCollectiveNccl::nvlsByNvlinkGeneration()
{
    QFETCH(int, gpus);
    QFETCH(QString, kind);
    QFETCH(int, links);
    QFETCH(double, measured);
    CommModel m = nvlinkDomain(gpus, kind.toLatin1().constData(), links);
    const CollectiveResult r = m.collective(CollectiveOp::AllReduce, 8589934592.0, m.graph().gpus());
    QVERIFY2(r.ok(), r.error.c_str());
    QCOMPARE(r.algorithm, CollectiveAlgorithm::Nvls);
    const double modelled = r.busbw_Bps / 1e9;
    qInfo("%s: measured %.1f GB/s, modelled %.1f GB/s (%+.1f%%)", QTest::currentDataTag(), measured, modelled,
          100 * (modelled / measured - 1));
    QVERIFY2(std::fabs(modelled / measured - 1) <= 0.10, describe(r));
}

void TestCollectiveNccl::nvlsTreeAcrossMachines()
{
    // Two DGX H100: nvls alone refuses machines, nvlstree runs; on DGX A100 (no NVLink SHARP) it refuses.
    CommModel h = cluster("dgx-h100", 2, "ib-ndr");
    const auto gpus = h.graph().gpus();
    QVERIFY(!h.collective(CollectiveOp::AllReduce, 1e9, gpus, CollectiveAlgorithm::Nvls).ok());
    const CollectiveResult tree =
        h.collective(CollectiveOp::AllReduce, 1e9, gpus, CollectiveAlgorithm::NvlsTree);
    QVERIFY2(tree.ok(), tree.error.c_str());
    QCOMPARE(tree.algorithm, CollectiveAlgorithm::NvlsTree);
    QVERIFY(!h.collective(CollectiveOp::AllGather, 1e9, gpus, CollectiveAlgorithm::NvlsTree).ok());
    CommModel a = cluster("dgx-a100", 2, "ib-hdr");
    QVERIFY(
        !a.collective(CollectiveOp::AllReduce, 1e9, a.graph().gpus(), CollectiveAlgorithm::NvlsTree).ok());
    CollectiveAlgorithm parsed;
    QVERIFY(algorithmFromName("nvlstree", parsed) && parsed == CollectiveAlgorithm::NvlsTree);
    QVERIFY(algorithmFromName("collnet", parsed) && parsed == CollectiveAlgorithm::CollNet);
}

void TestCollectiveNccl::collNetNeedsSharp()
{
    // Plain ib-hdr: collnet is refused and auto never picks it (NCCL_COLLNET_ENABLE is off by default).
    CommModel plain = cluster("dgx-a100", 4, "ib-hdr");
    const auto gpus = plain.graph().gpus();
    QVERIFY(!plain.collective(CollectiveOp::AllReduce, 1e9, gpus, CollectiveAlgorithm::CollNet).ok());
    for (double size : {1e6, 1e8, 1e10})
        QVERIFY(plain.collective(CollectiveOp::AllReduce, size, gpus).algorithm !=
                CollectiveAlgorithm::CollNet);
    CommModel sharp = cluster("dgx-a100", 4, "ib-hdr-sharp");
    const CollectiveResult r =
        sharp.collective(CollectiveOp::AllReduce, 1e9, sharp.graph().gpus(), CollectiveAlgorithm::CollNet);
    QVERIFY2(r.ok(), r.error.c_str());
}

void TestCollectiveNccl::collNetHalvesNicTraffic()
{
    // SHARP: every NIC sends its GPU's 1/k of the buffer once (and receives the result once), where a ring
    // sends 2(n-1)/n of it over k NICs: ~2/k. So the busiest network link carries about half the ring's.
    CommModel m = cluster("dgx-a100", 4, "ib-hdr-sharp");
    const auto gpus = m.graph().gpus();
    const double size = 1e10;
    const auto netBytes = [&m](const CollectiveResult& r) {
        double most = 0;
        for (const LinkLoad& l : r.links)
            if (m.graph().link(l.link).cls == LinkClass::Network)
                most = std::max(most, l.bytes());
        return most;
    };
    const CollectiveResult ring =
        m.collective(CollectiveOp::AllReduce, size, gpus, CollectiveAlgorithm::Ring);
    const CollectiveResult coll =
        m.collective(CollectiveOp::AllReduce, size, gpus, CollectiveAlgorithm::CollNet);
    QVERIFY2(ring.ok() && coll.ok(), coll.error.c_str());
    // k = 8 GPUs per machine: collnet 1/8 of S per NIC; ring 2 × 31/32 / 8 of S.
    QVERIFY2(std::fabs(netBytes(coll) / size - 1.0 / 8) < 1e-6, describe(coll));
    QVERIFY2(std::fabs(netBytes(ring) / size - 2 * 31.0 / 32 / 8) < 1e-3, describe(ring));
    const CollectiveResult best = m.collective(CollectiveOp::AllReduce, size, gpus);
    QCOMPARE(best.algorithm, CollectiveAlgorithm::CollNet);
}

void TestCollectiveNccl::protocolsRaiseBusbwWithSize()
{
    // Across machines the protocols' latencies (NCCL tuning.cc) make busbw rise with the size, and the
    // small sizes use LL or LL128: their latency is lower than Simple's.
    CommModel m = cluster("dgx-a100", 2, "ib-hdr");
    const auto gpus = m.graph().gpus();
    double last = 0;
    for (double size = 1 << 16; size <= 8e9; size *= 4) {
        const CollectiveResult r =
            m.collective(CollectiveOp::AllReduce, size, gpus, CollectiveAlgorithm::Ring);
        QVERIFY2(r.busbw_Bps > last, describe(r));
        last = r.busbw_Bps;
    }
    const CollectiveResult small =
        m.collective(CollectiveOp::AllReduce, 4096, gpus, CollectiveAlgorithm::Ring);
    const CollectiveResult large =
        m.collective(CollectiveOp::AllReduce, 8e9, gpus, CollectiveAlgorithm::Ring);
    QVERIFY2(small.alpha_s < large.alpha_s, describe(small));
}

QTEST_APPLESS_MAIN(TestCollectiveNccl)
#include "tst_collective_nccl.moc"
