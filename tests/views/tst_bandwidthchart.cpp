// SPDX-License-Identifier: GPL-3.0-or-later
// The bandwidth chart, offscreen: links sorted busiest first and coloured by their kind's class, the
// bottleneck outlined and kept on show, busy time until the step is simulated and utilisation after,
// collectives as time per step (time per call × calls per step) coloured and ordered by group, and the
// chart fed by the main window; a click (not a drag) on a bar names its link or its collective's index in the
// result, for the Explain dock.
#include "bandwidthchart.h"
#include "ganttplottable.h"
#include "linkstyle.h"
#include "mainwindow.h"
#include "scenariodocument.h"

#include <QSignalSpy>
#include <QStandardPaths>
#include <QTest>

#include <algorithm>
#include <set>

using namespace ss;

namespace {

CommLink link(const char* id, const char* kind, double busy, double utilization = 0)
{
    CommLink l;
    l.id = id;
    l.a = std::string(id).substr(0, std::string(id).find('~'));
    l.b = std::string(id).substr(std::string(id).find('~') + 1);
    l.kind = kind;
    l.busy_s = busy;
    l.bytes_per_step = busy * 25e9;
    l.bandwidth_Bps = 25e9;
    l.utilization = utilization;
    return l;
}

// N NVLink links gpu<i>~nvswitch, link i busy 1 + i seconds (the last the busiest).
Result manyLinks(int n)
{
    Result r;
    for (int i = 0; i < n; ++i)
        r.comm.links.push_back(link(("gpu" + std::to_string(i) + "~nvswitch").c_str(), "nvlink3", 1.0 + i));
    return r;
}

CommCollective collective(const char* group, const char* op, double time, std::int64_t count)
{
    CommCollective c;
    c.group = group;
    c.op = op;
    c.algorithm = "ring";
    c.time_s = time;
    c.count_per_step = count;
    c.bytes = 1e9;
    c.ranks = 8;
    c.groups = 1;
    return c;
}

// A step with a PCIe link, an NVLink, a network link and an idle link, and four kinds of collective.
Result sample()
{
    Result r;
    r.comm.links = {link("gpu0~pcie0", "pcie-gen4-x16", 0.2), link("gpu0~nvswitch", "nvlink3", 0.5),
                    link("nic0~leaf0", "ib-hdr", 0.9), link("cpu0~cpu1", "upi-16", 0)};
    r.comm.bottleneck_link = "nic0~leaf0";
    r.comm.collectives = {collective("dp", "allreduce", 0.3, 1), collective("tp", "allreduce", 0.001, 192),
                          collective("offload", "d2h", 0.05, 2), collective("pp", "sendrecv", 0.002, 64)};
    return r;
}

// The chart at a fixed size, shown and laid out, so that bars have pixels to click.
void showChart(BandwidthChart& chart, const Result& result)
{
    chart.resize(900, 700);
    chart.resetData(result);
    chart.show();
    QVERIFY(QTest::qWaitForWindowExposed(&chart));
    chart.replot(QCustomPlot::rpImmediateRefresh);
}

} // namespace

class TestBandwidthChart : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase() { QStandardPaths::setTestModeEnabled(true); }
    void linksSortedBusiestFirst();
    void coloursByKind();
    void bottleneckOutlined();
    void bottleneckKeptWhenRowsRunOut();
    void utilisationOnceSimulated();
    void busiestLinkWhenComputeLimits();
    void collectivesByGroup();
    void expertAndContextGroups();
    void staleTitle();
    void countsInTheLocale();
    void toolTips();
    void emptyStep();
    void fedByTheMainWindow();
    void clickLinkBar_data();
    void clickLinkBar();
    void clickCollectiveBar_data();
    void clickCollectiveBar();
    void clickRowLabel();
    void noClickOffTheBars();
    void dragIsNoClick();
    void hoverCursorAndHint();
    void clicksMatchTheResult_data();
    void clicksMatchTheResult();
    void narrowChartKeepsLabelsWhole_data();
    void narrowChartKeepsLabelsWhole();
};

