// SPDX-License-Identifier: GPL-3.0-or-later
// Cross-field checks: each impossible combination is reported on the field to blame, with a sentence
// that names the numbers involved.
#include "gpucatalog.h"
#include "layoutfix.h"
#include "validate.h"

#include <QtTest>

#include <functional>

using namespace ss;

using Edit = std::function<void(Scenario&)>;
Q_DECLARE_METATYPE(Edit)

class TestValidate : public QObject
{
    Q_OBJECT

private slots:
    void defaultIsValid();
    void catalogue();
    void problems_data();
    void problems();
    void layoutFixes();
};

void TestValidate::defaultIsValid()
{
    const auto problems = validateScenario(defaultScenario());
    QVERIFY2(problems.empty(), problems.empty() ? "" : problems.front().message.c_str());
}

void TestValidate::catalogue()
{
    // The minimum catalogue; figures from the vendors' datasheets (gpucatalog.cpp names each).
    for (const char* id : {"V100-SXM2-32GB", "A100-SXM4-40GB", "A100-SXM4-80GB", "H100-SXM5-80GB",
                           "H100-PCIe", "H200", "B200", "MI300X", "RTX-4090"})
        QVERIFY2(findGpu(id), id);
    QCOMPARE(findGpu("A100-SXM4-80GB")->spec.peak_flops, 312e12);
    QCOMPARE(findGpu("H100-SXM5-80GB")->spec.peak_flops, 989e12);
    QCOMPARE(findGpu("V100-SXM2-32GB")->spec.peak_flops, 125e12);
    QCOMPARE(findGpu("B200")->spec.peak_flops, 2250e12);
    QCOMPARE(findGpu("H200")->spec.hbm_Bps, 4.8e12);
    QCOMPARE(findGpu("H100-SXM5-80GB")->spec.hbm_Bps, 3.35e12);
    // The Scenario default GPU is the catalogue's A100-SXM4-80GB.
    QCOMPARE(Scenario().cluster.gpu, findGpu("A100-SXM4-80GB")->spec);
    QVERIFY(!findGpu("A100"));
}

