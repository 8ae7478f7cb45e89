// SPDX-License-Identifier: GPL-3.0-or-later
// The traffic kinds of one training step, one unit each. A kind reads the step from a TrafficContext,
// costs its collectives on the context's model and returns them as rows (and the calls whose link loads
// count); estimateCommunication() (comm.cpp) runs the kinds in order and adds what they return to the
// step. Why a row moves what it moves is written apart, from the same figures (commexplain.h).
#pragma once

#include "collective.h"
#include "comm.h"
#include "memory.h"
#include "ranklayout.h"
#include "workload.h"

#include <cstdint>
#include <string>
#include <vector>

namespace ss {

// What every kind reads: the scenario and the model it is costed on, the rank groups, and the figures of
// the step that several kinds (or a kind and its explanation) share.
struct TrafficContext
{
    const Scenario& scenario;
    CommModel& model;
    const RankLayout& layout; // layout.n: tp, dp, pp, cp
    CommCache& cache;
    const ParallelGroups& groups; // ranks (cache.ranks)
    std::int64_t ranks = 1;
    std::int64_t m = 1; // microbatches per step
    std::int64_t v = 1; // model chunks per stage (interleaved schedule)
    // A row's result keeps its link loads for the collective's link ids (drawing); else a row that does not
    // load the links itself (TrafficRow::loadsLinks false) may leave them out.
    bool rowLinks = true;

    // Per element and per parameter.
    StateBytes state;
    double actBytes = 2;  // activations and their gradients: the 16-bit training type, fp32 for fp32 training
    double gradBytes = 4; // gradients in the data-parallel reduction: grad_comm_bits / 8
    double b = 1;         // micro batch
    double s = 1;         // tokens of a sequence one rank holds: the sequence length over cp
    double h = 1;         // hidden size
    std::vector<StageParams> stages;
    std::int64_t maxLayers = 1; // layers of the largest pipeline stage
    double psiMax = 0;          // parameters per GPU of the largest stage
    double psiDenseMax = 0;     // of them, the largest stage's weights outside the routed experts
    double psiExpertMax = 0;    // the largest stage's routed-expert weights per GPU
    // What data parallelism moves of them (dataparallel.cpp): the trainable parameters' gradients and updated
    // weights, and for ZeRO-3's gathers the weights' bytes over w. Full training: the same as above; LoRA:
    // the adapters, and the frozen base at its bits.
    double psiTrainDenseMax = 0, psiTrainExpertMax = 0;
    double psiGatherDenseMax = 0, psiGatherExpertMax = 0;
    std::int64_t maxMoeLayers = 0; // MoE layers of the stage with the most (MTP modules included)
    int zero = 0;                  // ZeRO stage, 0-3
    double rsCount = 1;            // gradient reduce-scatters per step

    std::vector<int> servers;          // devices of kind ps
    bool parameterServerAsked = false; // dp_sync is parameter-server and dp > 1
    // The gradients go through parameter servers (asked for, and the topology has some).
    bool parameterServer() const { return parameterServerAsked && !servers.empty(); }

    int gpuOf(int rank) const { return model.graph().gpus()[std::size_t(rank)]; }
    // MODEL's collective of BYTES over the GPU groups of CALL (tp, dp, edp, ep or cp), each group moving
    // BYTES × SCALE[g], as the cache remembers it or costed now.
    CollectiveResult collective(CommCache::Call call, CollectiveOp op, double bytes,
                                CollectiveAlgorithm algorithm = CollectiveAlgorithm::Auto,
                                const std::vector<double>& scale = {}) const;
    // MODEL's transfers(BUILD()) of CALL, whose copies BYTES and VARIANT fix, as the cache remembers them or
    // costed now.
    template <class Build>
    CollectiveResult transfers(CommCache::Call call, double bytes, int variant, const Build& build) const
    {
        if (const CollectiveResult* known =
                remembered(call, CollectiveOp::SendRecv, CollectiveAlgorithm::Direct, variant, bytes, {}))
            return *known;
        return remember(call, CollectiveOp::SendRecv, CollectiveAlgorithm::Direct, variant, bytes, {},
                        model.transfers(build()));
    }

