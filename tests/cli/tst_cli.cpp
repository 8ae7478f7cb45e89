// SPDX-License-Identifier: GPL-3.0-or-later
// shardscope-cli as a user runs it: output, exit codes (0 ok, 1 bad input, 2 usage) and one-line
// messages, all as docs/formats.md ("Binaries") states them.
#include "clirun.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QMap>
#include <QProcess>
#include <QTest>

#include <algorithm>
#include <cmath>

namespace {

using Run = CliRun;

QString data(const char* name)
{
    return QStringLiteral(SHARDSCOPE_TEST_DATA "/") + QLatin1String(name);
}

QJsonObject json(const QByteArray& bytes)
{
    QJsonParseError error;
    const QJsonDocument document = QJsonDocument::fromJson(bytes, &error);
    if (error.error != QJsonParseError::NoError)
        qWarning("not JSON: %s", qPrintable(error.errorString()));
    return document.object();
}

double stage0(const QJsonObject& result, const char* key)
{
    return result.value(QLatin1String("memory"))
        .toObject()
        .value(QLatin1String("per_gpu"))
        .toArray()
        .at(0)
        .toObject()
        .value(QLatin1String(key))
        .toDouble();
}

} // namespace

class TestCli : public QObject
{
    Q_OBJECT

private slots:
    void collectiveReadsOnlyTheCluster();
    void evalExample_data();
    void evalExample();
    void evalStdin();
    void explain();
    void timeline();
    void teachingExamples();
    void setChangesResult();
    void setRepairsFile();
    void linkClassesOnLargeClusters();
    void badInput_data();
    void badInput();
    void usage_data();
    void usage();
    void examples();
    void helpAndVersion();
    void collective_data();
    void collective();
    void collectiveTopologySources_data();
    void collectiveTopologySources();
    void presets();
    void gpus();
    void plan();
};

void TestCli::evalExample_data()
{
    QTest::addColumn<QString>("id");
    // The built-in examples (resources/examples/index.json).
    for (const char* id : {"default", "gpt3-175b-megatron", "llama2-7b-zero3", "llama2-70b",
                           "gpt-1.3b-pcie-offload", "zero3-offload-pcie-gen3", "pipeline-schedules-8-stages",
                           "dp-10gbe-gradient-bits", "qwen2-0.5b-one-rtx4090", "llama2-70b-gb200-nvl72"})
        QTest::newRow(id) << QString::fromLatin1(id);
}

void TestCli::evalExample()
{
    QFETCH(QString, id);
    const Run run = runCli({QStringLiteral("eval"), id});
    QVERIFY(!run.crashed);
    QCOMPARE(run.exitCode, 0);
    QVERIFY2(run.err.isEmpty(), run.err.constData());
    const QJsonObject result = json(run.out);
    // docs/formats.md, "Result of eval".
    for (const char* key : {"gpus", "params_total", "microbatches", "memory", "compute", "warnings"})
        QVERIFY2(result.contains(QLatin1String(key)), key);
    QVERIFY(!result.contains(QLatin1String("explain")));
    const QJsonObject memory = result.value(QLatin1String("memory")).toObject();
    for (const char* key : {"per_gpu", "peak_gpu_bytes", "cpu_bytes_per_node", "nvme_bytes_per_node"})
        QVERIFY2(memory.contains(QLatin1String(key)), key);
    QVERIFY(!memory.value(QLatin1String("per_gpu")).toArray().isEmpty());
    const QJsonObject compute = result.value(QLatin1String("compute")).toObject();
    QVERIFY(compute.value(QLatin1String("model_flops_per_step")).toDouble() > 0);
    QVERIFY(compute.value(QLatin1String("hardware_flops_per_step")).toDouble() >=
            compute.value(QLatin1String("model_flops_per_step")).toDouble());
    // Every example is meant to fit on its GPUs.
    for (const QJsonValue& row : memory.value(QLatin1String("per_gpu")).toArray())
        QVERIFY2(row.toObject().value(QLatin1String("fits")).toBool(), qPrintable(id));
    // The simulated step: a time, a bottleneck, and every link's utilisation in [0, 1].
    const QJsonObject step = result.value(QLatin1String("step")).toObject();
    QVERIFY(step.value(QLatin1String("time_s")).toDouble() > 0);
    QVERIFY(step.value(QLatin1String("mfu")).toDouble() > 0 &&
            step.value(QLatin1String("mfu")).toDouble() < 1);
    QVERIFY(!result.value(QLatin1String("bottleneck"))
                 .toObject()
                 .value(QLatin1String("message"))
                 .toString()
                 .isEmpty());
    for (const QJsonValue& link :
         result.value(QLatin1String("comm")).toObject().value(QLatin1String("links")).toArray()) {
        const double u = link.toObject().value(QLatin1String("utilization")).toDouble(-1);
        QVERIFY2(u >= 0 && u <= 1, qPrintable(id));
    }
}

