// SPDX-License-Identifier: GPL-3.0-or-later
#include "plancommand.h"

#include "clioutput.h"
#include "fields.h"
#include "jsonwriter.h"
#include "planner.h"
#include "scenariosource.h"
#include "usage.h"
#include "workload.h"

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <functional>
#include <optional>

#include <unistd.h>

using namespace ss::cli;

namespace {

// The arguments as read.
struct PlanArgs
{
    QString source;
    QStringList sets;
    ss::PlanOptions options;
    qint64 gpus = 0;
    bool recipes = false; // --recipes: the fine-tuning recipes (ss::addFineTuningRecipes), where not listed
};

// Stores the value of OPTION (not --tp-across-nodes, which has none) in OUT. Returns the exit status of a
// usage error.
std::optional<int> takeOption(const QString& option, const QString& value, PlanArgs& out)
{
    // Whole numbers within RANGE, or a usage error naming the option.
    const auto integer = [&](qint64 lo, qint64 hi, qint64& number) {
        bool ok = false;
        number = value.toLongLong(&ok);
        return ok && number >= lo && number <= hi;
    };
    ss::PlanOptions& options = out.options;
    qint64 number = 0;
    // A comma-separated list of whole numbers from LO to 1048576, or a usage error naming the option.
    const auto list = [&](qint64 lo, std::vector<std::int64_t>& numbers) {
        numbers.clear();
        for (const QString& item : value.split(QLatin1Char(','))) {
            bool ok = false;
            const qint64 v = item.trimmed().toLongLong(&ok);
            if (!ok || v < lo || v > (qint64(1) << 20))
                return false;
            numbers.push_back(v);
        }
        return !numbers.empty();
    };
    if (option == QLatin1String("--cp") || option == QLatin1String("--ep")) {
        if (!list(1, option == QLatin1String("--cp") ? options.cps : options.eps))
            return usageError(tr("%1: expected a comma-separated list of counts from 1 to 1048576, got '%2'")
                                  .arg(option, value));
    } else if (option == QLatin1String("--etp")) {
        if (!list(0, options.etps))
            return usageError(
                tr("--etp: expected a comma-separated list of counts from 0 (as tp) to 1048576, got '%1'")
                    .arg(value));
    } else if (option == QLatin1String("--set")) {
        if (value.indexOf(QLatin1Char('=')) <= 0)
            return usageError(tr("--set expects PATH=VALUE, got '%1'").arg(value));
        out.sets << value;
    } else if (option == QLatin1String("--gpus")) {
        if (!integer(1, qint64(1) << 20, out.gpus))
            return usageError(tr("--gpus: expected a GPU count from 1 to 1048576, got '%1'").arg(value));
    } else if (option == QLatin1String("--top")) {
        if (!integer(1, 100000, number))
            return usageError(tr("--top: expected a count from 1 to 100000, got '%1'").arg(value));
        options.top = int(number);
    } else if (option == QLatin1String("--threads")) {
        if (!integer(1, 1024, number))
            return usageError(tr("--threads: expected a count from 1 to 1024, got '%1'").arg(value));
        options.threads = int(number);
    } else if (option == QLatin1String("--max-micro-batch")) {
        if (!integer(1, 1 << 20, number))
            return usageError(
                tr("--max-micro-batch: expected a size from 1 to 1048576, got '%1'").arg(value));
        options.max_micro_batch = number;
    } else if (option == QLatin1String("--methods")) {
        options.methods.clear();
        for (const QString& item : value.split(QLatin1Char(','))) {
            ss::TrainingMethod m{};
            if (!ss::enumFromName(item.trimmed().toStdString(), m))
                return usageError(
                    tr("--methods: expected a comma-separated list of full, lora and qlora, got '%1'")
                        .arg(value));
            options.methods.push_back(m);
        }
    } else if (option == QLatin1String("--lora-ranks")) {
        if (!list(1, options.lora_ranks))
            return usageError(
                tr("--lora-ranks: expected a comma-separated list of ranks from 1 to 1048576, got '%1'")
                    .arg(value));
    } else if (option == QLatin1String("--optimizers")) {
        options.optimizers.clear();
        for (const QString& item : value.split(QLatin1Char(','))) {
            ss::Optimizer o{};
            if (!ss::enumFromName(item.trimmed().toStdString(), o))
                return usageError(tr("--optimizers: expected a comma-separated list of adam, adam-8bit, sgd, "
                                     "sgd-momentum and adafactor, got '%1'")
                                      .arg(value));
            options.optimizers.push_back(o);
        }
    } else if (option == QLatin1String("--objective")) {
        if (!ss::planObjectiveFromName(value.toStdString(), options.objective))
            return usageError(
                tr("--objective: expected step-time, tokens-per-gpu or memory-headroom, got '%1'")
                    .arg(value));
    } else {
        return usageError(tr("plan: unknown option '%1' (try shardscope-cli --help)").arg(option));
    }
    return std::nullopt;
}

// Reads ARGS into OUT. Returns the exit status when the command ends here (--help, a usage error).
std::optional<int> parseArgs(const QStringList& args, PlanArgs& out)
{
    for (qsizetype i = 0; i < args.size(); ++i) {
        QString arg = args.at(i);
        if (arg == QLatin1String("--help") || arg == QLatin1String("-h")) {
            print(stdout, usage().toUtf8());
            return kOk;
        }
        if (arg == QLatin1String("--tp-across-nodes")) {
            out.options.tp_across_nodes = true;
            continue;
        }
        if (arg == QLatin1String("--recipes")) {
            out.recipes = true;
            continue;
        }
        if (!arg.startsWith(QLatin1String("--")) || arg == QLatin1String("-")) {
            if (!out.source.isEmpty())
                return usageError(tr("plan takes one scenario, got '%1' and '%2'").arg(out.source, arg));
            out.source = arg;
            continue;
        }
        QString value;
        const qsizetype eq = arg.indexOf(QLatin1Char('='));
        if (eq > 0 && arg != QLatin1String("--set")) {
            value = arg.mid(eq + 1);
            arg = arg.left(eq);
        } else {
            if (i + 1 >= args.size())
                return usageError(tr("plan: %1 needs a value").arg(arg));
            value = args.at(++i);
        }
        if (const std::optional<int> status = takeOption(arg, value, out))
            return status;
    }
    if (out.source.isEmpty())
        return usageError(tr("plan needs a scenario: a file, - for standard input, or an example id"));
    return std::nullopt;
}

// One configuration of the output; BASE is the scenario searched (for the layers of each stage).
void writeCandidate(ss::io::JsonWriter& w, const ss::PlanCandidate& c, const ss::Scenario& base)
{
    const ss::Layout& l = c.layout;
    w.beginObject();
    w.key("parallel");
    w.beginObject();
    w.key("dp");
    w.value(std::int64_t(l.dp));
    w.key("tp");
    w.value(std::int64_t(l.tp));
    w.key("pp");
    w.value(std::int64_t(l.pp));
    w.key("cp");
    w.value(std::int64_t(l.cp));
    w.key("ep");
    w.value(std::int64_t(l.ep));
    w.key("etp"); // as evaluated: "as tp" (0) written out
    w.value(std::int64_t(l.etp > 0 ? l.etp : l.tp));
    w.key("first_stage_layers");
    w.value(std::int64_t(l.first_stage_layers));
    w.key("last_stage_layers");
    w.value(std::int64_t(l.last_stage_layers));
    w.key("sequence_parallel");
    w.value(l.sequence_parallel);
    w.key("zero_stage");
    w.value(l.zero_stage);
    w.key("schedule");
    w.value(ss::enumName(l.schedule));
    w.key("virtual_stages");
    w.value(std::int64_t(l.virtual_stages));
    w.endObject();
    w.key("training");
    w.beginObject();
    w.key("micro_batch");
    w.value(std::int64_t(l.micro_batch));
    w.key("recompute");
    w.value(ss::enumName(l.recompute));
    w.key("method");
    w.value(ss::enumName(l.method));
    if (l.method != ss::TrainingMethod::Full) {
        w.key("lora_rank");
        w.value(std::int64_t(l.lora_rank));
    }
    w.key("optimizer");
    w.value(ss::enumName(l.optimizer));
    w.endObject();
    w.key("step_time_s");
    w.value(c.step_time_s);
    w.key("peak_gpu_bytes");
    w.value(c.peak_gpu_bytes);
    w.key("mfu");
    w.value(c.mfu);
    w.key("tokens_per_s");
    w.value(c.tokens_per_s);
    w.key("memory_headroom_bytes");
    w.value(c.capacity_bytes - c.peak_gpu_bytes);
    w.key("exposed_comm_s");
    w.value(c.exposed_comm_s);
    w.key("bubble_fraction");
    w.value(c.bubble_fraction);
    // The layers of each stage, first to last, when they are not all equal.
    const std::vector<std::int64_t> stages = ss::layersPerStage(ss::withLayout(base, l));
    if (std::adjacent_find(stages.begin(), stages.end(), std::not_equal_to<>()) != stages.end()) {
        w.key("stage_layers");
        w.beginArray();
        for (const std::int64_t n : stages)
            w.value(n);
        w.endArray();
    }
    w.endObject();
}

// The search's counts and its best layouts, GPUS being the GPUs searched over.
QByteArray planJson(const ss::PlanResult& result, const ss::PlanOptions& options, const ss::Scenario& base,
                    std::int64_t gpus)
{
    ss::io::JsonWriter w;
    w.beginObject();
    w.key("evaluated");
    w.value(std::int64_t(result.evaluated));
    w.key("feasible");
    w.value(std::int64_t(result.feasible));
    w.key("elapsed_s");
    w.value(result.elapsed_s);
    w.key("layouts");
    w.value(std::int64_t(result.total));
    w.key("gpus");
    w.value(gpus);
    w.key("objective");
    w.value(ss::planObjectiveName(options.objective));
    w.key("configs");
    w.beginArray();
    for (const ss::PlanCandidate& c : result.best)
        writeCandidate(w, c, base);
    w.endArray();
    if (!result.nothing_fits.empty()) {
        w.key("nothing_fits");
        w.value(result.nothing_fits);
        if (result.haveClosest) {
            w.key("closest");
            w.beginObject();
            w.key("dp");
            w.value(std::int64_t(result.closest.layout.dp));
            w.key("tp");
            w.value(std::int64_t(result.closest.layout.tp));
            w.key("pp");
            w.value(std::int64_t(result.closest.layout.pp));
            w.key("micro_batch");
            w.value(std::int64_t(result.closest.layout.micro_batch));
            w.key("zero_stage");
            w.value(std::int64_t(result.closest.layout.zero_stage));
            w.key("method");
            w.value(ss::enumName(result.closest.layout.method));
            w.key("peak_gpu_bytes");
            w.value(result.closest.peak_gpu_bytes);
            w.key("capacity_bytes");
            w.value(result.closest.capacity_bytes);
            w.endObject();
        }
    }
    w.endObject();
    return w.data();
}

// On a terminal, a search that runs past a second says how far it has come, on one line of stderr that it
// rewrites at most twice a second and clears at the end (on a cluster of a million GPUs one layout takes
// seconds).
// Off a terminal (a pipe, a log, the tests) it says nothing.
class SearchProgress
{
public:
    SearchProgress() : m_on(isatty(STDERR_FILENO) == 1), m_start(std::chrono::steady_clock::now()) {}
    ~SearchProgress()
    {
        if (m_shown)
            std::fputs("\r\033[K", stderr);
    }
    SearchProgress(const SearchProgress&) = delete;
    SearchProgress& operator=(const SearchProgress&) = delete;

