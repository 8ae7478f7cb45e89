// SPDX-License-Identifier: GPL-3.0-or-later
#include "linkclasses.h"

#include <algorithm>
#include <map>
#include <tuple>

namespace ss {

std::vector<LinkClass> linkClasses(const std::vector<CommLink>& links)
{
    std::vector<LinkClass> out;
    std::map<std::tuple<std::string, double, double>, std::size_t> index;
    for (std::size_t i = 0; i < links.size(); ++i) {
        const CommLink& l = links[i];
        const auto key = std::make_tuple(l.kind, l.bandwidth_Bps, l.efficiency);
        auto it = index.find(key);
        if (it == index.end()) {
            it = index.emplace(key, out.size()).first;
            LinkClass c;
            c.kind = l.kind;
            c.bandwidth_Bps = l.bandwidth_Bps;
            c.efficiency = l.efficiency;
            c.busiest = i;
            out.push_back(c);
        }
        LinkClass& c = out[it->second];
        ++c.links;
        c.bytes_per_step_sum += l.bytes_per_step;
        c.utilization_mean += l.utilization; // divided below
        if (l.busy_s > links[c.busiest].busy_s)
            c.busiest = i;
        c.bytes_per_step_max = std::max(c.bytes_per_step_max, l.bytes_per_step);
        c.busy_s_max = std::max(c.busy_s_max, l.busy_s);
        c.utilization_max = std::max(c.utilization_max, l.utilization);
    }
    for (LinkClass& c : out)
        c.utilization_mean /= double(c.links);
    return out;
}

} // namespace ss
