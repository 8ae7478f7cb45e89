// SPDX-License-Identifier: GPL-3.0-or-later
// The table of the layout planner: the best feasible layouts, ranked by the objective with the
// engine's planBetter(). It only lists what the planner found; a QSortFilterProxyModel sorts it by any column
// (PlannerModel::SortRole holds the number behind each cell).
#pragma once

#include "planner.h"

#include <QAbstractTableModel>

#include <vector>

namespace ss {

class PlannerModel : public QAbstractTableModel
{
    Q_OBJECT
public:
    enum Column
    {
        Rank,
        Dp,
        Tp,
        Pp,
        Cp,
        Ep,
        RecipeColumn, // full training or LoRA/QLoRA and its rank, with the optimizer
        MicroBatch,
        Zero,
        RecomputeColumn,
        ScheduleColumn,
        SequenceParallel,
        StepTime,
        TokensPerSecond,
        Mfu,
        PeakMemory,
        ColumnCount
    };
    // The number a column sorts by (a rank, a count, seconds, bytes); Qt::DisplayRole is the text.
    static constexpr int SortRole = Qt::UserRole + 1;

    explicit PlannerModel(QObject* parent = nullptr);

    // Shows the best LIMIT of CANDIDATES ranked by OBJECTIVE (the candidates in any order).
    void resetData(const std::vector<PlanCandidate>& candidates, PlanObjective objective, int limit);
    void clear();
    // The layout the document has now: its row is drawn in bold.
    void setCurrentLayout(const Layout& layout, bool valid);
    const std::vector<PlanCandidate>& rows() const { return m_rows; }

    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

    // "tp 8 × pp 8 × dp 16", the words of the undo step and the tooltips; the rest of a layout in one line.
    static QString layoutTitle(const Layout& layout);
    static QString layoutDetails(const Layout& layout);
    // "Full · Adam", "QLoRA r 16 · 8-bit Adam": the fine-tuning recipe of LAYOUT.
    static QString recipeText(const Layout& layout);
    static QString recomputeText(Recompute recompute);
    static QString scheduleText(const Layout& layout);
    // Headers are translated: call after a language change.
    void retranslate();

private:
    std::vector<PlanCandidate> m_rows;
    Layout m_current;
    bool m_hasCurrent = false;
};

} // namespace ss
