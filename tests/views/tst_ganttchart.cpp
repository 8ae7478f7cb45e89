// SPDX-License-Identifier: GPL-3.0-or-later
// The step timeline chart, offscreen: the time -> pixel mapping and its zoom and pan, the seconds ticker,
// the lanes and rows built from a synthetic step (tests/views/synthetictimeline.h, not the engine), the
// painter's one-draw-per-pixel-column rule, the hover tooltip, clicks on communication boxes, wheel zoom,
// drag pan, and the summary's step figures.
#include "analysisrunner.h"
#include "evaluate.h"
#include "examples.h"
#include "fields.h"
#include "ganttchart.h"
#include "ganttlayout.h"
#include "ganttplottable.h"
#include "mainwindow.h"
#include "scenariodocument.h"
#include "summarystrip.h"
#include "synthetictimeline.h"

#include "timemapping.h"
#include "unittickers.h"
#include "validate.h"
#include <memory>

#include <QLabel>
#include <QRegularExpression>
#include <QSignalSpy>
#include <QTabWidget>
#include <QTest>
#include <QToolTip>

#include <algorithm>
#include <array>
#include <cmath>
#include <tuple>

using ss::GanttChart;
using ss::GanttKind;
using ss::GanttLayout;
using ss::GanttStream;
using ss::PixelSpan;
using ss::TimeMapping;
using ss::TimeRange;

Q_DECLARE_METATYPE(ss::TimeRange)
Q_DECLARE_METATYPE(ss::PixelSpan)

namespace {

ss::TimelineEvent timelineEvent(int gpu, int stage, const char* stream, const char* kind, double start,
                                double end, int microbatch = -1, int collective = -1)
{
    ss::TimelineEvent e;
    e.gpu = gpu;
    e.stage = stage;
    e.stream = *ss::timelineStreamNamed(stream);
    e.kind = *ss::timelineKindNamed(kind);
    e.start_s = start;
    e.end_s = end;
    e.microbatch = microbatch;
    e.collective = collective;
    return e;
}

// The widget position of the middle of the box of timeline event INDEX.
QPoint boxCentre(const GanttChart& chart, int index)
{
    const ss::TimelineEvent& e = chart.events().at(index);
    for (const ss::GanttRow& row : chart.ganttLayout().rows) {
        for (const ss::GanttBox& box : row.boxes) {
            if (box.event == index)
                return QPoint(qRound(chart.xAxis->coordToPixel((e.start_s + e.end_s) / 2)),
                              qRound(chart.yAxis->coordToPixel(row.top + row.height / 2)));
        }
    }
    return {};
}

int findEvent(const ss::Result& result, int stage, const char* kind, int microbatch)
{
    for (std::size_t i = 0; i < result.timeline.size(); ++i) {
        const ss::TimelineEvent& e = result.timeline[i];
        if (e.stage == stage && e.kind == kind && e.microbatch == microbatch)
            return static_cast<int>(i);
    }
    return -1;
}

void showChart(GanttChart& chart, const ss::Result& result)
{
    chart.resize(1000, 600);
    chart.resetData(result);
    chart.show();
    QVERIFY(QTest::qWaitForWindowExposed(&chart));
    chart.replot(QCustomPlot::rpImmediateRefresh); // lays out the axes for the pixel mapping
}

} // namespace

class TestGanttChart : public QObject
{
    Q_OBJECT

private slots:
    void toPixel_data();
    void toPixel();
    void columns_data();
    void columns();
    void zoomed_data();
    void zoomed();
    void panned_data();
    void panned();
    void columnFilter();
    void secondsTicker_data();
    void secondsTicker();
    void layoutLanesAndRows();
    void layoutBubbles();
    void layoutSkipsBrokenEvents();
    void expandStage();
    void boxesReachThePlottable();
    void onePaintPerPixelColumn();
    void labelsOnlyWhereTheyFit();
    void paintedBoxesFollowTheColumnRule();
    void hoverTooltip();
    void clickCommBoxActivatesCollective();
    void wheelZooms();
    void dragPans();
    void emptyResult();
    void legendFollowsTheResult();
    void realEngineTimeline_data();
    void realEngineTimeline();
    void kernelStripes();
    void expertAndContextStreams();
    void summaryShowsStepFigures();
    void mainWindowHasTheTab();
    void hiddenTabCatchesUpWhenShown();
    void layoutOnAWorker();
};

// TimeMapping is linear: x = left + (t - lower) · width / (upper - lower).
void TestGanttChart::toPixel_data()
{
    QTest::addColumn<TimeRange>("range");
    QTest::addColumn<double>("left");
    QTest::addColumn<double>("width");
    QTest::addColumn<double>("time");
    QTest::addColumn<double>("pixel");
    QTest::newRow("1 ms over 1000 px: 0.5 ms at 500")
        << TimeRange{0, 1e-3} << 0.0 << 1000.0 << 0.5e-3 << 500.0;
    QTest::newRow("offset axis: the lower end at the left")
        << TimeRange{2, 4} << 60.0 << 400.0 << 2.0 << 60.0;
    QTest::newRow("offset axis: the upper end at left + width")
        << TimeRange{2, 4} << 60.0 << 400.0 << 4.0 << 460.0;
    QTest::newRow("left of the view maps left of the axis")
        << TimeRange{1, 2} << 0.0 << 100.0 << 0.5 << -50.0;
}

void TestGanttChart::toPixel()
{
    QFETCH(TimeRange, range);
    QFETCH(double, left);
    QFETCH(double, width);
    QFETCH(double, time);
    QFETCH(double, pixel);
    const TimeMapping map(range, left, width);
    QCOMPARE(map.toPixel(time), pixel);
    QCOMPARE(map.toTime(pixel), time);
    QCOMPARE(map.secondsPerPixel(), range.size() / width);
}

// Boxes cover rounded columns, at least one, clipped to the axis.
void TestGanttChart::columns_data()
{
    QTest::addColumn<double>("start");
    QTest::addColumn<double>("end");
    QTest::addColumn<PixelSpan>("span");
    // The view: 0..100 s over pixels 10..110, one second per pixel.
    QTest::newRow("whole seconds") << 20.0 << 30.0 << PixelSpan{30, 40};
    QTest::newRow("rounded edges") << 20.4 << 30.6 << PixelSpan{30, 41};
    QTest::newRow("narrower than a pixel: one column") << 20.1 << 20.2 << PixelSpan{30, 31};
    QTest::newRow("zero length: one column") << 50.0 << 50.0 << PixelSpan{60, 61};
    QTest::newRow("clipped left") << -30.0 << 5.0 << PixelSpan{10, 15};
    QTest::newRow("clipped right") << 95.0 << 300.0 << PixelSpan{105, 110};
    QTest::newRow("wholly left: empty") << -30.0 << -20.0 << PixelSpan{10, 10};
    QTest::newRow("wholly right: empty") << 200.0 << 300.0 << PixelSpan{210, 210};
    QTest::newRow("far outside does not overflow") << -1e300 << 1e300 << PixelSpan{10, 110};
    // Edges round half away from zero (std::lround): a tie goes to the next column, a pixel one double below
    // a tie does not (times chosen so that adding the view's 10 pixels is exact).
    QTest::newRow("ties round up") << 20.5 << 30.5 << PixelSpan{31, 41};
    QTest::newRow("just below a tie rounds down")
        << std::nextafter(30.5, 0.0) - 10 << std::nextafter(40.5, 0.0) - 10 << PixelSpan{30, 40};
}

