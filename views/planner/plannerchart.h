// SPDX-License-Identifier: GPL-3.0-or-later
// The planner's scatter: every feasible layout as a point, peak memory per GPU across, tokens/s up,
// coloured by pipeline stages or by ZeRO stage, the scenario's current layout ringed and the best one
// starred. Hovering a point names its layout; clicking one asks for it to be applied (layoutClicked). It only
// draws the candidates it is given.
#pragma once

#include "planner.h"
#include "plotpresentation.h"

#include <qcustomplot.h>

#include <vector>

namespace ss {

class PlannerChart : public QCustomPlot
{
    Q_OBJECT
public:
    enum class ColourBy
    {
        PipelineStages,
        ZeroStage
    };

    explicit PlannerChart(QWidget* parent = nullptr);

    // Shows CANDIDATES (every feasible layout so far); GPUS is the search's GPU count (the pp values are its
    // divisors, so a pp keeps its colour while results arrive); BEST the top layout (null: none). Queues a
    // replot.
    void resetData(const std::vector<PlanCandidate>& candidates, std::int64_t gpus,
                   const PlanCandidate* best);
    void clearData();
    // What the empty plot says ("": press Run).
    void setEmptyMessage(const QString& message);
    void setColourBy(ColourBy by);
    ColourBy colourBy() const { return m_colourBy; }
    // The document's layout; ringed when it is one of the points.
    void setCurrentLayout(const Layout& layout, bool valid);

    int pointCount() const; // points drawn in the coloured groups
    int groupCount() const { return int(m_groups.size()); }
    QCPGraph* group(int i) const { return m_groups.at(std::size_t(i)); }
    QCPGraph* currentMark() const { return m_currentMark; }
    QCPGraph* bestMark() const { return m_bestMark; }
    // The candidate drawn nearest to POS (widget coordinates), within a few pixels; null when none.
    const PlanCandidate* candidateAt(const QPointF& pos) const;
    QString toolTipAt(const QPointF& pos) const;

    // Presentation mode: fonts, lines and points SCALE times their usual size (1: as usual).
    Q_INVOKABLE void setPresentationScale(double scale);
    double presentationScale() const { return m_presentation.scale(); }

signals:
    void layoutClicked(const ss::Layout& layout);

protected:
    void changeEvent(QEvent* event) override;

private:
    void rebuild();
    void applyPalette();
    void updateMarks();
    void fitToSize();
    void onMouseMove(QMouseEvent* event);

    std::vector<PlanCandidate> m_candidates;
    std::int64_t m_gpus = 0;
    bool m_hasBest = false;
    PlanCandidate m_best;
    Layout m_current;
    bool m_hasCurrent = false;
    ColourBy m_colourBy = ColourBy::PipelineStages;
    std::vector<QCPGraph*> m_groups;
    QCPGraph* m_currentMark = nullptr;
    QCPGraph* m_bestMark = nullptr;
    QCPItemText* m_emptyText = nullptr;
    QString m_emptyMessage;
    QPoint m_pressPos;
    double m_maxY = 0; // the best tokens/s drawn, under the headroom above it
    PlotPresentation m_presentation;
};

} // namespace ss
