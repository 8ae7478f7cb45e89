// SPDX-License-Identifier: GPL-3.0-or-later
// The scenario: everything the engine needs to know, as plain data (docs/formats.md, "Scenario file").
// Quantities are SI base units: bytes, seconds, bytes per second per direction, FLOP/s.
#pragma once

#include <algorithm>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace ss {

enum class ModelKind
{
    Transformer,
    Params
};
enum class FfnKind
{
    Gelu,
    Swiglu
};
enum class PositionEmbedding
{
    Learned,
    Rotary
};
enum class NormKind
{
    LayerNorm,
    RmsNorm
};
// Which linear layers carry a bias: GPT-2/3 all, Llama none, Qwen2 only Q/K/V.
enum class BiasKind
{
    All,
    None,
    Qkv
};
enum class Precision
{
    Bf16Mixed,
    Fp16Mixed,
    Fp32,
    Bf16,
    Fp8Mixed
};
enum class Optimizer
{
    Adam,
    Adam8bit,
    AdamBf16, // Adam with its two moments in BF16 (DeepSeek-V3, arXiv:2412.19437 §3.3.3)
    Sgd,
    SgdMomentum,
    Adafactor
};
enum class Recompute
{
    None,
    Selective,
    Full
};
enum class Offload
{
    None,
    Cpu,
    Nvme
};
enum class Schedule
{
    GPipe,
    OneFOneB,
    Interleaved,
    ZbH1
};
// How attention forms its keys and values: every head its own (MHA) or shared by groups (GQA), both given
// by kv_heads; or multi-head latent attention (DeepSeek-V2, arXiv:2405.04434 §2.1), keys and values
// decompressed from a low-rank latent.
enum class AttentionKind
{
    Mha,
    Gqa,
    Mla
};
// How the loss's cross entropy is computed over the fp32 logits, which sets what its backward holds
// (docs/engine-model.md, "Buffers"): fused, in place (Megatron-LM's vocab-parallel cross entropy), or
// PyTorch's F.cross_entropy, which holds its incoming gradient beside the log-softmax's output and its own.
enum class CrossEntropy
{
    Fused,
    Pytorch
};
// How FP8 (and narrower) training scales its tensors: one scale per tensor (Transformer Engine's delayed or
// current scaling on Hopper), per 1×128 / 128×128 block (DeepSeek-V3, arXiv:2412.19437 §3.3), per 32
// elements in hardware (OCP Microscaling MXFP8 on Blackwell), or NVFP4 GEMMs (16-element blocks, Blackwell).
// The fused attention kernel (with flash_attention): the architecture's usual one, or a named one (a run on
// Hopper from before FlashAttention-3 used FlashAttention-2).
enum class AttentionKernel
{
    Auto,
    Flash2,
    Flash3,
    MemoryEfficient
};
enum class Fp8Recipe
{
    Tensor,
    Block,
    Mxfp8,
    Nvfp4
};
// How context-parallel ranks exchange keys and values: a ring of point-to-point sends overlapped with the
// attention blocks (Megatron-Core's "p2p"), or one all-gather of K/V per layer (Llama 3, arXiv:2407.21783
// §3.3.2).
enum class CpComm
{
    P2p,
    AllGather
};
// How an expert-parallel layer moves its tokens: one copy per (token, expert) pair in an all-to-all over the
// ep group (Megatron-Core's "alltoall" token dispatcher), or DeepEP's kernels (DeepSeek-V3, arXiv:2412.19437
// §3.2.2), which send a token once to each node that holds one of its experts (InfiniBand) and forward it
// there to the experts' GPUs (NVLink); within one node, once to each GPU.
enum class EpDispatcher
{
    AllToAll,
    DeepEp
};
enum class DpSync
{
    AllReduce,
    ParameterServer
};
// What a step trains: every weight, or low-rank adapters beside a frozen base (LoRA, Hu et al., ICLR'22), the
// base quantized to 4-bit NF4 with double-quantized constants (QLoRA, Dettmers et al., NeurIPS'23).
enum class TrainingMethod
{
    Full,
    Lora,
    Qlora
};
// The 4-bit data type of a quantized base (bitsandbytes' bnb_4bit_quant_type): NormalFloat4 or FP4.
enum class QuantType
{
    Nf4,
    Fp4
};
// The linear layers LoRA adapts (PEFT's target_modules, by their Llama names); a bit set in
// TrainingSpec::lora_targets.
enum LoraTarget : std::uint32_t
{
    kLoraQ = 1u << 0,
    kLoraK = 1u << 1,
    kLoraV = 1u << 2,
    kLoraO = 1u << 3,
    kLoraGate = 1u << 4,
    kLoraUp = 1u << 5,
    kLoraDown = 1u << 6,
    kLoraExperts = 1u << 7, // the routed experts' gate, up and down
    kLoraEmbed = 1u << 8,
    kLoraHead = 1u << 9,
    kLoraAll = (1u << 10) - 1
};

