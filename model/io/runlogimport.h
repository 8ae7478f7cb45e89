// SPDX-License-Identifier: GPL-3.0-or-later
// Measured training runs, read to calibrate the engine's compute model. Three sources, told apart by their
// content:
//  - Megatron-LM training logs: the line megatron/training/training.py training_log() prints every
//    log interval (" iteration N/M | consumed samples: ... | elapsed time per iteration (ms): X |
//    throughput per GPU (TFLOP/s/GPU): Y | ... | global batch size: B | ..."); logs before --log-throughput
//    lack the throughput field and the oldest lack the batch size. Each line is one log interval, its time
//    the interval's mean per iteration.
//  - torchtitan logs: the line torchtitan's train.py (later components/metrics.py) logs every log_freq
//    steps ("step: N  loss: ...  memory: ...GiB(..%)  tps: 5,123  tflops: 300.12  mfu: 30.35%", ANSI
//    colours between the fields; "wps" before the rename, without tflops). It prints no step time.
//  - PyTorch profiler traces (torch.profiler export_chrome_trace, the Chrome Trace Event Format of
//    complete "X" events in microseconds): steps from the ProfilerStep#N spans, GPU time per kernel class.
// Lines may carry launcher tags ("0: " of srun --label, "[rank0]:" or "[default0]:" of torchrun); a log
// with several ranks' lines is read for the lowest rank only.
#pragma once

#include <QByteArray>
#include <QString>

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace ss::io {

// The largest file readMeasuredRun() takes: a profiler trace of a few steps is tens to hundreds of MB.
inline constexpr qint64 kMaxMeasuredRunBytes = qint64(512) * 1024 * 1024;

struct KernelClassTime
{
    std::string kernel_class; // kernelClass()
    double seconds = 0;       // GPU kernel time per profiled step
    std::int64_t count = 0;   // kernels of the class over all profiled steps
};

struct MeasuredRun
{
    std::string format; // "megatron-log" | "torchtitan-log" | "pytorch-trace"
    // Every iteration found, in order: one per Megatron log line (the interval's mean), one per profiled
    // step of a trace; none for torchtitan.
    std::vector<double> step_times_s;
    // The representative figures are medians over the iterations after warm-up: the first one is left out
    // when there are 3 or more (it carries compilation, allocator growth and NCCL setup), none otherwise.
    double step_time_s = 0;          // 0 when the source has no step times (torchtitan)
    double tflops_per_gpu = 0;       // Megatron throughput per GPU or torchtitan tflops; 0 if absent
    double mfu = 0;                  // torchtitan "mfu: 30.35%" as 0.3035; 0 if absent
    double tokens_per_s_per_gpu = 0; // torchtitan tps (wps); 0 if absent
    std::int64_t global_batch = 0;   // Megatron's last "global batch size"; 0 if not printed
    // Trace only: the classes present, in the order gemm, attention, elementwise, optimizer,
    // communication, memcpy, other.
    std::vector<KernelClassTime> kernels;
    int iterations = 0; // iterations (log lines, steps) the representative figures were taken over
};

// Reads DATA, named FILE_NAME in messages. On failure returns false, leaves OUT as it was and sets *ERROR to
// one line naming the file (and the line or trace event) and what was expected.
bool readMeasuredRun(const QByteArray& data, const QString& fileName, MeasuredRun& out, QString* error);
// The same for the file FILE_NAME, read whole if it is a regular file of at most kMaxMeasuredRunBytes.
bool readMeasuredRunFile(const QString& fileName, MeasuredRun& out, QString* error);

// The class of a GPU kernel by its name: "communication", "memcpy", "attention", "gemm", "optimizer",
// "elementwise" (memory-bound kernels: pointwise, norms, softmax, reductions, copies) or "other".
std::string kernelClass(std::string_view kernelName);

} // namespace ss::io
