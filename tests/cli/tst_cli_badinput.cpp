// SPDX-License-Identifier: GPL-3.0-or-later
// Every shardscope-cli subcommand against every kind of bad input (crash safety; docs/formats.md,
// "Binaries"): malformed JSON, unknown keys, impossible parameters (0 GPUs, dp × tp × pp not the
// GPU count, zero or negative bandwidth, a link to a device that does not exist, NaN, 1e300), a missing
// file, a directory, a FIFO without a writer (which must not block), an empty file and binary garbage. Each
// must exit 1 (2 for usage errors) with exactly one line on stderr naming the file, print nothing or valid
// JSON without NaN/Infinity, and leave no output file behind.
#include "clirun.h"

#include <QDir>
#include <QFile>
#include <QJsonDocument>
#include <QRandomGenerator>
#include <QTemporaryDir>
#include <QtTest>

#ifdef Q_OS_UNIX
#include <sys/stat.h>
#endif

namespace {

// Two A100s under one PCIe switch, an explicit topology so that links can be broken.
const char* const kBase = R"({"format": "shardscope-scenario", "version": 1, "name": "pair",
 "model": {"kind": "params", "params": 1e9},
 "training": {"global_batch": 8, "micro_batch": 1},
 "parallel": {"dp": 2, "tp": 1, "pp": 1},
 "cluster": {"gpu": "A100-SXM4-80GB", "nodes": 1, "gpus_per_node": 2,
  "topology": {"nodes": [{"id": "cpu", "kind": "cpu"}, {"id": "sw", "kind": "pcie-switch"},
                         {"id": "a", "kind": "gpu"}, {"id": "b", "kind": "gpu"}],
               "links": [{"id": "up", "a": "sw", "b": "cpu", "kind": "host-gen4", "bandwidth_Bps": "31.5 GB/s"},
                         {"id": "la", "a": "a", "b": "sw", "kind": "pcie-gen4-x16", "bandwidth_Bps": "25 GB/s"},
                         {"id": "lb", "a": "b", "b": "sw", "kind": "pcie-gen4-x16", "bandwidth_Bps": 25e9}]}}}
)";

// Bad input files: name -> content (a null QByteArray: the file does not exist; "<dir>": a directory;
// "<fifo>": a named pipe nobody writes to, which would block a reader that opens it for ever).
QList<QPair<QString, QByteArray>> badInputs()
{
    const QByteArray base(kBase);
    auto with = [&base](const char* from, const char* to) {
        QByteArray s = base;
        const qsizetype at = s.indexOf(from);
        Q_ASSERT(at >= 0);
        return s.replace(at, qsizetype(qstrlen(from)), to);
    };
    QByteArray garbage(4096, '\0');
    QRandomGenerator random(8); // seeded: the same bytes every run
    for (char& c : garbage)
        c = char(random.bounded(256));
    return {
        {QStringLiteral("malformed-json"), base.left(base.size() / 2)},
        {QStringLiteral("unknown-key"), with("\"name\": \"pair\",", "\"name\": \"pair\", \"modle\": {},")},
        {QStringLiteral("unknown-nested-key"),
         with("\"micro_batch\": 1", "\"micro_batch\": 1, \"micro_bacth\": 2")},
        {QStringLiteral("zero-gpus"), with("\"nodes\": 1,", "\"nodes\": 0,")},
        {QStringLiteral("dp-tp-pp-mismatch"), with("\"dp\": 2", "\"dp\": 3")},
        {QStringLiteral("zero-bandwidth"), with("\"25 GB/s\"", "0")},
        {QStringLiteral("negative-bandwidth"), with("25e9", "-25e9")},
        {QStringLiteral("dangling-link-end"),
         with("\"id\": \"lb\", \"a\": \"b\"", "\"id\": \"lb\", \"a\": \"ghost\"")},
        {QStringLiteral("nan-literal"), with("1e9", "NaN")},
        {QStringLiteral("nan-string"), with("1e9", "\"nan\"")},
        {QStringLiteral("infinity-string"), with("1e9", "\"inf\"")},
        {QStringLiteral("1e300-batch"), with("\"global_batch\": 8", "\"global_batch\": 1e300")},
        {QStringLiteral("1e300-params"), with("1e9", "1e300")},
        {QStringLiteral("1e300-bandwidth"), with("25e9", "1e300")},
        {QStringLiteral("missing-file"), QByteArray()},
        {QStringLiteral("directory"), QByteArrayLiteral("<dir>")},
        {QStringLiteral("fifo"), QByteArrayLiteral("<fifo>")},
        {QStringLiteral("empty-file"), QByteArrayLiteral("")},
        {QStringLiteral("binary-garbage"), garbage},
    };
}

} // namespace

