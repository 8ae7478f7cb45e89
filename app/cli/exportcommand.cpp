// SPDX-License-Identifier: GPL-3.0-or-later
#include "exportcommand.h"

#include "chartexport.h"
#include "clioutput.h"
#include "csvexport.h"
#include "examples.h"
#include "scenariojson.h"
#include "scenariosource.h"
#include "sweepcommand.h"

#include <QCoreApplication>
#include <QFileInfo>

#include <cstdio>

namespace {

using ss::cli::kBadInput;
using ss::cli::kOk;
using ss::cli::kUsage;

class ExportCommand
{
    Q_DECLARE_TR_FUNCTIONS(Cli)

public:
    int run(const QStringList& args);

private:
    static void print(FILE* stream, const QByteArray& bytes) { ss::cli::print(stream, bytes); }
    static int usageError(const QString& message) { return ss::cli::usageError(message); }
    static int inputError(const QString& message) { return ss::cli::inputError(message); }
};

int ExportCommand::run(const QStringList& args)
{
    QString source, chartArg, outArg;
    ss::cli::SweepOptions sweepOptions;
    for (qsizetype i = 0; i < args.size(); ++i) {
        QString arg = args.at(i);
        if (arg == QLatin1String("--help") || arg == QLatin1String("-h")) {
            print(stdout, exportUsage().toUtf8());
            return kOk;
        }
        QString value;
        const qsizetype eq = arg.indexOf(QLatin1Char('='));
        if (arg.startsWith(QLatin1String("--")) && eq > 0) {
            value = arg.mid(eq + 1);
            arg = arg.left(eq);
        } else if (arg == QLatin1String("--chart") || arg == QLatin1String("--out") ||
                   arg == QLatin1String("-o") || ss::cli::isSweepOption(arg)) {
            if (i + 1 >= args.size())
                return usageError(tr("export: %1 needs a value").arg(arg));
            value = args.at(++i);
        } else if (arg.startsWith(QLatin1Char('-'))) {
            return usageError(tr("export: unknown option '%1' (try shardscope-cli export --help)").arg(arg));
        } else {
            if (!source.isEmpty())
                return usageError(tr("export takes one scenario, got '%1' and '%2'").arg(source, arg));
            source = arg;
            continue;
        }
        if (value.isEmpty())
            return usageError(tr("export: %1 needs a value").arg(arg));
        if (arg == QLatin1String("--chart"))
            chartArg = value;
        else if (arg == QLatin1String("--out") || arg == QLatin1String("-o"))
            outArg = value;
        else if (ss::cli::isSweepOption(arg))
            ss::cli::takeSweepOption(arg, value, sweepOptions);
        else
            return usageError(tr("export: unknown option '%1' (try shardscope-cli export --help)").arg(arg));
    }
    if (source.isEmpty() || chartArg.isEmpty() || outArg.isEmpty())
        return usageError(tr("export needs a scenario, --chart CHART and --out FILE: "
                             "shardscope-cli export SCENARIO.json --chart CHART --out FILE"));
    if (ss::cli::isSameFile(outArg, source))
        return usageError(tr("export: --out %1 is the scenario file %2; write the chart to another file")
                              .arg(outArg, source));
    ss::io::ExportChart chart;
    if (!ss::io::exportChartFromName(chartArg, chart))
        return usageError(
            tr("--chart: expected memory, gantt, topology, bandwidth, sweep or report, got '%1'")
                .arg(chartArg));
    // The sweep chart takes `sweep`'s options (--param, --values or --range, --metric); no other chart does.
    if (chart != ss::io::ExportChart::Sweep && sweepOptions.any())
        return usageError(tr("export: --param, --values, --range and --metric are for --chart sweep"));
    QString why;
    if (!ss::ChartExport::supports(chart, ss::io::exportFormatOf(outArg), &why))
        return usageError(QStringLiteral("--out: ") + why);

    // The scenario as `eval` takes it: a file, or the id of a built-in example.
    ss::Scenario scenario;
    QString error;
    if (QFileInfo::exists(source)) {
        if (!ss::io::loadScenarioFile(source, scenario, &error, ss::io::ReadCheck::FieldsOnly))
            return inputError(error);
    } else {
        bool found = false;
        for (const ss::io::ExampleInfo& info : ss::io::examples())
            found = found || info.id == source;
        if (!found)
            return inputError(
                tr("%1: no such file or built-in example (shardscope-cli examples lists them)").arg(source));
        if (!ss::io::loadExample(source, scenario, &error))
            return inputError(error);
    }
    // A chart of a scenario that cannot be evaluated would draw zeros: say why instead, as eval does.
    // The sweep chart's parameter may repair it, so the sweep checks its points itself.
    if (chart != ss::io::ExportChart::Sweep) {
        const QString problem = ss::io::scenarioProblem(scenario, source);
        if (!problem.isEmpty())
            return inputError(problem);
    }
    if (chart == ss::io::ExportChart::Sweep) {
        ss::SweepSpec spec;
        if (const int status = ss::cli::sweepSpecFrom(scenario, sweepOptions, spec); status != kOk)
            return status;
        spec.geometric = sweepOptions.range.endsWith(QLatin1String(":log"));
        if (!ss::ChartExport::exportSweep(scenario, spec, outArg, &error))
            return inputError(error);
        return kOk;
    }
    if (!ss::ChartExport::exportScenario(scenario, chart, outArg, &error))
        return inputError(error);
    return kOk;
}

} // namespace

QString exportUsage()
{
    return QCoreApplication::translate(
        "Cli", "  shardscope-cli export SCENARIO --chart CHART --out FILE\n"
               "\n"
               "export draws a chart of the scenario's result into FILE: CHART is memory, gantt, topology,\n"
               "  bandwidth, sweep or report; FILE's suffix picks the format: .png,\n"
               "  .svg, .pdf, .csv (the chart's numbers) or .json (gantt only: a Chrome trace that Perfetto\n"
               "  and chrome://tracing open); the report is a multi-page PDF. FILE is written atomically.\n"
               "  The sweep chart takes sweep's options: --param PATH --values v1,v2,..|--range a:b:n[:log]\n"
               "  [--metric M]... (shardscope-cli sweep --help); its .csv holds the numbers sweep prints.\n");
}

int exportCommand(const QStringList& args)
{
    return ExportCommand().run(args);
}
