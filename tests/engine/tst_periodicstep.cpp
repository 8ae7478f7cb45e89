// SPDX-License-Identifier: GPL-3.0-or-later
// The periodic step simulation (stepsim.h, SimulationMode::Auto) against the event-by-event one (Full): a
// schedule whose steady period repeats gives every figure affine in the microbatch count (max-plus linear
// systems: Baccelli, Cohen, Olsder and Quadrat, "Synchronization and Linearity", 1992, ch. 3), so the
// extrapolated figures equal those of the full simulation to rounding. Compared here on every built-in
// example and the published runs, at several microbatch counts, and on uniform pipelines of every schedule.
#include "evaluate.h"
#include "examples.h"
#include "scenariojson.h"
#include "stepsim.h"

#include <QtTest>

#include <cmath>

using namespace ss;
using ss::io::ExampleInfo;
using ss::io::examples;
using ss::io::loadExample;

namespace {

// Every figure of the simulation that Auto extrapolates, with a name for the failure message.
std::vector<std::pair<std::string, double>> figures(const StepSimulation& s)
{
    std::vector<std::pair<std::string, double>> out = {
        {"time_s", s.time_s},
        {"critical_compute_s", s.critical_compute_s},
        {"critical_cpu_optimizer_s", s.critical_cpu_optimizer_s},
        {"critical_stage", double(s.criticalStage)}};
    for (std::size_t i = 0; i < s.stages.size(); ++i) {
        const std::string st = "stage " + std::to_string(i) + " ";
        out.push_back({st + "compute_s", s.stages[i].compute_s});
        out.push_back({st + "tp_s", s.stages[i].tp_s});
        out.push_back({st + "busy_s", s.stages[i].busy_s});
        out.push_back({st + "exposed_comm_s", s.stages[i].exposed_comm_s});
        out.push_back({st + "pcie_bytes", s.stages[i].pcie_bytes});
    }
    for (std::size_t i = 0; i < s.criticalByCollective.size(); ++i)
        out.push_back({"critical collective " + std::to_string(i), s.criticalByCollective[i]});
    for (std::size_t i = 0; i < s.criticalPcieByCollective.size(); ++i)
        out.push_back({"critical pcie " + std::to_string(i), s.criticalPcieByCollective[i]});
    return out;
}

// Compares Auto with Full on MODEL; returns whether Auto extrapolated.
bool compare(const StepModel& model, std::size_t collectives, const QString& what)
{
    const StepSimulation full = simulateStep(model, collectives, false, SimulationMode::Full);
    const StepSimulation fast = simulateStep(model, collectives, false, SimulationMode::Auto);
    const auto a = figures(full);
    const auto b = figures(fast);
    if (a.size() != b.size()) {
        QTest::qFail(qPrintable(what + QStringLiteral(": different shapes")), __FILE__, __LINE__);
        return false;
    }
    for (std::size_t i = 0; i < a.size(); ++i) {
        const double tol = 1e-9 * std::max(std::fabs(a[i].second), full.time_s * 1e-3);
        if (!(std::fabs(a[i].second - b[i].second) <= tol)) {
            QTest::qFail(qPrintable(QStringLiteral("%1 (m %2): %3 full %4, periodic %5")
                                        .arg(what)
                                        .arg(model.microbatches)
                                        .arg(QString::fromStdString(a[i].first))
                                        .arg(a[i].second, 0, 'g', 17)
                                        .arg(fast.time_s > 0 ? b[i].second : -1, 0, 'g', 17)),
                         __FILE__, __LINE__);
            return false;
        }
    }
    return fast.extrapolated;
}

// A pipeline of P stages, V chunks, each op a fixed time per stage (stage S's forward 1 + S/10 s): uneven
// stages, so the steady period is the slowest stage's.
StepModel uneven(Schedule schedule, int p, int m, int v)
{
    StepModel model;
    model.schedule = schedule;
    model.pp = p;
    model.microbatches = m;
    model.chunks = v;
    model.chunkUnits.assign(std::size_t(p), std::vector<std::vector<int>>(std::size_t(v)));
    for (int s = 0; s < p; ++s)
        for (int c = 0; c < v; ++c) {
            StepUnit u;
            const double f = (1 + 0.1 * s) / v;
            u.forward = {{SegmentStream::Compute, f, 0}};
            u.backward = {{SegmentStream::Compute, 2 * f, 0}};
            u.backwardInput = {{SegmentStream::Compute, f, 0}};
            u.backwardWeight = {{SegmentStream::Compute, f, 0}};
            model.chunkUnits[std::size_t(s)][std::size_t(c)] = {int(model.units.size())};
            model.units.push_back(u);
        }
    model.gpuOfStage.resize(std::size_t(p));
    for (int s = 0; s < p; ++s)
        model.gpuOfStage[std::size_t(s)] = s;
    model.stageParams.assign(std::size_t(p), 1e9);
    model.optimizerSeconds.assign(std::size_t(p), 0.5);
    model.cpuOptimizerSeconds.assign(std::size_t(p), 0);
    model.pp_s = 0.05;
    return model;
}

} // namespace

