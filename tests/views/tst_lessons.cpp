// SPDX-License-Identifier: GPL-3.0-or-later
// The guided lessons and the glossary. Every lesson's scenario opens and evaluates at every step;
// what each lesson tells the user to see holds in the engine's figures, in the direction its source gives;
// the numbers the texts quote are the engine's. In the window: File > Examples > Lessons, one undo step per
// step that the panel follows back, the keys that step without stealing an editor's, and the glossary's
// tooltip on the ZeRO field and its search.
#include "evaluate.h"
#include "glossary.h"
#include "lessonpanel.h"
#include "lessons.h"
#include "mainwindow.h"
#include "presets.h"
#include "routing.h"
#include "scenariodocument.h"
#include "topology.h"

#include <QAction>
#include <QDockWidget>
#include <QHeaderView>
#include <QLabel>
#include <QMenu>
#include <QPushButton>
#include <QRegularExpression>
#include <QScrollBar>
#include <QSpinBox>
#include <QTabWidget>
#include <QTableWidget>
#include <QTest>
#include <QUndoStack>

#include <cmath>
#include <set>

using namespace ss;

namespace {

// The lesson with the resource id ID; fails the test when there is none.
const Lesson& lessonById(const char* id)
{
    for (const Lesson& lesson : Lessons::all())
        if (qstrcmp(lesson.id, id) == 0)
            return lesson;
    qFatal("no lesson %s", id);
}

int lessonIndex(const char* id)
{
    for (int i = 0; i < Lessons::count(); ++i)
        if (qstrcmp(Lessons::at(i)->id, id) == 0)
            return i;
    return -1;
}

// The engine's result at every step of the lesson, as the panel would show them.
std::vector<Result> stepResults(const char* id)
{
    const Lesson& lesson = lessonById(id);
    Scenario base;
    QString error;
    if (!Lessons::loadScenario(lesson, base, &error))
        qFatal("%s", qPrintable(error));
    std::vector<Result> results;
    for (int step = 0; step < int(lesson.steps.size()); ++step) {
        Scenario scenario = base;
        if (!Lessons::apply(Lessons::stateAt(lesson, base, step), scenario, &error))
            qFatal("%s", qPrintable(error));
        results.push_back(evaluate(scenario));
    }
    return results;
}

double stepTime(const Result& r)
{
    return r.step.time_s;
}

// The first collective of GROUP and OP, or nullptr.
const CommCollective* collective(const Result& r, const char* group, const char* op)
{
    for (const CommCollective& c : r.comm.collectives)
        if (c.group == group && c.op == op)
            return &c;
    return nullptr;
}

const CommLink* commLink(const Result& r, const std::string& id)
{
    for (const CommLink& link : r.comm.links)
        if (link.id == id)
            return &link;
    return nullptr;
}

} // namespace

class TestLessons : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();
    // Data: every lesson and step.
    void stepsEvaluate_data();
    void stepsEvaluate();
    void statesDiffer();
    void textsAreShort();

    // What each lesson says the user sees.
    void offloadPcie();
    void parameterServer();
    void threeParallelisms();
    void gradientBits();
    void topologyAwareness();
    void pipelineSchedules();
    void recomputation();
    void batchPerGpu();
    void expertParallel();
    void contextParallel();
    void fineTuning();
    void quotedFigures_data();
    void quotedFigures();

    // In the window.
    void menuOpensLessons();
    void stepsAreUndoSteps();
    void keysStep();
    void anotherScenarioDetaches();
    void retranslateKeepsStep();
    void shortDockScrollsTheSteps();

    // The glossary.
    void glossaryEntries();
    void zeroFieldTooltip();
    void glossaryFilter();
    void summaryTooltips();
};

void TestLessons::initTestCase()
{
    QCOMPARE(Lessons::count(), 11);
}

void TestLessons::stepsEvaluate_data()
{
    QTest::addColumn<int>("lesson");
    QTest::addColumn<int>("step");
    for (int i = 0; i < Lessons::count(); ++i)
        for (int s = 0; s < int(Lessons::at(i)->steps.size()); ++s)
            QTest::newRow(
                qPrintable(QStringLiteral("%1 step %2").arg(QLatin1String(Lessons::at(i)->id)).arg(s + 1)))
                << i << s;
}

// Every step is a valid scenario: no "scenario.invalid" and a simulated step (validate.h's problems would
// turn into that warning, evaluate.h).
void TestLessons::stepsEvaluate()
{
    QFETCH(int, lesson);
    QFETCH(int, step);
    const Lesson& l = *Lessons::at(lesson);
    Scenario base;
    QString error;
    QVERIFY2(Lessons::loadScenario(l, base, &error), qPrintable(error));
    QVERIFY(QString::fromStdString(base.name).startsWith(QLatin1String("Lesson: ")));
    Scenario scenario = base;
    QVERIFY2(Lessons::apply(Lessons::stateAt(l, base, step), scenario, &error), qPrintable(error));
    QVERIFY(Lessons::matches(Lessons::stateAt(l, base, step), scenario));
    const Result result = evaluate(scenario);
    for (const Warning& warning : result.warnings)
        QVERIFY2(warning.code != "scenario.invalid", warning.message.c_str());
    QVERIFY(result.step.time_s > 0);
    for (LessonFigure figure : l.figures)
        QVERIFY2(!std::isnan(Lessons::figureValue(figure, result)), qPrintable(Lessons::figureName(figure)));
    // The tab the step shows is one of the window's.
    const QStringList tabs{QStringLiteral("memoryChart"), QStringLiteral("ganttChart"),
                           QStringLiteral("topologyEditor"), QStringLiteral("bandwidthChart")};
    QVERIFY(tabs.contains(QLatin1String(l.steps[std::size_t(step)].tab)));
}

// Next must change something: only steps that show the same values in another view may share them.
void TestLessons::statesDiffer()
{
    for (const Lesson& lesson : Lessons::all()) {
        Scenario base;
        QVERIFY(Lessons::loadScenario(lesson, base, nullptr));
        for (std::size_t s = 1; s < lesson.steps.size(); ++s) {
            const bool sameValues =
                Lessons::stateAt(lesson, base, int(s)) == Lessons::stateAt(lesson, base, int(s) - 1);
            const bool otherTab = qstrcmp(lesson.steps[s].tab, lesson.steps[s - 1].tab) != 0;
            QVERIFY2(!sameValues || otherTab, lesson.id);
        }
    }
}

