// SPDX-License-Identifier: GPL-3.0-or-later
// The layout planner: the enumeration counted by hand on a small case, the best layout against a brute-force
// search, the planner's figures equal to evaluate()'s, GPT-3 175B on 1024 A100 against Megatron-LM's layout,
// cancellation, objectives, and bad requests.
#include "evaluate.h"
#include "planner.h"
#include "validate.h"

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

bool fits(const Result& r)
{
    if (r.memory.per_gpu.empty())
        return false;
    return std::all_of(r.memory.per_gpu.begin(), r.memory.per_gpu.end(),
                       [](const StageMemory& s) { return s.fits; });
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
