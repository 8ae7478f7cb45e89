// SPDX-License-Identifier: GPL-3.0-or-later
// The table of scalar scenario fields, addressed by dotted path ("parallel.zero_stage").
// One table serves the scenario reader/writer, `shardscope-cli eval --set`, and the parameter panels,
// so a field has one name, one unit and one valid range everywhere.
#pragma once

#include "scenario.h"
#include "units.h"

#include <functional>
#include <string>
#include <string_view>
#include <vector>

namespace ss {

enum class FieldType { Int, Real, Bool, Enum, Text };

struct FieldValue
{
    double number = 0; // Int and Real
    bool flag = false; // Bool
    std::string text;  // Enum and Text
    bool operator==(const FieldValue&) const = default;
};

struct FieldInfo
{
    std::string path;                 // "model.hidden"
    FieldType type = FieldType::Real;
    Unit unit = Unit::None;
    std::vector<std::string> choices; // Enum: the accepted names; Int: the allowed values when not empty
    double min = 0;                   // Int/Real: smallest allowed value
    double max = 0;                   // Int/Real: largest allowed value
    bool minExclusive = false;        // Real: min itself is not allowed (efficiency > 0)
    std::function<FieldValue(const Scenario&)> get;
    // Stores a value that has passed checkFieldValue(); returns an error sentence or "".
    std::function<std::string(Scenario&, const FieldValue&)> set;
};

const std::vector<FieldInfo>& scenarioFields();
const FieldInfo* findField(std::string_view path);

// Parses TEXT for FIELD (unit strings, enum names, true/false) and checks the range.
// Returns "" on success, else a sentence naming the expected value.
std::string parseFieldText(const FieldInfo& field, std::string_view text, FieldValue& out);
// Range, integrality and choice check of an already typed value. "" when valid.
std::string checkFieldValue(const FieldInfo& field, const FieldValue& value);
// The canonical text of a value: "bf16-mixed", "8", "true", "8.5899e+10".
std::string fieldText(const FieldInfo& field, const FieldValue& value);

// PATH=TEXT as `--set` gives it. Returns "" or an error naming the path and what was expected.
std::string setFieldFromText(Scenario& scenario, std::string_view path, std::string_view text);

} // namespace ss
