// SPDX-License-Identifier: GPL-3.0-or-later
#include "bandwidthchart.h"

#include "chartlayout.h"
#include "chartpalette.h"
#include "collectivefigures.h"
#include "ganttplottable.h"
#include "linkcatalog.h"
#include "linkstyle.h"
#include "unitformat.h"
#include "unittickers.h"

#include <QLocale>
#include <QMouseEvent>
#include <QToolTip>

#include <algorithm>
#include <cmath>

namespace ss {

namespace {

constexpr double barWidth = 0.7;
constexpr int rowPixels = 20;
constexpr int maxLinkRows = 40; // link rows at most, however tall the chart
// A press that moves further than this is a drag, not a click (as in the step timeline).
constexpr double dragThresholdPixels = 4;
constexpr int legendWrap = 6;
const char* const groupOrder[] = {"tp", "ep", "cp", "pp", "dp", "edp", "offload"};
// A link kind of each LinkClass, NvLink to Network, whose class name and colour the legend shows.
const char* const classSamples[] = {"nvlink", "pcie", "host", "qpi", "ib"};

// Fractions as percentages at 1, 2 or 5 times a power of ten: "0%", "0.5%", "1%"; "25%" steps up to 100%.
class PercentTicker : public QCPAxisTicker
{
protected:
    double getTickStep(const QCPRange& range) override
    {
        const double raw = range.size() / 5;
        const double magnitude = std::pow(10.0, std::floor(std::log10(raw)));
        for (double f : {1.0, 2.0, 2.5, 5.0, 10.0})
            if (f * magnitude >= raw)
                return f * magnitude;
        return 10 * magnitude;
    }
    QString getTickLabel(double tick, const QLocale& locale, QChar, int) override
    {
        return locale.toString(tick * 100, 'g', 4) + locale.percent();
    }
};

int classOf(const std::string& kind)
{
    LinkClass cls;
    return linkClassOf(kind, cls) ? int(cls) : -1;
}

QString rowLabel(const CommLink& link)
{
    QString text =
        QStringLiteral("%1 – %2").arg(QString::fromStdString(link.a), QString::fromStdString(link.b));
    if (text.size() > 34)
        text = text.left(16) + QStringLiteral("…") + text.right(16);
    return text;
}

// The row of RECT's bars under POS, -1 for none: within a bar's height, from the row's label at the
// widget's left edge to the rect's right edge, so a short bar is as easy to hit as a long one.
int rowAt(const QCPAxisRect* rect, const QPointF& pos, int rows)
{
    const QRect r = rect->rect();
    if (pos.x() < 0 || pos.x() > r.right() || pos.y() < r.top() || pos.y() > r.bottom())
        return -1;
    const double key = rect->axis(QCPAxis::atLeft)->pixelToCoord(pos.y());
    const int row = int(std::lround(key));
    if (row < 0 || row >= rows || std::abs(key - row) > barWidth / 2)
        return -1;
    return row;
}

} // namespace

BandwidthChart::BandwidthChart(QWidget* parent) : QCustomPlot(parent)
{
    setObjectName(QStringLiteral("bandwidthChart"));
    setMinimumSize(320, 280);
    setNoAntialiasingOnDrag(true);

    // Rows: the links' title, legend and axes, then the collectives' title, legend and axes. The legends sit
    // in rows of their own, so no bar ever runs under them.
    m_linkRect = axisRect();
    plotLayout()->take(m_linkRect);
    plotLayout()->simplify();
    const QFont titleFont(font().family(), font().pointSize() + 1, QFont::Bold);
    m_linkTitle = new QCPTextElement(this, QString(), titleFont);
    m_collectiveTitle = new QCPTextElement(this, QString(), titleFont);
    m_collectiveRect = new QCPAxisRect(this);
    m_groupLegend = new QCPLegend;
    m_linkRect->insetLayout()->take(legend);
    const auto legendRow = [this](int index, QCPLegend* l) {
        addLegendRow(this, index, l)->setMargins(QMargins(8, 0, 8, 2));
        l->setFillOrder(QCPLayoutGrid::foColumnsFirst);
        l->setWrap(legendWrap);
        l->setBorderPen(Qt::NoPen);
        l->setColumnSpacing(16);
    };
    plotLayout()->addElement(0, 0, m_linkTitle);
    legendRow(1, legend);
    plotLayout()->addElement(2, 0, m_linkRect);
    plotLayout()->addElement(3, 0, m_collectiveTitle);
    legendRow(4, m_groupLegend);
    plotLayout()->addElement(5, 0, m_collectiveRect);
    m_groupLegend->setLayer(QStringLiteral("legend"));
    auto* margins = new QCPMarginGroup(this);
    m_linkRect->setMarginGroup(QCP::msLeft | QCP::msRight, margins);
    m_collectiveRect->setMarginGroup(QCP::msLeft | QCP::msRight, margins);

    for (QCPAxisRect* rect : {m_linkRect, m_collectiveRect}) {
        QCPAxis* key = rect->axis(QCPAxis::atLeft);
        key->setRangeReversed(true); // the first row on top
        key->setSubTicks(false);
        key->setTickLength(0, 0);
        key->grid()->setVisible(false);
        QCPAxis* value = rect->axis(QCPAxis::atBottom);
        value->setSubTicks(false);
        value->grid()->setSubGridVisible(false);
    }
    m_collectiveRect->axis(QCPAxis::atBottom)->setTicker(QSharedPointer<QCPAxisTicker>(new SecondsTicker));
    m_collectiveRect->axis(QCPAxis::atBottom)
        ->setLabel(tr("Time per step: calls × time per call, not overlapped"));

    // One bar series per link class and per group, so the legends name the colours.
    const auto addBars = [](QCPAxisRect* rect, const QString& name, const QColor& color) {
        auto* bars = new QCPBars(rect->axis(QCPAxis::atLeft), rect->axis(QCPAxis::atBottom));
        bars->setName(name);
        setBarColor(bars, color);
        bars->setWidth(barWidth);
        bars->setAntialiased(false);
        return bars;
    };
    for (int cls = int(LinkClass::NvLink); cls <= int(LinkClass::Network); ++cls)
        m_kindBars[cls] =
            addBars(m_linkRect, linkKindClassName(classSamples[cls]), linkKindColor(classSamples[cls]));
    legend->setVisible(true);
    for (const char* g : groupOrder) {
        const QString group = QLatin1String(g);
        QCPBars* bars = addBars(m_collectiveRect, groupName(group), groupColor(group));
        bars->removeFromLegend(legend);
        m_groupBars[group] = bars;
    }

    connect(this, &QCustomPlot::mouseMove, this, &BandwidthChart::onMouseMove);
    connect(this, &QCustomPlot::afterLayout, this, &BandwidthChart::fitMarkLabel);
    applyPalette();
    rebuild();
}

QColor BandwidthChart::groupColor(const QString& group)
{
    // The colours of the step timeline's communication boxes, so a group reads alike in both.
    if (group == QLatin1String("tp"))
        return ganttKindColor(GanttKind::TpComm);
    if (group == QLatin1String("pp"))
        return ganttKindColor(GanttKind::PpRecv);
    if (group == QLatin1String("dp"))
        return ganttKindColor(GanttKind::DpComm);
    if (group == QLatin1String("ep"))
        return ganttKindColor(GanttKind::EpComm);
    if (group == QLatin1String("cp"))
        return ganttKindColor(GanttKind::CpComm);
    if (group == QLatin1String("edp"))
        return ganttKindColor(GanttKind::DpComm).darker(160); // the experts' share of the dp gradients
    if (group == QLatin1String("offload"))
        return ganttKindColor(GanttKind::DeviceToHost);
    return QColor(0x99, 0x99, 0x99);
}

QString BandwidthChart::groupName(const QString& group)
{
    if (group == QLatin1String("tp"))
        return tr("Tensor parallel (tp)");
    if (group == QLatin1String("pp"))
        return tr("Pipeline parallel (pp)");
    if (group == QLatin1String("dp"))
        return tr("Data parallel (dp)");
    if (group == QLatin1String("ep"))
        return tr("Expert parallel (ep)");
    if (group == QLatin1String("cp"))
        return tr("Context parallel (cp)");
    if (group == QLatin1String("edp"))
        return tr("Expert data parallel (edp)");
    if (group == QLatin1String("offload"))
        return tr("Offload (PCIe)");
    return group;
}

void BandwidthChart::resetData(const Result& result)
{
    m_utilization = result.step.time_s > 0;
    m_bottleneck = QString::fromStdString(result.comm.bottleneck_link);
    const bool linkLimited = result.bottleneck.kind == "link" || result.bottleneck.kind == "pcie";
    if (linkLimited && !result.bottleneck.id.empty())
        m_bottleneck = QString::fromStdString(result.bottleneck.id);
    // Until the step is simulated the busiest link is the best guess at the bottleneck; once it is, the
    // busiest link is the bottleneck only when the step model says a link limits the step.
    m_limitsStep = linkLimited || result.bottleneck.kind.empty();

    // The busiest links first (utilisation is busy time over one step time, so both sort alike; ties in
    // the result's order), only as many as can ever be shown, and the bottleneck: a cluster of 100k GPUs
    // loads half a million links.
    const std::vector<CommLink>& rows = result.comm.links;
    // Busy times from the engine's compact column when it has one (32 bytes a link, read in order), else
    // from the rows.
    const bool column = result.comm.link_loads.size() == rows.size();
    const auto busy = [&](std::size_t k) {
        return column ? result.comm.link_loads[k].busy_s : rows[k].busy_s;
    };
    // The kept ones in a heap whose top is the least busy of them (the later row on ties).
    using Entry = std::pair<double, std::size_t>;
    const auto busier = [](const Entry& a, const Entry& b) {
        return a.first > b.first || (a.first == b.first && a.second < b.second);
    };
    std::vector<Entry> top;
    top.reserve(maxLinkRows);
    m_linkCount = 0;
    for (std::size_t k = 0; k < rows.size(); ++k) {
        const double b = busy(k);
        if (!(b > 0))
            continue;
        ++m_linkCount;
        if (top.size() < std::size_t(maxLinkRows)) {
            top.emplace_back(b, k);
            std::push_heap(top.begin(), top.end(), busier);
        } else if (busier({b, k}, top.front())) {
            std::pop_heap(top.begin(), top.end(), busier);
            top.back() = {b, k};
            std::push_heap(top.begin(), top.end(), busier);
        }
    }
    std::sort_heap(top.begin(), top.end(), busier);
    m_links.clear();
    const std::string bottleneck = m_bottleneck.toStdString();
    bool haveBottleneck = false;
    for (const Entry& e : top) {
        m_links.push_back(rows[e.second]);
        haveBottleneck = haveBottleneck || rows[e.second].id == bottleneck;
    }
    // A quiet link the step model blames: looked for by its id, the rare case.
    if (!haveBottleneck && !bottleneck.empty())
        for (std::size_t k = 0; k < rows.size(); ++k)
            if (busy(k) > 0 && rows[k].id == bottleneck) {
                m_links.push_back(rows[k]);
                break;
            }
    m_collectives = collectiveFigures(result.comm.collectives);
    m_collectiveIndex.resize(m_collectives.size());
    for (std::size_t i = 0; i < m_collectiveIndex.size(); ++i)
        m_collectiveIndex[i] = int(i);
    rebuild();
}

int BandwidthChart::rowsThatFit() const
{
    // Larger type in presentation mode needs taller rows.
    const double scale = m_presentation.scale();
    // What is not bars: two titles, two legends (as wrapped for this width), two value axes with their tick
    // labels and titles, and margins. The collectives all get a row (plus one, rebuild's stretch factor);
    // the links take what is left up to 60 % of it, at least one, so a small tab (the Explain dock beside
    // it) does not squeeze link rows onto each other.
    const QCPAxis* axis = m_linkRect->axis(QCPAxis::atBottom);
    const double axes = 2 * (QFontMetricsF(axis->tickLabelFont()).height() +
                             QFontMetricsF(axis->labelFont()).height() + 20 * scale);
    const double titles = 3 * QFontMetricsF(m_linkTitle->font()).height() + 12;
    const double fixed = titles + legend->minimumOuterSizeHint().height() +
                         m_groupLegend->minimumOuterSizeHint().height() + axes + 16;
    const int collectiveRows = int(std::max<std::size_t>(m_collectives.size(), 3)) + 1;
    const int rows = int((height() - fixed) / (rowPixels * scale));
    return std::clamp(std::min(rows - collectiveRows, rows * 3 / 5), 1, maxLinkRows); // links: at most 60 %
}

void BandwidthChart::rebuild()
{
    for (QCPAbstractItem* item : m_items)
        removeItem(item);
    m_items.clear();
    m_markLabel = nullptr;
    fitLegends();
    m_rows = rowsThatFit();

    chooseShownLinks();
    drawLinks();
    if (m_bottleneckRow >= 0)
        markBottleneck();
    if (m_shown.empty()) {
        auto* note = new QCPItemText(this);
        note->setClipAxisRect(m_linkRect);
        note->position->setType(QCPItemPosition::ptAxisRectRatio);
        note->position->setAxisRect(m_linkRect);
        note->position->setCoords(0.5, 0.5);
        note->setText(tr("No link carries traffic in this step"));
        note->setColor(palette().color(QPalette::PlaceholderText));
        m_items.push_back(note);
    }
    sortCollectives();
    drawCollectives();

    plotLayout()->setRowStretchFactors({0.001, 0.001, double(std::max<std::size_t>(m_shown.size(), 4)), 0.001,
                                        0.001, double(std::max<std::size_t>(m_collectives.size(), 3)) + 1});
    fitLegends();
    updateTitles();
    replot(QCustomPlot::rpQueuedReplot);
}

// Links, the busiest first, as many as fit; the bottleneck is always among them.
void BandwidthChart::chooseShownLinks()
{
    m_shown.assign(m_links.begin(),
                   m_links.begin() + std::min<std::ptrdiff_t>(m_rows, std::ptrdiff_t(m_links.size())));
    m_bottleneckRow = -1;
    for (std::size_t r = 0; r < m_shown.size(); ++r)
        if (QString::fromStdString(m_shown[r].id) == m_bottleneck)
            m_bottleneckRow = int(r);
    if (m_bottleneckRow < 0 && !m_bottleneck.isEmpty() && !m_shown.empty()) {
        for (const CommLink& link : m_links)
            if (QString::fromStdString(link.id) == m_bottleneck) {
                m_shown.back() = link;
                m_bottleneckRow = int(m_shown.size()) - 1;
            }
    }
}

// The shown links' bars by class, their row labels, and the value axis: utilisation, or busy time until the
// step is simulated.
void BandwidthChart::drawLinks()
{
    std::map<int, QVector<double>> keys;
    std::map<int, QVector<double>> values;
    auto linkTicker = QSharedPointer<QCPAxisTickerText>::create();
    double top = 0;
    for (std::size_t r = 0; r < m_shown.size(); ++r) {
        const int cls = classOf(m_shown[r].kind);
        keys[cls].push_back(double(r));
        values[cls].push_back(linkValue(int(r)));
        top = std::max(top, linkValue(int(r)));
        linkTicker->addTick(double(r), rowLabel(m_shown[r]));
    }
    legend->clearItems();
    for (auto& [cls, bars] : m_kindBars) {
        bars->setData(keys[cls], values[cls], true);
        bars->setVisible(!keys[cls].isEmpty());
        if (!keys[cls].isEmpty())
            bars->addToLegend(legend);
    }
    QCPAxis* linkKey = m_linkRect->axis(QCPAxis::atLeft);
    QCPAxis* linkValueAxis = m_linkRect->axis(QCPAxis::atBottom);
    linkKey->setTicker(linkTicker);
    linkKey->setRange(-0.6, std::max(double(m_shown.size()), 4.0) - 0.4);
    if (m_utilization) {
        linkValueAxis->setTicker(QSharedPointer<QCPAxisTicker>(new PercentTicker));
        // At least 0-5 %, so a nearly idle link looks nearly idle rather than full.
        m_linkUpper = std::clamp(top * 1.35, 0.05, 1.35);
        linkValueAxis->setLabel(tr("Utilisation: busy time ÷ step time"));
    } else {
        linkValueAxis->setTicker(QSharedPointer<QCPAxisTicker>(new SecondsTicker));
        m_linkUpper = top > 0 ? top * 1.35 : 1e-3;
        linkValueAxis->setLabel(tr("Busy time per step"));
    }
    linkValueAxis->setRange(0, m_linkUpper);
}

// The bottleneck's bar outlined and named: red when it limits the step, grey when it is only the busiest.
void BandwidthChart::markBottleneck()
{
    QCPAxis* linkKey = m_linkRect->axis(QCPAxis::atLeft);
    QCPAxis* linkValueAxis = m_linkRect->axis(QCPAxis::atBottom);
    const double value = linkValue(m_bottleneckRow);
    auto* outline = new QCPItemRect(this);
    outline->setClipAxisRect(m_linkRect);
    outline->topLeft->setAxes(linkValueAxis, linkKey);
    outline->bottomRight->setAxes(linkValueAxis, linkKey);
    outline->topLeft->setCoords(0, m_bottleneckRow - barWidth / 2 - 0.08);
    outline->bottomRight->setCoords(value, m_bottleneckRow + barWidth / 2 + 0.08);
    const QColor mark = m_limitsStep ? alertColor() : QColor(0x44, 0x44, 0x44);
    outline->setPen(QPen(mark, m_limitsStep ? 2.5 : 1.5));
    outline->setAntialiased(false);
    m_items.push_back(outline);
    auto* label = new QCPItemText(this);
    label->setClipAxisRect(m_linkRect);
    label->position->setAxes(linkValueAxis, linkKey);
    label->position->setCoords(value, m_bottleneckRow);
    label->setPositionAlignment(Qt::AlignLeft | Qt::AlignVCenter);
    label->setPadding(QMargins(6, 0, 0, 0));
    label->setText(m_limitsStep ? tr("◀ Bottleneck") : tr("◀ Busiest link"));
    label->setColor(mark);
    QFont bold = font();
    bold.setBold(true);
    label->setFont(bold);
    m_items.push_back(label);
    m_markLabel = label;
}

// Collectives grouped tp, ep, cp, pp, dp, edp, offload in that order (the step timeline's streams). The
// result's index travels with each row: a click names the collective in Result::comm.collectives.
void BandwidthChart::sortCollectives()
{
    std::vector<std::size_t> order(m_collectives.size());
    for (std::size_t i = 0; i < order.size(); ++i)
        order[i] = i;
    const auto rank = [](const std::string& group) {
        for (std::size_t k = 0; k < std::size(groupOrder); ++k)
            if (group == groupOrder[k])
                return int(k);
        return int(std::size(groupOrder));
    };
    std::stable_sort(order.begin(), order.end(), [&](std::size_t a, std::size_t b) {
        return rank(m_collectives[a].group) < rank(m_collectives[b].group);
    });
    std::vector<CommCollective> sorted;
    std::vector<int> sortedIndex;
    for (std::size_t i : order) {
        sorted.push_back(std::move(m_collectives[i]));
        sortedIndex.push_back(m_collectiveIndex[i]);
    }
    m_collectives = std::move(sorted);
    m_collectiveIndex = std::move(sortedIndex);
}

// The collectives' bars by group: seconds per step, each row named by its group, operation and algorithm.
void BandwidthChart::drawCollectives()
{
    std::map<QString, QVector<double>> gkeys;
    std::map<QString, QVector<double>> gvalues;
    auto collectiveTicker = QSharedPointer<QCPAxisTickerText>::create();
    double longest = 0;
    for (std::size_t r = 0; r < m_collectives.size(); ++r) {
        const CommCollective& c = m_collectives[r];
        const QString group = QString::fromStdString(c.group);
        gkeys[group].push_back(double(r));
        gvalues[group].push_back(collectiveValue(int(r)));
        longest = std::max(longest, collectiveValue(int(r)));
        collectiveTicker->addTick(
            double(r),
            tr("%1 %2 (%3)").arg(group, QString::fromStdString(c.op), QString::fromStdString(c.algorithm)));
    }
    m_groupLegend->clearItems();
    for (const char* g : groupOrder) {
        const QString group = QLatin1String(g);
        QCPBars* bars = m_groupBars[group];
        bars->setData(gkeys[group], gvalues[group], true);
        bars->setVisible(!gkeys[group].isEmpty());
        if (!gkeys[group].isEmpty())
            bars->addToLegend(m_groupLegend);
    }
    QCPAxis* cKey = m_collectiveRect->axis(QCPAxis::atLeft);
    cKey->setTicker(collectiveTicker);
    cKey->setRange(-0.6, std::max(double(m_collectives.size()), 3.0) - 0.4);
    m_collectiveRect->axis(QCPAxis::atBottom)->setRange(0, longest > 0 ? longest * 1.15 : 1e-3);
}

// Once the layout knows the link rect's width, the value axis leaves room right of the marked bar for its
// label: in a narrow tab (the Explain dock beside it) the usual 35 % headroom clips "◀ Bottleneck".
void BandwidthChart::fitMarkLabel()
{
    if (!m_markLabel)
        return;
    const double width = m_linkRect->width();
    const double label = QFontMetricsF(m_markLabel->font()).horizontalAdvance(m_markLabel->text()) +
                         m_markLabel->padding().left() + 8;
    double upper = m_linkUpper;
    if (width > 2 * label) // narrower still, the bar keeps at least half the width and the label is clipped
        upper = std::max(upper, linkValue(m_bottleneckRow) * width / (width - label));
    QCPAxis* axis = m_linkRect->axis(QCPAxis::atBottom);
    if (axis->range().upper != upper) {
        axis->setRange(0, upper);
        m_linkRect->update(QCPLayoutElement::upPreparation); // the ticks of the new range, in this replot
    }
}

// As many legend items to a row as the width takes, at most legendWrap, so none is cut at its end; and
// fewer value ticks in a narrow chart, so that "400 ms" and "600 ms" do not run into each other.
void BandwidthChart::fitLegends()
{
    const int ticks = std::clamp(int(width() / (110 * m_presentation.scale())), 2, 5);
    for (QCPAxisRect* rect : {m_linkRect, m_collectiveRect})
        rect->axis(QCPAxis::atBottom)->ticker()->setTickCount(ticks);
    for (QCPLegend* l : {legend, m_groupLegend})
        fitLegendWrap(l, legendWraps(legendWrap), width() - 16); // the legend row's margins
}

double BandwidthChart::linkValue(int row) const
{
    if (row < 0 || row >= int(m_shown.size()))
        return 0;
    return m_utilization ? std::clamp(m_shown[std::size_t(row)].utilization, 0.0, 1.0)
                         : m_shown[std::size_t(row)].busy_s;
}

QColor BandwidthChart::linkColor(int row) const
{
    return row >= 0 && row < int(m_shown.size()) ? linkKindColor(m_shown[std::size_t(row)].kind) : QColor();
}

double BandwidthChart::collectiveValue(int row) const
{
    if (row < 0 || row >= int(m_collectives.size()))
        return 0;
    const CommCollective& c = m_collectives[std::size_t(row)];
    return c.time_s * double(c.count_per_step);
}

int BandwidthChart::collectiveIndex(int row) const
{
    return row >= 0 && row < int(m_collectiveIndex.size()) ? m_collectiveIndex[std::size_t(row)] : -1;
}

QColor BandwidthChart::collectiveColor(int row) const
{
    return row >= 0 && row < int(m_collectives.size())
               ? groupColor(QString::fromStdString(m_collectives[std::size_t(row)].group))
               : QColor();
}

void BandwidthChart::setStale(bool stale)
{
    if (stale == m_stale)
        return;
    m_stale = stale;
    updateTitles();
    replot(QCustomPlot::rpQueuedReplot);
}

QString BandwidthChart::linkTitle() const
{
    return m_linkTitle->text();
}

void BandwidthChart::updateTitles()
{
    QString links = m_utilization ? tr("Busiest links: utilisation over the step")
                                  : tr("Busiest links: busy time per step (the step is not simulated yet)");
    if (int(m_shown.size()) < totalLinks())
        links += QLatin1Char('\n') + tr("(%1 of %2 links that carry traffic)")
                                         .arg(QLocale().toString(qlonglong(m_shown.size())),
                                              QLocale().toString(qlonglong(totalLinks())));
    QString collectives = tr("Communication time per step, by collective");
    if (m_stale) {
        links = tr("%1 (last valid scenario)").arg(links);
        collectives = tr("%1 (last valid scenario)").arg(collectives);
    }
    const QColor text = m_stale ? alertColor() : palette().color(QPalette::WindowText);
    m_linkTitle->setText(links);
    m_linkTitle->setTextColor(text);
    m_collectiveTitle->setText(collectives);
    m_collectiveTitle->setTextColor(text);
}

int BandwidthChart::linkRowAt(const QPointF& pos) const
{
    return rowAt(m_linkRect, pos, int(m_shown.size()));
}

int BandwidthChart::collectiveRowAt(const QPointF& pos) const
{
    return rowAt(m_collectiveRect, pos, int(m_collectives.size()));
}

QPointF BandwidthChart::linkBarCenter(int row) const
{
    if (row < 0 || row >= int(m_shown.size()))
        return {};
    return {m_linkRect->axis(QCPAxis::atBottom)->coordToPixel(linkValue(row) / 2),
            m_linkRect->axis(QCPAxis::atLeft)->coordToPixel(row)};
}

QPointF BandwidthChart::collectiveBarCenter(int row) const
{
    if (row < 0 || row >= int(m_collectives.size()))
        return {};
    return {m_collectiveRect->axis(QCPAxis::atBottom)->coordToPixel(collectiveValue(row) / 2),
            m_collectiveRect->axis(QCPAxis::atLeft)->coordToPixel(row)};
}

QString BandwidthChart::toolTipAt(const QPointF& pos) const
{
    if (const int row = linkRowAt(pos); row >= 0) {
        const CommLink& link = m_shown[std::size_t(row)];
        QString text = tr("%1 ↔ %2 (%3)")
                           .arg(QString::fromStdString(link.a), QString::fromStdString(link.b),
                                QString::fromStdString(link.kind));
        text += QLatin1Char('\n') +
                tr("Bandwidth: %1 per direction").arg(quantityText(link.bandwidth_Bps, Unit::BytesPerSecond));
        text +=
            QLatin1Char('\n') + tr("Bytes per step: %1").arg(quantityText(link.bytes_per_step, Unit::Bytes));
        text +=
            QLatin1Char('\n') + tr("Busy time per step: %1").arg(quantityText(link.busy_s, Unit::Seconds));
        if (m_utilization)
            text += QLatin1Char('\n') +
                    tr("Utilisation: %1% of the step").arg(localeNumber(link.utilization * 100, 1));
        if (row == m_bottleneckRow)
            text += QLatin1Char('\n') + (m_limitsStep
                                             ? tr("The bottleneck link of the step")
                                             : tr("The busiest link; the step is limited by something else"));
        return text + QLatin1Char('\n') + tr("Click for the formula");
    }
    if (const int row = collectiveRowAt(pos); row >= 0) {
        const CommCollective& c = m_collectives[std::size_t(row)];
        QString text = tr("%1: %2, %3")
                           .arg(groupName(QString::fromStdString(c.group)), QString::fromStdString(c.op),
                                QString::fromStdString(c.algorithm));
        text += QLatin1Char('\n') +
                tr("%1 per call, %2 per step × %3 calls = %4")
                    .arg(quantityText(c.bytes, Unit::Bytes), quantityText(c.time_s, Unit::Seconds))
                    .arg(c.count_per_step)
                    .arg(quantityText(collectiveValue(row), Unit::Seconds));
        text += QLatin1Char('\n') + tr("%1 ranks per group, %2 groups at once").arg(c.ranks).arg(c.groups);
        if (c.busbw_Bps > 0)
            text += QLatin1Char('\n') +
                    tr("Bus bandwidth: %1").arg(quantityText(c.busbw_Bps, Unit::BytesPerSecond));
        if (!c.bottleneck_link.empty())
            text +=
                QLatin1Char('\n') + tr("Bottleneck link: %1").arg(QString::fromStdString(c.bottleneck_link));
        return text + QLatin1Char('\n') + tr("Click for the formula");
    }
    return {};
}

void BandwidthChart::onMouseMove(QMouseEvent* event)
{
    const QString text = toolTipAt(event->position());
    if (text.isEmpty()) {
        QToolTip::hideText();
        unsetCursor();
    } else {
        QToolTip::showText(event->globalPosition().toPoint(), text, this);
        setCursor(Qt::PointingHandCursor);
    }
}

void BandwidthChart::mousePressEvent(QMouseEvent* event)
{
    QCustomPlot::mousePressEvent(event);
    if (event->button() != Qt::LeftButton)
        return;
    m_pressed = true;
    m_pressPos = event->position();
}

// A click is a left press and release on the same bar without moving past the drag threshold (as in the
// step timeline), so a stray drag across the chart asks for nothing.
void BandwidthChart::mouseReleaseEvent(QMouseEvent* event)
{
    QCustomPlot::mouseReleaseEvent(event);
    if (event->button() != Qt::LeftButton || !m_pressed)
        return;
    m_pressed = false;
    const QPointF pos = event->position();
    if ((pos - m_pressPos).manhattanLength() >= dragThresholdPixels)
        return;
    if (const int row = linkRowAt(pos); row >= 0 && row == linkRowAt(m_pressPos))
        emit linkClicked(QString::fromStdString(m_shown[std::size_t(row)].id));
    else if (const int crow = collectiveRowAt(pos); crow >= 0 && crow == collectiveRowAt(m_pressPos))
        emit collectiveClicked(collectiveIndex(crow));
}

void BandwidthChart::setPresentationScale(double scale)
{
    m_presentation.setScale(this, scale);
    if (rowsThatFit() != m_rows)
        rebuild();
    else
        fitLegends(); // larger type, wider legend items
}

void BandwidthChart::resizeEvent(QResizeEvent* event)
{
    QCustomPlot::resizeEvent(event);
    fitLegends();
    if (rowsThatFit() != m_rows)
        rebuild();
}

void BandwidthChart::changeEvent(QEvent* event)
{
    QCustomPlot::changeEvent(event);
    if (event->type() == QEvent::PaletteChange || event->type() == QEvent::StyleChange) {
        applyPalette();
        replot(QCustomPlot::rpQueuedReplot);
    }
    if (event->type() == QEvent::LanguageChange)
        retranslate();
}

// View > Language: the legends, the axes, the marks and the titles in the new language.
void BandwidthChart::retranslate()
{
    for (auto& [cls, bars] : m_kindBars)
        if (cls >= 0 && cls < int(std::size(classSamples)))
            bars->setName(linkKindClassName(classSamples[cls]));
    for (auto& [group, bars] : m_groupBars)
        bars->setName(groupName(group));
    m_collectiveRect->axis(QCPAxis::atBottom)
        ->setLabel(tr("Time per step: calls × time per call, not overlapped"));
    rebuild();
}

// Follows the widget palette so the chart reads in dark themes.
void BandwidthChart::applyPalette()
{
    const ChartInk ink = applyChartInk(this, m_linkRect->axes() + m_collectiveRect->axes());
    for (QCPLegend* l : {legend, m_groupLegend})
        applyLegendInk(l, ink, LegendFill::Veiled);
    if (m_linkTitle)
        updateTitles();
}

} // namespace ss
