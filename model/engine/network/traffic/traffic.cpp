// SPDX-License-Identifier: GPL-3.0-or-later
#include "traffic.h"

#include <algorithm>

namespace ss {

void warn(std::vector<Warning>& out, std::string code, std::string message, std::vector<std::string> args)
{
    out.push_back({std::move(code), std::move(message), std::move(args)});
}

void Traffic::add(TrafficRow row)
{
    if (!row.result.ok()) {
        warn(warnings, "comm.no_route", std::string(row.group) + " " + row.op + ": " + row.result.error,
             {row.group, row.op, row.result.error});
        return;
    }
    rows.push_back(std::move(row));
}

const CollectiveResult* TrafficContext::remembered(CommCache::Call call, CollectiveOp op,
                                                   CollectiveAlgorithm algorithm, int variant, double bytes,
                                                   const std::vector<double>& scale) const
{
    for (const CommCache::Entry& e : cache.entries)
        if (e.call == call && e.op == op && e.algorithm == algorithm && e.variant == variant &&
            e.bytes == bytes && e.scale == scale)
            return &e.result;
    return nullptr;
}

const CollectiveResult& TrafficContext::remember(CommCache::Call call, CollectiveOp op,
                                                 CollectiveAlgorithm algorithm, int variant, double bytes,
                                                 const std::vector<double>& scale,
                                                 CollectiveResult result) const
{
    // A layout's sizes meet a few dozen distinct calls; more means a caller that changes them all the time.
    constexpr std::size_t kEntries = 256;
    if (cache.entries.size() >= kEntries)
        cache.entries.clear();
    return cache.entries
        .emplace_back(CommCache::Entry{call, op, algorithm, variant, bytes, scale, std::move(result)})
        .result;
}

CollectiveResult TrafficContext::collective(CommCache::Call call, CollectiveOp op, double bytes,
                                            CollectiveAlgorithm algorithm,
                                            const std::vector<double>& scale) const
{
    if (const CollectiveResult* known = remembered(call, op, algorithm, 0, bytes, scale))
        return *known;
    const ParallelGroups& g = cache.gpus;
    const std::vector<std::vector<int>>* groups = &g.tp;
    switch (call) {
    case CommCache::Call::Tp:
        break;
    case CommCache::Call::Dp:
        groups = &g.dp;
        break;
    case CommCache::Call::Edp:
        groups = &g.edp;
        break;
    case CommCache::Call::Ep:
        groups = &g.ep;
        break;
    case CommCache::Call::Cp:
        groups = &g.cp;
        break;
    case CommCache::Call::PpForward:
    case CommCache::Call::PpBackward:
        groups = &g.pp;
        break;
    }
    return remember(call, op, algorithm, 0, bytes, scale,
                    model.collective(op, bytes, *groups, algorithm, scale));
}

TrafficContext trafficContext(const Scenario& sc, std::int64_t microbatches, CommModel& model,
                              const RankLayout& layout, CommCache& cache)
{
    const ParallelSpec& par = sc.parallel;
    const auto& n = layout.n;
    TrafficContext c{.scenario = sc, .model = model, .layout = layout, .cache = cache, .groups = cache.ranks};
    c.ranks = layout.ranks();
    c.m = std::max<std::int64_t>(microbatches, 1);
    c.v = par.schedule == Schedule::Interleaved ? std::max<std::int64_t>(par.virtual_stages, 1) : 1;
    c.state = stateBytesPerParam(sc.training.precision, sc.training.optimizer);
    c.actBytes = sc.training.precision == Precision::Fp32 ? 4.0 : 2.0;
    // 32 bits is fp32 (Megatron-LM's default main-grad reduction), 16 the training type; quantised
    // gradients of k bits move k/32 of the fp32 volume (1-bit Adam, Tang et al., ICML'21).
    c.gradBytes = double(sc.training.grad_comm_bits) / 8.0;
    c.b = double(sc.training.micro_batch);
    c.s = double(sc.model.seq_len) / double(n[3]);
    c.h = double(sc.model.hidden);
    c.stages = stageParams(sc);
    const std::vector<std::int64_t> layers = layersPerStage(sc);
    c.maxLayers = *std::max_element(layers.begin(), layers.end());
    // Per-stage gradients differ (embedding, head): a dp group moves its stage's share of the largest.
    for (const StageParams& st : c.stages) {
        c.psiMax = std::max(c.psiMax, st.per_gpu);
        c.psiDenseMax = std::max(c.psiDenseMax, st.per_gpu - st.expert_per_gpu);
        c.psiExpertMax = std::max(c.psiExpertMax, st.expert_per_gpu);
        const bool lora = sc.training.lora();
        const StageWeightBytes wb = stageWeightBytes(st, sc, c.state.weights);
        c.psiTrainDenseMax = std::max(c.psiTrainDenseMax, st.trainable_per_gpu - st.trainable_expert_per_gpu);
        c.psiTrainExpertMax = std::max(c.psiTrainExpertMax, st.trainable_expert_per_gpu);
        c.psiGatherDenseMax = std::max(c.psiGatherDenseMax, lora ? (wb.total() - wb.expert) / c.state.weights
                                                                 : st.per_gpu - st.expert_per_gpu);
        c.psiGatherExpertMax =
            std::max(c.psiGatherExpertMax, lora ? wb.expert / c.state.weights : st.expert_per_gpu);
        c.maxMoeLayers = std::max(
            c.maxMoeLayers, st.moe_layers + (st.mtp ? std::max<std::int64_t>(sc.model.mtp_layers, 0) : 0));
    }
    c.zero = std::clamp(par.zero_stage, 0, 3);
    // ZeRO-2/3 keep only their gradient shard, so DeepSpeed reduces every microbatch; plain DP and ZeRO-1
    // keep full gradients and reduce once per step.
    c.rsCount = c.zero >= 2 ? double(c.m) : 1.0;
    const auto& devices = model.graph().devices();
    for (std::size_t d = 0; d < devices.size(); ++d)
        if (devices[d].kind == DeviceKind::Ps)
            c.servers.push_back(int(d));
    c.parameterServerAsked = par.dp_sync == DpSync::ParameterServer && n[1] > 1;
    return c;
}

} // namespace ss
