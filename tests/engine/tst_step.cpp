// SPDX-License-Identifier: GPL-3.0-or-later
// The training-step simulator: schedule orders, the pipeline bubbles of the literature on uniform pipelines
// without communication, the timeline's invariants, monotonicity, MFU from the model-FLOPs definition, the
// offload and data-parallel teaching cases, and the bottleneck.
#include "evaluate.h"
#include "gpucatalog.h"
#include "pipeschedule.h"
#include "presets.h"
#include "stepsim.h"
#include "validate.h"
#include "workload.h"

#include <QtTest>

#include <algorithm>
#include <cmath>
#include <map>

using namespace ss;

Q_DECLARE_METATYPE(ss::Schedule)
Q_DECLARE_METATYPE(ss::Scenario)

namespace {

// A pipeline of P identical stages without communication or optimizer: every microbatch's forward takes F,
// its input-gradient B and its weight-gradient W (backward = B + W), split evenly over V chunks.
StepModel uniform(Schedule schedule, int p, int m, int v, double f = 1, double b = 1, double w = 1)
{
    StepModel model;
    model.schedule = schedule;
    model.pp = p;
    model.microbatches = m;
    model.chunks = v;
    StepUnit unit;
    unit.forward = {{SegmentStream::Compute, f / v, 0}};
    unit.backward = {{SegmentStream::Compute, (b + w) / v, 0}};
    unit.backwardInput = {{SegmentStream::Compute, b / v, 0}};
    unit.backwardWeight = {{SegmentStream::Compute, w / v, 0}};
    model.units = {unit};
    model.chunkUnits.assign(std::size_t(p),
                            std::vector<std::vector<int>>(std::size_t(v), std::vector<int>{0}));
    for (int i = 0; i < p; ++i)
        model.gpuOfStage.push_back(i);
    model.stageParams.assign(std::size_t(p), 0);
    model.optimizerSeconds.assign(std::size_t(p), 0);
    model.cpuOptimizerSeconds.assign(std::size_t(p), 0);
    return model;
}

double bubble(const StepSimulation& sim)
{
    double idle = 0;
    for (const StageStats& s : sim.stages)
        idle += sim.time_s - s.compute_s;
    return idle / double(sim.stages.size()) / sim.time_s;
}

// GPT-3 175B as Megatron-LM trains it on 1024 A100 (Narayanan et al. SC'21, Table 1), with Korthikanti et
// al.'s sequence parallelism and selective recompute, interleaved with 2 chunks (the gpt3-175b-megatron
// example).
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

// GPT-3 XL (1.3B) sized model, plain data parallel on one DGX A100 (the default example's layout).
Scenario gptXl()
{
    Scenario s;
    s.model.layers = 24;
    s.model.hidden = 2048;
    s.model.heads = 16;
    s.model.kv_heads = 16;
    s.model.ffn_hidden = 8192;
    s.model.seq_len = 2048;
    s.model.tied_embeddings = true;
    s.training.global_batch = 512;
    s.training.micro_batch = 4;
    s.parallel.dp = 8;
    s.parallel.zero_stage = 1;
    return s;
}

// ZeRO-3 with CPU optimizer offload on a 4-GPU PCIe workstation (the offload teaching example).
Scenario offload(const char* preset)
{
    Scenario s = gptXl();
    s.model.tied_embeddings = false;
    s.model.seq_len = 1024;
    s.training.global_batch = 4;
    s.training.micro_batch = 1;
    s.training.precision = Precision::Fp16Mixed;
    s.training.flash_attention = true;
    s.training.grad_comm_bits = 16;
    s.parallel.dp = 4;
    s.parallel.zero_stage = 3;
    s.parallel.offload_optimizer = Offload::Cpu;
    s.cluster.gpu = {"RTX-3090", 24576.0 * 1024 * 1024, 71e12, 936e9};
    s.cluster.gpu_id = "RTX-3090";
    s.cluster.node_preset = preset;
    s.cluster.gpus_per_node = 4;
    s.cluster.network = {"ethernet-10g", 1};
    s.compute.efficiency = 0.4;
    return s;
}

// Data parallel over 16 nodes of one GPU each joined by 10 GbE (the gradient-compression example's shape).
Scenario dpEthernet(int bits)
{
    Scenario s = gptXl();
    s.model.layers = 12;
    s.model.hidden = 768;
    s.model.heads = 12;
    s.model.kv_heads = 12;
    s.model.ffn_hidden = 3072;
    s.model.seq_len = 1024;
    s.training.global_batch = 32;
    s.training.micro_batch = 2;
    s.training.grad_comm_bits = bits;
    s.parallel.dp = 4;
    s.parallel.zero_stage = 0;
    s.cluster.node_preset = "ps-cluster";
    s.cluster.nodes = 4;
    s.cluster.gpus_per_node = 1;
    s.cluster.gpu = {"V100-SXM2-16GB", 16384.0 * 1024 * 1024, 125e12, 900e9};
    s.cluster.gpu_id = "V100-SXM2-16GB";
    s.cluster.network = {"ethernet-10g", 1};
    return s;
}

Result run(const Scenario& s, bool timeline = false)
{
    EvalOptions options;
    options.timeline = timeline;
    return evaluate(s, options);
}

QByteArray problems(const Scenario& s)
{
    QByteArray out;
    for (const Problem& p : validateScenario(s))
        out += QByteArray::fromStdString(p.path + ": " + p.message + "; ");
    return out;
}

double sumOf(const Result& r, const char* kind)
{
    double total = 0;
    for (const TimelineEvent& e : r.timeline)
        if (e.kind == kind)
            total += e.end_s - e.start_s;
    return total;
}

} // namespace

