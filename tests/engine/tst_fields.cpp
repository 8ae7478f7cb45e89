// SPDX-License-Identifier: GPL-3.0-or-later
// The field table: names, types, units and ranges as docs/formats.md ("Scenario file") gives
// them; text parsing and setting as `--set` uses it; enum names as the contract spells them.
#include "fields.h"
#include "gpucatalog.h"

#include <QTest>

using ss::FieldType;
using ss::Unit;

Q_DECLARE_METATYPE(ss::FieldType)
Q_DECLARE_METATYPE(ss::Unit)

namespace {
QString q(const std::string& s)
{
    return QString::fromStdString(s);
}
} // namespace

class TestFields : public QObject
{
    Q_OBJECT

private slots:
    void table_data();
    void table();
    void tableHasNoOtherFields();
    void choices_data();
    void choices();
    void setFromText_data();
    void setFromText();
    void gpuFromCatalogue();
    void customGpuField();
    void getSetIsIdentity();
    void fieldText_data();
    void fieldText();
    void enumNames();
    void linkKinds_data();
    void linkKinds();
    void nearest();
};

void TestFields::table_data()
{
    QTest::addColumn<QString>("path");
    QTest::addColumn<FieldType>("type");
    QTest::addColumn<Unit>("unit");
    QTest::addColumn<double>("min");
    QTest::addColumn<double>("max");
    QTest::addColumn<bool>("minExclusive");

    // The field list of the scenario format (docs/formats.md, "Scenario file") for every row.
    const auto row = [](const char* path, FieldType type, Unit unit, double min, double max,
                        bool excl = false) {
        QTest::newRow(path) << QString::fromLatin1(path) << type << unit << min << max << excl;
    };
    row("name", FieldType::Text, Unit::None, 0, 0);
    row("model.kind", FieldType::Enum, Unit::None, 0, 0);
    row("model.params", FieldType::Real, Unit::Count, 0, 1e16, true);
    row("model.layers", FieldType::Int, Unit::None, 1, 1e5);
    row("model.hidden", FieldType::Int, Unit::None, 1, 1e7);
    row("model.heads", FieldType::Int, Unit::None, 1, 1e5);
    row("model.kv_heads", FieldType::Int, Unit::None, 1, 1e5);
    row("model.head_dim", FieldType::Int, Unit::None, 0, 1e5);
    row("model.ffn_hidden", FieldType::Int, Unit::None, 1, 1e8);
    row("model.ffn_kind", FieldType::Enum, Unit::None, 0, 0);
    row("model.vocab", FieldType::Int, Unit::None, 1, 1e8);
    row("model.seq_len", FieldType::Int, Unit::None, 1, 1e8);
    row("model.max_positions", FieldType::Int, Unit::None, 0, 1e8);
    row("model.tied_embeddings", FieldType::Bool, Unit::None, 0, 0);
    row("model.position_embedding", FieldType::Enum, Unit::None, 0, 0);
    row("model.norm", FieldType::Enum, Unit::None, 0, 0);
    row("model.bias", FieldType::Enum, Unit::None, 0, 0);
    // Added for parallel-attention models (Falcon-7B, phi-2): one shared norm, an output-layer bias.
    row("model.norms_per_layer", FieldType::Int, Unit::None, 1, 2);
    row("model.head_bias", FieldType::Bool, Unit::None, 0, 0);
    row("model.experts", FieldType::Int, Unit::None, 1, 1e5);
    row("model.experts_per_token", FieldType::Int, Unit::None, 1, 1e5);
    // Mixture of experts, MLA and MTP (docs/formats.md; DeepSeek-V3's config names).
    row("model.moe_ffn_hidden", FieldType::Int, Unit::None, 0, 1e8);
    row("model.shared_experts", FieldType::Int, Unit::None, 0, 1e4);
    row("model.dense_layers", FieldType::Int, Unit::None, 0, 1e5);
    row("model.capacity_factor", FieldType::Real, Unit::None, 0, 1e3);
    row("model.expert_imbalance", FieldType::Real, Unit::None, 1, 1e3);
    row("model.expert_groups", FieldType::Int, Unit::None, 0, 1e5);
    row("model.expert_groups_per_token", FieldType::Int, Unit::None, 0, 1e5);
    row("model.attention", FieldType::Enum, Unit::None, 0, 0);
    row("model.q_lora_rank", FieldType::Int, Unit::None, 0, 1e6);
    row("model.kv_lora_rank", FieldType::Int, Unit::None, 1, 1e6);
    row("model.qk_rope_head_dim", FieldType::Int, Unit::None, 0, 1e5);
    row("model.qk_nope_head_dim", FieldType::Int, Unit::None, 0, 1e5);
    row("model.v_head_dim", FieldType::Int, Unit::None, 1, 1e5);
    row("model.mtp_layers", FieldType::Int, Unit::None, 0, 100);
    row("training.fp8_recipe", FieldType::Enum, Unit::None, 0, 0);
    row("parallel.cp", FieldType::Int, Unit::None, 1, 1e5);
    row("parallel.ep", FieldType::Int, Unit::None, 1, 1e5);
    row("parallel.etp", FieldType::Int, Unit::None, 0, 1e5);
    row("parallel.cp_comm", FieldType::Enum, Unit::None, 0, 0);
    row("parallel.ep_overlap", FieldType::Bool, Unit::None, 0, 0);
    row("parallel.ep_dispatcher", FieldType::Enum, Unit::None, 0, 0);
    row("parallel.ep_fp8_dispatch", FieldType::Bool, Unit::None, 0, 0);
    row("parallel.pipeline_layers", FieldType::Text, Unit::None, 0, 0);
    row("parallel.first_stage_layers", FieldType::Int, Unit::None, 0, 1e5);
    row("parallel.last_stage_layers", FieldType::Int, Unit::None, 0, 1e5);
    row("training.global_batch", FieldType::Int, Unit::None, 1, 1e9);
    row("training.micro_batch", FieldType::Int, Unit::None, 1, 1e7);
    row("training.precision", FieldType::Enum, Unit::None, 0, 0);
    row("training.optimizer", FieldType::Enum, Unit::None, 0, 0);
    row("training.recompute", FieldType::Enum, Unit::None, 0, 0);
    row("training.flash_attention", FieldType::Bool, Unit::None, 0, 0);
    row("training.grad_comm_bits", FieldType::Int, Unit::None, 1, 32);
    row("training.overlap_grad_reduce", FieldType::Bool, Unit::None, 0, 0);
    row("training.overlap_param_gather", FieldType::Bool, Unit::None, 0, 0);
    row("training.tp_comm_overlap", FieldType::Bool, Unit::None, 0, 0);
    row("training.overlap_p2p_comm", FieldType::Bool, Unit::None, 0, 0);
    row("training.attention_kernel", FieldType::Enum, Unit::None, 0, 0);
    row("training.cross_entropy", FieldType::Enum, Unit::None, 0, 0);
    row("training.dropout", FieldType::Bool, Unit::None, 0, 0);
    row("training.recompute_norms", FieldType::Bool, Unit::None, 0, 0);
    row("training.fp8_swiglu_inputs", FieldType::Bool, Unit::None, 0, 0);
    row("parallel.dp", FieldType::Int, Unit::None, 1, 1e7);
    row("parallel.tp", FieldType::Int, Unit::None, 1, 1e5);
    row("parallel.pp", FieldType::Int, Unit::None, 1, 1e5);
    row("parallel.sequence_parallel", FieldType::Bool, Unit::None, 0, 0);
    row("parallel.zero_stage", FieldType::Int, Unit::None, 0, 3);
    row("parallel.offload_optimizer", FieldType::Enum, Unit::None, 0, 0);
    row("parallel.offload_params", FieldType::Enum, Unit::None, 0, 0);
    row("parallel.schedule", FieldType::Enum, Unit::None, 0, 0);
    row("parallel.virtual_stages", FieldType::Int, Unit::None, 1, 1e4);
    row("parallel.rank_order", FieldType::Enum, Unit::None, 0, 0);
    row("parallel.dp_sync", FieldType::Enum, Unit::None, 0, 0);
    row("parallel.ps_servers", FieldType::Int, Unit::None, 1, 1e5);
    row("cluster.gpu", FieldType::Text, Unit::None, 0, 0);
    row("cluster.gpu.name", FieldType::Text, Unit::None, 0, 0);
    row("cluster.gpu.memory_bytes", FieldType::Real, Unit::Bytes, 0, 1e15, true);
    row("cluster.gpu.peak_flops", FieldType::Real, Unit::FlopsPerSecond, 0, 1e19, true);
    row("cluster.gpu.hbm_Bps", FieldType::Real, Unit::BytesPerSecond, 0, 1e16, true);
    row("cluster.gpu.peak_fp8_flops", FieldType::Real, Unit::FlopsPerSecond, 0, 1e19);
    row("cluster.gpu.peak_fp4_flops", FieldType::Real, Unit::FlopsPerSecond, 0, 1e19);
    row("cluster.nodes", FieldType::Int, Unit::None, 1, 1e6);
    row("cluster.gpus_per_node", FieldType::Int, Unit::None, 1, 1024);
    row("cluster.node_preset", FieldType::Enum, Unit::None, 0, 0);
    row("cluster.host_memory_bytes", FieldType::Real, Unit::Bytes, 0, 1e16);
    row("cluster.nvme_bytes", FieldType::Real, Unit::Bytes, 0, 1e18);
    row("cluster.network.kind", FieldType::Enum, Unit::None, 0, 0);
    // A GB200 NVL72 rack carries 72 NICs (one per GPU): up to 1024, as GPUs per node.
    row("cluster.network.nics_per_node", FieldType::Int, Unit::None, 0, 1024);
    row("cluster.network.oversubscription", FieldType::Real, Unit::None, 1, 64);
    row("cluster.network.rail_optimized", FieldType::Bool, Unit::None, 0, 0);
    row("cluster.network.switch_ports", FieldType::Int, Unit::None, 0, 4096);
    // 0 is the kernel model (docs/engine-model.md); a positive fraction the flat roofline.
    row("compute.efficiency", FieldType::Real, Unit::Fraction, 0, 1);
    row("compute.scale", FieldType::Real, Unit::None, 0, 100, true);
    row("compute.calibrated_from", FieldType::Text, Unit::None, 0, 0);
    row("compute.measured_step_s", FieldType::Real, Unit::Seconds, 0, 1e9);
    row("overheads.cuda_context_bytes", FieldType::Real, Unit::Bytes, 0, 1e12);
    row("overheads.allocator_fraction", FieldType::Real, Unit::Fraction, 0, 1);
    row("overheads.grad_bucket_bytes", FieldType::Real, Unit::Bytes, 0, 1e13);
}

