// SPDX-License-Identifier: GPL-3.0-or-later
// The result JSON: every name of docs/formats.md ("Result of eval") where the contract puts it, values
// written exactly, no NaN/Infinity; the step, the bottleneck, and the timeline only when asked for.
#include "evaluate.h"
#include "resultjson.h"
#include "scenario.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTest>

#include <limits>

namespace {

ss::Result handMadeResult()
{
    ss::Result r;
    r.gpus = 512;
    r.params_total = 1.75e11;
    r.microbatches = 64;
    for (int i = 0; i < 2; ++i) {
        ss::StageMemory m;
        m.stage = i;
        m.layers = 48;
        m.params = 1.1e9 + i;
        m.grads = 2.2e9 + i;
        m.optimizer = 3.3e9 + i;
        m.activations = 4.4e9 + i;
        m.buffer_cuda_context = 536870912;
        m.buffer_allocator = 0.1 + 0.2; // not a short decimal: must still round-trip
        m.buffers = m.buffer_cuda_context + m.buffer_allocator;
        m.total = m.params + m.grads + m.optimizer + m.activations + m.buffers;
        m.capacity = 85899345920.0;
        m.fits = i == 0;
        r.memory.per_gpu.push_back(m);
    }
    r.memory.peak_gpu_bytes = r.memory.per_gpu[1].total;
    r.memory.peak_stage = 1;
    r.memory.cpu_bytes_per_node = 7e10;
    r.memory.nvme_bytes_per_node = 0;
    r.compute.model_flops_per_step = 3.1e18;
    r.compute.hardware_flops_per_step = 4.1e18;
    r.warnings.push_back({"memory.overflow", "stage 1 needs 83.2 GiB of \"80 GiB\"\nper GPU"});
    r.explain.push_back(
        {"memory.per_gpu[0].optimizer", "K·Ψ/N_d", "12 B × 1.75e9 / 8", 3.3e9, "B", "ZeRO §5"});
    return r;
}

QJsonObject parse(const QByteArray& json)
{
    QJsonParseError error;
    const QJsonDocument document = QJsonDocument::fromJson(json, &error);
    if (error.error != QJsonParseError::NoError)
        qWarning("invalid JSON: %s\n%s", qPrintable(error.errorString()), json.constData());
    return document.object();
}

} // namespace

class TestResultJson : public QObject
{
    Q_OBJECT

private slots:
    void contractNames();
    void valuesExact();
    void explainOnlyWhenAsked();
    void stepBottleneckTimeline();
    void commSection();
    void nonFiniteBecomesNullWithWarning();
    void evaluatedScenario();
};

void TestResultJson::contractNames()
{
    // docs/formats.md, "Result of eval": the names below exactly.
    const QJsonObject root = parse(ss::io::writeResult(handMadeResult(), true));
    for (const char* key :
         {"gpus", "params_total", "microbatches", "memory", "compute", "warnings", "explain"})
        QVERIFY2(root.contains(QLatin1String(key)), key);
    const QJsonObject memory = root.value(QLatin1String("memory")).toObject();
    for (const char* key : {"per_gpu", "peak_gpu_bytes", "cpu_bytes_per_node", "nvme_bytes_per_node"})
        QVERIFY2(memory.contains(QLatin1String(key)), key);
    const QJsonArray perGpu = memory.value(QLatin1String("per_gpu")).toArray();
    QCOMPARE(perGpu.size(), 2);
    for (const QJsonValue& row : perGpu)
        for (const char* key :
             {"stage", "params", "grads", "optimizer", "activations", "buffers", "total", "capacity", "fits"})
            QVERIFY2(row.toObject().contains(QLatin1String(key)), key);
    const QJsonObject compute = root.value(QLatin1String("compute")).toObject();
    for (const char* key : {"model_flops_per_step", "hardware_flops_per_step"})
        QVERIFY2(compute.contains(QLatin1String(key)), key);
    const QJsonObject warning = root.value(QLatin1String("warnings")).toArray().at(0).toObject();
    QVERIFY(warning.contains(QLatin1String("code")));
    QVERIFY(warning.contains(QLatin1String("message")));
    const QJsonObject explain = root.value(QLatin1String("explain")).toArray().at(0).toObject();
    for (const char* key : {"figure", "formula", "substituted", "value"})
        QVERIFY2(explain.contains(QLatin1String(key)), key);
}

