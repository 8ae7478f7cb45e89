// SPDX-License-Identifier: GPL-3.0-or-later
// The sweep chart: the metrics of a parameter sweep (ss::runSweep) as lines over the swept values,
// one y axis per kind of number (seconds, bytes, fractions, tokens/s), points that do not fit in GPU memory
// as hollow red rings, the GPU's memory as a dashed line beside peak memory, the scenario's current value as
// a vertical line, invalid points left out with a note saying why. It only draws the SweepResult.
#pragma once

#include "plotpresentation.h"
#include "sweep.h"

#include <qcustomplot.h>

#include <vector>

namespace ss {

class SweepChart : public QCustomPlot
{
    Q_OBJECT
public:
    explicit SweepChart(QWidget* parent = nullptr);

    // Shows RESULT; CURRENT is the scenario's value of the swept parameter (NaN: none), LOG a logarithmic
    // x axis. Queues one replot.
    void resetData(const SweepResult& result, double current, bool log);
    const SweepResult& data() const { return m_result; }

    int validPoints() const;   // rows drawn
    int invalidPoints() const; // rows left out
    int unfitPoints() const;   // drawn rows that do not fit in memory
    double currentValue() const { return m_current; }
    // The vertical line at the current value; nullptr when it is not shown.
    QCPItemStraightLine* currentLine() const { return m_currentLine; }
    // The line of metric I and the rings of its points that do not fit.
    QCPGraph* metricGraph(int i) const;
    QCPGraph* unfitGraph(int i) const;
    // The y axis metric I is drawn against.
    QCPAxis* metricAxis(int i) const;
    // The note under the title ("2 of 9 values left out: ..."); "" when every point is drawn.
    QString note() const { return m_noteText; }
    // What the tooltip shows at POS (widget coordinates): the nearest value's figures; "" when nowhere near.
    QString toolTipAt(const QPointF& pos) const;

    // Translated names: "Step time" for step.time_s, "Micro batch" for training.micro_batch,
    // "InfiniBand bandwidth" for link.ib.bandwidth_Bps.
    static QString metricLabel(const QString& name);
    static QString paramLabel(const QString& path);
    static QColor metricColor(const QString& name);
    // The unit a parameter's values are shown in.
    static Unit paramUnit(const QString& path);

    // Presentation mode: fonts, lines and points SCALE times their usual size (1: as usual).
    Q_INVOKABLE void setPresentationScale(double scale);
    double presentationScale() const { return m_presentation.scale(); }

protected:
    void changeEvent(QEvent* event) override;

private:
    void rebuild();
    void clearPlot();
    std::vector<double> layoutValueAxis(const QString& param);
    void addMetricGraphs();
    void fitMetricAxes();
    bool addCurrentLine(const QString& param, const std::vector<double>& xs);
    void updateNote(const QString& param, const std::vector<double>& xs, bool currentShown);
    void applyPalette();
    QCPAxis* axisFor(MetricKind kind);
    void onMouseMove(QMouseEvent* event);

    SweepResult m_result;
    double m_current = 0;
    bool m_log = false;
    std::vector<QCPGraph*> m_graphs;
    std::vector<QCPGraph*> m_unfit;
    std::vector<QCPAxis*> m_metricAxes;
    std::vector<std::pair<MetricKind, QCPAxis*>> m_kindAxes;
    std::vector<QCPAxis*> m_extraAxes; // axes added beyond yAxis and yAxis2
    QCPGraph* m_capacity = nullptr;
    QCPItemStraightLine* m_currentLine = nullptr;
    QCPItemText* m_currentLabel = nullptr;
    QCPItemText* m_emptyText = nullptr;
    QCPTextElement* m_title = nullptr;
    QCPTextElement* m_note = nullptr;
    QString m_noteText;
    PlotPresentation m_presentation;
};

} // namespace ss