void TestFields::table()
{
    QFETCH(QString, path);
    QFETCH(FieldType, type);
    QFETCH(Unit, unit);
    QFETCH(double, min);
    QFETCH(double, max);
    QFETCH(bool, minExclusive);
    const ss::FieldInfo* field = ss::findField(path.toStdString());
    QVERIFY(field);
    QCOMPARE(q(field->path), path);
    QCOMPARE(field->type, type);
    QCOMPARE(field->unit, unit);
    if (type == FieldType::Int || type == FieldType::Real) {
        QCOMPARE(field->min, min);
        QCOMPARE(field->max, max);
        QCOMPARE(field->minExclusive, minExclusive);
    }
    QVERIFY(field->get);
    QVERIFY(field->set);
}

void TestFields::tableHasNoOtherFields()
{
    // The scenario format's fields (docs/formats.md); a field added later must be added to table_data() too.
    QCOMPARE(ss::scenarioFields().size(),
             std::size_t(106)); // 90 + the 8 LoRA/QLoRA fields + cross_entropy, dropout + routing groups
                                // (2), ep_dispatcher, ep_fp8_dispatch, recompute_norms, fp8_swiglu_inputs
    // Other names the format accepts for a field resolve to it.
    QCOMPARE(ss::findField("cluster.gpu.peak_flops_fp8"), ss::findField("cluster.gpu.peak_fp8_flops"));
    QCOMPARE(ss::findField("cluster.network.rails"), ss::findField("cluster.network.rail_optimized"));
    ss::Scenario s;
    QCOMPARE(ss::setFieldFromText(s, "parallel.pipeline_layers", "7, 8,8"), std::string());
    QCOMPARE(s.parallel.pipeline_layers, (std::vector<std::int64_t>{7, 8, 8}));
    QVERIFY(ss::setFieldFromText(s, "parallel.pipeline_layers", "7,x").find("integers") != std::string::npos);
    QVERIFY(!ss::findField("model.hiden"));
    QVERIFY(!ss::findField("model"));
    QVERIFY(!ss::findField("cluster.topology"));
}

