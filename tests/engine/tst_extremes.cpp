// SPDX-License-Identifier: GPL-3.0-or-later
// The engine on extremes (crash safety): 1 GPU, 100k GPUs, 1e15 parameters, links
// of 1e-3 B/s, a compute efficiency of 1e-9, a sequence of 16M tokens. Whatever the scenario, evaluate()
// returns finite numbers only (a walker visits every double of the Result) and says what is wrong in
// warnings or in the memory rows, instead of overflowing into Infinity or NaN.
#include "evaluate.h"
#include "presets.h"
#include "validate.h"

#include <QElapsedTimer>
#include <QtTest>

#include <cmath>
#include <functional>
#include <string>

using namespace ss;

Q_DECLARE_METATYPE(ss::Scenario)

namespace {

// Visits every floating-point figure of RESULT with its JSON-like path; returns the first non-finite one.
class FiniteWalker
{
public:
    QString firstBad(const Result& r)
    {
        m_bad.clear();
        check("params_total", r.params_total);
        const MemoryResult& m = r.memory;
        for (std::size_t i = 0; i < m.per_gpu.size() && m_bad.isEmpty(); ++i) {
            const StageMemory& s = m.per_gpu[i];
            const QString p = QStringLiteral("memory.per_gpu[%1].").arg(i);
            for (const auto& [name, v] : {std::pair{"stage_params", s.stage_params},
                                          {"gpu_params", s.gpu_params},
                                          {"in_flight", s.in_flight},
                                          {"params", s.params},
                                          {"grads", s.grads},
                                          {"optimizer", s.optimizer},
                                          {"activations", s.activations},
                                          {"buffers", s.buffers},
                                          {"buffer_zero3_gather", s.buffer_zero3_gather},
                                          {"buffer_grad_buckets", s.buffer_grad_buckets},
                                          {"buffer_logits", s.buffer_logits},
                                          {"buffer_cuda_context", s.buffer_cuda_context},
                                          {"buffer_allocator", s.buffer_allocator},
                                          {"total", s.total},
                                          {"capacity", s.capacity}})
                check(p + QLatin1String(name), v);
        }
        check("memory.peak_gpu_bytes", m.peak_gpu_bytes);
        check("memory.cpu_bytes_per_node", m.cpu_bytes_per_node);
        check("memory.nvme_bytes_per_node", m.nvme_bytes_per_node);
        check("compute.model_flops_per_step", r.compute.model_flops_per_step);
        check("compute.hardware_flops_per_step", r.compute.hardware_flops_per_step);
        check("compute.flops_per_token", r.compute.flops_per_token);
        for (std::size_t i = 0; i < r.comm.collectives.size(); ++i) {
            const CommCollective& c = r.comm.collectives[i];
            const QString p = QStringLiteral("comm.collectives[%1].").arg(i);
            check(p + QLatin1String("bytes"), c.bytes);
            check(p + QLatin1String("time_s"), c.time_s);
            check(p + QLatin1String("alpha_s"), c.alpha_s);
            check(p + QLatin1String("busbw_Bps"), c.busbw_Bps);
        }
        for (std::size_t i = 0; i < r.comm.links.size(); ++i) {
            const CommLink& l = r.comm.links[i];
            const QString p = QStringLiteral("comm.links[%1].").arg(i);
            check(p + QLatin1String("bandwidth_Bps"), l.bandwidth_Bps);
            check(p + QLatin1String("efficiency"), l.efficiency);
            check(p + QLatin1String("bytes_per_step"), l.bytes_per_step);
            check(p + QLatin1String("busy_s"), l.busy_s);
            check(p + QLatin1String("utilization"), l.utilization);
        }
        check("comm.serial_time_s", r.comm.serial_time_s);
        check("step.time_s", r.step.time_s);
        check("step.compute_s", r.step.compute_s);
        check("step.exposed_comm_s", r.step.exposed_comm_s);
        check("step.bubble_fraction", r.step.bubble_fraction);
        check("step.tokens_per_s", r.step.tokens_per_s);
        check("step.mfu", r.step.mfu);
        check("step.hfu", r.step.hfu);
        for (std::size_t i = 0; i < r.timeline.size() && m_bad.isEmpty(); ++i) {
            const TimelineEvent& e = r.timeline[i];
            const QString p = QStringLiteral("timeline[%1].").arg(i);
            check(p + QLatin1String("start_s"), e.start_s);
            check(p + QLatin1String("end_s"), e.end_s);
            check(p + QLatin1String("bytes"), e.bytes);
        }
        for (std::size_t i = 0; i < r.explain.size(); ++i)
            check(QStringLiteral("explain[%1] %2").arg(i).arg(QString::fromStdString(r.explain[i].figure)),
                  r.explain[i].value);
        // Numbers also travel as text in messages and their args (translations format them).
        auto text = [this](const QString& path, const std::string& s) {
            const QString t = QString::fromStdString(s).toLower();
            for (const char* word : {"nan", "inf"})
                if (m_bad.isEmpty() &&
                    QRegularExpression(QStringLiteral("(^|[^a-z])%1([^a-z]|$)").arg(QLatin1String(word)))
                        .match(t)
                        .hasMatch())
                    m_bad = path + QLatin1String(" = ") + QString::fromStdString(s);
        };
        for (std::size_t i = 0; i < r.warnings.size(); ++i) {
            text(QStringLiteral("warnings[%1].message").arg(i), r.warnings[i].message);
            for (const std::string& a : r.warnings[i].args)
                text(QStringLiteral("warnings[%1].args").arg(i), a);
        }
        text(QStringLiteral("bottleneck.message"), r.bottleneck.message);
        for (const std::string& a : r.bottleneck.args)
            text(QStringLiteral("bottleneck.args"), a);
        return m_bad;
    }

private:
    void check(const QString& path, double v)
    {
        if (m_bad.isEmpty() && !std::isfinite(v))
            m_bad = path + QLatin1String(" = ") + QString::number(v);
    }
    void check(const char* path, double v) { check(QLatin1String(path), v); }

