// SPDX-License-Identifier: GPL-3.0-or-later
#include "comm.h"

#include "explain.h"
#include "memory.h"
#include "presets.h"
#include "workload.h"

#include <algorithm>
#include <array>
#include <cmath>
#include <string>

namespace ss {

namespace {

// The three dimensions innermost first, as indices 0 = tp, 1 = dp, 2 = pp.
std::array<int, 3> dimensionOrder(const std::string& order)
{
    std::array<int, 3> dims{0, 1, 2};
    std::array<int, 3> parsed{};
    int count = 0;
    std::size_t pos = 0;
    while (pos <= order.size() && count < 4) {
        const std::size_t dash = order.find('-', pos);
        const std::string name =
            order.substr(pos, dash == std::string::npos ? std::string::npos : dash - pos);
        const int d = name == "tp" ? 0 : name == "dp" ? 1 : name == "pp" ? 2 : -1;
        if (d < 0 || count >= 3)
            return dims;
        parsed[std::size_t(count++)] = d;
        if (dash == std::string::npos)
            break;
        pos = dash + 1;
    }
    if (count != 3 || parsed[0] == parsed[1] || parsed[1] == parsed[2] || parsed[0] == parsed[2])
        return dims;
    return parsed;
}

std::array<std::int64_t, 3> sizes(const ParallelSpec& p)
{
    return {std::max<std::int64_t>(p.tp, 1), std::max<std::int64_t>(p.dp, 1),
            std::max<std::int64_t>(p.pp, 1)};
}

void warn(std::vector<Warning>& out, std::string code, std::string message,
          std::vector<std::string> args = {})
{
    out.push_back({std::move(code), std::move(message), std::move(args)});
}

// Accumulates a call's link loads COUNT times into the step's link table.
struct LinkTable
{
    const TopologyGraph& graph;
    std::vector<double> bytes;
    std::vector<double> busy;

    explicit LinkTable(const TopologyGraph& g)
        : graph(g), bytes(g.links().size(), 0.0), busy(g.links().size(), 0.0)
    {
    }

    void add(const CollectiveResult& r, double count)
    {
        for (const LinkLoad& l : r.links) {
            bytes[std::size_t(l.link)] += l.bytes() * count;
            busy[std::size_t(l.link)] += l.busy_s * count;
        }
    }
};

} // namespace

namespace {

// rank_order parsed once: rankCoord() and rankOf() for every rank of a large cluster otherwise parse it per rank.
struct RankLayout
{
    std::array<int, 3> dims;
    std::array<std::int64_t, 3> n;

    explicit RankLayout(const ParallelSpec& parallel)
        : dims(dimensionOrder(parallel.rank_order)), n(sizes(parallel))
    {
    }

    RankCoord coord(std::int64_t rank) const
    {
        std::array<std::int64_t, 3> c{};
        for (int d : dims) {
            c[std::size_t(d)] = rank % n[std::size_t(d)];
            rank /= n[std::size_t(d)];
        }
        return {c[0], c[1], c[2]};
    }

