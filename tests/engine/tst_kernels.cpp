// SPDX-License-Identifier: GPL-3.0-or-later
// The kernel model (kernels.h) on its own: GEMMs quantized into tiles and waves over the SMs, reaching the
// part's measured Maximum Achievable Matmul FLOPS on large shapes and falling on small ones, memory-bound
// GEMVs at HBM bandwidth, the launch floor, the fused attention kernels, and the flat roofline that
// compute.efficiency selects. Then the step: the overlaps users switch on (tensor-parallel communication,
// parameter gathers, pipeline sends) and calibration of compute.scale against a measured step.
#include "computefit.h"
#include "evaluate.h"
#include "gpucatalog.h"
#include "kernels.h"

#include <QtTest>

#include <cmath>

using namespace ss;

namespace {

Scenario onGpu(const char* id)
{
    Scenario s;
    const GpuCatalogEntry* gpu = findGpu(id);
    if (!gpu)
        qFatal("no GPU %s", id);
    s.cluster.gpu = gpu->spec;
    s.cluster.gpu_id = id;
    s.compute.efficiency = 0; // the kernel model
    return s;
}

double tflops(double m, double n, double k, double seconds)
{
    return 2 * m * n * k / seconds / 1e12;
}

// GPT-3 XL on one DGX A100, data parallel (the default example's layout, Brown et al. 2020 Table 2.1).
Scenario gptXl()
{
    Scenario s;
    s.model.layers = 24;
    s.model.hidden = 2048;
    s.model.heads = 16;
    s.model.kv_heads = 16;
    s.model.ffn_hidden = 8192;
    s.model.seq_len = 2048;
    s.training.global_batch = 512;
    s.training.micro_batch = 4;
    s.training.flash_attention = true;
    s.parallel.dp = 8;
    s.parallel.zero_stage = 1;
    return s;
}

} // namespace

class TestKernels : public QObject
{
    Q_OBJECT

private slots:
    // NVIDIA's "Matrix Multiplication Background User's Guide" (Deep Learning Performance documentation):
    // a GEMM's output is cut into tiles that run in waves over the SMs, so one tile past a full wave costs a
    // whole extra (partial) wave. On an A100 (108 SMs) a 3072 × 1152 output is exactly 108 tiles of 256 ×
    // 128; one more row makes 117 tiles and the best tiling takes about half as long again (smaller tiles
    // soften it: 64 × 128 tiles, 441 of them in 5 waves, reuse 0.82 of the large tile's).
    void waveQuantization()
    {
        const KernelModel km(onGpu("A100-SXM4-80GB"));
        const double k = 4096;
        const double full = km.gemm(3072, 1152, k, 1, GemmType::Half);
        const double over = km.gemm(3073, 1152, k, 1, GemmType::Half);
        // One full wave: each SM runs one 256 × 128 tile of K steps at MAMF × sustained / 108 of the peak,
        // the main loop's share K/(K + 64) of the time doing multiply-adds.
        const KernelTraits a100 = findGpu("A100-SXM4-80GB")->kernel;
        QCOMPARE(a100.sms, 108);
        const double perSm = 312e12 * 0.869 * a100.sustained / 108;
        QVERIFY(qAbs(full / (2 * 256 * 128 * k / (perSm * k / (k + 64))) - 1) < 1e-9);
        QVERIFY2(over / full > 1.4 && over / full < 1.6, qPrintable(QString::number(over / full)));
    }

    // Efficiency rises with the GEMM's size (the guide's Figure 2 and Bekman's mamf-finder sweeps): square
    // GEMMs from 256 to 8192 on an A100 and an H100 gain achieved FLOP/s at every doubling, and the largest
    // comes within 5% of the part's measured MAMF (A100 SXM 86.9%, H100 SXM 80.3% of peak) at its
    // sustained clock.
    void efficiencyRisesWithSize_data()
    {
        QTest::addColumn<QString>("gpu");
        QTest::addColumn<double>("peak");
        QTest::addColumn<double>("mamf");
        QTest::newRow("A100 SXM, MAMF 271.2 of 312 TFLOPS") << "A100-SXM4-80GB" << 312.0 << 0.869;
        QTest::newRow("H100 SXM, MAMF 794.5 of 989 TFLOPS") << "H100-SXM5-80GB" << 989.0 << 0.803;
    }
    void efficiencyRisesWithSize()
    {
        QFETCH(QString, gpu);
        QFETCH(double, peak);
        QFETCH(double, mamf);
        const Scenario s = onGpu(qPrintable(gpu));
        const KernelModel km(s);
        double previous = 0;
        for (double n = 256; n <= 8192; n *= 2) {
            const double rate = tflops(n, n, n, km.gemm(n, n, n, 1, GemmType::Half));
            QVERIFY2(rate > previous, qPrintable(QStringLiteral("%1: %2 TFLOPS").arg(n).arg(rate)));
            previous = rate;
        }
        const double best = peak * mamf * findGpu(qPrintable(gpu))->kernel.sustained;
        QVERIFY2(previous > 0.95 * best && previous <= best * 1.0001, qPrintable(QString::number(previous)));
        // A 256-cube GEMM leaves most of the SMs idle: well under half the large GEMM's rate.
        QVERIFY(tflops(256, 256, 256, km.gemm(256, 256, 256, 1, GemmType::Half)) < previous / 2);
    }

