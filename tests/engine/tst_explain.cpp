// SPDX-License-Identifier: GPL-3.0-or-later
// Every figure explains itself. For every built-in example and variations of
// the recipe (ZeRO 0..3, optimizer offload, interleaved and ZB-H1 pipelines, a parameter server, sequence
// parallelism, full recompute), evaluate() with EvalOptions::explain gives, for every numeric leaf of the
// result JSON's memory, compute, comm and step sections, an explanation named by the leaf's JSON path whose
// value is the leaf's; formulas, units and sources are set and the substituted numbers carry no words. One
// op of each stage and kind equals its compute box in the timeline. Hand-worked rows check the formulas.
#include "evaluate.h"
#include "examples.h"
#include "presets.h"
#include "resultjson.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QRegularExpression>
#include <QtTest>

#include <cmath>
#include <map>
#include <string>

using namespace ss;

Q_DECLARE_METATYPE(ss::Scenario)

namespace {

Scenario example(const char* id)
{
    Scenario s;
    QString error;
    if (!io::loadExample(QString::fromLatin1(id), s, &error))
        qFatal("example %s: %s", id, qPrintable(error));
    return s;
}

Result explained(const Scenario& s, bool timeline = false)
{
    EvalOptions options;
    options.explain = true;
    options.timeline = timeline;
    return evaluate(s, options);
}

bool close(double a, double b, double relative = 1e-12)
{
    return a == b || std::abs(a - b) <= relative * std::max(std::abs(a), std::abs(b));
}

// Numeric leaves of the result JSON, by path ("comm.links[3].busy_s").
void leaves(const QJsonValue& value, const QString& path, std::map<QString, double>& out)
{
    if (value.isDouble()) {
        out[path] = value.toDouble();
    } else if (value.isObject()) {
        const QJsonObject o = value.toObject();
        for (auto it = o.begin(); it != o.end(); ++it)
            leaves(it.value(), path.isEmpty() ? it.key() : path + QLatin1Char('.') + it.key(), out);
    } else if (value.isArray()) {
        const QJsonArray a = value.toArray();
        for (qsizetype i = 0; i < a.size(); ++i)
            leaves(a.at(i), path + QStringLiteral("[%1]").arg(i), out);
    }
}

// Leaves that are identifiers or inputs, not figures the engine computes: a row's stage index, the peak's
// stage index, a link's bandwidth and efficiency (the topology's own numbers, shown inside busy_s's
// explanation).
bool exempt(const QString& path)
{
    static const QRegularExpression skip(QStringLiteral(
        R"(^(memory\.per_gpu\[\d+\]\.stage|memory\.peak_stage|comm\.links\[\d+\]\.(bandwidth_Bps|efficiency)|comm\.links_total)$)"));
    return skip.match(path).hasMatch();
}

// The sections of the result that explain their figures, plus the top-level counts.
bool explainable(const QString& path)
{
    return path.startsWith(QLatin1String("memory.")) || path.startsWith(QLatin1String("compute.")) ||
           path.startsWith(QLatin1String("comm.")) || path.startsWith(QLatin1String("step.")) ||
           path == QLatin1String("gpus") || path == QLatin1String("params_total") ||
           path == QLatin1String("microbatches");
}

} // namespace

class TestExplain : public QObject
{
    Q_OBJECT
private slots:
    void everyFigureExplained_data();
    void everyFigureExplained();
    void opTimeIsTheComputeBox_data();
    void opTimeIsTheComputeBox();
    void ringAllReduceByHand();
    void handWorkedFigures();
    void nothingWithoutExplain();
};

