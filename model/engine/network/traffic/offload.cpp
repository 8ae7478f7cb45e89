// SPDX-License-Identifier: GPL-3.0-or-later
// Offload (ZeRO-Offload, Ren et al., ATC'21 §4): each rank copies its 1/N_d gradient share to the host and
// its updated 16-bit weights back, 4 bytes per parameter at least; ZeRO-Infinity's parameter offload
// (Rajbhandari et al., SC'21) fetches the weights for every forward and backward.
#include "traffic.h"

namespace ss {

Traffic offloadTraffic(const TrafficContext& c)
{
    Traffic out;
    const ParallelSpec& par = c.scenario.parallel;
    const bool offOpt = par.offload_optimizer != Offload::None && c.zero >= 1;
    const bool offParams = par.offload_params != Offload::None && c.zero == 3;
    if (!offOpt && !offParams)
        return out;
    Router& router = c.model.router();
    bool missingNvme = false;
    const auto hostSide = [&](int gpu, Offload where) {
        int target = -1;
        if (where == Offload::Nvme) {
            target = router.nearestInHost(gpu, DeviceKind::Nvme);
            missingNvme = missingNvme || target < 0;
        }
        return target >= 0 ? target : router.nearestInHost(gpu, DeviceKind::Cpu);
    };
    const auto copies = [&](bool toHost, double perParam, Offload where) {
        std::vector<Transfer> list;
        for (std::int64_t r = 0; r < c.ranks; ++r) {
            const double psi = c.stages[std::size_t(c.layout.coord(r).pp)].per_gpu / double(c.layout.dpcp());
            const int gpu = c.gpuOf(int(r));
            const int host = hostSide(gpu, where);
            if (host < 0)
                continue;
            list.push_back(toHost ? Transfer{gpu, host, psi * perParam}
                                  : Transfer{host, gpu, psi * perParam});
        }
        CollectiveResult r = c.model.transfers(list);
        r.ranks = 1; // each GPU copies its own share; the groups are the GPUs copying at once
        r.groups = int(list.size());
        return r;
    };
    const double shareMax = c.psiMax / double(c.layout.dpcp());
    const auto row = [&](const char* op, double bytes, double count, CollectiveResult r, TrafficText text) {
        out.add({.group = "offload",
                 .op = op,
                 .bytes = bytes,
                 .count = count,
                 .result = std::move(r),
                 .text = text,
                 .algorithm = "copy"});
    };
    if (offOpt) {
        CollectiveResult d2h = copies(true, c.state.grads, par.offload_optimizer);
        CollectiveResult h2d = copies(false, c.state.weights, par.offload_optimizer);
        row("d2h", shareMax * c.state.grads, c.rsCount, std::move(d2h), TrafficText::OffloadToHost);
        row("h2d", shareMax * c.state.weights, 1, std::move(h2d), TrafficText::OffloadToDevice);
    }
    if (offParams) {
        row("h2d", shareMax * c.state.weights, 2.0 * double(c.m),
            copies(false, c.state.weights, par.offload_params), TrafficText::OffloadToDevice);
    }
    if (missingNvme)
        warn(out.warnings, "comm.no_nvme",
             "offload to NVMe, but the topology has no nvme device next to the GPUs; the copies are routed "
             "to the CPU");
    return out;
}

} // namespace ss
