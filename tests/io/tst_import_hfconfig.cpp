// SPDX-License-Identifier: GPL-3.0-or-later
// Hugging Face config.json import (hfconfigimport.h). The fixtures in data/import/hf-*.json are the published
// config.json files of the models on the Hugging Face Hub (huggingface.co/<repo>/blob/main/config.json, repo
// named in each row), copied key for key. The parameter counts each row expects are the models' published
// sizes; where a model card gives no exact figure the count is worked out by hand from the config and the
// architecture of its transformers modeling file, and the derivation is written beside the row. The fixtures
// of the mixture-of-experts, Qwen3, Gemma 2/3, Phi-3 and Llama 3.1 rows were written out key for key from the
// published config.json of the repo named in each row (huggingface.co/<repo>/blob/main/config.json); where a
// tool could not fetch the file itself, its keys and values were taken from the model page's published
// config and the counts below check them against the model card's figures.
#include "fields.h"
#include "importtest.h"
#include "scenariojson.h"
#include "workload.h"

#include <QTest>

#include <algorithm>
#include <cmath>
#include <utility>

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
    void moeCounts_data();
    void moeCounts();
    void dropout_data();
    void dropout();
    void unknownModelType();
    void unknownModelTypeRefused();
    void gemma3Multimodal();
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
    // meta-llama/Llama-3.1-8B, "8B" (huggingface.co/meta-llama/Llama-3.1-8B). By hand: per layer Q and O
    // 2·4096², K and V 2·4096·(8·128), SwiGLU 3·4096·14336, two norms 2·4096: 218,112,000 × 32 =
    // 6,979,584,000; embed_tokens and lm_head 2·128256·4096 = 1,050,673,152; norm 4,096. Sum 8,030,261,248.
    QTest::newRow("Llama-3.1-8B") << "hf-llama-3.1-8b.json" << 8030261248.0 << true;
    // microsoft/Phi-3-mini-4k-instruct, "3.8B parameters" (model card). Phi3's fused qkv_proj and
    // gate_up_proj hold what Llama's q/k/v and gate/up hold. By hand: per layer 4·3072² + 3·3072·8192 +
    // 2·3072 = 113,252,352 × 32 = 3,624,075,264; embed_tokens and lm_head 2·32064·3072 = 197,001,216; norm
    // 3,072. Sum 3,821,079,552.
    QTest::newRow("Phi-3-mini-4k") << "hf-phi-3-mini-4k-instruct.json" << 3821079552.0 << true;
    // Qwen/Qwen3-8B, "8.2B" total, "6.95B" non-embedding (model card). By hand: per layer Q and O
    // 2·4096·(32·128), K and V 2·4096·(8·128), q_norm and k_norm 2·128, SwiGLU 3·4096·12288, two norms
    // 2·4096: 192,946,432 × 36 = 6,946,071,552; embed_tokens and lm_head 2·151936·4096 = 1,244,659,712; norm
    // 4,096. Sum 8,190,735,360 (non-embedding 6,946,075,648). The q/k norms are the engine's difference.
    QTest::newRow("Qwen3-8B") << "hf-qwen3-8b.json" << 8190735360.0 << false;
    // google/gemma-2-9b, 9,241,705,984 (the model page's "9.24B params"). By hand: per layer Q and O
    // 2·3584·(16·256), K and V 2·3584·(8·256), four RMSNorms 4·3584, GeGLU 3·3584·14336: 209,845,248 × 42 =
    // 8,813,500,416; tied embedding 256000·3584 = 917,504,000; norm 3,584. The two extra norms are the
    // engine's difference.
    QTest::newRow("gemma-2-9b") << "hf-gemma-2-9b.json" << 9241705984.0 << false;
    // google/gemma-3-1b-pt, 999,885,952 (the model page's "1B"). By hand: per layer Q and O 2·1152·(4·256), K
    // and V 2·1152·256, four RMSNorms 4·1152, q_norm and k_norm 2·256, GeGLU 3·1152·6912: 26,842,112 × 26 =
    // 697,894,912; tied embedding 262144·1152 = 301,989,888; norm 1,152.
    QTest::newRow("gemma-3-1b") << "hf-gemma-3-1b-pt.json" << 999885952.0 << false;
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

