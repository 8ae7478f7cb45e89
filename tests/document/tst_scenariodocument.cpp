// SPDX-License-Identifier: GPL-3.0-or-later
// ScenarioDocument: every kind of edit is one undo step with an exact undo -> redo round trip; no-op and
// rejected edits push nothing; scrubbing merges; opening an example or a file is one step; a failed open
// changes nothing; an invalid scenario keeps the last valid result. Also AnalysisRunner and Settings.
#include "analysisrunner.h"
#include "examples.h"
#include "fields.h"
#include "scenariodocument.h"
#include "scenariojson.h"
#include "settings.h"

#include <QFile>
#include <QSignalSpy>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>
#include <QUndoStack>

#include <cmath>

using ss::FieldValue;
using ss::Scenario;
using ss::ScenarioDocument;

namespace {

QString textOf(const Scenario& s, const QString& path)
{
    const ss::FieldInfo* field = ss::findField(path.toStdString());
    return field ? QString::fromStdString(ss::fieldText(*field, field->get(s))) : QString();
}

FieldValue number(double v)
{
    FieldValue value;
    value.number = v;
    return value;
}

bool writeFile(const QString& fileName, const QByteArray& bytes)
{
    QFile file(fileName);
    return file.open(QIODevice::WriteOnly) && file.write(bytes) == bytes.size();
}

} // namespace

class TestScenarioDocument : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();
    void startsOnTheDefaultExample();
    void editRoundTrip_data();
    void editRoundTrip();
    void noOpEditPushesNothing_data();
    void noOpEditPushesNothing();
    void rejectedEditChangesNothing_data();
    void rejectedEditChangesNothing();
    void scrubbingMerges();
    void scrubbingBackToStartLeavesNothing();
    void commitsDoNotMerge();
    void renameRoundTrip();
    void topologyRoundTrip();
    void replaceScenarioIsOneStep();
    void openExampleIsOneStep();
    void modifiedFollowsCleanState();
    void openFileRoundTrip();
    void openMalformedFileChangesNothing_data();
    void openMalformedFileChangesNothing();
    void saveFile();
    void invalidScenarioKeepsLastResult();
    void resetScenarioClearsHistory();
    void threadedRunnerDropsStaleResults();
    void threadedRunnerCoalescesRequests();
    void resultIsSharedWithTheRunner();
    void automaticRunnerChoosesByEstimate_data();
    void automaticRunnerChoosesByEstimate();
    void settingsRoundTrip();

private:
    QTemporaryDir m_dir;
};

void TestScenarioDocument::initTestCase()
{
    QStandardPaths::setTestModeEnabled(true);
    QVERIFY(m_dir.isValid());
}

// docs/formats.md, "Command line": with no argument the explorer opens the built-in default scenario.
void TestScenarioDocument::startsOnTheDefaultExample()
{
    ScenarioDocument doc;
    QCOMPARE(doc.scenario(), ss::io::defaultExampleScenario());
    QCOMPARE(doc.undoStack()->count(), 0);
    QVERIFY(!doc.isModified());
    QVERIFY(doc.isValid());
    QVERIFY(doc.hasResult());
    QVERIFY(doc.isResultCurrent());
    QCOMPARE(doc.result().gpus, doc.scenario().gpus());
}

