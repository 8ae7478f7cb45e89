// SPDX-License-Identifier: GPL-3.0-or-later
// Scenario files: the built-in examples, exact round trips, and every class of malformed input with its
// one-line message "FILE: JSON.PATH: what was expected".
#include "examples.h"
#include "fields.h"
#include "gpucatalog.h"
#include "importer.h"
#include "scenariojson.h"
#include "topologyjson.h"
#include "validate.h"
#include "workload.h"

#include <QDir>
#include <QFile>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTemporaryDir>
#include <QTest>

#include <cmath>

#include <sys/stat.h>
#include <unistd.h>

namespace {

QString dataFile(const char* name)
{
    return QStringLiteral(SHARDSCOPE_TEST_DATA "/") + QLatin1String(name);
}

QByteArray readAll(const QString& fileName)
{
    QFile file(fileName);
    if (!file.open(QIODevice::ReadOnly))
        return {};
    return file.readAll();
}

// A scenario document with BODY after the header; BODY starts with a comma when not empty.
QByteArray scenarioJson(const char* body)
{
    return QByteArray("{\"format\": \"shardscope-scenario\", \"version\": 1") + body + "}";
}

// The valid scenario most malformed rows start from: the default cluster (one node of 8 GPUs) with dp 8.
constexpr const char* kValid = R"(, "parallel": {"dp": 8})";

ss::Scenario customScenario()
{
    ss::Scenario s = ss::defaultScenario();
    s.name = "Custom \"quoted\" name with\ttab and ünïcode";
    s.cluster.gpu_id.clear();
    s.cluster.gpu = {"Prototype X", 48.0 * 1073741824.0, 123.456e12, 1.234e12};
    s.cluster.nodes = 2;
    s.cluster.gpus_per_node = 2;
    s.parallel.dp = 4;
    s.training.global_batch = 64;
    s.training.micro_batch = 2;
    s.compute.efficiency = 0.1 + 0.2; // not a short decimal: the writer must keep every digit
    s.overheads.allocator_fraction = 1.0 / 3.0;
    ss::Topology t;
    for (int i = 0; i < 4; ++i)
        t.nodes.push_back(
            {"gpu" + std::to_string(i), "gpu", "GPU " + std::to_string(i), 10.0 * i + 0.1, -3.5});
    t.nodes.push_back({"sw", "switch", "", 0, 0});
    t.links.push_back({"l0", "gpu0", "gpu1", "nvlink3", 300e9 / 7.0, 7e-7, 0.8, 12});
    t.links.push_back({"l1", "gpu2", "gpu3", "nvlink3", 300e9, 0, 1.0, 1});
    t.links.push_back({"l2", "gpu0", "sw", "ib-hdr", 25e9, 1.3e-6, 0.93, 1});
    t.links.push_back({"l3", "gpu2", "sw", "roce-200g", 25e9, 2e-6, 0.9, 1});
    s.cluster.topology = t;
    return s;
}

} // namespace

class TestScenarioJson : public QObject
{
    Q_OBJECT

private slots:
    void examplesListed();
    void example_data();
    void example();
    void exampleArchitectures();
    void moeAndLongContextExamples();
    void defaultExampleIsTheDefault();
    void unknownExample();
    void roundTripCustom();
    void roundTripDataFile();
    void transformerParamsDerived();
    void paramsKindNeedsParams();
    void missingKeysKeepDefaults();
    void unitStringsOnInput();
    void writerOrderAndHeader();
    void malformed_data();
    void malformed();
    void failedReadLeavesScenarioUntouched();
    void fieldsOnlySkipsValidation();
    void loadMissingFile();
    void loadDirectory();
    void loadFifoDoesNotBlock();
    void saveAndLoad();
    void saveToMissingDirectory();
    void saveToReadOnlyDirectoryKeepsFile();
};

void TestScenarioJson::examplesListed()
{
    // At least GPT-3 175B, Llama-2 7B ZeRO-3, Llama-2 70B, a 1.3B PCIe offload box and the default, plus the
    // offload, pipeline-schedule and gradient-compression teaching cases.
    QStringList ids;
    for (const ss::io::ExampleInfo& info : ss::io::examples()) {
        ids << info.id;
        QVERIFY2(!info.title.isEmpty(), qPrintable(info.id));
        QVERIFY2(info.description.size() > 80, qPrintable(info.id)); // says where the numbers come from
    }
    QCOMPARE(ids,
             (QStringList{"default", "gpt3-175b-megatron", "llama2-7b-zero3", "llama2-70b",
                          "gpt-1.3b-pcie-offload", "zero3-offload-pcie-gen3", "pipeline-schedules-8-stages",
                          "dp-10gbe-gradient-bits", "qwen2-0.5b-one-rtx4090", "llama2-70b-gb200-nvl72",
                          "deepseek-v3-2048-h800", "llama3.1-405b-16k-h100", "mixtral-8x7b-ep8-h100",
                          "qwen3-30b-a3b-one-node", "llama3.1-8b-qlora-rtx4090", "llama3.1-70b-qlora-h100"}));

    // Every file in resources/examples is in the index, and the other way round.
    const QDir dir(QStringLiteral(SHARDSCOPE_TEST_DATA "/../../../resources/examples"));
    QStringList files = dir.entryList({QStringLiteral("*.json")}, QDir::Files, QDir::Name);
    files.removeAll(QStringLiteral("index.json"));
    QStringList expected;
    for (const QString& id : ids)
        expected << id + QStringLiteral(".json");
    expected.sort();
    QCOMPARE(files, expected);
}

void TestScenarioJson::example_data()
{
    QTest::addColumn<QString>("id");
    for (const ss::io::ExampleInfo& info : ss::io::examples())
        QTest::newRow(qPrintable(info.id)) << info.id;
}

