// SPDX-License-Identifier: GPL-3.0-or-later
// The communication of a training step: rank placement, the tp/pp/dp volumes of their papers
// (Narayanan et al. SC'21, ZeRO, ZeRO-Offload), gradient compression, the parameter server whose
// bottleneck moves from the server to the workers as servers are added, and the link table.
#include "comm.h"
#include "presets.h"

#include <QtTest>

#include <cmath>

using namespace ss;

namespace {

// A 7.5B-parameter model of kind "params" (the ZeRO paper's running example, Rajbhandari et al. SC'20).
Scenario paramsModel(std::int64_t dp, int zero)
{
    Scenario s;
    s.model.kind = ModelKind::Params;
    s.model.params = 7.5e9;
    s.model.layers = 32;
    s.training.global_batch = dp;
    s.training.micro_batch = 1;
    s.training.grad_comm_bits = 16;
    s.parallel.dp = dp;
    s.parallel.zero_stage = zero;
    s.cluster.nodes = (dp + 7) / 8;
    s.cluster.gpus_per_node = 8;
    return s;
}

// GPT-3 175B as Megatron-LM trains it on 1024 A100 (Narayanan et al. SC'21, Table 1).
Scenario gpt3()
{
    Scenario s;
    s.model.layers = 96;
    s.model.hidden = 12288;
    s.model.heads = 96;
    s.model.kv_heads = 96;
    s.model.ffn_hidden = 49152;
    s.model.seq_len = 2048;
    s.training.global_batch = 1536;
    s.training.micro_batch = 1;
    s.parallel.dp = 16;
    s.parallel.tp = 8;
    s.parallel.pp = 8;
    s.cluster.nodes = 128;
    s.cluster.gpus_per_node = 8;
    return s;
}

// Mixtral 8x7B (mistral.ai; HF Mixtral-8x7B-v0.1 config) on NODES DGX H100, tp 1, ep 8.
Scenario mixtral(std::int64_t nodes, std::int64_t ep)
{
    Scenario s;
    s.model.layers = 32;
    s.model.hidden = 4096;
    s.model.heads = 32;
    s.model.kv_heads = 8;
    s.model.ffn_hidden = 14336;
    s.model.ffn_kind = FfnKind::Swiglu;
    s.model.vocab = 32000;
    s.model.seq_len = 4096;
    s.model.position_embedding = PositionEmbedding::Rotary;
    s.model.norm = NormKind::RmsNorm;
    s.model.bias = BiasKind::None;
    s.model.experts = 8;
    s.model.experts_per_token = 2;
    s.training.global_batch = 8 * nodes;
    s.training.micro_batch = 1;
    s.parallel.dp = 8 * nodes;
    s.parallel.ep = ep;
    s.parallel.zero_stage = 1;
    s.cluster.gpu_id = "H100-SXM5-80GB";
    s.cluster.gpu = GpuSpec{"H100-SXM5-80GB", 80.0 * (1 << 30), 989e12, 3.35e12, 1979e12, 0};
    s.cluster.node_preset = "dgx-h100";
    s.cluster.network.kind = "ib-ndr";
    s.cluster.nodes = nodes;
    return s;
}

std::int64_t microbatches(const Scenario& s)
{
    return s.training.global_batch / (s.parallel.dp * s.training.micro_batch);
}

const CommCollective* row(const CommResult& r, const char* group, const char* op)
{
    for (const CommCollective& c : r.collectives)
        if (c.group == group && c.op == op)
            return &c;
    return nullptr;
}

QByteArray rows(const CommResult& r)
{
    QByteArray out;
    for (const CommCollective& c : r.collectives)
        out += QByteArray::fromStdString(c.group + " " + c.op + " ") + QByteArray::number(c.bytes) + " ×" +
               QByteArray::number(qlonglong(c.count_per_step)) + " " +
               QByteArray::fromStdString(c.bottleneck_link) + "; ";
    for (const Warning& w : r.warnings)
        out += QByteArray::fromStdString("warning " + w.message + "; ");
    return out;
}

bool near(double a, double b, double relative)
{
    return std::fabs(a - b) <= relative * std::fabs(b);
}

} // namespace