void TestResultJson::valuesExact()
{
    const ss::Result r = handMadeResult();
    const QJsonObject root = parse(ss::io::writeResult(r, true));
    QCOMPARE(root.value(QLatin1String("gpus")).toInteger(), 512);
    QCOMPARE(root.value(QLatin1String("params_total")).toDouble(), 1.75e11);
    QCOMPARE(root.value(QLatin1String("microbatches")).toInteger(), 64);
    const QJsonObject memory = root.value(QLatin1String("memory")).toObject();
    const QJsonObject stage1 = memory.value(QLatin1String("per_gpu")).toArray().at(1).toObject();
    QCOMPARE(stage1.value(QLatin1String("stage")).toInteger(), 1);
    QCOMPARE(stage1.value(QLatin1String("params")).toDouble(), 1.1e9 + 1);
    QCOMPARE(stage1.value(QLatin1String("total")).toDouble(), r.memory.per_gpu[1].total);
    QCOMPARE(stage1.value(QLatin1String("capacity")).toDouble(), 85899345920.0);
    QCOMPARE(stage1.value(QLatin1String("fits")).toBool(), false);
    QCOMPARE(
        stage1.value(QLatin1String("buffer_parts")).toObject().value(QLatin1String("allocator")).toDouble(),
        0.1 + 0.2);
    QCOMPARE(memory.value(QLatin1String("peak_gpu_bytes")).toDouble(), r.memory.peak_gpu_bytes);
    QCOMPARE(memory.value(QLatin1String("cpu_bytes_per_node")).toDouble(), 7e10);
    const QJsonObject compute = root.value(QLatin1String("compute")).toObject();
    QCOMPARE(compute.value(QLatin1String("model_flops_per_step")).toDouble(), 3.1e18);
    QCOMPARE(compute.value(QLatin1String("hardware_flops_per_step")).toDouble(), 4.1e18);
    const QJsonObject warning = root.value(QLatin1String("warnings")).toArray().at(0).toObject();
    QCOMPARE(warning.value(QLatin1String("message")).toString(),
             QStringLiteral("stage 1 needs 83.2 GiB of \"80 GiB\"\nper GPU"));
    const QJsonObject explain = root.value(QLatin1String("explain")).toArray().at(0).toObject();
    QCOMPARE(explain.value(QLatin1String("formula")).toString(), QStringLiteral("K·Ψ/N_d"));
    QCOMPARE(explain.value(QLatin1String("value")).toDouble(), 3.3e9);
}

void TestResultJson::explainOnlyWhenAsked()
{
    // docs/formats.md: "explain" only with --explain.
    QVERIFY(!parse(ss::io::writeResult(handMadeResult(), false)).contains(QLatin1String("explain")));
    QVERIFY(parse(ss::io::writeResult(handMadeResult(), true)).contains(QLatin1String("explain")));
}

