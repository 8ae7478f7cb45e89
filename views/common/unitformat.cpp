// SPDX-License-Identifier: GPL-3.0-or-later
#include "unitformat.h"

#include <QLocale>

#include <algorithm>
#include <string>

namespace ss {

namespace {

// The engine writes "-1234.5 GiB", "7.50B", "40%" in C notation. The reader's locale keeps the engine's unit
// and its number of digits but writes the number its own way; "nan" and "inf" stay as they are.
QString localized(const std::string& text)
{
    std::size_t end = text.empty() || text[0] != '-' ? 0 : 1;
    const std::size_t digits = end;
    int decimals = -1;
    for (; end < text.size(); ++end) {
        const char c = text[end];
        if (c >= '0' && c <= '9') {
            if (decimals >= 0)
                ++decimals;
        } else if ((c == '.' || c == ',') && decimals < 0) {
            // snprintf follows LC_NUMERIC, which QCoreApplication sets from the environment: a comma is
            // possible there, a digit group never is (%f does not group).
            decimals = 0;
        } else {
            break;
        }
    }
    if (end == digits)
        return QString::fromStdString(text);
    QString number = QString::fromLatin1(text.data(), qsizetype(end));
    number.replace(QLatin1Char(','), QLatin1Char('.'));
    bool ok = false;
    double value = QLocale::c().toDouble(number, &ok);
    if (!ok)
        return QString::fromStdString(text);
    if (value == 0)
        value = 0; // no "-0"
    const QString rest = QString::fromStdString(text.substr(end));
    const QLocale locale;
    return locale.toString(value, 'f', std::max(decimals, 0)) +
           (rest == QLatin1String("%") ? locale.percent() : rest);
}

} // namespace

QString quantityText(double value, Unit unit, int significant)
{
    return localized(formatQuantity(value, unit, significant));
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

QString localeNumber(double value, int decimals, bool percent)
{
    const QLocale locale;
    const QString number = locale.toString(value, 'f', decimals);
    return percent ? number + locale.percent() : number;
}

} // namespace ss