    // A GEMV (one token) reads the whole weight for 2 FLOPs per element: memory-bound at the achievable HBM
    // bandwidth, 85% of the datasheet's 2,039 GB/s on an A100 80GB.
    void gemvIsMemoryBound()
    {
        const KernelModel km(onGpu("A100-SXM4-80GB"));
        const double k = 8192, n = 8192;
        const double bytes = 2 * (k + k * n) + 2 * n;
        QCOMPARE(km.gemm(1, n, k, 1, GemmType::Half), bytes / (2039e9 * 0.85));
    }

    // A kernel shorter than a launch takes a launch: the host enqueues kernels about 4.5 µs apart (PyTorch
    // eager dispatch and cudaLaunchKernel), and the tally books the difference as launch time.
    void launchFloor()
    {
        const KernelModel km(onGpu("A100-SXM4-80GB"));
        KernelTally tally;
        const double t = km.gemm(16, 16, 16, 1, GemmType::Half, &tally);
        QCOMPARE(t, KernelModel::kLaunchSeconds);
        QVERIFY(tally.seconds[int(KernelClass::Launch)] > 0.9 * t);
        QCOMPARE(tally.kernels, 1.0);
    }

    // FlashAttention-3 on an H100 runs the same attention about 1.9 times faster than FlashAttention-2 (Shah
    // et al. 2024, Fig. 5: about 640 against 335 TFLOPS forward at head dim 128, 16K); FlashAttention-2 on an
    // A100 reaches about 2/3 of the peak forward at long sequences (Dao 2023, Fig. 4).
    void fusedAttention()
    {
        const double s = 16384, d = 128, heads = 16;
        const double flops = 4 * heads * s * s * d; // forward, non-causal: 2·s²·d for QKᵀ and for P·V
        Scenario h100 = onGpu("H100-SXM5-80GB");
        const double fa3 = KernelModel(h100).fusedAttention(flops, 0, s, d, false);
        h100.training.attention_kernel = AttentionKernel::Flash2;
        const double fa2 = KernelModel(h100).fusedAttention(flops, 0, s, d, false);
        QVERIFY2(fa2 / fa3 > 1.6 && fa2 / fa3 < 2.2, qPrintable(QString::number(fa2 / fa3)));
        const Scenario a100 = onGpu("A100-SXM4-80GB");
        const double t = KernelModel(a100).fusedAttention(flops, 0, s, d, false);
        // Causal: half the FLOPs are done.
        const double achieved = flops / 2 / t / 312e12;
        QVERIFY2(achieved > 0.5 && achieved < 0.7, qPrintable(QString::number(achieved)));
        // The backward does 2.5 forwards of work at a lower rate.
        QVERIFY(KernelModel(a100).fusedAttention(flops, 0, s, d, true) > 2.5 * t);
    }

    // compute.efficiency > 0 is the roofline of before: max(FLOPs / (peak · efficiency), bytes / HBM), no
    // launch floor, no memory-bound kernels beside the GEMMs.
    void flatRoofline()
    {
        Scenario s = onGpu("A100-SXM4-80GB");
        s.compute.efficiency = 0.5;
        const KernelModel km(s);
        QVERIFY(km.flat());
        const double m = 2048, n = 6144, k = 12288;
        QCOMPARE(km.gemm(m, n, k, 1, GemmType::Half), 2 * m * n * k / (312e12 * 0.5));
        QCOMPARE(km.gemm(1, n, k, 1, GemmType::Half), 2 * (k + k * n + n) / 2039e9);
        QCOMPARE(km.stream(1e9, KernelClass::Memory), 0.0);
        QCOMPARE(km.gemm(16, 16, 16, 1, GemmType::Half), 2 * (3 * 256.0) / 2039e9);
        // compute.scale multiplies every time.
        s.compute.scale = 1.5;
        QCOMPARE(KernelModel(s).gemm(m, n, k, 1, GemmType::Half), 1.5 * 2 * m * n * k / (312e12 * 0.5));
    }

    // The step's compute by kernel class adds up to the busiest stage's compute: GEMM, attention,
    // memory-bound, launch and optimizer seconds (one GPU, no pipeline: the stage's compute is all of them).
    void kernelBreakdownSumsToCompute()
    {
        Scenario s = gptXl();
        s.parallel.dp = 1;
        s.cluster.nodes = 1;
        s.cluster.gpus_per_node = 1;
        s.cluster.node_preset = "auto";
        s.training.global_batch = 16;
        const Result r = evaluate(s);
        const KernelBreakdown& k = r.step.kernels;
        QCOMPARE(QString::fromStdString(k.model), QStringLiteral("kernel"));
        const double sum = k.gemm_s + k.attention_s + k.memory_s + k.launch_s + k.optimizer_s;
        QVERIFY2(qAbs(sum / r.step.compute_s - 1) < 1e-9,
                 qPrintable(QString::number(sum / r.step.compute_s)));
        QVERIFY(k.gemm_s > k.attention_s && k.attention_s > 0 && k.memory_s > 0 && k.optimizer_s > 0);
        // GPT-3 XL's GEMMs are most of the work; memory-bound kernels (norms, GeLU, dropout, residuals, the
        // 51,200-wide cross-entropy) are a few percent at h = 2048.
        QVERIFY(k.memory_s / r.step.compute_s > 0.02 && k.memory_s / r.step.compute_s < 0.2);
    }

