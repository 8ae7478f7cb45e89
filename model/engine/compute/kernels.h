// SPDX-License-Identifier: GPL-3.0-or-later
// The kernel model: how long one GPU takes for the kernels of a training step, by kernel class.
//
// - GEMMs by their M×N×K shape: the output is cut into tiles, the tiles run in waves over the SMs, and a
//   wave that is not full idles the rest (tile and wave quantization, NVIDIA "Matrix Multiplication
//   Background User's Guide", Deep Learning Performance documentation). A tile's rate is the part's
//   Maximum Achievable Matmul FLOPS (MAMF, gpucatalog.cpp) times the reuse a tile of that size gets
//   (intensity tm·tn/(tm+tn)) times the main loop's share of a K-long reduction (K/(K + k₀), the prologue
//   and epilogue cost about k₀ steps). The best tile of a cuBLAS-like set wins, as cuBLAS's heuristics pick
//   one. A GEMM can be memory-bound instead: its bytes at achievable HBM bandwidth.
// - The attention core: the fused kernel of the architecture (FlashAttention-2 on Ampere and Ada,
//   FlashAttention-3 on Hopper) at its measured fraction of peak, rising with the sequence and the head
//   dimension; causal, so half of the s² work is skipped. Unfused: QKᵀ and scores·V as batched GEMMs with
//   the softmax and dropout passes over the score matrix.
// - Memory-bound kernels (norms, activations, dropout, bias and residual adds, rotary, casts, softmax
//   cross-entropy, the optimizer step) stream their bytes at achievable HBM bandwidth.
// - Every kernel costs at least a launch: the host enqueues kernels about kLaunchSeconds apart, so a kernel
//   shorter than that leaves the GPU waiting (PyTorch eager dispatch plus cudaLaunchKernel).
// compute.efficiency > 0 replaces all of this by a flat roofline: GEMMs at that fraction of peak, nothing
// else but what the roofline always priced. compute.scale multiplies every time either way.
#pragma once

#include "gpucatalog.h"
#include "scenario.h"

namespace ss {

// Kernel classes, as the Explain dock, the result JSON and calibration from a profiler trace name them.
enum class KernelClass
{
    Gemm,      // linear layers (and the unfused attention's batched GEMMs)
    Attention, // the fused attention kernel
    Memory,    // memory-bound: norms, activations, dropout, residual adds, rotary, softmax, casts, loss
    Optimizer, // the optimizer step and gradient clipping
    Launch,    // what launching costs beyond the kernels' own time
};
constexpr int kKernelClasses = 5;
const char* kernelClassName(KernelClass c); // "gemm", "attention", "memory", "optimizer", "launch"

// Seconds by kernel class, and the number of kernels.
struct KernelTally
{
    double seconds[kKernelClasses] = {};
    double kernels = 0;
    double total() const;
    KernelTally& operator+=(const KernelTally& o);
    KernelTally scaled(double factor) const;
};

// The data type a GEMM's inputs have: it decides the peak and the bytes per element.
enum class GemmType
{
    Half, // BF16/FP16 (FP32 in fp32 training: the 16-bit peak with 4-byte elements, as the roofline did)
    Fp8,
    Fp4,
};

class KernelModel
{
public:
    explicit KernelModel(const Scenario& sc);

    bool flat() const { return m_flat; }
    const KernelTraits& traits() const { return m_traits; }
    double scale() const { return m_scale; }
    // Achievable HBM bytes per second for streaming kernels (the datasheet figure in the flat roofline).
    double streamBps() const { return m_streamBps; }

    // BATCH GEMMs of (m × k)·(k × n), inputs of TYPE (element bytes: the precision's, 1 for FP8, 0.5 for
    // FP4), the output at the precision's element bytes. Adds to TALLY when given.
    double gemm(double m, double n, double k, double batch, GemmType type, KernelTally* tally = nullptr,
                KernelClass cls = KernelClass::Gemm) const;
    // A memory-bound kernel moving BYTES (0 in the flat roofline unless ROOFLINE, which the roofline always
    // priced).
    double stream(double bytes, KernelClass cls, KernelTally* tally = nullptr, bool roofline = false) const;
    // The fused attention kernel over BATCH = b·heads sequences of SQ queries against SK keys, head dims DQK
    // and DV: FLOPS is the forward's non-causal count, 2·b·heads·sq·sk·(dqk + dv); BYTES what it reads and
    // writes. The backward is 2.5 forwards of work (it recomputes QKᵀ, Dao 2023 §3.1.2).
    double fusedAttention(double flops, double bytes, double sk, double dqk, bool backward,
                          KernelTally* tally = nullptr) const;
    // The unfused attention core's GEMMs and passes in the flat roofline: FLOPS and BYTES at the roofline.
    double roofline(double flops, double bytes, KernelClass cls, KernelTally* tally = nullptr) const;

    static constexpr double kLaunchSeconds = 4.5e-6;  // host time per kernel launch
    static constexpr double kStreamEfficiency = 0.85; // achievable fraction of HBM bandwidth (STREAM copy)
    static constexpr double kReductionOverhead = 64;  // k₀: K-steps of prologue and epilogue per tile

private:
    double finish(double device, KernelClass cls, KernelTally* tally) const;

    bool m_flat = false;
    double m_scale = 1;
    double m_efficiency = 0.5;
    double m_streamBps = 1;
    double m_peak[3] = {1, 1, 1};   // by GemmType
    double m_matmul[3] = {1, 1, 1}; // MAMF fraction by GemmType
    double m_bytes[3] = {2, 1, 0.5};
    double m_outBytes = 2;
    KernelTraits m_traits;
};

} // namespace ss
