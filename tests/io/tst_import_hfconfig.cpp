// SPDX-License-Identifier: GPL-3.0-or-later
// Hugging Face config.json import (hfconfigimport.h). The fixtures in data/import/hf-*.json are the published
// config.json files of the models on the Hugging Face Hub (huggingface.co/<repo>/blob/main/config.json, repo
// named in each row), copied key for key. The parameter counts each row expects are the models' published
// sizes; where a model card gives no exact figure the count is worked out by hand from the config and the
// architecture of its transformers modeling file, and the derivation is written beside the row.
#include "fields.h"
#include "importtest.h"
#include "scenariojson.h"
#include "workload.h"

#include <QTest>

using namespace importtest;
using ss::io::ImportKind;
using ss::io::ImportResult;

class TestImportHfConfig : public QObject
{
    Q_OBJECT

private slots:
    void publishedCounts_data();
    void publishedCounts();
    void architectureMapping_data();
    void architectureMapping();
    void engineCannotExpress_data();
    void engineCannotExpress();
    void unknownModelType();
    void multimodalTextConfig();
    void partialScenarioRoundTrip();
    void malformed_data();
    void malformed();
};

void TestImportHfConfig::publishedCounts_data()
{
    QTest::addColumn<QString>("file");
    QTest::addColumn<double>("published");
    QTest::addColumn<bool>("engineExact");

    // meta-llama/Llama-2-7b-hf. 6,738,415,616 = sum(p.numel()) of LlamaForCausalLM, the count the model page
    // quotes: 32 × (4·4096² + 3·4096·11008 + 2·4096) + 2·32000·4096 + 4096.
    QTest::newRow("Llama-2-7B") << "hf-llama-2-7b.json" << 6738415616.0 << true;
    // mistralai/Mistral-7B-v0.1, 7.24B on its model page: GQA with 8 key/value heads of 128.
    QTest::newRow("Mistral-7B-v0.1") << "hf-mistral-7b-v0.1.json" << 7241732096.0 << true;
    // mistralai/Mixtral-8x7B-v0.1, 46.7B total (Jiang et al. 2024, "Mixtral of Experts"): 8 experts and a
    // 4096 × 8 router per layer.
    QTest::newRow("Mixtral-8x7B-v0.1") << "hf-mixtral-8x7b-v0.1.json" << 46702792704.0 << true;
    // Qwen/Qwen2-0.5B, 494M on its model page: Q/K/V biases, tied embeddings.
    QTest::newRow("Qwen2-0.5B") << "hf-qwen2-0.5b.json" << 494032768.0 << true;
    // google/gemma-2b, 2.51B. By hand: per layer Q 2048·(8·256) + K, V 2·2048·256 + O (8·256)·2048 =
    // 9,437,184; GeGLU gate/up/down 3·2048·16384 = 100,663,296; two RMSNorm weights 4,096: 110,104,576 × 18 =
    // 1,981,882,368; tied embedding 256000·2048 = 524,288,000; final norm 2,048. Sum 2,506,172,416.
    QTest::newRow("gemma-2b") << "hf-gemma-2b.json" << 2506172416.0 << true;
    // openai-community/gpt2, the 124M GPT-2: 12·(12h² + 13h) + (50257 + 1024)·h + 2h with h = 768
    // (Narayanan et al. SC'21 eq. 2 with the final LayerNorm) = 124,439,808.
    QTest::newRow("GPT-2") << "hf-gpt2.json" << 124439808.0 << true;
    // EleutherAI/pythia-160m: the model card's table of exact parameter counts gives 162,322,944 (untied
    // embed_in and embed_out of 50304·768 each, 85,056,000 non-embedding).
    QTest::newRow("Pythia-160M (GPT-NeoX)") << "hf-pythia-160m.json" << 162322944.0 << true;
    // EleutherAI/gpt-neox-20b: "Number of parameters 20554567680" on the model card.
    QTest::newRow("GPT-NeoX-20B") << "hf-gpt-neox-20b.json" << 20554567680.0 << true;
    // tiiuae/falcon-40b, new decoder architecture with two layer norms per layer, 8 key/value groups. By
    // hand: query_key_value 8192·(8192 + 2·8·64) = 75,497,472; dense 8192² = 67,108,864; MLP 2·8192·32768 =
    // 536,870,912; ln_attn + ln_mlp 2·2·8192 = 32,768: 679,510,016 × 60 = 40,770,600,960; tied embedding
    // 65024·8192 = 532,676,608; ln_f 16,384. Sum 41,303,293,952 (the model page's 41.3B).
    QTest::newRow("Falcon-40B") << "hf-falcon-40b.json" << 41303293952.0 << true;
    // tiiuae/falcon-7b: "parallel attention/MLP with a single layer norm" (model card), multi-query. By hand:
    // query_key_value 4544·(4544 + 2·64) = 21,229,568; dense 4544² = 20,647,936; MLP 2·4544·18176 =
    // 165,183,488; one input_layernorm 2·4544 = 9,088: 207,070,080 × 32 = 6,626,242,560; tied embedding
    // 65024·4544 = 295,469,056; ln_f 9,088. Sum 6,921,720,704 (the model page's 6.92B), with
    // model.norms_per_layer 1.
    QTest::newRow("Falcon-7B") << "hf-falcon-7b.json" << 6921720704.0 << true;
    // microsoft/phi-2, 2,779,683,840 as the Hub reports it. By hand: per layer q/k/v/dense with biases
    // 4·2560² + 4·2560 = 26,224,640; fc1/fc2 with biases 2·2560·10240 + 10240 + 2560 = 52,441,600; one
    // input_layernorm 5,120: 78,671,360 × 32 = 2,517,483,520; embed_tokens 131,072,000; lm_head 131,072,000
    // with its bias 51,200; final_layernorm 5,120 (model.norms_per_layer 1, model.head_bias true).
    QTest::newRow("phi-2") << "hf-phi-2.json" << 2779683840.0 << true;
}

