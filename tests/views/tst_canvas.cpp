// SPDX-License-Identifier: GPL-3.0-or-later
// The topology canvas, offscreen: every edit (add, connect, move, delete, a link's bandwidth typed as a unit
// string, a device's label) is one undo step whose undo -> redo round trip restores the document and the
// scene; a drag pushes once, on release; the first edit of a generated cluster makes it explicit in that one
// step; links take their colour from their load and their width from their bandwidth; the bottleneck is
// marked; a collective lights up its links and ring; large clusters collapse identical machines; the layout
// keeps its rows.
#include "analysisrunner.h"
#include "bandwidthchart.h"
#include "canvasitems.h"
#include "ganttchart.h"
#include "gpucatalog.h"
#include "linkcatalog.h"
#include "linklegend.h"
#include "linkstyle.h"
#include "mainwindow.h"
#include "presets.h"
#include "scenariodocument.h"
#include "topologycanvas.h"
#include "topologydisplay.h"
#include "topologyeditor.h"
#include "topologyproperties.h"
#include "topologyscene.h"

#include <QApplication>
#include <QLabel>
#include <QLineEdit>
#include <QSignalSpy>
#include <QSpinBox>
#include <QTabWidget>
#include <QTest>
#include <QUndoStack>

#include <cmath>
#include <functional>
#include <map>
#include <memory>

using namespace ss;

namespace {

// The default example: one DGX A100, generated from the dgx-a100 preset (presets.cpp): 8 GPUs, 2 CPU
// sockets, 4 PCIe switches, 1 NVSwitch, 8 NICs = 23 devices; 1 socket link + 4 host bridges + 8 GPU PCIe
// links + 8 GPU-NVSwitch links + 8 NIC PCIe links = 29 links.
constexpr int dgxA100Devices = 23;
constexpr int dgxA100Links = 29;

struct Fixture
{
    ScenarioDocument document;
    std::unique_ptr<TopologyEditor> editor;
    explicit Fixture(bool show = false)
    {
        editor = std::make_unique<TopologyEditor>(&document);
        editor->resize(1100, 720);
        if (show) {
            editor->show();
            QVERIFY(QTest::qWaitForWindowExposed(editor.get()));
        }
    }
    QUndoStack* stack() const { return document.undoStack(); }
    const Topology& explicitTopology() const { return *document.scenario().cluster.topology; }
    // Makes the shown (generated) topology explicit and forgets that step, so an edit is measured alone.
    void makeExplicit()
    {
        document.setTopology(editor->display().topology(), QStringLiteral("explicit"));
        stack()->clear();
    }
};

const TopologyNode* node(const Topology& t, const QString& id)
{
    for (const TopologyNode& n : t.nodes)
        if (QString::fromStdString(n.id) == id)
            return &n;
    return nullptr;
}

const TopologyLink* link(const Topology& t, const QString& id)
{
    for (const TopologyLink& l : t.links)
        if (QString::fromStdString(l.id) == id)
            return &l;
    return nullptr;
}

void enterText(QLineEdit* edit, const QString& text)
{
    edit->setFocus();
    edit->selectAll();
    QTest::keyClicks(edit, text);
    QTest::keyClick(edit, Qt::Key_Return);
}

CommLink commLink(const char* id, const char* kind, double busy, double utilization = 0)
{
    CommLink l;
    l.id = id;
    l.kind = kind;
    l.busy_s = busy;
    l.bytes_per_step = busy * 1e9;
    l.bandwidth_Bps = 1e9;
    l.utilization = utilization;
    return l;
}

int visibleDevices(const TopologyDisplay& d)
{
    int n = 0;
    for (const TopologyDisplay::Device& dev : d.devices())
        n += dev.visible;
    return n;
}

} // namespace

class TestCanvas : public QObject
{
    Q_OBJECT

private slots:
    void showsTheGeneratedCluster();
    void firstEditMakesTheTopologyExplicit();
    void editRoundTrip_data();
    void editRoundTrip();
    void dragPushesOnceOnRelease();
    void connectByDragging();
    void bandwidthUnitStrings_data();
    void bandwidthUnitStrings();
    void rejectedEntryChangesNothing();
    void countScrubbingMerges();
    void newLinkCopiesTheMachine();
    void linkKindBringsCatalogueFigures();
    void gpuCountProblemIsShown();
    void linkColourFollowsLoad();
    void linkColourFollowsTheDocument();
    void loadScalePlacesRowsByIndexThenId();
    void widthFollowsBandwidth();
    void bottleneckIsMarked();
    void collectiveHighlight();
    void expertAllToAllHighlight();
    void largeClusterCollapses();
    void fitStaysReadable();
    void networkRowCollapses();
    void expandByDoubleClick();
    void collapsedClusterEditMakesAllExplicit();
    void layoutRows();
    void dgx1ArcsAroundGpus();
    void cpuStepsAsideOfLines();
    void legendSaysWhatColourMeans();
    void mainWindowTabs();
};

void TestCanvas::showsTheGeneratedCluster()
{
    Fixture f;
    QVERIFY(f.editor->isGenerated());
    QVERIFY(!f.document.scenario().cluster.topology);
    QCOMPARE(f.editor->scene()->deviceItems().size(), dgxA100Devices);
    QCOMPARE(int(f.editor->display().links().size()), dgxA100Links);
    QVERIFY(f.editor->scene()->deviceItem(QStringLiteral("n0.gpu7")));
    QVERIFY(f.editor->scene()->linkItem(QStringLiteral("n0.gpu0~n0.nvswitch")));
    QCOMPARE(f.editor->scene()->groupItems().size(), std::size_t(1));
}

// The document holds what the canvas showed: the generated devices at their drawn positions, plus the edit.
void TestCanvas::firstEditMakesTheTopologyExplicit()
{
    Fixture f;
    const Topology shown = f.editor->display().topology();
    const QString id = f.editor->addDevice(QStringLiteral("gpu"), QPointF(-500, 700));
    QCOMPARE(id, QStringLiteral("gpu0"));
    QCOMPARE(f.stack()->count(), 1);
    QVERIFY(f.document.scenario().cluster.topology);
    const Topology& t = f.explicitTopology();
    QCOMPARE(int(t.nodes.size()), dgxA100Devices + 1);
    QCOMPARE(int(t.links.size()), dgxA100Links);
    for (const TopologyNode& n : shown.nodes) {
        const TopologyNode* saved = node(t, QString::fromStdString(n.id));
        QVERIFY(saved);
        QCOMPARE(saved->x, n.x);
        QCOMPARE(saved->y, n.y);
    }
    QVERIFY(!f.editor->isGenerated());
    QVERIFY(f.editor->scene()->deviceItem(id));

    f.stack()->undo();
    QVERIFY(!f.document.scenario().cluster.topology);
    QVERIFY(f.editor->isGenerated());
    QVERIFY(!f.editor->scene()->deviceItem(id));
    QCOMPARE(f.editor->scene()->deviceItems().size(), dgxA100Devices);
    f.stack()->redo();
    QVERIFY(f.document.scenario().cluster.topology);
    QCOMPARE(int(f.explicitTopology().nodes.size()), dgxA100Devices + 1);
    QVERIFY(f.editor->scene()->deviceItem(id));
}

