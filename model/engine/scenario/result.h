// SPDX-License-Identifier: GPL-3.0-or-later
// The result of one evaluation, as plain data (docs/formats.md, "Result of eval").
#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace ss {

// One row per pipeline stage: what one GPU of that stage holds at its peak.
struct StageMemory
{
    int stage = 0;
    std::int64_t layers = 0;  // transformer layers on this stage (all its virtual chunks)
    double stage_params = 0;  // parameters of the stage before tp split (embedding/head included)
    double gpu_params = 0;    // parameters one GPU of this stage holds a shard of (after tp)
    double expert_params = 0; // of them, routed-expert parameters (after ep and etp)
    double in_flight = 0; // microbatches whose activations are held at the peak (layer-equivalents / layers)
    double params = 0;    // bytes, the sum of the three parts below
    double param_frozen = 0;          // frozen base weights at their bits (LoRA, QLoRA; 0 in full training)
    double param_quant_constants = 0; // the quantized base's block constants
    double param_trainable = 0;       // weights with gradients: all of params in full training, the adapters
    double trainable_params = 0;      // parameters one GPU of this stage trains (the adapters with LoRA)
    double grads = 0;                 // bytes
    double optimizer = 0;             // bytes
    double activations = 0;           // bytes
    double buffers = 0;               // bytes, the sum of the parts below
    double buffer_zero3_gather = 0;
    double buffer_grad_buckets = 0;
    double buffer_logits = 0;
    double buffer_cuda_context = 0;
    double buffer_moe_dispatch = 0; // the expert all-to-all's send and receive buffers
    double buffer_fp8_weights = 0;  // FP8 copies of the GEMM weights (and their scales)
    double buffer_allocator = 0;
    double total = 0;
    double capacity = 0;
    bool fits = true;
};

struct MemoryResult
{
    std::vector<StageMemory> per_gpu;
    double peak_gpu_bytes = 0;
    int peak_stage = 0;
    double cpu_bytes_per_node = 0;         // offloaded states, the busiest node
    double nvme_bytes_per_node = 0;        // offloaded states, the busiest node
    double host_memory_bytes_per_node = 0; // the node's CPU memory (cluster.host_memory_bytes or its default)
    double nvme_capacity_bytes_per_node = 0; // the node's NVMe capacity (cluster.nvme_bytes or its default)
    bool host_fits = true;                   // cpu_bytes_per_node ≤ host_memory_bytes_per_node
    bool nvme_fits = true;                   // nvme_bytes_per_node ≤ nvme_capacity_bytes_per_node
};

struct ComputeResult
{
    double model_flops_per_step = 0;    // forward + backward matmul FLOPs, no recompute
    double hardware_flops_per_step = 0; // model FLOPs plus recompute
    double flops_per_token = 0;         // model FLOPs per trained token
};

struct Warning
{
    std::string code;
    std::string message;           // English sentence
    std::vector<std::string> args; // the sentence's variable parts (numbers in plain SI), for translations
};

// One explained figure: the formula in symbols, the numbers put into it, the value and its source.
struct Explanation
{
    std::string figure;      // "memory.per_gpu[0].optimizer"
    std::string formula;     // "K·Ψ/N_d"
    std::string substituted; // "12 B × 1.75e9 / 8"
    double value = 0;
    std::string unit;   // "B", "FLOP", "", ...
    std::string source; // "ZeRO (Rajbhandari et al., SC'20) §5"
};