class TestCliBadInput : public QObject
{
    Q_OBJECT
private slots:
    void initTestCase();
    void validBaseRuns_data();
    void validBaseRuns();
    void badInput_data();
    void badInput();
    void usageErrors_data();
    void usageErrors();

private:
    static void addCommandColumns();
    QTemporaryDir m_dir;
};

void TestCliBadInput::initTestCase()
{
    QVERIFY(m_dir.isValid());
    QFile base(m_dir.filePath(QStringLiteral("base.json")));
    QVERIFY(base.open(QIODevice::WriteOnly));
    base.write(kBase);
    base.close();
    for (const auto& [name, content] : badInputs()) {
        const QString path = m_dir.filePath(name + QLatin1String(".json"));
        if (content.isNull())
            continue;
        if (content == "<dir>") {
            QVERIFY(QDir().mkpath(path));
            continue;
        }
        if (content == "<fifo>") {
#ifdef Q_OS_UNIX
            QCOMPARE(::mkfifo(QFile::encodeName(path).constData(), 0600), 0);
#endif
            continue;
        }
        QFile file(path);
        QVERIFY(file.open(QIODevice::WriteOnly));
        file.write(content);
    }
}

// The subcommands that read a file: %F is the file, %O an output file that must not appear.
static const QList<QPair<const char*, QStringList>> kCommands = {
    {"eval", {QStringLiteral("eval"), QStringLiteral("%F")}},
    {"collective",
     {QStringLiteral("collective"), QStringLiteral("--topology"), QStringLiteral("%F"),
      QStringLiteral("--op"), QStringLiteral("allreduce"), QStringLiteral("--bytes"),
      QStringLiteral("1 MiB")}},
    {"import",
     {QStringLiteral("import"), QStringLiteral("%F"), QStringLiteral("-o"), QStringLiteral("%O.json")}},
    {"import --as hf-config",
     {QStringLiteral("import"), QStringLiteral("%F"), QStringLiteral("--as"), QStringLiteral("hf-config"),
      QStringLiteral("-o"), QStringLiteral("%O.json")}},
    {"import --as deepspeed",
     {QStringLiteral("import"), QStringLiteral("%F"), QStringLiteral("--as"), QStringLiteral("deepspeed"),
      QStringLiteral("-o"), QStringLiteral("%O.json")}},
    {"export",
     {QStringLiteral("export"), QStringLiteral("%F"), QStringLiteral("--chart"), QStringLiteral("memory"),
      QStringLiteral("--out"), QStringLiteral("%O.png")}},
    {"export csv",
     {QStringLiteral("export"), QStringLiteral("%F"), QStringLiteral("--chart"), QStringLiteral("gantt"),
      QStringLiteral("--out"), QStringLiteral("%O.csv")}},
    {"sweep",
     {QStringLiteral("sweep"), QStringLiteral("%F"), QStringLiteral("--param"),
      QStringLiteral("training.micro_batch"), QStringLiteral("--values"), QStringLiteral("1,2")}},
    {"plan", {QStringLiteral("plan"), QStringLiteral("%F"), QStringLiteral("--top"), QStringLiteral("1")}},
};

static QStringList substitute(QStringList args, const QString& file, const QString& out)
{
    for (QString& a : args)
        a.replace(QLatin1String("%F"), file).replace(QLatin1String("%O"), out);
    return args;
}

void TestCliBadInput::addCommandColumns()
{
    QTest::addColumn<QStringList>("args");
    QTest::addColumn<QString>("file");
    QTest::addColumn<QString>("out");
}

// The matrix means something only if the good file passes where a scenario is expected.
void TestCliBadInput::validBaseRuns_data()
{
    addCommandColumns();
    const QString base = m_dir.filePath(QStringLiteral("base.json"));
    for (const auto& [name, args] : kCommands)
        if (!QByteArray(name).startsWith("import"))
            QTest::newRow(name) << substitute(args, base, m_dir.filePath(QStringLiteral("good-out"))) << base
                                << m_dir.filePath(QStringLiteral("good-out"));
}

void TestCliBadInput::validBaseRuns()
{
    QFETCH(QStringList, args);
    const CliRun run = runCli(args);
    QVERIFY2(run.exitCode == 0 && !run.crashed, run.err.constData());
}

