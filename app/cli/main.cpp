// SPDX-License-Identifier: GPL-3.0-or-later
// shardscope-cli: the engine without the window (CONTRACT.md, "Binaries").
// Exit codes: 0 success, 1 bad input (one line on stderr naming the file, the path and what was
// expected), 2 usage error. Output is written only once it is complete.
#include "clioutput.h"
#include "scenariosource.h"
#include "collective.h"
#include "comparecommand.h"
#include "evaluate.h"
#include "examples.h"
#include "exportcommand.h"
#include "fields.h"
#include "importcommand.h"
#include "jsonwriter.h"
#include "planner.h"
#include "presets.h"
#include "resultjson.h"
#include "scenariojson.h"
#include "sweepcommand.h"
#include "topologyjson.h"
#include "units.h"

#include <QApplication>
#include <QCoreApplication>
#include <QFile>
#include <QFileInfo>
#include <QStringList>

#include <cstdio>
#include <exception>
#include <memory>
#include <string_view>

namespace {

using ss::cli::kBadInput;
using ss::cli::kOk;
using ss::cli::kUsage;
constexpr qint64 kMaxInputBytes = 64 * 1024 * 1024;

class Cli
{
    Q_DECLARE_TR_FUNCTIONS(Cli)

public:
    explicit Cli(const QStringList& args) : m_args(args) {}
    int run();

private:
    int usageError(const QString& message);
    int inputError(const QString& message);
    int eval(const QStringList& args);
    int listExamples();
    int collective(const QStringList& args);
    int listPresets(const QStringList& args);
    int plan(const QStringList& args);
    bool loadScenario(const QString& source, ss::Scenario& out, QString& label);
    bool loadTopology(const QString& source, ss::Topology& out);
    static void print(FILE* stream, const QByteArray& bytes);
    static QString usage();

