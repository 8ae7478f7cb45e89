// SPDX-License-Identifier: GPL-3.0-or-later
#include "baselinemodel.h"

#include "enginetext.h"
#include "scenariodocument.h"
#include "scenariojson.h"

#include <QFileInfo>

#include <utility>

namespace ss {

namespace {

// The baseline keeps what the views compare: its timeline (up to a hundred thousand boxes for a big
// cluster) and explanations would only cost memory.
Result lean(Result result)
{
    result.timeline.clear();
    result.timeline.shrink_to_fit();
    result.explain.clear();
    return result;
}

} // namespace

BaselineModel::BaselineModel(ScenarioDocument* document, QObject* parent)
    : QObject(parent), m_document(document)
{
    setObjectName(QStringLiteral("baselineModel"));
}

bool BaselineModel::canPinCurrent() const
{
    return m_document->isValid();
}

bool BaselineModel::pinCurrent(QString* error)
{
    if (!m_document->isValid()) {
        if (error)
            *error = tr("The scenario has problems; only a valid scenario can be pinned as the baseline.");
        return false;
    }
    const Scenario& scenario = m_document->scenario();
    QString label = QString::fromStdString(scenario.name);
    if (label.isEmpty())
        label = QFileInfo(m_document->fileName()).fileName();
    // The document's result is the live analysis of this very scenario: pinning it is evaluating once
    // with the same options, without the wait.
    if (m_document->hasResult() && m_document->isResultCurrent()) {
        setBaseline({scenario, lean(m_document->result()), label, QString()});
        return true;
    }
    return pinScenario(scenario, label, QString(), error);
}

bool BaselineModel::pinFile(const QString& fileName, QString* error)
{
    Scenario loaded;
    QString message;
    if (!io::loadScenarioFile(fileName, loaded, &message)) {
        if (error)
            *error = message;
        return false;
    }
    QString label = QString::fromStdString(loaded.name);
    if (label.isEmpty())
        label = QFileInfo(fileName).fileName();
    return pinScenario(loaded, label, QFileInfo(fileName).absoluteFilePath(), error);
}

bool BaselineModel::pinScenario(const Scenario& scenario, const QString& label, const QString& fileName,
                                QString* error)
{
    // The same analysis as the document's (validate, then evaluate with its options), once, inline: pinning
    // is a rare gesture and even a thousand-GPU scenario evaluates in tens of milliseconds.
    Analysis analysis = AnalysisRunner::analyse(scenario, 0, m_document->runner()->options());
    if (!analysis.evaluated) {
        if (error) {
            const QString first =
                analysis.problems.empty() ? QString() : EngineText::problem(analysis.problems.front());
            *error = tr("The baseline scenario cannot be evaluated: %1").arg(first);
        }
        return false;
    }
    setBaseline({scenario, lean(std::move(analysis.result)), label, fileName});
    return true;
}

void BaselineModel::unpin()
{
    if (!m_pinned)
        return;
    m_pinned = false;
    m_baseline = Baseline();
    emit changed();
}

std::vector<FigureDelta> BaselineModel::deltas() const
{
    if (!m_pinned || !m_document->hasResult())
        return {};
    return compareResults(m_baseline.result, m_document->result());
}

void BaselineModel::setBaseline(Baseline baseline)
{
    m_baseline = std::move(baseline);
    m_pinned = true;
    emit changed();
}

} // namespace ss
