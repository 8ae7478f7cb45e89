// SPDX-License-Identifier: GPL-3.0-or-later
#include "comm.h"

#include "explain.h"
#include "presets.h"
#include "traffic/commexplain.h"
#include "traffic/traffic.h"

#include <algorithm>
#include <cmath>
#include <exception>
#include <optional>
#include <string>
#include <thread>

namespace ss {

namespace {

// The traffic kinds in the order of their rows in comm.collectives (each declared in traffic.h).
constexpr TrafficKind kTrafficKinds[] = {
    tensorParallelTraffic,  pipelineParallelTraffic, expertParallelTraffic, contextParallelTraffic,
    parameterServerTraffic, dataParallelTraffic,     offloadTraffic,
};

// The step's rows, link loads and explanations as the traffic kinds deliver them.
class StepTally
{
public:
    explicit StepTally(const TopologyGraph& graph, CommResult& out, bool detail, bool collectiveLinks,
                       std::size_t linkRowsMax, std::vector<Explanation>* explain)
        : m_graph(graph), m_out(out), m_detail(detail), m_collectiveLinks(detail && collectiveLinks),
          m_rowsMax(linkRowsMax), m_explain(explain), m_linkTerms(explain ? graph.linkCount() : 0)
    {
    }

    void add(const TrafficContext& c, Traffic traffic)
    {
        for (Warning& w : traffic.warnings)
            m_out.warnings.push_back(std::move(w));
        for (const TrafficRow& row : traffic.rows) {
            record(c, row);
            if (row.loadsLinks)
                account(row.result, row.count);
        }
        for (const TrafficLoad& load : traffic.loads)
            account(load.result, load.count);
    }

    // The link rows, then the explanation of serial_time_s.
    void finish();

private:
    void record(const TrafficContext& c, const TrafficRow& row);
    // The link rows past ROWS_MAX loaded links: the classes, and rows for their busiest links, WORST and the
    // collectives' bottlenecks.
    void aggregate(std::size_t worst);
    CommLink linkRow(std::size_t link) const;

    // The per-link table, made on the first link load or bottleneck: a model without link loads (the
    // planner's) never needs it, and over a large cluster it is three arrays of millions.
    void linkTable()
    {
        if (!m_bytes.empty())
            return;
        const std::size_t n = m_graph.linkCount();
        m_bytes.assign(n, 0.0);
        m_busy.assign(n, 0.0);
        m_named.assign(n, 0);
    }
    // Accumulates a call's link loads COUNT times into the step's link table.
    void account(const CollectiveResult& r, double count)
    {
        if (r.links.empty())
            return;
        linkTable();
        for (const LinkLoad& l : r.links) {
            m_bytes[std::size_t(l.link)] += l.bytes() * count;
            m_busy[std::size_t(l.link)] += l.busy_s * count;
        }
        if (m_explain)
            for (const LinkLoad& l : r.links)
                m_linkTerms[std::size_t(l.link)].push_back({count, l.bytes()});
    }

