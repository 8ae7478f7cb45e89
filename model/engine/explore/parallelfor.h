// SPDX-License-Identifier: GPL-3.0-or-later
// The parallel-for of the engine's searches (a sweep's points, the planner's layouts): worker threads take
// indices from one atomic counter, CHUNK consecutive ones at a time, until every index is taken or the
// caller's cancel flag is set. Which worker runs an index depends on timing; the results do not, since the
// work of each index is independent and the callers store it by index.
#pragma once

#include <atomic>
#include <cstddef>
#include <functional>

namespace ss {

struct ParallelForOptions
{
    unsigned threads = 0;  // at most this many workers; 0: one per core
    std::size_t chunk = 1; // consecutive indices a worker takes at once (neighbours that
                           // share work, e.g. the planner's layouts of one dp × tp × pp)
    const std::atomic<bool>* cancel = nullptr; // polled before each index: once true, no further index starts
};

// What a worker runs: BODY for one index. WORKER (0 .. parallelWorkers() - 1) names the worker, so that state
// kept per worker (a scratch scenario, a communication model) is touched by one thread only.
using ParallelBody = std::function<void(std::size_t index, unsigned worker)>;
// Called by a worker after each chunk it took, [BEGIN, END), also when the cancel flag cut the chunk short.
using ParallelChunkDone = std::function<void(std::size_t begin, std::size_t end, unsigned worker)>;

// The number of workers parallelFor() runs for COUNT indices: options.threads (or one per core), but never
// more than there are chunks, and at least one.
unsigned parallelWorkers(std::size_t count, const ParallelForOptions& options);

// Runs BODY for every index in [0, COUNT) on parallelWorkers() workers, the calling thread being worker 0;
// returns once all of them are done. When no more threads can be started, the ones that did (and the calling
// one) do the work. An exception from BODY or CHUNK_DONE stops the workers taking more indices and is
// rethrown here. Returns false when the cancel flag stopped a worker before an index.
bool parallelFor(std::size_t count, const ParallelForOptions& options, const ParallelBody& body,
                 const ParallelChunkDone& chunkDone = {});

} // namespace ss