void TestGanttChart::columns()
{
    QFETCH(double, start);
    QFETCH(double, end);
    QFETCH(PixelSpan, span);
    const TimeMapping map({0, 100}, 10, 100);
    const PixelSpan got = map.columns(start, end);
    QVERIFY2(got == span || (got.width() == 0 && span.width() == 0),
             qPrintable(QStringLiteral("[%1, %2)").arg(got.left).arg(got.right)));
}

// Zooming keeps the anchor's place in the view and stays inside the step and above the minimum span.
void TestGanttChart::zoomed_data()
{
    QTest::addColumn<TimeRange>("range");
    QTest::addColumn<double>("factor");
    QTest::addColumn<double>("anchor");
    QTest::addColumn<TimeRange>("expected");
    const TimeRange limits{0, 100};
    Q_UNUSED(limits);
    QTest::newRow("in by 2 about the centre") << TimeRange{0, 100} << 0.5 << 50.0 << TimeRange{25, 75};
    QTest::newRow("in by 2 about the left edge") << TimeRange{0, 100} << 0.5 << 0.0 << TimeRange{0, 50};
    QTest::newRow("in by 2 about a quarter") << TimeRange{0, 100} << 0.5 << 25.0 << TimeRange{12.5, 62.5};
    QTest::newRow("out past the step: the whole step")
        << TimeRange{40, 60} << 10.0 << 50.0 << TimeRange{0, 100};
    QTest::newRow("out near an edge: shifted inside") << TimeRange{0, 20} << 2.0 << 15.0 << TimeRange{0, 40};
    QTest::newRow("in below the minimum span: the minimum")
        << TimeRange{49, 51} << 1e-6 << 50.0 << TimeRange{49.5, 50.5};
    QTest::newRow("a factor of 0 changes nothing") << TimeRange{10, 20} << 0.0 << 15.0 << TimeRange{10, 20};
    QTest::newRow("NaN changes nothing") << TimeRange{10, 20} << std::nan("") << 15.0 << TimeRange{10, 20};
}

void TestGanttChart::zoomed()
{
    QFETCH(TimeRange, range);
    QFETCH(double, factor);
    QFETCH(double, anchor);
    QFETCH(TimeRange, expected);
    const TimeRange got = TimeMapping::zoomed(range, factor, anchor, {0, 100}, 1.0);
    QVERIFY2(std::abs(got.lower - expected.lower) < 1e-9 && std::abs(got.upper - expected.upper) < 1e-9,
             qPrintable(QStringLiteral("[%1, %2]").arg(got.lower).arg(got.upper)));
}

// A drag of d pixels moves the content d pixels: the range by -d · seconds per pixel, kept in the step.
void TestGanttChart::panned_data()
{
    QTest::addColumn<TimeRange>("range");
    QTest::addColumn<double>("pixels");
    QTest::addColumn<TimeRange>("expected");
    QTest::newRow("drag right shows earlier time") << TimeRange{40, 60} << 100.0 << TimeRange{38, 58};
    QTest::newRow("drag left shows later time") << TimeRange{40, 60} << -100.0 << TimeRange{42, 62};
    QTest::newRow("stops at the start") << TimeRange{5, 25} << 1000.0 << TimeRange{0, 20};
    QTest::newRow("stops at the end") << TimeRange{75, 95} << -1000.0 << TimeRange{80, 100};
    QTest::newRow("the whole step does not move") << TimeRange{0, 100} << 300.0 << TimeRange{0, 100};
}

void TestGanttChart::panned()
{
    QFETCH(TimeRange, range);
    QFETCH(double, pixels);
    QFETCH(TimeRange, expected);
    const TimeRange got = TimeMapping::panned(range, pixels, 1000, {0, 100});
    QVERIFY2(std::abs(got.lower - expected.lower) < 1e-9 && std::abs(got.upper - expected.upper) < 1e-9,
             qPrintable(QStringLiteral("[%1, %2]").arg(got.lower).arg(got.upper)));
}

// CONTRIBUTING.md, "Drawing": boxes that land on painted columns are skipped; the rest are trimmed.
void TestGanttChart::columnFilter()
{
    const TimeMapping map({0, 1}, 0, 10); // 0.1 s per pixel
    ss::ColumnFilter filter;
    int drawn = 0;
    // 1000 boxes of 1 ms: 100 per pixel column.
    for (int i = 0; i < 1000; ++i) {
        PixelSpan span = map.columns(i * 1e-3, (i + 1) * 1e-3);
        drawn += filter.admit(span) ? 1 : 0;
    }
    QVERIFY2(drawn <= 11, qPrintable(QString::number(drawn))); // the 10 columns (and the edge one)
    filter.reset();
    PixelSpan wide{2, 6};
    QVERIFY(filter.admit(wide));
    PixelSpan overlapping{4, 8};
    QVERIFY(filter.admit(overlapping));
    QCOMPARE(overlapping, (PixelSpan{6, 8}));
    PixelSpan inside{6, 7};
    QVERIFY(!filter.admit(inside));
}

// SI prefixes (BIPM SI Brochure, 9th ed., table 7), steps of 1, 2 or 5 times a power of ten.
void TestGanttChart::secondsTicker_data()
{
    QTest::addColumn<double>("upper");
    QTest::addColumn<int>("tickCount");
    QTest::addColumn<QStringList>("labels");
    QTest::newRow("0-100 ms in 5") << 0.1 << 5
                                   << QStringList{QStringLiteral("0"),     QStringLiteral("20 ms"),
                                                  QStringLiteral("40 ms"), QStringLiteral("60 ms"),
                                                  QStringLiteral("80 ms"), QStringLiteral("100 ms")};
    QTest::newRow("0-2 s in 4") << 2.0 << 4
                                << QStringList{QStringLiteral("0"), QStringLiteral("0.5 s"),
                                               QStringLiteral("1.0 s"), QStringLiteral("1.5 s"),
                                               QStringLiteral("2.0 s")};
    QTest::newRow("0-10 us in 5") << 10e-6 << 5
                                  << QStringList{QStringLiteral("0"),    QStringLiteral("2 µs"),
                                                 QStringLiteral("4 µs"), QStringLiteral("6 µs"),
                                                 QStringLiteral("8 µs"), QStringLiteral("10 µs")};
    QTest::newRow("0-1 ms in 2: 500 us labels in ms")
        << 1e-3 << 2 << QStringList{QStringLiteral("0"), QStringLiteral("0.5 ms"), QStringLiteral("1.0 ms")};
}

