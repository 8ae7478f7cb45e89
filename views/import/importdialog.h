// SPDX-License-Identifier: GPL-3.0-or-later
// The preview of an import (a preview of what will change, one undo step for the whole import):
// what the file is, what the reader assumed, and each scenario field that would change from its current
// value to the imported one. Apply is the caller's to act on (one ScenarioDocument::replaceScenario);
// the dialog itself changes nothing. An nccl-tests calibration shows its fit on a log-log chart and cannot
// be applied yet: it changes no scenario field, and applying it to a link class is not built.
#pragma once

#include "importer.h"
#include "scenario.h"

#include <QDialog>

class QDialogButtonBox;
class QLabel;
class QPushButton;
class QTableWidget;

namespace ss {

class CalibrationChart;

class ImportDialog : public QDialog
{
    Q_OBJECT
public:
    // RESULT read from a file, previewed against CURRENT.
    ImportDialog(const io::ImportResult& result, const Scenario& current, QWidget* parent = nullptr);

    const io::ImportResult& result() const { return m_result; }
    // Whether Apply is possible: the import changes something and is not a calibration.
    bool canApply() const { return m_canApply; }
    // The scenario Apply would make (the current one when canApply() is false).
    const Scenario& importedScenario() const { return m_imported; }
    // The rows of the change table: field path ("cluster.topology" for the topology), old and new text.
    struct Change
    {
        QString path;
        QString label;
        QString before;
        QString after;
    };
    const std::vector<Change>& changes() const { return m_changes; }
    QTableWidget* changeTable() const { return m_table; }
    // The chart of an nccl-tests import; nullptr for the other kinds.
    CalibrationChart* calibrationChart() const { return m_chart; }
    QPushButton* applyButton() const { return m_apply; }

    // "Hugging Face config.json", "DeepSpeed config", ... for the detected kind.
    static QString kindText(io::ImportKind kind);
    // The name a scenario made from the model config FILE_NAME takes: "<model> (imported)".
    static QString importedModelName(const QString& fileName);

protected:
    // View > Language while the preview is open: its words again, the same changes.
    void changeEvent(QEvent* event) override;

private:
    // Why Apply is not possible: a sentence of this dialog's, or the reader's error.
    enum class Reason
    {
        None,
        AlreadyCalibrated,
        NothingDiffers,
        Error
    };
    void collectChanges(const Scenario& current);
    void retranslate();
    QString reasonText() const;

    io::ImportResult m_result;
    Scenario m_current;
    Scenario m_imported;
    Reason m_reason = Reason::None;
    QString m_error;
    QStringList m_notes;
    QLabel* m_heading = nullptr;
    QLabel* m_notesLabel = nullptr;
    QLabel* m_why = nullptr;
    bool m_canApply = false;
    std::vector<Change> m_changes;
    QTableWidget* m_table = nullptr;
    CalibrationChart* m_chart = nullptr;
    QPushButton* m_apply = nullptr;
};

} // namespace ss
