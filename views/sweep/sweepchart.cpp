// SPDX-License-Identifier: GPL-3.0-or-later
#include "sweepchart.h"

#include "chartlayout.h"
#include "chartpalette.h"
#include "fieldnames.h"
#include "fields.h"
#include "unitformat.h"
#include "unittickers.h"

#include <QLocale>
#include <QToolTip>

#include <algorithm>
#include <cmath>

namespace ss {

namespace {

constexpr int maxTickLabels = 10;

bool isLinkParam(const QString& path, QString* kind = nullptr, bool* bandwidth = nullptr)
{
    if (!path.startsWith(QLatin1String("link.")))
        return false;
    for (const bool bw : {true, false}) {
        const QString leaf = bw ? QStringLiteral(".bandwidth_Bps") : QStringLiteral(".efficiency");
        if (path.endsWith(leaf) && path.size() > 5 + leaf.size()) {
            if (kind)
                *kind = path.mid(5, path.size() - 5 - leaf.size());
            if (bandwidth)
                *bandwidth = bw;
            return true;
        }
    }
    return false;
}

// Product names of the link kind prefixes (docs/formats.md, "Topology"); a full kind ("ib-hdr") reads as it
// is written.
QString linkKindName(const QString& kind)
{
    static const std::pair<const char*, const char*> names[] = {
        {"nvlink", "NVLink"}, {"nvswitch", "NVSwitch"}, {"pcie", "PCIe"}, {"qpi", "QPI"},
        {"upi", "UPI"},       {"ib", "InfiniBand"},     {"roce", "RoCE"}, {"ethernet", "Ethernet"}};
    for (const auto& [id, name] : names)
        if (kind == QLatin1String(id))
            return QLatin1String(name);
    if (kind == QLatin1String("host"))
        return SweepChart::tr("Host bridge");
    return kind;
}

QString valueText(double v, MetricKind kind)
{
    if (!std::isfinite(v))
        return QStringLiteral("—");
    if (kind == MetricKind::TokensPerSecond)
        return SweepChart::tr("%1 tokens/s").arg(quantityText(v, Unit::Count, 4));
    return quantityText(v, metricUnit(kind), 4);
}

QString paramValueText(const QString& path, double v)
{
    const Unit unit = SweepChart::paramUnit(path);
    if (unit == Unit::Count || unit == Unit::None) {
        // Whole numbers in full ("8", "2,048" as the locale groups them); a big count as "1.75B".
        if (std::abs(v) < 1e6 && v == std::round(v))
            return QLocale().toString(qint64(v));
    }
    return quantityText(v, unit, 4);
}

QSharedPointer<QCPAxisTicker> tickerFor(MetricKind kind)
{
    switch (kind) {
    case MetricKind::Seconds:
        return QSharedPointer<SecondsTicker>::create();
    case MetricKind::Bytes:
        return QSharedPointer<ByteTicker>::create();
    default:
        return QSharedPointer<QuantityTicker>::create(metricUnit(kind));
    }
}

} // namespace

SweepChart::SweepChart(QWidget* parent) : QCustomPlot(parent)
{
    setObjectName(QStringLiteral("sweepChart"));
    setMinimumSize(320, 240);
    setMouseTracking(true);
    QFont titleFont = font();
    titleFont.setBold(true);
    titleFont.setPointSizeF(titleFont.pointSizeF() * 1.1);
    m_title = new QCPTextElement(this, QString(), titleFont);
    m_note = new QCPTextElement(this, QString(), font());
    plotLayout()->insertRow(0);
    plotLayout()->addElement(0, 0, m_title);
    // The legend in a row of its own under the plot: inside, it would cover the lines wherever they run.
    addWrappedLegendRow(this, 2, 4);
    yAxis2->setVisible(false);
    connect(this, &QCustomPlot::mouseMove, this, &SweepChart::onMouseMove);
    applyPalette();
    rebuild();
}

QString SweepChart::metricLabel(const QString& name)
{
    static const std::pair<const char*, const char*> names[] = {
        {"step.time_s", QT_TR_NOOP("Step time")},
        {"step.tokens_per_s", QT_TR_NOOP("Tokens per second")},
        {"step.mfu", QT_TR_NOOP("MFU")},
        {"memory.peak_gpu_bytes", QT_TR_NOOP("Peak memory per GPU")},
        {"step.exposed_comm_s", QT_TR_NOOP("Exposed communication")},
        {"step.bubble_fraction", QT_TR_NOOP("Pipeline bubble")},
        {"step.compute_s", QT_TR_NOOP("Compute time")},
        {"step.hfu", QT_TR_NOOP("HFU")},
        {"memory.cpu_bytes_per_node", QT_TR_NOOP("Host memory per node")},
        {"memory.nvme_bytes_per_node", QT_TR_NOOP("NVMe per node")},
        {"compute.model_flops_per_step", QT_TR_NOOP("Model FLOPs per step")},
        {"compute.hardware_flops_per_step", QT_TR_NOOP("Hardware FLOPs per step")},
        {"gpus", QT_TR_NOOP("GPUs")},
        {"params_total", QT_TR_NOOP("Parameters")},
        {"microbatches", QT_TR_NOOP("Microbatches")},
    };
    for (const auto& [id, text] : names)
        if (name == QLatin1String(id))
            return tr(text);
    return name;
}

QString SweepChart::paramLabel(const QString& path)
{
    QString kind;
    bool bandwidth = false;
    if (isLinkParam(path, &kind, &bandwidth))
        return bandwidth ? tr("%1 bandwidth").arg(linkKindName(kind))
                         : tr("%1 efficiency").arg(linkKindName(kind));
    if (path == QLatin1String("cluster.gpus"))
        return tr("GPUs");
    return FieldNames::label(path);
}

QColor SweepChart::metricColor(const QString& name)
{
    // Tableau 10 without its red, which marks the points that do not fit.
    static const std::pair<const char*, QRgb> colors[] = {{"step.time_s", 0x1f77b4},
                                                          {"step.tokens_per_s", 0xff7f0e},
                                                          {"step.mfu", 0x2ca02c},
                                                          {"memory.peak_gpu_bytes", 0x9467bd},
                                                          {"step.exposed_comm_s", 0x17becf},
                                                          {"step.bubble_fraction", 0x8c564b},
                                                          {"step.compute_s", 0xbcbd22},
                                                          {"step.hfu", 0x7f7f7f}};
    for (const auto& [id, rgb] : colors)
        if (name == QLatin1String(id))
            return QColor(rgb);
    return QColor::fromHsv(int(qHash(name) % 360), 160, 170);
}

Unit SweepChart::paramUnit(const QString& path)
{
    bool bandwidth = false;
    if (isLinkParam(path, nullptr, &bandwidth))
        return bandwidth ? Unit::BytesPerSecond : Unit::Fraction;
    if (const FieldInfo* field = findField(path.toStdString()))
        return field->unit == Unit::None ? Unit::Count : field->unit;
    return Unit::Count;
}

void SweepChart::resetData(const SweepResult& result, double current, bool log)
{
    m_result = result;
    m_current = current;
    m_log = log;
    rebuild();
    replot(QCustomPlot::rpQueuedReplot);
}

int SweepChart::validPoints() const
{
    return int(
        std::count_if(m_result.rows.begin(), m_result.rows.end(), [](const SweepRow& r) { return r.valid; }));
}

int SweepChart::invalidPoints() const
{
    return int(m_result.rows.size()) - validPoints();
}

int SweepChart::unfitPoints() const
{
    return int(std::count_if(m_result.rows.begin(), m_result.rows.end(),
                             [](const SweepRow& r) { return r.valid && !r.fits; }));
}

QCPGraph* SweepChart::metricGraph(int i) const
{
    return i >= 0 && std::size_t(i) < m_graphs.size() ? m_graphs[std::size_t(i)] : nullptr;
}

QCPGraph* SweepChart::unfitGraph(int i) const
{
    return i >= 0 && std::size_t(i) < m_unfit.size() ? m_unfit[std::size_t(i)] : nullptr;
}

QCPAxis* SweepChart::metricAxis(int i) const
{
    return i >= 0 && std::size_t(i) < m_metricAxes.size() ? m_metricAxes[std::size_t(i)] : nullptr;
}

// One y axis per kind of number: the first on the left, the second on the right, more beside them.
QCPAxis* SweepChart::axisFor(MetricKind kind)
{
    for (const auto& [k, axis] : m_kindAxes)
        if (k == kind)
            return axis;
    QCPAxis* axis = nullptr;
    const std::size_t n = m_kindAxes.size();
    if (n == 0) {
        axis = yAxis;
    } else if (n == 1) {
        axis = yAxis2;
    } else {
        axis = axisRect()->addAxis(n % 2 == 0 ? QCPAxis::atLeft : QCPAxis::atRight);
        m_extraAxes.push_back(axis);
    }
    axis->setVisible(true);
    axis->setTicker(tickerFor(kind));
    axis->setTickLabels(true);
    m_kindAxes.emplace_back(kind, axis);
    return axis;
}

void SweepChart::rebuild()
{
    clearPlot();
    const QString param = QString::fromStdString(m_result.param);
    m_title->setText(param.isEmpty() ? tr("Sweep") : tr("Sweep of %1").arg(paramLabel(param)));
    xAxis->setLabel(param.isEmpty() ? QString() : paramLabel(param));
    const std::vector<double> xs = layoutValueAxis(param);
    addMetricGraphs();
    fitMetricAxes();
    const bool currentShown = addCurrentLine(param, xs);
    updateNote(param, xs, currentShown);
    if (validPoints() == 0) {
        m_emptyText = new QCPItemText(this);
        m_emptyText->position->setType(QCPItemPosition::ptAxisRectRatio);
        m_emptyText->position->setCoords(0.5, 0.5);
        m_emptyText->setColor(palette().color(QPalette::WindowText));
        m_emptyText->setText(m_result.rows.empty()
                                 ? tr("No values to sweep")
                                 : tr("No value of the range gives a scenario that can be evaluated"));
    }
    legend->setVisible(graphCount() > 0);
}

// Everything the last rebuild() drew goes: graphs, items, the axes beyond the first two.
void SweepChart::clearPlot()
{
    clearGraphs();
    clearItems();
    for (QCPAxis* axis : m_extraAxes)
        axisRect()->removeAxis(axis);
    m_extraAxes.clear();
    m_kindAxes.clear();
    m_graphs.clear();
    m_unfit.clear();
    m_metricAxes.clear();
    m_capacity = nullptr;
    m_currentLine = nullptr;
    m_currentLabel = nullptr;
    m_emptyText = nullptr;
    yAxis2->setVisible(false);
    applyPalette();
}

// x: the swept values as ticks (thinned to what fits), on a log scale for a geometric range. Returns the
// values that can be drawn, ascending.
std::vector<double> SweepChart::layoutValueAxis(const QString& param)
{
    xAxis->setScaleType(m_log ? QCPAxis::stLogarithmic : QCPAxis::stLinear);
    auto ticker = QSharedPointer<QCPAxisTickerText>::create();
    std::vector<double> xs;
    for (const SweepRow& row : m_result.rows)
        if (std::isfinite(row.value) && (!m_log || row.value > 0))
            xs.push_back(row.value);
    std::sort(xs.begin(), xs.end());
    const std::size_t every = std::max<std::size_t>(1, (xs.size() + maxTickLabels - 1) / maxTickLabels);
    for (std::size_t i = 0; i < xs.size(); i += every)
        ticker->addTick(xs[i], paramValueText(param, xs[i]));
    xAxis->setTicker(ticker);
    if (!xs.empty()) {
        double lo = xs.front();
        double hi = xs.back();
        if (m_log) {
            const double pad = hi > lo ? std::pow(hi / lo, 0.04) : 1.5;
            xAxis->setRange(lo / pad, hi * pad);
        } else {
            const double pad = hi > lo ? (hi - lo) * 0.04 : std::max(std::abs(lo) * 0.5, 0.5);
            xAxis->setRange(lo - pad, hi + pad);
        }
    }
    return xs;
}

// One line per metric on its kind's axis, the rings of its points that do not fit over it (in the legend
// once), and the GPU's memory beside peak memory.
void SweepChart::addMetricGraphs()
{
    bool unfitInLegend = false;
    for (std::size_t m = 0; m < m_result.metrics.size(); ++m) {
        const QString name = QString::fromStdString(m_result.metrics[m]);
        const MetricKind kind = m < m_result.kinds.size() ? m_result.kinds[m] : MetricKind::Count;
        QCPAxis* axis = axisFor(kind);
        m_metricAxes.push_back(axis);
        const QColor color = metricColor(name);
        QCPGraph* graph = addGraph(xAxis, axis);
        graph->setName(metricLabel(name));
        graph->setPen(QPen(color, 2));
        graph->setScatterStyle(QCPScatterStyle(QCPScatterStyle::ssDisc, color, color, 6));
        QCPGraph* unfit = addGraph(xAxis, axis);
        unfit->setName(tr("Does not fit in GPU memory"));
        unfit->setLineStyle(QCPGraph::lsNone);
        unfit->setScatterStyle(
            QCPScatterStyle(QCPScatterStyle::ssCircle, QPen(alertColor(), 2), Qt::NoBrush, 12));
        for (const SweepRow& row : m_result.rows) {
            // Invalid points are left out (the note says why); the line joins its neighbours across them.
            if (!row.valid || m >= row.metrics.size() || !std::isfinite(row.metrics[m]))
                continue;
            if (m_log && row.value <= 0)
                continue;
            graph->addData(row.value, row.metrics[m]);
            if (!row.fits)
                unfit->addData(row.value, row.metrics[m]);
        }
        if (unfit->dataCount() > 0 && !unfitInLegend)
            unfitInLegend = true;
        else
            unfit->removeFromLegend();
        m_graphs.push_back(graph);
        m_unfit.push_back(unfit);
        // The GPU's memory beside peak memory: where the rings come from.
        if (name == QLatin1String("memory.peak_gpu_bytes") && !m_capacity) {
            m_capacity = addGraph(xAxis, axis);
            m_capacity->setName(tr("GPU memory"));
            m_capacity->setPen(QPen(alertColor(), 1.5, Qt::DashLine));
            for (const SweepRow& row : m_result.rows)
                if (row.valid && std::isfinite(row.capacity_bytes) && (!m_log || row.value > 0))
                    m_capacity->addData(row.value, row.capacity_bytes);
        }
    }
    // Unfit rings above the lines they mark.
    for (QCPGraph* unfit : m_unfit)
        unfit->setLayer(QStringLiteral("main"));
}

// y ranges: from 0 (these are amounts), a little headroom above the highest point of the axis. Each axis
// is labelled with the metrics it measures.
void SweepChart::fitMetricAxes()
{
    for (const auto& [kind, axis] : m_kindAxes) {
        double hi = 0;
        bool any = false;
        for (int g = 0; g < graphCount(); ++g) {
            QCPGraph* gr = graph(g);
            if (gr->valueAxis() != axis)
                continue;
            bool found = false;
            const QCPRange range = gr->getValueRange(found);
            if (found) {
                hi = std::max(hi, range.upper);
                any = true;
            }
        }
        if (kind == MetricKind::Fraction)
            hi = std::max(hi, any ? hi : 1.0);
        axis->setRange(0, any && hi > 0 ? hi * 1.08 : 1);
        QStringList names;
        QColor only;
        int count = 0;
        for (std::size_t m = 0; m < m_metricAxes.size(); ++m) {
            if (m_metricAxes[m] != axis)
                continue;
            names << metricLabel(QString::fromStdString(m_result.metrics[m]));
            only = metricColor(QString::fromStdString(m_result.metrics[m]));
            ++count;
        }
        QString label = names.join(QStringLiteral(", "));
        if (kind == MetricKind::TokensPerSecond)
            label = tr("%1 (tokens/s)").arg(label);
        axis->setLabel(label);
        // An axis of one metric speaks in its colour, so a reader knows which line it measures.
        if (count == 1)
            axis->setLabelColor(only);
    }
}

// The scenario's current value as a vertical line with its value beside it, when it lies on the x axis.
bool SweepChart::addCurrentLine(const QString& param, const std::vector<double>& xs)
{
    const bool currentShown = std::isfinite(m_current) && !xs.empty() && (!m_log || m_current > 0) &&
                              m_current >= xAxis->range().lower && m_current <= xAxis->range().upper;
    if (!currentShown)
        return false;
    const QColor text = palette().color(QPalette::WindowText);
    m_currentLine = new QCPItemStraightLine(this);
    m_currentLine->setObjectName(QStringLiteral("currentValueLine"));
    m_currentLine->setPen(QPen(text, 1.5, Qt::DashDotLine));
    m_currentLine->point1->setCoords(m_current, 0);
    m_currentLine->point2->setCoords(m_current, 1);
    m_currentLabel = new QCPItemText(this);
    m_currentLabel->position->setTypeX(QCPItemPosition::ptPlotCoords);
    m_currentLabel->position->setTypeY(QCPItemPosition::ptAxisRectRatio);
    m_currentLabel->position->setCoords(m_current, 0);
    m_currentLabel->setPositionAlignment(Qt::AlignLeft | Qt::AlignTop);
    m_currentLabel->setPadding(QMargins(4, 2, 4, 2));
    m_currentLabel->setColor(text);
    m_currentLabel->setText(tr("current: %1").arg(paramValueText(param, m_current)));
    m_currentLabel->setClipToAxisRect(false);
    return true;
}

// The note: invalid points and why (the first reason; the tooltip of each point has its own), and a current
// value outside the range. Its row exists only while there is something to say.
void SweepChart::updateNote(const QString& param, const std::vector<double>& xs, bool currentShown)
{
    const int invalid = invalidPoints();
    m_noteText.clear();
    if (invalid > 0) {
        const auto first = std::find_if(m_result.rows.begin(), m_result.rows.end(),
                                        [](const SweepRow& r) { return !r.valid; });
        m_noteText = tr("%n of %1 values left out: ", nullptr, invalid).arg(m_result.rows.size()) +
                     tr("%1 = %2: %3")
                         .arg(paramLabel(param), paramValueText(param, first->value),
                              QString::fromStdString(first->problem));
    }
    if (std::isfinite(m_current) && !xs.empty() && !currentShown)
        m_noteText +=
            (m_noteText.isEmpty() ? QString() : QStringLiteral("  ")) +
            tr("The current value, %1, is outside the range.").arg(paramValueText(param, m_current));
    QFontMetrics metrics(m_note->font());
    m_note->setText(metrics.elidedText(m_noteText, Qt::ElideRight, std::max(200, width() - 40)));
    m_note->setTextColor(palette().color(QPalette::WindowText));
    // An empty text element would still take a line.
    const bool noteShown = plotLayout()->hasElement(1, 0) && plotLayout()->element(1, 0) == m_note;
    if (!m_noteText.isEmpty() && !noteShown) {
        plotLayout()->insertRow(1);
        plotLayout()->addElement(1, 0, m_note);
    } else if (m_noteText.isEmpty() && noteShown) {
        plotLayout()->take(m_note);
        plotLayout()->simplify();
    }
    for (int row = 0; row < plotLayout()->rowCount(); ++row)
        plotLayout()->setRowStretchFactor(row, plotLayout()->element(row, 0) == axisRect() ? 1 : 0.001);
}

void SweepChart::applyPalette()
{
    const ChartInk ink = applyChartInk(this, axisRect()->axes());
    // Only the x axis and the first y axis draw a grid; more grids would cross each other.
    for (QCPAxis* axis : axisRect()->axes())
        axis->grid()->setVisible(axis == xAxis || axis == yAxis);
    applyLegendInk(legend, ink, LegendFill::Veiled, true);
    m_title->setTextColor(ink.text);
    m_note->setTextColor(ink.text);
}

void SweepChart::setPresentationScale(double scale)
{
    m_presentation.setScale(this, scale);
    // The note is elided to the chart's width in its font, which is larger or smaller now.
    const QFontMetrics metrics(m_note->font());
    m_note->setText(metrics.elidedText(m_noteText, Qt::ElideRight, std::max(200, width() - 40)));
}

void SweepChart::changeEvent(QEvent* event)
{
    QCustomPlot::changeEvent(event);
    // View > Language: every word of the chart is set in rebuild() as well.
    if (event->type() == QEvent::PaletteChange || event->type() == QEvent::StyleChange ||
        event->type() == QEvent::LanguageChange) {
        rebuild(); // recolours everything, the axis labels in their metrics' colours included
        replot(QCustomPlot::rpQueuedReplot);
    }
}

QString SweepChart::toolTipAt(const QPointF& pos) const
{
    if (!axisRect()->rect().contains(pos.toPoint()) || m_result.rows.empty())
        return {};
    const QString param = QString::fromStdString(m_result.param);
    const SweepRow* nearest = nullptr;
    double best = 12; // pixels
    for (const SweepRow& row : m_result.rows) {
        if (!std::isfinite(row.value) || (m_log && row.value <= 0))
            continue;
        const double d = std::abs(xAxis->coordToPixel(row.value) - pos.x());
        if (d <= best) {
            best = d;
            nearest = &row;
        }
    }
    if (!nearest)
        return {};
    QStringList lines;
    lines << tr("%1 = %2").arg(paramLabel(param), paramValueText(param, nearest->value));
    if (!nearest->valid) {
        lines << tr("Left out: %1").arg(QString::fromStdString(nearest->problem));
        return lines.join(QLatin1Char('\n'));
    }
    for (std::size_t m = 0; m < m_result.metrics.size() && m < nearest->metrics.size(); ++m)
        lines << tr("%1: %2").arg(metricLabel(QString::fromStdString(m_result.metrics[m])),
                                  valueText(nearest->metrics[m], m_result.kinds[m]));
    if (!nearest->fits)
        lines << tr("Does not fit: %1 needed, the GPU has %2")
                     .arg(quantityText(nearest->peak_gpu_bytes, Unit::Bytes, 4),
                          quantityText(nearest->capacity_bytes, Unit::Bytes, 4));
    return lines.join(QLatin1Char('\n'));
}

void SweepChart::onMouseMove(QMouseEvent* event)
{
    const QString tip = toolTipAt(event->position());
    if (tip.isEmpty())
        QToolTip::hideText();
    else
        QToolTip::showText(event->globalPosition().toPoint(), tip, this);
}

} // namespace ss
