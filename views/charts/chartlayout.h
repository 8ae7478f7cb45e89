// SPDX-License-Identifier: GPL-3.0-or-later
// The layout the charts share: a bold title row, then the legend centred in a row of its own above the
// axis rect, so it never covers data and stays compact on wide windows.
#pragma once

class QCustomPlot;
class QCPTextElement;

namespace ss {

// Inserts the title (row 0) and legend (row 1) rows into PLOT's layout and returns the title element.
QCPTextElement* addTitleAndLegendRows(QCustomPlot* plot);

} // namespace ss
