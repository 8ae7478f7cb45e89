// SPDX-License-Identifier: GPL-3.0-or-later
// The Overview tab, offscreen: it is the first tab and the one the window opens on; an edit through the
// document shows in its three panes at once (the memory bars, the timeline's step and the canvas's
// bottleneck are the document's current result's figures); each pane's expand button and a double-click on
// its header switch to the chart's own tab; a cluster of many machines stays collapsed on its canvas.
#include "analysisrunner.h"
#include "canvasitems.h"
#include "fields.h"
#include "ganttchart.h"
#include "mainwindow.h"
#include "memorychart.h"
#include "overviewview.h"
#include "scenariodocument.h"
#include "topologycanvas.h"
#include "topologyeditor.h"
#include "topologyscene.h"

#include <QElapsedTimer>
#include <QStandardPaths>
#include <QTabWidget>
#include <QTest>
#include <QToolButton>

#include <algorithm>

using ss::MainWindow;
using ss::MemoryChart;
using ss::OverviewView;
using Component = ss::MemoryChart::Component;

namespace {

// The link the canvas marks for RESULT: the link that limits the step, else the busiest one.
QString expectedBottleneck(const ss::Result& result)
{
    const bool linkLimited = result.bottleneck.kind == "link" || result.bottleneck.kind == "pcie";
    if (linkLimited && !result.bottleneck.id.empty())
        return QString::fromStdString(result.bottleneck.id);
    return QString::fromStdString(result.comm.bottleneck_link);
}

// Every pane shows RESULT.
void checkPanes(OverviewView* overview, const ss::Result& result)
{
    MemoryChart* memory = overview->memoryChart();
    QCOMPARE(memory->bars(Component::Params)->data()->size(), int(result.memory.per_gpu.size()));
    for (std::size_t s = 0; s < result.memory.per_gpu.size(); ++s) {
        const ss::StageMemory& stage = result.memory.per_gpu[s];
        for (int c = 0; c < MemoryChart::componentCount; ++c) {
            const auto component = Component(c);
            QCOMPARE(memory->bars(component)->data()->at(int(s))->value,
                     MemoryChart::componentBytes(stage, component));
        }
        QCOMPARE(memory->capacity(), stage.capacity);
    }
    ss::GanttChart* gantt = overview->ganttChart();
    QCOMPARE(gantt->events().size(), result.timeline.size());
    QCOMPARE(gantt->ganttLayout().stepTime, result.step.time_s);
    double lastEnd = 0;
    for (const ss::TimelineEvent& event : gantt->events())
        lastEnd = std::max(lastEnd, event.end_s);
    double resultEnd = 0;
    for (const ss::TimelineEvent& event : result.timeline)
        resultEnd = std::max(resultEnd, event.end_s);
    QCOMPARE(lastEnd, resultEnd);
    const QString bottleneck = expectedBottleneck(result);
    QVERIFY(!bottleneck.isEmpty());
    QCOMPARE(overview->scene()->bottleneck(), bottleneck);
    QVERIFY(overview->scene()->marker()->isVisible());
}

// Shows W at 1280 × 800 with its analysis inline, so an edit's result is there when the setter returns.
bool showInline(MainWindow& w)
{
    w.resize(1280, 800);
    w.show();
    w.document()->runner()->setMode(ss::AnalysisRunner::Mode::Inline);
    return QTest::qWaitForWindowExposed(&w);
}

} // namespace

class TestOverview : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase() { QStandardPaths::setTestModeEnabled(true); }
    void firstTabAndDefault();
    void editMovesAllThreePanes();
    void hiddenOverviewCatchesUp();
    void expandSwitchesToTheFullTab();
    void largeClusterStaysCollapsed();
};

void TestOverview::firstTabAndDefault()
{
    MainWindow w;
    QTabWidget* tabs = w.viewTabs();
    OverviewView* overview = w.overview();
    QVERIFY(overview);
    QCOMPARE(tabs->indexOf(overview), 0);
    QCOMPARE(tabs->tabText(0), MainWindow::tr("Overview"));
    QCOMPARE(tabs->currentWidget(), overview);
    // Second instances: not the charts of the other tabs.
    QVERIFY(overview->memoryChart() != w.memoryChart());
    QVERIFY(overview->ganttChart() != w.ganttChart());
    QVERIFY(overview->canvas() != w.topologyEditor()->canvas());
    checkPanes(overview, w.document()->result());
    QVERIFY(showInline(w));
    QCOMPARE(tabs->currentWidget(), overview);
    QVERIFY(overview->memoryChart()->isVisible());
    QVERIFY(overview->ganttChart()->isVisible());
    QVERIFY(overview->canvas()->isVisible());
}

