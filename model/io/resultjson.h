// SPDX-License-Identifier: GPL-3.0-or-later
// The result JSON of `shardscope-cli eval` (docs/formats.md, "Result of eval"): the contract's names exactly,
// plus a few extra keys (per-stage layers and parameters, the buffer breakdown, explanation units).
#pragma once

#include "linkclasses.h"
#include "result.h"

#include <QByteArray>

namespace ss::io {

// Indented JSON. EXPLAIN adds the "explain" array, TIMELINE the "timeline" array (docs/formats.md: only
// with --timeline). Figures that are not finite numbers (an engine bug) are written as null and named in an
// extra warning with code "result.non_finite". Past MAX_LINK_ROWS loaded links (kLinkRowsThreshold,
// linkclasses.h) the links are summarised by class (comm.link_classes, one row per class in comm.links);
// never with EXPLAIN, whose link explanations number every row.
QByteArray writeResult(const Result& r, bool withExplain, bool withTimeline = false,
                       std::size_t maxLinkRows = kLinkRowsThreshold);

} // namespace ss::io
