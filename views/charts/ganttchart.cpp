// SPDX-License-Identifier: GPL-3.0-or-later
#include "ganttchart.h"

#include "chartfocus.h"
#include "chartlayout.h"
#include "chartpalette.h"
#include "collectivefigures.h"

#include "ganttcursor.h"
#include "ganttplottable.h"
#include "unitformat.h"
#include "unittickers.h"

#include <QKeyEvent>
#include <QPainter>
#include <QToolTip>
#include <QtConcurrent/QtConcurrentRun>

#include <algorithm>
#include <cmath>

namespace ss {

namespace {

constexpr double dragThresholdPixels = 4;
constexpr double hoverTolerancePixels = 3;
constexpr double wheelZoomPerNotch = 0.8;
constexpr double maxComputeRowPixels = 48;

// What a legend entry shows: a kind's colour, the hatch of a bubble, or the critical path's outline.
enum class Swatch
{
    Kind,
    Kernel,
    Bubble,
    Critical
};

// One legend entry without a plottable of its own: the chart has one plottable for every kind.
class GanttLegendItem : public QCPAbstractLegendItem
{
public:
    GanttLegendItem(QCPLegend* legend, Swatch swatch, GanttKind kind, const QString& name)
        : QCPAbstractLegendItem(legend), m_swatch(swatch), m_kind(kind), m_name(name)
    {
        setSelectable(false);
    }

    Swatch swatch() const { return m_swatch; }
    GanttKind kind() const { return m_kind; }
    QString name() const { return m_name; }
    void setOutlineColor(const QColor& color) { m_outline = color; }
    void setKernelClass(GanttKernelClass kernelClass) { m_kernelClass = kernelClass; }

protected:
    void draw(QCPPainter* painter) override
    {
        painter->setFont(mFont);
        painter->setPen(QPen(mTextColor));
        const QSize iconSize = mParentLegend->iconSize();
        const QRect textRect =
            painter->fontMetrics().boundingRect(0, 0, 0, iconSize.height(), Qt::TextDontClip, m_name);
        const int textHeight = std::max(textRect.height(), iconSize.height());
        painter->drawText(mRect.x() + iconSize.width() + mParentLegend->iconTextPadding(), mRect.y(),
                          textRect.width(), textHeight, Qt::TextDontClip, m_name);
        const QRect icon(mRect.x(), mRect.y() + (textHeight - iconSize.height()) / 2, iconSize.width(),
                         iconSize.height());
        painter->setAntialiasing(false);
        switch (m_swatch) {
        case Swatch::Kind: {
            const QColor color = ganttKindColor(m_kind);
            painter->setPen(QPen(color.darker(150), 1));
            painter->setBrush(color);
            painter->drawRect(icon.adjusted(0, 0, -1, -1));
            break;
        }
        case Swatch::Kernel: {
            // As a stripe shows in a box: along the swatch's foot, under the box's own colour.
            const QColor color = ganttKernelColor(m_kernelClass);
            painter->setPen(QPen(color.darker(150), 1));
            painter->setBrush(color);
            painter->drawRect(icon.adjusted(0, 0, -1, -1));
            break;
        }
        case Swatch::Bubble:
            painter->setPen(QPen(m_outline, 1));
            painter->setBrush(QBrush(m_outline, Qt::BDiagPattern));
            painter->drawRect(icon.adjusted(0, 0, -1, -1));
            break;
        case Swatch::Critical:
            painter->setPen(QPen(m_outline, 2));
            painter->setBrush(Qt::NoBrush);
            painter->drawRect(icon.adjusted(1, 1, -1, -1));
            break;
        }
    }

