// SPDX-License-Identifier: GPL-3.0-or-later
#include "scenariocommands.h"

#include "scenariodocument.h"

#include <utility>

namespace ss {

namespace {
constexpr int mergeableId = 0x5353; // "SS"; commands without a merge key return -1
}

ScenarioEditCommand::ScenarioEditCommand(ScenarioDocument* document, Scenario before, Scenario after,
                                         QString fileBefore, QString fileAfter, const QString& text,
                                         QString mergeKey)
    : QUndoCommand(text), m_document(document), m_before(std::move(before)), m_after(std::move(after)),
      m_fileBefore(std::move(fileBefore)), m_fileAfter(std::move(fileAfter)), m_mergeKey(std::move(mergeKey))
{
}

void ScenarioEditCommand::undo()
{
    m_document->applyState(m_before, m_fileBefore);
}

void ScenarioEditCommand::redo()
{
    m_document->applyState(m_after, m_fileAfter);
}

int ScenarioEditCommand::id() const
{
    return m_mergeKey.isEmpty() ? -1 : mergeableId;
}

bool ScenarioEditCommand::mergeWith(const QUndoCommand* other)
{
    const auto* next = dynamic_cast<const ScenarioEditCommand*>(other);
    if (!next || next->m_mergeKey != m_mergeKey || next->m_document != m_document)
        return false;
    m_after = next->m_after;
    m_fileAfter = next->m_fileAfter;
    // Scrubbing back to where it started leaves nothing to undo.
    setObsolete(m_after == m_before && m_fileAfter == m_fileBefore);
    return true;
}

} // namespace ss