void TestFields::choices_data()
{
    QTest::addColumn<QString>("path");
    QTest::addColumn<QStringList>("expected");
    // docs/formats.md, "Scenario file".
    QTest::newRow("model.kind") << "model.kind" << QStringList{"transformer", "params"};
    QTest::newRow("model.ffn_kind") << "model.ffn_kind" << QStringList{"gelu", "swiglu"};
    QTest::newRow("model.position_embedding")
        << "model.position_embedding" << QStringList{"learned", "rotary"};
    QTest::newRow("model.norm") << "model.norm" << QStringList{"layernorm", "rmsnorm"};
    QTest::newRow("model.bias") << "model.bias" << QStringList{"all", "none", "qkv"};
    QTest::newRow("training.precision")
        << "training.precision" << QStringList{"bf16-mixed", "fp16-mixed", "fp32", "bf16", "fp8-mixed"};
    QTest::newRow("training.optimizer")
        << "training.optimizer"
        << QStringList{"adam", "adam-8bit", "adam-bf16", "sgd", "sgd-momentum", "adafactor"};
    QTest::newRow("training.recompute") << "training.recompute" << QStringList{"none", "selective", "full"};
    QTest::newRow("training.grad_comm_bits")
        << "training.grad_comm_bits" << QStringList{"32", "16", "8", "1"};
    QTest::newRow("parallel.offload_optimizer")
        << "parallel.offload_optimizer" << QStringList{"none", "cpu", "nvme"};
    QTest::newRow("parallel.offload_params")
        << "parallel.offload_params" << QStringList{"none", "cpu", "nvme"};
    QTest::newRow("parallel.schedule")
        << "parallel.schedule" << QStringList{"gpipe", "1f1b", "interleaved", "zb-h1"};
    // The 6 orders of tp, dp and pp (tp-dp-pp first), then the 24 that also name cp, in lexicographic order.
    QTest::newRow("parallel.rank_order (6 + 24 permutations, tp-dp-pp first)")
        << "parallel.rank_order"
        << QStringList{"tp-dp-pp",    "tp-pp-dp",    "dp-tp-pp",    "dp-pp-tp",    "pp-tp-dp",
                       "pp-dp-tp",    "cp-dp-pp-tp", "cp-dp-tp-pp", "cp-pp-dp-tp", "cp-pp-tp-dp",
                       "cp-tp-dp-pp", "cp-tp-pp-dp", "dp-cp-pp-tp", "dp-cp-tp-pp", "dp-pp-cp-tp",
                       "dp-pp-tp-cp", "dp-tp-cp-pp", "dp-tp-pp-cp", "pp-cp-dp-tp", "pp-cp-tp-dp",
                       "pp-dp-cp-tp", "pp-dp-tp-cp", "pp-tp-cp-dp", "pp-tp-dp-cp", "tp-cp-dp-pp",
                       "tp-cp-pp-dp", "tp-dp-cp-pp", "tp-dp-pp-cp", "tp-pp-cp-dp", "tp-pp-dp-cp"};
    QTest::newRow("parallel.dp_sync") << "parallel.dp_sync" << QStringList{"allreduce", "parameter-server"};
    QTest::newRow("cluster.node_preset")
        << "cluster.node_preset"
        << QStringList{"auto",           "dgx1-v100",      "dgx-a100",       "dgx-h100",
                       "hgx-h200",       "pcie-qpi-4gpu",  "pcie-gen3-4gpu", "pcie-gen4-4gpu",
                       "pcie-gen5-4gpu", "pcie-gen4-8gpu", "ps-cluster",     "dgx2-v100",
                       "hgx-a800",       "hgx-h800",       "hgx-h20",        "dgx-b200",
                       "gb200-nvl72",    "mi300x-8gpu"};
    QTest::newRow("cluster.network.kind")
        << "cluster.network.kind"
        << QStringList{"ib-edr",       "ib-hdr",        "ib-ndr",        "ib-xdr",
                       "roce-100g",    "roce-200g",     "roce-400g",     "ethernet-10g",
                       "ethernet-25g", "ethernet-100g", "ethernet-200g", "ethernet-400g"};
}

