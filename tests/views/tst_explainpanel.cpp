// SPDX-License-Identifier: GPL-3.0-or-later
// The Explain dock, offscreen in the main window: clicking a memory bar segment, a box of the step
// timeline, a link of the topology, a bar of the bandwidth chart and a figure of the summary strip shows the
// matching explanation, whose
// value is the figure the view shows; edits alone evaluate nothing; Copy as Text copies what is shown.
#include "bandwidthchart.h"
#include "explainmodel.h"
#include "explainpanel.h"
#include "ganttchart.h"
#include "mainwindow.h"
#include "memorychart.h"
#include "scenariodocument.h"
#include "summarystrip.h"
#include "topologyeditor.h"
#include "topologyscene.h"

#include <QAction>
#include <QClipboard>
#include <QDockWidget>
#include <QGuiApplication>
#include <QLabel>
#include <QPushButton>
#include <QTabWidget>
#include <QTest>
#include <QTextBrowser>

#include <algorithm>
#include <cmath>
#include <memory>

using namespace ss;

namespace {

bool close(double a, double b, double relative = 1e-12)
{
    return a == b || std::abs(a - b) <= relative * std::max(std::abs(a), std::abs(b));
}

// The middle of the box of timeline event INDEX, in the chart's pixels (as tst_ganttchart finds it).
QPoint boxCentre(const GanttChart& chart, int index)
{
    const ss::TimelineEvent& e = chart.events().at(std::size_t(index));
    for (const GanttRow& row : chart.ganttLayout().rows)
        for (const GanttBox& box : row.boxes)
            if (box.event == index)
                return QPoint(qRound(chart.xAxis->coordToPixel((e.start_s + e.end_s) / 2)),
                              qRound(chart.yAxis->coordToPixel(row.top + row.height / 2)));
    return {};
}

} // namespace

class TestExplainPanel : public QObject
{
    Q_OBJECT
private slots:
    void init();
    void cleanup();
    void emptyUntilAFigureIsClicked();
    void memorySegment();
    void ganttComputeBox();
    void ganttCommunicationBox();
    void topologyLink();
    void bandwidthLinkBar();
    void bandwidthCollectiveBar();
    void summaryFigure();
    void copyAsText();
    void editsAloneEvaluateNothing();
    void languageChange();
    void validAgainExplainsAgain();
    void removedLinksAreNotNamed();

private:
    QDockWidget* dock() const { return m_window->findChild<QDockWidget*>(QStringLiteral("explainDock")); }
    ExplainPanel* panel() const { return m_window->explainPanel(); }
    const Result& result() const { return m_window->document()->result(); }
    std::unique_ptr<MainWindow> m_window;
};

void TestExplainPanel::init()
{
    m_window = std::make_unique<MainWindow>();
    // GPT-3 2.7B in 8 pipeline stages on one DGX A100: tp 1, so every op is one compute box.
    QVERIFY(m_window->openExample(QStringLiteral("pipeline-schedules-8-stages")));
    m_window->resize(1280, 800);
    m_window->show();
    QVERIFY(QTest::qWaitForWindowExposed(m_window.get()));
    QVERIFY(m_window->document()->isResultCurrent());
}

void TestExplainPanel::cleanup()
{
    m_window.reset();
}

void TestExplainPanel::emptyUntilAFigureIsClicked()
{
    QVERIFY(dock());
    QVERIFY(dock()->isHidden());
    QVERIFY(m_window->findChild<QAction*>(QStringLiteral("actionShowExplain")));
    auto* empty = panel()->findChild<QLabel*>(QStringLiteral("explainEmpty"));
    QVERIFY(empty && !empty->isHidden());
    QVERIFY(empty->text().contains(QStringLiteral("Click a figure")));
    QVERIFY(!panel()->findChild<QPushButton*>(QStringLiteral("explainCopy"))->isEnabled());
    QVERIFY(panel()->currentFigure().isEmpty());
    QCOMPARE(panel()->model()->evaluations(), 0);
}