class TestStep : public QObject
{
    Q_OBJECT

private slots:
    void orderCounts_data();
    void orderCounts();
    void warmup_data();
    void warmup();
    void uniformBubble_data();
    void uniformBubble();
    void zeroBubbleBelowOneFOneB();
    void eventCountsPerStage();
    void timelineInvariants_data();
    void timelineInvariants();
    void criticalPathSpansTheStep();
    void monotoneInLinkBandwidth();
    void monotoneInEfficiency();
    void mfuFromModelFlops();
    void mfuMegatronLayout();
    void offloadPcieBound();
    void parameterOffloadFetches();
    void gradientBits();
    void overlapHidesReduction();
    void bottleneckKinds();
    void coarseTimeline();
    void tooLargeIsRefused();
    void deterministic();
    void fp8RunsGemmsAtFp8Peak();
    void expertAndContextStreams();
};

void TestStep::orderCounts_data()
{
    QTest::addColumn<Schedule>("schedule");
    QTest::addColumn<int>("p");
    QTest::addColumn<int>("m");
    QTest::addColumn<int>("v");
    QTest::addColumn<bool>("recompute");
    // Every schedule runs every microbatch's forward and backward once per chunk on every stage (Narayanan et
    // al. SC'21 §2.2; Qi et al. ICLR'24 §3 split the backward into B and W).
    QTest::newRow("gpipe p4 m8") << Schedule::GPipe << 4 << 8 << 1 << false;
    QTest::newRow("1f1b p4 m8") << Schedule::OneFOneB << 4 << 8 << 1 << false;
    QTest::newRow("1f1b p8 m3 (m < p)") << Schedule::OneFOneB << 8 << 3 << 1 << false;
    QTest::newRow("1f1b p4 m8 recompute") << Schedule::OneFOneB << 4 << 8 << 1 << true;
    QTest::newRow("interleaved p4 m8 v2") << Schedule::Interleaved << 4 << 8 << 2 << false;
    QTest::newRow("interleaved p4 m4 v3 (m = p)") << Schedule::Interleaved << 4 << 4 << 3 << false;
    QTest::newRow("zb-h1 p4 m8") << Schedule::ZbH1 << 4 << 8 << 1 << false;
    QTest::newRow("zb-h1 p8 m4 (m < p) recompute") << Schedule::ZbH1 << 8 << 4 << 1 << true;
}

void TestStep::orderCounts()
{
    QFETCH(Schedule, schedule);
    QFETCH(int, p);
    QFETCH(int, m);
    QFETCH(int, v);
    QFETCH(bool, recompute);
    for (int i = 0; i < p; ++i) {
        const std::vector<PipeOp> order = stageOrder(schedule, i, p, m, v, recompute);
        std::map<PipeOpKind, int> count;
        std::map<std::pair<int, int>, int> forwardAt;
        for (std::size_t k = 0; k < order.size(); ++k) {
            const PipeOp& op = order[k];
            ++count[op.kind];
            if (op.kind == PipeOpKind::Forward)
                forwardAt[{op.microbatch, op.chunk}] = int(k);
            else // nothing of a microbatch's backward before its forward
                QVERIFY(forwardAt.count({op.microbatch, op.chunk}));
        }
        QCOMPARE(count[PipeOpKind::Forward], m * v);
        if (schedule == Schedule::ZbH1) {
            QCOMPARE(count[PipeOpKind::BackwardInput], m);
            QCOMPARE(count[PipeOpKind::BackwardWeight], m);
            QCOMPARE(count[PipeOpKind::Backward], 0);
        } else {
            QCOMPARE(count[PipeOpKind::Backward], m * v);
        }
        QCOMPARE(count[PipeOpKind::Recompute], recompute ? m * v : 0);
    }
}

void TestStep::warmup_data()
{
    QTest::addColumn<Schedule>("schedule");
    QTest::addColumn<int>("stage");
    QTest::addColumn<int>("expected"); // forwards before the first backward
    // 1F1B: p - i - 1 warm-up forwards, then the steady state's forward (Narayanan et al. SC'21 §2.2): p - i.
    QTest::newRow("1f1b stage 0 of 4") << Schedule::OneFOneB << 0 << 4;
    QTest::newRow("1f1b stage 3 of 4") << Schedule::OneFOneB << 3 << 1;
    // Interleaved: (p - i - 1)·2 + (v - 1)·p warm-up forwards plus one (Megatron-LM schedules.py), v = 2.
    QTest::newRow("interleaved stage 0 of 4") << Schedule::Interleaved << 0 << 6 + 4 + 1;
    QTest::newRow("interleaved stage 3 of 4") << Schedule::Interleaved << 3 << 0 + 4 + 1;
    // ZB-H1: p - i forwards (Qi et al. ICLR'24 fig. 3; PaddlePaddle's pipeline_scheduler_ZBH1).
    QTest::newRow("zb-h1 stage 0 of 4") << Schedule::ZbH1 << 0 << 4;
    QTest::newRow("zb-h1 stage 2 of 4") << Schedule::ZbH1 << 2 << 2;
    // GPipe: every forward first.
    QTest::newRow("gpipe stage 1 of 4") << Schedule::GPipe << 1 << 8;
}