void TestGanttChart::secondsTicker()
{
    QFETCH(double, upper);
    QFETCH(int, tickCount);
    QFETCH(QStringList, labels);
    ss::SecondsTicker ticker;
    ticker.setTickCount(tickCount);
    QVector<double> ticks, subTicks;
    QVector<QString> tickLabels;
    ticker.generate(QCPRange(0, upper), QLocale::c(), QLatin1Char('g'), 6, ticks, &subTicks, &tickLabels);
    QStringList got(tickLabels.begin(), tickLabels.end());
    QCOMPARE(got, labels);
}

// 1F1B on p stages with m microbatches: every stage runs m forwards and m backwards (Narayanan et al.).
void TestGanttChart::layoutLanesAndRows()
{
    ss::test::SyntheticStep spec;
    spec.stages = 4;
    spec.microbatches = 8;
    const ss::Result result = ss::test::syntheticResult(spec);
    const GanttLayout layout = ss::buildGanttLayout(result.timeline, result.step.time_s);
    QCOMPARE(static_cast<int>(layout.lanes.size()), 4);
    QCOMPARE(static_cast<int>(layout.streams.size()), 4); // compute, tp, pp, dp
    QCOMPARE(layout.streams.front(), GanttStream::Compute);
    QCOMPARE(static_cast<int>(layout.rows.size()), 4 * 4);
    QCOMPARE(layout.boxCount, result.timeline.size());
    for (int s = 0; s < 4; ++s) {
        const ss::GanttLane& lane = layout.lanes[s];
        QCOMPARE(lane.stage, s);
        const ss::GanttRow& compute = layout.rows[lane.firstRow];
        QCOMPARE(compute.stream, GanttStream::Compute);
        QCOMPARE(static_cast<int>(compute.boxes.size()), 2 * 8 + 1); // + the optimizer step
        QVERIFY(std::is_sorted(compute.reach.begin(), compute.reach.end()));
        // Rows stack downwards without overlapping.
        for (int r = lane.firstRow + 1; r < lane.firstRow + lane.rowCount; ++r)
            QCOMPARE(layout.rows[r].top, layout.rows[r - 1].top + layout.rows[r - 1].height);
    }
    QVERIFY(layout.kinds[static_cast<int>(GanttKind::Forward)]);
    QVERIFY(layout.kinds[static_cast<int>(GanttKind::DpComm)]);
    QVERIFY(!layout.kinds[static_cast<int>(GanttKind::DeviceToHost)]);
    QCOMPARE(layout.rowAt(layout.rows[5].top + 0.1), 5);
    QCOMPARE(layout.rowAt(-1.0), -1);
}

// Bubbles: idle compute time within [0, step], as the result's bubble_fraction counts it (docs/formats.md,
// "Result").
void TestGanttChart::layoutBubbles()
{
    const std::vector<ss::TimelineEvent> events = {timelineEvent(0, 0, "compute", "forward", 1, 2, 0),
                                                   timelineEvent(0, 0, "compute", "forward", 2, 3, 1),
                                                   timelineEvent(0, 0, "compute", "backward", 5, 7, 0),
                                                   timelineEvent(0, 0, "tp", "tp-comm", 0, 10)};
    const GanttLayout layout = ss::buildGanttLayout(events, 10);
    const ss::GanttRow& compute = layout.rows.at(0);
    QCOMPARE(static_cast<int>(compute.gaps.size()), 3);
    QCOMPARE(compute.gaps[0], (TimeRange{0, 1}));
    QCOMPARE(compute.gaps[1], (TimeRange{3, 5}));
    QCOMPARE(compute.gaps[2], (TimeRange{7, 10}));
    QVERIFY(layout.rows.at(1).gaps.empty()); // only the compute stream has bubbles
    QCOMPARE(compute.boxAt(2.5, 0), 1);
    QCOMPARE(compute.boxAt(4.0, 0.5), -1);
    QCOMPARE(compute.boxAt(4.6, 0.5), 2);
}

void TestGanttChart::layoutSkipsBrokenEvents()
{
    const std::vector<ss::TimelineEvent> events = {timelineEvent(0, 0, "compute", "forward", 1, 2),
                                                   timelineEvent(0, 0, "compute", "forward", std::nan(""), 3),
                                                   timelineEvent(0, 0, "compute", "forward", 3, 2),
                                                   timelineEvent(0, 0, "pp", "pp-send", 0, 1)};
    const GanttLayout layout = ss::buildGanttLayout(events, 0);
    QCOMPARE(layout.skippedEvents, std::size_t(2));
    QCOMPARE(layout.boxCount, std::size_t(2));
    QCOMPARE(layout.stepTime, 2.0); // the latest end when the step time is unknown
    QCOMPARE(layout.streams.back(), GanttStream::Pp);
    QVERIFY(layout.kinds[static_cast<int>(GanttKind::PpSend)]);
    QVERIFY(!layout.kinds[static_cast<int>(GanttKind::Other)]);
}

void TestGanttChart::expandStage()
{
    ss::test::SyntheticStep spec;
    spec.stages = 3;
    spec.microbatches = 4;
    spec.gpusPerStage = 4;
    const ss::Result result = ss::test::syntheticResult(spec);
    GanttChart chart;
    chart.resetData(result);
    QCOMPARE(static_cast<int>(chart.ganttLayout().lanes.size()), 3);
    QCOMPARE(chart.ganttLayout().lanes[1].gpu, 4);
    QCOMPARE(chart.ganttLayout().lanes[1].replicas, 3);
    auto eventsOf = [&](std::initializer_list<int> gpus) {
        return static_cast<std::size_t>(
            std::count_if(result.timeline.begin(), result.timeline.end(), [&](const auto& e) {
                return std::find(gpus.begin(), gpus.end(), e.gpu) != gpus.end();
            }));
    };
    QCOMPARE(chart.ganttLayout().boxCount, eventsOf({0, 4, 8}));
    chart.setStageExpanded(1, true);
    QVERIFY(chart.isStageExpanded(1));
    QCOMPARE(static_cast<int>(chart.ganttLayout().lanes.size()), 6);
    QCOMPARE(chart.ganttLayout().lanes[2].gpu, 5);
    QVERIFY(chart.ganttLayout().lanes[2].replica);
    QCOMPARE(chart.ganttLayout().boxCount, eventsOf({0, 4, 5, 6, 7, 8}));
    chart.resetData(result); // kept across results
    QCOMPARE(static_cast<int>(chart.ganttLayout().lanes.size()), 6);
    chart.setStageExpanded(1, false);
    QCOMPARE(static_cast<int>(chart.ganttLayout().lanes.size()), 3);
}