void TestExplainPanel::memorySegment()
{
    MemoryChart* chart = m_window->memoryChart();
    m_window->viewTabs()->setCurrentWidget(chart);
    chart->replot(QCustomPlot::rpImmediateRefresh);
    // A point of stage 7's activations segment: scan the bar's middle column from the bottom up.
    const int stage = 7;
    const int x = qRound(chart->xAxis->coordToPixel(stage));
    QPoint hit;
    for (int y = chart->axisRect()->bottom(); y > chart->axisRect()->top() && hit.isNull(); --y) {
        int s = -1;
        MemoryChart::Component c = MemoryChart::Component::Params;
        if (chart->segmentAt(QPointF(x, y), &s, &c) && c == MemoryChart::Component::Activations && s == stage)
            hit = QPoint(x, y);
    }
    QVERIFY(!hit.isNull());
    QTest::mouseClick(chart, Qt::LeftButton, Qt::NoModifier, hit);
    QVERIFY(!dock()->isHidden());
    QCOMPARE(panel()->currentFigure(), QStringLiteral("memory.per_gpu[7].activations"));
    const Explanation* e = panel()->shown(panel()->currentFigure());
    QVERIFY(e);
    const double shownBytes = chart->bars(MemoryChart::Component::Activations)->data()->at(stage)->value;
    QVERIFY(close(e->value, shownBytes));
    QVERIFY(close(e->value, result().memory.per_gpu[stage].activations));
    // The stage's total comes with it; the text shows the formula's words and the value in bytes.
    QVERIFY(panel()->shownFigures().contains(QStringLiteral("memory.per_gpu[7].total")));
    const QString html = panel()->findChild<QTextBrowser*>(QStringLiteral("explainText"))->toPlainText();
    QVERIFY2(html.contains(QStringLiteral("Activations per GPU, stage 7")), qPrintable(html));
    QVERIFY(html.contains(QStringLiteral("Korthikanti")));
}

void TestExplainPanel::ganttComputeBox()
{
    GanttChart* chart = m_window->ganttChart();
    m_window->viewTabs()->setCurrentWidget(chart);
    chart->replot(QCustomPlot::rpImmediateRefresh);
    int index = -1;
    for (std::size_t i = 0; i < result().timeline.size() && index < 0; ++i) {
        const TimelineEvent& e = result().timeline[i];
        if (e.kind == "forward" && e.stage == 3 && e.microbatch == 2)
            index = int(i);
    }
    QVERIFY(index >= 0);
    const QPoint pos = boxCentre(*chart, index);
    QCOMPARE(chart->eventAt(pos), index);
    QTest::mouseClick(chart, Qt::LeftButton, Qt::NoModifier, pos);
    QCOMPARE(panel()->currentFigure(), QStringLiteral("step.op_time_s[3].forward"));
    const Explanation* e = panel()->shown(panel()->currentFigure());
    QVERIFY(e);
    const TimelineEvent& box = result().timeline[std::size_t(index)];
    QVERIFY2(std::abs(e->value - (box.end_s - box.start_s)) <= 1e-12 * box.end_s,
             qPrintable(QStringLiteral("%1 vs %2").arg(e->value).arg(box.end_s - box.start_s)));
}

void TestExplainPanel::ganttCommunicationBox()
{
    GanttChart* chart = m_window->ganttChart();
    m_window->viewTabs()->setCurrentWidget(chart);
    chart->replot(QCustomPlot::rpImmediateRefresh);
    int index = -1;
    for (std::size_t i = 0; i < result().timeline.size() && index < 0; ++i)
        if (result().timeline[i].kind == "pp-send" && result().timeline[i].stage == 0)
            index = int(i);
    QVERIFY(index >= 0);
    QTest::mouseClick(chart, Qt::LeftButton, Qt::NoModifier, boxCentre(*chart, index));
    const int c = result().timeline[std::size_t(index)].collective;
    QVERIFY(c >= 0);
    const QString time = QStringLiteral("comm.collectives[%1].time_s").arg(c);
    QCOMPARE(panel()->currentFigure(), time);
    // The call's time, bytes and bus bandwidth together, each the row's figure.
    const CommCollective& row = result().comm.collectives[std::size_t(c)];
    QVERIFY(close(panel()->shown(time)->value, row.time_s));
    QVERIFY(close(panel()->shown(QStringLiteral("comm.collectives[%1].bytes").arg(c))->value, row.bytes));
    QVERIFY(
        close(panel()->shown(QStringLiteral("comm.collectives[%1].busbw_Bps").arg(c))->value, row.busbw_Bps));
    // The box's own bytes are the call's.
    QVERIFY(close(result().timeline[std::size_t(index)].bytes, row.bytes));
}

