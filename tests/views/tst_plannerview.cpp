// SPDX-License-Identifier: GPL-3.0-or-later
// The Planner tab: a small search runs to completion off the UI thread and fills the table (ranked
// by the objective, as the engine's planBetter() ranks) and the scatter (one point per feasible layout, as
// many as the engine's planLayouts() finds); a row or a point applies its layout as one undo step; an edit
// marks the results stale; cancel stops the search promptly; closing the window during a search is safe.
#include "mainwindow.h"
#include "plannerchart.h"
#include "plannermodel.h"
#include "plannerview.h"
#include "scenariodocument.h"

#include <QAbstractItemModelTester>
#include <QCheckBox>
#include <QElapsedTimer>
#include <QLabel>
#include <QProgressBar>
#include <QPushButton>
#include <QSignalSpy>
#include <QTabWidget>
#include <QTableView>
#include <QUndoStack>
#include <QtTest>

#include <memory>

using namespace ss;

namespace {

// The 4-GPU case of tst_planner (4 layers, 4 heads, global batch 8, the PCIe box with two sockets): a search
// of a few hundred layouts, done in well under a second.
Scenario tiny()
{
    Scenario s;
    s.name = "tiny";
    s.model.layers = 4;
    s.model.hidden = 1024;
    s.model.heads = 4;
    s.model.kv_heads = 4;
    s.model.ffn_hidden = 4096;
    s.model.vocab = 32000;
    s.model.seq_len = 1024;
    s.training.global_batch = 8;
    s.training.micro_batch = 1;
    s.parallel.dp = 4;
    s.cluster.node_preset = "pcie-qpi-4gpu";
    s.cluster.gpus_per_node = 4;
    s.cluster.nodes = 1;
    return s;
}

void runToEnd(PlannerView* view)
{
    QSignalSpy spy(view, &PlannerView::finished);
    view->runNow();
    QVERIFY(view->isRunning());
    QVERIFY(spy.wait(60000));
    QVERIFY(!view->isRunning());
}

} // namespace

class TestPlannerView : public QObject
{
    Q_OBJECT

private slots:
    void emptyChartFillsItsTab()
    {
        // Before any search the chart has no points and an empty legend; its axis rect still takes the
        // chart's width (a bare empty legend in the layout once capped it at 50 pixels).
        MainWindow window;
        window.resize(1280, 800);
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        window.viewTabs()->setCurrentWidget(window.plannerView());
        auto* chart = window.plannerView()->findChild<PlannerChart*>();
        QVERIFY(chart);
        QTRY_VERIFY(chart->width() > 400);
        chart->replot(QCustomPlot::rpImmediateRefresh);
        QVERIFY2(
            chart->axisRect()->width() > chart->width() / 2,
            qPrintable(
                QStringLiteral("axis rect %1 px of %2").arg(chart->axisRect()->width()).arg(chart->width())));
    }
    void tabBuilds()
    {
        MainWindow window;
        QTabWidget* tabs = window.viewTabs();
        PlannerView* view = window.findChild<PlannerView*>(QStringLiteral("plannerView"));
        QVERIFY(view);
        QCOMPARE(view, window.plannerView());
        QCOMPARE(tabs->tabText(tabs->indexOf(view)), QStringLiteral("Planner"));
        for (const char* name : {"plannerRun", "plannerCancel", "plannerApply"})
            QVERIFY2(view->findChild<QPushButton*>(QLatin1String(name)), name);
        QVERIFY(view->findChild<QProgressBar*>(QStringLiteral("plannerProgress")));
        QVERIFY(view->findChild<QTableView*>(QStringLiteral("plannerTable")));
        // Nothing runs on its own: a search takes seconds, so it waits for Run.
        QVERIFY(!view->isRunning());
        QCOMPARE(view->model()->rowCount(), 0);
        QVERIFY(!view->findChild<QPushButton*>(QStringLiteral("plannerCancel"))->isEnabled());
    }

