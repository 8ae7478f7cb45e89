// SPDX-License-Identifier: GPL-3.0-or-later
#include "sweepview.h"

#include "analysisrunner.h"
#include "controlbar.h"
#include "fieldnames.h"
#include "flowlayout.h"
#include "scenariodocument.h"
#include "sweepchart.h"
#include "unitformat.h"

#include <QCheckBox>
#include <QComboBox>
#include <QEvent>
#include <QLabel>
#include <QLineEdit>
#include <QSpinBox>
#include <QStandardItemModel>
#include <QTimer>
#include <QVBoxLayout>

#include <algorithm>
#include <cmath>
#include <string_view>

namespace ss {

namespace {

constexpr int debounceMs = 150;
const char* const kDefaultParam = "training.micro_batch";
// The metrics offered as check boxes, in sweepMetrics() order; the first and the fourth are on.
const char* const kOfferedMetrics[] = {
    "step.time_s",           "step.tokens_per_s",   "step.mfu",
    "memory.peak_gpu_bytes", "step.exposed_comm_s", "step.bubble_fraction"};

QString sectionOf(const QString& path)
{
    const QString key = path.section(QLatin1Char('.'), 0, 0);
    if (key == QLatin1String("link"))
        return SweepView::tr("Links");
    return FieldNames::section(key);
}

} // namespace

SweepView::SweepView(ScenarioDocument* document, QWidget* parent)
    : QWidget(parent), m_document(document), m_chart(new SweepChart), m_debounce(new QTimer(this))
{
    setObjectName(QStringLiteral("sweepView"));
    m_debounce->setSingleShot(true);
    m_debounce->setInterval(debounceMs);
    connect(m_debounce, &QTimer::timeout, this, [this] {
        if (isVisible())
            runNow();
    });
    buildControls();
    fillParameters();
    setParameter(QLatin1String(kDefaultParam));
    connect(m_document, &ScenarioDocument::scenarioChanged, this, [this] {
        // Hidden, the list waits for the next look at it (it walks the whole scenario on every edit).
        m_paramsStale = true;
        if (isVisible())
            fillParameters();
        scheduleRun();
    });
}

SweepView::~SweepView()
{
    // The job reads no member, but m_job waits for it to end: let it stop early.
    if (m_cancel)
        m_cancel->store(true);
}

void SweepView::buildControls()
{
    const auto [layout, bar, flow] = addControlBar(this, QStringLiteral("sweepControls"));
    m_param = new QComboBox(bar);
    m_param->setObjectName(QStringLiteral("sweepParam"));
    m_param->setSizeAdjustPolicy(QComboBox::AdjustToContents);
    m_param->setMaxVisibleItems(24);
    m_paramLabel = new QLabel(bar);
    flow->addWidget(labelledField(bar, m_paramLabel, m_param));

    m_from = new QLineEdit(bar);
    m_from->setObjectName(QStringLiteral("sweepFrom"));
    m_from->setMaximumWidth(110);
    m_fromLabel = new QLabel(bar);
    flow->addWidget(labelledField(bar, m_fromLabel, m_from));
    m_to = new QLineEdit(bar);
    m_to->setObjectName(QStringLiteral("sweepTo"));
    m_to->setMaximumWidth(110);
    m_toLabel = new QLabel(bar);
    flow->addWidget(labelledField(bar, m_toLabel, m_to));
    m_steps = new QSpinBox(bar);
    m_steps->setObjectName(QStringLiteral("sweepSteps"));
    m_steps->setRange(1, 200);
    m_steps->setValue(9);
    m_stepsLabel = new QLabel(bar);
    flow->addWidget(labelledField(bar, m_stepsLabel, m_steps));
    m_scale = new QComboBox(bar);
    m_scale->setObjectName(QStringLiteral("sweepScale"));
    m_scale->addItem(QString(), false);
    m_scale->addItem(QString(), true);
    flow->addWidget(m_scale);

    for (const char* name : kOfferedMetrics) {
        auto* box = new QCheckBox(bar);
        box->setObjectName(QStringLiteral("sweepMetric.") + QLatin1String(name));
        box->setChecked(name == std::string_view("step.time_s") ||
                        name == std::string_view("memory.peak_gpu_bytes"));
        // The box wears its line's colour, so the check boxes double as the legend's key.
        QPalette pal = box->palette();
        pal.setColor(QPalette::WindowText, SweepChart::metricColor(QLatin1String(name)));
        box->setPalette(pal);
        m_metricBoxes[name] = box;
        flow->addWidget(box);
        connect(box, &QCheckBox::toggled, this, &SweepView::scheduleRun);
    }
    m_status = new QLabel(bar);
    m_status->setObjectName(QStringLiteral("sweepStatus"));
    flow->addWidget(m_status);
    layout->addWidget(m_chart, 1);

    connect(m_param, &QComboBox::currentIndexChanged, this, [this] {
        if (m_filling)
            return;
        applyDefaultRange();
        scheduleRun();
    });
    connect(m_from, &QLineEdit::editingFinished, this, &SweepView::scheduleRun);
    connect(m_to, &QLineEdit::editingFinished, this, &SweepView::scheduleRun);
    connect(m_steps, &QSpinBox::valueChanged, this, &SweepView::scheduleRun);
    connect(m_scale, &QComboBox::currentIndexChanged, this, &SweepView::scheduleRun);
    retranslate();
}

void SweepView::retranslate()
{
    m_paramLabel->setText(tr("&Sweep"));
    m_fromLabel->setText(tr("from"));
    m_toLabel->setText(tr("to"));
    m_stepsLabel->setText(tr("steps"));
    m_scale->setItemText(0, tr("linear"));
    m_scale->setItemText(1, tr("logarithmic"));
    for (const auto& [name, box] : m_metricBoxes)
        box->setText(SweepChart::metricLabel(QString::fromStdString(name)));
    m_paramPaths.clear(); // labels are translated: refill
    fillParameters();
    // A status sentence on show (a range that does not parse, no metric) is worded again by the next run.
    if (m_status && !m_status->text().isEmpty() && !isRunning())
        scheduleRun();
}

// The parameters of the scenario, grouped under their section's name (headers are disabled rows).
void SweepView::fillParameters()
{
    m_paramsStale = false;
    const std::vector<SweepParam> params = sweepParams(m_document->scenario());
    QStringList paths;
    for (const SweepParam& p : params)
        paths << QString::fromStdString(p.path);
    if (paths == m_paramPaths)
        return;
    const QString keep = parameter();
    m_filling = true;
    m_paramPaths = paths;
    auto* model = new QStandardItemModel(m_param);
    QString section;
    for (const QString& path : std::as_const(paths)) {
        if (sectionOf(path) != section) {
            section = sectionOf(path);
            auto* header = new QStandardItem(section);
            header->setFlags(Qt::NoItemFlags);
            QFont font = m_param->font();
            font.setBold(true);
            header->setFont(font);
            model->appendRow(header);
        }
        auto* item = new QStandardItem(QStringLiteral("  ") + SweepChart::paramLabel(path));
        item->setData(path, Qt::UserRole);
        item->setToolTip(path);
        model->appendRow(item);
    }
    m_param->setModel(model); // deletes the previous model, whose parent is the combo box
    int index = m_param->findData(keep.isEmpty() ? QLatin1String(kDefaultParam) : keep, Qt::UserRole);
    if (index < 0)
        index = m_param->findData(QLatin1String(kDefaultParam), Qt::UserRole);
    m_param->setCurrentIndex(index);
    m_filling = false;
    if (!keep.isEmpty() && parameter() != keep) {
        // The kept parameter is gone (a link kind the new topology lacks): start from the new one's range.
        applyDefaultRange();
    }
}

QString SweepView::parameter() const
{
    if (m_paramsStale)
        const_cast<SweepView*>(this)->fillParameters(); // the list a hidden view has not refreshed yet
    return m_param->currentData(Qt::UserRole).toString();
}

bool SweepView::setParameter(const QString& path)
{
    if (m_paramsStale)
        fillParameters();
    const int index = m_param->findData(path, Qt::UserRole);
    if (index < 0)
        return false;
    m_filling = true;
    m_param->setCurrentIndex(index);
    m_filling = false;
    applyDefaultRange();
    scheduleRun();
    return true;
}

void SweepView::applyDefaultRange()
{
    SweepParam param;
    if (!findSweepParam(m_document->scenario(), parameter().toStdString(), param))
        return;
    const SweepRangeSpec range = defaultSweepRange(m_document->scenario(), param);
    setRange(range.from, range.to, range.steps, range.log);
}

void SweepView::setRange(double from, double to, int steps, bool log)
{
    const Unit unit = SweepChart::paramUnit(parameter());
    const QSignalBlocker b1(m_steps);
    const QSignalBlocker b2(m_scale);
    m_from->setText(exactQuantityText(from, unit));
    m_to->setText(exactQuantityText(to, unit));
    m_steps->setValue(steps);
    m_scale->setCurrentIndex(log ? 1 : 0);
    scheduleRun();
}

void SweepView::setMetrics(const QStringList& names)
{
    for (const auto& [name, box] : m_metricBoxes) {
        const QSignalBlocker blocker(box);
        box->setChecked(names.contains(QString::fromStdString(name)));
    }
    scheduleRun();
}

bool SweepView::isLogarithmic() const
{
    return m_scale->currentData().toBool();
}

SweepSpec SweepView::spec() const
{
    SweepSpec spec;
    SweepParam param;
    if (!findSweepParam(m_document->scenario(), parameter().toStdString(), param))
        return spec;
    const Unit unit = param.unit == Unit::None ? Unit::Count : param.unit;
    double from = 0;
    double to = 0;
    if (!parseQuantity(m_from->text().toStdString(), unit, from) ||
        !parseQuantity(m_to->text().toStdString(), unit, to))
        return spec;
    spec.values = sweepRange(from, to, m_steps->value(), isLogarithmic(), param);
    spec.geometric = isLogarithmic();
    if (spec.values.empty())
        return spec;
    spec.param = param.path;
    for (const auto& [name, box] : m_metricBoxes)
        if (box->isChecked())
            spec.metrics.push_back(name);
    // sweepMetrics() order, whatever order the map keeps.
    std::vector<std::string> ordered;
    for (const char* name : kOfferedMetrics)
        if (std::find(spec.metrics.begin(), spec.metrics.end(), name) != spec.metrics.end())
            ordered.emplace_back(name);
    spec.metrics = ordered;
    return spec;
}

void SweepView::scheduleRun()
{
    if (m_filling)
        return;
    m_dirty = true;
    m_debounce->start();
}

void SweepView::showEvent(QShowEvent* event)
{
    QWidget::showEvent(event);
    if (m_paramsStale)
        fillParameters();
    if (m_dirty)
        m_debounce->start(0);
}

void SweepView::changeEvent(QEvent* event)
{
    QWidget::changeEvent(event);
    if (event->type() == QEvent::LanguageChange)
        retranslate();
}

void SweepView::runNow()
{
    m_debounce->stop();
    m_dirty = false;
    m_job.advance();
    if (m_cancel)
        m_cancel->store(true); // the running sweep is stale: let it stop early
    const SweepSpec spec = this->spec();
    const bool log = isLogarithmic();
    const Scenario scenario = m_document->scenario();
    const double current = sweepParamValue(scenario, spec.param);
    if (spec.param.empty()) {
        m_status->setText(
            tr("The range does not parse: give two values and a step count (a logarithmic range "
               "needs values above 0)."));
        return;
    }
    if (spec.metrics.empty()) {
        m_status->setText(tr("Pick a metric to draw."));
        SweepResult empty;
        empty.param = spec.param;
        showSweep(empty, current, log);
        return;
    }
    // Cheap sweeps (the estimate AnalysisRunner uses, without its timeline) run here and draw in this frame.
    const double estimate = AnalysisRunner::estimatedSeconds(scenario) * double(spec.values.size());
    if (estimate <= AnalysisRunner::inlineLimitSeconds()) {
        SweepSpec inlineSpec = spec;
        inlineSpec.threads = 1;
        m_status->clear();
        showSweep(runSweep(scenario, inlineSpec), current, log);
        return;
    }
    m_status->setText(tr("Sweeping %n values…", nullptr, int(spec.values.size())));
    auto cancel = std::make_shared<std::atomic<bool>>(false);
    m_cancel = cancel;
    // The job owns copies of its inputs; the UI thread shares only the cancel flag with it. A stale result
    // is dropped: a newer sweep is on its way.
    m_job.start([scenario, spec, cancel] { return runSweep(scenario, spec, cancel.get()); },
                [this, current, log](const SweepResult& result) {
                    m_cancel.reset();
                    m_status->clear();
                    showSweep(result, current, log);
                });
}

void SweepView::showSweep(const SweepResult& result, double current, bool log)
{
    m_chart->resetData(result, current, log);
    if (!result.error.empty())
        m_status->setText(QString::fromStdString(result.error));
    emit sweepFinished();
}

} // namespace ss
