// SPDX-License-Identifier: GPL-3.0-or-later
#include "topologyscene.h"

#include "canvasitems.h"
#include "linkcatalog.h"
#include "unitformat.h"

#include <QGraphicsSceneHelpEvent>
#include <QGraphicsSceneMouseEvent>
#include <QGraphicsView>
#include <QSet>
#include <QToolTip>

#include <algorithm>
#include <cmath>

namespace ss {

namespace {

QColor idleColor()
{
    return QColor(0x9A, 0x9A, 0x9A);
}

} // namespace

TopologyScene::TopologyScene(QObject* parent) : QGraphicsScene(parent)
{
    // Line widths are cosmetic, so a link's extent in scene units changes with the zoom; without an index
    // the scene asks the items for it each time instead of trusting a stale tree.
    setItemIndexMethod(QGraphicsScene::NoIndex);
    m_marker = new MarkerItem;
    m_marker->setVisible(false);
    addItem(m_marker);
}

TopologyScene::~TopologyScene()
{
    // Links detach from their devices when deleted; delete them first so no device outlives a link's pointer.
    for (LinkItem* link : std::as_const(m_links))
        delete link;
    m_links.clear();
}

void TopologyScene::setDisplay(const TopologyDisplay& display)
{
    m_display = display;
    m_numbering.clear();
    const Topology& topology = m_display.topology();

    std::vector<GroupItem*> oldGroups = std::move(m_groups);
    m_groups.clear();
    for (std::size_t g = 0; g < m_display.groups().size(); ++g) {
        const TopologyDisplay::Group& group = m_display.groups()[g];
        auto* item = new GroupItem(int(g), group.title, group.rect, group.collapsed, group.machines);
        item->setHoldsSwitches(group.switches);
        addItem(item);
        m_groups.push_back(item);
    }

    QHash<QString, DeviceItem*> devices;
    devices.reserve(qsizetype(topology.nodes.size()));
    for (std::size_t i = 0; i < topology.nodes.size(); ++i) {
        const TopologyDisplay::Device& d = m_display.devices()[i];
        if (!d.visible)
            continue;
        const QString id = QString::fromStdString(topology.nodes[i].id);
        DeviceItem* item = m_devices.take(id);
        if (!item) {
            item = new DeviceItem(id);
            addItem(item);
        }
        item->setContent(QString::fromStdString(topology.nodes[i].kind), d.text, d.size);
        item->setDocumentPos(d.pos);
        devices.insert(id, item);
    }

    QHash<QString, LinkItem*> links;
    links.reserve(qsizetype(m_display.links().size()));
    for (const TopologyDisplay::Link& link : m_display.links()) {
        DeviceItem* a = devices.value(QString::fromStdString(topology.nodes[std::size_t(link.deviceA)].id));
        DeviceItem* b =
            link.deviceB >= 0
                ? devices.value(QString::fromStdString(topology.nodes[std::size_t(link.deviceB)].id))
                : nullptr;
        GroupItem* group = link.groupB >= 0 ? m_groups[std::size_t(link.groupB)] : nullptr;
        LinkItem* item = m_links.take(link.key);
        if (item && (item->deviceA() != a || item->deviceB() != b)) {
            delete item;
            item = nullptr;
        }
        if (!item) {
            item = new LinkItem(link.key, a, b, group);
            addItem(item);
        }
        item->setGroup(group);
        if (group)
            item->setAnchor(link.anchor);
        item->setBend(link.bend);
        item->setCount(group ? int(link.links.size()) : 1);
        // A bundle stands for many links; edit them where they are drawn one by one.
        item->setFlag(QGraphicsItem::ItemIsSelectable, group == nullptr);
        links.insert(link.key, item);
    }
    for (LinkItem* stale : std::as_const(m_links))
        delete stale;
    m_links = std::move(links);
    for (DeviceItem* stale : std::as_const(m_devices))
        delete stale;
    m_devices = std::move(devices);
    for (GroupItem* group : oldGroups)
        delete group;

    const QRectF bounds = m_display.bounds();
    setSceneRect(bounds.isNull() ? QRectF(-200, -200, 400, 400) : bounds.adjusted(-40, -50, 40, 40));
    setHighlight(m_highlightLinks, m_highlightRings, m_highlightClosed);
}

void TopologyScene::setLoads(const CommResult& comm, double stepTime_s, const QString& bottleneck,
                             bool limitsStep)
{
    m_scale.reset(
        comm, stepTime_s, m_display.topology(),
        [this](const std::string& id) { return m_display.linkIndex(QString::fromStdString(id)); },
        &m_numbering);
    m_bottleneck = bottleneck;
    m_limitsStep = limitsStep;
    m_marker->setBottleneck(limitsStep);
    restyleLinks();
}

void TopologyScene::setLoads(const LinkLoadScale& scale, const QString& bottleneck, bool limitsStep)
{
    m_scale = scale;
    m_bottleneck = bottleneck;
    m_limitsStep = limitsStep;
    m_marker->setBottleneck(limitsStep);
    restyleLinks();
}

void TopologyScene::restyleLinks()
{
    const Topology& topology = m_display.topology();
    QSet<QString> highlighted;
    if (m_highlighted)
        highlighted = QSet<QString>(m_highlightLinks.begin(), m_highlightLinks.end());
    const int bottleneckIndex = m_bottleneck.isEmpty() ? -1 : m_display.linkIndex(m_bottleneck);
    for (const TopologyDisplay::Link& link : m_display.links()) {
        LinkItem* item = m_links.value(link.key);
        if (!item || link.links.empty())
            continue;
        double value = -1;
        bool bottleneck = false;
        bool lit = false;
        for (int i : link.links) {
            if (const LinkLoadScale::Load* row = m_scale.at(i); row && row->busy_s > 0)
                value = std::max(value, m_scale.value(*row));
            bottleneck = bottleneck || i == bottleneckIndex;
            lit = lit || (m_highlighted && highlighted.contains(m_display.linkId(i)));
        }
        const TopologyLink& first = topology.links[std::size_t(link.links.front())];
        const double width =
            linkWidthFor(first.bandwidth_Bps * double(std::max<std::int64_t>(first.count, 1)));
        item->setStyle(width, value >= 0 ? viridis(value) : idleColor(), value >= 0);
        item->setBottleneck(bottleneck, m_limitsStep);
        item->setFaded(m_highlighted && !lit);
    }
    // A bottleneck inside a collapsed group is drawn on the group.
    const int drawn = m_display.drawnLinkOf(bottleneckIndex);
    for (GroupItem* group : m_groups) {
        bool holds = false;
        if (bottleneckIndex >= 0 && drawn < 0 && group->isCollapsed()) {
            const TopologyLink& link = topology.links[std::size_t(bottleneckIndex)];
            const int a = m_display.deviceIndex(QString::fromStdString(link.a));
            holds = a >= 0 && m_display.devices()[std::size_t(a)].group == group->index();
        }
        group->setHoldsBottleneck(holds);
    }
    placeMarker();
}

void TopologyScene::placeMarker()
{
    const int index = m_bottleneck.isEmpty() ? -1 : m_display.linkIndex(m_bottleneck);
    const int drawn = m_display.drawnLinkOf(index);
    if (drawn >= 0) {
        if (LinkItem* item = m_links.value(m_display.links()[std::size_t(drawn)].key)) {
            const QPointF d = item->endB() - item->endA();
            m_marker->setAbove(std::abs(d.x()) > std::abs(d.y()) && item->bend().isNull());
            // Half the line and its bottleneck halo (LinkItem::paint), and a gap.
            m_marker->setLine(d, (item->width() / 2 + 9) * m_presentationScale + 4);
            m_marker->setPos(item->midpoint());
            m_marker->setVisible(true);
            return;
        }
    }
    for (GroupItem* group : m_groups) {
        if (group->holdsBottleneck()) {
            m_marker->setAbove(true);
            m_marker->setLine(QPointF(1, 0), 4 * m_presentationScale);
            m_marker->setPos(QPointF(group->frame().center().x(), group->frame().top()));
            m_marker->setVisible(true);
            return;
        }
    }
    m_marker->setVisible(false);
}

void TopologyScene::setHighlight(const QStringList& linkIds, const std::vector<QStringList>& rings,
                                 bool closed)
{
    m_highlightLinks = linkIds;
    m_highlightRings = rings;
    m_highlightClosed = closed;
    m_highlighted = !linkIds.isEmpty() || !rings.empty();
    clearRings();
    for (DeviceItem* item : std::as_const(m_devices))
        item->setRingOrder(-1);
    restyleLinks();

    // Devices that take part stay clear; the rest fade with their links.
    QSet<QString> involved;
    const Topology& topology = m_display.topology();
    for (const QString& id : linkIds) {
        const int i = m_display.linkIndex(id);
        if (i < 0)
            continue;
        involved.insert(QString::fromStdString(topology.links[std::size_t(i)].a));
        involved.insert(QString::fromStdString(topology.links[std::size_t(i)].b));
    }
    for (const QStringList& ring : rings)
        for (const QString& id : ring)
            involved.insert(id);
    for (auto it = m_devices.cbegin(); it != m_devices.cend(); ++it)
        it.value()->setFaded(m_highlighted && !involved.contains(it.key()));

    // The first channel's order: numbers on its GPUs and arrows between them (the others share the links).
    if (!rings.empty() && !rings.front().isEmpty()) {
        const QStringList& ring = rings.front();
        std::vector<QPointF> points;
        for (qsizetype k = 0; k < ring.size(); ++k) {
            DeviceItem* item = m_devices.value(ring[k]);
            if (!item)
                continue;
            if (item->ringOrder() < 0)
                item->setRingOrder(int(k));
            points.push_back(item->pos());
        }
        if (points.size() >= 2) {
            auto* item = new RingItem(points, closed && ring.size() > 2);
            addItem(item);
            m_rings.push_back(item);
        }
    }
}

void TopologyScene::clearRings()
{
    for (RingItem* item : m_rings)
        delete item;
    m_rings.clear();
}

LinkItem* TopologyScene::linkItem(const QString& linkId) const
{
    const int drawn = m_display.drawnLinkOf(m_display.linkIndex(linkId));
    return drawn < 0 ? nullptr : m_links.value(m_display.links()[std::size_t(drawn)].key);
}

QStringList TopologyScene::selectedDeviceIds() const
{
    QStringList ids;
    for (QGraphicsItem* item : selectedItems())
        if (item->type() == DeviceItem::Type)
            ids << static_cast<DeviceItem*>(item)->id();
    ids.sort();
    return ids;
}

QStringList TopologyScene::selectedLinkIds() const
{
    QStringList ids;
    for (QGraphicsItem* item : selectedItems()) {
        if (item->type() != LinkItem::Type)
            continue;
        const auto* link = static_cast<LinkItem*>(item);
        for (const TopologyDisplay::Link& drawn : m_display.links())
            if (drawn.key == link->key())
                for (int i : drawn.links)
                    ids << m_display.linkId(i);
    }
    ids.sort();
    return ids;
}

void TopologyScene::selectIds(const QStringList& devices, const QStringList& links)
{
    QSignalBlocker blocker(this);
    clearSelection();
    for (const QString& id : devices)
        if (DeviceItem* item = m_devices.value(id))
            item->setSelected(true);
    for (const QString& id : links)
        if (LinkItem* item = linkItem(id); item && !item->isBundle())
            item->setSelected(true);
    blocker.unblock();
    emit selectionChanged();
}

void TopologyScene::setPixelSize(double pixel)
{
    if (!(pixel > 0) || pixel == m_pixel)
        return;
    m_pixel = pixel;
    for (LinkItem* link : std::as_const(m_links))
        link->endsMoved(); // its margin, in scene units, follows the zoom
}

void TopologyScene::setPresentationScale(double scale)
{
    if (!(scale > 0) || scale == m_presentationScale)
        return;
    m_presentationScale = scale;
    for (LinkItem* link : std::as_const(m_links))
        link->endsMoved(); // its margin, which holds its width, grows with the scale
    m_marker->setScale(scale);
    placeMarker(); // its clearance of the thicker line
    update();
}

QString TopologyScene::linkToolTip(const LinkItem* item) const
{
    const TopologyDisplay::Link* drawn = nullptr;
    for (const TopologyDisplay::Link& link : m_display.links())
        if (link.key == item->key())
            drawn = &link;
    if (!drawn || drawn->links.empty())
        return {};
    const Topology& topology = m_display.topology();
    // The busiest of the links it stands for.
    int shown = drawn->links.front();
    const LinkLoadScale::Load* row = nullptr;
    for (int i : drawn->links) {
        const LinkLoadScale::Load* r = m_scale.at(i);
        if (r && (!row || r->busy_s > row->busy_s)) {
            row = r;
            shown = i;
        }
    }
    const TopologyLink& link = topology.links[std::size_t(shown)];
    const auto labelOf = [&](const std::string& id) {
        const int d = m_display.deviceIndex(QString::fromStdString(id));
        const QString label = d >= 0 ? TopologyDisplay::deviceLabel(topology.nodes[std::size_t(d)])
                                     : QString::fromStdString(id);
        return label.toHtmlEscaped();
    };
    QString text = QStringLiteral("<b>%1 ↔ %2</b>").arg(labelOf(link.a), labelOf(link.b));
    const LinkCatalogEntry* entry = findLinkKind(link.kind);
    text += QStringLiteral("<br>") + tr("Kind: %1").arg(QString::fromStdString(link.kind).toHtmlEscaped());
    if (entry)
        text += QStringLiteral(" (%1)").arg(QString::fromStdString(entry->title).toHtmlEscaped());
    const double total = link.bandwidth_Bps * double(link.count);
    if (link.count > 1)
        text += QStringLiteral("<br>") + tr("Bandwidth: %1 per direction × %2 links = %3")
                                             .arg(quantityText(link.bandwidth_Bps, Unit::BytesPerSecond))
                                             .arg(link.count)
                                             .arg(quantityText(total, Unit::BytesPerSecond));
    else
        text += QStringLiteral("<br>") +
                tr("Bandwidth: %1 per direction").arg(quantityText(total, Unit::BytesPerSecond));
    text += QStringLiteral("<br>") + tr("Latency: %1, efficiency %2%")
                                         .arg(quantityText(link.latency_s, Unit::Seconds))
                                         .arg(localeNumber(link.efficiency * 100, 0));
    if (row) {
        text += QStringLiteral("<br>") +
                tr("Bytes per step: %1").arg(quantityText(row->bytes_per_step, Unit::Bytes));
        text += QStringLiteral("<br>") +
                tr("Busy time per step: %1").arg(quantityText(row->busy_s, Unit::Seconds));
        if (m_scale.measure() == LinkLoadScale::Measure::Utilization)
            text += QStringLiteral("<br>") +
                    tr("Utilisation: %1% of the step").arg(localeNumber(row->utilization * 100, 1));
        else
            text += QStringLiteral("<br>") +
                    tr("%1% of the busiest link's time (the step time is not simulated yet)")
                        .arg(localeNumber(m_scale.value(*row) * 100, 1));
    } else {
        text += QStringLiteral("<br>") + tr("Carries nothing in this step");
    }
    const bool intoSwitches = drawn->groupB >= 0 && m_display.groups()[std::size_t(drawn->groupB)].switches;
    if (drawn->links.size() > 1)
        text += QStringLiteral("<br><i>") +
                (intoSwitches ? tr("%n links into the collapsed switches; the busiest is shown", nullptr,
                                   int(drawn->links.size()))
                              : tr("%n links into the collapsed machines; the busiest is shown", nullptr,
                                   int(drawn->links.size()))) +
                QStringLiteral("</i>");
    if (!m_bottleneck.isEmpty() && std::any_of(drawn->links.begin(), drawn->links.end(),
                                               [&](int i) { return m_display.linkId(i) == m_bottleneck; }))
        text += m_limitsStep ? QStringLiteral("<br><b style='color:#D62728'>") +
                                   tr("The bottleneck link of the step") + QStringLiteral("</b>")
                             : QStringLiteral("<br><b>") +
                                   tr("The busiest link; the step is limited by something else") +
                                   QStringLiteral("</b>");
    return text;
}

QString TopologyScene::deviceToolTip(const DeviceItem* item) const
{
    const int d = m_display.deviceIndex(item->id());
    if (d < 0)
        return {};
    const TopologyNode& node = m_display.topology().nodes[std::size_t(d)];
    QString text = QStringLiteral("<b>%1</b>").arg(TopologyDisplay::deviceLabel(node).toHtmlEscaped());
    text += QStringLiteral("<br>") +
            tr("%1, id %2").arg(DeviceItem::kindName(item->kind())).arg(item->id().toHtmlEscaped());
    text += QStringLiteral("<br>") + tr("%n link(s)", nullptr, int(item->links().size()));
    if (item->ringOrder() >= 0)
        text += QStringLiteral("<br>") + tr("Position %1 in the highlighted ring").arg(item->ringOrder());
    return text;
}

void TopologyScene::helpEvent(QGraphicsSceneHelpEvent* event)
{
    const QGraphicsView* view =
        event->widget() ? qobject_cast<QGraphicsView*>(event->widget()->parentWidget()) : nullptr;
    const QTransform transform = view ? view->transform() : QTransform();
    QString text;
    for (QGraphicsItem* item :
         items(event->scenePos(), Qt::IntersectsItemShape, Qt::DescendingOrder, transform)) {
        if (item->type() == DeviceItem::Type) {
            text = deviceToolTip(static_cast<DeviceItem*>(item));
            break;
        }
        if (item->type() == LinkItem::Type) {
            text = linkToolTip(static_cast<LinkItem*>(item));
            break;
        }
        if (item->type() == GroupItem::Type && static_cast<GroupItem*>(item)->isCollapsed()) {
            const auto* group = static_cast<GroupItem*>(item);
            text =
                group->holdsSwitches()
                    ? tr("%n network switches of one row drawn as one (%1). Double-click to draw them all.",
                         nullptr, group->machines())
                          .arg(group->title().toHtmlEscaped())
                    : tr("%n identical machines drawn as one (%1). Double-click to draw them all.", nullptr,
                         group->machines())
                          .arg(group->title().toHtmlEscaped());
            break;
        }
    }
    if (text.isEmpty())
        QToolTip::hideText();
    else
        QToolTip::showText(event->screenPos(), text, event->widget());
    event->setAccepted(!text.isEmpty());
}

void TopologyScene::mouseDoubleClickEvent(QGraphicsSceneMouseEvent* event)
{
    const QGraphicsView* view =
        event->widget() ? qobject_cast<QGraphicsView*>(event->widget()->parentWidget()) : nullptr;
    const QTransform transform = view ? view->transform() : QTransform();
    for (QGraphicsItem* item :
         items(event->scenePos(), Qt::IntersectsItemBoundingRect, Qt::DescendingOrder, transform)) {
        if (item->type() == GroupItem::Type && static_cast<GroupItem*>(item)->isCollapsed()) {
            emit expandRequested();
            event->accept();
            return;
        }
        if (item->type() == DeviceItem::Type || item->type() == LinkItem::Type)
            break;
    }
    QGraphicsScene::mouseDoubleClickEvent(event);
}

} // namespace ss
