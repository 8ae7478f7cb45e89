// SPDX-License-Identifier: GPL-3.0-or-later
// Parameter sweeps, a what-if tool: one numeric input of the scenario stepped over a list of values,
// the scenario evaluated at each, and chosen figures of the result read off. `shardscope-cli sweep` prints
// the rows as CSV and the explorer's Sweep tab draws them, from the same runSweep(), so the two never
// disagree.
//
// A parameter is a numeric (Int/Real) field of the field table (fields.h) or one of these pseudo-parameters:
//   link.<kind-prefix>.bandwidth_Bps, link.<kind-prefix>.efficiency: every link of the scenario's topology
//   whose
//       kind begins with the prefix (link.ib, link.nvlink, link.pcie-gen4); a generated cluster is made
//       explicit first (scenarioTopology()), so the rest of it stays as it was;
//   cluster.gpus, cluster.nodes: the cluster's size with tp and pp kept and dp = GPUs / (tp·pp);
// and three fields are coupled the same way, so that a point is a layout one could run:
//   parallel.dp sets the GPU count to dp·tp·pp (nodes = GPUs / gpus_per_node);
//   parallel.tp, parallel.pp keep the GPUs and set dp = GPUs / (tp·pp).
// A point where that does not divide, or whose scenario validateScenario() rejects, is kept as an invalid row
// with the reason, so a chart can say why a value is missing.
#pragma once

#include "fields.h"
#include "result.h"
#include "scenario.h"
#include "units.h"

#include <atomic>
#include <functional>
#include <limits>
#include <string>
#include <string_view>
#include <vector>

namespace ss {

// What a metric's numbers are, so a chart can give each kind its own y axis.
enum class MetricKind
{
    Seconds,
    Bytes,
    Fraction,
    TokensPerSecond,
    Flops,
    Count
};

struct SweepMetric
{
    std::string name; // the result JSON path (docs/formats.md, "Result of eval"): "step.time_s"
    MetricKind kind = MetricKind::Count;
    std::function<double(const Result&)> get;
};

// The named metrics, in the order the explorer offers them. Besides these, findSweepMetric() accepts
// memory.per_gpu[N].<params|grads|optimizer|activations|buffers|total|capacity>.
const std::vector<SweepMetric>& sweepMetrics();
// The metric NAME; false with *ERROR ("unknown metric 'x' (did you mean step.time_s?)") when there is none.
bool findSweepMetric(std::string_view name, SweepMetric& out, std::string* error = nullptr);
// The metrics of a sweep without --metric: step.time_s, memory.peak_gpu_bytes (docs/formats.md, "Binaries").
std::vector<std::string> defaultSweepMetrics();
// The unit a metric kind is formatted in (units.h); TokensPerSecond as a Count.
Unit metricUnit(MetricKind kind);

// A parameter and what its values may be.
struct SweepParam
{
    std::string path;
    FieldType type = FieldType::Real; // Int or Real
    Unit unit = Unit::None;
    double min = 0;
    double max = 0;
    bool minExclusive = false;
    std::vector<std::string> choices; // an Int field's allowed values when not empty (grad_comm_bits)
};

// The parameter PATH for SCENARIO (the link pseudo-parameters need links of that kind in its topology).
// False with *ERROR naming the problem ("unknown parameter 'x' (did you mean training.micro_batch?)").
bool findSweepParam(const Scenario& scenario, std::string_view path, SweepParam& out,
                    std::string* error = nullptr);
// Every parameter SCENARIO can be swept over: the numeric fields, cluster.gpus, and
// link.<prefix>.bandwidth_Bps and .efficiency for each link kind prefix of its topology (docs/formats.md's
// list, then each distinct full kind).
std::vector<SweepParam> sweepParams(const Scenario& scenario);
// PARAM's value in SCENARIO (for a link pseudo-parameter: its first matching link's); NaN when it has none.
double sweepParamValue(const Scenario& scenario, std::string_view param);

// "a:b:n" (n values from a to b, evenly spaced) or "a:b:n:log" (geometric steps, a and b > 0); a and b may
// carry the parameter's unit ("100 Gb/s:400 Gb/s:4"). An Int parameter's values are rounded and duplicates
// dropped. Returns "" or a sentence naming what is wrong.
std::string parseSweepRange(std::string_view text, const SweepParam& param, std::vector<double>& out);
// "v1,v2,..": values in the parameter's unit; returns "" or what is wrong.
std::string parseSweepValues(std::string_view text, const SweepParam& param, std::vector<double>& out);
// N values from A to B (geometric when LOG), rounded and deduplicated for an Int parameter. Empty when LOG
// and A or B is not positive, or N < 1.
std::vector<double> sweepRange(double a, double b, int n, bool log, const SweepParam& param);
// What the explorer offers before the user picks a range: the current value ×1/4 .. ×4 in 9 geometric steps,
// the choices of a field that has them, 0..1 around a fraction; clamped to the parameter's range.
struct SweepRangeSpec
{
    double from = 1;
    double to = 1;
    int steps = 9;
    bool log = true;
};
SweepRangeSpec defaultSweepRange(const Scenario& scenario, const SweepParam& param);

// Sets PARAM to VALUE in SCENARIO, with the couplings above. Returns "" or why the value cannot be set.
std::string applySweepValue(Scenario& scenario, std::string_view param, double value);

struct SweepSpec
{
    std::string param;
    std::vector<double> values;
    std::vector<std::string> metrics; // empty: defaultSweepMetrics()
    int threads = 0;                  // worker threads; 0: one per core, at most one per value
    bool geometric = false;           // the values are geometric steps: a chart draws them on a log axis
};

struct SweepRow
{
    double value = 0;
    bool valid = false;
    std::string problem;         // why the point is invalid; "" when valid
    bool fits = false;           // every pipeline stage fits in its GPU's memory
    std::vector<double> metrics; // one per SweepResult::metrics; NaN when invalid
    double peak_gpu_bytes = std::numeric_limits<double>::quiet_NaN();
    double capacity_bytes = std::numeric_limits<double>::quiet_NaN(); // the peak stage's GPU capacity
};

struct SweepResult
{
    std::string param;
    std::vector<std::string> metrics;
    std::vector<MetricKind> kinds; // one per metric
    std::vector<SweepRow> rows;    // in the order of SweepSpec::values
    bool geometric = false;        // SweepSpec::geometric
    std::string error;             // a bad spec (unknown parameter or metric): no rows
    bool cancelled = false;        // *cancel became true: rows are incomplete
};

// Evaluates SCENARIO at each value of SPEC (evaluate() with communication, no timeline), on SPEC.threads
// threads. CANCEL, when given, is polled between points. Never throws.
SweepResult runSweep(const Scenario& scenario, const SweepSpec& spec,
                     const std::atomic<bool>* cancel = nullptr);

// The rows as CSV: a header of the names (the parameter's path, then the metrics), then one line per value
// with numbers in full precision (shortestNumberText) and empty cells for an invalid point. EOL ends each
// line.
std::string sweepCsv(const SweepResult& result, std::string_view eol = "\n");

} // namespace ss
