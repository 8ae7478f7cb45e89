// SPDX-License-Identifier: GPL-3.0-or-later
// The per-GPU memory model (docs/architecture.md): model states by ZeRO (Rajbhandari et al., SC'20 §5),
// offload by ZeRO-Offload (Ren et al., ATC'21 §4) and ZeRO-Infinity (SC'21), activations by Korthikanti et
// al., MLSys'23 §4.
#pragma once

#include "result.h"
#include "scenario.h"

#include <cstdint>
#include <vector>

namespace ss {

// Bytes per parameter of the weights, gradients and optimizer states before any sharding.
struct StateBytes
{
    double weights = 0;
    double grads = 0;
    double optimizer = 0; // K in ZeRO's notation
};
StateBytes stateBytesPerParam(Precision precision, Optimizer optimizer);

// The memory of one GPU of every pipeline stage, the host (CPU and NVMe) memory of the busiest node,
// and the capacity check. Appends "memory.*" warnings; fills explanations when EXPLAIN is given.
MemoryResult estimateMemory(const Scenario& scenario, std::int64_t microbatches,
                            std::vector<Warning>& warnings, std::vector<Explanation>* explain = nullptr);
// The same figures (every stage, fits, peak, host totals) without writing the warnings: for a search that
// screens thousands of layouts by memory and reads only the figures.
MemoryResult estimateMemory(const Scenario& scenario, std::int64_t microbatches);

} // namespace ss