void TestCanvas::editRoundTrip_data()
{
    QTest::addColumn<QString>("edit");
    QTest::newRow("add a NIC") << "add";
    QTest::newRow("connect GPU 0 and GPU 1") << "connect";
    QTest::newRow("move GPU 0") << "move";
    QTest::newRow("delete PCIe switch 0 and its 5 links") << "delete";
    QTest::newRow("delete one link") << "deleteLink";
    QTest::newRow("link bandwidth \"200 Gb/s\" in the panel") << "bandwidth";
    QTest::newRow("device label in the panel") << "label";
}

void TestCanvas::editRoundTrip()
{
    QFETCH(QString, edit);
    Fixture f(true);
    f.makeExplicit();
    const Topology before = f.explicitTopology();
    TopologyScene* scene = f.editor->scene();
    const QString gpu0 = QStringLiteral("n0.gpu0");
    const QString pcieLink = QStringLiteral("n0.gpu0~n0.pcie0");
    const QPointF gpu0Pos(node(before, gpu0)->x, node(before, gpu0)->y);
    QString made;

    // The edit, then what the document and the scene must say after it (AFTER) and before it (!AFTER).
    std::function<void(bool)> check;
    if (edit == QLatin1String("add")) {
        made = f.editor->addDevice(QStringLiteral("nic"), QPointF(1200, 40));
        QCOMPARE(made, QStringLiteral("nic0"));
        check = [&](bool after) {
            const Topology& t = f.explicitTopology();
            QCOMPARE(int(t.nodes.size()), dgxA100Devices + (after ? 1 : 0));
            QCOMPARE(scene->deviceItem(made) != nullptr, after);
            if (after)
                QCOMPARE(scene->deviceItem(made)->pos(), QPointF(1200, 40));
        };
    } else if (edit == QLatin1String("connect")) {
        made = f.editor->connectDevices(gpu0, QStringLiteral("n0.gpu1"));
        QCOMPARE(made, QStringLiteral("n0.gpu0~n0.gpu1"));
        check = [&](bool after) {
            const Topology& t = f.explicitTopology();
            QCOMPARE(int(t.links.size()), dgxA100Links + (after ? 1 : 0));
            QCOMPARE(scene->linkItem(made) != nullptr, after);
            if (after) {
                // No GPU-GPU link in a DGX A100 to copy: the usual NVLink 3 (linkcatalog.cpp).
                QCOMPARE(link(t, made)->kind, std::string("nvlink3"));
                QCOMPARE(link(t, made)->bandwidth_Bps, linkDefaults("nvlink3").bandwidth_Bps);
            }
        };
    } else if (edit == QLatin1String("move")) {
        f.editor->moveDevices({{gpu0, gpu0Pos + QPointF(37, -11)}});
        check = [&](bool after) {
            const QPointF want = after ? gpu0Pos + QPointF(37, -11) : gpu0Pos;
            const TopologyNode* n = node(f.explicitTopology(), gpu0);
            QCOMPARE(QPointF(n->x, n->y), want);
            QCOMPARE(scene->deviceItem(gpu0)->pos(), want);
        };
    } else if (edit == QLatin1String("delete")) {
        scene->selectIds({QStringLiteral("n0.pcie0")}, {});
        f.editor->deleteSelection();
        check = [&](bool after) {
            const Topology& t = f.explicitTopology();
            // pcie0 joins cpu0, gpu0, gpu1, nic0 and nic1 (presets.cpp: NIC j on switch j·4/8).
            QCOMPARE(int(t.nodes.size()), dgxA100Devices - (after ? 1 : 0));
            QCOMPARE(int(t.links.size()), dgxA100Links - (after ? 5 : 0));
            QCOMPARE(scene->deviceItem(QStringLiteral("n0.pcie0")) == nullptr, after);
            QCOMPARE(scene->linkItem(QStringLiteral("n0.nic1~n0.pcie0")) == nullptr, after);
            QVERIFY(scene->linkItem(QStringLiteral("n0.gpu2~n0.pcie1")));
        };
    } else if (edit == QLatin1String("deleteLink")) {
        scene->selectIds({}, {pcieLink});
        QCOMPARE(scene->selectedLinkIds(), QStringList{pcieLink});
        f.editor->deleteSelection();
        check = [&](bool after) {
            QCOMPARE(int(f.explicitTopology().links.size()), dgxA100Links - (after ? 1 : 0));
            QCOMPARE(int(f.explicitTopology().nodes.size()), dgxA100Devices);
            QCOMPARE(scene->linkItem(pcieLink) == nullptr, after);
        };
    } else if (edit == QLatin1String("bandwidth")) {
        scene->selectIds({}, {pcieLink});
        auto* field = f.editor->findChild<QLineEdit*>(QStringLiteral("linkBandwidth"));
        QVERIFY(field && field->isVisible());
        // docs/formats.md, "Quantities and units": 200 Gb/s is 25 GB/s per direction (bits are not bytes).
        enterText(field, QStringLiteral("200 Gb/s"));
        check = [&](bool after) {
            const double want = after ? 25e9 : linkDefaults("pcie-gen4-x16").bandwidth_Bps;
            QCOMPARE(link(f.explicitTopology(), pcieLink)->bandwidth_Bps, want);
            QCOMPARE(scene->linkItem(pcieLink)->width(), linkWidthFor(want));
            QCOMPARE(f.editor->properties()->currentId(), pcieLink);
        };
    } else if (edit == QLatin1String("label")) {
        scene->selectIds({gpu0}, {});
        auto* field = f.editor->findChild<QLineEdit*>(QStringLiteral("deviceLabel"));
        QVERIFY(field && field->isVisible());
        QCOMPARE(field->text(), QStringLiteral("node 0 GPU 0"));
        enterText(field, QStringLiteral("node 0 left GPU"));
        // FIELD by value: the check runs after this block, when the pointer variable is gone (ASan).
        check = [&, field](bool after) {
            QCOMPARE(QString::fromStdString(node(f.explicitTopology(), gpu0)->label),
                     after ? QStringLiteral("node 0 left GPU") : QStringLiteral("node 0 GPU 0"));
            // Drawn without the machine's common prefix "node 0 ".
            QCOMPARE(scene->deviceItem(gpu0)->text(),
                     after ? QStringLiteral("left GPU") : QStringLiteral("GPU 0"));
            QCOMPARE(field->text(),
                     after ? QStringLiteral("node 0 left GPU") : QStringLiteral("node 0 GPU 0"));
        };
    }
    QCOMPARE(f.stack()->count(), 1);
    check(true);
    const Topology after = f.explicitTopology();
    f.stack()->undo();
    QCOMPARE(f.explicitTopology(), before);
    check(false);
    f.stack()->redo();
    QCOMPARE(f.explicitTopology(), after);
    check(true);
}

