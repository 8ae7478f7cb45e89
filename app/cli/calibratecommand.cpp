// SPDX-License-Identifier: GPL-3.0-or-later
#include "calibratecommand.h"

#include "calibrationrun.h"
#include "clioutput.h"
#include "computefit.h"
#include "evaluate.h"
#include "scenariojson.h"
#include "scenariosource.h"
#include "usage.h"

#include <QFileInfo>

#include <cmath>

using namespace ss::cli;

int calibrateCommand(const QStringList& args)
{
    QString source, logFile, stepText, outFile;
    QStringList sets;
    for (qsizetype i = 0; i < args.size(); ++i) {
        const QString& arg = args.at(i);
        const auto value = [&](QString& into) {
            if (i + 1 >= args.size())
                return false;
            into = args.at(++i);
            return true;
        };
        if (arg == QLatin1String("--help") || arg == QLatin1String("-h")) {
            print(stdout, usage().toUtf8());
            return kOk;
        } else if (arg == QLatin1String("--log")) {
            if (!value(logFile))
                return usageError(tr("--log needs a file: a training log or a profiler trace"));
        } else if (arg == QLatin1String("--step-time")) {
            if (!value(stepText))
                return usageError(tr("--step-time needs seconds, e.g. --step-time 13.75"));
        } else if (arg == QLatin1String("--out")) {
            if (!value(outFile))
                return usageError(tr("--out needs a file to write the calibrated scenario to"));
        } else if (arg == QLatin1String("--set")) {
            if (i + 1 >= args.size())
                return usageError(tr("--set needs PATH=VALUE, e.g. --set parallel.zero_stage=3"));
            sets << args.at(++i);
        } else if (arg.startsWith(QLatin1String("--set="))) {
            sets << arg.mid(6);
        } else if (arg.startsWith(QLatin1Char('-')) && arg != QLatin1String("-")) {
            return usageError(tr("calibrate: unknown option '%1' (try shardscope-cli --help)").arg(arg));
        } else if (source.isEmpty()) {
            source = arg;
        } else {
            return usageError(tr("calibrate takes one scenario, got '%1' and '%2'").arg(source, arg));
        }
    }
    if (source.isEmpty())
        return usageError(tr("calibrate needs a scenario: a file, - for standard input, or an example id"));
    if (logFile.isEmpty() == stepText.isEmpty())
        return usageError(tr("calibrate needs either --log FILE or --step-time SECONDS"));
    for (const QString& set : std::as_const(sets)) {
        if (set.indexOf(QLatin1Char('=')) <= 0)
            return usageError(tr("--set expects PATH=VALUE, got '%1'").arg(set));
    }
    if (!outFile.isEmpty() && isSameFile(outFile, logFile))
        return usageError(tr("--out would overwrite the log '%1'").arg(logFile));

    ss::Scenario scenario;
    QString label;
    if (!loadScenarioSource(source, scenario, &label))
        return kBadInput;
    if (const int status = applySetEdits(scenario, sets); status != kOk)
        return status;
    const QString problem = ss::io::scenarioProblem(scenario, label);
    if (!problem.isEmpty())
        return inputError(problem);

    ss::io::MeasuredRun run;
    ss::io::MeasuredStep step;
    QString error;
    QString from;
    if (!logFile.isEmpty()) {
        if (!ss::io::readMeasuredRunFile(logFile, run, &error))
            return inputError(error);
        if (!ss::io::measuredStep(run, scenario, step, &error))
            return inputError(logFile + QLatin1String(": ") + error);
        from = QFileInfo(logFile).fileName();
    } else {
        bool ok = false;
        step.seconds = stepText.toDouble(&ok);
        if (!ok || !(step.seconds > 0) || !std::isfinite(step.seconds))
            return inputError(tr("--step-time: expected seconds above 0, got '%1'").arg(stepText));
        step.how = tr("typed in");
        from = QStringLiteral("typed");
    }
    const ss::ComputeFit fit = ss::fitComputeScale(scenario, step.seconds);
    if (!fit.ok())
        return inputError(tr("calibrate: %1").arg(QString::fromStdString(fit.error)));
    const ss::Scenario calibrated = ss::applyComputeFit(scenario, fit, from.toStdString());
    const ss::Result after = ss::evaluate(calibrated);
    print(stdout, ss::io::writeComputeFit(fit, from, step, logFile.isEmpty() ? nullptr : &run, after));
    if (!outFile.isEmpty()) {
        if (isSameFile(outFile, source))
            return usageError(tr("--out would overwrite the scenario '%1'; give another file").arg(source));
        if (!ss::io::saveScenarioFile(outFile, calibrated, &error))
            return inputError(error);
    }
    return kOk;
}
