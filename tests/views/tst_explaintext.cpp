// SPDX-License-Identifier: GPL-3.0-or-later
// The explanations' words: every figure pattern and every formula text the engine emits is in
// ExplainText's table, so each has a title and a translation; a formula the engine changes without the table
// fails here (as tst_enginetext does for warnings). The examples and recipe variations are evaluated with
// explanations; the collective formulas of every algorithm and op are made directly by explainCollective().
#include "evaluate.h"
#include "examples.h"
#include "explain.h"
#include "explaintext.h"

#include <QtTest>

#include <set>

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

// Fails with the figure when its pattern or formula is missing from the table.
QString missing(const std::vector<Explanation>& explanations)
{
    for (const Explanation& e : explanations) {
        const QString figure = QString::fromStdString(e.figure);
        const QString pattern = ExplainText::pattern(figure);
        if (!ExplainText::knowsPattern(pattern))
            return QStringLiteral("pattern %1 (from %2)").arg(pattern, figure);
        if (!ExplainText::knowsFormula(pattern, QString::fromStdString(e.formula)))
            return QStringLiteral("formula \"%1\" of %2").arg(QString::fromStdString(e.formula), pattern);
        if (ExplainText::title(figure) == figure || ExplainText::title(figure).contains(QLatin1Char('%')))
            return QStringLiteral("title of %1: %2").arg(figure, ExplainText::title(figure));
    }
    return {};
}

} // namespace

class TestExplainText : public QObject
{
    Q_OBJECT
private slots:
    void everyEmittedFormulaIsInTheTable_data();
    void everyEmittedFormulaIsInTheTable();
    void everyCollectiveFormulaIsInTheTable();
    void patterns_data();
    void patterns();
    void titlesNameTheirIndices();
    void formulaHtml_data();
    void formulaHtml();
    void valuesInUnits();
    void relatedFigures();
};

void TestExplainText::everyEmittedFormulaIsInTheTable_data()
{
    QTest::addColumn<Scenario>("scenario");
    for (const io::ExampleInfo& info : io::examples())
        QTest::newRow(qPrintable(info.id)) << example(info.id.toLatin1().constData());
    for (int zero = 0; zero <= 3; ++zero) {
        Scenario s = example("default");
        s.parallel.zero_stage = zero;
        QTest::newRow(qPrintable(QStringLiteral("ZeRO-%1").arg(zero))) << s;
        if (zero == 0)
            continue; // offload needs ZeRO (validate.cpp)
        s.parallel.offload_optimizer = Offload::Cpu;
        if (zero == 3)
            s.parallel.offload_params = Offload::Nvme;
        QTest::newRow(qPrintable(QStringLiteral("ZeRO-%1 offload").arg(zero))) << s;
    }
    {
        Scenario s = example("default");
        s.parallel.zero_stage = 0;
        s.parallel.dp_sync = DpSync::ParameterServer;
        QTest::newRow("parameter server") << s;
    }
    {
        Scenario s = example("default");
        s.model.kind = ModelKind::Params;
        s.model.params = 1.3e9;
        QTest::newRow("a bare parameter count") << s;
    }
    {
        // tp 8 all-reduces without sequence parallelism on NVSwitch 3 (NVLS), dp over the network.
        Scenario s = example("llama2-70b");
        s.parallel.sequence_parallel = false;
        s.training.recompute = Recompute::Full;
        QTest::newRow("llama2-70b tp all-reduce, full recompute") << s;
    }
    {
        // Mixtral 8x7B's shape (its config.json on Hugging Face: 32 layers, hidden 4096, 8 experts, 2 per
        // token) with ep 8 and cp 2 on one DGX H100 in FP8: the MoE and context-parallel figures, expert
        // all-to-all, cp K/V ring, the two-kind states, the MoE dispatch and FP8 weight buffers.
        Scenario s = example("llama2-70b");
        s.model.layers = 32;
        s.model.hidden = 4096;
        s.model.heads = 32;
        s.model.kv_heads = 8;
        s.model.ffn_hidden = 14336;
        s.model.vocab = 32000;
        s.model.seq_len = 8192;
        s.model.experts = 8;
        s.model.experts_per_token = 2;
        s.training.global_batch = 64;
        s.training.micro_batch = 1;
        s.training.precision = Precision::Fp8Mixed;
        s.parallel.tp = 1;
        s.parallel.pp = 1;
        s.parallel.sequence_parallel = false;
        s.parallel.dp = 4;
        s.parallel.cp = 2;
        s.parallel.ep = 8;
        s.parallel.zero_stage = 1;
        s.cluster.nodes = 1;
        QTest::newRow("MoE ep 8 cp 2") << s;
        // Expert data parallelism (ep 2 of dp·cp 8) and the K/V all-gather with full recompute.
        s.parallel.ep = 2;
        s.parallel.cp_comm = CpComm::AllGather;
        s.training.recompute = Recompute::Full;
        QTest::newRow("MoE edp, cp all-gather") << s;
        // DeepSeek-V3's MLA, shared expert, dense first layer and MTP module (arXiv:2412.19437 §2), with
        // ZeRO-3 offload: the expert states sharded and offloaded.
        s.model.attention = AttentionKind::Mla;
        s.model.q_lora_rank = 1536;
        s.model.shared_experts = 1;
        s.model.dense_layers = 1;
        s.model.mtp_layers = 1;
        s.model.moe_ffn_hidden = 1408;
        s.model.experts = 64;
        s.model.experts_per_token = 6;
        s.parallel.zero_stage = 3;
        s.parallel.offload_optimizer = Offload::Cpu;
        s.parallel.offload_params = Offload::Cpu;
        QTest::newRow("MLA, MTP, ZeRO-3 offload") << s;
    }
    for (const auto& [name, schedule, chunks] :
         {std::tuple{"gpipe", Schedule::GPipe, 1}, std::tuple{"interleaved", Schedule::Interleaved, 2},
          std::tuple{"zb-h1", Schedule::ZbH1, 1}}) {
        Scenario s = example("pipeline-schedules-8-stages");
        s.parallel.schedule = schedule;
        s.parallel.virtual_stages = chunks;
        s.training.recompute = Recompute::Full;
        QTest::newRow(name) << s;
    }
}

