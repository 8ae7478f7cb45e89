// SPDX-License-Identifier: GPL-3.0-or-later
#include "parallelfor.h"

#include <algorithm>
#include <exception>
#include <mutex>
#include <thread>
#include <vector>

namespace ss {

unsigned parallelWorkers(std::size_t count, const ParallelForOptions& options)
{
    const unsigned wanted = options.threads > 0 ? options.threads : std::thread::hardware_concurrency();
    const std::size_t chunk = std::max<std::size_t>(options.chunk, 1);
    const std::size_t chunks = count / chunk + (count % chunk != 0 ? 1 : 0);
    return unsigned(std::max<std::size_t>(1, std::min<std::size_t>(wanted, chunks)));
}

bool parallelFor(std::size_t count, const ParallelForOptions& options, const ParallelBody& body,
                 const ParallelChunkDone& chunkDone)
{
    const std::size_t chunk = std::max<std::size_t>(options.chunk, 1);
    std::atomic<std::size_t> next{0};
    std::atomic<bool> cancelled{false};
    std::atomic<bool> failed{false};
    std::exception_ptr failure;
    std::mutex failureMutex;
    const auto stop = [&] { return options.cancel && options.cancel->load(std::memory_order_relaxed); };
    const auto work = [&](unsigned worker) {
        try {
            while (!failed.load(std::memory_order_relaxed)) {
                const std::size_t begin = next.fetch_add(chunk);
                if (begin >= count)
                    return;
                const std::size_t end = std::min(count, begin + chunk);
                bool cut = false;
                for (std::size_t i = begin; i < end && !cut; ++i) {
                    cut = stop();
                    if (!cut)
                        body(i, worker);
                }
                if (cut)
                    cancelled = true;
                if (chunkDone)
                    chunkDone(begin, end, worker);
                if (cut)
                    return;
            }
        } catch (...) {
            const std::lock_guard<std::mutex> lock(failureMutex);
            if (!failure)
                failure = std::current_exception();
            failed = true;
        }
    };

    const unsigned workers = parallelWorkers(count, options);
    std::vector<std::thread> pool;
    try {
        pool.reserve(workers - 1);
        for (unsigned w = 1; w < workers; ++w)
            pool.emplace_back(work, w);
    } catch (const std::exception&) {
        // No more threads to be had: the ones started (and this one) do the work.
    }
    work(0);
    for (std::thread& t : pool)
        t.join();
    if (failure)
        std::rethrow_exception(failure);
    return !cancelled;
}

} // namespace ss