void TestImportHfConfig::publishedCounts()
{
    QFETCH(QString, file);
    QFETCH(double, published);
    QFETCH(bool, engineExact);
    ImportResult r;
    QString error;
    QVERIFY2(ss::io::importFile(fixture(file), ImportKind::Auto, r, &error), qPrintable(error));
    QCOMPARE(r.kind, ImportKind::HfConfig);
    QCOMPARE(r.architecture_params, published);
    const double engine = ss::countParams(r.scenario.model).total;
    if (engineExact) {
        QCOMPARE(engine, published);
        QVERIFY2(r.warnings.isEmpty(), qPrintable(r.warnings.join(QLatin1Char('\n'))));
    } else {
        QVERIFY(engine != published);
        QCOMPARE(r.warnings.size(), 1);
        QVERIFY2(r.warnings.first().contains(QLatin1String("the engine counts")),
                 qPrintable(r.warnings.first()));
    }
    // The model is valid on its own, and the scenario's training length is not the config's to set.
    QCOMPARE(r.scenario.model.seq_len, ss::defaultScenario().model.seq_len);
    QVERIFY(!r.determines("model.seq_len"));
    QVERIFY(r.determines("model.hidden"));
    QVERIFY(r.summary.contains(QString::number(r.scenario.model.layers)));
}

