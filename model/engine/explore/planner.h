// SPDX-License-Identifier: GPL-3.0-or-later
// The layout planner: every parallel layout of the scenario's model on its cluster (dp × tp × pp × cp, the
// uneven stage splits, ep and etp of a mixture of experts, micro batch, ZeRO stage, recompute, schedule with
// its virtual stages, sequence parallelism), evaluated with the same evaluate() that `eval` runs, filtered
// to those that fit in memory and ranked. Runs on all cores; cancellable; reports results as they come.
#pragma once

#include "scenario.h"

#include <atomic>
#include <cstdint>
#include <functional>
#include <string>
#include <vector>

namespace ss {

// One point of the search: the fields the planner varies. Everything else comes from the scenario.
struct Layout
{
    std::int64_t dp = 1;
    std::int64_t tp = 1;
    std::int64_t pp = 1;
    std::int64_t cp = 1;  // context parallel: the sequence split over cp ranks
    std::int64_t ep = 1;  // expert parallel (mixture of experts only)
    std::int64_t etp = 0; // tensor parallel inside the experts; 0: as tp
    // An uneven pipeline: Megatron-LM's first/last-stage layers (0: the even split, the remainder to the
    // first stages), or the scenario's own pipeline_layers (layoutOf() carries them; the search never sets
    // them).
    std::int64_t first_stage_layers = 0;
    std::int64_t last_stage_layers = 0;
    std::vector<std::int64_t> pipeline_layers;
    std::int64_t micro_batch = 1;
    int zero_stage = 0;
    Recompute recompute = Recompute::None;
    Schedule schedule = Schedule::OneFOneB;
    std::int64_t virtual_stages = 1;
    bool sequence_parallel = false;
    // The fine-tuning recipe (PlanOptions::methods, lora_ranks, optimizers): full training or LoRA/QLoRA
    // adapters of LORA_RANK, and the optimizer (8-bit Adam keeps its two states in one byte each).
    TrainingMethod method = TrainingMethod::Full;
    std::int64_t lora_rank = 8;
    Optimizer optimizer = Optimizer::Adam;
    bool operator==(const Layout&) const = default;
};

enum class PlanObjective
{
    StepTime,       // shortest step first
    TokensPerGpu,   // most tokens/s per GPU first (the same order as step time at a fixed GPU count)
    MemoryHeadroom, // most free memory on the fullest GPU first
};
const char* planObjectiveName(PlanObjective objective); // "step-time", "tokens-per-gpu", "memory-headroom"
bool planObjectiveFromName(const std::string& name, PlanObjective& out);

struct PlanOptions
{
    std::int64_t gpus = 0;        // 0: the scenario's cluster; else nodes = gpus / gpus_per_node
    bool tp_across_nodes = false; // tp larger than a node (tp all-reduces over the network)
    bool zero_with_pp = false;    // ZeRO-2/3 together with pp > 1 (DeepSpeed refuses it; see planner.cpp)
    std::int64_t max_micro_batch = 32;
    std::int64_t max_virtual_stages = 8;
    std::vector<int> zero_stages{0, 1, 2, 3};
    std::vector<Recompute> recomputes{Recompute::None, Recompute::Selective, Recompute::Full};
    std::vector<Schedule> schedules{Schedule::GPipe, Schedule::OneFOneB, Schedule::Interleaved,
                                    Schedule::ZbH1};
    bool vary_sequence_parallel = true; // both off and on when tp > 1; else the scenario's setting
    // Context parallelism. Empty: powers of two up to max_cp with 2·cp dividing seq_len, cp > 1 only for long
    // sequences (seq_len ≥ long_sequence, or a scenario that already has cp > 1); else exactly these.
    std::vector<std::int64_t> cps;
    std::int64_t max_cp = 32;
    std::int64_t long_sequence = 16384;
    // Expert parallelism (mixture of experts). Empty: every divisor of model.experts with ep × etp dividing
    // the tp × cp × dp ranks of a stage; else these. Dense models always have ep 1.
    std::vector<std::int64_t> eps;
    // Tensor parallelism inside the experts, 0 meaning "as tp". Empty: as tp and 1 (mixture of experts; a
    // dense model keeps the scenario's); else these.
    std::vector<std::int64_t> etps;
    // When pp does not divide the layers: the remainder to the first stages, and Megatron-LM's first/last
    // split; only with at least two layers per stage.
    bool uneven_stages = true;
    // Fine-tuning recipes. Empty: the scenario's method, rank and optimizer; else every one listed (a rank
    // only with LoRA or QLoRA). With the step-time objective the fastest recipe that fits ranks first: on one
    // GPU, "the cheapest recipe that fits": full training, LoRA and QLoRA with an 8-bit optimizer or not,
    // micro batch and recompute.
    std::vector<TrainingMethod> methods;
    std::vector<std::int64_t> lora_ranks;
    std::vector<Optimizer> optimizers;
    PlanObjective objective = PlanObjective::StepTime;
    int top = 10;    // how many of the best PlanResult::best keeps
    int threads = 0; // 0: every core
};

// A layout with the figures of its evaluation.
struct PlanCandidate
{
    Layout layout;
    std::int64_t index = 0; // position in the enumeration: ties rank by it, so the order is deterministic
    bool fits = false;
    double step_time_s = 0;
    double tokens_per_s = 0;
    double mfu = 0;
    double peak_gpu_bytes = 0;
    double capacity_bytes = 0;
    double exposed_comm_s = 0;
    double bubble_fraction = 0;
};

struct PlanResult
{
    std::string error;          // the search could not start (no GPUs, a bad --gpus); nothing evaluated
    std::int64_t evaluated = 0; // layouts costed (memory for all; the step too for those that fit)
    std::int64_t feasible = 0;  // of those, the ones that fit in memory
    std::int64_t total = 0;     // layouts enumerated
    double elapsed_s = 0;
    bool cancelled = false;
    std::vector<PlanCandidate> best;        // the `top` best feasible layouts, best first
    std::vector<PlanCandidate> feasibleAll; // every feasible layout, in enumeration order
    // When no layout fits: the one that came closest (the least peak memory over its GPU's capacity) and a
    // sentence saying so and what would make room (nothing_fits; empty when some layout fits or none was
    // evaluated).
    bool haveClosest = false;
    PlanCandidate closest; // fits false; peak_gpu_bytes and capacity_bytes of its fullest stage
    std::string nothing_fits;
};

// Called from the worker threads, one call at a time: DONE of TOTAL layouts evaluated so far and the
// feasible ones found since the previous call.
using PlanProgress = std::function<void(std::int64_t done, std::int64_t total,
                                        const std::vector<PlanCandidate>& newlyFeasible)>;

// The fine-tuning recipes (`plan --recipes`, the planner view's "Fine-tuning recipes"): full training, LoRA
// and QLoRA, with the scenario's optimizer and 8-bit Adam, where OPTIONS does not list its own; ranks stay
// the scenario's unless listed.
void addFineTuningRecipes(PlanOptions& options, const Scenario& scenario);

// The scenario the search runs on: SCENARIO with the cluster resized to GPUS (0: unchanged). Returns ""
// or an error naming what is wrong.
std::string planBase(const Scenario& scenario, std::int64_t gpus, Scenario& out);

// Every layout the options allow that validateScenario() accepts, in a fixed order (tp, cp, pp, stage split,
// etp, ep, fine-tuning recipe, micro batch, ZeRO, recompute, sequence parallelism, schedule).
std::vector<Layout> enumerateLayouts(const Scenario& base, const PlanOptions& options);

// Megatron-LM's first/last-stage split of LAYERS over PP stages when PP does not divide them: both ends one
// share X, as large as it can be up to layers / pp, with the middle stages even and no smaller than X
// (Llama 3 405B: 126 layers on 16 stages, 7 at each end, 8 in the middle; arXiv:2407.21783 §3.3.2).
// 0 when there is none (pp < 3, pp dividing the layers, or no X that evens the middle).
std::int64_t megatronEndStageLayers(std::int64_t layers, std::int64_t pp);

// SCENARIO with LAYOUT's fields set.
Scenario withLayout(const Scenario& scenario, const Layout& layout);
Layout layoutOf(const Scenario& scenario);

// True when A ranks before B under OBJECTIVE (ties: the smaller enumeration index).
bool planBetter(const PlanCandidate& a, const PlanCandidate& b, PlanObjective objective);

PlanResult planLayouts(const Scenario& scenario, const PlanOptions& options,
                       const PlanProgress& progress = {}, const std::atomic<bool>* cancel = nullptr);

} // namespace ss
