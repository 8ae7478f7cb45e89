// SPDX-License-Identifier: GPL-3.0-or-later
// shardscope [SCENARIO.json] [--lang zh_CN|en]: the desktop explorer. Thin: parse, translate, show.
#include "examples.h"
#include "explainpanel.h"
#include "ganttchart.h"
#include "ganttcursor.h"
#include "glossary.h"
#include "importdialog.h"
#include "lessonpanel.h"
#include "mainwindow.h"
#include "memorychart.h"
#include "overviewview.h"
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
#include <QFileInfo>
#include <QTabWidget>
#include <QTimer>
#include <QUndoStack>

#include <algorithm>
#include <cstdio>
#include <optional>

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

// An option for scripted pictures and checks, left out of --help.
QCommandLineOption hiddenOption(const QString& name, const QString& description,
                                const QString& valueName = {})
{
    QCommandLineOption option(name, description, valueName);
    option.setFlags(QCommandLineOption::HiddenFromHelp);
    return option;
}

// The explorer's options, in the order --help lists them (the hidden ones after the two it shows).
struct Options
{
    QCommandLineOption lang{QStringLiteral("lang"),
                            QCoreApplication::translate("main", "User-interface language (zh_CN, en)."),
                            QStringLiteral("language")};
    // Two saved scenarios side by side: B is pinned as the baseline of the opened A.
    QCommandLineOption compare{
        QStringLiteral("compare"),
        QCoreApplication::translate("main", "Show the scenario against the baseline scenario FILE."),
        QStringLiteral("file")};
    // For documentation and checks: render the window to FILE and quit, without touching the session.
    QCommandLineOption screenshot =
        hiddenOption(QStringLiteral("screenshot"), QStringLiteral("Save a picture of the window."),
                     QStringLiteral("file"));
    QCommandLineOption size = hiddenOption(
        QStringLiteral("size"), QStringLiteral("Window size WIDTHxHEIGHT."), QStringLiteral("size"));
    QCommandLineOption example = hiddenOption(
        QStringLiteral("example"), QStringLiteral("Open a built-in example."), QStringLiteral("id"));
    // Scripted edits after opening, as the panels make them (for screenshots of particular states).
    QCommandLineOption set = hiddenOption(QStringLiteral("set"), QStringLiteral("Set a field: PATH=VALUE."),
                                          QStringLiteral("assignment"));
    // Pins the opened scenario as the baseline before the --set edits, so the picture shows their deltas.
    QCommandLineOption pinBaseline =
        hiddenOption(QStringLiteral("pin-baseline"),
                     QStringLiteral("Pin the opened scenario as the baseline before --set."));
    // The view tab to show: its title or its widget's object name ("overview", "topology", "bandwidthChart").
    QCommandLineOption tab =
        hiddenOption(QStringLiteral("tab"), QStringLiteral("Show a view tab."), QStringLiteral("name"));
    // Runs the layout planner to completion before the picture, so --tab planner shows its results.
    QCommandLineOption runPlanner =
        hiddenOption(QStringLiteral("run-planner"), QStringLiteral("Run the layout planner."));
    // Opens the import preview of FILE; with --screenshot the picture is of the preview.
    QCommandLineOption importFile = hiddenOption(
        QStringLiteral("import"), QStringLiteral("Preview importing a file."), QStringLiteral("file"));
    // For the startup benchmark (shardscope-bench startup_s): print "first-paint SECONDS" once the main
    // window has painted for the first time, then quit, without touching the session.
    QCommandLineOption firstPaint = hiddenOption(QStringLiteral("exit-after-first-paint"),
                                                 QStringLiteral("Quit once the window has been painted."));
    // For pictures of the live switch: View > Language > LANG ("zh_CN", "en") once the window is shown.
    QCommandLineOption switchLanguage =
        hiddenOption(QStringLiteral("switch-language"), QStringLiteral("Switch the language after opening."),
                     QStringLiteral("lang"));
    // Presentation mode, for pictures of it: large type, high contrast, in the window.
    QCommandLineOption presentation =
        hiddenOption(QStringLiteral("presentation"), QStringLiteral("Start in presentation mode."));
    // The ring animation paused at POSITION (3.5: the middle of the fourth step) of the first collective that
    // runs on a ring; the time cursor of the step timeline at FRACTION of the step.
    QCommandLineOption ring =
        hiddenOption(QStringLiteral("ring"), QStringLiteral("Show the ring animation at a step."),
                     QStringLiteral("position"));
    QCommandLineOption highlight = hiddenOption(
        QStringLiteral("highlight"),
        QStringLiteral("Show a parallel group's (\"ep\") or a collective's (\"collective:N\") links."),
        QStringLiteral("choice"));
    QCommandLineOption ganttCursor = hiddenOption(
        QStringLiteral("gantt-cursor"), QStringLiteral("Show the time cursor at a fraction of the step."),
        QStringLiteral("fraction"));
    // A guided lesson: lesson N (1-based) opened, at step K; the glossary opened, filtered by TEXT.
    QCommandLineOption lesson =
        hiddenOption(QStringLiteral("lesson"), QStringLiteral("Open lesson N."), QStringLiteral("n"));
    QCommandLineOption lessonStep = hiddenOption(
        QStringLiteral("lesson-step"), QStringLiteral("Go to step K of the lesson."), QStringLiteral("k"));
    QCommandLineOption glossary =
        hiddenOption(QStringLiteral("glossary"), QStringLiteral("Open the glossary, filtered by TEXT."),
                     QStringLiteral("text"));
    // The Explain dock showing FIGURE, a result JSON path ("comm.collectives[0].time_s").
    QCommandLineOption explain = hiddenOption(QStringLiteral("explain"), QStringLiteral("Explain a figure."),
                                              QStringLiteral("figure"));