class TestPeriodicStep : public QObject
{
    Q_OBJECT

private slots:
    void uniformSchedules_data()
    {
        QTest::addColumn<int>("schedule");
        QTest::addColumn<int>("chunks");
        QTest::newRow("gpipe") << int(Schedule::GPipe) << 1;
        QTest::newRow("1f1b") << int(Schedule::OneFOneB) << 1;
        QTest::newRow("zb-h1") << int(Schedule::ZbH1) << 1;
        QTest::newRow("interleaved, 2 chunks") << int(Schedule::Interleaved) << 2;
        QTest::newRow("interleaved, 3 chunks") << int(Schedule::Interleaved) << 3;
    }
    void uniformSchedules()
    {
        QFETCH(int, schedule);
        QFETCH(int, chunks);
        int extrapolated = 0;
        for (int p : {2, 4, 8})
            for (int m : {p * 8, p * 16, p * 40, p * 41})
                extrapolated +=
                    compare(uneven(Schedule(schedule), p, m, chunks), 0, QStringLiteral("pp %1").arg(p)) ? 1
                                                                                                         : 0;
        if (QTest::currentTestFailed())
            return;
        // The long steps went the periodic way (else this compares the full simulation with itself).
        QVERIFY(extrapolated >= 6);
    }

    void examplesAtManyMicrobatches()
    {
        // Every built-in example with its batch multiplied: the step model of real layouts (tp collectives,
        // gradient buckets, ZeRO gathers, offload copies, parameter servers, experts, context parallel).
        int extrapolated = 0;
        for (const ExampleInfo& info : examples()) {
            Scenario base;
            QString error;
            QVERIFY2(loadExample(info.id, base, &error), qPrintable(error));
            for (std::int64_t factor : {1, 7, 24}) {
                Scenario s = base;
                s.training.global_batch *= factor;
                EvalOptions options;
                const Result r = evaluate(s, options);
                if (!(r.step.time_s > 0))
                    continue; // a layout refused at this batch (the check is about the simulation)
                const StepModel model = buildStepModel(s, r.microbatches, r.comm);
                extrapolated +=
                    compare(model, r.comm.collectives.size(), info.id + QStringLiteral(" × %1").arg(factor))
                        ? 1
                        : 0;
                if (QTest::currentTestFailed())
                    return;
            }
        }
        QVERIFY(extrapolated >= 5);
    }

    void publishedRuns()
    {
        const QDir dir(QStringLiteral(SHARDSCOPE_TEST_DATA "/published-runs"));
        const QStringList files = dir.entryList({QStringLiteral("*.json")}, QDir::Files);
        QVERIFY(!files.isEmpty());
        for (const QString& name : files) {
            Scenario s;
            QString error;
            QVERIFY2(io::loadScenarioFile(dir.filePath(name), s, &error), qPrintable(error));
            for (std::int64_t factor : {1, 8}) {
                s.training.global_batch *= factor;
                const Result r = evaluate(s, EvalOptions{});
                QVERIFY2(r.step.time_s > 0, qPrintable(name));
                const StepModel model = buildStepModel(s, r.microbatches, r.comm);
                compare(model, r.comm.collectives.size(), name);
                if (QTest::currentTestFailed())
                    return;
            }
        }
    }

    void evaluateUsesTheLine()
    {
        // evaluate() gives the same step through the periodic path as the full simulation gives, and past
        // the full simulation's size limit it still gives one (the limit is for timelines now).
        Scenario s;
        QString error;
        QVERIFY2(loadExample(QStringLiteral("gpt3-175b-megatron"), s, &error), qPrintable(error));
        s.training.global_batch = 1536 * 2000; // 192,000 microbatches per replica
        const Result r = evaluate(s, EvalOptions{});
        QVERIFY(r.step.time_s > 0);
        EvalOptions withTimeline;
        withTimeline.timeline = true;
        const Result t = evaluate(s, withTimeline);
        bool refused = false;
        for (const Warning& w : t.warnings)
            refused = refused || w.code == "step.too_large";
        QVERIFY(refused);
        // Twice the microbatches of a step in its steady state: the step time grows by the steady period's
        // share, i.e. (T(2m) − T(m)) equals (T(3m) − T(2m)) (affine in m).
        Scenario s2 = s, s3 = s;
        s2.training.global_batch *= 2;
        s3.training.global_batch *= 3;
        const double t1 = r.step.time_s, t2 = evaluate(s2, EvalOptions{}).step.time_s,
                     t3 = evaluate(s3, EvalOptions{}).step.time_s;
        QVERIFY(std::fabs((t3 - t2) - (t2 - t1)) <= 1e-9 * t3);
    }
};

QTEST_GUILESS_MAIN(TestPeriodicStep)
#include "tst_periodicstep.moc"
