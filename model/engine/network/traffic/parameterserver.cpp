// SPDX-License-Identifier: GPL-3.0-or-later
// Data parallel through parameter servers (Li et al., "Scaling Distributed Machine Learning with the
// Parameter Server", OSDI'14): workers push their gradients to and pull their weights from ps_servers
// servers, each holding a 1/S shard. Every GPU pushes at once, so one server's NIC takes all workers'
// shards: more servers relieve it.
#include "traffic.h"

#include <algorithm>

namespace ss {

Traffic parameterServerTraffic(const TrafficContext& c)
{
    Traffic out;
    if (!c.parameterServerAsked)
        return out;
    if (c.servers.empty()) {
        warn(out.warnings, "comm.no_parameter_servers",
             "dp_sync is parameter-server but the topology has no device of kind ps; the gradients are "
             "all-reduced instead");
        return out;
    }
    const ParallelSpec& par = c.scenario.parallel;
    const std::size_t count =
        std::min<std::size_t>(c.servers.size(), std::size_t(std::max<std::int64_t>(par.ps_servers, 1)));
    if (std::int64_t(count) < par.ps_servers)
        warn(out.warnings, "comm.parameter_servers",
             "ps_servers is " + std::to_string(par.ps_servers) + " but the topology has " +
                 std::to_string(c.servers.size()) + "; the servers it has are used",
             {std::to_string(par.ps_servers), std::to_string(c.servers.size())});
    std::vector<Transfer> push;
    std::vector<Transfer> pull;
    for (std::int64_t r = 0; r < c.ranks; ++r) {
        const double psi = c.stages[std::size_t(c.layout.coord(r).pp)].per_gpu;
        for (std::size_t j = 0; j < count; ++j) {
            push.push_back({c.gpuOf(int(r)), c.servers[j], psi * c.gradBytes / double(count)});
            pull.push_back({c.servers[j], c.gpuOf(int(r)), psi * c.state.weights / double(count)});
        }
    }
    CollectiveResult up = c.model.transfers(push);
    CollectiveResult down = c.model.transfers(pull);
    for (CollectiveResult* r : {&up, &down}) {
        r->ranks = int(c.layout.n[1]);
        r->groups = int(c.groups.dp.size());
    }
    out.add({.group = "dp",
             .op = "push",
             .bytes = c.psiMax * c.gradBytes,
             .count = 1,
             .result = std::move(up),
             .text = TrafficText::ParameterServerPush,
             .algorithm = "parameter-server"});
    out.add({.group = "dp",
             .op = "pull",
             .bytes = c.psiMax * c.state.weights,
             .count = 1,
             .result = std::move(down),
             .text = TrafficText::ParameterServerPull,
             .algorithm = "parameter-server"});
    return out;
}

} // namespace ss
