// SPDX-License-Identifier: GPL-3.0-or-later
// Parameter counts, FLOPs, activations per layer and in-flight microbatches against published figures and
// the papers' formulas worked by hand.
#include "fields.h"
#include "workload.h"

#include <QtTest>

using namespace ss;

Q_DECLARE_METATYPE(ss::ModelSpec)
Q_DECLARE_METATYPE(ss::Scenario)

namespace {

ModelSpec gpt(std::int64_t layers, std::int64_t hidden, std::int64_t heads, std::int64_t vocab,
              std::int64_t positions, bool tied)
{
    ModelSpec m;
    m.layers = layers;
    m.hidden = hidden;
    m.heads = heads;
    m.kv_heads = heads;
    m.ffn_hidden = 4 * hidden;
    m.ffn_kind = FfnKind::Gelu;
    m.vocab = vocab;
    m.seq_len = positions;
    m.tied_embeddings = tied;
    m.position_embedding = PositionEmbedding::Learned;
    m.norm = NormKind::LayerNorm;
    m.bias = BiasKind::All;
    return m;
}

ModelSpec llama(std::int64_t layers, std::int64_t hidden, std::int64_t heads, std::int64_t kvHeads,
                std::int64_t ffn, std::int64_t vocab, bool tied = false)
{
    ModelSpec m;
    m.layers = layers;
    m.hidden = hidden;
    m.heads = heads;
    m.kv_heads = kvHeads;
    m.ffn_hidden = ffn;
    m.ffn_kind = FfnKind::Swiglu;
    m.vocab = vocab;
    m.seq_len = 4096;
    m.tied_embeddings = tied;
    m.position_embedding = PositionEmbedding::Rotary;
    m.norm = NormKind::RmsNorm;
    m.bias = BiasKind::None;
    return m;
}

// Korthikanti et al. (MLSys'23) worked in their own GPT-3 setting: s 2048, b 1, h 12288, a 96, t 8.
Scenario korthikanti(std::int64_t tp, bool sp, Recompute recompute)
{
    Scenario s;
    s.model = gpt(96, 12288, 96, 51200, 2048, false);
    s.training.micro_batch = 1;
    s.training.recompute = recompute;
    s.parallel.tp = tp;
    s.parallel.sequence_parallel = sp;
    return s;
}

// DeepSeek-V3 as its config.json describes it (deepseek-ai/DeepSeek-V3, arXiv:2412.19437 Table / §4.2):
// 61 layers, the first 3 dense (FFN 18432), 58 MoE with 256 routed experts of 2048 (top 8) and 1 shared,
// MLA with q_lora 1536, kv_lora 512, rope 64, nope 128, v 128, 128 heads, h 7168, V 129280, untied.
ModelSpec deepseekV3()
{
    ModelSpec m = llama(61, 7168, 128, 128, 18432, 129280);
    m.attention = AttentionKind::Mla;
    m.q_lora_rank = 1536;
    m.kv_lora_rank = 512;
    m.qk_rope_head_dim = 64;
    m.qk_nope_head_dim = 128;
    m.v_head_dim = 128;
    m.experts = 256;
    m.experts_per_token = 8;
    m.moe_ffn_hidden = 2048;
    m.shared_experts = 1;
    m.dense_layers = 3;
    return m;
}

// Qwen3-30B-A3B (Qwen/Qwen3-30B-A3B config.json): 48 layers, h 2048, 32 heads of 128, 4 kv heads, 128
// experts of 768 (top 8), V 151936, untied.
ModelSpec qwen3MoE()
{
    ModelSpec m = llama(48, 2048, 32, 4, 6144, 151936);
    m.head_dim = 128;
    m.experts = 128;
    m.experts_per_token = 8;
    m.moe_ffn_hidden = 768;
    return m;
}

} // namespace

class TestWorkload : public QObject
{
    Q_OBJECT

private slots:
    void paramCount_data();
    void paramCount();
    void activeParams_data();
    void activeParams();
    void mlaAttention();
    void unevenStages_data();
    void unevenStages();
    void expertShards();
    void narayananEquation2();
    void stageSplit();
    void layerFlopsMatchNarayanan();
    void activations_data();
    void activations();
    void activationsGqaSwiglu();
    void inFlight_data();
    void inFlight();
    void layersPerStage_data();
    void layersPerStage();
    void dispatchCopies_data();
    void dispatchCopies();
    void fp8DispatchBytes();
    void deepseekMemorySavings();
};