// One row per kind of field in the field table (fields.h): Int, Int with choices, Real with a unit
// string, Fraction, Bool, Enum, string enum, the GPU picker (which also fills the GPU figures) and Text.
// Values are the names docs/formats.md ("Scenario") gives them; the default example (dp 8, ZeRO-1,
// micro-batch 4) stays valid.
void TestScenarioDocument::editRoundTrip_data()
{
    QTest::addColumn<QString>("path");
    QTest::addColumn<QString>("text");
    QTest::addColumn<QString>("expected"); // fieldText() of the stored value

    QTest::newRow("int: ZeRO stage 1 -> 3") << "parallel.zero_stage"
                                            << "3"
                                            << "3";
    QTest::newRow("int: micro-batch 4 -> 2") << "training.micro_batch"
                                             << "2"
                                             << "2";
    QTest::newRow("int with choices: 16-bit gradients") << "training.grad_comm_bits"
                                                        << "16"
                                                        << "16";
    QTest::newRow("real, unit string: 40 GiB") << "cluster.gpu.memory_bytes"
                                               << "40 GiB"
                                               << "42949672960";
    QTest::newRow("real, unit string: 2 TB/s") << "cluster.gpu.hbm_Bps"
                                               << "2 TB/s"
                                               << "2e+12";
    QTest::newRow("fraction as percent: 40%") << "compute.efficiency"
                                              << "40%"
                                              << "0.4";
    QTest::newRow("bool: flash attention") << "training.flash_attention"
                                           << "true"
                                           << "true";
    QTest::newRow("enum: full recompute") << "training.recompute"
                                          << "full"
                                          << "full";
    QTest::newRow("enum: fp32 precision") << "training.precision"
                                          << "fp32"
                                          << "fp32";
    QTest::newRow("string enum: network ib-ndr") << "cluster.network.kind"
                                                 << "ib-ndr"
                                                 << "ib-ndr";
    QTest::newRow("GPU picker: H100") << "cluster.gpu"
                                      << "H100-SXM5-80GB"
                                      << "H100-SXM5-80GB";
    QTest::newRow("text: GPU name") << "cluster.gpu.name"
                                    << "Prototype"
                                    << "Prototype";
    QTest::newRow("text: scenario name") << "name"
                                         << "Renamed"
                                         << "Renamed";
}

void TestScenarioDocument::editRoundTrip()
{
    QFETCH(QString, path);
    QFETCH(QString, text);
    QFETCH(QString, expected);

    ScenarioDocument doc;
    QSignalSpy changed(&doc, &ScenarioDocument::scenarioChanged);
    const Scenario before = doc.scenario();
    QCOMPARE(doc.setFieldText(path, text), QString());
    const Scenario after = doc.scenario();
    QVERIFY(after != before);
    QCOMPARE(textOf(after, path), expected);
    QCOMPARE(doc.undoStack()->count(), 1);
    QCOMPARE(changed.count(), 1);
    QVERIFY(doc.isModified());

    doc.undoStack()->undo();
    QCOMPARE(doc.scenario(), before);
    QCOMPARE(changed.count(), 2);
    QVERIFY(!doc.isModified());
    doc.undoStack()->redo();
    QCOMPARE(doc.scenario(), after);
    QCOMPARE(changed.count(), 3);
}

// Setting a field to the value it has is a no-op (CONTRIBUTING.md, "Editing").
void TestScenarioDocument::noOpEditPushesNothing_data()
{
    QTest::addColumn<QString>("path");
    for (const char* path :
         {"parallel.zero_stage", "training.micro_batch", "cluster.gpu.memory_bytes", "compute.efficiency",
          "training.flash_attention", "training.precision", "cluster.gpu", "name"})
        QTest::newRow(path) << QString::fromLatin1(path);
}

void TestScenarioDocument::noOpEditPushesNothing()
{
    QFETCH(QString, path);
    ScenarioDocument doc;
    QSignalSpy changed(&doc, &ScenarioDocument::scenarioChanged);
    QCOMPARE(doc.setField(path, doc.fieldValue(path)), QString());
    QCOMPARE(doc.setFieldText(path, textOf(doc.scenario(), path)), QString());
    QCOMPARE(doc.undoStack()->count(), 0);
    QCOMPARE(changed.count(), 0);
}

