// SPDX-License-Identifier: GPL-3.0-or-later
// The step's link loads summarised by class (docs/formats.md, "Result of eval": comm.link_classes): a
// cluster of a hundred thousand GPUs has millions of links, most of them copies of a few kinds carrying
// the same load, and a row for each is more than a reader (or a JSON parser) wants.
#pragma once

#include "result.h"

#include <cstddef>

namespace ss {

// Past this many loaded links (a cluster of about 16,000 GPUs), `shardscope-cli eval` prints the classes and
// one row per class (its busiest link, and the step's bottleneck link) instead of every link; --all-links
// prints every link, --max-link-rows N moves the threshold.
constexpr std::size_t kLinkRowsThreshold = 65536;

// Sets CLASS's utilization_max and utilization_mean from its links' busy_s over the step T, each capped at 1
// as CommLink::utilization is, and clears busy_s.
void classUtilisation(CommLinkClass& linkClass, double T);

} // namespace ss
