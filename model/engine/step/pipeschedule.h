// SPDX-License-Identifier: GPL-3.0-or-later
// The order in which each pipeline stage runs its compute work in one training step: GPipe (all forwards,
// then all backwards), 1F1B and interleaved 1F1B in Megatron-LM's order (Narayanan et al. SC'21 §2.2), and
// ZB-H1 (Qi et al., ICLR'24 §3.1), where the backward splits into input-gradient (B) and weight-gradient (W)
// passes and W fills the bubble.
#pragma once

#include "scenario.h"

#include <cstdint>
#include <vector>

namespace ss {

enum class PipeOpKind : std::uint8_t
{
    Forward,
    Backward,       // input and weight gradients together
    BackwardInput,  // ZB-H1's B: the input gradient only, sent upstream at once
    BackwardWeight, // ZB-H1's W: the weight gradient, free to move into a bubble
    Recompute       // the forward work recomputed just before a backward
};

struct PipeOp
{
    PipeOpKind kind = PipeOpKind::Forward;
    int microbatch = 0;
    int chunk = 0; // virtual-stage chunk of the interleaved schedule; 0 otherwise
};

// The compute order of STAGE (0-based) of PP stages for MICROBATCHES microbatches. VIRTUAL_STAGES is the
// number of chunks per stage (used by the interleaved schedule only). With RECOMPUTE, a Recompute op
// precedes every Backward/BackwardInput of the same microbatch and chunk. Every stage gets m·v forwards and
// m·v backwards (or m·v B and m·v W for ZB-H1).
std::vector<PipeOp> stageOrder(Schedule schedule, int stage, int pp, int microbatches, int virtualStages,
                               bool recompute);
// The same into OUT, reusing its memory.
void stageOrder(Schedule schedule, int stage, int pp, int microbatches, int virtualStages, bool recompute,
                std::vector<PipeOp>& out);

// The chunks per stage a schedule runs: virtual_stages for interleaved, 1 otherwise.
int chunksOf(Schedule schedule, std::int64_t virtualStages);

const char*
pipeOpKindName(PipeOpKind kind); // the timeline kinds: "forward", "backward", "backward-input", ...

} // namespace ss