void TestGanttChart::boxesReachThePlottable()
{
    ss::test::SyntheticStep spec;
    const ss::Result result = ss::test::syntheticResult(spec);
    GanttChart chart;
    showChart(chart, result);
    const ss::GanttLayout* layout = chart.boxes()->ganttLayout();
    QVERIFY(layout);
    QCOMPARE(layout->boxCount, result.timeline.size());
    QCOMPARE(static_cast<int>(layout->lanes.size()), spec.stages);
    QCOMPARE(chart.plottableCount(), 1); // one plottable for all boxes
    const auto& stats = chart.boxes()->paintStats();
    QCOMPARE(stats.rowsPainted, static_cast<int>(layout->rows.size()));
    QCOMPARE(stats.boxesVisited, static_cast<int>(result.timeline.size()));
    QVERIFY(stats.boxesDrawn > 0);
    QVERIFY(stats.gapsDrawn > 0); // the 1F1B warm-up and cool-down bubbles
    QCOMPARE(chart.visibleRange(), chart.fullRange());
    QVERIFY(chart.fullRange().lower < 0 && chart.fullRange().upper > result.step.time_s);
    QVERIFY(chart.legendEntries() >= 6); // forward, backward, tp, pp send/recv, dp, optimizer, ...
}

// 100k boxes in a few rows: no pixel column of a row is painted twice.
void TestGanttChart::onePaintPerPixelColumn()
{
    ss::Result result;
    const int count = 100000;
    for (int i = 0; i < count; ++i) {
        result.timeline.push_back(
            timelineEvent(0, 0, "compute", i % 2 ? "forward" : "backward", i * 1e-6, (i + 0.9) * 1e-6, i));
        result.timeline.push_back(timelineEvent(0, 0, "tp", "tp-comm", i * 1e-6, (i + 0.5) * 1e-6, i, 0));
    }
    result.step.time_s = count * 1e-6;
    GanttChart chart;
    chart.boxes()->paintStats().countColumns = true;
    showChart(chart, result);
    const auto& stats = chart.boxes()->paintStats();
    QCOMPARE(stats.boxesVisited, 2 * count);
    QCOMPARE(stats.maxDrawsPerColumn, 1);
    QVERIFY2(stats.boxesDrawn <= 2 * (chart.axisRect()->width() + 1),
             qPrintable(QString::number(stats.boxesDrawn)));
    QCOMPARE(stats.boxesDrawn + stats.boxesSkipped, 2 * count);
    QCOMPARE(stats.labelsDrawn, 0); // no number fits in a sub-pixel box

    // Zoomed in to 100 boxes, each is wide: all drawn, and numbered.
    chart.setVisibleRange({0.05, 0.05 + 100e-6});
    chart.replot(QCustomPlot::rpImmediateRefresh);
    QVERIFY(stats.boxesDrawn >= 2 * 100);
    QCOMPARE(stats.boxesSkipped, 0);
    QCOMPARE(stats.maxDrawsPerColumn, 1);
}

// Whatever the row passes over at once, the boxes it draws are those the column rule admits box by box: each
// box's columns (TimeMapping::columns) through one ColumnFilter, in order of start. Boxes of mixed widths,
// some overlapping, at several zooms.
void TestGanttChart::paintedBoxesFollowTheColumnRule()
{
    ss::Result result;
    std::uint32_t seed = 12345;
    const auto next = [&seed] {
        seed = seed * 1664525u + 1013904223u; // Numerical Recipes' linear congruential generator
        return (seed >> 8) / double(1 << 24);
    };
    double t = 0;
    for (int i = 0; i < 20000; ++i) {
        const double length = next() < 0.02 ? next() * 2e-3 : next() * 2e-6;
        const double start = t + (next() < 0.3 ? -next() * 1e-6 : next() * 1e-6);
        result.timeline.push_back(timelineEvent(0, 0, "pp", i % 2 ? "pp-send" : "pp-recv",
                                                std::max(start, 0.0), std::max(start, 0.0) + length, i, 0));
        t += 1e-6;
    }
    result.step.time_s = t;
    GanttChart chart;
    showChart(chart, result);
    const std::vector<TimeRange> views = {
        chart.fullRange(), {0.001, 0.003}, {0.0051, 0.00512}, {0.0, 0.0002}};
    for (const TimeRange& view : views) {
        chart.setVisibleRange(view);
        chart.replot(QCustomPlot::rpImmediateRefresh);
        const TimeRange shown = chart.visibleRange();
        const TimeMapping map(shown, chart.axisRect()->left(), chart.axisRect()->width());
        int drawn = 0;
        for (const ss::GanttRow& row : chart.ganttLayout().rows) {
            ss::ColumnFilter filter;
            // From the first box that ends inside the view to the last that starts inside it.
            for (std::size_t i = row.firstEndingAfter(shown.lower);
                 i < row.boxes.size() && row.boxes[i].start <= shown.upper; ++i) {
                const ss::GanttBox& box = row.boxes[i];
                PixelSpan span = map.columns(box.start, box.end);
                if (span.width() > 0 && filter.admit(span))
                    ++drawn;
            }
        }
        const auto& stats = chart.boxes()->paintStats();
        QCOMPARE(stats.boxesDrawn, drawn);
        QVERIFY(drawn > 0);
    }
}

void TestGanttChart::labelsOnlyWhereTheyFit()
{
    ss::Result result;
    // A wide box and a sliver: only the wide one has room for its number.
    result.timeline = {timelineEvent(0, 0, "compute", "forward", 0, 0.5, 12),
                       timelineEvent(0, 0, "compute", "forward", 0.5, 0.5001, 13)};
    result.step.time_s = 1;
    GanttChart chart;
    showChart(chart, result);
    QCOMPARE(chart.boxes()->paintStats().labelsDrawn, 1);
}

