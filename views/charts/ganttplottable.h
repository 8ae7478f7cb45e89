// SPDX-License-Identifier: GPL-3.0-or-later
// All boxes of the step timeline in one QCustomPlot plottable (CONTRIBUTING.md: thousands of Gantt boxes are
// one plottable, not thousands of items). It paints a GanttLayout: lane bands, hatched bubbles, boxes
// coloured by kind and batched by colour, microbatch numbers where they fit, the critical path and the active
// collective outlined. Each pixel column of a row is painted at most once (ColumnFilter).
#pragma once

#include "ganttlayout.h"

#include <qcustomplot.h>

#include <QStaticText>

#include <array>
#include <memory>
#include <utility>
#include <vector>

namespace ss {

// Okabe-Ito based colours (as MemoryChart's), distinguishable with the common colour-vision deficiencies.
QColor ganttKindColor(GanttKind kind);
// The stripes of a kernel class inside a compute box (Paul Tol's muted colours, chartpalette.h).
QColor ganttKernelColor(GanttKernelClass kernelClass);

class GanttPlottable : public QCPAbstractPlottable
{
    Q_OBJECT
public:
    // What the last draw() did, for tests and the benchmark.
    struct PaintStats
    {
        int rowsPainted = 0;
        int boxesVisited = 0;
        int boxesDrawn = 0;   // rectangles handed to the painter
        int boxesSkipped = 0; // landed on columns already painted in their row
        int labelsDrawn = 0;
        int gapsDrawn = 0;
        int boxesStriped = 0;      // compute boxes wide enough to show their kernel classes
        int stripesDrawn = 0;      // kernel-class stripes handed to the painter
        int maxDrawsPerColumn = 0; // the most rectangles any one pixel column of one row received
        bool countColumns = false; // set to fill maxDrawsPerColumn (costs time; tests only)
    };

    GanttPlottable(QCPAxis* keyAxis, QCPAxis* valueAxis);

    void setLayout(std::shared_ptr<const GanttLayout> layout);
    const GanttLayout* ganttLayout() const { return m_layout.get(); }

    // Boxes of this collective get a highlight outline; -1 for none.
    void setActiveCollective(int collective) { m_activeCollective = collective; }
    int activeCollective() const { return m_activeCollective; }

    // BAND: every other stage's background; HATCH: the bubbles; CRITICAL and HIGHLIGHT: the outlines of the
    // critical path and of the active collective.
    void setColors(const QColor& band, const QColor& hatch, const QColor& critical, const QColor& highlight);
    // Presentation mode: box outlines and the critical path's and active collective's outlines
    // SCALE times as thick.
    void setLineScale(double scale) { m_lineScale = scale > 0 ? scale : 1; }
    double lineScale() const { return m_lineScale; }

    // A compute box this many pixels wide or wider shows its op's kernel classes as stripes along its foot.
    static constexpr double stripeMinWidth = 48;
    // The stripes' share of the box's height; the box's own colour stays visible above them.
    static constexpr double stripeHeightShare = 0.4;
    // The stripes of the last draw(), for tests.
    const std::array<std::vector<QRect>, ganttKernelClassCount>& stripeRects() const { return m_stripes; }

    const PaintStats& paintStats() const { return m_stats; }
    PaintStats& paintStats() { return m_stats; }

    double selectTest(const QPointF& pos, bool onlySelectable, QVariant* details = nullptr) const override;
    QCPRange getKeyRange(bool& foundRange, QCP::SignDomain inSignDomain = QCP::sdBoth) const override;
    QCPRange getValueRange(bool& foundRange, QCP::SignDomain inSignDomain = QCP::sdBoth,
                           const QCPRange& inKeyRange = QCPRange()) const override;

protected:
    void draw(QCPPainter* painter) override;
    void drawLegendIcon(QCPPainter* painter, const QRectF& rect) const override;

private:
    struct Label
    {
        QRect rect;
        int microbatch;
        bool dark; // dark text on a light box
    };
    struct Frame;

    const QStaticText& labelText(int microbatch);
    int prepareFrame();
    std::pair<int, int> pixelRows(double top, double bottom) const;
    void drawBands(QCPPainter* painter, const QRect& area) const;
    void collectRow(Frame& frame, const GanttRow& row);
    void collectBox(Frame& frame, const GanttBox& box, const PixelSpan& span);
    // Returns whether the box got stripes.
    bool collectStripes(const Frame& frame, const GanttBox& box, const PixelSpan& span);
    void paintStripes(QCPPainter* painter);
    void paintBoxes(QCPPainter* painter);
    void paintOutlines(QCPPainter* painter);
    void paintLabels(QCPPainter* painter);

    std::shared_ptr<const GanttLayout> m_layout;
    int m_activeCollective = -1;
    double m_lineScale = 1;
    QColor m_band;
    QColor m_hatch;
    QColor m_critical;
    QColor m_highlight;
    PaintStats m_stats;
    // Reused between frames, so a pan frame allocates nothing. Index: kind × 2 + odd chunk.
    std::array<std::vector<QRect>, ganttKindCount * 2> m_fills;
    std::array<std::vector<QRect>, ganttKindCount * 2> m_outlined;
    std::vector<QRect> m_gaps;
    std::array<std::vector<QRect>, ganttKernelClassCount> m_stripes;
    std::vector<QRect> m_criticalRects;
    std::vector<QRect> m_criticalMarks;
    std::vector<QRect> m_highlightRects;
    std::vector<Label> m_labels;
    std::vector<QStaticText> m_labelTexts;
    std::vector<int> m_labelWidths;
    QFont m_labelFont;
};

} // namespace ss
