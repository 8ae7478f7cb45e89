// SPDX-License-Identifier: GPL-3.0-or-later
// Measured training runs (runlogimport.h). The fixtures in data/run-logs follow the programs' own output
// code, with figures chosen so that the expected medians can be worked by hand:
//  - megatron-gpt3-175b-512xa100.log: Megatron-LM training_log() (megatron/training/training.py) of 2024:
//    timestamp, --log-throughput, the first iteration logged alone, then every 10; GPT-3 175B on 512 A100
//    (TP 8, PP 8, DP 8), global batch 512. Throughput = 72·B·s·l·h²·(1 + s/6h + V/16lh) / (t · 512).
//  - megatron-2020-gpt2-345m-srun.log: the 2020 layout (no consumed samples, batch size or throughput)
//    under srun --label, where the last rank ("7: ") prints the iterations; GPT-2 345M on 8 V100.
//  - torchtitan-llama3-8b-8xh100.log: torchtitan's metrics line with its ANSI colours, ranks 0 and 1 both
//    logging ("[rank0]:", "[rank1]:"); tflops = tps × 5.79e10 FLOPs/token, mfu = tflops / 989.
//  - pytorch-trace-h100-gpu-steps.json: Kineto's export_chrome_trace of 2 steps with host- and GPU-side
//    ProfilerStep spans (streams 7 and 13), kernels of every class, launches and flow events.
//  - pytorch-trace-v100-torch1.9.json: PyTorch 1.9's categories (Operator, Kernel, Memcpy, Runtime),
//    3 steps, host-side spans only.
#include "runlogimport.h"

#include <QFile>
#include <QTemporaryDir>
#include <QTest>

using ss::io::MeasuredRun;

namespace {

QString fixture(const QString& name)
{
    return QStringLiteral(SHARDSCOPE_TEST_DATA "/run-logs/") + name;
}

QByteArray readFixture(const QString& name)
{
    QFile file(fixture(name));
    if (!file.open(QIODevice::ReadOnly))
        qFatal("missing fixture %s", qPrintable(name));
    return file.readAll();
}

// A run no reader produces, to see that a failed read leaves its output alone.
MeasuredRun sentinel()
{
    MeasuredRun r;
    r.format = "sentinel";
    r.step_times_s = {1.5};
    r.step_time_s = 1.5;
    r.tflops_per_gpu = 2;
    r.mfu = 0.5;
    r.tokens_per_s_per_gpu = 3;
    r.global_batch = 4;
    r.kernels = {{"gemm", 0.25, 5}};
    r.iterations = 6;
    return r;
}

bool sameRun(const MeasuredRun& a, const MeasuredRun& b)
{
    if (a.kernels.size() != b.kernels.size())
        return false;
    for (std::size_t i = 0; i < a.kernels.size(); ++i)
        if (a.kernels[i].kernel_class != b.kernels[i].kernel_class ||
            a.kernels[i].seconds != b.kernels[i].seconds || a.kernels[i].count != b.kernels[i].count)
            return false;
    return a.format == b.format && a.step_times_s == b.step_times_s && a.step_time_s == b.step_time_s &&
           a.tflops_per_gpu == b.tflops_per_gpu && a.mfu == b.mfu &&
           a.tokens_per_s_per_gpu == b.tokens_per_s_per_gpu && a.global_batch == b.global_batch &&
           a.iterations == b.iterations;
}

// What a failed read must give: one line that begins with the file's name.
bool isOneLineError(const QString& error, const QString& fileName)
{
    return !error.contains(QLatin1Char('\n')) && error.startsWith(fileName + QLatin1String(": "));
}

} // namespace

class TestRunLogImport : public QObject
{
    Q_OBJECT

private slots:
    void megatron_data();
    void megatron();
    void torchtitan();
    void olderTorchtitanWps();
    void traces_data();
    void traces();
    void kernelClasses_data();
    void kernelClasses();
    void shortRunKeepsEveryIteration();
    void cutLastLine_data();
    void cutLastLine();
    void fileErrors();
    void tooLarge();
    void malformed_data();
    void malformed();
};