void TestImportHfConfig::architectureMapping_data()
{
    QTest::addColumn<QString>("file");
    QTest::addColumn<QString>("path");
    QTest::addColumn<QString>("value");
    // Each value is the config's own key, or its configuration class's default (transformers), mapped.
    QTest::newRow("llama untied") << "hf-llama-2-7b.json"
                                  << "model.tied_embeddings"
                                  << "false";
    QTest::newRow("llama SwiGLU") << "hf-llama-2-7b.json"
                                  << "model.ffn_kind"
                                  << "swiglu";
    QTest::newRow("llama RMSNorm") << "hf-llama-2-7b.json"
                                   << "model.norm"
                                   << "rmsnorm";
    QTest::newRow("llama no biases") << "hf-llama-2-7b.json"
                                     << "model.bias"
                                     << "none";
    QTest::newRow("llama rotary") << "hf-llama-2-7b.json"
                                  << "model.position_embedding"
                                  << "rotary";
    QTest::newRow("mistral GQA") << "hf-mistral-7b-v0.1.json"
                                 << "model.kv_heads"
                                 << "8";
    QTest::newRow("mixtral experts") << "hf-mixtral-8x7b-v0.1.json"
                                     << "model.experts"
                                     << "8";
    QTest::newRow("mixtral top-2") << "hf-mixtral-8x7b-v0.1.json"
                                   << "model.experts_per_token"
                                   << "2";
    QTest::newRow("qwen2 QKV biases") << "hf-qwen2-0.5b.json"
                                      << "model.bias"
                                      << "qkv";
    QTest::newRow("qwen2 tied") << "hf-qwen2-0.5b.json"
                                << "model.tied_embeddings"
                                << "true";
    QTest::newRow("gemma head_dim") << "hf-gemma-2b.json"
                                    << "model.head_dim"
                                    << "256";
    QTest::newRow("gemma one kv head") << "hf-gemma-2b.json"
                                       << "model.kv_heads"
                                       << "1";
    QTest::newRow("gemma GeGLU as swiglu") << "hf-gemma-2b.json"
                                           << "model.ffn_kind"
                                           << "swiglu";
    QTest::newRow("gemma tied by default") << "hf-gemma-2b.json"
                                           << "model.tied_embeddings"
                                           << "true";
    QTest::newRow("gpt2 n_embd") << "hf-gpt2.json"
                                 << "model.hidden"
                                 << "768";
    QTest::newRow("gpt2 n_positions") << "hf-gpt2.json"
                                      << "model.max_positions"
                                      << "1024";
    QTest::newRow("gpt2 learned positions") << "hf-gpt2.json"
                                            << "model.position_embedding"
                                            << "learned";
    QTest::newRow("gpt2 n_inner null") << "hf-gpt2.json"
                                       << "model.ffn_hidden"
                                       << "3072";
    QTest::newRow("gpt2 tied") << "hf-gpt2.json"
                               << "model.tied_embeddings"
                               << "true";
    QTest::newRow("gpt2 GeLU") << "hf-gpt2.json"
                               << "model.ffn_kind"
                               << "gelu";
    QTest::newRow("gpt2 LayerNorm") << "hf-gpt2.json"
                                    << "model.norm"
                                    << "layernorm";
    QTest::newRow("gpt2 biases") << "hf-gpt2.json"
                                 << "model.bias"
                                 << "all";
    QTest::newRow("neox untied") << "hf-pythia-160m.json"
                                 << "model.tied_embeddings"
                                 << "false";
    QTest::newRow("neox rotary") << "hf-pythia-160m.json"
                                 << "model.position_embedding"
                                 << "rotary";
    QTest::newRow("neox biases") << "hf-pythia-160m.json"
                                 << "model.bias"
                                 << "all";
    QTest::newRow("falcon-7b multi-query") << "hf-falcon-7b.json"
                                           << "model.kv_heads"
                                           << "1";
    QTest::newRow("falcon-7b ffn 4h") << "hf-falcon-7b.json"
                                      << "model.ffn_hidden"
                                      << "18176";
    QTest::newRow("falcon-7b no biases") << "hf-falcon-7b.json"
                                         << "model.bias"
                                         << "none";
    QTest::newRow("falcon-40b kv groups") << "hf-falcon-40b.json"
                                          << "model.kv_heads"
                                          << "8";
    QTest::newRow("phi-2 GeLU MLP") << "hf-phi-2.json"
                                    << "model.ffn_kind"
                                    << "gelu";
}

void TestImportHfConfig::architectureMapping()
{
    QFETCH(QString, file);
    QFETCH(QString, path);
    QFETCH(QString, value);
    ImportResult r;
    QString error;
    QVERIFY2(ss::io::importFile(fixture(file), ImportKind::HfConfig, r, &error), qPrintable(error));
    const ss::FieldInfo* field = ss::findField(path.toStdString());
    QVERIFY(field);
    QCOMPARE(QString::fromStdString(ss::fieldText(*field, field->get(r.scenario))), value);
    QVERIFY(r.determines(path.toStdString()));
}

