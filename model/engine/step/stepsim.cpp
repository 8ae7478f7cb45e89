// SPDX-License-Identifier: GPL-3.0-or-later
// simulateStep(): the discrete-event simulation of one training step (stepsim.h).
//
// Each simulated GPU (one per pipeline stage) has a compute stream that runs the schedule's ops in order,
// and pp, dp and pcie streams whose calls may run beside it. The compute stream is a queue: an op starts when
// the previous one has finished and its input has arrived. The other streams place each call at the earliest
// gap at or after the time it is ready, so calls issued out of time order still land where they would on a
// GPU. Ops are taken in the order of their ready times (a heap), which keeps the gaps honest.
//
// Every box belongs to an activity that remembers which earlier activity made it wait (its data, its stream,
// a gathered parameter); following those links back from the last activity to end gives the critical path.
#include "stepsim.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <tuple>
#include <utility>

namespace ss {

namespace {

constexpr double kEps = 1e-12; // seconds; far below any box the model produces

struct Busy
{
    double start = 0;
    double end = 0;
    int act = -1;
    bool cpu = false; // the CPU optimizer's work, not a transfer
};

// The busy intervals of one stream, sorted and disjoint.
class Lane
{
public:
    // The earliest start at or after READY where a call of SECONDS fits; *BLOCKER is the activity it waits
    // behind (-1 when it starts at READY).
    double fit(double ready, double seconds, int* blocker) const
    {
        *blocker = -1;
        if (m_busy.empty() || ready >= m_busy.back().end)
            return ready; // after everything placed so far
        auto it = lastFew(ready, [](double t, const Busy& b) { return t < b.end; });
        double t = ready;
        for (; it != m_busy.end(); ++it) {
            if (it->start >= t + seconds - kEps)
                break;
            if (it->end > t) {
                t = it->end;
                *blocker = it->act;
            }
        }
        return t;
    }
    void reserve(std::size_t n) { m_busy.reserve(n); }
    void clear() { m_busy.clear(); }
    void insert(double start, double end, int act, bool cpu = false)
    {
        const Busy b{start, end, act, cpu};
        if (m_busy.empty() || m_busy.back().start <= start) {
            m_busy.push_back(b);
            return;
        }
        m_busy.insert(lastFew(start, [](double t, const Busy& x) { return t < x.start; }), b);
    }
    const std::vector<Busy>& busy() const { return m_busy; }

private:
    // std::upper_bound(m_busy, T, LESS), looked for from the end first: calls are placed near the end of
    // their lane, so the boxes after T are usually few.
    template <class Less> std::vector<Busy>::const_iterator lastFew(double t, Less less) const
    {
        auto it = m_busy.end();
        for (int k = 0; k < 8; ++k) {
            if (it == m_busy.begin() || !less(t, *(it - 1)))
                return it;
            --it;
        }
        return std::upper_bound(m_busy.begin(), it, t, less);
    }

    std::vector<Busy> m_busy;
};

// What a compute run is made of: seconds of GPU work and of in-layer collectives (tp, ep, cp) by slot.
struct OpCost
{
    double seconds = 0;
    double compute = 0;
    double tp[kCommSlots] = {};
    bool apart = false; // a detailed timeline draws boxes of its own for some of it (tp, ep, cp)
};

// 32 bytes: a step has about two per op, and the critical path scans them all.
struct Activity
{
    double start = 0;
    double end = 0;
    int pred = -1;
    int stage = 0;
    // Compute: what the run is made of. -1: nothing; k >= 0: the simulator's k-th run cost (runs drawn or
    // split segment by segment); k <= -2: the op cost -2 - k (an op run in one piece).
    // Transfers and copies: the comm.collectives row, -1 for none.
    int ref = -1;
    ActivityKind kind = ActivityKind::Compute;
};

// The stages ready to run an op, the earliest (ready time, then stage) first: a tournament tree over the
// stages, so that taking the earliest and putting its stage back costs one walk up the tree (log2 pp
// comparisons) and moves no entries. Any order of the same keys pops the same way: a stage is in it once.
class ReadyStages
{
public:
    void reset(int stages)
    {
        m_leaves = 1;
        while (m_leaves < stages)
            m_leaves *= 2;
        m_time.assign(std::size_t(m_leaves), 0.0);
        m_present.assign(std::size_t(m_leaves), 0);
        m_node.assign(2 * std::size_t(m_leaves), 0);
        for (int i = 0; i < m_leaves; ++i)
            m_node[std::size_t(m_leaves + i)] = i;
        for (int k = m_leaves - 1; k >= 1; --k)
            m_node[std::size_t(k)] = m_node[std::size_t(2 * k)];
    }
    bool empty() const { return !m_present[std::size_t(m_node[1])]; }
    int top() const { return m_node[1]; }
    void set(int stage, double ready)
    {
        m_time[std::size_t(stage)] = ready;
        m_present[std::size_t(stage)] = 1;
        update(stage);
    }
    void remove(int stage)
    {
        m_present[std::size_t(stage)] = 0;
        update(stage);
    }

private:
    // A present stage before an absent one, then the earlier time, then the lower stage. Without branches:
    // which child wins is as good as random.
    bool before(int a, int b) const
    {
        const int pa = m_present[std::size_t(a)], pb = m_present[std::size_t(b)];
        const double ta = m_time[std::size_t(a)], tb = m_time[std::size_t(b)];
        const bool sameTime = ta == tb;
        return (pa > pb) | ((pa == pb) & ((ta < tb) | (sameTime & (a < b))));
    }
    void update(int stage)
    {
        for (int k = (m_leaves + stage) / 2; k >= 1; k /= 2) {
            const int a = m_node[std::size_t(2 * k)], b = m_node[std::size_t(2 * k + 1)];
            const int winner = before(b, a) ? b : a;
            // Another stage won here before and still does: nothing above changes.
            if (winner == m_node[std::size_t(k)] && winner != stage)
                return;
            m_node[std::size_t(k)] = winner;
        }
    }

