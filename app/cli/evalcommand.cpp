// SPDX-License-Identifier: GPL-3.0-or-later
#include "evalcommand.h"

#include "clioutput.h"
#include "evaluate.h"
#include "linkclasses.h"
#include "resultjson.h"
#include "scenariojson.h"
#include "scenariosource.h"
#include "usage.h"

#include <limits>

using namespace ss::cli;

int evalCommand(const QStringList& args)
{
    QString source;
    QStringList sets;
    bool explain = false;
    bool timeline = false;
    std::size_t maxLinkRows = ss::kLinkRowsThreshold;
    for (qsizetype i = 0; i < args.size(); ++i) {
        const QString& arg = args.at(i);
        if (arg == QLatin1String("--help") || arg == QLatin1String("-h")) {
            print(stdout, usage().toUtf8());
            return kOk;
        } else if (arg == QLatin1String("--explain")) {
            explain = true;
        } else if (arg == QLatin1String("--timeline")) {
            timeline = true;
        } else if (arg == QLatin1String("--all-links")) {
            maxLinkRows = std::numeric_limits<std::size_t>::max();
        } else if (arg == QLatin1String("--max-link-rows")) {
            bool ok = false;
            const qlonglong n = i + 1 < args.size() ? args.at(i + 1).toLongLong(&ok) : 0;
            if (!ok || n < 1)
                return usageError(tr("--max-link-rows needs a whole number of rows, at least 1"));
            maxLinkRows = std::size_t(n);
            ++i;
        } else if (arg == QLatin1String("--set")) {
            if (i + 1 >= args.size())
                return usageError(tr("--set needs PATH=VALUE, e.g. --set parallel.zero_stage=3"));
            sets << args.at(++i);
        } else if (arg.startsWith(QLatin1String("--set="))) {
            sets << arg.mid(6);
        } else if (arg.startsWith(QLatin1Char('-')) && arg != QLatin1String("-")) {
            return usageError(tr("eval: unknown option '%1' (try shardscope-cli --help)").arg(arg));
        } else if (source.isEmpty()) {
            source = arg;
        } else {
            return usageError(tr("eval takes one scenario, got '%1' and '%2'").arg(source, arg));
        }
    }
    if (source.isEmpty())
        return usageError(tr("eval needs a scenario: a file, - for standard input, or an example id"));
    for (const QString& set : std::as_const(sets)) {
        if (set.indexOf(QLatin1Char('=')) <= 0)
            return usageError(tr("--set expects PATH=VALUE, got '%1'").arg(set));
    }

    ss::Scenario scenario;
    QString label;
    if (!loadScenarioSource(source, scenario, &label))
        return kBadInput;
    if (const int status = applySetEdits(scenario, sets); status != kOk)
        return status;
    // The file was read without the cross-field checks so that --set could still repair it; run them now.
    const QString problem = ss::io::scenarioProblem(scenario, label);
    if (!problem.isEmpty())
        return inputError(problem);

    ss::EvalOptions options;
    options.explain = explain;
    options.timeline = timeline;
    options.collective_links = false; // the result's JSON has no collective's link ids or rings
    options.link_rows_max = maxLinkRows;
    const ss::Result result = ss::evaluate(scenario, options);
    print(stdout, ss::io::writeResult(result, explain, timeline));
    return kOk;
}