void TestExplain::everyFigureExplained_data()
{
    QTest::addColumn<Scenario>("scenario");
    for (const io::ExampleInfo& info : io::examples())
        QTest::newRow(qPrintable(QStringLiteral("example %1").arg(info.id)))
            << example(info.id.toLatin1().constData());

    // The default example: GPT-3 XL, dp 8 on one DGX A100, ZeRO-1. Each ZeRO stage moves other collectives.
    for (int zero = 0; zero <= 3; ++zero) {
        Scenario s = example("default");
        s.parallel.zero_stage = zero;
        s.training.recompute = Recompute::Selective;
        QTest::newRow(qPrintable(QStringLiteral("default ZeRO-%1").arg(zero))) << s;
    }
    {
        Scenario s = example("default");
        s.parallel.zero_stage = 2;
        s.parallel.offload_optimizer = Offload::Cpu;
        QTest::newRow("default ZeRO-2 optimizer offload") << s;
    }
    {
        Scenario s = example("default");
        s.parallel.zero_stage = 3;
        s.parallel.offload_optimizer = Offload::Nvme;
        s.parallel.offload_params = Offload::Cpu;
        QTest::newRow("default ZeRO-3 NVMe optimizer, CPU params") << s;
    }
    {
        Scenario s = example("default");
        s.parallel.zero_stage = 0;
        s.parallel.dp_sync = DpSync::ParameterServer;
        s.parallel.ps_servers = 2;
        QTest::newRow("default parameter server") << s;
    }
    {
        Scenario s = example("default");
        s.parallel.dp = 2;
        s.parallel.tp = 4;
        s.parallel.sequence_parallel = true;
        s.training.recompute = Recompute::Full;
        QTest::newRow("default tp 4 sequence parallel full recompute") << s;
    }
    {
        Scenario s = example("default");
        s.parallel.dp = 2;
        s.parallel.tp = 4;
        s.training.recompute = Recompute::Full;
        QTest::newRow("default tp 4 full recompute") << s;
    }
    // The 8-stage pipeline of GPT-3 2.7B under every schedule.
    for (const auto& [name, schedule, chunks] :
         {std::tuple{"gpipe", Schedule::GPipe, 1}, std::tuple{"1f1b", Schedule::OneFOneB, 1},
          std::tuple{"interleaved", Schedule::Interleaved, 2}, std::tuple{"zb-h1", Schedule::ZbH1, 1}}) {
        Scenario s = example("pipeline-schedules-8-stages");
        s.parallel.schedule = schedule;
        s.parallel.virtual_stages = chunks;
        QTest::newRow(qPrintable(QStringLiteral("pipeline %1").arg(QLatin1String(name)))) << s;
        s.training.recompute = Recompute::Full;
        QTest::newRow(qPrintable(QStringLiteral("pipeline %1 full recompute").arg(QLatin1String(name)))) << s;
    }
    {
        Scenario s = example("llama2-70b");
        s.parallel.schedule = Schedule::ZbH1;
        s.parallel.zero_stage = 2;
        QTest::newRow("llama2-70b zb-h1 ZeRO-2") << s;
    }
}

