// SPDX-License-Identifier: GPL-3.0-or-later
// File > Calibrate Compute: a typed step or a measured run's log is fitted off the UI thread to the fit the
// engine's fitComputeScale() makes of the same scenario; the dialog shows before and after with the error;
// Apply sets the fit as one undo step, only while the scenario is the one fitted; a step no scale reproduces
// and an unreadable file show their error and apply nothing; closing during a fit is safe.
// With SHARDSCOPE_SCREENSHOT_DIR set, screenshots() writes the dialog in English and Chinese there.
#include "calibratedialog.h"
#include "computefit.h"
#include "evaluate.h"
#include "examples.h"
#include "mainwindow.h"
#include "scenariodocument.h"
#include "translator.h"

#include <QAction>
#include <QDir>
#include <QDoubleSpinBox>
#include <QLabel>
#include <QMenu>
#include <QPointer>
#include <QProgressBar>
#include <QPushButton>
#include <QSignalSpy>
#include <QTableWidget>
#include <QThreadPool>
#include <QUndoStack>
#include <QtTest>

#include <cmath>

using namespace ss;

namespace {

QString runLog(const char* name)
{
    return QStringLiteral(SHARDSCOPE_RUN_LOGS "/") + QLatin1String(name);
}

constexpr int kFitTimeoutMs = 120000;
// The trace's two steps take 51 ms: "default" (GPT-3 XL on one DGX A100) at one sequence per GPU takes
// 132 ms at compute.scale 1 (shardscope-cli calibrate), a step the fit can reach.
constexpr const char* kTraceExample = "default";
const std::pair<const char*, const char*> kTraceEdits[] = {{"training.micro_batch", "1"},
                                                           {"training.global_batch", "8"}};

bool editForTrace(ScenarioDocument* document)
{
    for (const auto& [path, value] : kTraceEdits)
        if (!document->setFieldText(QLatin1String(path), QLatin1String(value)).isEmpty())
            return false;
    return true;
}

// Opens the dialog through its menu action on WINDOW with example EXAMPLE open.
CalibrateDialog* openDialog(MainWindow& window, const char* example)
{
    if (!window.openExample(QLatin1String(example)))
        return nullptr;
    auto* action = window.findChild<QAction*>(QStringLiteral("actionCalibrateCompute"));
    if (!action)
        return nullptr;
    action->trigger();
    return window.calibrateDialog();
}

// The percentage a cell shows ("+0.0001%", "-12.3%"), as a number.
double percentIn(const QTableWidgetItem* item)
{
    QString text = item->text();
    text.remove(QLocale().percent()).remove(QLocale().positiveSign());
    bool ok = false;
    const double value = QLocale().toDouble(text, &ok);
    return ok ? value : HUGE_VAL;
}

bool shown(const QWidget* widget)
{
    return widget && widget->isVisibleTo(widget->window());
}

} // namespace

class TestCalibrateDialog : public QObject
{
    Q_OBJECT

private slots:
    void menuActionOpensOneDialog();
    void typedStepFitsAndAppliesAsOneUndoStep();
    void megatronLogShowsWhatWasRead();
    void profilerTraceComparesKernelClasses();
    void impossibleStepShowsErrorAndAppliesNothing();
    void unreadableFileShowsErrorAndAppliesNothing();
    void editMakesTheFitStale();
    void closingDuringAFitIsSafe();
    void screenshots();
};

