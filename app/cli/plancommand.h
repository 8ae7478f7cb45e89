// SPDX-License-Identifier: GPL-3.0-or-later
// `shardscope-cli plan SCENARIO [--gpus N] [--top K] [--objective OBJ] [--set PATH=VALUE]...
// [--tp-across-nodes] [--max-micro-batch N] [--threads N]` (docs/formats.md, "Binaries"): the layout search
// of planner.h on every core, the best K layouts as JSON.
#pragma once

#include <QStringList>

// Runs the plan subcommand with the arguments after "plan"; returns the exit status (0, 1 bad input, 2
// usage).
int planCommand(const QStringList& args);