// CONTRIBUTING.md: a drag pushes once, on release, with the old position as its undo.
void TestCanvas::dragPushesOnceOnRelease()
{
    Fixture f(true);
    TopologyCanvas* canvas = f.editor->canvas();
    DeviceItem* gpu = f.editor->scene()->deviceItem(QStringLiteral("n0.gpu3"));
    QVERIFY(gpu);
    const QPointF start = gpu->pos();
    QWidget* viewport = canvas->viewport();
    const QPoint at = canvas->mapFromScene(start);
    QTest::mousePress(viewport, Qt::LeftButton, {}, at);
    for (int step = 1; step <= 5; ++step) {
        QMouseEvent move(QEvent::MouseMove, QPointF(at + QPoint(8 * step, 6 * step)),
                         viewport->mapToGlobal(QPointF(at + QPoint(8 * step, 6 * step))), Qt::NoButton,
                         Qt::LeftButton, Qt::NoModifier);
        QApplication::sendEvent(viewport, &move);
        QCOMPARE(f.stack()->count(), 0); // nothing pushed while dragging
    }
    QVERIFY(gpu->pos() != start);
    QTest::mouseRelease(viewport, Qt::LeftButton, {}, at + QPoint(40, 30));
    QCOMPARE(f.stack()->count(), 1);
    const TopologyNode* saved = node(f.explicitTopology(), QStringLiteral("n0.gpu3"));
    QVERIFY(saved);
    const QPointF moved(saved->x, saved->y);
    QVERIFY(moved != start);
    QCOMPARE(f.editor->scene()->deviceItem(QStringLiteral("n0.gpu3"))->pos(), moved);
    f.stack()->undo();
    QCOMPARE(f.editor->scene()->deviceItem(QStringLiteral("n0.gpu3"))->pos(), start);
    QVERIFY(!f.document.scenario().cluster.topology);
    f.stack()->redo();
    QCOMPARE(f.editor->scene()->deviceItem(QStringLiteral("n0.gpu3"))->pos(), moved);
}

void TestCanvas::connectByDragging()
{
    Fixture f(true);
    f.makeExplicit();
    TopologyCanvas* canvas = f.editor->canvas();
    canvas->setTool(TopologyCanvas::Tool::Connect);
    TopologyScene* scene = f.editor->scene();
    const QPoint from = canvas->mapFromScene(scene->deviceItem(QStringLiteral("n0.nic0"))->pos());
    const QPoint to = canvas->mapFromScene(scene->deviceItem(QStringLiteral("n0.nic1"))->pos());
    QWidget* viewport = canvas->viewport();
    QTest::mousePress(viewport, Qt::LeftButton, {}, from);
    QMouseEvent move(QEvent::MouseMove, QPointF(to), viewport->mapToGlobal(QPointF(to)), Qt::NoButton,
                     Qt::LeftButton, Qt::NoModifier);
    QApplication::sendEvent(viewport, &move);
    QCOMPARE(f.stack()->count(), 0);
    QTest::mouseRelease(viewport, Qt::LeftButton, {}, to);
    QCOMPARE(f.stack()->count(), 1);
    const TopologyLink* made = link(f.explicitTopology(), QStringLiteral("n0.nic0~n0.nic1"));
    QVERIFY(made);
    // NIC to NIC is a network wire: the scenario's network kind (the default example: ib-hdr).
    QCOMPARE(made->kind, f.document.scenario().cluster.network.kind);
    QVERIFY(scene->linkItem(QStringLiteral("n0.nic0~n0.nic1")));
    // A release on the background asks for nothing.
    QTest::mousePress(viewport, Qt::LeftButton, {}, from);
    QTest::mouseRelease(viewport, Qt::LeftButton, {}, QPoint(2, 2));
    QCOMPARE(f.stack()->count(), 1);
}

// units.h: bits and bytes, SI and binary prefixes apart (docs/formats.md, "Quantities and units").
void TestCanvas::bandwidthUnitStrings_data()
{
    QTest::addColumn<QString>("text");
    QTest::addColumn<double>("bytesPerSecond");
    QTest::newRow("25 GB/s") << "25 GB/s" << 25e9;
    QTest::newRow("200 Gb/s = 25 GB/s") << "200 Gb/s" << 25e9;
    QTest::newRow("100 Gbps = 12.5 GB/s") << "100 Gbps" << 12.5e9;
    QTest::newRow("12.5 GiB/s") << "12.5 GiB/s" << 12.5 * 1073741824.0;
    QTest::newRow("bare number: bytes per second") << "3e9" << 3e9;
}

void TestCanvas::bandwidthUnitStrings()
{
    QFETCH(QString, text);
    QFETCH(double, bytesPerSecond);
    Fixture f;
    const QString id = QStringLiteral("n0.nic0~n0.pcie0");
    QCOMPARE(f.editor->setLinkBandwidth(id, text), QString());
    QCOMPARE(link(f.explicitTopology(), id)->bandwidth_Bps, bytesPerSecond);
    QCOMPARE(f.stack()->count(), 1);
}

void TestCanvas::rejectedEntryChangesNothing()
{
    Fixture f(true);
    f.makeExplicit();
    const Topology before = f.explicitTopology();
    const QString id = QStringLiteral("n0.gpu0~n0.pcie0");
    for (const QString& text : {QStringLiteral("fast"), QStringLiteral("-1 GB/s"), QStringLiteral("0 GB/s")})
        QVERIFY(!f.editor->setLinkBandwidth(id, text).isEmpty());
    QVERIFY(!f.editor->setLinkLatency(id, QStringLiteral("soon")).isEmpty());
    QVERIFY(!f.editor->setLinkEfficiency(id, QStringLiteral("1.5")).isEmpty());
    QVERIFY(!f.editor->setLinkKind(id, QStringLiteral("carrier-pigeon")).isEmpty());
    QVERIFY(!f.editor->setDeviceKind(QStringLiteral("n0.gpu0"), QStringLiteral("toaster")).isEmpty());
    QCOMPARE(f.stack()->count(), 0);
    QCOMPARE(f.explicitTopology(), before);
    // Through the panel: the reason is shown and the typed text stays for correcting.
    f.editor->scene()->selectIds({}, {id});
    auto* field = f.editor->findChild<QLineEdit*>(QStringLiteral("linkBandwidth"));
    enterText(field, QStringLiteral("lots"));
    QCOMPARE(f.stack()->count(), 0);
    auto* error = f.editor->findChild<QLabel*>(QStringLiteral("propertyError"));
    QVERIFY(error && error->isVisible() && !error->text().isEmpty());
    QCOMPARE(field->text(), QStringLiteral("lots"));
    QVERIFY(field->property("invalid").toBool());
}

