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

#include <algorithm>
#include <cmath>
#include <tuple>

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

// Compares the timelines of Auto and Full on MODEL: the same boxes (as sets: the order differs), the same
// figures. Returns whether Auto copied a steady period.
bool compareTimelines(const StepModel& model, std::size_t collectives, const QString& what)
{
    StepSimulation full = simulateStep(model, collectives, true, SimulationMode::Full);
    StepSimulation fast = simulateStep(model, collectives, true, SimulationMode::Auto);
    const QString where = what + QStringLiteral(" (m %1)").arg(model.microbatches);
    if (full.timeline.size() != fast.timeline.size() || full.coarse != fast.coarse) {
        QTest::qFail(qPrintable(where + QStringLiteral(": %1 boxes, periodic %2")
                                            .arg(full.timeline.size())
                                            .arg(fast.timeline.size())),
                     __FILE__, __LINE__);
        return false;
    }
    const auto order = [](const TimelineEvent& x, const TimelineEvent& y) {
        return std::tie(x.stage, x.stream, x.kind, x.microbatch, x.chunk, x.start_s) <
               std::tie(y.stage, y.stream, y.kind, y.microbatch, y.chunk, y.start_s);
    };
    std::sort(full.timeline.begin(), full.timeline.end(), order);
    std::sort(fast.timeline.begin(), fast.timeline.end(), order);
    const double tol = 1e-9 * full.time_s;
    for (std::size_t i = 0; i < full.timeline.size(); ++i) {
        const TimelineEvent& x = full.timeline[i];
        const TimelineEvent& y = fast.timeline[i];
        if (x.stage != y.stage || x.stream != y.stream || x.kind != y.kind || x.microbatch != y.microbatch ||
            x.chunk != y.chunk || x.critical != y.critical || std::fabs(x.start_s - y.start_s) > tol ||
            std::fabs(x.end_s - y.end_s) > tol) {
            QTest::qFail(
                qPrintable(where + QStringLiteral(": box %1 (%2 %3 mb %4) %5–%6 vs %7–%8")
                                       .arg(i)
                                       .arg(QString::fromStdString(std::string(timelineKindName(x.kind))))
                                       .arg(x.stage)
                                       .arg(x.microbatch)
                                       .arg(x.start_s)
                                       .arg(x.end_s)
                                       .arg(y.start_s)
                                       .arg(y.end_s)),
                __FILE__, __LINE__);
            return false;
        }
    }
    if (std::fabs(full.time_s - fast.time_s) > tol) {
        QTest::qFail(qPrintable(where + QStringLiteral(": step time")), __FILE__, __LINE__);
        return false;
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

    void timelines_data()
    {
        QTest::addColumn<int>("schedule");
        QTest::addColumn<int>("chunks");
        QTest::addColumn<bool>("periodic");
        // GPipe runs every backward after the last forward and ZB-H1 defers the first microbatches' W to the
        // end: their fill depends on the step's length, so they are simulated box by box (and must still
        // come out the same).
        QTest::newRow("gpipe") << int(Schedule::GPipe) << 1 << false;
        QTest::newRow("1f1b") << int(Schedule::OneFOneB) << 1 << true;
        QTest::newRow("zb-h1") << int(Schedule::ZbH1) << 1 << false;
        QTest::newRow("interleaved, 2 chunks") << int(Schedule::Interleaved) << 2 << true;
        QTest::newRow("interleaved, 3 chunks") << int(Schedule::Interleaved) << 3 << true;
    }
    void timelines()
    {
        // The Gantt's boxes of a long step, copied from the steady period of two short ones, are the boxes
        // the full simulation draws.
        QFETCH(int, schedule);
        QFETCH(int, chunks);
        QFETCH(bool, periodic);
        int copied = 0;
        for (int p : {2, 4})
            for (int m : {p * 80, p * 81})
                copied += compareTimelines(uneven(Schedule(schedule), p, m, chunks), 0,
                                           QStringLiteral("pp %1").arg(p))
                              ? 1
                              : 0;
        if (QTest::currentTestFailed())
            return;
        QCOMPARE(copied, periodic ? 4 : 0);
    }

    void exampleTimelines()
    {
        int copied = 0;
        for (const ExampleInfo& info : examples()) {
            Scenario s;
            QString error;
            QVERIFY2(loadExample(info.id, s, &error), qPrintable(error));
            s.training.global_batch *= 12;
            const Result r = evaluate(s, EvalOptions{});
            if (!(r.step.time_s > 0))
                continue;
            const StepModel model = buildStepModel(s, r.microbatches, r.comm);
            if (double(model.microbatches) * model.pp * model.chunks > 2e5)
                continue; // the full simulation to compare with would take seconds
            copied += compareTimelines(model, r.comm.collectives.size(), info.id) ? 1 : 0;
            if (QTest::currentTestFailed())
                return;
        }
        QVERIFY(copied >= 3);
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
        // evaluate() gives the step through the periodic path, and past the full simulation's size limit
        // it still does (only the timeline, asked for, is left out and said so).
        Scenario s;
        QString error;
        QVERIFY2(loadExample(QStringLiteral("gpt3-175b-megatron"), s, &error), qPrintable(error));
        s.training.global_batch = 1536 * 2000; // 192,000 microbatches per replica
        const Result r = evaluate(s, EvalOptions{});
        QVERIFY(r.step.time_s > 0);
        EvalOptions withTimeline;
        withTimeline.timeline = true;
        const Result t = evaluate(s, withTimeline);
        bool refused = false, undrawn = false;
        for (const Warning& w : t.warnings) {
            refused = refused || w.code == "step.too_large";
            undrawn = undrawn || w.code == "step.timeline_too_large";
        }
        QVERIFY(!refused);
        QVERIFY(undrawn);
        QVERIFY(t.timeline.empty());
        QCOMPARE(t.step.time_s, r.step.time_s);
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
