// SPDX-License-Identifier: GPL-3.0-or-later
// DeepSpeed config import (deepspeedimport.h). Fixtures in data/import/ds-*.json follow the documented format
// (deepspeed.ai/docs/config-json): ds-zero3-offload-hf-trainer.json is the ZeRO-3 example of the Hugging Face
// Transformers DeepSpeed integration guide ("auto" wherever the Trainer fills values in), ds-zero2-fp16.json
// a Megatron-DeepSpeed GPT pre-training config of the DeepSpeed tutorials, ds-onebit-adam-bf16.json the 1-bit
// Adam tutorial's optimizer section with bf16 and ZeRO-1.
#include "deepspeedimport.h"
#include "fields.h"
#include "importtest.h"

#include <QTest>

using namespace importtest;
using ss::io::ImportKind;
using ss::io::ImportResult;

class TestImportDeepSpeed : public QObject
{
    Q_OBJECT

private slots:
    void hfTrainerAutoValues();
    void zero2Fp16();
    void oneBitAdam();
    void batchRelation_data();
    void batchRelation();
    void legacyKeys();
    void optimizers_data();
    void optimizers();
    void malformed_data();
    void malformed();
};

void TestImportDeepSpeed::hfTrainerAutoValues()
{
    ImportResult r;
    QString error;
    QVERIFY2(ss::io::importFile(fixture(QStringLiteral("ds-zero3-offload-hf-trainer.json")), ImportKind::Auto,
                                r, &error),
             qPrintable(error));
    QCOMPARE(r.kind, ImportKind::DeepSpeed);
    QCOMPARE(r.scenario.parallel.zero_stage, 3);
    QCOMPARE(r.scenario.parallel.offload_optimizer, ss::Offload::Cpu);
    QCOMPARE(r.scenario.parallel.offload_params, ss::Offload::Cpu);
    QCOMPARE(r.scenario.training.optimizer, ss::Optimizer::Adam);
    QVERIFY(r.scenario.training.overlap_grad_reduce);
    // "auto" is the Trainer's to fill in: precision and the batch keys stay with the scenario.
    QVERIFY(!r.determines("training.precision"));
    QVERIFY(!r.determines("training.global_batch"));
    QVERIFY(!r.determines("training.micro_batch"));
    QVERIFY(!r.batch.any());
    QVERIFY2(r.warnings.isEmpty(), qPrintable(r.warnings.join(QLatin1Char('\n'))));

    // Applied to the default scenario (bf16-mixed, batch 512 of 4): those stay, the ZeRO settings change.
    ss::Scenario s = ss::defaultScenario();
    QStringList notes;
    QVERIFY(ss::io::applyImport(r, s, &notes, &error));
    QCOMPARE(s.training.precision, ss::Precision::Bf16Mixed);
    QCOMPARE(s.training.global_batch, ss::defaultScenario().training.global_batch);
    QCOMPARE(s.parallel.zero_stage, 3);
    QCOMPARE(s.parallel.offload_params, ss::Offload::Cpu);
}

void TestImportDeepSpeed::zero2Fp16()
{
    ImportResult r;
    QString error;
    QVERIFY2(ss::io::importFile(fixture(QStringLiteral("ds-zero2-fp16.json")), ImportKind::Auto, r, &error),
             qPrintable(error));
    QCOMPARE(r.scenario.parallel.zero_stage, 2);
    QCOMPARE(r.scenario.training.precision, ss::Precision::Fp16Mixed);
    QCOMPARE(r.scenario.training.global_batch, 1024);
    QCOMPARE(r.scenario.training.micro_batch, 8);
    QCOMPARE(r.scenario.training.overlap_grad_reduce, false);
    QVERIFY(r.determines("training.global_batch"));
    QVERIFY(r.determines("training.micro_batch"));
    // 1024 = 8 × 4 steps × dp: the config was written for dp 32.
    QVERIFY(r.summary.contains(QLatin1String("dp 32")));

    ss::Scenario s = ss::defaultScenario(); // dp 8
    QStringList notes;
    QVERIFY(ss::io::applyImport(r, s, &notes, &error));
    QCOMPARE(s.training.global_batch, 1024);
    QCOMPARE(s.training.micro_batch, 8);
    QVERIFY2(notes.join(QLatin1Char(' ')).contains(QLatin1String("implies dp 32")),
             qPrintable(notes.join(QLatin1Char('\n'))));
}

