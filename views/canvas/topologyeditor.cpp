// SPDX-License-Identifier: GPL-3.0-or-later
#include "topologyeditor.h"

#include "canvasitems.h"
#include "enginetext.h"
#include "fieldnames.h"
#include "linkcatalog.h"
#include "linklegend.h"
#include "presets.h"
#include "ringanimationcontrol.h"
#include "scenariodocument.h"
#include "topologycanvas.h"
#include "topologyproperties.h"
#include "topologyscene.h"
#include "unitformat.h"
#include "units.h"

#include <QAction>
#include <QActionGroup>
#include <QApplication>
#include <QComboBox>
#include <QDrag>
#include <QGridLayout>
#include <QLabel>
#include <QMimeData>
#include <QMouseEvent>
#include <QPushButton>
#include <QScrollArea>
#include <QSet>
#include <QSplitter>
#include <QTimer>
#include <QToolBar>
#include <QToolButton>
#include <QVBoxLayout>

#include <algorithm>
#include <cmath>
#include <map>

namespace ss {

namespace {

const char* const paletteKinds[] = {"gpu", "cpu", "pcie-switch", "nvswitch", "nic", "switch", "nvme", "ps"};

// A palette entry: a click adds the device where there is room, a drag drops it where the user wants.
class PaletteButton : public QToolButton
{
public:
    explicit PaletteButton(const QString& kind) : m_kind(kind)
    {
        setObjectName(QStringLiteral("palette.") + kind);
        retranslate();
        setToolButtonStyle(Qt::ToolButtonTextOnly);
        setSizePolicy(QSizePolicy::Expanding, QSizePolicy::Fixed);
        QPalette pal = palette();
        pal.setColor(QPalette::Button, DeviceItem::fillColor(kind));
        pal.setColor(QPalette::ButtonText, QColor(0x1A, 0x1A, 0x1A));
        setPalette(pal);
        setAutoFillBackground(true);
    }

protected:
    void changeEvent(QEvent* event) override
    {
        QToolButton::changeEvent(event);
        if (event->type() == QEvent::LanguageChange)
            retranslate();
    }
    void mousePressEvent(QMouseEvent* event) override
    {
        m_pressAt = event->position().toPoint();
        QToolButton::mousePressEvent(event);
    }
    void mouseMoveEvent(QMouseEvent* event) override
    {
        if ((event->buttons() & Qt::LeftButton) &&
            (event->position().toPoint() - m_pressAt).manhattanLength() >=
                QApplication::startDragDistance()) {
            setDown(false);
            auto* drag = new QDrag(this);
            auto* mime = new QMimeData;
            mime->setData(QLatin1String(TopologyCanvas::deviceMimeType), m_kind.toUtf8());
            drag->setMimeData(mime);
            drag->exec(Qt::CopyAction);
            return;
        }
        QToolButton::mouseMoveEvent(event);
    }

private:
    void retranslate()
    {
        setText(DeviceItem::kindName(m_kind));
        setToolTip(TopologyEditor::tr("Add a %1: click, or drag it onto the canvas")
                       .arg(DeviceItem::kindName(m_kind)));
    }

