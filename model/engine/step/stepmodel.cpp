// SPDX-License-Identifier: GPL-3.0-or-later
// buildStepModel(): the durations the step simulator runs on (stepsim.h).
#include "comm.h"
#include "gpucatalog.h"
#include "kernels.h"
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
    const KernelModel* km = nullptr;
    GemmType gt = GemmType::Half; // the linear layers' GEMMs: FP8 (or FP4) under fp8-mixed
    bool quantize =
        false;     // fp8-mixed: each GEMM input is cast to FP8 first (read 2 B, write 1 B per element)
    double ab = 2; // activation and weight element bytes
    double b = 1;  // micro batch
    double s = 1;  // sequence length
    double cp = 1; // context-parallel ranks: each holds s/cp tokens of a sequence
    double T = 1;  // tokens of a microbatch one rank holds, b·s/cp
    double nt = 1; // tokens the replicated kernels (norms, residual adds) see: T/t with sequence parallelism
    double h = 1;  // hidden size
    double t = 1;  // tensor-parallel ranks
    bool flash = false;
    // LoRA, QLoRA: the base weights get no weight gradient; the adapters of TARGETS (rank R) add their GEMMs;
    // a quantized base is dequantized to 16 bits before each use, DEQUANT bytes per weight (read and
    // written).
    bool frozen = false;
    std::uint32_t targets = 0;
    double rank = 0;
    double dequant = 0;
};

Shape shapeOf(const Scenario& sc, const KernelModel& km)
{
    const TrainingSpec& tr = sc.training;
    const GpuSpec& gpu = sc.cluster.gpu;
    Shape x;
    x.km = &km;
    x.ab = tr.precision == Precision::Fp32 ? 4.0 : 2.0;
    if (tr.precision == Precision::Fp8Mixed && gpu.peak_fp8_flops > 0) {
        // FP8 training runs the linear layers' forward, input-gradient and weight-gradient GEMMs in FP8 and
        // keeps attention and the rest in BF16 (Transformer Engine; DeepSeek-V3, arXiv:2412.19437 §3.3).
        // NVFP4 runs them at the FP4 peak (4-bit elements).
        const bool fp4 = tr.fp8_recipe == Fp8Recipe::Nvfp4 && gpu.peak_fp4_flops > 0;
        x.gt = fp4 ? GemmType::Fp4 : GemmType::Fp8;
        x.quantize = true;
    }
    x.b = double(tr.micro_batch);
    x.s = double(sc.model.seq_len);
    x.cp = double(std::max<std::int64_t>(sc.parallel.cp, 1));
    x.T = x.b * x.s / x.cp;
    x.h = double(sc.model.hidden);
    x.t = double(std::max<std::int64_t>(sc.parallel.tp, 1));
    x.nt = sc.parallel.sequence_parallel && x.t > 1 ? x.T / x.t : x.T;
    x.flash = tr.flash_attention;
    if (tr.lora()) {
        x.frozen = true;
        x.targets = tr.lora_targets;
        x.rank = double(std::max<std::int64_t>(tr.lora_rank, 0));
        // bitsandbytes dequantizes a 4-bit (or 8-bit) weight to bf16 before the GEMM in training (batch > 1):
        // it reads the code and constants and writes 2 bytes per weight (QLoRA §3; bitsandbytes' MatMul4Bit).
        if (tr.baseBits() < 16) {
            const QuantBytes q = quantizedBytes(tr, x.h);
            x.dequant = q.data + q.constants + 2;
        }
    }
    return x;
}

// Which pass a GEMM belongs to: the forward Y = XW (tokens × k by k × n), the input gradient dX = dY·Wᵀ
// (tokens × n by n × k) or the weight gradient dW = Xᵀ·dY (k × tokens by tokens × n). The same FLOPs in
// three shapes, which the kernel model prices apart.
enum Pass : int
{
    kForward = 0,
    kInputGrad = 1,
    kWeightGrad = 2
};

// One GEMM of PASS, COUNT times (a grouped GEMM over COUNT experts), 16-bit.
double gemm16(const Shape& x, int pass, double tokens, double k, double n, double count, KernelTally* tally,
              KernelClass cls = KernelClass::Gemm)
{
    const KernelModel& km = *x.km;
    switch (pass) {
    case kForward:
        return km.gemm(tokens, n, k, count, GemmType::Half, tally, cls);
    case kInputGrad:
        return km.gemm(tokens, k, n, count, GemmType::Half, tally, cls);
    default:
        return km.gemm(k, n, tokens, count, GemmType::Half, tally, cls);
    }
}

// A linear layer's GEMM of PASS in the linear layers' type, with the cast of its input to FP8 when the
// recipe needs one (a memory-bound pass over the tokens × k input).
double linear(const Shape& x, int pass, double tokens, double k, double n, KernelTally* tally,
              double count = 1)
{
    const KernelModel& km = *x.km;
    const double cast = x.quantize && tokens > 0 && k > 0
                            ? km.stream(count * 3 * tokens * k, KernelClass::Memory, tally, true)
                            : 0;
    double g = 0;
    switch (pass) {
    case kForward:
        g = km.gemm(tokens, n, k, count, x.gt, tally);
        break;
    case kInputGrad:
        g = km.gemm(tokens, k, n, count, x.gt, tally);
        break;
    default:
        g = km.gemm(k, n, tokens, count, x.gt, tally);
        break;
    }
    return g + cast;
}

