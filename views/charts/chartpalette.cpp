// SPDX-License-Identifier: GPL-3.0-or-later
#include "chartpalette.h"

#include <qcustomplot.h>

#include <QPalette>

#include <array>

namespace ss {

ChartInk chartInk(const QPalette& palette)
{
    ChartInk ink;
    ink.text = palette.color(QPalette::WindowText);
    ink.grid = ink.text;
    ink.grid.setAlpha(40);
    ink.background = palette.brush(QPalette::Base);
    return ink;
}

ChartInk applyChartInk(QCustomPlot* plot, const QList<QCPAxis*>& axes)
{
    const ChartInk ink = chartInk(plot->palette());
    plot->setBackground(ink.background);
    for (QCPAxis* axis : axes) {
        axis->setBasePen(QPen(ink.text, 1));
        axis->setTickPen(QPen(ink.text, 1));
        axis->setSubTickPen(QPen(ink.text, 1));
        axis->setTickLabelColor(ink.text);
        axis->setLabelColor(ink.text);
        axis->grid()->setPen(QPen(ink.grid, 1, Qt::SolidLine));
        axis->grid()->setZeroLinePen(Qt::NoPen);
    }
    return ink;
}

void applyLegendInk(QCPLegend* legend, const ChartInk& ink, LegendFill fill, bool framed)
{
    legend->setTextColor(ink.text);
    if (fill == LegendFill::Opaque) {
        legend->setBrush(ink.background);
    } else if (fill == LegendFill::Veiled) {
        QColor veil = ink.background.color();
        veil.setAlpha(220);
        legend->setBrush(veil);
    }
    if (framed)
        legend->setBorderPen(QPen(ink.grid, 1));
}

void setBarColor(QCPBars* bars, const QColor& color)
{
    bars->setBrush(color);
    bars->setPen(QPen(color.darker(130), 1));
}

QColor alertColor()
{
    return QColor(0xD6, 0x27, 0x28);
}

QColor tableau10(int index)
{
    static const std::array<QColor, 10> colors = {QColor(0x4E, 0x79, 0xA7), QColor(0xF2, 0x8E, 0x2B),
                                                  QColor(0xE1, 0x57, 0x59), QColor(0x76, 0xB7, 0xB2),
                                                  QColor(0x59, 0xA1, 0x4F), QColor(0xED, 0xC9, 0x48),
                                                  QColor(0xB0, 0x7A, 0xA1), QColor(0xFF, 0x9D, 0xA7),
                                                  QColor(0x9C, 0x75, 0x5F), QColor(0xBA, 0xB0, 0xAC)};
    return colors[std::size_t(index) % colors.size()];
}

} // namespace ss
