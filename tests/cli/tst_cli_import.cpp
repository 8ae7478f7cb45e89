// SPDX-License-Identifier: GPL-3.0-or-later
// `shardscope-cli import FILE [--as KIND] [-o OUT.json]` as docs/formats.md states it: the kind detected from
// the content, a scenario JSON of what the file determines (or the calibration JSON for nccl-tests), -o
// written atomically and never partially, exit 0/1/2 with one-line errors naming the file and the line or
// path. The files imported are the importer fixtures of tests/io/data/import (their sources are cited in the
// io tests).
#include "clirun.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QTemporaryDir>
#include <QTest>

namespace {

using Run = CliRun;

QString fixture(const char* name)
{
    return QStringLiteral(SHARDSCOPE_IMPORT_DATA "/") + QLatin1String(name);
}

QJsonObject json(const QByteArray& bytes)
{
    return QJsonDocument::fromJson(bytes).object();
}

QByteArray readAll(const QString& fileName)
{
    QFile file(fileName);
    return file.open(QIODevice::ReadOnly) ? file.readAll() : QByteArray();
}

} // namespace

class TestCliImport : public QObject
{
    Q_OBJECT

private slots:
    void detectedKinds_data();
    void detectedKinds();
    void modelSection();
    void calibration();
    void asKind();
    void outputFile();
    void outputNeverPartial();
    void into();
    void opOption();
    void commonKeys();
    void standardInput();
    void badInput_data();
    void badInput();
    void usage_data();
    void usage();
    void capturesRunAsWritten_data();
    void capturesRunAsWritten();
    void importsRunEverywhere_data();
    void importsRunEverywhere();
    void outputIsAnInput_data();
    void outputIsAnInput();
};

void TestCliImport::detectedKinds_data()
{
    QTest::addColumn<QString>("file");
    QTest::addColumn<QString>("section");
    QTest::newRow("hf-config") << "hf-llama-2-7b.json"
                               << "model";
    QTest::newRow("deepspeed") << "ds-zero2-fp16.json"
                               << "training";
    QTest::newRow("nvidia-smi-topo") << "smi-dgx1-v100.txt"
                                     << "cluster";
    QTest::newRow("nccl-topo") << "nccl-topo-dgx-a100.xml"
                               << "cluster";
    QTest::newRow("nccl-tests log") << "nccl-tests-all_reduce-8xa100.log"
                                    << "calibration";
    QTest::newRow("nccl-tests JSON") << "nccl-tests-all_reduce-8xh200.json"
                                     << "calibration";
}

void TestCliImport::detectedKinds()
{
    QFETCH(QString, file);
    QFETCH(QString, section);
    const Run run = runCli({QStringLiteral("import"), fixture(file.toLatin1().constData())});
    QVERIFY(!run.crashed);
    QCOMPARE(run.exitCode, 0);
    const QJsonObject root = json(run.out);
    QVERIFY2(root.contains(section), run.out.left(400).constData());
    if (section != QLatin1String("calibration")) {
        QCOMPARE(root.value(QLatin1String("format")).toString(), QStringLiteral("shardscope-scenario"));
        QCOMPARE(root.value(QLatin1String("version")).toInt(), 1);
    }
}

void TestCliImport::modelSection()
{
    // The sections the file says nothing about are absent (docs/formats.md: "other sections may be absent"),
    // the training section holds what the config says of training (its dropout),
    // but for the parallel layout that lets the file evaluate as it is: data parallelism over the default
    // cluster's 8 GPUs, said on stderr.
    const Run run = runCli({QStringLiteral("import"), fixture("hf-mixtral-8x7b-v0.1.json")});
    QCOMPARE(run.exitCode, 0);
    QCOMPARE(run.err.count('\n'), 1);
    QVERIFY2(run.err.contains("parallel.dp 8 × tp 1 × pp 1 to cover the 8 GPUs"), run.err.constData());
    const QJsonObject root = json(run.out);
    QCOMPARE(root.keys(), (QStringList{"format", "model", "parallel", "training", "version"}));
    // The config's attention_dropout 0.0: no dropout masks.
    QCOMPARE(root.value(QLatin1String("training")).toObject(), (QJsonObject{{"dropout", false}}));
    QCOMPARE(root.value(QLatin1String("parallel")).toObject().value(QLatin1String("dp")).toInt(), 8);
    const QJsonObject model = root.value(QLatin1String("model")).toObject();
    QCOMPARE(model.value(QLatin1String("params")).toDouble(), 46702792704.0); // Mixtral-8x7B's published size
    QCOMPARE(model.value(QLatin1String("experts")).toInt(), 8);
    QCOMPARE(model.value(QLatin1String("experts_per_token")).toInt(), 2);
}

