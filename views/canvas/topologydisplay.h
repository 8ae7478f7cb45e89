// SPDX-License-Identifier: GPL-3.0-or-later
// What the topology canvas draws, worked out apart from painting (CONTRIBUTING.md, "Drawing"): where every
// device sits, the frames around the machines (the engine's hosts), which machines collapse into one drawn
// group when many are identical (the engine's host templates), and the links as drawn: one line per link, a
// bundle for the links of a visible device into a collapsed group, and curves where a straight line would
// run through another device or over a parallel link. Nothing here owns data: it is rebuilt from a
// Topology whenever the document's changes.
#pragma once

#include "scenario.h"

#include <QCoreApplication>
#include <QHash>
#include <QPointF>
#include <QRectF>
#include <QSizeF>
#include <QString>

#include <vector>

namespace ss {

class TopologyDisplay
{
    Q_DECLARE_TR_FUNCTIONS(TopologyDisplay)
public:
    struct Options
    {
        bool arrange = false; // lay the devices out (a generated cluster); false: the topology's own x, y
        bool collapse = true; // many identical machines: draw a few and one group for the rest
    };
    // A template with more machines than this collapses; that many stay drawn.
    static constexpr int collapseAbove = 4;
    static constexpr int drawnWhenCollapsed = 3;
    // A network row (the leaves, the spines) with more switches than this collapses too: the switches wired
    // to what is drawn stay, at most drawnSwitchesWhenCollapsed of them, and one group stands for the rest.
    static constexpr int collapseSwitchesAbove = 64;
    static constexpr int drawnSwitchesWhenCollapsed = 16;
    // Scene units of the arranged layout.
    static constexpr double pitch = 96;    // between neighbouring devices of a row
    static constexpr double rowGap = 76;   // between the rows of a machine
    static constexpr double boxWidth = 80; // a device
    static constexpr double boxHeight = 36;

    struct Device
    {
        QPointF pos; // centre
        QSizeF size{boxWidth, boxHeight};
        int group = -1;      // the frame it is drawn in; -1 for none
        bool visible = true; // false: inside a collapsed group
        QString text;        // the label drawn: the frame's common prefix stripped ("GPU 0" in "node 0")
    };
    struct Group
    {
        QString title; // "node 0"; a collapsed group: "node 3 … node 127"
        QRectF rect;   // the frame
        bool collapsed = false;
        int machines = 1;         // machines it stands for (a group of switches: the switches)
        bool switches = false;    // a collapsed network row's switches, not machines
        int host = -1;            // the (first) engine host
        std::vector<int> devices; // indices into topology().nodes (a collapsed group: all its machines')
    };
    struct Link
    {
        QString key;            // the link's id; a bundle: "bundle:" + the visible device's id
        int deviceA = -1;       // a drawn device (index into topology().nodes)
        int deviceB = -1;       // a drawn device, or -1 when the line ends at groupB
        int groupB = -1;        // a collapsed group
        std::vector<int> links; // the topology links it stands for (indices)
        QPointF anchor;         // a bundle: where its first hidden end would be drawn, inside the group
        QPointF bend;           // the curve's control point relative to the midpoint; (0, 0): straight
    };

    TopologyDisplay() = default;
    static TopologyDisplay build(const Topology& topology, const Options& options);
    // NODE's label (its id when it has none) as the canvas shows it: the labels a generated cluster gives
    // its devices ("node 3 GPU 0", "Spine") in the user's language, any other as it is.
    static QString deviceLabel(const TopologyNode& node);

    // The topology with the positions drawn (the arranged ones when arranging): what an edit starts from.
    const Topology& topology() const { return m_topology; }
    const std::vector<Device>& devices() const { return m_devices; }
    const std::vector<Group>& groups() const { return m_groups; }
    const std::vector<Link>& links() const { return m_links; }
    // The effective id of link I (the engine names a link without an id "link<I>").
    QString linkId(int i) const;
    int deviceIndex(const QString& id) const;
    int linkIndex(const QString& id) const;
    bool arranged() const { return m_arranged; }
    // Whether some machines are drawn as a collapsed group.
    bool hasCollapsedGroup() const;
    // Whether collapsing would hide machines (the expand/collapse switch does something).
    bool canCollapse() const { return m_canCollapse; }
    // The drawn link that shows topology link I (itself or its bundle); -1 when it is not drawn.
    int drawnLinkOf(int link) const;
    // The bounding rectangle of everything drawn.
    QRectF bounds() const;

    // The bend of a line between two drawn ends (for a device being dragged): the same rules as build().
    static QPointF arcBend(const QPointF& a, const QPointF& b, double height);

private:
    void makeLinks();

    Topology m_topology;
    std::vector<Device> m_devices;
    std::vector<Group> m_groups;
    std::vector<Link> m_links;
    std::vector<int> m_drawnLinkOf;
    std::vector<QString> m_deviceIds;
    QHash<QString, int> m_deviceIndex;
    QHash<QString, int> m_linkIndex;
    bool m_arranged = false;
    bool m_canCollapse = false;
};

} // namespace ss
