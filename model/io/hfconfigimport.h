// SPDX-License-Identifier: GPL-3.0-or-later
// A Hugging Face config.json read into the scenario's model section (importer.h). Each supported model_type
// is read by the keys its transformers configuration class defines, with that class's defaults, and mapped
// onto the engine's decoder description so that the engine's parameter count equals the published size of
// the model; what the engine cannot express (one shared layer norm, an output-layer bias) is named in a
// warning with the difference it makes.
#pragma once

#include "importer.h"

namespace ss::io {

// A model_type the importer does not know is an error unless OPTIONS.hf_common_keys asks for the common keys.
bool importHfConfig(const QByteArray& data, const QString& fileName, const ImportOptions& options,
                    ImportResult& out, QString* error);

} // namespace ss::io
