// SPDX-License-Identifier: GPL-3.0-or-later
// A time cursor for the step timeline ("Presentation mode"): Play sweeps a vertical line from 0 to
// the step time over a few seconds, and beside it every stage says what it is doing at that instant (the
// boxes under the line: "Backward #5 + Gradient reduction", "idle"), the time on top. It pauses, and it can
// be dragged (or put anywhere with a click on the time axis). It reads the chart's GanttLayout and draws
// on a buffered layer of its own, so a frame of the sweep repaints the cursor, not the boxes.
#pragma once

#include <QObject>
#include <QPointer>
#include <QStringList>

#include <vector>

class QCPItemStraightLine;
class QCPItemText;
class QCPLayer;
class QFrame;
class QToolButton;
class QVariantAnimation;

namespace ss {

class GanttChart;

class GanttCursor : public QObject
{
    Q_OBJECT
public:
    // A whole sweep, 0 to the step time, takes this long by default.
    static constexpr int defaultDurationMs = 8000;

    explicit GanttCursor(GanttChart* chart);
    ~GanttCursor() override;

    // Seconds into the step where the cursor stands.
    double time() const { return m_time; }
    void setTime(double seconds);
    // Whether the cursor is on show (Play shows it; the ✕ button hides it).
    bool isShown() const { return m_shown; }
    void setShown(bool shown);
    bool isPlaying() const;
    // Milliseconds for a sweep over the whole step.
    int duration() const { return m_durationMs; }
    void setDuration(int milliseconds);

    // What every lane does at time(), one line per lane: "Stage 0: Backward #5 + Gradient reduction".
    QStringList activity() const;
    // What lane LANE (an index into the layout's lanes) does at T: "" when its boxes say nothing there.
    QString laneActivity(int lane, double t) const;

    // Lines drawn SCALE times thicker (presentation mode); the text follows the chart's axis fonts.
    void setPresentationScale(double scale);

    QToolButton* playButton() const { return m_playButton; }

public slots:
    void play();
    void pause();
    void togglePlay();

signals:
    void timeChanged(double seconds);
    // The sweep reached the step time and stopped.
    void finished();

protected:
    bool eventFilter(QObject* watched, QEvent* event) override;

private:
    double stepTime() const;
    void updateItems();
    void replotCursor();
    void applyStyle();
    void retranslate();
    void placeControls();
    void updateButtons();
    bool nearCursor(double x) const;
    QCPItemText* laneLabel(std::size_t index);

    GanttChart* m_chart;
    QCPLayer* m_layer = nullptr;
    QCPItemStraightLine* m_line = nullptr;
    QCPItemText* m_timeLabel = nullptr;
    std::vector<QCPItemText*> m_laneLabels;
    QVariantAnimation* m_animation;
    QFrame* m_controls = nullptr;
    QToolButton* m_playButton = nullptr;
    QToolButton* m_hideButton = nullptr;
    double m_time = 0;
    bool m_shown = false;
    bool m_dragging = false;
    bool m_hoverCursor = false;
    int m_durationMs = defaultDurationMs;
    double m_scale = 1;
};

} // namespace ss
