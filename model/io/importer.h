// SPDX-License-Identifier: GPL-3.0-or-later
// Importers (docs/formats.md, "`shardscope-cli import`"): the files users already have,
// read into what a scenario needs. A Hugging Face config.json gives the model section, a DeepSpeed config the
// training recipe and ZeRO settings, `nvidia-smi topo -m` and an NCCL topology dump a node's topology, and
// nccl-tests output an alpha-beta calibration of one collective. Every error is one line naming the file and
// the line or JSON path; nothing a file holds can crash a reader.
//
// The GUI imports in two steps, so that a failed import changes nothing and a good one is one undo step:
// importFile() reads the file into an ImportResult (nothing changes yet; the result says what it determines
// and can be previewed), then applyImport() makes the new scenario value the document replaces its own with.
#pragma once

#include "calibration.h"
#include "scenario.h"

#include <QByteArray>
#include <QString>
#include <QStringList>

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace ss::io {

enum class ImportKind
{
    Auto, // detected from the content (detectImportKind)
    HfConfig,
    DeepSpeed,
    NvidiaSmiTopo,
    NcclTopo,
    NcclTests
};

// The names of docs/formats.md: "hf-config", "deepspeed", "nvidia-smi-topo", "nccl-topo", "nccl-tests";
// "auto".
QString importKindName(ImportKind kind);
bool importKindFromName(const QString& name, ImportKind& out);
// The five kinds a file can be (not Auto), in the order of docs/formats.md.
const std::vector<ImportKind>& importKinds();

// DeepSpeed's batch keys as the file gives them (0: absent or "auto"). train_batch_size =
// train_micro_batch_size_per_gpu × gradient_accumulation_steps × dp, so which scenario fields they fix can
// depend on the data-parallel size of the scenario they are applied to.
struct DeepSpeedBatch
{
    std::int64_t train_batch = 0;
    std::int64_t micro_batch = 0;
    std::int64_t grad_accum = 0;
    bool any() const { return train_batch > 0 || micro_batch > 0 || grad_accum > 0; }
    bool operator==(const DeepSpeedBatch&) const = default;
};

struct ImportOptions
{
    // nccl-tests: the collective ("allreduce", "all_reduce" or "all_reduce_perf") when the log does not name
    // it.
    QString op;
    // hf-config: read a config whose model_type the importer does not know (or that has none) by the keys
    // most configurations share, with a warning to check the parameter count, instead of refusing it.
    bool hf_common_keys = false;
};

struct ImportResult
{
    ImportKind kind = ImportKind::Auto;
    QString fileName;
    // defaultScenario() with everything the file determines set; only the fields listed in `fields` come from
    // the file.
    Scenario scenario;
    // The dotted field paths (fields.h) the file determines, in the field table's order, plus
    // "cluster.topology" when it gives a topology.
    std::vector<std::string> fields;
    DeepSpeedBatch batch; // deepspeed: resolved against the target's dp by applyImport()
    // nccl-tests: one calibration per collective in the file (usually one). Empty for the other kinds.
    std::vector<Calibration> calibrations;
    // Things the reader assumed or could not represent exactly, one line each ("FILE: ...").
    QStringList warnings;
    // One line saying what the file holds, for a preview and an undo text: "Llama model: 32 layers, ...".
    QString summary;
    // hf-config: the parameter count of the architecture as published (the model's own layout), which the
    // engine's count equals unless a warning says why not.
    double architecture_params = 0;
    // hf-config: the parameters one token passes through (the router's top-k experts and the shared ones
    // instead of all experts); 0 when the engine does not count them.
    double architecture_active_params = 0;

    bool isCalibration() const { return kind == ImportKind::NcclTests; }
    bool determines(std::string_view path) const;
};

// The kind of DATA by its content; Auto when it looks like none of them.
ImportKind detectImportKind(const QByteArray& data);

// Reads DATA as KIND (Auto: detected) into OUT. On failure returns false, leaves OUT untouched and sets
// *ERROR to one line "FILE: line 12: ..." / "FILE: zero_optimization.stage: ...". FILE_NAME only names the
// file in messages and results.
bool importData(const QByteArray& data, ImportKind kind, ImportResult& out, QString* error,
                const QString& fileName = {}, const ImportOptions& options = {});
bool importFile(const QString& fileName, ImportKind kind, ImportResult& out, QString* error,
                const ImportOptions& options = {});

// Applies RESULT to SCENARIO as one change: the determined fields are copied, an imported topology replaces
// the cluster (one node of its GPUs; dp is adjusted when dp × tp × pp no longer matches), and DeepSpeed's
// batch keys are resolved against SCENARIO's dp. *NOTES receives one line per adjustment made or problem
// left. A calibration changes no scenario field: it returns false with *ERROR saying so and leaves SCENARIO
// untouched (calibrations are applied to a link class, not a field).
bool applyImport(const ImportResult& result, Scenario& scenario, QStringList* notes, QString* error);

// What `shardscope-cli import` prints: a scenario JSON with the determined fields (sections the file says
// nothing about are absent) plus what it needs to evaluate as it is: the parallel layout covering its GPUs
// (dp × tp × pp; data parallelism over all of them) and a global batch that dp × micro_batch divides, each
// with a line in *NOTES; or for nccl-tests {"calibration": {...}} (docs/formats.md), plus
// "calibrations": [...] when the file holds more than one collective.
QByteArray writeImportResult(const ImportResult& result, QStringList* notes = nullptr);

} // namespace ss::io
