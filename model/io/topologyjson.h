// SPDX-License-Identifier: GPL-3.0-or-later
// Topology files (docs/formats.md, "Topology": {"format": "shardscope-topology", "version": 1, "nodes":
// [...], "links": [...]}): the same nodes and links as a scenario's cluster.topology, read by the scenario
// reader's own topology parsing so both report errors alike ("FILE: nodes[2].kind: ...").
#pragma once

#include "scenario.h"

#include <QByteArray>
#include <QString>

namespace ss::io {

inline constexpr int kTopologyFormatVersion = 1;

// Parses JSON into OUT. On failure returns false, leaves OUT untouched and sets *ERROR to one line.
// FILENAME only prefixes the messages.
bool readTopology(const QByteArray& json, Topology& out, QString* error, const QString& fileName = {});
bool loadTopologyFile(const QString& fileName, Topology& out, QString* error);
// Indented JSON in the file format, every field written.
QByteArray writeTopology(const Topology& topology, const std::string& name = {});

// What a JSON document says it is: "shardscope-scenario", "shardscope-topology", or "" when it is not a
// JSON object with a string "format".
QString documentFormat(const QByteArray& json);

} // namespace ss::io
