// SPDX-License-Identifier: GPL-3.0-or-later
// The communication of one training step (docs/architecture.md; docs/formats.md, "Result of eval"): ranks
// placed on GPUs by parallel.rank_order, the tp/dp/pp groups, and per step the tensor-parallel collectives of
// every layer, the pipeline sends, the data-parallel gradient reduction (or a parameter server), ZeRO's
// parameter gathers and the offload copies, each costed on the cluster's topology with every group of a
// kind running at once. Each kind of traffic is a unit of its own (traffic/traffic.h).
#pragma once

#include "collective.h"
#include "result.h"
#include "scenario.h"

#include <array>
#include <cstdint>
#include <limits>
#include <string>
#include <vector>

namespace ss {

struct RankCoord
{
    std::int64_t tp = 0;
    std::int64_t dp = 0;
    std::int64_t pp = 0;
    std::int64_t cp = 0;
};

// parallel.rank_order lists the dimensions innermost first: "tp-dp-pp" (the default, Megatron-LM's)
// makes tp ranks neighbours, so a tp group fills consecutive GPUs of one node. An order that does not
// name tp, dp and pp once each is read as the default.
RankCoord rankCoord(const ParallelSpec& parallel, std::int64_t rank);
std::int64_t rankOf(const ParallelSpec& parallel, const RankCoord& coord);

// The groups of a layout as lists of ranks: tp groups (one per dp × cp × pp index), dp groups (the ranks
// that hold the same dense weights: dp × cp of them, one group per tp × pp index, as Megatron-Core reduces
// gradients over data and context parallel together), pp groups (one per tp × cp × dp index, stage order),
// cp groups (one per tp × dp × pp index); for MoE models ep groups (the ranks that split one layer's experts)
// and edp groups (the replicas of one expert shard, whose gradients are reduced together).
struct ParallelGroups
{
    std::vector<std::vector<int>> tp;
    std::vector<std::vector<int>> dp;
    std::vector<std::vector<int>> pp;
    std::vector<std::vector<int>> cp;
    std::vector<std::vector<int>> ep;
    std::vector<std::vector<int>> edp;
};
ParallelGroups parallelGroups(const ParallelSpec& parallel);

// What estimateCommunication() keeps between calls on one CommModel: the rank groups of the last layout's
// sizes (tp, dp, pp, cp, ep, etp, rank order) on the GPUs, and the collectives costed for them by their call
// (traffic kind, operation, bytes, algorithm, per-group scale). Layouts that differ only in micro batch,
// ZeRO stage, recompute, sequence parallelism or schedule share the groups and most calls. The figures are
// those of a call without it; a caller evaluating many layouts (the planner, per worker) keeps one.
struct CommCache
{
    // Which collective of a step a call is (the traffic kinds', traffic.h).
    enum class Call : std::uint8_t
    {
        Tp,
        Dp,
        Edp,
        Ep,
        Cp,
        PpForward,
        PpBackward
    };
    struct Entry
    {
        Call call = Call::Tp;
        CollectiveOp op = CollectiveOp::AllReduce;
        CollectiveAlgorithm algorithm = CollectiveAlgorithm::Auto;
        int variant = 0; // what else shapes the call (the pipeline's wrap-around with interleaving)
        double bytes = 0;
        std::vector<double> scale;
        CollectiveResult result;
    };

    // A whole step's estimate, by the scenario it was made for (its schedule and recompute as the traffic
    // reads them: the interleaved schedule's chunks or none, full recompute or not) and microbatches: GPipe,
    // 1F1B and ZB-H1 move the same, and so do no recompute and selective recompute.
    struct Step
    {
        Scenario scenario;
        std::int64_t microbatches = 0;
        bool detail = true;
        bool collectiveLinks = true;
        std::size_t linkRowsMax = 0;
        CommResult result;
    };

    // Makes the groups those of PARALLEL on MODEL, forgetting the calls and steps when they change.
    void prepare(const ParallelSpec& parallel, const CommModel& model);
    // These groups alone, for MODEL (another model of the same graph): no calls, no steps.
    CommCache groupsFor(const CommModel& model) const;

    const TopologyGraph* graph = nullptr;
    std::array<std::int64_t, 6> sizes{}; // tp, dp, pp, cp, ep, etp
    std::string rankOrder;
    bool ready = false;
    ParallelGroups ranks; // parallelGroups()
    ParallelGroups gpus;  // the same as GPU device indices
    std::vector<Entry> entries;
    std::vector<Step> steps;
    std::size_t nextStep = 0; // the slot the next step replaces once STEPS is full
};

// The step's collectives and link loads for a scenario that validateScenario() accepts, MICROBATCHES
// per step. Builds the cluster's topology (presets.h) each call; problems come back as "comm.*" warnings.
// With EXPLAIN, appends the explanations of every collective's and link's figures and of serial_time_s.
CommResult estimateCommunication(const Scenario& scenario, std::int64_t microbatches,
                                 std::vector<Explanation>* explain = nullptr);
// The same on a model of the scenario's topology the caller keeps between evaluations (routes, rings
// and plans stay cached in it). MODEL must hold the topology scenarioTopology() gives for SCENARIO.
// Without DETAIL the rows leave out what only drawing needs (a collective's link ids and rings, a link's end
// devices): the figures are the same, the planner's thousands of evaluations cheaper.
// With CACHE, the groups and calls of earlier layouts on MODEL are reused (CommCache).
// Without COLLECTIVE_LINKS a collective's link ids and rings are left out (drawing alone reads them), the
// link rows kept as DETAIL says. With DETAIL and without EXPLAIN, past LINK_ROWS_MAX loaded links the rows
// are aggregated by class (CommResult::links_aggregated, EvalOptions::link_rows_max).
CommResult estimateCommunication(const Scenario& scenario, std::int64_t microbatches, CommModel& model,
                                 bool detail = true, std::vector<Explanation>* explain = nullptr,
                                 CommCache* cache = nullptr, bool collectiveLinks = true,
                                 std::size_t linkRowsMax = std::numeric_limits<std::size_t>::max());

} // namespace ss
