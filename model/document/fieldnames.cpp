// SPDX-License-Identifier: GPL-3.0-or-later
#include "fieldnames.h"

#include <QHash>

namespace ss {

namespace {

struct FieldText
{
    const char* path;
    const char* label;
    const char* description;
    const char* countUnit;
};

// Marked with QT_TRANSLATE_NOOP so lupdate collects them; translated when looked up.
const FieldText fieldTexts[] = {
    {"name", QT_TRANSLATE_NOOP("FieldNames", "Scenario name"), nullptr, nullptr},
    {"model.kind", QT_TRANSLATE_NOOP("FieldNames", "Model given by"),
     QT_TRANSLATE_NOOP("FieldNames", "A transformer architecture, or only a parameter count."), nullptr},
    {"model.params", QT_TRANSLATE_NOOP("FieldNames", "Parameters"),
     QT_TRANSLATE_NOOP("FieldNames",
                       "Total parameter count (used when the model is given as a count), e.g. 7.5B."),
     nullptr},
    {"model.layers", QT_TRANSLATE_NOOP("FieldNames", "Layers"),
     QT_TRANSLATE_NOOP("FieldNames", "Transformer layers (blocks)."), nullptr},
    {"model.hidden", QT_TRANSLATE_NOOP("FieldNames", "Hidden size"),
     QT_TRANSLATE_NOOP("FieldNames", "Model width h."), nullptr},
    {"model.heads", QT_TRANSLATE_NOOP("FieldNames", "Attention heads"), nullptr, nullptr},
    {"model.kv_heads", QT_TRANSLATE_NOOP("FieldNames", "KV heads"),
     QT_TRANSLATE_NOOP("FieldNames",
                       "Key/value heads; fewer than the attention heads is grouped-query attention."),
     nullptr},
    {"model.head_dim", QT_TRANSLATE_NOOP("FieldNames", "Head dimension"),
     QT_TRANSLATE_NOOP("FieldNames", "0 means hidden size / attention heads."), nullptr},
    {"model.ffn_hidden", QT_TRANSLATE_NOOP("FieldNames", "FFN size"),
     QT_TRANSLATE_NOOP("FieldNames", "Inner size of the feed-forward block."), nullptr},
    {"model.ffn_kind", QT_TRANSLATE_NOOP("FieldNames", "FFN kind"), nullptr, nullptr},
    {"model.vocab", QT_TRANSLATE_NOOP("FieldNames", "Vocabulary"), nullptr,
     QT_TRANSLATE_NOOP("FieldNames", "tokens")},
    {"model.seq_len", QT_TRANSLATE_NOOP("FieldNames", "Sequence length"), nullptr,
     QT_TRANSLATE_NOOP("FieldNames", "tokens")},
    {"model.max_positions", QT_TRANSLATE_NOOP("FieldNames", "Position table"),
     QT_TRANSLATE_NOOP("FieldNames", "Size of the learned position table; 0 means the sequence length."),
     QT_TRANSLATE_NOOP("FieldNames", "tokens")},
    {"model.tied_embeddings", QT_TRANSLATE_NOOP("FieldNames", "Tied embeddings"),
     QT_TRANSLATE_NOOP("FieldNames", "The output head shares the token embedding."), nullptr},
    {"model.position_embedding", QT_TRANSLATE_NOOP("FieldNames", "Positions"), nullptr, nullptr},
    {"model.norm", QT_TRANSLATE_NOOP("FieldNames", "Normalisation"), nullptr, nullptr},
    {"model.bias", QT_TRANSLATE_NOOP("FieldNames", "Linear biases"), nullptr, nullptr},
    {"model.norms_per_layer", QT_TRANSLATE_NOOP("FieldNames", "Norms per layer"),
     QT_TRANSLATE_NOOP(
         "FieldNames",
         "2 for a norm before attention and one before the MLP; 1 when attention and MLP run in "
         "parallel on one shared norm (Falcon-7B, phi-2)."),
     nullptr},
    {"model.head_bias", QT_TRANSLATE_NOOP("FieldNames", "Output layer bias"),
     QT_TRANSLATE_NOOP("FieldNames", "The output projection has a bias of vocabulary size (phi-2)."),
     nullptr},
    {"model.experts", QT_TRANSLATE_NOOP("FieldNames", "Experts"),
     QT_TRANSLATE_NOOP("FieldNames", "Mixture-of-experts FFNs per layer; 1 is a dense model."), nullptr},
    {"model.experts_per_token", QT_TRANSLATE_NOOP("FieldNames", "Experts per token"), nullptr, nullptr},
    {"model.moe_ffn_hidden", QT_TRANSLATE_NOOP("FieldNames", "Expert FFN size"),
     QT_TRANSLATE_NOOP(
         "FieldNames",
         "Inner size of one routed (and shared) expert's feed-forward block; 0 means the FFN size."),
     nullptr},
    {"model.shared_experts", QT_TRANSLATE_NOOP("FieldNames", "Shared experts"),
     QT_TRANSLATE_NOOP("FieldNames", "Experts every token passes through beside the routed ones "
                                     "(DeepSeekMoE), each as wide as a routed one."),
     nullptr},
    {"model.dense_layers", QT_TRANSLATE_NOOP("FieldNames", "Dense first layers"),
     QT_TRANSLATE_NOOP(
         "FieldNames",
         "The first layers keep a dense feed-forward block of the FFN size instead of experts."),
     nullptr},
    {"model.capacity_factor", QT_TRANSLATE_NOOP("FieldNames", "Capacity factor"),
     QT_TRANSLATE_NOOP("FieldNames", "Tokens one expert takes, over the mean; the tokens beyond it are "
                                     "dropped. 0 means dropless (no limit)."),
     nullptr},
    {"model.expert_imbalance", QT_TRANSLATE_NOOP("FieldNames", "Expert imbalance"),
     QT_TRANSLATE_NOOP("FieldNames",
                       "Tokens of the busiest expert-parallel rank over the mean; 1 is a perfect balance."),
     nullptr},
    {"model.expert_groups", QT_TRANSLATE_NOOP("FieldNames", "Expert groups"),
     QT_TRANSLATE_NOOP("FieldNames", "Group-limited routing: the routed experts in this many equal groups "
                                     "(DeepSeek-V3's n_group); 0 means no limit."),
     nullptr},
    {"model.expert_groups_per_token", QT_TRANSLATE_NOOP("FieldNames", "Expert groups per token"),
     QT_TRANSLATE_NOOP("FieldNames", "Groups a token's experts are chosen from (DeepSeek-V3's topk_group: "
                                     "at most 4 nodes per token); 0 means no limit."),
     nullptr},
    {"model.attention", QT_TRANSLATE_NOOP("FieldNames", "Attention"),
     QT_TRANSLATE_NOOP(
         "FieldNames",
         "Multi-head, grouped-query, or multi-head latent attention (MLA, DeepSeek-V2 and V3)."),
     nullptr},
    {"model.q_lora_rank", QT_TRANSLATE_NOOP("FieldNames", "Query compression rank"),
     QT_TRANSLATE_NOOP(
         "FieldNames",
         "MLA: rank of the queries' low-rank projection; 0 means the queries are projected directly."),
     nullptr},
    {"model.kv_lora_rank", QT_TRANSLATE_NOOP("FieldNames", "Key/value compression rank"),
     QT_TRANSLATE_NOOP("FieldNames", "MLA: width of the compressed key/value latent."), nullptr},
    {"model.qk_rope_head_dim", QT_TRANSLATE_NOOP("FieldNames", "Rotary query/key dimension"),
     QT_TRANSLATE_NOOP("FieldNames",
                       "MLA: per-head query and key dimensions that carry the rotary positions."),
     nullptr},
    {"model.qk_nope_head_dim", QT_TRANSLATE_NOOP("FieldNames", "Non-rotary query/key dimension"),
     QT_TRANSLATE_NOOP("FieldNames", "MLA: per-head query and key dimensions without positions."), nullptr},
    {"model.v_head_dim", QT_TRANSLATE_NOOP("FieldNames", "Value head dimension"),
     QT_TRANSLATE_NOOP("FieldNames", "MLA: per-head value dimension."), nullptr},
    {"model.mtp_layers", QT_TRANSLATE_NOOP("FieldNames", "MTP modules"),
     QT_TRANSLATE_NOOP("FieldNames", "Multi-token-prediction modules (DeepSeek-V3), each one more layer "
                                     "trained beside the model; 0: none."),
     nullptr},
    {"training.global_batch", QT_TRANSLATE_NOOP("FieldNames", "Global batch size"),
     QT_TRANSLATE_NOOP("FieldNames", "Sequences per optimizer step, over all data-parallel ranks."),
     QT_TRANSLATE_NOOP("FieldNames", "sequences")},
    {"training.micro_batch", QT_TRANSLATE_NOOP("FieldNames", "Micro-batch size"),
     QT_TRANSLATE_NOOP("FieldNames", "Sequences per microbatch on one data-parallel rank."),
     QT_TRANSLATE_NOOP("FieldNames", "sequences")},
    {"training.precision", QT_TRANSLATE_NOOP("FieldNames", "Precision"), nullptr, nullptr},
    {"training.optimizer", QT_TRANSLATE_NOOP("FieldNames", "Optimizer"), nullptr, nullptr},
    {"training.recompute", QT_TRANSLATE_NOOP("FieldNames", "Activation recomputation"),
     QT_TRANSLATE_NOOP("FieldNames", "Recompute activations in the backward pass instead of storing them."),
     nullptr},
    {"training.flash_attention", QT_TRANSLATE_NOOP("FieldNames", "Flash attention"),
     QT_TRANSLATE_NOOP("FieldNames", "Fused attention never stores the attention score matrices."), nullptr},
    {"training.dropout", QT_TRANSLATE_NOOP("FieldNames", "Dropout"),
     QT_TRANSLATE_NOOP(
         "FieldNames",
         "Hidden and attention dropout: each keeps a 1-byte mask for the backward. Llama-family "
         "models train without."),
     nullptr},
    {"training.recompute_norms", QT_TRANSLATE_NOOP("FieldNames", "Recompute norms"),
     QT_TRANSLATE_NOOP("FieldNames", "Recompute the norms' outputs in the backward instead of keeping them "
                                     "(DeepSeek-V3 recomputes every RMSNorm)."),
     nullptr},
    {"training.fp8_swiglu_inputs", QT_TRANSLATE_NOOP("FieldNames", "FP8 SwiGLU inputs"),
     QT_TRANSLATE_NOOP("FieldNames", "Keep the experts' SwiGLU inputs for the backward in FP8 instead of 16 "
                                     "bits (DeepSeek-V3)."),
     nullptr},
    {"training.grad_comm_bits", QT_TRANSLATE_NOOP("FieldNames", "Gradient communication"),
     QT_TRANSLATE_NOOP("FieldNames", "Bits per gradient element on the wire."),
     QT_TRANSLATE_NOOP("FieldNames", "bits")},
    {"training.attention_kernel", QT_TRANSLATE_NOOP("FieldNames", "Attention kernel"),
     QT_TRANSLATE_NOOP("FieldNames",
                       "With flash attention: the GPU's usual fused kernel (FlashAttention-3 on "
                       "Hopper, FlashAttention-2 on Ampere and Ada) or the one named."),
     nullptr},
    {"training.cross_entropy", QT_TRANSLATE_NOOP("FieldNames", "Cross entropy"),
     QT_TRANSLATE_NOOP("FieldNames",
                       "How the loss is computed over the fp32 logits: fused, in place (Megatron-LM), or "
                       "PyTorch's cross entropy, which holds one more logits-sized tensor in the backward."),
     nullptr},
    {"training.overlap_grad_reduce", QT_TRANSLATE_NOOP("FieldNames", "Overlap gradient reduction"),
     QT_TRANSLATE_NOOP("FieldNames", "Reduce each gradient bucket while the backward goes on (Megatron-LM "
                                     "--overlap-grad-reduce, PyTorch DDP)."),
     nullptr},
    {"training.overlap_param_gather", QT_TRANSLATE_NOOP("FieldNames", "Overlap parameter gather"),
     QT_TRANSLATE_NOOP("FieldNames", "ZeRO-1/2: gather the updated weights bucket by bucket during the next "
                                     "forward instead of after the optimizer (Megatron-LM "
                                     "--overlap-param-gather)."),
     nullptr},
    {"training.tp_comm_overlap", QT_TRANSLATE_NOOP("FieldNames", "Overlap tensor-parallel communication"),
     QT_TRANSLATE_NOOP("FieldNames",
                       "Split the sequence-parallel all-gathers and reduce-scatters into chunks "
                       "that run beside the GEMMs (Megatron-LM --tp-comm-overlap, Transformer "
                       "Engine). Needs sequence parallelism."),
     nullptr},
    {"training.overlap_p2p_comm", QT_TRANSLATE_NOOP("FieldNames", "Overlap pipeline sends"),
     QT_TRANSLATE_NOOP("FieldNames", "Pipeline sends run beside the next op's compute; off, the sender waits "
                                     "for each send (Megatron-LM --no-overlap-p2p-communication)."),
     nullptr},
    {"training.fp8_recipe", QT_TRANSLATE_NOOP("FieldNames", "FP8 recipe"),
     QT_TRANSLATE_NOOP("FieldNames",
                       "How FP8 tensors are scaled: one scale per tensor, per block (DeepSeek-V3), MXFP8 or "
                       "NVFP4 (Blackwell). Only with FP8 mixed precision."),
     nullptr},
    {"training.method", QT_TRANSLATE_NOOP("FieldNames", "Training method"),
     QT_TRANSLATE_NOOP("FieldNames",
                       "Train every weight, or only low-rank adapters beside a frozen base (LoRA), "
                       "the base quantized to 4-bit NF4 (QLoRA)."),
     nullptr},
    {"training.lora_rank", QT_TRANSLATE_NOOP("FieldNames", "LoRA rank"),
     QT_TRANSLATE_NOOP("FieldNames", "Rank r of each adapter: it adds r × (inputs + outputs) trainable "
                                     "parameters to every adapted layer."),
     nullptr},
    {"training.lora_alpha", QT_TRANSLATE_NOOP("FieldNames", "LoRA alpha"),
     QT_TRANSLATE_NOOP("FieldNames",
                       "Scales the adapters' output by alpha / r; no effect on memory or time."),
     nullptr},
    {"training.lora_targets", QT_TRANSLATE_NOOP("FieldNames", "LoRA targets"),
     QT_TRANSLATE_NOOP("FieldNames",
                       "The layers that get adapters, separated by commas: q, k, v, o, gate, up, "
                       "down, experts, embed, head (PEFT's default: q,v)."),
     nullptr},
    {"training.base_bits", QT_TRANSLATE_NOOP("FieldNames", "Base weight bits"),
     QT_TRANSLATE_NOOP("FieldNames", "Bits of the frozen base weights with LoRA: 16, 8 (LLM.int8()) or 4; 0 "
                                     "means the method's own (4 for QLoRA, else 16)."),
     QT_TRANSLATE_NOOP("FieldNames", "bits")},
    {"training.quant_type", QT_TRANSLATE_NOOP("FieldNames", "4-bit data type"),
     QT_TRANSLATE_NOOP("FieldNames", "NormalFloat4 (QLoRA) or FP4 for a 4-bit base."), nullptr},
    {"training.double_quant", QT_TRANSLATE_NOOP("FieldNames", "Double quantization"),
     QT_TRANSLATE_NOOP("FieldNames", "Quantize the 4-bit base's block constants again: 0.127 instead of 0.5 "
                                     "bits per weight (QLoRA)."),
     nullptr},
    {"training.paged_optimizer", QT_TRANSLATE_NOOP("FieldNames", "Paged optimizer"),
     QT_TRANSLATE_NOOP("FieldNames", "Keep the adapters' optimizer states in paged memory that is evicted to "
                                     "the host (bitsandbytes' paged optimizers, QLoRA)."),
     nullptr},
    {"parallel.dp", QT_TRANSLATE_NOOP("FieldNames", "Data parallel"),
     QT_TRANSLATE_NOOP("FieldNames", "Data-parallel degree: model replicas."),
     QT_TRANSLATE_NOOP("FieldNames", "ranks")},
    {"parallel.tp", QT_TRANSLATE_NOOP("FieldNames", "Tensor parallel"),
     QT_TRANSLATE_NOOP("FieldNames", "Tensor-parallel degree: GPUs that split every layer."),
     QT_TRANSLATE_NOOP("FieldNames", "ranks")},
    {"parallel.pp", QT_TRANSLATE_NOOP("FieldNames", "Pipeline parallel"),
     QT_TRANSLATE_NOOP("FieldNames", "Pipeline-parallel degree: stages the layers are split into."),
     QT_TRANSLATE_NOOP("FieldNames", "stages")},
    {"parallel.cp", QT_TRANSLATE_NOOP("FieldNames", "Context parallel"),
     QT_TRANSLATE_NOOP("FieldNames", "Context-parallel degree: GPUs that split every sequence."),
     QT_TRANSLATE_NOOP("FieldNames", "ranks")},
    {"parallel.ep", QT_TRANSLATE_NOOP("FieldNames", "Expert parallel"),
     QT_TRANSLATE_NOOP("FieldNames", "Expert-parallel degree: GPUs the routed experts are split over, taken "
                                     "from the data- and context-parallel ranks."),
     QT_TRANSLATE_NOOP("FieldNames", "ranks")},
    {"parallel.etp", QT_TRANSLATE_NOOP("FieldNames", "Expert tensor parallel"),
     QT_TRANSLATE_NOOP("FieldNames",
                       "Tensor-parallel degree inside the experts; 0 means the tensor-parallel degree."),
     QT_TRANSLATE_NOOP("FieldNames", "ranks")},
    {"parallel.cp_comm", QT_TRANSLATE_NOOP("FieldNames", "Context-parallel exchange"),
     QT_TRANSLATE_NOOP("FieldNames", "How keys and values travel: a ring of point-to-point sends hidden "
                                     "behind attention, or one all-gather before it (Llama 3)."),
     nullptr},
    {"parallel.ep_overlap", QT_TRANSLATE_NOOP("FieldNames", "Overlap expert all-to-all"),
     QT_TRANSLATE_NOOP("FieldNames",
                       "Hide one microbatch's all-to-alls behind another's compute (DualPipe, DeepSeek-V3)."),
     nullptr},
    {"parallel.ep_dispatcher", QT_TRANSLATE_NOOP("FieldNames", "Token dispatcher"),
     QT_TRANSLATE_NOOP("FieldNames",
                       "How tokens reach their experts: one copy per expert in an all-to-all "
                       "(Megatron-Core), or DeepEP's one copy per node, forwarded over NVLink."),
     nullptr},
    {"parallel.ep_fp8_dispatch", QT_TRANSLATE_NOOP("FieldNames", "FP8 dispatch"),
     QT_TRANSLATE_NOOP("FieldNames", "Send the tokens to the experts in FP8 with per-128 scales; the "
                                     "results come back in 16 bits (DeepSeek-V3)."),
     nullptr},
    {"parallel.pipeline_layers", QT_TRANSLATE_NOOP("FieldNames", "Layers per stage"),
     QT_TRANSLATE_NOOP(
         "FieldNames",
         "Layers of each pipeline stage, comma-separated, e.g. 7,8,8,9; empty splits them evenly."),
     nullptr},
    {"parallel.first_stage_layers", QT_TRANSLATE_NOOP("FieldNames", "First stage layers"),
     QT_TRANSLATE_NOOP("FieldNames",
                       "Layers of the first pipeline stage, the rest split evenly; 0 means an even split."),
     nullptr},
    {"parallel.last_stage_layers", QT_TRANSLATE_NOOP("FieldNames", "Last stage layers"),
     QT_TRANSLATE_NOOP("FieldNames",
                       "Layers of the last pipeline stage, the rest split evenly; 0 means an even split."),
     nullptr},
    {"parallel.sequence_parallel", QT_TRANSLATE_NOOP("FieldNames", "Sequence parallel"),
     QT_TRANSLATE_NOOP("FieldNames", "Split norm and dropout activations over the tensor-parallel ranks."),
     nullptr},
    {"parallel.zero_stage", QT_TRANSLATE_NOOP("FieldNames", "ZeRO stage"),
     QT_TRANSLATE_NOOP(
         "FieldNames",
         "Shard optimizer states (1), gradients (2) and parameters (3) over data-parallel ranks."),
     nullptr},
    {"parallel.offload_optimizer", QT_TRANSLATE_NOOP("FieldNames", "Optimizer offload"), nullptr, nullptr},
    {"parallel.offload_params", QT_TRANSLATE_NOOP("FieldNames", "Parameter offload"), nullptr, nullptr},
    {"parallel.schedule", QT_TRANSLATE_NOOP("FieldNames", "Pipeline schedule"), nullptr, nullptr},
    {"parallel.virtual_stages", QT_TRANSLATE_NOOP("FieldNames", "Virtual stages"),
     QT_TRANSLATE_NOOP("FieldNames", "Model chunks per pipeline stage (interleaved schedule)."), nullptr},
    {"parallel.rank_order", QT_TRANSLATE_NOOP("FieldNames", "Rank order"),
     QT_TRANSLATE_NOOP("FieldNames", "Order of parallel dimensions, innermost first."), nullptr},
    {"parallel.dp_sync", QT_TRANSLATE_NOOP("FieldNames", "Gradient synchronisation"), nullptr, nullptr},
    {"parallel.ps_servers", QT_TRANSLATE_NOOP("FieldNames", "Parameter servers"), nullptr, nullptr},
    {"cluster.gpu", QT_TRANSLATE_NOOP("FieldNames", "GPU"), nullptr, nullptr},
    {"cluster.gpu.name", QT_TRANSLATE_NOOP("FieldNames", "GPU name"), nullptr, nullptr},
    {"cluster.gpu.memory_bytes", QT_TRANSLATE_NOOP("FieldNames", "GPU memory"), nullptr, nullptr},
    {"cluster.gpu.peak_flops", QT_TRANSLATE_NOOP("FieldNames", "Peak compute"),
     QT_TRANSLATE_NOOP("FieldNames", "Dense 16-bit tensor FLOP/s."), nullptr},
    {"cluster.gpu.hbm_Bps", QT_TRANSLATE_NOOP("FieldNames", "Memory bandwidth"), nullptr, nullptr},
    {"cluster.gpu.peak_fp8_flops", QT_TRANSLATE_NOOP("FieldNames", "Peak FP8 compute"),
     QT_TRANSLATE_NOOP("FieldNames", "Dense FP8 tensor FLOP/s; 0: no FP8 tensor cores."), nullptr},
    {"cluster.gpu.peak_fp4_flops", QT_TRANSLATE_NOOP("FieldNames", "Peak FP4 compute"),
     QT_TRANSLATE_NOOP("FieldNames", "Dense FP4 tensor FLOP/s; 0: no FP4 tensor cores."), nullptr},
    {"cluster.nodes", QT_TRANSLATE_NOOP("FieldNames", "Nodes"), nullptr, nullptr},
    {"cluster.gpus_per_node", QT_TRANSLATE_NOOP("FieldNames", "GPUs per node"), nullptr, nullptr},
    {"cluster.node_preset", QT_TRANSLATE_NOOP("FieldNames", "Node topology"), nullptr, nullptr},
    {"cluster.network.kind", QT_TRANSLATE_NOOP("FieldNames", "Network"), nullptr, nullptr},
    {"cluster.network.nics_per_node", QT_TRANSLATE_NOOP("FieldNames", "NICs per node"), nullptr, nullptr},
    {"cluster.network.oversubscription", QT_TRANSLATE_NOOP("FieldNames", "Oversubscription"),
     QT_TRANSLATE_NOOP(
         "FieldNames",
         "Leaf switch ports facing the nodes per port facing the spine (1: non-blocking fat tree)."),
     nullptr},
    {"cluster.network.rail_optimized", QT_TRANSLATE_NOOP("FieldNames", "Rail-optimised"),
     QT_TRANSLATE_NOOP("FieldNames",
                       "NIC r of every node on rail r's leaf switches; off: a node's NICs share "
                       "one leaf."),
     nullptr},
    {"cluster.network.switch_ports", QT_TRANSLATE_NOOP("FieldNames", "Switch ports"),
     QT_TRANSLATE_NOOP("FieldNames", "Ports per leaf switch; 0: the network's usual switch."), nullptr},
    {"cluster.host_memory_bytes", QT_TRANSLATE_NOOP("FieldNames", "Host memory per node"),
     QT_TRANSLATE_NOOP("FieldNames",
                       "CPU memory of one node for offloaded states; 0: the node's usual figure."),
     nullptr},
    {"cluster.nvme_bytes", QT_TRANSLATE_NOOP("FieldNames", "NVMe per node"),
     QT_TRANSLATE_NOOP("FieldNames", "NVMe capacity of one node for offloaded states; 0: the node's usual "
                                     "figure."),
     nullptr},
    {"compute.efficiency", QT_TRANSLATE_NOOP("FieldNames", "Compute efficiency"),
     QT_TRANSLATE_NOOP("FieldNames",
                       "0: the kernel model prices every GEMM by its shape, the attention "
                       "kernel, memory-bound work and launches. Above 0: a flat roofline, every "
                       "matrix multiplication at this fraction of the peak."),
     nullptr},
    {"compute.scale", QT_TRANSLATE_NOOP("FieldNames", "Compute scale"),
     QT_TRANSLATE_NOOP("FieldNames", "Multiplies every compute time; calibration against a measured run "
                                     "fits it."),
     nullptr},
    {"compute.calibrated_from", QT_TRANSLATE_NOOP("FieldNames", "Calibrated from"),
     QT_TRANSLATE_NOOP("FieldNames", "The measured run the compute scale was fitted to."), nullptr},
    {"compute.measured_step_s", QT_TRANSLATE_NOOP("FieldNames", "Measured step time"),
     QT_TRANSLATE_NOOP("FieldNames", "The step time of the measured run the compute scale was fitted to."),
     nullptr},
    {"overheads.cuda_context_bytes", QT_TRANSLATE_NOOP("FieldNames", "CUDA context"),
     QT_TRANSLATE_NOOP("FieldNames", "CUDA context and cuBLAS/NCCL workspaces per GPU."), nullptr},
    {"overheads.allocator_fraction", QT_TRANSLATE_NOOP("FieldNames", "Allocator overhead"),
     QT_TRANSLATE_NOOP("FieldNames", "Caching-allocator fragmentation, as a fraction of everything else."),
     nullptr},
    {"overheads.grad_bucket_bytes", QT_TRANSLATE_NOOP("FieldNames", "Gradient buckets"),
     QT_TRANSLATE_NOOP("FieldNames", "Gradient communication buckets in flight."), nullptr},
};

// Enum choices by the name the scenario file uses; the same word means the same thing in every field.
const struct
{
    const char* name;
    const char* label;
} choiceTexts[] = {
    {"transformer", QT_TRANSLATE_NOOP("FieldNames", "Architecture")},
    {"params", QT_TRANSLATE_NOOP("FieldNames", "Parameter count")},
    {"gelu", QT_TRANSLATE_NOOP("FieldNames", "GELU (2 matrices)")},
    {"swiglu", QT_TRANSLATE_NOOP("FieldNames", "SwiGLU (3 matrices)")},
    {"learned", QT_TRANSLATE_NOOP("FieldNames", "Learned")},
    {"rotary", QT_TRANSLATE_NOOP("FieldNames", "Rotary (RoPE)")},
    {"layernorm", QT_TRANSLATE_NOOP("FieldNames", "LayerNorm")},
    {"rmsnorm", QT_TRANSLATE_NOOP("FieldNames", "RMSNorm")},
    {"all", QT_TRANSLATE_NOOP("FieldNames", "All")},
    {"qkv", QT_TRANSLATE_NOOP("FieldNames", "Q/K/V only")},
    {"bf16-mixed", QT_TRANSLATE_NOOP("FieldNames", "BF16 mixed")},
    {"fp16-mixed", QT_TRANSLATE_NOOP("FieldNames", "FP16 mixed")},
    {"fp32", QT_TRANSLATE_NOOP("FieldNames", "FP32")},
    {"bf16", QT_TRANSLATE_NOOP("FieldNames", "Pure BF16")}, // BF16 weights and states, no FP32 master copy
    {"fp8-mixed", QT_TRANSLATE_NOOP("FieldNames", "FP8 mixed")},
    {"adam", QT_TRANSLATE_NOOP("FieldNames", "Adam / AdamW")},
    {"adam-8bit", QT_TRANSLATE_NOOP("FieldNames", "8-bit Adam")},
    {"adam-bf16", QT_TRANSLATE_NOOP("FieldNames", "Adam, BF16 moments")},
    {"lora", QT_TRANSLATE_NOOP("FieldNames", "LoRA")},
    {"qlora", QT_TRANSLATE_NOOP("FieldNames", "QLoRA (4-bit base)")},
    {"nf4", QT_TRANSLATE_NOOP("FieldNames", "NF4 (NormalFloat)")},
    {"fp4", QT_TRANSLATE_NOOP("FieldNames", "FP4")},
    {"sgd", QT_TRANSLATE_NOOP("FieldNames", "SGD")},
    {"sgd-momentum", QT_TRANSLATE_NOOP("FieldNames", "SGD with momentum")},
    {"adafactor", QT_TRANSLATE_NOOP("FieldNames", "Adafactor")},
    {"none", QT_TRANSLATE_NOOP("FieldNames", "None")},
    {"selective", QT_TRANSLATE_NOOP("FieldNames", "Selective")},
    {"full", QT_TRANSLATE_NOOP("FieldNames", "Full")},
    {"cpu", QT_TRANSLATE_NOOP("FieldNames", "CPU memory")},
    {"nvme", QT_TRANSLATE_NOOP("FieldNames", "NVMe")},
    {"gpipe", QT_TRANSLATE_NOOP("FieldNames", "GPipe")},
    {"1f1b", QT_TRANSLATE_NOOP("FieldNames", "1F1B")},
    {"interleaved", QT_TRANSLATE_NOOP("FieldNames", "Interleaved 1F1B")},
    {"zb-h1", QT_TRANSLATE_NOOP("FieldNames", "Zero bubble (ZB-H1)")},
    {"allreduce", QT_TRANSLATE_NOOP("FieldNames", "All-reduce")},
    {"parameter-server", QT_TRANSLATE_NOOP("FieldNames", "Parameter server")},
    {"mha", QT_TRANSLATE_NOOP("FieldNames", "Multi-head (MHA)")},
    {"gqa", QT_TRANSLATE_NOOP("FieldNames", "Grouped-query (GQA)")},
    {"mla", QT_TRANSLATE_NOOP("FieldNames", "Multi-head latent (MLA)")},
    {"tensor", QT_TRANSLATE_NOOP("FieldNames", "Per tensor")},
    {"block", QT_TRANSLATE_NOOP("FieldNames", "Per block (DeepSeek-V3)")},
    {"mxfp8", QT_TRANSLATE_NOOP("FieldNames", "MXFP8 (Blackwell)")},
    {"nvfp4", QT_TRANSLATE_NOOP("FieldNames", "NVFP4 (Blackwell)")},
    {"p2p", QT_TRANSLATE_NOOP("FieldNames", "Ring of point-to-point sends")},
    {"allgather", QT_TRANSLATE_NOOP("FieldNames", "All-gather")},
    {"alltoall", QT_TRANSLATE_NOOP("FieldNames", "All-to-all, a copy per expert")},
    {"deepep", QT_TRANSLATE_NOOP("FieldNames", "DeepEP, a copy per node")},
    {"auto", QT_TRANSLATE_NOOP("FieldNames", "Auto: built from the GPU (any GPU count)")},
    {"dgx1-v100", QT_TRANSLATE_NOOP("FieldNames", "DGX-1 (8× V100, hybrid cube-mesh)")},
    {"dgx2-v100", QT_TRANSLATE_NOOP("FieldNames", "DGX-2 (16× V100, NVSwitch)")},
    {"hgx-a800", QT_TRANSLATE_NOOP("FieldNames", "HGX A800 (8× A800, NVLink 400 GB/s)")},
    {"hgx-h800", QT_TRANSLATE_NOOP("FieldNames", "HGX H800 (8× H800, NVLink 400 GB/s)")},
    {"hgx-h20", QT_TRANSLATE_NOOP("FieldNames", "HGX H20 (8× H20, NVSwitch)")},
    {"dgx-b200", QT_TRANSLATE_NOOP("FieldNames", "DGX B200 (8× B200, NVSwitch)")},
    {"gb200-nvl72", QT_TRANSLATE_NOOP("FieldNames", "GB200 NVL72 rack (72 GPUs, one NVLink domain)")},
    {"mi300x-8gpu", QT_TRANSLATE_NOOP("FieldNames", "AMD MI300X platform (8× MI300X, Infinity Fabric)")},
    {"dgx-a100", QT_TRANSLATE_NOOP("FieldNames", "DGX A100 (8× A100, NVSwitch)")},
    {"dgx-h100", QT_TRANSLATE_NOOP("FieldNames", "DGX H100 (8× H100, NVSwitch)")},
    {"hgx-h200", QT_TRANSLATE_NOOP("FieldNames", "HGX H200 (8× H200, NVSwitch)")},
    {"pcie-qpi-4gpu", QT_TRANSLATE_NOOP("FieldNames", "4-GPU PCIe box, two sockets (QPI)")},
    {"pcie-gen3-4gpu", QT_TRANSLATE_NOOP("FieldNames", "4-GPU PCIe Gen3 workstation, one switch")},
    {"pcie-gen4-4gpu", QT_TRANSLATE_NOOP("FieldNames", "4-GPU PCIe Gen4 workstation, one switch")},
    {"pcie-gen5-4gpu", QT_TRANSLATE_NOOP("FieldNames", "4-GPU PCIe Gen5 workstation, one switch")},
    {"pcie-gen4-8gpu", QT_TRANSLATE_NOOP("FieldNames", "8-GPU PCIe Gen4 server")},
    {"ps-cluster", QT_TRANSLATE_NOOP("FieldNames", "Parameter-server cluster")},
    {"ib-edr", QT_TRANSLATE_NOOP("FieldNames", "InfiniBand EDR (100 Gb/s)")},
    {"ib-hdr", QT_TRANSLATE_NOOP("FieldNames", "InfiniBand HDR (200 Gb/s)")},
    {"ib-ndr", QT_TRANSLATE_NOOP("FieldNames", "InfiniBand NDR (400 Gb/s)")},
    {"ib-xdr", QT_TRANSLATE_NOOP("FieldNames", "InfiniBand XDR (800 Gb/s)")},
    {"roce-100g", QT_TRANSLATE_NOOP("FieldNames", "RoCE 100 Gb/s")},
    {"roce-200g", QT_TRANSLATE_NOOP("FieldNames", "RoCE 200 Gb/s")},
    {"roce-400g", QT_TRANSLATE_NOOP("FieldNames", "RoCE 400 Gb/s")},
    {"ethernet-10g", QT_TRANSLATE_NOOP("FieldNames", "Ethernet 10 Gb/s")},
    {"ethernet-25g", QT_TRANSLATE_NOOP("FieldNames", "Ethernet 25 Gb/s")},
    {"ethernet-100g", QT_TRANSLATE_NOOP("FieldNames", "Ethernet 100 Gb/s")},
    {"ethernet-200g", QT_TRANSLATE_NOOP("FieldNames", "Ethernet 200 Gb/s")},
    {"ethernet-400g", QT_TRANSLATE_NOOP("FieldNames", "Ethernet 400 Gb/s")},
};

// The fields whose every value has a display name (intChoice()).
const char* const zeroStagePath = "parallel.zero_stage";
const char* const gradCommBitsPath = "training.grad_comm_bits";

// The sections of the scenario, by the first segment of their fields' paths.
const struct
{
    const char* key;
    const char* name;
} sectionTexts[] = {
    {"model", QT_TRANSLATE_NOOP("FieldNames", "Model")},
    {"training", QT_TRANSLATE_NOOP("FieldNames", "Training")},
    {"parallel", QT_TRANSLATE_NOOP("FieldNames", "Parallelism")},
    {"cluster", QT_TRANSLATE_NOOP("FieldNames", "Cluster")},
    {"compute", QT_TRANSLATE_NOOP("FieldNames", "Compute")},
    {"overheads", QT_TRANSLATE_NOOP("FieldNames", "Memory overheads")},
};

const FieldText* findText(const QString& path)
{
    static const QHash<QString, const FieldText*> byPath = [] {
        QHash<QString, const FieldText*> map;
        for (const FieldText& text : fieldTexts)
            map.insert(QLatin1String(text.path), &text);
        return map;
    }();
    return byPath.value(path, nullptr);
}

// The KEY of every row of TABLE.
template <typename Table, typename Key> QStringList keysOf(const Table& table, Key key)
{
    QStringList keys;
    for (const auto& row : table)
        keys << QLatin1String(key(row));
    return keys;
}

QString translated(const char* text)
{
    return text ? QCoreApplication::translate("FieldNames", text) : QString();
}

} // namespace

QString FieldNames::label(const QString& path)
{
    if (const FieldText* text = findText(path))
        return translated(text->label);
    return path.section(QLatin1Char('.'), -1);
}

QString FieldNames::description(const QString& path)
{
    const FieldText* text = findText(path);
    return text ? translated(text->description) : QString();
}

QString FieldNames::countUnit(const QString& path)
{
    const FieldText* text = findText(path);
    return text ? translated(text->countUnit) : QString();
}

QString FieldNames::choice(const QString& path, const QString& choice)
{
    // Names that mean something else in another field.
    if (path == QLatin1String("training.attention_kernel")) {
        if (choice == QLatin1String("auto"))
            return tr("Auto: the GPU's usual kernel");
        if (choice == QLatin1String("flash2"))
            return tr("FlashAttention-2");
        if (choice == QLatin1String("flash3"))
            return tr("FlashAttention-3 (Hopper)");
        if (choice == QLatin1String("memory-efficient"))
            return tr("Memory-efficient (xFormers)");
    }
    if (path == QLatin1String("training.cross_entropy")) {
        if (choice == QLatin1String("fused"))
            return tr("Fused (Megatron-LM)");
        if (choice == QLatin1String("pytorch"))
            return tr("PyTorch");
    }
    if (path == QLatin1String("training.method") && choice == QLatin1String("full"))
        return tr("Full training");
    for (const auto& text : choiceTexts) {
        if (choice == QLatin1String(text.name))
            return translated(text.label);
    }
    return choice;
}

QString FieldNames::intChoice(const QString& path, int value)
{
    if (path == QLatin1String(zeroStagePath)) {
        switch (value) {
        case 0:
            return tr("0: off");
        case 1:
            return tr("1: optimizer states");
        case 2:
            return tr("2: + gradients");
        case 3:
            return tr("3: + parameters");
        default:
            break;
        }
    }
    if (path == QLatin1String(gradCommBitsPath))
        return tr("%n bit(s)", nullptr, value);
    if (path == QLatin1String("training.base_bits"))
        return value == 0 ? tr("The method's (QLoRA 4, else 16)") : tr("%n bit(s)", nullptr, value);
    return {};
}

QString FieldNames::section(const QString& key)
{
    for (const auto& text : sectionTexts)
        if (key == QLatin1String(text.key))
            return translated(text.name);
    return tr("Other");
}

QStringList FieldNames::namedPaths()
{
    return keysOf(fieldTexts, [](const FieldText& text) { return text.path; });
}

QStringList FieldNames::intChoicePaths()
{
    return {QLatin1String(zeroStagePath), QLatin1String(gradCommBitsPath)};
}

QStringList FieldNames::choiceNames()
{
    return keysOf(choiceTexts, [](const auto& text) { return text.name; });
}

QStringList FieldNames::sectionKeys()
{
    return keysOf(sectionTexts, [](const auto& text) { return text.key; });
}

} // namespace ss
