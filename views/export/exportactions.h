// SPDX-License-Identifier: GPL-3.0-or-later
// The export gestures of the window: a context menu on each chart (PNG, SVG, PDF, CSV, the timeline's trace,
// copy to the clipboard) and the File > Export submenu with the report. Every file comes from
// ChartExport::exportScenario() on the document's scenario, as `shardscope-cli export` writes it.
#pragma once

#include "csvexport.h"

#include <QObject>
#include <QString>

#include <vector>

class QMenu;
class QWidget;

namespace ss {

class ScenarioDocument;

class ExportActions : public QObject
{
    Q_OBJECT
public:
    ExportActions(ScenarioDocument* document, QWidget* window);

    // Gives WIDGET the context menu of CHART.
    void addChart(QWidget* widget, io::ExportChart chart);
    // Adds the Export submenu (every chart, the report, the timeline) to FILE_MENU.
    QMenu* addExportMenu(QMenu* fileMenu);

    // Writes CHART to FILE; on failure shows the one-line error and returns false (lastError() holds it).
    bool exportTo(io::ExportChart chart, const QString& file);
    // Puts CHART as an image on the clipboard.
    void copyToClipboard(io::ExportChart chart);
    QString lastError() const { return m_lastError; }

private:
    void fillChartMenu(QMenu* menu, io::ExportChart chart);
    void askAndExport(io::ExportChart chart, io::ExportFormat format);

    ScenarioDocument* m_document;
    QWidget* m_window;
    QString m_lastError;
};

} // namespace ss
