// SPDX-License-Identifier: GPL-3.0-or-later
#include "plannerchart.h"

#include "chartlayout.h"
#include "chartpalette.h"
#include "plannermodel.h"
#include "unitformat.h"
#include "unittickers.h"

#include <QEvent>
#include <QFontMetrics>
#include <QToolTip>

#include <algorithm>
#include <cmath>
#include <map>

namespace ss {

namespace {

constexpr double kPickPixels = 8;

// The colour slot of a pp value: its position among the divisors of the GPU count, so a pp keeps its colour
// however the points arrive.
int divisorSlot(std::int64_t gpus, std::int64_t value)
{
    int slot = 0;
    for (std::int64_t d = 1; d < value && d <= gpus; ++d)
        if (gpus % d == 0)
            ++slot;
    return slot;
}

} // namespace

PlannerChart::PlannerChart(QWidget* parent) : QCustomPlot(parent)
{
    setObjectName(QStringLiteral("plannerChart"));
    setMinimumSize(280, 220);
    setMouseTracking(true);
    setNoAntialiasingOnDrag(true);
    xAxis->setTicker(QSharedPointer<ByteTicker>::create());
    yAxis->setTicker(QSharedPointer<QuantityTicker>::create(Unit::Count));
    // The legend under the plot: inside, it would hide the points of the upper right, the best ones.
    addWrappedLegendRow(this, 1, 6);
    m_emptyText = new QCPItemText(this);
    m_emptyText->setPositionAlignment(Qt::AlignCenter);
    m_emptyText->position->setType(QCPItemPosition::ptAxisRectRatio);
    m_emptyText->position->setCoords(0.5, 0.5);
    m_emptyText->setClipToAxisRect(false);
    connect(this, &QCustomPlot::mouseMove, this, &PlannerChart::onMouseMove);
    connect(this, &QCustomPlot::beforeReplot, this, &PlannerChart::fitToSize);
    connect(this, &QCustomPlot::mousePress, this,
            [this](QMouseEvent* event) { m_pressPos = event->position().toPoint(); });
    connect(this, &QCustomPlot::mouseRelease, this, [this](QMouseEvent* event) {
        // A click, not the end of a drag: a few pixels of jitter allowed.
        if (event->button() != Qt::LeftButton ||
            (event->position().toPoint() - m_pressPos).manhattanLength() > 4)
            return;
        if (const PlanCandidate* c = candidateAt(event->position()))
            emit layoutClicked(c->layout);
    });
    rebuild();
}

void PlannerChart::resetData(const std::vector<PlanCandidate>& candidates, std::int64_t gpus,
                             const PlanCandidate* best)
{
    m_candidates = candidates;
    m_gpus = gpus;
    m_hasBest = best != nullptr;
    if (best)
        m_best = *best;
    rebuild();
}

void PlannerChart::clearData()
{
    resetData({}, 0, nullptr);
}

void PlannerChart::setEmptyMessage(const QString& message)
{
    m_emptyMessage = message;
    applyPalette();
    replot(rpQueuedReplot);
}

void PlannerChart::setColourBy(ColourBy by)
{
    if (by == m_colourBy)
        return;
    m_colourBy = by;
    rebuild();
}

void PlannerChart::setCurrentLayout(const Layout& layout, bool valid)
{
    if (m_hasCurrent == valid && m_current == layout)
        return;
    m_current = layout;
    m_hasCurrent = valid;
    updateMarks();
    replot(rpQueuedReplot);
}

int PlannerChart::pointCount() const
{
    int n = 0;
    for (const QCPGraph* g : m_groups)
        n += g->dataCount();
    return n;
}

void PlannerChart::rebuild()
{
    clearGraphs(); // deletes the groups and the marks
    m_groups.clear();
    m_currentMark = nullptr;
    m_bestMark = nullptr;

    // One graph per colour (a pp value or a ZeRO stage), in ascending order so the legend reads 1, 2, 4, ...
    std::map<std::int64_t, std::pair<QVector<double>, QVector<double>>> byKey;
    double maxX = 0;
    double maxY = 0;
    for (const PlanCandidate& c : m_candidates) {
        const std::int64_t key = m_colourBy == ColourBy::PipelineStages ? c.layout.pp : c.layout.zero_stage;
        auto& [xs, ys] = byKey[key];
        xs.push_back(c.peak_gpu_bytes);
        ys.push_back(c.tokens_per_s);
        maxX = std::max(maxX, std::max(c.peak_gpu_bytes, c.capacity_bytes));
        maxY = std::max(maxY, c.tokens_per_s);
    }
    for (auto& [key, data] : byKey) {
        QCPGraph* g = addGraph();
        g->setLineStyle(QCPGraph::lsNone);
        const int slot = m_colourBy == ColourBy::PipelineStages ? divisorSlot(m_gpus, key) : int(key);
        // Tableau 10: distinct in print and for most colour-blind readers.
        QColor colour = tableau10(std::clamp(slot, 0, 1 << 20));
        QColor fill = colour;
        fill.setAlpha(150);
        g->setScatterStyle(QCPScatterStyle(QCPScatterStyle::ssDisc, colour, fill, 6));
        g->setName(m_colourBy == ColourBy::PipelineStages ? tr("pp %1").arg(key) : tr("ZeRO %1").arg(key));
        // Points of one group share x values; unsorted data keeps them in arrival order, which is all a
        // scatter needs.
        g->setData(data.first, data.second, false);
        m_groups.push_back(g);
    }
    m_currentMark = addGraph();
    m_currentMark->setLineStyle(QCPGraph::lsNone);
    m_currentMark->setName(tr("Current layout"));
    m_bestMark = addGraph();
    m_bestMark->setLineStyle(QCPGraph::lsNone);
    m_bestMark->setName(tr("Best"));

    xAxis->setLabel(tr("Peak memory per GPU"));
    m_maxY = maxX > 0 && maxY > 0 ? maxY : 0;
    if (m_maxY > 0) {
        xAxis->setRange(0, maxX * 1.04); // y: fitToSize()
    } else {
        xAxis->setRange(0, 80.0 * 1024 * 1024 * 1024 * 1.04); // an 80 GiB GPU, its last tick inside
        yAxis->setRange(0, 1);
    }
    applyPalette();
    updateMarks();
    fitToSize(); // "Tokens per second", or its short form on a short axis; the y range; the legend's rows
    replot(rpQueuedReplot);
}

void PlannerChart::updateMarks()
{
    if (!m_currentMark || !m_bestMark)
        return;
    m_currentMark->data()->clear();
    m_bestMark->data()->clear();
    if (m_hasCurrent) {
        const auto it = std::find_if(m_candidates.begin(), m_candidates.end(),
                                     [this](const PlanCandidate& c) { return c.layout == m_current; });
        if (it != m_candidates.end())
            m_currentMark->addData(it->peak_gpu_bytes, it->tokens_per_s);
    }
    if (m_hasBest)
        m_bestMark->addData(m_best.peak_gpu_bytes, m_best.tokens_per_s);
    // Marks without a point say nothing: out of the legend until they have one.
    if (m_currentMark->dataCount() > 0)
        m_currentMark->addToLegend();
    else
        m_currentMark->removeFromLegend();
    if (m_bestMark->dataCount() > 0)
        m_bestMark->addToLegend();
    else
        m_bestMark->removeFromLegend();
}

void PlannerChart::applyPalette()
{
    const ChartInk ink = applyChartInk(this, {xAxis, yAxis});
    applyLegendInk(legend, ink, LegendFill::Opaque, true);
    if (m_currentMark)
        m_currentMark->setScatterStyle(
            QCPScatterStyle(QCPScatterStyle::ssCircle, QPen(ink.text, 2), Qt::NoBrush, 15));
    if (m_bestMark) {
        // In the text colour, as the ring: marks read on light and dark backgrounds alike, and in print.
        m_bestMark->setScatterStyle(
            QCPScatterStyle(QCPScatterStyle::ssStar, QPen(ink.text, 2.5), Qt::NoBrush, 17));
    }
    if (!m_emptyText)
        return;
    m_emptyText->setColor(ink.text);
    const QString empty =
        m_emptyMessage.isEmpty() ? tr("No feasible layouts to show yet: press Run.") : m_emptyMessage;
    m_emptyText->setText(m_candidates.empty() ? empty : QString());
}

const PlanCandidate* PlannerChart::candidateAt(const QPointF& pos) const
{
    if (!axisRect()->rect().contains(pos.toPoint()))
        return nullptr;
    const PlanCandidate* nearest = nullptr;
    double best = kPickPixels * kPickPixels;
    for (const PlanCandidate& c : m_candidates) {
        const double dx = xAxis->coordToPixel(c.peak_gpu_bytes) - pos.x();
        const double dy = yAxis->coordToPixel(c.tokens_per_s) - pos.y();
        const double d = dx * dx + dy * dy;
        // Ties (points drawn on top of each other) go to the better-ranked one, the enumeration's first.
        if (d < best || (nearest && d == best && c.index < nearest->index)) {
            best = d;
            nearest = &c;
        }
    }
    return nearest;
}

QString PlannerChart::toolTipAt(const QPointF& pos) const
{
    const PlanCandidate* c = candidateAt(pos);
    if (!c)
        return {};
    QStringList lines;
    lines << PlannerModel::layoutTitle(c->layout) << PlannerModel::layoutDetails(c->layout)
          << tr("Step time %1, %2 tokens/s, MFU %3")
                 .arg(quantityText(c->step_time_s, Unit::Seconds), quantityText(c->tokens_per_s, Unit::Count),
                      quantityText(c->mfu, Unit::Fraction))
          << tr("Peak memory %1 of %2")
                 .arg(quantityText(c->peak_gpu_bytes, Unit::Bytes),
                      quantityText(c->capacity_bytes, Unit::Bytes));
    if (m_hasCurrent && c->layout == m_current)
        lines << tr("The scenario's current layout.");
    else
        lines << tr("Click to apply this layout.");
    return lines.join(QLatin1Char('\n'));
}

void PlannerChart::onMouseMove(QMouseEvent* event)
{
    const QString tip = toolTipAt(event->position());
    if (tip.isEmpty()) {
        QToolTip::hideText();
        unsetCursor();
    } else {
        QToolTip::showText(event->globalPosition().toPoint(), tip, this);
        setCursor(Qt::PointingHandCursor);
    }
}

void PlannerChart::fitToSize()
{
    // The legend in one row when it fits (its words differ by language and grow in presentation mode), else
    // in two or three.
    const int entries = legend->itemCount();
    legend->setVisible(entries > 0); // no empty frame under an empty chart
    std::vector<int> wraps;
    for (int wrap : {entries, 4, 3, 2})
        if (wrap >= 1 && wrap <= entries)
            wraps.push_back(wrap);
    fitLegendWrap(legend, wraps, width() - 24);
    // Under the table in a low window (presentation mode's large type above it), the tokens axis may be
    // short. The best points keep room above them for the star and the ring (8.5 pixels in radius, times
    // the presentation scale), and the axis takes its short name rather than a cut one. The axis rect is
    // the last layout's; a new label replots once more with the new one.
    const int room = axisRect()->height() > 0 ? axisRect()->height() : height();
    if (m_maxY > 0) {
        const double markRoom = 16 * m_presentation.scale() / std::max(room, 40);
        yAxis->setRange(0, m_maxY * std::max(1.08, 1 + markRoom));
    }
    const QString full = tr("Tokens per second");
    const QString label =
        QFontMetrics(yAxis->labelFont()).horizontalAdvance(full) + 8 <= room ? full : tr("Tokens/s");
    if (yAxis->label() != label) {
        yAxis->setLabel(label);
        replot(rpQueuedReplot);
    }
}

void PlannerChart::setPresentationScale(double scale)
{
    m_presentation.setScale(this, scale);
}

void PlannerChart::changeEvent(QEvent* event)
{
    QCustomPlot::changeEvent(event);
    if (event->type() == QEvent::PaletteChange || event->type() == QEvent::LanguageChange)
        rebuild();
}

} // namespace ss