void TestFields::choices()
{
    QFETCH(QString, path);
    QFETCH(QStringList, expected);
    const ss::FieldInfo* field = ss::findField(path.toStdString());
    QVERIFY(field);
    QStringList got;
    for (const std::string& c : field->choices)
        got << q(c);
    QCOMPARE(got, expected);
}

void TestFields::setFromText_data()
{
    QTest::addColumn<QString>("path");
    QTest::addColumn<QString>("text");
    QTest::addColumn<QString>("error");  // empty: accepted
    QTest::addColumn<QString>("stored"); // fieldText of the stored value when accepted

    // The message format of the scenario reader: "PATH: expected ..., got ...".
    QTest::newRow("zero_stage 4 out of 0..3") << "parallel.zero_stage"
                                              << "4"
                                              << "parallel.zero_stage: expected an integer from 0 to 3, got 4"
                                              << "";
    QTest::newRow("zero_stage 3") << "parallel.zero_stage"
                                  << "3"
                                  << ""
                                  << "3";
    QTest::newRow("layers 0 (a zero count)") << "model.layers"
                                             << "0"
                                             << "model.layers: expected an integer from 1 to 100000, got 0"
                                             << "";
    QTest::newRow("dp -8 (a negative count)") << "parallel.dp"
                                              << "-8"
                                              << "parallel.dp: expected an integer from 1 to 10000000, got -8"
                                              << "";
    QTest::newRow("layers 2.5 not an integer")
        << "model.layers"
        << "2.5"
        << "model.layers: expected an integer from 1 to 100000, got 2.5"
        << "";
    QTest::newRow("layers text") << "model.layers"
                                 << "many"
                                 << "model.layers: expected an integer from 1 to 100000, got \"many\""
                                 << "";
    QTest::newRow("layers 1e3 = 1000") << "model.layers"
                                       << "1e3"
                                       << ""
                                       << "1000";
    QTest::newRow("params 7.5B = 7.5e9 (count suffix)") << "model.params"
                                                        << "7.5B"
                                                        << ""
                                                        << "7.5e+09";
    QTest::newRow("params 7.5e9 (exponent)") << "model.params"
                                             << "7.5e9"
                                             << ""
                                             << "7.5e+09";
    QTest::newRow("params 0 (min exclusive)")
        << "model.params"
        << "0"
        << "model.params: expected a count greater than 0 and at most 1e+16, got 0"
        << "";
    QTest::newRow("grad_comm_bits 4 not a choice")
        << "training.grad_comm_bits"
        << "4"
        << "training.grad_comm_bits: expected one of 32, 16, 8, 1, got 4"
        << "";
    QTest::newRow("grad_comm_bits 8") << "training.grad_comm_bits"
                                      << "8"
                                      << ""
                                      << "8";
    QTest::newRow("precision typo suggests") << "training.precision"
                                             << "bf17-mixed"
                                             << "training.precision: expected one of bf16-mixed, fp16-mixed, "
                                                "fp32, bf16, fp8-mixed, got \"bf17-mixed\" "
                                                "(did you mean bf16-mixed?)"
                                             << "";
    QTest::newRow("precision fp8-mixed") << "training.precision"
                                         << "fp8-mixed"
                                         << ""
                                         << "fp8-mixed";
    QTest::newRow("flash_attention maybe")
        << "training.flash_attention"
        << "maybe"
        << "training.flash_attention: expected true or false, got \"maybe\""
        << "";
    QTest::newRow("flash_attention true") << "training.flash_attention"
                                          << "true"
                                          << ""
                                          << "true";
    QTest::newRow("overlap 0") << "training.overlap_grad_reduce"
                               << "0"
                               << ""
                               << "false";
    QTest::newRow("efficiency 50% = 0.5") << "compute.efficiency"
                                          << "50%"
                                          << ""
                                          << "0.5";
    QTest::newRow("efficiency 0: the kernel model") << "compute.efficiency"
                                                    << "0"
                                                    << ""
                                                    << "0";
    QTest::newRow("efficiency 1.5") << "compute.efficiency"
                                    << "1.5"
                                    << "compute.efficiency: expected a fraction from 0 to 1, got 1.5"
                                    << "";
    QTest::newRow("scale 0 (min exclusive)")
        << "compute.scale"
        << "0"
        << "compute.scale: expected a number greater than 0 and at most 100, got 0"
        << "";
    QTest::newRow("allocator_fraction 0 allowed") << "overheads.allocator_fraction"
                                                  << "0"
                                                  << ""
                                                  << "0";
    QTest::newRow("cuda context 1 GiB = 2^30") << "overheads.cuda_context_bytes"
                                               << "1 GiB"
                                               << ""
                                               << "1073741824";
    QTest::newRow("cuda context in seconds") << "overheads.cuda_context_bytes"
                                             << "2 ms"
                                             << "overheads.cuda_context_bytes: expected a size such as \"80 "
                                                "GiB\", \"40 GB\" or \"1.5e9\" (bytes), got \"2 ms\""
                                             << "";
    QTest::newRow("hbm bandwidth given bytes")
        << "cluster.gpu.hbm_Bps"
        << "80 GiB"
        << "cluster.gpu.hbm_Bps: expected a bandwidth such as \"25 GB/s\" or \"200 Gb/s\", got \"80 GiB\""
        << "";
    QTest::newRow("hbm 3.35 TB/s") << "cluster.gpu.hbm_Bps"
                                   << "3.35 TB/s"
                                   << ""
                                   << "3.35e+12";
    QTest::newRow("network ib-ndr") << "cluster.network.kind"
                                    << "ib-ndr"
                                    << ""
                                    << "ib-ndr";
    QTest::newRow("network token-ring") << "cluster.network.kind"
                                        << "token-ring"
                                        << "cluster.network.kind: expected one of ib-edr,"
                                        << "";
    QTest::newRow("preset unknown") << "cluster.node_preset"
                                    << "dgx-z100"
                                    << "cluster.node_preset: expected one of auto, dgx1-v100,"
                                    << "";
    QTest::newRow("rank_order dp-tp-pp") << "parallel.rank_order"
                                         << "dp-tp-pp"
                                         << ""
                                         << "dp-tp-pp";
    QTest::newRow("rank_order tp-tp-pp") << "parallel.rank_order"
                                         << "tp-tp-pp"
                                         << "parallel.rank_order: expected one of"
                                         << "";
    QTest::newRow("gpus_per_node 1025")
        << "cluster.gpus_per_node"
        << "1025"
        << "cluster.gpus_per_node: expected an integer from 1 to 1024, got 1025"
        << "";
    QTest::newRow("nics 0 allowed") << "cluster.network.nics_per_node"
                                    << "0"
                                    << ""
                                    << "0";
    QTest::newRow("name keeps spaces") << "name"
                                       << " my run "
                                       << ""
                                       << " my run ";
    QTest::newRow("unknown path suggests") << "model.hiden"
                                           << "4096"
                                           << "model.hiden: unknown field (did you mean model.hidden?)"
                                           << "";
    QTest::newRow("unknown path, right key in the wrong section")
        << "training.zero_stage"
        << "1"
        << "training.zero_stage: unknown field (did you mean parallel.zero_stage?)"
        << "";
    QTest::newRow("unknown path far from any") << "foo.bar"
                                               << "1"
                                               << "foo.bar: unknown field"
                                               << "";
    QTest::newRow("unknown GPU lists the catalogue")
        << "cluster.gpu"
        << "A100"
        << "cluster.gpu: expected a GPU id from the catalogue (V100-SXM2-16GB,"
        << "";
}