// LoRA's adapters in one layer and the dequantization of a quantized base, added to the attention block's
// and the MLP's seconds of each pass (PER_EXPERT tokens reach each of LOCAL routed experts, split over ETP).
// An adapter on Linear(in, out) is two GEMMs, tokens × in × r and tokens × r × out, in 16 bits, in each of
// the forward, input-gradient and weight-gradient passes; column-parallel layers split out, row-parallel
// ones (o, down) split in, over tp.
void loraLayer(const ModelSpec& m, const Shape& x, bool moe, double perExpert, double local, double etp,
               KernelTally* const tally[3], double attn[3], double mlp[3])
{
    if (!x.frozen)
        return;
    const KernelModel& km = *x.km;
    double weightsAttn = 0, weightsMlp = 0;
    for (const LoraModule& mod : loraModules(m, moe)) {
        const bool row = mod.target == kLoraO || mod.target == kLoraDown || (mod.experts && mod.out == x.h);
        const double split = mod.experts ? etp : x.t;
        const double in = row ? mod.in / split : mod.in, out = row ? mod.out : mod.out / split;
        const double tokens = mod.experts ? perExpert : x.T;
        const double count = mod.experts ? local : mod.count;
        (mod.attention ? weightsAttn : weightsMlp) += count * in * out;
        if (!(mod.target & x.targets) || !(x.rank > 0))
            continue;
        double* block = mod.attention ? attn : mlp;
        for (int pass = 0; pass < 3; ++pass)
            block[pass] += gemm16(x, pass, tokens, in, x.rank, count, tally[pass]) +
                           gemm16(x, pass, tokens, x.rank, out, count, tally[pass]);
    }
    if (x.dequant > 0)
        for (int pass = 0; pass < 2; ++pass) { // forward and input gradient each need the 16-bit weights
            attn[pass] += km.stream(weightsAttn * x.dequant, KernelClass::Memory, tally[pass]);
            mlp[pass] += km.stream(weightsMlp * x.dequant, KernelClass::Memory, tally[pass]);
        }
}

// The collectives inside a layer, one call each, by CommSlot: their rows and bytes go into MODEL; returns one
// call's seconds by slot.
std::array<double, kCommSlots> commCalls(StepModel& model, const CommResult& comm, bool sp)
{
    std::array<double, kCommSlots> time{};
    std::array<int, kCommSlots> rows{};
    if (sp) {
        rows[kSlotTp0] = findRow(comm, "tp", "allgather");
        rows[kSlotTp1] = findRow(comm, "tp", "reducescatter");
    } else {
        rows[kSlotTp0] = findRow(comm, "tp", "allreduce");
        rows[kSlotTp1] = -1;
    }
    rows[kSlotEp] = findRow(comm, "ep", "alltoall");
    rows[kSlotCpGather] = findRow(comm, "cp", "allgather");
    rows[kSlotCpReduce] = findRow(comm, "cp", "reducescatter");
    model.tpCollectives.assign(rows.begin(), rows.end());
    model.tpBytes.assign(kCommSlots, 0.0);
    for (int k = 0; k < kCommSlots; ++k)
        if (rows[std::size_t(k)] >= 0) {
            model.tpBytes[std::size_t(k)] = comm.collectives[std::size_t(rows[std::size_t(k)])].bytes;
            time[std::size_t(k)] = comm.collectives[std::size_t(rows[std::size_t(k)])].time_s;
        }
    return time;
}

// The compute seconds of one layer on one tp rank, by block: forward, input gradient, weight gradient; and
// the same seconds by kernel class.
struct LayerTimes
{
    double attnF = 0, attnIn = 0, attnW = 0;
    double mlpF = 0, mlpIn = 0, mlpW = 0;
    double core = 0;      // the attention core's forward
    double selective = 0; // what selective recompute redoes: the core (unless fused), MLA's up-projections,
                          // the experts' SwiGLU
    double experts = 0;   // of the MLP, the routed experts' forward (between dispatch and combine)
    bool moe = false;
    double attnGemmF = 0, attnGemmB = 0, mlpGemmF = 0,
           mlpGemmB = 0; // the blocks' GEMMs, forward and backward
    // By kernel class: forward, input gradient (with the backward's memory-bound kernels), weight gradient,
    // and what selective recompute redoes.
    KernelTally forward, input, weight, recompute;
};

// The attention projections of one rank in PASS: Megatron-LM's column/row-parallel Q/K/V and O; MLA's
// down-projections (replicated on every tp rank) and up-projections (split).
double attentionProjections(const ModelSpec& m, const Shape& x, int pass, KernelTally* tally,
                            double* upProjections = nullptr)
{
    const double t = x.t, T = x.T, h = x.h;
    const double a = double(m.heads);
    if (m.attention == AttentionKind::Mla) {
        const double qk = double(m.qk_nope_head_dim + m.qk_rope_head_dim), v = double(m.v_head_dim);
        const double ql = double(m.q_lora_rank), kvl = double(m.kv_lora_rank);
        KernelTally up;
        const double qUp = ql > 0 ? linear(x, pass, T, ql, a * qk / t, &up) : 0;
        const double kvUp = linear(x, pass, T, kvl, a * (double(m.qk_nope_head_dim) + v) / t, &up);
        if (upProjections)
            *upProjections = qUp + kvUp;
        if (tally)
            *tally += up;
        const double q =
            ql > 0 ? linear(x, pass, T, h, ql, tally) + qUp : linear(x, pass, T, h, a * qk / t, tally);
        const double kv = linear(x, pass, T, h, kvl + double(m.qk_rope_head_dim), tally) + kvUp;
        return q + kv + linear(x, pass, T, a * v / t, h, tally);
    }
    const double d = double(m.headDim());
    const double q = a * d;
    // Megatron-LM replicates key/value heads when tp exceeds them: each rank keeps at least one.
    const double kvRank = std::max(double(m.kv_heads) / t, 1.0) * d;
    return linear(x, pass, T, h, q / t + 2 * kvRank, tally) + linear(x, pass, T, q / t, h, tally);
}

// The attention core of one rank, forward (and its repeat under selective recompute) and backward: QKᵀ and
// scores·V over the a/t heads of this rank, its s/cp queries against all s keys.
// - Fused (flash): the architecture's kernel (kernels.h) reading Q, K, V and writing the output.
// - Unfused (Megatron-LM before fused attention): batched GEMMs writing and reading the b·(a/t)·(s/cp)·s
//   score matrix, with the scale-mask-softmax and dropout passes over it (2 B read and written each, the
//   dropout mask 1 B); the backward has four batched GEMMs and the two passes' gradients.
// The flat roofline keeps its one term: the FLOPs against the bytes of the scores (or of Q, K, V, O).
struct CoreTimes
{
    double forward = 0, backward = 0;
};