void TestBandwidthChart::linksSortedBusiestFirst()
{
    BandwidthChart chart;
    chart.resize(900, 700);
    chart.resetData(sample());
    // The idle link is not drawn; the others busiest first.
    QCOMPARE(chart.totalLinks(), 3);
    QCOMPARE(int(chart.shownLinks().size()), 3);
    QCOMPARE(chart.shownLinks()[0].id, std::string("nic0~leaf0"));
    QCOMPARE(chart.shownLinks()[1].id, std::string("gpu0~nvswitch"));
    QCOMPARE(chart.shownLinks()[2].id, std::string("gpu0~pcie0"));
    QVERIFY(!chart.showsUtilization());
    QCOMPARE(chart.linkValue(0), 0.9);
    QCOMPARE(chart.linkValue(2), 0.2);
}

void TestBandwidthChart::coloursByKind()
{
    BandwidthChart chart;
    chart.resize(900, 700);
    chart.resetData(sample());
    QCOMPARE(chart.linkColor(0), linkKindColor("ib-hdr"));
    QCOMPARE(chart.linkColor(1), linkKindColor("nvlink3"));
    QCOMPARE(chart.linkColor(2), linkKindColor("pcie-gen4-x16"));
    QVERIFY(chart.linkColor(0) != chart.linkColor(1));
    QVERIFY(chart.linkColor(1) != chart.linkColor(2));
}

void TestBandwidthChart::bottleneckOutlined()
{
    BandwidthChart chart;
    chart.resize(900, 700);
    chart.resetData(sample());
    QCOMPARE(chart.bottleneck(), QStringLiteral("nic0~leaf0"));
    QCOMPARE(chart.bottleneckRow(), 0);
    QVERIFY(chart.bottleneckLimitsStep()); // no step model yet: the busiest link is the best guess
    bool outlined = false;
    for (int i = 0; i < chart.itemCount(); ++i)
        if (auto* text = qobject_cast<QCPItemText*>(chart.item(i)))
            outlined = outlined || text->text().contains(BandwidthChart::tr("Bottleneck"));
    QVERIFY(outlined);
}

// Only the rows that fit are drawn, but the bottleneck always is.
void TestBandwidthChart::bottleneckKeptWhenRowsRunOut()
{
    Result r = manyLinks(200);
    r.comm.bottleneck_link = "gpu3~nvswitch"; // as if the step model blamed a quiet one
    r.bottleneck.kind = "link";
    r.bottleneck.id = "gpu3~nvswitch";
    BandwidthChart chart;
    chart.resize(900, 600);
    chart.resetData(r);
    QVERIFY(int(chart.shownLinks().size()) < 200);
    QCOMPARE(chart.shownLinks()[0].id, std::string("gpu199~nvswitch"));
    QVERIFY(chart.bottleneckRow() >= 0);
    QCOMPARE(chart.shownLinks()[std::size_t(chart.bottleneckRow())].id, std::string("gpu3~nvswitch"));
    QCOMPARE(chart.totalLinks(), 200);
    // However tall the chart, at most 40 link rows: the 39 busiest and the bottleneck.
    chart.resize(900, 4000);
    chart.resetData(r);
    QCOMPARE(int(chart.shownLinks().size()), 40);
    QCOMPARE(chart.shownLinks()[38].id, std::string("gpu161~nvswitch"));
    QCOMPARE(chart.bottleneckRow(), 39);
    QCOMPARE(chart.shownLinks()[39].id, std::string("gpu3~nvswitch"));
    QCOMPARE(chart.totalLinks(), 200);
}

// docs/formats.md, "Result of eval": utilization = busy_s / step.time_s, filled by the step model.
void TestBandwidthChart::utilisationOnceSimulated()
{
    Result r = sample();
    r.step.time_s = 2.0;
    for (CommLink& l : r.comm.links)
        l.utilization = l.busy_s / r.step.time_s;
    BandwidthChart chart;
    chart.resize(900, 700);
    chart.resetData(r);
    QVERIFY(chart.showsUtilization());
    QCOMPARE(chart.linkValue(0), 0.45);
    QCOMPARE(chart.linkValue(1), 0.25);
}

