// SPDX-License-Identifier: GPL-3.0-or-later
// Expert parallel (GShard, Lepikhin et al., ICLR'21 §2.2; Megatron-Core's MoE token dispatcher): every MoE
// layer sends each token's hidden state to the ranks of its k experts (dispatch) and brings the results
// back (combine), one all-to-all each over the ep group, in the forward and again in the backward for the
// gradients; full recompute repeats the forward pair. With tp > 1 Megatron-Core needs sequence parallelism
// for MoE, so each rank dispatches its b·s/(cp·t) tokens. The busiest rank moves the load factor times the
// mean (the capacity factor, or the imbalance of dropless routing).
#include "traffic.h"

#include <algorithm>
#include <vector>

namespace ss {

double expertCallsPerLayer(const Scenario& scenario)
{
    return scenario.training.recompute == Recompute::Full ? 6 : 4;
}

std::int64_t expertGroupHosts(const TrafficContext& c)
{
    std::vector<int> hosts;
    if (!c.groups.ep.empty())
        for (int rank : c.groups.ep.front()) {
            const int host = c.model.graph().devices()[std::size_t(c.gpuOf(rank))].host;
            if (std::find(hosts.begin(), hosts.end(), host) == hosts.end())
                hosts.push_back(host);
        }
    return std::int64_t(std::max<std::size_t>(hosts.size(), 1));
}

Traffic expertParallelTraffic(const TrafficContext& c)
{
    Traffic out;
    if (c.groups.ep.empty() || c.maxMoeLayers <= 0)
        return out;
    const double size = expertAllToAllBytes(c.scenario, expertGroupHosts(c));
    const double count = expertCallsPerLayer(c.scenario) * double(c.maxMoeLayers) * double(c.m);
    out.add({.group = "ep",
             .op = collectiveOpName(CollectiveOp::AllToAll),
             .bytes = size,
             .count = count,
             .result = c.collective(CommCache::Call::Ep, CollectiveOp::AllToAll, size),
             .text = TrafficText::ExpertAllToAll});
    return out;
}

} // namespace ss
