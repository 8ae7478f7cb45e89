// SPDX-License-Identifier: GPL-3.0-or-later
// The explorer's main window: parameter panels in a dock, the summary strip and the memory chart in the
// middle, File/Edit/View/Help menus. It owns the ScenarioDocument; every view renders the document.
#pragma once

#include <QMainWindow>
#include <QPointer>

#include <functional>

class QAction;
class QDockWidget;
class QMenu;
class QMessageBox;
class QTabWidget;

namespace ss {

class Autosave;
struct AutosaveEntry;
class BandwidthChart;
class BaselineModel;
class CalibrateDialog;
class CompareView;
class ExportActions;
class GanttChart;
class ExplainModel;
class ExplainPanel;
class GlossaryDialog;
class ImportDialog;
class LessonPanel;
class MemoryChart;
class OverviewView;
class ParameterPanel;
class PlannerView;
class PresentationMode;
class ScenarioDocument;
class Settings;
class SummaryStrip;
class SweepView;
class TopologyEditor;

class MainWindow : public QMainWindow
{
    Q_OBJECT
public:
    explicit MainWindow(QWidget* parent = nullptr);
    ~MainWindow() override;

    ScenarioDocument* document() const { return m_document; }
    ParameterPanel* parameterPanel() const { return m_panel; }
    MemoryChart* memoryChart() const { return m_chart; }
    // The Gantt and bandwidth charts are brought up to date when their tab is shown (an edit on another tab
    // does not lay out a timeline of 100k boxes nobody sees); these accessors bring them up to date first.
    GanttChart* ganttChart() const
    {
        syncHiddenViews(true);
        return m_gantt;
    }
    TopologyEditor* topologyEditor() const { return m_topology; }
    BandwidthChart* bandwidthChart() const
    {
        syncHiddenViews(true);
        return m_bandwidth;
    }
    SweepView* sweepView() const { return m_sweep; }
    // The layout planner.
    PlannerView* plannerView() const { return m_planner; }
    SummaryStrip* summaryStrip() const { return m_summary; }
    // The pinned baseline and the Compare tab that lists it against the current scenario.
    BaselineModel* baselineModel() const { return m_baseline; }
    CompareView* compareView() const { return m_compare; }
    // The tabs of the central area: "Overview" first and shown at start, then "Memory".
    QTabWidget* viewTabs() const { return m_tabs; }
    // The Overview tab: memory, step timeline and topology side by side, each a second chart of the same
    // result. Brought up to date first when an update was held back while another tab was shown.
    OverviewView* overview() const
    {
        syncHiddenViews(true);
        return m_overview;
    }
    // View > Presentation Mode.
    PresentationMode* presentationMode() const { return m_presentation; }
    // The guided lessons: File > Examples > Lessons, the dock "lessonDock" and its step slots.
    LessonPanel* lessonPanel() const { return m_lessons; }
    // The Explain dock (object name "explainDock"): how the figure the user clicked is computed.
    ExplainPanel* explainPanel() const { return m_explain; }
    // Help > Glossary.
    GlossaryDialog* glossaryDialog() const { return m_glossary; }

    // Opens a scenario file as one undoable step. On failure the current scenario stays, the one-line
    // error goes to the status bar and a non-modal message box, and lastError() holds it.
    bool openFile(const QString& fileName);
    bool saveFile(const QString& fileName);
    bool openExample(const QString& id);
    QString lastError() const { return m_lastError; }
    // Imports FILE_NAME (its kind detected from the content) through a preview: on success the
    // non-modal preview opens and its Apply replaces the scenario as one undo step "Import FILE"; a file
    // that cannot be read changes nothing and its one-line error is shown as for openFile(). COMMON_KEYS
    // reads a Hugging Face config of an unknown model_type by its common keys
    // (io::ImportOptions::hf_common_keys); without it, the error box of such a file offers that as a button
    // (object name "readWithCommonKeys").
    bool importFile(const QString& fileName, bool commonKeys = false);
    // The open import preview; nullptr when none is open.
    ImportDialog* importPreview() const;
    // File > Calibrate Compute…: opens the calibration dialog of the document (non-modal, one at a time, so
    // the scenario can still be edited) or raises the open one; returns it.
    CalibrateDialog* calibrateCompute();
    // The open calibration dialog; nullptr when none is open.
    CalibrateDialog* calibrateDialog() const;

