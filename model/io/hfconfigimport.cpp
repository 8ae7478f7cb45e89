// SPDX-License-Identifier: GPL-3.0-or-later
#include "hfconfigimport.h"

#include "fields.h"
#include "importsupport.h"
#include "units.h"
#include "workload.h"

#include <QCoreApplication>
#include <QJsonArray>
#include <QRegularExpression>

#include <algorithm>
#include <initializer_list>

namespace ss::io {

namespace {

using detail::JsonFields;

// The decoder as read, before it becomes a ModelSpec.
struct Decoder
{
    std::int64_t hidden = 0, layers = 0, heads = 0, kv_heads = 0, head_dim = 0, ffn = 0, vocab = 0;
    std::int64_t positions = 0; // learned position table (0: none)
    std::int64_t experts = 1, experts_per_token = 1;
    // Mixture of experts: one expert's width (0: ffn), the shared experts of that width, the dense first
    // layers (of width ffn).
    std::int64_t moe_ffn = 0, shared_experts = 0, dense_layers = 0;
    // Group-limited routing: n_group groups, topk_group of them per token (0 and 0: none).
    std::int64_t expert_groups = 0, expert_groups_per_token = 0;
    // Multi-head latent attention (DeepSeek-V2, arXiv:2405.04434 §2.1): q_lora 0 projects queries directly.
    bool mla = false;
    std::int64_t q_lora = 0, kv_lora = 0, rope_dim = 0, nope_dim = 0, v_dim = 0;
    std::int64_t mtp = 0; // multi-token-prediction modules (DeepSeek-V3, arXiv:2412.19437 §2.2)
    double mtp_extra = 0; // what the MTP modules hold beyond the engine's count of them
    FfnKind ffn_kind = FfnKind::Swiglu;
    NormKind norm = NormKind::RmsNorm;
    BiasKind bias = BiasKind::None;
    bool tied = false;
    // Parameters the architecture has beyond (or short of) the engine's count of the same description, and
    // why.
    std::int64_t norms_per_layer = 2;
    bool head_bias = false;
    double extra = 0;
    double extra_active = 0; // the part of extra one token passes through
    QStringList extraReasons;

    // Parameters the engine's description leaves out, with the reason; ACTIVE of them used by every token.
    void add(double params, double active, const QString& reason)
    {
        extra += params;
        extra_active += active;
        extraReasons << reason;
    }
};

class HfReader : public detail::ImportReader
{
    Q_DECLARE_TR_FUNCTIONS(ss::io::Import)

public:
    HfReader(const QString& fileName, bool commonKeys)
        : ImportReader(fileName), m_fields(*this), m_commonKeys(commonKeys)
    {
    }

    bool read(const QByteArray& data, ImportResult& out);

private:
    // The first of KEYS present; its limits come from the field table entry FIELD so a value the scenario
    // would refuse is refused here, at the config's own key.
    bool count(std::initializer_list<const char*> keys, const char* field, bool required, const QString& what,
               std::int64_t& out, const char** used = nullptr);
    // KEY, which may be 0 (absent or null: FALLBACK).
    bool countOrZero(const char* key, const char* field, std::int64_t fallback, std::int64_t& out);
    bool flag(const char* key, bool fallback, bool& out);
    bool text(const char* key, const QString& fallback, QString& out);
    // hidden_size, num_hidden_layers, num_attention_heads, intermediate_size and vocab_size: the keys the
    // Llama-style, GPT-NeoX and Phi configs share, all required.
    bool readCommonShape(Decoder& d);
    bool readLlama(const QString& type, Decoder& d);
    bool readGpt2(Decoder& d);
    bool readGptNeox(Decoder& d);
    bool readFalcon(Decoder& d);
    bool readPhi(Decoder& d);
    bool readDeepseek(const QString& type, Decoder& d);
    bool readMla(Decoder& d);
    bool readQwenMoe(const QString& type, Decoder& d);
    bool readSparseLayers();
    void addFamilyExtras(const QString& type, Decoder& d);
    bool readGeneric(Decoder& d);
    bool check(const Decoder& d);
    // The steps of read().
    bool selectConfig(const QJsonObject& root);
    bool readModelType(const QJsonObject& root, QString& type);
    bool readFamily(const QString& type, Decoder& d);
    bool readUnknown(const QString& type, Decoder& d);
    void fill(const QString& type, const Decoder& d, ImportResult& out);
    // The dropout probabilities the config states (training.dropout): masks are kept when any is above 0.
    bool readDropout(ImportResult& out);
    // bitsandbytes' quantization_config of a quantized checkpoint: the base's bits for LoRA/QLoRA.
    bool readQuantization(const QJsonObject& root, ImportResult& out);
    // A PEFT adapter_config.json: LoRA's rank, alpha and target modules.
    bool readPeftAdapter(const QJsonObject& root, ImportResult& out);

