// SPDX-License-Identifier: GPL-3.0-or-later
// Quantities as the views show them. The words come from the engine's formatter (units.h), so a
// figure reads the same in the window, the CLI and the unit strings a field accepts.
#pragma once

#include "units.h"

#include <QString>

namespace ss {

// "78.3 GiB", "8.11 EFLOP", "1.32B".
QString quantityText(double value, Unit unit, int significant = 3);
// The shortest text that parses back to exactly VALUE (falls back to 12 significant digits), for
// fields the user edits: what is shown is what is stored.
QString exactQuantityText(double value, Unit unit);

} // namespace ss
