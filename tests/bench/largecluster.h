// SPDX-License-Identifier: GPL-3.0-or-later
// shardscope-bench: GPT-3 175B (the gpt3-175b-megatron example's layout, tp 8 × pp 8, interleaved with 2
// chunks, dp grown with the cluster) evaluated by `shardscope-cli eval` on very large clusters of DGX A100
// nodes, each run a child process: its wall time, its peak resident memory (wait4's ru_maxrss) and the bytes
// of the JSON it prints.
#pragma once

#include <QJsonObject>

#include <vector>

namespace ss::bench {

// Adds eval_cli_<gpus>gpu_s, eval_cli_<gpus>gpu_peak_bytes and eval_cli_<gpus>gpu_json_bytes to MEDIANS for
// each cluster size in GPUS (medians of RUNS runs; the memory and JSON figures are the largest seen). CLI is
// the shardscope-cli binary. Returns false (and says why on stderr) when a run fails.
bool measureLargeClusters(const char* cli, const std::vector<int>& gpus, int runs, QJsonObject& medians);

// Adds plan_cli_<gpus>gpu_s and plan_cli_<gpus>gpu_peak_bytes: `shardscope-cli plan` of GPT-3 175B on GPUS
// GPUs (a global batch of GPUS / 8 sequences, so that layouts exist), every core, a child process each run.
bool measureLargePlans(const char* cli, int gpus, int runs, QJsonObject& medians);

} // namespace ss::bench