void TestCalibrateDialog::menuActionOpensOneDialog()
{
    MainWindow window;
    auto* action = window.findChild<QAction*>(QStringLiteral("actionCalibrateCompute"));
    QVERIFY(action);
    QVERIFY(!action->text().isEmpty());
    QVERIFY(!action->statusTip().isEmpty());
    // It sits in the File menu beside Import, which calibrates the links.
    auto* import = window.findChild<QAction*>(QStringLiteral("actionImport"));
    auto* file = window.findChild<QMenu*>(QStringLiteral("menuFile"));
    QVERIFY(import && file);
    const QList<QAction*> actions = file->actions();
    QCOMPARE(actions.indexOf(action), actions.indexOf(import) + 1);

    action->trigger();
    QPointer<CalibrateDialog> first = window.calibrateDialog();
    QVERIFY(first);
    QVERIFY(first->isVisible());
    QCOMPARE(first->state(), CalibrateDialog::State::Empty);
    QVERIFY(!first->applyButton()->isEnabled());
    action->trigger();
    QCOMPARE(window.calibrateDialog(), first.data());
    first->close();
    QTRY_VERIFY(!first);
    QVERIFY(!window.calibrateDialog());
}

void TestCalibrateDialog::typedStepFitsAndAppliesAsOneUndoStep()
{
    MainWindow window;
    CalibrateDialog* dialog = openDialog(window, "default");
    QVERIFY(dialog);
    ScenarioDocument* document = window.document();
    const Scenario before = document->scenario();
    // A measured step a quarter longer than the model's: compute slower than modelled.
    const double measured = 1.25 * evaluate(before).step.time_s;
    QVERIFY(measured > 0);

    QSignalSpy spy(dialog, &CalibrateDialog::fitFinished);
    dialog->stepTimeBox()->setValue(measured);
    QVERIFY(dialog->isRunning());
    QVERIFY(shown(dialog->findChild<QProgressBar*>(QStringLiteral("calibrateBusy"))));
    QTRY_COMPARE_WITH_TIMEOUT(spy.count(), 1, kFitTimeoutMs);
    QCOMPARE(dialog->state(), CalibrateDialog::State::Fitted);
    QVERIFY(!shown(dialog->findChild<QProgressBar*>(QStringLiteral("calibrateBusy"))));

    // The same fit as the engine's on the same scenario and step (the box keeps the step as typed).
    const ComputeFit& fit = dialog->fit();
    QCOMPARE(fit.measured_s, dialog->stepTimeBox()->value());
    const ComputeFit expected = fitComputeScale(before, fit.measured_s);
    QVERIFY(expected.ok());
    QCOMPARE(fit.scale_after, expected.scale_after);
    QCOMPARE(fit.step_after_s, expected.step_after_s);
    QVERIFY(fit.scale_after > 1);
    // The table shows it: about 20 % short before (1/1.25 − 1), within 0.1 % after.
    QTableWidget* table = dialog->resultTable();
    QVERIFY(shown(table));
    QVERIFY(std::abs(percentIn(table->item(CalibrateDialog::ErrorRow, 0)) - (1 / 1.25 - 1) * 100) < 0.1);
    QVERIFY2(std::abs(percentIn(table->item(CalibrateDialog::ErrorRow, 1))) < 0.1,
             qPrintable(table->item(CalibrateDialog::ErrorRow, 1)->text()));
    QVERIFY(!table->item(CalibrateDialog::ScaleRow, 1)->text().isEmpty());
    QVERIFY(!shown(dialog->findChild<QLabel*>(QStringLiteral("calibrateError"))));

    // Apply: the three fields in one undo step, and the dialog closes.
    QVERIFY(dialog->canApply());
    QVERIFY(dialog->applyButton()->isEnabled());
    QPointer<CalibrateDialog> guard = dialog;
    QUndoStack* stack = document->undoStack();
    const int steps = stack->count();
    dialog->applyButton()->click();
    QCOMPARE(stack->count(), steps + 1);
    QCOMPARE(document->scenario().compute.scale, expected.scale_after);
    QCOMPARE(document->scenario().compute.calibrated_from, std::string("typed"));
    QCOMPARE(document->scenario().compute.measured_step_s, fit.measured_s);
    QTRY_VERIFY(!guard);
    // One undo restores the scenario as it was.
    stack->undo();
    QCOMPARE(document->scenario().compute.scale, before.compute.scale);
    QVERIFY(document->scenario().compute.calibrated_from.empty());
    QVERIFY(document->scenario() == before);
    stack->redo();
    QCOMPARE(document->scenario().compute.scale, expected.scale_after);
}

