// SPDX-License-Identifier: GPL-3.0-or-later
#include "explain.h"

#include <algorithm>
#include <cstdio>

namespace ss {

std::string explainNumber(double value)
{
    char buf[40];
    std::snprintf(buf, sizeof buf, "%.4g", value);
    return buf;
}

std::string explainPath(const char* array, std::size_t index, const char* part)
{
    return std::string(array) + "[" + std::to_string(index) + "]." + part;
}

std::string explainSum(const std::vector<std::string>& terms, const std::vector<double>& values,
                       std::size_t maxTerms, const char* unit)
{
    if (terms.empty())
        return "0";
    std::string out;
    const std::size_t shown = std::min(terms.size(), maxTerms);
    for (std::size_t i = 0; i < shown; ++i)
        out += (i ? " + " : "") + terms[i];
    if (terms.size() > shown) {
        double rest = 0;
        for (std::size_t i = shown; i < terms.size() && i < values.size(); ++i)
            rest += values[i];
        out += " + " + explainNumber(rest) + unit;
    }
    return out;
}

namespace {

using N = std::string;

N num(double v)
{
    return explainNumber(v);
}

// The cost model's sources, as the explanations print them (eval --explain: kept word for word).
constexpr const char* kRingSource = "Thakur et al., IJHPCA 2005 §4 (ring); nccl-tests doc/PERFORMANCE.md";
constexpr const char* kTreeSource =
    "NCCL double binary tree (Sanders et al., Parallel Computing 2009); NCCL 2.4 release notes";
constexpr const char* kHierarchicalSource =
    "hierarchical all-reduce (Jia et al. 2018, arXiv:1807.11205); Thakur et al., IJHPCA 2005 §4";
constexpr const char* kNvlsSource =
    "NCCL NVLS (NVLink SHARP); NVIDIA/nccl-tests#212 (e = 275/370 on NVLink 4; 0.622 on NVLink 5: "
    "NVIDIA/nccl#1807, coreweave/nccl-tests#43)";
constexpr const char* kDirectSource = "Thakur et al., IJHPCA 2005 §3";
constexpr const char* kCopySource =
    "alpha-beta model (Hockney, Parallel Computing 1994): latency + bytes / bandwidth";
constexpr const char* kAlphaSource =
    "alpha-beta model (Hockney, Parallel Computing 1994); Thakur et al., IJHPCA 2005 §2";
constexpr const char* kBusBwSource = "nccl-tests doc/PERFORMANCE.md (bus bandwidth)";
constexpr const char* kLinkSource =
    "docs/engine-model.md \"Collectives\": routing matrix × flow sizes, fluid bottleneck model";

bool copyAlgorithm(const std::string& algorithm)
{
    return algorithm == "p2p" || algorithm == "parameter-server" || algorithm == "copy";
}

// The textbook bytes-per-link factor c of a single-phase algorithm as the formula writes it, with n
// substituted ("2 × 7 / 8 × "); "" where the formula has no c.
N volumeText(const CommCollective& row, const CollectivePhase& phase)
{
    const N n = std::to_string(row.ranks);
    const N n1 = std::to_string(std::max<std::int64_t>(row.ranks - 1, 0));
    if (row.algorithm == "ring") {
        if (row.op == "allreduce")
            return "2 × " + n1 + " / " + n + " × ";
        if (row.op == "allgather" || row.op == "reducescatter")
            return n1 + " / " + n + " × ";
        return "";
    }
    if (row.algorithm == "tree" || row.algorithm == "nvls" || copyAlgorithm(row.algorithm))
        return "";
    return num(phase.volume) + " × ";
}

const char* timeFormula(const CommCollective& row, const char** source)
{
    if (row.phase_count > 1 || row.algorithm == "hierarchical") {
        *source = kHierarchicalSource;
        return "hierarchical: t = α + Σ_j r_j · c_j · S · f_j / (B_j·η_j)";
    }
    if (row.algorithm == "ring") {
        *source = kRingSource;
        if (row.op == "allreduce")
            return "ring all-reduce: t = α + 2(n−1)/n · S · f / (B·η)";
        if (row.op == "allgather")
            return "ring all-gather: t = α + (n−1)/n · S · f / (B·η)";
        if (row.op == "reducescatter")
            return "ring reduce-scatter: t = α + (n−1)/n · S · f / (B·η)";
        return "ring (chain) broadcast/reduce: t = α + S · f / (B·η)";
    }
    if (row.algorithm == "tree") {
        *source = kTreeSource;
        return "tree all-reduce: t = α + S · f / (B·η)";
    }
    if (row.algorithm == "nvls") {
        *source = kNvlsSource;
        return "NVLS all-reduce: t = α + S · f / (B·η·e)";
    }
    if (copyAlgorithm(row.algorithm)) {
        *source = kCopySource;
        return "point-to-point copies: t = α + S · f / (B·η)";
    }
    *source = kDirectSource;
    return "direct: t = α + c · S · f / (B·η)";
}

// One phase's bandwidth term, "c × S × f / (B × η)": f is the share of the phase's traffic c·S that its
// busiest link carries (1 for one ring over one kind of link).
N phaseTerm(const CommCollective& row, const CollectivePhase& phase, bool withVolume)
{
    const double traffic = phase.volume * row.bytes;
    const double f = traffic > 0 ? phase.bytes / traffic : 0;
    const double eta = phase.bandwidth_Bps > 0 ? phase.effective_Bps / phase.bandwidth_Bps : 0;
    N text = withVolume ? num(phase.volume) + " × " : volumeText(row, phase);
    text += num(row.bytes) + " B × " + num(f) + " / (" + num(phase.bandwidth_Bps) + " B/s × " + num(eta);
    if (phase.factor != 1)
        text += " × " + num(phase.factor);
    return text + ")";
}

} // namespace

void explainCollective(std::vector<Explanation>& out, std::size_t index, const CommCollective& row,
                       const CollectiveText& text)
{
    const char* const array = "comm.collectives";
    const char* source = "";
    const char* formula = timeFormula(row, &source);
    N substituted = num(row.alpha_s) + " s";
    if (row.phase_count == 1) {
        substituted += " + " + phaseTerm(row, row.phases[0], false);
    } else {
        for (int i = 0; i < row.phase_count; ++i) {
            const CollectivePhase& phase = row.phases[std::size_t(i)];
            substituted += " + " + std::to_string(phase.repeat) + " × " + phaseTerm(row, phase, true);
        }
    }
    out.push_back({explainPath(array, index, "time_s"), formula, substituted, row.time_s, "s", source});

    // The latency: one phase of k steps each as slow as the slowest route, else the phases' sum.
    if (row.phase_count == 1 && row.phases[0].repeat == 1 && row.phases[0].steps > 0) {
        const CollectivePhase& phase = row.phases[0];
        out.push_back({explainPath(array, index, "alpha_s"), "α = k · l",
                       num(phase.steps) + " × " + num(phase.alpha_s / phase.steps) + " s", row.alpha_s, "s",
                       kAlphaSource});
    } else {
        std::vector<N> terms;
        for (int i = 0; i < row.phase_count; ++i) {
            const CollectivePhase& phase = row.phases[std::size_t(i)];
            terms.push_back(std::to_string(phase.repeat) + " × " + num(phase.alpha_s) + " s");
        }
        out.push_back({explainPath(array, index, "alpha_s"), "α = Σ_j r_j · α_j", explainSum(terms, {}),
                       row.alpha_s, "s", kAlphaSource});
    }

    // nccl-tests' bus bandwidth: the algorithm bandwidth S/t times the op's factor.
    const char* busFormula = "busbw = S / t";
    N factor;
    const N n = std::to_string(row.ranks);
    const N n1 = std::to_string(std::max<std::int64_t>(row.ranks - 1, 0));
    if (!copyAlgorithm(row.algorithm) && row.op == "allreduce") {
        busFormula = "busbw = S / t · 2(n−1)/n";
        factor = " × 2 × " + n1 + " / " + n;
    } else if (!copyAlgorithm(row.algorithm) && (row.op == "allgather" || row.op == "reducescatter")) {
        busFormula = "busbw = S / t · (n−1)/n";
        factor = " × " + n1 + " / " + n;
    }
    out.push_back({explainPath(array, index, "busbw_Bps"), busFormula,
                   num(row.bytes) + " B / " + num(row.time_s) + " s" + factor, row.busbw_Bps, "B/s",
                   kBusBwSource});

    out.push_back({explainPath(array, index, "bytes"), text.bytesFormula, text.bytesSubstituted, row.bytes,
                   "B", text.bytesSource});
    out.push_back({explainPath(array, index, "count_per_step"), text.countFormula, text.countSubstituted,
                   double(row.count_per_step), "", text.countSource});
    out.push_back({explainPath(array, index, "ranks"), text.ranksFormula, text.ranksSubstituted,
                   double(row.ranks), "", text.groupSource});
    out.push_back({explainPath(array, index, "groups"), text.groupsFormula, text.groupsSubstituted,
                   double(row.groups), "", text.groupSource});
}

void explainLink(std::vector<Explanation>& out, std::size_t index, const CommLink& link,
                 const std::vector<LinkTerm>& terms)
{
    std::vector<N> texts;
    std::vector<double> values;
    for (const LinkTerm& t : terms) {
        texts.push_back(num(t.count) + " × " + num(t.bytes) + " B");
        values.push_back(t.count * t.bytes);
    }
    out.push_back({explainPath("comm.links", index, "bytes_per_step"), "x = Σ_c n_c · x_c",
                   explainSum(texts, values, 12, " B"), link.bytes_per_step, "B", kLinkSource});
    out.push_back({explainPath("comm.links", index, "busy_s"), "busy = x / (B · η)",
                   num(link.bytes_per_step) + " B / (" + num(link.bandwidth_Bps) + " B/s × " +
                       num(link.efficiency) + ")",
                   link.busy_s, "s", kLinkSource});
}

void explainSerialTime(std::vector<Explanation>& out, const CommResult& comm)
{
    std::vector<N> texts;
    std::vector<double> values;
    for (const CommCollective& c : comm.collectives) {
        texts.push_back(std::to_string(c.count_per_step) + " × " + num(c.time_s) + " s");
        values.push_back(double(c.count_per_step) * c.time_s);
    }
    out.push_back(
        {"comm.serial_time_s", "Σ_c n_c · t_c", explainSum(texts, values, 12, " s"), comm.serial_time_s, "s",
         "docs/formats.md \"Result of eval\" (comm): every call one after another, nothing overlapped"});
}

} // namespace ss