    // transfers() of BUILD()'s copies as FORWARD and of the same copies turned round as BACKWARD, priced
    // together (CommModel::transfersBothWays()).
    template <class Build>
    std::pair<CollectiveResult, CollectiveResult> transfersBothWays(CommCache::Call forward,
                                                                    CommCache::Call backward, double bytes,
                                                                    int variant, const Build& build) const
    {
        const CollectiveResult* there =
            remembered(forward, CollectiveOp::SendRecv, CollectiveAlgorithm::Direct, variant, bytes, {});
        const CollectiveResult* back =
            remembered(backward, CollectiveOp::SendRecv, CollectiveAlgorithm::Direct, variant, bytes, {});
        if (there && back)
            return {*there, *back};
        auto both = model.transfersBothWays(build());
        remember(forward, CollectiveOp::SendRecv, CollectiveAlgorithm::Direct, variant, bytes, {},
                 both.first);
        remember(backward, CollectiveOp::SendRecv, CollectiveAlgorithm::Direct, variant, bytes, {},
                 both.second);
        return both;
    }

private:
    const CollectiveResult* remembered(CommCache::Call call, CollectiveOp op, CollectiveAlgorithm algorithm,
                                       int variant, double bytes, const std::vector<double>& scale) const;
    const CollectiveResult& remember(CommCache::Call call, CollectiveOp op, CollectiveAlgorithm algorithm,
                                     int variant, double bytes, const std::vector<double>& scale,
                                     CollectiveResult result) const;
};

// The context of SCENARIO on MODEL, whose GPUs are LAYOUT's ranks, for MICROBATCHES per step, its groups
// those of CACHE (prepared for the scenario's layout).
TrafficContext trafficContext(const Scenario& scenario, std::int64_t microbatches, CommModel& model,
                              const RankLayout& layout, CommCache& cache);

// Which explanation a row gets (commexplain.h); a new traffic kind adds its own.
enum class TrafficText
{
    TensorParallel,
    PipelineParallel,
    ParameterServerPush,
    ParameterServerPull,
    DataParallelGradients,
    DataParallelWeights,
    ExpertDataParallelGradients,
    ExpertDataParallelWeights,
    ExpertAllToAll,
    ContextParallelGather,
    ContextParallelReduce,
    OffloadToHost,
    OffloadToDevice
};

// One comm.collectives row: RESULT is one call's cost, COUNT calls per step.
struct TrafficRow
{
    const char* group = ""; // "tp", "pp", "ep", "cp", "dp", "edp", "offload"
    const char* op = "";
    double bytes = 0;
    double count = 0;
    CollectiveResult result;
    TrafficText text = TrafficText::TensorParallel;
    const char* algorithm = ""; // the row's algorithm column; empty: the result's algorithm
    bool loadsLinks = true;     // RESULT's link loads count COUNT times (else the kind's loads carry them)
};

// Calls that load the links without a row of their own (the pipeline's two directions).
struct TrafficLoad
{
    CollectiveResult result;
    double count = 0;
};

// What a kind returns, each list in the order the kind met it.
struct Traffic
{
    std::vector<Warning> warnings;
    std::vector<TrafficRow> rows;
    std::vector<TrafficLoad> loads;

    // ROW, or a comm.no_route warning in its place when its call failed.
    void add(TrafficRow row);
};

void warn(std::vector<Warning>& out, std::string code, std::string message,
          std::vector<std::string> args = {});

// The kinds, in the order estimateCommunication() runs them (and so of the rows).
using TrafficKind = Traffic (*)(const TrafficContext&);
Traffic tensorParallelTraffic(const TrafficContext& c);
Traffic pipelineParallelTraffic(const TrafficContext& c);
Traffic expertParallelTraffic(const TrafficContext& c);
Traffic contextParallelTraffic(const TrafficContext& c);
Traffic parameterServerTraffic(const TrafficContext& c);
Traffic dataParallelTraffic(const TrafficContext& c);
Traffic offloadTraffic(const TrafficContext& c);

// Tensor-parallel collectives per layer and microbatch: 4, 6 with full recompute.
double tensorParallelCallsPerLayer(const Scenario& scenario);
// Expert all-to-alls per MoE layer and microbatch: dispatch and combine forward and backward, 4; 6 with
// full recompute.
double expertCallsPerLayer(const Scenario& scenario);
// The machines the first ep group spans on the topology (DeepEP's copies are per machine when there are
// several).
std::int64_t expertGroupHosts(const TrafficContext& c);
// The bytes of one expert all-to-all and of one rank's K/V block: workload.h.

} // namespace ss
