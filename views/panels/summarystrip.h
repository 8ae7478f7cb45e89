// SPDX-License-Identifier: GPL-3.0-or-later
// The headline figures of a result: parameters, GPUs, microbatches, peak memory per GPU against the
// capacity, whether it fits, model FLOPs per step; once the step is simulated, the step time, tokens/s,
// MFU, bubble and exposed communication with the bottleneck sentence; and the engine's warnings and the
// scenario's problems. While a baseline is pinned, each figure also shows its change against it,
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

signals:
    // A figure was clicked: its result JSON path ("step.time_s"), for the Explain panel.
    void figureClicked(const QString& figure);

protected:
    void changeEvent(QEvent* event) override;
    // Clicks on a figure's card (its caption and value labels included) become figureClicked().
    bool eventFilter(QObject* watched, QEvent* event) override;

private:
    QLabel* addFigure(const QString& caption, const QString& name, const char* figureId = nullptr);
    void showFigures();
    void showParams(const Result& result);
    void showProblems();
    void showDeltas();
    void retranslate();
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
    // What is on show, to be worded again when the language changes: the result without its timeline and
    // explanations (the strip shows neither), and the scenario's problems.
    Result m_shown;
    bool m_hasShown = false;
    std::vector<Problem> m_shownProblems;
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
