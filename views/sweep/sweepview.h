// SPDX-License-Identifier: GPL-3.0-or-later
// The "Sweep" tab: a control bar (the parameter, from/to/steps, linear or logarithmic steps, the
// metrics) over a SweepChart of the document's scenario. The sweep reruns when the scenario or a control
// changes, debounced, while the tab is shown; sweeps that take long run on the thread pool (copy in, value
// out, stale results dropped by a generation number, the superseded run told to stop).
#pragma once

#include "backgroundjob.h"
#include "sweep.h"

#include <QWidget>

#include <atomic>
#include <map>
#include <memory>

class QCheckBox;
class QComboBox;
class QLabel;
class QLineEdit;
class QSpinBox;
class QTimer;

namespace ss {

class ScenarioDocument;
class SweepChart;

class SweepView : public QWidget
{
    Q_OBJECT
public:
    explicit SweepView(ScenarioDocument* document, QWidget* parent = nullptr);
    ~SweepView() override;

    SweepChart* chart() const { return m_chart; }
    // What the controls ask for now (values parsed from from/to/steps); SweepSpec::param empty when they
    // do not make a sweep (a value that does not parse).
    SweepSpec spec() const;
    bool isLogarithmic() const;
    QString parameter() const;
    // Picks PATH (a sweepParams() path) and its default range; false when the scenario has no such parameter.
    bool setParameter(const QString& path);
    void setRange(double from, double to, int steps, bool log);
    void setMetrics(const QStringList& names);
    // Runs the sweep now (on the UI thread when it is cheap), whether or not the tab is shown.
    void runNow();
    bool isRunning() const { return m_job.isRunning(); }

signals:
    // A sweep finished and the chart shows it.
    void sweepFinished();

protected:
    void showEvent(QShowEvent* event) override;
    void changeEvent(QEvent* event) override;

private:
    void buildControls();
    void fillParameters();
    void scheduleRun();
    void applyDefaultRange();
    void showSweep(const SweepResult& result, double current, bool log);
    void retranslate();

    ScenarioDocument* m_document;
    SweepChart* m_chart;
    QComboBox* m_param = nullptr;
    QLineEdit* m_from = nullptr;
    QLineEdit* m_to = nullptr;
    QSpinBox* m_steps = nullptr;
    QComboBox* m_scale = nullptr;
    std::map<std::string, QCheckBox*> m_metricBoxes;
    QLabel* m_status = nullptr;
    QLabel* m_paramLabel = nullptr;
    QLabel* m_fromLabel = nullptr;
    QLabel* m_toLabel = nullptr;
    QLabel* m_stepsLabel = nullptr;
    QTimer* m_debounce;
    QStringList m_paramPaths; // what m_param lists, to refill it only when the scenario's list changes
    bool m_dirty = true;
    bool m_filling = false;
    bool m_paramsStale = false; // the scenario changed while hidden: fillParameters() before use
    std::shared_ptr<std::atomic<bool>> m_cancel; // the latest threaded sweep's
    BackgroundJob<SweepResult> m_job{this};
};

} // namespace ss
