// SPDX-License-Identifier: GPL-3.0-or-later
// The pinned baseline in the window, offscreen: pinning, then editing the ZeRO stage through the
// document, shows in the summary the change that two evaluate() calls give; the memory chart gains the
// baseline's bars and loses them on unpin; a file that is not a valid scenario changes nothing; the Compare
// tab lists every figure; exports carry the baseline. Pinning is a view state, never an undo step.
#include "baselinemodel.h"
#include "chartexport.h"
#include "comparemodel.h"
#include "comparetext.h"
#include "compareview.h"
#include "evaluate.h"
#include "ganttchart.h"
#include "mainwindow.h"
#include "memorychart.h"
#include "scenariodocument.h"
#include "scenariojson.h"
#include "summarystrip.h"

#include <QAbstractItemModelTester>
#include <QAction>
#include <QFile>
#include <QLabel>
#include <QMessageBox>
#include <QSignalSpy>
#include <QStandardPaths>
#include <QTabWidget>
#include <QTableView>
#include <QTemporaryDir>
#include <QTest>
#include <QToolButton>
#include <QToolTip>
#include <QUndoStack>

using namespace ss;
using Component = MemoryChart::Component;

namespace {

bool writeFile(const QString& fileName, const QByteArray& bytes)
{
    QFile file(fileName);
    return file.open(QIODevice::WriteOnly) && file.write(bytes) == bytes.size();
}

QLabel* label(const MainWindow& w, const QString& name)
{
    return w.findChild<QLabel*>(name);
}

// What the live analysis evaluates: the document's options (the timeline on).
Result evaluated(const MainWindow& w, const Scenario& scenario)
{
    return evaluate(scenario, w.document()->runner()->options());
}

void closeErrorBox(const MainWindow& w)
{
    if (auto* box = w.findChild<QMessageBox*>(QStringLiteral("errorMessage")))
        box->close();
}

} // namespace

class TestCompareView : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();
    void pinThenEditShowsTheDelta();
    void chartGainsAndLosesBaselineBars();
    void hoverTellsBaselineFromCurrent();
    void pinningIsNotAnEdit();
    void invalidScenarioCannotBePinned();
    void unpinWhileInvalid();
    void malformedFileLeavesStateUntouched_data();
    void malformedFileLeavesStateUntouched();
    void compareWithFileSideBySide();
    void exportShowsTheBaseline();

private:
    QTemporaryDir m_dir;
};

void TestCompareView::initTestCase()
{
    QStandardPaths::setTestModeEnabled(true);
    QVERIFY(m_dir.isValid());
}