void TestGanttChart::hoverTooltip()
{
    ss::test::SyntheticStep spec;
    const ss::Result result = ss::test::syntheticResult(spec);
    GanttChart chart;
    showChart(chart, result);
    const int forward = findEvent(result, 1, "forward", 3);
    QVERIFY(forward >= 0);
    const QPoint pos = boxCentre(chart, forward);
    QCOMPARE(chart.eventAt(pos), forward);
    const QString text = chart.toolTipText(forward);
    QVERIFY2(text.startsWith(QStringLiteral("Forward, microbatch 3\nStage 1, GPU 1, Compute stream\nStart ")),
             qPrintable(text));
    QVERIFY(text.contains(QStringLiteral("duration 1 ms")));
    QTest::mouseMove(&chart, pos);
    QTRY_VERIFY(QToolTip::isVisible());
    QCOMPARE(QToolTip::text(), text);

    // Communication names its bytes and its collective.
    const int tp = findEvent(result, 2, "tp-comm", 5);
    QVERIFY(tp >= 0);
    const QString tpText = chart.toolTipText(tp);
    QVERIFY2(tpText.contains(QStringLiteral("Moves 7.629 MiB")), qPrintable(tpText)); // 8e6 B / 2^20
    QVERIFY(tpText.contains(QStringLiteral("Tensor parallel all-reduce over 8 GPU")));
    QVERIFY(tpText.contains(QStringLiteral("Click to show its links")));
    QVERIFY(chart.toolTipText(-1).isEmpty());
    QVERIFY(chart.toolTipText(1 << 30).isEmpty());
}

void TestGanttChart::clickCommBoxActivatesCollective()
{
    ss::test::SyntheticStep spec;
    spec.dp_s = 10e-3; // wide enough to hit
    const ss::Result result = ss::test::syntheticResult(spec);
    GanttChart chart;
    showChart(chart, result);
    QSignalSpy activated(&chart, &GanttChart::collectiveActivated);
    const int dp = findEvent(result, 0, "dp-comm", -1);
    QVERIFY(dp >= 0);
    QTest::mouseClick(&chart, Qt::LeftButton, Qt::NoModifier, boxCentre(chart, dp));
    QCOMPARE(activated.count(), 1);
    QCOMPARE(activated.at(0).at(0).toInt(), 2);
    QCOMPARE(chart.activeCollective(), 2);
    // A compute box has no collective: the highlight goes.
    const int forward = findEvent(result, 0, "forward", 0);
    QTest::mouseClick(&chart, Qt::LeftButton, Qt::NoModifier, boxCentre(chart, forward));
    QCOMPARE(activated.count(), 2);
    QCOMPARE(activated.at(1).at(0).toInt(), -1);
    QCOMPARE(chart.activeCollective(), -1);
    QTest::mouseClick(&chart, Qt::LeftButton, Qt::NoModifier, boxCentre(chart, forward));
    QCOMPARE(activated.count(), 2); // nothing active, nothing to say
}

void TestGanttChart::wheelZooms()
{
    const ss::Result result = ss::test::syntheticResult({});
    GanttChart chart;
    showChart(chart, result);
    const TimeRange full = chart.visibleRange();
    const QPointF at(chart.axisRect()->center());
    const double anchor = chart.xAxis->pixelToCoord(at.x());
    QWheelEvent in(at, chart.mapToGlobal(at), QPoint(), QPoint(0, 120), Qt::NoButton, Qt::NoModifier,
                   Qt::NoScrollPhase, false);
    QApplication::sendEvent(&chart, &in);
    const TimeRange zoomed = chart.visibleRange();
    QVERIFY(zoomed.size() < full.size() * 0.85);
    QVERIFY(std::abs(chart.xAxis->coordToPixel(anchor) - at.x()) < 1.0); // the time under the mouse stays
    QWheelEvent out(at, chart.mapToGlobal(at), QPoint(), QPoint(0, -1200), Qt::NoButton, Qt::NoModifier,
                    Qt::NoScrollPhase, false);
    QApplication::sendEvent(&chart, &out);
    QCOMPARE(chart.visibleRange(), full); // never beyond the step
    chart.zoomBy(0.25, result.step.time_s / 2);
    QTest::mouseDClick(&chart, Qt::LeftButton, Qt::NoModifier, chart.axisRect()->center());
    QCOMPARE(chart.visibleRange(), full);
}

void TestGanttChart::dragPans()
{
    const ss::Result result = ss::test::syntheticResult({});
    GanttChart chart;
    showChart(chart, result);
    chart.zoomBy(0.25, result.step.time_s / 2);
    const TimeRange before = chart.visibleRange();
    const QPoint start = chart.axisRect()->center();
    QTest::mousePress(&chart, Qt::LeftButton, Qt::NoModifier, start);
    QMouseEvent move(QEvent::MouseMove, QPointF(start + QPoint(100, 0)),
                     chart.mapToGlobal(QPointF(start + QPoint(100, 0))), Qt::NoButton, Qt::LeftButton,
                     Qt::NoModifier);
    QApplication::sendEvent(&chart, &move);
    QSignalSpy activated(&chart, &GanttChart::collectiveActivated);
    QTest::mouseRelease(&chart, Qt::LeftButton, Qt::NoModifier, start + QPoint(100, 0));
    const TimeRange after = chart.visibleRange();
    const double expected = -100.0 / chart.axisRect()->width() * before.size();
    QVERIFY2(std::abs(after.lower - before.lower - expected) < before.size() * 1e-9,
             qPrintable(QStringLiteral("%1 -> %2").arg(before.lower).arg(after.lower)));
    QCOMPARE(after.size(), before.size());
    QCOMPARE(activated.count(), 0); // a drag is no click
}

void TestGanttChart::emptyResult()
{
    GanttChart chart;
    showChart(chart, ss::Result{});
    QCOMPARE(chart.ganttLayout().boxCount, std::size_t(0));
    QCOMPARE(chart.boxes()->paintStats().boxesDrawn, 0);
    QCOMPARE(chart.legendEntries(), 0);
    QCOMPARE(chart.eventAt(chart.axisRect()->center()), -1);
    chart.zoomBy(0.5, 0);
    QTest::mouseClick(&chart, Qt::LeftButton, Qt::NoModifier, chart.axisRect()->center());
    QWheelEvent wheel(chart.axisRect()->center(), chart.mapToGlobal(chart.axisRect()->center()), QPoint(),
                      QPoint(0, 120), Qt::NoButton, Qt::NoModifier, Qt::NoScrollPhase, false);
    QApplication::sendEvent(&chart, &wheel);
    chart.replot(QCustomPlot::rpImmediateRefresh);
}

// The legend lists the kinds of the shown result only, however often the result changes.
void TestGanttChart::legendFollowsTheResult()
{
    const ss::Result full = ss::test::syntheticResult({});
    ss::Result small;
    small.timeline = {timelineEvent(0, 0, "compute", "forward", 0, 1, 0)};
    small.step.time_s = 1;
    GanttChart chart;
    showChart(chart, full);
    const int entries = chart.legendEntries();
    QCOMPARE(entries, 9); // forward, backward, optimizer, tp, pp send and receive, dp, bubble, critical path
    for (int i = 0; i < 3; ++i) {
        chart.resetData(small);
        chart.replot(QCustomPlot::rpImmediateRefresh);
        QCOMPARE(chart.legendEntries(), 2); // forward and the bubble
        chart.resetData(full);
        chart.replot(QCustomPlot::rpImmediateRefresh);
        QCOMPARE(chart.legendEntries(), entries);
    }
}

