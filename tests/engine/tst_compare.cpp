// SPDX-License-Identifier: GPL-3.0-or-later
// A baseline against the current result: deltas and percentages worked by hand, the percentage
// absent over a zero baseline, the better direction of each figure, and which figures are paired at all.
#include "compare.h"
#include "evaluate.h"
#include "scenario.h"

#include <QtTest>

#include <cmath>
#include <optional>

using namespace ss;

Q_DECLARE_METATYPE(ss::Verdict)

namespace {

constexpr double GiB = 1024.0 * 1024.0 * 1024.0;

// A result with the figures the rows below set, and STAGES pipeline stages of TOTAL bytes each.
Result syntheticResult(double stepTime, double peak, int stages, double total)
{
    Result r;
    r.gpus = 8;
    r.params_total = 7e9;
    r.microbatches = 16;
    r.step.time_s = stepTime;
    r.step.tokens_per_s = stepTime > 0 ? 1000 / stepTime : 0;
    r.memory.peak_gpu_bytes = peak;
    for (int s = 0; s < stages; ++s) {
        StageMemory m;
        m.stage = s;
        m.params = total / 2;
        m.optimizer = total / 2;
        m.total = total;
        r.memory.per_gpu.push_back(m);
    }
    return r;
}

} // namespace

class TestCompare : public QObject
{
    Q_OBJECT

private slots:
    void figure_data();
    void figure();
    void figureIds();
    void stageSpecs_data();
    void stageSpecs();
    void pairsStagesOnlyWhenCountsMatch();
    void unsimulatedStepIsAbsent();
    void evaluatedZeroStages();
};

void TestCompare::figure_data()
{
    QTest::addColumn<QString>("id");
    QTest::addColumn<double>("baseline");
    QTest::addColumn<double>("current");
    QTest::addColumn<double>("delta");
    QTest::addColumn<bool>("hasRelative");
    QTest::addColumn<double>("relative");
    QTest::addColumn<Verdict>("verdict");

    // Every expected value below is current − baseline and (current − baseline) / |baseline|, by hand.
    QTest::newRow("step time 1.73 s -> 1.42 s: -0.31 s, -17.9%, lower is better")
        << "step.time_s" << 1.73 << 1.42 << -0.31 << true << -0.31 / 1.73 << Verdict::Better;
    QTest::newRow("step time 2 s -> 2.5 s: +0.5 s, +25%, worse")
        << "step.time_s" << 2.0 << 2.5 << 0.5 << true << 0.25 << Verdict::Worse;
    QTest::newRow("tokens/s 1000 -> 1250: +250, +25%, higher is better")
        << "step.tokens_per_s" << 1000.0 << 1250.0 << 250.0 << true << 0.25 << Verdict::Better;
    QTest::newRow("MFU 40% -> 36%: -4 points, -10%, worse")
        << "step.mfu" << 0.40 << 0.36 << -0.04 << true << -0.10 << Verdict::Worse;
    QTest::newRow("peak memory 80 GiB -> 60 GiB: -20 GiB, -25%, better")
        << "memory.peak_gpu_bytes" << 80 * GiB << 60 * GiB << -20 * GiB << true << -0.25 << Verdict::Better;
    QTest::newRow("bubble 0 -> 10%: +0.1, no percentage over a zero baseline, worse")
        << "step.bubble_fraction" << 0.0 << 0.1 << 0.1 << false << 0.0 << Verdict::Worse;
    QTest::newRow("exposed communication 0 -> 0: same, no percentage")
        << "step.exposed_comm_s" << 0.0 << 0.0 << 0.0 << false << 0.0 << Verdict::Same;
    QTest::newRow("host memory 0 -> 96 GiB (offload): worse, no percentage")
        << "memory.cpu_bytes_per_node" << 0.0 << 96 * GiB << 96 * GiB << false << 0.0 << Verdict::Worse;
    QTest::newRow("parameters 7B -> 13B: +6B, +85.7%, neither better nor worse")
        << "params_total" << 7e9 << 13e9 << 6e9 << true << 6.0 / 7.0 << Verdict::Neutral;
    QTest::newRow("HFU up with recompute: no better direction")
        << "step.hfu" << 0.40 << 0.52 << 0.12 << true << 0.30 << Verdict::Neutral;
    QTest::newRow("equal step times: same")
        << "step.time_s" << 1.5 << 1.5 << 0.0 << true << 0.0 << Verdict::Same;
    QTest::newRow("rounding noise (1e-15 relative) reads as same")
        << "step.time_s" << 1.0 << 1.0 + 1e-15 << 1e-15 << true << 1e-15 << Verdict::Same;
}

