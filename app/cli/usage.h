// SPDX-License-Identifier: GPL-3.0-or-later
// The text of shardscope-cli --help: every subcommand's synopsis and what it does. eval, collective and plan
// print it for their own --help too.
#pragma once

#include <QString>

namespace ss::cli {

QString usage();

} // namespace ss::cli
