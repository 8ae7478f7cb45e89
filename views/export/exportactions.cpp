// SPDX-License-Identifier: GPL-3.0-or-later
#include "exportactions.h"

#include "chartexport.h"
#include "scenariodocument.h"

#include <QAbstractScrollArea>
#include <QAction>
#include <QApplication>
#include <QClipboard>
#include <QDir>
#include <QFileDialog>
#include <QFileInfo>
#include <QMainWindow>
#include <QMenu>
#include <QMessageBox>
#include <QStandardPaths>
#include <QStatusBar>

namespace ss {

namespace {

QString suffixOf(io::ExportFormat format)
{
    switch (format) {
    case io::ExportFormat::Png:
        return QStringLiteral("png");
    case io::ExportFormat::Svg:
        return QStringLiteral("svg");
    case io::ExportFormat::Pdf:
        return QStringLiteral("pdf");
    case io::ExportFormat::Csv:
        return QStringLiteral("csv");
    case io::ExportFormat::Json:
        return QStringLiteral("json");
    case io::ExportFormat::Unknown:
        break;
    }
    return {};
}

} // namespace

ExportActions::ExportActions(ScenarioDocument* document, QWidget* window)
    : QObject(window), m_document(document), m_window(window)
{
    setObjectName(QStringLiteral("exportActions"));
}

void ExportActions::fillChartMenu(QMenu* menu, io::ExportChart chart)
{
    const QString name = io::exportChartName(chart);
    const struct
    {
        io::ExportFormat format;
        QString text;
    } entries[] = {
        {io::ExportFormat::Png, tr("Export as &PNG…")},
        {io::ExportFormat::Svg, tr("Export as &SVG…")},
        {io::ExportFormat::Pdf, tr("Export as P&DF…")},
        {io::ExportFormat::Csv, tr("Export &numbers as CSV…")},
    };
    for (const auto& entry : entries) {
        QAction* action = menu->addAction(entry.text);
        action->setObjectName(QStringLiteral("actionExport.") + name + QLatin1Char('.') +
                              suffixOf(entry.format));
        const io::ExportFormat format = entry.format;
        connect(action, &QAction::triggered, this, [this, chart, format] { askAndExport(chart, format); });
    }
    if (chart == io::ExportChart::Gantt) {
        QAction* action = menu->addAction(tr("Export as &trace (Perfetto, chrome://tracing)…"));
        action->setObjectName(QStringLiteral("actionExport.gantt.json"));
        connect(action, &QAction::triggered, this,
                [this] { askAndExport(io::ExportChart::Gantt, io::ExportFormat::Json); });
    }
    menu->addSeparator();
    QAction* copy = menu->addAction(tr("&Copy chart"));
    copy->setObjectName(QStringLiteral("actionCopy.") + name);
    connect(copy, &QAction::triggered, this, [this, chart] { copyToClipboard(chart); });
}

void ExportActions::addChart(QWidget* widget, io::ExportChart chart)
{
    widget->setContextMenuPolicy(Qt::CustomContextMenu);
    connect(widget, &QWidget::customContextMenuRequested, this, [this, widget, chart](const QPoint& pos) {
        QMenu menu(widget);
        fillChartMenu(&menu, chart);
        // A scroll area (the topology canvas) reports POS in its viewport.
        auto* area = qobject_cast<QAbstractScrollArea*>(widget);
        menu.exec((area ? area->viewport() : widget)->mapToGlobal(pos));
    });
}

QMenu* ExportActions::addExportMenu(QMenu* fileMenu)
{
    QMenu* menu = fileMenu->addMenu(tr("E&xport"));
    menu->setObjectName(QStringLiteral("menuExport"));
    m_exportMenu = menu;
    fillExportMenu(menu);
    return menu;
}

void ExportActions::retranslate()
{
    if (!m_exportMenu)
        return;
    // Filled afresh: the same actions and object names, in the words of the current language.
    m_exportMenu->setTitle(tr("E&xport"));
    m_exportMenu->clear();
    qDeleteAll(m_exportMenu->findChildren<QMenu*>(Qt::FindDirectChildrenOnly));
    fillExportMenu(m_exportMenu);
}

void ExportActions::fillExportMenu(QMenu* menu)
{
    QAction* report = menu->addAction(tr("&Report (PDF)…"));
    report->setObjectName(QStringLiteral("actionExportReport"));
    connect(report, &QAction::triggered, this,
            [this] { askAndExport(io::ExportChart::Report, io::ExportFormat::Pdf); });
    QAction* trace = menu->addAction(tr("&Timeline as trace JSON…"));
    trace->setObjectName(QStringLiteral("actionExportTrace"));
    connect(trace, &QAction::triggered, this,
            [this] { askAndExport(io::ExportChart::Gantt, io::ExportFormat::Json); });
    menu->addSeparator();
    for (io::ExportChart chart : {io::ExportChart::Memory, io::ExportChart::Gantt, io::ExportChart::Topology,
                                  io::ExportChart::Bandwidth, io::ExportChart::Sweep}) {
        if (chart == io::ExportChart::Sweep && !m_sweepSpec)
            continue;
        QMenu* sub = menu->addMenu(ChartExport::title(chart));
        fillChartMenu(sub, chart);
    }
}

void ExportActions::askAndExport(io::ExportChart chart, io::ExportFormat format)
{
    const QString suffix = suffixOf(format);
    QString filter;
    switch (format) {
    case io::ExportFormat::Png:
        filter = tr("PNG images (*.png)");
        break;
    case io::ExportFormat::Svg:
        filter = tr("SVG drawings (*.svg)");
        break;
    case io::ExportFormat::Pdf:
        filter = tr("PDF documents (*.pdf)");
        break;
    case io::ExportFormat::Csv:
        filter = tr("CSV tables (*.csv)");
        break;
    case io::ExportFormat::Json:
        filter = tr("Chrome trace JSON (*.json)");
        break;
    case io::ExportFormat::Unknown:
        return;
    }
    const QString suggested =
        suggestedFileName(QString::fromStdString(m_document->scenario().name), chart, suffix);
    QString file = QFileDialog::getSaveFileName(m_window, tr("Export"),
                                                QDir(exportDirectory()).filePath(suggested), filter);
    if (file.isEmpty())
        return;
    if (io::exportFormatOf(file) != format)
        file += QLatin1Char('.') + suffix;
    exportTo(chart, file);
}

QString ExportActions::suggestedFileName(const QString& scenarioName, io::ExportChart chart,
                                         const QString& suffix)
{
    // Letters, digits, '-' and '_' only: no colon, slash or space that a file system or a shell would trip
    // on.
    QString base;
    for (const QChar c : scenarioName) {
        const bool safe = (c >= QLatin1Char('a') && c <= QLatin1Char('z')) ||
                          (c >= QLatin1Char('A') && c <= QLatin1Char('Z')) ||
                          (c >= QLatin1Char('0') && c <= QLatin1Char('9')) || c == QLatin1Char('_') ||
                          c == QLatin1Char('-');
        if (safe)
            base += c;
        else if (!base.endsWith(QLatin1Char('-')))
            base += QLatin1Char('-');
    }
    while (base.endsWith(QLatin1Char('-')))
        base.chop(1);
    while (base.startsWith(QLatin1Char('-')))
        base.remove(0, 1);
    if (base.isEmpty())
        base = QStringLiteral("shardscope");
    return base + QLatin1Char('-') + io::exportChartName(chart) + QLatin1Char('.') + suffix;
}

QString ExportActions::exportDirectory() const
{
    if (!m_lastDirectory.isEmpty() && QDir(m_lastDirectory).exists())
        return m_lastDirectory;
    const QString documents = QStandardPaths::writableLocation(QStandardPaths::DocumentsLocation);
    return !documents.isEmpty() && QDir(documents).exists() ? documents : QDir::homePath();
}

bool ExportActions::exportTo(io::ExportChart chart, const QString& file)
{
    // The engine runs again with the timeline and the explanations, as the CLI does, so both write the
    // same file; an export is rare enough to wait for.
    QApplication::setOverrideCursor(Qt::WaitCursor);
    QString error;
    const bool ok = chart == io::ExportChart::Sweep && m_sweepSpec
                        ? ChartExport::exportSweep(m_document->scenario(), m_sweepSpec(), file, &error)
                        : ChartExport::exportScenario(m_document->scenario(), chart, file, &error,
                                                      m_baseline ? m_baseline() : nullptr);
    QApplication::restoreOverrideCursor();
    m_lastError = ok ? QString() : error;
    if (!ok && m_window && m_window->isVisible())
        QMessageBox::warning(m_window, tr("Export failed"), error);
    if (ok) {
        // The next export starts where this one went; the status bar says where that is.
        m_lastDirectory = QFileInfo(file).absolutePath();
        if (auto* window = qobject_cast<QMainWindow*>(m_window))
            window->statusBar()->showMessage(
                tr("Exported %1").arg(QDir::toNativeSeparators(QFileInfo(file).absoluteFilePath())), 10000);
    }
    return ok;
}

void ExportActions::copyToClipboard(io::ExportChart chart)
{
    QApplication::setOverrideCursor(Qt::WaitCursor);
    const Scenario& scenario = m_document->scenario();
    const QImage image = chart == io::ExportChart::Sweep && m_sweepSpec
                             ? ChartExport::sweepImage(scenario, runSweep(scenario, m_sweepSpec()))
                             : ChartExport::image(scenario, ChartExport::evaluateForExport(scenario), chart,
                                                  {ChartExport::chartWidth, ChartExport::chartHeight},
                                                  ChartExport::pngScale, m_baseline ? m_baseline() : nullptr);
    QApplication::restoreOverrideCursor();
    QApplication::clipboard()->setImage(image);
}

} // namespace ss
