// SPDX-License-Identifier: GPL-3.0-or-later
#include "gpucatalog.h"

namespace ss {

namespace {
constexpr double MiB = 1024.0 * 1024.0;
constexpr double GiB = 1024.0 * MiB;
constexpr double T = 1e12;

// Fabric shorthands: {form, peer link kind, peer ports per GPU, NVSwitch domain, PCIe generation,
// NVLink-bridged pairs, GPUs per Grace CPU}.
constexpr GpuFabric pcie(int gen)
{
    return {GpuForm::Pcie, "", 0, 0, gen, false, 0};
}
constexpr GpuFabric hgx(const char* link, int ports, int gen, int domain = 8)
{
    return {GpuForm::Sxm, link, ports, domain, gen, false, 0};
}
constexpr GpuFabric oam(const char* link, int ports, int gen)
{
    return {GpuForm::Oam, link, ports, 0, gen, false, 0};
}
// Kernel traits: SMs, MAMF fractions (16-bit, FP8), the fused attention kernel and its forward and backward
// fractions of peak. MAMF figures are Bekman's "Maximum Achievable Matmul FLOPS comparison table" (Machine
// Learning Engineering, compute/accelerator, measured with mamf-finder.py, torch 2.5-2.7): A100 SXM 86.9%,
// A100 PCIe 81.1%, H100 SXM 80.3% (H200 the same), GH200 83.8%, B200 77.6%, GB200 72.9%, MI250X 76.7% (one
// die), MI300X 60.1%, MI325X 60.4%; FP8: H100 70.9%, H200 73.4%, GH200 77.6%, B200 76.3%, GB200 72.3%. Parts
// the table lacks take their architecture's figure lowered by their power cap (datasheet TDP), as stated
// beside each. Attention: FlashAttention-2 (Dao, ICLR 2024, Fig. 4-7: A100, causal, head dim 128, forward up
// to about 210 TFLOPS, backward about 170); FlashAttention-3 (Shah et al. 2024, Fig. 5-7: H100 BF16 causal
// head dim 128, forward about 640 TFLOPS at 16K, backward about 500); xFormers memory-efficient attention on
// Volta and Turing about half of FlashAttention-2's fraction.
constexpr KernelTraits traits(int sms, double matmul, double fp8, FusedAttention attention, double forward,
                              double backward, const char* source, double sustained = 0.9)
{
    return {sms, matmul, fp8, attention, forward, backward, source, sustained};
}
constexpr KernelTraits volta(int sms, double matmul)
{
    return traits(sms, matmul, 0, FusedAttention::MemoryEfficient, 0.35, 0.25,
                  "Volta whitepaper (SMs); MAMF estimated from the architecture");
}
constexpr KernelTraits ampere(int sms, double matmul, const char* source)
{
    return traits(sms, matmul, 0, FusedAttention::Flash2, 0.68, 0.55, source);
}
constexpr KernelTraits ada(int sms, double matmul, const char* source)
{
    return traits(sms, matmul, matmul, FusedAttention::Flash2, 0.6, 0.48, source);
}
constexpr KernelTraits hopper(int sms, double matmul, double fp8, const char* source)
{
    return traits(sms, matmul, fp8, FusedAttention::Flash3, 0.66, 0.5, source, 0.8);
}
constexpr KernelTraits blackwell(int sms, double matmul, double fp8, const char* source)
{
    return traits(sms, matmul, fp8, FusedAttention::Blackwell, 0.62, 0.47, source, 0.8);
}
constexpr KernelTraits cdna(int sms, double matmul, const char* source)
{
    return traits(sms, matmul, matmul, FusedAttention::Composable, 0.45, 0.32, source);
}
} // namespace

// Memory is the total nvidia-smi / rocm-smi reports (MiB) where that is known, which is what the allocator
// can reach at most; otherwise the datasheet's capacity in GiB (HBM stacks come in binary sizes; the
// driver reports about 0.5% less). FLOP/s are dense tensor-core peaks, no 2:4 sparsity (datasheets that
// quote sparse figures are halved); 16-bit is BF16 where the part has it, else FP16 with FP32 accumulate.
// FP8 and FP4 are 0 where the part has no such tensor cores. Bandwidth is the HBM/GDDR peak. The fabric is
// the part's NVLink / Infinity Fabric ports (per GPU, per direction: NVLink 2-4 25 GB/s a port, NVLink 5
// 50 GB/s; see linkcatalog.cpp) and its host interface.
const std::vector<GpuCatalogEntry>& gpuCatalog()
{
    static const std::vector<GpuCatalogEntry> catalog = {
        // Volta
        {{"V100-SXM2-16GB", 16384 * MiB, 125 * T, 900e9, 0, 0},
         hgx("nvlink2", 6, 3, 0),
         "NVIDIA Tesla V100 datasheet (SXM2: 125 TFLOPS tensor, 900 GB/s, NVLink 300 GB/s = 6 links)",
         volta(80, 0.85)},
        {{"V100-SXM2-32GB", 32768 * MiB, 125 * T, 900e9, 0, 0},
         hgx("nvlink2", 6, 3, 0),
         "NVIDIA Tesla V100 datasheet (SXM2: 125 TFLOPS tensor, 900 GB/s, NVLink 300 GB/s = 6 links)",
         volta(80, 0.85)},
        {{"V100-PCIe-32GB", 32768 * MiB, 112 * T, 900e9, 0, 0},
         pcie(3),
         "NVIDIA Tesla V100 datasheet (PCIe: 112 TFLOPS tensor, 900 GB/s, PCIe Gen3 x16)",
         volta(80, 0.8)},
        // Turing
        {{"T4", 15360 * MiB, 65 * T, 320e9, 0, 0},
         pcie(3),
         "NVIDIA T4 datasheet (FP16 mixed precision 65 TFLOPS, 16 GB GDDR6 at 320 GB/s, PCIe Gen3 x16)",
         traits(40, 0.6, 0, FusedAttention::MemoryEfficient, 0.3, 0.2,
                "Turing whitepaper (40 SMs); 70 W cap: MAMF estimated")},
        // Ampere
        {{"A10", 23028 * MiB, 125 * T, 600e9, 0, 0},
         pcie(4),
         "NVIDIA A10 datasheet (BF16 tensor 125 TFLOPS dense, 24 GB GDDR6 at 600 GB/s, PCIe Gen4 x16)",
         ampere(72, 0.7, "GA102 whitepaper (72 SMs); 150 W cap: MAMF estimated")},
        {{"A100-SXM4-40GB", 40960 * MiB, 312 * T, 1555e9, 0, 0},
         hgx("nvlink3", 12, 4),
         "NVIDIA A100 datasheet (BF16 312 TFLOPS dense, 1,555 GB/s, NVLink 600 GB/s = 12 links)",
         ampere(108, 0.869, "A100 whitepaper (108 SMs); MAMF measured (A100 SXM)")},
        {{"A100-SXM4-80GB", 81920 * MiB, 312 * T, 2039e9, 0, 0},
         hgx("nvlink3", 12, 4),
         "NVIDIA A100 datasheet (BF16 312 TFLOPS dense, 2,039 GB/s, NVLink 600 GB/s = 12 links)",
         ampere(108, 0.869, "A100 whitepaper (108 SMs); MAMF measured (A100 SXM)")},
        {{"A100-PCIe-40GB", 40960 * MiB, 312 * T, 1555e9, 0, 0},
         pcie(4),
         "NVIDIA A100 datasheet (PCIe 40GB: 312 TFLOPS, 1,555 GB/s, PCIe Gen4 x16)",
         ampere(108, 0.811, "A100 whitepaper (108 SMs); MAMF measured (A100 PCIe)")},
        {{"A100-PCIe-80GB", 81920 * MiB, 312 * T, 1935e9, 0, 0},
         pcie(4),
         "NVIDIA A100 datasheet (PCIe 80GB: 312 TFLOPS, 1,935 GB/s, PCIe Gen4 x16)",
         ampere(108, 0.811, "A100 whitepaper (108 SMs); MAMF measured (A100 PCIe)")},
        {{"A800-SXM4-80GB", 81920 * MiB, 312 * T, 2039e9, 0, 0},
         hgx("nvlink3", 8, 4),
         "NVIDIA A800 datasheet (as A100 SXM4 80GB: BF16 312 TFLOPS, 2,039 GB/s; NVLink 400 GB/s = 8 links)",
         ampere(108, 0.869, "as A100 SXM4 (108 SMs; MAMF of the A100 SXM)")},
        {{"RTX-3090", 24576 * MiB, 71 * T, 936e9, 0, 0},
         pcie(4),
         "NVIDIA Ampere GA102 whitepaper (FP16 tensor, FP32 accumulate: 71 TFLOPS; 936 GB/s)",
         ampere(82, 0.85, "GA102 whitepaper (82 SMs); MAMF estimated")},
        // Ada Lovelace
        {{"L4", 23034 * MiB, 121 * T, 300e9, 242.5 * T, 0},
         pcie(4),
         "NVIDIA L4 datasheet (BF16 242 / FP8 485 TFLOPS with sparsity, halved; 24 GB at 300 GB/s; PCIe "
         "Gen4 x16)",
         ada(58, 0.6, "Ada whitepaper (58 SMs); 72 W cap: MAMF estimated")},
        {{"L40S", 46068 * MiB, 362.05 * T, 864e9, 733 * T, 0},
         pcie(4),
         "NVIDIA L40S datasheet (BF16 362.05, FP8 733 TFLOPS dense; 48 GB GDDR6 at 864 GB/s; PCIe Gen4 "
         "x16)",
         ada(142, 0.7, "Ada whitepaper (142 SMs); 350 W cap: MAMF estimated")},
        {{"RTX-4090", 24564 * MiB, 165.2 * T, 1008e9, 330.3 * T, 0},
         pcie(4),
         "NVIDIA Ada GPU architecture whitepaper (FP16 and FP8 tensor, FP32 accumulate: 165.2 and 330.3 "
         "TFLOPS; 1,008 GB/s)",
         ada(128, 0.85, "Ada whitepaper (128 SMs); MAMF estimated")},
        // Hopper
        {{"H100-SXM5-80GB", 81559 * MiB, 989 * T, 3.35e12, 1979 * T, 0},
         hgx("nvlink4", 18, 5),
         "NVIDIA H100 datasheet (SXM: BF16 989, FP8 1,979 TFLOPS dense, 3.35 TB/s, NVLink 900 GB/s)",
         hopper(132, 0.803, 0.709, "H100 whitepaper (132 SMs); MAMF measured (H100 SXM)")},
        {{"H100-PCIe", 81559 * MiB, 756 * T, 2.0e12, 1513 * T, 0},
         pcie(5),
         "NVIDIA H100 datasheet (PCIe: BF16 756, FP8 1,513 TFLOPS dense, 2 TB/s, PCIe Gen5 x16)",
         hopper(114, 0.75, 0.66, "H100 whitepaper (114 SMs); 350 W cap: MAMF estimated")},
        {{"H100-NVL", 95830 * MiB, 835.5 * T, 3.9e12, 1670.5 * T, 0},
         {GpuForm::Pcie, "nvlink4", 12, 0, 5, true, 0},
         "NVIDIA H100 NVL datasheet (BF16 1,671 / FP8 3,341 TFLOPS with sparsity, halved; 94 GB at 3.9 "
         "TB/s; NVLink bridge 600 GB/s between the pair)",
         hopper(132, 0.76, 0.67, "H100 whitepaper (132 SMs); 400 W cap: MAMF estimated")},
        {{"H800-SXM5-80GB", 81559 * MiB, 989 * T, 3.35e12, 1979 * T, 0},
         hgx("nvlink4", 8, 5),
         "NVIDIA H800 SXM5 product brief (H100 SXM compute and HBM3; NVLink 400 GB/s = 8 links)",
         hopper(132, 0.803, 0.709, "as H100 SXM (132 SMs; MAMF of the H100 SXM)")},
        {{"H20", 96 * GiB, 148 * T, 4.0e12, 296 * T, 0},
         hgx("nvlink4", 18, 5),
         "NVIDIA HGX H20 product brief (BF16 148, FP8 296 TFLOPS dense; 96 GB HBM3 at 4.0 TB/s; NVLink "
         "900 GB/s)",
         hopper(78, 0.85, 0.8, "HGX H20 brief (78 SMs); far below its power cap: MAMF estimated")},
        {{"H200", 143771 * MiB, 989 * T, 4.8e12, 1979 * T, 0},
         hgx("nvlink4", 18, 5),
         "NVIDIA H200 datasheet (BF16 989, FP8 1,979 TFLOPS dense, 4.8 TB/s); memory as nvidia-smi reports "
         "it",
         hopper(132, 0.803, 0.734, "H100 whitepaper (132 SMs); MAMF measured (H200 SXM)")},
        {{"GH200", 96 * GiB, 989 * T, 4.0e12, 1979 * T, 0},
         {GpuForm::Superchip, "nvlink4", 18, 8, 5, false, 1},
         "NVIDIA GH200 Grace Hopper Superchip datasheet (H100 compute; 96 GB HBM3 at 4 TB/s; NVLink-C2C "
         "900 GB/s to Grace; NVLink 900 GB/s)",
         hopper(132, 0.838, 0.776, "H100 whitepaper (132 SMs); MAMF measured (GH200)")},
        {{"GH200-144GB", 144 * GiB, 989 * T, 4.9e12, 1979 * T, 0},
         {GpuForm::Superchip, "nvlink4", 18, 8, 5, false, 1},
         "NVIDIA GH200 Grace Hopper Superchip datasheet (H100 compute; 144 GB HBM3e at 4.9 TB/s)",
         hopper(132, 0.838, 0.776, "H100 whitepaper (132 SMs); MAMF measured (GH200)")},
        // Blackwell
        {{"B200", 183359 * MiB, 2250 * T, 8.0e12, 4500 * T, 9000 * T},
         hgx("nvlink5", 18, 5),
         "NVIDIA DGX B200 datasheet (per GPU: BF16 2.25, FP8 4.5, FP4 9 PFLOPS dense, 8 TB/s; NVLink 1.8 "
         "TB/s = 18 links)",
         blackwell(148, 0.776, 0.763, "Blackwell whitepaper (148 SMs); MAMF measured (B200)")},
        {{"GB200", 186 * GiB, 2500 * T, 8.0e12, 5000 * T, 10000 * T},
         {GpuForm::Superchip, "nvlink5", 18, 72, 5, false, 2},
         "NVIDIA GB200 NVL72 datasheet (72 GPUs: BF16 360, FP8 720, FP4 1,440 PFLOPS with sparsity, 13.4 TB "
         "HBM3e at 576 TB/s; per GPU, halved: 2.5, 5 and 10 PFLOPS dense, 186 GB, 8 TB/s; NVLink 1.8 TB/s)",
         blackwell(148, 0.729, 0.723, "Blackwell whitepaper (148 SMs); MAMF measured (GB200)")},
        {{"RTX-5090", 32607 * MiB, 209.5 * T, 1792e9, 419 * T, 1676 * T},
         pcie(5),
         "NVIDIA RTX Blackwell GPU architecture whitepaper (RTX 5090, FP32 accumulate, dense: FP16 209.5, "
         "FP8 419, FP4 1,676 TFLOPS; 32 GB GDDR7 at 1,792 GB/s; PCIe Gen5 x16)",
         blackwell(170, 0.85, 0.8, "RTX Blackwell whitepaper (170 SMs); MAMF estimated")},
        // AMD CDNA
        {{"MI210", 64 * GiB, 181 * T, 1.6e12, 0, 0},
         pcie(4),
         "AMD Instinct MI210 datasheet (BF16 181 TFLOPS, 64 GB HBM2e at 1.6 TB/s, PCIe Gen4 x16)",
         cdna(104, 0.7, "CDNA2 whitepaper (104 CUs); MAMF estimated from MI250X")},
        {{"MI250X", 128 * GiB, 383 * T, 3.2e12, 0, 0},
         oam("xgmi3", 8, 4),
         "AMD Instinct MI250X datasheet (per OAM module of two dies: BF16 383 TFLOPS, 128 GB HBM2e at 3.2 "
         "TB/s, 8 Infinity Fabric links)",
         cdna(220, 0.767, "CDNA2 whitepaper (220 CUs); MAMF measured (one die)")},
        {{"MI300X", 196592 * MiB, 1307.4 * T, 5.3e12, 2614.9 * T, 0},
         oam("xgmi4", 7, 5),
         "AMD Instinct MI300X datasheet (BF16 1307.4, FP8 2614.9 TFLOPS dense, 5.3 TB/s, 192 GB; 7 Infinity "
         "Fabric links of 128 GB/s)",
         cdna(304, 0.601, "CDNA3 whitepaper (304 CUs); MAMF measured (ROCm 6.2)")},
        {{"MI325X", 256 * GiB, 1307.4 * T, 6.0e12, 2614.9 * T, 0},
         oam("xgmi4", 7, 5),
         "AMD Instinct MI325X datasheet (BF16 1307.4, FP8 2614.9 TFLOPS dense; 256 GB HBM3e at 6 TB/s; 7 "
         "Infinity Fabric links of 128 GB/s)",
         cdna(304, 0.604, "CDNA3 whitepaper (304 CUs); MAMF measured")},
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

KernelTraits kernelTraitsOf(const ClusterSpec& cluster)
{
    if (const GpuCatalogEntry* entry = findGpu(cluster.gpu_id))
        return entry->kernel;
    // A catalogue GPU with edited figures keeps its silicon's traits.
    const std::string& name = cluster.gpu.name;
    const std::string_view custom = " (custom)";
    if (name.size() > custom.size() && name.compare(name.size() - custom.size(), custom.size(), custom) == 0)
        if (const GpuCatalogEntry* entry =
                findGpu(std::string_view(name).substr(0, name.size() - custom.size())))
            return entry->kernel;
    if (const GpuCatalogEntry* entry = findGpu(name))
        return entry->kernel;
    KernelTraits generic;
    generic.source = "unknown GPU: 108 SMs, MAMF 80% of peak, FlashAttention-2-like attention";
    return generic;
}

} // namespace ss
