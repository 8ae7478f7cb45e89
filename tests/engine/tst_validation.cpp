// SPDX-License-Identifier: GPL-3.0-or-later
// Step times against published measured runs, with the default calibration (compute.scale 1, the kernel
// model) and no per-run tuning: each run's scenario states only what the paper states (model, layout,
// batch, GPUs, recompute, the framework's overlap settings of its time). docs/validation.md has the table.
//
// Korthikanti et al., "Reducing Activation Recomputation in Large Transformer Models" (MLSys'23): Table 3
// (models and layouts: sequence 2048, vocabulary 51200, micro-batch 1, data parallel 1, A100 80GB) and
// Table 5 (iteration time in seconds with full recompute, and with selective recompute plus sequence
// parallelism; MFU of the latter 41.5%, 51.4%, 56.0%, 56.3%). Their Megatron-LM of 2022 sent pipeline
// activations with blocking P2P (no --overlap-p2p-communication then): training.overlap_p2p_comm false.
//
// Llama Team, "The Llama 3 Herd of Models" (arXiv:2407.21783), Table 4: Llama 3 405B on H100 at 8,192 GPUs
// (TP 8, CP 1, PP 16, DP 64, sequence 8192) 430 TFLOPS per GPU, and at 16,384 GPUs with 131072-token
// sequences (TP 8, CP 16, PP 16, DP 8) 380 TFLOPS; its attention is FlashAttention-2 (the run predates
// FlashAttention-3).
//
// Memory against PyTorch: a GPT of 219M parameters and a Llama-style model of 202M (RMSNorm, GQA, rotary,
// SwiGLU, no dropout) trained one step at a time in plain PyTorch 2.11 on one H200
// (tests/engine/data/pytorch-memory/memcheck.py), their torch.cuda.max_memory_allocated and the bytes of
// their weights, gradients and Adam states (h200-torch2.11.jsonl, the script's output).
#include "evaluate.h"
#include "examples.h"
#include "scenariojson.h"

#include <QFile>
#include <QJsonDocument>
#include <QJsonObject>
#include <QtTest>

#include <cmath>

using namespace ss;

namespace {

Scenario publishedRun(const QString& name)
{
    Scenario s;
    QString error;
    const QString file = QStringLiteral(SHARDSCOPE_TEST_DATA "/published-runs/") + name;
    if (!io::loadScenarioFile(file, s, &error))
        qFatal("%s", qPrintable(error));
    return s;
}

double mfuOf(const QString& name)
{
    return evaluate(publishedRun(name)).step.mfu;
}

} // namespace

class TestValidation : public QObject
{
    Q_OBJECT

private slots:
    void korthikantiTable5_data()
    {
        QTest::addColumn<QString>("file");
        QTest::addColumn<double>("measured");
        QTest::newRow("22B, full recompute: 1.42 s (Table 5)") << "korthikanti-22b-full.json" << 1.42;
        QTest::newRow("22B, selective + SP: 1.10 s") << "korthikanti-22b-selective.json" << 1.10;
        QTest::newRow("175B, full recompute: 18.13 s") << "korthikanti-175b-full.json" << 18.13;
        QTest::newRow("175B, selective + SP: 13.75 s") << "korthikanti-175b-selective.json" << 13.75;
        QTest::newRow("530B, full recompute: 49.05 s") << "korthikanti-530b-full.json" << 49.05;
        QTest::newRow("530B, selective + SP: 37.83 s") << "korthikanti-530b-selective.json" << 37.83;
        QTest::newRow("1T, full recompute: 94.42 s") << "korthikanti-1t-full.json" << 94.42;
        QTest::newRow("1T, selective + SP: 71.49 s") << "korthikanti-1t-selective.json" << 71.49;
    }
    void korthikantiTable5()
    {
        QFETCH(QString, file);
        QFETCH(double, measured);
        const Scenario s = publishedRun(file);
        QCOMPARE(s.compute.efficiency, 0.0); // the kernel model, not a fitted flat efficiency
        QCOMPARE(s.compute.scale, 1.0);
        const Result r = evaluate(s);
        const double error = r.step.time_s / measured - 1;
        qInfo("%s: %.2f s against %.2f s measured, %+.1f%%, MFU %.1f%%", qPrintable(file), r.step.time_s,
              measured, 100 * error, 100 * r.step.mfu);
        QVERIFY2(std::abs(error) < 0.10,
                 qPrintable(QStringLiteral("%1 s, %2%").arg(r.step.time_s).arg(100 * error)));
    }

