// SPDX-License-Identifier: GPL-3.0-or-later
// Quantity strings (units.h) and field texts (fields.h, what `--set PATH=VALUE` and the parameter panel
// parse). Every unit parses the text after the first byte; the first byte picks the field.
#include "fields.h"
#include "fuzzsupport.h"
#include "units.h"

#include <cmath>
#include <string>
#include <string_view>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size)
{
    if (size == 0)
        return 0;
    const std::string_view text(reinterpret_cast<const char*>(data) + 1, size - 1);
    constexpr ss::Unit units[] = {ss::Unit::None,           ss::Unit::Count,   ss::Unit::Bytes,
                                  ss::Unit::BytesPerSecond, ss::Unit::Seconds, ss::Unit::Flops,
                                  ss::Unit::FlopsPerSecond, ss::Unit::Fraction};
    for (ss::Unit unit : units) {
        double value = 0;
        std::string error;
        if (ss::parseQuantity(text, unit, value, &error)) {
            // A formatted quantity must parse again in its own unit: messages quote values back to users,
            // who paste them into fields.
            const std::string shown = ss::formatQuantity(value, unit);
            double again = 0;
            if (std::isfinite(value) && !ss::parseQuantity(shown, unit, again))
                fuzz::fail("a formatted quantity does not parse back");
            (void)ss::unitSymbol(unit);
        } else if (error.empty()) {
            fuzz::fail("parseQuantity failed without a message");
        }
    }
    const auto& fields = ss::scenarioFields();
    const ss::FieldInfo& field = fields[data[0] % fields.size()];
    ss::FieldValue value;
    if (ss::parseFieldText(field, text, value).empty()) {
        (void)ss::checkFieldValue(field, value);
        (void)ss::fieldText(field, value);
    }
    // The whole path of `--set`: a field set from text, then the scenario evaluated when still valid.
    ss::Scenario s = ss::defaultScenario();
    if (ss::setFieldFromText(s, field.path, text).empty())
        fuzz::evaluateScenario(s);
    return 0;
}
