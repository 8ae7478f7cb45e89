// SPDX-License-Identifier: GPL-3.0-or-later
#include "commexplain.h"

#include <string>

namespace ss {

namespace {

std::string num(double v)
{
    return explainNumber(v);
}

// "n = 1", "n = m" or "n = 2 · m" calls per step, and the numbers.
void countPerStep(CollectiveText& t, double count, std::int64_t m)
{
    t.countFormula = count == 1 ? "n = 1" : count == double(m) ? "n = m" : "n = 2 · m";
    t.countSubstituted = count == 1           ? "1"
                         : count == double(m) ? std::to_string(m)
                                              : "2 × " + std::to_string(m);
}

// RANKS per group in GROUPS_A × GROUPS_B groups: Megatron-LM's PTD-P layout of N = t · p · N_d GPUs.
void ptdpGroups(CollectiveText& t, const char* ranksFormula, std::int64_t ranks, const char* groupsFormula,
                std::int64_t groupsA, std::int64_t groupsB)
{
    t.ranksFormula = ranksFormula;
    t.ranksSubstituted = std::to_string(ranks);
    t.groupsFormula = groupsFormula;
    t.groupsSubstituted = std::to_string(groupsA) + " × " + std::to_string(groupsB);
    t.groupSource = "Narayanan et al., SC'21 §3 (PTD-P: N = t · p · N_d)";
}

// Data-parallel rows: N_d ranks per group (N_d · c with context parallelism), one group per tp rank of every
// stage.
void dataParallelGroups(CollectiveText& t, const TrafficContext& c)
{
    if (c.layout.n[3] > 1) {
        t.ranksFormula = "n = N_d · c";
        t.ranksSubstituted = std::to_string(c.layout.n[1]) + " × " + std::to_string(c.layout.n[3]);
        t.groupsFormula = "G = t · p";
        t.groupsSubstituted = std::to_string(c.layout.n[0]) + " × " + std::to_string(c.layout.n[2]);
        t.groupSource = "Megatron-Core parallel_state: the data-parallel group with context parallel";
        return;
    }
    ptdpGroups(t, "n = N_d", c.layout.n[1], "G = t · p", c.layout.n[0], c.layout.n[2]);
}

// Expert rows: ep ranks (or edp) per group, the rest of a stage's t · c · N_d ranks and p stages the groups.
void expertGroups(CollectiveText& t, const TrafficContext& c, bool dataParallel)
{
    const std::int64_t ranks = dataParallel ? c.layout.edp() : c.layout.ep;
    t.ranksFormula = dataParallel ? "n = t · c · N_d / (t_e · e)" : "n = e";
    t.ranksSubstituted = dataParallel
                             ? std::to_string(c.layout.n[0]) + " × " + std::to_string(c.layout.n[3]) + " × " +
                                   std::to_string(c.layout.n[1]) + " / (" + std::to_string(c.layout.etp) +
                                   " × " + std::to_string(c.layout.ep) + ")"
                             : std::to_string(ranks);
    t.groupsFormula = "G = t · c · N_d · p / n";
    t.groupsSubstituted = std::to_string(c.layout.n[0]) + " × " + std::to_string(c.layout.n[3]) + " × " +
                          std::to_string(c.layout.n[1]) + " × " + std::to_string(c.layout.n[2]) + " / " +
                          std::to_string(ranks);
    t.groupSource = "Megatron-Core parallel_state: expert groups (etp × ep × edp over tp × cp × dp)";
}

CollectiveText expertAllToAllText(const TrafficContext& c)
{
    const Scenario& sc = c.scenario;
    const ModelSpec& m = sc.model;
    CollectiveText t;
    // Copies of a token: k, or DeepEP's distinct places; bytes an element: expertAllToAllElementBytes().
    const bool deepep = sc.parallel.ep_dispatcher == EpDispatcher::DeepEp;
    const bool fp8 = sc.parallel.ep_fp8_dispatch;
    // The formula as the explanation table (views/explain) knows it, by dispatcher and FP8 dispatch.
    static const char* const kFormulas[2][2] = {
        {"S = b · s / (c · t) · k · h · e · f_load",
         "S = b · s / (c · t) · k · h · e · f_load, e = ((1 + 4/128) + e_16) / 2"},
        {"S = b · s / (c · t) · n_copies · h · e · f_load, n_copies = U · (1 − P_miss)",
         "S = b · s / (c · t) · n_copies · h · e · f_load, n_copies = U · (1 − P_miss), e = ((1 + 4/128) + "
         "e_16) / 2"}};
    t.bytesFormula = kFormulas[deepep ? 1 : 0][fp8 ? 1 : 0];
    const std::string copies =
        deepep ? num(expertDispatchCopies(sc, expertGroupHosts(c))) : std::to_string(m.experts_per_token);
    t.bytesSubstituted = num(c.b) + " × " + std::to_string(m.seq_len) + " / (" +
                         std::to_string(c.layout.n[3]) + " × " + std::to_string(c.layout.n[0]) + ") × " +
                         copies + " × " + num(c.h) + " × " + num(expertAllToAllElementBytes(sc)) + " B × " +
                         num(expertLoadFactor(m));
    t.bytesSource = deepep ? "DeepSeek-V3 (arXiv:2412.19437) §2.1.2 (group-limited routing), §3.2.2 (DeepEP: "
                             "one copy per node), §3.3.3 (FP8 dispatch); docs/engine-model.md \"Expert "
                             "parallelism\""
                           : "GShard (Lepikhin et al., ICLR'21) §2.2; Megatron-Core MoE all-to-all token "
                             "dispatcher";
    t.countFormula = "n = k_a2a · L_moe · m (k_a2a = 4; 6 with full recompute)";
    t.countSubstituted =
        num(expertCallsPerLayer(sc)) + " × " + std::to_string(c.maxMoeLayers) + " × " + std::to_string(c.m);
    t.countSource = "Megatron-Core MoE: dispatch and combine in forward and backward";
    expertGroups(t, c, false);
    return t;
}

CollectiveText contextParallelText(const TrafficContext& c, const TrafficRow& row)
{
    CollectiveText t;
    const bool gather = row.text == TrafficText::ContextParallelGather;
    t.bytesFormula = "S = c · 2 · b · s/c · w_kv / t · e";
    t.bytesSubstituted =
        std::to_string(c.layout.n[3]) + " × " + num(contextParallelKvBytes(c.scenario)) + " B";
    t.bytesSource = "Ring Attention (Liu et al., arXiv:2310.01889); Llama 3 (arXiv:2407.21783) §3.3.2";
    const bool full = c.scenario.training.recompute == Recompute::Full;
    t.countFormula = gather ? "n = (2 or 3 with full recompute) · L_stage · m" : "n = L_stage · m";
    t.countSubstituted = gather ? std::to_string(full ? 3 : 2) + " × " + std::to_string(c.maxLayers) + " × " +
                                      std::to_string(c.m)
                                : std::to_string(c.maxLayers) + " × " + std::to_string(c.m);
    t.countSource = "Megatron-Core context parallel (K/V forward, K/V and dK/dV backward)";
    t.ranksFormula = "n = c";
    t.ranksSubstituted = std::to_string(c.layout.n[3]);
    t.groupsFormula = "G = t · N_d · p";
    t.groupsSubstituted = std::to_string(c.layout.n[0]) + " × " + std::to_string(c.layout.n[1]) + " × " +
                          std::to_string(c.layout.n[2]);
    t.groupSource = "Megatron-Core parallel_state: context-parallel groups";
    return t;
}

CollectiveText tensorParallelText(const TrafficContext& c)
{
    const auto& n = c.layout.n;
    CollectiveText t;
    t.bytesFormula = "S = b · s · h · e";
    t.bytesSubstituted = num(c.b) + " × " + num(c.s) + " × " + num(c.h) + " × " + num(c.actBytes) + " B";
    t.bytesSource =
        c.scenario.parallel.sequence_parallel
            ? "Korthikanti et al., MLSys'23 §4.2.2 (sequence parallel: all-gather + reduce-scatter)"
            : "Narayanan et al., SC'21 §3 (2 all-reduces of b·s·h per layer, forward and backward)";
    t.countFormula = "n = k · L_stage · m (k = 4; 6 with full recompute)";
    t.countSubstituted = num(tensorParallelCallsPerLayer(c.scenario)) + " × " + std::to_string(c.maxLayers) +
                         " × " + std::to_string(c.m);
    t.countSource = "Narayanan et al., SC'21 §3; Korthikanti et al., MLSys'23 §5";
    ptdpGroups(t, "n = t", n[0], "G = N_d · p", n[1], n[2]);
    return t;
}

CollectiveText pipelineParallelText(const TrafficContext& c)
{
    const auto& n = c.layout.n;
    CollectiveText t;
    t.bytesFormula = "S = b · s · h · e / t";
    t.bytesSubstituted = num(c.b) + " × " + num(c.s) + " × " + num(c.h) + " × " + num(c.actBytes) + " B / " +
                         std::to_string(n[0]);
    t.bytesSource = "Narayanan et al., SC'21 §4.1 (scatter/gather: each tp rank sends 1/t)";
    t.countFormula = "n = 2 · m · v";
    t.countSubstituted = "2 × " + std::to_string(c.m) + " × " + std::to_string(c.v);
    t.countSource = "Narayanan et al., SC'21 §2.2 (one send forward, one backward per microbatch)";
    ptdpGroups(t, "n = p", n[2], "G = N_d · t", n[1], n[0]);
    return t;
}

CollectiveText parameterServerText(const TrafficContext& c, bool pushing)
{
    CollectiveText t;
    t.bytesFormula = pushing ? "S = Ψ_gpu,max · e_grad" : "S = Ψ_gpu,max · w";
    t.bytesSubstituted = num(c.psiMax) + " × " + num(pushing ? c.gradBytes : c.state.weights) + " B";
    t.bytesSource = "Li et al., OSDI'14 (workers push gradients, pull weights)";
    t.countFormula = "n = 1";
    t.countSubstituted = "1";
    t.countSource = "Li et al., OSDI'14";
    dataParallelGroups(t, c);
    return t;
}

CollectiveText dataParallelText(const TrafficContext& c, const TrafficRow& row)
{
    CollectiveText t;
    const bool experts = row.text == TrafficText::ExpertDataParallelGradients ||
                         row.text == TrafficText::ExpertDataParallelWeights;
    const bool grads = row.text == TrafficText::DataParallelGradients ||
                       row.text == TrafficText::ExpertDataParallelGradients;
    if (experts)
        t.bytesFormula = grads ? "S = Ψ_experts,max · e_grad" : "S = Ψ_experts,max · w";
    else
        t.bytesFormula = grads ? "S = Ψ_gpu,max · e_grad" : "S = Ψ_gpu,max · w";
    // What the row moved (dataparallel.cpp): the trainable parameters, or for ZeRO-3's gathers all weights.
    const bool all = !grads && c.zero >= 3;
    const double psi = experts ? (all ? c.psiGatherExpertMax : c.psiTrainExpertMax)
                               : (all ? c.psiGatherDenseMax : c.psiTrainDenseMax);
    t.bytesSubstituted = num(psi) + " × " + num(grads ? c.gradBytes : c.state.weights) + " B";
    t.bytesSource = grads ? "ZeRO (Rajbhandari et al., SC'20) §7; k-bit gradients move k/32 of fp32 "
                            "(1-bit Adam, Tang et al., ICML'21)"
                          : "ZeRO (Rajbhandari et al., SC'20) §7";
    countPerStep(t, row.count, c.m);
    t.countSource = "ZeRO (Rajbhandari et al., SC'20) §7; DeepSpeed ZeRO-2/3 reduce every microbatch";
    if (experts)
        expertGroups(t, c, true);
    else
        dataParallelGroups(t, c);
    return t;
}

CollectiveText offloadText(const TrafficContext& c, const TrafficRow& row)
{
    const bool toHost = row.text == TrafficText::OffloadToHost;
    CollectiveText t;
    t.bytesFormula = toHost ? "S = Ψ_gpu,max / N_d · g" : "S = Ψ_gpu,max / N_d · w";
    t.bytesSubstituted = num(c.psiMax) + " / " + std::to_string(c.layout.dpcp()) + " × " +
                         num(toHost ? c.state.grads : c.state.weights) + " B";
    t.bytesSource = "ZeRO-Offload (Ren et al., ATC'21) §4; ZeRO-Infinity (Rajbhandari et al., SC'21)";
    countPerStep(t, row.count, c.m);
    t.countSource = "ZeRO-Offload (Ren et al., ATC'21) §4; ZeRO-Infinity (SC'21) parameter fetches";
    t.ranksFormula = "n = 1";
    t.ranksSubstituted = "1";
    t.groupsFormula = "G = N";
    t.groupsSubstituted = std::to_string(row.result.groups);
    t.groupSource = "ZeRO-Offload (Ren et al., ATC'21) §4: every GPU copies its own share";
    return t;
}

} // namespace

CollectiveText trafficText(const TrafficContext& c, const TrafficRow& row)
{
    switch (row.text) {
    case TrafficText::TensorParallel:
        return tensorParallelText(c);
    case TrafficText::PipelineParallel:
        return pipelineParallelText(c);
    case TrafficText::ParameterServerPush:
    case TrafficText::ParameterServerPull:
        return parameterServerText(c, row.text == TrafficText::ParameterServerPush);
    case TrafficText::DataParallelGradients:
    case TrafficText::DataParallelWeights:
    case TrafficText::ExpertDataParallelGradients:
    case TrafficText::ExpertDataParallelWeights:
        return dataParallelText(c, row);
    case TrafficText::ExpertAllToAll:
        return expertAllToAllText(c);
    case TrafficText::ContextParallelGather:
    case TrafficText::ContextParallelReduce:
        return contextParallelText(c, row);
    case TrafficText::OffloadToHost:
    case TrafficText::OffloadToDevice:
        return offloadText(c, row);
    }
    return {};
}

} // namespace ss
