// SPDX-License-Identifier: GPL-3.0-or-later
#include "resultjson.h"

#include "jsonwriter.h"

#include <cmath>
#include <set>
#include <string>
#include <string_view>
#include <vector>

namespace ss::io {

namespace {

// Every number the writer emits, with its JSON path, so that non-finite ones can be reported in the
// warnings before the writer reaches them (warnings come before explain in the output).
std::vector<std::string> nonFinitePaths(const Result& r, bool withExplain, bool withTimeline)
{
    std::vector<std::string> paths;
    const auto check = [&paths](double value, const std::string& path) {
        if (!std::isfinite(value))
            paths.push_back(path);
    };
    check(r.params_total, "params_total");
    check(r.params_active, "params_active");
    check(r.params_trainable, "params_trainable");
    for (std::size_t i = 0; i < r.memory.per_gpu.size(); ++i) {
        const StageMemory& m = r.memory.per_gpu[i];
        const std::string row = "memory.per_gpu[" + std::to_string(i) + "].";
        check(m.stage_params, row + "stage_params");
        check(m.gpu_params, row + "gpu_params");
        check(m.in_flight, row + "in_flight");
        check(m.params, row + "params");
        check(m.grads, row + "grads");
        check(m.optimizer, row + "optimizer");
        check(m.activations, row + "activations");
        check(m.buffers, row + "buffers");
        check(m.param_frozen, row + "param_parts.frozen");
        check(m.param_quant_constants, row + "param_parts.quant_constants");
        check(m.param_trainable, row + "param_parts.trainable");
        check(m.buffer_zero3_gather, row + "buffer_parts.zero3_gather");
        check(m.buffer_grad_buckets, row + "buffer_parts.grad_buckets");
        check(m.buffer_logits, row + "buffer_parts.logits");
        check(m.buffer_moe_dispatch, row + "buffer_parts.moe_dispatch");
        check(m.buffer_fp8_weights, row + "buffer_parts.fp8_weights");
        check(m.buffer_cuda_context, row + "buffer_parts.cuda_context");
        check(m.buffer_allocator, row + "buffer_parts.allocator");
        check(m.total, row + "total");
        check(m.capacity, row + "capacity");
    }
    check(r.memory.peak_gpu_bytes, "memory.peak_gpu_bytes");
    check(r.memory.cpu_bytes_per_node, "memory.cpu_bytes_per_node");
    check(r.memory.nvme_bytes_per_node, "memory.nvme_bytes_per_node");
    check(r.compute.model_flops_per_step, "compute.model_flops_per_step");
    check(r.compute.hardware_flops_per_step, "compute.hardware_flops_per_step");
    check(r.compute.flops_per_token, "compute.flops_per_token");
    for (std::size_t i = 0; i < r.comm.links.size(); ++i)
        check(r.comm.links[i].utilization, "comm.links[" + std::to_string(i) + "].utilization");
    check(r.step.time_s, "step.time_s");
    check(r.step.compute_s, "step.compute_s");
    check(r.step.exposed_comm_s, "step.exposed_comm_s");
    check(r.step.bubble_fraction, "step.bubble_fraction");
    check(r.step.tokens_per_s, "step.tokens_per_s");
    check(r.step.mfu, "step.mfu");
    check(r.step.hfu, "step.hfu");
    if (withTimeline)
        for (std::size_t i = 0; i < r.timeline.size(); ++i) {
            const TimelineEvent& e = r.timeline[i];
            const std::string row = "timeline[" + std::to_string(i) + "].";
            check(e.start_s, row + "start_s");
            check(e.end_s, row + "end_s");
            check(e.bytes, row + "bytes");
        }
    if (withExplain)
        for (std::size_t i = 0; i < r.explain.size(); ++i)
            check(r.explain[i].value, "explain[" + std::to_string(i) + "].value");
    return paths;
}

void writeStage(JsonWriter& w, const StageMemory& m)
{
    w.beginObject();
    w.member("stage", m.stage);
    w.member("layers", m.layers);
    w.member("stage_params", m.stage_params);
    w.member("gpu_params", m.gpu_params);
    w.member("in_flight", m.in_flight);
    w.member("params", m.params);
    if (m.param_frozen > 0) {
        // LoRA, QLoRA: params by part (docs/formats.md); absent in full training, where all of params trains.
        w.key("param_parts");
        w.beginObject();
        w.member("frozen", m.param_frozen);
        w.member("quant_constants", m.param_quant_constants);
        w.member("trainable", m.param_trainable);
        w.endObject();
    }
    w.member("grads", m.grads);
    w.member("optimizer", m.optimizer);
    w.member("activations", m.activations);
    w.member("buffers", m.buffers);
    w.key("buffer_parts");
    w.beginObject();
    w.member("zero3_gather", m.buffer_zero3_gather);
    w.member("grad_buckets", m.buffer_grad_buckets);
    w.member("logits", m.buffer_logits);
    w.member("cuda_context", m.buffer_cuda_context);
    w.member("moe_dispatch", m.buffer_moe_dispatch);
    w.member("fp8_weights", m.buffer_fp8_weights);
    w.member("allocator", m.buffer_allocator);
    w.endObject();
    w.member("total", m.total);
    w.member("capacity", m.capacity);
    w.member("fits", m.fits);
    w.endObject();
}

void writeMemory(JsonWriter& w, const MemoryResult& memory)
{
    w.key("memory");
    w.beginObject();
    w.key("per_gpu");
    w.beginArray();
    for (const StageMemory& m : memory.per_gpu)
        writeStage(w, m);
    w.endArray();
    w.member("peak_gpu_bytes", memory.peak_gpu_bytes);
    w.member("peak_stage", memory.peak_stage);
    w.member("cpu_bytes_per_node", memory.cpu_bytes_per_node);
    w.member("nvme_bytes_per_node", memory.nvme_bytes_per_node);
    w.member("host_memory_bytes_per_node", memory.host_memory_bytes_per_node);
    w.member("nvme_capacity_bytes_per_node", memory.nvme_capacity_bytes_per_node);
    w.member("host_fits", memory.host_fits);
    w.member("nvme_fits", memory.nvme_fits);
    w.endObject();
}

void writeCompute(JsonWriter& w, const ComputeResult& compute)
{
    w.key("compute");
    w.beginObject();
    w.member("model_flops_per_step", compute.model_flops_per_step);
    w.member("hardware_flops_per_step", compute.hardware_flops_per_step);
    w.member("flops_per_token", compute.flops_per_token);
    w.endObject();
}

void writeCollective(JsonWriter& w, const CommCollective& c)
{
    w.beginObject();
    w.member("group", c.group);
    w.member("op", c.op);
    w.member("bytes", c.bytes);
    w.member("count_per_step", c.count_per_step);
    w.member("time_s", c.time_s);
    w.member("algorithm", c.algorithm);
    w.member("bottleneck_link", c.bottleneck_link);
    w.member("ranks", c.ranks);
    w.member("groups", c.groups);
    w.member("busbw_Bps", c.busbw_Bps);
    w.member("alpha_s", c.alpha_s);
    w.endObject();
}

void writeLinkLoad(JsonWriter& w, const CommLink& l)
{
    w.beginObject();
    w.member("id", l.id);
    w.member("a", l.a);
    w.member("b", l.b);
    w.member("kind", l.kind);
    w.member("bandwidth_Bps", l.bandwidth_Bps);
    w.member("efficiency", l.efficiency);
    w.member("bytes_per_step", l.bytes_per_step);
    w.member("busy_s", l.busy_s);
    w.member("utilization", l.utilization);
    w.endObject();
}

// The step's collectives and link loads; a link's "utilization" is busy_s over the simulated step time. When
// the engine aggregated the links, the classes and one row per class (EvalOptions::link_rows_max).
void writeComm(JsonWriter& w, const CommResult& comm)
{
    w.key("comm");
    w.beginObject();
    w.key("collectives");
    w.beginArray();
    for (const CommCollective& c : comm.collectives)
        writeCollective(w, c);
    w.endArray();
    // Past EvalOptions::link_rows_max loaded links the engine has kept one row per class (and the
    // bottlenecks) and summarised the classes; the rows written are the class-busiest links and the step's
    // bottleneck.
    const bool aggregate = comm.links_aggregated;
    const std::vector<CommLinkClass>& classes = comm.link_classes;
    w.key("links");
    w.beginArray();
    if (aggregate) {
        std::set<std::string_view> keep;
        for (const CommLinkClass& c : classes)
            keep.insert(c.busiest_link);
        for (const CommLink& l : comm.links)
            if (keep.count(l.id) || l.id == comm.bottleneck_link)
                writeLinkLoad(w, l);
    } else {
        for (const CommLink& l : comm.links)
            writeLinkLoad(w, l);
    }
    w.endArray();
    w.member("links_total", double(aggregate ? std::size_t(comm.links_total) : comm.links.size()));
    w.member("links_aggregated", aggregate);
    if (aggregate) {
        w.key("link_classes");
        w.beginArray();
        for (const CommLinkClass& c : classes) {
            w.beginObject();
            w.member("kind", c.kind);
            w.member("bandwidth_Bps", c.bandwidth_Bps);
            w.member("efficiency", c.efficiency);
            w.member("links", double(c.links));
            w.member("bytes_per_step_max", c.bytes_per_step_max);
            w.member("bytes_per_step_mean", c.bytes_per_step_sum / double(c.links));
            w.member("busy_s_max", c.busy_s_max);
            w.member("utilization_max", c.utilization_max);
            w.member("utilization_mean", c.utilization_mean);
            w.member("busiest_link", c.busiest_link);
            w.endObject();
        }
        w.endArray();
    }
    w.member("bottleneck_link", comm.bottleneck_link);
    w.member("serial_time_s", comm.serial_time_s);
    w.endObject();
}

// The simulated step (docs/formats.md, "step"); all zero when the scenario could not be simulated.
void writeStep(JsonWriter& w, const StepResult& step)
{
    w.key("step");
    w.beginObject();
    w.member("time_s", step.time_s);
    w.member("compute_s", step.compute_s);
    w.member("exposed_comm_s", step.exposed_comm_s);
    w.member("bubble_fraction", step.bubble_fraction);
    w.member("tokens_per_s", step.tokens_per_s);
    w.member("mfu", step.mfu);
    w.member("hfu", step.hfu);
    if (!step.kernels.model.empty()) {
        const KernelBreakdown& k = step.kernels;
        w.key("kernels");
        w.beginObject();
        w.member("model", k.model);
        w.member("stage", k.stage);
        w.member("gemm_s", k.gemm_s);
        w.member("attention_s", k.attention_s);
        w.member("memory_s", k.memory_s);
        w.member("optimizer_s", k.optimizer_s);
        w.member("launch_s", k.launch_s);
        w.member("kernels", k.kernels);
        w.member("scale", k.scale);
        w.endObject();
    }
    w.endObject();
}

// What limits the step most; left out when nothing was simulated (its kind would be empty).
void writeBottleneck(JsonWriter& w, const Bottleneck& bottleneck)
{
    if (bottleneck.kind.empty())
        return;
    w.key("bottleneck");
    w.beginObject();
    w.member("kind", bottleneck.kind);
    w.member("id", bottleneck.id);
    w.member("message", bottleneck.message);
    w.key("args");
    w.beginArray();
    for (const std::string& arg : bottleneck.args)
        w.value(arg);
    w.endArray();
    w.endObject();
}

// The engine's warnings, then one per non-finite number (NON_FINITE: their paths).
void writeWarnings(JsonWriter& w, const std::vector<Warning>& warnings,
                   const std::vector<std::string>& nonFinite)
{
    const auto writeOne = [&w](std::string_view code, const std::string& message) {
        w.beginObject();
        w.member("code", code);
        w.member("message", message);
        w.endObject();
    };
    w.key("warnings");
    w.beginArray();
    for (const Warning& warning : warnings)
        writeOne(warning.code, warning.message);
    for (const std::string& path : nonFinite)
        writeOne("result.non_finite",
                 path + " is not a finite number (a bug in ShardScope); it is written as null");
    w.endArray();
}

// One row per box (docs/formats.md, "timeline"), plus its chunk, bytes moved, comm.collectives index and
// whether it is on the critical path.
void writeTimeline(JsonWriter& w, const std::vector<TimelineEvent>& timeline)
{
    w.key("timeline");
    w.beginArray();
    for (const TimelineEvent& e : timeline) {
        w.beginObject();
        w.member("gpu", e.gpu);
        w.member("stage", e.stage);
        w.member("stream", timelineStreamName(e.stream));
        w.member("kind", timelineKindName(e.kind));
        w.member("microbatch", e.microbatch);
        w.member("start_s", e.start_s);
        w.member("end_s", e.end_s);
        w.member("chunk", e.chunk);
        w.member("bytes", e.bytes);
        w.member("collective", e.collective);
        w.member("critical", e.critical);
        w.endObject();
    }
    w.endArray();
}

// Each op of a stage and chunk by kernel class (docs/formats.md, "timeline_kernels").
void writeTimelineKernels(JsonWriter& w, const std::vector<OpKernels>& ops)
{
    w.key("timeline_kernels");
    w.beginArray();
    for (const OpKernels& op : ops) {
        w.beginObject();
        w.member("stage", op.stage);
        w.member("chunk", op.chunk);
        w.member("kind", op.kind);
        w.member("gemm_s", op.gemm_s);
        w.member("attention_s", op.attention_s);
        w.member("memory_s", op.memory_s);
        w.member("launch_s", op.launch_s);
        w.member("kernels", op.kernels);
        w.endObject();
    }
    w.endArray();
}

void writeExplain(JsonWriter& w, const std::vector<Explanation>& explain)
{
    w.key("explain");
    w.beginArray();
    for (const Explanation& e : explain) {
        w.beginObject();
        w.member("figure", e.figure);
        w.member("formula", e.formula);
        w.member("substituted", e.substituted);
        w.member("value", e.value);
        w.member("unit", e.unit);
        w.member("source", e.source);
        w.endObject();
    }
    w.endArray();
}

} // namespace

QByteArray writeResult(const Result& r, bool withExplain, bool withTimeline)
{
    JsonWriter w;
    w.beginObject();
    w.member("gpus", r.gpus);
    w.member("params_total", r.params_total);
    w.member("params_active", r.params_active);
    w.member("params_trainable", r.params_trainable);
    if (r.params_mtp > 0)
        w.member("params_mtp", r.params_mtp);
    w.member("microbatches", r.microbatches);
    writeMemory(w, r.memory);
    writeCompute(w, r.compute);
    writeComm(w, r.comm);
    writeStep(w, r.step);
    writeBottleneck(w, r.bottleneck);
    writeWarnings(w, r.warnings, nonFinitePaths(r, withExplain, withTimeline));
    if (withTimeline) {
        writeTimeline(w, r.timeline);
        writeTimelineKernels(w, r.timeline_kernels);
    }
    if (withExplain)
        writeExplain(w, r.explain);
    w.endObject();
    return w.data();
}

} // namespace ss::io