void TestRunLogImport::megatron_data()
{
    QTest::addColumn<QString>("file");
    QTest::addColumn<QList<double>>("steps");
    QTest::addColumn<double>("stepTime");
    QTest::addColumn<double>("tflops");
    QTest::addColumn<qint64>("globalBatch");
    QTest::addColumn<int>("iterations");
    // Elapsed ms 15234.7 13750.2 13712.5 13802.9 13741.0 13760.8; without the first, sorted: 13712.5
    // 13741.0 [13750.2] 13760.8 13802.9. TFLOP/s/GPU 144.5 160.1 160.5 159.5 160.2 160.0; without the first,
    // sorted: 159.5 160.0 [160.1] 160.2 160.5.
    QTest::newRow("Megatron-LM 2024, 512 A100")
        << "megatron-gpt3-175b-512xa100.log"
        << QList<double>{15.2347, 13.7502, 13.7125, 13.8029, 13.741, 13.7608} << 13.7502 << 160.1
        << qint64(512) << 5;
    // Elapsed ms 1052.3 812.4 815.9 810.7; without the first, sorted: 810.7 [812.4] 815.9. No throughput,
    // no batch size.
    QTest::newRow("Megatron-LM 2020, srun --label")
        << "megatron-2020-gpt2-345m-srun.log" << QList<double>{1.0523, 0.8124, 0.8159, 0.8107} << 0.8124
        << 0.0 << qint64(0) << 3;
}

void TestRunLogImport::megatron()
{
    QFETCH(QString, file);
    QFETCH(QList<double>, steps);
    QFETCH(double, stepTime);
    QFETCH(double, tflops);
    QFETCH(qint64, globalBatch);
    QFETCH(int, iterations);
    MeasuredRun r;
    QString error;
    QVERIFY2(ss::io::readMeasuredRunFile(fixture(file), r, &error), qPrintable(error));
    QCOMPARE(QString::fromStdString(r.format), QStringLiteral("megatron-log"));
    QCOMPARE(int(r.step_times_s.size()), int(steps.size()));
    for (qsizetype i = 0; i < steps.size(); ++i)
        QCOMPARE(r.step_times_s[std::size_t(i)], steps[i]);
    QCOMPARE(r.step_time_s, stepTime);
    QCOMPARE(r.tflops_per_gpu, tflops);
    QCOMPARE(qint64(r.global_batch), globalBatch);
    QCOMPARE(r.iterations, iterations);
    QCOMPARE(r.mfu, 0.0);
    QCOMPARE(r.tokens_per_s_per_gpu, 0.0);
    QVERIFY(r.kernels.empty());
}

void TestRunLogImport::torchtitan()
{
    // Rank 0's lines only (rank 1's tps median would be 6108). Steps 1, 10 ... 50; without step 1, sorted:
    // tps 6098 6102 [6110] 6125 6131; tflops 353.07 353.31 [353.77] 354.64 354.98; mfu 35.70 35.72 [35.77]
    // 35.86 35.89 %.
    MeasuredRun r;
    QString error;
    QVERIFY2(
        ss::io::readMeasuredRunFile(fixture(QStringLiteral("torchtitan-llama3-8b-8xh100.log")), r, &error),
        qPrintable(error));
    QCOMPARE(QString::fromStdString(r.format), QStringLiteral("torchtitan-log"));
    QVERIFY(r.step_times_s.empty());
    QCOMPARE(r.step_time_s, 0.0);
    QCOMPARE(r.tokens_per_s_per_gpu, 6110.0);
    QCOMPARE(r.tflops_per_gpu, 353.77);
    QCOMPARE(r.mfu, 0.3577);
    QCOMPARE(r.iterations, 5);
    QCOMPARE(qint64(r.global_batch), qint64(0));
    QVERIFY(r.kernels.empty());
}

