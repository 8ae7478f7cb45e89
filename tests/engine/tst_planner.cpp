// SPDX-License-Identifier: GPL-3.0-or-later
// The layout planner: the enumeration counted by hand on a small case, the best layout against a brute-force
// search, the planner's figures equal to evaluate()'s, GPT-3 175B on 1024 A100 against Megatron-LM's layout,
// expert parallelism for Mixtral 8x7B, context parallelism for a 128K-token sequence, uneven pipeline
// stages, fine-tuning recipes on one GPU, cancellation, objectives, and bad requests.
#include "comm.h"
#include "evaluate.h"
#include "fields.h"
#include "memory.h"
#include "planner.h"
#include "presets.h"
#include "validate.h"
#include "workload.h"

#include <QtTest>

#include <algorithm>
#include <atomic>
#include <cmath>

using namespace ss;

namespace {

// A 4-layer model with 4 heads on the 4-GPU PCIe box: small enough to enumerate by hand.
Scenario tiny()
{
    Scenario s;
    s.model.layers = 4;
    s.model.hidden = 1024;
    s.model.heads = 4;
    s.model.kv_heads = 4;
    s.model.ffn_hidden = 4096;
    s.model.vocab = 32000;
    s.model.seq_len = 1024;
    s.training.global_batch = 8;
    s.training.micro_batch = 1;
    s.parallel.dp = 4;
    s.cluster.node_preset = "pcie-qpi-4gpu";
    s.cluster.gpus_per_node = 4;
    s.cluster.nodes = 1;
    return s;
}

PlanOptions tinyOptions()
{
    PlanOptions o;
    o.zero_stages = {0};
    o.recomputes = {Recompute::None};
    o.schedules = {Schedule::GPipe, Schedule::OneFOneB, Schedule::Interleaved};
    o.vary_sequence_parallel = false;
    o.max_micro_batch = 8;
    return o;
}

// GPT-3 175B as Megatron-LM trains it on 1024 A100 80GB (Narayanan et al. SC'21, Table 1 model; tp 8, pp 8
// as in the gpt3-175b-megatron example), with sequence parallelism and selective recompute.
Scenario gpt3()
{
    Scenario s;
    s.model.layers = 96;
    s.model.hidden = 12288;
    s.model.heads = 96;
    s.model.kv_heads = 96;
    s.model.ffn_hidden = 49152;
    s.model.seq_len = 2048;
    s.model.tied_embeddings = true;
    s.training.global_batch = 1536;
    s.training.micro_batch = 1;
    s.training.precision = Precision::Fp16Mixed;
    s.training.recompute = Recompute::Selective;
    s.parallel.dp = 16;
    s.parallel.tp = 8;
    s.parallel.pp = 8;
    s.parallel.sequence_parallel = true;
    s.parallel.schedule = Schedule::Interleaved;
    s.parallel.virtual_stages = 2;
    s.cluster.nodes = 128;
    s.cluster.gpus_per_node = 8;
    return s;
}

// A Llama-style block (SwiGLU, RMSNorm, rotary, no biases) on DGX H100 nodes with NDR InfiniBand.
Scenario llamaShape(std::int64_t nodes)
{
    Scenario s;
    s.model.layers = 32;
    s.model.hidden = 4096;
    s.model.heads = 32;
    s.model.kv_heads = 8;
    s.model.ffn_hidden = 14336;
    s.model.ffn_kind = FfnKind::Swiglu;
    s.model.position_embedding = PositionEmbedding::Rotary;
    s.model.norm = NormKind::RmsNorm;
    s.model.bias = BiasKind::None;
    s.training.flash_attention = true;
    s.training.precision = Precision::Bf16Mixed;
    s.parallel.dp = nodes * 8;
    s.cluster.nodes = nodes;
    s.cluster.gpus_per_node = 8;
    s.cluster.node_preset = "dgx-h100";
    s.cluster.network.kind = "ib-ndr";
    if (!setFieldFromText(s, "cluster.gpu", "H100-SXM5-80GB").empty())
        qFatal("the catalogue has no H100-SXM5-80GB");
    return s;
}

// Mixtral 8x7B (Jiang et al., arXiv:2401.04088, Table 1: 32 layers, dim 4096, 32 heads, 8 KV heads, FFN
// 14336, 8 experts, top 2, vocab 32000) on 2 DGX H100, sequences of 4096.
Scenario mixtral()
{
    Scenario s = llamaShape(2);
    s.model.vocab = 32000;
    s.model.seq_len = 4096;
    s.model.experts = 8;
    s.model.experts_per_token = 2;
    s.training.global_batch = 256;
    return s;
}

// Llama 3 8B (arXiv:2407.21783, Table 3: 32 layers, 4096 wide, 32 heads, 8 KV heads, FFN 14336, vocab
// 128256) trained at its long-context length of 131072 tokens on 8 DGX H100.
Scenario llama3Long()
{
    Scenario s = llamaShape(8);
    s.model.vocab = 128256;
    s.model.seq_len = 131072;
    s.training.global_batch = 64;
    return s;
}

bool fits(const Result& r)
{
    if (r.memory.per_gpu.empty())
        return false;
    return std::all_of(r.memory.per_gpu.begin(), r.memory.per_gpu.end(),
                       [](const StageMemory& s) { return s.fits; });
}

// Every figure of two memory estimates equal, to the bit.
bool sameMemory(const MemoryResult& a, const MemoryResult& b)
{
    if (a.per_gpu.size() != b.per_gpu.size() || a.peak_gpu_bytes != b.peak_gpu_bytes ||
        a.peak_stage != b.peak_stage || a.cpu_bytes_per_node != b.cpu_bytes_per_node ||
        a.nvme_bytes_per_node != b.nvme_bytes_per_node || a.host_fits != b.host_fits ||
        a.nvme_fits != b.nvme_fits)
        return false;
    for (std::size_t i = 0; i < a.per_gpu.size(); ++i) {
        const StageMemory& x = a.per_gpu[i];
        const StageMemory& y = b.per_gpu[i];
        if (x.fits != y.fits || x.total != y.total || x.params != y.params || x.grads != y.grads ||
            x.optimizer != y.optimizer || x.activations != y.activations || x.buffers != y.buffers ||
            x.in_flight != y.in_flight || x.capacity != y.capacity)
            return false;
    }
    return true;
}

// Every row and link of two communication estimates equal, to the bit.
bool sameComm(const CommResult& a, const CommResult& b)
{
    if (a.serial_time_s != b.serial_time_s || a.bottleneck_link != b.bottleneck_link ||
        a.collectives.size() != b.collectives.size() || a.links.size() != b.links.size() ||
        a.warnings.size() != b.warnings.size())
        return false;
    for (std::size_t i = 0; i < a.collectives.size(); ++i) {
        const CommCollective& x = a.collectives[i];
        const CommCollective& y = b.collectives[i];
        if (x.group != y.group || x.op != y.op || x.algorithm != y.algorithm || x.bytes != y.bytes ||
            x.count_per_step != y.count_per_step || x.time_s != y.time_s || x.alpha_s != y.alpha_s ||
            x.busbw_Bps != y.busbw_Bps || x.ranks != y.ranks || x.groups != y.groups ||
            x.bottleneck_link != y.bottleneck_link || x.links != y.links || x.rings != y.rings)
            return false;
    }
    for (std::size_t i = 0; i < a.links.size(); ++i)
        if (a.links[i].id != b.links[i].id || a.links[i].bytes_per_step != b.links[i].bytes_per_step ||
            a.links[i].busy_s != b.links[i].busy_s)
            return false;
    return true;
}

} // namespace

