// SPDX-License-Identifier: GPL-3.0-or-later
// LoRA and QLoRA: trainable counts against PEFT's print_trainable_parameters() for published model shapes,
// the quantized base's bytes per weight from the QLoRA paper, memory against the paper's 65B-on-48-GB claim,
// the ordering full > LoRA > QLoRA, ZeRO sharding of the frozen weights, no weight-gradient GEMMs for frozen
// weights, the gradient all-reduce of the adapters only, and the validation of the new fields.
#include "evaluate.h"
#include "fields.h"
#include "gpucatalog.h"
#include "validate.h"
#include "workload.h"

#include <QtTest>

#include <algorithm>
#include <cmath>

Q_DECLARE_METATYPE(ss::ModelSpec)

using namespace ss;

namespace {

// meta-llama/Llama-2-7b-hf's config: 32 layers, hidden 4096, 32 heads, SwiGLU 11008, vocabulary 32000,
// untied head (6,738,415,616 parameters).
ModelSpec llama2_7b()
{
    ModelSpec m;
    m.layers = 32;
    m.hidden = 4096;
    m.heads = 32;
    m.kv_heads = 32;
    m.ffn_hidden = 11008;
    m.ffn_kind = FfnKind::Swiglu;
    m.vocab = 32000;
    m.seq_len = 4096;
    m.position_embedding = PositionEmbedding::Rotary;
    m.norm = NormKind::RmsNorm;
    m.bias = BiasKind::None;
    return m;
}

// meta-llama/Llama-3.1-8B's config: 32 layers, hidden 4096, 32 heads, 8 KV heads, SwiGLU 14336, vocabulary
// 128256, untied head (8,030,261,248 parameters).
ModelSpec llama31_8b()
{
    ModelSpec m = llama2_7b();
    m.kv_heads = 8;
    m.ffn_hidden = 14336;
    m.vocab = 128256;
    return m;
}

// LLaMA 65B (Touvron et al. 2023, Table 2; huggyllama/llama-65b's config): 80 layers, hidden 8192, 64 heads,
// SwiGLU 22016, vocabulary 32000.
ModelSpec llama65b()
{
    ModelSpec m = llama2_7b();
    m.layers = 80;
    m.hidden = 8192;
    m.heads = 64;
    m.kv_heads = 64;
    m.ffn_hidden = 22016;
    return m;
}

constexpr std::uint32_t kAllLinear = kLoraQ | kLoraK | kLoraV | kLoraO | kLoraGate | kLoraUp | kLoraDown;

// One GPU of the given kind, nothing else.
Scenario oneGpu(const ModelSpec& m, const char* gpu)
{
    Scenario s;
    s.model = m;
    s.training.global_batch = 16;
    s.training.micro_batch = 1;
    s.training.flash_attention = true;
    s.training.recompute = Recompute::Full;
    s.parallel = ParallelSpec{};
    s.cluster.gpu_id = gpu;
    s.cluster.gpu = findGpu(gpu)->spec;
    s.cluster.nodes = 1;
    s.cluster.gpus_per_node = 1;
    s.cluster.node_preset = "auto";
    s.cluster.network.nics_per_node = 1;
    return s;
}

Scenario qlora(Scenario s, std::int64_t rank, std::uint32_t targets)
{
    s.training.method = TrainingMethod::Qlora;
    s.training.lora_rank = rank;
    s.training.lora_targets = targets;
    s.training.paged_optimizer = true;
    return s;
}

Result run(const Scenario& s)
{
    const auto problems = validateScenario(s);
    for (const Problem& p : problems)
        qWarning("%s: %s", p.path.c_str(), p.message.c_str());
    return evaluate(s);
}

const CommCollective* dpRow(const Result& r, const char* op)
{
    for (const CommCollective& c : r.comm.collectives)
        if (c.group == "dp" && c.op == op)
            return &c;
    return nullptr;
}

} // namespace