void TestStep::warmup()
{
    QFETCH(Schedule, schedule);
    QFETCH(int, stage);
    QFETCH(int, expected);
    const std::vector<PipeOp> order = stageOrder(schedule, stage, 4, 8, 2, false);
    int forwards = 0;
    for (const PipeOp& op : order) {
        if (op.kind != PipeOpKind::Forward)
            break;
        ++forwards;
    }
    QCOMPARE(forwards, expected);
}

void TestStep::uniformBubble_data()
{
    QTest::addColumn<Schedule>("schedule");
    QTest::addColumn<int>("p");
    QTest::addColumn<int>("m");
    QTest::addColumn<int>("v");
    QTest::addColumn<double>("expected");
    // Narayanan et al. SC'21 §2.2: GPipe and 1F1B idle (p-1)/(m+p-1) of
    // the step; interleaved with v chunks (p-1)/(v·m+p-1), m a multiple of p.
    const auto f = [](double p, double m, double v) { return (p - 1) / (v * m + p - 1); };
    QTest::newRow("gpipe p4 m8") << Schedule::GPipe << 4 << 8 << 1 << f(4, 8, 1);
    QTest::newRow("gpipe p8 m8") << Schedule::GPipe << 8 << 8 << 1 << f(8, 8, 1);
    QTest::newRow("1f1b p4 m8") << Schedule::OneFOneB << 4 << 8 << 1 << f(4, 8, 1);
    QTest::newRow("1f1b p8 m8") << Schedule::OneFOneB << 8 << 8 << 1 << f(8, 8, 1);
    QTest::newRow("1f1b p8 m64") << Schedule::OneFOneB << 8 << 64 << 1 << f(8, 64, 1);
    QTest::newRow("1f1b p16 m3 (m < p)") << Schedule::OneFOneB << 16 << 3 << 1 << f(16, 3, 1);
    QTest::newRow("interleaved p4 m8 v2") << Schedule::Interleaved << 4 << 8 << 2 << f(4, 8, 2);
    QTest::newRow("interleaved p8 m16 v2") << Schedule::Interleaved << 8 << 16 << 2 << f(8, 16, 2);
    QTest::newRow("interleaved p4 m8 v4") << Schedule::Interleaved << 4 << 8 << 4 << f(4, 8, 4);
    QTest::newRow("interleaved p8 m8 v2 (m = p)") << Schedule::Interleaved << 8 << 8 << 2 << f(8, 8, 2);
    QTest::newRow("interleaved p16 m128 v2") << Schedule::Interleaved << 16 << 128 << 2 << f(16, 128, 2);
}

void TestStep::uniformBubble()
{
    QFETCH(Schedule, schedule);
    QFETCH(int, p);
    QFETCH(int, m);
    QFETCH(int, v);
    QFETCH(double, expected);
    const StepSimulation sim = simulateStep(uniform(schedule, p, m, v), 0, true);
    QVERIFY(!sim.stalled);
    QVERIFY2(std::fabs(bubble(sim) - expected) < 1e-9,
             qPrintable(QStringLiteral("bubble %1, expected %2").arg(bubble(sim)).arg(expected)));
    // The step is m·(F+B+W) of work plus the bubble: with F = 1, B + W = 2, (m + (p-1)/v)·3.
    QVERIFY(std::fabs(sim.time_s - 3.0 * (m + double(p - 1) / v)) < 1e-9);
}

void TestStep::zeroBubbleBelowOneFOneB()
{
    // Qi et al. ICLR'24 §3.1: with T_F = T_B = T_W, 1F1B idles (p-1)(T_F+T_B+T_W) per stage and ZB-H1
    // (p-1)(T_F+T_B-T_W), a third of it, at 1F1B's memory.
    for (int p : {4, 8}) {
        const int m = 2 * p;
        const StepSimulation onef = simulateStep(uniform(Schedule::OneFOneB, p, m, 1), 0, false);
        const StepSimulation zb = simulateStep(uniform(Schedule::ZbH1, p, m, 1), 0, false);
        QVERIFY(!zb.stalled);
        const double idleOneF = bubble(onef) * onef.time_s;
        const double idleZb = bubble(zb) * zb.time_s;
        QVERIFY2(std::fabs(idleOneF - (p - 1) * 3.0) < 1e-9, qPrintable(QString::number(idleOneF)));
        QVERIFY2(std::fabs(idleZb - (p - 1) * 1.0) < 1e-9, qPrintable(QString::number(idleZb)));
        QVERIFY(bubble(zb) < 0.5 * bubble(onef));
        // ZB-H1 does not hold more microbatches than 1F1B: stage i starts its first B after p - i forwards.
        const auto order = stageOrder(Schedule::ZbH1, 0, p, m, 1, false);
        QCOMPARE(order[std::size_t(p)].kind, PipeOpKind::BackwardInput);
    }
}

