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