void TestWorkload::paramCount_data()
{
    QTest::addColumn<ModelSpec>("model");
    QTest::addColumn<double>("expected");

    // Published totals (the models' Hugging Face checkpoints' parameter counts), each also worked by hand
    // from the architecture in the comments.
    // GPT-2 small: V 50257, 1024 positions, h 768, 12 layers, tied: 38,597,376 + 786,432 + 12 × 7,087,872 +
    // 1,536.
    QTest::newRow("GPT-2 small 124,439,808 (HF gpt2)") << gpt(12, 768, 12, 50257, 1024, true) << 124439808.0;
    // GPT-2 medium: 51,463,168 + 1,048,576 + 24 × 12,596,224 + 2,048.
    QTest::newRow("GPT-2 medium 354,823,168 (HF gpt2-medium)")
        << gpt(24, 1024, 16, 50257, 1024, true) << 354823168.0;
    // Llama-2 7B: 2 × 32000 × 4096 + 32 × (4 × 4096² + 3 × 4096 × 11008 + 2 × 4096) + 4096.
    QTest::newRow("Llama-2 7B 6,738,415,616 (HF Llama-2-7b-hf)")
        << llama(32, 4096, 32, 32, 11008, 32000) << 6738415616.0;
    // Llama-2 70B (GQA, 8 kv heads): 2 × 32000 × 8192 + 80 × (2 × 8192² + 2 × 8192 × 1024 + 3 × 8192 × 28672
    // + 2 × 8192) + 8192.
    QTest::newRow("Llama-2 70B 68,976,648,192 (HF Llama-2-70b-hf)")
        << llama(80, 8192, 64, 8, 28672, 32000) << 68976648192.0;
    // Mistral 7B v0.1: GQA 8 kv heads, ffn 14336.
    QTest::newRow("Mistral 7B 7,241,732,096 (HF Mistral-7B-v0.1)")
        << llama(32, 4096, 32, 8, 14336, 32000) << 7241732096.0;
    // Mixtral 8x7B: Mistral's layer with 8 experts and a 4096 × 8 router per layer.
    ModelSpec mixtral = llama(32, 4096, 32, 8, 14336, 32000);
    mixtral.experts = 8;
    mixtral.experts_per_token = 2;
    QTest::newRow("Mixtral 8x7B 46,702,792,704 (HF Mixtral-8x7B-v0.1)") << mixtral << 46702792704.0;
    // Qwen2-0.5B: biases on Q, K, V only, head_dim 64, 2 kv heads, tied embeddings, V 151936.
    ModelSpec qwen = llama(24, 896, 14, 2, 4864, 151936, true);
    qwen.bias = BiasKind::Qkv;
    QTest::newRow("Qwen2-0.5B 494,032,768 (HF Qwen2-0.5B)") << qwen << 494032768.0;
    ModelSpec bare;
    bare.kind = ModelKind::Params;
    bare.params = 7.5e9;
    QTest::newRow("bare count is taken as given") << bare << 7.5e9;
    // DeepSeek-V3, worked by hand: MLA attention 7168·1536 + 1536 + 1536·128·192 + 7168·576 + 512 +
    // 512·128·256 + 128·128·7168 = 187,107,328; a dense layer adds 3·7168·18432 and two norms; a MoE layer
    // 257 experts of 3·7168·2048, the router 7168·256 and two norms; 2 · 129280 · 7168 + 7168 at the ends:
    // 671,026,404,352 (the card's 671B; the checkpoint's e_score_correction_bias, 58 × 256, is left out).
    QTest::newRow("DeepSeek-V3 671,026,404,352 (arXiv:2412.19437: 671B)") << deepseekV3() << 671026404352.0;
    // Qwen3-30B-A3B: attention 2048·4096 + 2·2048·512 + 4096·2048, 128 experts of 3·2048·768, router
    // 2048·128, two norms, per layer; 2 · 151936 · 2048 + 2048: 30,532,110,336, the card's 30,532,122,624
    // less the per-head q/k RMSNorms (48 × 256) the engine does not describe.
    QTest::newRow("Qwen3-30B-A3B 30,532,110,336 (model card: 30.5B)") << qwen3MoE() << 30532110336.0;
}

