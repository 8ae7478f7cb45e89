// SPDX-License-Identifier: GPL-3.0-or-later
// The result JSON of `shardscope-cli eval` (docs/formats.md, "Result of eval"): the contract's names exactly,
// plus a few extra keys (per-stage layers and parameters, the buffer breakdown, explanation units).
#pragma once

#include "result.h"

#include <QByteArray>

namespace ss::io {

// Indented JSON. EXPLAIN adds the "explain" array, TIMELINE the "timeline" array (docs/formats.md: only
// with --timeline). Figures that are not finite numbers (an engine bug) are written as null and named in an
// extra warning with code "result.non_finite". When the engine summarised the links by class
// (EvalOptions::link_rows_max, never with explain), comm.link_classes and one row per class in comm.links.
QByteArray writeResult(const Result& r, bool withExplain, bool withTimeline = false);

} // namespace ss::io
