// SPDX-License-Identifier: GPL-3.0-or-later
#include "computefit.h"

#include "evaluate.h"

#include <algorithm>
#include <cmath>
#include <cstdio>

namespace ss {

namespace {

std::string seconds(double s)
{
    char text[48];
    std::snprintf(text, sizeof text, "%.4g s", s);
    return text;
}

} // namespace

ComputeFit fitComputeScale(const Scenario& scenario, double measured)
{
    ComputeFit fit;
    fit.measured_s = measured;
    fit.scale_before = scenario.compute.scale > 0 ? scenario.compute.scale : 1;
    if (!(measured > 0) || !std::isfinite(measured)) {
        fit.error = "the measured step time must be a number of seconds above 0";
        return fit;
    }
    EvalOptions options;
    options.drawing_detail = false;
    Scenario trial = scenario;
    const auto step = [&](double scale) {
        trial.compute.scale = scale;
        ++fit.evaluations;
        return evaluate(trial, options).step.time_s;
    };
    fit.step_before_s = step(fit.scale_before);
    if (!(fit.step_before_s > 0)) {
        fit.error = "the scenario has no step time to fit (it is invalid or too large to simulate)";
        return fit;
    }
    fit.error_before = fit.step_before_s / measured - 1;
    // A bracket [lo, hi] with T(lo) <= measured <= T(hi), grown from the scenario's own scale.
    double lo = fit.scale_before, hi = fit.scale_before;
    double tLo = fit.step_before_s, tHi = fit.step_before_s;
    constexpr double kMinScale = 1e-3;
    while (tLo > measured && lo > kMinScale) {
        hi = lo;
        tHi = tLo;
        lo = std::max(lo / 4, kMinScale);
        tLo = step(lo);
    }
    while (tHi < measured && hi < kMaxComputeScale) {
        lo = hi;
        tLo = tHi;
        hi = std::min(hi * 4, kMaxComputeScale);
        tHi = step(hi);
    }
    if (tLo > measured) {
        fit.error = "the measured step (" + seconds(measured) +
                    ") is shorter than this scenario's communication and bubbles alone (" + seconds(tLo) +
                    " with compute " + std::to_string(int(std::round(1 / kMinScale))) +
                    " times faster): the run's network, layout or batch differs from the scenario's";
        return fit;
    }
    if (tHi < measured) {
        fit.error = "the measured step (" + seconds(measured) +
                    ") is longer than this scenario gives with compute " +
                    std::to_string(int(kMaxComputeScale)) + " times slower (" + seconds(tHi) +
                    "): the run's layout or batch differs from the scenario's";
        return fit;
    }
    // Regula falsi with the Illinois modification: keeps the bracket, converges superlinearly.
    double scale = lo, t = tLo;
    int side = 0;
    for (int i = 0; i < 40 && hi - lo > 1e-9 * hi; ++i) {
        scale = tHi > tLo ? lo + (measured - tLo) * (hi - lo) / (tHi - tLo) : (lo + hi) / 2;
        scale = std::clamp(scale, lo, hi);
        t = step(scale);
        if (std::abs(t / measured - 1) < 1e-6)
            break;
        if (t < measured) {
            lo = scale;
            tLo = t;
            if (side == -1)
                tHi = measured + (tHi - measured) / 2;
            side = -1;
        } else {
            hi = scale;
            tHi = t;
            if (side == 1)
                tLo = measured - (measured - tLo) / 2;
            side = 1;
        }
    }
    fit.scale_after = scale;
    fit.step_after_s = t;
    fit.error_after = t / measured - 1;
    return fit;
}

Scenario applyComputeFit(const Scenario& scenario, const ComputeFit& fit, const std::string& source)
{
    Scenario out = scenario;
    if (!fit.ok())
        return out;
    out.compute.scale = fit.scale_after;
    out.compute.calibrated_from = source;
    out.compute.measured_step_s = fit.measured_s;
    return out;
}

} // namespace ss
