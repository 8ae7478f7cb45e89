// SPDX-License-Identifier: GPL-3.0-or-later
// The editable scenario. It owns the Scenario and its QUndoStack; every edit is one command pushed by a
// setter that returns early on a no-op (CONTRIBUTING.md, "Editing"). It also owns the AnalysisRunner and
// holds the latest analysis: the problems of the current scenario and the last valid result, the latter
// shared with the runner that made it rather than copied.
#pragma once

#include "analysisrunner.h"
#include "fields.h"
#include "layoutfix.h"
#include "result.h"
#include "scenario.h"
#include "validate.h"

#include <QObject>
#include <QString>

#include <functional>
#include <memory>
#include <optional>
#include <vector>

class QUndoStack;

namespace ss {

class ScenarioEditCommand;

class ScenarioDocument : public QObject
{
    Q_OBJECT
public:
    // Scrub: a step of a spin box or slider; consecutive scrubs of one field merge into one undo step.
    enum class EditKind
    {
        Commit,
        Scrub
    };

    explicit ScenarioDocument(QObject* parent = nullptr);
    ~ScenarioDocument() override;

    const Scenario& scenario() const { return m_scenario; }
    QUndoStack* undoStack() const { return m_undoStack; }
    AnalysisRunner* runner() const { return m_runner; }

    // The value of a field of the field table (fields.h); a default FieldValue for an unknown path.
    FieldValue fieldValue(const QString& path) const;

    // --- Edits. Each returns "" when applied or when it changed nothing (then nothing is pushed), else
    // a sentence saying why the value was rejected; a rejected value changes nothing.
    QString setField(const QString& path, const FieldValue& value, EditKind kind = EditKind::Commit);
    // Parses TEXT as the field's unit string ("80 GiB", "7.5B", "bf16-mixed") and sets it.
    QString setFieldText(const QString& path, const QString& text, EditKind kind = EditKind::Commit);
    void setName(const QString& name);
    // Replaces cluster.topology with TOPOLOGY, the whole graph after one canvas edit. When the scenario
    // had none (its cluster was generated from the node preset), this makes it explicit in the same step.
    // Edits with the same non-empty MERGE_KEY merge into one step (scrubbing a link's count).
    void setTopology(const Topology& topology, const QString& description, const QString& mergeKey = {});
    // Drops the explicit topology, so the cluster is generated from its node preset again (one step).
    void clearTopology(const QString& description);
    // Replaces the whole scenario as one undoable step (opening an example, a file, an import).
    // FILE_NAME is the file the document is then bound to ("" for none).
    void replaceScenario(const Scenario& scenario, const QString& description, const QString& fileName = {});
    // Starts over with SCENARIO and an empty history (session restore); MODIFIED marks it unsaved.
    void resetScenario(const Scenario& scenario, const QString& fileName = {}, bool modified = false);

    // --- Files. A failed open leaves the document untouched and sets *ERROR to one line.
    bool openFile(const QString& fileName, QString* error = nullptr);
    bool saveFile(const QString& fileName, QString* error = nullptr);
    bool openExample(const QString& id, QString* error = nullptr);
    void newFromDefault();
    // The name a scenario opened from a file or an example (or the default one) takes: NAMES maps the
    // stored name to it. The window maps the built-in examples' titles to the user's language; unset, a
    // name is kept as it is.
    // NAMES gives a built-in example's name in the user's language; the scenario the document starts with
    // (never edited, no file) is renamed by it at once.
    void setLocalNames(std::function<QString(const QString&)> names);
    QString fileName() const { return m_fileName; }
    bool isModified() const;

    // --- Analysis.
    // Problems of the current scenario (validateScenario); empty when it evaluates.
    const std::vector<Problem>& problems() const { return m_problems; }
    bool isValid() const { return m_problems.empty(); }
    // The messages of the problems blamed on PATH, one per line; "" when there are none.
    QString problemsAt(const QString& path) const;
    // A one-field change that fixes the layout problem blamed on PATH (dp × tp × pp × cp against the GPUs),
    // leaving PATH itself alone: what the user just set stays. None when PATH has no such problem or no
    // single degree fixes it.
    std::optional<FieldFix> suggestedFix(const QString& path) const;
    // The result of the last valid scenario; it stays while the current one is invalid. The reference is
    // good until the next resultChanged(): a later evaluation replaces the object, so whoever keeps it
    // across the event loop keeps a copy.
    const Result& result() const { return m_evaluated->result; }
    // What keeps result() alive: a view that reads it after resultChanged() returns (a worker laying out the
    // timeline) holds this meanwhile.
    std::shared_ptr<const void> resultOwner() const { return m_evaluated; }
    bool hasResult() const { return m_hasResult; }
    // Whether result() belongs to the current scenario (false while it is invalid or being evaluated).
    bool isResultCurrent() const { return m_resultCurrent; }
    quint64 resultGeneration() const { return m_resultGeneration; }

signals:
    void scenarioChanged();
    void resultChanged();
    void problemsChanged();
    void fileNameChanged(const QString& fileName);
    void modifiedChanged(bool modified);

private:
    friend class ScenarioEditCommand;
    void applyState(const Scenario& scenario, const QString& fileName);
    void push(const Scenario& after, const QString& text, const QString& mergeKey = {},
              const QString& fileAfter = QString(), bool keepFile = true);
    void onAnalysis(const Analysis& analysis);
    static bool isLayoutProblem(const Problem& problem);
    void localizeName(Scenario& scenario) const;

    Scenario m_scenario;
    QString m_fileName;
    QUndoStack* m_undoStack;
    AnalysisRunner* m_runner;
    std::vector<Problem> m_problems;
    QString m_lastEdited; // the field of the last setField(), "" after any other change
    std::function<QString(const QString&)> m_localNames;
    // The last analysis that evaluated (an empty one before the first): result() is its result.
    std::shared_ptr<const Analysis> m_evaluated = std::make_shared<const Analysis>();
    bool m_hasResult = false;
    bool m_resultCurrent = false;
    quint64 m_resultGeneration = 0;
};

} // namespace ss
