// SPDX-License-Identifier: GPL-3.0-or-later
#include "listcommands.h"

#include "clioutput.h"
#include "examples.h"
#include "jsonwriter.h"
#include "presets.h"

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
        w.key("description");
        w.value(p.description);
        w.endObject();
    }
    w.endArray();
    return w.data();
}

} // namespace

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