void TestCompareView::pinThenEditShowsTheDelta()
{
    MainWindow w;
    QAction* pin = w.findChild<QAction*>(QStringLiteral("actionPinBaseline"));
    QVERIFY(pin && pin->isCheckable() && pin->isEnabled());
    QLabel* peakDelta = label(w, QStringLiteral("summary.peak.delta"));
    QLabel* timeDelta = label(w, QStringLiteral("summary.step_time.delta"));
    QVERIFY(peakDelta && timeDelta);
    QVERIFY(peakDelta->isHidden());

    const Scenario before = w.document()->scenario();
    QCOMPARE(before.parallel.zero_stage, 1);
    QSignalSpy changed(w.baselineModel(), &BaselineModel::changed);
    pin->trigger();
    QCOMPARE(changed.count(), 1);
    QVERIFY(w.baselineModel()->isPinned());
    QVERIFY(pin->isChecked());
    QCOMPARE(w.baselineModel()->baseline().label, QString::fromStdString(before.name));
    // Nothing changed yet: every figure says so.
    QVERIFY(!peakDelta->isHidden());
    QCOMPARE(peakDelta->text(), CompareText::tr("no change"));

    QCOMPARE(w.document()->setFieldText(QStringLiteral("parallel.zero_stage"), QStringLiteral("3")),
             QString());
    const Scenario after = w.document()->scenario();
    QCOMPARE(after.parallel.zero_stage, 3);

    // The expected change: current − baseline from two evaluate() calls of the two scenarios.
    const Result b = evaluated(w, before);
    const Result c = evaluated(w, after);
    QVERIFY(c.memory.peak_gpu_bytes < b.memory.peak_gpu_bytes); // ZeRO-3 shards the 2Ψ weights too (ZeRO §5)
    const FigureDelta peak =
        compareFigure(*figureSpec("memory.peak_gpu_bytes"), b.memory.peak_gpu_bytes, c.memory.peak_gpu_bytes);
    QCOMPARE(peak.delta, c.memory.peak_gpu_bytes - b.memory.peak_gpu_bytes);
    QCOMPARE(peakDelta->text(), CompareText::change(peak));
    QVERIFY2(peakDelta->text().startsWith(QChar(0x2212)), qPrintable(peakDelta->text()));
    QCOMPARE(peakDelta->property("verdict").toInt(), static_cast<int>(Verdict::Better));
    QVERIFY(peakDelta->toolTip().contains(CompareText::baselineValue(peak)));
    QVERIFY(peakDelta->toolTip().contains(CompareText::currentValue(peak)));
    const FigureDelta time = compareFigure(*figureSpec("step.time_s"), b.step.time_s, c.step.time_s);
    QCOMPARE(timeDelta->text(), CompareText::change(time));

    // The Compare tab holds the same numbers, unrounded.
    CompareModel* model = w.compareView()->model();
    QAbstractItemModelTester tester(model, QAbstractItemModelTester::FailureReportingMode::QtTest);
    QCOMPARE(model->rowCount(), static_cast<int>(comparedFigures().size() + 6 * c.memory.per_gpu.size()));
    bool found = false;
    for (int row = 0; row < model->rowCount(); ++row) {
        if (model->index(row, 0).data(CompareModel::FigureIdRole).toString() !=
            QLatin1String("memory.peak_gpu_bytes"))
            continue;
        found = true;
        QCOMPARE(model->index(row, CompareModel::BaselineColumn).data(CompareModel::ValueRole).toDouble(),
                 b.memory.peak_gpu_bytes);
        QCOMPARE(model->index(row, CompareModel::CurrentColumn).data(CompareModel::ValueRole).toDouble(),
                 c.memory.peak_gpu_bytes);
        QCOMPARE(model->index(row, CompareModel::ChangeColumn).data(CompareModel::ValueRole).toDouble(),
                 c.memory.peak_gpu_bytes - b.memory.peak_gpu_bytes);
        QCOMPARE(model->index(row, CompareModel::PercentColumn).data(CompareModel::ValueRole).toDouble(),
                 (c.memory.peak_gpu_bytes - b.memory.peak_gpu_bytes) / b.memory.peak_gpu_bytes);
        QVERIFY(model->index(row, CompareModel::ChangeColumn).data(Qt::ForegroundRole).isValid());
    }
    QVERIFY(found);
    QVERIFY(w.compareView()->table()->isVisibleTo(w.compareView()));

    // The Gantt chart's title compares the step time and the bubble.
    const QString line = w.ganttChart()->comparison();
    QVERIFY2(line.contains(CompareText::baselineValue(time)) &&
                 line.contains(CompareText::currentValue(time)),
             qPrintable(line));
    QVERIFY2(line.contains(CompareText::relative(time)), qPrintable(line));

    // Undo brings the scenario back to the baseline: no change again, and the baseline stays pinned.
    w.document()->undoStack()->undo();
    QVERIFY(w.baselineModel()->isPinned());
    QCOMPARE(peakDelta->text(), CompareText::tr("no change"));

    pin->trigger();
    QVERIFY(!w.baselineModel()->isPinned());
    QVERIFY(!pin->isChecked());
    QVERIFY(peakDelta->isHidden());
    QVERIFY(w.ganttChart()->comparison().isEmpty());
    QCOMPARE(model->rowCount(), 0);
}