void TestScenarioJson::example()
{
    QFETCH(QString, id);
    ss::Scenario s;
    QString error;
    QVERIFY2(ss::io::loadExample(id, s, &error), qPrintable(error));
    QVERIFY(ss::validateScenario(s).empty());
    QVERIFY(!s.cluster.gpu_id.empty());
    QVERIFY(s.cluster.gpu == ss::findGpu(s.cluster.gpu_id)->spec);
    for (const ss::io::ExampleInfo& info : ss::io::examples())
        if (info.id == id)
            QCOMPARE(QString::fromStdString(s.name), info.title);

    // Round trip: read(write(s)) == s, and writing again gives the same bytes.
    const QByteArray written = ss::io::writeScenario(s);
    ss::Scenario back;
    QVERIFY2(ss::io::readScenario(written, back, &error, id), qPrintable(error));
    QVERIFY(back == s);
    QCOMPARE(ss::io::writeScenario(back), written);
}

void TestScenarioJson::exampleArchitectures()
{
    QString error;
    ss::Scenario s;

    // GPT-3 175B: Brown et al. 2020, Table 2.1; layout of Narayanan et al. SC'21, Table 1.
    QVERIFY2(ss::io::loadExample(QStringLiteral("gpt3-175b-megatron"), s, &error), qPrintable(error));
    QCOMPARE(s.model.layers, 96);
    QCOMPARE(s.model.hidden, 12288);
    QCOMPARE(s.model.heads, 96);
    QCOMPARE(s.model.ffn_hidden, 49152);
    QCOMPARE(s.model.vocab, 51200);
    QCOMPARE(s.model.seq_len, 2048);
    QCOMPARE(s.gpus(), 1024);
    QCOMPARE(s.parallel.tp * s.parallel.pp * s.parallel.dp, 8 * 8 * 16);
    QCOMPARE(s.training.global_batch, 1536);
    // Narayanan et al. eq. 2: P = 12Lh² + 13Lh + (V + s)h for tied embeddings and learned positions,
    // plus the final layer norm's 2h, which eq. 2 leaves out.
    {
        const double L = 96, h = 12288, V = 51200, seq = 2048;
        QCOMPARE(ss::countParams(s.model).total, 12 * L * h * h + 13 * L * h + (V + seq) * h + 2 * h);
    }

    // Llama-2 7B: 6,738,415,616 parameters, worked from the HF config (32 layers, 4096, 11008, 32000):
    // 2·32000·4096 + 32·(4·4096² + 3·4096·11008 + 2·4096) + 4096.
    QVERIFY2(ss::io::loadExample(QStringLiteral("llama2-7b-zero3"), s, &error), qPrintable(error));
    QCOMPARE(ss::countParams(s.model).total, 6738415616.0);
    QCOMPARE(s.parallel.zero_stage, 3);
    QCOMPARE(s.gpus(), 8);

    // Llama-2 70B: 68,976,648,192 parameters: 2·32000·8192 + 80·(2·8192² + 2·8192·1024 + 3·8192·28672
    // + 2·8192) + 8192 (GQA with 8 KV heads of 128).
    QVERIFY2(ss::io::loadExample(QStringLiteral("llama2-70b"), s, &error), qPrintable(error));
    QCOMPARE(ss::countParams(s.model).total, 68976648192.0);
    QCOMPARE(s.model.kv_heads, 8);

    // The offload box: 4 GPUs on the two-socket PCIe preset, ZeRO-3 with CPU offload of both.
    QVERIFY2(ss::io::loadExample(QStringLiteral("gpt-1.3b-pcie-offload"), s, &error), qPrintable(error));
    QCOMPARE(QString::fromStdString(s.cluster.node_preset), QStringLiteral("pcie-qpi-4gpu"));
    QCOMPARE(s.gpus(), 4);
    QCOMPARE(s.parallel.zero_stage, 3);
    QCOMPARE(s.parallel.offload_optimizer, ss::Offload::Cpu);
    QCOMPARE(s.parallel.offload_params, ss::Offload::Cpu);
}

// The mixture-of-experts and long-context examples against the parameter counts and layouts their sources
// publish.
void TestScenarioJson::moeAndLongContextExamples()
{
    QString error;
    ss::Scenario s;
    const auto near = [](double value, double expected, double tolerance) {
        return std::abs(value - expected) <= tolerance * expected;
    };

    // DeepSeek-V3 (arXiv:2412.19437): 671B parameters, 37B active per token; §3.2 PP 16, EP 64 over 8
    // nodes, ZeRO-1 DP on 2,048 H800; §4.2 a batch of 15360 sequences of 4K tokens.
    QVERIFY2(ss::io::loadExample(QStringLiteral("deepseek-v3-2048-h800"), s, &error), qPrintable(error));
    const ss::ParamCount deepseek = ss::countParams(s.model);
    QVERIFY2(near(deepseek.total, 671e9, 0.005), qPrintable(QString::number(deepseek.total)));
    QVERIFY2(near(deepseek.active, 37e9, 0.02), qPrintable(QString::number(deepseek.active)));
    QCOMPARE(s.gpus(), 2048);
    QCOMPARE(s.parallel.pp, 16);
    QCOMPARE(s.parallel.ep, 64);
    QCOMPARE(s.parallel.tp, 1);
    QCOMPARE(s.parallel.zero_stage, 1);
    QCOMPARE(s.training.global_batch, 15360);
    QCOMPARE(s.model.seq_len, 4096);
    QCOMPARE(s.training.precision, ss::Precision::Fp8Mixed);
    QCOMPARE(s.training.fp8_recipe, ss::Fp8Recipe::Block);

    // Llama 3.1 405B (arXiv:2407.21783): Table 3's 405B; Table 4's long-context row, 16M tokens per batch;
    // §3.3.2 the first and last stages one layer short.
    QVERIFY2(ss::io::loadExample(QStringLiteral("llama3.1-405b-16k-h100"), s, &error), qPrintable(error));
    QVERIFY(near(ss::countParams(s.model).total, 405e9, 0.01));
    QCOMPARE(s.gpus(), 16384);
    QCOMPARE(s.parallel.tp * s.parallel.cp * s.parallel.pp * s.parallel.dp, 8 * 16 * 16 * 8);
    QCOMPARE(s.parallel.cp, 16);
    QCOMPARE(s.model.seq_len, 131072);
    QCOMPARE(s.training.global_batch * s.model.seq_len, 128 * 131072); // 16.8M tokens
    QCOMPARE(ss::layersPerStage(s).front(), 7);
    QCOMPARE(ss::layersPerStage(s).back(), 7);
    QCOMPARE(s.parallel.cp_comm, ss::CpComm::AllGather);

    // Mixtral 8x7B (arXiv:2401.04088): 47B parameters, 13B active; 8 experts, top-2.
    QVERIFY2(ss::io::loadExample(QStringLiteral("mixtral-8x7b-ep8-h100"), s, &error), qPrintable(error));
    const ss::ParamCount mixtral = ss::countParams(s.model);
    QVERIFY2(near(mixtral.total, 46.7e9, 0.01), qPrintable(QString::number(mixtral.total)));
    QVERIFY2(near(mixtral.active, 12.9e9, 0.01), qPrintable(QString::number(mixtral.active)));
    QCOMPARE(s.parallel.ep, 8);

    // Qwen3-30B-A3B (model card of Qwen/Qwen3-30B-A3B): 30.5B parameters, 3.3B active.
    QVERIFY2(ss::io::loadExample(QStringLiteral("qwen3-30b-a3b-one-node"), s, &error), qPrintable(error));
    const ss::ParamCount qwen = ss::countParams(s.model);
    QVERIFY2(near(qwen.total, 30.5e9, 0.01), qPrintable(QString::number(qwen.total)));
    QVERIFY2(near(qwen.active, 3.3e9, 0.02), qPrintable(QString::number(qwen.active)));
    QCOMPARE(s.gpus(), 8);
    QCOMPARE(s.parallel.ep, 8);
}