    void addTo(QCommandLineParser& parser) const
    {
        parser.setApplicationDescription(QCoreApplication::translate(
            "main", "Memory and communication explorer for distributed deep-learning training."));
        parser.addHelpOption();
        parser.addVersionOption();
        parser.addPositionalArgument(
            QStringLiteral("scenario"),
            QCoreApplication::translate("main", "Scenario file or built-in example id to open."),
            QStringLiteral("[SCENARIO.json]"));
        for (const QCommandLineOption* option :
             {&lang,        &compare,        &screenshot,   &size,       &example,
              &set,         &pinBaseline,    &tab,          &runPlanner, &importFile,
              &firstPaint,  &switchLanguage, &presentation, &ring,       &highlight,
              &ganttCursor, &lesson,         &lessonStep,   &glossary,   &explain})
            parser.addOption(*option);
    }
};

bool isExampleId(const QString& id)
{
    const QList<ss::io::ExampleInfo> list = ss::io::examples();
    return std::any_of(list.begin(), list.end(), [&id](const ss::io::ExampleInfo& e) { return e.id == id; });
}

// The scenario to start from: the file (or example id) given, else the example given, else the last
// session's; then the baseline to compare it with.
void openScenario(ss::MainWindow& window, const QCommandLineParser& parser, const Options& o)
{
    const QStringList files = parser.positionalArguments();
    bool opened = false;
    if (!files.isEmpty()) {
        // A file, or the id of a built-in example as shardscope-cli takes it; a file wins over an example of
        // the same name.
        const QString& given = files.first();
        opened = !QFileInfo::exists(given) && isExampleId(given) ? window.openExample(given)
                                                                 : window.openFile(given);
        if (!opened)
            std::fprintf(stderr, "shardscope: %s\n", qPrintable(window.lastError()));
    }
    if (!opened && parser.isSet(o.example))
        opened = window.openExample(parser.value(o.example));
    if (opened)
        window.document()->undoStack()->clear(); // the starting point is not an undoable step
    else
        window.restoreLastScenario(); // or, the first time, the built-in default the document starts with

    if (parser.isSet(o.compare) && !window.compareWithFile(parser.value(o.compare)))
        std::fprintf(stderr, "shardscope: --compare: %s\n", qPrintable(window.lastError()));
    else if (parser.isSet(o.pinBaseline))
        window.setBaselinePinned(true);
}

// The state the scripted options ask for before the window shows: its size, a lesson, field edits, a tab, a
// finished planner search.
void prepareWindow(ss::MainWindow& window, const QCommandLineParser& parser, const Options& o)
{
    // Sized before the lesson opens: its dock goes beside the parameters or tabbed with them by the width.
    if (parser.isSet(o.size)) {
        const QStringList wh = parser.value(o.size).split(QLatin1Char('x'));
        if (wh.size() == 2)
            window.resize(wh[0].toInt(), wh[1].toInt());
    }
    if (parser.isSet(o.lesson)) {
        ss::LessonPanel* lessons = window.lessonPanel();
        if (!lessons->openLesson(parser.value(o.lesson).toInt() - 1))
            std::fprintf(stderr, "shardscope: --lesson: expected a number from 1 to %d\n",
                         ss::Lessons::count());
        else if (parser.isSet(o.lessonStep) && !lessons->goToStep(parser.value(o.lessonStep).toInt() - 1))
            std::fprintf(stderr, "shardscope: --lesson-step: expected a number from 1 to %d\n",
                         lessons->stepCount());
    }

    for (const QString& assignment : parser.values(o.set)) {
        const QString path = assignment.section(QLatin1Char('='), 0, 0);
        const QString error = window.document()->setFieldText(path, assignment.section(QLatin1Char('='), 1));
        if (!error.isEmpty())
            std::fprintf(stderr, "shardscope: --set %s: %s\n", qPrintable(assignment), qPrintable(error));
    }

    if (parser.isSet(o.tab)) {
        const QString name = parser.value(o.tab);
        QTabWidget* tabs = window.viewTabs();
        for (int i = 0; i < tabs->count(); ++i)
            if (tabs->tabText(i).compare(name, Qt::CaseInsensitive) == 0 ||
                tabs->widget(i)->objectName().startsWith(name, Qt::CaseInsensitive))
                tabs->setCurrentIndex(i);
    }
    if (parser.isSet(o.runPlanner)) {
        window.plannerView()->runNow();
        window.plannerView()->waitForFinished();
    }
}