void TestFields::setFromText()
{
    QFETCH(QString, path);
    QFETCH(QString, text);
    QFETCH(QString, error);
    QFETCH(QString, stored);
    ss::Scenario scenario = ss::defaultScenario();
    const ss::Scenario before = scenario;
    const QString got = q(ss::setFieldFromText(scenario, path.toStdString(), text.toStdString()));
    if (error.isEmpty()) {
        QCOMPARE(got, QString());
        const ss::FieldInfo* field = ss::findField(path.toStdString());
        QVERIFY(field);
        QCOMPARE(q(ss::fieldText(*field, field->get(scenario))), stored);
    } else {
        QVERIFY2(got.startsWith(error), qPrintable(got));
        QVERIFY(scenario == before); // a rejected value changes nothing
    }
}

void TestFields::gpuFromCatalogue()
{
    // The setter copies the catalogue entry (gpucatalog.h) and keeps its id.
    ss::Scenario s = ss::defaultScenario();
    QCOMPARE(q(ss::setFieldFromText(s, "cluster.gpu", "H100-SXM5-80GB")), QString());
    const ss::GpuCatalogEntry* entry = ss::findGpu("H100-SXM5-80GB");
    QVERIFY(entry);
    QCOMPARE(q(s.cluster.gpu_id), QStringLiteral("H100-SXM5-80GB"));
    QVERIFY(s.cluster.gpu == entry->spec);
    const ss::FieldInfo* field = ss::findField("cluster.gpu");
    QCOMPARE(q(field->get(s).text), QStringLiteral("H100-SXM5-80GB"));
    // Every catalogue id is a choice.
    QCOMPARE(field->choices.size(), ss::gpuCatalog().size());
}

