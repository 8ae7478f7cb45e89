// SPDX-License-Identifier: GPL-3.0-or-later
#include "ringanimationitem.h"

#include "canvasitems.h"
#include "topologyscene.h"

#include <QPainter>
#include <QPainterPath>

#include <algorithm>
#include <cmath>

namespace ss {

namespace {

constexpr double packetRadiusPixels = 10;
constexpr int maxStripChunks = 16; // more chunks than this would be slivers: no strip

// Points along a drawn link from the end at device FROM_ID (its curve sampled).
std::vector<QPointF> linkPoints(const LinkItem* item, const QString& fromId)
{
    const QPointF a = item->endA();
    const QPointF b = item->endB();
    std::vector<QPointF> points;
    if (item->bend().isNull()) {
        points = {a, b};
    } else {
        // LinkItem::path(): a quadratic whose control point is twice the bend off the midpoint.
        const QPointF control = (a + b) / 2 + 2 * item->bend();
        constexpr int samples = 16;
        for (int k = 0; k <= samples; ++k) {
            const double t = double(k) / samples;
            points.push_back((1 - t) * (1 - t) * a + 2 * (1 - t) * t * control + t * t * b);
        }
    }
    if (item->deviceA() && item->deviceA()->id() != fromId)
        std::reverse(points.begin(), points.end());
    return points;
}

QPointF pointAlong(const std::vector<QPointF>& path, double t)
{
    if (path.empty())
        return {};
    double total = 0;
    for (std::size_t k = 1; k < path.size(); ++k)
        total += std::hypot(path[k].x() - path[k - 1].x(), path[k].y() - path[k - 1].y());
    if (!(total > 0))
        return path.front();
    double left = std::clamp(t, 0.0, 1.0) * total;
    for (std::size_t k = 1; k < path.size(); ++k) {
        const QPointF d = path[k] - path[k - 1];
        const double length = std::hypot(d.x(), d.y());
        if (left <= length && length > 0)
            return path[k - 1] + d * (left / length);
        left -= length;
    }
    return path.back();
}

// Eased so a packet leaves and arrives gently and is seen clearly mid-way.
double eased(double t)
{
    t = std::clamp(t, 0.0, 1.0);
    return t * t * (3 - 2 * t);
}

} // namespace

RingAnimationItem::RingAnimationItem()
{
    setZValue(3.5); // over the devices and the ring's arrows, under the bottleneck badge
    setAcceptedMouseButtons(Qt::NoButton);
    setAcceptHoverEvents(false);
}

void RingAnimationItem::setRing(const QStringList& ring, const std::vector<QStringList>& edgeLinks,
                                const RingAnimation& model)
{
    m_ring = ring;
    m_edgeLinks = edgeLinks;
    m_edgeLinks.resize(std::size_t(ring.size()));
    m_model = model;
    m_step = -1;
    setProgress(0, 0);
}

void RingAnimationItem::setProgress(int step, double fraction)
{
    step = std::clamp(step, 0, m_model.stepCount());
    fraction = std::clamp(fraction, 0.0, 1.0);
    if (step != m_step)
        m_held = m_model.contributions(step);
    m_step = step;
    m_fraction = fraction;
    update();
}

const TopologyScene* RingAnimationItem::topologyScene() const
{
    return static_cast<const TopologyScene*>(scene());
}

QColor RingAnimationItem::phaseColor(RingPhase phase)
{
    // Okabe-Ito blue for partial sums, bluish green for finished chunks: apart from the ring's vermillion
    // and from each other for the common colour-vision deficiencies (they differ in lightness too).
    return phase == RingPhase::ReduceScatter ? QColor(0x00, 0x72, 0xB2) : QColor(0x00, 0x9E, 0x73);
}

std::pair<const DeviceItem*, const DeviceItem*> RingAnimationItem::edgeEnds(int edge) const
{
    const TopologyScene* s = topologyScene();
    const int n = int(m_ring.size());
    if (!s || edge < 0 || edge >= n || n < 2)
        return {};
    const DeviceItem* from = s->deviceItem(m_ring[edge]);
    const DeviceItem* to = s->deviceItem(m_ring[(edge + 1) % n]);
    if (!from || !to)
        return {}; // an end inside a collapsed machine
    return {from, to};
}

std::vector<QPointF> RingAnimationItem::hopPath(int edge) const
{
    const auto [from, to] = edgeEnds(edge);
    if (!from)
        return {};
    const auto [a, control, b] = RingItem::hopCurve(from->pos(), to->pos());
    std::vector<QPointF> points;
    constexpr int samples = 24;
    for (int k = 0; k <= samples; ++k) {
        const double t = double(k) / samples;
        points.push_back((1 - t) * (1 - t) * a + 2 * (1 - t) * t * control + t * t * b);
    }
    return points;
}

std::vector<QPointF> RingAnimationItem::linkPath(int edge) const
{
    const auto [from, to] = edgeEnds(edge);
    if (!from)
        return {};
    const TopologyScene* s = topologyScene();
    std::vector<QPointF> path{from->pos()};
    const Topology& topology = s->display().topology();
    QString at = m_ring[edge];
    for (const QString& id : m_edgeLinks[std::size_t(edge)]) {
        const int index = s->display().linkIndex(id);
        if (index < 0)
            break;
        const TopologyLink& link = topology.links[std::size_t(index)];
        const QString a = QString::fromStdString(link.a);
        const QString next = a == at ? QString::fromStdString(link.b) : a;
        const LinkItem* item = s->linkItem(id);
        if (item && !item->isBundle()) {
            const std::vector<QPointF> points = linkPoints(item, at);
            path.insert(path.end(), points.begin(), points.end());
        } else if (const DeviceItem* device = s->deviceItem(next)) {
            path.push_back(device->pos());
        }
        at = next;
    }
    path.push_back(to->pos());
    return path;
}

bool RingAnimationItem::packetPos(int edge, QPointF* pos) const
{
    const std::vector<QPointF> path = hopPath(edge);
    if (path.size() < 2 || !m_model.isValidStep(m_step))
        return false;
    if (pos)
        *pos = pointAlong(path, eased(m_fraction));
    return true;
}

QRectF RingAnimationItem::boundingRect() const
{
    // Packets travel anywhere the ring's links go, and devices can be dragged: the whole scene, which the
    // view repaints fully on every change anyway (TopologyCanvas's FullViewportUpdate).
    return QRectF(-1e7, -1e7, 2e7, 2e7);
}

QPainterPath RingAnimationItem::shape() const
{
    // Never in the way of a click, a hover or a rubber band.
    return QPainterPath();
}

void RingAnimationItem::paint(QPainter* painter, const QStyleOptionGraphicsItem*, QWidget*)
{
    const TopologyScene* s = topologyScene();
    const int n = int(m_ring.size());
    if (!s || n < 2 || m_model.ranks() != n)
        return;
    const double px = s->pixelSize();
    const double scale = s->presentationScale();
    painter->setRenderHint(QPainter::Antialiasing, true);
    const bool moving = m_model.isValidStep(m_step);
    const std::vector<RingTransfer> transfers = m_model.transfers(m_step);

    // The links this step uses, lit in the phase's colour under everything else.
    if (moving) {
        QColor lit = phaseColor(m_model.phase(m_step));
        lit.setAlpha(120);
        QPen pen(lit, 6 * scale, Qt::SolidLine, Qt::RoundCap, Qt::RoundJoin);
        pen.setCosmetic(true);
        painter->setPen(pen);
        painter->setBrush(Qt::NoBrush);
        for (const RingTransfer& t : transfers) {
            const std::vector<QPointF> path = linkPath(t.from);
            if (path.size() >= 2)
                painter->drawPolyline(path.data(), int(path.size()));
        }
    }

    // Every GPU's chunks along the foot of its box: empty (not delivered yet), a partial sum shaded by how
    // many GPUs' data it holds, or finished (solid). The chunks this step sends and receives are outlined.
    if (n <= maxStripChunks) {
        for (int i = 0; i < n; ++i) {
            const DeviceItem* device = s->deviceItem(m_ring[i]);
            if (!device || i >= int(m_held.size()))
                continue;
            const QRectF box(device->pos().x() - device->size().width() / 2,
                             device->pos().y() - device->size().height() / 2, device->size().width(),
                             device->size().height());
            // Clear of the ring-order badge on the bottom-left corner and of the label in the middle.
            const double width = std::min(box.width(), 80.0) - 18;
            const double cell = width / n;
            const double height = std::clamp(box.height() * 0.2, 4.0, 8.0);
            const double left = box.center().x() - width / 2 + 5;
            const double top = box.bottom() - height - 2;
            int sending = -1;
            int receiving = -1;
            if (moving) {
                sending = transfers[std::size_t(i)].chunk;
                receiving = transfers[std::size_t((i + n - 1) % n)].chunk;
            }
            for (int c = 0; c < n; ++c) {
                const QRectF r(left + c * cell, top, cell, height);
                const int held = m_held[std::size_t(i)][std::size_t(c)];
                QColor fill;
                if (held >= n) {
                    fill = phaseColor(RingPhase::AllGather);
                } else if (held > 0) {
                    fill = phaseColor(RingPhase::ReduceScatter);
                    fill.setAlpha(70 + 150 * held / n);
                } else {
                    fill = QColor(255, 255, 255, 220);
                }
                QPen frame(QColor(0x33, 0x33, 0x33), 1);
                frame.setCosmetic(true);
                painter->setPen(frame);
                painter->setBrush(fill);
                painter->drawRect(r);
                if (c == sending || c == receiving) {
                    QPen mark(phaseColor(m_model.phase(m_step)).darker(140), 2 * scale);
                    mark.setCosmetic(true);
                    painter->setPen(mark);
                    painter->setBrush(Qt::NoBrush);
                    painter->drawRect(r.adjusted(-1.5 * px, -1.5 * px, 1.5 * px, 1.5 * px));
                }
            }
        }
    }

    if (!moving)
        return;
    // The packets: a disc per ring edge with the chunk's number, drawn in pixels so they read at any zoom.
    const QColor color = phaseColor(m_model.phase(m_step));
    QFont font;
    font.setBold(true);
    font.setPixelSize(std::max(9, int(std::lround(12 * scale))));
    const double radius = packetRadiusPixels * scale;
    for (const RingTransfer& t : transfers) {
        QPointF at;
        if (!packetPos(t.from, &at))
            continue;
        painter->save();
        painter->translate(at);
        painter->scale(px, px);
        painter->setPen(QPen(Qt::white, 2 * scale));
        painter->setBrush(color);
        // Reduce-scatter packets are discs, all-gather ones rounded squares: the shape tells the phase
        // without its colour.
        const QRectF disc(-radius, -radius, 2 * radius, 2 * radius);
        if (t.phase == RingPhase::ReduceScatter)
            painter->drawEllipse(disc);
        else
            painter->drawRoundedRect(disc, radius * 0.35, radius * 0.35);
        painter->setFont(font);
        painter->setPen(Qt::white);
        painter->drawText(disc, Qt::AlignCenter, QString::number(t.chunk));
        painter->restore();
    }
}

} // namespace ss
