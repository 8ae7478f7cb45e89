// SPDX-License-Identifier: GPL-3.0-or-later
// `shardscope-cli sweep` and `export --chart sweep` (docs/formats.md, "Binaries"): the CSV's columns and
// numbers (each point is `eval` with the value set), empty cells for invalid points, the exit codes (0, 1 bad
// input, 2 usage) with one-line messages, and the sweep chart's files.
#include "clirun.h"

#include <QFile>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTemporaryDir>
#include <QTest>

namespace {

QStringList csvLines(const QByteArray& out)
{
    return QString::fromUtf8(out).split(QLatin1Char('\n'), Qt::SkipEmptyParts);
}

double cell(const QString& line, int column)
{
    return line.section(QLatin1Char(','), column, column).toDouble();
}

} // namespace

class TestCliSweep : public QObject
{
    Q_OBJECT

private:
    QTemporaryDir m_dir;

private slots:
    // The contract's default metrics, in order, after the parameter; each row is what eval --set gives.
    void defaultColumns()
    {
        const CliRun run = runCli({QStringLiteral("sweep"), QStringLiteral("default"),
                                   QStringLiteral("--param"), QStringLiteral("training.micro_batch"),
                                   QStringLiteral("--values"), QStringLiteral("1,2,4")});
        QVERIFY(!run.crashed);
        QVERIFY2(run.exitCode == 0, run.err.constData());
        const QStringList lines = csvLines(run.out);
        QCOMPARE(lines.size(), 4);
        QCOMPARE(lines[0], QStringLiteral("training.micro_batch,step.time_s,memory.peak_gpu_bytes"));
        QCOMPARE(lines[1].section(QLatin1Char(','), 0, 0), QStringLiteral("1"));
        // Memory grows with the micro batch (activations ∝ b, Korthikanti et al. MLSys'23).
        QVERIFY(cell(lines[2], 2) > cell(lines[1], 2));
        QVERIFY(cell(lines[3], 2) > cell(lines[2], 2));
        // Full precision: the same doubles eval prints for the scenario with the value set.
        const CliRun eval = runCli({QStringLiteral("eval"), QStringLiteral("default"),
                                    QStringLiteral("--set"), QStringLiteral("training.micro_batch=2")});
        QCOMPARE(eval.exitCode, 0);
        const QJsonObject result = QJsonDocument::fromJson(eval.out).object();
        QCOMPARE(cell(lines[2], 1),
                 result[QLatin1String("step")].toObject()[QLatin1String("time_s")].toDouble());
        QCOMPARE(cell(lines[2], 2),
                 result[QLatin1String("memory")].toObject()[QLatin1String("peak_gpu_bytes")].toDouble());
    }

    void rangeAndMetrics()
    {
        const CliRun run = runCli({QStringLiteral("sweep"), QStringLiteral("default"),
                                   QStringLiteral("--param=training.micro_batch"), QStringLiteral("--range"),
                                   QStringLiteral("1:16:5:log"), QStringLiteral("--metric"),
                                   QStringLiteral("step.tokens_per_s"), QStringLiteral("--metric"),
                                   QStringLiteral("step.mfu")});
        QVERIFY2(run.exitCode == 0, run.err.constData());
        const QStringList lines = csvLines(run.out);
        QCOMPARE(lines.size(), 6);
        QCOMPARE(lines[0], QStringLiteral("training.micro_batch,step.tokens_per_s,step.mfu"));
        const double values[] = {1, 2, 4, 8, 16};
        for (int i = 0; i < 5; ++i) {
            QCOMPARE(cell(lines[i + 1], 0), values[i]);
            QCOMPARE(lines[i + 1].count(QLatin1Char(',')), 2);
        }
    }

    // 10 GbE carries the gradient all-reduce of the dp-over-Ethernet example: a faster network, a shorter
    // step.
    void stepTimeFallsWithBandwidth()
    {
        const CliRun run = runCli({QStringLiteral("sweep"), QStringLiteral("dp-10gbe-gradient-bits"),
                                   QStringLiteral("--param"), QStringLiteral("link.ethernet.bandwidth_Bps"),
                                   QStringLiteral("--range"), QStringLiteral("1 Gb/s:100 Gb/s:3:log")});
        QVERIFY2(run.exitCode == 0, run.err.constData());
        const QStringList lines = csvLines(run.out);
        QCOMPARE(lines.size(), 4);
        QCOMPARE(cell(lines[1], 0), 0.125e9); // 1 Gb/s = 125 MB/s
        QVERIFY(cell(lines[1], 1) > cell(lines[2], 1));
        QVERIFY(cell(lines[2], 1) > cell(lines[3], 1));
    }

