// SPDX-License-Identifier: GPL-3.0-or-later
#include "timemapping.h"

#include <algorithm>
#include <cmath>

namespace ss {

namespace {

bool isRange(TimeRange range)
{
    return std::isfinite(range.lower) && std::isfinite(range.upper) && range.upper > range.lower;
}

// Pixels as int without overflow for times far outside the view, rounded half away from zero as std::lround
// does, without its library call (a row visits every box of a step): adding the largest double below 1/2
// with the pixel's sign and truncating rounds every |x| < 2^52 the same way (a tie goes up because the sum
// rounds to the next integer; anything below a tie stays below it).
int toColumn(double pixel)
{
    constexpr double bound = 1 << 28;
    constexpr double belowHalf = 0.49999999999999994; // 1/2 - 2^-54
    if (std::isnan(pixel))
        return 0;
    const double x = std::clamp(pixel, -bound, bound);
    return static_cast<int>(x + (x < 0 ? -belowHalf : belowHalf));
}

} // namespace

TimeMapping::TimeMapping(TimeRange range, double left, double width)
    : m_range(isRange(range) ? range : TimeRange{0, 1}), m_left(left), m_width(std::max(width, 1.0)),
      m_pixelsPerSecond(m_width / m_range.size()), m_first(toColumn(m_left)),
      m_last(toColumn(m_left + m_width))
{
}

PixelSpan TimeMapping::columns(double start, double end) const
{
    const int first = m_first;
    const int last = m_last;
    PixelSpan span{toColumn(toPixel(start)), toColumn(toPixel(end))};
    if (span.right <= span.left)
        span.right = span.left + 1;
    span.left = std::max(span.left, first);
    span.right = std::min(span.right, last);
    if (span.right < span.left)
        span.right = span.left;
    return span;
}

TimeRange TimeMapping::clamped(TimeRange range, TimeRange limits)
{
    if (!isRange(limits))
        return range;
    if (!isRange(range) || range.size() >= limits.size())
        return limits;
    if (range.lower < limits.lower)
        return {limits.lower, limits.lower + range.size()};
    if (range.upper > limits.upper)
        return {limits.upper - range.size(), limits.upper};
    return range;
}

TimeRange TimeMapping::zoomed(TimeRange range, double factor, double anchor, TimeRange limits, double minSpan)
{
    if (!isRange(range) || !(factor > 0) || !std::isfinite(factor))
        return clamped(range, limits);
    const double size = std::clamp(range.size() * factor, std::max(minSpan, 0.0),
                                   isRange(limits) ? limits.size() : range.size() * factor);
    if (!(size > 0))
        return clamped(range, limits);
    if (isRange(limits) && size >= limits.size())
        return limits;
    // The anchor keeps its relative place in the view, so it stays under the mouse.
    const double at = std::clamp((anchor - range.lower) / range.size(), 0.0, 1.0);
    const double lower = anchor - at * size;
    return clamped({lower, lower + size}, limits);
}

TimeRange TimeMapping::panned(TimeRange range, double pixels, double width, TimeRange limits)
{
    if (!isRange(range) || !(width > 0) || !std::isfinite(pixels))
        return clamped(range, limits);
    const double shift = -pixels / width * range.size();
    return clamped({range.lower + shift, range.upper + shift}, limits);
}

} // namespace ss
