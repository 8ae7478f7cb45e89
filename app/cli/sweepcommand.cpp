// SPDX-License-Identifier: GPL-3.0-or-later
#include "sweepcommand.h"

#include "clioutput.h"
#include "scenariosource.h"

#include <algorithm>
#include <cstdio>

namespace ss::cli {

namespace {

QString fromStd(const std::string& text)
{
    return QString::fromStdString(text);
}

} // namespace

bool isSweepOption(const QString& option)
{
    return option == QLatin1String("--param") || option == QLatin1String("--values") ||
           option == QLatin1String("--range") || option == QLatin1String("--metric");
}

void takeSweepOption(const QString& option, const QString& value, SweepOptions& options)
{
    if (option == QLatin1String("--param"))
        options.param = value;
    else if (option == QLatin1String("--values"))
        options.values = value;
    else if (option == QLatin1String("--range"))
        options.range = value;
    else if (option == QLatin1String("--metric"))
        options.metrics << value.split(QLatin1Char(','), Qt::SkipEmptyParts);
}

int sweepSpecFrom(const Scenario& scenario, const SweepOptions& options, SweepSpec& out)
{
    if (options.param.isEmpty())
        return usageError(tr("sweep needs --param PATH, e.g. --param training.micro_batch"));
    if (options.values.isEmpty() == options.range.isEmpty())
        return usageError(tr("sweep needs either --values v1,v2,.. or --range a:b:n[:log]"));
    SweepParam param;
    std::string error;
    if (!findSweepParam(scenario, options.param.toStdString(), param, &error))
        return usageError(QStringLiteral("--param: ") + fromStd(error));
    std::vector<double> values;
    error = options.values.isEmpty() ? parseSweepRange(options.range.toStdString(), param, values)
                                     : parseSweepValues(options.values.toStdString(), param, values);
    if (!error.empty())
        return usageError(
            (options.values.isEmpty() ? QStringLiteral("--range: ") : QStringLiteral("--values: ")) +
            fromStd(error));
    std::vector<std::string> metrics;
    for (const QString& name : options.metrics) {
        SweepMetric metric;
        if (!findSweepMetric(name.trimmed().toStdString(), metric, &error))
            return usageError(QStringLiteral("--metric: ") + fromStd(error));
        metrics.push_back(metric.name);
    }
    out.param = param.path;
    out.values = std::move(values);
    out.metrics = metrics.empty() ? defaultSweepMetrics() : metrics;
    return kOk;
}

} // namespace ss::cli

QString sweepUsage()
{
    return QCoreApplication::translate(
        "Cli",
        "  shardscope-cli sweep SCENARIO --param PATH --values v1,v2,..|--range a:b:n[:log]\n"
        "                 [--metric M]... [--set PATH=VALUE]...\n"
        "\n"
        "sweep evaluates the scenario at each value of one numeric field and prints CSV: the field, then\n"
        "  one column per metric (default step.time_s and memory.peak_gpu_bytes); an invalid point has\n"
        "  empty cells. PATH is a numeric field (training.micro_batch, model.seq_len, compute.efficiency,\n"
        "  ...), cluster.gpus or cluster.nodes (dp follows, tp and pp stay), or every link of a kind:\n"
        "  link.ib.bandwidth_Bps, link.nvlink.efficiency. --range a:b:n gives n evenly spaced values,\n"
        "  a:b:n:log geometric steps; values may carry units (\"100 Gb/s\"). M is a result JSON path:\n"
        "  step.time_s, step.tokens_per_s, step.mfu, step.exposed_comm_s, step.bubble_fraction,\n"
        "  memory.peak_gpu_bytes, memory.per_gpu[0].activations, ...\n");
}

int sweepCommand(const QStringList& args)
{
    using namespace ss::cli;
    QString source;
    QStringList sets;
    SweepOptions options;
    for (qsizetype i = 0; i < args.size(); ++i) {
        QString arg = args.at(i);
        if (arg == QLatin1String("--help") || arg == QLatin1String("-h")) {
            print(stdout, sweepUsage().toUtf8());
            return kOk;
        }
        if (!arg.startsWith(QLatin1String("--"))) {
            if (!source.isEmpty())
                return usageError(tr("sweep takes one scenario, got '%1' and '%2'").arg(source, arg));
            source = arg;
            continue;
        }
        QString value;
        const qsizetype eq = arg.indexOf(QLatin1Char('='));
        if (eq > 0) {
            value = arg.mid(eq + 1);
            arg = arg.left(eq);
        } else {
            if (i + 1 >= args.size())
                return usageError(tr("sweep: %1 needs a value").arg(arg));
            value = args.at(++i);
        }
        if (isSweepOption(arg)) {
            takeSweepOption(arg, value, options);
        } else if (arg == QLatin1String("--set")) {
            if (value.indexOf(QLatin1Char('=')) <= 0)
                return usageError(tr("--set expects PATH=VALUE, got '%1'").arg(value));
            sets << value;
        } else {
            return usageError(tr("sweep: unknown option '%1' (try shardscope-cli sweep --help)").arg(arg));
        }
    }
    if (source.isEmpty())
        return usageError(tr("sweep needs a scenario: a file, - for standard input, or an example id"));

    ss::Scenario scenario;
    if (!loadScenarioSource(source, scenario))
        return kBadInput;
    if (const int status = applySetEdits(scenario, sets); status != kOk)
        return status;
    // The scenario itself need not validate: a sweep over cluster.gpus may be what makes it whole. Each point
    // is checked on its own and an invalid one has empty cells.
    ss::SweepSpec spec;
    if (const int status = sweepSpecFrom(scenario, options, spec); status != kOk)
        return status;
    const ss::SweepResult result = ss::runSweep(scenario, spec);
    if (!result.error.empty())
        return inputError(source + QStringLiteral(": ") + QString::fromStdString(result.error));
    // No point at all is valid: the scenario is broken in a way the swept value does not repair. That is bad
    // input (exit 1, one line naming the first problem), not a table of empty cells.
    if (!result.rows.empty() &&
        std::none_of(result.rows.begin(), result.rows.end(), [](const ss::SweepRow& r) { return r.valid; }))
        return inputError(source + QStringLiteral(": ") +
                          QString::fromStdString(result.rows.front().problem));
    print(stdout, QByteArray::fromStdString(ss::sweepCsv(result)));
    // Why points are missing, for the reader of the terminal; stdout stays plain CSV.
    for (const ss::SweepRow& row : result.rows)
        if (!row.valid)
            print(stderr, (QStringLiteral("shardscope-cli: sweep: %1 = %2: %3\n")
                               .arg(QString::fromStdString(spec.param),
                                    QString::fromStdString(ss::shortestNumberText(row.value)),
                                    QString::fromStdString(row.problem)))
                              .toUtf8());
    return kOk;
}
