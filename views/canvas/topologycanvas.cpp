// SPDX-License-Identifier: GPL-3.0-or-later
#include "topologycanvas.h"

#include "canvasitems.h"
#include "topologyscene.h"

#include <QGraphicsLineItem>
#include <QKeyEvent>
#include <QMimeData>
#include <QScrollBar>
#include <QWheelEvent>

#include <algorithm>
#include <cmath>

namespace ss {

namespace {
constexpr double minZoom = 0.01;
constexpr double maxZoom = 6;
constexpr double maxFitZoom = 1.4; // a small topology is not blown up past readable
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
}

void TopologyCanvas::fitAll()
{
    const QRectF bounds = m_scene->sceneRect();
    fitInView(bounds, Qt::KeepAspectRatio);
    const double limit = maxFitZoom * m_scene->presentationScale();
    if (zoom() > limit) {
        setTransform(QTransform::fromScale(limit, limit));
        centerOn(bounds.center());
    }
    m_autoFit = true;
    updatePixelSize();
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
    case Qt::Key_Space:
        if (!event->isAutoRepeat()) {
            m_spaceHeld = true;
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
}

void TopologyCanvas::applyPalette()
{
    setBackgroundBrush(palette().brush(QPalette::Base));
    m_scene->setPalette(palette());
}

} // namespace ss