void TestRunLogImport::olderTorchtitanWps()
{
    // torchtitan train.py of 2024 printed "wps" and no tflops. Without step 1: wps 6,020 and 6,040 → 6030;
    // mfu 31.10 and 31.20 % → 31.15 %.
    const QByteArray log =
        "[titan] 2024-06-01 12:00:01,000 - root - INFO - \x1b[36mstep:  1  \x1b[32mloss: 12.0541  "
        "\x1b[33mmemory: 40.12GiB(50.71%)  \x1b[34mwps: 1,012  \x1b[35mmfu: 5.22%\x1b[39m\n"
        "[titan] 2024-06-01 12:00:21,000 - root - INFO - \x1b[36mstep: 10  \x1b[32mloss:  9.8812  "
        "\x1b[33mmemory: 44.80GiB(56.63%)  \x1b[34mwps: 6,020  \x1b[35mmfu: 31.10%\x1b[39m\n"
        "[titan] 2024-06-01 12:00:41,000 - root - INFO - \x1b[36mstep: 20  \x1b[32mloss:  8.1007  "
        "\x1b[33mmemory: 44.80GiB(56.63%)  \x1b[34mwps: 6,040  \x1b[35mmfu: 31.20%\x1b[39m\n";
    MeasuredRun r;
    QString error;
    QVERIFY2(ss::io::readMeasuredRun(log, QStringLiteral("titan.log"), r, &error), qPrintable(error));
    QCOMPARE(QString::fromStdString(r.format), QStringLiteral("torchtitan-log"));
    QCOMPARE(r.tokens_per_s_per_gpu, 6030.0);
    QCOMPARE(r.mfu, 0.3115);
    QCOMPARE(r.tflops_per_gpu, 0.0);
    QCOMPARE(r.iterations, 2);
}

void TestRunLogImport::traces_data()
{
    QTest::addColumn<QString>("file");
    QTest::addColumn<QList<double>>("steps");
    QTest::addColumn<double>("stepTime");
    QTest::addColumn<int>("iterations");
    QTest::addColumn<QStringList>("classes");
    QTest::addColumn<QList<double>>("seconds");
    QTest::addColumn<QList<qint64>>("counts");
    // GPU-side spans: step 2 = stream 7 [1200, 52000) ∪ stream 13 [30000, 52500) = 51300 us; step 3 =
    // [52600, 102600) ∪ [80000, 103000) = 50400 us; two steps, none left out: median 50850 us. The fill
    // kernels at 500 us and 103500 us lie outside the steps. Per class, both steps' us summed / 2 steps: gemm
    // (8000 + 6000 + 7900 + 6100) / 2 = 14000; attention (4000 + 4100) / 2 = 4050; elementwise (1500 + 1000)
    // × 2 / 2 = 2500; optimizer 1200 × 2 / 2 = 1200; communication (20000 + 21000) / 2 = 20500; memcpy (200 +
    // 20) × 2 / 2 = 220; other (the radix sort) 300 × 2 / 2 = 300.
    QTest::newRow("H100, GPU-side steps")
        << "pytorch-trace-h100-gpu-steps.json" << QList<double>{0.0513, 0.0504} << 0.05085 << 2
        << QStringList{"gemm", "attention", "elementwise", "optimizer", "communication", "memcpy", "other"}
        << QList<double>{0.014, 0.00405, 0.0025, 0.0012, 0.0205, 0.00022, 0.0003}
        << QList<qint64>{4, 2, 4, 2, 2, 4, 2};
    // Host-side spans of 61000, 48000 and 48500 us; without the first: median 48250 us. Every kernel counts:
    // gemm (20000 + 20100 + 19900) / 3 = 20000; elementwise 3000; communication 15000; memcpy 600.
    QTest::newRow("V100, PyTorch 1.9, host-side steps")
        << "pytorch-trace-v100-torch1.9.json" << QList<double>{0.061, 0.048, 0.0485} << 0.04825 << 2
        << QStringList{"gemm", "elementwise", "communication", "memcpy"}
        << QList<double>{0.02, 0.003, 0.015, 0.0006} << QList<qint64>{3, 3, 3, 3};
}

void TestRunLogImport::traces()
{
    QFETCH(QString, file);
    QFETCH(QList<double>, steps);
    QFETCH(double, stepTime);
    QFETCH(int, iterations);
    QFETCH(QStringList, classes);
    QFETCH(QList<double>, seconds);
    QFETCH(QList<qint64>, counts);
    MeasuredRun r;
    QString error;
    QVERIFY2(ss::io::readMeasuredRunFile(fixture(file), r, &error), qPrintable(error));
    QCOMPARE(QString::fromStdString(r.format), QStringLiteral("pytorch-trace"));
    QCOMPARE(int(r.step_times_s.size()), int(steps.size()));
    for (qsizetype i = 0; i < steps.size(); ++i)
        QCOMPARE(r.step_times_s[std::size_t(i)], steps[i]);
    QCOMPARE(r.step_time_s, stepTime);
    QCOMPARE(r.iterations, iterations);
    QCOMPARE(r.tflops_per_gpu, 0.0);
    QCOMPARE(int(r.kernels.size()), int(classes.size()));
    for (qsizetype i = 0; i < classes.size(); ++i) {
        const ss::io::KernelClassTime& k = r.kernels[std::size_t(i)];
        QCOMPARE(QString::fromStdString(k.kernel_class), classes[i]);
        QCOMPARE(k.seconds, seconds[i]);
        QCOMPARE(qint64(k.count), counts[i]);
    }
}

