// SPDX-License-Identifier: GPL-3.0-or-later
// nccl-tests import and calibration (nccltestsimport.h). The fixtures in data/import follow nccl-tests' own
// output code (src/common.cu and src/util.cu: writeDeviceReport, writeResultHeader, writeBenchmarkLineBody
// and getFloatStr's number widths; README.md for the options), with times on known lines t = α + S/algbw so
// that the expected fits are exact up to the printed digits:
//  - nccl-tests-all_reduce-8xa100.log: all_reduce_perf -b 8 -e 8G -f 2 -g 8 of nccl-tests 2.13 with
//  NCCL_DEBUG=INFO
//    lines interleaved; α = 21.5 us, algbw 131 GB/s (busbw 229 GB/s, the A100 figure of
//    github.com/NVIDIA/nccl-tests/issues/149).
//  - all_gather_perf-2019.log: nccl-tests 2.0 layout (no root column, "error" instead of #wrong, no op name
//  in
//    the log: the file name gives it); 4 V100 PCIe, α = 12 us, algbw 9.8 GB/s.
//  - nccl-tests-reduce_scatter-16xh100-mpi.log: reduce_scatter_perf_mpi on 2 nodes of 8 under mpirun
//    --tag-output, with -I 1 (i_min/i_max/i_p99/i_cv% after each half) and -S 1 (a timestamp ending each
//    row); α = 48 us, algbw 24.5 GB/s.
//  - nccl-tests-all_reduce-8xh200.json: the JSON of -J (JSON_FILE_VERSION 1), α = 30 us, algbw 200 GB/s.
#include "collective.h"
#include "examples.h"
#include "importtest.h"
#include "nccltestsimport.h"
#include "presets.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTest>

#include <cmath>

using namespace importtest;
using ss::io::ImportKind;
using ss::io::ImportResult;

namespace {

bool near(double a, double b, double rel)
{
    return std::fabs(a - b) <= rel * std::fabs(b);
}

} // namespace

class TestImportNcclTests : public QObject
{
    Q_OBJECT

private slots:
    void fits_data();
    void fits();
    void contractJson();
    void opNames_data();
    void opNames();
    void opFromBusBandwidth();
    void opOption();
    void truncatedLastRow();
    void applyRefused();
    void malformed_data();
    void malformed();
};

void TestImportNcclTests::fits_data()
{
    QTest::addColumn<QString>("file");
    QTest::addColumn<QString>("op");
    QTest::addColumn<int>("ranks");
    QTest::addColumn<int>("points");
    QTest::addColumn<double>("alpha");
    QTest::addColumn<double>("algbw");
    QTest::addColumn<double>(
        "tolerance"); // the printed digits: 2 decimals of us, 3-4 significant at large sizes
    QTest::newRow("all_reduce 8x A100, current log") << "nccl-tests-all_reduce-8xa100.log"
                                                     << "allreduce" << 8 << 31 << 21.5e-6 << 131e9 << 0.002;
    QTest::newRow("all_gather 4x V100, 2019 log") << "all_gather_perf-2019.log"
                                                  << "allgather" << 4 << 25 << 12e-6 << 9.8e9 << 0.002;
    QTest::newRow("reduce_scatter 16x H100, mpirun, -I -S")
        << "nccl-tests-reduce_scatter-16xh100-mpi.log"
        << "reducescatter" << 16 << 14 << 48e-6 << 24.5e9 << 0.002;
    QTest::newRow("all_reduce -J JSON") << "nccl-tests-all_reduce-8xh200.json"
                                        << "allreduce" << 8 << 11 << 30e-6 << 200e9 << 1e-6;
}

