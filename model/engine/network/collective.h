// SPDX-License-Identifier: GPL-3.0-or-later
// Collectives over a topology (docs/architecture.md), costed in the alpha-beta model of collectives (Thakur,
// Rabenseifner and Gropp, "Optimization of Collective Communication Operations in MPICH", IJHPCA 2005).
// An algorithm (ring, tree, hierarchical, direct, NVLS) expands a collective over a GPU group into flows;
// flows are routed onto the topology's links (routing.h); a sparse routing matrix (links × route columns)
// times the flow sizes gives every link's bytes, and the time is the alpha terms plus the busiest link's
// bytes / (bandwidth × efficiency): a fluid bottleneck model. Several groups at once (all the data-parallel
// groups of a step) share the links they have in common.
#pragma once

#include "result.h"
#include "routing.h"
#include "topology.h"

#include <cstdint>
#include <limits>
#include <memory>
#include <string>
#include <string_view>
#include <unordered_map>
#include <utility>
#include <vector>

namespace ss {

enum class CollectiveOp
{
    AllReduce,
    AllGather,
    ReduceScatter,
    Broadcast,
    Reduce,
    AllToAll,
    SendRecv
};
// Auto picks the fastest applicable algorithm for the size. Nvls: in-switch reduction on NVSwitch 3+
// (NCCL's NVLS, NVLink SHARP), all-reduce inside one machine. NvlsTree: NVLS inside every machine and a
// double binary tree across them (NCCL's NVLS_TREE). CollNet: in-network reduction by SHARP-capable
// InfiniBand switches (NCCL's CollNet with the SHARP plugin), on link kinds marked `sharp` in the catalogue.
enum class CollectiveAlgorithm
{
    Auto,
    Ring,
    Tree,
    Hierarchical,
    Direct,
    Nvls,
    NvlsTree,
    CollNet
};

const char* collectiveOpName(CollectiveOp op); // "allreduce", "allgather", ..., "sendrecv"
bool collectiveOpFromName(std::string_view name, CollectiveOp& out);
// "auto", "ring", "tree", "hierarchical", "direct", "nvls", "nvlstree", "collnet"
const char* algorithmName(CollectiveAlgorithm algorithm);
bool algorithmFromName(std::string_view name, CollectiveAlgorithm& out);

// nccl-tests' busbw = algbw × factor (doc/PERFORMANCE.md): all-reduce 2(n-1)/n; all-gather, reduce-scatter,
// all-to-all (n-1)/n; broadcast, reduce, send/recv 1.
double busBandwidthFactor(CollectiveOp op, std::int64_t ranks);

struct LinkLoad
{
    int link = -1;
    double bytes_ab = 0; // link.a → link.b
    double bytes_ba = 0;
    double busy_s = 0; // the busier direction's bytes / (bandwidth × count × efficiency)
    double bytes() const { return bytes_ab > bytes_ba ? bytes_ab : bytes_ba; }
};

// The link loads of a collective's result: its plan's loads per byte, shared with the plan and with every
// copy of the result (the cache that remembers a call, the row of the step that shows it, the step's tally),
// and scaled by the call's size when read. A collective over every machine of a large cluster loads a million
// links; before, each of those holders kept its own scaled copy. Read like a vector of LinkLoad, by value.
class LinkLoads
{
public:
    using PerByte = std::shared_ptr<const std::vector<LinkLoad>>;
    class Iterator
    {
    public:
        Iterator(const LinkLoad* at, double scale, bool reversed)
            : m_at(at), m_scale(scale), m_reversed(reversed)
        {
        }
        LinkLoad operator*() const { return scaled(*m_at, m_scale, m_reversed); }
        Iterator& operator++()
        {
            ++m_at;
            return *this;
        }
        bool operator==(const Iterator& o) const { return m_at == o.m_at; }
        bool operator!=(const Iterator& o) const { return m_at != o.m_at; }

    private:
        const LinkLoad* m_at;
        double m_scale;
        bool m_reversed;
    };