    QString m_kind;
    QPoint m_pressAt;
};

// A tool's tooltip names its shortcut, in the platform's words for the keys.
QString toolTipWithKey(const QString& tip, const QKeySequence& key)
{
    return key.isEmpty()
               ? tip
               : tip + QStringLiteral(" (") + key.toString(QKeySequence::NativeText) + QLatin1Char(')');
}

QString idPrefix(const QString& kind)
{
    if (kind == QLatin1String("pcie-switch"))
        return QStringLiteral("pcie");
    return kind;
}

// A new device's label, in the words the cluster generator uses (it is scenario data, not interface text).
QString defaultLabel(const QString& kind, int number)
{
    static const std::map<QString, QString> names = {
        {QStringLiteral("gpu"), QStringLiteral("GPU")},
        {QStringLiteral("cpu"), QStringLiteral("CPU")},
        {QStringLiteral("pcie-switch"), QStringLiteral("PCIe switch")},
        {QStringLiteral("nvswitch"), QStringLiteral("NVSwitch")},
        {QStringLiteral("nic"), QStringLiteral("NIC")},
        {QStringLiteral("switch"), QStringLiteral("Switch")},
        {QStringLiteral("nvme"), QStringLiteral("NVMe")},
        {QStringLiteral("ps"), QStringLiteral("Parameter server")}};
    const auto it = names.find(kind);
    return QStringLiteral("%1 %2").arg(it == names.end() ? kind : it->second).arg(number);
}

QString groupName(const QString& group)
{
    if (group == QLatin1String("tp"))
        return TopologyEditor::tr("Tensor parallel");
    if (group == QLatin1String("pp"))
        return TopologyEditor::tr("Pipeline parallel");
    if (group == QLatin1String("dp"))
        return TopologyEditor::tr("Data parallel");
    if (group == QLatin1String("ep"))
        return TopologyEditor::tr("Expert parallel");
    if (group == QLatin1String("cp"))
        return TopologyEditor::tr("Context parallel");
    if (group == QLatin1String("edp"))
        return TopologyEditor::tr("Expert data parallel");
    if (group == QLatin1String("offload"))
        return TopologyEditor::tr("Offload");
    return group;
}

bool isDeviceKind(const QString& kind)
{
    return std::any_of(std::begin(paletteKinds), std::end(paletteKinds),
                       [&kind](const char* k) { return kind == QLatin1String(k); });
}

} // namespace

TopologyEditor::TopologyEditor(ScenarioDocument* document, QWidget* parent)
    : QWidget(parent), m_document(document), m_scene(new TopologyScene(this)),
      m_canvas(new TopologyCanvas(m_scene)), m_properties(new TopologyProperties), m_legend(new LinkLegend)
{
    setObjectName(QStringLiteral("topologyEditor"));
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->setSpacing(0);
    buildToolBar(layout);

    m_problems = new QLabel;
    m_problems->setObjectName(QStringLiteral("topologyProblems"));
    m_problems->setWordWrap(true);
    m_problems->setContentsMargins(8, 4, 8, 4);
    m_problems->setStyleSheet(QStringLiteral("QLabel { color: #d62728; }"));
    m_problems->hide();
    layout->addWidget(m_problems);

    auto* splitter = new QSplitter(Qt::Horizontal);
    splitter->setObjectName(QStringLiteral("topologySplitter"));
    auto* left = new QWidget;
    auto* leftLayout = new QVBoxLayout(left);
    leftLayout->setContentsMargins(0, 0, 0, 0);
    leftLayout->setSpacing(0);
    // Above the canvas, shown while a collective is highlighted: its ring algorithm step by step.
    m_ringAnimation = new RingAnimationControl(m_scene);
    leftLayout->addWidget(m_ringAnimation);
    leftLayout->addWidget(m_canvas, 1);
    splitter->addWidget(left);
    splitter->addWidget(buildSidePanel());
    splitter->setStretchFactor(0, 1);
    splitter->setStretchFactor(1, 0);
    splitter->setCollapsible(0, false);
    layout->addWidget(splitter, 1);
    m_splitter = splitter;

    connect(m_document, &ScenarioDocument::scenarioChanged, this, [this] { rebuild(); });
    connect(m_document, &ScenarioDocument::resultChanged, this, &TopologyEditor::showResult);
    connect(m_document, &ScenarioDocument::problemsChanged, this, &TopologyEditor::showProblems);
    connect(m_scene, &QGraphicsScene::selectionChanged, this, &TopologyEditor::updateProperties);
    connect(m_scene, &TopologyScene::expandRequested, this, [this] { setCollapseIdentical(false); });
    connect(m_canvas, &TopologyCanvas::devicesMoved, this, &TopologyEditor::moveDevices);
    connect(m_canvas, &TopologyCanvas::connectRequested, this,
            [this](const QString& a, const QString& b) { connectDevices(a, b); });
    connect(m_canvas, &TopologyCanvas::addRequested, this,
            [this](const QString& kind, const QPointF& pos) { addDevice(kind, pos); });
    connect(m_canvas, &TopologyCanvas::deleteRequested, this, &TopologyEditor::deleteSelection);
    connect(m_canvas, &TopologyCanvas::toolChanged, this, [this](TopologyCanvas::Tool tool) {
        m_selectTool->setChecked(tool == TopologyCanvas::Tool::Select);
        m_connectTool->setChecked(tool == TopologyCanvas::Tool::Connect);
    });

    const auto report = [this](const QString& error) {
        m_properties->setRejected(error);
        if (error.isEmpty())
            updateProperties();
    };
    connect(m_properties, &TopologyProperties::deviceKindChosen, this,
            [this, report](const QString& id, const QString& kind) { report(setDeviceKind(id, kind)); });
    connect(m_properties, &TopologyProperties::deviceLabelEntered, this,
            [this, report](const QString& id, const QString& label) { report(setDeviceLabel(id, label)); });
    connect(m_properties, &TopologyProperties::linkKindChosen, this,
            [this, report](const QString& id, const QString& kind) { report(setLinkKind(id, kind)); });
    connect(m_properties, &TopologyProperties::linkBandwidthEntered, this,
            [this, report](const QString& id, const QString& text) { report(setLinkBandwidth(id, text)); });
    connect(m_properties, &TopologyProperties::linkLatencyEntered, this,
            [this, report](const QString& id, const QString& text) { report(setLinkLatency(id, text)); });
    connect(m_properties, &TopologyProperties::linkEfficiencyEntered, this,
            [this, report](const QString& id, const QString& text) { report(setLinkEfficiency(id, text)); });
    connect(
        m_properties, &TopologyProperties::linkCountChanged, this,
        [this, report](const QString& id, int count, bool scrub) { report(setLinkCount(id, count, scrub)); });
    connect(m_properties, &TopologyProperties::deleteClicked, this, &TopologyEditor::deleteSelection);

    rebuild(true);
    if (m_document->hasResult())
        showResult();
    showProblems();
}

TopologyEditor::~TopologyEditor()
{
    // QWidget's destructor deletes the scene after this class is gone, and removing its items emits
    // selectionChanged: that must not call updateProperties() on a half-destroyed editor (UBSan).
    m_scene->disconnect(this);
}

void TopologyEditor::showEvent(QShowEvent* event)
{
    QWidget::showEvent(event);
    // The side panel starts narrow, whatever its contents would like; the canvas takes the rest.
    if (!m_splitterSized && width() > 0) {
        const double s = m_presentationScale;
        const int side = std::clamp(width() / 4, int(240 * s), int(290 * s));
        m_splitter->setSizes({std::max(200, width() - side), side});
        m_splitterSized = true;
    }
}

void TopologyEditor::setPresentationScale(double scale)
{
    if (!(scale > 0) || scale == m_presentationScale)
        return;
    m_presentationScale = scale;
    // Its words are SCALE times wider: so is the panel, else they are cut at its edge.
    m_sideScroll->setMinimumWidth(int(220 * scale));
    m_sideScroll->setMaximumWidth(int(360 * scale));
    // Sized afresh now, or when the tab is next shown.
    m_splitterSized = isVisible() && width() > 0;
    if (m_splitterSized) {
        const int side = std::clamp(width() / 4, int(240 * scale), int(290 * scale));
        m_splitter->setSizes({std::max(200, width() - side), side});
    }
}

void TopologyEditor::buildToolBar(QVBoxLayout* layout)
{
    auto* bar = new QToolBar;
    bar->setObjectName(QStringLiteral("topologyToolBar"));
    bar->setToolButtonStyle(Qt::ToolButtonTextOnly);
    bar->setIconSize(QSize(16, 16));
    const auto add = [this, bar](const QString& text, const QString& name, const QKeySequence& key,
                                 const QString& tip) {
        QAction* action = bar->addAction(text);
        action->setObjectName(name);
        if (!key.isEmpty()) {
            action->setShortcut(key);
            action->setShortcutContext(Qt::WidgetWithChildrenShortcut);
            addAction(action);
        }
        action->setToolTip(toolTipWithKey(tip, key));
        return action;
    };
    auto* tools = new QActionGroup(this);
    m_selectTool = add(tr("Select"), QStringLiteral("actionSelectTool"), QKeySequence(Qt::Key_S),
                       tr("Select and move devices; drag on the background to select several"));
    m_connectTool = add(tr("Connect"), QStringLiteral("actionConnectTool"), QKeySequence(Qt::Key_C),
                        tr("Drag from one device to another to link them"));
    for (QAction* action : {m_selectTool, m_connectTool}) {
        action->setCheckable(true);
        tools->addAction(action);
    }
    m_selectTool->setChecked(true);
    connect(m_selectTool, &QAction::triggered, this,
            [this] { m_canvas->setTool(TopologyCanvas::Tool::Select); });
    connect(m_connectTool, &QAction::triggered, this,
            [this] { m_canvas->setTool(TopologyCanvas::Tool::Connect); });
    bar->addSeparator();
    QAction* remove = add(tr("Delete"), QStringLiteral("actionDeleteSelection"), QKeySequence(),
                          tr("Delete the selection (Del); a device's links go with it"));
    connect(remove, &QAction::triggered, this, &TopologyEditor::deleteSelection);
    bar->addSeparator();
    QAction* zoomIn =
        add(tr("Zoom In"), QStringLiteral("actionZoomIn"), QKeySequence(), tr("Zoom in (+, or the wheel)"));
    connect(zoomIn, &QAction::triggered, this, [this] { m_canvas->zoomBy(1.25); });
    QAction* zoomOut = add(tr("Zoom Out"), QStringLiteral("actionZoomOut"), QKeySequence(),
                           tr("Zoom out (-, or the wheel)"));
    connect(zoomOut, &QAction::triggered, this, [this] { m_canvas->zoomBy(1 / 1.25); });
    QAction* fit = add(tr("Fit"), QStringLiteral("actionFit"), QKeySequence(Qt::Key_F),
                       tr("Show the whole topology, or a readable part of one too wide for the view, around "
                          "its bottleneck; pan with the middle button or Space and drag"));
    connect(fit, &QAction::triggered, m_canvas, &TopologyCanvas::fitAll);
    bar->addSeparator();
    m_collapseAction =
        add(tr("Collapse Identical Machines"), QStringLiteral("actionCollapse"), QKeySequence(),
            tr("Draw a few of many identical machines and one group for the rest"));
    m_collapseAction->setCheckable(true);
    m_collapseAction->setChecked(m_collapse);
    connect(m_collapseAction, &QAction::toggled, this, &TopologyEditor::setCollapseIdentical);
    m_arrangeAction = add(tr("Arrange"), QStringLiteral("actionArrange"), QKeySequence(),
                          tr("Lay every device out afresh: machines as frames, the network above them"));
    connect(m_arrangeAction, &QAction::triggered, this, &TopologyEditor::arrange);
    layout->addWidget(bar);
}

QWidget* TopologyEditor::buildSidePanel()
{
    auto* panel = new QWidget;
    panel->setObjectName(QStringLiteral("topologySidePanel"));
    auto* layout = new QVBoxLayout(panel);
    layout->setContentsMargins(8, 6, 8, 6);
    const auto heading = [layout](const QString& text) {
        auto* label = new QLabel(text);
        QFont bold = label->font();
        bold.setBold(true);
        label->setFont(bold);
        layout->addWidget(label);
        return label;
    };

    m_source = new QLabel;
    m_source->setObjectName(QStringLiteral("topologySource"));
    m_source->setWordWrap(true);
    layout->addWidget(m_source);
    m_useGenerated = new QPushButton(tr("Use Generated Topology"));
    m_useGenerated->setObjectName(QStringLiteral("useGenerated"));
    m_useGenerated->setToolTip(
        tr("Drop the explicit topology and generate the cluster from its node preset again"));
    connect(m_useGenerated, &QPushButton::clicked, this, &TopologyEditor::useGenerated);
    layout->addWidget(m_useGenerated, 0, Qt::AlignLeft);
    layout->addSpacing(6);

    m_highlightHeading = heading(tr("Highlight"));
    m_highlight = new QComboBox;
    m_highlight->setObjectName(QStringLiteral("highlightCollective"));
    m_highlight->setSizeAdjustPolicy(QComboBox::AdjustToMinimumContentsLengthWithIcon);
    m_highlight->setMinimumContentsLength(16);
    m_highlight->setToolTip(tr("Show the links a collective (or a parallel group) uses and its ring order"));
    connect(m_highlight, &QComboBox::currentIndexChanged, this, &TopologyEditor::applyHighlight);
    layout->addWidget(m_highlight);
    layout->addSpacing(6);

    // The key beside the canvas rather than under it: the canvas keeps the window's full height.
    m_keyHeading = heading(tr("Key"));
    m_legend->layout()->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(m_legend);
    layout->addSpacing(6);

    m_addHeading = heading(tr("Add a Device"));
    auto* grid = new QGridLayout;
    grid->setSpacing(4);
    int k = 0;
    for (const char* kind : paletteKinds) {
        auto* button = new PaletteButton(QLatin1String(kind));
        const QString id = QLatin1String(kind);
        connect(button, &QToolButton::clicked, this, [this, id] { addDevice(id); });
        grid->addWidget(button, k / 2, k % 2);
        ++k;
    }
    layout->addLayout(grid);
    layout->addSpacing(6);

    m_propertiesHeading = heading(tr("Properties"));
    layout->addWidget(m_properties);
    layout->addStretch(1);

    auto* scroll = new QScrollArea;
    m_sideScroll = scroll;
    scroll->setObjectName(QStringLiteral("topologySideScroll"));
    scroll->setWidget(panel);
    scroll->setWidgetResizable(true);
    scroll->setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    scroll->setFrameShape(QFrame::NoFrame);
    scroll->setMinimumWidth(220);
    scroll->setMaximumWidth(360);
    return scroll;
}

void TopologyEditor::setCollapseIdentical(bool collapse)
{
    if (collapse == m_collapse)
        return;
    m_collapse = collapse;
    {
        const QSignalBlocker blocker(m_collapseAction);
        m_collapseAction->setChecked(collapse);
    }
    rebuild(true);
    m_canvas->fitAll();
}

void TopologyEditor::rebuild(bool force)
{
    const Scenario& scenario = m_document->scenario();
    const bool generated = !scenario.cluster.topology;
    Topology topology;
    if (generated) {
        const GeneratedKey key{scenario.cluster, int(scenario.parallel.dp_sync),
                               scenario.parallel.ps_servers};
        if (!force && m_built && m_generated && m_hasGeneratedKey && key == m_generatedKey)
            return; // an edit elsewhere: the same cluster
        std::string error;
        m_generateError.clear();
        if (!scenarioTopology(scenario, topology, &error)) {
            topology = {};
            m_generateError = QString::fromStdString(error);
        }
        m_generatedKey = key;
        m_hasGeneratedKey = true;
    } else {
        topology = *scenario.cluster.topology;
        m_generateError.clear();
        m_hasGeneratedKey = false;
        if (!force && m_built && !m_generated && topology == m_sourceTopology)
            return;
    }
    // How much of what is drawn stays: a different cluster is fitted to the view afresh.
    TopologyDisplay display = TopologyDisplay::build(topology, {generated, m_collapse});
    int kept = 0;
    int visible = 0;
    for (std::size_t i = 0; i < display.devices().size(); ++i) {
        if (!display.devices()[i].visible)
            continue;
        ++visible;
        kept += m_scene->deviceItem(QString::fromStdString(topology.nodes[i].id)) != nullptr;
    }
    const bool different = !m_built || kept * 2 < visible;
    m_sourceTopology = std::move(topology);
    m_generated = generated;
    m_display = std::move(display);
    m_scene->setDisplay(m_display);
    m_built = true;
    if (different || m_canvas->isAutoFit())
        m_canvas->fitAll();
    m_collapseAction->setEnabled(m_display.canCollapse());
    m_arrangeAction->setEnabled(!m_generated);
    updateSource();
    updateProperties();
    emit displayChanged();
}

void TopologyEditor::updateSource()
{
    const Scenario& scenario = m_document->scenario();
    QString text;
    if (!m_generateError.isEmpty()) {
        text = tr("The cluster cannot be generated: %1").arg(m_generateError);
    } else if (m_generated) {
        // The preset's display name in the interface language (the engine's titles are English).
        const QString id = QString::fromStdString(scenario.cluster.node_preset);
        const QString name =
            scenario.cluster.node_preset == kAutoPreset
                ? tr("%n× %1 (built from the GPU)", nullptr, int(scenario.cluster.gpus_per_node))
                      .arg(QString::fromStdString(scenario.cluster.gpu.name))
                : FieldNames::choice(QStringLiteral("cluster.node_preset"), id);
        text = tr("Generated: %n node(s) of %1. The first edit makes it an explicit topology.", nullptr,
                  int(scenario.cluster.nodes))
                   .arg(name);
    } else {
        text = tr("Explicit topology: %1 devices, %2 links.")
                   .arg(m_sourceTopology.nodes.size())
                   .arg(m_sourceTopology.links.size());
    }
    m_source->setText(text);
    m_useGenerated->setVisible(!m_generated);
}

void TopologyEditor::showResult()
{
    applyLoads();
    fillHighlightChoices();
    showProblems();
}

void TopologyEditor::changeEvent(QEvent* event)
{
    QWidget::changeEvent(event);
    if (event->type() == QEvent::LanguageChange)
        retranslate();
}

void TopologyEditor::retranslate()
{
    const struct
    {
        const char* name;
        QString text;
        QString tip;
    } tools[] = {{"actionSelectTool", tr("Select"),
                  tr("Select and move devices; drag on the background to select several")},
                 {"actionConnectTool", tr("Connect"), tr("Drag from one device to another to link them")},
                 {"actionDeleteSelection", tr("Delete"),
                  tr("Delete the selection (Del); a device's links go with it")},
                 {"actionZoomIn", tr("Zoom In"), tr("Zoom in (+, or the wheel)")},
                 {"actionZoomOut", tr("Zoom Out"), tr("Zoom out (-, or the wheel)")},
                 {"actionFit", tr("Fit"),
                  tr("Show the whole topology, or a readable part of one too wide for the view, around "
                     "its bottleneck; pan with the middle button or Space and drag")},
                 {"actionCollapse", tr("Collapse Identical Machines"),
                  tr("Draw a few of many identical machines and one group for the rest")},
                 {"actionArrange", tr("Arrange"),
                  tr("Lay every device out afresh: machines as frames, the network above them")}};
    for (const auto& tool : tools) {
        if (QAction* action = findChild<QAction*>(QLatin1String(tool.name))) {
            action->setText(tool.text);
            action->setToolTip(toolTipWithKey(tool.tip, action->shortcut()));
        }
    }
    m_useGenerated->setText(tr("Use Generated Topology"));
    m_useGenerated->setToolTip(
        tr("Drop the explicit topology and generate the cluster from its node preset again"));
    m_highlightHeading->setText(tr("Highlight"));
    m_highlight->setToolTip(tr("Show the links a collective (or a parallel group) uses and its ring order"));
    m_keyHeading->setText(tr("Key"));
    m_addHeading->setText(tr("Add a Device"));
    m_propertiesHeading->setText(tr("Properties"));
    // The machines' frame titles, the source line and the properties on show; the view, the selection and the
    // highlighted collective stay.
    rebuild(true);
    if (m_document->hasResult())
        applyLoads();
    for (int i = 0; i < m_highlight->count(); ++i) {
        QString tip;
        m_highlight->setItemText(i, highlightText(m_highlight->itemData(i).toString(), &tip));
        m_highlight->setItemData(i, tip.isEmpty() ? QVariant() : QVariant(tip), Qt::ToolTipRole);
    }
    showProblems();
}

void TopologyEditor::applyLoads()
{
    const Result& result = m_document->result();
    // The busiest link is the step's bottleneck when the step model says a link limits it (or has not run);
    // when compute or the bubble limits the step, it is only the busiest link and is marked as such.
    QString bottleneck = QString::fromStdString(result.comm.bottleneck_link);
    const bool linkLimited = result.bottleneck.kind == "link" || result.bottleneck.kind == "pcie";
    if (linkLimited && !result.bottleneck.id.empty())
        bottleneck = QString::fromStdString(result.bottleneck.id);
    const bool limitsStep = linkLimited || result.bottleneck.kind.empty();
    m_scene->setLoads(result.comm, result.step.time_s, bottleneck, limitsStep);
    m_legend->setMeasure(m_scene->loadScale().measure(), m_scene->loadScale().busiest_s());
    m_legend->setBottleneckLimitsStep(limitsStep);
    // A cluster too wide to read whole is shown around its bottleneck, which may have moved.
    if (m_canvas->isAutoFit())
        m_canvas->fitAll();
}

void TopologyEditor::showProblems()
{
    QStringList lines;
    for (const Problem& problem : m_document->problems())
        if (problem.path.rfind("cluster.", 0) == 0)
            lines << EngineText::problem(problem);
    if (m_document->hasResult() && !m_document->isResultCurrent())
        lines << tr("The link colours show the last valid scenario.");
    m_problems->setText(lines.join(QLatin1Char('\n')));
    m_problems->setVisible(!lines.isEmpty());
}

void TopologyEditor::fillHighlightChoices()
{
    const QString current = m_highlight->currentData().toString();
    QSignalBlocker blocker(m_highlight);
    m_highlight->clear();
    m_highlight->addItem(highlightText(QString()), QString());
    const std::vector<CommCollective>& collectives = m_document->result().comm.collectives;
    QStringList groups;
    for (const CommCollective& c : collectives) {
        const QString group = QString::fromStdString(c.group);
        if (!groups.contains(group))
            groups << group;
    }
    for (const QString& group : std::as_const(groups)) {
        const QString data = QStringLiteral("group:") + group;
        m_highlight->addItem(highlightText(data), data);
    }
    for (std::size_t i = 0; i < collectives.size(); ++i) {
        const QString data = QStringLiteral("collective:%1").arg(i);
        QString tip;
        m_highlight->addItem(highlightText(data, &tip), data);
        m_highlight->setItemData(m_highlight->count() - 1, tip, Qt::ToolTipRole);
    }
    const int index = m_highlight->findData(current);
    m_highlight->setCurrentIndex(index < 0 ? 0 : index);
    blocker.unblock();
    applyHighlight();
}

QString TopologyEditor::highlightText(const QString& data, QString* toolTip) const
{
    if (toolTip)
        toolTip->clear();
    if (data.startsWith(QLatin1String("group:"))) {
        const QString group = data.mid(6);
        return tr("%1 (%2): all its collectives").arg(groupName(group), group);
    }
    const std::vector<CommCollective>& collectives = m_document->result().comm.collectives;
    const int i = data.startsWith(QLatin1String("collective:")) ? data.mid(11).toInt() : -1;
    if (i < 0 || i >= int(collectives.size()))
        return tr("All traffic");
    const CommCollective& c = collectives[std::size_t(i)];
    if (toolTip)
        *toolTip = tr("%1, %2 per call, %3 ranks per group, bottleneck %4")
                       .arg(groupName(QString::fromStdString(c.group)), quantityText(c.bytes, Unit::Bytes))
                       .arg(c.ranks)
                       .arg(QString::fromStdString(c.bottleneck_link));
    return tr("%1 %2 (%3): %4 × %5")
        .arg(QString::fromStdString(c.group), QString::fromStdString(c.op),
             QString::fromStdString(c.algorithm), quantityText(c.time_s, Unit::Seconds))
        .arg(c.count_per_step);
}

QString TopologyEditor::highlight() const
{
    return m_highlight->currentData().toString();
}

void TopologyEditor::highlightCollective(int index)
{
    const int item =
        m_highlight->findData(index < 0 ? QString() : QStringLiteral("collective:%1").arg(index));
    m_highlight->setCurrentIndex(item < 0 ? 0 : item);
}

void TopologyEditor::highlightGroup(const QString& group)
{
    const int item = m_highlight->findData(group.isEmpty() ? QString() : QStringLiteral("group:") + group);
    m_highlight->setCurrentIndex(item < 0 ? 0 : item);
}

void TopologyEditor::applyHighlight()
{
    const QString choice = m_highlight->currentData().toString();
    const std::vector<CommCollective>& collectives = m_document->result().comm.collectives;
    QStringList links;
    std::vector<QStringList> rings;
    bool closed = true;
    const auto take = [&](const CommCollective& c) {
        for (const std::string& id : c.links)
            links << QString::fromStdString(id);
        if (rings.empty() && !c.rings.empty()) {
            for (const std::vector<std::string>& ring : c.rings) {
                QStringList ids;
                for (const std::string& id : ring)
                    ids << QString::fromStdString(id);
                rings.push_back(ids);
            }
            closed = c.algorithm == "ring";
        }
    };
    const CommCollective* animated = nullptr;
    if (choice.startsWith(QLatin1String("collective:"))) {
        const int i = choice.mid(11).toInt();
        if (i >= 0 && i < int(collectives.size())) {
            take(collectives[std::size_t(i)]);
            animated = &collectives[std::size_t(i)];
        }
    } else if (choice.startsWith(QLatin1String("group:"))) {
        const std::string group = choice.mid(6).toStdString();
        for (const CommCollective& c : collectives)
            if (c.group == group)
                take(c);
        links.removeDuplicates();
    }
    if (!choice.isEmpty() && links.isEmpty() && rings.empty())
        links << QStringLiteral("\x01"); // a collective that moves nothing: everything fades
    m_scene->setHighlight(links, rings, closed);
    m_legend->setRingShown(!rings.empty());
    m_ringAnimation->setCollective(animated);
}

void TopologyEditor::updateProperties()
{
    const QStringList devices = m_scene->selectedDeviceIds();
    const QStringList links = m_scene->selectedLinkIds();
    // A selection brings its properties into view on a short screen.
    if (!devices.isEmpty() || !links.isEmpty())
        QTimer::singleShot(0, this, [this] { m_sideScroll->ensureWidgetVisible(m_properties, 0, 0); });
    if (devices.size() == 1 && links.isEmpty()) {
        const int d = m_display.deviceIndex(devices.front());
        if (d >= 0) {
            m_properties->showDevice(m_display.topology().nodes[std::size_t(d)]);
            return;
        }
    }
    if (devices.isEmpty() && links.size() == 1) {
        const int l = m_display.linkIndex(links.front());
        if (l >= 0) {
            TopologyLink link = m_display.topology().links[std::size_t(l)];
            link.id = links.front().toStdString(); // the effective id of a link saved without one
            const auto label = [this](const std::string& id) {
                const int d = m_display.deviceIndex(QString::fromStdString(id));
                const std::string& text = d >= 0 ? m_display.topology().nodes[std::size_t(d)].label : id;
                return QString::fromStdString(text.empty() ? id : text);
            };
            m_properties->showLink(link, label(link.a), label(link.b));
            return;
        }
    }
    if (devices.isEmpty() && links.isEmpty())
        m_properties->showNothing();
    else
        m_properties->showSelection(int(devices.size()), int(links.size()));
}

// --- Edits

void TopologyEditor::commit(const Topology& topology, const QString& description, const QString& mergeKey)
{
    m_document->setTopology(topology, description, mergeKey);
}

TopologyNode* TopologyEditor::findDevice(Topology& topology, const QString& id) const
{
    const int d = m_display.deviceIndex(id);
    return d >= 0 && d < int(topology.nodes.size()) ? &topology.nodes[std::size_t(d)] : nullptr;
}

TopologyLink* TopologyEditor::findLink(Topology& topology, const QString& id) const
{
    const int l = m_display.linkIndex(id);
    return l >= 0 && l < int(topology.links.size()) ? &topology.links[std::size_t(l)] : nullptr;
}

QString TopologyEditor::uniqueDeviceId(const Topology& topology, const QString& kind) const
{
    QSet<QString> ids;
    for (const TopologyNode& node : topology.nodes)
        ids.insert(QString::fromStdString(node.id));
    const QString prefix = idPrefix(kind);
    for (int n = 0;; ++n) {
        const QString id = prefix + QString::number(n);
        if (!ids.contains(id))
            return id;
    }
}

QString TopologyEditor::uniqueLinkId(const Topology& topology, const QString& a, const QString& b) const
{
    QSet<QString> ids;
    for (std::size_t i = 0; i < topology.links.size(); ++i)
        ids.insert(m_display.linkId(int(i)));
    const QString base = a + QLatin1Char('~') + b;
    if (!ids.contains(base))
        return base;
    for (int n = 2;; ++n) {
        const QString id = base + QLatin1Char('~') + QString::number(n);
        if (!ids.contains(id))
            return id;
    }
}

TopologyLink TopologyEditor::newLink(const Topology& topology, const TopologyNode& a,
                                     const TopologyNode& b) const
{
    // Like the machine already is: copy a link that joins the same kinds of device (a GPU added to a
    // DGX A100 gets NVSwitch ports of NVLink 3, twelve of them, and a PCIe Gen4 x16 link).
    QHash<QString, QString> kindOf;
    for (const TopologyNode& node : topology.nodes)
        kindOf.insert(QString::fromStdString(node.id), QString::fromStdString(node.kind));
    const QString ka = QString::fromStdString(a.kind);
    const QString kb = QString::fromStdString(b.kind);
    TopologyLink link;
    for (const TopologyLink& other : topology.links) {
        const QString oa = kindOf.value(QString::fromStdString(other.a));
        const QString ob = kindOf.value(QString::fromStdString(other.b));
        if ((oa == ka && ob == kb) || (oa == kb && ob == ka)) {
            link = other;
            break;
        }
    }
    if (link.kind.empty()) {
        // Otherwise the usual wire between those kinds.
        const auto pair = [&](const char* x, const char* y) {
            return (ka == QLatin1String(x) && kb == QLatin1String(y)) ||
                   (ka == QLatin1String(y) && kb == QLatin1String(x));
        };
        const bool network = ka == QLatin1String("switch") || kb == QLatin1String("switch") ||
                             pair("nic", "nic") || pair("ps", "nic");
        std::string kind = "pcie-gen4-x16";
        if (network)
            kind = m_document->scenario().cluster.network.kind;
        else if (pair("gpu", "gpu"))
            kind = "nvlink3";
        else if (pair("gpu", "nvswitch"))
            kind = "nvswitch2";
        else if (pair("pcie-switch", "cpu"))
            kind = "host-gen4";
        else if (pair("cpu", "cpu"))
            kind = "upi-16";
        LinkClass cls;
        if (!linkClassOf(kind, cls))
            kind = "ib-hdr";
        const LinkCatalogEntry entry = linkDefaults(kind);
        link.kind = kind;
        link.bandwidth_Bps = entry.bandwidth_Bps;
        link.latency_s = entry.latency_s;
        link.efficiency = entry.efficiency;
        link.count = 1;
    }
    link.a = a.id;
    link.b = b.id;
    link.id =
        uniqueLinkId(topology, QString::fromStdString(a.id), QString::fromStdString(b.id)).toStdString();
    return link;
}

QPointF TopologyEditor::freeSpot(const QPointF& near) const
{
    const auto free = [this](const QPointF& p) {
        for (const TopologyDisplay::Device& d : m_display.devices())
            if (d.visible &&
                std::abs(d.pos.x() - p.x()) < (d.size.width() + TopologyDisplay::boxWidth) / 2 + 8 &&
                std::abs(d.pos.y() - p.y()) < TopologyDisplay::boxHeight + 8)
                return false;
        return true;
    };
    const QPointF start(std::round(near.x()), std::round(near.y()));
    for (int ring = 0; ring < 24; ++ring) {
        for (int dy = -ring; dy <= ring; ++dy) {
            for (int dx = -ring; dx <= ring; ++dx) {
                if (std::max(std::abs(dx), std::abs(dy)) != ring)
                    continue;
                const QPointF p = start + QPointF(dx * TopologyDisplay::pitch, dy * TopologyDisplay::rowGap);
                if (free(p))
                    return p;
            }
        }
    }
    return start;
}

QString TopologyEditor::addDevice(const QString& kind, const QPointF& scenePos)
{
    if (!isDeviceKind(kind))
        return {};
    Topology topology = m_display.topology();
    TopologyNode node;
    node.id = uniqueDeviceId(topology, kind).toStdString();
    node.kind = kind.toStdString();
    int sameKind = 0;
    for (const TopologyNode& other : topology.nodes)
        sameKind += other.kind == node.kind;
    node.label = defaultLabel(kind, sameKind).toStdString();
    node.x = std::round(scenePos.x());
    node.y = std::round(scenePos.y());
    topology.nodes.push_back(node);
    const QString id = QString::fromStdString(node.id);
    commit(topology, tr("Add %1").arg(DeviceItem::kindName(kind)));
    m_scene->selectIds({id}, {});
    return id;
}

QString TopologyEditor::addDevice(const QString& kind)
{
    return addDevice(kind, freeSpot(m_canvas->visibleCentre()));
}

QString TopologyEditor::connectDevices(const QString& a, const QString& b)
{
    if (a == b)
        return {};
    Topology topology = m_display.topology();
    const TopologyNode* na = findDevice(topology, a);
    const TopologyNode* nb = findDevice(topology, b);
    if (!na || !nb)
        return {};
    const TopologyLink link = newLink(topology, *na, *nb);
    const auto label = [](const TopologyNode* n) {
        return QString::fromStdString(n->label.empty() ? n->id : n->label);
    };
    const QString description = tr("Connect %1 and %2").arg(label(na), label(nb));
    topology.links.push_back(link);
    const QString id = QString::fromStdString(link.id);
    commit(topology, description);
    m_scene->selectIds({}, {id});
    return id;
}

void TopologyEditor::moveDevices(const QHash<QString, QPointF>& positions)
{
    Topology topology = m_display.topology();
    int moved = 0;
    for (auto it = positions.cbegin(); it != positions.cend(); ++it) {
        TopologyNode* node = findDevice(topology, it.key());
        if (!node)
            continue;
        const double x = std::round(it.value().x());
        const double y = std::round(it.value().y());
        if (node->x == x && node->y == y)
            continue;
        node->x = x;
        node->y = y;
        ++moved;
    }
    if (moved == 0) {
        // Back where the document has it (a drag of less than half a unit).
        for (auto it = positions.cbegin(); it != positions.cend(); ++it)
            if (DeviceItem* item = m_scene->deviceItem(it.key()))
                item->setPos(item->documentPos());
        return;
    }
    commit(topology, tr("Move %n device(s)", nullptr, moved));
}

void TopologyEditor::deleteItems(const QStringList& devices, const QStringList& links)
{
    if (devices.isEmpty() && links.isEmpty())
        return;
    const Topology& before = m_display.topology();
    const QSet<QString> gone(devices.begin(), devices.end());
    const QSet<QString> cut(links.begin(), links.end());
    Topology topology;
    for (const TopologyNode& node : before.nodes)
        if (!gone.contains(QString::fromStdString(node.id)))
            topology.nodes.push_back(node);
    for (std::size_t i = 0; i < before.links.size(); ++i) {
        const TopologyLink& link = before.links[i];
        if (cut.contains(m_display.linkId(int(i))) || gone.contains(QString::fromStdString(link.a)) ||
            gone.contains(QString::fromStdString(link.b)))
            continue;
        topology.links.push_back(link);
        // A link saved without an id keeps the id it was shown under, now that its index changes.
        if (topology.links.back().id.empty())
            topology.links.back().id = m_display.linkId(int(i)).toStdString();
    }
    const int removedDevices = int(before.nodes.size() - topology.nodes.size());
    const int removedLinks = int(before.links.size() - topology.links.size());
    if (removedDevices == 0 && removedLinks == 0)
        return;
    const QString description = removedDevices > 0 ? tr("Delete %n device(s)", nullptr, removedDevices)
                                                   : tr("Delete %n link(s)", nullptr, removedLinks);
    commit(topology, description);
}

void TopologyEditor::deleteSelection()
{
    deleteItems(m_scene->selectedDeviceIds(), m_scene->selectedLinkIds());
}

QString TopologyEditor::setDeviceKind(const QString& id, const QString& kind)
{
    if (!isDeviceKind(kind))
        return tr("Unknown device kind \"%1\".").arg(kind);
    Topology topology = m_display.topology();
    TopologyNode* node = findDevice(topology, id);
    if (!node)
        return tr("No device has the id \"%1\".").arg(id);
    if (node->kind == kind.toStdString())
        return {};
    node->kind = kind.toStdString();
    commit(topology, tr("Make %1 a %2")
                         .arg(QString::fromStdString(node->label.empty() ? node->id : node->label),
                              DeviceItem::kindName(kind)));
    return {};
}

QString TopologyEditor::setDeviceLabel(const QString& id, const QString& label)
{
    Topology topology = m_display.topology();
    TopologyNode* node = findDevice(topology, id);
    if (!node)
        return tr("No device has the id \"%1\".").arg(id);
    const std::string text = label.trimmed().toStdString();
    if (node->label == text)
        return {};
    node->label = text;
    commit(topology, tr("Rename device %1").arg(id));
    return {};
}

QString TopologyEditor::setLinkKind(const QString& id, const QString& kind)
{
    LinkClass cls;
    if (!linkClassOf(kind.toStdString(), cls))
        return tr("Unknown link kind \"%1\"; expected one beginning with nvlink, nvswitch, xgmi, pcie, host, "
                  "qpi, upi, ib, roce or ethernet.")
            .arg(kind);
    Topology topology = m_display.topology();
    TopologyLink* link = findLink(topology, id);
    if (!link)
        return tr("No link has the id \"%1\".").arg(id);
    if (link->kind == kind.toStdString())
        return {};
    // A new kind brings its catalogue figures; the bonded count stays.
    const LinkCatalogEntry entry = linkDefaults(kind.toStdString());
    link->kind = entry.kind;
    link->bandwidth_Bps = entry.bandwidth_Bps;
    link->latency_s = entry.latency_s;
    link->efficiency = entry.efficiency;
    commit(topology, tr("Make link %1 %2").arg(id, kind));
    return {};
}

QString TopologyEditor::setLinkBandwidth(const QString& id, const QString& text)
{
    double value = 0;
    if (!parseQuantity(text.trimmed().toStdString(), Unit::BytesPerSecond, value) || !(value > 0) ||
        value > 1e16)
        return tr("\"%1\" is not a bandwidth: expected a rate above 0 such as \"25 GB/s\" or \"200 Gb/s\".")
            .arg(text);
    Topology topology = m_display.topology();
    TopologyLink* link = findLink(topology, id);
    if (!link)
        return tr("No link has the id \"%1\".").arg(id);
    if (link->bandwidth_Bps == value)
        return {};
    link->bandwidth_Bps = value;
    commit(topology, tr("Set the bandwidth of link %1").arg(id));
    return {};
}

QString TopologyEditor::setLinkLatency(const QString& id, const QString& text)
{
    double value = 0;
    if (!parseQuantity(text.trimmed().toStdString(), Unit::Seconds, value) || !(value >= 0) || value >= 1e3)
        return tr("\"%1\" is not a latency: expected 0 or more, such as \"0.3 us\" or \"1.5 µs\".").arg(text);
    Topology topology = m_display.topology();
    TopologyLink* link = findLink(topology, id);
    if (!link)
        return tr("No link has the id \"%1\".").arg(id);
    if (link->latency_s == value)
        return {};
    link->latency_s = value;
    commit(topology, tr("Set the latency of link %1").arg(id));
    return {};
}

QString TopologyEditor::setLinkEfficiency(const QString& id, const QString& text)
{
    double value = 0;
    if (!parseQuantity(text.trimmed().toStdString(), Unit::Fraction, value) || !(value > 0) || value > 1)
        return tr("\"%1\" is not an efficiency: expected above 0 and at most 1, such as \"0.8\" or \"80%\".")
            .arg(text);
    Topology topology = m_display.topology();
    TopologyLink* link = findLink(topology, id);
    if (!link)
        return tr("No link has the id \"%1\".").arg(id);
    if (link->efficiency == value)
        return {};
    link->efficiency = value;
    commit(topology, tr("Set the efficiency of link %1").arg(id));
    return {};
}

QString TopologyEditor::setLinkCount(const QString& id, int count, bool scrub)
{
    if (count < 1)
        return tr("A link needs a count of at least 1.");
    Topology topology = m_display.topology();
    TopologyLink* link = findLink(topology, id);
    if (!link)
        return tr("No link has the id \"%1\".").arg(id);
    if (link->count == count)
        return {};
    link->count = count;
    commit(topology, tr("Set the link count of %1").arg(id),
           scrub ? QStringLiteral("link:%1:count").arg(id) : QString());
    return {};
}

void TopologyEditor::arrange()
{
    if (m_generated) {
        m_canvas->fitAll();
        return;
    }
    const TopologyDisplay arranged = TopologyDisplay::build(m_sourceTopology, {true, m_collapse});
    commit(arranged.topology(), tr("Arrange the topology"));
    m_canvas->fitAll();
}

void TopologyEditor::useGenerated()
{
    m_document->clearTopology(tr("Use the generated topology"));
}

} // namespace ss
