// SPDX-License-Identifier: GPL-3.0-or-later
#include "lessons.h"

#include "fields.h"
#include "resources.h"
#include "scenariojson.h"

#include <QFile>

#include <algorithm>
#include <cmath>
#include <limits>

namespace ss {

namespace {

// The texts are marked for lupdate here and translated when shown. The figures they name ("about 1.0 s")
// are the engine's for the lesson's scenario; tests/views/tst_lessons.cpp checks every direction a text
// states, and the sources of each direction, against the engine.

const std::vector<Lesson> lessonTable = {
    // 1. ZeRO-Offload moves 4 bytes per parameter over PCIe every step (Ren et al., ATC'21, section 4).
    {"zero3-offload-pcie",
     QT_TRANSLATE_NOOP("Lessons", "ZeRO-3 Offload and the PCIe bottleneck"),
     {LessonFigure::StepTime, LessonFigure::ExposedComm, LessonFigure::Mfu},
     {{QT_TRANSLATE_NOOP("Lessons", "PCIe Gen3"),
       QT_TRANSLATE_NOOP(
           "Lessons",
           "Four RTX 3090 share one PCIe Gen3 switch with a single x16 uplink to the CPU, 15.75 GB/s per "
           "direction. ZeRO-Offload keeps the Adam states in host memory: every step each GPU copies its "
           "fp16 "
           "gradients to the CPU and gets the updated fp16 weights back, 4 bytes per parameter of its "
           "quarter. "
           "In the <b>Step timeline</b>, compare the <i>PCIe</i> rows with the compute rows: the summary "
           "names a "
           "PCIe link as the bottleneck of a step of about 1.0 s."),
       {},
       "ganttChart"},
      {QT_TRANSLATE_NOOP("Lessons", "PCIe Gen4"),
       QT_TRANSLATE_NOOP(
           "Lessons",
           "Next puts the same GPUs on PCIe Gen4 (<i>Node topology</i>: pcie-gen4-4gpu), 31.5 GB/s per x16 "
           "link, twice Gen3. The copies take half as long and the step falls to about 0.67 s, a third less. "
           "The table below keeps the figures of every step you have seen."),
       {{"cluster.node_preset", "pcie-gen4-4gpu"}},
       "ganttChart"},
      {QT_TRANSLATE_NOOP("Lessons", "PCIe Gen5"),
       QT_TRANSLATE_NOOP(
           "Lessons",
           "Gen5 doubles the bandwidth again, to 63 GB/s, but the step only falls to about 0.58 s: the "
           "computation, about 0.31 s, did not change and now takes most of the step. Each doubling of a "
           "bandwidth saves less than the one before while something else fills the rest of the step."),
       {{"cluster.node_preset", "pcie-gen5-4gpu"}},
       "ganttChart"},
      {QT_TRANSLATE_NOOP("Lessons", "Gen3, no overlap"),
       QT_TRANSLATE_NOOP(
           "Lessons",
           "Back on Gen3, with <i>Overlap gradient reduction</i> switched off: the gradient copies now wait "
           "for the end of the backward pass instead of starting as soon as each layer's gradients are "
           "ready. "
           "The step grows from about 1.0 s to about 1.27 s. Overlapping communication with computation is "
           "what makes offload bearable on a slow bus."),
       {{"cluster.node_preset", "pcie-gen3-4gpu"}, {"training.overlap_grad_reduce", "false"}},
       "ganttChart"}}},

    // 2. Sharded parameter servers (Li et al., OSDI'14) against a ring all-reduce (NCCL).
    {"ps-vs-allreduce",
     QT_TRANSLATE_NOOP("Lessons", "Parameter server vs ring all-reduce"),
     {LessonFigure::StepTime, LessonFigure::ExposedComm, LessonFigure::Mfu},
     {{QT_TRANSLATE_NOOP("Lessons", "1 server"),
       QT_TRANSLATE_NOOP(
           "Lessons",
           "Eight workers, one V100 each, train GPT-2 small (124M parameters) over 10 Gigabit Ethernet. "
           "Every "
           "step each worker pushes its fp32 gradients, about 0.5 GB, to one parameter server and pulls the "
           "new "
           "weights back, so the server's one 1.25 GB/s link carries eight workers' traffic. In the "
           "<b>Bandwidth</b> view that link is the busiest; the step takes about 5.4 s, nearly all of it "
           "communication."),
       {},
       "bandwidthChart"},
      {QT_TRANSLATE_NOOP("Lessons", "2 servers"),
       QT_TRANSLATE_NOOP(
           "Lessons",
           "Shard the parameters over two servers (<i>Parameter servers</i>: 2): each holds half of them, so "
           "each server's link carries half the traffic, and the step halves too, to about 2.7 s. Servers "
           "scale out like workers: the central idea of Li et al. (OSDI'14)."),
       {{"parallel.ps_servers", "2"}},
       "bandwidthChart"},
      {QT_TRANSLATE_NOOP("Lessons", "4 servers"),
       QT_TRANSLATE_NOOP(
           "Lessons",
           "Four servers: the step halves again, to about 1.4 s, still limited by the servers' links."),
       {{"parallel.ps_servers", "4"}},
       "bandwidthChart"},
      {QT_TRANSLATE_NOOP("Lessons", "8 servers"),
       QT_TRANSLATE_NOOP(
           "Lessons",
           "With as many servers as workers the servers' links are no longer the narrowest: each worker's "
           "own "
           "network link is. The step is about 0.75 s, and more servers would not make it shorter."),
       {{"parallel.ps_servers", "8"}},
       "bandwidthChart"},
      {QT_TRANSLATE_NOOP("Lessons", "Ring all-reduce"),
       QT_TRANSLATE_NOOP(
           "Lessons",
           "Now without servers: the workers all-reduce their gradients in a ring (<i>Gradient "
           "synchronisation</i>: allreduce), each sending and receiving 2(n-1)/n = 1.75 times its gradients "
           "over its own link. The step is about 0.87 s, six times faster than one server and close to "
           "eight, "
           "with no extra machines; the servers' edge is that they send fp16 weights back, not fp32 sums."),
       {{"parallel.dp_sync", "allreduce"}},
       "bandwidthChart"}}},

    // 3. The three parallelisms side by side (Narayanan et al., SC'21; ZeRO, SC'20).
    {"dp-tp-pp-4gpu",
     QT_TRANSLATE_NOOP("Lessons", "DP vs tensor vs pipeline parallel on 4 GPUs"),
     {LessonFigure::GpuParams, LessonFigure::PeakMemory, LessonFigure::StepTime},
     {{QT_TRANSLATE_NOOP("Lessons", "Data parallel"),
       QT_TRANSLATE_NOOP(
           "Lessons",
           "GPT-3 2.7B on four A100 joined by NVLink. With data parallelism every GPU holds the whole model: "
           "about 4.9 GiB of bf16 weights and 16 bytes per parameter of model states in all, a peak of about "
           "48 GiB in the <b>Memory</b> view. It is the fastest layout, about 1.93 s for 32 sequences, "
           "because "
           "its one gradient all-reduce hides behind the backward pass."),
       {},
       "memoryChart"},
      {QT_TRANSLATE_NOOP("Lessons", "Tensor parallel 4"),
       QT_TRANSLATE_NOOP(
           "Lessons",
           "Tensor parallelism splits every layer over the four GPUs: the weights per GPU fall to a quarter, "
           "about 1.2 GiB, and the peak to about 14 GiB. But every layer now waits for four all-reduces of "
           "its "
           "activations: in the <b>Step timeline</b> see the <i>TP</i> rows between the compute boxes. The "
           "step takes about 2.32 s, a fifth longer."),
       {{"parallel.dp", "1"}, {"parallel.tp", "4"}},
       "ganttChart"},
      {QT_TRANSLATE_NOOP("Lessons", "Pipeline parallel 4"),
       QT_TRANSLATE_NOOP(
           "Lessons",
           "Pipeline parallelism gives each GPU 8 of the 32 layers, so the weights per GPU also fall to "
           "about "
           "a quarter (the first stage holds the embedding too). Its price is the bubble: (p-1)/(m+p-1) = "
           "3/35 "
           "of the step for 4 stages and 32 microbatches, more here because the last stage also computes the "
           "output layer. The step takes about 2.33 s."),
       {{"parallel.dp", "1"}, {"parallel.tp", "1"}, {"parallel.pp", "4"}},
       "ganttChart"},
      {QT_TRANSLATE_NOOP("Lessons", "DP with ZeRO-3"),
       QT_TRANSLATE_NOOP(
           "Lessons",
           "ZeRO-3 keeps data parallelism but shards parameters, gradients and optimizer states over the "
           "four "
           "GPUs: the model states per GPU fall to a quarter, as with tensor or pipeline parallelism, and "
           "the "
           "step stays at about 1.93 s, because NVLink gathers the parameters faster than the GPUs compute. "
           "On a slow network the order would change."),
       {{"parallel.dp", "4"}, {"parallel.pp", "1"}, {"parallel.zero_stage", "3"}},
       "memoryChart"}}},

    // 4. Gradient quantisation (Seide et al., Interspeech 2014; Tang et al., ICML'21).
    {"gradient-bits",
     QT_TRANSLATE_NOOP("Lessons", "Gradient quantisation on 10 GbE vs InfiniBand"),
     {LessonFigure::StepTime, LessonFigure::ExposedComm, LessonFigure::Mfu},
     {{QT_TRANSLATE_NOOP("Lessons", "32 bits, 10 GbE"),
       QT_TRANSLATE_NOOP(
           "Lessons",
           "Sixteen RTX 3090 in four workstations train GPT-2 medium (355M parameters) with plain data "
           "parallelism over 10 Gigabit Ethernet. Every step all-reduces 1.4 GB of fp32 gradients through "
           "links of 1.25 GB/s. In the <b>Step timeline</b> the <i>DP</i> row outlasts the computation: the "
           "step takes about 2.4 s, of which about 1.7 s is exposed communication."),
       {},
       "ganttChart"},
      {QT_TRANSLATE_NOOP("Lessons", "16 bits, 10 GbE"),
       QT_TRANSLATE_NOOP(
           "Lessons",
           "Send the gradients in 16 bits (<i>Gradient communication</i>: 16): half the bytes, and the step "
           "falls to about 1.4 s."),
       {{"training.grad_comm_bits", "16"}},
       "ganttChart"},
      {QT_TRANSLATE_NOOP("Lessons", "8 bits, 10 GbE"),
       QT_TRANSLATE_NOOP(
           "Lessons",
           "8 bits: a quarter of the bytes, and the step falls to about 0.88 s. Most of the all-reduce now "
           "hides behind the backward pass."),
       {{"training.grad_comm_bits", "8"}},
       "ganttChart"},
      {QT_TRANSLATE_NOOP("Lessons", "1 bit, 10 GbE"),
       QT_TRANSLATE_NOOP(
           "Lessons",
           "1-bit gradients move 1/32 of the bytes; error feedback (Seide et al., 2014) keeps training "
           "converging. The step is about 0.74 s, just above the 0.72 s of computation: from here on only "
           "faster GPUs help."),
       {{"training.grad_comm_bits", "1"}},
       "ganttChart"},
      {QT_TRANSLATE_NOOP("Lessons", "32 bits, InfiniBand"),
       QT_TRANSLATE_NOOP(
           "Lessons",
           "Now give the workstations 200 Gb/s HDR InfiniBand (<i>Network</i>: ib-hdr) and go back to fp32 "
           "gradients. The step is about 0.76 s already: twenty times the bandwidth does what quantisation "
           "did."),
       {{"training.grad_comm_bits", "32"}, {"cluster.network.kind", "ib-hdr"}},
       "ganttChart"},
      {QT_TRANSLATE_NOOP("Lessons", "1 bit, InfiniBand"),
       QT_TRANSLATE_NOOP(
           "Lessons",
           "With 1-bit gradients on InfiniBand the step only falls to about 0.72 s, some 5%: the network was "
           "not the bottleneck. Quantisation pays where bandwidth is scarce."),
       {{"training.grad_comm_bits", "1"}},
       "ganttChart"}}},

    // 5. NCCL's path preference over a real topology (the classes of the nvidia-smi topo -m legend).
    {"topology-dgx1-pcie",
     QT_TRANSLATE_NOOP("Lessons", "Topology: NVLink vs PCIe switch vs QPI"),
     {LessonFigure::StepTime, LessonFigure::ExposedComm, LessonFigure::DpBusBandwidth},
     {{QT_TRANSLATE_NOOP("Lessons", "DGX-1"),
       QT_TRANSLATE_NOOP(
           "Lessons",
           "A DGX-1 joins its eight V100 in a hybrid cube-mesh: each GPU has six NVLinks, but not to every "
           "other GPU, and a pair without one would talk through PCIe switches and the QPI link between the "
           "two "
           "CPUs. In the <b>Topology</b> view, find two GPUs with no NVLink between them."),
       {},
       "topologyEditor"},
      {QT_TRANSLATE_NOOP("Lessons", "DGX-1 links"),
       QT_TRANSLATE_NOOP(
           "Lessons",
           "NCCL builds its rings from NVLinks only, so the gradient all-reduce never touches PCIe or QPI: "
           "in "
           "the <b>Bandwidth</b> view only NVLink links carry traffic, and the all-reduce reaches a bus "
           "bandwidth of about 120 GB/s. The step, about 0.35 s, is computation."),
       {},
       "bandwidthChart"},
      {QT_TRANSLATE_NOOP("Lessons", "PCIe box"),
       QT_TRANSLATE_NOOP(
           "Lessons",
           "The same V100s in a common 4-GPU box (<i>Node topology</i>: pcie-qpi-4gpu): two PCIe switches "
           "with two GPUs each, one switch per CPU socket, the sockets joined by QPI. nvidia-smi calls a "
           "pair "
           "on one switch PIX and a pair across the sockets SYS; a ring over all four GPUs must cross QPI."),
       {{"cluster.node_preset", "pcie-qpi-4gpu"}, {"cluster.gpus_per_node", "4"}, {"parallel.dp", "4"}},
       "topologyEditor"},
      {QT_TRANSLATE_NOOP("Lessons", "PCIe box links"),
       QT_TRANSLATE_NOOP(
           "Lessons",
           "In the <b>Bandwidth</b> view the QPI link is the busiest: GPU traffic between the sockets gets "
           "about 6 GB/s, NCCL's own figure for this QPI. The all-reduce's bus bandwidth falls from about "
           "120 "
           "to about 6 GB/s, and the summary names the QPI link as the bottleneck of a step of about 1.1 s."),
       {{"cluster.node_preset", "pcie-qpi-4gpu"}, {"cluster.gpus_per_node", "4"}, {"parallel.dp", "4"}},
       "bandwidthChart"}}},

    // 6. Pipeline schedules (Huang et al., NeurIPS'19; Narayanan et al., SC'21; Qi et al., ICLR'24).
    {"pipeline-schedules",
     QT_TRANSLATE_NOOP("Lessons", "Pipeline schedules: GPipe, 1F1B, interleaved, ZB-H1"),
     {LessonFigure::Bubble, LessonFigure::Activations, LessonFigure::StepTime},
     {{QT_TRANSLATE_NOOP("Lessons", "GPipe"),
       QT_TRANSLATE_NOOP(
           "Lessons",
           "GPT-3 2.7B in 8 pipeline stages on a DGX A100, 16 microbatches per step, scheduled by GPipe: all "
           "forwards, then all backwards. In the <b>Step timeline</b> see the staircases at the start and "
           "the "
           "end: the bubble, (p-1)/(m+p-1) = 7/23 of the step for equal stages, about 40% here because the "
           "last stage also computes the 51,200-word output layer."),
       {},
       "ganttChart"},
      {QT_TRANSLATE_NOOP("Lessons", "1F1B"),
       QT_TRANSLATE_NOOP(
           "Lessons",
           "1F1B alternates one forward and one backward pass once the pipeline is full. The bubble is "
           "GPipe's, but a stage now holds at most 8 microbatches' activations instead of 16: in the "
           "<b>Memory</b> view the first stage's activations fall from about 57 GiB to about 25 GiB."),
       {{"parallel.schedule", "1f1b"}},
       "memoryChart"},
      {QT_TRANSLATE_NOOP("Lessons", "Interleaved, 2 chunks"),
       QT_TRANSLATE_NOOP(
           "Lessons",
           "Interleaved 1F1B gives every GPU two chunks of 2 layers instead of one of 4 (<i>Virtual "
           "stages</i>: 2), so the pipeline fills twice as fast: the bubble falls to about 31% and the step "
           "from about 0.80 s to about 0.70 s. The price: twice the pipeline messages and 1 + (p-1)/(pv) = "
           "1.44 times the activations."),
       {{"parallel.schedule", "interleaved"}, {"parallel.virtual_stages", "2"}},
       "ganttChart"},
      {QT_TRANSLATE_NOOP("Lessons", "ZB-H1"),
       QT_TRANSLATE_NOOP(
           "Lessons",
           "ZB-H1 splits every backward pass into the input gradient, which the previous stage waits for, "
           "and "
           "the weight gradient, which can wait and fills the bubbles. The bubble falls to about 31% and the "
           "step to about 0.70 s, with 1F1B's activations."),
       {{"parallel.schedule", "zb-h1"}, {"parallel.virtual_stages", "1"}},
       "ganttChart"}}},

    // 7. Activation recomputation (Chen et al. 2016; Korthikanti et al., MLSys'23).
    {"recompute",
     QT_TRANSLATE_NOOP("Lessons", "Activation recomputation: none, selective, full"),
     {LessonFigure::Activations, LessonFigure::StepTime, LessonFigure::Mfu},
     {{QT_TRANSLATE_NOOP("Lessons", "None"),
       QT_TRANSLATE_NOOP(
           "Lessons",
           "GPT-3 XL (1.3B) on a DGX A100, 8 sequences of 2,048 tokens per microbatch. Without recomputation "
           "every layer keeps all its activations, sbh(34 + 5as/h) bytes (Korthikanti et al.): about 89 GiB "
           "per GPU, and the <b>Memory</b> view shows the bars over the GPU's 80 GiB. This step cannot run."),
       {},
       "memoryChart"},
      {QT_TRANSLATE_NOOP("Lessons", "Selective"),
       QT_TRANSLATE_NOOP(
           "Lessons",
           "Selective recomputation drops only the attention's softmax and dropout tensors, the 5as/h part, "
           "which is large but cheap to compute again. The activations fall to about 29 GiB and the model "
           "fits; "
           "the step takes about 12% longer, 7.8 s against 7.0 s: at this width the unfused attention core "
           "is a "
           "large part of the layer."),
       {{"training.recompute", "selective"}},
       "memoryChart"},
      {QT_TRANSLATE_NOOP("Lessons", "Full"),
       QT_TRANSLATE_NOOP(
           "Lessons", "Full recomputation keeps only each layer's input, 2sbh bytes, and runs the whole "
                      "forward pass again "
                      "in the backward: about 8 GiB of activations, but the step takes about 9.3 s, 34% "
                      "longer. MFU falls "
                      "from about 55% to 41%, while HFU, which counts the recomputed FLOPs, stays near 54%."),
       {{"training.recompute", "full"}},
       "ganttChart"},
      {QT_TRANSLATE_NOOP("Lessons", "Flash attention"),
       QT_TRANSLATE_NOOP(
           "Lessons",
           "Fused attention (<i>Flash attention</i> on) computes the softmax in tiles and never stores the "
           "score matrices: without any recomputation the activations are those of selective recomputation, "
           "about 29 GiB, and the step takes about 5.6 s, faster than without recomputation: the softmax and "
           "dropout passes over the score matrices are gone too."),
       {{"training.recompute", "none"}, {"training.flash_attention", "true"}},
       "memoryChart"}}},

    // 8. More compute per byte communicated: the gradient volume does not grow with the batch.
    {"batch-per-gpu",
     QT_TRANSLATE_NOOP("Lessons", "A bigger batch per GPU: more compute per byte"),
     {LessonFigure::Mfu, LessonFigure::ExposedComm, LessonFigure::TokensPerSecond},
     {{QT_TRANSLATE_NOOP("Lessons", "1 sequence per GPU"),
       QT_TRANSLATE_NOOP(
           "Lessons",
           "Sixteen RTX 3090 in four workstations on 25 Gigabit Ethernet train GPT-2 medium with data "
           "parallelism, one sequence of 1,024 tokens per GPU per step. The all-reduce moves the same 0.7 GB "
           "of fp16 gradients whatever the batch, and here it lasts far longer than the computation: in the "
           "<b>Step timeline</b> the GPUs mostly wait, and MFU is about 7%."),
       {},
       "ganttChart"},
      {QT_TRANSLATE_NOOP("Lessons", "2 sequences"),
       QT_TRANSLATE_NOOP(
           "Lessons",
           "Two sequences per GPU (<i>Micro-batch size</i> 2, global batch 32): twice the computation per "
           "step for the same bytes, so more of the all-reduce hides behind the backward pass. MFU rises to "
           "about 12%."),
       {{"training.micro_batch", "2"}, {"training.global_batch", "32"}},
       "ganttChart"},
      {QT_TRANSLATE_NOOP("Lessons", "4 sequences"),
       QT_TRANSLATE_NOOP(
           "Lessons",
           "Four sequences per GPU: MFU about 22%, and the tokens per second triple against one sequence."),
       {{"training.micro_batch", "4"}, {"training.global_batch", "64"}},
       "ganttChart"},
      {QT_TRANSLATE_NOOP("Lessons", "8 sequences"),
       QT_TRANSLATE_NOOP(
           "Lessons",
           "Eight sequences: the computation, about 0.72 s, now covers most of the all-reduce, and MFU is "
           "about 34%. But activations grow with the micro-batch: in the <b>Memory</b> view each GPU holds "
           "about 16 of its 24 GiB."),
       {{"training.micro_batch", "8"}, {"training.global_batch", "128"}},
       "memoryChart"},
      {QT_TRANSLATE_NOOP("Lessons", "8 x 2 accumulated"),
       QT_TRANSLATE_NOOP(
           "Lessons",
           "Sixteen sequences at once would not fit in 24 GiB. Gradient accumulation runs two microbatches "
           "of "
           "8 before one all-reduce: the tokens per byte communicated double again at the same memory, and "
           "MFU rises to about 37%."),
       {{"training.micro_batch", "8"}, {"training.global_batch", "256"}},
       "ganttChart"}}},

    // 9. Expert parallelism: the experts split over ep ranks, the dispatch and combine all-to-alls (GShard,
    // Lepikhin et al., ICLR'21 §2.2), their cost across nodes, the load factor (capacity factor: GShard §2.2,
    // Switch Transformer §2.2) and DualPipe's overlap (DeepSeek-V3, arXiv:2412.19437 §3.2.1).
    {"expert-parallel",
     QT_TRANSLATE_NOOP("Lessons", "Expert parallelism and its all-to-all"),
     {LessonFigure::StepTime, LessonFigure::ExposedComm, LessonFigure::PeakMemory},
     {{QT_TRANSLATE_NOOP("Lessons", "No expert parallelism"),
       QT_TRANSLATE_NOOP(
           "Lessons",
           "Qwen3-30B-A3B has 128 experts in each of its 48 layers, but every token visits only 8 of them: "
           "3.3B of its 30.5B parameters are active. With plain data parallelism over two DGX H100 every GPU "
           "holds all the experts, and in the <b>Memory</b> view the bar reaches about 175 GiB against the "
           "GPU's 80. Expert parallelism splits the experts instead of copying them."),
       {},
       "memoryChart"},
      {QT_TRANSLATE_NOOP("Lessons", "EP 8 in a node"),
       QT_TRANSLATE_NOOP(
           "Lessons",
           "With expert parallelism 8 (<i>parallel.ep</i>) each GPU of a node keeps 16 of the 128 experts of "
           "every layer while attention stays replicated: the peak falls to about 75 GiB and the step fits. "
           "The price is traffic: every MoE layer sends each token to the GPUs of its 8 experts and brings "
           "the results back, an all-to-all to dispatch and one to combine, in the forward and again in the "
           "backward. In the <b>Step timeline</b> these all-to-alls sit between the compute boxes; over "
           "NVLink they stretch the step to about 4.7 s."),
       {{"parallel.ep", "8"}},
       "ganttChart"},
      {QT_TRANSLATE_NOOP("Lessons", "EP 16 across nodes"),
       QT_TRANSLATE_NOOP(
           "Lessons",
           "EP 16 spreads the experts over both nodes: half of every all-to-all now leaves the node through "
           "the 400 Gb/s InfiniBand NICs, with a ninth of NVLink's bandwidth. In the <b>Bandwidth</b> view a "
           "NIC link is the busiest and the step grows to about 8.2 s. That is why Megatron-Core advises "
           "keeping expert parallelism inside the NVLink domain, and why DeepSeek-V3 sends each token to at "
           "most 4 nodes."),
       {{"parallel.ep", "16"}},
       "bandwidthChart"},
      {QT_TRANSLATE_NOOP("Lessons", "Imbalance 1.5"),
       QT_TRANSLATE_NOOP(
           "Lessons",
           "Routers do not spread the tokens evenly. With an expert imbalance of 1.5 "
           "(<i>model.expert_imbalance</i>) the busiest GPU receives half again the mean, and every GPU "
           "waits for it: its all-to-all and its expert GEMMs grow, and the step to about 11.1 s. Load "
           "balancing losses (GShard, Switch Transformer) and DeepSeek-V3's bias-based balancing exist to "
           "keep this factor near 1."),
       {{"parallel.ep", "16"}, {"model.expert_imbalance", "1.5"}},
       "ganttChart"},
      {QT_TRANSLATE_NOOP("Lessons", "Capacity 1.25"),
       QT_TRANSLATE_NOOP(
           "Lessons",
           "A capacity factor caps the tokens an expert takes at that multiple of the mean (GShard, Switch "
           "Transformer): with 1.25 (<i>model.capacity_factor</i>) the tokens beyond it are dropped, so the "
           "busiest GPU handles 1.25 times the mean instead of 1.5. The step falls to about 9.7 s, paid for "
           "with tokens that skip their experts. Dropless training (capacity 0) keeps every token and pays "
           "for the imbalance instead."),
       {{"parallel.ep", "16"}, {"model.expert_imbalance", "1.5"}, {"model.capacity_factor", "1.25"}},
       "ganttChart"},
      {QT_TRANSLATE_NOOP("Lessons", "DualPipe overlap"),
       QT_TRANSLATE_NOOP(
           "Lessons",
           "DeepSeek-V3's DualPipe runs the forward of one microbatch beside the backward of another, so the "
           "all-to-alls of one hide behind the computation of the other (<i>parallel.ep_overlap</i>). The "
           "step falls to about 7.7 s: only the communication that outlasts the computation beside it stays "
           "exposed. Inside one node, at EP 8, the same overlap hides nearly all of it."),
       {{"parallel.ep", "16"},
        {"model.expert_imbalance", "1.5"},
        {"model.capacity_factor", "1.25"},
        {"parallel.ep_overlap", "true"}},
       "ganttChart"}}},

    // 10. Context parallelism: the sequence split over cp ranks, the K/V ring overlapped with attention (Ring
    // Attention, Liu et al., arXiv:2310.01889) against Llama 3's all-gather (arXiv:2407.21783 §3.3.2), the
    // 2·cp chunks of a causal mask (Megatron-Core's load balancing).
    {"context-parallel",
     QT_TRANSLATE_NOOP("Lessons", "Context parallelism for long sequences"),
     {LessonFigure::Activations, LessonFigure::StepTime, LessonFigure::ExposedComm},
     {{QT_TRANSLATE_NOOP("Lessons", "One GPU per sequence"),
       QT_TRANSLATE_NOOP(
           "Lessons",
           "A 7B model of Llama 2's shape trains on sequences of 65,536 tokens, one sequence per GPU on two "
           "DGX H100. Activations grow with the sequence: each GPU would hold about 266 GiB of them, far "
           "above "
           "its 80 GiB in the <b>Memory</b> view. Fused attention already keeps no score matrix; what is "
           "left "
           "grows with the tokens a GPU holds."),
       {},
       "memoryChart"},
      {QT_TRANSLATE_NOOP("Lessons", "CP 8"),
       QT_TRANSLATE_NOOP(
           "Lessons",
           "Context parallelism splits every sequence over a group of GPUs (<i>parallel.cp</i> 8): each GPU "
           "keeps 8,192 of the tokens, and its activations fall to about 33 GiB, so the step fits. Under a "
           "causal mask early tokens attend to few others and late ones to all, so the sequence is cut into "
           "2·cp = 16 chunks and GPU i takes chunks i and 15 - i, which gives every GPU the same attention "
           "work. That is why the sequence length must be a multiple of 2·cp."),
       {{"parallel.cp", "8"}, {"parallel.dp", "2"}},
       "memoryChart"},
      {QT_TRANSLATE_NOOP("Lessons", "K/V ring"),
       QT_TRANSLATE_NOOP(
           "Lessons",
           "Each GPU still needs the keys and values of the other chunks. In the <b>Step timeline</b> they "
           "travel around a ring, one block at a time, while the attention computes on the block at hand "
           "(Ring Attention, Liu et al.): the exchange hides behind the attention, and the step stays at "
           "about 13.9 s with about 0.04 s of exposed communication, as without context parallelism. The "
           "backward passes the blocks again and sends their gradients back the other way."),
       {{"parallel.cp", "8"}, {"parallel.dp", "2"}},
       "ganttChart"},
      {QT_TRANSLATE_NOOP("Lessons", "K/V all-gather"),
       QT_TRANSLATE_NOOP(
           "Lessons",
           "Llama 3 all-gathers K/V before attention instead (<i>parallel.cp_comm</i>: allgather): simpler, "
           "and it works with any attention mask, but the attention waits for the whole gather. The exposed "
           "communication grows to about 2.0 s and the step to about 15.9 s. Llama 3 could afford it because "
           "grouped-query attention makes K and V small: try <i>KV heads</i> 8."),
       {{"parallel.cp", "8"}, {"parallel.dp", "2"}, {"parallel.cp_comm", "allgather"}},
       "ganttChart"},
      {QT_TRANSLATE_NOOP("Lessons", "CP 16 across nodes"),
       QT_TRANSLATE_NOOP(
           "Lessons",
           "CP 16 spans both nodes: the activations halve again, to about 17 GiB, but every GPU still "
           "gathers the keys and values of the whole sequence while it computes only a sixteenth of it, and "
           "the gathers now cross InfiniBand. The exposed communication grows to about 4.5 s and the step to "
           "about 18.4 s. Long-context runs keep cp as small as memory allows (Llama 3 needs 16 for 128K "
           "tokens)."),
       {{"parallel.cp", "16"}, {"parallel.dp", "1"}, {"parallel.cp_comm", "allgather"}},
       "ganttChart"}}},

    // 11. Fine-tuning on one GPU: LoRA trains adapters beside a frozen base (Hu et al., ICLR'22), QLoRA keeps
    // the base in 4-bit NF4 (Dettmers et al., NeurIPS'23).
    {"finetune-one-gpu",
     QT_TRANSLATE_NOOP("Lessons", "Fine-tuning on one GPU: LoRA and QLoRA"),
     {LessonFigure::PeakMemory, LessonFigure::GpuParams, LessonFigure::StepTime},
     {{QT_TRANSLATE_NOOP("Lessons", "Full fine-tuning"),
       QT_TRANSLATE_NOOP(
           "Lessons",
           "Llama 3.1 8B on one 24 GB RTX 4090, one sequence of 2,048 tokens at a time with gradient "
           "checkpointing. Full fine-tuning keeps 16 bytes per parameter: 2 of weights, 2 of gradients and "
           "12 of Adam states, about 129 GiB in all. The <b>Memory</b> view shows the bar far over the GPU."),
       {},
       "memoryChart"},
      {QT_TRANSLATE_NOOP("Lessons", "LoRA"),
       QT_TRANSLATE_NOOP(
           "Lessons",
           "LoRA freezes the base and trains rank-16 adapters on every linear layer: 42 million parameters, "
           "half a percent of the model, have gradients and Adam states. The 16-bit base alone is 15 GiB, "
           "the "
           "peak about 19.8 GiB, and it fits. The step is faster too, about 14.8 s: a frozen weight needs no "
           "weight gradient."),
       {{"training.method", "lora"}},
       "memoryChart"},
      {QT_TRANSLATE_NOOP("Lessons", "QLoRA"),
       QT_TRANSLATE_NOOP(
           "Lessons",
           "QLoRA stores the frozen base in 4-bit NF4 with double-quantized constants, about 0.52 bytes per "
           "weight: the weights shrink to about 5.4 GiB and the peak to about 9.7 GiB. Dequantizing the "
           "weights before every use costs time, the step is about 15.8 s."),
       {{"training.method", "qlora"}},
       "memoryChart"},
      {QT_TRANSLATE_NOOP("Lessons", "Spend it on speed"),
       QT_TRANSLATE_NOOP(
           "Lessons",
           "The memory QLoRA saved can hold the activations: without recomputation the peak grows to about "
           "17.8 GiB, still within the GPU, and the step falls to about 11.0 s because the forward pass no "
           "longer runs twice."),
       {{"training.recompute", "none"}},
       "ganttChart"}}},
};

const FieldInfo* fieldOf(const std::string& path)
{
    return findField(path);
}

// The field's current value in SCENARIO as the text --set takes.
std::string valueText(const FieldInfo& field, const Scenario& scenario)
{
    return field.get ? fieldText(field, field.get(scenario)) : std::string();
}

double largestStage(const Result& result, double StageMemory::*member)
{
    double largest = std::numeric_limits<double>::quiet_NaN();
    for (const StageMemory& stage : result.memory.per_gpu)
        largest = std::isnan(largest) ? stage.*member : std::max(largest, stage.*member);
    return largest;
}

} // namespace

const std::vector<Lesson>& Lessons::all()
{
    return lessonTable;
}

const Lesson* Lessons::at(int index)
{
    return index >= 0 && index < count() ? &lessonTable[std::size_t(index)] : nullptr;
}

QString Lessons::title(const Lesson& lesson)
{
    return QCoreApplication::translate("Lessons", lesson.title);
}

QString Lessons::numberedTitle(int index)
{
    const Lesson* lesson = at(index);
    return lesson ? tr("%1. %2").arg(index + 1).arg(title(*lesson)) : QString();
}

QString Lessons::stepLabel(const LessonStep& step)
{
    return QCoreApplication::translate("Lessons", step.label);
}

QString Lessons::stepText(const LessonStep& step)
{
    return QCoreApplication::translate("Lessons", step.text);
}

bool Lessons::loadScenario(const Lesson& lesson, Scenario& out, QString* error)
{
    const QString path = QLatin1String(resources::lessonsDir()) + QLatin1Char('/') +
                         QLatin1String(lesson.id) + QLatin1String(".json");
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly)) {
        if (error)
            *error = tr("%1: the lesson's scenario is missing").arg(path);
        return false;
    }
    return io::readScenario(file.readAll(), out, error, path);
}

