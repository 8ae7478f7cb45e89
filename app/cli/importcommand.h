// SPDX-License-Identifier: GPL-3.0-or-later
// `shardscope-cli import FILE [--as KIND] [-o OUT.json] [--into SCENARIO] [--op OP]` (docs/formats.md,
// "Binaries").
#pragma once

#include <QString>
#include <QStringList>

// Runs the import subcommand with the arguments after "import"; returns the exit status (0 ok, 1 bad input,
// 2 usage). Writes the result to standard output or, atomically, to OUT.
int importCommand(const QStringList& args);
// The usage lines of the subcommand, for shardscope-cli --help.
QString importUsage();
