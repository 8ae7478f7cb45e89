// SPDX-License-Identifier: GPL-3.0-or-later
// One training step as a Gantt chart: a lane per pipeline stage (its representative GPU; a click on the
// stage's label shows its other GPUs), a row per stream (compute, tp, pp, dp, pcie), boxes coloured by kind
// with microbatch numbers, bubbles hatched, the critical path outlined, time in readable units. The wheel
// zooms the time axis, a drag pans it, hovering tells what a box is, clicking a communication box
// activates its collective. It only draws ss::Result's timeline; nothing here simulates.
#pragma once

#include "ganttlayout.h"
#include "plotpresentation.h"
#include "result.h"
#include "timemapping.h"

#include <qcustomplot.h>

#include <QFuture>
#include <QThreadPool>

#include <memory>
#include <string>
#include <unordered_map>
#include <vector>

namespace ss {

class GanttCursor;
class GanttPlottable;

class GanttChart : public QCustomPlot
{
    Q_OBJECT
public:
    explicit GanttChart(QWidget* parent = nullptr);
    ~GanttChart() override;

    // Shows RESULT's timeline; keeps the zoom (inside the new step) and the expanded stages; queues a replot.
    // With OWNER (whatever keeps RESULT alive), the timeline is laid out on a worker thread while the window
    // goes on updating its other views: a pipeline of 64 stages has some 170k boxes to sort into rows. The
    // chart takes the new layout before it next replots, handles an event or answers a question about it.
    void resetData(const Result& result, std::shared_ptr<const void> owner = {});
    // Marks the shown result as belonging to an earlier scenario (the current one is invalid).
    void setStale(bool stale);
    bool isStale() const { return m_stale; }
    // A second title line comparing the step with the pinned baseline; "" for none.
    void setComparison(const QString& line);
    QString comparison() const { return m_comparison; }

    GanttPlottable* boxes() const { return m_boxes; }
    const GanttLayout& ganttLayout() const
    {
        finishLayout();
        return *m_layout;
    }
    // The shown timeline: the result's own (kept alive with it), or the chart's copy of it.
    const std::vector<TimelineEvent>& events() const
    {
        finishLayout();
        return *m_timeline;
    }

    // The time axis: what is shown, and the whole step (with a little margin) it stays inside.
    TimeRange visibleRange() const;
    TimeRange fullRange() const;
    void setVisibleRange(TimeRange range);
    // Zooms the time axis by FACTOR (< 1: in) about the time ANCHOR.
    void zoomBy(double factor, double anchor);
    void resetZoom();

    void setStageExpanded(int stage, bool expanded);
    bool isStageExpanded(int stage) const;

    // The timeline index of the box under POS (widget pixels), -1 for none.
    int eventAt(const QPointF& pos) const;
    QString toolTipText(int event) const;
    // The collective whose boxes are outlined (the last one clicked), -1 for none.
    int activeCollective() const;

    // The keyboard's box (a timeline index, -1 for none): outlined while the chart has the focus, moved by
    // the arrow keys (Left/Right along its row, Up/Down to the next row), explained by Enter or Space. Until
    // the keys or a click move it, the first box on the critical path.
    int focusedEvent() const;
    // Does for the focused box what a click on it does (boxClicked(), and a collective's links lit);
    // false when there is none.
    bool activateFocused();

    // Entries in the legend: the kinds present, the bubble and (when marked) the critical path.
    int legendEntries() const { return m_legendEntries; }

    // Whether the legend lists the kernel classes: some compute box is wide enough for its stripes.
    bool kernelLegendShown() const { return m_kernelLegend; }

    static QString kindName(GanttKind kind);
    static QString kernelClassName(GanttKernelClass kernelClass);
    static QString streamName(GanttStream stream);

