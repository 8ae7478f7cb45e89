// SPDX-License-Identifier: GPL-3.0-or-later
// Importer fuzz target: Hugging Face config.json (hfconfigimport.h).
#include "fuzzimport.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size)
{
    // As the GUI and `import` read it by default, then with --common-keys (any model_type).
    (void)fuzz::importOne(data, size, ss::io::ImportKind::HfConfig);
    ss::io::ImportOptions commonKeys;
    commonKeys.hf_common_keys = true;
    return fuzz::importOne(data, size, ss::io::ImportKind::HfConfig, commonKeys);
}
