// SPDX-License-Identifier: GPL-3.0-or-later
#include "unitformat.h"

#include <cmath>
#include <string>

namespace ss {

QString quantityText(double value, Unit unit, int significant)
{
    return QString::fromStdString(formatQuantity(value, unit, significant));
}

QString exactQuantityText(double value, Unit unit)
{
    for (int significant = 3; significant <= 12; ++significant) {
        const std::string text = formatQuantity(value, unit, significant);
        double back = 0;
        if (parseQuantity(text, unit, back) && back == value)
            return QString::fromStdString(text);
    }
    return QString::fromStdString(formatQuantity(value, unit, 12));
}

} // namespace ss
