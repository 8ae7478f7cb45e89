// SPDX-License-Identifier: GPL-3.0-or-later
#include "evaluate.h"

#include "comm.h"
#include "explain.h"
#include "memory.h"
#include "presets.h"
#include "stepsim.h"
#include "validate.h"
#include "workload.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <optional>
#include <string>

namespace ss {

namespace {

std::string num(double v)
{
    return explainNumber(v);
}

// The communication of a step on the model of the last cluster this thread evaluated: its routes, rings and
// plans carry over to the next evaluation of the same cluster (a GUI edit, a sweep), and building them is
// most of the communication's cost on large clusters. The model is rebuilt now and then so its caches stay
// small.
CommResult communication(const Scenario& sc, std::int64_t microbatches, std::vector<Explanation>* explain,
                         bool collectiveLinks, std::size_t linkRowsMax)
{
    struct Cache
    {
        ClusterSpec cluster;
        bool ps = false;
        std::int64_t servers = 0;
        int uses = 0;
        std::optional<CommModel> model;
    };
    thread_local Cache cache;
    // What scenarioTopology() reads besides the cluster: parameter servers join the topology.
    const bool ps = sc.parallel.dp_sync == DpSync::ParameterServer || sc.cluster.node_preset == "ps-cluster";
    const std::int64_t servers = sc.parallel.ps_servers;
    if (!cache.model || cache.uses >= 256 || cache.ps != ps || cache.servers != servers ||
        !(cache.cluster == sc.cluster)) {
        cache.model.reset();
        TopologyGraph graph;
        if (!scenarioGraph(sc, graph))
            return estimateCommunication(sc, microbatches, explain); // says what is wrong
        cache.cluster = sc.cluster;
        cache.ps = ps;
        cache.servers = servers;
        cache.uses = 0;
        cache.model.emplace(std::move(graph));
    }
    ++cache.uses;
    return estimateCommunication(sc, microbatches, *cache.model, true, explain, nullptr, collectiveLinks,
                                 linkRowsMax);
}

// The terms of the step's FLOPs, kept for their explanation.
struct FlopTerms
{
    double B = 0;     // global batch
    double L = 0;     // layers
    LayerFlops layer; // one layer of the main kind, forward, one sequence
    double logits = 0;
    double sequence = 0;  // the whole model's forward, one sequence (modelForwardFlops)
    double recompute = 0; // forward work recomputed in the backward
};

// What LoRA changes in the step's matmul FLOPs: a frozen weight needs no weight gradient, so its GEMMs cost
// 2× the forward instead of 3× (the attention core's backward, of activations only, stays 2×); each adapter
// on Linear(in, out) adds 3 · 2·r·(in + out) per token (k per token for routed experts).
double loraFlopsDelta(const Scenario& sc, const FlopTerms& f)
{
    const ModelSpec& m = sc.model;
    const TrainingSpec& tr = sc.training;
    const double s = double(m.seq_len), r = double(std::max<std::int64_t>(tr.lora_rank, 0));
    const double layers = double(std::max<std::int64_t>(m.layers, 1));
    const double dense = m.moe() ? double(std::clamp<std::int64_t>(m.dense_layers, 0, m.layers)) : layers;
    const double k = m.moe() ? double(std::clamp<std::int64_t>(m.experts_per_token, 1, m.experts)) : 1.0;
    const auto adapters = [&](bool moe) {
        double sum = 0;
        for (const LoraModule& mod : loraModules(m, moe))
            if (mod.target & tr.lora_targets)
                sum += 2 * r * (mod.in + mod.out) * (mod.experts ? k : mod.count) * s;
        return sum;
    };
    const bool head = tr.lora_targets & kLoraHead;
    const double frozenWeights = dense * layerForwardFlops(m, 1.0, false).dense +
                                 (layers - dense) * layerForwardFlops(m, 1.0, true).dense +
                                 (head ? 0.0 : f.logits);
    double adapter = dense * adapters(false) + (layers - dense) * adapters(true);
    if (head && m.kind == ModelKind::Transformer)
        adapter += 2 * r * (double(m.hidden) + double(m.vocab)) * s;
    return f.B * (3 * adapter - frozenWeights);
}

// FLOPs per step (docs/formats.md, "Result of eval"): forward + backward matmuls, backward twice the forward,
// over the global batch (Narayanan et al. SC'21 eq. 3 without recompute: 72BsLh²(1 + s/6h + V/12Lh)).
FlopTerms stepFlops(const Scenario& sc, ComputeResult& compute)
{
    const ModelSpec& m = sc.model;
    FlopTerms f;
    f.B = double(sc.training.global_batch);
    f.layer = layerForwardFlops(m, 1.0);
    f.logits = logitsForwardFlops(m, 1.0);
    f.L = double(m.layers);
    f.sequence = modelForwardFlops(m, 1.0);
    const double forward = f.B * f.sequence;
    compute.model_flops_per_step = 3 * forward;
    // Recompute adds forward work in the backward pass: the whole layer with full recompute (Narayanan eq. 3,
    // 96BsLh²(...)), the attention core with selective recompute (Korthikanti §5); the logits are never
    // recomputed.
    if (sc.training.recompute == Recompute::Full)
        f.recompute = f.B * (f.sequence - f.logits * double(1 + std::max<std::int64_t>(m.mtp_layers, 0)));
    else if (sc.training.recompute == Recompute::Selective) {
        if (!sc.training.flash_attention)
            f.recompute = f.B * f.L * f.layer.attention;
        // MLA's up-projections are redone too (the experts' SwiGLU is elementwise, no matmul FLOPs).
        if (m.kind == ModelKind::Transformer && m.attention == AttentionKind::Mla) {
            const double a = double(m.heads);
            const double up = double(m.q_lora_rank) * a * double(m.qk_nope_head_dim + m.qk_rope_head_dim) +
                              double(m.kv_lora_rank) * a * double(m.qk_nope_head_dim + m.v_head_dim);
            f.recompute += f.B * f.L * 2 * up * double(m.seq_len);
        }
    }
    if (sc.training.lora())
        compute.model_flops_per_step += loraFlopsDelta(sc, f);
    compute.hardware_flops_per_step = compute.model_flops_per_step + f.recompute;
    compute.flops_per_token = compute.model_flops_per_step / (f.B * double(m.seq_len));
    return f;
}

// Warnings about a layout that runs but not as the user may think.
void layoutWarnings(const Scenario& sc, std::vector<Warning>& warnings)
{
    const ModelSpec& m = sc.model;
    const ParallelSpec& p = sc.parallel;
    if (p.pipeline_layers.empty() && p.first_stage_layers <= 0 && p.last_stage_layers <= 0 &&
        m.layers % p.pp != 0)
        warnings.push_back({"model.uneven_stages",
                            std::to_string(m.layers) + " layers do not split evenly over " +
                                std::to_string(p.pp) + " stages; the first stages take one layer more",
                            {std::to_string(m.layers), std::to_string(p.pp)}});
    if (p.sequence_parallel && p.tp == 1)
        warnings.push_back(
            {"parallel.sequence_parallel_noop", "sequence parallelism has no effect with tp 1"});
}

// Explanations of the figures evaluate() computes itself (the GPUs, parameters, microbatches, FLOPs and the
// memory peak). The source strings are printed by eval --explain and stay word for word.
void explainTotals(std::vector<Explanation>& out, const Scenario& sc, const Result& r, const FlopTerms& f)
{
    const ModelSpec& m = sc.model;
    const ParallelSpec& p = sc.parallel;
    const ParamCount count = countParams(m);
    out.push_back({"gpus", "N = N_d · t · p",
                   std::to_string(p.dp) + " × " + std::to_string(p.tp) + " × " + std::to_string(p.pp),
                   double(r.gpus), "", "Narayanan et al., SC'21 §3 (PTD-P: N = t · p · N_d)"});
    if (m.kind == ModelKind::Transformer && m.moe()) {
        const double dense = double(std::clamp<std::int64_t>(m.dense_layers, 0, m.layers));
        const double moe = double(m.layers) - dense;
        out.push_back({"params_total", "Ψ = V·h + P·h + L_dense·Ψ_dense + L_moe·Ψ_moe + Ψ_norm + Ψ_head",
                       num(count.embedding) + " + " + num(count.positions) + " + " + num(dense) + " × " +
                           num(count.dense_layer.total()) + " + " + num(moe) + " × " +
                           num(count.moe_layer.total()) + " + " + num(count.final_norm) + " + " +
                           num(count.head + count.head_bias),
                       r.params_total, "",
                       "Narayanan et al., SC'21 eq. 2, generalised; DeepSeekMoE (arXiv:2401.06066) experts"});
        out.push_back({"params_active", "Ψ_active = Ψ − L_moe · Ψ_experts · (1 − k/E)",
                       num(r.params_total) + " − " + num(moe) + " × " + num(count.moe_layer.experts) +
                           " × (1 − " + std::to_string(m.experts_per_token) + " / " +
                           std::to_string(m.experts) + ")",
                       r.params_active, "",
                       "DeepSeek-V3 technical report (arXiv:2412.19437) §1: activated parameters"});
    } else if (m.kind == ModelKind::Transformer) {
        out.push_back({"params_total", "Ψ = V·h + P·h + L·Ψ_layer + Ψ_norm + Ψ_head",
                       num(count.embedding) + " + " + num(count.positions) + " + " + num(f.L) + " × " +
                           num(count.per_layer) + " + " + num(count.final_norm) + " + " +
                           num(count.head + count.head_bias),
                       r.params_total, "", "Narayanan et al., SC'21 eq. 2, generalised (GQA, SwiGLU, MoE)"});
    } else
        out.push_back({"params_total", "Ψ (given)", num(m.params), r.params_total, "",
                       "the scenario's model.params (docs/formats.md)"});
    if (r.params_mtp > 0) {
        const double norm = m.norm == NormKind::LayerNorm ? 2.0 * double(m.hidden) : double(m.hidden);
        out.push_back(
            {"params_mtp", "Ψ_mtp = n_mtp · (3·Ψ_norm + 2h² + Ψ_layer)",
             std::to_string(m.mtp_layers) + " × (3 × " + num(norm) + " + 2 × " + std::to_string(m.hidden) +
                 " × " + std::to_string(m.hidden) + " + " + num(count.moe_layer.total()) + ")",
             r.params_mtp, "", "DeepSeek-V3 technical report (arXiv:2412.19437) §2.2: MTP modules"});
    }
    out.push_back({"microbatches", "m = B / (N_d · b)",
                   std::to_string(sc.training.global_batch) + " / (" + std::to_string(p.dp) + " × " +
                       std::to_string(sc.training.micro_batch) + ")",
                   double(r.microbatches), "", "Narayanan et al., SC'21 §2"});
    if (m.moe() || m.mtp_layers > 0)
        out.push_back({"compute.model_flops_per_step",
                       "3 · B · (Σ_layers (2·Ψ_active,l·s + 2·s²·a·(d_qk + d_v)) + F_mtp + 2·s·h·V)",
                       "3 × " + num(f.B) + " × " + num(f.sequence), r.compute.model_flops_per_step, "FLOP",
                       "Narayanan et al., SC'21 eq. 3; PaLM App. B; DeepSeek-V3 (arXiv:2412.19437) §2"});
    else
        out.push_back({"compute.model_flops_per_step", "3 · B · (L · (2·Ψ_active·s + 4·s²·a·d) + 2·s·h·V)",
                       "3 × " + num(f.B) + " × (" + num(f.L) + " × " + num(f.layer.total()) + " + " +
                           num(f.logits) + ")",
                       r.compute.model_flops_per_step, "FLOP", "Narayanan et al., SC'21 eq. 3; PaLM App. B"});
    if (sc.training.lora()) {
        // The generic rows above hold the full-training formula; LoRA's replaces it (one row per figure).
        out.erase(
            std::remove_if(out.begin(), out.end(),
                           [](const Explanation& e) { return e.figure == "compute.model_flops_per_step"; }),
            out.end());
        out.push_back({"compute.model_flops_per_step", "3 · B · F_seq − B · F_frozen + 3 · B · F_lora",
                       "3 × " + num(f.B) + " × " + num(f.sequence) + " + " +
                           num(r.compute.model_flops_per_step - 3 * f.B * f.sequence),
                       r.compute.model_flops_per_step, "FLOP",
                       "LoRA (Hu et al., ICLR'22) §4.2: no weight gradients for frozen weights; "
                       "Narayanan et al., SC'21 eq. 3"});
        out.push_back({"params_trainable", "Σ_adapted r · (d_in + d_out)", num(r.params_trainable),
                       r.params_trainable, "",
                       "LoRA (Hu et al., ICLR'22) §4; PEFT print_trainable_parameters()"});
    }
    out.push_back({"compute.hardware_flops_per_step", "F_hw = F_model + F_recompute",
                   num(r.compute.model_flops_per_step) + " + " + num(f.recompute),
                   r.compute.hardware_flops_per_step, "FLOP",
                   "Korthikanti et al., MLSys'23 §5; Narayanan et al., SC'21 eq. 3"});
    out.push_back(
        {"compute.flops_per_token", "F_model / (B · s)",
         num(r.compute.model_flops_per_step) + " / (" + num(f.B) + " × " + std::to_string(m.seq_len) + ")",
         r.compute.flops_per_token, "FLOP",
         "Kaplan et al. 2020 §2.1 (≈ 6Ψ per token); PaLM (Chowdhery et al. 2022) App. B"});
    // The peak: every stage's total when they are few, else the largest one by its stage.
    std::string peak;
    if (r.memory.per_gpu.size() <= 8) {
        for (const StageMemory& st : r.memory.per_gpu)
            peak += (peak.empty() ? "max(" : ", ") + num(st.total);
        peak += ") B";
    } else {
        peak = "M_" + std::to_string(r.memory.peak_stage) + " = " + num(r.memory.peak_gpu_bytes) + " B";
    }
    out.push_back({"memory.peak_gpu_bytes", "max_i M_i", peak, r.memory.peak_gpu_bytes, "B",
                   "docs/formats.md \"Result of eval\" (the largest memory.per_gpu[i].total)"});
}

} // namespace

Result evaluate(const Scenario& sc, const EvalOptions& options)
{
    Result r;
    if (!options.validated) {
        const auto problems = validateScenario(sc);
        if (!problems.empty()) {
            for (const Problem& p : problems)
                r.warnings.push_back({"scenario.invalid", p.path + ": " + p.message});
            return r;
        }
    }

    const ParallelSpec& p = sc.parallel;
    std::vector<Explanation>* explain = options.explain ? &r.explain : nullptr;
    r.gpus = sc.gpus();
    const ParamCount count = countParams(sc.model);
    r.params_total = count.total;
    r.params_active = count.active;
    r.params_mtp = count.mtp;
    r.params_trainable =
        sc.training.lora() ? countLoraParams(sc.model, sc.training).total : count.total + count.mtp;
    r.microbatches = sc.training.global_batch / (p.dp * sc.training.micro_batch);
    layoutWarnings(sc, r.warnings);

    r.memory = options.memory ? *options.memory : estimateMemory(sc, r.microbatches, r.warnings, explain);
    if (options.communication) {
        r.comm =
            options.comm_model
                ? estimateCommunication(sc, r.microbatches, *options.comm_model, options.drawing_detail,
                                        explain, options.comm_cache, options.collective_links,
                                        options.link_rows_max)
                : communication(sc, r.microbatches, explain, options.collective_links, options.link_rows_max);
        r.warnings.insert(r.warnings.end(), r.comm.warnings.begin(), r.comm.warnings.end());
    }
    const FlopTerms flops = stepFlops(sc, r.compute);

    // The step: a discrete-event simulation over the costs above (stepsim.h); it also sets the links'
    // utilisation.
    estimateStep(sc, r, options.timeline, explain, options.bottleneck || explain);
    if (explain)
        explainTotals(*explain, sc, r, flops);
    return r;
}

} // namespace ss
