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

struct GpuCatalogEntry
{
    GpuSpec spec;       // spec.name is the catalogue id
    GpuFabric fabric;   // what a node of this GPU looks like (node_preset "auto")
    const char* source; // where the figures come from
};

const std::vector<GpuCatalogEntry>& gpuCatalog();
const GpuCatalogEntry* findGpu(std::string_view id);

} // namespace ss