void TestStep::eventCountsPerStage()
{
    // GPT-3 XL on 4 stages × dp 2 of one DGX A100, tp 1, 1F1B, m = 16: every op is one box (nothing splits a
    // compute op without tp or ZeRO-3), so each stage shows m forwards, m backwards and one optimizer step;
    // stage i sends m activations on (i < p-1) and m gradients back (i > 0), and receives as many.
    Scenario s = gptXl();
    s.parallel.dp = 2;
    s.parallel.pp = 4;
    s.training.global_batch = 128;
    QVERIFY2(validateScenario(s).empty(), problems(s));
    const Result r = run(s, true);
    const int m = int(r.microbatches);
    QCOMPARE(m, 16);
    std::map<std::pair<int, std::string>, int> count;
    for (const TimelineEvent& e : r.timeline)
        ++count[{e.stage, std::string(timelineKindName(e.kind))}];
    const auto at = [&count](int stage, const char* kind) {
        return count[std::make_pair(stage, std::string(kind))];
    };
    for (int i = 0; i < 4; ++i) {
        QCOMPARE(at(i, "forward"), m);
        QCOMPARE(at(i, "backward"), m);
        QCOMPARE(at(i, "optimizer"), 1);
        QCOMPARE(at(i, "pp-send"), (i < 3 ? m : 0) + (i > 0 ? m : 0));
        QCOMPARE(at(i, "pp-recv"), (i > 0 ? m : 0) + (i < 3 ? m : 0));
    }
}

void TestStep::timelineInvariants_data()
{
    QTest::addColumn<Scenario>("scenario");
    QTest::newRow("data parallel, ZeRO-1") << gptXl();
    QTest::newRow("offload, Gen3") << offload("pcie-gen3-4gpu");
    Scenario noOverlap = offload("pcie-qpi-4gpu");
    noOverlap.training.overlap_grad_reduce = false;
    QTest::newRow("offload, QPI box, no overlap") << noOverlap;
    Scenario params = offload("pcie-gen3-4gpu");
    params.parallel.offload_params = Offload::Cpu;
    params.training.global_batch = 8;
    params.training.recompute = Recompute::Full;
    QTest::newRow("parameter offload, 2 microbatches, full recompute") << params;
    QTest::newRow("10 GbE data parallel") << dpEthernet(32);
    Scenario ps = dpEthernet(16);
    ps.parallel.dp_sync = DpSync::ParameterServer;
    ps.parallel.ps_servers = 2;
    QTest::newRow("parameter server") << ps;
    for (Schedule sch : {Schedule::GPipe, Schedule::OneFOneB, Schedule::Interleaved, Schedule::ZbH1}) {
        Scenario s = gptXl();
        s.parallel.dp = 1;
        s.parallel.tp = 2;
        s.parallel.pp = 4;
        s.parallel.sequence_parallel = sch == Schedule::Interleaved;
        s.parallel.schedule = sch;
        s.parallel.virtual_stages = sch == Schedule::Interleaved ? 2 : 1;
        s.parallel.zero_stage = sch == Schedule::ZbH1 ? 2 : 0;
        s.training.global_batch = 32;
        s.training.micro_batch = 2;
        s.training.recompute = sch == Schedule::GPipe ? Recompute::Selective : Recompute::None;
        QTest::newRow(qPrintable(QStringLiteral("tp 2 × pp 4, schedule %1").arg(int(sch)))) << s;
    }
}

void TestStep::timelineInvariants()
{
    QFETCH(Scenario, scenario);
    QVERIFY2(validateScenario(scenario).empty(), problems(scenario));
    const Result r = run(scenario, true);
    QVERIFY(r.step.time_s > 0);
    QVERIFY(!r.timeline.empty());
    for (const Warning& w : r.warnings)
        QVERIFY2(w.code.rfind("step.", 0) != 0 || w.code == "step.link_oversubscribed", w.message.c_str());
    // docs/formats.md, "Result of eval" (timeline): no two boxes overlap on one stream of one GPU; nothing
    // ends after the step.
    std::map<std::pair<int, std::string>, std::vector<std::pair<double, double>>> lanes;
    int critical = 0;
    for (const TimelineEvent& e : r.timeline) {
        QVERIFY(e.start_s >= 0);
        QVERIFY(e.end_s > e.start_s);
        QVERIFY2(e.end_s <= r.step.time_s * (1 + 1e-12), std::string(timelineKindName(e.kind)).c_str());
        lanes[{e.gpu, std::string(timelineStreamName(e.stream))}].push_back({e.start_s, e.end_s});
        critical += e.critical;
    }
    for (auto& [lane, boxes] : lanes) {
        std::sort(boxes.begin(), boxes.end());
        for (std::size_t i = 1; i < boxes.size(); ++i)
            QVERIFY2(boxes[i].first >= boxes[i - 1].second - 1e-12,
                     qPrintable(QStringLiteral("overlap on gpu %1 %2 at %3")
                                    .arg(lane.first)
                                    .arg(QString::fromStdString(lane.second))
                                    .arg(boxes[i].first)));
    }
    QVERIFY(critical > 0);
    // The figures hang together: bubble fraction in [0, 1], compute no longer than the step, the link
    // utilisation (docs/formats.md: busy_s / step time) in [0, 1].
    QVERIFY(r.step.bubble_fraction >= 0 && r.step.bubble_fraction <= 1);
    QVERIFY(r.step.compute_s <= r.step.time_s * (1 + 1e-12));
    QVERIFY(r.step.exposed_comm_s >= 0 && r.step.exposed_comm_s <= r.step.time_s * (1 + 1e-12));
    for (const CommLink& l : r.comm.links) {
        QVERIFY2(l.utilization >= 0 && l.utilization <= 1, l.id.c_str());
        QVERIFY(l.busy_s <= 0 || l.utilization > 0);
    }
    // The compact column (result.h, CommLinkLoad) repeats every row's figures, entry for entry.
    QVERIFY(!r.comm.links_aggregated);
    QCOMPARE(r.comm.link_loads.size(), r.comm.links.size());
    for (std::size_t k = 0; k < r.comm.links.size(); ++k) {
        const CommLink& row = r.comm.links[k];
        const CommLinkLoad& load = r.comm.link_loads[k];
        QCOMPARE(load.link, row.link);
        QCOMPARE(load.bytes_per_step, row.bytes_per_step);
        QCOMPARE(load.busy_s, row.busy_s);
        QCOMPARE(load.utilization, row.utilization);
    }
    QVERIFY(r.comm.graph != 0);
    QVERIFY(!r.bottleneck.kind.empty());
    QVERIFY(!r.bottleneck.message.empty());
}