void TestCli::teachingExamples()
{
    const auto eval = [](const QString& id, const QStringList& sets) {
        QStringList args{QStringLiteral("eval"), id};
        for (const QString& set : sets)
            args << QStringLiteral("--set") << set;
        const Run run = runCli(args);
        [&] { QCOMPARE(run.exitCode, 0); }();
        return json(run.out);
    };
    const auto stepOf = [](const QJsonObject& r, const char* key) {
        return r.value(QLatin1String("step")).toObject().value(QLatin1String(key)).toDouble();
    };
    const auto kindOf = [](const QJsonObject& r) {
        return r.value(QLatin1String("bottleneck")).toObject().value(QLatin1String("kind")).toString();
    };

    // ZeRO-3 + CPU optimizer offload (ZeRO-Offload, ZeRO-Infinity): PCIe-bound on Gen3; Gen4 and Gen5 shorten
    // the step; turning the overlap off lengthens it.
    const QString offload = QStringLiteral("zero3-offload-pcie-gen3");
    const QJsonObject gen3 = eval(offload, {});
    QCOMPARE(kindOf(gen3), QStringLiteral("pcie"));
    const QJsonObject gen4 = eval(offload, {QStringLiteral("cluster.node_preset=pcie-gen4-4gpu")});
    const QJsonObject gen5 = eval(offload, {QStringLiteral("cluster.node_preset=pcie-gen5-4gpu")});
    QVERIFY(stepOf(gen4, "time_s") < stepOf(gen3, "time_s"));
    QVERIFY(stepOf(gen5, "time_s") < stepOf(gen4, "time_s"));
    QVERIFY(stepOf(eval(offload, {QStringLiteral("training.overlap_grad_reduce=false")}), "time_s") >
            stepOf(gen3, "time_s"));

    // 8 stages, 16 microbatches (Narayanan et al. SC'21; Qi et al. ICLR'24): GPipe and 1F1B share a bubble,
    // interleaving and ZB-H1 shrink it; GPipe holds all microbatches' activations, 1F1B and ZB-H1 at most p.
    const QString pipe = QStringLiteral("pipeline-schedules-8-stages");
    const QJsonObject gpipe = eval(pipe, {QStringLiteral("parallel.schedule=gpipe")});
    const QJsonObject onef = eval(pipe, {});
    const QJsonObject inter = eval(
        pipe, {QStringLiteral("parallel.schedule=interleaved"), QStringLiteral("parallel.virtual_stages=2")});
    const QJsonObject zb = eval(pipe, {QStringLiteral("parallel.schedule=zb-h1")});
    QVERIFY(std::fabs(stepOf(gpipe, "bubble_fraction") - stepOf(onef, "bubble_fraction")) < 1e-9);
    QVERIFY(stepOf(inter, "bubble_fraction") < stepOf(onef, "bubble_fraction"));
    QVERIFY(stepOf(zb, "bubble_fraction") < stepOf(inter, "bubble_fraction"));
    const auto activations = [](const QJsonObject& r) {
        return r.value(QLatin1String("memory"))
            .toObject()
            .value(QLatin1String("per_gpu"))
            .toArray()
            .at(0)
            .toObject()
            .value(QLatin1String("activations"))
            .toDouble();
    };
    QVERIFY(activations(gpipe) > activations(inter));
    QVERIFY(activations(inter) > activations(onef));
    QCOMPARE(activations(zb), activations(onef));

    // Data parallel over 10 GbE: k-bit gradients move k/32 of the fp32 volume (k bits for 32); the all-reduce
    // time falls in proportion and the step with it; in fp32 the network link is the bottleneck.
    const QString dp = QStringLiteral("dp-10gbe-gradient-bits");
    double previous = 1e300;
    double fp32 = 0;
    for (int bits : {32, 16, 8, 1}) {
        const QJsonObject r = eval(dp, {QStringLiteral("training.grad_comm_bits=%1").arg(bits)});
        const double allreduce = r.value(QLatin1String("comm"))
                                     .toObject()
                                     .value(QLatin1String("collectives"))
                                     .toArray()
                                     .at(0)
                                     .toObject()
                                     .value(QLatin1String("time_s"))
                                     .toDouble();
        if (bits == 32) {
            fp32 = allreduce;
            QCOMPARE(kindOf(r), QStringLiteral("link"));
        } else {
            QVERIFY(std::fabs(allreduce / fp32 - bits / 32.0) < 0.01);
        }
        QVERIFY(stepOf(r, "time_s") < previous);
        previous = stepOf(r, "time_s");
    }
}

void TestCli::evalStdin()
{
    const Run example = runCli({QStringLiteral("eval"), QStringLiteral("default")});
    // The same scenario given on stdin, as a file would give it.
    const QByteArray scenario = R"({"format": "shardscope-scenario", "version": 1, "parallel": {"dp": 8}})";
    const Run run = runCli({QStringLiteral("eval"), QStringLiteral("-")}, scenario);
    QCOMPARE(run.exitCode, 0);
    QVERIFY(json(run.out).value(QLatin1String("gpus")).toInt() == 8);

    const Run bad = runCli({QStringLiteral("eval"), QStringLiteral("-")}, "{ nonsense");
    QCOMPARE(bad.exitCode, 1);
    QVERIFY2(bad.err.startsWith("<stdin>: line 1, column "), bad.err.constData());
    QCOMPARE(bad.err.count('\n'), 1);
    QVERIFY(bad.out.isEmpty());
    QVERIFY(!example.out.isEmpty());
}

void TestCli::explain()
{
    const Run run = runCli({QStringLiteral("eval"), QStringLiteral("default"), QStringLiteral("--explain")});
    QCOMPARE(run.exitCode, 0);
    const QJsonArray explain = json(run.out).value(QLatin1String("explain")).toArray();
    QVERIFY(!explain.isEmpty());
    for (const char* key : {"figure", "formula", "substituted", "value", "unit", "source"})
        QVERIFY2(explain.at(0).toObject().contains(QLatin1String(key)), key);
    // The communication and the step explain themselves too, each named by its JSON path with the
    // figure's value (tests/engine/tst_explain.cpp checks every figure).
    const QJsonObject result = json(run.out);
    QHash<QString, double> values;
    for (const QJsonValue& e : explain)
        values.insert(e.toObject().value(QLatin1String("figure")).toString(),
                      e.toObject().value(QLatin1String("value")).toDouble());
    const QJsonObject comm = result.value(QLatin1String("comm")).toObject();
    const QJsonObject collective = comm.value(QLatin1String("collectives")).toArray().at(0).toObject();
    const QJsonObject link = comm.value(QLatin1String("links")).toArray().at(0).toObject();
    const QJsonObject step = result.value(QLatin1String("step")).toObject();
    QCOMPARE(values.value(QStringLiteral("comm.collectives[0].time_s"), -1),
             collective.value(QLatin1String("time_s")).toDouble());
    QCOMPARE(values.value(QStringLiteral("comm.collectives[0].bytes"), -1),
             collective.value(QLatin1String("bytes")).toDouble());
    QCOMPARE(values.value(QStringLiteral("comm.links[0].utilization"), -1),
             link.value(QLatin1String("utilization")).toDouble());
    QCOMPARE(values.value(QStringLiteral("step.exposed_comm_s"), -1),
             step.value(QLatin1String("exposed_comm_s")).toDouble());
    QVERIFY(values.contains(QStringLiteral("step.op_time_s[0].forward")));
}

void TestCli::timeline()
{
    // docs/formats.md: "timeline" only with --timeline, rows {gpu, stage, stream, kind, microbatch, start_s,
    // end_s}; no two boxes overlap on one stream and nothing ends after the step.
    const Run plain = runCli({QStringLiteral("eval"), QStringLiteral("default")});
    QVERIFY(!json(plain.out).contains(QLatin1String("timeline")));
    const Run run = runCli({QStringLiteral("eval"), QStringLiteral("default"), QStringLiteral("--timeline")});
    QCOMPARE(run.exitCode, 0);
    QVERIFY2(run.err.isEmpty(), run.err.constData());
    const QJsonObject result = json(run.out);
    const double step =
        result.value(QLatin1String("step")).toObject().value(QLatin1String("time_s")).toDouble();
    QVERIFY(step > 0);
    const QJsonArray rows = result.value(QLatin1String("timeline")).toArray();
    QVERIFY(!rows.isEmpty());
    QMap<QString, QList<QPair<double, double>>> lanes;
    for (const QJsonValue& value : rows) {
        const QJsonObject row = value.toObject();
        for (const char* key : {"gpu", "stage", "stream", "kind", "microbatch", "start_s", "end_s"})
            QVERIFY2(row.contains(QLatin1String(key)), key);
        const double end = row.value(QLatin1String("end_s")).toDouble();
        QVERIFY(end <= step);
        lanes[QString::number(row.value(QLatin1String("gpu")).toInt()) +
              row.value(QLatin1String("stream")).toString()]
            .append({row.value(QLatin1String("start_s")).toDouble(), end});
    }
    for (auto& boxes : lanes) {
        std::sort(boxes.begin(), boxes.end());
        for (qsizetype i = 1; i < boxes.size(); ++i)
            QVERIFY(boxes.at(i).first >= boxes.at(i - 1).second);
    }
}

