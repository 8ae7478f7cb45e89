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

// Exact count of a decoder layer's tensors, as the Hugging Face and Megatron-LM implementations lay them out:
// attention Q (h × a·d), K and V (h × kv·d each, GQA), O (a·d × h); an MLP of two (GeLU) or three (SwiGLU)
// h × ffn matrices per expert; a router h × E when E > 1; two norms. With learned positions, GeLU, biases
// and LayerNorm this is 12h² + 13h per layer, Narayanan et al. SC'21 eq. 2.
ParamCount countParams(const ModelSpec& m)
{
    ParamCount c;
    if (m.kind == ModelKind::Params) {
        c.total = m.params;
        const double layers = std::max<std::int64_t>(m.layers, 1);
        c.per_layer = m.params / layers;
        c.per_layer_split = c.per_layer;
        c.per_layer_active = c.per_layer;
        return c;
    }
    const double h = m.hidden;
    const double q = double(m.heads) * m.headDim();     // width of the Q projection
    const double kv = double(m.kv_heads) * m.headDim(); // width of each of K and V
    const double f = m.ffn_hidden;
    const double experts = std::max<std::int64_t>(m.experts, 1);

    const double attnWeights = h * q + 2 * h * kv + q * h;
    double attnBiasSplit = 0; // Q/K/V biases: column-parallel, split over tp
    double attnBiasRepl = 0;  // O bias: row-parallel, every tp rank holds it whole
    if (m.bias != BiasKind::None)
        attnBiasSplit = q + 2 * kv;
    if (m.bias == BiasKind::All)
        attnBiasRepl = h;

    const bool swiglu = m.ffn_kind == FfnKind::Swiglu;
    const double mlpWeights = (swiglu ? 3.0 : 2.0) * h * f;
    double mlpBiasSplit = 0, mlpBiasRepl = 0;
    if (m.bias == BiasKind::All) {
        mlpBiasSplit = swiglu ? 2 * f : f;
        mlpBiasRepl = h;
    }
    const double router = experts > 1 ? h * experts : 0;
    const double norms = double(std::clamp<std::int64_t>(m.norms_per_layer, 1, 2)) * normParams(m);

    c.per_layer_split = attnWeights + attnBiasSplit + experts * (mlpWeights + mlpBiasSplit);
    c.per_layer_replicated = attnBiasRepl + experts * mlpBiasRepl + router + norms;
    c.per_layer = c.per_layer_split + c.per_layer_replicated;
    c.per_layer_active = attnWeights + double(activeExperts(m)) * mlpWeights + router;

    c.embedding = double(m.vocab) * h;
    c.positions = m.position_embedding == PositionEmbedding::Learned ? double(m.positions()) * h : 0;
    c.final_norm = normParams(m);
    c.head = m.tied_embeddings ? 0 : double(m.vocab) * h;
    c.head_bias = m.head_bias ? double(m.vocab) : 0;
    c.total =
        c.embedding + c.positions + double(m.layers) * c.per_layer + c.final_norm + c.head + c.head_bias;
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

std::vector<StageParams> stageParams(const Scenario& s)
{
    const ModelSpec& m = s.model;
    const ParamCount c = countParams(m);
    const std::int64_t pp = std::max<std::int64_t>(s.parallel.pp, 1);
    const double tp = std::max<std::int64_t>(s.parallel.tp, 1);
    const auto layers = layersPerStage(std::max<std::int64_t>(m.layers, 1), pp);

    std::vector<StageParams> out(static_cast<std::size_t>(pp));
    const double layerPerGpu = c.per_layer_split / tp + c.per_layer_replicated;
    for (std::int64_t i = 0; i < pp; ++i) {
        StageParams& st = out[std::size_t(i)];
        const bool first = i == 0, last = i == pp - 1;
        st.total = double(layers[std::size_t(i)]) * c.per_layer;
        st.per_gpu = double(layers[std::size_t(i)]) * layerPerGpu;
        st.largest_layer_per_gpu = layers[std::size_t(i)] > 0 ? layerPerGpu : 0;
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
        }
    }
    return out;
}