void TestCalibrateDialog::megatronLogShowsWhatWasRead()
{
    // GPT-3 175B: the example runs it on 1024 GPUs with a global batch of 1536, the log on 512 with 512. The
    // fit is possible; the batch mismatch is warned of.
    MainWindow window;
    CalibrateDialog* dialog = openDialog(window, "gpt3-175b-megatron");
    QVERIFY(dialog);
    QSignalSpy spy(dialog, &CalibrateDialog::fitFinished);
    dialog->calibrateToFile(runLog("megatron-gpt3-175b-512xa100.log"));
    QTRY_COMPARE_WITH_TIMEOUT(spy.count(), 1, kFitTimeoutMs);
    QVERIFY2(dialog->state() == CalibrateDialog::State::Fitted, qPrintable(dialog->errorText()));
    QVERIFY(dialog->hasRun());
    QCOMPARE(dialog->run().format, std::string("megatron-log"));
    QCOMPARE(dialog->fit().measured_s, dialog->measuredStep().seconds);
    QVERIFY(std::abs(dialog->fit().error_after) < 1e-3);
    auto* heading = dialog->findChild<QLabel*>(QStringLiteral("calibrateHeading"));
    QVERIFY(heading->text().contains(QLatin1String("megatron-gpt3-175b-512xa100.log")));
    QVERIFY(heading->text().contains(QLatin1String("Megatron-LM")));
    auto* read = dialog->findChild<QLabel*>(QStringLiteral("calibrateRead"));
    QVERIFY(read->text().contains(dialog->measuredStep().how.toHtmlEscaped()));
    auto* warnings = dialog->findChild<QLabel*>(QStringLiteral("calibrateWarnings"));
    QVERIFY(shown(warnings));
    QVERIFY2(warnings->text().contains(QLatin1String("1536")), qPrintable(warnings->text()));
    // A log has no kernels to compare.
    QVERIFY(!shown(dialog->kernelTable()));

    dialog->applyButton()->click();
    QCOMPARE(window.document()->scenario().compute.calibrated_from,
             std::string("megatron-gpt3-175b-512xa100.log"));
    QCOMPARE(window.document()->scenario().compute.scale, dialog->fit().scale_after);
}

void TestCalibrateDialog::profilerTraceComparesKernelClasses()
{
    MainWindow window;
    CalibrateDialog* dialog = openDialog(window, kTraceExample);
    QVERIFY(dialog);
    QVERIFY(editForTrace(window.document()));
    QSignalSpy spy(dialog, &CalibrateDialog::fitFinished);
    dialog->calibrateToFile(runLog("pytorch-trace-h100-gpu-steps.json"));
    QTRY_COMPARE_WITH_TIMEOUT(spy.count(), 1, kFitTimeoutMs);
    QVERIFY2(dialog->state() == CalibrateDialog::State::Fitted, qPrintable(dialog->errorText()));
    QCOMPARE(dialog->run().format, std::string("pytorch-trace"));
    // One row per measured class, in the reader's order; the model's classes have a modelled time, the
    // others a dash.
    QTableWidget* kernels = dialog->kernelTable();
    QVERIFY(shown(kernels));
    QCOMPARE(kernels->rowCount(), int(dialog->run().kernels.size()));
    int modelled = 0, measuredOnly = 0;
    for (int row = 0; row < kernels->rowCount(); ++row) {
        const std::string& cls = dialog->run().kernels[std::size_t(row)].kernel_class;
        const bool priced = cls == "gemm" || cls == "attention" || cls == "elementwise" || cls == "optimizer";
        QVERIFY(!kernels->item(row, 1)->text().isEmpty());
        QCOMPARE(kernels->item(row, 2)->text() == QStringLiteral("—"), !priced);
        (priced ? modelled : measuredOnly)++;
    }
    QVERIFY(modelled > 0);
    QVERIFY(measuredOnly > 0);
}

