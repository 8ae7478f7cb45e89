// SPDX-License-Identifier: GPL-3.0-or-later
// shardscope-benchplot [--out DIR] SCALING.json...: draws what `shardscope-bench --scaling --json` measured
// (the median of the runs given), log-log, for the README's "Performance" section: DIR/scaling-gpus.png
// (evaluate() and its parts against the GPU count) and DIR/scaling-microbatches.png (against the
// microbatches of a step).
// shardscope-benchplot --table RUN.json...: the README's table of the default figures from several runs.
// A developer tool like the bench itself: its labels are English (the README's language), not translated.
#include "unittickers.h"

#include <QApplication>
#include <QCommandLineParser>
#include <QDir>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QMap>

#include <qcustomplot.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <functional>

namespace {

// One line of a chart: which rows it takes, which key it reads, how it looks.
struct Series
{
    QString name;
    QString key;
    QColor colour;
    Qt::PenStyle style = Qt::SolidLine;
    double width = 2;
    QCPScatterStyle::ScatterShape shape = QCPScatterStyle::ssDisc;
    std::function<bool(const QJsonObject&)> rowFilter; // all rows when empty
};

constexpr int kWidth = 960;
constexpr int kHeight = 640;
constexpr double kScale = 2; // crisp on high-density screens; the README shows them at their width

// Box counts on a log axis read as "1k", "10k", "1M" rather than as powers of ten.
class CountLogTicker : public QCPAxisTickerLog
{
public:
    CountLogTicker() { setLogBase(10); }

protected:
    QString getTickLabel(double tick, const QLocale& locale, QChar formatChar, int precision) override
    {
        Q_UNUSED(formatChar);
        Q_UNUSED(precision);
        if (tick >= 1e6)
            return locale.toString(tick / 1e6, 'g', 3) + QLatin1Char('M');
        if (tick >= 1e3)
            return locale.toString(tick / 1e3, 'g', 3) + QLatin1Char('k');
        return locale.toString(tick, 'g', 3);
    }
};

// A plot with the house look of a report figure: white, a title, log-log axes whose x ticks are the measured
// powers of two and whose y ticks speak seconds.
void setUp(QCustomPlot& plot, const QString& title, const QString& xLabel, const QVector<double>& xTicks)
{
    plot.setBackground(Qt::white);
    plot.plotLayout()->insertRow(0);
    auto* heading = new QCPTextElement(&plot, title, QFont(plot.font().family(), 12, QFont::Bold));
    plot.plotLayout()->addElement(0, 0, heading);

    auto ticker = QSharedPointer<QCPAxisTickerText>::create();
    for (double x : xTicks)
        ticker->addTick(x, QString::number(x));
    plot.xAxis->setScaleType(QCPAxis::stLogarithmic);
    plot.xAxis->setTicker(ticker);
    plot.xAxis->setSubTicks(false);
    plot.xAxis->setLabel(xLabel);
    if (!xTicks.isEmpty())
        plot.xAxis->setRange(xTicks.front() / 1.25, xTicks.back() * 1.25);

    plot.yAxis->setScaleType(QCPAxis::stLogarithmic);
    plot.yAxis->setTicker(QSharedPointer<ss::LogSecondsTicker>::create());
    plot.yAxis->setLabel(QStringLiteral("time per call (median)"));
    for (QCPAxis* axis : {plot.xAxis, plot.yAxis}) {
        axis->grid()->setSubGridVisible(axis == plot.yAxis);
        axis->grid()->setPen(QPen(QColor(210, 210, 210), 0));
        axis->grid()->setSubGridPen(QPen(QColor(235, 235, 235), 0));
    }
    // The legend below the axes in two columns: inside them it would cover a line wherever it sat.
    plot.legend->setVisible(true);
    plot.legend->setBorderPen(Qt::NoPen);
    plot.legend->setBrush(Qt::NoBrush);
    plot.axisRect()->insetLayout()->take(plot.legend);
    plot.plotLayout()->addElement(2, 0, plot.legend);
    plot.plotLayout()->setRowStretchFactor(2, 0.001);
    plot.legend->setFillOrder(QCPLegend::foColumnsFirst);
    plot.legend->setWrap(2);
    plot.legend->setColumnSpacing(24);
    plot.legend->setMargins(QMargins(60, 0, 0, 6));
}

// Adds SERIES over ROWS (x read from X_KEY) and returns the y range it spans (an empty range when nothing).
QCPRange addSeries(QCustomPlot& plot, const QJsonArray& rows, const QString& xKey, const Series& series,
                   QCPAxis* valueAxis = nullptr)
{
    QVector<double> xs;
    QVector<double> ys;
    for (const QJsonValue& v : rows) {
        const QJsonObject row = v.toObject();
        if (series.rowFilter && !series.rowFilter(row))
            continue;
        const double x = row.value(xKey).toDouble();
        const double y = row.value(series.key).toDouble();
        // A log axis has no place for zero or a missing figure.
        if (x > 0 && y > 0 && std::isfinite(x) && std::isfinite(y)) {
            xs.push_back(x);
            ys.push_back(y);
        }
    }
    if (xs.isEmpty())
        return QCPRange(0, 0);
    QCPGraph* graph = plot.addGraph(plot.xAxis, valueAxis ? valueAxis : plot.yAxis);
    graph->setName(series.name);
    QPen pen(series.colour, series.width, series.style);
    graph->setPen(pen);
    graph->setScatterStyle(QCPScatterStyle(series.shape, series.colour, series.colour, 6));
    graph->setData(xs, ys, true);
    return QCPRange(*std::min_element(ys.begin(), ys.end()), *std::max_element(ys.begin(), ys.end()));
}

QCPRange unite(const QCPRange& a, const QCPRange& b)
{
    if (a.lower <= 0)
        return b;
    if (b.lower <= 0)
        return a;
    return QCPRange(std::min(a.lower, b.lower), std::max(a.upper, b.upper));
}

// A horizontal reference line with its label at the right end: the 16 ms of one frame at 60 Hz.
void addFrameLine(QCustomPlot& plot, double seconds, const QString& label)
{
    auto* line = new QCPItemStraightLine(&plot);
    line->point1->setCoords(1, seconds);
    line->point2->setCoords(2, seconds);
    line->setPen(QPen(QColor(120, 120, 120), 1.5, Qt::DashDotLine));
    auto* text = new QCPItemText(&plot);
    // At the left end, where both charts' lines are still well below a frame.
    text->setPositionAlignment(Qt::AlignLeft | Qt::AlignBottom);
    text->position->setTypeX(QCPItemPosition::ptAxisRectRatio);
    text->position->setTypeY(QCPItemPosition::ptPlotCoords);
    text->position->setCoords(0.01, seconds);
    text->setText(label);
    text->setColor(QColor(90, 90, 90));
}

QVector<double> xValues(const QJsonArray& rows, const QString& key)
{
    QVector<double> xs;
    for (const QJsonValue& v : rows) {
        const double x = v.toObject().value(key).toDouble();
        if (x > 0 && !xs.contains(x))
            xs.push_back(x);
    }
    std::sort(xs.begin(), xs.end());
    return xs;
}

void fitY(QCustomPlot& plot, QCPRange range)
{
    if (range.lower <= 0)
        range = QCPRange(1e-6, 1);
    // Whole decades around the data, so the log axis starts and ends on a labelled tick.
    plot.yAxis->setRange(std::pow(10, std::floor(std::log10(range.lower))),
                         std::pow(10, std::ceil(std::log10(range.upper * 1.05))));
}

bool save(QCustomPlot& plot, const QString& file)
{
    if (!plot.savePng(file, kWidth, kHeight, kScale)) {
        std::fprintf(stderr, "shardscope-benchplot: cannot write %s\n", qPrintable(file));
        return false;
    }
    std::printf("%s\n", qPrintable(file));
    return true;
}

bool plotGpus(const QJsonObject& scaling, const QString& file)
{
    const QJsonArray rows = scaling.value(QStringLiteral("gpus")).toArray();
    QCustomPlot plot;
    setUp(
        plot, QStringLiteral("evaluate() with the timeline as the cluster grows"),
        QStringLiteral("GPUs (DGX A100 nodes; tp 8 × pp 8 × dp GPUs/64, interleaved 1F1B, 96 microbatches)"),
        xValues(rows, QStringLiteral("gpus")));
    const QString gpus = QStringLiteral("gpus");
    // Whole evaluations in black, the parts in colour; cold dashed beside warm solid (legend rows in pairs).
    const Series series[] = {
        {QStringLiteral("evaluate(), warm (an edit in the GUI)"), QStringLiteral("eval_s"), Qt::black},
        {QStringLiteral("evaluate(), cold (a new cluster: topology built)"), QStringLiteral("eval_cold_s"),
         Qt::black, Qt::DashLine},
        {QStringLiteral("communication, warm model"), QStringLiteral("comm_warm_s"), QColor(214, 39, 40)},
        {QStringLiteral("communication, cold model"), QStringLiteral("comm_cold_s"), QColor(214, 39, 40),
         Qt::DashLine},
        {QStringLiteral("step simulation and timeline"), QStringLiteral("sim_s"), QColor(31, 119, 180),
         Qt::SolidLine, 2, QCPScatterStyle::ssTriangle},
        {QStringLiteral("topology and communication model built"), QStringLiteral("topology_s"),
         QColor(140, 140, 140), Qt::SolidLine, 1.5, QCPScatterStyle::ssSquare},
        {QStringLiteral("memory"), QStringLiteral("memory_s"), QColor(44, 160, 44), Qt::SolidLine, 2,
         QCPScatterStyle::ssDiamond},
    };
    QCPRange range(0, 0);
    for (const Series& s : series)
        range = unite(range, addSeries(plot, rows, gpus, s));
    addFrameLine(plot, 0.016, QStringLiteral("16 ms: one frame at 60 Hz"));
    fitY(plot, unite(range, QCPRange(0.016, 0.016)));
    return save(plot, file);
}

bool plotMicrobatches(const QJsonObject& scaling, const QString& file)
{
    const QJsonArray rows = scaling.value(QStringLiteral("microbatches")).toArray();
    QCustomPlot plot;
    setUp(plot, QStringLiteral("evaluate() with the timeline as the step's microbatches grow"),
          QStringLiteral("microbatches per step (1024 GPUs: tp 8 × pp 8 × dp 16)"),
          xValues(rows, QStringLiteral("m")));
    const auto schedule = [](const char* name) {
        return [name](const QJsonObject& row) {
            return row.value(QStringLiteral("schedule")).toString() == QLatin1String(name);
        };
    };
    const QColor oneF(31, 119, 180);
    const QColor inter(255, 127, 14);
    const Series series[] = {
        {QStringLiteral("evaluate(), 1F1B"), QStringLiteral("eval_s"), oneF, Qt::SolidLine, 2,
         QCPScatterStyle::ssDisc, schedule("1f1b")},
        {QStringLiteral("step simulation, 1F1B"), QStringLiteral("sim_s"), oneF, Qt::DashLine, 2,
         QCPScatterStyle::ssCircle, schedule("1f1b")},
        {QStringLiteral("evaluate(), interleaved (2 chunks)"), QStringLiteral("eval_s"), inter, Qt::SolidLine,
         2, QCPScatterStyle::ssDisc, schedule("interleaved")},
        {QStringLiteral("step simulation, interleaved"), QStringLiteral("sim_s"), inter, Qt::DashLine, 2,
         QCPScatterStyle::ssCircle, schedule("interleaved")},
    };
    QCPRange range(0, 0);
    for (const Series& s : series)
        range = unite(range, addSeries(plot, rows, QStringLiteral("m"), s));

    // The timeline's boxes on the right axis: what the simulation writes and the Gantt chart draws.
    plot.yAxis2->setVisible(true);
    plot.yAxis2->setScaleType(QCPAxis::stLogarithmic);
    plot.yAxis2->setTicker(QSharedPointer<CountLogTicker>::create());
    plot.yAxis2->setLabel(QStringLiteral("timeline boxes"));
    const QColor grey(150, 150, 150);
    QCPRange boxes(0, 0);
    boxes = unite(boxes, addSeries(plot, rows, QStringLiteral("m"),
                                   {QStringLiteral("timeline boxes, 1F1B (right axis)"),
                                    QStringLiteral("timeline_boxes"), grey, Qt::DotLine, 1.5,
                                    QCPScatterStyle::ssPlus, schedule("1f1b")},
                                   plot.yAxis2));
    boxes = unite(boxes, addSeries(plot, rows, QStringLiteral("m"),
                                   {QStringLiteral("timeline boxes, interleaved (right axis)"),
                                    QStringLiteral("timeline_boxes"), grey, Qt::DotLine, 1.5,
                                    QCPScatterStyle::ssCross, schedule("interleaved")},
                                   plot.yAxis2));
    if (boxes.lower > 0)
        plot.yAxis2->setRange(std::pow(10, std::floor(std::log10(boxes.lower))),
                              std::pow(10, std::ceil(std::log10(boxes.upper * 1.05))));
    // Where the timeline turns coarse (more than 300k boxes: each op's tp collectives drawn inside its box),
    // the box count and the simulation's time drop: marked so the dip does not read as a measuring fault.
    double lastDetailed = 0;
    double firstCoarse = 0;
    for (const QJsonValue& v : rows) {
        const QJsonObject row = v.toObject();
        const double m = row.value(QStringLiteral("m")).toDouble();
        if (row.value(QStringLiteral("timeline_coarse")).toBool())
            firstCoarse = firstCoarse > 0 ? std::min(firstCoarse, m) : m;
        else
            lastDetailed = std::max(lastDetailed, m);
    }
    if (firstCoarse > 0 && lastDetailed > 0 && lastDetailed < firstCoarse) {
        const double x = std::sqrt(lastDetailed * firstCoarse);
        auto* line = new QCPItemStraightLine(&plot);
        line->point1->setCoords(x, 1);
        line->point2->setCoords(x, 2);
        line->setPen(QPen(QColor(150, 150, 150), 1, Qt::DotLine));
        auto* text = new QCPItemText(&plot);
        // Left of the line at the top, the one corner no line reaches.
        text->setPositionAlignment(Qt::AlignRight | Qt::AlignTop);
        text->position->setTypeX(QCPItemPosition::ptPlotCoords);
        text->position->setTypeY(QCPItemPosition::ptAxisRectRatio);
        text->position->setCoords(x, 0.02);
        text->setPadding(QMargins(0, 0, 6, 0));
        text->setText(QStringLiteral(
            "past 300k boxes the timeline turns coarse:\ntp collectives drawn inside their ops' boxes →"));
        text->setTextAlignment(Qt::AlignRight);
        text->setColor(QColor(90, 90, 90));
    }
    addFrameLine(plot, 0.016, QStringLiteral("16 ms: one frame at 60 Hz"));
    fitY(plot, unite(range, QCPRange(0.016, 0.016)));
    return save(plot, file);
}

// The README's table: every figure of the default run, what it measures and its target.
struct Figure
{
    const char* key;
    const char* what;
    double target = 0;    // 0: none
    bool atLeast = false; // a rate: the target is a floor, not a ceiling
};

const Figure kFigures[] = {
    {"eval_default_s", "evaluate() of the default example (memory, communication, step)", 1e-3},
    {"validate_eval_default_s", "validateScenario() and evaluate() of the default example"},
    {"collective_1024gpu_s",
     "one 1 GiB all-reduce over 1024 GPUs (128 DGX A100), auto (ring, tree, hierarchical considered), cold "
     "model",
     1e-3},
    {"eval_gpt3_175b_s", "evaluate() of GPT-3 175B on 1024 GPUs (example gpt3-175b-megatron), no timeline"},
    {"eval_1024gpu_s",
     "evaluate() with the timeline: GPT-3 175B, tp 8 × pp 16 × dp 8, 128 microbatches, interleaved (170k "
     "boxes)",
     20e-3},
    {"planner_configs_per_s",
     "layouts the planner evaluates per second (GPT-3 175B on 1024 GPUs, both cores)", 30000, true},
    {"planner_gpt3_1024gpu_s", "the planner's whole search of that case"},
    {"sweep_gpt3_100_batches_s",
     "a sweep of 100 global batch sizes (64 … 6,400) of GPT-3 175B, tp 8 × pp 8 × dp 8, interleaved with 3 "
     "chunks, both cores",
     0.1},
    {"eval_cli_131072gpu_s",
     "`shardscope-cli eval` of GPT-3 175B on 131,072 GPUs (16,384 DGX A100), wall time", 0.25},
    {"eval_cli_131072gpu_peak_bytes", "its peak resident memory", 300e6},
    {"eval_cli_131072gpu_json_bytes", "the JSON it prints (links summarised by class)"},
    {"eval_cli_1048576gpu_s", "the same on 1,048,576 GPUs (`--huge`)", 2},
    {"eval_cli_1048576gpu_peak_bytes", "its peak resident memory", 1e9},
    {"eval_cli_1048576gpu_json_bytes", "the JSON it prints", 50e6},
    {"plan_cli_131072gpu_s",
     "`shardscope-cli plan` of GPT-3 175B on 131,072 GPUs (global batch 16,384; ~2,000 layouts), both cores"},
    {"plan_cli_131072gpu_peak_bytes", "its peak resident memory"},
    {"gui_update_s", "one panel edit to the Overview's three charts repainted", 16e-3},
    {"gui_update_grab_s", "the same with the whole window repainted"},
    {"gui_update_64_stages_s", "one panel edit with 64 pipeline stages", 16e-3},
    {"gui_redraw_64_stages_s", "the views' share of it: the result shown again, the Overview repainted",
     16e-3},
    {"gui_redraw_131072gpu_s",
     "the views' share of an edit on 131,072 GPUs (GPT-3 175B): the result shown again, the Overview "
     "repainted",
     16e-3},
    {"gui_redraw_bandwidth_131072gpu_s",
     "the same with the Bandwidth tab shown: its chart of the busiest of ~530k loaded links repainted",
     16e-3},
    {"gantt_repaint_100k_s", "one pan frame of the Gantt chart, about 100k boxes, half the step in view",
     16e-3},
    {"gantt_repaint_100k_full_s", "the same with the whole step in view"},
    {"gantt_cursor_frame_100k_s", "one frame of the time cursor sweeping that chart (its own layer redrawn)",
     16e-3},
    {"gantt_reset_100k_s", "100k boxes loaded into the Gantt chart and drawn"},
    {"canvas_repaint_256gpu_s", "one drag frame of the topology canvas, 32 DGX A100 (256 GPUs) all drawn",
     16e-3},
    {"startup_s", "`shardscope` from process start to its first painted window", 1},
};

QString formatSeconds(double s)
{
    const auto digits = [](double v) { return v >= 100 ? 0 : (v >= 10 ? 1 : 2); };
    if (s >= 1)
        return QString::number(s, 'f', digits(s)) + QStringLiteral(" s");
    if (s >= 1e-3)
        return QString::number(s * 1e3, 'f', digits(s * 1e3)) + QStringLiteral(" ms");
    return QString::number(s * 1e6, 'f', digits(s * 1e6)) + QStringLiteral(" µs");
}

// Three significant digits for a measured figure ("38.2 µs"), the round number for a target ("16 ms").
QString formatFigure(const QString& key, double v, bool round = false)
{
    if (key.endsWith(QLatin1String("_bytes")))
        return v < 1e6 ? QString::number(v / 1e3, 'f', 1) + QStringLiteral(" kB")
                       : QString::number(v / 1e6, 'f', v >= 1e8 ? 0 : 1) + QStringLiteral(" MB");
    if (key.endsWith(QLatin1String("_per_s")))
        return QLocale(QLocale::English).toString(qRound64(v)) + QStringLiteral(" /s");
    if (!round)
        return formatSeconds(v);
    if (v >= 1)
        return QString::number(v, 'g', 3) + QStringLiteral(" s");
    if (v >= 1e-3)
        return QString::number(v * 1e3, 'g', 3) + QStringLiteral(" ms");
    return QString::number(v * 1e6, 'g', 3) + QStringLiteral(" µs");
}

double medianOf(QVector<double> v)
{
    std::sort(v.begin(), v.end());
    const qsizetype n = v.size();
    return n == 0 ? 0 : (n % 2 ? v[n / 2] : 0.5 * (v[n / 2 - 1] + v[n / 2]));
}

// Prints the Markdown table of FILES (each the output of one `shardscope-bench --json` run): per figure the
// median over the runs and the spread (lowest to highest run). Figures the bench gains later are listed after
// the known ones, without a description.
int printTable(const QStringList& files)
{
    QMap<QString, QVector<double>> runs;
    for (const QString& name : files) {
        QFile file(name);
        const QJsonDocument doc =
            file.open(QIODevice::ReadOnly) ? QJsonDocument::fromJson(file.readAll()) : QJsonDocument();
        if (!doc.isObject()) {
            std::fprintf(stderr, "shardscope-benchplot: %s is not the output of shardscope-bench --json\n",
                         qPrintable(name));
            return 1;
        }
        const QJsonObject o = doc.object();
        for (auto it = o.begin(); it != o.end(); ++it)
            if (it.value().isDouble())
                runs[it.key()].push_back(it.value().toDouble());
    }
    std::printf("| figure | what it measures | target | median of %lld runs | spread | meets target |\n",
                static_cast<long long>(files.size()));
    std::printf("| --- | --- | --- | --- | --- | --- |\n");
    const auto row = [&](const QString& key, const char* what, double target, bool atLeast) {
        const QVector<double> values = runs.take(key);
        if (values.isEmpty())
            return;
        const double m = medianOf(values);
        const double lo = *std::min_element(values.begin(), values.end());
        const double hi = *std::max_element(values.begin(), values.end());
        const QString targetText = target > 0 ? (atLeast ? QStringLiteral("≥ ") : QStringLiteral("≤ ")) +
                                                    formatFigure(key, target, true)
                                              : QStringLiteral("");
        const QString meets = target > 0 ? ((atLeast ? m >= target : m <= target) ? QStringLiteral("yes")
                                                                                  : QStringLiteral("**no**"))
                                         : QStringLiteral("");
        std::printf("| `%s` | %s | %s | %s | %s – %s | %s |\n", qPrintable(key), what, qPrintable(targetText),
                    qPrintable(formatFigure(key, m)), qPrintable(formatFigure(key, lo)),
                    qPrintable(formatFigure(key, hi)), qPrintable(meets));
    };
    for (const Figure& f : kFigures)
        row(QLatin1String(f.key), f.what, f.target, f.atLeast);
    for (const QString& key : runs.keys())
        row(key, "", 0, false);
    return 0;
}

// Several scaling runs as one: every time the median over the runs of the same row (same GPUs, or same
// schedule and m), everything else from the first run. One run is noisy where the machine was; the median of
// three is not.
QJsonObject mergeRuns(const QList<QJsonObject>& runs)
{
    QJsonObject merged = runs.front();
    for (const QString& section : {QStringLiteral("gpus"), QStringLiteral("microbatches")}) {
        QJsonArray rows = merged.value(section).toArray();
        for (qsizetype i = 0; i < rows.size(); ++i) {
            QJsonObject row = rows[i].toObject();
            const auto sameRow = [&row](const QJsonObject& other) {
                for (const QString& key :
                     {QStringLiteral("gpus"), QStringLiteral("m"), QStringLiteral("schedule")})
                    if (row.value(key) != other.value(key))
                        return false;
                return true;
            };
            for (auto it = row.begin(); it != row.end(); ++it) {
                if (!it.key().endsWith(QLatin1String("_s")) || !it.value().isDouble())
                    continue;
                QVector<double> values;
                for (const QJsonObject& run : runs)
                    for (const QJsonValue& v : run.value(section).toArray())
                        if (sameRow(v.toObject()))
                            values.push_back(v.toObject().value(it.key()).toDouble());
                *it = medianOf(values);
            }
            rows[i] = row;
        }
        merged.insert(section, rows);
    }
    return merged;
}

} // namespace

