// SPDX-License-Identifier: GPL-3.0-or-later
// nccl-tests output read into an alpha-beta calibration per collective (importer.h, calibration.h).
// Text logs of any *_perf binary, from the 2018 layout (size count type [redop] time algbw busbw error,
// twice) to the current one (root, #wrong, the -S timestamp, the -I per-iteration i_min/i_max/i_p99/i_cv% and
// #bitdiff columns): columns are found by the header line's names, not by position, so added columns do
// not shift them. NCCL INFO/WARN lines, MPI output tags ("[1,0]<stdout>:") and srun labels ("0: ") are
// skipped. The JSON of `-J FILE` (nccl-tests util.cu, JSON_FILE_VERSION 1) is read too.
// The fit uses the out-of-place time (in-place when a row has only that) against the "size" column: the
// whole buffer, the bytes nccl-tests divides by the time to get algbw (doc/PERFORMANCE.md).
#pragma once

#include "importer.h"

#include <QJsonObject>

namespace ss::io {

bool importNcclTests(const QByteArray& data, const QString& fileName, const ImportOptions& options,
                     ImportResult& out, QString* error);

// Whether TEXT looks like an nccl-tests text log, or JSON like the output of -J.
bool looksLikeNcclTestsLog(const QByteArray& text);
bool looksLikeNcclTestsJson(const QJsonObject& root);

// The engine's op name ("allreduce") for an nccl-tests binary or op as users write it ("all_reduce_perf",
// "./build/all_reduce_perf_mpi", "AllReduce", "all_reduce"); nccl-tests ops the engine lacks keep their own
// name ("gather", "scatter", "hypercube", "alltoallv"). Empty when NAME is no nccl-tests collective.
QString ncclTestsOpName(const QString& name);

} // namespace ss::io
