// SPDX-License-Identifier: GPL-3.0-or-later
// Scenario files (docs/formats.md, "Scenario file", format "shardscope-scenario" version 1), read and
// written through the field table of fields.h so a key has one name, unit and range everywhere.
// Errors are one line: "FILE: JSON.PATH: what was expected".
#pragma once

#include "scenario.h"

#include <QByteArray>
#include <QString>

#include <string>
#include <vector>

namespace ss::io {

// The newest scenario format version this build reads and the one it writes.
inline constexpr int kScenarioFormatVersion = 1;

// Validate: the parsed scenario must also pass validateScenario() (what a file open wants).
// FieldsOnly: stop after the per-field checks, so `--set` can still repair a file that, say, asks for
// more GPUs than dp x tp x pp; the caller then runs scenarioProblem() itself.
enum class ReadCheck
{
    Validate,
    FieldsOnly
};

// Parses JSON into OUT. On failure returns false, leaves OUT untouched and sets *ERROR.
// FILENAME only prefixes the messages.
bool readScenario(const QByteArray& json, Scenario& out, QString* error, const QString& fileName = {},
                  ReadCheck check = ReadCheck::Validate);
bool loadScenarioFile(const QString& fileName, Scenario& out, QString* error,
                      ReadCheck check = ReadCheck::Validate);

// Indented JSON with every field, in the contract's order; numbers are plain SI values with the
// fewest digits that read back exactly (read(write(s)) == s).
QByteArray writeScenario(const Scenario& s);
// A scenario file with only PATHS of S: dotted field paths (fields.h), each section's together, and
// "cluster.topology" after the cluster's fields; each section is one nested object.
QByteArray writeScenarioPaths(const std::vector<std::string>& paths, const Scenario& s);
// Atomic (QSaveFile): on any failure the existing file is left as it was.
bool saveScenarioFile(const QString& fileName, const Scenario& s, QString* error);

// The first problem validateScenario() finds, as "FILE: PATH: message"; empty when there is none.
QString scenarioProblem(const Scenario& s, const QString& fileName = {});

} // namespace ss::io