void TestExplain::everyFigureExplained()
{
    QFETCH(Scenario, scenario);
    const Result r = explained(scenario);
    QVERIFY(r.step.time_s > 0); // every case here simulates its step
    QVERIFY(!r.comm.collectives.empty() || scenario.gpus() == 1);

    std::map<std::string, const Explanation*> byFigure;
    static const QRegularExpression word(QStringLiteral("[A-Za-z]{2,}"));
    for (const Explanation& e : r.explain) {
        QVERIFY2(byFigure.emplace(e.figure, &e).second, ("explained twice: " + e.figure).c_str());
        QVERIFY2(!e.formula.empty(), e.figure.c_str());
        QVERIFY2(!e.substituted.empty(), e.figure.c_str());
        QVERIFY2(!e.source.empty(), ("no source: " + e.figure).c_str());
        QVERIFY2(std::isfinite(e.value), e.figure.c_str());
        // Units: a quantity's SI symbol, "" for counts and ratios.
        static const QStringList units{QString(),
                                       QStringLiteral("s"),
                                       QStringLiteral("B"),
                                       QStringLiteral("B/s"),
                                       QStringLiteral("FLOP"),
                                       QStringLiteral("1/s")};
        QVERIFY2(units.contains(QString::fromStdString(e.unit)), (e.figure + ": " + e.unit).c_str());
        // The substituted text needs no translation: numbers, symbols, units and max/min only.
        auto it = word.globalMatch(QString::fromStdString(e.substituted));
        while (it.hasNext()) {
            const QString w = it.next().captured();
            QVERIFY2(w == QLatin1String("max") || w == QLatin1String("min"),
                     qPrintable(QStringLiteral("%1: word \"%2\" in %3")
                                    .arg(QString::fromStdString(e.figure), w,
                                         QString::fromStdString(e.substituted))));
        }
    }

    // Every numeric leaf of the JSON the CLI writes has its explanation, of the same value.
    const QJsonObject json = QJsonDocument::fromJson(io::writeResult(r, false, false)).object();
    std::map<QString, double> figures;
    leaves(json, QString(), figures);
    int checked = 0;
    for (const auto& [path, value] : figures) {
        if (!explainable(path) || exempt(path))
            continue;
        const auto it = byFigure.find(path.toStdString());
        QVERIFY2(it != byFigure.end(), qPrintable(QStringLiteral("no explanation for %1").arg(path)));
        QVERIFY2(close(it->second->value, value), qPrintable(QStringLiteral("%1: explained %2, figure %3")
                                                                 .arg(path)
                                                                 .arg(it->second->value, 0, 'g', 17)
                                                                 .arg(value, 0, 'g', 17)));
        ++checked;
    }
    QVERIFY(checked > 30);
}

void TestExplain::opTimeIsTheComputeBox_data()
{
    // tp 1 (no tensor-parallel box splits a compute box), dp 1 and no ZeRO-3 (no parameter gather makes the
    // compute stream wait inside an op): every op is one uninterrupted compute box, whichever schedule.
    QTest::addColumn<Scenario>("scenario");
    for (const auto& [name, schedule, chunks] :
         {std::tuple{"gpipe", Schedule::GPipe, 1}, std::tuple{"1f1b", Schedule::OneFOneB, 1},
          std::tuple{"interleaved", Schedule::Interleaved, 2}, std::tuple{"zb-h1", Schedule::ZbH1, 1}}) {
        Scenario s = example("pipeline-schedules-8-stages");
        QCOMPARE(s.parallel.tp, 1);
        QCOMPARE(s.parallel.dp, 1);
        s.parallel.schedule = schedule;
        s.parallel.virtual_stages = chunks;
        QTest::newRow(name) << s;
        s.training.recompute = Recompute::Full;
        QTest::newRow(qPrintable(QStringLiteral("%1 full recompute").arg(QLatin1String(name)))) << s;
    }
}

void TestExplain::opTimeIsTheComputeBox()
{
    QFETCH(Scenario, scenario);
    const Result r = explained(scenario, true);
    std::map<std::string, double> ops;
    for (const Explanation& e : r.explain)
        if (e.figure.rfind("step.op_time_s[", 0) == 0)
            ops[e.figure] = e.value;
    QVERIFY(!ops.empty());
    const bool chunked =
        scenario.parallel.schedule == Schedule::Interleaved && scenario.parallel.virtual_stages > 1;
    int boxes = 0;
    std::map<std::string, int> seen;
    for (const TimelineEvent& e : r.timeline) {
        if (e.stream != "compute")
            continue;
        const std::string figure =
            "step.op_time_s[" + std::to_string(e.stage) + "]" +
            (chunked && e.kind != "optimizer" ? "[" + std::to_string(e.chunk) + "]" : "") + "." +
            std::string(timelineKindName(e.kind));
        const auto it = ops.find(figure);
        QVERIFY2(it != ops.end(), ("no explanation for a " + figure + " box").c_str());
        // The box's length is end − start of times summed from the step's start: equal to the op's length up
        // to the rounding of its end time.
        const double length = e.end_s - e.start_s;
        QVERIFY2(std::abs(length - it->second) <=
                     1e-12 * std::max(1.0, e.end_s / it->second) * it->second + 4e-16 * e.end_s,
                 qPrintable(QStringLiteral("%1: box %2, explained %3")
                                .arg(QString::fromStdString(figure))
                                .arg(length, 0, 'g', 17)
                                .arg(it->second, 0, 'g', 17)));
        ++seen[figure];
        ++boxes;
    }
    QVERIFY(boxes > 0);
    // Every explained op has boxes: m of each per stage and chunk, one optimizer per stage.
    const int m = int(r.microbatches);
    for (const auto& [figure, value] : ops)
        QCOMPARE(seen[figure], figure.find(".optimizer") != std::string::npos ? 1 : m);
}

