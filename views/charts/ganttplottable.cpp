// SPDX-License-Identifier: GPL-3.0-or-later
#include "ganttplottable.h"

#include "chartpalette.h"

#include <algorithm>
#include <cmath>

namespace ss {

QColor ganttKindColor(GanttKind kind)
{
    // Okabe & Ito, "Color Universal Design" (2008), with lighter or darker tints for the halves and
    // variants of one kind of work: forward blues, backward greens, communication warm, PCIe greys; the
    // expert- and context-parallel collectives in two dark colours of Paul Tol's muted scheme
    // (chartpalette.h).
    switch (kind) {
    case GanttKind::Forward:
        return QColor(okabeIto::blue);
    case GanttKind::Backward:
    case GanttKind::BackwardInput:
        return QColor(okabeIto::bluishGreen);
    case GanttKind::BackwardWeight:
        return QColor(0x86, 0xD0, 0xB6);
    case GanttKind::Recompute:
        return QColor(okabeIto::skyBlue);
    case GanttKind::Optimizer:
        return QColor(okabeIto::orange);
    case GanttKind::CpuOptimizer:
        return QColor(0x9A, 0x67, 0x00);
    case GanttKind::TpComm:
        return QColor(okabeIto::reddishPurple);
    case GanttKind::EpComm:
        return QColor(tolMuted::wine);
    case GanttKind::CpComm:
        return QColor(tolMuted::indigo);
    case GanttKind::PpSend:
        return QColor(okabeIto::yellow);
    case GanttKind::PpRecv:
        return QColor(0xB8, 0xAB, 0x16);
    case GanttKind::DpComm:
        return QColor(okabeIto::vermillion);
    case GanttKind::ParamGather:
        return QColor(0xF2, 0xA2, 0x76);
    case GanttKind::DeviceToHost:
        return QColor(0x5F, 0x5F, 0x5F);
    case GanttKind::HostToDevice:
        return QColor(0xA8, 0xA8, 0xA8);
    case GanttKind::Other:
        break;
    }
    return QColor(0xC8, 0xC8, 0xC8);
}

QColor ganttKernelColor(GanttKernelClass kernelClass)
{
    switch (kernelClass) {
    case GanttKernelClass::Gemm:
        return QColor(tolMuted::sand);
    case GanttKernelClass::Attention:
        return QColor(tolMuted::rose);
    case GanttKernelClass::Memory:
        return QColor(tolMuted::purple);
    case GanttKernelClass::Launch:
        break;
    }
    return QColor(tolMuted::paleGrey);
}

namespace {

// Relative luminance (WCAG 2.x): above this, dark text reads better than white.
bool isLight(const QColor& color)
{
    return 0.2126 * color.redF() + 0.7152 * color.greenF() + 0.0722 * color.blueF() > 0.45;
}

QColor bucketColor(int bucket)
{
    const QColor base = ganttKindColor(static_cast<GanttKind>(bucket / 2));
    // Odd chunks of the interleaved schedule a shade darker, as Megatron-LM's schedule figures shade the
    // chunks (Narayanan et al., SC'21, Fig. 4); darker, since the lighter tints are recompute and W.
    return bucket % 2 ? base.darker(140) : base;
}

} // namespace

GanttPlottable::GanttPlottable(QCPAxis* keyAxis, QCPAxis* valueAxis)
    : QCPAbstractPlottable(keyAxis, valueAxis)
{
    setAntialiased(false);
    setAntialiasedFill(false);
    setSelectable(QCP::stNone);
    m_band = QColor(0, 0, 0, 10);
    m_hatch = QColor(0x80, 0x80, 0x80);
    m_critical = Qt::black;
    m_highlight = alertColor();
}

void GanttPlottable::setLayout(std::shared_ptr<const GanttLayout> layout)
{
    m_layout = std::move(layout);
}

void GanttPlottable::setColors(const QColor& band, const QColor& hatch, const QColor& critical,
                               const QColor& highlight)
{
    m_band = band;
    m_hatch = hatch;
    m_critical = critical;
    m_highlight = highlight;
}

double GanttPlottable::selectTest(const QPointF& pos, bool onlySelectable, QVariant* details) const
{
    // The chart does its own hit tests on the layout; QCustomPlot's selection is not used.
    Q_UNUSED(pos);
    Q_UNUSED(onlySelectable);
    Q_UNUSED(details);
    return -1;
}

QCPRange GanttPlottable::getKeyRange(bool& foundRange, QCP::SignDomain inSignDomain) const
{
    Q_UNUSED(inSignDomain);
    foundRange = m_layout && m_layout->stepTime > 0;
    return foundRange ? QCPRange(0, m_layout->stepTime) : QCPRange();
}

QCPRange GanttPlottable::getValueRange(bool& foundRange, QCP::SignDomain inSignDomain,
                                       const QCPRange& inKeyRange) const
{
    Q_UNUSED(inSignDomain);
    Q_UNUSED(inKeyRange);
    foundRange = m_layout && !m_layout->lanes.empty();
    return foundRange ? QCPRange(0, m_layout->bottom) : QCPRange();
}

const QStaticText& GanttPlottable::labelText(int microbatch)
{
    if (microbatch >= static_cast<int>(m_labelTexts.size())) {
        const QFontMetrics metrics(m_labelFont);
        const int from = static_cast<int>(m_labelTexts.size());
        const int to = std::max(microbatch + 1, from * 2);
        for (int m = from; m < to; ++m) {
            const QString text = QString::number(m);
            QStaticText staticText(text);
            staticText.setTextFormat(Qt::PlainText);
            staticText.prepare(QTransform(), m_labelFont);
            m_labelTexts.push_back(staticText);
            m_labelWidths.push_back(metrics.horizontalAdvance(text));
        }
    }
    return m_labelTexts[microbatch];
}

// What one draw() works with: the time range on show, its pixels, and the row being collected.
struct GanttPlottable::Frame
{
    TimeRange range;
    TimeMapping map;
    QRect area;
    double pixelsPerSecond = 0;
    int labelHeight = 0;
    std::vector<int> columnDraws; // countColumns: rectangles each pixel column of the row received
    int stage = 0;                // the row's pipeline stage
    int top = 0;                  // the row's pixels
    int bottom = 0;
    int lastFill = -1; // the bucket of the row's last narrow fill, while nothing else followed it
};

// Collects every rectangle first, batched by colour, then paints each batch with one call.
void GanttPlottable::draw(QCPPainter* painter)
{
    const bool countColumns = m_stats.countColumns;
    m_stats = PaintStats{};
    m_stats.countColumns = countColumns;
    if (!m_layout || !mKeyAxis || !mValueAxis || !mKeyAxis->axisRect())
        return;
    const QCPAxis* keyAxis = mKeyAxis.data();
    const QRect area = clipRect();
    if (area.isEmpty())
        return;
    const TimeRange range{keyAxis->range().lower, keyAxis->range().upper};
    Frame frame{range, TimeMapping(range, keyAxis->axisRect()->left(), keyAxis->axisRect()->width()), area};
    frame.pixelsPerSecond = 1.0 / frame.map.secondsPerPixel();
    frame.labelHeight = prepareFrame();

    painter->setPen(Qt::NoPen);
    drawBands(painter, area);
    for (const GanttRow& row : m_layout->rows)
        collectRow(frame, row);
    painter->setPen(Qt::NoPen);
    paintBoxes(painter);
    paintStripes(painter);
    paintOutlines(painter);
    paintLabels(painter);
}

// The label font of the chart's size, and empty batches; returns the labels' height.
int GanttPlottable::prepareFrame()
{
    QFont font = mParentPlot->font();
    font.setPointSizeF(font.pointSizeF() * 0.85);
    if (font != m_labelFont) {
        m_labelFont = font;
        m_labelTexts.clear();
        m_labelWidths.clear();
    }
    for (auto& rects : m_fills)
        rects.clear();
    for (auto& rects : m_outlined)
        rects.clear();
    m_gaps.clear();
    for (auto& rects : m_stripes)
        rects.clear();
    m_criticalRects.clear();
    m_criticalMarks.clear();
    m_highlightRects.clear();
    m_labels.clear();
    return QFontMetrics(m_labelFont).height();
}

std::pair<int, int> GanttPlottable::pixelRows(double top, double bottom) const
{
    const double y0 = mValueAxis->coordToPixel(top);
    const double y1 = mValueAxis->coordToPixel(bottom);
    return {static_cast<int>(std::lround(std::min(y0, y1))), static_cast<int>(std::lround(std::max(y0, y1)))};
}

// Every other stage on a faint band, so a lane's rows read as one GPU.
void GanttPlottable::drawBands(QCPPainter* painter, const QRect& area) const
{
    if (m_band.alpha() <= 0)
        return;
    std::vector<QRect> bands;
    int stageIndex = -1;
    for (const GanttLane& lane : m_layout->lanes) {
        if (!lane.replica)
            ++stageIndex;
        if (stageIndex % 2)
            continue;
        const auto [top, bottom] =
            pixelRows(lane.top - GanttLayout::laneGap / 2, lane.bottom + GanttLayout::laneGap / 2);
        bands.emplace_back(area.left(), top, area.width(), std::max(bottom - top, 1));
    }
    painter->setBrush(m_band);
    painter->drawRects(bands.data(), static_cast<int>(bands.size()));
}

// The bubbles and boxes of ROW on show; boxes that land on columns the row has painted are skipped.
void GanttPlottable::collectRow(Frame& frame, const GanttRow& row)
{
    auto [top, bottom] = pixelRows(row.top, row.top + row.height);
    if (bottom - top >= 5)
        --bottom; // a one-pixel gap between the rows of a lane
    if (bottom <= top)
        bottom = top + 1;
    if (bottom < frame.area.top() || top > frame.area.bottom())
        return;
    frame.stage = m_layout->lanes[static_cast<std::size_t>(row.lane)].stage;
    frame.top = top;
    frame.bottom = bottom;
    const int height = bottom - top;
    ++m_stats.rowsPainted;

    ColumnFilter gapFilter;
    for (std::size_t g = row.firstGapEndingAfter(frame.range.lower);
         g < row.gaps.size() && row.gaps[g].lower <= frame.range.upper; ++g) {
        PixelSpan span = frame.map.columns(row.gaps[g].lower, row.gaps[g].upper);
        if (span.width() < 2 || !gapFilter.admit(span))
            continue; // a hatch narrower than its pattern says nothing
        m_gaps.emplace_back(span.left, top, span.width(), height);
        ++m_stats.gapsDrawn;
    }

    if (m_stats.countColumns)
        frame.columnDraws.assign(static_cast<std::size_t>(frame.area.width()) + 2, 0);
    ColumnFilter filter;
    frame.lastFill = -1;
    for (std::size_t i = row.firstEndingAfter(frame.range.lower); i < row.boxes.size(); ++i) {
        const GanttBox& box = row.boxes[i];
        if (box.start > frame.range.upper)
            break;
        ++m_stats.boxesVisited;
        PixelSpan span = frame.map.columns(box.start, box.end);
        if (span.width() <= 0)
            continue;
        if (!filter.admit(span)) {
            ++m_stats.boxesSkipped;
            continue;
        }
        collectBox(frame, box, span);
        // Zoomed out, many boxes land on the columns just painted. With the columns before P painted, a box
        // whose start rounds below P and whose end rounds to P at most covers painted columns only: the run
        // of such boxes after this one is passed over at once (found by galloping over the starts, which are
        // sorted, and the reach), not visited one by one.
        // (A thousandth of a pixel keeps rounding of the times on the safe side.)
        const std::size_t after = i + 1;
        if (after < row.boxes.size()) {
            const double startBelow = frame.map.toTime(filter.painted() - 0.5 - 1e-3);
            const double endBelow = frame.map.toTime(filter.painted() + 0.5 - 1e-3);
            const auto passed = [&](std::size_t j) {
                return row.boxes[j].start < startBelow && row.reach[j] < endBelow;
            };
            if (passed(after)) {
                // The first box from AFTER on that is not passed over: both conditions hold on a prefix.
                std::size_t low = after, step = 1, high = after + 1;
                while (high < row.boxes.size() && passed(high)) {
                    low = high;
                    step *= 2;
                    high = std::min(row.boxes.size(), high + step);
                }
                while (high - low > 1) { // passed(low), not passed(high) (or HIGH is the end)
                    const std::size_t mid = low + (high - low) / 2;
                    (passed(mid) ? low : high) = mid;
                }
                const int count = static_cast<int>(high - after);
                m_stats.boxesVisited += count;
                m_stats.boxesSkipped += count;
                i = high - 1;
            }
        }
    }
}

// One admitted box: its fill (or outlined fill), the critical path's mark, the highlight, its number.
void GanttPlottable::collectBox(Frame& frame, const GanttBox& box, const PixelSpan& span)
{
    const int height = frame.bottom - frame.top;
    const QRect rect(span.left, frame.top, span.width(), height);
    const int bucket = static_cast<int>(box.kind) * 2 + (box.chunk % 2 != 0 ? 1 : 0);
    // Outlines only where a box is wide enough to keep some fill inside them.
    if (span.width() >= 4 && height >= 4) {
        m_outlined[bucket].push_back(rect);
        frame.lastFill = -1;
    } else if (bucket == frame.lastFill && m_fills[bucket].back().right() + 1 == span.left) {
        // Zoomed out, runs of narrow boxes of one kind become one rectangle: fewer, longer fills.
        m_fills[bucket].back().setRight(span.right - 1);
    } else {
        m_fills[bucket].push_back(rect);
        frame.lastFill = bucket;
    }
    ++m_stats.boxesDrawn;
    if (m_stats.countColumns) {
        for (int c = span.left; c < span.right; ++c) {
            const int index =
                std::clamp(c - frame.area.left(), 0, static_cast<int>(frame.columnDraws.size()) - 1);
            m_stats.maxDrawsPerColumn = std::max(m_stats.maxDrawsPerColumn, ++frame.columnDraws[index]);
        }
    }
    // The critical path: an outline where it leaves the box's colour visible, else a line along the row's
    // foot, so a run of narrow critical boxes does not turn black.
    if (box.critical && span.width() >= 8 && height >= 8) {
        m_criticalRects.push_back(rect);
    } else if (box.critical) {
        if (!m_criticalMarks.empty() && m_criticalMarks.back().top() == frame.bottom - 2 &&
            m_criticalMarks.back().right() + 1 == span.left)
            m_criticalMarks.back().setRight(span.right - 1);
        else
            m_criticalMarks.emplace_back(span.left, frame.bottom - 2, span.width(), 2);
    }
    if (m_activeCollective >= 0 && box.collective == m_activeCollective)
        m_highlightRects.push_back(rect);
    // Whether a number fits is judged on the box's exact width, not its rounded columns, so boxes of one
    // length are all numbered or none is.
    const double exactWidth = (box.end - box.start) * frame.pixelsPerSecond;
    QRect labelRect = rect;
    if (exactWidth >= stripeMinWidth && collectStripes(frame, box, span)) {
        // The number moves into the part above the stripes where it fits there.
        const int stripesTop = frame.bottom - static_cast<int>(std::lround(height * stripeHeightShare));
        if (stripesTop - rect.top() >= frame.labelHeight)
            labelRect = QRect(rect.left(), rect.top(), rect.width(), stripesTop - rect.top());
    }
    if (box.microbatch >= 0 && height >= frame.labelHeight && exactWidth >= frame.labelHeight) {
        labelText(box.microbatch);
        if (exactWidth >= m_labelWidths[box.microbatch] + 5 &&
            span.width() >= m_labelWidths[box.microbatch] + 2)
            m_labels.push_back({labelRect, box.microbatch, isLight(bucketColor(bucket))});
    }
}

// The op's kernel classes along the foot of a wide compute box, inside its outline, in proportion to their
// seconds. The edges come from the box's whole extent, so a box cut by the plot's edge keeps its proportions.
bool GanttPlottable::collectStripes(const Frame& frame, const GanttBox& box, const PixelSpan& span)
{
    const int height = frame.bottom - frame.top;
    const int inset = std::max(1, static_cast<int>(std::lround(m_lineScale)));
    const int stripeHeight = static_cast<int>(std::lround(height * stripeHeightShare));
    const int left = span.left + inset;
    const int right = span.right - inset; // exclusive
    const int bottom = frame.bottom - inset;
    const int top = frame.bottom - stripeHeight;
    if (right - left < 4 || bottom - top < 2)
        return false;
    const GanttKernels* kernels = m_layout->kernels.find(frame.stage, box.chunk, box.kind);
    if (!kernels)
        return false;
    const double total = kernels->total();
    const double x0 = frame.map.toPixel(box.start);
    const double width = (box.end - box.start) * frame.pixelsPerSecond;
    double before = 0;
    for (int c = 0; c < ganttKernelClassCount; ++c) {
        const double seconds = kernels->seconds[static_cast<std::size_t>(c)];
        if (!(seconds > 0))
            continue;
        const int from = std::max(left, static_cast<int>(std::lround(x0 + width * before / total)));
        before += seconds;
        const int to = std::min(right, static_cast<int>(std::lround(x0 + width * before / total)));
        if (to <= from)
            continue;
        m_stripes[static_cast<std::size_t>(c)].emplace_back(from, top, to - from, bottom - top);
        ++m_stats.stripesDrawn;
    }
    ++m_stats.boxesStriped;
    return true;
}

// The hatched bubbles, then the boxes batch by batch: narrow ones filled, wide ones with an outline.
void GanttPlottable::paintBoxes(QCPPainter* painter)
{
    if (!m_gaps.empty()) {
        painter->setBrush(QBrush(m_hatch, Qt::BDiagPattern));
        painter->drawRects(m_gaps.data(), static_cast<int>(m_gaps.size()));
    }
    for (int bucket = 0; bucket < ganttKindCount * 2; ++bucket) {
        const std::vector<QRect>& fills = m_fills[bucket];
        std::vector<QRect>& outlined = m_outlined[bucket];
        if (fills.empty() && outlined.empty())
            continue;
        const QColor color = bucketColor(bucket);
        painter->setBrush(color);
        if (!fills.empty()) {
            painter->setPen(Qt::NoPen);
            painter->drawRects(fills.data(), static_cast<int>(fills.size()));
        }
        if (!outlined.empty()) {
            // A pen adds a pixel right and below: shrink by one so outlined boxes keep their columns.
            for (QRect& rect : outlined)
                rect.adjust(0, 0, -1, -1);
            painter->setPen(QPen(color.darker(150), std::max(1.0, std::round(m_lineScale))));
            painter->drawRects(outlined.data(), static_cast<int>(outlined.size()));
        }
    }
}

// One batch per kernel class, over the boxes' fills and under the critical path's outlines.
void GanttPlottable::paintStripes(QCPPainter* painter)
{
    painter->setPen(Qt::NoPen);
    for (int c = 0; c < ganttKernelClassCount; ++c) {
        const std::vector<QRect>& rects = m_stripes[static_cast<std::size_t>(c)];
        if (rects.empty())
            continue;
        painter->setBrush(ganttKernelColor(static_cast<GanttKernelClass>(c)));
        painter->drawRects(rects.data(), static_cast<int>(rects.size()));
    }
}

// The critical path (outlines and foot marks) and the active collective over the boxes.
void GanttPlottable::paintOutlines(QCPPainter* painter)
{
    painter->setBrush(Qt::NoBrush);
    auto outline = [&](std::vector<QRect>& rects, const QColor& color) {
        if (rects.empty())
            return;
        for (QRect& rect : rects)
            rect.adjust(1, 1, -1, -1);
        QPen pen(color, 2 * m_lineScale);
        pen.setJoinStyle(Qt::MiterJoin);
        painter->setPen(pen);
        painter->drawRects(rects.data(), static_cast<int>(rects.size()));
    };
    outline(m_criticalRects, m_critical);
    if (!m_criticalMarks.empty()) {
        painter->setPen(Qt::NoPen);
        painter->setBrush(m_critical);
        painter->drawRects(m_criticalMarks.data(), static_cast<int>(m_criticalMarks.size()));
        painter->setBrush(Qt::NoBrush);
    }
    outline(m_highlightRects, m_highlight);
}

// Microbatch numbers, dark on light boxes and white on dark ones.
void GanttPlottable::paintLabels(QCPPainter* painter)
{
    if (m_labels.empty())
        return;
    painter->setFont(m_labelFont);
    const QColor dark(0x1A, 0x1A, 0x1A);
    for (const Label& label : m_labels) {
        const QStaticText& text = labelText(label.microbatch);
        const QSizeF size = text.size();
        painter->setPen(label.dark ? dark : QColor(Qt::white));
        painter->drawStaticText(QPointF(label.rect.center().x() + 1 - size.width() / 2,
                                        label.rect.top() + (label.rect.height() - size.height()) / 2),
                                text);
    }
    m_stats.labelsDrawn = static_cast<int>(m_labels.size());
}

void GanttPlottable::drawLegendIcon(QCPPainter* painter, const QRectF& rect) const
{
    painter->setPen(Qt::NoPen);
    painter->setBrush(ganttKindColor(GanttKind::Forward));
    painter->drawRect(rect);
}

} // namespace ss