// One phase of a collective's cost in the alpha-beta model (collective.h): its latency and its busiest link.
// A call's time is Σ over phases of repeat × (alpha_s + bytes / (effective_Bps × factor)). Kept so that the
// time can be explained (EvalOptions::explain); filled whether or not it is, at the cost of a copy.
struct CollectivePhase
{
    double alpha_s = 0; // latency of one run of the phase
    double steps = 0;   // its latency steps (ring all-reduce 2(n-1)): alpha_s = steps × the slowest step
    double volume = 0;  // the algorithm's bytes per link per byte of size (ring all-reduce 2(n-1)/n)
    double bytes = 0;   // bytes one run puts on its busiest link (the busier direction)
    double bandwidth_Bps = 0; // that link's bandwidth per direction, bonded links together
    double effective_Bps = 0; // bandwidth × efficiency
    double factor = 1;        // throughput on top of the efficiency (NVLS: the switch's reduction rate)
    int repeat = 1;           // runs of the phase per call
};
constexpr int kMaxCollectivePhases = 2;

// Communication of one training step (docs/formats.md, "Result of eval": comm; collective.h, comm.h). One
// row per kind of collective; a row's time is one call with every group of its kind running at once (all dp
// groups share the network). Link utilisation needs the step time and is filled in by the step model.
struct CommCollective
{
    std::string group; // "tp", "pp", "dp", "offload"
    std::string op;    // allreduce, allgather, reducescatter, sendrecv, push, pull, d2h, h2d
    double bytes = 0;  // one call's size (nccl-tests "size"; the biggest group's when stages differ)
    std::int64_t count_per_step = 0;
    double time_s = 0;           // one call
    double alpha_s = 0;          // the latency part of time_s (the step model scales the rest with size)
    std::string algorithm;       // ring, tree, hierarchical, direct, nvls, parameter-server, copy
    std::string bottleneck_link; // link id; empty when nothing moves
    std::int64_t ranks = 0;      // per group
    std::int64_t groups = 0;     // groups running at once
    double busbw_Bps = 0;        // nccl-tests bus bandwidth of one call
    std::array<CollectivePhase, kMaxCollectivePhases> phases{}; // the cost's phases (hierarchical: 2)
    int phase_count = 0;
    // For highlighting a collective: the ids of the links one call loads, and the first group's channels
    // (ring orders, tree chains) as GPU ids.
    std::vector<std::string> links;
    std::vector<std::vector<std::string>> rings;
};

struct CommLink
{
    std::string id;
    std::string a;
    std::string b;
    std::string kind;
    double bandwidth_Bps = 0; // per direction, all bonded links together
    double efficiency = 1;
    double bytes_per_step = 0; // Σ over calls of the busier direction's bytes
    double busy_s = 0;         // bytes_per_step / (bandwidth_Bps × efficiency)
    double utilization = 0;    // busy_s / step time: left 0 here, set by the step model
    int link = -1;             // its index in the topology's links, as the graph numbers them (not in JSON)
};

// The loaded links of one kind, bandwidth (per direction, bonded links together) and efficiency
// (docs/formats.md, "Result of eval": comm.link_classes).
struct CommLinkClass
{
    std::string kind;
    double bandwidth_Bps = 0;
    double efficiency = 1;
    std::int64_t links = 0;        // loaded links of the class
    double bytes_per_step_max = 0; // the busiest link's
    double bytes_per_step_sum = 0; // over the class
    double busy_s_max = 0;
    double utilization_max = 0;  // set by the step model, as CommLink::utilization
    double utilization_mean = 0; // set by the step model
    std::string busiest_link;    // the first link, in topology order, with busy_s_max
    // Each link's busy_s in topology order, for the step model's utilisation; it clears them.
    std::vector<double> busy_s;
};

// One loaded link's load, by the graph's link index: CommLink's figures without its names, so that a reader
// of every link of a large cluster (the canvas's colours) reads 32 bytes a link, not a row of strings.
struct CommLinkLoad
{
    int link = -1;
    double bytes_per_step = 0;
    double busy_s = 0;
    double utilization = 0; // set by the step model
};

