// SPDX-License-Identifier: GPL-3.0-or-later
// `shardscope-cli calibrate SCENARIO (--log FILE | --step-time SECONDS) [--set PATH=VALUE]... [--out FILE]`
// (docs/formats.md, "Binaries"): fits compute.scale so that the scenario's step takes the measured run's,
// prints the fit before and after as JSON, and with --out writes the calibrated scenario (atomically).
#pragma once

#include <QString>
#include <QStringList>

int calibrateCommand(const QStringList& args);
