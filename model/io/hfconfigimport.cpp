// SPDX-License-Identifier: GPL-3.0-or-later
#include "hfconfigimport.h"

#include "fields.h"
#include "importsupport.h"
#include "units.h"
#include "workload.h"

#include <QCoreApplication>

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
    FfnKind ffn_kind = FfnKind::Swiglu;
    NormKind norm = NormKind::RmsNorm;
    BiasKind bias = BiasKind::None;
    bool tied = false;
    // Parameters the architecture has beyond (or short of) the engine's count of the same description, and
    // why.
    std::int64_t norms_per_layer = 2;
    bool head_bias = false;
    double extra = 0;
    QStringList extraReasons;
};

class HfReader : public detail::ImportReader
{
    Q_DECLARE_TR_FUNCTIONS(ss::io::Import)

public:
    explicit HfReader(const QString& fileName) : ImportReader(fileName), m_fields(*this) {}

    bool read(const QByteArray& data, ImportResult& out);

private:
    // The first of KEYS present; its limits come from the field table entry FIELD so a value the scenario
    // would refuse is refused here, at the config's own key.
    bool count(std::initializer_list<const char*> keys, const char* field, bool required, const QString& what,
               std::int64_t& out, const char** used = nullptr);
    bool flag(const char* key, bool fallback, bool& out);
    // hidden_size, num_hidden_layers, num_attention_heads, intermediate_size and vocab_size: the keys the
    // Llama-style, GPT-NeoX and Phi configs share, all required.
    bool readCommonShape(Decoder& d);
    bool readLlama(const QString& type, Decoder& d);
    bool readGpt2(Decoder& d);
    bool readGptNeox(Decoder& d);
    bool readFalcon(Decoder& d);
    bool readPhi(Decoder& d);
    bool readGeneric(Decoder& d);
    bool check(const Decoder& d);
    // The steps of read().
    bool selectConfig(const QJsonObject& root);
    bool readModelType(const QJsonObject& root, QString& type);
    bool readFamily(const QString& type, Decoder& d);
    void fill(const QString& type, const Decoder& d, ImportResult& out);

    JsonFields m_fields;
    QJsonObject m_config; // the object the model keys are read from (the root or text_config)
    QString m_prefix;     // its path: "" or "text_config."
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

// LlamaConfig, MistralConfig, MixtralConfig, Qwen2Config, GemmaConfig (transformers): hidden_size,
// intermediate_size, num_hidden_layers, num_attention_heads, num_key_value_heads (default: the heads),
// head_dim (Gemma default 256), vocab_size, tie_word_embeddings; a gated MLP of three matrices
// (gate_proj, up_proj, down_proj: SwiGLU for silu, GeGLU for Gemma's gelu, the same count), RMSNorm
// (one weight vector) twice per layer and once at the end, rotary positions.
bool HfReader::readLlama(const QString& type, Decoder& d)
{
    if (!readCommonShape(d))
        return false;
    d.kv_heads = d.heads;
    if (!count({"num_key_value_heads"}, "model.kv_heads", false, {}, d.kv_heads))
        return false;
    // GemmaConfig's head_dim defaults to 256; the others derive it from hidden_size / heads.
    d.head_dim = type == QLatin1String("gemma") ? 256 : 0;
    if (!count({"head_dim"}, "model.head_dim", false, {}, d.head_dim))
        return false;
    if (!flag("tie_word_embeddings", type == QLatin1String("gemma"), d.tied))
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
            d.extra += double(d.layers) * h;
            d.extraReasons << tr("the o_proj bias of attention_bias");
        } else if (mlpBias) {
            d.extra += double(d.layers) * (2.0 * double(d.ffn) + h);
            d.extraReasons << tr("the MLP biases of mlp_bias");
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
    return true;
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
        d.extra += double(d.layers) * double(d.ffn + d.hidden);
        d.extraReasons << tr("the MLP biases (GPT-NeoX keeps them without attention_bias)");
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
        d.extra += L * 2.0 * 2.0 * double(d.hidden / d.heads);
        d.extraReasons << tr("the Q and K layer norms of qk_layernorm");
    }
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
    return true;
}

// The decoder by the keys of TYPE's configuration class.
bool HfReader::readFamily(const QString& type, Decoder& d)
{
    if (type == QLatin1String("llama") || type == QLatin1String("mistral") ||
        type == QLatin1String("mixtral") || type == QLatin1String("qwen2") || type == QLatin1String("gemma"))
        return readLlama(type, d);
    if (type == QLatin1String("gpt2"))
        return readGpt2(d);
    if (type == QLatin1String("gpt_neox"))
        return readGptNeox(d);
    if (type == QLatin1String("falcon"))
        return readFalcon(d);
    if (type == QLatin1String("phi"))
        return readPhi(d);
    if (type.isEmpty())
        warn(tr("no model_type: read with the common keys; check the parameter count"));
    else
        warn(tr("unknown model_type \"%1\": read with the common keys; check the parameter count").arg(type));
    return readGeneric(d);
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
    m.experts = d.experts;
    m.experts_per_token = d.experts > 1 ? d.experts_per_token : 1;
    // seq_len is the training recipe's, not the model's: max_position_embeddings is only the longest it
    // supports.
    for (const char* path :
         {"model.kind", "model.params", "model.layers", "model.hidden", "model.heads", "model.kv_heads",
          "model.head_dim", "model.ffn_hidden", "model.ffn_kind", "model.vocab", "model.max_positions",
          "model.tied_embeddings", "model.position_embedding", "model.norm", "model.bias",
          "model.norms_per_layer", "model.head_bias", "model.experts", "model.experts_per_token"})
        out.fields.push_back(path);

    const double engine = countParams(m).total;
    out.architecture_params = engine + d.extra;
    if (d.extra != 0) {
        const QString delta = (d.extra > 0 ? QStringLiteral("+") : QString()) + detail::groupedCount(d.extra);
        warn(tr("the engine counts %1 parameters, the model has %2 (%3): %4")
                 .arg(detail::groupedCount(engine), detail::groupedCount(out.architecture_params), delta,
                      d.extraReasons.join(QLatin1String("; "))));
    }
    out.warnings << warnings();
    const QString name = type.isEmpty() ? tr("Transformer") : type;
    out.summary = tr("%1 model: %2 layers, hidden %3, %4 parameters")
                      .arg(name)
                      .arg(d.layers)
                      .arg(d.hidden)
                      .arg(QString::fromStdString(formatQuantity(out.architecture_params, Unit::Count)));
}

bool HfReader::read(const QByteArray& data, ImportResult& out)
{
    QJsonObject root;
    QString type;
    Decoder d;
    if (!parseJson(data, tr("a Hugging Face config.json"), root) || !selectConfig(root) ||
        !readModelType(root, type) || !readFamily(type, d) || !check(d))
        return false;
    fill(type, d, out);
    return true;
}

} // namespace

bool importHfConfig(const QByteArray& data, const QString& fileName, ImportResult& out, QString* error)
{
    HfReader reader(fileName);
    return reader.report(reader.read(data, out), error);
}

} // namespace ss::io