    void runsToCompletion()
    {
        MainWindow window;
        window.document()->resetScenario(tiny());
        PlannerView* view = window.plannerView();
        QAbstractItemModelTester tester(view->model(),
                                        QAbstractItemModelTester::FailureReportingMode::QtTest);
        runToEnd(view);
        QVERIFY(!view->wasCancelled());

        // The same search by the engine directly (what `shardscope-cli plan` prints): the same counts.
        const PlanResult engine = planLayouts(tiny(), view->options());
        QVERIFY(engine.error.empty());
        QCOMPARE(view->total(), engine.total);
        QCOMPARE(view->processed(), engine.total);
        QCOMPARE(view->evaluated(), engine.evaluated);
        QCOMPARE(std::int64_t(view->feasible().size()), engine.feasible);
        QVERIFY(engine.feasible > 0);

        // Table: the best first, by step time (the default objective), as many rows as fit in it.
        const std::vector<PlanCandidate>& rows = view->model()->rows();
        QVERIFY(!rows.empty());
        QCOMPARE(int(rows.size()), int(std::min<std::int64_t>(engine.feasible, PlannerView::kTableRows)));
        for (std::size_t i = 1; i < rows.size(); ++i)
            QVERIFY(rows[i - 1].step_time_s <= rows[i].step_time_s);
        QCOMPARE(rows.front().layout, engine.best.front().layout);
        // The view's first row (sorted by rank) is the best one.
        QTableView* table = view->table();
        QCOMPARE(table->model()->index(0, PlannerModel::Rank).data().toInt(), 1);

        // Scatter: one point per feasible layout; the best starred.
        QCOMPARE(std::int64_t(view->chart()->pointCount()), engine.feasible);
        QCOMPARE(view->chart()->bestMark()->dataCount(), 1);
        QCOMPARE(view->chart()->bestMark()->data()->begin()->value, rows.front().tokens_per_s);

        // Progress: every layout of the total, and how many fit.
        auto* progress = view->findChild<QProgressBar*>(QStringLiteral("plannerProgress"));
        QCOMPARE(progress->value(), progress->maximum());
        QVERIFY2(progress->format().contains(QString::number(engine.feasible) + QLatin1String(" fit")),
                 qPrintable(progress->format()));
    }

    // Another objective re-ranks what was found, without searching again.
    void objectiveReranks()
    {
        MainWindow window;
        window.document()->resetScenario(tiny());
        PlannerView* view = window.plannerView();
        runToEnd(view);
        view->setObjective(PlanObjective::MemoryHeadroom);
        QVERIFY(!view->isRunning());
        const std::vector<PlanCandidate>& rows = view->model()->rows();
        QVERIFY(rows.size() > 1);
        for (std::size_t i = 1; i < rows.size(); ++i)
            QVERIFY(rows[i - 1].capacity_bytes - rows[i - 1].peak_gpu_bytes >=
                    rows[i].capacity_bytes - rows[i].peak_gpu_bytes);
    }

    // Applying row 0 sets the document's parallel fields to that layout in one undo step; undo restores.
    void applyIsOneUndoStep()
    {
        MainWindow window;
        window.document()->resetScenario(tiny());
        PlannerView* view = window.plannerView();
        runToEnd(view);
        ScenarioDocument* doc = window.document();
        const Layout before = layoutOf(doc->scenario());
        view->setObjective(PlanObjective::MemoryHeadroom); // a best layout that differs from the scenario's
        const Layout best = view->model()->rows().front().layout;
        QVERIFY(!(best == before));
        const int steps = doc->undoStack()->count();
        QVERIFY(view->applyRow(0));
        QCOMPARE(doc->undoStack()->count(), steps + 1);
        QCOMPARE(layoutOf(doc->scenario()), best);
        QVERIFY(doc->undoStack()->undoText().startsWith(QLatin1String("Apply layout tp ")));
        QVERIFY2(doc->isValid(), "an applied layout is a valid scenario");
        // Applying a found layout keeps the results fresh: only the layout changed.
        QVERIFY(!view->isStale());
        doc->undoStack()->undo();
        QCOMPARE(layoutOf(doc->scenario()), before);
        doc->undoStack()->redo();
        QCOMPARE(layoutOf(doc->scenario()), best);
        // Applying the layout the scenario already has pushes nothing.
        view->applyLayout(best);
        QCOMPARE(doc->undoStack()->count(), steps + 1);
    }

