// SPDX-License-Identifier: GPL-3.0-or-later
#include "kernels.h"

#include <algorithm>
#include <cmath>
#include <limits>

namespace ss {

const char* kernelClassName(KernelClass c)
{
    switch (c) {
    case KernelClass::Gemm:
        return "gemm";
    case KernelClass::Attention:
        return "attention";
    case KernelClass::Memory:
        return "memory";
    case KernelClass::Optimizer:
        return "optimizer";
    case KernelClass::Launch:
        return "launch";
    }
    return "";
}

double KernelTally::total() const
{
    double sum = 0;
    for (double s : seconds)
        sum += s;
    return sum;
}

KernelTally& KernelTally::operator+=(const KernelTally& o)
{
    for (int i = 0; i < kKernelClasses; ++i)
        seconds[i] += o.seconds[i];
    kernels += o.kernels;
    return *this;
}

KernelTally KernelTally::scaled(double factor) const
{
    KernelTally t;
    for (int i = 0; i < kKernelClasses; ++i)
        t.seconds[i] = seconds[i] * factor;
    t.kernels = kernels * factor;
    return t;
}

KernelModel::KernelModel(const Scenario& sc)
{
    const GpuSpec& gpu = sc.cluster.gpu;
    m_traits = kernelTraitsOf(sc.cluster);
    m_flat = sc.compute.efficiency > 0;
    m_efficiency = m_flat ? sc.compute.efficiency : 1.0;
    m_scale = sc.compute.scale > 0 ? sc.compute.scale : 1.0;
    const double hbm = std::max(gpu.hbm_Bps, 1.0);
    m_streamBps = m_flat ? hbm : hbm * kStreamEfficiency;
    const double half = sc.training.precision == Precision::Fp32 ? 4.0 : 2.0;
    m_outBytes = half;
    m_bytes[0] = half;
    m_peak[0] = std::max(gpu.peak_flops, 1.0);
    m_peak[1] = gpu.peak_fp8_flops > 0 ? gpu.peak_fp8_flops : m_peak[0];
    m_peak[2] = gpu.peak_fp4_flops > 0 ? gpu.peak_fp4_flops : m_peak[1];
    const double sustained = std::clamp(m_traits.sustained, 0.05, 1.0);
    const double matmul = std::clamp(m_traits.matmul, 0.05, 1.0) * sustained;
    const double fp8 =
        (m_traits.matmul_fp8 > 0 ? std::clamp(m_traits.matmul_fp8, 0.05, 1.0) : m_traits.matmul) * sustained;
    // A named attention kernel other than the architecture's: FlashAttention-2 on Hopper and Blackwell
    // reaches about 35% of the peak (Shah et al. 2024, §1), its backward less; FlashAttention-3 needs
    // Hopper; memory-efficient attention about half of FlashAttention-2.
    const FusedAttention usual = m_traits.attention;
    const bool newer = usual == FusedAttention::Flash3 || usual == FusedAttention::Blackwell;
    switch (sc.training.attention_kernel) {
    case AttentionKernel::Flash2:
        if (newer) {
            m_traits.attention = FusedAttention::Flash2;
            m_traits.attention_forward = 0.35;
            m_traits.attention_backward = 0.3;
        }
        break;
    case AttentionKernel::MemoryEfficient:
        if (usual != FusedAttention::MemoryEfficient) {
            const double f2 = newer ? 0.35 : m_traits.attention_forward;
            const double b2 = newer ? 0.3 : m_traits.attention_backward;
            m_traits.attention = FusedAttention::MemoryEfficient;
            m_traits.attention_forward = f2 / 2;
            m_traits.attention_backward = b2 / 2;
        }
        break;
    case AttentionKernel::Auto:
    case AttentionKernel::Flash3:
        break;
    }
    m_matmul[0] = matmul;
    m_matmul[1] = fp8;
    m_matmul[2] = fp8;
}

double KernelModel::finish(double device, KernelClass cls, KernelTally* tally) const
{
    device *= m_scale;
    const double total = m_flat ? device : std::max(device, kLaunchSeconds * m_scale);
    if (tally) {
        tally->seconds[int(cls)] += device;
        tally->seconds[int(KernelClass::Launch)] += total - device;
        tally->kernels += 1;
    }
    return total;
}

double KernelModel::gemm(double m, double n, double k, double batch, GemmType type, KernelTally* tally,
                         KernelClass cls) const
{
    if (!(m > 0 && n > 0 && k > 0 && batch > 0))
        return 0;
    const int ti = int(type);
    const double flops = 2 * m * n * k * batch;
    if (m_flat) {
        // The roofline of before: the GEMM's inputs' element size for all three matrices.
        const double bytes = batch * m_bytes[ti] * (m * k + k * n + m * n);
        return finish(std::max(flops / (m_peak[ti] * m_efficiency), bytes / m_streamBps), cls, tally);
    }
    const double bytes = batch * (m_bytes[ti] * (m * k + k * n) + m_outBytes * m * n);
    // CTA tiles cuBLAS/CUTLASS pick among, and the reuse each gets: a tm×tn tile loads (tm + tn) elements per
    // K-step for tm·tn multiply-adds, so its intensity is tm·tn/(tm + tn); rate ∝ I/(I + I₀), relative to
    // the 256×128 tile the MAMF shapes run on.
    struct Tile
    {
        double tm, tn;
    };
    // The thin 16-wide tiles stand for the small-M kernels (and GEMVs) cuBLAS runs for a few tokens.
    static constexpr Tile kTiles[] = {{256, 128}, {128, 256}, {128, 128}, {256, 64}, {64, 256},
                                      {128, 64},  {64, 128},  {64, 64},   {16, 256}, {256, 16}};
    constexpr double kI0 = 24;
    const auto reuse = [](double tm, double tn) {
        const double i = tm * tn / (tm + tn);
        return i / (i + kI0);
    };
    const double reference = reuse(256, 128);
    const double sms = double(std::max(m_traits.sms, 1));
    const double perSm = m_peak[ti] * m_matmul[ti] / sms;
    const double mainLoop = k / (k + kReductionOverhead);
    double best = std::numeric_limits<double>::infinity();
    for (const Tile& tile : kTiles) {
        const double tiles = std::ceil(m / tile.tm) * std::ceil(n / tile.tn) * batch;
        const double waves = std::ceil(tiles / sms);
        const double rate = perSm * reuse(tile.tm, tile.tn) / reference * mainLoop;
        best = std::min(best, waves * 2 * tile.tm * tile.tn * k / rate);
    }
    return finish(std::max(best, bytes / m_streamBps), cls, tally);
}

double KernelModel::stream(double bytes, KernelClass cls, KernelTally* tally, bool roofline) const
{
    if (!(bytes > 0) || (m_flat && !roofline))
        return 0;
    return finish(bytes / m_streamBps, cls, tally);
}

double KernelModel::fusedAttention(double flops, double bytes, double sk, double dqk, bool backward,
                                   KernelTally* tally) const
{
    if (!(flops > 0))
        return 0;
    // The traits give the fraction at long sequences and head dim 128; shorter sequences leave the kernel's
    // pipeline less to overlap (FlashAttention-2 Fig. 4: about 2/3 of the long-sequence rate at 512), and
    // narrower heads less work per loaded tile.
    const double seq = sk / (sk + 256);
    const double dim = std::min(dqk / (dqk + 32) / (128.0 / 160.0), 1.1);
    const double fraction = (backward ? m_traits.attention_backward : m_traits.attention_forward) * seq * dim;
    const double rate = m_peak[0] * std::clamp(fraction * m_traits.sustained, 0.02, 1.0);
    // Causal: the kernel skips the blocks above the diagonal, half of the s² work.
    const double work = 0.5 * flops * (backward ? 2.5 : 1.0);
    return finish(std::max(work / rate, bytes / m_streamBps), KernelClass::Attention, tally);
}

double KernelModel::roofline(double flops, double bytes, KernelClass cls, KernelTally* tally) const
{
    if (!(flops > 0) && !(bytes > 0))
        return 0;
    return finish(std::max(flops / (m_peak[0] * m_efficiency), bytes / m_streamBps), cls, tally);
}

} // namespace ss