void TestBandwidthChart::busiestLinkWhenComputeLimits()
{
    Result r = sample();
    r.step.time_s = 2.0;
    r.bottleneck.kind = "compute";
    BandwidthChart chart;
    chart.resize(900, 700);
    chart.resetData(r);
    QCOMPARE(chart.bottleneckRow(), 0);
    QVERIFY(!chart.bottleneckLimitsStep());
}

void TestBandwidthChart::collectivesByGroup()
{
    BandwidthChart chart;
    chart.resize(900, 700);
    chart.resetData(sample());
    const std::vector<CommCollective>& rows = chart.shownCollectives();
    QCOMPARE(int(rows.size()), 4);
    // Ordered tp, pp, dp, offload; each bar is time per call × calls per step.
    QCOMPARE(rows[0].group, std::string("tp"));
    QCOMPARE(rows[1].group, std::string("pp"));
    QCOMPARE(rows[2].group, std::string("dp"));
    QCOMPARE(rows[3].group, std::string("offload"));
    QCOMPARE(chart.collectiveValue(0), 0.001 * 192);
    QCOMPARE(chart.collectiveValue(1), 0.002 * 64);
    QCOMPARE(chart.collectiveValue(2), 0.3);
    QCOMPARE(chart.collectiveValue(3), 0.05 * 2);
    QCOMPARE(chart.collectiveColor(0), BandwidthChart::groupColor(QStringLiteral("tp")));
    QVERIFY(chart.collectiveColor(0) != chart.collectiveColor(2));
}

// The groups the engine names for MoE and long-sequence training (comm.cpp: ep all-to-all, cp K/V, edp
// expert gradients) sort as the step timeline stacks its streams, each with a colour and a name of its own;
// ep and cp share the timeline's colours.
void TestBandwidthChart::expertAndContextGroups()
{
    Result r;
    r.comm.collectives = {collective("edp", "reducescatter", 0.2, 1),
                          collective("dp", "reducescatter", 0.3, 1), collective("cp", "allgather", 0.001, 64),
                          collective("ep", "alltoall", 0.002, 128), collective("tp", "allreduce", 0.001, 32)};
    BandwidthChart chart;
    chart.resize(900, 700);
    chart.resetData(r);
    std::vector<std::string> groups;
    for (const CommCollective& c : chart.shownCollectives())
        groups.push_back(c.group);
    QCOMPARE(groups, (std::vector<std::string>{"tp", "ep", "cp", "dp", "edp"}));
    QStringList names;
    std::set<QRgb> colours;
    for (const char* g : {"tp", "ep", "cp", "pp", "dp", "edp", "offload"}) {
        const QString group = QLatin1String(g);
        names << BandwidthChart::groupName(group);
        colours.insert(BandwidthChart::groupColor(group).rgb());
        QVERIFY2(BandwidthChart::groupName(group) != group, g);
    }
    QCOMPARE(int(colours.size()), 7);
    QCOMPARE(BandwidthChart::groupColor(QStringLiteral("ep")), ss::ganttKindColor(ss::GanttKind::EpComm));
    QCOMPARE(BandwidthChart::groupColor(QStringLiteral("cp")), ss::ganttKindColor(ss::GanttKind::CpComm));
    QCOMPARE(chart.collectiveColor(1), BandwidthChart::groupColor(QStringLiteral("ep")));
}

void TestBandwidthChart::staleTitle()
{
    BandwidthChart chart;
    chart.resetData(sample());
    QVERIFY(!chart.isStale());
    chart.setStale(true);
    QVERIFY(chart.isStale());
    chart.setStale(false);
    QVERIFY(!chart.isStale());
}

