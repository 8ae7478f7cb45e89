// SPDX-License-Identifier: GPL-3.0-or-later
#include "traceexport.h"

#include "jsonwriter.h"

#include <algorithm>
#include <cmath>
#include <iterator>
#include <map>
#include <set>
#include <tuple>

namespace ss::io {

namespace {

// A stream's thread id is its place here; ep and cp came later and keep the ids after pcie, so a trace of a
// dense model reads as before.
const char* const kStreams[] = {"compute", "tp", "pp", "dp", "pcie", "ep", "cp"};
constexpr int kStreamCount = int(std::size(kStreams));
// The order the threads are shown in: a GPU's streams as the step timeline stacks them.
const char* const kStreamOrder[] = {"compute", "tp", "ep", "cp", "pp", "dp", "pcie"};

// The stream's place in kStreamOrder from 1; streams the table lacks after them, by thread id.
int sortIndex(std::string_view stream, int tid)
{
    for (int i = 0; i < kStreamCount; ++i)
        if (stream == kStreamOrder[i])
            return i + 1;
    return tid;
}

// Trace timestamps are microseconds (Trace Event Format, "ts"); rounded to nanoseconds so that the
// bytes do not depend on the last bit of a double.
double micros(double seconds)
{
    return std::round(seconds * 1e9) / 1e3;
}

std::string boxName(const TimelineEvent& e)
{
    std::string name(timelineKindName(e.kind));
    if (e.microbatch >= 0)
        name += " " + std::to_string(e.microbatch);
    return name;
}

// The GPUs and streams of a timeline: each GPU's stage and streams, and the thread ids of the streams.
class Streams
{
public:
    explicit Streams(const std::vector<TimelineEvent>& timeline)
    {
        for (const TimelineEvent& e : timeline) {
            m_stageOfGpu.emplace(e.gpu, e.stage);
            m_streamsOfGpu[e.gpu].insert(std::string(timelineStreamName(e.stream)));
        }
    }
    // Every stream of the timeline is in the table.
    int tid(std::string_view stream) const { return traceStreamId(stream); }
    const std::map<int, int>& stageOfGpu() const { return m_stageOfGpu; }
    const std::set<std::string>& streamsOf(int gpu) const { return m_streamsOfGpu.at(gpu); }

private:
    std::map<int, int> m_stageOfGpu;
    std::map<int, std::set<std::string>> m_streamsOfGpu;
};

// A metadata event ("ph": "M") NAME of process GPU (and thread TID when not 0) whose one argument is ARG_KEY.
template <typename T>
void writeMetadata(JsonWriter& w, const char* name, int gpu, int tid, const char* argKey, const T& arg)
{
    w.beginObject();
    w.member("ph", "M");
    w.member("name", name);
    w.member("pid", gpu);
    if (tid > 0)
        w.member("tid", tid);
    w.key("args");
    w.beginObject();
    w.member(argKey, arg);
    w.endObject();
    w.endObject();
}

// Names and order of the processes (GPUs) and threads (streams).
void writeNames(JsonWriter& w, const Streams& streams)
{
    for (const auto& [gpu, stage] : streams.stageOfGpu()) {
        writeMetadata(w, "process_name", gpu, 0, "name",
                      "GPU " + std::to_string(gpu) + " (stage " + std::to_string(stage) + ")");
        writeMetadata(w, "process_sort_index", gpu, 0, "sort_index", gpu);
        for (const std::string& stream : streams.streamsOf(gpu)) {
            writeMetadata(w, "thread_name", gpu, streams.tid(stream), "name", stream);
            writeMetadata(w, "thread_sort_index", gpu, streams.tid(stream), "sort_index",
                          sortIndex(stream, streams.tid(stream)));
        }
    }
}

// A complete event ("ph": "X") per timeline box.
void writeBox(JsonWriter& w, const TimelineEvent& e, const Streams& streams,
              const std::vector<CommCollective>& collectives)
{
    w.beginObject();
    w.member("name", boxName(e));
    w.member("cat", timelineStreamName(e.stream));
    w.member("ph", "X");
    w.member("ts", micros(e.start_s));
    w.member("dur", std::max(0.0, micros(e.end_s) - micros(e.start_s)));
    w.member("pid", e.gpu);
    w.member("tid", streams.tid(timelineStreamName(e.stream)));
    w.key("args");
    w.beginObject();
    w.member("kind", timelineKindName(e.kind));
    w.member("stage", e.stage);
    w.member("microbatch", e.microbatch);
    w.member("chunk", e.chunk);
    if (e.bytes > 0)
        w.member("bytes", e.bytes);
    if (e.collective >= 0 && std::size_t(e.collective) < collectives.size()) {
        const CommCollective& c = collectives[std::size_t(e.collective)];
        w.member("collective", c.group + " " + c.op);
    }
    w.member("critical", e.critical);
    w.endObject();
    w.endObject();
}

// Flow arrows: the step simulator emits a transfer's send and receive with the same microbatch, chunk and
// times (stepsim.cpp), so those four pair them; each receive is used once.
void writeFlows(JsonWriter& w, const std::vector<TimelineEvent>& timeline, const Streams& streams)
{
    using Key = std::tuple<int, int, double, double>;
    std::multimap<Key, const TimelineEvent*> receives;
    for (const TimelineEvent& e : timeline)
        if (e.kind == TimelineKind::PpRecv)
            receives.emplace(Key{e.microbatch, e.chunk, e.start_s, e.end_s}, &e);
    int flow = 0;
    for (const TimelineEvent& e : timeline) {
        if (e.kind != TimelineKind::PpSend)
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
            w.member("name", "pp " + std::to_string(e.microbatch));
            w.member("cat", "pp-flow");
            w.member("ph", start ? "s" : "f");
            if (!start)
                w.member("bp",
                         "e"); // binds to the enclosing slice (the receive box) rather than the next one
            w.member("id", flow);
            w.member("ts", micros(at.start_s));
            w.member("pid", at.gpu);
            w.member("tid", streams.tid(timelineStreamName(at.stream)));
            w.endObject();
        }
    }
}

} // namespace

int traceStreamId(std::string_view stream)
{
    for (int i = 0; i < kStreamCount; ++i)
        if (stream == kStreams[i])
            return i + 1;
    return 0;
}

QByteArray writeTraceEvents(const Result& result, const QString& name)
{
    const Streams streams(result.timeline);
    JsonWriter w;
    w.beginObject();
    w.member("displayTimeUnit", "ms");
    w.key("otherData");
    w.beginObject();
    w.member("name", name.toStdString());
    w.member("generator", "shardscope");
    w.member("step_time_s", result.step.time_s);
    w.endObject();
    w.key("traceEvents");
    w.beginArray();
    writeNames(w, streams);
    for (const TimelineEvent& e : result.timeline)
        writeBox(w, e, streams, result.comm.collectives);
    writeFlows(w, result.timeline, streams);
    w.endArray();
    w.endObject();
    return w.data();
}

} // namespace ss::io
