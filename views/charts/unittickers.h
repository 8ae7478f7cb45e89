// SPDX-License-Identifier: GPL-3.0-or-later
// Axis tickers that speak units. All chart axes that show bytes or seconds (later bytes/s) use these,
// so tick steps and labels follow one rule everywhere (CONTRIBUTING.md, "Drawing").
#pragma once

#include "units.h"

#include <qcustomplot.h>

namespace ss {

// Ticks at round multiples of a binary unit (…, 512 MiB, 1 GiB, 2 GiB, 2.5 GiB, 5 GiB, …) and labels
// them in that one unit: "0", "20 GiB", "40 GiB".
class ByteTicker : public QCPAxisTicker
{
public:
    ByteTicker() = default;

    // The binary unit (power of 1024) and its symbol that labels in a range of this tick step use.
    static double unitFor(double step, QString* symbol = nullptr);
    // A nice step: 1, 2, 2.5 or 5 times a power of ten of the unit, about RANGE / TARGET_TICKS.
    static double niceStep(double range, int targetTicks);

protected:
    double getTickStep(const QCPRange& range) override;
    QString getTickLabel(double tick, const QLocale& locale, QChar formatChar, int precision) override;

private:
    double m_step = 1;
};

// Ticks at 1, 2 or 5 times a power of ten of a second and labels them in the one SI unit that suits the
// step (the engine's symbols: s, ms, µs, ns): "0", "20 ms", "40 ms"; "1.5 s" once the step is 0.5 s.
class SecondsTicker : public QCPAxisTicker
{
public:
    SecondsTicker() = default;

    // The unit (1, 1e-3, 1e-6, 1e-9) and its symbol that labels in a range of this tick step use.
    static double unitFor(double step, QString* symbol = nullptr);
    static double niceStep(double range, int targetTicks);

protected:
    double getTickStep(const QCPRange& range) override;
    QString getTickLabel(double tick, const QLocale& locale, QChar formatChar, int precision) override;

private:
    double m_step = 1;
};

// Log-scale axes (the calibration chart's measured-vs-model plot): ticks at powers of the log base, labelled
// in the unit that suits each tick ("32 KiB", "1 MiB"; "10 µs", "1 ms"), not as bare powers.
class LogByteTicker : public QCPAxisTickerLog
{
public:
    // Base 2, so the ticks fall on binary sizes; QCPAxisTickerLog thins them to powers of 32, 1024, ...
    LogByteTicker();

protected:
    QString getTickLabel(double tick, const QLocale& locale, QChar formatChar, int precision) override;
};

class LogSecondsTicker : public QCPAxisTickerLog
{
public:
    LogSecondsTicker();

protected:
    QString getTickLabel(double tick, const QLocale& locale, QChar formatChar, int precision) override;
};

// Any other quantity (tokens/s, FLOP, fractions as percentages): QCustomPlot's tick steps, each label written
// by the engine's formatter in UNIT ("1.5M", "40%", "3.1 EFLOP"), so the axis reads like the summary strip.
class QuantityTicker : public QCPAxisTicker
{
public:
    explicit QuantityTicker(Unit unit) : m_unit(unit) {}

protected:
    double getTickStep(const QCPRange& range) override;
    QString getTickLabel(double tick, const QLocale& locale, QChar formatChar, int precision) override;

private:
    Unit m_unit;
    double m_step = 1;
};

} // namespace ss