void TestExplainText::everyEmittedFormulaIsInTheTable()
{
    QFETCH(Scenario, scenario);
    EvalOptions options;
    options.explain = true;
    const Result r = evaluate(scenario, options);
    QVERIFY(r.explain.size() > 20);
    const QString gap = missing(r.explain);
    QVERIFY2(gap.isEmpty(), qPrintable(QStringLiteral("ExplainText lacks the %1").arg(gap)));
}

void TestExplainText::everyCollectiveFormulaIsInTheTable()
{
    // Every algorithm the engine names with every op, one phase or two: formulas that no example reaches
    // (tree, NVLS, direct, a broadcast ring) are in the table too.
    std::vector<Explanation> out;
    for (const char* algorithm :
         {"ring", "ring-p2p", "tree", "hierarchical", "direct", "nvls", "p2p", "parameter-server", "copy"})
        for (const char* op : {"allreduce", "allgather", "reducescatter", "broadcast", "reduce", "alltoall",
                               "sendrecv", "push", "pull", "d2h", "h2d"})
            for (int phases = 1; phases <= 2; ++phases) {
                CommCollective row;
                row.algorithm = algorithm;
                row.op = op;
                row.ranks = 8;
                row.bytes = 1e6;
                row.time_s = 1e-4;
                row.phase_count = phases;
                for (int i = 0; i < phases; ++i)
                    row.phases[std::size_t(i)] = {1e-6, 7, 1.75, 1.75e6, 3e11, 2.4e11, 1, 1};
                CollectiveText text;
                text.bytesFormula = "S = b · s · h · e";
                text.countFormula = "n = 1";
                text.ranksFormula = "n = t";
                text.groupsFormula = "G = N_d · p";
                explainCollective(out, 0, row, text);
            }
    const QString gap = missing(out);
    QVERIFY2(gap.isEmpty(), qPrintable(QStringLiteral("ExplainText lacks the %1").arg(gap)));
}

void TestExplainText::patterns_data()
{
    QTest::addColumn<QString>("figure");
    QTest::addColumn<QString>("pattern");
    QTest::addColumn<QList<int>>("indices");
    QTest::newRow("no index") << QStringLiteral("step.time_s") << QStringLiteral("step.time_s")
                              << QList<int>{};
    QTest::newRow("a stage") << QStringLiteral("memory.per_gpu[12].buffer_parts.logits")
                             << QStringLiteral("memory.per_gpu[].buffer_parts.logits") << QList<int>{12};
    QTest::newRow("stage and chunk") << QStringLiteral("step.op_time_s[3][1].backward")
                                     << QStringLiteral("step.op_time_s[][].backward") << QList<int>{3, 1};
}

void TestExplainText::patterns()
{
    QFETCH(QString, figure);
    QFETCH(QString, pattern);
    QFETCH(QList<int>, indices);
    QList<int> found;
    QCOMPARE(ExplainText::pattern(figure, &found), pattern);
    QCOMPARE(found, indices);
    QVERIFY(ExplainText::knowsPattern(pattern));
}

void TestExplainText::titlesNameTheirIndices()
{
    QCOMPARE(ExplainText::title(QStringLiteral("memory.per_gpu[3].optimizer")),
             QStringLiteral("Optimizer states per GPU, stage 3"));
    QCOMPARE(ExplainText::title(QStringLiteral("step.op_time_s[2][1].forward")),
             QStringLiteral("One forward op, stage 2, chunk 1"));
    Result r;
    CommCollective c;
    c.group = "dp";
    c.op = "allreduce";
    c.algorithm = "ring";
    r.comm.collectives.push_back(c);
    CommLink l;
    l.id = "n0.gpu0~n0.nvswitch";
    l.kind = "nvlink3";
    r.comm.links.push_back(l);
    QCOMPARE(ExplainText::title(QStringLiteral("comm.collectives[0].time_s"), &r),
             QStringLiteral("Time of one call: dp allreduce, ring"));
    QCOMPARE(ExplainText::title(QStringLiteral("comm.links[0].utilization"), &r),
             QStringLiteral("Utilisation of link n0.gpu0~n0.nvswitch (nvlink3)"));
    // Unknown figures name themselves; the formula of an unknown text is itself.
    QCOMPARE(ExplainText::title(QStringLiteral("no.such")), QStringLiteral("no.such"));
    QCOMPARE(ExplainText::formula("x = y"), QStringLiteral("x = y"));
}

