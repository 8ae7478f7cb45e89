// SPDX-License-Identifier: GPL-3.0-or-later
// The rows of the Compare tab: every compared figure (compareResults()) with the baseline's value, the
// current one, the change and the change in percent, the change coloured by better or worse.
#pragma once

#include "compare.h"

#include <QAbstractTableModel>
#include <QPalette>

#include <vector>

namespace ss {

class CompareModel : public QAbstractTableModel
{
    Q_OBJECT
public:
    enum Column
    {
        FigureColumn,
        BaselineColumn,
        CurrentColumn,
        ChangeColumn,
        PercentColumn,
        ColumnCount
    };
    // Data roles beyond Qt's: the figure's result JSON path, its Verdict as an int, the raw numbers.
    enum Role
    {
        FigureIdRole = Qt::UserRole + 1,
        VerdictRole,
        ValueRole, // the column's number: baseline, current, delta or relative; invalid where there is none
    };

    explicit CompareModel(QObject* parent = nullptr);

    void resetData(const std::vector<FigureDelta>& deltas, const QString& baselineLabel);
    // The palette the change colours are chosen for (light or dark theme).
    void setPalette(const QPalette& palette);
    // Tells the views that every header and cell reads differently now (View > Language), keeping the rows.
    void retranslate();
    const std::vector<FigureDelta>& deltas() const { return m_deltas; }

    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

private:
    std::vector<FigureDelta> m_deltas;
    QString m_baselineLabel;
    QPalette m_palette;
};

} // namespace ss
