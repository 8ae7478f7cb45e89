// SPDX-License-Identifier: GPL-3.0-or-later
#include "calibration.h"

#include <Eigen/Dense>

#include <algorithm>
#include <cmath>
#include <set>

namespace ss {

namespace {

struct Line
{
    double alpha = 0;
    double beta = 0;
};

// Weighted least squares with weights 1/t_i: rows [1/t_i, S_i/t_i] · [α, β]ᵀ ≈ 1. The size column is
// scaled to at most 1 so the two columns are of comparable magnitude (bytes reach 1e10, seconds 1e-6),
// and solved by column-pivoting QR rather than the normal equations, which would square the condition.
Line solveRelative(const std::vector<CalibrationSample>& s, double scale)
{
    const Eigen::Index n = Eigen::Index(s.size());
    Eigen::MatrixXd a(n, 2);
    const Eigen::VectorXd b = Eigen::VectorXd::Ones(n);
    for (Eigen::Index i = 0; i < n; ++i) {
        const double w = 1.0 / s[std::size_t(i)].seconds;
        a(i, 0) = w;
        a(i, 1) = w * s[std::size_t(i)].bytes / scale;
    }
    const Eigen::Vector2d x = a.colPivHouseholderQr().solve(b);
    return {x(0), x(1) / scale};
}

// The best β with α = 0 under the same weights: minimises Σ(β·S_i/t_i − 1)², so β = Σ(S_i/t_i) / Σ(S_i/t_i)².
double betaThroughOrigin(const std::vector<CalibrationSample>& s)
{
    double num = 0, den = 0;
    for (const CalibrationSample& p : s) {
        const double r = p.bytes / p.seconds;
        num += r;
        den += r * r;
    }
    return den > 0 ? num / den : 0;
}

} // namespace

AlphaBetaFit fitAlphaBeta(const std::vector<CalibrationSample>& samples)
{
    AlphaBetaFit fit;
    std::set<double> sizes;
    double maxBytes = 0;
    for (const CalibrationSample& p : samples) {
        if (!std::isfinite(p.bytes) || !std::isfinite(p.seconds) || p.bytes < 0 || !(p.seconds > 0)) {
            fit.error = "every sample needs a size of 0 bytes or more and a time above 0 s";
            return fit;
        }
        sizes.insert(p.bytes);
        maxBytes = std::max(maxBytes, p.bytes);
    }
    if (sizes.size() < 2) {
        fit.error = "a fit of latency and bandwidth needs measurements at two or more sizes";
        return fit;
    }

    Line line = solveRelative(samples, maxBytes);
    if (!std::isfinite(line.alpha) || !std::isfinite(line.beta)) {
        fit.error = "the least-squares problem has no finite solution";
        return fit;
    }
    if (line.alpha < 0)
        line = {0, betaThroughOrigin(samples)};
    if (!(line.beta > 0)) {
        fit.error = "the times do not grow with the size, so there is no bandwidth to fit (measure larger sizes)";
        return fit;
    }
    fit.alpha_s = line.alpha;
    fit.beta_s_per_byte = line.beta;

    // R² of log t, as the log-log chart shows the fit.
    double meanLog = 0;
    for (const CalibrationSample& p : samples)
        meanLog += std::log(p.seconds);
    meanLog /= double(samples.size());
    double ssRes = 0, ssTot = 0;
    fit.points.reserve(samples.size());
    for (const CalibrationSample& p : samples) {
        const double predicted = line.alpha + line.beta * p.bytes;
        fit.points.push_back({p.bytes, p.seconds, predicted});
        const double r = std::log(p.seconds) - std::log(predicted);
        const double d = std::log(p.seconds) - meanLog;
        ssRes += r * r;
        ssTot += d * d;
    }
    fit.r2 = ssTot > 0 ? 1.0 - ssRes / ssTot : (ssRes == 0 ? 1.0 : 0.0);
    return fit;
}

} // namespace ss