    int m_leaves = 1;
    std::vector<double> m_time;
    std::vector<char> m_present;
    std::vector<int> m_node; // [1, leaves): the earlier of the two children; [leaves, 2·leaves): the stages
};

// The timeline's streams and kinds by short names.
constexpr TimelineStream kCompute = TimelineStream::Compute, kTp = TimelineStream::Tp,
                         kEp = TimelineStream::Ep, kCp = TimelineStream::Cp, kPp = TimelineStream::Pp,
                         kDp = TimelineStream::Dp, kPcie = TimelineStream::Pcie;
constexpr TimelineKind kEpComm = TimelineKind::EpComm, kCpComm = TimelineKind::CpComm,
                       kTpComm = TimelineKind::TpComm, kPpSend = TimelineKind::PpSend,
                       kPpRecv = TimelineKind::PpRecv, kDpComm = TimelineKind::DpComm,
                       kParamGather = TimelineKind::ParamGather, kD2h = TimelineKind::DeviceToHost,
                       kH2d = TimelineKind::HostToDevice, kCpuOptimizer = TimelineKind::CpuOptimizer,
                       kOptimizer = TimelineKind::Optimizer;
// By PipeOpKind.
constexpr TimelineKind kOpNames[] = {TimelineKind::Forward, TimelineKind::Backward,
                                     TimelineKind::BackwardInput, TimelineKind::BackwardWeight,
                                     TimelineKind::Recompute};
static_assert(int(PipeOpKind::Recompute) == 4 && int(PipeOpKind::BackwardInput) == 2);

// A run of boxes sorted by start, of which those with a CPU flag of SKIP_CPU (when 0 or 1) are left out.
struct BoxRun
{
    const Busy* at = nullptr;
    const Busy* end = nullptr;
    int skipCpu = -1;
    // Past the boxes left out and those of no length; the start of the next box (infinity past the end).
    double settle()
    {
        while (at != end && ((skipCpu >= 0 && at->cpu == (skipCpu == 1)) || !(at->end > at->start)))
            ++at;
        return at != end ? at->start : std::numeric_limits<double>::infinity();
    }
};

BoxRun boxRun(const std::vector<Busy>& v, int skipCpu = -1)
{
    return BoxRun{v.data(), v.data() + v.size(), skipCpu};
}

// Adds box B to the union OUT, whose last box starts at or before B.
inline void joinBox(std::vector<Busy>& out, const Busy& b)
{
    if (!out.empty() && b.start <= out.back().end)
        out.back().end = std::max(out.back().end, b.end);
    else
        out.push_back({b.start, b.end, -1, false});
}

// The union of the boxes of N (at most 4) runs into OUT, merged and in order (touching boxes join); returns
// its total length. The boxes are taken in the order of their starts, as a sorted merge of them all would.
double unite(BoxRun* runs, int n, std::vector<Busy>& out)
{
    out.clear();
    double head[4];
    int live = 0;
    for (int i = 0; i < n; ++i) {
        const double h = runs[i].settle();
        if (runs[i].at != runs[i].end) {
            runs[live] = runs[i];
            head[live++] = h;
        }
    }
    while (live > 1) {
        int best = 0;
        for (int i = 1; i < live; ++i)
            if (head[i] < head[best])
                best = i;
        joinBox(out, *runs[best].at++);
        head[best] = runs[best].settle();
        if (runs[best].at == runs[best].end) {
            runs[best] = runs[live - 1];
            head[best] = head[live - 1];
            --live;
        }
    }
    if (live == 1) {
        BoxRun& r = runs[0];
        for (; r.at != r.end; ++r.at)
            if ((r.skipCpu < 0 || r.at->cpu != (r.skipCpu == 1)) && r.at->end > r.at->start)
                joinBox(out, *r.at);
    }
    double total = 0;
    for (const Busy& iv : out)
        total += iv.end - iv.start;
    return total;
}

// Length of A not covered by B, both merged.
double uncovered(const std::vector<Busy>& a, const std::vector<Busy>& b)
{
    double total = 0;
    std::size_t j = 0;
    for (const Busy& iv : a) {
        double t = iv.start;
        while (j < b.size() && b[j].end <= t)
            ++j;
        std::size_t k = j;
        while (t < iv.end) {
            if (k >= b.size() || b[k].start >= iv.end) {
                total += iv.end - t;
                break;
            }
            if (b[k].start > t)
                total += b[k].start - t;
            t = std::max(t, b[k].end);
            ++k;
        }
    }
    return total;
}

struct StageState
{
    std::vector<PipeOp> order;
    std::size_t next = 0;
    // Per op: when its input is here, the activity that brought it, and whether that is known yet (one
    // record, so that a stage's next op reads one cache line).
    struct Input
    {
        double at = 0;
        int act = -1;
        bool known = false;
    };
    std::vector<Input> input;
    std::vector<int> forwardIndex;  // [chunk·m + mb] -> op index
    std::vector<int> backwardIndex; // Backward or BackwardInput
    std::vector<int> lastGradOp;    // per chunk: the last op that adds to the weight gradients
    double computeFree = 0;
    int lastCompute = -1;
    // ZeRO-3: the gather already issued for the next unit (op index, unit position in the op's order).
    struct Prefetch
    {
        bool valid = false;
        std::size_t op = 0;
        std::size_t pos = 0;
        double end = 0;
        int act = -1;
    } prefetch;
    Lane pp, dp, pcie;
    double gradDone = 0;
    int gradDoneAct = -1;
    bool inHeap = false;
    bool finished = false;
    // The union of the compute stream's runs, merged as they come: the stream runs one op at a time and its
    // free time only grows, so each run starts at or after the ones before it.
    std::vector<Busy> computeUnion;
    void computeRun(double start, double end)
    {
        if (end > start)
            joinBox(computeUnion, {start, end, -1, false});
    }
    StageStats stats;
    // Back to a fresh state, keeping the vectors' memory (the buffers of the thread's last simulation).
    void reset()
    {
        order.clear();
        next = 0;
        computeFree = 0;
        lastCompute = -1;
        prefetch = Prefetch{};
        pp.clear();
        dp.clear();
        pcie.clear();
        gradDone = 0;
        gradDoneAct = -1;
        inHeap = false;
        finished = false;
        computeUnion.clear();
        stats = StageStats{};
    }
};

// The simulator's big buffers, kept per thread between simulations: a sweep, the planner and the periodic
// probes run thousands of steps, and fresh buffers cost an allocation and its page faults each time.
struct SimulatorBuffers
{
    std::vector<StageState> stages;
    std::vector<Activity> acts;
    std::vector<OpCost> opCost, runCost;
    std::vector<Busy> commUnion, unionAll;
    ReadyStages ready;
};

class Simulator
{
public:
    // FORCE_COARSE: 1 draws the coarse timeline, 0 the detailed one, -1 decides by the number of boxes.
    // EVERY_STAGE: stageStats() for every stage, else for the critical one alone.
    Simulator(const StepModel& model, std::size_t collectives, bool timeline, int forceCoarse = -1,
              bool everyStage = true)
        : m_model(model), m_collectives(collectives), m_timeline(timeline), m_everyStage(everyStage),
          m_forceCoarse(forceCoarse)
    {
        SimulatorBuffers& b = buffers();
        m_stages.swap(b.stages);
        m_acts.swap(b.acts);
        m_acts.clear();
        m_opCost.swap(b.opCost);
        m_runCost.swap(b.runCost);
        m_runCost.clear();
        m_commUnion.swap(b.commUnion);
        m_union.swap(b.unionAll);
        std::swap(m_ready, b.ready);
    }
    ~Simulator()
    {
        // Large one-offs are let go rather than kept for the rest of the thread.
        if (m_acts.capacity() <= (std::size_t(1) << 20)) {
            SimulatorBuffers& b = buffers();
            m_stages.swap(b.stages);
            m_acts.swap(b.acts);
            m_opCost.swap(b.opCost);
            m_runCost.swap(b.runCost);
            m_commUnion.swap(b.commUnion);
            m_union.swap(b.unionAll);
            std::swap(m_ready, b.ready);
        }
    }
    Simulator(const Simulator&) = delete;
    Simulator& operator=(const Simulator&) = delete;