void TestExplainPanel::topologyLink()
{
    TopologyEditor* editor = m_window->topologyEditor();
    m_window->viewTabs()->setCurrentWidget(editor);
    // The busiest link of the step (the pipeline's sends through the NVSwitch).
    const std::vector<CommLink>& links = result().comm.links;
    QVERIFY(!links.empty());
    std::size_t busiest = 0;
    for (std::size_t j = 0; j < links.size(); ++j)
        if (links[j].busy_s > links[busiest].busy_s)
            busiest = j;
    const QString id = QString::fromStdString(links[busiest].id);
    QVERIFY2(editor->scene()->linkItem(id), qPrintable(id));
    editor->scene()->selectIds({}, {id});
    QCOMPARE(panel()->currentFigure(), QStringLiteral("comm.links[%1].utilization").arg(busiest));
    QVERIFY(close(panel()->shown(panel()->currentFigure())->value, links[busiest].utilization));
    QVERIFY(close(panel()->shown(QStringLiteral("comm.links[%1].busy_s").arg(busiest))->value,
                  links[busiest].busy_s));
    QVERIFY(close(panel()->shown(QStringLiteral("comm.links[%1].bytes_per_step").arg(busiest))->value,
                  links[busiest].bytes_per_step));
    QVERIFY(!dock()->isHidden());
}

// The Bandwidth tab's top bar (the busiest link) explains that link as its topology line does.
void TestExplainPanel::bandwidthLinkBar()
{
    BandwidthChart* chart = m_window->bandwidthChart();
    m_window->viewTabs()->setCurrentWidget(chart);
    chart->replot(QCustomPlot::rpImmediateRefresh);
    QVERIFY(!chart->shownLinks().empty());
    const std::string id = chart->shownLinks().front().id;
    const std::vector<CommLink>& links = result().comm.links;
    const auto it = std::find_if(links.begin(), links.end(), [&](const CommLink& l) { return l.id == id; });
    QVERIFY(it != links.end());
    const auto j = std::size_t(it - links.begin());
    QVERIFY(dock()->isHidden());
    QTest::mouseClick(chart, Qt::LeftButton, Qt::NoModifier, chart->linkBarCenter(0).toPoint());
    QVERIFY(!dock()->isHidden());
    const QString utilization = QStringLiteral("comm.links[%1].utilization").arg(j);
    const QString busy = QStringLiteral("comm.links[%1].busy_s").arg(j);
    QCOMPARE(panel()->currentFigure(), utilization);
    // The bar's own value (utilisation once the step is simulated) and the busy time, each with a formula.
    QVERIFY(chart->showsUtilization());
    QVERIFY(close(panel()->shown(utilization)->value, chart->linkValue(0)));
    QVERIFY(close(panel()->shown(utilization)->value, it->utilization));
    QVERIFY(panel()->shown(busy));
    QVERIFY(close(panel()->shown(busy)->value, it->busy_s));
    QVERIFY(!panel()->shown(utilization)->formula.empty());
    QVERIFY(!panel()->shown(busy)->formula.empty());
    const QString text = panel()->findChild<QTextBrowser*>(QStringLiteral("explainText"))->toPlainText();
    QVERIFY2(text.contains(utilization) && text.contains(busy), qPrintable(text));
}