class TestPlanner : public QObject
{
    Q_OBJECT

private slots:
    void enumerationCountedByHand()
    {
        // Worked by hand for 4 GPUs, 4 layers, 4 heads, global batch 8, tp within the 4-GPU node:
        //   tp 1 pp 1 dp 4: b ∈ {1,2}                     → 2 (one stage: one schedule)
        //   tp 1 pp 2 dp 2: b ∈ {1,2,4} × {GPipe, 1F1B}    → 6, interleaved v 2 where m = 8/(2b) is even: b
        //   1, 2 → 2 tp 1 pp 4 dp 1: b ∈ {1,2,4,8} × 2              → 8, interleaved needs 4·v | 4 layers:
        //   none tp 2 pp 1 dp 2: b ∈ {1,2,4}                    → 3 tp 2 pp 2 dp 1: b ∈ {1,2,4,8} × 2 → 8,
        //   interleaved v 2 where m = 8/b is even: b 1, 2, 4 → 3 tp 4 pp 1 dp 1: b ∈ {1,2,4,8} → 4
        // 2 + 8 + 8 + 3 + 11 + 4 = 36.
        const std::vector<Layout> layouts = enumerateLayouts(tiny(), tinyOptions());
        QCOMPARE(int(layouts.size()), 36);
        for (const Layout& l : layouts) {
            QCOMPARE(l.dp * l.tp * l.pp, std::int64_t(4));
            QVERIFY2(validateScenario(withLayout(tiny(), l)).empty(), "every enumerated layout is valid");
        }
        // No duplicates.
        for (std::size_t i = 0; i < layouts.size(); ++i)
            for (std::size_t j = i + 1; j < layouts.size(); ++j)
                QVERIFY(!(layouts[i] == layouts[j]));
    }

    void zeroStagesFollowTheRecipe()
    {
        // DeepSpeed: ZeRO-2/3 not with pipeline parallelism; optimizer offload needs stage ≥ 1.
        PlanOptions o = tinyOptions();
        o.zero_stages = {0, 1, 2, 3};
        for (const Layout& l : enumerateLayouts(tiny(), o))
            QVERIFY(l.pp == 1 || l.zero_stage <= 1);
        Scenario offload = tiny();
        offload.parallel.zero_stage = 2;
        offload.parallel.offload_optimizer = Offload::Cpu;
        for (const Layout& l : enumerateLayouts(offload, o))
            QVERIFY(l.zero_stage >= 1);
    }