void TestImportDeepSpeed::oneBitAdam()
{
    ImportResult r;
    QString error;
    QVERIFY2(
        ss::io::importFile(fixture(QStringLiteral("ds-onebit-adam-bf16.json")), ImportKind::Auto, r, &error),
        qPrintable(error));
    QCOMPARE(r.scenario.training.optimizer, ss::Optimizer::Adam);
    // 1-bit Adam compresses the gradient all-reduce to one bit per element (DeepSpeed 1-bit Adam tutorial).
    QCOMPARE(r.scenario.training.grad_comm_bits, 1);
    QCOMPARE(r.scenario.training.precision, ss::Precision::Bf16Mixed);
    QCOMPARE(r.scenario.parallel.zero_stage, 1);
    QCOMPARE(r.scenario.training.micro_batch, 4);
    QVERIFY(!r.determines("training.global_batch")); // micro × accumulation × dp: dp is the scenario's
    QVERIFY(r.warnings.join(QLatin1Char(' ')).contains(QLatin1String("data-parallel size")));
}

void TestImportDeepSpeed::batchRelation_data()
{
    QTest::addColumn<QByteArray>("json");
    QTest::addColumn<int>("dp");
    QTest::addColumn<int>("global");
    QTest::addColumn<int>("micro");
    // train_batch_size = micro × gradient_accumulation_steps × dp (DeepSpeed docs, "Batch Size related
    // parameters").
    QTest::newRow("micro and steps, dp 8")
        << QByteArray(R"({"train_micro_batch_size_per_gpu": 2, "gradient_accumulation_steps": 8})") << 8
        << 128 << 2;
    QTest::newRow("micro and steps, dp 16")
        << QByteArray(R"({"train_micro_batch_size_per_gpu": 2, "gradient_accumulation_steps": 8})") << 16
        << 256 << 2;
    QTest::newRow("batch and steps") << QByteArray(
                                            R"({"train_batch_size": 256, "gradient_accumulation_steps": 4})")
                                     << 8 << 256 << 8;
    QTest::newRow("batch and micro")
        << QByteArray(R"({"train_batch_size": 96, "train_micro_batch_size_per_gpu": 3})") << 8 << 96 << 3;
    QTest::newRow("steps alone, the scenario's micro-batch 4")
        << QByteArray(R"({"gradient_accumulation_steps": 2, "train_batch_size": "auto"})") << 8 << 64 << 4;
    QTest::newRow("all auto") << QByteArray(
                                     R"({"train_batch_size": "auto", "train_micro_batch_size_per_gpu": "auto",
        "gradient_accumulation_steps": "auto", "zero_optimization": {"stage": 1}})")
                              << 8 << 512 << 4;
}

void TestImportDeepSpeed::batchRelation()
{
    QFETCH(QByteArray, json);
    QFETCH(int, dp);
    QFETCH(int, global);
    QFETCH(int, micro);
    ImportResult r;
    QString error;
    QVERIFY2(importBytes(json, QStringLiteral("ds.json"), r, &error, ImportKind::DeepSpeed),
             qPrintable(error));
    ss::Scenario s = ss::defaultScenario();
    s.parallel.dp = dp;
    s.cluster.gpus_per_node = dp;
    s.cluster.node_preset = "pcie-gen4-8gpu";
    QVERIFY(ss::io::applyImport(r, s, nullptr, &error));
    QCOMPARE(s.training.global_batch, global);
    QCOMPARE(s.training.micro_batch, micro);
}

void TestImportDeepSpeed::legacyKeys()
{
    // ZeRO-Offload's first keys (DeepSpeed 0.3: "cpu_offload") and the boolean "zero_optimization" of the
    // first releases (stage 1).
    ImportResult r;
    QString error;
    QVERIFY2(
        importBytes(R"({"zero_optimization": {"stage": 2, "cpu_offload": true}, "fp16": {"enabled": false}})",
                    QStringLiteral("old.json"), r, &error, ImportKind::DeepSpeed),
        qPrintable(error));
    QCOMPARE(r.scenario.parallel.offload_optimizer, ss::Offload::Cpu);
    QCOMPARE(r.scenario.training.precision, ss::Precision::Fp32); // fp16 disabled, no other: fp32
    QVERIFY(importBytes(R"({"zero_optimization": true, "train_batch_size": 32})",
                        QStringLiteral("older.json"), r, &error, ImportKind::DeepSpeed));
    QCOMPARE(r.scenario.parallel.zero_stage, 1);
}

void TestImportDeepSpeed::optimizers_data()
{
    QTest::addColumn<QString>("type");
    QTest::addColumn<QString>("optimizer");
    QTest::addColumn<int>("bits");
    // DeepSpeed's optimizer types (docs, "Optimizer Parameters") and torch's by name; state bytes decide the
    // map.
    QTest::newRow("Adam") << "Adam"
                          << "adam" << 32;
    QTest::newRow("AdamW") << "AdamW"
                           << "adam" << 32;
    QTest::newRow("OneBitAdam") << "OneBitAdam"
                                << "adam" << 1;
    QTest::newRow("ZeroOneAdam") << "ZeroOneAdam"
                                 << "adam" << 1;
    QTest::newRow("Lamb keeps two moments") << "Lamb"
                                            << "adam" << 32;
    QTest::newRow("SGD without momentum") << "SGD"
                                          << "sgd" << 32;
    QTest::newRow("Adafactor") << "Adafactor"
                               << "adafactor" << 32;
    QTest::newRow("AdamW8bit") << "AdamW8bit"
                               << "adam-8bit" << 32;
}

