// SPDX-License-Identifier: GPL-3.0-or-later
// shardscope-cli as a user runs it: output, exit codes (0 ok, 1 bad input, 2 usage) and one-line
// messages, all as CONTRACT.md ("Binaries") states them.
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QTest>

namespace {

struct Run
{
    int exitCode = -1;
    bool crashed = false;
    QByteArray out;
    QByteArray err;
};

Run runCli(const QStringList& args, const QByteArray& input = {})
{
    QProcess process;
    process.start(QStringLiteral(SHARDSCOPE_CLI), args);
    Run run;
    if (!process.waitForStarted(10000))
        return run;
    if (!input.isEmpty())
        process.write(input);
    process.closeWriteChannel();
    if (!process.waitForFinished(60000)) {
        process.kill();
        process.waitForFinished();
    }
    run.crashed = process.exitStatus() != QProcess::NormalExit;
    run.exitCode = process.exitCode();
    run.out = process.readAllStandardOutput();
    run.err = process.readAllStandardError();
    return run;
}

QString data(const char* name)
{
    return QStringLiteral(SHARDSCOPE_TEST_DATA "/") + QLatin1String(name);
}

QJsonObject json(const QByteArray& bytes)
{
    QJsonParseError error;
    const QJsonDocument document = QJsonDocument::fromJson(bytes, &error);
    if (error.error != QJsonParseError::NoError)
        qWarning("not JSON: %s", qPrintable(error.errorString()));
    return document.object();
}

double stage0(const QJsonObject& result, const char* key)
{
    return result.value(QLatin1String("memory"))
        .toObject()
        .value(QLatin1String("per_gpu"))
        .toArray()
        .at(0)
        .toObject()
        .value(QLatin1String(key))
        .toDouble();
}

} // namespace

class TestCli : public QObject
{
    Q_OBJECT

private slots:
    void evalExample_data();
    void evalExample();
    void evalStdin();
    void explain();
    void timelineNotYet();
    void setChangesResult();
    void setRepairsFile();
    void badInput_data();
    void badInput();
    void usage_data();
    void usage();
    void examples();
    void helpAndVersion();
};

void TestCli::evalExample_data()
{
    QTest::addColumn<QString>("id");
    // The examples of issue 2 (resources/examples/index.json).
    for (const char* id :
         {"default", "gpt3-175b-megatron", "llama2-7b-zero3", "llama2-70b", "gpt-1.3b-pcie-offload"})
        QTest::newRow(id) << QString::fromLatin1(id);
}

void TestCli::evalExample()
{
    QFETCH(QString, id);
    const Run run = runCli({QStringLiteral("eval"), id});
    QVERIFY(!run.crashed);
    QCOMPARE(run.exitCode, 0);
    QVERIFY2(run.err.isEmpty(), run.err.constData());
    const QJsonObject result = json(run.out);
    // CONTRACT.md "Result of eval".
    for (const char* key : {"gpus", "params_total", "microbatches", "memory", "compute", "warnings"})
        QVERIFY2(result.contains(QLatin1String(key)), key);
    QVERIFY(!result.contains(QLatin1String("explain")));
    const QJsonObject memory = result.value(QLatin1String("memory")).toObject();
    for (const char* key : {"per_gpu", "peak_gpu_bytes", "cpu_bytes_per_node", "nvme_bytes_per_node"})
        QVERIFY2(memory.contains(QLatin1String(key)), key);
    QVERIFY(!memory.value(QLatin1String("per_gpu")).toArray().isEmpty());
    const QJsonObject compute = result.value(QLatin1String("compute")).toObject();
    QVERIFY(compute.value(QLatin1String("model_flops_per_step")).toDouble() > 0);
    QVERIFY(compute.value(QLatin1String("hardware_flops_per_step")).toDouble() >=
            compute.value(QLatin1String("model_flops_per_step")).toDouble());
    // Every example is meant to fit on its GPUs.
    for (const QJsonValue& row : memory.value(QLatin1String("per_gpu")).toArray())
        QVERIFY2(row.toObject().value(QLatin1String("fits")).toBool(), qPrintable(id));
}

void TestCli::evalStdin()
{
    const Run example = runCli({QStringLiteral("eval"), QStringLiteral("default")});
    // The same scenario given on stdin, as a file would give it.
    const QByteArray scenario = R"({"format": "shardscope-scenario", "version": 1, "parallel": {"dp": 8}})";
    const Run run = runCli({QStringLiteral("eval"), QStringLiteral("-")}, scenario);
    QCOMPARE(run.exitCode, 0);
    QVERIFY(json(run.out).value(QLatin1String("gpus")).toInt() == 8);

    const Run bad = runCli({QStringLiteral("eval"), QStringLiteral("-")}, "{ nonsense");
    QCOMPARE(bad.exitCode, 1);
    QVERIFY2(bad.err.startsWith("<stdin>: line 1, column "), bad.err.constData());
    QCOMPARE(bad.err.count('\n'), 1);
    QVERIFY(bad.out.isEmpty());
    QVERIFY(!example.out.isEmpty());
}

