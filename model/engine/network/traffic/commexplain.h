// SPDX-License-Identifier: GPL-3.0-or-later
// Why a traffic row (traffic.h) moves its bytes that often, in groups of that many ranks: the formulas,
// their numbers and their sources, from the figures the traffic kinds computed the row with. Called only
// when the caller asks for explanations (explain.h).
#pragma once

#include "explain.h"
#include "traffic.h"

namespace ss {

CollectiveText trafficText(const TrafficContext& c, const TrafficRow& row);

} // namespace ss
