// SPDX-License-Identifier: GPL-3.0-or-later
// shardscope [SCENARIO.json] [--lang zh_CN|en]: the desktop explorer. Thin: parse, translate, show.
#include "importdialog.h"
#include "mainwindow.h"
#include "memorychart.h"
#include "scenariodocument.h"
#include "settings.h"
#include "translator.h"

#include <QApplication>
#include <QCommandLineParser>
#include <QTabWidget>
#include <QTimer>
#include <QUndoStack>

#include <cstdio>

int main(int argc, char* argv[])
{
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
    // The view tab to show: its title or its widget's object name ("topology", "bandwidthChart").
    QCommandLineOption tab(QStringLiteral("tab"), QStringLiteral("Show a view tab."), QStringLiteral("name"));
    tab.setFlags(QCommandLineOption::HiddenFromHelp);
    parser.addOption(tab);
    // Opens the import preview of FILE (issue 5); with --screenshot the picture is of the preview.
    QCommandLineOption importOption(QStringLiteral("import"), QStringLiteral("Preview importing a file."),
                                    QStringLiteral("file"));
    importOption.setFlags(QCommandLineOption::HiddenFromHelp);
    parser.addOption(importOption);
    parser.process(app);

    ss::Settings settings;
    const QString language = parser.isSet(lang) ? parser.value(lang) : settings.language();
    if (!ss::installTranslations(app, language) && !language.isEmpty() &&
        !language.startsWith(QLatin1String("en")))
        std::fprintf(stderr, "shardscope: no translation for language \"%s\", using English\n",
                     qPrintable(language));

    ss::MainWindow window;
    const bool shot = parser.isSet(screenshot);
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
    window.show();
    if (parser.isSet(importOption) && !window.importFile(parser.value(importOption)))
        std::fprintf(stderr, "shardscope: --import: %s\n", qPrintable(window.lastError()));

    if (shot) {
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