    QStringList m_args;
};

QString Cli::usage()
{
    return tr("Usage:\n"
              "  shardscope-cli eval SCENARIO [--set PATH=VALUE]... [--explain] [--timeline]\n"
              "  shardscope-cli examples\n"
              "  shardscope-cli collective --topology TOPOLOGY --op OP --bytes N [--gpus a,b,..] "
              "[--algorithm ALG]\n"
              "  shardscope-cli presets [--json]\n"
              "  shardscope-cli import FILE [--as KIND] [-o OUT.json] [--into SCENARIO] [--op OP]\n"
              "  shardscope-cli export SCENARIO --chart CHART --out FILE [--param PATH --values ..|--range ..]\n"
              "  shardscope-cli sweep SCENARIO --param PATH --values v1,v2,..|--range a:b:n[:log] [--metric M]...\n"
              "  shardscope-cli plan SCENARIO [--gpus N] [--top K] [--objective OBJ] [--set PATH=VALUE]...\n"
              "                 [--tp-across-nodes] [--max-micro-batch N] [--threads N]\n"
              "  shardscope-cli compare BASELINE [CURRENT] [--set PATH=VALUE]...\n"
              "  shardscope-cli --help | --version\n"
              "\n"
              "SCENARIO is a scenario JSON file, - for standard input, or the id of a built-in example.\n"
              "--set changes one field by its dotted path, e.g. --set parallel.zero_stage=3,\n"
              "  --set model.params=7.5e9, --set cluster.gpu=H100-SXM5-80GB (unit strings such as\n"
              "  \"80 GiB\" or \"200 Gb/s\" are accepted).\n"
              "--explain adds the formula behind every figure.\n"
              "\n"
              "collective prices one NCCL-style collective on a topology: TOPOLOGY is a scenario file, a\n"
              "  topology file or a preset id (shardscope-cli presets); OP is allreduce, allgather,\n"
              "  reducescatter, broadcast, reduce, alltoall or sendrecv; N is the nccl-tests size (\"1 GiB\"\n"
              "  works); --gpus picks GPUs by index or id (default: all); ALG is auto, ring, tree,\n"
              "  hierarchical, direct or nvls.\n"
              "\n"
              "import reads a Hugging Face config.json, a DeepSpeed config, `nvidia-smi topo -m` output, an\n"
              "  NCCL topology dump or nccl-tests output (KIND: hf-config, deepspeed, nvidia-smi-topo,\n"
              "  nccl-topo, nccl-tests; detected when --as is left out) and prints what it determines\n"
              "  (shardscope-cli import --help).\n"
              "\n"
              "plan searches the parallel layouts (dp, tp, pp, micro batch, ZeRO stage, recompute, schedule,\n"
              "  virtual stages, sequence parallelism) of the scenario's model on its cluster (or on N GPUs of\n"
              "  its node kind), keeps those that fit in memory and prints the best K (default 10) by OBJ:\n"
              "  step-time (default), tokens-per-gpu or memory-headroom.\n"
              "\n"
              "sweep evaluates the scenario at each value of one numeric field and prints CSV, one column per\n"
              "  metric (shardscope-cli sweep --help).\n"
              "\n"
              "compare prints the figures of CURRENT (default: BASELINE with the --set changes) beside BASELINE\n"
              "  as JSON, with each difference and whether it is better or worse (shardscope-cli compare --help).\n"
              "\n"
              "Exit status: 0 success, 1 bad input, 2 usage error.\n");
}

void Cli::print(FILE* stream, const QByteArray& bytes)
{
    ss::cli::print(stream, bytes);
}

int Cli::usageError(const QString& message)
{
    return ss::cli::usageError(message);
}

int Cli::inputError(const QString& message)
{
    return ss::cli::inputError(message);
}

int Cli::run()
{
    if (m_args.size() < 2)
        return usageError(tr("missing command (try shardscope-cli --help)"));
    const QString command = m_args.at(1);
    const QStringList rest = m_args.mid(2);
    if (command == QLatin1String("--help") || command == QLatin1String("-h") ||
        command == QLatin1String("help")) {
        print(stdout, usage().toUtf8());
        return kOk;
    }
    if (command == QLatin1String("--version")) {
        print(stdout, QByteArray("shardscope-cli " SHARDSCOPE_VERSION "\n"));
        return kOk;
    }
    if (command == QLatin1String("eval"))
        return eval(rest);
    if (command == QLatin1String("examples")) {
        if (!rest.isEmpty())
            return usageError(tr("examples takes no arguments, got '%1'").arg(rest.first()));
        return listExamples();
    }
    if (command == QLatin1String("collective"))
        return collective(rest);
    if (command == QLatin1String("presets"))
        return listPresets(rest);
    if (command == QLatin1String("import"))
        return importCommand(rest);
    if (command == QLatin1String("export"))
        return exportCommand(rest);
    if (command == QLatin1String("plan"))
        return plan(rest);
    if (command == QLatin1String("sweep"))
        return sweepCommand(rest);
    if (command == QLatin1String("compare"))
        return compareCommand(rest);
    return usageError(tr("unknown command '%1' (try shardscope-cli --help)").arg(command));
}

int Cli::listExamples()
{
    QByteArray out;
    for (const ss::io::ExampleInfo& info : ss::io::examples())
        out += (info.id + QLatin1Char('\t') + info.title + QLatin1Char('\n')).toUtf8();
    print(stdout, out);
    return kOk;
}

// SOURCE is "-" (stdin), a file, or an example id; a file wins over an example of the same name.
bool Cli::loadScenario(const QString& source, ss::Scenario& out, QString& label)
{
    return ss::cli::loadScenarioSource(source, out, &label);
}

int Cli::eval(const QStringList& args)
{
    QString source;
    QStringList sets;
    bool explain = false;
    bool timeline = false;
    for (qsizetype i = 0; i < args.size(); ++i) {
        const QString& arg = args.at(i);
        if (arg == QLatin1String("--help") || arg == QLatin1String("-h")) {
            print(stdout, usage().toUtf8());
            return kOk;
        } else if (arg == QLatin1String("--explain")) {
            explain = true;
        } else if (arg == QLatin1String("--timeline")) {
            timeline = true;
        } else if (arg == QLatin1String("--set")) {
            if (i + 1 >= args.size())
                return usageError(tr("--set needs PATH=VALUE, e.g. --set parallel.zero_stage=3"));
            sets << args.at(++i);
        } else if (arg.startsWith(QLatin1String("--set="))) {
            sets << arg.mid(6);
        } else if (arg.startsWith(QLatin1Char('-')) && arg != QLatin1String("-")) {
            return usageError(tr("eval: unknown option '%1' (try shardscope-cli --help)").arg(arg));
        } else if (source.isEmpty()) {
            source = arg;
        } else {
            return usageError(tr("eval takes one scenario, got '%1' and '%2'").arg(source, arg));
        }
    }
    if (source.isEmpty())
        return usageError(tr("eval needs a scenario: a file, - for standard input, or an example id"));
    for (const QString& set : std::as_const(sets)) {
        const qsizetype eq = set.indexOf(QLatin1Char('='));
        if (eq <= 0)
            return usageError(tr("--set expects PATH=VALUE, got '%1'").arg(set));
    }

    ss::Scenario scenario;
    QString label;
    if (!loadScenario(source, scenario, label))
        return kBadInput;
    for (const QString& set : std::as_const(sets)) {
        const qsizetype eq = set.indexOf(QLatin1Char('='));
        const std::string error = ss::setFieldFromText(scenario, set.left(eq).trimmed().toStdString(),
                                                       set.mid(eq + 1).toStdString());
        if (!error.empty())
            return inputError(QStringLiteral("--set: ") + QString::fromStdString(error));
    }
    // The file was read without the cross-field checks so that --set could still repair it; run them now.
    const QString problem = ss::io::scenarioProblem(scenario, label);
    if (!problem.isEmpty())
        return inputError(problem);

    ss::EvalOptions options;
    options.explain = explain;
    options.timeline = timeline;
    const ss::Result result = ss::evaluate(scenario, options);
    print(stdout, ss::io::writeResult(result, explain, timeline));
    return kOk;
}

int Cli::listPresets(const QStringList& args)
{
    bool json = false;
    for (const QString& arg : args) {
        if (arg == QLatin1String("--json"))
            json = true;
        else
            return usageError(tr("presets: unknown argument '%1' (try shardscope-cli --help)").arg(arg));
    }
    if (!json) {
        // id TAB GPUs per node TAB title, like `examples`.
        QByteArray out;
        for (const ss::PresetInfo& p : ss::presets())
            out += QString::fromStdString(p.id + "\t" +
                                          (p.gpus_per_node > 0 ? std::to_string(p.gpus_per_node) : std::string("any")) +
                                          "\t" + p.title + "\n")
                       .toUtf8();
        print(stdout, out);
        return kOk;
    }
    ss::io::JsonWriter w;
    w.beginArray();
    for (const ss::PresetInfo& p : ss::presets()) {
        w.beginObject();
        w.key("id");
        w.value(p.id);
        w.key("title");
        w.value(p.title);
        w.key("gpus_per_node");
        if (p.gpus_per_node > 0)
            w.value(p.gpus_per_node);
        else
            w.null();
        w.key("default_gpus_per_node");
        w.value(p.default_gpus_per_node);
        w.key("gpu");
        w.value(p.gpu);
        w.key("network");
        w.value(p.network);
        w.key("nics_per_node");
        w.value(p.nics_per_node);
        w.key("description");
        w.value(p.description);
        w.endObject();
    }
    w.endArray();
    print(stdout, w.data());
    return kOk;
}

// SOURCE is a scenario file, a topology file, a preset id or a built-in example id, in that order.
bool Cli::loadTopology(const QString& source, ss::Topology& out)
{
    QString error;
    if (QFileInfo::exists(source)) {
        QFile file(source);
        QByteArray head;
        if (!QFileInfo(source).isDir() && file.open(QIODevice::ReadOnly))
            head = file.read(kMaxInputBytes + 1);
        if (ss::io::documentFormat(head) == QLatin1String("shardscope-topology")) {
            if (!ss::io::loadTopologyFile(source, out, &error)) {
                inputError(error);
                return false;
            }
            return true;
        }
        ss::Scenario scenario;
        if (!ss::io::loadScenarioFile(source, scenario, &error)) {
            inputError(error);
            return false;
        }
        std::string why;
        if (!ss::scenarioTopology(scenario, out, &why)) {
            inputError(source + QStringLiteral(": cluster: ") + QString::fromStdString(why));
            return false;
        }
        return true;
    }
    if (ss::findPreset(source.toStdString())) {
        out = ss::presetTopology(source.toStdString());
        return true;
    }
    for (const ss::io::ExampleInfo& info : ss::io::examples()) {
        if (info.id != source)
            continue;
        ss::Scenario scenario;
        std::string why;
        if (!ss::io::loadExample(source, scenario, &error)) {
            inputError(error);
            return false;
        }
        if (!ss::scenarioTopology(scenario, out, &why)) {
            inputError(source + QStringLiteral(": cluster: ") + QString::fromStdString(why));
            return false;
        }
        return true;
    }
    inputError(tr("%1: no such file, preset or example (shardscope-cli presets lists the presets)").arg(source));
    return false;
}

int Cli::collective(const QStringList& args)
{
    QString topologyArg;
    QString opArg;
    QString bytesArg;
    QString gpusArg;
    QString algorithmArg = QStringLiteral("auto");
    bool haveGpus = false;
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
            return usageError(tr("collective: unexpected argument '%1' (try shardscope-cli --help)").arg(arg));
        }
        if (arg == QLatin1String("--topology"))
            topologyArg = value;
        else if (arg == QLatin1String("--op"))
            opArg = value;
        else if (arg == QLatin1String("--bytes"))
            bytesArg = value;
        else if (arg == QLatin1String("--gpus")) {
            gpusArg = value;
            haveGpus = true;
        } else if (arg == QLatin1String("--algorithm"))
            algorithmArg = value;
        else
            return usageError(tr("collective: unknown option '%1' (try shardscope-cli --help)").arg(arg));
    }
    if (topologyArg.isEmpty())
        return usageError(tr("collective needs --topology TOPOLOGY: a scenario file, a topology file or a preset id"));
    if (opArg.isEmpty())
        return usageError(tr("collective needs --op OP: allreduce, allgather, reducescatter, broadcast, reduce, "
                             "alltoall or sendrecv"));
    if (bytesArg.isEmpty())
        return usageError(tr("collective needs --bytes N, the nccl-tests size, e.g. --bytes \"1 GiB\""));
    ss::CollectiveOp op;
    if (!ss::collectiveOpFromName(opArg.toStdString(), op))
        return usageError(tr("--op: expected allreduce, allgather, reducescatter, broadcast, reduce, alltoall or "
                             "sendrecv, got '%1'")
                              .arg(opArg));
    ss::CollectiveAlgorithm algorithm;
    if (!ss::algorithmFromName(algorithmArg.toStdString(), algorithm))
        return usageError(tr("--algorithm: expected auto, ring, tree, hierarchical, direct or nvls, got '%1'")
                              .arg(algorithmArg));
    double bytes = 0;
    std::string bytesError;
    // At most an exabyte: beyond that no collective is meaningful and times stop being readable.
    if (!ss::parseQuantity(bytesArg.toStdString(), ss::Unit::Bytes, bytes, &bytesError) ||
        !(bytes >= 0 && bytes <= 1e18))
        return usageError(
            tr("--bytes: expected a size in bytes from 0 to 1e18 such as 1073741824 or \"1 GiB\", got '%1'")
                .arg(bytesArg));

    ss::Topology topology;
    if (!loadTopology(topologyArg, topology))
        return kBadInput;
    ss::CommModel model;
    std::string buildError;
    if (!ss::CommModel::fromTopology(topology, model, &buildError))
        return inputError(topologyArg + QStringLiteral(": ") + QString::fromStdString(buildError));
    const ss::TopologyGraph& graph = model.graph();
    if (graph.gpus().empty())
        return inputError(topologyArg + QStringLiteral(": the topology has no GPU"));

    std::vector<int> gpus;
    if (!haveGpus) {
        gpus = graph.gpus();
    } else {
        const QStringList items = gpusArg.split(QLatin1Char(','), Qt::SkipEmptyParts);
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
            if (std::find(gpus.begin(), gpus.end(), device) != gpus.end())
                return inputError(tr("--gpus: GPU %1 is listed twice").arg(item));
            gpus.push_back(device);
        }
    }

    const ss::CollectiveResult r = model.collective(op, bytes, gpus, algorithm);
    if (!r.ok())
        return inputError(QStringLiteral("collective: ") + QString::fromStdString(r.error));

    const auto& devices = graph.devices();
    const auto& links = graph.links();
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
        const ss::Link& link = links[std::size_t(r.bottleneck_link)];
        w.beginObject();
        w.key("id");
        w.value(link.id);
        w.key("kind");
        w.value(link.kind);
        w.key("a");
        w.value(devices[std::size_t(link.a)].id);
        w.key("b");
        w.value(devices[std::size_t(link.b)].id);
        w.endObject();
    } else {
        w.null();
    }
    w.key("links");
    w.beginArray();
    for (const ss::LinkLoad& load : r.links) {
        const ss::Link& link = links[std::size_t(load.link)];
        w.beginObject();
        w.key("id");
        w.value(link.id);
        w.key("a");
        w.value(devices[std::size_t(link.a)].id);
        w.key("b");
        w.value(devices[std::size_t(link.b)].id);
        w.key("kind");
        w.value(link.kind);
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
    w.endArray();
    // Beyond the contract: the latency part, the GPUs in rank order and the channels' rings.
    w.key("alpha_s");
    w.value(r.alpha_s);
    w.key("gpus");
    w.beginArray();
    for (int d : gpus)
        w.value(devices[std::size_t(d)].id);
    w.endArray();
    w.key("rings");
    w.beginArray();
    for (const auto& ring : r.rings) {
        w.beginArray();
        for (int d : ring)
            w.value(devices[std::size_t(d)].id);
        w.endArray();
    }
    w.endArray();
    w.endObject();
    print(stdout, w.data());
    return kOk;
}


