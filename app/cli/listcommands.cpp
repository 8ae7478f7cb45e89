// SPDX-License-Identifier: GPL-3.0-or-later
#include "listcommands.h"

#include "clioutput.h"
#include "examples.h"
#include "gpucatalog.h"
#include "jsonwriter.h"
#include "linkcatalog.h"
#include "presets.h"
#include "units.h"

using namespace ss::cli;

namespace {

QByteArray presetsJson()
{
    ss::io::JsonWriter w;
    w.beginArray();
    for (const ss::PresetInfo& p : ss::presets()) {
        w.beginObject();
        w.key("id");
        w.value(p.id);
        w.key("title");
        w.value(p.title);
        w.key("gpus_per_node");
        if (p.gpus_per_node > 0)
            w.value(p.gpus_per_node);
        else
            w.null();
        w.key("default_gpus_per_node");
        w.value(p.default_gpus_per_node);
        w.key("gpu");
        w.value(p.gpu);
        w.key("network");
        w.value(p.network);
        w.key("nics_per_node");
        w.value(p.nics_per_node);
        w.key("host_memory_bytes");
        w.value(p.host_memory_bytes);
        w.key("nvme_bytes");
        w.value(p.nvme_bytes);
        w.key("description");
        w.value(p.description);
        w.endObject();
    }
    w.endArray();
    return w.data();
}

const char* formName(ss::GpuForm form)
{
    switch (form) {
    case ss::GpuForm::Sxm:
        return "sxm";
    case ss::GpuForm::Oam:
        return "oam";
    case ss::GpuForm::Pcie:
        return "pcie";
    case ss::GpuForm::Superchip:
        return "superchip";
    }
    return "";
}

// The GPU's peer fabric per direction: its NVLink / Infinity Fabric ports times one port's line rate.
double peerBandwidth(const ss::GpuCatalogEntry& g)
{
    return *g.fabric.peerLink ? g.fabric.peerLinks * ss::linkDefaults(g.fabric.peerLink).bandwidth_Bps : 0.0;
}

QByteArray gpusJson()
{
    ss::io::JsonWriter w;
    w.beginArray();
    for (const ss::GpuCatalogEntry& g : ss::gpuCatalog()) {
        w.beginObject();
        w.member("id", g.spec.name);
        w.member("memory_bytes", g.spec.memory_bytes);
        w.member("peak_flops", g.spec.peak_flops);
        w.member("peak_fp8_flops", g.spec.peak_fp8_flops);
        w.member("peak_fp4_flops", g.spec.peak_fp4_flops);
        w.member("hbm_Bps", g.spec.hbm_Bps);
        w.member("form", std::string(formName(g.fabric.form)));
        w.member("peer_link", std::string(g.fabric.peerLink));
        w.member("peer_links", g.fabric.peerLinks);
        w.member("peer_Bps", peerBandwidth(g));
        w.member("pcie_gen", g.fabric.pcieGen);
        w.member("source", std::string(g.source));
        w.endObject();
    }
    w.endArray();
    return w.data();
}

} // namespace

int gpusCommand(const QStringList& args)
{
    bool json = false;
    for (const QString& arg : args) {
        if (arg == QLatin1String("--json"))
            json = true;
        else
            return usageError(tr("gpus: unknown argument '%1' (try shardscope-cli --help)").arg(arg));
    }
    if (json) {
        print(stdout, gpusJson());
        return kOk;
    }
    // id TAB memory TAB 16-bit TAB FP8 TAB HBM TAB peer fabric, each in SI units with their unit.
    QByteArray out;
    const auto q = [](double v, ss::Unit unit) {
        return v > 0 ? ss::formatQuantity(v, unit) : std::string("-");
    };
    for (const ss::GpuCatalogEntry& g : ss::gpuCatalog())
        out += QString::fromStdString(g.spec.name + "\t" + q(g.spec.memory_bytes, ss::Unit::Bytes) + "\t" +
                                      q(g.spec.peak_flops, ss::Unit::FlopsPerSecond) + "\t" +
                                      q(g.spec.peak_fp8_flops, ss::Unit::FlopsPerSecond) + "\t" +
                                      q(g.spec.hbm_Bps, ss::Unit::BytesPerSecond) + "\t" +
                                      q(peerBandwidth(g), ss::Unit::BytesPerSecond) + "\n")
                   .toUtf8();
    print(stdout, out);
    return kOk;
}

int examplesCommand(const QStringList& args)
{
    if (!args.isEmpty())
        return usageError(tr("examples takes no arguments, got '%1'").arg(args.first()));
    QByteArray out;
    for (const ss::io::ExampleInfo& info : ss::io::examples())
        out += (info.id + QLatin1Char('\t') + info.title + QLatin1Char('\n')).toUtf8();
    print(stdout, out);
    return kOk;
}

int presetsCommand(const QStringList& args)
{
    bool json = false;
    for (const QString& arg : args) {
        if (arg == QLatin1String("--json"))
            json = true;
        else
            return usageError(tr("presets: unknown argument '%1' (try shardscope-cli --help)").arg(arg));
    }
    if (json) {
        print(stdout, presetsJson());
        return kOk;
    }
    // id TAB GPUs per node TAB title, like `examples`.
    QByteArray out;
    for (const ss::PresetInfo& p : ss::presets())
        out +=
            QString::fromStdString(
                p.id + "\t" + (p.gpus_per_node > 0 ? std::to_string(p.gpus_per_node) : std::string("any")) +
                "\t" + p.title + "\n")
                .toUtf8();
    print(stdout, out);
    return kOk;
}
