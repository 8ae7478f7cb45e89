// SPDX-License-Identifier: GPL-3.0-or-later
// The step's link loads summarised by class (docs/formats.md, "Result of eval": comm.link_classes): a
// cluster of a hundred thousand GPUs has millions of links, most of them copies of a few kinds carrying
// the same load, and a row for each is more than a reader (or a JSON parser) wants.
#pragma once

#include "result.h"

#include <cstdint>
#include <string>
#include <vector>

namespace ss {

// Past this many loaded links (a cluster of about 16,000 GPUs), `shardscope-cli eval` prints the classes and
// one row per class (its busiest link, and the step's bottleneck link) instead of every link; --all-links
// prints every link, --max-link-rows N moves the threshold.
constexpr std::size_t kLinkRowsThreshold = 65536;

// The links of one kind and bandwidth (per direction, bonded links together) and efficiency.
struct LinkClass
{
    std::string kind;
    double bandwidth_Bps = 0;
    double efficiency = 1;
    std::int64_t links = 0;        // loaded links of the class
    double bytes_per_step_max = 0; // the busiest link's
    double bytes_per_step_sum = 0; // over the class
    double busy_s_max = 0;
    double utilization_max = 0;
    double utilization_mean = 0;
    std::size_t busiest = 0; // index into the links of the busiest
};

// The classes of LINKS in order of first appearance (topology order).
std::vector<LinkClass> linkClasses(const std::vector<CommLink>& links);

} // namespace ss