    const TopologyGraph& m_graph;
    CommResult& m_out;
    bool m_detail;
    bool m_collectiveLinks; // a collective's link ids and rings
    std::size_t m_rowsMax;  // with DETAIL and no EXPLAIN, past this many loaded links: aggregate()
    std::vector<Explanation>* m_explain;
    std::vector<double> m_bytes; // per link, per step (empty until linkTable())
    std::vector<double> m_busy;
    // Links a collective names as its bottleneck: kept in out.links even without DETAIL.
    std::vector<char> m_named;
    // With EXPLAIN, each link's share of every call (LinkTerm), by link index.
    std::vector<std::vector<LinkTerm>> m_linkTerms;
};

void StepTally::record(const TrafficContext& c, const TrafficRow& row)
{
    const CollectiveResult& r = row.result;
    CommCollective out;
    out.group = row.group;
    out.op = row.op;
    out.bytes = row.bytes;
    out.count_per_step = std::int64_t(std::llround(row.count));
    out.time_s = r.time_s;
    out.alpha_s = r.alpha_s;
    out.algorithm = *row.algorithm ? row.algorithm : algorithmName(r.algorithm);
    if (r.bottleneck_link >= 0) {
        out.bottleneck_link = m_graph.linkId(r.bottleneck_link);
        linkTable();
        m_named[std::size_t(r.bottleneck_link)] = 1;
    }
    out.ranks = r.ranks;
    out.groups = r.groups;
    out.busbw_Bps = r.busbw_Bps;
    out.phases = r.phases;
    out.phase_count = r.phase_count;
    if (m_collectiveLinks) {
        out.links.reserve(r.links.size());
        for (const LinkLoad& l : r.links)
            out.links.push_back(m_graph.linkId(l.link));
        for (const auto& ring : r.rings) {
            std::vector<std::string> ids;
            for (int d : ring)
                ids.push_back(m_graph.deviceId(d));
            out.rings.push_back(std::move(ids));
        }
    }
    if (m_explain)
        explainCollective(*m_explain, m_out.collectives.size(), out, trafficText(c, row));
    m_out.collectives.push_back(std::move(out));
    m_out.serial_time_s += r.time_s * row.count;
}

CommLink StepTally::linkRow(std::size_t l) const
{
    const Link link = m_graph.link(int(l));
    CommLink row;
    row.id = m_graph.linkId(int(l));
    if (m_detail) {
        row.a = m_graph.deviceId(link.a);
        row.b = m_graph.deviceId(link.b);
    }
    row.kind = m_graph.linkKind(int(l));
    row.bandwidth_Bps = link.capacity();
    row.efficiency = link.efficiency;
    row.bytes_per_step = m_bytes[l];
    row.busy_s = m_busy[l];
    row.link = int(l);
    return row;
}

void StepTally::finish()
{
    if (m_bytes.empty()) {
        // No call loaded a link or named one (or the model keeps no link loads): no rows, no busiest link.
        m_out.links_total = 0;
        if (m_explain)
            explainSerialTime(*m_explain, m_out);
        return;
    }
    const std::size_t links = m_graph.linkCount();
    std::size_t worst = links;
    for (std::size_t l = 0; l < links; ++l)
        if (m_busy[l] > 0 && (worst == links || m_busy[l] > m_busy[worst]))
            worst = l;
    if (worst < links)
        m_out.bottleneck_link = m_graph.linkId(int(worst));
    std::size_t loaded = 0;
    std::size_t rows = 0;
    for (std::size_t l = 0; l < links; ++l) {
        loaded += m_bytes[l] > 0 ? 1 : 0;
        rows += m_bytes[l] > 0 && (m_detail || l == worst || m_named[l]) ? 1 : 0;
    }
    m_out.links_total = std::int64_t(loaded);
    if (m_detail && !m_explain && loaded > m_rowsMax) {
        aggregate(worst);
        return;
    }
    m_out.links.reserve(m_out.links.size() + rows);
    // Every loaded link has a row: their loads in a column too.
    const bool column = m_detail && m_out.links.empty();
    if (column)
        m_out.link_loads.reserve(rows);
    for (std::size_t l = 0; l < links; ++l) {
        if (!(m_bytes[l] > 0))
            continue;
        // Without DETAIL only the links the step's figures read: the busiest and the collectives'
        // bottlenecks.
        if (!m_detail && l != worst && !m_named[l])
            continue;
        CommLink row = linkRow(l);
        if (m_explain)
            explainLink(*m_explain, m_out.links.size(), row, m_linkTerms[l]);
        if (column)
            m_out.link_loads.push_back({int(l), row.bytes_per_step, row.busy_s, 0});
        m_out.links.push_back(std::move(row));
    }
    if (m_explain)
        explainSerialTime(*m_explain, m_out);
}

// The classes (docs/formats.md, comm.link_classes): the loaded links of one kind name, bandwidth and
// efficiency, in order of first appearance; the graph's links of one kind index mostly share all three.
void StepTally::aggregate(std::size_t worst)
{
    const std::size_t links = m_graph.linkCount();
    struct Seen
    {
        std::uint16_t kind;
        double bandwidth;
        double efficiency;
        std::size_t cls;
    };
    std::vector<Seen> seen;
    std::vector<std::size_t> busiest; // by class
    std::vector<CommLinkClass>& classes = m_out.link_classes;
    const auto classOf = [&](std::size_t l) {
        const Link link = m_graph.link(int(l));
        const double bandwidth = link.capacity();
        for (const Seen& s : seen)
            if (s.kind == link.kind && s.bandwidth == bandwidth && s.efficiency == link.efficiency)
                return s.cls;
        const std::string& kind = m_graph.linkKind(int(l));
        std::size_t cls = classes.size();
        for (std::size_t k = 0; k < classes.size(); ++k)
            if (classes[k].kind == kind && classes[k].bandwidth_Bps == bandwidth &&
                classes[k].efficiency == link.efficiency)
                cls = k;
        if (cls == classes.size()) {
            CommLinkClass c;
            c.kind = kind;
            c.bandwidth_Bps = bandwidth;
            c.efficiency = link.efficiency;
            classes.push_back(std::move(c));
            busiest.push_back(links);
        }
        seen.push_back({link.kind, bandwidth, link.efficiency, cls});
        return cls;
    };
    for (std::size_t l = 0; l < links; ++l) {
        if (!(m_bytes[l] > 0))
            continue;
        const std::size_t k = classOf(l);
        CommLinkClass& c = classes[k];
        ++c.links;
        c.bytes_per_step_sum += m_bytes[l];
        if (busiest[k] == links || m_busy[l] > m_busy[busiest[k]])
            busiest[k] = l;
        c.bytes_per_step_max = std::max(c.bytes_per_step_max, m_bytes[l]);
        c.busy_s_max = std::max(c.busy_s_max, m_busy[l]);
        c.busy_s.push_back(m_busy[l]);
    }
    for (std::size_t k = 0; k < classes.size(); ++k) {
        classes[k].busiest_link = m_graph.linkId(int(busiest[k]));
        m_named[busiest[k]] = 1;
    }
    for (std::size_t l = 0; l < links; ++l)
        if (m_bytes[l] > 0 && (l == worst || m_named[l]))
            m_out.links.push_back(linkRow(l));
    m_out.links_aggregated = true;
}

} // namespace

RankCoord rankCoord(const ParallelSpec& parallel, std::int64_t rank)
{
    return RankLayout(parallel).coord(rank);
}

std::int64_t rankOf(const ParallelSpec& parallel, const RankCoord& c)
{
    return RankLayout(parallel).rank(c);
}

ParallelGroups parallelGroups(const ParallelSpec& p)
{
    const RankLayout layout(p);
    const auto& n = layout.n;
    const std::int64_t T = n[0], D = n[1], P = n[2], C = n[3];
    ParallelGroups g;
    for (std::int64_t pp = 0; pp < P; ++pp)
        for (std::int64_t dp = 0; dp < D; ++dp)
            for (std::int64_t cp = 0; cp < C; ++cp) {
                std::vector<int> group;
                for (std::int64_t tp = 0; tp < T; ++tp)
                    group.push_back(int(layout.rank({tp, dp, pp, cp})));
                g.tp.push_back(std::move(group));
            }
    for (std::int64_t pp = 0; pp < P; ++pp)
        for (std::int64_t tp = 0; tp < T; ++tp) {
            std::vector<int> group;
            for (std::int64_t dp = 0; dp < D; ++dp)
                for (std::int64_t cp = 0; cp < C; ++cp)
                    group.push_back(int(layout.rank({tp, dp, pp, cp})));
            g.dp.push_back(std::move(group));
        }
    for (std::int64_t dp = 0; dp < D; ++dp)
        for (std::int64_t cp = 0; cp < C; ++cp)
            for (std::int64_t tp = 0; tp < T; ++tp) {
                std::vector<int> group;
                for (std::int64_t pp = 0; pp < P; ++pp)
                    group.push_back(int(layout.rank({tp, dp, pp, cp})));
                g.pp.push_back(std::move(group));
            }
    if (C > 1)
        for (std::int64_t pp = 0; pp < P; ++pp)
            for (std::int64_t dp = 0; dp < D; ++dp)
                for (std::int64_t tp = 0; tp < T; ++tp) {
                    std::vector<int> group;
                    for (std::int64_t cp = 0; cp < C; ++cp)
                        group.push_back(int(layout.rank({tp, dp, pp, cp})));
                    g.cp.push_back(std::move(group));
                }
    // Megatron-Core's expert layout: a stage's tp · cp · dp ranks read as etp × ep × edp, etp innermost.
    const std::int64_t E = layout.ep, ET = layout.etp, ED = layout.edp();
    if (E > 1 && (T * C * D) % (E * ET) == 0) {
        for (std::int64_t pp = 0; pp < P; ++pp)
            for (std::int64_t ed = 0; ed < ED; ++ed)
                for (std::int64_t et = 0; et < ET; ++et) {
                    std::vector<int> group;
                    for (std::int64_t e = 0; e < E; ++e)
                        group.push_back(int(layout.blockRank(layout.expertPosition(et, e, ed), pp)));
                    g.ep.push_back(std::move(group));
                }
        for (std::int64_t pp = 0; pp < P; ++pp)
            for (std::int64_t e = 0; e < E; ++e)
                for (std::int64_t et = 0; et < ET; ++et) {
                    std::vector<int> group;
                    for (std::int64_t ed = 0; ed < ED; ++ed)
                        group.push_back(int(layout.blockRank(layout.expertPosition(et, e, ed), pp)));
                    g.edp.push_back(std::move(group));
                }
    }
    return g;
}

CommResult estimateCommunication(const Scenario& sc, std::int64_t microbatches,
                                 std::vector<Explanation>* explain)
{
    TopologyGraph graph;
    std::string error;
    if (!scenarioGraph(sc, graph, &error)) {
        CommResult r;
        warn(r.warnings, "comm.topology", "the cluster's topology cannot be built: " + error, {error});
        return r;
    }
    CommModel model(std::move(graph));
    return estimateCommunication(sc, microbatches, model, true, explain);
}

void CommCache::prepare(const ParallelSpec& parallel, const CommModel& model)
{
    const std::array<std::int64_t, 6> now{parallel.tp, parallel.dp, parallel.pp,
                                          parallel.cp, parallel.ep, parallel.expertTp()};
    if (ready && graph == &model.graph() && sizes == now && rankOrder == parallel.rank_order)
        return;
    graph = &model.graph();
    sizes = now;
    rankOrder = parallel.rank_order;
    ranks = parallelGroups(parallel);
    const std::vector<int>& gpuOf = model.graph().gpus();
    const auto onGpus = [&](const std::vector<std::vector<int>>& rankGroups) {
        std::vector<std::vector<int>> devices = rankGroups;
        for (auto& g : devices)
            for (int& r : g)
                r = gpuOf[std::size_t(r)];
        return devices;
    };
    gpus.tp = onGpus(ranks.tp);
    gpus.dp = onGpus(ranks.dp);
    gpus.pp = onGpus(ranks.pp);
    gpus.cp = onGpus(ranks.cp);
    gpus.ep = onGpus(ranks.ep);
    gpus.edp = onGpus(ranks.edp);
    entries.clear();
    steps.clear();
    nextStep = 0;
    ready = true;
}

CommCache CommCache::groupsFor(const CommModel& model) const
{
    CommCache out;
    out.graph = &model.graph();
    out.sizes = sizes;
    out.rankOrder = rankOrder;
    out.ready = ready;
    out.ranks = ranks;
    out.gpus = gpus;
    return out;
}

namespace {

// The largest copy plan (by loaded links) the model keeps with its link loads after a one-off estimate:
// 2^21 links, 64 MB of loads. GPT-3 175B's pipeline sends load 3.2 million links on 1,048,576 GPUs (102 MB,
// held while the data-parallel calls were priced), and fewer than every loaded link's 0.4 million on 131,072.
constexpr std::size_t kKeptTransferLinks = std::size_t(1) << 21;
// From this many GPUs a one-off estimate prices the pipeline sends on a thread of their own: at 131,072 GPUs
// they are about a third of the estimate (0.33 -> 0.26 s wall); below some thousands the thread costs more
// than it saves.
constexpr std::int64_t kParallelPipelineRanks = 8192;
// Up to this many devices: the second model's per-device arrays and the loads the two threads hold at once
// cost about 65 bytes per device (+55 MB at 131,072 GPUs and their 766k devices, +400 MB at 1,048,576 GPUs
// for 0.7 s of 3.4), and past a few million devices the memory matters more than the time.
constexpr std::size_t kParallelPipelineDevices = std::size_t(1) << 21;

// pipelineParallelTraffic() on a thread of its own, with its own model on MODEL's graph and its own copy of
// GROUPS' rank groups (not their calls, which the caller adds to meanwhile), both made and let go on that
// thread; take() waits for its rows. The caller must not prepare GROUPS again before take().
class PipelineOnThread
{
public:
    PipelineOnThread(const Scenario& sc, std::int64_t microbatches, const CommModel& model,
                     const RankLayout& layout, const CommCache& groups, bool rowLinks)
    {
        m_thread = std::thread([this, &sc, microbatches, graph = model.sharedGraph(),
                                linkLoads = model.linkLoads(), &layout, &groups, rowLinks] {
            try {
                CommModel own(graph);
                own.setLinkLoads(linkLoads);
                CommCache copy = groups.groupsFor(own);
                TrafficContext context = trafficContext(sc, microbatches, own, layout, copy);
                context.rowLinks = rowLinks;
                m_traffic = pipelineParallelTraffic(context);
            } catch (...) {
                m_error = std::current_exception(); // rethrown by take(), on the caller's thread
            }
        });
    }
    ~PipelineOnThread()
    {
        if (m_thread.joinable())
            m_thread.join();
    }
    PipelineOnThread(const PipelineOnThread&) = delete;
    PipelineOnThread& operator=(const PipelineOnThread&) = delete;