void TestWorkload::activeParams_data()
{
    QTest::addColumn<ModelSpec>("model");
    QTest::addColumn<double>("expected");
    QTest::addColumn<double>("published");
    ModelSpec mixtral = llama(32, 4096, 32, 8, 14336, 32000);
    mixtral.experts = 8;
    mixtral.experts_per_token = 2;
    // Total less 32 layers × 6 unvisited experts × 3·4096·14336 = 12,879,925,248.
    QTest::newRow("Mixtral 8x7B (mistral.ai: 12.9B active)") << mixtral << 12879925248.0 << 12.9e9;
    // Total less 58 × 248 × 3·7168·2048 = 37,552,282,624.
    QTest::newRow("DeepSeek-V3 (arXiv:2412.19437: 37B activated)") << deepseekV3() << 37552282624.0 << 37e9;
    // Total less 48 × 120 × 3·2048·768 = 3,353,020,416.
    QTest::newRow("Qwen3-30B-A3B (model card: 3.3B activated)") << qwen3MoE() << 3353020416.0 << 3.3e9;
    QTest::newRow("dense: active is total") << llama(32, 4096, 32, 32, 11008, 32000) << 6738415616.0 << 6.7e9;
}

void TestWorkload::activeParams()
{
    QFETCH(ModelSpec, model);
    QFETCH(double, expected);
    QFETCH(double, published);
    const ParamCount c = countParams(model);
    QCOMPARE(c.active, expected);
    // The published figure is rounded to its last digit (DeepSeek rounds 37.55B down to 37B).
    QVERIFY2(std::abs(c.active - published) / published < 0.02, qPrintable(QString::number(c.active)));
}

void TestWorkload::mlaAttention()
{
    // MLA's per-layer FLOPs: 2 · active weights per token plus the core, 2·s²·a·(d_qk + d_v) per sequence
    // (DeepSeek-V2, arXiv:2405.04434 §2.1: queries and keys of nope + rope = 192, values of 128).
    const ModelSpec m = deepseekV3();
    const LayerFlops f = layerForwardFlops(m, 1.0, false);
    const double s = 4096;
    QCOMPARE(f.attention, 2 * s * s * 128 * (192 + 128));
    // The dense layer's active weights: 187,107,328 attention (its two latent norms, 2,048, are not GEMM
    // weights) + 3·7168·18432 = 583,467,008; 2 FLOPs per weight per token.
    QCOMPARE(f.dense, 2.0 * (187107328.0 - 2048 + 3.0 * 7168 * 18432) * s);
    // MTP: one module of 3 norms, the 2h × h projection and a MoE layer (DeepSeek-V3 §2.2).
    ModelSpec withMtp = m;
    withMtp.mtp_layers = 1;
    const ParamCount c = countParams(withMtp);
    QCOMPARE(c.mtp, 3 * 7168.0 + 2 * 7168.0 * 7168 + c.moe_layer.total());
    QCOMPARE(c.total, countParams(m).total); // the main model's count stays the card's
}

void TestWorkload::unevenStages_data()
{
    QTest::addColumn<QString>("given");
    QTest::addColumn<int>("first");
    QTest::addColumn<int>("last");
    QTest::addColumn<QString>("expected");
    // Llama 3 405B: 126 layers on 16 stages, the first and last one layer short (arXiv:2407.21783 §3.3.2).
    QTest::newRow("Llama 3 405B by first/last") << QString() << 7 << 7 << "7,8,8,8,8,8,8,8,8,8,8,8,8,8,8,7";
    QTest::newRow("explicit list") << "4,40,40,42" << 0 << 0 << "4,40,40,42";
    QTest::newRow("first only") << QString() << 2 << 0 << "2,42,41,41";
}

