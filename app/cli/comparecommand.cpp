// SPDX-License-Identifier: GPL-3.0-or-later
#include "comparecommand.h"

#include "clioutput.h"
#include "compare.h"
#include "evaluate.h"
#include "jsonwriter.h"
#include "scenariojson.h"
#include "scenariosource.h"

#include <optional>

using namespace ss::cli;

namespace {

const char* betterName(ss::Better better)
{
    switch (better) {
    case ss::Better::Lower:
        return "lower";
    case ss::Better::Higher:
        return "higher";
    case ss::Better::Neither:
        break;
    }
    return "neither";
}

const char* verdictName(ss::Verdict verdict)
{
    switch (verdict) {
    case ss::Verdict::Better:
        return "better";
    case ss::Verdict::Worse:
        return "worse";
    case ss::Verdict::Same:
        return "same";
    case ss::Verdict::Neutral:
        break;
    }
    return "neutral";
}

// The figures of C beside those of B, as `compare` prints them.
QByteArray compareJson(const ss::Scenario& baseline, const ss::Result& b, const ss::Scenario& current,
                       const ss::Result& c)
{
    ss::io::JsonWriter w;
    w.beginObject();
    w.key("baseline");
    w.beginObject();
    w.key("name");
    w.value(baseline.name);
    w.endObject();
    w.key("current");
    w.beginObject();
    w.key("name");
    w.value(current.name);
    w.endObject();
    w.key("figures");
    w.beginArray();
    for (const ss::FigureDelta& d : ss::compareResults(b, c)) {
        w.beginObject();
        w.key("id");
        w.value(d.id);
        w.key("baseline");
        if (d.in_baseline)
            w.value(d.baseline);
        else
            w.null();
        w.key("current");
        if (d.in_current)
            w.value(d.current);
        else
            w.null();
        w.key("delta");
        if (d.in_baseline && d.in_current)
            w.value(d.delta);
        else
            w.null();
        w.key("relative");
        if (d.relative)
            w.value(*d.relative);
        else
            w.null();
        w.key("better");
        w.value(betterName(d.better));
        w.key("verdict");
        w.value(verdictName(d.verdict));
        w.endObject();
    }
    w.endArray();
    w.endObject();
    return w.data();
}

// Reads ARGS into SOURCES and SETS. Returns the exit status when the command ends here (--help, a usage
// error).
std::optional<int> parseArgs(const QStringList& args, QStringList& sources, QStringList& sets)
{
    for (qsizetype i = 0; i < args.size(); ++i) {
        const QString& arg = args.at(i);
        if (arg == QLatin1String("--help") || arg == QLatin1String("-h")) {
            print(stdout, compareUsage().toUtf8());
            return kOk;
        } else if (arg == QLatin1String("--set")) {
            if (i + 1 >= args.size())
                return usageError(tr("--set needs PATH=VALUE, e.g. --set parallel.zero_stage=3"));
            sets << args.at(++i);
        } else if (arg.startsWith(QLatin1String("--set="))) {
            sets << arg.mid(6);
        } else if (arg.startsWith(QLatin1Char('-')) && arg != QLatin1String("-")) {
            return usageError(
                tr("compare: unknown option '%1' (try shardscope-cli compare --help)").arg(arg));
        } else {
            sources << arg;
        }
    }
    if (sources.isEmpty() || sources.size() > 2)
        return usageError(tr("compare needs a baseline scenario and at most one current scenario"));
    if (sources.size() == 2 && sources.at(0) == QLatin1String("-") && sources.at(1) == QLatin1String("-"))
        return usageError(tr("compare: only one scenario can come from standard input"));
    for (const QString& set : std::as_const(sets)) {
        if (set.indexOf(QLatin1Char('=')) <= 0)
            return usageError(tr("--set expects PATH=VALUE, got '%1'").arg(set));
    }
    return std::nullopt;
}

} // namespace

QString compareUsage()
{
    return QCoreApplication::translate(
        "Cli",
        "  shardscope-cli compare BASELINE [CURRENT] [--set PATH=VALUE]...\n"
        "\n"
        "compare prints the figures of CURRENT against BASELINE as JSON: {\"baseline\":{\"name\"},\n"
        "  "
        "\"current\":{\"name\"},\"figures\":[{\"id\",\"baseline\",\"current\",\"delta\",\"relative\","
        "\"better\",\n"
        "  \"verdict\"}]}. An id is a result JSON path (step.time_s, memory.peak_gpu_bytes, ...); delta is\n"
        "  current - baseline, relative is delta / |baseline| (null when the baseline is 0); verdict is\n"
        "  better, worse, same or neutral. Without CURRENT, --set edits a copy of BASELINE:\n"
        "  shardscope-cli compare default --set parallel.zero_stage=3\n");
}

int compareCommand(const QStringList& args)
{
    QStringList sources;
    QStringList sets;
    if (const std::optional<int> status = parseArgs(args, sources, sets))
        return *status;

    ss::Scenario baseline;
    QString baselineLabel;
    if (!loadScenarioSource(sources.at(0), baseline, &baselineLabel))
        return kBadInput;
    ss::Scenario current = baseline;
    QString currentLabel = baselineLabel;
    if (sources.size() == 2 && !loadScenarioSource(sources.at(1), current, &currentLabel))
        return kBadInput;
    if (const int status = applySetEdits(current, sets); status != kOk)
        return status;
    // Read without the cross-field checks so that --set could repair the current one; both must be whole now.
    for (const auto& [scenario, label] :
         {std::pair{&baseline, baselineLabel}, std::pair{&current, currentLabel}}) {
        const QString problem = ss::io::scenarioProblem(*scenario, label);
        if (!problem.isEmpty())
            return inputError(problem);
    }

    // As `eval` evaluates them: the figures are the ones it prints, and the ones the explorer compares.
    const ss::Result b = ss::evaluate(baseline);
    const ss::Result c = ss::evaluate(current);
    print(stdout, compareJson(baseline, b, current, c));
    return kOk;
}
