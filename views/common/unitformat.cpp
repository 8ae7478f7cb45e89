// SPDX-License-Identifier: GPL-3.0-or-later
#include "unitformat.h"

#include <QLocale>

#include <algorithm>
#include <cmath>
#include <string>
#include <utility>

namespace ss {

namespace {

// The smallest share written as a number: 0.01%.
constexpr double smallestFraction = 1e-4;

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
    // A share too small to read in a hundredth of a percent ("0.0000000000108%") is said to be so.
    if (unit == Unit::Fraction && value != 0 && std::abs(value) < smallestFraction / 2)
        return (value > 0 ? QStringLiteral("< ") : QStringLiteral("> −")) +
               localized(formatQuantity(smallestFraction, unit, 1));
    return localized(formatQuantity(value, unit, significant));
}

QString exactQuantityText(double value, Unit unit)
{
    QString best;
    for (int significant = 3; significant <= 12; ++significant) {
        const std::string text = formatQuantity(value, unit, significant);
        double back = 0;
        if (parseQuantity(text, unit, back) && back == value) {
            best = QString::fromStdString(text);
            break;
        }
    }
    if (best.isEmpty())
        best = QString::fromStdString(formatQuantity(value, unit, 12));
    // A whole number of a smaller binary unit reads shorter than a long fraction of a larger one:
    // "24,564 MiB" rather than "23.98828125 GiB".
    if (unit == Unit::Bytes && value > 0)
        for (const auto& [factor, symbol] : {std::pair{1024.0 * 1024.0, "MiB"}, std::pair{1024.0, "KiB"}}) {
            const double whole = value / factor;
            if (whole != std::floor(whole) || whole > 1e9)
                continue;
            const QString text = QStringLiteral("%1 %2").arg(qlonglong(whole)).arg(QLatin1String(symbol));
            double back = 0;
            if (text.size() < best.size() && parseQuantity(text.toStdString(), unit, back) && back == value)
                best = text;
        }
    return best;
}

QString localeNumber(double value, int decimals, bool percent)
{
    const QLocale locale;
    const QString number = locale.toString(value, 'f', decimals);
    return percent ? number + locale.percent() : number;
}

} // namespace ss
