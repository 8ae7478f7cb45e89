// SPDX-License-Identifier: GPL-3.0-or-later
// comm_timing: how long the communication model takes on a 1024-GPU cluster (its targets: one collective on
// 128 nodes <= 2 ms, the communication part of eval for a 1024-GPU scenario <= 10 ms).
// A measuring program, not a test: it prints the minimum and median of repeated runs as JSON lines.
#include "comm.h"
#include "presets.h"

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstring>
#include <functional>
#include <string>
#include <vector>

using namespace ss;

namespace {

void measure(const char* name, int reps, const std::function<void()>& body)
{
    std::vector<double> ms;
    for (int i = 0; i < reps; ++i) {
        const auto start = std::chrono::steady_clock::now();
        body();
        ms.push_back(
            std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count());
    }
    std::sort(ms.begin(), ms.end());
    std::printf("{\"name\":\"%s\",\"reps\":%d,\"min_ms\":%.3f,\"median_ms\":%.3f}\n", name, reps, ms.front(),
                ms[ms.size() / 2]);
}

// GPT-3 175B as Megatron-LM trains it (Narayanan et al. SC'21): 1024 A100 in 128 DGX A100 nodes,
// tp 8 × pp 8 × dp 16, sequence parallel, interleaved 1F1B.
Scenario gpt3()
{
    Scenario s;
    s.model.layers = 96;
    s.model.hidden = 12288;
    s.model.heads = 96;
    s.model.kv_heads = 96;
    s.model.ffn_hidden = 49152;
    s.model.seq_len = 2048;
    s.training.global_batch = 1536;
    s.training.micro_batch = 1;
    s.parallel.dp = 16;
    s.parallel.tp = 8;
    s.parallel.pp = 8;
    s.parallel.sequence_parallel = true;
    s.parallel.schedule = Schedule::Interleaved;
    s.parallel.virtual_stages = 2;
    s.cluster.nodes = 128;
    s.cluster.gpus_per_node = 8;
    return s;
}

} // namespace

int main(int argc, char** argv)
{
    const int reps = argc > 1 && std::strcmp(argv[1], "--quick") == 0 ? 3 : 25;
    ClusterShape shape;
    shape.preset = "dgx-a100";
    shape.nodes = 128;
    shape.network = {"ib-hdr", 8};
    Topology topology;
    generateCluster(shape, topology);

    measure("generate 128 x dgx-a100 topology", reps, [&] {
        Topology t;
        generateCluster(shape, t);
    });
    measure("build graph (2953 devices, 4744 links)", reps, [&] {
        CommModel m;
        CommModel::fromTopology(topology, m);
    });
    CommModel model;
    CommModel::fromTopology(topology, model);
    const std::vector<int> all = model.graph().gpus();
    // Cold: a fresh model each time, so routes, rings and every candidate algorithm's plan are computed.
    std::vector<CommModel> fresh(static_cast<std::size_t>(reps));
    for (CommModel& m : fresh)
        CommModel::fromTopology(topology, m);
    int next = 0;
    measure("allreduce 1 GiB over 1024 GPUs, auto, cold", reps,
            [&] { fresh[std::size_t(next++)].collective(CollectiveOp::AllReduce, 1 << 30, all); });
    for (CommModel& m : fresh)
        CommModel::fromTopology(topology, m);
    next = 0;
    measure("allreduce 1 GiB over 1024 GPUs, ring, cold", reps, [&] {
        fresh[std::size_t(next++)].collective(CollectiveOp::AllReduce, 1 << 30, all,
                                              CollectiveAlgorithm::Ring);
    });
    for (const CollectiveAlgorithm a : {CollectiveAlgorithm::Tree, CollectiveAlgorithm::Hierarchical}) {
        for (CommModel& m : fresh)
            CommModel::fromTopology(topology, m);
        next = 0;
        measure((std::string("allreduce 1 GiB over 1024 GPUs, ") + algorithmName(a) + ", cold").c_str(), reps,
                [&] { fresh[std::size_t(next++)].collective(CollectiveOp::AllReduce, 1 << 30, all, a); });
    }
    measure("allreduce 1 GiB over 1024 GPUs, auto, warm", reps,
            [&] { model.collective(CollectiveOp::AllReduce, 1 << 30, all); });
    measure("alltoall 1 GiB over 1024 GPUs (n^2 flows), cold", 3, [&] {
        CommModel m;
        CommModel::fromTopology(topology, m);
        m.collective(CollectiveOp::AllToAll, 1 << 30, all);
    });

    const Scenario s = gpt3();
    const std::int64_t microbatches = s.training.global_batch / (s.parallel.dp * s.training.micro_batch);
    measure("comm of eval, GPT-3 175B on 1024 GPUs, from scratch", reps,
            [&] { estimateCommunication(s, microbatches); });
    Topology st;
    scenarioTopology(s, st);
    CommModel kept;
    CommModel::fromTopology(st, kept);
    measure("comm of eval, GPT-3 175B on 1024 GPUs, model kept", reps,
            [&] { estimateCommunication(s, microbatches, kept); });
    return 0;
}