// A step's text is short: 1 to 4 sentences (the brief's "2-4 sentences"; a follow-up step may say one thing).
void TestLessons::textsAreShort()
{
    const QRegularExpression sentenceEnd(QStringLiteral("[.!?](\\s|$)"));
    for (const Lesson& lesson : Lessons::all())
        for (const LessonStep& step : lesson.steps) {
            const QString text = QString::fromUtf8(step.text);
            const int sentences = int(text.count(sentenceEnd));
            QVERIFY2(sentences >= 1 && sentences <= 4, step.text);
        }
}

// Lesson 1. ZeRO-Offload moves 4 bytes per parameter over PCIe every step (Ren et al., ATC'21, section 4);
// PCIe x16 doubles per generation (PCI-SIG, PCIe 3.0/4.0/5.0 base specifications: 15.75, 31.5, 63 GB/s), so
// the copies shrink with it; with overlap the copies run beside the backward pass (ZeRO-Offload,
// section 4.2), without it after.
void TestLessons::offloadPcie()
{
    const auto r = stepResults("zero3-offload-pcie");
    QCOMPARE(r[0].bottleneck.kind, std::string("pcie"));
    QVERIFY(stepTime(r[2]) < stepTime(r[1]));
    QVERIFY(stepTime(r[1]) < stepTime(r[0]));
    QVERIFY(stepTime(r[3]) > stepTime(r[0]) * 1.1); // overlap off, on Gen3
    // Diminishing returns: Gen4 saves more than Gen5 does (the compute stays).
    QVERIFY(stepTime(r[0]) - stepTime(r[1]) > stepTime(r[1]) - stepTime(r[2]));
}

// Lesson 2. One parameter server's link carries every worker's push and pull; k servers each carry 1/k
// (Li et al., OSDI'14, section 3); a ring all-reduce sends 2(n-1)/n of the gradients per worker over the
// worker's own link (nccl-tests doc/PERFORMANCE.md), far less than one server's n times.
void TestLessons::parameterServer()
{
    const auto r = stepResults("ps-vs-allreduce");
    QCOMPARE(r[0].bottleneck.kind, std::string("link"));
    QVERIFY2(QString::fromStdString(r[0].bottleneck.id).startsWith(QLatin1String("ps")),
             r[0].bottleneck.id.c_str());
    for (int s = 1; s <= 3; ++s)
        QVERIFY(stepTime(r[std::size_t(s)]) < stepTime(r[std::size_t(s) - 1]));
    // With as many servers as workers the worker's own link limits.
    QVERIFY2(!QString::fromStdString(r[3].bottleneck.id).startsWith(QLatin1String("ps")),
             r[3].bottleneck.id.c_str());
    QVERIFY(stepTime(r[4]) < stepTime(r[0]) / 4);
    // The ring moves 2(n-1)/n x 4 = 7 bytes per parameter, the 8 servers' push and pull 4 + 2 = 6.
    QVERIFY(stepTime(r[4]) > stepTime(r[3]));
}

// Lesson 3. Tensor and pipeline parallelism over 4 GPUs hold a quarter of the weights per GPU (Narayanan et
// al., SC'21, section 2), as ZeRO-3 does (Rajbhandari et al., SC'20, section 5.3). Their time: tensor
// parallelism adds per-layer all-reduces on the critical path (Narayanan et al., section 2.3) and pipeline
// parallelism the bubble (section 2.2); data parallelism overlaps its one all-reduce, so it is fastest here.
void TestLessons::threeParallelisms()
{
    const auto r = stepResults("dp-tp-pp-4gpu");
    const auto params = [&r](int s) {
        return Lessons::figureValue(LessonFigure::GpuParams, r[std::size_t(s)]);
    };
    QVERIFY(params(1) < params(0) / 3.5);
    QVERIFY(params(2) < params(0) / 3);   // the first stage holds the embedding too
    QVERIFY(params(3) < params(0) / 3.5); // ZeRO-3
    QVERIFY(r[1].memory.peak_gpu_bytes < r[0].memory.peak_gpu_bytes / 3);
    QVERIFY(stepTime(r[0]) < stepTime(r[1]));
    QVERIFY(stepTime(r[0]) < stepTime(r[2]));
    QVERIFY(r[1].step.exposed_comm_s > 10 * r[0].step.exposed_comm_s); // the tp all-reduces
    QVERIFY(r[2].step.bubble_fraction > 3.0 / 35.0);                   // at least the uniform-stage bubble
    QVERIFY(std::abs(stepTime(r[3]) - stepTime(r[0])) < 0.02 * stepTime(r[0]));
}

// Lesson 4. k-bit gradients move k/32 of the fp32 volume (Seide et al.,
// Interspeech 2014): on 10 GbE, where the all-reduce dominates, the step falls with the bits; on InfiniBand,
// where it hides behind the backward pass, it barely changes.
void TestLessons::gradientBits()
{
    const auto r = stepResults("gradient-bits");
    for (int s = 1; s <= 3; ++s)
        QVERIFY(stepTime(r[std::size_t(s)]) < stepTime(r[std::size_t(s) - 1]));
    const double ethernetGain = (stepTime(r[0]) - stepTime(r[3])) / stepTime(r[0]);
    const double infinibandGain = (stepTime(r[4]) - stepTime(r[5])) / stepTime(r[4]);
    QVERIFY(ethernetGain > 0.5);
    QVERIFY(infinibandGain >= 0);
    QVERIFY(infinibandGain < 0.1);
    QVERIFY(infinibandGain < ethernetGain / 5);
}