LayerFlops layerForwardFlops(const ModelSpec& m, double micro_batch)
{
    const ParamCount c = countParams(m);
    const double s = m.seq_len;
    const double tokens = micro_batch * s;
    LayerFlops f;
    // A matmul of an (n × k) input with a (k × m) weight is 2·n·k·m FLOPs: 2 per weight per token.
    f.dense = 2.0 * c.per_layer_active * tokens;
    // QKᵀ and scores·V: 2·b·s²·(a·d) each, the causal mask not halving it (Megatron-LM convention,
    // Narayanan et al. SC'21 appendix; docs/formats.md, "Result of eval": model_flops_per_step).
    const double width = m.kind == ModelKind::Params ? double(m.hidden) : double(m.heads) * m.headDim();
    f.attention = 4.0 * micro_batch * s * s * width;
    return f;
}

double logitsForwardFlops(const ModelSpec& m, double micro_batch)
{
    if (m.kind == ModelKind::Params)
        return 0; // a bare count already includes the embedding in 6Ψ per token
    return 2.0 * micro_batch * double(m.seq_len) * double(m.hidden) * double(m.vocab);
}

// Korthikanti et al. (MLSys'23) §4.1, bytes per layer with 16-bit activations and 1-byte dropout masks:
//   attention block 11sbh + 5as²b, MLP 19sbh, two layer norms 4sbh: sbh(34 + 5as/h) in all.
// Generalised here, term by term:
//   attention: input of QKV 2sbh and output dropout mask sbh (replicated across tp unless sequence
//   parallel); Q 2sb·ad, K and V 2sb·kv·d each (GQA), input of the output projection 2sb·ad (split over tp);
//   scores: softmax input 2as²b, its output 2as²b, dropout mask as²b = 5as²b (split over tp), absent with
//   selective recompute; flash attention keeps only the fp32 log-sum-exp, 4asb.
//   MLP: input of the first linear 2sbh and dropout mask sbh (replicated unless SP); GeLU: its input and
//   output 2sb·ffn each (= 16sbh for ffn = 4h, Megatron's 18 + 4·ffn/h for the whole layer); SwiGLU as
//   Megatron-LM's fused bias_swiglu keeps the fc1 output (gate and up, 4sb·ffn) and the product (2sb·ffn).
//   MoE: each token passes through k experts, multiplying the ffn-sized terms by k.
//   norms: the two layer-norm inputs 4sbh (replicated unless SP).
// Full recompute keeps only the layer input, 2sbh (split over tp with sequence parallel), plus the working
// set of the one layer being recomputed during its backward.
ActivationTerms layerActivationBytes(const Scenario& sc)
{
    const ModelSpec& m = sc.model;
    const double s = m.seq_len, b = sc.training.micro_batch, h = m.hidden;
    const double t = std::max<std::int64_t>(sc.parallel.tp, 1);
    const double tsp = sc.parallel.sequence_parallel ? t : 1.0; // divisor of the "replicated" terms
    const double a = m.heads, d = m.kind == ModelKind::Params ? (a > 0 ? h / a : 0) : double(m.headDim());
    const double kv = m.kind == ModelKind::Params ? a : double(m.kv_heads);
    const double f = m.kind == ModelKind::Params ? 4.0 * h : double(m.ffn_hidden);
    const double k = m.kind == ModelKind::Params ? 1.0 : double(activeExperts(m));
    const bool swiglu = m.kind == ModelKind::Transformer && m.ffn_kind == FfnKind::Swiglu;

    ActivationTerms full;
    full.attention = 3 * s * b * h / tsp + (2 * s * b * a * d + 4 * s * b * kv * d + 2 * s * b * a * d) / t;
    if (sc.training.flash_attention)
        full.scores = 4 * a * s * b / t;
    else if (sc.training.recompute != Recompute::Selective)
        full.scores = 5 * a * s * s * b / t;
    full.mlp = 3 * s * b * h / tsp + k * (swiglu ? 6.0 : 4.0) * s * b * f / t;
    // Each norm keeps its 16-bit input, 2sbh; one shared norm (parallel attention) keeps one.
    const double norms =
        m.kind == ModelKind::Params ? 2.0 : double(std::clamp<std::int64_t>(m.norms_per_layer, 1, 2));
    full.norms = 2 * norms * s * b * h / tsp;
    if (sc.training.recompute != Recompute::Full)
        return full;

    ActivationTerms kept;
    kept.attention = 2 * s * b * h / tsp;
    return kept;
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
