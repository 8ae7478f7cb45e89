// SPDX-License-Identifier: GPL-3.0-or-later
// The items of the topology canvas. Each carries the id of the document entity it renders and draws what
// it is given; none owns data (CONTRIBUTING.md, "Layers"). Line widths are cosmetic (pixels at any zoom), so
// the width legend holds however far the view is zoomed out.
#pragma once

#include <QColor>
#include <QCoreApplication>
#include <QFont>
#include <QGraphicsItem>
#include <QPainterPath>
#include <QString>

#include <array>
#include <vector>

namespace ss {

class LinkItem;
class TopologyScene;

enum class CanvasItemType
{
    Device = QGraphicsItem::UserType + 1,
    Link,
    Group,
    Ring,
    Marker
};

class DeviceItem : public QGraphicsItem
{
    Q_DECLARE_TR_FUNCTIONS(DeviceItem)
public:
    enum
    {
        Type = int(CanvasItemType::Device)
    };
    explicit DeviceItem(const QString& id);
    int type() const override { return Type; }

    const QString& id() const { return m_id; }
    const QString& kind() const { return m_kind; }
    const QString& text() const { return m_text; }
    QSizeF size() const { return m_size; }
    // What it shows; SIZE changes the bounding rect.
    void setContent(const QString& kind, const QString& text, const QSizeF& size);
    // The position the document holds: a drag that ends elsewhere is an edit.
    QPointF documentPos() const { return m_documentPos; }
    void setDocumentPos(const QPointF& pos);
    // Position in the highlighted ring (0 first), -1 for none.
    void setRingOrder(int order);
    int ringOrder() const { return m_ringOrder; }
    void setFaded(bool faded);
    void setConnectTarget(bool target);

    void attach(LinkItem* link) { m_links.push_back(link); }
    void detach(LinkItem* link);
    const std::vector<LinkItem*>& links() const { return m_links; }

    QRectF boundingRect() const override;
    QPainterPath shape() const override;
    void paint(QPainter* painter, const QStyleOptionGraphicsItem* option, QWidget* widget) override;

    static QColor fillColor(const QString& kind);
    static QString kindName(const QString& kind);

    // The label as drawn: 7.5 pt as usual; in presentation mode up to the scene's presentation scale times
    // that, as large as fits the box on one line or, wrapped at a space, on two.
    QFont labelFont() const;
    QString labelText() const; // with a line break where it is wrapped, elided where nothing fits

protected:
    QVariant itemChange(GraphicsItemChange change, const QVariant& value) override;

private:
    void layoutLabel() const;

    QString m_id;
    QString m_kind;
    QString m_text;
    QSizeF m_size;
    QPointF m_documentPos;
    int m_ringOrder = -1;
    bool m_faded = false;
    bool m_target = false;
    std::vector<LinkItem*> m_links;
    // The label's layout for the text, size and presentation scale it was made for (paint() is hot).
    mutable QString m_labelFor;
    mutable QSizeF m_labelSize;
    mutable double m_labelScale = 0;
    mutable QFont m_labelFont;
    mutable QString m_labelText;
};

class GroupItem : public QGraphicsItem
{
    Q_DECLARE_TR_FUNCTIONS(GroupItem)
public:
    enum
    {
        Type = int(CanvasItemType::Group)
    };
    GroupItem(int index, const QString& title, const QRectF& rect, bool collapsed, int machines);
    int type() const override { return Type; }

    int index() const { return m_index; }
    bool isCollapsed() const { return m_collapsed; }
    int machines() const { return m_machines; }
    // A collapsed network row: MACHINES counts switches.
    bool holdsSwitches() const { return m_switches; }
    void setHoldsSwitches(bool switches) { m_switches = switches; }
    const QString& title() const { return m_title; }
    QRectF frame() const { return m_rect; }
    // A collapsed group whose hidden machines hold the bottleneck says so.
    void setHoldsBottleneck(bool holds);
    bool holdsBottleneck() const { return m_bottleneck; }

    QRectF boundingRect() const override;
    void paint(QPainter* painter, const QStyleOptionGraphicsItem* option, QWidget* widget) override;

private:
    int m_index;
    QString m_title;
    QRectF m_rect;
    bool m_collapsed;
    int m_machines;
    bool m_switches = false;
    bool m_bottleneck = false;
};

class LinkItem : public QGraphicsItem
{
public:
    enum
    {
        Type = int(CanvasItemType::Link)
    };
    // A link between two devices, or (B null) a bundle from A to a collapsed group's frame.
    LinkItem(const QString& key, DeviceItem* a, DeviceItem* b, GroupItem* group);
    ~LinkItem() override;
    int type() const override { return Type; }

