// SPDX-License-Identifier: GPL-3.0-or-later
// estimateStep(): runs the step simulator for evaluate() and turns its output into the result's step figures,
// the bottleneck, the links' utilisation and the timeline (docs/formats.md, "Result of eval").
#include "stepsim.h"

#include "explain.h"
#include "linkclasses.h"
#include "memory.h"
#include "pipeschedule.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <map>
#include <string>

namespace ss {

namespace {

std::string num(double v)
{
    return explainNumber(v);
}

std::string percent(double fraction)
{
    return std::to_string(std::lround(fraction * 100)) + "%";
}

void warn(std::vector<Warning>& out, std::string code, std::string message,
          std::vector<std::string> args = {})
{
    out.push_back({std::move(code), std::move(message), std::move(args)});
}

const char* scheduleName(Schedule s)
{
    switch (s) {
    case Schedule::GPipe:
        return "gpipe";
    case Schedule::OneFOneB:
        return "1f1b";
    case Schedule::Interleaved:
        return "interleaved";
    case Schedule::ZbH1:
        return "zb-h1";
    }
    return "";
}

// How a sentence names a link of KIND (the link kind prefixes of docs/formats.md, "Scenario file").
std::string linkNoun(const std::string& kind)
{
    if (kind.rfind("host", 0) == 0)
        return "PCIe host link";
    if (kind.rfind("pcie", 0) == 0)
        return "PCIe link";
    if (kind.rfind("nvlink", 0) == 0 || kind.rfind("nvswitch", 0) == 0)
        return "NVLink";
    if (kind.rfind("qpi", 0) == 0 || kind.rfind("upi", 0) == 0)
        return "CPU socket link";
    return "network link";
}

// The source the explanations give for the simulated figures (printed by eval --explain: kept word for word).
const std::string kSimulation =
    "discrete-event simulation of the schedule (docs/engine-model.md \"The step\")";

struct Candidate
{
    double share = 0;
    Bottleneck bottleneck;
};

// One op of a stage's chunk summed as the simulator sums it (stepsim.cpp, m_opCost: unit by unit, backward
// passes from the last unit), so that its length is the compute box the timeline draws; and its parts.
struct OpParts
{
    double seconds = 0;
    double compute = 0;      // its compute segments, tp collectives left out
    std::int64_t layers = 0; // transformer layers in the chunk
    double layerCompute = 0; // one layer's compute segments
    int tpCount[2] = {0, 0}; // one layer's tp collectives by slot
    double tpSeconds[2] = {0, 0};
    double ends = 0; // the embedding and the output layer
};

OpParts opParts(const StepModel& model, int stage, int chunk, PipeOpKind kind)
{
    OpParts parts;
    const std::vector<int>& units = model.chunkUnits[std::size_t(stage)][std::size_t(chunk)];
    const bool reverse = kind != PipeOpKind::Forward && kind != PipeOpKind::Recompute;
    for (std::size_t pos = 0; pos < units.size(); ++pos) {
        const int u = units[reverse ? units.size() - 1 - pos : pos];
        double unitSeconds = 0;
        for (const Segment& seg : model.units[std::size_t(u)].segments(kind)) {
            parts.seconds += seg.seconds;
            unitSeconds += seg.seconds;
            if (seg.stream == SegmentStream::Compute)
                parts.compute += seg.seconds;
        }
        if (u == 0)
            ++parts.layers;
        else
            parts.ends += unitSeconds;
    }
    if (!model.units.empty())
        for (const Segment& seg : model.units[0].segments(kind)) {
            if (seg.stream == SegmentStream::Compute) {
                parts.layerCompute += seg.seconds;
            } else {
                const int slot = std::clamp(seg.tpSlot, 0, 1);
                ++parts.tpCount[slot];
                parts.tpSeconds[slot] = seg.seconds;
            }
        }
    return parts;
}

// The kinds of op a stage runs under MODEL's schedule, in the order the explanations list them.
std::vector<PipeOpKind> opKinds(const StepModel& model)
{
    std::vector<PipeOpKind> kinds{PipeOpKind::Forward};
    if (model.schedule == Schedule::ZbH1) {
        kinds.push_back(PipeOpKind::BackwardInput);
        kinds.push_back(PipeOpKind::BackwardWeight);
    } else {
        kinds.push_back(PipeOpKind::Backward);
    }
    if (model.recompute)
        kinds.push_back(PipeOpKind::Recompute);
    return kinds;
}

// One op of every kind, per stage (and chunk, when interleaved): a compute box of the timeline. Returns each
// stage's compute seconds by kind (summed over its chunks).
std::vector<std::vector<double>> explainOps(std::vector<Explanation>& out, const StepModel& model,
                                            const std::vector<PipeOpKind>& kinds)
{
    const int p = model.pp;
    const int v = model.chunks;
    const char* opSource = "roofline per GEMM (Williams et al., CACM 2009); Megatron-LM layer split "
                           "(Narayanan et al., SC'21 §3); tp collectives: comm.collectives";
    std::vector<std::vector<double>> computeByKind(std::size_t(p), std::vector<double>(kinds.size(), 0.0));
    for (int s = 0; s < p; ++s)
        for (int c = 0; c < v; ++c)
            for (std::size_t k = 0; k < kinds.size(); ++k) {
                const OpParts parts = opParts(model, s, c, kinds[k]);
                computeByKind[std::size_t(s)][k] += parts.compute;
                if (!(parts.seconds > 0))
                    continue;
                std::string tp = std::to_string(parts.tpCount[0]) + " × " + num(parts.tpSeconds[0]);
                if (parts.tpCount[1] > 0)
                    tp += " + " + std::to_string(parts.tpCount[1]) + " × " + num(parts.tpSeconds[1]);
                const std::string figure = "step.op_time_s[" + std::to_string(s) + "]" +
                                           (v > 1 ? "[" + std::to_string(c) + "]" : std::string()) + "." +
                                           pipeOpKindName(kinds[k]);
                out.push_back({figure, "L_op · (t_GEMM + n_tp · t_tp) + t_ends",
                               std::to_string(parts.layers) + " × (" + num(parts.layerCompute) + " + " + tp +
                                   ") s + " + num(parts.ends) + " s",
                               parts.seconds, "s", opSource});
            }
    return computeByKind;
}

// The optimizer of every stage: memory-bound, it streams gradients, states and weights once (stepmodel.cpp).
void explainOptimizer(std::vector<Explanation>& out, const Scenario& sc, const StepModel& model)
{
    const ParallelSpec& par = sc.parallel;
    const StateBytes state = stateBytesPerParam(sc.training.precision, sc.training.optimizer);
    const bool mixed = sc.training.precision == Precision::Bf16Mixed ||
                       sc.training.precision == Precision::Fp16Mixed ||
                       sc.training.precision == Precision::Fp8Mixed;
    const int zero = std::clamp(par.zero_stage, 0, 3);
    const std::string shard = " / " + std::to_string(zero >= 1 ? std::max<std::int64_t>(par.dp, 1) : 1);
    for (int s = 0; s < model.pp; ++s) {
        // The optimizer updates the trainable parameters (LoRA: the adapters).
        const double psi = s < int(model.stageParams.size()) ? model.trainableOf(s) : 0;
        if (model.optimizerSeconds[std::size_t(s)] > 0)
            out.push_back(
                {"step.op_time_s[" + std::to_string(s) + "].optimizer",
                 "Ψ_gpu / d · (g + 2·K + c·w) / BW_HBM",
                 num(psi) + shard + " × (" + num(state.grads) + " + 2 × " + num(state.optimizer) + " + " +
                     (mixed ? "1" : "2") + " × " + num(state.weights) + ") B / " +
                     num(sc.cluster.gpu.hbm_Bps) + " B/s",
                 model.optimizerSeconds[std::size_t(s)], "s",
                 "roofline (Williams et al., CACM 2009): the update reads and writes its states once; "
                 "ZeRO (Rajbhandari et al., SC'20) §3.1 (K)"});
        if (model.cpuOptimizerSeconds[std::size_t(s)] > 0)
            out.push_back(
                {"step.op_time_s[" + std::to_string(s) + "].cpu-optimizer",
                 "G_node · Ψ_gpu / N_d · (4 + 2·K + w) / BW_host",
                 std::to_string(std::clamp<std::int64_t>(sc.cluster.gpus_per_node, 1, sc.gpus())) + " × " +
                     num(psi) + shard + " × (4 + 2 × " + num(state.optimizer) + " + " + num(state.weights) +
                     ") B / " + num(kHostMemoryBps) + " B/s",
                 model.cpuOptimizerSeconds[std::size_t(s)], "s",
                 "ZeRO-Offload (Ren et al., ATC'21) §4.1; host memory bandwidth: stepsim.h kHostMemoryBps"});
    }
}

// The step's own figures: compute, exposed communication, bubble, throughput, MFU and HFU, and each link's
// utilisation. The source strings are part of the result (docs/formats.md) and stay as they are.
void explainFigures(std::vector<Explanation>& out, const Scenario& sc, const Result& r,
                    const StepModel& model, const StepSimulation& sim,
                    const std::vector<std::vector<double>>& computeByKind, std::size_t kindCount)
{
    const StepResult& step = r.step;
    const double T = step.time_s;
    // compute_s: the busiest stage's compute (m ops of each kind and chunk, tp left out) and optimizer.
    std::size_t busiest = 0;
    for (std::size_t s = 0; s < sim.stages.size(); ++s)
        if (sim.stages[s].compute_s > sim.stages[busiest].compute_s)
            busiest = s;
    std::string kindsText;
    for (std::size_t k = 0; k < kindCount && busiest < computeByKind.size(); ++k)
        kindsText += (k ? " + " : "") + num(computeByKind[busiest][k]);
    out.push_back({"step.compute_s", "max_i (m · Σ_k c_i,k + t_opt,i)",
                   std::to_string(model.microbatches) + " × (" + kindsText + ") s + " +
                       num(busiest < model.optimizerSeconds.size() ? model.optimizerSeconds[busiest] : 0) +
                       " s",
                   step.compute_s, "s", kSimulation});

    const StageStats& critical = sim.stages[std::size_t(sim.criticalStage)];
    out.push_back({"step.exposed_comm_s", "E = t_tp + t_comm∖compute",
                   num(critical.tp_s) + " s + " + num(critical.exposed_comm_s - critical.tp_s) + " s",
                   step.exposed_comm_s, "s", kSimulation + "; docs/formats.md \"Result of eval\" (step)"});

    std::vector<std::string> idle;
    double idleSum = 0;
    for (const StageStats& st : sim.stages) {
        const double x = std::max(T - st.compute_s - st.tp_s, 0.0);
        idle.push_back(num(x));
        idleSum += x;
    }
    const std::string idleText =
        idle.size() <= 8 ? "(" + explainSum(idle, {}, idle.size()) + ")" : num(idleSum);
    out.push_back({"step.bubble_fraction", "Σ_i max(T − C_i − TP_i, 0) / (p · T)",
                   idleText + " s / (" + std::to_string(sim.stages.size()) + " × " + num(T) + " s)",
                   step.bubble_fraction, "",
                   "docs/formats.md \"Result of eval\" (bubble_fraction); Narayanan et al., SC'21 §2.2: "
                   "(p−1)/(m+p−1) for GPipe and 1F1B"});
    out.push_back({"step.tokens_per_s", "B · s / T",
                   std::to_string(sc.training.global_batch) + " × " + std::to_string(sc.model.seq_len) +
                       " / " + num(T) + " s",
                   step.tokens_per_s, "1/s", "Narayanan et al., SC'21 §5.1 (throughput)"});
    out.push_back({"step.mfu", "MFU = F_model / (T · N · F_peak)",
                   num(r.compute.model_flops_per_step) + " / (" + num(T) + " × " + std::to_string(r.gpus) +
                       " × " + num(sc.cluster.gpu.peak_flops) + ")",
                   step.mfu, "", "PaLM (Chowdhery et al. 2022) App. B"});
    out.push_back({"step.hfu", "HFU = F_hw / (T · N · F_peak)",
                   num(r.compute.hardware_flops_per_step) + " / (" + num(T) + " × " + std::to_string(r.gpus) +
                       " × " + num(sc.cluster.gpu.peak_flops) + ")",
                   step.hfu, "", "PaLM (Chowdhery et al. 2022) App. B; Korthikanti et al., MLSys'23 §6"});
    for (std::size_t j = 0; j < r.comm.links.size(); ++j) {
        const CommLink& link = r.comm.links[j];
        out.push_back({explainPath("comm.links", j, "utilization"), "u = min(busy / T, 1)",
                       "min(" + num(link.busy_s) + " s / " + num(T) + " s, 1)", link.utilization, "",
                       "docs/formats.md \"Result of eval\" (utilization): busy_s / step.time_s"});
    }
}

// Explanations of the step (EvalOptions::explain): its time, one op of every stage, chunk and kind (a compute
// box of the timeline), the optimizer, the step's figures and each link's utilisation.
void explainStep(std::vector<Explanation>& out, const Scenario& sc, const Result& r, const StepModel& model,
                 const StepSimulation& sim)
{
    out.push_back({"step.time_s", "T = t_end of the last activity",
                   "p = " + std::to_string(model.pp) + ", m = " + std::to_string(model.microbatches) +
                       ", v = " + std::to_string(model.chunks),
                   r.step.time_s, "s", kSimulation + "; Narayanan et al., SC'21 §2.2 (schedules)"});
    const std::vector<PipeOpKind> kinds = opKinds(model);
    const std::vector<std::vector<double>> computeByKind = explainOps(out, model, kinds);
    explainOptimizer(out, sc, model);
    explainFigures(out, sc, r, model, sim, computeByKind, kinds.size());
}

// Warnings about how the simulation went: a stall, a coarse or a truncated timeline.
void simulationWarnings(std::vector<Warning>& warnings, const StepSimulation& sim)
{
    if (sim.stalled)
        warn(warnings, "step.stalled",
             "the pipeline schedule could not finish (a bug in ShardScope); the step figures cover what ran");
    if (sim.coarse)
        warn(warnings, "step.timeline_coarse",
             "the timeline would have more than " + std::to_string(kDetailedTimelineBoxes) +
                 " boxes; each op's tensor-parallel collectives are drawn inside its compute box",
             {std::to_string(kDetailedTimelineBoxes)});
    if (sim.truncated)
        warn(warnings, "step.timeline_truncated",
             "the timeline has more than " + std::to_string(kMaxTimelineEvents) +
                 " boxes; the rest are left out",
             {std::to_string(kMaxTimelineEvents)});
}

// The step figures (docs/formats.md, "step"). The stages' GPUs stand for every GPU: each stage has tp × dp of
// them. The compute stream idles when no op is in progress on it; a tensor-parallel collective inside a layer
// holds it (the layer cannot go on), so it counts as exposed communication, not as bubble.
void stepFigures(const Scenario& sc, Result& r, const StepSimulation& sim)
{
    const double T = sim.time_s;
    StepResult& step = r.step;
    step.time_s = T;
    double idle = 0;
    for (const StageStats& st : sim.stages) {
        step.compute_s = std::max(step.compute_s, st.compute_s);
        idle += std::max(T - st.compute_s - st.tp_s, 0.0);
    }
    const double stages = double(std::max<std::size_t>(sim.stages.size(), 1));
    step.bubble_fraction = std::clamp(idle / stages / T, 0.0, 1.0);
    step.exposed_comm_s = sim.stages.empty() ? 0 : sim.stages[std::size_t(sim.criticalStage)].exposed_comm_s;
    step.tokens_per_s = double(sc.training.global_batch) * double(sc.model.seq_len) / T;
    // MFU and HFU (PaLM, Chowdhery et al. 2022, App. B): FLOP/s achieved over the cluster's peak.
    const double peak = double(r.gpus) * sc.cluster.gpu.peak_flops;
    if (peak > 0) {
        step.mfu = r.compute.model_flops_per_step / T / peak;
        step.hfu = r.compute.hardware_flops_per_step / T / peak;
    }
}

// The busiest stage's compute by kernel class: each unit's forward and backward (and recompute) tally, m
// times, and the optimizer step.
void kernelFigures(const Scenario& sc, Result& r, const StepModel& model, const StepSimulation& sim,
                   std::vector<Explanation>* explain)
{
    std::size_t busiest = 0;
    for (std::size_t s = 0; s < sim.stages.size(); ++s)
        if (sim.stages[s].compute_s > sim.stages[busiest].compute_s)
            busiest = s;
    if (busiest >= model.chunkUnits.size())
        return;
    KernelTally tally;
    for (const std::vector<int>& chunk : model.chunkUnits[busiest])
        for (int u : chunk) {
            const StepUnit& unit = model.units[std::size_t(u)];
            tally += unit.kernelsOf(PipeOpKind::Forward);
            tally += unit.kernelsOf(PipeOpKind::Backward);
            if (model.recompute)
                tally += unit.kernelsOf(PipeOpKind::Recompute);
        }
    tally = tally.scaled(double(model.microbatches));
    KernelBreakdown& k = r.step.kernels;
    k.model = sc.compute.efficiency > 0 ? "roofline" : "kernel";
    k.stage = int(busiest);
    k.gemm_s = tally.seconds[int(KernelClass::Gemm)];
    k.attention_s = tally.seconds[int(KernelClass::Attention)];
    k.memory_s = tally.seconds[int(KernelClass::Memory)];
    k.launch_s = tally.seconds[int(KernelClass::Launch)];
    k.optimizer_s = busiest < model.optimizerSeconds.size() ? model.optimizerSeconds[busiest] : 0;
    k.kernels = tally.kernels;
    k.scale = sc.compute.scale > 0 ? sc.compute.scale : 1;
    if (!explain)
        return;
    // Each class: m microbatches of the stage's units (forward, backward and recompute), the per-microbatch
    // sum substituted, scaled by compute.scale (already in the per-unit times).
    const double m = double(model.microbatches);
    const std::string source =
        k.model == "kernel"
            ? "docs/engine-model.md \"Kernel model\": GEMM tile and wave quantization over the SMs at the "
              "measured MAMF (Bekman, Machine Learning Engineering), FlashAttention-2/3 (Dao 2023; Shah et "
              "al. 2024), memory-bound kernels at 85% of HBM bandwidth, launches"
            : "the flat roofline: GEMMs at compute.efficiency of the peak (Williams et al., CACM 2009)";
    const auto add = [&](const char* figure, const char* formula, double value) {
        explain->push_back({std::string("step.kernels.") + figure, formula,
                            std::to_string(model.microbatches) + " × " + num(m > 0 ? value / m : 0) + " s",
                            value, "s", source});
    };
    add("gemm_s", "m · Σ_units t_gemm", k.gemm_s);
    add("attention_s", "m · Σ_units t_attention", k.attention_s);
    add("memory_s", "m · Σ_units bytes / (0.85 · B_HBM)", k.memory_s);
    add("launch_s", "m · Σ_kernels max(0, t_launch − t_kernel)", k.launch_s);
    explain->push_back({"step.kernels.optimizer_s", "t_opt = Ψ_stage · bytes per parameter / (0.85 · B_HBM)",
                        num(k.optimizer_s) + " s", k.optimizer_s, "s",
                        "ZeRO (Rajbhandari et al., SC'20) §3.1: K bytes of states per parameter, streamed"});
    explain->push_back({"step.kernels.kernels", "m · Σ_units kernels",
                        std::to_string(model.microbatches) + " × " + num(m > 0 ? k.kernels / m : 0),
                        k.kernels, "", source});
    explain->push_back({"step.kernels.scale", "compute.scale", num(k.scale), k.scale, "",
                        "the scenario's compute.scale (fitted by calibrate)"});
    explain->push_back(
        {"step.kernels.stage", "argmax_i C_i", std::to_string(k.stage), double(k.stage), "", kSimulation});
}

// One op of every stage, chunk and kind by kernel class, for the timeline's compute boxes: the sum over the
// chunk's units (every microbatch's op is the same).
void timelineKernels(Result& r, const StepModel& model)
{
    static const char* const kKinds[] = {"forward", "backward", "backward-input", "backward-weight",
                                         "recompute"};
    for (std::size_t i = 0; i < model.chunkUnits.size(); ++i)
        for (std::size_t c = 0; c < model.chunkUnits[i].size(); ++c)
            for (int kind = 0; kind < 5; ++kind) {
                if (kind == int(PipeOpKind::Recompute) && !model.recompute)
                    continue;
                KernelTally tally;
                for (int u : model.chunkUnits[i][c])
                    tally += model.units[std::size_t(u)].kernels[kind];
                if (!(tally.total() > 0))
                    continue;
                OpKernels op;
                op.stage = int(i);
                op.chunk = int(c);
                op.kind = kKinds[kind];
                op.gemm_s = tally.seconds[int(KernelClass::Gemm)];
                op.attention_s = tally.seconds[int(KernelClass::Attention)];
                op.memory_s = tally.seconds[int(KernelClass::Memory)];
                op.launch_s = tally.seconds[int(KernelClass::Launch)];
                op.kernels = tally.kernels;
                r.timeline_kernels.push_back(op);
            }
}

// Link utilisation (docs/formats.md): busy time over the step T. The simulator runs each kind of traffic on
// its own stream, so a link that several kinds share can be busier than the step; then it is capped at 1 and
// a warning says so.
void linkUtilisation(Result& r, double T)
{
    for (CommLinkClass& c : r.comm.link_classes)
        classUtilisation(c, T);
    const CommLink* over = nullptr;
    for (CommLink& link : r.comm.links) {
        const double u = link.busy_s / T;
        if (u > 1.0 + 1e-6 && (!over || link.busy_s > over->busy_s))
            over = &link;
        link.utilization = std::clamp(u, 0.0, 1.0);
    }
    for (CommLinkLoad& load : r.comm.link_loads)
        load.utilization = std::clamp(load.busy_s / T, 0.0, 1.0);
    if (over)
        warn(r.warnings, "step.link_oversubscribed",
             "link " + over->id + " is busy " + num(over->busy_s) +
                 " s per step, longer than the simulated step of " + num(T) +
                 " s: the kinds of traffic that share it do not all fit, so the step is probably longer",
             {over->id, num(over->busy_s), num(T)});
}

// Compute: the busiest GPU's compute time.
Candidate computeCandidate(const Scenario& sc, const StepResult& step)
{
    Candidate c;
    c.share = step.compute_s / step.time_s;
    c.bottleneck.kind = "compute";
    // The rate while computing: the flat roofline's efficiency, or what the kernel model's kernels reach on
    // average (the GPUs' hardware FLOPs over their compute time, HFU · T / C).
    const double rate =
        sc.compute.efficiency > 0
            ? sc.compute.efficiency
            : (step.compute_s > 0 ? std::min(step.hfu * step.time_s / step.compute_s, 1.0) : 0.0);
    c.bottleneck.message = "compute: the busiest GPU computes " + percent(c.share) + " of the step at " +
                           percent(rate) + " of its peak FLOP/s";
    c.bottleneck.args = {num(c.share), num(rate)};
    return c;
}

// The bubble: the time the GPUs do nothing at all, on average.
Candidate bubbleCandidate(const Scenario& sc, const StepSimulation& sim, std::int64_t m)
{
    const double T = sim.time_s;
    const std::int64_t p = std::max<std::int64_t>(sc.parallel.pp, 1);
    const double stages = double(std::max<std::size_t>(sim.stages.size(), 1));
    double nothing = 0;
    for (const StageStats& st : sim.stages)
        nothing += std::max(T - st.busy_s, 0.0);
    Candidate c;
    c.share = nothing / stages / T;
    c.bottleneck.kind = "bubble";
    const char* schedule = scheduleName(sc.parallel.schedule);
    c.bottleneck.message = "pipeline bubble: the GPUs idle " + percent(c.share) + " of the step (" +
                           std::to_string(p) + " stages, " + std::to_string(m) + " microbatches, " +
                           schedule + ")";
    c.bottleneck.args = {num(c.share), std::to_string(p), std::to_string(m), schedule};
    return c;
}

// Critical seconds of a link: every call is charged to its collective's bottleneck link.
struct LinkShare
{
    double calls = 0;  // tp, pp, dp collectives
    double copies = 0; // offload copies
    std::string groups;
};

std::map<std::string, LinkShare> linkShares(const Result& r, const StepSimulation& sim)
{
    std::map<std::string, LinkShare> links;
    for (std::size_t i = 0; i < r.comm.collectives.size(); ++i) {
        const CommCollective& c = r.comm.collectives[i];
        const double calls = sim.criticalByCollective[i];
        const double copies = sim.criticalPcieByCollective[i];
        if (c.bottleneck_link.empty() || !(calls + copies > 0))
            continue;
        LinkShare& share = links[c.bottleneck_link];
        share.calls += calls;
        share.copies += copies;
        if (share.groups.find(c.group) == std::string::npos)
            share.groups += (share.groups.empty() ? "" : "+") + c.group;
    }
    return links;
}

// Adds the groups of GROUPS ("dp+tp") to INTO, each once, leaving out the offload copies.
void addGroups(std::string& into, const std::string& groups)
{
    for (std::size_t start = 0; start <= groups.size();) {
        const std::size_t plus = std::min(groups.find('+', start), groups.size());
        const std::string group = groups.substr(start, plus - start);
        if (group != "offload" &&
            (into.empty() || ("+" + into + "+").find("+" + group + "+") == std::string::npos))
            into += (into.empty() ? "" : "+") + group;
        start = plus + 1;
    }
}

// A link or PCIe: the time its calls sit on the critical path. A link of the PCIe fabric (pcie, host bridge)
// makes the bottleneck "pcie", any other "link". Links outside the PCIe fabric compete one by one; the PCIe
// links (the GPUs' own, the switches' host uplinks) together, since the offload copies and collectives that
// cross PCIe take turns on the same fabric. The busiest PCIe link names it.
void linkCandidates(std::vector<Candidate>& candidates, const Scenario& sc, const Result& r,
                    const StepModel& model, const StepSimulation& sim)
{
    const double T = sim.time_s;
    const double psiShare = [&] {
        const std::size_t s = std::size_t(sim.criticalStage);
        const double params = s < model.stageParams.size() ? model.stageParams[s] : 0;
        return params / double(std::max<std::int64_t>(sc.parallel.dp, 1));
    }();
    const double pcieBytes = sim.stages.empty() ? 0 : sim.stages[std::size_t(sim.criticalStage)].pcie_bytes;
    const double perParam = psiShare > 0 ? pcieBytes / psiShare : 0;
    Candidate pcie;
    pcie.bottleneck.kind = "pcie";
    double pcieBusiest = -1;
    std::string pcieGroups;
    bool pcieCopies = false;
    for (const auto& [id, share] : linkShares(r, sim)) {
        std::string kind;
        for (const CommLink& l : r.comm.links)
            if (l.id == id)
                kind = l.kind;
        const double seconds = share.calls + share.copies;
        const bool fabric = kind.rfind("pcie", 0) == 0 || kind.rfind("host", 0) == 0;
        if (fabric || share.copies > share.calls) {
            pcie.share += seconds / T;
            pcieCopies = pcieCopies || share.copies > 0;
            addGroups(pcieGroups, share.groups);
            if (seconds > pcieBusiest) {
                pcieBusiest = seconds;
                pcie.bottleneck.id = id;
                pcie.bottleneck.args = {id, kind};
            }
            continue;
        }
        Candidate c;
        c.share = seconds / T;
        c.bottleneck.kind = "link";
        c.bottleneck.id = id;
        c.bottleneck.message = linkNoun(kind) + " " + id + " (" + kind + ") carries " + share.groups +
                               " traffic on the critical path: " + percent(c.share) + " of the step";
        c.bottleneck.args = {id, kind, share.groups, num(c.share)};
        candidates.push_back(c);
    }
    if (pcieBusiest < 0)
        return;
    // "PCIe host link n0.pcie0~n0.cpu0 carries 4 bytes/param per step: 58% of the step"; with collectives
    // crossing PCIe too, "... carries dp traffic and 4 bytes/param per step: ...".
    const std::string id = pcie.bottleneck.args[0];
    const std::string kind = pcie.bottleneck.args[1];
    std::string what;
    if (!pcieGroups.empty())
        what = pcieGroups + " traffic";
    if (pcieCopies)
        what += (what.empty() ? "" : " and ") + num(perParam) + " bytes/param per step";
    pcie.bottleneck.message =
        linkNoun(kind) + " " + id + " carries " + what + ": " + percent(pcie.share) + " of the step";
    pcie.bottleneck.args = {id, num(pcieCopies ? perParam : 0), num(pcie.share), kind, pcieGroups};
    candidates.push_back(pcie);
}

// The bottleneck: what holds up the most of the step (compute, the bubble, a link or PCIe, the host's memory
// for the CPU optimizer). A stage that does not fit in memory comes before all of these: that step cannot
// run.
Bottleneck findBottleneck(const Scenario& sc, const Result& r, const StepModel& model,
                          const StepSimulation& sim, std::int64_t m)
{
    const double T = sim.time_s;
    std::vector<Candidate> candidates{computeCandidate(sc, r.step), bubbleCandidate(sc, sim, m)};
    linkCandidates(candidates, sc, r, model, sim);
    if (sim.critical_cpu_optimizer_s > 0) {
        Candidate c;
        c.share = sim.critical_cpu_optimizer_s / T;
        c.bottleneck.kind = "memory";
        c.bottleneck.id = "host";
        c.bottleneck.message = "the CPU optimizer step, bound by host memory bandwidth (" +
                               num(kHostMemoryBps / 1e9) + " GB/s per node assumed), takes " +
                               percent(c.share) + " of the step";
        c.bottleneck.args = {num(c.share), num(kHostMemoryBps)};
        candidates.push_back(c);
    }
    const Candidate* best = &candidates.front();
    for (const Candidate& c : candidates)
        if (c.share > best->share)
            best = &c;
    Bottleneck bottleneck = best->bottleneck;

    const StageMemory* worst = nullptr;
    for (const StageMemory& s : r.memory.per_gpu)
        if (!s.fits && (!worst || s.total - s.capacity > worst->total - worst->capacity))
            worst = &s;
    if (worst) {
        Bottleneck& b = bottleneck;
        b.kind = "memory";
        b.id = std::to_string(worst->stage);
        b.message = "stage " + b.id + " needs " + num(worst->total / 1e9) +
                    " GB per GPU, more than the GPU's " + num(worst->capacity / 1e9) +
                    " GB: the step cannot run";
        b.args = {b.id, num(worst->total), num(worst->capacity)};
    }
    return bottleneck;
}

} // namespace

void estimateStep(const Scenario& sc, Result& r, bool timeline, std::vector<Explanation>* explain,
                  bool bottleneck)
{
    const ParallelSpec& par = sc.parallel;
    const std::int64_t m = std::max<std::int64_t>(r.microbatches, 1);
    const std::int64_t p = std::max<std::int64_t>(par.pp, 1);
    const int v = chunksOf(par.schedule, par.virtual_stages);
    const StepModel model = buildStepModel(sc, m, r.comm);
    // The simulation visits every unit of every op: keep it to what runs in well under a second. Past that a
    // step is extrapolated along its steady period (stepsim.h) without its timeline, or, when it has no
    // steady line (or more microbatches than a count holds), left out.
    const double ops = double(p) * double(m) * double(v) * 4;
    const double visits = double(m) * double(std::max<std::int64_t>(sc.model.layers, 1) + 2 * p) * 4;
    const bool tooLarge = ops > 4e6 || visits > 4e7;
    StepSimulation sim;
    if (tooLarge && m <= std::int64_t(model.microbatches) && periodicSimulationApplies(model))
        sim = simulateStep(model, r.comm.collectives.size(), false, SimulationMode::Periodic);
    else if (!tooLarge)
        sim = simulateStep(model, r.comm.collectives.size(), timeline, SimulationMode::Auto, bottleneck);
    if (tooLarge && !(sim.time_s > 0)) {
        warn(r.warnings, "step.too_large",
             "the step has " + std::to_string(m) + " microbatches over " + std::to_string(p) +
                 " stages, too many to simulate; the step figures are left out",
             {std::to_string(m), std::to_string(p)});
        return;
    }
    if (tooLarge && timeline)
        warn(r.warnings, "step.timeline_too_large",
             "the step has " + std::to_string(m) + " microbatches over " + std::to_string(p) +
                 " stages, too many to draw; its figures come from its steady period and the timeline is "
                 "left out",
             {std::to_string(m), std::to_string(p)});
    const bool drawn = timeline && !tooLarge;
    simulationWarnings(r.warnings, sim);
    const double T = sim.time_s;
    if (!(T > 0))
        return;
    stepFigures(sc, r, sim);
    kernelFigures(sc, r, model, sim, explain);
    linkUtilisation(r, T);
    if (bottleneck)
        r.bottleneck = findBottleneck(sc, r, model, sim, m);
    if (explain)
        explainStep(*explain, sc, r, model, sim);
    if (drawn) {
        r.timeline = std::move(sim.timeline);
        timelineKernels(r, model);
    }
}

} // namespace ss