void TestCliImport::commonKeys()
{
    // facebook/opt-125m has no reader: its count cannot be checked, so it is refused (exit 1, one line naming
    // the key), and read by the common keys with a warning when --common-keys asks for it.
    const Run refused = runCli({QStringLiteral("import"), fixture("hf-opt-125m.json")});
    QCOMPARE(refused.exitCode, 1);
    QCOMPARE(refused.err.count('\n'), 1);
    QVERIFY2(refused.err.contains("model_type: unknown model_type \"opt\"") &&
                 refused.err.contains("--common-keys"),
             refused.err.constData());
    const Run read =
        runCli({QStringLiteral("import"), fixture("hf-opt-125m.json"), QStringLiteral("--common-keys")});
    QCOMPARE(read.exitCode, 0);
    QVERIFY2(read.err.contains("check the parameter count"), read.err.constData());
    QCOMPARE(json(read.out).value(QLatin1String("model")).toObject().value(QLatin1String("hidden")).toInt(),
             768);
}

void TestCliImport::calibration()
{
    const Run run = runCli({QStringLiteral("import"), fixture("nccl-tests-all_reduce-8xh200.json")});
    QCOMPARE(run.exitCode, 0);
    const QJsonObject c = json(run.out).value(QLatin1String("calibration")).toObject();
    QCOMPARE(c.value(QLatin1String("op")).toString(), QStringLiteral("allreduce"));
    QCOMPARE(c.value(QLatin1String("ranks")).toInt(), 8);
    QVERIFY(qAbs(c.value(QLatin1String("alpha_s")).toDouble() - 30e-6) < 1e-10);
    QVERIFY(qAbs(c.value(QLatin1String("beta_s_per_byte")).toDouble() * 200e9 - 1) < 1e-6);
    QVERIFY(c.value(QLatin1String("fit_r2")).toDouble() > 0.999999);
    const QJsonArray points = c.value(QLatin1String("points")).toArray();
    QCOMPARE(points.size(), 11);
    for (const char* key : {"bytes", "measured_s", "predicted_s"})
        QVERIFY(points.at(0).toObject().contains(QLatin1String(key)));
}

void TestCliImport::asKind()
{
    // --as overrides detection: a DeepSpeed reader finds nothing it uses in a model config, and says so.
    const Run run = runCli({QStringLiteral("import"), fixture("hf-gpt2.json"), QStringLiteral("--as"),
                            QStringLiteral("deepspeed")});
    QCOMPARE(run.exitCode, 0);
    QVERIFY(run.err.contains("sets nothing the scenario uses"));
    QCOMPARE(json(run.out).keys(), (QStringList{"format", "parallel", "version"}));
    // And the wrong reader for a file fails with its own message.
    const Run wrong =
        runCli({QStringLiteral("import"), fixture("hf-gpt2.json"), QStringLiteral("--as=nvidia-smi-topo")});
    QCOMPARE(wrong.exitCode, 1);
    QVERIFY2(wrong.err.contains("no header line beginning with GPU0"), wrong.err.constData());
}

void TestCliImport::outputFile()
{
    QTemporaryDir dir;
    const QString out = dir.filePath(QStringLiteral("model.json"));
    const Run run =
        runCli({QStringLiteral("import"), fixture("hf-gemma-2b.json"), QStringLiteral("-o"), out});
    QCOMPARE(run.exitCode, 0);
    QVERIFY(run.out.isEmpty());
    const QJsonObject model = json(readAll(out)).value(QLatin1String("model")).toObject();
    QCOMPARE(model.value(QLatin1String("params")).toDouble(), 2506172416.0); // gemma-2b
    QCOMPARE(QDir(dir.path()).entryList(QDir::Files | QDir::Hidden),
             QStringList{QStringLiteral("model.json")});
    // With --into the rest of the scenario is there, and `eval` takes the file as it is.
    const QString whole = dir.filePath(QStringLiteral("whole.json"));
    QCOMPARE(runCli({QStringLiteral("import"), fixture("hf-gemma-2b.json"), QStringLiteral("--into"),
                     QStringLiteral("default"), QStringLiteral("-o"), whole})
                 .exitCode,
             0);
    const Run eval = runCli({QStringLiteral("eval"), whole});
    QCOMPARE(eval.exitCode, 0);
    QCOMPARE(json(eval.out).value(QLatin1String("params_total")).toDouble(), 2506172416.0);
}