// CONTRIBUTING.md: spin-box steps merge into one undo step; a typed count is a step of its own.
void TestCanvas::countScrubbingMerges()
{
    Fixture f;
    f.makeExplicit();
    const QString id = QStringLiteral("n0.gpu0~n0.nvswitch");
    QCOMPARE(link(f.explicitTopology(), id)->count, 12); // NV12 (presets.cpp, DGX A100 user guide)
    f.editor->setLinkCount(id, 13, true);
    f.editor->setLinkCount(id, 14, true);
    f.editor->setLinkCount(id, 15, true);
    QCOMPARE(f.stack()->count(), 1);
    QCOMPARE(link(f.explicitTopology(), id)->count, 15);
    f.editor->setLinkCount(id, 6, false);
    QCOMPARE(f.stack()->count(), 2);
    f.stack()->undo();
    QCOMPARE(link(f.explicitTopology(), id)->count, 15);
    f.stack()->undo();
    QCOMPARE(link(f.explicitTopology(), id)->count, 12);
}

// A GPU added to a DGX A100 and wired to its NVSwitch gets the links its siblings have: NVLink 3 × 12.
void TestCanvas::newLinkCopiesTheMachine()
{
    Fixture f;
    const QString gpu = f.editor->addDevice(QStringLiteral("gpu"), QPointF(900, 200));
    const QString id = f.editor->connectDevices(gpu, QStringLiteral("n0.nvswitch"));
    const TopologyLink* made = link(f.explicitTopology(), id);
    QVERIFY(made);
    const TopologyLink* sibling = link(f.explicitTopology(), QStringLiteral("n0.gpu0~n0.nvswitch"));
    QCOMPARE(made->kind, sibling->kind);
    QCOMPARE(made->count, sibling->count);
    QCOMPARE(made->bandwidth_Bps, sibling->bandwidth_Bps);
    QCOMPARE(made->a, gpu.toStdString());
    QCOMPARE(f.stack()->count(), 2);
}

// InfiniBand Trade Association, roadmap: NDR is 400 Gb/s = 50 GB/s per direction.
void TestCanvas::linkKindBringsCatalogueFigures()
{
    Fixture f;
    const QString id = QStringLiteral("n0.nic0~n0.pcie0");
    QCOMPARE(f.editor->setLinkKind(id, QStringLiteral("ib-ndr")), QString());
    const TopologyLink* l = link(f.explicitTopology(), id);
    QCOMPARE(l->kind, std::string("ib-ndr"));
    QCOMPARE(l->bandwidth_Bps, 50e9);
    QCOMPARE(l->efficiency, linkDefaults("ib-ndr").efficiency);
    QCOMPARE(f.stack()->count(), 1);
}

// validateScenario() checks the topology's GPUs against nodes × gpus_per_node; the canvas says so.
void TestCanvas::gpuCountProblemIsShown()
{
    Fixture f(true);
    auto* banner = f.editor->findChild<QLabel*>(QStringLiteral("topologyProblems"));
    QVERIFY(banner);
    QVERIFY(banner->isHidden());
    f.editor->addDevice(QStringLiteral("gpu"), QPointF(0, 600));
    bool found = false;
    for (const Problem& p : f.document.problems())
        found = found || p.code == "topology.gpus";
    QVERIFY(found);
    QVERIFY(banner->isVisible());
    QVERIFY(banner->text().contains(QStringLiteral("9")));
    f.stack()->undo();
    QVERIFY(f.document.isValid());
    QVERIFY(banner->isHidden());
}

// The colour is viridis(busy / busiest) until the step is simulated, viridis(utilisation) after.
void TestCanvas::linkColourFollowsLoad()
{
    Fixture f;
    TopologyScene* scene = f.editor->scene();
    CommResult comm;
    comm.links = {commLink("n0.gpu0~n0.pcie0", "pcie-gen4-x16", 1.0),
                  commLink("n0.gpu1~n0.pcie0", "pcie-gen4-x16", 2.0)};
    comm.bottleneck_link = "n0.gpu1~n0.pcie0";
    scene->setLoads(comm, 0, QStringLiteral("n0.gpu1~n0.pcie0"));
    LinkItem* a = scene->linkItem(QStringLiteral("n0.gpu0~n0.pcie0"));
    LinkItem* b = scene->linkItem(QStringLiteral("n0.gpu1~n0.pcie0"));
    LinkItem* idle = scene->linkItem(QStringLiteral("n0.gpu2~n0.pcie1"));
    QCOMPARE(a->color(), viridis(0.5));
    QCOMPARE(b->color(), viridis(1.0));
    QVERIFY(idle->color() != a->color() && idle->color() != b->color());
    const QColor before = a->color();
    comm.links[0].busy_s = 2.0; // the load changes: now as busy as the busiest
    scene->setLoads(comm, 0, QStringLiteral("n0.gpu1~n0.pcie0"));
    QVERIFY(a->color() != before);
    QCOMPARE(a->color(), viridis(1.0));
    // With a step time the scale is the utilisation itself.
    comm.links[0].utilization = 0.25;
    comm.links[1].utilization = 0.8;
    scene->setLoads(comm, 10, QStringLiteral("n0.gpu1~n0.pcie0"));
    QCOMPARE(a->color(), viridis(0.25));
    QCOMPARE(b->color(), viridis(0.8));
    QCOMPARE(scene->loadScale().measure(), LinkLoadScale::Measure::Utilization);
}

// Offloading the optimizer to the CPU puts the PCIe links to work (ZeRO-Offload, Ren et al. ATC'21): the
// canvas follows the document's result.
void TestCanvas::linkColourFollowsTheDocument()
{
    Fixture f;
    TopologyScene* scene = f.editor->scene();
    const QString id = QStringLiteral("n0.gpu0~n0.pcie0");
    const QColor idle = scene->linkItem(id)->color();
    QVERIFY(!f.document.result().comm.links.empty());
    QCOMPARE(f.document.setFieldText(QStringLiteral("parallel.offload_optimizer"), QStringLiteral("cpu")),
             QString());
    QVERIFY(f.document.isResultCurrent());
    const CommLink* row = nullptr;
    for (const CommLink& l : f.document.result().comm.links)
        if (l.id == id.toStdString())
            row = &l;
    QVERIFY(row && row->busy_s > 0);
    QVERIFY(scene->linkItem(id)->color() != idle);
    const LinkLoadScale& scale = scene->loadScale();
    QCOMPARE(scene->linkItem(id)->color(), viridis(scale.value(*row)));
    f.stack()->undo();
    QCOMPARE(scene->linkItem(id)->color(), idle);
}