void TestResultJson::stepBottleneckTimeline()
{
    // docs/formats.md, "step": {time_s, compute_s, exposed_comm_s, bubble_fraction, tokens_per_s, mfu, hfu},
    // "bottleneck" {kind, id, message}, "timeline" rows {gpu, stage, stream, kind, microbatch, start_s,
    // end_s} only with --timeline; a link's "utilization" in comm.links.
    ss::Result r = handMadeResult();
    r.step = {12.5, 10.25, 0.5, 0.125, 2.5e5, 0.41, 0.43};
    r.bottleneck = {"pcie",
                    "n0.pcie0~n0.cpu0",
                    "PCIe host link n0.pcie0~n0.cpu0 carries 4 bytes/param per step",
                    {"n0.pcie0~n0.cpu0", "4", "0.58", "host-gen3", ""}};
    ss::TimelineEvent e;
    e.gpu = 3;
    e.stage = 1;
    e.stream = ss::TimelineStream::Pcie;
    e.kind = ss::TimelineKind::DeviceToHost;
    e.microbatch = 7;
    e.chunk = 1;
    e.start_s = 0.1 + 0.2;
    e.end_s = 1.5;
    e.bytes = 6.5e8;
    e.collective = 2;
    e.critical = true;
    r.timeline = {e};
    ss::CommLink link;
    link.id = "n0.pcie0~n0.cpu0";
    link.busy_s = 7.25;
    link.utilization = 0.58;
    r.comm.links = {link};

    const QJsonObject root = parse(ss::io::writeResult(r, false));
    QVERIFY(!root.contains(QLatin1String("timeline")));
    const QJsonObject step = root.value(QLatin1String("step")).toObject();
    QCOMPARE(step.value(QLatin1String("time_s")).toDouble(), 12.5);
    QCOMPARE(step.value(QLatin1String("compute_s")).toDouble(), 10.25);
    QCOMPARE(step.value(QLatin1String("exposed_comm_s")).toDouble(), 0.5);
    QCOMPARE(step.value(QLatin1String("bubble_fraction")).toDouble(), 0.125);
    QCOMPARE(step.value(QLatin1String("tokens_per_s")).toDouble(), 2.5e5);
    QCOMPARE(step.value(QLatin1String("mfu")).toDouble(), 0.41);
    QCOMPARE(step.value(QLatin1String("hfu")).toDouble(), 0.43);
    const QJsonObject bottleneck = root.value(QLatin1String("bottleneck")).toObject();
    QCOMPARE(bottleneck.value(QLatin1String("kind")).toString(), QStringLiteral("pcie"));
    QCOMPARE(bottleneck.value(QLatin1String("id")).toString(), QStringLiteral("n0.pcie0~n0.cpu0"));
    QVERIFY(
        bottleneck.value(QLatin1String("message")).toString().startsWith(QLatin1String("PCIe host link")));
    QCOMPARE(bottleneck.value(QLatin1String("args")).toArray().size(), 5);
    QCOMPARE(root.value(QLatin1String("comm"))
                 .toObject()
                 .value(QLatin1String("links"))
                 .toArray()
                 .at(0)
                 .toObject()
                 .value(QLatin1String("utilization"))
                 .toDouble(),
             0.58);

    const QJsonArray timeline =
        parse(ss::io::writeResult(r, false, true)).value(QLatin1String("timeline")).toArray();
    QCOMPARE(timeline.size(), 1);
    const QJsonObject row = timeline.at(0).toObject();
    for (const char* key : {"gpu", "stage", "stream", "kind", "microbatch", "start_s", "end_s"})
        QVERIFY2(row.contains(QLatin1String(key)), key);
    QCOMPARE(row.value(QLatin1String("gpu")).toInt(), 3);
    QCOMPARE(row.value(QLatin1String("stream")).toString(), QStringLiteral("pcie"));
    QCOMPARE(row.value(QLatin1String("kind")).toString(), QStringLiteral("d2h"));
    QCOMPARE(row.value(QLatin1String("microbatch")).toInt(), 7);
    QCOMPARE(row.value(QLatin1String("start_s")).toDouble(), 0.1 + 0.2);
    QCOMPARE(row.value(QLatin1String("bytes")).toDouble(), 6.5e8);
    QCOMPARE(row.value(QLatin1String("critical")).toBool(), true);

    // Nothing simulated (an invalid scenario): the step is all zero and there is no bottleneck to name.
    const QJsonObject empty = parse(ss::io::writeResult(ss::Result{}, false, true));
    QCOMPARE(empty.value(QLatin1String("step")).toObject().value(QLatin1String("time_s")).toDouble(), 0.0);
    QVERIFY(!empty.contains(QLatin1String("bottleneck")));
    QVERIFY(empty.value(QLatin1String("timeline")).toArray().isEmpty());
}

