// SPDX-License-Identifier: GPL-3.0-or-later
// The headline figures of a result: parameters, GPUs, microbatches, peak memory per GPU against the
// capacity, whether it fits, model FLOPs per step; once the step is simulated, the step time, tokens/s,
// MFU, bubble and exposed communication with the bottleneck sentence; and the engine's warnings and the
// scenario's problems.
#pragma once

#include "result.h"
#include "validate.h"

#include <QFrame>

#include <vector>

class QLabel;

namespace ss {

class SummaryStrip : public QFrame
{
    Q_OBJECT
public:
    explicit SummaryStrip(QWidget* parent = nullptr);

    void resetData(const Result& result);
    // The current scenario's problems; non-empty means the figures shown are from an earlier scenario.
    void setProblems(const std::vector<Problem>& problems);

private:
    QLabel* addFigure(const QString& caption, const QString& name);

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
};

} // namespace ss
