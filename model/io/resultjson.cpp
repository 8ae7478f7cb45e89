// SPDX-License-Identifier: GPL-3.0-or-later
#include "resultjson.h"

#include "jsonwriter.h"

#include <cmath>
#include <string>
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
        check(m.buffer_zero3_gather, row + "buffer_parts.zero3_gather");
        check(m.buffer_grad_buckets, row + "buffer_parts.grad_buckets");
        check(m.buffer_logits, row + "buffer_parts.logits");
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
    w.key("stage");
    w.value(m.stage);
    w.key("layers");
    w.value(m.layers);
    w.key("stage_params");
    w.value(m.stage_params);
    w.key("gpu_params");
    w.value(m.gpu_params);
    w.key("in_flight");
    w.value(m.in_flight);
    w.key("params");
    w.value(m.params);
    w.key("grads");
    w.value(m.grads);
    w.key("optimizer");
    w.value(m.optimizer);
    w.key("activations");
    w.value(m.activations);
    w.key("buffers");
    w.value(m.buffers);
    w.key("buffer_parts");
    w.beginObject();
    w.key("zero3_gather");
    w.value(m.buffer_zero3_gather);
    w.key("grad_buckets");
    w.value(m.buffer_grad_buckets);
    w.key("logits");
    w.value(m.buffer_logits);
    w.key("cuda_context");
    w.value(m.buffer_cuda_context);
    w.key("allocator");
    w.value(m.buffer_allocator);
    w.endObject();
    w.key("total");
    w.value(m.total);
    w.key("capacity");
    w.value(m.capacity);
    w.key("fits");
    w.value(m.fits);
    w.endObject();
}

} // namespace