// The step simulator's own timeline (model/engine/step/stepsim.cpp): one GPU per stage stands for its tp and
// dp replicas, so one lane per stage and every box of the result in the chart; the schedules' microbatch
// counts on the compute rows (m forwards and m backwards per stage, Narayanan et al., SC'21; B and W
// separately for ZB-H1, Qi et al., "Zero Bubble Pipeline Parallelism", ICLR 2024).
void TestGanttChart::realEngineTimeline_data()
{
    QTest::addColumn<QString>("schedule");
    QTest::addColumn<int>("computePerStage"); // 16 microbatches
    QTest::newRow("gpipe: 16 F + 16 B") << "gpipe" << 32;
    QTest::newRow("1f1b: 16 F + 16 B") << "1f1b" << 32;
    QTest::newRow("zb-h1: 16 F + 16 B + 16 W") << "zb-h1" << 48;
}

void TestGanttChart::realEngineTimeline()
{
    QFETCH(QString, schedule);
    QFETCH(int, computePerStage);
    ss::Scenario scenario;
    QString error;
    QVERIFY2(ss::io::loadExample(QStringLiteral("pipeline-schedules-8-stages"), scenario, &error),
             qPrintable(error));
    const ss::FieldInfo* field = ss::findField("parallel.schedule");
    QVERIFY(field);
    ss::FieldValue value;
    QVERIFY(ss::parseFieldText(*field, schedule.toStdString(), value).empty());
    field->set(scenario, value);
    QVERIFY(ss::validateScenario(scenario).empty());
    ss::EvalOptions options;
    options.timeline = true;
    const ss::Result result = ss::evaluate(scenario, options);
    QVERIFY(!result.timeline.empty());
    QCOMPARE(result.microbatches, 16);

    GanttChart chart;
    showChart(chart, result);
    const GanttLayout& layout = chart.ganttLayout();
    QCOMPARE(static_cast<int>(layout.lanes.size()), 8);
    QCOMPARE(layout.boxCount, result.timeline.size());
    QCOMPARE(layout.skippedEvents, std::size_t(0));
    QCOMPARE(layout.stepTime, result.step.time_s);
    for (const ss::GanttLane& lane : layout.lanes) {
        const ss::GanttRow& compute = layout.rows[lane.firstRow];
        QCOMPARE(compute.stream, GanttStream::Compute);
        const int work =
            static_cast<int>(std::count_if(compute.boxes.begin(), compute.boxes.end(),
                                           [](const ss::GanttBox& b) { return b.microbatch >= 0; }));
        QCOMPARE(work, computePerStage);
        QVERIFY(!compute.gaps.empty()); // every stage of a pipeline idles somewhere
        // docs/formats.md, "Result of eval": no overlaps on one stream.
        for (std::size_t i = 1; i < compute.boxes.size(); ++i)
            QVERIFY(compute.boxes[i].start >= compute.boxes[i - 1].end - 1e-12);
    }
    QVERIFY(chart.boxes()->paintStats().boxesDrawn > 0);
    // Every box has a tooltip that names its stage.
    const QString text = chart.toolTipText(0);
    QVERIFY2(text.contains(QStringLiteral("Stage %1").arg(result.timeline.front().stage)), qPrintable(text));
}

// The engine's kernel classes of each compute op (Result::timeline_kernels,
// model/engine/step/stepresult.cpp): a forward box's tooltip lists them with their shares of the op's
// compute; zoomed onto that op its box shows them as stripes along its foot and the legend names them; zoomed
// out to the whole step, none does.
void TestGanttChart::kernelStripes()
{
    ss::Scenario scenario;
    QString error;
    QVERIFY2(ss::io::loadExample(QStringLiteral("pipeline-schedules-8-stages"), scenario, &error),
             qPrintable(error));
    ss::EvalOptions options;
    options.timeline = true;
    const ss::Result result = ss::evaluate(scenario, options);
    QVERIFY(!result.timeline_kernels.empty());
    const int index = findEvent(result, 0, "forward", 0);
    QVERIFY(index >= 0);
    const ss::TimelineEvent& event = result.timeline[static_cast<std::size_t>(index)];
    const auto op = std::find_if(
        result.timeline_kernels.begin(), result.timeline_kernels.end(), [&](const ss::OpKernels& k) {
            return k.stage == event.stage && k.chunk == event.chunk && k.kind == "forward";
        });
    QVERIFY(op != result.timeline_kernels.end());
    const std::array<double, 4> seconds{op->gemm_s, op->attention_s, op->memory_s, op->launch_s};
    const double total = seconds[0] + seconds[1] + seconds[2] + seconds[3];
    QVERIFY(total > 0);

    GanttChart chart;
    showChart(chart, result);
    const int entries = chart.legendEntries();
    QCOMPARE(chart.boxes()->paintStats().stripesDrawn, 0);
    QVERIFY(!chart.kernelLegendShown());

    // The tooltip, whatever the zoom: one line per class with seconds, in the fixed order.
    const QStringList names{QStringLiteral("GEMM"), QStringLiteral("Attention"),
                            QStringLiteral("Memory-bound"), QStringLiteral("Launch")};
    const QStringList lines = chart.toolTipText(index).split(QLatin1Char('\n'));
    const QRegularExpression pattern(
        QStringLiteral("^(GEMM|Attention|Memory-bound|Launch) (\\d+)% \\((.+)\\)$"));
    int percentSum = 0;
    int lastClass = -1;
    int classLines = 0;
    for (const QString& line : lines) {
        const QRegularExpressionMatch match = pattern.match(line);
        if (!match.hasMatch())
            continue;
        const int c = static_cast<int>(names.indexOf(match.captured(1)));
        QVERIFY2(c > lastClass, qPrintable(line));
        lastClass = c;
        QVERIFY(seconds[static_cast<std::size_t>(c)] > 0);
        const int percent = match.captured(2).toInt();
        QCOMPARE(percent, qRound(100 * seconds[static_cast<std::size_t>(c)] / total));
        percentSum += percent;
        ++classLines;
    }
    QCOMPARE(classLines,
             static_cast<int>(std::count_if(seconds.begin(), seconds.end(), [](double s) { return s > 0; })));
    QVERIFY2(std::abs(percentSum - 100) <= 2, qPrintable(lines.join(QLatin1Char('|'))));

    // Zoomed onto the op: its box (and its neighbours of the same width) get stripes, in the lower part of
    // the compute row, inside the box's columns, wide in proportion to the seconds.
    const double duration = event.end_s - event.start_s;
    chart.setVisibleRange({event.start_s - 0.1 * duration, event.end_s + 0.1 * duration});
    chart.replot(QCustomPlot::rpImmediateRefresh);
    const ss::GanttPlottable::PaintStats& stats = chart.boxes()->paintStats();
    QVERIFY(stats.boxesStriped >= 1);
    QVERIFY(stats.stripesDrawn >= 1);
    QVERIFY(chart.kernelLegendShown());
    QCOMPARE(chart.legendEntries(), entries + 4);
    const double left = chart.xAxis->coordToPixel(event.start_s);
    const double right = chart.xAxis->coordToPixel(event.end_s);
    const ss::GanttRow& row = chart.ganttLayout().rows[chart.ganttLayout().lanes[0].firstRow];
    const double middle = chart.yAxis->coordToPixel(row.top + row.height / 2);
    const double foot = chart.yAxis->coordToPixel(row.top + row.height);
    int striped = 0;
    for (int c = 0; c < ss::ganttKernelClassCount; ++c) {
        for (const QRect& rect : chart.boxes()->stripeRects()[static_cast<std::size_t>(c)]) {
            if (rect.left() < left - 1 || rect.right() > right + 1 || rect.top() < middle ||
                rect.bottom() > foot)
                continue; // another box's or another row's
            const double expected = (right - left) * seconds[static_cast<std::size_t>(c)] / total;
            QVERIFY2(
                std::abs(rect.width() - expected) <= 3,
                qPrintable(
                    QStringLiteral("%1: %2 px, %3 expected").arg(names[c]).arg(rect.width()).arg(expected)));
            striped += rect.width();
        }
    }
    QVERIFY(striped >= (right - left) - 6);

    chart.resetZoom();
    chart.replot(QCustomPlot::rpImmediateRefresh);
    QCOMPARE(chart.boxes()->paintStats().stripesDrawn, 0);
    QVERIFY(!chart.kernelLegendShown());
    QCOMPARE(chart.legendEntries(), entries);
}

