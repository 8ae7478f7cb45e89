// SPDX-License-Identifier: GPL-3.0-or-later
// Fine-tuning imports: a PEFT adapter_config.json (r, lora_alpha, target_modules) and the bitsandbytes
// quantization_config of a Hugging Face config.json (transformers' BitsAndBytesConfig), both read by the
// hf-config importer; the scenario file's LoRA fields round trip.
#include "evaluate.h"
#include "importtest.h"
#include "scenariojson.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QtTest>

using namespace ss;
using namespace ss::io;
using namespace importtest;

class TestImportLora : public QObject
{
    Q_OBJECT
private slots:
    void peftAdapter();
    void peftAllLinear();
    void peftTargetNames_data();
    void peftTargetNames();
    void bitsandbytes4bit();
    void bitsandbytes8bit();
    void badInput_data();
    void badInput();
    void scenarioRoundTrip();
    void scenarioBadValues_data();
    void scenarioBadValues();
};

void TestImportLora::peftAdapter()
{
    // PEFT's save_pretrained() of LoraConfig(r=8, lora_alpha=16, target_modules=["q_proj", "v_proj"]) on
    // meta-llama/Llama-2-7b-hf.
    ImportResult r;
    QString error;
    const QString file = fixture(QStringLiteral("hf-peft-llama-2-7b-qv-r8-adapter_config.json"));
    QVERIFY2(importFile(file, ImportKind::Auto, r, &error), qPrintable(error));
    QCOMPARE(r.kind, ImportKind::HfConfig);
    const TrainingSpec& t = r.scenario.training;
    QCOMPARE(t.method, TrainingMethod::Lora);
    QCOMPARE(t.lora_rank, std::int64_t(8));
    QCOMPARE(t.lora_alpha, 16.0);
    QCOMPARE(t.lora_targets, std::uint32_t(kLoraQ | kLoraV));
    QVERIFY(r.determines("training.lora_targets"));
    QVERIFY(r.determines("training.lora_rank"));
    QVERIFY(!r.determines("model.layers")); // an adapter says nothing about the model
    QVERIFY(r.summary.contains(QLatin1String("meta-llama/Llama-2-7b-hf")));

    // Applied to Llama-2-7B it gives PEFT's "trainable params: 4,194,304".
    Scenario s = defaultScenario();
    QVERIFY2(importFile(fixture(QStringLiteral("hf-llama-2-7b.json")), ImportKind::Auto, r, &error),
             qPrintable(error));
    QVERIFY(applyImport(r, s, nullptr, &error));
    ImportResult adapter;
    QVERIFY(importFile(file, ImportKind::Auto, adapter, &error));
    QVERIFY(applyImport(adapter, s, nullptr, &error));
    const Result result = evaluate(s);
    for (const Warning& w : result.warnings)
        QVERIFY2(w.code != "scenario.invalid", w.message.c_str());
    QCOMPARE(result.params_trainable, 4194304.0);
}

void TestImportLora::peftAllLinear()
{
    // The QLoRA recipe's adapter (Dettmers et al. 2023: r 64, alpha 16, every linear layer of the blocks).
    ImportResult r;
    QString error;
    QVERIFY2(importFile(fixture(QStringLiteral("hf-peft-llama-65b-all-linear-r64-adapter_config.json")),
                        ImportKind::Auto, r, &error),
             qPrintable(error));
    QCOMPARE(r.scenario.training.lora_rank, std::int64_t(64));
    QCOMPARE(r.scenario.training.lora_targets,
             std::uint32_t(kLoraQ | kLoraK | kLoraV | kLoraO | kLoraGate | kLoraUp | kLoraDown));
    QVERIFY(r.warnings.isEmpty());
}

