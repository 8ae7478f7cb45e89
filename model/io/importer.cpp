// SPDX-License-Identifier: GPL-3.0-or-later
#include "importer.h"

#include "calibration.h"
#include "presets.h"

#include "deepspeedimport.h"
#include "fields.h"
#include "hfconfigimport.h"
#include "importsupport.h"
#include "jsonwriter.h"
#include "nccltestsimport.h"
#include "nccltopoimport.h"
#include "scenariojson.h"
#include "smitopoimport.h"
#include "workload.h"

#include <QCoreApplication>
#include <QJsonDocument>
#include <QJsonObject>

#include <algorithm>
#include <cmath>

namespace ss::io {

namespace {

class Text
{
    Q_DECLARE_TR_FUNCTIONS(ss::io::Import)
};

struct KindName
{
    ImportKind kind;
    const char* name;
};
constexpr KindName kKindNames[] = {{ImportKind::HfConfig, "hf-config"},
                                   {ImportKind::DeepSpeed, "deepspeed"},
                                   {ImportKind::NvidiaSmiTopo, "nvidia-smi-topo"},
                                   {ImportKind::NcclTopo, "nccl-topo"},
                                   {ImportKind::NcclTests, "nccl-tests"}};

bool anyKey(const QJsonObject& o, std::initializer_list<const char*> keys)
{
    for (const char* k : keys)
        if (o.contains(QLatin1String(k)))
            return true;
    return false;
}

// A JSON file that does not parse is still recognised by its keys, so that its reader can say where it broke.
ImportKind guessBrokenJson(const QByteArray& text)
{
    if (text.contains("\"nccl_version\"") || (text.contains("\"results\"") && text.contains("\"alg_bw\"")))
        return ImportKind::NcclTests;
    if (text.contains("\"model_type\"") || text.contains("\"architectures\"") ||
        text.contains("\"n_embd\"") || text.contains("\"num_hidden_layers\"") ||
        text.contains("\"peft_type\""))
        return ImportKind::HfConfig;
    if (text.contains("\"zero_optimization\"") || text.contains("\"train_batch_size\"") ||
        text.contains("\"train_micro_batch_size_per_gpu\""))
        return ImportKind::DeepSpeed;
    return ImportKind::Auto;
}

std::size_t fieldOrder(const std::string& path)
{
    const auto& table = scenarioFields();
    for (std::size_t i = 0; i < table.size(); ++i)
        if (table[i].path == path)
            return i;
    // cluster.topology goes after the cluster's scalar fields, before compute.
    if (path == "cluster.topology") {
        std::size_t last = 0;
        for (std::size_t i = 0; i < table.size(); ++i)
            if (table[i].path.compare(0, 8, "cluster.") == 0)
                last = i;
        return last + 1;
    }
    return table.size() + 1;
}

void writeCalibration(JsonWriter& w, const Calibration& c)
{
    w.beginObject();
    w.member("op", c.op);
    w.member("ranks", c.ranks);
    w.member("alpha_s", c.fit.alpha_s);
    w.member("beta_s_per_byte", c.fit.beta_s_per_byte);
    w.member("fit_r2", c.fit.r2);
    w.key("points");
    w.beginArray();
    for (const CalibrationPoint& p : c.fit.points) {
        w.beginObject();
        w.member("bytes", p.bytes);
        w.member("measured_s", p.measured_s);
        w.member("predicted_s", p.predicted_s);
        w.endObject();
    }
    w.endArray();
    // Beyond the contract: the bandwidths the fit implies for large messages (nccl-tests' algbw and busbw).
    w.member("algbw_Bps", c.fit.beta_s_per_byte > 0 ? 1.0 / c.fit.beta_s_per_byte : 0.0);
    w.member("busbw_Bps", c.busbw_Bps);
    w.endObject();
}

// The lines applyImport() adds to the caller's notes, each naming the file.
struct ImportNotes
{
    QString fileName;
    QStringList* notes;
    void operator()(const QString& message) const
    {
        if (notes)
            *notes << detail::locatedMessage(fileName, {}, message, detail::Wording::Import);
    }
};

QString calibrationNote(const Calibration& c, const CalibrationApplied& applied)
{
    if (applied.link_kind.empty())
        return Text::tr("%1 on %2 GPUs already matches the measured bus bandwidth (%3 GB/s)")
            .arg(QString::fromStdString(c.op))
            .arg(c.ranks)
            .arg(applied.busbw_measured / 1e9, 0, 'f', 1);
    return Text::tr("%1 on %2 GPUs: efficiency of the %3 links %4 -> %5, modelled bus bandwidth %6 -> %7 "
                    "GB/s (measured %8 GB/s)%9")
        .arg(QString::fromStdString(c.op))
        .arg(c.ranks)
        .arg(QString::fromStdString(applied.link_kind))
        .arg(applied.efficiency_before, 0, 'f', 3)
        .arg(applied.efficiency_after, 0, 'f', 3)
        .arg(applied.busbw_model_before / 1e9, 0, 'f', 1)
        .arg(applied.busbw_model_after / 1e9, 0, 'f', 1)
        .arg(applied.busbw_measured / 1e9, 0, 'f', 1)
        .arg(applied.clamped ? Text::tr("; clamped, the links cannot reach it") : QString());
}

// The measured bus bandwidth sets the efficiency of the link kind that bounds the collective on this
// scenario's topology, which becomes explicit (engine: applyCalibration).
bool applyCalibrations(const ImportResult& result, Scenario& scenario, const ImportNotes& note,
                       QString* error)
{
    const auto fail = [&](const QString& message) {
        if (error)
            *error = detail::locatedMessage(result.fileName, {}, message, detail::Wording::Import);
        return false;
    };
    Topology topology;
    std::string why;
    if (scenario.cluster.topology)
        topology = *scenario.cluster.topology;
    else if (!scenarioTopology(scenario, topology, &why))
        return fail(QString::fromStdString(why));
    bool changed = false;
    for (const Calibration& c : result.calibrations) {
        const CalibrationApplied applied = applyCalibration(topology, c);
        if (!applied.error.empty())
            return fail(Text::tr("cannot apply the %1 calibration: %2")
                            .arg(QString::fromStdString(c.op), QString::fromStdString(applied.error)));
        changed |= !applied.link_kind.empty() && applied.efficiency_after != applied.efficiency_before;
        note(calibrationNote(c, applied));
    }
    if (changed) // else the generated topology stays implicit
        scenario.cluster.topology = std::move(topology);
    return true;
}

// The imported node replaces the cluster; the parallel layout P must still cover its GPUS.
void coverImportedTopology(ParallelSpec& p, std::int64_t gpus, const ImportNotes& note)
{
    p.tp = std::max<std::int64_t>(p.tp, 1);
    p.pp = std::max<std::int64_t>(p.pp, 1);
    if (p.dp * p.tp * p.pp == gpus)
        return;
    if (gpus % (p.tp * p.pp) == 0) {
        p.dp = gpus / (p.tp * p.pp);
        note(Text::tr("parallel.dp set to %1 so that dp × tp × pp covers the %2 GPUs of the imported "
                      "topology")
                 .arg(p.dp)
                 .arg(gpus));
        return;
    }
    note(Text::tr("tp %1 × pp %2 does not divide the %3 GPUs of the imported topology: the layout is "
                  "now pure data parallelism (dp %3)")
             .arg(p.tp)
             .arg(p.pp)
             .arg(gpus));
    p.tp = 1;
    p.pp = 1;
    p.dp = gpus;
}

// The paths a written import adds so that the file evaluates as it is: a file reads back with the format's
// defaults (dp × tp × pp = 1) around what it determines, which no cluster of more than one GPU accepts. The
// layout becomes data parallelism over every GPU of the (imported or default) cluster, and the global batch
// the next multiple of dp × micro_batch when it is not one. WRITTEN receives the values, NOTE says so.
void completeLayout(const ImportResult& result, std::vector<std::string>& paths, Scenario& written,
                    const ImportNotes& note)
{
    Scenario back;
    if (!readScenario(writeScenarioPaths(paths, written), back, nullptr, {}, ReadCheck::FieldsOnly))
        return; // the writer's own output always reads back; nothing to complete otherwise
    ParallelSpec& p = back.parallel;
    TrainingSpec& t = back.training;
    const std::int64_t gpus = back.gpus();
    if (gpus < 1 || p.dp < 1 || t.micro_batch < 1)
        return;
    if (p.dp * p.tp * p.pp != gpus) {
        if (gpus % (p.tp * p.pp) != 0 || result.determines("cluster.topology")) {
            p.tp = 1;
            p.pp = 1;
        }
        p.dp = gpus / (p.tp * p.pp);
        for (const char* path : {"parallel.dp", "parallel.tp", "parallel.pp"})
            paths.push_back(path);
        note(
            Text::tr("the written scenario sets parallel.dp %1 × tp %2 × pp %3 to cover the %4 GPUs, so that "
                     "it evaluates as it is")
                .arg(p.dp)
                .arg(p.tp)
                .arg(p.pp)
                .arg(gpus));
    }
    if (t.global_batch % (p.dp * t.micro_batch) != 0) {
        const std::int64_t step = p.dp * t.micro_batch;
        const std::int64_t batch = (t.global_batch / step + 1) * step;
        note(Text::tr("the written scenario sets training.global_batch %1 (was %2), a multiple of dp × "
                      "micro_batch = %3")
                 .arg(batch)
                 .arg(t.global_batch)
                 .arg(step));
        t.global_batch = batch;
        paths.push_back("training.global_batch");
    }
    written.parallel.dp = p.dp;
    written.parallel.tp = p.tp;
    written.parallel.pp = p.pp;
    written.training.global_batch = t.global_batch;
    std::stable_sort(paths.begin(), paths.end(), [](const std::string& a, const std::string& b) {
        return fieldOrder(a) < fieldOrder(b);
    });
    paths.erase(std::unique(paths.begin(), paths.end()), paths.end());
    if (const QString problem = scenarioProblem(back); !problem.isEmpty())
        note(Text::tr("the written scenario does not evaluate yet: %1").arg(problem));
}

} // namespace

bool ImportResult::determines(std::string_view path) const
{
    return std::find(fields.begin(), fields.end(), path) != fields.end();
}

QString importKindName(ImportKind kind)
{
    for (const KindName& k : kKindNames)
        if (k.kind == kind)
            return QLatin1String(k.name);
    return QStringLiteral("auto");
}

bool importKindFromName(const QString& name, ImportKind& out)
{
    if (name == QLatin1String("auto")) {
        out = ImportKind::Auto;
        return true;
    }
    for (const KindName& k : kKindNames) {
        if (name == QLatin1String(k.name)) {
            out = k.kind;
            return true;
        }
    }
    return false;
}

const std::vector<ImportKind>& importKinds()
{
    static const std::vector<ImportKind> kinds = [] {
        std::vector<ImportKind> list;
        for (const KindName& k : kKindNames)
            list.push_back(k.kind);
        return list;
    }();
    return kinds;
}

ImportKind detectImportKind(const QByteArray& input)
{
    QByteArray data = input;
    if (data.startsWith("\xEF\xBB\xBF"))
        data.remove(0, 3);
    const QByteArray head = data.trimmed();
    if (head.startsWith('{')) {
        const QJsonDocument document = QJsonDocument::fromJson(data);
        if (!document.isObject())
            return guessBrokenJson(head);
        const QJsonObject root = document.object();
        if (root.value(QLatin1String("format")).toString().startsWith(QLatin1String("shardscope-")))
            return ImportKind::Auto;
        if (looksLikeNcclTestsJson(root))
            return ImportKind::NcclTests;
        // A PEFT adapter_config.json is read by the Hugging Face reader too (training.lora_*).
        if (anyKey(root, {"model_type", "architectures", "hidden_size", "n_embd", "num_hidden_layers",
                          "text_config", "peft_type"}))
            return ImportKind::HfConfig;
        if (anyKey(root, {"zero_optimization", "train_batch_size", "train_micro_batch_size_per_gpu",
                          "gradient_accumulation_steps", "fp16", "bf16", "optimizer"}))
            return ImportKind::DeepSpeed;
        return ImportKind::Auto;
    }
    if (head.startsWith('<'))
        return head.contains("<system") ? ImportKind::NcclTopo : ImportKind::Auto;
    if (looksLikeSmiTopo(data))
        return ImportKind::NvidiaSmiTopo;
    if (looksLikeNcclTestsLog(data))
        return ImportKind::NcclTests;
    return ImportKind::Auto;
}

bool importData(const QByteArray& data, ImportKind kind, ImportResult& out, QString* error,
                const QString& fileName, const ImportOptions& options)
{
    const auto fail = [&](const QString& message) {
        if (error)
            *error = detail::locatedMessage(fileName, {}, message, detail::Wording::Import);
        return false;
    };
    if (data.trimmed().isEmpty() || data.trimmed() == "\xEF\xBB\xBF")
        return fail(Text::tr("the file is empty"));
    if (kind == ImportKind::Auto) {
        kind = detectImportKind(data);
        if (kind == ImportKind::Auto) {
            if (data.contains("\"shardscope-scenario\"") || data.contains("\"shardscope-topology\""))
                return fail(Text::tr("a ShardScope file: open it rather than import it"));
            return fail(
                Text::tr("cannot tell what this file is; expected a Hugging Face config.json, a DeepSpeed "
                         "config, `nvidia-smi topo -m` output, an NCCL topology dump or nccl-tests output "
                         "(name the kind to import it as one)"));
        }
    }
    ImportResult r;
    r.kind = kind;
    r.fileName = fileName;
    r.scenario = defaultScenario();
    bool ok = false;
    switch (kind) {
    case ImportKind::HfConfig:
        ok = importHfConfig(data, fileName, options, r, error);
        break;
    case ImportKind::DeepSpeed:
        ok = importDeepSpeed(data, fileName, r, error);
        break;
    case ImportKind::NvidiaSmiTopo:
        ok = importSmiTopo(data, fileName, r, error);
        break;
    case ImportKind::NcclTopo:
        ok = importNcclTopo(data, fileName, r, error);
        break;
    case ImportKind::NcclTests:
        ok = importNcclTests(data, fileName, options, r, error);
        break;
    case ImportKind::Auto:
        break;
    }
    if (!ok)
        return false;
    // The field table's order, each path once: the order the scenario file writes them in.
    std::stable_sort(r.fields.begin(), r.fields.end(), [](const std::string& a, const std::string& b) {
        return fieldOrder(a) < fieldOrder(b);
    });
    r.fields.erase(std::unique(r.fields.begin(), r.fields.end()), r.fields.end());
    out = std::move(r);
    return true;
}

bool importFile(const QString& fileName, ImportKind kind, ImportResult& out, QString* error,
                const ImportOptions& options)
{
    QByteArray data;
    if (!detail::readImportFile(fileName, data, error))
        return false;
    return importData(data, kind, out, error, fileName, options);
}

bool applyImport(const ImportResult& result, Scenario& scenario, QStringList* notes, QString* error)
{
    ImportNotes note{result.fileName, notes};
    if (result.isCalibration())
        return applyCalibrations(result, scenario, note, error);
    Scenario s = scenario;
    for (const std::string& path : result.fields) {
        if (path == "cluster.topology") {
            s.cluster.topology = result.scenario.cluster.topology;
            continue;
        }
        if (path == "model.params" && result.scenario.model.kind == ModelKind::Transformer)
            continue; // derived
        const FieldInfo* field = findField(path);
        if (!field)
            continue;
        const std::string why = field->set(s, field->get(result.scenario));
        if (!why.empty()) {
            if (error)
                *error = detail::locatedMessage(result.fileName, QString::fromStdString(path),
                                                QString::fromStdString(why), detail::Wording::Import);
            return false;
        }
    }
    if (result.kind == ImportKind::DeepSpeed)
        applyDeepSpeedBatch(result.batch, result.fileName, s, notes);
    if (result.determines("cluster.topology"))
        coverImportedTopology(s.parallel, s.gpus(), note);
    const QString problem = scenarioProblem(s);
    if (!problem.isEmpty())
        note(Text::tr("the scenario does not evaluate yet: %1").arg(problem));
    scenario = std::move(s);
    return true;
}

QByteArray writeImportResult(const ImportResult& result, QStringList* notes)
{
    if (!result.isCalibration()) {
        std::vector<std::string> paths = result.fields;
        Scenario written = result.scenario;
        completeLayout(result, paths, written, ImportNotes{result.fileName, notes});
        return writeScenarioPaths(paths, written);
    }
    JsonWriter w;
    w.beginObject();
    w.key("calibration");
    if (result.calibrations.empty())
        w.null();
    else
        writeCalibration(w, result.calibrations.front());
    if (result.calibrations.size() > 1) {
        w.key("calibrations");
        w.beginArray();
        for (const Calibration& c : result.calibrations)
            writeCalibration(w, c);
        w.endArray();
    }
    w.endObject();
    return w.data();
}

} // namespace ss::io
