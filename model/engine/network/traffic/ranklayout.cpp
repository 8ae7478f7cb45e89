// SPDX-License-Identifier: GPL-3.0-or-later
#include "ranklayout.h"

#include <algorithm>

namespace ss {

std::array<int, 4> dimensionOrder(const std::string& order)
{
    // The names innermost first; cp may be named (Llama 3's [TP, CP, PP, DP] is "tp-cp-pp-dp").
    std::array<int, 4> parsed{};
    int count = 0;
    bool seen[4] = {false, false, false, false};
    bool ok = true;
    std::size_t pos = 0;
    while (ok && pos <= order.size()) {
        const std::size_t dash = order.find('-', pos);
        const std::string name =
            order.substr(pos, dash == std::string::npos ? std::string::npos : dash - pos);
        const int d = name == "tp" ? 0 : name == "dp" ? 1 : name == "pp" ? 2 : name == "cp" ? 3 : -1;
        if (d < 0 || count >= 4 || seen[d]) {
            ok = false;
            break;
        }
        seen[d] = true;
        parsed[std::size_t(count++)] = d;
        if (dash == std::string::npos)
            break;
        pos = dash + 1;
    }
    ok = ok && seen[0] && seen[1] && seen[2] && (count == 4 || (count == 3 && !seen[3]));
    if (ok && count == 4)
        return parsed;
    // Without cp (or an order not understood: the default tp-dp-pp), cp right outside tp, as Megatron-Core's
    // tp-cp-ep-dp-pp keeps a context-parallel group close.
    const std::array<int, 3> dims =
        ok ? std::array<int, 3>{parsed[0], parsed[1], parsed[2]} : std::array<int, 3>{0, 1, 2};
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
