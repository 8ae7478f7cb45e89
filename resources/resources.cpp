// SPDX-License-Identifier: GPL-3.0-or-later
#include "resources.h"

namespace ss::resources {

const char* examplesDir()
{
    return ":/examples";
}

const char* lessonsDir()
{
    return ":/lessons";
}

} // namespace ss::resources