void TestImportLora::peftTargetNames_data()
{
    QTest::addColumn<QByteArray>("modules");
    QTest::addColumn<uint>("targets");
    QTest::addColumn<bool>("warns");
    // PEFT's "all-linear" shorthand: every linear layer but the output layer.
    QTest::newRow("all-linear") << QByteArray(R"("all-linear")")
                                << uint(kLoraQ | kLoraK | kLoraV | kLoraO | kLoraGate | kLoraUp | kLoraDown)
                                << false;
    // A regular expression over module paths.
    QTest::newRow("regex") << QByteArray(R"x(".*\\.(q_proj|v_proj)")x") << uint(kLoraQ | kLoraV) << false;
    // GPT-2 fuses Q, K and V in c_attn; GPT-NeoX and Falcon in query_key_value.
    QTest::newRow("gpt2 c_attn") << QByteArray(R"(["c_attn"])") << uint(kLoraQ | kLoraK | kLoraV) << false;
    QTest::newRow("falcon") << QByteArray(R"(["query_key_value", "dense_4h_to_h"])")
                            << uint(kLoraQ | kLoraK | kLoraV | kLoraDown) << false;
    // Mixtral's experts (w1, w2, w3) and the head.
    QTest::newRow("mixtral experts") << QByteArray(R"(["w1", "w2", "w3", "lm_head"])")
                                     << uint(kLoraExperts | kLoraHead) << false;
    // A name the engine does not know is left out with a warning.
    QTest::newRow("unknown name") << QByteArray(R"(["q_proj", "rotary_emb"])") << uint(kLoraQ) << true;
}

void TestImportLora::peftTargetNames()
{
    QFETCH(QByteArray, modules);
    QFETCH(uint, targets);
    QFETCH(bool, warns);
    const QByteArray data =
        R"({"peft_type": "LORA", "r": 16, "lora_alpha": 32, "target_modules": )" + modules + "}";
    ImportResult r;
    QString error;
    QVERIFY2(importBytes(data, QStringLiteral("adapter_config.json"), r, &error), qPrintable(error));
    QCOMPARE(uint(r.scenario.training.lora_targets), targets);
    QCOMPARE(!r.warnings.isEmpty(), warns);
}

void TestImportLora::bitsandbytes4bit()
{
    // transformers saves BitsAndBytesConfig(load_in_4bit=True, bnb_4bit_quant_type="nf4",
    // bnb_4bit_use_double_quant=True) as the config's quantization_config: QLoRA's NF4 with double
    // quantization (Dettmers et al. 2023 §3).
    ImportResult r;
    QString error;
    QVERIFY2(importFile(fixture(QStringLiteral("hf-llama-2-7b-bnb-nf4.json")), ImportKind::Auto, r, &error),
             qPrintable(error));
    const TrainingSpec& t = r.scenario.training;
    QCOMPARE(t.method, TrainingMethod::Qlora);
    QCOMPARE(t.base_bits, 4);
    QCOMPARE(t.quant_type, QuantType::Nf4);
    QVERIFY(t.double_quant);
    QVERIFY(r.determines("training.base_bits"));
    QVERIFY(r.determines("model.layers")); // the model is read as before
    QCOMPARE(r.architecture_params, 6738415616.0);
    QVERIFY(r.summary.contains(QLatin1String("4 bits")));
    // What the CLI prints holds the training section.
    const QJsonObject json = QJsonDocument::fromJson(writeImportResult(r)).object();
    QCOMPARE(json.value(QLatin1String("training")).toObject().value(QLatin1String("method")).toString(),
             QStringLiteral("qlora"));
}

void TestImportLora::bitsandbytes8bit()
{
    // BitsAndBytesConfig(load_in_8bit=True): LLM.int8() weights, LoRA over an 8-bit base.
    ImportResult r;
    QString error;
    QVERIFY2(importFile(fixture(QStringLiteral("hf-llama-2-7b-bnb-int8.json")), ImportKind::Auto, r, &error),
             qPrintable(error));
    QCOMPARE(r.scenario.training.method, TrainingMethod::Lora);
    QCOMPARE(r.scenario.training.base_bits, 8);
}