CoreTimes attentionCore(const ModelSpec& m, const Shape& x, double flops, KernelTally* forward,
                        KernelTally* backward)
{
    const KernelModel& km = *x.km;
    const double heads = double(m.heads) / x.t;
    const double qkv = (attentionQkWidth(m) * 2 + attentionVWidth(m) * 2) / x.t;
    const double sq = x.s / x.cp, sk = x.s;
    const double scores = x.b * heads * sq * sk;
    const double ab = x.ab;
    CoreTimes c;
    if (km.flat()) {
        const double bytes = x.flash ? ab * x.T * qkv : ab * (2 * scores + x.T * qkv);
        // The backward is two pairs of batched GEMMs: the forward's cost twice.
        c.forward = km.roofline(flops, bytes, KernelClass::Attention, forward);
        c.backward = km.roofline(flops, bytes, KernelClass::Attention, backward) +
                     km.roofline(flops, bytes, KernelClass::Attention, backward);
        return c;
    }
    const double a = std::max(double(m.heads), 1.0);
    const double dqk = attentionQkWidth(m) / a, dv = attentionVWidth(m) / a;
    if (x.flash) {
        const double io = ab * x.T * qkv;
        c.forward = km.fusedAttention(flops, io, sk, dqk, false, forward);
        c.backward = km.fusedAttention(flops, 2 * io, sk, dqk, true, backward);
        return c;
    }
    const double batch = x.b * heads;
    const auto gemm = [&](double mm, double n, double k, KernelTally* tally) {
        return km.gemm(mm, n, k, batch, GemmType::Half, tally, KernelClass::Attention);
    };
    const double softmax = 2 * ab * scores, dropout = (2 * ab + 1) * scores;
    c.forward = gemm(sq, sk, dqk, forward) + km.stream(softmax, KernelClass::Attention, forward) +
                km.stream(dropout, KernelClass::Attention, forward) + gemm(sq, dv, sk, forward);
    c.backward = gemm(sq, sk, dv, backward) + gemm(sk, dv, sq, backward) +
                 km.stream(dropout, KernelClass::Attention, backward) +
                 km.stream(3 * ab * scores, KernelClass::Attention, backward) + gemm(sq, dqk, sk, backward) +
                 gemm(sk, dqk, sq, backward);
    return c;
}

// The memory-bound kernels of a layer beside its GEMMs and attention, per block and pass (kernel model
// only): each norm reads and writes the nt × h activations (its backward also reads the gradient); the
// bias-dropout-add after each block reads the output and the residual and writes the sum and the 1-byte
// mask (backward: gradient and mask in, gradient out); rotary rewrites Q and K; the activation reads its
// input(s) and writes its output (GeLU 1 in, SwiGLU 2 in; backward reads those and the gradient).
struct Elementwise
{
    double attnF = 0, attnB = 0, mlpF = 0, mlpB = 0;
};

// Bytes one norm's forward moves: it reads and writes the nt × h activations.
double normBytes(const Shape& x)
{
    return 2 * x.ab * x.nt * x.h;
}

Elementwise elementwise(const ModelSpec& m, const Shape& x, double activationElems, bool swiglu,
                        KernelTally* forward, KernelTally* backward)
{
    const KernelModel& km = *x.km;
    Elementwise e;
    if (km.flat())
        return e;
    const double ab = x.ab, nh = x.nt * x.h;
    const auto f = [&](double bytes) { return km.stream(bytes, KernelClass::Memory, forward); };
    const auto b = [&](double bytes) { return km.stream(bytes, KernelClass::Memory, backward); };
    const double norms = double(std::clamp<std::int64_t>(m.norms_per_layer, 1, 2));
    const double rope = m.position_embedding == PositionEmbedding::Rotary
                            ? 2 * ab * x.T * (attentionQkWidth(m) + double(m.kv_heads) * m.headDim()) / x.t
                            : 0;
    e.attnF = f(normBytes(x)) + f(rope) + f((3 * ab + 1) * nh);
    e.attnB = b(3 * ab * nh) + b(rope) + b((2 * ab + 1) * nh);
    e.mlpF =
        (norms > 1 ? f(normBytes(x)) : 0) + f((swiglu ? 3 : 2) * ab * activationElems) + f((3 * ab + 1) * nh);
    e.mlpB =
        (norms > 1 ? b(3 * ab * nh) : 0) + b((swiglu ? 5 : 3) * ab * activationElems) + b((2 * ab + 1) * nh);
    return e;
}