void TestScenarioJson::defaultExampleIsTheDefault()
{
    // One default: the example file and ss::defaultScenario() (scenario.cpp) must agree.
    QVERIFY(ss::io::defaultExampleScenario() == ss::defaultScenario());
}

void TestScenarioJson::unknownExample()
{
    ss::Scenario s = ss::defaultScenario();
    QString error;
    QVERIFY(!ss::io::loadExample(QStringLiteral("gpt5"), s, &error));
    QVERIFY(error.startsWith(QStringLiteral("gpt5: no such built-in example")));
    QVERIFY(!ss::io::loadExample(QStringLiteral("../examples/default"), s, &error));
    QVERIFY(s == ss::defaultScenario());
}

void TestScenarioJson::roundTripCustom()
{
    const ss::Scenario s = customScenario();
    QVERIFY(ss::validateScenario(s).empty());
    const QByteArray written = ss::io::writeScenario(s);
    ss::Scenario back;
    QString error;
    QVERIFY2(ss::io::readScenario(written, back, &error, QStringLiteral("custom.json")), qPrintable(error));
    QVERIFY(back.cluster.topology == s.cluster.topology);
    QVERIFY(back.cluster.gpu == s.cluster.gpu);
    QCOMPARE(back.compute.efficiency, 0.1 + 0.2);
    QVERIFY(back == s);
    QCOMPARE(ss::io::writeScenario(back), written);
    // The custom GPU is written as an object, not an id.
    const QJsonObject cluster =
        QJsonDocument::fromJson(written).object().value(QLatin1String("cluster")).toObject();
    QVERIFY(cluster.value(QLatin1String("gpu")).isObject());
    QVERIFY(cluster.value(QLatin1String("topology")).isObject());
}

void TestScenarioJson::roundTripDataFile()
{
    ss::Scenario s;
    QString error;
    QVERIFY2(ss::io::loadScenarioFile(dataFile("custom-gpu-topology.json"), s, &error), qPrintable(error));
    // Unit strings of the file, by the unit definitions (IEC 2^30 for GiB, 8 bits per byte).
    QCOMPARE(s.cluster.gpu.memory_bytes, 24.0 * 1073741824.0);
    QCOMPARE(s.cluster.gpu.peak_flops, 100e12);
    QCOMPARE(s.cluster.gpu.hbm_Bps, 900e9);
    QCOMPARE(s.model.kind, ss::ModelKind::Params);
    QCOMPARE(s.model.params, 1.3e9);
    QVERIFY(s.cluster.gpu_id.empty());
    QVERIFY(s.cluster.topology);
    QCOMPARE(s.cluster.topology->nodes.size(), std::size_t(9));
    QCOMPARE(s.cluster.topology->links.size(), std::size_t(8));
    QCOMPARE(s.cluster.topology->links[0].bandwidth_Bps, 19.2e9);
    QCOMPARE(s.cluster.topology->links[0].latency_s, 1e-6);
    QCOMPARE(s.cluster.topology->links[1].efficiency, 0.75);
    QCOMPARE(s.cluster.topology->links[2].efficiency, 1.0); // default when absent
    QCOMPARE(s.cluster.topology->links[6].count, 2);
    QCOMPARE(s.cluster.topology->links[7].bandwidth_Bps, 1.25e9); // 10 Gb/s
    QCOMPARE(s.compute.efficiency, 0.4);
    QCOMPARE(s.overheads.cuda_context_bytes, 300.0 * 1048576.0);

    const QByteArray written = ss::io::writeScenario(s);
    ss::Scenario back;
    QVERIFY2(ss::io::readScenario(written, back, &error), qPrintable(error));
    QVERIFY(back == s);
    QCOMPARE(ss::io::writeScenario(back), written);
    // Output never carries unit strings (docs/formats.md, "Scenario file"): the GPU memory is a plain number
    // of bytes.
    const QJsonObject gpu = QJsonDocument::fromJson(written)
                                .object()
                                .value(QLatin1String("cluster"))
                                .toObject()
                                .value(QLatin1String("gpu"))
                                .toObject();
    QCOMPARE(gpu.value(QLatin1String("memory_bytes")).toDouble(), 25769803776.0);
    QVERIFY(!written.contains("GiB"));
}

