// SPDX-License-Identifier: GPL-3.0-or-later
// The "Planner" tab: searches the parallel layouts of the document's model on its cluster with the
// engine's planLayouts(), on every core off the UI thread, and shows the best of them in a table and all the
// feasible ones in a scatter as they arrive. A point clicked, a row double-clicked or Apply sets that layout
// on the document as one undo step. The search runs only when asked (it takes seconds): after an edit the
// results stay, marked stale.
#pragma once

#include "backgroundjob.h"
#include "planner.h"

#include <QWidget>

#include <memory>
#include <vector>

class QCheckBox;
class QComboBox;
class QLabel;
class QProgressBar;
class QPushButton;
class QSortFilterProxyModel;
class QSpinBox;
class QSplitter;
class QTableView;

namespace ss {

class PlannerChart;
class PlannerModel;
class ScenarioDocument;

class PlannerView : public QWidget
{
    Q_OBJECT
public:
    // Rows the table keeps: enough to compare, few enough to read.
    static constexpr int kTableRows = 50;

    explicit PlannerView(ScenarioDocument* document, QWidget* parent = nullptr);
    ~PlannerView() override;

    PlannerModel* model() const { return m_model; }
    PlannerChart* chart() const { return m_chart; }
    QTableView* table() const { return m_table; }
    // The options the controls ask for (objective, tp across nodes, max micro batch).
    PlanOptions options() const;
    void setObjective(PlanObjective objective);

    // Starts a search of the document's scenario; a running one is cancelled first and waited for.
    void runNow();
    // Asks the running search to stop; finished() follows with what it found so far.
    void cancel();
    bool isRunning() const { return m_job.isRunning(); }
    // Blocks until the running search has ended and shows its results (screenshots, tests).
    void waitForFinished();
    // Layouts looked at of TOTAL enumerated, in the last search or the running one so far.
    std::int64_t processed() const { return m_done; }
    std::int64_t total() const { return m_total; }
    // Layouts costed by the last finished search (PlanResult::evaluated).
    std::int64_t evaluated() const { return m_evaluated; }
    bool wasCancelled() const { return m_cancelled; }
    const std::vector<PlanCandidate>& feasible() const { return m_feasible; }
    // Whether the scenario changed since the search (other than its layout).
    bool isStale() const { return m_stale; }

    // Sets LAYOUT on the document as one undo step "Apply layout tp … × pp … × dp …". Refused (false, and the
    // status line says why) while the results are stale: they were costed for another scenario.
    bool applyLayout(const Layout& layout);
    // Applies the table's row ROW (in the view's sorted order); false when there is no such row or the
    // results are stale.
    bool applyRow(int row);

signals:
    // A search ended (completed, cancelled or refused); the table and the chart show its results.
    void finished();

protected:
    void changeEvent(QEvent* event) override;
    void resizeEvent(QResizeEvent* event) override;

private:
    struct Run;
    void buildControls();
    void retranslate();
    void updateFontSizes();
    void drain(quint64 generation);
    void finishRun(const PlanResult& result);
    void stopRun();
    void refresh();
    void updateEmptyMessage();
    void updateProgress();
    void updateButtons();
    void onScenarioChanged();
    void updateStale();
    void updateOrientation();

    ScenarioDocument* m_document;
    PlannerModel* m_model;
    QSortFilterProxyModel* m_proxy;
    PlannerChart* m_chart;
    QTableView* m_table = nullptr;
    QSplitter* m_splitter = nullptr;
    QPushButton* m_run = nullptr;
    QPushButton* m_cancel = nullptr;
    QPushButton* m_apply = nullptr;
    QProgressBar* m_progress = nullptr;
    QLabel* m_objectiveLabel = nullptr;
    QComboBox* m_objective = nullptr;
    QCheckBox* m_tpAcrossNodes = nullptr;
    QCheckBox* m_recipes = nullptr; // also search fine-tuning recipes (full, LoRA, QLoRA, 8-bit Adam)
    QLabel* m_maxMicroLabel = nullptr;
    QSpinBox* m_maxMicro = nullptr;
    QLabel* m_colourLabel = nullptr;
    QComboBox* m_colourBy = nullptr;
    QLabel* m_status = nullptr;

    BackgroundJob<PlanResult> m_job{this}; // one search at a time; its generation also tags the drains
    std::shared_ptr<Run> m_state;
    Scenario m_searched; // the scenario of the last search, to tell when it goes stale
    bool m_hasSearched = false;
    PlanOptions m_searchedOptions;
    bool m_searchedRecipes = false; // the search varied the fine-tuning recipe
    std::int64_t m_gpus = 0;
    std::vector<PlanCandidate> m_feasible;
    std::int64_t m_done = 0;
    std::int64_t m_total = 0;
    std::int64_t m_evaluated = 0;
    bool m_cancelled = false;
    bool m_stale = false;
    QString m_error;
    double m_elapsed = 0;
    bool m_sized = false; // the splitter's shares set once for the widget's first size
};

} // namespace ss
