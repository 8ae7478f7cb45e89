// SPDX-License-Identifier: GPL-3.0-or-later
// GPU catalogue: memory, dense tensor FLOP/s (16-bit, FP8, FP4), HBM bandwidth, and the fabric a node of
// these GPUs is built from (each entry names its datasheet).
#pragma once

#include "scenario.h"

#include <string_view>
#include <vector>

namespace ss {

// How the part is packaged, which decides how a node of them is wired.
enum class GpuForm
{
    Sxm,       // NVIDIA SXM module on an HGX baseboard (NVSwitch, or NVLink directly on V100)
    Oam,       // OCP accelerator module on a baseboard with a direct all-to-all mesh (AMD Infinity Fabric)
    Pcie,      // PCIe add-in card
    Superchip, // GPU joined to its own Grace CPU by NVLink-C2C (GH200, GB200)
};

struct GpuFabric
{
    GpuForm form = GpuForm::Pcie;
    const char* peerLink = ""; // link kind of its GPU-to-GPU ports ("nvlink4", "xgmi4"); "" none
    int peerLinks = 0;         // such ports per GPU
    int domain = 0;            // GPUs one NVSwitch fabric joins (8 on HGX, 72 on NVL72); 0: no switch
    int pcieGen = 4;           // host interface generation (PCIe Gen3 to Gen6)
    bool bridgedPairs = false; // sold as NVLink-bridged pairs (peerLinks ports to the pair's other card)
    int gpusPerCpu = 0;        // Superchip: GPUs per Grace CPU
};

// The fused attention kernel the usual training stack runs on an architecture.
enum class FusedAttention
{
    MemoryEfficient, // xFormers' CUTLASS kernels (Volta, Turing: FlashAttention-2 needs Ampere)
    Flash2,          // FlashAttention-2 (Dao, ICLR 2024): Ampere and Ada
    Flash3,          // FlashAttention-3 (Shah et al., NeurIPS 2024): Hopper's wgmma and TMA
    Blackwell,       // cuDNN / FlashAttention for Blackwell's tcgen05
    Composable,      // AMD Composable Kernel FlashAttention (ROCm)
};

// What the kernel model (kernels.h) needs of a part beyond its datasheet peaks: the SM count that GEMM tiles
// are quantized over, the best fraction of the tensor peak a GEMM sustains (the Maximum Achievable Matmul
// FLOPS, MAMF, measured by brute-force search over shapes), and the fused attention kernel with the fraction
// of peak it reaches at long sequences.
struct KernelTraits
{
    int sms = 108;         // streaming multiprocessors (compute units on AMD)
    double matmul = 0.8;   // MAMF / 16-bit peak
    double matmul_fp8 = 0; // MAMF / FP8 peak; 0: as matmul
    FusedAttention attention = FusedAttention::Flash2;
    double attention_forward = 0.6;  // fused attention forward, causal, head dim 128, long sequence: / peak
    double attention_backward = 0.5; // its backward (FLOPs counted as 2.5 forwards: it recomputes QKᵀ)
    const char* source = "";
    // The share of its benchmark rate a GPU keeps while every GPU of the node trains: one GPU running one
    // GEMM in a loop holds its boost clock; a node in training shares the power cap with HBM and NVLink
    // traffic and runs hot, so the tensor clock settles lower.
    double sustained = 0.9;
};

struct GpuCatalogEntry
{
    GpuSpec spec;        // spec.name is the catalogue id
    GpuFabric fabric;    // what a node of this GPU looks like (node_preset "auto")
    const char* source;  // where the figures come from
    KernelTraits kernel; // what the kernel model needs of it
};

// The kernel traits of a scenario's GPU: its catalogue entry's, also for a catalogue GPU with edited figures
// ("A100-SXM4-80GB (custom)"); an unknown GPU gets middle-of-the-road figures (documented in
// docs/engine-model.md).
KernelTraits kernelTraitsOf(const ClusterSpec& cluster);

const std::vector<GpuCatalogEntry>& gpuCatalog();
const GpuCatalogEntry* findGpu(std::string_view id);

} // namespace ss