void TestWorkload::unevenStages()
{
    QFETCH(QString, given);
    QFETCH(int, first);
    QFETCH(int, last);
    QFETCH(QString, expected);
    Scenario s;
    const bool llama = first == 7;
    s.model.layers = llama ? 126 : 126;
    s.parallel.pp = llama ? 16 : 4;
    for (const QString& n : given.split(QLatin1Char(','), Qt::SkipEmptyParts))
        s.parallel.pipeline_layers.push_back(n.toLongLong());
    s.parallel.first_stage_layers = first;
    s.parallel.last_stage_layers = last;
    QStringList got;
    for (const std::int64_t n : ss::layersPerStage(s))
        got << QString::number(n);
    QCOMPARE(got.join(QLatin1Char(',')), expected);
    // The stages' parameters follow the split.
    const auto stages = stageParams(s);
    const ParamCount c = countParams(s.model);
    QCOMPARE(stages[1].total, double(got[1].toLongLong()) * c.per_layer);
}

void TestWorkload::expertShards()
{
    // Megatron-Core's expert layout: each of ep ranks holds E/ep experts, each split over etp; the rest of a
    // layer over tp. Mixtral 8x7B on tp 2, ep 4, etp 1: a layer's 8 experts of 3·4096·14336 become 2 per
    // GPU, whole; attention (2·4096² + 2·4096·1024) halves; the router (4096·8) and norms stay whole.
    Scenario s;
    s.model = llama(32, 4096, 32, 8, 14336, 32000);
    s.model.experts = 8;
    s.model.experts_per_token = 2;
    s.parallel.tp = 2;
    s.parallel.ep = 4;
    s.parallel.etp = 1;
    s.parallel.pp = 2;
    const auto stages = stageParams(s);
    const double expert = 3.0 * 4096 * 14336;
    QCOMPARE(stages[1].expert_per_gpu, 16 * 2 * expert);
    const double attention = 2.0 * 4096 * 4096 + 2.0 * 4096 * 1024;
    QCOMPARE(stages[1].per_gpu - 4096.0 - 32000.0 * 4096 / 2,
             16 * (2 * expert + attention / 2 + 4096.0 * 8 + 2 * 4096.0));
}

void TestWorkload::paramCount()
{
    QFETCH(ModelSpec, model);
    QFETCH(double, expected);
    QCOMPARE(countParams(model).total, expected);
}

void TestWorkload::narayananEquation2()
{
    // Narayanan et al. SC'21 eq. 2: P = 12Lh²(1 + 13/(12h) + (V + s)/(12Lh)), for GPT-3 175B's shape. The
    // equation leaves out the final layer norm (2h), which the exact count includes.
    const double L = 96, h = 12288, V = 51200, s = 2048;
    const double eq2 = 12 * L * h * h * (1 + 13 / (12 * h) + (V + s) / (12 * L * h));
    const ParamCount c = countParams(gpt(96, 12288, 96, 51200, 2048, false));
    // Eq. 2 counts one V·h matrix (tied); the untied head comes on top.
    QVERIFY(qAbs(c.total - c.head - (eq2 + 2 * h)) < 1.0);
    QVERIFY(qAbs(c.per_layer - (12 * h * h + 13 * h)) < 0.5);
}

void TestWorkload::stageSplit()
{
    // GPT-3 175B on pp 8, tp 8 (Narayanan et al. Table 1's layout): 12 layers a stage; the embedding on the
    // first stage, the head on the last; every parameter counted once across stages.
    Scenario s;
    s.model = gpt(96, 12288, 96, 51200, 2048, false);
    s.parallel.tp = 8;
    s.parallel.pp = 8;
    const auto stages = stageParams(s);
    QCOMPARE(int(stages.size()), 8);
    const ParamCount c = countParams(s.model);
    double sum = 0;
    for (const auto& st : stages)
        sum += st.total;
    QCOMPARE(sum, c.total);
    QCOMPARE(stages[1].total, 12 * c.per_layer);
    QCOMPARE(stages[0].total, 12 * c.per_layer + c.embedding + c.positions);
    QCOMPARE(stages[7].total, 12 * c.per_layer + c.final_norm + c.head);
    // A middle stage's GPU: split weights over 8 ranks, norms and row-parallel biases (4h + 2h per layer)
    // whole.
    const double h = 12288;
    QVERIFY(qAbs(stages[1].per_gpu - 12 * ((12 * h * h + 7 * h) / 8 + 6 * h)) < 1.0);
}

