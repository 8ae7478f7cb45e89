// SPDX-License-Identifier: GPL-3.0-or-later
// The canvas's scene: items for what a TopologyDisplay says to draw, kept in step with it by id (an edit
// updates the items it touched and keeps the selection), coloured by the loads of a result. The scene is
// not the document: it never changes the topology, it only shows it (CONTRIBUTING.md, "Layers").
#pragma once

#include "linkstyle.h"
#include "result.h"
#include "topologydisplay.h"

#include <QGraphicsScene>
#include <QHash>
#include <QStringList>

#include <vector>

namespace ss {

class DeviceItem;
class GroupItem;
class LinkItem;
class MarkerItem;
class RingItem;

class TopologyScene : public QGraphicsScene
{
    Q_OBJECT
public:
    explicit TopologyScene(QObject* parent = nullptr);
    ~TopologyScene() override;

    // Shows DISPLAY: items are reused by id, new ones made, gone ones removed.
    void setDisplay(const TopologyDisplay& display);
    const TopologyDisplay& display() const { return m_display; }

    // Colours the links by COMM's loads (LinkLoadScale); BOTTLENECK is the link to mark ("" for none), and
    // LIMITS_STEP whether it is what limits the step (else it is only the busiest link).
    void setLoads(const CommResult& comm, double stepTime_s, const QString& bottleneck,
                  bool limitsStep = true);
    // The same from a scale already made (another scene's loadScale(): its rows are shared, not copied).
    void setLoads(const LinkLoadScale& scale, const QString& bottleneck, bool limitsStep = true);
    bool bottleneckLimitsStep() const { return m_limitsStep; }
    const LinkLoadScale& loadScale() const { return m_scale; }
    const QString& bottleneck() const { return m_bottleneck; }

    // Highlights the links LINK_IDS (the others fade) and the order of RINGS (GPU ids; CLOSED: a ring, else
    // a chain); empty: none.
    void setHighlight(const QStringList& linkIds, const std::vector<QStringList>& rings, bool closed = true);
    bool hasHighlight() const { return m_highlighted; }

    DeviceItem* deviceItem(const QString& id) const { return m_devices.value(id); }
    // The drawn item of a link (a bundle for a link into a collapsed group); nullptr when not drawn.
    LinkItem* linkItem(const QString& linkId) const;
    LinkItem* drawnLink(const QString& key) const { return m_links.value(key); }
    const QHash<QString, DeviceItem*>& deviceItems() const { return m_devices; }
    const QHash<QString, LinkItem*>& linkItems() const { return m_links; }
    const std::vector<GroupItem*>& groupItems() const { return m_groups; }
    MarkerItem* marker() const { return m_marker; }
    int ringItemCount() const { return int(m_rings.size()); }

    // The link ids the selected link items stand for, and the selected device ids.
    QStringList selectedDeviceIds() const;
    QStringList selectedLinkIds() const;
    void selectIds(const QStringList& devices, const QStringList& links);

    // Scene units per pixel of the view (line widths are cosmetic; items size their margins with it).
    double pixelSize() const { return m_pixel; }
    void setPixelSize(double pixel);
    // Presentation mode: link widths, the ring's arrows and the badges drawn SCALE times thicker
    // (1: as usual).
    double presentationScale() const { return m_presentationScale; }
    void setPresentationScale(double scale);

    // The tooltip of a drawn link or device (built when asked: thousands of links need none in advance).
    QString linkToolTip(const LinkItem* item) const;
    QString deviceToolTip(const DeviceItem* item) const;
    // Puts the bottleneck badge on its link (also while the link's ends are dragged).
    void placeMarker();

signals:
    void expandRequested();

protected:
    void helpEvent(QGraphicsSceneHelpEvent* event) override;
    void mouseDoubleClickEvent(QGraphicsSceneMouseEvent* event) override;

private:
    void restyleLinks();
    void clearRings();

    TopologyDisplay m_display;
    QHash<QString, DeviceItem*> m_devices;
    QHash<QString, LinkItem*> m_links; // by drawn key
    std::vector<GroupItem*> m_groups;
    std::vector<RingItem*> m_rings;
    MarkerItem* m_marker = nullptr;
    LinkLoadScale m_scale;
    LinkLoadScale::Numbering m_numbering; // m_display's topology against the results' graphs
    QString m_bottleneck;
    bool m_limitsStep = true;
    QStringList m_highlightLinks;
    std::vector<QStringList> m_highlightRings;
    bool m_highlightClosed = true;
    bool m_highlighted = false;
    double m_pixel = 1;
    double m_presentationScale = 1;
};

} // namespace ss