void TestExplain::ringAllReduceByHand()
{
    // Plain data parallelism over the 8 GPUs of one DGX A100: one gradient all-reduce per step, a ring
    // through the NVSwitch over one link kind. Thakur et al. (IJHPCA 2005, §4) and the NCCL docs: each GPU
    // sends 2(n−1)/n · S over its NVLink bundle, in 2(n−1) steps of one route latency each: t = 2(n−1)·l +
    // 2(n−1)/n · S / (B·η); nccl-tests' busbw = S/t · 2(n−1)/n.
    Scenario s = example("default");
    s.parallel.zero_stage = 0;
    const Result r = explained(s);
    int row = -1;
    for (std::size_t i = 0; i < r.comm.collectives.size(); ++i)
        if (r.comm.collectives[i].group == "dp" && r.comm.collectives[i].op == "allreduce")
            row = int(i);
    QVERIFY(row >= 0);
    const CommCollective& c = r.comm.collectives[std::size_t(row)];
    QCOMPARE(c.algorithm, std::string("ring"));
    QCOMPARE(c.ranks, std::int64_t(8));

    // The GPU's link to the NVSwitch, from the topology the scenario generates.
    Topology topology;
    QVERIFY(scenarioTopology(s, topology));
    std::string gpu;
    for (const TopologyNode& node : topology.nodes)
        if (gpu.empty() && node.kind == "gpu")
            gpu = node.id;
    const TopologyLink* gpuLink = nullptr;
    for (const TopologyLink& l : topology.links)
        if ((l.a == gpu || l.b == gpu) && !gpuLink && l.kind.rfind("nv", 0) == 0)
            gpuLink = &l;
    QVERIFY(gpuLink);
    const double B = gpuLink->bandwidth_Bps * double(gpuLink->count);
    const double eta = gpuLink->efficiency;
    const double n = 8;
    const double S = r.params_total * double(s.training.grad_comm_bits) / 8; // Ψ gradients, pp = tp = 1
    QVERIFY(close(c.bytes, S, 1e-12));
    const double route = 2 * gpuLink->latency_s; // GPU → NVSwitch → GPU
    const double expected = 2 * (n - 1) * route + 2 * (n - 1) / n * S / (B * eta);
    QVERIFY2(close(c.time_s, expected, 1e-9),
             qPrintable(
                 QStringLiteral("time %1, by hand %2").arg(c.time_s, 0, 'g', 12).arg(expected, 0, 'g', 12)));
    QVERIFY(close(c.busbw_Bps, S / c.time_s * 2 * (n - 1) / n, 1e-12));

    std::map<std::string, Explanation> e;
    for (const Explanation& x : r.explain)
        e[x.figure] = x;
    const std::string base = "comm.collectives[" + std::to_string(row) + "].";
    QCOMPARE(e[base + "time_s"].formula, std::string("ring all-reduce: t = α + 2(n−1)/n · S · f / (B·η)"));
    QVERIFY2(e[base + "time_s"].substituted.find("2 × 7 / 8 × ") != std::string::npos,
             e[base + "time_s"].substituted.c_str());
    QVERIFY2(e[base + "time_s"].substituted.find(" B × 1 / (") != std::string::npos, // f = 1: one link kind
             e[base + "time_s"].substituted.c_str());
    QCOMPARE(e[base + "time_s"].value, c.time_s);
    QCOMPARE(e[base + "alpha_s"].formula, std::string("α = k · l"));
    QVERIFY(close(e[base + "alpha_s"].value, 2 * (n - 1) * route, 1e-12));
    QCOMPARE(e[base + "busbw_Bps"].formula, std::string("busbw = S / t · 2(n−1)/n"));
    QVERIFY(e[base + "time_s"].source.find("Thakur") != std::string::npos);
    QVERIFY(e[base + "busbw_Bps"].source.find("nccl-tests") != std::string::npos);
    QCOMPARE(e[base + "count_per_step"].value, 1.0);

    // Link utilisation = busy / T (docs/formats.md), on the collective's bottleneck link.
    bool found = false;
    for (std::size_t j = 0; j < r.comm.links.size(); ++j) {
        const CommLink& l = r.comm.links[j];
        if (l.id != c.bottleneck_link)
            continue;
        found = true;
        const std::string link = "comm.links[" + std::to_string(j) + "].";
        QVERIFY(close(e[link + "utilization"].value, l.busy_s / r.step.time_s, 1e-12));
        QVERIFY(close(e[link + "busy_s"].value, l.bytes_per_step / (l.bandwidth_Bps * l.efficiency), 1e-12));
        // The all-reduce is the only traffic: one call of 2(n−1)/n · S spread over the bundle's links.
        QVERIFY(close(l.bytes_per_step * (B / l.bandwidth_Bps), 2 * (n - 1) / n * S, 1e-12));
    }
    QVERIFY(found);
}

