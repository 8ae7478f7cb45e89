// SPDX-License-Identifier: GPL-3.0-or-later
// `shardscope-cli export SCENARIO.json --chart CHART --out FILE` (docs/formats.md, "Binaries").
#pragma once

#include <QString>
#include <QStringList>

// Runs the export subcommand with the arguments after "export"; returns the exit status (0 ok, 1 bad input,
// 2 usage). Needs a QApplication for the image formats (main() makes one on the offscreen platform).
int exportCommand(const QStringList& args);
// The usage lines of the subcommand, for shardscope-cli --help.
QString exportUsage();
