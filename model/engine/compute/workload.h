// SPDX-License-Identifier: GPL-3.0-or-later
// The transformer workload: exact parameter counts, the split over pipeline stages and tensor ranks,
// matmul FLOPs, and activation bytes per layer (Narayanan et al., SC'21 eq. 2 and 3; Korthikanti et al.,
// MLSys'23 §4).
#pragma once

#include "scenario.h"

#include <cstdint>
#include <vector>

namespace ss {

// Parameters of a decoder transformer, by part. "split" parts are divided over tp ranks
// (column/row-parallel weights, vocab-parallel embedding); "replicated" parts are held whole by every
// tp rank (norms, row-parallel biases, learned positions, MoE router), as Megatron-LM lays them out.
struct ParamCount
{
    double embedding = 0;            // token embedding V·h
    double positions = 0;            // learned position table P·h (0 with rotary)
    double per_layer = 0;            // one transformer layer, all experts
    double per_layer_split = 0;      // the part of a layer split over tp
    double per_layer_replicated = 0; // the part of a layer every tp rank holds
    double per_layer_active = 0;     // matmul weights one token passes through (k of E experts)
    double final_norm = 0;
    double head = 0;      // untied output projection V·h (0 when tied)
    double head_bias = 0; // the output layer's bias, V (model.head_bias)
    double total = 0;     // every distinct parameter once
};

ParamCount countParams(const ModelSpec& model);

// The layers of each pipeline stage (all virtual chunks of the stage together).
std::vector<std::int64_t> layersPerStage(std::int64_t layers, std::int64_t pp);

struct StageParams
{
    double total = 0;                 // parameters on the stage before the tp split
    double per_gpu = 0;               // parameters one GPU of the stage holds (tp split applied)
    double largest_layer_per_gpu = 0; // the biggest single unit ZeRO-3 gathers at once, per tp rank
};

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
LayerFlops layerForwardFlops(const ModelSpec& model, double micro_batch);
// Forward FLOPs of the logits (2 · b · s · h · V).
double logitsForwardFlops(const ModelSpec& model, double micro_batch);

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
ActivationTerms layerActivationBytes(const Scenario& scenario);

// Microbatches whose activations a stage holds at its peak, in units of "the stage's layers for one
// microbatch" (Narayanan et al. SC'21; Korthikanti et al. §4.2.3 for interleaving).
double inFlightMicrobatches(Schedule schedule, std::int64_t stage, std::int64_t pp, std::int64_t microbatches,
                            std::int64_t virtual_stages);

} // namespace ss
