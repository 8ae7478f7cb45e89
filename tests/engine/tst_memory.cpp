// SPDX-License-Identifier: GPL-3.0-or-later
// The memory model and the FLOPs of evaluate(), against the ZeRO paper's figures, Transformer Math 101's
// bytes per parameter, ZeRO-Offload's placement, Korthikanti's schedule factors and Narayanan's eq. 3.
#include "evaluate.h"
#include "gpucatalog.h"
#include "memory.h"
#include "validate.h"
#include "workload.h"

#include <QtTest>

using namespace ss;

namespace {

// The ZeRO paper's running example (Rajbhandari et al. SC'20, Figure 1): Ψ = 7.5B, N_d = 64, K = 12.
Scenario zeroExample(int stage)
{
    Scenario s;
    s.model.kind = ModelKind::Params;
    s.model.params = 7.5e9;
    s.model.layers = 32;
    s.model.hidden = 4096;
    s.model.heads = 32;
    s.model.seq_len = 1024;
    s.training.global_batch = 64;
    s.training.micro_batch = 1;
    s.parallel.dp = 64;
    s.parallel.zero_stage = stage;
    s.cluster.nodes = 8;
    s.cluster.gpus_per_node = 8;
    s.overheads.allocator_fraction = 0;
    return s;
}

double modelStates(const StageMemory& row)
{
    return row.params + row.grads + row.optimizer;
}

Scenario gpt3(Recompute recompute)
{
    Scenario s;
    s.model.layers = 96;
    s.model.hidden = 12288;
    s.model.heads = 96;
    s.model.kv_heads = 96;
    s.model.ffn_hidden = 49152;
    s.model.vocab = 51200;
    s.model.seq_len = 2048;
    s.training.global_batch = 1536;
    s.training.micro_batch = 1;
    s.training.recompute = recompute;
    s.parallel.dp = 16;
    s.parallel.tp = 8;
    s.parallel.pp = 8;
    s.parallel.sequence_parallel = true;
    s.cluster.nodes = 128;
    s.cluster.gpus_per_node = 8;
    return s;
}

} // namespace

class TestMemory : public QObject
{
    Q_OBJECT

private slots:
    void zeroStages_data();
    void zeroStages();
    void bytesPerParam_data();
    void bytesPerParam();
    void offloadOptimizer();
    void offloadParamsAndNvme();
    void scheduleActivations();
    void crossEntropyLogits();
    void withoutDropout();
    void capacityCheck();
    void flopsNarayanan();
    void explanationsEqualFigures();
    void invalidScenarioGivesWarningsNotCrash();
};

void TestMemory::zeroStages_data()
{
    QTest::addColumn<int>("stage");
    QTest::addColumn<double>("expected");
    // Rajbhandari et al. SC'20, Figure 1 (Ψ 7.5B, N_d 64, K 12): 120 GB, 31.4 GB, 16.6 GB, 1.9 GB.
    QTest::newRow("baseline (2+2+K)Ψ = 120 GB") << 0 << 16 * 7.5e9;
    QTest::newRow("P_os 2Ψ+2Ψ+KΨ/N_d = 31.4 GB") << 1 << 4 * 7.5e9 + 12 * 7.5e9 / 64;
    QTest::newRow("P_os+g 2Ψ+(2+K)Ψ/N_d = 16.6 GB") << 2 << 2 * 7.5e9 + 14 * 7.5e9 / 64;
    QTest::newRow("P_os+g+p (2+2+K)Ψ/N_d = 1.9 GB") << 3 << 16 * 7.5e9 / 64;
}

void TestMemory::zeroStages()
{
    QFETCH(int, stage);
    QFETCH(double, expected);
    const Result r = evaluate(zeroExample(stage));
    QVERIFY2(r.warnings.empty() || r.warnings.front().code != "scenario.invalid",
             r.warnings.empty() ? "" : r.warnings.front().message.c_str());
    QCOMPARE(int(r.memory.per_gpu.size()), 1);
    QCOMPARE(modelStates(r.memory.per_gpu[0]), expected);
    // Figure 1 rounds to one decimal in GB.
    const double rounded[] = {120.0, 31.4, 16.6, 1.9};
    QCOMPARE(qRound(modelStates(r.memory.per_gpu[0]) / 1e8) / 10.0, rounded[stage]);
}

