// SPDX-License-Identifier: GPL-3.0-or-later
// Measured against fitted collective time on log-log axes, as nccl-tests results are read (measured against
// the model on a log-log chart). One pair of graphs per collective: the measured times as points and the
// alpha-beta model t = α + β·S (calibration.h) as a line; the legend gives α, 1/β as a bandwidth and R².
#pragma once

#include "calibration.h"
#include "plotpresentation.h"

#include <qcustomplot.h>

#include <vector>

namespace ss {

class CalibrationChart : public QCustomPlot
{
    Q_OBJECT
public:
    explicit CalibrationChart(QWidget* parent = nullptr);

    // Shows CALIBRATIONS (those whose fit failed are left out); queues one replot.
    void setCalibrations(const std::vector<Calibration>& calibrations);
    // The graphs of the I-th shown calibration; nullptr when there is none.
    QCPGraph* measuredGraph(int index) const;
    QCPGraph* fittedGraph(int index) const;
    int calibrationCount() const { return int(m_measured.size()); }
    // The legend text of the fitted graph: "allreduce, 8 ranks: α = 23.1 µs, 1/β = 131 GB/s, R² = 0.998".
    static QString fitText(const Calibration& calibration);

    // Presentation mode: fonts, lines and points SCALE times their usual size (1: as usual). A
    // chart made while presenting (in the import preview) is scaled as its dialog shows.
    Q_INVOKABLE void setPresentationScale(double scale);
    double presentationScale() const { return m_presentation.scale(); }

protected:
    // View > Language: the axes and the legend in the new language.
    void changeEvent(QEvent* event) override;

private:
    std::vector<Calibration> m_calibrations; // on show, to be labelled again
    std::vector<QCPGraph*> m_measured;
    std::vector<QCPGraph*> m_fitted;
    PlotPresentation m_presentation;
};

} // namespace ss