void TestStep::criticalPathSpansTheStep()
{
    // Every activity starts when the one that held it up ends, so the critical path covers the step exactly.
    for (const Scenario& s : {gptXl(), offload("pcie-gen3-4gpu"), dpEthernet(8)}) {
        Result r = run(s);
        const StepModel model = buildStepModel(s, r.microbatches, r.comm);
        const StepSimulation sim = simulateStep(model, r.comm.collectives.size(), false);
        double sum = sim.critical_compute_s + sim.critical_cpu_optimizer_s;
        for (double x : sim.criticalByCollective)
            sum += x;
        for (double x : sim.criticalPcieByCollective)
            sum += x;
        QVERIFY2(std::fabs(sum - sim.time_s) <= 1e-9 * sim.time_s,
                 qPrintable(QStringLiteral("%1 vs %2").arg(sum).arg(sim.time_s)));
    }
    // Uniform pipeline: all compute.
    const StepSimulation u = simulateStep(uniform(Schedule::OneFOneB, 4, 8, 1), 0, true);
    QVERIFY(std::fabs(u.critical_compute_s - u.time_s) < 1e-9);
}

void TestStep::monotoneInLinkBandwidth()
{
    // Faster links never make the step longer: the 10 GbE data-parallel case over faster networks, and a
    // tp × pp × dp layout on an explicit topology with every link scaled.
    double previous = 1e300;
    for (const char* kind : {"ethernet-10g", "ethernet-25g", "ethernet-100g", "ib-hdr", "ib-ndr"}) {
        Scenario s = dpEthernet(32);
        s.cluster.network.kind = kind;
        const double t = run(s).step.time_s;
        QVERIFY2(t <= previous * (1 + 1e-12), kind);
        previous = t;
    }
    Scenario base = gptXl();
    base.parallel.dp = 2;
    base.parallel.tp = 2;
    base.parallel.pp = 2;
    base.parallel.zero_stage = 2;
    base.training.global_batch = 64;
    Topology topology;
    QVERIFY(scenarioTopology(base, topology));
    previous = 1e300;
    for (double scale : {0.05, 0.25, 1.0, 4.0}) {
        Scenario s = base;
        Topology t = topology;
        for (TopologyLink& l : t.links)
            l.bandwidth_Bps *= scale;
        s.cluster.topology = t;
        QVERIFY2(validateScenario(s).empty(), problems(s));
        const double step = run(s).step.time_s;
        QVERIFY2(step <= previous * (1 + 1e-12), qPrintable(QString::number(scale)));
        previous = step;
    }
}

void TestStep::monotoneInEfficiency()
{
    for (const Scenario& base : {gptXl(), offload("pcie-gen3-4gpu"), gpt3()}) {
        double previous = 1e300;
        for (double e : {0.1, 0.3, 0.5, 0.7, 1.0}) {
            Scenario s = base;
            s.compute.efficiency = e;
            const double t = run(s).step.time_s;
            QVERIFY(t > 0);
            QVERIFY2(t <= previous * (1 + 1e-12), qPrintable(QString::number(e)));
            previous = t;
        }
    }
}

