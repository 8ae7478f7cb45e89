// SPDX-License-Identifier: GPL-3.0-or-later
#include "units.h"

#include <algorithm>
#include <array>
#include <charconv>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <system_error>

namespace ss {

namespace {

struct Suffix
{
    std::string_view symbol;
    double factor;
};

constexpr double Ki = 1024.0;
constexpr double Mi = Ki * 1024.0;
constexpr double Gi = Mi * 1024.0;
constexpr double Ti = Gi * 1024.0;
constexpr double Pi = Ti * 1024.0;
constexpr double Ei = Pi * 1024.0;

// Counts: "B" is a billion (7.5B parameters); "G" is accepted for the same. Lower-case "m" and "b"
// are refused on purpose: milli and bits make no sense for a count and usually hide a typo.
constexpr std::array kCountSuffixes{
    Suffix{"", 1.0},  Suffix{"k", 1e3}, Suffix{"K", 1e3},  Suffix{"M", 1e6},
    Suffix{"B", 1e9}, Suffix{"G", 1e9}, Suffix{"T", 1e12},
};

// Bytes: decimal SI prefixes (GB = 1e9 B) and IEC binary prefixes (GiB = 2^30 B) are kept apart.
// "KB" is read as kB (1000): JEDEC's 1024 reading is exactly the confusion docs/formats.md rules out.
constexpr std::array kByteSuffixes{
    Suffix{"", 1.0},    Suffix{"B", 1.0},  Suffix{"byte", 1.0}, Suffix{"bytes", 1.0}, Suffix{"kB", 1e3},
    Suffix{"KB", 1e3},  Suffix{"MB", 1e6}, Suffix{"GB", 1e9},   Suffix{"TB", 1e12},   Suffix{"PB", 1e15},
    Suffix{"EB", 1e18}, Suffix{"KiB", Ki}, Suffix{"MiB", Mi},   Suffix{"GiB", Gi},    Suffix{"TiB", Ti},
    Suffix{"PiB", Pi},  Suffix{"EiB", Ei},
};

// Bandwidth per direction. Upper-case B is bytes, lower-case b is bits (network line rates are
// quoted in bits: "200 Gb/s" InfiniBand HDR is 25e9 B/s).
constexpr double bit = 1.0 / 8.0;
constexpr std::array kBandwidthSuffixes{
    Suffix{"", 1.0},
    Suffix{"B/s", 1.0},
    Suffix{"Bps", 1.0},
    Suffix{"kB/s", 1e3},
    Suffix{"KB/s", 1e3},
    Suffix{"MB/s", 1e6},
    Suffix{"GB/s", 1e9},
    Suffix{"TB/s", 1e12},
    Suffix{"PB/s", 1e15},
    Suffix{"kBps", 1e3},
    Suffix{"KBps", 1e3},
    Suffix{"MBps", 1e6},
    Suffix{"GBps", 1e9},
    Suffix{"TBps", 1e12},
    Suffix{"KiB/s", Ki},
    Suffix{"MiB/s", Mi},
    Suffix{"GiB/s", Gi},
    Suffix{"TiB/s", Ti},
    Suffix{"b/s", bit},
    Suffix{"bps", bit},
    Suffix{"bit/s", bit},
    Suffix{"kb/s", 1e3 * bit},
    Suffix{"Kb/s", 1e3 * bit},
    Suffix{"Mb/s", 1e6 * bit},
    Suffix{"Gb/s", 1e9 * bit},
    Suffix{"Tb/s", 1e12 * bit},
    Suffix{"kbps", 1e3 * bit},
    Suffix{"Kbps", 1e3 * bit},
    Suffix{"Mbps", 1e6 * bit},
    Suffix{"Gbps", 1e9 * bit},
    Suffix{"Tbps", 1e12 * bit},
    Suffix{"kbit/s", 1e3 * bit},
    Suffix{"Kbit/s", 1e3 * bit},
    Suffix{"Mbit/s", 1e6 * bit},
    Suffix{"Gbit/s", 1e9 * bit},
    Suffix{"Tbit/s", 1e12 * bit},
};

constexpr std::array kSecondSuffixes{
    Suffix{"", 1.0},     Suffix{"s", 1.0},        Suffix{"sec", 1.0},      Suffix{"ms", 1e-3},
    Suffix{"us", 1e-6},  Suffix{"\u00B5s", 1e-6}, Suffix{"\u03BCs", 1e-6}, Suffix{"ns", 1e-9},
    Suffix{"ps", 1e-12}, Suffix{"min", 60.0},     Suffix{"h", 3600.0},
};

// FLOP amounts and rates. "FLOPS" (capital S) is a rate, "FLOPs" (lower-case s) an amount: the
// literature uses both spellings that way, so the case of the s decides the family.
constexpr std::array kFlopPrefixes{
    Suffix{"", 1.0},   Suffix{"k", 1e3},  Suffix{"K", 1e3},  Suffix{"M", 1e6},  Suffix{"G", 1e9},
    Suffix{"T", 1e12}, Suffix{"P", 1e15}, Suffix{"E", 1e18}, Suffix{"Z", 1e21}, Suffix{"Y", 1e24},
};
constexpr std::array<std::string_view, 4> kFlopAmountWords{"FLOP", "FLOPs", "flop", "flops"};
constexpr std::array<std::string_view, 4> kFlopRateWords{"FLOP/s", "FLOPS", "flop/s", "FLOPs/s"};

constexpr std::array kFractionSuffixes{Suffix{"", 1.0}, Suffix{"%", 0.01}};
constexpr std::array kPlainSuffixes{Suffix{"", 1.0}};

template <std::size_t N>
bool lookup(const std::array<Suffix, N>& table, std::string_view symbol, double& factor)
{
    for (const Suffix& s : table) {
        if (s.symbol == symbol) {
            factor = s.factor;
            return true;
        }
    }
    return false;
}

// Prefix + word, e.g. "T" + "FLOP/s". A bare prefix ("312T") is not accepted for FLOP units.
template <std::size_t N>
bool lookupFlop(std::string_view symbol, const std::array<std::string_view, N>& words, bool allowBare,
                double& factor)
{
    if (symbol.empty()) {
        factor = 1.0;
        return allowBare;
    }
    for (const Suffix& prefix : kFlopPrefixes) {
        if (symbol.substr(0, prefix.symbol.size()) != prefix.symbol)
            continue;
        const std::string_view rest = symbol.substr(prefix.symbol.size());
        for (std::string_view word : words) {
            if (rest == word) {
                factor = prefix.factor;
                return true;
            }
        }
    }
    return false;
}

bool suffixFactor(Unit unit, std::string_view symbol, double& factor)
{
    switch (unit) {
    case Unit::None:
        return lookup(kPlainSuffixes, symbol, factor);
    case Unit::Count:
        return lookup(kCountSuffixes, symbol, factor);
    case Unit::Bytes:
        return lookup(kByteSuffixes, symbol, factor);
    case Unit::BytesPerSecond:
        return lookup(kBandwidthSuffixes, symbol, factor);
    case Unit::Seconds:
        return lookup(kSecondSuffixes, symbol, factor);
    case Unit::Flops:
        return lookupFlop(symbol, kFlopAmountWords, true, factor);
    case Unit::FlopsPerSecond:
        return lookupFlop(symbol, kFlopRateWords, true, factor);
    case Unit::Fraction:
        return lookup(kFractionSuffixes, symbol, factor);
    }
    return false;
}

const char* expectation(Unit unit)
{
    switch (unit) {
    case Unit::None:
        return "a number such as \"42\" or \"1.5e9\"";
    case Unit::Count:
        return "a count such as \"7.5B\", \"70M\" or \"1.3e9\"";
    case Unit::Bytes:
        return "a size such as \"80 GiB\", \"40 GB\" or \"1.5e9\" (bytes)";
    case Unit::BytesPerSecond:
        return "a bandwidth such as \"25 GB/s\" or \"200 Gb/s\"";
    case Unit::Seconds:
        return "a time such as \"1.5 us\", \"2 ms\" or \"0.5 s\"";
    case Unit::Flops:
        return "an amount of work such as \"312 TFLOP\" or \"3.1e23\"";
    case Unit::FlopsPerSecond:
        return "a compute rate such as \"312 TFLOP/s\" or \"1.2 PFLOPS\"";
    case Unit::Fraction:
        return "a fraction such as \"0.5\" or \"50%\"";
    }
    return "a number";
}

bool isSpace(char c)
{
    return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f' || c == '\v';
}

std::string_view trim(std::string_view text)
{
    while (!text.empty() && isSpace(text.front()))
        text.remove_prefix(1);
    while (!text.empty() && isSpace(text.back()))
        text.remove_suffix(1);
    return text;
}

bool fail(std::string_view text, Unit unit, std::string* error)
{
    if (error) {
        *error = "expected ";
        *error += expectation(unit);
        *error += ", got \"";
        *error += text;
        *error += '"';
    }
    return false;
}

// Renders |value| with SIGNIFICANT significant digits in fixed notation; trailing zeros are kept
// when KEEPZEROS (counts read better as "7.50B"), trimmed otherwise ("80 GiB", not "80.0 GiB").
std::string fixedDigits(double value, int significant, bool keepZeros)
{
    if (significant < 1)
        significant = 1;
    if (significant > 17)
        significant = 17;
    int decimals = 0;
    if (value != 0.0) {
        const int magnitude = static_cast<int>(std::floor(std::log10(std::fabs(value))));
        decimals = std::max(0, significant - 1 - magnitude);
    } else {
        decimals = keepZeros ? significant - 1 : 0;
    }
    char buffer[64];
    std::snprintf(buffer, sizeof buffer, "%.*f", decimals, value);
    std::string text = buffer;
    if (!keepZeros && text.find('.') != std::string::npos) {
        while (text.back() == '0')
            text.pop_back();
        if (text.back() == '.')
            text.pop_back();
    }
    if (text == "-0")
        text = "0";
    return text;
}

struct Scale
{
    double factor;
    const char* symbol;
};

// Picks the largest prefix that keeps the rounded mantissa >= 1, re-checking after rounding so that
// 1023.99 MiB becomes "1 GiB" rather than "1024 MiB".
template <std::size_t N>
std::string scaled(double value, const std::array<Scale, N>& scales, int significant, bool keepZeros,
                   bool space)
{
    const double magnitude = std::fabs(value);
    std::size_t index = 0;
    for (std::size_t i = 0; i < N; ++i)
        if (magnitude >= scales[i].factor)
            index = i;
    std::string number = fixedDigits(value / scales[index].factor, significant, keepZeros);
    if (index + 1 < N) {
        const double rounded = std::fabs(std::strtod(number.c_str(), nullptr)) * scales[index].factor;
        if (rounded >= scales[index + 1].factor) {
            ++index;
            number = fixedDigits(value / scales[index].factor, significant, keepZeros);
        }
    }
    std::string text = number;
    if (*scales[index].symbol) {
        if (space)
            text += ' ';
        text += scales[index].symbol;
    }
    return text;
}

} // namespace

bool parseQuantity(std::string_view text, Unit unit, double& value, std::string* error)
{
    const std::string_view original = text;
    text = trim(text);
    if (text.empty())
        return fail(original, unit, error);

    std::string_view digits = text;
    // from_chars does not take a leading '+'; users do write "+5".
    if (digits.front() == '+' && digits.size() > 1 && digits[1] != '-')
        digits.remove_prefix(1);

    double number = 0;
    const auto [end, ec] =
        std::from_chars(digits.data(), digits.data() + digits.size(), number, std::chars_format::general);
    // from_chars reads "inf" and "nan" as numbers; the engine never takes them.
    if (ec != std::errc() || !std::isfinite(number))
        return fail(original, unit, error);

    const std::string_view symbol =
        trim(std::string_view(end, static_cast<std::size_t>(digits.data() + digits.size() - end)));
    double factor = 1.0;
    if (!suffixFactor(unit, symbol, factor))
        return fail(original, unit, error);
    const double result = number * factor;
    if (!std::isfinite(result))
        return fail(original, unit, error);
    value = result;
    return true;
}

std::string formatQuantity(double value, Unit unit, int significant)
{
    if (std::isnan(value))
        return "nan";
    if (std::isinf(value))
        return value > 0 ? "inf" : "-inf";

    static constexpr std::array<Scale, 6> binaryBytes{Scale{1.0, "B"},  Scale{Ki, "KiB"}, Scale{Mi, "MiB"},
                                                      Scale{Gi, "GiB"}, Scale{Ti, "TiB"}, Scale{Pi, "PiB"}};
    static constexpr std::array<Scale, 6> decimalBandwidth{Scale{1.0, "B/s"},   Scale{1e3, "kB/s"},
                                                           Scale{1e6, "MB/s"},  Scale{1e9, "GB/s"},
                                                           Scale{1e12, "TB/s"}, Scale{1e15, "PB/s"}};
    static constexpr std::array<Scale, 9> flopAmounts{
        Scale{1.0, "FLOP"},   Scale{1e3, "kFLOP"},  Scale{1e6, "MFLOP"},
        Scale{1e9, "GFLOP"},  Scale{1e12, "TFLOP"}, Scale{1e15, "PFLOP"},
        Scale{1e18, "EFLOP"}, Scale{1e21, "ZFLOP"}, Scale{1e24, "YFLOP"}};
    static constexpr std::array<Scale, 7> flopRates{
        Scale{1.0, "FLOP/s"},   Scale{1e3, "kFLOP/s"},  Scale{1e6, "MFLOP/s"}, Scale{1e9, "GFLOP/s"},
        Scale{1e12, "TFLOP/s"}, Scale{1e15, "PFLOP/s"}, Scale{1e18, "EFLOP/s"}};
    static constexpr std::array<Scale, 5> seconds{Scale{1e-12, "ps"}, Scale{1e-9, "ns"},
                                                  Scale{1e-6, "\u00B5s"}, Scale{1e-3, "ms"}, Scale{1.0, "s"}};
    static constexpr std::array<Scale, 5> counts{Scale{1.0, ""}, Scale{1e3, "k"}, Scale{1e6, "M"},
                                                 Scale{1e9, "B"}, Scale{1e12, "T"}};

    switch (unit) {
    case Unit::None:
        return fixedDigits(value, significant, false);
    case Unit::Count:
        if (std::fabs(value) < 1e3)
            return fixedDigits(value, significant, false);
        return scaled(value, counts, significant, true, false);
    case Unit::Bytes:
        return scaled(value, binaryBytes, significant, false, true);
    case Unit::BytesPerSecond:
        return scaled(value, decimalBandwidth, significant, false, true);
    case Unit::Seconds:
        if (value == 0.0)
            return "0 s";
        return scaled(value, seconds, significant, false, true);
    case Unit::Flops:
        return scaled(value, flopAmounts, significant, false, true);
    case Unit::FlopsPerSecond:
        return scaled(value, flopRates, significant, false, true);
    case Unit::Fraction:
        return fixedDigits(value * 100.0, significant, false) + "%";
    }
    return fixedDigits(value, significant, false);
}

const char* unitSymbol(Unit unit)
{
    switch (unit) {
    case Unit::Bytes:
        return "B";
    case Unit::BytesPerSecond:
        return "B/s";
    case Unit::Seconds:
        return "s";
    case Unit::Flops:
        return "FLOP";
    case Unit::FlopsPerSecond:
        return "FLOP/s";
    case Unit::None:
    case Unit::Count:
    case Unit::Fraction:
        return "";
    }
    return "";
}

} // namespace ss
