// SPDX-License-Identifier: GPL-3.0-or-later
// The step timeline arranged for drawing: one lane per pipeline stage (its representative GPU, and the
// stage's other GPUs as lanes of their own when the stage is expanded), one row per stream in each lane,
// each row's boxes sorted by start with the idle gaps of the compute stream (the bubbles) beside them.
// Plain data built from ss::TimelineEvent; the painter and the hit tests read it, nothing here draws.
#pragma once

#include "result.h"
#include "timemapping.h"

#include <array>
#include <cstddef>
#include <cstdint>
#include <string_view>
#include <unordered_map>
#include <vector>

namespace ss {

enum class GanttStream : std::uint8_t
{
    Compute,
    Tp,
    Ep, // expert-parallel all-to-all (MoE dispatch and combine)
    Cp, // context-parallel K/V exchange
    Pp,
    Dp,
    Pcie,
    Other
};
constexpr int ganttStreamCount = 8;

// Every kind of ss::TimelineEvent, in legend order.
enum class GanttKind : std::uint8_t
{
    Forward,
    Backward,
    BackwardInput,
    BackwardWeight,
    Recompute,
    Optimizer,
    TpComm,
    EpComm,
    CpComm,
    PpSend,
    PpRecv,
    DpComm,
    ParamGather,
    DeviceToHost,
    HostToDevice,
    CpuOptimizer,
    Other
};
constexpr int ganttKindCount = 17;

GanttKind ganttKind(std::string_view kind);
GanttStream ganttStream(std::string_view stream);
// The engine's kinds and streams are the chart's, in the same order, less Other.
constexpr GanttKind ganttKind(TimelineKind kind)
{
    return static_cast<GanttKind>(kind);
}
constexpr GanttStream ganttStream(TimelineStream stream)
{
    return static_cast<GanttStream>(stream);
}
static_assert(ganttKind(TimelineKind::CpuOptimizer) == GanttKind::CpuOptimizer &&
              ganttKind(TimelineKind::PpSend) == GanttKind::PpSend &&
              static_cast<int>(GanttKind::Other) == timelineKindCount);
static_assert(ganttStream(TimelineStream::Pcie) == GanttStream::Pcie &&
              ganttStream(TimelineStream::Pp) == GanttStream::Pp &&
              static_cast<int>(GanttStream::Other) == timelineStreamCount);
bool isCommunication(GanttKind kind);

struct GanttBox
{
    double start = 0;
    double end = 0;
    int event = -1; // index into the timeline
    int microbatch = -1;
    int chunk = 0;
    int collective = -1;
    GanttKind kind = GanttKind::Other;
    bool critical = false;
};

struct GanttRow
{
    int lane = 0;
    GanttStream stream = GanttStream::Compute;
    double top = 0; // value coordinates, growing downwards
    double height = 1;
    std::vector<GanttBox> boxes; // by start
    std::vector<double> reach;   // reach[i]: the latest end among boxes[0..i], so it is sorted
    std::vector<TimeRange> gaps; // compute rows: idle time within the step, by start

    // The first box that ends after T (boxes before it lie wholly at or before T).
    std::size_t firstEndingAfter(double t) const;
    std::size_t firstGapEndingAfter(double t) const;
    // The box under T within TOLERANCE seconds: the one containing T, else the nearest; -1 for none.
    int boxAt(double t, double tolerance) const;
};

struct GanttLane
{
    int stage = 0;
    int gpu = 0;
    bool replica = false; // another GPU of an expanded stage
    int replicas = 0;     // representative lanes: how many other GPUs of the stage the timeline has
    bool expanded = false;
    double top = 0;
    double bottom = 0;
    int firstRow = 0;
    int rowCount = 0;
};

// The kernel classes of a compute op (ss::OpKernels), in the order the chart draws and lists them.
enum class GanttKernelClass : std::uint8_t
{
    Gemm,
    Attention,
    Memory, // memory-bound (elementwise, norms, optimizer-style streams)
    Launch
};
constexpr int ganttKernelClassCount = 4;

// One op's compute seconds by kernel class.
struct GanttKernels
{
    std::array<double, ganttKernelClassCount> seconds{};
    double total() const { return seconds[0] + seconds[1] + seconds[2] + seconds[3]; }
};

// Result::timeline_kernels by stage, chunk and kind: every microbatch's op of one stage, chunk and kind is
// the same, so the compute boxes look their op up here.
class GanttKernelTable
{
public:
    GanttKernelTable() = default;
    explicit GanttKernelTable(const std::vector<OpKernels>& ops);

    // The op of STAGE, CHUNK and KIND; nullptr when the result has none (or no seconds).
    const GanttKernels* find(int stage, int chunk, GanttKind kind) const;
    bool empty() const { return m_ops.empty(); }

private:
    static std::uint64_t key(int stage, int chunk, GanttKind kind);
    std::unordered_map<std::uint64_t, GanttKernels> m_ops;
};

struct GanttLayout
{
    static constexpr double computeHeight = 1.0;
    static constexpr double streamHeight = 0.55;
    static constexpr double laneGap = 0.45;

    std::vector<GanttLane> lanes;
    std::vector<GanttRow> rows;
    std::vector<GanttStream> streams; // the streams present, in the order of a lane's rows
    double stepTime = 0;
    double bottom = 0; // value coordinate below the last lane
    std::size_t boxCount = 0;
    std::size_t skippedEvents = 0;            // events with times that are not a box (NaN, end before start)
    std::array<bool, ganttKindCount> kinds{}; // kinds present
    GanttKernelTable kernels;                 // the compute ops by kernel class (the chart sets it)

    int rowAt(double value) const;
    int laneAt(double value) const;
};

// Arranges EVENTS; STEP_TIME bounds the bubbles (0: the latest end). EXPANDED: stages shown with all
// their GPUs. SPARE: rows of an earlier layout whose storage the new rows take, in order (a chart shown a
// new result of the same pipeline allocates nothing then); their contents do not matter.
GanttLayout buildGanttLayout(const std::vector<TimelineEvent>& events, double stepTime,
                             const std::vector<int>& expandedStages = {}, std::vector<GanttRow> spare = {});

} // namespace ss