// LinkLoadScale::reset (linkstyle.h): a row lands on the topology's link of its engine index when the ids
// there agree, else on the link its id names; a row whose id is not drawn is left out but still counts for
// the busiest link. Without a step time each value is the busy time over the busiest row's (2 s here).
void TestCanvas::loadScalePlacesRowsByIndexThenId()
{
    Topology t;
    for (const char* id : {"x", "y", "z"}) {
        TopologyLink l;
        l.id = id;
        t.links.push_back(l);
    }
    CommResult comm;
    const auto row = [](const char* id, int link, double busy) {
        CommLink l;
        l.id = id;
        l.link = link;
        l.busy_s = busy;
        l.bytes_per_step = busy * 1e9;
        return l;
    };
    comm.links = {row("x", 0, 1.0),      // its index agrees with its id
                  row("z", 1, 0.5),      // index 1 is "y": placed by id on 2
                  row("gone", -1, 2.0)}; // not drawn: only the busiest time
    int lookups = 0;
    const std::map<std::string, int> ids = {{"x", 0}, {"y", 1}, {"z", 2}};
    const auto lookup = [&](const std::string& id) {
        ++lookups;
        const auto it = ids.find(id);
        return it == ids.end() ? -1 : it->second;
    };
    LinkLoadScale scale;
    scale.reset(comm, 0, t, lookup);
    QCOMPARE(lookups, 2); // "z" and "gone"; "x" needed none
    QCOMPARE(scale.measure(), LinkLoadScale::Measure::RelativeBusy);
    QCOMPARE(scale.busiest_s(), 2.0);
    QVERIFY(scale.at(0) && scale.at(2));
    QCOMPARE(scale.at(0)->busy_s, 1.0);
    QCOMPARE(scale.value(*scale.at(0)), 0.5);
    QCOMPARE(scale.at(2)->bytes_per_step, 0.5e9);
    QCOMPARE(scale.value(*scale.at(2)), 0.25);
    QVERIFY(!scale.at(1)); // "y" carries nothing
    QVERIFY(!scale.at(3) && !scale.at(-1));
    // A copy shares the rows (the Overview's canvas takes the editor's scale).
    const LinkLoadScale copy = scale;
    QCOMPARE(copy.at(2), scale.at(2));

    // With the topology's numbering kept between results: rows of the graph that numbered them before are
    // placed by an index once found to agree, without their ids compared again. Shown here by a topology
    // renamed behind the numbering's back (the canvas empties it whenever its topology changes).
    comm.graph = 7;
    LinkLoadScale::Numbering numbering;
    LinkLoadScale kept;
    lookups = 0;
    kept.reset(comm, 0, t, lookup, &numbering);
    QCOMPARE(lookups, 2);
    QCOMPARE(numbering.graph, std::uint64_t(7));
    QCOMPARE(numbering.same, (std::vector<bool>{true, false, false}));
    Topology renamed = t;
    renamed.links[0].id = "x2";
    lookups = 0;
    kept.reset(comm, 0, renamed, lookup, &numbering);
    QCOMPARE(lookups, 2); // "x" at 0 trusted: found to agree in graph 7
    QVERIFY(kept.at(0));
    comm.graph = 8; // another graph: every index is compared afresh
    lookups = 0;
    kept.reset(comm, 0, renamed, lookup, &numbering);
    QCOMPARE(lookups, 3); // "x" no longer matches index 0 and is looked up (found on 0)
    QCOMPARE(numbering.same, (std::vector<bool>{false, false, false}));
    numbering.clear(); // the canvas's topology changed
    comm.graph = 0;    // rows of no graph: compared, numbering left alone
    lookups = 0;
    kept.reset(comm, 0, t, lookup, &numbering);
    QCOMPARE(lookups, 2);
    QVERIFY(numbering.same.empty());

    // The engine's compact column, when it has one entry per row, is where the loads are read (the rows'
    // names still place them): here it alone holds the figures.
    comm.link_loads = {{0, 4e9, 4.0, 0.8}, {1, 0, 0, 0}, {-1, 1e9, 1.0, 0.2}};
    for (CommLink& l : comm.links)
        l.busy_s = l.bytes_per_step = 0;
    kept.reset(comm, 5.0, t, lookup);
    QCOMPARE(kept.measure(), LinkLoadScale::Measure::Utilization);
    QCOMPARE(kept.busiest_s(), 4.0);
    QVERIFY(kept.at(0) && kept.at(2));
    QCOMPARE(kept.at(0)->bytes_per_step, 4e9);
    QCOMPARE(kept.value(*kept.at(0)), 0.8);
    QCOMPARE(kept.at(2)->busy_s, 0.0); // "z" placed by id on 2, its column entry's figures
}

// linkstyle.h: 1 px at 1 GB/s plus 1.6 px per decade; NV12 of NVLink 3 is 12 × 25 GB/s = 300 GB/s.
void TestCanvas::widthFollowsBandwidth()
{
    Fixture f;
    TopologyScene* scene = f.editor->scene();
    QCOMPARE(scene->linkItem(QStringLiteral("n0.gpu0~n0.nvswitch"))->width(), 1 + 1.6 * std::log10(300.0));
    QCOMPARE(linkWidthFor(1e9), 1.0);
    QCOMPARE(linkWidthFor(10e9), 2.6);
    QCOMPARE(linkWidthFor(1e15), 7.0); // clamped
    QVERIFY(scene->linkItem(QStringLiteral("n0.gpu0~n0.nvswitch"))->width() >
            scene->linkItem(QStringLiteral("n0.gpu0~n0.pcie0"))->width());
}

void TestCanvas::bottleneckIsMarked()
{
    Fixture f;
    TopologyScene* scene = f.editor->scene();
    CommResult comm;
    comm.links = {commLink("n0.cpu0~n0.cpu1", "qpi-xgmi2", 3.0),
                  commLink("n0.gpu1~n0.pcie0", "pcie-gen4-x16", 1.0)};
    scene->setLoads(comm, 0, QStringLiteral("n0.cpu0~n0.cpu1"), true);
    LinkItem* socket = scene->linkItem(QStringLiteral("n0.cpu0~n0.cpu1"));
    QVERIFY(socket->isBottleneck());
    QVERIFY(!scene->linkItem(QStringLiteral("n0.gpu1~n0.pcie0"))->isBottleneck());
    QVERIFY(scene->marker()->isVisible());
    QVERIFY(scene->marker()->isBottleneck());
    QCOMPARE(scene->marker()->pos(), socket->midpoint());
    QCOMPARE(scene->marker()->text(), MarkerItem::tr("Bottleneck"));
    QVERIFY(scene->linkToolTip(socket).contains(QStringLiteral("Bytes per step")));
    // When compute limits the step, the busiest link is marked as only that.
    scene->setLoads(comm, 0, QStringLiteral("n0.cpu0~n0.cpu1"), false);
    QVERIFY(!scene->marker()->isBottleneck());
    QCOMPARE(scene->marker()->text(), MarkerItem::tr("Busiest link"));
    scene->setLoads(comm, 0, QString());
    QVERIFY(!scene->marker()->isVisible());
}