class TestLora : public QObject
{
    Q_OBJECT
private slots:
    void trainableCounts_data();
    void trainableCounts();
    void quantizedBytesPerWeight();
    void qloraPaperMemory();
    void methodsOrdered();
    void zeroShardsFrozenWeights();
    void noWeightGradientForFrozenWeights();
    void dequantizationCostsTime();
    void gradientAllReduceOfAdaptersOnly();
    void fullUnchanged();
    void badInput_data();
    void badInput();
    void fieldText();
};

void TestLora::trainableCounts_data()
{
    QTest::addColumn<ModelSpec>("model");
    QTest::addColumn<int>("rank");
    QTest::addColumn<uint>("targets");
    QTest::addColumn<double>("trainable");
    QTest::addColumn<double>("all");

    // PEFT's print_trainable_parameters() for LoraConfig(r=8, target_modules=["q_proj", "v_proj"]) on
    // Llama-2-7b-hf: "trainable params: 4,194,304 || all params: 6,742,609,920". By hand: 32 layers ×
    // 2 × 8 × (4096 + 4096) = 4,194,304.
    QTest::newRow("Llama-2-7B q,v r=8 (PEFT)")
        << llama2_7b() << 8 << uint(kLoraQ | kLoraV) << 4194304.0 << 6742609920.0;
    // Llama-3(.1)-8B, same config: "trainable params: 3,407,872 || all params: 8,033,669,120". By hand:
    // 32 × 8 × ((4096 + 4096) + (4096 + 1024)) = 3,407,872 (V is 8 KV heads × 128 = 1024 wide).
    QTest::newRow("Llama-3.1-8B q,v r=8 (PEFT)")
        << llama31_8b() << 8 << uint(kLoraQ | kLoraV) << 3407872.0 << 8033669120.0;
    // The QLoRA recipe (Dettmers et al. 2023 §5: r 64 on every linear layer) on Llama-2-7b-hf:
    // "trainable params: 159,907,840 || all params: 6,898,323,456". By hand: 32 × 64 × (4 × 8192 +
    // 2 × (4096 + 11008) + (11008 + 4096)) = 159,907,840.
    QTest::newRow("Llama-2-7B all linear r=64 (QLoRA recipe)")
        << llama2_7b() << 64 << uint(kAllLinear) << 159907840.0 << 6898323456.0;
    // The embedding and the head (PEFT's lora_embedding_A/B and a LoRA lm_head): r·(V + h) each, by hand
    // 2 × 8 × (32000 + 4096) = 577,536 on top of q,v's 4,194,304.
    QTest::newRow("Llama-2-7B q,v,embed,head r=8 (by hand)")
        << llama2_7b() << 8 << uint(kLoraQ | kLoraV | kLoraEmbed | kLoraHead) << 4771840.0
        << 6738415616.0 + 4771840.0;
}

void TestLora::trainableCounts()
{
    QFETCH(ModelSpec, model);
    QFETCH(int, rank);
    QFETCH(uint, targets);
    QFETCH(double, trainable);
    QFETCH(double, all);
    Scenario s = oneGpu(model, "A100-SXM4-80GB");
    s.training.method = TrainingMethod::Lora;
    s.training.lora_rank = rank;
    s.training.lora_targets = targets;
    const Result r = run(s);
    QCOMPARE(r.params_trainable, trainable);
    // PEFT's "all params" counts the adapters beside the base.
    QCOMPARE(r.params_total + r.params_trainable, all);
    // The per-GPU share is the whole on one GPU.
    QCOMPARE(stageParams(s).front().trainable_per_gpu, trainable);
}

