// SPDX-License-Identifier: GPL-3.0-or-later
#include "topologyjson.h"

#include "fields.h"
#include "jsonwriter.h"
#include "scenariojson.h"

#include <QCoreApplication>
#include <QFile>
#include <QFileInfo>
#include <QJsonDocument>
#include <QJsonObject>
#include <QJsonParseError>

#include <algorithm>
#include <cmath>

namespace ss::io {

namespace {

constexpr qint64 kMaxTopologyBytes = 64 * 1024 * 1024;

QString tr(const char* text)
{
    return QCoreApplication::translate("ss::io", text);
}

bool failWith(QString* error, const QString& fileName, const QString& path, const QString& message)
{
    if (error) {
        QString line = fileName.isEmpty() ? QString() : fileName + QLatin1String(": ");
        if (!path.isEmpty())
            line += path + QLatin1String(": ");
        line += message;
        line.replace(QLatin1Char('\n'), QLatin1Char(' '));
        *error = line;
    }
    return false;
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
    QByteArray json = input;
    if (json.startsWith("\xEF\xBB\xBF"))
        json.remove(0, 3);
    if (json.trimmed().isEmpty())
        return failWith(error, fileName, {}, tr("the file is empty; expected a JSON topology"));
    QJsonParseError parseError;
    const QJsonDocument document = QJsonDocument::fromJson(json, &parseError);
    if (parseError.error != QJsonParseError::NoError) {
        const qsizetype offset = std::clamp<qsizetype>(parseError.offset, 0, json.size());
        const QByteArray before = json.left(offset);
        const int line = static_cast<int>(before.count('\n')) + 1;
        const int column =
            static_cast<int>(QString::fromUtf8(before.mid(before.lastIndexOf('\n') + 1)).size()) + 1;
        return failWith(error, fileName, tr("line %1, column %2").arg(line).arg(column),
                        tr("JSON syntax error: %1").arg(parseError.errorString()));
    }
    if (!document.isObject())
        return failWith(error, fileName, {},
                        tr("expected a JSON object with \"format\": \"shardscope-topology\""));
    const QJsonObject root = document.object();

    const QJsonValue format = root.value(QLatin1String("format"));
    if (format.toString() != QLatin1String("shardscope-topology")) {
        if (format.toString() == QLatin1String("shardscope-scenario"))
            return failWith(error, fileName, QStringLiteral("format"),
                            tr("expected \"shardscope-topology\", got a scenario file"));
        return failWith(error, fileName, QStringLiteral("format"),
                        format.isUndefined()
                            ? tr("missing; expected \"shardscope-topology\" (is this a ShardScope "
                                 "topology file?)")
                            : tr("expected \"shardscope-topology\""));
    }
    const QJsonValue version = root.value(QLatin1String("version"));
    const double number = version.toDouble(-1);
    if (!version.isDouble() || number != std::floor(number) || number < 1)
        return failWith(error, fileName, QStringLiteral("version"),
                        tr("expected %1").arg(kTopologyFormatVersion));
    if (number > kTopologyFormatVersion)
        return failWith(error, fileName, QStringLiteral("version"),
                        tr("version %1 is newer than this ShardScope reads (%2)")
                            .arg(QString::number(number))
                            .arg(kTopologyFormatVersion));
    const std::vector<std::string> keys{"format", "version", "name", "nodes", "links"};
    for (auto it = root.begin(); it != root.end(); ++it) {
        const std::string key = it.key().toStdString();
        if (std::find(keys.begin(), keys.end(), key) != keys.end())
            continue;
        const std::string near = nearestName(key, keys);
        return failWith(error, fileName, it.key(),
                        near.empty()
                            ? tr("unknown key")
                            : tr("unknown key (did you mean %1?)").arg(QString::fromStdString(near)));
    }
    if (root.contains(QLatin1String("name")) && !root.value(QLatin1String("name")).isString())
        return failWith(error, fileName, QStringLiteral("name"), tr("expected a string"));

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
    if (QFileInfo(fileName).isDir())
        return failWith(error, fileName, {}, tr("is a directory, expected a topology file"));
    QFile file(fileName);
    if (!file.open(QIODevice::ReadOnly))
        return failWith(error, fileName, {}, tr("cannot open: %1").arg(file.errorString()));
    const QByteArray json = file.read(kMaxTopologyBytes + 1);
    if (json.size() > kMaxTopologyBytes)
        return failWith(error, fileName, {}, tr("too large for a topology file"));
    return readTopology(json, out, error, fileName);
}

void writeTopologyMembers(JsonWriter& w, const Topology& topology)
{
    w.key("nodes");
    w.beginArray();
    for (const TopologyNode& node : topology.nodes) {
        w.beginObject();
        w.key("id");
        w.value(node.id);
        w.key("kind");
        w.value(node.kind);
        w.key("label");
        w.value(node.label);
        w.key("x");
        w.value(node.x);
        w.key("y");
        w.value(node.y);
        w.endObject();
    }
    w.endArray();
    w.key("links");
    w.beginArray();
    for (const TopologyLink& link : topology.links) {
        w.beginObject();
        w.key("id");
        w.value(link.id);
        w.key("a");
        w.value(link.a);
        w.key("b");
        w.value(link.b);
        w.key("kind");
        w.value(link.kind);
        w.key("bandwidth_Bps");
        w.value(link.bandwidth_Bps);
        w.key("latency_s");
        w.value(link.latency_s);
        w.key("efficiency");
        w.value(link.efficiency);
        w.key("count");
        w.value(link.count);
        w.endObject();
    }
    w.endArray();
}

QByteArray writeTopology(const Topology& topology, const std::string& name)
{
    JsonWriter w;
    w.beginObject();
    w.key("format");
    w.value("shardscope-topology");
    w.key("version");
    w.value(kTopologyFormatVersion);
    if (!name.empty()) {
        w.key("name");
        w.value(name);
    }
    writeTopologyMembers(w, topology);
    w.endObject();
    return w.data();
}

} // namespace ss::io
