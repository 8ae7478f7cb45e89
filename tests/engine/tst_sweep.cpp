// SPDX-License-Identifier: GPL-3.0-or-later
// Parameter sweeps (sweep.h): ranges and value lists, the direction figures move in (memory grows with
// the micro batch, step time falls as the network gets faster), points against evaluate() and against
// formulas (Narayanan et al. SC'21 §2 for microbatches, ZeRO §5 for sharded optimizer states), invalid
// points, the CSV.
#include "evaluate.h"
#include "sweep.h"

#include <QtTest>

#include <cmath>

using namespace ss;

namespace {

// The ZeRO paper's running example (Rajbhandari et al. SC'20, Figure 1): Ψ = 7.5B on 64 GPUs, K = 12.
Scenario zeroExample()
{
    Scenario s;
    s.model.kind = ModelKind::Params;
    s.model.params = 7.5e9;
    s.model.layers = 32;
    s.model.hidden = 4096;
    s.model.heads = 32;
    s.model.seq_len = 1024;
    s.training.global_batch = 64;
    s.training.micro_batch = 1;
    s.parallel.dp = 64;
    s.cluster.nodes = 8;
    s.cluster.gpus_per_node = 8;
    s.overheads.allocator_fraction = 0;
    return s;
}

// The default GPT-3 XL spread over four DGX A100s on HDR InfiniBand, data parallel: the gradient all-reduce
// crosses the network every step.
Scenario fourNodes()
{
    Scenario s = defaultScenario();
    s.cluster.nodes = 4;
    s.parallel.dp = 32;
    s.training.global_batch = 128;
    s.cluster.network.kind = "ib-hdr";
    return s;
}

SweepParam param(const Scenario& s, const char* path)
{
    SweepParam p;
    std::string error;
    if (!findSweepParam(s, path, p, &error))
        qFatal("%s", error.c_str());
    return p;
}

SweepResult sweep(const Scenario& s, const std::string& path, std::vector<double> values,
                  std::vector<std::string> metrics, int threads = 0)
{
    SweepSpec spec;
    spec.param = path;
    spec.values = std::move(values);
    spec.metrics = std::move(metrics);
    spec.threads = threads;
    return runSweep(s, spec);
}

} // namespace

class TestSweep : public QObject
{
    Q_OBJECT

private slots:
    void range_data()
    {
        QTest::addColumn<QString>("path");
        QTest::addColumn<QString>("text");
        QTest::addColumn<QList<double>>("expected");
        // Evenly spaced: a + (b − a)·i/(n − 1).
        QTest::newRow("linear real") << "compute.efficiency"
                                     << "0.2:0.8:4" << QList<double>{0.2, 0.4, 0.6, 0.8};
        // Geometric: a·(b/a)^(i/(n − 1)); 1..16 in 5 is the powers of two.
        QTest::newRow("log int") << "training.micro_batch"
                                 << "1:16:5:log" << QList<double>{1, 2, 4, 8, 16};
        // 1..8 in 8 geometric steps rounds to 1 1 2 2 3 4 6 8: duplicates dropped.
        QTest::newRow("log int rounded") << "training.micro_batch"
                                         << "1:8:8:log" << QList<double>{1, 2, 3, 4, 6, 8};
        QTest::newRow("log real") << "cluster.gpu.memory_bytes"
                                  << "1e9:1e11:3:log" << QList<double>{1e9, 1e10, 1e11};
        // Unit strings as --set takes them: 100 Gb/s = 12.5 GB/s (bits vs bytes, as docs/formats.md keeps
        // them apart).
        QTest::newRow("units") << "link.ib.bandwidth_Bps"
                               << "100 Gb/s:400 Gb/s:2" << QList<double>{12.5e9, 50e9};
        // grad_comm_bits takes 32, 16, 8, 1 only (fields.cpp): a range snaps to them, nearest by ratio.
        QTest::newRow("choices") << "training.grad_comm_bits"
                                 << "1:32:6:log" << QList<double>{1, 8, 16, 32};
        QTest::newRow("descending") << "training.micro_batch"
                                    << "4:1:4" << QList<double>{4, 3, 2, 1};
        QTest::newRow("one value") << "model.seq_len"
                                   << "4096:4096:1" << QList<double>{4096};
    }
    void range()
    {
        QFETCH(QString, path);
        QFETCH(QString, text);
        QFETCH(QList<double>, expected);
        const Scenario s = fourNodes();
        std::vector<double> values;
        const std::string error =
            parseSweepRange(text.toStdString(), param(s, path.toLatin1().constData()), values);
        QVERIFY2(error.empty(), error.c_str());
        QCOMPARE(int(values.size()), int(expected.size()));
        for (std::size_t i = 0; i < values.size(); ++i)
            QVERIFY2(std::abs(values[i] - expected[int(i)]) <= 1e-9 * std::abs(expected[int(i)]),
                     qPrintable(QString::number(values[i])));
    }