void TestImportLora::badInput_data()
{
    QTest::addColumn<QByteArray>("data");
    QTest::addColumn<QString>("message");
    QTest::newRow("not LoRA") << QByteArray(R"({"peft_type": "PREFIX_TUNING", "num_virtual_tokens": 20})")
                              << "peft_type: only LoRA adapters are modelled";
    QTest::newRow("rank 0") << QByteArray(R"({"peft_type": "LORA", "r": 0, "target_modules": ["q_proj"]})")
                            << "r:";
    QTest::newRow("negative alpha")
        << QByteArray(R"({"peft_type": "LORA", "r": 8, "lora_alpha": -1, "target_modules": ["q_proj"]})")
        << "lora_alpha: expected a number above 0";
    QTest::newRow("no known module")
        << QByteArray(R"({"peft_type": "LORA", "r": 8, "target_modules": ["rotary_emb"]})")
        << "target_modules: none of the modules";
    QTest::newRow("module not a string")
        << QByteArray(R"({"peft_type": "LORA", "r": 8, "target_modules": ["q_proj", 3]})")
        << "target_modules[1]";
    QTest::newRow("4 and 8 bits")
        << QByteArray(R"({"model_type": "llama", "hidden_size": 4096, "num_hidden_layers": 32,
                          "num_attention_heads": 32, "intermediate_size": 11008, "vocab_size": 32000,
                          "quantization_config": {"quant_method": "bitsandbytes", "load_in_4bit": true,
                                                  "load_in_8bit": true}})")
        << "quantization_config.load_in_8bit: load_in_4bit and load_in_8bit are both true";
    QTest::newRow("unknown 4-bit type")
        << QByteArray(R"({"model_type": "llama", "hidden_size": 4096, "num_hidden_layers": 32,
                          "num_attention_heads": 32, "intermediate_size": 11008, "vocab_size": 32000,
                          "quantization_config": {"load_in_4bit": true, "bnb_4bit_quant_type": "int4"}})")
        << "quantization_config.bnb_4bit_quant_type: expected \"nf4\" or \"fp4\"";
}

void TestImportLora::badInput()
{
    QFETCH(QByteArray, data);
    QFETCH(QString, message);
    ImportResult r;
    QString error;
    QVERIFY(!importBytes(data, QStringLiteral("c.json"), r, &error));
    QVERIFY2(isOneLineError(error, QStringLiteral("c.json")), qPrintable(error));
    QVERIFY2(error.contains(message), qPrintable(error));
}

void TestImportLora::scenarioRoundTrip()
{
    // The scenario file keeps the LoRA fields, lora_targets as an array of names (docs/formats.md).
    Scenario s = defaultScenario();
    s.training.method = TrainingMethod::Qlora;
    s.training.lora_rank = 64;
    s.training.lora_alpha = 16;
    s.training.lora_targets = kLoraQ | kLoraK | kLoraV | kLoraO | kLoraGate | kLoraUp | kLoraDown;
    s.training.double_quant = false;
    s.training.paged_optimizer = true;
    const QByteArray text = writeScenario(s);
    const QJsonObject training =
        QJsonDocument::fromJson(text).object().value(QLatin1String("training")).toObject();
    QCOMPARE(training.value(QLatin1String("lora_targets")).toArray().size(), 7);
    QCOMPARE(training.value(QLatin1String("method")).toString(), QStringLiteral("qlora"));
    Scenario back;
    QString error;
    QVERIFY2(readScenario(text, back, &error), qPrintable(error));
    QCOMPARE(back.training, s.training);
}

void TestImportLora::scenarioBadValues_data()
{
    QTest::addColumn<QByteArray>("training");
    QTest::addColumn<QString>("message");
    QTest::newRow("unknown target") << QByteArray(R"("method": "lora", "lora_targets": ["q", "qkv"])")
                                    << "training.lora_targets: unknown LoRA target \"qkv\"";
    QTest::newRow("target not a string")
        << QByteArray(R"("method": "lora", "lora_targets": ["q", 1])") << "training.lora_targets[1]";
    QTest::newRow("rank 0") << QByteArray(R"("method": "lora", "lora_rank": 0)") << "training.lora_rank";
    QTest::newRow("rank huge") << QByteArray(R"("method": "lora", "lora_rank": 1e9)") << "training.lora_rank";
    QTest::newRow("base bits 3") << QByteArray(R"("method": "lora", "base_bits": 3)") << "training.base_bits";
    QTest::newRow("unknown method") << QByteArray(R"("method": "dora")") << "training.method";
}

void TestImportLora::scenarioBadValues()
{
    QFETCH(QByteArray, training);
    QFETCH(QString, message);
    const QByteArray text =
        R"({"format": "shardscope-scenario", "version": 1, "training": {)" + training + "}}";
    Scenario s;
    QString error;
    QVERIFY(!readScenario(text, s, &error));
    QVERIFY2(error.contains(message), qPrintable(error));
}

QTEST_GUILESS_MAIN(TestImportLora)
#include "tst_import_lora.moc"