void TestLora::quantizedBytesPerWeight()
{
    // Dettmers et al., QLoRA (NeurIPS'23) §3, Double Quantization: block size 64 with fp32 constants costs
    // 32/64 = 0.5 bits per parameter; 8-bit constants with a second-level block of 256 reduce it to
    // 8/64 + 32/(64·256) = 0.127 bits. The NF4 code itself is 4 bits (bitsandbytes' blocksize 64).
    TrainingSpec t;
    t.method = TrainingMethod::Qlora;
    QCOMPARE(t.baseBits(), 4);
    QuantBytes q = quantizedBytes(t, 4096);
    QCOMPARE(q.data * 8, 4.0);
    QVERIFY(std::abs(q.constants * 8 - 0.127) < 0.0005);
    QCOMPARE(q.constants * 8, 8.0 / 64 + 32.0 / (64 * 256));
    t.double_quant = false;
    q = quantizedBytes(t, 4096);
    QCOMPARE(q.constants * 8, 0.5);
    // LLM.int8() (Dettmers et al., NeurIPS'22): 8 bits and a fp32 absmax per row of h weights.
    t.method = TrainingMethod::Lora;
    t.base_bits = 8;
    q = quantizedBytes(t, 4096);
    QCOMPARE(q.data, 1.0);
    QCOMPARE(q.constants, 4.0 / 4096);
}

void TestLora::qloraPaperMemory()
{
    // QLoRA abstract and §1: QLoRA "reduces the average memory requirements of finetuning a 65B parameter
    // model from >780GB of GPU memory to <48GB". The paper's setup (§5, Appendix): LoRA r 64 on all linear
    // layers, paged AdamW, gradient checkpointing; one sequence of 512 tokens at a time here.
    Scenario s = oneGpu(llama65b(), "A100-SXM4-80GB");
    s.model.seq_len = 512;
    const Result q = run(qlora(s, 64, kAllLinear));
    QVERIFY(!q.memory.per_gpu.empty());
    QVERIFY2(q.memory.peak_gpu_bytes < 48e9, qPrintable(QString::number(q.memory.peak_gpu_bytes / 1e9)));
    // The frozen base: 4-bit codes and 0.127-bit constants for the ~64.7B matmul weights, the embedding and
    // head in 16 bits: about 33.4 + 1.0 + 1.0 GB.
    const StageMemory& row = q.memory.per_gpu.front();
    QVERIFY(row.param_frozen > 33e9 && row.param_frozen < 36e9);
    QVERIFY(row.param_quant_constants > 0.9e9 && row.param_quant_constants < 1.1e9);
    // Paged optimizer states are on the host: 12 B per adapter parameter.
    QCOMPARE(row.optimizer, 0.0);
    QCOMPARE(q.memory.cpu_bytes_per_node, 12 * q.params_trainable);
    // Full 16-bit fine-tuning with Adam: 16 bytes per parameter, over 780 GB of states alone.
    const Result full = run(s);
    const StageMemory& f = full.memory.per_gpu.front();
    QVERIFY(f.params + f.grads + f.optimizer > 780e9);
    QVERIFY(!f.fits);
}

void TestLora::methodsOrdered()
{
    // Llama-2-7B on one 80 GB GPU: full fine-tuning > LoRA on a 16-bit base > QLoRA, by peak memory; the
    // trainable part of the weights shrinks from all of them to the adapters.
    Scenario s = oneGpu(llama2_7b(), "A100-SXM4-80GB");
    const Result full = run(s);
    Scenario l = s;
    l.training.method = TrainingMethod::Lora;
    l.training.lora_rank = 64;
    l.training.lora_targets = kAllLinear;
    const Result lora = run(l);
    const Result q = run(qlora(s, 64, kAllLinear));
    QVERIFY(full.memory.peak_gpu_bytes > lora.memory.peak_gpu_bytes);
    QVERIFY(lora.memory.peak_gpu_bytes > q.memory.peak_gpu_bytes);
    // LoRA's base is 2 bytes per weight, frozen; QLoRA's about 0.5.
    const StageMemory& lr = lora.memory.per_gpu.front();
    QCOMPARE(lr.param_frozen, 2 * 6738415616.0);
    QCOMPARE(lr.param_quant_constants, 0.0);
    QCOMPARE(lr.param_trainable, 2 * 159907840.0);
    QCOMPARE(lr.grads, 2 * 159907840.0);
    QCOMPARE(lr.optimizer, 12 * 159907840.0); // ZeRO's K = 12 for mixed-precision Adam, adapters only
    QVERIFY(q.memory.per_gpu.front().param_frozen < 0.3 * lr.param_frozen);
    // Full training reports no frozen part and every parameter trainable.
    QCOMPARE(full.params_trainable, full.params_total);
    QCOMPARE(full.memory.per_gpu.front().param_frozen, 0.0);
    QCOMPARE(full.memory.per_gpu.front().param_trainable, full.memory.per_gpu.front().params);
}