void TestWorkload::layerFlopsMatchNarayanan()
{
    // Narayanan et al. eq. 3's forward part per layer: 24bsh² + 4bs²h; logits 2bshV.
    const ModelSpec m = gpt(96, 12288, 96, 51200, 2048, false);
    const double b = 4, s = 2048, h = 12288, V = 51200;
    const LayerFlops f = layerForwardFlops(m, b);
    QCOMPARE(f.dense, 24 * b * s * h * h);
    QCOMPARE(f.attention, 4 * b * s * s * h);
    QCOMPARE(logitsForwardFlops(m, b), 2 * b * s * h * V);
}

void TestWorkload::activations_data()
{
    QTest::addColumn<Scenario>("scenario");
    QTest::addColumn<double>("expected");
    const double s = 2048, b = 1, h = 12288, a = 96, t = 8;
    // Korthikanti et al. MLSys'23, Table 2 (bytes per layer).
    QTest::newRow("Table 2: no parallelism sbh(34 + 5as/h)")
        << korthikanti(1, false, Recompute::None) << s * b * h * (34 + 5 * a * s / h);
    QTest::newRow("Table 2: tensor parallel sbh(10 + 24/t + 5as/(ht))")
        << korthikanti(8, false, Recompute::None) << s * b * h * (10 + 24 / t + 5 * a * s / (h * t));
    QTest::newRow("Table 2: tensor + sequence parallel sbh(34/t + 5as/(ht))")
        << korthikanti(8, true, Recompute::None) << s * b * h * (34 / t + 5 * a * s / (h * t));
    QTest::newRow("Table 2: tensor parallel + selective recompute sbh(10 + 24/t)")
        << korthikanti(8, false, Recompute::Selective) << s * b * h * (10 + 24 / t);
    QTest::newRow("Table 2: tensor + sequence parallel + selective recompute sbh·34/t")
        << korthikanti(8, true, Recompute::Selective) << s * b * h * 34 / t;
    QTest::newRow("Table 2: full recompute 2sbh") << korthikanti(8, false, Recompute::Full) << 2 * s * b * h;
}

void TestWorkload::activations()
{
    QFETCH(Scenario, scenario);
    QFETCH(double, expected);
    QVERIFY2(qAbs(layerActivationBytes(scenario).total() - expected) < 1e-6 * expected,
             qPrintable(QString::number(layerActivationBytes(scenario).total(), 'g', 12)));
}

void TestWorkload::activationsGqaSwiglu()
{
    // Worked by hand from Korthikanti's term list: with kv heads of width d, K and V keep 2sb·kv·d bytes each
    // instead of 2sbh; SwiGLU keeps 6sb·ffn instead of GeLU's 4sb·ffn. Llama-2 70B shape, s 4096, b 1, t 1.
    Scenario sc;
    sc.model = llama(80, 8192, 64, 8, 28672, 32000);
    sc.training.micro_batch = 1;
    const double s = 4096, h = 8192, a = 64, d = 128, kv = 8, f = 28672;
    const ActivationTerms act = layerActivationBytes(sc);
    QCOMPARE(act.attention, 3 * s * h + 2 * s * a * d + 4 * s * kv * d + 2 * s * a * d);
    QCOMPARE(act.scores, 5 * a * s * s);
    QCOMPARE(act.mlp, 3 * s * h + 6 * s * f);
    QCOMPARE(act.norms, 4 * s * h);
    // Flash attention stores only the fp32 log-sum-exp per head and token (Dao et al. 2022, §3.1).
    sc.training.flash_attention = true;
    QCOMPARE(layerActivationBytes(sc).scores, 4 * a * s);
}

