// SPDX-License-Identifier: GPL-3.0-or-later
#include "linklegend.h"

#include "canvasitems.h"
#include "flowlayout.h"
#include "unitformat.h"

#include <QEvent>
#include <QLabel>
#include <QLocale>
#include <QPainter>

#include <algorithm>

namespace ss {

namespace {
constexpr int barWidth = 180;
constexpr int barHeight = 10;
constexpr int sampleLength = 22;
} // namespace

// The colour bar with its caption above and 0 / 50 / 100 % under it. The caption wraps within the bar's
// width plus a little, so a long one (or its translation) grows down instead of out of a narrow panel.
class LinkLegend::ScaleKey : public QWidget
{
public:
    QString caption;
    static constexpr int keyWidth = barWidth + 30;
    QRect captionRect() const
    {
        return QFontMetrics(font()).boundingRect(QRect(0, 0, keyWidth, 1000), Qt::TextWordWrap, caption);
    }
    QSize sizeHint() const override
    {
        return QSize(keyWidth, captionRect().height() + QFontMetrics(font()).height() + barHeight + 6);
    }
    QSize minimumSizeHint() const override { return sizeHint(); }

protected:
    void paintEvent(QPaintEvent*) override
    {
        QPainter p(this);
        const QFontMetrics metrics(font());
        p.setPen(palette().color(QPalette::WindowText));
        const QRect text = captionRect();
        p.drawText(QRect(0, 0, keyWidth, text.height()), Qt::AlignLeft | Qt::TextWordWrap, caption);
        const int y = text.height() + 2;
        for (int x = 0; x < barWidth; ++x) {
            p.setPen(viridis(double(x) / (barWidth - 1)));
            p.drawLine(x, y, x, y + barHeight - 1);
        }
        p.setPen(palette().color(QPalette::WindowText));
        const QRect labels(0, y + barHeight + 1, barWidth, metrics.height());
        p.drawText(labels, Qt::AlignLeft | Qt::AlignVCenter, localeNumber(0, 0, true));
        p.drawText(labels, Qt::AlignHCenter | Qt::AlignVCenter, localeNumber(50, 0, true));
        p.drawText(labels, Qt::AlignRight | Qt::AlignVCenter, localeNumber(100, 0, true));
    }
};

// A short line drawn as the canvas draws a link, and what it means.
class LinkLegend::SampleKey : public QWidget
{
public:
    SampleKey(const QPen& pen, const QString& text) : m_pen(pen), m_text(text) {}
    void setText(const QString& text)
    {
        m_text = text;
        updateGeometry();
        update();
    }
    QSize sizeHint() const override
    {
        const QFontMetrics metrics(font());
        return QSize(sampleLength + 6 + metrics.horizontalAdvance(m_text) + 2, metrics.height() + 4);
    }
    QSize minimumSizeHint() const override { return sizeHint(); }

protected:
    void paintEvent(QPaintEvent*) override
    {
        QPainter p(this);
        p.setRenderHint(QPainter::Antialiasing, true);
        const int y = height() / 2;
        p.setPen(m_pen);
        p.drawLine(QPointF(1, y), QPointF(sampleLength, y));
        p.setPen(palette().color(QPalette::WindowText));
        p.drawText(QRect(sampleLength + 6, 0, width() - sampleLength - 6, height()),
                   Qt::AlignLeft | Qt::AlignVCenter, m_text);
    }

private:
    QPen m_pen;
    QString m_text;
};

// The badge the canvas puts on the bottleneck (or on the busiest link).
class LinkLegend::BadgeKey : public QWidget
{
public:
    bool limits = true;
    QString text() const { return limits ? MarkerItem::tr("Bottleneck") : MarkerItem::tr("Busiest link"); }
    QSize sizeHint() const override
    {
        QFont bold = font();
        bold.setBold(true);
        const QFontMetrics metrics(bold);
        return QSize(metrics.horizontalAdvance(text()) + 30, metrics.height() + 6);
    }
    QSize minimumSizeHint() const override { return sizeHint(); }

protected:
    void paintEvent(QPaintEvent*) override
    {
        QPainter p(this);
        p.setRenderHint(QPainter::Antialiasing, true);
        QFont bold = font();
        bold.setBold(true);
        const QColor fill = limits ? MarkerItem::color() : MarkerItem::busiestColor();
        const QRect badge = rect().adjusted(0, 1, -1, -1);
        p.setPen(Qt::NoPen);
        p.setBrush(fill);
        p.drawRoundedRect(badge, 4, 4);
        const QRect sign(badge.left() + 5, badge.center().y() - 6, 13, 13);
        p.setBrush(Qt::white);
        p.drawEllipse(sign);
        p.setFont(bold);
        p.setPen(fill);
        p.drawText(sign, Qt::AlignCenter, QStringLiteral("!"));
        p.setPen(Qt::white);
        p.drawText(badge.adjusted(22, 0, -2, 0), Qt::AlignCenter, text());
    }
};

LinkLegend::LinkLegend(QWidget* parent) : QWidget(parent), m_scale(new ScaleKey), m_badge(new BadgeKey)
{
    setObjectName(QStringLiteral("linkLegend"));
    auto* layout = new FlowLayout(this, 14, 4);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(m_scale);
    m_widthCaption = new QLabel(tr("Width: bandwidth per direction"));
    layout->addWidget(m_widthCaption);
    // The widths the canvas draws these bandwidths with (linkWidthFor), in one colour from the middle.
    for (double bw : {10e9, 100e9, 1e12}) {
        QPen pen(viridis(0.5), linkWidthFor(bw), Qt::SolidLine, Qt::FlatCap);
        layout->addWidget(new SampleKey(pen, quantityText(bw, Unit::BytesPerSecond)));
    }
    m_idle = new SampleKey(QPen(QColor(0x9A, 0x9A, 0x9A), 2.5, Qt::SolidLine, Qt::FlatCap), tr("Idle"));
    layout->addWidget(m_idle);
    layout->addWidget(m_badge);
    m_ring = new SampleKey(QPen(QColor(0xD5, 0x5E, 0x00), 2.5, Qt::DashLine, Qt::FlatCap), tr("Ring order"));
    m_ring->hide();
    layout->addWidget(m_ring);
    setMeasure(LinkLoadScale::Measure::RelativeBusy, 0);
}

QString LinkLegend::scaleCaption() const
{
    return m_scale->caption;
}

void LinkLegend::changeEvent(QEvent* event)
{
    QWidget::changeEvent(event);
    if (event->type() == QEvent::LanguageChange)
        retranslate();
}

void LinkLegend::retranslate()
{
    m_widthCaption->setText(tr("Width: bandwidth per direction"));
    m_idle->setText(tr("Idle"));
    m_ring->setText(tr("Ring order"));
    // The bandwidth samples: their numbers in the new locale, in the order the constructor added them.
    const double bandwidths[] = {10e9, 100e9, 1e12};
    int sample = 0;
    for (int i = 0; i < layout()->count() && sample < 3; ++i) {
        auto* key = dynamic_cast<SampleKey*>(layout()->itemAt(i)->widget());
        if (key && key != m_idle && key != m_ring)
            key->setText(quantityText(bandwidths[sample++], Unit::BytesPerSecond));
    }
    setMeasure(m_measure, m_busiest);
    m_badge->updateGeometry();
    m_badge->update();
}

void LinkLegend::setMeasure(LinkLoadScale::Measure measure, double busiest_s)
{
    m_measure = measure;
    m_busiest = busiest_s;
    if (measure == LinkLoadScale::Measure::Utilization)
        m_scale->caption = tr("Colour: link utilisation, busy time ÷ step time");
    else if (busiest_s > 0)
        m_scale->caption = tr("Colour: busy time ÷ the busiest link's (%1; step not simulated yet)")
                               .arg(quantityText(busiest_s, Unit::Seconds));
    else
        m_scale->caption = tr("Colour: busy time ÷ the busiest link's (step not simulated yet)");
    m_scale->updateGeometry();
    m_scale->update();
    updateGeometry();
}

void LinkLegend::setBottleneckLimitsStep(bool limits)
{
    if (m_badge->limits == limits)
        return;
    m_badge->limits = limits;
    m_badge->updateGeometry();
    m_badge->update();
}

void LinkLegend::setRingShown(bool shown)
{
    m_ring->setVisible(shown);
}

} // namespace ss
