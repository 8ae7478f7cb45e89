// SPDX-License-Identifier: GPL-3.0-or-later
#include "planner.h"

#include "collective.h"
#include "comm.h"
#include "evaluate.h"
#include "fields.h"
#include "memory.h"
#include "parallelfor.h"
#include "presets.h"
#include "validate.h"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
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
    sc.parallel.cp = l.cp;
    sc.parallel.ep = l.ep;
    sc.parallel.etp = l.etp;
    sc.parallel.first_stage_layers = l.first_stage_layers;
    sc.parallel.last_stage_layers = l.last_stage_layers;
    sc.parallel.pipeline_layers = l.pipeline_layers;
    sc.parallel.zero_stage = l.zero_stage;
    sc.parallel.schedule = l.schedule;
    sc.parallel.virtual_stages = l.virtual_stages;
    sc.parallel.sequence_parallel = l.sequence_parallel;
    sc.training.micro_batch = l.micro_batch;
    sc.training.recompute = l.recompute;
    sc.training.method = l.method;
    sc.training.lora_rank = l.lora_rank;
    sc.training.optimizer = l.optimizer;
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

void addFineTuningRecipes(PlanOptions& options, const Scenario& scenario)
{
    if (options.methods.empty())
        options.methods = {TrainingMethod::Full, TrainingMethod::Lora, TrainingMethod::Qlora};
    if (options.optimizers.empty()) {
        options.optimizers = {scenario.training.optimizer};
        // 8-bit Adam (Dettmers et al., ICLR'22) keeps Adam's two states in a byte each instead of four.
        if (scenario.training.optimizer == Optimizer::Adam)
            options.optimizers.push_back(Optimizer::Adam8bit);
    }
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
    out.parallel.dp =
        gpus / std::max<std::int64_t>(1, scenario.parallel.tp * scenario.parallel.pp * scenario.parallel.cp);
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
    l.cp = sc.parallel.cp;
    l.ep = sc.parallel.ep;
    l.etp = sc.parallel.etp;
    l.first_stage_layers = sc.parallel.first_stage_layers;
    l.last_stage_layers = sc.parallel.last_stage_layers;
    l.pipeline_layers = sc.parallel.pipeline_layers;
    l.zero_stage = sc.parallel.zero_stage;
    l.schedule = sc.parallel.schedule;
    l.virtual_stages = sc.parallel.virtual_stages;
    l.sequence_parallel = sc.parallel.sequence_parallel;
    l.micro_batch = sc.training.micro_batch;
    l.recompute = sc.training.recompute;
    l.method = sc.training.method;
    l.lora_rank = sc.training.lora_rank;
    l.optimizer = sc.training.optimizer;
    return l;
}

std::int64_t megatronEndStageLayers(std::int64_t layers, std::int64_t pp)
{
    if (pp < 3 || layers < pp || layers % pp == 0)
        return 0;
    // Megatron-LM's --decoder-first/last-pipeline-num-layers leave the middle stages an equal share each.
    for (std::int64_t x = layers / pp; x >= 1; --x) {
        const std::int64_t middle = layers - 2 * x;
        if (middle % (pp - 2) == 0 && middle / (pp - 2) >= x)
            return x;
    }
    return 0;
}

