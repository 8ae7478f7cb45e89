// SPDX-License-Identifier: GPL-3.0-or-later
#include "summarystrip.h"

#include "comparetext.h"
#include "enginetext.h"
#include "fieldnames.h"
#include "flowlayout.h"
#include "glossary.h"
#include "unitformat.h"

#include <QAction>
#include <QEvent>
#include <QLabel>
#include <QLocale>
#include <QMouseEvent>
#include <QToolButton>
#include <QVBoxLayout>

#include <algorithm>

namespace ss {

namespace {
const QString fitsStyle = QStringLiteral("QLabel { background: #2e7d32; color: white; border-radius: 4px;"
                                         " padding: 4px 10px; font-weight: bold; }");
const QString staleStyle =
    QStringLiteral("QLabel { background: palette(mid); color: palette(window); border-radius: 4px;"
                   " padding: 4px 10px; font-weight: bold; }");
const QString overStyle = QStringLiteral("QLabel { background: #c62828; color: white; border-radius: 4px;"
                                         " padding: 4px 10px; font-weight: bold; }");
// The glossary's definitions on the captions of the figures it explains, in the current language.
void setGlossaryTips(const QWidget* figures)
{
    const std::pair<const char*, const char*> tips[] = {{"summary.mfu.caption", "mfu"},
                                                        {"summary.bubble.caption", "bubble"}};
    for (const auto& [name, term] : tips)
        if (auto* caption = figures->findChild<QLabel*>(QLatin1String(name)))
            caption->setToolTip(glossaryTooltip(QLatin1String(term)));
}

} // namespace

SummaryStrip::SummaryStrip(QWidget* parent) : QFrame(parent), m_figures(new QWidget(this))
{
    setObjectName(QStringLiteral("summaryStrip"));
    setFrameShape(QFrame::StyledPanel);
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(10, 8, 10, 8);
    layout->setSpacing(6);

    // The figures wrap onto a second line when the window (or a translation) needs it.
    new FlowLayout(m_figures, 22, 6);
    layout->addWidget(m_figures);
    m_params = addFigure(tr("Parameters"), QStringLiteral("summary.params"), "params_total");
    m_gpus = addFigure(tr("GPUs"), QStringLiteral("summary.gpus"), "gpus");
    m_microbatches = addFigure(tr("Microbatches"), QStringLiteral("summary.microbatches"), "microbatches");
    m_peak = addFigure(tr("Peak memory per GPU"), QStringLiteral("summary.peak"), "memory.peak_gpu_bytes");
    m_flops = addFigure(tr("Model FLOPs per step"), QStringLiteral("summary.flops"),
                        "compute.model_flops_per_step");
    m_stepTime = addFigure(tr("Step time"), QStringLiteral("summary.step_time"), "step.time_s");
    m_tokens = addFigure(tr("Tokens/s"), QStringLiteral("summary.tokens_per_s"), "step.tokens_per_s");
    m_mfu = addFigure(tr("MFU"), QStringLiteral("summary.mfu"), "step.mfu");
    m_bubble = addFigure(tr("Bubble"), QStringLiteral("summary.bubble"), "step.bubble_fraction");
    m_exposed =
        addFigure(tr("Exposed communication"), QStringLiteral("summary.exposed_comm"), "step.exposed_comm_s");
    for (QLabel* figure : {m_stepTime, m_tokens, m_mfu, m_bubble, m_exposed})
        figure->parentWidget()->setVisible(false);
    setGlossaryTips(m_figures);
    m_fits = new QLabel(m_figures);
    m_fits->setObjectName(QStringLiteral("summary.fits"));
    m_fits->setAlignment(Qt::AlignCenter);
    m_figures->layout()->addWidget(m_fits);

    // Last in the flow, so it wraps with the figures instead of taking a column of its own: the baseline
    // toggle, and under it the pinned baseline's name.
    auto* pinCard = new QWidget(m_figures);
    m_pinCard = pinCard;
    auto* pinColumn = new QVBoxLayout(pinCard);
    pinColumn->setContentsMargins(0, 0, 0, 0);
    pinColumn->setSpacing(2);
    m_pinButton = new QToolButton(pinCard);
    m_pinButton->setObjectName(QStringLiteral("summary.pinBaseline"));
    m_pinButton->setToolButtonStyle(Qt::ToolButtonTextOnly);
    m_pinButton->setVisible(false);
    pinColumn->addWidget(m_pinButton, 0, Qt::AlignLeft);
    m_baselineName = new QLabel(pinCard);
    m_baselineName->setObjectName(QStringLiteral("summary.baseline"));
    m_baselineName->setForegroundRole(QPalette::PlaceholderText);
    m_baselineName->setMaximumWidth(240);
    m_baselineName->setVisible(false);
    pinColumn->addWidget(m_baselineName);
    m_figures->layout()->addWidget(pinCard);

    m_bottleneck = new QLabel(this);
    m_bottleneck->setObjectName(QStringLiteral("summary.bottleneck"));
    m_bottleneck->setWordWrap(true);
    m_bottleneck->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_bottleneck->setVisible(false);
    layout->addWidget(m_bottleneck);

    m_warnings = new QLabel(this);
    m_warnings->setObjectName(QStringLiteral("summary.warnings"));
    m_warnings->setWordWrap(true);
    m_warnings->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_warnings->setStyleSheet(QStringLiteral("QLabel { color: #b26a00; }"));
    m_warnings->setVisible(false);
    layout->addWidget(m_warnings);

    m_problems = new QLabel(this);
    m_problems->setObjectName(QStringLiteral("summary.problems"));
    m_problems->setWordWrap(true);
    m_problems->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_problems->setStyleSheet(QStringLiteral("QLabel { color: #d62728; }"));
    m_problems->setVisible(false);
    layout->addWidget(m_problems);
}

QLabel* SummaryStrip::addFigure(const QString& caption, const QString& name, const char* figureId)
{
    auto* card = new QWidget(m_figures);
    auto* cardLayout = new QVBoxLayout(card);
    cardLayout->setContentsMargins(0, 0, 0, 0);
    cardLayout->setSpacing(0);
    auto* captionLabel = new QLabel(caption, card);
    captionLabel->setObjectName(name + QStringLiteral(".caption"));
    QFont small = captionLabel->font();
    small.setPointSizeF(small.pointSizeF() * 0.9);
    captionLabel->setFont(small);
    captionLabel->setForegroundRole(QPalette::PlaceholderText);
    auto* value = new QLabel(QStringLiteral("–"), card);
    value->setObjectName(name);
    QFont big = value->font();
    big.setPointSizeF(big.pointSizeF() * 1.25);
    big.setBold(true);
    value->setFont(big);
    value->setTextInteractionFlags(Qt::TextSelectableByMouse);
    cardLayout->addWidget(captionLabel);
    cardLayout->addWidget(value);
    if (figureId) {
        // A click on the card explains the figure (figureClicked()); the value stays selectable.
        card->setProperty("explainFigure", QString::fromLatin1(figureId));
        card->setCursor(Qt::PointingHandCursor);
        card->installEventFilter(this);
        captionLabel->installEventFilter(this);
        value->installEventFilter(this);
        // The change against the pinned baseline, under the value; hidden while nothing is pinned.
        auto* delta = new QLabel(card);
        delta->setObjectName(name + QStringLiteral(".delta"));
        delta->setFont(small);
        delta->setTextInteractionFlags(Qt::TextSelectableByMouse);
        delta->setVisible(false);
        cardLayout->addWidget(delta);
        m_deltaLabels.emplace_back(figureId, delta);
    }
    m_figures->layout()->addWidget(card);
    return value;
}

void SummaryStrip::setComparison(const QString& label, const std::vector<FigureDelta>& deltas)
{
    m_comparing = true;
    m_baselineLabel = label;
    m_deltas = deltas;
    showDeltas();
}

void SummaryStrip::clearComparison()
{
    m_comparing = false;
    m_baselineLabel.clear();
    m_deltas.clear();
    showDeltas();
}

void SummaryStrip::setPinAction(QAction* action)
{
    m_pinButton->setDefaultAction(action);
    m_pinButton->setVisible(action != nullptr);
}

void SummaryStrip::showDeltas()
{
    for (const auto& [id, label] : m_deltaLabels) {
        const FigureDelta* delta = m_comparing ? findDelta(m_deltas, id) : nullptr;
        label->setVisible(delta != nullptr);
        label->setProperty("verdict", delta ? static_cast<int>(delta->verdict) : -1);
        if (!delta) {
            label->clear();
            label->setToolTip(QString());
            continue;
        }
        label->setText(CompareText::change(*delta));
        label->setToolTip(CompareText::toolTip(*delta, m_baselineLabel));
        // Green when better, red when worse, quiet otherwise (palette(), so a dark theme keeps it legible).
        const QColor colour = CompareText::verdictColor(delta->verdict, palette());
        QPalette pal = palette();
        if (colour.isValid()) {
            pal.setColor(QPalette::WindowText, colour);
            label->setForegroundRole(QPalette::WindowText);
        } else {
            label->setForegroundRole(QPalette::PlaceholderText);
        }
        label->setPalette(pal);
    }
    // Two short lines whatever the name's length: the figures keep the strip's width; the tooltip has it all.
    const QString full = tr("Δ against the baseline “%1”").arg(m_baselineLabel);
    const QString name = m_baselineName->fontMetrics().elidedText(m_baselineLabel, Qt::ElideRight,
                                                                  m_baselineName->maximumWidth() - 16);
    m_baselineName->setVisible(m_comparing);
    m_baselineName->setText(
        m_comparing ? tr("Δ against the baseline") + QLatin1Char('\n') + tr("“%1”").arg(name) : QString());
    m_baselineName->setToolTip(m_comparing ? full : QString());
}

void SummaryStrip::setFiguresEnabled(bool enabled)
{
    // Every figure greys out while they belong to an earlier scenario, but the baseline toggle stays usable:
    // unpinning must not wait for the scenario to be repaired.
    for (QWidget* child : m_figures->findChildren<QWidget*>(Qt::FindDirectChildrenOnly))
        if (child != m_pinCard)
            child->setEnabled(enabled);
}

bool SummaryStrip::eventFilter(QObject* watched, QEvent* event)
{
    if (event->type() == QEvent::MouseButtonRelease &&
        static_cast<QMouseEvent*>(event)->button() == Qt::LeftButton) {
        const QObject* card = watched->property("explainFigure").isValid() ? watched : watched->parent();
        const QString figure = card ? card->property("explainFigure").toString() : QString();
        if (!figure.isEmpty())
            emit figureClicked(figure);
    }
    return QFrame::eventFilter(watched, event);
}

void SummaryStrip::changeEvent(QEvent* event)
{
    QFrame::changeEvent(event);
    // The verdict colours depend on whether the theme is light or dark.
    if (event->type() == QEvent::PaletteChange && m_comparing)
        showDeltas();
    // View > Language: the words, and the numbers in the new default locale's notation.
    if (event->type() == QEvent::LanguageChange)
        retranslate();
}

void SummaryStrip::retranslate()
{
    const std::pair<QLabel*, QString> captions[] = {{m_params, tr("Parameters")},
                                                    {m_gpus, tr("GPUs")},
                                                    {m_microbatches, tr("Microbatches")},
                                                    {m_peak, tr("Peak memory per GPU")},
                                                    {m_flops, tr("Model FLOPs per step")},
                                                    {m_stepTime, tr("Step time")},
                                                    {m_tokens, tr("Tokens/s")},
                                                    {m_mfu, tr("MFU")},
                                                    {m_bubble, tr("Bubble")},
                                                    {m_exposed, tr("Exposed communication")}};
    for (const auto& [value, caption] : captions)
        if (auto* label = m_figures->findChild<QLabel*>(value->objectName() + QStringLiteral(".caption")))
            label->setText(caption);
    setGlossaryTips(m_figures);
    if (m_hasShown)
        showFigures();
    showProblems();
    showDeltas();
}

void SummaryStrip::resetData(const Result& result)
{
    // Everything but the timeline and the explanations, which can be large and are not shown here.
    m_shown.gpus = result.gpus;
    m_shown.params_total = result.params_total;
    m_shown.params_active = result.params_active;
    m_shown.params_mtp = result.params_mtp;
    m_shown.microbatches = result.microbatches;
    m_shown.memory = result.memory;
    m_shown.compute = result.compute;
    m_shown.step = result.step;
    m_shown.bottleneck = result.bottleneck;
    m_shown.warnings = result.warnings;
    m_hasShown = true;
    showFigures();
}

// A mixture-of-experts model: its total and, beside it, what one token passes through ("46.7B (12.9B
// active)"), as Mixtral's and DeepSeek-V3's papers state their size; the MTP modules in the tooltip.
void SummaryStrip::showParams(const Result& result)
{
    const QString total = quantityText(result.params_total, Unit::Count);
    const bool sparse = result.params_active > 0 && result.params_active < result.params_total;
    m_params->setText(
        sparse ? tr("%1 (%2 active)").arg(total, quantityText(result.params_active, Unit::Count)) : total);
    QStringList tip;
    if (sparse)
        tip << tr("%1 parameters in all; one token passes through %2 of them (%3): the shared layers and the "
                  "experts it is routed to.")
                   .arg(total, quantityText(result.params_active, Unit::Count),
                        quantityText(result.params_active / result.params_total, Unit::Fraction));
    if (result.params_mtp > 0)
        tip << tr("The multi-token-prediction modules add %1, trained beside them.")
                   .arg(quantityText(result.params_mtp, Unit::Count));
    m_params->setToolTip(tip.join(QLatin1Char('\n')));
}

void SummaryStrip::showFigures()
{
    const Result& result = m_shown;
    const MemoryResult& memory = result.memory;
    showParams(result);
    m_gpus->setText(QLocale().toString(static_cast<qlonglong>(result.gpus)));
    m_microbatches->setText(QLocale().toString(static_cast<qlonglong>(result.microbatches)));
    m_flops->setText(quantityText(result.compute.model_flops_per_step, Unit::Flops));

    double capacity = 0;
    int over = 0;
    for (const StageMemory& stage : memory.per_gpu) {
        capacity = std::max(capacity, stage.capacity);
        over += stage.fits ? 0 : 1;
    }
    m_peak->setText(
        tr("%1 of %2")
            .arg(quantityText(memory.peak_gpu_bytes, Unit::Bytes), quantityText(capacity, Unit::Bytes)));
    const int stages = static_cast<int>(memory.per_gpu.size());
    // The host's capacity is judged as the GPUs' is (offloaded states against host memory and NVMe).
    const bool hostFits = memory.host_fits && memory.nvme_fits;
    if (over == 0 && hostFits) {
        m_fits->setText(tr("Fits in GPU memory"));
        m_fits->setStyleSheet(m_stale ? staleStyle : fitsStyle);
        m_fits->setToolTip(QString());
    } else if (over == 0) {
        m_fits->setText(memory.host_fits ? tr("Does not fit in NVMe") : tr("Does not fit in host memory"));
        m_fits->setStyleSheet(m_stale ? staleStyle : overStyle);
        m_fits->setToolTip(tr("Offloaded states per node: %1 of %2 host memory, %3 of %4 NVMe.")
                               .arg(quantityText(memory.cpu_bytes_per_node, Unit::Bytes),
                                    quantityText(memory.host_memory_bytes_per_node, Unit::Bytes),
                                    quantityText(memory.nvme_bytes_per_node, Unit::Bytes),
                                    quantityText(memory.nvme_capacity_bytes_per_node, Unit::Bytes)));
    } else {
        m_fits->setText(tr("Does not fit: %n stage(s) over", nullptr, over));
        m_fits->setStyleSheet(m_stale ? staleStyle : overStyle);
        m_fits->setToolTip(
            tr("Over capacity: %1 of %n pipeline stage(s).", nullptr, stages).arg(over) +
            (hostFits ? QString() : QStringLiteral("\n") + tr("The offload does not fit the host either.")));
    }
    m_fits->setProperty("fits", over == 0 && hostFits);

    // The step's figures only once the step simulator has run ("step" is zero before; docs/formats.md,
    // "Result").
    const StepResult& step = result.step;
    const bool simulated = step.time_s > 0;
    for (QLabel* figure : {m_stepTime, m_tokens, m_mfu, m_bubble, m_exposed})
        figure->parentWidget()->setVisible(simulated);
    if (simulated) {
        m_stepTime->setText(quantityText(step.time_s, Unit::Seconds));
        m_tokens->setText(quantityText(step.tokens_per_s, Unit::Count));
        m_mfu->setText(quantityText(step.mfu, Unit::Fraction));
        m_mfu->setToolTip(tr("Model FLOPs utilisation; counting recompute (HFU): %1")
                              .arg(quantityText(step.hfu, Unit::Fraction)));
        m_bubble->setText(quantityText(step.bubble_fraction, Unit::Fraction));
        m_bubble->setToolTip(tr("Idle compute time over the step time, averaged over the GPUs"));
        m_exposed->setText(quantityText(step.exposed_comm_s, Unit::Seconds));
        m_exposed->setToolTip(tr("Communication not hidden behind compute: %1 of the step")
                                  .arg(quantityText(step.exposed_comm_s / step.time_s, Unit::Fraction)));
    }
    const bool bottleneck = simulated && !result.bottleneck.kind.empty();
    m_bottleneck->setText(bottleneck ? tr("Bottleneck: %1").arg(EngineText::bottleneck(result.bottleneck))
                                     : QString());
    m_bottleneck->setVisible(bottleneck);

    // A few warnings in the strip, all of them in its tooltip: the chart keeps its room.
    constexpr int shownWarnings = 3;
    QStringList lines;
    for (const Warning& warning : result.warnings)
        lines << QStringLiteral("⚠ ") + EngineText::warning(warning);
    QStringList shown = lines.mid(0, shownWarnings);
    const int hidden = static_cast<int>(lines.size()) - static_cast<int>(shown.size());
    if (hidden > 0)
        shown << tr("… and %n more warning(s)", nullptr, hidden);
    m_warnings->setText(shown.join(QLatin1Char('\n')));
    m_warnings->setToolTip(hidden > 0 ? lines.join(QLatin1Char('\n')) : QString());
    m_warnings->setVisible(!lines.isEmpty());
}

void SummaryStrip::setProblems(const std::vector<Problem>& problems)
{
    m_shownProblems = problems;
    showProblems();
}

void SummaryStrip::showProblems()
{
    const std::vector<Problem>& problems = m_shownProblems;
    const bool stale = !problems.empty();
    if (stale != m_stale) {
        m_stale = stale;
        // The badge speaks of the last valid scenario, so it loses its colour while the current one is
        // invalid.
        const bool fits = m_fits->property("fits").toBool();
        m_fits->setStyleSheet(m_stale ? staleStyle : fits ? fitsStyle : overStyle);
    }
    if (problems.empty()) {
        m_problems->clear();
        m_problems->setVisible(false);
        setFiguresEnabled(true);
        return;
    }
    QStringList lines;
    lines << tr("The scenario has %n problem(s); the figures are from the last valid scenario.", nullptr,
                static_cast<int>(problems.size()));
    QStringList all;
    for (const Problem& problem : problems)
        all << QStringLiteral("• %1: %2")
                   .arg(FieldNames::label(QString::fromStdString(problem.path)),
                        EngineText::problem(problem));
    constexpr int shownProblems = 4;
    lines << all.mid(0, shownProblems);
    const int hidden = static_cast<int>(all.size()) - shownProblems;
    if (hidden > 0)
        lines << tr("… and %n more problem(s)", nullptr, hidden);
    m_problems->setText(lines.join(QLatin1Char('\n')));
    m_problems->setToolTip(hidden > 0 ? all.join(QLatin1Char('\n')) : QString());
    m_problems->setVisible(true);
    setFiguresEnabled(false);
}

} // namespace ss