void TestFields::customGpuField()
{
    // Setting any cluster.gpu.* makes the GPU custom (gpu_id "").
    ss::Scenario s = ss::defaultScenario();
    QVERIFY(!s.cluster.gpu_id.empty());
    QCOMPARE(q(ss::setFieldFromText(s, "cluster.gpu.memory_bytes", "24 GiB")), QString());
    QCOMPARE(q(s.cluster.gpu_id), QString());
    QCOMPARE(s.cluster.gpu.memory_bytes, 24.0 * 1073741824.0);
    s = ss::defaultScenario();
    QCOMPARE(q(ss::setFieldFromText(s, "cluster.gpu.name", "My accelerator")), QString());
    QCOMPARE(q(s.cluster.gpu_id), QString());
    QCOMPARE(q(s.cluster.gpu.name), QStringLiteral("My accelerator"));
    s = ss::defaultScenario();
    QCOMPARE(q(ss::setFieldFromText(s, "cluster.gpu.peak_flops", "1 PFLOP/s")), QString());
    QCOMPARE(s.cluster.gpu.peak_flops, 1e15);
    QCOMPARE(q(s.cluster.gpu_id), QString());
}

void TestFields::getSetIsIdentity()
{
    // Setting every field to the value it holds changes nothing (apart from cluster.gpu.* turning the
    // GPU custom, by design), and the value passes its own check.
    const ss::Scenario original = ss::defaultScenario();
    for (const ss::FieldInfo& field : ss::scenarioFields()) {
        ss::Scenario s = original;
        const ss::FieldValue value = field.get(s);
        // model.params of a transformer is derived and holds 0, outside its range on purpose.
        if (field.path != "name" && field.path != "cluster.gpu.name" && field.path != "model.params")
            QVERIFY2(ss::checkFieldValue(field, value).empty(), field.path.c_str());
        QVERIFY2(field.set(s, value).empty(), field.path.c_str());
        if (field.path.rfind("cluster.gpu.", 0) == 0)
            s.cluster.gpu_id = original.cluster.gpu_id;
        QVERIFY2(s == original, field.path.c_str());
        // Text round trip as a panel or --set would do it.
        if (field.path == "model.params")
            continue;
        ss::FieldValue parsed;
        const std::string text = ss::fieldText(field, value);
        QVERIFY2(ss::parseFieldText(field, text, parsed).empty(), field.path.c_str());
        QVERIFY2(parsed == value || field.type == ss::FieldType::Bool || field.type == ss::FieldType::Enum ||
                     field.type == ss::FieldType::Text,
                 field.path.c_str());
    }
}

