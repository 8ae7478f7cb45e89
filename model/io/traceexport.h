// SPDX-License-Identifier: GPL-3.0-or-later
// The simulated step as Chrome trace-event JSON, which Perfetto and chrome://tracing open: one process
// per GPU, one thread per stream, a complete ("X") event per timeline box in microseconds, and a flow
// arrow from each pipeline send to its receive. Format: "Trace Event Format" (Google, 2016,
// docs.google.com/document/d/1CvAClvFfyA5R-PhYUmn5OOQtYMH4h6I0nSsKchNAySU), sections "Complete Events",
// "Flow Events" and "Metadata Events".
#pragma once

#include "result.h"

#include <QByteArray>
#include <QString>

namespace ss::io {

// The trace of RESULT's timeline; NAME titles it (otherData.name). Deterministic: the same result gives
// the same bytes.
QByteArray writeTraceEvents(const Result& result, const QString& name = {});

// The pid/tid a timeline box gets: pid = GPU rank, tid = the stream's fixed number (compute 1, tp 2,
// pp 3, dp 4, pcie 5, ep 6, cp 7, others from 8 in order of appearance). The threads are sorted as the step
// timeline stacks them: compute, tp, ep, cp, pp, dp, pcie, then the others.
int traceStreamId(std::string_view stream);

} // namespace ss::io