namespace {

// ZeRO stages the rest of the recipe allows (validate.cpp): optimizer offload needs a stage of 1 or more,
// parameter offload stage 3, a parameter server stage 0.
std::vector<int> zeroChoices(const ParallelSpec& bp, const PlanOptions& options)
{
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
    return zeros;
}

bool contains(const std::vector<std::int64_t>& v, std::int64_t x)
{
    return std::find(v.begin(), v.end(), x) != v.end();
}

// Context-parallel degrees for a tp of REST = GPUs / tp. Megatron-Core cuts each sequence into 2·cp chunks
// (validate.cpp); the search tries cp > 1 only for long sequences, where the activations need it (Llama 3
// trains 128K tokens with cp 16; arXiv:2407.21783 §3.3.2, Table 4).
std::vector<std::int64_t> cpChoices(const Scenario& base, const PlanOptions& options, std::int64_t rest)
{
    const std::int64_t seq = base.model.seq_len;
    const auto usable = [&](std::int64_t cp) {
        return cp >= 1 && rest % cp == 0 && (cp == 1 || seq % (2 * cp) == 0);
    };
    std::vector<std::int64_t> out;
    if (!options.cps.empty()) {
        for (std::int64_t cp : options.cps)
            if (usable(cp) && !contains(out, cp))
                out.push_back(cp);
        std::sort(out.begin(), out.end());
        return out;
    }
    out.push_back(1);
    const bool transformer = base.model.kind == ModelKind::Transformer;
    if (!transformer || (seq < options.long_sequence && base.parallel.cp <= 1))
        return out;
    for (std::int64_t cp = 2; cp <= options.max_cp; cp *= 2)
        if (usable(cp))
            out.push_back(cp);
    if (base.parallel.cp > 1 && usable(base.parallel.cp) && !contains(out, base.parallel.cp)) {
        out.push_back(base.parallel.cp);
        std::sort(out.begin(), out.end());
    }
    return out;
}

// The stage splits of LAYERS over PP stages: {first, last} stage layers, {0, 0} being the even split (the
// remainder to the first stages). PP not dividing the layers is searched only with two or more layers per
// stage: below that a one-layer stage beside two-layer ones leaves up to half the pipeline idle.
std::vector<std::pair<std::int64_t, std::int64_t>> stageSplits(std::int64_t layers, std::int64_t pp,
                                                               const PlanOptions& options)
{
    if (pp > layers)
        return {};
    if (layers % pp == 0)
        return {{0, 0}};
    if (!options.uneven_stages || layers < 2 * pp)
        return {};
    std::vector<std::pair<std::int64_t, std::int64_t>> out{{0, 0}};
    if (const std::int64_t x = megatronEndStageLayers(layers, pp); x > 0)
        out.emplace_back(x, x);
    return out;
}

// The etp values to try at TP, as the scenario spells them where it has the same effective value (so that its
// own layout is among those searched), else 0 for "as tp". A dense model keeps the scenario's.
std::vector<std::int64_t> etpChoices(const Scenario& base, const PlanOptions& options, std::int64_t tp)
{
    const std::int64_t own = base.parallel.etp;
    if (!base.model.moe())
        return {own};
    const auto effective = [tp](std::int64_t etp) { return etp > 0 ? etp : tp; };
    const std::vector<std::int64_t> wanted =
        options.etps.empty() ? std::vector<std::int64_t>{0, 1} : options.etps;
    std::vector<std::int64_t> out;
    std::vector<std::int64_t> seen;
    for (std::int64_t etp : wanted) {
        if (etp < 0 || contains(seen, effective(etp)) || base.model.expertFfn() % effective(etp) != 0)
            continue;
        seen.push_back(effective(etp));
        out.push_back(effective(own) == effective(etp) ? own : (etp == tp ? 0 : etp));
    }
    return out;
}

// The ep values for a stage of BLOCK = tp × cp × dp ranks with expert tensor parallelism ETP: whole experts
// per rank, ep × etp inside the block (Megatron-Core's expert layout).
std::vector<std::int64_t> epChoices(const Scenario& base, const PlanOptions& options, std::int64_t block,
                                    std::int64_t etp)
{
    const ModelSpec& m = base.model;
    if (!m.moe())
        return {1};
    std::vector<std::int64_t> out;
    for (std::int64_t ep : options.eps.empty() ? divisors(m.experts) : options.eps)
        if (ep >= 1 && m.experts % ep == 0 && block % (ep * etp) == 0 && !contains(out, ep))
            out.push_back(ep);
    std::sort(out.begin(), out.end());
    return out;
}

// The fine-tuning recipes to try: (method, rank, optimizer), the scenario's own where the options list none.
// Full training has no rank: it keeps the scenario's, once.
std::vector<Layout> recipeChoices(const Scenario& base, const PlanOptions& options)
{
    const TrainingSpec& t = base.training;
    const std::vector<TrainingMethod> methods =
        options.methods.empty() ? std::vector<TrainingMethod>{t.method} : options.methods;
    const std::vector<std::int64_t> ranks =
        options.lora_ranks.empty() ? std::vector<std::int64_t>{t.lora_rank} : options.lora_ranks;
    const std::vector<Optimizer> optimizers =
        options.optimizers.empty() ? std::vector<Optimizer>{t.optimizer} : options.optimizers;
    std::vector<Layout> out;
    for (TrainingMethod method : methods)
        for (std::int64_t rank :
             method == TrainingMethod::Full ? std::vector<std::int64_t>{t.lora_rank} : ranks)
            for (Optimizer optimizer : optimizers) {
                Layout r;
                r.method = method;
                r.lora_rank = rank;
                r.optimizer = optimizer;
                if (std::none_of(out.begin(), out.end(), [&](const Layout& x) { return x == r; }))
                    out.push_back(r);
            }
    return out;
}

// Appends to OUT every micro batch, ZeRO stage, recompute, sequence parallelism and schedule of the layout
// PROTO (its dp, tp, pp, cp, split, etp, ep and recipe set).
void appendInner(std::vector<Layout>& out, Layout proto, const Scenario& base, const PlanOptions& options,
                 const std::vector<int>& zeros)
{
    const std::int64_t batch = base.training.global_batch;
    const std::int64_t layers = base.model.layers;
    const std::int64_t dp = proto.dp, tp = proto.tp, pp = proto.pp;
    const bool uneven = layers % pp != 0;
    for (std::int64_t mb : divisors(batch / dp)) {
        if (mb > options.max_micro_batch)
            break;
        const std::int64_t micro = batch / (dp * mb);
        for (int z : zeros) {
            // DeepSpeed's pipeline engine asserts that ZeRO-2 and ZeRO-3 are not combined with pipeline
            // parallelism (deepspeed/runtime/pipe/engine.py: "ZeRO-2 and ZeRO-3 are incompatible with
            // pipeline parallelism"); Megatron-LM's distributed optimizer is ZeRO-1.
            if (pp > 1 && z > 1 && !options.zero_with_pp)
                continue;
            for (Recompute rc : options.recomputes) {
                std::vector<bool> sps;
                if (tp > 1 && options.vary_sequence_parallel)
                    sps = {false, true};
                else
                    sps = {tp > 1 && base.parallel.sequence_parallel};
                for (bool sp : sps) {
                    Layout l = proto;
                    l.micro_batch = mb;
                    l.zero_stage = z;
                    l.recompute = rc;
                    l.sequence_parallel = sp;
                    if (pp == 1) {
                        // One stage: the microbatches are gradient accumulation, one at a time whatever the
                        // schedule is called.
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
                        // Narayanan et al. SC'21 §2.2.2: m a multiple of p, and v chunks of whole layers (so
                        // not with uneven stages).
                        if (micro % pp != 0 || uneven)
                            continue;
                        for (std::int64_t v = 2; v <= options.max_virtual_stages; ++v)
                            if (layers % (pp * v) == 0) {
                                l.virtual_stages = v;
                                out.push_back(l);
                            }
                    }
                }
            }
        }
    }
}

} // namespace

