// SPDX-License-Identifier: GPL-3.0-or-later
// Time -> pixel for the step timeline, apart from any painting (CONTRIBUTING.md, "Drawing"): the mapping of a
// time range onto pixel columns, zoom about an anchor, pan by pixels, both kept inside the step, and the
// column filter that lets a row paint each pixel column once however many boxes land on it.
#pragma once

#include <limits>

namespace ss {

struct TimeRange
{
    double lower = 0;
    double upper = 1;

    double size() const { return upper - lower; }
    bool operator==(const TimeRange&) const = default;
};

// Integer pixel columns [left, right) a box covers.
struct PixelSpan
{
    int left = 0;
    int right = 0;

    int width() const { return right - left; }
    bool operator==(const PixelSpan&) const = default;
};

class TimeMapping
{
public:
    // RANGE shown over WIDTH pixels starting at pixel LEFT.
    TimeMapping(TimeRange range, double left, double width);

    double toPixel(double seconds) const { return m_left + (seconds - m_range.lower) * m_pixelsPerSecond; }
    double toTime(double pixel) const { return m_range.lower + (pixel - m_left) / m_pixelsPerSecond; }
    double secondsPerPixel() const { return 1.0 / m_pixelsPerSecond; }
    TimeRange range() const { return m_range; }

    // The columns a box [START, END) covers: rounded edges, at least one column, so a box far narrower
    // than a pixel still shows; clipped to the visible columns (width 0 when outside).
    PixelSpan columns(double start, double end) const;

    // RANGE scaled by FACTOR (< 1 zooms in) about the time ANCHOR, which keeps its pixel; no narrower than
    // MIN_SPAN and kept inside LIMITS.
    static TimeRange zoomed(TimeRange range, double factor, double anchor, TimeRange limits, double minSpan);
    // RANGE moved so the content follows a drag of PIXELS (positive: to the right) over WIDTH pixels.
    static TimeRange panned(TimeRange range, double pixels, double width, TimeRange limits);
    // RANGE shifted (not scaled) into LIMITS; LIMITS itself when RANGE is wider or not a range at all.
    static TimeRange clamped(TimeRange range, TimeRange limits);

private:
    TimeRange m_range;
    double m_left;
    double m_width;
    double m_pixelsPerSecond;
    int m_first = 0; // the visible columns [m_first, m_last]
    int m_last = 0;
};

// Boxes of one row, in order of start: admit() trims a span to the columns not painted yet and says
// whether anything is left, so each pixel column of a row is painted at most once (CONTRIBUTING.md: skip
// draws that land on the same pixel). A box that only covers painted columns is skipped.
class ColumnFilter
{
public:
    bool admit(PixelSpan& span)
    {
        if (span.right <= m_painted)
            return false;
        if (span.left < m_painted)
            span.left = m_painted;
        m_painted = span.right;
        return span.width() > 0;
    }
    void reset() { m_painted = std::numeric_limits<int>::min(); }
    // The first column not painted yet.
    int painted() const { return m_painted; }

private:
    int m_painted = std::numeric_limits<int>::min();
};

} // namespace ss