    LinkLoads() = default;
    // REVERSED: every load read the other way round (bytes_ab and bytes_ba swapped), as copies that retrace
    // the routes of others backwards load the same links (CommModel::transfersBothWays()).
    LinkLoads(PerByte perByte, double scale, bool reversed = false)
        : m_perByte(std::move(perByte)), m_scale(scale), m_reversed(reversed)
    {
    }
    Iterator begin() const { return {m_perByte ? m_perByte->data() : nullptr, m_scale, m_reversed}; }
    Iterator end() const
    {
        return {m_perByte ? m_perByte->data() + m_perByte->size() : nullptr, m_scale, m_reversed};
    }
    std::size_t size() const { return m_perByte ? m_perByte->size() : 0; }
    bool empty() const { return size() == 0; }
    LinkLoad operator[](std::size_t i) const { return scaled((*m_perByte)[i], m_scale, m_reversed); }
    LinkLoad front() const { return (*this)[0]; }
    void clear() { m_perByte.reset(); }

private:
    static LinkLoad scaled(LinkLoad l, double scale, bool reversed)
    {
        if (reversed)
            std::swap(l.bytes_ab, l.bytes_ba);
        l.bytes_ab *= scale;
        l.bytes_ba *= scale;
        l.busy_s *= scale;
        return l;
    }
    PerByte m_perByte;
    double m_scale = 1;
    bool m_reversed = false;
};

struct CollectiveResult
{
    std::string error; // non-empty: nothing below is meaningful
    CollectiveOp op = CollectiveOp::AllReduce;
    CollectiveAlgorithm algorithm = CollectiveAlgorithm::Ring;
    double bytes = 0; // nccl-tests "size": the whole buffer (all-gather: per-rank count × type × ranks)
    int ranks = 0;    // per group
    int groups = 1;
    double time_s = 0;
    double alpha_s = 0; // the latency part of time_s
    double algbw_Bps = 0;
    double busbw_Bps = 0;
    int bottleneck_link = -1;
    LinkLoads links; // every link that carries bytes, in topology order
    // The first group's channels as GPU device indices: ring orders (ring), chains (tree), for highlighting.
    std::vector<std::vector<int>> rings;
    // The time's phases, their busiest link's bytes for this size (result.h): what explains time_s.
    std::array<CollectivePhase, kMaxCollectivePhases> phases{};
    int phase_count = 0;
    bool ok() const { return error.empty(); }
};

// A point-to-point copy between two devices (pipeline sends, offload copies, parameter-server traffic).
struct Transfer
{
    int from = -1;
    int to = -1;
    double bytes = 0;
};

class RouteTable;
class SwitchRoutes;
class PlanBuilder;
struct HostGroup;
struct CallMemo;

class CommModel
{
public:
    CommModel();
    explicit CommModel(TopologyGraph graph);
    // A model of a graph shared with others (the planner's workers each route one graph of the cluster).
    explicit CommModel(std::shared_ptr<const TopologyGraph> graph);
    ~CommModel();
    CommModel(CommModel&&) noexcept;
    CommModel& operator=(CommModel&&) noexcept;
    // Builds the graph from plain data; false with *ERROR on a malformed topology.
    static bool fromTopology(const Topology& topology, CommModel& out, std::string* error = nullptr);

    const TopologyGraph& graph() const { return *m_graph; }
    // The graph as another model may share it (a second thread's model of the same cluster).
    const std::shared_ptr<const TopologyGraph>& sharedGraph() const { return m_graph; }
    Router& router() { return *m_router; }

    // Whether results carry each link's load (CollectiveResult::links, on by default). A caller that reads
    // only times (the planner) turns it off: plans then keep no per-arc loads once built and nothing is
    // spread onto the links, which over a large cluster is most of a plan's memory. Times are the same.
    void setLinkLoads(bool on) { m_linkLoads = on; }
    bool linkLoads() const { return m_linkLoads; }
    // Lets go of the cached copy plans whose link loads list more than LINKS links (returns how many): they
    // are routed again if asked for again. A one-off estimate over a very large cluster calls it once its
    // pipeline sends are tallied, so that their loads (100 MB at 1,048,576 GPUs) are not held while the other
    // kinds are priced.
    std::size_t forgetLargeTransfers(std::size_t links);

    // One collective of BYTES over GPUS (device indices, rank order). ROOT is the rank of broadcast/reduce.
    CollectiveResult collective(CollectiveOp op, double bytes, const std::vector<int>& gpus,
                                CollectiveAlgorithm algorithm = CollectiveAlgorithm::Auto, int root = 0);
    // The same collective on every group at once; group g moves BYTES × SCALE[g] (all 1 when SCALE is empty).
    CollectiveResult collective(CollectiveOp op, double bytes, const std::vector<std::vector<int>>& groups,
                                CollectiveAlgorithm algorithm = CollectiveAlgorithm::Auto,
                                const std::vector<double>& scale = {}, int root = 0);
    // Point-to-point copies all at once: time = the longest route's latency + the busiest link's time.
    CollectiveResult transfers(const std::vector<Transfer>& transfers);
    // transfers() of LIST and of LIST with every copy turned round (from its `to` back to its `from`): a
    // pipeline's sends forward and backward. When the copies are of one size and every route they take is
    // the route back turned round (a fabric routed alike both ways), the way back is priced from the way
    // forward: the same links, each loaded the other way round. The same results as two transfers() calls.
    std::pair<CollectiveResult, CollectiveResult> transfersBothWays(const std::vector<Transfer>& list);