void TestImportNcclTests::fits()
{
    QFETCH(QString, file);
    QFETCH(QString, op);
    QFETCH(int, ranks);
    QFETCH(int, points);
    QFETCH(double, alpha);
    QFETCH(double, algbw);
    QFETCH(double, tolerance);
    ImportResult r;
    QString error;
    QVERIFY2(ss::io::importFile(fixture(file), ImportKind::Auto, r, &error), qPrintable(error));
    QCOMPARE(r.kind, ImportKind::NcclTests);
    QVERIFY(r.isCalibration());
    QCOMPARE(int(r.calibrations.size()), 1);
    const ss::Calibration& c = r.calibrations.front();
    QCOMPARE(QString::fromStdString(c.op), op);
    QCOMPARE(c.ranks, ranks);
    QCOMPARE(int(c.fit.points.size()), points);
    QVERIFY2(near(c.fit.alpha_s, alpha, 10 * tolerance), qPrintable(QString::number(c.fit.alpha_s)));
    QVERIFY2(near(1.0 / c.fit.beta_s_per_byte, algbw, tolerance),
             qPrintable(QString::number(1.0 / c.fit.beta_s_per_byte)));
    QVERIFY(c.fit.r2 > 0.9999);
    // busbw = algbw × the op's factor (nccl-tests doc/PERFORMANCE.md).
    const double n = ranks;
    const double factor = op == QLatin1String("allreduce") ? 2 * (n - 1) / n : (n - 1) / n;
    QVERIFY(near(c.busbw_Bps, factor / c.fit.beta_s_per_byte, 1e-12));
    QVERIFY2(r.warnings.isEmpty(), qPrintable(r.warnings.join(QLatin1Char('\n'))));
}

void TestImportNcclTests::contractJson()
{
    // docs/formats.md: {"calibration":{"op","ranks","alpha_s","beta_s_per_byte","fit_r2","points":[{"bytes",
    // "measured_s","predicted_s"}]}}.
    ImportResult r;
    QString error;
    QVERIFY(ss::io::importFile(fixture(QStringLiteral("nccl-tests-all_reduce-8xa100.log")), ImportKind::Auto,
                               r, &error));
    const QJsonObject root = QJsonDocument::fromJson(ss::io::writeImportResult(r)).object();
    QCOMPARE(root.keys(), QStringList{QStringLiteral("calibration")});
    const QJsonObject c = root.value(QLatin1String("calibration")).toObject();
    for (const char* key : {"op", "ranks", "alpha_s", "beta_s_per_byte", "fit_r2", "points"})
        QVERIFY2(c.contains(QLatin1String(key)), key);
    QCOMPARE(c.value(QLatin1String("op")).toString(), QStringLiteral("allreduce"));
    QCOMPARE(c.value(QLatin1String("ranks")).toInt(), 8);
    const QJsonArray points = c.value(QLatin1String("points")).toArray();
    QCOMPARE(points.size(), 31);
    const QJsonObject first = points.first().toObject();
    QCOMPARE(first.value(QLatin1String("bytes")).toDouble(), 8.0);
    QCOMPARE(first.value(QLatin1String("measured_s")).toDouble(), 21.50e-6);
    const double alpha = c.value(QLatin1String("alpha_s")).toDouble();
    const double beta = c.value(QLatin1String("beta_s_per_byte")).toDouble();
    QVERIFY(near(first.value(QLatin1String("predicted_s")).toDouble(), alpha + beta * 8, 1e-12));
    QCOMPARE(points.last().toObject().value(QLatin1String("bytes")).toDouble(), 8589934592.0);
}

void TestImportNcclTests::opNames_data()
{
    QTest::addColumn<QString>("name");
    QTest::addColumn<QString>("op");
    QTest::newRow("binary") << "all_reduce_perf"
                            << "allreduce";
    QTest::newRow("path of the MPI build") << "./build/all_gather_perf_mpi"
                                           << "allgather";
    QTest::newRow("engine name") << "reducescatter"
                                 << "reducescatter";
    QTest::newRow("NCCL's name") << "AllToAll"
                                 << "alltoall";
    QTest::newRow("op the engine lacks") << "gather_perf"
                                         << "gather";
    QTest::newRow("not a collective") << "bandwidth_test"
                                      << "";
}

void TestImportNcclTests::opNames()
{
    QFETCH(QString, name);
    QFETCH(QString, op);
    QCOMPARE(ss::io::ncclTestsOpName(name), op);
}

void TestImportNcclTests::opFromBusBandwidth()
{
    // An old log that names no op and is not named after one: busbw = algbw × 2(n-1)/n is all-reduce's alone.
    QByteArray log = readFixture(QStringLiteral("nccl-tests-all_reduce-8xa100.log"));
    log.replace("# Collective test starting: all_reduce_perf\n", "");
    log.replace("# Collective test concluded: all_reduce_perf\n", "");
    ImportResult r;
    QString error;
    QVERIFY2(importBytes(log, QStringLiteral("run-17.out"), r, &error), qPrintable(error));
    QCOMPARE(r.calibrations.front().op, std::string("allreduce"));
    QVERIFY(r.warnings.join(QLatin1Char(' ')).contains(QLatin1String("identifies all-reduce")));
    // The 2019 all-gather under another name: (n-1)/n is shared by several ops, so the user must say.
    QVERIFY(!importBytes(readFixture(QStringLiteral("all_gather_perf-2019.log")),
                         QStringLiteral("run-18.out"), r, &error, ImportKind::NcclTests));
    QVERIFY2(error.contains(QLatin1String("give it with --op")), qPrintable(error));
}