// Lesson 5. NCCL prefers NVLink, then PCIe, then the CPU interconnect (NCCL's path
// types, NCCL_P2P_LEVEL in the NCCL documentation): on a DGX-1 the all-reduce's rings use only NVLinks; in
// the two-socket PCIe box a ring over all GPUs crosses QPI, which nvidia-smi calls SYS (the nvidia-smi topo
// -m legend), and that link limits it.
void TestLessons::topologyAwareness()
{
    const auto r = stepResults("topology-dgx1-pcie");
    bool sawDp = false;
    for (const CommCollective& c : r[1].comm.collectives) {
        if (c.group != "dp")
            continue;
        sawDp = true;
        for (const std::string& id : c.links) {
            const CommLink* link = commLink(r[1], id);
            QVERIFY(link);
            QVERIFY2(QString::fromStdString(link->kind).startsWith(QLatin1String("nvlink")),
                     link->kind.c_str());
        }
    }
    QVERIFY(sawDp);
    QCOMPARE(r[3].bottleneck.kind, std::string("link"));
    const CommLink* bottleneck = commLink(r[3], r[3].bottleneck.id);
    QVERIFY(bottleneck);
    QVERIFY2(QString::fromStdString(bottleneck->kind).startsWith(QLatin1String("qpi")),
             bottleneck->kind.c_str());
    QVERIFY(Lessons::figureValue(LessonFigure::DpBusBandwidth, r[3]) <
            Lessons::figureValue(LessonFigure::DpBusBandwidth, r[1]) / 10);

    // GPUs 0 and 2 of the box hang off different sockets: SYS.
    const Lesson& lesson = lessonById("topology-dgx1-pcie");
    Scenario box;
    QVERIFY(Lessons::loadScenario(lesson, box, nullptr));
    QVERIFY(Lessons::apply(Lessons::stateAt(lesson, box, 3), box));
    Topology topology;
    QVERIFY(scenarioTopology(box, topology));
    TopologyGraph graph;
    QVERIFY(TopologyGraph::build(topology, graph));
    Router router(graph);
    const auto& gpus = graph.gpus();
    QCOMPARE(int(gpus.size()), 4);
    QCOMPARE(router.pathInfo(gpus[0], gpus[2]).cls, PathClass::Sys);
    QCOMPARE(router.pathInfo(gpus[0], gpus[1]).cls, PathClass::Pix);
}

// Lesson 6. GPipe and 1F1B share the bubble (p-1)/(m+p-1); interleaving divides it by v (Narayanan et al.,
// SC'21, section 2.2); ZB-H1 fills it with weight-gradient work (Qi et al., ICLR'24); GPipe holds all m
// microbatches' activations, 1F1B at most p.
void TestLessons::pipelineSchedules()
{
    const auto r = stepResults("pipeline-schedules");
    const auto bubble = [&r](int s) { return r[std::size_t(s)].step.bubble_fraction; };
    const auto activations = [&r](int s) {
        return Lessons::figureValue(LessonFigure::Activations, r[std::size_t(s)]);
    };
    QVERIFY(bubble(0) >= bubble(1) - 1e-9);
    QVERIFY(bubble(1) > bubble(2));
    QVERIFY(bubble(3) < bubble(1));
    for (int s = 1; s < 4; ++s)
        QVERIFY(activations(0) > activations(s));
    QVERIFY(activations(1) < activations(0) * 0.6);
    QVERIFY(std::abs(activations(3) - activations(1)) < 0.01 * activations(1)); // ZB-H1 at 1F1B's memory
}

// Lesson 7. Korthikanti et al., MLSys'23: selective recomputation keeps sbh·34 of sbh(34 + 5as/h) per layer
// (Table 2) and repeats only the attention core (section 5: 2.7% more compute for GPT-3 175B, where the core
// is s/6h = 3% of the layer's FLOPs; at h = 2048 it is 17%, with memory-bound softmax and dropout passes, so
// selective costs more here but still well under half of what full recomputation, which repeats the whole
// forward pass, costs).
void TestLessons::recomputation()
{
    const auto r = stepResults("recompute");
    const auto activations = [&r](int s) {
        return Lessons::figureValue(LessonFigure::Activations, r[std::size_t(s)]);
    };
    QVERIFY(activations(0) > activations(1));
    QVERIFY(activations(1) > activations(2));
    QVERIFY(stepTime(r[0]) < stepTime(r[1]));
    QVERIFY(stepTime(r[1]) < stepTime(r[2]));
    const double selectiveCost = stepTime(r[1]) / stepTime(r[0]) - 1;
    const double fullCost = stepTime(r[2]) / stepTime(r[0]) - 1;
    QVERIFY(selectiveCost < fullCost / 2);
    QVERIFY(fullCost > 0.2);
    QVERIFY(!r[0].memory.per_gpu[0].fits);
    QVERIFY(r[1].memory.per_gpu[0].fits);
    // HFU counts the recomputed FLOPs: it stays where MFU falls (PaLM, appendix B).
    QVERIFY(r[2].step.mfu < r[0].step.mfu * 0.85);
    QVERIFY(r[2].step.hfu > r[0].step.hfu * 0.95);
    // Fused attention stores no scores: selective's memory, and faster than no recompute, since the
    // score matrices are never written and read back (Dao et al., NeurIPS'22 §4.1: GPT-2 trains 1.7 to 3
    // times faster than with Megatron-LM's and Hugging Face's attention).
    QVERIFY(std::abs(activations(3) - activations(1)) < 0.01 * activations(1));
    QVERIFY(stepTime(r[3]) < stepTime(r[0]));
}

// Lesson 8. The gradient all-reduce moves the same bytes per step whatever the batch (ZeRO, SC'20, section 7:
// 2Ψ per step), while the computation grows with the tokens: more tokens per byte communicated, a higher MFU.
void TestLessons::batchPerGpu()
{
    const auto r = stepResults("batch-per-gpu");
    double dpBytes = -1;
    for (std::size_t s = 0; s < r.size(); ++s) {
        double bytes = 0;
        for (const CommCollective& c : r[s].comm.collectives)
            if (c.group == "dp")
                bytes += c.bytes * double(c.count_per_step);
        if (dpBytes < 0)
            dpBytes = bytes;
        QCOMPARE(bytes, dpBytes);
        if (s > 0)
            QVERIFY(r[s].step.mfu > r[s - 1].step.mfu);
    }
    QVERIFY(r.back().memory.per_gpu[0].fits);
}