void TestScenarioJson::transformerParamsDerived()
{
    // docs/formats.md, "Scenario file": for a transformer, model.params is derived; ignored on input, written
    // on output.
    ss::Scenario s;
    QString error;
    QVERIFY2(
        ss::io::readScenario(scenarioJson(R"(, "model": {"params": 123}, "parallel": {"dp": 8})"), s, &error),
        qPrintable(error));
    QCOMPARE(s.model.params, 0.0);
    const QJsonObject model =
        QJsonDocument::fromJson(ss::io::writeScenario(s)).object().value(QLatin1String("model")).toObject();
    QCOMPARE(model.value(QLatin1String("params")).toDouble(), ss::countParams(s.model).total);
    // Ignored means ignored: even a value out of range does not fail a transformer.
    QVERIFY2(
        ss::io::readScenario(scenarioJson(R"(, "model": {"params": -1}, "parallel": {"dp": 8})"), s, &error),
        qPrintable(error));
}

void TestScenarioJson::paramsKindNeedsParams()
{
    ss::Scenario s;
    QString error;
    QVERIFY(!ss::io::readScenario(scenarioJson(R"(, "model": {"kind": "params"}, "parallel": {"dp": 8})"), s,
                                  &error, QStringLiteral("p.json")));
    QVERIFY2(error.startsWith(QStringLiteral("p.json: model.params: missing")), qPrintable(error));
    QVERIFY(ss::io::readScenario(
        scenarioJson(R"(, "model": {"kind": "params", "params": "7.5B"}, "parallel": {"dp": 8})"), s,
        &error));
    QCOMPARE(s.model.params, 7.5e9);
}

void TestScenarioJson::missingKeysKeepDefaults()
{
    ss::Scenario s;
    QString error;
    QVERIFY2(ss::io::readScenario(scenarioJson(kValid), s, &error), qPrintable(error));
    ss::Scenario expected; // ss::Scenario's defaults, the GPU resolved from the catalogue
    expected.parallel.dp = 8;
    expected.cluster.gpu = ss::findGpu(expected.cluster.gpu_id)->spec;
    QVERIFY(s == expected);
}

void TestScenarioJson::unitStringsOnInput()
{
    ss::Scenario s;
    QString error;
    QVERIFY2(ss::io::readScenario(scenarioJson(R"(, "parallel": {"dp": "8"},
        "cluster": {"gpu": {"name": "G", "memory_bytes": "80 GiB", "peak_flops": "1.2 PFLOPS", "hbm_Bps": "3.35 TB/s"}},
        "compute": {"efficiency": "45%"}, "training": {"global_batch": "1024"})"),
                                  s, &error),
             qPrintable(error));
    QCOMPARE(s.cluster.gpu.memory_bytes, 85899345920.0);
    QCOMPARE(s.cluster.gpu.peak_flops, 1.2e15);
    QCOMPARE(s.cluster.gpu.hbm_Bps, 3.35e12);
    QCOMPARE(s.compute.efficiency, 0.45);
    QCOMPARE(s.parallel.dp, 8);
}

void TestScenarioJson::writerOrderAndHeader()
{
    const QByteArray written = ss::io::writeScenario(ss::defaultScenario());
    // The header first, the sections in the contract's order, indented, ending with a newline.
    QVERIFY(written.startsWith("{\n  \"format\": \"shardscope-scenario\",\n  \"version\": 1,\n  \"name\": "));
    QVERIFY(written.endsWith("}\n"));
    const qsizetype model = written.indexOf("\"model\"");
    const qsizetype training = written.indexOf("\"training\"");
    const qsizetype parallel = written.indexOf("\"parallel\"");
    const qsizetype cluster = written.indexOf("\"cluster\"");
    const qsizetype compute = written.indexOf("\"compute\"");
    const qsizetype overheads = written.indexOf("\"overheads\"");
    QVERIFY(model > 0 && model < training && training < parallel && parallel < cluster && cluster < compute &&
            compute < overheads);
    QVERIFY(written.contains("\"gpu\": \"A100-SXM4-80GB\""));
    // Every field of the table is written.
    const QJsonObject root = QJsonDocument::fromJson(written).object();
    for (const ss::FieldInfo& field : ss::scenarioFields()) {
        if (field.path.rfind("cluster.gpu.", 0) == 0)
            continue; // a catalogue GPU is written as its id
        const QStringList parts = QString::fromStdString(field.path).split(QLatin1Char('.'));
        QJsonValue v = root;
        for (const QString& part : parts)
            v = v.toObject().value(part);
        QVERIFY2(!v.isUndefined(), field.path.c_str());
    }
}