struct ModelSpec
{
    ModelKind kind = ModelKind::Transformer;
    double params = 0; // kind Params: the count; Transformer: derived, the stored value is ignored
    std::int64_t layers = 24;
    std::int64_t hidden = 2048;
    std::int64_t heads = 16;
    std::int64_t kv_heads = 16;
    std::int64_t head_dim = 0; // 0: hidden / heads
    std::int64_t ffn_hidden = 8192;
    FfnKind ffn_kind = FfnKind::Gelu;
    std::int64_t vocab = 51200;
    std::int64_t seq_len = 2048;
    std::int64_t max_positions = 0; // learned position table size; 0: seq_len
    bool tied_embeddings = false;
    PositionEmbedding position_embedding = PositionEmbedding::Learned;
    NormKind norm = NormKind::LayerNorm;
    BiasKind bias = BiasKind::All;
    std::int64_t norms_per_layer = 2;   // 1: one norm shared by parallel attention and MLP (Falcon-7B, phi-2)
    bool head_bias = false;             // the output layer has a bias (phi-2's lm_head)
    std::int64_t experts = 1;           // routed experts per MoE layer; 1: a dense model
    std::int64_t experts_per_token = 1; // router top-k
    std::int64_t moe_ffn_hidden = 0;    // one expert's FFN width; 0: ffn_hidden
    std::int64_t shared_experts =
        0; // experts every token passes through (DeepSeekMoE), each moe_ffn_hidden wide
    std::int64_t dense_layers =
        0;                       // the first k layers have a dense FFN of ffn_hidden (first_k_dense_replace)
    double capacity_factor = 0;  // tokens an expert takes, over the mean; 0: dropless
    double expert_imbalance = 1; // the busiest expert-parallel rank's tokens over the mean
    // Group-limited routing (DeepSeek-V3 §2.1.2, its config.json's n_group and topk_group): the routed
    // experts in EXPERT_GROUPS equal groups, and each token's top-k taken from its best
    // EXPERT_GROUPS_PER_TOKEN groups. 0: no limit.
    std::int64_t expert_groups = 0;
    std::int64_t expert_groups_per_token = 0;
    AttentionKind attention = AttentionKind::Gqa;
    std::int64_t q_lora_rank = 0; // MLA: rank of the query compression; 0: queries projected directly
    std::int64_t kv_lora_rank = 512;
    std::int64_t qk_rope_head_dim = 64;
    std::int64_t qk_nope_head_dim = 128;
    std::int64_t v_head_dim = 128;
    std::int64_t mtp_layers = 0; // multi-token-prediction modules (DeepSeek-V3 §2.2), each one more layer

    bool moe() const { return experts > 1; }
    std::int64_t expertFfn() const { return moe_ffn_hidden > 0 ? moe_ffn_hidden : ffn_hidden; }
    // Whether layer I (0-based) of the main model has experts.
    bool moeLayer(std::int64_t i) const { return moe() && i >= dense_layers; }

    std::int64_t headDim() const { return head_dim > 0 ? head_dim : (heads > 0 ? hidden / heads : 0); }
    std::int64_t positions() const { return max_positions > 0 ? max_positions : seq_len; }
    bool operator==(const ModelSpec&) const = default;
};

