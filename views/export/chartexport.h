// SPDX-License-Identifier: GPL-3.0-or-later
// Every chart of the explorer to a file, offscreen and at a fixed size, from a scenario's result: PNG,
// SVG, PDF, CSV of its numbers, the timeline as trace-event JSON, and the report PDF. Drawn for print
// (white background, the charts' unit tickers) whatever the screen's theme. The GUI and shardscope-cli
// both call exportScenario(), so the same scenario gives the same files. Needs a QApplication (the CLI
// makes one on the offscreen platform).
#pragma once

#include "csvexport.h"
#include "result.h"
#include "scenario.h"

#include <QByteArray>
#include <QCoreApplication>
#include <QImage>
#include <QSize>
#include <QString>

class QCPPainter;

namespace ss {

class ChartExport
{
    Q_DECLARE_TR_FUNCTIONS(ChartExport)
public:
    // The size a chart is laid out at (logical pixels, 96 dpi); PNG is drawn at pngScale times it.
    static constexpr int chartWidth = 1000;
    static constexpr int chartHeight = 620;
    static constexpr double pngScale = 2;

    // The result exports show: RESULT of SCENARIO with the timeline and the explanations.
    static Result evaluateForExport(const Scenario& scenario);

    // Evaluates SCENARIO and writes CHART to FILE in the format of FILE's suffix, atomically. On failure
    // *ERROR is one line and FILE is untouched. Sweep is not available yet (an error).
    static bool exportScenario(const Scenario& scenario, io::ExportChart chart, const QString& file,
                               QString* error);
    // The bytes of the export (what exportScenario writes), from an evaluated RESULT.
    static QByteArray exportData(const Scenario& scenario, const Result& result, io::ExportChart chart,
                                 io::ExportFormat format, QString* error, int* pages = nullptr);
    // Whether CHART can be written as FORMAT; false with *ERROR saying which formats it takes.
    static bool supports(io::ExportChart chart, io::ExportFormat format, QString* error = nullptr);

    // The chart as an image of SIZE × SCALE pixels on white.
    static QImage image(const Scenario& scenario, const Result& result, io::ExportChart chart,
                        QSize size = {chartWidth, chartHeight}, double scale = pngScale);
    // Draws the chart into the rectangle (0, 0, SIZE) of PAINTER (its transform applies).
    static void paint(QCPPainter* painter, QSize size, const Scenario& scenario, const Result& result,
                      io::ExportChart chart);
    // The chart's translated name ("Memory per GPU").
    static QString title(io::ExportChart chart);
};

} // namespace ss