// A transformer layer with Megatron-LM's column/row-parallel split (Narayanan et al. SC'21 §3); a MoE layer's
// routed experts as grouped GEMMs over the rank's E/ep experts, each seeing its share of the ep group's
// tokens times the load factor (the busiest rank sets the pace), tensor-parallel over etp.
LayerTimes transformerLayer(const Scenario& sc, const Shape& x, const LayerFlops& flops, bool moe)
{
    const ModelSpec& m = sc.model;
    const KernelModel& km = *x.km;
    const double t = x.t, T = x.T, h = x.h, ab = x.ab;
    LayerTimes l;
    l.moe = moe && m.moe();
    KernelTally* tf = &l.forward;
    KernelTally* tb = &l.input;
    const auto tallyOf = [&](int pass) {
        return pass == kForward ? tf : pass == kInputGrad ? tb : &l.weight;
    };
    double up = 0;
    double proj[3];
    for (int pass = 0; pass < 3; ++pass)
        proj[pass] = x.frozen && pass == kWeightGrad // a frozen base computes no weight gradient
                         ? 0.0
                         : attentionProjections(m, x, pass, tallyOf(pass), pass == kForward ? &up : nullptr);
    const bool selective = sc.training.recompute == Recompute::Selective;
    const CoreTimes core = attentionCore(m, x, flops.attention / t / x.cp, tf, tb);
    l.core = core.forward;
    const bool swiglu = m.ffn_kind == FfnKind::Swiglu;
    const double ffnWidth = swiglu ? 2 : 1;
    double mlp[3] = {0, 0, 0};
    double activation = 0; // elements the activation function sees
    if (l.moe) {
        const double E = double(m.experts),
                     k = double(std::clamp<std::int64_t>(m.experts_per_token, 1, m.experts));
        const double ep = double(std::max<std::int64_t>(sc.parallel.ep, 1));
        const double etp = double(std::max<std::int64_t>(sc.parallel.expertTp(), 1));
        const double fe = double(m.expertFfn());
        // Each rank holds T/t tokens (sequence parallel), gathered over etp; its E/ep experts get k of
        // every token's choices from the ep group, times the load factor.
        const double perExpert = T / t * etp * k * expertLoadFactor(m) * ep / E;
        const double local = E / ep;
        const double shared = double(m.shared_experts) * fe;
        for (int pass = 0; pass < 3; ++pass) {
            if (x.frozen && pass == kWeightGrad)
                continue;
            KernelTally* tally = tallyOf(pass);
            const double router = gemm16(x, pass, T / t, h, E, 1, tally);
            const double experts = linear(x, pass, perExpert, h, fe * ffnWidth / etp, tally, local) +
                                   linear(x, pass, perExpert, fe / etp, h, tally, local);
            const double sharedTime = shared > 0 ? linear(x, pass, T, h, shared * ffnWidth / t, tally) +
                                                       linear(x, pass, T, shared / t, h, tally)
                                                 : 0;
            if (pass == kForward)
                l.experts = experts;
            mlp[pass] = router + experts + sharedTime;
        }
        activation = perExpert * local * fe / etp + T * shared / t;
        KernelTally* const tallies[3] = {tf, tb, &l.weight};
        loraLayer(m, x, true, perExpert, local, etp, tallies, proj, mlp);
        // Permuting the tokens to their experts and back: each of the k copies read and written.
        const double permute = 2 * ab * T / t * etp * k * h;
        mlp[kForward] += km.stream(2 * permute, KernelClass::Memory, tf);
        mlp[kInputGrad] += km.stream(2 * permute, KernelClass::Memory, tb);
        // The SwiGLU product of the routed experts' tokens, read 4 and written 2 bytes per element.
        if (selective && swiglu)
            l.selective +=
                km.stream(6 * perExpert * local * fe / etp, KernelClass::Memory, &l.recompute, true);
    } else {
        const double f = double(m.ffn_hidden);
        for (int pass = 0; pass < 3; ++pass) {
            if (x.frozen && pass == kWeightGrad)
                continue;
            KernelTally* tally = tallyOf(pass);
            mlp[pass] = linear(x, pass, T, h, f * ffnWidth / t, tally) + linear(x, pass, T, f / t, h, tally);
        }
        activation = T * f / t;
        KernelTally* const tallies[3] = {tf, tb, &l.weight};
        loraLayer(m, x, false, 0, 0, 1, tallies, proj, mlp);
    }
    const Elementwise e = elementwise(m, x, activation, swiglu, tf, tb);
    if (selective)
        l.selective += up + (x.flash ? 0.0 : l.core);
    // Recomputed norms (DeepSeek-V3 §3.2.3): each norm's forward again before the backward.
    if (sc.training.recompute_norms && sc.training.recompute != Recompute::Full && !km.flat())
        l.selective += double(std::clamp<std::int64_t>(m.norms_per_layer, 1, 2)) *
                       km.stream(normBytes(x), KernelClass::Memory, &l.recompute);
    l.attnF = proj[kForward] + core.forward + e.attnF;
    l.attnIn = proj[kInputGrad] + core.backward + e.attnB;
    l.attnW = proj[kWeightGrad];
    l.mlpF = mlp[kForward] + e.mlpF;
    l.mlpIn = mlp[kInputGrad] + e.mlpB;
    l.mlpW = mlp[kWeightGrad];
    l.attnGemmF = proj[kForward];
    l.attnGemmB = proj[kInputGrad] + proj[kWeightGrad];
    l.mlpGemmF = mlp[kForward];
    l.mlpGemmB = mlp[kInputGrad] + mlp[kWeightGrad];
    if (selective) {
        // What selective recompute redoes, by class: the up-projections are GEMMs, the core is attention.
        l.recompute.seconds[int(KernelClass::Gemm)] += up;
        if (!x.flash)
            l.recompute.seconds[int(KernelClass::Attention)] += l.core;
    }
    return l;
}

// A bare parameter count: a standard layer's 4h² attention and 8h² MLP weights, i.e. a third and two thirds
// of the layer, as h-wide GEMMs.
LayerTimes paramsLayer(const ModelSpec& m, const ParamCount& count, const Shape& x, const LayerFlops& flops)
{
    const KernelModel& km = *x.km;
    const double t = x.t, T = x.T, h = x.h, ab = x.ab, b = x.b, s = x.s;
    LayerTimes l;
    const double pl = count.per_layer;
    double attn[3], mlp[3];
    for (int pass = 0; pass < 3; ++pass) {
        KernelTally* tally = pass == kForward ? &l.forward : pass == kInputGrad ? &l.input : &l.weight;
        const bool skip = x.frozen && pass == kWeightGrad; // a frozen base computes no weight gradient
        attn[pass] = skip ? 0.0 : linear(x, pass, T, h, pl / 3 / h / t, tally);
        mlp[pass] = skip ? 0.0 : linear(x, pass, T, h, 2 * pl / 3 / h / t, tally);
    }
    KernelTally* const tallies[3] = {&l.forward, &l.input, &l.weight};
    loraLayer(m, x, false, 0, 0, 1, tallies, attn, mlp);
    const double scores =
        x.flash ? 0 : 2 * b * double(std::max<std::int64_t>(m.heads, 1)) / t * (s / x.cp) * s;
    l.core = km.roofline(flops.attention / t / x.cp, ab * (scores + 4 * T * h / t), KernelClass::Attention,
                         &l.forward);
    l.input.seconds[int(KernelClass::Attention)] += 2 * l.core;
    l.attnF = attn[kForward] + l.core;
    l.attnIn = attn[kInputGrad] + 2 * l.core;
    l.attnW = attn[kWeightGrad];
    l.mlpF = mlp[kForward];
    l.mlpIn = mlp[kInputGrad];
    l.mlpW = mlp[kWeightGrad];
    l.attnGemmF = attn[kForward];
    l.attnGemmB = attn[kInputGrad] + attn[kWeightGrad];
    l.mlpGemmF = mlp[kForward];
    l.mlpGemmB = mlp[kInputGrad] + mlp[kWeightGrad];
    l.selective = x.flash ? 0.0 : l.core;
    l.recompute.seconds[int(KernelClass::Attention)] += l.selective;
    return l;
}

// The SMs DeepEP's kernels occupy while they move tokens: DeepSeek-V3 §3.2.2, "only 20 SMs are sufficient to
// fully utilize the bandwidths of IB and NVLink" (DeepEP's Buffer keeps num_sms = 20 by default).
constexpr double kDeepEpSms = 20;

