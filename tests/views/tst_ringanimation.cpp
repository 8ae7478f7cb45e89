// SPDX-License-Identifier: GPL-3.0-or-later
// The ring animation. The model, against an independent simulation of the ring algorithm
// (Thakur, Rabenseifner and Gropp, IJHPCA 2005, §4.4; NCCL's ring all-reduce): 2(n-1) steps for all-reduce
// and n-1 for reduce-scatter or all-gather; at every step every GPU sends exactly one chunk to its
// successor and receives exactly one; at all-reduce step k GPU i sends chunk (i - k) mod n; at the end
// every chunk on every GPU holds every GPU's data exactly once. The canvas control, offscreen: the default
// example without ZeRO all-reduces its gradients over a ring of the 8 GPUs of a DGX A100, and the control
// steps through its 14 steps, drawing a packet on each of the 8 ring edges, with a caption for each step.
#include "canvasitems.h"
#include "ringanimation.h"
#include "ringanimationcontrol.h"
#include "ringanimationitem.h"
#include "scenariodocument.h"
#include "topologyeditor.h"
#include "topologyscene.h"

#include <QLabel>
#include <QSignalSpy>
#include <QTest>
#include <QToolButton>

#include <bit>
#include <cstdint>
#include <memory>
#include <set>

using namespace ss;

Q_DECLARE_METATYPE(ss::RingCollective)

namespace {

// The default example (resources/examples/default.json) with plain data parallelism: dp = 8 on one DGX A100
// reduces its gradients with one all-reduce per step (ZeRO, Rajbhandari et al. §3: stage 0 is plain DP).
struct AllReduceFixture
{
    ScenarioDocument document;
    std::unique_ptr<TopologyEditor> editor;
    int allReduce = -1;

    AllReduceFixture()
    {
        const QString error =
            document.setFieldText(QStringLiteral("parallel.zero_stage"), QStringLiteral("0"));
        QVERIFY2(error.isEmpty(), qPrintable(error));
        editor = std::make_unique<TopologyEditor>(&document);
        editor->resize(1100, 720);
        editor->show();
        QVERIFY(QTest::qWaitForWindowExposed(editor.get()));
        QTRY_VERIFY(document.hasResult() && document.isResultCurrent());
        const std::vector<CommCollective>& collectives = document.result().comm.collectives;
        for (std::size_t i = 0; i < collectives.size(); ++i)
            if (collectives[i].op == "allreduce" && collectives[i].algorithm == "ring" &&
                !collectives[i].rings.empty())
                allReduce = int(i);
        QVERIFY(allReduce >= 0);
    }
};

} // namespace

class TestRingAnimation : public QObject
{
    Q_OBJECT

private slots:
    void stepCounts_data();
    void stepCounts();
    void simulation_data();
    void simulation();
    void allReduceChunkFormula();
    void tooSmallRing();
    void controlStepsThroughAnEightGpuRing();
    void controlPlaysAndPauses();
    void controlExplainsOtherAlgorithms();
};

void TestRingAnimation::stepCounts_data()
{
    QTest::addColumn<int>("ranks");
    QTest::addColumn<RingCollective>("collective");
    QTest::addColumn<int>("steps");
    // nccl-tests doc/PERFORMANCE.md: ring all-reduce 2(n-1) steps; reduce-scatter and
    // all-gather n-1 each.
    QTest::newRow("all-reduce over 8: 2(n-1) = 14") << 8 << RingCollective::AllReduce << 14;
    QTest::newRow("all-reduce over 2: 2") << 2 << RingCollective::AllReduce << 2;
    QTest::newRow("reduce-scatter over 8: n-1 = 7") << 8 << RingCollective::ReduceScatter << 7;
    QTest::newRow("all-gather over 4: n-1 = 3") << 4 << RingCollective::AllGather << 3;
}

void TestRingAnimation::stepCounts()
{
    QFETCH(int, ranks);
    QFETCH(RingCollective, collective);
    QFETCH(int, steps);
    const RingAnimation model(ranks, collective);
    QCOMPARE(model.stepCount(), steps);
    QCOMPARE(model.phaseSteps(), ranks - 1);
    QVERIFY(model.transfers(-1).empty());
    QVERIFY(model.transfers(steps).empty());
    if (collective == RingCollective::AllReduce) {
        // The first n-1 steps reduce-scatter, the last n-1 all-gather.
        QCOMPARE(model.phase(0), RingPhase::ReduceScatter);
        QCOMPARE(model.phase(ranks - 2), RingPhase::ReduceScatter);
        QCOMPARE(model.phase(ranks - 1), RingPhase::AllGather);
        QCOMPARE(model.phaseStep(ranks - 1), 0);
        QCOMPARE(model.phase(steps - 1), RingPhase::AllGather);
    }
}

void TestRingAnimation::simulation_data()
{
    QTest::addColumn<int>("ranks");
    QTest::addColumn<RingCollective>("collective");
    for (int n : {2, 3, 4, 5, 8, 16, 64}) {
        QTest::addRow("all-reduce over %d", n) << n << RingCollective::AllReduce;
        QTest::addRow("reduce-scatter over %d", n) << n << RingCollective::ReduceScatter;
        QTest::addRow("all-gather over %d", n) << n << RingCollective::AllGather;
    }
}

