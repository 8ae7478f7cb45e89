// SPDX-License-Identifier: GPL-3.0-or-later
// The engine's entry point: Scenario in, Result out. Pure, deterministic, no I/O.
#pragma once

#include "result.h"
#include "scenario.h"

namespace ss {

class CommModel;

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
};

// Evaluates a scenario that validateScenario() accepts. On one it rejects, returns a result with
// the problems as warnings (code "scenario.invalid") and zero figures; it never throws or divides by zero.
Result evaluate(const Scenario& scenario, const EvalOptions& options = {});

} // namespace ss
