// SPDX-License-Identifier: GPL-3.0-or-later
#include "calibration.h"

#include "collective.h"

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
        fit.error =
            "the times do not grow with the size, so there is no bandwidth to fit (measure larger sizes)";
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

namespace ss {

CalibrationApplied applyCalibration(Topology& topology, const Calibration& calibration)
{
    CalibrationApplied out;
    CollectiveOp op;
    if (!collectiveOpFromName(calibration.op, op)) {
        out.error = "the collective \"" + calibration.op + "\" has no model to calibrate";
        return out;
    }
    if (!(calibration.busbw_Bps > 0) || calibration.ranks < 2) {
        out.error = "the calibration has no bus bandwidth over two or more ranks";
        return out;
    }
    out.busbw_measured = calibration.busbw_Bps;
    // Large enough that the latency terms vanish, as nccl-tests' largest sizes do.
    constexpr double bytes = 8.0 * 1024 * 1024 * 1024;
    Topology work = topology;
    for (int round = 0; round < 4; ++round) {
        CommModel model;
        std::string error;
        if (!CommModel::fromTopology(work, model, &error)) {
            out.error = error;
            return out;
        }
        const std::vector<int> all = model.graph().gpus();
        if (std::int64_t(all.size()) < calibration.ranks) {
            out.error = "the calibration ran on " + std::to_string(calibration.ranks) +
                        " GPUs, the topology has " + std::to_string(all.size());
            return out;
        }
        const std::vector<int> ranks(all.begin(), all.begin() + calibration.ranks);
        const CollectiveResult r = model.collective(op, bytes, ranks);
        if (!r.ok() || r.bottleneck_link < 0 || !(r.busbw_Bps > 0)) {
            out.error = r.ok() ? std::string("the collective moves no bytes over a link") : r.error;
            return out;
        }
        if (round == 0)
            out.busbw_model_before = r.busbw_Bps;
        out.busbw_model_after = r.busbw_Bps;
        const double ratio = calibration.busbw_Bps / r.busbw_Bps;
        if (std::abs(ratio - 1) < 0.005 || (round > 0 && out.clamped))
            break;
        const std::string kind = model.graph().linkKind(r.bottleneck_link);
        if (out.link_kind.empty()) {
            out.link_kind = kind;
            for (const TopologyLink& link : work.links)
                if (link.kind == kind) {
                    out.efficiency_before = link.efficiency;
                    break;
                }
        } else if (kind != out.link_kind) {
            break; // another kind now bounds the collective: the first kind is as fast as it can be made
        }
        for (TopologyLink& link : work.links) {
            if (link.kind != kind)
                continue;
            const double wanted = link.efficiency * ratio;
            link.efficiency = std::clamp(wanted, 0.01, 1.0);
            out.clamped |= link.efficiency != wanted;
            out.efficiency_after = link.efficiency;
        }
    }
    topology = std::move(work);
    return out;
}

} // namespace ss
