// SPDX-License-Identifier: GPL-3.0-or-later
// BaselineModel: what is pinned is the evaluation of the pinned scenario with the document's own
// options, even while the document's result still belongs to an earlier edit; files that cannot be read
// or are not valid scenarios change nothing; pinning never touches the undo stack.
#include "baselinemodel.h"
#include "evaluate.h"
#include "scenariodocument.h"
#include "scenariojson.h"

#include <QFile>
#include <QSignalSpy>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>
#include <QUndoStack>

using namespace ss;

namespace {

bool writeFile(const QString& fileName, const QByteArray& bytes)
{
    QFile file(fileName);
    return file.open(QIODevice::WriteOnly) && file.write(bytes) == bytes.size();
}

} // namespace

class TestBaselineModel : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();
    void pinCurrentKeepsTheDocumentsFigures();
    void pinWhileTheResultIsStaleEvaluatesThePinnedScenario();
    void invalidScenarioIsNotPinned();
    void badFilesChangeNothing_data();
    void badFilesChangeNothing();
    void fileLabel();

private:
    QTemporaryDir m_dir;
};

void TestBaselineModel::initTestCase()
{
    QStandardPaths::setTestModeEnabled(true);
    QVERIFY(m_dir.isValid());
}

void TestBaselineModel::pinCurrentKeepsTheDocumentsFigures()
{
    ScenarioDocument doc;
    BaselineModel baseline(&doc);
    QVERIFY(!baseline.isPinned());
    QVERIFY(!baseline.pinned());
    QVERIFY(baseline.deltas().empty());
    QVERIFY(doc.isResultCurrent());
    const int steps = doc.undoStack()->count();

    QSignalSpy changed(&baseline, &BaselineModel::changed);
    QVERIFY(baseline.pinCurrent());
    QCOMPARE(changed.count(), 1);
    QCOMPARE(baseline.baseline().scenario, doc.scenario());
    QCOMPARE(baseline.baseline().label, QString::fromStdString(doc.scenario().name));
    QVERIFY(baseline.baseline().fileName.isEmpty());
    QCOMPARE(baseline.baseline().result.step.time_s, doc.result().step.time_s);
    QCOMPARE(baseline.baseline().result.memory.peak_gpu_bytes, doc.result().memory.peak_gpu_bytes);
    // The baseline does not keep the step's boxes: the views show its figures, not its timeline.
    QVERIFY(!doc.result().timeline.empty());
    QVERIFY(baseline.baseline().result.timeline.empty());
    // A view state: no undo step, not modified.
    QCOMPARE(doc.undoStack()->count(), steps);
    QVERIFY(!doc.isModified());

    QCOMPARE(doc.setFieldText(QStringLiteral("training.recompute"), QStringLiteral("full")), QString());
    const std::vector<FigureDelta> deltas = baseline.deltas();
    const FigureDelta* flops = findDelta(deltas, "compute.hardware_flops_per_step");
    QVERIFY(flops);
    // Full recompute runs the forward pass again (Korthikanti et al. §5): more hardware FLOPs, same model
    // FLOPs.
    QVERIFY(flops->delta > 0);
    QCOMPARE(findDelta(deltas, "compute.model_flops_per_step")->verdict, Verdict::Same);

    baseline.unpin();
    QCOMPARE(changed.count(), 2);
    baseline.unpin(); // a second unpin is a no-op
    QCOMPARE(changed.count(), 2);
    QVERIFY(baseline.deltas().empty());
}

void TestBaselineModel::pinWhileTheResultIsStaleEvaluatesThePinnedScenario()
{
    ScenarioDocument doc;
    doc.runner()->setMode(AnalysisRunner::Mode::Threaded);
    BaselineModel baseline(&doc);
    QCOMPARE(doc.setFieldText(QStringLiteral("parallel.zero_stage"), QStringLiteral("3")), QString());
    QVERIFY(!doc.isResultCurrent()); // still the ZeRO-1 figures until the thread pool answers
    QVERIFY(baseline.pinCurrent());
    const Result expected = evaluate(doc.scenario(), doc.runner()->options());
    QCOMPARE(baseline.baseline().result.memory.peak_gpu_bytes, expected.memory.peak_gpu_bytes);
    QCOMPARE(baseline.baseline().result.step.time_s, expected.step.time_s);
    QSignalSpy results(&doc, &ScenarioDocument::resultChanged);
    QVERIFY(results.wait(10000));
    QVERIFY(doc.isResultCurrent());
    QCOMPARE(findDelta(baseline.deltas(), "memory.peak_gpu_bytes")->verdict, Verdict::Same);
}

