// SPDX-License-Identifier: GPL-3.0-or-later
// Calibration of the alpha-beta model from measured collective times: nccl-tests logs calibrate α and β by
// least squares (docs/formats.md, "import"). A collective of S bytes takes t = α + β·S (Hockney, "The
// communication challenge for MPP: Intel Paragon and Meiko CS-2", Parallel Computing 1994); α is the fixed
// latency, 1/β the bandwidth the collective achieves on its whole buffer (nccl-tests' algbw for large S).
#pragma once

#include "scenario.h"

#include <cstdint>
#include <string>
#include <vector>

namespace ss {

struct CalibrationSample
{
    double bytes = 0;   // nccl-tests "size": the whole buffer, the bytes algbw is computed from
    double seconds = 0; // measured time of one collective
};

struct CalibrationPoint
{
    double bytes = 0;
    double measured_s = 0;
    double predicted_s = 0; // α + β·bytes
};

struct AlphaBetaFit
{
    std::string error; // non-empty: the samples could not be fitted; nothing below is meaningful
    double alpha_s = 0;
    double beta_s_per_byte = 0;
    // Coefficient of determination of log(time) against log(predicted time): the fit as the log-log
    // chart of measured against model shows it (1 is a perfect fit).
    double r2 = 0;
    std::vector<CalibrationPoint> points; // the samples in the order given, with the fit's prediction
    bool ok() const { return error.empty(); }
};

// Least-squares fit of t = α + β·S minimising the RELATIVE residuals Σ((α + β·S_i − t_i) / t_i)².
// nccl-tests sweeps sizes over many decades (8 B to GiB); plain least squares would fit the largest
// sizes only and leave α to their noise, while relative residuals weigh every size alike, as the
// log-log chart does. α is kept at 0 or more (a negative latency has no meaning): when the
// unconstrained optimum is negative the fit is redone with α = 0. Needs two or more distinct sizes with
// positive finite times, and times that grow with the size (β > 0).
AlphaBetaFit fitAlphaBeta(const std::vector<CalibrationSample>& samples);

// One collective's calibration as `shardscope-cli import` reports it (docs/formats.md, "import").
struct Calibration
{
    std::string op; // engine op name ("allreduce"), or nccl-tests' own for ops the engine lacks ("gather")
    std::int64_t ranks = 0;
    AlphaBetaFit fit;
    double busbw_Bps = 0; // large-message bus bandwidth the fit implies: busbw factor / β (nccl-tests)
};

} // namespace ss

namespace ss {

// What applying a calibration to a topology did (applyCalibration).
struct CalibrationApplied
{
    std::string error;     // non-empty: nothing was changed
    std::string link_kind; // the link kind whose efficiency was set ("nvlink3")
    double efficiency_before = 0;
    double efficiency_after = 0;
    double busbw_model_before = 0; // the topology's modelled large-message bus bandwidth, B/s
    double busbw_model_after = 0;
    double busbw_measured = 0; // the calibration's, busbw factor / β
    bool clamped = false;      // the measured figure needs an efficiency above 1 (or near 0): clamped
};

// Applies CALIBRATION to TOPOLOGY: runs its collective over the topology's first `ranks` GPUs, finds the link
// kind that bounds it, and scales the achievable-efficiency of every link of that kind so the modelled
// large-message bus bandwidth equals the measured one (busbw, nccl-tests doc/PERFORMANCE.md). The bottleneck
// may move to another kind after a change, so it repeats a few times. α is reported by the fit but not
// applied: it sums the latencies of every step of the algorithm.
CalibrationApplied applyCalibration(Topology& topology, const Calibration& calibration);

} // namespace ss
