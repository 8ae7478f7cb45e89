// SPDX-License-Identifier: GPL-3.0-or-later
#include "largecluster.h"

#include <QDir>
#include <QFileInfo>
#include <QTemporaryDir>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <string>
#include <vector>

#include <fcntl.h>
#include <spawn.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

extern char** environ;

namespace ss::bench {

namespace {

struct ChildRun
{
    bool ok = false;
    double seconds = 0;
    double peakBytes = 0;
};

// Runs ARGS with its standard output into OUT; wall time and peak RSS of the child alone.
ChildRun runChild(const std::vector<std::string>& args, const std::string& out)
{
    ChildRun run;
    std::vector<char*> argv;
    for (const std::string& a : args)
        argv.push_back(const_cast<char*>(a.c_str()));
    argv.push_back(nullptr);
    posix_spawn_file_actions_t actions;
    posix_spawn_file_actions_init(&actions);
    posix_spawn_file_actions_addopen(&actions, 1, out.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
    const auto start = std::chrono::steady_clock::now();
    pid_t pid = 0;
    const int rc = posix_spawn(&pid, argv[0], &actions, nullptr, argv.data(), environ);
    posix_spawn_file_actions_destroy(&actions);
    if (rc != 0)
        return run;
    int status = 0;
    rusage usage{};
    if (wait4(pid, &status, 0, &usage) != pid)
        return run;
    run.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    run.peakBytes = double(usage.ru_maxrss) * 1024; // kilobytes on Linux (getrusage(2))
    run.ok = WIFEXITED(status) && WEXITSTATUS(status) == 0;
    return run;
}

// RUNS runs of ARGS: the median wall time and the largest peak into MEDIANS under KEY_s and KEY_peak_bytes.
// False (and why on stderr) when a run fails.
bool measureRuns(const std::vector<std::string>& args, const std::string& out, int runs, const QString& key,
                 QJsonObject& medians)
{
    std::vector<double> seconds;
    double peak = 0;
    for (int i = 0; i < runs; ++i) {
        const ChildRun run = runChild(args, out);
        if (!run.ok) {
            std::fprintf(stderr, "shardscope-bench: %s (%s) failed\n", qPrintable(key), args[1].c_str());
            return false;
        }
        seconds.push_back(run.seconds);
        peak = std::max(peak, run.peakBytes);
    }
    std::sort(seconds.begin(), seconds.end());
    medians.insert(key + QStringLiteral("_s"), seconds[seconds.size() / 2]);
    medians.insert(key + QStringLiteral("_peak_bytes"), peak);
    return true;
}

} // namespace

bool measureLargeClusters(const char* cli, const std::vector<int>& gpus, int runs, QJsonObject& medians)
{
    QTemporaryDir dir;
    const std::string out = QDir(dir.path()).filePath(QStringLiteral("eval.json")).toStdString();
    for (int n : gpus) {
        const int nodes = n / 8;
        const int dp = n / 64;
        // Eight microbatches per replica (a multiple of pp, as the interleaved schedule needs).
        const std::vector<std::string> args = {cli,
                                               "eval",
                                               "gpt3-175b-megatron",
                                               "--set",
                                               "cluster.nodes=" + std::to_string(nodes),
                                               "--set",
                                               "parallel.dp=" + std::to_string(dp),
                                               "--set",
                                               "training.global_batch=" + std::to_string(dp * 8)};
        const QString key = QStringLiteral("eval_cli_%1gpu").arg(n);
        if (!measureRuns(args, out, runs, key, medians))
            return false;
        medians.insert(key + QStringLiteral("_json_bytes"),
                       double(QFileInfo(QString::fromStdString(out)).size()));
    }
    return true;
}

bool measureLargePlans(const char* cli, int gpus, int runs, QJsonObject& medians)
{
    QTemporaryDir dir;
    const std::string out = QDir(dir.path()).filePath(QStringLiteral("plan.json")).toStdString();
    const std::vector<std::string> args = {cli,
                                           "plan",
                                           "gpt3-175b-megatron",
                                           "--gpus",
                                           std::to_string(gpus),
                                           "--top",
                                           "3",
                                           "--set",
                                           "training.global_batch=" + std::to_string(gpus / 8)};
    return measureRuns(args, out, runs, QStringLiteral("plan_cli_%1gpu").arg(gpus), medians);
}

} // namespace ss::bench
