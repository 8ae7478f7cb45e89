// SPDX-License-Identifier: GPL-3.0-or-later
// A SCENARIO argument as every shardscope-cli subcommand takes it (docs/formats.md, "Binaries"): "-" for
// standard input, a file, or the id of a built-in example (a file wins over an example of the same name);
// and the --set PATH=VALUE edits applied to it.
#pragma once

#include "scenario.h"

#include <QString>
#include <QStringList>

namespace ss::cli {

// Reads SOURCE into OUT; *LABEL names it in messages ("<stdin>", the path or the id). On failure prints the
// one-line error (inputError) and returns false; OUT may then be partly read.
bool loadScenarioSource(const QString& source, Scenario& out, QString* label = nullptr);

// Applies the edits SETS ("PATH=VALUE", each with a '=' after a non-empty path) to SCENARIO in order. Returns
// kOk, or on the first edit that fails prints "--set: WHY" (inputError) and returns kBadInput.
int applySetEdits(Scenario& scenario, const QStringList& sets);

// Whether writing OUTPUT would replace the input file INPUT: the same file by another name (a symbolic link,
// a hard link, "./a" for "a"). False when either does not exist ("-", an example id, a new file).
bool isSameFile(const QString& output, const QString& input);

} // namespace ss::cli