// Lesson 9. Expert parallelism keeps E/ep experts per GPU (GShard, Lepikhin et al., ICLR'21 §2.2), so the
// model states shrink; every MoE layer dispatches and combines its tokens with an all-to-all in the forward
// and again in the backward, 4 per layer per microbatch (Megatron-Core's alltoall token dispatcher), each of
// b·s·k·h 16-bit elements, times the busiest rank's load factor (the capacity factor when one is set, GShard
// §2.2); across nodes it rides the NICs, a ninth of NVLink's bandwidth on a DGX H100 (NVIDIA DGX H100
// datasheet: 900 GB/s NVLink and 400 Gb/s per NIC); DualPipe hides it behind another microbatch's compute
// (DeepSeek-V3, arXiv:2412.19437 §3.2.1).
void TestLessons::expertParallel()
{
    const auto r = stepResults("expert-parallel");
    QVERIFY(!r[0].memory.per_gpu[0].fits);
    QVERIFY(r[1].memory.per_gpu[0].fits);
    QVERIFY(!collective(r[0], "ep", "alltoall"));
    const CommCollective* inNode = collective(r[1], "ep", "alltoall");
    QVERIFY(inNode);
    // 48 MoE layers × 4 × 16 microbatches (256 sequences over 16 data-parallel ranks).
    QCOMPARE(inNode->count_per_step, 4.0 * 48 * 16);
    // b·s·k·h·2 bytes: 1 × 4096 × 8 × 2048 × 2.
    QCOMPARE(inNode->bytes, 4096.0 * 8 * 2048 * 2);
    QVERIFY(stepTime(r[1]) > stepTime(r[0])); // the all-to-alls are on the critical path
    const CommCollective* acrossNodes = collective(r[2], "ep", "alltoall");
    QVERIFY(acrossNodes);
    QVERIFY(acrossNodes->time_s > 3 * inNode->time_s);
    QVERIFY(stepTime(r[2]) > stepTime(r[1]));
    QCOMPARE(r[2].bottleneck.kind, std::string("link"));
    const CommLink* nic = commLink(r[2], r[2].bottleneck.id);
    QVERIFY(nic);
    QVERIFY2(QString::fromStdString(nic->kind).startsWith(QLatin1String("ib")), nic->kind.c_str());
    // The load factor scales what the busiest rank sends.
    QCOMPARE(collective(r[3], "ep", "alltoall")->bytes, 1.5 * acrossNodes->bytes);
    QCOMPARE(collective(r[4], "ep", "alltoall")->bytes, 1.25 * acrossNodes->bytes);
    QVERIFY(stepTime(r[3]) > stepTime(r[2]));
    QVERIFY(stepTime(r[4]) < stepTime(r[3]));
    QVERIFY(stepTime(r[4]) > stepTime(r[2]));
    // Overlap: less exposed, same traffic.
    QVERIFY(r[5].step.exposed_comm_s < r[4].step.exposed_comm_s);
    QVERIFY(stepTime(r[5]) < stepTime(r[4]));
    QCOMPARE(collective(r[5], "ep", "alltoall")->bytes, collective(r[4], "ep", "alltoall")->bytes);
}

// Lesson 10. Context parallelism gives each of cp ranks s/cp tokens, so the activations fall by cp
// (Megatron-Core's context parallelism; Llama 3, arXiv:2407.21783 §3.3.2); the ring passes K/V blocks while
// the attention computes on the one at hand and hides behind it (Liu et al., Ring Attention,
// arXiv:2310.01889 §3), while the all-gather comes before the attention; a group that spans two nodes gathers
// over the network, and each rank still receives the whole sequence's K/V for a cp-th of the compute.
void TestLessons::contextParallel()
{
    const auto r = stepResults("context-parallel");
    const auto activations = [&r](int s) {
        return Lessons::figureValue(LessonFigure::Activations, r[std::size_t(s)]);
    };
    QVERIFY(!r[0].memory.per_gpu[0].fits);
    QVERIFY(r[1].memory.per_gpu[0].fits);
    QVERIFY(activations(1) < activations(0) / 7);
    QVERIFY(std::abs(activations(4) - activations(1) / 2) < 0.05 * activations(1));
    QVERIFY(collective(r[1], "cp", "allgather"));
    QVERIFY(!collective(r[0], "cp", "allgather"));
    // The ring hides: the exposed communication stays that of no context parallelism.
    QVERIFY(std::abs(r[2].step.exposed_comm_s - r[0].step.exposed_comm_s) < 0.01 * stepTime(r[0]));
    QVERIFY(r[3].step.exposed_comm_s > 10 * r[2].step.exposed_comm_s);
    QVERIFY(stepTime(r[3]) > stepTime(r[2]));
    QVERIFY(r[4].step.exposed_comm_s > 1.5 * r[3].step.exposed_comm_s);
    // The compute per GPU does not change with cp: the same tokens per GPU per step.
    QVERIFY(std::abs(r[4].step.compute_s - r[1].step.compute_s) < 0.01 * r[1].step.compute_s);
}

// Lesson 11. Full fine-tuning keeps 16 bytes per parameter (ZeRO §3.1's 2 + 2 + 12); LoRA only the adapters'
// states beside a frozen 16-bit base (Hu et al., ICLR'22 §4) and no weight gradients for the base; QLoRA's
// 4-bit NF4 base is about a quarter of it (Dettmers et al., NeurIPS'23 §3) and its dequantization costs time;
// the memory saved can hold the activations instead of recomputing them.
void TestLessons::fineTuning()
{
    const auto r = stepResults("finetune-one-gpu");
    const auto peak = [&r](int s) {
        return Lessons::figureValue(LessonFigure::PeakMemory, r[std::size_t(s)]);
    };
    QVERIFY(!r[0].memory.per_gpu[0].fits);
    QVERIFY(r[1].memory.per_gpu[0].fits && r[2].memory.per_gpu[0].fits && r[3].memory.per_gpu[0].fits);
    QVERIFY(peak(0) > peak(1) && peak(1) > peak(2) && peak(3) > peak(2));
    QVERIFY(r[1].params_trainable < 0.01 * r[0].params_trainable);
    QVERIFY(stepTime(r[1]) < stepTime(r[0]));
    QVERIFY(stepTime(r[2]) > stepTime(r[1]));
    QVERIFY(stepTime(r[3]) < stepTime(r[2]));
}