void TestCompare::figure()
{
    QFETCH(QString, id);
    QFETCH(double, baseline);
    QFETCH(double, current);
    QFETCH(double, delta);
    QFETCH(bool, hasRelative);
    QFETCH(double, relative);
    QFETCH(Verdict, verdict);

    const std::optional<FigureSpec> spec = figureSpec(id.toStdString());
    QVERIFY(spec);
    const FigureDelta d = compareFigure(*spec, baseline, current);
    QCOMPARE(QString::fromStdString(d.id), id);
    QCOMPARE(d.baseline, baseline);
    QCOMPARE(d.current, current);
    QVERIFY2(std::abs(d.delta - delta) <= 1e-12 * std::max(1.0, std::abs(delta)),
             qPrintable(QStringLiteral("delta %1, expected %2").arg(d.delta).arg(delta)));
    QCOMPARE(d.relative.has_value(), hasRelative);
    if (hasRelative)
        QVERIFY2(std::abs(*d.relative - relative) <= 1e-12,
                 qPrintable(QStringLiteral("relative %1, expected %2").arg(*d.relative).arg(relative)));
    QCOMPARE(d.verdict, verdict);
}

void TestCompare::figureIds()
{
    // Figure ids are result JSON paths (docs/formats.md, "Result of eval"); the headline ones among them.
    QStringList ids;
    for (const FigureSpec& spec : comparedFigures())
        ids << QString::fromStdString(spec.id);
    for (const char* id :
         {"step.time_s", "step.tokens_per_s", "step.mfu", "step.bubble_fraction", "step.exposed_comm_s",
          "memory.peak_gpu_bytes", "compute.model_flops_per_step", "params_total", "gpus", "microbatches"})
        QVERIFY2(ids.contains(QLatin1String(id)), id);
    QCOMPARE(ids.first(), QStringLiteral("step.time_s"));
    QCOMPARE(ids.size(), static_cast<int>(QSet<QString>(ids.begin(), ids.end()).size()));
    // The better directions: lower step time, higher tokens/s and MFU, lower peak memory.
    QCOMPARE(figureSpec("step.time_s")->better, Better::Lower);
    QCOMPARE(figureSpec("step.tokens_per_s")->better, Better::Higher);
    QCOMPARE(figureSpec("step.mfu")->better, Better::Higher);
    QCOMPARE(figureSpec("memory.peak_gpu_bytes")->better, Better::Lower);
    QCOMPARE(figureSpec("step.bubble_fraction")->better, Better::Lower);
    QCOMPARE(figureSpec("step.exposed_comm_s")->better, Better::Lower);
}

void TestCompare::stageSpecs_data()
{
    QTest::addColumn<QString>("id");
    QTest::addColumn<bool>("known");
    QTest::newRow("stage 0 total") << "memory.per_gpu[0].total" << true;
    QTest::newRow("stage 12 optimizer") << "memory.per_gpu[12].optimizer" << true;
    QTest::newRow("not a number") << "memory.per_gpu[x].total" << false;
    QTest::newRow("empty index") << "memory.per_gpu[].total" << false;
    QTest::newRow("unknown field") << "memory.per_gpu[0].capacity" << false;
    QTest::newRow("unknown figure") << "step.nothing" << false;
    QTest::newRow("empty") << "" << false;
}

void TestCompare::stageSpecs()
{
    QFETCH(QString, id);
    QFETCH(bool, known);
    const std::optional<FigureSpec> spec = figureSpec(id.toStdString());
    QCOMPARE(spec.has_value(), known);
    if (known) {
        QCOMPARE(spec->unit, Unit::Bytes);
        QCOMPARE(spec->better, Better::Lower);
    }
}

