// SPDX-License-Identifier: GPL-3.0-or-later
#include "ganttcursor.h"

#include "ganttchart.h"
#include "unitformat.h"

#include <QFrame>
#include <QHBoxLayout>
#include <QMouseEvent>
#include <QToolButton>
#include <QVariantAnimation>

#include <algorithm>
#include <cmath>

namespace ss {

namespace {

constexpr double grabPixels = 6;                       // how near the line a press grabs it
constexpr int labelGapPixels = 8;                      // between the line and a lane's words
const char* const scaledItself = "presentationScaled"; // PlotPresentation leaves such items alone

// The box of ROW under T (the first one that holds it); nullptr for none.
const GanttBox* boxAtTime(const GanttRow& row, double t)
{
    for (std::size_t i = row.firstEndingAfter(t); i < row.boxes.size() && row.boxes[i].start <= t; ++i)
        if (row.boxes[i].end > t)
            return &row.boxes[i];
    return nullptr;
}

} // namespace

GanttCursor::GanttCursor(GanttChart* chart)
    : QObject(chart), m_chart(chart), m_animation(new QVariantAnimation(this))
{
    setObjectName(QStringLiteral("ganttCursor"));
    // Its own buffered layer above the axes (its time tag covers their tick labels): a frame of the sweep
    // repaints this layer only.
    QCPLayer* below =
        chart->layer(QStringLiteral("axes")) ? chart->layer(QStringLiteral("axes")) : chart->currentLayer();
    chart->addLayer(QStringLiteral("timeCursor"), below, QCustomPlot::limAbove);
    m_layer = chart->layer(QStringLiteral("timeCursor"));
    m_layer->setMode(QCPLayer::lmBuffered);

    m_line = new QCPItemStraightLine(chart);
    m_line->setLayer(m_layer);
    m_timeLabel = new QCPItemText(chart);
    m_timeLabel->setLayer(m_layer);
    m_timeLabel->position->setTypeX(QCPItemPosition::ptAbsolute);
    m_timeLabel->position->setTypeY(QCPItemPosition::ptAxisRectRatio);
    m_timeLabel->setPadding(QMargins(5, 2, 5, 2));
    // A tag on the time axis, over the tick labels: the lanes' own words stay clear.
    m_timeLabel->setClipToAxisRect(false);
    for (QCPAbstractItem* item :
         {static_cast<QCPAbstractItem*>(m_line), static_cast<QCPAbstractItem*>(m_timeLabel)}) {
        item->setSelectable(false);
        item->setVisible(false);
        item->setProperty(scaledItself, true);
    }

    m_controls = new QFrame(chart);
    m_controls->setObjectName(QStringLiteral("ganttCursorControls"));
    m_controls->setAutoFillBackground(true);
    auto* layout = new QHBoxLayout(m_controls);
    layout->setContentsMargins(2, 2, 2, 2);
    layout->setSpacing(2);
    m_playButton = new QToolButton(m_controls);
    m_playButton->setObjectName(QStringLiteral("ganttPlay"));
    m_hideButton = new QToolButton(m_controls);
    m_hideButton->setObjectName(QStringLiteral("ganttCursorHide"));
    layout->addWidget(m_playButton);
    layout->addWidget(m_hideButton);
    connect(m_playButton, &QToolButton::clicked, this, &GanttCursor::togglePlay);
    connect(m_hideButton, &QToolButton::clicked, this, [this] { setShown(false); });

    m_animation->setEasingCurve(QEasingCurve::Linear);
    connect(m_animation, &QVariantAnimation::valueChanged, this,
            [this](const QVariant& value) { setTime(value.toDouble()); });
    connect(m_animation, &QVariantAnimation::finished, this, [this] {
        setTime(stepTime());
        updateButtons();
        emit finished();
    });
    connect(m_animation, &QVariantAnimation::stateChanged, this, &GanttCursor::updateButtons);
    // After the chart's own beforeReplot handler, which sets the lanes' value range the labels sit in.
    connect(chart, &QCustomPlot::beforeReplot, this, &GanttCursor::updateItems);

    chart->installEventFilter(this);
    applyStyle();
    retranslate();
    updateItems();
    placeControls();
}

GanttCursor::~GanttCursor()
{
    m_animation->stop();
}

double GanttCursor::stepTime() const
{
    return m_chart->ganttLayout().stepTime;
}

bool GanttCursor::isPlaying() const
{
    return m_animation->state() == QAbstractAnimation::Running;
}

void GanttCursor::setDuration(int milliseconds)
{
    m_durationMs = std::max(1, milliseconds);
}

void GanttCursor::setTime(double seconds)
{
    const double end = stepTime();
    const double t = std::clamp(std::isfinite(seconds) ? seconds : 0.0, 0.0, std::max(end, 0.0));
    if (t == m_time && m_shown)
        return;
    m_time = t;
    if (!m_shown)
        setShown(true);
    updateItems();
    replotCursor();
    emit timeChanged(m_time);
}

void GanttCursor::setShown(bool shown)
{
    if (shown == m_shown)
        return;
    if (!shown)
        pause();
    m_shown = shown;
    updateItems();
    updateButtons();
    replotCursor();
}

void GanttCursor::play()
{
    const double end = stepTime();
    if (!(end > 0) || isPlaying())
        return;
    if (m_time >= end)
        m_time = 0; // from the start again
    setShown(true);
    m_animation->setStartValue(m_time);
    m_animation->setEndValue(end);
    m_animation->setDuration(std::max(1, int(std::lround((end - m_time) / end * m_durationMs))));
    m_animation->start();
}

void GanttCursor::pause()
{
    m_animation->stop();
}

void GanttCursor::togglePlay()
{
    if (isPlaying())
        pause();
    else
        play();
}

void GanttCursor::setPresentationScale(double scale)
{
    if (!(scale > 0) || scale == m_scale)
        return;
    m_scale = scale;
    applyStyle();
    placeControls();
}

QString GanttCursor::laneActivity(int lane, double t) const
{
    const GanttLayout& layout = m_chart->ganttLayout();
    if (lane < 0 || lane >= int(layout.lanes.size()) || t < 0 || t > layout.stepTime)
        return {};
    const GanttLane& l = layout.lanes[std::size_t(lane)];
    QStringList parts;
    for (int r = l.firstRow; r < l.firstRow + l.rowCount && r < int(layout.rows.size()); ++r) {
        const GanttRow& row = layout.rows[std::size_t(r)];
        const GanttBox* box = boxAtTime(row, t);
        if (!box) {
            if (row.stream == GanttStream::Compute)
                parts << tr("idle");
            continue;
        }
        const QString kind = GanttChart::kindName(box->kind);
        parts << (box->microbatch >= 0 ? tr("%1 #%2").arg(kind).arg(box->microbatch) : kind);
    }
    QString text = parts.value(0);
    for (qsizetype k = 1; k < parts.size(); ++k)
        text = tr("%1 + %2").arg(text, parts[k]);
    return text;
}

QStringList GanttCursor::activity() const
{
    QStringList lines;
    const GanttLayout& layout = m_chart->ganttLayout();
    for (std::size_t i = 0; i < layout.lanes.size(); ++i) {
        const GanttLane& lane = layout.lanes[i];
        const QString who = lane.replica ? tr("GPU %1").arg(lane.gpu) : tr("Stage %1").arg(lane.stage);
        lines << tr("%1: %2").arg(who, laneActivity(int(i), m_time));
    }
    return lines;
}

QCPItemText* GanttCursor::laneLabel(std::size_t index)
{
    while (m_laneLabels.size() <= index) {
        auto* label = new QCPItemText(m_chart);
        label->setLayer(m_layer);
        label->setSelectable(false);
        label->setProperty(scaledItself, true);
        label->position->setTypeX(QCPItemPosition::ptAbsolute);
        label->position->setTypeY(QCPItemPosition::ptPlotCoords);
        label->setPadding(QMargins(4, 1, 4, 1));
        m_laneLabels.push_back(label);
        applyStyle();
    }
    return m_laneLabels[index];
}

void GanttCursor::updateItems()
{
    const GanttLayout& layout = m_chart->ganttLayout();
    const bool playable = layout.stepTime > 0 && layout.boxCount > 0;
    m_playButton->setEnabled(playable); // nothing to sweep without a step
    const bool shown = m_shown && playable;
    m_time = std::clamp(m_time, 0.0, std::max(layout.stepTime, 0.0));
    m_line->setVisible(shown);
    m_timeLabel->setVisible(shown);
    if (!shown) {
        for (QCPItemText* label : m_laneLabels)
            label->setVisible(false);
        return;
    }
    QCPAxis* x = m_chart->xAxis;
    QCPAxis* y = m_chart->yAxis;
    const QRect rect = m_chart->axisRect()->rect();
    const double px = x->coordToPixel(m_time);
    m_line->point1->setCoords(m_time, 0);
    m_line->point2->setCoords(m_time, 1);

    QFont font = x->tickLabelFont();
    QFont bold = font;
    bold.setBold(true);
    m_timeLabel->setFont(bold);
    m_timeLabel->setText(
        tr("%1 of %2")
            .arg(quantityText(m_time, Unit::Seconds, 3), quantityText(layout.stepTime, Unit::Seconds, 3)));
    // The time under the line, on the axis, kept within the plot's width at either end.
    const int timeWidth = QFontMetrics(bold).horizontalAdvance(m_timeLabel->text()) + 12;
    const double timeX = std::clamp(px, rect.left() + timeWidth / 2.0, rect.right() - timeWidth / 2.0);
    m_timeLabel->position->setCoords(timeX, 1);
    m_timeLabel->setPositionAlignment(Qt::AlignHCenter | Qt::AlignTop);

    // A lane's words beside the line (left of it near the right edge); every k-th lane while the lanes are
    // thinner than a line of text (CONTRIBUTING.md: drop labels that do not fit).
    const QFontMetrics metrics(font);
    const int lineHeight = metrics.height() + 2;
    double laneHeight = 1e9;
    if (!layout.lanes.empty()) {
        const GanttLane& first = layout.lanes.front();
        laneHeight = std::abs(y->coordToPixel(first.bottom) - y->coordToPixel(first.top)) +
                     GanttLayout::laneGap * std::abs(y->coordToPixel(1) - y->coordToPixel(0));
    }
    const int every = laneHeight >= lineHeight ? 1 : int(std::ceil(lineHeight / std::max(laneHeight, 0.5)));
    std::size_t used = 0;
    for (std::size_t i = 0; i < layout.lanes.size(); i += std::size_t(every)) {
        const GanttLane& lane = layout.lanes[i];
        const QString text = laneActivity(int(i), m_time);
        if (text.isEmpty())
            continue;
        QCPItemText* label = laneLabel(used++);
        label->setFont(font);
        label->setText(text);
        const int width = metrics.horizontalAdvance(text) + 8;
        const bool right =
            px + labelGapPixels + width <= rect.right() || px - labelGapPixels - width < rect.left();
        label->setPositionAlignment((right ? Qt::AlignLeft : Qt::AlignRight) | Qt::AlignVCenter);
        label->position->setCoords(right ? px + labelGapPixels : px - labelGapPixels,
                                   lane.firstRow < int(layout.rows.size())
                                       ? layout.rows[std::size_t(lane.firstRow)].top +
                                             layout.rows[std::size_t(lane.firstRow)].height / 2
                                       : (lane.top + lane.bottom) / 2);
        label->setVisible(true);
    }
    for (std::size_t i = used; i < m_laneLabels.size(); ++i)
        m_laneLabels[i]->setVisible(false);
}

void GanttCursor::replotCursor()
{
    if (m_chart->isVisible())
        m_layer->replot();
}

void GanttCursor::applyStyle()
{
    const QPalette pal = m_chart->palette();
    const QColor text = pal.color(QPalette::WindowText);
    // The text colour, and the words on the base colour: they read over every box colour and the hatching.
    m_line->setPen(QPen(text, 2 * m_scale));
    QColor fill = pal.color(QPalette::Base);
    fill.setAlpha(225);
    m_timeLabel->setColor(pal.color(QPalette::Base));
    m_timeLabel->setBrush(text);
    m_timeLabel->setPen(Qt::NoPen);
    for (QCPItemText* label : m_laneLabels) {
        label->setColor(text);
        label->setBrush(fill);
        QColor frame = text;
        frame.setAlpha(110);
        label->setPen(QPen(frame, 1));
    }
    m_controls->setBackgroundRole(QPalette::Base);
}

void GanttCursor::placeControls()
{
    if (!m_controls)
        return;
    m_controls->adjustSize();
    const QSize size = m_controls->sizeHint();
    m_controls->setGeometry(std::max(0, m_chart->width() - size.width() - 6), 4, size.width(), size.height());
    m_controls->raise();
}

void GanttCursor::updateButtons()
{
    const bool playing = isPlaying();
    m_playButton->setText(playing ? tr("❚❚ Pause") : tr("▶ Play"));
    m_playButton->setToolTip(playing ? tr("Pause the time cursor; drag it to any instant")
                                     : tr("Sweep a time cursor over the step: what every stage does, instant "
                                          "by instant"));
    m_hideButton->setVisible(m_shown);
    placeControls();
}

void GanttCursor::retranslate()
{
    m_hideButton->setText(tr("✕"));
    m_hideButton->setToolTip(tr("Hide the time cursor"));
    updateButtons();
    if (m_shown) {
        updateItems();
        replotCursor();
    }
}

bool GanttCursor::nearCursor(double x) const
{
    return m_shown && std::abs(x - m_chart->xAxis->coordToPixel(m_time)) <= grabPixels * m_scale;
}

bool GanttCursor::eventFilter(QObject* watched, QEvent* event)
{
    if (watched != m_chart)
        return QObject::eventFilter(watched, event);
    switch (event->type()) {
    case QEvent::Resize:
    case QEvent::FontChange:
        placeControls();
        break;
    case QEvent::LanguageChange:
        retranslate();
        break;
    case QEvent::PaletteChange:
    case QEvent::StyleChange:
        applyStyle();
        break;
    case QEvent::MouseButtonPress: {
        auto* mouse = static_cast<QMouseEvent*>(event);
        if (mouse->button() != Qt::LeftButton || !(m_chart->ganttLayout().stepTime > 0))
            break;
        const QPointF pos = mouse->position();
        const QRect rect = m_chart->axisRect()->rect();
        const bool onAxis = pos.y() > rect.bottom() && pos.x() >= rect.left() && pos.x() <= rect.right();
        // The line is grabbed where it is; a press on the time axis puts it there.
        if ((rect.contains(pos.toPoint()) && nearCursor(pos.x())) || onAxis) {
            pause();
            m_dragging = true;
            if (onAxis)
                setTime(m_chart->xAxis->pixelToCoord(pos.x()));
            return true;
        }
        break;
    }
    case QEvent::MouseMove: {
        auto* mouse = static_cast<QMouseEvent*>(event);
        if (m_dragging) {
            setTime(m_chart->xAxis->pixelToCoord(mouse->position().x()));
            return true;
        }
        const bool near = m_chart->axisRect()->rect().contains(mouse->position().toPoint()) &&
                          nearCursor(mouse->position().x()) && !(mouse->buttons() & Qt::LeftButton);
        if (near != m_hoverCursor) {
            m_hoverCursor = near;
            if (near)
                m_chart->setCursor(Qt::SizeHorCursor);
            else
                m_chart->unsetCursor();
        }
        break;
    }
    case QEvent::MouseButtonRelease:
        if (m_dragging && static_cast<QMouseEvent*>(event)->button() == Qt::LeftButton) {
            m_dragging = false;
            return true;
        }
        break;
    default:
        break;
    }
    return QObject::eventFilter(watched, event);
}

} // namespace ss