void TestLessons::quotedFigures_data()
{
    QTest::addColumn<QString>("lesson");
    QTest::addColumn<int>("step");
    QTest::addColumn<int>("figure");
    QTest::addColumn<double>("quoted");
    const auto row = [](const char* lesson, int step, LessonFigure figure, double quoted) {
        QTest::addRow("%s step %d: %g", lesson, step, quoted)
            << QString::fromLatin1(lesson) << step - 1 << int(figure) << quoted;
    };
    const double GiB = 1024.0 * 1024 * 1024;
    // The texts' "about" figures (views/lessons/lessons.cpp), rounded as quoted.
    row("zero3-offload-pcie", 1, LessonFigure::StepTime, 1.0);
    row("zero3-offload-pcie", 2, LessonFigure::StepTime, 0.67);
    row("zero3-offload-pcie", 3, LessonFigure::StepTime, 0.58);
    row("zero3-offload-pcie", 4, LessonFigure::StepTime, 1.27);
    row("ps-vs-allreduce", 1, LessonFigure::StepTime, 5.4);
    row("ps-vs-allreduce", 2, LessonFigure::StepTime, 2.7);
    row("ps-vs-allreduce", 3, LessonFigure::StepTime, 1.4);
    row("ps-vs-allreduce", 4, LessonFigure::StepTime, 0.75);
    row("ps-vs-allreduce", 5, LessonFigure::StepTime, 0.87);
    row("dp-tp-pp-4gpu", 1, LessonFigure::GpuParams, 4.9 * GiB);
    row("dp-tp-pp-4gpu", 1, LessonFigure::PeakMemory, 48 * GiB);
    row("dp-tp-pp-4gpu", 1, LessonFigure::StepTime, 1.93);
    row("dp-tp-pp-4gpu", 2, LessonFigure::GpuParams, 1.2 * GiB);
    row("dp-tp-pp-4gpu", 2, LessonFigure::PeakMemory, 14 * GiB);
    row("dp-tp-pp-4gpu", 2, LessonFigure::StepTime, 2.32);
    row("dp-tp-pp-4gpu", 3, LessonFigure::StepTime, 2.33);
    row("dp-tp-pp-4gpu", 4, LessonFigure::StepTime, 1.93);
    row("gradient-bits", 1, LessonFigure::StepTime, 2.4);
    row("gradient-bits", 1, LessonFigure::ExposedComm, 1.7);
    row("gradient-bits", 2, LessonFigure::StepTime, 1.4);
    row("gradient-bits", 3, LessonFigure::StepTime, 0.88);
    row("gradient-bits", 4, LessonFigure::StepTime, 0.74);
    row("gradient-bits", 5, LessonFigure::StepTime, 0.76);
    row("gradient-bits", 6, LessonFigure::StepTime, 0.72);
    row("topology-dgx1-pcie", 2, LessonFigure::DpBusBandwidth, 120e9);
    row("topology-dgx1-pcie", 2, LessonFigure::StepTime, 0.35);
    row("topology-dgx1-pcie", 4, LessonFigure::DpBusBandwidth, 6e9);
    row("topology-dgx1-pcie", 4, LessonFigure::StepTime, 1.1);
    row("pipeline-schedules", 1, LessonFigure::Bubble, 0.40);
    row("pipeline-schedules", 1, LessonFigure::Activations, 57 * GiB);
    row("pipeline-schedules", 1, LessonFigure::StepTime, 0.80);
    row("pipeline-schedules", 2, LessonFigure::Activations, 25 * GiB);
    row("pipeline-schedules", 3, LessonFigure::Bubble, 0.31);
    row("pipeline-schedules", 3, LessonFigure::StepTime, 0.70);
    row("pipeline-schedules", 4, LessonFigure::Bubble, 0.31);
    row("pipeline-schedules", 4, LessonFigure::StepTime, 0.70);
    row("recompute", 1, LessonFigure::Activations, 89 * GiB);
    row("recompute", 2, LessonFigure::Activations, 29 * GiB);
    row("recompute", 2, LessonFigure::StepTime, 7.8);
    row("recompute", 1, LessonFigure::StepTime, 7.0);
    row("recompute", 3, LessonFigure::Activations, 8 * GiB);
    row("recompute", 3, LessonFigure::StepTime, 9.3);
    row("recompute", 1, LessonFigure::Mfu, 0.55);
    row("recompute", 3, LessonFigure::Mfu, 0.41);
    row("recompute", 4, LessonFigure::Activations, 29 * GiB);
    row("recompute", 4, LessonFigure::StepTime, 5.6);
    row("finetune-one-gpu", 1, LessonFigure::PeakMemory, 129 * GiB);
    row("finetune-one-gpu", 2, LessonFigure::PeakMemory, 19.8 * GiB);
    row("finetune-one-gpu", 2, LessonFigure::GpuParams, 15 * GiB);
    row("finetune-one-gpu", 2, LessonFigure::StepTime, 14.8);
    row("finetune-one-gpu", 3, LessonFigure::GpuParams, 5.4 * GiB);
    row("finetune-one-gpu", 3, LessonFigure::PeakMemory, 9.7 * GiB);
    row("finetune-one-gpu", 3, LessonFigure::StepTime, 15.8);
    row("finetune-one-gpu", 4, LessonFigure::PeakMemory, 17.8 * GiB);
    row("finetune-one-gpu", 4, LessonFigure::StepTime, 11.0);
    row("batch-per-gpu", 1, LessonFigure::Mfu, 0.07);
    row("batch-per-gpu", 2, LessonFigure::Mfu, 0.12);
    row("batch-per-gpu", 3, LessonFigure::Mfu, 0.22);
    row("batch-per-gpu", 4, LessonFigure::Mfu, 0.34);
    row("batch-per-gpu", 4, LessonFigure::PeakMemory, 16 * GiB);
    row("batch-per-gpu", 5, LessonFigure::Mfu, 0.37);
    row("expert-parallel", 1, LessonFigure::PeakMemory, 175 * GiB);
    row("expert-parallel", 2, LessonFigure::PeakMemory, 75 * GiB);
    row("expert-parallel", 2, LessonFigure::StepTime, 4.7);
    row("expert-parallel", 3, LessonFigure::StepTime, 8.2);
    row("expert-parallel", 4, LessonFigure::StepTime, 11.1);
    row("expert-parallel", 5, LessonFigure::StepTime, 9.7);
    row("expert-parallel", 6, LessonFigure::StepTime, 7.7);
    row("context-parallel", 1, LessonFigure::Activations, 266 * GiB);
    row("context-parallel", 2, LessonFigure::Activations, 33 * GiB);
    row("context-parallel", 3, LessonFigure::StepTime, 13.9);
    row("context-parallel", 3, LessonFigure::ExposedComm, 0.04);
    row("context-parallel", 4, LessonFigure::ExposedComm, 2.0);
    row("context-parallel", 4, LessonFigure::StepTime, 15.9);
    row("context-parallel", 5, LessonFigure::Activations, 17 * GiB);
    row("context-parallel", 5, LessonFigure::ExposedComm, 4.5);
    row("context-parallel", 5, LessonFigure::StepTime, 18.4);
}