class TestComm : public QObject
{
    Q_OBJECT

private slots:
    void rankPlacement_data();
    void rankPlacement();
    void groups();
    void tensorParallelVolumes_data();
    void tensorParallelVolumes();
    void tensorParallelStaysInNode();
    void pipelineSends();
    void zeroVolumes_data();
    void zeroVolumes();
    void gradientCompression();
    void parameterServerBottleneckMoves();
    void offloadCopies();
    void linkTable();
    void mismatchWarns();
    void expertGroups();
    void expertAllToAll();
    void contextParallel();
};

void TestComm::rankPlacement_data()
{
    QTest::addColumn<QString>("order");
    QTest::addColumn<int>("rank");
    QTest::addColumn<int>("tp");
    QTest::addColumn<int>("dp");
    QTest::addColumn<int>("pp");
    // tp = 4, dp = 2, pp = 3; the order lists the dimensions innermost first (docs/formats.md, "`parallel`"):
    // "tp-dp-pp" (Megatron-LM's default) gives rank = tp + 4·(dp + 2·pp).
    QTest::newRow("tp-dp-pp rank 0") << "tp-dp-pp" << 0 << 0 << 0 << 0;
    QTest::newRow("tp-dp-pp rank 3: last tp") << "tp-dp-pp" << 3 << 3 << 0 << 0;
    QTest::newRow("tp-dp-pp rank 4: next dp") << "tp-dp-pp" << 4 << 0 << 1 << 0;
    QTest::newRow("tp-dp-pp rank 13") << "tp-dp-pp" << 13 << 1 << 1 << 1;
    QTest::newRow("dp-tp-pp rank 1: next dp") << "dp-tp-pp" << 1 << 0 << 1 << 0;
    QTest::newRow("pp-dp-tp rank 1: next stage") << "pp-dp-tp" << 1 << 0 << 0 << 1;
    QTest::newRow("pp-dp-tp rank 3: next dp") << "pp-dp-tp" << 3 << 0 << 1 << 0;
    QTest::newRow("nonsense order reads as tp-dp-pp") << "tp-tp-pp" << 4 << 0 << 1 << 0;
}

void TestComm::rankPlacement()
{
    QFETCH(QString, order);
    QFETCH(int, rank);
    QFETCH(int, tp);
    QFETCH(int, dp);
    QFETCH(int, pp);
    ParallelSpec p;
    p.tp = 4;
    p.dp = 2;
    p.pp = 3;
    p.rank_order = order.toStdString();
    const RankCoord c = rankCoord(p, rank);
    QCOMPARE(int(c.tp), tp);
    QCOMPARE(int(c.dp), dp);
    QCOMPARE(int(c.pp), pp);
    QCOMPARE(int(rankOf(p, c)), rank);
}

void TestComm::groups()
{
    ParallelSpec p;
    p.tp = 2;
    p.dp = 2;
    p.pp = 2;
    const ParallelGroups g = parallelGroups(p);
    QCOMPARE(g.tp.size(), std::size_t(4));
    QCOMPARE(g.tp[0], (std::vector<int>{0, 1}));
    QCOMPARE(g.dp[0], (std::vector<int>{0, 2}));
    QCOMPARE(g.pp[0], (std::vector<int>{0, 4}));
    // Every rank is in exactly one group of each kind.
    for (const auto* kind : {&g.tp, &g.dp, &g.pp}) {
        std::vector<int> seen(8, 0);
        for (const auto& group : *kind)
            for (int r : group)
                ++seen[std::size_t(r)];
        QCOMPARE(seen, std::vector<int>(8, 1));
    }
}

