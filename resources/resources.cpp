// SPDX-License-Identifier: GPL-3.0-or-later
#include "resources.h"

namespace ss::resources {

const char* examplesDir()
{
    return ":/examples";
}

} // namespace ss::resources