void TestBaselineModel::invalidScenarioIsNotPinned()
{
    ScenarioDocument doc;
    BaselineModel baseline(&doc);
    QVERIFY(baseline.canPinCurrent());
    QCOMPARE(doc.setFieldText(QStringLiteral("parallel.tp"), QStringLiteral("2")), QString()); // 16 ≠ 8 GPUs
    QVERIFY(!doc.isValid());
    QVERIFY(!baseline.canPinCurrent());
    QSignalSpy changed(&baseline, &BaselineModel::changed);
    QString error;
    QVERIFY(!baseline.pinCurrent(&error));
    QVERIFY(!error.isEmpty());
    QVERIFY(!baseline.isPinned());
    QVERIFY(!baseline.pinScenario(doc.scenario(), QStringLiteral("x"), QString(), &error));
    QVERIFY2(error.contains(QStringLiteral("GPU")), qPrintable(error));
    QCOMPARE(changed.count(), 0);
}

void TestBaselineModel::badFilesChangeNothing_data()
{
    QTest::addColumn<QByteArray>("content");
    QTest::newRow("empty file") << QByteArray();
    QTest::newRow("cut-off JSON") << QByteArray(
        "{\"format\": \"shardscope-scenario\", \"version\": 1, \"model\": {");
    QTest::newRow("another format") << QByteArray("{\"format\": \"shardscope-topology\", \"version\": 1}");
    QTest::newRow("valid JSON, impossible layout")
        << QByteArray("{\"format\": \"shardscope-scenario\", \"version\": 1, \"parallel\": {\"dp\": 3}}");
    QTest::newRow("binary") << QByteArray("\x00\xff\xfe{[\x01", 6);
}

void TestBaselineModel::badFilesChangeNothing()
{
    QFETCH(QByteArray, content);
    ScenarioDocument doc;
    BaselineModel baseline(&doc);
    QVERIFY(baseline.pinCurrent());
    const Baseline before = baseline.baseline();
    const QString fileName = m_dir.filePath(QStringLiteral("bad.json"));
    QVERIFY(writeFile(fileName, content));
    QSignalSpy changed(&baseline, &BaselineModel::changed);
    QString error;
    QVERIFY(!baseline.pinFile(fileName, &error));
    QVERIFY2(error.contains(QStringLiteral("bad.json")), qPrintable(error));
    QCOMPARE(changed.count(), 0);
    QVERIFY(baseline.isPinned());
    QCOMPARE(baseline.baseline().scenario, before.scenario);
    QCOMPARE(baseline.baseline().label, before.label);
    QVERIFY(!baseline.pinFile(m_dir.filePath(QStringLiteral("does-not-exist.json")), &error));
    QCOMPARE(baseline.baseline().scenario, before.scenario);
}

void TestBaselineModel::fileLabel()
{
    ScenarioDocument doc;
    BaselineModel baseline(&doc);
    Scenario named = doc.scenario();
    named.name = "Baseline B";
    named.parallel.zero_stage = 2;
    const QString namedFile = m_dir.filePath(QStringLiteral("b.json"));
    QVERIFY(writeFile(namedFile, io::writeScenario(named)));
    QString error;
    QVERIFY2(baseline.pinFile(namedFile, &error), qPrintable(error));
    QCOMPARE(baseline.baseline().label, QStringLiteral("Baseline B"));
    QCOMPARE(baseline.baseline().scenario, named);
    QVERIFY(baseline.baseline().fileName.endsWith(QStringLiteral("b.json")));
    // The document stays what it was: the file is beside it, not opened.
    QVERIFY(doc.scenario() != named);
    QVERIFY(doc.fileName().isEmpty());
}

QTEST_GUILESS_MAIN(TestBaselineModel)
#include "tst_baselinemodel.moc"
