// SPDX-License-Identifier: GPL-3.0-or-later
#include "plannermodel.h"

#include "fieldnames.h"
#include "fields.h"
#include "unitformat.h"

#include <QFont>

#include <algorithm>

namespace ss {

PlannerModel::PlannerModel(QObject* parent) : QAbstractTableModel(parent) {}

void PlannerModel::resetData(const std::vector<PlanCandidate>& candidates, PlanObjective objective, int limit)
{
    std::vector<PlanCandidate> ranked = candidates;
    const std::size_t top = std::min(ranked.size(), std::size_t(std::max(0, limit)));
    // The engine's order (planBetter), so the GUI ranks exactly as `shardscope-cli plan` does.
    std::partial_sort(
        ranked.begin(), ranked.begin() + std::ptrdiff_t(top), ranked.end(),
        [objective](const PlanCandidate& a, const PlanCandidate& b) { return planBetter(a, b, objective); });
    ranked.resize(top);
    beginResetModel();
    m_rows = std::move(ranked);
    endResetModel();
}

void PlannerModel::clear()
{
    beginResetModel();
    m_rows.clear();
    endResetModel();
}

void PlannerModel::setCurrentLayout(const Layout& layout, bool valid)
{
    if (m_hasCurrent == valid && m_current == layout)
        return;
    m_current = layout;
    m_hasCurrent = valid;
    if (!m_rows.empty())
        emit dataChanged(index(0, 0), index(rowCount() - 1, ColumnCount - 1), {Qt::FontRole});
}

int PlannerModel::rowCount(const QModelIndex& parent) const
{
    return parent.isValid() ? 0 : int(m_rows.size());
}

int PlannerModel::columnCount(const QModelIndex& parent) const
{
    return parent.isValid() ? 0 : ColumnCount;
}

QString PlannerModel::recomputeText(Recompute recompute)
{
    return FieldNames::choice(QStringLiteral("training.recompute"), QLatin1String(enumName(recompute)));
}

QString PlannerModel::scheduleText(const Layout& layout)
{
    if (layout.pp <= 1)
        return QString(QChar(0x2014)); // one stage: no schedule to name
    const QString name =
        FieldNames::choice(QStringLiteral("parallel.schedule"), QLatin1String(enumName(layout.schedule)));
    if (layout.schedule == Schedule::Interleaved)
        return tr("%1 (v %2)").arg(name).arg(layout.virtual_stages);
    return name;
}

QString PlannerModel::recipeText(const Layout& layout)
{
    const QString method =
        FieldNames::choice(QStringLiteral("training.method"), QLatin1String(enumName(layout.method)));
    const QString optimizer =
        FieldNames::choice(QStringLiteral("training.optimizer"), QLatin1String(enumName(layout.optimizer)));
    if (layout.method == TrainingMethod::Full)
        return tr("%1 · %2").arg(method, optimizer);
    return tr("%1 r %2 · %3").arg(method).arg(layout.lora_rank).arg(optimizer);
}

QString PlannerModel::layoutTitle(const Layout& layout)
{
    return tr("tp %1 × pp %2 × dp %3").arg(layout.tp).arg(layout.pp).arg(layout.dp);
}

QString PlannerModel::layoutDetails(const Layout& layout)
{
    QString text = tr("%1, micro batch %2, ZeRO %3, recompute: %4")
                       .arg(recipeText(layout))
                       .arg(layout.micro_batch)
                       .arg(layout.zero_stage)
                       .arg(recomputeText(layout.recompute));
    if (layout.pp > 1)
        text += tr(", schedule: %1").arg(scheduleText(layout));
    if (layout.tp > 1)
        text += layout.sequence_parallel ? tr(", sequence parallel") : tr(", no sequence parallel");
    if (layout.cp > 1)
        text += tr(", context parallel %1").arg(layout.cp);
    if (layout.ep > 1)
        text += tr(", expert parallel %1 × expert tensor parallel %2")
                    .arg(layout.ep)
                    .arg(layout.etp > 0 ? layout.etp : layout.tp);
    if (layout.first_stage_layers > 0 || layout.last_stage_layers > 0)
        text += tr(", first and last stages %1 and %2 layers")
                    .arg(layout.first_stage_layers)
                    .arg(layout.last_stage_layers);
    return text;
}

QVariant PlannerModel::data(const QModelIndex& index, int role) const
{
    if (!index.isValid() || index.row() >= rowCount() || index.column() >= ColumnCount)
        return {};
    const PlanCandidate& c = m_rows[std::size_t(index.row())];
    const Layout& l = c.layout;
    if (role == Qt::DisplayRole) {
        switch (index.column()) {
        case Rank:
            return index.row() + 1;
        case Dp:
            return qlonglong(l.dp);
        case Tp:
            return qlonglong(l.tp);
        case Pp:
            return qlonglong(l.pp);
        case Cp:
            return qlonglong(l.cp);
        case Ep:
            return qlonglong(l.ep);
        case RecipeColumn:
            return recipeText(l);
        case MicroBatch:
            return qlonglong(l.micro_batch);
        case Zero:
            return l.zero_stage;
        case RecomputeColumn:
            return recomputeText(l.recompute);
        case ScheduleColumn:
            return scheduleText(l);
        case SequenceParallel:
            if (l.tp <= 1)
                return QString(QChar(0x2014)); // sequence parallelism needs tp > 1
            return l.sequence_parallel ? tr("on") : tr("off");
        case StepTime:
            return quantityText(c.step_time_s, Unit::Seconds);
        case TokensPerSecond:
            return quantityText(c.tokens_per_s, Unit::Count);
        case Mfu:
            return quantityText(c.mfu, Unit::Fraction);
        case PeakMemory:
            return tr("%1 / %2").arg(quantityText(c.peak_gpu_bytes, Unit::Bytes),
                                     quantityText(c.capacity_bytes, Unit::Bytes));
        }
        return {};
    }
    if (role == SortRole) {
        switch (index.column()) {
        case Rank:
            return index.row();
        case Dp:
            return qlonglong(l.dp);
        case Tp:
            return qlonglong(l.tp);
        case Pp:
            return qlonglong(l.pp);
        case Cp:
            return qlonglong(l.cp);
        case Ep:
            return qlonglong(l.ep);
        case RecipeColumn: // method, then rank, then optimizer
            return (qlonglong(l.method) * (qlonglong(1) << 32) + qlonglong(l.lora_rank)) * 8 +
                   qlonglong(l.optimizer);
        case MicroBatch:
            return qlonglong(l.micro_batch);
        case Zero:
            return l.zero_stage;
        case RecomputeColumn:
            return int(l.recompute);
        case ScheduleColumn:
            return int(l.schedule) * 100 + int(l.virtual_stages);
        case SequenceParallel:
            return l.sequence_parallel ? 1 : 0;
        case StepTime:
            return c.step_time_s;
        case TokensPerSecond:
            return c.tokens_per_s;
        case Mfu:
            return c.mfu;
        case PeakMemory:
            return c.peak_gpu_bytes;
        }
        return {};
    }
    if (role == Qt::TextAlignmentRole) {
        const bool text = index.column() == RecomputeColumn || index.column() == ScheduleColumn ||
                          index.column() == RecipeColumn;
        return QVariant::fromValue(Qt::AlignVCenter | (text ? Qt::AlignLeft : Qt::AlignRight));
    }
    if (role == Qt::FontRole && m_hasCurrent && l == m_current) {
        QFont font;
        font.setBold(true);
        return font;
    }
    if (role == Qt::ToolTipRole) {
        QString tip = layoutTitle(l) + QLatin1Char('\n') + layoutDetails(l);
        if (m_hasCurrent && l == m_current)
            tip += QLatin1Char('\n') + tr("The scenario's current layout.");
        else
            tip += QLatin1Char('\n') + tr("Double-click to apply this layout.");
        return tip;
    }
    return {};
}

QVariant PlannerModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || section < 0 || section >= ColumnCount)
        return QAbstractTableModel::headerData(section, orientation, role);
    if (role == Qt::DisplayRole) {
        switch (section) {
        case Rank:
            return tr("#");
        case Dp:
            return tr("DP");
        case Tp:
            return tr("TP");
        case Pp:
            return tr("PP");
        case Cp:
            return tr("CP");
        case Ep:
            return tr("EP");
        case RecipeColumn:
            return tr("Recipe");
        case MicroBatch:
            return tr("Micro batch");
        case Zero:
            return tr("ZeRO");
        case RecomputeColumn:
            return tr("Recompute");
        case ScheduleColumn:
            return tr("Schedule");
        case SequenceParallel:
            return tr("SP");
        case StepTime:
            return tr("Step time");
        case TokensPerSecond:
            return tr("Tokens/s");
        case Mfu:
            return tr("MFU");
        case PeakMemory:
            return tr("Peak memory / capacity");
        }
    }
    if (role == Qt::ToolTipRole) {
        switch (section) {
        case Rank:
            return tr("Rank by the objective");
        case Dp:
            return tr("Data-parallel degree");
        case Tp:
            return tr("Tensor-parallel degree");
        case Pp:
            return tr("Pipeline-parallel degree (stages)");
        case Cp:
            return tr("Context-parallel degree (each sequence split over this many GPUs)");
        case Ep:
            return tr("Expert-parallel degree (the experts split over this many GPUs)");
        case RecipeColumn:
            return tr("Full training or LoRA/QLoRA adapters of rank r, and the optimizer");
        case SequenceParallel:
            return tr("Sequence parallelism");
        case PeakMemory:
            return tr("Peak memory of the fullest GPU against its capacity");
        default:
            break;
        }
    }
    return QAbstractTableModel::headerData(section, orientation, role);
}

void PlannerModel::retranslate()
{
    emit headerDataChanged(Qt::Horizontal, 0, ColumnCount - 1);
    if (!m_rows.empty())
        emit dataChanged(index(0, 0), index(rowCount() - 1, ColumnCount - 1));
}

} // namespace ss
