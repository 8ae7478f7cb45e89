// SPDX-License-Identifier: GPL-3.0-or-later
#include "pipeschedule.h"

#include <algorithm>

namespace ss {

namespace {

struct Emitter
{
    std::vector<PipeOp>& out;
    bool recompute;

    void forward(int mb, int chunk) { out.push_back({PipeOpKind::Forward, mb, chunk}); }
    void backward(PipeOpKind kind, int mb, int chunk)
    {
        // Megatron-LM recomputes a checkpointed forward right before its backward.
        if (recompute)
            out.push_back({PipeOpKind::Recompute, mb, chunk});
        out.push_back({kind, mb, chunk});
    }
};

// Megatron-LM's interleaved order (megatron/core/pipeline_parallel/schedules.py,
// forward_backward_pipelining_with_interleaving): microbatches go in groups of p; within a group every
// chunk runs in turn, forwards in chunk order 0..v-1 and backwards in the reverse chunk order.
// Stage i warms up with (p - i - 1)·2 + (v - 1)·p forwards, or all of them when m = p.
void interleaved(Emitter& e, int stage, int p, int m, int v)
{
    std::vector<PipeOp> forwards;
    std::vector<PipeOp> backwards;
    for (int group = 0; group * p < m; ++group)
        for (int c = 0; c < v; ++c)
            for (int j = 0; j < p; ++j) {
                const int mb = group * p + j;
                if (mb >= m)
                    continue;
                forwards.push_back({PipeOpKind::Forward, mb, c});
                backwards.push_back({PipeOpKind::Backward, mb, v - 1 - c});
            }
    const int total = int(forwards.size());
    int warmup = (p - stage - 1) * 2 + (v - 1) * p;
    if (m == p)
        warmup = total;
    warmup = std::clamp(warmup, 0, total);
    for (int k = 0; k < warmup; ++k)
        e.forward(forwards[std::size_t(k)].microbatch, forwards[std::size_t(k)].chunk);
    for (int k = 0; k < total - warmup; ++k) {
        const PipeOp& f = forwards[std::size_t(warmup + k)];
        e.forward(f.microbatch, f.chunk);
        const PipeOp& b = backwards[std::size_t(k)];
        e.backward(PipeOpKind::Backward, b.microbatch, b.chunk);
    }
    for (int k = std::max(total - warmup, 0); k < total; ++k)
        e.backward(PipeOpKind::Backward, backwards[std::size_t(k)].microbatch,
                   backwards[std::size_t(k)].chunk);
}

} // namespace

int chunksOf(Schedule schedule, std::int64_t virtualStages)
{
    return schedule == Schedule::Interleaved ? int(std::clamp<std::int64_t>(virtualStages, 1, 1 << 16)) : 1;
}

std::vector<PipeOp> stageOrder(Schedule schedule, int stage, int pp, int microbatches, int virtualStages,
                               bool recompute)
{
    std::vector<PipeOp> out;
    stageOrder(schedule, stage, pp, microbatches, virtualStages, recompute, out);
    return out;
}

void stageOrder(Schedule schedule, int stage, int pp, int microbatches, int virtualStages, bool recompute,
                std::vector<PipeOp>& out)
{
    const int p = std::max(pp, 1);
    const int m = std::max(microbatches, 0);
    const int i = std::clamp(stage, 0, p - 1);
    out.clear();
    Emitter e{out, recompute};
    const int v = chunksOf(schedule, virtualStages);

    switch (schedule) {
    case Schedule::GPipe:
        // Huang et al., "GPipe", NeurIPS'19: every microbatch's forward, then every backward.
        out.reserve(std::size_t(m) * (recompute ? 3 : 2));
        for (int mb = 0; mb < m; ++mb)
            e.forward(mb, 0);
        for (int mb = 0; mb < m; ++mb)
            e.backward(PipeOpKind::Backward, mb, 0);
        return;
    case Schedule::Interleaved:
        if (v > 1) {
            out.reserve(std::size_t(m) * std::size_t(v) * (recompute ? 3 : 2));
            interleaved(e, i, p, m, v);
            return;
        }
        [[fallthrough]];
    case Schedule::OneFOneB: {
        // Narayanan et al. SC'21 §2.2 (PipeDream-Flush): p - i - 1 warm-up forwards, then one forward and
        // one backward in turn, then the remaining backwards.
        out.reserve(std::size_t(m) * (recompute ? 3 : 2));
        const int warmup = std::min(p - i - 1, m);
        for (int mb = 0; mb < warmup; ++mb)
            e.forward(mb, 0);
        for (int k = 0; k < m - warmup; ++k) {
            e.forward(warmup + k, 0);
            e.backward(PipeOpKind::Backward, k, 0);
        }
        for (int k = std::max(m - warmup, 0); k < m; ++k)
            e.backward(PipeOpKind::Backward, k, 0);
        return;
    }
    case Schedule::ZbH1: {
        // Qi et al., ICLR'24 §3.1, ZB-H1 (as PaddlePaddle's pipeline_scheduler_ZBH1 lays it out): stage i
        // warms up with p - i forwards, then runs B, (W), F in turn; the W of its first i microbatches wait
        // until the end, where they fill the bubble 1F1B leaves after the last backward. The number of
        // microbatches in flight stays that of 1F1B.
        out.reserve(std::size_t(m) * (recompute ? 4 : 3));
        const int warmup = std::min(p - i, m);
        const int deferred = std::min(i, m);
        int next = 0;
        for (; next < warmup; ++next)
            e.forward(next, 0);
        for (int k = 0; k < m; ++k) {
            e.backward(PipeOpKind::BackwardInput, k, 0);
            if (k >= deferred)
                out.push_back({PipeOpKind::BackwardWeight, k, 0});
            if (next < m)
                e.forward(next++, 0);
        }
        for (int k = 0; k < deferred; ++k)
            out.push_back({PipeOpKind::BackwardWeight, k, 0});
        return;
    }
    }
}

const char* pipeOpKindName(PipeOpKind kind)
{
    switch (kind) {
    case PipeOpKind::Forward:
        return "forward";
    case PipeOpKind::Backward:
        return "backward";
    case PipeOpKind::BackwardInput:
        return "backward-input";
    case PipeOpKind::BackwardWeight:
        return "backward-weight";
    case PipeOpKind::Recompute:
        return "recompute";
    }
    return "";
}

} // namespace ss