    void bestEqualsBruteForce()
    {
        const Scenario base = tiny();
        const PlanOptions o = tinyOptions();
        const PlanResult plan = planLayouts(base, o);
        QVERIFY(plan.error.empty());
        QCOMPARE(plan.total, std::int64_t(36));
        QCOMPARE(plan.evaluated, std::int64_t(36));
        // Brute force: evaluate() every layout, as `eval` would, and keep the fastest that fits.
        double best = INFINITY;
        std::int64_t feasible = 0;
        for (const Layout& l : enumerateLayouts(base, o)) {
            const Result r = evaluate(withLayout(base, l));
            if (!fits(r))
                continue;
            ++feasible;
            best = std::min(best, r.step.time_s);
        }
        QCOMPARE(plan.feasible, feasible);
        QVERIFY(!plan.best.empty());
        QCOMPARE(plan.best.front().step_time_s, best);
        QVERIFY(std::is_sorted(
            plan.best.begin(), plan.best.end(),
            [](const PlanCandidate& a, const PlanCandidate& b) { return a.step_time_s < b.step_time_s; }));
        QCOMPARE(std::int64_t(plan.feasibleAll.size()), plan.feasible);
    }

    void plannerFiguresEqualEval()
    {
        const PlanResult plan = planLayouts(tiny(), tinyOptions());
        for (const PlanCandidate& c : plan.best) {
            const Result r = evaluate(withLayout(tiny(), c.layout));
            QCOMPARE(c.step_time_s, r.step.time_s);
            QCOMPARE(c.peak_gpu_bytes, r.memory.peak_gpu_bytes);
            QCOMPARE(c.mfu, r.step.mfu);
            QCOMPARE(c.tokens_per_s, r.step.tokens_per_s);
            QCOMPARE(c.exposed_comm_s, r.step.exposed_comm_s);
            QCOMPARE(c.bubble_fraction, r.step.bubble_fraction);
        }
    }

    void figuresWithoutBottleneckEqualEval()
    {
        // The planner evaluates without the bottleneck (EvalOptions::bottleneck): the simulation unites the
        // streams of the critical stage alone. Every step figure must equal a full evaluation's: GPT-3 175B
        // on 1024 A100 (96 microbatches over 8 stages, simulated in full) under each schedule, with ZeRO-1
        // and with the gradient reduction not overlapped.
        for (const Schedule schedule :
             {Schedule::Interleaved, Schedule::OneFOneB, Schedule::GPipe, Schedule::ZbH1}) {
            Scenario s = gpt3();
            s.parallel.schedule = schedule;
            s.parallel.virtual_stages = schedule == Schedule::Interleaved ? 2 : 1;
            for (const int variant : {0, 1}) {
                if (variant == 1) {
                    s.parallel.zero_stage = 1;
                    s.training.overlap_grad_reduce = false;
                }
                QVERIFY(validateScenario(s).empty());
                const Result a = evaluate(s);
                EvalOptions options;
                options.bottleneck = false;
                const Result b = evaluate(s, options);
                QVERIFY(a.step.time_s > 0);
                QVERIFY(!a.bottleneck.kind.empty());
                QVERIFY(b.bottleneck.kind.empty());
                QCOMPARE(b.step.time_s, a.step.time_s);
                QCOMPARE(b.step.exposed_comm_s, a.step.exposed_comm_s);
                QCOMPARE(b.step.bubble_fraction, a.step.bubble_fraction);
                QCOMPARE(b.step.compute_s, a.step.compute_s);
                QCOMPARE(b.step.mfu, a.step.mfu);
                QCOMPARE(b.step.tokens_per_s, a.step.tokens_per_s);
            }
        }
    }

    void objectives()
    {
        PlanOptions o = tinyOptions();
        o.objective = PlanObjective::MemoryHeadroom;
        const PlanResult byMemory = planLayouts(tiny(), o);
        QVERIFY(byMemory.best.size() >= 2);
        for (std::size_t i = 1; i < byMemory.best.size(); ++i)
            QVERIFY(byMemory.best[i - 1].peak_gpu_bytes <= byMemory.best[i].peak_gpu_bytes);
        o.objective = PlanObjective::TokensPerGpu;
        const PlanResult byTokens = planLayouts(tiny(), o);
        for (std::size_t i = 1; i < byTokens.best.size(); ++i)
            QVERIFY(byTokens.best[i - 1].tokens_per_s >= byTokens.best[i].tokens_per_s);
        PlanObjective parsed;
        QVERIFY(planObjectiveFromName("memory-headroom", parsed));
        QCOMPARE(int(parsed), int(PlanObjective::MemoryHeadroom));
        QVERIFY(!planObjectiveFromName("fastest", parsed));
    }

