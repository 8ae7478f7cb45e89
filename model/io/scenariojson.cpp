// SPDX-License-Identifier: GPL-3.0-or-later
#include "scenariojson.h"

#include "fields.h"
#include "gpucatalog.h"
#include "jsonwriter.h"
#include "readerbase.h"
#include "topologyjson.h"
#include "validate.h"
#include "workload.h"

#include <QCoreApplication>
#include <QJsonArray>
#include <QJsonObject>
#include <QSaveFile>

#include <algorithm>
#include <cmath>
#include <optional>
#include <set>

namespace ss::io {

namespace {

// A scenario is a few kilobytes; anything this big is the wrong file, and reading it whole would
// only waste memory before failing.
constexpr qint64 kMaxScenarioBytes = 64 * 1024 * 1024;

QString fromStd(const std::string& text)
{
    return QString::fromStdString(text);
}

std::vector<std::string> childPaths(const std::string& prefix)
{
    std::vector<std::string> children;
    const auto add = [&children](const std::string& path) {
        if (std::find(children.begin(), children.end(), path) == children.end())
            children.push_back(path);
    };
    if (prefix.empty()) {
        add("format");
        add("version");
    }
    const std::string start = prefix.empty() ? std::string() : prefix + ".";
    for (const FieldInfo& field : scenarioFields()) {
        if (field.path.compare(0, start.size(), start) != 0)
            continue;
        const std::size_t dot = field.path.find('.', start.size());
        add(field.path.substr(0, dot));
    }
    if (prefix == "cluster")
        add("cluster.topology");
    return children;
}

bool isSection(const std::string& path)
{
    const std::string start = path + ".";
    for (const FieldInfo& field : scenarioFields())
        if (field.path.compare(0, start.size(), start) == 0)
            return true;
    return false;
}

std::string leaf(const std::string& path)
{
    const std::size_t dot = path.rfind('.');
    return dot == std::string::npos ? path : path.substr(dot + 1);
}

const char* unitExample(Unit unit)
{
    switch (unit) {
    case Unit::Count:
        return "\"7.5B\"";
    case Unit::Bytes:
        return "\"80 GiB\"";
    case Unit::BytesPerSecond:
        return "\"25 GB/s\"";
    case Unit::Seconds:
        return "\"1.5 us\"";
    case Unit::Flops:
        return "\"312 TFLOP\"";
    case Unit::FlopsPerSecond:
        return "\"312 TFLOP/s\"";
    case Unit::Fraction:
        return "\"50%\"";
    case Unit::None:
        break;
    }
    return "\"1.5e9\"";
}

using detail::numberText;

// Range ends as users write them: 100000, not 1e+05.
QString boundText(double value)
{
    if (value == std::floor(value) && std::fabs(value) < 1e15)
        return QString::number(static_cast<qlonglong>(value));
    return numberText(value);
}

QString joinedChoices(const std::vector<std::string>& choices)
{
    QStringList list;
    for (const std::string& choice : choices)
        list << fromStd(choice);
    return list.join(QLatin1String(", "));
}

class Reader : public detail::ReaderBase
{
    Q_DECLARE_TR_FUNCTIONS(ss::io)

public:
    Reader(const QString& fileName, ReadCheck check)
        : ReaderBase(fileName, detail::Wording::OwnFile), m_check(check)
    {
    }

    bool read(const QByteArray& json, Scenario& out);

private:
    bool unknownKey(const std::string& path, const std::vector<std::string>& known);
    // An unknown key of OBJECT at PATH, which may hold KEYS only.
    bool checkKeys(const QJsonObject& object, const QString& path, const std::vector<std::string>& keys);
    QString expectation(const FieldInfo& field) const;

    bool readHeader(const QJsonObject& root);
    bool readSection(const QJsonObject& object, const std::string& prefix, Scenario& s);
    bool readField(const FieldInfo& field, const QJsonValue& value, Scenario& s);
    bool readGpu(const QJsonValue& value, Scenario& s);
    bool readTopology(const QJsonValue& value, Topology& topology);
    bool readTopologyNodes(const QJsonArray& array, const QString& path, Topology& topology);
    bool readTopologyLinks(const QJsonArray& array, const QString& path, Topology& topology);
    bool readString(const QJsonObject& object, const char* key, const QString& path, bool required,
                    std::string& out);
    bool readQuantity(const QJsonObject& object, const char* key, const QString& path, Unit unit,
                      bool required, double& out);

