// SPDX-License-Identifier: GPL-3.0-or-later
// `shardscope-cli collective --topology TOPOLOGY --op OP --bytes N [--gpus a,b,..] [--algorithm ALG]`
// (docs/formats.md, "Binaries"): one NCCL-style collective priced on a topology, as JSON: its time, bus
// bandwidth, bottleneck link and the load on every link it uses.
#pragma once

#include <QStringList>

// Runs the collective subcommand with the arguments after "collective"; returns the exit status (0, 1 bad
// input, 2 usage).
int collectiveCommand(const QStringList& args);
