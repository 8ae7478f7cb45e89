// SPDX-License-Identifier: GPL-3.0-or-later
#include "planner.h"

#include "collective.h"
#include "evaluate.h"
#include "fields.h"
#include "memory.h"
#include "presets.h"
#include "validate.h"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <mutex>
#include <optional>
#include <thread>

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

std::string num(std::int64_t v) { return std::to_string(v); }

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
    for (PlanObjective o : {PlanObjective::StepTime, PlanObjective::TokensPerGpu, PlanObjective::MemoryHeadroom})
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
    // A million GPUs is beyond any cluster built so far; the bound keeps the enumeration and the topology sane.
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
        if (transformer && (m.heads % tp != 0 || (m.kv_heads % tp != 0 && tp % m.kv_heads != 0) ||
                            m.ffn_hidden % tp != 0))
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
                    // incompatible with pipeline parallelism"); Megatron-LM's distributed optimizer is ZeRO-1.
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
                                // Narayanan et al. SC'21 §2.2.2: m a multiple of p, and v chunks of whole layers.
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

PlanResult planLayouts(const Scenario& scenario, const PlanOptions& options, const PlanProgress& progress,
                       const std::atomic<bool>* cancel)
{
    const auto started = std::chrono::steady_clock::now();
    PlanResult result;
    Scenario base;
    result.error = planBase(scenario, options.gpus, base);
    if (!result.error.empty())
        return result;
    // Problems the layout cannot fix (an unknown preset, a GPU without memory) stop the search up front with
    // the validator's own words; those about the layout itself are the search's to avoid.
    for (const Problem& p : validateScenario(base)) {
        if (p.path.rfind("parallel.dp", 0) == 0 || p.path.rfind("parallel.tp", 0) == 0 ||
            p.path.rfind("parallel.pp", 0) == 0 || p.path.rfind("parallel.schedule", 0) == 0 ||
            p.path.rfind("parallel.virtual_stages", 0) == 0 || p.path.rfind("parallel.zero_stage", 0) == 0 ||
            p.path.rfind("parallel.sequence_parallel", 0) == 0 || p.path.rfind("training.micro_batch", 0) == 0 ||
            p.path.rfind("training.global_batch", 0) == 0 || p.path.rfind("training.recompute", 0) == 0 ||
            p.path.rfind("parallel.offload", 0) == 0 || p.path.rfind("parallel.dp_sync", 0) == 0)
            continue;
        result.error = p.path + ": " + p.message;
        return result;
    }

    const std::vector<Layout> layouts = enumerateLayouts(base, options);
    result.total = std::int64_t(layouts.size());

    // The topology is the same for every layout: each worker routes it once and keeps its plans.
    Topology topology;
    const bool haveTopology = scenarioTopology(base, topology);

    unsigned threads = options.threads > 0 ? unsigned(options.threads) : std::thread::hardware_concurrency();
    threads = std::max(1u, threads);
    constexpr std::int64_t kChunk = 16; // layouts a worker takes at once: neighbours share (dp, tp, pp)
    threads = unsigned(std::min<std::int64_t>(threads, std::max<std::int64_t>(1, result.total / kChunk)));

    std::atomic<std::int64_t> next{0};
    std::atomic<std::int64_t> done{0};
    std::atomic<bool> stopped{false};
    std::mutex mutex;
    std::vector<PlanCandidate> feasible;
    std::int64_t evaluated = 0;

    const auto worker = [&]() {
        Scenario sc = base;
        std::optional<CommModel> model;
        if (haveTopology) {
            CommModel m;
            if (CommModel::fromTopology(topology, m))
                model.emplace(std::move(m));
        }
        EvalOptions eval;
        eval.comm_model = model ? &*model : nullptr;
        eval.drawing_detail = false;
        std::vector<PlanCandidate> fresh;
        std::vector<Warning> warnings;
        std::int64_t localEvaluated = 0;
        while (true) {
            const std::int64_t start = next.fetch_add(kChunk);
            if (start >= result.total)
                break;
            const std::int64_t end = std::min(result.total, start + kChunk);
            for (std::int64_t i = start; i < end; ++i) {
                if (cancel && cancel->load(std::memory_order_relaxed)) {
                    stopped = true;
                    break;
                }
                const Layout& l = layouts[std::size_t(i)];
                applyLayout(sc, l);
                if (!validateScenario(sc).empty())
                    continue; // a rule enumerateLayouts() does not mirror: not a layout at all
                ++localEvaluated;
                // Memory first: it costs microseconds and most layouts of a large model fail here.
                warnings.clear();
                const std::int64_t micro = sc.training.global_batch / (l.dp * l.micro_batch);
                if (!fitsAll(estimateMemory(sc, micro, warnings)))
                    continue;
                const Result r = evaluate(sc, eval);
                PlanCandidate c;
                c.layout = l;
                c.index = i;
                c.fits = fitsAll(r.memory);
                if (!c.fits)
                    continue;
                c.step_time_s = r.step.time_s;
                c.tokens_per_s = r.step.tokens_per_s;
                c.mfu = r.step.mfu;
                c.peak_gpu_bytes = r.memory.peak_gpu_bytes;
                c.capacity_bytes = r.memory.per_gpu.front().capacity;
                c.exposed_comm_s = r.step.exposed_comm_s;
                c.bubble_fraction = r.step.bubble_fraction;
                fresh.push_back(c);
            }
            const std::int64_t total = done.fetch_add(end - start) + (end - start);
            {
                const std::lock_guard<std::mutex> lock(mutex);
                evaluated += localEvaluated;
                localEvaluated = 0;
                feasible.insert(feasible.end(), fresh.begin(), fresh.end());
                if (progress)
                    progress(std::min(total, result.total), result.total, fresh);
            }
            fresh.clear();
            if (stopped)
                break;
        }
        const std::lock_guard<std::mutex> lock(mutex);
        evaluated += localEvaluated;
    };

    if (threads == 1) {
        worker();
    } else {
        std::vector<std::thread> pool;
        for (unsigned t = 0; t < threads; ++t)
            pool.emplace_back(worker);
        for (std::thread& t : pool)
            t.join();
    }

    result.cancelled = stopped;
    result.evaluated = evaluated;
    result.feasible = std::int64_t(feasible.size());
    std::sort(feasible.begin(), feasible.end(),
              [](const PlanCandidate& a, const PlanCandidate& b) { return a.index < b.index; });
    std::vector<PlanCandidate> ranked = feasible;
    const std::size_t top = std::min(ranked.size(), std::size_t(std::max(0, options.top)));
    std::partial_sort(ranked.begin(), ranked.begin() + std::ptrdiff_t(top), ranked.end(),
                      [&](const PlanCandidate& a, const PlanCandidate& b) {
                          return planBetter(a, b, options.objective);
                      });
    ranked.resize(top);
    result.best = std::move(ranked);
    result.feasibleAll = std::move(feasible);
    result.elapsed_s = std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count();
    return result;
}

} // namespace ss
