// SPDX-License-Identifier: GPL-3.0-or-later
#include "chartlayout.h"

#include <qcustomplot.h>

namespace ss {

QCPTextElement* addTitleAndLegendRows(QCustomPlot* plot)
{
    plot->plotLayout()->insertRow(0);
    auto* title = new QCPTextElement(plot, QString(),
                                     QFont(plot->font().family(), plot->font().pointSize() + 1, QFont::Bold));
    plot->plotLayout()->addElement(0, 0, title);

    plot->plotLayout()->insertRow(1);
    addLegendRow(plot, 1)->setMargins(QMargins(8, 0, 8, 4));
    plot->legend->setVisible(true);
    plot->legend->setBorderPen(Qt::NoPen);
    plot->legend->setBrush(Qt::NoBrush);
    return title;
}

bool foldTitleOrLegend(QCustomPlot* plot, bool title, bool folded)
{
    QCPLayoutElement* row = plot->plotLayout()->element(title ? 0 : 1, 0);
    QCPLayerable* shown = title ? static_cast<QCPLayerable*>(row) : plot->legend;
    if (!row || shown->visible() == !folded)
        return false;
    shown->setVisible(!folded);
    // A height of 1 (0 means "as the contents need") for the row; its bottom margin stays.
    row->setMinimumSize(0, folded ? 1 : 0);
    row->setMaximumSize(QWIDGETSIZE_MAX, folded ? 1 : QWIDGETSIZE_MAX);
    return true;
}

QCPLayoutGrid* addLegendRow(QCustomPlot* plot, int row, QCPLegend* legend)
{
    if (!legend)
        legend = plot->legend;
    auto* legendRow = new QCPLayoutGrid;
    // The row joins the plot's layout before it takes anything, so its elements know their plot.
    plot->plotLayout()->addElement(row, 0, legendRow);
    if (QCPLayout* holder = legend->layout()) // the axis rect's inset, where QCustomPlot puts its legend
        holder->take(legend);
    // Empty elements either side keep the legend compact and centred instead of spread over the width.
    legendRow->addElement(0, 0, new QCPLayoutElement(plot));
    legendRow->addElement(0, 1, legend);
    legendRow->addElement(0, 2, new QCPLayoutElement(plot));
    legendRow->setColumnStretchFactors({1.0, 0.001, 1.0});
    legendRow->setColumnSpacing(0);
    return legendRow;
}

void addWrappedLegendRow(QCustomPlot* plot, int row, int wrap)
{
    addLegendRow(plot, row);
    plot->legend->setFillOrder(QCPLayoutGrid::foColumnsFirst);
    plot->legend->setWrap(wrap);
    plot->legend->setMargins(QMargins(6, 2, 6, 2));
    plot->plotLayout()->setRowStretchFactor(row, 0.001);
    plot->legend->setVisible(true);
}

void fitLegendWrap(QCPLegend* legend, const std::vector<int>& wraps, int room)
{
    for (int wrap : wraps) {
        legend->setWrap(wrap);
        legend->setFillOrder(QCPLayoutGrid::foColumnsFirst, true); // re-flows the entries
        if (legend->minimumOuterSizeHint().width() <= room)
            return;
    }
}

std::vector<int> legendWraps(int widest)
{
    std::vector<int> wraps;
    for (int wrap = widest; wrap >= 1; --wrap)
        wraps.push_back(wrap);
    return wraps;
}

} // namespace ss