void TestCompareView::chartGainsAndLosesBaselineBars()
{
    MainWindow w;
    MemoryChart* chart = w.memoryChart();
    const int plain = chart->plottableCount();
    QCOMPARE(plain, MemoryChart::componentCount);
    const int legendBefore = chart->legend->itemCount();
    QVERIFY(!chart->hasBaseline());

    QVERIFY(w.setBaselinePinned(true));
    const Result baseline = w.document()->result();
    // Five stacked baseline components and one legend entry for them.
    QCOMPARE(chart->plottableCount(), plain + MemoryChart::componentCount + 1);
    QCOMPARE(chart->legend->itemCount(), legendBefore + 1);
    bool named = false;
    for (int i = 0; i < chart->legend->itemCount(); ++i)
        if (auto* item = qobject_cast<QCPPlottableLegendItem*>(chart->legend->item(i)))
            named =
                named || item->plottable()->name().startsWith(MemoryChart::tr("Baseline: %1").arg(QString()));
    QVERIFY(named);

    QCOMPARE(w.document()->setFieldText(QStringLiteral("parallel.zero_stage"), QStringLiteral("3")),
             QString());
    const auto stages = static_cast<int>(baseline.memory.per_gpu.size());
    QCOMPARE(chart->baselineBars(Component::Optimizer)->data()->size(), stages);
    QCOMPARE(chart->bars(Component::Optimizer)->data()->size(), stages);
    // The baseline's bars keep the baseline's bytes; the current ones follow the edit (ZeRO-3: 12Ψ/N_d).
    QCOMPARE(chart->baselineBars(Component::Optimizer)->data()->at(0)->value,
             baseline.memory.per_gpu[0].optimizer);
    QCOMPARE(chart->bars(Component::Optimizer)->data()->at(0)->value,
             w.document()->result().memory.per_gpu[0].optimizer);
    QCOMPARE(chart->baselineBars(Component::Params)->data()->at(0)->value, baseline.memory.per_gpu[0].params);
    QVERIFY(chart->bars(Component::Params)->data()->at(0)->value < baseline.memory.per_gpu[0].params);
    // Beside, not on top: the baseline stack left of the current one, both narrower than alone.
    QVERIFY(chart->baselineBars(Component::Params)->data()->at(0)->key <
            chart->bars(Component::Params)->data()->at(0)->key);
    QVERIFY(chart->baselineBars(Component::Params)->width() < chart->bars(Component::Params)->width());

    w.setBaselinePinned(false);
    QCOMPARE(chart->plottableCount(), plain);
    QCOMPARE(chart->legend->itemCount(), legendBefore);
    QVERIFY(!chart->hasBaseline());
    QCOMPARE(chart->bars(Component::Params)->data()->at(0)->key, 0.0);
}

void TestCompareView::hoverTellsBaselineFromCurrent()
{
    MainWindow w;
    w.viewTabs()->setCurrentWidget(w.memoryChart()); // the window opens on the Overview
    w.show();
    QVERIFY(QTest::qWaitForWindowExposed(&w));
    QVERIFY(w.setBaselinePinned(true));
    const StageMemory b = w.baselineModel()->baseline().result.memory.per_gpu.at(0);
    QCOMPARE(w.document()->setFieldText(QStringLiteral("parallel.zero_stage"), QStringLiteral("3")),
             QString());
    const StageMemory c = w.document()->result().memory.per_gpu.at(0);
    MemoryChart* chart = w.memoryChart();
    chart->replot(QCustomPlot::rpImmediateRefresh); // lays out the axes for the pixel mapping

    const double baselineKey = chart->baselineBars(Component::Activations)->data()->at(0)->key;
    const double baselineMiddle = b.params + b.grads + b.optimizer + b.activations / 2;
    QTest::mouseMove(chart, QPoint(qRound(chart->xAxis->coordToPixel(baselineKey)),
                                   qRound(chart->yAxis->coordToPixel(baselineMiddle))));
    QTRY_VERIFY(QToolTip::isVisible());
    const QString baselineTip = QToolTip::text();
    QVERIFY2(
        baselineTip.startsWith(MemoryChart::tr("Baseline “%1”").arg(w.baselineModel()->baseline().label)),
        qPrintable(baselineTip));
    QVERIFY(baselineTip.contains(MemoryChart::componentName(Component::Activations)));

    const double currentKey = chart->bars(Component::Activations)->data()->at(0)->key;
    const double currentMiddle = c.params + c.grads + c.optimizer + c.activations / 2;
    QTest::mouseMove(chart, QPoint(qRound(chart->xAxis->coordToPixel(currentKey)),
                                   qRound(chart->yAxis->coordToPixel(currentMiddle))));
    const FigureDelta total = compareFigure(*figureSpec("memory.per_gpu[0].total"), b.total, c.total);
    QTRY_VERIFY2(QToolTip::text().contains(CompareText::change(total)), qPrintable(QToolTip::text()));
    QVERIFY(!QToolTip::text().startsWith(MemoryChart::tr("Baseline “%1”").arg(QString()).left(8)));
}

