// SPDX-License-Identifier: GPL-3.0-or-later
#include "plotpresentation.h"

#include "presentationmode.h"

#include <qcustomplot.h>

#include <algorithm>
#include <cmath>

namespace ss {

namespace {

double fontSize(const QFont& font)
{
    return font.pointSizeF() > 0 ? font.pointSizeF() : font.pixelSize();
}

} // namespace

PlotPresentation::PlotPresentation() : m_madeAt(PresentationMode::applicationScale()) {}

PlotPresentation::~PlotPresentation()
{
    QObject::disconnect(m_connection);
}

void PlotPresentation::setScale(QCustomPlot* plot, double scale)
{
    if (!plot || !(scale > 0) || !std::isfinite(scale))
        return;
    if (!m_connection) {
        m_plot = plot;
        // What the chart sets or adds later is scaled before it is laid out and drawn.
        m_connection = QObject::connect(plot, &QCustomPlot::beforeReplot, plot, [this] {
            if (m_plot && m_scale != 1)
                apply(m_plot);
        });
    }
    if (scale == m_scale)
        return;
    // Leaving scale 1, everything on show is at its usual size, text items too (its fonts divided by
    // m_madeAt, the first time, for a chart made while presenting).
    if (m_scale == 1) {
        apply(plot);
        m_madeAt = 1;
    }
    m_scale = scale;
    apply(plot);
    plot->replot(QCustomPlot::rpQueuedReplot);
}

PlotPresentation::Entry& PlotPresentation::entry(QObject* object, std::size_t values, bool* fresh)
{
    auto it = m_entries.find(object);
    // A deleted object's address may be reused by a new one: its QPointer tells them apart.
    *fresh = it == m_entries.end() || it->second.object.isNull() || it->second.values.size() != values;
    if (*fresh) {
        Entry& e = m_entries[object];
        e.object = object;
        e.values.assign(values, Value{});
        return e;
    }
    return it->second;
}

double PlotPresentation::scaled(Value& value, double current, bool fresh, Kind kind) const
{
    if (fresh || current != value.applied) {
        // Set by the chart since (or new): its size at scale 1. A font new to us may have been made from the
        // enlarged application font: by the chart while presenting (m_madeAt), or by QCustomPlot while
        // scaled (m_scale; m_madeAt is 1 by then).
        double made = 1;
        if (fresh && kind == Kind::Font)
            made = m_madeAt;
        else if (fresh && kind == Kind::TextItem)
            made = m_madeAt * m_scale;
        value.base = current / made;
    }
    // A zero-width pen is a cosmetic 1-pixel line: scaled, it becomes SCALE pixels wide.
    if (value.base == 0)
        return m_scale == 1 ? 0 : m_scale;
    return value.base * m_scale;
}

QFont PlotPresentation::scaledFont(Value& value, const QFont& font, bool fresh, Kind kind) const
{
    QFont out = font;
    const double size = scaled(value, fontSize(font), fresh, kind);
    if (font.pointSizeF() > 0)
        out.setPointSizeF(size);
    else
        out.setPixelSize(std::max(1, int(std::lround(size))));
    value.applied = fontSize(out);
    return out;
}

QPen PlotPresentation::scaledPen(Value& value, const QPen& pen, bool fresh) const
{
    QPen out = pen;
    out.setWidthF(scaled(value, pen.widthF(), fresh));
    value.applied = out.widthF();
    return out;
}

void PlotPresentation::apply(QCustomPlot* plot)
{
    for (auto it = m_entries.begin(); it != m_entries.end();)
        it = it->second.object.isNull() ? m_entries.erase(it) : std::next(it);
    bool fresh = false;

    for (QCPAxisRect* rect : plot->axisRects()) {
        for (QCPAxis* axis : rect->axes()) {
            std::vector<Value>& v = entry(axis, 5, &fresh).values;
            // An axis takes the widget's font when it is made (a chart may add axes while presenting).
            axis->setLabelFont(scaledFont(v[0], axis->labelFont(), fresh, Kind::TextItem));
            axis->setTickLabelFont(scaledFont(v[1], axis->tickLabelFont(), fresh, Kind::TextItem));
            axis->setBasePen(scaledPen(v[2], axis->basePen(), fresh));
            axis->setTickPen(scaledPen(v[3], axis->tickPen(), fresh));
            axis->setSubTickPen(scaledPen(v[4], axis->subTickPen(), fresh));
            QCPGrid* grid = axis->grid();
            std::vector<Value>& g = entry(grid, 3, &fresh).values;
            grid->setPen(scaledPen(g[0], grid->pen(), fresh));
            grid->setSubGridPen(scaledPen(g[1], grid->subGridPen(), fresh));
            grid->setZeroLinePen(scaledPen(g[2], grid->zeroLinePen(), fresh));
        }
    }

    for (QCPLayoutElement* element : plot->plotLayout()->elements(true)) {
        if (auto* text = qobject_cast<QCPTextElement*>(element)) {
            std::vector<Value>& v = entry(text, 1, &fresh).values;
            text->setFont(scaledFont(v[0], text->font(), fresh, Kind::Font));
        } else if (auto* legend = qobject_cast<QCPLegend*>(element)) {
            // The legend passes its font on to its items, and new items take it.
            std::vector<Value>& v = entry(legend, 3, &fresh).values;
            legend->setFont(scaledFont(v[0], legend->font(), fresh, Kind::Font));
            const double w = scaled(v[1], legend->iconSize().width(), fresh);
            const double h = scaled(v[2], legend->iconSize().height(), fresh);
            legend->setIconSize(int(std::lround(w)), int(std::lround(h)));
            v[1].applied = legend->iconSize().width();
            v[2].applied = legend->iconSize().height();
        }
    }

    for (int i = 0; i < plot->plottableCount(); ++i) {
        QCPAbstractPlottable* plottable = plot->plottable(i);
        if (plottable->property("presentationScaled").toBool())
            continue;
        auto* graph = qobject_cast<QCPGraph*>(plottable);
        std::vector<Value>& v = entry(plottable, graph ? 3 : 1, &fresh).values;
        plottable->setPen(scaledPen(v[0], plottable->pen(), fresh));
        // A scatter's points (the sweep's and the planner's dots and rings) grow with the lines.
        if (graph && !graph->scatterStyle().isNone()) {
            QCPScatterStyle style = graph->scatterStyle();
            style.setSize(scaled(v[1], style.size(), fresh));
            v[1].applied = style.size();
            if (style.isPenDefined())
                style.setPen(scaledPen(v[2], style.pen(), fresh));
            graph->setScatterStyle(style);
        }
    }

    for (int i = 0; i < plot->itemCount(); ++i) {
        QCPAbstractItem* item = plot->item(i);
        if (item->property("presentationScaled").toBool())
            continue;
        if (auto* text = qobject_cast<QCPItemText*>(item)) {
            std::vector<Value>& v = entry(text, 2, &fresh).values;
            text->setFont(scaledFont(v[0], text->font(), fresh, Kind::TextItem));
            text->setPen(scaledPen(v[1], text->pen(), fresh));
        } else if (auto* line = qobject_cast<QCPItemStraightLine*>(item)) {
            std::vector<Value>& v = entry(line, 1, &fresh).values;
            line->setPen(scaledPen(v[0], line->pen(), fresh));
        } else if (auto* segment = qobject_cast<QCPItemLine*>(item)) {
            std::vector<Value>& v = entry(segment, 1, &fresh).values;
            segment->setPen(scaledPen(v[0], segment->pen(), fresh));
        } else if (auto* rect = qobject_cast<QCPItemRect*>(item)) {
            std::vector<Value>& v = entry(rect, 1, &fresh).values;
            rect->setPen(scaledPen(v[0], rect->pen(), fresh));
        } else if (auto* ellipse = qobject_cast<QCPItemEllipse*>(item)) {
            std::vector<Value>& v = entry(ellipse, 1, &fresh).values;
            ellipse->setPen(scaledPen(v[0], ellipse->pen(), fresh));
        } else if (auto* tracer = qobject_cast<QCPItemTracer*>(item)) {
            std::vector<Value>& v = entry(tracer, 2, &fresh).values;
            tracer->setPen(scaledPen(v[0], tracer->pen(), fresh));
            tracer->setSize(scaled(v[1], tracer->size(), fresh));
            v[1].applied = tracer->size();
        }
    }
}

} // namespace ss