    QSize minimumOuterSizeHint() const override
    {
        const QFontMetrics metrics(mFont);
        const QSize iconSize = mParentLegend->iconSize();
        const QRect textRect = metrics.boundingRect(0, 0, 0, iconSize.height(), Qt::TextDontClip, m_name);
        return {iconSize.width() + mParentLegend->iconTextPadding() + textRect.width() + mMargins.left() +
                    mMargins.right(),
                // A little more than the text's line: QCustomPlot clips items to their outer rectangle, which
                // would shave the descenders off.
                std::max(textRect.height() + 3, iconSize.height()) + mMargins.top() + mMargins.bottom()};
    }

private:
    Swatch m_swatch;
    GanttKind m_kind;
    GanttKernelClass m_kernelClass = GanttKernelClass::Gemm;
    QString m_name;
    QColor m_outline = Qt::black;
};

QString opName(const std::string& op)
{
    if (op == "allreduce")
        return GanttChart::tr("all-reduce");
    if (op == "allgather")
        return GanttChart::tr("all-gather");
    if (op == "reducescatter")
        return GanttChart::tr("reduce-scatter");
    if (op == "sendrecv")
        return GanttChart::tr("send/receive");
    if (op == "broadcast")
        return GanttChart::tr("broadcast");
    if (op == "alltoall")
        return GanttChart::tr("all-to-all");
    if (op == "d2h")
        return GanttChart::tr("device-to-host copy");
    if (op == "h2d")
        return GanttChart::tr("host-to-device copy");
    return QString::fromStdString(op);
}

QString groupName(const std::string& group)
{
    if (group == "tp")
        return GanttChart::tr("Tensor parallel");
    if (group == "ep")
        return GanttChart::tr("Expert parallel");
    if (group == "cp")
        return GanttChart::tr("Context parallel");
    if (group == "edp")
        return GanttChart::tr("Expert data parallel");
    if (group == "pp")
        return GanttChart::tr("Pipeline parallel");
    if (group == "dp")
        return GanttChart::tr("Data parallel");
    if (group == "offload")
        return GanttChart::tr("Offload");
    return QString::fromStdString(group);
}

// The timeline of a chart that shows none.
const std::shared_ptr<const std::vector<TimelineEvent>>& noEvents()
{
    static const auto none = std::make_shared<const std::vector<TimelineEvent>>();
    return none;
}

} // namespace

GanttChart::GanttChart(QWidget* parent)
    : QCustomPlot(parent), m_owner(noEvents()), m_timeline(noEvents().get()),
      m_layout(std::make_shared<GanttLayout>())
{
    setObjectName(QStringLiteral("ganttChart"));
    m_layoutPool.setMaxThreadCount(1);
    setMinimumSize(320, 240);
    setMouseTracking(true);
    setNoAntialiasingOnDrag(true);
    setPlottingHint(QCP::phCacheLabels, true);
    // In the Tab order: the focus frame shows it, Enter explains the focused box.
    setFocusPolicy(Qt::StrongFocus);

    // Rows: title, legend, axis rect.
    m_title = addTitleAndLegendRows(this);
    legend->setColumnSpacing(14);
    legend->setRowSpacing(2);
    legend->setIconSize(18, 11);
    plotLayout()->setRowStretchFactor(0, 0.001);
    plotLayout()->setRowStretchFactor(1, 0.001);

    m_boxes = new GanttPlottable(xAxis, yAxis);
    m_boxes->setName(tr("Step timeline"));
    m_boxes->setLayout(m_layout);

    xAxis->setTicker(QSharedPointer<QCPAxisTicker>(new SecondsTicker));
    xAxis->ticker()->setTickCount(8);
    // The gestures are named where the eye looks for the time scale; the chart has no toolbar.
    xAxis->setLabel(tr("Time in the training step (wheel: zoom, drag: pan, double-click: whole step)"));
    xAxis->setSubTicks(false);
    xAxis->grid()->setSubGridVisible(false);

    // Lanes top to bottom: value 0 at the top.
    yAxis->setRangeReversed(true);
    m_laneTicker = QSharedPointer<QCPAxisTickerText>::create();
    yAxis->setTicker(m_laneTicker);
    yAxis->setTickLength(0, 0);
    yAxis->setSubTicks(false);
    yAxis->grid()->setVisible(false);
    // The streams of each lane are named on the right, in a smaller type, while the rows are tall enough.
    yAxis2->setVisible(true);
    yAxis2->setRangeReversed(true);
    m_streamTicker = QSharedPointer<QCPAxisTickerText>::create();
    yAxis2->setTicker(m_streamTicker);
    yAxis2->setTickLength(0, 0);
    yAxis2->setSubTicks(false);
    yAxis2->setBasePen(Qt::NoPen);
    yAxis2->grid()->setVisible(false);
    QFont small = font();
    small.setPointSizeF(small.pointSizeF() * 0.85);
    yAxis2->setTickLabelFont(small);
    connect(yAxis, qOverload<const QCPRange&>(&QCPAxis::rangeChanged), yAxis2,
            qOverload<const QCPRange&>(&QCPAxis::setRange));

    // The hover outline on a buffered layer of its own: moving it repaints one layer, not the boxes.
    addLayer(QStringLiteral("hover"), layer(QStringLiteral("main")), QCustomPlot::limAbove);
    m_hoverLayer = layer(QStringLiteral("hover"));
    m_hoverLayer->setMode(QCPLayer::lmBuffered);
    m_hover = new QCPItemRect(this);
    m_hover->setLayer(m_hoverLayer);
    m_hover->setAntialiased(false);
    m_hover->setSelectable(false);
    m_hover->setVisible(false);

    m_emptyText = new QCPItemText(this);
    m_emptyText->position->setType(QCPItemPosition::ptAxisRectRatio);
    m_emptyText->position->setCoords(0.5, 0.5);
    m_emptyText->setPositionAlignment(Qt::AlignCenter);
    m_emptyText->setText(tr("No step timeline for this scenario."));
    m_emptyText->setSelectable(false);

    // First: a layout still being built is taken before anything reads it.
    connect(this, &QCustomPlot::beforeReplot, this, &GanttChart::finishLayout);
    connect(this, &QCustomPlot::beforeReplot, this, &GanttChart::updateLaneLabels);
    connect(this, &QCustomPlot::beforeReplot, this, &GanttChart::updateKernelLegend);
    applyPalette();
    updateTitle();
    rebuildLayout();
    resetZoom();
    // Last: the rest of the chart is in place.
    m_cursor = new GanttCursor(this);
}

GanttChart::~GanttChart()
{
    // The worker writes only into what it returns; it is let finish before the chart goes.
    m_pending.waitForFinished();
}

void GanttChart::setPresentationScale(double scale)
{
    finishLayout(); // its legend is the one to scale

    // The boxes scale their own outlines; PlotPresentation does the fonts, axes and items.
    m_boxes->setProperty("presentationScaled", true);
    m_boxes->setLineScale(scale);
    m_cursor->setPresentationScale(scale);
    m_presentation.setScale(this, scale);
    updateLegendWrap(width());
    replot(QCustomPlot::rpQueuedReplot);
}

QString GanttChart::kindName(GanttKind kind)
{
    switch (kind) {
    case GanttKind::Forward:
        return tr("Forward");
    case GanttKind::Backward:
        return tr("Backward");
    case GanttKind::BackwardInput:
        return tr("Backward (input gradient)");
    case GanttKind::BackwardWeight:
        return tr("Backward (weight gradient)");
    case GanttKind::Recompute:
        return tr("Recompute");
    case GanttKind::Optimizer:
        return tr("Optimizer step");
    case GanttKind::TpComm:
        return tr("Tensor-parallel communication");
    case GanttKind::EpComm:
        return tr("Expert all-to-all (MoE)");
    case GanttKind::CpComm:
        return tr("Context-parallel K/V exchange");
    case GanttKind::PpSend:
        return tr("Pipeline send");
    case GanttKind::PpRecv:
        return tr("Pipeline receive");
    case GanttKind::DpComm:
        return tr("Gradient reduction");
    case GanttKind::ParamGather:
        return tr("Parameter all-gather");
    case GanttKind::DeviceToHost:
        return tr("Copy to host (PCIe)");
    case GanttKind::HostToDevice:
        return tr("Copy to GPU (PCIe)");
    case GanttKind::CpuOptimizer:
        return tr("CPU optimizer step");
    case GanttKind::Other:
        break;
    }
    return tr("Other");
}

QString GanttChart::kernelClassName(GanttKernelClass kernelClass)
{
    switch (kernelClass) {
    case GanttKernelClass::Gemm:
        return tr("GEMM");
    case GanttKernelClass::Attention:
        return tr("Attention");
    case GanttKernelClass::Memory:
        return tr("Memory-bound");
    case GanttKernelClass::Launch:
        break;
    }
    return tr("Launch");
}

QString GanttChart::streamName(GanttStream stream)
{
    switch (stream) {
    case GanttStream::Compute:
        return tr("Compute");
    case GanttStream::Tp:
        return tr("TP");
    case GanttStream::Ep:
        return tr("EP");
    case GanttStream::Cp:
        return tr("CP");
    case GanttStream::Pp:
        return tr("PP");
    case GanttStream::Dp:
        return tr("DP");
    case GanttStream::Pcie:
        return tr("PCIe");
    case GanttStream::Other:
        break;
    }
    return tr("Other");
}

struct GanttChart::Prepared
{
    std::shared_ptr<const void> owner;
    const std::vector<TimelineEvent>* timeline = nullptr;
    GanttLayout layout;
    double longestStripedBox = 0;
    bool anyCritical = false;
};

std::shared_ptr<GanttChart::Prepared> GanttChart::prepare(std::shared_ptr<const void> owner,
                                                          const std::vector<TimelineEvent>* timeline,
                                                          double stepTime, std::vector<int> expandedStages,
                                                          std::vector<GanttRow> spare,
                                                          GanttKernelTable kernels)
{
    auto out = std::make_shared<Prepared>();
    out->owner = std::move(owner);
    out->timeline = timeline;
    out->layout = buildGanttLayout(*timeline, stepTime, expandedStages, std::move(spare));
    out->layout.kernels = std::move(kernels);
    // The longest compute box with kernel classes (the legend lists the classes once it is wide enough), and
    // whether any box is on the critical path. The boxes of a row come op after op, so the last op looked up
    // is usually the next one's.
    const GanttLayout& layout = out->layout;
    for (const GanttRow& row : layout.rows) {
        const int stage = layout.lanes[static_cast<std::size_t>(row.lane)].stage;
        int lastChunk = -1;
        GanttKind lastKind = GanttKind::Other;
        bool lastStriped = false;
        for (const GanttBox& box : row.boxes) {
            out->anyCritical = out->anyCritical || box.critical;
            if (row.stream != GanttStream::Compute || !(box.end - box.start > out->longestStripedBox))
                continue;
            if (box.chunk != lastChunk || box.kind != lastKind) {
                lastChunk = box.chunk;
                lastKind = box.kind;
                lastStriped = layout.kernels.find(stage, box.chunk, box.kind) != nullptr;
            }
            if (lastStriped)
                out->longestStripedBox = box.end - box.start;
        }
    }
    return out;
}

std::vector<GanttRow> GanttChart::spareRows()
{
    // The last layout's rows lend their storage to the new one when nothing but this chart and its plottable
    // holds it: a timeline of 100k boxes is then laid out without allocating (or faulting in) megabytes.
    std::vector<GanttRow> spare;
    if (m_layout && m_layout.use_count() <= 2)
        spare = std::move(m_layout->rows);
    return spare;
}

void GanttChart::resetData(const Result& result, std::shared_ptr<const void> owner)
{
    finishLayout(); // the storage of the one before is this one's
    m_zoomBefore = visibleRange();
    m_zoomWasFull = m_layout->boxCount == 0 || m_zoomBefore == fullRange();
    m_collectives = collectiveFigures(result.comm.collectives);
    m_kernels = GanttKernelTable(result.timeline_kernels);
    m_stepTime = result.step.time_s;
    // Rows are laid out afresh: the keyboard starts again from the critical path.
    m_focusRow = -1;
    m_focusBox = -1;
    hideHover();
    std::vector<GanttRow> spare = spareRows();
    // The last result is let go now (nothing reads the events before the new layout is taken), so that its
    // memory is free for the next one.
    m_owner = noEvents();
    m_timeline = noEvents().get();
    if (!owner) {
        // Read after this returns (tooltips, clicks), so kept: a copy when nothing else keeps it.
        auto copy = std::make_shared<const std::vector<TimelineEvent>>(result.timeline);
        const std::vector<TimelineEvent>* timeline = copy.get();
        install(std::move(
            *prepare(std::move(copy), timeline, m_stepTime, m_expandedStages, std::move(spare), m_kernels)));
        return;
    }
    // The worker reads the timeline while OWNER keeps it, and writes only into what it returns.
    m_pending = QtConcurrent::run(&m_layoutPool, [owner = std::move(owner), timeline = &result.timeline,
                                                  stepTime = m_stepTime, expanded = m_expandedStages,
                                                  spare = std::move(spare), kernels = m_kernels]() mutable {
        return prepare(std::move(owner), timeline, stepTime, std::move(expanded), std::move(spare),
                       std::move(kernels));
    });
    m_layoutPending = true;
    replot(QCustomPlot::rpQueuedReplot);
}

void GanttChart::finishLayout() const
{
    if (!m_layoutPending)
        return;
    // Logically const: what the chart shows was decided by resetData(); this only brings it in.
    auto* self = const_cast<GanttChart*>(this);
    self->m_layoutPending = false;
    const std::shared_ptr<Prepared> prepared = self->m_pending.result();
    self->m_pending = {};
    self->install(std::move(*prepared));
}

void GanttChart::install(Prepared&& prepared)
{
    m_owner = std::move(prepared.owner);
    m_timeline = prepared.timeline;
    m_anyCritical = prepared.anyCritical;
    m_longestStripedBox = prepared.longestStripedBox;
    m_layout = std::make_shared<GanttLayout>(std::move(prepared.layout));
    m_boxes->setLayout(m_layout);
    m_emptyText->setVisible(m_layout->boxCount == 0);
    hideHover();
    // Labels and the value range for the current geometry; every replot checks them again (beforeReplot).
    updateLaneLabels();
    if (m_zoomWasFull)
        resetZoom();
    else
        setVisibleRange(m_zoomBefore);
    m_zoomWasFull = true;
    if (activeCollective() >= static_cast<int>(m_collectives.size()))
        m_boxes->setActiveCollective(-1);
    updateLegend();
    updateTitle();
    replot(QCustomPlot::rpQueuedReplot);
}

void GanttChart::rebuildLayout()
{
    finishLayout();
    // Rows are laid out afresh: the keyboard starts again from the critical path. The zoom stays.
    m_focusRow = -1;
    m_focusBox = -1;
    m_zoomBefore = visibleRange();
    m_zoomWasFull = false;
    std::vector<GanttRow> spare = spareRows();
    install(
        std::move(*prepare(m_owner, m_timeline, m_stepTime, m_expandedStages, std::move(spare), m_kernels)));
}

TimeRange GanttChart::visibleRange() const
{
    finishLayout(); // a new step's zoom is set with its layout
    return {xAxis->range().lower, xAxis->range().upper};
}

TimeRange GanttChart::fullRange() const
{
    finishLayout();
    const double step = m_layout->stepTime > 0 ? m_layout->stepTime : 1.0;
    // A margin either side, so the first and the last box do not touch the axes.
    return {-0.01 * step, 1.01 * step};
}

void GanttChart::setVisibleRange(TimeRange range)
{
    const TimeRange clamped = TimeMapping::clamped(range, fullRange());
    xAxis->setRange(clamped.lower, clamped.upper);
}

void GanttChart::zoomBy(double factor, double anchor)
{
    const TimeRange full = fullRange();
    const double minSpan = std::max(full.size() * 1e-6, 1e-9);
    setVisibleRange(TimeMapping::zoomed(visibleRange(), factor, anchor, full, minSpan));
    replot(QCustomPlot::rpQueuedReplot);
}

void GanttChart::resetZoom()
{
    setVisibleRange(fullRange());
    replot(QCustomPlot::rpQueuedReplot);
}

void GanttChart::setStageExpanded(int stage, bool expanded)
{
    const auto it = std::find(m_expandedStages.begin(), m_expandedStages.end(), stage);
    if (expanded == (it != m_expandedStages.end()))
        return;
    if (expanded)
        m_expandedStages.push_back(stage);
    else
        m_expandedStages.erase(it);
    rebuildLayout();
    replot(QCustomPlot::rpQueuedReplot);
}

bool GanttChart::isStageExpanded(int stage) const
{
    return std::find(m_expandedStages.begin(), m_expandedStages.end(), stage) != m_expandedStages.end();
}

int GanttChart::activeCollective() const
{
    return m_boxes->activeCollective();
}

void GanttChart::setActiveCollective(int collective)
{
    if (collective == m_boxes->activeCollective())
        return;
    m_boxes->setActiveCollective(collective);
    replot(QCustomPlot::rpQueuedReplot);
}

int GanttChart::eventAt(const QPointF& pos) const
{
    finishLayout();
    if (!axisRect()->rect().contains(pos.toPoint()))
        return -1;
    const int row = m_layout->rowAt(yAxis->pixelToCoord(pos.y()));
    if (row < 0)
        return -1;
    const GanttRow& r = m_layout->rows[row];
    const double secondsPerPixel = visibleRange().size() / std::max(1, axisRect()->width());
    const int box = r.boxAt(xAxis->pixelToCoord(pos.x()), hoverTolerancePixels * secondsPerPixel);
    return box < 0 ? -1 : r.boxes[box].event;
}

int GanttChart::laneLabelAt(const QPointF& pos) const
{
    finishLayout();
    const QRect rect = axisRect()->rect();
    if (pos.x() >= rect.left() || pos.y() < rect.top() || pos.y() > rect.bottom())
        return -1;
    return m_layout->laneAt(yAxis->pixelToCoord(pos.y()));
}

QString GanttChart::toolTipText(int index) const
{
    finishLayout();
    if (index < 0 || index >= static_cast<int>(m_timeline->size()))
        return {};
    const TimelineEvent& event = (*m_timeline)[static_cast<std::size_t>(index)];
    const GanttKind kind = ganttKind(event.kind);
    QStringList lines;
    QString what = kindName(kind);
    if (event.microbatch >= 0)
        what = event.chunk > 0
                   ? tr("%1, microbatch %2 (chunk %3)").arg(what).arg(event.microbatch).arg(event.chunk)
                   : tr("%1, microbatch %2").arg(what).arg(event.microbatch);
    lines << what;
    lines << tr("Stage %1, GPU %2, %3 stream")
                 .arg(event.stage)
                 .arg(event.gpu)
                 .arg(streamName(ganttStream(event.stream)));
    lines << tr("Start %1, duration %2")
                 .arg(quantityText(event.start_s, Unit::Seconds, 4),
                      quantityText(event.end_s - event.start_s, Unit::Seconds, 4));
    if (event.bytes > 0)
        lines << tr("Moves %1").arg(quantityText(event.bytes, Unit::Bytes, 4));
    if (event.collective >= 0 && event.collective < static_cast<int>(m_collectives.size())) {
        const CommCollective& c = m_collectives[event.collective];
        QString collective = tr("%1 %2").arg(groupName(c.group), opName(c.op));
        if (c.ranks > 1)
            collective = tr("%1 over %n GPU(s)", nullptr, static_cast<int>(c.ranks)).arg(collective);
        if (!c.algorithm.empty())
            collective += QStringLiteral(" (%1)").arg(QString::fromStdString(c.algorithm));
        lines << collective;
    }
    if (const GanttKernels* kernels = m_kernels.find(event.stage, event.chunk, kind)) {
        // The whole op's kernels (a box may be one block of it, between tensor-parallel collectives).
        const double total = kernels->total();
        for (int c = 0; c < ganttKernelClassCount; ++c) {
            const double seconds = kernels->seconds[static_cast<std::size_t>(c)];
            if (seconds > 0)
                //: A kernel class (GEMM, Attention...), its percent of the op's compute, the seconds of one
                //: op
                lines << tr("%1 %2% (%3)")
                             .arg(kernelClassName(static_cast<GanttKernelClass>(c)))
                             .arg(qRound(100 * seconds / total))
                             .arg(quantityText(seconds, Unit::Seconds, 2));
        }
    }
    if (event.critical)
        lines << tr("On the critical path");
    if (event.collective >= 0)
        lines << tr("Click to show its links");
    return lines.join(QLatin1Char('\n'));
}

void GanttChart::showHover(const QPointF& pos, const QPoint& globalPos)
{
    const int index = eventAt(pos);
    if (index < 0) {
        hideHover();
        const int lane = laneLabelAt(pos);
        if (lane >= 0 && (m_layout->lanes[lane].replicas > 0 || m_layout->lanes[lane].replica)) {
            const GanttLane& l = m_layout->lanes[lane];
            const QString text =
                l.replica || l.expanded
                    ? tr("Click to show only stage %1's first GPU").arg(l.stage)
                    : tr("Click to show the other %n GPU(s) of stage %1", nullptr, l.replicas).arg(l.stage);
            QToolTip::showText(globalPos, text, this);
        } else {
            QToolTip::hideText();
        }
        return;
    }
    if (index != m_hoverEvent) {
        m_hoverEvent = index;
        const TimelineEvent& event = (*m_timeline)[static_cast<std::size_t>(index)];
        // The row of the box: its lane's row for the event's stream.
        const int row = m_layout->rowAt(yAxis->pixelToCoord(pos.y()));
        const GanttRow& r = m_layout->rows[row];
        m_hover->topLeft->setCoords(event.start_s, r.top);
        m_hover->bottomRight->setCoords(event.end_s, r.top + r.height);
        m_hover->setVisible(true);
        m_hoverLayer->replot();
    }
    QToolTip::showText(globalPos, toolTipText(index), this);
}

void GanttChart::hideHover()
{
    m_hoverEvent = -1;
    if (m_hover && m_hover->visible()) {
        m_hover->setVisible(false);
        m_hoverLayer->replot();
    }
}

void GanttChart::mousePressEvent(QMouseEvent* event)
{
    QCustomPlot::mousePressEvent(event);
    if (event->button() != Qt::LeftButton)
        return;
    m_pressed = true;
    m_dragging = false;
    m_pressPos = event->position();
    m_pressRange = visibleRange();
}

void GanttChart::mouseMoveEvent(QMouseEvent* event)
{
    QCustomPlot::mouseMoveEvent(event);
    const QPointF pos = event->position();
    if (m_pressed && (event->buttons() & Qt::LeftButton)) {
        const double dx = pos.x() - m_pressPos.x();
        if (!m_dragging && std::abs(dx) < dragThresholdPixels)
            return;
        if (!m_dragging) {
            m_dragging = true;
            hideHover();
            QToolTip::hideText();
            setCursor(Qt::ClosedHandCursor);
        }
        setVisibleRange(TimeMapping::panned(m_pressRange, dx, axisRect()->width(), fullRange()));
        replot(QCustomPlot::rpQueuedReplot);
        return;
    }
    showHover(pos, event->globalPosition().toPoint());
}

void GanttChart::mouseReleaseEvent(QMouseEvent* event)
{
    QCustomPlot::mouseReleaseEvent(event);
    if (event->button() != Qt::LeftButton || !m_pressed)
        return;
    m_pressed = false;
    if (m_dragging) {
        m_dragging = false;
        unsetCursor();
        return;
    }
    const QPointF pos = event->position();
    const int lane = laneLabelAt(pos);
    if (lane >= 0) {
        const GanttLane& l = m_layout->lanes[lane];
        if (l.replicas > 0 || l.replica)
            setStageExpanded(l.stage, !isStageExpanded(l.stage));
        return;
    }
    const int index = eventAt(pos);
    const int collective = index >= 0 ? (*m_timeline)[static_cast<std::size_t>(index)].collective : -1;
    if (collective >= 0 || activeCollective() >= 0) {
        setActiveCollective(collective);
        emit collectiveActivated(collective);
    }
    if (index >= 0) {
        // The keyboard goes on from the box clicked.
        const int row = m_layout->rowAt(yAxis->pixelToCoord(pos.y()));
        if (row >= 0)
            for (std::size_t b = 0; b < m_layout->rows[row].boxes.size(); ++b)
                if (m_layout->rows[row].boxes[b].event == index) {
                    m_focusRow = row;
                    m_focusBox = int(b);
                    update();
                    break;
                }
        emit boxClicked(index);
    }
}

bool GanttChart::focusedBox(int* row, int* box) const
{
    const std::vector<GanttRow>& rows = m_layout->rows;
    if (m_focusRow >= 0 && std::size_t(m_focusRow) < rows.size() && m_focusBox >= 0 &&
        std::size_t(m_focusBox) < rows[std::size_t(m_focusRow)].boxes.size()) {
        *row = m_focusRow;
        *box = m_focusBox;
        return true;
    }
    // The first box on the critical path (the path that sets the step time), else the first box drawn.
    int firstRow = -1;
    int best = -1;
    int bestRow = -1;
    double bestStart = 0;
    for (std::size_t r = 0; r < rows.size(); ++r) {
        const std::vector<GanttBox>& boxes = rows[r].boxes;
        if (!boxes.empty() && firstRow < 0)
            firstRow = int(r);
        for (std::size_t b = 0; b < boxes.size(); ++b)
            if (boxes[b].critical && (best < 0 || boxes[b].start < bestStart)) {
                best = int(b);
                bestRow = int(r);
                bestStart = boxes[b].start;
                break; // by start: the row's first critical box is its earliest
            }
    }
    if (best >= 0) {
        *row = bestRow;
        *box = best;
        return true;
    }
    if (firstRow < 0)
        return false;
    *row = firstRow;
    *box = 0;
    return true;
}

int GanttChart::focusedEvent() const
{
    finishLayout();
    int row = 0;
    int box = 0;
    return focusedBox(&row, &box) ? m_layout->rows[std::size_t(row)].boxes[std::size_t(box)].event : -1;
}

bool GanttChart::activateFocused()
{
    finishLayout();
    const int index = focusedEvent();
    if (index < 0)
        return false;
    const int collective = (*m_timeline)[std::size_t(index)].collective;
    if (collective >= 0 || activeCollective() >= 0) {
        setActiveCollective(collective);
        emit collectiveActivated(collective);
    }
    emit boxClicked(index);
    return true;
}

void GanttChart::moveFocus(int row, int box)
{
    m_focusRow = row;
    m_focusBox = box;
    // Scrolled into view when the zoom hides it.
    const GanttBox& b = m_layout->rows[std::size_t(row)].boxes[std::size_t(box)];
    const TimeRange shown = visibleRange();
    if (b.end < shown.lower || b.start > shown.upper) {
        const double middle = (b.start + b.end) / 2;
        setVisibleRange({middle - shown.size() / 2, middle + shown.size() / 2});
        replot(QCustomPlot::rpQueuedReplot);
    }
    update();
}

void GanttChart::paintEvent(QPaintEvent* event)
{
    QCustomPlot::paintEvent(event);
    if (!hasFocus())
        return;
    QPainter painter(this);
    int row = 0;
    int box = 0;
    if (focusedBox(&row, &box)) {
        const GanttRow& r = m_layout->rows[std::size_t(row)];
        const GanttBox& b = r.boxes[std::size_t(box)];
        const QRectF rect = QRectF(QPointF(xAxis->coordToPixel(b.start), yAxis->coordToPixel(r.top)),
                                   QPointF(xAxis->coordToPixel(b.end), yAxis->coordToPixel(r.top + r.height)))
                                .normalized()
                                .adjusted(-2, -2, 2, 2);
        if (rect.intersects(QRectF(axisRect()->rect()))) {
            painter.save();
            painter.setClipRect(axisRect()->rect().adjusted(-2, -2, 2, 2));
            painter.setPen(QPen(focusFrameColor(palette()), 2, Qt::DashLine));
            painter.setBrush(Qt::NoBrush);
            painter.drawRect(rect);
            painter.restore();
        }
    }
    paintFocusFrame(painter, rect(), palette());
}

void GanttChart::keyPressEvent(QKeyEvent* event)
{
    if (isActivationKey(event)) {
        activateFocused();
        event->accept();
        return;
    }
    int row = 0;
    int box = 0;
    if (event->modifiers() != Qt::NoModifier || !focusedBox(&row, &box)) {
        QCustomPlot::keyPressEvent(event);
        return;
    }
    const std::vector<GanttRow>& rows = m_layout->rows;
    const GanttBox& current = rows[std::size_t(row)].boxes[std::size_t(box)];
    switch (event->key()) {
    case Qt::Key_Left:
        moveFocus(row, std::max(box - 1, 0));
        break;
    case Qt::Key_Right:
        moveFocus(row, std::min(box + 1, int(rows[std::size_t(row)].boxes.size()) - 1));
        break;
    case Qt::Key_Up:
    case Qt::Key_Down: {
        // The next row with boxes that way, at the box that ends first after this one starts.
        const int step = event->key() == Qt::Key_Up ? -1 : 1;
        for (int r = row + step; r >= 0 && std::size_t(r) < rows.size(); r += step) {
            const std::vector<GanttBox>& boxes = rows[std::size_t(r)].boxes;
            if (boxes.empty())
                continue;
            const std::size_t next = rows[std::size_t(r)].firstEndingAfter(current.start);
            moveFocus(r, int(std::min(next, boxes.size() - 1)));
            break;
        }
        break;
    }
    default:
        QCustomPlot::keyPressEvent(event);
        return;
    }
    event->accept();
}

void GanttChart::focusInEvent(QFocusEvent* event)
{
    QCustomPlot::focusInEvent(event);
    update();
}

void GanttChart::focusOutEvent(QFocusEvent* event)
{
    QCustomPlot::focusOutEvent(event);
    update();
}

void GanttChart::mouseDoubleClickEvent(QMouseEvent* event)
{
    QCustomPlot::mouseDoubleClickEvent(event);
    if (event->button() == Qt::LeftButton && axisRect()->rect().contains(event->position().toPoint()))
        resetZoom();
}

void GanttChart::wheelEvent(QWheelEvent* event)
{
    const QPointF pos = event->position();
    const QPoint delta = event->angleDelta();
    if (delta.y() != 0) {
        // One notch (120) zooms by a fifth, about the time under the mouse.
        zoomBy(std::pow(wheelZoomPerNotch, delta.y() / 120.0), xAxis->pixelToCoord(pos.x()));
    } else if (delta.x() != 0) {
        setVisibleRange(
            TimeMapping::panned(visibleRange(), delta.x() / 4.0, axisRect()->width(), fullRange()));
        replot(QCustomPlot::rpQueuedReplot);
    }
    hideHover();
    event->accept();
}

void GanttChart::leaveEvent(QEvent* event)
{
    QCustomPlot::leaveEvent(event);
    hideHover();
}

void GanttChart::updateLegend()
{
    legend->clearItems();
    legend->simplify(); // clearItems() leaves the grid's empty cells behind
    const QColor text = palette().color(QPalette::WindowText);
    std::vector<GanttLegendItem*> items;
    for (int k = 0; k < ganttKindCount; ++k) {
        if (!m_layout->kinds[k])
            continue;
        const auto kind = static_cast<GanttKind>(k);
        items.push_back(new GanttLegendItem(legend, Swatch::Kind, kind, kindName(kind)));
    }
    if (m_kernelLegend) {
        for (int c = 0; c < ganttKernelClassCount; ++c) {
            const auto kernelClass = static_cast<GanttKernelClass>(c);
            auto* item =
                new GanttLegendItem(legend, Swatch::Kernel, GanttKind::Other, kernelClassName(kernelClass));
            item->setKernelClass(kernelClass);
            items.push_back(item);
        }
    }
    if (m_layout->boxCount > 0) {
        auto* bubble = new GanttLegendItem(legend, Swatch::Bubble, GanttKind::Other, tr("Bubble (idle)"));
        QColor hatch = text;
        hatch.setAlpha(140);
        bubble->setOutlineColor(hatch);
        items.push_back(bubble);
        if (m_anyCritical) {
            auto* path = new GanttLegendItem(legend, Swatch::Critical, GanttKind::Other, tr("Critical path"));
            path->setOutlineColor(text);
            items.push_back(path);
        }
    }
    for (GanttLegendItem* item : items) {
        item->setTextColor(text);
        legend->addItem(item);
    }
    m_legendEntries = static_cast<int>(items.size());
    updateLegendWrap(width());
}

// Before each replot: the kernel classes join the legend while some compute box is wide enough for its
// stripes, and leave it when none is.
void GanttChart::updateKernelLegend()
{
    const double secondsPerPixel = visibleRange().size() / std::max(1, axisRect()->width());
    const bool shown = m_longestStripedBox > 0 && secondsPerPixel > 0 &&
                       m_longestStripedBox / secondsPerPixel >= GanttPlottable::stripeMinWidth;
    if (shown == m_kernelLegend)
        return;
    m_kernelLegend = shown;
    updateLegend();
}

void GanttChart::updateLegendWrap(int width)
{
    const int items = m_legendEntries;
    if (items == 0)
        return;
    // As many entries per line as fit (the words differ by language).
    fitLegendWrap(legend, legendWraps(items), width - 24);
}

void GanttChart::updateLaneLabels()
{
    const GanttLayout& layout = *m_layout;
    const double rectHeight = std::max(axisRect()->height(), 1);
    // The lanes fill the height, but a compute row grows no taller than maxComputeRowPixels: one stage
    // should not look like a wall. The lanes then start at the top.
    const double contentHeight = (layout.lanes.empty() ? 1.0 : layout.bottom) + GanttLayout::laneGap;
    const double shownHeight = std::max(contentHeight, rectHeight / maxComputeRowPixels);
    yAxis->setRange(-GanttLayout::laneGap / 2, shownHeight - GanttLayout::laneGap / 2);
    const double pixelsPerUnit = rectHeight / std::max(yAxis->range().size(), 1e-9);
    const int lineHeight = QFontMetrics(yAxis->tickLabelFont()).height();
    const int streamLineHeight = QFontMetrics(yAxis2->tickLabelFont()).height();
    QMap<double, QString> lanes;
    QMap<double, QString> streams;
    // Every k-th stage while the lanes are thinner than a line of text (CONTRIBUTING.md: drop labels that do
    // not fit); a stage's label names its GPU when the lane has room for a second line.
    const double laneStep =
        (GanttLayout::laneGap + GanttLayout::computeHeight +
         GanttLayout::streamHeight * std::max<int>(0, static_cast<int>(layout.streams.size()) - 1)) *
        pixelsPerUnit;
    const int every =
        laneStep >= lineHeight ? 1 : static_cast<int>(std::ceil(lineHeight / std::max(laneStep, 0.1)));
    const bool twoLines = laneStep - GanttLayout::laneGap * pixelsPerUnit >= 2.2 * lineHeight;
    int stageIndex = 0;
    for (std::size_t i = 0; i < layout.lanes.size(); ++i) {
        const GanttLane& lane = layout.lanes[i];
        const double centre = (lane.top + lane.bottom) / 2;
        QString label;
        if (lane.replica) {
            if (every == 1)
                label = tr("GPU %1").arg(lane.gpu);
        } else {
            if (stageIndex++ % every != 0)
                continue;
            label = tr("Stage %1").arg(lane.stage);
            if (lane.replicas > 0)
                label = (lane.expanded ? QStringLiteral("▾ ") : QStringLiteral("▸ ")) + label;
            if (twoLines)
                label += QLatin1Char('\n') + tr("GPU %1").arg(lane.gpu);
        }
        if (!label.isEmpty())
            lanes.insert(centre, label);
    }
    for (const GanttRow& row : layout.rows) {
        if (row.height * pixelsPerUnit >= streamLineHeight * 0.9)
            streams.insert(row.top + row.height / 2, streamName(row.stream));
    }
    m_laneTicker->setTicks(lanes);
    m_streamTicker->setTicks(streams);
}

void GanttChart::setStale(bool stale)
{
    if (stale == m_stale)
        return;
    m_stale = stale;
    updateTitle();
    replot(QCustomPlot::rpQueuedReplot);
}

void GanttChart::updateTitle()
{
    QString title = tr("One training step, by pipeline stage");
    if (m_layout && m_layout->stepTime > 0 && m_layout->boxCount > 0)
        title = tr("One training step (%1), by pipeline stage")
                    .arg(quantityText(m_layout->stepTime, Unit::Seconds));
    if (m_stale)
        title = tr("%1 (last valid scenario)").arg(title);
    if (!m_comparison.isEmpty())
        title += QLatin1Char('\n') + m_comparison;
    m_title->setText(title);
    m_title->setTextColor(m_stale ? alertColor() : palette().color(QPalette::WindowText));
}

void GanttChart::setComparison(const QString& line)
{
    if (line == m_comparison)
        return;
    m_comparison = line;
    updateTitle();
    replot(QCustomPlot::rpQueuedReplot);
}

void GanttChart::resizeEvent(QResizeEvent* event)
{
    updateLegendWrap(event->size().width());
    QCustomPlot::resizeEvent(event);
}

bool GanttChart::event(QEvent* event)
{
    // Paints, clicks, keys and tooltips read the layout. Only those: other events (a font or palette
    // change) arrive in the middle of the chart's own work, and taking the layout then rebuilds the legend
    // under it.
    switch (event->type()) {
    case QEvent::Paint:
    case QEvent::MouseButtonPress:
    case QEvent::MouseButtonRelease:
    case QEvent::MouseButtonDblClick:
    case QEvent::MouseMove:
    case QEvent::Wheel:
    case QEvent::KeyPress:
    case QEvent::KeyRelease:
    case QEvent::ShortcutOverride:
    case QEvent::ToolTip:
    case QEvent::FocusIn:
    case QEvent::FocusOut:
    case QEvent::Enter:
    case QEvent::Leave:
    case QEvent::ContextMenu:
        finishLayout();
        break;
    default:
        break;
    }
    return QCustomPlot::event(event);
}

void GanttChart::changeEvent(QEvent* event)
{
    QCustomPlot::changeEvent(event);
    if (event->type() == QEvent::PaletteChange || event->type() == QEvent::StyleChange) {
        applyPalette();
        updateLegend();
        replot(QCustomPlot::rpQueuedReplot);
    }
    if (event->type() == QEvent::LanguageChange)
        retranslate();
}

// View > Language: the axis, the legend, the title and (at the replot) the lane and stream names in
// the new language; the zoom, the expanded stages and the active collective stay.
void GanttChart::retranslate()
{
    m_boxes->setName(tr("Step timeline"));
    xAxis->setLabel(tr("Time in the training step (wheel: zoom, drag: pan, double-click: whole step)"));
    m_emptyText->setText(tr("No step timeline for this scenario."));
    updateLegend();
    updateTitle();
    replot(QCustomPlot::rpQueuedReplot);
}

// Follows the widget palette so the chart reads in dark themes; printing uses the light palette.
void GanttChart::applyPalette()
{
    const QPalette pal = palette();
    const ChartInk ink = applyChartInk(this, {xAxis, yAxis, yAxis2});
    const QColor text = ink.text;
    yAxis2->setBasePen(Qt::NoPen);
    // Lanes and streams are named, not measured: no tick marks beside their names.
    yAxis->setTickPen(Qt::NoPen);
    yAxis2->setTickPen(Qt::NoPen);
    QColor faint = text;
    faint.setAlpha(150);
    yAxis2->setTickLabelColor(faint);
    QColor band = text;
    band.setAlpha(12);
    QColor hatch = text;
    hatch.setAlpha(110);
    m_boxes->setColors(band, hatch, text, pal.color(QPalette::Highlight));
    QPen hoverPen(text, 2);
    m_hover->setPen(hoverPen);
    QColor veil = pal.color(QPalette::Base);
    veil.setAlpha(70);
    m_hover->setBrush(veil);
    m_emptyText->setColor(text);
    applyLegendInk(legend, ink);
    if (m_title)
        updateTitle();
}

} // namespace ss