    // 12 GPUs are not whole DGX A100s: the row stays, with empty cells, and stderr says why.
    void invalidPoint()
    {
        const CliRun run =
            runCli({QStringLiteral("sweep"), QStringLiteral("default"), QStringLiteral("--param"),
                    QStringLiteral("cluster.gpus"), QStringLiteral("--values"), QStringLiteral("8,12")});
        QVERIFY2(run.exitCode == 0, run.err.constData());
        const QStringList lines = csvLines(run.out);
        QCOMPARE(lines.size(), 3);
        QCOMPARE(lines[2], QStringLiteral("12,,"));
        QVERIFY(run.err.contains("whole number of nodes"));
    }

    void errors_data()
    {
        QTest::addColumn<QStringList>("args");
        QTest::addColumn<int>("exitCode");
        QTest::addColumn<QString>("message");
        QTest::newRow("unknown param")
            << QStringList{"sweep", "default", "--param", "training.micro_bach", "--values", "1"} << 2
            << "did you mean training.micro_batch?";
        QTest::newRow("bad range") << QStringList{"sweep",   "default", "--param", "training.micro_batch",
                                                  "--range", "1:4"}
                                   << 2 << "--range: expected a range a:b:n";
        QTest::newRow("log through zero")
            << QStringList{"sweep", "default", "--param", "parallel.zero_stage", "--range", "0:3:4:log"} << 2
            << "above 0";
        QTest::newRow("bad value") << QStringList{"sweep",         "default",  "--param",
                                                  "model.seq_len", "--values", "1024,lots"}
                                   << 2 << "--values: value 2";
        QTest::newRow("unknown metric") << QStringList{"sweep",    "default", "--param",  "model.seq_len",
                                                       "--values", "1024",    "--metric", "step.time"}
                                        << 2 << "did you mean step.time_s?";
        QTest::newRow("no param") << QStringList{"sweep", "default", "--values", "1"} << 2 << "--param";
        QTest::newRow("values and range") << QStringList{"sweep",    "default", "--param", "model.seq_len",
                                                         "--values", "1",       "--range", "1:2:2"}
                                          << 2 << "either --values";
        QTest::newRow("no link of that kind")
            << QStringList{"sweep", "default", "--param", "link.ib.bandwidth_Bps", "--values", "1e9"} << 2
            << "no link of kind ib";
        QTest::newRow("unknown option")
            << QStringList{"sweep", "default", "--param", "model.seq_len", "--steps", "3"} << 2
            << "unknown option";
        QTest::newRow("missing scenario")
            << QStringList{"sweep", "no-such.json", "--param", "model.seq_len", "--values", "1"} << 1
            << "no-such.json: no such file";
    }
    void errors()
    {
        QFETCH(QStringList, args);
        QFETCH(int, exitCode);
        QFETCH(QString, message);
        const CliRun run = runCli(args);
        QVERIFY(!run.crashed);
        QCOMPARE(run.exitCode, exitCode);
        QVERIFY(run.out.isEmpty());
        QVERIFY2(QString::fromUtf8(run.err).contains(message), run.err.constData());
        QCOMPARE(run.err.count('\n'), 1);
    }

    void exportChart_data()
    {
        QTest::addColumn<QString>("file");
        QTest::addColumn<QByteArray>("head");
        // Signatures: PNG RFC 2083 §3.1, PDF ISO 32000-1 §7.5.2; the CSV header is sweep's.
        QTest::newRow("png") << "s.png" << QByteArray("\x89PNG");
        QTest::newRow("svg") << "s.svg" << QByteArray("<?xml");
        QTest::newRow("pdf") << "s.pdf" << QByteArray("%PDF-");
        QTest::newRow("csv") << "s.csv"
                             << QByteArray("training.micro_batch,step.time_s,memory.peak_gpu_bytes\r\n");
    }
    void exportChart()
    {
        QFETCH(QString, file);
        QFETCH(QByteArray, head);
        const QString out = m_dir.filePath(file);
        const QStringList sweepArgs{QStringLiteral("--param"), QStringLiteral("training.micro_batch"),
                                    QStringLiteral("--range"), QStringLiteral("1:16:5:log")};
        const CliRun run =
            runCli(QStringList{QStringLiteral("export"), QStringLiteral("default"), QStringLiteral("--chart"),
                               QStringLiteral("sweep"), QStringLiteral("--out"), out} +
                   sweepArgs);
        QVERIFY(!run.crashed);
        QVERIFY2(run.exitCode == 0, run.err.constData());
        QFile f(out);
        QVERIFY(f.open(QIODevice::ReadOnly));
        const QByteArray bytes = f.readAll();
        QVERIFY(bytes.startsWith(head));
        if (file.endsWith(QLatin1String(".csv"))) {
            // The same numbers as `sweep`, with the RFC 4180 line ends of every CSV export.
            const CliRun sweep =
                runCli(QStringList{QStringLiteral("sweep"), QStringLiteral("default")} + sweepArgs);
            QCOMPARE(QByteArray(bytes).replace("\r\n", "\n"), sweep.out);
        }
    }
};

QTEST_GUILESS_MAIN(TestCliSweep)
#include "tst_cli_sweep.moc"