void TestLora::zeroShardsFrozenWeights()
{
    // ZeRO (Rajbhandari et al., SC'20) §5 applied to LoRA: stage 3 (FSDP) shards the frozen weights like
    // weights, over N_d; stages 1 and 2 shard the adapters' optimizer states and gradients.
    Scenario s = oneGpu(llama2_7b(), "A100-SXM4-80GB");
    s.cluster.gpus_per_node = 8;
    s.cluster.node_preset = "dgx-a100";
    s.cluster.network.nics_per_node = 8;
    s.parallel.dp = 8;
    s.training.global_batch = 64;
    s = qlora(s, 64, kAllLinear);
    s.training.paged_optimizer = false;
    std::array<StageMemory, 4> rows;
    for (int zero = 0; zero <= 3; ++zero) {
        s.parallel.zero_stage = zero;
        const Result r = run(s);
        QVERIFY(!r.memory.per_gpu.empty());
        rows[std::size_t(zero)] = r.memory.per_gpu.front();
    }
    QCOMPARE(rows[1].optimizer, rows[0].optimizer / 8);
    QCOMPARE(rows[1].grads, rows[0].grads);
    QCOMPARE(rows[2].grads, rows[0].grads / 8);
    QCOMPARE(rows[2].params, rows[0].params);
    QVERIFY(std::abs(rows[3].param_frozen - rows[0].param_frozen / 8) < 1e-6 * rows[0].param_frozen);
    QVERIFY(std::abs(rows[3].param_quant_constants - rows[0].param_quant_constants / 8) <
            1e-6 * rows[0].param_quant_constants);
    QVERIFY(std::abs(rows[3].params - rows[0].params / 8) < 1e-6 * rows[0].params);
}

void TestLora::noWeightGradientForFrozenWeights()
{
    // A frozen weight needs the input gradient dX = dY·Wᵀ but not dW = Xᵀ·dY (LoRA, Hu et al., ICLR'22 §4.2:
    // no gradients for most parameters): the backward of the frozen GEMMs is one forward, not two. With a
    // flat roofline (compute.efficiency) time follows FLOPs: a tiny adapter leaves LoRA's step compute at
    // about (3F − F_frozen)/3F of full training's, F_frozen the weight GEMMs' forward.
    Scenario s = oneGpu(llama2_7b(), "A100-SXM4-80GB");
    s.model.seq_len = 1024;
    s.training.recompute = Recompute::None;
    s.compute.efficiency = 0.5;
    const Result full = run(s);
    Scenario l = s;
    l.training.method = TrainingMethod::Lora;
    l.training.lora_rank = 1;
    l.training.lora_targets = kLoraQ;
    const Result lora = run(l);
    // FLOPs: the step drops exactly the frozen weight-gradient GEMMs (B · (L · 2Ψ_layer·s + 2·s·h·V)) and
    // adds the adapter's 3 × 2·r·(h + h)·s per layer.
    const ModelSpec& m = s.model;
    const double B = 16, sl = 1024;
    const double weights = m.layers * layerForwardFlops(m, 1.0).dense + logitsForwardFlops(m, 1.0);
    const double adapter = 3 * 2 * 1 * (4096 + 4096) * sl * m.layers;
    QVERIFY(std::abs(lora.compute.model_flops_per_step -
                     (full.compute.model_flops_per_step - B * weights + B * adapter)) <
            1e-9 * full.compute.model_flops_per_step);
    const double ratio = lora.compute.model_flops_per_step / full.compute.model_flops_per_step;
    QVERIFY(ratio > 0.66 && ratio < 0.75); // attention's backward stays twice its forward
    // The simulated compute follows: within 5% of the FLOP ratio.
    QVERIFY2(
        std::abs(lora.step.compute_s / full.step.compute_s - ratio) < 0.05,
        qPrintable(QStringLiteral("%1 vs %2").arg(lora.step.compute_s / full.step.compute_s).arg(ratio)));
}

