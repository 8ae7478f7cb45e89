// SPDX-License-Identifier: GPL-3.0-or-later
// The explorer's main window: parameter panels in a dock, the summary strip and the memory chart in the
// middle, File/Edit/View/Help menus. It owns the ScenarioDocument; every view renders the document.
#pragma once

#include <QMainWindow>
#include <QPointer>

class QAction;
class QDockWidget;
class QMenu;
class QTabWidget;

namespace ss {

class BandwidthChart;
class GanttChart;
class ImportDialog;
class MemoryChart;
class ParameterPanel;
class ScenarioDocument;
class Settings;
class SummaryStrip;
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
    GanttChart* ganttChart() const { return m_gantt; }
    TopologyEditor* topologyEditor() const { return m_topology; }
    BandwidthChart* bandwidthChart() const { return m_bandwidth; }
    SummaryStrip* summaryStrip() const { return m_summary; }
    // The tabs of the central area: "Memory" first.
    QTabWidget* viewTabs() const { return m_tabs; }

    // Opens a scenario file as one undoable step. On failure the current scenario stays, the one-line
    // error goes to the status bar and a non-modal message box, and lastError() holds it.
    bool openFile(const QString& fileName);
    bool saveFile(const QString& fileName);
    bool openExample(const QString& id);
    QString lastError() const { return m_lastError; }
    // Imports FILE_NAME (its kind detected from the content; issue 5) through a preview: on success the
    // non-modal preview opens and its Apply replaces the scenario as one undo step "Import FILE"; a file
    // that cannot be read changes nothing and its one-line error is shown as for openFile().
    bool importFile(const QString& fileName);
    // The open import preview; nullptr when none is open.
    ImportDialog* importPreview() const;

    // Session: SETTINGS is where the window and the scenario are saved on close (none: nothing is saved).
    void setSettings(Settings* settings);
    void restoreLayout();
    // The last session's scenario; false when there is none to restore.
    bool restoreLastScenario();
    void saveSession();

protected:
    void closeEvent(QCloseEvent* event) override;
    // A file dropped on the window is imported (importFile); a scenario file is opened instead.
    void dragEnterEvent(QDragEnterEvent* event) override;
    void dropEvent(QDropEvent* event) override;

private:
    void createMenus();
    void newScenario();
    void open();
    void import();
    bool save();
    bool saveAs();
    void rename();
    void about();
    void setLanguage(const QString& language);
    void showError(const QString& message);
    void updateTitle();
    void showResult();
    void showProblems();

    ScenarioDocument* m_document;
    Settings* m_settings = nullptr;
    ParameterPanel* m_panel;
    MemoryChart* m_chart;
    GanttChart* m_gantt = nullptr;
    TopologyEditor* m_topology = nullptr;
    BandwidthChart* m_bandwidth = nullptr;
    SummaryStrip* m_summary;
    QTabWidget* m_tabs = nullptr;
    QDockWidget* m_panelDock;
    QMenu* m_languageMenu = nullptr;
    QString m_lastError;
    QPointer<ImportDialog> m_importPreview;
};

} // namespace ss