void TestComm::tensorParallelVolumes_data()
{
    QTest::addColumn<bool>("sequenceParallel");
    QTest::addColumn<int>("recompute");
    QTest::addColumn<QString>("op");
    QTest::addColumn<int>("perLayer");
    // Narayanan et al. SC'21 §3: per layer 2 all-reduces forward and 2 backward of b·s·h
    // elements; with sequence parallelism each is an all-gather plus a reduce-scatter (Korthikanti et al.
    // §4.2.2); full recompute runs the forward's again (Korthikanti §5).
    QTest::newRow("all-reduce, 4 per layer") << false << int(Recompute::None) << "allreduce" << 4;
    QTest::newRow("sequence parallel all-gather, 4 per layer")
        << true << int(Recompute::Selective) << "allgather" << 4;
    QTest::newRow("sequence parallel reduce-scatter, 4 per layer")
        << true << int(Recompute::Selective) << "reducescatter" << 4;
    QTest::newRow("full recompute, 6 per layer") << false << int(Recompute::Full) << "allreduce" << 6;
}

void TestComm::tensorParallelVolumes()
{
    QFETCH(bool, sequenceParallel);
    QFETCH(int, recompute);
    QFETCH(QString, op);
    QFETCH(int, perLayer);
    Scenario s = gpt3();
    s.parallel.sequence_parallel = sequenceParallel;
    s.training.recompute = Recompute(recompute);
    const CommResult r = estimateCommunication(s, microbatches(s));
    const CommCollective* c = row(r, "tp", op.toLatin1().constData());
    QVERIFY2(c, rows(r).constData());
    QCOMPARE(c->bytes, 1.0 * 2048 * 12288 * 2);                    // b·s·h, 2-byte activations
    QCOMPARE(c->count_per_step, std::int64_t(perLayer) * 12 * 96); // 96/8 layers per stage, 96 microbatches
    QCOMPARE(c->ranks, std::int64_t(8));
    QCOMPARE(c->groups, std::int64_t(128));
}

void TestComm::tensorParallelStaysInNode()
{
    // tp innermost: a tp group of 8 fills one DGX A100, so its collectives never leave the NVSwitch
    // (230 GB/s effective per GPU, NVIDIA/nccl-tests#149) while dp crosses the InfiniBand rails.
    Scenario s = gpt3();
    s.parallel.sequence_parallel = true;
    const CommResult r = estimateCommunication(s, microbatches(s));
    QVERIFY2(r.warnings.empty(), rows(r).constData());
    const CommCollective* ag = row(r, "tp", "allgather");
    QVERIFY(ag);
    QVERIFY2(QString::fromStdString(ag->bottleneck_link).endsWith(QLatin1String("nvswitch")),
             rows(r).constData());
    QVERIFY(near(ag->busbw_Bps, 230e9, 0.05));
    // What the canvas highlights for the row: only NVSwitch ports (8 GPUs × 128 nodes), one ring of 8.
    QCOMPARE(ag->links.size(), std::size_t(1024));
    for (const std::string& id : ag->links)
        QVERIFY2(id.size() > 12 && id.substr(id.find('~')) == "~" + id.substr(0, id.find('.')) + ".nvswitch",
                 id.c_str());
    QCOMPARE(ag->rings.size(), std::size_t(1));
    QCOMPARE(ag->rings.front().size(), std::size_t(8));
    const CommCollective* dp = row(r, "dp", "allreduce");
    QVERIFY(dp);
    QVERIFY2(QString::fromStdString(dp->bottleneck_link).contains(QLatin1String("leaf")),
             rows(r).constData());
    // dp × tp × pp = 1024 ranks; with dp innermost instead, the tp group spreads over 8 nodes and crosses the
    // network.
    s.parallel.rank_order = "dp-tp-pp";
    const CommResult spread = estimateCommunication(s, microbatches(s));
    const CommCollective* far = row(spread, "tp", "allgather");
    QVERIFY(far);
    QVERIFY2(QString::fromStdString(far->bottleneck_link).contains(QLatin1String("leaf")) ||
                 QString::fromStdString(far->bottleneck_link).contains(QLatin1String("nic")),
             rows(spread).constData());
    QVERIFY(far->time_s > 5 * ag->time_s);
}

