// SPDX-License-Identifier: GPL-3.0-or-later
// The key to the canvas's links: the colour scale and what it measures (utilisation, or busy time relative
// to the busiest link until the step is simulated), idle links, line widths by bandwidth, the bottleneck
// badge and, while a collective is highlighted, its ring order. Its entries wrap onto more lines when the
// panel (or a translation) is narrow.
#pragma once

#include "linkstyle.h"

#include <QWidget>

class QLabel;

namespace ss {

class LinkLegend : public QWidget
{
    Q_OBJECT
public:
    explicit LinkLegend(QWidget* parent = nullptr);

    void setMeasure(LinkLoadScale::Measure measure, double busiest_s);
    LinkLoadScale::Measure measure() const { return m_measure; }
    // The caption of the colour scale as shown.
    QString scaleCaption() const;
    void setRingShown(bool shown);
    // Whether the marked link limits the step ("Bottleneck", red) or is only the busiest ("Busiest link").
    void setBottleneckLimitsStep(bool limits);

protected:
    // View > Language: every entry's words in the new language.
    void changeEvent(QEvent* event) override;

private:
    void retranslate();

    class ScaleKey;
    class SampleKey;
    class BadgeKey;
    ScaleKey* m_scale;
    BadgeKey* m_badge;
    SampleKey* m_ring;
    SampleKey* m_idle;
    QLabel* m_widthCaption;
    LinkLoadScale::Measure m_measure = LinkLoadScale::Measure::RelativeBusy;
    double m_busiest = 0;
};

} // namespace ss
