// SPDX-License-Identifier: GPL-3.0-or-later
#include "linkclasses.h"

#include <algorithm>

namespace ss {

void classUtilisation(CommLinkClass& linkClass, double T)
{
    // Each link's utilisation as linkUtilisation() (stepsim) sets CommLink::utilization, summed in topology
    // order.
    double max = 0;
    double sum = 0;
    for (const double busy : linkClass.busy_s) {
        const double u = std::clamp(busy / T, 0.0, 1.0);
        max = std::max(max, u);
        sum += u;
    }
    linkClass.utilization_max = max;
    linkClass.utilization_mean = linkClass.links > 0 ? sum / double(linkClass.links) : 0;
    linkClass.busy_s.clear();
    linkClass.busy_s.shrink_to_fit();
}

} // namespace ss
