// SPDX-License-Identifier: GPL-3.0-or-later
// The "Topology" tab: the canvas of the document's topology with its tools, device palette, property panel,
// collective highlighting and legend. When the scenario has no explicit cluster.topology it shows the
// generated cluster (scenarioTopology()), laid out by TopologyDisplay; the first edit turns what is shown
// into an explicit topology in the same undo step. Every edit is one ScenarioDocument::setTopology().
#pragma once

#include "topologydisplay.h"

#include <QHash>
#include <QPointF>
#include <QStringList>
#include <QWidget>

class QAction;
class QComboBox;
class QLabel;
class QPushButton;
class QScrollArea;
class QSplitter;
class QVBoxLayout;

namespace ss {

class LinkLegend;
class RingAnimationControl;
class ScenarioDocument;
class TopologyCanvas;
class TopologyProperties;
class TopologyScene;

class TopologyEditor : public QWidget
{
    Q_OBJECT
public:
    explicit TopologyEditor(ScenarioDocument* document, QWidget* parent = nullptr);
    ~TopologyEditor() override;

    TopologyCanvas* canvas() const { return m_canvas; }
    TopologyScene* scene() const { return m_scene; }
    TopologyProperties* properties() const { return m_properties; }
    LinkLegend* legend() const { return m_legend; }
    // The ring animation of the highlighted collective.
    RingAnimationControl* ringAnimation() const { return m_ringAnimation; }
    // Presentation mode: the side panel as much wider as its type is larger (the canvas scales
    // itself, TopologyCanvas::setPresentationScale).
    Q_INVOKABLE void setPresentationScale(double scale);
    const TopologyDisplay& display() const { return m_display; }
    // Whether the topology on show is generated from the node preset (no cluster.topology yet).
    bool isGenerated() const { return m_generated; }

    // Many identical machines drawn as a few and one group (on by default).
    bool collapsesIdentical() const { return m_collapse; }
    void setCollapseIdentical(bool collapse);

    // --- Edits: one undo step each. They return the new entity's id, or "" when applied, or (for the
    // setters) a sentence saying why the value was rejected.
    QString addDevice(const QString& kind, const QPointF& scenePos);
    QString addDevice(const QString& kind); // near the middle of the view, where there is room
    QString connectDevices(const QString& a, const QString& b);
    void moveDevices(const QHash<QString, QPointF>& positions);
    void deleteItems(const QStringList& devices, const QStringList& links);
    void deleteSelection();
    QString setDeviceKind(const QString& id, const QString& kind);
    QString setDeviceLabel(const QString& id, const QString& label);
    QString setLinkKind(const QString& id, const QString& kind);
    QString setLinkBandwidth(const QString& id, const QString& text);
    QString setLinkLatency(const QString& id, const QString& text);
    QString setLinkEfficiency(const QString& id, const QString& text);
    QString setLinkCount(const QString& id, int count, bool scrub = false);
    // Lays every device out afresh (one step for an explicit topology; a generated one always is).
    void arrange();
    // Drops the explicit topology: the cluster is generated from its preset again.
    void useGenerated();

    // The highlight on show: "" none, "group:tp", "collective:3".
    QString highlight() const;

signals:
    // The layout drawn changed (a new cluster, an edit of the topology, collapse, language): display().
    void displayChanged();

protected:
    void showEvent(QShowEvent* event) override;
    // View > Language: tools, headings, the source line, the highlight choices, the group titles.
    void changeEvent(QEvent* event) override;

public slots:
    // Highlights the links and ring order of Result::comm.collectives[INDEX]; -1 clears.
    void highlightCollective(int index);
    // Highlights every collective of GROUP ("tp", "pp", "dp", "offload"); "" clears.
    void highlightGroup(const QString& group);

private:
    void buildToolBar(QVBoxLayout* layout);
    QWidget* buildSidePanel();
    void rebuild(bool force = false);
    void showResult();
    void applyLoads();
    void showProblems();
    void retranslate();
    // The words of the highlight choice DATA ("", "group:tp", "collective:3"); its tooltip in *TOOL_TIP.
    QString highlightText(const QString& data, QString* toolTip = nullptr) const;
    void updateProperties();
    void updateSource();
    void fillHighlightChoices();
    void applyHighlight();
    void commit(const Topology& topology, const QString& description, const QString& mergeKey = {});
    TopologyLink* findLink(Topology& topology, const QString& id) const;
    TopologyNode* findDevice(Topology& topology, const QString& id) const;
    QString uniqueDeviceId(const Topology& topology, const QString& kind) const;
    QString uniqueLinkId(const Topology& topology, const QString& a, const QString& b) const;
    TopologyLink newLink(const Topology& topology, const TopologyNode& a, const TopologyNode& b) const;
    QPointF freeSpot(const QPointF& near) const;

    ScenarioDocument* m_document;
    TopologyScene* m_scene;
    TopologyCanvas* m_canvas;
    TopologyProperties* m_properties;
    LinkLegend* m_legend;
    RingAnimationControl* m_ringAnimation = nullptr;
    QLabel* m_problems = nullptr;
    QScrollArea* m_sideScroll = nullptr;
    QSplitter* m_splitter = nullptr;
    bool m_splitterSized = false;
    double m_presentationScale = 1;
    QLabel* m_source = nullptr;
    QPushButton* m_useGenerated = nullptr;
    QComboBox* m_highlight = nullptr;
    QLabel* m_highlightHeading = nullptr;
    QLabel* m_keyHeading = nullptr;
    QLabel* m_addHeading = nullptr;
    QLabel* m_propertiesHeading = nullptr;
    QAction* m_selectTool = nullptr;
    QAction* m_connectTool = nullptr;
    QAction* m_collapseAction = nullptr;
    QAction* m_arrangeAction = nullptr;

    TopologyDisplay m_display;
    Topology m_sourceTopology;
    bool m_generated = true;
    bool m_collapse = true;
    bool m_built = false;
    QString m_generateError;
    // What the generated topology was made from, to skip regenerating it on unrelated edits.
    struct GeneratedKey
    {
        ClusterSpec cluster;
        int dpSync = 0;
        std::int64_t psServers = 0;
        bool operator==(const GeneratedKey&) const = default;
    };
    GeneratedKey m_generatedKey;
    bool m_hasGeneratedKey = false;
};

} // namespace ss