struct TrainingSpec
{
    std::int64_t global_batch = 512; // sequences
    std::int64_t micro_batch = 1;    // sequences
    Precision precision = Precision::Bf16Mixed;
    Optimizer optimizer = Optimizer::Adam;
    Recompute recompute = Recompute::None;
    bool flash_attention = false; // fused attention: the a·s² score tensors are never stored
    // Hidden and attention dropout (Megatron-LM's defaults of 0.1): each keeps its 1-byte mask for the
    // backward. Llama-family recipes train without dropout, and keep none.
    bool dropout = true;
    // The norms' outputs recomputed in the backward from their inputs, not kept (Megatron-Core's
    // --recompute-modules layernorm; DeepSeek-V3 §3.2.3 recomputes every RMSNorm).
    bool recompute_norms = false;
    // fp8-mixed: the SwiGLU inputs of a MoE layer's experts kept for the backward in FP8 with 1×128 scales
    // (DeepSeek-V3 §3.3.3), not in 16 bits.
    bool fp8_swiglu_inputs = false;
    int grad_comm_bits = 32;
    bool overlap_grad_reduce = true;
    bool overlap_param_gather = false; // ZeRO-1/2: gather the updated weights during the next forward
    bool tp_comm_overlap = false;      // tensor-parallel all-gather/reduce-scatter overlapped with the GEMMs
    bool overlap_p2p_comm = true;      // pipeline sends asynchronous (false: the sender waits)
    Fp8Recipe fp8_recipe = Fp8Recipe::Tensor;                 // precision fp8-mixed only
    AttentionKernel attention_kernel = AttentionKernel::Auto; // with flash_attention
    CrossEntropy cross_entropy = CrossEntropy::Fused;
    // Fine-tuning (docs/engine-model.md, "LoRA and QLoRA"). Defaults are PEFT's LoraConfig: r 8, alpha 8,
    // target_modules q_proj and v_proj.
    TrainingMethod method = TrainingMethod::Full;
    std::int64_t lora_rank = 8;
    double lora_alpha = 8; // scales the adapter's output by alpha / r; no effect on memory or time
    std::uint32_t lora_targets = kLoraQ | kLoraV;
    int base_bits = 0; // the frozen base weights' bits: 16, 8, 4; 0: the method's (qlora 4, else 16)
    QuantType quant_type = QuantType::Nf4; // base_bits 4
    bool double_quant = true;     // base_bits 4: quantize the fp32 absmax constants again (QLoRA §3)
    bool paged_optimizer = false; // optimizer states in paged memory, evicted to the host (QLoRA §3)
    bool lora() const { return method != TrainingMethod::Full; }
    // The frozen base weights' bits, the method's default resolved.
    int baseBits() const { return base_bits > 0 ? base_bits : (method == TrainingMethod::Qlora ? 4 : 16); }
    bool operator==(const TrainingSpec&) const = default;
};

struct ParallelSpec
{
    std::int64_t dp = 1;
    std::int64_t tp = 1;
    std::int64_t pp = 1;
    std::int64_t cp = 1;  // context parallel: the sequence split over cp ranks (next to tp in the rank order)
    std::int64_t ep = 1;  // expert parallel: experts split over ep ranks taken from the dp × cp ranks
    std::int64_t etp = 0; // tensor parallel inside the experts; 0: as tp
    CpComm cp_comm = CpComm::P2p;
    bool ep_overlap = false; // the all-to-alls of one microbatch hidden behind another's compute (DualPipe)
    EpDispatcher ep_dispatcher = EpDispatcher::AllToAll;
    bool ep_fp8_dispatch =
        false; // tokens dispatched in FP8 with 1×128 scales (DeepSeek-V3 §3.3.3); combine 16-bit
    // Layers of each pipeline stage, first to last; empty: as even as possible. first/last_stage_layers
    // (0: even) fix the two ends and spread the rest evenly (Megatron-LM's uneven pipeline options).
    std::vector<std::int64_t> pipeline_layers;
    std::int64_t first_stage_layers = 0;
    std::int64_t last_stage_layers = 0;
    bool sequence_parallel = false;
    int zero_stage = 0;
    Offload offload_optimizer = Offload::None;
    Offload offload_params = Offload::None;
    Schedule schedule = Schedule::OneFOneB;
    std::int64_t virtual_stages = 1;
    std::string rank_order = "tp-dp-pp"; // innermost first; cp sits next to tp
    std::int64_t expertTp() const { return etp > 0 ? etp : tp; }
    // Replicas of one expert shard, tp · cp · dp / (etp · ep), at least 1 (Megatron-Core's expert layout):
    // the group the routed experts' gradients are reduced and their states sharded over.
    std::int64_t expertDataParallel() const
    {
        const std::int64_t block =
            std::max<std::int64_t>(tp, 1) * std::max<std::int64_t>(cp, 1) * std::max<std::int64_t>(dp, 1);
        return std::max<std::int64_t>(
            block / (std::max<std::int64_t>(expertTp(), 1) * std::max<std::int64_t>(ep, 1)), 1);
    }
    DpSync dp_sync = DpSync::AllReduce;
    std::int64_t ps_servers = 1;
    bool operator==(const ParallelSpec&) const = default;
};

struct GpuSpec
{
    std::string name;
    double memory_bytes = 0;
    double peak_flops = 0; // dense 16-bit tensor FLOP/s
    double hbm_Bps = 0;
    double peak_fp8_flops = 0; // dense FP8 tensor FLOP/s; 0: the GPU has no FP8 tensor cores (or unknown)
    double peak_fp4_flops = 0; // dense FP4 tensor FLOP/s; 0: none
    bool operator==(const GpuSpec&) const = default;
};