void TestLora::dequantizationCostsTime()
{
    // bitsandbytes dequantizes the 4-bit weights to bf16 before every GEMM of the forward and the input
    // gradient (QLoRA §3): QLoRA is slower per step than LoRA on a 16-bit base, and faster than full
    // training.
    Scenario s = oneGpu(llama31_8b(), "H100-SXM5-80GB");
    s.model.seq_len = 2048;
    Scenario l = s;
    l.training.method = TrainingMethod::Lora;
    l.training.lora_rank = 16;
    l.training.lora_targets = kAllLinear;
    const Result lora = run(l);
    const Result q = run(qlora(s, 16, kAllLinear));
    const Result full = run(s);
    QVERIFY(q.step.time_s > lora.step.time_s);
    QVERIFY(q.step.time_s < full.step.time_s);
    // The dequantization streams ~0.5 + 2 B per weight twice per layer per microbatch: on the order of
    // 2 × 7e9 × 2.5 B / 3.35e12 B/s × 16 microbatches ≈ 0.17 s at the full HBM bandwidth.
    QVERIFY(q.step.time_s - lora.step.time_s > 0.1);
}

void TestLora::gradientAllReduceOfAdaptersOnly()
{
    // Data parallelism all-reduces the gradients of the trainable parameters only: PEFT's 4,194,304 adapter
    // parameters of Llama-2-7B q,v r=8, in fp32 (grad_comm_bits 32): 16,777,216 bytes, instead of the
    // 6,738,415,616 × 4 of full training (ZeRO §7's 2Ψ all-reduce volume, Ψ the trainable parameters).
    Scenario s = oneGpu(llama2_7b(), "A100-SXM4-80GB");
    s.cluster.gpus_per_node = 8;
    s.cluster.node_preset = "dgx-a100";
    s.cluster.network.nics_per_node = 8;
    s.parallel.dp = 8;
    s.training.global_batch = 64;
    const Result full = run(s);
    s.training.method = TrainingMethod::Lora;
    const Result lora = run(s);
    const CommCollective* f = dpRow(full, "allreduce");
    const CommCollective* l = dpRow(lora, "allreduce");
    QVERIFY(f && l);
    QCOMPARE(f->bytes, 6738415616.0 * 4);
    QCOMPARE(l->bytes, 4194304.0 * 4);
    QVERIFY(l->time_s < f->time_s / 100);
    // ZeRO-3: the gradients are the adapters' (reduce-scatter), the gathers the frozen base's bytes.
    s.parallel.zero_stage = 3;
    s.training.method = TrainingMethod::Qlora;
    const Result z3 = run(s);
    const CommCollective* rs = dpRow(z3, "reducescatter");
    const CommCollective* ag = dpRow(z3, "allgather");
    QVERIFY(rs && ag);
    QCOMPARE(rs->bytes, 4194304.0 * 4);
    const StageMemory& row = z3.memory.per_gpu.front();
    QVERIFY(std::abs(ag->bytes - 8 * row.params) < 1e-6 * ag->bytes); // every rank's shard, gathered
}

void TestLora::fullUnchanged()
{
    // The defaults are full training: no adapters, PEFT's LoraConfig defaults kept for when LoRA is chosen.
    const TrainingSpec t;
    QCOMPARE(t.method, TrainingMethod::Full);
    QCOMPARE(t.lora_rank, std::int64_t(8));
    QCOMPARE(t.lora_alpha, 8.0);
    QCOMPARE(t.lora_targets, std::uint32_t(kLoraQ | kLoraV));
    QCOMPARE(t.baseBits(), 16);
}

