// SPDX-License-Identifier: GPL-3.0-or-later
#include "topologycanvas.h"

#include "bottleneckbadge.h"
#include "canvasitems.h"
#include "chartfocus.h"
#include "topologyscene.h"

#include <QGraphicsLineItem>
#include <QKeyEvent>
#include <QMimeData>
#include <QPainter>
#include <QScrollBar>
#include <QWheelEvent>

#include <algorithm>
#include <cmath>

namespace ss {

namespace {
constexpr double minZoom = 0.01;
constexpr double maxZoom = 6;
constexpr double maxFitZoom = 1.4; // a small topology is not blown up past readable
// A cluster whose network row is hundreds of switches wide would fit as a hairline: below HAIRLINE (a
// device about 10 pixels wide) the fit shows part of it at READABLE instead, centred on the bottleneck.
constexpr double hairlineZoom = 0.12;
constexpr double readableZoom = 0.3;
} // namespace

TopologyCanvas::TopologyCanvas(TopologyScene* scene, QWidget* parent)
    : QGraphicsView(scene, parent), m_scene(scene)
{
    setObjectName(QStringLiteral("topologyCanvas"));
    setRenderHints(QPainter::Antialiasing | QPainter::TextAntialiasing);
    // Cosmetic line widths reach past the items' scene extents; repainting the whole viewport on a change
    // leaves no trails and costs one frame, which a drag needs anyway.
    setViewportUpdateMode(QGraphicsView::FullViewportUpdate);
    setDragMode(QGraphicsView::RubberBandDrag);
    setRubberBandSelectionMode(Qt::IntersectsItemShape);
    setTransformationAnchor(QGraphicsView::NoAnchor);
    setResizeAnchor(QGraphicsView::AnchorViewCenter);
    setAcceptDrops(true);
    setMouseTracking(true);
    setFocusPolicy(Qt::StrongFocus);
    setFrameShape(QFrame::NoFrame);
    applyPalette();
    // The badge is a control over the view, not an item: one size at every zoom, clickable, in the Tab
    // order after the view. A child of the view, not of the viewport, which scrolls its children.
    m_scene->marker()->setDrawn(false);
    m_badge = new BottleneckBadge(this);
    m_badge->hide();
    connect(m_badge, &QAbstractButton::clicked, this, [this] { showBottleneck(); });
}

void TopologyCanvas::setTool(Tool tool)
{
    if (tool == m_tool)
        return;
    m_tool = tool;
    setDragMode(tool == Tool::Select ? QGraphicsView::RubberBandDrag : QGraphicsView::NoDrag);
    viewport()->setCursor(tool == Tool::Connect ? Qt::CrossCursor : Qt::ArrowCursor);
    emit toolChanged(tool);
}

double TopologyCanvas::zoom() const
{
    return transform().m11();
}

void TopologyCanvas::zoomBy(double factor)
{
    zoomBy(factor, QPointF(viewport()->rect().center()));
}

void TopologyCanvas::zoomBy(double factor, const QPointF& viewportAnchor)
{
    const double target = std::clamp(zoom() * factor, minZoom, maxZoom);
    if (!(target > 0) || std::abs(target - zoom()) < 1e-12)
        return;
    const QPoint anchor = viewportAnchor.toPoint();
    const QPointF before = mapToScene(anchor);
    const double f = target / zoom();
    scale(f, f);
    // Keep the scene point under the anchor where it was.
    const QPointF after = mapToScene(anchor);
    const QPointF shift = (before - after) * zoom();
    horizontalScrollBar()->setValue(horizontalScrollBar()->value() + int(std::lround(shift.x())));
    verticalScrollBar()->setValue(verticalScrollBar()->value() + int(std::lround(shift.y())));
    m_autoFit = false;
    updatePixelSize();
    updateBadge();
}

void TopologyCanvas::fitAll()
{
    const QRectF bounds = m_scene->sceneRect();
    fitInView(bounds, Qt::KeepAspectRatio);
    const double limit = maxFitZoom * m_scene->presentationScale();
    if (zoom() > limit) {
        setTransform(QTransform::fromScale(limit, limit));
        centerOn(bounds.center());
    } else if (zoom() < hairlineZoom) {
        const QGraphicsItem* marker = m_scene->marker();
        setTransform(QTransform::fromScale(readableZoom, readableZoom));
        centerOn(marker && marker->isVisible() ? marker->scenePos() : bounds.center());
    }
    m_autoFit = true;
    updatePixelSize();
    updateBadge();
}

void TopologyCanvas::setPresentationScale(double scale)
{
    if (!(scale > 0) || scale == m_scene->presentationScale())
        return;
    m_scene->setPresentationScale(scale);
    if (m_autoFit)
        fitAll();
    viewport()->update();
}

double TopologyCanvas::presentationScale() const
{
    return m_scene->presentationScale();
}

QPointF TopologyCanvas::visibleCentre() const
{
    return mapToScene(viewport()->rect().center());
}

bool TopologyCanvas::showBottleneck()
{
    const MarkerItem* marker = m_scene->marker();
    const QString id = m_scene->bottleneck();
    if (!marker->isVisible() || id.isEmpty())
        return false;
    const int h = horizontalScrollBar()->value();
    const int v = verticalScrollBar()->value();
    centerOn(marker->scenePos());
    // A view that moved is the user's now; one showing everything keeps fitting itself.
    if (h != horizontalScrollBar()->value() || v != verticalScrollBar()->value())
        m_autoFit = false;
    // A link drawn in a bundle (into a collapsed group) is not selectable: it is explained all the same.
    m_scene->selectIds({}, {id});
    updateBadge();
    emit linksActivated({id});
    return true;
}

void TopologyCanvas::activate()
{
    const QStringList selected = m_scene->selectedLinkIds();
    if (selected.isEmpty())
        showBottleneck();
    else
        emit linksActivated(selected);
}

void TopologyCanvas::updateBadge()
{
    // Not while the view is being made, nor once its scene is going (a scene being deleted takes itself off
    // its views, which then lay their scroll bars out again).
    if (!m_badge || scene() != m_scene)
        return;
    const MarkerItem* marker = m_scene->marker();
    if (!marker->isVisible() || m_scene->bottleneck().isEmpty()) {
        m_badge->hide();
        return;
    }
    m_badge->setLimitsStep(marker->isBottleneck());
    m_badge->setScale(m_scene->presentationScale());
    const QRect area = viewport()->geometry();
    const QPointF target = QPointF(area.topLeft()) + mapFromScene(marker->scenePos());
    m_badge->place(target, marker->awayFromLine(), marker->clearance(), area);
    const QString tipFor = m_scene->bottleneck() +
                           (marker->isBottleneck() ? QStringLiteral("!") : QString()) +
                           QString::number(m_scene->loadScale().busiest_s());
    if (tipFor != m_badgeTipFor) {
        m_badgeTipFor = tipFor;
        const LinkItem* item = m_scene->linkItem(m_scene->bottleneck());
        const QString what = marker->isBottleneck()
                                 ? tr("The link that limits the training step.")
                                 : tr("The busiest link (something else limits the training step).");
        const QString details = item ? m_scene->linkToolTip(item) : QString();
        m_badge->setToolTip(
            QStringLiteral("<p>%1</p>%2<p>%3</p>")
                .arg(what.toHtmlEscaped(), details,
                     tr("Click (or press Enter) to centre the view on it and select it.").toHtmlEscaped()));
    }
    m_badge->show();
}

void TopologyCanvas::updatePixelSize()
{
    const double z = zoom();
    m_scene->setPixelSize(z > 0 ? 1.0 / z : 1.0);
}

DeviceItem* TopologyCanvas::deviceAt(const QPoint& viewportPos) const
{
    for (QGraphicsItem* item : items(viewportPos))
        if (item->type() == DeviceItem::Type)
            return static_cast<DeviceItem*>(item);
    return nullptr;
}

void TopologyCanvas::wheelEvent(QWheelEvent* event)
{
    const double steps = event->angleDelta().y() / 120.0;
    if (steps == 0) {
        QGraphicsView::wheelEvent(event);
        return;
    }
    zoomBy(std::pow(1.2, steps), event->position());
    event->accept();
}

void TopologyCanvas::mousePressEvent(QMouseEvent* event)
{
    if (event->button() == Qt::MiddleButton || (event->button() == Qt::LeftButton && m_spaceHeld)) {
        m_panning = true;
        m_spacePanned = m_spaceHeld;
        m_panLast = event->position().toPoint();
        viewport()->setCursor(Qt::ClosedHandCursor);
        m_autoFit = false;
        event->accept();
        return;
    }
    if (event->button() == Qt::LeftButton && m_tool == Tool::Connect) {
        if (DeviceItem* from = deviceAt(event->position().toPoint())) {
            m_connectFrom = from->id();
            m_connectLine =
                new QGraphicsLineItem(QLineF(from->pos(), mapToScene(event->position().toPoint())));
            QPen pen(palette().color(QPalette::Highlight), 2, Qt::DashLine);
            pen.setCosmetic(true);
            m_connectLine->setPen(pen);
            m_connectLine->setZValue(5);
            m_scene->addItem(m_connectLine);
            event->accept();
            return;
        }
    }
    m_dragging = event->button() == Qt::LeftButton;
    QGraphicsView::mousePressEvent(event);
}

void TopologyCanvas::mouseMoveEvent(QMouseEvent* event)
{
    if (m_panning) {
        const QPoint now = event->position().toPoint();
        const QPoint delta = now - m_panLast;
        m_panLast = now;
        horizontalScrollBar()->setValue(horizontalScrollBar()->value() - delta.x());
        verticalScrollBar()->setValue(verticalScrollBar()->value() - delta.y());
        event->accept();
        return;
    }
    if (m_connectLine) {
        QLineF line = m_connectLine->line();
        line.setP2(mapToScene(event->position().toPoint()));
        m_connectLine->setLine(line);
        DeviceItem* target = deviceAt(event->position().toPoint());
        const QString id = target && target->id() != m_connectFrom ? target->id() : QString();
        if (id != m_connectTarget) {
            if (DeviceItem* old = m_scene->deviceItem(m_connectTarget))
                old->setConnectTarget(false);
            if (!id.isEmpty())
                target->setConnectTarget(true);
            m_connectTarget = id;
        }
        event->accept();
        return;
    }
    QGraphicsView::mouseMoveEvent(event);
}

void TopologyCanvas::endConnect(DeviceItem* target)
{
    const QString from = m_connectFrom;
    if (DeviceItem* old = m_scene->deviceItem(m_connectTarget))
        old->setConnectTarget(false);
    delete m_connectLine;
    m_connectLine = nullptr;
    m_connectFrom.clear();
    m_connectTarget.clear();
    if (target && target->id() != from)
        emit connectRequested(from, target->id());
}

void TopologyCanvas::mouseReleaseEvent(QMouseEvent* event)
{
    if (m_panning && (event->button() == Qt::MiddleButton || event->button() == Qt::LeftButton)) {
        m_panning = false;
        viewport()->setCursor(m_spaceHeld ? Qt::OpenHandCursor
                                          : (m_tool == Tool::Connect ? Qt::CrossCursor : Qt::ArrowCursor));
        event->accept();
        return;
    }
    if (m_connectLine && event->button() == Qt::LeftButton) {
        endConnect(deviceAt(event->position().toPoint()));
        event->accept();
        return;
    }
    QGraphicsView::mouseReleaseEvent(event);
    if (event->button() != Qt::LeftButton || !m_dragging)
        return;
    m_dragging = false;
    // One edit for the whole drag, with the positions it ended at (CONTRIBUTING.md: a drag pushes once, on
    // release).
    QHash<QString, QPointF> moved;
    for (QGraphicsItem* item : m_scene->selectedItems()) {
        if (item->type() != DeviceItem::Type)
            continue;
        const auto* device = static_cast<DeviceItem*>(item);
        if (device->pos() != device->documentPos())
            moved.insert(device->id(), device->pos());
    }
    if (!moved.isEmpty())
        emit devicesMoved(moved);
}

void TopologyCanvas::keyPressEvent(QKeyEvent* event)
{
    switch (event->key()) {
    case Qt::Key_Return:
    case Qt::Key_Enter:
        activate();
        event->accept();
        return;
    case Qt::Key_Space:
        if (!event->isAutoRepeat()) {
            m_spaceHeld = true;
            m_spacePanned = false;
            viewport()->setCursor(Qt::OpenHandCursor);
        }
        event->accept();
        return;
    case Qt::Key_Delete:
    case Qt::Key_Backspace:
        emit deleteRequested();
        event->accept();
        return;
    case Qt::Key_Escape:
        if (m_connectLine)
            endConnect(nullptr);
        else if (m_tool == Tool::Connect)
            setTool(Tool::Select);
        else
            m_scene->clearSelection();
        event->accept();
        return;
    case Qt::Key_Plus:
    case Qt::Key_Equal:
        zoomBy(1.25);
        event->accept();
        return;
    case Qt::Key_Minus:
        zoomBy(1 / 1.25);
        event->accept();
        return;
    default:
        break;
    }
    QGraphicsView::keyPressEvent(event);
}

void TopologyCanvas::keyReleaseEvent(QKeyEvent* event)
{
    if (event->key() == Qt::Key_Space && !event->isAutoRepeat()) {
        m_spaceHeld = false;
        viewport()->setCursor(m_tool == Tool::Connect ? Qt::CrossCursor : Qt::ArrowCursor);
        // A tap of Space, not held for a pan, is the keyboard's click (as on the charts).
        if (!m_spacePanned)
            activate();
        event->accept();
        return;
    }
    QGraphicsView::keyReleaseEvent(event);
}

void TopologyCanvas::resizeEvent(QResizeEvent* event)
{
    QGraphicsView::resizeEvent(event);
    if (m_autoFit)
        fitAll();
    else
        updateBadge();
}

void TopologyCanvas::scrollContentsBy(int dx, int dy)
{
    QGraphicsView::scrollContentsBy(dx, dy);
    updateBadge();
}

void TopologyCanvas::paintEvent(QPaintEvent* event)
{
    QGraphicsView::paintEvent(event);
    if (hasFocus()) {
        QPainter painter(viewport());
        paintFocusFrame(painter, viewport()->rect(), palette());
    }
    // Whatever moved the marker (a new result, a drag of the link's ends) repainted the view. Checked after
    // the paint, not during it, and not by a connection to QGraphicsScene::changed(), which would make the
    // scene route every item's update through that signal.
    if (!m_badgeQueued) {
        m_badgeQueued = true;
        QMetaObject::invokeMethod(
            this,
            [this] {
                m_badgeQueued = false;
                updateBadge();
            },
            Qt::QueuedConnection);
    }
}

void TopologyCanvas::focusInEvent(QFocusEvent* event)
{
    QGraphicsView::focusInEvent(event);
    viewport()->update();
}

void TopologyCanvas::focusOutEvent(QFocusEvent* event)
{
    QGraphicsView::focusOutEvent(event);
    viewport()->update();
}

void TopologyCanvas::dragEnterEvent(QDragEnterEvent* event)
{
    if (event->mimeData()->hasFormat(QLatin1String(deviceMimeType)))
        event->acceptProposedAction();
    else
        event->ignore();
}

void TopologyCanvas::dragMoveEvent(QDragMoveEvent* event)
{
    if (event->mimeData()->hasFormat(QLatin1String(deviceMimeType)))
        event->acceptProposedAction();
    else
        event->ignore();
}

void TopologyCanvas::dropEvent(QDropEvent* event)
{
    if (!event->mimeData()->hasFormat(QLatin1String(deviceMimeType))) {
        event->ignore();
        return;
    }
    const QString kind = QString::fromUtf8(event->mimeData()->data(QLatin1String(deviceMimeType)));
    event->acceptProposedAction();
    emit addRequested(kind, mapToScene(event->position().toPoint()));
}

void TopologyCanvas::changeEvent(QEvent* event)
{
    QGraphicsView::changeEvent(event);
    if (event->type() == QEvent::PaletteChange || event->type() == QEvent::StyleChange)
        applyPalette();
    if (event->type() == QEvent::LanguageChange) {
        m_badgeTipFor.clear();
        updateBadge();
    }
}

void TopologyCanvas::applyPalette()
{
    setBackgroundBrush(palette().brush(QPalette::Base));
    m_scene->setPalette(palette());
}

} // namespace ss
