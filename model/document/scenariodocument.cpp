// SPDX-License-Identifier: GPL-3.0-or-later
#include "scenariodocument.h"

#include "enginetext.h"
#include "examples.h"
#include "fieldnames.h"
#include "scenariocommands.h"
#include "scenariojson.h"

#include <QFileInfo>
#include <QUndoStack>

namespace ss {

ScenarioDocument::ScenarioDocument(QObject* parent)
    : QObject(parent), m_scenario(io::defaultExampleScenario()), m_undoStack(new QUndoStack(this)),
      m_runner(new AnalysisRunner(this))
{
    connect(m_undoStack, &QUndoStack::cleanChanged, this,
            [this](bool clean) { emit modifiedChanged(!clean); });
    connect(m_runner, &AnalysisRunner::finished, this, &ScenarioDocument::onAnalysis);
    m_runner->request(m_scenario);
}

ScenarioDocument::~ScenarioDocument()
{
    // A document being destroyed announces nothing: clearing the stack would emit modifiedChanged() into
    // listeners that may be half destroyed themselves (a MainWindow owning the document is already a bare
    // QWidget when its children go; UBSan reported the downcast).
    blockSignals(true);
    // The stack's commands point back at this document; drop them before the members go.
    m_undoStack->clear();
}

FieldValue ScenarioDocument::fieldValue(const QString& path) const
{
    const FieldInfo* field = findField(path.toStdString());
    return field && field->get ? field->get(m_scenario) : FieldValue();
}

QString ScenarioDocument::setField(const QString& path, const FieldValue& value, EditKind kind)
{
    const FieldInfo* field = findField(path.toStdString());
    if (!field || !field->set)
        return tr("%1 is not a scenario field.").arg(path);
    if (const std::string error = checkFieldValue(*field, value); !error.empty())
        return EngineText::fieldError(*field, QString::fromStdString(fieldText(*field, value)));
    // The same value is a no-op even where storing it would have side effects (a GPU figure typed
    // again must not detach the GPU from the catalogue).
    if (field->get && field->get(m_scenario) == value)
        return {};
    Scenario after = m_scenario;
    if (const std::string error = field->set(after, value); !error.empty())
        return EngineText::fieldError(*field, QString::fromStdString(fieldText(*field, value)));
    if (after == m_scenario)
        return {};
    m_lastEdited = path; // before the push, whose analysis blames its problems (onAnalysis())
    push(after, tr("Set %1").arg(FieldNames::label(path)), kind == EditKind::Scrub ? path : QString());
    return {};
}

QString ScenarioDocument::setFieldText(const QString& path, const QString& text, EditKind kind)
{
    const FieldInfo* field = findField(path.toStdString());
    if (!field)
        return tr("%1 is not a scenario field.").arg(path);
    FieldValue value;
    if (const std::string error = parseFieldText(*field, text.trimmed().toStdString(), value); !error.empty())
        return EngineText::fieldError(*field, text);
    return setField(path, value, kind);
}

void ScenarioDocument::setName(const QString& name)
{
    const std::string text = name.trimmed().toStdString();
    if (text.empty() || text == m_scenario.name)
        return;
    Scenario after = m_scenario;
    after.name = text;
    push(after, tr("Rename scenario"));
}

void ScenarioDocument::setTopology(const Topology& topology, const QString& description,
                                   const QString& mergeKey)
{
    if (m_scenario.cluster.topology && *m_scenario.cluster.topology == topology)
        return;
    Scenario after = m_scenario;
    after.cluster.topology = topology;
    push(after, description, mergeKey.isEmpty() ? QString() : QStringLiteral("topology:") + mergeKey);
}

void ScenarioDocument::clearTopology(const QString& description)
{
    if (!m_scenario.cluster.topology)
        return;
    Scenario after = m_scenario;
    after.cluster.topology.reset();
    push(after, description);
}

void ScenarioDocument::replaceScenario(const Scenario& scenario, const QString& description,
                                       const QString& fileName)
{
    if (scenario == m_scenario && fileName == m_fileName)
        return;
    m_lastEdited.clear();
    push(scenario, description, {}, fileName, false);
}

void ScenarioDocument::resetScenario(const Scenario& scenario, const QString& fileName, bool modified)
{
    m_lastEdited.clear();
    m_undoStack->clear();
    applyState(scenario, fileName);
    m_undoStack->setClean();
    if (modified)
        m_undoStack->resetClean();
}

void ScenarioDocument::setLocalNames(std::function<QString(const QString&)> names)
{
    m_localNames = std::move(names);
    // The built-in default the document starts with takes its name in the user's language, as an example
    // opened later does; a document already edited or bound to a file keeps its name.
    if (m_fileName.isEmpty() && m_undoStack->count() == 0) {
        Scenario start = m_scenario;
        localizeName(start);
        if (start.name != m_scenario.name)
            resetScenario(start);
    }
}

void ScenarioDocument::localizeName(Scenario& scenario) const
{
    if (m_localNames)
        scenario.name = m_localNames(QString::fromStdString(scenario.name)).toStdString();
}

bool ScenarioDocument::openFile(const QString& fileName, QString* error)
{
    Scenario loaded;
    QString message;
    if (!io::loadScenarioFile(fileName, loaded, &message)) {
        if (error)
            *error = message;
        return false;
    }
    localizeName(loaded);
    const QString absolute = QFileInfo(fileName).absoluteFilePath();
    replaceScenario(loaded, tr("Open %1").arg(QFileInfo(fileName).fileName()), absolute);
    m_undoStack->setClean();
    return true;
}

bool ScenarioDocument::saveFile(const QString& fileName, QString* error)
{
    QString message;
    if (!io::saveScenarioFile(fileName, m_scenario, &message)) {
        if (error)
            *error = message;
        return false;
    }
    const QString absolute = QFileInfo(fileName).absoluteFilePath();
    if (absolute != m_fileName) {
        m_fileName = absolute;
        emit fileNameChanged(m_fileName);
    }
    m_undoStack->setClean();
    return true;
}

bool ScenarioDocument::openExample(const QString& id, QString* error)
{
    Scenario loaded;
    QString message;
    if (!io::loadExample(id, loaded, &message)) {
        if (error)
            *error = message;
        return false;
    }
    localizeName(loaded);
    replaceScenario(loaded, tr("Open example %1").arg(QString::fromStdString(loaded.name)));
    // An example is a fresh, unsaved scenario with nothing to lose.
    m_undoStack->setClean();
    return true;
}

void ScenarioDocument::newFromDefault()
{
    Scenario scenario = io::defaultExampleScenario();
    localizeName(scenario);
    replaceScenario(scenario, tr("New scenario"));
    m_undoStack->setClean();
}

bool ScenarioDocument::isModified() const
{
    return !m_undoStack->isClean();
}

std::optional<FieldFix> ScenarioDocument::suggestedFix(const QString& path) const
{
    for (const Problem& problem : m_problems)
        if (problem.path == path.toStdString() && isLayoutProblem(problem)) {
            const std::vector<FieldFix> fixes = layoutFixes(m_scenario, problem.path);
            if (!fixes.empty())
                return fixes.front();
        }
    return std::nullopt;
}

QString ScenarioDocument::problemsAt(const QString& path) const
{
    QStringList messages;
    const std::string key = path.toStdString();
    for (const Problem& problem : m_problems) {
        if (problem.path == key)
            messages << EngineText::problem(problem);
    }
    return messages.join(QLatin1Char('\n'));
}

void ScenarioDocument::push(const Scenario& after, const QString& text, const QString& mergeKey,
                            const QString& fileAfter, bool keepFile)
{
    m_undoStack->push(new ScenarioEditCommand(this, m_scenario, after, m_fileName,
                                              keepFile ? m_fileName : fileAfter, text, mergeKey));
}

void ScenarioDocument::applyState(const Scenario& scenario, const QString& fileName)
{
    m_scenario = scenario;
    if (fileName != m_fileName) {
        m_fileName = fileName;
        emit fileNameChanged(m_fileName);
    }
    m_resultCurrent = false;
    emit scenarioChanged();
    m_runner->request(m_scenario);
}

// A layout that does not cover the cluster is blamed on the engine's choice, parallel.dp; when the user has
// just set another parallel degree, that degree is the field to mark.
bool ScenarioDocument::isLayoutProblem(const Problem& problem)
{
    return problem.code == "parallel.product" || problem.code == "parallel.product_cp";
}

void ScenarioDocument::onAnalysis(const Analysis& analysis)
{
    std::vector<Problem> problems = analysis.problems;
    static const QStringList degrees = {QStringLiteral("parallel.dp"), QStringLiteral("parallel.tp"),
                                        QStringLiteral("parallel.pp"), QStringLiteral("parallel.cp")};
    if (degrees.contains(m_lastEdited))
        for (Problem& problem : problems)
            if (isLayoutProblem(problem))
                problem.path = m_lastEdited.toStdString();
    const bool problemsChangedNow = problems.size() != m_problems.size() ||
                                    !std::equal(problems.begin(), problems.end(), m_problems.begin(),
                                                [](const Problem& a, const Problem& b) {
                                                    return a.path == b.path && a.message == b.message;
                                                });
    m_problems = std::move(problems);
    if (problemsChangedNow)
        emit problemsChanged();
    if (!analysis.evaluated)
        return; // keep the last valid result on display
    // The runner's own copy is shared; another emitter's (none in the application) is copied.
    std::shared_ptr<const Analysis> latest = m_runner->latest();
    m_evaluated = latest.get() == &analysis ? std::move(latest) : std::make_shared<const Analysis>(analysis);
    m_hasResult = true;
    m_resultCurrent = true;
    m_resultGeneration = analysis.generation;
    emit resultChanged();
}

} // namespace ss
