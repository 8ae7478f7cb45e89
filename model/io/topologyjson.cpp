// SPDX-License-Identifier: GPL-3.0-or-later
#include "topologyjson.h"

#include "fields.h"
#include "jsonwriter.h"
#include "readerbase.h"
#include "scenariojson.h"

#include <QCoreApplication>
#include <QJsonDocument>
#include <QJsonObject>

#include <algorithm>
#include <cmath>

namespace ss::io {

namespace {

constexpr qint64 kMaxTopologyBytes = 64 * 1024 * 1024;

QString tr(const char* text)
{
    return QCoreApplication::translate("ss::io", text);
}

// The header of a topology file: its format, version and top-level keys.
bool checkHeader(detail::ReaderBase& reader, const QJsonObject& root)
{
    const QJsonValue format = root.value(QLatin1String("format"));
    if (format.toString() != QLatin1String("shardscope-topology")) {
        if (format.toString() == QLatin1String("shardscope-scenario"))
            return reader.fail(QStringLiteral("format"),
                               tr("expected \"shardscope-topology\", got a scenario file"));
        return reader.fail(QStringLiteral("format"),
                           format.isUndefined() ? tr("missing; expected \"shardscope-topology\" (is this a "
                                                     "ShardScope topology file?)")
                                                : tr("expected \"shardscope-topology\""));
    }
    const QJsonValue version = root.value(QLatin1String("version"));
    const double number = version.toDouble(-1);
    if (!version.isDouble() || number != std::floor(number) || number < 1)
        return reader.fail(QStringLiteral("version"), tr("expected %1").arg(kTopologyFormatVersion));
    if (number > kTopologyFormatVersion)
        return reader.fail(QStringLiteral("version"),
                           tr("version %1 is newer than this ShardScope reads (%2)")
                               .arg(QString::number(number))
                               .arg(kTopologyFormatVersion));
    const std::vector<std::string> keys{"format", "version", "name", "nodes", "links"};
    for (auto it = root.begin(); it != root.end(); ++it) {
        const std::string key = it.key().toStdString();
        if (std::find(keys.begin(), keys.end(), key) != keys.end())
            continue;
        const std::string near = nearestName(key, keys);
        return reader.fail(
            it.key(), near.empty() ? tr("unknown key")
                                   : tr("unknown key (did you mean %1?)").arg(QString::fromStdString(near)));
    }
    if (root.contains(QLatin1String("name")) && !root.value(QLatin1String("name")).isString())
        return reader.fail(QStringLiteral("name"), tr("expected a string"));
    return true;
}

} // namespace

QString documentFormat(const QByteArray& json)
{
    const QJsonDocument document = QJsonDocument::fromJson(json);
    if (!document.isObject())
        return {};
    return document.object().value(QLatin1String("format")).toString();
}

bool readTopology(const QByteArray& input, Topology& out, QString* error, const QString& fileName)
{
    detail::ReaderBase reader(fileName, detail::Wording::OwnFile);
    QJsonObject root;
    if (!reader.parseJsonObject(input, tr("the file is empty; expected a JSON topology"),
                                tr("expected a JSON object with \"format\": \"shardscope-topology\""),
                                root) ||
        !checkHeader(reader, root))
        return reader.report(false, error);

    // The scenario reader owns the parsing of nodes and links (ids, kinds, quantities with units, unknown
    // keys): hand it the two arrays as a scenario's cluster.topology and translate its paths back.
    QJsonObject topology;
    for (const char* key : {"nodes", "links"})
        if (root.contains(QLatin1String(key)))
            topology.insert(QLatin1String(key), root.value(QLatin1String(key)));
    QJsonObject cluster;
    cluster.insert(QLatin1String("topology"), topology);
    QJsonObject scenario;
    scenario.insert(QLatin1String("format"), QLatin1String("shardscope-scenario"));
    scenario.insert(QLatin1String("version"), 1);
    scenario.insert(QLatin1String("cluster"), cluster);
    Scenario s;
    QString inner;
    if (!readScenario(QJsonDocument(scenario).toJson(QJsonDocument::Compact), s, &inner, fileName,
                      ReadCheck::FieldsOnly)) {
        inner.replace(QLatin1String("cluster.topology."), QString());
        inner.replace(QLatin1String("in cluster.topology.nodes"), QLatin1String("in nodes"));
        inner.replace(QLatin1String("cluster.topology"), QLatin1String("topology"));
        if (error)
            *error = inner;
        return false;
    }
    out = s.cluster.topology ? *s.cluster.topology : Topology{};
    return true;
}

bool loadTopologyFile(const QString& fileName, Topology& out, QString* error)
{
    detail::ReaderBase reader(fileName, detail::Wording::OwnFile);
    const detail::FileTexts texts{
        tr("is a directory, expected a topology file"),
        tr("cannot open: %1"),
        {},
        tr("too large for a topology file"),
        tr("not a regular file (a FIFO, socket or device), expected a topology file")};
    QByteArray json;
    if (!reader.readFile(kMaxTopologyBytes, texts, json))
        return reader.report(false, error);
    return readTopology(json, out, error, fileName);
}

void writeTopologyMembers(JsonWriter& w, const Topology& topology)
{
    w.key("nodes");
    w.beginArray();
    for (const TopologyNode& node : topology.nodes) {
        w.beginObject();
        w.member("id", node.id);
        w.member("kind", node.kind);
        w.member("label", node.label);
        w.member("x", node.x);
        w.member("y", node.y);
        w.endObject();
    }
    w.endArray();
    w.key("links");
    w.beginArray();
    for (const TopologyLink& link : topology.links) {
        w.beginObject();
        w.member("id", link.id);
        w.member("a", link.a);
        w.member("b", link.b);
        w.member("kind", link.kind);
        w.member("bandwidth_Bps", link.bandwidth_Bps);
        w.member("latency_s", link.latency_s);
        w.member("efficiency", link.efficiency);
        w.member("count", link.count);
        w.endObject();
    }
    w.endArray();
}

QByteArray writeTopology(const Topology& topology, const std::string& name)
{
    JsonWriter w;
    w.beginObject();
    w.member("format", "shardscope-topology");
    w.member("version", kTopologyFormatVersion);
    if (!name.empty())
        w.member("name", name);
    writeTopologyMembers(w, topology);
    w.endObject();
    return w.data();
}

} // namespace ss::io