void TestCompareView::pinningIsNotAnEdit()
{
    MainWindow w;
    const int steps = w.document()->undoStack()->count();
    const bool modified = w.document()->isModified();
    QVERIFY(w.setBaselinePinned(true));
    QCOMPARE(w.document()->undoStack()->count(), steps);
    QCOMPARE(w.document()->isModified(), modified);
    w.setBaselinePinned(false);
    QCOMPARE(w.document()->undoStack()->count(), steps);
}

void TestCompareView::invalidScenarioCannotBePinned()
{
    MainWindow w;
    // 8 × 2 × 1 = 16 ≠ 8 GPUs: a valid field value, an invalid scenario.
    QCOMPARE(w.document()->setFieldText(QStringLiteral("parallel.tp"), QStringLiteral("2")), QString());
    QVERIFY(!w.document()->isValid());
    QAction* pin = w.findChild<QAction*>(QStringLiteral("actionPinBaseline"));
    QVERIFY(!pin->isEnabled());
    QVERIFY(!w.setBaselinePinned(true));
    QVERIFY(!w.baselineModel()->isPinned());
    QVERIFY(!pin->isChecked());
    QVERIFY(!w.lastError().isEmpty());
    closeErrorBox(w);
}

void TestCompareView::unpinWhileInvalid()
{
    MainWindow w;
    QVERIFY(w.setBaselinePinned(true));
    QCOMPARE(w.document()->setFieldText(QStringLiteral("parallel.tp"), QStringLiteral("2")), QString());
    QVERIFY(!w.document()->isValid());
    // The figures grey out (they are the last valid scenario's), the baseline toggle does not.
    auto* button = w.findChild<QToolButton*>(QStringLiteral("summary.pinBaseline"));
    QVERIFY(button);
    QVERIFY(button->isEnabled());
    QVERIFY(!label(w, QStringLiteral("summary.peak"))->isEnabled());
    QVERIFY(w.findChild<QAction*>(QStringLiteral("actionPinBaseline"))->isEnabled());
    button->click();
    QVERIFY(!w.baselineModel()->isPinned());
    // Now nothing is pinned and the scenario is invalid: nothing to pin.
    QVERIFY(!button->isEnabled());
}

void TestCompareView::malformedFileLeavesStateUntouched_data()
{
    QTest::addColumn<QByteArray>("content");
    QTest::addColumn<bool>("pinnedBefore");
    QTest::newRow("cut-off JSON, nothing pinned")
        << QByteArray("{\"format\": \"shardscope-scenario\", \"version\": 1, \"model\": {\"layers\": ")
        << false;
    QTest::newRow("cut-off JSON, a baseline pinned")
        << QByteArray("{\"format\": \"shardscope-scenario\", \"version\": 1, \"model\": {\"layers\": ")
        << true;
    QTest::newRow("not a scenario") << QByteArray("[1, 2, 3]") << true;
    QTest::newRow("unknown key")
        << QByteArray("{\"format\": \"shardscope-scenario\", \"version\": 1, \"modle\": {}}") << true;
}

void TestCompareView::malformedFileLeavesStateUntouched()
{
    QFETCH(QByteArray, content);
    QFETCH(bool, pinnedBefore);
    MainWindow w;
    if (pinnedBefore)
        QVERIFY(w.setBaselinePinned(true));
    QCOMPARE(w.document()->setFieldText(QStringLiteral("parallel.zero_stage"), QStringLiteral("2")),
             QString());
    const Scenario scenario = w.document()->scenario();
    const int steps = w.document()->undoStack()->count();
    const QString labelBefore = pinnedBefore ? w.baselineModel()->baseline().label : QString();
    const double peakBefore = pinnedBefore ? w.baselineModel()->baseline().result.memory.peak_gpu_bytes : 0;
    const int plottables = w.memoryChart()->plottableCount();
    const QString deltaText = label(w, QStringLiteral("summary.peak.delta"))->text();

    const QString fileName = m_dir.filePath(QStringLiteral("broken-baseline.json"));
    QVERIFY(writeFile(fileName, content));
    QSignalSpy changed(w.baselineModel(), &BaselineModel::changed);
    QVERIFY(!w.compareWithFile(fileName));
    QVERIFY2(w.lastError().contains(QStringLiteral("broken-baseline.json")), qPrintable(w.lastError()));
    QCOMPARE(changed.count(), 0);
    QCOMPARE(w.baselineModel()->isPinned(), pinnedBefore);
    if (pinnedBefore) {
        QCOMPARE(w.baselineModel()->baseline().label, labelBefore);
        QCOMPARE(w.baselineModel()->baseline().result.memory.peak_gpu_bytes, peakBefore);
    }
    QCOMPARE(w.document()->scenario(), scenario);
    QCOMPARE(w.document()->undoStack()->count(), steps);
    QCOMPARE(w.memoryChart()->plottableCount(), plottables);
    QCOMPARE(label(w, QStringLiteral("summary.peak.delta"))->text(), deltaText);
    closeErrorBox(w);
}

