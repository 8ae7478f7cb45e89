// SPDX-License-Identifier: GPL-3.0-or-later
// buildStepModel(): the durations the step simulator runs on (stepsim.h).
#include "comm.h"
#include "memory.h"
#include "stepsim.h"
#include "workload.h"

#include <algorithm>
#include <array>
#include <cmath>
#include <cstring>

namespace ss {

double ScaledCall::seconds(double params) const
{
    if (!present() || !(reference > 0) || !(params > 0))
        return 0;
    return alpha_s + std::max(full_s - alpha_s, 0.0) * params / reference;
}

double ScaledCall::bytesFor(double params) const
{
    return present() && reference > 0 ? bytes * params / reference : 0;
}

namespace {

// The roofline (Williams, Waterman and Patterson, CACM 2009): a kernel takes the longer of its FLOPs at the
// achievable compute rate (peak × compute.efficiency) and its bytes at the HBM bandwidth.
struct Roofline
{
    double flops_per_s = 1;
    double bytes_per_s = 1;
    double time(double flops, double bytes) const
    {
        return std::max(flops / flops_per_s, bytes / bytes_per_s);
    }
};

// A GEMM of a (tokens × k) input with a (k × n) weight, COUNT times: 2·tokens·k·n FLOPs; it reads the input
// and the weight and writes the output, AB bytes per element. The same shapes transposed give its input- and
// weight-gradient GEMMs, so each costs this again in the backward. Small GEMMs (few tokens, or a thin slice
// of a weight) come out memory-bound.
double gemm(const Roofline& r, double tokens, double k, double n, double count, double ab)
{
    if (!(tokens > 0 && k > 0 && n > 0 && count > 0))
        return 0;
    return count * r.time(2 * tokens * k * n, ab * (tokens * k + k * n + tokens * n));
}

int findRow(const CommResult& comm, const char* group, const char* op, int nth = 0)
{
    for (std::size_t i = 0; i < comm.collectives.size(); ++i) {
        const CommCollective& c = comm.collectives[i];
        if (c.group == group && c.op == op && nth-- == 0)
            return int(i);
    }
    return -1;
}

ScaledCall scaledCall(const CommResult& comm, int row, double reference)
{
    ScaledCall call;
    if (row < 0)
        return call;
    const CommCollective& c = comm.collectives[std::size_t(row)];
    call.collective = row;
    call.alpha_s = std::clamp(c.alpha_s, 0.0, c.time_s);
    call.full_s = c.time_s;
    call.reference = reference;
    call.bytes = c.bytes;
    return call;
}

void add(std::vector<Segment>& out, SegmentStream stream, double seconds, int slot = 0)
{
    if (seconds > 0)
        out.push_back({stream, seconds, slot});
}

// What the durations of one microbatch's layer depend on, computed once from the scenario.
struct Shape
{
    Roofline roof;
    double ab = 2; // activation and weight element bytes
    double b = 1;  // micro batch
    double s = 1;  // sequence length
    double T = 1;  // tokens of a microbatch
    double h = 1;  // hidden size
    double t = 1;  // tensor-parallel ranks
    bool flash = false;
};

Shape shapeOf(const Scenario& sc)
{
    const TrainingSpec& tr = sc.training;
    Shape x;
    x.roof = {std::max(sc.cluster.gpu.peak_flops * sc.compute.efficiency, 1.0),
              std::max(sc.cluster.gpu.hbm_Bps, 1.0)};
    x.ab = tr.precision == Precision::Fp32 ? 4.0 : 2.0;
    x.b = double(tr.micro_batch);
    x.s = double(sc.model.seq_len);
    x.T = x.b * x.s;
    x.h = double(sc.model.hidden);
    x.t = double(std::max<std::int64_t>(sc.parallel.tp, 1));
    x.flash = tr.flash_attention;
    return x;
}

// The tensor-parallel collectives, one call each (comm.cpp: 4 per layer per microbatch, 6 with full
// recompute): their rows and bytes go into MODEL; returns one call's seconds by slot.
std::array<double, 2> tpCalls(StepModel& model, const CommResult& comm, bool sp)
{
    std::array<double, 2> tpTime{0, 0};
    const int ar = findRow(comm, "tp", "allreduce");
    const int ag = findRow(comm, "tp", "allgather");
    const int rs = findRow(comm, "tp", "reducescatter");
    if (sp) {
        model.tpCollectives = {ag, rs};
        model.tpBytes = {ag >= 0 ? comm.collectives[std::size_t(ag)].bytes : 0,
                         rs >= 0 ? comm.collectives[std::size_t(rs)].bytes : 0};
        tpTime[0] = ag >= 0 ? comm.collectives[std::size_t(ag)].time_s : 0;
        tpTime[1] = rs >= 0 ? comm.collectives[std::size_t(rs)].time_s : 0;
    } else {
        model.tpCollectives = {ar};
        model.tpBytes = {ar >= 0 ? comm.collectives[std::size_t(ar)].bytes : 0};
        tpTime[0] = ar >= 0 ? comm.collectives[std::size_t(ar)].time_s : 0;
    }
    return tpTime;
}

// The compute seconds of one layer on one tp rank, by block: forward, input gradient, weight gradient.
struct LayerTimes
{
    double attnF = 0, attnIn = 0, attnW = 0;
    double mlpF = 0, mlpIn = 0, mlpW = 0;
    double core = 0; // the attention core, what selective recompute repeats
};

// A transformer layer with Megatron-LM's column/row-parallel split (Narayanan et al. SC'21 §3).
LayerTimes transformerLayer(const ModelSpec& m, const Shape& x, const LayerFlops& flops)
{
    const Roofline& roof = x.roof;
    const double t = x.t, T = x.T, h = x.h, ab = x.ab, b = x.b, s = x.s;
    LayerTimes l;
    const double d = double(m.headDim());
    const double q = double(m.heads) * d;
    // Megatron-LM replicates key/value heads when tp exceeds them: each rank keeps at least one.
    const double kvRank = std::max(double(m.kv_heads) / t, 1.0) * d;
    const double qkv = gemm(roof, T, h, q / t + 2 * kvRank, 1, ab);
    const double out = gemm(roof, T, q / t, h, 1, ab);
    const double experts = double(std::max<std::int64_t>(m.experts, 1));
    const double active = double(std::clamp<std::int64_t>(m.experts_per_token, 1, std::int64_t(experts)));
    const double router = experts > 1 ? gemm(roof, T, h, experts, 1, ab) : 0;
    // Each expert sees the tokens routed to it: T·k/E on average.
    const double perExpert = T * active / experts;
    const double fc1 = gemm(roof, perExpert, h,
                            double(m.ffn_hidden) * (m.ffn_kind == FfnKind::Swiglu ? 2 : 1) / t, experts, ab);
    const double fc2 = gemm(roof, perExpert, double(m.ffn_hidden) / t, h, experts, ab);
    // The attention core, QKᵀ and scores·V: batched GEMMs over the a/t heads of this rank. Without fused
    // (flash) attention they write and read the b·(a/t)·s² score matrix; fused, only Q, K, V and the output.
    const double heads = double(m.heads) / t;
    const double coreBytes = x.flash ? ab * 4 * T * q / t : ab * (2 * b * heads * s * s + 4 * T * q / t);
    l.core = roof.time(flops.attention / t, coreBytes);
    l.attnF = qkv + l.core + out + router;
    l.attnIn = qkv + 2 * l.core + out + router; // the core's backward is two pairs of batched GEMMs
    l.attnW = qkv + out + router;
    l.mlpF = fc1 + fc2;
    l.mlpIn = fc1 + fc2;
    l.mlpW = fc1 + fc2;
    return l;
}

// A bare parameter count: a standard layer's 4h² attention and 8h² MLP weights, i.e. a third and two thirds
// of the layer, as h-wide GEMMs.
LayerTimes paramsLayer(const ModelSpec& m, const ParamCount& count, const Shape& x, const LayerFlops& flops)
{
    const Roofline& roof = x.roof;
    const double t = x.t, T = x.T, h = x.h, ab = x.ab, b = x.b, s = x.s;
    LayerTimes l;
    const double pl = count.per_layer;
    const double attn = gemm(roof, T, h, pl / 3 / h / t, 1, ab);
    const double mlp = gemm(roof, T, h, 2 * pl / 3 / h / t, 1, ab);
    const double scores = x.flash ? 0 : 2 * b * double(std::max<std::int64_t>(m.heads, 1)) / t * s * s;
    l.core = roof.time(flops.attention / t, ab * (scores + 4 * T * h / t));
    l.attnF = attn + l.core;
    l.attnIn = attn + 2 * l.core;
    l.attnW = attn;
    l.mlpF = l.mlpIn = l.mlpW = mlp;
    return l;
}

// The segments of one layer. Forward: attention block, its tp collective, MLP block, its collective (with
// sequence parallelism an all-gather before and a reduce-scatter after each block, Korthikanti et al.
// §4.2.2). The backward mirrors it, the MLP first. Full recompute repeats the layer's forward, collectives
// included (comm.cpp counts 6 per layer); selective recompute only the attention core (Korthikanti et al.
// §5).
StepUnit layerUnit(const LayerTimes& l, const std::array<double, 2>& tpTime, bool sp, Recompute recompute,
                   bool selective)
{
    StepUnit layer;
    const auto block = [&](std::vector<Segment>& out, double first, double second) {
        if (sp) {
            add(out, SegmentStream::Tp, tpTime[0], 0);
            add(out, SegmentStream::Compute, first);
            add(out, SegmentStream::Tp, tpTime[1], 1);
            add(out, SegmentStream::Tp, tpTime[0], 0);
            add(out, SegmentStream::Compute, second);
            add(out, SegmentStream::Tp, tpTime[1], 1);
        } else {
            add(out, SegmentStream::Compute, first);
            add(out, SegmentStream::Tp, tpTime[0], 0);
            add(out, SegmentStream::Compute, second);
            add(out, SegmentStream::Tp, tpTime[0], 0);
        }
    };
    block(layer.forward, l.attnF, l.mlpF);
    block(layer.backward, l.mlpIn + l.mlpW, l.attnIn + l.attnW);
    block(layer.backwardInput, l.mlpIn, l.attnIn);
    add(layer.backwardWeight, SegmentStream::Compute, l.mlpW + l.attnW);
    if (recompute == Recompute::Full)
        layer.recompute = layer.forward;
    else if (selective)
        add(layer.recompute, SegmentStream::Compute, l.core);
    return layer;
}

// The embedding on the first stage: a row gather forward and a scatter-add backward, memory-bound.
StepUnit embeddingUnit(const ParamCount& count, const Shape& x)
{
    StepUnit embedding;
    const double e = 2 * x.T * x.h * x.ab / x.roof.bytes_per_s;
    add(embedding.forward, SegmentStream::Compute, e);
    add(embedding.backward, SegmentStream::Compute, e);
    add(embedding.backwardWeight, SegmentStream::Compute, e);
    embedding.params = count.embedding / x.t + count.positions;
    return embedding;
}

// The output layer on the last stage: the vocab-parallel logits GEMM and the fp32 softmax cross-entropy over
// them (memory-bound: the logits written and read back).
StepUnit logitsUnit(const ModelSpec& m, const ParamCount& count, const Shape& x, int p)
{
    StepUnit logits;
    const double g = gemm(x.roof, x.T, x.h, double(m.vocab) / x.t, 1, x.ab);
    const double ce = 8 * x.T * double(m.vocab) / x.t / x.roof.bytes_per_s;
    add(logits.forward, SegmentStream::Compute, g + ce);
    add(logits.backward, SegmentStream::Compute, 2 * g + ce);
    add(logits.backwardInput, SegmentStream::Compute, g + ce);
    add(logits.backwardWeight, SegmentStream::Compute, g);
    // Megatron-LM keeps a copy of a tied embedding on the last stage when pp > 1 (workload.cpp).
    const double head = count.head > 0 ? count.head : (p > 1 ? count.embedding : 0);
    logits.params = head / x.t + count.final_norm;
    return logits;
}

// Layers per stage and chunk. Megatron-LM gives virtual stage c·p + i the c-th slice of stage i's layers; the
// embedding (unit 1) opens the first chunk, the output layer (unit 2) closes the last.
void assignChunkUnits(StepModel& model, std::int64_t modelLayers, bool transformer)
{
    const int p = model.pp;
    const std::vector<std::int64_t> layers = layersPerStage(std::max<std::int64_t>(modelLayers, 1), p);
    const int v = model.chunks;
    model.chunkUnits.assign(std::size_t(p), std::vector<std::vector<int>>(std::size_t(v)));
    for (int i = 0; i < p; ++i)
        for (int c = 0; c < v; ++c) {
            std::vector<int>& units = model.chunkUnits[std::size_t(i)][std::size_t(c)];
            const std::int64_t n = layers[std::size_t(i)] / v + (c < layers[std::size_t(i)] % v ? 1 : 0);
            if (transformer && i == 0 && c == 0)
                units.push_back(1);
            units.insert(units.end(), std::size_t(n), 0);
            if (transformer && i == p - 1 && c == v - 1)
                units.push_back(2);
        }
}

// The calls that move parameters: data parallel and ZeRO (comm.cpp; ZeRO §7), whose rows' calls move PSI_MAX
// parameters' worth, the gradient buckets, and the offload copies (comm.cpp: the optimizer's d2h and h2d rows
// first, then the parameter fetches).
void parameterCalls(StepModel& model, const Scenario& sc, const CommResult& comm, double psiMax)
{
    const ParallelSpec& par = sc.parallel;
    const TrainingSpec& tr = sc.training;
    const int zero = std::clamp(par.zero_stage, 0, 3);
    model.overlapGradReduce = tr.overlap_grad_reduce;
    model.reducePerMicrobatch = zero >= 2;
    const int push = findRow(comm, "dp", "push");
    if (push >= 0) {
        model.parameterServer = true;
        model.gradReduce = scaledCall(comm, push, psiMax);
        model.finalGather = scaledCall(comm, findRow(comm, "dp", "pull"), psiMax);
    } else if (zero == 0) {
        model.gradReduce = scaledCall(comm, findRow(comm, "dp", "allreduce"), psiMax);
    } else if (zero <= 2) {
        model.gradReduce = scaledCall(comm, findRow(comm, "dp", "reducescatter"), psiMax);
        model.finalGather = scaledCall(comm, findRow(comm, "dp", "allgather"), psiMax);
    } else {
        model.gradReduce = scaledCall(comm, findRow(comm, "dp", "reducescatter"), psiMax);
        model.paramGather = scaledCall(comm, findRow(comm, "dp", "allgather"), psiMax);
    }
    // Gradient buckets: half the scenario's bucket allowance (two buckets in flight, PyTorch DDP's 25 MiB
    // each).
    const double gradBytes = std::max(double(tr.grad_comm_bits) / 8.0, 1.0 / 8.0);
    model.bucketParams = std::max(sc.overheads.grad_bucket_bytes / 2, 0.0) / gradBytes;

    const bool offOpt = par.offload_optimizer != Offload::None && zero >= 1;
    const bool offParams = par.offload_params != Offload::None && zero == 3;
    if (offOpt) {
        model.d2h = scaledCall(comm, findRow(comm, "offload", "d2h"), psiMax);
        model.h2dOptimizer = scaledCall(comm, findRow(comm, "offload", "h2d", 0), psiMax);
    }
    if (offParams)
        model.h2dParams = scaledCall(comm, findRow(comm, "offload", "h2d", offOpt ? 1 : 0), psiMax);
}

// The optimizer step streams its states: it reads the gradients, reads and writes the optimizer states (K
// bytes per parameter, fp32 master weights included in mixed precision, ZeRO §3.1) and writes the weights
// (fp32 training reads and writes them, having no master copy): memory-bound on the GPU, on the host bound by
// host memory bandwidth, the node's GPUs sharing it. The host holds fp32 gradients (ZeRO-Offload §4.1), 4
// bytes per parameter.
void optimizerSteps(StepModel& model, const Scenario& sc, const Roofline& roof)
{
    const ParallelSpec& par = sc.parallel;
    const TrainingSpec& tr = sc.training;
    const double dp = double(std::max<std::int64_t>(par.dp, 1));
    const int zero = std::clamp(par.zero_stage, 0, 3);
    const bool offOpt = par.offload_optimizer != Offload::None && zero >= 1;
    const StateBytes state = stateBytesPerParam(tr.precision, tr.optimizer);
    const bool mixed = tr.precision == Precision::Bf16Mixed || tr.precision == Precision::Fp16Mixed ||
                       tr.precision == Precision::Fp8Mixed;
    const double gpuBytes = state.grads + 2 * state.optimizer + (mixed ? 1 : 2) * state.weights;
    const double hostBytes = 4 + 2 * state.optimizer + state.weights;
    const double perNode = double(std::clamp<std::int64_t>(sc.cluster.gpus_per_node, 1, sc.gpus()));
    for (int i = 0; i < model.pp; ++i) {
        const double n = model.stageParams[std::size_t(i)] / (zero >= 1 ? dp : 1.0);
        // With a parameter server the servers apply the update (Li et al., OSDI'14): nothing on the GPU.
        double gpu = 0, host = 0;
        if (offOpt && !model.parameterServer)
            host = perNode * n * hostBytes / kHostMemoryBps;
        else if (!model.parameterServer)
            gpu = n * gpuBytes / roof.bytes_per_s;
        model.optimizerSeconds.push_back(gpu);
        model.cpuOptimizerSeconds.push_back(host);
    }
}

} // namespace

StepModel buildStepModel(const Scenario& sc, std::int64_t microbatches, const CommResult& comm)
{
    StepModel model;
    const ModelSpec& m = sc.model;
    const ParallelSpec& par = sc.parallel;
    const TrainingSpec& tr = sc.training;
    const int p = int(std::max<std::int64_t>(par.pp, 1));
    model.schedule = par.schedule;
    model.pp = p;
    model.microbatches = int(std::clamp<std::int64_t>(microbatches, 1, 1 << 30));
    model.chunks = chunksOf(par.schedule, par.virtual_stages);
    const bool selective = tr.recompute == Recompute::Selective && !tr.flash_attention;
    model.recompute = tr.recompute == Recompute::Full || selective;

    const Shape x = shapeOf(sc);
    const ParamCount count = countParams(m);
    const bool sp = par.sequence_parallel && x.t > 1;
    const std::array<double, 2> tpTime = tpCalls(model, comm, sp);

    // One transformer layer on one tp rank, and the units at the ends of the pipeline.
    const LayerFlops flops = layerForwardFlops(m, x.b);
    const bool transformer = m.kind == ModelKind::Transformer;
    const LayerTimes times = transformer ? transformerLayer(m, x, flops) : paramsLayer(m, count, x, flops);
    StepUnit layer = layerUnit(times, tpTime, sp, tr.recompute, selective);
    layer.params = count.per_layer_split / x.t + count.per_layer_replicated;
    model.units = {layer, transformer ? embeddingUnit(count, x) : StepUnit{},
                   transformer ? logitsUnit(m, count, x, p) : StepUnit{}};
    assignChunkUnits(model, m.layers, transformer);

    const std::vector<StageParams> stages = stageParams(sc);
    double psiMax = 0;
    for (const StageParams& st : stages) {
        model.stageParams.push_back(st.per_gpu);
        psiMax = std::max(psiMax, st.per_gpu);
    }
    for (int i = 0; i < p; ++i)
        model.gpuOfStage.push_back(int(rankOf(par, {0, 0, i})));

    // Pipeline sends: one call of comm's "pp sendrecv" row per boundary crossing.
    if (const int row = findRow(comm, "pp", "sendrecv"); row >= 0) {
        model.ppCollective = row;
        model.pp_s = comm.collectives[std::size_t(row)].time_s;
        model.ppBytes = comm.collectives[std::size_t(row)].bytes;
    }
    parameterCalls(model, sc, comm, psiMax);
    optimizerSteps(model, sc, x.roof);
    return model;
}

} // namespace ss
