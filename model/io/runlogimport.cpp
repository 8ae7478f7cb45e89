// SPDX-License-Identifier: GPL-3.0-or-later
// Megatron-LM (megatron/training/training.py training_log) and torchtitan (train.py, components/metrics.py)
// training logs and PyTorch profiler traces (torch.profiler export_chrome_trace, Chrome Trace Event Format)
// read into a MeasuredRun.
#include "runlogimport.h"

#include "readerbase.h"

#include <QCoreApplication>
#include <QHash>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QJsonParseError>
#include <QRegularExpression>

#include <algorithm>
#include <array>
#include <cctype>
#include <cmath>
#include <iterator>
#include <limits>
#include <map>
#include <optional>

namespace ss::io {

namespace {

// kernelClass()'s classes in the order MeasuredRun::kernels lists them.
constexpr std::array<std::string_view, 7> kClasses = {
    "gemm", "attention", "elementwise", "optimizer", "communication", "memcpy", "other"};

int classIndex(std::string_view name)
{
    const auto it = std::find(kClasses.begin(), kClasses.end(), name);
    return int(it - kClasses.begin());
}

// A line of a text log with the launcher's tags and the terminal colours taken off.
struct LogLine
{
    qsizetype number = 0;
    qint64 rank = -1; // from "0: " or "[rank0]:"; -1 untagged
    QString text;
    bool terminated = true; // false: the file's last line, without its newline (a log still being written)
};

// The lines of DATA that contain KEY; only those are decoded, so a large log costs one scan.
std::vector<LogLine> linesWith(const QByteArray& data, const char* key)
{
    // ANSI SGR sequences (torchtitan colours its fields) and launcher tags: srun --label "0: ", torchrun's
    // "[rank0]:" and, in older releases, "[default0]:".
    static const QRegularExpression ansi(QStringLiteral("\\x1b\\[[0-9;]*[A-Za-z]"));
    static const QRegularExpression tag(
        QStringLiteral("^\\s*(?:(\\d{1,9}): |\\[(?:rank|default)(\\d{1,9})\\]:)"));
    std::vector<LogLine> lines;
    qsizetype start = 0;
    qsizetype number = 0;
    while (start < data.size()) {
        qsizetype end = data.indexOf('\n', start);
        const bool terminated = end >= 0;
        if (!terminated)
            end = data.size();
        ++number;
        const QByteArrayView raw(data.constData() + start, end - start);
        start = end + 1;
        if (!raw.contains(key))
            continue;
        LogLine line;
        line.number = number;
        line.terminated = terminated;
        line.text = QString::fromUtf8(raw);
        line.text.remove(QLatin1Char('\r'));
        if (line.text.contains(QChar(0x1b)))
            line.text.remove(ansi);
        for (int tags = 0; tags < 2; ++tags) {
            const QRegularExpressionMatch m = tag.match(line.text);
            if (!m.hasMatch())
                break;
            if (line.rank < 0)
                line.rank = (m.capturedLength(1) > 0 ? m.captured(1) : m.captured(2)).toLongLong();
            line.text.remove(0, m.capturedEnd());
        }
        lines.push_back(std::move(line));
    }
    return lines;
}

double median(std::vector<double> values)
{
    if (values.empty())
        return 0;
    std::sort(values.begin(), values.end());
    const std::size_t n = values.size();
    return n % 2 == 1 ? values[n / 2] : (values[n / 2 - 1] + values[n / 2]) / 2;
}

// Where the representative iterations begin among N: after the first when there are 3 or more.
std::size_t firstCounted(std::size_t n)
{
    return n >= 3 ? 1 : 0;
}

// A number as the logs print it; GROUPED: with thousands separators ("5,123", torchtitan's {:,}).
std::optional<double> logNumber(QString text, bool grouped)
{
    if (grouped)
        text.remove(QLatin1Char(','));
    bool ok = false;
    const double value = text.toDouble(&ok);
    if (!ok || !std::isfinite(value))
        return std::nullopt;
    return value;
}

// One iteration line of either log, before the rank filter.
struct Record
{
    qint64 rank = -1;
    std::optional<double> stepTime, tflops, tokens, mfu;
    std::optional<std::int64_t> globalBatch;
};

// The records of the lowest rank that logged: logs of all ranks repeat each line once per rank.
std::vector<Record> lowestRank(std::vector<Record> records)
{
    if (records.empty())
        return records;
    const auto lowest =
        std::min_element(records.begin(), records.end(), [](const Record& a, const Record& b) {
            return a.rank < b.rank;
        })->rank;
    records.erase(std::remove_if(records.begin(), records.end(),
                                 [lowest](const Record& r) { return r.rank != lowest; }),
                  records.end());
    return records;
}

// The median of FIELD over the representative records, 0 when none has it.
double representative(const std::vector<Record>& records, std::optional<double> Record::*field)
{
    std::vector<double> values;
    for (std::size_t i = firstCounted(records.size()); i < records.size(); ++i)
        if (records[i].*field)
            values.push_back(*(records[i].*field));
    return median(std::move(values));
}

// A time span of a trace in microseconds.
struct Span
{
    double start = std::numeric_limits<double>::infinity();
    double end = -std::numeric_limits<double>::infinity();
};

struct GpuEvent
{
    double ts = 0;
    double dur = 0;
    int cls = 0;
    bool kernel = false; // not a memcpy or memset
};

// What a trace's events say: the ProfilerStep spans by step number, host- and device-side, and the GPU work.
struct TraceEvents
{
    std::map<qint64, Span> cpuSteps, gpuSteps;
    std::vector<GpuEvent> gpu;
};

class RunLogReader : public detail::ReaderBase
{
    Q_DECLARE_TR_FUNCTIONS(ss::io)

public:
    explicit RunLogReader(const QString& fileName) : ReaderBase(fileName, detail::Wording::OwnFile) {}
    bool read(const QByteArray& data, MeasuredRun& out);
    static QString kindText()
    {
        return tr("a Megatron-LM or torchtitan training log or a PyTorch profiler trace");
    }

private:
    bool failAtLine(qsizetype line, const QString& message);
    bool badValue(const LogLine& line, const QString& field, const QString& expected, const QString& got);
    bool readMegatron(const QByteArray& data, MeasuredRun& out);
    bool readTorchtitan(const QByteArray& data, MeasuredRun& out);
    bool readTrace(const QByteArray& data, MeasuredRun& out);
    bool readTraceEvents(const QJsonArray& events, TraceEvents& out);
    bool noIterations();
};

bool RunLogReader::failAtLine(qsizetype line, const QString& message)
{
    return fail(tr("line %1").arg(line), message);
}

bool RunLogReader::badValue(const LogLine& line, const QString& field, const QString& expected,
                            const QString& got)
{
    return failAtLine(line.number, tr("%1: expected %2, got \"%3\"").arg(field, expected, got.left(24)));
}

bool RunLogReader::noIterations()
{
    return fail({}, tr("no training iterations: expected Megatron-LM lines (\"iteration N/M | ... | elapsed "
                       "time per iteration (ms): ...\"), torchtitan lines (\"step: N ... tps: ...\") or a "
                       "PyTorch profiler trace (JSON with \"traceEvents\")"));
}

// Megatron-LM: " [date] iteration N/M | key: value | key: value | ... |", the fields in training_log()'s
// order, several optional; every line ends with " |".
bool RunLogReader::readMegatron(const QByteArray& data, MeasuredRun& out)
{
    static const QRegularExpression iteration(
        QStringLiteral("\\biteration\\s+\\d+\\s*/\\s*\\d+\\s*\\|(.*)$"));
    const QString elapsedKey = QStringLiteral("elapsed time per iteration (ms)");
    const QString throughputKey = QStringLiteral("throughput per GPU (TFLOP/s/GPU)");
    const QString batchKey = QStringLiteral("global batch size");
    std::vector<Record> records;
    for (const LogLine& line : linesWith(data, "iteration")) {
        const QRegularExpressionMatch m = iteration.match(line.text);
        if (!m.hasMatch())
            continue; // "validation loss at iteration 10 |", "(after 10 iterations) memory"
        if (!line.terminated && !line.text.trimmed().endsWith(QLatin1Char('|')))
            continue; // cut off while being written
        Record r;
        r.rank = line.rank;
        for (const QString& part : m.captured(1).split(QLatin1Char('|'))) {
            const qsizetype colon = part.lastIndexOf(QLatin1Char(':'));
            if (colon < 0)
                continue;
            const QString key = part.left(colon).trimmed();
            const QString value = part.mid(colon + 1).trimmed();
            if (key == elapsedKey) {
                r.stepTime = logNumber(value, false);
                if (!r.stepTime || *r.stepTime <= 0)
                    return badValue(line, key, tr("a time above 0"), value);
                *r.stepTime /= 1000;
            } else if (key == throughputKey) {
                r.tflops = logNumber(value, false);
                if (!r.tflops || *r.tflops < 0)
                    return badValue(line, key, tr("a throughput of 0 or more"), value);
            } else if (key == batchKey) {
                bool ok = false;
                const qlonglong batch = value.toLongLong(&ok);
                if (!ok || batch <= 0)
                    return badValue(line, key, tr("a whole number above 0"), value);
                r.globalBatch = batch;
            }
        }
        if (!r.stepTime)
            return failAtLine(line.number, tr("an iteration line without \"%1\"").arg(elapsedKey));
        records.push_back(r);
    }
    records = lowestRank(std::move(records));
    if (records.empty())
        return noIterations();
    out.format = "megatron-log";
    for (const Record& r : records) {
        out.step_times_s.push_back(*r.stepTime);
        if (r.globalBatch)
            out.global_batch = *r.globalBatch; // the last: a batch-size ramp ends at the run's batch
    }
    out.step_time_s = representative(records, &Record::stepTime);
    out.tflops_per_gpu = representative(records, &Record::tflops);
    out.iterations = int(records.size() - firstCounted(records.size()));
    return true;
}

// torchtitan: "step: N  loss: L  memory: G GiB(P%)  tps: T  tflops: F  mfu: M%" after the logger's
// "[titan] date - root - INFO - " prefix; tps and tflops with thousands separators.
bool RunLogReader::readTorchtitan(const QByteArray& data, MeasuredRun& out)
{
    static const QRegularExpression field(QStringLiteral("(?:^|\\s)(step|tps|wps|tflops|mfu):\\s*(\\S*)"));
    std::vector<Record> records;
    for (const LogLine& line : linesWith(data, "ps: ")) {
        if (!line.terminated && !line.text.trimmed().endsWith(QLatin1Char('%')))
            continue; // cut off while being written
        Record r;
        r.rank = line.rank;
        bool step = false;
        for (auto it = field.globalMatch(line.text); it.hasNext();) {
            const QRegularExpressionMatch m = it.next();
            const QString key = m.captured(1);
            QString value = m.captured(2);
            if (key == QLatin1String("step")) {
                step = true;
            } else if (key == QLatin1String("tps") || key == QLatin1String("wps")) {
                r.tokens = logNumber(value, true);
                if (!r.tokens || *r.tokens <= 0)
                    return badValue(line, key, tr("tokens per second above 0"), value);
            } else if (key == QLatin1String("tflops")) {
                r.tflops = logNumber(value, true);
                if (!r.tflops || *r.tflops < 0)
                    return badValue(line, key, tr("a throughput of 0 or more"), value);
            } else if (key == QLatin1String("mfu")) {
                if (value.endsWith(QLatin1Char('%')))
                    r.mfu = logNumber(value.chopped(1), false);
                if (!r.mfu || *r.mfu < 0)
                    return badValue(line, key, tr("a percentage of 0 or more"), value);
                *r.mfu /= 100;
            }
        }
        if (step && r.tokens)
            records.push_back(r); // not "validate step:" lines, nor summaries without a step
    }
    records = lowestRank(std::move(records));
    if (records.empty())
        return noIterations();
    out.format = "torchtitan-log";
    out.tokens_per_s_per_gpu = representative(records, &Record::tokens);
    out.tflops_per_gpu = representative(records, &Record::tflops);
    out.mfu = representative(records, &Record::mfu);
    out.iterations = int(records.size() - firstCounted(records.size()));
    return true;
}

// The complete ("X") events of the steps, kernels, copies and memsets; every other event is passed over.
bool RunLogReader::readTraceEvents(const QJsonArray& events, TraceEvents& out)
{
    static const QRegularExpression stepName(QStringLiteral("^ProfilerStep#(\\d{1,18})$"));
    QHash<QString, int> classes; // kernel names repeat every step
    for (qsizetype i = 0; i < events.size(); ++i) {
        const QString path = QStringLiteral("traceEvents[%1]").arg(i);
        const QJsonValue value = events.at(i);
        if (!value.isObject())
            return failType(path, tr("a trace event (an object)"), value);
        const QJsonObject event = value.toObject();
        if (event.value(QLatin1String("ph")).toString() != QLatin1String("X"))
            continue;
        const QString cat = event.value(QLatin1String("cat")).toString().toLower();
        const QString name = event.value(QLatin1String("name")).toString();
        const bool gpuStep = cat == QLatin1String("gpu_user_annotation");
        const bool cpuStep = cat == QLatin1String("user_annotation") || cat == QLatin1String("cpu_op") ||
                             cat == QLatin1String("operator");
        const bool kernel = cat == QLatin1String("kernel");
        const bool copy = cat == QLatin1String("gpu_memcpy") || cat == QLatin1String("gpu_memset") ||
                          cat == QLatin1String("memcpy") || cat == QLatin1String("memset");
        QRegularExpressionMatch step;
        if (gpuStep || cpuStep) {
            if (!name.startsWith(QLatin1String("ProfilerStep#")))
                continue;
            step = stepName.match(name);
            if (!step.hasMatch())
                continue;
        } else if (!kernel && !copy) {
            continue;
        }
        const QJsonValue ts = event.value(QLatin1String("ts"));
        const QJsonValue dur = event.value(QLatin1String("dur"));
        const QString what = QStringLiteral("%1 \"%2\"").arg(cat, name.left(80));
        if (!ts.isDouble())
            return fail(path + QLatin1String(".ts"),
                        tr("%1: expected a start time in microseconds, got %2").arg(what, describe(ts)));
        if (!dur.isDouble() || dur.toDouble() < 0)
            return fail(
                path + QLatin1String(".dur"),
                tr("%1: expected a duration of 0 or more microseconds, got %2").arg(what, describe(dur)));
        const double start = ts.toDouble();
        const double end = start + dur.toDouble();
        if (!std::isfinite(end))
            return fail(path + QLatin1String(".dur"), tr("%1: the event does not end").arg(what));
        if (step.hasMatch()) {
            Span& span = (gpuStep ? out.gpuSteps : out.cpuSteps)[step.captured(1).toLongLong()];
            span.start = std::min(span.start, start);
            span.end = std::max(span.end, end);
            continue;
        }
        int cls = classIndex("memcpy");
        if (kernel) {
            auto cached = classes.constFind(name);
            if (cached == classes.constEnd())
                cached = classes.insert(name, classIndex(kernelClass(name.toStdString())));
            cls = *cached;
        }
        out.gpu.push_back({start, dur.toDouble(), cls, kernel});
    }
    return true;
}

// A PyTorch profiler trace: complete ("X") events with ts and dur in microseconds. The CPU-side
// ProfilerStep#N (user_annotation; cpu_op or Operator in older releases) spans what the host did;
// the GPU-side copy (gpu_user_annotation, one per stream that ran work in the step) spans the device's
// step, so those are used where the trace has them, each step from the first stream's start to the last
// one's end. Kernels count toward the steps they start in; without GPU-side spans every kernel counts, as
// the device runs behind the host and the profiler records only the active steps.
bool RunLogReader::readTrace(const QByteArray& data, MeasuredRun& out)
{
    QByteArray json = data;
    if (json.startsWith("\xEF\xBB\xBF"))
        json.remove(0, 3);
    QJsonParseError parseError;
    const QJsonDocument document = QJsonDocument::fromJson(json, &parseError);
    if (parseError.error != QJsonParseError::NoError) {
        const detail::TextPosition at = detail::textPosition(json, parseError.offset);
        return fail(
            lineColumnText(at.line, at.column),
            tr("JSON syntax error: %1; expected a PyTorch profiler trace").arg(parseError.errorString()));
    }
    QJsonArray events;
    if (document.isObject()) {
        const QJsonValue value = document.object().value(QLatin1String("traceEvents"));
        if (!value.isArray())
            return failType(QStringLiteral("traceEvents"),
                            tr("the array of trace events of a PyTorch profiler trace"), value);
        events = value.toArray();
    } else if (document.isArray()) {
        events = document.array(); // the Trace Event Format's bare-array form
    } else {
        return fail({}, tr("expected a JSON object with \"traceEvents\" (a PyTorch profiler trace)"));
    }

    TraceEvents read;
    if (!readTraceEvents(events, read))
        return false;
    const std::map<qint64, Span>& gpuSteps = read.gpuSteps;
    const std::map<qint64, Span>& cpuSteps = read.cpuSteps;
    const bool onGpu = !gpuSteps.empty();
    std::vector<std::pair<qint64, Span>> steps(onGpu ? gpuSteps.begin() : cpuSteps.begin(),
                                               onGpu ? gpuSteps.end() : cpuSteps.end());
    if (steps.empty())
        return fail({}, tr("no ProfilerStep#N spans: expected a PyTorch profiler trace recorded with a "
                           "schedule and prof.step() called every iteration"));
    std::sort(steps.begin(), steps.end(),
              [](const auto& a, const auto& b) { return a.second.start < b.second.start; });
    for (const auto& [number, span] : steps)
        if (!(span.end > span.start))
            return fail({}, tr("ProfilerStep#%1 lasts 0 us: expected a step time above 0").arg(number));

    std::array<double, kClasses.size()> seconds{};
    std::array<std::int64_t, kClasses.size()> counts{};
    std::int64_t kernels = 0;
    for (const GpuEvent& e : read.gpu) {
        if (onGpu) {
            // The last step that starts at or before the event, if the event starts inside it.
            const auto after = std::upper_bound(steps.begin(), steps.end(), e.ts,
                                                [](double ts, const auto& s) { return ts < s.second.start; });
            if (after == steps.begin() || !(e.ts < std::prev(after)->second.end))
                continue;
        }
        seconds[std::size_t(e.cls)] += e.dur * 1e-6;
        ++counts[std::size_t(e.cls)];
        kernels += e.kernel ? 1 : 0;
    }
    if (kernels == 0)
        return fail({},
                    onGpu ? tr("no GPU kernels (events of category \"kernel\") inside the ProfilerStep spans")
                          : tr("no GPU kernels (events of category \"kernel\"): expected a trace recorded "
                               "with ProfilerActivity.CUDA"));

    out.format = "pytorch-trace";
    for (const auto& step : steps)
        out.step_times_s.push_back((step.second.end - step.second.start) * 1e-6);
    const std::size_t first = firstCounted(out.step_times_s.size());
    out.step_time_s =
        median(std::vector<double>(out.step_times_s.begin() + std::ptrdiff_t(first), out.step_times_s.end()));
    out.iterations = int(out.step_times_s.size() - first);
    for (std::size_t c = 0; c < kClasses.size(); ++c)
        if (counts[c] > 0)
            out.kernels.push_back({std::string(kClasses[c]), seconds[c] / double(steps.size()), counts[c]});
    return true;
}

bool RunLogReader::read(const QByteArray& data, MeasuredRun& out)
{
    if (data.size() > kMaxMeasuredRunBytes)
        return fail({},
                    tr("too large for a training log or trace (%1 bytes; at most 512 MiB)").arg(data.size()));
    qsizetype first = data.startsWith("\xEF\xBB\xBF") ? 3 : 0;
    while (first < data.size() && std::isspace(static_cast<unsigned char>(data.at(first))))
        ++first;
    if (first == data.size())
        return fail({}, tr("the file is empty; expected %1").arg(kindText()));
    // JSON: an object, or the Trace Event Format's bare array of event objects; logs may begin with
    // "[rank0]:" or "[2024-05-01 10:00:00]".
    qsizetype next = first + 1;
    while (next < data.size() && std::isspace(static_cast<unsigned char>(data.at(next))))
        ++next;
    if (data.at(first) == '{' ||
        (data.at(first) == '[' && (next == data.size() || data.at(next) == '{' || data.at(next) == ']')))
        return readTrace(data, out);
    if (data.contains("elapsed time per iteration (ms)"))
        return readMegatron(data, out);
    return readTorchtitan(data, out);
}

} // namespace

std::string kernelClass(std::string_view kernelName)
{
    std::string name(kernelName);
    std::transform(name.begin(), name.end(), name.begin(),
                   [](unsigned char c) { return char(c >= 'A' && c <= 'Z' ? c - 'A' + 'a' : c); });
    const auto has = [&name](std::initializer_list<std::string_view> keys) {
        return std::any_of(keys.begin(), keys.end(),
                           [&name](std::string_view key) { return name.find(key) != std::string::npos; });
    };
    // The order settles names that match two classes: flash-attention kernels are CUTLASS templates and
    // cuDNN's fused attention runs wgmma; fused optimizers are ATen kernels; NCCL's are named after
    // reductions.
    if (has({"nccl", "rccl", "nvshmem"}))
        return "communication";
    if (name.rfind("memcpy", 0) == 0 || name.rfind("memset", 0) == 0)
        return "memcpy"; // the profiler's gpu_memcpy and gpu_memset events
    if (has({"flash", "fmha", "attention", "attn", "sdpa"}))
        return "attention";
    // cuBLAS (sm80_xmma, ampere_*_s16816gemm, volta_*_s884gemm, nvjet on Hopper), CUTLASS, hipBLASLt (Cijk_),
    // Triton's matmul templates.
    if (has({"gemm", "gemv", "xmma", "cutlass", "cublas", "nvjet", "wgmma", "s16816", "h16816", "s1688",
             "h1688", "s884", "h884", "i8816", "matmul", "triton_tem", "cijk_"}))
        return "gemm";
    if (has({"adam", "multi_tensor_apply", "foreach", "optimizer", "l2norm", "sgd"}))
        return "optimizer";
    // Memory-bound work: ATen's element-wise, reduction and copy kernels, norms, activations, Triton's
    // pointwise and reduction kernels, Transformer Engine's casts and transposes.
    if (has({"elementwise", "vectorized",    "unrolled", "reduce", "norm",       "softmax",
             "dropout",     "gelu",          "silu",     "glu",    "relu",       "rotary",
             "rope",        "cross_entropy", "nll_loss", "fill",   "copy",       "index",
             "embedding",   "transpose",     "permute",  "cast",   "triton_poi", "triton_red",
             "triton_per",  "at::native::"}))
        return "elementwise";
    return "other";
}

bool readMeasuredRun(const QByteArray& data, const QString& fileName, MeasuredRun& out, QString* error)
{
    RunLogReader reader(fileName);
    MeasuredRun run;
    if (!reader.report(reader.read(data, run), error))
        return false;
    out = std::move(run);
    return true;
}

bool readMeasuredRunFile(const QString& fileName, MeasuredRun& out, QString* error)
{
    const QString what = RunLogReader::kindText();
    const detail::FileTexts texts{
        QCoreApplication::translate("ss::io", "is a directory, expected %1").arg(what),
        QCoreApplication::translate("ss::io", "cannot open: %1"),
        QCoreApplication::translate("ss::io",
                                    "too large for a training log or trace (%1 bytes; at most 512 MiB)"),
        QCoreApplication::translate("ss::io", "too large for a training log or trace (at most 512 MiB)"),
        QCoreApplication::translate("ss::io", "not a regular file (a FIFO, socket or device), expected %1")
            .arg(what)};
    QByteArray data;
    QString problem;
    if (!detail::readBoundedFile(fileName, kMaxMeasuredRunBytes, texts, data, &problem)) {
        if (error)
            *error = detail::locatedMessage(fileName, {}, problem, detail::Wording::OwnFile);
        return false;
    }
    return readMeasuredRun(data, fileName, out, error);
}

} // namespace ss::io