// `plan SCENARIO [--gpus N] [--top K] ...` (CONTRACT.md): the layout search of planner.h on every core.
int Cli::plan(const QStringList& args)
{
    QString source;
    QStringList sets;
    ss::PlanOptions options;
    qint64 gpus = 0;
    for (qsizetype i = 0; i < args.size(); ++i) {
        QString arg = args.at(i);
        if (arg == QLatin1String("--help") || arg == QLatin1String("-h")) {
            print(stdout, usage().toUtf8());
            return kOk;
        }
        if (arg == QLatin1String("--tp-across-nodes")) {
            options.tp_across_nodes = true;
            continue;
        }
        if (!arg.startsWith(QLatin1String("--")) || arg == QLatin1String("-")) {
            if (!source.isEmpty())
                return usageError(tr("plan takes one scenario, got '%1' and '%2'").arg(source, arg));
            source = arg;
            continue;
        }
        QString value;
        const qsizetype eq = arg.indexOf(QLatin1Char('='));
        if (eq > 0 && arg != QLatin1String("--set")) {
            value = arg.mid(eq + 1);
            arg = arg.left(eq);
        } else {
            if (i + 1 >= args.size())
                return usageError(tr("plan: %1 needs a value").arg(arg));
            value = args.at(++i);
        }
        // Whole numbers within RANGE, or a usage error naming the option.
        const auto integer = [&](qint64 lo, qint64 hi, qint64& out) {
            bool ok = false;
            out = value.toLongLong(&ok);
            return ok && out >= lo && out <= hi;
        };
        qint64 number = 0;
        if (arg == QLatin1String("--set")) {
            if (value.indexOf(QLatin1Char('=')) <= 0)
                return usageError(tr("--set expects PATH=VALUE, got '%1'").arg(value));
            sets << value;
        } else if (arg == QLatin1String("--gpus")) {
            if (!integer(1, qint64(1) << 20, gpus))
                return usageError(tr("--gpus: expected a GPU count from 1 to 1048576, got '%1'").arg(value));
        } else if (arg == QLatin1String("--top")) {
            if (!integer(1, 100000, number))
                return usageError(tr("--top: expected a count from 1 to 100000, got '%1'").arg(value));
            options.top = int(number);
        } else if (arg == QLatin1String("--threads")) {
            if (!integer(1, 1024, number))
                return usageError(tr("--threads: expected a count from 1 to 1024, got '%1'").arg(value));
            options.threads = int(number);
        } else if (arg == QLatin1String("--max-micro-batch")) {
            if (!integer(1, 1 << 20, number))
                return usageError(tr("--max-micro-batch: expected a size from 1 to 1048576, got '%1'").arg(value));
            options.max_micro_batch = number;
        } else if (arg == QLatin1String("--objective")) {
            if (!ss::planObjectiveFromName(value.toStdString(), options.objective))
                return usageError(
                    tr("--objective: expected step-time, tokens-per-gpu or memory-headroom, got '%1'").arg(value));
        } else {
            return usageError(tr("plan: unknown option '%1' (try shardscope-cli --help)").arg(arg));
        }
    }
    if (source.isEmpty())
        return usageError(tr("plan needs a scenario: a file, - for standard input, or an example id"));

    ss::Scenario scenario;
    QString label;
    if (!loadScenario(source, scenario, label))
        return kBadInput;
    for (const QString& set : std::as_const(sets)) {
        const qsizetype eq = set.indexOf(QLatin1Char('='));
        const std::string error = ss::setFieldFromText(scenario, set.left(eq).trimmed().toStdString(),
                                                       set.mid(eq + 1).toStdString());
        if (!error.empty())
            return inputError(QStringLiteral("--set: ") + QString::fromStdString(error));
    }
    options.gpus = gpus;
    const ss::PlanResult result = ss::planLayouts(scenario, options);
    if (!result.error.empty())
        return inputError(label + QStringLiteral(": ") + QString::fromStdString(result.error));

    ss::io::JsonWriter w;
    w.beginObject();
    w.key("evaluated");
    w.value(std::int64_t(result.evaluated));
    w.key("feasible");
    w.value(std::int64_t(result.feasible));
    w.key("elapsed_s");
    w.value(result.elapsed_s);
    w.key("layouts");
    w.value(std::int64_t(result.total));
    w.key("gpus");
    w.value(std::int64_t(gpus > 0 ? gpus : scenario.gpus()));
    w.key("objective");
    w.value(ss::planObjectiveName(options.objective));
    w.key("configs");
    w.beginArray();
    for (const ss::PlanCandidate& c : result.best) {
        const ss::Layout& l = c.layout;
        w.beginObject();
        w.key("parallel");
        w.beginObject();
        w.key("dp");
        w.value(std::int64_t(l.dp));
        w.key("tp");
        w.value(std::int64_t(l.tp));
        w.key("pp");
        w.value(std::int64_t(l.pp));
        w.key("sequence_parallel");
        w.value(l.sequence_parallel);
        w.key("zero_stage");
        w.value(l.zero_stage);
        w.key("schedule");
        w.value(ss::enumName(l.schedule));
        w.key("virtual_stages");
        w.value(std::int64_t(l.virtual_stages));
        w.endObject();
        w.key("training");
        w.beginObject();
        w.key("micro_batch");
        w.value(std::int64_t(l.micro_batch));
        w.key("recompute");
        w.value(ss::enumName(l.recompute));
        w.endObject();
        w.key("step_time_s");
        w.value(c.step_time_s);
        w.key("peak_gpu_bytes");
        w.value(c.peak_gpu_bytes);
        w.key("mfu");
        w.value(c.mfu);
        w.key("tokens_per_s");
        w.value(c.tokens_per_s);
        w.key("memory_headroom_bytes");
        w.value(c.capacity_bytes - c.peak_gpu_bytes);
        w.key("exposed_comm_s");
        w.value(c.exposed_comm_s);
        w.key("bubble_fraction");
        w.value(c.bubble_fraction);
        w.endObject();
    }
    w.endArray();
    w.endObject();
    print(stdout, w.data());
    return kOk;
}

} // namespace

