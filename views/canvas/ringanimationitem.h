// SPDX-License-Identifier: GPL-3.0-or-later
// The ring animation on the topology canvas: for the step on show, the links every ring edge
// runs over lit in the phase's colour, a numbered packet (the chunk) travelling along the edge's arc (the
// ring's arrow, RingItem), and in every GPU of the ring a strip of its chunks shaded by how much of the sum
// each holds. It draws what a RingAnimation says; the
// geometry comes from the scene's items at paint time, so it follows dragged devices.
#pragma once

#include "ringanimation.h"

#include <QColor>
#include <QGraphicsItem>
#include <QPointF>
#include <QStringList>

#include <utility>
#include <vector>

namespace ss {

class DeviceItem;
class TopologyScene;

class RingAnimationItem : public QGraphicsItem
{
public:
    enum
    {
        // After canvasitems.h's CanvasItemType values.
        Type = QGraphicsItem::UserType + 20
    };
    RingAnimationItem();
    int type() const override { return Type; }

    // RING: GPU ids in ring order; EDGE_LINKS[i]: the link ids from RING[i] to RING[i + 1], in order
    // (empty: a straight hop).
    void setRing(const QStringList& ring, const std::vector<QStringList>& edgeLinks,
                 const RingAnimation& model);
    // STEP (0 .. stepCount, stepCount: done) and FRACTION of it travelled (0 .. 1).
    void setProgress(int step, double fraction);
    int step() const { return m_step; }
    double fraction() const { return m_fraction; }

    // Where the packet of ring edge EDGE is now, in scene coordinates; false when it is not drawn.
    bool packetPos(int edge, QPointF* pos) const;
    // The links ring edge EDGE runs over, as a line from its sender to its receiver through the devices
    // between (scene coordinates); empty when an end is not drawn.
    std::vector<QPointF> linkPath(int edge) const;
    // The arc the packet of ring edge EDGE travels, sampled (the ring's arrow between the two GPUs).
    std::vector<QPointF> hopPath(int edge) const;

    static QColor phaseColor(RingPhase phase);

    QRectF boundingRect() const override;
    QPainterPath shape() const override;
    void paint(QPainter* painter, const QStyleOptionGraphicsItem* option, QWidget* widget) override;

private:
    const TopologyScene* topologyScene() const;
    // The devices ring edge EDGE joins; nulls when it has none or an end is not drawn.
    std::pair<const DeviceItem*, const DeviceItem*> edgeEnds(int edge) const;

    QStringList m_ring;
    std::vector<QStringList> m_edgeLinks;
    RingAnimation m_model;
    std::vector<std::vector<int>> m_held; // contributions after m_step steps
    int m_step = 0;
    double m_fraction = 0;
};

} // namespace ss