void TestWorkload::inFlight_data()
{
    QTest::addColumn<int>("schedule");
    QTest::addColumn<int>("stage");
    QTest::addColumn<int>("pp");
    QTest::addColumn<int>("m");
    QTest::addColumn<int>("v");
    QTest::addColumn<double>("expected");
    // Narayanan et al. SC'21 §2.2: GPipe holds all m; 1F1B stage i holds p - i.
    QTest::newRow("GPipe holds all 32 microbatches") << int(Schedule::GPipe) << 0 << 8 << 32 << 1 << 32.0;
    QTest::newRow("1F1B first stage holds p = 8") << int(Schedule::OneFOneB) << 0 << 8 << 32 << 1 << 8.0;
    QTest::newRow("1F1B stage 5 of 8 holds p - i = 3") << int(Schedule::OneFOneB) << 5 << 8 << 32 << 1 << 3.0;
    QTest::newRow("1F1B last stage holds 1") << int(Schedule::OneFOneB) << 7 << 8 << 32 << 1 << 1.0;
    QTest::newRow("1F1B with m < p holds m") << int(Schedule::OneFOneB) << 0 << 8 << 4 << 1 << 4.0;
    QTest::newRow("ZB-H1 keeps 1F1B's memory (Qi et al. ICLR'24)")
        << int(Schedule::ZbH1) << 2 << 8 << 32 << 1 << 6.0;
    // Korthikanti §4.2.3: interleaving multiplies the first stage's memory by 1 + (p - 1)/(p·v).
    QTest::newRow("interleaved v=2 first stage p(1 + (p-1)/(pv)) = 11.5")
        << int(Schedule::Interleaved) << 0 << 8 << 32 << 2 << 8 * (1 + 7.0 / 16);
    QTest::newRow("interleaved v=4 first stage p(1 + (p-1)/(pv)) = 5")
        << int(Schedule::Interleaved) << 0 << 4 << 16 << 4 << 4 * (1 + 3.0 / 16);
}

void TestWorkload::inFlight()
{
    QFETCH(int, schedule);
    QFETCH(int, stage);
    QFETCH(int, pp);
    QFETCH(int, m);
    QFETCH(int, v);
    QFETCH(double, expected);
    QCOMPARE(inFlightMicrobatches(Schedule(schedule), stage, pp, m, v), expected);
}

void TestWorkload::layersPerStage_data()
{
    QTest::addColumn<int>("layers");
    QTest::addColumn<int>("pp");
    QTest::addColumn<QList<qint64>>("expected");
    QTest::newRow("96 over 8: 12 each") << 96 << 8 << QList<qint64>{12, 12, 12, 12, 12, 12, 12, 12};
    QTest::newRow("10 over 4: remainder to the first stages") << 10 << 4 << QList<qint64>{3, 3, 2, 2};
    QTest::newRow("1 stage holds all") << 24 << 1 << QList<qint64>{24};
}

void TestWorkload::layersPerStage()
{
    QFETCH(int, layers);
    QFETCH(int, pp);
    QFETCH(QList<qint64>, expected);
    const auto got = ss::layersPerStage(layers, pp);
    QCOMPARE(QList<qint64>(got.begin(), got.end()), expected);
}

// Copies of a token one expert all-to-all moves. Expected values worked by hand (Python's math.comb): a place
// (node, or GPU inside one node) holding E/U of the experts gets none of a token's k with probability
// C(E − E/U, k) / C(E, k) when the k are drawn evenly from all E.
void TestWorkload::dispatchCopies_data()
{
    QTest::addColumn<QString>("dispatcher");
    QTest::addColumn<int>("groups");
    QTest::addColumn<int>("nodes");
    QTest::addColumn<double>("copies");
    // Megatron-Core's alltoall dispatcher sends a copy per (token, expert): k.
    QTest::newRow("alltoall: k = 8") << "alltoall" << 8 << 8 << 8.0;
    // 8 nodes of 32 experts, top-8 of all 256: 8 · (1 − C(224, 8) / C(256, 8)) = 5.29465.
    QTest::newRow("deepep, 8 nodes, no groups: 5.29465") << "deepep" << 0 << 8 << 5.294652000382479;
    // DeepSeek-V3 (arXiv:2412.19437 §2.1.2): 8 groups on 8 nodes, 4 per token. A node's group is chosen with
    // probability 1/2, and then misses the k = 8 drawn from 4 · 32 experts with C(96, 8) / C(128, 8):
    // 8 · (1 − (1/2 + 1/2 · 0.0927473)) = 3.62901.
    QTest::newRow("deepep, DeepSeek-V3 groups 8/4: 3.62901") << "deepep" << 8 << 8 << 3.6290109244257005;
    // Inside one node the places are the 64 ranks of 4 experts: 64 · (1 − C(252, 8) / C(256, 8)) = 7.67575.
    QTest::newRow("deepep, one node, 64 ranks: 7.67575") << "deepep" << 0 << 1 << 7.675750191770085;
}

