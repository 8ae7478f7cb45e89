// SPDX-License-Identifier: GPL-3.0-or-later
// Runs validateScenario() + evaluate() (with the step's timeline) for the document. Small scenarios take
// well under a millisecond and are evaluated inline, so an edit redraws in the same frame; big ones (a
// thousand GPUs, a hundred thousand timeline boxes) take tens of milliseconds and run on the thread pool:
// copy in, value out, stale results dropped by a generation number (BackgroundJob). The result is moved from
// evaluate() into one shared, immutable Analysis that the document keeps (latest()): a timeline of a hundred
// thousand boxes is never copied on its way to the views. Which path a scenario
// takes is decided by an estimate of its cost from its sizes, not by a clock, so it is the same on every
// run and in every test.
#pragma once

#include "backgroundjob.h"
#include "evaluate.h"
#include "result.h"
#include "scenario.h"
#include "validate.h"

#include <QObject>
#include <QtGlobal>

#include <memory>
#include <optional>
#include <vector>

namespace ss {

// One analysis of one scenario: its problems and, when it has none, its result.
struct Analysis
{
    quint64 generation = 0;
    std::vector<Problem> problems;
    bool evaluated = false; // false when the problems prevented evaluation
    Result result;
    double seconds = 0; // wall time of validate + evaluate
};

class AnalysisRunner : public QObject
{
    Q_OBJECT
public:
    enum class Mode
    {
        Inline,    // evaluate in request(), finished() is emitted before it returns
        Threaded,  // evaluate on the thread pool, finished() arrives through the event loop
        Automatic, // inline while estimatedSeconds() is at most inlineLimitSeconds(), else threaded
    };

    explicit AnalysisRunner(QObject* parent = nullptr);
    ~AnalysisRunner() override;

    Mode mode() const { return m_mode; }
    void setMode(Mode mode) { m_mode = mode; }
    // Half a frame: the views need the other half to redraw.
    static constexpr double inlineLimitSeconds() { return 0.008; }
    // What evaluate() with the timeline is expected to take for SCENARIO on a desktop core, from its sizes.
    static double estimatedSeconds(const Scenario& scenario);
    // Whether request(SCENARIO) evaluates inline in the current mode.
    bool runsInline(const Scenario& scenario) const;

    // What evaluate() is asked for; the timeline by default (the Gantt chart draws it).
    EvalOptions options() const { return m_options; }
    void setOptions(const EvalOptions& options) { m_options = options; }

    // The generation of the latest request; results of older generations are never emitted.
    quint64 generation() const { return m_job.generation(); }
    bool isBusy() const { return m_job.isRunning() || m_queued.has_value(); }
    // Wall time of the last evaluation that finished (inline or threaded).
    double lastSeconds() const { return m_lastSeconds; }
    // The analysis finished() emitted last, shared rather than copied; null before the first.
    std::shared_ptr<const Analysis> latest() const { return m_latest; }

    // Analyses SCENARIO (copied); a later request makes this one stale. While a threaded evaluation runs,
    // only the latest of the requests made meanwhile is evaluated after it, so scrubbing a big scenario
    // does not queue up work that would be thrown away.
    void request(const Scenario& scenario);

    // The pure function every path runs.
    static Analysis analyse(const Scenario& scenario, quint64 generation, const EvalOptions& options = {});

signals:
    // ANALYSIS is *latest(), which a listener may keep (without copying) by taking latest().
    void finished(const ss::Analysis& analysis);

private:
    void start(const Scenario& scenario);
    void startQueued();
    void accept(Analysis analysis);

    Mode m_mode = Mode::Automatic;
    EvalOptions m_options = [] {
        EvalOptions options;
        options.timeline = true;
        return options;
    }();
    BackgroundJob<Analysis> m_job{this};
    std::optional<Scenario> m_queued;
    double m_lastSeconds = 0;
    std::shared_ptr<const Analysis> m_latest;
};

} // namespace ss

Q_DECLARE_METATYPE(ss::Analysis)
