// SPDX-License-Identifier: GPL-3.0-or-later
#include "comparemodel.h"

#include "comparetext.h"

#include <QFont>

namespace ss {

CompareModel::CompareModel(QObject* parent) : QAbstractTableModel(parent)
{
    setObjectName(QStringLiteral("compareModel"));
}

void CompareModel::resetData(const std::vector<FigureDelta>& deltas, const QString& baselineLabel)
{
    beginResetModel();
    m_deltas = deltas;
    m_baselineLabel = baselineLabel;
    endResetModel();
}

void CompareModel::setPalette(const QPalette& palette)
{
    m_palette = palette;
    if (!m_deltas.empty())
        emit dataChanged(index(0, 0), index(rowCount() - 1, ColumnCount - 1), {Qt::ForegroundRole});
}

void CompareModel::retranslate()
{
    emit headerDataChanged(Qt::Horizontal, 0, ColumnCount - 1);
    if (!m_deltas.empty())
        emit dataChanged(index(0, 0), index(rowCount() - 1, ColumnCount - 1));
}

int CompareModel::rowCount(const QModelIndex& parent) const
{
    return parent.isValid() ? 0 : static_cast<int>(m_deltas.size());
}

int CompareModel::columnCount(const QModelIndex& parent) const
{
    return parent.isValid() ? 0 : ColumnCount;
}

QVariant CompareModel::data(const QModelIndex& index, int role) const
{
    if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid))
        return {};
    const FigureDelta& d = m_deltas[static_cast<std::size_t>(index.row())];
    const int column = index.column();
    switch (role) {
    case Qt::DisplayRole:
        switch (column) {
        case FigureColumn:
            return CompareText::figureName(d.id);
        case BaselineColumn:
            return CompareText::baselineValue(d);
        case CurrentColumn:
            return CompareText::currentValue(d);
        case ChangeColumn:
            return d.verdict == Verdict::Same ? CompareText::change(d) : CompareText::absolute(d);
        case PercentColumn:
            return CompareText::relative(d);
        }
        return {};
    case Qt::ToolTipRole:
        return CompareText::toolTip(d, m_baselineLabel) + QStringLiteral("\n") + QString::fromStdString(d.id);
    case Qt::TextAlignmentRole:
        return column == FigureColumn ? QVariant(Qt::AlignLeft | Qt::AlignVCenter)
                                      : QVariant(Qt::AlignRight | Qt::AlignVCenter);
    case Qt::ForegroundRole:
        if (column == ChangeColumn || column == PercentColumn) {
            const QColor colour = CompareText::verdictColor(d.verdict, m_palette);
            if (colour.isValid())
                return colour;
            if (d.verdict == Verdict::Same)
                return m_palette.color(QPalette::PlaceholderText);
        }
        return {};
    case Qt::FontRole:
        // The headline figures stand out from the per-stage rows under them.
        if (column == FigureColumn && d.id.rfind("memory.per_gpu[", 0) != 0) {
            QFont bold;
            bold.setBold(true);
            return bold;
        }
        return {};
    case FigureIdRole:
        return QString::fromStdString(d.id);
    case VerdictRole:
        return static_cast<int>(d.verdict);
    case ValueRole:
        switch (column) {
        case BaselineColumn:
            return d.in_baseline ? QVariant(d.baseline) : QVariant();
        case CurrentColumn:
            return d.in_current ? QVariant(d.current) : QVariant();
        case ChangeColumn:
            return d.in_baseline && d.in_current ? QVariant(d.delta) : QVariant();
        case PercentColumn:
            return d.relative ? QVariant(*d.relative) : QVariant();
        }
        return {};
    }
    return {};
}

QVariant CompareModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
        return QAbstractTableModel::headerData(section, orientation, role);
    switch (section) {
    case FigureColumn:
        return tr("Figure");
    case BaselineColumn:
        return tr("Baseline");
    case CurrentColumn:
        return tr("Current");
    case ChangeColumn:
        return tr("Change");
    case PercentColumn:
        return tr("Change %");
    }
    return {};
}

} // namespace ss