void TestCalibrateDialog::impossibleStepShowsErrorAndAppliesNothing()
{
    MainWindow window;
    CalibrateDialog* dialog = openDialog(window, "default");
    QVERIFY(dialog);
    const int steps = window.document()->undoStack()->count();
    QSignalSpy spy(dialog, &CalibrateDialog::fitFinished);
    // A nanosecond: shorter than the step's communication alone, whatever the compute.
    dialog->stepTimeBox()->setValue(1e-9);
    QTRY_COMPARE_WITH_TIMEOUT(spy.count(), 1, kFitTimeoutMs);
    QCOMPARE(dialog->state(), CalibrateDialog::State::Failed);
    QVERIFY(!dialog->fit().ok());
    auto* error = dialog->findChild<QLabel*>(QStringLiteral("calibrateError"));
    QVERIFY(shown(error));
    QVERIFY2(error->text().contains(QLatin1String("shorter")), qPrintable(error->text()));
    QVERIFY(!dialog->canApply());
    QVERIFY(!dialog->applyButton()->isEnabled());
    QVERIFY(!shown(dialog->resultTable()));
    QVERIFY(!dialog->apply());
    QCOMPARE(window.document()->undoStack()->count(), steps);
}

void TestCalibrateDialog::unreadableFileShowsErrorAndAppliesNothing()
{
    MainWindow window;
    CalibrateDialog* dialog = openDialog(window, "default");
    QVERIFY(dialog);
    const int steps = window.document()->undoStack()->count();
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    const QString missing = dir.filePath(QStringLiteral("no-such-run.log"));
    QSignalSpy spy(dialog, &CalibrateDialog::fitFinished);
    dialog->calibrateToFile(missing);
    QTRY_COMPARE_WITH_TIMEOUT(spy.count(), 1, kFitTimeoutMs);
    QCOMPARE(dialog->state(), CalibrateDialog::State::Failed);
    auto* error = dialog->findChild<QLabel*>(QStringLiteral("calibrateError"));
    QVERIFY(shown(error));
    QVERIFY2(error->text().contains(QLatin1String("no-such-run.log")), qPrintable(error->text()));
    QVERIFY(!dialog->applyButton()->isEnabled());
    QCOMPARE(window.document()->undoStack()->count(), steps);
}

void TestCalibrateDialog::editMakesTheFitStale()
{
    MainWindow window;
    CalibrateDialog* dialog = openDialog(window, "default");
    QVERIFY(dialog);
    ScenarioDocument* document = window.document();
    QSignalSpy spy(dialog, &CalibrateDialog::fitFinished);
    dialog->calibrateToStepTime(1.1 * evaluate(document->scenario()).step.time_s);
    QTRY_COMPARE_WITH_TIMEOUT(spy.count(), 1, kFitTimeoutMs);
    QVERIFY(dialog->canApply());

    // An edit: the fit is of another scenario now.
    QVERIFY(document->setFieldText(QStringLiteral("training.global_batch"), QStringLiteral("256")).isEmpty());
    QVERIFY(dialog->isStale());
    QVERIFY(!dialog->applyButton()->isEnabled());
    QVERIFY(shown(dialog->findChild<QLabel*>(QStringLiteral("calibrateStale"))));
    QVERIFY(!dialog->apply());
    // Undone, it is the fitted scenario again.
    document->undoStack()->undo();
    QVERIFY(!dialog->isStale());
    QVERIFY(dialog->applyButton()->isEnabled());
    document->undoStack()->redo();
    QVERIFY(dialog->isStale());

    // Fit Again fits the same step to the scenario as it is now.
    const double measured = dialog->fit().measured_s;
    QVERIFY(dialog->fitAgainButton()->isEnabled());
    dialog->fitAgainButton()->click();
    QTRY_COMPARE_WITH_TIMEOUT(spy.count(), 2, kFitTimeoutMs);
    QVERIFY(!dialog->isStale());
    QVERIFY(dialog->applyButton()->isEnabled());
    QCOMPARE(dialog->fit().measured_s, measured);
    QCOMPARE(dialog->fit().scale_after, fitComputeScale(document->scenario(), measured).scale_after);
    QVERIFY(!shown(dialog->findChild<QLabel*>(QStringLiteral("calibrateStale"))));
}