    // Table 5's MFU rises with model size, 41.5% → 51.4% → 56.0% → 56.3%: larger GEMMs run closer to the
    // peak and the per-layer memory-bound work and communication shrink against them. The 1T model's pipeline
    // of 64 stages without interleaving has more bubble than the 530B's; the paper's two are 0.3 points
    // apart, so 1T is held within 3 points of 530B.
    void mfuRisesWithModelSize()
    {
        const double m22 = mfuOf(QStringLiteral("korthikanti-22b-selective.json"));
        const double m175 = mfuOf(QStringLiteral("korthikanti-175b-selective.json"));
        const double m530 = mfuOf(QStringLiteral("korthikanti-530b-selective.json"));
        const double m1t = mfuOf(QStringLiteral("korthikanti-1t-selective.json"));
        qInfo("MFU: 22B %.3f, 175B %.3f, 530B %.3f, 1T %.3f (paper 0.415, 0.514, 0.560, 0.563)", m22, m175,
              m530, m1t);
        QVERIFY(m22 < m175);
        QVERIFY(m175 < m530);
        QVERIFY(std::abs(m1t - m530) < 0.03);
        // Each within 10% (relative) of the paper's.
        QVERIFY(std::abs(m22 / 0.415 - 1) < 0.1);
        QVERIFY(std::abs(m175 / 0.514 - 1) < 0.1);
        QVERIFY(std::abs(m530 / 0.560 - 1) < 0.1);
        QVERIFY(std::abs(m1t / 0.563 - 1) < 0.1);
    }

    // Selective recompute saves about 30% of the full-recompute step at every size (Table 5: 29.0%, 31.8%,
    // 29.7%, 32.1% more throughput).
    void selectiveSavesAThird_data()
    {
        QTest::addColumn<QString>("size");
        QTest::addColumn<double>("gain");
        QTest::newRow("22B: 29.0%") << "22b" << 0.290;
        QTest::newRow("175B: 31.8%") << "175b" << 0.318;
        QTest::newRow("530B: 29.7%") << "530b" << 0.297;
        QTest::newRow("1T: 32.1%") << "1t" << 0.321;
    }
    void selectiveSavesAThird()
    {
        QFETCH(QString, size);
        QFETCH(double, gain);
        const double full = evaluate(publishedRun("korthikanti-" + size + "-full.json")).step.time_s;
        const double selective =
            evaluate(publishedRun("korthikanti-" + size + "-selective.json")).step.time_s;
        const double model = full / selective - 1;
        QVERIFY2(std::abs(model - gain) < 0.1, qPrintable(QString::number(model)));
    }