    const QString& key() const { return m_key; }
    DeviceItem* deviceA() const { return m_a; }
    DeviceItem* deviceB() const { return m_b; }
    GroupItem* group() const { return m_group; }
    void setGroup(GroupItem* group);
    // A bundle meets its group's frame at (or level with) ANCHOR.
    void setAnchor(const QPointF& anchor);
    bool isBundle() const { return m_b == nullptr; }
    void setBend(const QPointF& bend);
    QPointF bend() const { return m_bend; }

    // Styling: WIDTH in pixels, COLOR of the line; LOADED draws a casing so light colours read on white.
    void setStyle(double width, const QColor& color, bool loaded);
    // The busiest link; LIMITS_STEP: it is also what limits the step (red), else only the busiest (grey).
    void setBottleneck(bool bottleneck, bool limitsStep = true);
    void setFaded(bool faded);
    void setCount(int bundled) { m_bundled = bundled; }
    QColor color() const { return m_color; }
    double width() const { return m_width; }
    bool isBottleneck() const { return m_bottleneck; }
    bool isFaded() const { return m_faded; }

    // Ends and curve in scene coordinates (follows dragged devices).
    QPointF endA() const;
    QPointF endB() const;
    QPointF midpoint() const;
    void endsMoved();

    QRectF boundingRect() const override;
    QPainterPath shape() const override;
    void paint(QPainter* painter, const QStyleOptionGraphicsItem* option, QWidget* widget) override;

private:
    QPainterPath path() const;
    double pixel() const;

    QString m_key;
    DeviceItem* m_a;
    DeviceItem* m_b;
    GroupItem* m_group;
    QPointF m_bend;
    QPointF m_anchor;
    bool m_hasAnchor = false;
    double m_width = 1;
    QColor m_color = Qt::gray;
    bool m_loaded = false;
    bool m_bottleneck = false;
    bool m_bottleneckLook = true;
    bool m_faded = false;
    int m_bundled = 1;
};

// The order of a highlighted ring: dashed arrows from GPU to GPU.
class RingItem : public QGraphicsItem
{
public:
    enum
    {
        Type = int(CanvasItemType::Ring)
    };
    explicit RingItem(const std::vector<QPointF>& points, bool closed);
    int type() const override { return Type; }
    int pointCount() const { return int(m_points.size()); }
    // The curve of the hop FROM -> TO: from, control point, to (a quadratic). The ring animation's packets
    // travel along it.
    static std::array<QPointF, 3> hopCurve(const QPointF& from, const QPointF& to);

    QRectF boundingRect() const override;
    void paint(QPainter* painter, const QStyleOptionGraphicsItem* option, QWidget* widget) override;

private:
    std::size_t segmentCount() const;
    std::array<QPointF, 3> segment(std::size_t k) const; // from, control point, to

    std::vector<QPointF> m_points;
    bool m_closed;
    QRectF m_bounds;
};

// "Bottleneck" on a red badge beside the link that limits the step, the same size at every zoom; "Busiest
// link" on a grey one when the step is limited by something else (compute, the bubble).
class MarkerItem : public QGraphicsItem
{
    Q_DECLARE_TR_FUNCTIONS(MarkerItem)
public:
    enum
    {
        Type = int(CanvasItemType::Marker)
    };
    MarkerItem();
    int type() const override { return Type; }
    void setBottleneck(bool bottleneck);
    bool isBottleneck() const { return m_bottleneck; }
    // Above the point (for a level line) instead of to its right.
    void setAbove(bool above);
    bool isAbove() const { return m_above; }
    // The marked line's direction at the point (scene units) and the pixels from the point to the line's
    // edge: where a view's badge control goes so that it covers neither (BottleneckBadge).
    void setLine(const QPointF& along, double clearancePixels);
    // The unit vector from the point to the side the badge goes: up for a level line, else the line's
    // normal that points right.
    QPointF awayFromLine() const;
    double clearance() const { return m_clearance; }
    // Whether the badge is painted in the scene. A TopologyCanvas shows it as a control of its own instead;
    // printed scenes (exports) paint it.
    void setDrawn(bool drawn);
    bool isDrawn() const { return m_drawn; }
    const QString& text() const { return m_text; }
    static QColor color();
    static QColor busiestColor();

    QRectF boundingRect() const override;
    void paint(QPainter* painter, const QStyleOptionGraphicsItem* option, QWidget* widget) override;

private:
    void layoutBadge();

    QString m_text;
    QRectF m_rect;
    bool m_bottleneck = true;
    bool m_above = false;
    bool m_drawn = true;
    QPointF m_along{1, 0};
    double m_clearance = 8;
};

} // namespace ss
