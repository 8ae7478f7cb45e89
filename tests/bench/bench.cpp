// SPDX-License-Identifier: GPL-3.0-or-later
// shardscope-bench [--json] [--quick]: medians of
//   eval_default_s  engine evaluate() of the built-in default example (target <= 1 ms)
//   gui_update_s    one panel edit through the document to the memory chart repainted, offscreen
//                   (target <= 16 ms, one frame)
// and a few neighbours for context. Medians, so a stray scheduler hiccup does not move the figure.
#include "evaluate.h"
#include "examples.h"
#include "fields.h"
#include "mainwindow.h"
#include "memorychart.h"
#include "scenariodocument.h"
#include "validate.h"

#include <QApplication>
#include <QCommandLineParser>
#include <QElapsedTimer>
#include <QJsonDocument>
#include <QJsonObject>

#include <algorithm>
#include <cstdio>
#include <functional>
#include <vector>

namespace {

double median(std::vector<double> samples)
{
    std::sort(samples.begin(), samples.end());
    const std::size_t n = samples.size();
    return n == 0 ? 0 : (n % 2 ? samples[n / 2] : 0.5 * (samples[n / 2 - 1] + samples[n / 2]));
}

// Runs BODY WARMUP times unmeasured, then RUNS times measured; returns the median seconds.
double measure(int warmup, int runs, const std::function<void(int)>& body)
{
    for (int i = 0; i < warmup; ++i)
        body(i);
    std::vector<double> samples;
    samples.reserve(runs);
    QElapsedTimer timer;
    for (int i = 0; i < runs; ++i) {
        timer.start();
        body(i);
        samples.push_back(timer.nsecsElapsed() * 1e-9);
    }
    return median(samples);
}

volatile double sink = 0; // keeps the optimiser from dropping the evaluations

} // namespace

int main(int argc, char* argv[])
{
    if (qEnvironmentVariableIsEmpty("QT_QPA_PLATFORM"))
        qputenv("QT_QPA_PLATFORM", "offscreen");
    QApplication app(argc, argv);
    QApplication::setApplicationName(QStringLiteral("shardscope-bench"));
    QCommandLineParser parser;
    parser.setApplicationDescription(QStringLiteral("ShardScope benchmarks: medians in seconds."));
    parser.addHelpOption();
    const QCommandLineOption json(QStringLiteral("json"), QStringLiteral("Print the medians as JSON."));
    const QCommandLineOption quick(QStringLiteral("quick"), QStringLiteral("Few runs (a smoke test)."));
    parser.addOption(json);
    parser.addOption(quick);
    parser.process(app);
    const bool fast = parser.isSet(quick);

    QJsonObject medians;
    const ss::Scenario scenario = ss::io::defaultExampleScenario();
    const int evalRuns = fast ? 50 : 5000;
    medians.insert(QStringLiteral("eval_default_s"), measure(evalRuns / 10, evalRuns, [&](int) {
                       sink = sink + ss::evaluate(scenario).memory.peak_gpu_bytes;
                   }));
    medians.insert(QStringLiteral("validate_eval_default_s"), measure(evalRuns / 10, evalRuns, [&](int) {
                       sink = sink + static_cast<double>(ss::validateScenario(scenario).size()) +
                              ss::evaluate(scenario).memory.peak_gpu_bytes;
                   }));
    ss::Scenario gpt3;
    QString error;
    if (ss::io::loadExample(QStringLiteral("gpt3-175b-megatron"), gpt3, &error))
        medians.insert(QStringLiteral("eval_gpt3_175b_s"), measure(evalRuns / 10, evalRuns, [&](int) {
                           sink = sink + ss::evaluate(gpt3).memory.peak_gpu_bytes;
                       }));

    // One edit as a panel makes it (a document setter: one undo command, the analysis, the panel
    // refresh, the summary and the chart's resetData), then the chart repainted at once instead of
    // at the next frame: replot with rpImmediateRefresh renders and repaints synchronously.
    ss::MainWindow window;
    window.resize(1280, 800);
    window.show();
    QApplication::processEvents();
    ss::ScenarioDocument* document = window.document();
    ss::MemoryChart* chart = window.memoryChart();
    const int guiRuns = fast ? 20 : 400;
    const QString microBatch = QStringLiteral("training.micro_batch");
    auto edit = [&](int i) {
        ss::FieldValue value;
        value.number = i % 2 ? 4 : 2;
        document->setField(microBatch, value);
        chart->replot(QCustomPlot::rpImmediateRefresh);
    };
    medians.insert(QStringLiteral("gui_update_s"), measure(guiRuns / 10, guiRuns, edit));
    // The same with the whole window grabbed (every widget repainted), an upper bound.
    medians.insert(QStringLiteral("gui_update_grab_s"), measure(guiRuns / 10, guiRuns, [&](int i) {
                       edit(i);
                       sink = sink + window.grab().width();
                   }));
    // Opening the 64-stage case: the chart with many bars.
    ss::Scenario deep = gpt3;
    deep.parallel.pp = 64;
    deep.parallel.dp = 2;
    deep.parallel.virtual_stages = 1;
    deep.parallel.schedule = ss::Schedule::OneFOneB;
    if (ss::validateScenario(deep).empty()) {
        document->replaceScenario(deep, QStringLiteral("deep"));
        medians.insert(QStringLiteral("gui_update_64_stages_s"), measure(guiRuns / 10, guiRuns, edit));
    }

    if (parser.isSet(json)) {
        std::printf("%s", QJsonDocument(medians).toJson(QJsonDocument::Indented).constData());
    } else {
        for (auto it = medians.begin(); it != medians.end(); ++it)
            std::printf("%-28s %12.2f us\n", qPrintable(it.key()), it.value().toDouble() * 1e6);
    }
    return 0;
}