    void rangeErrors_data()
    {
        QTest::addColumn<QString>("text");
        QTest::addColumn<QString>("message");
        QTest::newRow("two parts") << "1:2"
                                   << "expected a range a:b:n";
        QTest::newRow("not a number") << "x:2:3"
                                      << "range start";
        QTest::newRow("zero count") << "1:2:0"
                                    << "number of values";
        QTest::newRow("log through zero") << "0:8:4:log"
                                          << "above 0";
        QTest::newRow("bad scale") << "1:2:3:cubic"
                                   << "'log' or 'lin'";
        QTest::newRow("too many") << "1:2:100000"
                                  << "number of values";
    }
    void rangeErrors()
    {
        QFETCH(QString, text);
        QFETCH(QString, message);
        std::vector<double> values;
        const std::string error =
            parseSweepRange(text.toStdString(), param(defaultScenario(), "training.micro_batch"), values);
        QVERIFY2(QString::fromStdString(error).contains(message), error.c_str());
        QVERIFY(values.empty());
    }

    void values()
    {
        std::vector<double> out;
        const SweepParam p = param(defaultScenario(), "cluster.gpu.memory_bytes");
        QCOMPARE(parseSweepValues("40 GiB, 80GiB,1e11", p, out), std::string());
        QCOMPARE(out, (std::vector<double>{40.0 * (1 << 30), 80.0 * (1 << 30), 1e11}));
        QVERIFY(
            QString::fromStdString(parseSweepValues("1,,2", p, out)).startsWith(QLatin1String("value 2:")));
        QVERIFY(out.empty());
    }

    void unknownNames()
    {
        SweepParam p;
        std::string error;
        QVERIFY(!findSweepParam(defaultScenario(), "training.micro_bach", p, &error));
        QVERIFY2(QString::fromStdString(error).contains(QLatin1String("did you mean training.micro_batch?")),
                 error.c_str());
        // A single DGX A100 has no network, so no InfiniBand link to sweep.
        QVERIFY(!findSweepParam(defaultScenario(), "link.ib.bandwidth_Bps", p, &error));
        QVERIFY2(QString::fromStdString(error).contains(QLatin1String("no link of kind ib")), error.c_str());
        QVERIFY(!findSweepParam(defaultScenario(), "training.precision", p, &error));
        QVERIFY(QString::fromStdString(error).contains(QLatin1String("not numeric")));
        SweepMetric m;
        QVERIFY(!findSweepMetric("step.time", m, &error));
        QVERIFY2(QString::fromStdString(error).contains(QLatin1String("did you mean step.time_s?")),
                 error.c_str());
        QVERIFY(findSweepMetric("memory.per_gpu[0].activations", m));
        QVERIFY(!findSweepMetric("memory.per_gpu[x].activations", m));
        const SweepResult r = sweep(defaultScenario(), "training.micro_batch", {1}, {"bogus"});
        QVERIFY(!r.error.empty());
        QVERIFY(r.rows.empty());
    }

    // Activations scale with the micro batch b (Korthikanti et al. MLSys'23: s·b·h·(34 + 5as/h) per layer),
    // model states do not: peak memory grows strictly with b.
    void memoryGrowsWithMicroBatch()
    {
        const Scenario s = defaultScenario();
        const SweepResult r = sweep(s, "training.micro_batch", {1, 2, 4, 8, 16}, {"memory.peak_gpu_bytes"});
        QVERIFY(r.error.empty());
        QCOMPARE(int(r.rows.size()), 5);
        for (std::size_t i = 0; i < r.rows.size(); ++i) {
            QVERIFY2(r.rows[i].valid, r.rows[i].problem.c_str());
            if (i > 0)
                QVERIFY(r.rows[i].metrics[0] > r.rows[i - 1].metrics[0]);
        }
        // The largest does not fit in 80 GiB; the smallest does (the marks the chart draws).
        QVERIFY(r.rows.front().fits);
        QVERIFY(!r.rows.back().fits);
    }

