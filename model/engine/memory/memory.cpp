// SPDX-License-Identifier: GPL-3.0-or-later
#include "memory.h"

#include "explain.h"
#include "nodeshapes.h"
#include "units.h"
#include "workload.h"

#include <algorithm>
#include <array>
#include <cmath>
#include <cstdio>
#include <numeric>
#include <string>

namespace ss {

namespace {

// fp32 logits-sized tensors the loss's backward holds besides the logits kept for it (activations): their
// gradient, which a fused cross entropy computes in place (Megatron-LM's vocab-parallel cross entropy,
// Korthikanti et al., MLSys'23 §4.3); PyTorch's F.cross_entropy also holds the gradient it receives, one
// more (measured with torch.cuda.max_memory_allocated, docs/validation.md).
double logitsGradients(const TrainingSpec& training)
{
    return training.cross_entropy == CrossEntropy::Pytorch ? 2.0 : 1.0;
}

std::string num(double v, int digits = 4)
{
    char buf[40];
    std::snprintf(buf, sizeof buf, "%.*g", digits, v);
    return buf;
}

std::string path(int stage, const char* part)
{
    return "memory.per_gpu[" + std::to_string(stage) + "]." + part;
}

// The activation terms of a stage besides its layers' (explainStage()).
struct ActivationParts
{
    double recompute = 0; // the layer being recomputed, once (full recompute)
    double embedding = 0; // the first stage's embedding dropout mask
    double output = 0;    // the last stage's final norm, output-layer input and logits
    double perLayer = 0;  // one layer, one microbatch
};

// Over how many replicas ZeRO shards a stage's states: the dense weights over N_d · c (the data-parallel
// group with context parallel, as Megatron-Core's distributed optimizer), the routed experts over their
// expert-data-parallel group N_ed = t · c · N_d / (t_e · e).
struct Sharding
{
    double nd = 1;
    double ned = 1;
    double expertPsi = 0; // routed-expert parameters one GPU of the stage holds
};

Sharding shardingOf(const ParallelSpec& par, double expertPsi)
{
    Sharding s;
    const double cp = double(std::max<std::int64_t>(par.cp, 1));
    s.nd = double(std::max<std::int64_t>(par.dp, 1)) * cp;
    s.ned = double(par.expertDataParallel());
    s.expertPsi = expertPsi;
    return s;
}

// Bytes per 16-bit weight that FP8 training adds: Transformer Engine keeps an FP8 copy of each GEMM weight
// and its transpose (Hopper's FP8 GEMMs take only the TN layout), 2 bytes; block scaling adds one fp32 scale
// per 128 × 128 block (DeepSeek-V3 §3.3.2); MXFP8 keeps row- and column-wise copies, each with an 8-bit
// scale per 32 elements (OCP Microscaling Formats v1.0); NVFP4 4-bit copies with an 8-bit scale per 16 and
// a tensor scale.
double fp8CopyBytes(const TrainingSpec& tr)
{
    if (tr.precision != Precision::Fp8Mixed)
        return 0;
    switch (tr.fp8_recipe) {
    case Fp8Recipe::Tensor:
        return 2;
    case Fp8Recipe::Block:
        return 2 * (1 + 4.0 / (128 * 128));
    case Fp8Recipe::Mxfp8:
        return 2 * (1 + 1.0 / 32);
    case Fp8Recipe::Nvfp4:
        return 2 * (0.5 + 1.0 / 16);
    }
    return 0;
}

// What the explanations of a stage's model states cite.
const char* const kZeroSource = "ZeRO (Rajbhandari et al., SC'20) §5";
const char* const kOffloadSource =
    "ZeRO-Offload (Ren et al., ATC'21) §4; ZeRO-Infinity (Rajbhandari et al., SC'21)";

// The stage's share of the model: its layers, parameters and in-flight microbatches.
void explainStageShare(std::vector<Explanation>& out, const Scenario& sc, const StageMemory& row)
{
    const ParallelSpec& par = sc.parallel;
    const std::int64_t pp = std::max<std::int64_t>(par.pp, 1);
    const int st = row.stage;
    const auto n = [](double v) { return num(v); };
    const ParamCount count = countParams(sc.model);
    const double t = double(std::max<std::int64_t>(par.tp, 1));
    const double layers = double(row.layers);
    const std::int64_t L = std::max<std::int64_t>(sc.model.layers, 1);
    out.push_back(
        {path(st, "layers"), "L_i = ⌊L / p⌋ + (1 if i < L mod p)",
         "⌊" + std::to_string(L) + " / " + std::to_string(pp) + "⌋ + " + std::to_string(st < L % pp ? 1 : 0),
         layers, "", "Narayanan et al., SC'21 §2 (L/p layers per stage; the remainder to the first)"});
    out.push_back(
        {path(st, "stage_params"), "Ψ_i = L_i · Ψ_layer + Ψ_ends",
         n(layers) + " × " + n(count.per_layer) + " + " + n(row.stage_params - layers * count.per_layer),
         row.stage_params, "",
         "Narayanan et al., SC'21 eq. 2; embedding on the first stage, head on the last"});
    const double layerPerGpu = count.per_layer_split / t + count.per_layer_replicated;
    out.push_back({path(st, "gpu_params"), "Ψ_gpu = L_i · (Ψ_split / t + Ψ_repl) + Ψ_ends,gpu",
                   n(layers) + " × (" + n(count.per_layer_split) + " / " + n(t) + " + " +
                       n(count.per_layer_replicated) + ") + " + n(row.gpu_params - layers * layerPerGpu),
                   row.gpu_params, "",
                   "Megatron-LM tensor parallelism (Shoeybi et al. 2019 §3; Narayanan et al., SC'21 §3)"});

    // In-flight microbatches by schedule (workload.cpp inFlightMicrobatches()).
    const std::int64_t v = std::max<std::int64_t>(par.virtual_stages, 1);
    const std::string m = std::to_string(sc.training.global_batch /
                                         std::max<std::int64_t>(par.dp * sc.training.micro_batch, 1));
    if (par.schedule == Schedule::GPipe)
        out.push_back({path(st, "in_flight"), "n_i = m", m, row.in_flight, "",
                       "Huang et al., NeurIPS'19 (GPipe: every forward before any backward)"});
    else if (par.schedule == Schedule::Interleaved && v > 1)
        out.push_back(
            {path(st, "in_flight"), "n_i = min(2(p − i − 1) + (v − 1)·p + 1, m·v) / v",
             "min(2 × " + std::to_string(pp - st - 1) + " + " + std::to_string(v - 1) + " × " +
                 std::to_string(pp) + " + 1, " + m + " × " + std::to_string(v) + ") / " + std::to_string(v),
             row.in_flight, "", "Korthikanti et al., MLSys'23 §4.2.3; Narayanan et al., SC'21 §2.2"});
    else
        out.push_back(
            {path(st, "in_flight"), "n_i = min(p − i, m)",
             "min(" + std::to_string(pp) + " − " + std::to_string(st) + ", " + m + ")", row.in_flight, "",
             "Narayanan et al., SC'21 §2.2 (1F1B); Qi et al., ICLR'24 (ZB-H1 keeps 1F1B's memory)"});
}

// Model states: sharded by ZeRO over N_d; offloaded ones are 0 on the GPU, their bytes on the host. With
// routed experts the two kinds of weights are written apart: Ψ_d over N_d (· c), Ψ_e over N_ed.
void explainStates(std::vector<Explanation>& out, const Scenario& sc, const StageMemory& row, double psi,
                   const StateBytes& bytes)
{
    const ParallelSpec& par = sc.parallel;
    const int zero = std::clamp(par.zero_stage, 0, 3);
    const bool offOpt = par.offload_optimizer != Offload::None && zero >= 1;
    const bool offParams = par.offload_params != Offload::None && zero == 3;
    const int st = row.stage;
    const auto n = [](double v) { return num(v); };
    const Sharding shard = shardingOf(par, row.expert_params);
    const bool experts = shard.expertPsi > 0;
    // "Ψ_gpu · w / N_d" and its numbers, or the two-kind form.
    const auto term = [&](const char* sym, double perParam, bool on, bool offloaded, std::string& formula) {
        const std::string div = on ? " / N_d" : "";
        std::string text;
        if (experts) {
            formula = std::string("Ψ_d · ") + sym + (on ? " / N_d" : "") + " + Ψ_e · " + sym +
                      (on ? " / N_ed" : "");
            text = n(psi - shard.expertPsi) + " × " + n(perParam) + " B" + (on ? " / " + n(shard.nd) : "") +
                   " + " + n(shard.expertPsi) + " × " + n(perParam) + " B" + (on ? " / " + n(shard.ned) : "");
        } else {
            formula = std::string("Ψ_gpu · ") + sym + div;
            text = n(psi) + " × " + n(perParam) + " B" + (on ? " / " + n(shard.nd) : "");
        }
        if (offloaded) {
            formula = "0 (" + formula + " on the host)";
            text = "0 (" + text + ")";
        }
        return text;
    };
    std::string f;
    std::string text = term("w", bytes.weights, zero >= 3 || offParams, offParams, f);
    out.push_back({path(st, "params"), f, text, row.params, "B", offParams ? kOffloadSource : kZeroSource});
    const bool gradsOff = offOpt && zero >= 2;
    text = term("g", bytes.grads, zero >= 2 || gradsOff, gradsOff, f);
    out.push_back({path(st, "grads"), f, text, row.grads, "B", gradsOff ? kOffloadSource : kZeroSource});
    text = term("K", bytes.optimizer, zero >= 1 || offOpt, offOpt, f);
    out.push_back({path(st, "optimizer"), f, text, row.optimizer, "B",
                   offOpt ? kOffloadSource
                          : "ZeRO (Rajbhandari et al., SC'20) §3.1 (K = 12 for mixed-precision Adam), §5"});
}

// LoRA and QLoRA's model states (loraStates()): the weights by part, the adapters' gradients and optimizer.
void explainLoraStates(std::vector<Explanation>& out, const Scenario& sc, const StageMemory& row,
                       const StageParams& sp, const StateBytes& bytes)
{
    const ParallelSpec& par = sc.parallel;
    const int zero = std::clamp(par.zero_stage, 0, 3);
    const int st = row.stage;
    const auto n = [](double v) { return num(v); };
    const Sharding shard = shardingOf(par, row.expert_params);
    const QuantBytes q = quantizedBytes(sc.training, double(sc.model.hidden));
    const std::string byZero3 = zero >= 3 ? " / N_d" : "";
    const std::string nd = zero >= 3 ? " / " + n(shard.nd) : "";
    const char* const quantSource = "QLoRA (Dettmers et al., NeurIPS'23) §3 (NF4 blocks of 64, double "
                                    "quantization); LLM.int8() (Dettmers et al., NeurIPS'22); bitsandbytes";
    out.push_back(
        {path(st, "params"), "frozen + quant_constants + trainable",
         n(row.param_frozen) + " + " + n(row.param_quant_constants) + " + " + n(row.param_trainable) + " B",
         row.params, "B", "LoRA (Hu et al., ICLR'22) §4: the base frozen, the adapters trained"});
    out.push_back({path(st, "param_parts.frozen"),
                   zero >= 3 ? "((Ψ_gpu − Ψ_q) · w + Ψ_q · b_q) / N_d" : "(Ψ_gpu − Ψ_q) · w + Ψ_q · b_q",
                   "((" + n(sp.per_gpu) + " − " + n(sp.quantized_per_gpu) + ") × " + n(bytes.weights) +
                       " + " + n(sp.quantized_per_gpu) + " × " + n(q.data) + ") B" + nd,
                   row.param_frozen, "B", quantSource});
    out.push_back({path(st, "param_parts.quant_constants"), "Ψ_q · c" + byZero3,
                   n(sp.quantized_per_gpu) + " × " + n(q.constants) + " B" + nd, row.param_quant_constants,
                   "B", quantSource});
    out.push_back({path(st, "param_parts.trainable"), "Ψ_lora · w" + byZero3,
                   n(sp.trainable_per_gpu) + " × " + n(bytes.weights) + " B" + nd, row.param_trainable, "B",
                   "LoRA (Hu et al., ICLR'22) §4: r · (d_in + d_out) per adapted matrix"});
    out.push_back(
        {path(st, "grads"), std::string("Ψ_lora · g") + (zero >= 2 ? " / N_d" : ""),
         n(sp.trainable_per_gpu) + " × " + n(bytes.grads) + " B" + (zero >= 2 ? " / " + n(shard.nd) : ""),
         row.grads, "B", kZeroSource});
    const bool paged = sc.training.paged_optimizer;
    const std::string opt =
        n(sp.trainable_per_gpu) + " × " + n(bytes.optimizer) + " B" + (zero >= 1 ? " / " + n(shard.nd) : "");
    out.push_back({path(st, "optimizer"),
                   paged ? std::string("0 (Ψ_lora · K on the host: paged)")
                         : std::string("Ψ_lora · K") + (zero >= 1 ? " / N_d" : ""),
                   paged ? "0 (" + opt + ")" : opt, row.optimizer, "B",
                   paged ? "QLoRA (Dettmers et al., NeurIPS'23) §3 (paged optimizers)"
                         : "ZeRO (Rajbhandari et al., SC'20) §3.1 (K = 12 for mixed-precision Adam), §5"});
}

// The buffers and their parts, the total and the capacity.
void explainBuffers(std::vector<Explanation>& out, const Scenario& sc, const StageMemory& row,
                    const StageParams& sp, const StateBytes& bytes)
{
    const ParallelSpec& par = sc.parallel;
    const int zero = std::clamp(par.zero_stage, 0, 3);
    const double nd = double(std::max<std::int64_t>(par.dp, 1));
    const std::int64_t pp = std::max<std::int64_t>(par.pp, 1);
    const bool offOpt = par.offload_optimizer != Offload::None && zero >= 1;
    const double t = double(std::max<std::int64_t>(par.tp, 1));
    const int st = row.stage;
    const auto n = [](double v) { return num(v); };
    out.push_back({path(st, "buffers"),
                   "ZeRO-3 gather + buckets + logits + CUDA context + MoE dispatch + FP8 weights + allocator",
                   n(row.buffer_zero3_gather) + " + " + n(row.buffer_grad_buckets) + " + " +
                       n(row.buffer_logits) + " + " + n(row.buffer_cuda_context) + " + " +
                       n(row.buffer_moe_dispatch) + " + " + n(row.buffer_fp8_weights) + " + " +
                       n(row.buffer_allocator) + " B",
                   row.buffers, "B", "docs/engine-model.md \"Buffers\" (documented allowances)"});
    if (zero >= 3 && nd > 1 && sc.training.lora() && sp.per_gpu > 0)
        out.push_back(
            {path(st, "buffer_parts.zero3_gather"), "Ψ_unit · (2 · W_gpu / Ψ_gpu + g · Ψ_lora / Ψ_gpu)",
             n(sp.largest_layer_per_gpu) + " × (2 × " + n(stageWeightBytes(sp, sc, bytes.weights).total()) +
                 " / " + n(sp.per_gpu) + " + " + n(bytes.grads) + " × " + n(sp.trainable_per_gpu) + " / " +
                 n(sp.per_gpu) + ") B",
             row.buffer_zero3_gather, "B",
             "DeepSpeed ZeRO-3 docs (stage3_prefetch_bucket_size: one module gathered ahead)"});
    else if (zero >= 3 && nd > 1)
        out.push_back(
            {path(st, "buffer_parts.zero3_gather"), "Ψ_unit · (2·w + g)",
             n(sp.largest_layer_per_gpu) + " × (2 × " + n(bytes.weights) + " + " + n(bytes.grads) + ") B",
             row.buffer_zero3_gather, "B",
             "DeepSpeed ZeRO-3 docs (stage3_prefetch_bucket_size: one module gathered ahead)"});
    else
        out.push_back({path(st, "buffer_parts.zero3_gather"), "0 (ZeRO stage < 3 or N_d = 1)", "0",
                       row.buffer_zero3_gather, "B", kZeroSource});
    out.push_back(
        {path(st, "buffer_parts.grad_buckets"), nd > 1 || offOpt ? "B_buckets" : "0 (N_d = 1 and no offload)",
         n(row.buffer_grad_buckets) + " B", row.buffer_grad_buckets, "B",
         "PyTorch DDP bucket_cap_mb (25 MiB, two in flight): scenario overheads.grad_bucket_bytes"});
    const bool last = st == pp - 1 && sc.model.kind == ModelKind::Transformer;
    const bool pytorchLoss = logitsGradients(sc.training) > 1;
    if (last)
        out.push_back(
            {path(st, "buffer_parts.logits"), pytorchLoss ? "2 · 4 · s · b · V / t" : "4 · s · b · V / t",
             std::string(pytorchLoss ? "2 × " : "") + "4 × " +
                 n(double(sc.model.seq_len) / double(std::max<std::int64_t>(par.cp, 1))) + " × " +
                 std::to_string(sc.training.micro_batch) + " × " + std::to_string(sc.model.vocab) + " / " +
                 n(t) + " B",
             row.buffer_logits, "B",
             pytorchLoss ? "Korthikanti et al., MLSys'23 §4.3 (fp32 logits and their gradient); PyTorch "
                           "F.cross_entropy's incoming gradient beside them (docs/validation.md)"
                         : "Korthikanti et al., MLSys'23 §4.3 (fp32 logits and their gradient)"});
    else
        out.push_back({path(st, "buffer_parts.logits"), "0 (not the last stage)", "0", row.buffer_logits, "B",
                       "Korthikanti et al., MLSys'23 §4.3"});
    out.push_back({path(st, "buffer_parts.cuda_context"), "C_ctx", n(row.buffer_cuda_context) + " B",
                   row.buffer_cuda_context, "B",
                   "documented allowance for the CUDA context and cuBLAS/NCCL workspaces: scenario "
                   "overheads.cuda_context_bytes"});
    if (row.buffer_moe_dispatch > 0)
        out.push_back(
            {path(st, "buffer_parts.moe_dispatch"),
             sc.parallel.ep_dispatcher == EpDispatcher::DeepEp
                 ? "2 · b · s / (c · t) · n_copies · h · e · f_load"
                 : "2 · b · s / (c · t) · k · h · e · f_load",
             "2 × " + n(expertAllToAllBytes(sc)) + " B", row.buffer_moe_dispatch, "B",
             sc.parallel.ep_dispatcher == EpDispatcher::DeepEp
                 ? "DeepEP (DeepSeek-V3 §3.2.2): send and receive buffers of one layer's dispatch, "
                   "one copy per node of the ep group (the nodes its etp × ep GPUs fill)"
                 : "Megatron-Core MoE all-to-all dispatcher (send and receive buffers of one layer)"});
    else
        out.push_back({path(st, "buffer_parts.moe_dispatch"), "0 (no MoE layer on the stage)", "0",
                       row.buffer_moe_dispatch, "B", "Megatron-Core MoE all-to-all dispatcher"});
    out.push_back(
        {path(st, "buffer_parts.fp8_weights"), "Ψ_layers · c_fp8",
         n(sp.layer_per_gpu) + " × " + n(fp8CopyBytes(sc.training)) + " B", row.buffer_fp8_weights, "B",
         "Transformer Engine FP8 weight caches; DeepSeek-V3 (arXiv:2412.19437) §3.3; OCP Microscaling "
         "Formats v1.0"});
    out.push_back({path(st, "buffer_parts.allocator"), "f_alloc · M_rest",
                   n(sc.overheads.allocator_fraction) + " × " +
                       n(row.params + row.grads + row.optimizer + row.activations + row.buffer_zero3_gather +
                         row.buffer_grad_buckets + row.buffer_logits + row.buffer_cuda_context +
                         row.buffer_moe_dispatch + row.buffer_fp8_weights) +
                       " B",
                   row.buffer_allocator, "B",
                   "documented allowance for PyTorch caching-allocator fragmentation: scenario "
                   "overheads.allocator_fraction"});
    out.push_back({path(st, "total"), "params + grads + optimizer + activations + buffers",
                   n(row.params) + " + " + n(row.grads) + " + " + n(row.optimizer) + " + " +
                       n(row.activations) + " + " + n(row.buffers) + " B",
                   row.total, "B", "docs/formats.md \"Result of eval\" (memory.per_gpu: the five parts)"});
    out.push_back({path(st, "capacity"), "M_GPU", n(row.capacity) + " B", row.capacity, "B",
                   "the GPU catalogue (cluster.gpu.memory_bytes; the vendor's datasheet)"});
}

// Every figure of one memory.per_gpu row, explained (EvalOptions::explain). The source strings are printed by
// eval --explain and stay word for word.
void explainStage(std::vector<Explanation>& out, const Scenario& sc, const StageMemory& row,
                  const StageParams& sp, const StateBytes& bytes, const ActivationParts& act)
{
    const auto n = [](double v) { return num(v); };
    explainStageShare(out, sc, row);
    if (sc.training.lora())
        explainLoraStates(out, sc, row, sp, bytes);
    else
        explainStates(out, sc, row, sp.per_gpu, bytes);
    out.push_back({path(row.stage, "activations"), "n_i · L_i · A_layer + A_recompute + A_emb + A_out",
                   n(row.in_flight) + " × " + n(double(row.layers)) + " × " + n(act.perLayer) + " B + " +
                       n(act.recompute) + " B + " + n(act.embedding) + " B + " + n(act.output) + " B",
                   row.activations, "B",
                   "Korthikanti et al., MLSys'23 §4 (bytes per layer), §4.3 (embedding and output layer)"});
    explainBuffers(out, sc, row, sp, bytes);
}

// Which pipeline stage a global rank belongs to, for a rank order given innermost first ("tp-dp-pp").
struct RankLayout
{
    std::int64_t ppStride = 1; // ranks between consecutive pipeline-stage indices
    std::int64_t pp = 1;
};

RankLayout rankLayout(const ParallelSpec& p)
{
    RankLayout r;
    r.pp = std::max<std::int64_t>(p.pp, 1);
    std::int64_t stride = 1;
    std::size_t pos = 0;
    const std::string& order = p.rank_order;
    while (pos <= order.size()) {
        const std::size_t dash = order.find('-', pos);
        const std::string dim = order.substr(pos, dash == std::string::npos ? std::string::npos : dash - pos);
        if (dim == "pp") {
            r.ppStride = stride;
            break;
        }
        // cp sits right outside tp unless the order names it (traffic/ranklayout.h)
        const bool cpNamed = order.find("cp") != std::string::npos;
        const std::int64_t cp = std::max<std::int64_t>(p.cp, 1);
        stride *= std::max<std::int64_t>(dim == "tp"   ? p.tp * (cpNamed ? 1 : cp)
                                         : dim == "cp" ? cp
                                                       : p.dp,
                                         1);
        if (dash == std::string::npos)
            break;
        pos = dash + 1;
    }
    return r;
}

// Number of ranks r in [0, end) with floor(r / stride) mod pp == stage.
std::int64_t ranksOfStageBelow(std::int64_t end, std::int64_t stage, const RankLayout& r)
{
    const std::int64_t period = r.ppStride * r.pp;
    const std::int64_t full = end / period;
    const std::int64_t rest = end % period;
    return full * r.ppStride + std::clamp<std::int64_t>(rest - stage * r.ppStride, 0, r.ppStride);
}

} // namespace

// Bytes per parameter of weights, gradients and optimizer states.
// Mixed precision with Adam: 2 + 2 + 12 (fp32 master weights, momentum, variance; ZeRO §3.1, K = 12).
// Other recipes: EleutherAI "Transformer Math 101" (fp32 weights and grads 4; 8-bit Adam 6 with a fp32
// master copy; SGD with momentum 8). Without a fp32 master copy (fp32, pure bf16) the states are the moments
// in the training dtype. Adafactor's factored second moment is O(rows + cols) per matrix and is neglected.
// fp8-mixed keeps bf16 weights and gradients with fp32 master states (Transformer Engine), so it costs
// what bf16-mixed costs.
StateBytes stateBytesPerParam(Precision precision, Optimizer optimizer)
{
    const bool mixed = precision == Precision::Bf16Mixed || precision == Precision::Fp16Mixed ||
                       precision == Precision::Fp8Mixed;
    const double w = precision == Precision::Fp32 ? 4 : 2;
    StateBytes b{w, w, 0};
    const double master = mixed ? 4 : 0;
    const double moment = mixed ? 4 : w; // one fp32 moment with a master copy, else in the training dtype
    switch (optimizer) {
    case Optimizer::Adam:
        b.optimizer = master + 2 * moment;
        break;
    case Optimizer::Adam8bit:
        b.optimizer = master + 2; // two 1-byte moments (Dettmers et al., ICLR'22)
        break;
    case Optimizer::AdamBf16:
        b.optimizer = master + 2 * std::min(moment, 2.0); // two BF16 moments (DeepSeek-V3 §3.3.3)
        break;
    case Optimizer::Sgd:
        b.optimizer = master;
        break;
    case Optimizer::SgdMomentum:
        b.optimizer = master + moment;
        break;
    case Optimizer::Adafactor:
        b.optimizer = master;
        break;
    }
    return b;
}

namespace {

// What one GPU of each stage puts on the host, CPU or NVMe, for the per-node totals.
struct HostShares
{
    std::vector<double> cpu;
    std::vector<double> nvme;
};

// The model states of one GPU of stage ROW (ROW.gpu_params parameters). ZeRO (Rajbhandari et al., SC'20) §5:
// stage 1 shards optimizer states over N_d, stage 2 also gradients, stage 3 also the weights: (2 + 2 +
// K)Ψ/N_d at stage 3. ZeRO-Offload (Ren et al., ATC'21) §4: the fp32 states, the update and the gradient
// partition live on the host; the GPU keeps fp16 weights and streams gradients out bucket by bucket.
// ZeRO-Infinity (SC'21) moves the weight partition too (stage 3 only), or puts states on NVMe.
void modelStates(StageMemory& row, const ParallelSpec& par, const StateBytes& bytes, HostShares& host,
                 const Sharding& shard)
{
    const int zero = std::clamp(par.zero_stage, 0, 3);
    const bool offOpt = par.offload_optimizer != Offload::None && zero >= 1;
    const bool offParams = par.offload_params != Offload::None && zero == 3;
    const std::size_t i = std::size_t(row.stage);
    // The dense weights' states shard over N_d (times cp), the routed experts' over their edp replicas.
    const double dense = row.gpu_params - shard.expertPsi, experts = shard.expertPsi;
    const auto sharded = [&](double perParam, bool on) {
        return dense * perParam / (on ? shard.nd : 1) + experts * perParam / (on ? shard.ned : 1);
    };
    row.params = sharded(bytes.weights, zero >= 3);
    row.grads = sharded(bytes.grads, zero >= 2);
    row.optimizer = sharded(bytes.optimizer, zero >= 1);
    double offloaded = 0;
    if (offOpt) {
        offloaded = row.optimizer + (zero >= 2 ? row.grads : sharded(bytes.grads, true));
        row.optimizer = 0;
        if (zero >= 2)
            row.grads = 0;
        (par.offload_optimizer == Offload::Cpu ? host.cpu : host.nvme)[i] += offloaded;
    }
    if (offParams) {
        (par.offload_params == Offload::Cpu ? host.cpu : host.nvme)[i] += row.params;
        row.params = 0;
    }
}

// The model states of one GPU of stage ROW under LoRA or QLoRA: the frozen base at its bits (with the
// quantization constants, QLoRA §3) and the adapters' weights, sharded like weights (ZeRO-3, FSDP); gradients
// and optimizer states only of the adapters, sharded like states (ZeRO-2, ZeRO-1). Paged optimizer states
// (QLoRA §3, bitsandbytes' paged optimizers) are counted on the host they are evicted to.
void loraStates(StageMemory& row, const Scenario& sc, const StageParams& sp, const StateBytes& bytes,
                HostShares& host, const Sharding& shard)
{
    const int zero = std::clamp(sc.parallel.zero_stage, 0, 3);
    const StageWeightBytes wb = stageWeightBytes(sp, sc, bytes.weights);
    const double all = wb.total();
    // ZeRO-3 shards the weights' bytes: the dense part over N_d, the routed experts' over N_ed.
    const double weightShare =
        zero >= 3 && all > 0 ? ((all - wb.expert) / shard.nd + wb.expert / shard.ned) / all : 1.0;
    row.param_frozen = wb.frozen * weightShare;
    row.param_quant_constants = wb.constants * weightShare;
    row.param_trainable = wb.trainable * weightShare;
    row.params = row.param_frozen + row.param_quant_constants + row.param_trainable;
    const double dense = sp.trainable_per_gpu - sp.trainable_expert_per_gpu,
                 experts = sp.trainable_expert_per_gpu;
    const auto sharded = [&](double perParam, bool on) {
        return dense * perParam / (on ? shard.nd : 1) + experts * perParam / (on ? shard.ned : 1);
    };
    row.trainable_params = sp.trainable_per_gpu;
    row.grads = sharded(bytes.grads, zero >= 2);
    row.optimizer = sharded(bytes.optimizer, zero >= 1);
    if (sc.training.paged_optimizer) {
        host.cpu[std::size_t(row.stage)] += row.optimizer;
        row.optimizer = 0;
    }
}

// One layer's activation bytes (layerActivationBytes(): dense or MoE, as the scenario recomputes or without
// recompute), worked out once per estimate rather than once per stage.
class LayerActivations
{
public:
    double bytes(const Scenario& sc, bool moe, bool noRecompute)
    {
        double& v = m_bytes[(moe ? 1 : 0) + (noRecompute ? 2 : 0)];
        if (v < 0) {
            if (noRecompute) {
                Scenario without = sc;
                without.training.recompute = Recompute::None;
                v = layerActivationBytes(without, moe).total();
            } else {
                v = layerActivationBytes(sc, moe).total();
            }
        }
        return v;
    }

private:
    std::array<double, 4> m_bytes{-1, -1, -1, -1};
};

// The activations of stage ROW: the schedule's in-flight microbatches times the stage's layers (Korthikanti
// et al., MLSys'23 §4.2.3), and the terms of the layer being recomputed and of the two ends of the model.
ActivationParts stageActivations(StageMemory& row, const Scenario& sc, const StageParams& sp,
                                 std::int64_t microbatches, LayerActivations& layer)
{
    const ParallelSpec& par = sc.parallel;
    const std::int64_t pp = std::max<std::int64_t>(par.pp, 1);
    const std::int64_t i = row.stage;
    const double cp = double(std::max<std::int64_t>(par.cp, 1));
    const double s = double(sc.model.seq_len) / cp, b = sc.training.micro_batch, h = sc.model.hidden;
    const double t = std::max<std::int64_t>(par.tp, 1);
    const double tsp = par.sequence_parallel ? t : 1.0;
    const double vocab = sc.model.kind == ModelKind::Transformer ? double(sc.model.vocab) : 0.0;
    ActivationParts parts;
    row.in_flight = inFlightMicrobatches(par.schedule, i, pp, microbatches, par.virtual_stages);
    // Dense and MoE layers keep different activations; the MTP modules are MoE layers on the last stage.
    const double mtp = sp.mtp ? double(std::max<std::int64_t>(sc.model.mtp_layers, 0)) : 0.0;
    const double dense = double(sp.layers - sp.moe_layers), moe = double(sp.moe_layers) + mtp;
    const double bytes =
        dense * layer.bytes(sc, false, false) + (moe > 0 ? moe * layer.bytes(sc, true, false) : 0.0);
    parts.perLayer = dense + moe > 0 ? bytes / (dense + moe) : 0.0;
    row.activations = row.in_flight * bytes;
    if (sc.training.recompute == Recompute::Full && row.layers > 0) {
        // The layer being recomputed materialises its full activations once.
        parts.recompute = layer.bytes(sc, moe > 0, true);
        row.activations += parts.recompute;
    }
    // The embedding's dropout mask, sbh bytes per microbatch (Korthikanti §4.3), when it has dropout.
    if (i == 0 && sc.training.dropout) {
        parts.embedding = row.in_flight * s * b * h / tsp;
        row.activations += parts.embedding;
    }
    if (i == pp - 1 && vocab > 0) { // final norm, output-layer input and fp32 logits: 4sbh/t·(1 + V/h)
        parts.output = row.in_flight * (1 + mtp) * (4 * s * b * h / tsp + 4 * s * b * vocab / t);
        row.activations += parts.output;
    }
    return parts;
}

// The buffers of stage ROW and its total.
void stageBuffers(StageMemory& row, const Scenario& sc, const StageParams& sp, const StateBytes& bytes)
{
    const ParallelSpec& par = sc.parallel;
    const double nd = std::max<std::int64_t>(par.dp, 1);
    const std::int64_t pp = std::max<std::int64_t>(par.pp, 1);
    const int zero = std::clamp(par.zero_stage, 0, 3);
    const bool offOpt = par.offload_optimizer != Offload::None && zero >= 1;
    // A context-parallel rank holds s/cp tokens of each sequence, and their logits.
    const double s = double(sc.model.seq_len) / double(std::max<std::int64_t>(par.cp, 1)),
                 b = sc.training.micro_batch;
    const double t = std::max<std::int64_t>(par.tp, 1);
    const double vocab = sc.model.kind == ModelKind::Transformer ? double(sc.model.vocab) : 0.0;
    if (zero >= 3 && nd > 1) {
        // The gathered layer being computed and the one prefetched, plus that layer's full gradient before
        // its reduce-scatter (DeepSpeed stage-3 prefetching one module ahead).
        row.buffer_zero3_gather = sp.largest_layer_per_gpu * (2 * bytes.weights + bytes.grads);
        if (sc.training.lora() && sp.per_gpu > 0) {
            // LoRA: the gathered layer at the stage's mean bytes per weight (a quantized base is gathered
            // quantized), and the gradient of its share of the adapters only.
            const StageWeightBytes wb = stageWeightBytes(sp, sc, bytes.weights);
            row.buffer_zero3_gather =
                sp.largest_layer_per_gpu *
                (2 * wb.total() / sp.per_gpu + bytes.grads * sp.trainable_per_gpu / sp.per_gpu);
        }
    }
    if (nd > 1 || offOpt)
        row.buffer_grad_buckets = sc.overheads.grad_bucket_bytes;
    if (row.stage == pp - 1 && vocab > 0) // gradient of the fp32 logits during backward
        row.buffer_logits = logitsGradients(sc.training) * 4 * s * b * vocab / t;
    row.buffer_cuda_context = sc.overheads.cuda_context_bytes;
    // The expert all-to-all's send and receive buffers of the layer at hand (Megatron-Core's dispatcher).
    if (sp.moe_layers > 0 || sp.mtp)
        row.buffer_moe_dispatch = 2 * expertAllToAllBytes(sc);
    row.buffer_fp8_weights = sp.layer_per_gpu * fp8CopyBytes(sc.training);
    const double beforeAllocator = row.params + row.grads + row.optimizer + row.activations +
                                   row.buffer_zero3_gather + row.buffer_grad_buckets + row.buffer_logits +
                                   row.buffer_cuda_context + row.buffer_moe_dispatch + row.buffer_fp8_weights;
    row.buffer_allocator = sc.overheads.allocator_fraction * beforeAllocator;
    row.buffers = row.buffer_zero3_gather + row.buffer_grad_buckets + row.buffer_logits +
                  row.buffer_cuda_context + row.buffer_moe_dispatch + row.buffer_fp8_weights +
                  row.buffer_allocator;
    row.total = beforeAllocator + row.buffer_allocator;
}

void overflowWarning(std::vector<Warning>& warnings, const Scenario& sc, const StageMemory& row)
{
    const double capacity = row.capacity;
    const std::int64_t i = row.stage;
    warnings.push_back({"memory.overflow",
                        "Stage " + std::to_string(i) + " needs " + formatQuantity(row.total, Unit::Bytes) +
                            " per GPU, " + formatQuantity(row.total - capacity, Unit::Bytes) +
                            " more than the " + sc.cluster.gpu.name + "'s " +
                            formatQuantity(capacity, Unit::Bytes),
                        {std::to_string(i), num(row.total, 17), num(row.total - capacity, 17),
                         sc.cluster.gpu.name, num(capacity, 17)}});
}

// The terms "c × H_i" of node N's GPUs by stage, for the explanation of a host total.
std::vector<std::string> hostTerms(const std::vector<double>& perGpu, std::int64_t n, std::int64_t gpn,
                                   std::int64_t pp, const RankLayout& layout)
{
    std::vector<std::string> terms;
    for (std::int64_t st = 0; st < pp; ++st) {
        const std::int64_t count =
            ranksOfStageBelow((n + 1) * gpn, st, layout) - ranksOfStageBelow(n * gpn, st, layout);
        if (count > 0 && perGpu[std::size_t(st)] > 0)
            terms.push_back(std::to_string(count) + " × " + num(perGpu[std::size_t(st)]) + " B");
    }
    return terms;
}

// Host memory per node: the sum over the node's GPUs of what their stage offloads. Consecutive ranks share a
// node; the stage of a rank follows the rank order. Counting ranks per stage is O(pp) per node. With EXPLAIN,
// the explanations of the busiest node's CPU and NVMe totals.
void hostMemory(MemoryResult& mem, const Scenario& sc, const HostShares& host,
                std::vector<Explanation>* explain)
{
    const ParallelSpec& par = sc.parallel;
    const std::int64_t pp = std::max<std::int64_t>(par.pp, 1);
    const std::int64_t gpn = std::max<std::int64_t>(sc.cluster.gpus_per_node, 1);
    const std::int64_t nodes = std::max<std::int64_t>(sc.cluster.nodes, 1);
    const std::vector<double>& cpuPerGpu = host.cpu;
    const std::vector<double>& nvmePerGpu = host.nvme;
    const bool anyHost = std::any_of(cpuPerGpu.begin(), cpuPerGpu.end(), [](double v) { return v > 0; }) ||
                         std::any_of(nvmePerGpu.begin(), nvmePerGpu.end(), [](double v) { return v > 0; });
    // With EXPLAIN: the busiest node's GPUs by stage, "c × H_i" terms, for the CPU and for NVMe.
    std::vector<std::string> terms[2];
    bool bounded = false;
    if (anyHost) {
        const RankLayout layout = rankLayout(par);
        if (double(nodes) * double(pp) <= 4e6) {
            for (std::int64_t n = 0; n < nodes; ++n) {
                double cpu = 0, nvme = 0;
                for (std::int64_t st = 0; st < pp; ++st) {
                    const double count = double(ranksOfStageBelow((n + 1) * gpn, st, layout) -
                                                ranksOfStageBelow(n * gpn, st, layout));
                    cpu += count * cpuPerGpu[std::size_t(st)];
                    nvme += count * nvmePerGpu[std::size_t(st)];
                }
                for (int k = 0; explain && k < 2; ++k)
                    if ((k == 0 ? cpu : nvme) > (k == 0 ? mem.cpu_bytes_per_node : mem.nvme_bytes_per_node))
                        terms[k] = hostTerms(k == 0 ? cpuPerGpu : nvmePerGpu, n, gpn, pp, layout);
                mem.cpu_bytes_per_node = std::max(mem.cpu_bytes_per_node, cpu);
                mem.nvme_bytes_per_node = std::max(mem.nvme_bytes_per_node, nvme);
            }
        } else {
            // Too many nodes to visit: bound each node by its GPUs all holding the largest stage share.
            mem.cpu_bytes_per_node = double(gpn) * *std::max_element(cpuPerGpu.begin(), cpuPerGpu.end());
            mem.nvme_bytes_per_node = double(gpn) * *std::max_element(nvmePerGpu.begin(), nvmePerGpu.end());
            bounded = true;
        }
    }
    if (!explain)
        return;
    for (int k = 0; k < 2; ++k) {
        const std::vector<double>& perGpu = k == 0 ? cpuPerGpu : nvmePerGpu;
        const double value = k == 0 ? mem.cpu_bytes_per_node : mem.nvme_bytes_per_node;
        const char* figure = k == 0 ? "memory.cpu_bytes_per_node" : "memory.nvme_bytes_per_node";
        if (bounded)
            explain->push_back(
                {figure, "G_node · max_i H_i",
                 std::to_string(gpn) + " × " + num(*std::max_element(perGpu.begin(), perGpu.end())) + " B",
                 value, "B", kOffloadSource});
        else
            explain->push_back({figure, "max_nodes Σ_i c_i · H_i", explainSum(terms[k], {}, terms[k].size()),
                                value, "B", kOffloadSource});
    }
}

// The node's host memory and NVMe against what the offload puts there, as GPU memory against its capacity: a
// warning naming the shortfall, and host_fits / nvme_fits false.
void hostCapacity(MemoryResult& mem, const Scenario& sc, std::vector<Warning>* warnings,
                  std::vector<Explanation>* explain)
{
    const NodeCapacity host = hostMemoryPerNode(sc.cluster);
    const NodeCapacity nvme = nvmePerNode(sc.cluster);
    mem.host_memory_bytes_per_node = host.bytes;
    mem.nvme_capacity_bytes_per_node = nvme.bytes;
    mem.host_fits = mem.cpu_bytes_per_node <= host.bytes;
    mem.nvme_fits = mem.nvme_bytes_per_node <= nvme.bytes;
    const struct
    {
        const NodeCapacity& have;
        double need;
        bool fits;
        const char* code;
        const char* what;
        const char* figure;
    } rows[] = {
        {host, mem.cpu_bytes_per_node, mem.host_fits, "memory.host_overflow", "host memory",
         "memory.host_memory_bytes_per_node"},
        {nvme, mem.nvme_bytes_per_node, mem.nvme_fits, "memory.nvme_overflow", "NVMe",
         "memory.nvme_capacity_bytes_per_node"},
    };
    for (const auto& r : rows) {
        if (!r.fits && warnings)
            warnings->push_back({r.code,
                                 std::string("The offload needs ") + formatQuantity(r.need, Unit::Bytes) +
                                     " of " + r.what + " per node, " +
                                     formatQuantity(r.need - r.have.bytes, Unit::Bytes) +
                                     " more than the node's " + formatQuantity(r.have.bytes, Unit::Bytes),
                                 {num(r.need, 17), num(r.need - r.have.bytes, 17), num(r.have.bytes, 17)}});
        if (explain)
            explain->push_back({r.figure, r.have.formula, r.have.substituted, r.have.bytes, "B",
                                r.have.origin == "preset"
                                    ? "the machine's datasheet (docs/formats.md, \"presets\")"
                                    : "docs/engine-model.md, \"Host memory\""});
    }
}

// estimateMemory() with the warnings written to WARNINGS unless it is null.
MemoryResult memoryOf(const Scenario& sc, std::int64_t microbatches, std::vector<Warning>* warnings,
                      std::vector<Explanation>* explain)
{
    MemoryResult mem;
    const std::int64_t pp = std::max<std::int64_t>(sc.parallel.pp, 1);
    const StateBytes bytes = stateBytesPerParam(sc.training.precision, sc.training.optimizer);
    const auto stages = stageParams(sc);
    const auto layers = layersPerStage(sc);
    const double capacity = sc.cluster.gpu.memory_bytes;
    HostShares host{std::vector<double>(std::size_t(pp), 0.0), std::vector<double>(std::size_t(pp), 0.0)};
    LayerActivations layer;
    mem.per_gpu.reserve(std::size_t(pp));
    for (std::int64_t i = 0; i < pp; ++i) {
        const StageParams& sp = stages[std::size_t(i)];
        StageMemory row;
        row.stage = int(i);
        row.layers = layers[std::size_t(i)];
        row.stage_params = sp.total;
        row.gpu_params = sp.per_gpu;
        row.expert_params = sp.expert_per_gpu;
        if (sc.training.lora()) {
            loraStates(row, sc, sp, bytes, host, shardingOf(sc.parallel, row.expert_params));
        } else {
            modelStates(row, sc.parallel, bytes, host, shardingOf(sc.parallel, row.expert_params));
            row.param_trainable = row.params;
            row.trainable_params = sp.per_gpu;
        }
        const ActivationParts parts = stageActivations(row, sc, sp, microbatches, layer);
        stageBuffers(row, sc, sp, bytes);
        row.capacity = capacity;
        row.fits = row.total <= capacity;
        if (!row.fits && warnings)
            overflowWarning(*warnings, sc, row);
        if (row.total > mem.peak_gpu_bytes) {
            mem.peak_gpu_bytes = row.total;
            mem.peak_stage = int(i);
        }
        if (explain)
            explainStage(*explain, sc, row, sp, bytes, parts);
        mem.per_gpu.push_back(row);
    }
    hostMemory(mem, sc, host, explain);
    hostCapacity(mem, sc, warnings, explain);
    return mem;
}

} // namespace

MemoryResult estimateMemory(const Scenario& sc, std::int64_t microbatches, std::vector<Warning>& warnings,
                            std::vector<Explanation>* explain)
{
    return memoryOf(sc, microbatches, &warnings, explain);
}

MemoryResult estimateMemory(const Scenario& sc, std::int64_t microbatches)
{
    return memoryOf(sc, microbatches, nullptr, nullptr);
}

} // namespace ss