// Out-of-range values and malformed unit strings are refused with a reason, never clamped.
void TestScenarioDocument::rejectedEditChangesNothing_data()
{
    QTest::addColumn<QString>("path");
    QTest::addColumn<QString>("text");
    QTest::addColumn<QString>("reasonPart");

    QTest::newRow("ZeRO stage 4 (ZeRO has stages 0-3)") << "parallel.zero_stage"
                                                        << "4"
                                                        << "3";
    QTest::newRow("zero layers") << "model.layers"
                                 << "0"
                                 << "1";
    QTest::newRow("unit typo") << "cluster.gpu.memory_bytes"
                               << "80 GiBB"
                               << "80 GiBB";
    QTest::newRow("bits per second for bytes") << "cluster.gpu.memory_bytes"
                                               << "80 Gb/s"
                                               << "Gb/s";
    QTest::newRow("efficiency above 1") << "compute.efficiency"
                                        << "150%"
                                        << "1";
    QTest::newRow("unknown enum name") << "training.precision"
                                       << "bf17"
                                       << "bf17";
    QTest::newRow("unknown GPU") << "cluster.gpu"
                                 << "Z100"
                                 << "Z100";
    QTest::newRow("not a field") << "model.colour"
                                 << "red"
                                 << "model.colour";
}

void TestScenarioDocument::rejectedEditChangesNothing()
{
    QFETCH(QString, path);
    QFETCH(QString, text);
    QFETCH(QString, reasonPart);
    ScenarioDocument doc;
    QSignalSpy changed(&doc, &ScenarioDocument::scenarioChanged);
    const Scenario before = doc.scenario();
    const QString error = doc.setFieldText(path, text);
    QVERIFY2(error.contains(reasonPart), qPrintable(error));
    QCOMPARE(doc.scenario(), before);
    QCOMPARE(doc.undoStack()->count(), 0);
    QCOMPARE(changed.count(), 0);
}

// A spin box scrubbed 4 -> 5 -> 6 -> 8 is one undo step back to 4 (CONTRIBUTING.md: id()/mergeWith).
void TestScenarioDocument::scrubbingMerges()
{
    ScenarioDocument doc;
    const Scenario before = doc.scenario();
    for (int micro : {5, 6, 8})
        QCOMPARE(doc.setField(QStringLiteral("training.micro_batch"), number(micro),
                              ScenarioDocument::EditKind::Scrub),
                 QString());
    QCOMPARE(doc.scenario().training.micro_batch, 8);
    QCOMPARE(doc.undoStack()->count(), 1);
    const Scenario after = doc.scenario();
    doc.undoStack()->undo();
    QCOMPARE(doc.scenario(), before);
    doc.undoStack()->redo();
    QCOMPARE(doc.scenario(), after);

    // Scrubbing another field is another step.
    doc.setField(QStringLiteral("model.layers"), number(12), ScenarioDocument::EditKind::Scrub);
    QCOMPARE(doc.undoStack()->count(), 2);
}

void TestScenarioDocument::scrubbingBackToStartLeavesNothing()
{
    ScenarioDocument doc;
    const Scenario before = doc.scenario();
    doc.setField(QStringLiteral("model.layers"), number(25), ScenarioDocument::EditKind::Scrub);
    doc.setField(QStringLiteral("model.layers"), number(24), ScenarioDocument::EditKind::Scrub);
    QCOMPARE(doc.scenario(), before);
    QCOMPARE(doc.undoStack()->count(), 0);
    QVERIFY(!doc.isModified());
}

void TestScenarioDocument::commitsDoNotMerge()
{
    ScenarioDocument doc;
    doc.setField(QStringLiteral("training.micro_batch"), number(2));
    doc.setField(QStringLiteral("training.micro_batch"), number(1));
    QCOMPARE(doc.undoStack()->count(), 2);
    doc.undoStack()->undo();
    QCOMPARE(doc.scenario().training.micro_batch, 2);
}

void TestScenarioDocument::renameRoundTrip()
{
    ScenarioDocument doc;
    const std::string original = doc.scenario().name;
    doc.setName(QStringLiteral("My run"));
    QCOMPARE(doc.scenario().name, std::string("My run"));
    doc.setName(QStringLiteral("My run")); // no-op
    doc.setName(QStringLiteral("   "));    // an empty name is refused
    QCOMPARE(doc.undoStack()->count(), 1);
    doc.undoStack()->undo();
    QCOMPARE(doc.scenario().name, original);
    doc.undoStack()->redo();
    QCOMPARE(doc.scenario().name, std::string("My run"));
}

