// SPDX-License-Identifier: GPL-3.0-or-later
#include "planner.h"

#include "collective.h"
#include "evaluate.h"
#include "fields.h"
#include "memory.h"
#include "parallelfor.h"
#include "presets.h"
#include "validate.h"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <mutex>
#include <optional>

namespace ss {

namespace {

std::vector<std::int64_t> divisors(std::int64_t n)
{
    std::vector<std::int64_t> small;
    std::vector<std::int64_t> large;
    for (std::int64_t d = 1; d * d <= n; ++d)
        if (n % d == 0) {
            small.push_back(d);
            if (d != n / d)
                large.push_back(n / d);
        }
    small.insert(small.end(), large.rbegin(), large.rend());
    return small;
}

std::string num(std::int64_t v)
{
    return std::to_string(v);
}

bool fitsAll(const MemoryResult& memory)
{
    if (memory.per_gpu.empty())
        return false;
    for (const StageMemory& s : memory.per_gpu)
        if (!s.fits)
            return false;
    return true;
}

void applyLayout(Scenario& sc, const Layout& l)
{
    sc.parallel.dp = l.dp;
    sc.parallel.tp = l.tp;
    sc.parallel.pp = l.pp;
    sc.parallel.zero_stage = l.zero_stage;
    sc.parallel.schedule = l.schedule;
    sc.parallel.virtual_stages = l.virtual_stages;
    sc.parallel.sequence_parallel = l.sequence_parallel;
    sc.training.micro_batch = l.micro_batch;
    sc.training.recompute = l.recompute;
}

} // namespace

const char* planObjectiveName(PlanObjective objective)
{
    switch (objective) {
    case PlanObjective::StepTime:
        return "step-time";
    case PlanObjective::TokensPerGpu:
        return "tokens-per-gpu";
    case PlanObjective::MemoryHeadroom:
        return "memory-headroom";
    }
    return "step-time";
}

bool planObjectiveFromName(const std::string& name, PlanObjective& out)
{
    for (PlanObjective o :
         {PlanObjective::StepTime, PlanObjective::TokensPerGpu, PlanObjective::MemoryHeadroom})
        if (name == planObjectiveName(o)) {
            out = o;
            return true;
        }
    return false;
}

std::string planBase(const Scenario& scenario, std::int64_t gpus, Scenario& out)
{
    out = scenario;
    if (gpus == 0 || gpus == scenario.gpus())
        return {};
    // A million GPUs is beyond any cluster built so far; the bound keeps the enumeration and the topology
    // sane.
    constexpr std::int64_t kMaxGpus = std::int64_t(1) << 20;
    if (gpus < 0 || gpus > kMaxGpus)
        return "--gpus: expected a GPU count from 1 to " + num(kMaxGpus) + ", got " + num(gpus);
    if (scenario.cluster.topology)
        return "--gpus: the scenario's explicit topology has " + num(scenario.gpus()) +
               " GPUs; edit the topology to change it";
    const std::int64_t perNode = scenario.cluster.gpus_per_node;
    if (perNode <= 0 || gpus % perNode != 0)
        return "--gpus: expected a multiple of the " + num(perNode) + " GPUs per node of " +
               scenario.cluster.node_preset + ", got " + num(gpus);
    out.cluster.nodes = gpus / perNode;
    // The layout is the planner's to choose: start from one that multiplies out, so validation of the base
    // does not trip over the old dp.
    out.parallel.dp = gpus / std::max<std::int64_t>(1, scenario.parallel.tp * scenario.parallel.pp);
    return {};
}

Scenario withLayout(const Scenario& scenario, const Layout& layout)
{
    Scenario sc = scenario;
    applyLayout(sc, layout);
    return sc;
}

Layout layoutOf(const Scenario& sc)
{
    Layout l;
    l.dp = sc.parallel.dp;
    l.tp = sc.parallel.tp;
    l.pp = sc.parallel.pp;
    l.zero_stage = sc.parallel.zero_stage;
    l.schedule = sc.parallel.schedule;
    l.virtual_stages = sc.parallel.virtual_stages;
    l.sequence_parallel = sc.parallel.sequence_parallel;
    l.micro_batch = sc.training.micro_batch;
    l.recompute = sc.training.recompute;
    return l;
}

std::vector<Layout> enumerateLayouts(const Scenario& base, const PlanOptions& options)
{
    std::vector<Layout> out;
    const ModelSpec& m = base.model;
    const ParallelSpec& bp = base.parallel;
    const std::int64_t n = base.gpus();
    const std::int64_t batch = base.training.global_batch;
    if (n <= 0 || batch <= 0 || m.layers <= 0)
        return out;
    const bool transformer = m.kind == ModelKind::Transformer;

    // ZeRO stages the rest of the recipe allows (validate.cpp): optimizer offload needs a stage of 1 or more,
    // parameter offload stage 3, a parameter server stage 0.
    std::vector<int> zeros;
    for (int z : options.zero_stages) {
        if (z < 0 || z > 3 || std::find(zeros.begin(), zeros.end(), z) != zeros.end())
            continue;
        if (bp.offload_optimizer != Offload::None && z < 1)
            continue;
        if (bp.offload_params != Offload::None && z != 3)
            continue;
        if (bp.dp_sync == DpSync::ParameterServer && z != 0)
            continue;
        zeros.push_back(z);
    }
    std::sort(zeros.begin(), zeros.end());

    for (std::int64_t tp : divisors(n)) {
        if (!options.tp_across_nodes && tp > base.cluster.gpus_per_node)
            continue;
        // Megatron-LM splits whole heads and FFN columns (the same rules validateScenario() applies).
        if (transformer &&
            (m.heads % tp != 0 || (m.kv_heads % tp != 0 && tp % m.kv_heads != 0) || m.ffn_hidden % tp != 0))
            continue;
        for (std::int64_t pp : divisors(n / tp)) {
            // Stages of whole, equal layer counts, as Megatron-LM requires.
            if (pp > m.layers || m.layers % pp != 0)
                continue;
            const std::int64_t dp = n / (tp * pp);
            if (batch % dp != 0)
                continue;
            for (std::int64_t mb : divisors(batch / dp)) {
                if (mb > options.max_micro_batch)
                    break;
                const std::int64_t micro = batch / (dp * mb);
                for (int z : zeros) {
                    // DeepSpeed's pipeline engine asserts that ZeRO-2 and ZeRO-3 are not combined with
                    // pipeline parallelism (deepspeed/runtime/pipe/engine.py: "ZeRO-2 and ZeRO-3 are
                    // incompatible with pipeline parallelism"); Megatron-LM's distributed optimizer is
                    // ZeRO-1.
                    if (pp > 1 && z > 1 && !options.zero_with_pp)
                        continue;
                    for (Recompute rc : options.recomputes) {
                        std::vector<bool> sps;
                        if (tp > 1 && options.vary_sequence_parallel)
                            sps = {false, true};
                        else
                            sps = {tp > 1 && bp.sequence_parallel};
                        for (bool sp : sps) {
                            Layout l{dp, tp, pp, mb, z, rc, Schedule::OneFOneB, 1, sp};
                            if (pp == 1) {
                                // One stage: the microbatches are gradient accumulation, one at a time
                                // whatever the schedule is called.
                                out.push_back(l);
                                continue;
                            }
                            for (Schedule s : options.schedules) {
                                l.schedule = s;
                                if (s != Schedule::Interleaved) {
                                    l.virtual_stages = 1;
                                    out.push_back(l);
                                    continue;
                                }
                                // Narayanan et al. SC'21 §2.2.2: m a multiple of p, and v chunks of whole
                                // layers.
                                if (micro % pp != 0)
                                    continue;
                                for (std::int64_t v = 2; v <= options.max_virtual_stages; ++v)
                                    if (m.layers % (pp * v) == 0) {
                                        l.virtual_stages = v;
                                        out.push_back(l);
                                    }
                            }
                        }
                    }
                }
            }
        }
    }
    return out;
}

bool planBetter(const PlanCandidate& a, const PlanCandidate& b, PlanObjective objective)
{
    switch (objective) {
    case PlanObjective::StepTime:
        if (a.step_time_s != b.step_time_s)
            return a.step_time_s < b.step_time_s;
        break;
    case PlanObjective::TokensPerGpu:
        // The GPU count is the same for every layout of one search, so tokens/s orders them.
        if (a.tokens_per_s != b.tokens_per_s)
            return a.tokens_per_s > b.tokens_per_s;
        break;
    case PlanObjective::MemoryHeadroom: {
        const double ha = a.capacity_bytes - a.peak_gpu_bytes;
        const double hb = b.capacity_bytes - b.peak_gpu_bytes;
        if (ha != hb)
            return ha > hb;
        if (a.step_time_s != b.step_time_s)
            return a.step_time_s < b.step_time_s;
        break;
    }
    }
    if (a.peak_gpu_bytes != b.peak_gpu_bytes)
        return a.peak_gpu_bytes < b.peak_gpu_bytes;
    return a.index < b.index;
}

namespace {

// Problems the layout cannot fix (an unknown preset, a GPU without memory) stop the search up front with the
// validator's own words; those about the layout itself are the search's to avoid. Returns "" or the first.
std::string layoutIndependentProblem(const Scenario& base)
{
    for (const Problem& p : validateScenario(base)) {
        if (p.path.rfind("parallel.dp", 0) == 0 || p.path.rfind("parallel.tp", 0) == 0 ||
            p.path.rfind("parallel.pp", 0) == 0 || p.path.rfind("parallel.schedule", 0) == 0 ||
            p.path.rfind("parallel.virtual_stages", 0) == 0 || p.path.rfind("parallel.zero_stage", 0) == 0 ||
            p.path.rfind("parallel.sequence_parallel", 0) == 0 ||
            p.path.rfind("training.micro_batch", 0) == 0 || p.path.rfind("training.global_batch", 0) == 0 ||
            p.path.rfind("training.recompute", 0) == 0 || p.path.rfind("parallel.offload", 0) == 0 ||
            p.path.rfind("parallel.dp_sync", 0) == 0)
            continue;
        return p.path + ": " + p.message;
    }
    return {};
}

// What one worker of the search keeps across its layouts: a scratch scenario, its own communication model of
// the topology (routed once, its plans kept), and what it found since its last report.
struct alignas(64) PlanWorker // a cache line of its own: workers write their own all the time
{
    Scenario sc;
    bool started = false;
    std::optional<CommModel> model;
    EvalOptions eval;
    std::vector<Warning> warnings;
    std::vector<PlanCandidate> fresh; // feasible layouts not yet reported
    std::int64_t evaluated = 0;
};

// Evaluates LAYOUT, the INDEX-th of the enumeration, on worker W: a feasible one joins W's fresh list.
void evaluateLayout(PlanWorker& w, const Layout& l, std::int64_t index)
{
    Scenario& sc = w.sc;
    applyLayout(sc, l);
    if (!validateScenario(sc).empty())
        return; // a rule enumerateLayouts() does not mirror: not a layout at all
    ++w.evaluated;
    // Memory first: it costs microseconds and most layouts of a large model fail here.
    w.warnings.clear();
    const std::int64_t micro = sc.training.global_batch / (l.dp * l.micro_batch);
    if (!fitsAll(estimateMemory(sc, micro, w.warnings)))
        return;
    const Result r = evaluate(sc, w.eval);
    PlanCandidate c;
    c.layout = l;
    c.index = index;
    c.fits = fitsAll(r.memory);
    if (!c.fits)
        return;
    c.step_time_s = r.step.time_s;
    c.tokens_per_s = r.step.tokens_per_s;
    c.mfu = r.step.mfu;
    c.peak_gpu_bytes = r.memory.peak_gpu_bytes;
    c.capacity_bytes = r.memory.per_gpu.front().capacity;
    c.exposed_comm_s = r.step.exposed_comm_s;
    c.bubble_fraction = r.step.bubble_fraction;
    w.fresh.push_back(c);
}

// The search's figures from the feasible layouts: every one in enumeration order, the best ranked.
void rankFeasible(PlanResult& result, std::vector<PlanCandidate> feasible, const PlanOptions& options)
{
    result.feasible = std::int64_t(feasible.size());
    std::sort(feasible.begin(), feasible.end(),
              [](const PlanCandidate& a, const PlanCandidate& b) { return a.index < b.index; });
    std::vector<PlanCandidate> ranked = feasible;
    const std::size_t top = std::min(ranked.size(), std::size_t(std::max(0, options.top)));
    std::partial_sort(
        ranked.begin(), ranked.begin() + std::ptrdiff_t(top), ranked.end(),
        [&](const PlanCandidate& a, const PlanCandidate& b) { return planBetter(a, b, options.objective); });
    ranked.resize(top);
    result.best = std::move(ranked);
    result.feasibleAll = std::move(feasible);
}

} // namespace

PlanResult planLayouts(const Scenario& scenario, const PlanOptions& options, const PlanProgress& progress,
                       const std::atomic<bool>* cancel)
{
    const auto started = std::chrono::steady_clock::now();
    PlanResult result;
    Scenario base;
    result.error = planBase(scenario, options.gpus, base);
    if (result.error.empty())
        result.error = layoutIndependentProblem(base);
    if (!result.error.empty())
        return result;

    const std::vector<Layout> layouts = enumerateLayouts(base, options);
    result.total = std::int64_t(layouts.size());

    // The topology is the same for every layout: each worker routes it once and keeps its plans.
    Topology topology;
    const bool haveTopology = scenarioTopology(base, topology);

    ParallelForOptions parallel;
    parallel.threads = options.threads > 0 ? unsigned(options.threads) : 0;
    parallel.chunk = 16; // layouts a worker takes at once: neighbours share (dp, tp, pp)
    parallel.cancel = cancel;
    std::vector<PlanWorker> workers(parallelWorkers(layouts.size(), parallel));
    for (PlanWorker& w : workers)
        w.sc = base;
    std::atomic<std::int64_t> done{0};
    std::mutex mutex;
    std::vector<PlanCandidate> feasible;

    const auto body = [&](std::size_t i, unsigned worker) {
        PlanWorker& w = workers[worker];
        if (!w.started) {
            // On the worker's own thread, so that the workers route the topology side by side.
            w.started = true;
            CommModel m;
            if (haveTopology && CommModel::fromTopology(topology, m))
                w.model.emplace(std::move(m));
            w.eval.comm_model = w.model ? &*w.model : nullptr;
            w.eval.drawing_detail = false;
        }
        evaluateLayout(w, layouts[i], std::int64_t(i));
    };
    // After each chunk: the worker's feasible layouts join the others and the caller hears of them.
    const auto chunkDone = [&](std::size_t begin, std::size_t end, unsigned worker) {
        PlanWorker& w = workers[worker];
        const std::int64_t n = std::int64_t(end - begin);
        const std::int64_t total = done.fetch_add(n) + n;
        {
            const std::lock_guard<std::mutex> lock(mutex);
            feasible.insert(feasible.end(), w.fresh.begin(), w.fresh.end());
            if (progress)
                progress(std::min(total, result.total), result.total, w.fresh);
        }
        w.fresh.clear();
    };
    result.cancelled = !parallelFor(layouts.size(), parallel, body, chunkDone);

    for (const PlanWorker& w : workers)
        result.evaluated += w.evaluated;
    rankFeasible(result, std::move(feasible), options);
    result.elapsed_s = std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count();
    return result;
}

} // namespace ss
