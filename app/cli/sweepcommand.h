// SPDX-License-Identifier: GPL-3.0-or-later
// `shardscope-cli sweep SCENARIO --param PATH --values v1,v2,..|--range a:b:n[:log] [--metric M]...`
// (docs/formats.md, "Binaries"): the rows of ss::runSweep() as CSV. The sweep options are shared with
// `shardscope-cli export --chart sweep`, so both read them the same way.
#pragma once

#include "scenario.h"
#include "sweep.h"

#include <QString>
#include <QStringList>

namespace ss::cli {

struct SweepOptions
{
    QString param;
    QString values;
    QString range;
    QStringList metrics;
    bool any() const
    {
        return !param.isEmpty() || !values.isEmpty() || !range.isEmpty() || !metrics.isEmpty();
    }
};

// Whether OPTION (without its value: "--param") is one of the sweep options.
bool isSweepOption(const QString& option);
// Stores VALUE of the sweep option OPTION.
void takeSweepOption(const QString& option, const QString& value, SweepOptions& options);
// The spec OPTIONS ask for on SCENARIO. On a problem prints it (one line) and returns the exit status
// (2: usage); returns kOk (0) with OUT filled otherwise.
int sweepSpecFrom(const Scenario& scenario, const SweepOptions& options, SweepSpec& out);

} // namespace ss::cli

// Runs the sweep subcommand with the arguments after "sweep"; returns the exit status (0, 1 bad input, 2
// usage).
int sweepCommand(const QStringList& args);
// The usage lines of the subcommand, for shardscope-cli --help.
QString sweepUsage();
