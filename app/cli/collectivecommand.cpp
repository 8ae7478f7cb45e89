// SPDX-License-Identifier: GPL-3.0-or-later
#include "collectivecommand.h"

#include "clioutput.h"
#include "collective.h"
#include "examples.h"
#include "inputfile.h"
#include "jsonwriter.h"
#include "presets.h"
#include "scenariojson.h"
#include "topologyjson.h"
#include "units.h"
#include "usage.h"
#include "validate.h"

#include <QFileInfo>

#include <algorithm>
#include <optional>

using namespace ss::cli;

namespace {

// Bounded like a scenario file (scenariojson.cpp): a file that never ends must not eat the memory.
constexpr qint64 kMaxInputBytes = 64 * 1024 * 1024;

// The options as given, before they are checked.
struct CollectiveArgs
{
    QString topology;
    QString op;
    QString bytes;
    QString gpus;
    QString algorithm = QStringLiteral("auto");
    bool haveGpus = false;
};

// Reads ARGS into OUT. Returns the exit status when the command ends here (--help, a usage error).
std::optional<int> parseArgs(const QStringList& args, CollectiveArgs& out)
{
    for (qsizetype i = 0; i < args.size(); ++i) {
        QString arg = args.at(i);
        if (arg == QLatin1String("--help") || arg == QLatin1String("-h")) {
            print(stdout, usage().toUtf8());
            return kOk;
        }
        QString value;
        const qsizetype eq = arg.indexOf(QLatin1Char('='));
        if (arg.startsWith(QLatin1String("--")) && eq > 0) {
            value = arg.mid(eq + 1);
            arg = arg.left(eq);
        } else if (arg.startsWith(QLatin1String("--"))) {
            if (i + 1 >= args.size())
                return usageError(tr("collective: %1 needs a value").arg(arg));
            value = args.at(++i);
        } else {
            return usageError(
                tr("collective: unexpected argument '%1' (try shardscope-cli --help)").arg(arg));
        }
        if (arg == QLatin1String("--topology"))
            out.topology = value;
        else if (arg == QLatin1String("--op"))
            out.op = value;
        else if (arg == QLatin1String("--bytes"))
            out.bytes = value;
        else if (arg == QLatin1String("--gpus")) {
            out.gpus = value;
            out.haveGpus = true;
        } else if (arg == QLatin1String("--algorithm"))
            out.algorithm = value;
        else
            return usageError(tr("collective: unknown option '%1' (try shardscope-cli --help)").arg(arg));
    }
    if (out.topology.isEmpty())
        return usageError(
            tr("collective needs --topology TOPOLOGY: a scenario file, a topology file or a preset id"));
    if (out.op.isEmpty())
        return usageError(
            tr("collective needs --op OP: allreduce, allgather, reducescatter, broadcast, reduce, "
               "alltoall or sendrecv"));
    if (out.bytes.isEmpty())
        return usageError(tr("collective needs --bytes N, the nccl-tests size, e.g. --bytes \"1 GiB\""));
    return std::nullopt;
}

// The operation, the algorithm and the size the options name. Returns the exit status of a usage error.
std::optional<int> readCall(const CollectiveArgs& a, ss::CollectiveOp& op, ss::CollectiveAlgorithm& algorithm,
                            double& bytes)
{
    if (!ss::collectiveOpFromName(a.op.toStdString(), op))
        return usageError(
            tr("--op: expected allreduce, allgather, reducescatter, broadcast, reduce, alltoall or "
               "sendrecv, got '%1'")
                .arg(a.op));
    if (!ss::algorithmFromName(a.algorithm.toStdString(), algorithm))
        return usageError(tr("--algorithm: expected auto, ring, tree, hierarchical, direct, nvls, nvlstree "
                             "or collnet, got '%1'")
                              .arg(a.algorithm));
    std::string bytesError;
    // At most an exabyte: beyond that no collective is meaningful and times stop being readable.
    if (!ss::parseQuantity(a.bytes.toStdString(), ss::Unit::Bytes, bytes, &bytesError) ||
        !(bytes >= 0 && bytes <= 1e18))
        return usageError(
            tr("--bytes: expected a size in bytes from 0 to 1e18 such as 1073741824 or \"1 GiB\", got '%1'")
                .arg(a.bytes));
    return std::nullopt;
}

// The cluster of SCENARIO (read from SOURCE) as a topology; on failure prints the error.
bool topologyOfScenario(const QString& source, const ss::Scenario& scenario, ss::Topology& out)
{
    std::string why;
    if (!ss::scenarioTopology(scenario, out, &why)) {
        inputError(source + QStringLiteral(": cluster: ") + QString::fromStdString(why));
        return false;
    }
    return true;
}

// The cluster of the scenario file SOURCE (its JSON read as JSON) as a topology. Only the cluster is checked:
// collective prices one call on the machines and never reads the parallel layout, the batch or the model, so
// a file whose layout does not cover its GPUs (an import, a scenario being edited) still names a topology.
bool topologyOfScenarioFile(const QString& source, const QByteArray& json, ss::Topology& out)
{
    QString error;
    ss::Scenario scenario;
    if (!ss::io::readScenario(json, scenario, &error, source, ss::io::ReadCheck::FieldsOnly)) {
        inputError(error);
        return false;
    }
    for (const ss::Problem& problem : ss::validateScenario(scenario)) {
        if (problem.path.rfind("cluster.", 0) != 0)
            continue;
        inputError(source + QStringLiteral(": ") + QString::fromStdString(problem.path) +
                   QStringLiteral(": ") + QString::fromStdString(problem.message));
        return false;
    }
    return topologyOfScenario(source, scenario, out);
}

// SOURCE is a scenario file, a topology file, a preset id or a built-in example id, in that order. On failure
// prints the error.
bool loadTopology(const QString& source, ss::Topology& out)
{
    QString error;
    if (QFileInfo::exists(source)) {
        QByteArray json;
        if (!ss::io::readInputFile(source, kMaxInputBytes, json, &error)) {
            inputError(error);
            return false;
        }
        if (ss::io::documentFormat(json) == QLatin1String("shardscope-topology")) {
            if (!ss::io::readTopology(json, out, &error, source)) {
                inputError(error);
                return false;
            }
            return true;
        }
        return topologyOfScenarioFile(source, json, out);
    }
    if (ss::findPreset(source.toStdString())) {
        out = ss::presetTopology(source.toStdString());
        return true;
    }
    for (const ss::io::ExampleInfo& info : ss::io::examples()) {
        if (info.id != source)
            continue;
        ss::Scenario scenario;
        if (!ss::io::loadExample(source, scenario, &error)) {
            inputError(error);
            return false;
        }
        return topologyOfScenario(source, scenario, out);
    }
    inputError(
        tr("%1: no such file, preset or example (shardscope-cli presets lists the presets)").arg(source));
    return false;
}

// The GPUs --gpus names, by index or id, into OUT (every GPU without --gpus). Returns the exit status of a
// problem.
std::optional<int> selectGpus(const ss::TopologyGraph& graph, const CollectiveArgs& a, std::vector<int>& out)
{
    if (!a.haveGpus) {
        out = graph.gpus();
        return std::nullopt;
    }
    const QStringList items = a.gpus.split(QLatin1Char(','), Qt::SkipEmptyParts);
    if (items.isEmpty())
        return usageError(tr("--gpus: expected GPU indices or ids separated by commas, e.g. --gpus 0,1,2,3"));
    for (const QString& raw : items) {
        const QString item = raw.trimmed();
        bool numeric = false;
        const int index = item.toInt(&numeric);
        int device = -1;
        if (numeric) {
            if (index < 0 || index >= int(graph.gpus().size()))
                return inputError(tr("--gpus: no GPU %1 (the topology has %2 GPUs, 0 to %3)")
                                      .arg(index)
                                      .arg(graph.gpus().size())
                                      .arg(graph.gpus().size() - 1));
            device = graph.gpus()[std::size_t(index)];
        } else {
            device = graph.findDevice(item.toStdString());
            if (device < 0)
                return inputError(tr("--gpus: no device has the id \"%1\"").arg(item));
            if (graph.devices()[std::size_t(device)].kind != ss::DeviceKind::Gpu)
                return inputError(tr("--gpus: \"%1\" is not a GPU").arg(item));
        }
        if (std::find(out.begin(), out.end(), device) != out.end())
            return inputError(tr("--gpus: GPU %1 is listed twice").arg(item));
        out.push_back(device);
    }
    return std::nullopt;
}

// One link's load under the call R.
void writeLinkLoad(ss::io::JsonWriter& w, const ss::TopologyGraph& graph, const ss::CollectiveResult& r,
                   const ss::LinkLoad& load)
{
    const ss::Link link = graph.link(load.link);
    w.beginObject();
    w.key("id");
    w.value(graph.linkId(load.link));
    w.key("a");
    w.value(graph.deviceId(link.a));
    w.key("b");
    w.value(graph.deviceId(link.b));
    w.key("kind");
    w.value(graph.linkKind(load.link));
    w.key("bandwidth_Bps");
    w.value(link.capacity());
    w.key("efficiency");
    w.value(link.efficiency);
    w.key("bytes");
    w.value(load.bytes());
    w.key("bytes_ab");
    w.value(load.bytes_ab);
    w.key("bytes_ba");
    w.value(load.bytes_ba);
    w.key("busy_s");
    w.value(load.busy_s);
    w.key("utilization");
    w.value(r.time_s > 0 ? load.busy_s / r.time_s : 0.0);
    w.endObject();
}

// The call's figures (docs/formats.md, "Binaries"), then beyond them the latency part, the GPUs in rank
// order and the channels' rings.
QByteArray collectiveJson(const ss::TopologyGraph& graph, const ss::CollectiveResult& r,
                          const std::vector<int>& gpus)
{
    ss::io::JsonWriter w;
    w.beginObject();
    w.key("op");
    w.value(ss::collectiveOpName(r.op));
    w.key("bytes");
    w.value(r.bytes);
    w.key("ranks");
    w.value(r.ranks);
    w.key("algorithm");
    w.value(ss::algorithmName(r.algorithm));
    w.key("time_s");
    w.value(r.time_s);
    w.key("algbw_Bps");
    w.value(r.algbw_Bps);
    w.key("busbw_Bps");
    w.value(r.busbw_Bps);
    w.key("bottleneck_link");
    if (r.bottleneck_link >= 0) {
        const ss::Link link = graph.link(r.bottleneck_link);
        w.beginObject();
        w.key("id");
        w.value(graph.linkId(r.bottleneck_link));
        w.key("kind");
        w.value(graph.linkKind(r.bottleneck_link));
        w.key("a");
        w.value(graph.deviceId(link.a));
        w.key("b");
        w.value(graph.deviceId(link.b));
        w.endObject();
    } else {
        w.null();
    }
    w.key("links");
    w.beginArray();
    for (const ss::LinkLoad& load : r.links)
        writeLinkLoad(w, graph, r, load);
    w.endArray();
    w.key("alpha_s");
    w.value(r.alpha_s);
    w.key("gpus");
    w.beginArray();
    for (int d : gpus)
        w.value(graph.deviceId(d));
    w.endArray();
    w.key("rings");
    w.beginArray();
    for (const auto& ring : r.rings) {
        w.beginArray();
        for (int d : ring)
            w.value(graph.deviceId(d));
        w.endArray();
    }
    w.endArray();
    w.endObject();
    return w.data();
}

} // namespace

int collectiveCommand(const QStringList& args)
{
    CollectiveArgs a;
    if (const std::optional<int> status = parseArgs(args, a))
        return *status;
    ss::CollectiveOp op;
    ss::CollectiveAlgorithm algorithm;
    double bytes = 0;
    if (const std::optional<int> status = readCall(a, op, algorithm, bytes))
        return *status;

    ss::Topology topology;
    if (!loadTopology(a.topology, topology))
        return kBadInput;
    ss::CommModel model;
    std::string buildError;
    if (!ss::CommModel::fromTopology(topology, model, &buildError))
        return inputError(a.topology + QStringLiteral(": ") + QString::fromStdString(buildError));
    const ss::TopologyGraph& graph = model.graph();
    if (graph.gpus().empty())
        return inputError(a.topology + QStringLiteral(": the topology has no GPU"));
    std::vector<int> gpus;
    if (const std::optional<int> status = selectGpus(graph, a, gpus))
        return *status;

    const ss::CollectiveResult r = model.collective(op, bytes, gpus, algorithm);
    if (!r.ok())
        return inputError(QStringLiteral("collective: ") + QString::fromStdString(r.error));
    print(stdout, collectiveJson(graph, r, gpus));
    return kOk;
}
