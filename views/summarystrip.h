// SPDX-License-Identifier: GPL-3.0-or-later
// The headline figures of a result: parameters, GPUs, microbatches, peak memory per GPU against the
// capacity, whether it fits, model FLOPs per step, and the engine's warnings and the scenario's problems.
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
    QLabel* m_warnings;
    QLabel* m_problems;
    bool m_stale = false;
};

} // namespace ss