// The canvas's edits: a whole topology per step, the first one making the generated cluster explicit;
// edits with the same merge key (spin-box scrubbing) merge; dropping the topology is one step back.
void TestScenarioDocument::topologyRoundTrip()
{
    ScenarioDocument doc;
    QVERIFY(!doc.scenario().cluster.topology);
    ss::Topology t;
    t.nodes.push_back({"gpu0", "gpu", "GPU 0", 0, 0});
    t.nodes.push_back({"gpu1", "gpu", "GPU 1", 100, 0});
    t.links.push_back({"gpu0~gpu1", "gpu0", "gpu1", "nvlink3", 25e9, 3e-7, 0.8, 1});
    doc.setTopology(t, QStringLiteral("explicit"));
    QCOMPARE(doc.undoStack()->count(), 1);
    QCOMPARE(*doc.scenario().cluster.topology, t);
    doc.setTopology(t, QStringLiteral("same"));
    QCOMPARE(doc.undoStack()->count(), 1); // a no-op pushes nothing
    ss::Topology scrubbed = t;
    for (int count : {2, 3, 4}) {
        scrubbed.links[0].count = count;
        doc.setTopology(scrubbed, QStringLiteral("count"), QStringLiteral("link:gpu0~gpu1:count"));
    }
    QCOMPARE(doc.undoStack()->count(), 2);
    QCOMPARE(doc.scenario().cluster.topology->links[0].count, 4);
    doc.clearTopology(QStringLiteral("generated"));
    QCOMPARE(doc.undoStack()->count(), 3);
    QVERIFY(!doc.scenario().cluster.topology);
    doc.clearTopology(QStringLiteral("again"));
    QCOMPARE(doc.undoStack()->count(), 3);
    doc.undoStack()->undo();
    QCOMPARE(doc.scenario().cluster.topology->links[0].count, 4);
    doc.undoStack()->undo();
    QCOMPARE(*doc.scenario().cluster.topology, t);
    doc.undoStack()->undo();
    QVERIFY(!doc.scenario().cluster.topology);
    doc.undoStack()->redo();
    QCOMPARE(*doc.scenario().cluster.topology, t);
}

void TestScenarioDocument::replaceScenarioIsOneStep()
{
    ScenarioDocument doc;
    const Scenario before = doc.scenario();
    Scenario other = before;
    other.name = "Other";
    other.parallel.zero_stage = 3;
    other.training.micro_batch = 1;
    QSignalSpy changed(&doc, &ScenarioDocument::scenarioChanged);
    doc.replaceScenario(other, QStringLiteral("Apply preset"));
    QCOMPARE(doc.scenario(), other);
    QCOMPARE(doc.undoStack()->count(), 1);
    QCOMPARE(doc.undoStack()->undoText(), QStringLiteral("Apply preset"));
    QCOMPARE(changed.count(), 1);
    doc.replaceScenario(other, QStringLiteral("Again")); // the same scenario: no-op
    QCOMPARE(doc.undoStack()->count(), 1);
    doc.undoStack()->undo();
    QCOMPARE(doc.scenario(), before);
    doc.undoStack()->redo();
    QCOMPARE(doc.scenario(), other);
}

void TestScenarioDocument::openExampleIsOneStep()
{
    const QString id = QStringLiteral("llama2-7b-zero3");
    Scenario example;
    QString error;
    QVERIFY2(ss::io::loadExample(id, example, &error), qPrintable(error));

    ScenarioDocument doc;
    const Scenario before = doc.scenario();
    QVERIFY(doc.openExample(id, &error));
    QCOMPARE(doc.scenario(), example);
    QCOMPARE(doc.undoStack()->count(), 1);
    QVERIFY(!doc.isModified()); // an example is a fresh start, nothing to save
    QVERIFY(doc.fileName().isEmpty());
    doc.undoStack()->undo();
    QCOMPARE(doc.scenario(), before);
    doc.undoStack()->redo();
    QCOMPARE(doc.scenario(), example);

    QVERIFY(!doc.openExample(QStringLiteral("no-such-example"), &error));
    QVERIFY(!error.isEmpty());
    QCOMPARE(doc.scenario(), example);
    QCOMPARE(doc.undoStack()->count(), 1);
}