// "About X" in a text is the engine's figure within 8%: a text must change when the model does.
void TestLessons::quotedFigures()
{
    QFETCH(QString, lesson);
    QFETCH(int, step);
    QFETCH(int, figure);
    QFETCH(double, quoted);
    const auto r = stepResults(qPrintable(lesson));
    const double value = Lessons::figureValue(LessonFigure(figure), r[std::size_t(step)]);
    QVERIFY2(std::abs(value - quoted) <= 0.08 * quoted,
             qPrintable(QStringLiteral("the engine says %1").arg(value)));
}

void TestLessons::menuOpensLessons()
{
    MainWindow w;
    auto* menu = w.findChild<QMenu*>(QStringLiteral("menuLessons"));
    QVERIFY(menu);
    int entries = 0;
    for (QAction* action : menu->actions())
        if (action->objectName().startsWith(QLatin1String("lesson."))) {
            ++entries;
            QVERIFY(action->text().startsWith(QString::number(entries) + QLatin1String(". ")));
        }
    QCOMPARE(entries, Lessons::count());
    QCOMPARE(menu->actions().first()->text(), QStringLiteral("1. ZeRO-3 Offload and the PCIe bottleneck"));
    // The submenu sits in File > Examples.
    auto* examples = w.findChild<QMenu*>(QStringLiteral("menuExamples"));
    QVERIFY(examples && examples->actions().contains(menu->menuAction()));

    auto* dock = w.findChild<QDockWidget*>(QStringLiteral("lessonDock"));
    QVERIFY(dock);
    QVERIFY(dock->isHidden());
    QCOMPARE(dock->widget(), static_cast<QWidget*>(w.lessonPanel()));
    w.findChild<QAction*>(QStringLiteral("lesson.pipeline-schedules"))->trigger();
    QVERIFY(!dock->isHidden());
    QCOMPARE(w.lessonPanel()->lessonIndex(), lessonIndex("pipeline-schedules"));
    QCOMPARE(w.lessonPanel()->stepIndex(), 0);
    QCOMPARE(w.document()->scenario().parallel.schedule, Schedule::GPipe);
    QCOMPARE(w.viewTabs()->currentWidget()->objectName(), QStringLiteral("ganttChart"));
    QVERIFY(w.findChild<QLabel*>(QStringLiteral("lessonProgress"))
                ->text()
                .startsWith(QLatin1String("Step 1 of 4")));
    // Opening is one undo step, like an example.
    QCOMPARE(w.document()->undoStack()->undoText(), QStringLiteral("Open lesson 6"));
    QVERIFY(!w.document()->isModified());
}

void TestLessons::stepsAreUndoSteps()
{
    MainWindow w;
    LessonPanel* panel = w.lessonPanel();
    QVERIFY(panel->openLesson(lessonIndex("zero3-offload-pcie")));
    QUndoStack* stack = w.document()->undoStack();
    const int before = stack->index();
    auto* next = w.findChild<QPushButton*>(QStringLiteral("lessonNext"));
    QVERIFY(next->isEnabled());
    next->click();
    QCOMPARE(panel->stepIndex(), 1);
    QCOMPARE(stack->index(), before + 1);
    QCOMPARE(stack->undoText(), QStringLiteral("Lesson 1, step 2"));
    QCOMPARE(w.document()->scenario().cluster.node_preset, std::string("pcie-gen4-4gpu"));

    // Step 4 sets two fields in one step.
    panel->nextStep();
    panel->nextStep();
    QCOMPARE(panel->stepIndex(), 3);
    QCOMPARE(stack->index(), before + 3);
    QCOMPARE(w.document()->scenario().cluster.node_preset, std::string("pcie-gen3-4gpu"));
    QVERIFY(!w.document()->scenario().training.overlap_grad_reduce);
    QVERIFY(!next->isEnabled()); // the last step
    stack->undo();
    QCOMPARE(panel->stepIndex(), 2); // the panel follows the undo
    QVERIFY(w.document()->scenario().training.overlap_grad_reduce);
    QCOMPARE(w.document()->scenario().cluster.node_preset, std::string("pcie-gen5-4gpu"));
    stack->redo();
    QCOMPARE(panel->stepIndex(), 3);

    // Previous applies the step before, as one more step (the history keeps both).
    w.findChild<QPushButton*>(QStringLiteral("lessonPrevious"))->click();
    QCOMPARE(panel->stepIndex(), 2);
    QCOMPARE(stack->index(), before + 4);
    QCOMPARE(stack->undoText(), QStringLiteral("Lesson 1, step 3"));

    // A change of the user's to a field the step sets: Apply This Step sets it back.
    auto* apply = w.findChild<QPushButton*>(QStringLiteral("lessonApply"));
    QVERIFY(!apply->isEnabled());
    QVERIFY(w.document()
                ->setFieldText(QStringLiteral("cluster.node_preset"), QStringLiteral("pcie-gen4-4gpu"))
                .isEmpty());
    QCOMPARE(panel->stepIndex(), 1); // those are step 2's values now
    QVERIFY(w.document()
                ->setFieldText(QStringLiteral("training.overlap_grad_reduce"), QStringLiteral("false"))
                .isEmpty());
    QCOMPARE(panel->stepIndex(), 1);
    QVERIFY(apply->isEnabled());
    QVERIFY(w.findChild<QLabel*>(QStringLiteral("lessonNote"))->isVisibleTo(panel));
    apply->click();
    QVERIFY(w.document()->scenario().training.overlap_grad_reduce);
    QVERIFY(!apply->isEnabled());

    // The figures table keeps what every step showed (the runner may answer later).
    QTRY_VERIFY(!std::isnan(panel->figure(1, LessonFigure::StepTime)));

    // Restart opens the scenario again at step 1.
    w.findChild<QPushButton*>(QStringLiteral("lessonRestart"))->click();
    QCOMPARE(panel->stepIndex(), 0);
    QCOMPARE(w.document()->scenario().cluster.node_preset, std::string("pcie-gen3-4gpu"));
}

