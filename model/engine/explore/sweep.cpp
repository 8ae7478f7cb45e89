// SPDX-License-Identifier: GPL-3.0-or-later
#include "sweep.h"

#include "evaluate.h"
#include "parallelfor.h"
#include "presets.h"
#include "validate.h"

#include <algorithm>
#include <charconv>
#include <cmath>
#include <cstdint>
#include <exception>
#include <thread>

namespace ss {

namespace {

constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();
constexpr int kMaxPoints = 10000; // a sweep is a chart's worth of points, not a search
constexpr std::string_view kBandwidthLeaf = ".bandwidth_Bps";
constexpr std::string_view kEfficiencyLeaf = ".efficiency";

std::string number(double v)
{
    return shortestNumberText(v);
}

std::string_view trim(std::string_view text)
{
    while (!text.empty() && (text.front() == ' ' || text.front() == '\t'))
        text.remove_prefix(1);
    while (!text.empty() && (text.back() == ' ' || text.back() == '\t'))
        text.remove_suffix(1);
    return text;
}

std::vector<std::string_view> split(std::string_view text, char separator)
{
    std::vector<std::string_view> parts;
    for (;;) {
        const std::size_t at = text.find(separator);
        parts.push_back(trim(text.substr(0, at)));
        if (at == std::string_view::npos)
            return parts;
        text.remove_prefix(at + 1);
    }
}

// A link kind belongs to PREFIX when it is the prefix or continues it with '-' or a digit ("nvlink3" is an
// nvlink, "pcie-gen4-x16" a pcie-gen4; the link kinds of docs/formats.md), so "ib" never matches "ibex".
bool kindMatches(std::string_view kind, std::string_view prefix)
{
    if (prefix.empty() || kind.substr(0, prefix.size()) != prefix)
        return false;
    if (kind.size() == prefix.size())
        return true;
    const char next = kind[prefix.size()];
    return next == '-' || (next >= '0' && next <= '9');
}

// "link.ib.bandwidth_Bps" -> prefix "ib", bandwidth true. False when PATH is not a link pseudo-parameter.
bool splitLinkParam(std::string_view path, std::string& prefix, bool& bandwidth)
{
    if (path.substr(0, 5) != "link.")
        return false;
    path.remove_prefix(5);
    for (const std::string_view leaf : {kBandwidthLeaf, kEfficiencyLeaf}) {
        if (path.size() > leaf.size() && path.substr(path.size() - leaf.size()) == leaf) {
            prefix = std::string(path.substr(0, path.size() - leaf.size()));
            bandwidth = leaf == kBandwidthLeaf;
            return true;
        }
    }
    return false;
}

bool scenarioLinks(const Scenario& scenario, Topology& out)
{
    return scenarioTopology(scenario, out);
}

SweepParam paramOfField(const FieldInfo& field)
{
    SweepParam p;
    p.path = field.path;
    p.type = field.type;
    p.unit = field.unit;
    p.min = field.min;
    p.max = field.max;
    p.minExclusive = field.minExclusive;
    p.choices = field.choices;
    return p;
}

SweepParam linkParam(const std::string& prefix, bool bandwidth)
{
    SweepParam p;
    p.path = "link." + prefix + std::string(bandwidth ? kBandwidthLeaf : kEfficiencyLeaf);
    p.type = FieldType::Real;
    p.unit = bandwidth ? Unit::BytesPerSecond : Unit::Fraction;
    p.min = 0;
    p.max = bandwidth ? 1e16 : 1;
    p.minExclusive = true;
    return p;
}

SweepParam gpusParam()
{
    SweepParam p;
    p.path = "cluster.gpus";
    p.type = FieldType::Int;
    p.unit = Unit::Count;
    p.min = 1;
    p.max = 1e7;
    return p;
}

bool isSweepable(const FieldInfo& field, const Scenario& scenario)
{
    if (field.type != FieldType::Int && field.type != FieldType::Real)
        return false;
    // A transformer's parameter count is derived from its shape; the stored number is ignored (scenario.h).
    return !(field.path == "model.params" && scenario.model.kind == ModelKind::Transformer);
}

// Range, integrality and choice check of VALUE for PARAM, as checkFieldValue() words it.
std::string checkValue(const SweepParam& param, double value)
{
    FieldInfo field;
    field.path = param.path;
    field.type = param.type;
    field.unit = param.unit;
    field.min = param.min;
    field.max = param.max;
    field.minExclusive = param.minExclusive;
    field.choices = param.choices;
    FieldValue v;
    v.number = value;
    return checkFieldValue(field, v);
}

// The value's text in PARAM's unit ("100 Gb/s", "1.5 us"); a plain Int is a count.
std::string parseValue(std::string_view text, const SweepParam& param, double& out)
{
    const Unit unit = param.unit == Unit::None ? Unit::Count : param.unit;
    std::string error;
    if (trim(text).empty())
        return "expected a number, got nothing";
    if (!parseQuantity(trim(text), unit, out, &error))
        return error.empty() ? "expected a number, got '" + std::string(text) + "'" : error;
    return {};
}

// Sizes the cluster to GPUS GPUs: whole nodes of gpus_per_node, or one smaller node. "" or why not.
std::string setGpuCount(Scenario& s, std::int64_t gpus)
{
    const std::int64_t perNode = std::max<std::int64_t>(s.cluster.gpus_per_node, 1);
    if (gpus < 1)
        return "expected at least 1 GPU, got " + std::to_string(gpus);
    if (gpus % perNode == 0) {
        s.cluster.nodes = gpus / perNode;
    } else if (gpus < perNode) {
        // Fewer GPUs than a node: one node with that many (a preset with a fixed count rejects it in
        // validation).
        s.cluster.nodes = 1;
        s.cluster.gpus_per_node = gpus;
    } else {
        return std::to_string(gpus) + " GPUs are not a whole number of nodes of " + std::to_string(perNode) +
               " GPUs";
    }
    return {};
}

// dp = GPUs / (tp·pp), keeping tp and pp. "" or why it does not divide.
std::string fitDp(Scenario& s)
{
    const std::int64_t gpus = s.gpus();
    const std::int64_t tpp =
        std::max<std::int64_t>(s.parallel.tp, 1) * std::max<std::int64_t>(s.parallel.pp, 1);
    if (gpus % tpp != 0)
        return std::to_string(gpus) +
               " GPUs do not split into data-parallel groups of tp × pp = " + std::to_string(s.parallel.tp) +
               " × " + std::to_string(s.parallel.pp) + " GPUs";
    s.parallel.dp = gpus / tpp;
    return {};
}

std::string setLinks(Scenario& s, const std::string& prefix, bool bandwidth, double value)
{
    if (!s.cluster.topology) {
        // The generated cluster, made explicit so that only the chosen links change (presets.h).
        Topology topology;
        std::string why;
        if (!scenarioTopology(s, topology, &why))
            return "the cluster cannot be generated: " + why;
        s.cluster.topology = std::move(topology);
    }
    int changed = 0;
    for (TopologyLink& link : s.cluster.topology->links) {
        if (!kindMatches(link.kind, prefix))
            continue;
        (bandwidth ? link.bandwidth_Bps : link.efficiency) = value;
        ++changed;
    }
    if (changed == 0)
        return "the topology has no link of kind " + prefix;
    return {};
}

double linkValue(const Scenario& s, const std::string& prefix, bool bandwidth)
{
    Topology topology;
    if (!scenarioLinks(s, topology))
        return kNaN;
    for (const TopologyLink& link : topology.links)
        if (kindMatches(link.kind, prefix))
            return bandwidth ? link.bandwidth_Bps : link.efficiency;
    return kNaN;
}

// memory.per_gpu[N].<component>: one stage's figure (docs/formats.md, "Result of eval"); false for any other
// name.
bool stageMetric(std::string_view name, SweepMetric& out)
{
    constexpr std::string_view head = "memory.per_gpu[";
    if (name.substr(0, head.size()) != head)
        return false;
    name.remove_prefix(head.size());
    const std::size_t close = name.find("].");
    if (close == std::string_view::npos || close == 0)
        return false;
    int stage = -1;
    const auto [end, ec] = std::from_chars(name.data(), name.data() + close, stage);
    if (ec != std::errc() || end != name.data() + close || stage < 0)
        return false;
    const std::string_view component = name.substr(close + 2);
    using Member = double StageMemory::*;
    static const std::pair<std::string_view, Member> members[] = {
        {"params", &StageMemory::params},       {"grads", &StageMemory::grads},
        {"optimizer", &StageMemory::optimizer}, {"activations", &StageMemory::activations},
        {"buffers", &StageMemory::buffers},     {"total", &StageMemory::total},
        {"capacity", &StageMemory::capacity}};
    for (const auto& [word, member] : members) {
        if (component != word)
            continue;
        out.name = "memory.per_gpu[" + std::to_string(stage) + "]." + std::string(word);
        out.kind = MetricKind::Bytes;
        out.get = [stage, member = member](const Result& r) {
            // A stage the point does not have (fewer pipeline stages) is no number.
            return std::size_t(stage) < r.memory.per_gpu.size() ? r.memory.per_gpu[std::size_t(stage)].*member
                                                                : kNaN;
        };
        return true;
    }
    return false;
}

// Snaps V to the nearest of CHOICES (by ratio when both are positive, so 4 goes to 8 rather than 1 among
// {1, 8, 16, 32}), as an Int range snaps to whole numbers.
double snapToChoice(double v, const std::vector<std::string>& choices)
{
    double best = v;
    double bestDistance = std::numeric_limits<double>::infinity();
    for (const std::string& choice : choices) {
        double c = 0;
        const auto [end, ec] = std::from_chars(choice.data(), choice.data() + choice.size(), c);
        if (ec != std::errc())
            continue;
        const double distance = (v > 0 && c > 0) ? std::abs(std::log(v / c)) : std::abs(v - c);
        if (distance < bestDistance) {
            bestDistance = distance;
            best = c;
        }
    }
    return best;
}

SweepRow evaluatePoint(const Scenario& base, const std::string& param, double value,
                       const std::vector<SweepMetric>& metrics)
{
    SweepRow row;
    row.value = value;
    row.metrics.assign(metrics.size(), kNaN);
    Scenario s = base;
    std::string why = applySweepValue(s, param, value);
    if (why.empty()) {
        const std::vector<Problem> problems = validateScenario(s);
        for (const Problem& p : problems)
            why += (why.empty() ? "" : "; ") + p.path + ": " + p.message;
    }
    if (!why.empty()) {
        row.problem = why;
        return row;
    }
    EvalOptions options;
    options.communication = true;
    options.timeline = false;
    const Result r = evaluate(s, options);
    row.valid = true;
    row.fits = !r.memory.per_gpu.empty();
    for (const StageMemory& stage : r.memory.per_gpu)
        row.fits = row.fits && stage.fits;
    row.peak_gpu_bytes = r.memory.peak_gpu_bytes;
    const std::size_t peak = std::size_t(std::max(r.memory.peak_stage, 0));
    row.capacity_bytes = peak < r.memory.per_gpu.size() ? r.memory.per_gpu[peak].capacity : kNaN;
    for (std::size_t i = 0; i < metrics.size(); ++i)
        row.metrics[i] = metrics[i].get(r);
    return row;
}

} // namespace

// ---- metrics ------------------------------------------------------------------------------------

const std::vector<SweepMetric>& sweepMetrics()
{
    static const std::vector<SweepMetric> metrics{
        {"step.time_s", MetricKind::Seconds, [](const Result& r) { return r.step.time_s; }},
        {"step.tokens_per_s", MetricKind::TokensPerSecond,
         [](const Result& r) { return r.step.tokens_per_s; }},
        {"step.mfu", MetricKind::Fraction, [](const Result& r) { return r.step.mfu; }},
        {"memory.peak_gpu_bytes", MetricKind::Bytes, [](const Result& r) { return r.memory.peak_gpu_bytes; }},
        {"step.exposed_comm_s", MetricKind::Seconds, [](const Result& r) { return r.step.exposed_comm_s; }},
        {"step.bubble_fraction", MetricKind::Fraction,
         [](const Result& r) { return r.step.bubble_fraction; }},
        {"step.compute_s", MetricKind::Seconds, [](const Result& r) { return r.step.compute_s; }},
        {"step.hfu", MetricKind::Fraction, [](const Result& r) { return r.step.hfu; }},
        {"memory.cpu_bytes_per_node", MetricKind::Bytes,
         [](const Result& r) { return r.memory.cpu_bytes_per_node; }},
        {"memory.nvme_bytes_per_node", MetricKind::Bytes,
         [](const Result& r) { return r.memory.nvme_bytes_per_node; }},
        {"compute.model_flops_per_step", MetricKind::Flops,
         [](const Result& r) { return r.compute.model_flops_per_step; }},
        {"compute.hardware_flops_per_step", MetricKind::Flops,
         [](const Result& r) { return r.compute.hardware_flops_per_step; }},
        {"gpus", MetricKind::Count, [](const Result& r) { return double(r.gpus); }},
        {"params_total", MetricKind::Count, [](const Result& r) { return r.params_total; }},
        {"microbatches", MetricKind::Count, [](const Result& r) { return double(r.microbatches); }},
    };
    return metrics;
}

bool findSweepMetric(std::string_view name, SweepMetric& out, std::string* error)
{
    for (const SweepMetric& m : sweepMetrics()) {
        if (m.name == name) {
            out = m;
            return true;
        }
    }
    if (stageMetric(name, out))
        return true;
    if (error) {
        std::vector<std::string> names;
        for (const SweepMetric& m : sweepMetrics())
            names.push_back(m.name);
        *error = "unknown metric '" + std::string(name) + "'";
        const std::string near = nearestName(name, names);
        if (!near.empty())
            *error += " (did you mean " + near + "?)";
    }
    return false;
}

std::vector<std::string> defaultSweepMetrics()
{
    return {"step.time_s", "memory.peak_gpu_bytes"};
}

Unit metricUnit(MetricKind kind)
{
    switch (kind) {
    case MetricKind::Seconds:
        return Unit::Seconds;
    case MetricKind::Bytes:
        return Unit::Bytes;
    case MetricKind::Fraction:
        return Unit::Fraction;
    case MetricKind::Flops:
        return Unit::Flops;
    case MetricKind::TokensPerSecond:
    case MetricKind::Count:
        return Unit::Count;
    }
    return Unit::None;
}

// ---- parameters ---------------------------------------------------------------------------------

std::vector<SweepParam> sweepParams(const Scenario& scenario)
{
    std::vector<SweepParam> params;
    for (const FieldInfo& field : scenarioFields()) {
        if (!isSweepable(field, scenario))
            continue;
        params.push_back(paramOfField(field));
        if (field.path == "cluster.nodes")
            params.push_back(gpusParam());
    }
    Topology topology;
    if (!scenarioLinks(scenario, topology))
        return params;
    // The kind prefixes of docs/formats.md first (every InfiniBand link), then each full kind that differs
    // from its prefix (only the ib-hdr links), in topology order.
    std::vector<std::string> kinds;
    for (const std::string& prefix : topologyLinkKindPrefixes())
        for (const TopologyLink& link : topology.links)
            if (kindMatches(link.kind, prefix)) {
                kinds.push_back(prefix);
                break;
            }
    for (const TopologyLink& link : topology.links)
        if (std::find(kinds.begin(), kinds.end(), link.kind) == kinds.end())
            kinds.push_back(link.kind);
    for (const std::string& kind : kinds)
        params.push_back(linkParam(kind, true));
    for (const std::string& kind : kinds)
        params.push_back(linkParam(kind, false));
    return params;
}

bool findSweepParam(const Scenario& scenario, std::string_view path, SweepParam& out, std::string* error)
{
    std::string prefix;
    bool bandwidth = false;
    if (splitLinkParam(path, prefix, bandwidth)) {
        Topology topology;
        std::string why;
        if (!scenarioTopology(scenario, topology, &why)) {
            if (error)
                *error = "parameter '" + std::string(path) + "': the cluster cannot be generated: " + why;
            return false;
        }
        const bool any = std::any_of(topology.links.begin(), topology.links.end(),
                                     [&](const TopologyLink& l) { return kindMatches(l.kind, prefix); });
        if (!any) {
            if (error) {
                std::vector<std::string> kinds;
                for (const TopologyLink& l : topology.links)
                    if (std::find(kinds.begin(), kinds.end(), l.kind) == kinds.end())
                        kinds.push_back(l.kind);
                std::string list;
                for (const std::string& k : kinds)
                    list += (list.empty() ? "" : ", ") + k;
                *error =
                    "parameter '" + std::string(path) + "': the topology has no link of kind " + prefix +
                    (list.empty() ? std::string(" (it has no links)") : " (its link kinds: " + list + ")");
            }
            return false;
        }
        out = linkParam(prefix, bandwidth);
        return true;
    }
    if (path == "cluster.gpus") {
        out = gpusParam();
        return true;
    }
    if (const FieldInfo* field = findField(path)) {
        if (field->type != FieldType::Int && field->type != FieldType::Real) {
            if (error)
                *error = "parameter '" + std::string(path) + "' is not numeric; a sweep steps a number";
            return false;
        }
        if (!isSweepable(*field, scenario)) {
            if (error)
                *error =
                    "parameter 'model.params' is derived from a transformer's shape; sweep model.layers or "
                    "model.hidden instead";
            return false;
        }
        out = paramOfField(*field);
        return true;
    }
    if (error) {
        std::vector<std::string> names;
        for (const SweepParam& p : sweepParams(scenario))
            names.push_back(p.path);
        *error = "unknown parameter '" + std::string(path) + "'";
        const std::string near = nearestName(path, names);
        if (!near.empty())
            *error += " (did you mean " + near + "?)";
    }
    return false;
}

double sweepParamValue(const Scenario& scenario, std::string_view param)
{
    std::string prefix;
    bool bandwidth = false;
    if (splitLinkParam(param, prefix, bandwidth))
        return linkValue(scenario, prefix, bandwidth);
    if (param == "cluster.gpus")
        return double(scenario.gpus());
    const FieldInfo* field = findField(param);
    if (!field || (field->type != FieldType::Int && field->type != FieldType::Real))
        return kNaN;
    return field->get(scenario).number;
}

// ---- values -------------------------------------------------------------------------------------

std::vector<double> sweepRange(double a, double b, int n, bool log, const SweepParam& param)
{
    std::vector<double> values;
    if (n < 1 || n > kMaxPoints || !std::isfinite(a) || !std::isfinite(b) || (log && (a <= 0 || b <= 0)))
        return values;
    for (int i = 0; i < n; ++i) {
        const double t = n == 1 ? 0.0 : double(i) / double(n - 1);
        // Geometric steps: a·(b/a)^t, so equal ratios between neighbours; the ends exactly a and b.
        double v = log ? a * std::pow(b / a, t) : a + (b - a) * t;
        if (i == n - 1)
            v = b;
        if (param.type == FieldType::Int)
            v = param.choices.empty() ? std::round(v) : snapToChoice(v, param.choices);
        if (param.type != FieldType::Int || std::find(values.begin(), values.end(), v) == values.end())
            values.push_back(v);
    }
    return values;
}

std::string parseSweepRange(std::string_view text, const SweepParam& param, std::vector<double>& out)
{
    out.clear();
    const std::vector<std::string_view> parts = split(text, ':');
    if (parts.size() != 3 && parts.size() != 4)
        return "expected a range a:b:n or a:b:n:log, got '" + std::string(text) + "'";
    double a = 0;
    double b = 0;
    if (std::string why = parseValue(parts[0], param, a); !why.empty())
        return "range start: " + why;
    if (std::string why = parseValue(parts[1], param, b); !why.empty())
        return "range end: " + why;
    int n = 0;
    const std::string_view count = parts[2];
    const auto [end, ec] = std::from_chars(count.data(), count.data() + count.size(), n);
    if (ec != std::errc() || end != count.data() + count.size() || n < 1 || n > kMaxPoints)
        return "range: expected a number of values from 1 to " + std::to_string(kMaxPoints) + ", got '" +
               std::string(count) + "'";
    bool log = false;
    if (parts.size() == 4) {
        if (parts[3] == "log")
            log = true;
        else if (parts[3] != "lin" && parts[3] != "linear")
            return "range: expected 'log' or 'lin' after the count, got '" + std::string(parts[3]) + "'";
    }
    if (log && (a <= 0 || b <= 0))
        return "range: a logarithmic range needs a start and an end above 0, got " + number(a) + " and " +
               number(b);
    out = sweepRange(a, b, n, log, param);
    return {};
}

std::string parseSweepValues(std::string_view text, const SweepParam& param, std::vector<double>& out)
{
    out.clear();
    const std::vector<std::string_view> parts = split(text, ',');
    if (parts.size() > std::size_t(kMaxPoints))
        return "expected at most " + std::to_string(kMaxPoints) + " values, got " +
               std::to_string(parts.size());
    for (std::size_t i = 0; i < parts.size(); ++i) {
        double v = 0;
        if (std::string why = parseValue(parts[i], param, v); !why.empty()) {
            out.clear();
            return "value " + std::to_string(i + 1) + ": " + why;
        }
        out.push_back(v);
    }
    return {};
}

SweepRangeSpec defaultSweepRange(const Scenario& scenario, const SweepParam& param)
{
    SweepRangeSpec range;
    const double current = sweepParamValue(scenario, param.path);
    const auto clamp = [&](double v) { return std::clamp(v, param.min, param.max); };
    if (param.type == FieldType::Int && !param.choices.empty()) {
        // The field's own choices (grad_comm_bits 1..32): the range snaps to them.
        double a = std::numeric_limits<double>::infinity();
        double b = -a;
        for (const std::string& c : param.choices) {
            double v = 0;
            if (std::from_chars(c.data(), c.data() + c.size(), v).ec == std::errc()) {
                a = std::min(a, v);
                b = std::max(b, v);
            }
        }
        range.from = a;
        range.to = b;
        range.log = a > 0;
        range.steps = std::max<int>(int(param.choices.size()) * 2, 2);
        return range;
    }
    if (param.type == FieldType::Int && param.max - param.min <= 16) {
        range.from = param.min; // zero_stage: every stage
        range.to = param.max;
        range.steps = int(param.max - param.min) + 1;
        range.log = false;
        return range;
    }
    if (param.unit == Unit::Fraction) {
        range.from = param.minExclusive || param.min > 0 ? std::max(param.min, 0.1) : 0.0;
        range.to = std::min(param.max, 1.0);
        range.steps = range.from > 0 ? 10 : 11;
        range.log = false;
        return range;
    }
    const double base = std::isfinite(current) && current > 0 ? current : std::max(param.min, 1.0);
    range.from = clamp(base / 4);
    range.to = clamp(base * 4);
    if (param.minExclusive && range.from <= param.min)
        range.from = base / 4;
    range.log = range.from > 0;
    if (param.type == FieldType::Int) {
        range.from = std::max(std::ceil(range.from), param.min);
        range.to = std::floor(range.to);
        // Powers of two around the current value (dp, micro batch, GPUs): ×2 per step.
        range.steps =
            range.from > 0 ? std::max(2, int(std::lround(std::log2(range.to / range.from))) + 1) : 5;
    } else {
        range.steps = 9;
    }
    if (range.to <= range.from)
        range.steps = 1;
    return range;
}

// ---- applying a value ---------------------------------------------------------------------------

std::string applySweepValue(Scenario& s, std::string_view param, double value)
{
    SweepParam p;
    std::string error;
    if (!findSweepParam(s, param, p, &error))
        return error;
    if (std::string why = checkValue(p, value); !why.empty())
        return p.path + ": " + why;
    std::string prefix;
    bool bandwidth = false;
    if (splitLinkParam(param, prefix, bandwidth))
        return setLinks(s, prefix, bandwidth, value);
    const std::int64_t n = std::llround(value);
    if (param == "cluster.gpus") {
        if (std::string why = setGpuCount(s, n); !why.empty())
            return why;
        return fitDp(s);
    }
    if (param == "cluster.nodes") {
        s.cluster.nodes = n;
        return fitDp(s);
    }
    if (param == "parallel.dp") {
        const std::int64_t tpp = s.parallel.tp * s.parallel.pp;
        if (tpp > 0 && n > std::numeric_limits<std::int64_t>::max() / tpp)
            return "dp " + std::to_string(n) + " is too large";
        if (std::string why = setGpuCount(s, n * tpp); !why.empty())
            return why;
        s.parallel.dp = n;
        return {};
    }
    if (param == "parallel.tp" || param == "parallel.pp") {
        (param == "parallel.tp" ? s.parallel.tp : s.parallel.pp) = n;
        return fitDp(s);
    }
    const FieldInfo* field = findField(param);
    FieldValue v;
    v.number = value;
    return field->set(s, v);
}

// ---- running ------------------------------------------------------------------------------------

SweepResult runSweep(const Scenario& scenario, const SweepSpec& spec, const std::atomic<bool>* cancel)
{
    SweepResult result;
    result.param = spec.param;
    result.geometric = spec.geometric;
    result.metrics = spec.metrics.empty() ? defaultSweepMetrics() : spec.metrics;
    std::vector<SweepMetric> metrics;
    for (const std::string& name : result.metrics) {
        SweepMetric m;
        if (!findSweepMetric(name, m, &result.error))
            return result;
        metrics.push_back(m);
        result.kinds.push_back(m.kind);
    }
    SweepParam param;
    if (!findSweepParam(scenario, spec.param, param, &result.error))
        return result;

    const std::size_t count = spec.values.size();
    result.rows.resize(count);
    std::vector<char> done(count, 0); // not vector<bool>: workers write neighbouring elements at once
    // Each worker takes the next value; evaluate()'s thread-local communication model keeps one cluster's
    // routes across that worker's points (evaluate.cpp), so a sweep of a non-cluster field builds it once
    // each. One worker per core (or spec.threads), at most 64.
    ParallelForOptions parallel;
    const unsigned threads = spec.threads > 0 ? unsigned(spec.threads) : std::thread::hardware_concurrency();
    parallel.threads = std::max(1u, std::min(threads, 64u));
    parallel.cancel = cancel;
    parallelFor(count, parallel, [&](std::size_t i, unsigned) {
        try {
            result.rows[i] = evaluatePoint(scenario, spec.param, spec.values[i], metrics);
        } catch (const std::exception& e) {
            SweepRow row;
            row.value = spec.values[i];
            row.metrics.assign(metrics.size(), kNaN);
            row.problem = std::string("internal error: ") + e.what();
            result.rows[i] = std::move(row);
        }
        done[i] = 1; // distinct elements per worker; read after the workers are done
    });
    if (cancel && cancel->load()) {
        result.cancelled = true;
        // Keep the finished points only, still in value order.
        std::vector<SweepRow> finished;
        for (std::size_t i = 0; i < count; ++i)
            if (done[i])
                finished.push_back(std::move(result.rows[i]));
        result.rows = std::move(finished);
    }
    return result;
}

std::string sweepCsv(const SweepResult& result, std::string_view eol)
{
    std::string out = result.param;
    for (const std::string& m : result.metrics)
        out += "," + m;
    out += eol;
    for (const SweepRow& row : result.rows) {
        out += number(row.value);
        for (const double v : row.metrics) {
            out += ",";
            if (row.valid && std::isfinite(v))
                out += number(v);
        }
        out += eol;
    }
    return out;
}

} // namespace ss
