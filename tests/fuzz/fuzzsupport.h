// SPDX-License-Identifier: GPL-3.0-or-later
// What every fuzz target does with what its parser accepted: the engine runs on it too, so a file that
// reads cleanly but makes the engine divide by zero, overflow or run off a vector is found as well.
// Sizes are capped before evaluating: a valid scenario of a million GPUs is not a bug, only slow, and a
// fuzzer that waits seconds per input finds nothing in a CI smoke run.
#pragma once

#include "collective.h"
#include "evaluate.h"
#include "presets.h"
#include "scenario.h"
#include "validate.h"

#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <vector>

namespace fuzz {

// Aborts with a message: libFuzzer reports it as a crash and saves the input.
[[noreturn]] inline void fail(const char* what)
{
    std::fprintf(stderr, "fuzz invariant broken: %s\n", what);
    std::abort();
}

// Caps that keep one evaluation in the milliseconds (bench.cpp: 1024 GPUs cost ~2 ms cold).
inline constexpr std::int64_t kMaxGpus = 4096;
inline constexpr std::int64_t kMaxLayers = 512;
inline constexpr std::int64_t kMaxMicroBatches = 256; // per pipeline: boxes of the simulated step
inline constexpr std::size_t kMaxTopologyDevices = 1024;

inline bool smallEnough(const ss::Scenario& s)
{
    const auto& p = s.parallel;
    if (s.cluster.nodes <= 0 || s.cluster.gpus_per_node <= 0 || s.cluster.nodes > kMaxGpus ||
        s.cluster.gpus_per_node > kMaxGpus || s.gpus() > kMaxGpus)
        return false;
    if (s.model.layers > kMaxLayers || p.virtual_stages > 64 || p.ps_servers > 64)
        return false;
    if (s.cluster.topology && s.cluster.topology->nodes.size() > kMaxTopologyDevices)
        return false;
    const std::int64_t perStep = s.training.micro_batch > 0 && p.dp > 0
                                     ? s.training.global_batch / (s.training.micro_batch * p.dp)
                                     : 0;
    return perStep <= kMaxMicroBatches;
}

// Evaluates S with everything on when it is small or invalid (evaluate() answers an invalid scenario with
// warnings and zero figures, which costs nothing). The headline figures must be numbers: evaluate.h says
// it never divides by zero.
inline void evaluateScenario(const ss::Scenario& s)
{
    if (ss::validateScenario(s).empty() && !smallEnough(s))
        return;
    ss::EvalOptions options;
    options.explain = true;
    options.timeline = true;
    const ss::Result r = ss::evaluate(s, options);
    // A valid scenario that evaluate() still rejects says so in a warning and gives zero figures.
    if (!std::isfinite(r.memory.peak_gpu_bytes) || r.memory.peak_gpu_bytes < 0)
        fail("peak GPU memory is not a finite non-negative number");
    if (!std::isfinite(r.step.time_s) || r.step.time_s < 0)
        fail("the step time is not a finite non-negative number");
}

// Builds the communication model of TOPOLOGY and runs an all-reduce and an all-to-all over all its GPUs.
inline void exerciseTopology(const ss::Topology& topology)
{
    if (topology.nodes.size() > kMaxTopologyDevices)
        return;
    ss::CommModel model;
    if (!ss::CommModel::fromTopology(topology, model))
        return;
    const std::vector<int>& gpus = model.graph().gpus();
    if (gpus.size() < 2)
        return;
    for (ss::CollectiveOp op : {ss::CollectiveOp::AllReduce, ss::CollectiveOp::AllToAll}) {
        const ss::CollectiveResult r = model.collective(op, 64.0 * 1024 * 1024, gpus);
        if (r.ok() && !(std::isfinite(r.time_s) && r.time_s >= 0))
            fail("a collective that succeeded has no finite time");
    }
}

} // namespace fuzz
