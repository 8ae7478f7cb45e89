// SPDX-License-Identifier: GPL-3.0-or-later
// Pipeline parallel: per microbatch and stage boundary the activation forward and its gradient backward,
// b·s·h elements, each tp rank sending its 1/t share (Narayanan et al., SC'21 §4.1, scatter/gather).
// Interleaving sends v times as often, and its last stage sends on to the first. All boundaries of all
// pipelines send at once.
#include "traffic.h"

namespace ss {

Traffic pipelineParallelTraffic(const TrafficContext& c)
{
    Traffic out;
    const auto& n = c.layout.n;
    if (!(n[2] > 1))
        return out;
    const double size = c.b * c.s * c.h * c.actBytes / double(n[0]);
    const double perDirection = double(c.m * c.v);
    const bool wrap = c.v > 1; // interleaving wraps around, the last stage sending on to the first
    // The activations forward; their gradients go back the same way turned round.
    const auto sends = [&] {
        std::vector<Transfer> list;
        for (const auto& pipe : c.groups.pp) {
            const std::size_t stagesCount = pipe.size();
            const std::size_t boundaries = wrap ? stagesCount : stagesCount - 1;
            for (std::size_t i = 0; i < boundaries; ++i)
                list.push_back(Transfer{c.gpuOf(pipe[i]), c.gpuOf(pipe[(i + 1) % stagesCount]), size});
        }
        return list;
    };
    auto [fwd, bwd] = c.transfersBothWays(CommCache::Call::PpForward, CommCache::Call::PpBackward, size,
                                          wrap ? 1 : 0, sends);
    // The row shows the slower direction; both directions load the links. It shares the direction's link
    // loads only when drawing reads them.
    CollectiveResult slower = fwd.time_s >= bwd.time_s ? fwd : bwd;
    if (!c.rowLinks)
        slower.links.clear();
    slower.ranks = int(n[2]);
    slower.groups = int(c.groups.pp.size());
    out.add({.group = "pp",
             .op = "sendrecv",
             .bytes = size,
             .count = 2 * perDirection,
             .result = std::move(slower),
             .text = TrafficText::PipelineParallel,
             .algorithm = "p2p",
             .loadsLinks = false});
    if (fwd.ok() && bwd.ok()) {
        out.loads.push_back({std::move(fwd), perDirection});
        out.loads.push_back({std::move(bwd), perDirection});
    }
    return out;
}

} // namespace ss
