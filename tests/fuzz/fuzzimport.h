// SPDX-License-Identifier: GPL-3.0-or-later
// The importer targets (importer.h) share one body: read the bytes as one kind, then use what was read
// the way the GUI and the CLI do: print it, apply it to the default scenario and evaluate that, cost an
// imported topology, apply an nccl-tests calibration to a preset topology.
#pragma once

#include "fuzzsupport.h"
#include "importer.h"

#include <QByteArray>
#include <QString>
#include <QStringList>

namespace fuzz {

inline int importOne(const std::uint8_t* data, std::size_t size, ss::io::ImportKind kind,
                     const ss::io::ImportOptions& options = {})
{
    const QByteArray bytes = QByteArray::fromRawData(reinterpret_cast<const char*>(data), qsizetype(size));
    (void)ss::io::detectImportKind(bytes);
    ss::io::ImportResult result;
    QString error;
    if (!ss::io::importData(bytes, kind, result, &error, QStringLiteral("fuzz.in"), options)) {
        // docs/formats.md "Command line": an error is one line naming the file.
        if (!error.startsWith(QLatin1String("fuzz.in: ")) || error.contains(QLatin1Char('\n')))
            fail("a rejected import has no one-line error naming the file");
        return 0;
    }
    (void)ss::io::writeImportResult(result);
    if (result.scenario.cluster.topology)
        exerciseTopology(*result.scenario.cluster.topology);
    if (result.isCalibration()) {
        ss::Topology topology = ss::presetTopology("dgx-a100");
        for (const ss::Calibration& calibration : result.calibrations)
            (void)ss::applyCalibration(topology, calibration);
        return 0;
    }
    ss::Scenario scenario = ss::defaultScenario();
    QStringList notes;
    if (ss::io::applyImport(result, scenario, &notes, &error))
        evaluateScenario(scenario);
    return 0;
}

} // namespace fuzz