// What the layer's expert and context-parallel collectives cost on the critical path: the expert all-to-all
// (dispatch or combine) whole, or with ep_overlap (DualPipe, DeepSeek-V3 §3.2.1) only what one microbatch's
// all-to-alls exceed of the other microbatch's compute they overlap, and what that compute loses to the SMs
// the all-to-all kernels hold meanwhile (DeepEP's; NCCL's are not counted); the cp exchange, ring P2P only
// what the attention core does not hide (forward: K/V; backward: K/V and dK/dV against the core's twice as
// long backward), all-gather whole.
struct LayerComm
{
    std::array<double, kCommSlots> call{}; // one call by slot
    bool epOverlap = false;
    double epSmShare = 0; // of the GPU's SMs, those the overlapped all-to-all kernels hold
    bool cpRing = true;
    bool tpOverlap = false; // Megatron-LM --tp-comm-overlap (sequence parallel only)
};

// The segments of one layer. Forward: attention block, its tp collective, MLP block, its collective (with
// sequence parallelism an all-gather before and a reduce-scatter after each block, Korthikanti et al.
// §4.2.2). A MoE MLP dispatches its tokens before the experts and combines them after. Context parallelism
// exchanges keys and values around the attention core. The backward mirrors it, the MLP first. Full
// recompute repeats the layer's forward, collectives included (comm.cpp counts 6 per layer); selective
// recompute only the attention core (Korthikanti et al. §5).
StepUnit layerUnit(const LayerTimes& l, const LayerComm& comm, bool sp, Recompute recompute, bool selective)
{
    StepUnit layer;
    const auto& c = comm.call;
    const double a2a = c[kSlotEp];
    const bool moe = l.moe && a2a > 0;
    // The exposed expert all-to-all per block: whole, or with overlap what the block takes beyond its compute
    // C. For the block's two calls (2A) the compute runs on the SMs the kernels leave, a share r of them: the
    // block ends at max(2A, C + 2A·(1 − r)), so max(2A − C, 2A·(1 − r)) of it is the calls'.
    const auto exposedA2a = [&](double compute) {
        return comm.epOverlap ? std::max({0.0, 2 * a2a - compute, 2 * a2a * comm.epSmShare}) / 2 : a2a;
    };
    const auto cpForward = [&]() {
        return comm.cpRing ? std::max(0.0, c[kSlotCpGather] - l.core) : c[kSlotCpGather];
    };
    const auto cpBackward = [&]() {
        const double both = c[kSlotCpGather] + c[kSlotCpReduce];
        return comm.cpRing ? std::max(0.0, both - 2 * l.core) : both;
    };
    // BLOCK's compute with the collectives the block itself carries (cp around attention, ep around experts).
    const auto attention = [&](std::vector<Segment>& out, double seconds, bool backward) {
        const double cp = backward ? cpBackward() : cpForward();
        if (!comm.cpRing && !backward)
            add(out, SegmentStream::Cp, cp, kSlotCpGather); // Llama 3: gather K/V, then attend
        add(out, SegmentStream::Compute, seconds);
        if (comm.cpRing || backward)
            add(out, SegmentStream::Cp, cp, backward ? kSlotCpReduce : kSlotCpGather);
    };
    const auto mlpBlock = [&](std::vector<Segment>& out, double seconds) {
        if (!moe) {
            add(out, SegmentStream::Compute, seconds);
            return;
        }
        const double exposed = exposedA2a(seconds);
        const double experts = l.mlpF > 0 ? seconds * l.experts / l.mlpF : 0; // the backward is twice
        add(out, SegmentStream::Compute, std::max(seconds - experts, 0.0));
        add(out, SegmentStream::Ep, exposed, kSlotEp); // dispatch
        add(out, SegmentStream::Compute, experts);
        add(out, SegmentStream::Ep, exposed, kSlotEp); // combine
    };
    // With tp-comm-overlap (Transformer Engine's userbuffers) a block's all-gather runs in chunks beside the
    // block's first GEMM and its reduce-scatter beside the last: each hides behind about half the block's
    // GEMM time, and only what exceeds it stays on the critical path.
    const auto tpCall = [&](int slot, double gemm) {
        return comm.tpOverlap ? std::max(0.0, c[std::size_t(slot)] - gemm / 2) : c[std::size_t(slot)];
    };
    const auto block = [&](std::vector<Segment>& out, double first, double second, bool backward) {
        const auto firstBlock = [&](double v) { backward ? mlpBlock(out, v) : attention(out, v, false); };
        const auto secondBlock = [&](double v) { backward ? attention(out, v, true) : mlpBlock(out, v); };
        const double gemmFirst =
            backward ? l.mlpGemmB * first / std::max(l.mlpIn + l.mlpW, 1e-30) : l.attnGemmF;
        const double gemmSecond =
            backward ? l.attnGemmB * second / std::max(l.attnIn + l.attnW, 1e-30) : l.mlpGemmF;
        if (sp) {
            add(out, SegmentStream::Tp, tpCall(kSlotTp0, gemmFirst), kSlotTp0);
            firstBlock(first);
            add(out, SegmentStream::Tp, tpCall(kSlotTp1, gemmFirst), kSlotTp1);
            add(out, SegmentStream::Tp, tpCall(kSlotTp0, gemmSecond), kSlotTp0);
            secondBlock(second);
            add(out, SegmentStream::Tp, tpCall(kSlotTp1, gemmSecond), kSlotTp1);
        } else {
            firstBlock(first);
            add(out, SegmentStream::Tp, c[kSlotTp0], kSlotTp0);
            secondBlock(second);
            add(out, SegmentStream::Tp, c[kSlotTp0], kSlotTp0);
        }
    };
    block(layer.forward, l.attnF, l.mlpF, false);
    block(layer.backward, l.mlpIn + l.mlpW, l.attnIn + l.attnW, true);
    block(layer.backwardInput, l.mlpIn, l.attnIn, true);
    add(layer.backwardWeight, SegmentStream::Compute, l.mlpW + l.attnW);
    if (recompute == Recompute::Full)
        layer.recompute = layer.forward;
    else if (selective)
        add(layer.recompute, SegmentStream::Compute, l.selective);
    return layer;
}