void TestScenarioDocument::modifiedFollowsCleanState()
{
    ScenarioDocument doc;
    QSignalSpy modified(&doc, &ScenarioDocument::modifiedChanged);
    doc.setField(QStringLiteral("parallel.zero_stage"), number(2));
    QVERIFY(doc.isModified());
    QCOMPARE(modified.count(), 1);
    QCOMPARE(modified.at(0).at(0).toBool(), true);
    doc.undoStack()->undo();
    QVERIFY(!doc.isModified());
    QCOMPARE(modified.count(), 2);
    QCOMPARE(modified.at(1).at(0).toBool(), false);
}

void TestScenarioDocument::openFileRoundTrip()
{
    Scenario onDisk = ss::io::defaultExampleScenario();
    onDisk.name = "From disk";
    onDisk.parallel.zero_stage = 2;
    const QString fileName = m_dir.filePath(QStringLiteral("open.json"));
    QVERIFY(writeFile(fileName, ss::io::writeScenario(onDisk)));

    ScenarioDocument doc;
    doc.setField(QStringLiteral("training.micro_batch"), number(2)); // unsaved work before the open
    const Scenario before = doc.scenario();
    QSignalSpy fileChanged(&doc, &ScenarioDocument::fileNameChanged);
    QString error;
    QVERIFY2(doc.openFile(fileName, &error), qPrintable(error));
    QCOMPARE(doc.scenario(), onDisk);
    QCOMPARE(doc.fileName(), fileName);
    QCOMPARE(fileChanged.count(), 1);
    QVERIFY(!doc.isModified());
    QCOMPARE(doc.undoStack()->count(), 2);

    doc.undoStack()->undo();
    QCOMPARE(doc.scenario(), before);
    QVERIFY(doc.fileName().isEmpty());
    QVERIFY(doc.isModified());
    doc.undoStack()->redo();
    QCOMPARE(doc.scenario(), onDisk);
    QCOMPARE(doc.fileName(), fileName);
    QVERIFY(!doc.isModified());
}

// A failed open leaves the current scenario untouched; the error is one line naming the file.
void TestScenarioDocument::openMalformedFileChangesNothing_data()
{
    QTest::addColumn<QByteArray>("content");
    QTest::addColumn<QString>("reasonPart");
    QTest::newRow("not JSON") << QByteArray("{ \"format\": ") << QString();
    QTest::newRow("unknown key (a typo is an error)")
        << QByteArray(
               R"({"format": "shardscope-scenario", "version": 1, "parallel": {"dp": 8, "zero_stag": 3}})")
        << QStringLiteral("zero_stag");
    QTest::newRow("newer format version")
        << QByteArray(R"({"format": "shardscope-scenario", "version": 99})") << QStringLiteral("version");
    QTest::newRow("dp x tp x pp != GPUs")
        << QByteArray(R"({"format": "shardscope-scenario", "version": 1, "parallel": {"dp": 3}})")
        << QStringLiteral("parallel.dp");
}

