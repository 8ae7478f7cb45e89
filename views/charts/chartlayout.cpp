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

    auto* legendRow = new QCPLayoutGrid;
    plot->plotLayout()->insertRow(1);
    plot->plotLayout()->addElement(1, 0, legendRow);
    legendRow->setMargins(QMargins(8, 0, 8, 4));
    plot->axisRect()->insetLayout()->take(plot->legend);
    // Empty elements either side keep the legend compact and centred instead of spread over the width.
    legendRow->addElement(0, 0, new QCPLayoutElement(plot));
    legendRow->addElement(0, 1, plot->legend);
    legendRow->addElement(0, 2, new QCPLayoutElement(plot));
    legendRow->setColumnStretchFactors({1.0, 0.001, 1.0});
    legendRow->setColumnSpacing(0);
    plot->legend->setVisible(true);
    plot->legend->setBorderPen(Qt::NoPen);
    plot->legend->setBrush(Qt::NoBrush);
    return title;
}

} // namespace ss
