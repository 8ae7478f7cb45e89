// SPDX-License-Identifier: GPL-3.0-or-later
// Presentation mode for a QCustomPlot chart: every font (titles, legend, axis labels, tick
// labels, text items) and every line (axes, grids, bar and graph outlines, items) SCALE times its usual
// size, for a projector. One instance per chart; the chart's setPresentationScale() calls setScale().
//
// It keeps each value's size at scale 1 and only ever sets base × scale, so going back to 1 restores the
// chart exactly. Charts keep styling themselves as usual (a palette change sets 1-pixel axis pens again, a
// new result adds bars and labels): on the next replot such a value, differing from what was last set, is
// taken as the new size at scale 1 and scaled. A text item or an axis first seen while scaled is taken to be
// made from the (already enlarged) application font, as QCustomPlot makes them. A chart made while
// presentation mode was on (a dialog opened during a talk) has fonts made from the enlarged application
// font: their usual size is theirs divided by PresentationMode::applicationScale() at the chart's making.
// Graphs' scatter points grow with their lines. Items that scale themselves carry the dynamic property
// "presentationScaled" and are left alone.
#pragma once

#include <QMetaObject>
#include <QPointer>

#include <unordered_map>
#include <vector>

class QCustomPlot;
class QFont;
class QPen;

namespace ss {

class PlotPresentation
{
public:
    PlotPresentation();
    PlotPresentation(const PlotPresentation&) = delete;
    PlotPresentation& operator=(const PlotPresentation&) = delete;
    ~PlotPresentation();

    double scale() const { return m_scale; }
    // Scales PLOT's fonts and line widths to SCALE (> 0) times their usual size and queues a replot.
    void setScale(QCustomPlot* plot, double scale);

private:
    struct Value
    {
        double base = 0;
        double applied = -1;
    };
    struct Entry
    {
        QPointer<QObject> object;
        std::vector<Value> values;
    };
    enum class Kind
    {
        Size, // a pen's width or a point's size: base × scale
        Font, // a font the chart gave: first seen in a chart made while presenting, it is enlarged already
        TextItem, // a font QCustomPlot took from the widget (text items, axes): first seen while scaled, too
    };

    void apply(QCustomPlot* plot);
    Entry& entry(QObject* object, std::size_t values, bool* fresh);
    double scaled(Value& value, double current, bool fresh, Kind kind = Kind::Size) const;
    QFont scaledFont(Value& value, const QFont& font, bool fresh, Kind kind = Kind::Size) const;
    QPen scaledPen(Value& value, const QPen& pen, bool fresh) const;

    double m_scale = 1;
    // The application font's presentation factor when the chart was made; 1 once its sizes are known.
    double m_madeAt = 1;
    std::unordered_map<const QObject*, Entry> m_entries;
    QPointer<QCustomPlot> m_plot;
    QMetaObject::Connection m_connection;
};

} // namespace ss