    void gpt3NoSlowerThanMegatron()
    {
        // The planner's best for GPT-3 175B on 1024 A100 80GB fits and is no slower than the layout
        // Megatron-LM published for it (tp 8, pp 8, interleaved; Narayanan et al. SC'21), evaluated the same
        // way.
        const Scenario s = gpt3();
        const Result megatron = evaluate(s);
        QVERIFY(fits(megatron));
        PlanOptions o;
        o.top = 3;
        const PlanResult plan = planLayouts(s, o);
        QVERIFY(plan.error.empty());
        QVERIFY(plan.feasible > 0);
        QVERIFY(!plan.best.empty());
        const Result best = evaluate(withLayout(s, plan.best.front().layout));
        QVERIFY(fits(best));
        QCOMPARE(best.step.time_s, plan.best.front().step_time_s);
        QVERIFY2(best.step.time_s <= megatron.step.time_s,
                 qPrintable(QStringLiteral("best %1 s, Megatron-LM's layout %2 s")
                                .arg(best.step.time_s)
                                .arg(megatron.step.time_s)));
        // Megatron-LM's own layout is among those searched and fits.
        const Layout published = layoutOf(s);
        const auto found = std::find_if(plan.feasibleAll.begin(), plan.feasibleAll.end(),
                                        [&](const PlanCandidate& c) { return c.layout == published; });
        QVERIFY(found != plan.feasibleAll.end());
        QCOMPARE(found->step_time_s, megatron.step.time_s);
    }

    void gpt3CandidateCountUnchanged()
    {
        // A dense model with 2048-token sequences searches no cp, no ep and no uneven stages (96 layers on 64
        // stages would leave stages of one layer): the count is the dp × tp × pp search's, 7974, which is
        // shardscope-cli plan gpt3-175b-megatron's "layouts" before cp, ep and uneven stages were searched.
        const std::vector<Layout> layouts = enumerateLayouts(gpt3(), PlanOptions{});
        QCOMPARE(std::int64_t(layouts.size()), std::int64_t(7974));
        for (const Layout& l : layouts) {
            QCOMPARE(l.cp, std::int64_t(1));
            QCOMPARE(l.ep, std::int64_t(1));
            QCOMPARE(l.first_stage_layers, std::int64_t(0));
            QCOMPARE(std::int64_t(96) % l.pp, std::int64_t(0));
        }
    }

    void expertParallelismFitsMixtral()
    {
        // Mixtral 8x7B's routed experts: 8 experts × 3 SwiGLU matrices × 4096 × 14336 × 32 layers = 45.1e9
        // parameters of its 46.7e9. Megatron-Core splits them over ep ranks (and each over etp): on 16 H100
        // with tp 1, pp 1, dp 16 and ZeRO-1, ep 1 leaves every GPU all 45.1e9, whose bf16 weights and
        // gradients alone (4 B each: 180 GB) are over the 80 GiB; ep 8 leaves 45.1e9 / 8 = 5.6e9, whose
        // weights, gradients and Adam states sharded over their 16 / 8 = 2 expert-data-parallel replicas
        // (2 + 2 + 12 / 2 = 10 B each: 56 GB) fit beside the 1.6e9 dense parameters.
        const Scenario s = mixtral();
        Layout one;
        one.dp = 16;
        one.zero_stage = 1;
        one.recompute = Recompute::Full;
        Layout eight = one;
        eight.ep = 8;
        const Result r1 = evaluate(withLayout(s, one));
        const Result r8 = evaluate(withLayout(s, eight));
        const double expertParams = 8.0 * 3 * 4096 * 14336 * 32;
        QVERIFY(std::abs(r1.memory.per_gpu.front().expert_params / expertParams - 1) < 1e-9);
        QVERIFY(std::abs(r8.memory.per_gpu.front().expert_params / (expertParams / 8) - 1) < 1e-9);
        QVERIFY(r1.memory.per_gpu.front().params + r1.memory.per_gpu.front().grads >
                r1.memory.per_gpu.front().capacity);
        QVERIFY(!fits(r1));
        QVERIFY2(fits(r8),
                 qPrintable(QStringLiteral("ep 8: %1 GiB").arg(r8.memory.peak_gpu_bytes / 1073741824)));

        // The search finds it: with Megatron-Core's distributed optimizer (ZeRO-1; ZeRO-3 would shard the
        // experts over dp instead) its best layout splits the experts, and is faster than the best with ep 1.
        PlanOptions o;
        o.top = 1;
        o.zero_stages = {0, 1};
        const PlanResult plan = planLayouts(s, o);
        QVERIFY(plan.error.empty());
        QVERIFY(!plan.best.empty());
        const Layout& best = plan.best.front().layout;
        QVERIFY2(best.ep > 1, qPrintable(QStringLiteral("best ep %1").arg(best.ep)));
        QVERIFY(fits(evaluate(withLayout(s, best))));
        o.eps = {1};
        const PlanResult epOne = planLayouts(s, o);
        QVERIFY(!epOne.best.empty());
        QVERIFY(epOne.best.front().step_time_s > plan.best.front().step_time_s);
        QVERIFY(epOne.total < plan.total);
    }