void TestImportHfConfig::engineCannotExpress_data()
{
    QTest::addColumn<QString>("file");
    QTest::addColumn<int>("norms");
    QTest::addColumn<bool>("headBias");
    // Falcon-7B: "parallel attention/MLP with a single layer norm" (model card).
    QTest::newRow("Falcon-7B one shared norm") << "hf-falcon-7b.json" << 1 << false;
    // Falcon-40B: new_decoder_architecture, ln_attn and ln_mlp (two norms).
    QTest::newRow("Falcon-40B two norms") << "hf-falcon-40b.json" << 2 << false;
    // phi-2: one input_layernorm per layer and an lm_head with a bias (PhiForCausalLM).
    QTest::newRow("phi-2 one norm and a head bias") << "hf-phi-2.json" << 1 << true;
    QTest::newRow("Llama-2-7B two norms, no head bias") << "hf-llama-2-7b.json" << 2 << false;
}

void TestImportHfConfig::engineCannotExpress()
{
    // Layouts the engine once could not express are now fields: the import sets them.
    QFETCH(QString, file);
    QFETCH(int, norms);
    QFETCH(bool, headBias);
    ImportResult r;
    QString error;
    QVERIFY2(ss::io::importFile(fixture(file), ImportKind::HfConfig, r, &error), qPrintable(error));
    QCOMPARE(r.scenario.model.norms_per_layer, qint64(norms));
    QCOMPARE(r.scenario.model.head_bias, headBias);
    QVERIFY(r.determines("model.norms_per_layer"));
    QCOMPARE(r.architecture_params, ss::countParams(r.scenario.model).total);
}

void TestImportHfConfig::unknownModelType()
{
    // facebook/opt-125m: no OPT reader; the common keys still give the shape, with a warning to check the
    // count.
    ImportResult r;
    QString error;
    QVERIFY2(ss::io::importFile(fixture(QStringLiteral("hf-opt-125m.json")), ImportKind::Auto, r, &error),
             qPrintable(error));
    QCOMPARE(r.kind, ImportKind::HfConfig);
    QVERIFY(r.warnings.join(QLatin1Char(' ')).contains(QLatin1String("unknown model_type \"opt\"")));
    QCOMPARE(r.scenario.model.hidden, 768);
    QCOMPARE(r.scenario.model.layers, 12);
    QCOMPARE(r.scenario.model.heads, 12);
    QCOMPARE(r.scenario.model.ffn_hidden, 3072); // ffn_dim
    QCOMPARE(r.scenario.model.vocab, 50272);
    QCOMPARE(r.scenario.model.ffn_kind, ss::FfnKind::Gelu); // relu: not gated
}

void TestImportHfConfig::multimodalTextConfig()
{
    // A LLaVA-style config keeps the language model under text_config.
    const QByteArray json = R"({"architectures": ["LlavaForConditionalGeneration"], "model_type": "llava",
        "text_config": {"model_type": "llama", "hidden_size": 4096, "intermediate_size": 11008,
                        "num_attention_heads": 32, "num_hidden_layers": 32, "vocab_size": 32064},
        "vision_config": {"hidden_size": 1024}})";
    ImportResult r;
    QString error;
    QVERIFY2(importBytes(json, QStringLiteral("llava.json"), r, &error), qPrintable(error));
    QCOMPARE(r.scenario.model.vocab, 32064);
    QCOMPARE(r.scenario.model.ffn_kind, ss::FfnKind::Swiglu);
    QVERIFY(r.warnings.join(QLatin1Char(' ')).contains(QLatin1String("text_config")));
}

void TestImportHfConfig::partialScenarioRoundTrip()
{
    // What `import` prints is a scenario file: read back, it gives the same model.
    ImportResult r;
    QString error;
    QVERIFY(ss::io::importFile(fixture(QStringLiteral("hf-mixtral-8x7b-v0.1.json")), ImportKind::Auto, r,
                               &error));
    const QByteArray json = ss::io::writeImportResult(r);
    QVERIFY(json.contains("\"model\""));
    QVERIFY(!json.contains("\"training\""));
    QVERIFY(!json.contains("\"cluster\""));
    ss::Scenario back;
    QVERIFY2(ss::io::readScenario(json, back, &error, {}, ss::io::ReadCheck::FieldsOnly), qPrintable(error));
    QCOMPARE(back.model, r.scenario.model);
}

