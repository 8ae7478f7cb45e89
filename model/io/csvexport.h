// SPDX-License-Identifier: GPL-3.0-or-later
// The numbers behind each chart as CSV (RFC 4180: comma separated, "\r\n" line ends, quoted fields where
// needed), plain SI units named in the header, and the shared pieces of exporting: the chart names of
// `shardscope-cli export`, the format of a file name's suffix and the atomic write.
#pragma once

#include "result.h"

#include <QByteArray>
#include <QString>

namespace ss::io {

enum class ExportChart
{
    Memory,
    Gantt,
    Topology,
    Bandwidth,
    Sweep,
    Report
};

enum class ExportFormat
{
    Unknown,
    Png,
    Svg,
    Pdf,
    Csv,
    Json
};

// "memory", "gantt", "topology", "bandwidth", "sweep", "report" (docs/formats.md, "export").
QString exportChartName(ExportChart chart);
bool exportChartFromName(const QString& name, ExportChart& out);
// The format of FILE by its suffix (case-insensitive); Unknown for any other.
ExportFormat exportFormatOf(const QString& file);

// One row per pipeline stage: its memory components in bytes.
QByteArray memoryCsv(const Result& result);
// One row per link that carries traffic: ends, kind, bandwidth, bytes, busy time, utilisation.
QByteArray linksCsv(const Result& result);
// One row per kind of collective: group, op, bytes, calls, time.
QByteArray collectivesCsv(const Result& result);
// The bandwidth chart's two tables in one: rows "link" then "collective", with the union of the columns.
QByteArray bandwidthCsv(const Result& result);
// One row per timeline box.
QByteArray timelineCsv(const Result& result);
// The CSV of CHART (Memory, Gantt, Topology = links, Bandwidth); empty for the others.
QByteArray chartCsv(ExportChart chart, const Result& result);

// Writes DATA to FILE through a temporary file renamed on success (QSaveFile): FILE is never left
// partial. On failure, *ERROR is one line naming the file.
bool writeFileAtomically(const QString& file, const QByteArray& data, QString* error);

} // namespace ss::io