void TestComm::pipelineSends()
{
    // Narayanan et al. §4.1: b·s·h elements per microbatch per boundary each way, each tp rank sending its
    // 1/t share (scatter/gather); interleaving sends v times as often.
    Scenario s = gpt3();
    const CommResult r = estimateCommunication(s, microbatches(s));
    const CommCollective* pp = row(r, "pp", "sendrecv");
    QVERIFY2(pp, rows(r).constData());
    QCOMPARE(pp->bytes, 2048.0 * 12288 * 2 / 8);
    QCOMPARE(pp->count_per_step, std::int64_t(2 * 96));
    s.parallel.schedule = Schedule::Interleaved;
    s.parallel.virtual_stages = 2;
    const CommResult inter = estimateCommunication(s, microbatches(s));
    QCOMPARE(row(inter, "pp", "sendrecv")->count_per_step, std::int64_t(2 * 96 * 2));
}

void TestComm::zeroVolumes_data()
{
    QTest::addColumn<int>("stage");
    QTest::addColumn<double>("psiMoved"); // per step, in units of Ψ elements, as ZeRO counts them
    // ZeRO (Rajbhandari et al. SC'20) §7: plain DP and stages 1-2 move 2Ψ per step
    // (reduce-scatter + all-gather, an all-reduce counting as both), stage 3 moves 3Ψ. One microbatch.
    QTest::newRow("stage 0: all-reduce = 2Ψ") << 0 << 2.0;
    QTest::newRow("stage 1: reduce-scatter + all-gather = 2Ψ") << 1 << 2.0;
    QTest::newRow("stage 2: reduce-scatter + all-gather = 2Ψ") << 2 << 2.0;
    QTest::newRow("stage 3: 2 all-gathers + reduce-scatter = 3Ψ") << 3 << 3.0;
}

void TestComm::zeroVolumes()
{
    QFETCH(int, stage);
    QFETCH(double, psiMoved);
    const Scenario s = paramsModel(64, stage); // 16-bit gradients and weights: 2 bytes per element
    const CommResult r = estimateCommunication(s, 1);
    double elements = 0;
    for (const CommCollective& c : r.collectives) {
        QCOMPARE(c.group, std::string("dp"));
        elements += double(c.count_per_step) * c.bytes / 2 * (c.op == "allreduce" ? 2 : 1);
    }
    QVERIFY2(near(elements, psiMoved * 7.5e9, 1e-12), rows(r).constData());
    // With m microbatches ZeRO-3 gathers the weights for every forward and backward (DeepSpeed).
    if (stage == 3)
        QCOMPARE(row(estimateCommunication(s, 4), "dp", "allgather")->count_per_step, std::int64_t(8));
}

void TestComm::gradientCompression()
{
    // Quantised gradients of k bits move k/32 of the fp32 volume (1-bit Adam, Tang et al., ICML'21).
    Scenario s = paramsModel(16, 0);
    s.training.grad_comm_bits = 32;
    const CommCollective full = *row(estimateCommunication(s, 1), "dp", "allreduce");
    QCOMPARE(full.bytes, 7.5e9 * 4);
    for (int bits : {16, 8, 1}) {
        s.training.grad_comm_bits = bits;
        const CommCollective c = *row(estimateCommunication(s, 1), "dp", "allreduce");
        QCOMPARE(c.bytes, full.bytes * bits / 32);
        QVERIFY(c.time_s < full.time_s);
    }
}

