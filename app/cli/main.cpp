// SPDX-License-Identifier: GPL-3.0-or-later
// shardscope-cli: the engine without the window (docs/formats.md, "Binaries"). Each subcommand lives in its
// own file; this one picks it by name. Exit codes: 0 success, 1 bad input (one line on stderr naming the
// file, the path and what was expected), 2 usage error. Output is written only once it is complete.
#include "calibratecommand.h"
#include "clioutput.h"
#include "collectivecommand.h"
#include "comparecommand.h"
#include "evalcommand.h"
#include "exportcommand.h"
#include "importcommand.h"
#include "listcommands.h"
#include "plancommand.h"
#include "sweepcommand.h"
#include "usage.h"

#include <QApplication>
#include <QCoreApplication>
#include <QStringList>

#include <cstdio>
#include <exception>
#include <memory>
#include <string_view>

namespace {

using namespace ss::cli;

struct Command
{
    const char* name;
    int (*run)(const QStringList& args);
};

constexpr Command kCommands[] = {
    {"eval", evalCommand},       {"examples", examplesCommand},   {"collective", collectiveCommand},
    {"presets", presetsCommand}, {"gpus", gpusCommand},           {"import", importCommand},
    {"export", exportCommand},   {"plan", planCommand},           {"sweep", sweepCommand},
    {"compare", compareCommand}, {"calibrate", calibrateCommand},
};

// ARGS as main() has them: the program, the command, its arguments.
int run(const QStringList& args)
{
    if (args.size() < 2)
        return usageError(tr("missing command (try shardscope-cli --help)"));
    const QString command = args.at(1);
    if (command == QLatin1String("--help") || command == QLatin1String("-h") ||
        command == QLatin1String("help")) {
        print(stdout, usage().toUtf8());
        return kOk;
    }
    if (command == QLatin1String("--version")) {
        print(stdout, QByteArray("shardscope-cli " SHARDSCOPE_VERSION "\n"));
        return kOk;
    }
    for (const Command& c : kCommands)
        if (command == QLatin1String(c.name))
            return c.run(args.mid(2));
    return usageError(tr("unknown command '%1' (try shardscope-cli --help)").arg(command));
}

} // namespace

int main(int argc, char* argv[])
{
    // export draws charts with widgets: a QApplication, always offscreen (the CLI shows no window and must
    // run without a display).
    const bool widgets = argc > 1 && std::string_view(argv[1]) == "export";
    if (widgets) {
        qputenv("QT_QPA_PLATFORM", "offscreen");
        // Qt's own notes (a missing XDG_RUNTIME_DIR, fonts) would break the one-line error contract.
        qInstallMessageHandler([](QtMsgType type, const QMessageLogContext&, const QString& message) {
            if (type == QtCriticalMsg || type == QtFatalMsg)
                std::fprintf(stderr, "shardscope-cli: %s\n", qPrintable(message));
        });
    }
    std::unique_ptr<QCoreApplication> application;
    if (widgets)
        application = std::make_unique<QApplication>(argc, argv);
    else
        application = std::make_unique<QCoreApplication>(argc, argv);
    QCoreApplication::setApplicationName(QStringLiteral("shardscope-cli"));
    QCoreApplication::setApplicationVersion(QStringLiteral(SHARDSCOPE_VERSION));
    try {
        return run(QCoreApplication::arguments());
    } catch (const std::exception& e) {
        // Not expected (the engine does not throw); a message beats an abort.
        std::fprintf(stderr, "shardscope-cli: internal error: %s\n", e.what());
        return kBadInput;
    }
}
