// SPDX-License-Identifier: GPL-3.0-or-later
#include "bottleneckbadge.h"

#include "canvasitems.h"
#include "chartfocus.h"

#include <QEvent>
#include <QFontMetricsF>
#include <QKeyEvent>
#include <QLineF>
#include <QPainter>

#include <algorithm>
#include <array>
#include <cmath>

namespace ss {

BottleneckBadge::BottleneckBadge(QWidget* parent) : QAbstractButton(parent)
{
    setObjectName(QStringLiteral("bottleneckBadge"));
    setFocusPolicy(Qt::TabFocus);
    setCursor(Qt::PointingHandCursor);
    retranslate();
}

void BottleneckBadge::setLimitsStep(bool limits)
{
    if (limits == m_limits)
        return;
    m_limits = limits;
    retranslate();
}

void BottleneckBadge::setScale(double scale)
{
    if (!(scale > 0) || scale == m_scale)
        return;
    m_scale = scale;
    updateGeometry();
    update();
}

void BottleneckBadge::retranslate()
{
    // The words the scene's badge and the canvas key use.
    setText(m_limits ? MarkerItem::tr("Bottleneck") : MarkerItem::tr("Busiest link"));
    setAccessibleName(text());
    updateGeometry();
    update();
}

QFont BottleneckBadge::badgeFont() const
{
    // Readable at any zoom: the interface's own size, bold, never under 9 points.
    QFont f = font();
    f.setBold(true);
    f.setPointSizeF(std::max(f.pointSizeF(), 9.0) * m_scale);
    return f;
}

QString BottleneckBadge::arrow() const
{
    if (!m_pointsAway)
        return {};
    // Eight directions, screen y down: right, down-right, down, ... clockwise.
    static constexpr std::array<char16_t, 8> arrows = {u'→', u'↘', u'↓', u'↙', u'←', u'↖', u'↑', u'↗'};
    const double angle = std::atan2(m_way.y(), m_way.x());
    constexpr double eighth = 3.14159265358979323846 / 4;
    const int sector = int(std::lround(angle / eighth)) & 7;
    return QString(QChar(arrows[std::size_t(sector)]));
}

QSize BottleneckBadge::sizeHint() const
{
    const QFontMetricsF metrics(badgeFont());
    const double sign = metrics.height(); // the warning sign's circle
    QString words = text();
    if (m_pointsAway)
        words += QLatin1Char(' ') + arrow();
    const double w = 6 * m_scale + sign + 5 * m_scale + metrics.horizontalAdvance(words) + 8 * m_scale;
    const double h = metrics.height() + 8 * m_scale;
    return QSize(int(std::ceil(w)), int(std::ceil(h)));
}

void BottleneckBadge::place(const QPointF& target, const QPointF& away, double clearance, const QRect& area)
{
    const QRectF inner = QRectF(area).adjusted(4, 4, -4, -4);
    const bool outside = !inner.contains(target);
    const QString arrowBefore = arrow();
    if (outside != m_pointsAway) {
        m_pointsAway = outside;
        updateGeometry();
    }
    const QSizeF size = sizeHint();
    const QPointF half(size.width() / 2, size.height() / 2);
    // The centre this far from the point along AWAY keeps the whole badge off the line: its half-extent
    // along AWAY plus the clearance.
    const double reach = std::abs(away.x()) * half.x() + std::abs(away.y()) * half.y() + clearance;
    const auto clamped = [&](const QPointF& centre) {
        QRectF r(centre - half, size);
        r.moveLeft(std::clamp(r.left(), inner.left(), std::max(inner.left(), inner.right() - r.width())));
        r.moveTop(std::clamp(r.top(), inner.top(), std::max(inner.top(), inner.bottom() - r.height())));
        return r;
    };
    const QPointF wanted = target + away * reach;
    QRectF rect = clamped(wanted);
    if (!outside && QLineF(rect.center(), wanted).length() > 1) {
        // Cut off by the edge on this side of the line: the other side may have room.
        const QPointF other = target - away * reach;
        const QRectF alternative = clamped(other);
        if (QLineF(alternative.center(), other).length() < QLineF(rect.center(), wanted).length())
            rect = alternative;
    }
    m_way = target - rect.center();
    // Repainted only when it changed: the canvas places it again after each of its paints.
    setGeometry(rect.toAlignedRect());
    if (arrow() != arrowBefore)
        update();
}

void BottleneckBadge::paintEvent(QPaintEvent*)
{
    QPainter painter(this);
    painter.setRenderHint(QPainter::Antialiasing, true);
    const QColor fill = m_limits ? MarkerItem::color() : MarkerItem::busiestColor();
    const QRectF box = QRectF(rect()).adjusted(0.5, 0.5, -0.5, -0.5);
    painter.setPen(QPen(isDown() ? fill.darker(140) : fill.darker(120), 1));
    painter.setBrush(isDown() ? fill.darker(115) : fill);
    painter.drawRoundedRect(box, 5 * m_scale, 5 * m_scale);
    if (hasFocus()) {
        painter.setPen(QPen(focusFrameColor(palette()), focusFrameWidth));
        painter.setBrush(Qt::NoBrush);
        painter.drawRoundedRect(QRectF(rect()).adjusted(1, 1, -1, -1), 5 * m_scale, 5 * m_scale);
    }
    // A warning sign (a white disc with "!"), then the words and, when the link is out of sight, the arrow.
    const QFont f = badgeFont();
    const QFontMetricsF metrics(f);
    const double d = metrics.height() * 0.85;
    const QRectF sign(6 * m_scale, (height() - d) / 2, d, d);
    painter.setPen(Qt::NoPen);
    painter.setBrush(Qt::white);
    painter.drawEllipse(sign);
    painter.setFont(f);
    painter.setPen(fill);
    painter.drawText(sign, Qt::AlignCenter, QStringLiteral("!"));
    painter.setPen(Qt::white);
    QString words = text();
    if (m_pointsAway)
        words += QLatin1Char(' ') + arrow();
    const QRectF textRect(sign.right() + 5 * m_scale, 0, width() - sign.right() - 5 * m_scale, height());
    painter.drawText(textRect, Qt::AlignVCenter | Qt::AlignLeft, words);
}

void BottleneckBadge::keyPressEvent(QKeyEvent* event)
{
    // Space clicks any button; Enter does too on this one (it is a link to the bottleneck, not a default).
    if (isActivationKey(event) && event->key() != Qt::Key_Space) {
        click();
        event->accept();
        return;
    }
    QAbstractButton::keyPressEvent(event);
}

void BottleneckBadge::changeEvent(QEvent* event)
{
    QAbstractButton::changeEvent(event);
    if (event->type() == QEvent::LanguageChange)
        retranslate();
    else if (event->type() == QEvent::FontChange)
        updateGeometry();
}

} // namespace ss
