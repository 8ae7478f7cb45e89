// SPDX-License-Identifier: GPL-3.0-or-later
#include "importdialog.h"

#include "calibrationchart.h"
#include "fieldnames.h"
#include "fields.h"
#include "unitformat.h"

#include <QDialogButtonBox>
#include <QDir>
#include <QFileInfo>
#include <QHeaderView>
#include <QLabel>
#include <QPushButton>
#include <QTableWidget>
#include <QVBoxLayout>

#include <algorithm>

namespace ss {

namespace {

// A field's value as the parameter panel shows it: units and display names, not the file's canonical text.
QString valueText(const FieldInfo& field, const FieldValue& value)
{
    const QString path = QString::fromStdString(field.path);
    switch (field.type) {
    case FieldType::Bool:
        return value.flag ? ImportDialog::tr("yes") : ImportDialog::tr("no");
    case FieldType::Enum:
        return FieldNames::choice(path, QString::fromStdString(value.text));
    case FieldType::Text:
        return QString::fromStdString(value.text);
    case FieldType::Int: {
        const QString choice = FieldNames::intChoice(path, int(value.number));
        if (!choice.isEmpty())
            return choice;
        break;
    }
    case FieldType::Real:
        break;
    }
    if (field.unit != Unit::None)
        return exactQuantityText(value.number, field.unit);
    return QString::fromStdString(fieldText(field, value));
}

QString topologyText(const Scenario& scenario)
{
    if (!scenario.cluster.topology)
        return ImportDialog::tr("from the node preset");
    const Topology& topology = *scenario.cluster.topology;
    const auto gpus = std::count_if(topology.nodes.begin(), topology.nodes.end(),
                                    [](const TopologyNode& node) { return node.kind == "gpu"; });
    return ImportDialog::tr("%1, %2, %3")
        .arg(ImportDialog::tr("%n GPU(s)", nullptr, int(gpus)),
             ImportDialog::tr("%n device(s)", nullptr, int(topology.nodes.size())),
             ImportDialog::tr("%n link(s)", nullptr, int(topology.links.size())));
}

} // namespace

// The name of a scenario made from a model's config.json: the model's folder (a downloaded repository is a
// folder named after the model, "Llama-2-7b-hf/config.json"), or the file's own base name.
QString ImportDialog::importedModelName(const QString& fileName)
{
    const QFileInfo info(fileName);
    QString model = info.completeBaseName();
    const QString folder = info.absoluteDir().dirName();
    if (model.compare(QLatin1String("config"), Qt::CaseInsensitive) == 0 && !folder.isEmpty())
        model = folder;
    return tr("%1 (imported)").arg(model);
}

ImportDialog::ImportDialog(const io::ImportResult& result, const Scenario& current, QWidget* parent)
    : QDialog(parent), m_result(result), m_current(current), m_imported(current)
{
    setObjectName(QStringLiteral("importDialog"));

    auto* layout = new QVBoxLayout(this);
    m_heading = new QLabel(this);
    m_heading->setObjectName(QStringLiteral("importHeading"));
    layout->addWidget(m_heading);
    auto* summary = new QLabel(result.summary, this);
    summary->setObjectName(QStringLiteral("importSummary"));
    summary->setWordWrap(true);
    summary->setTextInteractionFlags(Qt::TextSelectableByMouse);
    layout->addWidget(summary);

    QStringList notes = result.warnings;
    // What applying would make of the current scenario (io::applyImport): the imported fields, or for a
    // calibration the efficiency of the link kind that bounds the collective.
    QString error;
    QStringList applyNotes;
    const bool applied = io::applyImport(result, m_imported, &applyNotes, &error);
    if (applied) {
        notes += applyNotes;
        // Another model is another scenario: it is named after the model, and the window title with it.
        if (result.kind == io::ImportKind::HfConfig)
            m_imported.name = importedModelName(result.fileName).toStdString();
    } else {
        m_imported = current;
        m_reason = Reason::Error;
        m_error = error;
    }
    if (result.isCalibration()) {
        m_chart = new CalibrationChart(this);
        m_chart->setCalibrations(result.calibrations);
        layout->addWidget(m_chart, 1);
        m_canApply = applied && m_imported != current;
        if (applied && !m_canApply)
            m_reason = Reason::AlreadyCalibrated;
    } else {
        if (applied) {
            collectChanges(current);
            m_canApply = !m_changes.empty();
            if (!m_canApply)
                m_reason = Reason::NothingDiffers;
        }
        m_table = new QTableWidget(int(m_changes.size()), 3, this);
        m_table->setObjectName(QStringLiteral("importChanges"));
        m_table->verticalHeader()->hide();
        m_table->setEditTriggers(QAbstractItemView::NoEditTriggers);
        m_table->setSelectionBehavior(QAbstractItemView::SelectRows);
        m_table->horizontalHeader()->setSectionResizeMode(0, QHeaderView::ResizeToContents);
        m_table->horizontalHeader()->setSectionResizeMode(1, QHeaderView::Stretch);
        m_table->horizontalHeader()->setSectionResizeMode(2, QHeaderView::Stretch);
        for (int row = 0; row < int(m_changes.size()); ++row) {
            auto* label = new QTableWidgetItem;
            label->setToolTip(m_changes[std::size_t(row)].path);
            m_table->setItem(row, 0, label);
            m_table->setItem(row, 1, new QTableWidgetItem);
            auto* after = new QTableWidgetItem;
            QFont bold = after->font();
            bold.setBold(true);
            after->setFont(bold);
            m_table->setItem(row, 2, after);
        }
        layout->addWidget(m_table, 1);
    }

    m_notes = notes;
    if (!notes.isEmpty()) {
        m_notesLabel = new QLabel(this);
        m_notesLabel->setObjectName(QStringLiteral("importWarnings"));
        m_notesLabel->setWordWrap(true);
        m_notesLabel->setTextInteractionFlags(Qt::TextSelectableByMouse);
        layout->addWidget(m_notesLabel);
    }
    if (m_reason != Reason::None) {
        m_why = new QLabel(this);
        m_why->setObjectName(QStringLiteral("importNotApplicable"));
        m_why->setWordWrap(true);
        QFont italic = m_why->font();
        italic.setItalic(true);
        m_why->setFont(italic);
        layout->addWidget(m_why);
    }

    auto* buttons = new QDialogButtonBox(QDialogButtonBox::Apply | QDialogButtonBox::Cancel, this);
    m_apply = buttons->button(QDialogButtonBox::Apply);
    m_apply->setObjectName(QStringLiteral("importApply"));
    m_apply->setEnabled(m_canApply);
    m_apply->setDefault(m_canApply);
    // Focus on the decision, not on a table cell (which would show as selected).
    if (m_table)
        m_table->setCurrentItem(nullptr);
    (m_canApply ? static_cast<QWidget*>(m_apply) : buttons->button(QDialogButtonBox::Cancel))->setFocus();
    connect(m_apply, &QPushButton::clicked, this, &QDialog::accept);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    layout->addWidget(buttons);
    // Tall enough for the rows there are (up to a screenful), so a short change list leaves no blank table.
    const int rows = m_table ? m_table->rowCount() : 0;
    resize(m_chart ? QSize(820, 640) : QSize(640, std::min(640, 260 + 32 * rows + 24 * int(notes.size()))));
    retranslate();
}

void ImportDialog::changeEvent(QEvent* event)
{
    QDialog::changeEvent(event);
    if (event->type() == QEvent::LanguageChange)
        retranslate();
}

// The dialog's own words. The reader's summary and notes keep the language they were read in: they are made
// once, when the file is read.
void ImportDialog::retranslate()
{
    const QString file = QFileInfo(m_result.fileName).fileName();
    setWindowTitle(tr("Import %1").arg(file));
    m_heading->setText(tr("<b>%1</b> — %2").arg(file.toHtmlEscaped(), kindText(m_result.kind)));
    if (m_table) {
        m_table->setHorizontalHeaderLabels({tr("Field"), tr("Current"), tr("Imported")});
        // The same fields differ in any language; only their names and value words change.
        if (!m_changes.empty())
            collectChanges(m_current);
        for (int row = 0; row < int(m_changes.size()) && row < m_table->rowCount(); ++row) {
            const Change& change = m_changes[std::size_t(row)];
            m_table->item(row, 0)->setText(change.label);
            m_table->item(row, 1)->setText(change.before);
            m_table->item(row, 2)->setText(change.after);
        }
    }
    if (m_notesLabel) {
        QString html = QStringLiteral("<b>%1</b><ul style=\"margin-left:-20px\">").arg(tr("Notes"));
        for (const QString& line : std::as_const(m_notes))
            html += QStringLiteral("<li>%1</li>").arg(line.toHtmlEscaped());
        m_notesLabel->setText(html + QStringLiteral("</ul>"));
    }
    if (m_why)
        m_why->setText(reasonText());
}

QString ImportDialog::reasonText() const
{
    switch (m_reason) {
    case Reason::AlreadyCalibrated:
        return tr("The topology already matches the measured bus bandwidth: nothing to apply.");
    case Reason::NothingDiffers:
        return tr("The file sets nothing that differs from the current scenario.");
    case Reason::Error:
        return m_error;
    case Reason::None:
        break;
    }
    return {};
}

void ImportDialog::collectChanges(const Scenario& current)
{
    m_changes.clear();
    // Every field is compared, not only those the file names: applyImport() may adjust others (dp when an
    // imported topology changes the GPU count), and the preview must show all that Apply will change.
    for (const FieldInfo& field : scenarioFields()) {
        const FieldValue before = field.get(current);
        const FieldValue after = field.get(m_imported);
        if (before == after)
            continue;
        const QString path = QString::fromStdString(field.path);
        m_changes.push_back(
            {path, FieldNames::label(path), valueText(field, before), valueText(field, after)});
    }
    if (current.cluster.topology != m_imported.cluster.topology)
        m_changes.push_back({QStringLiteral("cluster.topology"), tr("Topology"), topologyText(current),
                             topologyText(m_imported)});
}

QString ImportDialog::kindText(io::ImportKind kind)
{
    switch (kind) {
    case io::ImportKind::HfConfig:
        return tr("Hugging Face config.json");
    case io::ImportKind::DeepSpeed:
        return tr("DeepSpeed config");
    case io::ImportKind::NvidiaSmiTopo:
        return tr("nvidia-smi topo -m output");
    case io::ImportKind::NcclTopo:
        return tr("NCCL topology dump");
    case io::ImportKind::NcclTests:
        return tr("nccl-tests output");
    case io::ImportKind::Auto:
        break;
    }
    return tr("unknown kind");
}

} // namespace ss