void TestImportHfConfig::moeCounts_data()
{
    // total and active: the hand-worked exact counts the import reports (architecture_params and
    // architecture_active_params); published and publishedActive: the figures of the paper or model card,
    // which must lie within half a unit of their last digit (tolerance) of the exact count less what the
    // published figure leaves out (notInTotal, notInActive).
    QTest::addColumn<QString>("file");
    QTest::addColumn<double>("total");
    QTest::addColumn<double>("active");
    QTest::addColumn<double>("published");
    QTest::addColumn<double>("notInTotal");
    QTest::addColumn<double>("publishedActive");
    QTest::addColumn<double>("notInActive");
    QTest::addColumn<double>("tolerance");

    // deepseek-ai/DeepSeek-V3: 671B total, 37B activated (arXiv:2412.19437, abstract and §4.2; the model
    // card); the Hub's 685B adds the 14B MTP module. h = 7168, 128 heads. MLA per layer: q_a_proj 7168·1536
    // + q_a_layernorm 1536 + q_b_proj 1536·128·192 + kv_a_proj_with_mqa 7168·576 + kv_a_layernorm 512 +
    // kv_b_proj 512·128·256 + o_proj 128·128·7168 = 187,107,328. Dense layer (3): + 2 norms 14,336 + SwiGLU
    // 3·7168·18432 = 583,483,392. MoE layer (58): + 2 norms + 257 experts (256 routed, 1 shared)
    // 3·7168·2048·257 + router 7168·256 + e_score_correction_bias 256 = 11,507,286,272. Embedding and
    // untied head 2·129280·7168 = 1,853,358,080; norm 7,168. Main model 671,026,419,200. MTP module
    // (num_nextn_predict_layers 1): enorm + hnorm 14,336 + eh_proj 2·7168² 102,760,448 + one MoE layer +
    // its norm 7,168 = 11,610,068,224 (the card's "11.5B unique"; with its own copy of the embedding and
    // head, 13,463,426,304: the Hub's 685B), reported apart in the summary. Active (main model): per MoE
    // layer the 8 routed and 1 shared expert 3·7168·2048·9 + router + bias + MLA + norms = 585,318,656 × 58 +
    // 1,750,450,176 dense + 1,853,358,080 + 7,168 = 37,552,297,472; the paper's 37B leaves out the
    // embedding table (926,679,040): 36.63B.
    QTest::newRow("DeepSeek-V3") << "hf-deepseek-v3.json" << 671026419200.0 << 37552297472.0 << 671e9 << 0.0
                                 << 37e9 << 926679040.0 << 0.5e9;
    // deepseek-ai/DeepSeek-V2-Lite: "15.7B parameters, 2.4B activated" (model card; arXiv:2405.04434
    // appendix). h = 2048, 16 heads, q_lora_rank null. MLA per layer: q_proj 2048·16·192 +
    // kv_a_proj_with_mqa 2048·576 + kv_a_layernorm 512 + kv_b_proj 512·16·256 + o_proj 16·128·2048 =
    // 13,763,072. Dense first layer: + norms 4,096 + SwiGLU 3·2048·10944 = 81,007,104. MoE layer (26): +
    // norms + 66 experts (64 routed, 2 shared) 3·2048·1408·66 + router 2048·64 = 584,847,872. Embedding and
    // head 2·102400·2048 = 419,430,400; norm 2,048. Total 15,706,484,224. Active: MoE layer with 6 routed
    // and 2 shared 83,104,256 × 26 + 81,007,104 + 419,430,400 + 2,048 = 2,661,150,208; less the embedding
    // table (209,715,200) 2.45B, the card's 2.4B.
    QTest::newRow("DeepSeek-V2-Lite") << "hf-deepseek-v2-lite.json" << 15706484224.0 << 2661150208.0 << 15.7e9
                                      << 0.0 << 2.4e9 << 209715200.0 << 0.06e9;
    // Qwen/Qwen1.5-MoE-A2.7B: "14.3B parameters in total and 2.7B activated parameters during runtime" (model
    // card, huggingface.co/Qwen/Qwen1.5-MoE-A2.7B). h = 2048, 16 heads of 128. Per layer: Q, K, V, O 4·2048²
    // + Q/K/V biases 3·2048 = 16,783,360; norms 4,096; 60 experts 3·2048·1408·60 = 519,045,120; the shared
    // expert of 5632 = 4 × 1408 (4 shared experts) 34,603,008; router 2048·60 = 122,880; shared_expert_gate
    // 2,048: 570,560,512 × 24 = 13,693,452,288. Embedding and head 2·151936·2048 = 622,329,856; norm 2,048.
    // Total 14,315,784,192. Active: 4 routed + 4 shared 3·2048·1408·8 = 69,206,016 per layer → 86,118,400 ×
    // 24 + 622,331,904 = 2,689,173,504.
    QTest::newRow("Qwen1.5-MoE-A2.7B") << "hf-qwen1.5-moe-a2.7b.json" << 14315784192.0 << 2689173504.0
                                       << 14.3e9 << 0.0 << 2.7e9 << 0.0 << 0.05e9;
    // Qwen/Qwen3-30B-A3B: "30.5B in total and 3.3B activated" (model card). h = 2048, 32 heads of 128, 4
    // key/value heads. Per layer: Q and O 2·2048·4096, K and V 2·2048·512 = 18,874,368; q_norm and k_norm
    // 256; norms 4,096; 128 experts 3·2048·768·128 = 603,979,776; router 2048·128 = 262,144: 623,120,640 ×
    // 48 = 29,909,790,720. Embedding and head 2·151936·2048 = 622,329,856; norm 2,048. Total
    // 30,532,122,624. Active: 8 experts 37,748,736 per layer → 56,889,600 × 48 + 622,331,904 =
    // 3,353,032,704.
    QTest::newRow("Qwen3-30B-A3B") << "hf-qwen3-30b-a3b.json" << 30532122624.0 << 3353032704.0 << 30.5e9
                                   << 0.0 << 3.3e9 << 0.0 << 0.06e9;
    // mistralai/Mixtral-8x7B-v0.1: 46.7B total, 12.9B active per token (mistral.ai/news/mixtral-of-experts).
    // Per layer: attention 2·4096² + 2·4096·1024 = 41,943,040; norms 8,192; 8 experts 3·4096·14336·8 =
    // 1,409,286,144; router 32,768: 1,451,270,144 × 32; embedding and head 2·32000·4096; norm 4,096. Total
    // 46,702,792,704. Active: 2 experts 352,321,536 per layer → 394,305,536 × 32 + 262,148,096 =
    // 12,879,925,248.
    QTest::newRow("Mixtral-8x7B") << "hf-mixtral-8x7b-v0.1.json" << 46702792704.0 << 12879925248.0 << 46.7e9
                                  << 0.0 << 12.9e9 << 0.0 << 0.05e9;
}

