// SPDX-License-Identifier: GPL-3.0-or-later
#include "traceexport.h"

#include "jsonwriter.h"

#include <algorithm>
#include <cmath>
#include <map>
#include <set>
#include <tuple>

namespace ss::io {

namespace {

const char* const kStreams[] = {"compute", "tp", "pp", "dp", "pcie"};

// Trace timestamps are microseconds (Trace Event Format, "ts"); rounded to nanoseconds so that the
// bytes do not depend on the last bit of a double.
double micros(double seconds)
{
    return std::round(seconds * 1e9) / 1e3;
}

std::string boxName(const TimelineEvent& e)
{
    std::string name = e.kind;
    if (e.microbatch >= 0)
        name += " " + std::to_string(e.microbatch);
    return name;
}

} // namespace

int traceStreamId(const std::string& stream)
{
    for (int i = 0; i < 5; ++i)
        if (stream == kStreams[i])
            return i + 1;
    return 0;
}

QByteArray writeTraceEvents(const Result& result, const QString& name)
{
    // Streams the fixed table lacks get numbers after it, in order of appearance.
    std::map<std::string, int> extraStreams;
    std::map<int, int> stageOfGpu;
    std::map<int, std::set<std::string>> streamsOfGpu;
    for (const TimelineEvent& e : result.timeline) {
        if (traceStreamId(e.stream) == 0 && !extraStreams.count(e.stream))
            extraStreams.emplace(e.stream, 6 + int(extraStreams.size()));
        stageOfGpu.emplace(e.gpu, e.stage);
        streamsOfGpu[e.gpu].insert(e.stream);
    }
    const auto tidOf = [&](const std::string& stream) {
        const int id = traceStreamId(stream);
        return id > 0 ? id : extraStreams.at(stream);
    };

    JsonWriter w;
    w.beginObject();
    w.key("displayTimeUnit");
    w.value("ms");
    w.key("otherData");
    w.beginObject();
    w.key("name");
    w.value(name.toStdString());
    w.key("generator");
    w.value("shardscope");
    w.key("step_time_s");
    w.value(result.step.time_s);
    w.endObject();
    w.key("traceEvents");
    w.beginArray();

    // Metadata: names and order of the processes (GPUs) and threads (streams).
    for (const auto& [gpu, stage] : stageOfGpu) {
        w.beginObject();
        w.key("ph");
        w.value("M");
        w.key("name");
        w.value("process_name");
        w.key("pid");
        w.value(gpu);
        w.key("args");
        w.beginObject();
        w.key("name");
        w.value("GPU " + std::to_string(gpu) + " (stage " + std::to_string(stage) + ")");
        w.endObject();
        w.endObject();
        w.beginObject();
        w.key("ph");
        w.value("M");
        w.key("name");
        w.value("process_sort_index");
        w.key("pid");
        w.value(gpu);
        w.key("args");
        w.beginObject();
        w.key("sort_index");
        w.value(gpu);
        w.endObject();
        w.endObject();
        for (const std::string& stream : streamsOfGpu[gpu]) {
            for (const char* meta : {"thread_name", "thread_sort_index"}) {
                w.beginObject();
                w.key("ph");
                w.value("M");
                w.key("name");
                w.value(meta);
                w.key("pid");
                w.value(gpu);
                w.key("tid");
                w.value(tidOf(stream));
                w.key("args");
                w.beginObject();
                if (std::string_view(meta) == "thread_name") {
                    w.key("name");
                    w.value(stream);
                } else {
                    w.key("sort_index");
                    w.value(tidOf(stream));
                }
                w.endObject();
                w.endObject();
            }
        }
    }

    for (const TimelineEvent& e : result.timeline) {
        w.beginObject();
        w.key("name");
        w.value(boxName(e));
        w.key("cat");
        w.value(e.stream);
        w.key("ph");
        w.value("X");
        w.key("ts");
        w.value(micros(e.start_s));
        w.key("dur");
        w.value(std::max(0.0, micros(e.end_s) - micros(e.start_s)));
        w.key("pid");
        w.value(e.gpu);
        w.key("tid");
        w.value(tidOf(e.stream));
        w.key("args");
        w.beginObject();
        w.key("kind");
        w.value(e.kind);
        w.key("stage");
        w.value(e.stage);
        w.key("microbatch");
        w.value(e.microbatch);
        w.key("chunk");
        w.value(e.chunk);
        if (e.bytes > 0) {
            w.key("bytes");
            w.value(e.bytes);
        }
        if (e.collective >= 0 && std::size_t(e.collective) < result.comm.collectives.size()) {
            const CommCollective& c = result.comm.collectives[std::size_t(e.collective)];
            w.key("collective");
            w.value(c.group + " " + c.op);
        }
        w.key("critical");
        w.value(e.critical);
        w.endObject();
        w.endObject();
    }

    // Flow arrows: the step simulator emits a transfer's send and receive with the same microbatch,
    // chunk and times (stepsim.cpp), so those four pair them; each receive is used once.
    using Key = std::tuple<int, int, double, double>;
    std::multimap<Key, const TimelineEvent*> receives;
    for (const TimelineEvent& e : result.timeline)
        if (e.kind == "pp-recv")
            receives.emplace(Key{e.microbatch, e.chunk, e.start_s, e.end_s}, &e);
    int flow = 0;
    for (const TimelineEvent& e : result.timeline) {
        if (e.kind != "pp-send")
            continue;
        auto [first, last] = receives.equal_range(Key{e.microbatch, e.chunk, e.start_s, e.end_s});
        auto match = std::find_if(first, last, [&](const auto& r) { return r.second->gpu != e.gpu; });
        if (match == last)
            continue;
        const TimelineEvent& r = *match->second;
        receives.erase(match);
        ++flow;
        for (const bool start : {true, false}) {
            const TimelineEvent& at = start ? e : r;
            w.beginObject();
            w.key("name");
            w.value("pp " + std::to_string(e.microbatch));
            w.key("cat");
            w.value("pp-flow");
            w.key("ph");
            w.value(start ? "s" : "f");
            if (!start) {
                // Binds to the enclosing slice (the receive box) rather than the next one.
                w.key("bp");
                w.value("e");
            }
            w.key("id");
            w.value(flow);
            w.key("ts");
            w.value(micros(at.start_s));
            w.key("pid");
            w.value(at.gpu);
            w.key("tid");
            w.value(tidOf(at.stream));
            w.endObject();
        }
    }
    w.endArray();
    w.endObject();
    return w.data();
}

} // namespace ss::io
