// SPDX-License-Identifier: GPL-3.0-or-later
#include "validate.h"

#include "fields.h"
#include "gpucatalog.h"
#include "nodeshapes.h"

#include <algorithm>
#include <cstdio>
#include <set>
#include <string>
#include <string_view>

namespace ss {

namespace {

std::string n(std::int64_t v)
{
    return std::to_string(v);
}

std::string num(double v)
{
    char text[32];
    std::snprintf(text, sizeof text, "%g", v);
    return text;
}

// Records a problem: PATH to blame, a stable CODE with its ARGS (the views translate by code), and the
// English MESSAGE the CLI prints.
void add(std::vector<Problem>& out, std::string path, std::string code, std::vector<std::string> args,
         std::string message)
{
    out.push_back({std::move(path), std::move(message), std::move(code), std::move(args)});
}

void checkTopology(const Topology& topo, std::int64_t gpus, std::vector<Problem>& out)
{
    static const std::set<std::string_view> deviceKinds = {"gpu", "cpu",    "pcie-switch", "nvswitch",
                                                           "nic", "switch", "nvme",        "ps"};
    std::set<std::string> ids;
    std::int64_t gpuCount = 0;
    for (std::size_t i = 0; i < topo.nodes.size(); ++i) {
        const TopologyNode& node = topo.nodes[i];
        const std::string p = "cluster.topology.nodes[" + std::to_string(i) + "]";
        if (node.id.empty())
            add(out, p + ".id", "topology.id_empty", {}, "a device needs a non-empty id");
        else if (!ids.insert(node.id).second)
            add(out, p + ".id", "topology.id_twice", {node.id}, "the id \"" + node.id + "\" is used twice");
        if (!deviceKinds.count(node.kind))
            add(out, p + ".kind", "topology.device_kind", {node.kind},
                "unknown device kind \"" + node.kind +
                    "\"; expected gpu, cpu, pcie-switch, nvswitch, nic, switch, nvme or ps");
        gpuCount += node.kind == "gpu";
    }
    std::set<std::string> linkIds;
    for (std::size_t i = 0; i < topo.links.size(); ++i) {
        const TopologyLink& link = topo.links[i];
        const std::string p = "cluster.topology.links[" + std::to_string(i) + "]";
        if (!link.id.empty() && !linkIds.insert(link.id).second)
            add(out, p + ".id", "topology.id_twice", {link.id},
                "the link id \"" + link.id + "\" is used twice");
        if (!ids.count(link.a))
            add(out, p + ".a", "topology.no_device", {link.a}, "no device has the id \"" + link.a + "\"");
        if (!ids.count(link.b))
            add(out, p + ".b", "topology.no_device", {link.b}, "no device has the id \"" + link.b + "\"");
        if (link.a == link.b && !link.a.empty())
            add(out, p + ".b", "topology.self_link", {}, "a link must join two different devices");
        if (!isKnownLinkKind(link.kind))
            add(out, p + ".kind", "topology.link_kind", {link.kind},
                "unknown link kind \"" + link.kind +
                    "\"; expected one beginning with nvlink, nvswitch, xgmi, pcie, host, qpi, upi, ib, roce "
                    "or "
                    "ethernet (the prefix, then nothing, '-' or a digit)");
        if (!(link.bandwidth_Bps > 0) || link.bandwidth_Bps > 1e16)
            add(out, p + ".bandwidth_Bps", "topology.bandwidth", {},
                "expected a bandwidth above 0 B/s and at most 1e16 B/s");
        if (!(link.latency_s >= 0) || link.latency_s > 1e3)
            add(out, p + ".latency_s", "topology.latency", {}, "expected a latency from 0 s to 1000 s");
        if (!(link.efficiency > 0 && link.efficiency <= 1))
            add(out, p + ".efficiency", "efficiency.range", {},
                "expected an efficiency above 0 and at most 1");
        if (link.count < 1)
            add(out, p + ".count", "count.min", {n(link.count)}, "expected at least 1 link");
    }
    if (gpuCount != gpus)
        add(out, "cluster.topology", "topology.gpus", {n(gpuCount), n(gpus)},
            "the topology has " + n(gpuCount) + " GPUs, but nodes × gpus_per_node = " + n(gpus));
}

// Counts the field table also bounds; checked again because a Scenario may be built in code.
void checkCounts(const Scenario& sc, std::vector<Problem>& out)
{
    const ModelSpec& m = sc.model;
    const ParallelSpec& p = sc.parallel;
    const TrainingSpec& t = sc.training;
    const ClusterSpec& c = sc.cluster;
    auto positive = [&](std::int64_t v, const char* path, const char* what) {
        if (v < 1)
            add(out, path, "count.min", {n(v)}, std::string("expected at least 1 ") + what + ", got " + n(v));
    };
    positive(p.dp, "parallel.dp", "data-parallel rank");
    positive(p.tp, "parallel.tp", "tensor-parallel rank");
    positive(p.pp, "parallel.pp", "pipeline stage");
    positive(p.cp, "parallel.cp", "context-parallel rank");
    positive(p.ep, "parallel.ep", "expert-parallel rank");
    if (p.etp < 0)
        add(out, "parallel.etp", "count.min", {n(p.etp)}, "expected 0 (as tp) or more, got " + n(p.etp));
    positive(c.nodes, "cluster.nodes", "node");
    positive(c.gpus_per_node, "cluster.gpus_per_node", "GPU per node");
    positive(t.global_batch, "training.global_batch", "sequence");
    positive(t.micro_batch, "training.micro_batch", "sequence");
    positive(m.layers, "model.layers", "layer");
    positive(m.seq_len, "model.seq_len", "token");
    if (m.kind == ModelKind::Transformer) {
        positive(m.hidden, "model.hidden", "hidden unit");
        positive(m.heads, "model.heads", "attention head");
        positive(m.kv_heads, "model.kv_heads", "key/value head");
        positive(m.ffn_hidden, "model.ffn_hidden", "FFN unit");
        positive(m.vocab, "model.vocab", "vocabulary entry");
        positive(m.experts, "model.experts", "expert");
        positive(m.experts_per_token, "model.experts_per_token", "expert per token");
    } else if (!(m.params > 0)) {
        add(out, "model.params", "params.positive", {},
            "a model of kind \"params\" needs a parameter count above 0");
    }
}

// parallel.pipeline_layers, or first/last_stage_layers, against pp and the model's layers.
void checkStageLayers(const Scenario& sc, std::vector<Problem>& out)
{
    const ParallelSpec& p = sc.parallel;
    const std::int64_t layers = sc.model.layers;
    if (!p.pipeline_layers.empty()) {
        std::int64_t sum = 0;
        for (const std::int64_t v : p.pipeline_layers)
            sum += v;
        if (std::int64_t(p.pipeline_layers.size()) != p.pp)
            add(out, "parallel.pipeline_layers", "pipeline_layers.count",
                {n(std::int64_t(p.pipeline_layers.size())), n(p.pp)},
                "pipeline_layers lists " + n(std::int64_t(p.pipeline_layers.size())) + " stages, but pp is " +
                    n(p.pp));
        else if (sum != layers)
            add(out, "parallel.pipeline_layers", "pipeline_layers.sum", {n(sum), n(layers)},
                "pipeline_layers add up to " + n(sum) + " layers, but the model has " + n(layers));
        for (std::size_t i = 1; i + 1 < p.pipeline_layers.size(); ++i)
            if (p.pipeline_layers[i] < 1) {
                add(out, "parallel.pipeline_layers", "pipeline_layers.empty", {n(std::int64_t(i))},
                    "stage " + n(std::int64_t(i)) +
                        " has no layers; only the first and last stages (embedding, output) may hold none");
                break;
            }
        if (p.first_stage_layers > 0 || p.last_stage_layers > 0)
            add(out, "parallel.first_stage_layers", "pipeline_layers.both", {},
                "give either pipeline_layers or first/last_stage_layers, not both");
        return;
    }
    if (p.first_stage_layers <= 0 && p.last_stage_layers <= 0)
        return;
    const std::int64_t ends = (p.first_stage_layers > 0) + (p.last_stage_layers > 0);
    const std::int64_t rest = layers - p.first_stage_layers - p.last_stage_layers;
    if (p.pp < 2)
        add(out, "parallel.first_stage_layers", "pipeline_layers.pp", {},
            "first/last_stage_layers need pp of 2 or more");
    else if (rest < p.pp - ends || (ends == p.pp && rest != 0))
        add(out, "parallel.first_stage_layers", "pipeline_layers.ends",
            {n(p.first_stage_layers), n(p.last_stage_layers), n(layers), n(p.pp)},
            "first_stage_layers " + n(p.first_stage_layers) + " and last_stage_layers " +
                n(p.last_stage_layers) + " leave " + n(rest) + " of the " + n(layers) +
                " layers for the other " + n(p.pp - ends) + " stages");
}

// Experts against their ranks: whole experts per ep rank, ep × etp inside the dp × cp × tp ranks of a stage
// (Megatron-Core's expert layout), etp dividing the expert FFN.
void checkExperts(const Scenario& sc, std::vector<Problem>& out)
{
    const ModelSpec& m = sc.model;
    const ParallelSpec& p = sc.parallel;
    if (m.kind != ModelKind::Transformer || !m.moe()) {
        if (p.ep > 1)
            add(out, "parallel.ep", "ep.dense", {n(p.ep)},
                "ep " + n(p.ep) + " needs a mixture-of-experts model (model.experts above 1)");
        return;
    }
    if (m.experts % p.ep != 0)
        add(out, "parallel.ep", "ep.experts", {n(p.ep), n(m.experts)},
            "ep " + n(p.ep) + " does not divide the " + n(m.experts) + " experts");
    const std::int64_t etp = p.expertTp();
    const std::int64_t block = p.dp * p.cp * p.tp;
    if (block % (p.ep * etp) != 0)
        add(out, "parallel.ep", "ep.ranks", {n(p.ep), n(etp), n(block)},
            "ep × etp = " + n(p.ep) + " × " + n(etp) + " does not divide the dp × cp × tp = " + n(block) +
                " ranks of a pipeline stage");
    if (m.expertFfn() % etp != 0)
        add(out, "parallel.etp", "etp.ffn", {n(etp), n(m.expertFfn())},
            "etp " + n(etp) + " does not divide the expert FFN size " + n(m.expertFfn()));
    if (m.dense_layers > m.layers)
        add(out, "model.dense_layers", "dense_layers.layers", {n(m.dense_layers), n(m.layers)},
            n(m.dense_layers) + " dense layers are more than the model's " + n(m.layers));
    // Group-limited routing (DeepSeek-V3 §2.1.2): equal groups of whole experts, a token's top-k inside the
    // groups it may use.
    const std::int64_t groups = m.expert_groups, perToken = m.expert_groups_per_token;
    if (groups > 0 && m.experts % groups != 0)
        add(out, "model.expert_groups", "expert_groups.experts", {n(groups), n(m.experts)},
            n(groups) + " expert groups do not divide the " + n(m.experts) + " experts");
    else if ((groups > 0) != (perToken > 0))
        add(out, groups > 0 ? "model.expert_groups_per_token" : "model.expert_groups", "expert_groups.both",
            {},
            "group-limited routing needs both model.expert_groups and model.expert_groups_per_token "
            "(0 and 0: no limit)");
    else if (perToken > groups)
        add(out, "model.expert_groups_per_token", "expert_groups.per_token", {n(perToken), n(groups)},
            "a token cannot use " + n(perToken) + " expert groups of " + n(groups));
    else if (groups > 0 && perToken * (m.experts / groups) < m.experts_per_token)
        add(out, "model.expert_groups_per_token", "expert_groups.top_k",
            {n(perToken), n(m.experts / groups), n(m.experts_per_token)},
            n(perToken) + " groups of " + n(m.experts / groups) + " experts hold fewer than the " +
                n(m.experts_per_token) + " experts a token uses");
    if (sc.training.fp8_swiglu_inputs && sc.training.precision != Precision::Fp8Mixed)
        add(out, "training.fp8_swiglu_inputs", "fp8_swiglu_inputs.precision", {},
            "FP8 SwiGLU inputs come with FP8 training: they need training.precision fp8-mixed");
    if (p.ep_fp8_dispatch && sc.training.precision != Precision::Fp8Mixed)
        add(out, "parallel.ep_fp8_dispatch", "ep_fp8_dispatch.precision", {},
            "FP8 dispatch feeds the experts' FP8 GEMMs: it needs training.precision fp8-mixed");
}

// Multi-head latent attention's ranks and head dims.
void checkMla(const ModelSpec& m, std::vector<Problem>& out)
{
    if (m.attention != AttentionKind::Mla)
        return;
    if (m.kv_lora_rank < 1)
        add(out, "model.kv_lora_rank", "count.min", {n(m.kv_lora_rank)},
            "expected a key/value latent rank of at least 1, got " + n(m.kv_lora_rank));
    if (m.v_head_dim < 1)
        add(out, "model.v_head_dim", "count.min", {n(m.v_head_dim)},
            "expected a value head dim of at least 1, got " + n(m.v_head_dim));
    if (m.qk_nope_head_dim + m.qk_rope_head_dim < 1)
        add(out, "model.qk_nope_head_dim", "mla.qk", {},
            "MLA needs qk_nope_head_dim + qk_rope_head_dim above 0");
}

// FP8 and narrower formats need the tensor cores that run them.
void checkPrecision(const Scenario& sc, std::vector<Problem>& out)
{
    const TrainingSpec& t = sc.training;
    const GpuSpec& g = sc.cluster.gpu;
    if (t.precision != Precision::Fp8Mixed)
        return;
    if (!(g.peak_fp8_flops > 0)) {
        add(out, "training.precision", "fp8.gpu", {g.name},
            "the " + g.name +
                " has no FP8 tensor cores (FP8 came with Hopper and Ada); use bf16-mixed or "
                "give cluster.gpu.peak_fp8_flops");
        return;
    }
    // Block-scaled formats in hardware (OCP MX, NVFP4) came with Blackwell, which also brought FP4.
    if ((t.fp8_recipe == Fp8Recipe::Mxfp8 || t.fp8_recipe == Fp8Recipe::Nvfp4) && !(g.peak_fp4_flops > 0))
        add(out, "training.fp8_recipe", "fp8.recipe_gpu", {enumName(t.fp8_recipe), g.name},
            "the " + std::string(enumName(t.fp8_recipe)) +
                " recipe needs Blackwell's block-scaled tensor cores; the " + g.name +
                " has none (use \"tensor\" or \"block\")");
}

// The kernels and overlaps the recipe names, against the GPU and the layout.
void checkKernels(const Scenario& sc, std::vector<Problem>& out)
{
    const TrainingSpec& t = sc.training;
    if (t.flash_attention && t.attention_kernel == AttentionKernel::Flash3 &&
        kernelTraitsOf(sc.cluster).attention != FusedAttention::Flash3)
        add(out, "training.attention_kernel", "attention.flash3", {sc.cluster.gpu.name},
            "FlashAttention-3 needs Hopper (wgmma and TMA); the " + sc.cluster.gpu.name +
                " is not one (use \"auto\" or \"flash2\")");
    if (t.tp_comm_overlap && sc.parallel.tp > 1 && !sc.parallel.sequence_parallel)
        add(out, "training.tp_comm_overlap", "tp_overlap.sp", {},
            "tensor-parallel communication overlap needs sequence parallelism (Megatron-LM "
            "--tp-comm-overlap); turn on parallel.sequence_parallel");
}

// The layout against the cluster, the batch and the layers.
void checkLayout(const Scenario& sc, std::vector<Problem>& out)
{
    const ModelSpec& m = sc.model;
    const ParallelSpec& p = sc.parallel;
    const TrainingSpec& t = sc.training;
    const ClusterSpec& c = sc.cluster;
    const std::int64_t gpus = sc.gpus();
    if (p.cp > 1 && p.dp * p.tp * p.pp * p.cp != gpus)
        add(out, "parallel.dp", "parallel.product_cp",
            {n(p.dp), n(p.tp), n(p.pp), n(p.cp), n(p.dp * p.tp * p.pp * p.cp), n(gpus)},
            "dp × tp × pp × cp = " + n(p.dp) + " × " + n(p.tp) + " × " + n(p.pp) + " × " + n(p.cp) + " = " +
                n(p.dp * p.tp * p.pp * p.cp) + ", but the cluster has " + n(gpus) + " GPUs");
    else if (p.cp == 1 && p.dp * p.tp * p.pp != gpus)
        add(out, "parallel.dp", "parallel.product",
            {n(p.dp), n(p.tp), n(p.pp), n(p.dp * p.tp * p.pp), n(c.nodes), n(c.gpus_per_node), n(gpus)},
            "dp × tp × pp = " + n(p.dp) + " × " + n(p.tp) + " × " + n(p.pp) + " = " + n(p.dp * p.tp * p.pp) +
                ", but the cluster has " + n(c.nodes) + (c.nodes == 1 ? " node" : " nodes") + " × " +
                n(c.gpus_per_node) + " GPUs = " + n(gpus));
    if (t.global_batch % (p.dp * t.micro_batch) != 0)
        add(out, "training.global_batch", "batch.divisible",
            {n(t.global_batch), n(p.dp), n(t.micro_batch), n(p.dp * t.micro_batch)},
            "the global batch " + n(t.global_batch) + " is not divisible by dp × micro_batch = " + n(p.dp) +
                " × " + n(t.micro_batch) + " = " + n(p.dp * t.micro_batch));
    if (p.pp > m.layers)
        add(out, "parallel.pp", "pp.layers", {n(p.pp), n(m.layers)},
            "pp " + n(p.pp) + " is more than the model's " + n(m.layers) + " layers");
    // Megatron-Core splits each sequence into 2·cp chunks so that causal attention balances over the ranks.
    if (p.cp > 1 && m.seq_len % (2 * p.cp) != 0)
        add(out, "parallel.cp", "cp.seq", {n(p.cp), n(m.seq_len), n(2 * p.cp)},
            "cp " + n(p.cp) + " needs the sequence length " + n(m.seq_len) +
                " to be a multiple of 2 × cp = " + n(2 * p.cp));
    checkStageLayers(sc, out);
}

// A transformer's heads and FFN against each other and against tp.
void checkHeads(const ModelSpec& m, const ParallelSpec& p, std::vector<Problem>& out)
{
    if (m.head_dim == 0 && m.hidden % m.heads != 0)
        add(out, "model.heads", "heads.hidden", {n(m.heads), n(m.hidden)},
            n(m.heads) + " heads do not divide the hidden size " + n(m.hidden) +
                " (give model.head_dim for such models)");
    if (m.attention != AttentionKind::Mla && m.heads % m.kv_heads != 0)
        add(out, "model.kv_heads", "kv.heads", {n(m.kv_heads), n(m.heads)},
            n(m.kv_heads) + " key/value heads do not divide the " + n(m.heads) + " attention heads");
    if (m.heads % p.tp != 0)
        add(out, "parallel.tp", "tp.heads", {n(p.tp), n(m.heads)},
            "tp " + n(p.tp) + " does not divide the " + n(m.heads) +
                " attention heads (Megatron-LM splits whole heads)");
    // Megatron-LM replicates key/value heads when tp exceeds them, so one must divide the other.
    if (m.attention != AttentionKind::Mla && m.kv_heads % p.tp != 0 && p.tp % m.kv_heads != 0)
        add(out, "parallel.tp", "tp.kv", {n(p.tp), n(m.kv_heads)},
            "tp " + n(p.tp) + " and the " + n(m.kv_heads) + " key/value heads must divide one another");
    if (m.ffn_hidden % p.tp != 0)
        add(out, "parallel.tp", "tp.ffn", {n(p.tp), n(m.ffn_hidden)},
            "tp " + n(p.tp) + " does not divide the FFN size " + n(m.ffn_hidden));
    if (m.experts_per_token > m.experts)
        add(out, "model.experts_per_token", "experts.per_token", {n(m.experts_per_token), n(m.experts)},
            "a token cannot use " + n(m.experts_per_token) + " experts of " + n(m.experts));
}

// The pipeline schedule and its virtual stages.
void checkSchedule(const Scenario& sc, std::vector<Problem>& out)
{
    const ModelSpec& m = sc.model;
    const ParallelSpec& p = sc.parallel;
    const TrainingSpec& t = sc.training;
    const std::int64_t micro = t.global_batch / std::max<std::int64_t>(p.dp * t.micro_batch, 1);
    if (p.schedule == Schedule::Interleaved) {
        if (p.pp < 2)
            add(out, "parallel.schedule", "interleaved.pp", {},
                "the interleaved schedule needs pp of 2 or more");
        if (p.virtual_stages < 2)
            add(out, "parallel.virtual_stages", "interleaved.virtual", {},
                "the interleaved schedule needs 2 or more virtual stages");
        else if (p.pipeline_layers.empty() && p.first_stage_layers <= 0 && p.last_stage_layers <= 0 &&
                 m.layers % (p.pp * p.virtual_stages) != 0)
            add(out, "parallel.virtual_stages", "interleaved.layers",
                {n(p.pp * p.virtual_stages), n(m.layers)},
                "pp × virtual_stages = " + n(p.pp * p.virtual_stages) + " does not divide the " +
                    n(m.layers) + " layers");
        // Narayanan et al. SC'21 §2.2.2: the interleaved schedule needs m to be a multiple of p.
        if (p.pp > 1 && micro % p.pp != 0)
            add(out, "training.global_batch", "interleaved.microbatches", {n(micro), n(p.pp)},
                "the interleaved schedule needs microbatches (" + n(micro) + ") to be a multiple of pp (" +
                    n(p.pp) + ")");
    } else if (p.virtual_stages != 1) {
        add(out, "parallel.virtual_stages", "virtual.schedule", {},
            "virtual stages other than 1 need the interleaved schedule");
    }
}

// ZeRO, offload, the parameter server and gradient compression.
void checkSharding(const ParallelSpec& p, const TrainingSpec& t, std::vector<Problem>& out)
{
    if (p.zero_stage < 0 || p.zero_stage > 3)
        add(out, "parallel.zero_stage", "zero.range", {n(p.zero_stage)},
            "expected a ZeRO stage from 0 to 3, got " + n(p.zero_stage));
    // ZeRO-Offload builds on ZeRO's partitioning; parameter offload is ZeRO-Infinity, stage 3 only (DeepSpeed
    // docs).
    if (p.offload_optimizer != Offload::None && p.zero_stage < 1)
        add(out, "parallel.offload_optimizer", "offload.optimizer", {},
            "optimizer offload needs ZeRO stage 1, 2 or 3");
    if (p.offload_params != Offload::None && p.zero_stage != 3)
        add(out, "parallel.offload_params", "offload.params", {}, "parameter offload needs ZeRO stage 3");
    if (p.dp_sync == DpSync::ParameterServer && p.zero_stage != 0)
        add(out, "parallel.dp_sync", "ps.zero", {},
            "a parameter server does not combine with ZeRO sharding (use stage 0)");
    if (t.grad_comm_bits != 32 && t.grad_comm_bits != 16 && t.grad_comm_bits != 8 && t.grad_comm_bits != 1)
        add(out, "training.grad_comm_bits", "grad_bits", {n(t.grad_comm_bits)},
            "expected 32, 16, 8 or 1 bits, got " + n(t.grad_comm_bits));
}

// The GPU's figures, the compute efficiency and the memory overheads.
void checkHardware(const Scenario& sc, std::vector<Problem>& out)
{
    const ClusterSpec& c = sc.cluster;
    if (!(c.gpu.memory_bytes > 0))
        add(out, "cluster.gpu.memory_bytes", "gpu.memory", {}, "the GPU needs a memory size above 0 bytes");
    if (!(c.gpu.peak_flops > 0))
        add(out, "cluster.gpu.peak_flops", "gpu.flops", {}, "the GPU needs a peak FLOP/s above 0");
    if (!(c.gpu.hbm_Bps > 0))
        add(out, "cluster.gpu.hbm_Bps", "gpu.bandwidth", {}, "the GPU needs a memory bandwidth above 0 B/s");
    if (!(sc.compute.efficiency >= 0 && sc.compute.efficiency <= 1))
        add(out, "compute.efficiency", "compute.efficiency", {},
            "expected 0 (the kernel model) or a fraction of the peak above 0 and at most 1");
    if (!(sc.compute.scale > 0 && sc.compute.scale <= 100))
        add(out, "compute.scale", "compute.scale", {num(sc.compute.scale)},
            "expected a compute scale above 0 and at most 100, got " + num(sc.compute.scale));
    if (!(sc.compute.measured_step_s >= 0))
        add(out, "compute.measured_step_s", "measured.negative", {},
            "expected a measured step time of 0 s or more");
    if (!(sc.overheads.allocator_fraction >= 0 && sc.overheads.allocator_fraction <= 1))
        add(out, "overheads.allocator_fraction", "fraction.range", {}, "expected a fraction from 0 to 1");
    if (!(sc.overheads.cuda_context_bytes >= 0))
        add(out, "overheads.cuda_context_bytes", "bytes.negative", {}, "expected 0 bytes or more");
    if (!(sc.overheads.grad_bucket_bytes >= 0))
        add(out, "overheads.grad_bucket_bytes", "bytes.negative", {}, "expected 0 bytes or more");
}

// The explicit topology, or the node preset and its GPUs per node.
void checkMachines(const ClusterSpec& c, std::int64_t gpus, std::vector<Problem>& out)
{
    if (c.topology) {
        checkTopology(*c.topology, gpus, out);
    } else {
        const PresetInfo* preset = findPreset(c.node_preset);
        if (c.node_preset == kAutoPreset) {
            if (!findGpu(c.gpu_id))
                add(out, "cluster.node_preset", "preset.auto_gpu", {},
                    "the \"auto\" node preset builds the node from a catalogue GPU's fabric; a custom GPU "
                    "needs a named node preset or an explicit cluster.topology");
        } else if (!preset) {
            add(out, "cluster.node_preset", "preset.unknown", {c.node_preset},
                "unknown node preset \"" + c.node_preset + "\"");
        } else if (const std::int64_t g = preset->gpus_per_node; g > 0 && g != c.gpus_per_node) {
            add(out, "cluster.gpus_per_node", "preset.gpus", {c.node_preset, n(g), n(c.gpus_per_node)},
                "the " + c.node_preset + " preset has " + n(g) + " GPUs per node, but gpus_per_node is " +
                    n(c.gpus_per_node) + " (node_preset \"auto\" builds a node of any size)");
        }
    }
    if (!(c.network.oversubscription >= 1 && c.network.oversubscription <= 64))
        add(out, "cluster.network.oversubscription", "network.oversubscription", {},
            "expected an oversubscription from 1 (non-blocking) to 64");
    if (!(c.host_memory_bytes >= 0))
        add(out, "cluster.host_memory_bytes", "bytes.negative", {}, "expected 0 bytes or more");
    if (!(c.nvme_bytes >= 0))
        add(out, "cluster.nvme_bytes", "bytes.negative", {}, "expected 0 bytes or more");
}

} // namespace

// LoRA and QLoRA (docs/engine-model.md, "LoRA and QLoRA"): a rank PEFT accepts, targets the model has, a base
// width bitsandbytes stores, and what the model does not cover with adapters.
void checkLora(const Scenario& sc, std::vector<Problem>& out)
{
    const TrainingSpec& t = sc.training;
    const int bits = t.base_bits;
    if (bits != 0 && bits != 16 && bits != 8 && bits != 4) {
        add(out, "training.base_bits", "lora.bits", {n(bits)},
            "expected 16, 8 or 4 bits (0: the method's own, 4 for qlora, else 16), got " + n(bits));
        return;
    }
    if (!t.lora()) {
        if (t.baseBits() != 16)
            add(out, "training.base_bits", "lora.full_quantized", {n(bits)},
                "full training updates every weight, which a " + n(bits) +
                    "-bit base cannot hold; use method lora or qlora, or 16 bits");
        if (t.paged_optimizer)
            add(out, "training.paged_optimizer", "lora.paged_full", {},
                "paged optimizer states are modelled with method lora or qlora only");
        return;
    }
    if (t.method == TrainingMethod::Qlora && t.baseBits() != 4)
        add(out, "training.base_bits", "lora.qlora_bits", {n(bits)},
            "qlora quantizes the base to 4 bits (NF4), got " + n(bits) +
                "; use method lora for a 16- or 8-bit base");
    const std::int64_t r = t.lora_rank;
    if (r < 1 || r > 65536)
        add(out, "training.lora_rank", "lora.rank", {n(r)}, "expected a rank from 1 to 65536, got " + n(r));
    else if (sc.model.kind == ModelKind::Transformer && r >= sc.model.hidden)
        add(out, "training.lora_rank", "lora.rank_hidden", {n(r), n(sc.model.hidden)},
            "a rank of " + n(r) + " is not low-rank for the hidden size " + n(sc.model.hidden) +
                "; expected fewer than " + n(sc.model.hidden));
    if (!(t.lora_alpha > 0))
        add(out, "training.lora_alpha", "lora.alpha", {num(t.lora_alpha)},
            "expected an alpha above 0, got " + num(t.lora_alpha));
    if ((t.lora_targets & kLoraAll) == 0 || (t.lora_targets & ~std::uint32_t(kLoraAll)) != 0)
        add(out, "training.lora_targets", "lora.targets", {},
            "expected one or more of q, k, v, o, gate, up, down, experts, embed, head");
    else if ((t.lora_targets & kLoraExperts) && !sc.model.moe())
        add(out, "training.lora_targets", "lora.experts", {},
            "\"experts\" adapts the routed experts, and this model has none (model.experts is 1)");
    else if (sc.model.kind == ModelKind::Params && (t.lora_targets & (kLoraEmbed | kLoraHead)))
        add(out, "training.lora_targets", "lora.params_ends", {},
            "\"embed\" and \"head\" need a transformer model (model.kind \"params\" has no vocabulary)");
    const ParallelSpec& p = sc.parallel;
    if (p.offload_optimizer != Offload::None)
        add(out, "parallel.offload_optimizer", "lora.offload", {},
            "optimizer offload is not modelled with LoRA; use training.paged_optimizer for the adapters' "
            "states");
    if (p.offload_params != Offload::None)
        add(out, "parallel.offload_params", "lora.offload", {},
            "parameter offload is not modelled with LoRA or QLoRA");
    if (p.dp_sync == DpSync::ParameterServer)
        add(out, "parallel.dp_sync", "lora.ps", {}, "a parameter server is not modelled with LoRA or QLoRA");
}

std::vector<Problem> validateScenario(const Scenario& sc)
{
    std::vector<Problem> out;
    checkCounts(sc, out);
    if (!out.empty())
        return out; // the checks below divide by these
    checkLayout(sc, out);
    if (sc.model.kind == ModelKind::Transformer) {
        checkHeads(sc.model, sc.parallel, out);
        checkMla(sc.model, out);
    }
    checkExperts(sc, out);
    checkPrecision(sc, out);
    checkKernels(sc, out);
    checkSchedule(sc, out);
    checkSharding(sc.parallel, sc.training, out);
    checkLora(sc, out);
    checkHardware(sc, out);
    checkMachines(sc.cluster, sc.gpus(), out);
    return out;
}

} // namespace ss
