// SPDX-License-Identifier: GPL-3.0-or-later
// Quantities as the views show them. The words come from the engine's formatter (units.h), so a
// figure reads the same in the window, the CLI and the unit strings a field accepts; the number itself is
// written the way the default QLocale writes numbers (decimal mark, digit groups, minus and percent signs).
#pragma once

#include "units.h"

#include <QString>

namespace ss {

// "78.3 GiB", "8.11 EFLOP", "1.32B"; in the default locale's notation ("1,234 s" in English, "12,5 %" where
// the locale writes it so).
QString quantityText(double value, Unit unit, int significant = 3);
// The shortest text that parses back to exactly VALUE (falls back to 12 significant digits), for
// fields the user edits: what is shown is what is stored. Always in the engine's (C) notation, since
// the engine's parser reads it back.
QString exactQuantityText(double value, Unit unit);
// A plain number in the default locale's notation with DECIMALS decimals ("1,234.5"); a percentage with
// the locale's percent sign when PERCENT ("12.5%").
QString localeNumber(double value, int decimals, bool percent = false);

} // namespace ss