// The default example's data-parallel collectives run as NCCL-style rings over the NVSwitch.
void TestCanvas::collectiveHighlight()
{
    Fixture f;
    TopologyScene* scene = f.editor->scene();
    const std::vector<CommCollective>& collectives = f.document.result().comm.collectives;
    QVERIFY(!collectives.empty());
    int ringed = -1;
    for (std::size_t i = 0; i < collectives.size(); ++i)
        if (!collectives[i].rings.empty() && !collectives[i].links.empty())
            ringed = int(i);
    QVERIFY(ringed >= 0);
    const CommCollective& c = collectives[std::size_t(ringed)];
    f.editor->highlightCollective(ringed);
    QCOMPARE(f.editor->highlight(), QStringLiteral("collective:%1").arg(ringed));
    QVERIFY(scene->hasHighlight());
    for (const std::string& id : c.links)
        QVERIFY(!scene->linkItem(QString::fromStdString(id))->isFaded());
    QVERIFY(scene->linkItem(QStringLiteral("n0.cpu0~n0.cpu1"))->isFaded()); // not used by the collective
    QCOMPARE(scene->ringItemCount(), 1);
    const std::vector<std::string>& ring = c.rings.front();
    for (std::size_t k = 0; k < ring.size(); ++k)
        QCOMPARE(scene->deviceItem(QString::fromStdString(ring[k]))->ringOrder(), int(k));
    f.editor->highlightGroup(QStringLiteral("dp"));
    QCOMPARE(f.editor->highlight(), QStringLiteral("group:dp"));
    QVERIFY(scene->hasHighlight());
    f.editor->highlightCollective(-1);
    QVERIFY(!scene->hasHighlight());
    QCOMPARE(scene->ringItemCount(), 0);
    QVERIFY(!scene->linkItem(QStringLiteral("n0.cpu0~n0.cpu1"))->isFaded());
}

// Mixtral 8x7B's shape (Hugging Face mistralai/Mixtral-8x7B-v0.1: 32 layers, hidden 4096, 2 experts per
// token) with 16 experts on two DGX H100, ep 16 and cp 2: the expert all-to-all spans both machines, so its
// row loads the GPUs' NVLinks to the NVSwitch and the network links from the NICs; selected, those stay lit.
void TestCanvas::expertAllToAllHighlight()
{
    Fixture f;
    f.document.runner()->setMode(AnalysisRunner::Mode::Inline);
    Scenario s = f.document.scenario();
    s.model.kind = ModelKind::Transformer;
    s.model.layers = 32;
    s.model.hidden = 4096;
    s.model.heads = 32;
    s.model.kv_heads = 8;
    s.model.head_dim = 0;
    s.model.ffn_hidden = 14336;
    s.model.ffn_kind = FfnKind::Swiglu;
    s.model.vocab = 32000;
    s.model.seq_len = 8192;
    s.model.experts = 16;
    s.model.experts_per_token = 2;
    s.training.global_batch = 64;
    s.training.micro_batch = 1;
    s.training.flash_attention = true;
    s.parallel = ParallelSpec{};
    s.parallel.dp = 8;
    s.parallel.cp = 2;
    s.parallel.ep = 16;
    s.parallel.zero_stage = 1;
    s.cluster.gpu = findGpu("H100-SXM5-80GB")->spec;
    s.cluster.node_preset = "dgx-h100";
    s.cluster.gpus_per_node = 8;
    s.cluster.nodes = 2;
    s.cluster.topology.reset();
    f.document.replaceScenario(s, QStringLiteral("moe"), QString());
    const std::vector<Problem>& problems = f.document.problems();
    QVERIFY2(problems.empty(), problems.empty() ? "" : problems.front().message.c_str());
    QVERIFY(f.document.hasResult());
    const Result r = f.document.result();
    int a2a = -1;
    for (std::size_t i = 0; i < r.comm.collectives.size(); ++i)
        if (r.comm.collectives[i].group == "ep" && r.comm.collectives[i].op == "alltoall")
            a2a = int(i);
    QVERIFY(a2a >= 0);
    const CommCollective& c = r.comm.collectives[std::size_t(a2a)];
    std::map<std::string, std::string> kindOf;
    for (const CommLink& l : r.comm.links)
        kindOf[l.id] = l.kind;
    bool nvlink = false, network = false;
    for (const std::string& id : c.links) {
        const std::string kind = kindOf.count(id) ? kindOf[id] : std::string();
        LinkClass cls;
        if (!linkClassOf(kind, cls))
            continue;
        nvlink = nvlink || cls == LinkClass::NvLink;
        network = network || cls == LinkClass::Network;
    }
    QVERIFY2(nvlink && network, qPrintable(QString::number(c.links.size())));
    f.editor->highlightCollective(a2a);
    QVERIFY(f.editor->scene()->hasHighlight());
    int lit = 0;
    for (const std::string& id : c.links)
        if (LinkItem* item = f.editor->scene()->linkItem(QString::fromStdString(id))) {
            QVERIFY(!item->isFaded());
            ++lit;
        }
    QVERIFY(lit > 0);
    // The group's entry names it in words.
    f.editor->highlightGroup(QStringLiteral("ep"));
    QCOMPARE(f.editor->highlight(), QStringLiteral("group:ep"));
}

// GPT-3 on 128 DGX A100 (Narayanan et al., SC'21): 3 machines drawn, "× 125" for the rest; the rail-optimised
// network stays: HDR leaves of 40 ports (Quantum QM8700), 20 down and 20 up, so each of the 8 rails has
// ⌈128 / 20⌉ = 7 leaves (as the DGX SuperPOD's scalable units of 20 nodes), 56 leaves and the spine, each
// leaf with one bundle for its hidden NICs, 125 per rail.
void TestCanvas::largeClusterCollapses()
{
    Fixture f;
    QString error;
    QVERIFY2(f.document.openExample(QStringLiteral("gpt3-175b-megatron"), &error), qPrintable(error));
    const TopologyDisplay& d = f.editor->display();
    QVERIFY(d.canCollapse());
    QVERIFY(d.hasCollapsedGroup());
    const TopologyDisplay::Group* group = nullptr;
    for (const TopologyDisplay::Group& g : d.groups())
        if (g.collapsed)
            group = &g;
    QVERIFY(group);
    QCOMPARE(group->machines, 125);
    QCOMPARE(int(group->devices.size()), 125 * dgxA100Devices);
    QCOMPARE(visibleDevices(d), 3 * dgxA100Devices + 57);
    QCOMPARE(f.editor->scene()->deviceItems().size(), 3 * dgxA100Devices + 57);
    int bundles = 0, bundled = 0;
    for (const TopologyDisplay::Link& l : d.links())
        if (l.groupB >= 0) {
            ++bundles;
            bundled += int(l.links.size());
        }
    QCOMPARE(bundles, 56);
    QCOMPARE(bundled, 8 * 125);
    // The busiest link, wherever it is, is drawn or its group holds it.
    const QString bottleneck = f.editor->scene()->bottleneck();
    QVERIFY(!bottleneck.isEmpty());
    QVERIFY(f.editor->scene()->marker()->isVisible());

    f.editor->setCollapseIdentical(false);
    QVERIFY(!f.editor->display().hasCollapsedGroup());
    QCOMPARE(f.editor->scene()->deviceItems().size(), 128 * dgxA100Devices + 57);
    QCOMPARE(f.editor->scene()->groupItems().size(), std::size_t(128));
    f.editor->setCollapseIdentical(true);
    QCOMPARE(f.editor->scene()->deviceItems().size(), 3 * dgxA100Devices + 57);
}