void TestCliImport::outputNeverPartial()
{
    QTemporaryDir dir;
    const QString out = dir.filePath(QStringLiteral("keep.json"));
    {
        QFile file(out);
        QVERIFY(file.open(QIODevice::WriteOnly));
        file.write("previous contents\n");
    }
    // A failed import leaves OUT as it was.
    QByteArray broken = readAll(fixture("smi-dgx1-v100.txt"));
    broken.replace("NV2", "NVX");
    const QString bad = dir.filePath(QStringLiteral("bad.txt"));
    {
        QFile file(bad);
        QVERIFY(file.open(QIODevice::WriteOnly));
        file.write(broken);
    }
    const Run run = runCli({QStringLiteral("import"), bad, QStringLiteral("-o"), out});
    QCOMPARE(run.exitCode, 1);
    QCOMPARE(readAll(out), QByteArray("previous contents\n"));
    QCOMPARE(QDir(dir.path()).entryList(QDir::Files | QDir::Hidden).size(), 2);
    // An unwritable destination is reported, exit 1, one line naming it.
    const QString nowhere = dir.filePath(QStringLiteral("no/such/dir/out.json"));
    const Run unwritable =
        runCli({QStringLiteral("import"), fixture("hf-gpt2.json"), QStringLiteral("-o"), nowhere});
    QCOMPARE(unwritable.exitCode, 1);
    QCOMPARE(unwritable.err.count('\n'), 1);
    QVERIFY2(unwritable.err.startsWith(nowhere.toUtf8() + ": cannot write"), unwritable.err.constData());
}

void TestCliImport::into()
{
    // --into applies the import to a scenario (an example here) and prints the whole scenario: a DeepSpeed
    // config whose global batch follows from the example's dp.
    const Run run = runCli({QStringLiteral("import"), fixture("ds-onebit-adam-bf16.json"),
                            QStringLiteral("--into"), QStringLiteral("default")});
    QCOMPARE(run.exitCode, 0);
    const QJsonObject root = json(run.out);
    const QJsonObject training = root.value(QLatin1String("training")).toObject();
    const int dp = root.value(QLatin1String("parallel")).toObject().value(QLatin1String("dp")).toInt();
    QCOMPARE(training.value(QLatin1String("global_batch")).toInt(), 4 * 16 * dp); // micro × accumulation × dp
    QCOMPARE(training.value(QLatin1String("grad_comm_bits")).toInt(), 1);
    QVERIFY(root.contains(QLatin1String("model")));
    // A calibration applied to a scenario makes its topology explicit, with the calibrated link efficiency.
    const Run calibrated = runCli({QStringLiteral("import"), fixture("nccl-tests-all_reduce-8xh200.json"),
                                   QStringLiteral("--into"), QStringLiteral("default")});
    QCOMPARE(calibrated.exitCode, 0);
    QVERIFY(
        json(calibrated.out).value(QLatin1String("cluster")).toObject().contains(QLatin1String("topology")));
    // One the topology cannot run: 8 ranks measured, 4 GPUs in the box.
    const Run refused = runCli({QStringLiteral("import"), fixture("nccl-tests-all_reduce-8xa100.log"),
                                QStringLiteral("--into"), QStringLiteral("gpt-1.3b-pcie-offload")});
    QCOMPARE(refused.exitCode, 1);
    QVERIFY2(refused.err.contains("the calibration ran on 8 GPUs, the topology has 4"),
             refused.err.constData());
}

