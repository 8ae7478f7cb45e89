// SPDX-License-Identifier: GPL-3.0-or-later
// The training-step simulator (docs/architecture.md). Two halves:
// - buildStepModel() turns a scenario and its communication (comm.h) into durations: per pipeline stage and
//   virtual chunk a list of units (the embedding, transformer layers, the output layer), each with the
//   compute and tensor-parallel segments of its forward, backward, input-gradient (B), weight-gradient (W)
//   and recompute work; the pipeline send; the data-parallel, ZeRO and offload calls, scaled from the
//   per-call times comm.h costed on the topology; the optimizer steps.
// - simulateStep() runs a discrete-event simulation of one step over per-GPU streams (compute, tp, pp, dp,
//   pcie), the compute order given by the schedule (pipeschedule.h), and reports the step time, per-GPU busy
//   times, the critical path and, on request, every box of the timeline.
// Identical data-parallel replicas and the tp ranks of a stage do the same work at the same time, so one
// GPU per pipeline stage is simulated (tp 0, dp 0) and stands for all of them.
#pragma once

#include "kernels.h"
#include "pipeschedule.h"
#include "result.h"
#include "scenario.h"

#include <cstdint>
#include <string>
#include <vector>

namespace ss {

// Host memory bandwidth a node's CPU optimizer streams its states with, when the scenario does not say.
// A documented default: a two-socket server with six DDR4-2666 channels per socket has
// 2 × 6 × 2666 MT/s × 8 B = 256 GB/s peak (JEDEC JESD79-4 data rate × the 64-bit channel); STREAM triad
// (McCalpin) reaches about 80% of peak on such machines, hence 200 GB/s.
constexpr double kHostMemoryBps = 200e9;

enum class SegmentStream : std::uint8_t
{
    Compute,
    Tp,
    Ep, // the expert all-to-all (dispatch or combine), or the part of it compute does not hide
    Cp  // the context-parallel K/V exchange, the part attention does not hide
};

// The collectives inside a layer, by slot of StepModel::tpCollectives: tp all-reduce or all-gather, tp
// reduce-scatter, the expert all-to-all, the context-parallel all-gather and reduce-scatter.
constexpr int kCommSlots = 5;
enum CommSlot : int
{
    kSlotTp0 = 0,
    kSlotTp1 = 1,
    kSlotEp = 2,
    kSlotCpGather = 3,
    kSlotCpReduce = 4
};

// A piece of a unit's work: compute on the GPU, or one collective inside the layer on the critical path.
struct Segment
{
    SegmentStream stream = SegmentStream::Compute;
    double seconds = 0;
    int tpSlot = 0; // Tp, Ep, Cp: index into StepModel::tpCollectives (CommSlot)
};

// One unit of a chunk of layers: a transformer layer, the embedding or the output layer.
struct StepUnit
{
    std::vector<Segment> forward;
    std::vector<Segment> backward;       // input and weight gradient together (every schedule but ZB-H1)
    std::vector<Segment> backwardInput;  // ZB-H1's B
    std::vector<Segment> backwardWeight; // ZB-H1's W
    std::vector<Segment> recompute;      // forward work redone before the backward (empty without recompute)
    double params = 0;                   // parameters one GPU holds of it (ZeRO-3 gathers; with a quantized
                                         // base, in 16-bit weights' worth of bytes)
    double trainable = -1; // of them, those with gradients (gradient buckets), LoRA's adapters; < 0: all
    double gradParams() const { return trainable >= 0 ? trainable : params; }
    KernelTally kernels[5]; // the compute of each op kind by kernel class (kernels.h), by PipeOpKind
    const KernelTally& kernelsOf(PipeOpKind kind) const { return kernels[int(kind)]; }
    // The segments of an op of KIND.
    const std::vector<Segment>& segments(PipeOpKind kind) const
    {
        switch (kind) {
        case PipeOpKind::Forward:
            break;
        case PipeOpKind::Backward:
            return backward;
        case PipeOpKind::BackwardInput:
            return backwardInput;
        case PipeOpKind::BackwardWeight:
            return backwardWeight;
        case PipeOpKind::Recompute:
            return recompute;
        }
        return forward;
    }
};

// A call whose time scales with the parameters it moves: alpha + (full - alpha) × params / reference,
// from one comm.collectives row (the row's time is one call over REFERENCE parameters per GPU, every group
// of its kind at once).
struct ScaledCall
{
    int collective = -1; // index into comm.collectives; -1: no such call in this step
    double alpha_s = 0;
    double full_s = 0;
    double reference = 0; // parameters per GPU the row's call moves
    double bytes = 0;     // the row's bytes (one call)
    bool present() const { return collective >= 0; }
    double seconds(double params) const;
    double bytesFor(double params) const;
};

// A data-parallel call of a stage's gradients or weights: the dense weights' row over the dp (× cp) group
// and the routed experts' row over the expert-data-parallel group, EXPERT_SHARE[stage] of a stage's
// parameters being experts'. Either may be absent (a group of one rank).
struct DpCall
{
    ScaledCall dense;
    ScaledCall experts;
    std::vector<double> expertShare; // per stage
    bool present() const { return dense.present() || experts.present(); }
    int collective() const { return dense.present() ? dense.collective : experts.collective; }
    double share(int stage) const
    {
        return std::size_t(stage) < expertShare.size() ? expertShare[std::size_t(stage)] : 0.0;
    }
    double seconds(int stage, double params) const
    {
        const double f = share(stage);
        return dense.seconds(params * (1 - f)) + experts.seconds(params * f);
    }
    double bytesFor(int stage, double params) const
    {
        const double f = share(stage);
        return dense.bytesFor(params * (1 - f)) + experts.bytesFor(params * f);
    }
};

struct StepModel
{
    Schedule schedule = Schedule::OneFOneB;
    int pp = 1;
    int microbatches = 1;
    int chunks = 1; // virtual stages per stage
    bool recompute = false;
    std::vector<StepUnit> units;
    std::vector<std::vector<std::vector<int>>> chunkUnits; // [stage][chunk]: unit indices in forward order
    std::vector<int> gpuOfStage;                           // global rank of each stage's simulated GPU
    std::vector<double> stageParams;                       // parameters one GPU of each stage holds
    std::vector<double> stageTrainable; // of them, those with gradients and states (LoRA); empty: all
    double trainableOf(int stage) const
    {
        return std::size_t(stage) < stageTrainable.size() ? stageTrainable[std::size_t(stage)]
                                                          : stageParams[std::size_t(stage)];
    }

