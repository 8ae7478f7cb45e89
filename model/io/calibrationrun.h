// SPDX-License-Identifier: GPL-3.0-or-later
// A measured run (runlogimport.h) turned into the step time that calibrates the compute model
// (computefit.h), and the fit written as JSON for `shardscope-cli calibrate` (docs/formats.md).
#pragma once

#include "computefit.h"
#include "result.h"
#include "runlogimport.h"
#include "scenario.h"

#include <QByteArray>
#include <QString>
#include <QStringList>

namespace ss::io {

struct MeasuredStep
{
    double seconds = 0;
    QString how;          // how it was read, e.g. "median of 5 iterations (elapsed time per iteration)"
    QStringList warnings; // the run and the scenario disagree (global batch)
};

// The measured step time of RUN for SCENARIO: a log's or trace's step time; for a torchtitan log (no step
// times) the scenario's tokens per step over the GPUs' tokens per second. False with *ERROR when RUN has
// none.
bool measuredStep(const MeasuredRun& run, const Scenario& scenario, MeasuredStep& out, QString* error);

// The model's seconds per step of a trace's kernel class KERNEL_CLASS (kernelClass(): "elementwise" is the
// model's memory-bound kernels) in KERNELS; -1 for the classes the kernel model does not price
// (communication, memcpy, other).
double modelKernelSeconds(const KernelBreakdown& kernels, const std::string& kernelClass);

// The fit as `calibrate` prints it: the measured step, before and after with their errors, and for a trace
// each kernel class measured against the model after the fit (AFTER: the result at the fitted scale).
QByteArray writeComputeFit(const ComputeFit& fit, const QString& source, const MeasuredStep& step,
                           const MeasuredRun* run, const Result& after);

} // namespace ss::io