void TestCli::setChangesResult()
{
    const QJsonObject base = json(runCli({QStringLiteral("eval"), QStringLiteral("default")}).out);
    // ZeRO-3 shards the 16-bit weights over dp (ZeRO, Rajbhandari et al. §5): stage 0's params drop by dp
    // = 8.
    const Run zero3 = runCli({QStringLiteral("eval"), QStringLiteral("default"), QStringLiteral("--set"),
                              QStringLiteral("parallel.zero_stage=3")});
    QCOMPARE(zero3.exitCode, 0);
    QCOMPARE(stage0(json(zero3.out), "params") * 8, stage0(base, "params"));
    // Twice the layers, more parameters; --set=PATH=VALUE is accepted too.
    const Run deeper =
        runCli({QStringLiteral("eval"), QStringLiteral("default"), QStringLiteral("--set=model.layers=48")});
    QCOMPARE(deeper.exitCode, 0);
    QVERIFY(json(deeper.out).value(QLatin1String("params_total")).toDouble() >
            base.value(QLatin1String("params_total")).toDouble());
    // A unit string, and a catalogue GPU (the --set examples of shardscope-cli --help).
    const Run gpu = runCli({QStringLiteral("eval"), QStringLiteral("default"), QStringLiteral("--set"),
                            QStringLiteral("cluster.gpu=H100-SXM5-80GB"), QStringLiteral("--set"),
                            QStringLiteral("overheads.cuda_context_bytes=1 GiB")});
    QCOMPARE(gpu.exitCode, 0);
    QCOMPARE(stage0(json(gpu.out), "capacity"), 81559.0 * 1048576.0); // gpucatalog.cpp: H100 SXM 81559 MiB
}

void TestCli::linkClassesOnLargeClusters()
{
    // GPT-3 175B on 512 DGX A100 (4096 GPUs, dp 64): each GPU has its NVLink to the NVSwitch, its PCIe link
    // to its switch and its NIC's HDR link to a leaf (the dgx-a100 preset with 8 NICs), more than 3 × 4096
    // loaded links: past a threshold of 4096 rows eval summarises them by class; --all-links lists them.
    const QStringList args = {QStringLiteral("eval"),  QStringLiteral("gpt3-175b-megatron"),
                              QStringLiteral("--set"), QStringLiteral("cluster.nodes=512"),
                              QStringLiteral("--set"), QStringLiteral("parallel.dp=64"),
                              QStringLiteral("--set"), QStringLiteral("training.global_batch=1536")};
    const Run summary =
        runCli(QStringList(args) << QStringLiteral("--max-link-rows") << QStringLiteral("4096"));
    QCOMPARE(summary.exitCode, 0);
    const QJsonObject comm = json(summary.out).value(QLatin1String("comm")).toObject();
    QVERIFY(comm.value(QLatin1String("links_aggregated")).toBool());
    const double total = comm.value(QLatin1String("links_total")).toDouble();
    QVERIFY(total > 3 * 4096);
    const QJsonArray classes = comm.value(QLatin1String("link_classes")).toArray();
    double counted = 0;
    double nvlink = 0;
    for (const QJsonValue& v : classes) {
        const QJsonObject c = v.toObject();
        counted += c.value(QLatin1String("links")).toDouble();
        QVERIFY(c.value(QLatin1String("bytes_per_step_max")).toDouble() >=
                c.value(QLatin1String("bytes_per_step_mean")).toDouble() * (1 - 1e-12));
        if (c.value(QLatin1String("kind")).toString() == QLatin1String("nvlink3"))
            nvlink += c.value(QLatin1String("links")).toDouble();
    }
    QCOMPARE(counted, total);
    QCOMPARE(nvlink, 4096.0);
    // One row per class, plus the bottleneck link when it is not its class's busiest.
    const QJsonArray rows = comm.value(QLatin1String("links")).toArray();
    QVERIFY(rows.size() >= classes.size() && rows.size() <= classes.size() + 1);
    const Run all = runCli(QStringList(args) << QStringLiteral("--all-links"));
    QCOMPARE(all.exitCode, 0);
    const QJsonObject allComm = json(all.out).value(QLatin1String("comm")).toObject();
    QVERIFY(!allComm.value(QLatin1String("links_aggregated")).toBool());
    QCOMPARE(double(allComm.value(QLatin1String("links")).toArray().size()), total);
    QVERIFY(!allComm.contains(QLatin1String("link_classes")));
    // The classes are those of the rows --all-links lists (docs/formats.md, comm.link_classes: the links of
    // one kind, bandwidth and efficiency; links counted, the busiest one's bytes and busy time, utilisation's
    // maximum and mean): formed here from the rows, compared with what the summary printed.
    struct Class
    {
        double links = 0, bytesMax = 0, bytesSum = 0, busyMax = 0, utilMax = 0, utilSum = 0;
        QString busiest;
    };
    QMap<QString, Class> fromRows;
    for (const QJsonValue& v : allComm.value(QLatin1String("links")).toArray()) {
        const QJsonObject l = v.toObject();
        const QString key = l.value(QLatin1String("kind")).toString() + QLatin1Char('/') +
                            QString::number(l.value(QLatin1String("bandwidth_Bps")).toDouble(), 'g', 17) +
                            QLatin1Char('/') +
                            QString::number(l.value(QLatin1String("efficiency")).toDouble(), 'g', 17);
        Class& c = fromRows[key];
        const double busy = l.value(QLatin1String("busy_s")).toDouble();
        if (c.links == 0 || busy > c.busyMax)
            c.busiest = l.value(QLatin1String("id")).toString();
        c.links += 1;
        c.bytesMax = std::max(c.bytesMax, l.value(QLatin1String("bytes_per_step")).toDouble());
        c.bytesSum += l.value(QLatin1String("bytes_per_step")).toDouble();
        c.busyMax = std::max(c.busyMax, busy);
        c.utilMax = std::max(c.utilMax, l.value(QLatin1String("utilization")).toDouble());
        c.utilSum += l.value(QLatin1String("utilization")).toDouble();
    }
    QCOMPARE(qsizetype(fromRows.size()), classes.size());
    for (const QJsonValue& v : classes) {
        const QJsonObject c = v.toObject();
        const QString key = c.value(QLatin1String("kind")).toString() + QLatin1Char('/') +
                            QString::number(c.value(QLatin1String("bandwidth_Bps")).toDouble(), 'g', 17) +
                            QLatin1Char('/') +
                            QString::number(c.value(QLatin1String("efficiency")).toDouble(), 'g', 17);
        QVERIFY2(fromRows.contains(key), qPrintable(key));
        const Class& want = fromRows[key];
        QCOMPARE(c.value(QLatin1String("links")).toDouble(), want.links);
        QCOMPARE(c.value(QLatin1String("busiest_link")).toString(), want.busiest);
        QCOMPARE(c.value(QLatin1String("bytes_per_step_max")).toDouble(), want.bytesMax);
        QCOMPARE(c.value(QLatin1String("busy_s_max")).toDouble(), want.busyMax);
        QCOMPARE(c.value(QLatin1String("utilization_max")).toDouble(), want.utilMax);
        QVERIFY(std::abs(c.value(QLatin1String("bytes_per_step_mean")).toDouble() -
                         want.bytesSum / want.links) <= 1e-12 * want.bytesMax);
        QVERIFY(std::abs(c.value(QLatin1String("utilization_mean")).toDouble() - want.utilSum / want.links) <=
                1e-12);
    }
    // Under the default threshold (65536 rows) every link is listed.
    const Run plain = runCli(args);
    QCOMPARE(plain.exitCode, 0);
    QCOMPARE(double(json(plain.out)
                        .value(QLatin1String("comm"))
                        .toObject()
                        .value(QLatin1String("links"))
                        .toArray()
                        .size()),
             total);
}

