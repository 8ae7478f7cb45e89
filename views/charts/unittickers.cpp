// SPDX-License-Identifier: GPL-3.0-or-later
#include "unittickers.h"

#include "unitformat.h"

#include <array>
#include <cmath>

namespace ss {

namespace {

// TICK in UNIT, with just enough decimals (at most MAX_DECIMALS) to tell ticks STEP apart: "2.5 GiB";
// "0" for the zero tick, whatever rounding left of it.
QString steppedTickLabel(double tick, double step, double unit, const QString& symbol, int maxDecimals,
                         const QLocale& locale)
{
    if (std::abs(tick) < step * 1e-6)
        return QStringLiteral("0");
    const double stepInUnit = step / unit;
    int decimals = 0;
    while (decimals < maxDecimals && std::abs(stepInUnit * std::pow(10.0, decimals) -
                                              std::round(stepInUnit * std::pow(10.0, decimals))) > 1e-6)
        ++decimals;
    return locale.toString(tick / unit, 'f', decimals) + QLatin1Char(' ') + symbol;
}

} // namespace

double ByteTicker::unitFor(double step, QString* symbol)
{
    static const std::array<const char*, 6> symbols = {"B", "KiB", "MiB", "GiB", "TiB", "PiB"};
    double unit = 1;
    std::size_t index = 0;
    // A step of 512 MiB still labels in GiB (0.5 GiB) once the step reaches half the next unit.
    while (index + 1 < symbols.size() && step >= unit * 1024 / 2) {
        unit *= 1024;
        ++index;
    }
    if (symbol)
        *symbol = QLatin1String(symbols[index]);
    return unit;
}

double ByteTicker::niceStep(double range, int targetTicks)
{
    if (!(range > 0) || targetTicks < 1)
        return 1;
    const double raw = range / targetTicks;
    const double unit = unitFor(raw);
    const double mantissa = raw / unit;
    const double decade = std::pow(10.0, std::floor(std::log10(mantissa)));
    const double fraction = mantissa / decade;
    double nice = 10;
    for (double candidate : {1.0, 2.0, 2.5, 5.0}) {
        if (fraction <= candidate * 1.2) { // lean to fewer ticks rather than crowded ones
            nice = candidate;
            break;
        }
    }
    return nice * decade * unit;
}

double ByteTicker::getTickStep(const QCPRange& range)
{
    m_step = niceStep(range.size(), tickCount());
    return m_step;
}

QString ByteTicker::getTickLabel(double tick, const QLocale& locale, QChar formatChar, int precision)
{
    Q_UNUSED(formatChar);
    Q_UNUSED(precision);
    QString symbol;
    const double unit = unitFor(m_step, &symbol);
    return steppedTickLabel(tick, m_step, unit, symbol, 3, locale); // 2.5 GiB steps need one decimal
}

double SecondsTicker::unitFor(double step, QString* symbol)
{
    // The same symbols as formatQuantity (units.cpp), so the axis and the tooltips read alike.
    struct Scale
    {
        double factor;
        const char16_t* symbol;
    };
    static constexpr Scale scales[] = {{1e-9, u"ns"}, {1e-6, u"\u00B5s"}, {1e-3, u"ms"}, {1.0, u"s"}};
    const Scale* chosen = &scales[0];
    // A step of 500 µs labels in ms (0.5 ms) once it reaches half the next unit, like ByteTicker.
    for (const Scale& scale : scales) {
        if (step >= scale.factor * 0.5)
            chosen = &scale;
    }
    if (symbol)
        *symbol = QString::fromUtf16(chosen->symbol);
    return chosen->factor;
}

double SecondsTicker::niceStep(double range, int targetTicks)
{
    if (!(range > 0) || !std::isfinite(range) || targetTicks < 1)
        return 1;
    const double raw = range / targetTicks;
    const double decade = std::pow(10.0, std::floor(std::log10(raw)));
    const double fraction = raw / decade;
    double nice = 10;
    for (double candidate : {1.0, 2.0, 5.0}) {
        if (fraction <= candidate * 1.2) { // fewer ticks rather than crowded ones, as ByteTicker
            nice = candidate;
            break;
        }
    }
    return nice * decade;
}

double SecondsTicker::getTickStep(const QCPRange& range)
{
    m_step = niceStep(range.size(), tickCount());
    return m_step;
}

QString SecondsTicker::getTickLabel(double tick, const QLocale& locale, QChar formatChar, int precision)
{
    Q_UNUSED(formatChar);
    Q_UNUSED(precision);
    QString symbol;
    const double unit = unitFor(m_step, &symbol);
    return steppedTickLabel(tick, m_step, unit, symbol, 6, locale);
}

LogByteTicker::LogByteTicker()
{
    setLogBase(2);
    setSubTickCount(0);
    setTickCount(6);
}

QString LogByteTicker::getTickLabel(double tick, const QLocale& locale, QChar formatChar, int precision)
{
    Q_UNUSED(formatChar);
    Q_UNUSED(precision);
    QString symbol;
    const double unit = ByteTicker::unitFor(tick * 1.0001, &symbol);
    // Powers of two below half the next unit: "512 B", "32 KiB"; a tick of 512 KiB reads "0.5 MiB".
    const double value = tick / unit;
    const int decimals = std::abs(value - std::round(value)) < 1e-6 ? 0 : (value < 1 ? 2 : 1);
    return locale.toString(value, 'f', decimals) + QLatin1Char(' ') + symbol;
}

LogSecondsTicker::LogSecondsTicker()
{
    setLogBase(10);
    setSubTickCount(8); // 2, 3, ... 9 times each power of ten, as on log paper
    setTickCount(6);
}

QString LogSecondsTicker::getTickLabel(double tick, const QLocale& locale, QChar formatChar, int precision)
{
    Q_UNUSED(formatChar);
    Q_UNUSED(precision);
    QString symbol;
    // Labels in the unit of the tick itself: 1 ns ... 100 ns, 1 µs ... 100 µs, 1 ms ...
    const double unit = SecondsTicker::unitFor(tick * 2.0001, &symbol);
    const double value = tick / unit;
    const int decimals = std::abs(value - std::round(value)) < 1e-6 ? 0 : 1;
    return locale.toString(value, 'f', decimals) + QLatin1Char(' ') + symbol;
}

double QuantityTicker::getTickStep(const QCPRange& range)
{
    m_step = QCPAxisTicker::getTickStep(range);
    return m_step;
}

QString QuantityTicker::getTickLabel(double tick, const QLocale& locale, QChar formatChar, int precision)
{
    Q_UNUSED(locale)
    Q_UNUSED(formatChar)
    Q_UNUSED(precision)
    if (std::abs(tick) < 1e-9 * m_step) // a zero tick that rounding left at 1e-17
        return QStringLiteral("0");
    return quantityText(tick, m_unit, 3);
}

} // namespace ss
