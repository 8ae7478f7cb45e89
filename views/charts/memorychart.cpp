// SPDX-License-Identifier: GPL-3.0-or-later
#include "memorychart.h"

#include "chartlayout.h"

#include "unitformat.h"
#include "unittickers.h"

#include <QToolTip>

#include <algorithm>
#include <cmath>

namespace ss {

namespace {

constexpr double barWidth = 0.7;

// Okabe-Ito colours: distinguishable with the common colour-vision deficiencies, on light and dark.
QColor componentColor(MemoryChart::Component component)
{
    switch (component) {
    case MemoryChart::Component::Params:
        return QColor(0x00, 0x72, 0xB2);
    case MemoryChart::Component::Grads:
        return QColor(0x56, 0xB4, 0xE9);
    case MemoryChart::Component::Optimizer:
        return QColor(0xE6, 0x9F, 0x00);
    case MemoryChart::Component::Activations:
        return QColor(0x00, 0x9E, 0x73);
    case MemoryChart::Component::Buffers:
        return QColor(0xCC, 0x79, 0xA7);
    }
    return Qt::gray;
}

const QColor overflowColor(0xD6, 0x27, 0x28);

} // namespace

MemoryChart::MemoryChart(QWidget* parent) : QCustomPlot(parent)
{
    setObjectName(QStringLiteral("memoryChart"));
    setMinimumSize(320, 240);
    setNoAntialiasingOnDrag(true);

    // Rows: title, legend, axis rect.
    m_title = addTitleAndLegendRows(this);
    legend->setVisible(true);
    legend->setFillOrder(QCPLayoutGrid::foColumnsFirst);
    legend->setWrap(componentCount);
    legend->setBorderPen(Qt::NoPen);
    legend->setBrush(Qt::NoBrush);
    legend->setColumnSpacing(16);
    plotLayout()->setRowStretchFactor(0, 0.001);
    plotLayout()->setRowStretchFactor(1, 0.001);

    for (int i = 0; i < componentCount; ++i) {
        const auto component = static_cast<Component>(i);
        auto* bar = new QCPBars(xAxis, yAxis);
        bar->setName(componentName(component));
        bar->setWidth(barWidth);
        bar->setAntialiased(false);
        bar->setBrush(componentColor(component));
        bar->setPen(QPen(componentColor(component).darker(130), 1));
        if (i > 0)
            bar->moveAbove(m_bars[i - 1]);
        m_bars[i] = bar;
    }

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
    m_capacityLine->setPen(QPen(overflowColor, 2, Qt::DashLine));
    m_capacityLine->setVisible(false);
    // The capacity is labelled on a right-hand axis, outside the plot, so no bar ever hides the label.
    yAxis2->setVisible(true);
    yAxis2->setBasePen(Qt::NoPen);
    yAxis2->setTickPen(QPen(overflowColor, 2));
    yAxis2->setTickLength(0, 6);
    yAxis2->setSubTicks(false);
    yAxis2->setTickLabelColor(overflowColor);
    yAxis2->grid()->setVisible(false);
    m_capacityTicker = QSharedPointer<QCPAxisTickerText>::create();
    yAxis2->setTicker(m_capacityTicker);
    connect(yAxis, qOverload<const QCPRange&>(&QCPAxis::rangeChanged), yAxis2,
            qOverload<const QCPRange&>(&QCPAxis::setRange));

    connect(this, &QCustomPlot::mouseMove, this, &MemoryChart::onMouseMove);
    applyPalette();
    updateTitle();
}

QString MemoryChart::componentName(Component component)
{
    switch (component) {
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

double MemoryChart::componentBytes(const StageMemory& stage, Component component)
{
    switch (component) {
    case Component::Params:
        return stage.params;
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

void MemoryChart::resetData(const Result& result)
{
    m_stages = result.memory.per_gpu;
    const int stages = static_cast<int>(m_stages.size());
    m_capacity = 0;
    double highest = 0;
    for (const StageMemory& stage : m_stages) {
        m_capacity = std::max(m_capacity, stage.capacity);
        highest = std::max(highest, stage.total);
    }

    QVector<double> keys(stages);
    for (int s = 0; s < stages; ++s)
        keys[s] = s;
    for (int c = 0; c < componentCount; ++c) {
        QVector<double> values(stages);
        for (int s = 0; s < stages; ++s)
            values[s] = componentBytes(m_stages[s], static_cast<Component>(c));
        m_bars[c]->setData(keys, values, true);
    }

    // Stage labels: every stage while they fit, else every k-th (k of 2, 4, 5, 8, 10, 16, ...).
    auto ticker = QSharedPointer<QCPAxisTickerText>::create();
    int every = 1;
    for (int candidate : {1, 2, 4, 5, 8, 10, 16, 20, 25, 32, 50, 64, 100}) {
        every = candidate;
        if (stages / candidate <= 16)
            break;
    }
    for (int s = 0; s < stages; s += every)
        ticker->addTick(s, QString::number(s));
    xAxis->setTicker(ticker);
    // At least five slots wide, so one stage is a bar and not a wall.
    const double slotCount = std::max(stages, 5);
    const double centre = (stages - 1) / 2.0;
    xAxis->setRange(centre - slotCount / 2.0, centre + slotCount / 2.0);
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
        outline->topLeft->setCoords(s - barWidth / 2, stage.total);
        outline->bottomRight->setCoords(s + barWidth / 2, 0);
        outline->setPen(QPen(overflowColor, 2.5));
        outline->setBrush(Qt::NoBrush);
        outline->setAntialiased(false);
        m_overflowItems.push_back(outline);
        {
            auto* label = new QCPItemText(this);
            label->position->setCoords(s, stage.total);
            label->setPositionAlignment(Qt::AlignHCenter | Qt::AlignBottom);
            label->setText(tr("+%1").arg(quantityText(stage.total - stage.capacity, Unit::Bytes)));
            label->setColor(overflowColor);
            QFont bold = font();
            bold.setBold(true);
            label->setFont(bold);
            m_overflowItems.push_back(label);
            m_overflowLabels.push_back(label);
        }
    }
    updateOverflowLabels();
    updateTitle();
    replot(QCustomPlot::rpQueuedReplot);
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
    m_title->setTextColor(m_stale ? overflowColor : palette().color(QPalette::WindowText));
}

void MemoryChart::clearOverflowItems()
{
    for (QCPAbstractItem* item : m_overflowItems)
        removeItem(item);
    m_overflowItems.clear();
    m_overflowLabels.clear();
}

// Overflow labels only while they fit over their bar (STYLE.md: drop labels that do not fit); the
// outline stays, and the tooltip and the summary's warnings still give the figure.
void MemoryChart::updateOverflowLabels()
{
    const double barPixels = std::abs(xAxis->coordToPixel(barWidth) - xAxis->coordToPixel(0));
    for (QCPItemText* label : m_overflowLabels) {
        const int textPixels = QFontMetrics(label->font()).horizontalAdvance(label->text());
        label->setVisible(textPixels <= barPixels * 1.3);
    }
}

void MemoryChart::onMouseMove(QMouseEvent* event)
{
    const QPointF pos = event->position();
    if (m_stages.empty() || !axisRect()->rect().contains(pos.toPoint())) {
        QToolTip::hideText();
        return;
    }
    const double key = xAxis->pixelToCoord(pos.x());
    const int s = static_cast<int>(std::lround(key));
    if (s < 0 || s >= static_cast<int>(m_stages.size()) || std::abs(key - s) > barWidth / 2) {
        QToolTip::hideText();
        return;
    }
    const StageMemory& stage = m_stages[s];
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
    QToolTip::showText(event->globalPosition().toPoint(), text, this);
}

void MemoryChart::resizeEvent(QResizeEvent* event)
{
    // All legend entries in one line when they fit (the words differ by language), else two or three lines.
    for (int wrap : {componentCount, 3, 2}) {
        legend->setWrap(wrap);
        legend->setFillOrder(QCPLayoutGrid::foColumnsFirst, true); // re-flows the entries
        if (legend->minimumOuterSizeHint().width() + 24 <= event->size().width())
            break;
    }
    QCustomPlot::resizeEvent(event);
    if (!m_overflowLabels.empty()) {
        plotLayout()->update(QCPLayoutElement::upLayout); // the axis rect's new width, for the label test
        updateOverflowLabels();
    }
}

void MemoryChart::changeEvent(QEvent* event)
{
    QCustomPlot::changeEvent(event);
    if (event->type() == QEvent::PaletteChange || event->type() == QEvent::StyleChange) {
        applyPalette();
        replot(QCustomPlot::rpQueuedReplot);
    }
}

// Follows the widget palette so the chart reads in dark themes; printing uses the light palette.
void MemoryChart::applyPalette()
{
    const QPalette pal = palette();
    const QColor text = pal.color(QPalette::WindowText);
    QColor grid = text;
    grid.setAlpha(40);
    setBackground(pal.brush(QPalette::Base));
    for (QCPAxis* axis : {xAxis, yAxis}) {
        axis->setBasePen(QPen(text, 1));
        axis->setTickPen(QPen(text, 1));
        axis->setSubTickPen(QPen(text, 1));
        axis->setTickLabelColor(text);
        axis->setLabelColor(text);
        axis->grid()->setPen(QPen(grid, 1, Qt::SolidLine));
        axis->grid()->setZeroLinePen(Qt::NoPen);
    }
    legend->setTextColor(text);
    if (m_title)
        updateTitle();
}

} // namespace ss