void TestCli::setRepairsFile()
{
    // dp 4 on 8 GPUs fails alone, and --set can repair it (the checks run after the overrides).
    const Run bad = runCli({QStringLiteral("eval"), data("dp-mismatch.json")});
    QCOMPARE(bad.exitCode, 1);
    QVERIFY2(bad.err.startsWith((data("dp-mismatch.json") + QStringLiteral(": parallel.dp: ")).toUtf8()),
             bad.err.constData());
    const Run fixed = runCli({QStringLiteral("eval"), data("dp-mismatch.json"), QStringLiteral("--set"),
                              QStringLiteral("parallel.dp=8")});
    QCOMPARE(fixed.exitCode, 0);
    // And a --set can break a good scenario: the message names the field.
    const Run broken = runCli({QStringLiteral("eval"), QStringLiteral("default"), QStringLiteral("--set"),
                               QStringLiteral("parallel.dp=3")});
    QCOMPARE(broken.exitCode, 1);
    QVERIFY2(broken.err.startsWith("default: parallel.dp: "), broken.err.constData());
}

void TestCli::badInput_data()
{
    QTest::addColumn<QStringList>("args");
    QTest::addColumn<QString>("message"); // the start of the single stderr line

    QTest::newRow("JSON syntax error names file and line")
        << QStringList{"eval", data("broken-syntax.json")}
        << data("broken-syntax.json") + ": line 4, column ";
    QTest::newRow("out of range names file and path")
        << QStringList{"eval", data("zero-stage-4.json")}
        << data("zero-stage-4.json") + ": parallel.zero_stage: expected an integer from 0 to 3, got 4";
    QTest::newRow("missing file")
        << QStringList{"eval", "nope.json"}
        << "nope.json: no such file or built-in example (shardscope-cli examples lists them)";
    QTest::newRow("a directory") << QStringList{"eval", QStringLiteral(SHARDSCOPE_TEST_DATA)}
                                 << QStringLiteral(SHARDSCOPE_TEST_DATA ": is a directory");
    QTest::newRow("unknown --set path") << QStringList{"eval", "default", "--set", "model.hiden=4096"}
                                        << "--set: model.hiden: unknown field (did you mean model.hidden?)";
    QTest::newRow("bad --set value") << QStringList{"eval", "default", "--set", "parallel.zero_stage=7"}
                                     << "--set: parallel.zero_stage: expected an integer from 0 to 3, got 7";
    QTest::newRow("--set unit of the wrong family")
        << QStringList{"eval", "default", "--set", "cluster.gpu.hbm_Bps=80 GiB"}
        << "--set: cluster.gpu.hbm_Bps: expected a bandwidth such as \"25 GB/s\" or \"200 Gb/s\", got \"80 "
           "GiB\"";
    QTest::newRow("--set unknown GPU") << QStringList{"eval", "default", "--set", "cluster.gpu=A100"}
                                       << "--set: cluster.gpu: expected a GPU id from the catalogue (";
    // collective: input the command line is well formed for but the topology contradicts.
    const QStringList allreduce{"--op", "allreduce", "--bytes", "1 GiB"};
    QTest::newRow("collective unknown topology")
        << (QStringList{"collective", "--topology", "dgx-a200"} + allreduce)
        << "dgx-a200: no such file, preset or example (shardscope-cli presets lists the presets)";
    QTest::newRow("collective GPU index out of range")
        << (QStringList{"collective", "--topology", "dgx-a100", "--gpus", "0,9"} + allreduce)
        << "--gpus: no GPU 9 (the topology has 8 GPUs, 0 to 7)";
    QTest::newRow("collective non-GPU device")
        << (QStringList{"collective", "--topology", "dgx-a100", "--gpus", "n0.gpu0,n0.cpu0"} + allreduce)
        << "--gpus: \"n0.cpu0\" is not a GPU";
    QTest::newRow("collective unknown device")
        << (QStringList{"collective", "--topology", "dgx-a100", "--gpus", "gpu0"} + allreduce)
        << "--gpus: no device has the id \"gpu0\"";
    QTest::newRow("collective GPU twice")
        << (QStringList{"collective", "--topology", "dgx-a100", "--gpus", "1,n0.gpu1"} + allreduce)
        << "--gpus: GPU n0.gpu1 is listed twice";
    QTest::newRow("collective broken topology file names file and path")
        << (QStringList{"collective", "--topology", data("bad-kind.topology.json")} + allreduce)
        << data("bad-kind.topology.json") +
               ": links[0].kind: expected a link kind beginning with one of nvlink";
    QTest::newRow("collective algorithm that cannot run the op")
        << QStringList{"collective", "--topology", "dgx-a100",    "--op", "alltoall",
                       "--bytes",    "1e6",        "--algorithm", "ring"}
        << "collective: the ring algorithm does not implement alltoall";
    QTest::newRow("collective NVLS without NVLink SHARP")
        << (QStringList{"collective", "--topology", "dgx-a100", "--algorithm", "nvls"} + allreduce)
        << "collective: the nvls algorithm needs all GPUs on one NVLink SHARP NVSwitch";
}

