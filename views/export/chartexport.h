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
#include "sweep.h"

#include <QByteArray>
#include <QCoreApplication>
#include <QImage>
#include <QSize>
#include <QString>

class QCPPainter;

namespace ss {

struct Baseline;

// BASELINE (all functions below): the pinned baseline the memory and Gantt charts and the report
// show beside RESULT, as the window does; nullptr for none.
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
    // *ERROR is one line and FILE is untouched. Sweep needs its parameter and values: exportSweep().
    static bool exportScenario(const Scenario& scenario, io::ExportChart chart, const QString& file,
                               QString* error, const Baseline* baseline = nullptr);
    // The bytes of the export (what exportScenario writes), from an evaluated RESULT.
    static QByteArray exportData(const Scenario& scenario, const Result& result, io::ExportChart chart,
                                 io::ExportFormat format, QString* error, int* pages = nullptr,
                                 const Baseline* baseline = nullptr);
    // Whether CHART can be written as FORMAT; false with *ERROR saying which formats it takes.
    static bool supports(io::ExportChart chart, io::ExportFormat format, QString* error = nullptr);

    // The chart as an image of SIZE × SCALE pixels on white.
    static QImage image(const Scenario& scenario, const Result& result, io::ExportChart chart,
                        QSize size = {chartWidth, chartHeight}, double scale = pngScale,
                        const Baseline* baseline = nullptr);
    // Draws the chart into the rectangle (0, 0, SIZE) of PAINTER (its transform applies).
    static void paint(QCPPainter* painter, QSize size, const Scenario& scenario, const Result& result,
                      io::ExportChart chart, const Baseline* baseline = nullptr);
    // The sweep chart: runs SPEC on SCENARIO (runSweep) and writes FILE (.png, .svg, .pdf, or .csv:
    // sweepCsv()) atomically; on failure *ERROR is one line and FILE is untouched.
    static bool exportSweep(const Scenario& scenario, const SweepSpec& spec, const QString& file,
                            QString* error);
    static QByteArray sweepData(const Scenario& scenario, const SweepResult& sweep, io::ExportFormat format,
                                QString* error);
    static QImage sweepImage(const Scenario& scenario, const SweepResult& sweep,
                             QSize size = {chartWidth, chartHeight}, double scale = pngScale);
    static void paintSweep(QCPPainter* painter, QSize size, const Scenario& scenario,
                           const SweepResult& sweep);

    // The chart's translated name ("Memory per GPU").
    static QString title(io::ExportChart chart);
};

} // namespace ss