void TestFields::fieldText_data()
{
    QTest::addColumn<QString>("path");
    QTest::addColumn<double>("number");
    QTest::addColumn<QString>("expected");
    // Shortest text that reads back to the same double.
    QTest::newRow("80 GiB as plain bytes") << "cluster.gpu.memory_bytes" << 85899345920.0 << "85899345920";
    QTest::newRow("1.75e11 params") << "model.params" << 1.75e11 << "1.75e+11";
    QTest::newRow("0.1 efficiency") << "compute.efficiency" << 0.1 << "0.1";
    QTest::newRow("int 1536") << "training.global_batch" << 1536.0 << "1536";
}

void TestFields::fieldText()
{
    QFETCH(QString, path);
    QFETCH(double, number);
    QFETCH(QString, expected);
    const ss::FieldInfo* field = ss::findField(path.toStdString());
    QVERIFY(field);
    ss::FieldValue value;
    value.number = number;
    QCOMPARE(q(ss::fieldText(*field, value)), expected);
}

void TestFields::enumNames()
{
    // The scenario file's spellings (docs/formats.md), both ways.
    QCOMPARE(QString::fromLatin1(ss::enumName(ss::Precision::Bf16Mixed)), QStringLiteral("bf16-mixed"));
    QCOMPARE(QString::fromLatin1(ss::enumName(ss::Optimizer::Adam8bit)), QStringLiteral("adam-8bit"));
    QCOMPARE(QString::fromLatin1(ss::enumName(ss::Schedule::OneFOneB)), QStringLiteral("1f1b"));
    QCOMPARE(QString::fromLatin1(ss::enumName(ss::Schedule::ZbH1)), QStringLiteral("zb-h1"));
    QCOMPARE(QString::fromLatin1(ss::enumName(ss::DpSync::ParameterServer)),
             QStringLiteral("parameter-server"));
    QCOMPARE(QString::fromLatin1(ss::enumName(ss::Offload::Nvme)), QStringLiteral("nvme"));
    QCOMPARE(QString::fromLatin1(ss::enumName(ss::ModelKind::Params)), QStringLiteral("params"));
    QCOMPARE(QString::fromLatin1(ss::enumName(ss::NormKind::RmsNorm)), QStringLiteral("rmsnorm"));
    QCOMPARE(QString::fromLatin1(ss::enumName(ss::BiasKind::Qkv)), QStringLiteral("qkv"));
    QCOMPARE(QString::fromLatin1(ss::enumName(ss::PositionEmbedding::Rotary)), QStringLiteral("rotary"));
    QCOMPARE(QString::fromLatin1(ss::enumName(ss::FfnKind::Swiglu)), QStringLiteral("swiglu"));
    QCOMPARE(QString::fromLatin1(ss::enumName(ss::Recompute::Selective)), QStringLiteral("selective"));

    ss::Schedule schedule = ss::Schedule::GPipe;
    QVERIFY(ss::enumFromName("interleaved", schedule));
    QCOMPARE(schedule, ss::Schedule::Interleaved);
    QVERIFY(!ss::enumFromName("Interleaved", schedule)); // names are case-sensitive
    QCOMPARE(schedule, ss::Schedule::Interleaved);
    ss::Precision precision = ss::Precision::Fp32;
    QVERIFY(ss::enumFromName("fp16-mixed", precision));
    QCOMPARE(precision, ss::Precision::Fp16Mixed);
    QVERIFY(!ss::enumFromName("", precision));

    // Every enum field's choices map back to a distinct value through its setter.
    for (const ss::FieldInfo& field : ss::scenarioFields()) {
        if (field.type != ss::FieldType::Enum)
            continue;
        for (const std::string& choice : field.choices) {
            ss::Scenario s = ss::defaultScenario();
            ss::FieldValue v;
            v.text = choice;
            QVERIFY2(field.set(s, v).empty(), choice.c_str());
            QCOMPARE(q(field.get(s).text), q(choice));
        }
    }
}