void TestStep::mfuFromModelFlops()
{
    // One GPU's worth of work, no communication, fused attention, every GEMM compute-bound: the step is m
    // microbatches of forward + backward = 3 × forward FLOPs at peak × efficiency (Narayanan et al. SC'21
    // eq. 3 without recompute), plus the Adam step streaming 2 + 2·12 + 2 = 28 bytes per parameter through
    // HBM (ZeRO §3.1, K = 12). MFU = model FLOPs / (T · N · peak) (PaLM App. B).
    Scenario s;
    s.model.kind = ModelKind::Params;
    s.model.params = 1.2e9;
    s.model.layers = 24;
    s.model.hidden = 2048;
    s.model.heads = 16;
    s.model.seq_len = 2048;
    s.training.global_batch = 64;
    s.training.micro_batch = 4;
    s.training.flash_attention = true;
    s.parallel.dp = 8;
    s.compute.efficiency = 0.5;
    EvalOptions options;
    options.communication = false;
    const Result r = evaluate(s, options);
    const double m = double(r.microbatches);
    const LayerFlops layer = layerForwardFlops(s.model, 4);
    const double compute = m * 3 * 24 * layer.total() / (312e12 * 0.5);
    const double optimizer = 1.2e9 * 28 / 2.039e12;
    const double step = compute + optimizer;
    QVERIFY2(std::fabs(r.step.time_s - step) < 1e-9 * step,
             qPrintable(QString::number(r.step.time_s / step)));
    const double mfu = r.compute.model_flops_per_step / (step * 8 * 312e12);
    QVERIFY(std::fabs(r.step.mfu - mfu) < 1e-9);
    QVERIFY(std::fabs(r.step.mfu - 0.5 * compute / step) < 1e-9);
    QCOMPARE(r.step.hfu, r.step.mfu); // no recompute
    QVERIFY(std::fabs(r.step.tokens_per_s - 64.0 * 2048 / step) < 1e-6 * r.step.tokens_per_s);
    QVERIFY(r.step.bubble_fraction < 1e-12); // the compute stream never idles
}

void TestStep::mfuMegatronLayout()
{
    // GPT-3 175B on 1024 A100 (Narayanan et al. SC'21 Table 1 reports 138 TFLOP/s per GPU, 44% of peak, with
    // recomputation counted). MFU follows the model-FLOPs definition (PaLM App. B): 72·B·s·L·h²(1 + s/6h +
    // V/12Lh) / (T · N · peak); HFU adds the selective recompute; both below what the A100's GEMMs sustain at
    // best (its measured MAMF, 86.9% of peak, at the sustained clock of a training node), which bubbles,
    // exposed communication, attention and memory-bound kernels erode.
    const Scenario s = gpt3();
    QVERIFY2(validateScenario(s).empty(), problems(s));
    const Result r = run(s);
    const double B = 1536, sl = 2048, L = 96, h = 12288, V = 51200;
    const double flops = 72 * B * sl * L * h * h * (1 + sl / (6 * h) + V / (12 * L * h));
    QVERIFY(std::fabs(r.compute.model_flops_per_step - flops) < 0.01 * flops);
    QVERIFY(std::fabs(r.step.mfu - r.compute.model_flops_per_step / (r.step.time_s * 1024 * 312e12)) < 1e-12);
    QVERIFY(r.step.hfu > r.step.mfu);
    QVERIFY2(r.step.mfu > 0.3 && r.step.hfu < 0.869 * 0.9, qPrintable(QString::number(r.step.mfu)));
    // Interleaving with v = 2 on 8 stages and m = 96: the bubble at least (p-1)/(v·m+p-1) = 7/199.
    QVERIFY(r.step.bubble_fraction >= 7.0 / 199 - 1e-9);
}

void TestStep::offloadPcieBound()
{
    // ZeRO-3 + CPU optimizer offload on a 4-GPU PCIe workstation (ZeRO-Offload, Ren et al. ATC'21;
    // ZeRO-Infinity SC'21: the GPUs share the host link). On Gen3 PCIe limits the step; Gen4 and Gen5 (twice
    // and four times the x16 rate, PCI-SIG PCIe 4.0 and 5.0 base specifications) shorten it.
    const Result gen3 = run(offload("pcie-gen3-4gpu"));
    const Result gen4 = run(offload("pcie-gen4-4gpu"));
    const Result gen5 = run(offload("pcie-gen5-4gpu"));
    QCOMPARE(QString::fromStdString(gen3.bottleneck.kind), QStringLiteral("pcie"));
    QVERIFY(gen4.step.time_s < gen3.step.time_s);
    QVERIFY(gen5.step.time_s < gen4.step.time_s);
    QVERIFY(gen3.step.time_s > 1.5 * gen3.step.compute_s);
    // The offload copies: 2 bytes per parameter of the GPU's share each way with one microbatch (ZeRO-Offload
    // §4).
    const Result withTimeline = run(offload("pcie-gen3-4gpu"), true);
    double d2h = 0, h2d = 0;
    for (const TimelineEvent& e : withTimeline.timeline)
        if (e.gpu == 0 && e.kind == "d2h")
            d2h += e.bytes;
        else if (e.gpu == 0 && e.kind == "h2d")
            h2d += e.bytes;
    const double share = stageParams(offload("pcie-gen3-4gpu")).front().per_gpu / 4;
    QVERIFY(std::fabs(d2h - 2 * share) < 1e-6 * share);
    QVERIFY(std::fabs(h2d - 2 * share) < 1e-6 * share);
}

void TestStep::parameterOffloadFetches()
{
    // ZeRO-Infinity's parameter offload (SC'21): every unit's 16-bit weights come from the host before its
    // forward and again before its backward, 2 × m × 2 bytes per parameter of the GPU's share per step. With
    // dp 1 there is no gather, only the copies.
    Scenario s = offload("pcie-gen3-4gpu");
    s.parallel.dp = 1;
    s.parallel.tp = 4;
    s.parallel.offload_optimizer = Offload::None;
    s.parallel.offload_params = Offload::Cpu;
    s.training.global_batch = 2;
    QVERIFY2(validateScenario(s).empty(), problems(s));
    const Result r = run(s, true);
    int copies = 0;
    double bytes = 0;
    for (const TimelineEvent& e : r.timeline)
        if (e.gpu == 0 && e.kind == "h2d") {
            ++copies;
            bytes += e.bytes;
        }
    const int m = int(r.microbatches);
    QCOMPARE(m, 2);
    QCOMPARE(copies, 2 * m * (24 + 2)); // 24 layers, the embedding and the output layer
    const double share = stageParams(s).front().per_gpu;
    QVERIFY2(std::fabs(bytes - 2.0 * m * 2 * share) < 1e-6 * bytes,
             qPrintable(QString::number(bytes / share)));
}

