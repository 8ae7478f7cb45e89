// SPDX-License-Identifier: GPL-3.0-or-later
// shardscope-cli-export: `shardscope-cli export`, the one subcommand that draws charts with widgets.
// shardscope-cli runs this binary in its own place (exec, same arguments, same exit codes and messages), so
// that its other commands load Qt Core alone.
#include "clioutput.h"
#include "exportcommand.h"

#include <QApplication>
#include <QStringList>

#include <cstdio>
#include <exception>

int main(int argc, char* argv[])
{
    // Always offscreen: the CLI shows no window and must run without a display.
    qputenv("QT_QPA_PLATFORM", "offscreen");
    // Qt's own notes (a missing XDG_RUNTIME_DIR, fonts) would break the one-line error contract.
    qInstallMessageHandler([](QtMsgType type, const QMessageLogContext&, const QString& message) {
        if (type == QtCriticalMsg || type == QtFatalMsg)
            std::fprintf(stderr, "shardscope-cli: %s\n", qPrintable(message));
    });
    QApplication application(argc, argv);
    QCoreApplication::setApplicationName(QStringLiteral("shardscope-cli"));
    QCoreApplication::setApplicationVersion(QStringLiteral(SHARDSCOPE_VERSION));
    // As shardscope-cli passes them: the program, "export", its arguments.
    const QStringList args = QCoreApplication::arguments();
    try {
        return exportCommand(args.mid(2));
    } catch (const std::exception& e) {
        std::fprintf(stderr, "shardscope-cli: internal error: %s\n", e.what());
        return ss::cli::kBadInput;
    }
}
