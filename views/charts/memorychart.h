// SPDX-License-Identifier: GPL-3.0-or-later
// Memory per GPU for every pipeline stage: stacked bars of the five components of ss::StageMemory,
// the GPU capacity as a line, and the stages that do not fit outlined with their overflow. With a pinned
// baseline each stage also shows the baseline's stack, lighter and narrower, left of the current
// one. It only draws figures of an ss::Result; nothing here computes memory.
#pragma once

#include "plotpresentation.h"
#include "result.h"

#include <qcustomplot.h>

#include <array>
#include <vector>

namespace ss {

class MemoryChart : public QCustomPlot
{
    Q_OBJECT
public:
    // Bottom to top in the stack.
    // Stacked bottom to top. FrozenParams: a LoRA/QLoRA run's frozen base weights with their quantization
    // constants (empty in full training); Params then holds the weights that train (the adapters).
    enum class Component
    {
        FrozenParams,
        Params,
        Grads,
        Optimizer,
        Activations,
        Buffers
    };
    static constexpr int componentCount = 6;

    explicit MemoryChart(QWidget* parent = nullptr);

    // Shows RESULT's per-stage memory; queues one replot.
    void resetData(const Result& result);
    // Marks the shown result as belonging to an earlier scenario (the current one is invalid).
    void setStale(bool stale);
    bool isStale() const { return m_stale; }
    // Shows BASELINE's per-stage memory beside the current bars under the legend entry "Baseline: LABEL";
    // nullptr removes it. Queues one replot.
    void setBaseline(const Result* baseline, const QString& label = {});
    bool hasBaseline() const { return m_baselineBars[0] != nullptr; }
    // The baseline's bars of COMPONENT; nullptr while there is no baseline.
    QCPBars* baselineBars(Component component) const { return m_baselineBars[static_cast<int>(component)]; }

    QCPBars* bars(Component component) const { return m_bars[static_cast<int>(component)]; }
    static QString componentName(Component component);
    static double componentBytes(const StageMemory& stage, Component component);
    // The parts of a stage's buffers that hold anything, a line each after a line break ("" for none).
    static QString bufferPartsText(const StageMemory& stage);
    // Stages outlined as not fitting.
    int overflowMarks() const { return static_cast<int>(m_overflowItems.size()); }
    double capacity() const { return m_capacity; }
    // Presentation mode: fonts and lines SCALE times their usual size (1: as usual).
    Q_INVOKABLE void setPresentationScale(double scale);
    double presentationScale() const { return m_presentation.scale(); }

    // The current stage's bar segment under POS (widget pixels): its stage and component; false for none.
    bool segmentAt(const QPointF& pos, int* stage, Component* component) const;

    // The keyboard's segment: outlined while the chart has the focus, moved by the arrow keys, explained by
    // Enter or Space. Until the arrows move it, the largest part of the fullest stage (the peak's).
    bool focusedSegment(int* stage, Component* component) const;
    // Emits segmentClicked() for the focused segment, as a click on it does; false when there is none.
    bool activateFocused();

signals:
    // A segment of a current bar was clicked (the Explain panel shows how it is computed).
    void segmentClicked(int stage, ss::MemoryChart::Component component);

protected:
    void changeEvent(QEvent* event) override;
    void resizeEvent(QResizeEvent* event) override;
    // The stage numbers under the bars, as many as fit the axis.
    void updateStageTicks();
    void paintEvent(QPaintEvent* event) override;
    void keyPressEvent(QKeyEvent* event) override;
    void focusInEvent(QFocusEvent* event) override;
    void focusOutEvent(QFocusEvent* event) override;

private:
    void onMouseMove(QMouseEvent* event);
    void onMouseRelease(QMouseEvent* event);
    void applyPalette();
    void retranslate();
    void updateTitle();
    void clearOverflowItems();
    void updateOverflowLabels();
    void layoutBars();
    // Whether a stage holds frozen base weights (LoRA, QLoRA); their legend entry and the weights' name
    // follow it.
    bool hasFrozenWeights() const;
    void updateFrozenLegend();
    void updateLegendWrap(int width);
    // The current bars' centre offset from the stage and their width (narrower beside a baseline).
    double barOffset() const;
    double currentBarWidth() const;
    // The widget pixels of STAGE's segment of COMPONENT.
    QRectF segmentRect(int stage, Component component) const;

    std::vector<StageMemory> m_stages;
    double m_capacity = 0;
    int m_slotStages = 0; // stages the x axis has slots for
    int m_tickEvery = 0;  // the stage labels shown: every k-th of m_tickStages
    int m_tickStages = 0;
    bool m_stale = false;
    std::array<QCPBars*, componentCount> m_bars{};
    QCPTextElement* m_title = nullptr;
    QCPItemStraightLine* m_capacityLine = nullptr;
    QSharedPointer<QCPAxisTickerText> m_capacityTicker;
    std::vector<QCPAbstractItem*> m_overflowItems;
    std::vector<QCPItemText*> m_overflowLabels;
    std::vector<StageMemory> m_baselineStages;
    QString m_baselineLabel;
    std::array<QCPBars*, componentCount> m_baselineBars{};
    QCPBars* m_baselineLegend = nullptr; // a bar without data: the one legend entry of the baseline
    PlotPresentation m_presentation;
    int m_focusStage = -1; // -1: the peak's segment
    Component m_focusComponent = Component::Params;
};

} // namespace ss
