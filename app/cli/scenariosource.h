// SPDX-License-Identifier: GPL-3.0-or-later
// A SCENARIO argument as every shardscope-cli subcommand takes it (CONTRACT.md): "-" for standard input,
// a file, or the id of a built-in example (a file wins over an example of the same name).
#pragma once

#include "scenario.h"

#include <QString>

namespace ss::cli {

// Reads SOURCE into OUT; *LABEL names it in messages ("<stdin>", the path or the id). On failure prints the
// one-line error (inputError) and returns false; OUT may then be partly read.
bool loadScenarioSource(const QString& source, Scenario& out, QString* label = nullptr);

} // namespace ss::cli