void TestScenarioDocument::openMalformedFileChangesNothing()
{
    QFETCH(QByteArray, content);
    QFETCH(QString, reasonPart);
    const QString fileName = m_dir.filePath(QStringLiteral("bad-%1.json")
                                                .arg(QTest::currentDataTag())
                                                .replace(QLatin1Char(' '), QLatin1Char('_')));
    QVERIFY(writeFile(fileName, content));

    ScenarioDocument doc;
    doc.setField(QStringLiteral("parallel.zero_stage"), number(3));
    const Scenario before = doc.scenario();
    QSignalSpy changed(&doc, &ScenarioDocument::scenarioChanged);
    QString error;
    QVERIFY(!doc.openFile(fileName, &error));
    QVERIFY2(error.contains(QFileInfo(fileName).fileName()), qPrintable(error));
    QVERIFY2(error.contains(reasonPart), qPrintable(error));
    QVERIFY(!error.contains(QLatin1Char('\n')));
    QCOMPARE(doc.scenario(), before);
    QCOMPARE(doc.undoStack()->count(), 1);
    QCOMPARE(changed.count(), 0);
    QVERIFY(doc.fileName().isEmpty());

    QVERIFY(!doc.openFile(m_dir.filePath(QStringLiteral("missing.json")), &error));
    QCOMPARE(doc.scenario(), before);
}

void TestScenarioDocument::saveFile()
{
    ScenarioDocument doc;
    doc.setField(QStringLiteral("parallel.zero_stage"), number(2));
    QVERIFY(doc.isModified());
    const QString fileName = m_dir.filePath(QStringLiteral("saved.json"));
    QString error;
    QVERIFY2(doc.saveFile(fileName, &error), qPrintable(error));
    QVERIFY(!doc.isModified());
    QCOMPARE(doc.fileName(), fileName);
    Scenario back;
    QVERIFY2(ss::io::loadScenarioFile(fileName, back, &error), qPrintable(error));
    QCOMPARE(back, doc.scenario());

    // A save that cannot happen keeps the document modified and bound to its file.
    doc.setField(QStringLiteral("parallel.zero_stage"), number(3));
    QVERIFY(!doc.saveFile(m_dir.filePath(QStringLiteral("no/such/dir/x.json")), &error));
    QVERIFY(!error.isEmpty());
    QVERIFY(doc.isModified());
    QCOMPARE(doc.fileName(), fileName);
}

// validate.h: dp × tp × pp must equal the GPU count; the problem is blamed on the degree just set (here tp),
// with a fix of another degree (dp 4). The result on display stays the last valid one until the scenario is
// valid again.
void TestScenarioDocument::invalidScenarioKeepsLastResult()
{
    ScenarioDocument doc;
    const double peak = doc.result().memory.peak_gpu_bytes;
    QSignalSpy results(&doc, &ScenarioDocument::resultChanged);
    QSignalSpy problems(&doc, &ScenarioDocument::problemsChanged);

    QCOMPARE(doc.setField(QStringLiteral("parallel.tp"), number(2)), QString()); // 8 × 2 × 1 = 16 ≠ 8 GPUs
    QVERIFY(!doc.isValid());
    QCOMPARE(problems.count(), 1);
    QVERIFY(!doc.problemsAt(QStringLiteral("parallel.tp")).isEmpty());
    QVERIFY(doc.problemsAt(QStringLiteral("parallel.dp")).isEmpty());
    QVERIFY(doc.problemsAt(QStringLiteral("model.layers")).isEmpty());
    const std::optional<ss::FieldFix> fix = doc.suggestedFix(QStringLiteral("parallel.tp"));
    QVERIFY(fix && fix->path == "parallel.dp" && fix->value == 4);
    QCOMPARE(results.count(), 0);
    QVERIFY(doc.hasResult());
    QVERIFY(!doc.isResultCurrent());
    QCOMPARE(doc.result().memory.peak_gpu_bytes, peak);

    QCOMPARE(doc.setField(QStringLiteral("parallel.dp"), number(4)), QString()); // 4 × 2 × 1 = 8
    QVERIFY(doc.isValid());
    QCOMPARE(problems.count(), 2);
    QCOMPARE(results.count(), 1);
    QVERIFY(doc.isResultCurrent());
    QVERIFY(doc.result().memory.peak_gpu_bytes != peak);

    doc.undoStack()->undo();
    QVERIFY(!doc.isValid());
    doc.undoStack()->undo();
    QVERIFY(doc.isValid());
    QCOMPARE(doc.result().memory.peak_gpu_bytes, peak);
}

