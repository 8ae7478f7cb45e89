// SPDX-License-Identifier: GPL-3.0-or-later
// Memory per GPU for every pipeline stage: stacked bars of the five components of ss::StageMemory,
// the GPU capacity as a line, and the stages that do not fit outlined with their overflow.
// It only draws figures of an ss::Result; nothing here computes memory.
#pragma once

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
    enum class Component
    {
        Params,
        Grads,
        Optimizer,
        Activations,
        Buffers
    };
    static constexpr int componentCount = 5;

    explicit MemoryChart(QWidget* parent = nullptr);

    // Shows RESULT's per-stage memory; queues one replot.
    void resetData(const Result& result);
    // Marks the shown result as belonging to an earlier scenario (the current one is invalid).
    void setStale(bool stale);
    bool isStale() const { return m_stale; }

    QCPBars* bars(Component component) const { return m_bars[static_cast<int>(component)]; }
    static QString componentName(Component component);
    static double componentBytes(const StageMemory& stage, Component component);
    // Stages outlined as not fitting.
    int overflowMarks() const { return static_cast<int>(m_overflowItems.size()); }
    double capacity() const { return m_capacity; }

protected:
    void changeEvent(QEvent* event) override;
    void resizeEvent(QResizeEvent* event) override;

private:
    void onMouseMove(QMouseEvent* event);
    void applyPalette();
    void updateTitle();
    void clearOverflowItems();
    void updateOverflowLabels();

    std::vector<StageMemory> m_stages;
    double m_capacity = 0;
    bool m_stale = false;
    std::array<QCPBars*, componentCount> m_bars{};
    QCPTextElement* m_title = nullptr;
    QCPItemStraightLine* m_capacityLine = nullptr;
    QSharedPointer<QCPAxisTickerText> m_capacityTicker;
    std::vector<QCPAbstractItem*> m_overflowItems;
    std::vector<QCPItemText*> m_overflowLabels;
};

} // namespace ss
