// SPDX-License-Identifier: GPL-3.0-or-later
// GPU catalogue: memory, dense 16-bit tensor FLOP/s and HBM bandwidth (each entry names its datasheet).
#pragma once

#include "scenario.h"

#include <string_view>
#include <vector>

namespace ss {

struct GpuCatalogEntry
{
    GpuSpec spec;       // spec.name is the catalogue id
    const char* source; // where the figures come from
};

const std::vector<GpuCatalogEntry>& gpuCatalog();
const GpuCatalogEntry* findGpu(std::string_view id);

} // namespace ss