void TestRunLogImport::kernelClasses_data()
{
    QTest::addColumn<QString>("name");
    QTest::addColumn<QString>("kernelClass");
    // Kernel names as profiler traces of cuBLAS, CUTLASS, FlashAttention, cuDNN, ATen, Triton (Inductor),
    // Transformer Engine and NCCL show them.
    QTest::newRow("cuBLAS sm90 xmma") << "sm90_xmma_gemm_bf16bf16_bf16f32_f32_tn_n_tilesize128x256x64_"
                                         "warpgroupsize2x1x1_execute_segment_k_off_kernel__5x_cublas"
                                      << "gemm";
    QTest::newRow("cuBLAS ampere s16816") << "ampere_bf16_s16816gemm_bf16_256x128_ldg8_f2f_stages_64x3_tn"
                                          << "gemm";
    QTest::newRow("cuBLAS volta s884") << "volta_fp16_s884gemm_fp16_128x128_ldg8_f2f_nn"
                                       << "gemm";
    QTest::newRow("cuBLAS nvjet (Hopper)") << "nvjet_tst_256x128_64x4_2x1_v_bz_coopB_TNT"
                                           << "gemm";
    QTest::newRow("CUTLASS")
        << "void cutlass::Kernel2<cutlass_80_wmma_tensorop_bf16_s161616gemm_bf16_16x16_128x2_"
           "tn_align8>(cutlass_80_wmma_tensorop_bf16_s161616gemm_bf16_16x16_128x2_tn_align8::"
           "Params)"
        << "gemm";
    QTest::newRow("cuBLASLt split-K reduction")
        << "void cublasLt::splitKreduce_kernel<32, 16, int, float, "
           "__nv_bfloat16, float, __nv_bfloat16, true, false, false>("
           "cublasLt::cublasSplitKParams<float>, float const*, "
           "__nv_bfloat16 const*, __nv_bfloat16*, float const*, float "
           "const*, __nv_bfloat16 const*, void*, long, float*, int*)"
        << "gemm";
    QTest::newRow("Triton matmul template") << "triton_tem_fused_mm_0"
                                            << "gemm";
    QTest::newRow("FlashAttention 2 forward")
        << "void flash::flash_fwd_kernel<Flash_fwd_kernel_traits<128, 128, 64, 4, false, false, "
           "cutlass::bfloat16_t, Flash_kernel_traits<128, 128, 64, 4, cutlass::bfloat16_t> >, false, true, "
           "false, "
           "false, true, true, false, false>(Flash_fwd_params)"
        << "attention";
    QTest::newRow("FlashAttention 2 backward")
        << "void flash::flash_bwd_dq_dk_dv_loop_seqk_parallel_kernel<Flash_bwd_kernel_traits<128, 64, 128, "
           "8, 2, "
           "4, 2, false, false, cutlass::bfloat16_t, Flash_kernel_traits<128, 64, 128, 8, "
           "cutlass::bfloat16_t> "
           ">, false, true, false, false, false, false>(Flash_bwd_params)"
        << "attention";
    QTest::newRow("memory-efficient attention (xFormers/SDPA)")
        << "fmha_cutlassF_bf16_aligned_64x128_rf_sm80(PyTorchMemEffAttention::AttentionKernel<cutlass::"
           "bfloat16_t, "
           "cutlass::arch::Sm80, true, 64, 128, 128, true, true>::Params)"
        << "attention";
    QTest::newRow("cuDNN fused attention")
        << "cudnn_generated_fort_native_sdpa_sm90_flash_fprop_wgmma_f16_knob_7_64x128x128_4x1x1_kernel0_0"
        << "attention";
    QTest::newRow("ATen vectorized element-wise")
        << "void at::native::vectorized_elementwise_kernel<4, at::native::BinaryFunctor<c10::BFloat16, "
           "c10::BFloat16, c10::BFloat16, at::native::binary_internal::MulFunctor<float> >, "
           "std::array<char*, 3ul> "
           ">(int, at::native::BinaryFunctor<c10::BFloat16, c10::BFloat16, c10::BFloat16, "
           "at::native::binary_internal::MulFunctor<float> >, std::array<char*, 3ul>)"
        << "elementwise";
    QTest::newRow("ATen softmax")
        << "void at::native::(anonymous namespace)::cunn_SoftMaxForward<8, c10::BFloat16, "
           "float, c10::BFloat16, at::native::(anonymous namespace)::"
           "SoftMaxForwardEpilogue>(c10::BFloat16*, c10::BFloat16 const*, int)"
        << "elementwise";
    QTest::newRow("ATen reduction")
        << "void at::native::reduce_kernel<512, 1, at::native::ReduceOp<float, "
           "at::native::MeanOps<float, float, float, float>, unsigned int, float, 4> "
           ">(at::native::ReduceOp<float, at::native::MeanOps<float, float, float, "
           "float>, unsigned int, float, 4>)"
        << "elementwise";
    QTest::newRow("ATen concatenation")
        << "void at::native::(anonymous namespace)::CatArrayBatchedCopy<"
           "at::native::(anonymous namespace)::OpaqueType<2u>, unsigned int, 3, 128, "
           "1>(at::native::(anonymous namespace)::OpaqueType<2u>*, "
           "at::native::(anonymous namespace)::CatArrInputTensorMetadata<"
           "at::native::(anonymous namespace)::OpaqueType<2u>, unsigned int, 128, "
           "1>, at::native::(anonymous namespace)::TensorSizeStride<unsigned int, "
           "4u>, int, unsigned int)"
        << "elementwise";
    QTest::newRow("Transformer Engine RMSNorm")
        << "void "
           "transformer_engine::normalization::rmsnorm_fwd_tuned_kernel<transformer_engine::normalization::"
           "Kernel_traits<__nv_bfloat16, __nv_bfloat16, __nv_bfloat16, float, unsigned int, 4096u, 1u, 1u, "
           "4u, "
           "16u, 32u> >(transformer_engine::normalization::FwdParams)"
        << "elementwise";
    QTest::newRow("Triton pointwise") << "triton_poi_fused__to_copy_add_mul_0"
                                      << "elementwise";
    QTest::newRow("Triton reduction") << "triton_red_fused__to_copy_add_mean_mul_pow_rsqrt_1"
                                      << "elementwise";
    QTest::newRow("fused AdamW")
        << "void at::native::(anonymous namespace)::multi_tensor_apply_kernel<at::native::(anonymous "
           "namespace)::TensorListMetadata<4>, at::native::(anonymous "
           "namespace)::FusedAdamMathFunctor<float, 4, "
           "(at::native::ADAM_MODE)1, false>, double*, double, double, double, double, double, bool, float*, "
           "float*>(at::native::(anonymous namespace)::TensorListMetadata<4>, at::native::(anonymous "
           "namespace)::FusedAdamMathFunctor<float, 4, (at::native::ADAM_MODE)1, false>, double*, double, "
           "double, "
           "double, double, double, bool, float*, float*)"
        << "optimizer";
    QTest::newRow("foreach L2 norm (grad clipping)")
        << "void at::native::(anonymous namespace)::multi_tensor_apply_kernel<at::native::(anonymous "
           "namespace)::TensorListMetadata<1>, at::native::(anonymous namespace)::LpNormFunctor<float, "
           "(at::native::(anonymous namespace)::NormType)1, float, float>, float*, "
           "int>(at::native::(anonymous "
           "namespace)::TensorListMetadata<1>, at::native::(anonymous namespace)::LpNormFunctor<float, "
           "(at::native::(anonymous namespace)::NormType)1, float, float>, float*, int)"
        << "optimizer";
    QTest::newRow("NCCL 2.19+ all-reduce")
        << "ncclDevKernel_AllReduce_Sum_bf16_RING_LL(ncclDevKernelArgsStorage<"
           "4096ul>)"
        << "communication";
    QTest::newRow("NCCL 2.18 all-gather")
        << "ncclKernel_AllGather_RING_LL_Sum_int8_t(ncclDevComm*, unsigned long, "
           "ncclWork*)"
        << "communication";
    QTest::newRow("NCCL reduce-scatter")
        << "ncclDevKernel_ReduceScatter_Sum_f32_RING_LL(ncclDevKernelArgsStorage<"
           "4096ul>)"
        << "communication";
    QTest::newRow("memcpy event") << "Memcpy DtoD (Device -> Device)"
                                  << "memcpy";
    QTest::newRow("memset event") << "Memset (Device)"
                                  << "memcpy";
    QTest::newRow("CUB radix sort (MoE routing)")
        << "void "
           "at_cuda_detail::cub::DeviceRadixSortOnesweepKernel<at_cuda_detail::cub::DeviceRadixSortPolicy<"
           "long, long, int>::Policy800, false, long, long, int, int>(int*, int*, long*, long*, long const*, "
           "long "
           "const*, int, int, int)"
        << "other";
    QTest::newRow("empty name") << ""
                                << "other";
}

