// SPDX-License-Identifier: GPL-3.0-or-later
#include "plannerview.h"

#include "controlbar.h"
#include "flowlayout.h"
#include "plannerchart.h"
#include "plannermodel.h"
#include "scenariodocument.h"
#include "unitformat.h"

#include <QCheckBox>
#include <QComboBox>
#include <QEvent>
#include <QHeaderView>
#include <QLabel>
#include <QLocale>
#include <QProgressBar>
#include <QPushButton>
#include <QSortFilterProxyModel>
#include <QSpinBox>
#include <QSplitter>
#include <QTableView>
#include <QVBoxLayout>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <mutex>

namespace ss {

namespace {
// At most 20 updates of the table and the scatter a second: more would only cost the UI thread frames.
constexpr auto kUpdateInterval = std::chrono::milliseconds(50);
// Wider than this, the table and the scatter sit side by side; narrower, one above the other.
constexpr int kSideBySideWidth = 1300;
} // namespace

// What the UI thread shares with one search: the cancel flag and the results not yet shown.
struct PlannerView::Run
{
    std::atomic<bool> cancel{false};
    std::mutex mutex;
    std::vector<PlanCandidate> pending;
    std::int64_t done = 0;
    std::int64_t total = 0;
    bool posted = false; // a drain() is queued and will take `pending`
    std::chrono::steady_clock::time_point lastPost;
};

PlannerView::PlannerView(ScenarioDocument* document, QWidget* parent)
    : QWidget(parent), m_document(document), m_model(new PlannerModel(this)),
      m_proxy(new QSortFilterProxyModel(this)), m_chart(new PlannerChart)
{
    setObjectName(QStringLiteral("plannerView"));
    m_proxy->setSourceModel(m_model);
    m_proxy->setSortRole(PlannerModel::SortRole);
    buildControls();
    connect(m_document, &ScenarioDocument::scenarioChanged, this, &PlannerView::onScenarioChanged);
    onScenarioChanged();
    updateProgress();
    updateButtons();
}

PlannerView::~PlannerView()
{
    // The search calls back into this object: it must end before the object does.
    stopRun();
}

void PlannerView::buildControls()
{
    const auto [layout, bar, flow] = addControlBar(this, QStringLiteral("plannerControls"));

    m_run = new QPushButton(bar);
    m_run->setObjectName(QStringLiteral("plannerRun"));
    m_run->setDefault(true);
    flow->addWidget(m_run);
    m_cancel = new QPushButton(bar);
    m_cancel->setObjectName(QStringLiteral("plannerCancel"));
    flow->addWidget(m_cancel);
    m_progress = new QProgressBar(bar);
    m_progress->setObjectName(QStringLiteral("plannerProgress"));
    m_progress->setRange(0, 1000);
    m_progress->setTextVisible(true);
    flow->addWidget(m_progress);

    m_objective = new QComboBox(bar);
    m_objective->setObjectName(QStringLiteral("plannerObjective"));
    m_objective->setSizeAdjustPolicy(QComboBox::AdjustToContents);
    for (PlanObjective o :
         {PlanObjective::StepTime, PlanObjective::TokensPerGpu, PlanObjective::MemoryHeadroom})
        m_objective->addItem(QString(), int(o));
    m_objectiveLabel = new QLabel(bar);
    flow->addWidget(labelledField(bar, m_objectiveLabel, m_objective));
    m_tpAcrossNodes = new QCheckBox(bar);
    m_tpAcrossNodes->setObjectName(QStringLiteral("plannerTpAcrossNodes"));
    flow->addWidget(m_tpAcrossNodes);
    m_recipes = new QCheckBox(bar);
    m_recipes->setObjectName(QStringLiteral("plannerRecipes"));
    flow->addWidget(m_recipes);
    m_maxMicro = new QSpinBox(bar);
    m_maxMicro->setObjectName(QStringLiteral("plannerMaxMicroBatch"));
    m_maxMicro->setRange(1, 1024);
    m_maxMicro->setValue(int(PlanOptions().max_micro_batch));
    m_maxMicroLabel = new QLabel(bar);
    flow->addWidget(labelledField(bar, m_maxMicroLabel, m_maxMicro));
    m_colourBy = new QComboBox(bar);
    m_colourBy->setObjectName(QStringLiteral("plannerColourBy"));
    m_colourBy->setSizeAdjustPolicy(QComboBox::AdjustToContents);
    m_colourBy->addItem(QString(), int(PlannerChart::ColourBy::PipelineStages));
    m_colourBy->addItem(QString(), int(PlannerChart::ColourBy::ZeroStage));
    m_colourLabel = new QLabel(bar);
    flow->addWidget(labelledField(bar, m_colourLabel, m_colourBy));
    m_apply = new QPushButton(bar);
    m_apply->setObjectName(QStringLiteral("plannerApply"));
    flow->addWidget(m_apply);
    m_status = new QLabel(bar);
    m_status->setObjectName(QStringLiteral("plannerStatus"));
    m_status->setWordWrap(false);
    flow->addWidget(m_status);

    m_table = new QTableView(this);
    m_table->setObjectName(QStringLiteral("plannerTable"));
    m_table->setModel(m_proxy);
    m_table->setSortingEnabled(true);
    m_table->sortByColumn(PlannerModel::Rank, Qt::AscendingOrder);
    m_table->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_table->setSelectionMode(QAbstractItemView::SingleSelection);
    m_table->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_table->setAlternatingRowColors(true);
    m_table->setWordWrap(false);
    m_table->verticalHeader()->setVisible(false);
    m_table->horizontalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
    m_table->horizontalHeader()->setStretchLastSection(true);

    m_splitter = new QSplitter(Qt::Vertical, this);
    m_splitter->setObjectName(QStringLiteral("plannerSplitter"));
    m_splitter->addWidget(m_table);
    m_splitter->addWidget(m_chart);
    m_splitter->setChildrenCollapsible(false);
    m_splitter->setStretchFactor(0, 1);
    m_splitter->setStretchFactor(1, 1);
    layout->addWidget(m_splitter, 1);
    updateFontSizes();

    connect(m_run, &QPushButton::clicked, this, &PlannerView::runNow);
    connect(m_cancel, &QPushButton::clicked, this, &PlannerView::cancel);
    connect(m_apply, &QPushButton::clicked, this, [this] {
        const QModelIndexList rows = m_table->selectionModel()->selectedRows();
        if (!rows.isEmpty())
            applyRow(rows.first().row());
    });
    connect(m_table, &QTableView::doubleClicked, this,
            [this](const QModelIndex& index) { applyRow(index.row()); });
    connect(m_table->selectionModel(), &QItemSelectionModel::selectionChanged, this,
            &PlannerView::updateButtons);
    connect(m_chart, &PlannerChart::layoutClicked, this, &PlannerView::applyLayout);
    // The objective only re-ranks what was found: every candidate carries the figures of all three.
    connect(m_objective, &QComboBox::currentIndexChanged, this, &PlannerView::refresh);
    connect(m_colourBy, &QComboBox::currentIndexChanged, this,
            [this] { m_chart->setColourBy(PlannerChart::ColourBy(m_colourBy->currentData().toInt())); });
    connect(m_tpAcrossNodes, &QCheckBox::toggled, this, &PlannerView::updateStale);
    connect(m_recipes, &QCheckBox::toggled, this, &PlannerView::updateStale);
    connect(m_maxMicro, &QSpinBox::valueChanged, this, &PlannerView::updateStale);
    retranslate();
}

void PlannerView::retranslate()
{
    m_run->setText(tr("&Run"));
    m_run->setToolTip(tr("Search every layout of the model on this cluster (on all cores)"));
    m_cancel->setText(tr("Cancel"));
    m_objectiveLabel->setText(tr("Rank by"));
    m_objective->setItemText(0, tr("step time"));
    m_objective->setItemText(1, tr("tokens/s per GPU"));
    m_objective->setItemText(2, tr("memory headroom"));
    m_tpAcrossNodes->setText(tr("tp across nodes"));
    m_tpAcrossNodes->setToolTip(
        tr("Allow tensor parallelism larger than a node (its all-reduces then cross the "
           "network)"));
    m_recipes->setText(tr("Fine-tuning recipes"));
    m_recipes->setToolTip(
        tr("Also try full training, LoRA and QLoRA, with the scenario's optimizer and 8-bit "
           "Adam: ranked by step time, the first row is the cheapest recipe that fits"));
    m_maxMicroLabel->setText(tr("max micro batch"));
    m_colourLabel->setText(tr("Colour by"));
    m_colourBy->setItemText(0, tr("pipeline stages"));
    m_colourBy->setItemText(1, tr("ZeRO stage"));
    m_apply->setText(tr("&Apply layout"));
    m_model->retranslate();
    updateEmptyMessage();
    updateProgress();
    updateButtons();
}

PlanOptions PlannerView::options() const
{
    PlanOptions o;
    o.objective = PlanObjective(m_objective->currentData().toInt());
    o.tp_across_nodes = m_tpAcrossNodes->isChecked();
    o.max_micro_batch = m_maxMicro->value();
    o.top = kTableRows;
    if (m_recipes->isChecked())
        addFineTuningRecipes(o, m_document->scenario());
    return o;
}

void PlannerView::setObjective(PlanObjective objective)
{
    m_objective->setCurrentIndex(m_objective->findData(int(objective)));
}

void PlannerView::runNow()
{
    stopRun();
    const quint64 generation = m_job.advance();
    const Scenario scenario = m_document->scenario();
    const PlanOptions options = this->options();
    m_searched = scenario;
    m_searchedOptions = options;
    m_searchedRecipes = m_recipes->isChecked();
    m_hasSearched = true;
    m_stale = false;
    m_gpus = scenario.gpus();
    m_feasible.clear();
    m_done = 0;
    m_total = 0;
    m_evaluated = 0;
    m_cancelled = false;
    m_error.clear();
    m_elapsed = 0;

    auto state = std::make_shared<Run>();
    m_state = state;
    // Called on the planner's worker threads, one call at a time: collect, and post at most one drain per
    // interval. The view outlives the search (stopRun() in the destructor), so `this` is safe to queue to.
    const PlanProgress progress = [this, state, generation](std::int64_t done, std::int64_t total,
                                                            const std::vector<PlanCandidate>& fresh) {
        const std::lock_guard<std::mutex> lock(state->mutex);
        state->pending.insert(state->pending.end(), fresh.begin(), fresh.end());
        state->done = done;
        state->total = total;
        const auto now = std::chrono::steady_clock::now();
        if (state->posted || now - state->lastPost < kUpdateInterval)
            return;
        state->posted = true;
        state->lastPost = now;
        QMetaObject::invokeMethod(
            this, [this, generation] { drain(generation); }, Qt::QueuedConnection);
    };
    // The job owns copies of its inputs; it shares only the Run state with the UI thread.
    m_job.start([scenario, options, progress,
                 state] { return planLayouts(scenario, options, progress, &state->cancel); },
                [this](const PlanResult& result) { finishRun(result); });
    refresh();
    updateProgress();
    updateButtons();
}

void PlannerView::cancel()
{
    if (m_state)
        m_state->cancel.store(true);
}

void PlannerView::stopRun()
{
    if (!m_job.isRunning())
        return;
    cancel();
    m_job.abandon();
    m_state.reset();
    m_job.advance(); // drains still queued for the stopped search are dropped
}

void PlannerView::waitForFinished()
{
    m_job.waitForFinished();
}

void PlannerView::drain(quint64 generation)
{
    if (!m_job.isCurrent(generation) || !m_state)
        return;
    {
        const std::lock_guard<std::mutex> lock(m_state->mutex);
        m_feasible.insert(m_feasible.end(), m_state->pending.begin(), m_state->pending.end());
        m_state->pending.clear();
        m_done = m_state->done;
        m_total = m_state->total;
        m_state->posted = false;
    }
    refresh();
    updateProgress();
}

void PlannerView::finishRun(const PlanResult& result)
{
    if (m_state) {
        const std::lock_guard<std::mutex> lock(m_state->mutex);
        m_done = m_state->done;
    }
    m_state.reset();
    // The result is the authority: every feasible layout in enumeration order, whatever the drains showed.
    m_feasible = result.feasibleAll;
    m_total = result.total;
    m_evaluated = result.evaluated;
    m_cancelled = result.cancelled;
    if (!m_cancelled && result.error.empty())
        m_done = m_total;
    m_error = QString::fromStdString(result.error);
    m_elapsed = result.elapsed_s;
    refresh();
    updateProgress();
    updateButtons();
    emit finished();
}

void PlannerView::refresh()
{
    const PlanObjective objective = PlanObjective(m_objective->currentData().toInt());
    m_model->resetData(m_feasible, objective, kTableRows);
    m_chart->resetData(m_feasible, m_gpus, m_model->rows().empty() ? nullptr : &m_model->rows().front());
    updateEmptyMessage();
    updateButtons();
}

// What the chart says while it has no point to draw, in the current language.
void PlannerView::updateEmptyMessage()
{
    if (!m_error.isEmpty())
        m_chart->setEmptyMessage(tr("The search could not start."));
    else if (m_hasSearched && !isRunning() && m_feasible.empty())
        m_chart->setEmptyMessage(m_cancelled ? tr("Cancelled before any layout was found to fit.")
                                             : tr("No layout fits in GPU memory."));
    else if (isRunning())
        m_chart->setEmptyMessage(tr("Searching…"));
    else
        m_chart->setEmptyMessage({});
}

void PlannerView::updateProgress()
{
    const QLocale locale;
    if (!m_hasSearched) {
        m_progress->setValue(0);
        m_progress->setFormat(tr("Not run yet"));
    } else {
        m_progress->setValue(m_total > 0 ? int(std::clamp<std::int64_t>(m_done * 1000 / m_total, 0, 1000))
                                         : 0);
        // QProgressBar's format treats % as a placeholder: double any in the text.
        QString text = tr("%1 of %2 layouts, %3 fit")
                           .arg(locale.toString(qlonglong(m_done)), locale.toString(qlonglong(m_total)),
                                locale.toString(qlonglong(m_feasible.size())));
        m_progress->setFormat(text.replace(QLatin1Char('%'), QStringLiteral("%%")));
    }

    QString status;
    if (!m_error.isEmpty())
        status = tr("The search could not start: %1").arg(m_error);
    else if (isRunning())
        status = tr("Searching on all cores…");
    else if (m_hasSearched && m_cancelled)
        status = tr("Cancelled: the results are those found so far.");
    else if (m_hasSearched)
        status = tr("Searched in %1.").arg(quantityText(m_elapsed, Unit::Seconds));
    if (m_stale)
        status = tr("The scenario or the options changed: Run again.") + QLatin1Char(' ') + status;
    m_status->setText(status);
    QPalette pal = m_status->palette();
    pal.setColor(QPalette::WindowText, m_stale || !m_error.isEmpty() ? QColor(0xC0, 0x39, 0x2B)
                                                                     : palette().color(QPalette::WindowText));
    m_status->setPalette(pal);
}

void PlannerView::updateButtons()
{
    m_run->setEnabled(true);
    m_cancel->setEnabled(isRunning());
    m_objective->setEnabled(true);
    const bool selected = m_table->selectionModel() && m_table->selectionModel()->hasSelection();
    // Results found for another scenario (or other options) would set a layout nobody costed for this one.
    m_apply->setEnabled(selected && !m_stale);
    m_apply->setToolTip(m_stale ? tr("The results are for an earlier scenario: Run again to apply a layout")
                                : tr("Set the selected layout on the scenario (one undo step)"));
}

bool PlannerView::applyLayout(const Layout& layout)
{
    if (m_stale) {
        // A double-click on a row or a click on a point, while the results are stale: refused, and why.
        m_status->setText(tr("The results are for an earlier scenario: Run again before applying a layout."));
        return false;
    }
    const Scenario after = withLayout(m_document->scenario(), layout);
    // Keeps the file the document is bound to: a layout applied is an edit, not a new document.
    m_document->replaceScenario(after, tr("Apply layout %1").arg(PlannerModel::layoutTitle(layout)),
                                m_document->fileName());
    return true;
}

bool PlannerView::applyRow(int row)
{
    if (row < 0 || row >= m_proxy->rowCount())
        return false;
    const QModelIndex source = m_proxy->mapToSource(m_proxy->index(row, 0));
    if (!source.isValid() || source.row() >= int(m_model->rows().size()))
        return false;
    return applyLayout(m_model->rows()[std::size_t(source.row())].layout);
}

void PlannerView::onScenarioChanged()
{
    const Scenario& scenario = m_document->scenario();
    const Layout current = layoutOf(scenario);
    m_model->setCurrentLayout(current, true);
    m_chart->setCurrentLayout(current, true);
    updateStale();
}

void PlannerView::updateStale()
{
    bool stale = false;
    if (m_hasSearched) {
        // The layout is the planner's to vary: a scenario that differs from the searched one only in its
        // layout fields (one applied from the results) keeps them fresh.
        // The recipe's method and optimizer are the planner's only when it searched recipes; the LoRA rank
        // stays the scenario's.
        const Layout mine = layoutOf(m_document->scenario());
        Layout searched = layoutOf(m_searched);
        searched.lora_rank = mine.lora_rank;
        // A method or optimizer the search did not try is an edit it has no results for.
        const auto tried = [](const auto& list, auto value) {
            return std::find(list.begin(), list.end(), value) != list.end();
        };
        if (!m_searchedRecipes || !tried(m_searchedOptions.methods, mine.method) ||
            !tried(m_searchedOptions.optimizers, mine.optimizer)) {
            searched.method = mine.method;
            searched.optimizer = mine.optimizer;
        }
        Scenario normalised = withLayout(m_document->scenario(), searched);
        normalised.name = m_searched.name;
        const PlanOptions now = options();
        stale = !(normalised == m_searched) || now.tp_across_nodes != m_searchedOptions.tp_across_nodes ||
                now.max_micro_batch != m_searchedOptions.max_micro_batch ||
                m_recipes->isChecked() != m_searchedRecipes;
    }
    if (stale == m_stale)
        return;
    m_stale = stale;
    updateProgress();
    updateButtons();
}

void PlannerView::updateOrientation()
{
    const Qt::Orientation want = width() >= kSideBySideWidth ? Qt::Horizontal : Qt::Vertical;
    if (m_splitter->orientation() == want && m_sized)
        return;
    m_splitter->setOrientation(want);
    // Side by side the table needs the larger share for its fifteen columns; stacked, the two share evenly.
    const int extent = want == Qt::Horizontal ? width() : height();
    const int table = want == Qt::Horizontal ? extent * 3 / 5 : extent / 2;
    m_splitter->setSizes({table, extent - table});
    m_sized = true;
}

void PlannerView::resizeEvent(QResizeEvent* event)
{
    QWidget::resizeEvent(event);
    updateOrientation();
}

void PlannerView::changeEvent(QEvent* event)
{
    QWidget::changeEvent(event);
    if (event->type() == QEvent::LanguageChange)
        retranslate();
    // Presentation mode enlarges the application font: rows as tall as the new type.
    if (event->type() == QEvent::FontChange)
        updateFontSizes();
}

void PlannerView::updateFontSizes()
{
    // The table's and the bar's: none of them has a font of its own.
    const QFontMetrics metrics = fontMetrics();
    // Wide enough for "2,556 of 2,556 layouts, 1,963 fit" in either language without wrapping.
    m_progress->setMinimumWidth(
        metrics.horizontalAdvance(QStringLiteral("0000000 / 0000000 00000, 0000000 000000000")) + 24);
    m_table->verticalHeader()->setDefaultSectionSize(metrics.height() + 6);
}

} // namespace ss
