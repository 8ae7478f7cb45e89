// SPDX-License-Identifier: GPL-3.0-or-later
// The export gestures of the window: a context menu on each chart (PNG, SVG, PDF, CSV, the timeline's trace,
// copy to the clipboard) and the File > Export submenu with the report. Every file comes from
// ChartExport::exportScenario() on the document's scenario, as `shardscope-cli export` writes it.
#pragma once

#include "csvexport.h"
#include "sweep.h"

#include <QObject>
#include <QString>

#include <functional>
#include <vector>

class QMenu;
class QWidget;

namespace ss {

struct Baseline;
class ScenarioDocument;

class ExportActions : public QObject
{
    Q_OBJECT
public:
    ExportActions(ScenarioDocument* document, QWidget* window);

    // Gives WIDGET the context menu of CHART.
    void addChart(QWidget* widget, io::ExportChart chart);
    // Where the sweep chart's parameter and values come from (the Sweep tab's controls); without one the
    // sweep chart is not offered.
    void setSweepSpec(std::function<SweepSpec()> provider) { m_sweepSpec = std::move(provider); }
    // The pinned baseline the charts and the report show; nullptr from it while none is pinned.
    void setBaseline(std::function<const Baseline*()> provider) { m_baseline = std::move(provider); }
    // Adds the Export submenu (every chart, the report, the timeline) to FILE_MENU.
    QMenu* addExportMenu(QMenu* fileMenu);
    // Sets the Export submenu's words again in the current language (the chart menus are made when asked
    // for).
    void retranslate();

    // Writes CHART to FILE; on failure shows the one-line error and returns false (lastError() holds it).
    bool exportTo(io::ExportChart chart, const QString& file);
    // Puts CHART as an image on the clipboard.
    void copyToClipboard(io::ExportChart chart);
    QString lastError() const { return m_lastError; }
    // The name an export dialog suggests: the scenario's name in letters, digits, '-' and '_', then the
    // chart ("GPT-3-175B-on-1-024-GPUs-memory.png").
    static QString suggestedFileName(const QString& scenarioName, io::ExportChart chart,
                                     const QString& suffix);
    // Where an export dialog starts: the folder of the last export, else Documents.
    QString exportDirectory() const;

private:
    void fillChartMenu(QMenu* menu, io::ExportChart chart);
    void askAndExport(io::ExportChart chart, io::ExportFormat format);
    void fillExportMenu(QMenu* menu);

    ScenarioDocument* m_document;
    QWidget* m_window;
    QMenu* m_exportMenu = nullptr;
    QString m_lastError;
    QString m_lastDirectory;
    std::function<SweepSpec()> m_sweepSpec;
    std::function<const Baseline*()> m_baseline;
};

} // namespace ss