    std::vector<int> tpCollectives; // CommSlot -> comm.collectives index (-1: not costed)
    std::vector<double> tpBytes;    // CommSlot -> bytes of one call

    double pp_s = 0; // one activation (or gradient) send between stages
    double ppBytes = 0;
    int ppCollective = -1;

    bool overlapGradReduce = true;
    bool reducePerMicrobatch = false; // ZeRO-2/3 reduce every microbatch's gradients
    double bucketParams = 0;          // gradient bucket size, in parameters
    DpCall gradReduce;  // all-reduce (ZeRO 0), reduce-scatter (ZeRO 1-3) or parameter-server push
    DpCall paramGather; // ZeRO-3: every unit before its forward and its backward
    bool gatherFirstForward = false; // ZeRO-1/2 with overlap_param_gather: paramGather holds the updated
                                     // weights' all-gather, each unit's before its first forward of the step
                                     // (Megatron-LM's --overlap-param-gather)
    bool overlapP2p = true;          // pipeline sends asynchronous; false: the sender waits for each
    DpCall finalGather;              // ZeRO-1/2 all-gather after the optimizer; parameter-server pull
    bool parameterServer = false;    // the servers update the weights; no optimizer on the GPU
    ScaledCall d2h;                  // offload: gradients to the host after their reduction
    ScaledCall h2dOptimizer;         // offload: updated 16-bit weights back after the CPU optimizer
    ScaledCall h2dParams;            // parameter offload: every unit's weights before its gather
    std::vector<double> optimizerSeconds;    // per stage, on the GPU (0 when offloaded or parameter server)
    std::vector<double> cpuOptimizerSeconds; // per stage, on the host (0 without optimizer offload)
};

// The step model of a scenario that validateScenario() accepts, with its communication (COMM may be empty:
// then nothing is communicated).
StepModel buildStepModel(const Scenario& scenario, std::int64_t microbatches, const CommResult& comm);

enum class ActivityKind : std::uint8_t
{
    Compute, // a contiguous run of one compute op (its tensor-parallel collectives included)
    Optimizer,
    PpTransfer,
    DpComm,
    ParamGather,
    D2h,
    H2d,
    CpuOptimizer
};

struct StageStats
{
    double compute_s = 0; // compute-stream busy time, optimizer included, tp collectives excluded
    double tp_s = 0;      // collectives inside the layers, tp, ep and cp (the compute stream waits for them)
    // The two below: of every stage, or (simulateStep()'s EVERY_STAGE false) of the critical stage alone,
    // the others' 0.
    double busy_s = 0;         // the union of every stream's boxes
    double exposed_comm_s = 0; // communication while the compute stream does nothing
    double pcie_bytes = 0;     // bytes copied over PCIe
};

struct StepSimulation
{
    double time_s = 0;
    std::vector<StageStats> stages;
    int criticalStage = 0;
    // Seconds of the critical path by what occupies it.
    double critical_compute_s = 0;
    double critical_cpu_optimizer_s = 0;
    std::vector<double> criticalByCollective;     // indexed like comm.collectives: tp/pp/dp calls
    std::vector<double> criticalPcieByCollective; // d2h/h2d copies
    std::vector<TimelineEvent> timeline;          // with TIMELINE only
    bool stalled = false;      // the schedule could not finish (a bug); the figures cover what ran
    bool truncated = false;    // the timeline reached kMaxTimelineEvents
    bool coarse = false;       // the timeline draws tp collectives inside their ops' boxes
    bool extrapolated = false; // figures from the steady line of shorter simulations (SimulationMode)
};

constexpr std::size_t kMaxTimelineEvents = 1'000'000;
// A timeline that would have more boxes than this draws each op's tensor-parallel collectives inside its box.
constexpr std::size_t kDetailedTimelineBoxes = 300'000;

// Auto: a step with many microbatches and no timeline is extrapolated from three short simulations along its
// steady period (stepsim.cpp, "Periodic simulation"), at a cost that does not grow with the microbatch
// count; a model whose figures are not affine in the count is simulated in full. Full: always event by event.
// Periodic: extrapolated or nothing (an empty simulation when the model has no steady line), for steps too
// long to simulate in full.
enum class SimulationMode
{
    Auto,
    Full,
    Periodic
};

// Simulates one step of MODEL; COLLECTIVES is the number of comm.collectives rows (for the per-row sums).
// Without EVERY_STAGE a step simulated in full unites its streams for the critical stage alone
// (StageStats::busy_s, exposed_comm_s); every other figure is the same.
StepSimulation simulateStep(const StepModel& model, std::size_t collectives, bool timeline,
                            SimulationMode mode = SimulationMode::Auto, bool everyStage = true);
// The microbatches of one steady period (pp: the interleaved schedule's group) and whether MODEL has enough
// microbatches for the periodic simulation to pay.
int steadyPeriod(const StepModel& model);
bool periodicSimulationApplies(const StepModel& model);

// Fills RESULT's step, bottleneck (with BOTTLENECK), link utilisation and (with TIMELINE) timeline for
// SCENARIO, from the memory, compute and comm parts already in RESULT. Appends "step.*" warnings; with
// EXPLAIN, explanations of the step figures.
void estimateStep(const Scenario& scenario, Result& result, bool timeline,
                  std::vector<Explanation>* explain = nullptr, bool bottleneck = true);

} // namespace ss