// A collective's bar explains that collective's time per call, as a box of it in the step timeline does.
void TestExplainPanel::bandwidthCollectiveBar()
{
    BandwidthChart* chart = m_window->bandwidthChart();
    m_window->viewTabs()->setCurrentWidget(chart);
    chart->replot(QCustomPlot::rpImmediateRefresh);
    QVERIFY(!chart->shownCollectives().empty());
    const int row = int(chart->shownCollectives().size()) - 1;
    const int c = chart->collectiveIndex(row);
    QVERIFY(c >= 0);
    QTest::mouseClick(chart, Qt::LeftButton, Qt::NoModifier, chart->collectiveBarCenter(row).toPoint());
    QVERIFY(!dock()->isHidden());
    const QString time = QStringLiteral("comm.collectives[%1].time_s").arg(c);
    QCOMPARE(panel()->currentFigure(), time);
    const CommCollective& shown = chart->shownCollectives()[std::size_t(row)];
    QVERIFY(close(panel()->shown(time)->value, shown.time_s));
    QVERIFY(close(panel()->shown(time)->value, result().comm.collectives[std::size_t(c)].time_s));
    QVERIFY(close(panel()->shown(QStringLiteral("comm.collectives[%1].bytes").arg(c))->value, shown.bytes));
}

void TestExplainPanel::summaryFigure()
{
    for (const auto& [label, figure, value] :
         {std::tuple{"summary.step_time", "step.time_s", result().step.time_s},
          std::tuple{"summary.mfu", "step.mfu", result().step.mfu},
          std::tuple{"summary.peak", "memory.peak_gpu_bytes", result().memory.peak_gpu_bytes},
          std::tuple{"summary.bubble", "step.bubble_fraction", result().step.bubble_fraction},
          std::tuple{"summary.tokens_per_s", "step.tokens_per_s", result().step.tokens_per_s}}) {
        auto* shown = m_window->summaryStrip()->findChild<QLabel*>(QLatin1String(label));
        QVERIFY2(shown && shown->isVisible(), label);
        QTest::mouseClick(shown, Qt::LeftButton);
        QCOMPARE(panel()->currentFigure(), QLatin1String(figure));
        QVERIFY2(close(panel()->shown(QLatin1String(figure))->value, value), figure);
    }
}

void TestExplainPanel::copyAsText()
{
    panel()->showFigure(QStringLiteral("step.mfu"));
    auto* copy = panel()->findChild<QPushButton*>(QStringLiteral("explainCopy"));
    QVERIFY(copy->isEnabled());
    const QString text = panel()->text();
    QVERIFY2(text.startsWith(QStringLiteral(
                 "Model FLOPs utilisation (MFU) (step.mfu)\nMFU = F_model / (T · N · F_peak)\n= ")),
             qPrintable(text));
    QVERIFY(text.contains(QStringLiteral("Source: PaLM")));
    QVERIFY(text.contains(QStringLiteral("Hardware FLOPs utilisation"))); // a related figure
    copy->click();
    if (QClipboard* clipboard = QGuiApplication::clipboard())
        QCOMPARE(clipboard->text(), text);
}

void TestExplainPanel::editsAloneEvaluateNothing()
{
    ExplainModel* model = panel()->model();
    ScenarioDocument* document = m_window->document();
    // Nothing shown: edits evaluate no explanations.
    for (const char* batch : {"32", "48", "64"})
        QCOMPARE(document->setFieldText(QStringLiteral("training.global_batch"), QLatin1String(batch)),
                 QString());
    QCOMPARE(model->evaluations(), 0);

    // One figure shown: one evaluation; asking again uses the cache.
    panel()->showFigure(QStringLiteral("step.time_s"));
    QCOMPARE(model->evaluations(), 1);
    panel()->showFigure(QStringLiteral("step.mfu"));
    QCOMPARE(model->evaluations(), 1);

    // A burst of edits while it is shown: one evaluation once the burst is over, and the figure follows.
    for (const char* batch : {"80", "96", "112", "128"})
        document->setFieldText(QStringLiteral("training.global_batch"), QLatin1String(batch));
    QCOMPARE(model->evaluations(), 1);
    QTRY_COMPARE(model->evaluations(), 2);
    QVERIFY(close(panel()->shown(QStringLiteral("step.mfu"))->value, result().step.mfu));

    // Hidden: edits wait until the dock is shown again.
    dock()->hide();
    document->setFieldText(QStringLiteral("training.global_batch"), QStringLiteral("144"));
    QTest::qWait(400);
    QCOMPARE(model->evaluations(), 2);
    dock()->show();
    QTRY_COMPARE(model->evaluations(), 3);
    QVERIFY(close(panel()->shown(QStringLiteral("step.mfu"))->value, result().step.mfu));
}