    void contextParallelismForLongSequences()
    {
        // A 70B Llama 3 shape (arXiv:2407.21783, Table 3) at its 131072-token context on 64 H100, without
        // full recompute: a sequence's activations do not fit on any dp × tp × pp layout, and cp splits them
        // (each rank keeps s / cp tokens; Llama 3 trains 128K contexts with cp, §3.3.2).
        Scenario s = llama3Long();
        s.model.layers = 80;
        s.model.hidden = 8192;
        s.model.heads = 64;
        s.model.ffn_hidden = 28672;
        PlanOptions o;
        o.top = 1;
        o.recomputes = {Recompute::None, Recompute::Selective};
        o.cps = {1};
        const PlanResult noCp = planLayouts(s, o);
        QVERIFY(noCp.error.empty());
        QVERIFY(noCp.total > 0);
        QCOMPARE(noCp.feasible, std::int64_t(0));
        o.cps.clear();
        const PlanResult plan = planLayouts(s, o);
        QVERIFY(!plan.best.empty());
        const Layout best = plan.best.front().layout;
        QVERIFY2(best.cp > 1, qPrintable(QStringLiteral("best cp %1").arg(best.cp)));
        // The activations of the chosen layout against the same one with the sequence whole (its cp ranks
        // as dp): cp times less, up to what does not split with the sequence.
        Layout whole = best;
        whole.dp *= best.cp;
        whole.cp = 1;
        const Result split = evaluate(withLayout(s, best));
        const Result all = evaluate(withLayout(s, whole));
        QVERIFY(fits(split));
        QVERIFY(!fits(all));
        QVERIFY(all.memory.per_gpu.front().activations >
                0.5 * double(best.cp) * split.memory.per_gpu.front().activations);
        // Every cp searched is a power of two that cuts the sequence into 2·cp whole chunks.
        for (const PlanCandidate& c : plan.feasibleAll)
            QCOMPARE(s.model.seq_len % (2 * c.layout.cp), std::int64_t(0));
    }

    void unevenStagesIncludeMegatronSplit()
    {
        // Llama 3 405B's 126 layers on 16 stages: one layer fewer on the first and the last (7 + 14 × 8 + 7,
        // arXiv:2407.21783 §3.3.2), beside the remainder-to-the-first-stages split (8 × 14 + 7 × 2).
        QCOMPARE(megatronEndStageLayers(126, 16), std::int64_t(7));
        QCOMPARE(megatronEndStageLayers(96, 16), std::int64_t(0)); // even: nothing to fix
        QCOMPARE(megatronEndStageLayers(61, 2), std::int64_t(0));  // two stages: no middle to even out
        Scenario s = llamaShape(16);
        s.model.layers = 126;
        s.model.hidden = 16384;
        s.model.heads = 128;
        s.model.ffn_hidden = 53248;
        s.model.vocab = 128256;
        s.model.seq_len = 8192;
        s.training.global_batch = 256;
        PlanOptions o;
        o.zero_stages = {1};
        o.recomputes = {Recompute::None};
        o.vary_sequence_parallel = false;
        const std::vector<Layout> layouts = enumerateLayouts(s, o);
        bool megatron = false, remainder = false;
        for (const Layout& l : layouts) {
            QVERIFY2(validateScenario(withLayout(s, l)).empty(), "every enumerated layout is valid");
            if (l.pp != 16)
                continue;
            QVERIFY(l.schedule != Schedule::Interleaved);
            const std::vector<std::int64_t> stages = layersPerStage(withLayout(s, l));
            if (l.first_stage_layers == 7 && l.last_stage_layers == 7) {
                megatron = true;
                std::vector<std::int64_t> expected(16, 8);
                expected.front() = expected.back() = 7;
                QCOMPARE(stages, expected);
            } else if (l.first_stage_layers == 0 && l.last_stage_layers == 0) {
                remainder = true;
                QCOMPARE(stages.front(), std::int64_t(8));
                QCOMPARE(stages.back(), std::int64_t(7));
            }
        }
        QVERIFY(megatron);
        QVERIFY(remainder);
    }

    void fixedCpAndEp()
    {
        // --cp and --ep: exactly the values given, where they are layouts at all.
        PlanOptions o = tinyOptions();
        Scenario moe = tiny();
        moe.model.experts = 4;
        moe.model.experts_per_token = 2;
        o.eps = {2};
        const std::vector<Layout> layouts = enumerateLayouts(moe, o);
        QVERIFY(!layouts.empty());
        for (const Layout& l : layouts) {
            QCOMPARE(l.ep, std::int64_t(2));
            QVERIFY2(validateScenario(withLayout(moe, l)).empty(), "every enumerated layout is valid");
        }
        o.eps.clear();
        o.cps = {2};
        for (const Layout& l : enumerateLayouts(tiny(), o)) {
            QCOMPARE(l.cp, std::int64_t(2));
            QCOMPARE(l.dp * l.tp * l.pp * l.cp, std::int64_t(4));
        }
        // A dense model keeps ep 1 whatever --ep says; a short sequence searches no cp by default.
        o.cps.clear();
        o.eps = {2, 4};
        for (const Layout& l : enumerateLayouts(tiny(), o)) {
            QCOMPARE(l.ep, std::int64_t(1));
            QCOMPARE(l.cp, std::int64_t(1));
        }
        // The layout a scenario has is among those searched, its own etp spelling kept.
        Scenario own = moe;
        own.parallel.ep = 2;
        own.parallel.etp = 1;
        QVERIFY(validateScenario(own).empty());
        const std::vector<Layout> searched = enumerateLayouts(own, tinyOptions());
        QVERIFY(std::find(searched.begin(), searched.end(), layoutOf(own)) != searched.end());
    }