void TestScenarioJson::malformed_data()
{
    QTest::addColumn<QByteArray>("json");
    QTest::addColumn<QString>("fileName");
    QTest::addColumn<QString>("message"); // the whole message, or its beginning when it ends with "..."

    const auto row = [](const char* name, const QByteArray& json, const char* message,
                        const char* file = "x.json") {
        QTest::newRow(name) << json << QString::fromLatin1(file) << QString::fromUtf8(message);
    };

    // Unknown keys at several depths: a typo must not fall back to a default (docs/formats.md).
    row("unknown key, top level", scenarioJson(R"(, "modle": {})"),
        "x.json: modle: unknown key (did you mean model?)");
    row("unknown key, depth 2", scenarioJson(R"(, "model": {"hiden": 4096})"),
        "x.json: model.hiden: unknown key (did you mean model.hidden?)");
    row("unknown key, depth 3", scenarioJson(R"(, "cluster": {"network": {"knd": "ib-hdr"}})"),
        "x.json: cluster.network.knd: unknown key (did you mean cluster.network.kind?)");
    row("unknown key, in the wrong section", scenarioJson(R"(, "training": {"zero_stage": 1})"),
        "x.json: training.zero_stage: unknown key (did you mean parallel.zero_stage?)");
    row("unknown key, custom GPU",
        scenarioJson(
            R"(, "cluster": {"gpu": {"name": "X", "memory_bytes": 1, "peak_flops": 1, "hbm_Bps": 1, "tdp": 300}})"),
        "x.json: cluster.gpu.tdp: unknown key");
    row("unknown key, custom GPU, unit suffix left out",
        scenarioJson(R"(, "cluster": {"gpu": {"name": "X", "memory": 1}})"),
        "x.json: cluster.gpu.memory: unknown key (did you mean cluster.gpu.memory_bytes?)");
    row("unknown key, topology node",
        scenarioJson(
            R"(, "cluster": {"topology": {"nodes": [{"id": "g", "kind": "gpu", "colour": "red"}]}})"),
        "x.json: cluster.topology.nodes[0].colour: unknown key");
    row("unknown key, topology link",
        scenarioJson(
            R"(, "cluster": {"topology": {"nodes": [{"id": "a", "kind": "gpu"}, {"id": "b", "kind": "gpu"}],
            "links": [{"id": "l", "a": "a", "b": "b", "kind": "nvlink3", "bandwidth_Bps": 1, "bandwith": 2}]}})"),
        "x.json: cluster.topology.links[0].bandwith: unknown key (did you mean "
        "cluster.topology.links[0].bandwidth_Bps?)");
    row("unknown key, topology", scenarioJson(R"(, "cluster": {"topology": {"nodes": [], "edges": []}})"),
        "x.json: cluster.topology.edges: unknown key");

    // Wrong types.
    row("section is a number", scenarioJson(R"(, "model": 5)"),
        "x.json: model: expected an object, got the number 5");
    row("integer given a string", scenarioJson(R"(, "model": {"layers": "many"})"),
        "x.json: model.layers: expected an integer from 1 to 100000, got \"many\"");
    row("integer given a boolean", scenarioJson(R"(, "model": {"layers": true})"),
        "x.json: model.layers: expected an integer from 1 to 100000, got true");
    row("integer given a fraction", scenarioJson(R"(, "model": {"layers": 2.5})"),
        "x.json: model.layers: expected an integer from 1 to 100000, got 2.5");
    row("boolean given a string", scenarioJson(R"(, "training": {"flash_attention": "yes"})"),
        "x.json: training.flash_attention: expected true or false, got the string \"yes\"");
    row("enum given a number", scenarioJson(R"(, "parallel": {"schedule": 1})"),
        "x.json: parallel.schedule: expected one of gpipe, 1f1b, interleaved, zb-h1, got the number 1");
    row("enum unknown name", scenarioJson(R"(, "training": {"optimizer": "adamw"})"),
        "x.json: training.optimizer: expected one of adam, adam-8bit, adam-bf16, sgd, sgd-momentum, "
        "adafactor, got "
        "\"adamw\" "
        "(did you mean adam?)");
    row("text given an array", scenarioJson(R"(, "name": ["a"])"),
        "x.json: name: expected a string, got an array");
    row("quantity given null", scenarioJson(R"(, "overheads": {"cuda_context_bytes": null})"),
        "x.json: overheads.cuda_context_bytes: expected a number or a quantity with its unit such as \"80 "
        "GiB\", got null");
    row("quantity of the wrong family",
        scenarioJson(
            R"(, "cluster": {"gpu": {"name": "G", "memory_bytes": "24 GiB", "peak_flops": "100 TFLOP/s", "hbm_Bps": "80 GiB"}})"),
        "x.json: cluster.gpu.hbm_Bps: expected a bandwidth such as \"25 GB/s\" or \"200 Gb/s\", got \"80 "
        "GiB\"");
    row("GPU given a number", scenarioJson(R"(, "cluster": {"gpu": 80})"),
        "x.json: cluster.gpu: expected a GPU id such as \"A100-SXM4-80GB\" or an object {name, memory_bytes, "
        "peak_flops, "
        "hbm_Bps}, got the number 80");
    row("custom GPU incomplete",
        scenarioJson(R"(, "cluster": {"gpu": {"name": "X", "memory_bytes": "24 GiB"}})"),
        "x.json: cluster.gpu.peak_flops: missing; a custom GPU needs name, memory_bytes, peak_flops and "
        "hbm_Bps");
    row("topology nodes not an array", scenarioJson(R"(, "cluster": {"topology": {"nodes": {}}})"),
        "x.json: cluster.topology.nodes: expected an array, got an object");

    // Negative and zero counts.
    row("negative dp", scenarioJson(R"(, "parallel": {"dp": -8})"),
        "x.json: parallel.dp: expected an integer from 1 to 10000000, got -8");
    row("zero layers", scenarioJson(R"(, "model": {"layers": 0})"),
        "x.json: model.layers: expected an integer from 1 to 100000, got 0");
    row("zero global batch", scenarioJson(R"(, "training": {"global_batch": 0})"),
        "x.json: training.global_batch: expected an integer from 1 to 1000000000, got 0");
    row("negative efficiency", scenarioJson(R"(, "compute": {"efficiency": -0.5})"),
        "x.json: compute.efficiency: expected a fraction from 0 to 1, got -0.5");
    row("zero compute scale", scenarioJson(R"(, "compute": {"scale": 0})"),
        "x.json: compute.scale: expected a number greater than 0 and at most 100, got 0");
    row("zero_stage 4 (the brief's example)", scenarioJson(R"(, "parallel": {"zero_stage": 4})"),
        "gpt.json: parallel.zero_stage: expected an integer from 0 to 3, got 4", "gpt.json");

    // Cross-field checks (validateScenario, validate.cpp) reported with the blamed path.
    row("dp x tp x pp != GPUs", scenarioJson(R"(, "parallel": {"dp": 3})"),
        "x.json: parallel.dp: dp × tp × pp = 3 × 1 × 1 = 3, but the cluster has 1 node × 8 GPUs = 8");
    row("global batch not divisible by dp x micro_batch",
        scenarioJson(R"(, "parallel": {"dp": 8}, "training": {"global_batch": 100, "micro_batch": 2})"),
        "x.json: training.global_batch: ...");

    // Unknown GPU, unknown preset.
    row("unknown GPU", scenarioJson(R"(, "cluster": {"gpu": "A100-80GB"})"),
        "x.json: cluster.gpu: expected a GPU id from the catalogue (V100-SXM2-16GB, ...");
    row("unknown preset", scenarioJson(R"(, "cluster": {"node_preset": "dgx-z100"})"),
        "x.json: cluster.node_preset: expected one of auto, dgx1-v100, dgx-a100, dgx-h100, hgx-h200, "
        "pcie-qpi-4gpu, pcie-gen3-4gpu, pcie-gen4-4gpu, pcie-gen5-4gpu, "
        "pcie-gen4-8gpu, ps-cluster, dgx2-v100, hgx-a800, hgx-h800, hgx-h20, dgx-b200, gb200-nvl72, "
        "mi300x-8gpu, got \"dgx-z100\" (did you mean dgx-a100?)");

    // Header.
    row("newer version", "{\"format\": \"shardscope-scenario\", \"version\": 2}",
        "x.json: version: version 2 is newer than this ShardScope reads (1)");
    row("version 0", "{\"format\": \"shardscope-scenario\", \"version\": 0}",
        "x.json: version: expected 1, got the number 0");
    row("version as a string", "{\"format\": \"shardscope-scenario\", \"version\": \"1\"}",
        "x.json: version: expected 1, got the string \"1\"");
    row("missing version", "{\"format\": \"shardscope-scenario\"}", "x.json: version: missing; expected 1");
    row("missing format", "{\"version\": 1}",
        "x.json: format: missing; expected \"shardscope-scenario\" (is this a ShardScope scenario file?)");
    row("other format", "{\"format\": \"chrome-trace\", \"version\": 1}",
        "x.json: format: expected \"shardscope-scenario\", got the string \"chrome-trace\"");
    row("a topology file", "{\"format\": \"shardscope-topology\", \"version\": 1}",
        "x.json: format: expected \"shardscope-scenario\", got a topology file ...");

    // Not JSON, or not an object.
    row("JSON syntax error", "{\n  \"format\": \"shardscope-scenario\",\n  \"version\": 1,,\n}",
        "x.json: line 3, column ...");
    row("unterminated", "{\"format\": \"shardscope-scenario\"", "x.json: line 1, column ...");
    row("empty file", "", "x.json: the file is empty; expected a JSON scenario");
    row("blank file", "  \n ", "x.json: the file is empty; expected a JSON scenario");
    row("top level array", "[1, 2]",
        "x.json: expected a JSON object with \"format\": \"shardscope-scenario\"");
    row("huge number", scenarioJson(R"(, "model": {"layers": 1e999})"), "x.json: ...");
    row("no file name", "[]", "expected a JSON object with \"format\": \"shardscope-scenario\"", "");

    // A key twice in one object: QJsonDocument would keep the last silently (RFC 8259 §4 leaves the choice to
    // the reader); the file says two things, so it is refused at the second, naming the first's line.
    row("duplicate key",
        "{\"format\": \"shardscope-scenario\", \"version\": 1,\n\"parallel\": {\"dp\": 8,\n  \"dp\": 4}}",
        "x.json: line 3, column 3: duplicate key \"parallel.dp\" (first on line 2): a key may appear only "
        "once "
        "in an object");
    row("duplicate key, escaped",
        "{\"format\": \"shardscope-scenario\", \"version\": 1, \"parallel\": {\"dp\": 8, "
        "\"\\u0064p\": 8}}",
        "x.json: line 1, column 71: duplicate key \"parallel.dp\" (first on line 1): ...");
    row("duplicate section",
        "{\"format\": \"shardscope-scenario\", \"version\": 1,\n\"parallel\": {\"dp\": 8},\n"
        "\"parallel\": {\"dp\": 8}}",
        "x.json: line 3, column 1: duplicate key \"parallel\" (first on line 2): ...");
    row("duplicate key in a topology link",
        scenarioJson(
            R"(, "parallel": {"dp": 2}, "cluster": {"nodes": 1, "gpus_per_node": 2, "topology": {"nodes": [{"id": "g0", "kind": "gpu"}, {"id": "g1", "kind": "gpu"}], "links": [{"id": "l0", "a": "g0", "b": "g1", "kind": "nvlink3", "bandwidth_Bps": 1, "a": "g1"}]}})"),
        "x.json: line 1, column 282: duplicate key \"cluster.topology.links[0].a\" (first on line 1): ...");
    row("same key in two objects is no duplicate",
        scenarioJson(R"(, "parallel": {"dp": 8}, "training": {"micro_batch": 1}, "model": {"layers": 24})"),
        "");

    // Topology checks.
    const char* twoNodes = R"([{"id": "g0", "kind": "gpu"}, {"id": "g1", "kind": "gpu"}])";
    const auto topo = [&](const char* links) {
        return scenarioJson(
            (QByteArray(
                 R"(, "parallel": {"dp": 2}, "cluster": {"nodes": 1, "gpus_per_node": 2, "topology": {"nodes": )") +
             twoNodes + R"(, "links": )" + links + "}}")
                .constData());
    };
    row("dangling link end",
        topo(R"([{"id": "l0", "a": "g0", "b": "g9", "kind": "nvlink3", "bandwidth_Bps": 1}])"),
        "x.json: cluster.topology.links[0].b: no node with id \"g9\" in cluster.topology.nodes");
    row("dangling link end, 4th link",
        topo(R"([{"id": "l0", "a": "g0", "b": "g1", "kind": "nvlink3", "bandwidth_Bps": 1},
                 {"id": "l1", "a": "g0", "b": "g1", "kind": "nvlink3", "bandwidth_Bps": 1},
                 {"id": "l2", "a": "g0", "b": "g1", "kind": "nvlink3", "bandwidth_Bps": 1},
                 {"id": "l3", "a": "gx", "b": "g1", "kind": "nvlink3", "bandwidth_Bps": 1}])"),
        "x.json: cluster.topology.links[3].a: no node with id \"gx\" in cluster.topology.nodes");
    row("link to itself",
        topo(R"([{"id": "l0", "a": "g0", "b": "g0", "kind": "nvlink3", "bandwidth_Bps": 1}])"),
        "x.json: cluster.topology.links[0].b: a link must join two different nodes, got \"g0\" twice");
    row("duplicate link id",
        topo(R"([{"id": "l0", "a": "g0", "b": "g1", "kind": "nvlink3", "bandwidth_Bps": 1},
                 {"id": "l0", "a": "g0", "b": "g1", "kind": "nvlink3", "bandwidth_Bps": 1}])"),
        "x.json: cluster.topology.links[1].id: duplicate link id \"l0\"");
    row("unknown link kind",
        topo(R"([{"id": "l0", "a": "g0", "b": "g1", "kind": "token-ring", "bandwidth_Bps": 1}])"),
        "x.json: cluster.topology.links[0].kind: expected a link kind beginning with one of nvlink, "
        "nvswitch, xgmi, pcie, "
        "host, qpi, upi, ib, roce, ethernet (e.g. \"nvlink3\", \"pcie-gen4-x16\"), got \"token-ring\"");
    row("zero bandwidth",
        topo(R"([{"id": "l0", "a": "g0", "b": "g1", "kind": "nvlink3", "bandwidth_Bps": 0}])"),
        "x.json: cluster.topology.links[0].bandwidth_Bps: expected a bandwidth greater than 0, got 0");
    row("missing bandwidth", topo(R"([{"id": "l0", "a": "g0", "b": "g1", "kind": "nvlink3"}])"),
        "x.json: cluster.topology.links[0].bandwidth_Bps: missing; expected a number or a quantity such as "
        "\"25 GB/s\"");
    row("bandwidth in bytes",
        topo(R"([{"id": "l0", "a": "g0", "b": "g1", "kind": "nvlink3", "bandwidth_Bps": "25 GB"}])"),
        "x.json: cluster.topology.links[0].bandwidth_Bps: expected a bandwidth such as \"25 GB/s\" or \"200 "
        "Gb/s\", got "
        "\"25 GB\"");
    row("efficiency above 1",
        topo(
            R"([{"id": "l0", "a": "g0", "b": "g1", "kind": "nvlink3", "bandwidth_Bps": 1, "efficiency": 1.5}])"),
        "x.json: cluster.topology.links[0].efficiency: expected a fraction greater than 0 and at most 1, got "
        "1.5");
    row("negative latency",
        topo(
            R"([{"id": "l0", "a": "g0", "b": "g1", "kind": "nvlink3", "bandwidth_Bps": 1, "latency_s": -1}])"),
        "x.json: cluster.topology.links[0].latency_s: expected a latency of 0 s or more, got -1");
    row("zero count",
        topo(R"([{"id": "l0", "a": "g0", "b": "g1", "kind": "nvlink3", "bandwidth_Bps": 1, "count": 0}])"),
        "x.json: cluster.topology.links[0].count: expected an integer from 1 to 10000, got 0");
    row("duplicate node id",
        scenarioJson(
            R"(, "cluster": {"topology": {"nodes": [{"id": "g", "kind": "gpu"}, {"id": "g", "kind": "cpu"}]}})"),
        "x.json: cluster.topology.nodes[1].id: duplicate node id \"g\"");
    row("unknown device kind",
        scenarioJson(R"(, "cluster": {"topology": {"nodes": [{"id": "g", "kind": "tpu"}]}})"),
        "x.json: cluster.topology.nodes[0].kind: expected one of gpu, cpu, pcie-switch, nvswitch, nic, "
        "switch, nvme, ps, "
        "got \"tpu\"");
    row("node without id", scenarioJson(R"(, "cluster": {"topology": {"nodes": [{"kind": "gpu"}]}})"),
        "x.json: cluster.topology.nodes[0].id: missing; expected a string");
    row("topology GPU count (validate.cpp)",
        scenarioJson(
            R"(, "parallel": {"dp": 8}, "cluster": {"topology": {"nodes": [{"id": "g0", "kind": "gpu"}]}})"),
        "x.json: cluster.topology: ...");
    row("a valid topology passes", topo("[]"), "");
}