void TestValidate::problems_data()
{
    QTest::addColumn<Edit>("edit");
    QTest::addColumn<QString>("path");
    QTest::addColumn<QString>("mentions");

    QTest::newRow("dp × tp × pp must equal the GPUs")
        << Edit([](Scenario& s) { s.parallel.dp = 4; }) << "parallel.dp"
        << "= 4, but the cluster has 1 node × 8 GPUs = 8";
    QTest::newRow("global batch divisible by dp × micro batch")
        << Edit([](Scenario& s) { s.training.global_batch = 500; }) << "training.global_batch"
        << "dp × micro_batch = 8 × 4 = 32";
    QTest::newRow("zero dp") << Edit([](Scenario& s) { s.parallel.dp = 0; }) << "parallel.dp"
                             << "at least 1";
    QTest::newRow("negative micro batch")
        << Edit([](Scenario& s) { s.training.micro_batch = -2; }) << "training.micro_batch"
        << "got -2";
    QTest::newRow("tp must divide the heads (Megatron-LM)") << Edit([](Scenario& s) {
        s.parallel.dp = 1;
        s.parallel.tp = 3;
        s.cluster.nodes = 1;
        s.cluster.gpus_per_node = 3;
        s.cluster.node_preset = "ps-cluster";
        s.training.global_batch = 4;
    }) << "parallel.tp"
                                                            << "16 attention heads";
    QTest::newRow("kv heads divide heads")
        << Edit([](Scenario& s) { s.model.kv_heads = 5; }) << "model.kv_heads"
        << "5 key/value heads";
    QTest::newRow("more stages than layers") << Edit([](Scenario& s) {
        s.model.layers = 4;
        s.parallel.dp = 1;
        s.parallel.pp = 8;
        s.training.global_batch = 8;
    }) << "parallel.pp"
                                             << "4 layers";
    QTest::newRow("optimizer offload needs ZeRO (DeepSpeed)") << Edit([](Scenario& s) {
        s.parallel.zero_stage = 0;
        s.parallel.offload_optimizer = Offload::Cpu;
    }) << "parallel.offload_optimizer"
                                                              << "ZeRO stage 1, 2 or 3";
    QTest::newRow("parameter offload needs ZeRO-3 (ZeRO-Infinity)") << Edit([](Scenario& s) {
        s.parallel.zero_stage = 2;
        s.parallel.offload_params = Offload::Nvme;
    }) << "parallel.offload_params"
                                                                    << "ZeRO stage 3";
    QTest::newRow("interleaving needs m a multiple of p (Narayanan et al. §2.2.2)") << Edit([](Scenario& s) {
        s.parallel.dp = 2;
        s.parallel.pp = 4;
        s.parallel.schedule = Schedule::Interleaved;
        s.parallel.virtual_stages = 2;
        s.training.global_batch = 12;
        s.training.micro_batch = 1;
    }) << "training.global_batch"
                                                                                    << "microbatches (6)";
    QTest::newRow("virtual stages need the interleaved schedule")
        << Edit([](Scenario& s) { s.parallel.virtual_stages = 2; }) << "parallel.virtual_stages"
        << "interleaved";
    QTest::newRow("unknown preset") << Edit([](Scenario& s) { s.cluster.node_preset = "dgx-z9000"; })
                                    << "cluster.node_preset"
                                    << "dgx-z9000";
    QTest::newRow("preset GPU count")
        << Edit([](Scenario& s) { s.cluster.node_preset = "pcie-qpi-4gpu"; }) << "cluster.gpus_per_node"
        << "has 4 GPUs";
    QTest::newRow("GPU without memory")
        << Edit([](Scenario& s) { s.cluster.gpu.memory_bytes = 0; }) << "cluster.gpu.memory_bytes"
        << "above 0";
    QTest::newRow("efficiency above 1")
        << Edit([](Scenario& s) { s.compute.efficiency = 1.5; }) << "compute.efficiency"
        << "at most 1";
    QTest::newRow("dangling link end") << Edit([](Scenario& s) {
        Topology t;
        for (int i = 0; i < 8; ++i)
            t.nodes.push_back({"gpu" + std::to_string(i), "gpu", "", 0, 0});
        t.links.push_back({"l0", "gpu0", "gpu9", "nvlink3", 25e9, 1e-6, 0.8, 1});
        s.cluster.topology = t;
    }) << "cluster.topology.links[0].b"
                                       << "gpu9";
    QTest::newRow("topology GPU count") << Edit([](Scenario& s) {
        s.cluster.topology = Topology{{{"g", "gpu", "", 0, 0}}, {}};
    }) << "cluster.topology"
                                        << "has 1 GPUs";
    QTest::newRow("zero link bandwidth") << Edit([](Scenario& s) {
        Topology t;
        for (int i = 0; i < 8; ++i)
            t.nodes.push_back({"gpu" + std::to_string(i), "gpu", "", 0, 0});
        t.links.push_back({"l0", "gpu0", "gpu1", "pcie-gen4-x16", 0, 0, 1, 1});
        s.cluster.topology = t;
    }) << "cluster.topology.links[0].bandwidth_Bps"
                                         << "above 0";
    // FP8 needs FP8 tensor cores: Hopper and Ada have them (NVIDIA H100 datasheet), the A100 does not.
    QTest::newRow("fp8 on an A100 names the GPU")
        << Edit([](Scenario& s) { s.training.precision = Precision::Fp8Mixed; }) << "training.precision"
        << "the A100-SXM4-80GB has no FP8 tensor cores";
    QTest::newRow("MXFP8 needs Blackwell") << Edit([](Scenario& s) {
        s.cluster.gpu = findGpu("H100-SXM5-80GB")->spec;
        s.cluster.gpu_id = "H100-SXM5-80GB";
        s.cluster.node_preset = "dgx-h100";
        s.training.precision = Precision::Fp8Mixed;
        s.training.fp8_recipe = Fp8Recipe::Mxfp8;
    }) << "training.fp8_recipe"
                                           << "needs Blackwell";
    QTest::newRow("ep needs experts") << Edit([](Scenario& s) { s.parallel.ep = 2; }) << "parallel.ep"
                                      << "needs a mixture-of-experts model";
    QTest::newRow("ep divides the experts") << Edit([](Scenario& s) {
        s.model.experts = 6;
        s.model.experts_per_token = 2;
        s.parallel.ep = 4;
    }) << "parallel.ep"
                                            << "does not divide the 6 experts";
    QTest::newRow("dp × tp × pp × cp must equal the GPUs")
        << Edit([](Scenario& s) { s.parallel.cp = 2; }) << "parallel.dp"
        << "× 2 = 16, but the cluster has 8";
    // Megatron-Core splits a sequence into 2·cp chunks for causal load balance.
    QTest::newRow("cp needs 2·cp | seq_len") << Edit([](Scenario& s) {
        s.parallel.cp = 8;
        s.parallel.dp = 1;
        s.training.global_batch = 4;
        s.model.seq_len = 2040;
    }) << "parallel.cp"
                                             << "multiple of 2 × cp = 16";
    QTest::newRow("pipeline_layers must add up") << Edit([](Scenario& s) {
        s.parallel.pp = 2;
        s.parallel.dp = 4;
        s.parallel.pipeline_layers = {10, 10};
    }) << "parallel.pipeline_layers"
                                                 << "add up to 20 layers, but the model has 24";
    QTest::newRow("pipeline_layers one per stage") << Edit([](Scenario& s) {
        s.parallel.pp = 2;
        s.parallel.dp = 4;
        s.parallel.pipeline_layers = {24};
    }) << "parallel.pipeline_layers"
                                                   << "lists 1 stages, but pp is 2";
}