    void cancelStops()
    {
        std::atomic<bool> cancel{false};
        std::atomic<int> calls{0};
        const PlanResult plan = planLayouts(
            gpt3(), PlanOptions{},
            [&](std::int64_t, std::int64_t, const std::vector<PlanCandidate>&) {
                ++calls;
                cancel = true; // the first batch in: stop
            },
            &cancel);
        QVERIFY(plan.cancelled);
        QVERIFY(calls >= 1);
        QVERIFY(plan.evaluated < plan.total);
        QVERIFY(plan.total > 1000);
    }

    void progressCountsEverything()
    {
        std::int64_t last = 0;
        std::int64_t reported = 0;
        const PlanResult plan =
            planLayouts(tiny(), tinyOptions(),
                        [&](std::int64_t done, std::int64_t total, const std::vector<PlanCandidate>& fresh) {
                            QVERIFY(done >= last);
                            QCOMPARE(total, std::int64_t(36));
                            last = done;
                            reported += std::int64_t(fresh.size());
                        });
        QCOMPARE(last, std::int64_t(36));
        QCOMPARE(reported, plan.feasible);
    }

    void nothingFitsSaysWhy()
    {
        // GPT-3 175B on one 8-GPU node: its 175·10⁹ parameters need 16 bytes each with mixed-precision Adam
        // (Rajbhandari et al., SC'20 §3), 2.8 TB, 350 GB per GPU even split eight ways, far above 80 GB.
        Scenario s = gpt3();
        s.cluster.nodes = 1;
        PlanOptions options;
        options.threads = 1;
        const PlanResult plan = planLayouts(s, options);
        QVERIFY(plan.error.empty());
        QCOMPARE(plan.feasible, std::int64_t(0));
        QVERIFY(plan.evaluated > 0);
        QVERIFY(plan.haveClosest);
        QVERIFY(plan.closest.peak_gpu_bytes > 16.0 * 175e9 / 8 * 0.9);
        QVERIFY(plan.closest.capacity_bytes < plan.closest.peak_gpu_bytes);
        QCOMPARE(plan.closest.layout.dp * plan.closest.layout.tp * plan.closest.layout.pp, std::int64_t(8));
        QVERIFY2(plan.nothing_fits.find("none of the") != std::string::npos, plan.nothing_fits.c_str());
        QVERIFY2(plan.nothing_fits.find("GB per GPU") != std::string::npos, plan.nothing_fits.c_str());
        // Full training that did not try adapters hears of them.
        QVERIFY2(plan.nothing_fits.find("LoRA or QLoRA") != std::string::npos, plan.nothing_fits.c_str());
        // A search that finds layouts says nothing of the kind.
        QVERIFY(planLayouts(tiny(), tinyOptions()).nothing_fits.empty());
    }

    // "Which recipe fits the GPU on my desk?": full training, LoRA and QLoRA, with Adam or 8-bit Adam,
    // searched together. Llama 3.1 8B (Llama 3 paper, arXiv:2407.21783 Table 3) on one RTX 4090 (24 GB).
    void cheapestRecipeOnOneGpu()
    {
        Scenario s = llamaShape(1); // Llama 3.1 8B's block shape
        s.model.vocab = 128256;
        s.model.seq_len = 2048;
        s.training.global_batch = 16;
        s.training.micro_batch = 1;
        s.training.lora_rank = 16;
        s.training.lora_targets = kLoraAll & ~(kLoraExperts | kLoraEmbed | kLoraHead);
        s.parallel.dp = 1;
        s.cluster.nodes = 1;
        s.cluster.gpus_per_node = 1;
        QVERIFY(setFieldFromText(s, "cluster.gpu", "RTX-4090").empty());
        QVERIFY(setFieldFromText(s, "cluster.node_preset", "auto").empty());
        PlanOptions options;
        options.threads = 1;
        addFineTuningRecipes(options, s);
        QCOMPARE(int(options.methods.size()), 3);
        QCOMPARE(int(options.optimizers.size()), 2); // Adam and 8-bit Adam
        const PlanResult plan = planLayouts(s, options);
        QVERIFY2(plan.error.empty(), plan.error.c_str());
        QVERIFY(plan.feasible > 0);
        // Full training keeps 16 bytes per parameter with mixed-precision Adam (Rajbhandari et al., SC'20
        // §3), 8.03e9 × 16 = 128 GB, and still 10 with 8-bit Adam (Dettmers et al., ICLR'22): far above 24
        // GB.
        for (const PlanCandidate& c : plan.feasibleAll)
            QVERIFY(c.layout.method != TrainingMethod::Full);
        bool sawQlora = false;
        for (const PlanCandidate& c : plan.feasibleAll)
            sawQlora = sawQlora || c.layout.method == TrainingMethod::Qlora;
        QVERIFY(sawQlora);
        // The first is the fastest recipe that fits, at the scenario's rank.
        const PlanCandidate& best = plan.best.front();
        QVERIFY(best.peak_gpu_bytes <= best.capacity_bytes);
        QCOMPARE(best.layout.lora_rank, std::int64_t(16));
        for (const PlanCandidate& c : plan.feasibleAll)
            QVERIFY(best.step_time_s <= c.step_time_s);
        // Its figures are evaluate()'s for the scenario with the recipe applied.
        const Result r = evaluate(withLayout(s, best.layout));
        QCOMPARE(r.step.time_s, best.step_time_s);

        // Llama 3.1 70B on one 80 GB GPU: LoRA's 16-bit base alone is 2 × 70.6e9 = 141 GB; only QLoRA's
        // 4-bit base (0.5 byte per parameter plus its constants, Dettmers et al., NeurIPS'23 §3) fits.
        Scenario big = s;
        big.model.layers = 80;
        big.model.hidden = 8192;
        big.model.heads = 64;
        big.model.ffn_hidden = 28672;
        QVERIFY(setFieldFromText(big, "cluster.gpu", "H100-SXM5-80GB").empty());
        PlanOptions bigOptions;
        bigOptions.threads = 1;
        addFineTuningRecipes(bigOptions, big);
        const PlanResult large = planLayouts(big, bigOptions);
        QVERIFY(large.feasible > 0);
        for (const PlanCandidate& c : large.feasibleAll)
            QCOMPARE(c.layout.method, TrainingMethod::Qlora);
    }