void TestRunLogImport::kernelClasses()
{
    QFETCH(QString, name);
    QFETCH(QString, kernelClass);
    QCOMPARE(QString::fromStdString(ss::io::kernelClass(name.toStdString())), kernelClass);
}

void TestRunLogImport::shortRunKeepsEveryIteration()
{
    // Two iterations: none is left out as warm-up; the median of 900.0 and 800.0 ms is 850.0 ms.
    const QByteArray log =
        " iteration       10/     100 | consumed samples:          640 | elapsed time per "
        "iteration (ms): 900.0 | learning rate: 1.000000E-04 | global batch size:    64 | "
        "lm loss: 5.100000E+00 | loss scale: 1.0 | number of skipped iterations:   0 | number "
        "of nan iterations:   0 |\n"
        " iteration       20/     100 | consumed samples:         1280 | elapsed time per "
        "iteration (ms): 800.0 | learning rate: 1.000000E-04 | global batch size:   128 | "
        "lm loss: 4.900000E+00 | loss scale: 1.0 | number of skipped iterations:   0 | number "
        "of nan iterations:   0 |\n";
    MeasuredRun r;
    QString error;
    QVERIFY2(ss::io::readMeasuredRun(log, QStringLiteral("short.log"), r, &error), qPrintable(error));
    QCOMPARE(r.step_time_s, 0.85);
    QCOMPARE(r.iterations, 2);
    QCOMPARE(qint64(r.global_batch), qint64(128)); // the last printed, after a batch-size ramp
}