    // A lower bound on the time of ALGORITHM's plan for BYTES, from what the machines' network edges and
    // the GPUs' edges can carry and the fewest latency steps, without building the plan: auto builds a
    // candidate only when its bound could still beat the fastest plan built so far. 0 when no bound is
    // known (inside one machine, or an algorithm without one). Public for tests.
    double lowerBound(CollectiveOp op, CollectiveAlgorithm algorithm,
                      const std::vector<std::vector<int>>& groups, const std::vector<double>& scale,
                      double bytes);

    // The shape of one algorithm per byte of size (exposed for benchmarks and tests).
    struct Plan
    {
        std::string error;
        CollectiveAlgorithm algorithm = CollectiveAlgorithm::Ring;
        double alpha_s = 0;
        double beta_s = 0; // seconds per byte of size
        // (arc, bytes per byte of size), arcs in order; released once spread onto the links (below).
        mutable std::vector<std::pair<int, double>> loads;
        std::vector<std::vector<int>> rings;
        // The phases summed into alpha_s and beta_s; their busiest link's bytes are per byte of size.
        std::array<CollectivePhase, kMaxCollectivePhases> phases{};
        int phase_count = 0;
        // LOADS spread over each edge's links, per byte of size, by link; busy_s is seconds per byte. The
        // busiest link does not depend on the size. A collective's plan hands its first evaluation's links
        // to the result and keeps none (HANDED_OVER; a cold model's plan is evaluated once); evaluated
        // again, its loads are routed again (the same flows, so the same loads) and the links kept (SPREAD)
        // from then on. Auto builds plans it does not evaluate.
        mutable LinkLoads::PerByte links;
        mutable bool linksReversed = false; // LINKS are another plan's, read the other way round
        mutable int bottleneck = -1;
        mutable bool spread = false;
        mutable bool handedOver = false;
        // Plans across machines: NCCL's protocols LL, LL128 and Simple (collectives/protocol.cpp), each an
        // extra latency and a fraction of the plan's bandwidth (0: not available); the time for a size is
        // the fastest protocol's. Inside one machine PROTOCOLS is false and the time is alpha + beta × S.
        std::array<double, 3> protocolAlpha{};
        std::array<double, 3> protocolBandwidth{};
        bool protocols = false;
        // NCCL's tree: its bandwidth scaled by size below 256 MiB (tuning.cc treeCorrectionFactor).
        bool treeCorrection = false;
        // The time for BYTES (the fastest protocol's) and, in *PROTOCOL, which one (0 LL, 1 LL128, 2 Simple).
        double time(double bytes, int* protocol = nullptr) const;
    };

private:
    struct Ring
    {
        std::vector<int> order; // devices
        double rate = 0;        // bytes/s this ring alone can carry on every edge
    };
    const Plan& plan(CollectiveOp op, CollectiveAlgorithm algorithm,
                     const std::vector<std::vector<int>>& groups, const std::vector<double>& scale, int root);
    const Plan* cachedPlan(CollectiveOp op, CollectiveAlgorithm algorithm,
                           const std::vector<std::vector<int>>& groups, const std::vector<double>& scale,
                           int root);
    // After makePlan()'s builder B has finished PLAN: its loads listed, or let go (see there).
    void settleLoads(PlanBuilder& b, Plan& plan);
    // The plan of ALGORITHM, each group built by the algorithm's unit (collectives/dispatch.cpp).
    Plan makePlan(CollectiveOp op, CollectiveAlgorithm algorithm, const std::vector<std::vector<int>>& groups,
                  const std::vector<double>& scale, int root);
    // Auto's algorithms for OP on GROUPS, in order of preference; MULTI_HOST: a group spans machines.
    std::vector<CollectiveAlgorithm>
    autoCandidates(CollectiveOp op, const std::vector<std::vector<int>>& groups, bool& multiHost);
    // Whether every machine of every group has an NVLink SHARP switch and the same number of the group's
    // GPUs (nvlstree), and whether every GPU's NIC hangs off a SHARP-capable switch (collnet).
    bool nvlsTreeApplies(const std::vector<std::vector<int>>& groups);
    bool collNetApplies(const std::vector<std::vector<int>>& groups);
    // The SHARP switch that aggregates what GPU sends (the switch its NIC hangs off when that link's kind is
    // SHARP-capable), or -1.
    int sharpSwitch(int gpu);
    // The fastest of the CANDIDATES' plans for BYTES, building only those whose lower bound could still
    // win; null when none applies.
    const Plan* fastestPlan(CollectiveOp op, const std::vector<CollectiveAlgorithm>& candidates,
                            bool multiHost, const std::vector<std::vector<int>>& groups,
                            const std::vector<double>& scale, int root, double bytes);
    // Group GI's machines (splitByHost), worked out once per collective() call (else into SCRATCH); and
    // networkShape()'s fields for GROUPS, likewise.
    const std::vector<HostGroup>& groupHosts(const std::vector<std::vector<int>>& groups, std::size_t gi,
                                             std::vector<HostGroup>& scratch);
    void groupsNetwork(const std::vector<std::vector<int>>& groups, struct ProtocolShape& shape);
    std::vector<Ring> intraRings(const std::vector<int>& gpus);
    std::vector<Ring> packRings(const std::vector<int>& gpus);
    bool nvlsSwitch(const std::vector<int>& gpus, int& nvswitch) const;
    bool nvlinkPeers(int a, int b); // an all-NVLink path inside one machine
    // PLAN for BYTES; KEEP_LINKS: the plan keeps the links it spreads (else it hands them to the result).
    CollectiveResult evaluate(const Plan& plan, CollectiveOp op, double bytes, int ranks, int groups,
                              bool keepLinks = true) const;
    // A collective's plan for BYTES: its loads routed again first when a first evaluation handed them over.
    CollectiveResult evaluateCollective(const Plan& plan, CollectiveOp op, double bytes,
                                        const std::vector<std::vector<int>>& groups,
                                        const std::vector<double>& scale, int root, int ranks);
    // PLAN's loads onto the links, into LOADS (per byte of size), and its bottleneck; the plan's arc loads
    // are released.
    void spreadLoads(const Plan& plan, std::vector<LinkLoad>& loads) const;
    // The plan of copies from their arc LOADS and longest route's LATENCY (ERROR: a copy has no route).
    Plan directPlan(std::vector<std::pair<int, double>> loads, double latency, std::string error) const;
    // P's beta_s and phase from the busiest of LOADS (arc, bytes), in arc order; TWINS: each load read on
    // its arc's twin (arc ^ 1), the other direction of the same edge.
    void busiestArc(Plan& p, const std::vector<std::pair<int, double>>& loads, bool twins) const;
    // transfers()'s cache key of LIST into KEY; false when the copies are not all of one finite size.
    static bool transferKey(const std::vector<Transfer>& list, std::string& key);
    // transfers() of LIST with its plan P (built, not yet evaluated): evaluated for the copies' size and kept
    // under KEY.
    CollectiveResult evaluateTransfers(Plan p, const std::vector<Transfer>& list, const std::string* key);