void TestScenarioJson::malformed()
{
    QFETCH(QByteArray, json);
    QFETCH(QString, fileName);
    QFETCH(QString, message);
    ss::Scenario s;
    QString error;
    if (message.isEmpty()) { // the control row: the same construction without the fault reads
        QVERIFY2(ss::io::readScenario(json, s, &error, fileName), qPrintable(error));
        return;
    }
    QVERIFY(!ss::io::readScenario(json, s, &error, fileName));
    QVERIFY2(!error.contains(QLatin1Char('\n')), qPrintable(error)); // one line
    if (message.endsWith(QStringLiteral("...")))
        QVERIFY2(error.startsWith(message.chopped(3)), qPrintable(error));
    else
        QCOMPARE(error, message);
}

void TestScenarioJson::failedReadLeavesScenarioUntouched()
{
    const ss::Scenario original = customScenario();
    ss::Scenario s = original;
    QString error;
    // A failure in the middle of the file (the model section was already read)...
    QVERIFY(!ss::io::readScenario(scenarioJson(R"(, "model": {"layers": 2}, "parallel": {"zero_stage": 9})"),
                                  s, &error));
    QVERIFY(s == original);
    // ...and a failure of the cross-field checks after every field was read.
    QVERIFY(!ss::io::readScenario(scenarioJson(R"(, "parallel": {"dp": 3})"), s, &error));
    QVERIFY(s == original);
    QVERIFY(!ss::io::loadScenarioFile(dataFile("does-not-exist.json"), s, &error));
    QVERIFY(s == original);
    // Without an error pointer, still no crash.
    QVERIFY(!ss::io::readScenario("nonsense", s, nullptr));
    QVERIFY(s == original);
}