// A unit's kernels by op kind from its passes: the backward is the input and the weight gradient together.
void setKernels(StepUnit& unit, const KernelTally& forward, const KernelTally& input,
                const KernelTally& weight, const KernelTally& recompute)
{
    unit.kernels[int(PipeOpKind::Forward)] = forward;
    unit.kernels[int(PipeOpKind::BackwardInput)] = input;
    unit.kernels[int(PipeOpKind::BackwardWeight)] = weight;
    unit.kernels[int(PipeOpKind::Backward)] = input;
    unit.kernels[int(PipeOpKind::Backward)] += weight;
    unit.kernels[int(PipeOpKind::Recompute)] = recompute;
}

// The embedding on the first stage: a row gather forward and a scatter-add backward, memory-bound.
StepUnit embeddingUnit(const ParamCount& count, const Shape& x)
{
    StepUnit embedding;
    const KernelModel& km = *x.km;
    const double bytes = 2 * x.T * x.h * x.ab;
    KernelTally* k = embedding.kernels;
    add(embedding.forward, SegmentStream::Compute,
        km.stream(bytes, KernelClass::Memory, &k[int(PipeOpKind::Forward)], true));
    embedding.params = count.embedding / x.t + count.positions;
    if (x.frozen && !(x.targets & kLoraEmbed))
        return embedding; // a frozen embedding has no backward at all
    const double e = km.stream(bytes, KernelClass::Memory, nullptr, true);
    add(embedding.backward, SegmentStream::Compute, e);
    add(embedding.backwardWeight, SegmentStream::Compute, e);
    const KernelTally pass{{0, 0, e, 0, 0}, 1};
    k[int(PipeOpKind::Backward)] = pass;
    k[int(PipeOpKind::BackwardWeight)] = pass;
    embedding.params = count.embedding / x.t + count.positions;
    return embedding;
}

// The output layer on the last stage: the vocab-parallel logits GEMM and the fp32 softmax cross-entropy over
// them, memory-bound: the roofline priced 8 bytes per logit each way; the kernel model the passes of
// Megatron-LM's vocab-parallel cross-entropy, 16 bytes forward (the cast to fp32, max, exp and sum, the
// saved softmax) and 6 backward (the softmax read, the 16-bit gradient written).
StepUnit logitsUnit(const ModelSpec& m, const ParamCount& count, const Shape& x, int p)
{
    StepUnit logits;
    const KernelModel& km = *x.km;
    const double v = double(m.vocab) / x.t;
    KernelTally forward, input, weight;
    const double gF = gemm16(x, kForward, x.T, x.h, v, 1, &forward);
    const double gIn = gemm16(x, kInputGrad, x.T, x.h, v, 1, &input);
    double gW = x.frozen ? 0.0 : gemm16(x, kWeightGrad, x.T, x.h, v, 1, &weight);
    double adapters[3] = {0, 0, 0};
    if (x.frozen && (x.targets & kLoraHead) && x.rank > 0) {
        KernelTally* const tally[3] = {&forward, &input, &weight};
        for (int pass = 0; pass < 3; ++pass)
            adapters[pass] = gemm16(x, pass, x.T, x.h, x.rank, 1, tally[pass]) +
                             gemm16(x, pass, x.T, x.rank, v, 1, tally[pass]);
        gW += adapters[kWeightGrad];
    }
    const double elems = x.T * v;
    const double ceF = km.stream((km.flat() ? 8 : 16) * elems, KernelClass::Memory, &forward, true);
    const double ceB = km.stream((km.flat() ? 8 : 6) * elems, KernelClass::Memory, &input, true);
    add(logits.forward, SegmentStream::Compute, gF + adapters[kForward] + ceF);
    add(logits.backward, SegmentStream::Compute, gIn + adapters[kInputGrad] + gW + ceB);
    add(logits.backwardInput, SegmentStream::Compute, gIn + adapters[kInputGrad] + ceB);
    add(logits.backwardWeight, SegmentStream::Compute, gW);
    setKernels(logits, forward, input, weight, KernelTally{});
    // Megatron-LM keeps a copy of a tied embedding on the last stage when pp > 1 (workload.cpp).
    const double head = count.head > 0 ? count.head : (p > 1 ? count.embedding : 0);
    logits.params = head / x.t + count.final_norm;
    return logits;
}

// The units of the step model, by index into StepModel::units.
enum UnitIndex : int
{
    kUnitLayer = 0,     // a layer of the model's main kind (MoE in a MoE model)
    kUnitEmbedding = 1, // opens the first chunk
    kUnitLogits = 2,    // closes the last chunk
    kUnitDense = 3,     // a dense first layer of a MoE model (first_k_dense_replace)
    kUnitMtp = 4,       // a multi-token-prediction module (its projection and layer)
    kUnitMtpLogits = 5  // that module's logits through the shared head
};

// Layers per stage and chunk. Megatron-LM gives virtual stage c·p + i the c-th slice of stage i's layers; the
// embedding opens the first chunk, the output layer (and after it the MTP modules with their logits) closes
// the last. A MoE model's first dense_layers layers (in the model's order) are dense units.
void assignChunkUnits(StepModel& model, const Scenario& sc, bool transformer)
{
    const int p = model.pp;
    const std::vector<std::int64_t> layers = layersPerStage(sc);
    const int v = model.chunks;
    const ModelSpec& m = sc.model;
    model.chunkUnits.assign(std::size_t(p), std::vector<std::vector<int>>(std::size_t(v)));
    std::int64_t next = 0; // the model's layer index at the start of virtual stage c·p + i
    for (int c = 0; c < v; ++c)
        for (int i = 0; i < p; ++i) {
            std::vector<int>& units = model.chunkUnits[std::size_t(i)][std::size_t(c)];
            const std::int64_t n = layers[std::size_t(i)] / v + (c < layers[std::size_t(i)] % v ? 1 : 0);
            if (transformer && i == 0 && c == 0)
                units.push_back(kUnitEmbedding);
            for (std::int64_t k = 0; k < n; ++k, ++next)
                units.push_back(transformer && m.moe() && !m.moeLayer(next) ? kUnitDense : kUnitLayer);
            if (transformer && i == p - 1 && c == v - 1) {
                units.push_back(kUnitLogits);
                for (std::int64_t k = 0; k < m.mtp_layers; ++k) {
                    units.push_back(kUnitMtp);
                    units.push_back(kUnitMtpLogits);
                }
            }
        }
}