    void screeningMemoryEqualsFullEstimate()
    {
        // The planner screens layouts by estimateMemory() without warnings: the same figures as the full
        // estimate. GPT-3 175B with tp 8 alone holds 175e9 / 8 = 21.9e9 parameters per GPU, 16 B each with
        // mixed-precision Adam (ZeRO §3.1): 350 GB, over the A100's 80 GB, so its one stage overflows and the
        // full estimate says so once; Megatron-LM's tp 8 × pp 8 layout fits.
        const Scenario megatron = gpt3();
        Layout tpOnly = layoutOf(megatron);
        tpOnly.pp = 1;
        tpOnly.dp = 128;
        tpOnly.schedule = Schedule::OneFOneB;
        tpOnly.virtual_stages = 1;
        Layout fullRecompute = layoutOf(megatron);
        fullRecompute.recompute = Recompute::Full;
        fullRecompute.zero_stage = 1;
        int overflowing = 0;
        for (const Layout& l : {layoutOf(megatron), tpOnly, fullRecompute}) {
            const Scenario sc = withLayout(megatron, l);
            QVERIFY(validateScenario(sc).empty());
            const std::int64_t m = sc.training.global_batch / (l.dp * l.micro_batch);
            std::vector<Warning> warnings;
            const MemoryResult full = estimateMemory(sc, m, warnings);
            const MemoryResult screened = estimateMemory(sc, m);
            QVERIFY(sameMemory(full, screened));
            const bool allFit = std::all_of(screened.per_gpu.begin(), screened.per_gpu.end(),
                                            [](const StageMemory& s) { return s.fits; });
            QCOMPARE(allFit, l.pp == 8);
            const auto overflows = std::count_if(warnings.begin(), warnings.end(), [](const Warning& w) {
                return w.code == "memory.overflow";
            });
            QCOMPARE(overflows, allFit ? 0 : 1);
            overflowing += allFit ? 0 : 1;
            // evaluate() on the screened figures gives the result it gives on its own estimate.
            EvalOptions given;
            given.memory = &screened;
            given.validated = true;
            const Result a = evaluate(sc, given);
            const Result b = evaluate(sc);
            QVERIFY(sameMemory(a.memory, b.memory));
            QVERIFY(a.step.time_s == b.step.time_s);
            QVERIFY(a.step.mfu == b.step.mfu);
        }
        QCOMPARE(overflowing, 1);
    }