void TestScenarioDocument::resetScenarioClearsHistory()
{
    ScenarioDocument doc;
    doc.setField(QStringLiteral("parallel.zero_stage"), number(2));
    Scenario restored = doc.scenario();
    restored.name = "Restored";
    doc.resetScenario(restored, QStringLiteral("/tmp/last.json"), true);
    QCOMPARE(doc.scenario(), restored);
    QCOMPARE(doc.undoStack()->count(), 0);
    QVERIFY(doc.isModified());
    QCOMPARE(doc.fileName(), QStringLiteral("/tmp/last.json"));
    doc.resetScenario(restored);
    QVERIFY(!doc.isModified());
}

// docs/architecture.md: results of superseded requests are dropped by generation. The two requests are made
// before the event loop runs, so the first result always arrives stale, however fast the threads are.
void TestScenarioDocument::threadedRunnerDropsStaleResults()
{
    ss::AnalysisRunner runner;
    runner.setMode(ss::AnalysisRunner::Mode::Threaded);
    QSignalSpy finished(&runner, &ss::AnalysisRunner::finished);
    Scenario first = ss::io::defaultExampleScenario();
    Scenario second = first;
    second.parallel.zero_stage = 3;
    runner.request(first);
    runner.request(second);
    QCOMPARE(finished.count(), 0);
    QTRY_VERIFY(!runner.isBusy());
    QCOMPARE(finished.count(), 1);
    const auto analysis = finished.at(0).at(0).value<ss::Analysis>();
    QCOMPARE(analysis.generation, runner.generation());
    QVERIFY(analysis.evaluated);
    QCOMPARE(analysis.result.memory.per_gpu.at(0).params,
             ss::AnalysisRunner::analyse(second, 0).result.memory.per_gpu.at(0).params);

    runner.setMode(ss::AnalysisRunner::Mode::Inline);
    runner.request(first);
    QCOMPARE(finished.count(), 2); // inline: emitted before request() returns
}

// While one threaded evaluation runs, later requests wait and only the latest is evaluated.
void TestScenarioDocument::threadedRunnerCoalescesRequests()
{
    ss::AnalysisRunner runner;
    runner.setMode(ss::AnalysisRunner::Mode::Threaded);
    QSignalSpy finished(&runner, &ss::AnalysisRunner::finished);
    Scenario scenario = ss::io::defaultExampleScenario();
    for (int zero = 0; zero <= 3; ++zero) {
        scenario.parallel.zero_stage = zero;
        runner.request(scenario);
    }
    QVERIFY(runner.isBusy());
    QTRY_VERIFY(!runner.isBusy());
    QCOMPARE(finished.count(), 1);
    const auto analysis = finished.at(0).at(0).value<ss::Analysis>();
    QCOMPARE(analysis.generation, runner.generation());
    QCOMPARE(analysis.result.memory.per_gpu.at(0).params,
             ss::AnalysisRunner::analyse(scenario, 0).result.memory.per_gpu.at(0).params);
    QVERIFY(!analysis.result.timeline.empty()); // the runner asks for the Gantt chart's boxes
}

// docs/architecture.md, "Back to the views": the document keeps the very analysis the runner emitted (its
// timeline is not copied), inline and from the thread pool, and an invalid scenario's analysis leaves the
// last valid result where it was.
void TestScenarioDocument::resultIsSharedWithTheRunner()
{
    for (const auto mode : {ss::AnalysisRunner::Mode::Inline, ss::AnalysisRunner::Mode::Threaded}) {
        ScenarioDocument doc;
        doc.runner()->setMode(mode);
        FieldValue value;
        value.number = 2;
        QCOMPARE(doc.setField(QStringLiteral("parallel.zero_stage"), value), QString());
        QTRY_VERIFY(doc.isResultCurrent());
        const std::shared_ptr<const ss::Analysis> latest = doc.runner()->latest();
        QVERIFY(latest);
        QVERIFY(latest->evaluated);
        QCOMPARE(&doc.result(), &latest->result);
        QVERIFY(!doc.result().timeline.empty());
        QCOMPARE(
            doc.result().timeline.size(),
            ss::AnalysisRunner::analyse(doc.scenario(), 0, doc.runner()->options()).result.timeline.size());

        value.number = 2; // 8 × 2 × 1 = 16 ≠ 8 GPUs
        QCOMPARE(doc.setField(QStringLiteral("parallel.tp"), value), QString());
        QTRY_VERIFY(!doc.runner()->isBusy());
        QVERIFY(!doc.isValid());
        QVERIFY(!doc.runner()->latest()->evaluated);
        QCOMPARE(&doc.result(), &latest->result); // the last valid result, still shared
    }
}

