// SPDX-License-Identifier: GPL-3.0-or-later
#include "gpucatalog.h"

namespace ss {

namespace {
constexpr double MiB = 1024.0 * 1024.0;
constexpr double T = 1e12;
} // namespace

// Memory is the total nvidia-smi / rocm-smi reports (MiB), which is what the allocator can reach at
// most; FLOP/s are dense 16-bit tensor-core peaks (no 2:4 sparsity); bandwidth is HBM/GDDR peak.
const std::vector<GpuCatalogEntry>& gpuCatalog()
{
    static const std::vector<GpuCatalogEntry> catalog = {
        {{"V100-SXM2-16GB", 16384 * MiB, 125 * T, 900e9},
         "NVIDIA Tesla V100 datasheet (SXM2: 125 TFLOPS tensor, 900 GB/s)"},
        {{"V100-SXM2-32GB", 32768 * MiB, 125 * T, 900e9},
         "NVIDIA Tesla V100 datasheet (SXM2: 125 TFLOPS tensor, 900 GB/s)"},
        {{"A100-SXM4-40GB", 40960 * MiB, 312 * T, 1555e9},
         "NVIDIA A100 datasheet (BF16 312 TFLOPS dense, 1,555 GB/s)"},
        {{"A100-SXM4-80GB", 81920 * MiB, 312 * T, 2039e9},
         "NVIDIA A100 datasheet (BF16 312 TFLOPS dense, 2,039 GB/s)"},
        {{"A100-PCIe-80GB", 81920 * MiB, 312 * T, 1935e9},
         "NVIDIA A100 datasheet (PCIe 80GB: 312 TFLOPS, 1,935 GB/s)"},
        {{"H100-SXM5-80GB", 81559 * MiB, 989 * T, 3.35e12},
         "NVIDIA H100 datasheet (SXM: BF16 989 TFLOPS dense, 3.35 TB/s)"},
        {{"H100-PCIe", 81559 * MiB, 756 * T, 2.0e12},
         "NVIDIA H100 datasheet (PCIe: BF16 756 TFLOPS dense, 2 TB/s)"},
        {{"H200", 143771 * MiB, 989 * T, 4.8e12},
         "NVIDIA H200 datasheet (BF16 989 TFLOPS dense, 4.8 TB/s); memory as nvidia-smi reports it"},
        {{"B200", 183359 * MiB, 2250 * T, 8.0e12},
         "NVIDIA DGX B200 datasheet (BF16 2.25 PFLOPS dense per GPU, 8 TB/s)"},
        {{"MI300X", 196592 * MiB, 1307.4 * T, 5.3e12},
         "AMD Instinct MI300X datasheet (BF16 1307.4 TFLOPS dense, 5.3 TB/s, 192 GB)"},
        {{"RTX-4090", 24564 * MiB, 165.2 * T, 1008e9},
         "NVIDIA Ada GPU architecture whitepaper (FP16 tensor, FP32 accumulate: 165.2 TFLOPS; 1,008 GB/s)"},
        {{"RTX-3090", 24576 * MiB, 71 * T, 936e9},
         "NVIDIA Ampere GA102 whitepaper (FP16 tensor, FP32 accumulate: 71 TFLOPS; 936 GB/s)"},
    };
    return catalog;
}

const GpuCatalogEntry* findGpu(std::string_view id)
{
    for (const auto& entry : gpuCatalog())
        if (entry.spec.name == id)
            return &entry;
    return nullptr;
}

} // namespace ss
