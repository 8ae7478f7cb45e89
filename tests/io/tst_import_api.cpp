// SPDX-License-Identifier: GPL-3.0-or-later
// The importer API the CLI and the GUI share (importer.h): kinds and their documented names, detection from
// the content, a file that is none of the kinds, applying a result as one change, and robustness: every
// fixture cut at many places and with bytes overwritten must give a result or a one-line error, never a crash
// or a hang.
#include "importtest.h"
#include "scenariojson.h"

#include <QDir>
#include <QElapsedTimer>
#include <QRandomGenerator>
#include <QTemporaryDir>
#include <QTest>

using namespace importtest;
using ss::io::ImportKind;
using ss::io::ImportOptions;
using ss::io::ImportResult;

class TestImportApi : public QObject
{
    Q_OBJECT

private slots:
    void kindNames();
    void detect_data();
    void detect();
    void notImportable_data();
    void notImportable();
    void unreadableFile();
    void failureLeavesResult();
    void applyIsOneChange();
    void robustness_data();
    void robustness();
};

void TestImportApi::kindNames()
{
    // docs/formats.md, "`shardscope-cli import`": hf-config, deepspeed, nvidia-smi-topo, nccl-topo,
    // nccl-tests.
    QStringList names;
    for (ImportKind kind : ss::io::importKinds()) {
        names << ss::io::importKindName(kind);
        ImportKind back = ImportKind::Auto;
        QVERIFY(ss::io::importKindFromName(names.last(), back));
        QCOMPARE(back, kind);
    }
    QCOMPARE(names, (QStringList{"hf-config", "deepspeed", "nvidia-smi-topo", "nccl-topo", "nccl-tests"}));
    ImportKind kind;
    QVERIFY(!ss::io::importKindFromName(QStringLiteral("hf"), kind));
}

void TestImportApi::detect_data()
{
    QTest::addColumn<QString>("file");
    QTest::addColumn<ImportKind>("kind");
    const QDir dir(fixture({}));
    for (const QString& name : dir.entryList(QDir::Files)) {
        ImportKind kind = ImportKind::Auto;
        if (name.startsWith(QLatin1String("hf-")))
            kind = ImportKind::HfConfig;
        else if (name.startsWith(QLatin1String("ds-")))
            kind = ImportKind::DeepSpeed;
        else if (name.startsWith(QLatin1String("smi-")))
            kind = ImportKind::NvidiaSmiTopo;
        else if (name.startsWith(QLatin1String("nccl-topo-")))
            kind = ImportKind::NcclTopo;
        else if (name.startsWith(QLatin1String("nccl-tests-")) || name.contains(QLatin1String("_perf")))
            kind = ImportKind::NcclTests;
        QTest::newRow(qPrintable(name)) << name << kind;
    }
}

void TestImportApi::detect()
{
    QFETCH(QString, file);
    QFETCH(ImportKind, kind);
    QVERIFY(kind != ImportKind::Auto);
    QCOMPARE(ss::io::detectImportKind(readFixture(file)), kind);
    // Every fixture imports as its kind (a config of a model_type the importer cannot check, OPT's, with the
    // common keys, as the error asks).
    ImportResult r;
    QString error;
    ImportOptions options;
    options.hf_common_keys = file == QLatin1String("hf-opt-125m.json");
    QVERIFY2(ss::io::importFile(fixture(file), ImportKind::Auto, r, &error, options), qPrintable(error));
    QCOMPARE(r.kind, kind);
    QVERIFY(!r.summary.isEmpty());
    QCOMPARE(r.fileName, fixture(file));
}

void TestImportApi::notImportable_data()
{
    QTest::addColumn<QByteArray>("data");
    QTest::addColumn<QString>("message");
    QTest::newRow("plain text") << QByteArray("hello\nworld\n") << "cannot tell what this file is";
    QTest::newRow("JSON of something else")
        << QByteArray(R"({"name": "x", "items": [1, 2]})") << "cannot tell what this file is";
    QTest::newRow("a ShardScope scenario") << QByteArray(R"({"format": "shardscope-scenario", "version": 1})")
                                           << "a ShardScope file: open it rather than import it";
    QTest::newRow("other XML") << QByteArray("<html><body/></html>") << "cannot tell what this file is";
    QTest::newRow("empty") << QByteArray("") << "the file is empty";
    QTest::newRow("binary") << QByteArray("\x89PNG\r\n\x1a\n\0\0\0\rIHDR", 16)
                            << "cannot tell what this file is";
}