// The estimate depends on the scenario alone (no clock), so each example always takes the same path: the
// default example inline, GPT-3 175B on 1024 GPUs (about 10^5 timeline boxes) on the thread pool.
void TestScenarioDocument::automaticRunnerChoosesByEstimate_data()
{
    QTest::addColumn<QString>("example");
    QTest::addColumn<bool>("inlineRun");
    QTest::newRow("default: inline") << "default" << true;
    QTest::newRow("gpt3-175b-megatron: threaded") << "gpt3-175b-megatron" << false;
}

void TestScenarioDocument::automaticRunnerChoosesByEstimate()
{
    QFETCH(QString, example);
    QFETCH(bool, inlineRun);
    Scenario scenario;
    QString error;
    QVERIFY2(ss::io::loadExample(example, scenario, &error), qPrintable(error));
    ss::AnalysisRunner runner;
    QCOMPARE(runner.mode(), ss::AnalysisRunner::Mode::Automatic);
    QCOMPARE(runner.runsInline(scenario), inlineRun);
    QSignalSpy finished(&runner, &ss::AnalysisRunner::finished);
    runner.request(scenario);
    QCOMPARE(finished.count(), inlineRun ? 1 : 0);
    QTRY_COMPARE(finished.count(), 1);
    const auto analysis = finished.at(0).at(0).value<ss::Analysis>();
    QVERIFY(analysis.evaluated);
    QVERIFY(analysis.result.step.time_s > 0);
    // A scenario that does not validate still gets an estimate, never a division by zero.
    scenario.parallel.dp = 0;
    scenario.training.micro_batch = 0;
    QVERIFY(std::isfinite(ss::AnalysisRunner::estimatedSeconds(scenario)));
}

void TestScenarioDocument::settingsRoundTrip()
{
    const QString ini = m_dir.filePath(QStringLiteral("settings.ini"));
    {
        ss::Settings settings(ini);
        QVERIFY(settings.lastScenarioJson().isEmpty());
        QVERIFY(settings.lastScenarioFile().isEmpty());
        QVERIFY(!settings.lastScenarioModified());
        QVERIFY(settings.language().isEmpty()); // default: the system language
        settings.setLastScenarioJson("{\"x\": 1}");
        settings.setLastScenarioFile(QStringLiteral("/a/b.json"));
        settings.setLastScenarioModified(true);
        settings.setWindowGeometry("geometry");
        settings.setWindowState("state");
        settings.setLanguage(QStringLiteral("zh_CN"));
        settings.setLastDirectory(QStringLiteral("/a"));
        settings.sync();
    }
    ss::Settings settings(ini);
    QCOMPARE(settings.lastScenarioJson(), QByteArray("{\"x\": 1}"));
    QCOMPARE(settings.lastScenarioFile(), QStringLiteral("/a/b.json"));
    QVERIFY(settings.lastScenarioModified());
    QCOMPARE(settings.windowGeometry(), QByteArray("geometry"));
    QCOMPARE(settings.windowState(), QByteArray("state"));
    QCOMPARE(settings.language(), QStringLiteral("zh_CN"));
    QCOMPARE(settings.lastDirectory(), QStringLiteral("/a"));
}

QTEST_GUILESS_MAIN(TestScenarioDocument)
#include "tst_scenariodocument.moc"