void TestMemory::bytesPerParam_data()
{
    QTest::addColumn<int>("precision");
    QTest::addColumn<int>("optimizer");
    QTest::addColumn<double>("weights");
    QTest::addColumn<double>("grads");
    QTest::addColumn<double>("states");
    // ZeRO (Rajbhandari et al., SC'20) §3.1: mixed precision Adam is 2 + 2 + 12.
    QTest::newRow("bf16-mixed Adam 2+2+12 (ZeRO K=12)")
        << int(Precision::Bf16Mixed) << int(Optimizer::Adam) << 2.0 << 2.0 << 12.0;
    QTest::newRow("fp16-mixed Adam 2+2+12 (ZeRO K=12)")
        << int(Precision::Fp16Mixed) << int(Optimizer::Adam) << 2.0 << 2.0 << 12.0;
    // EleutherAI "Transformer Math 101": fp32 weights/grads 4; AdamW 8 without a master copy;
    // 8-bit Adam 6 (4 master + 2); SGD with momentum 8 (4 master + 4).
    QTest::newRow("fp32 Adam 4+4+8 (Transformer Math 101)")
        << int(Precision::Fp32) << int(Optimizer::Adam) << 4.0 << 4.0 << 8.0;
    QTest::newRow("bf16-mixed 8-bit Adam 2+2+6 (Transformer Math 101)")
        << int(Precision::Bf16Mixed) << int(Optimizer::Adam8bit) << 2.0 << 2.0 << 6.0;
    // DeepSeek-V3 (arXiv:2412.19437) §3.3.3: fp32 master weights, AdamW's two moments in BF16: 4 + 2 + 2.
    QTest::newRow("fp8-mixed Adam with BF16 moments 2+2+8 (DeepSeek-V3 §3.3.3)")
        << int(Precision::Fp8Mixed) << int(Optimizer::AdamBf16) << 2.0 << 2.0 << 8.0;
    QTest::newRow("bf16-mixed SGD momentum 2+2+8 (Transformer Math 101)")
        << int(Precision::Bf16Mixed) << int(Optimizer::SgdMomentum) << 2.0 << 2.0 << 8.0;
    QTest::newRow("fp32 plain SGD keeps no state (Transformer Math 101)")
        << int(Precision::Fp32) << int(Optimizer::Sgd) << 4.0 << 4.0 << 0.0;
}

void TestMemory::bytesPerParam()
{
    QFETCH(int, precision);
    QFETCH(int, optimizer);
    QFETCH(double, weights);
    QFETCH(double, grads);
    QFETCH(double, states);
    const StateBytes b = stateBytesPerParam(Precision(precision), Optimizer(optimizer));
    QCOMPARE(b.weights, weights);
    QCOMPARE(b.grads, grads);
    QCOMPARE(b.optimizer, states);
}

void TestMemory::offloadOptimizer()
{
    // ZeRO-Offload (Ren et al. ATC'21) §4: with ZeRO-2 partitioning, each rank's fp16 gradient share and fp32
    // states (2 + 12 bytes × Ψ/N_d) live in host memory; the GPU keeps its fp16 weights (2Ψ).
    Scenario s = zeroExample(2);
    s.parallel.offload_optimizer = Offload::Cpu;
    const Result r = evaluate(s);
    const StageMemory& row = r.memory.per_gpu[0];
    QCOMPARE(row.params, 2 * 7.5e9);
    QCOMPARE(row.grads, 0.0);
    QCOMPARE(row.optimizer, 0.0);
    // Eight ranks per node, each with its 1/64 share.
    QCOMPARE(r.memory.cpu_bytes_per_node, 8 * 14 * 7.5e9 / 64);
    QCOMPARE(r.memory.nvme_bytes_per_node, 0.0);
    // Less on the GPU than without offload.
    QVERIFY(row.total < evaluate(zeroExample(2)).memory.per_gpu[0].total);
}

void TestMemory::offloadParamsAndNvme()
{
    // ZeRO-Infinity (Rajbhandari et al. SC'21): stage 3 with parameters on the CPU and states on NVMe.
    Scenario s = zeroExample(3);
    s.parallel.offload_params = Offload::Cpu;
    s.parallel.offload_optimizer = Offload::Nvme;
    const Result r = evaluate(s);
    const StageMemory& row = r.memory.per_gpu[0];
    QCOMPARE(row.params + row.grads + row.optimizer, 0.0);
    QCOMPARE(r.memory.cpu_bytes_per_node, 8 * 2 * 7.5e9 / 64);
    QCOMPARE(r.memory.nvme_bytes_per_node, 8 * 14 * 7.5e9 / 64);
    QVERIFY(row.buffer_zero3_gather > 0); // the working layers are gathered on the GPU
}

