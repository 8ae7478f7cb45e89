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

QCPLayoutGrid* addLegendRow(QCustomPlot* plot, int row)
{
    auto* legendRow = new QCPLayoutGrid;
    // The row joins the plot's layout before it takes anything, so its elements know their plot.
    plot->plotLayout()->addElement(row, 0, legendRow);
    if (QCPLayoutInset* inset = plot->axisRect()->insetLayout();
        inset->elements(false).contains(plot->legend))
        inset->take(plot->legend);
    // Empty elements either side keep the legend compact and centred instead of spread over the width.
    legendRow->addElement(0, 0, new QCPLayoutElement(plot));
    legendRow->addElement(0, 1, plot->legend);
    legendRow->addElement(0, 2, new QCPLayoutElement(plot));
    legendRow->setColumnStretchFactors({1.0, 0.001, 1.0});
    legendRow->setColumnSpacing(0);
    return legendRow;
}

} // namespace ss