void TestScenarioJson::fieldsOnlySkipsValidation()
{
    ss::Scenario s;
    QString error;
    const QByteArray json = scenarioJson(R"(, "parallel": {"dp": 3})");
    QVERIFY(ss::io::readScenario(json, s, &error, QStringLiteral("f.json"), ss::io::ReadCheck::FieldsOnly));
    QCOMPARE(s.parallel.dp, 3);
    QVERIFY(ss::io::scenarioProblem(s, QStringLiteral("f.json"))
                .startsWith(QStringLiteral("f.json: parallel.dp: ")));
    s.parallel.dp = 8;
    QCOMPARE(ss::io::scenarioProblem(s), QString());
}

void TestScenarioJson::loadMissingFile()
{
    ss::Scenario s;
    QString error;
    const QString name = dataFile("does-not-exist.json");
    QVERIFY(!ss::io::loadScenarioFile(name, s, &error));
    QVERIFY2(error.startsWith(name + QStringLiteral(": cannot open: ")), qPrintable(error));
}

void TestScenarioJson::loadDirectory()
{
    ss::Scenario s;
    QString error;
    QVERIFY(!ss::io::loadScenarioFile(QStringLiteral(SHARDSCOPE_TEST_DATA), s, &error));
    QVERIFY2(error.endsWith(QStringLiteral(": is a directory, expected a scenario file")), qPrintable(error));
}