    ReadCheck m_check;
    std::optional<QJsonValue> m_params; // model.params waits until model.kind is known
};

QString Reader::expectation(const FieldInfo& field) const
{
    switch (field.type) {
    case FieldType::Int:
        if (!field.choices.empty())
            return tr("one of %1").arg(joinedChoices(field.choices));
        return tr("an integer from %1 to %2").arg(boundText(field.min), boundText(field.max));
    case FieldType::Real:
        return tr("a number or a quantity with its unit such as %1")
            .arg(QLatin1String(unitExample(field.unit)));
    case FieldType::Bool:
        return tr("true or false");
    case FieldType::Enum:
        return tr("one of %1").arg(joinedChoices(field.choices));
    case FieldType::Text:
        return tr("a string");
    }
    return {};
}

bool Reader::unknownKey(const std::string& path, const std::vector<std::string>& known)
{
    // Compare the key with the known keys of its object, not whole paths: a long common prefix would
    // make any two keys look alike. A key without its unit suffix ("bandwidth" for bandwidth_Bps,
    // "memory" for memory_bytes) counts as a near miss too.
    const std::string key = leaf(path);
    std::vector<std::string> leaves;
    std::vector<std::string> owners;
    for (const std::string& candidate : known) {
        const std::string name = leaf(candidate);
        leaves.push_back(name);
        owners.push_back(candidate);
        const std::size_t underscore = name.rfind('_');
        if (underscore != std::string::npos && underscore > 0) {
            leaves.push_back(name.substr(0, underscore));
            owners.push_back(candidate);
        }
    }
    std::string suggestion;
    const auto exact = std::find(leaves.begin(), leaves.end(), key); // only a stem can match exactly
    const std::string nearLeaf = exact != leaves.end() ? key : nearestName(key, leaves);
    if (!nearLeaf.empty())
        suggestion = owners[static_cast<std::size_t>(std::find(leaves.begin(), leaves.end(), nearLeaf) -
                                                     leaves.begin())];
    if (suggestion.empty()) {
        // A key put in the wrong section ("training.zero_stage") is found by its last segment.
        for (const FieldInfo& field : scenarioFields()) {
            if (leaf(field.path) == key) {
                suggestion = field.path;
                break;
            }
        }
    }
    if (suggestion.empty())
        return fail(fromStd(path), tr("unknown key"));
    return fail(fromStd(path), tr("unknown key (did you mean %1?)").arg(fromStd(suggestion)));
}

bool Reader::checkKeys(const QJsonObject& object, const QString& path, const std::vector<std::string>& keys)
{
    for (auto it = object.begin(); it != object.end(); ++it) {
        const std::string key = it.key().toStdString();
        if (std::find(keys.begin(), keys.end(), key) == keys.end()) {
            std::vector<std::string> known;
            for (const std::string& k : keys)
                known.push_back(path.toStdString() + "." + k);
            return unknownKey(path.toStdString() + "." + key, known);
        }
    }
    return true;
}

bool Reader::read(const QByteArray& input, Scenario& out)
{
    QJsonObject root;
    if (!parseJsonObject(input, tr("the file is empty; expected a JSON scenario"),
                         tr("expected a JSON object with \"format\": \"shardscope-scenario\""), root) ||
        !readHeader(root))
        return false;

    Scenario s; // missing keys keep the defaults
    if (!readSection(root, std::string(), s))
        return false;

    // model.params is derived for a transformer (docs/formats.md, "Scenario file"): the file's value is
    // ignored.
    if (s.model.kind == ModelKind::Params) {
        if (!m_params)
            return fail(QStringLiteral("model.params"),
                        tr("missing; a model of kind \"params\" needs its parameter count, e.g. \"7.5B\""));
        if (!readField(*findField("model.params"), *m_params, s))
            return false;
    } else {
        s.model.params = ModelSpec{}.params;
    }

    // A catalogue GPU (given, or the default) takes its figures from the catalogue.
    if (!s.cluster.gpu_id.empty()) {
        const GpuCatalogEntry* entry = findGpu(s.cluster.gpu_id);
        if (!entry)
            return fail(QStringLiteral("cluster.gpu"),
                        tr("unknown GPU \"%1\"").arg(fromStd(s.cluster.gpu_id)));
        s.cluster.gpu = entry->spec;
    }

    if (m_check == ReadCheck::Validate) {
        const std::vector<Problem> problems = validateScenario(s);
        if (!problems.empty())
            return fail(fromStd(problems.front().path), fromStd(problems.front().message));
    }
    out = std::move(s);
    return true;
}

bool Reader::readHeader(const QJsonObject& root)
{
    const QString expected = QStringLiteral("shardscope-scenario");
    const QJsonValue format = root.value(QLatin1String("format"));
    if (format.isUndefined())
        return fail(QStringLiteral("format"),
                    tr("missing; expected \"%1\" (is this a ShardScope scenario file?)").arg(expected));
    if (format.toString() != expected) {
        if (format.toString() == QLatin1String("shardscope-topology"))
            return fail(QStringLiteral("format"),
                        tr("expected \"%1\", got a topology file (put its nodes and links under "
                           "cluster.topology of a scenario)")
                            .arg(expected));
        return failType(QStringLiteral("format"), QLatin1Char('"') + expected + QLatin1Char('"'), format);
    }

    const QJsonValue version = root.value(QLatin1String("version"));
    if (version.isUndefined())
        return fail(QStringLiteral("version"), tr("missing; expected %1").arg(kScenarioFormatVersion));
    const double number = version.toDouble(-1);
    if (!version.isDouble() || number != std::floor(number) || number < 1)
        return failType(QStringLiteral("version"), QString::number(kScenarioFormatVersion), version);
    if (number > kScenarioFormatVersion)
        return fail(QStringLiteral("version"), tr("version %1 is newer than this ShardScope reads (%2)")
                                                   .arg(numberText(number))
                                                   .arg(kScenarioFormatVersion));
    return true;
}

bool Reader::readSection(const QJsonObject& object, const std::string& prefix, Scenario& s)
{
    for (auto it = object.begin(); it != object.end(); ++it) {
        const std::string key = it.key().toStdString();
        const std::string path = prefix.empty() ? key : prefix + "." + key;
        const QJsonValue value = it.value();
        if (prefix.empty() && (key == "format" || key == "version"))
            continue; // checked by readHeader()

        if (path == "cluster.gpu") {
            if (!readGpu(value, s))
                return false;
        } else if (path == "cluster.topology") {
            Topology topology;
            if (!readTopology(value, topology))
                return false;
            s.cluster.topology = std::move(topology);
        } else if (path == "model.params") {
            m_params = value;
        } else if (const FieldInfo* field = findField(path)) {
            if (!readField(*field, value, s))
                return false;
        } else if (isSection(path)) {
            if (!value.isObject())
                return failType(fromStd(path), tr("an object"), value);
            if (!readSection(value.toObject(), path, s))
                return false;
        } else {
            return unknownKey(path, childPaths(prefix));
        }
    }
    return true;
}

bool Reader::readField(const FieldInfo& field, const QJsonValue& value, Scenario& s)
{
    const QString path = fromStd(field.path);
    FieldValue typed;
    std::string error;
    switch (field.type) {
    case FieldType::Int:
    case FieldType::Real:
        if (value.isDouble()) {
            typed.number = value.toDouble();
            error = checkFieldValue(field, typed);
        } else if (value.isString()) {
            error = parseFieldText(field, value.toString().toStdString(), typed);
        } else {
            return failType(path, expectation(field), value);
        }
        break;
    case FieldType::Bool:
        if (!value.isBool())
            return failType(path, expectation(field), value);
        typed.flag = value.toBool();
        break;
    case FieldType::Enum:
    case FieldType::Text:
        if (field.path == "parallel.pipeline_layers" && value.isArray()) {
            // Layers per stage: an array of integers, read through the field's text form.
            const QJsonArray array = value.toArray();
            std::string text;
            for (qsizetype i = 0; i < array.size(); ++i) {
                const double n = array.at(i).toDouble(-1);
                if (!array.at(i).isDouble() || n != std::floor(n) || n < 0 || n > 1e5)
                    return failType(path + QStringLiteral("[%1]").arg(i), tr("an integer from 0 to 100000"),
                                    array.at(i));
                text += (i ? "," : "") + std::to_string(std::int64_t(n));
            }
            error = parseFieldText(field, text, typed);
            break;
        }
        if (field.path == "training.lora_targets" && value.isArray()) {
            // PEFT's target_modules by their short names: an array of strings, read through the text form.
            const QJsonArray array = value.toArray();
            std::string text;
            for (qsizetype i = 0; i < array.size(); ++i) {
                if (!array.at(i).isString())
                    return failType(path + QStringLiteral("[%1]").arg(i),
                                    tr("one of q, k, v, o, gate, up, down, experts, embed, head"),
                                    array.at(i));
                text += (i ? "," : "") + array.at(i).toString().toStdString();
            }
            error = parseFieldText(field, text, typed);
            break;
        }
        if (!value.isString())
            return failType(path, expectation(field), value);
        error = parseFieldText(field, value.toString().toStdString(), typed);
        break;
    }
    if (error.empty())
        error = field.set(s, typed);
    if (!error.empty())
        return fail(path, fromStd(error));
    return true;
}

bool Reader::readGpu(const QJsonValue& value, Scenario& s)
{
    if (value.isString())
        return readField(*findField("cluster.gpu"), value, s);
    if (!value.isObject())
        return failType(
            QStringLiteral("cluster.gpu"),
            tr("a GPU id such as \"A100-SXM4-80GB\" or an object {name, memory_bytes, peak_flops, "
               "hbm_Bps}"),
            value);
    const QJsonObject object = value.toObject();
    for (auto it = object.begin(); it != object.end(); ++it) {
        const std::string path = "cluster.gpu." + it.key().toStdString();
        const FieldInfo* field = findField(path);
        if (!field)
            return unknownKey(path, childPaths("cluster.gpu"));
        if (!readField(*field, it.value(), s))
            return false;
    }
    // A custom GPU is given whole: a missing figure must not be inherited from the default GPU.
    for (const char* key : {"name", "memory_bytes", "peak_flops", "hbm_Bps"}) {
        if (!object.contains(QLatin1String(key)))
            return fail(QStringLiteral("cluster.gpu.") + QLatin1String(key),
                        tr("missing; a custom GPU needs name, memory_bytes, peak_flops and hbm_Bps"));
    }
    s.cluster.gpu_id.clear();
    return true;
}

bool Reader::readString(const QJsonObject& object, const char* key, const QString& path, bool required,
                        std::string& out)
{
    const QJsonValue value = object.value(QLatin1String(key));
    const QString keyPath = path + QLatin1Char('.') + QLatin1String(key);
    if (value.isUndefined()) {
        if (required)
            return fail(keyPath, tr("missing; expected a string"));
        return true;
    }
    if (!value.isString())
        return failType(keyPath, tr("a string"), value);
    out = value.toString().toStdString();
    return true;
}

bool Reader::readQuantity(const QJsonObject& object, const char* key, const QString& path, Unit unit,
                          bool required, double& out)
{
    const QJsonValue value = object.value(QLatin1String(key));
    const QString keyPath = path + QLatin1Char('.') + QLatin1String(key);
    if (value.isUndefined()) {
        if (required)
            return fail(keyPath, tr("missing; expected a number or a quantity such as %1")
                                     .arg(QLatin1String(unitExample(unit))));
        return true;
    }
    if (value.isDouble()) {
        out = value.toDouble();
        if (!std::isfinite(out))
            return failType(keyPath, tr("a finite number"), value);
        return true;
    }
    if (value.isString()) {
        std::string error;
        if (!parseQuantity(value.toString().toStdString(), unit, out, &error))
            return fail(keyPath, fromStd(error));
        return true;
    }
    return failType(
        keyPath, tr("a number or a quantity with its unit such as %1").arg(QLatin1String(unitExample(unit))),
        value);
}

bool Reader::readTopology(const QJsonValue& value, Topology& topology)
{
    const QString path = QStringLiteral("cluster.topology");
    if (!value.isObject())
        return failType(path, tr("an object {nodes, links}"), value);
    const QJsonObject object = value.toObject();
    for (auto it = object.begin(); it != object.end(); ++it) {
        if (it.key() != QLatin1String("nodes") && it.key() != QLatin1String("links"))
            return unknownKey("cluster.topology." + it.key().toStdString(),
                              {"cluster.topology.nodes", "cluster.topology.links"});
    }
    // Nodes first: the links refer to them.
    const QJsonValue nodes = object.value(QLatin1String("nodes"));
    if (!nodes.isUndefined()) {
        if (!nodes.isArray())
            return failType(path + QLatin1String(".nodes"), tr("an array"), nodes);
        if (!readTopologyNodes(nodes.toArray(), path + QLatin1String(".nodes"), topology))
            return false;
    }
    const QJsonValue links = object.value(QLatin1String("links"));
    if (!links.isUndefined()) {
        if (!links.isArray())
            return failType(path + QLatin1String(".links"), tr("an array"), links);
        if (!readTopologyLinks(links.toArray(), path + QLatin1String(".links"), topology))
            return false;
    }
    return true;
}

bool Reader::readTopologyNodes(const QJsonArray& array, const QString& arrayPath, Topology& topology)
{
    static const std::vector<std::string> keys{"id", "kind", "label", "x", "y"};
    std::set<std::string> ids;
    for (qsizetype i = 0; i < array.size(); ++i) {
        const QString path = arrayPath + QStringLiteral("[%1]").arg(i);
        if (!array.at(i).isObject())
            return failType(path, tr("an object {id, kind, label, x, y}"), array.at(i));
        const QJsonObject object = array.at(i).toObject();
        if (!checkKeys(object, path, keys))
            return false;
        TopologyNode node;
        if (!readString(object, "id", path, true, node.id) ||
            !readString(object, "kind", path, true, node.kind) ||
            !readString(object, "label", path, false, node.label) ||
            !readQuantity(object, "x", path, Unit::None, false, node.x) ||
            !readQuantity(object, "y", path, Unit::None, false, node.y))
            return false;
        if (node.id.empty())
            return fail(path + QLatin1String(".id"), tr("expected a non-empty id"));
        if (!ids.insert(node.id).second)
            return fail(path + QLatin1String(".id"), tr("duplicate node id \"%1\"").arg(fromStd(node.id)));
        const auto& kinds = topologyDeviceKinds();
        if (std::find(kinds.begin(), kinds.end(), node.kind) == kinds.end())
            return fail(path + QLatin1String(".kind"),
                        tr("expected one of %1, got \"%2\"").arg(joinedChoices(kinds), fromStd(node.kind)));
        topology.nodes.push_back(std::move(node));
    }
    return true;
}

bool Reader::readTopologyLinks(const QJsonArray& array, const QString& arrayPath, Topology& topology)
{
    static const std::vector<std::string> keys{"id",        "a",          "b",    "kind", "bandwidth_Bps",
                                               "latency_s", "efficiency", "count"};
    std::set<std::string> nodeIds;
    for (const TopologyNode& node : topology.nodes)
        nodeIds.insert(node.id);
    std::set<std::string> ids;
    for (qsizetype i = 0; i < array.size(); ++i) {
        const QString path = arrayPath + QStringLiteral("[%1]").arg(i);
        if (!array.at(i).isObject())
            return failType(path, tr("an object {id, a, b, kind, bandwidth_Bps, latency_s, efficiency}"),
                            array.at(i));
        const QJsonObject object = array.at(i).toObject();
        if (!checkKeys(object, path, keys))
            return false;
        TopologyLink link;
        double count = static_cast<double>(link.count);
        if (!readString(object, "id", path, true, link.id) || !readString(object, "a", path, true, link.a) ||
            !readString(object, "b", path, true, link.b) ||
            !readString(object, "kind", path, true, link.kind) ||
            !readQuantity(object, "bandwidth_Bps", path, Unit::BytesPerSecond, true, link.bandwidth_Bps) ||
            !readQuantity(object, "latency_s", path, Unit::Seconds, false, link.latency_s) ||
            !readQuantity(object, "efficiency", path, Unit::Fraction, false, link.efficiency) ||
            !readQuantity(object, "count", path, Unit::None, false, count))
            return false;
        if (link.id.empty())
            return fail(path + QLatin1String(".id"), tr("expected a non-empty id"));
        if (!ids.insert(link.id).second)
            return fail(path + QLatin1String(".id"), tr("duplicate link id \"%1\"").arg(fromStd(link.id)));
        for (const auto& [end, key] : {std::pair{&link.a, "a"}, std::pair{&link.b, "b"}}) {
            if (!nodeIds.count(*end))
                return fail(path + QLatin1Char('.') + QLatin1String(key),
                            tr("no node with id \"%1\" in cluster.topology.nodes").arg(fromStd(*end)));
        }
        if (link.a == link.b)
            return fail(path + QLatin1String(".b"),
                        tr("a link must join two different nodes, got \"%1\" twice").arg(fromStd(link.b)));
        if (!isKnownLinkKind(link.kind)) {
            QStringList prefixes;
            for (const std::string& prefix : topologyLinkKindPrefixes())
                prefixes << fromStd(prefix);
            return fail(
                path + QLatin1String(".kind"),
                tr("expected a link kind beginning with one of %1 (e.g. \"nvlink3\", \"pcie-gen4-x16\"), "
                   "got \"%2\"")
                    .arg(prefixes.join(QLatin1String(", ")), fromStd(link.kind)));
        }
        if (!(link.bandwidth_Bps > 0))
            return fail(
                path + QLatin1String(".bandwidth_Bps"),
                tr("expected a bandwidth greater than 0, got %1").arg(numberText(link.bandwidth_Bps)));
        if (!(link.latency_s >= 0))
            return fail(path + QLatin1String(".latency_s"),
                        tr("expected a latency of 0 s or more, got %1").arg(numberText(link.latency_s)));
        if (!(link.efficiency > 0 && link.efficiency <= 1))
            return fail(path + QLatin1String(".efficiency"),
                        tr("expected a fraction greater than 0 and at most 1, got %1")
                            .arg(numberText(link.efficiency)));
        if (count != std::floor(count) || count < 1 || count > 1e4)
            return fail(path + QLatin1String(".count"),
                        tr("expected an integer from 1 to 10000, got %1").arg(numberText(count)));
        link.count = static_cast<std::int64_t>(count);
        topology.links.push_back(std::move(link));
    }
    return true;
}

} // namespace

std::vector<std::string> splitFieldPath(const std::string& path)
{
    std::vector<std::string> parts;
    std::size_t start = 0;
    while (true) {
        const std::size_t dot = path.find('.', start);
        parts.push_back(path.substr(start, dot - start));
        if (dot == std::string::npos)
            break;
        start = dot + 1;
    }
    return parts;
}

void writeFieldValue(JsonWriter& w, const FieldInfo& field, const Scenario& s)
{
    if (field.path == "model.params" && s.model.kind == ModelKind::Transformer) {
        // Derived for a transformer: written for the reader's information, ignored on input.
        w.value(countParams(s.model).total);
        return;
    }
    if (field.path == "training.lora_targets") {
        w.beginArray(); // the adapted layers, an array of names in the file (docs/formats.md)
        const std::vector<std::string> names = loraTargetNames(); // in bit order
        for (std::size_t i = 0; i < names.size(); ++i)
            if (s.training.lora_targets & (1u << i))
                w.value(names[i]);
        w.endArray();
        return;
    }
    if (field.path == "parallel.pipeline_layers") {
        w.beginArray(); // layers per stage, an array in the file (docs/formats.md)
        for (const std::int64_t n : s.parallel.pipeline_layers)
            w.value(n);
        w.endArray();
        return;
    }
    const FieldValue value = field.get(s);
    switch (field.type) {
    case FieldType::Int:
        w.value(static_cast<std::int64_t>(std::llround(value.number)));
        break;
    case FieldType::Real:
        w.value(value.number);
        break;
    case FieldType::Bool:
        w.value(value.flag);
        break;
    case FieldType::Enum:
    case FieldType::Text:
        w.value(value.text);
        break;
    }
}

bool readScenario(const QByteArray& json, Scenario& out, QString* error, const QString& fileName,
                  ReadCheck check)
{
    Reader reader(fileName, check);
    if (reader.read(json, out))
        return true;
    if (error)
        *error = reader.error();
    return false;
}

bool loadScenarioFile(const QString& fileName, Scenario& out, QString* error, ReadCheck check)
{
    const detail::FileTexts texts{
        QCoreApplication::translate("ss::io", "is a directory, expected a scenario file"),
        QCoreApplication::translate("ss::io", "cannot open: %1"),
        QCoreApplication::translate("ss::io", "too large for a scenario file (%1 bytes)"),
        QCoreApplication::translate("ss::io", "too large for a scenario file"),
        QCoreApplication::translate(
            "ss::io", "not a regular file (a FIFO, socket or device), expected a scenario file")};
    QByteArray json;
    QString problem;
    if (!detail::readBoundedFile(fileName, kMaxScenarioBytes, texts, json, &problem)) {
        if (error)
            *error = fileName + QLatin1String(": ") + problem;
        return false;
    }
    return readScenario(json, out, error, fileName, check);
}

QByteArray writeScenarioPaths(const std::vector<std::string>& paths, const Scenario& s)
{
    JsonWriter w;
    w.beginObject();
    w.member("format", "shardscope-scenario");
    w.member("version", kScenarioFormatVersion);
    // Each section's paths come together, so a stack of open sections suffices.
    std::vector<std::string> open;
    for (const std::string& path : paths) {
        const std::vector<std::string> parts = splitFieldPath(path);
        const std::size_t depth = parts.size() - 1;
        std::size_t common = 0;
        while (common < open.size() && common < depth && open[common] == parts[common])
            ++common;
        for (; open.size() > common; open.pop_back())
            w.endObject();
        while (open.size() < depth) {
            w.key(parts[open.size()]);
            w.beginObject();
            open.push_back(parts[open.size()]);
        }
        w.key(parts.back());
        if (path == "cluster.topology") {
            w.beginObject();
            if (s.cluster.topology)
                writeTopologyMembers(w, *s.cluster.topology);
            w.endObject();
        } else if (const FieldInfo* field = findField(path)) {
            writeFieldValue(w, *field, s);
        } else {
            w.null();
        }
    }
    for (; !open.empty(); open.pop_back())
        w.endObject();
    w.endObject();
    return w.data();
}

QByteArray writeScenario(const Scenario& s)
{
    // Every field of the table, a catalogue GPU by its id and a custom one by its figures, and the topology
    // as the cluster's last member.
    const bool customGpu = s.cluster.gpu_id.empty();
    std::vector<std::string> paths;
    for (const FieldInfo& field : scenarioFields()) {
        if (field.path == "cluster.gpu" && customGpu)
            continue;
        if (field.path.compare(0, 12, "cluster.gpu.") == 0 && !customGpu)
            continue;
        paths.push_back(field.path);
    }
    if (s.cluster.topology) {
        const auto lastOfCluster = std::find_if(paths.rbegin(), paths.rend(), [](const std::string& path) {
            return path.compare(0, 8, "cluster.") == 0;
        });
        paths.insert(lastOfCluster.base(), "cluster.topology");
    }
    return writeScenarioPaths(paths, s);
}

bool saveScenarioFile(const QString& fileName, const Scenario& s, QString* error)
{
    QSaveFile file(fileName);
    const auto failWith = [&](const QString& message) {
        if (error)
            *error = fileName + QLatin1String(": ") + message;
        file.cancelWriting();
        return false;
    };
    if (!file.open(QIODevice::WriteOnly))
        return failWith(QCoreApplication::translate("ss::io", "cannot write: %1").arg(file.errorString()));
    const QByteArray data = writeScenario(s);
    if (file.write(data) != data.size())
        return failWith(QCoreApplication::translate("ss::io", "cannot write: %1").arg(file.errorString()));
    if (!file.commit())
        return failWith(QCoreApplication::translate("ss::io", "cannot write: %1").arg(file.errorString()));
    return true;
}

QString scenarioProblem(const Scenario& s, const QString& fileName)
{
    const std::vector<Problem> problems = validateScenario(s);
    if (problems.empty())
        return {};
    return detail::locatedMessage(fileName, fromStd(problems.front().path), fromStd(problems.front().message),
                                  detail::Wording::OwnFile);
}

} // namespace ss::io
