// SPDX-License-Identifier: GPL-3.0-or-later
// The canvas's "Bottleneck" (or "Busiest link") badge as a control: a button over the view, one size at
// every zoom, beside the marked link and never over it. When a zoom or a scroll takes the link out of the
// view the badge stays at the view's edge with an arrow pointing the way. Clicking it (or Enter/Space
// while it has the focus) asks the canvas to centre the view on the link and select it.
#pragma once

#include <QAbstractButton>
#include <QPointF>

namespace ss {

class BottleneckBadge : public QAbstractButton
{
    Q_OBJECT
public:
    explicit BottleneckBadge(QWidget* parent = nullptr);

    // Red "Bottleneck" when the link limits the step, else grey "Busiest link".
    void setLimitsStep(bool limits);
    bool limitsStep() const { return m_limits; }
    // Presentation mode: the badge SCALE times its usual size.
    void setScale(double scale);
    // Puts the badge beside TARGET (the link's point, parent coordinates): AWAY (a unit vector) from the
    // line, CLEARANCE pixels clear of it, and inside AREA (the view's visible area). The other side is
    // taken when that one would be cut off by AREA's edge.
    void place(const QPointF& target, const QPointF& away, double clearance, const QRect& area);
    // Whether the link's point lies outside the area, so the badge shows the way with an arrow.
    bool pointsAway() const { return m_pointsAway; }

    QSize sizeHint() const override;

protected:
    void paintEvent(QPaintEvent* event) override;
    void keyPressEvent(QKeyEvent* event) override;
    void changeEvent(QEvent* event) override;

private:
    void retranslate();
    QFont badgeFont() const;
    QString arrow() const;

    bool m_limits = true;
    double m_scale = 1;
    bool m_pointsAway = false;
    QPointF m_way; // from the badge towards the link's point
};

} // namespace ss