// collective prices a call on the machines of a scenario file (docs/formats.md, "collective"): only its
// cluster is checked, so a layout that does not cover the GPUs (dp 4 on the default 8) still names them.
void TestCli::collectiveReadsOnlyTheCluster()
{
    const Run run = runCli({QStringLiteral("collective"), QStringLiteral("--topology"),
                            data("dp-mismatch.json"), QStringLiteral("--op"), QStringLiteral("allreduce"),
                            QStringLiteral("--bytes"), QStringLiteral("1 GiB")});
    QVERIFY2(run.exitCode == 0, run.err.constData());
    QCOMPARE(QJsonDocument::fromJson(run.out).object().value(QLatin1String("ranks")).toInt(), 8);
}

void TestCli::badInput()
{
    QFETCH(QStringList, args);
    QFETCH(QString, message);
    const Run run = runCli(args);
    QVERIFY(!run.crashed);
    QCOMPARE(run.exitCode, 1);
    QVERIFY(run.out.isEmpty()); // no partial output
    QCOMPARE(run.err.count('\n'), 1);
    QVERIFY2(QString::fromUtf8(run.err).startsWith(message), run.err.constData());
}

void TestCli::usage_data()
{
    QTest::addColumn<QStringList>("args");
    QTest::addColumn<QString>("message");
    QTest::newRow("no arguments") << QStringList{} << "shardscope-cli: missing command";
    QTest::newRow("unknown command") << QStringList{"frobnicate"}
                                     << "shardscope-cli: unknown command 'frobnicate'";
    QTest::newRow("eval without scenario") << QStringList{"eval"} << "shardscope-cli: eval needs a scenario";
    QTest::newRow("eval with two scenarios")
        << QStringList{"eval", "a.json", "b.json"} << "shardscope-cli: eval takes one scenario";
    QTest::newRow("unknown option") << QStringList{"eval", "default", "--bogus"}
                                    << "shardscope-cli: eval: unknown option '--bogus'";
    QTest::newRow("--set without value")
        << QStringList{"eval", "default", "--set"} << "shardscope-cli: --set needs";
    QTest::newRow("--set without =") << QStringList{"eval", "default", "--set", "parallel.dp"}
                                     << "shardscope-cli: --set expects PATH=VALUE, got 'parallel.dp'";
    QTest::newRow("examples with an argument")
        << QStringList{"examples", "x"} << "shardscope-cli: examples takes no";
    // collective (docs/formats.md, "Binaries"): its own usage errors.
    QTest::newRow("collective without arguments")
        << QStringList{"collective"} << "shardscope-cli: collective needs --topology TOPOLOGY";
    QTest::newRow("collective without --op")
        << QStringList{"collective", "--topology", "dgx-a100", "--bytes", "1e9"}
        << "shardscope-cli: collective needs --op OP";
    QTest::newRow("collective without --bytes")
        << QStringList{"collective", "--topology", "dgx-a100", "--op", "allreduce"}
        << "shardscope-cli: collective needs --bytes N";
    QTest::newRow("collective unknown op")
        << QStringList{"collective", "--topology", "dgx-a100", "--op", "all_reduce", "--bytes", "1e9"}
        << "shardscope-cli: --op: expected allreduce, allgather, reducescatter, broadcast, reduce, alltoall "
           "or "
           "sendrecv, got 'all_reduce'";
    QTest::newRow("collective unknown algorithm")
        << QStringList{"collective", "--topology", "dgx-a100",    "--op",     "allreduce",
                       "--bytes",    "1e9",        "--algorithm", "butterfly"}
        << "shardscope-cli: --algorithm: expected auto, ring, tree, hierarchical, direct, nvls, nvlstree or "
           "collnet, got "
           "'butterfly'";
    QTest::newRow("collective bad size")
        << QStringList{"collective", "--topology", "dgx-a100", "--op", "allreduce", "--bytes", "lots"}
        << "shardscope-cli: --bytes: expected a size in bytes from 0 to 1e18 such as 1073741824 or \"1 "
           "GiB\", got 'lots'";
    QTest::newRow("collective of 1e300 bytes")
        << QStringList{"collective", "--topology", "dgx-a100", "--op", "allreduce", "--bytes", "1e300"}
        << "shardscope-cli: --bytes: expected a size in bytes from 0 to 1e18";
    QTest::newRow("collective size in bits per second")
        << QStringList{"collective", "--topology", "dgx-a100", "--op", "allreduce", "--bytes", "25 GB/s"}
        << "shardscope-cli: --bytes: expected a size in bytes";
    QTest::newRow("collective unknown option")
        << QStringList{"collective", "--topology", "dgx-a100", "--op", "allreduce",
                       "--bytes",    "1e9",        "--root",   "1"}
        << "shardscope-cli: collective: unknown option '--root'";
    QTest::newRow("collective option without value")
        << QStringList{"collective", "--topology"} << "shardscope-cli: collective: --topology needs a value";
    QTest::newRow("presets with an argument")
        << QStringList{"presets", "x"} << "shardscope-cli: presets: unknown argument 'x'";
    // The other subcommands without their arguments: refused plainly rather than pretended.
    QTest::newRow("export without arguments")
        << QStringList{"export"} << "shardscope-cli: export needs a scenario";
    QTest::newRow("sweep without arguments")
        << QStringList{"sweep"} << "shardscope-cli: sweep needs a scenario";
    QTest::newRow("plan without arguments")
        << QStringList{"plan"}
        << "shardscope-cli: plan needs a scenario: a file, - for standard input, or an example id";
    QTest::newRow("plan with 0 GPUs")
        << QStringList{"plan", "default", "--gpus", "0"}
        << "shardscope-cli: --gpus: expected a GPU count from 1 to 1048576, got '0'";
    QTest::newRow("plan unknown objective") << QStringList{"plan", "default", "--objective", "fastest"}
                                            << "shardscope-cli: --objective: expected step-time, "
                                               "tokens-per-gpu or memory-headroom, got 'fastest'";
    QTest::newRow("plan unknown method") << QStringList{"plan", "default", "--methods", "full,dora"}
                                         << "shardscope-cli: --methods: expected a comma-separated list of "
                                            "full, lora and qlora, got 'full,dora'";
    QTest::newRow("plan rank 0") << QStringList{"plan", "default", "--lora-ranks", "8,0"}
                                 << "shardscope-cli: --lora-ranks: expected a comma-separated list of ranks "
                                    "from 1 to 1048576, got '8,0'";
    QTest::newRow("plan unknown option")
        << QStringList{"plan", "default", "--pp", "2"} << "shardscope-cli: plan: unknown option '--pp'";
}