void TestMemory::scheduleActivations()
{
    // 1F1B: stage i holds p - i microbatches of its layers; GPipe holds all m (Narayanan et al. SC'21 §2.2).
    Scenario s = gpt3(Recompute::Selective);
    const ActivationTerms perLayer = layerActivationBytes(s);
    const Result oneF1B = evaluate(s);
    QCOMPARE(oneF1B.microbatches, qint64(1536 / 16));
    const double layerBytes = perLayer.total() * 12; // 12 layers a stage
    // Middle stages carry no embedding or logits terms.
    QCOMPARE(oneF1B.memory.per_gpu[3].activations, (8 - 3) * layerBytes);
    // Korthikanti §4.2.3: the first stage holds L layers' worth (p microbatches × L/p layers) plus embedding.
    QVERIFY(oneF1B.memory.per_gpu[0].activations >= 96 * perLayer.total());

    s.parallel.schedule = Schedule::GPipe;
    const Result gpipe = evaluate(s);
    QCOMPARE(gpipe.memory.per_gpu[3].activations, 96 * layerBytes);

    // Interleaved v = 2: the first stage's layer memory grows by 1 + (p - 1)/(p·v).
    s.parallel.schedule = Schedule::Interleaved;
    s.parallel.virtual_stages = 2;
    const Result inter = evaluate(s);
    const double embedding = 2048.0 * 1 * 12288 / 8; // sbh/t dropout mask per microbatch in flight
    const double firstLayers =
        inter.memory.per_gpu[0].activations - inter.memory.per_gpu[0].in_flight * embedding;
    QVERIFY(qAbs(firstLayers - 96 * perLayer.total() * (1 + 7.0 / 16)) < 1.0);
}

// The loss's backward on the last stage (Korthikanti et al. §4.3: the fp32 logits' gradient, 4·s·b·V/t): a
// fused cross entropy works in place; PyTorch's F.cross_entropy holds the gradient it receives as well, one
// more 4·s·b·V/t. GPT-3 175B, s 2048, b 1, V 51200, t 8: 4 × 2048 × 51200 / 8 = 52,428,800 bytes.
void TestMemory::crossEntropyLogits()
{
    Scenario s = gpt3(Recompute::None);
    QCOMPARE(int(s.training.cross_entropy), int(CrossEntropy::Fused)); // the default
    const MemoryResult fused = estimateMemory(s, 96);
    s.training.cross_entropy = CrossEntropy::Pytorch;
    const MemoryResult pytorch = estimateMemory(s, 96);
    QCOMPARE(fused.per_gpu.back().buffer_logits, 52428800.0);
    QCOMPARE(pytorch.per_gpu.back().buffer_logits, 2 * 52428800.0);
    QCOMPARE(pytorch.per_gpu.front().buffer_logits, 0.0); // not the last stage
    QCOMPARE(pytorch.per_gpu.back().activations, fused.per_gpu.back().activations);
}

// Without dropout (Llama-family recipes) no 1-byte masks are kept (Korthikanti et al., MLSys'23 §4.1: sbh
// after the attention block, sbh after the MLP, as²b in the attention, sbh after the embedding), and the
// softmax's output is the one score tensor kept (the product with V saves the same): 5as²b -> 2as²b.
// GPT-3 175B (s 2048, b 1, h 12288, a 96, t 8, sequence parallel): per layer 2sbh/t + 3as²b/t =
// 6,291,456 + 150,994,944 bytes.
void TestMemory::withoutDropout()
{
    Scenario s = gpt3(Recompute::None);
    QVERIFY(s.training.dropout); // the default, Megatron-LM's
    const ActivationTerms with = layerActivationBytes(s);
    const MemoryResult withRows = estimateMemory(s, 96);
    s.training.dropout = false;
    const ActivationTerms without = layerActivationBytes(s);
    const MemoryResult withoutRows = estimateMemory(s, 96);
    QCOMPARE(with.attention - without.attention, 2048.0 * 12288 / 8);
    QCOMPARE(with.mlp - without.mlp, 2048.0 * 12288 / 8);
    QCOMPARE(with.scores - without.scores, 3.0 * 96 * 2048 * 2048 / 8);
    QCOMPARE(with.norms, without.norms);
    // Stage 0 also loses its embedding mask, n_0 · sbh / t.
    const StageMemory& a = withRows.per_gpu.front();
    const StageMemory& b = withoutRows.per_gpu.front();
    QCOMPARE(a.activations - b.activations,
             a.in_flight * double(a.layers) * (with.total() - without.total()) +
                 a.in_flight * 2048.0 * 12288 / 8);
}

