// SPDX-License-Identifier: GPL-3.0-or-later
// Two results side by side, a what-if tool: a pinned baseline against the current scenario.
// Which figures are compared, in which unit, and which direction is better, plus the delta arithmetic:
// pure, so the window, the exports and the CLI all say the same thing about the same pair of results.
#pragma once

#include "result.h"
#include "units.h"

#include <optional>
#include <string>
#include <vector>

namespace ss {

// Which way a figure should move. Neither: the figure describes the workload or the layout (parameters,
// GPUs, FLOPs per step); a change in it is neither a gain nor a loss.
enum class Better
{
    Lower,
    Higher,
    Neither
};

enum class Verdict
{
    Better,
    Worse,
    Same,    // equal, up to rounding noise
    Neutral, // changed, but the figure has no better direction, or one side lacks it
};

// One compared figure. ID is its path in the result JSON (docs/formats.md, "Result of eval").
struct FigureSpec
{
    std::string id;
    Unit unit = Unit::None;
    Better better = Better::Neither;
    std::string label; // English, for the CLI; the window translates by id
};

struct FigureDelta
{
    std::string id;
    Unit unit = Unit::None;
    Better better = Better::Neither;
    double baseline = 0;
    double current = 0;
    bool in_baseline = true; // false: the baseline result lacks it (no simulated step, no such stage)
    bool in_current = true;
    double delta = 0;               // current − baseline; 0 when either side lacks the figure
    std::optional<double> relative; // delta / |baseline|; absent when the baseline is 0 or lacks it
    Verdict verdict = Verdict::Same;
};

// The headline figures, in the order the views list them: the step, memory, then the workload.
const std::vector<FigureSpec>& comparedFigures();
// The spec of figure ID (headline figures and "memory.per_gpu[N].FIELD"); empty for an unknown id.
std::optional<FigureSpec> figureSpec(const std::string& id);

// Compares one figure: the delta, the relative change and the verdict.
FigureDelta compareFigure(const FigureSpec& spec, double baseline, double current, bool inBaseline = true,
                          bool inCurrent = true);

// Every headline figure of CURRENT against BASELINE; then, when both have the same number of pipeline
// stages, each stage's memory (memory.per_gpu[N].params, .grads, .optimizer, .activations, .buffers, .total).
// With different stage counts a stage index names different layers on each side, so stages are not paired.
std::vector<FigureDelta> compareResults(const Result& baseline, const Result& current);

// The delta of ID in DELTAS; nullptr when it is not there.
const FigureDelta* findDelta(const std::vector<FigureDelta>& deltas, const std::string& id);

} // namespace ss
