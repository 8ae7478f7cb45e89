// SPDX-License-Identifier: GPL-3.0-or-later
#include "glossary.h"

#include <QAction>
#include <QEvent>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QListWidget>
#include <QSplitter>
#include <QTextBoundaryFinder>
#include <QTextBrowser>
#include <QVBoxLayout>

namespace ss {

namespace {

// Terms and definitions are marked for lupdate here and translated when shown, so a language switch
// shows them in the new language at once. Sources stay as published, like a bibliography.
const std::vector<GlossaryEntry> glossaryTable = {
    // --- Parallelism
    {"dp", QT_TRANSLATE_NOOP("Glossary", "Data parallelism (DP)"),
     QT_TRANSLATE_NOOP(
         "Glossary",
         "Every data-parallel rank holds a replica of the model and trains on its own share of the "
         "global batch; the gradients are averaged over the replicas every step, usually with an "
         "all-reduce. It multiplies throughput but not the memory per GPU, unless ZeRO shards the "
         "model states."),
     "Li et al., \"PyTorch Distributed: Experiences on Accelerating Data Parallel Training\", VLDB 2020",
     "data parallel, replica, ddp"},
    {"tp", QT_TRANSLATE_NOOP("Glossary", "Tensor parallelism (TP)"),
     QT_TRANSLATE_NOOP(
         "Glossary",
         "Splits every layer's weight matrices over t GPUs (attention heads, the MLP's columns and "
         "rows), so each GPU holds and computes 1/t of every layer. It needs two all-reduces in the "
         "forward and two in the backward pass of every layer, so it is kept inside a machine, on "
         "NVLink."),
     "Shoeybi et al., \"Megatron-LM\", arXiv:1909.08053 (2019); Narayanan et al., SC'21, section 2.3",
     "tensor parallel, model parallel, megatron, intra-layer"},
    {"pp", QT_TRANSLATE_NOOP("Glossary", "Pipeline parallelism (PP)"),
     QT_TRANSLATE_NOOP(
         "Glossary",
         "Splits the layers into p consecutive stages on different GPUs; activations travel forward "
         "and their gradients backward between neighbouring stages. The batch is cut into "
         "microbatches so that the stages work at the same time; the idle time while the pipeline "
         "fills and drains is the bubble."),
     "Huang et al., \"GPipe\", NeurIPS'19; Narayanan et al., SC'21, section 2.2",
     "pipeline parallel, stage, inter-layer"},
    {"sp", QT_TRANSLATE_NOOP("Glossary", "Sequence parallelism (SP)"),
     QT_TRANSLATE_NOOP(
         "Glossary",
         "With tensor parallelism, also splits the layer norms and dropouts along the sequence, so "
         "their activations are divided by t as well. Each all-reduce of tensor parallelism becomes "
         "a reduce-scatter plus an all-gather of the same total volume."),
     "Korthikanti et al., \"Reducing Activation Recomputation in Large Transformer Models\", MLSys'23, "
     "section 4.2.2",
     "sequence parallel"},
    {"moe", QT_TRANSLATE_NOOP("Glossary", "Mixture of experts (MoE)"),
     QT_TRANSLATE_NOOP(
         "Glossary",
         "A layer whose feed-forward network is many experts, of which a router picks the top k for "
         "each token; shared experts see every token. The model has many parameters (total) but each "
         "token passes through few of them (active): DeepSeek-V3 has 671B of which 37B are active."),
     "Lepikhin et al., \"GShard\", ICLR'21; Dai et al., \"DeepSeekMoE\", arXiv:2401.06066; DeepSeek-AI, "
     "\"DeepSeek-V3 Technical Report\", arXiv:2412.19437",
     "mixture of experts, router, top-k, shared expert, active parameters"},
    {"ep", QT_TRANSLATE_NOOP("Glossary", "Expert parallelism (EP)"),
     QT_TRANSLATE_NOOP(
         "Glossary",
         "Splits a MoE layer's experts over ep GPUs taken from the data-parallel ranks. Every MoE layer "
         "sends each token to the GPUs of its experts and brings the results back: two all-to-alls in "
         "the forward and two in the backward pass. The experts' gradients are reduced only over the "
         "GPUs that hold the same experts (expert data parallel)."),
     "Lepikhin et al., \"GShard\", ICLR'21, section 2.2; Megatron-Core MoE documentation",
     "expert parallel, all-to-all, dispatch, combine, capacity factor, edp"},
    {"cp", QT_TRANSLATE_NOOP("Glossary", "Context parallelism (CP)"),
     QT_TRANSLATE_NOOP(
         "Glossary",
         "Splits every sequence over cp GPUs, each keeping the activations of s/cp tokens. Attention "
         "needs the keys and values of the whole sequence, so the GPUs pass them around a ring while "
         "they compute (or all-gather them first, as Llama 3 does). The sequence is cut into 2·cp "
         "chunks so that causal attention costs every GPU the same."),
     "Liu et al., \"Ring Attention\", arXiv:2310.01889; Llama Team, \"The Llama 3 Herd of Models\", "
     "arXiv:2407.21783, section 3.3.2",
     "context parallel, ring attention, long context, sequence split"},
    {"mla", QT_TRANSLATE_NOOP("Glossary", "Multi-head latent attention (MLA)"),
     QT_TRANSLATE_NOOP(
         "Glossary",
         "Attention whose keys and values are projected up from a small shared latent (and queries from "
         "another), so that few values need keeping per token; a separate small part of each head "
         "carries the rotary position."),
     "DeepSeek-AI, \"DeepSeek-V2\", arXiv:2405.04434, section 2.1",
     "latent attention, kv compression, lora rank"},
    {"fp8", QT_TRANSLATE_NOOP("Glossary", "FP8 training"),
     QT_TRANSLATE_NOOP(
         "Glossary",
         "Runs the linear layers' matrix multiplications with 8-bit floating-point inputs at twice the "
         "16-bit rate of Hopper and Blackwell GPUs, scaling each tensor (or each block) so that its "
         "values fit the narrow range; master weights and optimizer states stay in fp32."),
     "Micikevicius et al., \"FP8 Formats for Deep Learning\", arXiv:2209.05433; DeepSeek-V3, "
     "arXiv:2412.19437, section 3.3; OCP Microscaling Formats (MX) v1.0",
     "fp8, e4m3, e5m2, mxfp8, nvfp4, block scaling"},
    {"microbatch", QT_TRANSLATE_NOOP("Glossary", "Microbatch"),
     QT_TRANSLATE_NOOP(
         "Glossary", "The slice of the batch one GPU pushes through its forward and backward pass at a time "
                     "(micro-batch size, in sequences). A step runs global batch / (dp x micro-batch) "
                     "microbatches through every pipeline, and activations are held per microbatch."),
     "Huang et al., \"GPipe\", NeurIPS'19; Narayanan et al., SC'21, section 2.2", "micro-batch, micro batch"},
    {"grad-accumulation", QT_TRANSLATE_NOOP("Glossary", "Gradient accumulation"),
     QT_TRANSLATE_NOOP(
         "Glossary", "Runs several microbatches forward and backward before one optimizer step, adding up "
                     "their gradients, so a step trains on more sequences than fit in memory at once. The "
                     "data-parallel gradient exchange then happens once per step, not once per microbatch."),
     "PyTorch documentation, DistributedDataParallel.no_sync(); Narayanan et al., SC'21, section 2.2",
     "accumulate, global batch"},
    // --- Memory: ZeRO, offload, recomputation, precision
    {"zero", QT_TRANSLATE_NOOP("Glossary", "ZeRO"),
     QT_TRANSLATE_NOOP(
         "Glossary",
         "The Zero Redundancy Optimizer: data parallelism that partitions the model states over the "
         "data-parallel ranks instead of copying them to every GPU. Stage 1 partitions the "
         "optimizer states, stage 2 also the gradients, stage 3 also the parameters."),
     "Rajbhandari et al., \"ZeRO: Memory Optimizations Toward Training Trillion Parameter Models\", SC'20",
     "zero redundancy optimizer, deepspeed, fsdp, sharding"},
    {"zero-0", QT_TRANSLATE_NOOP("Glossary", "ZeRO stage 0"),
     QT_TRANSLATE_NOOP(
         "Glossary",
         "Plain data parallelism: every rank holds all parameters, gradients and optimizer states, "
         "16 bytes per parameter with mixed-precision Adam (2 + 2 + 12). The gradients are "
         "all-reduced every step, moving 2 bytes per parameter each way."),
     "Rajbhandari et al., SC'20, sections 3.1 and 7", "zero 0, stage 0, baseline"},
    {"zero-1", QT_TRANSLATE_NOOP("Glossary", "ZeRO stage 1"),
     QT_TRANSLATE_NOOP(
         "Glossary",
         "Partitions the optimizer states (fp32 master weights, momentum, variance) over the N_d "
         "data-parallel ranks: 4 + 12/N_d bytes per parameter on each GPU. Communication stays that "
         "of plain data parallelism."),
     "Rajbhandari et al., SC'20, section 5.1", "zero 1, stage 1, optimizer state partitioning, p_os"},
    {"zero-2", QT_TRANSLATE_NOOP("Glossary", "ZeRO stage 2"),
     QT_TRANSLATE_NOOP(
         "Glossary",
         "Also partitions the gradients: each rank keeps only the reduced gradients of the shard it "
         "updates, 2 + 14/N_d bytes per parameter. The gradient all-reduce becomes a reduce-scatter, "
         "and an all-gather returns the updated parameters: the same volume as an all-reduce."),
     "Rajbhandari et al., SC'20, sections 5.2 and 7.2", "zero 2, stage 2, gradient partitioning, p_g"},
    {"zero-3", QT_TRANSLATE_NOOP("Glossary", "ZeRO stage 3"),
     QT_TRANSLATE_NOOP(
         "Glossary",
         "Also partitions the parameters: 16/N_d bytes per parameter on each GPU. Every layer's "
         "parameters are all-gathered just before its forward and again before its backward pass, "
         "so a step moves 1.5 times the traffic of plain data parallelism."),
     "Rajbhandari et al., SC'20, sections 5.3 and 7.2.2",
     "zero 3, stage 3, parameter partitioning, p_p, fsdp"},
    {"offload-optimizer", QT_TRANSLATE_NOOP("Glossary", "Optimizer offload"),
     QT_TRANSLATE_NOOP(
         "Glossary",
         "Keeps the optimizer states in CPU memory (or on NVMe) and runs the optimizer step on the "
         "CPU. Every step each GPU sends its fp16 gradients over PCIe and receives the updated fp16 "
         "weights, at least 4 bytes per parameter, so PCIe bandwidth can bound the step."),
     "Ren et al., \"ZeRO-Offload: Democratizing Billion-Scale Model Training\", USENIX ATC'21, section 4",
     "zero-offload, cpu offload, host memory"},
    {"offload-params", QT_TRANSLATE_NOOP("Glossary", "Parameter offload"),
     QT_TRANSLATE_NOOP(
         "Glossary",
         "With ZeRO-3, keeps the parameters in CPU memory or on NVMe and copies each layer to the "
         "GPU when it is needed, so the model is bounded by host memory rather than GPU memory. "
         "Every layer crosses PCIe in the forward and again in the backward pass."),
     "Rajbhandari et al., \"ZeRO-Infinity\", SC'21, section 5", "zero-infinity, param offload, cpu offload"},
    {"offload-nvme", QT_TRANSLATE_NOOP("Glossary", "NVMe offload"),
     QT_TRANSLATE_NOOP(
         "Glossary",
         "Offload beyond CPU memory: optimizer states or parameters live on NVMe SSDs and are read "
         "and written through the host every step. The capacity is large; the bandwidth is small "
         "(1.6 GB/s per GPU from NVMe on a DGX-2 with all GPUs busy)."),
     "Rajbhandari et al., \"ZeRO-Infinity\", SC'21, sections 5 and 6",
     "ssd, zero-infinity, infinity offload"},
    {"recompute", QT_TRANSLATE_NOOP("Glossary", "Activation recomputation"),
     QT_TRANSLATE_NOOP(
         "Glossary",
         "Drops activations in the forward pass and computes them again in the backward pass, "
         "trading compute for memory. Full recomputation keeps only each layer's input and repeats "
         "the whole forward pass; selective recomputation repeats only the attention's large but "
         "cheap parts, saving most of the memory for a few percent of compute."),
     "Chen et al., \"Training Deep Nets with Sublinear Memory Cost\", arXiv:1604.06174 (2016); "
     "Korthikanti et al., MLSys'23, section 5",
     "recomputation, checkpointing, activation checkpointing, selective, full"},
    {"mixed-precision", QT_TRANSLATE_NOOP("Glossary", "Mixed precision"),
     QT_TRANSLATE_NOOP(
         "Glossary",
         "Runs the forward and backward pass in 16-bit floats (fp16 or bf16) on the tensor cores and "
         "keeps an fp32 master copy of the weights for the update; fp16 also needs loss scaling. "
         "With Adam it costs 16 bytes per parameter: 2 for the weights, 2 for the gradients, 12 for "
         "the optimizer states."),
     "Micikevicius et al., \"Mixed Precision Training\", ICLR'18; Rajbhandari et al., SC'20, section 3.1",
     "fp16, bf16, amp, half precision, precision"},
    // --- Pipeline schedules
    {"pipeline-schedule", QT_TRANSLATE_NOOP("Glossary", "Pipeline schedule"),
     QT_TRANSLATE_NOOP(
         "Glossary",
         "The order in which every pipeline stage runs the forward and backward passes of the "
         "microbatches: GPipe, 1F1B, interleaved 1F1B or ZB-H1. It sets the size of the bubble and "
         "how many microbatches' activations a stage holds at once."),
     "Narayanan et al., SC'21, section 2.2; Qi et al., ICLR'24", "schedule"},
    {"bubble", QT_TRANSLATE_NOOP("Glossary", "Pipeline bubble"),
     QT_TRANSLATE_NOOP(
         "Glossary",
         "Time a pipeline stage sits idle while the pipeline fills at the start of a step and drains "
         "at its end. With GPipe or 1F1B it is (p-1)/(m+p-1) of the step for p stages and m "
         "microbatches: more microbatches, interleaving or a zero-bubble schedule shrink it."),
     "Narayanan et al., \"Efficient Large-Scale Language Model Training on GPU Clusters Using Megatron-LM\", "
     "SC'21, section 2.2",
     "bubble, idle, pipeline flush, bubble fraction"},
    {"gpipe", QT_TRANSLATE_NOOP("Glossary", "GPipe"),
     QT_TRANSLATE_NOOP(
         "Glossary",
         "The first synchronous pipeline schedule: all microbatches run forward, then all run "
         "backward, then the weights are updated once. Every stage holds the activations of all m "
         "microbatches at its peak."),
     "Huang et al., \"GPipe: Efficient Training of Giant Neural Networks using Pipeline Parallelism\", "
     "NeurIPS'19",
     "all forward all backward, afab"},
    {"1f1b", QT_TRANSLATE_NOOP("Glossary", "1F1B"),
     QT_TRANSLATE_NOOP(
         "Glossary",
         "One forward, one backward: after a warm-up of forwards, every stage alternates one forward "
         "and one backward microbatch. The bubble is GPipe's, but a stage holds at most p "
         "microbatches' activations instead of all m."),
     "Narayanan et al., \"PipeDream\", SOSP'19; Narayanan et al., SC'21, section 2.2.1",
     "one forward one backward, pipedream-flush"},
    {"interleaved", QT_TRANSLATE_NOOP("Glossary", "Interleaved 1F1B"),
     QT_TRANSLATE_NOOP(
         "Glossary",
         "Every GPU holds v non-consecutive chunks of layers (virtual stages), so the pipeline fills "
         "v times faster and the bubble shrinks to (p-1)/(v x m) of the ideal time. It costs v times "
         "the pipeline's point-to-point traffic and somewhat more activation memory."),
     "Narayanan et al., SC'21, section 2.2.2", "virtual stages, virtual pipeline, chunks"},
    {"zb-h1", QT_TRANSLATE_NOOP("Glossary", "ZB-H1"),
     QT_TRANSLATE_NOOP(
         "Glossary",
         "A zero-bubble schedule: the backward pass is split into the input-gradient part (B), which "
         "the previous stage waits for, and the weight-gradient part (W), which can wait and fills "
         "the bubbles. It keeps 1F1B's activation memory and cuts its bubble to about a third."),
     "Qi et al., \"Zero Bubble Pipeline Parallelism\", ICLR'24, section 3", "zero bubble, zb, zbh1"},
    // --- Collectives and their figures
    {"allreduce", QT_TRANSLATE_NOOP("Glossary", "All-reduce"),
     QT_TRANSLATE_NOOP(
         "Glossary",
         "Every rank contributes a buffer and every rank receives the element-wise sum of all of "
         "them. A ring all-reduce is a reduce-scatter followed by an all-gather: each rank sends and "
         "receives 2(n-1)/n of the buffer, whatever the number of ranks n."),
     "NVIDIA NCCL documentation, \"Collective Operations\"; Patarasuk and Yuan, J. Parallel Distrib. Comput. "
     "69 "
     "(2009)",
     "allreduce, ring, gradient sync"},
    {"allgather", QT_TRANSLATE_NOOP("Glossary", "All-gather"),
     QT_TRANSLATE_NOOP(
         "Glossary", "Every rank contributes one piece and every rank receives all the pieces, concatenated. "
                     "ZeRO-3 uses it to put a layer's parameters back together before computing with them."),
     "NVIDIA NCCL documentation, \"Collective Operations\"", "allgather, gather"},
    {"reducescatter", QT_TRANSLATE_NOOP("Glossary", "Reduce-scatter"),
     QT_TRANSLATE_NOOP(
         "Glossary",
         "The element-wise sum of every rank's buffer, of which each rank receives only its own 1/n "
         "piece. ZeRO-2 and ZeRO-3 reduce the gradients this way, so each rank gets exactly the "
         "shard it updates."),
     "NVIDIA NCCL documentation, \"Collective Operations\"", "reducescatter, scatter"},
    {"ps", QT_TRANSLATE_NOOP("Glossary", "Parameter server"),
     QT_TRANSLATE_NOOP(
         "Glossary",
         "Server machines hold the parameters; every worker pushes its gradients to them and pulls "
         "the updated parameters back. With one server all the gradients cross that server's "
         "network link; sharding the parameters over several servers divides that load."),
     "Li et al., \"Scaling Distributed Machine Learning with the Parameter Server\", OSDI'14",
     "parameter-server, push, pull, server"},
    {"grad-compression", QT_TRANSLATE_NOOP("Glossary", "Gradient quantisation"),
     QT_TRANSLATE_NOOP(
         "Glossary",
         "Sends the gradients in fewer bits (16, 8 or even 1 per value instead of 32), cutting the "
         "data-parallel traffic by the same factor. 1-bit SGD keeps each step's quantisation error "
         "and adds it to the next step's gradients (error feedback), so training still converges."),
     "Seide et al., \"1-Bit Stochastic Gradient Descent and its Application to Data-Parallel Distributed "
     "Training of Speech DNNs\", Interspeech 2014; Tang et al., \"1-bit Adam\", ICML'21",
     "quantization, compression, 1-bit, grad bits, gradient bits"},
    {"alpha-beta", QT_TRANSLATE_NOOP("Glossary", "Alpha-beta model"),
     QT_TRANSLATE_NOOP(
         "Glossary",
         "The time to send n bytes is alpha + n x beta: a fixed latency alpha per message plus beta "
         "seconds per byte, the inverse of the bandwidth. A ring all-reduce over p ranks then costs "
         "2(p-1) x alpha + 2(p-1)/p x n x beta."),
     "Hockney, Parallel Computing 20 (1994); Thakur, Rabenseifner and Gropp, IJHPCA 19 (2005)",
     "latency, bandwidth, hockney, cost model"},
    {"algbw", QT_TRANSLATE_NOOP("Glossary", "Algorithm bandwidth (algbw)"),
     QT_TRANSLATE_NOOP("Glossary",
                       "The size of a collective's buffer divided by its time, as nccl-tests reports it. It "
                       "depends on the operation and on the number of ranks, so it cannot be compared with a "
                       "link's speed directly."),
     "NVIDIA nccl-tests, doc/PERFORMANCE.md", "algorithm bandwidth, nccl-tests"},
    {"busbw", QT_TRANSLATE_NOOP("Glossary", "Bus bandwidth (busbw)"),
     QT_TRANSLATE_NOOP(
         "Glossary",
         "The algorithm bandwidth times a factor of the operation (2(n-1)/n for all-reduce, (n-1)/n "
         "for all-gather and reduce-scatter): the bandwidth the busiest link really carries. Compare "
         "it with the link's speed: close to it, the collective runs at the hardware's limit."),
     "NVIDIA nccl-tests, doc/PERFORMANCE.md", "bus bandwidth, nccl-tests"},
    {"nccl", QT_TRANSLATE_NOOP("Glossary", "NCCL"),
     QT_TRANSLATE_NOOP(
         "Glossary",
         "The NVIDIA Collective Communications Library: the all-reduce, all-gather, reduce-scatter "
         "and point-to-point operations that training frameworks call between GPUs. It detects the "
         "topology and builds rings and trees over the fastest paths: NVLink, then PCIe, then the "
         "network."),
     "NVIDIA NCCL documentation", "nvidia collective communications library, rccl"},
    // --- Hardware and paths (nvidia-smi topo -m)
    {"nvlink", QT_TRANSLATE_NOOP("Glossary", "NVLink and NVSwitch"),
     QT_TRANSLATE_NOOP(
         "Glossary",
         "NVIDIA's direct GPU-to-GPU links: 25 GB/s per direction per link for generations 2 to 4, "
         "with 6 links per V100, 12 per A100 and 18 per H100. An NVSwitch joins all the GPUs of a "
         "machine at full NVLink bandwidth; the DGX-1 has none, so some of its pairs lack a link."),
     "NVIDIA V100, A100 and H100 architecture whitepapers", "nvlink, nvswitch, nvl"},
    {"pcie", QT_TRANSLATE_NOOP("Glossary", "PCIe"),
     QT_TRANSLATE_NOOP(
         "Glossary",
         "The bus between GPUs, NICs, NVMe drives and the CPU: an x16 link carries 15.75 GB/s per "
         "direction at Gen3, 31.5 at Gen4 and 63 at Gen5, of which copies reach about 12, 25 and 55. "
         "Offload traffic and GPU pairs without NVLink go over it."),
     "PCI-SIG PCI Express Base Specifications 3.0, 4.0 and 5.0", "pci express, gen3, gen4, gen5, x16"},
    {"qpi", QT_TRANSLATE_NOOP("Glossary", "QPI and UPI"),
     QT_TRANSLATE_NOOP("Glossary",
                       "Intel's links between the CPU sockets of one machine (QuickPath, later Ultra Path "
                       "Interconnect), about 19 to 21 GB/s per direction per link. GPU traffic between the "
                       "sockets' PCIe trees crosses them: nvidia-smi calls such a pair SYS."),
     "Intel Xeon processor datasheets; nvidia-smi topo -m legend",
     "quickpath, ultra path, socket, numa, xgmi"},
    {"path-nv", QT_TRANSLATE_NOOP("Glossary", "NV#"),
     QT_TRANSLATE_NOOP(
         "Glossary",
         "In nvidia-smi topo -m: the two GPUs are joined by a bonded set of # NVLinks (NV12 on a DGX "
         "A100 through its NVSwitches). The fastest class of connection; NCCL prefers it."),
     "nvidia-smi topo -m legend", "nv1, nv2, nv12, nv18, nvlink path"},
    {"path-pix", QT_TRANSLATE_NOOP("Glossary", "PIX"),
     QT_TRANSLATE_NOOP(
         "Glossary",
         "In nvidia-smi topo -m: the connection crosses at most a single PCIe bridge, as for two "
         "GPUs, or a GPU and a NIC, behind the same PCIe switch. The traffic never reaches the CPU."),
     "nvidia-smi topo -m legend", "pcie switch, single bridge"},
    {"path-pxb", QT_TRANSLATE_NOOP("Glossary", "PXB"),
     QT_TRANSLATE_NOOP(
         "Glossary",
         "In nvidia-smi topo -m: the connection crosses multiple PCIe bridges without going through "
         "a PCIe host bridge, that is, without reaching the CPU."),
     "nvidia-smi topo -m legend", "multiple bridges"},
    {"path-phb", QT_TRANSLATE_NOOP("Glossary", "PHB"),
     QT_TRANSLATE_NOOP(
         "Glossary", "In nvidia-smi topo -m: the connection goes through a PCIe host bridge, the CPU's root "
                     "complex: the traffic goes up into the CPU and down again."),
     "nvidia-smi topo -m legend", "host bridge, root complex"},
    {"path-node", QT_TRANSLATE_NOOP("Glossary", "NODE"),
     QT_TRANSLATE_NOOP(
         "Glossary",
         "In nvidia-smi topo -m: the connection crosses PCIe and the interconnect between the PCIe "
         "host bridges inside one NUMA node, that is, within one CPU socket."),
     "nvidia-smi topo -m legend", "numa node"},
    {"path-sys", QT_TRANSLATE_NOOP("Glossary", "SYS"),
     QT_TRANSLATE_NOOP(
         "Glossary",
         "In nvidia-smi topo -m: the connection crosses PCIe and the SMP interconnect between NUMA "
         "nodes, the QPI or UPI link between two CPU sockets. Usually the slowest path inside a "
         "machine."),
     "nvidia-smi topo -m legend", "smp, cross socket, qpi, upi"},
    // --- Networks
    {"rdma", QT_TRANSLATE_NOOP("Glossary", "RDMA"),
     QT_TRANSLATE_NOOP(
         "Glossary",
         "Remote direct memory access: a network card reads and writes another machine's memory "
         "without involving either CPU or copying through the operating system. With GPUDirect RDMA "
         "the card reads and writes GPU memory directly over PCIe."),
     "InfiniBand Trade Association, InfiniBand Architecture Specification; NVIDIA GPUDirect RDMA "
     "documentation",
     "remote direct memory access, gpudirect, verbs"},
    {"infiniband", QT_TRANSLATE_NOOP("Glossary", "InfiniBand"),
     QT_TRANSLATE_NOOP(
         "Glossary",
         "A switched network with RDMA built in, the usual fabric between GPU servers. A 4x port "
         "runs at 100 (EDR), 200 (HDR), 400 (NDR) or 800 Gb/s (XDR): in bytes, HDR is 25 GB/s per "
         "direction."),
     "InfiniBand Trade Association, InfiniBand roadmap", "ib, edr, hdr, ndr, xdr, mellanox"},
    {"roce", QT_TRANSLATE_NOOP("Glossary", "RoCE"),
     QT_TRANSLATE_NOOP(
         "Glossary",
         "RDMA over Converged Ethernet: InfiniBand's transport carried in Ethernet frames (version 2: "
         "in UDP/IP packets), so RDMA runs through Ethernet switches. It needs a lossless or "
         "congestion-controlled network to reach the line rate."),
     "InfiniBand Trade Association, \"Supplement to InfiniBand Architecture Specification: RoCEv2\" (2014)",
     "rocev2, ethernet rdma"},
    // --- Figures of a step
    {"mfu", QT_TRANSLATE_NOOP("Glossary", "MFU"),
     QT_TRANSLATE_NOOP(
         "Glossary", "Model FLOPs utilisation: the model's training FLOPs per second (forward and backward, "
                     "recomputation not counted) over the peak FLOP/s of the GPUs. It says how much of the "
                     "hardware the training turns into useful work, whatever the implementation."),
     "Chowdhery et al., \"PaLM: Scaling Language Modeling with Pathways\", arXiv:2204.02311 (2022), appendix "
     "B",
     "model flops utilization, utilisation, efficiency"},
    {"hfu", QT_TRANSLATE_NOOP("Glossary", "HFU"),
     QT_TRANSLATE_NOOP(
         "Glossary", "Hardware FLOPs utilisation: like MFU, but counting the FLOPs the GPUs really execute, "
                     "recomputation included, so HFU is at least MFU. The gap between them is the price of "
                     "recomputation."),
     "Chowdhery et al., PaLM (2022), appendix B; Korthikanti et al., MLSys'23, section 6",
     "hardware flops utilization, utilisation"},
};

// Tooltips are plain text (the parameter panel joins its lines with '\n'), which Qt does not wrap, so the
// definition is broken into lines here: at most this many columns, an East Asian character counting two.
constexpr int tooltipColumns = 72;

int columns(QChar c)
{
    const uint u = c.unicode();
    // CJK ideographs, kana, Hangul and full-width forms take two columns.
    return (u >= 0x1100 && u <= 0x115F) || (u >= 0x2E80 && u <= 0xA4CF) || (u >= 0xAC00 && u <= 0xD7A3) ||
                   (u >= 0xF900 && u <= 0xFAFF) || (u >= 0xFE30 && u <= 0xFE4F) ||
                   (u >= 0xFF00 && u <= 0xFF60) || (u >= 0xFFE0 && u <= 0xFFE6)
               ? 2
               : 1;
}

QString wrapped(const QString& text)
{
    QStringList lines;
    QTextBoundaryFinder finder(QTextBoundaryFinder::Line, text);
    int lineStart = 0;
    int lastBreak = -1; // a break opportunity on the current line
    int width = 0;
    for (int i = 0; i < text.size(); ++i) {
        finder.setPosition(i);
        if (i > lineStart && finder.isAtBoundary())
            lastBreak = i;
        width += columns(text.at(i));
        if (width > tooltipColumns && lastBreak > lineStart) {
            lines << text.mid(lineStart, lastBreak - lineStart).trimmed();
            lineStart = lastBreak;
            lastBreak = -1;
            width = 0;
            for (int j = lineStart; j <= i; ++j)
                width += columns(text.at(j));
        }
    }
    lines << text.mid(lineStart).trimmed();
    return lines.join(QLatin1Char('\n'));
}

} // namespace

const std::vector<GlossaryEntry>& Glossary::entries()
{
    return glossaryTable;
}

const GlossaryEntry* Glossary::find(const QString& term)
{
    const QString key = term.trimmed();
    if (key.isEmpty())
        return nullptr;
    for (const GlossaryEntry& entry : glossaryTable) {
        if (key.compare(QLatin1String(entry.id), Qt::CaseInsensitive) == 0 ||
            key.compare(QString::fromUtf8(entry.term), Qt::CaseInsensitive) == 0 ||
            key.compare(Glossary::term(entry), Qt::CaseInsensitive) == 0)
            return &entry;
    }
    return nullptr;
}

QString Glossary::term(const GlossaryEntry& entry)
{
    return QCoreApplication::translate("Glossary", entry.term);
}

QString Glossary::definition(const GlossaryEntry& entry)
{
    return QCoreApplication::translate("Glossary", entry.definition);
}

QString Glossary::source(const GlossaryEntry& entry)
{
    return QString::fromUtf8(entry.source);
}

bool Glossary::matches(const GlossaryEntry& entry, const QString& filter)
{
    // Both languages, so an English word finds its term in the Chinese glossary too.
    const QString haystack = QStringList{QString::fromUtf8(entry.term),
                                         QString::fromUtf8(entry.definition),
                                         term(entry),
                                         definition(entry),
                                         QString::fromUtf8(entry.aliases),
                                         QLatin1String(entry.id)}
                                 .join(QLatin1Char(' '));
    const QStringList words = filter.split(QLatin1Char(' '), Qt::SkipEmptyParts);
    for (const QString& word : words)
        if (!haystack.contains(word, Qt::CaseInsensitive))
            return false;
    return true;
}

const std::vector<std::pair<QString, QString>>& Glossary::fieldTerms()
{
    static const std::vector<std::pair<QString, QString>> terms = [] {
        const std::pair<const char*, const char*> pairs[] = {
            {"parallel.zero_stage", "zero"},
            {"parallel.offload_optimizer", "offload-optimizer"},
            {"parallel.offload_params", "offload-params"},
            {"parallel.tp", "tp"},
            {"parallel.pp", "pp"},
            {"parallel.dp", "dp"},
            {"parallel.sequence_parallel", "sp"},
            {"parallel.ep", "ep"},
            {"parallel.etp", "ep"},
            {"parallel.ep_overlap", "ep"},
            {"parallel.ep_dispatcher", "ep"},
            {"parallel.ep_fp8_dispatch", "ep"},
            {"model.expert_groups", "moe"},
            {"model.expert_groups_per_token", "moe"},
            {"parallel.cp", "cp"},
            {"parallel.cp_comm", "cp"},
            {"model.experts", "moe"},
            {"model.experts_per_token", "moe"},
            {"model.shared_experts", "moe"},
            {"model.attention", "mla"},
            {"training.fp8_recipe", "fp8"},
            {"parallel.schedule", "pipeline-schedule"},
            {"parallel.virtual_stages", "interleaved"},
            {"parallel.dp_sync", "ps"},
            {"parallel.ps_servers", "ps"},
            {"training.micro_batch", "microbatch"},
            {"training.global_batch", "grad-accumulation"},
            {"training.recompute", "recompute"},
            {"training.recompute_norms", "recompute"},
            {"training.fp8_swiglu_inputs", "fp8"},
            {"training.grad_comm_bits", "grad-compression"},
            {"training.precision", "mixed-precision"},
        };
        std::vector<std::pair<QString, QString>> out;
        for (const auto& [field, id] : pairs)
            out.emplace_back(QLatin1String(field), QLatin1String(id));
        return out;
    }();
    return terms;
}

QString Glossary::termForField(const QString& path)
{
    for (const auto& [field, id] : fieldTerms())
        if (path == field)
            return id;
    return {};
}

QString glossaryTooltip(const QString& term)
{
    const GlossaryEntry* entry = Glossary::find(term);
    if (!entry)
        return {};
    return wrapped(Glossary::tr("%1: %2").arg(Glossary::term(*entry), Glossary::definition(*entry))) +
           QLatin1Char('\n') + wrapped(Glossary::tr("Source: %1").arg(Glossary::source(*entry)));
}

GlossaryDialog::GlossaryDialog(QWidget* parent)
    : QDialog(parent), m_action(new QAction(this)), m_searchLabel(new QLabel(this)),
      m_search(new QLineEdit(this)), m_list(new QListWidget(this)), m_text(new QTextBrowser(this)),
      m_count(new QLabel(this))
{
    setObjectName(QStringLiteral("glossary"));
    m_action->setObjectName(QStringLiteral("actionGlossary"));
    connect(m_action, &QAction::triggered, this, [this] {
        show();
        raise();
        activateWindow();
        m_search->setFocus();
    });

    m_search->setObjectName(QStringLiteral("glossarySearch"));
    m_search->setClearButtonEnabled(true);
    m_searchLabel->setBuddy(m_search);
    m_list->setObjectName(QStringLiteral("glossaryList"));
    m_text->setObjectName(QStringLiteral("glossaryText"));
    m_text->setOpenLinks(false);
    m_count->setObjectName(QStringLiteral("glossaryCount"));

    auto* searchRow = new QHBoxLayout;
    searchRow->addWidget(m_searchLabel);
    searchRow->addWidget(m_search, 1);
    searchRow->addWidget(m_count);
    auto* splitter = new QSplitter(this);
    splitter->addWidget(m_list);
    splitter->addWidget(m_text);
    splitter->setStretchFactor(0, 1);
    splitter->setStretchFactor(1, 2);
    splitter->setChildrenCollapsible(false);
    auto* layout = new QVBoxLayout(this);
    layout->addLayout(searchRow);
    layout->addWidget(splitter, 1);

    connect(m_search, &QLineEdit::textChanged, this, &GlossaryDialog::fillList);
    connect(m_list, &QListWidget::currentRowChanged, this, &GlossaryDialog::showCurrent);
    retranslate();
    resize(760, 460);
}

void GlossaryDialog::setFilter(const QString& filter)
{
    m_search->setText(filter); // fills the list through textChanged
    fillList();
}

QStringList GlossaryDialog::visibleIds() const
{
    QStringList ids;
    for (int i = 0; i < m_list->count(); ++i)
        ids << m_list->item(i)->data(Qt::UserRole).toString();
    return ids;
}

bool GlossaryDialog::showTerm(const QString& term)
{
    const GlossaryEntry* entry = Glossary::find(term);
    if (!entry)
        return false;
    const QString id = QLatin1String(entry->id);
    if (!visibleIds().contains(id))
        setFilter(QString());
    for (int i = 0; i < m_list->count(); ++i)
        if (m_list->item(i)->data(Qt::UserRole).toString() == id)
            m_list->setCurrentRow(i);
    return true;
}

void GlossaryDialog::changeEvent(QEvent* event)
{
    QDialog::changeEvent(event);
    if (event->type() == QEvent::LanguageChange)
        retranslate();
}

void GlossaryDialog::retranslate()
{
    setWindowTitle(tr("Glossary"));
    m_action->setText(tr("&Glossary"));
    m_action->setStatusTip(
        tr("The terms of distributed training, each with a short definition and its source"));
    m_searchLabel->setText(tr("&Search:"));
    m_search->setPlaceholderText(tr("A term or a word of its definition"));
    fillList();
}

void GlossaryDialog::fillList()
{
    const QString current =
        m_list->currentItem() ? m_list->currentItem()->data(Qt::UserRole).toString() : QString();
    const QSignalBlocker block(m_list);
    m_list->clear();
    // Terms named by the search first ("bubble": Pipeline bubble), then those that only mention it.
    const QString filter = m_search->text().trimmed();
    std::vector<const GlossaryEntry*> named, mentioned;
    for (const GlossaryEntry& entry : Glossary::entries()) {
        if (!Glossary::matches(entry, filter))
            continue;
        const bool byName = filter.isEmpty() || Glossary::term(entry).contains(filter, Qt::CaseInsensitive) ||
                            QString::fromUtf8(entry.term).contains(filter, Qt::CaseInsensitive) ||
                            QString::fromUtf8(entry.aliases).contains(filter, Qt::CaseInsensitive);
        (byName ? named : mentioned).push_back(&entry);
    }
    named.insert(named.end(), mentioned.begin(), mentioned.end());
    int row = 0;
    for (const GlossaryEntry* entry : named) {
        auto* item = new QListWidgetItem(Glossary::term(*entry), m_list);
        item->setData(Qt::UserRole, QLatin1String(entry->id));
        if (QLatin1String(entry->id) == current)
            row = m_list->count() - 1;
    }
    m_count->setText(tr("%n term(s)", nullptr, m_list->count()));
    // The term shown before stays shown while it still matches; otherwise the first match.
    m_list->setCurrentRow(m_list->count() > 0 ? row : -1);
    showCurrent();
}

void GlossaryDialog::showCurrent()
{
    const QListWidgetItem* item = m_list->currentItem();
    const GlossaryEntry* entry = item ? Glossary::find(item->data(Qt::UserRole).toString()) : nullptr;
    if (!entry) {
        m_text->setHtml(QStringLiteral("<p>%1</p>")
                            .arg(tr("No term matches “%1”.").arg(m_search->text().toHtmlEscaped())));
        return;
    }
    m_text->setHtml(QStringLiteral("<h3>%1</h3><p>%2</p><p><i>%3</i></p>")
                        .arg(Glossary::term(*entry).toHtmlEscaped(),
                             Glossary::definition(*entry).toHtmlEscaped(),
                             Glossary::tr("Source: %1").arg(Glossary::source(*entry)).toHtmlEscaped()));
}

} // namespace ss