    QString m_bad;
};

bool hasWarning(const Result& r, const std::string& prefix)
{
    for (const Warning& w : r.warnings)
        if (w.code.rfind(prefix, 0) == 0)
            return true;
    return false;
}

QString warningCodes(const Result& r)
{
    QStringList codes;
    for (const Warning& w : r.warnings)
        codes << QString::fromStdString(w.code);
    return codes.join(QLatin1Char(','));
}

// The default scenario with the topology made explicit, so every link can be changed.
Scenario explicitTopology(Scenario s)
{
    Topology t;
    if (scenarioTopology(s, t))
        s.cluster.topology = t;
    return s;
}

} // namespace

class TestExtremes : public QObject
{
    Q_OBJECT
private slots:
    void finite_data();
    void finite();
    void hundredThousandGpus();
};

void TestExtremes::finite_data()
{
    QTest::addColumn<Scenario>("scenario");
    QTest::addColumn<bool>("valid");      // whether validateScenario() accepts it
    QTest::addColumn<QString>("warning"); // a warning code prefix that must be present ("" none required)
    QTest::addColumn<bool>("fits");       // whether every stage fits its GPU

    const Scenario base = defaultScenario();
    QTest::newRow("default") << base << true << QString() << true;

    // One GPU: no communication at all; the default 1.3B-class model still fits one 80 GB GPU.
    Scenario one = base;
    one.cluster.gpus_per_node = 1;
    one.cluster.nodes = 1;
    one.parallel.dp = one.parallel.tp = one.parallel.pp = 1;
    one.parallel.sequence_parallel = false;
    one.training.global_batch = 8;
    one.training.micro_batch = 1;
    // No preset has one GPU per node: a topology of one GPU and no links.
    Topology single;
    TopologyNode gpu;
    gpu.id = "gpu0";
    gpu.kind = "gpu";
    single.nodes.push_back(gpu);
    one.cluster.topology = single;
    QTest::newRow("1 gpu") << one << true << QString() << true;

    // 1e15 parameters (a thousand times GPT-4 class rumours) on 8 GPUs: far over any capacity.
    Scenario huge = base;
    huge.model.kind = ModelKind::Params;
    huge.model.params = 1e15;
    QTest::newRow("1e15 params") << huge << true << QStringLiteral("memory") << false;

    // Links of 1e-3 B/s: a step that takes ages, still a finite number of seconds.
    Scenario slow = explicitTopology(base);
    for (TopologyLink& l : slow.cluster.topology->links)
        l.bandwidth_Bps = 1e-3;
    QTest::newRow("bandwidth 1e-3 B/s") << slow << true << QString() << true;

    // Links near zero and efficiency near zero together.
    Scenario slower = slow;
    for (TopologyLink& l : slower.cluster.topology->links)
        l.efficiency = 1e-9;
    QTest::newRow("bandwidth 1e-3 B/s, link efficiency 1e-9") << slower << true << QString() << true;

    Scenario lazy = base;
    lazy.compute.efficiency = 1e-12;
    QTest::newRow("compute efficiency 1e-12") << lazy << true << QString() << true;

    // 16M tokens per sequence: attention activations overflow memory by orders of magnitude.
    Scenario longSeq = base;
    longSeq.model.seq_len = std::int64_t(1) << 24;
    QTest::newRow("seq_len 16M") << longSeq << true << QStringLiteral("memory") << false;

    // Everything at once, with the parameters as a count near the limits of a double's integers.
    Scenario all = slower;
    all.model.kind = ModelKind::Params;
    all.model.params = 1e15;
    all.compute.efficiency = 1e-12;
    QTest::newRow("all extremes") << all << true << QStringLiteral("memory") << false;

    // Rejected scenarios evaluate to zeros with the problems as warnings (evaluate.h).
    Scenario zero = base;
    zero.cluster.nodes = 0;
    QTest::newRow("0 gpus (invalid)") << zero << false << QStringLiteral("scenario.invalid") << true;
    Scenario nanEff = base;
    nanEff.compute.efficiency = std::nan("");
    QTest::newRow("NaN efficiency (invalid)")
        << nanEff << false << QStringLiteral("scenario.invalid") << true;
    Scenario bigBw = explicitTopology(base);
    bigBw.cluster.topology->links.front().bandwidth_Bps = 1e300;
    QTest::newRow("1e300 B/s link (invalid)") << bigBw << false << QStringLiteral("scenario.invalid") << true;
}