// The "n of N links" count is a number of the interface's language, grouped as it groups them (an English
// locale writes 1,200; QLocale's CLDR data).
void TestBandwidthChart::countsInTheLocale()
{
    const QLocale before;
    QLocale::setDefault(QLocale(QLocale::English, QLocale::UnitedStates));
    const Result r = manyLinks(1200);
    BandwidthChart chart;
    chart.resize(900, 600);
    chart.resetData(r);
    QLocale::setDefault(before);
    QCOMPARE(chart.totalLinks(), 1200);
    QVERIFY2(chart.linkTitle().contains(QStringLiteral(" of 1,200 links")), qPrintable(chart.linkTitle()));
}

void TestBandwidthChart::toolTips()
{
    BandwidthChart chart;
    chart.resize(900, 700);
    chart.resetData(sample());
    chart.replot(QCustomPlot::rpImmediateRefresh);
    QCPAxisRect* rect = chart.linkRect();
    const double y = rect->axis(QCPAxis::atLeft)->coordToPixel(0);
    const double x = rect->axis(QCPAxis::atBottom)->coordToPixel(0.45);
    const QString text = chart.toolTipAt(QPointF(x, y));
    QVERIFY2(text.contains(QStringLiteral("nic0")) && text.contains(QStringLiteral("leaf0")),
             qPrintable(text));
    const double cy = chart.collectiveRect()->axis(QCPAxis::atLeft)->coordToPixel(2);
    const double cx = chart.collectiveRect()->axis(QCPAxis::atBottom)->coordToPixel(0.1);
    QVERIFY(chart.toolTipAt(QPointF(cx, cy)).contains(QStringLiteral("allreduce")));
}

void TestBandwidthChart::emptyStep()
{
    BandwidthChart chart;
    chart.resize(600, 400);
    chart.resetData(Result());
    QVERIFY(chart.shownLinks().empty());
    QCOMPARE(chart.bottleneckRow(), -1);
    chart.replot(QCustomPlot::rpImmediateRefresh); // nothing to draw, nothing to crash on
}

void TestBandwidthChart::fedByTheMainWindow()
{
    MainWindow w;
    BandwidthChart* chart = w.bandwidthChart();
    QVERIFY(chart);
    chart->resize(900, 700);
    chart->resetData(w.document()->result());
    const Result r = w.document()->result(); // a copy: a later evaluation may land while the chart shows
    int carrying = 0;
    for (const CommLink& l : r.comm.links)
        carrying += l.busy_s > 0;
    QCOMPARE(chart->totalLinks(), carrying);
    QCOMPARE(int(chart->shownCollectives().size()), int(r.comm.collectives.size()));
    QCOMPARE(chart->bottleneck(), QString::fromStdString(r.comm.bottleneck_link));
}

void TestBandwidthChart::clickLinkBar_data()
{
    QTest::addColumn<int>("row");
    QTest::addColumn<QString>("id");
    // sample(): busy 0.9 s (ib), 0.5 s (nvlink), 0.2 s (pcie), busiest first (linksSortedBusiestFirst).
    QTest::newRow("row 0, the network link (0.9 s)") << 0 << QStringLiteral("nic0~leaf0");
    QTest::newRow("row 1, the NVLink (0.5 s)") << 1 << QStringLiteral("gpu0~nvswitch");
    QTest::newRow("row 2, the PCIe link (0.2 s)") << 2 << QStringLiteral("gpu0~pcie0");
}

void TestBandwidthChart::clickLinkBar()
{
    QFETCH(int, row);
    QFETCH(QString, id);
    BandwidthChart chart;
    showChart(chart, sample());
    QSignalSpy links(&chart, &BandwidthChart::linkClicked);
    QSignalSpy collectives(&chart, &BandwidthChart::collectiveClicked);
    const QPointF centre = chart.linkBarCenter(row);
    QCOMPARE(chart.linkRowAt(centre), row);
    QTest::mouseClick(&chart, Qt::LeftButton, Qt::NoModifier, centre.toPoint());
    QCOMPARE(links.count(), 1);
    QCOMPARE(links.at(0).at(0).toString(), id);
    QCOMPARE(collectives.count(), 0);
}

