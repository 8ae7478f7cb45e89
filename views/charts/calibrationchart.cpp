// SPDX-License-Identifier: GPL-3.0-or-later
#include "calibrationchart.h"

#include "chartpalette.h"
#include "unitformat.h"
#include "unittickers.h"

#include <algorithm>
#include <cmath>

namespace ss {

namespace {

// The Okabe-Ito colours the other charts use, so a collective keeps a readable colour in print.
QColor seriesColor(int index)
{
    static const QRgb colors[] = {okabeIto::blue,          okabeIto::vermillion, okabeIto::bluishGreen,
                                  okabeIto::reddishPurple, okabeIto::orange,     okabeIto::skyBlue};
    return QColor(colors[index % int(std::size(colors))]);
}

// The model line is drawn over the whole measured range at this many sizes, evenly spaced in log(bytes),
// so it shows its true curve (flat at α, then slope 1) and not segments between the measured sizes.
constexpr int modelSamples = 96;

} // namespace

CalibrationChart::CalibrationChart(QWidget* parent) : QCustomPlot(parent)
{
    setObjectName(QStringLiteral("calibrationChart"));
    setMinimumSize(360, 260);
    setBackground(Qt::white); // readable in print and in a screenshot alike, as every export
    for (QCPAxis* axis : {xAxis, yAxis}) {
        axis->setScaleType(QCPAxis::stLogarithmic);
        axis->grid()->setSubGridVisible(true);
    }
    xAxis->setTicker(QSharedPointer<QCPAxisTicker>(new LogByteTicker));
    yAxis->setTicker(QSharedPointer<QCPAxisTicker>(new LogSecondsTicker));
    xAxis->setLabel(tr("Bytes per collective"));
    yAxis->setLabel(tr("Time per collective"));
    legend->setVisible(true);
    legend->setBrush(QColor(255, 255, 255, 230));
    axisRect()->insetLayout()->setInsetAlignment(0, Qt::AlignTop | Qt::AlignLeft);
}

QString CalibrationChart::fitText(const Calibration& calibration)
{
    const AlphaBetaFit& fit = calibration.fit;
    const QString bandwidth = fit.beta_s_per_byte > 0
                                  ? quantityText(1.0 / fit.beta_s_per_byte, Unit::BytesPerSecond)
                                  : QStringLiteral("—");
    return tr("%1, %n ranks: α = %2, 1/β = %3, R² = %4", nullptr, int(calibration.ranks))
        .arg(QString::fromStdString(calibration.op), quantityText(fit.alpha_s, Unit::Seconds), bandwidth,
             localeNumber(fit.r2, 4));
}

void CalibrationChart::changeEvent(QEvent* event)
{
    QCustomPlot::changeEvent(event);
    if (event->type() == QEvent::LanguageChange) {
        xAxis->setLabel(tr("Bytes per collective"));
        yAxis->setLabel(tr("Time per collective"));
        const std::vector<Calibration> shown = m_calibrations;
        setCalibrations(shown);
    }
}

void CalibrationChart::setCalibrations(const std::vector<Calibration>& calibrations)
{
    m_calibrations = calibrations;
    clearGraphs();
    m_measured.clear();
    m_fitted.clear();
    double lowBytes = HUGE_VAL, highBytes = 0, lowTime = HUGE_VAL, highTime = 0;
    int index = 0;
    for (const Calibration& calibration : calibrations) {
        const AlphaBetaFit& fit = calibration.fit;
        if (!fit.ok() || fit.points.empty())
            continue;
        const QColor color = seriesColor(index++);
        QCPGraph* measured = addGraph();
        measured->setLineStyle(QCPGraph::lsNone);
        measured->setScatterStyle(QCPScatterStyle(QCPScatterStyle::ssCircle, color, Qt::white, 7));
        measured->setName(tr("%1 measured").arg(QString::fromStdString(calibration.op)));
        QVector<double> keys, values;
        for (const CalibrationPoint& point : fit.points) {
            // A log axis cannot place zero or negative values; the fit has rejected such samples anyway.
            if (!(point.bytes > 0) || !(point.measured_s > 0))
                continue;
            keys.push_back(point.bytes);
            values.push_back(point.measured_s);
            lowBytes = std::min(lowBytes, point.bytes);
            highBytes = std::max(highBytes, point.bytes);
            lowTime = std::min(lowTime, point.measured_s);
            highTime = std::max(highTime, point.measured_s);
        }
        measured->setData(keys, values, true);

        QCPGraph* fitted = addGraph();
        fitted->setPen(QPen(color, 2));
        fitted->setName(fitText(calibration));
        QVector<double> modelKeys, modelValues;
        if (!keys.isEmpty()) {
            const double first = std::log(*std::min_element(keys.begin(), keys.end()));
            const double last = std::log(*std::max_element(keys.begin(), keys.end()));
            for (int i = 0; i < modelSamples; ++i) {
                const double bytes = std::exp(first + (last - first) * i / (modelSamples - 1));
                const double seconds = fit.alpha_s + fit.beta_s_per_byte * bytes; // calibration.h's model
                modelKeys.push_back(bytes);
                modelValues.push_back(seconds);
                if (seconds > 0) {
                    lowTime = std::min(lowTime, seconds);
                    highTime = std::max(highTime, seconds);
                }
            }
        }
        fitted->setData(modelKeys, modelValues, true);
        m_measured.push_back(measured);
        m_fitted.push_back(fitted);
    }
    if (highBytes > 0 && highTime > 0) {
        // Some air around the points: a factor of 2 in bytes, and half a decade of time above for the legend.
        xAxis->setRange(lowBytes / 2, highBytes * 2);
        // The time axis starts at a power of ten, so its lowest tick is labelled.
        yAxis->setRange(std::pow(10.0, std::floor(std::log10(lowTime / 1.5))), highTime * 6);
    }
    replot(QCustomPlot::rpQueuedReplot);
}

void CalibrationChart::setPresentationScale(double scale)
{
    m_presentation.setScale(this, scale);
}

QCPGraph* CalibrationChart::measuredGraph(int index) const
{
    return index >= 0 && index < int(m_measured.size()) ? m_measured[std::size_t(index)] : nullptr;
}

QCPGraph* CalibrationChart::fittedGraph(int index) const
{
    return index >= 0 && index < int(m_fitted.size()) ? m_fitted[std::size_t(index)] : nullptr;
}

} // namespace ss