void TestExtremes::finite()
{
    QFETCH(Scenario, scenario);
    QFETCH(bool, valid);
    QFETCH(QString, warning);
    QFETCH(bool, fits);

    const std::vector<Problem> problems = validateScenario(scenario);
    QVERIFY2(problems.empty() == valid, problems.empty() ? "accepted" : problems.front().message.c_str());
    EvalOptions options;
    options.timeline = true;
    options.explain = true;
    const Result r = evaluate(scenario, options);
    const QString bad = FiniteWalker().firstBad(r);
    QVERIFY2(bad.isEmpty(), qPrintable(bad));
    if (!warning.isEmpty())
        QVERIFY2(hasWarning(r, warning.toStdString()), qPrintable(warningCodes(r)));
    bool allFit = true;
    for (const StageMemory& s : r.memory.per_gpu)
        allFit = allFit && s.fits;
    QCOMPARE(allFit, fits);
    if (valid) {
        QVERIFY(r.step.time_s > 0);
        QVERIFY(!r.bottleneck.kind.empty());
    }
}

// 100,000 GPUs: 12,500 DGX A100 over InfiniBand HDR, tp 8 × dp 12,500. Finite figures. The time is printed,
// not asserted: speed is the benchmarks' business (shardscope-bench --scaling), and a timed assertion fails
// on a loaded or instrumented (ASan) machine without saying anything about the code.
void TestExtremes::hundredThousandGpus()
{
    Scenario s = defaultScenario();
    s.cluster.nodes = 12500;
    s.cluster.gpus_per_node = 8;
    s.parallel.tp = 8;
    s.parallel.pp = 1;
    s.parallel.dp = 12500;
    s.training.micro_batch = 1;
    s.training.global_batch = 12500 * 4;
    const std::vector<Problem> problems = validateScenario(s);
    QVERIFY2(problems.empty(), problems.empty() ? "" : problems.front().message.c_str());
    QElapsedTimer timer;
    timer.start();
    const Result r = evaluate(s);
    const double seconds = timer.nsecsElapsed() * 1e-9;
    qInfo("evaluate() of 100,000 GPUs: %.3f s", seconds);
    QCOMPARE(r.gpus, std::int64_t(100000));
    const QString bad = FiniteWalker().firstBad(r);
    QVERIFY2(bad.isEmpty(), qPrintable(bad));
    QVERIFY(r.step.time_s > 0);
}

QTEST_APPLESS_MAIN(TestExtremes)
#include "tst_extremes.moc"
