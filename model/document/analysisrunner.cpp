// SPDX-License-Identifier: GPL-3.0-or-later
#include "analysisrunner.h"

#include <QElapsedTimer>

#include <algorithm>
#include <cmath>
#include <utility>

namespace ss {

AnalysisRunner::AnalysisRunner(QObject* parent) : QObject(parent)
{
    qRegisterMetaType<ss::Analysis>("ss::Analysis");
}

AnalysisRunner::~AnalysisRunner() = default;

double AnalysisRunner::estimatedSeconds(const Scenario& scenario)
{
    // In doubles throughout: the sizes of a scenario that does not validate may be anything.
    const ParallelSpec& parallel = scenario.parallel;
    const double dp = std::max<double>(static_cast<double>(parallel.dp), 1);
    const double tp = std::max<double>(static_cast<double>(parallel.tp), 1);
    const double pp = std::max<double>(static_cast<double>(parallel.pp), 1);
    const double chunks = parallel.schedule == Schedule::Interleaved
                              ? std::max<double>(static_cast<double>(parallel.virtual_stages), 1)
                              : 1;
    const double microbatches = std::max(
        1.0, std::floor(static_cast<double>(scenario.training.global_batch) /
                        (dp * std::max<double>(static_cast<double>(scenario.training.micro_batch), 1))));
    const double layers = scenario.model.kind == ModelKind::Params
                              ? pp * chunks
                              : std::max<double>(static_cast<double>(scenario.model.layers), 1);
    // The step simulator's boxes (stepsim.cpp): every layer's compute and tensor-parallel segments, forward
    // and backward, for every microbatch, plus each pipeline op and its send.
    const double segments = layers * (tp > 1 ? 4 : 1) + 2 * pp * chunks;
    const double ops = pp * chunks * (parallel.schedule == Schedule::ZbH1 ? 3 : 2) *
                       (scenario.training.recompute == Recompute::None ? 1 : 1.5);
    const double boxes = microbatches * (2 * segments + 2 * ops);
    // Fitted to evaluate() with the timeline on the benchmark machine (2024, one core of a shared 2-core VM),
    // rounded up: GPT-3 175B on 1024 GPUs (118k boxes) 16 ms, tp 8 pp 16 dp 8 with 128 microbatches (147k
    // boxes) 20-30 ms, tp 8 pp 8 with 64 microbatches (51k boxes) 3 ms; the per-GPU term is the routing of
    // the collectives on the cluster.
    constexpr double fixedSeconds = 100e-6;
    constexpr double secondsPerBox = 140e-9;
    constexpr double secondsPerGpu = 8e-6;
    return fixedSeconds + secondsPerBox * boxes + secondsPerGpu * dp * tp * pp;
}

bool AnalysisRunner::runsInline(const Scenario& scenario) const
{
    switch (m_mode) {
    case Mode::Inline:
        return true;
    case Mode::Threaded:
        return false;
    case Mode::Automatic:
        return estimatedSeconds(scenario) <= inlineLimitSeconds();
    }
    return true;
}

Analysis AnalysisRunner::analyse(const Scenario& scenario, quint64 generation, const EvalOptions& options)
{
    QElapsedTimer timer;
    timer.start();
    Analysis analysis;
    analysis.generation = generation;
    analysis.problems = validateScenario(scenario);
    if (analysis.problems.empty()) {
        analysis.result = evaluate(scenario, options);
        analysis.evaluated = true;
    }
    analysis.seconds = timer.nsecsElapsed() * 1e-9;
    return analysis;
}

void AnalysisRunner::request(const Scenario& scenario)
{
    const quint64 generation = m_job.advance();
    if (runsInline(scenario)) {
        m_queued.reset(); // superseded: whatever is still running arrives stale
        accept(analyse(scenario, generation, m_options));
        return;
    }
    if (m_job.isRunning()) {
        m_queued = scenario;
        return;
    }
    start(scenario);
}

void AnalysisRunner::start(const Scenario& scenario)
{
    // The lambda owns its copy of the scenario; the UI thread never shares data with the worker. A result
    // that arrives current has no request queued behind it: every request made while it ran made it stale.
    const quint64 generation = m_job.generation();
    const EvalOptions options = m_options;
    m_job.start([scenario, generation, options] { return analyse(scenario, generation, options); },
                [this](Analysis analysis) { accept(std::move(analysis)); },
                [this](Analysis analysis) {
                    accept(std::move(analysis)); // its time still counts
                    startQueued();
                });
}

void AnalysisRunner::startQueued()
{
    if (!m_queued)
        return;
    const Scenario next = std::move(*m_queued);
    m_queued.reset();
    start(next);
}

void AnalysisRunner::accept(Analysis analysis)
{
    m_lastSeconds = analysis.seconds;
    if (!m_job.isCurrent(analysis.generation))
        return; // stale: a newer request is on its way
    m_latest = std::make_shared<const Analysis>(std::move(analysis));
    emit finished(*m_latest);
}

} // namespace ss