void TestCalibrateDialog::closingDuringAFitIsSafe()
{
    // The largest cluster of the examples, so the fit is still running when the dialog goes.
    MainWindow window;
    CalibrateDialog* dialog = openDialog(window, "gpt3-175b-megatron");
    QVERIFY(dialog);
    const int steps = window.document()->undoStack()->count();
    QPointer<CalibrateDialog> guard = dialog;
    QSignalSpy spy(dialog, &CalibrateDialog::fitFinished);
    dialog->calibrateToStepTime(20);
    QVERIFY(dialog->isRunning());
    dialog->close();
    QTRY_VERIFY(!guard);
    // The work ends on the thread pool; what it delivers reaches nothing.
    QThreadPool::globalInstance()->waitForDone();
    QCoreApplication::processEvents();
    QCOMPARE(spy.count(), 0);
    QCOMPARE(window.document()->undoStack()->count(), steps);
    // A new dialog works as the first.
    CalibrateDialog* again = window.calibrateCompute();
    QVERIFY(again);
    QCOMPARE(again->state(), CalibrateDialog::State::Empty);
}

void TestCalibrateDialog::screenshots()
{
    const QString dir = qEnvironmentVariable("SHARDSCOPE_SCREENSHOT_DIR");
    if (dir.isEmpty())
        QSKIP("set SHARDSCOPE_SCREENSHOT_DIR to write the dialog's screenshots");
    // The dialog as it is painted: its layout requests handled first, as the event loop does before a paint.
    const auto shoot = [&dir](QWidget* dialog, const QString& name) {
        QCoreApplication::sendPostedEvents();
        return dialog->grab().save(QDir(dir).filePath(name));
    };
    for (const QString& language : {QStringLiteral("en"), QStringLiteral("zh_CN")}) {
        switchLanguage(language);
        MainWindow window;
        window.show();
        CalibrateDialog* dialog = openDialog(window, "gpt3-175b-megatron");
        QVERIFY(dialog);
        QVERIFY(QTest::qWaitForWindowExposed(dialog));
        QSignalSpy spy(dialog, &CalibrateDialog::fitFinished);
        dialog->calibrateToFile(runLog("megatron-gpt3-175b-512xa100.log"));
        QVERIFY(dialog->isRunning());
        QVERIFY(shoot(dialog, QStringLiteral("calib-busy-%1.png").arg(language)));
        QTRY_COMPARE_WITH_TIMEOUT(spy.count(), 1, kFitTimeoutMs);
        QVERIFY(shoot(dialog, QStringLiteral("calib-%1.png").arg(language)));
        // The trace, with its kernel table, on the scenario it fits.
        QVERIFY(window.openExample(QLatin1String(kTraceExample)));
        QVERIFY(editForTrace(window.document()));
        dialog->calibrateToFile(runLog("pytorch-trace-h100-gpu-steps.json"));
        QTRY_COMPARE_WITH_TIMEOUT(spy.count(), 2, kFitTimeoutMs);
        QVERIFY(shoot(dialog, QStringLiteral("calib-trace-%1.png").arg(language)));
        dialog->calibrateToStepTime(1e-9);
        QTRY_COMPARE_WITH_TIMEOUT(spy.count(), 3, kFitTimeoutMs);
        QVERIFY(shoot(dialog, QStringLiteral("calib-error-%1.png").arg(language)));
    }
    switchLanguage(QStringLiteral("en"));
}

QTEST_MAIN(TestCalibrateDialog)
#include "tst_calibratedialog.moc"