void TestCliImport::opOption()
{
    QTemporaryDir dir;
    const QString renamed = dir.filePath(QStringLiteral("run.out"));
    QVERIFY(QFile::copy(fixture("all_gather_perf-2019.log"), renamed));
    const Run unnamed = runCli({QStringLiteral("import"), renamed});
    QCOMPARE(unnamed.exitCode, 1);
    QVERIFY2(unnamed.err.contains("--op"), unnamed.err.constData());
    const Run named =
        runCli({QStringLiteral("import"), renamed, QStringLiteral("--op"), QStringLiteral("all_gather")});
    QCOMPARE(named.exitCode, 0);
    QCOMPARE(
        json(named.out).value(QLatin1String("calibration")).toObject().value(QLatin1String("op")).toString(),
        QStringLiteral("allgather"));
}

void TestCliImport::standardInput()
{
    const Run run =
        runCli({QStringLiteral("import"), QStringLiteral("-")}, readAll(fixture("smi-pcie-4gpu.txt")));
    QCOMPARE(run.exitCode, 0);
    QCOMPARE(json(run.out)
                 .value(QLatin1String("cluster"))
                 .toObject()
                 .value(QLatin1String("gpus_per_node"))
                 .toInt(),
             4);
}

void TestCliImport::badInput_data()
{
    QTest::addColumn<QString>("file");
    QTest::addColumn<QByteArray>("content");
    QTest::addColumn<QString>("message");
    QTest::newRow("JSON type")
        << "config.json" << QByteArray(R"({"model_type": "llama", "hidden_size": "4096"})")
        << "config.json: hidden_size: expected a whole number from 1 to 10000000, got the string \"4096\"";
    QTest::newRow("matrix not square")
        << "topo.txt" << QByteArray("\tGPU0\tGPU1\nGPU0\t X \tNV4\nGPU1\tNV4\n")
        << "topo.txt: line 3: the GPU1 row has 1 link entries for the 2 columns";
    QTest::newRow("log without rows")
        << "all_reduce_perf.log"
        << QByteArray("# nThread 1 nGpus 8 minBytes 8 maxBytes 8\n#\n#       size         count      type   "
                      "redop    root     time   algbw   busbw #wrong     time   algbw   busbw #wrong\n")
        << "all_reduce_perf.log: no data rows";
    QTest::newRow("unknown content") << "notes.txt" << QByteArray("just some notes\n")
                                     << "notes.txt: cannot tell what this file is";
    QTest::newRow("truncated XML") << "topo.xml"
                                   << QByteArray("<system version=\"1\">\n  <cpu numaid=\"0\">\n")
                                   << "topo.xml: line 3, column 1: XML error";
}

void TestCliImport::badInput()
{
    QFETCH(QString, file);
    QFETCH(QByteArray, content);
    QFETCH(QString, message);
    QTemporaryDir dir;
    QVERIFY(QDir::setCurrent(dir.path()));
    {
        QFile f(file);
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write(content);
    }
    const Run run = runCli({QStringLiteral("import"), file});
    QVERIFY(!run.crashed);
    QCOMPARE(run.exitCode, 1);
    QVERIFY(run.out.isEmpty());
    QCOMPARE(run.err.count('\n'), 1);
    QVERIFY2(QString::fromUtf8(run.err).startsWith(message), run.err.constData());
    const Run missing = runCli({QStringLiteral("import"), QStringLiteral("missing.json")});
    QCOMPARE(missing.exitCode, 1);
    QVERIFY(missing.err.startsWith("missing.json: cannot open"));
}

void TestCliImport::usage_data()
{
    QTest::addColumn<QStringList>("args");
    QTest::addColumn<QString>("message");
    QTest::newRow("no file") << QStringList{"import"} << "shardscope-cli: import needs a file";
    QTest::newRow("unknown kind")
        << QStringList{"import", "x.json", "--as", "hf"}
        << "shardscope-cli: --as: expected hf-config, deepspeed, nvidia-smi-topo, nccl-topo, "
           "nccl-tests, got 'hf'";
    QTest::newRow("two files") << QStringList{"import", "a.json", "b.json"}
                               << "shardscope-cli: import takes one file";
    QTest::newRow("unknown option") << QStringList{"import", "a.json", "--format", "x"}
                                    << "shardscope-cli: import: unknown option '--format'";
    QTest::newRow("-o without a name")
        << QStringList{"import", "a.json", "-o"} << "shardscope-cli: import: -o needs a value";
    QTest::newRow("unknown op") << QStringList{"import", "a.log", "--op", "allsum"}
                                << "shardscope-cli: --op: expected";
}

