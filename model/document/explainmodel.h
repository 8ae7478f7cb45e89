// SPDX-License-Identifier: GPL-3.0-or-later
// The explanations of the document's current scenario ("Explain everything"): evaluate() with
// EvalOptions::explain, run lazily on the first request after a change and cached until the next one, so an
// edit never pays for them. A scenario the AnalysisRunner would evaluate inline is explained inline too
// (ready() before request() returns); a large one on the thread pool, copy in and value out, a result of an
// older scenario dropped by its generation number (BackgroundJob; docs/architecture.md).
#pragma once

#include "backgroundjob.h"
#include "result.h"

#include <QHash>
#include <QObject>
#include <QString>

namespace ss {

class ScenarioDocument;

class ExplainModel : public QObject
{
    Q_OBJECT
public:
    enum class Mode
    {
        Inline,    // evaluate in request()
        Threaded,  // evaluate on the thread pool; ready() arrives through the event loop
        Automatic, // inline when AnalysisRunner would evaluate the scenario inline, else threaded
    };

    explicit ExplainModel(ScenarioDocument* document, QObject* parent = nullptr);
    ~ExplainModel() override;

    Mode mode() const { return m_mode; }
    void setMode(Mode mode) { m_mode = mode; }

    // Makes the explanations of the current scenario available: nothing to do when they are (isReady()),
    // else evaluates once. Does nothing while the scenario has problems (isValid() false).
    void request();
    // The explanations belong to the current scenario.
    bool isReady() const { return m_ready; }
    bool isRunning() const { return m_job.isRunning(); }
    // The current scenario has no problems, so it can be explained.
    bool isValid() const;

    // The last explained evaluation (no timeline); its explanations are for the current scenario while
    // isReady(), else for an earlier one (or empty).
    const Result& result() const { return m_result; }
    // The explanation of FIGURE ("comm.collectives[2].time_s"); nullptr when there is none.
    const Explanation* find(const QString& figure) const;
    // How many evaluations ran (tests check that edits alone run none).
    int evaluations() const { return m_evaluations; }

signals:
    // The explanations of the current scenario are ready.
    void ready();
    // The scenario changed: what result() holds is out of date until the next request(), or a request was
    // refused for the scenario before it (invalid) and may now be answered.
    void invalidated();

private:
    void invalidate();
    void accept(quint64 generation, Result result);

    ScenarioDocument* m_document;
    Mode m_mode = Mode::Automatic;
    Result m_result;
    QHash<QString, int> m_index; // figure -> index into m_result.explain
    bool m_ready = false;
    bool m_refused = false; // the last request() found the scenario invalid
    int m_evaluations = 0;
    BackgroundJob<Result> m_job{this}; // its generation is the scenario's, advanced by every change
};

} // namespace ss
