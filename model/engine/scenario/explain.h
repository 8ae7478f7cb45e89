// SPDX-License-Identifier: GPL-3.0-or-later
// Helpers that build Result::explain entries: every figure explains itself. An explanation's figure is the
// JSON path of the figure it explains ("comm.collectives[2].time_s"); its formula is fixed English text with
// symbols (the GUI translates it by its text, views/explain/explaintext.cpp); its substituted part holds only
// numbers and symbols, so it reads the same in every language. Nothing here runs unless
// EvalOptions::explain is set: the planner evaluates thousands of layouts without it.
#pragma once

#include "result.h"

#include <cstddef>
#include <string>
#include <vector>

namespace ss {

// A number as explanations write it: 4 significant digits, C locale ("1.678e+07", "0.875").
std::string explainNumber(double value);
// "memory.per_gpu[3]." + PART, "comm.links[17]." + PART, ...
std::string explainPath(const char* array, std::size_t index, const char* part);

// What a caller of explainCollective() knows about one comm.collectives row besides its cost: why it moves
// that many bytes, that many times per step, in groups of that many ranks.
struct CollectiveText
{
    const char* bytesFormula = "";
    std::string bytesSubstituted;
    const char* bytesSource = "";
    const char* countFormula = "";
    std::string countSubstituted;
    const char* countSource = "";
    const char* ranksFormula = "";
    std::string ranksSubstituted;
    const char* groupsFormula = "";
    std::string groupsSubstituted;
    const char* groupSource = "";
};

// Appends the explanations of comm.collectives[INDEX]: time_s (the alpha-beta cost of its algorithm's phases
// on their busiest links), alpha_s, busbw_Bps, bytes, count_per_step, ranks and groups.
void explainCollective(std::vector<Explanation>& out, std::size_t index, const CommCollective& row,
                       const CollectiveText& text);

// One collective's share of a link's bytes per step: COUNT calls of BYTES each (the busier direction).
struct LinkTerm
{
    double count = 0;
    double bytes = 0;
};
// Appends the explanations of comm.links[INDEX] (bytes_per_step from TERMS, busy_s).
void explainLink(std::vector<Explanation>& out, std::size_t index, const CommLink& link,
                 const std::vector<LinkTerm>& terms);
// comm.serial_time_s: Σ count × time over the collectives.
void explainSerialTime(std::vector<Explanation>& out, const CommResult& comm);

// "a + b + c" of up to MAX_TERMS terms, the rest summed into one more number (a list of 4096 links' terms
// stays readable); "0" for none.
std::string explainSum(const std::vector<std::string>& terms, const std::vector<double>& values,
                       std::size_t maxTerms = 12, const char* unit = "");

} // namespace ss
