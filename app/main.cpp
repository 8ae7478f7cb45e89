// SPDX-License-Identifier: GPL-3.0-or-later
// shardscope [SCENARIO.json] [--lang zh_CN|en]: the desktop explorer. Thin: parse, translate, show.
#include "explainpanel.h"
#include "ganttchart.h"
#include "ganttcursor.h"
#include "glossary.h"
#include "importdialog.h"
#include "lessonpanel.h"
#include "mainwindow.h"
#include "memorychart.h"
#include "plannerview.h"
#include "presentationmode.h"
#include "ringanimationcontrol.h"
#include "scenariodocument.h"
#include "settings.h"
#include "topologyeditor.h"
#include "translator.h"

#include <QAction>
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
    // For pictures of the live switch (issue 7): View > Language > LANG ("zh_CN", "en") once the window is shown.
    QCommandLineOption switchLanguage(QStringLiteral("switch-language"),
                                      QStringLiteral("Switch the language after opening."), QStringLiteral("lang"));
    switchLanguage.setFlags(QCommandLineOption::HiddenFromHelp);
    parser.addOption(switchLanguage);
    // Presentation mode (issue 7), for pictures of it: large type, high contrast, in the window.
    QCommandLineOption presentation(QStringLiteral("presentation"),
                                    QStringLiteral("Start in presentation mode."));
    presentation.setFlags(QCommandLineOption::HiddenFromHelp);
    parser.addOption(presentation);
    // The ring animation paused at POSITION (3.5: the middle of the fourth step) of the first collective that
    // runs on a ring; the time cursor of the step timeline at FRACTION of the step.
    QCommandLineOption ring(QStringLiteral("ring"), QStringLiteral("Show the ring animation at a step."),
                            QStringLiteral("position"));
    ring.setFlags(QCommandLineOption::HiddenFromHelp);
    parser.addOption(ring);
    QCommandLineOption ganttCursor(QStringLiteral("gantt-cursor"),
                                   QStringLiteral("Show the time cursor at a fraction of the step."),
                                   QStringLiteral("fraction"));
    ganttCursor.setFlags(QCommandLineOption::HiddenFromHelp);
    parser.addOption(ganttCursor);
    // A guided lesson (issue 7): lesson N (1-based) opened, at step K; the glossary opened, filtered by TEXT.
    QCommandLineOption lesson(QStringLiteral("lesson"), QStringLiteral("Open lesson N."),
                              QStringLiteral("n"));
    lesson.setFlags(QCommandLineOption::HiddenFromHelp);
    parser.addOption(lesson);
    QCommandLineOption lessonStep(QStringLiteral("lesson-step"),
                                  QStringLiteral("Go to step K of the lesson."), QStringLiteral("k"));
    lessonStep.setFlags(QCommandLineOption::HiddenFromHelp);
    parser.addOption(lessonStep);
    QCommandLineOption glossary(QStringLiteral("glossary"),
                                QStringLiteral("Open the glossary, filtered by TEXT."), QStringLiteral("text"));
    glossary.setFlags(QCommandLineOption::HiddenFromHelp);
    parser.addOption(glossary);
    // The Explain dock (issue 7) showing FIGURE, a result JSON path ("comm.collectives[0].time_s").
    QCommandLineOption explainOption(QStringLiteral("explain"), QStringLiteral("Explain a figure."),
                                     QStringLiteral("figure"));
    explainOption.setFlags(QCommandLineOption::HiddenFromHelp);
    parser.addOption(explainOption);
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

    // Sized before the lesson opens: its dock goes beside the parameters or tabbed with them by the width.
    if (parser.isSet(size)) {
        const QStringList wh = parser.value(size).split(QLatin1Char('x'));
        if (wh.size() == 2)
            window.resize(wh[0].toInt(), wh[1].toInt());
    }
    if (parser.isSet(lesson)) {
        ss::LessonPanel* lessons = window.lessonPanel();
        if (!lessons->openLesson(parser.value(lesson).toInt() - 1))
            std::fprintf(stderr, "shardscope: --lesson: expected a number from 1 to %d\n",
                         ss::Lessons::count());
        else if (parser.isSet(lessonStep) && !lessons->goToStep(parser.value(lessonStep).toInt() - 1))
            std::fprintf(stderr, "shardscope: --lesson-step: expected a number from 1 to %d\n",
                         lessons->stepCount());
    }

    for (const QString& assignment : parser.values(set)) {
        const QString path = assignment.section(QLatin1Char('='), 0, 0);
        const QString error = window.document()->setFieldText(path, assignment.section(QLatin1Char('='), 1));
        if (!error.isEmpty())
            std::fprintf(stderr, "shardscope: --set %s: %s\n", qPrintable(assignment), qPrintable(error));
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
    if (parser.isSet(switchLanguage)) {
        if (auto* action = window.findChild<QAction*>(QStringLiteral("language.") + parser.value(switchLanguage)))
            action->trigger();
        else
            std::fprintf(stderr, "shardscope: --switch-language: no language \"%s\"\n",
                         qPrintable(parser.value(switchLanguage)));
    }
    if (parser.isSet(presentation)) {
        window.presentationMode()->setUsesFullScreen(!shot);
        window.presentationMode()->setActive(true);
    }
    if (parser.isSet(explainOption))
        window.explainPanel()->showFigure(parser.value(explainOption));
    if (parser.isSet(glossary)) {
        window.glossaryDialog()->showAction()->trigger();
        window.glossaryDialog()->setFilter(parser.value(glossary));
    }
    // After the scenario's own result: a large one is evaluated off the UI thread and arrives later.
    const auto showAnimations = [&window, &parser, &ring, &ganttCursor] {
        if (parser.isSet(ring)) {
            ss::TopologyEditor* editor = window.topologyEditor();
            const int count = int(window.document()->result().comm.collectives.size());
            // The first all-reduce on a ring, else the first collective that animates at all.
            int chosen = -1;
            for (int pass = 0; pass < 2 && chosen < 0; ++pass)
                for (int i = 0; i < count && chosen < 0; ++i) {
                    const std::string& op = window.document()->result().comm.collectives[std::size_t(i)].op;
                    editor->highlightCollective(i);
                    if (editor->ringAnimation()->canAnimate() && (pass == 1 || op == "allreduce"))
                        chosen = i;
                }
            editor->ringAnimation()->setPosition(parser.value(ring).toDouble());
        }
        if (parser.isSet(ganttCursor)) {
            ss::GanttChart* gantt = window.ganttChart();
            gantt->replot(QCustomPlot::rpImmediateRefresh);
            gantt->timeCursor()->setTime(parser.value(ganttCursor).toDouble() *
                                         gantt->ganttLayout().stepTime);
        }
    };
    if (window.document()->isResultCurrent())
        showAnimations();
    else
        QObject::connect(window.document(), &ss::ScenarioDocument::resultChanged, &window, showAnimations,
                         Qt::SingleShotConnection);
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
            window.ganttChart()->replot(QCustomPlot::rpImmediateRefresh);
            // The import preview or the glossary, when one is open, is what the picture is for.
            QWidget* shown = &window;
            if (window.importPreview())
                shown = window.importPreview();
            else if (window.glossaryDialog()->isVisible())
                shown = window.glossaryDialog();
            const bool saved = shown->grab().save(file);
            if (!saved)
                std::fprintf(stderr, "shardscope: could not write %s\n", qPrintable(file));
            app.exit(saved ? 0 : 1);
        });
    }
    return app.exec();
}
