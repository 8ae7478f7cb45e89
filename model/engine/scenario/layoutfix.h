// SPDX-License-Identifier: GPL-3.0-or-later
// Fixes of a parallel layout that does not cover the cluster (dp × tp × pp × cp ≠ GPUs): each changes one
// parallel degree so that the product equals the GPU count again.
#pragma once

#include "scenario.h"

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace ss {

struct FieldFix
{
    std::string path;       // the field to change: "parallel.dp"
    std::int64_t value = 0; // its new value
    std::size_t problems =
        0; // what validateScenario() still finds after the change (0: the scenario is valid)
};

// Every single-degree change (parallel.dp, .tp, .pp, .cp, in that order) that makes the layout cover the
// cluster's GPUs, leaving KEEP alone (the field the user just set); those leaving fewer problems first. Empty
// when the layout already covers the cluster or no single degree can.
std::vector<FieldFix> layoutFixes(const Scenario& scenario, std::string_view keep = {});

} // namespace ss