void TestRunLogImport::cutLastLine_data()
{
    QTest::addColumn<QString>("file");
    QTest::addColumn<QByteArray>("cutAfter");
    QTest::addColumn<int>("iterations");
    // A log still being written ends inside its last line: the line is left out, not read as "137" ms.
    QTest::newRow("Megatron-LM") << "megatron-gpt3-175b-512xa100.log"
                                 << QByteArray("elapsed time per iteration (ms): 137") << 4;
    QTest::newRow("torchtitan") << "torchtitan-llama3-8b-8xh100.log" << QByteArray("tps: 6,11") << 4;
}

void TestRunLogImport::cutLastLine()
{
    QFETCH(QString, file);
    QFETCH(QByteArray, cutAfter);
    QFETCH(int, iterations);
    QByteArray data = readFixture(file);
    const qsizetype at = data.lastIndexOf(cutAfter);
    QVERIFY(at > 0);
    data.truncate(at + cutAfter.size());
    MeasuredRun r;
    QString error;
    QVERIFY2(ss::io::readMeasuredRun(data, file, r, &error), qPrintable(error));
    if (r.format == "megatron-log") {
        // Iterations 1 to 40: the 50th is cut. Without the first: 13712.5 [13741.0 13750.2] 13802.9.
        QCOMPARE(int(r.step_times_s.size()), 5);
        QCOMPARE(r.step_time_s, (13.741 + 13.7502) / 2);
    } else {
        // Rank 0's steps 1 to 40: the cut line is its step 50 (rank 1's lines are not read). Without step 1:
        // tps 6098 [6102 6125] 6131.
        QCOMPARE(r.tokens_per_s_per_gpu, (6102.0 + 6125.0) / 2);
    }
    QCOMPARE(r.iterations, iterations);
}