    StepSimulation run();

private:
    static SimulatorBuffers& buffers()
    {
        thread_local SimulatorBuffers b;
        return b;
    }
    bool needsInput(int stage, const PipeOp& op) const
    {
        if (op.kind == PipeOpKind::Forward)
            return stage > 0 || op.chunk > 0;
        if (op.kind == PipeOpKind::Backward || op.kind == PipeOpKind::BackwardInput)
            return stage < m_model.pp - 1 || op.chunk < m_model.chunks - 1;
        return false;
    }
    int newActivity(ActivityKind kind, int stage, double start, double end, int pred, int collective = -1)
    {
        Activity& a = m_acts.emplace_back();
        a.kind = kind;
        a.stage = stage;
        a.start = start;
        a.end = end;
        a.pred = pred;
        a.ref = kind == ActivityKind::Compute ? -1 : collective;
        return int(m_acts.size()) - 1;
    }
    // The cost of compute run ACT, summed segment by segment.
    OpCost& runCost(int act)
    {
        Activity& a = m_acts[std::size_t(act)];
        if (a.ref < 0) {
            a.ref = int(m_runCost.size());
            m_runCost.emplace_back();
        }
        return m_runCost[std::size_t(a.ref)];
    }
    // Appends a box, or lengthens the previous one when this continues it (same activity, stream and kind).
    void emit(int stage, TimelineStream stream, TimelineKind kind, int mb, int chunk, double start,
              double end, double bytes, int collective, int act, bool merge = false)
    {
        if (m_timeline && end > start)
            emitBox(stage, stream, kind, mb, chunk, start, end, bytes, collective, act, merge);
    }
    void emitBox(int stage, TimelineStream stream, TimelineKind kind, int mb, int chunk, double start,
                 double end, double bytes, int collective, int act, bool merge)
    {
        if (merge && m_openCompute < m_out.timeline.size() && m_eventAct[m_openCompute] == act) {
            TimelineEvent& open = m_out.timeline[m_openCompute];
            if (m_openKind == kind && std::fabs(open.end_s - start) <= kEps) {
                open.end_s = end;
                return;
            }
        }
        if (m_out.timeline.size() >= kMaxTimelineEvents) {
            m_out.truncated = true;
            return;
        }
        // Braces, since Clang 15 has no parenthesised aggregate initialisation (P0960) for emplace_back to
        // use.
        m_out.timeline.push_back(TimelineEvent{m_model.gpuOfStage[std::size_t(stage)], stage, stream, kind,
                                               false, mb, chunk, collective, start, end, bytes});
        m_eventAct.push_back(act);
        if (merge) {
            m_openCompute = m_out.timeline.size() - 1;
            m_openKind = kind;
        }
    }
    // A call of SECONDS on LANE of STAGE, ready at READY after PRED; returns its activity (-1 when it takes
    // no time, and then *END = READY).
    int place(int stage, Lane& lane, ActivityKind kind, double ready, int pred, double seconds,
              int collective, double* end)
    {
        if (!(seconds > 0)) {
            *end = ready;
            return -1;
        }
        int blocker = -1;
        const double start = lane.fit(ready, seconds, &blocker);
        const int act = newActivity(kind, stage, start, start + seconds,
                                    start > ready + kEps ? blocker : pred, collective);
        lane.insert(start, start + seconds, act, kind == ActivityKind::CpuOptimizer);
        *end = start + seconds;
        return act;
    }
    bool gathers(const PipeOp& op) const
    {
        // ZeRO-3 gathers (and parameter offload fetches, with dp 1 the only copy) before forwards and
        // backwards.
        if (m_model.gatherFirstForward) // overlap_param_gather: the first forward of the step gathers
            return m_model.paramGather.present() && op.kind == PipeOpKind::Forward && op.microbatch == 0;
        return (m_model.paramGather.present() || m_model.h2dParams.present()) &&
               (op.kind == PipeOpKind::Forward || op.kind == PipeOpKind::Backward ||
                op.kind == PipeOpKind::BackwardInput);
    }
    const StepUnit& unitAt(int stage, const PipeOp& op, std::size_t pos) const
    {
        const std::vector<int>& units = m_model.chunkUnits[std::size_t(stage)][std::size_t(op.chunk)];
        const bool reverse = op.kind != PipeOpKind::Forward && op.kind != PipeOpKind::Recompute;
        return m_model.units[std::size_t(units[reverse ? units.size() - 1 - pos : pos])];
    }
    // ZeRO-3's gather of UNIT's parameters issued at ISSUE (after its host copy with parameter offload).
    void placeGather(int stage, double issue, int pred, const StepUnit& unit, const PipeOp& op, double* end,
                     int* act);
    // Issues the gather of the unit after position POS of op J, DeepSpeed's prefetch one unit ahead.
    void prefetchNext(int stage, std::size_t j, std::size_t pos, double issue, int pred);
    // The compute run of the op in progress. Times inside the op are BASE + OFFSET, the offset summed from 0
    // segment by segment as m_opCost sums them, so an op comes out the same length whichever way it is timed.
    struct OpClock
    {
        int run = -1; // the activity of the contiguous compute run
        double base = 0;
        double offset = 0;
        double t = 0; // now
    };
    // Sets up each stage's op order and the indices into it; returns the number of ops of the step.
    std::size_t prepareStages();
    // m_opCost: the sums of every op's segments.
    void sumOpCosts();
    // Room for the timeline's boxes; past kDetailedTimelineBoxes, the coarse timeline.
    void reserveTimeline(std::size_t ops);
    void tryPush(int stage);
    void execute(int stage);
    // ZeRO-3: waits for UNIT's parameters (the J-th op's K-th unit), prefetched or gathered now.
    void awaitGather(int stage, std::size_t j, std::size_t k, const PipeOp& op, const StepUnit& unit,
                     int pred, OpClock& clock);
    // Runs UNIT's segments of OP, drawing them.
    void runSegments(int stage, const PipeOp& op, const StepUnit& unit, OpClock& clock);
    // The pipeline send of OP's output, finished at T by activity RUN.
    void sendOutput(int stage, const PipeOp& op, double t, int run);
    void finalize(int stage);
    // Follows the activities back from the last one to end; returns CUTOFF (see there).
    std::vector<double> criticalPath();
    // Per GPU (or the critical stage's alone): the union of every stream's boxes, and the communication the
    // compute stream does not hide.
    void stageStats();
    void send(int from, double ready, int pred, int to, int targetOp, int mb, int chunk);
    // Reduces PARAMS parameters' gradients ready at READY (then copies them to the host when offloading).
    void reduceGradients(int stage, double ready, int pred, double params, int mb, double* end, int* endAct);