void TestComm::parameterServerBottleneckMoves()
{
    // Four one-GPU workers and S parameter servers on one 10 GbE switch (ps-cluster). Each worker pushes its
    // whole gradient, each server receives 1/S of every worker's: with one server its NIC takes 4 workers'
    // worth and is the bottleneck; sharding over more servers relieves it until the workers' own NICs bind
    // (S ≥ 4). Li et al., OSDI'14, §3.
    Scenario s = paramsModel(4, 0);
    s.model.params = 1e8;
    s.cluster.node_preset = "ps-cluster";
    s.cluster.nodes = 4;
    s.cluster.gpus_per_node = 1;
    s.cluster.network = {"ethernet-10g", 1};
    s.parallel.dp_sync = DpSync::ParameterServer;
    const double nic = 1.25e9 * 0.9; // 10 GbE at the catalogue's 90% (linkcatalog.cpp)
    const double grads = 1e8 * 2;    // 16-bit gradients
    double previous = 1e30;
    for (int servers : {1, 2, 4, 8}) {
        s.parallel.ps_servers = servers;
        const CommResult r = estimateCommunication(s, 1);
        const CommCollective* push = row(r, "dp", "push");
        QVERIFY2(push, rows(r).constData());
        QCOMPARE(QString::fromStdString(push->algorithm), QStringLiteral("parameter-server"));
        const QString bottleneck = QString::fromStdString(push->bottleneck_link);
        if (servers < 4) {
            QVERIFY2(bottleneck.startsWith(QLatin1String("ps")), qPrintable(bottleneck));
            QVERIFY(near(push->time_s - 0, 4 * grads / servers / nic, 1e-3));
        } else {
            QVERIFY2(bottleneck.contains(QLatin1String(".nic0")), qPrintable(bottleneck));
            QVERIFY(near(push->time_s, grads / nic, 1e-3));
        }
        QVERIFY(push->time_s <= previous * (1 + 1e-9));
        previous = push->time_s;
        QVERIFY(row(r, "dp", "pull"));
        QVERIFY(!row(r, "dp", "allreduce"));
    }
}

void TestComm::offloadCopies()
{
    // ZeRO-Offload (Ren et al. ATC'21): at least 4 bytes per parameter cross PCIe per step,
    // 2 of fp16 gradients to the host and 2 of fp16 weights back, each rank its 1/N_d share.
    Scenario s = paramsModel(8, 2);
    s.parallel.offload_optimizer = Offload::Cpu;
    const CommResult r = estimateCommunication(s, 1);
    const CommCollective* d2h = row(r, "offload", "d2h");
    const CommCollective* h2d = row(r, "offload", "h2d");
    QVERIFY2(d2h && h2d, rows(r).constData());
    QCOMPARE(d2h->bytes + h2d->bytes, 4 * 7.5e9 / 8);
    // Eight GPUs copy at once through the DGX A100's PCIe switches and host bridges: a PCIe-class link binds.
    QVERIFY2(QString::fromStdString(d2h->bottleneck_link).contains(QLatin1String("pcie")),
             rows(r).constData());
}

void TestComm::linkTable()
{
    Scenario s = gpt3();
    s.parallel.sequence_parallel = true;
    const CommResult r = estimateCommunication(s, microbatches(s));
    QVERIFY(!r.links.empty());
    double worst = 0;
    for (const CommLink& l : r.links) {
        QVERIFY(l.bytes_per_step > 0);
        QVERIFY(near(l.busy_s, l.bytes_per_step / (l.bandwidth_Bps * l.efficiency), 1e-9));
        QCOMPARE(l.utilization, 0.0); // the step model fills it
        worst = std::max(worst, l.busy_s);
    }
    bool found = false;
    for (const CommLink& l : r.links)
        found = found || (l.id == r.bottleneck_link && l.busy_s == worst);
    QVERIFY(found);
    double serial = 0;
    for (const CommCollective& c : r.collectives)
        serial += c.time_s * double(c.count_per_step);
    QVERIFY(near(r.serial_time_s, serial, 1e-12));
}