// Every chunk carries the set of GPUs whose data it sums (a bit mask) and that sum: the reduce-scatter adds
// the incoming chunk to the receiver's (which must never count a GPU twice), the all-gather replaces it.
void TestRingAnimation::simulation()
{
    QFETCH(int, ranks);
    QFETCH(RingCollective, collective);
    const int n = ranks;
    const RingAnimation model(n, collective);
    const std::uint64_t all = n == 64 ? ~std::uint64_t(0) : (std::uint64_t(1) << n) - 1;
    // GPU i's own data for chunk c: a value unique to (i, c), so a wrong sum cannot come out right.
    const auto own = [n](int i, int c) { return double(i + 1) * 1000.0 + c + 0.5 / (n + 1); };
    struct Chunk
    {
        std::uint64_t mask = 0;
        double sum = 0;
    };
    const auto size = static_cast<std::size_t>(n);
    std::vector<std::vector<Chunk>> held(size, std::vector<Chunk>(size));
    for (int i = 0; i < n; ++i)
        for (int c = 0; c < n; ++c) {
            Chunk& chunk = held[std::size_t(i)][std::size_t(c)];
            if (collective != RingCollective::AllGather) {
                chunk = {std::uint64_t(1) << i, own(i, c)};
            } else if (c == i) {
                // An all-gather starts from each GPU's finished shard.
                chunk = {all, 0};
                for (int j = 0; j < n; ++j)
                    chunk.sum += own(j, c);
            }
        }

    for (int step = 0; step < model.stepCount(); ++step) {
        const std::vector<RingTransfer> transfers = model.transfers(step);
        QCOMPARE(int(transfers.size()), n);
        std::set<int> senders;
        std::set<int> receivers;
        const auto before = held;
        for (const RingTransfer& t : transfers) {
            QCOMPARE(t.to, (t.from + 1) % n); // to the ring successor
            QVERIFY(t.chunk >= 0 && t.chunk < n);
            QCOMPARE(t.phase, model.phase(step));
            senders.insert(t.from);
            receivers.insert(t.to);
            const Chunk& sent = before[std::size_t(t.from)][std::size_t(t.chunk)];
            QVERIFY2(sent.mask != 0, "sends a chunk it does not have");
            Chunk& into = held[std::size_t(t.to)][std::size_t(t.chunk)];
            if (t.phase == RingPhase::ReduceScatter) {
                QCOMPARE(into.mask & sent.mask, std::uint64_t(0)); // no GPU's data added twice
                into.mask |= sent.mask;
                into.sum += sent.sum;
            } else {
                QCOMPARE(sent.mask, all); // the all-gather moves finished chunks only
                into = sent;
            }
        }
        // Each step every GPU sends exactly one chunk and receives exactly one.
        QCOMPARE(int(senders.size()), n);
        QCOMPARE(int(receivers.size()), n);
        // The model's own bookkeeping agrees with the simulation.
        const std::vector<std::vector<int>> counts = model.contributions(step + 1);
        for (int i = 0; i < n; ++i)
            for (int c = 0; c < n; ++c)
                QCOMPARE(counts[std::size_t(i)][std::size_t(c)],
                         std::popcount(held[std::size_t(i)][std::size_t(c)].mask));
    }

    for (int i = 0; i < n; ++i) {
        for (int c = 0; c < n; ++c) {
            const Chunk& chunk = held[std::size_t(i)][std::size_t(c)];
            // Reduce-scatter: GPU i holds the finished chunk i (NCCL's output layout); the others are done
            // everywhere.
            if (collective == RingCollective::ReduceScatter && c != i)
                continue;
            double expected = 0;
            for (int j = 0; j < n; ++j)
                expected += own(j, c);
            QCOMPARE(chunk.mask, all);
            QCOMPARE(chunk.sum, expected);
        }
    }
}

void TestRingAnimation::allReduceChunkFormula()
{
    // The task's statement of the algorithm: at step k GPU i sends chunk (i - k) mod n.
    const int n = 8;
    const RingAnimation model(n);
    for (int k = 0; k < model.stepCount(); ++k)
        for (int i = 0; i < n; ++i)
            QCOMPARE(model.chunkSent(i, k), ((i - k) % n + n) % n);
    QCOMPARE(model.chunkSent(n, 0), -1);
    QCOMPARE(model.chunkSent(0, model.stepCount()), -1);
}

void TestRingAnimation::tooSmallRing()
{
    for (int n : {-3, 0, 1}) {
        const RingAnimation model(n);
        QCOMPARE(model.stepCount(), 0);
        QVERIFY(model.transfers(0).empty());
        QVERIFY(model.contributions(5).size() == std::size_t(std::max(n, 0)));
    }
}