    // "Fine-tuning recipes" searches full training, LoRA and QLoRA with Adam and 8-bit Adam; the table shows
    // each row's recipe, Apply sets it, and the results stay fresh; an optimizer edit by hand marks them
    // stale.
    void recipesSearchedAndApplied()
    {
        MainWindow window;
        window.document()->resetScenario(tiny());
        PlannerView* view = window.plannerView();
        auto* recipes = view->findChild<QCheckBox*>(QStringLiteral("plannerRecipes"));
        QVERIFY(recipes);
        recipes->setChecked(true);
        QCOMPARE(int(view->options().methods.size()), 3);
        runToEnd(view);
        bool sawAdapters = false;
        for (const PlanCandidate& c : view->feasible())
            sawAdapters = sawAdapters || c.layout.method != TrainingMethod::Full;
        QVERIFY(sawAdapters);
        // The same search as the engine's: recipes triple the full-training layouts of the optimizer pair.
        PlanOptions plain = view->options();
        plain.methods.clear();
        plain.optimizers.clear();
        const PlanResult full = planLayouts(tiny(), plain);
        QCOMPARE(view->total(), 6 * full.total); // (full, lora, qlora) × (adam, adam-8bit)
        // The recipe column names the method and the optimizer.
        QTableView* table = view->table();
        int row = -1;
        for (int r = 0; r < table->model()->rowCount() && row < 0; ++r) {
            if (table->model()
                    ->index(r, PlannerModel::RecipeColumn)
                    .data()
                    .toString()
                    .contains(QLatin1String("LoRA")))
                row = r;
        }
        QVERIFY(row >= 0);
        ScenarioDocument* doc = window.document();
        QVERIFY(view->applyRow(row));
        QVERIFY(doc->scenario().training.method != TrainingMethod::Full);
        QVERIFY(!view->isStale());
        // Another optimizer the search tried keeps the results fresh; one it did not try (SGD) makes them
        // stale.
        QVERIFY(doc->setFieldText(QStringLiteral("training.optimizer"),
                                  doc->scenario().training.optimizer == Optimizer::Adam
                                      ? QStringLiteral("adam-8bit")
                                      : QStringLiteral("adam"))
                    .isEmpty());
        QVERIFY(!view->isStale());
        QVERIFY(doc->setFieldText(QStringLiteral("training.optimizer"), QStringLiteral("sgd")).isEmpty());
        QVERIFY(view->isStale());
    }

    // A click on a point applies its layout.
    void clickAppliesPoint()
    {
        MainWindow window;
        window.document()->resetScenario(tiny());
        window.resize(1280, 800);
        window.viewTabs()->setCurrentWidget(window.plannerView());
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        PlannerView* view = window.plannerView();
        runToEnd(view);
        PlannerChart* chart = view->chart();
        chart->replot();
        view->setObjective(PlanObjective::MemoryHeadroom);
        const PlanCandidate target = view->model()->rows().front();
        const QPoint pos(int(chart->xAxis->coordToPixel(target.peak_gpu_bytes)),
                         int(chart->yAxis->coordToPixel(target.tokens_per_s)));
        const PlanCandidate* hit = chart->candidateAt(pos);
        QVERIFY(hit);
        const Layout expected = hit->layout; // the point drawn there (another layout may share its figures)
        QVERIFY(chart->toolTipAt(pos).contains(PlannerModel::layoutTitle(expected)));
        const int steps = window.document()->undoStack()->count();
        QTest::mouseClick(chart, Qt::LeftButton, {}, pos);
        QCOMPARE(window.document()->undoStack()->count(), steps + 1);
        QCOMPARE(layoutOf(window.document()->scenario()), expected);
        QCOMPARE(chart->currentMark()->dataCount(), 1);
    }

