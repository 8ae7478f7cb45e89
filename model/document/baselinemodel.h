// SPDX-License-Identifier: GPL-3.0-or-later
// The pinned baseline ("What-if tools"): a scenario and its result, kept beside the document so
// that the views show the current scenario against it until it is unpinned. The baseline is evaluated once,
// when pinned, with the document's EvalOptions, so its figures are the ones the live analysis would give.
//
// Pinning is a view state, not an edit: it is not on the undo stack and does not mark the document
// modified. Undo is for the scenario being explored; an undo that unpinned the baseline would throw away
// the very reference the user is undoing edits against, and pinning would otherwise consume an Undo.
#pragma once

#include "compare.h"
#include "result.h"
#include "scenario.h"

#include <QObject>
#include <QString>

#include <vector>

namespace ss {

class ScenarioDocument;

// A pinned scenario with its result and the name the views give it.
struct Baseline
{
    Scenario scenario;
    Result result;    // without the timeline (the views show its step time and bubble, not its boxes)
    QString label;    // the scenario's name, or its file name when it has none
    QString fileName; // the file it came from; "" when pinned from the document
};

class BaselineModel : public QObject
{
    Q_OBJECT
public:
    explicit BaselineModel(ScenarioDocument* document, QObject* parent = nullptr);

    bool isPinned() const { return m_pinned; }
    // The pinned baseline; only meaningful while isPinned().
    const Baseline& baseline() const { return m_baseline; }
    // The pinned baseline or nullptr: what the charts and the exports take.
    const Baseline* pinned() const { return m_pinned ? &m_baseline : nullptr; }

    // Whether the document's scenario can be pinned now: it is valid and has been evaluated.
    bool canPinCurrent() const;
    // Pins the document's current scenario. Returns false and changes nothing when it is invalid.
    bool pinCurrent(QString* error = nullptr);
    // Pins the scenario of FILE_NAME (read and validated as File > Open does). A file that cannot be read
    // or is not a valid scenario changes nothing (the pinned baseline, if any, stays) and sets *ERROR.
    bool pinFile(const QString& fileName, QString* error = nullptr);
    // Pins SCENARIO under LABEL; it must be valid (else false, nothing changes).
    bool pinScenario(const Scenario& scenario, const QString& label, const QString& fileName = {},
                     QString* error = nullptr);
    void unpin();

    // The document's result against the baseline (compareResults); empty while nothing is pinned or the
    // document has no result.
    std::vector<FigureDelta> deltas() const;

signals:
    // Pinned, replaced or unpinned.
    void changed();

private:
    void setBaseline(Baseline baseline);

    ScenarioDocument* m_document;
    Baseline m_baseline;
    bool m_pinned = false;
};

} // namespace ss