    // The gradient all-reduce crosses HDR InfiniBand; slower links make the step longer, and the step time
    // never rises as the links get faster.
    void stepTimeFallsWithIbBandwidth()
    {
        const Scenario s = fourNodes();
        std::vector<double> values;
        QCOMPARE(parseSweepRange("1 GB/s:100 GB/s:6:log", param(s, "link.ib.bandwidth_Bps"), values),
                 std::string());
        const SweepResult r =
            sweep(s, "link.ib.bandwidth_Bps", values, {"step.time_s", "step.exposed_comm_s"});
        QCOMPARE(int(r.rows.size()), 6);
        for (std::size_t i = 0; i < r.rows.size(); ++i) {
            QVERIFY2(r.rows[i].valid, r.rows[i].problem.c_str());
            if (i > 0) {
                QVERIFY(r.rows[i].metrics[0] <= r.rows[i - 1].metrics[0]);
                QVERIFY(r.rows[i].metrics[1] <= r.rows[i - 1].metrics[1]);
            }
        }
        QVERIFY(r.rows.front().metrics[0] > 1.5 * r.rows.back().metrics[0]);
        QVERIFY(r.rows.front().metrics[1] > r.rows.back().metrics[1]);
    }

    // A point is evaluate() of the scenario with the value set: at the current value the figures are the
    // scenario's own, also for a link sweep (which makes the generated cluster explicit).
    void pointEqualsEvaluate_data()
    {
        QTest::addColumn<QString>("path");
        QTest::newRow("field") << "training.micro_batch";
        QTest::newRow("link") << "link.ib.bandwidth_Bps";
        QTest::newRow("link efficiency") << "link.nvlink.efficiency";
        QTest::newRow("gpus") << "cluster.gpus";
    }
    void pointEqualsEvaluate()
    {
        QFETCH(QString, path);
        const Scenario s = fourNodes();
        const double current = sweepParamValue(s, path.toStdString());
        QVERIFY(std::isfinite(current));
        const SweepResult r = sweep(s, path.toStdString(), {current},
                                    {"step.time_s", "memory.peak_gpu_bytes", "step.tokens_per_s"});
        QCOMPARE(int(r.rows.size()), 1);
        QVERIFY2(r.rows[0].valid, r.rows[0].problem.c_str());
        const Result e = evaluate(s);
        QCOMPARE(r.rows[0].metrics[0], e.step.time_s);
        QCOMPARE(r.rows[0].metrics[1], e.memory.peak_gpu_bytes);
        QCOMPARE(r.rows[0].metrics[2], e.step.tokens_per_s);
    }

    // m = B / (N_d·b) (Narayanan et al. SC'21 §2): 512 / (8·b) for the default scenario.
    void microbatchesFromFormula()
    {
        const SweepResult r =
            sweep(defaultScenario(), "training.micro_batch", {1, 2, 4, 8}, {"microbatches"});
        const double expected[] = {64, 32, 16, 8};
        for (int i = 0; i < 4; ++i)
            QCOMPARE(r.rows[std::size_t(i)].metrics[0], expected[i]);
    }

    // ZeRO §5: optimizer states are KΨ bytes per GPU unsharded and KΨ/N_d from stage 1 on: 12 × 7.5e9 = 90
    // GB, and 90 GB / 64 = 1.40625 GB.
    void zeroStagesFromFormula()
    {
        const SweepResult r =
            sweep(zeroExample(), "parallel.zero_stage", {0, 1, 2, 3}, {"memory.per_gpu[0].optimizer"});
        QCOMPARE(int(r.rows.size()), 4);
        QCOMPARE(r.rows[0].metrics[0], 12 * 7.5e9);
        for (int i = 1; i < 4; ++i)
            QCOMPARE(r.rows[std::size_t(i)].metrics[0], 12 * 7.5e9 / 64);
    }

    // cluster.gpus keeps tp and pp and sets dp = GPUs / (tp·pp); parallel.tp keeps the GPUs.
    void clusterSizeCouplings()
    {
        Scenario s = fourNodes();
        Scenario t = s;
        QCOMPARE(applySweepValue(t, "cluster.gpus", 64), std::string());
        QCOMPARE(t.cluster.nodes, std::int64_t(8));
        QCOMPARE(t.parallel.dp, std::int64_t(64));
        t = s;
        QCOMPARE(applySweepValue(t, "parallel.tp", 4), std::string());
        QCOMPARE(t.parallel.dp, std::int64_t(8));
        QCOMPARE(t.gpus(), std::int64_t(32));
        t = s;
        QCOMPARE(applySweepValue(t, "parallel.dp", 8), std::string());
        QCOMPARE(t.cluster.nodes, std::int64_t(1));
        t = s;
        QCOMPARE(applySweepValue(t, "cluster.nodes", 2), std::string());
        QCOMPARE(t.parallel.dp, std::int64_t(16));
        t = s;
        QCOMPARE(applySweepValue(t, "link.ib.bandwidth_Bps", 1e9), std::string());
        QVERIFY(t.cluster.topology.has_value());
        for (const TopologyLink& link : t.cluster.topology->links)
            if (link.kind.rfind("ib", 0) == 0)
                QCOMPARE(link.bandwidth_Bps, 1e9);
    }