void TestResultJson::commSection()
{
    // docs/formats.md, "comm": collectives {group, op, bytes, count_per_step, time_s, algorithm,
    // bottleneck_link} and links {id, a, b, kind, bandwidth_Bps, bytes_per_step, busy_s}.
    ss::Scenario s = ss::defaultScenario();
    const ss::Result r = ss::evaluate(s);
    QVERIFY(!r.comm.collectives.empty());
    const QJsonObject comm = parse(ss::io::writeResult(r, false)).value(QLatin1String("comm")).toObject();
    const QJsonArray collectives = comm.value(QLatin1String("collectives")).toArray();
    QCOMPARE(collectives.size(), qsizetype(r.comm.collectives.size()));
    for (const char* key :
         {"group", "op", "bytes", "count_per_step", "time_s", "algorithm", "bottleneck_link"})
        QVERIFY2(collectives.at(0).toObject().contains(QLatin1String(key)), key);
    QCOMPARE(collectives.at(0).toObject().value(QLatin1String("time_s")).toDouble(),
             r.comm.collectives[0].time_s);
    const QJsonArray links = comm.value(QLatin1String("links")).toArray();
    QVERIFY(!links.isEmpty());
    for (const char* key :
         {"id", "a", "b", "kind", "bandwidth_Bps", "bytes_per_step", "busy_s", "utilization"})
        QVERIFY2(links.at(0).toObject().contains(QLatin1String(key)), key);
    for (const QJsonValue& link : links) {
        const double u = link.toObject().value(QLatin1String("utilization")).toDouble();
        QVERIFY(u > 0 && u <= 1);
    }
}

void TestResultJson::nonFiniteBecomesNullWithWarning()
{
    ss::Result r = handMadeResult();
    r.memory.per_gpu[0].total = std::numeric_limits<double>::quiet_NaN();
    r.compute.model_flops_per_step = std::numeric_limits<double>::infinity();
    r.explain[0].value = -std::numeric_limits<double>::infinity();
    const QByteArray json = ss::io::writeResult(r, true);
    QVERIFY(!json.contains("nan") && !json.contains("inf") && !json.contains("NaN") &&
            !json.contains("Infinity"));
    QJsonParseError error;
    const QJsonObject root = QJsonDocument::fromJson(json, &error).object();
    QCOMPARE(error.error, QJsonParseError::NoError);
    const QJsonObject stage0 = root.value(QLatin1String("memory"))
                                   .toObject()
                                   .value(QLatin1String("per_gpu"))
                                   .toArray()
                                   .at(0)
                                   .toObject();
    QVERIFY(stage0.value(QLatin1String("total")).isNull());
    QVERIFY(root.value(QLatin1String("compute"))
                .toObject()
                .value(QLatin1String("model_flops_per_step"))
                .isNull());
    QStringList named;
    for (const QJsonValue& w : root.value(QLatin1String("warnings")).toArray())
        if (w.toObject().value(QLatin1String("code")).toString() == QLatin1String("result.non_finite"))
            named << w.toObject().value(QLatin1String("message")).toString().section(QLatin1Char(' '), 0, 0);
    QCOMPARE(named,
             (QStringList{"memory.per_gpu[0].total", "compute.model_flops_per_step", "explain[0].value"}));
}

void TestResultJson::evaluatedScenario()
{
    // The engine's result of the default scenario through the writer: the contract's shape.
    const ss::Scenario s = ss::defaultScenario();
    ss::EvalOptions options;
    options.explain = true;
    const ss::Result r = ss::evaluate(s, options);
    const QJsonObject root = parse(ss::io::writeResult(r, true));
    QCOMPARE(root.value(QLatin1String("gpus")).toInteger(), s.gpus());
    QCOMPARE(root.value(QLatin1String("memory")).toObject().value(QLatin1String("per_gpu")).toArray().size(),
             static_cast<qsizetype>(s.parallel.pp));
    QVERIFY(root.value(QLatin1String("params_total")).toDouble() > 0);
    QVERIFY(root.value(QLatin1String("explain")).toArray().size() > 0);
    QVERIFY(root.value(QLatin1String("step")).toObject().value(QLatin1String("time_s")).toDouble() > 0);
    QCOMPARE(root.value(QLatin1String("bottleneck")).toObject().value(QLatin1String("kind")).toString(),
             QStringLiteral("compute"));
    for (const QJsonValue& w : root.value(QLatin1String("warnings")).toArray())
        QVERIFY2(w.toObject().value(QLatin1String("code")).toString() != QLatin1String("result.non_finite"),
                 qPrintable(w.toObject().value(QLatin1String("message")).toString()));
}

QTEST_GUILESS_MAIN(TestResultJson)
#include "tst_resultjson.moc"
