// SPDX-License-Identifier: GPL-3.0-or-later
// The layout the charts share: a bold title row, then the legend centred in a row of its own above the
// axis rect, so it never covers data and stays compact on wide windows.
#pragma once

class QCustomPlot;
class QCPLayoutGrid;
class QCPTextElement;

namespace ss {

// Inserts the title (row 0) and legend (row 1) rows into PLOT's layout and returns the title element.
QCPTextElement* addTitleAndLegendRows(QCustomPlot* plot);
// Puts PLOT's legend, centred between two empty elements, into the empty cell (ROW, 0) of its layout and
// returns that row. A bare legend in the layout's column would cap the column at the legend's own largest
// size, which for an empty legend is a few pixels: the axis rect above it shrank to 50 pixels.
QCPLayoutGrid* addLegendRow(QCustomPlot* plot, int row);

} // namespace ss