void TestRunLogImport::fileErrors()
{
    MeasuredRun r = sentinel();
    QString error;
    const QString missing = fixture(QStringLiteral("no-such-run.log"));
    QVERIFY(!ss::io::readMeasuredRunFile(missing, r, &error));
    QVERIFY2(isOneLineError(error, missing) && error.contains(QLatin1String("cannot open")),
             qPrintable(error));
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    QVERIFY(!ss::io::readMeasuredRunFile(dir.path(), r, &error));
    QVERIFY2(isOneLineError(error, dir.path()) && error.contains(QLatin1String("is a directory")),
             qPrintable(error));
    QVERIFY(sameRun(r, sentinel()));
}

void TestRunLogImport::tooLarge()
{
    // Uninitialized: the pages are never touched, so the test costs no memory.
    const QByteArray huge(ss::io::kMaxMeasuredRunBytes + 1, Qt::Uninitialized);
    MeasuredRun r = sentinel();
    QString error;
    QVERIFY(!ss::io::readMeasuredRun(huge, QStringLiteral("huge.json"), r, &error));
    QVERIFY2(isOneLineError(error, QStringLiteral("huge.json")), qPrintable(error));
    QVERIFY2(error.contains(QLatin1String("too large")) && error.contains(QLatin1String("512 MiB")),
             qPrintable(error));
    QVERIFY(sameRun(r, sentinel()));
}