    // An edit that is not a layout marks the results stale; they stay; undo makes them fresh again.
    void editMarksStale()
    {
        MainWindow window;
        window.document()->resetScenario(tiny());
        PlannerView* view = window.plannerView();
        runToEnd(view);
        const int rows = view->model()->rowCount();
        QVERIFY(!view->isStale());
        QVERIFY(window.document()
                    ->setFieldText(QStringLiteral("model.seq_len"), QStringLiteral("2048"))
                    .isEmpty());
        QVERIFY(view->isStale());
        QVERIFY(!view->isRunning());
        QCOMPARE(view->model()->rowCount(), rows);
        window.document()->undoStack()->undo();
        QVERIFY(!view->isStale());
    }

    // Stale results apply nothing: Apply is disabled with a row selected, and a row or a layout applied
    // anyway is refused with the reason in the status line; the scenario and the undo stack stay. A new Run
    // makes them applicable again.
    void staleResultsDoNotApply()
    {
        MainWindow window;
        window.document()->resetScenario(tiny());
        PlannerView* view = window.plannerView();
        runToEnd(view);
        auto* apply = view->findChild<QPushButton*>(QStringLiteral("plannerApply"));
        auto* table = view->findChild<QTableView*>(QStringLiteral("plannerTable"));
        auto* status = view->findChild<QLabel*>(QStringLiteral("plannerStatus"));
        QVERIFY(apply && table && status);
        view->setObjective(PlanObjective::MemoryHeadroom); // a best layout that differs from the scenario's
        table->selectRow(0);
        QVERIFY(apply->isEnabled());
        ScenarioDocument* doc = window.document();
        QVERIFY(doc->setFieldText(QStringLiteral("model.seq_len"), QStringLiteral("2048")).isEmpty());
        QVERIFY(view->isStale());
        QVERIFY(table->selectionModel()->hasSelection());
        QVERIFY2(!apply->isEnabled(), "Apply is disabled while the results are stale");
        const Scenario before = doc->scenario();
        const int steps = doc->undoStack()->count();
        QVERIFY(!view->applyRow(0));
        QVERIFY(!view->applyLayout(view->model()->rows().front().layout));
        QCOMPARE(doc->undoStack()->count(), steps);
        QVERIFY(doc->scenario() == before);
        QVERIFY(status->text().contains(QLatin1String("Run again")));
        runToEnd(view);
        QVERIFY(!view->isStale());
        table->selectRow(0);
        QVERIFY(apply->isEnabled());
    }

    // GPT-3 175B on 1024 GPUs: tens of thousands of layouts. Cancelled at once, the search ends promptly with
    // what it had, fewer evaluated than enumerated.
    void cancelStopsSearch()
    {
        MainWindow window;
        QVERIFY(window.openExample(QStringLiteral("gpt3-175b-megatron")));
        PlannerView* view = window.plannerView();
        QSignalSpy spy(view, &PlannerView::finished);
        QElapsedTimer timer;
        timer.start();
        view->runNow();
        view->cancel();
        QVERIFY(spy.wait(20000));
        QVERIFY2(timer.elapsed() < 10000, qPrintable(QString::number(timer.elapsed())));
        QVERIFY(view->wasCancelled());
        QVERIFY(view->total() > 0);
        QVERIFY2(view->evaluated() < view->total(),
                 qPrintable(QStringLiteral("%1 of %2").arg(view->evaluated()).arg(view->total())));
        QVERIFY(!view->isRunning());
        QVERIFY(!view->findChild<QPushButton*>(QStringLiteral("plannerCancel"))->isEnabled());
    }

    // A new run cancels the running one; closing the window during a search waits for it and does not crash.
    void rerunAndCloseWhileRunning()
    {
        auto window = std::make_unique<MainWindow>();
        QVERIFY(window->openExample(QStringLiteral("gpt3-175b-megatron")));
        PlannerView* view = window->plannerView();
        view->runNow();
        QTest::qWait(50);
        view->runNow(); // the first search is stopped and waited for; its late updates are dropped
        QVERIFY(view->isRunning());
        QCOMPARE(view->processed() <= view->total() || view->total() == 0, true);
        QTest::qWait(50);
        window.reset();
    }
};

QTEST_MAIN(TestPlannerView)
#include "tst_plannerview.moc"
