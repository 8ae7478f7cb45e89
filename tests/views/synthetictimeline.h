// SPDX-License-Identifier: GPL-3.0-or-later
// A synthetic step for the Gantt chart's tests and benchmark, independent of the step simulator: a 1F1B
// pipeline (Narayanan et al., SC'21, §2.2: p - s - 1 warm-up forwards on stage s, then one forward one
// backward) of uniform microbatches with backward twice the forward, TP_PER_OP tensor-parallel boxes
// inside each forward and backward, a pipeline send and receive around each stage boundary, a
// gradient reduction and an optimizer step at the end. Only views tests use it; the engine's own
// schedules are tested in tests/engine.
#pragma once

#include "result.h"

#include <algorithm>
#include <vector>

namespace ss::test {

struct SyntheticStep
{
    int stages = 4;
    int microbatches = 8;
    int tpPerOp = 2;         // tensor-parallel boxes per forward or backward
    int gpusPerStage = 1;    // GPUs reported per stage (the first represents it)
    double forward_s = 1e-3; // one forward of one microbatch
    double pp_s = 0.1e-3;    // one send/receive between neighbouring stages
    double dp_s = 2e-3;      // the gradient reduction at the end
    double optimizer_s = 0.5e-3;
};

// Collectives: 0 tp all-reduce, 1 pp send/recv, 2 dp all-reduce.
inline Result syntheticResult(const SyntheticStep& spec)
{
    Result result;
    const int p = std::max(spec.stages, 1);
    const int m = std::max(spec.microbatches, 1);
    const double tf = spec.forward_s;
    const double tb = 2 * spec.forward_s;
    result.gpus = p * std::max(spec.gpusPerStage, 1);
    result.microbatches = m;
    for (const char* group : {"tp", "pp", "dp"}) {
        CommCollective c;
        c.group = group;
        c.op = std::string(group) == "pp" ? "sendrecv" : "allreduce";
        c.bytes = 64.0 * 1024 * 1024;
        c.algorithm = "ring";
        c.ranks = std::string(group) == "pp" ? 2 : 8;
        c.links = {std::string(group) + "-link"};
        result.comm.collectives.push_back(c);
    }

    // Each stage's order of work: +i forward of microbatch i, -i - 1 backward of microbatch i.
    std::vector<std::vector<int>> order(p);
    for (int s = 0; s < p; ++s) {
        const int warmup = std::min(p - s - 1, m);
        int f = 0;
        int b = 0;
        for (; f < warmup; ++f)
            order[s].push_back(f);
        while (b < m) {
            if (f < m)
                order[s].push_back(f++);
            order[s].push_back(-(b++) - 1);
        }
    }
    std::vector<std::vector<double>> forwardEnd(p, std::vector<double>(m, -1));
    std::vector<std::vector<double>> backwardEnd(p, std::vector<double>(m, -1));
    std::vector<std::size_t> next(p, 0);
    std::vector<double> free(p, 0);
    auto add = [&](int stage, const char* stream, const char* kind, int microbatch, double start, double end,
                   double bytes, int collective) {
        for (int r = 0; r < std::max(spec.gpusPerStage, 1); ++r) {
            TimelineEvent e;
            e.gpu = stage * std::max(spec.gpusPerStage, 1) + r;
            e.stage = stage;
            e.stream = *timelineStreamNamed(stream);
            e.kind = *timelineKindNamed(kind);
            e.microbatch = microbatch;
            e.start_s = start;
            e.end_s = end;
            e.bytes = bytes;
            e.collective = collective;
            // Stage 0 starts and ends the step: its compute is the critical path of a 1F1B pipeline.
            e.critical = stage == 0 && std::string(stream) == "compute";
            result.timeline.push_back(e);
        }
    };
    // Sweep until every stage has placed all its work; each pass places what has its input ready.
    bool progress = true;
    while (progress) {
        progress = false;
        for (int s = 0; s < p; ++s) {
            while (next[s] < order[s].size()) {
                const int op = order[s][next[s]];
                const bool forward = op >= 0;
                const int mb = forward ? op : -op - 1;
                double ready = 0;
                if (forward && s > 0) {
                    if (forwardEnd[s - 1][mb] < 0)
                        break;
                    ready = forwardEnd[s - 1][mb] + spec.pp_s;
                } else if (!forward) {
                    if (s + 1 < p && backwardEnd[s + 1][mb] < 0)
                        break;
                    if (forwardEnd[s][mb] < 0)
                        break;
                    ready = s + 1 < p ? backwardEnd[s + 1][mb] + spec.pp_s : forwardEnd[s][mb];
                }
                const double start = std::max(free[s], ready);
                const double length = forward ? tf : tb;
                const double end = start + length;
                add(s, "compute", forward ? "forward" : "backward", mb, start, end, 0, -1);
                for (int k = 0; k < spec.tpPerOp; ++k) {
                    const double slot = length / spec.tpPerOp;
                    add(s, "tp", "tp-comm", mb, start + k * slot + 0.6 * slot, start + (k + 1) * slot, 8e6,
                        0);
                }
                if (forward && s + 1 < p) {
                    add(s, "pp", "pp-send", mb, end, end + spec.pp_s, 16e6, 1);
                    add(s + 1, "pp", "pp-recv", mb, end, end + spec.pp_s, 16e6, 1);
                }
                if (!forward && s > 0) {
                    add(s, "pp", "pp-send", mb, end, end + spec.pp_s, 16e6, 1);
                    add(s - 1, "pp", "pp-recv", mb, end, end + spec.pp_s, 16e6, 1);
                }
                (forward ? forwardEnd : backwardEnd)[s][mb] = end;
                free[s] = end;
                ++next[s];
                progress = true;
            }
        }
    }
    double step = 0;
    for (int s = 0; s < p; ++s) {
        add(s, "dp", "dp-comm", -1, free[s], free[s] + spec.dp_s, 1e9, 2);
        const double optimizerStart = free[s] + spec.dp_s;
        add(s, "compute", "optimizer", -1, optimizerStart, optimizerStart + spec.optimizer_s, 0, -1);
        step = std::max(step, optimizerStart + spec.optimizer_s);
    }
    result.step.time_s = step;
    result.step.compute_s = m * (tf + tb) + spec.optimizer_s;
    result.step.exposed_comm_s = spec.dp_s;
    result.step.bubble_fraction = 1 - result.step.compute_s / step;
    result.step.tokens_per_s = m * 2048 / step;
    result.step.mfu = 0.42;
    result.step.hfu = 0.45;
    result.bottleneck.kind = "bubble";
    result.bottleneck.message = "The pipeline bubble idles the GPUs";
    return result;
}

} // namespace ss::test