    void commCacheEqualsFreshEstimate()
    {
        // One CommCache carried through layouts whose sizes change and come back gives every row and link of
        // a fresh estimate: GPT-3 175B's tp/pp/dp (micro batch, ZeRO, sequence parallelism, schedule,
        // interleaving and recompute varied), Mixtral's ep and edp, and the long-sequence Llama's cp.
        const auto check = [](const Scenario& base, const std::vector<Layout>& layouts) {
            Topology topology;
            QVERIFY(scenarioTopology(base, topology));
            CommModel cached, fresh;
            QVERIFY(CommModel::fromTopology(topology, cached));
            QVERIFY(CommModel::fromTopology(topology, fresh));
            CommCache cache;
            for (int pass = 0; pass < 2; ++pass)
                for (const Layout& l : layouts) {
                    const Scenario sc = withLayout(base, l);
                    QVERIFY(validateScenario(sc).empty());
                    const std::int64_t m = sc.training.global_batch / (l.dp * l.micro_batch);
                    const CommResult a = estimateCommunication(sc, m, cached, true, nullptr, &cache);
                    const CommResult b = estimateCommunication(sc, m, fresh);
                    QVERIFY(!a.collectives.empty());
                    QVERIFY(sameComm(a, b));
                }
        };
        const Scenario g = gpt3();
        std::vector<Layout> layouts;
        Layout l = layoutOf(g);
        layouts.push_back(l);
        l.micro_batch = 2;
        layouts.push_back(l);
        l.sequence_parallel = false;
        l.zero_stage = 1;
        layouts.push_back(l);
        l.virtual_stages = 3;
        layouts.push_back(l);
        l.schedule = Schedule::OneFOneB;
        l.virtual_stages = 1;
        layouts.push_back(l);
        l.schedule = Schedule::GPipe;
        layouts.push_back(l);
        l.schedule = Schedule::ZbH1;
        layouts.push_back(l);
        l.recompute = Recompute::None;
        layouts.push_back(l);
        l.recompute = Recompute::Full;
        layouts.push_back(l);
        l.tp = 4;
        l.dp = 32;
        layouts.push_back(l);
        l.micro_batch = 1;
        layouts.push_back(l);
        check(g, layouts);

        const Scenario mx = mixtral();
        Layout e;
        e.dp = 16;
        e.zero_stage = 1;
        e.recompute = Recompute::Full;
        e.ep = 8;
        Layout e2 = e;
        e2.micro_batch = 2;
        Layout e4 = e;
        e4.ep = 4;
        check(mx, {e, e2, e4, e});

        Scenario longSeq = llama3Long();
        Layout c;
        c.cp = 8;
        c.tp = 8;
        c.dp = 1;
        c.recompute = Recompute::Full;
        Layout c2 = c;
        c2.recompute = Recompute::Selective;
        c2.sequence_parallel = true;
        check(longSeq, {c, c2});
    }

    void pipelineOnItsOwnThreadEqualsInline()
    {
        // A one-off estimate of 8,192 GPUs or more prices the pipeline sends on a second thread with a model
        // of its own (comm.cpp); an estimate with a cache prices them inline. Both must give every row and
        // link alike, to the bit: GPT-3 175B on 1,024 DGX A100, the interleaved schedule (its wrap-around
        // send from the last stage to the first) and plain 1F1B, with link rows and without.
        Scenario s = gpt3();
        s.cluster.nodes = 1024;
        s.parallel.dp = 128;
        s.training.global_batch = 1536 * 8;
        Topology topology;
        QVERIFY(scenarioTopology(s, topology));
        for (const bool interleaved : {true, false}) {
            s.parallel.schedule = interleaved ? Schedule::Interleaved : Schedule::OneFOneB;
            s.parallel.virtual_stages = interleaved ? 2 : 1;
            QVERIFY(validateScenario(s).empty());
            const std::int64_t m = s.training.global_batch / (s.parallel.dp * s.training.micro_batch);
            for (const bool detail : {true, false}) {
                CommModel threaded, inline_;
                QVERIFY(CommModel::fromTopology(topology, threaded));
                QVERIFY(CommModel::fromTopology(topology, inline_));
                CommCache cache;
                const CommResult a = estimateCommunication(s, m, threaded, detail);
                const CommResult b = estimateCommunication(s, m, inline_, detail, nullptr, &cache);
                QVERIFY(std::any_of(a.collectives.begin(), a.collectives.end(),
                                    [](const CommCollective& c) { return c.group == "pp"; }));
                QVERIFY(sameComm(a, b));
                QCOMPARE(a.links_total, b.links_total);
                QCOMPARE(a.link_loads.size(), b.link_loads.size());
                for (std::size_t i = 0; i < a.link_loads.size(); ++i)
                    QVERIFY(a.link_loads[i].link == b.link_loads[i].link &&
                            a.link_loads[i].bytes_per_step == b.link_loads[i].bytes_per_step &&
                            a.link_loads[i].busy_s == b.link_loads[i].busy_s);
            }
        }
    }

    void badRequests()
    {
        Scenario out;
        QVERIFY(planBase(gpt3(), 12, out).find("multiple of the 8 GPUs per node") != std::string::npos);
        QVERIFY(planBase(gpt3(), -8, out).find("expected a GPU count") != std::string::npos);
        QVERIFY(planBase(gpt3(), 512, out).empty());
        QCOMPARE(out.gpus(), std::int64_t(512));
        // A request the layout cannot repair stops the search with the validator's words.
        Scenario broken = tiny();
        broken.cluster.gpu.memory_bytes = 0;
        const PlanResult plan = planLayouts(broken, tinyOptions());
        QVERIFY(plan.error.find("cluster.gpu.memory_bytes") != std::string::npos);
        QCOMPARE(plan.evaluated, std::int64_t(0));
        // A layout the scenario starts from may be invalid: the search still runs (dp × tp × pp ≠ GPUs).
        Scenario wrong = tiny();
        wrong.parallel.dp = 3;
        QVERIFY(planLayouts(wrong, tinyOptions()).error.empty());
    }
};

QTEST_GUILESS_MAIN(TestPlanner)
#include "tst_planner.moc"
