// SPDX-License-Identifier: GPL-3.0-or-later
#include "csvexport.h"

#include <QCoreApplication>
#include <QFileInfo>
#include <QSaveFile>

#include <cstdio>
#include <initializer_list>
#include <string>

namespace ss::io {

namespace {

struct Names
{
    Q_DECLARE_TR_FUNCTIONS(Export)
};

// Round-trippable numbers (%.17g would print 0.1 as 0.10000000000000001; 15 digits are what a double
// holds exactly in decimal).
std::string number(double v)
{
    char buf[32];
    std::snprintf(buf, sizeof buf, "%.15g", v);
    return buf;
}

std::string field(const std::string& text)
{
    if (text.find_first_of(",\"\r\n") == std::string::npos)
        return text;
    std::string quoted = "\"";
    for (char c : text) {
        if (c == '"')
            quoted += '"';
        quoted += c;
    }
    return quoted + "\"";
}

class Csv
{
public:
    void row(std::initializer_list<std::string> fields)
    {
        bool first = true;
        for (const std::string& f : fields) {
            if (!first)
                m_out += ',';
            m_out += field(f);
            first = false;
        }
        m_out += "\r\n";
    }
    QByteArray data() const { return QByteArray::fromStdString(m_out); }

private:
    std::string m_out;
};

std::string num(std::int64_t v)
{
    return std::to_string(v);
}

const char* const kChartNames[] = {"memory", "gantt", "topology", "bandwidth", "sweep", "report"};

} // namespace

QString exportChartName(ExportChart chart)
{
    return QLatin1String(kChartNames[int(chart)]);
}

bool exportChartFromName(const QString& name, ExportChart& out)
{
    for (int i = 0; i < 6; ++i) {
        if (name == QLatin1String(kChartNames[i])) {
            out = ExportChart(i);
            return true;
        }
    }
    return false;
}

ExportFormat exportFormatOf(const QString& file)
{
    const QString suffix = QFileInfo(file).suffix().toLower();
    if (suffix == QLatin1String("png"))
        return ExportFormat::Png;
    if (suffix == QLatin1String("svg"))
        return ExportFormat::Svg;
    if (suffix == QLatin1String("pdf"))
        return ExportFormat::Pdf;
    if (suffix == QLatin1String("csv"))
        return ExportFormat::Csv;
    if (suffix == QLatin1String("json"))
        return ExportFormat::Json;
    return ExportFormat::Unknown;
}

QByteArray memoryCsv(const Result& result)
{
    Csv csv;
    // params_B splits into the frozen base, its quantization constants and the trained weights (all of
    // params_B in full training; the adapters with LoRA and QLoRA).
    csv.row({"stage", "layers", "params_B", "grads_B", "optimizer_B", "activations_B", "buffers_B", "total_B",
             "capacity_B", "fits", "frozen_params_B", "quant_constants_B", "trainable_params_B"});
    for (const StageMemory& s : result.memory.per_gpu)
        csv.row({num(s.stage), num(s.layers), number(s.params), number(s.grads), number(s.optimizer),
                 number(s.activations), number(s.buffers), number(s.total), number(s.capacity),
                 s.fits ? "true" : "false", number(s.param_frozen), number(s.param_quant_constants),
                 number(s.params - s.param_frozen - s.param_quant_constants)});
    return csv.data();
}

QByteArray linksCsv(const Result& result)
{
    Csv csv;
    csv.row({"link", "a", "b", "kind", "bandwidth_Bps", "efficiency", "bytes_per_step", "busy_s",
             "utilization", "bottleneck"});
    for (const CommLink& l : result.comm.links)
        csv.row({l.id, l.a, l.b, l.kind, number(l.bandwidth_Bps), number(l.efficiency),
                 number(l.bytes_per_step), number(l.busy_s), number(l.utilization),
                 l.id == result.comm.bottleneck_link ? "true" : "false"});
    return csv.data();
}

QByteArray collectivesCsv(const Result& result)
{
    Csv csv;
    csv.row({"group", "op", "algorithm", "bytes", "count_per_step", "time_s", "time_per_step_s", "ranks",
             "groups", "busbw_Bps", "bottleneck_link"});
    for (const CommCollective& c : result.comm.collectives)
        csv.row({c.group, c.op, c.algorithm, number(c.bytes), num(c.count_per_step), number(c.time_s),
                 number(c.time_s * double(c.count_per_step)), num(c.ranks), num(c.groups),
                 number(c.busbw_Bps), c.bottleneck_link});
    return csv.data();
}

QByteArray bandwidthCsv(const Result& result)
{
    Csv csv;
    csv.row({"row", "id", "a", "b", "kind", "bandwidth_Bps", "bytes_per_step", "busy_s", "utilization",
             "group", "op", "bytes", "count_per_step", "time_s", "time_per_step_s"});
    for (const CommLink& l : result.comm.links)
        csv.row({"link", l.id, l.a, l.b, l.kind, number(l.bandwidth_Bps), number(l.bytes_per_step),
                 number(l.busy_s), number(l.utilization), "", "", "", "", "", ""});
    for (const CommCollective& c : result.comm.collectives)
        csv.row({"collective", c.group + "/" + c.op, "", "", c.algorithm, "", "", "", "", c.group, c.op,
                 number(c.bytes), num(c.count_per_step), number(c.time_s),
                 number(c.time_s * double(c.count_per_step))});
    return csv.data();
}

QByteArray timelineCsv(const Result& result)
{
    Csv csv;
    csv.row({"gpu", "stage", "stream", "kind", "microbatch", "chunk", "start_s", "end_s", "bytes",
             "collective", "critical"});
    for (const TimelineEvent& e : result.timeline)
        csv.row({num(e.gpu), num(e.stage), std::string(timelineStreamName(e.stream)),
                 std::string(timelineKindName(e.kind)), num(e.microbatch), num(e.chunk), number(e.start_s),
                 number(e.end_s), number(e.bytes), num(e.collective), e.critical ? "true" : "false"});
    return csv.data();
}

QByteArray chartCsv(ExportChart chart, const Result& result)
{
    switch (chart) {
    case ExportChart::Memory:
        return memoryCsv(result);
    case ExportChart::Gantt:
        return timelineCsv(result);
    case ExportChart::Topology:
        return linksCsv(result);
    case ExportChart::Bandwidth:
        return bandwidthCsv(result);
    case ExportChart::Sweep:
    case ExportChart::Report:
        break;
    }
    return {};
}

bool writeFileAtomically(const QString& file, const QByteArray& data, QString* error)
{
    QSaveFile save(file);
    if (!save.open(QIODevice::WriteOnly)) {
        if (error)
            *error = Names::tr("%1: cannot write: %2").arg(file, save.errorString());
        return false;
    }
    if (save.write(data) != data.size() || !save.commit()) {
        if (error)
            *error = Names::tr("%1: cannot write: %2").arg(file, save.errorString());
        save.cancelWriting();
        return false;
    }
    return true;
}

} // namespace ss::io
