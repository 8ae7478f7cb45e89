// SPDX-License-Identifier: GPL-3.0-or-later
// The transformer workload: exact parameter counts, the split over pipeline stages and tensor ranks,
// matmul FLOPs, and activation bytes per layer (Narayanan et al., SC'21 eq. 2 and 3; Korthikanti et al.,
// MLSys'23 §4).
#pragma once

#include "scenario.h"

#include <cstdint>
#include <vector>

namespace ss {

// The parameters of one decoder layer, by how Megatron-Core shards them: "split" over the tp ranks
// (column/row-parallel attention and dense-MLP weights, shared experts), the routed "experts" over
// ep × etp ranks, "replicated" whole on every rank (norms, the router, row-parallel biases, MLA's
// down-projections).
struct LayerParams
{
    double split = 0;
    double experts = 0;
    double replicated = 0;
    double active =
        0; // matmul weights one token passes through (attention, router, k routed + shared experts)
    double matmul = 0; // every matmul weight (all routed experts): what a quantized base stores in k bits
    double matmul_experts = 0; // of them, the routed experts'
    double total() const { return split + experts + replicated; }
    // What one GPU holds with T tensor-parallel ranks and E = ep × etp expert ranks.
    double perGpu(double t, double e) const { return split / t + experts / e + replicated; }
};

// Parameters of a decoder transformer, by part. "split" parts are divided over tp ranks
// (column/row-parallel weights, vocab-parallel embedding); "replicated" parts are held whole by every
// tp rank (norms, row-parallel biases, learned positions, MoE router), as Megatron-LM lays them out.
struct ParamCount
{
    double embedding = 0;            // token embedding V·h
    double positions = 0;            // learned position table P·h (0 with rotary)
    double per_layer = 0;            // one layer of the model's main kind (a MoE layer in a MoE model)
    double per_layer_split = 0;      // its part split over tp (routed experts included)
    double per_layer_replicated = 0; // its part every tp rank holds
    double per_layer_active = 0;     // matmul weights one token passes through (k of E experts)
    LayerParams dense_layer;         // a layer with a dense FFN (all layers of a dense model)
    LayerParams moe_layer;           // a layer with experts (MoE models)
    double mtp_module = 0; // one multi-token-prediction module: 2 norms, the 2h×h projection, a layer, a norm
    double final_norm = 0;
    double head = 0;      // untied output projection V·h (0 when tied)
    double head_bias = 0; // the output layer's bias, V (model.head_bias)
    double mtp = 0;       // all MTP modules (trained, dropped for inference)
    double total = 0;     // every distinct parameter of the main model once (MTP modules apart)
    double active = 0;    // parameters one token passes through (DeepSeek-V3's "37B activated")
    const LayerParams& layer(const ModelSpec& m, std::int64_t i) const
    {
        return m.moeLayer(i) ? moe_layer : dense_layer;
    }
};

ParamCount countParams(const ModelSpec& model);

// One linear layer LoRA can adapt (PEFT's target_modules): its target bit, its input and output widths, how
// many of it a layer has (experts), and how tensor parallelism splits it (routed experts over ep × etp).
struct LoraModule
{
    std::uint32_t target = 0; // LoraTarget bits; adapted when they meet TrainingSpec::lora_targets
    double in = 0, out = 0;
    double count = 1;
    bool attention = false; // in the attention block (else the MLP)
    bool experts = false;   // a routed expert's matrix
};
std::vector<LoraModule> loraModules(const ModelSpec& model, bool moeLayer);

// The trainable parameters of LoRA: r·(in + out) per adapted Linear(in, out) (Hu et al., ICLR'22 §4; PEFT's
// lora.Linear holds lora_A in × r and lora_B r × out), r·(V + h) for the embedding (lora_embedding_A/B) and
// the output head. PEFT's print_trainable_parameters() prints `total` as "trainable params" and the model's
// parameters plus `total` as "all params".
struct LoraCount
{
    double dense_layer = 0; // one dense layer's adapters
    double moe_layer = 0;   // one MoE layer's adapters, routed experts included
    double moe_experts = 0; // of them, the routed experts'
    double embedding = 0;
    double head = 0;
    double total = 0;
    double layer(const ModelSpec& m, std::int64_t i) const { return m.moeLayer(i) ? moe_layer : dense_layer; }
};
LoraCount countLoraParams(const ModelSpec& model, const TrainingSpec& training);

// Bytes per weight of a quantized base (bitsandbytes): the code, and the constants it is scaled by.
// 4 bits: block-wise absmax over 64 weights, a fp32 constant each (0.5 bit per weight), or with double
// quantization an 8-bit constant per 64 weights and a fp32 one per 256 of those, 8/64 + 32/(64·256) = 0.127
// bit (Dettmers et al., QLoRA, NeurIPS'23 §3 "Double Quantization"). 8 bits (LLM.int8(), Dettmers et al.,
// NeurIPS'22): a fp32 absmax per row of ROW_WIDTH weights. 16 bits: the training type's bytes, no constants.
struct QuantBytes
{
    double data = 2;
    double constants = 0;
};
QuantBytes quantizedBytes(const TrainingSpec& training, double rowWidth);

// The layers of each pipeline stage (all virtual chunks of the stage together), as even as possible.
std::vector<std::int64_t> layersPerStage(std::int64_t layers, std::int64_t pp);
// The scenario's split: parallel.pipeline_layers when given, else first/last_stage_layers at the ends and the
// rest spread evenly, else as even as possible. A split that does not add up falls back to the even one
// (validateScenario() refuses it first).
std::vector<std::int64_t> layersPerStage(const Scenario& scenario);

struct StageParams
{
    double total = 0;                 // parameters on the stage before the tp split
    double per_gpu = 0;               // parameters one GPU of the stage holds (tp and ep splits applied)
    double expert_per_gpu = 0;        // the routed experts' share of per_gpu (sharded by ZeRO over edp)
    double layer_per_gpu = 0;         // the decoder layers' (and MTP modules') share of per_gpu
    double largest_layer_per_gpu = 0; // the biggest single unit ZeRO-3 gathers at once, per tp rank
    std::int64_t layers = 0;          // decoder layers on the stage
    std::int64_t moe_layers = 0;      // of them with experts
    std::int64_t first_layer = 0;     // index of the stage's first layer
    bool mtp = false;                 // the stage holds the multi-token-prediction modules (the last)
    // What training updates: per_gpu (and expert_per_gpu) in full training, the LoRA adapters otherwise
    // (they come on top of per_gpu, which stays the frozen base).
    double trainable_per_gpu = 0;
    double trainable_expert_per_gpu = 0;
    // Of per_gpu, the matmul weights a quantized base stores at training.base_bits (0 at 16 bits).
    double quantized_per_gpu = 0;
    double quantized_expert_per_gpu = 0;
};

// The bytes of the weights one GPU of a stage holds, by part (before ZeRO-3 sharding): the frozen base at its
// bits, the quantization constants, the trainable weights at W bytes each. Full training: all trainable.
struct StageWeightBytes
{
    double frozen = 0;
    double constants = 0;
    double trainable = 0;
    double expert = 0; // of the three together, the routed experts' (sharded over edp)
    double total() const { return frozen + constants + trainable; }
};
StageWeightBytes stageWeightBytes(const StageParams& stage, const Scenario& scenario, double w);

// Parameters per stage: layers, the embedding (and positions) on the first stage, the final norm and
// the output head on the last; tied embeddings with pp > 1 keep a copy of the embedding on the last stage.
std::vector<StageParams> stageParams(const Scenario& scenario);

// Forward matmul FLOPs of one layer for TOKENS = b·s tokens, attention scores not halved for causal masks
// (Megatron-LM's convention). Backward is twice the forward.
struct LayerFlops
{
    double dense = 0;     // 2 · active matmul weights · tokens
    double attention = 0; // QKᵀ and attention·V: 4 · b · s² · (a·d)
    double total() const { return dense + attention; }
};
LayerFlops layerForwardFlops(const ModelSpec& model, double micro_batch); // the main kind of layer
LayerFlops layerForwardFlops(const ModelSpec& model, double micro_batch, bool moeLayer);
// Forward FLOPs of the logits (2 · b · s · h · V).
double logitsForwardFlops(const ModelSpec& model, double micro_batch);
// Forward FLOPs of the whole model for one microbatch: every layer by its kind, the MTP modules (each a
// layer, its 2h×h projection and its logits) and the logits.
double modelForwardFlops(const ModelSpec& model, double micro_batch);
// Attention width of queries·keys and of scores·values per token: a·d each, MLA a·(nope+rope) and a·v.
double attentionQkWidth(const ModelSpec& model);
double attentionVWidth(const ModelSpec& model);

// Activation bytes one layer keeps for one microbatch until its backward (Korthikanti et al., MLSys'23,
// §4, generalised to GQA, head_dim, SwiGLU and MoE; see the definition for the derivation).
struct ActivationTerms
{
    double attention = 0; // attention block incl. its input and dropout mask
    double scores = 0; // the 5·a·s²·b score/softmax/dropout tensors (0 with flash attention or selective)
    double mlp = 0;    // MLP block
    double norms = 0;  // the two layer-norm inputs
    double total() const { return attention + scores + mlp + norms; }
};
ActivationTerms layerActivationBytes(const Scenario& scenario); // the main kind of layer
ActivationTerms layerActivationBytes(const Scenario& scenario, bool moeLayer);
// Tokens one expert-parallel rank's experts process per routed token sent, over the mean: the capacity
// factor when one is set (tokens are padded or dropped to it), else the load imbalance (dropless routing).
double expertLoadFactor(const ModelSpec& model);
// Bytes of one FP8 element with its share of an fp32 scale per 1×128 tile (DeepSeek-V3, arXiv:2412.19437
// §3.3.2): the dispatched tokens and the experts' SwiGLU inputs it keeps in FP8 (§3.3.3).
constexpr double kFp8TileElementBytes = 1 + 4.0 / 128;
// Bytes per element of one expert all-to-all: the activation type, or with parallel.ep_fp8_dispatch the mean
// of the dispatch's FP8 (kFp8TileElementBytes) and the combine's 16 bits, as one call stands for both.
double expertAllToAllElementBytes(const Scenario& scenario);
// Copies of a token one expert all-to-all moves: top-k with the all-to-all dispatcher (one per token and
// expert); with DeepEP the expected number of distinct places its experts are on, nodes when the ep group
// spans NODES > 1 machines, else ranks, for top-k experts drawn evenly from those the token may use (all, or
// with group-limited routing those of its expert_groups_per_token groups).
double expertDispatchCopies(const Scenario& scenario, std::int64_t nodes);
// The machines one ep group spans when its etp × ep GPUs fill whole nodes of cluster.gpus_per_node in rank
// order (Megatron-Core's expert layout; the communication counts them on the topology instead).
std::int64_t expertGroupNodes(const Scenario& scenario);
// Bytes one rank sends in one expert all-to-all: its tokens times the copies of each (above) times h times
// expertAllToAllElementBytes(), times the load factor of the busiest rank (capacity factor, or the imbalance
// of dropless routing). NODES: expertGroupNodes() when < 1.
double expertAllToAllBytes(const Scenario& scenario, std::int64_t nodes = 0);
// Bytes of K and V one context-parallel rank holds per layer: b · s/cp · (k width + v width) / t · e.
double contextParallelKvBytes(const Scenario& scenario);

// Microbatches whose activations a stage holds at its peak, in units of "the stage's layers for one
// microbatch" (Narayanan et al. SC'21; Korthikanti et al. §4.2.3 for interleaving).
double inFlightMicrobatches(Schedule schedule, std::int64_t stage, std::int64_t pp, std::int64_t microbatches,
                            std::int64_t virtual_stages);

} // namespace ss