    // Builds plans from the model's rings, routes and caches (collectives/planbuilder.h).
    friend class PlanBuilder;

    std::shared_ptr<const TopologyGraph> m_graph;
    std::unique_ptr<Router> m_router;
    std::unique_ptr<RouteTable> m_routes; // routed columns shared by all plans (collectives/routetable.h)
    std::unique_ptr<SwitchRoutes> m_switchRoutes; // routes between switches for plans (collectives/flowset.h)
    std::unordered_map<std::string, std::vector<Ring>>
        m_ringCache; // by host template and local indices (local orders)
    std::unordered_map<std::string, Plan> m_planCache;
    // transfers() of equal-sized copies by their (from, to) pairs: a pipeline's sends for every micro batch
    // size of a layout route the same way.
    std::unordered_map<std::string, Plan> m_transferCache;
    std::string m_keyBuffer;
    std::unordered_map<std::uint64_t, bool> m_nvlinkPeers; // by host template and local indices
    // For lowerBound(), filled on first use: per host, the effective bandwidth per direction of the edges
    // that leave it; the least latency of the network part of a route between two machines.
    std::vector<double> m_hostOut;
    double m_netLatency = -1;
    std::unique_ptr<CallMemo> m_memo; // what the running collective() call shares (algorithms.h)
    // fastestPlan(): the fastest plan built so far for the call's size BYTES, and its time, while it builds
    // another (settleLoads()); BYTES < 0 otherwise.
    struct Beat
    {
        const Plan* plan = nullptr;
        double time = std::numeric_limits<double>::infinity();
        double bytes = -1;
    } m_beat;
    // A plan slower than another by more than this fraction is not the one auto chooses (its ties are within
    // 1e-9).
    static constexpr double kNotChosen = 1e-6;
    bool m_linkLoads = true;
};

} // namespace ss
