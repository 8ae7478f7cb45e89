// SPDX-License-Identifier: GPL-3.0-or-later
// Runs validateScenario() + evaluate() for the document. The memory engine takes microseconds, so the
// default is to evaluate inline; the threaded path (copy in, value out, stale results dropped by a
// generation number, DESIGN.md) is kept for the slower engines that follow.
#pragma once

#include "evaluate.h"
#include "result.h"
#include "scenario.h"
#include "validate.h"

#include <QObject>
#include <QtGlobal>

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
        Automatic, // inline while the last evaluation was faster than inlineLimitSeconds()
    };

    explicit AnalysisRunner(QObject* parent = nullptr);
    ~AnalysisRunner() override;

    Mode mode() const { return m_mode; }
    void setMode(Mode mode) { m_mode = mode; }
    static constexpr double inlineLimitSeconds() { return 0.004; }

    // The generation of the latest request; results of older generations are never emitted.
    quint64 generation() const { return m_generation; }
    bool isBusy() const { return m_pending > 0; }

    // Analyses SCENARIO (copied); a later request makes this one stale.
    void request(const Scenario& scenario);

    // The pure function every path runs.
    static Analysis analyse(const Scenario& scenario, quint64 generation);

signals:
    void finished(const ss::Analysis& analysis);

private:
    void accept(const Analysis& analysis);

    // Inline until an engine needs more than a frame: results then never depend on thread timing.
    Mode m_mode = Mode::Inline;
    quint64 m_generation = 0;
    int m_pending = 0;
    double m_lastSeconds = 0;
};

} // namespace ss

Q_DECLARE_METATYPE(ss::Analysis)
