// SPDX-License-Identifier: GPL-3.0-or-later
#include "explaintext.h"

#include "unitformat.h"

#include <QLocale>
#include <QRegularExpression>

#include <array>
#include <cmath>

namespace ss {

namespace {

// One figure pattern: its title ("%1", "%2": its indices, or the collective or link they name), the legend of
// its symbols, and every formula text the engine writes for it (model/engine: memory.cpp, explain.cpp,
// comm.cpp, evaluate.cpp, stepresult.cpp). Titles and legends are in the "ExplainText" context, formulas in
// "ExplainFormula", keyed by the engine's exact English text. Written out at every use: lupdate does not
// expand macros.
struct Entry
{
    const char* pattern;
    const char* title;
    const char* legend;
    std::array<const char*, 14> formulas;
};

const char* const opLegend = QT_TRANSLATE_NOOP(
    "ExplainText",
    "L_op: layers in the op; t_GEMM: one layer's matrix multiplications, each the longer of its FLOPs at "
    "peak × "
    "efficiency and its bytes at the memory bandwidth (roofline); n_tp, t_tp: the layer's tensor-parallel "
    "collectives and the time of one; t_ends: the embedding and the output layer");
const char* const opFormula = QT_TRANSLATE_NOOP("ExplainFormula", "L_op · (t_GEMM + n_tp · t_tp) + t_ends");
const char* const hostLegend = QT_TRANSLATE_NOOP(
    "ExplainText",
    "c_i: GPUs of stage i on the busiest node; H_i: bytes one of them offloads; G_node: GPUs per node");
const char* const collectiveBytesLegend = QT_TRANSLATE_NOOP(
    "ExplainText",
    "b: micro-batch size; s: sequence length; h: hidden size; e: bytes per activation element; t: "
    "tensor-parallel degree; Ψ_gpu,max: parameters one GPU of the largest stage holds; e_grad: bytes per "
    "gradient sent; w, g: bytes per weight and per gradient; N_d: data-parallel degree; c: context-parallel "
    "degree; k: experts per token; f_load: the busiest expert's load over the mean; w_kv: key and value "
    "width of one token; Ψ_experts,max: routed-expert parameters one GPU of the largest stage holds; "
    "n_copies: copies of a token DeepEP sends, one per node (or GPU) its experts are on; U: those places; "
    "P_miss: the chance that a place gets none of the token's experts; e_16: bytes of a 16-bit element");

const Entry kEntries[] = {
    {"gpus",
     QT_TRANSLATE_NOOP("ExplainText", "GPUs"),
     QT_TRANSLATE_NOOP("ExplainText",
                       "N_d: data-parallel degree; t: tensor-parallel degree; p: pipeline stages"),
     {QT_TRANSLATE_NOOP("ExplainFormula", "N = N_d · t · p")}},
    {"params_total",
     QT_TRANSLATE_NOOP("ExplainText", "Parameters of the model"),
     QT_TRANSLATE_NOOP("ExplainText", "V: vocabulary; h: hidden size; P: rows of the position table; L: "
                                      "layers; Ψ_layer: parameters of one "
                                      "layer; Ψ_norm: the final norm; Ψ_head: the untied output layer; "
                                      "L_dense, L_moe: dense and mixture-of-experts layers; Ψ_dense, Ψ_moe: "
                                      "the parameters of one of each"),
     {QT_TRANSLATE_NOOP("ExplainFormula", "Ψ = V·h + P·h + L·Ψ_layer + Ψ_norm + Ψ_head"),
      QT_TRANSLATE_NOOP("ExplainFormula", "Ψ = V·h + P·h + L_dense·Ψ_dense + L_moe·Ψ_moe + Ψ_norm + Ψ_head"),
      QT_TRANSLATE_NOOP("ExplainFormula", "Ψ (given)")}},
    {"params_active",
     QT_TRANSLATE_NOOP("ExplainText", "Active parameters per token"),
     QT_TRANSLATE_NOOP("ExplainText", "Ψ: all parameters; L_moe: mixture-of-experts layers; Ψ_experts: the "
                                      "routed experts of one layer; k: experts per token; E: routed experts"),
     {QT_TRANSLATE_NOOP("ExplainFormula", "Ψ_active = Ψ − L_moe · Ψ_experts · (1 − k/E)")}},
    {"params_trainable",
     QT_TRANSLATE_NOOP("ExplainText", "Trainable parameters (LoRA adapters)"),
     QT_TRANSLATE_NOOP("ExplainText", "r: the LoRA rank; d_in, d_out: the input and output widths of each "
                                      "adapted layer"),
     {QT_TRANSLATE_NOOP("ExplainFormula", "Σ_adapted r · (d_in + d_out)")}},
    {"params_mtp",
     QT_TRANSLATE_NOOP("ExplainText", "Parameters of the multi-token-prediction modules"),
     QT_TRANSLATE_NOOP("ExplainText", "n_mtp: MTP modules; Ψ_norm: one norm; h: hidden size; Ψ_layer: one "
                                      "(MoE) layer"),
     {QT_TRANSLATE_NOOP("ExplainFormula", "Ψ_mtp = n_mtp · (3·Ψ_norm + 2h² + Ψ_layer)")}},
    {"microbatches",
     QT_TRANSLATE_NOOP("ExplainText", "Microbatches per step"),
     QT_TRANSLATE_NOOP("ExplainText",
                       "B: global batch in sequences; N_d: data-parallel degree; b: micro-batch size"),
     {QT_TRANSLATE_NOOP("ExplainFormula", "m = B / (N_d · b)")}},

    {"memory.peak_gpu_bytes",
     QT_TRANSLATE_NOOP("ExplainText", "Peak memory per GPU"),
     QT_TRANSLATE_NOOP("ExplainText", "M_i: memory per GPU of stage i"),
     {QT_TRANSLATE_NOOP("ExplainFormula", "max_i M_i")}},
    {"memory.cpu_bytes_per_node",
     QT_TRANSLATE_NOOP("ExplainText", "Host memory per node (offload)"),
     hostLegend,
     {QT_TRANSLATE_NOOP("ExplainFormula", "max_nodes Σ_i c_i · H_i"),
      QT_TRANSLATE_NOOP("ExplainFormula", "G_node · max_i H_i")}},
    {"memory.nvme_bytes_per_node",
     QT_TRANSLATE_NOOP("ExplainText", "NVMe storage per node (offload)"),
     hostLegend,
     {QT_TRANSLATE_NOOP("ExplainFormula", "max_nodes Σ_i c_i · H_i"),
      QT_TRANSLATE_NOOP("ExplainFormula", "G_node · max_i H_i")}},
    {"memory.host_memory_bytes_per_node",
     QT_TRANSLATE_NOOP("ExplainText", "Host memory per node (capacity)"),
     QT_TRANSLATE_NOOP("ExplainText", "G_node: GPUs per node; M_gpu: memory per GPU"),
     {QT_TRANSLATE_NOOP("ExplainFormula", "max(64 GiB, 2 × G_node × M_gpu)"),
      QT_TRANSLATE_NOOP("ExplainFormula", "the node preset's figure"),
      QT_TRANSLATE_NOOP("ExplainFormula", "cluster.host_memory_bytes")}},
    {"memory.nvme_capacity_bytes_per_node",
     QT_TRANSLATE_NOOP("ExplainText", "NVMe capacity per node"),
     QT_TRANSLATE_NOOP("ExplainText", "G_node: GPUs per node"),
     {QT_TRANSLATE_NOOP("ExplainFormula", "⌈G_node / 2⌉ × 3.84 TB"),
      QT_TRANSLATE_NOOP("ExplainFormula", "the node preset's figure"),
      QT_TRANSLATE_NOOP("ExplainFormula", "cluster.nvme_bytes")}},
    {"memory.per_gpu[].layers",
     QT_TRANSLATE_NOOP("ExplainText", "Transformer layers of stage %1"),
     QT_TRANSLATE_NOOP("ExplainText", "L: layers of the model; p: pipeline stages; i: the stage"),
     {QT_TRANSLATE_NOOP("ExplainFormula", "L_i = ⌊L / p⌋ + (1 if i < L mod p)")}},
    {"memory.per_gpu[].stage_params",
     QT_TRANSLATE_NOOP("ExplainText", "Parameters of stage %1"),
     QT_TRANSLATE_NOOP("ExplainText", "L_i: layers of the stage; Ψ_layer: parameters of one layer; Ψ_ends: "
                                      "the embedding (first stage), the "
                                      "final norm and the output layer (last stage)"),
     {QT_TRANSLATE_NOOP("ExplainFormula", "Ψ_i = L_i · Ψ_layer + Ψ_ends")}},
    {"memory.per_gpu[].gpu_params",
     QT_TRANSLATE_NOOP("ExplainText", "Parameters one GPU of stage %1 holds"),
     QT_TRANSLATE_NOOP("ExplainText", "Ψ_split: the part of a layer split over the tensor-parallel ranks; "
                                      "Ψ_repl: the part every rank holds "
                                      "whole (norms, some biases); t: tensor-parallel degree; Ψ_ends,gpu: "
                                      "one GPU's share of the embedding and "
                                      "the output layer"),
     {QT_TRANSLATE_NOOP("ExplainFormula", "Ψ_gpu = L_i · (Ψ_split / t + Ψ_repl) + Ψ_ends,gpu")}},
    {"memory.per_gpu[].in_flight",
     QT_TRANSLATE_NOOP("ExplainText", "Microbatches in flight on stage %1"),
     QT_TRANSLATE_NOOP(
         "ExplainText",
         "m: microbatches per step; p: pipeline stages; i: the stage; v: chunks per stage (interleaved)"),
     {QT_TRANSLATE_NOOP("ExplainFormula", "n_i = m"),
      QT_TRANSLATE_NOOP("ExplainFormula", "n_i = min(p − i, m)"),
      QT_TRANSLATE_NOOP("ExplainFormula", "n_i = min(2(p − i − 1) + (v − 1)·p + 1, m·v) / v")}},
    {"memory.per_gpu[].params",
     QT_TRANSLATE_NOOP("ExplainText", "Weights per GPU, stage %1"),
     QT_TRANSLATE_NOOP("ExplainText", "Ψ_gpu: parameters one GPU holds; w: bytes per weight; N_d: "
                                      "data-parallel degree (ZeRO-3 shards over it); Ψ_d, Ψ_e: the GPU's "
                                      "dense and routed-expert parameters; N_ed: the expert data-parallel "
                                      "degree the expert weights shard over"),
     {QT_TRANSLATE_NOOP("ExplainFormula", "Ψ_gpu · w"),
      QT_TRANSLATE_NOOP("ExplainFormula", "Ψ_gpu · w / N_d"),
      QT_TRANSLATE_NOOP("ExplainFormula", "0 (Ψ_gpu · w / N_d on the host)"),
      QT_TRANSLATE_NOOP("ExplainFormula", "Ψ_d · w + Ψ_e · w"),
      QT_TRANSLATE_NOOP("ExplainFormula", "Ψ_d · w / N_d + Ψ_e · w / N_ed"),
      QT_TRANSLATE_NOOP("ExplainFormula", "0 (Ψ_d · w / N_d + Ψ_e · w / N_ed on the host)"),
      QT_TRANSLATE_NOOP("ExplainFormula", "frozen + quant_constants + trainable")}},
    {"memory.per_gpu[].grads",
     QT_TRANSLATE_NOOP("ExplainText", "Gradients per GPU, stage %1"),
     QT_TRANSLATE_NOOP("ExplainText", "Ψ_gpu: parameters one GPU holds; g: bytes per gradient; N_d: "
                                      "data-parallel degree (ZeRO-2 shards over it); Ψ_d, Ψ_e: the GPU's "
                                      "dense and routed-expert parameters; N_ed: the expert data-parallel "
                                      "degree the expert gradients shard over"),
     {QT_TRANSLATE_NOOP("ExplainFormula", "Ψ_gpu · g"),
      QT_TRANSLATE_NOOP("ExplainFormula", "Ψ_gpu · g / N_d"),
      QT_TRANSLATE_NOOP("ExplainFormula", "0 (Ψ_gpu · g / N_d on the host)"),
      QT_TRANSLATE_NOOP("ExplainFormula", "Ψ_d · g + Ψ_e · g"),
      QT_TRANSLATE_NOOP("ExplainFormula", "Ψ_d · g / N_d + Ψ_e · g / N_ed"),
      QT_TRANSLATE_NOOP("ExplainFormula", "0 (Ψ_d · g / N_d + Ψ_e · g / N_ed on the host)"),
      QT_TRANSLATE_NOOP("ExplainFormula", "Ψ_lora · g"),
      QT_TRANSLATE_NOOP("ExplainFormula", "Ψ_lora · g / N_d")}},
    {"memory.per_gpu[].optimizer",
     QT_TRANSLATE_NOOP("ExplainText", "Optimizer states per GPU, stage %1"),
     QT_TRANSLATE_NOOP("ExplainText", "Ψ_gpu: parameters one GPU holds; K: optimizer-state bytes per "
                                      "parameter (12 for mixed-precision Adam); "
                                      "N_d: data-parallel degree (ZeRO-1 shards over it); Ψ_d, Ψ_e: the "
                                      "GPU's dense and routed-expert parameters; N_ed: the expert "
                                      "data-parallel degree the expert states shard over"),
     {QT_TRANSLATE_NOOP("ExplainFormula", "Ψ_gpu · K"),
      QT_TRANSLATE_NOOP("ExplainFormula", "Ψ_gpu · K / N_d"),
      QT_TRANSLATE_NOOP("ExplainFormula", "0 (Ψ_gpu · K / N_d on the host)"),
      QT_TRANSLATE_NOOP("ExplainFormula", "Ψ_d · K + Ψ_e · K"),
      QT_TRANSLATE_NOOP("ExplainFormula", "Ψ_d · K / N_d + Ψ_e · K / N_ed"),
      QT_TRANSLATE_NOOP("ExplainFormula", "0 (Ψ_d · K / N_d + Ψ_e · K / N_ed on the host)"),
      QT_TRANSLATE_NOOP("ExplainFormula", "Ψ_lora · K"),
      QT_TRANSLATE_NOOP("ExplainFormula", "Ψ_lora · K / N_d"),
      QT_TRANSLATE_NOOP("ExplainFormula", "0 (Ψ_lora · K on the host: paged)")}},
    {"memory.per_gpu[].param_parts.frozen",
     QT_TRANSLATE_NOOP("ExplainText", "Frozen base weights per GPU, stage %1"),
     QT_TRANSLATE_NOOP("ExplainText", "Ψ_gpu: parameters one GPU holds; Ψ_q: of them, the quantized matrix "
                                      "weights; w: bytes per 16-bit weight; b_q: bytes per quantized weight; "
                                      "N_d: data-parallel degree (ZeRO-3 shards over it)"),
     {QT_TRANSLATE_NOOP("ExplainFormula", "(Ψ_gpu − Ψ_q) · w + Ψ_q · b_q"),
      QT_TRANSLATE_NOOP("ExplainFormula", "((Ψ_gpu − Ψ_q) · w + Ψ_q · b_q) / N_d")}},
    {"memory.per_gpu[].param_parts.quant_constants",
     QT_TRANSLATE_NOOP("ExplainText", "Quantization constants per GPU, stage %1"),
     QT_TRANSLATE_NOOP("ExplainText", "Ψ_q: quantized weights one GPU holds; c: bytes of block constants per "
                                      "weight; N_d: data-parallel degree (ZeRO-3 shards over it)"),
     {QT_TRANSLATE_NOOP("ExplainFormula", "Ψ_q · c"), QT_TRANSLATE_NOOP("ExplainFormula", "Ψ_q · c / N_d")}},
    {"memory.per_gpu[].param_parts.trainable",
     QT_TRANSLATE_NOOP("ExplainText", "Adapter weights per GPU, stage %1"),
     QT_TRANSLATE_NOOP("ExplainText", "Ψ_lora: LoRA adapter parameters one GPU holds; w: bytes per weight; "
                                      "N_d: data-parallel degree (ZeRO-3 shards over it)"),
     {QT_TRANSLATE_NOOP("ExplainFormula", "Ψ_lora · w"),
      QT_TRANSLATE_NOOP("ExplainFormula", "Ψ_lora · w / N_d")}},
    {"memory.per_gpu[].activations",
     QT_TRANSLATE_NOOP("ExplainText", "Activations per GPU, stage %1"),
     QT_TRANSLATE_NOOP(
         "ExplainText",
         "n_i: microbatches in flight; L_i: layers of the stage; A_layer: one layer's activations for one "
         "microbatch; A_recompute: the layer being recomputed; A_emb, A_out: the embedding's and the output "
         "layer's"),
     {QT_TRANSLATE_NOOP("ExplainFormula", "n_i · L_i · A_layer + A_recompute + A_emb + A_out")}},
    {"memory.per_gpu[].buffers",
     QT_TRANSLATE_NOOP("ExplainText", "Buffers per GPU, stage %1"),
     nullptr,
     {QT_TRANSLATE_NOOP("ExplainFormula", "ZeRO-3 gather + buckets + logits + CUDA context + allocator"),
      QT_TRANSLATE_NOOP(
          "ExplainFormula",
          "ZeRO-3 gather + buckets + logits + CUDA context + MoE dispatch + FP8 weights + allocator")}},
    {"memory.per_gpu[].buffer_parts.zero3_gather",
     QT_TRANSLATE_NOOP("ExplainText", "ZeRO-3 gathered parameters, stage %1"),
     QT_TRANSLATE_NOOP("ExplainText",
                       "Ψ_unit: the largest layer one GPU gathers; w, g: bytes per weight and per gradient"),
     {QT_TRANSLATE_NOOP("ExplainFormula", "Ψ_unit · (2·w + g)"),
      QT_TRANSLATE_NOOP("ExplainFormula", "0 (ZeRO stage < 3 or N_d = 1)"),
      QT_TRANSLATE_NOOP("ExplainFormula", "Ψ_unit · (2 · W_gpu / Ψ_gpu + g · Ψ_lora / Ψ_gpu)")}},
    {"memory.per_gpu[].buffer_parts.grad_buckets",
     QT_TRANSLATE_NOOP("ExplainText", "Gradient buckets, stage %1"),
     QT_TRANSLATE_NOOP("ExplainText",
                       "B_buckets: the scenario's gradient bucket allowance (overheads.grad_bucket_bytes)"),
     {QT_TRANSLATE_NOOP("ExplainFormula", "B_buckets"),
      QT_TRANSLATE_NOOP("ExplainFormula", "0 (N_d = 1 and no offload)")}},
    {"memory.per_gpu[].buffer_parts.logits",
     QT_TRANSLATE_NOOP("ExplainText", "Logits gradient, stage %1"),
     QT_TRANSLATE_NOOP("ExplainText",
                       "s: sequence length; b: micro-batch size; V: vocabulary; t: tensor-parallel degree"),
     {QT_TRANSLATE_NOOP("ExplainFormula", "4 · s · b · V / t"),
      QT_TRANSLATE_NOOP("ExplainFormula", "0 (not the last stage)")}},
    {"memory.per_gpu[].buffer_parts.cuda_context",
     QT_TRANSLATE_NOOP("ExplainText", "CUDA context and workspaces, stage %1"),
     QT_TRANSLATE_NOOP("ExplainText", "C_ctx: the scenario's allowance (overheads.cuda_context_bytes)"),
     {QT_TRANSLATE_NOOP("ExplainFormula", "C_ctx")}},
    {"memory.per_gpu[].buffer_parts.moe_dispatch",
     QT_TRANSLATE_NOOP("ExplainText", "MoE dispatch buffers, stage %1"),
     QT_TRANSLATE_NOOP("ExplainText", "b: micro-batch size; s: sequence length; c: context-parallel degree; "
                                      "t: tensor-parallel degree; k: experts per token; h: hidden size; e: "
                                      "bytes per activation element; f_load: the busiest expert's load over "
                                      "the mean (capacity factor or imbalance); n_copies: copies of a token "
                                      "DeepEP sends, one per node (or GPU) its experts are on"),
     {QT_TRANSLATE_NOOP("ExplainFormula", "2 · b · s / (c · t) · k · h · e · f_load"),
      QT_TRANSLATE_NOOP("ExplainFormula", "2 · b · s / (c · t) · n_copies · h · e · f_load"),
      QT_TRANSLATE_NOOP("ExplainFormula", "0 (no MoE layer on the stage)")}},
    {"memory.per_gpu[].buffer_parts.fp8_weights",
     QT_TRANSLATE_NOOP("ExplainText", "FP8 weight copies, stage %1"),
     QT_TRANSLATE_NOOP("ExplainText", "Ψ_layers: the layer parameters one GPU holds; c_fp8: bytes per "
                                      "parameter of the FP8 copy and its scales (0 without FP8)"),
     {QT_TRANSLATE_NOOP("ExplainFormula", "Ψ_layers · c_fp8")}},
    {"memory.per_gpu[].buffer_parts.allocator",
     QT_TRANSLATE_NOOP("ExplainText", "Allocator fragmentation, stage %1"),
     QT_TRANSLATE_NOOP("ExplainText", "f_alloc: the scenario's fraction (overheads.allocator_fraction); "
                                      "M_rest: everything else on the GPU"),
     {QT_TRANSLATE_NOOP("ExplainFormula", "f_alloc · M_rest")}},
    {"memory.per_gpu[].total",
     QT_TRANSLATE_NOOP("ExplainText", "Memory per GPU, stage %1"),
     nullptr,
     {QT_TRANSLATE_NOOP("ExplainFormula", "params + grads + optimizer + activations + buffers")}},
    {"memory.per_gpu[].capacity",
     QT_TRANSLATE_NOOP("ExplainText", "GPU memory, stage %1"),
     QT_TRANSLATE_NOOP("ExplainText", "M_GPU: the memory of one GPU"),
     {QT_TRANSLATE_NOOP("ExplainFormula", "M_GPU")}},

    {"compute.model_flops_per_step",
     QT_TRANSLATE_NOOP("ExplainText", "Model FLOPs per step"),
     QT_TRANSLATE_NOOP("ExplainText", "B: global batch; L: layers; Ψ_active: matrix weights a token passes "
                                      "through; s: sequence length; a·d: "
                                      "attention width; h: hidden size; V: vocabulary; Ψ_active,l: those of "
                                      "layer l; d_qk, d_v: query/key and value head sizes; F_mtp: the "
                                      "multi-token-prediction modules"),
     {QT_TRANSLATE_NOOP("ExplainFormula", "3 · B · (L · (2·Ψ_active·s + 4·s²·a·d) + 2·s·h·V)"),
      QT_TRANSLATE_NOOP("ExplainFormula",
                        "3 · B · (Σ_layers (2·Ψ_active,l·s + 2·s²·a·(d_qk + d_v)) + F_mtp + 2·s·h·V)"),
      QT_TRANSLATE_NOOP("ExplainFormula", "3 · B · F_seq − B · F_frozen + 3 · B · F_lora")}},
    {"compute.hardware_flops_per_step",
     QT_TRANSLATE_NOOP("ExplainText", "Hardware FLOPs per step"),
     QT_TRANSLATE_NOOP("ExplainText",
                       "F_model: model FLOPs per step; F_recompute: the forward work recomputed"),
     {QT_TRANSLATE_NOOP("ExplainFormula", "F_hw = F_model + F_recompute")}},
    {"compute.flops_per_token",
     QT_TRANSLATE_NOOP("ExplainText", "Model FLOPs per token"),
     QT_TRANSLATE_NOOP("ExplainText", "F_model: model FLOPs per step; B: global batch; s: sequence length"),
     {QT_TRANSLATE_NOOP("ExplainFormula", "F_model / (B · s)")}},

    {"comm.collectives[].time_s",
     QT_TRANSLATE_NOOP("ExplainText", "Time of one call: %1"),
     QT_TRANSLATE_NOOP(
         "ExplainText",
         "α: latency; n: ranks per group; S: bytes of one call; f: the share of the algorithm's traffic that "
         "its "
         "busiest link carries (1 for one ring over one kind of link); B·η: that link's bandwidth × "
         "efficiency; "
         "e: the NVSwitch's reduction rate; r_j, c_j: runs of phase j and its bytes per link per byte"),
     {QT_TRANSLATE_NOOP("ExplainFormula", "ring all-reduce: t = α + 2(n−1)/n · S · f / (B·η)"),
      QT_TRANSLATE_NOOP("ExplainFormula", "ring all-gather: t = α + (n−1)/n · S · f / (B·η)"),
      QT_TRANSLATE_NOOP("ExplainFormula", "ring reduce-scatter: t = α + (n−1)/n · S · f / (B·η)"),
      QT_TRANSLATE_NOOP("ExplainFormula", "ring (chain) broadcast/reduce: t = α + S · f / (B·η)"),
      QT_TRANSLATE_NOOP("ExplainFormula", "tree all-reduce: t = α + S · f / (B·η)"),
      QT_TRANSLATE_NOOP("ExplainFormula", "NVLS all-reduce: t = α + S · f / (B·η·e)"),
      QT_TRANSLATE_NOOP("ExplainFormula", "hierarchical: t = α + Σ_j r_j · c_j · S · f_j / (B_j·η_j)"),
      QT_TRANSLATE_NOOP("ExplainFormula", "direct: t = α + c · S · f / (B·η)"),
      QT_TRANSLATE_NOOP("ExplainFormula", "point-to-point copies: t = α + S · f / (B·η)")}},
    {"comm.collectives[].alpha_s",
     QT_TRANSLATE_NOOP("ExplainText", "Latency of one call: %1"),
     QT_TRANSLATE_NOOP("ExplainText", "k: latency steps of the algorithm; l: the slowest step's route "
                                      "latency; r_j, α_j: runs and latency of "
                                      "phase j"),
     {QT_TRANSLATE_NOOP("ExplainFormula", "α = k · l"),
      QT_TRANSLATE_NOOP("ExplainFormula", "α = Σ_j r_j · α_j")}},
    {"comm.collectives[].busbw_Bps",
     QT_TRANSLATE_NOOP("ExplainText", "Bus bandwidth: %1"),
     QT_TRANSLATE_NOOP("ExplainText",
                       "S: bytes of one call; t: its time; n: ranks per group (nccl-tests' bus bandwidth)"),
     {QT_TRANSLATE_NOOP("ExplainFormula", "busbw = S / t"),
      QT_TRANSLATE_NOOP("ExplainFormula", "busbw = S / t · 2(n−1)/n"),
      QT_TRANSLATE_NOOP("ExplainFormula", "busbw = S / t · (n−1)/n")}},
    {"comm.collectives[].bytes",
     QT_TRANSLATE_NOOP("ExplainText", "Bytes of one call: %1"),
     collectiveBytesLegend,
     {QT_TRANSLATE_NOOP("ExplainFormula", "S = b · s · h · e"),
      QT_TRANSLATE_NOOP("ExplainFormula", "S = b · s · h · e / t"),
      QT_TRANSLATE_NOOP("ExplainFormula", "S = Ψ_gpu,max · e_grad"),
      QT_TRANSLATE_NOOP("ExplainFormula", "S = Ψ_gpu,max · w"),
      QT_TRANSLATE_NOOP("ExplainFormula", "S = Ψ_gpu,max / N_d · g"),
      QT_TRANSLATE_NOOP("ExplainFormula", "S = Ψ_gpu,max / N_d · w"),
      QT_TRANSLATE_NOOP("ExplainFormula", "S = b · s / (c · t) · k · h · e · f_load"),
      QT_TRANSLATE_NOOP("ExplainFormula",
                        "S = b · s / (c · t) · k · h · e · f_load, e = ((1 + 4/128) + e_16) / 2"),
      QT_TRANSLATE_NOOP("ExplainFormula",
                        "S = b · s / (c · t) · n_copies · h · e · f_load, n_copies = U · (1 − P_miss)"),
      QT_TRANSLATE_NOOP("ExplainFormula",
                        "S = b · s / (c · t) · n_copies · h · e · f_load, n_copies = U · (1 − "
                        "P_miss), e = ((1 + 4/128) + e_16) / 2"),
      QT_TRANSLATE_NOOP("ExplainFormula", "S = c · 2 · b · s/c · w_kv / t · e"),
      QT_TRANSLATE_NOOP("ExplainFormula", "S = Ψ_experts,max · e_grad"),
      QT_TRANSLATE_NOOP("ExplainFormula", "S = Ψ_experts,max · w")}},
    {"comm.collectives[].count_per_step",
     QT_TRANSLATE_NOOP("ExplainText", "Calls per step: %1"),
     QT_TRANSLATE_NOOP("ExplainText", "m: microbatches per step; v: chunks per stage; L_stage: layers of the "
                                      "largest stage; k: collectives per "
                                      "layer and microbatch; L_moe: mixture-of-experts layers of the "
                                      "largest stage; k_a2a: all-to-alls per MoE layer and microbatch"),
     {QT_TRANSLATE_NOOP("ExplainFormula", "n = 1"), QT_TRANSLATE_NOOP("ExplainFormula", "n = m"),
      QT_TRANSLATE_NOOP("ExplainFormula", "n = 2 · m"), QT_TRANSLATE_NOOP("ExplainFormula", "n = 2 · m · v"),
      QT_TRANSLATE_NOOP("ExplainFormula", "n = k · L_stage · m (k = 4; 6 with full recompute)"),
      QT_TRANSLATE_NOOP("ExplainFormula", "n = k_a2a · L_moe · m (k_a2a = 4; 6 with full recompute)"),
      QT_TRANSLATE_NOOP("ExplainFormula", "n = (2 or 3 with full recompute) · L_stage · m"),
      QT_TRANSLATE_NOOP("ExplainFormula", "n = L_stage · m")}},
    {"comm.collectives[].ranks",
     QT_TRANSLATE_NOOP("ExplainText", "Ranks per group: %1"),
     QT_TRANSLATE_NOOP("ExplainText", "t, p, N_d: tensor-parallel, pipeline and data-parallel degrees; c: "
                                      "context-parallel degree; e, t_e: expert-parallel and expert "
                                      "tensor-parallel degrees"),
     {QT_TRANSLATE_NOOP("ExplainFormula", "n = t"), QT_TRANSLATE_NOOP("ExplainFormula", "n = p"),
      QT_TRANSLATE_NOOP("ExplainFormula", "n = N_d"), QT_TRANSLATE_NOOP("ExplainFormula", "n = 1"),
      QT_TRANSLATE_NOOP("ExplainFormula", "n = c"), QT_TRANSLATE_NOOP("ExplainFormula", "n = e"),
      QT_TRANSLATE_NOOP("ExplainFormula", "n = N_d · c"),
      QT_TRANSLATE_NOOP("ExplainFormula", "n = t · c · N_d / (t_e · e)")}},
    {"comm.collectives[].groups",
     QT_TRANSLATE_NOOP("ExplainText", "Groups at once: %1"),
     QT_TRANSLATE_NOOP("ExplainText",
                       "t, p, N_d: tensor-parallel, pipeline and data-parallel degrees; N: GPUs; c: "
                       "context-parallel degree; n: ranks per group"),
     {QT_TRANSLATE_NOOP("ExplainFormula", "G = N_d · p"), QT_TRANSLATE_NOOP("ExplainFormula", "G = N_d · t"),
      QT_TRANSLATE_NOOP("ExplainFormula", "G = t · p"), QT_TRANSLATE_NOOP("ExplainFormula", "G = N"),
      QT_TRANSLATE_NOOP("ExplainFormula", "G = t · N_d · p"),
      QT_TRANSLATE_NOOP("ExplainFormula", "G = t · c · N_d · p / n")}},
    {"comm.links[].bytes_per_step",
     QT_TRANSLATE_NOOP("ExplainText", "Bytes per step over link %1"),
     QT_TRANSLATE_NOOP("ExplainText", "n_c: calls per step of collective c; x_c: the bytes one call puts on "
                                      "the link (its busier direction)"),
     {QT_TRANSLATE_NOOP("ExplainFormula", "x = Σ_c n_c · x_c")}},
    {"comm.links[].busy_s",
     QT_TRANSLATE_NOOP("ExplainText", "Busy time per step of link %1"),
     QT_TRANSLATE_NOOP("ExplainText", "x: bytes per step; B: bandwidth per direction; η: efficiency"),
     {QT_TRANSLATE_NOOP("ExplainFormula", "busy = x / (B · η)")}},
    {"comm.links[].utilization",
     QT_TRANSLATE_NOOP("ExplainText", "Utilisation of link %1"),
     QT_TRANSLATE_NOOP("ExplainText", "busy: busy time per step; T: step time"),
     {QT_TRANSLATE_NOOP("ExplainFormula", "u = min(busy / T, 1)")}},
    {"comm.serial_time_s",
     QT_TRANSLATE_NOOP("ExplainText", "Communication time, nothing overlapped"),
     QT_TRANSLATE_NOOP("ExplainText", "n_c: calls per step of collective c; t_c: the time of one"),
     {QT_TRANSLATE_NOOP("ExplainFormula", "Σ_c n_c · t_c")}},

    {"step.time_s",
     QT_TRANSLATE_NOOP("ExplainText", "Step time"),
     QT_TRANSLATE_NOOP("ExplainText", "p: pipeline stages; m: microbatches; v: chunks per stage; every op, "
                                      "transfer and collective placed on its "
                                      "GPU's streams by the schedule"),
     {QT_TRANSLATE_NOOP("ExplainFormula", "T = t_end of the last activity")}},
    {"step.compute_s",
     QT_TRANSLATE_NOOP("ExplainText", "Compute time of the busiest GPU"),
     QT_TRANSLATE_NOOP("ExplainText", "m: microbatches; c_i,k: one op of kind k of stage i, its "
                                      "tensor-parallel collectives left out; t_opt,i: "
                                      "the optimizer step"),
     {QT_TRANSLATE_NOOP("ExplainFormula", "max_i (m · Σ_k c_i,k + t_opt,i)")}},
    {"step.exposed_comm_s",
     QT_TRANSLATE_NOOP("ExplainText", "Exposed communication"),
     QT_TRANSLATE_NOOP("ExplainText", "t_tp: tensor-parallel collectives, which the compute waits for; "
                                      "t_comm∖compute: other communication while "
                                      "the GPU computes nothing (the GPU that ends the step)"),
     {QT_TRANSLATE_NOOP("ExplainFormula", "E = t_tp + t_comm∖compute")}},
    {"step.bubble_fraction",
     QT_TRANSLATE_NOOP("ExplainText", "Pipeline bubble"),
     QT_TRANSLATE_NOOP("ExplainText",
                       "T: step time; C_i, TP_i: compute and tensor-parallel time of stage i; p: stages"),
     {QT_TRANSLATE_NOOP("ExplainFormula", "Σ_i max(T − C_i − TP_i, 0) / (p · T)")}},
    {"step.tokens_per_s",
     QT_TRANSLATE_NOOP("ExplainText", "Tokens per second"),
     QT_TRANSLATE_NOOP("ExplainText", "B: global batch in sequences; s: sequence length; T: step time"),
     {QT_TRANSLATE_NOOP("ExplainFormula", "B · s / T")}},
    {"step.mfu",
     QT_TRANSLATE_NOOP("ExplainText", "Model FLOPs utilisation (MFU)"),
     QT_TRANSLATE_NOOP("ExplainText",
                       "F_model: model FLOPs per step; T: step time; N: GPUs; F_peak: one GPU's peak FLOP/s"),
     {QT_TRANSLATE_NOOP("ExplainFormula", "MFU = F_model / (T · N · F_peak)")}},
    {"step.hfu",
     QT_TRANSLATE_NOOP("ExplainText", "Hardware FLOPs utilisation (HFU)"),
     QT_TRANSLATE_NOOP(
         "ExplainText",
         "F_hw: model FLOPs plus recomputation; T: step time; N: GPUs; F_peak: one GPU's peak FLOP/s"),
     {QT_TRANSLATE_NOOP("ExplainFormula", "HFU = F_hw / (T · N · F_peak)")}},
    {"step.kernels.gemm_s",
     QT_TRANSLATE_NOOP("ExplainText", "GEMM time"),
     QT_TRANSLATE_NOOP(
         "ExplainText",
         "m: microbatches; t_gemm: one microbatch's GEMMs of the busiest stage (forward, input and "
         "weight gradient, recompute), each priced by tiles and waves over the SMs at the GPU's "
         "measured maximum matmul rate"),
     {QT_TRANSLATE_NOOP("ExplainFormula", "m · Σ_units t_gemm")}},
    {"step.kernels.attention_s",
     QT_TRANSLATE_NOOP("ExplainText", "Attention-core time"),
     QT_TRANSLATE_NOOP("ExplainText",
                       "m: microbatches; t_attention: the attention core of one microbatch, by the fused "
                       "kernel of the GPU (FlashAttention-2 or -3) or unfused batched GEMMs with softmax and "
                       "dropout passes"),
     {QT_TRANSLATE_NOOP("ExplainFormula", "m · Σ_units t_attention")}},
    {"step.kernels.memory_s",
     QT_TRANSLATE_NOOP("ExplainText", "Memory-bound kernels"),
     QT_TRANSLATE_NOOP(
         "ExplainText",
         "m: microbatches; bytes: what norms, activations, dropout, residual adds, rotary, casts "
         "and the cross-entropy read and write; B_HBM: the GPU's memory bandwidth, 85% of it "
         "achieved"),
     {QT_TRANSLATE_NOOP("ExplainFormula", "m · Σ_units bytes / (0.85 · B_HBM)")}},
    {"step.kernels.launch_s",
     QT_TRANSLATE_NOOP("ExplainText", "Launch overhead"),
     QT_TRANSLATE_NOOP("ExplainText",
                       "m: microbatches; t_launch: the host's 4.5 µs to enqueue one kernel; a kernel shorter "
                       "than that leaves the GPU waiting"),
     {QT_TRANSLATE_NOOP("ExplainFormula", "m · Σ_kernels max(0, t_launch − t_kernel)")}},
    {"step.kernels.optimizer_s",
     QT_TRANSLATE_NOOP("ExplainText", "Optimizer step"),
     QT_TRANSLATE_NOOP(
         "ExplainText",
         "Ψ_stage: parameters of the busiest stage on one GPU; the bytes each moves: gradients, "
         "optimizer states read and written, weights, gradient clipping"),
     {QT_TRANSLATE_NOOP("ExplainFormula", "t_opt = Ψ_stage · bytes per parameter / (0.85 · B_HBM)")}},
    {"step.kernels.kernels",
     QT_TRANSLATE_NOOP("ExplainText", "Kernels per step"),
     QT_TRANSLATE_NOOP("ExplainText",
                       "m: microbatches; the kernels one microbatch launches on the busiest stage"),
     {QT_TRANSLATE_NOOP("ExplainFormula", "m · Σ_units kernels")}},
    {"step.kernels.scale",
     QT_TRANSLATE_NOOP("ExplainText", "Compute scale"),
     QT_TRANSLATE_NOOP(
         "ExplainText",
         "compute.scale multiplies every compute time; calibration against a measured run fits it"),
     {QT_TRANSLATE_NOOP("ExplainFormula", "compute.scale")}},
    {"step.kernels.stage",
     QT_TRANSLATE_NOOP("ExplainText", "Busiest stage"),
     QT_TRANSLATE_NOOP("ExplainText", "C_i: compute time of stage i"),
     {QT_TRANSLATE_NOOP("ExplainFormula", "argmax_i C_i")}},
    {"step.op_time_s[].forward",
     QT_TRANSLATE_NOOP("ExplainText", "One forward op, stage %1"),
     opLegend,
     {opFormula}},
    {"step.op_time_s[].backward",
     QT_TRANSLATE_NOOP("ExplainText", "One backward op, stage %1"),
     opLegend,
     {opFormula}},
    {"step.op_time_s[].backward-input",
     QT_TRANSLATE_NOOP("ExplainText", "One input-gradient (B) op, stage %1"),
     opLegend,
     {opFormula}},
    {"step.op_time_s[].backward-weight",
     QT_TRANSLATE_NOOP("ExplainText", "One weight-gradient (W) op, stage %1"),
     opLegend,
     {opFormula}},
    {"step.op_time_s[].recompute",
     QT_TRANSLATE_NOOP("ExplainText", "One recompute op, stage %1"),
     opLegend,
     {opFormula}},
    {"step.op_time_s[][].forward",
     QT_TRANSLATE_NOOP("ExplainText", "One forward op, stage %1, chunk %2"),
     opLegend,
     {opFormula}},
    {"step.op_time_s[][].backward",
     QT_TRANSLATE_NOOP("ExplainText", "One backward op, stage %1, chunk %2"),
     opLegend,
     {opFormula}},
    {"step.op_time_s[][].backward-input",
     QT_TRANSLATE_NOOP("ExplainText", "One input-gradient (B) op, stage %1, chunk %2"),
     opLegend,
     {opFormula}},
    {"step.op_time_s[][].backward-weight",
     QT_TRANSLATE_NOOP("ExplainText", "One weight-gradient (W) op, stage %1, chunk %2"),
     opLegend,
     {opFormula}},
    {"step.op_time_s[][].recompute",
     QT_TRANSLATE_NOOP("ExplainText", "One recompute op, stage %1, chunk %2"),
     opLegend,
     {opFormula}},
    {"step.op_time_s[].optimizer",
     QT_TRANSLATE_NOOP("ExplainText", "Optimizer step, stage %1"),
     QT_TRANSLATE_NOOP(
         "ExplainText",
         "Ψ_gpu: parameters one GPU holds; d: ZeRO's shards (N_d from stage 1); g, K, w: bytes per gradient, "
         "optimizer state and weight; c: weight reads and writes (1 with an fp32 master copy, else 2); "
         "BW_HBM: the "
         "GPU's memory bandwidth"),
     {QT_TRANSLATE_NOOP("ExplainFormula", "Ψ_gpu / d · (g + 2·K + c·w) / BW_HBM")}},
    {"step.op_time_s[].cpu-optimizer",
     QT_TRANSLATE_NOOP("ExplainText", "CPU optimizer step, stage %1"),
     QT_TRANSLATE_NOOP("ExplainText", "G_node: GPUs per node sharing the host; Ψ_gpu / N_d: one GPU's share; "
                                      "K, w: bytes per optimizer state and "
                                      "weight; BW_host: the host's memory bandwidth"),
     {QT_TRANSLATE_NOOP("ExplainFormula", "G_node · Ψ_gpu / N_d · (4 + 2·K + w) / BW_host")}},
};

const Entry* entryFor(const QString& pattern)
{
    for (const Entry& e : kEntries)
        if (pattern == QLatin1String(e.pattern))
            return &e;
    return nullptr;
}

// How a title names a collective: "dp allreduce, ring" (the engine's names of groups, ops and algorithms).
QString collectiveLabel(const Result* result, int index)
{
    if (!result || index < 0 || std::size_t(index) >= result->comm.collectives.size())
        return QStringLiteral("#%1").arg(index);
    const CommCollective& c = result->comm.collectives[std::size_t(index)];
    return QStringLiteral("%1 %2, %3")
        .arg(QString::fromStdString(c.group), QString::fromStdString(c.op),
             QString::fromStdString(c.algorithm));
}

QString linkLabel(const Result* result, int index)
{
    if (!result || index < 0 || std::size_t(index) >= result->comm.links.size())
        return QStringLiteral("#%1").arg(index);
    const CommLink& l = result->comm.links[std::size_t(index)];
    return QStringLiteral("%1 (%2)").arg(QString::fromStdString(l.id), QString::fromStdString(l.kind));
}

// Figures whose value is a fraction shown as a percentage.
bool isFraction(const QString& pattern)
{
    return pattern.endsWith(QLatin1String(".utilization")) || pattern == QLatin1String("step.mfu") ||
           pattern == QLatin1String("step.hfu") || pattern == QLatin1String("step.bubble_fraction");
}

} // namespace

QString ExplainText::pattern(const QString& figure, QList<int>* indices)
{
    static const QRegularExpression index(QStringLiteral("\\[(\\d+)\\]"));
    QString out;
    qsizetype last = 0;
    auto it = index.globalMatch(figure);
    while (it.hasNext()) {
        const QRegularExpressionMatch m = it.next();
        out += figure.mid(last, m.capturedStart() - last) + QLatin1String("[]");
        last = m.capturedEnd();
        if (indices)
            indices->append(m.captured(1).toInt());
    }
    return out + figure.mid(last);
}

QStringList ExplainText::patterns()
{
    QStringList out;
    for (const Entry& e : kEntries)
        out << QLatin1String(e.pattern);
    return out;
}

bool ExplainText::knowsPattern(const QString& pattern)
{
    return entryFor(pattern) != nullptr;
}

bool ExplainText::knowsFormula(const QString& pattern, const QString& formula)
{
    const Entry* e = entryFor(pattern);
    if (!e)
        return false;
    for (const char* f : e->formulas)
        if (f && formula == QString::fromUtf8(f))
            return true;
    return false;
}

QString ExplainText::title(const QString& figure, const Result* result)
{
    QList<int> indices;
    const QString p = pattern(figure, &indices);
    const Entry* e = entryFor(p);
    if (!e)
        return figure;
    QString text = QCoreApplication::translate("ExplainText", e->title);
    if (p.startsWith(QLatin1String("comm.collectives[]")))
        return text.arg(collectiveLabel(result, indices.value(0)));
    if (p.startsWith(QLatin1String("comm.links[]")))
        return text.arg(linkLabel(result, indices.value(0)));
    for (int i : indices)
        text = text.arg(QLocale().toString(i));
    return text;
}

QString ExplainText::legend(const QString& figure)
{
    const Entry* e = entryFor(pattern(figure));
    return e && e->legend ? QCoreApplication::translate("ExplainText", e->legend) : QString();
}

QString ExplainText::formula(const std::string& engineFormula)
{
    return QCoreApplication::translate("ExplainFormula", engineFormula.c_str());
}

QString ExplainText::formulaHtml(const QString& text)
{
    // Numbers in the engine's exponent notation first (1.678e+07 -> 1.678×10⁷), then subscripts (Ψ_gpu,max).
    static const QRegularExpression exponent(QStringLiteral("(\\d(?:\\.\\d+)?)e([+-])0*(\\d+)"));
    // A subscript follows a symbol of at most three letters (N_d, BW_HBM, max_i, Ψ_gpu), never a field name
    // (overheads.grad_bucket_bytes).
    static const QRegularExpression subscript(
        QStringLiteral("(?<![A-Za-z])([A-Za-z]{1,3}|[^\\x00-\\x7F\\s])_([A-Za-z0-9∖]+(?:,[A-Za-z0-9]+)*)"));
    QString html = text.toHtmlEscaped();
    QString out;
    qsizetype last = 0;
    auto it = exponent.globalMatch(html);
    while (it.hasNext()) {
        const QRegularExpressionMatch m = it.next();
        out += html.mid(last, m.capturedStart() - last) + m.captured(1);
        if (m.captured(3) != QLatin1String("0"))
            out += QStringLiteral("×10<sup>%1%2</sup>")
                       .arg(m.captured(2) == QLatin1String("-") ? QStringLiteral("−") : QString(),
                            m.captured(3));
        last = m.capturedEnd();
    }
    html = out + html.mid(last);
    html.replace(subscript, QStringLiteral("\\1<sub>\\2</sub>"));
    return html;
}

QString ExplainText::valueText(const Explanation& e)
{
    const QString p = pattern(QString::fromStdString(e.figure));
    const std::string& unit = e.unit;
    if (unit == "B")
        return quantityText(e.value, Unit::Bytes, 4);
    if (unit == "B/s")
        return quantityText(e.value, Unit::BytesPerSecond, 4);
    if (unit == "s")
        return quantityText(e.value, Unit::Seconds, 4);
    if (unit == "FLOP")
        return quantityText(e.value, Unit::Flops, 4);
    if (unit == "1/s")
        return tr("%1 per second").arg(quantityText(e.value, Unit::Count, 4));
    if (isFraction(p))
        return localeNumber(e.value * 100, 2, true);
    if (e.value == std::floor(e.value) && std::abs(e.value) < 1e6)
        return QLocale().toString(qlonglong(e.value));
    return quantityText(e.value, Unit::Count, 4);
}

QString ExplainText::plainText(const Explanation& e, const Result* result)
{
    const QString figure = QString::fromStdString(e.figure);
    QStringList lines{title(figure, result) + QStringLiteral(" (") + figure + QLatin1Char(')'),
                      formula(e.formula), QStringLiteral("= ") + QString::fromStdString(e.substituted),
                      QStringLiteral("= ") + valueText(e)};
    const QString symbols = legend(figure);
    if (!symbols.isEmpty())
        lines << tr("Symbols: %1").arg(symbols);
    lines << tr("Source: %1").arg(QString::fromStdString(e.source));
    return lines.join(QLatin1Char('\n'));
}

QStringList ExplainText::related(const QString& figure, const Result* result)
{
    QList<int> indices;
    const QString p = pattern(figure, &indices);
    QStringList out{figure};
    const auto add = [&out](const QString& f) {
        if (!out.contains(f))
            out << f;
    };
    const auto row = [&](const char* array, int index, std::initializer_list<const char*> parts) {
        for (const char* part : parts)
            add(QStringLiteral("%1[%2].%3").arg(QLatin1String(array)).arg(index).arg(QLatin1String(part)));
    };
    if (p.startsWith(QLatin1String("comm.collectives[]."))) {
        row("comm.collectives", indices.value(0),
            {"time_s", "bytes", "busbw_Bps", "count_per_step", "alpha_s", "ranks", "groups"});
    } else if (p.startsWith(QLatin1String("comm.links[]."))) {
        row("comm.links", indices.value(0), {"utilization", "busy_s", "bytes_per_step"});
    } else if (p == QLatin1String("memory.per_gpu[].total")) {
        row("memory.per_gpu", indices.value(0),
            {"params", "grads", "optimizer", "activations", "buffers", "capacity"});
    } else if (p == QLatin1String("memory.per_gpu[].buffers") ||
               p.startsWith(QLatin1String("memory.per_gpu[].buffer_parts."))) {
        row("memory.per_gpu", indices.value(0),
            {"buffers", "buffer_parts.zero3_gather", "buffer_parts.grad_buckets", "buffer_parts.logits",
             "buffer_parts.cuda_context", "buffer_parts.moe_dispatch", "buffer_parts.fp8_weights",
             "buffer_parts.allocator", "total"});
    } else if (p == QLatin1String("memory.per_gpu[].activations")) {
        row("memory.per_gpu", indices.value(0), {"in_flight", "layers", "total"});
    } else if (p.startsWith(QLatin1String("memory.per_gpu[]."))) {
        row("memory.per_gpu", indices.value(0), {"gpu_params", "total"});
    } else if (p == QLatin1String("memory.peak_gpu_bytes") && result) {
        add(QStringLiteral("memory.per_gpu[%1].total").arg(result->memory.peak_stage));
        add(QStringLiteral("memory.per_gpu[%1].capacity").arg(result->memory.peak_stage));
    } else if (p == QLatin1String("step.time_s")) {
        for (const char* f : {"step.compute_s", "step.exposed_comm_s", "step.bubble_fraction"})
            add(QLatin1String(f));
    } else if (p == QLatin1String("step.mfu") || p == QLatin1String("step.hfu")) {
        for (const char* f : {"step.mfu", "step.hfu", "compute.model_flops_per_step", "step.time_s"})
            add(QLatin1String(f));
    } else if (p == QLatin1String("step.tokens_per_s") || p == QLatin1String("step.bubble_fraction") ||
               p == QLatin1String("step.exposed_comm_s")) {
        add(QStringLiteral("step.time_s"));
    } else if (p.startsWith(QLatin1String("compute."))) {
        for (const char* f :
             {"compute.model_flops_per_step", "compute.hardware_flops_per_step", "compute.flops_per_token"})
            add(QLatin1String(f));
    } else if ((p == QLatin1String("params_total") || p == QLatin1String("params_active")) && result &&
               result->params_active > 0 && result->params_active < result->params_total) {
        // A mixture-of-experts model: its total and the part one token passes through.
        add(QStringLiteral("params_total"));
        add(QStringLiteral("params_active"));
    } else if (p == QLatin1String("comm.serial_time_s") && result) {
        for (std::size_t c = 0; c < result->comm.collectives.size() && c < 8; ++c)
            add(QStringLiteral("comm.collectives[%1].time_s").arg(c));
    }
    return out;
}

} // namespace ss
