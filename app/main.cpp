// SPDX-License-Identifier: GPL-3.0-or-later
// shardscope [SCENARIO.json] [--lang zh_CN|en]: the desktop explorer. Thin: parse, translate, show.
#include "importdialog.h"
#include "mainwindow.h"
#include "memorychart.h"
#include "plannerview.h"
#include "scenariodocument.h"
#include "settings.h"
#include "translator.h"

#include <QApplication>
#include <QCommandLineParser>
#include <QElapsedTimer>
#include <QTabWidget>
#include <QTimer>
#include <QUndoStack>

#include <cstdio>

namespace {

// Quits the application after the first paint event of the window it filters, printing the seconds since
// STARTUP started. The exit is queued so the paint completes and reaches the screen first.
class FirstPaintWatcher : public QObject
{
public:
    explicit FirstPaintWatcher(const QElapsedTimer& startup) : m_startup(startup) {}

protected:
    bool eventFilter(QObject* watched, QEvent* event) override
    {
        if (event->type() == QEvent::Paint && !m_seen) {
            m_seen = true;
            QTimer::singleShot(0, qApp, [this] {
                std::printf("first-paint %.6f\n", m_startup.nsecsElapsed() * 1e-9);
                std::fflush(stdout);
                QCoreApplication::exit(0);
            });
        }
        return QObject::eventFilter(watched, event);
    }

private:
    const QElapsedTimer& m_startup;
    bool m_seen = false;
};

} // namespace