void TestLessons::keysStep()
{
    MainWindow w;
    w.show();
    QVERIFY(QTest::qWaitForWindowActive(&w));
    LessonPanel* panel = w.lessonPanel();
    QVERIFY(panel->openLesson(lessonIndex("gradient-bits")));
    w.viewTabs()->setFocus();
    QTest::keyClick(w.viewTabs(), Qt::Key_PageDown);
    QCOMPARE(panel->stepIndex(), 1);
    QTest::keyClick(w.viewTabs(), Qt::Key_Right, Qt::ControlModifier);
    QCOMPARE(panel->stepIndex(), 2);
    QTest::keyClick(w.viewTabs(), Qt::Key_PageUp);
    QCOMPARE(panel->stepIndex(), 1);
    QTest::keyClick(w.viewTabs(), Qt::Key_Left, Qt::ControlModifier);
    QCOMPARE(panel->stepIndex(), 0);

    // A spin box keeps its keys: PageUp steps its value, Ctrl+Right moves its cursor.
    auto* dp = w.findChild<QSpinBox*>(QStringLiteral("parallel.dp"));
    QVERIFY(dp);
    dp->setFocus();
    QVERIFY(dp->hasFocus());
    const int dpBefore = dp->value();
    QTest::keyClick(dp, Qt::Key_PageUp);
    QCOMPARE(panel->stepIndex(), 0);
    QVERIFY(dp->value() != dpBefore);
    QTest::keyClick(dp, Qt::Key_Right, Qt::ControlModifier);
    QCOMPARE(panel->stepIndex(), 0);
    // The actions' names, which presentation mode and the menu show.
    QCOMPARE(panel->nextAction()->text(), QStringLiteral("Next Lesson Step"));
    QCOMPARE(panel->previousAction()->text(), QStringLiteral("Previous Lesson Step"));
    // Presentation mode calls the slots by name on the dock's widget.
    auto* dock = w.findChild<QDockWidget*>(QStringLiteral("lessonDock"));
    QVERIFY(QMetaObject::invokeMethod(dock->widget(), "nextStep"));
    QCOMPARE(panel->stepIndex(), 1);
    QVERIFY(QMetaObject::invokeMethod(dock->widget(), "previousStep"));
    QCOMPARE(panel->stepIndex(), 0);
}

void TestLessons::anotherScenarioDetaches()
{
    MainWindow w;
    LessonPanel* panel = w.lessonPanel();
    QVERIFY(panel->openLesson(lessonIndex("recompute")));
    QVERIFY(panel->isAttached());
    QVERIFY(w.openExample(QStringLiteral("default")));
    QVERIFY(!panel->isAttached());
    const Scenario other = w.document()->scenario();
    panel->nextStep(); // does nothing to another scenario
    QVERIFY(w.document()->scenario() == other);
    QVERIFY(!w.findChild<QPushButton*>(QStringLiteral("lessonNext"))->isEnabled());
    QVERIFY(w.findChild<QLabel*>(QStringLiteral("lessonNote"))->isVisibleTo(panel));
    // Undo brings the lesson back, and with it the panel.
    w.document()->undoStack()->undo();
    QVERIFY(panel->isAttached());
    QVERIFY(w.findChild<QPushButton*>(QStringLiteral("lessonNext"))->isEnabled());
    // Out of range: nothing.
    QVERIFY(!panel->openLesson(-1));
    QVERIFY(!panel->openLesson(Lessons::count()));
    QVERIFY(!panel->goToStep(99));
}

// The panel opened with no lesson lists them as links; the retranslation keeps the step on show.
void TestLessons::retranslateKeepsStep()
{
    MainWindow w;
    LessonPanel* panel = w.lessonPanel();
    QVERIFY(!w.findChild<QPushButton*>(QStringLiteral("lessonNext"))->isEnabled());
    // With no lesson open, the panel lists them as links.
    QVERIFY(
        panel->findChild<QLabel*>(QStringLiteral("lessonText"))->text().contains(QLatin1String("lesson:10")));
    QVERIFY(panel->openLesson(lessonIndex("topology-dgx1-pcie")));
    QVERIFY(panel->goToStep(2));
    QEvent change(QEvent::LanguageChange);
    QCoreApplication::sendEvent(panel, &change);
    QCOMPARE(panel->stepIndex(), 2);
    QCOMPARE(w.viewTabs()->currentWidget()->objectName(), QStringLiteral("topologyEditor"));
    QCOMPARE(w.document()->scenario().cluster.gpus_per_node, 4);
}

void TestLessons::glossaryEntries()
{
    std::set<std::string> ids;
    for (const GlossaryEntry& entry : Glossary::entries()) {
        QVERIFY2(ids.insert(entry.id).second, entry.id);
        QVERIFY(qstrlen(entry.term) > 0);
        QVERIFY(qstrlen(entry.definition) > 40);
        QVERIFY2(qstrlen(entry.source) > 5, entry.id);
        QCOMPARE(Glossary::find(QString::fromUtf8(entry.term)), &entry);
    }
    // The terms the brief names.
    for (const char* id : {"zero-0",
                           "zero-1",
                           "zero-2",
                           "zero-3",
                           "offload-optimizer",
                           "offload-params",
                           "offload-nvme",
                           "tp",
                           "pp",
                           "dp",
                           "sp",
                           "microbatch",
                           "grad-accumulation",
                           "bubble",
                           "gpipe",
                           "1f1b",
                           "interleaved",
                           "zb-h1",
                           "busbw",
                           "algbw",
                           "path-nv",
                           "path-pix",
                           "path-pxb",
                           "path-phb",
                           "path-node",
                           "path-sys",
                           "rdma",
                           "infiniband",
                           "roce",
                           "nccl",
                           "alpha-beta",
                           "recompute",
                           "mixed-precision",
                           "allreduce",
                           "allgather",
                           "reducescatter",
                           "ps",
                           "mfu",
                           "hfu"})
        QVERIFY2(ids.count(id), id);
    for (const char* field :
         {"parallel.zero_stage", "parallel.offload_optimizer", "parallel.offload_params", "parallel.tp",
          "parallel.pp", "parallel.dp", "parallel.sequence_parallel", "training.micro_batch",
          "parallel.schedule", "training.recompute", "training.grad_comm_bits"}) {
        const QString term = Glossary::termForField(QLatin1String(field));
        QVERIFY2(Glossary::find(term), field);
    }
    // Tooltips are wrapped to a readable width.
    for (const QString& line : glossaryTooltip(QStringLiteral("zero-3")).split(QLatin1Char('\n')))
        QVERIFY2(line.size() <= 80, qPrintable(line));
    QVERIFY(glossaryTooltip(QStringLiteral("no such term")).isEmpty());
}

