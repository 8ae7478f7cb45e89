// SPDX-License-Identifier: GPL-3.0-or-later
// `shardscope-cli export SCENARIO --chart CHART --out FILE` (docs/formats.md): the formats by suffix, the
// exit codes (0 ok, 1 bad input, 2 usage), one-line errors and never a partial or stray file.
#include "clirun.h"

#include <QDir>
#include <QFile>
#include <QJsonDocument>
#include <QProcess>
#include <QTemporaryDir>
#include <QTest>

namespace {

using Run = CliRun;

QByteArray readAll(const QString& file)
{
    QFile f(file);
    return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
}

} // namespace

class TestCliExport : public QObject
{
    Q_OBJECT

private:
    QTemporaryDir m_dir;

private slots:
    void writes_data()
    {
        QTest::addColumn<QString>("chart");
        QTest::addColumn<QString>("file");
        QTest::addColumn<QByteArray>("head");
        // Signatures: PNG RFC 2083 §3.1, PDF ISO 32000-1 §7.5.2; CSV headers from csvexport.cpp.
        QTest::newRow("memory png") << "memory"
                                    << "m.png" << QByteArray("\x89PNG");
        QTest::newRow("topology svg") << "topology"
                                      << "t.svg" << QByteArray("<?xml");
        QTest::newRow("bandwidth pdf") << "bandwidth"
                                       << "b.pdf" << QByteArray("%PDF-");
        QTest::newRow("memory csv") << "memory"
                                    << "m.csv" << QByteArray("stage,layers,");
        QTest::newRow("gantt csv") << "gantt"
                                   << "g.csv" << QByteArray("gpu,stage,stream,");
        QTest::newRow("gantt trace") << "gantt"
                                     << "g.json" << QByteArray("{");
        QTest::newRow("report") << "report"
                                << "r.pdf" << QByteArray("%PDF-");
    }
    void writes()
    {
        QFETCH(QString, chart);
        QFETCH(QString, file);
        QFETCH(QByteArray, head);
        const QString out = m_dir.filePath(file);
        const Run run = runCli({QStringLiteral("export"), QStringLiteral("gpt3-175b-megatron"),
                                QStringLiteral("--chart"), chart, QStringLiteral("--out"), out});
        QVERIFY(!run.crashed);
        QVERIFY2(run.exitCode == 0, run.err.constData());
        QVERIFY(readAll(out).startsWith(head));
        if (file.endsWith(QLatin1String(".json")))
            QVERIFY(!QJsonDocument::fromJson(readAll(out)).isNull());
    }

    void refuses_data()
    {
        QTest::addColumn<QStringList>("args");
        QTest::addColumn<int>("exitCode");
        QTest::addColumn<QString>("out");
        QTest::newRow("sweep without param")
            << QStringList{"export", "gpt3-175b-megatron", "--chart", "sweep", "--out", "s.png"} << 2
            << "s.png";
        QTest::newRow("sweep options on memory")
            << QStringList{"export",  "gpt3-175b-megatron", "--chart", "memory",
                           "--param", "model.seq_len",      "--out",   "m.png"}
            << 2 << "m.png";
        QTest::newRow("unknown chart")
            << QStringList{"export", "gpt3-175b-megatron", "--chart", "pie", "--out", "p.png"} << 2
            << "p.png";
        QTest::newRow("unknown suffix")
            << QStringList{"export", "gpt3-175b-megatron", "--chart", "memory", "--out", "m.txt"} << 2
            << "m.txt";
        QTest::newRow("json not gantt")
            << QStringList{"export", "gpt3-175b-megatron", "--chart", "memory", "--out", "m.json"} << 2
            << "m.json";
        QTest::newRow("missing out") << QStringList{"export", "gpt3-175b-megatron", "--chart", "memory"} << 2
                                     << "";
        QTest::newRow("no such scenario")
            << QStringList{"export", "no-such-scenario.json", "--chart", "memory", "--out", "x.png"} << 1
            << "x.png";
        QTest::newRow("unwritable") << QStringList{"export", "gpt3-175b-megatron", "--chart", "memory",
                                                   "--out",  "no/such/dir/m.csv"}
                                    << 1 << "no/such/dir/m.csv";
    }
    void refuses()
    {
        QFETCH(QStringList, args);
        QFETCH(int, exitCode);
        QFETCH(QString, out);
        QProcess process;
        QTemporaryDir dir;
        process.setWorkingDirectory(dir.path());
        process.start(QStringLiteral(SHARDSCOPE_CLI), args);
        QVERIFY(process.waitForFinished(120000));
        QCOMPARE(process.exitStatus(), QProcess::NormalExit);
        QCOMPARE(process.exitCode(), exitCode);
        const QByteArray err = process.readAllStandardError();
        QVERIFY(!err.isEmpty());
        QCOMPARE(err.count('\n'), 1);
        // Nothing written, not even a temporary file.
        QCOMPARE(QDir(dir.path()).entryList(QDir::AllEntries | QDir::NoDotAndDotDot | QDir::Hidden),
                 QStringList());
        Q_UNUSED(out);
    }
    // shardscope-cli without shardscope-cli-export beside it (docs/formats.md, "Binaries"): exit code 1 and
    // one line naming the missing file, nothing written; the other commands still run.
    void withoutTheExportBinary()
    {
        QTemporaryDir dir;
        const QString cli = dir.filePath(QStringLiteral("shardscope-cli"));
        QVERIFY(QFile::copy(QStringLiteral(SHARDSCOPE_CLI), cli));
        QProcess process;
        process.setWorkingDirectory(dir.path());
        process.start(cli, {"export", "gpt3-175b-megatron", "--chart", "memory", "--out", "m.png"});
        QVERIFY(process.waitForFinished(120000));
        QCOMPARE(process.exitCode(), 1);
        const QByteArray err = process.readAllStandardError();
        QCOMPARE(err.count('\n'), 1);
        QVERIFY2(err.contains(QFile::encodeName(dir.filePath(QStringLiteral("shardscope-cli-export")))), err);
        QVERIFY(process.readAllStandardOutput().isEmpty());
        QVERIFY(!QFile::exists(dir.filePath(QStringLiteral("m.png"))));
        process.start(cli, {"eval", "gpt3-175b-megatron"});
        QVERIFY(process.waitForFinished(120000));
        QCOMPARE(process.exitCode(), 0);
        QVERIFY(QJsonDocument::fromJson(process.readAllStandardOutput()).isObject());
    }
};

QTEST_GUILESS_MAIN(TestCliExport)
#include "tst_cli_export.moc"