void TestValidate::problems()
{
    QFETCH(Edit, edit);
    QFETCH(QString, path);
    QFETCH(QString, mentions);
    Scenario s = defaultScenario();
    edit(s);
    const auto problems = validateScenario(s);
    QVERIFY(!problems.empty());
    bool found = false;
    QStringList all;
    for (const Problem& p : problems) {
        all << QString::fromStdString(p.path + ": " + p.message);
        found |=
            QString::fromStdString(p.path) == path && QString::fromStdString(p.message).contains(mentions);
    }
    QVERIFY2(found, qPrintable(all.join(QLatin1String(" | "))));
}

// The default (8 GPUs, dp 8): tp set to 2 covers 16. The fixes leave tp alone; dp 4 makes the scenario valid
// again and comes first; none is offered for a layout that covers the cluster.
void TestValidate::layoutFixes()
{
    Scenario s = defaultScenario();
    QVERIFY(ss::layoutFixes(s).empty());
    s.parallel.tp = 2;
    const std::vector<FieldFix> fixes = ss::layoutFixes(s, "parallel.tp");
    QVERIFY(!fixes.empty());
    QCOMPARE(QString::fromStdString(fixes.front().path), QStringLiteral("parallel.dp"));
    QCOMPARE(fixes.front().value, 4);
    QCOMPARE(fixes.front().problems, std::size_t(0));
    for (const FieldFix& fix : fixes) {
        QVERIFY(fix.path != "parallel.tp");
        Scenario fixed = s;
        if (fix.path == "parallel.dp")
            fixed.parallel.dp = fix.value;
        else if (fix.path == "parallel.pp")
            fixed.parallel.pp = fix.value;
        else if (fix.path == "parallel.cp")
            fixed.parallel.cp = fix.value;
        QCOMPARE(fixed.parallel.dp * fixed.parallel.tp * fixed.parallel.pp * fixed.parallel.cp, fixed.gpus());
    }
    // 3 × 1 × 1 on 8 GPUs: no single degree other than dp can cover 8 (8 / 3 is not whole).
    s = defaultScenario();
    s.parallel.dp = 3;
    for (const FieldFix& fix : ss::layoutFixes(s, "parallel.dp"))
        QVERIFY2(false, fix.path.c_str());
}

QTEST_APPLESS_MAIN(TestValidate)
#include "tst_validate.moc"