    // Llama 3 405B on H100 (Table 4): TFLOPS per GPU within 10% of the published 430 (8K sequences on
    // 8,192 GPUs) and 380 (128K sequences on 16,384 GPUs).
    void llama3Table4_data()
    {
        QTest::addColumn<bool>("longContext");
        QTest::addColumn<double>("tflops");
        QTest::newRow("8,192 GPUs, TP 8 CP 1 PP 16 DP 64, 8K: 430 TFLOPS") << false << 430.0;
        QTest::newRow("16,384 GPUs, TP 8 CP 16 PP 16 DP 8, 128K: 380 TFLOPS") << true << 380.0;
    }
    void llama3Table4()
    {
        QFETCH(bool, longContext);
        QFETCH(double, tflops);
        Scenario s;
        QString error;
        QVERIFY(io::loadExample(QStringLiteral("llama3.1-405b-16k-h100"), s, &error));
        if (!longContext) {
            // 16M tokens per batch as 2048 sequences of 8192, the 8K row's layout.
            s.parallel.cp = 1;
            s.parallel.dp = 64;
            s.cluster.nodes = 1024;
            s.model.seq_len = 8192;
            s.training.global_batch = 2048;
        }
        const Result r = evaluate(s);
        const double model = r.step.mfu * s.cluster.gpu.peak_flops / 1e12;
        qInfo("Llama 3 405B: %.0f TFLOPS per GPU against %.0f published", model, tflops);
        QVERIFY2(std::abs(model / tflops - 1) < 0.1, qPrintable(QString::number(model)));
    }
    // DeepSeek-V3 (arXiv:2412.19437, abstract and §1): 180K H800 GPU hours per trillion tokens, 10^12 /
    // (180,000 · 3600 s) = 1,543 tokens/s per GPU, over the whole pre-training (its batch ramp, checkpoints
    // and restarts included). The example states the run's layout, routing groups, DeepEP dispatch in FP8 and
    // overlapped all-to-alls (§3.2-3.3).
    void deepseekV3Throughput()
    {
        Scenario s;
        QString error;
        QVERIFY(io::loadExample(QStringLiteral("deepseek-v3-2048-h800"), s, &error));
        const Result r = evaluate(s);
        const double perGpu = r.step.tokens_per_s / double(s.gpus());
        const double published = 1e12 / (180e3 * 3600);
        qInfo("DeepSeek-V3: %.0f tokens/s per GPU against %.0f published", perGpu, published);
        QVERIFY2(std::abs(perGpu / published - 1) < 0.1, qPrintable(QString::number(perGpu)));
        // The run trained on 80 GB H800s (§3.1) with the memory savings of §3.2.3 and §3.3.3: every stage
        // fits.
        for (const StageMemory& stage : r.memory.per_gpu)
            QVERIFY2(stage.fits, qPrintable(QString::number(stage.total / stage.capacity)));
    }
    void pytorchPeakMemory_data()
    {
        QTest::addColumn<QJsonObject>("measured");
        QFile file(QStringLiteral(SHARDSCOPE_TEST_DATA "/pytorch-memory/h200-torch2.11.jsonl"));
        QVERIFY(file.open(QIODevice::ReadOnly));
        int rows = 0;
        for (const QByteArray& line : file.readAll().split('\n')) {
            const QJsonObject run = QJsonDocument::fromJson(line).object();
            if (!run.contains(QStringLiteral("peak_allocated")))
                continue; // the header line (torch version, GPU)
            const QString name = run.value(QStringLiteral("name")).toString();
            QTest::newRow(qPrintable(name)) << run;
            ++rows;
        }
        QCOMPARE(rows, 6);
    }
    void pytorchPeakMemory()
    {
        QFETCH(QJsonObject, measured);
        const auto text = [&](const char* key) { return measured.value(QLatin1String(key)).toString(); };
        const auto number = [&](const char* key) { return measured.value(QLatin1String(key)).toDouble(); };
        const bool llama = text("arch") == QLatin1String("llama");
        Scenario s;
        QString error;
        QVERIFY(io::loadScenarioFile(
            QStringLiteral(SHARDSCOPE_TEST_DATA "/pytorch-memory/") +
                (llama ? QStringLiteral("llama-202m-h200.json") : QStringLiteral("gpt-219m-h200.json")),
            s, &error));
        s.model.seq_len = measured.value(QStringLiteral("seq")).toInteger();
        s.training.micro_batch = measured.value(QStringLiteral("micro_batch")).toInteger();
        s.training.global_batch = s.training.micro_batch; // one microbatch a step, as the script runs it
        s.training.flash_attention = measured.value(QStringLiteral("flash")).toBool();
        s.training.recompute =
            measured.value(QStringLiteral("recompute")).toBool() ? Recompute::Full : Recompute::None;
        QCOMPARE(s.training.dropout, !llama); // the GPT's 0.1 dropout; Llama's none
        const Result r = evaluate(s);
        QCOMPARE(r.params_total, number("params_total"));
        const StageMemory& m = r.memory.per_gpu.at(0);
        // bf16 weights and gradients, fp32 master weights and two moments: 16 bytes a parameter, to the byte
        // of the tensors. (The caching allocator counts the blocks it hands out: the GPT's to the byte too,
        // the Llama's 0.8-3% more, blocks it did not split for its 2.75 and 5.5 MiB tensors.)
        const double states = m.params + m.grads + m.optimizer;
        QCOMPARE(states, number("state_tensors"));
        if (!llama)
            QCOMPARE(states, number("states"));
        // The peak: the states, the activations and the loss's backward, PyTorch's F.cross_entropy as the
        // script computes it (training.cross_entropy pytorch: the fp32 logits three times over). Within 5%:
        // with full recompute the layer recomputed is counted at the same peak though it comes later (+4%).
        QCOMPARE(int(s.training.cross_entropy), int(CrossEntropy::Pytorch));
        double model = states + m.activations + m.buffer_logits;
        // SwiGLU written as Hugging Face's LlamaMLP, silu(gate(x)) * up(x), keeps silu's output too, 2·s·b·f
        // bytes a layer more than Megatron-LM's fused bias_swiglu (which the engine counts).
        if (text("swiglu") == QLatin1String("eager"))
            model += 2.0 * double(s.model.seq_len) * double(s.training.micro_batch) *
                     double(s.model.ffn_hidden) * double(s.model.layers);
        const double peak = number("peak_allocated");
        qInfo("%s: model %.3f GB, PyTorch %.3f GB (%+.1f%%)", qPrintable(text("name")), model / 1e9,
              peak / 1e9, 100 * (model / peak - 1));
        QVERIFY2(std::abs(model / peak - 1) < 0.05, qPrintable(QString::number(model / peak)));
    }
};

QTEST_APPLESS_MAIN(TestValidation)
#include "tst_validation.moc"