QByteArray writeResult(const Result& r, bool withExplain, bool withTimeline)
{
    const std::vector<std::string> bad = nonFinitePaths(r, withExplain, withTimeline);

    JsonWriter w;
    w.beginObject();
    w.key("gpus");
    w.value(r.gpus);
    w.key("params_total");
    w.value(r.params_total);
    w.key("microbatches");
    w.value(r.microbatches);

    w.key("memory");
    w.beginObject();
    w.key("per_gpu");
    w.beginArray();
    for (const StageMemory& m : r.memory.per_gpu)
        writeStage(w, m);
    w.endArray();
    w.key("peak_gpu_bytes");
    w.value(r.memory.peak_gpu_bytes);
    w.key("peak_stage");
    w.value(r.memory.peak_stage);
    w.key("cpu_bytes_per_node");
    w.value(r.memory.cpu_bytes_per_node);
    w.key("nvme_bytes_per_node");
    w.value(r.memory.nvme_bytes_per_node);
    w.endObject();

    w.key("compute");
    w.beginObject();
    w.key("model_flops_per_step");
    w.value(r.compute.model_flops_per_step);
    w.key("hardware_flops_per_step");
    w.value(r.compute.hardware_flops_per_step);
    w.key("flops_per_token");
    w.value(r.compute.flops_per_token);
    w.endObject();

    // The step's collectives and link loads; a link's "utilization" is busy_s over the simulated step time.
    w.key("comm");
    w.beginObject();
    w.key("collectives");
    w.beginArray();
    for (const CommCollective& c : r.comm.collectives) {
        w.beginObject();
        w.key("group");
        w.value(c.group);
        w.key("op");
        w.value(c.op);
        w.key("bytes");
        w.value(c.bytes);
        w.key("count_per_step");
        w.value(c.count_per_step);
        w.key("time_s");
        w.value(c.time_s);
        w.key("algorithm");
        w.value(c.algorithm);
        w.key("bottleneck_link");
        w.value(c.bottleneck_link);
        w.key("ranks");
        w.value(c.ranks);
        w.key("groups");
        w.value(c.groups);
        w.key("busbw_Bps");
        w.value(c.busbw_Bps);
        w.key("alpha_s");
        w.value(c.alpha_s);
        w.endObject();
    }
    w.endArray();
    w.key("links");
    w.beginArray();
    for (const CommLink& l : r.comm.links) {
        w.beginObject();
        w.key("id");
        w.value(l.id);
        w.key("a");
        w.value(l.a);
        w.key("b");
        w.value(l.b);
        w.key("kind");
        w.value(l.kind);
        w.key("bandwidth_Bps");
        w.value(l.bandwidth_Bps);
        w.key("efficiency");
        w.value(l.efficiency);
        w.key("bytes_per_step");
        w.value(l.bytes_per_step);
        w.key("busy_s");
        w.value(l.busy_s);
        w.key("utilization");
        w.value(l.utilization);
        w.endObject();
    }
    w.endArray();
    w.key("bottleneck_link");
    w.value(r.comm.bottleneck_link);
    w.key("serial_time_s");
    w.value(r.comm.serial_time_s);
    w.endObject();

    // The simulated step (CONTRACT.md "step"); all zero when the scenario could not be simulated.
    w.key("step");
    w.beginObject();
    w.key("time_s");
    w.value(r.step.time_s);
    w.key("compute_s");
    w.value(r.step.compute_s);
    w.key("exposed_comm_s");
    w.value(r.step.exposed_comm_s);
    w.key("bubble_fraction");
    w.value(r.step.bubble_fraction);
    w.key("tokens_per_s");
    w.value(r.step.tokens_per_s);
    w.key("mfu");
    w.value(r.step.mfu);
    w.key("hfu");
    w.value(r.step.hfu);
    w.endObject();

    // What limits the step most; left out when nothing was simulated (its kind would be empty).
    if (!r.bottleneck.kind.empty()) {
        w.key("bottleneck");
        w.beginObject();
        w.key("kind");
        w.value(r.bottleneck.kind);
        w.key("id");
        w.value(r.bottleneck.id);
        w.key("message");
        w.value(r.bottleneck.message);
        w.key("args");
        w.beginArray();
        for (const std::string& arg : r.bottleneck.args)
            w.value(arg);
        w.endArray();
        w.endObject();
    }

    w.key("warnings");
    w.beginArray();
    for (const Warning& warning : r.warnings) {
        w.beginObject();
        w.key("code");
        w.value(warning.code);
        w.key("message");
        w.value(warning.message);
        w.endObject();
    }
    for (const std::string& path : bad) {
        w.beginObject();
        w.key("code");
        w.value("result.non_finite");
        w.key("message");
        w.value(path + " is not a finite number (a bug in ShardScope); it is written as null");
        w.endObject();
    }
    w.endArray();

    if (withTimeline) {
        // One row per box (CONTRACT.md "timeline"), plus its chunk, bytes moved, comm.collectives index and
        // whether it is on the critical path.
        w.key("timeline");
        w.beginArray();
        for (const TimelineEvent& e : r.timeline) {
            w.beginObject();
            w.key("gpu");
            w.value(e.gpu);
            w.key("stage");
            w.value(e.stage);
            w.key("stream");
            w.value(e.stream);
            w.key("kind");
            w.value(e.kind);
            w.key("microbatch");
            w.value(e.microbatch);
            w.key("start_s");
            w.value(e.start_s);
            w.key("end_s");
            w.value(e.end_s);
            w.key("chunk");
            w.value(e.chunk);
            w.key("bytes");
            w.value(e.bytes);
            w.key("collective");
            w.value(e.collective);
            w.key("critical");
            w.value(e.critical);
            w.endObject();
        }
        w.endArray();
    }

    if (withExplain) {
        w.key("explain");
        w.beginArray();
        for (const Explanation& e : r.explain) {
            w.beginObject();
            w.key("figure");
            w.value(e.figure);
            w.key("formula");
            w.value(e.formula);
            w.key("substituted");
            w.value(e.substituted);
            w.key("value");
            w.value(e.value);
            w.key("unit");
            w.value(e.unit);
            w.key("source");
            w.value(e.source);
            w.endObject();
        }
        w.endArray();
    }
    w.endObject();
    return w.data();
}

} // namespace ss::io
