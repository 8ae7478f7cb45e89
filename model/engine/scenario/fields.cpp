// SPDX-License-Identifier: GPL-3.0-or-later
#include "fields.h"

#include "gpucatalog.h"
#include "nodeshapes.h"

#include <algorithm>
#include <array>
#include <charconv>
#include <cmath>
#include <cstdio>
#include <type_traits>
#include <utility>

namespace ss {

namespace {

// ---- enum names ---------------------------------------------------------------------------------

template <class E, std::size_t N> using NameTable = std::array<std::pair<E, const char*>, N>;

constexpr NameTable<ModelKind, 2> kModelKinds{
    {{ModelKind::Transformer, "transformer"}, {ModelKind::Params, "params"}}};
constexpr NameTable<FfnKind, 2> kFfnKinds{{{FfnKind::Gelu, "gelu"}, {FfnKind::Swiglu, "swiglu"}}};
constexpr NameTable<PositionEmbedding, 2> kPositions{
    {{PositionEmbedding::Learned, "learned"}, {PositionEmbedding::Rotary, "rotary"}}};
constexpr NameTable<NormKind, 2> kNorms{{{NormKind::LayerNorm, "layernorm"}, {NormKind::RmsNorm, "rmsnorm"}}};
constexpr NameTable<BiasKind, 3> kBiases{
    {{BiasKind::All, "all"}, {BiasKind::None, "none"}, {BiasKind::Qkv, "qkv"}}};
constexpr NameTable<Precision, 5> kPrecisions{{{Precision::Bf16Mixed, "bf16-mixed"},
                                               {Precision::Fp16Mixed, "fp16-mixed"},
                                               {Precision::Fp32, "fp32"},
                                               {Precision::Bf16, "bf16"},
                                               {Precision::Fp8Mixed, "fp8-mixed"}}};
constexpr NameTable<Optimizer, 6> kOptimizers{{{Optimizer::Adam, "adam"},
                                               {Optimizer::Adam8bit, "adam-8bit"},
                                               {Optimizer::AdamBf16, "adam-bf16"},
                                               {Optimizer::Sgd, "sgd"},
                                               {Optimizer::SgdMomentum, "sgd-momentum"},
                                               {Optimizer::Adafactor, "adafactor"}}};
constexpr NameTable<Recompute, 3> kRecomputes{
    {{Recompute::None, "none"}, {Recompute::Selective, "selective"}, {Recompute::Full, "full"}}};
constexpr NameTable<Offload, 3> kOffloads{
    {{Offload::None, "none"}, {Offload::Cpu, "cpu"}, {Offload::Nvme, "nvme"}}};
constexpr NameTable<Schedule, 4> kSchedules{{{Schedule::GPipe, "gpipe"},
                                             {Schedule::OneFOneB, "1f1b"},
                                             {Schedule::Interleaved, "interleaved"},
                                             {Schedule::ZbH1, "zb-h1"}}};
constexpr NameTable<AttentionKind, 3> kAttentions{
    {{AttentionKind::Mha, "mha"}, {AttentionKind::Gqa, "gqa"}, {AttentionKind::Mla, "mla"}}};
constexpr NameTable<Fp8Recipe, 4> kFp8Recipes{{{Fp8Recipe::Tensor, "tensor"},
                                               {Fp8Recipe::Block, "block"},
                                               {Fp8Recipe::Mxfp8, "mxfp8"},
                                               {Fp8Recipe::Nvfp4, "nvfp4"}}};
constexpr NameTable<CrossEntropy, 2> kCrossEntropies{
    {{CrossEntropy::Fused, "fused"}, {CrossEntropy::Pytorch, "pytorch"}}};
constexpr NameTable<AttentionKernel, 4> kAttentionKernels{
    {{AttentionKernel::Auto, "auto"},
     {AttentionKernel::Flash2, "flash2"},
     {AttentionKernel::Flash3, "flash3"},
     {AttentionKernel::MemoryEfficient, "memory-efficient"}}};
constexpr NameTable<CpComm, 2> kCpComms{{{CpComm::P2p, "p2p"}, {CpComm::AllGather, "allgather"}}};
constexpr NameTable<EpDispatcher, 2> kEpDispatchers{
    {{EpDispatcher::AllToAll, "alltoall"}, {EpDispatcher::DeepEp, "deepep"}}};
constexpr NameTable<DpSync, 2> kDpSyncs{
    {{DpSync::AllReduce, "allreduce"}, {DpSync::ParameterServer, "parameter-server"}}};
constexpr NameTable<TrainingMethod, 3> kMethods{
    {{TrainingMethod::Full, "full"}, {TrainingMethod::Lora, "lora"}, {TrainingMethod::Qlora, "qlora"}}};
constexpr NameTable<QuantType, 2> kQuantTypes{{{QuantType::Nf4, "nf4"}, {QuantType::Fp4, "fp4"}}};
// LoRA's targets by name (docs/formats.md, training.lora_targets), in bit order.
constexpr std::array<std::pair<std::uint32_t, const char*>, 10> kLoraTargetNames{{{kLoraQ, "q"},
                                                                                  {kLoraK, "k"},
                                                                                  {kLoraV, "v"},
                                                                                  {kLoraO, "o"},
                                                                                  {kLoraGate, "gate"},
                                                                                  {kLoraUp, "up"},
                                                                                  {kLoraDown, "down"},
                                                                                  {kLoraExperts, "experts"},
                                                                                  {kLoraEmbed, "embed"},
                                                                                  {kLoraHead, "head"}}};

template <class E, std::size_t N> const char* nameIn(const NameTable<E, N>& table, E value)
{
    for (const auto& [v, name] : table)
        if (v == value)
            return name;
    return "";
}

template <class E, std::size_t N> bool valueIn(const NameTable<E, N>& table, std::string_view name, E& out)
{
    for (const auto& [v, n] : table) {
        if (name == n) {
            out = v;
            return true;
        }
    }
    return false;
}

template <class E, std::size_t N> std::vector<std::string> namesOf(const NameTable<E, N>& table)
{
    std::vector<std::string> names;
    for (const auto& entry : table)
        names.emplace_back(entry.second);
    return names;
}

// ---- text helpers -------------------------------------------------------------------------------

std::string_view trim(std::string_view text)
{
    const auto space = [](char c) { return c == ' ' || c == '\t' || c == '\n' || c == '\r'; };
    while (!text.empty() && space(text.front()))
        text.remove_prefix(1);
    while (!text.empty() && space(text.back()))
        text.remove_suffix(1);
    return text;
}

std::string quoted(std::string_view text)
{
    std::string out = "\"";
    out += text;
    out += '"';
    return out;
}

std::string joined(const std::vector<std::string>& items)
{
    std::string out;
    for (std::size_t i = 0; i < items.size(); ++i) {
        if (i > 0)
            out += ", ";
        out += items[i];
    }
    return out;
}

// Integers print without an exponent as long as a double holds them exactly.
std::string numberText(double value)
{
    if (std::isfinite(value) && value == std::floor(value) && std::fabs(value) < 9.007199254740992e15) {
        char buffer[32];
        std::snprintf(buffer, sizeof buffer, "%.0f", value);
        return buffer;
    }
    return shortestNumberText(value);
}

const char* noun(Unit unit)
{
    switch (unit) {
    case Unit::None:
        return "a number";
    case Unit::Count:
        return "a count";
    case Unit::Bytes:
        return "a size in bytes";
    case Unit::BytesPerSecond:
        return "a bandwidth in B/s";
    case Unit::Seconds:
        return "a time in seconds";
    case Unit::Flops:
        return "an amount of FLOP";
    case Unit::FlopsPerSecond:
        return "a rate in FLOP/s";
    case Unit::Fraction:
        return "a fraction";
    }
    return "a number";
}

std::string rangeText(const FieldInfo& field)
{
    if (field.minExclusive)
        return "greater than " + numberText(field.min) + " and at most " + numberText(field.max);
    return "from " + numberText(field.min) + " to " + numberText(field.max);
}

std::string choiceError(const FieldInfo& field, std::string_view got)
{
    std::string message;
    if (field.path == "cluster.gpu")
        message = "expected a GPU id from the catalogue (" + joined(field.choices) + ")";
    else
        message = "expected one of " + joined(field.choices);
    message += ", got " + quoted(got);
    const std::string near = nearestName(got, field.choices);
    if (!near.empty())
        message += " (did you mean " + near + "?)";
    return message;
}

std::string intExpectation(const FieldInfo& field)
{
    if (!field.choices.empty())
        return "expected one of " + joined(field.choices);
    return "expected an integer " + rangeText(field);
}

// ---- field builders -----------------------------------------------------------------------------
// REF is a generic lambda returning a reference into the scenario, so one accessor serves both the
// const getter and the setter.

template <class Ref>
FieldInfo intField(std::string path, double min, double max, Ref ref, std::vector<std::string> choices = {})
{
    FieldInfo f;
    f.path = std::move(path);
    f.type = FieldType::Int;
    f.min = min;
    f.max = max;
    f.choices = std::move(choices);
    f.get = [ref](const Scenario& s) {
        FieldValue v;
        v.number = static_cast<double>(ref(s));
        return v;
    };
    f.set = [ref](Scenario& s, const FieldValue& v) {
        using T = std::remove_reference_t<decltype(ref(s))>;
        ref(s) = static_cast<T>(std::llround(v.number));
        return std::string();
    };
    return f;
}

template <class Ref>
FieldInfo realField(std::string path, Unit unit, double min, double max, bool minExclusive, Ref ref,
                    bool makesGpuCustom = false)
{
    FieldInfo f;
    f.path = std::move(path);
    f.type = FieldType::Real;
    f.unit = unit;
    f.min = min;
    f.max = max;
    f.minExclusive = minExclusive;
    f.get = [ref](const Scenario& s) {
        FieldValue v;
        v.number = ref(s);
        return v;
    };
    f.set = [ref, makesGpuCustom](Scenario& s, const FieldValue& v) {
        if (makesGpuCustom && ref(s) == v.number)
            return std::string(); // the catalogue's own figure: still that GPU
        ref(s) = v.number;
        if (makesGpuCustom && !s.cluster.gpu_id.empty()) {
            // A catalogue GPU with edited figures is no longer that GPU: say so in its name.
            s.cluster.gpu.name += " (custom)";
            s.cluster.gpu_id.clear();
        }
        return std::string();
    };
    return f;
}

template <class Ref> FieldInfo boolField(std::string path, Ref ref)
{
    FieldInfo f;
    f.path = std::move(path);
    f.type = FieldType::Bool;
    f.get = [ref](const Scenario& s) {
        FieldValue v;
        v.flag = ref(s);
        return v;
    };
    f.set = [ref](Scenario& s, const FieldValue& v) {
        ref(s) = v.flag;
        return std::string();
    };
    return f;
}

template <class E, std::size_t N, class Ref>
FieldInfo enumField(std::string path, const NameTable<E, N>& table, Ref ref)
{
    FieldInfo f;
    f.path = std::move(path);
    f.type = FieldType::Enum;
    f.choices = namesOf(table);
    f.get = [&table, ref](const Scenario& s) {
        FieldValue v;
        v.text = nameIn(table, ref(s));
        return v;
    };
    f.set = [&table, ref](Scenario& s, const FieldValue& v) {
        E value{};
        if (!valueIn(table, v.text, value))
            return std::string("unknown name ") + quoted(v.text);
        ref(s) = value;
        return std::string();
    };
    return f;
}

// An enum stored as a string in the scenario (rank order, presets, network kinds).
template <class Ref> FieldInfo stringEnumField(std::string path, std::vector<std::string> choices, Ref ref)
{
    FieldInfo f;
    f.path = std::move(path);
    f.type = FieldType::Enum;
    f.choices = std::move(choices);
    f.get = [ref](const Scenario& s) {
        FieldValue v;
        v.text = ref(s);
        return v;
    };
    f.set = [ref](Scenario& s, const FieldValue& v) {
        ref(s) = v.text;
        return std::string();
    };
    return f;
}

std::vector<std::string> gpuIds()
{
    std::vector<std::string> ids;
    for (const auto& entry : gpuCatalog())
        ids.push_back(entry.spec.name);
    return ids;
}

template <class Ref> FieldInfo textField(std::string path, Ref ref)
{
    FieldInfo f;
    f.path = std::move(path);
    f.type = FieldType::Text;
    f.get = [ref](const Scenario& s) {
        FieldValue v;
        v.text = ref(s);
        return v;
    };
    f.set = [ref](Scenario& s, const FieldValue& v) {
        ref(s) = v.text;
        return std::string();
    };
    return f;
}

FieldInfo nameField()
{
    return textField(
        "name", [](auto& s) -> auto& { return s.name; });
}

// parallel.rank_order's choices: tp, dp and pp in any order (cp then sits right outside tp), then the four
// with cp named (Llama 3's [TP, CP, PP, DP] is "tp-cp-pp-dp").
std::vector<std::string> rankOrders()
{
    std::vector<std::string> out{"tp-dp-pp", "tp-pp-dp", "dp-tp-pp", "dp-pp-tp", "pp-tp-dp", "pp-dp-tp"};
    std::array<std::string, 4> dims{"cp", "dp", "pp", "tp"};
    do {
        out.push_back(dims[0] + "-" + dims[1] + "-" + dims[2] + "-" + dims[3]);
    } while (std::next_permutation(dims.begin(), dims.end()));
    return out;
}

// parallel.pipeline_layers: layers per stage as a list, "4,8,8,6" in text ([4, 8, 8, 6] in the scenario
// file); "" (an empty list) splits evenly.
FieldInfo pipelineLayersField()
{
    FieldInfo f;
    f.path = "parallel.pipeline_layers";
    f.type = FieldType::Text;
    f.get = [](const Scenario& s) {
        FieldValue v;
        for (std::size_t i = 0; i < s.parallel.pipeline_layers.size(); ++i)
            v.text += (i ? "," : "") + std::to_string(s.parallel.pipeline_layers[i]);
        return v;
    };
    f.set = [](Scenario& s, const FieldValue& v) {
        std::vector<std::int64_t> layers;
        const std::string_view text = trim(v.text);
        std::size_t pos = 0;
        while (!text.empty() && pos <= text.size()) {
            const std::size_t comma = std::min(text.find(',', pos), text.size());
            const std::string_view item = trim(text.substr(pos, comma - pos));
            std::int64_t n = -1;
            const auto [end, ec] = std::from_chars(item.data(), item.data() + item.size(), n);
            if (item.empty() || ec != std::errc() || end != item.data() + item.size() || n < 0 || n > 100000)
                return "expected layers per stage as integers from 0 to 100000 separated by commas, got " +
                       quoted(item);
            layers.push_back(n);
            if (layers.size() > 100000)
                return std::string("expected at most 100000 stages");
            pos = comma + 1;
        }
        s.parallel.pipeline_layers = std::move(layers);
        return std::string();
    };
    return f;
}

// training.lora_targets: the adapted layers as a list, "q,v" in text (["q", "v"] in the scenario file).
FieldInfo loraTargetsField()
{
    FieldInfo f;
    f.path = "training.lora_targets";
    f.type = FieldType::Text;
    f.get = [](const Scenario& s) {
        FieldValue v;
        v.text = loraTargetsText(s.training.lora_targets);
        return v;
    };
    f.set = [](Scenario& s, const FieldValue& v) {
        std::uint32_t targets = 0;
        std::string error;
        if (!loraTargetsFromText(v.text, targets, &error))
            return error;
        s.training.lora_targets = targets;
        return std::string();
    };
    return f;
}

// The model (docs/formats.md, "Scenario file"; ranges are generous sanity bounds, not claims about models).
void addModelFields(std::vector<FieldInfo>& fields)
{
    fields.push_back(enumField(
        "model.kind", kModelKinds, [](auto& s) -> auto& { return s.model.kind; }));
    fields.push_back(realField(
        "model.params", Unit::Count, 0, 1e16, true, [](auto& s) -> auto& { return s.model.params; }));
    fields.push_back(intField(
        "model.layers", 1, 1e5, [](auto& s) -> auto& { return s.model.layers; }));
    fields.push_back(intField(
        "model.hidden", 1, 1e7, [](auto& s) -> auto& { return s.model.hidden; }));
    fields.push_back(intField(
        "model.heads", 1, 1e5, [](auto& s) -> auto& { return s.model.heads; }));
    fields.push_back(intField(
        "model.kv_heads", 1, 1e5, [](auto& s) -> auto& { return s.model.kv_heads; }));
    fields.push_back(intField(
        "model.head_dim", 0, 1e5, [](auto& s) -> auto& { return s.model.head_dim; }));
    fields.push_back(intField(
        "model.ffn_hidden", 1, 1e8, [](auto& s) -> auto& { return s.model.ffn_hidden; }));
    fields.push_back(enumField(
        "model.ffn_kind", kFfnKinds, [](auto& s) -> auto& { return s.model.ffn_kind; }));
    fields.push_back(intField(
        "model.vocab", 1, 1e8, [](auto& s) -> auto& { return s.model.vocab; }));
    fields.push_back(intField(
        "model.seq_len", 1, 1e8, [](auto& s) -> auto& { return s.model.seq_len; }));
    fields.push_back(intField(
        "model.max_positions", 0, 1e8, [](auto& s) -> auto& { return s.model.max_positions; }));
    fields.push_back(boolField(
        "model.tied_embeddings", [](auto& s) -> auto& { return s.model.tied_embeddings; }));
    fields.push_back(enumField(
        "model.position_embedding", kPositions, [](auto& s) -> auto& { return s.model.position_embedding; }));
    fields.push_back(enumField(
        "model.norm", kNorms, [](auto& s) -> auto& { return s.model.norm; }));
    fields.push_back(enumField(
        "model.bias", kBiases, [](auto& s) -> auto& { return s.model.bias; }));
    fields.push_back(intField("model.norms_per_layer", 1, 2,
                              [](auto& s) -> auto& { return s.model.norms_per_layer; }, {"2", "1"}));
    fields.push_back(boolField(
        "model.head_bias", [](auto& s) -> auto& { return s.model.head_bias; }));
    fields.push_back(intField(
        "model.experts", 1, 1e5, [](auto& s) -> auto& { return s.model.experts; }));
    fields.push_back(intField(
        "model.experts_per_token", 1, 1e5, [](auto& s) -> auto& { return s.model.experts_per_token; }));
    fields.push_back(intField(
        "model.moe_ffn_hidden", 0, 1e8, [](auto& s) -> auto& { return s.model.moe_ffn_hidden; }));
    fields.push_back(intField(
        "model.shared_experts", 0, 1e4, [](auto& s) -> auto& { return s.model.shared_experts; }));
    fields.push_back(intField(
        "model.dense_layers", 0, 1e5, [](auto& s) -> auto& { return s.model.dense_layers; }));
    fields.push_back(realField(
        "model.capacity_factor", Unit::None, 0, 1e3, false,
        [](auto& s) -> auto& { return s.model.capacity_factor; }));
    fields.push_back(realField(
        "model.expert_imbalance", Unit::None, 1, 1e3, false,
        [](auto& s) -> auto& { return s.model.expert_imbalance; }));
    fields.push_back(intField(
        "model.expert_groups", 0, 1e5, [](auto& s) -> auto& { return s.model.expert_groups; }));
    fields.push_back(intField(
        "model.expert_groups_per_token", 0, 1e5,
        [](auto& s) -> auto& { return s.model.expert_groups_per_token; }));
    fields.push_back(enumField(
        "model.attention", kAttentions, [](auto& s) -> auto& { return s.model.attention; }));
    fields.push_back(intField(
        "model.q_lora_rank", 0, 1e6, [](auto& s) -> auto& { return s.model.q_lora_rank; }));
    fields.push_back(intField(
        "model.kv_lora_rank", 1, 1e6, [](auto& s) -> auto& { return s.model.kv_lora_rank; }));
    fields.push_back(intField(
        "model.qk_rope_head_dim", 0, 1e5, [](auto& s) -> auto& { return s.model.qk_rope_head_dim; }));
    fields.push_back(intField(
        "model.qk_nope_head_dim", 0, 1e5, [](auto& s) -> auto& { return s.model.qk_nope_head_dim; }));
    fields.push_back(intField(
        "model.v_head_dim", 1, 1e5, [](auto& s) -> auto& { return s.model.v_head_dim; }));
    fields.push_back(intField(
        "model.mtp_layers", 0, 100, [](auto& s) -> auto& { return s.model.mtp_layers; }));
}

void addTrainingFields(std::vector<FieldInfo>& fields)
{
    fields.push_back(intField(
        "training.global_batch", 1, 1e9, [](auto& s) -> auto& { return s.training.global_batch; }));
    fields.push_back(intField(
        "training.micro_batch", 1, 1e7, [](auto& s) -> auto& { return s.training.micro_batch; }));
    fields.push_back(enumField(
        "training.precision", kPrecisions, [](auto& s) -> auto& { return s.training.precision; }));
    fields.push_back(enumField(
        "training.optimizer", kOptimizers, [](auto& s) -> auto& { return s.training.optimizer; }));
    fields.push_back(enumField(
        "training.recompute", kRecomputes, [](auto& s) -> auto& { return s.training.recompute; }));
    fields.push_back(boolField(
        "training.flash_attention", [](auto& s) -> auto& { return s.training.flash_attention; }));
    fields.push_back(boolField(
        "training.dropout", [](auto& s) -> auto& { return s.training.dropout; }));
    fields.push_back(boolField(
        "training.recompute_norms", [](auto& s) -> auto& { return s.training.recompute_norms; }));
    fields.push_back(boolField(
        "training.fp8_swiglu_inputs", [](auto& s) -> auto& { return s.training.fp8_swiglu_inputs; }));
    fields.push_back(intField("training.grad_comm_bits", 1, 32,
                              [](auto& s) -> auto& { return s.training.grad_comm_bits; },
                              {"32", "16", "8", "1"}));
    fields.push_back(boolField(
        "training.overlap_grad_reduce", [](auto& s) -> auto& { return s.training.overlap_grad_reduce; }));
    fields.push_back(boolField(
        "training.overlap_param_gather", [](auto& s) -> auto& { return s.training.overlap_param_gather; }));
    fields.push_back(boolField(
        "training.tp_comm_overlap", [](auto& s) -> auto& { return s.training.tp_comm_overlap; }));
    fields.push_back(boolField(
        "training.overlap_p2p_comm", [](auto& s) -> auto& { return s.training.overlap_p2p_comm; }));
    fields.push_back(enumField(
        "training.fp8_recipe", kFp8Recipes, [](auto& s) -> auto& { return s.training.fp8_recipe; }));
    fields.push_back(enumField(
        "training.attention_kernel", kAttentionKernels,
        [](auto& s) -> auto& { return s.training.attention_kernel; }));
    fields.push_back(enumField(
        "training.cross_entropy", kCrossEntropies,
        [](auto& s) -> auto& { return s.training.cross_entropy; }));
    fields.push_back(enumField(
        "training.method", kMethods, [](auto& s) -> auto& { return s.training.method; }));
    fields.push_back(intField(
        "training.lora_rank", 1, 65536, [](auto& s) -> auto& { return s.training.lora_rank; }));
    fields.push_back(realField(
        "training.lora_alpha", Unit::None, 0, 1e6, true,
        [](auto& s) -> auto& { return s.training.lora_alpha; }));
    fields.push_back(loraTargetsField());
    fields.push_back(intField("training.base_bits", 0, 16,
                              [](auto& s) -> auto& { return s.training.base_bits; }, {"0", "16", "8", "4"}));
    fields.push_back(enumField(
        "training.quant_type", kQuantTypes, [](auto& s) -> auto& { return s.training.quant_type; }));
    fields.push_back(boolField(
        "training.double_quant", [](auto& s) -> auto& { return s.training.double_quant; }));
    fields.push_back(boolField(
        "training.paged_optimizer", [](auto& s) -> auto& { return s.training.paged_optimizer; }));
}

void addParallelFields(std::vector<FieldInfo>& fields)
{
    fields.push_back(intField(
        "parallel.dp", 1, 1e7, [](auto& s) -> auto& { return s.parallel.dp; }));
    fields.push_back(intField(
        "parallel.tp", 1, 1e5, [](auto& s) -> auto& { return s.parallel.tp; }));
    fields.push_back(intField(
        "parallel.pp", 1, 1e5, [](auto& s) -> auto& { return s.parallel.pp; }));
    fields.push_back(intField(
        "parallel.cp", 1, 1e5, [](auto& s) -> auto& { return s.parallel.cp; }));
    fields.push_back(intField(
        "parallel.ep", 1, 1e5, [](auto& s) -> auto& { return s.parallel.ep; }));
    fields.push_back(intField(
        "parallel.etp", 0, 1e5, [](auto& s) -> auto& { return s.parallel.etp; }));
    fields.push_back(enumField(
        "parallel.cp_comm", kCpComms, [](auto& s) -> auto& { return s.parallel.cp_comm; }));
    fields.push_back(boolField(
        "parallel.ep_overlap", [](auto& s) -> auto& { return s.parallel.ep_overlap; }));
    fields.push_back(enumField(
        "parallel.ep_dispatcher", kEpDispatchers, [](auto& s) -> auto& { return s.parallel.ep_dispatcher; }));
    fields.push_back(boolField(
        "parallel.ep_fp8_dispatch", [](auto& s) -> auto& { return s.parallel.ep_fp8_dispatch; }));
    fields.push_back(pipelineLayersField());
    fields.push_back(intField(
        "parallel.first_stage_layers", 0, 1e5,
        [](auto& s) -> auto& { return s.parallel.first_stage_layers; }));
    fields.push_back(intField(
        "parallel.last_stage_layers", 0, 1e5, [](auto& s) -> auto& { return s.parallel.last_stage_layers; }));
    fields.push_back(boolField(
        "parallel.sequence_parallel", [](auto& s) -> auto& { return s.parallel.sequence_parallel; }));
    fields.push_back(intField(
        "parallel.zero_stage", 0, 3, [](auto& s) -> auto& { return s.parallel.zero_stage; }));
    fields.push_back(enumField(
        "parallel.offload_optimizer", kOffloads,
        [](auto& s) -> auto& { return s.parallel.offload_optimizer; }));
    fields.push_back(enumField(
        "parallel.offload_params", kOffloads, [](auto& s) -> auto& { return s.parallel.offload_params; }));
    fields.push_back(enumField(
        "parallel.schedule", kSchedules, [](auto& s) -> auto& { return s.parallel.schedule; }));
    fields.push_back(intField(
        "parallel.virtual_stages", 1, 1e4, [](auto& s) -> auto& { return s.parallel.virtual_stages; }));
    // Innermost first: "tp-dp-pp" makes tp ranks neighbours (Megatron-LM's default order).
    fields.push_back(stringEnumField(
        "parallel.rank_order", rankOrders(), [](auto& s) -> auto& { return s.parallel.rank_order; }));
    fields.push_back(enumField(
        "parallel.dp_sync", kDpSyncs, [](auto& s) -> auto& { return s.parallel.dp_sync; }));
    fields.push_back(intField(
        "parallel.ps_servers", 1, 1e5, [](auto& s) -> auto& { return s.parallel.ps_servers; }));
}

// The cluster: "cluster.gpu" picks a catalogue entry; any cluster.gpu.* edit turns it into a custom GPU.
void addClusterFields(std::vector<FieldInfo>& fields)
{
    FieldInfo gpu;
    gpu.path = "cluster.gpu";
    gpu.type = FieldType::Text;
    gpu.choices = gpuIds();
    gpu.get = [](const Scenario& s) {
        FieldValue v;
        v.text = s.cluster.gpu_id;
        return v;
    };
    gpu.set = [](Scenario& s, const FieldValue& v) {
        const GpuCatalogEntry* entry = findGpu(v.text);
        if (!entry)
            return "expected a GPU id from the catalogue (" + joined(gpuIds()) + "), got " + quoted(v.text);
        s.cluster.gpu_id = entry->spec.name;
        s.cluster.gpu = entry->spec;
        return std::string();
    };
    fields.push_back(std::move(gpu));

    FieldInfo gpuName;
    gpuName.path = "cluster.gpu.name";
    gpuName.type = FieldType::Text;
    gpuName.get = [](const Scenario& s) {
        FieldValue v;
        v.text = s.cluster.gpu.name;
        return v;
    };
    gpuName.set = [](Scenario& s, const FieldValue& v) {
        s.cluster.gpu.name = v.text;
        s.cluster.gpu_id.clear();
        return std::string();
    };
    fields.push_back(std::move(gpuName));
    fields.push_back(realField(
        "cluster.gpu.memory_bytes", Unit::Bytes, 0, 1e15, true,
        [](auto& s) -> auto& { return s.cluster.gpu.memory_bytes; }, true));
    fields.push_back(realField(
        "cluster.gpu.peak_flops", Unit::FlopsPerSecond, 0, 1e19, true,
        [](auto& s) -> auto& { return s.cluster.gpu.peak_flops; }, true));
    fields.push_back(realField(
        "cluster.gpu.hbm_Bps", Unit::BytesPerSecond, 0, 1e16, true,
        [](auto& s) -> auto& { return s.cluster.gpu.hbm_Bps; }, true));
    fields.push_back(realField(
        "cluster.gpu.peak_fp8_flops", Unit::FlopsPerSecond, 0, 1e19, false,
        [](auto& s) -> auto& { return s.cluster.gpu.peak_fp8_flops; }, true));
    fields.push_back(realField(
        "cluster.gpu.peak_fp4_flops", Unit::FlopsPerSecond, 0, 1e19, false,
        [](auto& s) -> auto& { return s.cluster.gpu.peak_fp4_flops; }, true));
    fields.push_back(intField(
        "cluster.nodes", 1, 1e6, [](auto& s) -> auto& { return s.cluster.nodes; }));
    fields.push_back(intField(
        "cluster.gpus_per_node", 1, 1024, [](auto& s) -> auto& { return s.cluster.gpus_per_node; }));
    fields.push_back(stringEnumField(
        "cluster.node_preset", nodePresetChoices(), [](auto& s) -> auto& { return s.cluster.node_preset; }));
    fields.push_back(realField(
        "cluster.host_memory_bytes", Unit::Bytes, 0, 1e16, false,
        [](auto& s) -> auto& { return s.cluster.host_memory_bytes; }));
    fields.push_back(realField(
        "cluster.nvme_bytes", Unit::Bytes, 0, 1e18, false,
        [](auto& s) -> auto& { return s.cluster.nvme_bytes; }));
    fields.push_back(stringEnumField(
        "cluster.network.kind",
        {"ib-edr", "ib-hdr", "ib-ndr", "ib-xdr", "roce-100g", "roce-200g", "roce-400g", "ethernet-10g",
         "ethernet-25g", "ethernet-100g", "ethernet-200g", "ethernet-400g"},
        [](auto& s) -> auto& { return s.cluster.network.kind; }));
    fields.push_back(intField(
        "cluster.network.nics_per_node", 0, 1024,
        [](auto& s) -> auto& { return s.cluster.network.nics_per_node; }));
    fields.push_back(realField(
        "cluster.network.oversubscription", Unit::None, 1, 64, false,
        [](auto& s) -> auto& { return s.cluster.network.oversubscription; }));
    fields.push_back(boolField(
        "cluster.network.rail_optimized", [](auto& s) -> auto& { return s.cluster.network.rail_optimized; }));
    fields.push_back(intField(
        "cluster.network.switch_ports", 0, 4096,
        [](auto& s) -> auto& { return s.cluster.network.switch_ports; }));
}

// The compute efficiency and the memory overheads.
void addOverheadFields(std::vector<FieldInfo>& fields)
{
    fields.push_back(realField(
        "compute.efficiency", Unit::Fraction, 0, 1, false,
        [](auto& s) -> auto& { return s.compute.efficiency; }));
    fields.push_back(realField(
        "compute.scale", Unit::None, 0, 100, true, [](auto& s) -> auto& { return s.compute.scale; }));
    fields.push_back(textField(
        "compute.calibrated_from", [](auto& s) -> auto& { return s.compute.calibrated_from; }));
    fields.push_back(realField(
        "compute.measured_step_s", Unit::Seconds, 0, 1e9, false,
        [](auto& s) -> auto& { return s.compute.measured_step_s; }));
    fields.push_back(realField(
        "overheads.cuda_context_bytes", Unit::Bytes, 0, 1e12, false,
        [](auto& s) -> auto& { return s.overheads.cuda_context_bytes; }));
    fields.push_back(realField(
        "overheads.allocator_fraction", Unit::Fraction, 0, 1, false,
        [](auto& s) -> auto& { return s.overheads.allocator_fraction; }));
    fields.push_back(realField(
        "overheads.grad_bucket_bytes", Unit::Bytes, 0, 1e13, false,
        [](auto& s) -> auto& { return s.overheads.grad_bucket_bytes; }));
}

std::vector<FieldInfo> buildFields()
{
    std::vector<FieldInfo> fields;
    fields.push_back(nameField());
    addModelFields(fields);
    addTrainingFields(fields);
    addParallelFields(fields);
    addClusterFields(fields);
    addOverheadFields(fields);
    return fields;
}

std::size_t editDistance(std::string_view a, std::string_view b)
{
    std::vector<std::size_t> row(b.size() + 1);
    for (std::size_t j = 0; j <= b.size(); ++j)
        row[j] = j;
    for (std::size_t i = 1; i <= a.size(); ++i) {
        std::size_t diagonal = row[0];
        row[0] = i;
        for (std::size_t j = 1; j <= b.size(); ++j) {
            const std::size_t above = row[j];
            const std::size_t cost = a[i - 1] == b[j - 1] ? 0 : 1;
            row[j] = std::min({row[j] + 1, row[j - 1] + 1, diagonal + cost});
            diagonal = above;
        }
    }
    return row[b.size()];
}

} // namespace

// ---- public -----------------------------------------------------------------------------------------

const std::vector<FieldInfo>& scenarioFields()
{
    static const std::vector<FieldInfo> fields = buildFields();
    return fields;
}

const FieldInfo* findField(std::string_view path)
{
    for (const FieldInfo& field : scenarioFields())
        if (field.path == path)
            return &field;
    // Other names users write for a field (docs/formats.md); the canonical name is what gets written.
    static constexpr std::pair<std::string_view, std::string_view> aliases[] = {
        {"cluster.gpu.peak_flops_fp8", "cluster.gpu.peak_fp8_flops"},
        {"cluster.gpu.peak_flops_fp4", "cluster.gpu.peak_fp4_flops"},
        {"cluster.network.rails", "cluster.network.rail_optimized"},
    };
    for (const auto& [alias, canonical] : aliases)
        if (path == alias)
            return findField(canonical);
    return nullptr;
}

std::string checkFieldValue(const FieldInfo& field, const FieldValue& value)
{
    switch (field.type) {
    case FieldType::Int: {
        const double n = value.number;
        const bool integral = std::isfinite(n) && n == std::floor(n);
        if (!field.choices.empty()) {
            const std::string text = integral ? numberText(n) : std::string();
            if (std::find(field.choices.begin(), field.choices.end(), text) == field.choices.end())
                return intExpectation(field) + ", got " + numberText(n);
            return {};
        }
        if (!integral || n < field.min || n > field.max)
            return intExpectation(field) + ", got " + numberText(n);
        return {};
    }
    case FieldType::Real: {
        const double n = value.number;
        const bool below = field.minExclusive ? !(n > field.min) : !(n >= field.min);
        if (!std::isfinite(n) || below || n > field.max)
            return std::string("expected ") + noun(field.unit) + " " + rangeText(field) + ", got " +
                   numberText(n);
        return {};
    }
    case FieldType::Bool:
        return {};
    case FieldType::Enum:
    case FieldType::Text:
        if (!field.choices.empty() &&
            std::find(field.choices.begin(), field.choices.end(), value.text) == field.choices.end())
            return choiceError(field, value.text);
        return {};
    }
    return {};
}

std::string parseFieldText(const FieldInfo& field, std::string_view text, FieldValue& out)
{
    FieldValue value;
    switch (field.type) {
    case FieldType::Int: {
        std::string ignored;
        if (!parseQuantity(text, field.unit, value.number, &ignored))
            return intExpectation(field) + ", got " + quoted(text);
        break;
    }
    case FieldType::Real: {
        std::string error;
        if (!parseQuantity(text, field.unit, value.number, &error))
            return error;
        break;
    }
    case FieldType::Bool: {
        const std::string_view t = trim(text);
        if (t == "true" || t == "1" || t == "yes" || t == "on")
            value.flag = true;
        else if (t == "false" || t == "0" || t == "no" || t == "off")
            value.flag = false;
        else
            return "expected true or false, got " + quoted(text);
        break;
    }
    case FieldType::Enum:
        value.text = std::string(trim(text));
        break;
    case FieldType::Text:
        // Free text keeps its spaces (a scenario name); catalogue ids do not need them.
        value.text = field.choices.empty() ? std::string(text) : std::string(trim(text));
        break;
    }
    std::string error = checkFieldValue(field, value);
    if (!error.empty())
        return error;
    out = value;
    return {};
}

std::string fieldText(const FieldInfo& field, const FieldValue& value)
{
    switch (field.type) {
    case FieldType::Int:
        return numberText(value.number);
    case FieldType::Real:
        return shortestNumberText(value.number);
    case FieldType::Bool:
        return value.flag ? "true" : "false";
    case FieldType::Enum:
    case FieldType::Text:
        return value.text;
    }
    return {};
}

std::string setFieldFromText(Scenario& scenario, std::string_view path, std::string_view text)
{
    const FieldInfo* field = findField(path);
    if (!field) {
        std::vector<std::string> paths;
        for (const FieldInfo& f : scenarioFields())
            paths.push_back(f.path);
        std::string message = std::string(path) + ": unknown field";
        std::string near = nearestName(path, paths);
        if (near.empty()) {
            // The right key in the wrong section ("training.zero_stage" for parallel.zero_stage).
            const std::string_view leaf =
                path.substr(path.rfind('.') == std::string_view::npos ? 0 : path.rfind('.') + 1);
            for (const std::string& candidate : paths) {
                const std::size_t dot = candidate.rfind('.');
                if (dot != std::string::npos && std::string_view(candidate).substr(dot + 1) == leaf) {
                    near = candidate;
                    break;
                }
            }
        }
        if (!near.empty())
            message += " (did you mean " + near + "?)";
        return message;
    }
    FieldValue value;
    std::string error = parseFieldText(*field, text, value);
    if (error.empty())
        error = field->set(scenario, value);
    if (!error.empty())
        return field->path + ": " + error;
    return {};
}

const char* enumName(ModelKind value)
{
    return nameIn(kModelKinds, value);
}
const char* enumName(FfnKind value)
{
    return nameIn(kFfnKinds, value);
}
const char* enumName(PositionEmbedding value)
{
    return nameIn(kPositions, value);
}
const char* enumName(NormKind value)
{
    return nameIn(kNorms, value);
}
const char* enumName(BiasKind value)
{
    return nameIn(kBiases, value);
}
const char* enumName(Precision value)
{
    return nameIn(kPrecisions, value);
}
const char* enumName(Optimizer value)
{
    return nameIn(kOptimizers, value);
}
const char* enumName(Recompute value)
{
    return nameIn(kRecomputes, value);
}
const char* enumName(Offload value)
{
    return nameIn(kOffloads, value);
}
const char* enumName(Schedule value)
{
    return nameIn(kSchedules, value);
}
const char* enumName(DpSync value)
{
    return nameIn(kDpSyncs, value);
}
bool enumFromName(std::string_view name, ModelKind& out)
{
    return valueIn(kModelKinds, name, out);
}
bool enumFromName(std::string_view name, FfnKind& out)
{
    return valueIn(kFfnKinds, name, out);
}
bool enumFromName(std::string_view name, PositionEmbedding& out)
{
    return valueIn(kPositions, name, out);
}
bool enumFromName(std::string_view name, NormKind& out)
{
    return valueIn(kNorms, name, out);
}
bool enumFromName(std::string_view name, BiasKind& out)
{
    return valueIn(kBiases, name, out);
}
bool enumFromName(std::string_view name, Precision& out)
{
    return valueIn(kPrecisions, name, out);
}
bool enumFromName(std::string_view name, Optimizer& out)
{
    return valueIn(kOptimizers, name, out);
}
bool enumFromName(std::string_view name, Recompute& out)
{
    return valueIn(kRecomputes, name, out);
}
bool enumFromName(std::string_view name, Offload& out)
{
    return valueIn(kOffloads, name, out);
}
bool enumFromName(std::string_view name, Schedule& out)
{
    return valueIn(kSchedules, name, out);
}
bool enumFromName(std::string_view name, DpSync& out)
{
    return valueIn(kDpSyncs, name, out);
}
const char* enumName(TrainingMethod value)
{
    return nameIn(kMethods, value);
}
const char* enumName(QuantType value)
{
    return nameIn(kQuantTypes, value);
}
bool enumFromName(std::string_view name, TrainingMethod& out)
{
    return valueIn(kMethods, name, out);
}
bool enumFromName(std::string_view name, QuantType& out)
{
    return valueIn(kQuantTypes, name, out);
}

std::vector<std::string> loraTargetNames()
{
    std::vector<std::string> names;
    for (const auto& entry : kLoraTargetNames)
        names.emplace_back(entry.second);
    return names;
}

std::string loraTargetsText(std::uint32_t targets)
{
    std::string text;
    for (const auto& [bit, name] : kLoraTargetNames)
        if (targets & bit)
            text += (text.empty() ? "" : ",") + std::string(name);
    return text;
}

bool loraTargetsFromText(std::string_view text, std::uint32_t& out, std::string* error)
{
    std::uint32_t targets = 0;
    text = trim(text);
    std::size_t pos = 0;
    while (!text.empty() && pos <= text.size()) {
        const std::size_t comma = std::min(text.find(',', pos), text.size());
        const std::string_view item = trim(text.substr(pos, comma - pos));
        bool found = false;
        for (const auto& [bit, name] : kLoraTargetNames)
            if (item == name) {
                targets |= bit;
                found = true;
            }
        if (!found) {
            if (error) {
                const std::string near = nearestName(item, loraTargetNames());
                *error = "unknown LoRA target " + quoted(item) +
                         (near.empty() ? "" : " (did you mean " + near + "?)") +
                         "; expected one or more of q, k, v, o, gate, up, down, experts, embed, head";
            }
            return false;
        }
        pos = comma + 1;
    }
    if (targets == 0) {
        if (error)
            *error = "expected one or more LoRA targets of q, k, v, o, gate, up, down, experts, embed, head";
        return false;
    }
    out = targets;
    return true;
}
const char* enumName(CpComm value)
{
    return nameIn(kCpComms, value);
}
bool enumFromName(std::string_view name, CpComm& out)
{
    return valueIn(kCpComms, name, out);
}
const char* enumName(EpDispatcher value)
{
    return nameIn(kEpDispatchers, value);
}
bool enumFromName(std::string_view name, EpDispatcher& out)
{
    return valueIn(kEpDispatchers, name, out);
}
const char* enumName(CrossEntropy value)
{
    return nameIn(kCrossEntropies, value);
}
bool enumFromName(std::string_view name, CrossEntropy& out)
{
    return valueIn(kCrossEntropies, name, out);
}
const char* enumName(AttentionKernel value)
{
    return nameIn(kAttentionKernels, value);
}
bool enumFromName(std::string_view name, AttentionKernel& out)
{
    return valueIn(kAttentionKernels, name, out);
}
const char* enumName(Fp8Recipe value)
{
    return nameIn(kFp8Recipes, value);
}
bool enumFromName(std::string_view name, Fp8Recipe& out)
{
    return valueIn(kFp8Recipes, name, out);
}
const char* enumName(AttentionKind value)
{
    return nameIn(kAttentions, value);
}
bool enumFromName(std::string_view name, AttentionKind& out)
{
    return valueIn(kAttentions, name, out);
}

const std::vector<std::string>& topologyDeviceKinds()
{
    static const std::vector<std::string> kinds{"gpu", "cpu",    "pcie-switch", "nvswitch",
                                                "nic", "switch", "nvme",        "ps"};
    return kinds;
}

const std::vector<std::string>& topologyLinkKindPrefixes()
{
    static const std::vector<std::string> prefixes{"nvlink", "nvswitch", "xgmi", "pcie", "host",
                                                   "qpi",    "upi",      "ib",   "roce", "ethernet"};
    return prefixes;
}

bool isKnownLinkKind(std::string_view kind)
{
    for (const std::string& prefix : topologyLinkKindPrefixes()) {
        if (kind.substr(0, prefix.size()) != prefix)
            continue;
        if (kind.size() == prefix.size())
            return true;
        const char next = kind[prefix.size()];
        if (next == '-' || (next >= '0' && next <= '9'))
            return true;
    }
    return false;
}

std::string nearestName(std::string_view word, const std::vector<std::string>& candidates)
{
    const auto lower = [](std::string_view text) {
        std::string out(text);
        for (char& c : out)
            if (c >= 'A' && c <= 'Z')
                c = static_cast<char>(c - 'A' + 'a');
        return out;
    };
    const std::string key = lower(word);
    // Case slips first ("h100-pcie"), then a shortened catalogue id ("h100" for H100-SXM5-80GB), then typos.
    for (const std::string& candidate : candidates)
        if (candidate != word && lower(candidate) == key)
            return candidate;
    if (key.size() >= 3)
        for (const std::string& candidate : candidates)
            if (candidate.size() > key.size() && lower(candidate).compare(0, key.size(), key) == 0)
                return candidate;
    std::string best;
    std::size_t bestDistance = static_cast<std::size_t>(-1);
    for (const std::string& candidate : candidates) {
        const std::size_t d = editDistance(key, lower(candidate));
        if (d < bestDistance) {
            bestDistance = d;
            best = candidate;
        }
    }
    // A typo changes a few characters; anything further is a different word, not worth suggesting.
    const std::size_t limit = std::max<std::size_t>(2, word.size() / 4);
    if (best.empty() || best == word || bestDistance > limit)
        return {};
    return best;
}

std::string shortestNumberText(double value)
{
    if (std::isnan(value))
        return "nan";
    if (std::isinf(value))
        return value > 0 ? "inf" : "-inf";
    char buffer[64];
    const auto [end, ec] = std::to_chars(buffer, buffer + sizeof buffer, value);
    if (ec != std::errc())
        return "0";
    return std::string(buffer, end);
}

} // namespace ss