void TestCli::explain()
{
    const Run run = runCli({QStringLiteral("eval"), QStringLiteral("default"), QStringLiteral("--explain")});
    QCOMPARE(run.exitCode, 0);
    const QJsonArray explain = json(run.out).value(QLatin1String("explain")).toArray();
    QVERIFY(!explain.isEmpty());
    for (const char* key : {"figure", "formula", "substituted", "value"})
        QVERIFY2(explain.at(0).toObject().contains(QLatin1String(key)), key);
}

void TestCli::timelineNotYet()
{
    const Run run = runCli({QStringLiteral("eval"), QStringLiteral("default"), QStringLiteral("--timeline")});
    QCOMPARE(run.exitCode, 0);
    QCOMPARE(run.err.count('\n'), 1);
    QVERIFY2(run.err.contains("not available yet"), run.err.constData());
    QVERIFY(json(run.out).contains(QLatin1String("gpus")));
}

void TestCli::setChangesResult()
{
    const QJsonObject base = json(runCli({QStringLiteral("eval"), QStringLiteral("default")}).out);
    // ZeRO-3 shards the 16-bit weights over dp (ZeRO, Rajbhandari et al. §5): stage 0's params drop by dp
    // = 8.
    const Run zero3 = runCli({QStringLiteral("eval"), QStringLiteral("default"), QStringLiteral("--set"),
                              QStringLiteral("parallel.zero_stage=3")});
    QCOMPARE(zero3.exitCode, 0);
    QCOMPARE(stage0(json(zero3.out), "params") * 8, stage0(base, "params"));
    // Twice the layers, more parameters; --set=PATH=VALUE is accepted too.
    const Run deeper =
        runCli({QStringLiteral("eval"), QStringLiteral("default"), QStringLiteral("--set=model.layers=48")});
    QCOMPARE(deeper.exitCode, 0);
    QVERIFY(json(deeper.out).value(QLatin1String("params_total")).toDouble() >
            base.value(QLatin1String("params_total")).toDouble());
    // A unit string, and a catalogue GPU (CONTRACT.md's --set examples).
    const Run gpu = runCli({QStringLiteral("eval"), QStringLiteral("default"), QStringLiteral("--set"),
                            QStringLiteral("cluster.gpu=H100-SXM5-80GB"), QStringLiteral("--set"),
                            QStringLiteral("overheads.cuda_context_bytes=1 GiB")});
    QCOMPARE(gpu.exitCode, 0);
    QCOMPARE(stage0(json(gpu.out), "capacity"), 81559.0 * 1048576.0); // gpucatalog.cpp: H100 SXM 81559 MiB
}

void TestCli::setRepairsFile()
{
    // dp 4 on 8 GPUs fails alone, and --set can repair it (the checks run after the overrides).
    const Run bad = runCli({QStringLiteral("eval"), data("dp-mismatch.json")});
    QCOMPARE(bad.exitCode, 1);
    QVERIFY2(bad.err.startsWith((data("dp-mismatch.json") + QStringLiteral(": parallel.dp: ")).toUtf8()),
             bad.err.constData());
    const Run fixed = runCli({QStringLiteral("eval"), data("dp-mismatch.json"), QStringLiteral("--set"),
                              QStringLiteral("parallel.dp=8")});
    QCOMPARE(fixed.exitCode, 0);
    // And a --set can break a good scenario: the message names the field.
    const Run broken = runCli({QStringLiteral("eval"), QStringLiteral("default"), QStringLiteral("--set"),
                               QStringLiteral("parallel.dp=3")});
    QCOMPARE(broken.exitCode, 1);
    QVERIFY2(broken.err.startsWith("default: parallel.dp: "), broken.err.constData());
}