void TestRunLogImport::malformed_data()
{
    QTest::addColumn<QString>("file");
    QTest::addColumn<QByteArray>("data");
    QTest::addColumn<QStringList>("words");
    const QByteArray megatron = readFixture(QStringLiteral("megatron-gpt3-175b-512xa100.log"));
    const QByteArray titan = readFixture(QStringLiteral("torchtitan-llama3-8b-8xh100.log"));
    const QByteArray trace = readFixture(QStringLiteral("pytorch-trace-h100-gpu-steps.json"));
    const QByteArray oldTrace = readFixture(QStringLiteral("pytorch-trace-v100-torch1.9.json"));
    const auto replaced = [](QByteArray data, const char* from, const char* to) {
        const qsizetype at = data.indexOf(from);
        if (at < 0)
            qFatal("fixture text not found: %s", from);
        return data.replace(at, qsizetype(qstrlen(from)), to);
    };

    QTest::newRow("empty file") << "run.log" << QByteArray()
                                << QStringList{"empty", "expected", "Megatron-LM"};
    QTest::newRow("blank lines") << "run.log" << QByteArray(" \n\r\n\t\n") << QStringList{"empty"};
    static const char elf[] = "\x7f"
                              "ELF\x02\x01\x01\0\0\0 not a log at all\n";
    QTest::newRow("garbage") << "run.log" << QByteArray(elf, sizeof elf - 1)
                             << QStringList{"no training iterations", "elapsed time per iteration", "tps"};
    QTest::newRow("a Megatron log without iterations")
        << "run.log"
        << megatron.left(megatron.indexOf(" [2024-05-01 09:59")).append("elapsed time per iteration (ms)\n")
        << QStringList{"no training iterations"};
    QTest::newRow("Megatron NaN time")
        << "run.log" << replaced(megatron, "13750.2", "nan")
        << QStringList{"line 12", "elapsed time per iteration (ms)", "\"nan\""};
    QTest::newRow("Megatron zero time") << "run.log" << replaced(megatron, "13750.2", "0.0")
                                        << QStringList{"line 12", "a time above 0", "\"0.0\""};
    QTest::newRow("Megatron negative time") << "run.log" << replaced(megatron, "13750.2", "-13750.2")
                                            << QStringList{"line 12", "a time above 0", "\"-13750.2\""};
    QTest::newRow("Megatron line without elapsed time")
        << "run.log" << replaced(megatron, "elapsed time per iteration (ms): 13712.5 |", "")
        << QStringList{"line 16", "without \"elapsed time per iteration (ms)\""};
    QTest::newRow("Megatron NaN throughput")
        << "run.log" << replaced(megatron, "(TFLOP/s/GPU): 160.5", "(TFLOP/s/GPU): nan")
        << QStringList{"line 16", "throughput per GPU (TFLOP/s/GPU)", "\"nan\""};
    QTest::newRow("Megatron bad batch size")
        << "run.log" << replaced(megatron, "global batch size:   512", "global batch size:  5x2")
        << QStringList{"line 10", "global batch size", "whole number", "\"5x2\""};
    QTest::newRow("torchtitan NaN tps")
        << "run.log" << replaced(titan, "tps: 6,102", "tps: nan") << QStringList{"line 11", "tps", "\"nan\""};
    QTest::newRow("torchtitan negative tflops")
        << "run.log" << replaced(titan, "tflops: 353.31", "tflops: -353.31")
        << QStringList{"line 11", "tflops", "\"-353.31\""};
    QTest::newRow("torchtitan mfu without %") << "run.log" << replaced(titan, "mfu: 35.72%", "mfu: 35.72")
                                              << QStringList{"line 11", "mfu", "percentage"};
    QTest::newRow("truncated JSON") << "trace.json" << trace.left(trace.size() / 2)
                                    << QStringList{"line ", "column", "JSON syntax error", "profiler trace"};
    QTest::newRow("JSON without traceEvents") << "trace.json" << QByteArray("{\"schemaVersion\": 1}")
                                              << QStringList{"traceEvents", "expected", "got nothing"};
    QTest::newRow("bare event array with a number")
        << "trace.json" << QByteArray("[{\"ph\": \"X\"}, 3]")
        << QStringList{"traceEvents[1]", "a trace event", "the number 3"};
    QTest::newRow("trace without ProfilerStep")
        << "trace.json" << QByteArray(trace).replace("ProfilerStep#", "TrainStep#")
        << QStringList{"no ProfilerStep#N spans", "prof.step()"};
    QTest::newRow("trace without kernels")
        << "trace.json" << QByteArray(trace).replace("\"cat\": \"kernel\"", "\"cat\": \"cuda_driver\"")
        << QStringList{"no GPU kernels", "\"kernel\""};
    QTest::newRow("trace without kernels, host-side steps")
        << "trace.json" << QByteArray(oldTrace).replace("\"cat\": \"Kernel\"", "\"cat\": \"Runtime\"")
        << QStringList{"no GPU kernels", "ProfilerActivity.CUDA"};
    QTest::newRow("negative kernel duration")
        << "trace.json" << replaced(trace, "\"dur\": 8000.000", "\"dur\": -8000.000")
        << QStringList{"traceEvents[", "].dur", "kernel \"sm90_xmma_gemm", "duration of 0 or more", "-8000"};
    QTest::newRow("negative step duration")
        << "trace.json" << replaced(trace, "\"dur\": 52000.000", "\"dur\": -52000.000")
        << QStringList{"traceEvents[0].dur", "ProfilerStep#2", "duration of 0 or more"};
    QTest::newRow("step of 0 us") << "trace.json" << replaced(oldTrace, "\"dur\": 48000", "\"dur\": 0")
                                  << QStringList{"ProfilerStep#1", "0 us", "above 0"};
    QTest::newRow("duration as a string")
        << "trace.json" << replaced(trace, "\"dur\": 6000.000", "\"dur\": \"nan\"")
        << QStringList{"].dur", "nvjet", "the string \"nan\""};
    QTest::newRow("kernel without a start")
        << "trace.json" << replaced(oldTrace, "\"ts\": 1623000000003000", "\"t\": 0")
        << QStringList{"].ts", "start time"};
}

void TestRunLogImport::malformed()
{
    QFETCH(QString, file);
    QFETCH(QByteArray, data);
    QFETCH(QStringList, words);
    MeasuredRun r = sentinel();
    QString error;
    QVERIFY(!ss::io::readMeasuredRun(data, file, r, &error));
    QVERIFY2(isOneLineError(error, file), qPrintable(error));
    for (const QString& word : words)
        QVERIFY2(error.contains(word), qPrintable(QStringLiteral("\"%1\" not in: %2").arg(word, error)));
    QVERIFY(sameRun(r, sentinel()));
}

QTEST_GUILESS_MAIN(TestRunLogImport)
#include "tst_runlogimport.moc"