void TestCliBadInput::badInput_data()
{
    addCommandColumns();
    // File-level damage applies to every reader; the scenario-level rows (impossible parameters, unknown
    // scenario keys) only to the subcommands that read a scenario: the importers read other formats, where
    // a scenario's keys are simply not theirs (a DeepSpeed config with nothing it uses is a warning).
    const QStringList fileLevel = {QStringLiteral("malformed-json"),
                                   QStringLiteral("nan-literal"),
                                   QStringLiteral("missing-file"),
                                   QStringLiteral("directory"),
                                   QStringLiteral("empty-file"),
                                   QStringLiteral("binary-garbage"),
                                   QStringLiteral("fifo")};
    int commandIndex = 0;
    for (const auto& [command, args] : kCommands) {
        ++commandIndex;
        const bool importer = QByteArray(command).startsWith("import");
        for (const auto& input : badInputs()) {
            if (importer && !fileLevel.contains(input.first))
                continue;
            // plan searches dp × tp × pp itself and collective reads only the cluster: the file's layout is
            // not used.
            if ((QByteArray(command) == "plan" || QByteArray(command) == "collective") &&
                input.first == QLatin1String("dp-tp-pp-mismatch"))
                continue;
            const QString file = m_dir.filePath(input.first + QLatin1String(".json"));
            const QString out = m_dir.filePath(QStringLiteral("out%1-").arg(commandIndex) + input.first);
            QTest::addRow("%s: %s", command, qPrintable(input.first))
                << substitute(args, file, out) << file << out;
        }
    }
}

void TestCliBadInput::badInput()
{
    QFETCH(QStringList, args);
    QFETCH(QString, file);
    QFETCH(QString, out);
    const CliRun run = runCli(args);
    QVERIFY2(!run.crashed, "crashed");
    QVERIFY2(
        run.exitCode == 1,
        qPrintable(QStringLiteral("exit %1, stderr: %2").arg(run.exitCode).arg(QString::fromUtf8(run.err))));
    // Exactly one line, and it names the file (by its path or its name).
    const QByteArray err = run.err.endsWith('\n') ? run.err.chopped(1) : run.err;
    QVERIFY2(!err.isEmpty() && !err.contains('\n'), run.err.constData());
    QVERIFY2(err.contains(QFileInfo(file).fileName().toUtf8()), err.constData());
    // Something after the file name says what was wrong.
    QVERIFY2(err.size() > file.size() + 10, err.constData());
    // Nothing half-written: stdout is empty or one valid JSON document without NaN or Infinity.
    if (!run.out.trimmed().isEmpty()) {
        QJsonParseError error;
        QJsonDocument::fromJson(run.out, &error);
        QVERIFY2(error.error == QJsonParseError::NoError, run.out.left(200).constData());
        const QByteArray lower = run.out.toLower();
        QVERIFY2(!lower.contains("nan") && !lower.contains("inf"), run.out.left(200).constData());
    }
    const QStringList left = QDir(m_dir.path())
                                 .entryList({QFileInfo(out).fileName() + QLatin1Char('*')},
                                            QDir::Files | QDir::Hidden | QDir::System);
    QVERIFY2(left.isEmpty(), qPrintable(left.join(QLatin1Char(' '))));
}

// The subcommands without files only have usage errors: exit 2 and one line.
void TestCliBadInput::usageErrors_data()
{
    QTest::addColumn<QStringList>("args");
    QTest::newRow("examples with an argument")
        << QStringList{QStringLiteral("examples"), QStringLiteral("x")};
    QTest::newRow("presets with an unknown option")
        << QStringList{QStringLiteral("presets"), QStringLiteral("--bogus")};
    QTest::newRow("eval with an unknown option")
        << QStringList{QStringLiteral("eval"), QStringLiteral("default"), QStringLiteral("--bogus")};
    QTest::newRow("collective without --op") << QStringList{
        QStringLiteral("collective"), QStringLiteral("--topology"), QStringLiteral("dgx-a100")};
    QTest::newRow("import without a file") << QStringList{QStringLiteral("import")};
    QTest::newRow("export without --chart")
        << QStringList{QStringLiteral("export"), QStringLiteral("default"), QStringLiteral("--out"),
                       QStringLiteral("x.png")};
    QTest::newRow("sweep without --param") << QStringList{QStringLiteral("sweep"), QStringLiteral("default")};
    QTest::newRow("plan with a bad --top") << QStringList{QStringLiteral("plan"), QStringLiteral("default"),
                                                          QStringLiteral("--top"), QStringLiteral("many")};
}

void TestCliBadInput::usageErrors()
{
    QFETCH(QStringList, args);
    const CliRun run = runCli(args);
    QVERIFY2(!run.crashed, "crashed");
    QVERIFY2(
        run.exitCode == 2,
        qPrintable(QStringLiteral("exit %1, stderr: %2").arg(run.exitCode).arg(QString::fromUtf8(run.err))));
    const QByteArray err = run.err.endsWith('\n') ? run.err.chopped(1) : run.err;
    QVERIFY2(!err.isEmpty() && !err.contains('\n'), run.err.constData());
    QVERIFY(run.out.isEmpty());
}

QTEST_GUILESS_MAIN(TestCliBadInput)
#include "tst_cli_badinput.moc"
