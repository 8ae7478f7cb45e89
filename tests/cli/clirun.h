// SPDX-License-Identifier: GPL-3.0-or-later
// Runs the built shardscope-cli (SHARDSCOPE_CLI) as a user would, for the CLI tests.
#pragma once

#include <QByteArray>
#include <QProcess>
#include <QStringList>

struct CliRun
{
    int exitCode = -1;
    bool crashed = false;
    QByteArray out;
    QByteArray err;
};

inline CliRun runCli(const QStringList& args, const QByteArray& input = {})
{
    QProcess process;
    process.start(QStringLiteral(SHARDSCOPE_CLI), args);
    CliRun run;
    if (!process.waitForStarted(10000))
        return run;
    if (!input.isEmpty())
        process.write(input);
    process.closeWriteChannel();
    // Exports render a 1024-GPU scenario's charts: allow them time on a loaded 2-core machine.
    if (!process.waitForFinished(120000)) {
        process.kill();
        process.waitForFinished();
    }
    run.crashed = process.exitStatus() != QProcess::NormalExit;
    run.exitCode = process.exitCode();
    run.out = process.readAllStandardOutput();
    run.err = process.readAllStandardError();
    return run;
}
