// SPDX-License-Identifier: GPL-3.0-or-later
// Work for an object of the UI thread run on the global thread pool, the way the analysis, the explanations,
// the sweep and the planner all need it (docs/architecture.md): the job owns copies of its inputs and hands
// back a value, which is applied on the owner's thread only while the generation it was started in is still
// the current one. advance() makes every job in flight stale; a stale result goes to the optional stale
// callback (bookkeeping) instead. The destructor waits for what is still running and drops its results.
#pragma once

#include <QFutureWatcher>
#include <QObject>
#include <QtConcurrent/QtConcurrentRun>

#include <functional>
#include <list>
#include <type_traits>
#include <utility>

namespace ss {

template <typename T> class BackgroundJob
{
public:
    using Deliver = std::function<void(T)>;

    // CONTEXT: the object the results are delivered to (on its thread); it parents the watchers.
    explicit BackgroundJob(QObject* context) : m_context(context) {}
    ~BackgroundJob() { abandon(); }
    BackgroundJob(const BackgroundJob&) = delete;
    BackgroundJob& operator=(const BackgroundJob&) = delete;

    quint64 generation() const { return m_generation; }
    // A new generation: the jobs in flight become stale. Returns the new generation.
    quint64 advance() { return ++m_generation; }
    bool isCurrent(quint64 generation) const { return generation == m_generation; }
    // The job started last has not delivered yet (older ones may still run, stale or not).
    bool isRunning() const { return m_latest != nullptr; }
    // ... and it was started in the current generation, so the current inputs need no second one.
    bool isRunningCurrent() const { return m_latest && m_latest->generation == m_generation; }

    // Runs WORK (copied, with everything it captured) on the thread pool in the current generation. When it
    // ends, on the context's thread: APPLY(result) if no advance() came in between, else STALE(result).
    template <typename Work> void start(Work work, Deliver apply, Deliver stale = {})
    {
        static_assert(std::is_same_v<std::invoke_result_t<Work>, T>, "the work must return the job's type");
        auto* watcher = new QFutureWatcher<T>(m_context);
        m_jobs.push_back({watcher, m_generation, std::move(apply), std::move(stale)});
        Job* job = &m_jobs.back();
        m_latest = job;
        QObject::connect(watcher, &QFutureWatcherBase::finished, m_context, [this, job] { finish(job); });
        watcher->setFuture(QtConcurrent::run(std::move(work)));
    }

    // Blocks until the job started last has ended and delivers its result now (screenshots, tests).
    void waitForFinished()
    {
        if (!m_latest)
            return;
        Job* job = m_latest;
        job->watcher->waitForFinished();
        finish(job);
    }

    // Waits for every job still running and drops its result. The work itself cannot be interrupted: a job
    // that polls a cancel flag is told to stop before this.
    void abandon()
    {
        for (Job& job : m_jobs) {
            job.watcher->disconnect(m_context);
            job.watcher->waitForFinished();
            job.watcher->deleteLater();
        }
        m_jobs.clear();
        m_latest = nullptr;
    }

private:
    struct Job
    {
        QFutureWatcher<T>* watcher;
        quint64 generation;
        Deliver apply;
        Deliver stale;
    };

    void finish(Job* job)
    {
        // Delivered once: a finished() still queued after waitForFinished() finds nothing connected.
        job->watcher->disconnect(m_context);
        job->watcher->deleteLater();
        // Taken, not copied: the future holds the only other copy and is dropped with the watcher.
        T result = job->watcher->future().takeResult();
        Deliver deliver = std::move(job->generation == m_generation ? job->apply : job->stale);
        if (m_latest == job)
            m_latest = nullptr;
        m_jobs.remove_if([job](const Job& j) { return &j == job; });
        // Last: the callback may start the next job.
        if (deliver)
            deliver(std::move(result));
    }

    QObject* m_context;
    quint64 m_generation = 0;
    std::list<Job> m_jobs; // in flight, oldest first; a list, so the connections' pointers stay valid
    Job* m_latest = nullptr;
};

} // namespace ss