void TestComm::mismatchWarns()
{
    Scenario s = gpt3();
    s.parallel.dp = 8; // 512 ranks on 1024 GPUs
    const CommResult r = estimateCommunication(s, 1);
    QVERIFY(r.collectives.empty());
    QCOMPARE(r.warnings.size(), std::size_t(1));
    QCOMPARE(QString::fromStdString(r.warnings.front().code), QStringLiteral("comm.gpus"));
    // An explicit topology without parameter servers falls back to the all-reduce and says so.
    Scenario ps = paramsModel(2, 0);
    ps.cluster.nodes = 1;
    ps.cluster.gpus_per_node = 2;
    ps.parallel.dp_sync = DpSync::ParameterServer;
    ps.cluster.topology = Topology{{{"a", "gpu", "", 0, 0}, {"b", "gpu", "", 0, 0}},
                                   {{"ab", "a", "b", "nvlink3", 25e9, 0, 1, 4}}};
    const CommResult fallback = estimateCommunication(ps, 1);
    QVERIFY(row(fallback, "dp", "allreduce"));
    QCOMPARE(QString::fromStdString(fallback.warnings.front().code),
             QStringLiteral("comm.no_parameter_servers"));
}

void TestComm::expertGroups()
{
    // Megatron-Core's layout (parallel_state.py, RankGenerator "tp-ep-dp-pp" for experts): with tp 2, dp 4,
    // ep 2 and etp 1 a stage's 8 ranks r = tp + 2·dp are read as etp 0, ep = r mod 2, edp = r / 2.
    ParallelSpec p;
    p.tp = 2;
    p.dp = 4;
    p.ep = 2;
    p.etp = 1;
    const ParallelGroups g = parallelGroups(p);
    QCOMPARE(g.ep.size(), std::size_t(4));
    QCOMPARE(g.ep[0], (std::vector<int>{0, 1}));
    QCOMPARE(g.edp[0], (std::vector<int>{0, 2, 4, 6}));
    // cp ranks sit next to tp (tp-cp-ep-dp-pp): tp 2, cp 2 gives cp groups {0, 2}, and the dense weights'
    // replicas span dp × cp.
    ParallelSpec c;
    c.tp = 2;
    c.cp = 2;
    c.dp = 2;
    const ParallelGroups h = parallelGroups(c);
    QCOMPARE(h.cp[0], (std::vector<int>{0, 2}));
    QCOMPARE(h.tp[0], (std::vector<int>{0, 1}));
    QCOMPARE(h.dp[0], (std::vector<int>{0, 2, 4, 6}));
    // Llama 3's order [TP, CP, PP, DP] (arXiv:2407.21783 §3.3.2) names cp: with tp 2, cp 2, pp 2, dp 2 the
    // pipeline's stages are 4 ranks apart and the dp replicas 8.
    ParallelSpec l = c;
    l.pp = 2;
    l.rank_order = "tp-cp-pp-dp";
    const ParallelGroups lg = parallelGroups(l);
    QCOMPARE(lg.cp[0], (std::vector<int>{0, 2}));
    QCOMPARE(lg.pp[0], (std::vector<int>{0, 4}));
    QCOMPARE(lg.dp[0], (std::vector<int>{0, 2, 8, 10}));
}

