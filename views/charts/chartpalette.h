// SPDX-License-Identifier: GPL-3.0-or-later
// The colours the charts share. The ink of a chart (axes, ticks, labels, grid, background, legend text)
// follows the widget's palette, so a chart reads in dark themes and, with the light palette the exporter
// sets, in print. The series colours are fixed: the named colours of Okabe & Ito's "Color Universal Design"
// (2008), distinguishable with the common colour-vision deficiencies (two of Paul Tol's beside them), one red
// for what does not fit or limits the step, and Tableau 10 for a chart of many categories.
#pragma once

#include <QBrush>
#include <QColor>
#include <QList>

class QCPAxis;
class QCPBars;
class QCPLegend;
class QCustomPlot;
class QPalette;

namespace ss {

struct ChartInk
{
    QColor text;       // the palette's WindowText
    QColor grid;       // the text, faint
    QBrush background; // the palette's Base
};

ChartInk chartInk(const QPalette& palette);
// Paints PLOT's background and draws AXES' lines, ticks and labels in the ink of its palette, their grids
// faint and without a zero line; returns that ink.
ChartInk applyChartInk(QCustomPlot* plot, const QList<QCPAxis*>& axes);

enum class LegendFill
{
    Keep,   // the legend's brush as it is
    Veiled, // the background, slightly translucent over what runs under the legend
    Opaque, // the background
};
// The legend's text in INK; FILL its background; FRAMED: a border in the grid's colour.
void applyLegendInk(QCPLegend* legend, const ChartInk& ink, LegendFill fill = LegendFill::Keep,
                    bool framed = false);

// Bars filled with COLOR, outlined a shade darker so neighbouring bars of one colour stay apart.
void setBarColor(QCPBars* bars, const QColor& color);

// The red of a point that does not fit in memory, a bottleneck, a stale title (Tableau 10's red).
QColor alertColor();

// Okabe & Ito's colours by their names, for QColor(QRgb).
namespace okabeIto {
constexpr QRgb orange = 0xE69F00;
constexpr QRgb skyBlue = 0x56B4E9;
constexpr QRgb bluishGreen = 0x009E73;
constexpr QRgb yellow = 0xF0E442;
constexpr QRgb blue = 0x0072B2;
constexpr QRgb vermillion = 0xD55E00;
constexpr QRgb reddishPurple = 0xCC79A7;
} // namespace okabeIto

// Colours of Paul Tol's "muted" scheme (Tol, "Colour Schemes", SRON/EPS/TN/09-002, 2021), also
// distinguishable with the common colour-vision deficiencies: indigo and wine for the communication kinds
// Okabe & Ito's eight do not cover (expert- and context-parallel); sand, rose, purple and pale grey for the
// kernel classes drawn inside the Gantt's compute boxes, apart from the boxes' blues and greens.
namespace tolMuted {
constexpr QRgb indigo = 0x332288;
constexpr QRgb wine = 0x882255;
constexpr QRgb sand = 0xDDCC77;
constexpr QRgb rose = 0xCC6677;
constexpr QRgb purple = 0xAA4499;
constexpr QRgb paleGrey = 0xDDDDDD;
} // namespace tolMuted

// Tableau 10 (Tableau's default categorical palette, 2016), colour INDEX modulo its ten.
QColor tableau10(int index);

} // namespace ss