int main(int argc, char* argv[])
{
    // export draws charts with widgets: a QApplication, always offscreen (the CLI shows no window and must
    // run without a display).
    const bool widgets = argc > 1 && std::string_view(argv[1]) == "export";
    if (widgets) {
        qputenv("QT_QPA_PLATFORM", "offscreen");
        // Qt's own notes (a missing XDG_RUNTIME_DIR, fonts) would break the one-line error contract.
        qInstallMessageHandler([](QtMsgType type, const QMessageLogContext&, const QString& message) {
            if (type == QtCriticalMsg || type == QtFatalMsg)
                std::fprintf(stderr, "shardscope-cli: %s\n", qPrintable(message));
        });
    }
    std::unique_ptr<QCoreApplication> application;
    if (widgets)
        application = std::make_unique<QApplication>(argc, argv);
    else
        application = std::make_unique<QCoreApplication>(argc, argv);
    QCoreApplication::setApplicationName(QStringLiteral("shardscope-cli"));
    QCoreApplication::setApplicationVersion(QStringLiteral(SHARDSCOPE_VERSION));
    try {
        return Cli(QCoreApplication::arguments()).run();
    } catch (const std::exception& e) {
        // Not expected (the engine does not throw); a message beats an abort.
        std::fprintf(stderr, "shardscope-cli: internal error: %s\n", e.what());
        return kBadInput;
    }
}
