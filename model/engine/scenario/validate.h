// SPDX-License-Identifier: GPL-3.0-or-later
// Consistency checks across fields (dp × tp × pp = GPUs, batch divisibility, ZeRO/offload rules).
#pragma once

#include "scenario.h"

#include <string>
#include <vector>

namespace ss {

struct Problem
{
    std::string path;              // the JSON path of the field to blame: "parallel.dp"
    std::string message;           // an English sentence naming what is wrong and what was expected
    std::string code;              // stable id of the sentence ("parallel.product"), for translations
    std::vector<std::string> args; // the sentence's variable parts, in order, as plain text or numbers
};

// Every problem of the scenario, empty when it can be evaluated.
std::vector<Problem> validateScenario(const Scenario& scenario);

} // namespace ss