// The scale-out network: a two-tier fat tree (leaf switches under a spine layer). Leaves have
// switch_ports ports: down-ports : up-ports = oversubscription : 1. Rail-optimised
// wiring puts NIC r of every node on rail r's leaves; otherwise a node's NICs share its leaf.
struct NetworkSpec
{
    std::string kind = "ib-hdr";
    std::int64_t nics_per_node = 8;
    double oversubscription = 1;   // leaf down-ports per up-port (1: non-blocking)
    bool rail_optimized = true;    // NIC r of every node on rail r's leaves
    std::int64_t switch_ports = 0; // ports per leaf switch; 0: the network kind's usual switch
    bool operator==(const NetworkSpec&) const = default;
};

struct TopologyNode
{
    std::string id;
    std::string kind; // gpu, cpu, pcie-switch, nvswitch, nic, switch, nvme, ps
    std::string label;
    double x = 0;
    double y = 0;
    bool operator==(const TopologyNode&) const = default;
};

struct TopologyLink
{
    std::string id;
    std::string a;
    std::string b;
    std::string kind;         // nvlink3, pcie-gen4-x16, ib-hdr, ...
    double bandwidth_Bps = 0; // per direction
    double latency_s = 0;
    double efficiency = 1.0;
    std::int64_t count = 1; // bonded links
    bool operator==(const TopologyLink&) const = default;
};

struct Topology
{
    std::vector<TopologyNode> nodes;
    std::vector<TopologyLink> links;
    bool operator==(const Topology&) const = default;
};

struct ClusterSpec
{
    // Catalogue id ("A100-SXM4-80GB") when the GPU comes from the catalogue; empty for an inline GPU.
    std::string gpu_id = "A100-SXM4-80GB";
    // Resolved figures (from the catalogue, or given inline); the default is the catalogue's A100-SXM4-80GB.
    GpuSpec gpu{"A100-SXM4-80GB", 81920.0 * 1024 * 1024, 312e12, 2.039e12};
    std::int64_t nodes = 1;
    std::int64_t gpus_per_node = 8;
    std::string node_preset = "dgx-a100"; // a preset id, or "auto": the node built from the GPU's fabric
    NetworkSpec network;
    double host_memory_bytes = 0;     // CPU memory per node; 0: the node shape's usual figure
    double nvme_bytes = 0;            // NVMe capacity per node for offload; 0: the node shape's usual figure
    std::optional<Topology> topology; // explicit topology, replaces node_preset when present
    bool operator==(const ClusterSpec&) const = default;
};

// How compute time is modelled. With efficiency 0 (the default) the kernel model (kernels.h) prices every
// GEMM by its shape, the attention core by its kernel, memory-bound work at achievable HBM bandwidth and
// each launch; a positive efficiency is a flat roofline instead: every GEMM at that fraction of the peak.
// Either way scale multiplies the compute times (what calibration against a measured run fits).
struct ComputeSpec
{
    double efficiency = 0;       // 0: the kernel model; else the achieved fraction of peak for every matmul
    double scale = 1;            // multiplies compute times (calibration)
    std::string calibrated_from; // the measured run the scale was fitted to ("" none): a file name or "typed"
    double measured_step_s = 0;  // that run's step time
    bool operator==(const ComputeSpec&) const = default;
};

// Allowances the memory model adds beside model states and activations (docs/architecture.md).
// Documented defaults, overridable in the scenario's "overheads" section.
struct OverheadSpec
{
    double cuda_context_bytes = 512.0 * 1024 * 1024;   // CUDA context, cuBLAS/NCCL workspaces
    double allocator_fraction = 0.05;                  // caching-allocator fragmentation over all the rest
    double grad_bucket_bytes = 2 * 25.0 * 1024 * 1024; // two 25 MiB gradient buckets in flight (PyTorch DDP)
    bool operator==(const OverheadSpec&) const = default;
};

struct Scenario
{
    std::string name = "Untitled";
    ModelSpec model;
    TrainingSpec training;
    ParallelSpec parallel;
    ClusterSpec cluster;
    ComputeSpec compute;
    OverheadSpec overheads;

    std::int64_t gpus() const { return cluster.nodes * cluster.gpus_per_node; }
    bool operator==(const Scenario&) const = default;
};

// The built-in default scenario (what `shardscope` opens with no argument).
Scenario defaultScenario();

} // namespace ss