    std::int64_t rank(const RankCoord& c) const
    {
        const std::array<std::int64_t, 3> coord{c.tp, c.dp, c.pp};
        std::int64_t r = 0;
        std::int64_t stride = 1;
        for (int d : dims) {
            r += coord[std::size_t(d)] * stride;
            stride *= n[std::size_t(d)];
        }
        return r;
    }
};

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
    ParallelGroups g;
    for (std::int64_t pp = 0; pp < n[2]; ++pp)
        for (std::int64_t dp = 0; dp < n[1]; ++dp) {
            std::vector<int> group;
            for (std::int64_t tp = 0; tp < n[0]; ++tp)
                group.push_back(int(layout.rank({tp, dp, pp})));
            g.tp.push_back(std::move(group));
        }
    for (std::int64_t pp = 0; pp < n[2]; ++pp)
        for (std::int64_t tp = 0; tp < n[0]; ++tp) {
            std::vector<int> group;
            for (std::int64_t dp = 0; dp < n[1]; ++dp)
                group.push_back(int(layout.rank({tp, dp, pp})));
            g.dp.push_back(std::move(group));
        }
    for (std::int64_t dp = 0; dp < n[1]; ++dp)
        for (std::int64_t tp = 0; tp < n[0]; ++tp) {
            std::vector<int> group;
            for (std::int64_t pp = 0; pp < n[2]; ++pp)
                group.push_back(int(layout.rank({tp, dp, pp})));
            g.pp.push_back(std::move(group));
        }
    return g;
}

CommResult estimateCommunication(const Scenario& sc, std::int64_t microbatches,
                                 std::vector<Explanation>* explain)
{
    Topology topology;
    std::string error;
    CommModel model;
    if (!scenarioTopology(sc, topology, &error) || !CommModel::fromTopology(topology, model, &error)) {
        CommResult r;
        warn(r.warnings, "comm.topology", "the cluster's topology cannot be built: " + error, {error});
        return r;
    }
    return estimateCommunication(sc, microbatches, model, true, explain);
}

CommResult estimateCommunication(const Scenario& sc, std::int64_t microbatches, CommModel& model, bool detail,
                                 std::vector<Explanation>* explain)
{
    CommResult out;
    const TopologyGraph& graph = model.graph();
    const ParallelSpec& par = sc.parallel;
    const RankLayout rankLayout(par);
    const auto n = sizes(par);
    const std::int64_t ranks = n[0] * n[1] * n[2];
    if (std::int64_t(graph.gpus().size()) != ranks) {
        warn(out.warnings, "comm.gpus",
             "the topology has " + std::to_string(graph.gpus().size()) +
                 " GPUs but dp × tp × pp = " + std::to_string(ranks) + "; communication is not estimated",
             {std::to_string(graph.gpus().size()), std::to_string(ranks)});
        return out;
    }
    const std::int64_t m = std::max<std::int64_t>(microbatches, 1);
    const auto gpuOf = [&graph](int rank) { return graph.gpus()[std::size_t(rank)]; };
    const auto onGpus = [&](const std::vector<std::vector<int>>& rankGroups) {
        std::vector<std::vector<int>> devices = rankGroups;
        for (auto& g : devices)
            for (int& r : g)
                r = gpuOf(r);
        return devices;
    };
    LinkTable table(graph);
    // Links a collective names as its bottleneck: kept in out.links even without DETAIL.
    std::vector<char> named(graph.links().size(), 0);
    // With EXPLAIN, each link's share of every call (LinkTerm), by link index.
    std::vector<std::vector<LinkTerm>> linkTerms(explain ? graph.links().size() : 0);
    const auto account = [&](const CollectiveResult& r, double count) {
        table.add(r, count);
        if (explain)
            for (const LinkLoad& l : r.links)
                linkTerms[std::size_t(l.link)].push_back({count, l.bytes()});
    };
    // TEXT() says why the row moves its bytes that often, in such groups; called only with EXPLAIN.
    const auto record = [&](const char* group, const std::string& op, double bytes, double count,
                            const CollectiveResult& r, const std::string& algorithm, const auto& text) {
        if (!r.ok()) {
            warn(out.warnings, "comm.no_route", std::string(group) + " " + op + ": " + r.error,
                 {group, op, r.error});
            return;
        }
        CommCollective row;
        row.group = group;
        row.op = op;
        row.bytes = bytes;
        row.count_per_step = std::int64_t(std::llround(count));
        row.time_s = r.time_s;
        row.alpha_s = r.alpha_s;
        row.algorithm = algorithm.empty() ? algorithmName(r.algorithm) : algorithm;
        if (r.bottleneck_link >= 0) {
            row.bottleneck_link = graph.links()[std::size_t(r.bottleneck_link)].id;
            named[std::size_t(r.bottleneck_link)] = 1;
        }
        row.ranks = r.ranks;
        row.groups = r.groups;
        row.busbw_Bps = r.busbw_Bps;
        row.phases = r.phases;
        row.phase_count = r.phase_count;
        if (detail) {
            row.links.reserve(r.links.size());
            for (const LinkLoad& l : r.links)
                row.links.push_back(graph.links()[std::size_t(l.link)].id);
            for (const auto& ring : r.rings) {
                std::vector<std::string> ids;
                for (int d : ring)
                    ids.push_back(graph.devices()[std::size_t(d)].id);
                row.rings.push_back(std::move(ids));
            }
        }
        if (explain)
            explainCollective(*explain, out.collectives.size(), row, text());
        out.collectives.push_back(std::move(row));
        out.serial_time_s += r.time_s * count;
    };
    const auto num = [](double v) { return explainNumber(v); };

    const ParallelGroups groups = parallelGroups(par);
    const StateBytes state = stateBytesPerParam(sc.training.precision, sc.training.optimizer);
    // Activations and their gradients travel in the 16-bit training type (fp32 only for fp32 training).
    const double actBytes = sc.training.precision == Precision::Fp32 ? 4.0 : 2.0;
    // Gradients are reduced with grad_comm_bits per element: 32 is fp32 (Megatron-LM's default main-grad
    // reduction), 16 the training type; quantised gradients of k bits move k/32 of the fp32 volume
    // (REFERENCES.md, "Collective cost").
    const double gradBytes = double(sc.training.grad_comm_bits) / 8.0;
    const double b = double(sc.training.micro_batch);
    const double s = double(sc.model.seq_len);
    const double h = double(sc.model.hidden);
    const std::vector<StageParams> stages = stageParams(sc);
    const std::vector<std::int64_t> layers = layersPerStage(std::max<std::int64_t>(sc.model.layers, 1), n[2]);
    const std::int64_t maxLayers = *std::max_element(layers.begin(), layers.end());
    const std::int64_t v =
        par.schedule == Schedule::Interleaved ? std::max<std::int64_t>(par.virtual_stages, 1) : 1;

    // Tensor parallel (Narayanan et al. SC'21 §3; REFERENCES.md): 2 all-reduces of b·s·h elements in the
    // forward and 2 in the backward of every layer; with sequence parallelism each becomes an all-gather and
    // a reduce-scatter of the same size (Korthikanti et al. §4.2.2). Full recompute repeats the forward ones.
    if (n[0] > 1) {
        const double size = b * s * h * actBytes;
        const double perLayer = sc.training.recompute == Recompute::Full ? 6 : 4;
        const double count = perLayer * double(maxLayers) * double(m);
        const auto tp = onGpus(groups.tp);
        const auto text = [&] {
            CollectiveText t;
            t.bytesFormula = "S = b · s · h · e";
            t.bytesSubstituted = num(b) + " × " + num(s) + " × " + num(h) + " × " + num(actBytes) + " B";
            t.bytesSource =
                par.sequence_parallel
                    ? "Korthikanti et al., MLSys'23 §4.2.2 (sequence parallel: all-gather + reduce-scatter)"
                    : "Narayanan et al., SC'21 §3 (2 all-reduces of b·s·h per layer, forward and backward)";
            t.countFormula = "n = k · L_stage · m (k = 4; 6 with full recompute)";
            t.countSubstituted =
                num(perLayer) + " × " + std::to_string(maxLayers) + " × " + std::to_string(m);
            t.countSource = "Narayanan et al., SC'21 §3; Korthikanti et al., MLSys'23 §5";
            t.ranksFormula = "n = t";
            t.ranksSubstituted = std::to_string(n[0]);
            t.groupsFormula = "G = N_d · p";
            t.groupsSubstituted = std::to_string(n[1]) + " × " + std::to_string(n[2]);
            t.groupSource = "Narayanan et al., SC'21 §3 (PTD-P: N = t · p · N_d)";
            return t;
        };
        if (par.sequence_parallel) {
            const CollectiveResult ag = model.collective(CollectiveOp::AllGather, size, tp);
            record("tp", "allgather", size, count, ag, "", text);
            account(ag, count);
            const CollectiveResult rs = model.collective(CollectiveOp::ReduceScatter, size, tp);
            record("tp", "reducescatter", size, count, rs, "", text);
            account(rs, count);
        } else {
            const CollectiveResult ar = model.collective(CollectiveOp::AllReduce, size, tp);
            record("tp", "allreduce", size, count, ar, "", text);
            account(ar, count);
        }
    }

    // Pipeline parallel: per microbatch and stage boundary the activation forward and its gradient
    // backward, b·s·h elements, each tp rank sending its 1/t share (Narayanan et al. §4.1, scatter/gather).
    // Interleaving sends v times as often. All boundaries of all pipelines at once.
    if (n[2] > 1) {
        const double size = b * s * h * actBytes / double(n[0]);
        const double perDirection = double(m * v);
        std::vector<Transfer> forward;
        std::vector<Transfer> backward;
        for (const auto& pipe : groups.pp) {
            const std::size_t stagesCount = pipe.size();
            const std::size_t boundaries = v > 1 ? stagesCount : stagesCount - 1; // interleaving wraps around
            for (std::size_t i = 0; i < boundaries; ++i) {
                const int from = gpuOf(pipe[i]);
                const int to = gpuOf(pipe[(i + 1) % stagesCount]);
                forward.push_back({from, to, size});
                backward.push_back({to, from, size});
            }
        }
        const CollectiveResult fwd = model.transfers(forward);
        const CollectiveResult bwd = model.transfers(backward);
        CollectiveResult slower = fwd.time_s >= bwd.time_s ? fwd : bwd;
        slower.ranks = int(n[2]);
        slower.groups = int(groups.pp.size());
        record("pp", "sendrecv", size, 2 * perDirection, slower, "p2p", [&] {
            CollectiveText t;
            t.bytesFormula = "S = b · s · h · e / t";
            t.bytesSubstituted = num(b) + " × " + num(s) + " × " + num(h) + " × " + num(actBytes) + " B / " +
                                 std::to_string(n[0]);
            t.bytesSource = "Narayanan et al., SC'21 §4.1 (scatter/gather: each tp rank sends 1/t)";
            t.countFormula = "n = 2 · m · v";
            t.countSubstituted = "2 × " + std::to_string(m) + " × " + std::to_string(v);
            t.countSource = "Narayanan et al., SC'21 §2.2 (one send forward, one backward per microbatch)";
            t.ranksFormula = "n = p";
            t.ranksSubstituted = std::to_string(n[2]);
            t.groupsFormula = "G = N_d · t";
            t.groupsSubstituted = std::to_string(n[1]) + " × " + std::to_string(n[0]);
            t.groupSource = "Narayanan et al., SC'21 §3 (PTD-P: N = t · p · N_d)";
            return t;
        });
        if (fwd.ok() && bwd.ok()) {
            account(fwd, perDirection);
            account(bwd, perDirection);
        }
    }

    // Data parallel. Per-stage gradients differ (embedding, head): group g moves its stage's share.
    const double psiMax = [&] {
        double x = 0;
        for (const StageParams& st : stages)
            x = std::max(x, st.per_gpu);
        return x;
    }();
    std::vector<double> dpScale;
    for (const auto& g : groups.dp) {
        const RankCoord c = rankLayout.coord(g.front());
        dpScale.push_back(psiMax > 0 ? stages[std::size_t(c.pp)].per_gpu / psiMax : 1.0);
    }
    const int zero = std::clamp(par.zero_stage, 0, 3);
    // Reduce-scatters per step: ZeRO-2/3 keep only their gradient shard, so DeepSpeed reduces every
    // microbatch; plain DP and ZeRO-1 keep full gradients and reduce once per step.
    const double rsCount = zero >= 2 ? double(m) : 1.0;
    std::vector<int> servers;
    for (std::size_t d = 0; d < graph.devices().size(); ++d)
        if (graph.devices()[d].kind == DeviceKind::Ps)
            servers.push_back(int(d));
    bool parameterServer = par.dp_sync == DpSync::ParameterServer && n[1] > 1;
    if (parameterServer && servers.empty()) {
        warn(out.warnings, "comm.no_parameter_servers",
             "dp_sync is parameter-server but the topology has no device of kind ps; the gradients are "
             "all-reduced instead");
        parameterServer = false;
    }
    if (parameterServer) {
        // Workers push their gradients to and pull their weights from ps_servers servers, each holding a
        // 1/S shard (Li et al., "Scaling Distributed Machine Learning with the Parameter Server", OSDI'14).
        // Every GPU pushes at once, so one server's NIC takes all workers' shards: more servers relieve it.
        const std::size_t count =
            std::min<std::size_t>(servers.size(), std::size_t(std::max<std::int64_t>(par.ps_servers, 1)));
        if (std::int64_t(count) < par.ps_servers)
            warn(out.warnings, "comm.parameter_servers",
                 "ps_servers is " + std::to_string(par.ps_servers) + " but the topology has " +
                     std::to_string(servers.size()) + "; the servers it has are used",
                 {std::to_string(par.ps_servers), std::to_string(servers.size())});
        std::vector<Transfer> push;
        std::vector<Transfer> pull;
        for (std::int64_t r = 0; r < ranks; ++r) {
            const double psi = stages[std::size_t(rankLayout.coord(r).pp)].per_gpu;
            for (std::size_t j = 0; j < count; ++j) {
                push.push_back({gpuOf(int(r)), servers[j], psi * gradBytes / double(count)});
                pull.push_back({servers[j], gpuOf(int(r)), psi * state.weights / double(count)});
            }
        }
        CollectiveResult up = model.transfers(push);
        CollectiveResult down = model.transfers(pull);
        for (CollectiveResult* r : {&up, &down}) {
            r->ranks = int(n[1]);
            r->groups = int(groups.dp.size());
        }
        const auto psText = [&](bool pushing) {
            return [&, pushing] {
                CollectiveText t;
                t.bytesFormula = pushing ? "S = Ψ_gpu,max · e_grad" : "S = Ψ_gpu,max · w";
                t.bytesSubstituted = num(psiMax) + " × " + num(pushing ? gradBytes : state.weights) + " B";
                t.bytesSource = "Li et al., OSDI'14 (workers push gradients, pull weights)";
                t.countFormula = "n = 1";
                t.countSubstituted = "1";
                t.countSource = "Li et al., OSDI'14";
                t.ranksFormula = "n = N_d";
                t.ranksSubstituted = std::to_string(n[1]);
                t.groupsFormula = "G = t · p";
                t.groupsSubstituted = std::to_string(n[0]) + " × " + std::to_string(n[2]);
                t.groupSource = "Narayanan et al., SC'21 §3 (PTD-P: N = t · p · N_d)";
                return t;
            };
        };
        record("dp", "push", psiMax * gradBytes, 1, up, "parameter-server", psText(true));
        record("dp", "pull", psiMax * state.weights, 1, down, "parameter-server", psText(false));
        account(up, 1);
        account(down, 1);
    } else if (n[1] > 1) {
        // ZeRO §7 (Rajbhandari et al. SC'20): plain DP and stages 1-2 move 2Ψ per step (reduce-scatter +
        // all-gather), stage 3 3Ψ (parameters gathered for the forward and again for the backward).
        const auto dp = onGpus(groups.dp);
        const auto run = [&](CollectiveOp op, double perParam, double count) {
            const double size = psiMax * perParam;
            const CollectiveResult r = model.collective(op, size, dp, CollectiveAlgorithm::Auto, dpScale);
            record("dp", collectiveOpName(op), size, count, r, "", [&] {
                CollectiveText t;
                const bool grads = op != CollectiveOp::AllGather;
                t.bytesFormula = grads ? "S = Ψ_gpu,max · e_grad" : "S = Ψ_gpu,max · w";
                t.bytesSubstituted = num(psiMax) + " × " + num(perParam) + " B";
                t.bytesSource =
                    grads ? "ZeRO (Rajbhandari et al., SC'20) §7; k-bit gradients move k/32 of fp32 "
                            "(REFERENCES.md \"Collective cost\")"
                          : "ZeRO (Rajbhandari et al., SC'20) §7";
                t.countFormula = count == 1 ? "n = 1" : count == double(m) ? "n = m" : "n = 2 · m";
                t.countSubstituted = count == 1           ? "1"
                                     : count == double(m) ? std::to_string(m)
                                                          : "2 × " + std::to_string(m);
                t.countSource =
                    "ZeRO (Rajbhandari et al., SC'20) §7; DeepSpeed ZeRO-2/3 reduce every microbatch";
                t.ranksFormula = "n = N_d";
                t.ranksSubstituted = std::to_string(n[1]);
                t.groupsFormula = "G = t · p";
                t.groupsSubstituted = std::to_string(n[0]) + " × " + std::to_string(n[2]);
                t.groupSource = "Narayanan et al., SC'21 §3 (PTD-P: N = t · p · N_d)";
                return t;
            });
            account(r, count);
        };
        if (zero == 0) {
            run(CollectiveOp::AllReduce, gradBytes, 1);
        } else if (zero <= 2) {
            run(CollectiveOp::ReduceScatter, gradBytes, rsCount);
            run(CollectiveOp::AllGather, state.weights, 1);
        } else {
            run(CollectiveOp::AllGather, state.weights, 2.0 * double(m));
            run(CollectiveOp::ReduceScatter, gradBytes, rsCount);
        }
    }

    // Offload (ZeRO-Offload, Ren et al. ATC'21 §4; REFERENCES.md "Offload"): each rank copies its 1/N_d
    // gradient share to the host and its updated 16-bit weights back, 4 bytes per parameter at least;
    // ZeRO-Infinity's parameter offload fetches the weights for every forward and backward.
    const bool offOpt = par.offload_optimizer != Offload::None && zero >= 1;
    const bool offParams = par.offload_params != Offload::None && zero == 3;
    if (offOpt || offParams) {
        Router& router = model.router();
        bool missingNvme = false;
        const auto hostSide = [&](int gpu, Offload where) {
            int target = -1;
            if (where == Offload::Nvme) {
                target = router.nearestInHost(gpu, DeviceKind::Nvme);
                missingNvme = missingNvme || target < 0;
            }
            return target >= 0 ? target : router.nearestInHost(gpu, DeviceKind::Cpu);
        };
        const auto copies = [&](bool toHost, double perParam, Offload where) {
            std::vector<Transfer> list;
            for (std::int64_t r = 0; r < ranks; ++r) {
                const double psi = stages[std::size_t(rankLayout.coord(r).pp)].per_gpu / double(n[1]);
                const int gpu = gpuOf(int(r));
                const int host = hostSide(gpu, where);
                if (host < 0)
                    continue;
                list.push_back(toHost ? Transfer{gpu, host, psi * perParam}
                                      : Transfer{host, gpu, psi * perParam});
            }
            CollectiveResult r = model.transfers(list);
            r.ranks = 1; // each GPU copies its own share; the groups are the GPUs copying at once
            r.groups = int(list.size());
            return r;
        };
        const double shareMax = psiMax / double(n[1]);
        const auto copyText = [&](bool toHost, double count, const CollectiveResult& r) {
            return [&, toHost, count, copying = r.groups] {
                CollectiveText t;
                t.bytesFormula = toHost ? "S = Ψ_gpu,max / N_d · g" : "S = Ψ_gpu,max / N_d · w";
                t.bytesSubstituted = num(psiMax) + " / " + std::to_string(n[1]) + " × " +
                                     num(toHost ? state.grads : state.weights) + " B";
                t.bytesSource =
                    "ZeRO-Offload (Ren et al., ATC'21) §4; ZeRO-Infinity (Rajbhandari et al., SC'21)";
                t.countFormula = count == 1 ? "n = 1" : count == double(m) ? "n = m" : "n = 2 · m";
                t.countSubstituted = count == 1           ? "1"
                                     : count == double(m) ? std::to_string(m)
                                                          : "2 × " + std::to_string(m);
                t.countSource =
                    "ZeRO-Offload (Ren et al., ATC'21) §4; ZeRO-Infinity (SC'21) parameter fetches";
                t.ranksFormula = "n = 1";
                t.ranksSubstituted = "1";
                t.groupsFormula = "G = N";
                t.groupsSubstituted = std::to_string(copying);
                t.groupSource = "ZeRO-Offload (Ren et al., ATC'21) §4: every GPU copies its own share";
                return t;
            };
        };
        if (offOpt) {
            const CollectiveResult d2h = copies(true, state.grads, par.offload_optimizer);
            const CollectiveResult h2d = copies(false, state.weights, par.offload_optimizer);
            record("offload", "d2h", shareMax * state.grads, rsCount, d2h, "copy",
                   copyText(true, rsCount, d2h));
            record("offload", "h2d", shareMax * state.weights, 1, h2d, "copy", copyText(false, 1, h2d));
            account(d2h, rsCount);
            account(h2d, 1);
        }
        if (offParams) {
            const CollectiveResult fetch = copies(false, state.weights, par.offload_params);
            record("offload", "h2d", shareMax * state.weights, 2.0 * double(m), fetch, "copy",
                   copyText(false, 2.0 * double(m), fetch));
            account(fetch, 2.0 * double(m));
        }
        if (missingNvme)
            warn(out.warnings, "comm.no_nvme",
                 "offload to NVMe, but the topology has no nvme device next to the GPUs; the copies are "
                 "routed "
                 "to the CPU");
    }

    const auto& links = graph.links();
    std::size_t worst = links.size();
    for (std::size_t l = 0; l < links.size(); ++l)
        if (table.busy[l] > 0 && (worst == links.size() || table.busy[l] > table.busy[worst]))
            worst = l;
    if (worst < links.size())
        out.bottleneck_link = links[worst].id;
    for (std::size_t l = 0; l < links.size(); ++l) {
        if (!(table.bytes[l] > 0))
            continue;
        // Without DETAIL only the links the step's figures read: the busiest and the collectives' bottlenecks.
        if (!detail && l != worst && !named[l])
            continue;
        const Link& link = links[l];
        CommLink row;
        row.id = link.id;
        if (detail) {
            row.a = graph.devices()[std::size_t(link.a)].id;
            row.b = graph.devices()[std::size_t(link.b)].id;
        }
        row.kind = link.kind;
        row.bandwidth_Bps = link.capacity();
        row.efficiency = link.efficiency;
        row.bytes_per_step = table.bytes[l];
        row.busy_s = table.busy[l];
        if (explain)
            explainLink(*explain, out.links.size(), row, linkTerms[l]);
        out.links.push_back(std::move(row));
    }
    if (explain)
        explainSerialTime(*explain, out);
    return out;
}

} // namespace ss
