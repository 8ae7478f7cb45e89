// SPDX-License-Identifier: GPL-3.0-or-later
#include "analysisrunner.h"

#include <QElapsedTimer>
#include <QFutureWatcher>
#include <QtConcurrent/QtConcurrentRun>

namespace ss {

AnalysisRunner::AnalysisRunner(QObject* parent) : QObject(parent)
{
    qRegisterMetaType<ss::Analysis>("ss::Analysis");
}

AnalysisRunner::~AnalysisRunner() = default;

Analysis AnalysisRunner::analyse(const Scenario& scenario, quint64 generation)
{
    QElapsedTimer timer;
    timer.start();
    Analysis analysis;
    analysis.generation = generation;
    analysis.problems = validateScenario(scenario);
    if (analysis.problems.empty()) {
        analysis.result = evaluate(scenario);
        analysis.evaluated = true;
    }
    analysis.seconds = timer.nsecsElapsed() * 1e-9;
    return analysis;
}

void AnalysisRunner::request(const Scenario& scenario)
{
    const quint64 generation = ++m_generation;
    const bool inlineRun =
        m_mode == Mode::Inline || (m_mode == Mode::Automatic && m_lastSeconds < inlineLimitSeconds());
    if (inlineRun) {
        accept(analyse(scenario, generation));
        return;
    }
    // The lambda owns its copy of the scenario; the UI thread never shares data with the worker.
    auto* watcher = new QFutureWatcher<Analysis>(this);
    ++m_pending;
    connect(watcher, &QFutureWatcher<Analysis>::finished, this, [this, watcher] {
        --m_pending;
        accept(watcher->result());
        watcher->deleteLater();
    });
    watcher->setFuture(QtConcurrent::run([scenario, generation] { return analyse(scenario, generation); }));
}

void AnalysisRunner::accept(const Analysis& analysis)
{
    m_lastSeconds = analysis.seconds;
    if (analysis.generation != m_generation)
        return; // stale: a newer request is on its way
    emit finished(analysis);
}

} // namespace ss