// The state the scripted options ask for once the window shows: another language, presentation mode, the
// Explain dock, the glossary. SHOT: a picture is being taken (presentation mode stays in the window).
void showScriptedState(ss::MainWindow& window, const QCommandLineParser& parser, const Options& o, bool shot)
{
    if (parser.isSet(o.switchLanguage)) {
        if (auto* action =
                window.findChild<QAction*>(QStringLiteral("language.") + parser.value(o.switchLanguage)))
            action->trigger();
        else
            std::fprintf(stderr, "shardscope: --switch-language: no language \"%s\"\n",
                         qPrintable(parser.value(o.switchLanguage)));
    }
    if (parser.isSet(o.presentation)) {
        window.presentationMode()->setUsesFullScreen(!shot);
        window.presentationMode()->setActive(true);
    }
    if (parser.isSet(o.explain))
        window.explainPanel()->showFigure(parser.value(o.explain));
    if (parser.isSet(o.glossary)) {
        window.glossaryDialog()->showAction()->trigger();
        window.glossaryDialog()->setFilter(parser.value(o.glossary));
    }
}

// The ring animation paused at RING, the links of HIGHLIGHT ("ep", "collective:3") and the timeline's cursor
// at CURSOR (each when given), once the scenario's own result is there: a large one is evaluated off the UI
// thread and arrives later.
void showAnimations(ss::MainWindow& window, std::optional<double> ring, std::optional<double> cursor,
                    const QString& highlight)
{
    const auto show = [&window, ring, cursor, highlight] {
        if (highlight.startsWith(QLatin1String("collective:")))
            window.topologyEditor()->highlightCollective(highlight.mid(11).toInt());
        else if (!highlight.isEmpty())
            window.topologyEditor()->highlightGroup(highlight);
        if (ring) {
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
            editor->ringAnimation()->setPosition(*ring);
        }
        if (cursor) {
            ss::GanttChart* gantt = window.ganttChart();
            gantt->replot(QCustomPlot::rpImmediateRefresh);
            gantt->timeCursor()->setTime(*cursor * gantt->ganttLayout().stepTime);
        }
    };
    if (window.document()->isResultCurrent())
        show();
    else
        QObject::connect(window.document(), &ss::ScenarioDocument::resultChanged, &window, show,
                         Qt::SingleShotConnection);
}

// Saves a picture of the window (or of the import preview or glossary open in it) to FILE once it has
// settled, then quits with 0, or 1 when the file could not be written.
void scheduleScreenshot(ss::MainWindow& window, QApplication& app, const QString& file, int waited = 0)
{
    QTimer::singleShot(800, &window, [&window, &app, file, waited] {
        // A large cluster takes seconds to evaluate: the picture waits for the result (at most a minute).
        if (window.document()->runner()->isBusy() && waited < 75) {
            scheduleScreenshot(window, app, file, waited + 1);
            return;
        }
        window.memoryChart()->replot(QCustomPlot::rpImmediateRefresh);
        window.ganttChart()->replot(QCustomPlot::rpImmediateRefresh);
        // A result that came just now is only queued for drawing in the Overview's charts.
        window.overview()->memoryChart()->replot(QCustomPlot::rpImmediateRefresh);
        window.overview()->ganttChart()->replot(QCustomPlot::rpImmediateRefresh);
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

// VALUE of OPTION as a number when it is given.
std::optional<double> numberOption(const QCommandLineParser& parser, const QCommandLineOption& option)
{
    if (!parser.isSet(option))
        return std::nullopt;
    return parser.value(option).toDouble();
}

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
    const Options o;
    o.addTo(parser);
    parser.process(app);

    ss::Settings settings;
    const QString language = parser.isSet(o.lang) ? parser.value(o.lang) : settings.language();
    if (!ss::installTranslations(app, language) && !language.isEmpty() &&
        !language.startsWith(QLatin1String("en")))
        std::fprintf(stderr, "shardscope: no translation for language \"%s\", using English\n",
                     qPrintable(language));

    ss::MainWindow window;
    const bool shot = parser.isSet(o.screenshot) || parser.isSet(o.firstPaint);
    if (!shot)
        window.setSettings(&settings);
    window.restoreLayout();
    openScenario(window, parser, o);
    prepareWindow(window, parser, o);
    window.show();
    showScriptedState(window, parser, o, shot);
    showAnimations(window, numberOption(parser, o.ring), numberOption(parser, o.ganttCursor),
                   parser.value(o.highlight));
    if (!shot) {
        // Unsaved edits survive a crash: autosaved every minute, offered back on the next start.
        window.enableAutosave();
        QTimer::singleShot(0, &window, [&window] { window.offerRecovery(); });
    }
    if (parser.isSet(o.importFile) && !window.importFile(parser.value(o.importFile)))
        std::fprintf(stderr, "shardscope: --import: %s\n", qPrintable(window.lastError()));

    FirstPaintWatcher watcher(startup);
    if (parser.isSet(o.firstPaint))
        window.installEventFilter(&watcher);
    else if (shot)
        scheduleScreenshot(window, app, parser.value(o.screenshot));
    return app.exec();
}
