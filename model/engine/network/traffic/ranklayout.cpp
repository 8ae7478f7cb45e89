// SPDX-License-Identifier: GPL-3.0-or-later
#include "ranklayout.h"

#include <algorithm>

namespace ss {

std::array<int, 4> dimensionOrder(const std::string& order)
{
    std::array<int, 3> dims{0, 1, 2};
    std::array<int, 3> parsed{};
    int count = 0;
    std::size_t pos = 0;
    bool ok = true;
    while (pos <= order.size() && count < 4) {
        const std::size_t dash = order.find('-', pos);
        const std::string name =
            order.substr(pos, dash == std::string::npos ? std::string::npos : dash - pos);
        const int d = name == "tp" ? 0 : name == "dp" ? 1 : name == "pp" ? 2 : -1;
        if (d < 0 || count >= 3) {
            ok = false;
            break;
        }
        parsed[std::size_t(count++)] = d;
        if (dash == std::string::npos)
            break;
        pos = dash + 1;
    }
    if (ok && count == 3 && parsed[0] != parsed[1] && parsed[1] != parsed[2] && parsed[0] != parsed[2])
        dims = parsed;
    // cp right outside tp, as Megatron-Core's tp-cp-ep-dp-pp keeps a context-parallel group close.
    std::array<int, 4> out{};
    std::size_t k = 0;
    for (const int d : dims) {
        out[k++] = d;
        if (d == 0)
            out[k++] = 3;
    }
    return out;
}

std::array<std::int64_t, 4> parallelSizes(const ParallelSpec& p)
{
    return {std::max<std::int64_t>(p.tp, 1), std::max<std::int64_t>(p.dp, 1), std::max<std::int64_t>(p.pp, 1),
            std::max<std::int64_t>(p.cp, 1)};
}

} // namespace ss
