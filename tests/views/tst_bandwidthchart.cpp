// SPDX-License-Identifier: GPL-3.0-or-later
// The bandwidth chart, offscreen: links sorted busiest first and coloured by their kind's class, the
// bottleneck outlined and kept on show, busy time until the step is simulated and utilisation after,
// collectives as time per step (time per call × calls per step) coloured and ordered by group, and the
// chart fed by the main window.
#include "bandwidthchart.h"
#include "linkstyle.h"
#include "mainwindow.h"
#include "scenariodocument.h"

#include <QStandardPaths>
#include <QTest>

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
    void staleTitle();
    void toolTips();
    void emptyStep();
    void fedByTheMainWindow();
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
    Result r;
    std::vector<std::string> ids;
    for (int i = 0; i < 200; ++i)
        ids.push_back("gpu" + std::to_string(i) + "~nvswitch");
    for (int i = 0; i < 200; ++i)
        r.comm.links.push_back(link(ids[std::size_t(i)].c_str(), "nvlink3", 1.0 + i));
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
}

// CONTRACT.md: utilization = busy_s / step.time_s, filled by the step model.
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
    const Result& r = w.document()->result();
    int carrying = 0;
    for (const CommLink& l : r.comm.links)
        carrying += l.busy_s > 0;
    QCOMPARE(chart->totalLinks(), carrying);
    QCOMPARE(int(chart->shownCollectives().size()), int(r.comm.collectives.size()));
    QCOMPARE(chart->bottleneck(), QString::fromStdString(r.comm.bottleneck_link));
}

QTEST_MAIN(TestBandwidthChart)
#include "tst_bandwidthchart.moc"
