// SPDX-License-Identifier: GPL-3.0-or-later
// The layout the charts share: a bold title row, then the legend centred in a row of its own above the
// axis rect, so it never covers data and stays compact on wide windows.
#pragma once

#include <vector>

class QCustomPlot;
class QCPLayoutGrid;
class QCPLegend;
class QCPTextElement;

namespace ss {

// Inserts the title (row 0) and legend (row 1) rows into PLOT's layout and returns the title element.
QCPTextElement* addTitleAndLegendRows(QCustomPlot* plot);
// Puts LEGEND (PLOT's own when null), centred between two empty elements, into the empty cell (ROW, 0) of
// PLOT's layout and returns that row. A bare legend in the layout's column would cap the column at the
// legend's own largest size, which for an empty legend is a few pixels: the axis rect above it shrank to 50
// pixels.
QCPLayoutGrid* addLegendRow(QCustomPlot* plot, int row, QCPLegend* legend = nullptr);
// Folds the title (TITLE) or the legend row of addTitleAndLegendRows() away (FOLDED) so a small chart keeps
// its room for the data, or shows it again; returns whether it changed.
bool foldTitleOrLegend(QCustomPlot* plot, bool title, bool folded);
// A legend row under the plot for a chart whose legend wraps: WRAP entries a line, filled line by line.
void addWrappedLegendRow(QCustomPlot* plot, int row, int wrap);
// Re-flows LEGEND with each of WRAPS entries a line in turn and keeps the first that fits in ROOM pixels
// (else the last tried): the words differ by language and grow in presentation mode.
void fitLegendWrap(QCPLegend* legend, const std::vector<int>& wraps, int room);
// WIDEST, WIDEST - 1, ..., 1.
std::vector<int> legendWraps(int widest);

} // namespace ss