void TestCliImport::usage()
{
    QFETCH(QStringList, args);
    QFETCH(QString, message);
    const Run run = runCli(args);
    QCOMPARE(run.exitCode, 2);
    QVERIFY(run.out.isEmpty());
    QCOMPARE(run.err.count('\n'), 1);
    QVERIFY2(QString::fromUtf8(run.err).startsWith(message), run.err.constData());
}

// The real captures of tests/data/topology-captures (README.md there: their sources), without their SOURCE
// line: each imports, and the file written is taken as it is by eval and by collective (docs/formats.md,
// "import": the written scenario's layout covers the imported GPUs). The one capture published cut off
// mid-XML cannot be imported and must say where it broke, in one line.
void TestCliImport::capturesRunAsWritten_data()
{
    QTest::addColumn<QString>("capture");
    const QDir dir(QStringLiteral(SHARDSCOPE_CAPTURES));
    const QStringList files =
        dir.entryList({QStringLiteral("*.nvidia-smi-topo.txt"), QStringLiteral("*.xml")}, QDir::Files);
    QVERIFY(files.size() >= 12);
    for (const QString& name : files)
        QTest::newRow(qPrintable(name)) << dir.filePath(name);
}

void TestCliImport::capturesRunAsWritten()
{
    QFETCH(QString, capture);
    QTemporaryDir dir;
    QByteArray text = readAll(capture);
    QVERIFY(text.startsWith("# SOURCE:") || text.startsWith("<!-- SOURCE:"));
    text.remove(0, text.indexOf('\n') + 1);
    const QString input = dir.filePath(QFileInfo(capture).fileName());
    {
        QFile file(input);
        QVERIFY(file.open(QIODevice::WriteOnly));
        file.write(text);
    }
    const QString out = dir.filePath(QStringLiteral("t.json"));
    const Run imported = runCli({QStringLiteral("import"), input, QStringLiteral("-o"), out});
    if (capture.contains(QLatin1String(".partial."))) {
        QCOMPARE(imported.exitCode, 1);
        QCOMPARE(imported.err.count('\n'), 1);
        QVERIFY2(imported.err.startsWith(input.toUtf8() + ": line "), imported.err.constData());
        QVERIFY(!QFile::exists(out));
        return;
    }
    // Azure's ND A100 v4 file is pruned to the PCI tree: its GPUs are <pci class="0x030200"> without the
    // <gpu> element a dump has, which the NCCL XML importer needs (it says so, in one line).
    if (capture.contains(QLatin1String("azure-ndv4")))
        QEXPECT_FAIL("", "a topology file pruned to <pci> classes names no <gpu>", Abort);
    QVERIFY2(imported.exitCode == 0, imported.err.constData());
    const Run eval = runCli({QStringLiteral("eval"), out});
    QVERIFY2(eval.exitCode == 0, eval.err.constData());
    QVERIFY(json(eval.out).value(QLatin1String("gpus")).toInt() > 0);
    const Run collective =
        runCli({QStringLiteral("collective"), QStringLiteral("--topology"), out, QStringLiteral("--op"),
                QStringLiteral("allreduce"), QStringLiteral("--bytes"), QStringLiteral("1GiB")});
    QVERIFY2(collective.exitCode == 0, collective.err.constData());
    QVERIFY(json(collective.out).value(QLatin1String("time_s")).toDouble() > 0);
}

// Every import written as a scenario is taken as it is by every subcommand that reads a scenario: a model
// (Hugging Face), a recipe (DeepSpeed) and a node (nvidia-smi, NCCL XML) alike.
void TestCliImport::importsRunEverywhere_data()
{
    QTest::addColumn<QString>("file");
    for (const char* name :
         {"hf-gemma-2b.json", "hf-llama-2-7b.json", "hf-mixtral-8x7b-v0.1.json", "ds-zero2-fp16.json",
          "ds-onebit-adam-bf16.json", "smi-pcie-4gpu.txt", "smi-dgx-a100.txt"})
        QTest::newRow(name) << fixture(name);
}