void TestImportNcclTests::opOption()
{
    ImportResult r;
    QString error;
    ss::io::ImportOptions options;
    options.op = QStringLiteral("all_gather");
    QVERIFY2(importBytes(readFixture(QStringLiteral("all_gather_perf-2019.log")),
                         QStringLiteral("run-18.out"), r, &error, ImportKind::NcclTests, options),
             qPrintable(error));
    QCOMPARE(r.calibrations.front().op, std::string("allgather"));
    QCOMPARE(r.calibrations.front().ranks, 4);
}

void TestImportNcclTests::truncatedLastRow()
{
    // A job killed while it printed: the half row at the end is left out with a warning, the rest is fitted.
    QByteArray log = readFixture(QStringLiteral("nccl-tests-all_reduce-8xa100.log"));
    log = log.left(log.indexOf("  8589934592") + 40);
    ImportResult r;
    QString error;
    QVERIFY2(importBytes(log, QStringLiteral("killed.log"), r, &error), qPrintable(error));
    QCOMPARE(int(r.calibrations.front().fit.points.size()), 30);
    QVERIFY(r.warnings.join(QLatin1Char(' ')).contains(QLatin1String("ends in the middle of this row")));
}

void TestImportNcclTests::applyRefused()
{
    // Applying a calibration sets the efficiency of the link kind that bounds the collective so that the
    // modelled large-message bus bandwidth equals the measured one (nccl-tests busbw = 2(n-1)/n / β).
    ImportResult r;
    QString error;
    QVERIFY(ss::io::importFile(fixture(QStringLiteral("nccl-tests-all_reduce-8xa100.log")), ImportKind::Auto,
                               r, &error));
    ss::Scenario s = ss::defaultScenario(); // one DGX A100
    QStringList notes;
    QVERIFY2(ss::io::applyImport(r, s, &notes, &error), qPrintable(error));
    QCOMPARE(notes.size(),
             1); // what was set, or that the model already matches (229 GB/s measured, 230 modelled)
    ss::Topology topology; // explicit when something was set, else still the generated one
    if (s.cluster.topology)
        topology = *s.cluster.topology;
    else
        QVERIFY(ss::scenarioTopology(s, topology));
    ss::CommModel model;
    QVERIFY(ss::CommModel::fromTopology(topology, model));
    const auto result = model.collective(ss::CollectiveOp::AllReduce, 8.0 * (1 << 30), model.graph().gpus());
    const double measured = r.calibrations.front().busbw_Bps;
    QVERIFY2(qAbs(result.busbw_Bps / measured - 1) < 0.01,
             qPrintable(QStringLiteral("%1 vs %2").arg(result.busbw_Bps).arg(measured)));

    // The H200 log's 480 GB/s cannot be reached over A100 NVLink: the efficiency is clamped at 1 and said so.
    ImportResult h200;
    QVERIFY(ss::io::importFile(fixture(QStringLiteral("nccl-tests-all_reduce-8xh200.json")), ImportKind::Auto,
                               h200, &error));
    ss::Scenario a100 = ss::defaultScenario();
    notes.clear();
    QVERIFY2(ss::io::applyImport(h200, a100, &notes, &error), qPrintable(error));
    QVERIFY2(notes.join(QLatin1Char(' ')).contains(QLatin1String("clamped")),
             qPrintable(notes.join(QLatin1Char(' '))));

    // A topology with fewer GPUs than the log's ranks is refused and left untouched.
    ss::Scenario small;
    QVERIFY(ss::io::loadExample(QStringLiteral("gpt-1.3b-pcie-offload"), small, &error));
    const ss::Scenario before = small;
    QVERIFY(!ss::io::applyImport(r, small, nullptr, &error));
    QVERIFY2(error.contains(QLatin1String("8 GPUs")), qPrintable(error));
    QCOMPARE(small, before);
}

