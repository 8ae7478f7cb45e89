// SPDX-License-Identifier: GPL-3.0-or-later
// The ring algorithm step by step, for the canvas's animation: given the ring's length n and the
// collective, which GPU sends which chunk to its successor at each step, and what every GPU holds after
// any number of steps. Plain C++ with no Qt, so it is tested on its own and the animation only draws it.
//
// The buffer is cut into n chunks. Ring all-reduce (Thakur, Rabenseifner and Gropp, "Optimization of
// Collective Communication Operations in MPICH", IJHPCA 2005, §4.4; NCCL's ring all-reduce) runs 2(n-1)
// steps: n-1 reduce-scatter steps, where the receiver adds the incoming chunk to its own, then n-1
// all-gather steps, where it keeps the incoming (finished) chunk. At step k (0-based, over both phases)
// the GPU at ring position i sends chunk (i - k) mod n to position i + 1. After the reduce-scatter the GPU
// at position i holds the finished chunk (i + 1) mod n; after the all-gather every GPU holds every chunk.
// A reduce-scatter alone (n-1 steps) leaves chunk i finished on position i, as NCCL's output is laid out;
// an all-gather alone (n-1 steps) starts from chunk i on position i.
#pragma once

#include <vector>

namespace ss {

enum class RingCollective
{
    AllReduce,
    ReduceScatter,
    AllGather
};

enum class RingPhase
{
    ReduceScatter,
    AllGather
};

// One chunk on one ring edge during one step. FROM and TO are positions in the ring order (TO = FROM + 1
// mod n).
struct RingTransfer
{
    int from = 0;
    int to = 0;
    int chunk = 0;
    RingPhase phase = RingPhase::ReduceScatter;
    bool operator==(const RingTransfer&) const = default;
};

class RingAnimation
{
public:
    RingAnimation() = default;
    // A ring of RANKS GPUs (fewer than 2: no steps).
    explicit RingAnimation(int ranks, RingCollective collective = RingCollective::AllReduce);

    int ranks() const { return m_ranks; }
    RingCollective collective() const { return m_collective; }
    // 2(n-1) for all-reduce, n-1 for reduce-scatter or all-gather; 0 for a ring of fewer than 2.
    int stepCount() const;
    // Steps per phase: n-1.
    int phaseSteps() const { return m_ranks > 1 ? m_ranks - 1 : 0; }
    bool isValidStep(int step) const { return step >= 0 && step < stepCount(); }
    RingPhase phase(int step) const;
    // STEP counted within its phase, from 0.
    int phaseStep(int step) const;
    // The chunk the GPU at ring position POSITION sends at STEP; -1 for an invalid step or position.
    int chunkSent(int position, int step) const;
    // Every GPU's one send at STEP, in ring order; empty for an invalid step.
    std::vector<RingTransfer> transfers(int step) const;

    // How many GPUs' data each chunk on each GPU holds after the first STEPS steps, [position][chunk]:
    // 1 for a GPU's own data, n for a finished (fully reduced) chunk, 0 for one an all-gather has not
    // delivered yet. What the animation shades under every GPU.
    std::vector<std::vector<int>> contributions(int steps) const;

private:
    int m_ranks = 0;
    RingCollective m_collective = RingCollective::AllReduce;
};

} // namespace ss