LessonState Lessons::stateAt(const Lesson& lesson, const Scenario& base, int step)
{
    LessonState state;
    // Every field any step sets, in the order the steps first set it, at the base scenario's value...
    for (const LessonStep& s : lesson.steps)
        for (const LessonEdit& edit : s.edits) {
            const auto known = std::find_if(state.begin(), state.end(),
                                            [&edit](const auto& entry) { return entry.first == edit.path; });
            const FieldInfo* field = fieldOf(edit.path);
            if (known == state.end() && field)
                state.emplace_back(edit.path, valueText(*field, base));
        }
    // ...then the values the steps up to STEP set, the last one winning.
    const int last = std::min<int>(step, int(lesson.steps.size()) - 1);
    for (int i = 0; i <= last; ++i)
        for (const LessonEdit& edit : lesson.steps[std::size_t(i)].edits)
            for (auto& entry : state)
                if (entry.first == edit.path)
                    entry.second = edit.value;
    return state;
}

bool Lessons::apply(const LessonState& state, Scenario& scenario, QString* error)
{
    Scenario after = scenario;
    for (const auto& [path, value] : state) {
        if (const std::string message = setFieldFromText(after, path, value); !message.empty()) {
            if (error)
                *error = QString::fromStdString(message);
            return false;
        }
    }
    scenario = after;
    return true;
}