void TestCompare::pairsStagesOnlyWhenCountsMatch()
{
    const Result baseline = syntheticResult(2.0, 40 * GiB, 4, 40 * GiB);
    const Result same = syntheticResult(1.0, 30 * GiB, 4, 30 * GiB);
    const Result deeper = syntheticResult(1.0, 30 * GiB, 8, 30 * GiB);

    const std::vector<FigureDelta> paired = compareResults(baseline, same);
    QCOMPARE(paired.size(), comparedFigures().size() + 4 * 6);
    const FigureDelta* total = findDelta(paired, "memory.per_gpu[3].total");
    QVERIFY(total);
    QCOMPARE(total->delta, -10 * GiB);
    QCOMPARE(*total->relative, -0.25);
    QCOMPARE(total->verdict, Verdict::Better);
    // Tokens/s = 1000 / step time here: 500 -> 1000 is +100%.
    QCOMPARE(*findDelta(paired, "step.tokens_per_s")->relative, 1.0);

    // Stage 3 of a 4-stage pipeline and stage 3 of an 8-stage one hold different layers: not paired.
    const std::vector<FigureDelta> unpaired = compareResults(baseline, deeper);
    QCOMPARE(unpaired.size(), comparedFigures().size());
    QVERIFY(!findDelta(unpaired, "memory.per_gpu[0].total"));
    QCOMPARE(findDelta(unpaired, "memory.peak_gpu_bytes")->delta, -10 * GiB);
}

void TestCompare::unsimulatedStepIsAbsent()
{
    // Step figures are zero until the simulator has run (result.h): zero is "absent", not "free".
    const Result simulated = syntheticResult(2.0, 40 * GiB, 1, 40 * GiB);
    const Result notSimulated = syntheticResult(0.0, 40 * GiB, 1, 40 * GiB);
    // Kept in a local: findDelta() points into the vector.
    const std::vector<FigureDelta> deltas = compareResults(simulated, notSimulated);
    const FigureDelta* time = findDelta(deltas, "step.time_s");
    QVERIFY(time);
    QVERIFY(time->in_baseline);
    QVERIFY(!time->in_current);
    QCOMPARE(time->delta, 0.0);
    QVERIFY(!time->relative);
    QCOMPARE(time->verdict, Verdict::Neutral);
    const FigureDelta* peak = findDelta(deltas, "memory.peak_gpu_bytes");
    QCOMPARE(peak->verdict, Verdict::Same);

    // A non-finite figure never gives a delta.
    const FigureDelta nan = compareFigure(*figureSpec("step.time_s"), std::nan(""), 1.0);
    QCOMPARE(nan.verdict, Verdict::Neutral);
    QVERIFY(!nan.relative);
}

void TestCompare::evaluatedZeroStages()
{
    // The default scenario (dp 8) under ZeRO-0 and ZeRO-3: ZeRO §5 shards the 16Ψ of model states by N_d = 8,
    // so each stage's params, grads and optimizer drop to 1/8; the deltas are the differences of the two
    // evaluate() calls, the percentages -7/8 for each state.
    Scenario base = defaultScenario();
    base.parallel.zero_stage = 0;
    Scenario zero3 = base;
    zero3.parallel.zero_stage = 3;
    const Result b = evaluate(base);
    const Result c = evaluate(zero3);
    QVERIFY(b.warnings.empty() || b.warnings.front().code != "scenario.invalid");
    const std::vector<FigureDelta> deltas = compareResults(b, c);
    const FigureDelta* peak = findDelta(deltas, "memory.peak_gpu_bytes");
    QCOMPARE(peak->delta, c.memory.peak_gpu_bytes - b.memory.peak_gpu_bytes);
    QCOMPARE(peak->verdict, Verdict::Better);
    QCOMPARE(base.parallel.dp, 8);
    for (const char* state : {"params", "grads", "optimizer"}) {
        const FigureDelta* d = findDelta(deltas, std::string("memory.per_gpu[0].") + state);
        QVERIFY2(d, state);
        QVERIFY2(std::abs(*d->relative + 7.0 / 8.0) < 1e-9, state);
    }
    const FigureDelta* time = findDelta(deltas, "step.time_s");
    QCOMPARE(time->delta, c.step.time_s - b.step.time_s);
    QCOMPARE(findDelta(deltas, "params_total")->verdict, Verdict::Same);
}

QTEST_APPLESS_MAIN(TestCompare)
#include "tst_compare.moc"