namespace {

// Mixtral 8x7B's shape (Hugging Face mistralai/Mixtral-8x7B-v0.1 config.json: 32 layers, hidden 4096, 8
// experts, 2 per token) with ep 8 and cp 2 on one DGX H100; the K/V all-gather (Llama 3, arXiv:2407.21783
// §3.3.2) is not hidden behind attention, so both new streams carry boxes (stepmodel.cpp).
ss::Scenario moeScenario()
{
    ss::Scenario s;
    QString error;
    if (!ss::io::loadExample(QStringLiteral("llama2-70b"), s, &error))
        qFatal("%s", qPrintable(error));
    s.model.layers = 32;
    s.model.hidden = 4096;
    s.model.heads = 32;
    s.model.kv_heads = 8;
    s.model.ffn_hidden = 14336;
    s.model.vocab = 32000;
    s.model.seq_len = 8192;
    s.model.experts = 8;
    s.model.experts_per_token = 2;
    s.training.global_batch = 64;
    s.training.micro_batch = 1;
    s.parallel.tp = 1;
    s.parallel.pp = 1;
    s.parallel.sequence_parallel = false;
    s.parallel.dp = 4;
    s.parallel.cp = 2;
    s.parallel.ep = 8;
    s.parallel.cp_comm = ss::CpComm::AllGather;
    s.parallel.zero_stage = 1;
    s.cluster.nodes = 1;
    return s;
}

} // namespace

// The expert all-to-all and the context-parallel exchange get rows of their own under each GPU, in the
// order compute, tp, ep, cp, pp, dp, pcie; their boxes name their collective and activate it on a click.
void TestGanttChart::expertAndContextStreams()
{
    const ss::Scenario scenario = moeScenario();
    QVERIFY(ss::validateScenario(scenario).empty());
    ss::EvalOptions options;
    options.timeline = true;
    const ss::Result result = ss::evaluate(scenario, options);
    GanttChart chart;
    showChart(chart, result);
    const GanttLayout& layout = chart.ganttLayout();
    QCOMPARE(layout.streams, (std::vector<GanttStream>{GanttStream::Compute, GanttStream::Ep, GanttStream::Cp,
                                                       GanttStream::Dp}));
    QCOMPARE(layout.skippedEvents, std::size_t(0));
    QVERIFY(layout.kinds[static_cast<int>(GanttKind::EpComm)]);
    QVERIFY(layout.kinds[static_cast<int>(GanttKind::CpComm)]);
    QVERIFY(ss::isCommunication(GanttKind::EpComm) && ss::isCommunication(GanttKind::CpComm));
    QVERIFY(ss::ganttKindColor(GanttKind::EpComm) != ss::ganttKindColor(GanttKind::TpComm));
    QVERIFY(ss::ganttKindColor(GanttKind::CpComm) != ss::ganttKindColor(GanttKind::EpComm));
    for (const auto& [kind, group, name] : {std::tuple{"ep-comm", "ep", "Expert parallel all-to-all"},
                                            std::tuple{"cp-comm", "cp", "Context parallel all-gather"}}) {
        const int index = findEvent(result, 0, kind, 0);
        QVERIFY2(index >= 0, kind);
        const int collective = result.timeline[std::size_t(index)].collective;
        QVERIFY(collective >= 0);
        QCOMPARE(result.comm.collectives[std::size_t(collective)].group, std::string(group));
        const QString tip = chart.toolTipText(index);
        QVERIFY2(tip.contains(QLatin1String(name)), qPrintable(tip));
        QVERIFY2(tip.contains(QStringLiteral("Moves ")), qPrintable(tip));
        // Zoomed onto the box, so the click cannot land on a neighbour of another collective.
        const ss::TimelineEvent& e = result.timeline[std::size_t(index)];
        const double margin = std::max(e.end_s - e.start_s, 1e-9);
        chart.setVisibleRange({e.start_s - margin, e.end_s + margin});
        chart.replot(QCustomPlot::rpImmediateRefresh);
        QSignalSpy activated(&chart, &GanttChart::collectiveActivated);
        QTest::mouseClick(&chart, Qt::LeftButton, Qt::NoModifier, boxCentre(chart, index));
        QCOMPARE(activated.count(), 1);
        QCOMPARE(activated.at(0).at(0).toInt(), collective);
    }
}

