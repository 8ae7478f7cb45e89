// SPDX-License-Identifier: GPL-3.0-or-later
// The engine's entry point: Scenario in, Result out. Pure, deterministic, no I/O.
#pragma once

#include "result.h"
#include "scenario.h"

#include <cstddef>
#include <limits>

namespace ss {

class CommModel;
struct CommCache;

struct EvalOptions
{
    bool explain = false;      // fill Result::explain
    bool communication = true; // cost the step's collectives on the topology (Result::comm)
    bool timeline = false;     // keep every box of the simulated step (Result::timeline)
    // A communication model of the scenario's topology (scenarioTopology()) owned by the caller, used instead
    // of the thread's cached one: the planner keeps one per worker across thousands of layouts. The figures
    // do not depend on which model is used, only the time taken.
    CommModel* comm_model = nullptr;
    // Leave out of Result what only drawing needs (a collective's link ids and rings, a link's end devices).
    // Every figure stays the same; the planner sets it.
    bool drawing_detail = true;
    // Keep each collective's link ids and rings (only drawing reads them): a caller that only writes the
    // result, as `shardscope-cli eval` does, leaves them out and keeps every link row. Every figure stays
    // the same.
    bool collective_links = true;
    // Past this many loaded links, comm.links keeps only each class's busiest link, the step's bottleneck
    // and the collectives' bottleneck links, and comm.link_classes summarises every class
    // (CommResult::links_aggregated): `shardscope-cli eval` passes its --max-link-rows. Not with explain.
    std::size_t link_rows_max = std::numeric_limits<std::size_t>::max();
    // What estimateCommunication() may keep between the evaluations of one caller on COMM_MODEL (comm.h);
    // the figures are the same with or without it.
    CommCache* comm_cache = nullptr;
    // The scenario's memory as estimateMemory() gives it for the scenario's microbatches, when the caller has
    // it already (the planner screens every layout by memory first): taken instead of estimated again. Its
    // warnings and explanations are then the caller's: Result::warnings and Result::explain leave them out.
    const MemoryResult* memory = nullptr;
    // The caller has checked that validateScenario() accepts the scenario (the planner's layouts).
    bool validated = false;
    // Find the step's bottleneck (Result::bottleneck). The planner, which reads only the step's figures,
    // turns it off: the simulation then unites the streams of the critical stage alone (for its exposed
    // communication) instead of every stage's (the busy time the bottleneck's bubble share reads), and
    // Result::bottleneck stays empty. Every other figure stays the same.
    bool bottleneck = true;
};

// Evaluates a scenario that validateScenario() accepts. On one it rejects, returns a result with
// the problems as warnings (code "scenario.invalid") and zero figures; it never throws or divides by zero.
Result evaluate(const Scenario& scenario, const EvalOptions& options = {});

} // namespace ss