// The calls that move parameters: data parallel and ZeRO (comm.cpp; ZeRO §7), whose rows' calls move PSI_MAX
// parameters' worth, the gradient buckets, and the offload copies (comm.cpp: the optimizer's d2h and h2d rows
// first, then the parameter fetches).
void parameterCalls(StepModel& model, const Scenario& sc, const CommResult& comm,
                    const std::vector<StageParams>& stages, double psiMax)
{
    const ParallelSpec& par = sc.parallel;
    const TrainingSpec& tr = sc.training;
    const int zero = std::clamp(par.zero_stage, 0, 3);
    model.overlapGradReduce = tr.overlap_grad_reduce;
    model.overlapP2p = tr.overlap_p2p_comm;
    model.reducePerMicrobatch = zero >= 2;
    // The rows' calls move the largest stage's dense (dp) and expert (edp) parameters: the trainable ones for
    // the gradients and the updated weights, all of them (in 16-bit weights' worth) for ZeRO-3's gathers
    // (dataparallel.cpp; the same with full training).
    const double w = stateBytesPerParam(tr.precision, tr.optimizer).weights;
    struct Extent
    {
        double denseMax = 0, expertMax = 0;
        std::vector<double> share;
    } grads, gathers;
    for (const StageParams& st : stages) {
        const StageWeightBytes wb = stageWeightBytes(st, sc, w);
        const bool lora = sc.training.lora();
        const double all = lora ? wb.total() / w : st.per_gpu,
                     experts = lora ? wb.expert / w : st.expert_per_gpu;
        gathers.denseMax = std::max(gathers.denseMax, all - experts);
        gathers.expertMax = std::max(gathers.expertMax, experts);
        gathers.share.push_back(all > 0 ? experts / all : 0.0);
        grads.denseMax = std::max(grads.denseMax, st.trainable_per_gpu - st.trainable_expert_per_gpu);
        grads.expertMax = std::max(grads.expertMax, st.trainable_expert_per_gpu);
        grads.share.push_back(st.trainable_per_gpu > 0 ? st.trainable_expert_per_gpu / st.trainable_per_gpu
                                                       : 0.0);
    }
    const auto call = [&](const char* op, bool gather = false) {
        const Extent& e = gather ? gathers : grads;
        DpCall c;
        c.dense = scaledCall(comm, findRow(comm, "dp", op), e.denseMax);
        c.experts = scaledCall(comm, findRow(comm, "edp", op), e.expertMax);
        c.expertShare = e.share;
        return c;
    };
    const int push = findRow(comm, "dp", "push");
    if (push >= 0) {
        model.parameterServer = true;
        model.gradReduce.dense = scaledCall(comm, push, psiMax);
        model.finalGather.dense = scaledCall(comm, findRow(comm, "dp", "pull"), psiMax);
    } else if (zero == 0) {
        model.gradReduce = call("allreduce");
    } else if (zero <= 2) {
        model.gradReduce = call("reducescatter");
        // Megatron-LM's --overlap-param-gather: the updated weights are gathered bucket by bucket as the next
        // step's first forward reaches them, instead of all at once after the optimizer.
        const bool offloaded = par.offload_optimizer != Offload::None;
        if (tr.overlap_param_gather && !offloaded && !tr.lora()) {
            model.paramGather = call("allgather");
            model.gatherFirstForward = true;
        } else {
            model.finalGather = call("allgather");
        }
    } else {
        model.gradReduce = call("reducescatter");
        model.paramGather = call("allgather", true);
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
constexpr double kPagedBps = 25e9; // PCIe 4.0 x16: 31.5 GB/s raw per direction, ~80% achieved

void optimizerSteps(StepModel& model, const Scenario& sc, const std::vector<StageParams>& stages,
                    const KernelModel& km)
{
    const ParallelSpec& par = sc.parallel;
    const TrainingSpec& tr = sc.training;
    const double dp = double(std::max<std::int64_t>(par.dp, 1)) * double(std::max<std::int64_t>(par.cp, 1));
    const int zero = std::clamp(par.zero_stage, 0, 3);
    const bool offOpt = par.offload_optimizer != Offload::None && zero >= 1;
    const StateBytes state = stateBytesPerParam(tr.precision, tr.optimizer);
    const bool mixed = tr.precision == Precision::Bf16Mixed || tr.precision == Precision::Fp16Mixed ||
                       tr.precision == Precision::Fp8Mixed;
    const double gpuBytes = state.grads + 2 * state.optimizer + (mixed ? 1 : 2) * state.weights;
    const double hostBytes = 4 + 2 * state.optimizer + state.weights;
    // The kernel model adds gradient clipping's pass over the gradients (its global norm) and zeroing them
    // for the next step (Megatron-LM clip_grad_norm_fp32, zero_grad_buffer).
    const double clipBytes = 2 * state.grads;
    const double perNode = double(std::clamp<std::int64_t>(sc.cluster.gpus_per_node, 1, sc.gpus()));
    // ZeRO shards the routed experts' states over their expert-data-parallel replicas.
    const double edp = double(par.expertDataParallel());
    for (int i = 0; i < model.pp; ++i) {
        // The optimizer updates the trainable parameters only (LoRA: the adapters).
        const double experts = stages[std::size_t(i)].trainable_expert_per_gpu;
        const double trainable = stages[std::size_t(i)].trainable_per_gpu;
        const double n = zero >= 1 ? (trainable - experts) / dp + experts / edp : trainable;
        // With a parameter server the servers apply the update (Li et al., OSDI'14): nothing on the GPU.
        double gpu = 0, host = 0;
        if (offOpt && !model.parameterServer)
            host = perNode * n * hostBytes / kHostMemoryBps;
        else if (!model.parameterServer)
            gpu = km.stream(n * gpuBytes, KernelClass::Optimizer, nullptr, true) +
                  km.stream(n * clipBytes, KernelClass::Optimizer);
        // Paged optimizer states (QLoRA §3) evicted to the host page in for the update and out again: twice
        // their bytes over PCIe (a Gen4 x16 link's achievable ~25 GB/s per direction, once each way).
        if (tr.paged_optimizer && !offOpt)
            gpu += n * state.optimizer / kPagedBps;
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
    // With fused attention the core keeps nothing to recompute; MLA's up-projections and the experts' SwiGLU
    // still do.
    const bool selective = (tr.recompute == Recompute::Selective &&
                            (!tr.flash_attention || m.attention == AttentionKind::Mla || m.moe())) ||
                           (tr.recompute != Recompute::Full && tr.recompute_norms);
    model.recompute = tr.recompute == Recompute::Full || selective;

    const KernelModel km(sc);
    const Shape x = shapeOf(sc, km);
    const ParamCount count = countParams(m);
    const bool sp = par.sequence_parallel && x.t > 1;
    LayerComm layerComm;
    layerComm.call = commCalls(model, comm, sp);
    layerComm.epOverlap = par.ep_overlap;
    if (par.ep_overlap && par.ep_dispatcher == EpDispatcher::DeepEp)
        layerComm.epSmShare = std::min(1.0, kDeepEpSms / double(std::max(kernelTraitsOf(sc.cluster).sms, 1)));
    layerComm.cpRing = par.cp_comm == CpComm::P2p;
    layerComm.tpOverlap = tr.tp_comm_overlap && sp;

    // LoRA: the adapters' counts, and a quantized base's bytes per weight against the training type's W.
    const LoraCount lora = countLoraParams(m, tr);
    const bool quantizedBase = tr.lora() && tr.baseBits() < 16;
    const QuantBytes quant = quantizedBytes(tr, x.h);
    const double w = stateBytesPerParam(tr.precision, tr.optimizer).weights;

    // One transformer layer of each kind on one tp rank, and the units at the ends of the pipeline.
    const bool transformer = m.kind == ModelKind::Transformer;
    const double tp = x.t;
    const double ep =
        double(std::max<std::int64_t>(par.ep, 1)) * double(std::max<std::int64_t>(par.expertTp(), 1));
    const auto layerOf = [&](bool moe) {
        const LayerFlops flops = layerForwardFlops(m, x.b, moe);
        const LayerTimes times =
            transformer ? transformerLayer(sc, x, flops, moe) : paramsLayer(m, count, x, flops);
        StepUnit unit = layerUnit(times, layerComm, sp, tr.recompute, selective);
        setKernels(unit, times.forward, times.input, times.weight,
                   tr.recompute == Recompute::Full ? times.forward : times.recompute);
        const LayerParams& lp = moe ? count.moe_layer : count.dense_layer;
        unit.params =
            transformer ? lp.perGpu(tp, ep) : count.per_layer_split / x.t + count.per_layer_replicated;
        if (tr.lora()) {
            // The adapters are what is reduced; ZeRO-3 gathers the frozen weights at their bytes, counted in
            // 16-bit weights' worth (quantized matmul weights: code and constants over w).
            const double experts = moe && m.moe() ? lora.moe_experts / ep : 0.0;
            unit.trainable =
                ((moe && m.moe() ? lora.moe_layer : lora.dense_layer) - experts * ep) / tp + experts;
            const double quantized =
                quantizedBase ? (lp.matmul - lp.matmul_experts) / tp + lp.matmul_experts / ep : 0.0;
            unit.params += quantized * (quant.data + quant.constants - w) / w + unit.trainable;
        }
        return unit;
    };
    const StepUnit logits = transformer ? logitsUnit(m, count, x, p) : StepUnit{};
    StepUnit mtp;
    if (transformer && m.mtp_layers > 0) {
        // DeepSeek-V3 §2.2: the module joins the normalised hidden state and the next token's embedding
        // (a 2h × h projection) and runs one layer; its logits go through the shared head.
        mtp = layerOf(m.moe());
        KernelTally* k = mtp.kernels;
        const double proj = linear(x, kForward, x.T, 2 * x.h, x.h / x.t, &k[int(PipeOpKind::Forward)]);
        const double projIn =
            linear(x, kInputGrad, x.T, 2 * x.h, x.h / x.t, &k[int(PipeOpKind::BackwardInput)]);
        const double projW =
            linear(x, kWeightGrad, x.T, 2 * x.h, x.h / x.t, &k[int(PipeOpKind::BackwardWeight)]);
        k[int(PipeOpKind::Backward)] = k[int(PipeOpKind::BackwardInput)];
        k[int(PipeOpKind::Backward)] += k[int(PipeOpKind::BackwardWeight)];
        mtp.forward.insert(mtp.forward.begin(), Segment{SegmentStream::Compute, proj, 0});
        mtp.backward.insert(mtp.backward.end(), Segment{SegmentStream::Compute, projIn + projW, 0});
        mtp.backwardInput.insert(mtp.backwardInput.end(), Segment{SegmentStream::Compute, projIn, 0});
        mtp.backwardWeight.insert(mtp.backwardWeight.end(), Segment{SegmentStream::Compute, projW, 0});
        mtp.params += 2 * x.h * x.h / x.t;
    }
    StepUnit mtpLogits = logits;
    mtpLogits.params = 0; // the head is shared
    StepUnit embedding = transformer ? embeddingUnit(count, x) : StepUnit{};
    StepUnit head = logits;
    if (tr.lora()) {
        embedding.trainable = lora.embedding / tp;
        embedding.params += embedding.trainable;
        head.trainable = lora.head / tp;
        head.params += head.trainable;
        mtpLogits.trainable = 0;
        mtp.trainable = 0; // the MTP modules are frozen with the rest of the base
    }
    model.units = {layerOf(m.moe()), embedding, head, layerOf(false), mtp, mtpLogits};
    assignChunkUnits(model, sc, transformer);

    const std::vector<StageParams> stages = stageParams(sc);
    double psiMax = 0;
    for (const StageParams& st : stages) {
        model.stageParams.push_back(st.per_gpu);
        model.stageTrainable.push_back(st.trainable_per_gpu);
        psiMax = std::max(psiMax, st.per_gpu);
    }
    for (int i = 0; i < p; ++i)
        model.gpuOfStage.push_back(int(rankOf(par, {0, 0, i, 0})));

    // Pipeline sends: one call of comm's "pp sendrecv" row per boundary crossing.
    if (const int row = findRow(comm, "pp", "sendrecv"); row >= 0) {
        model.ppCollective = row;
        model.pp_s = comm.collectives[std::size_t(row)].time_s;
        model.ppBytes = comm.collectives[std::size_t(row)].bytes;
    }
    parameterCalls(model, sc, comm, stages, psiMax);
    optimizerSteps(model, sc, stages, km);
    return model;
}

} // namespace ss