void TestOverview::editMovesAllThreePanes()
{
    MainWindow w;
    QVERIFY(showInline(w));
    ss::ScenarioDocument* document = w.document();
    OverviewView* overview = w.overview();

    // Tensor parallelism over the node's NVLink: less memory per GPU, a different step, tp traffic.
    const double stepBefore = document->result().step.time_s;
    const double paramsBefore = document->result().memory.per_gpu.at(0).params;
    ss::FieldValue value;
    value.number = 2; // dp 2 × tp 4 on the 8 GPUs
    QCOMPARE(document->setField(QStringLiteral("parallel.dp"), value), QString());
    value.number = 4;
    QCOMPARE(document->setField(QStringLiteral("parallel.tp"), value), QString());
    QVERIFY(document->isResultCurrent());
    QVERIFY(document->result().step.time_s != stepBefore);
    QVERIFY(document->result().memory.per_gpu.at(0).params < paramsBefore);
    checkPanes(overview, document->result());

    // And a field of the recipe: the micro batch.
    value.number = double(document->scenario().training.micro_batch * 2);
    QCOMPARE(document->setField(QStringLiteral("training.micro_batch"), value), QString());
    checkPanes(overview, document->result());
}

void TestOverview::hiddenOverviewCatchesUp()
{
    // While another tab is shown the Overview's charts wait; showing it brings them up to date.
    MainWindow w;
    QVERIFY(showInline(w));
    ss::ScenarioDocument* document = w.document();
    QTabWidget* tabs = w.viewTabs();
    tabs->setCurrentWidget(w.memoryChart());
    OverviewView* overview = qobject_cast<OverviewView*>(tabs->widget(0));
    QVERIFY(overview);
    const std::size_t before = overview->ganttChart()->events().size();
    ss::FieldValue value;
    value.number = double(document->scenario().training.micro_batch * 2);
    QCOMPARE(document->setField(QStringLiteral("training.micro_batch"), value), QString());
    QVERIFY(document->result().timeline.size() != before);
    QCOMPARE(overview->ganttChart()->events().size(), before); // held back while hidden
    tabs->setCurrentIndex(0);
    checkPanes(overview, document->result());
}

void TestOverview::expandSwitchesToTheFullTab()
{
    MainWindow w;
    QVERIFY(showInline(w));
    QTabWidget* tabs = w.viewTabs();
    OverviewView* overview = w.overview();
    const std::pair<OverviewView::Pane, QWidget*> panes[] = {
        {OverviewView::Pane::Memory, w.memoryChart()},
        {OverviewView::Pane::Timeline, w.ganttChart()},
        {OverviewView::Pane::Topology, w.topologyEditor()}};
    for (const auto& [pane, page] : panes) {
        tabs->setCurrentWidget(overview);
        QToolButton* expand = overview->expandButton(pane);
        QVERIFY(expand && expand->isVisible());
        QVERIFY(!expand->toolTip().isEmpty());
        QTest::mouseClick(expand, Qt::LeftButton);
        QCOMPARE(tabs->currentWidget(), page);

        tabs->setCurrentWidget(overview);
        QWidget* header = overview->header(pane);
        QVERIFY(header && header->isVisible());
        QTest::mouseDClick(header, Qt::LeftButton, {}, QPoint(10, header->height() / 2));
        QCOMPARE(tabs->currentWidget(), page);
    }
}

void TestOverview::largeClusterStaysCollapsed()
{
    // Llama 3.1 405B on 16,384 H100 (2,048 nodes): the canvas draws a few machines and one group for the
    // rest, and keeps doing so while the Topology tab draws them all.
    MainWindow w;
    QVERIFY(showInline(w));
    ss::ScenarioDocument* document = w.document();
    QVERIFY2(w.openExample(QStringLiteral("llama3.1-405b-16k-h100")), qPrintable(w.lastError()));
    QVERIFY(document->isResultCurrent());
    OverviewView* overview = w.overview();
    QVERIFY(overview->scene()->display().hasCollapsedGroup());
    const qsizetype drawn = overview->scene()->deviceItems().size();
    QVERIFY2(drawn < 1000, qPrintable(QString::number(drawn)));
    checkPanes(overview, document->result());
    // What an edit costs the Overview here, for the record (the assertion is on the items, not the clock).
    QElapsedTimer timer;
    timer.start();
    emit document->resultChanged();
    overview->memoryChart()->replot(QCustomPlot::rpImmediateRefresh);
    overview->ganttChart()->replot(QCustomPlot::rpImmediateRefresh);
    overview->canvas()->viewport()->repaint();
    qInfo("16,384 GPUs: the views shown the result again and the Overview repainted in %.1f ms",
          double(timer.nsecsElapsed()) / 1e6);

    // GPT-3 175B on 128 DGX A100: expanded on the Topology tab, collapsed here as before.
    QVERIFY2(w.openExample(QStringLiteral("gpt3-175b-megatron")), qPrintable(w.lastError()));
    const qsizetype collapsed = overview->scene()->deviceItems().size();
    w.topologyEditor()->setCollapseIdentical(false);
    QVERIFY(!w.topologyEditor()->display().hasCollapsedGroup());
    QVERIFY(overview->scene()->display().hasCollapsedGroup());
    QCOMPARE(overview->scene()->deviceItems().size(), collapsed);
    QVERIFY(w.topologyEditor()->scene()->deviceItems().size() > 10 * collapsed);
    checkPanes(overview, document->result());
}

QTEST_MAIN(TestOverview)
#include "tst_overview.moc"