void TestCli::usage()
{
    QFETCH(QStringList, args);
    QFETCH(QString, message);
    const Run run = runCli(args);
    QVERIFY(!run.crashed);
    QCOMPARE(run.exitCode, 2);
    QVERIFY(run.out.isEmpty());
    QCOMPARE(run.err.count('\n'), 1);
    QVERIFY2(QString::fromUtf8(run.err).startsWith(message), run.err.constData());
}

void TestCli::examples()
{
    const Run run = runCli({QStringLiteral("examples")});
    QCOMPARE(run.exitCode, 0);
    const QStringList lines = QString::fromUtf8(run.out).split(QLatin1Char('\n'), Qt::SkipEmptyParts);
    QCOMPARE(lines.size(), 16);
    QStringList ids;
    for (const QString& line : lines) {
        const QStringList parts = line.split(QLatin1Char('\t'));
        QCOMPARE(parts.size(), 2); // id TAB title
        QVERIFY(!parts.at(1).isEmpty());
        ids << parts.at(0);
    }
    QCOMPARE(ids,
             (QStringList{"default", "gpt3-175b-megatron", "llama2-7b-zero3", "llama2-70b",
                          "gpt-1.3b-pcie-offload", "zero3-offload-pcie-gen3", "pipeline-schedules-8-stages",
                          "dp-10gbe-gradient-bits", "qwen2-0.5b-one-rtx4090", "llama2-70b-gb200-nvl72",
                          "deepseek-v3-2048-h800", "llama3.1-405b-16k-h100", "mixtral-8x7b-ep8-h100",
                          "qwen3-30b-a3b-one-node", "llama3.1-8b-qlora-rtx4090", "llama3.1-70b-qlora-h100"}));
}

void TestCli::helpAndVersion()
{
    const Run help = runCli({QStringLiteral("--help")});
    QCOMPARE(help.exitCode, 0);
    QVERIFY(help.out.contains("shardscope-cli eval SCENARIO"));
    const Run version = runCli({QStringLiteral("--version")});
    QCOMPARE(version.exitCode, 0);
    QVERIFY(version.out.startsWith("shardscope-cli "));
}

void TestCli::collective_data()
{
    QTest::addColumn<QStringList>("args");
    QTest::addColumn<QString>("algorithm");
    QTest::addColumn<int>("ranks");
    QTest::addColumn<double>("busbw");     // expected nccl-tests bus bandwidth, B/s
    QTest::addColumn<double>("tolerance"); // relative
    QTest::addColumn<QString>("bottleneck");
    // DGX A100 all_reduce_perf at 8 GiB: ~230 GB/s busbw (S. Jeaugey, NVIDIA/nccl-tests#149).
    QTest::newRow("dgx-a100 allreduce 8 GiB ~230 GB/s")
        << QStringList{"--topology", "dgx-a100", "--op", "allreduce", "--bytes", "8 GiB"} << "ring" << 8
        << 230e9 << 0.02 << "n0.gpu0~n0.nvswitch";
    // DGX H100 with NVLink SHARP: peak busbw ~480 GB/s (S. Jeaugey, NVIDIA/nccl-tests#212).
    QTest::newRow("dgx-h100 allreduce 8 GiB ~480 GB/s")
        << QStringList{"--topology", "dgx-h100", "--op", "allreduce", "--bytes", "8 GiB"} << "nvls" << 8
        << 480e9 << 0.02 << "n0.gpu0~n0.nvswitch";
    // nccl-tests define busbw so that it is the same for all-gather as for all-reduce on one fabric.
    QTest::newRow("dgx-h100 allgather ring ~370 GB/s")
        << QStringList{"--topology", "dgx-h100", "--op", "allgather", "--bytes", "8 GiB"} << "ring" << 8
        << 370e9 << 0.02 << "n0.gpu0~n0.nvswitch";
    // The PCIe/QPI box: all four bound by the socket link at NCCL's BDW_QPI_BW 6 GB/s; two GPUs on one
    // switch by PCIe Gen3 at PCI_BW 12 GB/s (NCCL src/graph/topo.h).
    QTest::newRow("pcie-qpi-4gpu allreduce bound by QPI")
        << QStringList{"--topology", "pcie-qpi-4gpu", "--op", "allreduce", "--bytes", "1e12"} << "ring" << 4
        << 6e9 << 1e-3 << "n0.cpu0~n0.cpu1";
    QTest::newRow("pcie-qpi-4gpu pair on one switch")
        << QStringList{"--topology", "pcie-qpi-4gpu", "--op", "allreduce", "--bytes", "1e12", "--gpus", "0,1"}
        << "ring" << 2 << 12e9 << 1e-3 << "n0.gpu0~n0.pcie0";
    QTest::newRow("pcie-qpi-4gpu pair across sockets, by id")
        << QStringList{"--topology", "pcie-qpi-4gpu", "--op",   "sendrecv",
                       "--bytes",    "1e12",          "--gpus", "n0.gpu1,n0.gpu3"}
        << "direct" << 2 << 6e9 << 1e-3 << "n0.cpu0~n0.cpu1";
    // DGX-1: rings on NVLink only, 6 links × 20 GB/s (NCCL SM70_NVLINK_BW).
    QTest::newRow("dgx1-v100 allreduce on NVLink 120 GB/s")
        << QStringList{"--topology", "dgx1-v100", "--op", "allreduce", "--bytes", "1e12"} << "ring" << 8
        << 120e9 << 1e-3 << "";
    // Four one-GPU workers on 10 GbE at the link catalogue's 90%: 1.125 GB/s.
    QTest::newRow("ps-cluster allreduce over 10 GbE")
        << QStringList{"--topology", "ps-cluster", "--op",        "allreduce",
                       "--bytes",    "1e12",       "--algorithm", "ring"}
        << "ring" << 4 << 1.125e9 << 1e-3 << "";
}

