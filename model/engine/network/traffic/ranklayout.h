// SPDX-License-Identifier: GPL-3.0-or-later
// parallel.rank_order (docs/formats.md, "`parallel`") parsed once: rankCoord() and rankOf() for every rank
// of a large cluster would otherwise parse it per rank. Inline, as the traffic kinds ask per rank.
#pragma once

#include "comm.h"

#include <array>
#include <cstdint>
#include <string>

namespace ss {

// The three dimensions innermost first, as indices 0 = tp, 1 = dp, 2 = pp; the default order when ORDER
// does not name tp, dp and pp once each.
std::array<int, 3> dimensionOrder(const std::string& order);
// tp, dp and pp, each at least 1.
std::array<std::int64_t, 3> parallelSizes(const ParallelSpec& p);

struct RankLayout
{
    std::array<int, 3> dims;
    std::array<std::int64_t, 3> n; // tp, dp, pp

    explicit RankLayout(const ParallelSpec& parallel)
        : dims(dimensionOrder(parallel.rank_order)), n(parallelSizes(parallel))
    {
    }

    RankCoord coord(std::int64_t rank) const
    {
        std::array<std::int64_t, 3> c{};
        for (int d : dims) {
            c[std::size_t(d)] = rank % n[std::size_t(d)];
            rank /= n[std::size_t(d)];
        }
        return {c[0], c[1], c[2]};
    }

    std::int64_t rank(const RankCoord& c) const
    {
        const std::array<std::int64_t, 3> coord{c.tp, c.dp, c.pp};
        std::int64_t r = 0;
        std::int64_t stride = 1;
        for (int d : dims) {
            r += coord[std::size_t(d)] * stride;
            stride *= n[std::size_t(d)];
        }
        return r;
    }
};

} // namespace ss
