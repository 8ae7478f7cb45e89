// SPDX-License-Identifier: GPL-3.0-or-later
#include "compare.h"

#include <algorithm>
#include <cmath>
#include <cstdlib>

namespace ss {

namespace {

// Stage fields, in the memory chart's stacking order (docs/formats.md, "Result of eval": memory.per_gpu).
struct StageField
{
    const char* name;
    double StageMemory::*member;
    const char* label;
};
constexpr StageField stageFields[] = {
    {"params", &StageMemory::params, "parameters"},
    {"grads", &StageMemory::grads, "gradients"},
    {"optimizer", &StageMemory::optimizer, "optimizer states"},
    {"activations", &StageMemory::activations, "activations"},
    {"buffers", &StageMemory::buffers, "buffers"},
    {"total", &StageMemory::total, "total"},
};
constexpr const char* stagePrefix = "memory.per_gpu[";

// A headline figure's value in RESULT and whether RESULT has it: the step's figures are zero until the step
// simulator has run (result.h), and zero there means "not computed", not "free".
struct Value
{
    double value = 0;
    bool present = true;
};

Value headlineValue(const Result& r, const std::string& id)
{
    const bool simulated = r.step.time_s > 0;
    if (id.rfind("step.", 0) == 0) {
        Value v{0, simulated};
        if (id == "step.time_s")
            v.value = r.step.time_s;
        else if (id == "step.tokens_per_s")
            v.value = r.step.tokens_per_s;
        else if (id == "step.mfu")
            v.value = r.step.mfu;
        else if (id == "step.hfu")
            v.value = r.step.hfu;
        else if (id == "step.bubble_fraction")
            v.value = r.step.bubble_fraction;
        else if (id == "step.exposed_comm_s")
            v.value = r.step.exposed_comm_s;
        else if (id == "step.compute_s")
            v.value = r.step.compute_s;
        return v;
    }
    if (id == "memory.peak_gpu_bytes")
        return {r.memory.peak_gpu_bytes};
    if (id == "memory.cpu_bytes_per_node")
        return {r.memory.cpu_bytes_per_node};
    if (id == "memory.nvme_bytes_per_node")
        return {r.memory.nvme_bytes_per_node};
    if (id == "compute.model_flops_per_step")
        return {r.compute.model_flops_per_step};
    if (id == "compute.hardware_flops_per_step")
        return {r.compute.hardware_flops_per_step};
    if (id == "params_total")
        return {r.params_total};
    if (id == "gpus")
        return {static_cast<double>(r.gpus)};
    if (id == "microbatches")
        return {static_cast<double>(r.microbatches)};
    return {0, false};
}

std::string stageId(std::size_t stage, const char* field)
{
    return stagePrefix + std::to_string(stage) + "]." + field;
}

} // namespace

const std::vector<FigureSpec>& comparedFigures()
{
    // HFU has no better direction: recompute raises it while the step gets slower (Korthikanti et al. §5).
    // Hardware FLOPs likewise: fewer is cheaper only for the same model.
    static const std::vector<FigureSpec> figures = {
        {"step.time_s", Unit::Seconds, Better::Lower, "step time"},
        {"step.tokens_per_s", Unit::Count, Better::Higher, "tokens per second"},
        {"step.mfu", Unit::Fraction, Better::Higher, "MFU"},
        {"step.hfu", Unit::Fraction, Better::Neither, "HFU"},
        {"step.bubble_fraction", Unit::Fraction, Better::Lower, "bubble fraction"},
        {"step.exposed_comm_s", Unit::Seconds, Better::Lower, "exposed communication"},
        {"step.compute_s", Unit::Seconds, Better::Lower, "compute time"},
        {"memory.peak_gpu_bytes", Unit::Bytes, Better::Lower, "peak memory per GPU"},
        {"memory.cpu_bytes_per_node", Unit::Bytes, Better::Lower, "host memory per node"},
        {"memory.nvme_bytes_per_node", Unit::Bytes, Better::Lower, "NVMe per node"},
        {"compute.model_flops_per_step", Unit::Flops, Better::Neither, "model FLOPs per step"},
        {"compute.hardware_flops_per_step", Unit::Flops, Better::Neither, "hardware FLOPs per step"},
        {"params_total", Unit::Count, Better::Neither, "parameters"},
        {"gpus", Unit::Count, Better::Neither, "GPUs"},
        {"microbatches", Unit::Count, Better::Neither, "microbatches"},
    };
    return figures;
}

std::optional<FigureSpec> figureSpec(const std::string& id)
{
    for (const FigureSpec& spec : comparedFigures())
        if (spec.id == id)
            return spec;
    // memory.per_gpu[N].FIELD
    const std::string prefix = stagePrefix;
    if (id.rfind(prefix, 0) != 0)
        return std::nullopt;
    const std::size_t close = id.find("].", prefix.size());
    if (close == std::string::npos || close == prefix.size())
        return std::nullopt;
    for (std::size_t i = prefix.size(); i < close; ++i)
        if (id[i] < '0' || id[i] > '9')
            return std::nullopt;
    const std::string field = id.substr(close + 2);
    for (const StageField& f : stageFields)
        if (field == f.name)
            return FigureSpec{id, Unit::Bytes, Better::Lower,
                              "stage " + id.substr(prefix.size(), close - prefix.size()) + " " + f.label};
    return std::nullopt;
}

FigureDelta compareFigure(const FigureSpec& spec, double baseline, double current, bool inBaseline,
                          bool inCurrent)
{
    FigureDelta d;
    d.id = spec.id;
    d.unit = spec.unit;
    d.better = spec.better;
    d.baseline = inBaseline ? baseline : 0;
    d.current = inCurrent ? current : 0;
    d.in_baseline = inBaseline;
    d.in_current = inCurrent;
    if (!inBaseline || !inCurrent || !std::isfinite(baseline) || !std::isfinite(current)) {
        d.verdict = inBaseline == inCurrent && baseline == current ? Verdict::Same : Verdict::Neutral;
        return d;
    }
    d.delta = current - baseline;
    if (baseline != 0)
        d.relative = d.delta / std::fabs(baseline);
    // Equal up to the last bits: an edit that changes nothing must not read as a gain or a loss.
    const double noise = 1e-9 * std::max(std::fabs(baseline), std::fabs(current));
    if (std::fabs(d.delta) <= noise) {
        d.verdict = Verdict::Same;
        return d;
    }
    switch (spec.better) {
    case Better::Lower:
        d.verdict = d.delta < 0 ? Verdict::Better : Verdict::Worse;
        break;
    case Better::Higher:
        d.verdict = d.delta > 0 ? Verdict::Better : Verdict::Worse;
        break;
    case Better::Neither:
        d.verdict = Verdict::Neutral;
        break;
    }
    return d;
}

std::vector<FigureDelta> compareResults(const Result& baseline, const Result& current)
{
    std::vector<FigureDelta> deltas;
    for (const FigureSpec& spec : comparedFigures()) {
        const Value b = headlineValue(baseline, spec.id);
        const Value c = headlineValue(current, spec.id);
        deltas.push_back(compareFigure(spec, b.value, c.value, b.present, c.present));
    }
    const auto& bStages = baseline.memory.per_gpu;
    const auto& cStages = current.memory.per_gpu;
    if (bStages.size() == cStages.size()) {
        for (std::size_t s = 0; s < cStages.size(); ++s) {
            for (const StageField& field : stageFields) {
                const std::optional<FigureSpec> spec = figureSpec(stageId(s, field.name));
                deltas.push_back(compareFigure(*spec, bStages[s].*field.member, cStages[s].*field.member));
            }
        }
    }
    return deltas;
}

const FigureDelta* findDelta(const std::vector<FigureDelta>& deltas, const std::string& id)
{
    const auto it =
        std::find_if(deltas.begin(), deltas.end(), [&id](const FigureDelta& d) { return d.id == id; });
    return it == deltas.end() ? nullptr : &*it;
}

} // namespace ss