void TestExplainText::formulaHtml_data()
{
    QTest::addColumn<QString>("text");
    QTest::addColumn<QString>("html");
    QTest::newRow("subscripts") << QStringLiteral("S = Ψ_gpu,max · e_grad")
                                << QStringLiteral("S = Ψ<sub>gpu,max</sub> · e<sub>grad</sub>");
    QTest::newRow("exponents") << QStringLiteral("4.2e-06 s + 1.678e+07 B")
                               << QStringLiteral("4.2×10<sup>−6</sup> s + 1.678×10<sup>7</sup> B");
    QTest::newRow("field names keep their underscores")
        << QStringLiteral("B_buckets: overheads.grad_bucket_bytes; BW_HBM, max_i, TP_i")
        << QStringLiteral(
               "B<sub>buckets</sub>: overheads.grad_bucket_bytes; BW<sub>HBM</sub>, max<sub>i</sub>, "
               "TP<sub>i</sub>");
    QTest::newRow("zero exponent") << QStringLiteral("5e+00") << QStringLiteral("5");
    QTest::newRow("escaped") << QStringLiteral("0 (ZeRO stage < 3 or N_d = 1)")
                             << QStringLiteral("0 (ZeRO stage &lt; 3 or N<sub>d</sub> = 1)");
}

void TestExplainText::formulaHtml()
{
    QFETCH(QString, text);
    QFETCH(QString, html);
    QCOMPARE(ExplainText::formulaHtml(text), html);
}

void TestExplainText::valuesInUnits()
{
    Explanation e;
    e.figure = "comm.collectives[0].time_s";
    e.value = 0.02006;
    e.unit = "s";
    QCOMPARE(ExplainText::valueText(e), QStringLiteral("20.06 ms"));
    e.figure = "step.mfu";
    e.value = 0.4950;
    e.unit = "";
    QCOMPARE(ExplainText::valueText(e), QStringLiteral("49.50%"));
    e.figure = "comm.collectives[0].count_per_step";
    e.value = 384;
    QCOMPARE(ExplainText::valueText(e), QStringLiteral("384"));
    e.figure = "memory.per_gpu[0].optimizer";
    e.value = 2 * 1073741824.0;
    e.unit = "B";
    QCOMPARE(ExplainText::valueText(e), QStringLiteral("2 GiB"));
}

void TestExplainText::relatedFigures()
{
    const QStringList collective = ExplainText::related(QStringLiteral("comm.collectives[2].bytes"));
    QCOMPARE(collective.front(), QStringLiteral("comm.collectives[2].bytes"));
    QVERIFY(collective.contains(QStringLiteral("comm.collectives[2].time_s")));
    QVERIFY(collective.contains(QStringLiteral("comm.collectives[2].busbw_Bps")));
    const QStringList link = ExplainText::related(QStringLiteral("comm.links[5].utilization"));
    QCOMPARE(link,
             (QStringList{QStringLiteral("comm.links[5].utilization"), QStringLiteral("comm.links[5].busy_s"),
                          QStringLiteral("comm.links[5].bytes_per_step")}));
    QVERIFY(ExplainText::related(QStringLiteral("memory.per_gpu[1].optimizer"))
                .contains(QStringLiteral("memory.per_gpu[1].total")));
    // Every buffer part the engine explains (memory.cpp, explainBuffers) is among a buffer's relatives.
    const QStringList buffers = ExplainText::related(QStringLiteral("memory.per_gpu[0].buffers"));
    for (const char* part : {"zero3_gather", "grad_buckets", "logits", "cuda_context", "moe_dispatch",
                             "fp8_weights", "allocator"})
        QVERIFY2(buffers.contains(QStringLiteral("memory.per_gpu[0].buffer_parts.") + QLatin1String(part)),
                 part);
    // A mixture-of-experts result: its total and active parameter counts lead to each other; a dense one's
    // total has no active count beside it.
    Result moe;
    moe.params_total = 46.7e9;
    moe.params_active = 12.9e9;
    QVERIFY(
        ExplainText::related(QStringLiteral("params_total"), &moe).contains(QStringLiteral("params_active")));
    QVERIFY(
        ExplainText::related(QStringLiteral("params_active"), &moe).contains(QStringLiteral("params_total")));
    Result dense;
    dense.params_total = dense.params_active = 1.3e9;
    QCOMPARE(ExplainText::related(QStringLiteral("params_total"), &dense),
             QStringList{QStringLiteral("params_total")});
}

QTEST_MAIN(TestExplainText)
#include "tst_explaintext.moc"
