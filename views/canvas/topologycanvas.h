// SPDX-License-Identifier: GPL-3.0-or-later
// The view of the topology scene and the gestures on it: the wheel zooms about the pointer, the middle
// button (or Space with the left) pans, a drag on the background selects with a rubber band, a drag of a
// device moves it (and the other selected ones) and reports the move once, on release; with the Connect
// tool a drag from one device to another asks for a link. It never edits anything itself: it emits what
// the user asked for and the editor turns that into one document command.
#pragma once

#include <QGraphicsView>
#include <QHash>
#include <QPointF>

class QGraphicsLineItem;

namespace ss {

class BottleneckBadge;
class DeviceItem;
class TopologyScene;

class TopologyCanvas : public QGraphicsView
{
    Q_OBJECT
public:
    enum class Tool
    {
        Select,
        Connect
    };
    static constexpr const char* deviceMimeType = "application/x-shardscope-device-kind";

    explicit TopologyCanvas(TopologyScene* scene, QWidget* parent = nullptr);

    TopologyScene* topologyScene() const { return m_scene; }
    Tool tool() const { return m_tool; }
    void setTool(Tool tool);

    double zoom() const;
    void zoomBy(double factor);
    void zoomBy(double factor, const QPointF& viewportAnchor);
    // Shows everything drawn, or, when that would draw devices a few pixels wide (a cluster whose network
    // row is hundreds of switches wide), as much as fits at a readable scale around the bottleneck. The
    // view keeps fitting itself (on resizes, on a new topology) until the user zooms or pans.
    void fitAll();
    bool isAutoFit() const { return m_autoFit; }
    void setAutoFit(bool autoFit) { m_autoFit = autoFit; }
    // The scene point at the centre of the visible area.
    QPointF visibleCentre() const;
    // Presentation mode: lines and badges SCALE times thicker, and a small topology may be fitted
    // that much larger. Found by name by PresentationMode, like every view's.
    Q_INVOKABLE void setPresentationScale(double scale);
    double presentationScale() const;

    // The control over the view that marks the bottleneck (or busiest) link; hidden when none is drawn.
    BottleneckBadge* badge() const { return m_badge; }
    // Centres the view on the marked link, selects it and emits linksActivated() with it; false when no
    // link is marked. The badge's click.
    bool showBottleneck();

signals:
    // Positions (scene coordinates) of the devices a drag moved, by id; emitted once, on release.
    void devicesMoved(const QHash<QString, QPointF>& positions);
    void connectRequested(const QString& fromId, const QString& toId);
    void addRequested(const QString& kind, const QPointF& scenePos);
    void deleteRequested();
    void toolChanged(ss::TopologyCanvas::Tool tool);
    // The user asked for LINK_IDS to be explained: the badge was clicked, or Enter (or a tap of Space) was
    // pressed on the view (the selected links; the marked one when none is selected).
    void linksActivated(const QStringList& linkIds);

protected:
    void wheelEvent(QWheelEvent* event) override;
    void mousePressEvent(QMouseEvent* event) override;
    void mouseMoveEvent(QMouseEvent* event) override;
    void mouseReleaseEvent(QMouseEvent* event) override;
    void keyPressEvent(QKeyEvent* event) override;
    void keyReleaseEvent(QKeyEvent* event) override;
    void resizeEvent(QResizeEvent* event) override;
    void dragEnterEvent(QDragEnterEvent* event) override;
    void dragMoveEvent(QDragMoveEvent* event) override;
    void dropEvent(QDropEvent* event) override;
    void changeEvent(QEvent* event) override;
    void paintEvent(QPaintEvent* event) override;
    void focusInEvent(QFocusEvent* event) override;
    void focusOutEvent(QFocusEvent* event) override;
    void scrollContentsBy(int dx, int dy) override;

private:
    // Puts the badge beside the marked link as the view now shows it.
    void updateBadge();
    void activate();
    DeviceItem* deviceAt(const QPoint& viewportPos) const;
    void updatePixelSize();
    void endConnect(DeviceItem* target);
    void applyPalette();

    TopologyScene* m_scene;
    Tool m_tool = Tool::Select;
    bool m_autoFit = true;
    bool m_panning = false;
    bool m_spaceHeld = false;
    bool m_spacePanned = false; // Space was held for a pan, not tapped
    QPoint m_panLast;
    bool m_dragging = false;
    // Connect: the device the drag started on, the rubber line and the device under the pointer.
    QString m_connectFrom;
    QGraphicsLineItem* m_connectLine = nullptr;
    QString m_connectTarget;
    BottleneckBadge* m_badge = nullptr;
    QString m_badgeTipFor; // the link, look and loads the badge's tooltip was written for
    bool m_badgeQueued = false;
};

} // namespace ss
