// SPDX-License-Identifier: GPL-3.0-or-later
// The resource library. Qt links its resource objects into every executable that links this library,
// so no Q_INIT_RESOURCE is needed; the paths are kept here so that they are spelled once.
#pragma once

namespace ss::resources {

// The folder of the example scenarios and their index.json.
const char* examplesDir();
// The folder of the lessons' scenarios (File > Examples > Lessons), one <lesson id>.json each.
const char* lessonsDir();

} // namespace ss::resources