void TestBandwidthChart::clickCollectiveBar_data()
{
    QTest::addColumn<int>("row");
    QTest::addColumn<int>("index");
    QTest::addColumn<QString>("group");
    // sample()'s comm.collectives are dp, tp, offload, pp; the chart shows them tp, pp, dp, offload
    // (collectivesByGroup), and a click names the index in the result, not the row.
    QTest::newRow("row 0, tp all-reduce = collectives[1]") << 0 << 1 << QStringLiteral("tp");
    QTest::newRow("row 1, pp send-recv = collectives[3]") << 1 << 3 << QStringLiteral("pp");
    QTest::newRow("row 2, dp all-reduce = collectives[0]") << 2 << 0 << QStringLiteral("dp");
    QTest::newRow("row 3, offload d2h = collectives[2]") << 3 << 2 << QStringLiteral("offload");
}

void TestBandwidthChart::clickCollectiveBar()
{
    QFETCH(int, row);
    QFETCH(int, index);
    QFETCH(QString, group);
    BandwidthChart chart;
    const Result r = sample();
    showChart(chart, r);
    QCOMPARE(QString::fromStdString(chart.shownCollectives()[std::size_t(row)].group), group);
    QCOMPARE(chart.collectiveIndex(row), index);
    QCOMPARE(QString::fromStdString(r.comm.collectives[std::size_t(index)].group), group);
    QSignalSpy links(&chart, &BandwidthChart::linkClicked);
    QSignalSpy collectives(&chart, &BandwidthChart::collectiveClicked);
    QTest::mouseClick(&chart, Qt::LeftButton, Qt::NoModifier, chart.collectiveBarCenter(row).toPoint());
    QCOMPARE(collectives.count(), 1);
    QCOMPARE(collectives.at(0).at(0).toInt(), index);
    QCOMPARE(links.count(), 0);
}

// The row's name left of the axis is part of the row: a short bar is as easy to click as a long one.
void TestBandwidthChart::clickRowLabel()
{
    BandwidthChart chart;
    showChart(chart, sample());
    QSignalSpy links(&chart, &BandwidthChart::linkClicked);
    const QPoint label(chart.linkRect()->left() - 20, qRound(chart.linkBarCenter(2).y()));
    QTest::mouseClick(&chart, Qt::LeftButton, Qt::NoModifier, label);
    QCOMPARE(links.count(), 1);
    QCOMPARE(links.at(0).at(0).toString(), QStringLiteral("gpu0~pcie0"));
}

void TestBandwidthChart::noClickOffTheBars()
{
    BandwidthChart chart;
    showChart(chart, sample());
    QSignalSpy links(&chart, &BandwidthChart::linkClicked);
    QSignalSpy collectives(&chart, &BandwidthChart::collectiveClicked);
    QCPAxis* key = chart.linkRect()->axis(QCPAxis::atLeft);
    const int x = qRound(chart.linkBarCenter(0).x());
    // Between two bars, below the last one (an empty row: 3 links in at least 4 rows), the titles, and a
    // right click on a bar.
    for (const QPoint pos :
         {QPoint(x, qRound(key->coordToPixel(0.5))), QPoint(x, qRound(key->coordToPixel(3))), QPoint(x, 5),
          QPoint(chart.width() - 2, qRound(chart.linkBarCenter(0).y()))})
        QTest::mouseClick(&chart, Qt::LeftButton, Qt::NoModifier, pos);
    QTest::mouseClick(&chart, Qt::RightButton, Qt::NoModifier, chart.linkBarCenter(0).toPoint());
    QTest::mouseClick(&chart, Qt::RightButton, Qt::NoModifier, chart.collectiveBarCenter(0).toPoint());
    QCOMPARE(links.count(), 0);
    QCOMPARE(collectives.count(), 0);

    // An empty step has no bars to click.
    BandwidthChart empty;
    showChart(empty, Result());
    QSignalSpy none(&empty, &BandwidthChart::linkClicked);
    QVERIFY(empty.linkBarCenter(0).isNull());
    QTest::mouseClick(&empty, Qt::LeftButton, Qt::NoModifier, empty.linkRect()->rect().center());
    QCOMPARE(none.count(), 0);
}