void TestStep::gradientBits()
{
    // Data parallel on 10 GbE: quantised gradients of k bits move k/32 of the fp32 volume (k bits in place of
    // 32 per gradient), so the all-reduce time shrinks in proportion (less the fixed latency) and the step
    // with it.
    double previousStep = 1e300;
    double fp32 = 0;
    for (int bits : {32, 16, 8, 1}) {
        const Result r = run(dpEthernet(bits), true);
        const double dp = sumOf(r, "dp-comm");
        if (bits == 32)
            fp32 = dp;
        else
            QVERIFY2(std::fabs(dp / fp32 - bits / 32.0) < 0.02, qPrintable(QString::number(dp / fp32)));
        QVERIFY(r.step.time_s < previousStep);
        previousStep = r.step.time_s;
    }
    // At fp32 the network is what limits the step.
    QCOMPARE(QString::fromStdString(run(dpEthernet(32)).bottleneck.kind), QStringLiteral("link"));
}

void TestStep::overlapHidesReduction()
{
    // PyTorch DDP / Megatron-LM overlap_grad_reduce: buckets reduce while the backward goes on, so the step
    // is no longer than reducing everything at the end.
    for (Scenario s : {gptXl(), dpEthernet(32), offload("pcie-gen3-4gpu")}) {
        s.training.overlap_grad_reduce = true;
        const Result on = run(s);
        s.training.overlap_grad_reduce = false;
        const Result off = run(s);
        QVERIFY2(on.step.time_s <= off.step.time_s,
                 qPrintable(QString::number(on.step.time_s / off.step.time_s)));
        QVERIFY(on.step.exposed_comm_s <= off.step.exposed_comm_s);
    }
}

void TestStep::bottleneckKinds()
{
    // A healthy Megatron layout is compute-bound; GPipe with few microbatches is bubble-bound; a stage that
    // does not fit makes memory the bottleneck whatever the timing.
    QCOMPARE(QString::fromStdString(run(gptXl()).bottleneck.kind), QStringLiteral("compute"));
    Scenario deep = gptXl();
    deep.parallel.dp = 1;
    deep.parallel.pp = 8;
    deep.parallel.schedule = Schedule::GPipe;
    deep.training.global_batch = 8;
    deep.training.micro_batch = 4;
    QVERIFY2(validateScenario(deep).empty(), problems(deep));
    const Result bubbly = run(deep);
    QCOMPARE(QString::fromStdString(bubbly.bottleneck.kind), QStringLiteral("bubble"));
    Scenario big = gptXl();
    big.training.micro_batch = 64;
    big.training.global_batch = 512;
    const Result oom = run(big);
    QVERIFY(!oom.memory.per_gpu.front().fits);
    QCOMPARE(QString::fromStdString(oom.bottleneck.kind), QStringLiteral("memory"));
    QCOMPARE(QString::fromStdString(oom.bottleneck.id), QStringLiteral("0"));
}

void TestStep::coarseTimeline()
{
    // 64 stages × 768 microbatches with tp 8 would need millions of per-layer boxes: the timeline draws the
    // tensor-parallel collectives inside their ops' boxes instead, and says so; the figures do not change.
    Scenario s = gpt3();
    s.parallel.pp = 64;
    s.parallel.dp = 2;
    s.parallel.schedule = Schedule::OneFOneB;
    s.parallel.virtual_stages = 1;
    QVERIFY2(validateScenario(s).empty(), problems(s));
    const Result detailed = run(s, true);
    const Result figures = run(s, false);
    QCOMPARE(detailed.step.time_s, figures.step.time_s);
    QVERIFY(detailed.timeline.size() <= kMaxTimelineEvents);
    bool coarse = false;
    for (const Warning& w : detailed.warnings) {
        coarse = coarse || w.code == "step.timeline_coarse";
        QVERIFY(w.code != "step.timeline_truncated");
    }
    QVERIFY(coarse);
    // Every op is there: m forwards on every stage.
    int forwards = 0;
    for (const TimelineEvent& e : detailed.timeline) {
        QVERIFY(e.stream != "tp");
        forwards += e.stage == 63 && e.kind == "forward";
    }
    QCOMPARE(forwards, int(detailed.microbatches));
}

void TestStep::tooLargeIsRefused()
{
    Scenario s = gptXl();
    s.training.global_batch = std::int64_t(1) << 40;
    s.training.micro_batch = 1;
    QVERIFY2(validateScenario(s).empty(), problems(s));
    const Result r = run(s, true);
    QCOMPARE(r.step.time_s, 0.0);
    QVERIFY(r.timeline.empty());
    bool warned = false;
    for (const Warning& w : r.warnings)
        warned = warned || w.code == "step.too_large";
    QVERIFY(warned);
}

