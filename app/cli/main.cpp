// SPDX-License-Identifier: GPL-3.0-or-later
// shardscope-cli: the engine without the window (docs/formats.md, "Binaries"). Each subcommand lives in its
// own file; this one picks it by name. Exit codes: 0 success, 1 bad input (one line on stderr naming the
// file, the path and what was expected), 2 usage error. Output is written only once it is complete.
// `export` draws charts with widgets: shardscope-cli-export, built beside this binary, runs it in this
// process's place (exec), so that every other command loads Qt Core alone.
#include "calibratecommand.h"
#include "clioutput.h"
#include "collectivecommand.h"
#include "comparecommand.h"
#include "evalcommand.h"
#include "importcommand.h"
#include "listcommands.h"
#include "plancommand.h"
#include "sweepcommand.h"
#include "usage.h"

#include <QCoreApplication>
#include <QDir>
#include <QFile>
#include <QStringList>

#include <unistd.h>

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <exception>
#include <string_view>

namespace {

using namespace ss::cli;

struct Command
{
    const char* name;
    int (*run)(const QStringList& args);
};

constexpr Command kCommands[] = {
    {"eval", evalCommand},           {"examples", examplesCommand}, {"collective", collectiveCommand},
    {"presets", presetsCommand},     {"gpus", gpusCommand},         {"import", importCommand},
    {"plan", planCommand},           {"sweep", sweepCommand},       {"compare", compareCommand},
    {"calibrate", calibrateCommand},
};

// `export`: shardscope-cli-export in this process's place, with the same arguments. Returns only when it
// cannot be started.
int runExport(char* argv[])
{
    const QString helper =
        QDir(QCoreApplication::applicationDirPath()).filePath(QStringLiteral("shardscope-cli-export"));
    const QByteArray path = QFile::encodeName(helper);
    argv[0] = const_cast<char*>(path.constData());
    ::execv(path.constData(), argv);
    return inputError(
        tr("shardscope-cli: export needs %1, which draws the charts, beside shardscope-cli (%2)")
            .arg(QDir::toNativeSeparators(helper), QString::fromLocal8Bit(std::strerror(errno))));
}

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
    QCoreApplication application(argc, argv);
    if (argc > 1 && std::string_view(argv[1]) == "export")
        return runExport(argv);
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