void TestImportHfConfig::malformed_data()
{
    QTest::addColumn<QByteArray>("json");
    QTest::addColumn<QString>("message");
    const QByteArray llama = readFixture(QStringLiteral("hf-llama-2-7b.json"));
    QByteArray truncated = llama.left(llama.indexOf("\"num_attention_heads\"") + 10);
    QTest::newRow("truncated") << truncated << "JSON syntax error";
    QTest::newRow("empty") << QByteArray("  \n") << "the file is empty";
    QTest::newRow("duplicate key")
        << QByteArray("{\"model_type\": \"llama\",\n \"num_hidden_layers\": 32,\n \"num_hidden_layers\": 40}")
        << "line 3, column 2: duplicate key \"num_hidden_layers\" (first on line 2)";
    QTest::newRow("not an object") << QByteArray("[1, 2]") << "expected a JSON object";
    QByteArray text = llama;
    QTest::newRow("layers as a string")
        << text.replace("\"num_hidden_layers\": 32", "\"num_hidden_layers\": \"32\"")
        << "num_hidden_layers: expected a whole number from 1 to 100000, got the string \"32\"";
    text = llama;
    QTest::newRow("zero layers")
        << text.replace("\"num_hidden_layers\": 32", "\"num_hidden_layers\": 0")
        << "num_hidden_layers: expected a whole number from 1 to 100000, got the number 0";
    text = llama;
    QTest::newRow("fractional width") << text.replace("\"hidden_size\": 4096", "\"hidden_size\": 4096.5")
                                      << "hidden_size: expected a whole number";
    text = llama;
    QTest::newRow("missing width") << text.replace("\"hidden_size\": 4096,", "")
                                   << "hidden_size: missing; the config needs the model width";
    text = llama;
    QTest::newRow("tie as a string") << text.replace("\"tie_word_embeddings\": false",
                                                     "\"tie_word_embeddings\": \"no\"")
                                     << "tie_word_embeddings: expected true or false, got the string \"no\"";
    text = llama;
    QTest::newRow("heads do not divide width")
        << text.replace("\"num_attention_heads\": 32", "\"num_attention_heads\": 30")
        << "num_attention_heads: 30 heads do not divide the model width 4096";
    text = llama;
    QTest::newRow("kv heads do not divide heads")
        << text.replace("\"num_key_value_heads\": 32", "\"num_key_value_heads\": 5")
        << "num_key_value_heads: 5 key/value heads do not divide the 32 attention heads";
    QTest::newRow("gpt2 without n_embd") << QByteArray(R"({"model_type": "gpt2", "n_layer": 12, "n_head": 12,
        "vocab_size": 50257})") << "n_embd: missing";
    QTest::newRow("mixtral top-k above experts")
        << QByteArray(R"({"model_type": "mixtral", "hidden_size": 64, "intermediate_size": 128,
            "num_attention_heads": 4, "num_hidden_layers": 2, "vocab_size": 100, "num_local_experts": 2,
            "num_experts_per_tok": 3})")
        << "num_experts_per_tok: a token cannot use 3 experts of 2";
    QTest::newRow("text_config not an object") << QByteArray(R"({"model_type": "llava", "text_config": 7})")
                                               << "text_config: expected an object, got the number 7";
}

void TestImportHfConfig::malformed()
{
    QFETCH(QByteArray, json);
    QFETCH(QString, message);
    ImportResult r;
    QString error;
    QVERIFY(!importBytes(json, QStringLiteral("config.json"), r, &error, ImportKind::HfConfig));
    QVERIFY2(isOneLineError(error, QStringLiteral("config.json")), qPrintable(error));
    QVERIFY2(error.contains(message), qPrintable(error));
    QCOMPARE(r.kind, ImportKind::Auto); // the result is left untouched
}

QTEST_GUILESS_MAIN(TestImportHfConfig)
#include "tst_import_hfconfig.moc"
