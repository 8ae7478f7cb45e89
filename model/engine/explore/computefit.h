// SPDX-License-Identifier: GPL-3.0-or-later
// Calibration of the compute model against a measured run: compute.scale is fitted so that the simulated step
// takes the measured step time, the way nccl-tests logs calibrate the links' alpha and beta (calibration.h).
// The step is not linear in the scale (communication and bubbles do not scale; overlaps hide more or less),
// so the fit solves T(scale) = T_measured by the secant method on the simulated step, bracketed to
// (0, kMaxScale]; T grows monotonically with the scale.
#pragma once

#include "result.h"
#include "scenario.h"

#include <string>

namespace ss {

struct ComputeFit
{
    std::string error;     // non-empty: no scale reproduces the measured step (nothing below is meaningful)
    double measured_s = 0; // the measured step time
    double scale_before = 1;
    double step_before_s = 0; // the step at the scenario's own scale
    double scale_after = 1;
    double step_after_s = 0; // the step at the fitted scale
    double error_before = 0; // relative: step / measured − 1
    double error_after = 0;
    int evaluations = 0;
    bool ok() const { return error.empty(); }
};

constexpr double kMaxComputeScale = 100;

// Fits compute.scale of SCENARIO (valid, as validateScenario() accepts) to MEASURED_STEP_S seconds per step.
ComputeFit fitComputeScale(const Scenario& scenario, double measuredStepSeconds);

// SCENARIO with the fit applied: compute.scale, and where it came from (SOURCE: a file name or "typed").
Scenario applyComputeFit(const Scenario& scenario, const ComputeFit& fit, const std::string& source);

} // namespace ss