    Traffic take()
    {
        m_thread.join();
        if (m_error)
            std::rethrow_exception(m_error);
        return std::move(m_traffic);
    }

private:
    Traffic m_traffic;
    std::exception_ptr m_error;
    std::thread m_thread;
};

// SCENARIO with what the traffic kinds do not tell apart made equal: of the schedule they read only the
// interleaved schedule's chunks per stage (trafficContext()'s v), of recompute only whether it is full (the
// tensor-parallel, expert and context-parallel call counts). Keep it in step with the traffic kinds: a
// field they come to read more of must stay in the key as it is.
Scenario communicationKey(const Scenario& scenario)
{
    Scenario key = scenario;
    ParallelSpec& p = key.parallel;
    const std::int64_t v =
        p.schedule == Schedule::Interleaved ? std::max<std::int64_t>(p.virtual_stages, 1) : 1;
    p.schedule = v > 1 ? Schedule::Interleaved : Schedule::OneFOneB;
    p.virtual_stages = v;
    if (key.training.recompute != Recompute::Full)
        key.training.recompute = Recompute::None;
    return key;
}

} // namespace

CommResult estimateCommunication(const Scenario& sc, std::int64_t microbatches, CommModel& model, bool detail,
                                 std::vector<Explanation>* explain, CommCache* cache, bool collectiveLinks,
                                 std::size_t linkRowsMax)
{
    CommResult out;
    const TopologyGraph& graph = model.graph();
    out.graph = graph.serial();
    const RankLayout layout(sc.parallel);
    const std::int64_t ranks = layout.ranks();
    if (std::int64_t(graph.gpus().size()) != ranks) {
        warn(out.warnings, "comm.gpus",
             "the topology has " + std::to_string(graph.gpus().size()) + " GPUs but dp × tp × pp × cp = " +
                 std::to_string(ranks) + "; communication is not estimated",
             {std::to_string(graph.gpus().size()), std::to_string(ranks)});
        return out;
    }
    CommCache own;
    CommCache& groups = cache ? *cache : own;
    groups.prepare(sc.parallel, model);
    // A step estimated before on these groups (without explanations, which name the scenario's figures).
    const bool remember = cache && !explain;
    std::optional<Scenario> key;
    if (remember) {
        key = communicationKey(sc);
        for (const CommCache::Step& step : groups.steps)
            if (step.microbatches == microbatches && step.detail == detail &&
                step.collectiveLinks == collectiveLinks && step.linkRowsMax == linkRowsMax &&
                step.scenario == *key)
                return step.result;
    }
    TrafficContext context = trafficContext(sc, microbatches, model, layout, groups);
    context.rowLinks = detail && collectiveLinks;
    StepTally tally(graph, out, detail, collectiveLinks, linkRowsMax, explain);
    // A one-off estimate over a large cluster prices its pipeline sends on a second thread, with a model of
    // its own on the same graph, while this one prices the rest; the rows are tallied in the usual order, so
    // the result is the same to the bit.
    std::optional<PipelineOnThread> pipeline;
    if (!cache && ranks >= kParallelPipelineRanks && layout.n[2] > 1 &&
        graph.devices().size() <= kParallelPipelineDevices && std::thread::hardware_concurrency() > 1)
        pipeline.emplace(sc, microbatches, model, layout, own, context.rowLinks);
    std::vector<Traffic> later; // the kinds after the pipeline's, priced while its thread runs
    bool pastPipeline = false;
    for (const TrafficKind kind : kTrafficKinds) {
        if (pipeline && kind == pipelineParallelTraffic) {
            pastPipeline = true;
            continue;
        }
        if (pastPipeline)
            later.push_back(kind(context));
        else
            tally.add(context, kind(context));
        // A one-off estimate (no cache of the caller's): each call is asked for by one traffic kind alone, so
        // once that kind is tallied its calls' link loads are not read again. Let go of them now rather than
        // at the end: over a large cluster each list holds every loaded link (13 MB at 131,072 GPUs).
        if (!cache) {
            for (CommCache::Entry& e : own.entries)
                e.result.links.clear();
            // The model keeps the copy plans of the pipeline's sends with their link loads, for the next
            // estimate; past millions of links they are let go (routed again if asked for again).
            model.forgetLargeTransfers(kKeptTransferLinks);
        }
    }
    if (pipeline) {
        tally.add(context, pipeline->take());
        pipeline.reset();
        for (Traffic& traffic : later)
            tally.add(context, std::move(traffic));
    }
    tally.finish();
    if (remember) {
        constexpr std::size_t kSteps = 8;
        CommCache::Step step{std::move(*key), microbatches, detail, collectiveLinks, linkRowsMax, out};
        if (groups.steps.size() < kSteps) {
            groups.steps.push_back(std::move(step));
        } else {
            groups.steps[groups.nextStep] = std::move(step);
            groups.nextStep = (groups.nextStep + 1) % kSteps;
        }
    }
    return out;
}

} // namespace ss