void TestStep::deterministic()
{
    const Result a = run(offload("pcie-gen3-4gpu"), true);
    const Result b = run(offload("pcie-gen3-4gpu"), true);
    QCOMPARE(a.step.time_s, b.step.time_s);
    QCOMPARE(a.timeline.size(), b.timeline.size());
    for (std::size_t i = 0; i < a.timeline.size(); ++i)
        QCOMPARE(a.timeline[i].start_s, b.timeline[i].start_s);
}

void TestStep::fp8RunsGemmsAtFp8Peak()
{
    // One H100, compute only, a big compute-bound model whose time is almost all linear-layer GEMMs: FP8 runs
    // those at the FP8 dense peak, 1979 TFLOP/s against 989 for BF16 (NVIDIA H100 datasheet), and attention
    // stays BF16 (Transformer Engine; DeepSeek-V3 §3.3). The step lands between 1/2 and 4/5 of bf16's: the
    // GEMMs halve, attention, the casts and the optimizer do not.
    Scenario s;
    s.model.layers = 4;
    s.model.hidden = 8192;
    s.model.heads = 64;
    s.model.kv_heads = 8;
    s.model.ffn_hidden = 28672;
    s.model.ffn_kind = FfnKind::Swiglu;
    s.model.seq_len = 4096;
    s.model.vocab = 32000;
    s.training.global_batch = 4;
    s.training.micro_batch = 1;
    s.training.flash_attention = true;
    s.parallel.dp = 1;
    s.cluster.gpus_per_node = 1;
    s.cluster.node_preset = "auto";
    s.cluster.gpu_id = "H100-SXM5-80GB";
    s.cluster.gpu = findGpu("H100-SXM5-80GB")->spec;
    EvalOptions options;
    options.communication = false;
    const Result bf16 = evaluate(s, options);
    s.training.precision = Precision::Fp8Mixed;
    const Result fp8 = evaluate(s, options);
    QVERIFY2(bf16.step.time_s > 0, bf16.warnings.empty() ? "" : bf16.warnings.front().message.c_str());
    QVERIFY2(fp8.step.time_s > 0, fp8.warnings.empty() ? "" : fp8.warnings.front().message.c_str());
    const double ratio = fp8.step.time_s / bf16.step.time_s;
    QVERIFY2(ratio > 0.5 && ratio < 0.8, qPrintable(QString::number(ratio)));
    // The FP8 copies of the weights show in memory: 2 bytes per layer parameter (a copy and its transpose).
    QVERIFY(fp8.memory.per_gpu[0].buffer_fp8_weights > 0);
    QCOMPARE(bf16.memory.per_gpu[0].buffer_fp8_weights, 0.0);
}

void TestStep::expertAndContextStreams()
{
    // A MoE model with ep 8 and cp 2 on one DGX H100 draws its all-to-alls on an "ep" stream and its K/V
    // exchange on a "cp" stream (all-gather mode: exposed before attention, Llama 3 §3.3.2), each box naming
    // its comm.collectives row.
    Scenario s;
    s.model.layers = 4;
    s.model.hidden = 4096;
    s.model.heads = 32;
    s.model.kv_heads = 8;
    s.model.ffn_hidden = 14336;
    s.model.ffn_kind = FfnKind::Swiglu;
    s.model.seq_len = 8192;
    s.model.vocab = 32000;
    s.model.experts = 8;
    s.model.experts_per_token = 2;
    s.training.global_batch = 8;
    s.training.micro_batch = 1;
    s.training.flash_attention = true;
    s.parallel.dp = 4;
    s.parallel.cp = 2;
    s.parallel.ep = 8;
    s.parallel.cp_comm = CpComm::AllGather;
    s.cluster.node_preset = "dgx-h100";
    s.cluster.gpu_id = "H100-SXM5-80GB";
    s.cluster.gpu = findGpu("H100-SXM5-80GB")->spec;
    s.cluster.network.kind = "ib-ndr";
    EvalOptions options;
    options.timeline = true;
    const Result r = evaluate(s, options);
    QVERIFY2(r.step.time_s > 0, r.warnings.empty() ? "" : r.warnings.front().message.c_str());
    int ep = 0, cp = 0;
    for (const TimelineEvent& e : r.timeline) {
        if (e.stream == "ep") {
            ++ep;
            QCOMPARE(e.kind, std::string("ep-comm"));
            QVERIFY(e.collective >= 0 && r.comm.collectives[std::size_t(e.collective)].group == "ep");
        }
        if (e.stream == "cp") {
            ++cp;
            QVERIFY(e.collective >= 0 && r.comm.collectives[std::size_t(e.collective)].group == "cp");
        }
    }
    // 4 layers × 2 microbatches × (2 forward + 2 backward) all-to-alls on the one simulated stage.
    QCOMPARE(ep, 4 * 2 * 4);
    QVERIFY(cp >= 4 * 2 * 2);
    // The MoE dispatch buffers are in memory, and parameters are reported whole and active.
    QVERIFY(r.memory.per_gpu[0].buffer_moe_dispatch > 0);
    QVERIFY(r.params_active < r.params_total);
}

QTEST_APPLESS_MAIN(TestStep)
#include "tst_step.moc"