void TestGanttChart::summaryShowsStepFigures()
{
    ss::SummaryStrip strip;
    ss::Result result = ss::test::syntheticResult({});
    result.step.time_s = 1.25;
    result.step.tokens_per_s = 123456;
    result.step.mfu = 0.4216;
    result.step.bubble_fraction = 0.125;
    result.step.exposed_comm_s = 0.05;
    result.bottleneck.kind = "bubble";
    result.bottleneck.args = {"0.125"};
    strip.resetData(result);
    strip.show();
    auto text = [&](const char* name) {
        const auto* label = strip.findChild<QLabel*>(QString::fromLatin1(name));
        return label && label->isVisibleTo(&strip) ? label->text() : QString();
    };
    QCOMPARE(text("summary.step_time"), QStringLiteral("1.25 s"));
    QCOMPARE(text("summary.tokens_per_s"), QStringLiteral("123k"));
    QCOMPARE(text("summary.mfu"), QStringLiteral("42.2%"));
    QCOMPARE(text("summary.bubble"), QStringLiteral("12.5%"));
    QCOMPARE(text("summary.exposed_comm"), QStringLiteral("50 ms"));
    QVERIFY(!text("summary.bottleneck").isEmpty());

    // Without a simulated step the step figures are hidden.
    result.step = {};
    result.bottleneck = {};
    strip.resetData(result);
    QVERIFY(text("summary.step_time").isEmpty());
    QVERIFY(text("summary.bottleneck").isEmpty());
    QVERIFY(!text("summary.params").isEmpty());

    // A mixture-of-experts model shows its total and what a token passes through, as Mixtral's paper does
    // (Jiang et al., arXiv:2401.04088 §2.1: 47B parameters, 13B active); a dense one only its total.
    result.params_total = 46.7e9;
    result.params_active = 12.9e9;
    result.params_mtp = 0;
    strip.resetData(result);
    QCOMPARE(text("summary.params"), QStringLiteral("46.7B (12.9B active)"));
    const auto* params = strip.findChild<QLabel*>(QStringLiteral("summary.params"));
    QVERIFY2(params->toolTip().contains(QStringLiteral("12.9B")), qPrintable(params->toolTip()));
    result.params_active = result.params_total;
    strip.resetData(result);
    QCOMPARE(text("summary.params"), QStringLiteral("46.7B"));
}

void TestGanttChart::mainWindowHasTheTab()
{
    ss::MainWindow w;
    QTabWidget* tabs = w.viewTabs();
    GanttChart* gantt = w.findChild<GanttChart*>(QStringLiteral("ganttChart"));
    QVERIFY(gantt);
    QVERIFY(tabs->indexOf(gantt) > 0);
    QCOMPARE(tabs->tabText(tabs->indexOf(gantt)), QStringLiteral("Step timeline"));
    QCOMPARE(gantt->events().size(), w.document()->result().timeline.size());
    QVERIFY(!gantt->events().empty()); // the document asks for the timeline
    // The default example's step is simulated, so the strip shows its figures.
    QVERIFY(w.document()->result().step.time_s > 0);
    const auto* stepTime = w.findChild<QLabel*>(QStringLiteral("summary.step_time"));
    QVERIFY(stepTime && stepTime->isVisibleTo(&w) && !stepTime->text().isEmpty());
}

void TestGanttChart::hiddenTabCatchesUpWhenShown()
{
    // An edit made on the Memory tab of a shown window does not lay out the timeline; showing the tab (or
    // asking the window for the chart) brings it up to date with the document's result.
    ss::MainWindow w;
    w.resize(1024, 640);
    w.show();
    QVERIFY(QTest::qWaitForWindowExposed(&w));
    w.document()->runner()->setMode(ss::AnalysisRunner::Mode::Inline);
    QTabWidget* tabs = w.viewTabs();
    GanttChart* gantt = w.findChild<GanttChart*>(QStringLiteral("ganttChart"));
    tabs->setCurrentIndex(0);
    const std::size_t before = gantt->events().size();
    ss::FieldValue value;
    value.number = double(w.document()->scenario().training.micro_batch * 2);
    QVERIFY(w.document()->setField(QStringLiteral("training.micro_batch"), value).isEmpty());
    // Twice the micro batch: half the microbatches, so fewer boxes in the new timeline.
    const std::size_t after = w.document()->result().timeline.size();
    QVERIFY(after != before);
    QCOMPARE(gantt->events().size(), before); // held back while hidden
    tabs->setCurrentWidget(gantt);
    QCOMPARE(gantt->events().size(), after);
    // An edit on the Gantt tab itself shows at once.
    value.number /= 2;
    QVERIFY(w.document()->setField(QStringLiteral("training.micro_batch"), value).isEmpty());
    QCOMPARE(gantt->events().size(), w.document()->result().timeline.size());
    // The window's accessor never hands out a chart behind the document.
    tabs->setCurrentIndex(0);
    value.number *= 2;
    QVERIFY(w.document()->setField(QStringLiteral("training.micro_batch"), value).isEmpty());
    QCOMPARE(w.ganttChart()->events().size(), w.document()->result().timeline.size());
}

// With the result's owner, the chart lays the timeline out on a worker; whatever asks for the layout (or
// paints it) afterwards gets the one the synchronous path builds, box for box, even when the caller drops the
// result at once and resets the chart again before the first layout was taken.
void TestGanttChart::layoutOnAWorker()
{
    ss::test::SyntheticStep spec;
    spec.stages = 6;
    spec.microbatches = 40;
    spec.gpusPerStage = 2;
    const ss::Result expected = ss::test::syntheticResult(spec);
    GanttChart reference;
    reference.setStageExpanded(2, true);
    reference.resetData(expected);

    GanttChart chart;
    chart.setStageExpanded(2, true);
    {
        ss::test::SyntheticStep smaller = spec;
        smaller.microbatches = 8;
        auto first = std::make_shared<ss::Result>(ss::test::syntheticResult(smaller));
        chart.resetData(*first, first);
    }
    auto owned = std::make_shared<ss::Result>(expected);
    chart.resetData(*owned, owned);
    owned.reset(); // the worker keeps it until it is done

    const ss::GanttLayout& a = reference.ganttLayout();
    const ss::GanttLayout& b = chart.ganttLayout();
    QCOMPARE(b.boxCount, a.boxCount);
    QVERIFY(a.boxCount > 0);
    QCOMPARE(b.lanes.size(), a.lanes.size());
    QCOMPARE(b.rows.size(), a.rows.size());
    for (std::size_t r = 0; r < a.rows.size(); ++r) {
        QCOMPARE(b.rows[r].boxes.size(), a.rows[r].boxes.size());
        QCOMPARE(b.rows[r].gaps.size(), a.rows[r].gaps.size());
        for (std::size_t i = 0; i < a.rows[r].boxes.size(); ++i) {
            QCOMPARE(b.rows[r].boxes[i].event, a.rows[r].boxes[i].event);
            QCOMPARE(b.rows[r].boxes[i].start, a.rows[r].boxes[i].start);
        }
    }
    QCOMPARE(chart.events().size(), expected.timeline.size());
    QCOMPARE(chart.legendEntries(), reference.legendEntries());
    QCOMPARE(chart.visibleRange(), chart.fullRange());
    QCOMPARE(chart.toolTipText(3), reference.toolTipText(3));
}

QTEST_MAIN(TestGanttChart)
#include "tst_ganttchart.moc"
