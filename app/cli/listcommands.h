// SPDX-License-Identifier: GPL-3.0-or-later
// The lists of what shardscope-cli knows by name: `examples` (the built-in example scenarios) and
// `presets [--json]` (the cluster presets a topology can be named by).
#pragma once

#include <QStringList>

// Runs `examples` with the arguments after it (there must be none): "id TAB title" per line.
int examplesCommand(const QStringList& args);
// Runs `presets` with the arguments after it: "id TAB GPUs per node TAB title" per line, or with --json an
// array of every preset's fields.
int presetsCommand(const QStringList& args);
// Runs `gpus` with the arguments after it: "id TAB memory TAB 16-bit peak TAB FP8 peak TAB HBM TAB peer
// fabric" per line (- where the part has none), or with --json an array of every catalogue entry.
int gpusCommand(const QStringList& args);
