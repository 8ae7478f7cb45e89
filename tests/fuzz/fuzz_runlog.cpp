// SPDX-License-Identifier: GPL-3.0-or-later
// Measured-run fuzz target (runlogimport.h): Megatron-LM and torchtitan training logs (Megatron-LM
// megatron/training/training.py training_log, torchtitan train.py) and PyTorch profiler traces
// (export_chrome_trace, Chrome Trace Event Format). A rejected input has a one-line error naming the file
// and leaves the output alone; an accepted one has figures a calibration can divide by.
#include "fuzzsupport.h"
#include "runlogimport.h"

#include <QByteArray>
#include <QString>

#include <cmath>
#include <string>

namespace {

bool finiteAtLeastZero(double value)
{
    return std::isfinite(value) && value >= 0;
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size)
{
    const QByteArray bytes = QByteArray::fromRawData(reinterpret_cast<const char*>(data), qsizetype(size));
    // The classifier takes any bytes as a kernel name.
    const std::string cls =
        ss::io::kernelClass(std::string_view(bytes.constData(), std::size_t(bytes.size())));
    if (cls.empty())
        fuzz::fail("a kernel name has no class");

    ss::io::MeasuredRun run;
    run.format = "untouched";
    QString error;
    if (!ss::io::readMeasuredRun(bytes, QStringLiteral("fuzz.in"), run, &error)) {
        if (!error.startsWith(QLatin1String("fuzz.in: ")) || error.contains(QLatin1Char('\n')))
            fuzz::fail("a rejected run has no one-line error naming the file");
        if (run.format != "untouched" || !run.step_times_s.empty())
            fuzz::fail("a rejected run changed its output");
        return 0;
    }
    if (run.format != "megatron-log" && run.format != "torchtitan-log" && run.format != "pytorch-trace")
        fuzz::fail("an accepted run has no known format");
    if (run.iterations <= 0)
        fuzz::fail("an accepted run counts no iterations");
    if (!run.step_times_s.empty() && std::size_t(run.iterations) > run.step_times_s.size())
        fuzz::fail("an accepted run counts more representative iterations than it found");
    for (double t : run.step_times_s)
        if (!(std::isfinite(t) && t > 0))
            fuzz::fail("a step time is not a positive number");
    if (!finiteAtLeastZero(run.step_time_s) || !finiteAtLeastZero(run.tflops_per_gpu) ||
        !finiteAtLeastZero(run.mfu) || !finiteAtLeastZero(run.tokens_per_s_per_gpu) || run.global_batch < 0)
        fuzz::fail("a representative figure is negative or not a number");
    if ((run.format == "torchtitan-log") != run.step_times_s.empty() ||
        (run.step_time_s > 0) == run.step_times_s.empty())
        fuzz::fail("the step times and their median disagree");
    if ((run.format == "pytorch-trace") == run.kernels.empty())
        fuzz::fail("kernel classes are missing from a trace or present in a log");
    for (const ss::io::KernelClassTime& k : run.kernels)
        if (k.kernel_class.empty() || !finiteAtLeastZero(k.seconds) || k.count <= 0)
            fuzz::fail("a kernel class has no name, no count or a time that is not a number");
    return 0;
}