    // Megatron-LM --tp-comm-overlap hides the sequence-parallel all-gathers and reduce-scatters behind the
    // GEMMs: less exposed communication, a shorter step, the same FLOPs.
    void tpCommOverlap()
    {
        Scenario s = gptXl();
        s.parallel.dp = 1;
        s.parallel.tp = 8;
        s.parallel.sequence_parallel = true;
        s.training.global_batch = 32;
        const Result plain = evaluate(s);
        s.training.tp_comm_overlap = true;
        const Result overlapped = evaluate(s);
        QVERIFY(overlapped.step.exposed_comm_s < 0.5 * plain.step.exposed_comm_s);
        QVERIFY(overlapped.step.time_s < plain.step.time_s);
        QCOMPARE(overlapped.compute.model_flops_per_step, plain.compute.model_flops_per_step);
    }

    // Without P2P overlap (Megatron-LM --no-overlap-p2p-communication, and its schedules before 2023) every
    // pipeline send holds the sender: the step grows by at least the sends of the critical chain.
    void blockingPipelineSends()
    {
        Scenario s = gptXl();
        s.parallel.dp = 1;
        s.parallel.pp = 8;
        s.cluster.nodes = 8;
        s.cluster.gpus_per_node = 1;
        s.cluster.node_preset = "auto";
        s.training.global_batch = 32;
        s.training.micro_batch = 1;
        const Result overlapped = evaluate(s);
        s.training.overlap_p2p_comm = false;
        const Result blocking = evaluate(s);
        QVERIFY2(
            blocking.step.time_s > overlapped.step.time_s,
            qPrintable(QStringLiteral("%1 vs %2").arg(blocking.step.time_s).arg(overlapped.step.time_s)));
    }

    // Megatron-LM --overlap-param-gather: with ZeRO-1 the updated weights' all-gather moves from after the
    // optimizer into the next forward, bucket by bucket, so less of it is exposed.
    void overlapParamGather()
    {
        Scenario s = gptXl();
        s.cluster.nodes = 4;
        s.cluster.gpus_per_node = 8;
        s.parallel.dp = 32;
        s.cluster.network.kind = "ethernet-100g";
        s.cluster.network.nics_per_node = 1;
        s.training.global_batch = 64;
        s.training.micro_batch = 2;
        const Result after = evaluate(s);
        s.training.overlap_param_gather = true;
        const Result overlapped = evaluate(s);
        QVERIFY2(overlapped.step.time_s < after.step.time_s,
                 qPrintable(QStringLiteral("%1 vs %2").arg(overlapped.step.time_s).arg(after.step.time_s)));
    }

    // Calibration: a run measured at 1.3 times the model's compute is fitted back to compute.scale 1.3
    // (the step solved for by regula falsi on the simulated step), and the error after the fit is tiny.
    void fitRecoversScale()
    {
        Scenario s = gptXl();
        s.compute.scale = 1.3;
        const double measured = evaluate(s).step.time_s;
        s.compute.scale = 1;
        const ComputeFit fit = fitComputeScale(s, measured);
        QVERIFY2(fit.ok(), fit.error.c_str());
        QVERIFY2(qAbs(fit.scale_after / 1.3 - 1) < 1e-4, qPrintable(QString::number(fit.scale_after)));
        QVERIFY(qAbs(fit.error_after) < 1e-5);
        QVERIFY(fit.error_before < -0.1);
        QVERIFY(fit.evaluations < 30);
        const Scenario calibrated = applyComputeFit(s, fit, "run.log");
        QCOMPARE(calibrated.compute.scale, fit.scale_after);
        QCOMPARE(QString::fromStdString(calibrated.compute.calibrated_from), QStringLiteral("run.log"));
        QCOMPARE(calibrated.compute.measured_step_s, measured);
    }

    // A measured step shorter than what communication and bubbles alone take, or a nonsense time, has no fit:
    // the message says why.
    void fitRefusesImpossibleSteps()
    {
        Scenario s = gptXl();
        s.cluster.network.kind = "ethernet-10g";
        s.cluster.nodes = 2;
        s.cluster.gpus_per_node = 8;
        s.parallel.dp = 16;
        const ComputeFit tooFast = fitComputeScale(s, 1e-6);
        QVERIFY(!tooFast.ok());
        QVERIFY(QString::fromStdString(tooFast.error).contains(QStringLiteral("shorter")));
        QVERIFY(!fitComputeScale(s, 0).ok());
        QVERIFY(!fitComputeScale(s, std::nan("")).ok());
        QVERIFY(!fitComputeScale(s, -3).ok());
    }
};

QTEST_APPLESS_MAIN(TestKernels)
#include "tst_kernels.moc"
