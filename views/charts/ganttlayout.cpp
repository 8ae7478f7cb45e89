// SPDX-License-Identifier: GPL-3.0-or-later
#include "ganttlayout.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <map>
#include <optional>
#include <unordered_map>

namespace ss {

GanttKind ganttKind(std::string_view kind)
{
    const std::optional<TimelineKind> known = timelineKindNamed(kind);
    return known ? ganttKind(*known) : GanttKind::Other;
}

GanttStream ganttStream(std::string_view stream)
{
    const std::optional<TimelineStream> known = timelineStreamNamed(stream);
    return known ? ganttStream(*known) : GanttStream::Other;
}

bool isCommunication(GanttKind kind)
{
    switch (kind) {
    case GanttKind::TpComm:
    case GanttKind::EpComm:
    case GanttKind::CpComm:
    case GanttKind::PpSend:
    case GanttKind::PpRecv:
    case GanttKind::DpComm:
    case GanttKind::ParamGather:
    case GanttKind::DeviceToHost:
    case GanttKind::HostToDevice:
        return true;
    default:
        return false;
    }
}

std::size_t GanttRow::firstEndingAfter(double t) const
{
    return static_cast<std::size_t>(std::upper_bound(reach.begin(), reach.end(), t) - reach.begin());
}

std::size_t GanttRow::firstGapEndingAfter(double t) const
{
    // Gaps never overlap, so their ends are sorted too.
    return static_cast<std::size_t>(
        std::upper_bound(gaps.begin(), gaps.end(), t,
                         [](double v, const TimeRange& g) { return v < g.upper; }) -
        gaps.begin());
}

int GanttRow::boxAt(double t, double tolerance) const
{
    int best = -1;
    double bestDistance = tolerance;
    for (std::size_t i = firstEndingAfter(t - tolerance); i < boxes.size() && boxes[i].start <= t + tolerance;
         ++i) {
        const GanttBox& box = boxes[i];
        const double distance = t < box.start ? box.start - t : (t >= box.end ? t - box.end : 0.0);
        // A box containing T wins; among several (zero-width neighbours), the last one started.
        if (distance <= bestDistance) {
            best = static_cast<int>(i);
            bestDistance = distance;
        }
    }
    return best;
}

int GanttLayout::rowAt(double value) const
{
    // Rows are stacked top to bottom; a few hundred at most, so a binary search over their tops.
    const auto it = std::upper_bound(rows.begin(), rows.end(), value,
                                     [](double v, const GanttRow& row) { return v < row.top; });
    if (it == rows.begin())
        return -1;
    const GanttRow& row = *(it - 1);
    return value < row.top + row.height ? static_cast<int>(it - 1 - rows.begin()) : -1;
}

int GanttLayout::laneAt(double value) const
{
    for (std::size_t i = 0; i < lanes.size(); ++i) {
        if (value >= lanes[i].top - laneGap / 2 && value < lanes[i].bottom + laneGap / 2)
            return static_cast<int>(i);
    }
    return -1;
}

namespace {

// Events with times that are not a box (NaN, end before start) are counted and left out.
bool isBox(const TimelineEvent& event)
{
    return std::isfinite(event.start_s) && std::isfinite(event.end_s) && event.end_s >= event.start_s;
}

// What the events hold: the streams present, the GPUs of each stage, the latest end.
struct Census
{
    std::array<bool, ganttStreamCount> present{};
    std::map<int, std::vector<int>> gpusOfStage;
    double latest = 0;
};

Census takeCensus(const std::vector<TimelineEvent>& events)
{
    Census census;
    // A GPU belongs to the stage of its first event; the stage's lowest GPU represents it. GPUs are ranks,
    // so a table of flags by rank finds the new ones when they are not too sparse for it (a pipeline's sends
    // and receives alternate between two GPUs, event after event); a map otherwise.
    int maxGpu = -1;
    bool ranks = true;
    for (const TimelineEvent& event : events) {
        maxGpu = std::max(maxGpu, event.gpu);
        ranks = ranks && event.gpu >= 0;
    }
    ranks = ranks && static_cast<std::size_t>(maxGpu) < 4 * events.size() + 1024;
    std::vector<char> seen(ranks ? static_cast<std::size_t>(maxGpu) + 1 : 0, 0);
    std::unordered_map<int, int> stageOfGpu;
    int lastGpu = 0;
    bool anyGpu = false;
    for (const TimelineEvent& event : events) {
        if (!isBox(event))
            continue;
        census.present[static_cast<int>(ganttStream(event.stream))] = true;
        census.latest = std::max(census.latest, event.end_s);
        // A GPU's events mostly come together: look it up only when it changes.
        if (anyGpu && event.gpu == lastGpu)
            continue;
        anyGpu = true;
        lastGpu = event.gpu;
        bool first = false;
        if (ranks) {
            char& flag = seen[static_cast<std::size_t>(event.gpu)];
            first = flag == 0;
            flag = 1;
        } else {
            first = stageOfGpu.emplace(event.gpu, event.stage).second;
        }
        if (first)
            census.gpusOfStage[event.stage].push_back(event.gpu);
    }
    return census;
}

// One lane per stage (and per other GPU of an expanded stage), a row per present stream in each; returns
// the first row of each GPU shown.
std::unordered_map<int, int> addLanes(GanttLayout& layout, std::map<int, std::vector<int>>& gpusOfStage,
                                      const std::vector<int>& expandedStages, std::vector<GanttRow>& spare)
{
    std::unordered_map<int, int> firstRowOfGpu;
    double y = 0;
    auto addLane = [&](int stage, int gpu, bool replica, int replicas, bool expanded) {
        GanttLane lane;
        lane.stage = stage;
        lane.gpu = gpu;
        lane.replica = replica;
        lane.replicas = replicas;
        lane.expanded = expanded;
        lane.top = y;
        lane.firstRow = static_cast<int>(layout.rows.size());
        lane.rowCount = static_cast<int>(layout.streams.size());
        for (GanttStream stream : layout.streams) {
            GanttRow row;
            if (layout.rows.size() < spare.size()) {
                // The storage of the spare row in this place, emptied.
                row.boxes = std::move(spare[layout.rows.size()].boxes);
                row.reach = std::move(spare[layout.rows.size()].reach);
                row.gaps = std::move(spare[layout.rows.size()].gaps);
                row.boxes.clear();
                row.reach.clear();
                row.gaps.clear();
            }
            row.lane = static_cast<int>(layout.lanes.size());
            row.stream = stream;
            row.top = y;
            row.height =
                stream == GanttStream::Compute ? GanttLayout::computeHeight : GanttLayout::streamHeight;
            y += row.height;
            layout.rows.push_back(std::move(row));
        }
        lane.bottom = y;
        y += GanttLayout::laneGap;
        firstRowOfGpu[gpu] = lane.firstRow;
        layout.lanes.push_back(lane);
    };
    for (auto& [stage, gpus] : gpusOfStage) {
        std::sort(gpus.begin(), gpus.end());
        const bool expanded = gpus.size() > 1 && std::find(expandedStages.begin(), expandedStages.end(),
                                                           stage) != expandedStages.end();
        addLane(stage, gpus.front(), false, static_cast<int>(gpus.size()) - 1, expanded);
        if (expanded) {
            for (std::size_t i = 1; i < gpus.size(); ++i)
                addLane(stage, gpus[i], true, 0, false);
        }
    }
    layout.bottom = layout.lanes.empty() ? 0 : y - GanttLayout::laneGap;
    return firstRowOfGpu;
}

// Every event of a GPU shown as a box in its lane's row of its stream (SLOT: a stream's row in a lane).
void fillRows(GanttLayout& layout, const std::vector<TimelineEvent>& events,
              const std::unordered_map<int, int>& firstRowOfGpu,
              const std::array<int, ganttStreamCount>& slot)
{
    // By rank in a table when the ranks are not too sparse for one (consecutive events often alternate
    // between the two GPUs of a pipeline send), else through the map.
    int maxGpu = -1;
    bool ranks = true;
    for (const auto& [gpu, row] : firstRowOfGpu) {
        maxGpu = std::max(maxGpu, gpu);
        ranks = ranks && gpu >= 0;
    }
    ranks = ranks && static_cast<std::size_t>(maxGpu) < 4 * events.size() + 1024;
    std::vector<int> rowOfRank(ranks ? static_cast<std::size_t>(maxGpu) + 1 : 0, -1);
    for (const auto& [gpu, row] : firstRowOfGpu) {
        if (ranks)
            rowOfRank[static_cast<std::size_t>(gpu)] = row;
    }
    int cachedGpu = 0;
    int cachedRow = -2; // -2: nothing cached; -1: the cached GPU is not shown
    auto firstRowOf = [&](int gpu) {
        if (ranks)
            return gpu >= 0 && gpu <= maxGpu ? rowOfRank[static_cast<std::size_t>(gpu)] : -1;
        if (cachedRow == -2 || gpu != cachedGpu) {
            const auto found = firstRowOfGpu.find(gpu);
            cachedGpu = gpu;
            cachedRow = found == firstRowOfGpu.end() ? -1 : found->second;
        }
        return cachedRow;
    };
    // Each row's boxes counted first, so the vectors are allocated once.
    std::vector<std::size_t> counts(layout.rows.size(), 0);
    for (const TimelineEvent& event : events) {
        const int first = firstRowOf(event.gpu);
        if (first >= 0)
            ++counts[first + slot[static_cast<int>(ganttStream(event.stream))]];
    }
    for (std::size_t r = 0; r < layout.rows.size(); ++r)
        layout.rows[r].boxes.reserve(counts[r]);

    for (std::size_t i = 0; i < events.size(); ++i) {
        const TimelineEvent& event = events[i];
        if (!isBox(event)) {
            ++layout.skippedEvents;
            continue;
        }
        const int first = firstRowOf(event.gpu);
        if (first < 0)
            continue; // a GPU of a collapsed stage
        GanttBox box;
        box.start = event.start_s;
        box.end = event.end_s;
        box.event = static_cast<int>(i);
        box.microbatch = event.microbatch;
        box.chunk = event.chunk;
        box.collective = event.collective;
        box.kind = ganttKind(event.kind);
        box.critical = event.critical;
        layout.kinds[static_cast<int>(box.kind)] = true;
        layout.rows[first + slot[static_cast<int>(ganttStream(event.stream))]].boxes.push_back(box);
        ++layout.boxCount;
    }
}

// ROW's boxes by start with their reach, and a compute row's bubbles within [0, STEP_TIME].
void finishRow(GanttRow& row, double stepTime)
{
    const auto byStart = [](const GanttBox& a, const GanttBox& b) {
        return a.start < b.start || (a.start == b.start && a.end < b.end);
    };
    // The simulator emits each stream in time order but for a pipeline row's sends and receives, which come
    // a place or two out of it: an insertion sort puts those right in one pass (it is stable), and hands
    // anything further out of order to stable_sort, which gives the same order.
    std::vector<GanttBox>& boxes = row.boxes;
    std::size_t moves = 0;
    const std::size_t budget = 4 * boxes.size() + 64;
    for (std::size_t i = 1; i < boxes.size() && moves <= budget; ++i) {
        if (!byStart(boxes[i], boxes[i - 1]))
            continue;
        const GanttBox box = boxes[i];
        std::size_t j = i;
        for (; j > 0 && byStart(box, boxes[j - 1]); --j)
            boxes[j] = boxes[j - 1];
        boxes[j] = box;
        moves += i - j;
    }
    if (moves > budget)
        std::stable_sort(boxes.begin(), boxes.end(), byStart);
    row.reach.resize(row.boxes.size());
    double reach = -std::numeric_limits<double>::infinity();
    for (std::size_t i = 0; i < row.boxes.size(); ++i) {
        reach = std::max(reach, row.boxes[i].end);
        row.reach[i] = reach;
    }
    if (row.stream != GanttStream::Compute)
        return;
    // Bubbles: the compute stream's idle time within [0, step] (the result's step.bubble_fraction counts the
    // same idle time; docs/formats.md, "Result of eval").
    double busyUntil = 0;
    for (const GanttBox& box : row.boxes) {
        if (box.start > busyUntil)
            row.gaps.push_back({busyUntil, std::min(box.start, stepTime)});
        busyUntil = std::max(busyUntil, box.end);
        if (busyUntil >= stepTime)
            break;
    }
    if (busyUntil < stepTime)
        row.gaps.push_back({busyUntil, stepTime});
    // Rounding leaves slivers between back-to-back boxes; they are no bubble.
    const double sliver = stepTime * 1e-9;
    std::erase_if(row.gaps, [sliver](const TimeRange& gap) { return !(gap.size() > sliver); });
}

} // namespace

GanttLayout buildGanttLayout(const std::vector<TimelineEvent>& events, double stepTime,
                             const std::vector<int>& expandedStages, std::vector<GanttRow> spare)
{
    GanttLayout layout;
    Census census = takeCensus(events);
    layout.stepTime = stepTime > 0 && std::isfinite(stepTime) ? stepTime : census.latest;
    // The streams present, in enum order: a stream's slot is its row's place in every lane.
    std::array<int, ganttStreamCount> slot{};
    slot.fill(-1);
    for (int s = 0; s < ganttStreamCount; ++s) {
        if (census.present[s]) {
            slot[s] = static_cast<int>(layout.streams.size());
            layout.streams.push_back(static_cast<GanttStream>(s));
        }
    }
    const std::unordered_map<int, int> firstRowOfGpu =
        addLanes(layout, census.gpusOfStage, expandedStages, spare);
    fillRows(layout, events, firstRowOfGpu, slot);
    for (GanttRow& row : layout.rows)
        finishRow(row, layout.stepTime);
    return layout;
}

GanttKernelTable::GanttKernelTable(const std::vector<OpKernels>& ops)
{
    for (const OpKernels& op : ops) {
        GanttKernels kernels;
        kernels.seconds = {op.gemm_s, op.attention_s, op.memory_s, op.launch_s};
        for (double& s : kernels.seconds)
            s = std::isfinite(s) && s > 0 ? s : 0;
        if (kernels.total() > 0)
            m_ops[key(op.stage, op.chunk, ganttKind(op.kind))] = kernels;
    }
}

std::uint64_t GanttKernelTable::key(int stage, int chunk, GanttKind kind)
{
    return (static_cast<std::uint64_t>(static_cast<std::uint32_t>(stage)) << 32) |
           (static_cast<std::uint64_t>(static_cast<std::uint32_t>(chunk) & 0xFFFFFF) << 8) |
           static_cast<std::uint64_t>(kind);
}

const GanttKernels* GanttKernelTable::find(int stage, int chunk, GanttKind kind) const
{
    const auto it = m_ops.find(key(stage, chunk, kind));
    return it == m_ops.end() ? nullptr : &it->second;
}

} // namespace ss