struct CommResult
{
    std::vector<CommCollective> collectives;
    // The links that carry traffic, in topology order. When links_aggregated, only each class's busiest
    // link, the step's bottleneck and the collectives' bottleneck links (EvalOptions::link_rows_max).
    std::vector<CommLink> links;
    std::int64_t links_total = 0; // loaded links, rows or not
    bool links_aggregated = false;
    std::vector<CommLinkClass> link_classes; // when links_aggregated
    std::string bottleneck_link;             // the link with the most busy time per step
    double serial_time_s = 0;                // Σ time_s × count_per_step, nothing overlapped
    std::vector<Warning> warnings;           // "comm.*"
    // Not in JSON: the TopologyGraph::serial() of the graph that numbered CommLink::link, 0 for none; and
    // links' loads, entry for entry, when links holds a row for every loaded link (else empty).
    std::uint64_t graph = 0;
    std::vector<CommLinkLoad> link_loads;
};

// What carries a box of the step's timeline, and what the box is (docs/formats.md, "Result of eval":
// timeline, stream and kind). One byte each, so that a step of a million boxes stays compact; the names are
// those the result's JSON writes.
enum class TimelineStream : std::uint8_t
{
    Compute,
    Tp,
    Ep, // expert-parallel all-to-all
    Cp, // context-parallel K/V exchange
    Pp,
    Dp,
    Pcie
};
constexpr int timelineStreamCount = 7;

enum class TimelineKind : std::uint8_t
{
    Forward,
    Backward,
    BackwardInput,
    BackwardWeight,
    Recompute,
    Optimizer,
    TpComm,
    EpComm,
    CpComm,
    PpSend,
    PpRecv,
    DpComm,
    ParamGather,
    DeviceToHost,
    HostToDevice,
    CpuOptimizer
};
constexpr int timelineKindCount = 16;

constexpr std::string_view timelineStreamName(TimelineStream stream)
{
    constexpr std::string_view names[timelineStreamCount] = {"compute", "tp", "ep", "cp", "pp", "dp", "pcie"};
    return names[static_cast<int>(stream)];
}

constexpr std::string_view timelineKindName(TimelineKind kind)
{
    constexpr std::string_view names[timelineKindCount] = {"forward",         "backward",  "backward-input",
                                                           "backward-weight", "recompute", "optimizer",
                                                           "tp-comm",         "ep-comm",   "cp-comm",
                                                           "pp-send",         "pp-recv",   "dp-comm",
                                                           "param-gather",    "d2h",       "h2d",
                                                           "cpu-optimizer"};
    return names[static_cast<int>(kind)];
}

// The stream or kind whose name is NAME; nullopt for none.
constexpr std::optional<TimelineStream> timelineStreamNamed(std::string_view name)
{
    for (int i = 0; i < timelineStreamCount; ++i)
        if (timelineStreamName(static_cast<TimelineStream>(i)) == name)
            return static_cast<TimelineStream>(i);
    return std::nullopt;
}
constexpr std::optional<TimelineKind> timelineKindNamed(std::string_view name)
{
    for (int i = 0; i < timelineKindCount; ++i)
        if (timelineKindName(static_cast<TimelineKind>(i)) == name)
            return static_cast<TimelineKind>(i);
    return std::nullopt;
}

// Compared with the names the JSON writes ("forward", "pp-send", ...).
constexpr bool operator==(TimelineStream stream, std::string_view name)
{
    return timelineStreamName(stream) == name;
}
constexpr bool operator==(TimelineKind kind, std::string_view name)
{
    return timelineKindName(kind) == name;
}

// One box of the step's timeline (docs/formats.md, "Result of eval": timeline): what one GPU's stream does
// from start_s to end_s. Plain data of 48 bytes: a step of a million boxes copies and frees as one block.
struct TimelineEvent
{
    int gpu = 0;   // global rank (identical data-parallel replicas are simulated once)
    int stage = 0; // pipeline stage
    TimelineStream stream = TimelineStream::Compute;
    TimelineKind kind = TimelineKind::Forward;
    bool critical = false; // on the step's critical path
    int microbatch = -1;   // -1: not tied to one microbatch
    int chunk = 0;         // virtual-stage chunk (interleaved schedule)
    int collective = -1;   // index into comm.collectives, -1 for none
    double start_s = 0;
    double end_s = 0;
    double bytes = 0; // communication and copies: bytes moved
};