void TestImportHfConfig::moeCounts()
{
    QFETCH(QString, file);
    QFETCH(double, total);
    QFETCH(double, active);
    QFETCH(double, published);
    QFETCH(double, notInTotal);
    QFETCH(double, publishedActive);
    QFETCH(double, notInActive);
    QFETCH(double, tolerance);
    ImportResult r;
    QString error;
    QVERIFY2(ss::io::importFile(fixture(file), ImportKind::Auto, r, &error), qPrintable(error));
    QCOMPARE(r.kind, ImportKind::HfConfig);
    QVERIFY(r.scenario.model.moe());
    // The published figures first: they hold whatever the exact count's convention.
    QVERIFY2(std::abs(total - notInTotal - published) <= tolerance,
             qPrintable(QString::number(total, 'f', 0)));
    QVERIFY2(std::abs(active - notInActive - publishedActive) <= tolerance,
             qPrintable(QString::number(active, 'f', 0)));
    QCOMPARE(r.architecture_params, total);
    QCOMPARE(r.architecture_active_params, active);
    QVERIFY2(r.summary.contains(QLatin1String("active")), qPrintable(r.summary));
    // MTP modules are apart from the published size, and said in the summary.
    if (r.scenario.model.mtp_layers > 0)
        QVERIFY2(r.summary.contains(QLatin1String("multi-token prediction adds")), qPrintable(r.summary));
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
    // The mixture-of-experts and attention fields (DeepseekV3Config, DeepseekV2Config, Qwen2MoeConfig,
    // Qwen3MoeConfig, MixtralConfig, Gemma3TextConfig keys).
    const std::pair<const char*, const char*> v3[] = {
        {"model.attention", "mla"},
        {"model.q_lora_rank", "1536"},
        {"model.kv_lora_rank", "512"},
        {"model.qk_rope_head_dim", "64"},
        {"model.qk_nope_head_dim", "128"},
        {"model.v_head_dim", "128"},
        {"model.head_dim", "192"},
        {"model.experts", "256"},
        {"model.experts_per_token", "8"},
        {"model.moe_ffn_hidden", "2048"},
        {"model.shared_experts", "1"},
        {"model.dense_layers", "3"},
        {"model.ffn_hidden", "18432"},
        {"model.mtp_layers", "1"},
        {"model.tied_embeddings", "false"},
        {"model.kv_heads", "128"},
        // n_group 8, topk_group 4: a token's experts on at most 4 of 8 nodes (DeepSeek-V3 §2.1.2).
        {"model.expert_groups", "8"},
        {"model.expert_groups_per_token", "4"}};
    for (const auto& [path, value] : v3)
        QTest::newRow(qPrintable(QStringLiteral("deepseek-v3 %1").arg(QLatin1String(path))))
            << "hf-deepseek-v3.json" << path << value;
    const std::pair<const char*, const char*> lite[] = {
        {"model.attention", "mla"},
        {"model.q_lora_rank", "0"},
        {"model.kv_lora_rank", "512"},
        {"model.experts", "64"},
        {"model.experts_per_token", "6"},
        {"model.moe_ffn_hidden", "1408"},
        {"model.shared_experts", "2"},
        {"model.dense_layers", "1"},
        {"model.ffn_hidden", "10944"},
        {"model.mtp_layers", "0"},
        {"model.expert_groups", "0"}, // topk_method greedy: no groups
        {"model.expert_groups_per_token", "0"}};
    for (const auto& [path, value] : lite)
        QTest::newRow(qPrintable(QStringLiteral("deepseek-v2-lite %1").arg(QLatin1String(path))))
            << "hf-deepseek-v2-lite.json" << path << value;
    const std::pair<const char*, const char*> qwen15[] = {{"model.attention", "mha"},
                                                          {"model.experts", "60"},
                                                          {"model.experts_per_token", "4"},
                                                          {"model.moe_ffn_hidden", "1408"},
                                                          {"model.shared_experts", "4"},
                                                          {"model.dense_layers", "0"},
                                                          {"model.bias", "qkv"}};
    for (const auto& [path, value] : qwen15)
        QTest::newRow(qPrintable(QStringLiteral("qwen1.5-moe %1").arg(QLatin1String(path))))
            << "hf-qwen1.5-moe-a2.7b.json" << path << value;
    const std::pair<const char*, const char*> qwen3[] = {
        {"model.attention", "gqa"},      {"model.experts", "128"},      {"model.experts_per_token", "8"},
        {"model.moe_ffn_hidden", "768"}, {"model.shared_experts", "0"}, {"model.head_dim", "128"},
        {"model.kv_heads", "4"},         {"model.bias", "none"}};
    for (const auto& [path, value] : qwen3)
        QTest::newRow(qPrintable(QStringLiteral("qwen3-moe %1").arg(QLatin1String(path))))
            << "hf-qwen3-30b-a3b.json" << path << value;
    QTest::newRow("mixtral expert width is ffn_hidden") << "hf-mixtral-8x7b-v0.1.json"
                                                        << "model.moe_ffn_hidden"
                                                        << "0";
    QTest::newRow("mixtral GQA") << "hf-mixtral-8x7b-v0.1.json"
                                 << "model.attention"
                                 << "gqa";
    QTest::newRow("llama-3.1 GQA") << "hf-llama-3.1-8b.json"
                                   << "model.kv_heads"
                                   << "8";
    QTest::newRow("phi-3 MHA") << "hf-phi-3-mini-4k-instruct.json"
                               << "model.attention"
                               << "mha";
    QTest::newRow("phi-3 untied") << "hf-phi-3-mini-4k-instruct.json"
                                  << "model.tied_embeddings"
                                  << "false";
    QTest::newRow("qwen3 head_dim") << "hf-qwen3-8b.json"
                                    << "model.head_dim"
                                    << "128";
    QTest::newRow("gemma-2 tied by default") << "hf-gemma-2-9b.json"
                                             << "model.tied_embeddings"
                                             << "true";
    QTest::newRow("llama dense") << "hf-llama-2-7b.json"
                                 << "model.experts"
                                 << "1";
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

void TestImportHfConfig::dropout_data()
{
    QTest::addColumn<QString>("file");
    QTest::addColumn<bool>("dropout");
    // The configs' own probabilities (training.dropout: masks kept when any is above 0).
    QTest::newRow("gpt2: attn_pdrop, embd_pdrop, resid_pdrop 0.1") << "hf-gpt2.json" << true;
    QTest::newRow("phi-2: resid_pdrop 0.1, the others 0") << "hf-phi-2.json" << true;
    QTest::newRow("falcon-7b: attention_dropout, hidden_dropout 0") << "hf-falcon-7b.json" << false;
    QTest::newRow("Llama 3.1 8B: attention_dropout 0") << "hf-llama-3.1-8b.json" << false;
    QTest::newRow("Mixtral-8x7B: attention_dropout 0") << "hf-mixtral-8x7b-v0.1.json" << false;
}

void TestImportHfConfig::dropout()
{
    QFETCH(QString, file);
    QFETCH(bool, dropout);
    ImportResult r;
    QString error;
    QVERIFY2(ss::io::importFile(fixture(file), ImportKind::Auto, r, &error), qPrintable(error));
    QCOMPARE(r.scenario.training.dropout, dropout);
    QVERIFY(std::find(r.fields.begin(), r.fields.end(), std::string("training.dropout")) != r.fields.end());
}

void TestImportHfConfig::unknownModelType()
{
    // facebook/opt-125m: no OPT reader; asked for, the common keys still give the shape, with a warning to
    // check the count.
    ImportResult r;
    QString error;
    ss::io::ImportOptions options;
    options.hf_common_keys = true;
    QVERIFY2(
        ss::io::importFile(fixture(QStringLiteral("hf-opt-125m.json")), ImportKind::Auto, r, &error, options),
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

void TestImportHfConfig::unknownModelTypeRefused()
{
    // Without the option a count that cannot be checked is an error naming the type and the known ones.
    ImportResult r;
    QString error;
    QVERIFY(!ss::io::importFile(fixture(QStringLiteral("hf-opt-125m.json")), ImportKind::Auto, r, &error));
    QVERIFY2(isOneLineError(error, fixture(QStringLiteral("hf-opt-125m.json"))), qPrintable(error));
    QVERIFY2(error.contains(QLatin1String("model_type: unknown model_type \"opt\"")), qPrintable(error));
    QVERIFY2(error.contains(QLatin1String("deepseek_v3")) && error.contains(QLatin1String("--common-keys")),
             qPrintable(error));
    QVERIFY(!importBytes(R"({"hidden_size": 64, "num_hidden_layers": 2, "num_attention_heads": 4,
        "vocab_size": 100})",
                         QStringLiteral("config.json"), r, &error, ImportKind::HfConfig));
    QVERIFY2(error.startsWith(QLatin1String("config.json: model_type: no model_type")), qPrintable(error));
}

void TestImportHfConfig::gemma3Multimodal()
{
    // google/gemma-3-4b-it: Gemma3Config with the language model under text_config, which leaves heads,
    // key/value heads, head_dim and vocab_size to Gemma3TextConfig's defaults (8, 4, 256, 262208). The
    // language model by hand: per layer Q and O 2·2560·(8·256), K and V 2·2560·(4·256), four RMSNorms
    // 4·2560, q_norm and k_norm 2·256, GeGLU 3·2560·10240: 94,382,592 × 34 = 3,209,008,128; tied embedding
    // 262208·2560 = 671,252,480; norm 2,560. Sum 3,880,263,168 (the card's "4B" adds the SigLIP vision
    // encoder, which the scenario does not model).
    ImportResult r;
    QString error;
    QVERIFY2(
        ss::io::importFile(fixture(QStringLiteral("hf-gemma-3-4b-it.json")), ImportKind::Auto, r, &error),
        qPrintable(error));
    QCOMPARE(r.scenario.model.heads, 8);
    QCOMPARE(r.scenario.model.kv_heads, 4);
    QCOMPARE(r.scenario.model.head_dim, 256);
    QCOMPARE(r.scenario.model.vocab, 262208);
    QCOMPARE(r.scenario.model.layers, 34);
    QVERIFY(r.scenario.model.tied_embeddings);
    QCOMPARE(r.architecture_params, 3880263168.0);
    QVERIFY(r.warnings.join(QLatin1Char(' ')).contains(QLatin1String("text_config")));
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
    QVERIFY(json.contains("\"training\"")); // the config's attention_dropout, alone of the section
    QVERIFY(!json.contains("\"cluster\""));
    ss::Scenario back;
    QVERIFY2(ss::io::readScenario(json, back, &error, {}, ss::io::ReadCheck::FieldsOnly), qPrintable(error));
    QCOMPARE(back.model, r.scenario.model);
    QCOMPARE(back.training.dropout, false);
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
    text = llama;
    QTest::newRow("dropout above 1") << text.replace("\"hidden_size\": 4096,",
                                                     "\"hidden_size\": 4096, \"attention_dropout\": 1.5,")
                                     << "attention_dropout: expected a probability in [0, 1), got 1.5";
    QTest::newRow("gpt2 without n_embd") << QByteArray(R"({"model_type": "gpt2", "n_layer": 12, "n_head": 12,
        "vocab_size": 50257})") << "n_embd: missing";
    QTest::newRow("mixtral top-k above experts")
        << QByteArray(R"({"model_type": "mixtral", "hidden_size": 64, "intermediate_size": 128,
            "num_attention_heads": 4, "num_hidden_layers": 2, "vocab_size": 100, "num_local_experts": 2,
            "num_experts_per_tok": 3})")
        << "num_experts_per_tok: a token cannot use 3 experts of 2";
    QTest::newRow("text_config not an object") << QByteArray(R"({"model_type": "llava", "text_config": 7})")
                                               << "text_config: expected an object, got the number 7";
    const QByteArray v3 = readFixture(QStringLiteral("hf-deepseek-v3.json"));
    text = v3;
    QTest::newRow("deepseek zero top-k")
        << text.replace("\"num_experts_per_tok\": 8", "\"num_experts_per_tok\": 0")
        << "num_experts_per_tok: expected a whole number from 1 to 100000, got the number 0";
    text = v3;
    QTest::newRow("deepseek negative experts")
        << text.replace("\"n_routed_experts\": 256", "\"n_routed_experts\": -4")
        << "n_routed_experts: expected a whole number from 1 to 100000, got the number -4";
    text = v3;
    QTest::newRow("deepseek top-k above experts")
        << text.replace("\"num_experts_per_tok\": 8", "\"num_experts_per_tok\": 300")
        << "num_experts_per_tok: a token cannot use 300 experts of 256";
    text = v3;
    QTest::newRow("deepseek-v3 without kv_lora_rank")
        << text.replace("\"kv_lora_rank\": 512,", "")
        << "kv_lora_rank: missing; the config needs the rank of the compressed keys and values";
    text = readFixture(QStringLiteral("hf-deepseek-v2-lite.json"));
    QTest::newRow("deepseek-v2 without kv_lora_rank")
        << text.replace("\"kv_lora_rank\": 512,", "")
        << "kv_lora_rank: missing; the config needs the rank of the compressed keys and values";
    text = v3;
    QTest::newRow("deepseek negative shared experts")
        << text.replace("\"n_shared_experts\": 1", "\"n_shared_experts\": -1")
        << "n_shared_experts: expected a whole number from 0";
    text = v3;
    QTest::newRow("deepseek every other layer")
        << text.replace("\"moe_layer_freq\": 1", "\"moe_layer_freq\": 2")
        << "moe_layer_freq: only every layer";
    text = v3;
    QTest::newRow("deepseek more dense layers than layers")
        << text.replace("\"first_k_dense_replace\": 3", "\"first_k_dense_replace\": 62")
        << "first_k_dense_replace: 62 dense layers of 61";
    const QByteArray qwen = readFixture(QStringLiteral("hf-qwen3-30b-a3b.json"));
    text = qwen;
    QTest::newRow("qwen3-moe sparse step 2")
        << text.replace("\"decoder_sparse_step\": 1", "\"decoder_sparse_step\": 2")
        << "decoder_sparse_step: only experts in every layer (1) is supported, got 2";
    text = qwen;
    QTest::newRow("qwen3-moe mlp_only_layers")
        << text.replace("\"mlp_only_layers\": []", "\"mlp_only_layers\": [0, 47]")
        << "mlp_only_layers: only an empty list";
    text = qwen;
    QTest::newRow("qwen3-moe top-k above experts")
        << text.replace("\"num_experts\": 128", "\"num_experts\": 4")
        << "num_experts_per_tok: a token cannot use 8 experts of 4";
    text = qwen;
    QTest::newRow("qwen3-moe zero expert width")
        << text.replace("\"moe_intermediate_size\": 768", "\"moe_intermediate_size\": 0")
        << "moe_intermediate_size: expected a whole number from 1";
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