void TestImportNcclTests::malformed_data()
{
    QTest::addColumn<QByteArray>("data");
    QTest::addColumn<QString>("message");
    const QByteArray log = readFixture(QStringLiteral("nccl-tests-all_reduce-8xa100.log"));
    const qsizetype tableStart = log.indexOf("           8             2");
    QTest::newRow("no data rows (killed after the header)") << log.left(tableStart) << "no data rows";
    QByteArray t = log;
    t.replace("  131072         32768     float     sum      -1    22.50",
              "  131072         32768     float     sum      -1    fast!");
    QTest::newRow("time not a number")
        << t << "line 41: column 6 (time): expected a time in microseconds, got \"fast!\"";
    // Every figure the fit reads is a number or the row is an error naming the line and the column (the
    // header's names: size count type redop root time algbw busbw ...), never a row dropped silently.
    const char* const row41 = "      131072         32768     float     sum      -1    22.50    5.83   10.19";
    t = log;
    t.replace(row41, "      131072         32768     float     sum      -1    1e999    5.83   10.19");
    QTest::newRow("time overflows")
        << t << "line 41: column 6 (time): expected a time in microseconds, got \"1e999\"";
    t = log;
    t.replace(row41,
              "99999999999999999999999         32768     float     sum      -1    22.50    5.83   10.19");
    QTest::newRow("size overflows 64 bits")
        << t << "line 41: column 1 (size): expected a size in bytes, got \"99999999999999999999999\"";
    t = log;
    t.replace(row41, "      131072           32k     float     sum      -1    22.50    5.83   10.19");
    QTest::newRow("count not a number")
        << t << "line 41: column 2 (count): expected a count of elements, got \"32k\"";
    t = log;
    t.replace(row41, "      131072         32768     float     sum      -1    22.50    5.83     n/a");
    QTest::newRow("busbw not a number")
        << t << "line 41: column 8 (busbw): expected a bandwidth in GB/s, got \"n/a\"";
    t = log;
    t.replace(row41, "      131072         32768     float     sum      -1    22.50   -5.83   10.19");
    QTest::newRow("negative algbw")
        << t << "line 41: column 7 (algbw): expected a bandwidth in GB/s, got \"-5.83\"";
    t = log;
    const qsizetype row = t.indexOf("        1024           256     float");
    t.replace(row, t.indexOf('\n', row) - row, "        1024           256     float");
    QTest::newRow("short row mid-table")
        << t << "line 34: a data row of 3 fields where the header (line 25) has 13";
    const QByteArray header =
        log.mid(log.indexOf("#       size"),
                log.indexOf("\n", log.indexOf("#       size")) - log.indexOf("#       size") + 1);
    QTest::newRow("rows before the header")
        << log.mid(tableStart) + header << "line 1: a data row before the column header";
    // Found by fuzz_nccltests (tests/fuzz/regressions/nccltests/size-column-after-time): a header whose size
    // column comes after the time, and a row that ends between the two, read past the row's fields.
    QTest::newRow("row ends before the size column")
        << QByteArray("# nccl-tests version 2.14.1\n#  count  type  time  algbw  busbw  size\n"
                      "        8             2   5.00   0.01   0.01\n       16             4   5.10   0.01   "
                      "0.01   64\n")
        << "line 3: a data row of 5 fields where the header (line 2) has 6";
    const QByteArray json = readFixture(QStringLiteral("nccl-tests-all_reduce-8xh200.json"));
    t = json;
    t.replace("\"time\":30.00512", "\"time\":\"fast\"");
    QTest::newRow("JSON time a string")
        << t << "results[0].out_of_place.time: expected a time in microseconds, got the string";
    QTest::newRow("JSON truncated") << json.left(json.size() / 2) << "JSON syntax error";
    QTest::newRow("JSON results not an array")
        << QByteArray(R"({"version": 1, "nccl_version": 22105, "results": {}})")
        << "results: expected an array, got an object";
    QTest::newRow("JSON size missing") << QByteArray(R"({"nccl_version": 22105, "args": ["all_reduce_perf"],
        "results": [{"out_of_place": {"time": 10.0}}]})")
                                       << "results[0].size: expected the size in bytes";
}

void TestImportNcclTests::malformed()
{
    QFETCH(QByteArray, data);
    QFETCH(QString, message);
    ImportResult r;
    QString error;
    QVERIFY(!importBytes(data, QStringLiteral("all_reduce_perf.log"), r, &error, ImportKind::NcclTests));
    QVERIFY2(isOneLineError(error, QStringLiteral("all_reduce_perf.log")), qPrintable(error));
    QVERIFY2(error.contains(message), qPrintable(error));
}

QTEST_GUILESS_MAIN(TestImportNcclTests)
#include "tst_import_nccltests.moc"
