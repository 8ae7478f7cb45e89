// SPDX-License-Identifier: GPL-3.0-or-later
// Importer fuzz target: NCCL topology XML dumps (nccltopoimport.h).
#include "fuzzimport.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size)
{
    return fuzz::importOne(data, size, ss::io::ImportKind::NcclTopo);
}