void TestExplain::handWorkedFigures()
{
    // ZeRO-1 over N_d = 8 (default example, pp = tp = 1): optimizer states 12 Ψ / 8 bytes per GPU
    // (Rajbhandari et al., SC'20 §5, K = 12 for mixed-precision Adam); N = 8 · 1 · 1 GPUs; m = B / (N_d · b).
    const Scenario s = example("default");
    const Result r = explained(s);
    std::map<std::string, Explanation> e;
    for (const Explanation& x : r.explain)
        e[x.figure] = x;
    QVERIFY(close(e["memory.per_gpu[0].optimizer"].value, 12 * r.params_total / 8, 1e-12));
    QCOMPARE(e["memory.per_gpu[0].optimizer"].formula, std::string("Ψ_gpu · K / N_d"));
    QCOMPARE(e["gpus"].value, 8.0);
    QCOMPARE(e["gpus"].substituted, std::string("8 × 1 × 1"));
    QCOMPARE(e["microbatches"].value,
             double(s.training.global_batch / (s.parallel.dp * s.training.micro_batch)));
    // Tokens per second = B · s / T; MFU = F / (T · N · peak) (PaLM App. B).
    QVERIFY(close(e["step.tokens_per_s"].value,
                  double(s.training.global_batch) * double(s.model.seq_len) / r.step.time_s, 1e-12));
    QVERIFY(close(e["step.mfu"].value,
                  r.compute.model_flops_per_step / (r.step.time_s * 8 * s.cluster.gpu.peak_flops), 1e-12));
    // Serial communication time: Σ count × time over the rows.
    double serial = 0;
    for (const CommCollective& c : r.comm.collectives)
        serial += double(c.count_per_step) * c.time_s;
    QVERIFY(close(e["comm.serial_time_s"].value, serial, 1e-12));
}

void TestExplain::nothingWithoutExplain()
{
    // The planner evaluates without explanations: none are built, and the figures are the same.
    const Scenario s = example("llama2-70b");
    const Result plain = evaluate(s);
    const Result with = explained(s);
    QVERIFY(plain.explain.empty());
    QCOMPARE(plain.step.time_s, with.step.time_s);
    QCOMPARE(plain.memory.peak_gpu_bytes, with.memory.peak_gpu_bytes);
    QCOMPARE(plain.comm.serial_time_s, with.comm.serial_time_s);
}

QTEST_APPLESS_MAIN(TestExplain)
#include "tst_explain.moc"