void TestLora::badInput_data()
{
    QTest::addColumn<QString>("field");
    QTest::addColumn<QString>("value");
    QTest::addColumn<QString>("path");
    QTest::addColumn<QString>("message");
    QTest::newRow("qlora with a 16-bit base") << "training.base_bits"
                                              << "16"
                                              << "training.base_bits"
                                              << "qlora quantizes the base to 4 bits";
    QTest::newRow("rank at the hidden size") << "training.lora_rank"
                                             << "4096"
                                             << "training.lora_rank"
                                             << "not low-rank for the hidden size 4096";
    QTest::newRow("experts on a dense model") << "training.lora_targets"
                                              << "q,experts"
                                              << "training.lora_targets"
                                              << "this model has none";
    QTest::newRow("optimizer offload") << "parallel.offload_optimizer"
                                       << "cpu"
                                       << "parallel.offload_optimizer"
                                       << "use training.paged_optimizer";
}

void TestLora::badInput()
{
    QFETCH(QString, field);
    QFETCH(QString, value);
    QFETCH(QString, path);
    QFETCH(QString, message);
    Scenario s = qlora(oneGpu(llama2_7b(), "A100-SXM4-80GB"), 8, kLoraQ | kLoraV);
    if (field == QLatin1String("parallel.offload_optimizer"))
        s.parallel.zero_stage = 1;
    QCOMPARE(QString::fromStdString(setFieldFromText(s, field.toStdString(), value.toStdString())),
             QString());
    const auto problems = validateScenario(s);
    QVERIFY(!problems.empty());
    const auto it = std::find_if(problems.begin(), problems.end(),
                                 [&](const Problem& p) { return QString::fromStdString(p.path) == path; });
    QVERIFY2(it != problems.end(), qPrintable(QString::fromStdString(problems.front().message)));
    QVERIFY2(QString::fromStdString(it->message).contains(message), it->message.c_str());
    // evaluate() refuses it with the same words, and does not crash.
    const Result r = evaluate(s);
    QVERIFY(!r.warnings.empty());
    QCOMPARE(r.warnings.front().code, std::string("scenario.invalid"));
}

void TestLora::fieldText()
{
    // The field table reads what --set and the parameter panel give, and names what it expects.
    Scenario s;
    QCOMPARE(setFieldFromText(s, "training.lora_targets", "q, k,v ,o"), std::string());
    QCOMPARE(s.training.lora_targets, std::uint32_t(kLoraQ | kLoraK | kLoraV | kLoraO));
    QCOMPARE(loraTargetsText(s.training.lora_targets), std::string("q,k,v,o"));
    std::string error = setFieldFromText(s, "training.lora_targets", "q,qq");
    QVERIFY2(error.find("training.lora_targets") == 0 &&
                 error.find("unknown LoRA target \"qq\"") != std::string::npos,
             error.c_str());
    error = setFieldFromText(s, "training.lora_rank", "0");
    QVERIFY2(error.find("training.lora_rank") == 0, error.c_str());
    error = setFieldFromText(s, "training.lora_rank", "-4");
    QVERIFY2(error.find("training.lora_rank") == 0, error.c_str());
    error = setFieldFromText(s, "training.base_bits", "12");
    QVERIFY2(error.find("training.base_bits") == 0, error.c_str());
    error = setFieldFromText(s, "training.method", "dora");
    QVERIFY2(error.find("training.method") == 0 && error.find("qlora") != std::string::npos, error.c_str());
    // A quantized base without adapters is refused by name.
    QCOMPARE(setFieldFromText(s, "training.base_bits", "4"), std::string());
    const auto problems = validateScenario(s);
    QVERIFY(std::any_of(problems.begin(), problems.end(),
                        [](const Problem& p) { return p.path == "training.base_bits"; }));
}

QTEST_APPLESS_MAIN(TestLora)
#include "tst_lora.moc"