    // Pins the current scenario as the baseline (PIN) or unpins it. Pinning an invalid scenario shows
    // why and changes nothing; returns whether a baseline is pinned afterwards.
    bool setBaselinePinned(bool pin);
    // Pins the scenario saved in FILE_NAME as the baseline, beside the open one (File > Compare with File…).
    // A file that cannot be read or is not a valid scenario shows its one-line error (lastError()) and
    // changes nothing: the current scenario and any pinned baseline stay.
    bool compareWithFile(const QString& fileName);

    // Session: SETTINGS is where the window and the scenario are saved on close (none: nothing is saved).
    void setSettings(Settings* settings);
    // The saved geometry and docks, the window then moved (and shrunk if need be) onto its screen's available
    // area.
    void restoreLayout();
    // The last session's scenario; false when there is none to restore.
    bool restoreLastScenario();
    void saveSession();

    // Crash recovery: from now on, unsaved edits are autosaved to DIRECTORY ("": the default).
    void enableAutosave(const QString& directory = {});
    Autosave* autosave() const { return m_autosave; }
    enum class RecoveryChoice
    {
        Recover,
        Discard,
        Later
    };
    // Answers "Recover unsaved changes from <time>?"; the default asks with a message box, tests answer
    // through their own function instead of a modal dialog.
    using RecoveryPrompt = std::function<RecoveryChoice(const AutosaveEntry&)>;
    void setRecoveryPrompt(RecoveryPrompt prompt) { m_recoveryPrompt = std::move(prompt); }
    // Offers the autosaves of sessions that ended without quitting, newest first, until one is recovered
    // (it becomes the document, unsaved); true when one was. Needs enableAutosave().
    bool offerRecovery();

protected:
    void closeEvent(QCloseEvent* event) override;
    // A file dropped on the window is imported (importFile); a scenario file is opened instead.
    void dragEnterEvent(QDragEnterEvent* event) override;
    void dropEvent(QDropEvent* event) override;
    // View > Language switches at once: every word of the window is set again in the new language.
    void changeEvent(QEvent* event) override;

private:
    // Shows the document's result in the Overview, Gantt and bandwidth charts where an update was held
    // back: in the one on the current tab, or in all with ALL.
    void syncHiddenViews(bool all = false) const;
    void fitToScreen();
    void createMenus();
    QAction* createFileMenu(QMenu* file);
    void createExamplesMenu(QMenu* file);
    void createExporter(QMenu* file);
    void createEditMenu();
    void createViewMenu(QAction* compareFile);
    void createLanguageMenu(QMenu* view);
    void newScenario();
    void open();
    void import();
    bool save();
    bool saveAs();
    void rename();
    void about();
    void setLanguage(const QString& language);
    void retranslate();
    void updateUndoRedoText();
    QMessageBox* showError(const QString& message);
    void offerCommonKeys(QMessageBox* box, const QString& fileName);
    void updateTitle();
    void showResult();
    void showProblems();
    void showComparison();
    void compareWithFileDialog();

    ScenarioDocument* m_document;
    Settings* m_settings = nullptr;
    ParameterPanel* m_panel;
    MemoryChart* m_chart;
    GanttChart* m_gantt = nullptr;
    TopologyEditor* m_topology = nullptr;
    BandwidthChart* m_bandwidth = nullptr;
    SweepView* m_sweep = nullptr;
    PlannerView* m_planner = nullptr;
    PresentationMode* m_presentation = nullptr;
    LessonPanel* m_lessons = nullptr;
    ExplainModel* m_explainModel = nullptr;
    ExplainPanel* m_explain = nullptr;
    QDockWidget* m_explainDock = nullptr;
    GlossaryDialog* m_glossary = nullptr;
    SummaryStrip* m_summary;
    BaselineModel* m_baseline = nullptr;
    CompareView* m_compare = nullptr;
    OverviewView* m_overview = nullptr;
    QAction* m_pinAction = nullptr;
    QTabWidget* m_tabs = nullptr;
    QDockWidget* m_panelDock;
    QMenu* m_languageMenu = nullptr;
    ExportActions* m_exporter = nullptr;
    QAction* m_undoAction = nullptr;
    QAction* m_redoAction = nullptr;
    QString m_lastError;
    // Results not yet shown by the chart of a hidden tab (see ganttChart()).
    mutable bool m_ganttPending = false;
    mutable bool m_bandwidthPending = false;
    mutable bool m_overviewPending = false;
    QPointer<ImportDialog> m_importPreview;
    QPointer<CalibrateDialog> m_calibrateDialog;
    Autosave* m_autosave = nullptr;
    RecoveryPrompt m_recoveryPrompt;
};

} // namespace ss