void TestFields::linkKinds_data()
{
    QTest::addColumn<QString>("kind");
    QTest::addColumn<bool>("known");
    // docs/formats.md: a prefix, optionally followed by a generation or speed.
    QTest::newRow("nvlink3") << "nvlink3" << true;
    QTest::newRow("nvlink") << "nvlink" << true;
    QTest::newRow("nvswitch") << "nvswitch" << true;
    QTest::newRow("pcie-gen4-x16") << "pcie-gen4-x16" << true;
    QTest::newRow("host") << "host" << true;
    QTest::newRow("qpi") << "qpi" << true;
    QTest::newRow("upi") << "upi" << true;
    QTest::newRow("ib-hdr") << "ib-hdr" << true;
    QTest::newRow("roce-200g") << "roce-200g" << true;
    QTest::newRow("ethernet-10g") << "ethernet-10g" << true;
    QTest::newRow("nvlinkx (prefix then a letter)") << "nvlinkx" << false;
    QTest::newRow("ibm") << "ibm" << false;
    QTest::newRow("token-ring") << "token-ring" << false;
    QTest::newRow("empty") << "" << false;
    QTest::newRow("NVLINK3 (case-sensitive)") << "NVLINK3" << false;
}

void TestFields::linkKinds()
{
    QFETCH(QString, kind);
    QFETCH(bool, known);
    QCOMPARE(ss::isKnownLinkKind(kind.toStdString()), known);
    QCOMPARE(ss::topologyDeviceKinds().size(), std::size_t(8)); // the device kinds of docs/formats.md
}

void TestFields::nearest()
{
    const std::vector<std::string> words{"model.hidden", "model.heads", "model.layers"};
    QCOMPARE(q(ss::nearestName("model.hiden", words)), QStringLiteral("model.hidden"));
    QCOMPARE(q(ss::nearestName("model.layer", words)), QStringLiteral("model.layers"));
    QCOMPARE(q(ss::nearestName("training.zzz", words)), QString());
    QCOMPARE(q(ss::nearestName("model.hidden", words)), QString()); // exact: nothing to suggest
    QCOMPARE(q(ss::nearestName("MODEL.HIDDEN", words)), QStringLiteral("model.hidden")); // case slip
    const std::vector<std::string> gpus{"H100-SXM5-80GB", "H100-PCIe", "H200"};
    QCOMPARE(q(ss::nearestName("h100", gpus)), QStringLiteral("H100-SXM5-80GB")); // shortened id
    QCOMPARE(q(ss::nearestName("h100-pcie", gpus)), QStringLiteral("H100-PCIe"));
    QCOMPARE(q(ss::nearestName("h2OO", gpus)), QStringLiteral("H200")); // letter O for zero: two slips
    QCOMPARE(q(ss::nearestName("tpu-v4", gpus)), QString());            // nothing alike
}

QTEST_APPLESS_MAIN(TestFields)
#include "tst_fields.moc"
