// SPDX-License-Identifier: GPL-3.0-or-later
// What a chart keeps of a step's collectives: every figure, without the link ids and rings a highlight
// draws (the canvas takes those from the document's result). On a large cluster one collective loads a
// million links, so a chart that copied them would spend its frame on strings it never reads.
#pragma once

#include "result.h"

#include <vector>

namespace ss {

inline std::vector<CommCollective> collectiveFigures(const std::vector<CommCollective>& collectives)
{
    std::vector<CommCollective> out;
    out.reserve(collectives.size());
    for (const CommCollective& c : collectives) {
        CommCollective& f = out.emplace_back();
        f.group = c.group;
        f.op = c.op;
        f.bytes = c.bytes;
        f.count_per_step = c.count_per_step;
        f.time_s = c.time_s;
        f.alpha_s = c.alpha_s;
        f.algorithm = c.algorithm;
        f.bottleneck_link = c.bottleneck_link;
        f.ranks = c.ranks;
        f.groups = c.groups;
        f.busbw_Bps = c.busbw_Bps;
        f.phases = c.phases;
        f.phase_count = c.phase_count;
    }
    return out;
}

} // namespace ss