void TestCli::collective()
{
    QFETCH(QStringList, args);
    QFETCH(QString, algorithm);
    QFETCH(int, ranks);
    QFETCH(double, busbw);
    QFETCH(double, tolerance);
    QFETCH(QString, bottleneck);
    const Run run = runCli(QStringList{QStringLiteral("collective")} + args);
    QVERIFY(!run.crashed);
    QCOMPARE(run.exitCode, 0);
    QVERIFY2(run.err.isEmpty(), run.err.constData());
    const QJsonObject r = json(run.out);
    // docs/formats.md, "Binaries": {"op","bytes","ranks","algorithm","time_s","algbw_Bps","busbw_Bps",
    // "bottleneck_link":{"id","kind","a","b"},"links":[LINK...]}
    for (const char* key : {"op", "bytes", "ranks", "algorithm", "time_s", "algbw_Bps", "busbw_Bps",
                            "bottleneck_link", "links"})
        QVERIFY2(r.contains(QLatin1String(key)), key);
    const QJsonObject b = r.value(QLatin1String("bottleneck_link")).toObject();
    for (const char* key : {"id", "kind", "a", "b"})
        QVERIFY2(b.contains(QLatin1String(key)), key);
    QCOMPARE(r.value(QLatin1String("algorithm")).toString(), algorithm);
    QCOMPARE(r.value(QLatin1String("ranks")).toInt(), ranks);
    const double got = r.value(QLatin1String("busbw_Bps")).toDouble();
    QVERIFY2(qAbs(got - busbw) <= tolerance * busbw, qPrintable(QString::number(got)));
    // algbw = bytes / time; busbw = algbw × nccl-tests' factor.
    const double bytes = r.value(QLatin1String("bytes")).toDouble();
    const double time = r.value(QLatin1String("time_s")).toDouble();
    QVERIFY(qAbs(r.value(QLatin1String("algbw_Bps")).toDouble() - bytes / time) <= 1e-9 * bytes / time);
    if (!bottleneck.isEmpty())
        QCOMPARE(b.value(QLatin1String("id")).toString(), bottleneck);
    // The bottleneck is the busiest link: utilization (busy / time) is highest there, and at most 1.
    const QJsonArray links = r.value(QLatin1String("links")).toArray();
    QVERIFY(!links.isEmpty());
    double most = 0;
    QString busiest;
    for (const QJsonValue& v : links) {
        const QJsonObject l = v.toObject();
        for (const char* key : {"id", "a", "b", "kind", "bandwidth_Bps", "bytes", "busy_s", "utilization"})
            QVERIFY2(l.contains(QLatin1String(key)), key);
        const double u = l.value(QLatin1String("utilization")).toDouble();
        QVERIFY(u > 0 && u <= 1 + 1e-9);
        if (u > most) {
            most = u;
            busiest = l.value(QLatin1String("id")).toString();
        }
    }
    QCOMPARE(busiest, b.value(QLatin1String("id")).toString());
}

void TestCli::collectiveTopologySources_data()
{
    QTest::addColumn<QString>("topology");
    QTest::addColumn<int>("ranks");
    QTest::addColumn<double>("busbw");
    // A topology file with unit strings: the slower GPU link, 200 Gb/s = 25 GB/s at 80%, binds: 20 GB/s.
    QTest::newRow("topology file") << data("pcie-pair.topology.json") << 2 << 20e9;
    // A scenario file: its generated cluster (ps-cluster, 4 one-GPU workers, 10 GbE at 90%).
    QTest::newRow("scenario file") << data("ps-workers.json") << 4 << 1.125e9;
    // A built-in example: the default scenario runs on one DGX A100 (~230 GB/s, nccl-tests#149).
    QTest::newRow("example id") << "default" << 8 << 230e9;
}

void TestCli::collectiveTopologySources()
{
    QFETCH(QString, topology);
    QFETCH(int, ranks);
    QFETCH(double, busbw);
    const Run run = runCli({QStringLiteral("collective"), QStringLiteral("--topology=") + topology,
                            QStringLiteral("--op=allreduce"), QStringLiteral("--bytes=1 TB"),
                            QStringLiteral("--algorithm=ring")});
    QCOMPARE(run.exitCode, 0);
    QVERIFY2(run.err.isEmpty(), run.err.constData());
    const QJsonObject r = json(run.out);
    QCOMPARE(r.value(QLatin1String("ranks")).toInt(), ranks);
    QCOMPARE(r.value(QLatin1String("bytes")).toDouble(), 1e12);
    QVERIFY2(qAbs(r.value(QLatin1String("busbw_Bps")).toDouble() - busbw) <= 0.02 * busbw,
             qPrintable(QString::number(r.value(QLatin1String("busbw_Bps")).toDouble())));
}

void TestCli::presets()
{
    // The preset ids, one per line: id TAB GPUs per node TAB title.
    const Run run = runCli({QStringLiteral("presets")});
    QCOMPARE(run.exitCode, 0);
    const QStringList lines = QString::fromUtf8(run.out).split(QLatin1Char('\n'), Qt::SkipEmptyParts);
    QStringList ids;
    for (const QString& line : lines) {
        const QStringList parts = line.split(QLatin1Char('\t'));
        QCOMPARE(parts.size(), 3);
        QVERIFY(!parts.at(2).isEmpty());
        ids << parts.at(0);
    }
    QCOMPARE(ids,
             (QStringList{"dgx1-v100", "dgx-a100", "dgx-h100", "hgx-h200", "pcie-qpi-4gpu", "pcie-gen3-4gpu",
                          "pcie-gen4-4gpu", "pcie-gen5-4gpu", "pcie-gen4-8gpu", "ps-cluster", "dgx2-v100",
                          "hgx-a800", "hgx-h800", "hgx-h20", "dgx-b200", "gb200-nvl72", "mi300x-8gpu"}));
    QVERIFY(lines.at(4).startsWith(QLatin1String("pcie-qpi-4gpu\t4\t")));
    QVERIFY(lines.at(9).startsWith(QLatin1String("ps-cluster\tany\t")));
    const Run asJson = runCli({QStringLiteral("presets"), QStringLiteral("--json")});
    QCOMPARE(asJson.exitCode, 0);
    const QJsonArray list = QJsonDocument::fromJson(asJson.out).array();
    QCOMPARE(list.size(), 17);
    QCOMPARE(list.at(1).toObject().value(QLatin1String("gpus_per_node")).toInt(), 8);
    QVERIFY(list.at(9).toObject().value(QLatin1String("gpus_per_node")).isNull());
}