    const StepModel& m_model;
    std::size_t m_collectives;
    bool m_timeline;
    bool m_everyStage;
    std::vector<StageState> m_stages;
    std::vector<Activity> m_acts;
    std::vector<int> m_eventAct;
    std::size_t m_openCompute = std::size_t(-1);     // the compute box a contiguous segment may lengthen
    TimelineKind m_openKind = TimelineKind::Forward; // its kind
    bool m_coarse = false;                           // tp collectives drawn inside their ops' compute boxes
    int m_forceCoarse = -1;
    std::vector<OpCost> m_opCost;  // [(stage · chunks + chunk) · 5 + kind]: the sums of an op's segments
    std::vector<OpCost> m_runCost; // Activity::ref >= 0 of compute runs
    ReadyStages m_ready;
    StepSimulation m_out;
    std::vector<Busy> m_commUnion, m_union; // stageStats(): scratch
};

void Simulator::tryPush(int stage)
{
    StageState& st = m_stages[std::size_t(stage)];
    if (st.inHeap || st.finished)
        return;
    if (st.next >= st.order.size()) {
        finalize(stage);
        st.finished = true;
        return;
    }
    const PipeOp& op = st.order[st.next];
    double ready = st.computeFree;
    if (needsInput(stage, op)) {
        const StageState::Input& in = st.input[st.next];
        if (!in.known)
            return;
        ready = std::max(ready, in.at);
    }
    st.inHeap = true;
    m_ready.set(stage, ready);
}

void Simulator::send(int from, double ready, int pred, int to, int targetOp, int mb, int chunk)
{
    StageState& dst = m_stages[std::size_t(to)];
    double arrival = ready;
    int act = pred;
    const double d = m_model.pp_s;
    if (from != to && d > 0) {
        // Both ends' pp streams carry the transfer: find a time both are free.
        Lane& a = m_stages[std::size_t(from)].pp;
        Lane& b = dst.pp;
        double start = ready;
        int blocker = -1;
        for (int i = 0; i < 64; ++i) {
            int ba = -1, bb = -1;
            const double sa = a.fit(start, d, &ba);
            const double sb = b.fit(sa, d, &bb);
            if (ba >= 0)
                blocker = ba;
            if (bb >= 0 && sb > sa + kEps)
                blocker = bb;
            if (sb <= sa + kEps) {
                start = sa;
                break;
            }
            start = sb;
        }
        act = newActivity(ActivityKind::PpTransfer, from, start, start + d,
                          start > ready + kEps ? blocker : pred, m_model.ppCollective);
        a.insert(start, start + d, act);
        b.insert(start, start + d, act);
        emit(from, kPp, kPpSend, mb, chunk, start, start + d, m_model.ppBytes, m_model.ppCollective, act);
        emit(to, kPp, kPpRecv, mb, chunk, start, start + d, m_model.ppBytes, m_model.ppCollective, act);
        arrival = start + d;
        // Without P2P overlap (Megatron-LM's --no-overlap-p2p-communication, and its schedules before 2023)
        // the send blocks: the sender computes nothing until it completes.
        StageState& src = m_stages[std::size_t(from)];
        if (!m_model.overlapP2p && arrival > src.computeFree) {
            src.computeFree = arrival;
            src.lastCompute = act;
        }
    }
    if (targetOp < 0 || std::size_t(targetOp) >= dst.order.size())
        return;
    StageState::Input& in = dst.input[std::size_t(targetOp)];
    in.at = arrival;
    in.act = act;
    in.known = true;
    if (dst.next == std::size_t(targetOp))
        tryPush(to);
}

void Simulator::reduceGradients(int stage, double ready, int pred, double params, int mb, double* end,
                                int* endAct)
{
    StageState& st = m_stages[std::size_t(stage)];
    double t = ready;
    int last = pred;
    const DpCall& reduce = m_model.gradReduce;
    if (reduce.present()) {
        double e = t;
        const int act = place(stage, st.dp, ActivityKind::DpComm, t, last, reduce.seconds(stage, params),
                              reduce.collective(), &e);
        if (act >= 0) {
            emit(stage, kDp, kDpComm, mb, 0, m_acts[std::size_t(act)].start, e,
                 reduce.bytesFor(stage, params), reduce.collective(), act);
            t = e;
            last = act;
        }
    }
    const ScaledCall& d2h = m_model.d2h;
    if (d2h.present()) {
        double e = t;
        const int act =
            place(stage, st.pcie, ActivityKind::D2h, t, last, d2h.seconds(params), d2h.collective, &e);
        if (act >= 0) {
            emit(stage, kPcie, kD2h, mb, 0, m_acts[std::size_t(act)].start, e, d2h.bytesFor(params),
                 d2h.collective, act);
            st.stats.pcie_bytes += d2h.bytesFor(params);
            t = e;
            last = act;
        }
    }
    if (t > st.gradDone) {
        st.gradDone = t;
        st.gradDoneAct = last;
    }
    *end = t;
    *endAct = last;
}

void Simulator::placeGather(int stage, double issue, int pred, const StepUnit& unit, const PipeOp& op,
                            double* end, int* act)
{
    StageState& st = m_stages[std::size_t(stage)];
    if (m_model.h2dParams.present()) {
        double e = issue;
        const int copy = place(stage, st.pcie, ActivityKind::H2d, issue, pred,
                               m_model.h2dParams.seconds(unit.params), m_model.h2dParams.collective, &e);
        if (copy >= 0) {
            const double bytes = m_model.h2dParams.bytesFor(unit.params);
            emit(stage, kPcie, kH2d, op.microbatch, op.chunk, m_acts[std::size_t(copy)].start, e, bytes,
                 m_model.h2dParams.collective, copy);
            st.stats.pcie_bytes += bytes;
            issue = e;
            pred = copy;
        }
    }
    *end = issue;
    *act = place(stage, st.dp, ActivityKind::ParamGather, issue, pred,
                 m_model.paramGather.seconds(stage, unit.params), m_model.paramGather.collective(), end);
    if (*act >= 0)
        emit(stage, kDp, kParamGather, op.microbatch, op.chunk, m_acts[std::size_t(*act)].start, *end,
             m_model.paramGather.bytesFor(stage, unit.params), m_model.paramGather.collective(), *act);
    else
        *act = pred;
}

void Simulator::prefetchNext(int stage, std::size_t j, std::size_t pos, double issue, int pred)
{
    StageState& st = m_stages[std::size_t(stage)];
    if ((!m_model.paramGather.present() && !m_model.h2dParams.present()) || st.prefetch.valid)
        return;
    std::size_t op = j;
    std::size_t next = pos + 1;
    // Past the op's last unit, the first unit of the next op that gathers (recompute and W do not).
    if (next >= m_model.chunkUnits[std::size_t(stage)][std::size_t(st.order[j].chunk)].size()) {
        op = j + 1;
        while (op < st.order.size() && !gathers(st.order[op]))
            ++op;
        next = 0;
        if (op >= st.order.size())
            return;
    }
    const PipeOp& target = st.order[op];
    if (!gathers(target) || next >= m_model.chunkUnits[std::size_t(stage)][std::size_t(target.chunk)].size())
        return;
    const StepUnit& unit = unitAt(stage, target, next);
    if (!(unit.params > 0))
        return;
    double end = issue;
    int act = -1;
    placeGather(stage, issue, pred, unit, target, &end, &act);
    st.prefetch = {true, op, next, end, act};
}

void Simulator::awaitGather(int stage, std::size_t j, std::size_t k, const PipeOp& op, const StepUnit& unit,
                            int pred, OpClock& c)
{
    // Usually the gather went out one unit ahead; the first unit of the step issues its own.
    StageState& st = m_stages[std::size_t(stage)];
    double gathered = c.t;
    int act = -1;
    if (st.prefetch.valid && (st.prefetch.op < j || (st.prefetch.op == j && st.prefetch.pos < k)))
        st.prefetch.valid = false; // not reached as planned: issue afresh
    if (st.prefetch.valid && st.prefetch.op == j && st.prefetch.pos == k) {
        gathered = st.prefetch.end;
        act = st.prefetch.act;
        st.prefetch.valid = false;
    } else {
        placeGather(stage, c.t, k == 0 ? pred : c.run, unit, op, &gathered, &act);
    }
    if (gathered > c.t + kEps) {
        // The compute stream waits for the gather: the run so far ends and a new one starts.
        Activity& a = m_acts[std::size_t(c.run)];
        if (c.t > a.start + kEps) {
            a.end = c.t;
            st.computeRun(a.start, c.t);
            c.run = newActivity(ActivityKind::Compute, stage, gathered, gathered, act);
        } else {
            a.start = a.end = gathered;
            a.pred = act;
        }
        c.t = c.base = gathered;
        c.offset = 0;
    }
}

void Simulator::runSegments(int stage, const PipeOp& op, const StepUnit& unit, OpClock& c)
{
    StageState& st = m_stages[std::size_t(stage)];
    const TimelineKind kindName = kOpNames[int(op.kind)];
    for (const Segment& seg : unit.segments(op.kind)) {
        const double start = c.t;
        c.offset += seg.seconds;
        c.t = c.base + c.offset;
        OpCost& a = runCost(c.run);
        if (seg.stream == SegmentStream::Compute) {
            a.compute += seg.seconds;
            st.stats.compute_s += seg.seconds;
            emit(stage, kCompute, kindName, op.microbatch, op.chunk, start, c.t, 0, -1, c.run, true);
        } else {
            const int slot = std::clamp(seg.tpSlot, 0, kCommSlots - 1);
            a.tp[slot] += seg.seconds;
            st.stats.tp_s += seg.seconds;
            const std::size_t s = std::size_t(slot);
            const int collective = s < m_model.tpCollectives.size() ? m_model.tpCollectives[s] : -1;
            const double bytes = s < m_model.tpBytes.size() ? m_model.tpBytes[s] : 0;
            const bool ep = seg.stream == SegmentStream::Ep, cp = seg.stream == SegmentStream::Cp;
            if (m_coarse) // drawn inside the op's compute box
                emit(stage, kCompute, kindName, op.microbatch, op.chunk, start, c.t, 0, -1, c.run, true);
            else
                emit(stage,
                     ep   ? kEp
                     : cp ? kCp
                          : kTp,
                     ep   ? kEpComm
                     : cp ? kCpComm
                          : kTpComm,
                     op.microbatch, op.chunk, start, c.t, bytes, collective, c.run);
        }
    }
}

void Simulator::execute(int stage)
{
    StageState& st = m_stages[std::size_t(stage)];
    const std::size_t j = st.next;
    const PipeOp op = st.order[j];
    double ready = st.computeFree;
    int pred = st.lastCompute;
    if (needsInput(stage, op) && st.input[j].at > ready) {
        ready = st.input[j].at;
        pred = st.input[j].act;
    }

    const std::vector<int>& units = m_model.chunkUnits[std::size_t(stage)][std::size_t(op.chunk)];
    const bool backwardPass = op.kind == PipeOpKind::Backward || op.kind == PipeOpKind::BackwardInput ||
                              op.kind == PipeOpKind::BackwardWeight;
    const bool gathering = gathers(op);
    const bool grads = op.kind == PipeOpKind::Backward || op.kind == PipeOpKind::BackwardWeight;
    const bool round =
        grads && (m_model.reducePerMicrobatch || st.lastGradOp[std::size_t(op.chunk)] == int(j));
    const bool bucketed = round && m_model.overlapGradReduce;
    const int mbTag = m_model.reducePerMicrobatch ? op.microbatch : -1;

    OpClock c;
    c.base = ready;
    c.t = ready;
    c.run = newActivity(ActivityKind::Compute, stage, c.t, c.t, pred);
    double pending = 0;
    double roundParams = 0;
    // Without gathers or gradient buckets, an op is one piece of known length, drawn (if at all) as one box:
    // its segments' boxes would be contiguous and merge into it, their times summed in the same order.
    const std::size_t index =
        (std::size_t(stage) * std::size_t(m_model.chunks) + std::size_t(op.chunk)) * 5 + std::size_t(op.kind);
    const bool plain = !round && !m_model.paramGather.present() && !m_model.h2dParams.present() &&
                       (!m_timeline || m_coarse || !m_opCost[index].apart);
    const std::size_t n = plain ? 0 : units.size();
    if (plain) {
        const OpCost& cost = m_opCost[index];
        m_acts[std::size_t(c.run)].ref = -2 - int(index);
        st.stats.compute_s += cost.compute;
        for (int k = 0; k < kCommSlots; ++k)
            st.stats.tp_s += cost.tp[k];
        c.t = c.base + cost.seconds;
        emit(stage, kCompute, kOpNames[int(op.kind)], op.microbatch, op.chunk, c.base, c.t, 0, -1, c.run,
             true);
    }
    for (std::size_t k = 0; k < n; ++k) {
        const StepUnit& unit = m_model.units[std::size_t(units[backwardPass ? n - 1 - k : k])];
        if (gathering && unit.params > 0)
            awaitGather(stage, j, k, op, unit, pred, c); // ZeRO-3: the unit's parameters must be here
        prefetchNext(stage, j, k, c.t, c.run);
        runSegments(stage, op, unit, c);
        if (round) {
            pending += unit.gradParams();
            roundParams += unit.gradParams();
            if (bucketed && pending >= m_model.bucketParams) {
                double e = 0;
                int last = -1;
                reduceGradients(stage, c.t, c.run, pending, mbTag, &e, &last);
                pending = 0;
            }
        }
    }
    const double t = c.t;
    const int run = c.run;
    Activity& a = m_acts[std::size_t(run)];
    a.end = t;
    if (t > a.start)
        st.computeRun(a.start, t);
    st.computeFree = t;
    st.lastCompute = run;
    if (bucketed && pending > 0) {
        double e = 0;
        int last = -1;
        reduceGradients(stage, t, run, pending, mbTag, &e, &last);
    }
    if (round && !m_model.overlapGradReduce && m_model.reducePerMicrobatch && roundParams > 0) {
        // Not overlapped: the microbatch's reduction runs after its backward and the compute stream waits.
        double e = t;
        int last = run;
        reduceGradients(stage, t, run, roundParams, mbTag, &e, &last);
        if (e > st.computeFree) {
            st.computeFree = e;
            st.lastCompute = last;
        }
    }
    sendOutput(stage, op, t, run);
}

// Pipeline sends: a forward's activations to the next virtual stage, a backward's input gradient to the
// previous one (virtual stage c·p + i lives on stage i; Narayanan et al. SC'21 §2.2).
void Simulator::sendOutput(int stage, const PipeOp& op, double t, int run)
{
    const int p = m_model.pp;
    const int m = m_model.microbatches;
    if (op.kind == PipeOpKind::Forward && !(stage == p - 1 && op.chunk == m_model.chunks - 1)) {
        const int to = stage == p - 1 ? 0 : stage + 1;
        const int chunk = stage == p - 1 ? op.chunk + 1 : op.chunk;
        const int target = m_stages[std::size_t(to)].forwardIndex[std::size_t(chunk * m + op.microbatch)];
        send(stage, t, run, to, target, op.microbatch, chunk);
    } else if ((op.kind == PipeOpKind::Backward || op.kind == PipeOpKind::BackwardInput) &&
               !(stage == 0 && op.chunk == 0)) {
        const int to = stage == 0 ? p - 1 : stage - 1;
        const int chunk = stage == 0 ? op.chunk - 1 : op.chunk;
        const int target = m_stages[std::size_t(to)].backwardIndex[std::size_t(chunk * m + op.microbatch)];
        send(stage, t, run, to, target, op.microbatch, chunk);
    }
}

void Simulator::finalize(int stage)
{
    StageState& st = m_stages[std::size_t(stage)];
    // What the step reduces and updates: the trainable parameters (all of them unless LoRA).
    const double params = m_model.trainableOf(stage);
    if (!m_model.overlapGradReduce && !m_model.reducePerMicrobatch) {
        // Not overlapped: one reduction of the whole stage after its last backward.
        double e = 0;
        int last = -1;
        reduceGradients(stage, st.computeFree, st.lastCompute, params, -1, &e, &last);
    }
    double ready = st.computeFree;
    int pred = st.lastCompute;
    if (st.gradDone > ready) {
        ready = st.gradDone;
        pred = st.gradDoneAct;
    }
    const auto gatherAfter = [&](double t, int after) {
        const DpCall& g = m_model.finalGather;
        if (!g.present())
            return;
        double e = t;
        const int act =
            place(stage, st.dp, ActivityKind::DpComm, t, after, g.seconds(stage, params), g.collective(), &e);
        if (act >= 0)
            emit(stage, kDp, kDpComm, -1, 0, m_acts[std::size_t(act)].start, e, g.bytesFor(stage, params),
                 g.collective(), act);
    };
    if (m_model.parameterServer) {
        gatherAfter(ready, pred); // the pull of the updated weights
        return;
    }
    const double cpu = m_model.cpuOptimizerSeconds[std::size_t(stage)];
    if (cpu > 0 || m_model.h2dOptimizer.present()) {
        // ZeRO-Offload (Ren et al., ATC'21 §4): the CPU updates the fp32 states once every gradient is on the
        // host, then the new 16-bit weights go back over PCIe.
        double e = ready;
        int last = place(stage, st.pcie, ActivityKind::CpuOptimizer, ready, pred, cpu, -1, &e);
        if (last >= 0)
            emit(stage, kPcie, kCpuOptimizer, -1, 0, m_acts[std::size_t(last)].start, e, 0, -1, last);
        else
            last = pred;
        const ScaledCall& h2d = m_model.h2dOptimizer;
        double e2 = e;
        const int copy =
            place(stage, st.pcie, ActivityKind::H2d, e, last, h2d.seconds(params), h2d.collective, &e2);
        if (copy >= 0) {
            emit(stage, kPcie, kH2d, -1, 0, m_acts[std::size_t(copy)].start, e2, h2d.bytesFor(params),
                 h2d.collective, copy);
            st.stats.pcie_bytes += h2d.bytesFor(params);
            last = copy;
        }
        gatherAfter(e2, last);
        return;
    }
    const double opt = m_model.optimizerSeconds[std::size_t(stage)];
    double end = ready;
    int last = pred;
    if (opt > 0) {
        const double start = std::max(ready, st.computeFree);
        last = newActivity(ActivityKind::Optimizer, stage, start, start + opt, pred);
        st.stats.compute_s += opt;
        st.computeRun(start, start + opt);
        emit(stage, kCompute, kOptimizer, -1, 0, start, start + opt, 0, -1, last);
        end = start + opt;
        st.computeFree = end;
        st.lastCompute = last;
    }
    gatherAfter(end, last);
}

std::size_t Simulator::prepareStages()
{
    const int p = m_model.pp;
    const int m = m_model.microbatches;
    const int v = m_model.chunks;
    m_stages.resize(std::size_t(p));
    for (StageState& st : m_stages)
        st.reset();
    std::size_t ops = 0;
    for (int s = 0; s < p; ++s) {
        StageState& st = m_stages[std::size_t(s)];
        stageOrder(m_model.schedule, s, p, m, v, m_model.recompute, st.order);
        const std::size_t n = st.order.size();
        ops += n;
        st.input.assign(n, StageState::Input{});
        st.forwardIndex.assign(std::size_t(m) * std::size_t(v), -1);
        st.backwardIndex.assign(std::size_t(m) * std::size_t(v), -1);
        st.lastGradOp.assign(std::size_t(v), -1);
        st.pp.reserve(2 * n);
        st.computeUnion.reserve(n + 1);
        for (std::size_t j = 0; j < n; ++j) {
            const PipeOp& op = st.order[j];
            const std::size_t key = std::size_t(op.chunk) * std::size_t(m) + std::size_t(op.microbatch);
            if (op.kind == PipeOpKind::Forward)
                st.forwardIndex[key] = int(j);
            else if (op.kind == PipeOpKind::Backward || op.kind == PipeOpKind::BackwardInput)
                st.backwardIndex[key] = int(j);
            if (op.kind == PipeOpKind::Backward || op.kind == PipeOpKind::BackwardWeight)
                st.lastGradOp[std::size_t(op.chunk)] = int(j);
        }
    }
    return ops;
}

void Simulator::sumOpCosts()
{
    const int p = m_model.pp;
    const int v = m_model.chunks;
    m_opCost.assign(std::size_t(p) * std::size_t(v) * 5, OpCost{});
    for (int s = 0; s < p; ++s)
        for (int c = 0; c < v; ++c)
            for (int k = 0; k < 5; ++k) {
                // In the order execute() visits them: backward passes from the last unit to the first.
                const PipeOp op{PipeOpKind(k), 0, c};
                OpCost& cost =
                    m_opCost[(std::size_t(s) * std::size_t(v) + std::size_t(c)) * 5 + std::size_t(k)];
                const std::size_t n = m_model.chunkUnits[std::size_t(s)][std::size_t(c)].size();
                for (std::size_t pos = 0; pos < n; ++pos) {
                    for (const Segment& seg : unitAt(s, op, pos).segments(op.kind)) {
                        cost.seconds += seg.seconds;
                        if (seg.stream == SegmentStream::Compute)
                            cost.compute += seg.seconds;
                        else
                            cost.tp[std::clamp(seg.tpSlot, 0, kCommSlots - 1)] += seg.seconds;
                        cost.apart = cost.apart || (seg.stream != SegmentStream::Compute && seg.seconds > 0);
                    }
                }
            }
}

// The boxes a timeline of MODEL with OPS ops will have (an upper estimate) and whether it is drawn coarse.
std::size_t timelineBoxes(const StepModel& model, std::size_t ops, bool& coarse)
{
    // A box per segment and a few per op.
    std::size_t segments = 0;
    for (int s = 0; s < model.pp; ++s)
        for (int c = 0; c < model.chunks; ++c)
            for (int u : model.chunkUnits[std::size_t(s)][std::size_t(c)]) {
                const StepUnit& unit = model.units[std::size_t(u)];
                segments += unit.forward.size() + std::max(unit.backward.size(), unit.backwardInput.size()) +
                            (model.recompute ? unit.recompute.size() : 0);
            }
    const std::size_t estimate = segments * std::size_t(model.microbatches) + ops * 3;
    // Past kDetailedTimelineBoxes the tensor-parallel collectives go inside their ops' boxes: a few boxes per
    // op instead of several per layer, so that big pipelines stay quick to build and to draw.
    coarse = estimate > kDetailedTimelineBoxes;
    return coarse ? ops * 3 : estimate;
}

void Simulator::reserveTimeline(std::size_t ops)
{
    // Room for the boxes, so that the vector does not grow while filling.
    bool coarse = false;
    std::size_t estimate = timelineBoxes(m_model, ops, coarse);
    if (m_forceCoarse >= 0 && (m_forceCoarse == 1) != coarse) {
        coarse = m_forceCoarse == 1;
        estimate = ops * 3;
    }
    if (coarse)
        m_coarse = m_out.coarse = true;
    estimate = std::min(estimate, kMaxTimelineEvents);
    m_out.timeline.reserve(estimate);
    m_eventAct.reserve(estimate);
}

std::vector<double> Simulator::criticalPath()
{
    // The step ends with its last activity; the critical path runs back from it.
    int final = -1;
    for (std::size_t i = 0; i < m_acts.size(); ++i)
        if (final < 0 || m_acts[i].end >= m_acts[std::size_t(final)].end)
            final = int(i);
    m_out.time_s = final >= 0 ? std::max(m_acts[std::size_t(final)].end, 0.0) : 0;
    m_out.criticalStage = final >= 0 ? m_acts[std::size_t(final)].stage : 0;
    m_out.criticalByCollective.assign(m_collectives, 0);
    m_out.criticalPcieByCollective.assign(m_collectives, 0);
    // An activity is on the path up to the start of the one it held up (a gradient bucket leaves mid-run):
    // CUTOFF[a] is that time, negative when A is not on the path.
    std::vector<double> cutoff(m_acts.size(), -1.0);
    const auto addTo = [](std::vector<double>& v, int collective, double seconds) {
        if (collective >= 0 && std::size_t(collective) < v.size())
            v[std::size_t(collective)] += seconds;
    };
    double until = m_out.time_s;
    for (int a = final, guard = 0; a >= 0 && guard <= int(m_acts.size());
         a = m_acts[std::size_t(a)].pred, ++guard) {
        if (cutoff[std::size_t(a)] >= 0)
            break;
        const Activity& act = m_acts[std::size_t(a)];
        const double end = std::clamp(until, act.start, act.end);
        cutoff[std::size_t(a)] = end;
        until = act.start;
        const double d = end - act.start;
        const double part = act.end > act.start ? d / (act.end - act.start) : 0;
        switch (act.kind) {
        case ActivityKind::Compute: {
            if (act.ref == -1)
                break; // no work: contributes 0 · part
            const OpCost& cost =
                act.ref >= 0 ? m_runCost[std::size_t(act.ref)] : m_opCost[std::size_t(-2 - act.ref)];
            m_out.critical_compute_s += cost.compute * part;
            for (std::size_t slot = 0; slot < std::size_t(kCommSlots) && slot < m_model.tpCollectives.size();
                 ++slot)
                addTo(m_out.criticalByCollective, m_model.tpCollectives[slot], cost.tp[slot] * part);
            break;
        }
        case ActivityKind::Optimizer:
            m_out.critical_compute_s += d;
            break;
        case ActivityKind::PpTransfer:
        case ActivityKind::DpComm:
        case ActivityKind::ParamGather:
            addTo(m_out.criticalByCollective, act.ref, d);
            break;
        case ActivityKind::D2h:
        case ActivityKind::H2d:
            addTo(m_out.criticalPcieByCollective, act.ref, d);
            break;
        case ActivityKind::CpuOptimizer:
            m_out.critical_cpu_optimizer_s += d;
            break;
        }
    }
    return cutoff;
}

void Simulator::stageStats()
{
    for (int s = 0; s < m_model.pp; ++s) {
        StageState& st = m_stages[std::size_t(s)];
        StageStats& stats = st.stats;
        if (!m_everyStage && s != m_out.criticalStage) {
            m_out.stages[std::size_t(s)] = stats; // busy_s and exposed_comm_s left 0
            continue;
        }
        // The transfers' boxes, then the union of those, the compute stream's and the CPU optimizer's work.
        BoxRun comm[] = {boxRun(st.pp.busy(), 1), boxRun(st.dp.busy(), 1), boxRun(st.pcie.busy(), 1)};
        unite(comm, 3, m_commUnion);
        BoxRun all[] = {boxRun(st.computeUnion), boxRun(m_commUnion), boxRun(st.pcie.busy(), 0)};
        stats.busy_s = unite(all, 3, m_union);
        stats.exposed_comm_s = stats.tp_s + uncovered(m_commUnion, st.computeUnion);
        m_out.stages[std::size_t(s)] = stats;
    }
}

StepSimulation Simulator::run()
{
    const int p = m_model.pp;
    const std::size_t ops = prepareStages();
    m_acts.reserve(ops * 2 + 64);
    sumOpCosts();
    if (m_timeline)
        reserveTimeline(ops);

    m_ready.reset(p);
    for (int s = 0; s < p; ++s)
        tryPush(s);
    while (!m_ready.empty()) {
        // The stage stays in the tree until it is put back or taken out below: nothing is taken meanwhile.
        const int s = m_ready.top();
        StageState& st = m_stages[std::size_t(s)];
        st.inHeap = false;
        execute(s);
        ++st.next;
        tryPush(s);
        if (!st.inHeap)
            m_ready.remove(s);
    }

    m_out.stages.resize(std::size_t(p));
    for (int s = 0; s < p; ++s)
        if (!m_stages[std::size_t(s)].finished)
            m_out.stalled = true;
    const std::vector<double> cutoff = criticalPath();
    for (std::size_t i = 0; i < m_out.timeline.size(); ++i) {
        const double c = cutoff[std::size_t(m_eventAct[i])];
        m_out.timeline[i].critical = c >= 0 && m_out.timeline[i].start_s < c - kEps;
    }
    stageStats();
    return std::move(m_out);
}

} // namespace

namespace {

bool wellFormed(const StepModel& model)
{
    if (model.pp < 1 || model.microbatches < 1 || model.chunks < 1 ||
        model.chunkUnits.size() != std::size_t(model.pp) ||
        model.gpuOfStage.size() != std::size_t(model.pp) ||
        model.stageParams.size() != std::size_t(model.pp) ||
        (!model.stageTrainable.empty() && model.stageTrainable.size() != std::size_t(model.pp)) ||
        model.optimizerSeconds.size() != std::size_t(model.pp) ||
        model.cpuOptimizerSeconds.size() != std::size_t(model.pp))
        return false;
    for (const auto& chunks : model.chunkUnits) {
        if (chunks.size() != std::size_t(model.chunks))
            return false;
        for (const auto& units : chunks)
            for (int u : units)
                if (u < 0 || std::size_t(u) >= model.units.size())
                    return false;
    }
    return true;
}

// ---- Periodic simulation -------------------------------------------------------------------------------
// Every microbatch of a step does the same work, so once the pipeline is full its schedule repeats: each
// further period of P microbatches (P = pp, the interleaved schedule's group) adds the same boxes, shifted by
// the same time, to every stage. The step is then a max-plus linear system in its steady state (Baccelli,
// Cohen, Olsder and Quadrat, "Synchronization and Linearity", 1992, ch. 3: the cyclicity theorem), and every
// figure of the simulation is affine in the microbatch count: f(m) = f(m1) + (m − m1)/P · (f(m1 + P) −
// f(m1)). Three short simulations (m1, m1 + P, m1 + 2P, with m1 past the warm-up and ≡ m mod P) fix the line
// and check it (the second difference must vanish to rounding); a step with more microbatches is extrapolated
// along it, at a cost that does not grow with m. A model that fails the check is simulated in full.

// Every input of the simulation but the microbatch count, flattened: two models with equal fingerprints
// simulate the same. (Keep it in step with StepModel: a field the simulator reads belongs here.)
void fingerprint(const StepModel& m, std::size_t collectives, std::vector<double>& out)
{
    out.clear();
    const auto put = [&out](double v) { out.push_back(v); };
    const auto segments = [&](const std::vector<Segment>& v) {
        put(double(v.size()));
        for (const Segment& s : v) {
            put(double(int(s.stream)));
            put(s.seconds);
            put(double(s.tpSlot));
        }
    };
    const auto values = [&](const std::vector<double>& v) {
        put(double(v.size()));
        out.insert(out.end(), v.begin(), v.end());
    };
    const auto ints = [&](const std::vector<int>& v) {
        put(double(v.size()));
        for (int i : v)
            put(double(i));
    };
    const auto call = [&](const ScaledCall& c) {
        put(double(c.collective));
        put(c.alpha_s);
        put(c.full_s);
        put(c.reference);
        put(c.bytes);
    };
    const auto dpCall = [&](const DpCall& c) {
        call(c.dense);
        call(c.experts);
        values(c.expertShare);
    };
    put(double(collectives));
    put(double(int(m.schedule)));
    put(double(m.pp));
    put(double(m.chunks));
    put(m.recompute ? 1 : 0);
    put(double(m.units.size()));
    for (const StepUnit& u : m.units) {
        segments(u.forward);
        segments(u.backward);
        segments(u.backwardInput);
        segments(u.backwardWeight);
        segments(u.recompute);
        put(u.params);
        put(u.trainable);
    }
    for (const auto& chunks : m.chunkUnits)
        for (const auto& units : chunks)
            ints(units);
    ints(m.gpuOfStage);
    values(m.stageParams);
    values(m.stageTrainable);
    ints(m.tpCollectives);
    values(m.tpBytes);
    put(m.pp_s);
    put(m.ppBytes);
    put(double(m.ppCollective));
    put(m.overlapGradReduce ? 1 : 0);
    put(m.reducePerMicrobatch ? 1 : 0);
    put(m.bucketParams);
    dpCall(m.gradReduce);
    dpCall(m.paramGather);
    put(m.gatherFirstForward ? 1 : 0);
    put(m.overlapP2p ? 1 : 0);
    dpCall(m.finalGather);
    put(m.parameterServer ? 1 : 0);
    call(m.d2h);
    call(m.h2dOptimizer);
    call(m.h2dParams);
    values(m.optimizerSeconds);
    values(m.cpuOptimizerSeconds);
}

// The figures of a simulation without its timeline, flattened in a fixed order (and back).
void flatten(const StepSimulation& s, std::vector<double>& out)
{
    out.clear();
    out.push_back(s.time_s);
    out.push_back(s.critical_compute_s);
    out.push_back(s.critical_cpu_optimizer_s);
    for (const StageStats& st : s.stages) {
        out.push_back(st.compute_s);
        out.push_back(st.tp_s);
        out.push_back(st.busy_s);
        out.push_back(st.exposed_comm_s);
        out.push_back(st.pcie_bytes);
    }
    out.insert(out.end(), s.criticalByCollective.begin(), s.criticalByCollective.end());
    out.insert(out.end(), s.criticalPcieByCollective.begin(), s.criticalPcieByCollective.end());
}

void unflatten(const std::vector<double>& in, StepSimulation& s)
{
    std::size_t i = 0;
    s.time_s = in[i++];
    s.critical_compute_s = in[i++];
    s.critical_cpu_optimizer_s = in[i++];
    for (StageStats& st : s.stages) {
        st.compute_s = in[i++];
        st.tp_s = in[i++];
        st.busy_s = in[i++];
        st.exposed_comm_s = in[i++];
        st.pcie_bytes = in[i++];
    }
    for (double& v : s.criticalByCollective)
        v = in[i++];
    for (double& v : s.criticalPcieByCollective)
        v = in[i++];
}

// The steady line of one model: F1 at microbatch count M1 and the change per period of P microbatches.
struct SteadyLine
{
    std::vector<double> key; // fingerprint()
    int p = 1;
    int m1 = 0;
    bool periodic = false; // false: the check failed, simulate this model in full
    StepSimulation shape;  // the simulation at M1 (stage count, critical stage, flags)
    std::vector<double> f1;
    std::vector<double> slope; // per period
};

// The first microbatch count, ≡ M mod P, at which the schedule has filled and runs at least one steady
// period before it drains: 1F1B's warm-up is pp − 1 forwards, the interleaved schedule's
// (pp − 1)·2 + (v − 1)·pp (Narayanan et al., SC'21 §2.2), both under (v + 1)·pp. The check of the line
// guards the choice.
int steadyStart(const StepModel& model, int p)
{
    const int base = (model.chunks + 1) * model.pp + p;
    const int m = model.microbatches;
    return base + ((m - base) % p + p) % p;
}

StepSimulation simulateFull(const StepModel& model, std::size_t collectives, bool timeline,
                            int forceCoarse = -1, bool everyStage = true)
{
    Simulator sim(model, collectives, timeline, forceCoarse, everyStage);
    return sim.run();
}

bool fitLine(const StepModel& model, std::size_t collectives, SteadyLine& line)
{
    StepModel probe = model;
    std::vector<double> f[3];
    for (int k = 0; k < 3; ++k) {
        probe.microbatches = line.m1 + k * line.p;
        StepSimulation s = simulateFull(probe, collectives, false);
        if (s.stalled || !(s.time_s > 0))
            return false;
        if (k == 0)
            line.shape = s;
        else if (s.criticalStage != line.shape.criticalStage)
            return false;
        flatten(s, f[k]);
    }
    line.slope.resize(f[0].size());
    const double stepTime = f[2][0]; // time_s
    for (std::size_t i = 0; i < f[0].size(); ++i) {
        const double d1 = f[1][i] - f[0][i];
        const double d2 = f[2][i] - f[1][i];
        const double scale = std::max({std::fabs(f[0][i]), std::fabs(f[1][i]), std::fabs(f[2][i])});
        // Rounding of the event times (about 1e-16 of the step per event) is noise; a change of slope is not.
        if (std::fabs(d2 - d1) > 1e-12 * scale + 1e-13 * stepTime)
            return false;
        line.slope[i] = d1;
    }
    line.f1 = std::move(f[0]);
    return true;
}

// A few steady lines per thread: a sweep over the batch size or the microbatch count evaluates one model
// at many counts, and the planner revisits layouts. With FIT false, only a line already known is returned.
const SteadyLine* steadyLine(const StepModel& model, std::size_t collectives, int p, bool fit)
{
    thread_local std::vector<SteadyLine> lines;
    thread_local std::size_t nextSlot = 0;
    thread_local std::vector<double> key;
    fingerprint(model, collectives, key);
    const int m1 = steadyStart(model, p);
    for (const SteadyLine& l : lines)
        if (l.m1 == m1 && l.p == p && l.key == key)
            return &l;
    if (!fit)
        return nullptr;
    SteadyLine line;
    line.key = key;
    line.p = p;
    line.m1 = m1;
    line.periodic = fitLine(model, collectives, line);
    constexpr std::size_t kLines = 16;
    if (lines.size() < kLines) {
        lines.push_back(std::move(line));
        return &lines.back();
    }
    SteadyLine& slot = lines[nextSlot];
    nextSlot = (nextSlot + 1) % kLines;
    slot = std::move(line);
    return &slot;
}

// ---- Periodic timeline ----------------------------------------------------------------------------------
// The timeline of a long step from a short one: with microbatches [h, h + P) in the steady state and the
// drain behind microbatch h + P, a step with k more periods has the same boxes for the microbatches before h
// (the fill), the boxes of microbatches [h, h + P) repeated k + 1 times, each copy P microbatches later and
// one steady period T later, and the rest (the drain, the reductions and the optimizer) k periods later. The
// rule is checked on the short step itself: applied once (k = 1) it must give the boxes of the step one
// period longer, simulated.

bool sameBoxes(std::vector<TimelineEvent> a, std::vector<TimelineEvent> b, double tolerance)
{
    if (a.size() != b.size())
        return false;
    const auto order = [](const TimelineEvent& x, const TimelineEvent& y) {
        return std::tie(x.stage, x.stream, x.kind, x.microbatch, x.chunk, x.start_s) <
               std::tie(y.stage, y.stream, y.kind, y.microbatch, y.chunk, y.start_s);
    };
    std::sort(a.begin(), a.end(), order);
    std::sort(b.begin(), b.end(), order);
    for (std::size_t i = 0; i < a.size(); ++i) {
        const TimelineEvent& x = a[i];
        const TimelineEvent& y = b[i];
        if (x.gpu != y.gpu || x.stage != y.stage || x.stream != y.stream || x.kind != y.kind ||
            x.microbatch != y.microbatch || x.chunk != y.chunk || x.collective != y.collective ||
            x.critical != y.critical || std::fabs(x.start_s - y.start_s) > tolerance ||
            std::fabs(x.end_s - y.end_s) > tolerance ||
            std::fabs(x.bytes - y.bytes) > 1e-9 * std::max(std::fabs(x.bytes), 1.0))
            return false;
    }
    return true;
}

// The boxes of SHORT (microbatches [H, H + P) steady) with K more periods of length T.
std::vector<TimelineEvent> extendBoxes(const std::vector<TimelineEvent>& shortBoxes, int h, int p,
                                       std::int64_t k, double T)
{
    std::size_t period = 0;
    for (const TimelineEvent& e : shortBoxes)
        period += e.microbatch >= h && e.microbatch < h + p ? 1 : 0;
    std::vector<TimelineEvent> out;
    out.reserve(shortBoxes.size() + std::size_t(k) * period);
    const auto shifted = [&](const TimelineEvent& e, std::int64_t periods) {
        TimelineEvent& x = out.emplace_back(e);
        if (x.microbatch >= 0)
            x.microbatch = int(x.microbatch + periods * p);
        x.start_s = e.start_s + double(periods) * T;
        x.end_s = e.end_s + double(periods) * T;
    };
    for (const TimelineEvent& e : shortBoxes) {
        if (e.microbatch >= 0 && e.microbatch < h)
            out.push_back(e); // the fill
        else if (e.microbatch >= h && e.microbatch < h + p)
            for (std::int64_t j = 0; j <= k; ++j)
                shifted(e, j); // the steady period, k + 1 times
        else
            shifted(e, k); // the drain and what follows the last microbatch
    }
    return out;
}

// h of the periodic timeline: (v + 1)·pp microbatches, past every schedule's warm-up, rounded up to a period.
int timelineFill(const StepModel& model)
{
    const int p = model.chunks > 1 ? std::max(model.pp, 1) : 1; // steadyPeriod()
    return ((model.chunks + 1) * model.pp + p - 1) / p * p;
}

// The timeline of MODEL from two short simulations, or nothing when the rule does not hold (or the timeline
// would be truncated): then the step is simulated box by box.
bool periodicTimeline(const StepModel& model, std::size_t collectives, StepSimulation& out)
{
    const int p = steadyPeriod(model);
    const int fill = timelineFill(model); // h: past the warm-up, a multiple of P
    const int h = fill;
    const int ma = h + p + fill; // the drain behind h + P
    if (model.microbatches < ma + 2 * p || (model.microbatches - ma) % p != 0)
        return false;
    std::size_t ops = 0;
    for (int s = 0; s < model.pp; ++s)
        ops +=
            stageOrder(model.schedule, s, model.pp, model.microbatches, model.chunks, model.recompute).size();
    bool coarse = false;
    if (timelineBoxes(model, ops, coarse) > kMaxTimelineEvents)
        return false;
    const SteadyLine* line = steadyLine(model, collectives, p, true);
    if (!line || !line->periodic)
        return false;
    StepModel probe = model;
    probe.microbatches = ma;
    const StepSimulation a = simulateFull(probe, collectives, true, coarse ? 1 : 0);
    probe.microbatches = ma + p;
    const StepSimulation b = simulateFull(probe, collectives, true, coarse ? 1 : 0);
    if (a.stalled || b.stalled || a.truncated || b.truncated || !(a.time_s > 0))
        return false;
    const double T = b.time_s - a.time_s;
    if (!sameBoxes(extendBoxes(a.timeline, h, p, 1, T), b.timeline, 1e-9 * b.time_s))
        return false; // GPipe (every backward waits for the last forward), ZB-H1 (deferred W), ...
    const std::int64_t k = (model.microbatches - ma) / p;
    StepSimulation figures = line->shape;
    std::vector<double> f(line->f1.size());
    const double periods = double(model.microbatches - line->m1) / double(p);
    for (std::size_t i = 0; i < f.size(); ++i)
        f[i] = line->f1[i] + periods * line->slope[i];
    unflatten(f, figures);
    out = std::move(figures);
    out.timeline = extendBoxes(a.timeline, h, p, k, T);
    out.coarse = coarse;
    out.truncated = false;
    out.extrapolated = true;
    return true;
}

} // namespace

int steadyPeriod(const StepModel& model)
{
    // The interleaved schedule runs microbatches in groups of pp; the others repeat every microbatch.
    return model.chunks > 1 ? std::max(model.pp, 1) : 1;
}

bool periodicSimulationApplies(const StepModel& model)
{
    const int p = steadyPeriod(model);
    return model.microbatches >= steadyStart(model, p) + 2 * p;
}

StepSimulation simulateStep(const StepModel& model, std::size_t collectives, bool timeline,
                            SimulationMode mode, bool everyStage)
{
    if (!wellFormed(model))
        return {};
    // A long step's timeline: two short simulations of about 2h + P microbatches each, their boxes checked
    // against each other (sorted: the costly part) and the steady period copied. It pays past eight times
    // their length (measured: at 1024 GPUs, pp 8, 1F1B, 128 microbatches it cost 5× the full simulation,
    // at 256 it saves half).
    const int period = steadyPeriod(model);
    const int fillUnits = timelineFill(model);
    if (timeline && mode == SimulationMode::Auto && periodicSimulationApplies(model) &&
        model.microbatches > 8 * (2 * fillUnits + period)) {
        StepSimulation out;
        if (periodicTimeline(model, collectives, out))
            return out;
    }
    const bool periodicOnly = mode == SimulationMode::Periodic;
    if (!periodicSimulationApplies(model) || (!periodicOnly && (timeline || mode == SimulationMode::Full)))
        return periodicOnly ? StepSimulation{} : simulateFull(model, collectives, timeline, -1, everyStage);
    const int p = steadyPeriod(model);
    // A known line costs nothing; a new one costs three probes of about m1 + P microbatches each, worth it
    // past three times that.
    const bool fit = periodicOnly || model.microbatches > 3 * (steadyStart(model, p) + p);
    const SteadyLine* line = steadyLine(model, collectives, p, fit);
    if (!line || !line->periodic)
        return periodicOnly ? StepSimulation{} : simulateFull(model, collectives, false, -1, everyStage);
    StepSimulation out = line->shape;
    const double periods = double(model.microbatches - line->m1) / double(p);
    std::vector<double> f(line->f1.size());
    for (std::size_t i = 0; i < f.size(); ++i)
        f[i] = line->f1[i] + periods * line->slope[i];
    unflatten(f, out);
    out.extrapolated = true;
    return out;
}

} // namespace ss