    ss::PlanProgress callback()
    {
        if (!m_on)
            return {};
        return [this](std::int64_t done, std::int64_t total, const std::vector<ss::PlanCandidate>& found) {
            m_fit += std::int64_t(found.size());
            const auto now = std::chrono::steady_clock::now();
            if (now - m_start < std::chrono::seconds(1) ||
                (m_shown && now - m_last < std::chrono::milliseconds(500)))
                return;
            m_last = now;
            m_shown = true;
            std::fprintf(stderr, "\rshardscope-cli: plan: %lld of %lld layouts evaluated, %lld fit\033[K",
                         static_cast<long long>(done), static_cast<long long>(total),
                         static_cast<long long>(m_fit));
            std::fflush(stderr);
        };
    }

private:
    bool m_on;
    bool m_shown = false;
    std::int64_t m_fit = 0;
    std::chrono::steady_clock::time_point m_start;
    std::chrono::steady_clock::time_point m_last;
};

} // namespace

int planCommand(const QStringList& args)
{
    PlanArgs a;
    if (const std::optional<int> status = parseArgs(args, a))
        return *status;
    ss::Scenario scenario;
    QString label;
    if (!loadScenarioSource(a.source, scenario, &label))
        return kBadInput;
    if (const int status = applySetEdits(scenario, a.sets); status != kOk)
        return status;
    a.options.gpus = a.gpus;
    if (a.recipes)
        ss::addFineTuningRecipes(a.options, scenario);
    ss::PlanResult result;
    {
        SearchProgress progress;
        result = ss::planLayouts(scenario, a.options, progress.callback());
    }
    if (!result.error.empty())
        return inputError(label + QStringLiteral(": ") + QString::fromStdString(result.error));
    ss::Scenario base;
    ss::planBase(scenario, a.options.gpus, base); // succeeded inside planLayouts()
    print(stdout, planJson(result, a.options, base, std::int64_t(a.gpus > 0 ? a.gpus : scenario.gpus())));
    if (!result.nothing_fits.empty())
        std::fprintf(stderr, "shardscope-cli: plan: %s\n", result.nothing_fits.c_str());
    return kOk;
}
