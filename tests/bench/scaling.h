// SPDX-License-Identifier: GPL-3.0-or-later
// shardscope-bench --scaling: how the cost of one evaluation grows with the cluster (64 to 16,384 GPUs) and
// with the microbatches of a step (1 to 1024), split into the engine's parts: memory, communication (on a
// cold and a warm communication model) and the step simulation with its timeline. The JSON it prints is what
// shardscope-benchplot draws into docs/scaling-gpus.png and docs/scaling-microbatches.png.
#pragma once

#include <QJsonObject>

namespace ss::bench {

struct ScalingOptions
{
    // A reduced set (up to 256 GPUs, up to 16 microbatches, three runs each): the ctest smoke run.
    bool quick = false;
    // Progress lines on stderr, one per measured row (the full run takes minutes).
    bool progress = false;
};

// Measures every row and returns {"config": {...}, "gpus": [...], "microbatches": [...]}; seconds are
// medians. Rows whose scenario the engine rejects are left out (none should be: the layouts are chosen
// valid).
QJsonObject runScaling(const ScalingOptions& options);

// The same as a plain-text table, for a terminal.
QString scalingTable(const QJsonObject& scaling);

} // namespace ss::bench
