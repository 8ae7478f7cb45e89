// SPDX-License-Identifier: GPL-3.0-or-later
#include "linkclasses.h"

#include <algorithm>
#include <map>
#include <tuple>

namespace ss {

std::vector<CommLinkClass> linkClasses(const std::vector<CommLink>& links)
{
    std::vector<CommLinkClass> out;
    std::vector<std::size_t> busiest;
    std::map<std::tuple<std::string, double, double>, std::size_t> index;
    for (std::size_t i = 0; i < links.size(); ++i) {
        const CommLink& l = links[i];
        const auto key = std::make_tuple(l.kind, l.bandwidth_Bps, l.efficiency);
        auto it = index.find(key);
        if (it == index.end()) {
            it = index.emplace(key, out.size()).first;
            CommLinkClass c;
            c.kind = l.kind;
            c.bandwidth_Bps = l.bandwidth_Bps;
            c.efficiency = l.efficiency;
            out.push_back(c);
            busiest.push_back(i);
        }
        CommLinkClass& c = out[it->second];
        ++c.links;
        c.bytes_per_step_sum += l.bytes_per_step;
        c.utilization_mean += l.utilization; // divided below
        if (l.busy_s > links[busiest[it->second]].busy_s)
            busiest[it->second] = i;
        c.bytes_per_step_max = std::max(c.bytes_per_step_max, l.bytes_per_step);
        c.busy_s_max = std::max(c.busy_s_max, l.busy_s);
        c.utilization_max = std::max(c.utilization_max, l.utilization);
    }
    for (std::size_t k = 0; k < out.size(); ++k) {
        out[k].utilization_mean /= double(out[k].links);
        out[k].busiest_link = links[busiest[k]].id;
    }
    return out;
}

void classUtilisation(CommLinkClass& linkClass, double T)
{
    // The same sum, in the same order, as linkClasses() over the links' utilization.
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