// A named pipe with no writer blocks open() and read() for ever: every reader refuses what is not a regular
// file, by name, before it opens it (model/io/inputfile.h).
void TestScenarioJson::loadFifoDoesNotBlock()
{
#ifdef Q_OS_UNIX
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    const QString fifo = dir.filePath(QStringLiteral("pipe.json"));
    QCOMPARE(::mkfifo(QFile::encodeName(fifo).constData(), 0600), 0);
    ss::Scenario s;
    QString error;
    QVERIFY(!ss::io::loadScenarioFile(fifo, s, &error));
    QCOMPARE(error, fifo + QStringLiteral(
                               ": not a regular file (a FIFO, socket or device), expected a scenario file"));
    ss::Topology t;
    QVERIFY(!ss::io::loadTopologyFile(fifo, t, &error));
    QCOMPARE(error, fifo + QStringLiteral(
                               ": not a regular file (a FIFO, socket or device), expected a topology file"));
    ss::io::ImportResult r;
    QVERIFY(!ss::io::importFile(fifo, ss::io::ImportKind::Auto, r, &error));
    QCOMPARE(error, fifo + QStringLiteral(
                               ": not a regular file (a FIFO, socket or device), expected a file to import"));
    // A character device that never ends is no regular file either.
    QVERIFY(!ss::io::loadScenarioFile(QStringLiteral("/dev/zero"), s, &error));
    QVERIFY2(error.contains(QLatin1String("not a regular file")), qPrintable(error));
#else
    QSKIP("named pipes are a POSIX file type");
#endif
}

void TestScenarioJson::saveAndLoad()
{
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    const QString name = dir.filePath(QStringLiteral("s.json"));
    const ss::Scenario s = customScenario();
    QString error;
    QVERIFY2(ss::io::saveScenarioFile(name, s, &error), qPrintable(error));
    QVERIFY2(ss::io::saveScenarioFile(name, s, &error), qPrintable(error)); // overwrite
    ss::Scenario back;
    QVERIFY2(ss::io::loadScenarioFile(name, back, &error), qPrintable(error));
    QVERIFY(back == s);
    QCOMPARE(readAll(name), ss::io::writeScenario(s));
    // QSaveFile leaves no temporary files behind.
    QCOMPARE(QDir(dir.path()).entryList(QDir::Files), QStringList{QStringLiteral("s.json")});
}

void TestScenarioJson::saveToMissingDirectory()
{
    QTemporaryDir dir;
    const QString name = dir.filePath(QStringLiteral("no/such/dir/s.json"));
    QString error;
    QVERIFY(!ss::io::saveScenarioFile(name, ss::defaultScenario(), &error));
    QVERIFY2(error.startsWith(name + QStringLiteral(": cannot write: ")), qPrintable(error));
    QVERIFY(!QFile::exists(name));
}

void TestScenarioJson::saveToReadOnlyDirectoryKeepsFile()
{
    if (::geteuid() == 0) {
        // Directory permissions do not stop root; /proc is read-only even for root and holds a file.
        const QString name = QStringLiteral("/proc/version");
        if (!QFile::exists(name))
            QSKIP("running as root without /proc: no directory root cannot write");
        const QByteArray before = readAll(name);
        QString error;
        QVERIFY(!ss::io::saveScenarioFile(name, ss::defaultScenario(), &error));
        QVERIFY2(error.startsWith(name + QStringLiteral(": cannot write: ")), qPrintable(error));
        QCOMPARE(readAll(name), before);
        return;
    }
    QTemporaryDir dir;
    const QString name = dir.filePath(QStringLiteral("s.json"));
    {
        QFile file(name);
        QVERIFY(file.open(QIODevice::WriteOnly));
        file.write("previous contents");
    }
    QVERIFY(QFile::setPermissions(dir.path(), QFileDevice::ReadOwner | QFileDevice::ExeOwner));
    QString error;
    const bool saved = ss::io::saveScenarioFile(name, ss::defaultScenario(), &error);
    QFile::setPermissions(dir.path(),
                          QFileDevice::ReadOwner | QFileDevice::WriteOwner | QFileDevice::ExeOwner);
    QVERIFY(!saved);
    QVERIFY2(error.startsWith(name + QStringLiteral(": cannot write: ")), qPrintable(error));
    QCOMPARE(readAll(name), QByteArray("previous contents"));
}

QTEST_GUILESS_MAIN(TestScenarioJson)
#include "tst_scenariojson.moc"
