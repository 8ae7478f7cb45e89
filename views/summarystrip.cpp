// SPDX-License-Identifier: GPL-3.0-or-later
#include "summarystrip.h"

#include "enginetext.h"
#include "fieldnames.h"
#include "flowlayout.h"
#include "unitformat.h"

#include <QLabel>
#include <QLocale>
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
    m_params = addFigure(tr("Parameters"), QStringLiteral("summary.params"));
    m_gpus = addFigure(tr("GPUs"), QStringLiteral("summary.gpus"));
    m_microbatches = addFigure(tr("Microbatches"), QStringLiteral("summary.microbatches"));
    m_peak = addFigure(tr("Peak memory per GPU"), QStringLiteral("summary.peak"));
    m_flops = addFigure(tr("Model FLOPs per step"), QStringLiteral("summary.flops"));
    m_stepTime = addFigure(tr("Step time"), QStringLiteral("summary.step_time"));
    m_tokens = addFigure(tr("Tokens/s"), QStringLiteral("summary.tokens_per_s"));
    m_mfu = addFigure(tr("MFU"), QStringLiteral("summary.mfu"));
    m_bubble = addFigure(tr("Bubble"), QStringLiteral("summary.bubble"));
    m_exposed = addFigure(tr("Exposed communication"), QStringLiteral("summary.exposed_comm"));
    for (QLabel* figure : {m_stepTime, m_tokens, m_mfu, m_bubble, m_exposed})
        figure->parentWidget()->setVisible(false);
    m_fits = new QLabel(m_figures);
    m_fits->setObjectName(QStringLiteral("summary.fits"));
    m_fits->setAlignment(Qt::AlignCenter);
    m_figures->layout()->addWidget(m_fits);

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

QLabel* SummaryStrip::addFigure(const QString& caption, const QString& name)
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
    m_figures->layout()->addWidget(card);
    return value;
}

void SummaryStrip::resetData(const Result& result)
{
    const MemoryResult& memory = result.memory;
    m_params->setText(quantityText(result.params_total, Unit::Count));
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
    if (over == 0) {
        m_fits->setText(tr("Fits in GPU memory"));
        m_fits->setStyleSheet(m_stale ? staleStyle : fitsStyle);
        m_fits->setToolTip(QString());
    } else {
        m_fits->setText(tr("Does not fit: %n stage(s) over", nullptr, over));
        m_fits->setStyleSheet(m_stale ? staleStyle : overStyle);
        m_fits->setToolTip(tr("Over capacity: %1 of %n pipeline stage(s).", nullptr, stages).arg(over));
    }
    m_fits->setProperty("fits", over == 0);

    // The step's figures only once the step simulator has run (CONTRACT.md "step"; zero before).
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
        m_figures->setEnabled(true);
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
    m_figures->setEnabled(false);
}

} // namespace ss
