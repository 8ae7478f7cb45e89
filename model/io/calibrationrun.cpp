// SPDX-License-Identifier: GPL-3.0-or-later
#include "calibrationrun.h"

#include "jsonwriter.h"

#include <QCoreApplication>

namespace ss::io {

bool measuredStep(const MeasuredRun& run, const Scenario& sc, MeasuredStep& out, QString* error)
{
    MeasuredStep step;
    const double tokens = double(sc.training.global_batch) * double(sc.model.seq_len);
    if (run.step_time_s > 0) {
        step.seconds = run.step_time_s;
        // No %n: the CLI prints the untranslated English, where "step(s)" would show.
        step.how =
            QCoreApplication::translate("ss::io", "median after warm-up (steps: %1)").arg(run.iterations);
    } else if (run.tokens_per_s_per_gpu > 0 && sc.gpus() > 0) {
        // torchtitan's tps is tokens per second on one GPU (its local batch): the step is the global batch's
        // tokens over all GPUs' rate.
        step.seconds = tokens / (double(sc.gpus()) * run.tokens_per_s_per_gpu);
        step.how = QCoreApplication::translate(
                       "ss::io", "%1 tokens per step over %2 GPUs at %3 tokens/s per GPU (median)")
                       .arg(tokens, 0, 'g', 6)
                       .arg(sc.gpus())
                       .arg(run.tokens_per_s_per_gpu, 0, 'g', 6);
    } else {
        if (error)
            *error = QCoreApplication::translate(
                "ss::io", "the run has neither step times nor tokens per second to calibrate against");
        return false;
    }
    if (run.global_batch > 0 && run.global_batch != sc.training.global_batch)
        step.warnings << QCoreApplication::translate(
                             "ss::io",
                             "the run's global batch is %1 sequences, the scenario's %2: the fit compares "
                             "steps of different sizes")
                             .arg(run.global_batch)
                             .arg(sc.training.global_batch);
    out = step;
    return true;
}

namespace {

void writeSide(JsonWriter& w, const char* key, double scale, double step, double error)
{
    w.key(key);
    w.beginObject();
    w.member("scale", scale);
    w.member("step_s", step);
    w.member("error", error);
    w.endObject();
}

} // namespace

double modelKernelSeconds(const KernelBreakdown& k, const std::string& cls)
{
    if (cls == "gemm")
        return k.gemm_s;
    if (cls == "attention")
        return k.attention_s;
    if (cls == "elementwise")
        return k.memory_s;
    if (cls == "optimizer")
        return k.optimizer_s;
    return -1;
}

QByteArray writeComputeFit(const ComputeFit& fit, const QString& source, const MeasuredStep& step,
                           const MeasuredRun* run, const Result& after)
{
    JsonWriter w;
    w.beginObject();
    w.member("source", source.toStdString());
    if (run)
        w.member("format", run->format);
    w.member("measured_step_s", fit.measured_s);
    w.member("measured_how", step.how.toStdString());
    writeSide(w, "before", fit.scale_before, fit.step_before_s, fit.error_before);
    writeSide(w, "after", fit.scale_after, fit.step_after_s, fit.error_after);
    w.member("evaluations", fit.evaluations);
    w.key("warnings");
    w.beginArray();
    for (const QString& warning : step.warnings)
        w.value(warning.toStdString());
    w.endArray();
    if (run && !run->kernels.empty()) {
        // A trace's kernel time per step by class beside the model's, of the busiest stage after the fit.
        w.key("kernels");
        w.beginArray();
        for (const KernelClassTime& k : run->kernels) {
            w.beginObject();
            w.member("class", k.kernel_class);
            w.member("measured_s", k.seconds);
            const double model = modelKernelSeconds(after.step.kernels, k.kernel_class);
            if (model >= 0)
                w.member("model_s", model);
            w.endObject();
        }
        w.endArray();
    }
    w.endObject();
    return w.data();
}

} // namespace ss::io