void TestCompareView::compareWithFileSideBySide()
{
    // A: the default example, open. B: the same with ZeRO-3 and its own name, saved to a file.
    MainWindow w;
    Scenario b = w.document()->scenario();
    b.name = "ZeRO-3 variant";
    b.parallel.zero_stage = 3;
    const QString fileName = m_dir.filePath(QStringLiteral("zero3.json"));
    QVERIFY(writeFile(fileName, io::writeScenario(b)));
    const Scenario a = w.document()->scenario();

    QVERIFY(w.compareWithFile(fileName));
    QVERIFY(w.lastError().isEmpty());
    QCOMPARE(w.document()->scenario(), a);
    QVERIFY(w.baselineModel()->isPinned());
    QCOMPARE(w.baselineModel()->baseline().label, QStringLiteral("ZeRO-3 variant"));
    QVERIFY(w.baselineModel()->baseline().fileName.endsWith(QStringLiteral("zero3.json")));
    QVERIFY(w.findChild<QAction*>(QStringLiteral("actionPinBaseline"))->isChecked());
    QVERIFY(w.memoryChart()->hasBaseline());
    // A against B: A holds the unsharded weights, so its peak is higher: worse than the baseline.
    const Result rb = evaluated(w, b);
    const Result ra = evaluated(w, a);
    const FigureDelta peak = compareFigure(*figureSpec("memory.peak_gpu_bytes"), rb.memory.peak_gpu_bytes,
                                           ra.memory.peak_gpu_bytes);
    QCOMPARE(peak.verdict, Verdict::Worse);
    QCOMPARE(label(w, QStringLiteral("summary.peak.delta"))->text(), CompareText::change(peak));
    QVERIFY(label(w, QStringLiteral("compare.header"))->text().contains(QStringLiteral("zero3.json")));

    // A missing file: the error names it and B stays the baseline.
    QVERIFY(!w.compareWithFile(m_dir.filePath(QStringLiteral("missing.json"))));
    QCOMPARE(w.baselineModel()->baseline().label, QStringLiteral("ZeRO-3 variant"));
    closeErrorBox(w);
}

void TestCompareView::exportShowsTheBaseline()
{
    MainWindow w;
    QVERIFY(w.setBaselinePinned(true));
    QCOMPARE(w.document()->setFieldText(QStringLiteral("parallel.zero_stage"), QStringLiteral("3")),
             QString());
    const Scenario& scenario = w.document()->scenario();
    const Result result = ChartExport::evaluateForExport(scenario);
    const Baseline* baseline = w.baselineModel()->pinned();
    QVERIFY(baseline);
    QString error;
    const QByteArray plain =
        ChartExport::exportData(scenario, result, io::ExportChart::Memory, io::ExportFormat::Svg, &error);
    const QByteArray compared = ChartExport::exportData(scenario, result, io::ExportChart::Memory,
                                                        io::ExportFormat::Svg, &error, nullptr, baseline);
    QVERIFY2(error.isEmpty(), qPrintable(error));
    QVERIFY(!plain.contains("Baseline"));
    QVERIFY2(compared.contains("Baseline:"), compared.left(400).constData());
    // The picture differs by the baseline's bars.
    const QSize size(ChartExport::chartWidth, ChartExport::chartHeight);
    QVERIFY(ChartExport::image(scenario, result, io::ExportChart::Memory, size, 1.0) !=
            ChartExport::image(scenario, result, io::ExportChart::Memory, size, 1.0, baseline));
    // The report gains its comparison section and still is a PDF.
    int pages = 0;
    const QByteArray report = ChartExport::exportData(scenario, result, io::ExportChart::Report,
                                                      io::ExportFormat::Pdf, &error, &pages, baseline);
    QVERIFY(report.startsWith("%PDF"));
    QVERIFY(pages >= 5);
}

QTEST_MAIN(TestCompareView)
#include "tst_compareview.moc"
