// SPDX-License-Identifier: GPL-3.0-or-later
// `shardscope-cli compare BASELINE [CURRENT] [--set PATH=VALUE]...` (docs/formats.md, "Binaries"): the
// figures of CURRENT against BASELINE as JSON, from ss::compareResults(), the same deltas the explorer shows
// beside a pinned baseline. Without CURRENT, the current scenario is BASELINE with the --set edits applied.
#pragma once

#include <QString>
#include <QStringList>

// Runs the compare subcommand with the arguments after "compare"; returns the exit status (0, 1 bad input,
// 2 usage).
int compareCommand(const QStringList& args);
// The usage lines of the subcommand, for shardscope-cli --help.
QString compareUsage();