void TestExplainPanel::languageChange()
{
    panel()->showFigure(QStringLiteral("memory.per_gpu[0].optimizer"));
    QEvent change(QEvent::LanguageChange);
    QCoreApplication::sendEvent(panel(), &change);
    QCOMPARE(panel()->currentFigure(), QStringLiteral("memory.per_gpu[0].optimizer"));
    QCOMPARE(panel()->findChild<QPushButton*>(QStringLiteral("explainCopy"))->text(),
             QStringLiteral("Copy as Text"));
    // Larger type (presentation mode): the panel's text follows the widget's font.
    QFont big = panel()->font();
    big.setPointSizeF(big.pointSizeF() * 1.6);
    panel()->setFont(big);
    auto* browser = panel()->findChild<QTextBrowser*>(QStringLiteral("explainText"));
    QTRY_COMPARE(browser->document()->defaultFont().pointSizeF(), big.pointSizeF());
}

// An explanation on show while the scenario turns invalid says so; once the scenario is valid again (undo),
// the figure is explained again for it: no stale "problems" text is left.
void TestExplainPanel::validAgainExplainsAgain()
{
    auto* browser = panel()->findChild<QTextBrowser*>(QStringLiteral("explainText"));
    QVERIFY(browser);
    panel()->showFigure(QStringLiteral("step.time_s"));
    QVERIFY(panel()->shown(QStringLiteral("step.time_s")));
    ScenarioDocument* document = m_window->document();
    QCOMPARE(document->setFieldText(QStringLiteral("parallel.tp"), QStringLiteral("3")), QString());
    QVERIFY(!document->isValid());
    QTRY_VERIFY(browser->toPlainText().contains(QLatin1String("problems")));
    document->undoStack()->undo();
    QVERIFY(document->isValid());
    QTRY_VERIFY2(!browser->toPlainText().contains(QLatin1String("problems")),
                 qPrintable(browser->toPlainText()));
    QTRY_VERIFY(panel()->shown(QStringLiteral("step.time_s")));
    QVERIFY(close(panel()->shown(QStringLiteral("step.time_s"))->value, result().step.time_s));
}

// A link explained on the canvas and then gone from the scenario (another cluster) is not named any more: the
// dock goes back to its prompt.
void TestExplainPanel::removedLinksAreNotNamed()
{
    const QString id = QString::fromStdString(result().comm.links.back().id);
    panel()->showLinks({id});
    QVERIFY(!panel()->currentFigure().isEmpty());
    QVERIFY(m_window->openExample(QStringLiteral("qwen2-0.5b-one-rtx4090")));
    bool gone = true;
    for (const CommLink& link : result().comm.links)
        gone = gone && QString::fromStdString(link.id) != id;
    QVERIFY2(gone, qPrintable(id));
    auto* browser = panel()->findChild<QTextBrowser*>(QStringLiteral("explainText"));
    auto* empty = panel()->findChild<QLabel*>(QStringLiteral("explainEmpty"));
    QTRY_VERIFY(!empty->isHidden());
    QVERIFY2(!browser->toPlainText().contains(id), qPrintable(browser->toPlainText()));
    QVERIFY(panel()->currentFigure().isEmpty());
}

QTEST_MAIN(TestExplainPanel)
#include "tst_explainpanel.moc"