// Figures of one training step (docs/formats.md, "Result of eval": step).
// The busiest stage's compute in one step by kernel class (kernels.h): what the kernel model (or the flat
// roofline, model "roofline") priced, microbatches and recompute included.
struct KernelBreakdown
{
    std::string model;      // "kernel" or "roofline" (compute.efficiency set)
    int stage = 0;          // the stage it is of
    double gemm_s = 0;      // linear layers' GEMMs (and the logits)
    double attention_s = 0; // the attention core
    double memory_s = 0; // memory-bound kernels: norms, activations, dropout, residual, rotary, casts, loss
    double optimizer_s = 0; // the optimizer step and gradient clipping on the GPU
    double launch_s = 0;    // launches beyond the kernels' own time
    double kernels = 0;     // kernels launched
    double scale = 1;       // compute.scale, already applied
};

// One op of the simulated step (a stage's forward, backward, ... of one chunk, any microbatch) by kernel
// class: what the timeline's compute boxes of that op are made of.
struct OpKernels
{
    int stage = 0;
    int chunk = 0;
    std::string kind; // "forward", "backward", "backward-input", "backward-weight", "recompute"
    double gemm_s = 0, attention_s = 0, memory_s = 0, launch_s = 0;
    double kernels = 0;
};

struct StepResult
{
    double time_s = 0;
    double compute_s = 0;       // compute-stream busy time of the busiest GPU (its tp collectives excluded)
    double exposed_comm_s = 0;  // communication not hidden behind compute, on the critical GPU (tp included)
    double bubble_fraction = 0; // idle compute-stream time over step time, averaged over GPUs: no op in
                                // progress (an op waiting on its tp collective is not idle)
    double tokens_per_s = 0;
    double mfu = 0; // model FLOP/s over peak
    double hfu = 0; // hardware FLOP/s (recompute included) over peak
    KernelBreakdown kernels;
};

// What limits the step most (docs/formats.md, "Result of eval": bottleneck).
// ARGS by kind (numbers in plain SI, shares as fractions of the step), as estimateStep() writes them:
//   compute: {share, the fraction of peak the kernels reach while computing}
//   bubble:  {share, pp, microbatches, schedule}
//   link:    {link id, link kind, traffic groups ("dp", "tp+pp"), share}
//   pcie:    {link id, offload bytes per parameter per step ("0": none), share, link kind,
//             groups of the collectives crossing PCIe ("" none, "dp", ...)}
//   memory:  id "host": {share, host memory bandwidth}; id = a stage: {stage, bytes needed, capacity}
struct Bottleneck
{
    std::string kind;              // "compute", "link", "pcie", "bubble", "memory"
    std::string id;                // link id for "link"/"pcie", stage for "memory"; may be empty
    std::string message;           // English sentence
    std::vector<std::string> args; // for translations, like Warning::args
};

struct Result
{
    std::int64_t gpus = 0;
    double params_total = 0;
    double params_active = 0;    // parameters one token passes through (k of E routed experts)
    double params_mtp = 0;       // multi-token-prediction modules, trained beside params_total
    double params_trainable = 0; // parameters with gradients: params_total + params_mtp, or LoRA's adapters
    std::int64_t microbatches = 0;
    MemoryResult memory;
    ComputeResult compute;
    CommResult comm;
    StepResult step;                     // zero until the step simulator has run
    Bottleneck bottleneck;               // kind empty until the step simulator has run
    std::vector<TimelineEvent> timeline; // filled when EvalOptions::timeline is set
    std::vector<OpKernels>
        timeline_kernels; // with the timeline: each op of a stage and chunk by kernel class
    std::vector<Warning> warnings;
    std::vector<Explanation> explain;
};

} // namespace ss