    // Presentation mode: fonts, box outlines and lines SCALE times their usual size (1: as usual).
    Q_INVOKABLE void setPresentationScale(double scale);
    double presentationScale() const { return m_presentation.scale(); }
    // The time cursor that sweeps the step: Play in the chart's corner.
    GanttCursor* timeCursor() const { return m_cursor; }

signals:
    // A communication box was clicked: COLLECTIVE_INDEX indexes Result::comm.collectives; -1 when a click
    // elsewhere in the chart dropped the previous one.
    void collectiveActivated(int collectiveIndex);
    // A box was clicked: EVENT indexes Result::timeline (the Explain panel shows how long it is and why).
    void boxClicked(int event);

protected:
    bool event(QEvent* event) override;
    void changeEvent(QEvent* event) override;
    void resizeEvent(QResizeEvent* event) override;
    void mousePressEvent(QMouseEvent* event) override;
    void mouseMoveEvent(QMouseEvent* event) override;
    void mouseReleaseEvent(QMouseEvent* event) override;
    void mouseDoubleClickEvent(QMouseEvent* event) override;
    void wheelEvent(QWheelEvent* event) override;
    void leaveEvent(QEvent* event) override;
    void paintEvent(QPaintEvent* event) override;
    void keyPressEvent(QKeyEvent* event) override;
    void focusInEvent(QFocusEvent* event) override;
    void focusOutEvent(QFocusEvent* event) override;

private:
    // What resetData() hands to the worker and takes back: the timeline with its owner, its layout and the
    // figures read off every box.
    struct Prepared;
    static std::shared_ptr<Prepared> prepare(std::shared_ptr<const void> owner,
                                             const std::vector<TimelineEvent>* timeline, double stepTime,
                                             std::vector<int> expandedStages, std::vector<GanttRow> spare,
                                             GanttKernelTable kernels);
    // Takes the layout resetData() started, waiting for it if need be, and shows it. The layout belongs to
    // what the chart shows, so the const accessors take it too.
    void finishLayout() const;
    void install(Prepared&& prepared);
    // The rows of the shown layout when nothing else holds them: the next layout reuses their storage.
    std::vector<GanttRow> spareRows();
    void rebuildLayout();
    void updateLegend();
    void updateLegendWrap(int width);
    void updateKernelLegend();
    void updateLaneLabels();
    void updateTitle();
    void applyPalette();
    void retranslate();
    void showHover(const QPointF& pos, const QPoint& globalPos);
    void hideHover();
    void setActiveCollective(int collective);
    int laneLabelAt(const QPointF& pos) const;
    // The focused box as row and box indices of the layout; false when the chart has no box.
    bool focusedBox(int* row, int* box) const;
    void moveFocus(int row, int box);

    std::shared_ptr<const void> m_owner; // keeps *m_timeline
    const std::vector<TimelineEvent>* m_timeline;
    bool m_anyCritical = false; // some event is on the critical path
    // The layout being built for resetData(), and the zoom to restore once it is shown.
    QFuture<std::shared_ptr<Prepared>> m_pending;
    // Its own worker: the global pool may be busy with a long analysis or a plan, and the chart must not
    // wait behind them.
    QThreadPool m_layoutPool;
    bool m_layoutPending = false;
    TimeRange m_zoomBefore;
    bool m_zoomWasFull = true;
    std::vector<CommCollective> m_collectives;
    GanttKernelTable m_kernels;
    double m_longestStripedBox = 0; // seconds: the longest compute box whose op has kernel classes
    bool m_kernelLegend = false;
    double m_stepTime = 0;
    std::shared_ptr<GanttLayout> m_layout;
    std::vector<int> m_expandedStages;
    bool m_stale = false;
    QString m_comparison;

    GanttPlottable* m_boxes = nullptr;
    QCPTextElement* m_title = nullptr;
    QCPItemText* m_emptyText = nullptr;
    QCPItemRect* m_hover = nullptr;
    QCPLayer* m_hoverLayer = nullptr;
    QSharedPointer<QCPAxisTickerText> m_laneTicker;
    QSharedPointer<QCPAxisTickerText> m_streamTicker;
    int m_hoverEvent = -1;
    int m_legendEntries = 0;
    PlotPresentation m_presentation;
    GanttCursor* m_cursor = nullptr;

    QPointF m_pressPos;
    TimeRange m_pressRange;
    bool m_pressed = false;
    bool m_dragging = false;
    // The keyboard's box in the layout: row and index in it; -1: the default (focusedBox()).
    int m_focusRow = -1;
    int m_focusBox = -1;
};

} // namespace ss
