// SPDX-License-Identifier: GPL-3.0-or-later
#include "memorychart.h"

#include "chartfocus.h"
#include "chartlayout.h"
#include "chartpalette.h"

#include "compare.h"
#include "comparetext.h"

#include "unitformat.h"
#include "unittickers.h"

#include <QKeyEvent>
#include <QLocale>
#include <QPainter>
#include <QToolTip>

#include <algorithm>
#include <cmath>
#include <optional>
#include <string>

namespace ss {

namespace {

constexpr double barWidth = 0.7;
// Beside a baseline each stage holds two stacks: the baseline's, narrower, on the left; a small gap between.
constexpr double pairedCurrentOffset = 0.16;
constexpr double pairedCurrentWidth = 0.4;
constexpr double baselineOffset = -0.21;
constexpr double baselineWidth = 0.28;

// The baseline's colours: the component's, washed out, so the current stack stays the one that stands out.
QColor baselineFill(const QColor& colour)
{
    QColor fill = colour;
    fill.setAlpha(85);
    return fill;
}

// Okabe-Ito colours: distinguishable with the common colour-vision deficiencies, on light and dark.
QColor componentColor(MemoryChart::Component component)
{
    switch (component) {
    case MemoryChart::Component::FrozenParams: // the weights' blue, darker: the same kind of bytes, not
                                               // trained
        return QColor(okabeIto::blue).darker(170);
    case MemoryChart::Component::Params:
        return QColor(okabeIto::blue);
    case MemoryChart::Component::Grads:
        return QColor(okabeIto::skyBlue);
    case MemoryChart::Component::Optimizer:
        return QColor(okabeIto::orange);
    case MemoryChart::Component::Activations:
        return QColor(okabeIto::bluishGreen);
    case MemoryChart::Component::Buffers:
        return QColor(okabeIto::reddishPurple);
    }
    return Qt::gray;
}

} // namespace

MemoryChart::MemoryChart(QWidget* parent) : QCustomPlot(parent)
{
    setObjectName(QStringLiteral("memoryChart"));
    setMinimumSize(320, 240);
    setNoAntialiasingOnDrag(true);

    // Rows: title, legend, axis rect.
    m_title = addTitleAndLegendRows(this);
    legend->setFillOrder(QCPLayoutGrid::foColumnsFirst);
    legend->setWrap(componentCount);
    legend->setColumnSpacing(16);
    plotLayout()->setRowStretchFactor(0, 0.001);
    plotLayout()->setRowStretchFactor(1, 0.001);

    for (int i = 0; i < componentCount; ++i) {
        const auto component = static_cast<Component>(i);
        auto* bar = new QCPBars(xAxis, yAxis);
        bar->setName(componentName(component));
        bar->setWidth(barWidth);
        bar->setAntialiased(false);
        setBarColor(bar, componentColor(component));
        if (i > 0)
            bar->moveAbove(m_bars[i - 1]);
        m_bars[i] = bar;
    }

    // The stage numbers follow the axis's width at every replot (a pane resized, a chart exported).
    connect(this, &QCustomPlot::beforeReplot, this, &MemoryChart::updateStageTicks);
    yAxis->setTicker(QSharedPointer<QCPAxisTicker>(new ByteTicker));
    yAxis->ticker()->setTickCount(6);
    yAxis->setLabel(tr("Memory per GPU"));
    yAxis->grid()->setSubGridVisible(false);
    yAxis->setSubTicks(false);
    xAxis->setLabel(tr("Pipeline stage"));
    xAxis->grid()->setVisible(false);
    xAxis->setSubTicks(false);
    xAxis->setTickLength(0, 4);

    m_capacityLine = new QCPItemStraightLine(this);
    m_capacityLine->setPen(QPen(alertColor(), 2, Qt::DashLine));
    m_capacityLine->setVisible(false);
    // The capacity is labelled on a right-hand axis, outside the plot, so no bar ever hides the label.
    yAxis2->setVisible(true);
    yAxis2->setBasePen(Qt::NoPen);
    yAxis2->setTickPen(QPen(alertColor(), 2));
    yAxis2->setTickLength(0, 6);
    yAxis2->setSubTicks(false);
    yAxis2->setTickLabelColor(alertColor());
    yAxis2->grid()->setVisible(false);
    m_capacityTicker = QSharedPointer<QCPAxisTickerText>::create();
    yAxis2->setTicker(m_capacityTicker);
    connect(yAxis, qOverload<const QCPRange&>(&QCPAxis::rangeChanged), yAxis2,
            qOverload<const QCPRange&>(&QCPAxis::setRange));

    connect(this, &QCustomPlot::mouseMove, this, &MemoryChart::onMouseMove);
    connect(this, &QCustomPlot::mouseRelease, this, &MemoryChart::onMouseRelease);
    // In the Tab order: the focus frame shows it, Enter explains the focused segment.
    setFocusPolicy(Qt::StrongFocus);
    applyPalette();
    updateTitle();
}

QString MemoryChart::componentName(Component component)
{
    switch (component) {
    case Component::FrozenParams:
        return tr("Frozen base weights");
    case Component::Params:
        return tr("Parameters");
    case Component::Grads:
        return tr("Gradients");
    case Component::Optimizer:
        return tr("Optimizer states");
    case Component::Activations:
        return tr("Activations");
    case Component::Buffers:
        return tr("Buffers");
    }
    return {};
}

// The buffers' parts that hold anything, one line each, as the engine sums them (StageMemory, result.h).
QString MemoryChart::bufferPartsText(const StageMemory& stage)
{
    const std::pair<QString, double> parts[] = {
        {tr("ZeRO-3 gathered parameters"), stage.buffer_zero3_gather},
        {tr("Gradient buckets"), stage.buffer_grad_buckets},
        {tr("Logits gradient"), stage.buffer_logits},
        {tr("CUDA context and workspaces"), stage.buffer_cuda_context},
        {tr("MoE dispatch buffers"), stage.buffer_moe_dispatch},
        {tr("FP8 weight copies"), stage.buffer_fp8_weights},
        {tr("Allocator fragmentation"), stage.buffer_allocator}};
    QString text;
    for (const auto& [name, bytes] : parts)
        if (bytes > 0)
            text += QLatin1Char('\n') + tr("  %1: %2").arg(name, quantityText(bytes, Unit::Bytes, 3));
    return text;
}

double MemoryChart::componentBytes(const StageMemory& stage, Component component)
{
    switch (component) {
    case Component::FrozenParams:
        return stage.param_frozen + stage.param_quant_constants;
    case Component::Params:
        return stage.params - (stage.param_frozen + stage.param_quant_constants);
    case Component::Grads:
        return stage.grads;
    case Component::Optimizer:
        return stage.optimizer;
    case Component::Activations:
        return stage.activations;
    case Component::Buffers:
        return stage.buffers;
    }
    return 0;
}

bool MemoryChart::hasFrozenWeights() const
{
    return std::any_of(m_stages.begin(), m_stages.end(), [](const StageMemory& stage) {
        return componentBytes(stage, Component::FrozenParams) > 0;
    });
}

void MemoryChart::updateFrozenLegend()
{
    // Full training has no frozen part: no legend entry for it, and its weights are simply "Parameters".
    const bool frozen = hasFrozenWeights();
    QCPBars* frozenBars = m_bars[int(Component::FrozenParams)];
    if (frozen && !legend->hasItemWithPlottable(frozenBars))
        frozenBars->addToLegend();
    else if (!frozen && legend->hasItemWithPlottable(frozenBars))
        frozenBars->removeFromLegend();
    m_bars[int(Component::Params)]->setName(frozen ? tr("Trainable weights (adapters)")
                                                   : componentName(Component::Params));
    // Legend items are appended: keep the frozen part first, as it is stacked.
    if (frozen && legend->itemWithPlottable(frozenBars) != legend->item(0)) {
        for (int i = 1; i < componentCount; ++i) {
            m_bars[i]->removeFromLegend();
            m_bars[i]->addToLegend();
        }
        if (m_baselineLegend) {
            m_baselineLegend->removeFromLegend();
            m_baselineLegend->addToLegend();
        }
    }
}

void MemoryChart::resetData(const Result& result)
{
    m_stages = result.memory.per_gpu;
    layoutBars();
    replot(QCustomPlot::rpQueuedReplot);
}

void MemoryChart::setBaseline(const Result* baseline, const QString& label)
{
    if (!baseline) {
        if (!hasBaseline())
            return;
        for (QCPBars*& bars : m_baselineBars) {
            removePlottable(bars);
            bars = nullptr;
        }
        removePlottable(m_baselineLegend);
        m_baselineLegend = nullptr;
        m_baselineStages.clear();
        m_baselineLabel.clear();
    } else {
        if (!hasBaseline()) {
            for (int i = 0; i < componentCount; ++i) {
                const QColor colour = componentColor(static_cast<Component>(i));
                auto* bars = new QCPBars(xAxis, yAxis);
                bars->setAntialiased(false);
                bars->setBrush(baselineFill(colour));
                bars->setPen(QPen(colour.darker(115), 1));
                bars->removeFromLegend();
                if (i > 0)
                    bars->moveAbove(m_baselineBars[i - 1]);
                m_baselineBars[i] = bars;
            }
            // One legend entry for the five washed-out stacks, after the components.
            m_baselineLegend = new QCPBars(xAxis, yAxis);
            m_baselineLegend->setAntialiased(false);
            m_baselineLegend->setBrush(QColor(0x80, 0x80, 0x80, 85));
            m_baselineLegend->setPen(QPen(QColor(0x80, 0x80, 0x80), 1));
        }
        m_baselineStages = baseline->memory.per_gpu;
        m_baselineLabel = label;
        // A long scenario name would widen its legend column and clip the others: elided, whole in the
        // tooltip.
        const QString shortLabel = QFontMetrics(legend->font()).elidedText(label, Qt::ElideMiddle, 220);
        m_baselineLegend->setName(tr("Baseline: %1").arg(shortLabel));
    }
    layoutBars();
    // The legend gained or lost an entry: wrap it again for the current width.
    updateLegendWrap(width());
    replot(QCustomPlot::rpQueuedReplot);
}

double MemoryChart::barOffset() const
{
    return hasBaseline() ? pairedCurrentOffset : 0.0;
}

double MemoryChart::currentBarWidth() const
{
    return hasBaseline() ? pairedCurrentWidth : barWidth;
}

void MemoryChart::layoutBars()
{
    const int stages = static_cast<int>(m_stages.size());
    const int baselineStages = hasBaseline() ? static_cast<int>(m_baselineStages.size()) : 0;
    const int slotStages = std::max(stages, baselineStages);
    m_capacity = 0;
    double highest = 0;
    for (const StageMemory& stage : m_stages) {
        m_capacity = std::max(m_capacity, stage.capacity);
        highest = std::max(highest, stage.total);
    }
    for (int s = 0; s < baselineStages; ++s)
        highest = std::max(highest, m_baselineStages[s].total);

    const double offset = barOffset();
    QVector<double> keys(stages);
    for (int s = 0; s < stages; ++s)
        keys[s] = s + offset;
    for (int c = 0; c < componentCount; ++c) {
        QVector<double> values(stages);
        for (int s = 0; s < stages; ++s)
            values[s] = componentBytes(m_stages[s], static_cast<Component>(c));
        m_bars[c]->setWidth(currentBarWidth());
        m_bars[c]->setData(keys, values, true);
    }
    updateFrozenLegend();
    if (hasBaseline()) {
        QVector<double> baselineKeys(baselineStages);
        for (int s = 0; s < baselineStages; ++s)
            baselineKeys[s] = s + baselineOffset;
        for (int c = 0; c < componentCount; ++c) {
            QVector<double> values(baselineStages);
            for (int s = 0; s < baselineStages; ++s)
                values[s] = componentBytes(m_baselineStages[s], static_cast<Component>(c));
            m_baselineBars[c]->setWidth(baselineWidth);
            m_baselineBars[c]->setData(baselineKeys, values, true);
        }
    }

    // At least five slots wide, so one stage is a bar and not a wall.
    const double slotCount = std::max(slotStages, 5);
    const double centre = (slotStages - 1) / 2.0;
    xAxis->setRange(centre - slotCount / 2.0, centre + slotCount / 2.0);
    m_slotStages = slotStages;
    updateStageTicks();
    const double top = std::max(highest, m_capacity);
    yAxis->setRange(0, top > 0 ? top * 1.12 : 1.0);

    m_capacityLine->setVisible(m_capacity > 0);
    m_capacityTicker->clear();
    if (m_capacity > 0) {
        m_capacityLine->point1->setCoords(0, m_capacity);
        m_capacityLine->point2->setCoords(1, m_capacity);
        m_capacityTicker->addTick(m_capacity,
                                  tr("GPU capacity\n%1").arg(quantityText(m_capacity, Unit::Bytes)));
    }

    clearOverflowItems();
    for (int s = 0; s < stages; ++s) {
        const StageMemory& stage = m_stages[s];
        if (stage.fits)
            continue;
        auto* outline = new QCPItemRect(this);
        outline->topLeft->setCoords(s + offset - currentBarWidth() / 2, stage.total);
        outline->bottomRight->setCoords(s + offset + currentBarWidth() / 2, 0);
        outline->setPen(QPen(alertColor(), 2.5));
        outline->setBrush(Qt::NoBrush);
        outline->setAntialiased(false);
        m_overflowItems.push_back(outline);
        {
            auto* label = new QCPItemText(this);
            label->position->setCoords(s + offset, stage.total);
            label->setPositionAlignment(Qt::AlignHCenter | Qt::AlignBottom);
            label->setText(tr("+%1").arg(quantityText(stage.total - stage.capacity, Unit::Bytes)));
            label->setColor(alertColor());
            QFont bold = font();
            bold.setBold(true);
            label->setFont(bold);
            m_overflowItems.push_back(label);
            m_overflowLabels.push_back(label);
        }
    }
    updateOverflowLabels();
    updateTitle();
}

void MemoryChart::setStale(bool stale)
{
    if (stale == m_stale)
        return;
    m_stale = stale;
    updateTitle();
    replot(QCustomPlot::rpQueuedReplot);
}

void MemoryChart::updateTitle()
{
    QString title = tr("Memory per GPU, by pipeline stage");
    if (m_stale)
        title = tr("%1 (last valid scenario)").arg(title);
    m_title->setText(title);
    m_title->setTextColor(m_stale ? alertColor() : palette().color(QPalette::WindowText));
}

void MemoryChart::clearOverflowItems()
{
    for (QCPAbstractItem* item : m_overflowItems)
        removeItem(item);
    m_overflowItems.clear();
    m_overflowLabels.clear();
}

// Overflow labels only while they fit over their bar (CONTRIBUTING.md: drop labels that do not fit); the
// outline stays, and the tooltip and the summary's warnings still give the figure.
void MemoryChart::updateOverflowLabels()
{
    const double barPixels = std::abs(xAxis->coordToPixel(currentBarWidth()) - xAxis->coordToPixel(0));
    for (QCPItemText* label : m_overflowLabels) {
        const int textPixels = QFontMetrics(label->font()).horizontalAdvance(label->text());
        label->setVisible(textPixels <= barPixels * 1.3);
    }
}

bool MemoryChart::segmentAt(const QPointF& pos, int* stage, Component* component) const
{
    if (!axisRect()->rect().contains(pos.toPoint()))
        return false;
    const double key = xAxis->pixelToCoord(pos.x());
    const int s = static_cast<int>(std::lround(key));
    if (s < 0 || s >= static_cast<int>(m_stages.size()) ||
        std::abs(key - s - barOffset()) > currentBarWidth() / 2)
        return false;
    const double value = yAxis->pixelToCoord(pos.y());
    double bottom = 0;
    for (int c = 0; c < componentCount; ++c) {
        const double bytes = componentBytes(m_stages[s], static_cast<Component>(c));
        if (value >= bottom && value < bottom + bytes) {
            *stage = s;
            *component = static_cast<Component>(c);
            return true;
        }
        bottom += bytes;
    }
    return false;
}

void MemoryChart::onMouseRelease(QMouseEvent* event)
{
    int stage = 0;
    Component component = Component::Params;
    if (event->button() == Qt::LeftButton && segmentAt(event->position(), &stage, &component)) {
        // The keyboard goes on from the segment clicked.
        m_focusStage = stage;
        m_focusComponent = component;
        update();
        emit segmentClicked(stage, component);
    }
}

bool MemoryChart::focusedSegment(int* stage, Component* component) const
{
    const int stages = static_cast<int>(m_stages.size());
    if (stages == 0)
        return false;
    if (m_focusStage >= 0 && m_focusStage < stages) {
        *stage = m_focusStage;
        *component = m_focusComponent;
        return true;
    }
    // The chart's main figure: the peak memory per GPU, and its largest part.
    int peak = 0;
    double peakBytes = -1;
    for (int s = 0; s < stages; ++s) {
        double total = 0;
        for (int c = 0; c < componentCount; ++c)
            total += componentBytes(m_stages[std::size_t(s)], static_cast<Component>(c));
        if (total > peakBytes) {
            peakBytes = total;
            peak = s;
        }
    }
    int largest = 0;
    for (int c = 1; c < componentCount; ++c)
        if (componentBytes(m_stages[std::size_t(peak)], static_cast<Component>(c)) >
            componentBytes(m_stages[std::size_t(peak)], static_cast<Component>(largest)))
            largest = c;
    *stage = peak;
    *component = static_cast<Component>(largest);
    return true;
}

bool MemoryChart::activateFocused()
{
    int stage = 0;
    Component component = Component::Params;
    if (!focusedSegment(&stage, &component))
        return false;
    emit segmentClicked(stage, component);
    return true;
}

QRectF MemoryChart::segmentRect(int stage, Component component) const
{
    if (stage < 0 || stage >= static_cast<int>(m_stages.size()))
        return {};
    double bottom = 0;
    for (int c = 0; c < static_cast<int>(component); ++c)
        bottom += componentBytes(m_stages[std::size_t(stage)], static_cast<Component>(c));
    const double top = bottom + componentBytes(m_stages[std::size_t(stage)], component);
    const double centre = stage + barOffset();
    const QPointF a(xAxis->coordToPixel(centre - currentBarWidth() / 2), yAxis->coordToPixel(top));
    const QPointF b(xAxis->coordToPixel(centre + currentBarWidth() / 2), yAxis->coordToPixel(bottom));
    return QRectF(a, b).normalized();
}

void MemoryChart::paintEvent(QPaintEvent* event)
{
    QCustomPlot::paintEvent(event);
    if (!hasFocus())
        return;
    QPainter painter(this);
    int stage = 0;
    Component component = Component::Params;
    if (focusedSegment(&stage, &component)) {
        // The focused segment: a dashed outline a pixel outside it (a zero-byte part is a line).
        const QRectF r = segmentRect(stage, component).adjusted(-2, -2, 2, 2);
        if (r.intersects(QRectF(axisRect()->rect()))) {
            painter.setPen(QPen(focusFrameColor(palette()), 2, Qt::DashLine));
            painter.setBrush(Qt::NoBrush);
            painter.drawRect(r);
        }
    }
    paintFocusFrame(painter, rect(), palette());
}

void MemoryChart::keyPressEvent(QKeyEvent* event)
{
    if (isActivationKey(event)) {
        activateFocused();
        event->accept();
        return;
    }
    int stage = 0;
    Component component = Component::Params;
    const int stages = static_cast<int>(m_stages.size());
    if (event->modifiers() == Qt::NoModifier && focusedSegment(&stage, &component)) {
        int c = static_cast<int>(component);
        switch (event->key()) {
        case Qt::Key_Left:
            stage = std::max(stage - 1, 0);
            break;
        case Qt::Key_Right:
            stage = std::min(stage + 1, stages - 1);
            break;
        case Qt::Key_Up: // up the stack, to the next part that holds anything
            for (int n = c + 1; n < componentCount; ++n)
                if (componentBytes(m_stages[std::size_t(stage)], static_cast<Component>(n)) > 0) {
                    c = n;
                    break;
                }
            break;
        case Qt::Key_Down:
            for (int n = c - 1; n >= 0; --n)
                if (componentBytes(m_stages[std::size_t(stage)], static_cast<Component>(n)) > 0) {
                    c = n;
                    break;
                }
            break;
        default:
            QCustomPlot::keyPressEvent(event);
            return;
        }
        m_focusStage = stage;
        m_focusComponent = static_cast<Component>(c);
        update();
        event->accept();
        return;
    }
    QCustomPlot::keyPressEvent(event);
}

void MemoryChart::focusInEvent(QFocusEvent* event)
{
    QCustomPlot::focusInEvent(event);
    update();
}

void MemoryChart::focusOutEvent(QFocusEvent* event)
{
    QCustomPlot::focusOutEvent(event);
    update();
}

void MemoryChart::onMouseMove(QMouseEvent* event)
{
    const QPointF pos = event->position();
    if (!axisRect()->rect().contains(pos.toPoint())) {
        QToolTip::hideText();
        return;
    }
    const double key = xAxis->pixelToCoord(pos.x());
    const int s = static_cast<int>(std::lround(key));
    const bool onCurrent = s >= 0 && s < static_cast<int>(m_stages.size()) &&
                           std::abs(key - s - barOffset()) <= currentBarWidth() / 2;
    const bool onBaseline = hasBaseline() && s >= 0 && s < static_cast<int>(m_baselineStages.size()) &&
                            std::abs(key - s - baselineOffset) <= baselineWidth / 2;
    if (!onCurrent && !onBaseline) {
        QToolTip::hideText();
        return;
    }
    const StageMemory& stage = onCurrent ? m_stages[s] : m_baselineStages[s];
    const double value = yAxis->pixelToCoord(pos.y());
    QString text;
    double bottom = 0;
    for (int c = 0; c < componentCount; ++c) {
        const double bytes = componentBytes(stage, static_cast<Component>(c));
        if (value >= bottom && value < bottom + bytes) {
            text = tr("Stage %1: %2\n%3 (%4 bytes)")
                       .arg(s)
                       .arg(componentName(static_cast<Component>(c)), quantityText(bytes, Unit::Bytes, 4),
                            QLocale().toString(bytes, 'f', 0));
            if (static_cast<Component>(c) == Component::Buffers)
                text += bufferPartsText(stage);
            if (static_cast<Component>(c) == Component::FrozenParams && stage.param_quant_constants > 0)
                text +=
                    QLatin1Char('\n') + tr("  weights: %1\n  quantization constants: %2")
                                            .arg(quantityText(stage.param_frozen, Unit::Bytes, 3),
                                                 quantityText(stage.param_quant_constants, Unit::Bytes, 3));
            break;
        }
        bottom += bytes;
    }
    const QString total =
        tr("Stage %1 total: %2 of %3")
            .arg(s)
            .arg(quantityText(stage.total, Unit::Bytes, 4), quantityText(stage.capacity, Unit::Bytes));
    text = text.isEmpty() ? total : text + QLatin1Char('\n') + total;
    if (!stage.fits)
        text += QLatin1Char('\n') +
                tr("Does not fit: %1 over").arg(quantityText(stage.total - stage.capacity, Unit::Bytes, 4));
    if (onBaseline) {
        text = tr("Baseline “%1”").arg(m_baselineLabel) + QLatin1Char('\n') + text;
    } else if (hasBaseline() && m_baselineStages.size() == m_stages.size()) {
        // Stages pair up only with equal stage counts (compareResults() says why); the engine words the
        // change.
        const std::string id = "memory.per_gpu[" + std::to_string(s) + "].total";
        if (const std::optional<FigureSpec> spec = figureSpec(id)) {
            const FigureDelta delta = compareFigure(*spec, m_baselineStages[s].total, stage.total);
            text += QLatin1Char('\n') + tr("Against the baseline: %1").arg(CompareText::change(delta));
        }
    }
    QToolTip::showText(event->globalPosition().toPoint(), text, this);
}

void MemoryChart::updateLegendWrap(int width)
{
    // All legend entries in one line when they fit (the words differ by language), else two or three lines.
    const int entries = legend->itemCount();
    fitLegendWrap(legend, {entries, 3, 2}, width - 24);
}

void MemoryChart::setPresentationScale(double scale)
{
    m_presentation.setScale(this, scale);
    // The legend's words and the stage numbers are wider or narrower now.
    updateLegendWrap(width());
    updateStageTicks();
}

void MemoryChart::updateStageTicks()
{
    // Stage labels: every stage while they fit, else every k-th (k of 2, 4, 5, 8, 10, 16, ...): at most 16,
    // and each label its own width apart, so that 64 stages in a narrow pane do not run into each other.
    const int stages = m_slotStages;
    const double pixelsPerStage = axisRect()->width() / std::max(xAxis->range().size(), 1.0);
    const double labelWidth =
        QFontMetrics(xAxis->tickLabelFont()).horizontalAdvance(QLocale().toString(std::max(stages - 1, 0))) +
        6.0;
    int every = 1;
    for (int candidate : {1, 2, 4, 5, 8, 10, 16, 20, 25, 32, 50, 64, 100, 128, 256, 512, 1024}) {
        every = candidate;
        if (stages / candidate <= 16 && candidate * pixelsPerStage >= labelWidth)
            break;
    }
    if (every == m_tickEvery && stages == m_tickStages)
        return;
    m_tickEvery = every;
    m_tickStages = stages;
    auto ticker = QSharedPointer<QCPAxisTickerText>::create();
    for (int s = 0; s < stages; s += every)
        ticker->addTick(s, QLocale().toString(s));
    xAxis->setTicker(ticker);
}

void MemoryChart::resizeEvent(QResizeEvent* event)
{
    updateLegendWrap(event->size().width());
    QCustomPlot::resizeEvent(event);
    plotLayout()->update(QCPLayoutElement::upLayout); // the axis rect's new width, for the labels
    updateStageTicks();
    if (!m_overflowLabels.empty())
        updateOverflowLabels();
}

void MemoryChart::changeEvent(QEvent* event)
{
    QCustomPlot::changeEvent(event);
    if (event->type() == QEvent::PaletteChange || event->type() == QEvent::StyleChange) {
        applyPalette();
        replot(QCustomPlot::rpQueuedReplot);
    }
    if (event->type() == QEvent::LanguageChange)
        retranslate();
}

// View > Language: the legend, the axes, the capacity and overflow labels and the title in the new
// language and locale, from the stages on show.
void MemoryChart::retranslate()
{
    for (int i = 0; i < componentCount; ++i)
        m_bars[i]->setName(componentName(static_cast<Component>(i)));
    updateFrozenLegend();
    if (m_baselineLegend) {
        const QString shortLabel =
            QFontMetrics(legend->font()).elidedText(m_baselineLabel, Qt::ElideMiddle, 220);
        m_baselineLegend->setName(tr("Baseline: %1").arg(shortLabel));
    }
    yAxis->setLabel(tr("Memory per GPU"));
    xAxis->setLabel(tr("Pipeline stage"));
    layoutBars();
    updateLegendWrap(width());
    replot(QCustomPlot::rpQueuedReplot);
}

// Follows the widget palette so the chart reads in dark themes; printing uses the light palette.
void MemoryChart::applyPalette()
{
    applyLegendInk(legend, applyChartInk(this, {xAxis, yAxis}));
    if (m_title)
        updateTitle();
}

} // namespace ss