void TestWorkload::dispatchCopies()
{
    QFETCH(QString, dispatcher);
    QFETCH(int, groups);
    QFETCH(int, nodes);
    QFETCH(double, copies);
    Scenario s;
    s.model = deepseekV3();
    s.parallel.ep = 64;
    QVERIFY(enumFromName(dispatcher.toStdString(), s.parallel.ep_dispatcher));
    s.model.expert_groups = groups;
    s.model.expert_groups_per_token = groups / 2;
    QVERIFY2(std::abs(expertDispatchCopies(s, nodes) / copies - 1) < 1e-12,
             qPrintable(QString::number(expertDispatchCopies(s, nodes), 'g', 17)));
}

// FP8 dispatch: one call carries the mean of the dispatch's 1 + 4/128 bytes an element (an fp32 scale per
// 1×128 tile, DeepSeek-V3 §3.3.2) and the combine's 2. DeepSeek-V3's layer: 4096 tokens × 3.62901 copies ×
// 7168 × 1.515625 B = 161,487,153.9 B (against 4096 × 8 × 7168 × 2 = 469,762,048 B with the alltoall
// dispatcher in BF16).
void TestWorkload::fp8DispatchBytes()
{
    Scenario s;
    s.model = deepseekV3();
    s.model.seq_len = 4096;
    s.training.micro_batch = 1;
    s.training.precision = Precision::Fp8Mixed;
    s.parallel.ep = 64;
    s.cluster.gpus_per_node = 8;
    QCOMPARE(expertGroupNodes(s), std::int64_t(8));
    QCOMPARE(expertAllToAllBytes(s), 469762048.0);
    s.parallel.ep_dispatcher = EpDispatcher::DeepEp;
    s.parallel.ep_fp8_dispatch = true;
    s.model.expert_groups = 8;
    s.model.expert_groups_per_token = 4;
    QVERIFY(std::abs(expertAllToAllBytes(s) / 161487153.90140748 - 1) < 1e-12);
}

// What DeepSeek-V3 §3.2.3 and §3.3.3 save per layer and microbatch, worked by hand for its MoE layer (s 4096,
// b 1, h 7168, FP8, no tp, no dropout, selective recompute; 8 routed experts of f_e 2048 per token, 1
// shared):
// - recomputed RMSNorm: the norm's output, each block's first linear input, sbh bytes in FP8, twice:
//   2 · 4096 · 7168 = 58,720,256 B;
// - FP8 SwiGLU inputs: gate and up, 4 bytes per f_e element → 2 · (1 + 4/128), for (8 + 1) · s · f_e
//   elements: (4 − 2.0625) · 9 · 4096 · 2048 = 146,276,352 B.
void TestWorkload::deepseekMemorySavings()
{
    Scenario s;
    s.model = deepseekV3();
    s.model.seq_len = 4096;
    s.training.micro_batch = 1;
    s.training.precision = Precision::Fp8Mixed;
    s.training.recompute = Recompute::Selective;
    s.training.flash_attention = true;
    s.training.dropout = false;
    const double base = layerActivationBytes(s, true).total();
    s.training.recompute_norms = true;
    const double norms = layerActivationBytes(s, true).total();
    QCOMPARE(base - norms, 58720256.0);
    s.training.fp8_swiglu_inputs = true;
    const double both = layerActivationBytes(s, true).total();
    QCOMPARE(norms - both, 146276352.0);
    // Without FP8 training the SwiGLU inputs stay 16-bit (the scenario check refuses the combination).
    s.training.precision = Precision::Bf16Mixed;
    s.training.fp8_swiglu_inputs = false;
    const double bf16 = layerActivationBytes(s, true).total();
    s.training.fp8_swiglu_inputs = true;
    QCOMPARE(layerActivationBytes(s, true).total(), bf16);
}

QTEST_APPLESS_MAIN(TestWorkload)
#include "tst_workload.moc"