void TestMemory::capacityCheck()
{
    // ZeRO baseline: 16 B × 7.5e9 = 120 GB of model states cannot fit an 80 GiB A100.
    const Result r = evaluate(zeroExample(0));
    QVERIFY(!r.memory.per_gpu[0].fits);
    QCOMPARE(r.memory.per_gpu[0].capacity, 81920.0 * 1024 * 1024);
    bool named = false;
    for (const Warning& w : r.warnings)
        named |= w.code == "memory.overflow" && w.message.find("Stage 0") != std::string::npos;
    QVERIFY(named);
    // Stage 3 fits: 1.9 GB of states.
    QVERIFY(evaluate(zeroExample(3)).memory.per_gpu[0].fits);
}

void TestMemory::flopsNarayanan()
{
    // Narayanan et al. SC'21: model FLOPs 72BsLh²(1 + s/(6h) + V/(12Lh)); eq. 3 with full recompute
    // 96BsLh²(1 + s/(6h) + V/(16Lh)). GPT-3 175B, B 1536, s 2048.
    const double B = 1536, s = 2048, L = 96, h = 12288, V = 51200;
    const double model = 72 * B * s * L * h * h * (1 + s / (6 * h) + V / (12 * L * h));
    const double hardware = 96 * B * s * L * h * h * (1 + s / (6 * h) + V / (16 * L * h));
    const Result none = evaluate(gpt3(Recompute::None));
    const Result full = evaluate(gpt3(Recompute::Full));
    QVERIFY(qAbs(none.compute.model_flops_per_step / model - 1) < 1e-12);
    QCOMPARE(none.compute.hardware_flops_per_step, none.compute.model_flops_per_step);
    QVERIFY(qAbs(full.compute.model_flops_per_step / model - 1) < 1e-12);
    QVERIFY(qAbs(full.compute.hardware_flops_per_step / hardware - 1) < 1e-12);
    // Kaplan et al.: about 6Ψ per token plus attention; within 5% for GPT-3.
    QVERIFY(qAbs(none.compute.flops_per_token / (6 * none.params_total) - 1) < 0.05);
}

void TestMemory::explanationsEqualFigures()
{
    Scenario s = gpt3(Recompute::Selective);
    const Result r = evaluate(s, EvalOptions{true});
    QVERIFY(!r.explain.empty());
    auto value = [&](const std::string& figure) {
        for (const Explanation& e : r.explain)
            if (e.figure == figure)
                return e.value;
        return -1.0;
    };
    for (std::size_t i = 0; i < r.memory.per_gpu.size(); ++i) {
        const StageMemory& row = r.memory.per_gpu[i];
        const std::string base = "memory.per_gpu[" + std::to_string(i) + "].";
        QCOMPARE(value(base + "params"), row.params);
        QCOMPARE(value(base + "optimizer"), row.optimizer);
        QCOMPARE(value(base + "activations"), row.activations);
        QCOMPARE(value(base + "buffers"), row.buffers);
        QCOMPARE(value(base + "total"), row.total);
    }
    QCOMPARE(value("params_total"), r.params_total);
    QCOMPARE(value("compute.model_flops_per_step"), r.compute.model_flops_per_step);
}

void TestMemory::invalidScenarioGivesWarningsNotCrash()
{
    Scenario s = gpt3(Recompute::None);
    s.parallel.dp = 0;
    s.training.micro_batch = 0;
    const Result r = evaluate(s);
    QVERIFY(!r.warnings.empty());
    QCOMPARE(QString::fromStdString(r.warnings.front().code), QStringLiteral("scenario.invalid"));
    QVERIFY(r.memory.per_gpu.empty());
}

QTEST_APPLESS_MAIN(TestMemory)
#include "tst_memory.moc"
