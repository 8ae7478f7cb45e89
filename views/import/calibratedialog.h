// SPDX-License-Identifier: GPL-3.0-or-later
// File > Calibrate Compute: fits compute.scale so that the modelled step takes as long as a measured one
// (computefit.h), the way an nccl-tests import calibrates the links. The measured step comes from a run's
// log or profiler trace (runlogimport.h, calibrationrun.h) or is typed in. Reading and fitting run off the UI
// thread (a fit evaluates the scenario several times); the dialog then shows the fit before and after with
// its error and, for a trace, each kernel class measured against the model. Apply sets the fit on the
// document as one undo step, and only while the scenario is still the one that was fitted.
#pragma once

#include "calibrationrun.h"
#include "computefit.h"
#include "runlogimport.h"
#include "scenario.h"

#include <QDialog>

class QDialogButtonBox;
class QDoubleSpinBox;
class QFormLayout;
class QLabel;
class QLineEdit;
class QProgressBar;
class QPushButton;
class QTableWidget;

namespace ss {

class ScenarioDocument;

class CalibrateDialog : public QDialog
{
    Q_OBJECT
public:
    explicit CalibrateDialog(ScenarioDocument* document, QWidget* parent = nullptr);
    ~CalibrateDialog() override;

    // Reads FILE_NAME (a Megatron-LM or torchtitan log, a PyTorch profiler trace) and fits the current
    // scenario to its step, in the background; fitFinished() follows.
    void calibrateToFile(const QString& fileName);
    // The same for a step of SECONDS typed in (the step-time box's value when it is committed).
    void calibrateToStepTime(double seconds);
    // The last source again, against the scenario as it is now (after an edit made the fit stale).
    void fitAgain();

    enum class State
    {
        Empty,   // nothing asked yet
        Running, // reading and fitting
        Fitted,  // fit() holds a fit that reproduces the measured step
        Failed,  // errorText() says why: the file, the step or the fit
    };
    State state() const { return m_state; }
    bool isRunning() const { return m_state == State::Running; }
    const ComputeFit& fit() const { return m_outcome.fit; }
    // What was read: the run (a file only) and the measured step with how it was derived.
    bool hasRun() const { return m_outcome.hasRun; }
    const io::MeasuredRun& run() const { return m_outcome.run; }
    const io::MeasuredStep& measuredStep() const { return m_outcome.step; }
    QString errorText() const;
    // The document's scenario is no longer the one fitted: the fit cannot be applied.
    bool isStale() const;
    bool canApply() const;
    // Sets the fitted compute.scale, compute.calibrated_from and compute.measured_step_s on the document as
    // one undo step and closes the dialog; false (nothing changes) when canApply() is false.
    bool apply();

    QLineEdit* fileEdit() const { return m_fileEdit; }
    QDoubleSpinBox* stepTimeBox() const { return m_stepBox; }
    QPushButton* applyButton() const { return m_apply; }
    QPushButton* fitAgainButton() const { return m_fitAgain; }
    // Rows scale, modelled step, measured step, error; columns before and after the fit.
    QTableWidget* resultTable() const { return m_results; }
    // A trace's kernel classes: measured, and modelled after the fit ("—" for a class the model does not
    // price).
    QTableWidget* kernelTable() const { return m_kernels; }

    // The result table's rows.
    enum Row
    {
        ScaleRow,
        ModelledRow,
        MeasuredRow,
        ErrorRow,
        RowCount
    };

signals:
    // A fit started here was delivered (fitted or failed); a fit dropped as superseded or closed says
    // nothing.
    void fitFinished();

protected:
    void changeEvent(QEvent* event) override;
    // Closing (Close, Escape, Apply) drops the fit in flight: it ends on the thread pool and touches nothing.
    void done(int result) override;

private:
    // What the background job hands back; it owns no pointer into the dialog.
    struct Outcome
    {
        QString readError; // the file could not be read or has no step (already in words)
        bool hasRun = false;
        io::MeasuredRun run;
        io::MeasuredStep step;
        ComputeFit fit;
        bool hasKernels = false;
        KernelBreakdown kernels; // the model's kernel classes at the fitted scale (a trace only)
    };
    static Outcome calibrate(const Scenario& scenario, const QString& fileName, double typedSeconds);

    void buildSource(QFormLayout* form);
    void start();
    void deliver(const Outcome& outcome);
    void browse();
    void retranslate();
    void showRead();
    void showResults();
    void showKernels();
    void updateState();
    QString fitErrorText() const;
    QString sourceName() const;

    ScenarioDocument* m_document;
    // The source of the last fit asked for: a file, or (empty) the typed seconds.
    QString m_fileName;
    double m_typedSeconds = 0;
    bool m_hasSource = false;
    Scenario m_fitted; // the scenario the outcome is of
    Outcome m_outcome;
    State m_state = State::Empty;
    // Each fit started takes the next number; a result delivered under an older one is dropped.
    quint64 m_generation = 0;

    QLabel* m_fileLabel = nullptr;
    QLineEdit* m_fileEdit = nullptr;
    QPushButton* m_browse = nullptr;
    QLabel* m_stepLabel = nullptr;
    QDoubleSpinBox* m_stepBox = nullptr;
    QPushButton* m_fitTyped = nullptr;
    QLabel* m_heading = nullptr;
    QLabel* m_readLabel = nullptr;
    QLabel* m_warnings = nullptr;
    QProgressBar* m_busy = nullptr;
    QTableWidget* m_results = nullptr;
    QLabel* m_kernelCaption = nullptr;
    QTableWidget* m_kernels = nullptr;
    QLabel* m_summary = nullptr;
    QLabel* m_error = nullptr;
    QLabel* m_stale = nullptr;
    QPushButton* m_fitAgain = nullptr;
    QPushButton* m_apply = nullptr;
    QPushButton* m_close = nullptr;
};

} // namespace ss