void TestCli::gpus()
{
    // The GPU catalogue, one line each: id TAB memory TAB 16-bit TAB FP8 TAB HBM TAB peer fabric.
    const Run run = runCli({QStringLiteral("gpus")});
    QCOMPARE(run.exitCode, 0);
    const QStringList lines = QString::fromUtf8(run.out).split(QLatin1Char('\n'), Qt::SkipEmptyParts);
    QVERIFY(lines.size() >= 25);
    QString h100;
    for (const QString& line : lines) {
        QCOMPARE(line.split(QLatin1Char('\t')).size(), 6);
        if (line.startsWith(QLatin1String("H100-SXM5-80GB\t")))
            h100 = line;
    }
    // NVIDIA H100 datasheet (SXM): BF16 989 and FP8 1,979 TFLOPS dense, 3.35 TB/s, NVLink 900 GB/s both ways.
    QVERIFY2(h100.contains(QLatin1String("989 TFLOP/s")) && h100.contains(QLatin1String("1.98 PFLOP/s")) &&
                 h100.contains(QLatin1String("450 GB/s")),
             qPrintable(h100));
    const Run asJson = runCli({QStringLiteral("gpus"), QStringLiteral("--json")});
    QCOMPARE(asJson.exitCode, 0);
    const QJsonArray list = QJsonDocument::fromJson(asJson.out).array();
    QCOMPARE(list.size(), lines.size());
    bool gb200 = false;
    for (const QJsonValue& v : list) {
        const QJsonObject o = v.toObject();
        QVERIFY(!o.value(QLatin1String("source")).toString().isEmpty());
        if (o.value(QLatin1String("id")).toString() == QLatin1String("GB200")) {
            gb200 = true;
            // GB200 NVL72 datasheet: FP4 1,440 PFLOPS with sparsity over 72 GPUs = 10 PFLOPS dense each.
            QCOMPARE(o.value(QLatin1String("peak_fp4_flops")).toDouble(), 10e15);
            QCOMPARE(o.value(QLatin1String("form")).toString(), QStringLiteral("superchip"));
        }
    }
    QVERIFY(gb200);
    QCOMPARE(runCli({QStringLiteral("gpus"), QStringLiteral("--bogus")}).exitCode, 2);
}

void TestCli::plan()
{
    // The default example (GPT-3 XL on one DGX A100): the best layouts fit, are ranked by step time, and each
    // one's step time is what `eval --set` gives for that layout.
    const Run run = runCli(
        {QStringLiteral("plan"), QStringLiteral("default"), QStringLiteral("--top"), QStringLiteral("3")});
    QVERIFY(!run.crashed);
    QCOMPARE(run.exitCode, 0);
    QVERIFY2(run.err.isEmpty(), run.err.constData());
    const QJsonObject out = QJsonDocument::fromJson(run.out).object();
    QVERIFY(out.value(QStringLiteral("evaluated")).toInteger() >=
            out.value(QStringLiteral("feasible")).toInteger());
    QVERIFY(out.value(QStringLiteral("feasible")).toInteger() > 0);
    QVERIFY(out.value(QStringLiteral("elapsed_s")).toDouble() > 0);
    const QJsonArray configs = out.value(QStringLiteral("configs")).toArray();
    QCOMPARE(configs.size(), 3);
    double previous = 0;
    for (const QJsonValue& value : configs) {
        const QJsonObject c = value.toObject();
        const double step = c.value(QStringLiteral("step_time_s")).toDouble();
        QVERIFY(step >= previous);
        previous = step;
        QStringList args{QStringLiteral("eval"), QStringLiteral("default")};
        for (const QString& section : {QStringLiteral("parallel"), QStringLiteral("training")}) {
            const QJsonObject fields = c.value(section).toObject();
            for (auto it = fields.begin(); it != fields.end(); ++it) {
                const QString text = it->isBool()     ? QString::fromLatin1(it->toBool() ? "true" : "false")
                                     : it->isString() ? it->toString()
                                                      : QString::number(it->toInteger());
                args << QStringLiteral("--set")
                     << section + QLatin1Char('.') + it.key() + QLatin1Char('=') + text;
            }
        }
        const Run eval = runCli(args);
        QCOMPARE(eval.exitCode, 0);
        const QJsonObject result = QJsonDocument::fromJson(eval.out).object();
        QCOMPARE(result.value(QStringLiteral("step")).toObject().value(QStringLiteral("time_s")).toDouble(),
                 step);
        QCOMPARE(result.value(QStringLiteral("memory"))
                     .toObject()
                     .value(QStringLiteral("peak_gpu_bytes"))
                     .toDouble(),
                 c.value(QStringLiteral("peak_gpu_bytes")).toDouble());
    }
    // Fine-tuning recipes on one RTX 4090 (24 GB) for Llama 3.1 8B: full training needs 16 bytes per
    // parameter with mixed-precision Adam (Rajbhandari et al., SC'20 §3), 128 GB, so the cheapest recipe that
    // fits is LoRA or QLoRA; eval of that recipe gives the same step time.
    const Run recipes = runCli({QStringLiteral("plan"), QStringLiteral("llama3.1-8b-qlora-rtx4090"),
                                QStringLiteral("--recipes"), QStringLiteral("--top"), QStringLiteral("1")});
    QCOMPARE(recipes.exitCode, 0);
    const QJsonObject best = QJsonDocument::fromJson(recipes.out)
                                 .object()
                                 .value(QStringLiteral("configs"))
                                 .toArray()
                                 .first()
                                 .toObject();
    const QJsonObject training = best.value(QStringLiteral("training")).toObject();
    const QString method = training.value(QStringLiteral("method")).toString();
    QVERIFY2(method == QLatin1String("lora") || method == QLatin1String("qlora"), qPrintable(method));
    QVERIFY(training.value(QStringLiteral("lora_rank")).toInteger() > 0);
    QStringList evalArgs{QStringLiteral("eval"), QStringLiteral("llama3.1-8b-qlora-rtx4090")};
    for (auto it = training.begin(); it != training.end(); ++it)
        evalArgs << QStringLiteral("--set")
                 << QStringLiteral("training.") + it.key() + QLatin1Char('=') +
                        (it->isString() ? it->toString() : QString::number(it->toInteger()));
    const Run evalRecipe = runCli(evalArgs);
    QCOMPARE(evalRecipe.exitCode, 0);
    QCOMPARE(QJsonDocument::fromJson(evalRecipe.out)
                 .object()
                 .value(QStringLiteral("step"))
                 .toObject()
                 .value(QStringLiteral("time_s"))
                 .toDouble(),
             best.value(QStringLiteral("step_time_s")).toDouble());
    // A GPU count the node kind cannot make: bad input, one line naming the scenario and what was expected.
    const Run bad = runCli(
        {QStringLiteral("plan"), QStringLiteral("default"), QStringLiteral("--gpus"), QStringLiteral("12")});
    QCOMPARE(bad.exitCode, 1);
    QVERIFY(bad.out.isEmpty());
    QCOMPARE(
        QString::fromUtf8(bad.err),
        QStringLiteral("default: --gpus: expected a multiple of the 8 GPUs per node of dgx-a100, got 12\n"));
}

QTEST_GUILESS_MAIN(TestCli)
#include "tst_cli.moc"