    JsonFields m_fields;
    QJsonObject m_config; // the object the model keys are read from (the root or text_config)
    QString m_prefix;     // its path: "" or "text_config."
    bool m_commonKeys = false;
};

bool HfReader::count(std::initializer_list<const char*> keys, const char* field, bool required,
                     const QString& what, std::int64_t& out, const char** used)
{
    const FieldInfo* info = findField(field);
    // head_dim and max_positions allow 0 in the scenario ("derived"); a config that states one means a real
    // size.
    const std::int64_t min = std::max<std::int64_t>(1, static_cast<std::int64_t>(info ? info->min : 1));
    const std::int64_t max = static_cast<std::int64_t>(info ? info->max : 1e9);
    for (const char* key : keys) {
        std::optional<std::int64_t> value;
        if (!m_fields.integer(m_config, m_prefix, key, value, min, max))
            return false;
        if (value) {
            out = *value;
            if (used)
                *used = key;
            return true;
        }
    }
    if (!required)
        return true;
    QStringList names;
    for (const char* key : keys)
        names << QLatin1String(key);
    const QString first = m_prefix + names.takeFirst();
    if (names.isEmpty())
        return fail(first, tr("missing; the config needs %1").arg(what));
    return fail(first,
                tr("missing (nor %1 given); the config needs %2").arg(names.join(QLatin1String(", ")), what));
}

bool HfReader::flag(const char* key, bool fallback, bool& out)
{
    std::optional<bool> value;
    if (!m_fields.boolean(m_config, m_prefix, key, value))
        return false;
    out = value.value_or(fallback);
    return true;
}

bool HfReader::countOrZero(const char* key, const char* field, std::int64_t fallback, std::int64_t& out)
{
    const FieldInfo* info = findField(field);
    const std::int64_t max = static_cast<std::int64_t>(info ? info->max : 1e9);
    std::optional<std::int64_t> value;
    if (!m_fields.integer(m_config, m_prefix, key, value, 0, max))
        return false;
    out = value.value_or(fallback);
    return true;
}

bool HfReader::text(const char* key, const QString& fallback, QString& out)
{
    std::optional<QString> value;
    if (!m_fields.string(m_config, m_prefix, key, value))
        return false;
    out = value.value_or(fallback);
    return true;
}

bool HfReader::readCommonShape(Decoder& d)
{
    if (!count({"hidden_size"}, "model.hidden", true, tr("the model width"), d.hidden) ||
        !count({"num_hidden_layers"}, "model.layers", true, tr("the number of layers"), d.layers) ||
        !count({"num_attention_heads"}, "model.heads", true, tr("the number of attention heads"), d.heads) ||
        !count({"intermediate_size"}, "model.ffn_hidden", true, tr("the MLP width"), d.ffn) ||
        !count({"vocab_size"}, "model.vocab", true, tr("the vocabulary size"), d.vocab))
        return false;
    return true;
}

// LlamaConfig, MistralConfig, MixtralConfig, Qwen2Config, Qwen3Config, GemmaConfig, Gemma2Config,
// Gemma3TextConfig, Phi3Config (transformers): hidden_size, intermediate_size, num_hidden_layers,
// num_attention_heads, num_key_value_heads (default: the heads), head_dim (Gemma's 256, Qwen3's 128; the
// others derive it from hidden_size / heads), vocab_size, tie_word_embeddings (Gemma's true); a gated MLP of
// three matrices (gate_proj, up_proj, down_proj, or Phi-3's fused gate_up_proj of the same size: SwiGLU for
// silu, GeGLU for Gemma's gelu, the same count), RMSNorm (one weight vector) twice per layer and once at the
// end, rotary positions. Gemma 3's multimodal config.json leaves the text model's heads, key/value heads,
// head_dim and vocab_size to Gemma3TextConfig's defaults (8, 4, 256, 262208).
bool HfReader::readLlama(const QString& type, Decoder& d)
{
    const bool gemma3 = type == QLatin1String("gemma3_text");
    const bool gemma = gemma3 || type == QLatin1String("gemma") || type == QLatin1String("gemma2");
    if (gemma3) {
        d.heads = 8;
        d.vocab = 262208;
        if (!count({"hidden_size"}, "model.hidden", true, tr("the model width"), d.hidden) ||
            !count({"num_hidden_layers"}, "model.layers", true, tr("the number of layers"), d.layers) ||
            !count({"intermediate_size"}, "model.ffn_hidden", true, tr("the MLP width"), d.ffn) ||
            !count({"num_attention_heads"}, "model.heads", false, {}, d.heads) ||
            !count({"vocab_size"}, "model.vocab", false, {}, d.vocab))
            return false;
    } else if (!readCommonShape(d)) {
        return false;
    }
    d.kv_heads = gemma3 ? 4 : d.heads;
    if (!count({"num_key_value_heads"}, "model.kv_heads", false, {}, d.kv_heads))
        return false;
    d.head_dim = gemma ? 256 : (type == QLatin1String("qwen3") ? 128 : 0);
    if (!count({"head_dim"}, "model.head_dim", false, {}, d.head_dim))
        return false;
    if (!flag("tie_word_embeddings", gemma, d.tied))
        return false;
    d.ffn_kind = FfnKind::Swiglu;
    d.norm = NormKind::RmsNorm;

    if (type == QLatin1String("qwen2")) {
        // Qwen2Attention: q_proj, k_proj, v_proj with bias=True, o_proj without.
        d.bias = BiasKind::Qkv;
    } else {
        bool attentionBias = false, mlpBias = false;
        if (!flag("attention_bias", false, attentionBias) || !flag("mlp_bias", false, mlpBias))
            return false;
        // attention_bias puts a bias on q, k, v AND o (LlamaAttention); mlp_bias on gate, up and down.
        const double h = double(d.hidden);
        if (attentionBias && mlpBias) {
            d.bias = BiasKind::All;
        } else if (attentionBias) {
            d.bias = BiasKind::Qkv;
            d.add(double(d.layers) * h, double(d.layers) * h, tr("the o_proj bias of attention_bias"));
        } else if (mlpBias) {
            d.add(double(d.layers) * (2.0 * double(d.ffn) + h), double(d.layers) * (2.0 * double(d.ffn) + h),
                  tr("the MLP biases of mlp_bias"));
        }
    }
    if (type == QLatin1String("mixtral")) {
        // MixtralConfig defaults: 8 experts, 2 per token; the router is a bias-free h × E gate per layer.
        d.experts = 8;
        d.experts_per_token = 2;
        if (!count({"num_local_experts"}, "model.experts", false, {}, d.experts) ||
            !count({"num_experts_per_tok"}, "model.experts_per_token", false, {}, d.experts_per_token))
            return false;
    }
    addFamilyExtras(type, d);
    return true;
}

// What Qwen3 and Gemma 2/3 layers hold beyond the Llama layer (their transformers modeling files): Qwen3's
// and Gemma 3's q_norm and k_norm (an RMSNorm over head_dim on the queries and on the keys, shared by the
// heads), Gemma 2's and Gemma 3's pre_feedforward_layernorm and post_feedforward_layernorm (four RMSNorms per
// layer instead of two).
void HfReader::addFamilyExtras(const QString& type, Decoder& d)
{
    const double L = double(d.layers);
    const double headDim =
        double(d.head_dim > 0 ? d.head_dim : d.hidden / std::max<std::int64_t>(d.heads, 1));
    if (type == QLatin1String("qwen3") || type == QLatin1String("qwen3_moe") ||
        type == QLatin1String("gemma3_text"))
        d.add(L * 2.0 * headDim, L * 2.0 * headDim,
              tr("the q_norm and k_norm of every layer (2 × head_dim)"));
    if (type == QLatin1String("gemma2") || type == QLatin1String("gemma3_text"))
        d.add(L * 2.0 * double(d.hidden), L * 2.0 * double(d.hidden),
              tr("the pre- and post-feedforward norms of every layer (four norms, not two)"));
}

// GPT2Config: n_embd, n_layer, n_head, n_positions (learned position table), n_inner (null: 4 × n_embd),
// vocab_size; Conv1D layers with biases everywhere, LayerNorm, GeLU, the output layer tied to wte.
bool HfReader::readGpt2(Decoder& d)
{
    if (!count({"n_embd"}, "model.hidden", true, tr("the model width"), d.hidden) ||
        !count({"n_layer"}, "model.layers", true, tr("the number of layers"), d.layers) ||
        !count({"n_head"}, "model.heads", true, tr("the number of attention heads"), d.heads) ||
        !count({"vocab_size"}, "model.vocab", true, tr("the vocabulary size"), d.vocab))
        return false;
    d.positions = 1024; // GPT2Config default
    if (!count({"n_positions", "n_ctx"}, "model.max_positions", false, {}, d.positions))
        return false;
    d.ffn = 4 * d.hidden;
    if (!count({"n_inner"}, "model.ffn_hidden", false, {}, d.ffn))
        return false;
    d.kv_heads = d.heads;
    d.ffn_kind = FfnKind::Gelu;
    d.norm = NormKind::LayerNorm;
    d.bias = BiasKind::All;
    return flag("tie_word_embeddings", true, d.tied);
}

// GPTNeoXConfig (Pythia, GPT-NeoX-20B): query_key_value and dense with biases (attention_bias, default true),
// dense_h_to_4h / dense_4h_to_h with biases, input_layernorm and post_attention_layernorm in every layer
// (also with use_parallel_residual), rotary on rotary_pct of each head (no parameters), untied embed_out.
bool HfReader::readGptNeox(Decoder& d)
{
    if (!readCommonShape(d))
        return false;
    d.kv_heads = d.heads;
    d.ffn_kind = FfnKind::Gelu;
    d.norm = NormKind::LayerNorm;
    bool attentionBias = true;
    if (!flag("attention_bias", true, attentionBias) || !flag("tie_word_embeddings", false, d.tied))
        return false;
    d.bias = BiasKind::All;
    if (!attentionBias) {
        d.bias = BiasKind::None;
        d.add(double(d.layers) * double(d.ffn + d.hidden), double(d.layers) * double(d.ffn + d.hidden),
              tr("the MLP biases (GPT-NeoX keeps them without attention_bias)"));
    }
    return true;
}

// FalconConfig (and the older RefinedWeb configs): query_key_value fused with multi-query (one K/V head) or,
// with new_decoder_architecture, num_kv_heads groups; ffn_hidden_size (default 4h) GeLU MLP; bias for every
// linear layer or none; LayerNorm with bias. Norms per layer (FalconDecoderLayer): two without parallel_attn,
// two with new_decoder_architecture (ln_attn, ln_mlp; num_ln_in_parallel_attn), else ONE shared
// input_layernorm (Falcon-7B's "parallel attention/MLP with a single layer norm"). Output layer tied.
bool HfReader::readFalcon(Decoder& d)
{
    if (!count({"hidden_size", "n_embed"}, "model.hidden", true, tr("the model width"), d.hidden) ||
        !count({"num_hidden_layers", "n_layer"}, "model.layers", true, tr("the number of layers"),
               d.layers) ||
        !count({"num_attention_heads", "n_head"}, "model.heads", true, tr("the number of attention heads"),
               d.heads) ||
        !count({"vocab_size"}, "model.vocab", true, tr("the vocabulary size"), d.vocab))
        return false;
    bool newArch = false, multiQuery = true, parallel = true, bias = false, alibi = false;
    if (!flag("new_decoder_architecture", false, newArch) || !flag("multi_query", true, multiQuery) ||
        !flag("parallel_attn", true, parallel) || !flag("bias", false, bias) ||
        !flag("alibi", false, alibi) || !flag("tie_word_embeddings", true, d.tied))
        return false;
    d.kv_heads = newArch ? d.heads : (multiQuery ? 1 : d.heads);
    if (newArch && !count({"num_kv_heads", "n_head_kv"}, "model.kv_heads", false, {}, d.kv_heads))
        return false;
    d.ffn = 4 * d.hidden;
    if (!count({"ffn_hidden_size"}, "model.ffn_hidden", false, {}, d.ffn))
        return false;
    d.ffn_kind = FfnKind::Gelu;
    d.norm = NormKind::LayerNorm;
    d.bias = bias ? BiasKind::All : BiasKind::None;
    if (alibi)
        warn(tr("ALiBi positions have no parameters; they are counted like rotary positions"));

    std::int64_t parallelNorms = newArch ? 2 : 1;
    if (!count({"num_ln_in_parallel_attn"}, "model.layers", false, {}, parallelNorms))
        return false;
    d.norms_per_layer = !parallel ? 2 : std::clamp<std::int64_t>(parallelNorms, 1, 2);
    return true;
}

// PhiConfig (phi-1, phi-1.5, phi-2): q/k/v/dense projections with biases, fc1/fc2 GeLU MLP with biases, ONE
// input_layernorm per layer (attention and MLP in parallel), a final LayerNorm, and an lm_head WITH a bias;
// qk_layernorm adds a LayerNorm over head_dim on Q and on K; partial rotary positions (no parameters).
bool HfReader::readPhi(Decoder& d)
{
    if (!readCommonShape(d))
        return false;
    d.kv_heads = d.heads;
    if (!count({"num_key_value_heads"}, "model.kv_heads", false, {}, d.kv_heads))
        return false;
    bool qkNorm = false;
    if (!flag("tie_word_embeddings", false, d.tied) || !flag("qk_layernorm", false, qkNorm))
        return false;
    d.ffn_kind = FfnKind::Gelu;
    d.norm = NormKind::LayerNorm;
    d.bias = BiasKind::All;
    const double L = double(d.layers);
    d.norms_per_layer = 1;
    d.head_bias = !d.tied;
    if (qkNorm && d.heads > 0) {
        d.add(L * 2.0 * 2.0 * double(d.hidden / d.heads), L * 2.0 * 2.0 * double(d.hidden / d.heads),
              tr("the Q and K layer norms of qk_layernorm"));
    }
    return true;
}

// DeepseekV2Config and DeepseekV3Config (transformers configuration_deepseek_v2.py / _v3.py; the
// checkpoints' own configuration_deepseek.py adds num_nextn_predict_layers): multi-head latent attention
// (readMla), SwiGLU experts of moe_intermediate_size (n_routed_experts, num_experts_per_tok of them per
// token, n_shared_experts always), a router of h × E weights, the first first_k_dense_replace layers dense of
// intermediate_size, RMSNorm, untied embeddings. topk_method "noaux_tc" (DeepSeek-V3, arXiv:2412.19437
// §2.1.2) adds e_score_correction_bias, E numbers per MoE layer. Defaults are each class's: V3 256 experts,
// top-8, 1 shared, width 2048, 3 dense layers; V2 64 experts, 2 shared, width 1407, no dense layer, and no
// default top-k.
bool HfReader::readDeepseek(const QString& type, Decoder& d)
{
    const bool v3 = type == QLatin1String("deepseek_v3");
    if (!readCommonShape(d))
        return false;
    d.kv_heads = d.heads;
    if (!count({"num_key_value_heads"}, "model.kv_heads", false, {}, d.kv_heads) ||
        !flag("tie_word_embeddings", false, d.tied))
        return false;
    bool attentionBias = false;
    if (!flag("attention_bias", false, attentionBias))
        return false;
    if (attentionBias)
        return fail(m_prefix + QStringLiteral("attention_bias"),
                    tr("biases on the latent-attention projections are not supported"));
    d.ffn_kind = FfnKind::Swiglu;
    d.norm = NormKind::RmsNorm;
    d.bias = BiasKind::None;
    if (!readMla(d))
        return false;

    d.experts = v3 ? 256 : 64;
    d.moe_ffn = v3 ? 2048 : 1407;
    d.experts_per_token = v3 ? 8 : 0;
    if (!count({"n_routed_experts"}, "model.experts", false, {}, d.experts) ||
        !count({"num_experts_per_tok"}, "model.experts_per_token", !v3, tr("the experts each token uses"),
               d.experts_per_token) ||
        !count({"moe_intermediate_size"}, "model.moe_ffn_hidden", false, {}, d.moe_ffn) ||
        !countOrZero("n_shared_experts", "model.shared_experts", v3 ? 1 : 2, d.shared_experts) ||
        !countOrZero("first_k_dense_replace", "model.dense_layers", v3 ? 3 : 0, d.dense_layers) ||
        !countOrZero("num_nextn_predict_layers", "model.mtp_layers", 0, d.mtp))
        return false;
    std::int64_t frequency = 1;
    if (!count({"moe_layer_freq"}, "model.layers", false, {}, frequency))
        return false;
    if (frequency != 1)
        return fail(m_prefix + QStringLiteral("moe_layer_freq"),
                    tr("only every layer after the dense ones having experts (1) is supported, got %1")
                        .arg(frequency));
    if (d.dense_layers > d.layers)
        return fail(m_prefix + QStringLiteral("first_k_dense_replace"),
                    tr("%1 dense layers of %2").arg(d.dense_layers).arg(d.layers));
    QString topk;
    if (!text("topk_method", v3 ? QStringLiteral("noaux_tc") : QStringLiteral("greedy"), topk))
        return false;
    // Group-limited routing (DeepSeek-V2 §2.1.3, device-limited; DeepSeek-V3 §2.1.2, node-limited): with
    // topk_method group_limited_greedy (V2) or noaux_tc (V3) a token's experts come from its best topk_group
    // of n_group groups; greedy routes over all. The classes' defaults: V3 8 and 4, V2 none.
    if (topk == QLatin1String("noaux_tc") || topk == QLatin1String("group_limited_greedy")) {
        std::int64_t groups = v3 ? 8 : 0, perToken = v3 ? 4 : 0;
        if (!countOrZero("n_group", "model.expert_groups", groups, groups) ||
            !countOrZero("topk_group", "model.expert_groups_per_token", perToken, perToken))
            return false;
        if (groups > 1 && perToken > 0 && perToken < groups) {
            d.expert_groups = groups;
            d.expert_groups_per_token = perToken;
        }
    }
    if (topk == QLatin1String("noaux_tc")) {
        const double moeLayers = double(d.layers - d.dense_layers);
        d.add(moeLayers * double(d.experts), moeLayers * double(d.experts),
              tr("the router's e_score_correction_bias (one number per expert in every MoE layer)"));
        d.mtp_extra = double(d.mtp) * double(d.experts); // the MTP modules' MoE layers have one too
    }
    return true;
}

// Multi-head latent attention (DeepSeek-V2, arXiv:2405.04434 §2.1): kv_lora_rank (required), q_lora_rank
// (null: queries projected directly, as DeepSeek-V2-Lite; absent: the classes' 1536), qk_rope_head_dim (64),
// qk_nope_head_dim (128), v_head_dim (128). head_dim is the query/key head width, nope + rope.
bool HfReader::readMla(Decoder& d)
{
    d.mla = true;
    d.rope_dim = 64;
    d.nope_dim = 128;
    d.v_dim = 128;
    const QJsonValue qLora = m_config.value(QLatin1String("q_lora_rank"));
    d.q_lora = qLora.isUndefined() ? 1536 : 0;
    if (!count({"kv_lora_rank"}, "model.kv_lora_rank", true,
               tr("the rank of the compressed keys and values (multi-head latent attention)"), d.kv_lora) ||
        !countOrZero("q_lora_rank", "model.q_lora_rank", d.q_lora, d.q_lora) ||
        !count({"qk_rope_head_dim"}, "model.qk_rope_head_dim", false, {}, d.rope_dim) ||
        !count({"qk_nope_head_dim"}, "model.qk_nope_head_dim", false, {}, d.nope_dim) ||
        !count({"v_head_dim"}, "model.v_head_dim", false, {}, d.v_dim))
        return false;
    d.head_dim = d.nope_dim + d.rope_dim;
    return true;
}

// Qwen2MoeConfig and Qwen3MoeConfig (transformers): the Qwen2 / Qwen3 attention (Qwen2-MoE: Q/K/V biases by
// qkv_bias, default true; Qwen3-MoE: attention_bias on Q, K, V and O, default false, and q_norm/k_norm),
// num_experts SwiGLU experts of moe_intermediate_size, num_experts_per_tok of them per token, a router of
// h × E weights, untied embeddings. Qwen2-MoE adds one shared expert of shared_expert_intermediate_size,
// scaled by a shared_expert_gate of h weights. Defaults: Qwen2-MoE 60 experts, top-4, width 1408, shared
// 5632, 16 key/value heads; Qwen3-MoE 128 experts, top-8, width 768, 4 key/value heads.
bool HfReader::readQwenMoe(const QString& type, Decoder& d)
{
    const bool qwen3 = type == QLatin1String("qwen3_moe");
    if (!readCommonShape(d))
        return false;
    d.kv_heads = qwen3 ? 4 : 16;
    d.experts = qwen3 ? 128 : 60;
    d.experts_per_token = qwen3 ? 8 : 4;
    d.moe_ffn = qwen3 ? 768 : 1408;
    if (!count({"num_key_value_heads"}, "model.kv_heads", false, {}, d.kv_heads) ||
        !count({"head_dim"}, "model.head_dim", false, {}, d.head_dim) ||
        !flag("tie_word_embeddings", false, d.tied) ||
        !count({"num_experts", "num_local_experts"}, "model.experts", false, {}, d.experts) ||
        !count({"num_experts_per_tok"}, "model.experts_per_token", false, {}, d.experts_per_token) ||
        !count({"moe_intermediate_size"}, "model.moe_ffn_hidden", false, {}, d.moe_ffn) ||
        !readSparseLayers())
        return false;
    d.ffn_kind = FfnKind::Swiglu;
    d.norm = NormKind::RmsNorm;
    bool bias = !qwen3;
    if (!flag(qwen3 ? "attention_bias" : "qkv_bias", bias, bias))
        return false;
    d.bias = bias ? BiasKind::Qkv : BiasKind::None;
    const double L = double(d.layers), h = double(d.hidden);
    if (qwen3 && bias)
        d.add(L * h, L * h, tr("the o_proj bias of attention_bias"));
    if (qwen3) {
        addFamilyExtras(type, d);
        return true;
    }
    std::int64_t shared = 5632;
    if (!countOrZero("shared_expert_intermediate_size", "model.moe_ffn_hidden", shared, shared))
        return false;
    if (shared % d.moe_ffn == 0) {
        d.shared_experts = shared / d.moe_ffn;
    } else {
        const double mlp = L * 3.0 * h * double(shared);
        d.add(mlp, mlp,
              tr("the shared expert of width %1, which is no whole number of experts of width %2")
                  .arg(shared)
                  .arg(d.moe_ffn));
    }
    d.add(L * h, L * h, tr("the shared_expert_gate of every layer (h weights)"));
    return true;
}

// decoder_sparse_step and mlp_only_layers (Qwen2-MoE, Qwen3-MoE): which layers have experts. Only every
// layer (step 1, no MLP-only layer) is supported.
bool HfReader::readSparseLayers()
{
    std::int64_t step = 1;
    if (!count({"decoder_sparse_step"}, "model.layers", false, {}, step))
        return false;
    if (step != 1)
        return fail(m_prefix + QStringLiteral("decoder_sparse_step"),
                    tr("only experts in every layer (1) is supported, got %1").arg(step));
    const QJsonValue only = m_config.value(QLatin1String("mlp_only_layers"));
    if (!only.isUndefined() && !only.isNull() && !(only.isArray() && only.toArray().isEmpty()))
        return fail(m_prefix + QStringLiteral("mlp_only_layers"),
                    tr("only an empty list (experts in every layer) is supported"));
    return true;
}

// Any other model_type: the keys most configurations share, under their common names.
bool HfReader::readGeneric(Decoder& d)
{
    if (!count({"hidden_size", "n_embd", "d_model", "dim"}, "model.hidden", true, tr("the model width"),
               d.hidden) ||
        !count({"num_hidden_layers", "n_layer", "num_layers", "n_layers"}, "model.layers", true,
               tr("the number of layers"), d.layers) ||
        !count({"num_attention_heads", "n_head", "num_heads", "n_heads"}, "model.heads", true,
               tr("the number of attention heads"), d.heads) ||
        !count({"vocab_size", "padded_vocab_size", "n_vocab"}, "model.vocab", true, tr("the vocabulary size"),
               d.vocab))
        return false;
    d.kv_heads = d.heads;
    const char* kvKey = nullptr;
    if (!count({"num_key_value_heads", "num_kv_heads", "n_kv_heads", "n_head_kv"}, "model.kv_heads", false,
               {}, d.kv_heads, &kvKey))
        return false;
    bool multiQuery = false;
    if (!kvKey && !flag("multi_query", false, multiQuery))
        return false;
    if (multiQuery)
        d.kv_heads = 1;
    if (!count({"head_dim"}, "model.head_dim", false, {}, d.head_dim))
        return false;
    const char* ffnKey = nullptr;
    d.ffn = 4 * d.hidden;
    if (!count({"intermediate_size", "n_inner", "ffn_dim", "ffn_hidden_size", "d_ff"}, "model.ffn_hidden",
               false, {}, d.ffn, &ffnKey))
        return false;
    if (!ffnKey)
        warn(tr("no MLP width in the config: 4 × hidden_size assumed"));
    d.experts = 1;
    d.experts_per_token = 1;
    if (!count({"num_local_experts", "num_experts", "n_routed_experts"}, "model.experts", false, {},
               d.experts) ||
        !count({"num_experts_per_tok", "moe_top_k", "top_k"}, "model.experts_per_token", false, {},
               d.experts_per_token))
        return false;

    std::optional<QString> act;
    for (const char* key : {"hidden_act", "activation_function", "hidden_activation"}) {
        if (!m_fields.string(m_config, m_prefix, key, act))
            return false;
        if (act)
            break;
    }
    const QString a = act.value_or(QString()).toLower();
    const bool gated = a.contains(QLatin1String("silu")) || a.contains(QLatin1String("swish")) ||
                       a.contains(QLatin1String("glu"));
    d.ffn_kind = gated ? FfnKind::Swiglu : FfnKind::Gelu;
    const bool rms = m_config.contains(QLatin1String("rms_norm_eps"));
    const bool layerNorm = m_config.contains(QLatin1String("layer_norm_eps")) ||
                           m_config.contains(QLatin1String("layer_norm_epsilon")) ||
                           m_config.contains(QLatin1String("layernorm_epsilon"));
    d.norm = rms ? NormKind::RmsNorm
                 : (layerNorm ? NormKind::LayerNorm : (gated ? NormKind::RmsNorm : NormKind::LayerNorm));

    std::optional<QString> positionType;
    if (!m_fields.string(m_config, m_prefix, "position_embedding_type", positionType))
        return false;
    if (positionType && *positionType == QLatin1String("absolute")) {
        if (!count({"max_position_embeddings", "n_positions"}, "model.max_positions", true,
                   tr("the size of the learned position table"), d.positions))
            return false;
    } else if (!count({"n_positions"}, "model.max_positions", false, {}, d.positions)) {
        return false;
    }
    bool bias = false;
    for (const char* key : {"attention_bias", "bias", "use_bias"}) {
        if (m_config.contains(QLatin1String(key)) && !flag(key, false, bias))
            return false;
        if (bias)
            break;
    }
    d.bias = bias ? BiasKind::All : BiasKind::None;
    // PretrainedConfig's default ties the output layer to the embedding.
    return flag("tie_word_embeddings", true, d.tied);
}

bool HfReader::check(const Decoder& d)
{
    if (d.head_dim == 0 && d.hidden % d.heads != 0)
        return fail(m_prefix + QStringLiteral("num_attention_heads"),
                    tr("%1 heads do not divide the model width %2, and the config gives no head_dim")
                        .arg(d.heads)
                        .arg(d.hidden));
    if (d.heads % d.kv_heads != 0)
        return fail(
            m_prefix + QStringLiteral("num_key_value_heads"),
            tr("%1 key/value heads do not divide the %2 attention heads").arg(d.kv_heads).arg(d.heads));
    if (d.experts_per_token > d.experts)
        return fail(m_prefix + QStringLiteral("num_experts_per_tok"),
                    tr("a token cannot use %1 experts of %2").arg(d.experts_per_token).arg(d.experts));
    return true;
}

// The object the model keys are read from: the root, or text_config for a multimodal config (LLaVA and the
// like keep their language model there).
bool HfReader::selectConfig(const QJsonObject& root)
{
    m_config = root;
    std::optional<QJsonObject> text;
    if (!m_fields.object(root, {}, "text_config", text))
        return false;
    const bool hasWidth = root.contains(QLatin1String("hidden_size")) ||
                          root.contains(QLatin1String("n_embd")) || root.contains(QLatin1String("d_model"));
    if (text && !hasWidth) {
        m_config = *text;
        m_prefix = QStringLiteral("text_config.");
        warn(tr("a multimodal config: only its language model (text_config) is read"));
    }
    return true;
}

// model_type in lower case ("" when absent), the config's own or else the root's; RefinedWeb is Falcon.
bool HfReader::readModelType(const QJsonObject& root, QString& type)
{
    std::optional<QString> modelType;
    if (!m_fields.string(m_config, m_prefix, "model_type", modelType))
        return false;
    if (!modelType && !m_prefix.isEmpty() && !m_fields.string(root, {}, "model_type", modelType))
        return false;
    type = modelType.value_or(QString()).trimmed().toLower();
    if (type == QLatin1String("refinedweb") || type == QLatin1String("refinedwebmodel"))
        type = QStringLiteral("falcon");
    // Gemma3Config (multimodal) keeps a Gemma3TextConfig under text_config.
    if (type == QLatin1String("gemma3"))
        type = QStringLiteral("gemma3_text");
    return true;
}

// The decoder by the keys of TYPE's configuration class.
bool HfReader::readFamily(const QString& type, Decoder& d)
{
    for (const char* llama :
         {"llama", "mistral", "mixtral", "qwen2", "qwen3", "gemma", "gemma2", "gemma3_text", "phi3"})
        if (type == QLatin1String(llama))
            return readLlama(type, d);
    if (type == QLatin1String("deepseek_v2") || type == QLatin1String("deepseek_v3"))
        return readDeepseek(type, d);
    if (type == QLatin1String("qwen2_moe") || type == QLatin1String("qwen3_moe"))
        return readQwenMoe(type, d);
    if (type == QLatin1String("gpt2"))
        return readGpt2(d);
    if (type == QLatin1String("gpt_neox"))
        return readGptNeox(d);
    if (type == QLatin1String("falcon"))
        return readFalcon(d);
    if (type == QLatin1String("phi"))
        return readPhi(d);
    return readUnknown(type, d);
}

// A model_type without a reader: its parameter count cannot be checked, so it is refused unless the user
// asked for the common keys.
bool HfReader::readUnknown(const QString& type, Decoder& d)
{
    if (!m_commonKeys) {
        const QString known = QStringLiteral(
            "deepseek_v2, deepseek_v3, falcon, gemma, gemma2, gemma3, gemma3_text, gpt2, gpt_neox, llama, "
            "mistral, mixtral, phi, phi3, qwen2, qwen2_moe, qwen3, qwen3_moe");
        const QString what = type.isEmpty() ? tr("no model_type") : tr("unknown model_type \"%1\"").arg(type);
        return fail(m_prefix + QStringLiteral("model_type"),
                    tr("%1: its parameter count cannot be checked (known: %2); import with the common keys "
                       "(--common-keys) to read its shape anyway")
                        .arg(what, known));
    }
    if (type.isEmpty())
        warn(tr("no model_type: read with the common keys; check the parameter count"));
    else
        warn(tr("unknown model_type \"%1\": read with the common keys; check the parameter count").arg(type));
    return readGeneric(d);
}

// The parameters one token passes through, once the engine counts them (ParamCount::active); else 0.
template <typename Count> auto activeParams(const Count& c, int) -> decltype(double(c.active))
{
    return c.active;
}
template <typename Count> double activeParams(const Count&, long)
{
    return 0;
}

// The multi-token-prediction modules, once the engine counts them (ParamCount::mtp); else 0.
template <typename Count> auto mtpParams(const Count& c, int) -> decltype(double(c.mtp))
{
    return c.mtp;
}
template <typename Count> double mtpParams(const Count&, long)
{
    return 0;
}

// The mixture-of-experts and attention fields of the model section.
void fillMoeAndAttention(const Decoder& d, ModelSpec& m)
{
    const bool moe = d.experts > 1;
    m.experts = d.experts;
    m.experts_per_token = moe ? d.experts_per_token : 1;
    m.moe_ffn_hidden = moe ? d.moe_ffn : 0;
    m.shared_experts = moe ? d.shared_experts : 0;
    m.dense_layers = moe ? d.dense_layers : 0;
    m.expert_groups = moe ? d.expert_groups : 0;
    m.expert_groups_per_token = moe ? d.expert_groups_per_token : 0;
    // The transformers implementations of these models route every token (no capacity limit): dropless.
    m.capacity_factor = 0;
    m.attention =
        d.mla ? AttentionKind::Mla : (d.kv_heads == d.heads ? AttentionKind::Mha : AttentionKind::Gqa);
    if (d.mla) {
        m.q_lora_rank = d.q_lora;
        m.kv_lora_rank = d.kv_lora;
        m.qk_rope_head_dim = d.rope_dim;
        m.qk_nope_head_dim = d.nope_dim;
        m.v_head_dim = d.v_dim;
    }
    m.mtp_layers = d.mtp;
}

// The model section, the fields it determines, the parameter count's warning and the summary.
void HfReader::fill(const QString& type, const Decoder& d, ImportResult& out)
{
    ModelSpec& m = out.scenario.model;
    m.kind = ModelKind::Transformer;
    m.layers = d.layers;
    m.hidden = d.hidden;
    m.heads = d.heads;
    m.kv_heads = d.kv_heads;
    m.head_dim = d.head_dim;
    m.ffn_hidden = d.ffn;
    m.ffn_kind = d.ffn_kind;
    m.vocab = d.vocab;
    m.max_positions = d.positions;
    m.position_embedding = d.positions > 0 ? PositionEmbedding::Learned : PositionEmbedding::Rotary;
    m.tied_embeddings = d.tied;
    m.norm = d.norm;
    m.bias = d.bias;
    m.norms_per_layer = d.norms_per_layer;
    m.head_bias = d.head_bias;
    fillMoeAndAttention(d, m);
    // seq_len is the training recipe's, not the model's: max_position_embeddings is only the longest it
    // supports. expert_imbalance is a property of the routing during training, not of the config.
    for (const char* path : {"model.kind",
                             "model.params",
                             "model.layers",
                             "model.hidden",
                             "model.heads",
                             "model.kv_heads",
                             "model.head_dim",
                             "model.ffn_hidden",
                             "model.ffn_kind",
                             "model.vocab",
                             "model.max_positions",
                             "model.tied_embeddings",
                             "model.position_embedding",
                             "model.norm",
                             "model.bias",
                             "model.norms_per_layer",
                             "model.head_bias",
                             "model.experts",
                             "model.experts_per_token",
                             "model.moe_ffn_hidden",
                             "model.shared_experts",
                             "model.dense_layers",
                             "model.capacity_factor",
                             "model.expert_groups",
                             "model.expert_groups_per_token",
                             "model.attention",
                             "model.mtp_layers"})
        out.fields.push_back(path);
    if (d.mla)
        for (const char* path : {"model.q_lora_rank", "model.kv_lora_rank", "model.qk_rope_head_dim",
                                 "model.qk_nope_head_dim", "model.v_head_dim"})
            out.fields.push_back(path);
    // In the field table's order, as the contract says.
    std::vector<std::string> ordered;
    for (const FieldInfo& field : scenarioFields())
        if (std::find(out.fields.begin(), out.fields.end(), field.path) != out.fields.end())
            ordered.push_back(field.path);
    out.fields = std::move(ordered);

    const ParamCount count = countParams(m);
    const double engine = count.total;
    out.architecture_params = engine + d.extra;
    const double active = activeParams(count, 0);
    out.architecture_active_params = active > 0 ? active + d.extra_active : 0;
    if (d.extra != 0) {
        const QString delta = (d.extra > 0 ? QStringLiteral("+") : QString()) + detail::groupedCount(d.extra);
        warn(tr("the engine counts %1 parameters, the model has %2 (%3): %4")
                 .arg(detail::groupedCount(engine), detail::groupedCount(out.architecture_params), delta,
                      d.extraReasons.join(QLatin1String("; "))));
    }
    out.warnings << warnings();
    const QString name = type.isEmpty() ? tr("Transformer") : type;
    const auto quantity = [](double n) { return QString::fromStdString(formatQuantity(n, Unit::Count)); };
    out.summary = tr("%1 model: %2 layers, hidden %3, %4 parameters")
                      .arg(name)
                      .arg(d.layers)
                      .arg(d.hidden)
                      .arg(quantity(out.architecture_params));
    if (m.moe()) {
        out.summary += tr(", %1 experts (%2 per token)").arg(d.experts).arg(m.experts_per_token);
        if (out.architecture_active_params > 0)
            out.summary += tr(", %1 active per token").arg(quantity(out.architecture_active_params));
    }
    // The published size of a model with MTP modules is the main model's (DeepSeek-V3's 671B); the modules
    // are training-time extras, said apart.
    const double mtp = mtpParams(count, 0);
    if (d.mtp > 0 && mtp > 0)
        out.summary += tr("; multi-token prediction adds %1").arg(quantity(mtp + d.mtp_extra));
}

// Training fields an import sets, in the field table's order.
void addFields(ImportResult& out, std::initializer_list<const char*> paths)
{
    for (const char* path : paths)
        if (std::find(out.fields.begin(), out.fields.end(), path) == out.fields.end())
            out.fields.push_back(path);
    std::vector<std::string> ordered;
    for (const FieldInfo& field : scenarioFields())
        if (std::find(out.fields.begin(), out.fields.end(), field.path) != out.fields.end())
            ordered.push_back(field.path);
    out.fields = std::move(ordered);
}

// The dropout probabilities of transformers' configs: attention_dropout (Llama, Mistral, Qwen2/3, Gemma,
// DeepSeek, Falcon, GPT-NeoX), hidden_dropout (Falcon, GPT-NeoX), resid_pdrop, embd_pdrop and attn_pdrop
// (GPT-2, Phi), hidden_dropout_prob and attention_probs_dropout_prob (BERT-style). Training keeps a mask
// for the backward when any is above 0 (training.dropout); a config that states none leaves the scenario's.
bool HfReader::readDropout(ImportResult& out)
{
    bool stated = false, any = false;
    for (const char* key : {"attention_dropout", "hidden_dropout", "resid_pdrop", "embd_pdrop", "attn_pdrop",
                            "hidden_dropout_prob", "attention_probs_dropout_prob"}) {
        std::optional<double> p;
        if (!m_fields.number(m_config, m_prefix, key, p))
            return false;
        if (!p)
            continue;
        if (!(*p >= 0 && *p < 1))
            return fail(m_prefix + QLatin1String(key),
                        tr("expected a probability in [0, 1), got %1").arg(*p));
        stated = true;
        any = any || *p > 0;
    }
    if (stated) {
        out.scenario.training.dropout = any;
        addFields(out, {"training.dropout"});
    }
    return true;
}

// transformers' BitsAndBytesConfig (quantization_config in a quantized model's config.json): load_in_4bit
// with bnb_4bit_quant_type "nf4" or "fp4" and bnb_4bit_use_double_quant, or load_in_8bit (LLM.int8()). NF4
// with a LoRA on top is QLoRA (Dettmers et al., NeurIPS'23); the other bases train LoRA adapters over their
// bits.
bool HfReader::readQuantization(const QJsonObject& root, ImportResult& out)
{
    std::optional<QJsonObject> q;
    if (!m_fields.object(root, {}, "quantization_config", q))
        return false;
    if (!q)
        return true;
    const QString prefix = QStringLiteral("quantization_config.");
    std::optional<QString> method;
    if (!m_fields.string(*q, prefix, "quant_method", method))
        return false;
    if (method && *method != QLatin1String("bitsandbytes")) {
        warn(prefix + QLatin1String("quant_method"),
             tr("\"%1\" quantization is not modelled; the base is read as 16-bit weights").arg(*method));
        return true;
    }
    std::optional<bool> four, eight, doubleQuant;
    std::optional<QString> type;
    if (!m_fields.boolean(*q, prefix, "load_in_4bit", four) ||
        !m_fields.boolean(*q, prefix, "load_in_8bit", eight) ||
        !m_fields.boolean(*q, prefix, "bnb_4bit_use_double_quant", doubleQuant) ||
        !m_fields.string(*q, prefix, "bnb_4bit_quant_type", type))
        return false;
    if (four.value_or(false) && eight.value_or(false))
        return fail(prefix + QLatin1String("load_in_8bit"),
                    tr("load_in_4bit and load_in_8bit are both true; expected at most one"));
    TrainingSpec& t = out.scenario.training;
    if (four.value_or(false)) {
        const QString name = type.value_or(QStringLiteral("fp4")); // BitsAndBytesConfig's default
        if (name == QLatin1String("nf4"))
            t.quant_type = QuantType::Nf4;
        else if (name == QLatin1String("fp4"))
            t.quant_type = QuantType::Fp4;
        else
            return fail(prefix + QLatin1String("bnb_4bit_quant_type"),
                        tr("expected \"nf4\" or \"fp4\", got \"%1\"").arg(name));
        t.method = t.quant_type == QuantType::Nf4 ? TrainingMethod::Qlora : TrainingMethod::Lora;
        t.base_bits = 4;
        t.double_quant = doubleQuant.value_or(false);
        addFields(out,
                  {"training.method", "training.base_bits", "training.quant_type", "training.double_quant"});
        out.summary += tr("; base quantized to 4 bits (%1%2)")
                           .arg(name, t.double_quant ? tr(", double quantization") : QString());
    } else if (eight.value_or(false)) {
        t.method = TrainingMethod::Lora;
        t.base_bits = 8;
        addFields(out, {"training.method", "training.base_bits"});
        out.summary += tr("; base quantized to 8 bits (LLM.int8())");
    }
    return true;
}

// PEFT's LoraConfig as saved beside an adapter (adapter_config.json): r, lora_alpha and target_modules, a
// list of module names (their last component) or a regular expression; "all-linear" is every linear layer of
// the blocks (PEFT leaves the output layer out). Names by architecture: Llama/Mistral/Qwen (q_proj ...
// down_proj), GPT-2 (c_attn, c_proj, c_fc), GPT-NeoX/Falcon (query_key_value, dense, dense_h_to_4h,
// dense_4h_to_h), Mixtral's experts (w1, w2, w3).
bool HfReader::readPeftAdapter(const QJsonObject& root, ImportResult& out)
{
    std::optional<QString> peftType;
    if (!m_fields.string(root, {}, "peft_type", peftType))
        return false;
    if (peftType && peftType->compare(QLatin1String("LORA"), Qt::CaseInsensitive) != 0)
        return fail(QStringLiteral("peft_type"),
                    tr("only LoRA adapters are modelled (expected \"LORA\"), got \"%1\"").arg(*peftType));
    std::optional<std::int64_t> rank;
    std::optional<double> alpha;
    if (!m_fields.integer(root, {}, "r", rank, 1, 65536) || !m_fields.number(root, {}, "lora_alpha", alpha))
        return false;
    if (alpha && !(*alpha > 0))
        return fail(QStringLiteral("lora_alpha"), tr("expected a number above 0, got %1").arg(*alpha));
    struct Alias
    {
        const char* name;
        std::uint32_t targets;
    };
    static const Alias aliases[] = {{"q_proj", kLoraQ},
                                    {"k_proj", kLoraK},
                                    {"v_proj", kLoraV},
                                    {"o_proj", kLoraO},
                                    {"gate_proj", kLoraGate},
                                    {"up_proj", kLoraUp},
                                    {"down_proj", kLoraDown},
                                    {"embed_tokens", kLoraEmbed},
                                    {"lm_head", kLoraHead},
                                    {"c_attn", kLoraQ | kLoraK | kLoraV},
                                    {"c_proj", kLoraO | kLoraDown},
                                    {"c_fc", kLoraUp},
                                    {"query_key_value", kLoraQ | kLoraK | kLoraV},
                                    {"dense", kLoraO},
                                    {"dense_h_to_4h", kLoraUp},
                                    {"dense_4h_to_h", kLoraDown},
                                    {"fc1", kLoraUp},
                                    {"fc2", kLoraDown},
                                    {"w1", kLoraExperts},
                                    {"w2", kLoraExperts},
                                    {"w3", kLoraExperts},
                                    {"wte", kLoraEmbed},
                                    {"q", kLoraQ},
                                    {"k", kLoraK},
                                    {"v", kLoraV},
                                    {"o", kLoraO},
                                    {"gate", kLoraGate},
                                    {"up", kLoraUp},
                                    {"down", kLoraDown}};
    std::uint32_t targets = 0;
    QStringList unknown;
    const QJsonValue modules = root.value(QLatin1String("target_modules"));
    const auto addName = [&](const QString& name) {
        for (const Alias& a : aliases)
            if (name == QLatin1String(a.name)) {
                targets |= a.targets;
                return;
            }
        unknown << name;
    };
    if (modules.isString()) {
        const QString text = modules.toString();
        if (text == QLatin1String("all-linear"))
            targets = kLoraQ | kLoraK | kLoraV | kLoraO | kLoraGate | kLoraUp | kLoraDown;
        else // a regular expression over module paths: the names it mentions
            for (const Alias& a : aliases)
                if (text.contains(QRegularExpression(QStringLiteral("\\b%1\\b").arg(QLatin1String(a.name)))))
                    targets |= a.targets;
    } else if (modules.isArray()) {
        const QJsonArray array = modules.toArray();
        for (qsizetype i = 0; i < array.size(); ++i) {
            if (!array.at(i).isString())
                return failType(QStringLiteral("target_modules[%1]").arg(i), tr("a module name"),
                                array.at(i));
            addName(array.at(i).toString());
        }
    } else if (!modules.isUndefined() && !modules.isNull()) {
        return failType(QStringLiteral("target_modules"), tr("a list of module names or \"all-linear\""),
                        modules);
    } else {
        targets = kLoraQ | kLoraV; // PEFT's default for Llama-like models
    }
    if (!unknown.isEmpty())
        warn(QStringLiteral("target_modules"),
             tr("not modelled, left out: %1").arg(unknown.join(QLatin1String(", "))));
    if (targets == 0)
        return fail(QStringLiteral("target_modules"),
                    tr("none of the modules is a layer the engine adapts (q_proj, k_proj, v_proj, o_proj, "
                       "gate_proj, up_proj, down_proj, embed_tokens, lm_head, ...)"));
    if (root.contains(QLatin1String("modules_to_save")) &&
        !root.value(QLatin1String("modules_to_save")).isNull())
        warn(QStringLiteral("modules_to_save"), tr("fully trained extra modules are not modelled"));
    TrainingSpec& t = out.scenario.training;
    t.method = TrainingMethod::Lora;
    t.lora_rank = rank.value_or(8);
    t.lora_alpha = alpha.value_or(8);
    t.lora_targets = targets;
    addFields(out, {"training.method", "training.lora_rank", "training.lora_alpha", "training.lora_targets"});
    std::optional<QString> base;
    if (!m_fields.string(root, {}, "base_model_name_or_path", base))
        return false;
    out.summary = tr("LoRA adapter: rank %1, alpha %2, targets %3%4")
                      .arg(t.lora_rank)
                      .arg(t.lora_alpha)
                      .arg(QString::fromStdString(loraTargetsText(targets)))
                      .arg(base && !base->isEmpty() ? tr(" (base model %1)").arg(*base) : QString());
    out.warnings << warnings();
    return true;
}

bool HfReader::read(const QByteArray& data, ImportResult& out)
{
    QJsonObject root;
    QString type;
    Decoder d;
    if (!parseJson(data, tr("a Hugging Face config.json"), root))
        return false;
    if (root.contains(QLatin1String("peft_type")) ||
        (root.contains(QLatin1String("target_modules")) && root.contains(QLatin1String("lora_alpha"))))
        return readPeftAdapter(root, out);
    if (!selectConfig(root) || !readModelType(root, type) || !readFamily(type, d) || !check(d))
        return false;
    fill(type, d, out);
    if (!readDropout(out))
        return false;
    const qsizetype before = out.warnings.size();
    if (!readQuantization(root, out))
        return false;
    // fill() took the warnings so far; the quantization's come after them.
    const QStringList all = warnings();
    for (qsizetype i = before; i < all.size(); ++i)
        out.warnings << all.at(i);
    return true;
}

} // namespace

bool importHfConfig(const QByteArray& data, const QString& fileName, const ImportOptions& options,
                    ImportResult& out, QString* error)
{
    HfReader reader(fileName, options.hf_common_keys);
    return reader.report(reader.read(data, out), error);
}

} // namespace ss::io
