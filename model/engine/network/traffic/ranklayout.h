// SPDX-License-Identifier: GPL-3.0-or-later
// parallel.rank_order (docs/formats.md, "`parallel`") parsed once: rankCoord() and rankOf() for every rank
// of a large cluster would otherwise parse it per rank. Inline, as the traffic kinds ask per rank.
// Context-parallel ranks sit next to the tensor-parallel ones (Megatron-Core's order tp-cp-ep-dp-pp); the
// expert layout re-reads the tp × cp × dp ranks of a pipeline stage as etp × ep × edp, innermost first.
#pragma once

#include "comm.h"

#include <array>
#include <cstdint>
#include <string>

namespace ss {

// The four dimensions innermost first, as indices 0 = tp, 1 = dp, 2 = pp, 3 = cp (always right outside tp);
// the default order when ORDER does not name tp, dp and pp once each.
std::array<int, 4> dimensionOrder(const std::string& order);
// tp, dp, pp and cp, each at least 1.
std::array<std::int64_t, 4> parallelSizes(const ParallelSpec& p);

struct RankLayout
{
    std::array<int, 4> dims;
    std::array<std::int64_t, 4> n; // tp, dp, pp, cp
    std::int64_t etp = 1;          // expert tensor parallel
    std::int64_t ep = 1;           // expert parallel
    std::int64_t edpSize = 1;      // expert data parallel (ParallelSpec::expertDataParallel)

    explicit RankLayout(const ParallelSpec& parallel)
        : dims(dimensionOrder(parallel.rank_order)), n(parallelSizes(parallel)),
          etp(std::max<std::int64_t>(parallel.expertTp(), 1)), ep(std::max<std::int64_t>(parallel.ep, 1)),
          edpSize(parallel.expertDataParallel())
    {
    }

    std::int64_t ranks() const { return n[0] * n[1] * n[2] * n[3]; }
    // Ranks a pipeline stage's replicas of the dense weights span: data parallel times context parallel.
    std::int64_t dpcp() const { return n[1] * n[3]; }
    // Expert data parallel: the replicas of one expert shard, tp · cp · dp / (etp · ep).
    std::int64_t edp() const { return edpSize; }

    RankCoord coord(std::int64_t rank) const
    {
        std::array<std::int64_t, 4> c{};
        for (int d : dims) {
            c[std::size_t(d)] = rank % n[std::size_t(d)];
            rank /= n[std::size_t(d)];
        }
        return {c[0], c[1], c[2], c[3]};
    }

    std::int64_t rank(const RankCoord& c) const
    {
        const std::array<std::int64_t, 4> coord{c.tp, c.dp, c.pp, c.cp};
        std::int64_t r = 0;
        std::int64_t stride = 1;
        for (int d : dims) {
            r += coord[std::size_t(d)] * stride;
            stride *= n[std::size_t(d)];
        }
        return r;
    }

    // The rank at position I (0 ≤ I < tp·cp·dp) of pipeline stage PP's block, tp innermost, then cp, then dp.
    std::int64_t blockRank(std::int64_t i, std::int64_t pp) const
    {
        return rank({i % n[0], i / (n[0] * n[3]), pp, (i / n[0]) % n[3]});
    }
    // The position in a stage's block of expert coordinates (etp, ep, edp), etp innermost.
    std::int64_t expertPosition(std::int64_t etpIndex, std::int64_t epIndex, std::int64_t edpIndex) const
    {
        return etpIndex + etp * (epIndex + ep * edpIndex);
    }
};

} // namespace ss