void TestLessons::zeroFieldTooltip()
{
    MainWindow w;
    const QString definition = Glossary::definition(*Glossary::find(QStringLiteral("zero")));
    const QString firstWords = definition.section(QLatin1Char(' '), 0, 4);
    auto* label = w.findChild<QLabel*>(QStringLiteral("label.parallel.zero_stage"));
    auto* editor = w.findChild<QWidget*>(QStringLiteral("parallel.zero_stage"));
    QVERIFY(label && editor);
    // The glossary wraps its lines; read them as one.
    const QString tip = QString(label->toolTip()).replace(QLatin1Char('\n'), QLatin1Char(' '));
    QVERIFY2(tip.contains(firstWords), qPrintable(tip));
    QVERIFY(QString(editor->toolTip()).replace(QLatin1Char('\n'), QLatin1Char(' ')).contains(firstWords));
    QVERIFY(tip.contains(QLatin1String("Rajbhandari")));
    // The field's own tooltip (ending with its path) comes first.
    QVERIFY(tip.indexOf(QLatin1String("parallel.zero_stage")) < tip.indexOf(firstWords));
    QVERIFY(w.findChild<QLabel*>(QStringLiteral("label.training.recompute"))
                ->toolTip()
                .contains(QLatin1String("Korthikanti")));
}

void TestLessons::glossaryFilter()
{
    MainWindow w;
    GlossaryDialog* glossary = w.glossaryDialog();
    QCOMPARE(glossary->objectName(), QStringLiteral("glossary"));
    auto* help = w.findChild<QMenu*>(QStringLiteral("menuHelp"));
    QVERIFY(help->actions().contains(glossary->showAction()));
    glossary->showAction()->trigger();
    QVERIFY(glossary->isVisible());
    QCOMPARE(glossary->visibleIds().size(), int(Glossary::entries().size()));
    glossary->setFilter(QStringLiteral("bubble"));
    const QStringList found = glossary->visibleIds();
    QVERIFY(found.contains(QStringLiteral("bubble")));
    QCOMPARE(found.first(), QStringLiteral("bubble")); // the term named by the search comes first
    QVERIFY(found.size() < int(Glossary::entries().size()));
    QVERIFY(w.findChild<QWidget*>(QStringLiteral("glossaryText")));
    glossary->setFilter(QStringLiteral("Bubble"));
    QCOMPARE(glossary->visibleIds(), found);
    glossary->setFilter(QStringLiteral("xyzzy"));
    QVERIFY(glossary->visibleIds().isEmpty());
    QVERIFY(glossary->showTerm(QStringLiteral("ZB-H1")));
    QVERIFY(glossary->visibleIds().contains(QStringLiteral("zb-h1")));
    glossary->close();
}

void TestLessons::summaryTooltips()
{
    MainWindow w;
    auto* mfu = w.findChild<QLabel*>(QStringLiteral("summary.mfu.caption"));
    auto* bubble = w.findChild<QLabel*>(QStringLiteral("summary.bubble.caption"));
    QVERIFY(mfu && bubble);
    QVERIFY(mfu->toolTip().contains(QLatin1String("PaLM")));
    QVERIFY(QString(bubble->toolTip())
                .replace(QLatin1Char('\n'), QLatin1Char(' '))
                .contains(QLatin1String("(p-1)/(m+p-1)")));
}

// In a window too short for the lesson, the steps' table scrolls: a row that does not fit is reached with the
// table's scroll bar, not cut off.
void TestLessons::shortDockScrollsTheSteps()
{
    MainWindow w;
    w.resize(1024, 360);
    w.show();
    QVERIFY(QTest::qWaitForWindowExposed(&w));
    LessonPanel* lessons = w.lessonPanel();
    int most = 0;
    for (int i = 0; i < int(ss::Lessons::all().size()); ++i) {
        QVERIFY(lessons->openLesson(i));
        if (lessons->stepCount() > most)
            most = lessons->stepCount();
    }
    for (int i = 0; i < int(ss::Lessons::all().size()); ++i) {
        QVERIFY(lessons->openLesson(i));
        if (lessons->stepCount() == most)
            break;
    }
    auto* table = lessons->findChild<QTableWidget*>(QStringLiteral("lessonFigures"));
    QVERIFY(table);
    QVERIFY(table->verticalScrollBarPolicy() != Qt::ScrollBarAlwaysOff);
    // At every height down to the window's smallest, the steps either fit or scroll: never cut off. (The
    // layout settles over a few events: wait for it at each height.)
    const auto fitsOrScrolls = [table] {
        return table->verticalHeader()->length() <= table->viewport()->height() ||
               (table->verticalScrollBar()->maximum() > 0 && table->verticalScrollBar()->isVisible());
    };
    for (int height = 360; height >= 200; height -= 20) {
        w.resize(1024, height);
        QTest::qWait(30);
        QTRY_VERIFY2_WITH_TIMEOUT(
            fitsOrScrolls(),
            qPrintable(QStringLiteral("window %1: %2 rows in %3 px, scroll bar up to %4")
                           .arg(w.height())
                           .arg(table->verticalHeader()->length())
                           .arg(table->viewport()->height())
                           .arg(table->verticalScrollBar()->maximum())),
            1000);
    }
    // A table forced shorter than its rows scrolls them.
    table->setMaximumHeight(table->verticalHeader()->length() / 2);
    QTRY_VERIFY(table->verticalScrollBar()->maximum() > 0 && table->verticalScrollBar()->isVisible());
}

QTEST_MAIN(TestLessons)
#include "tst_lessons.moc"
