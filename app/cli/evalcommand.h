// SPDX-License-Identifier: GPL-3.0-or-later
// `shardscope-cli eval SCENARIO [--set PATH=VALUE]... [--explain] [--timeline]` (docs/formats.md,
// "Binaries"): the scenario's result as JSON, the same evaluate() the explorer runs.
#pragma once

#include <QStringList>

// Runs the eval subcommand with the arguments after "eval"; returns the exit status (0, 1 bad input, 2
// usage).
int evalCommand(const QStringList& args);