int main(int argc, char* argv[])
{
    QElapsedTimer startup;
    startup.start();
    QApplication app(argc, argv);
    QApplication::setOrganizationName(QStringLiteral("ShardScope"));
    QApplication::setApplicationName(QStringLiteral("shardscope"));
    QApplication::setApplicationDisplayName(QStringLiteral("ShardScope"));
    QApplication::setApplicationVersion(QStringLiteral(SHARDSCOPE_VERSION));

    QCommandLineParser parser;
    parser.setApplicationDescription(QCoreApplication::translate(
        "main", "Memory and communication explorer for distributed deep-learning training."));
    parser.addHelpOption();
    parser.addVersionOption();
    parser.addPositionalArgument(QStringLiteral("scenario"),
                                 QCoreApplication::translate("main", "Scenario file to open."),
                                 QStringLiteral("[SCENARIO.json]"));
    const QCommandLineOption lang(QStringLiteral("lang"),
                                  QCoreApplication::translate("main", "User-interface language (zh_CN, en)."),
                                  QStringLiteral("language"));
    parser.addOption(lang);
    // Two saved scenarios side by side (issue 6): B is pinned as the baseline of the opened A.
    const QCommandLineOption compare(
        QStringLiteral("compare"),
        QCoreApplication::translate("main", "Show the scenario against the baseline scenario FILE."),
        QStringLiteral("file"));
    parser.addOption(compare);
    // For documentation and checks: render the window to FILE and quit, without touching the session.
    QCommandLineOption screenshot(QStringLiteral("screenshot"),
                                  QStringLiteral("Save a picture of the window."), QStringLiteral("file"));
    screenshot.setFlags(QCommandLineOption::HiddenFromHelp);
    parser.addOption(screenshot);
    QCommandLineOption size(QStringLiteral("size"), QStringLiteral("Window size WIDTHxHEIGHT."),
                            QStringLiteral("size"));
    size.setFlags(QCommandLineOption::HiddenFromHelp);
    parser.addOption(size);
    QCommandLineOption example(QStringLiteral("example"), QStringLiteral("Open a built-in example."),
                               QStringLiteral("id"));
    example.setFlags(QCommandLineOption::HiddenFromHelp);
    parser.addOption(example);
    // Scripted edits after opening, as the panels make them (for screenshots of particular states).
    QCommandLineOption set(QStringLiteral("set"), QStringLiteral("Set a field: PATH=VALUE."),
                           QStringLiteral("assignment"));
    set.setFlags(QCommandLineOption::HiddenFromHelp);
    parser.addOption(set);
    // Pins the opened scenario as the baseline before the --set edits, so the picture shows their deltas.
    QCommandLineOption pinBaseline(QStringLiteral("pin-baseline"),
                                   QStringLiteral("Pin the opened scenario as the baseline before --set."));
    pinBaseline.setFlags(QCommandLineOption::HiddenFromHelp);
    parser.addOption(pinBaseline);
    // The view tab to show: its title or its widget's object name ("topology", "bandwidthChart").
    QCommandLineOption tab(QStringLiteral("tab"), QStringLiteral("Show a view tab."), QStringLiteral("name"));
    tab.setFlags(QCommandLineOption::HiddenFromHelp);
    parser.addOption(tab);
    // Runs the layout planner (issue 6) to completion before the picture, so --tab planner shows its results.
    QCommandLineOption runPlanner(QStringLiteral("run-planner"), QStringLiteral("Run the layout planner."));
    runPlanner.setFlags(QCommandLineOption::HiddenFromHelp);
    parser.addOption(runPlanner);
    // Opens the import preview of FILE (issue 5); with --screenshot the picture is of the preview.
    QCommandLineOption importOption(QStringLiteral("import"), QStringLiteral("Preview importing a file."),
                                    QStringLiteral("file"));
    importOption.setFlags(QCommandLineOption::HiddenFromHelp);
    parser.addOption(importOption);
    // For the startup benchmark (issue 8, startup_s): print "first-paint SECONDS" once the main window has
    // painted for the first time, then quit, without touching the session.
    QCommandLineOption firstPaint(QStringLiteral("exit-after-first-paint"),
                                  QStringLiteral("Quit once the window has been painted."));
    firstPaint.setFlags(QCommandLineOption::HiddenFromHelp);
    parser.addOption(firstPaint);
    parser.process(app);

    ss::Settings settings;
    const QString language = parser.isSet(lang) ? parser.value(lang) : settings.language();
    if (!ss::installTranslations(app, language) && !language.isEmpty() &&
        !language.startsWith(QLatin1String("en")))
        std::fprintf(stderr, "shardscope: no translation for language \"%s\", using English\n",
                     qPrintable(language));

    ss::MainWindow window;
    const bool shot = parser.isSet(screenshot) || parser.isSet(firstPaint);
    if (!shot)
        window.setSettings(&settings);
    window.restoreLayout();

    const QStringList files = parser.positionalArguments();
    bool opened = false;
    if (!files.isEmpty())
        opened = window.openFile(files.first());
    if (!opened && parser.isSet(example))
        opened = window.openExample(parser.value(example));
    if (opened)
        window.document()->undoStack()->clear(); // the starting point is not an undoable step
    else
        window.restoreLastScenario(); // or, the first time, the built-in default the document starts with

    if (parser.isSet(compare) && !window.compareWithFile(parser.value(compare)))
        std::fprintf(stderr, "shardscope: --compare: %s\n", qPrintable(window.lastError()));
    else if (parser.isSet(pinBaseline))
        window.setBaselinePinned(true);

    for (const QString& assignment : parser.values(set)) {
        const QString path = assignment.section(QLatin1Char('='), 0, 0);
        const QString error = window.document()->setFieldText(path, assignment.section(QLatin1Char('='), 1));
        if (!error.isEmpty())
            std::fprintf(stderr, "shardscope: --set %s: %s\n", qPrintable(assignment), qPrintable(error));
    }

    if (parser.isSet(size)) {
        const QStringList wh = parser.value(size).split(QLatin1Char('x'));
        if (wh.size() == 2)
            window.resize(wh[0].toInt(), wh[1].toInt());
    }
    if (parser.isSet(tab)) {
        const QString name = parser.value(tab);
        QTabWidget* tabs = window.viewTabs();
        for (int i = 0; i < tabs->count(); ++i)
            if (tabs->tabText(i).compare(name, Qt::CaseInsensitive) == 0 ||
                tabs->widget(i)->objectName().startsWith(name, Qt::CaseInsensitive))
                tabs->setCurrentIndex(i);
    }
    if (parser.isSet(runPlanner)) {
        window.plannerView()->runNow();
        window.plannerView()->waitForFinished();
    }
    window.show();
    if (!shot) {
        // Unsaved edits survive a crash (issue 8): autosaved every minute, offered back on the next start.
        window.enableAutosave();
        QTimer::singleShot(0, &window, [&window] { window.offerRecovery(); });
    }
    if (parser.isSet(importOption) && !window.importFile(parser.value(importOption)))
        std::fprintf(stderr, "shardscope: --import: %s\n", qPrintable(window.lastError()));

    FirstPaintWatcher watcher(startup);
    if (parser.isSet(firstPaint))
        window.installEventFilter(&watcher);
    else if (shot) {
        const QString file = parser.value(screenshot);
        QTimer::singleShot(800, &window, [&window, &app, file] {
            window.memoryChart()->replot(QCustomPlot::rpImmediateRefresh);
            // The import preview, when one is open, is what the picture is for.
            QWidget* shown = window.importPreview() ? static_cast<QWidget*>(window.importPreview()) : &window;
            const bool saved = shown->grab().save(file);
            if (!saved)
                std::fprintf(stderr, "shardscope: could not write %s\n", qPrintable(file));
            app.exit(saved ? 0 : 1);
        });
    }
    return app.exec();
}