void TestBandwidthChart::dragIsNoClick()
{
    BandwidthChart chart;
    showChart(chart, sample());
    QSignalSpy links(&chart, &BandwidthChart::linkClicked);
    QSignalSpy collectives(&chart, &BandwidthChart::collectiveClicked);
    // Along a bar, from one bar to the next, and from a link to a collective: none is a click.
    const QPoint link = chart.linkBarCenter(0).toPoint();
    const QPoint collective = chart.collectiveBarCenter(2).toPoint();
    for (const auto& [from, to] :
         {std::pair{link, link + QPoint(40, 0)}, std::pair{link, chart.linkBarCenter(1).toPoint()},
          std::pair{collective, collective + QPoint(-30, 0)}, std::pair{link, collective}}) {
        QTest::mousePress(&chart, Qt::LeftButton, Qt::NoModifier, from);
        QTest::mouseMove(&chart, to);
        QTest::mouseRelease(&chart, Qt::LeftButton, Qt::NoModifier, to);
    }
    QCOMPARE(links.count(), 0);
    QCOMPARE(collectives.count(), 0);
    // A jitter of a pixel or two is still a click.
    QTest::mousePress(&chart, Qt::LeftButton, Qt::NoModifier, link);
    QTest::mouseRelease(&chart, Qt::LeftButton, Qt::NoModifier, link + QPoint(1, 1));
    QCOMPARE(links.count(), 1);
}

void TestBandwidthChart::hoverCursorAndHint()
{
    BandwidthChart chart;
    showChart(chart, sample());
    QTest::mouseMove(&chart, chart.linkBarCenter(1).toPoint());
    QTRY_COMPARE(chart.cursor().shape(), Qt::PointingHandCursor);
    QTest::mouseMove(&chart, QPoint(chart.width() / 2, 5)); // the title
    QTRY_COMPARE(chart.cursor().shape(), Qt::ArrowCursor);
    // Both kinds of bar end their tooltip with the hint the step timeline's boxes give.
    const QString hint = BandwidthChart::tr("Click for the formula");
    QVERIFY(chart.toolTipAt(chart.linkBarCenter(1)).endsWith(hint));
    QVERIFY(chart.toolTipAt(chart.collectiveBarCenter(1)).endsWith(hint));
}

void TestBandwidthChart::clicksMatchTheResult_data()
{
    QTest::addColumn<QString>("example");
    QTest::newRow("default") << QStringLiteral("default");
    QTest::newRow("gpt3-175b-megatron") << QStringLiteral("gpt3-175b-megatron");
}

