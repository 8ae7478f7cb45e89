// SPDX-License-Identifier: GPL-3.0-or-later
#include "explainmodel.h"

#include "analysisrunner.h"
#include "evaluate.h"
#include "scenariodocument.h"

namespace ss {

namespace {

Result explainedResult(const Scenario& scenario)
{
    EvalOptions options;
    options.explain = true;
    options.timeline = false; // the explanations do not need the boxes (their figures are the same)
    return evaluate(scenario, options);
}

} // namespace

ExplainModel::ExplainModel(ScenarioDocument* document, QObject* parent)
    : QObject(parent), m_document(document)
{
    connect(document, &ScenarioDocument::scenarioChanged, this, &ExplainModel::invalidate);
}

ExplainModel::~ExplainModel() = default;

bool ExplainModel::isValid() const
{
    return validateScenario(m_document->scenario()).empty();
}

void ExplainModel::invalidate()
{
    m_job.advance();
    const bool wasReady = m_ready;
    const bool wasRefused = m_refused;
    m_ready = false;
    m_refused = false;
    // Also after a request refused for an invalid scenario: whoever asked shows that the scenario had
    // problems, which this change may have fixed.
    if (wasReady || wasRefused || m_job.isRunning())
        emit invalidated();
}

void ExplainModel::request()
{
    if (m_ready || m_job.isRunningCurrent())
        return;
    const Scenario& scenario = m_document->scenario();
    if (!validateScenario(scenario).empty()) {
        m_refused = true;
        return;
    }
    const quint64 generation = m_job.generation();
    const bool inlineRun =
        m_mode == Mode::Inline || (m_mode == Mode::Automatic && AnalysisRunner::estimatedSeconds(scenario) <=
                                                                    AnalysisRunner::inlineLimitSeconds());
    ++m_evaluations;
    if (inlineRun) {
        accept(generation, explainedResult(scenario));
        return;
    }
    // The lambda owns its copy of the scenario; a newer request while this one runs starts its own, and
    // whichever finishes for an older scenario is dropped.
    m_job.start([scenario] { return explainedResult(scenario); },
                [this, generation](Result result) { accept(generation, std::move(result)); });
}

void ExplainModel::accept(quint64 generation, Result result)
{
    if (!m_job.isCurrent(generation))
        return; // explains a scenario that has changed since
    m_result = std::move(result);
    m_index.clear();
    m_index.reserve(qsizetype(m_result.explain.size()));
    for (std::size_t i = 0; i < m_result.explain.size(); ++i)
        m_index.insert(QString::fromStdString(m_result.explain[i].figure), int(i));
    m_ready = true;
    emit ready();
}

const Explanation* ExplainModel::find(const QString& figure) const
{
    const auto it = m_index.constFind(figure);
    return it == m_index.cend() ? nullptr : &m_result.explain[std::size_t(*it)];
}

} // namespace ss
