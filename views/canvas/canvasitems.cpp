// SPDX-License-Identifier: GPL-3.0-or-later
#include "canvasitems.h"

#include "chartpalette.h"
#include "topologyscene.h"

#include <QFontMetricsF>
#include <QPainter>
#include <QPainterPathStroker>
#include <QStyleOptionGraphicsItem>

#include <algorithm>
#include <array>
#include <cmath>

namespace ss {

namespace {

const QColor textOnFill(0x1A, 0x1A, 0x1A);
const QColor ringColor(0xD5, 0x5E, 0x00); // Okabe-Ito vermillion: apart from viridis and the kind fills

QFont sceneFont(double pointSize, bool bold = false)
{
    QFont font;
    font.setPointSizeF(pointSize);
    font.setBold(bold);
    return font;
}

double pixelOf(const QGraphicsItem* item)
{
    const auto* s = static_cast<const TopologyScene*>(item->scene());
    return s ? s->pixelSize() : 1.0;
}

// Presentation mode's line scale; 1 as usual.
double presentationOf(const QGraphicsItem* item)
{
    const auto* s = static_cast<const TopologyScene*>(item->scene());
    return s ? s->presentationScale() : 1.0;
}

QPalette paletteOf(const QGraphicsItem* item)
{
    return item->scene() ? item->scene()->palette() : QPalette();
}

} // namespace

// --- DeviceItem

DeviceItem::DeviceItem(const QString& id) : m_id(id)
{
    setFlags(ItemIsSelectable | ItemIsMovable | ItemSendsGeometryChanges);
    setZValue(2);
}

void DeviceItem::setContent(const QString& kind, const QString& text, const QSizeF& size)
{
    if (size != m_size)
        prepareGeometryChange();
    m_kind = kind;
    m_text = text;
    m_size = size;
    update();
}

void DeviceItem::setDocumentPos(const QPointF& pos)
{
    m_documentPos = pos;
    if (this->pos() != pos)
        setPos(pos);
}

void DeviceItem::setRingOrder(int order)
{
    if (order == m_ringOrder)
        return;
    m_ringOrder = order;
    update();
}

void DeviceItem::setFaded(bool faded)
{
    if (faded == m_faded)
        return;
    m_faded = faded;
    update();
}

void DeviceItem::setConnectTarget(bool target)
{
    if (target == m_target)
        return;
    m_target = target;
    update();
}

void DeviceItem::detach(LinkItem* link)
{
    m_links.erase(std::remove(m_links.begin(), m_links.end(), link), m_links.end());
}

QRectF DeviceItem::boundingRect() const
{
    // Room for the selection outline and the ring badge at the top-right corner.
    return QRectF(-m_size.width() / 2 - 12, -m_size.height() / 2 - 4, m_size.width() + 16,
                  m_size.height() + 16);
}

QPainterPath DeviceItem::shape() const
{
    QPainterPath path;
    path.addRect(QRectF(-m_size.width() / 2, -m_size.height() / 2, m_size.width(), m_size.height()));
    return path;
}

QColor DeviceItem::fillColor(const QString& kind)
{
    if (kind == QLatin1String("gpu"))
        return QColor(0xCD, 0xE8, 0xB5);
    if (kind == QLatin1String("cpu"))
        return QColor(0xC8, 0xDD, 0xF2);
    if (kind == QLatin1String("pcie-switch"))
        return QColor(0xDA, 0xDA, 0xEA);
    if (kind == QLatin1String("nvswitch"))
        return QColor(0xB7, 0xE1, 0xD3);
    if (kind == QLatin1String("nic"))
        return QColor(0xF7, 0xD9, 0xB0);
    if (kind == QLatin1String("switch"))
        return QColor(0xE3, 0xD0, 0xEE);
    if (kind == QLatin1String("nvme"))
        return QColor(0xF2, 0xED, 0xB0);
    if (kind == QLatin1String("ps"))
        return QColor(0xF4, 0xC7, 0xD0);
    return QColor(0xE0, 0xE0, 0xE0);
}

QString DeviceItem::kindName(const QString& kind)
{
    if (kind == QLatin1String("gpu"))
        return tr("GPU");
    if (kind == QLatin1String("cpu"))
        return tr("CPU socket");
    if (kind == QLatin1String("pcie-switch"))
        return tr("PCIe switch");
    if (kind == QLatin1String("nvswitch"))
        return tr("NVSwitch");
    if (kind == QLatin1String("nic"))
        return tr("NIC");
    if (kind == QLatin1String("switch"))
        return tr("Network switch");
    if (kind == QLatin1String("nvme"))
        return tr("NVMe drive");
    if (kind == QLatin1String("ps"))
        return tr("Parameter server");
    return kind;
}

void DeviceItem::paint(QPainter* painter, const QStyleOptionGraphicsItem* option, QWidget*)
{
    const QRectF box(-m_size.width() / 2, -m_size.height() / 2, m_size.width(), m_size.height());
    QColor fill = fillColor(m_kind);
    QColor border = fill.darker(190);
    if (m_faded) {
        fill = fill.lighter(112);
        fill.setAlpha(150);
        border.setAlpha(110);
    }
    const bool selected = isSelected();
    const QPalette palette = paletteOf(this);
    const double lod = option->levelOfDetailFromTransform(painter->worldTransform());
    // Far out, a device is a few pixels: a plain box, no outline or text (CONTRIBUTING.md: no draws that land
    // on the same pixel, no labels that do not fit).
    if (lod * m_size.height() < 9) {
        painter->fillRect(box, selected ? palette.color(QPalette::Highlight) : border);
        return;
    }
    painter->setRenderHint(QPainter::Antialiasing, false);
    QPen pen(selected ? palette.color(QPalette::Highlight) : border, selected ? 3 : 1);
    pen.setCosmetic(true);
    painter->setPen(pen);
    painter->setBrush(fill);
    painter->drawRect(box);
    if (m_target) {
        QPen target(palette.color(QPalette::Highlight), 2, Qt::DashLine);
        target.setCosmetic(true);
        painter->setPen(target);
        painter->setBrush(Qt::NoBrush);
        painter->drawRect(box.adjusted(-4, -4, 4, 4));
    }
    if (lod * m_size.height() >= 18 && !m_text.isEmpty()) {
        layoutLabel();
        painter->setFont(m_labelFont);
        painter->setPen(m_faded ? QColor(0x1A, 0x1A, 0x1A, 120) : textOnFill);
        painter->drawText(box, Qt::AlignCenter, m_labelText);
    }
    if (m_ringOrder >= 0) {
        painter->setRenderHint(QPainter::Antialiasing, true);
        // Bottom-left: clear of the bottleneck badge, which sits above a level line.
        const QRectF badge(box.left() - 10, box.bottom() - 9, 20, 20);
        painter->setPen(Qt::NoPen);
        painter->setBrush(ringColor);
        painter->drawEllipse(badge);
        painter->setPen(Qt::white);
        painter->setFont(sceneFont(7, true));
        painter->drawText(badge, Qt::AlignCenter, QString::number(m_ringOrder));
    }
}

QFont DeviceItem::labelFont() const
{
    layoutLabel();
    return m_labelFont;
}

QString DeviceItem::labelText() const
{
    layoutLabel();
    return m_labelText;
}

void DeviceItem::layoutLabel() const
{
    const double scale = presentationOf(this);
    if (m_labelScale == scale && m_labelSize == m_size && m_labelFor == m_text && !m_labelText.isNull())
        return;
    m_labelFor = m_text;
    m_labelSize = m_size;
    m_labelScale = scale;
    constexpr double usual = 7.5; // points, in scene units: the label zooms with its box
    const double width = m_size.width() - 6;
    const double height = m_size.height() - 4;
    // In presentation mode the largest size that fits, in half points, down to the usual one; two lines are
    // tried only there, so the usual canvas looks as it always has.
    for (double size = usual * std::max(scale, 1.0); size > usual - 0.25; size -= 0.5) {
        const QFont font = sceneFont(std::max(size, usual));
        const QFontMetricsF metrics(font);
        if (metrics.horizontalAdvance(m_text) <= width && metrics.height() <= height) {
            m_labelFont = font;
            m_labelText = m_text;
            return;
        }
        if (scale <= 1 || 2 * metrics.lineSpacing() > height)
            continue;
        // The space that splits the label most evenly.
        double best = HUGE_VAL;
        int at = -1;
        for (int i = m_text.indexOf(QLatin1Char(' ')); i > 0; i = m_text.indexOf(QLatin1Char(' '), i + 1)) {
            const double longer = std::max(metrics.horizontalAdvance(m_text.left(i)),
                                           metrics.horizontalAdvance(m_text.mid(i + 1)));
            if (longer < best) {
                best = longer;
                at = i;
            }
        }
        if (at > 0 && best <= width) {
            m_labelFont = font;
            m_labelText = m_text.left(at) + QLatin1Char('\n') + m_text.mid(at + 1);
            return;
        }
    }
    m_labelFont = sceneFont(usual);
    m_labelText = QFontMetricsF(m_labelFont).elidedText(m_text, Qt::ElideMiddle, width);
}

QVariant DeviceItem::itemChange(GraphicsItemChange change, const QVariant& value)
{
    if (change == ItemPositionHasChanged)
        for (LinkItem* link : m_links)
            link->endsMoved();
    return QGraphicsItem::itemChange(change, value);
}

// --- GroupItem

GroupItem::GroupItem(int index, const QString& title, const QRectF& rect, bool collapsed, int machines)
    : m_index(index), m_title(title), m_rect(rect), m_collapsed(collapsed), m_machines(machines)
{
    setZValue(0);
    setAcceptedMouseButtons(collapsed ? Qt::LeftButton : Qt::NoButton);
    if (collapsed)
        setCursor(Qt::PointingHandCursor);
}

void GroupItem::setHoldsBottleneck(bool holds)
{
    if (holds == m_bottleneck)
        return;
    m_bottleneck = holds;
    update();
}

QRectF GroupItem::boundingRect() const
{
    // The stacked cards behind a collapsed group reach up to 10 pixels up and right at any zoom.
    const auto* s = static_cast<const TopologyScene*>(scene());
    const double reach = m_collapsed ? 2 * std::max(8.0, 5.0 * (s ? s->pixelSize() : 1.0)) + 2 : 2;
    return m_rect.adjusted(-2, -reach, reach, 2);
}

void GroupItem::paint(QPainter* painter, const QStyleOptionGraphicsItem* option, QWidget*)
{
    const QPalette palette = paletteOf(this);
    const QColor text = palette.color(QPalette::WindowText);
    QColor frame = text;
    frame.setAlpha(90);
    QColor shade = text;
    shade.setAlpha(10);
    const double lod = option->levelOfDetailFromTransform(painter->worldTransform());
    painter->setRenderHint(QPainter::Antialiasing, false);
    QPen pen(m_bottleneck ? MarkerItem::color() : frame, m_bottleneck ? 3 : 1);
    pen.setCosmetic(true);
    const double step = std::max(8.0, 5.0 / std::max(lod, 1e-6)); // at least 5 pixels apart
    if (m_collapsed) {
        // A stack of cards: several machines behind the one drawn.
        for (int k = 2; k >= 1; --k) {
            painter->setPen(pen);
            painter->setBrush(palette.color(QPalette::Base));
            painter->drawRect(m_rect.translated(step * k, -step * k));
        }
        painter->setBrush(palette.color(QPalette::Base));
    } else {
        painter->setBrush(shade);
    }
    painter->setPen(pen);
    painter->drawRect(m_rect);
    painter->setPen(text);
    if (!m_collapsed) {
        if (lod * 20 < 7)
            return; // a title that would not be legible
        // In presentation mode the title grows with the labels, within the room above the devices.
        const double scale = std::max(1.0, presentationOf(this));
        const QRectF titleRect(m_rect.left() + 8, m_rect.top() + 2, m_rect.width() - 16,
                               std::min(18 * scale, 30.0));
        double size = 8 * scale;
        while (size > 8 && QFontMetricsF(sceneFont(size, true)).height() > titleRect.height())
            size -= 0.5;
        painter->setFont(sceneFont(std::max(size, 8.0), true));
        const QFontMetricsF metrics(painter->font());
        painter->drawText(titleRect, Qt::AlignLeft | Qt::AlignVCenter,
                          metrics.elidedText(m_title, Qt::ElideRight, titleRect.width()));
        return;
    }
    // A row of switches is one box high: its count takes a larger share of it.
    const double big = std::clamp(m_rect.height() / (m_switches ? 3.2 : 7), 10.0, 60.0);
    painter->setFont(sceneFont(big, true));
    QRectF upper = m_rect;
    upper.setBottom(m_rect.center().y() + big * 0.4);
    painter->drawText(upper, Qt::AlignHCenter | Qt::AlignBottom, tr("× %1").arg(m_machines));
    QRectF lower = m_rect.adjusted(10, 0, -10, -6);
    lower.setTop(m_rect.center().y() + big * 0.6);
    painter->setFont(sceneFont(std::max(7.0, big / 3.5)));
    const QFontMetricsF metrics(painter->font());
    QString lines = metrics.elidedText(m_title, Qt::ElideMiddle, lower.width());
    const bool printed = scene() && scene()->property("printed").toBool();
    if (m_switches)
        lines += QLatin1Char('\n') +
                 (printed ? tr("network switches") : tr("network switches, double-click to expand"));
    else
        lines += QLatin1Char('\n') +
                 (printed ? tr("identical machines") : tr("identical machines, double-click to expand"));
    if (m_bottleneck)
        lines += QLatin1Char('\n') + tr("the bottleneck link is inside");
    painter->drawText(lower, Qt::AlignHCenter | Qt::AlignTop | Qt::TextWordWrap, lines);
}

// --- LinkItem

LinkItem::LinkItem(const QString& key, DeviceItem* a, DeviceItem* b, GroupItem* group)
    : m_key(key), m_a(a), m_b(b), m_group(group)
{
    setFlags(ItemIsSelectable);
    setZValue(1);
    if (m_a)
        m_a->attach(this);
    if (m_b)
        m_b->attach(this);
}

LinkItem::~LinkItem()
{
    if (m_a)
        m_a->detach(this);
    if (m_b)
        m_b->detach(this);
}

void LinkItem::setGroup(GroupItem* group)
{
    prepareGeometryChange();
    m_group = group;
}

void LinkItem::setAnchor(const QPointF& anchor)
{
    if (m_hasAnchor && anchor == m_anchor)
        return;
    prepareGeometryChange();
    m_anchor = anchor;
    m_hasAnchor = true;
}

void LinkItem::setBend(const QPointF& bend)
{
    if (bend == m_bend)
        return;
    prepareGeometryChange();
    m_bend = bend;
}

void LinkItem::setStyle(double width, const QColor& color, bool loaded)
{
    if (width == m_width && color == m_color && loaded == m_loaded)
        return;
    if (width != m_width)
        prepareGeometryChange();
    m_width = width;
    m_color = color;
    m_loaded = loaded;
    update();
}

void LinkItem::setBottleneck(bool bottleneck, bool limitsStep)
{
    if (bottleneck == m_bottleneck && limitsStep == m_bottleneckLook)
        return;
    prepareGeometryChange();
    m_bottleneck = bottleneck;
    m_bottleneckLook = limitsStep;
}

void LinkItem::setFaded(bool faded)
{
    if (faded == m_faded)
        return;
    m_faded = faded;
    update();
}

namespace {
// A line ends at a wide device (an NVSwitch drawn as a bar under its GPUs) straight under its other end.
QPointF endAt(const DeviceItem* device, const QPointF& other)
{
    const QPointF centre = device->pos();
    const double half = device->size().width() / 2;
    if (half <= 1.5 * 40)
        return centre;
    return QPointF(std::clamp(other.x(), centre.x() - half + 10, centre.x() + half - 10), centre.y());
}
} // namespace

QPointF LinkItem::endA() const
{
    if (!m_a)
        return QPointF();
    return m_b ? endAt(m_a, m_b->pos()) : m_a->pos();
}

QPointF LinkItem::endB() const
{
    if (m_b)
        return endAt(m_b, m_a ? m_a->pos() : m_b->pos());
    if (!m_group)
        return endA();
    // A bundle meets its group's frame under (or beside) the device it comes from.
    const QRectF r = m_group->frame();
    const QPointF a = endA();
    const double x = std::clamp(m_hasAnchor ? m_anchor.x() : a.x(), r.left() + 16, r.right() - 16);
    if (a.y() < r.top())
        return QPointF(x, r.top());
    if (a.y() > r.bottom())
        return QPointF(x, r.bottom());
    return QPointF(a.x() < r.left() ? r.left() : r.right(), std::clamp(a.y(), r.top(), r.bottom()));
}

QPointF LinkItem::midpoint() const
{
    return (endA() + endB()) / 2 + m_bend;
}

void LinkItem::endsMoved()
{
    prepareGeometryChange();
    if (m_bottleneck && scene())
        static_cast<TopologyScene*>(scene())->placeMarker();
}

QPainterPath LinkItem::path() const
{
    const QPointF a = endA();
    const QPointF b = endB();
    QPainterPath p(a);
    if (m_bend.isNull())
        p.lineTo(b);
    else
        p.quadTo((a + b) / 2 + 2 * m_bend, b); // the curve's apex is half the control point's offset
    return p;
}

double LinkItem::pixel() const
{
    return pixelOf(this);
}

QRectF LinkItem::boundingRect() const
{
    const QPointF a = endA();
    const QPointF b = endB();
    const QPointF control = (a + b) / 2 + 2 * m_bend;
    QRectF r = QRectF(a, b).normalized();
    if (!m_bend.isNull())
        r = r.united(QRectF(control, control));
    const double margin = (m_width / 2 + (m_bottleneck ? 8 : 5) + 2) * presentationOf(this) * pixel();
    return r.adjusted(-margin, -margin, margin, margin);
}

QPainterPath LinkItem::shape() const
{
    QPainterPathStroker stroker;
    stroker.setWidth(std::max(m_width + 6, 8.0) * presentationOf(this) * pixel());
    return stroker.createStroke(path());
}

void LinkItem::paint(QPainter* painter, const QStyleOptionGraphicsItem*, QWidget*)
{
    const QPalette palette = paletteOf(this);
    painter->setRenderHint(QPainter::Antialiasing, true);
    painter->setBrush(Qt::NoBrush);
    const bool straight = m_bend.isNull();
    const QPointF a = endA();
    const QPointF b = endB();
    const QPainterPath curve = straight ? QPainterPath() : path();
    const double scale = presentationOf(this);
    const auto stroke = [&](const QColor& color, double width, Qt::PenStyle style = Qt::SolidLine) {
        // Flat caps: the ends hide under the devices, and round ones cost the antialiased rasteriser a
        // third of a drag frame on a 256-GPU cluster.
        QPen pen(color, width * scale, style, Qt::FlatCap);
        pen.setCosmetic(true);
        painter->setPen(pen);
        if (straight)
            painter->drawLine(a, b);
        else
            painter->drawPath(curve);
    };
    if (m_faded) {
        QColor faint = m_color;
        faint.setAlpha(50);
        stroke(faint, 1);
        if (isSelected())
            stroke(palette.color(QPalette::Highlight), 2, Qt::DashLine);
        return;
    }
    if (m_bottleneck)
        stroke(m_bottleneckLook ? MarkerItem::color() : MarkerItem::busiestColor(),
               m_width + (m_bottleneckLook ? 9 : 4));
    if (isSelected()) {
        QColor halo = palette.color(QPalette::Highlight);
        halo.setAlpha(170);
        stroke(halo, m_width + 6);
    }
    // A dark casing under the light end of the scale (yellow on white), only there: a translucent stroke
    // under every line would double the cost of a frame.
    if (m_loaded && qGray(m_color.rgb()) > 180)
        stroke(QColor(0x3A, 0x3A, 0x3A), m_width + 2);
    stroke(m_color, m_width);
}

// --- RingItem

RingItem::RingItem(const std::vector<QPointF>& points, bool closed) : m_points(points), m_closed(closed)
{
    setZValue(3);
    setAcceptedMouseButtons(Qt::NoButton);
    for (std::size_t k = 0; k < segmentCount(); ++k) {
        const auto [from, control, to] = segment(k);
        for (const QPointF& p : {from, control, to})
            m_bounds = m_bounds.isNull() ? QRectF(p, QSizeF(1, 1)) : m_bounds.united(QRectF(p, QSizeF(1, 1)));
    }
    m_bounds.adjust(-40, -40, 40, 40);
}

std::size_t RingItem::segmentCount() const
{
    if (m_points.size() < 2)
        return 0;
    return m_closed && m_points.size() > 2 ? m_points.size() : m_points.size() - 1;
}

// Hop K as a quadratic curve. Hops along a row arc above it, higher the farther they go, so a ring over
// a row of GPUs reads as a chain of arcs instead of arrows on top of each other (NVLink arcs go below).
std::array<QPointF, 3> RingItem::segment(std::size_t k) const
{
    return hopCurve(m_points[k], m_points[(k + 1) % m_points.size()]);
}

std::array<QPointF, 3> RingItem::hopCurve(const QPointF& from, const QPointF& to)
{
    const QPointF d = to - from;
    QPointF control = (from + to) / 2;
    if (std::abs(d.y()) < 1)
        control.ry() -= 2 * (22 + 0.22 * std::abs(d.x()));
    else
        control += QPointF(-d.y(), d.x()) * 0.15;
    return {from, control, to};
}

QRectF RingItem::boundingRect() const
{
    return m_bounds;
}

void RingItem::paint(QPainter* painter, const QStyleOptionGraphicsItem*, QWidget*)
{
    const double px = pixelOf(this) * presentationOf(this);
    painter->setRenderHint(QPainter::Antialiasing, true);
    QPen pen(ringColor, 2.5 * presentationOf(this), Qt::DashLine, Qt::FlatCap);
    pen.setCosmetic(true);
    for (std::size_t k = 0; k < segmentCount(); ++k) {
        const auto [from, control, to] = segment(k);
        QPainterPath path(from);
        path.quadTo(control, to);
        painter->setPen(pen);
        painter->setBrush(Qt::NoBrush);
        painter->drawPath(path);
        // An arrowhead at the apex, along the curve's tangent there, 10 pixels long at any zoom.
        const QPointF tip = 0.25 * from + 0.5 * control + 0.25 * to;
        const QPointF d = to - from;
        const double length = std::hypot(d.x(), d.y());
        if (length < 1e-9)
            continue;
        const QPointF u = d / length;
        const QPointF n(-u.y(), u.x());
        const double size = 10 * px;
        QPolygonF head;
        head << tip + u * size * 0.5 << tip - u * size * 0.5 + n * size * 0.5
             << tip - u * size * 0.5 - n * size * 0.5;
        painter->setPen(Qt::NoPen);
        painter->setBrush(ringColor);
        painter->drawPolygon(head);
    }
}

// --- MarkerItem

MarkerItem::MarkerItem()
{
    setFlags(ItemIgnoresTransformations);
    setZValue(4);
    setAcceptedMouseButtons(Qt::NoButton);
    setBottleneck(true);
}

void MarkerItem::setBottleneck(bool bottleneck)
{
    prepareGeometryChange();
    m_bottleneck = bottleneck;
    m_text = bottleneck ? tr("Bottleneck") : tr("Busiest link");
    layoutBadge();
}

void MarkerItem::setAbove(bool above)
{
    if (above == m_above)
        return;
    prepareGeometryChange();
    m_above = above;
    layoutBadge();
}

void MarkerItem::setLine(const QPointF& along, double clearancePixels)
{
    m_along = along;
    m_clearance = clearancePixels;
}

QPointF MarkerItem::awayFromLine() const
{
    const double length = std::hypot(m_along.x(), m_along.y());
    if (m_above || length < 1e-9)
        return m_above ? QPointF(0, -1) : QPointF(1, 0);
    QPointF normal(-m_along.y() / length, m_along.x() / length);
    if (normal.x() < 0 || (normal.x() == 0 && normal.y() > 0))
        normal = -normal;
    return normal;
}

void MarkerItem::setDrawn(bool drawn)
{
    if (drawn == m_drawn)
        return;
    m_drawn = drawn;
    update();
}

void MarkerItem::layoutBadge()
{
    const QFontMetricsF metrics(sceneFont(8.5, true));
    const double w = metrics.horizontalAdvance(m_text) + 26;
    const double h = metrics.height() + 6;
    // Beside the line (above a level one), pointing at it, so it hides neither the line nor its devices.
    m_rect = m_above ? QRectF(-w / 2, -h - 9, w, h) : QRectF(9, -h / 2, w, h);
    update();
}

QColor MarkerItem::color()
{
    return alertColor(); // the bandwidth chart's bottleneck mark
}

QColor MarkerItem::busiestColor()
{
    return QColor(0x44, 0x44, 0x44);
}

QRectF MarkerItem::boundingRect() const
{
    return m_rect.adjusted(-10, -1, 1, 10);
}

void MarkerItem::paint(QPainter* painter, const QStyleOptionGraphicsItem*, QWidget*)
{
    if (!m_drawn)
        return;
    const QColor fill = m_bottleneck ? color() : busiestColor();
    painter->setRenderHint(QPainter::Antialiasing, true);
    painter->setPen(Qt::NoPen);
    painter->setBrush(fill);
    painter->drawRoundedRect(m_rect, 4, 4);
    QPolygonF pointer;
    if (m_above)
        pointer << QPointF(-5, m_rect.bottom()) << QPointF(5, m_rect.bottom()) << QPointF(0, -2);
    else
        pointer << QPointF(m_rect.left(), -5) << QPointF(m_rect.left(), 5) << QPointF(2, 0);
    painter->drawPolygon(pointer);
    // A warning sign: a white circle with an exclamation mark, then the word.
    const QRectF sign(m_rect.left() + 5, m_rect.center().y() - 7, 14, 14);
    painter->setBrush(Qt::white);
    painter->drawEllipse(sign);
    painter->setPen(fill);
    painter->setFont(sceneFont(8, true));
    painter->drawText(sign, Qt::AlignCenter, QStringLiteral("!"));
    painter->setPen(Qt::white);
    painter->setFont(sceneFont(8.5, true));
    painter->drawText(m_rect.adjusted(20, 0, -2, 0), Qt::AlignCenter, m_text);
}

} // namespace ss
