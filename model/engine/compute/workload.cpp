// SPDX-License-Identifier: GPL-3.0-or-later
#include "workload.h"

#include <algorithm>
#include <cmath>

namespace ss {

namespace {

double normParams(const ModelSpec& m)
{
    // LayerNorm has a weight and a bias, RMSNorm a weight only.
    return m.norm == NormKind::LayerNorm ? 2.0 * m.hidden : 1.0 * m.hidden;
}

std::int64_t activeExperts(const ModelSpec& m)
{
    return std::clamp<std::int64_t>(m.experts_per_token, 1, std::max<std::int64_t>(m.experts, 1));
}

} // namespace

namespace {

// The attention block's weights: split over tp (Q/K/V and O, MLA's up-projections) and replicated (MLA's
// down-projections and their RMSNorms, which Megatron-Core keeps whole on every tp rank), and its norms'
// share of the replicated part. Standard attention: Q (h × a·d), K and V (h × kv·d each, GQA), O (a·d × h).
// MLA (DeepSeek-V2, arXiv:2405.04434 §2.1; DeepSeek-V3's modeling_deepseek.py): q_a (h × q_lora) and its
// norm, q_b (q_lora × a·(nope+rope)) or q (h × a·(nope+rope)) without a q rank; kv_a (h × (kv_lora+rope)) and
// its norm; kv_b (kv_lora × a·(nope+v)); O (a·v × h).
struct AttentionParams
{
    double split = 0, replicated = 0, norms = 0;
    double weights = 0; // the matmul weights (no biases, no norms)
};

AttentionParams attentionParams(const ModelSpec& m)
{
    const double h = m.hidden, a = m.heads;
    AttentionParams p;
    if (m.attention == AttentionKind::Mla) {
        const double qk = double(m.qk_nope_head_dim + m.qk_rope_head_dim), v = double(m.v_head_dim);
        const double ql = double(m.q_lora_rank), kvl = double(m.kv_lora_rank),
                     rope = double(m.qk_rope_head_dim);
        p.split = (ql > 0 ? ql : h) * a * qk + kvl * a * (double(m.qk_nope_head_dim) + v) + a * v * h;
        p.norms = (ql > 0 ? ql : 0) + kvl;
        p.replicated = (ql > 0 ? h * ql : 0) + h * (kvl + rope) + p.norms;
        p.weights = p.split + p.replicated - p.norms;
        return p;
    }
    const double q = a * m.headDim();                   // width of the Q projection
    const double kv = double(m.kv_heads) * m.headDim(); // width of each of K and V
    p.split = h * q + 2 * h * kv + q * h;
    p.weights = p.split;
    if (m.bias != BiasKind::None)
        p.split += q + 2 * kv; // Q/K/V biases: column-parallel, split over tp
    if (m.bias == BiasKind::All)
        p.replicated += h; // O bias: row-parallel, every tp rank holds it whole
    return p;
}

// One FFN of width F: two (GeLU) or three (SwiGLU) h × F matrices; with biases (GPT) the column-parallel ones
// split, the row-parallel output bias h replicated.
struct FfnParams
{
    double weights = 0, splitBias = 0, replicatedBias = 0;
};

FfnParams ffnParams(const ModelSpec& m, double f)
{
    const bool swiglu = m.ffn_kind == FfnKind::Swiglu;
    FfnParams p;
    p.weights = (swiglu ? 3.0 : 2.0) * m.hidden * f;
    if (m.bias == BiasKind::All) {
        p.splitBias = swiglu ? 2 * f : f;
        p.replicatedBias = m.hidden;
    }
    return p;
}

LayerParams layerParams(const ModelSpec& m, bool moe)
{
    const AttentionParams attn = attentionParams(m);
    const double norms = double(std::clamp<std::int64_t>(m.norms_per_layer, 1, 2)) * normParams(m);
    LayerParams l;
    l.split = attn.split;
    l.replicated = attn.replicated + norms;
    l.active = attn.weights;
    l.matmul = attn.weights;
    if (!moe) {
        const FfnParams f = ffnParams(m, double(m.ffn_hidden));
        l.split += f.weights + f.splitBias;
        l.replicated += f.replicatedBias;
        l.active += f.weights;
        l.matmul += f.weights;
        return l;
    }
    // DeepSeekMoE (arXiv:2401.06066): E routed experts (top-k per token) and S shared experts, each of the
    // expert width; the router h × E. Shared experts are a dense MLP of S·F, tensor-parallel like one.
    const double experts = double(m.experts), k = double(activeExperts(m)), shared = double(m.shared_experts);
    const FfnParams e = ffnParams(m, double(m.expertFfn()));
    l.experts = experts * (e.weights + e.splitBias + e.replicatedBias);
    l.split += shared * (e.weights + e.splitBias);
    l.replicated += shared * e.replicatedBias + m.hidden * experts;
    l.active += (k + shared) * e.weights + m.hidden * experts;
    l.matmul_experts = experts * e.weights;
    l.matmul += l.matmul_experts + shared * e.weights + m.hidden * experts;
    return l;
}

} // namespace

// Exact count of a decoder's tensors, as the Hugging Face and Megatron-LM implementations lay them out
// (attentionParams, ffnParams; the router h × E; two norms per layer). With learned positions, GeLU, biases
// and LayerNorm a layer is 12h² + 13h, Narayanan et al. SC'21 eq. 2. Active parameters are the total less the
// routed experts a token does not visit, (E - k) per MoE layer (DeepSeek-V3 reports 37B of 671B so).
ParamCount countParams(const ModelSpec& m)
{
    ParamCount c;
    if (m.kind == ModelKind::Params) {
        c.total = m.params;
        c.active = m.params;
        const double layers = std::max<std::int64_t>(m.layers, 1);
        c.per_layer = m.params / layers;
        c.per_layer_split = c.per_layer;
        c.per_layer_active = c.per_layer;
        c.dense_layer.split = c.per_layer;
        c.dense_layer.active = c.per_layer;
        c.dense_layer.matmul = c.per_layer;
        c.moe_layer = c.dense_layer;
        return c;
    }
    const double h = m.hidden;
    c.dense_layer = layerParams(m, false);
    c.moe_layer = m.moe() ? layerParams(m, true) : c.dense_layer;
    const LayerParams& main = m.moe() ? c.moe_layer : c.dense_layer;
    c.per_layer = main.total();
    c.per_layer_split = main.split + main.experts;
    c.per_layer_replicated = main.replicated;
    c.per_layer_active = main.active;

    c.embedding = double(m.vocab) * h;
    c.positions = m.position_embedding == PositionEmbedding::Learned ? double(m.positions()) * h : 0;
    c.final_norm = normParams(m);
    c.head = m.tied_embeddings ? 0 : double(m.vocab) * h;
    c.head_bias = m.head_bias ? double(m.vocab) : 0;
    const double layers = double(std::max<std::int64_t>(m.layers, 0));
    const double dense = m.moe() ? double(std::clamp<std::int64_t>(m.dense_layers, 0, m.layers)) : layers;
    const double ends = c.embedding + c.positions + c.final_norm + c.head + c.head_bias;
    c.total = ends + dense * c.dense_layer.total() + (layers - dense) * c.moe_layer.total();
    if (m.moe())
        c.active = c.total - (layers - dense) * c.moe_layer.experts *
                                 (1 - double(activeExperts(m)) / double(m.experts));
    else
        c.active = c.total;
    // DeepSeek-V3 §2.2: each MTP module has two RMSNorms, a 2h × h projection, one (MoE) layer and the norm
    // before the shared output head; embedding and head are shared with the main model.
    c.mtp_module = 3 * normParams(m) + 2 * h * h + c.moe_layer.total();
    c.mtp = double(std::max<std::int64_t>(m.mtp_layers, 0)) * c.mtp_module;
    return c;
}

std::vector<std::int64_t> layersPerStage(std::int64_t layers, std::int64_t pp)
{
    pp = std::max<std::int64_t>(pp, 1);
    std::vector<std::int64_t> out(static_cast<std::size_t>(pp), layers / pp);
    // An uneven split gives the remainder to the first stages, as Megatron-LM's uneven pipeline option does.
    for (std::int64_t i = 0; i < layers % pp; ++i)
        ++out[std::size_t(i)];
    return out;
}

std::vector<std::int64_t> layersPerStage(const Scenario& sc)
{
    const std::int64_t layers = std::max<std::int64_t>(sc.model.layers, 1);
    const std::int64_t pp = std::max<std::int64_t>(sc.parallel.pp, 1);
    const auto& given = sc.parallel.pipeline_layers;
    if (!given.empty()) {
        std::int64_t sum = 0;
        for (const std::int64_t n : given)
            sum += std::max<std::int64_t>(n, 0);
        if (std::int64_t(given.size()) == pp && sum == layers)
            return given;
        return layersPerStage(layers, pp);
    }
    const std::int64_t first = sc.parallel.first_stage_layers, last = sc.parallel.last_stage_layers;
    if (pp < 2 || (first <= 0 && last <= 0))
        return layersPerStage(layers, pp);
    // Megatron-LM's --decoder-first/last-pipeline-num-layers: the ends fixed, the middle stages even.
    const std::int64_t ends = (first > 0 ? 1 : 0) + (last > 0 ? 1 : 0);
    const std::int64_t rest = layers - std::max<std::int64_t>(first, 0) - std::max<std::int64_t>(last, 0);
    if (rest < 0 || (ends == pp && rest != 0))
        return layersPerStage(layers, pp);
    std::vector<std::int64_t> out = ends < pp ? layersPerStage(rest, pp - ends) : std::vector<std::int64_t>{};
    if (first > 0)
        out.insert(out.begin(), first);
    if (last > 0)
        out.push_back(last);
    return out;
}

namespace {

// The LoRA and quantization shares of the stages (StageParams::trainable_*, quantized_*); full training
// trains every parameter.
void trainableShares(std::vector<StageParams>& out, const Scenario& s, const ParamCount& c, double tp,
                     double ep)
{
    const ModelSpec& m = s.model;
    const TrainingSpec& tr = s.training;
    const bool quantized = tr.lora() && tr.baseBits() < 16;
    const LoraCount lora = tr.lora() ? countLoraParams(m, tr) : LoraCount{};
    const std::int64_t pp = std::int64_t(out.size());
    for (std::int64_t i = 0; i < pp; ++i) {
        StageParams& st = out[std::size_t(i)];
        if (!tr.lora()) {
            st.trainable_per_gpu = st.per_gpu;
            st.trainable_expert_per_gpu = st.expert_per_gpu;
            continue;
        }
        const double dense = double(st.layers - st.moe_layers);
        const double moe =
            double(st.moe_layers) + (st.mtp ? double(std::max<std::int64_t>(m.mtp_layers, 0)) : 0);
        // The adapters split as their base layers do (tp; routed experts over ep × etp): r·(in + out)/t is
        // what each rank holds, an approximation where A or B is replicated (PEFT itself has no tp).
        st.trainable_expert_per_gpu = moe * lora.moe_experts / ep;
        st.trainable_per_gpu = dense * lora.dense_layer / tp +
                               moe * (lora.moe_layer - lora.moe_experts) / tp + st.trainable_expert_per_gpu;
        if (i == 0)
            st.trainable_per_gpu += lora.embedding / tp;
        if (i == pp - 1)
            st.trainable_per_gpu += lora.head / tp;
        if (quantized) {
            const LayerParams& d = c.dense_layer;
            const LayerParams& e = c.moe_layer;
            st.quantized_expert_per_gpu = moe * e.matmul_experts / ep;
            st.quantized_per_gpu = dense * d.matmul / tp + moe * (e.matmul - e.matmul_experts) / tp +
                                   st.quantized_expert_per_gpu;
        }
    }
}

} // namespace

std::vector<LoraModule> loraModules(const ModelSpec& m, bool moeLayer)
{
    std::vector<LoraModule> out;
    const auto add = [&](std::uint32_t target, double in, double out_, double count, bool attention,
                         bool experts = false) {
        out.push_back({target, in, out_, count, attention, experts});
    };
    const double h = double(m.hidden);
    if (m.kind == ModelKind::Params) {
        // A bare count: a standard layer's four h × h/… attention matrices and the two MLP matrices, a third
        // and two thirds of the layer (as the step model prices it).
        const double pl = m.params / double(std::max<std::int64_t>(m.layers, 1));
        const double w = h > 0 ? pl / 12 / h : 0;
        for (const std::uint32_t t : {kLoraQ, kLoraK, kLoraV})
            add(t, h, w, 1, true);
        add(kLoraO, w, h, 1, true);
        add(kLoraUp, h, 4 * w, 1, false);
        add(kLoraDown, 4 * w, h, 1, false);
        return out;
    }
    const double a = double(m.heads);
    if (m.attention == AttentionKind::Mla) {
        // DeepSeek-V2/V3's modeling code: q_a_proj/q_b_proj (or q_proj), kv_a_proj_with_mqa/kv_b_proj (k and
        // v both), o_proj.
        const double qk = double(m.qk_nope_head_dim + m.qk_rope_head_dim), v = double(m.v_head_dim);
        const double ql = double(m.q_lora_rank), kvl = double(m.kv_lora_rank);
        if (ql > 0) {
            add(kLoraQ, h, ql, 1, true);
            add(kLoraQ, ql, a * qk, 1, true);
        } else {
            add(kLoraQ, h, a * qk, 1, true);
        }
        add(kLoraK | kLoraV, h, kvl + double(m.qk_rope_head_dim), 1, true);
        add(kLoraK | kLoraV, kvl, a * (double(m.qk_nope_head_dim) + v), 1, true);
        add(kLoraO, a * v, h, 1, true);
    } else {
        const double d = double(m.headDim());
        const double kv = double(m.kv_heads) * d;
        add(kLoraQ, h, a * d, 1, true);
        add(kLoraK, h, kv, 1, true);
        add(kLoraV, h, kv, 1, true);
        add(kLoraO, a * d, h, 1, true);
    }
    const bool swiglu = m.ffn_kind == FfnKind::Swiglu;
    const auto ffn = [&](double f, double count, std::uint32_t gate, std::uint32_t up, std::uint32_t down,
                         bool experts) {
        if (count <= 0)
            return;
        if (swiglu)
            add(gate, h, f, count, false, experts);
        add(up, h, f, count, false, experts);
        add(down, f, h, count, false, experts);
    };
    if (moeLayer && m.moe()) {
        const double fe = double(m.expertFfn());
        ffn(fe, double(m.shared_experts), kLoraGate, kLoraUp, kLoraDown, false);
        ffn(fe, double(m.experts), kLoraExperts, kLoraExperts, kLoraExperts, true);
    } else {
        ffn(double(m.ffn_hidden), 1, kLoraGate, kLoraUp, kLoraDown, false);
    }
    return out;
}

LoraCount countLoraParams(const ModelSpec& m, const TrainingSpec& tr)
{
    LoraCount c;
    if (!tr.lora())
        return c;
    const double r = double(std::max<std::int64_t>(tr.lora_rank, 0));
    const auto layer = [&](bool moe, double* experts) {
        double sum = 0;
        for (const LoraModule& mod : loraModules(m, moe)) {
            if (!(mod.target & tr.lora_targets))
                continue;
            const double n = mod.count * r * (mod.in + mod.out);
            sum += n;
            if (mod.experts && experts)
                *experts += n;
        }
        return sum;
    };
    c.dense_layer = layer(false, nullptr);
    c.moe_layer = m.moe() ? layer(true, &c.moe_experts) : c.dense_layer;
    const double h = double(m.hidden), v = m.kind == ModelKind::Transformer ? double(m.vocab) : 0.0;
    if (tr.lora_targets & kLoraEmbed)
        c.embedding = r * (v + h);
    if (tr.lora_targets & kLoraHead)
        c.head = r * (h + v);
    const double layers = double(std::max<std::int64_t>(m.layers, 0));
    const double dense = m.moe() ? double(std::clamp<std::int64_t>(m.dense_layers, 0, m.layers)) : layers;
    c.total = dense * c.dense_layer + (layers - dense) * c.moe_layer + c.embedding + c.head;
    return c;
}

QuantBytes quantizedBytes(const TrainingSpec& tr, double rowWidth)
{
    QuantBytes q;
    switch (tr.baseBits()) {
    case 4:
        q.data = 0.5;
        // QLoRA §3: blocks of 64 with a fp32 absmax, 32/64 bits; double quantization: 8-bit constants with a
        // fp32 second-level constant per 256 blocks, 8/64 + 32/(64·256) bits.
        q.constants = tr.double_quant ? (8.0 / 64 + 32.0 / (64 * 256)) / 8 : (32.0 / 64) / 8;
        break;
    case 8:
        q.data = 1;
        q.constants = rowWidth > 0 ? 4 / rowWidth : 0; // LLM.int8(): a fp32 absmax per row
        break;
    default:
        q.data = tr.precision == Precision::Fp32 ? 4 : 2;
        q.constants = 0;
        break;
    }
    return q;
}

StageWeightBytes stageWeightBytes(const StageParams& st, const Scenario& sc, double w)
{
    StageWeightBytes b;
    if (!sc.training.lora()) {
        b.trainable = st.per_gpu * w;
        b.expert = st.expert_per_gpu * w;
        return b;
    }
    const QuantBytes q = quantizedBytes(sc.training, double(sc.model.hidden));
    const double plain = st.per_gpu - st.quantized_per_gpu; // frozen at the training type's width
    b.frozen = plain * w + st.quantized_per_gpu * q.data;
    b.constants = st.quantized_per_gpu * q.constants;
    b.trainable = st.trainable_per_gpu * w;
    b.expert = (st.expert_per_gpu - st.quantized_expert_per_gpu) * w +
               st.quantized_expert_per_gpu * (q.data + q.constants) + st.trainable_expert_per_gpu * w;
    return b;
}

std::vector<StageParams> stageParams(const Scenario& s)
{
    const ModelSpec& m = s.model;
    const ParamCount c = countParams(m);
    const std::int64_t pp = std::max<std::int64_t>(s.parallel.pp, 1);
    const double tp = std::max<std::int64_t>(s.parallel.tp, 1);
    // Routed experts: split over ep ranks, each expert's matrices over etp (Megatron-Core's expert layout).
    const double ep = double(std::max<std::int64_t>(s.parallel.ep, 1)) *
                      double(std::max<std::int64_t>(s.parallel.expertTp(), 1));
    const auto layers = layersPerStage(s);

    std::vector<StageParams> out(static_cast<std::size_t>(pp));
    std::int64_t start = 0;
    for (std::int64_t i = 0; i < pp; ++i) {
        StageParams& st = out[std::size_t(i)];
        const bool first = i == 0, last = i == pp - 1;
        st.layers = layers[std::size_t(i)];
        st.first_layer = start;
        const std::int64_t dense =
            m.moe() ? std::clamp<std::int64_t>(m.dense_layers - start, 0, st.layers) : st.layers;
        st.moe_layers = st.layers - dense;
        start += st.layers;
        st.total = double(dense) * c.dense_layer.total() + double(st.moe_layers) * c.moe_layer.total();
        st.per_gpu =
            double(dense) * c.dense_layer.perGpu(tp, ep) + double(st.moe_layers) * c.moe_layer.perGpu(tp, ep);
        st.expert_per_gpu = double(st.moe_layers) * c.moe_layer.experts / ep;
        st.layer_per_gpu = st.per_gpu;
        if (dense > 0)
            st.largest_layer_per_gpu = c.dense_layer.perGpu(tp, ep);
        if (st.moe_layers > 0)
            st.largest_layer_per_gpu = std::max(st.largest_layer_per_gpu, c.moe_layer.perGpu(tp, ep));
        if (first) {
            // Vocab-parallel embedding (split over tp); the position table is replicated.
            st.total += c.embedding + c.positions;
            st.per_gpu += c.embedding / tp + c.positions;
            st.largest_layer_per_gpu = std::max(st.largest_layer_per_gpu, c.embedding / tp + c.positions);
        }
        if (last) {
            // Megatron-LM keeps a copy of a tied embedding on the last stage for the output layer
            // (its gradients are all-reduced with the first stage's), so it costs memory there too.
            const double head = (c.head > 0 ? c.head : (pp > 1 ? c.embedding : 0)) + c.head_bias;
            st.total += c.final_norm + head;
            st.per_gpu += c.final_norm + head / tp;
            st.largest_layer_per_gpu = std::max(st.largest_layer_per_gpu, head / tp);
            // The MTP modules sit with the output head they share (DeepSeek-V3 §3.2.1).
            if (c.mtp > 0) {
                const double n = double(m.mtp_layers);
                const double module =
                    c.moe_layer.perGpu(tp, ep) + 2 * double(m.hidden) * m.hidden / tp + 3 * normParams(m);
                st.mtp = true;
                st.total += c.mtp;
                st.per_gpu += n * module;
                st.expert_per_gpu += n * c.moe_layer.experts / ep;
                st.layer_per_gpu += n * module;
                st.largest_layer_per_gpu = std::max(st.largest_layer_per_gpu, module);
            }
        }
    }
    trainableShares(out, s, c, tp, ep);
    return out;
}

double attentionQkWidth(const ModelSpec& m)
{
    if (m.kind == ModelKind::Params)
        return double(m.hidden);
    if (m.attention == AttentionKind::Mla)
        return double(m.heads) * double(m.qk_nope_head_dim + m.qk_rope_head_dim);
    return double(m.heads) * m.headDim();
}

double attentionVWidth(const ModelSpec& m)
{
    if (m.kind == ModelKind::Transformer && m.attention == AttentionKind::Mla)
        return double(m.heads) * double(m.v_head_dim);
    return attentionQkWidth(m);
}

LayerFlops layerForwardFlops(const ModelSpec& m, double micro_batch, bool moeLayer)
{
    const ParamCount c = countParams(m);
    const double s = m.seq_len;
    const double tokens = micro_batch * s;
    LayerFlops f;
    // A matmul of an (n × k) input with a (k × m) weight is 2·n·k·m FLOPs: 2 per weight per token.
    f.dense = 2.0 * (moeLayer ? c.moe_layer.active : c.dense_layer.active) * tokens;
    // QKᵀ and scores·V: 2·b·s²·(a·d) each, the causal mask not halving it (Megatron-LM convention,
    // Narayanan et al. SC'21 appendix; docs/formats.md, "Result of eval": model_flops_per_step).
    f.attention = 2.0 * micro_batch * s * s * (attentionQkWidth(m) + attentionVWidth(m));
    return f;
}

LayerFlops layerForwardFlops(const ModelSpec& m, double micro_batch)
{
    return layerForwardFlops(m, micro_batch, m.moe());
}

double logitsForwardFlops(const ModelSpec& m, double micro_batch)
{
    if (m.kind == ModelKind::Params)
        return 0; // a bare count already includes the embedding in 6Ψ per token
    return 2.0 * micro_batch * double(m.seq_len) * double(m.hidden) * double(m.vocab);
}

double modelForwardFlops(const ModelSpec& m, double micro_batch)
{
    const double layers = double(std::max<std::int64_t>(m.layers, 1));
    const double dense = m.moe() ? double(std::clamp<std::int64_t>(m.dense_layers, 0, m.layers)) : layers;
    const double logits = logitsForwardFlops(m, micro_batch);
    double f = dense * layerForwardFlops(m, micro_batch, false).total() +
               (layers - dense) * layerForwardFlops(m, micro_batch, true).total() + logits;
    if (m.kind == ModelKind::Transformer && m.mtp_layers > 0) {
        // Each MTP module: its 2h × h projection, one layer and the shared head's logits (DeepSeek-V3 §2.2).
        const double tokens = micro_batch * double(m.seq_len);
        f += double(m.mtp_layers) * (2.0 * 2 * double(m.hidden) * m.hidden * tokens +
                                     layerForwardFlops(m, micro_batch, m.moe()).total() + logits);
    }
    return f;
}

double expertLoadFactor(const ModelSpec& m)
{
    if (!m.moe())
        return 1;
    if (m.capacity_factor > 0)
        return m.capacity_factor;
    return std::max(m.expert_imbalance, 1.0);
}

// Korthikanti et al. (MLSys'23) §4.1, bytes per layer with 16-bit activations and 1-byte dropout masks:
//   attention block 11sbh + 5as²b, MLP 19sbh, two layer norms 4sbh: sbh(34 + 5as/h) in all.
// Generalised here, term by term, for the s/c tokens of one of c context-parallel ranks:
//   attention: input of QKV 2sbh and output dropout mask sbh (replicated across tp unless sequence
//   parallel); Q 2sb·ad, K and V 2sb·kv·d each (GQA), input of the output projection 2sb·ad (split over tp);
//   MLA keeps Q and K of a·(nope+rope), V and the output projection's input of a·v, and the two latents
//   (q_lora and kv_lora + rope wide, replicated);
//   scores: softmax output 2as²b, dropout mask as²b, dropout output 2as²b = 5as²b (split over tp), absent
//   with selective recompute; flash attention keeps only the fp32 log-sum-exp, 4asb. Without dropout the
//   softmax's output, 2as²b, is all the scores keep (the product with V saves the same tensor), and the
//   blocks keep no masks.
//   MLP: input of the first linear 2sbh and dropout mask sbh (replicated unless SP); GeLU: its input and
//   output 2sb·ffn each (= 16sbh for ffn = 4h, Megatron's 18 + 4·ffn/h for the whole layer); SwiGLU as
//   Megatron-LM's fused bias_swiglu keeps the fc1 output (gate and up, 4sb·ffn) and the product (2sb·ffn).
//   MoE: each token passes through k routed experts (times the load factor on the busiest rank) and the
//   shared experts; the permuted tokens before the experts and their outputs before the combine, 2sb·h·k
//   each.
//   norms: the two layer-norm inputs 4sbh (replicated unless SP).
// Full recompute keeps only the layer input, 2sbh (split over tp with sequence parallel), plus the working
// set of the one layer being recomputed during its backward.
ActivationTerms layerActivationBytes(const Scenario& sc, bool moeLayer)
{
    const ModelSpec& m = sc.model;
    const double cp = double(std::max<std::int64_t>(sc.parallel.cp, 1));
    const double sFull = m.seq_len, s = sFull / cp, b = sc.training.micro_batch, h = m.hidden;
    const double t = std::max<std::int64_t>(sc.parallel.tp, 1);
    const double tsp = sc.parallel.sequence_parallel ? t : 1.0; // divisor of the "replicated" terms
    const bool params = m.kind == ModelKind::Params;
    const double a = m.heads;
    const double qk = attentionQkWidth(m), v = attentionVWidth(m);
    const double kWidth = params || m.attention == AttentionKind::Mla ? qk : double(m.kv_heads) * m.headDim();
    const double vWidth = params || m.attention == AttentionKind::Mla ? v : kWidth;
    const double f = params ? 4.0 * h : double(m.ffn_hidden);
    const bool swiglu = !params && m.ffn_kind == FfnKind::Swiglu;
    // FP8 training keeps the inputs its linear layers saved for the backward in FP8, one byte instead of two
    // (Transformer Engine saves the FP8-cast GEMM inputs; DeepSeek-V3 §3.3.3 caches them so).
    const double lin = sc.training.precision == Precision::Fp8Mixed ? 0.5 : 1.0;
    // Per FFN width: GeLU keeps its input and its output (fc2's input), 2 + 2; SwiGLU the fc1 output (gate
    // and up, 4) and the product (fc2's input, 2).
    const double perWidth = swiglu ? 4.0 + 2.0 * lin : 2.0 + 2.0 * lin;
    // A block's input saved for its first linear layer, 2sbh (sbh in FP8), and its dropout mask, sbh. With
    // the norms recomputed (DeepSeek-V3 §3.2.3) the linear layer's input, the norm's output, is made again
    // from the norm's input (counted below) and not kept.
    const bool dropout = sc.training.dropout;
    const double normOutput = sc.training.recompute_norms ? 0.0 : 2 * lin;
    const double blockInput = (normOutput + (dropout ? 1.0 : 0.0)) * s * b * h / tsp;

    // Selective recompute redoes what is cheap to recompute and costly to keep (Korthikanti et al. §5; the
    // modules of Megatron-Core's --recompute-modules): the attention core, and with MLA the up-projections
    // of Q, K and V from their latents, with experts the SwiGLU product (DeepSeek-V3 §3.2.3 recomputes both).
    const bool selective = sc.training.recompute == Recompute::Selective;
    const bool mlaUp = selective && !params && m.attention == AttentionKind::Mla;
    // The experts' SwiGLU inputs (gate and up) in FP8 with an fp32 scale per 1×128 tile (DeepSeek-V3 §3.3.3)
    // instead of 16 bits.
    const bool fp8 = sc.training.precision == Precision::Fp8Mixed;
    const double gateUp = fp8 && sc.training.fp8_swiglu_inputs ? 2 * kFp8TileElementBytes : 4.0;
    const double moeWidth = !swiglu ? perWidth : selective ? gateUp : gateUp + 2.0 * lin;

    ActivationTerms full;
    full.attention =
        blockInput +
        ((mlaUp ? 0.0 : 2 * s * b * qk + 2 * s * b * (kWidth + vWidth)) + 2 * lin * s * b * v) / t;
    if (!params && m.attention == AttentionKind::Mla)
        full.attention +=
            2 * lin * s * b * (double(m.q_lora_rank) + double(m.kv_lora_rank + m.qk_rope_head_dim)) / tsp;
    if (sc.training.flash_attention)
        full.scores = 4 * a * s * b / t;
    else if (sc.training.recompute != Recompute::Selective)
        full.scores = (dropout ? 5.0 : 2.0) * a * s * sFull * b / t; // each rank's queries against every key
    if (moeLayer && m.moe()) {
        const double k = double(activeExperts(m)), fe = double(m.expertFfn());
        full.mlp =
            blockInput + 4 * s * b * double(m.experts) / tsp + // fp32 router logits
            expertLoadFactor(m) * (k * moeWidth * s * b * fe / t + 2 * (1 + lin) * s * b * h * k / tsp) +
            double(m.shared_experts) * moeWidth * s * b * fe / t;
    } else {
        full.mlp = blockInput + perWidth * s * b * f / t;
    }
    // LoRA (Hu et al., ICLR'22): each adapted linear layer keeps the r-wide output of lora_A, 2sb·r, for
    // lora_B's weight gradient; its input is the base layer's, counted above (PEFT's default lora_dropout 0
    // makes no copy of it). Routed experts see k tokens per token (times the load factor).
    if (sc.training.lora()) {
        const double r = double(std::max<std::int64_t>(sc.training.lora_rank, 0));
        const double k = m.moe() ? double(activeExperts(m)) * expertLoadFactor(m) : 1.0;
        for (const LoraModule& mod : loraModules(m, moeLayer)) {
            if (!(mod.target & sc.training.lora_targets))
                continue;
            const double bytes = 2 * s * b * r * (mod.experts ? k : mod.count);
            (mod.attention ? full.attention : full.mlp) += bytes;
        }
    }
    // Each norm keeps its 16-bit input, 2sbh; one shared norm (parallel attention) keeps one.
    const double norms = params ? 2.0 : double(std::clamp<std::int64_t>(m.norms_per_layer, 1, 2));
    full.norms = 2 * norms * s * b * h / tsp;
    if (sc.training.recompute != Recompute::Full)
        return full;

    ActivationTerms kept;
    kept.attention = 2 * s * b * h / tsp;
    return kept;
}

ActivationTerms layerActivationBytes(const Scenario& sc)
{
    return layerActivationBytes(sc, sc.model.moe());
}

namespace {

// C(A, K) / C(B, K) for A ≤ B: the chance that K draws without replacement from B items miss B − A of them.
double chooseRatio(double a, double b, std::int64_t k)
{
    double r = 1;
    for (std::int64_t i = 0; i < k; ++i) {
        if (a - double(i) <= 0)
            return 0;
        r *= (a - double(i)) / (b - double(i));
    }
    return r;
}

} // namespace

double expertDispatchCopies(const Scenario& sc, std::int64_t nodes)
{
    const ModelSpec& m = sc.model;
    const std::int64_t k =
        std::clamp<std::int64_t>(m.experts_per_token, 1, std::max<std::int64_t>(m.experts, 1));
    if (sc.parallel.ep_dispatcher != EpDispatcher::DeepEp || m.experts <= 1)
        return double(k);
    // DeepEP (DeepSeek-V3 §3.2.2) sends a token once to every node that holds one of its experts, then over
    // NVLink to the GPUs there; inside one node, once to every GPU. The places U are even shares of the
    // experts (Megatron-Core gives rank r experts [r·E/ep, (r + 1)·E/ep)). A place gets none of the token's k
    // experts with probability P; the token's copies are U · (1 − P).
    const double E = double(m.experts);
    const double U = double(nodes > 1 ? nodes : std::max<std::int64_t>(sc.parallel.ep, 1));
    const std::int64_t G = m.expert_groups, g = m.expert_groups_per_token;
    const bool limited = G > 0 && g > 0 && g < G;
    double miss = chooseRatio(E - E / U, E, k); // experts drawn from all E
    if (limited && std::int64_t(U) % G == 0) {
        // A group spans U/G places: it is among the token's g groups with probability g/G, and then the place
        // holds E/U of the g·E/G experts the k are drawn from.
        const double R = double(g) * E / double(G);
        const double q = double(g) / double(G);
        miss = (1 - q) + q * chooseRatio(R - E / U, R, k);
    } else if (limited && G % std::int64_t(U) == 0) {
        // A place holds G/U whole groups, j of them among the token's g (hypergeometric), and then j·E/G of
        // the g·E/G experts the k are drawn from (DeepSeek-V3: 8 groups on 8 nodes, 4 per token, so at most 4
        // nodes).
        const std::int64_t per = G / std::int64_t(U);
        const double R = double(g) * E / double(G);
        miss = 0;
        for (std::int64_t j = 0; j <= std::min(per, g); ++j) {
            // C(per, j) · C(G − per, g − j) / C(G, g)
            double pj = 1;
            for (std::int64_t i = 0; i < j; ++i)
                pj *= double(per - i) / double(i + 1);
            for (std::int64_t i = 0; i < g - j; ++i)
                pj *= double(G - per - i) / double(i + 1);
            for (std::int64_t i = 0; i < g; ++i)
                pj /= double(G - i) / double(i + 1);
            miss += pj * chooseRatio(R - double(j) * E / double(G), R, k);
        }
    }
    return U * (1 - miss);
}

std::int64_t expertGroupNodes(const Scenario& sc)
{
    const std::int64_t perNode = std::max<std::int64_t>(sc.cluster.gpus_per_node, 1);
    const std::int64_t gpus =
        std::max<std::int64_t>(sc.parallel.ep, 1) * std::max<std::int64_t>(sc.parallel.expertTp(), 1);
    return std::max<std::int64_t>(1, gpus / perNode);
}

double expertAllToAllElementBytes(const Scenario& sc)
{
    const double e = sc.training.precision == Precision::Fp32 ? 4.0 : 2.0;
    return sc.parallel.ep_fp8_dispatch ? (kFp8TileElementBytes + e) / 2 : e;
}

// Each rank dispatches its b·s/(cp·t) tokens (Megatron-Core needs sequence parallelism for MoE with tp > 1)
// to the places of their k experts; the busiest rank moves the load factor times the mean.
double expertAllToAllBytes(const Scenario& sc, std::int64_t nodes)
{
    const ModelSpec& m = sc.model;
    const ParallelSpec& p = sc.parallel;
    const double tokens = double(sc.training.micro_batch) * double(m.seq_len) /
                          double(std::max<std::int64_t>(p.cp, 1) * std::max<std::int64_t>(p.tp, 1));
    const double copies = expertDispatchCopies(sc, nodes >= 1 ? nodes : expertGroupNodes(sc));
    return tokens * copies * double(m.hidden) * expertAllToAllElementBytes(sc) * expertLoadFactor(m);
}

double contextParallelKvBytes(const Scenario& sc)
{
    const ModelSpec& m = sc.model;
    const ParallelSpec& p = sc.parallel;
    const double t = double(std::max<std::int64_t>(p.tp, 1));
    const double tokens =
        double(sc.training.micro_batch) * double(m.seq_len) / double(std::max<std::int64_t>(p.cp, 1));
    // Keys and values after MLA's up-projection are a·(nope+rope) and a·v wide; with GQA kv·d each, at least
    // one head per tp rank.
    double width = 0;
    if (m.kind == ModelKind::Transformer && m.attention == AttentionKind::Mla)
        width = (attentionQkWidth(m) + attentionVWidth(m)) / t;
    else if (m.kind == ModelKind::Transformer)
        width = 2 * std::max(double(m.kv_heads) / t, 1.0) * double(m.headDim());
    else
        width = 2 * double(m.hidden) / t;
    const double e = sc.training.precision == Precision::Fp32 ? 4.0 : 2.0;
    return tokens * width * e;
}

double inFlightMicrobatches(Schedule schedule, std::int64_t stage, std::int64_t pp, std::int64_t m,
                            std::int64_t v)
{
    pp = std::max<std::int64_t>(pp, 1);
    m = std::max<std::int64_t>(m, 1);
    stage = std::clamp<std::int64_t>(stage, 0, pp - 1);
    switch (schedule) {
    case Schedule::GPipe:
        return double(m); // all forwards before any backward
    case Schedule::Interleaved:
        if (v > 1) {
            // Megatron-LM's interleaved schedule runs (p - i - 1)·2 + (v - 1)·p warm-up chunks, then one more
            // in the steady state; a chunk is 1/v of the stage's layers. For stage 0 this is
            // p·(1 + (p-1)/(p·v)) microbatches' worth (Korthikanti et al. §4.2.3).
            const double chunks =
                std::min<double>((pp - stage - 1) * 2.0 + (v - 1.0) * pp + 1.0, double(m) * v);
            return chunks / double(v);
        }
        [[fallthrough]];
    case Schedule::OneFOneB:
    case Schedule::ZbH1:
        // Stage i holds p - i microbatches (Narayanan et al. SC'21 §2.2); ZB-H1 keeps 1F1B's memory (Qi et
        // al.).
        return double(std::min<std::int64_t>(pp - stage, m));
    }
    return double(m);
}

} // namespace ss