void TestImportDeepSpeed::optimizers()
{
    QFETCH(QString, type);
    QFETCH(QString, optimizer);
    QFETCH(int, bits);
    ImportResult r;
    QString error;
    const QByteArray json =
        QStringLiteral(R"({"optimizer": {"type": "%1", "params": {"lr": 0.001}}})").arg(type).toUtf8();
    QVERIFY2(importBytes(json, QStringLiteral("ds.json"), r, &error, ImportKind::DeepSpeed),
             qPrintable(error));
    QCOMPARE(QLatin1String(ss::enumName(r.scenario.training.optimizer)), optimizer);
    QCOMPARE(r.scenario.training.grad_comm_bits, bits);
}

void TestImportDeepSpeed::malformed_data()
{
    QTest::addColumn<QByteArray>("json");
    QTest::addColumn<QString>("message");
    const QByteArray zero2 = readFixture(QStringLiteral("ds-zero2-fp16.json"));
    QTest::newRow("truncated") << zero2.left(zero2.indexOf("\"fp16\"")) << "JSON syntax error";
    // Two stages in one object: the reader would take the last silently; the rule refuses the second.
    QTest::newRow("duplicate key")
        << QByteArray("{\"zero_optimization\": {\n  \"stage\": 3,\n  \"stage\": 1\n}}")
        << "ds_config.json: line 3, column 3: duplicate key \"zero_optimization.stage\" (first on line 2)";
    QByteArray t = zero2;
    QTest::newRow("stage as a word")
        << t.replace("\"stage\": 2", "\"stage\": \"three\"")
        << "zero_optimization.stage: expected a whole number from 0 to 3 or \"auto\", "
           "got the string \"three\"";
    t = zero2;
    QTest::newRow("stage 4") << t.replace("\"stage\": 2", "\"stage\": 4")
                             << "zero_optimization.stage: expected a whole number from 0 to 3";
    QTest::newRow("offload to the GPU")
        << QByteArray(R"({"zero_optimization": {"stage": 3, "offload_param": {"device": "gpu"}}})")
        << "zero_optimization.offload_param.device: expected \"none\", \"cpu\" or \"nvme\", got the string "
           "\"gpu\"";
    QTest::newRow("offload section a string")
        << QByteArray(R"({"zero_optimization": {"offload_optimizer": "cpu"}})")
        << "zero_optimization.offload_optimizer: expected an object";
    QTest::newRow("fp16 and bf16 both on")
        << QByteArray(R"({"fp16": {"enabled": true}, "bf16": {"enabled": true}})")
        << "bf16.enabled: fp16 and bf16 are both enabled";
    QTest::newRow("enabled as a number")
        << QByteArray(R"({"bf16": {"enabled": 1}})")
        << "bf16.enabled: expected true, false or \"auto\", got the number 1";
    t = zero2;
    QTest::newRow("batch not a multiple")
        << t.replace("\"train_batch_size\": 1024", "\"train_batch_size\": 1000")
        << "train_batch_size: 1000 is not a multiple of";
    QTest::newRow("negative micro-batch")
        << QByteArray(R"({"train_micro_batch_size_per_gpu": -4})")
        << "train_micro_batch_size_per_gpu: expected a whole number from 1 to";
    QTest::newRow("zero_optimization an array") << QByteArray(R"({"zero_optimization": [3]})")
                                                << "zero_optimization: expected an object, got an array";
    QTest::newRow("optimizer type a number") << QByteArray(R"({"optimizer": {"type": 7}})")
                                             << "optimizer.type: expected a string, got the number 7";
    QTest::newRow("communication type")
        << QByteArray(R"({"fp16": {"enabled": true}, "communication_data_type": "fp4"})")
        << "communication_data_type: expected \"fp16\", \"bf16\" or \"fp32\"";
}

void TestImportDeepSpeed::malformed()
{
    QFETCH(QByteArray, json);
    QFETCH(QString, message);
    ImportResult r;
    QString error;
    QVERIFY(!importBytes(json, QStringLiteral("ds_config.json"), r, &error, ImportKind::DeepSpeed));
    QVERIFY2(isOneLineError(error, QStringLiteral("ds_config.json")), qPrintable(error));
    QVERIFY2(error.contains(message), qPrintable(error));
}

QTEST_GUILESS_MAIN(TestImportDeepSpeed)
#include "tst_import_deepspeed.moc"
