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

enum class FieldType
{
    Int,
    Real,
    Bool,
    Enum,
    Text
};

struct FieldValue
{
    double number = 0; // Int and Real
    bool flag = false; // Bool
    std::string text;  // Enum and Text
    bool operator==(const FieldValue&) const = default;
};

struct FieldInfo
{
    std::string path; // "model.hidden"
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

// Messages: parseFieldText() and checkFieldValue() return the bare sentence ("expected an integer from
// 0 to 3, got 4") so a panel can show it beside the field; setFieldFromText() prefixes the path
// ("parallel.zero_stage: expected an integer from 0 to 3, got 4"), as the scenario reader does.

// The names the scenario file uses for the scenario's enums (docs/formats.md, "Scenario file"), both ways.
const char* enumName(ModelKind value);
const char* enumName(FfnKind value);
const char* enumName(PositionEmbedding value);
const char* enumName(NormKind value);
const char* enumName(BiasKind value);
const char* enumName(Precision value);
const char* enumName(Optimizer value);
const char* enumName(Recompute value);
const char* enumName(Offload value);
const char* enumName(Schedule value);
const char* enumName(DpSync value);
bool enumFromName(std::string_view name, ModelKind& out);
bool enumFromName(std::string_view name, FfnKind& out);
bool enumFromName(std::string_view name, PositionEmbedding& out);
bool enumFromName(std::string_view name, NormKind& out);
bool enumFromName(std::string_view name, BiasKind& out);
bool enumFromName(std::string_view name, Precision& out);
bool enumFromName(std::string_view name, Optimizer& out);
bool enumFromName(std::string_view name, Recompute& out);
bool enumFromName(std::string_view name, Offload& out);
bool enumFromName(std::string_view name, Schedule& out);
bool enumFromName(std::string_view name, DpSync& out);
const char* enumName(AttentionKind value);
const char* enumName(Fp8Recipe value);
const char* enumName(AttentionKernel value);
const char* enumName(CrossEntropy value);
const char* enumName(CpComm value);
const char* enumName(EpDispatcher value);
bool enumFromName(std::string_view name, AttentionKind& out);
bool enumFromName(std::string_view name, Fp8Recipe& out);
bool enumFromName(std::string_view name, AttentionKernel& out);
bool enumFromName(std::string_view name, CrossEntropy& out);
bool enumFromName(std::string_view name, CpComm& out);
bool enumFromName(std::string_view name, EpDispatcher& out);
const char* enumName(TrainingMethod value);
const char* enumName(QuantType value);
bool enumFromName(std::string_view name, TrainingMethod& out);
bool enumFromName(std::string_view name, QuantType& out);
// LoRA targets (training.lora_targets) as "q,v" and back; names q k v o gate up down experts embed head.
std::vector<std::string> loraTargetNames();
std::string loraTargetsText(std::uint32_t targets);
bool loraTargetsFromText(std::string_view text, std::uint32_t& out, std::string* error = nullptr);

// Topology vocabulary of docs/formats.md ("Scenario file"): device kinds, and the prefixes a link kind
// begins with ("nvlink3", "pcie-gen4-x16": the prefix, then nothing, '-' or a digit).
const std::vector<std::string>& topologyDeviceKinds();
const std::vector<std::string>& topologyLinkKindPrefixes();
bool isKnownLinkKind(std::string_view kind);

// The candidate WORD most plausibly meant, else "": the same name in another case, a candidate WORD
// begins (3 characters or more: "h100" for H100-SXM5-80GB), or the nearest by edit distance when it is
// within a typo's reach. Used for "unknown key (did you mean model.hidden?)".
std::string nearestName(std::string_view word, const std::vector<std::string>& candidates);
// A number as the shortest text that reads back to the same double ("8589934592", "1.75e+11").
std::string shortestNumberText(double value);

} // namespace ss
