// SPDX-License-Identifier: GPL-3.0-or-later
// The headline figures of a result: parameters, GPUs, microbatches, peak memory per GPU against the
// capacity, whether it fits, model FLOPs per step; once the step is simulated, the step time, tokens/s,
// MFU, bubble and exposed communication with the bottleneck sentence; and the engine's warnings and the
// scenario's problems. While a baseline is pinned (issue 6), each figure also shows its change against it,
// coloured by whether it is better or worse.
#pragma once

#include "compare.h"
#include "result.h"
#include "validate.h"

#include <QFrame>

#include <string>
#include <utility>
#include <vector>

class QAction;
class QLabel;
class QToolButton;

namespace ss {

class SummaryStrip : public QFrame
{
    Q_OBJECT
public:
    explicit SummaryStrip(QWidget* parent = nullptr);

    void resetData(const Result& result);
    // The current scenario's problems; non-empty means the figures shown are from an earlier scenario.
    void setProblems(const std::vector<Problem>& problems);
    // Shows DELTAS (compareResults(baseline, current)) under the figures, against the baseline LABEL.
    void setComparison(const QString& label, const std::vector<FigureDelta>& deltas);
    void clearComparison();
    // The pin/unpin toggle shown at the strip's right end (the window owns the action).
    void setPinAction(QAction* action);

protected:
    void changeEvent(QEvent* event) override;

private:
    QLabel* addFigure(const QString& caption, const QString& name, const char* figureId = nullptr);
    void showDeltas();
    void setFiguresEnabled(bool enabled);

    QWidget* m_figures;
    QLabel* m_params;
    QLabel* m_gpus;
    QLabel* m_microbatches;
    QLabel* m_peak;
    QLabel* m_flops;
    QLabel* m_fits;
    // The step's figures, hidden while the result has no simulated step.
    QLabel* m_stepTime;
    QLabel* m_tokens;
    QLabel* m_mfu;
    QLabel* m_bubble;
    QLabel* m_exposed;
    QLabel* m_bottleneck;
    QLabel* m_warnings;
    QLabel* m_problems;
    bool m_stale = false;
    // Comparison with the baseline: each figure's delta label with its result JSON path.
    std::vector<std::pair<std::string, QLabel*>> m_deltaLabels;
    std::vector<FigureDelta> m_deltas;
    QString m_baselineLabel;
    bool m_comparing = false;
    QWidget* m_pinCard = nullptr;
    QToolButton* m_pinButton = nullptr;
    QLabel* m_baselineName = nullptr;
};

} // namespace ss