    // Invalid points stay as rows, in order, with the reason, NaN numbers and empty CSV cells.
    void invalidPoints()
    {
        Scenario s = defaultScenario();
        s.parallel.tp = 2;
        s.parallel.dp = 4;
        // 12 GPUs: not whole DGX A100s; 24 GPUs: 3 nodes, dp 12, but 512 sequences do not split over 12 × 4.
        const SweepResult r = sweep(s, "cluster.gpus", {8, 12, 24, 32}, {"step.time_s", "gpus"}, 3);
        QCOMPARE(int(r.rows.size()), 4);
        QVERIFY(r.rows[0].valid);
        QCOMPARE(r.rows[0].metrics[1], 8.0);
        QVERIFY(!r.rows[1].valid);
        QVERIFY2(QString::fromStdString(r.rows[1].problem).contains(QLatin1String("whole number of nodes")),
                 r.rows[1].problem.c_str());
        QVERIFY(std::isnan(r.rows[1].metrics[0]));
        QVERIFY(!r.rows[2].valid);
        QVERIFY2(QString::fromStdString(r.rows[2].problem).contains(QLatin1String("global_batch")),
                 r.rows[2].problem.c_str());
        QVERIFY(r.rows[3].valid);
        QCOMPARE(r.rows[3].metrics[1], 32.0);
        // Out of the field's range: a row with the field's own message.
        const SweepResult out = sweep(s, "compute.efficiency", {0.5, 1.5}, {"step.time_s"});
        QVERIFY(out.rows[0].valid);
        QVERIFY(!out.rows[1].valid);
        QVERIFY(QString::fromStdString(out.rows[1].problem)
                    .startsWith(QLatin1String("compute.efficiency: expected")));

        const std::string csv = sweepCsv(r);
        const QStringList lines = QString::fromStdString(csv).split(QLatin1Char('\n'), Qt::SkipEmptyParts);
        QCOMPARE(lines.size(), 5);
        QCOMPARE(lines[0], QStringLiteral("cluster.gpus,step.time_s,gpus"));
        QCOMPARE(lines[2], QStringLiteral("12,,"));
        QVERIFY(lines[4].endsWith(QLatin1String(",32")));
        // Full precision: the cell reads back to the same double.
        QCOMPARE(lines[1].section(QLatin1Char(','), 1, 1).toDouble(), r.rows[0].metrics[0]);
    }

    // Threads do not change the numbers or their order.
    void threadsKeepOrder()
    {
        const Scenario s = defaultScenario();
        const std::vector<double> values{16, 1, 8, 2, 4};
        const SweepResult one = sweep(s, "training.micro_batch", values, {}, 1);
        const SweepResult four = sweep(s, "training.micro_batch", values, {}, 4);
        QCOMPARE(one.metrics, defaultSweepMetrics());
        QCOMPARE(sweepCsv(one), sweepCsv(four));
        QCOMPARE(four.rows[0].value, 16.0);
    }

    void cancel()
    {
        const std::atomic<bool> cancelled{true};
        SweepSpec spec;
        spec.param = "training.micro_batch";
        spec.values = {1, 2, 4};
        const SweepResult r = runSweep(defaultScenario(), spec, &cancelled);
        QVERIFY(r.cancelled);
        QVERIFY(r.rows.empty());
    }

    void defaults()
    {
        const Scenario s = defaultScenario(); // micro batch 4
        const SweepRangeSpec mb = defaultSweepRange(s, param(s, "training.micro_batch"));
        QCOMPARE(mb.from, 1.0);
        QCOMPARE(mb.to, 16.0);
        QVERIFY(mb.log);
        QCOMPARE(sweepRange(mb.from, mb.to, mb.steps, mb.log, param(s, "training.micro_batch")),
                 (std::vector<double>{1, 2, 4, 8, 16}));
        const SweepRangeSpec zero = defaultSweepRange(s, param(s, "parallel.zero_stage"));
        QCOMPARE(zero.steps, 4);
        QVERIFY(!zero.log);
        // Every parameter offered has a default range that yields values.
        for (const SweepParam& p : sweepParams(fourNodes())) {
            const SweepRangeSpec d = defaultSweepRange(fourNodes(), p);
            QVERIFY2(!sweepRange(d.from, d.to, d.steps, d.log, p).empty(), p.path.c_str());
        }
    }
};

QTEST_APPLESS_MAIN(TestSweep)
#include "tst_sweep.moc"