void TestImportApi::notImportable()
{
    QFETCH(QByteArray, data);
    QFETCH(QString, message);
    ImportResult r;
    QString error;
    QVERIFY(!importBytes(data, QStringLiteral("thing.dat"), r, &error));
    QVERIFY2(isOneLineError(error, QStringLiteral("thing.dat")), qPrintable(error));
    QVERIFY2(error.contains(message), qPrintable(error));
}

void TestImportApi::unreadableFile()
{
    ImportResult r;
    QString error;
    QTemporaryDir dir;
    const QString missing = dir.filePath(QStringLiteral("missing.json"));
    QVERIFY(!ss::io::importFile(missing, ImportKind::Auto, r, &error));
    QVERIFY2(isOneLineError(error, missing), qPrintable(error));
    QVERIFY(!ss::io::importFile(dir.path(), ImportKind::Auto, r, &error));
    QVERIFY2(error.contains(QLatin1String("is a directory")), qPrintable(error));
}

void TestImportApi::failureLeavesResult()
{
    ImportResult r;
    QString error;
    QVERIFY(ss::io::importFile(fixture(QStringLiteral("hf-gpt2.json")), ImportKind::Auto, r, &error));
    const ImportResult before = r;
    QVERIFY(!importBytes("{\"model_type\": \"gpt2\"", QStringLiteral("x.json"), r, &error));
    QCOMPARE(r.scenario, before.scenario);
    QCOMPARE(r.fields, before.fields);
}

void TestImportApi::applyIsOneChange()
{
    // A model import changes the model section only; everything else of the scenario stays.
    ImportResult r;
    QString error;
    QVERIFY(ss::io::importFile(fixture(QStringLiteral("hf-llama-2-7b.json")), ImportKind::Auto, r, &error));
    const ss::Scenario before = ss::defaultScenario();
    ss::Scenario s = before;
    QStringList notes;
    QVERIFY(ss::io::applyImport(r, s, &notes, &error));
    QCOMPARE(s.model.hidden, 4096);
    QCOMPARE(s.model.seq_len, before.model.seq_len);
    QCOMPARE(s.training, before.training);
    QCOMPARE(s.parallel, before.parallel);
    QCOMPARE(s.cluster, before.cluster);
    QCOMPARE(s.name, before.name);
    QVERIFY2(ss::io::scenarioProblem(s).isEmpty(), qPrintable(ss::io::scenarioProblem(s)));
    QVERIFY(notes.isEmpty());
}

void TestImportApi::robustness_data()
{
    QTest::addColumn<QString>("file");
    for (const QString& name : QDir(fixture({})).entryList(QDir::Files))
        QTest::newRow(qPrintable(name)) << name;
}

void TestImportApi::robustness()
{
    QFETCH(QString, file);
    const QByteArray data = readFixture(file);
    QElapsedTimer timer;
    timer.start();
    int failures = 0;
    const auto check = [&](const QByteArray& variant, ImportKind kind) {
        ImportResult r;
        QString error;
        if (!importBytes(variant, QStringLiteral("f"), r, &error, kind)) {
            ++failures;
            QVERIFY2(isOneLineError(error, QStringLiteral("f")), qPrintable(error));
        }
    };
    // Cut at ~60 places, read both as detected and as every kind.
    const qsizetype step = std::max<qsizetype>(1, data.size() / 60);
    for (qsizetype n = 0; n <= data.size(); n += step) {
        check(data.left(n), ImportKind::Auto);
        for (ImportKind kind : ss::io::importKinds())
            check(data.left(n), kind);
    }
    // Overwrite bytes at random places (a fixed seed, so a failure repeats).
    QRandomGenerator random(20261120);
    for (int round = 0; round < 200; ++round) {
        QByteArray variant = data;
        for (int k = 0; k < 4; ++k)
            variant[random.bounded(variant.size())] = char(random.bounded(256));
        check(variant, ImportKind::Auto);
    }
    QVERIFY(failures > 0);
    QVERIFY2(timer.elapsed() < 60000, "the variants took over a minute");
}

QTEST_GUILESS_MAIN(TestImportApi)
#include "tst_import_api.moc"