// Fit shows the whole topology unless its devices would be a few pixels wide (topologycanvas.cpp: below a
// zoom of 0.12, a device about 10 px): GPT-3 175B's 128 DGX A100 have a row of 56 leaf switches, which a
// canvas 400 px wide would draw as a hairline. Then it shows a readable part, the busiest link's badge in
// the middle, and keeps doing so as the window resizes.
void TestCanvas::fitStaysReadable()
{
    Fixture f(true);
    QString error;
    QVERIFY2(f.document.openExample(QStringLiteral("gpt3-175b-megatron"), &error), qPrintable(error));
    TopologyCanvas* canvas = f.editor->canvas();
    const QGraphicsItem* marker = f.editor->scene()->marker();
    QVERIFY(marker->isVisible());
    f.editor->resize(2400, 1000);
    QApplication::processEvents();
    canvas->fitAll();
    const QRect whole = canvas->mapFromScene(f.editor->scene()->sceneRect()).boundingRect();
    QVERIFY2(canvas->zoom() >= 0.12, qPrintable(QString::number(canvas->zoom())));
    QVERIFY(canvas->viewport()->rect().adjusted(-2, -2, 2, 2).contains(whole)); // all of it, readable
    f.editor->resize(700, 600);
    QApplication::processEvents();
    QVERIFY(canvas->isAutoFit());
    QVERIFY2(canvas->zoom() >= 0.12, qPrintable(QString::number(canvas->zoom())));
    QVERIFY(!canvas->viewport()->rect().contains(
        canvas->mapFromScene(f.editor->scene()->sceneRect()).boundingRect()));
    const QPoint badge = canvas->mapFromScene(marker->scenePos());
    QVERIFY2(canvas->viewport()->rect().contains(badge),
             qPrintable(QStringLiteral("%1,%2").arg(badge.x()).arg(badge.y())));
}

// 256 DGX A100 on the rail-optimised HDR network: 40-port leaves (Quantum QM8700), 20 down, so each of the
// 8 rails has ⌈256 / 20⌉ = 13 leaves, 104 in all, over one spine. A row of more than collapseSwitchesAbove
// switches collapses: the 8 leaves of the first scalable unit (rail r's leaf r-0), which nodes 0-2 are wired
// to, stay; the other 96 are one group, and the spine's 96 links to them one bundle.
void TestCanvas::networkRowCollapses()
{
    Topology t;
    ClusterShape shape;
    shape.preset = "dgx-a100";
    shape.nodes = 256;
    QVERIFY(generateCluster(shape, t));
    const TopologyDisplay d = TopologyDisplay::build(t, {true, true});
    QVERIFY(d.canCollapse());
    const TopologyDisplay::Group* leaves = nullptr;
    for (const TopologyDisplay::Group& g : d.groups())
        if (g.switches)
            leaves = &g;
    QVERIFY(leaves);
    QVERIFY(leaves->collapsed);
    QCOMPARE(leaves->machines, 96);
    QCOMPARE(int(leaves->devices.size()), 96);
    const auto device = [&](const QString& id) { return d.devices()[std::size_t(d.deviceIndex(id))]; };
    for (int rail = 0; rail < 8; ++rail) {
        QVERIFY(device(QStringLiteral("leaf%1-0").arg(rail)).visible);
        for (int unit = 1; unit < 13; ++unit)
            QVERIFY(!device(QStringLiteral("leaf%1-%2").arg(rail).arg(unit)).visible);
    }
    QVERIFY(device(QStringLiteral("spine")).visible);
    QCOMPARE(visibleDevices(d), 3 * dgxA100Devices + 8 + 1);
    // The group's frame is clear of the leaves drawn beside it.
    for (int rail = 0; rail < 8; ++rail) {
        const TopologyDisplay::Device leaf = device(QStringLiteral("leaf%1-0").arg(rail));
        QVERIFY(!leaves->rect.intersects(
            QRectF(leaf.pos - QPointF(leaf.size.width(), leaf.size.height()) / 2, leaf.size)));
    }
    const int spine = d.deviceIndex(QStringLiteral("spine"));
    const int group = int(leaves - d.groups().data());
    int intoLeaves = 0;
    for (const TopologyDisplay::Link& l : d.links())
        if (l.groupB == group) {
            QCOMPARE(l.deviceA, spine);
            intoLeaves += int(l.links.size());
        }
    QCOMPARE(intoLeaves, 96);
    // Expanded, every leaf is drawn.
    const TopologyDisplay all = TopologyDisplay::build(t, {true, false});
    QCOMPARE(visibleDevices(all), 256 * dgxA100Devices + 104 + 1);
    QVERIFY(!all.hasCollapsedGroup());
}

void TestCanvas::expandByDoubleClick()
{
    Fixture f(true);
    QVERIFY(f.document.openExample(QStringLiteral("gpt3-175b-megatron"), nullptr));
    GroupItem* collapsed = nullptr;
    for (GroupItem* g : f.editor->scene()->groupItems())
        if (g->isCollapsed())
            collapsed = g;
    QVERIFY(collapsed);
    TopologyCanvas* canvas = f.editor->canvas();
    const QPoint at = canvas->mapFromScene(collapsed->frame().center());
    const int steps = f.stack()->count();
    QTest::mouseDClick(canvas->viewport(), Qt::LeftButton, {}, at);
    QVERIFY(!f.editor->collapsesIdentical());
    QVERIFY(!f.editor->display().hasCollapsedGroup());
    QCOMPARE(f.stack()->count(), steps); // a view setting, not an edit
}

