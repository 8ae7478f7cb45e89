// SPDX-License-Identifier: GPL-3.0-or-later
#include "layoutfix.h"

#include "validate.h"

#include <algorithm>

namespace ss {

std::vector<FieldFix> layoutFixes(const Scenario& scenario, std::string_view keep)
{
    const ParallelSpec& p = scenario.parallel;
    const std::int64_t gpus = scenario.gpus();
    const std::int64_t product = p.dp * p.tp * p.pp * p.cp;
    std::vector<FieldFix> fixes;
    if (gpus <= 0 || product <= 0 || product == gpus)
        return fixes;
    struct Degree
    {
        const char* path;
        std::int64_t ParallelSpec::*member;
    };
    static constexpr Degree degrees[] = {{"parallel.dp", &ParallelSpec::dp},
                                         {"parallel.tp", &ParallelSpec::tp},
                                         {"parallel.pp", &ParallelSpec::pp},
                                         {"parallel.cp", &ParallelSpec::cp}};
    for (const Degree& degree : degrees) {
        if (keep == degree.path)
            continue;
        const std::int64_t others = product / (p.*degree.member);
        if (others <= 0 || gpus % others != 0)
            continue;
        Scenario after = scenario;
        after.parallel.*degree.member = gpus / others;
        fixes.push_back({degree.path, gpus / others, validateScenario(after).size()});
    }
    std::stable_sort(fixes.begin(), fixes.end(),
                     [](const FieldFix& a, const FieldFix& b) { return a.problems < b.problems; });
    return fixes;
}

} // namespace ss
