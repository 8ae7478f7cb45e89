// SPDX-License-Identifier: GPL-3.0-or-later
// Quantities with units: parsing the strings users type ("80 GiB", "200 Gb/s", "1.5 us", "7.5B")
// and formatting numbers for messages. Bits vs bytes, GB vs GiB are kept apart (docs/formats.md).
#pragma once

#include <string>
#include <string_view>

namespace ss {

enum class Unit
{
    None,           // plain number
    Count,          // "7.5B", "70M", "1.2k", "1e9"
    Bytes,          // "80 GiB", "40 GB", "512 MiB", "1.5e9", "1 TB"
    BytesPerSecond, // "25 GB/s", "200 Gb/s", "100 Gbps", "12.5 GiB/s" (per direction)
    Seconds,        // "1.5 us", "2 ms", "3 ns", "0.5 s"
    Flops,          // "3.1e23", "312 TFLOP" (an amount)
    FlopsPerSecond, // "312 TFLOP/s", "1.2 PFLOPS"
    Fraction,       // "0.5", "50%"
};

// Parses TEXT as a quantity in UNIT. A bare number is taken in the base unit (bytes, seconds, ...).
// On failure returns false and sets *error to a sentence naming what was expected.
bool parseQuantity(std::string_view text, Unit unit, double& value, std::string* error = nullptr);

// A short English rendering for messages and explanations: "80 GiB", "25 GB/s", "1.5 µs", "7.50B".
std::string formatQuantity(double value, Unit unit, int significant = 3);

// The unit's symbol in the base unit ("B", "B/s", "s", "FLOP", "FLOP/s"); empty for None/Count/Fraction.
const char* unitSymbol(Unit unit);

} // namespace ss
