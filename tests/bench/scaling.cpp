// SPDX-License-Identifier: GPL-3.0-or-later
#include "scaling.h"

#include "collective.h"
#include "comm.h"
#include "evaluate.h"
#include "examples.h"
#include "memory.h"
#include "presets.h"
#include "stepsim.h"
#include "validate.h"

#include <QElapsedTimer>
#include <QJsonArray>
#include <QTextStream>

#include <algorithm>
#include <cstdio>
#include <functional>
#include <optional>
#include <vector>

namespace ss::bench {

namespace {

volatile double sink = 0; // keeps the optimiser from dropping the work measured

// How many samples a figure gets: at least MIN_RUNS, more while the figure's time budget lasts. Cheap
// figures (memory: microseconds) get hundreds of samples, the 16k-GPU cold communication a handful.
struct Budget
{
    int minRuns = 5;
    int maxRuns = 200;
    double seconds = 0.5;
};

double median(std::vector<double> samples)
{
    std::sort(samples.begin(), samples.end());
    const std::size_t n = samples.size();
    return n == 0 ? 0 : (n % 2 ? samples[n / 2] : 0.5 * (samples[n / 2 - 1] + samples[n / 2]));
}

// The median seconds of BODY; SETUP runs before each sample, untimed (a fresh model for a cold figure, a
// copy of the inputs the body consumes).
double timeRuns(const Budget& budget, const std::function<void()>& setup, const std::function<void()>& body)
{
    std::vector<double> samples;
    QElapsedTimer total;
    total.start();
    QElapsedTimer timer;
    while (int(samples.size()) < budget.minRuns ||
           (int(samples.size()) < budget.maxRuns && total.nsecsElapsed() * 1e-9 < budget.seconds)) {
        if (setup)
            setup();
        timer.start();
        body();
        samples.push_back(timer.nsecsElapsed() * 1e-9);
    }
    return median(samples);
}

// GPT-3 175B (Brown et al. 2020, Table 2.1: 96 layers, d_model 12288) as the gpt3-175b-megatron example
// sets it up: A100 80GB in DGX A100 nodes, InfiniBand HDR with 8 NICs per node, sequence parallelism,
// selective recompute.
constexpr int kGpusPerNode = 8;
constexpr std::int64_t kTp = 8; // tensor parallelism inside one NVSwitch node (Narayanan et al. SC'21 §3.3)
constexpr std::int64_t kPp = 8; // 12 layers per stage, 6 per interleaved chunk
constexpr std::int64_t kChunks = 2;
constexpr std::int64_t kGpuScalingMicrobatches = 96; // the example's 1536 sequences over its dp 16
constexpr int kMicrobatchScalingGpus = 1024;         // the example's cluster

// N GPUs as tp 8 × pp 8 × dp N/64, interleaved 1F1B with 2 chunks, 96 microbatches of one sequence per
// pipeline: the model-parallel part stays as Megatron-LM lays out GPT-3 and the cluster grows by data
// parallelism (weak scaling), so what changes from row to row is the cluster and the dp groups, not the
// work of one pipeline.
Scenario gpuScenario(const Scenario& base, int gpus)
{
    Scenario s = base;
    s.cluster.nodes = gpus / kGpusPerNode;
    s.cluster.gpus_per_node = kGpusPerNode;
    s.parallel.tp = kTp;
    s.parallel.pp = kPp;
    s.parallel.dp = gpus / (kTp * kPp);
    s.parallel.schedule = Schedule::Interleaved;
    s.parallel.virtual_stages = kChunks;
    s.training.micro_batch = 1;
    s.training.global_batch = kGpuScalingMicrobatches * s.parallel.dp;
    return s;
}

// 1024 GPUs as tp 8 × pp 8 × dp 16 with M microbatches of one sequence per step.
Scenario microbatchScenario(const Scenario& base, int microbatches, Schedule schedule)
{
    Scenario s = gpuScenario(base, kMicrobatchScalingGpus);
    s.parallel.schedule = schedule;
    s.parallel.virtual_stages = schedule == Schedule::Interleaved ? kChunks : 1;
    s.training.global_batch = std::int64_t(microbatches) * s.parallel.dp;
    return s;
}

EvalOptions guiOptions()
{
    // What AnalysisRunner asks for: the timeline (the Gantt chart draws it) and the drawing detail.
    EvalOptions options;
    options.timeline = true;
    return options;
}

// The result evaluate() has built when it calls estimateStep(): memory, compute and communication, no step.
Result beforeStep(const Scenario& s)
{
    EvalOptions options;
    options.timeline = false;
    Result r = evaluate(s, options);
    r.step = {};
    r.bottleneck = {};
    r.timeline.clear();
    return r;
}

void progress(const ScalingOptions& options, const char* what, int value)
{
    if (options.progress) {
        std::fprintf(stderr, "shardscope-bench --scaling: %s %d\n", what, value);
        std::fflush(stderr);
    }
}

QJsonObject gpuRow(const Scenario& s, const Budget& budget)
{
    const EvalOptions gui = guiOptions();
    QJsonObject row;
    row.insert(QStringLiteral("gpus"), double(s.gpus()));
    row.insert(QStringLiteral("nodes"), double(s.cluster.nodes));
    row.insert(QStringLiteral("dp"), double(s.parallel.dp));
    row.insert(QStringLiteral("tp"), double(s.parallel.tp));
    row.insert(QStringLiteral("pp"), double(s.parallel.pp));
    const std::int64_t m = s.training.global_batch / (s.parallel.dp * s.training.micro_batch);
    row.insert(QStringLiteral("microbatches"), double(m));

    Topology topology;
    CommModel probe;
    if (!scenarioTopology(s, topology) || !CommModel::fromTopology(topology, probe))
        return {};
    row.insert(QStringLiteral("devices"), double(topology.nodes.size()));
    row.insert(QStringLiteral("links"), double(topology.links.size()));

    // Warm: the thread's communication model already holds this cluster (a GUI edit after the first).
    Result result = evaluate(s, gui);
    row.insert(QStringLiteral("timeline_boxes"), double(result.timeline.size()));
    const auto dropResult = [&] { result = {}; };
    const auto evaluateWarm = [&] { result = evaluate(s, gui); };
    row.insert(QStringLiteral("eval_s"), timeRuns(budget, dropResult, evaluateWarm));
    sink = sink + result.step.time_s;

    // Cold: the cluster's topology generated, its communication model built and the step evaluated on it,
    // what evaluate() does when the cluster changes (a new node count, a new network).
    std::optional<CommModel> model;
    const auto dropModel = [&] {
        model.reset();
        result = {};
    };
    const auto buildModel = [&] {
        Topology t;
        scenarioTopology(s, t);
        model.emplace();
        CommModel::fromTopology(t, *model);
    };
    const auto evaluateCold = [&] {
        buildModel();
        EvalOptions options = gui;
        options.comm_model = &*model;
        result = evaluate(s, options);
    };
    row.insert(QStringLiteral("eval_cold_s"), timeRuns(budget, dropModel, evaluateCold));
    sink = sink + result.step.time_s;
    row.insert(QStringLiteral("topology_s"), timeRuns(budget, dropModel, buildModel));

    std::vector<Warning> warnings;
    const auto clearWarnings = [&] { warnings.clear(); };
    const auto memory = [&] { sink = sink + estimateMemory(s, m, warnings).peak_gpu_bytes; };
    row.insert(QStringLiteral("memory_s"), timeRuns(budget, clearWarnings, memory));

    // Communication on a model just built (no route, ring or plan cached yet), then on one that has costed
    // this step before. The model's construction is topology_s, not part of either.
    CommResult comm;
    const auto freshModel = [&] {
        comm = {};
        model.emplace();
        CommModel::fromTopology(topology, *model);
    };
    const auto commCold = [&] { comm = estimateCommunication(s, m, *model); };
    row.insert(QStringLiteral("comm_cold_s"), timeRuns(budget, freshModel, commCold));
    estimateCommunication(s, m, probe);
    const auto dropComm = [&] { comm = {}; };
    const auto commWarm = [&] { comm = estimateCommunication(s, m, probe); };
    row.insert(QStringLiteral("comm_warm_s"), timeRuns(budget, dropComm, commWarm));
    row.insert(QStringLiteral("collectives"), double(comm.collectives.size()));
    model.reset();

    // The step simulation with its timeline, on the memory and communication already in the result.
    const Result before = beforeStep(s);
    const auto restore = [&] { result = before; };
    const auto simulate = [&] { estimateStep(s, result, true); };
    row.insert(QStringLiteral("sim_s"), timeRuns(budget, restore, simulate));
    sink = sink + result.step.time_s;
    return row;
}

QJsonObject microbatchRow(const Scenario& s, const char* schedule, const Budget& budget)
{
    const EvalOptions gui = guiOptions();
    const std::int64_t m = s.training.global_batch / (s.parallel.dp * s.training.micro_batch);
    QJsonObject row;
    row.insert(QStringLiteral("m"), double(m));
    row.insert(QStringLiteral("schedule"), QString::fromLatin1(schedule));
    row.insert(QStringLiteral("gpus"), double(s.gpus()));

    Result result = evaluate(s, gui); // also warms the thread's communication model
    row.insert(QStringLiteral("timeline_boxes"), double(result.timeline.size()));
    // Past kDetailedTimelineBoxes the timeline draws each op's tp collectives inside its box: fewer boxes.
    const bool coarse = std::any_of(result.warnings.begin(), result.warnings.end(),
                                    [](const Warning& w) { return w.code == "step.timeline_coarse"; });
    row.insert(QStringLiteral("timeline_coarse"), coarse);
    row.insert(QStringLiteral("step_s"), result.step.time_s);
    row.insert(QStringLiteral("bubble_fraction"), result.step.bubble_fraction);
    const auto dropResult = [&] { result = {}; };
    const auto evaluateWarm = [&] { result = evaluate(s, gui); };
    row.insert(QStringLiteral("eval_s"), timeRuns(budget, dropResult, evaluateWarm));
    const Result before = beforeStep(s);
    const auto restore = [&] { result = before; };
    const auto simulate = [&] { estimateStep(s, result, true); };
    row.insert(QStringLiteral("sim_s"), timeRuns(budget, restore, simulate));
    sink = sink + result.step.time_s;
    return row;
}

QString seconds(double s)
{
    if (s >= 1)
        return QString::number(s, 'f', 2) + QStringLiteral(" s");
    if (s >= 1e-3)
        return QString::number(s * 1e3, 'f', 2) + QStringLiteral(" ms");
    return QString::number(s * 1e6, 'f', 1) + QStringLiteral(" us");
}

} // namespace

QJsonObject runScaling(const ScalingOptions& options)
{
    QJsonObject out;
    Scenario base;
    QString error;
    if (!io::loadExample(QStringLiteral("gpt3-175b-megatron"), base, &error)) {
        out.insert(QStringLiteral("error"), error);
        return out;
    }
    const Budget budget = options.quick ? Budget{3, 3, 0} : Budget{};
    const int maxGpus = options.quick ? 256 : 16384;
    const int maxMicrobatches = options.quick ? 16 : 1024;

    QJsonObject config;
    config.insert(QStringLiteral("model"), QStringLiteral("GPT-3 175B (example gpt3-175b-megatron)"));
    config.insert(
        QStringLiteral("cluster"),
        QStringLiteral("DGX A100 nodes (8 A100-SXM4-80GB on NVSwitch), InfiniBand HDR, 8 NICs per node"));
    config.insert(
        QStringLiteral("gpus_layout"),
        QStringLiteral("tp 8 x pp 8 x dp gpus/64, interleaved 1F1B with 2 chunks, %1 microbatches of 1 "
                       "sequence per step (global batch %1 x dp)")
            .arg(kGpuScalingMicrobatches));
    config.insert(
        QStringLiteral("microbatches_layout"),
        QStringLiteral("%1 GPUs as tp 8 x pp 8 x dp 16, m microbatches of 1 sequence; 1F1B for every m, "
                       "interleaved (2 chunks) where m is a multiple of pp")
            .arg(kMicrobatchScalingGpus));
    config.insert(QStringLiteral("statistic"),
                  options.quick
                      ? QStringLiteral("median of 3 runs")
                      : QStringLiteral("median of %1 to %2 runs (as many as fit in %3 s per figure)")
                            .arg(budget.minRuns)
                            .arg(budget.maxRuns)
                            .arg(budget.seconds));
    config.insert(QStringLiteral("quick"), options.quick);
    out.insert(QStringLiteral("config"), config);

    QJsonArray gpus;
    for (int n = 64; n <= maxGpus; n *= 2) {
        progress(options, "gpus", n);
        const Scenario s = gpuScenario(base, n);
        if (!validateScenario(s).empty())
            continue;
        const QJsonObject row = gpuRow(s, budget);
        if (!row.isEmpty())
            gpus.append(row);
    }
    out.insert(QStringLiteral("gpus"), gpus);

    QJsonArray microbatches;
    const struct
    {
        Schedule schedule;
        const char* name;
    } schedules[] = {{Schedule::OneFOneB, "1f1b"}, {Schedule::Interleaved, "interleaved"}};
    for (const auto& schedule : schedules) {
        for (int m = 1; m <= maxMicrobatches; m *= 2) {
            const Scenario s = microbatchScenario(base, m, schedule.schedule);
            // The interleaved schedule needs m to be a multiple of pp (Narayanan et al. SC'21 §2.2.2).
            if (!validateScenario(s).empty())
                continue;
            progress(options, schedule.name, m);
            microbatches.append(microbatchRow(s, schedule.name, budget));
        }
    }
    out.insert(QStringLiteral("microbatches"), microbatches);
    return out;
}

QString scalingTable(const QJsonObject& scaling)
{
    QString text;
    QTextStream stream(&text);
    const auto cell = [](const QJsonObject& row, const char* key) {
        return seconds(row.value(QLatin1String(key)).toDouble()).rightJustified(11);
    };
    stream
        << "GPUs ("
        << scaling.value(QStringLiteral("config")).toObject().value(QStringLiteral("gpus_layout")).toString()
        << ")\n";
    stream << "   gpus      eval   eval cold    topology      memory   comm cold   comm warm         sim   "
              "boxes\n";
    for (const QJsonValue& v : scaling.value(QStringLiteral("gpus")).toArray()) {
        const QJsonObject row = v.toObject();
        stream << QString::number(row.value(QStringLiteral("gpus")).toInt()).rightJustified(7)
               << cell(row, "eval_s") << cell(row, "eval_cold_s") << cell(row, "topology_s")
               << cell(row, "memory_s") << cell(row, "comm_cold_s") << cell(row, "comm_warm_s")
               << cell(row, "sim_s")
               << QString::number(row.value(QStringLiteral("timeline_boxes")).toInt()).rightJustified(8)
               << '\n';
    }
    stream << "\nMicrobatches ("
           << scaling.value(QStringLiteral("config"))
                  .toObject()
                  .value(QStringLiteral("microbatches_layout"))
                  .toString()
           << ")\n";
    stream << "schedule          m        eval         sim    boxes\n";
    for (const QJsonValue& v : scaling.value(QStringLiteral("microbatches")).toArray()) {
        const QJsonObject row = v.toObject();
        stream << row.value(QStringLiteral("schedule")).toString().leftJustified(12)
               << QString::number(row.value(QStringLiteral("m")).toInt()).rightJustified(6)
               << cell(row, "eval_s") << cell(row, "sim_s")
               << QString::number(row.value(QStringLiteral("timeline_boxes")).toInt()).rightJustified(9)
               << (row.value(QStringLiteral("timeline_coarse")).toBool() ? " coarse" : "") << '\n';
    }
    return text;
}

} // namespace ss::bench