void TestComm::expertAllToAll()
{
    // GShard (Lepikhin et al., ICLR'21 §2.2), Megatron-Core's all-to-all dispatcher: per MoE layer and
    // microbatch a dispatch and a combine forward, the same backward: 4 all-to-alls, each rank sending its
    // b·s tokens × top-k × h × 2 bytes: 4096 × 2 × 4096 × 2 = 64 MiB.
    Scenario s = mixtral(1, 8);
    const CommResult r = estimateCommunication(s, microbatches(s));
    const CommCollective* a2a = row(r, "ep", "alltoall");
    QVERIFY2(a2a, rows(r).constData());
    QCOMPARE(a2a->bytes, 4096.0 * 2 * 4096 * 2);
    QCOMPARE(a2a->count_per_step, std::int64_t(4 * 32 * 1));
    QCOMPARE(a2a->ranks, std::int64_t(8));
    // Inside one DGX H100 the all-to-all stays on NVSwitch; 8 GPUs each send 7/8 of 64 MiB at about the
    // NVLink 4 port rate, so a call takes well under a millisecond and over a tenth of one.
    QVERIFY2(QString::fromStdString(a2a->bottleneck_link).contains(QLatin1String("nvswitch")),
             rows(r).constData());
    QVERIFY2(a2a->time_s > 1e-4 && a2a->time_s < 1e-3, rows(r).constData());
    // Expert gradients: with ep 8 = dp 8 every GPU holds its own expert, so there is no edp reduction; the
    // dense weights reduce over all 8.
    QVERIFY2(!row(r, "edp", "reducescatter"), rows(r).constData());
    QVERIFY(row(r, "dp", "reducescatter"));
    // Over two nodes with ep 8 each node holds every expert once: the expert gradients reduce between the
    // two copies (edp = dp / ep = 16 / 8 = 2), the all-to-all stays inside each node.
    Scenario wide = mixtral(2, 8);
    const CommResult w = estimateCommunication(wide, microbatches(wide));
    const CommCollective* inNode = row(w, "ep", "alltoall");
    QVERIFY2(inNode, rows(w).constData());
    QVERIFY2(QString::fromStdString(inNode->bottleneck_link).contains(QLatin1String("nvswitch")),
             rows(w).constData());
    const CommCollective* edp = row(w, "edp", "reducescatter");
    QVERIFY2(edp, rows(w).constData());
    QCOMPARE(edp->ranks, std::int64_t(2));
    // The load factor scales the busiest rank's bytes (a capacity factor of 1.25 pads every expert to it).
    Scenario padded = mixtral(1, 8);
    padded.model.capacity_factor = 1.25;
    const CommResult pr = estimateCommunication(padded, microbatches(padded));
    QCOMPARE(row(pr, "ep", "alltoall")->bytes, 1.25 * a2a->bytes);
}

void TestComm::contextParallel()
{
    // Llama-3-style GQA (8 kv heads of 128) with cp 4 on one DGX H100, tp 2: each rank holds s/4 tokens and
    // its kv heads' share, K and V: 2 × 8192/4 × 4 × 128 × 2 B = 4 MiB; the gathered buffer is cp times that.
    // Forward one all-gather, backward one all-gather and one reduce-scatter of dK/dV per layer
    // (Megatron-Core context parallel; Llama 3, arXiv:2407.21783 §3.3.2).
    Scenario s = mixtral(1, 1);
    s.model.experts = 1;
    s.model.experts_per_token = 1;
    s.model.seq_len = 8192;
    s.parallel.ep = 1;
    s.parallel.tp = 2;
    s.parallel.cp = 4;
    s.parallel.dp = 1;
    s.parallel.zero_stage = 0;
    s.training.global_batch = 4;
    const CommResult r = estimateCommunication(s, microbatches(s));
    const CommCollective* ag = row(r, "cp", "allgather");
    QVERIFY2(ag, rows(r).constData());
    QCOMPARE(ag->bytes, 4 * (2.0 * 8192 / 4 * 4 * 128 * 2));
    QCOMPARE(ag->count_per_step, std::int64_t(2 * 32 * 4));
    QCOMPARE(ag->ranks, std::int64_t(4));
    QCOMPARE(ag->algorithm, std::string("ring-p2p"));
    const CommCollective* rs = row(r, "cp", "reducescatter");
    QVERIFY(rs);
    QCOMPARE(rs->count_per_step, std::int64_t(32 * 4));
    // The tp all-reduce moves the rank's s/cp tokens: b · s/4 · h · 2.
    QCOMPARE(row(r, "tp", "allreduce")->bytes, 8192.0 / 4 * 4096 * 2);
    // The dense gradients reduce over dp × cp = 4 ranks.
    QCOMPARE(row(r, "dp", "allreduce")->ranks, std::int64_t(4));
}

QTEST_APPLESS_MAIN(TestComm)
#include "tst_comm.moc"