std::vector<Layout> enumerateLayouts(const Scenario& base, const PlanOptions& options)
{
    std::vector<Layout> out;
    const ModelSpec& m = base.model;
    const std::int64_t n = base.gpus();
    const std::int64_t batch = base.training.global_batch;
    if (n <= 0 || batch <= 0 || m.layers <= 0)
        return out;
    const bool transformer = m.kind == ModelKind::Transformer;
    const std::vector<int> zeros = zeroChoices(base.parallel, options);
    const std::vector<Layout> recipes = recipeChoices(base, options);

    for (std::int64_t tp : divisors(n)) {
        if (!options.tp_across_nodes && tp > base.cluster.gpus_per_node)
            continue;
        // Megatron-LM splits whole heads and FFN columns (the same rules validateScenario() applies).
        if (transformer &&
            (m.heads % tp != 0 || (m.kv_heads % tp != 0 && tp % m.kv_heads != 0) || m.ffn_hidden % tp != 0))
            continue;
        for (std::int64_t cp : cpChoices(base, options, n / tp)) {
            for (std::int64_t pp : divisors(n / (tp * cp))) {
                const std::int64_t dp = n / (tp * cp * pp);
                if (batch % dp != 0)
                    continue;
                for (const auto& [first, last] : stageSplits(m.layers, pp, options))
                    for (std::int64_t etp : etpChoices(base, options, tp))
                        for (std::int64_t ep : epChoices(base, options, tp * cp * dp, etp > 0 ? etp : tp)) {
                            Layout l;
                            l.dp = dp;
                            l.tp = tp;
                            l.pp = pp;
                            l.cp = cp;
                            l.ep = ep;
                            l.etp = etp;
                            l.first_stage_layers = first;
                            l.last_stage_layers = last;
                            for (const Layout& r : recipes) {
                                l.method = r.method;
                                l.lora_rank = r.lora_rank;
                                l.optimizer = r.optimizer;
                                appendInner(out, l, base, options, zeros);
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
std::string layoutIndependentProblem(const Scenario& base, const PlanOptions& options)
{
    // The recipe's fields are the search's only when it varies them.
    const auto varied = [&](const std::string& path) {
        return (path.rfind("training.method", 0) == 0 && !options.methods.empty()) ||
               (path.rfind("training.lora_rank", 0) == 0 && !options.lora_ranks.empty()) ||
               (path.rfind("training.optimizer", 0) == 0 && !options.optimizers.empty());
    };
    for (const Problem& p : validateScenario(base)) {
        static const char* const layoutPaths[] = {"parallel.dp",
                                                  "parallel.tp",
                                                  "parallel.pp",
                                                  "parallel.cp",
                                                  "parallel.ep",
                                                  "parallel.etp",
                                                  "parallel.schedule",
                                                  "parallel.virtual_stages",
                                                  "parallel.zero_stage",
                                                  "parallel.sequence_parallel",
                                                  "parallel.offload",
                                                  "parallel.dp_sync",
                                                  "parallel.pipeline_layers",
                                                  "parallel.first_stage_layers",
                                                  "parallel.last_stage_layers",
                                                  "training.micro_batch",
                                                  "training.global_batch",
                                                  "training.recompute"};
        if (std::none_of(std::begin(layoutPaths), std::end(layoutPaths),
                         [&](const char* path) { return p.path.rfind(path, 0) == 0; }) &&
            !varied(p.path))
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
    CommCache comm; // the groups and collectives of the layouts' sizes met last
    EvalOptions eval;
    std::vector<PlanCandidate> fresh; // feasible layouts not yet reported
    std::int64_t evaluated = 0;
    bool haveClosest = false;
    PlanCandidate closest; // the layout with the least peak over capacity that does not fit
};

// Keeps C as W's closest miss when its fullest stage overshoots less than the closest so far.
void noteMiss(PlanWorker& w, const Layout& l, std::int64_t index, const MemoryResult& memory)
{
    double peak = 0, capacity = 0, ratio = 0;
    for (const StageMemory& s : memory.per_gpu)
        if (s.capacity > 0 && s.total / s.capacity > ratio) {
            ratio = s.total / s.capacity;
            peak = s.total;
            capacity = s.capacity;
        }
    if (!(ratio > 0) || (w.haveClosest && ratio >= w.closest.peak_gpu_bytes / w.closest.capacity_bytes))
        return;
    w.haveClosest = true;
    w.closest = PlanCandidate{};
    w.closest.layout = l;
    w.closest.index = index;
    w.closest.peak_gpu_bytes = peak;
    w.closest.capacity_bytes = capacity;
}

// Evaluates LAYOUT, the INDEX-th of the enumeration, on worker W: a feasible one joins W's fresh list.
void evaluateLayout(PlanWorker& w, const Layout& l, std::int64_t index)
{
    Scenario& sc = w.sc;
    applyLayout(sc, l);
    if (!validateScenario(sc).empty())
        return; // a rule enumerateLayouts() does not mirror: not a layout at all
    ++w.evaluated;
    // Memory first, its figures without the warnings' text: it costs microseconds and most layouts of a large
    // model fail here. Those that fit are evaluated on the same figures.
    const std::int64_t micro = sc.training.global_batch / (l.dp * l.micro_batch);
    const MemoryResult memory = estimateMemory(sc, micro);
    if (!fitsAll(memory)) {
        noteMiss(w, l, index, memory);
        return;
    }
    EvalOptions options = w.eval;
    options.memory = &memory;
    options.validated = true;
    const Result r = evaluate(sc, options);
    PlanCandidate c;
    c.layout = l;
    c.index = index;
    c.fits = fitsAll(r.memory);
    if (!c.fits) {
        noteMiss(w, l, index, r.memory);
        return;
    }
    c.step_time_s = r.step.time_s;
    c.tokens_per_s = r.step.tokens_per_s;
    c.mfu = r.step.mfu;
    c.peak_gpu_bytes = r.memory.peak_gpu_bytes;
    c.capacity_bytes = r.memory.per_gpu.front().capacity;
    c.exposed_comm_s = r.step.exposed_comm_s;
    c.bubble_fraction = r.step.bubble_fraction;
    w.fresh.push_back(c);
}

// Why the search found nothing: no layout at all, or the closest one's peak against its GPU's memory.
std::string nothingFitsText(const PlanResult& result, const Scenario& base, const PlanOptions& options)
{
    if (result.total == 0 || result.evaluated == 0)
        return "no layout of dp, tp, pp and micro batch splits " + num(base.gpus()) +
               " GPUs and a global batch of " + num(base.training.global_batch) +
               " under the model's divisibility rules (heads, layers, batch)";
    if (!result.haveClosest)
        return "none of the " + num(result.evaluated) + " layouts fits in memory";
    const Layout& l = result.closest.layout;
    const double gb = 1e9;
    char figures[96];
    std::snprintf(figures, sizeof figures, "%.1f GB per GPU, %.1f GB more than the %.1f GB",
                  result.closest.peak_gpu_bytes / gb,
                  (result.closest.peak_gpu_bytes - result.closest.capacity_bytes) / gb,
                  result.closest.capacity_bytes / gb);
    const std::string recipe = l.method == TrainingMethod::Full
                                   ? std::string()
                                   : std::string(", ") +
                                         (l.method == TrainingMethod::Lora ? "LoRA" : "QLoRA") + " rank " +
                                         num(l.lora_rank);
    // Adapters instead of full training free most of the memory of a fine-tuning run (Hu et al., ICLR'22;
    // Dettmers et al., NeurIPS'23): suggested when the search did not try them.
    const bool suggestAdapters = options.methods.empty() && base.training.method == TrainingMethod::Full;
    return "none of the " + num(result.evaluated) + " layouts fits in memory; the closest, dp " + num(l.dp) +
           " tp " + num(l.tp) + " pp " + num(l.pp) + " with micro batch " + num(l.micro_batch) + ", ZeRO " +
           num(l.zero_stage) + recipe + ", needs " + figures +
           " the GPU has: more GPUs, a GPU with more memory" +
           (suggestAdapters ? ", LoRA or QLoRA fine-tuning (the planner's recipes)" : "") +
           ", offload or a shorter sequence would make room";
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
        result.error = layoutIndependentProblem(base, options);
    if (!result.error.empty())
        return result;

    const std::vector<Layout> layouts = enumerateLayouts(base, options);
    result.total = std::int64_t(layouts.size());

    // The topology is the same for every layout: its graph is built once (a generated cluster from one
    // machine and its copies) and shared; each worker routes it once and keeps its plans.
    std::shared_ptr<const TopologyGraph> graph;
    {
        TopologyGraph built;
        if (!layouts.empty() && scenarioGraph(base, built))
            graph = std::make_shared<const TopologyGraph>(std::move(built));
    }

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
            if (graph) {
                w.model.emplace(graph);
                // A candidate's figures are times: no link's load is read, and over a large cluster the
                // plans' per-link loads would be most of the search's memory.
                w.model->setLinkLoads(false);
            }
            w.eval.comm_model = w.model ? &*w.model : nullptr;
            w.eval.comm_cache = &w.comm;
            w.eval.drawing_detail = false;
            w.eval.bottleneck = false; // a candidate's figures are the step's own
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

    for (const PlanWorker& w : workers) {
        result.evaluated += w.evaluated;
        if (w.haveClosest && (!result.haveClosest ||
                              w.closest.peak_gpu_bytes / w.closest.capacity_bytes <
                                  result.closest.peak_gpu_bytes / result.closest.capacity_bytes ||
                              (w.closest.peak_gpu_bytes / w.closest.capacity_bytes ==
                                   result.closest.peak_gpu_bytes / result.closest.capacity_bytes &&
                               w.closest.index < result.closest.index))) {
            result.haveClosest = true;
            result.closest = w.closest;
        }
    }
    rankFeasible(result, std::move(feasible), options);
    if (result.feasible == 0 && !result.cancelled)
        result.nothing_fits = nothingFitsText(result, base, options);
    result.elapsed_s = std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count();
    return result;
}

} // namespace ss