// On real results: every shown link row clicks to the id of the Result's links sorted busiest first (the
// order the chart documents), and every collective row to the index of an equal row of comm.collectives,
// each index once.
void TestBandwidthChart::clicksMatchTheResult()
{
    QFETCH(QString, example);
    MainWindow w;
    QVERIFY(w.openExample(example));
    const Result r = w.document()->result(); // a copy: a later evaluation may land while the chart shows
    BandwidthChart chart;
    showChart(chart, r);
    std::vector<CommLink> busiest;
    std::copy_if(r.comm.links.begin(), r.comm.links.end(), std::back_inserter(busiest),
                 [](const CommLink& l) { return l.busy_s > 0; });
    std::stable_sort(busiest.begin(), busiest.end(),
                     [](const CommLink& a, const CommLink& b) { return a.busy_s > b.busy_s; });
    QVERIFY(!chart.shownLinks().empty());
    QSignalSpy links(&chart, &BandwidthChart::linkClicked);
    for (int row = 0; row < int(chart.shownLinks().size()); ++row) {
        QTest::mouseClick(&chart, Qt::LeftButton, Qt::NoModifier, chart.linkBarCenter(row).toPoint());
        QCOMPARE(links.count(), row + 1);
        // The last row may give way to a quieter bottleneck (bottleneckKeptWhenRowsRunOut).
        const std::string expected =
            row == chart.bottleneckRow() ? r.comm.bottleneck_link : busiest[std::size_t(row)].id;
        QCOMPARE(links.last().at(0).toString(), QString::fromStdString(expected));
    }
    QVERIFY(!r.comm.collectives.empty());
    QSignalSpy collectives(&chart, &BandwidthChart::collectiveClicked);
    std::vector<int> seen;
    for (int row = 0; row < int(chart.shownCollectives().size()); ++row) {
        QTest::mouseClick(&chart, Qt::LeftButton, Qt::NoModifier, chart.collectiveBarCenter(row).toPoint());
        QCOMPARE(collectives.count(), row + 1);
        const int index = collectives.last().at(0).toInt();
        QVERIFY(index >= 0 && index < int(r.comm.collectives.size()));
        const CommCollective& shown = chart.shownCollectives()[std::size_t(row)];
        const CommCollective& c = r.comm.collectives[std::size_t(index)];
        QCOMPARE(c.group, shown.group);
        QCOMPARE(c.op, shown.op);
        QCOMPARE(c.time_s, shown.time_s);
        seen.push_back(index);
    }
    std::sort(seen.begin(), seen.end());
    QVERIFY(std::adjacent_find(seen.begin(), seen.end()) == seen.end());
    QCOMPARE(int(seen.size()), int(r.comm.collectives.size()));
}

void TestBandwidthChart::narrowChartKeepsLabelsWhole_data()
{
    QTest::addColumn<int>("width");
    QTest::newRow("wide, 900 px") << 900;
    QTest::newRow("beside the Explain dock, 480 px") << 480;
    QTest::newRow("the minimum, 320 px") << 320;
}

// "◀ Bottleneck" ends inside the plot and no legend is wider than the chart, however narrow the tab
// (the Explain dock opens beside it).
void TestBandwidthChart::narrowChartKeepsLabelsWhole()
{
    QFETCH(int, width);
    Result r = sample();
    r.step.time_s = 1.0;
    for (CommLink& l : r.comm.links)
        l.utilization = l.busy_s; // the bottleneck at 90 %, near the usual right end of the axis
    BandwidthChart chart;
    showChart(chart, r);
    chart.resize(width, 700);
    chart.replot(QCustomPlot::rpImmediateRefresh);
    QCPItemText* mark = nullptr;
    for (int i = 0; i < chart.itemCount(); ++i)
        if (auto* text = qobject_cast<QCPItemText*>(chart.item(i));
            text && text->text().contains(QStringLiteral("◀")))
            mark = text;
    QVERIFY(mark);
    const double right = mark->position->pixelPosition().x() + mark->padding().left() +
                         QFontMetricsF(mark->font()).horizontalAdvance(mark->text());
    if (width >= 480) // at the minimum width the bar keeps half the plot and the label may be cut
        QVERIFY2(right <= chart.linkRect()->right(),
                 qPrintable(QStringLiteral("%1 > %2").arg(right).arg(chart.linkRect()->right())));
    // The ticks follow the widened axis in the same replot.
    QCPAxis* value = chart.linkRect()->axis(QCPAxis::atBottom);
    QVERIFY(value->tickVector().last() <= value->range().upper);
    QVERIFY(value->range().upper >= 0.9 * 1.35 - 1e-12);
    int legends = 0;
    for (QCPLayoutElement* element : chart.plotLayout()->elements(true))
        if (auto* legend = qobject_cast<QCPLegend*>(element)) {
            ++legends;
            QVERIFY(legend->minimumOuterSizeHint().width() <= width);
            QVERIFY(legend->outerRect().right() <= width);
        }
    QCOMPARE(legends, 2); // the links' kinds and the collectives' groups
}

QTEST_MAIN(TestBandwidthChart)
#include "tst_bandwidthchart.moc"
