// SPDX-License-Identifier: GPL-3.0-or-later
// What the collective algorithms (algorithms.h) build their plans with: the machines of a group, the ring
// channels NCCL would run through them, the flows of a plan's phases and the phases summed into the plan's
// alpha and beta (CommModel::Plan in collective.h).
#pragma once

#include "collective.h"
#include "flowset.h"

#include <algorithm>
#include <cstddef>
#include <memory>
#include <string>
#include <utility>
#include <vector>

namespace ss {

// At most this many channels (NCCL's MAXCHANNELS is 32, 64 in recent releases; a fluid model needs no more).
constexpr int kMaxChannels = 64;

// ORDER started at its element START.
std::vector<int> rotated(const std::vector<int>& order, std::size_t start);

struct HostGroup
{
    int host = -1;
    std::vector<int> gpus; // in group order
};
// The machines of a group in the order of their first rank (the tree's positions), each with its GPUs.
std::vector<HostGroup> splitByHost(const TopologyGraph& g, const std::vector<int>& group);

// One group of a collective as an algorithm sees it, for its plan or for its lower bound.
struct AlgorithmGroup
{
    const std::vector<int>& gpus;        // device indices, rank order
    double w = 1;                        // the group moves w × the collective's size
    int n = 0;                           // ranks
    const std::vector<HostGroup>& hosts; // splitByHost(gpus)
    int H = 0;                           // machines
    bool first = false;                  // plans: the first group, whose channels the plan shows as its rings
    int rootDevice = -1;                 // plans: the root of broadcast and reduce
    double route = 0;                    // bounds: the least latency of a route between two of its machines
};

// One pass of ring flows over some machines' channels: every channel edge carries FACTOR × the group's
// share, STEPS latency steps; CHAIN runs broadcast and reduce as a chain from (TOWARD_ROOT: to) ROOT_DEVICE;
// RECORD keeps the channels as the plan's rings.
struct RingPass
{
    double factor = 1;
    int steps = 0;
    bool chain = false;
    bool towardRoot = false;
    int rootDevice = -1;
    bool record = false;
};

class PlanBuilder
{
public:
    struct Phase
    {
        std::unique_ptr<FlowSet> flows;
        double alpha = 0;
        double factor = 1; // throughput factor on top of the links' efficiency
        int repeat = 1;    // the phase runs this many times (the same flows again)
        double volume = 0; // the algorithm's bytes per link per byte of size, for explanations
        double steps = 0;  // latency steps (0: not steps × one latency, the tree's)
        int machines = -1; // the class of alikeMachines() in FLOWS, once made
    };

    explicit PlanBuilder(CommModel& model, CommModel::Plan& plan) : m_model(model), m_plan(plan) {}

    const TopologyGraph& graph() const { return *m_model.m_graph; }
    Router& router() { return m_model.router(); }
    int sharpSwitch(int gpu) { return m_model.sharpSwitch(gpu); }
    CommModel::Plan& plan() { return m_plan; }
    // Phase I of the plan, made (with the ones before it) on first use; every group adds to the same phases.
    Phase& phase(std::size_t i);
    // Records MESSAGE as the plan's error; false, for `return b.fail(...)`.
    bool fail(std::string message);

    // Adds a flow and keeps the largest latency of the phase's STEP kind.
    void flow(Phase& ph, int a, int b, double volume, double& latency)
    {
        if (!m_alike.empty()) {
            if (ph.machines < 0)
                ph.machines = hostClass(ph, m_alike);
            localFlow(ph, ph.machines, a, b, volume, latency);
            return;
        }
        const double l = ph.flows->addAcross(router(), a, b, volume);
        latency = std::max(latency, l);
    }
    // From now on the flows are those of a group inside the first of HOSTS, which every other machine of
    // HOSTS runs alike (one template, its group on the same local GPUs): each added once for them all.
    void alikeMachines(std::vector<int> hosts) { m_alike = std::move(hosts); }
    // The plan's groups have RANKS GPUs in all: room for the ends of their flows in each phase's FlowSet.
    void expectRanks(std::size_t ranks) { m_ranks = ranks; }
    // Flows inside every machine of HOSTS alike (one template, the same local devices; FlowSet::hostClass):
    // the class, then its flows A → B between devices of its first machine, keeping the largest latency.
    int hostClass(Phase& ph, const std::vector<int>& hosts) { return ph.flows->hostClass(hosts); }
    void localFlow(Phase& ph, int cls, int a, int b, double volume, double& latency)
    {
        const double l = ph.flows->addLocal(router(), cls, a, b, volume);
        latency = std::max(latency, l);
    }
    // Ring flows of one phase over the channels through HS (HS's GPUs all belong to GROUP); false when the
    // GPUs of a machine have no ring.
    bool ringPhase(Phase& ph, const AlgorithmGroup& group, const std::vector<HostGroup>& hs,
                   const RingPass& pass);
    // The first ring through the GPUs of one machine, as a chain; false when they have none.
    bool machineChain(const std::vector<int>& gpus, std::vector<int>& chain);
    bool nvlsSwitch(const std::vector<int>& gpus, int& nvswitch) const
    {
        return m_model.nvlsSwitch(gpus, nvswitch);
    }

    // Sums the phases into the plan: time = Σ (alpha + the busiest arc's bytes / effective bandwidth /
    // factor), and the arcs' loads. False (the plan's error set) when a flow had no route. The loads are
    // the plan's after keepLoads(); dropLoads() lets them go unlisted (on a large cluster a list of 100 MB),
    // for a plan that will not be chosen. One of the two follows a finish() that returned true.
    bool finish();
    void keepLoads();
    void dropLoads();
    ~PlanBuilder() { clearPending(); }
    PlanBuilder(const PlanBuilder&) = delete;
    PlanBuilder& operator=(const PlanBuilder&) = delete;

private:
    void clearPending();
    bool channels(const std::vector<HostGroup>& hs, std::vector<std::pair<std::vector<int>, double>>& out);
    void ringEdge(Phase& ph, int x, int y, int relay, double volume, bool reverse, double& latency);

    CommModel& m_model;
    CommModel::Plan& m_plan;
    std::vector<Phase> m_phases;
    std::vector<int> m_alike;
    std::size_t m_ranks = 0;
    // finish()'s loads summed in the thread's scratch, not yet listed: each REPEAT times (SCALED) or as
    // summed.
    struct Pending
    {
        std::vector<double>* sum = nullptr;
        int repeat = 1;
        bool scaled = false;
    } m_pending;
};

} // namespace ss