bool Lessons::matches(const LessonState& state, const Scenario& scenario)
{
    for (const auto& [path, value] : state) {
        const FieldInfo* field = fieldOf(path);
        FieldValue wanted;
        if (!field || !field->get || !parseFieldText(*field, value, wanted).empty() ||
            !(field->get(scenario) == wanted))
            return false;
    }
    return true;
}

QString Lessons::figureName(LessonFigure figure)
{
    switch (figure) {
    case LessonFigure::StepTime:
        return tr("Step time");
    case LessonFigure::Mfu:
        return tr("MFU");
    case LessonFigure::Bubble:
        return tr("Bubble");
    case LessonFigure::ExposedComm:
        return tr("Exposed comm.");
    case LessonFigure::TokensPerSecond:
        return tr("Tokens/s");
    case LessonFigure::PeakMemory:
        return tr("Peak memory");
    case LessonFigure::GpuParams:
        return tr("Weights per GPU");
    case LessonFigure::Activations:
        return tr("Activations");
    case LessonFigure::DpBusBandwidth:
        return tr("DP bus bandwidth");
    }
    return {};
}

double Lessons::figureValue(LessonFigure figure, const Result& result)
{
    constexpr double none = std::numeric_limits<double>::quiet_NaN();
    // The step figures exist once the step simulator has run (Result::bottleneck.kind is then set).
    const bool stepped = !result.bottleneck.kind.empty();
    switch (figure) {
    case LessonFigure::StepTime:
        return stepped ? result.step.time_s : none;
    case LessonFigure::Mfu:
        return stepped ? result.step.mfu : none;
    case LessonFigure::Bubble:
        return stepped ? result.step.bubble_fraction : none;
    case LessonFigure::ExposedComm:
        return stepped ? result.step.exposed_comm_s : none;
    case LessonFigure::TokensPerSecond:
        return stepped ? result.step.tokens_per_s : none;
    case LessonFigure::PeakMemory:
        return result.memory.per_gpu.empty() ? none : result.memory.peak_gpu_bytes;
    case LessonFigure::GpuParams:
        return largestStage(result, &StageMemory::params);
    case LessonFigure::Activations:
        return largestStage(result, &StageMemory::activations);
    case LessonFigure::DpBusBandwidth: {
        // The gradient exchange: an all-reduce, or ZeRO's reduce-scatter; the slowest when there are several.
        double busbw = none;
        for (const CommCollective& c : result.comm.collectives)
            if (c.group == "dp" && c.busbw_Bps > 0)
                busbw = std::isnan(busbw) ? c.busbw_Bps : std::min(busbw, c.busbw_Bps);
        return busbw;
    }
    }
    return none;
}

Unit Lessons::figureUnit(LessonFigure figure)
{
    switch (figure) {
    case LessonFigure::StepTime:
    case LessonFigure::ExposedComm:
        return Unit::Seconds;
    case LessonFigure::Mfu:
    case LessonFigure::Bubble:
        return Unit::Fraction;
    case LessonFigure::TokensPerSecond:
        return Unit::Count;
    case LessonFigure::PeakMemory:
    case LessonFigure::GpuParams:
    case LessonFigure::Activations:
        return Unit::Bytes;
    case LessonFigure::DpBusBandwidth:
        return Unit::BytesPerSecond;
    }
    return Unit::None;
}

} // namespace ss