void TestCanvas::collapsedClusterEditMakesAllExplicit()
{
    Fixture f;
    QVERIFY(f.document.openExample(QStringLiteral("gpt3-175b-megatron"), nullptr));
    f.stack()->clear();
    f.editor->setLinkBandwidth(QStringLiteral("n0.nic0~leaf0-0"), QStringLiteral("400 Gb/s"));
    QCOMPARE(f.stack()->count(), 1);
    QCOMPARE(int(f.explicitTopology().nodes.size()), 128 * dgxA100Devices + 57);
    QCOMPARE(link(f.explicitTopology(), QStringLiteral("n0.nic0~leaf0-0"))->bandwidth_Bps, 50e9);
    // Still drawn collapsed, in the same place.
    QVERIFY(f.editor->display().hasCollapsedGroup());
    QVERIFY(f.document.isValid());
}

// Rows of a machine, top to bottom: NICs, CPUs, PCIe switches, GPUs, the NVSwitch; the network above.
void TestCanvas::layoutRows()
{
    Topology t;
    ClusterShape shape;
    shape.preset = "dgx-a100";
    shape.nodes = 2;
    QVERIFY(generateCluster(shape, t));
    const TopologyDisplay d = TopologyDisplay::build(t, {true, true});
    const auto y = [&](const char* id) {
        return d.devices()[std::size_t(d.deviceIndex(QLatin1String(id)))].pos.y();
    };
    const auto x = [&](const char* id) {
        return d.devices()[std::size_t(d.deviceIndex(QLatin1String(id)))].pos.x();
    };
    for (int n = 0; n < 2; ++n)
        for (int g = 1; g < 8; ++g) {
            const QByteArray id = QStringLiteral("n%1.gpu%2").arg(n).arg(g).toLatin1();
            QCOMPARE(y(id.constData()), y("n0.gpu0"));
        }
    QVERIFY(y("spine") < y("leaf0"));
    QVERIFY(y("leaf0") < y("n0.nic0"));
    QVERIFY(y("n0.nic0") < y("n0.cpu0"));
    QVERIFY(y("n0.cpu0") < y("n0.pcie0"));
    QVERIFY(y("n0.pcie0") < y("n0.gpu0"));
    QVERIFY(y("n0.gpu0") < y("n0.nvswitch"));
    // A PCIe switch over its two GPUs; GPUs a pitch apart.
    QCOMPARE(x("n0.pcie0"), (x("n0.gpu0") + x("n0.gpu1")) / 2);
    QCOMPARE(x("n0.gpu1") - x("n0.gpu0"), TopologyDisplay::pitch);
    // Machines side by side, in frames that do not overlap.
    QCOMPARE(int(d.groups().size()), 2);
    QVERIFY(!d.groups()[0].rect.intersects(d.groups()[1].rect));
    QCOMPARE(d.groups()[0].title, QStringLiteral("node 0"));
}

// DGX-1's hybrid cube-mesh (presets.cpp): GPU 0 is wired to GPUs 1, 2, 3 and 4; the lines to 2, 3 and 4 would
// run through the GPUs between them, so they arc; the one to its neighbour GPU 1 is straight.
void TestCanvas::dgx1ArcsAroundGpus()
{
    const TopologyDisplay d = TopologyDisplay::build(presetTopology("dgx1-v100"), {true, true});
    const auto drawn = [&](const char* id) {
        return d.links()[std::size_t(d.drawnLinkOf(d.linkIndex(QLatin1String(id))))];
    };
    QVERIFY(drawn("n0.gpu0~n0.gpu1").bend.isNull());
    QVERIFY(!drawn("n0.gpu0~n0.gpu2").bend.isNull());
    QVERIFY(drawn("n0.gpu0~n0.gpu4").bend.y() > drawn("n0.gpu0~n0.gpu2").bend.y()); // longer, deeper
    QVERIFY(drawn("n0.gpu0~n0.gpu4").bend.y() > 0); // below the row, away from the PCIe switches
}

// pcie-qpi-4gpu: the NIC hangs off PCIe switch 0 right over CPU 0; the CPU steps aside of the line.
void TestCanvas::cpuStepsAsideOfLines()
{
    const TopologyDisplay d = TopologyDisplay::build(presetTopology("pcie-qpi-4gpu"), {true, true});
    const auto pos = [&](const char* id) {
        return d.devices()[std::size_t(d.deviceIndex(QLatin1String(id)))].pos;
    };
    const QPointF nic = pos("n0.nic0");
    const QPointF sw = pos("n0.pcie0");
    const QPointF cpu = pos("n0.cpu0");
    QVERIFY(nic.y() < cpu.y() && cpu.y() < sw.y());
    const double lineX = nic.x() + (sw.x() - nic.x()) * (cpu.y() - nic.y()) / (sw.y() - nic.y());
    QVERIFY(std::abs(lineX - cpu.x()) > TopologyDisplay::boxWidth / 2);
}

void TestCanvas::legendSaysWhatColourMeans()
{
    LinkLegend legend;
    legend.setMeasure(LinkLoadScale::Measure::RelativeBusy, 0.5);
    QVERIFY(legend.scaleCaption().contains(QStringLiteral("busiest")));
    legend.setMeasure(LinkLoadScale::Measure::Utilization, 0.5);
    QVERIFY(legend.scaleCaption().contains(QStringLiteral("utilisation")));
    // The scale itself: viridis from dark purple to yellow (matplotlib's _cm_listed.py ends).
    QCOMPARE(viridis(0), QColor(0x44, 0x01, 0x54));
    QCOMPARE(viridis(1), QColor(0xFD, 0xE7, 0x25));
    QVERIFY(viridis(0.3).lightness() < viridis(0.7).lightness()); // ordered in lightness
}

// The main window shows the canvas and the chart in tabs of their own, and a collective activated in the step
// timeline lights up on the canvas.
void TestCanvas::mainWindowTabs()
{
    MainWindow w;
    QTabWidget* tabs = w.viewTabs();
    QVERIFY(w.topologyEditor() && w.bandwidthChart());
    QVERIFY(tabs->indexOf(w.topologyEditor()) >= 0);
    QVERIFY(tabs->indexOf(w.bandwidthChart()) >= 0);
    QCOMPARE(tabs->tabText(tabs->indexOf(w.topologyEditor())), MainWindow::tr("Topology"));
    QCOMPARE(tabs->tabText(tabs->indexOf(w.bandwidthChart())), MainWindow::tr("Bandwidth"));
    QVERIFY(!w.document()->result().comm.collectives.empty());
    emit w.ganttChart()->collectiveActivated(0);
    QCOMPARE(w.topologyEditor()->highlight(), QStringLiteral("collective:0"));
    emit w.ganttChart()->collectiveActivated(-1);
    QCOMPARE(w.topologyEditor()->highlight(), QString());
    QCOMPARE(w.bandwidthChart()->totalLinks() > 0, true);
}

QTEST_MAIN(TestCanvas)
#include "tst_canvas.moc"
