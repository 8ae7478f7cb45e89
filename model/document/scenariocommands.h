// SPDX-License-Identifier: GPL-3.0-or-later
// The one undo command of the document: it swaps whole scenario snapshots. A Scenario is a small value,
// so a snapshot is cheaper to get right than an inverse per kind of edit, and a field setter that
// touches other fields (choosing a catalogue GPU fills its figures) undoes exactly.
#pragma once

#include "scenario.h"

#include <QString>
#include <QUndoCommand>

namespace ss {

class ScenarioDocument;

class ScenarioEditCommand : public QUndoCommand
{
public:
    // MERGE_KEY: edits with the same non-empty key merge into one step (spin-box scrubbing of a field).
    ScenarioEditCommand(ScenarioDocument* document, Scenario before, Scenario after, QString fileBefore,
                        QString fileAfter, const QString& text, QString mergeKey = {});

    void undo() override;
    void redo() override;
    int id() const override;
    bool mergeWith(const QUndoCommand* other) override;

    const QString& mergeKey() const { return m_mergeKey; }

private:
    ScenarioDocument* m_document;
    Scenario m_before;
    Scenario m_after;
    QString m_fileBefore;
    QString m_fileAfter;
    QString m_mergeKey;
};

} // namespace ss