int main(int argc, char* argv[])
{
    if (qEnvironmentVariableIsEmpty("QT_QPA_PLATFORM"))
        qputenv("QT_QPA_PLATFORM", "offscreen");
    QApplication app(argc, argv);
    QApplication::setApplicationName(QStringLiteral("shardscope-benchplot"));
    QCommandLineParser parser;
    parser.setApplicationDescription(
        QStringLiteral("Draws `shardscope-bench --scaling --json` output (the median of the runs given) into "
                       "scaling-gpus.png and scaling-microbatches.png."));
    parser.addHelpOption();
    const QCommandLineOption table(
        QStringLiteral("table"),
        QStringLiteral("Instead: print the README's Markdown table of the `shardscope-bench "
                       "--json` runs given as arguments (median and spread)."));
    const QCommandLineOption outDir(QStringLiteral("out"), QStringLiteral("Where the PNGs go (default: .)."),
                                    QStringLiteral("dir"), QStringLiteral("."));
    parser.addOption(table);
    parser.addOption(outDir);
    parser.addPositionalArgument(QStringLiteral("run.json"), QStringLiteral("One or more runs of the bench."),
                                 QStringLiteral("run.json..."));
    parser.process(app);
    const QStringList args = parser.positionalArguments();
    if (args.isEmpty())
        parser.showHelp(2);
    if (parser.isSet(table))
        return printTable(args);

    QList<QJsonObject> runs;
    for (const QString& name : args) {
        QFile in(name);
        if (!in.open(QIODevice::ReadOnly)) {
            std::fprintf(stderr, "shardscope-benchplot: cannot read %s\n", qPrintable(name));
            return 1;
        }
        QJsonParseError error;
        const QJsonDocument doc = QJsonDocument::fromJson(in.readAll(), &error);
        if (!doc.isObject() || !doc.object().value(QStringLiteral("gpus")).isArray() ||
            !doc.object().value(QStringLiteral("microbatches")).isArray()) {
            std::fprintf(
                stderr,
                "shardscope-benchplot: %s is not the output of shardscope-bench --scaling --json%s%s\n",
                qPrintable(name), error.error ? ": " : "",
                error.error ? qPrintable(error.errorString()) : "");
            return 1;
        }
        runs.push_back(doc.object());
    }
    const QJsonObject scaling = mergeRuns(runs);
    const QDir out(parser.value(outDir));
    if (!out.exists() && !QDir().mkpath(out.path())) {
        std::fprintf(stderr, "shardscope-benchplot: cannot create %s\n", qPrintable(out.path()));
        return 1;
    }
    const bool gpus = plotGpus(scaling, out.filePath(QStringLiteral("scaling-gpus.png")));
    const bool micro = plotMicrobatches(scaling, out.filePath(QStringLiteral("scaling-microbatches.png")));
    return gpus && micro ? 0 : 1;
}