void TestCli::badInput_data()
{
    QTest::addColumn<QStringList>("args");
    QTest::addColumn<QString>("message"); // the start of the single stderr line

    QTest::newRow("JSON syntax error names file and line")
        << QStringList{"eval", data("broken-syntax.json")}
        << data("broken-syntax.json") + ": line 4, column ";
    QTest::newRow("out of range names file and path")
        << QStringList{"eval", data("zero-stage-4.json")}
        << data("zero-stage-4.json") + ": parallel.zero_stage: expected an integer from 0 to 3, got 4";
    QTest::newRow("missing file")
        << QStringList{"eval", "nope.json"}
        << "nope.json: no such file or built-in example (shardscope-cli examples lists them)";
    QTest::newRow("a directory") << QStringList{"eval", QStringLiteral(SHARDSCOPE_TEST_DATA)}
                                 << QStringLiteral(SHARDSCOPE_TEST_DATA ": is a directory");
    QTest::newRow("unknown --set path") << QStringList{"eval", "default", "--set", "model.hiden=4096"}
                                        << "--set: model.hiden: unknown field (did you mean model.hidden?)";
    QTest::newRow("bad --set value") << QStringList{"eval", "default", "--set", "parallel.zero_stage=7"}
                                     << "--set: parallel.zero_stage: expected an integer from 0 to 3, got 7";
    QTest::newRow("--set unit of the wrong family")
        << QStringList{"eval", "default", "--set", "cluster.gpu.hbm_Bps=80 GiB"}
        << "--set: cluster.gpu.hbm_Bps: expected a bandwidth such as \"25 GB/s\" or \"200 Gb/s\", got \"80 "
           "GiB\"";
    QTest::newRow("--set unknown GPU") << QStringList{"eval", "default", "--set", "cluster.gpu=A100"}
                                       << "--set: cluster.gpu: expected a GPU id from the catalogue (";
}

void TestCli::badInput()
{
    QFETCH(QStringList, args);
    QFETCH(QString, message);
    const Run run = runCli(args);
    QVERIFY(!run.crashed);
    QCOMPARE(run.exitCode, 1);
    QVERIFY(run.out.isEmpty()); // no partial output
    QCOMPARE(run.err.count('\n'), 1);
    QVERIFY2(QString::fromUtf8(run.err).startsWith(message), run.err.constData());
}

void TestCli::usage_data()
{
    QTest::addColumn<QStringList>("args");
    QTest::addColumn<QString>("message");
    QTest::newRow("no arguments") << QStringList{} << "shardscope-cli: missing command";
    QTest::newRow("unknown command") << QStringList{"frobnicate"}
                                     << "shardscope-cli: unknown command 'frobnicate'";
    QTest::newRow("eval without scenario") << QStringList{"eval"} << "shardscope-cli: eval needs a scenario";
    QTest::newRow("eval with two scenarios")
        << QStringList{"eval", "a.json", "b.json"} << "shardscope-cli: eval takes one scenario";
    QTest::newRow("unknown option") << QStringList{"eval", "default", "--bogus"}
                                    << "shardscope-cli: eval: unknown option '--bogus'";
    QTest::newRow("--set without value")
        << QStringList{"eval", "default", "--set"} << "shardscope-cli: --set needs";
    QTest::newRow("--set without =") << QStringList{"eval", "default", "--set", "parallel.dp"}
                                     << "shardscope-cli: --set expects PATH=VALUE, got 'parallel.dp'";
    QTest::newRow("examples with an argument")
        << QStringList{"examples", "x"} << "shardscope-cli: examples takes no";
    // Later issues (CONTRACT.md lists them): refused plainly rather than pretended.
    for (const char* command : {"collective", "import", "export", "sweep", "plan"})
        QTest::newRow(command)
            << QStringList{QString::fromLatin1(command)}
            << QStringLiteral("shardscope-cli: '%1' is not available yet").arg(QLatin1String(command));
}

void TestCli::usage()
{
    QFETCH(QStringList, args);
    QFETCH(QString, message);
    const Run run = runCli(args);
    QVERIFY(!run.crashed);
    QCOMPARE(run.exitCode, 2);
    QVERIFY(run.out.isEmpty());
    QCOMPARE(run.err.count('\n'), 1);
    QVERIFY2(QString::fromUtf8(run.err).startsWith(message), run.err.constData());
}

void TestCli::examples()
{
    const Run run = runCli({QStringLiteral("examples")});
    QCOMPARE(run.exitCode, 0);
    const QStringList lines = QString::fromUtf8(run.out).split(QLatin1Char('\n'), Qt::SkipEmptyParts);
    QCOMPARE(lines.size(), 5);
    QStringList ids;
    for (const QString& line : lines) {
        const QStringList parts = line.split(QLatin1Char('\t'));
        QCOMPARE(parts.size(), 2); // id TAB title
        QVERIFY(!parts.at(1).isEmpty());
        ids << parts.at(0);
    }
    QCOMPARE(ids, (QStringList{"default", "gpt3-175b-megatron", "llama2-7b-zero3", "llama2-70b",
                               "gpt-1.3b-pcie-offload"}));
}

void TestCli::helpAndVersion()
{
    const Run help = runCli({QStringLiteral("--help")});
    QCOMPARE(help.exitCode, 0);
    QVERIFY(help.out.contains("shardscope-cli eval SCENARIO"));
    const Run version = runCli({QStringLiteral("--version")});
    QCOMPARE(version.exitCode, 0);
    QVERIFY(version.out.startsWith("shardscope-cli "));
}

QTEST_GUILESS_MAIN(TestCli)
#include "tst_cli.moc"