void TestCliImport::importsRunEverywhere()
{
    QFETCH(QString, file);
    QTemporaryDir dir;
    const QString out = dir.filePath(QStringLiteral("s.json"));
    const Run imported = runCli({QStringLiteral("import"), file, QStringLiteral("-o"), out});
    QVERIFY2(imported.exitCode == 0, imported.err.constData());
    const QList<QStringList> commands = {
        {QStringLiteral("eval"), out},
        {QStringLiteral("collective"), QStringLiteral("--topology"), out, QStringLiteral("--op"),
         QStringLiteral("allgather"), QStringLiteral("--bytes"), QStringLiteral("64MiB")},
        {QStringLiteral("export"), out, QStringLiteral("--chart"), QStringLiteral("gantt"),
         QStringLiteral("--out"), dir.filePath(QStringLiteral("g.csv"))},
        {QStringLiteral("sweep"), out, QStringLiteral("--param"), QStringLiteral("parallel.zero_stage"),
         QStringLiteral("--values"), QStringLiteral("0,1")},
        {QStringLiteral("plan"), out, QStringLiteral("--top"), QStringLiteral("1")}};
    for (const QStringList& args : commands) {
        const Run run = runCli(args);
        QVERIFY2(run.exitCode == 0 && !run.crashed,
                 qPrintable(args.first() + QStringLiteral(": ") + QString::fromUtf8(run.err)));
    }
}

// An output that is one of the inputs (the same file by any name: itself, "./" before it, a symbolic link)
// would be replaced before it is read back: a usage error, exit 2, the file as it was.
void TestCliImport::outputIsAnInput_data()
{
    QTest::addColumn<QString>("command");
    QTest::addColumn<QString>("outName");
    QTest::addColumn<QString>("message");
    QTest::newRow("import FILE -o FILE") << "import"
                                         << "in.txt"
                                         << "shardscope-cli: import: -o ";
    QTest::newRow("import FILE -o ./FILE") << "import"
                                           << "./in.txt"
                                           << "shardscope-cli: import: -o ";
    QTest::newRow("import FILE -o a link to FILE") << "import"
                                                   << "link.txt"
                                                   << "shardscope-cli: import: -o ";
    QTest::newRow("import --into S -o S") << "import-into"
                                          << "s.json"
                                          << "shardscope-cli: import: -o ";
    QTest::newRow("export S --out S") << "export"
                                      << "s.json"
                                      << "shardscope-cli: export: --out ";
    QTest::newRow("export S --out a link to S") << "export"
                                                << "slink.json"
                                                << "shardscope-cli: export: --out ";
}

void TestCliImport::outputIsAnInput()
{
    QFETCH(QString, command);
    QFETCH(QString, outName);
    QFETCH(QString, message);
    QTemporaryDir dir;
    QVERIFY(QDir::setCurrent(dir.path()));
    QVERIFY(QFile::copy(fixture("smi-pcie-4gpu.txt"), QStringLiteral("in.txt")));
    QVERIFY(QFile::link(QStringLiteral("in.txt"), QStringLiteral("link.txt")));
    QCOMPARE(runCli({QStringLiteral("import"), QStringLiteral("in.txt"), QStringLiteral("-o"),
                     QStringLiteral("s.json")})
                 .exitCode,
             0);
    QVERIFY(QFile::link(QStringLiteral("s.json"), QStringLiteral("slink.json")));
    const QByteArray topology = readAll(QStringLiteral("in.txt"));
    const QByteArray scenario = readAll(QStringLiteral("s.json"));
    QStringList args;
    if (command == QLatin1String("import"))
        args = {QStringLiteral("import"), QStringLiteral("in.txt"), QStringLiteral("-o"), outName};
    else if (command == QLatin1String("import-into"))
        args = {QStringLiteral("import"), QStringLiteral("in.txt"), QStringLiteral("--into"),
                QStringLiteral("s.json"), QStringLiteral("-o"),     outName};
    else
        args = {QStringLiteral("export"), QStringLiteral("s.json"), QStringLiteral("--chart"),
                QStringLiteral("gantt"),  QStringLiteral("--out"),  outName};
    const Run run = runCli(args);
    QCOMPARE(run.exitCode, 2);
    QVERIFY(run.out.isEmpty());
    QCOMPARE(run.err.count('\n'), 1);
    QVERIFY2(QString::fromUtf8(run.err).startsWith(message + outName), run.err.constData());
    QCOMPARE(readAll(QStringLiteral("in.txt")), topology);
    QCOMPARE(readAll(QStringLiteral("s.json")), scenario);
}

QTEST_GUILESS_MAIN(TestCliImport)
#include "tst_cli_import.moc"