void TestRingAnimation::controlStepsThroughAnEightGpuRing()
{
    AllReduceFixture f;
    RingAnimationControl* control = f.editor->ringAnimation();
    QVERIFY(control);
    QVERIFY(!control->isVisible());
    f.editor->highlightCollective(f.allReduce);
    QVERIFY(control->isVisible());
    QVERIFY(control->canAnimate());
    QCOMPARE(control->ring().size(), 8);
    QCOMPARE(control->model().stepCount(), 14); // 2(n - 1)
    QCOMPARE(control->step(), 0);
    RingAnimationItem* item = control->item();
    QVERIFY(item);
    QCOMPARE(item->scene(), f.editor->scene());
    // Over the NVSwitch: every ring edge is GPU -> NVSwitch -> GPU.
    for (const QStringList& path : control->edgeLinks())
        QCOMPARE(path.size(), 2);

    auto* forward = control->findChild<QToolButton*>(QStringLiteral("ringStepForward"));
    auto* back = control->findChild<QToolButton*>(QStringLiteral("ringStepBack"));
    auto* caption = control->findChild<QLabel*>(QStringLiteral("ringCaption"));
    QVERIFY(forward && back && caption);
    QSignalSpy steps(control, &RingAnimationControl::stepChanged);
    QStringList captions{caption->text()};
    QVERIFY(caption->text().contains(RingAnimationControl::tr("Reduce-scatter step %1 of %2").arg(1).arg(7)));
    for (int k = 1; k <= 14; ++k) {
        if (k < 14) {
            // Mid-step: all 8 packets are on their links, between their two GPUs.
            for (int edge = 0; edge < 8; ++edge) {
                QPointF at;
                QVERIFY(item->packetPos(edge, &at));
            }
        }
        QVERIFY(forward->isEnabled());
        QTest::mouseClick(forward, Qt::LeftButton);
        QCOMPARE(control->step(), k);
        captions << caption->text();
    }
    QVERIFY(control->isDone());
    QVERIFY(!forward->isEnabled());
    QCOMPARE(steps.count(), 14);
    QCOMPARE(QSet<QString>(captions.begin(), captions.end()).size(), 15); // every step says something new
    QVERIFY(captions[7].contains(RingAnimationControl::tr("All-gather step %1 of %2").arg(1).arg(7)));
    QVERIFY(!item->packetPos(0, nullptr)); // done: nothing travels
    // Finished: every GPU holds all 8 chunks fully reduced.
    for (const std::vector<int>& gpu : control->model().contributions(14))
        for (int count : gpu)
            QCOMPARE(count, 8);

    QTest::mouseClick(back, Qt::LeftButton);
    QCOMPARE(control->step(), 13);
    for (int k = 0; k < 20; ++k)
        control->stepBack();
    QCOMPARE(control->step(), 0);
    QVERIFY(!back->isEnabled());

    // Another highlight hides the bar and the packets.
    f.editor->highlightCollective(-1);
    QVERIFY(!control->isVisible());
    QVERIFY(!control->item());
}

void TestRingAnimation::controlPlaysAndPauses()
{
    AllReduceFixture f;
    RingAnimationControl* control = f.editor->ringAnimation();
    f.editor->highlightCollective(f.allReduce);
    control->setSpeed(4);
    QSignalSpy steps(control, &RingAnimationControl::stepChanged);
    auto* play = control->findChild<QToolButton*>(QStringLiteral("ringPlay"));
    QTest::mouseClick(play, Qt::LeftButton);
    QVERIFY(control->isPlaying());
    QVERIFY(steps.wait(3000));
    QCOMPARE(control->step(), 1);
    const double before = control->position();
    QTRY_VERIFY(control->position() > before);
    QTest::mouseClick(play, Qt::LeftButton);
    QVERIFY(!control->isPlaying());
    const double paused = control->position();
    QTest::qWait(100);
    QCOMPARE(control->position(), paused);
    // A new result of the same scenario keeps the step on show.
    const QString error =
        f.document.setFieldText(QStringLiteral("training.global_batch"), QStringLiteral("1024"));
    QVERIFY2(error.isEmpty(), qPrintable(error));
    QTRY_VERIFY(f.document.isResultCurrent());
    QCOMPARE(control->position(), paused);
}

void TestRingAnimation::controlExplainsOtherAlgorithms()
{
    ScenarioDocument document;
    TopologyEditor editor(&document);
    RingAnimationControl* control = editor.ringAnimation();
    CommCollective tree;
    tree.group = "dp";
    tree.op = "allreduce";
    tree.algorithm = "tree";
    tree.rings = {{"n0.gpu0", "n0.gpu1"}};
    control->setCollective(&tree);
    QVERIFY(!control->canAnimate());
    QVERIFY(control->caption().contains(QStringLiteral("tree")));
    QVERIFY(!control->findChild<QToolButton*>(QStringLiteral("ringPlay"))->isEnabled());
    CommCollective send;
    send.op = "sendrecv";
    send.algorithm = "direct";
    control->setCollective(&send);
    QVERIFY(!control->canAnimate());
    QVERIFY(control->caption().contains(QStringLiteral("sendrecv")));
    control->setCollective(nullptr);
    QVERIFY(control->isHidden());
}

QTEST_MAIN(TestRingAnimation)
#include "tst_ringanimation.moc"
