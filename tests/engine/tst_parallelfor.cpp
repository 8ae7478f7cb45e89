// SPDX-License-Identifier: GPL-3.0-or-later
// The engine's parallel-for (parallelfor.h): every index runs exactly once on any number of workers and
// chunks, each worker's state is its own, the chunks reported cover the range, the cancel flag stops new
// indices, and an exception from the work reaches the caller.
#include "parallelfor.h"

#include <QtTest>

#include <algorithm>
#include <atomic>
#include <mutex>
#include <stdexcept>
#include <string>
#include <vector>

using namespace ss;

class TestParallelFor : public QObject
{
    Q_OBJECT

private slots:
    void workerCount();
    void everyIndexOnce_data();
    void everyIndexOnce();
    void chunksCoverTheRange();
    void workerStateIsItsOwn();
    void cancelStopsNewIndices();
    void exceptionReachesCaller();
};

void TestParallelFor::workerCount()
{
    ParallelForOptions options;
    options.threads = 8;
    options.chunk = 16;
    QCOMPARE(parallelWorkers(0, options), 1u);
    QCOMPARE(parallelWorkers(16, options), 1u);
    QCOMPARE(parallelWorkers(17, options), 2u); // a second, partial chunk
    QCOMPARE(parallelWorkers(1000, options), 8u);
    options.threads = 0; // one per core, at least one
    QVERIFY(parallelWorkers(1000, options) >= 1u);
}

void TestParallelFor::everyIndexOnce_data()
{
    QTest::addColumn<int>("count");
    QTest::addColumn<int>("threads");
    QTest::addColumn<int>("chunk");
    QTest::newRow("nothing to do") << 0 << 4 << 1;
    QTest::newRow("one worker") << 100 << 1 << 1;
    QTest::newRow("more workers than indices") << 3 << 8 << 1;
    QTest::newRow("chunks of 16, a partial last one") << 1001 << 4 << 16;
    QTest::newRow("chunk larger than the range") << 10 << 4 << 64;
}

void TestParallelFor::everyIndexOnce()
{
    QFETCH(int, count);
    QFETCH(int, threads);
    QFETCH(int, chunk);
    ParallelForOptions options;
    options.threads = unsigned(threads);
    options.chunk = std::size_t(chunk);
    std::vector<std::atomic<int>> runs(static_cast<std::size_t>(count));
    const unsigned workers = parallelWorkers(std::size_t(count), options);
    std::atomic<bool> badWorker{false};
    QVERIFY(parallelFor(std::size_t(count), options, [&](std::size_t i, unsigned worker) {
        if (worker >= workers)
            badWorker = true;
        ++runs[i];
    }));
    QVERIFY(!badWorker);
    for (const std::atomic<int>& n : runs)
        QCOMPARE(n.load(), 1);
}

void TestParallelFor::chunksCoverTheRange()
{
    ParallelForOptions options;
    options.threads = 3;
    options.chunk = 7;
    std::mutex mutex;
    std::vector<std::pair<std::size_t, std::size_t>> chunks;
    parallelFor(
        50, options, [](std::size_t, unsigned) {},
        [&](std::size_t begin, std::size_t end, unsigned) {
            const std::lock_guard<std::mutex> lock(mutex);
            chunks.emplace_back(begin, end);
        });
    std::sort(chunks.begin(), chunks.end());
    QCOMPARE(chunks.size(), std::size_t(8)); // 7 × 7 + 1
    std::size_t next = 0;
    for (const auto& [begin, end] : chunks) {
        QCOMPARE(begin, next);
        QVERIFY(end > begin && end - begin <= 7);
        next = end;
    }
    QCOMPARE(next, std::size_t(50));
}

void TestParallelFor::workerStateIsItsOwn()
{
    // Per-worker sums without a lock add up to the whole: no two threads share a worker's slot.
    ParallelForOptions options;
    options.threads = 4;
    options.chunk = 5;
    const std::size_t count = 10000;
    std::vector<std::size_t> sums(parallelWorkers(count, options), 0);
    parallelFor(count, options, [&](std::size_t i, unsigned worker) { sums[worker] += i; });
    std::size_t total = 0;
    for (std::size_t s : sums)
        total += s;
    QCOMPARE(total, count * (count - 1) / 2);
}

void TestParallelFor::cancelStopsNewIndices()
{
    ParallelForOptions options;
    options.threads = 2;
    std::atomic<bool> cancel{false};
    options.cancel = &cancel;
    std::atomic<int> ran{0};
    const bool finished = parallelFor(1000, options, [&](std::size_t i, unsigned) {
        ++ran;
        if (i == 10)
            cancel = true;
    });
    QVERIFY(!finished);
    QVERIFY(ran.load() < 1000);
    // Set before the start: nothing runs.
    ran = 0;
    QVERIFY(!parallelFor(100, options, [&](std::size_t, unsigned) { ++ran; }));
    QCOMPARE(ran.load(), 0);
}

void TestParallelFor::exceptionReachesCaller()
{
    ParallelForOptions options;
    options.threads = 3;
    bool caught = false;
    try {
        parallelFor(100, options, [](std::size_t i, unsigned) {
            if (i == 42)
                throw std::runtime_error("index 42");
        });
    } catch (const std::runtime_error& e) {
        caught = std::string(e.what()) == "index 42";
    }
    QVERIFY(caught);
}

QTEST_GUILESS_MAIN(TestParallelFor)
#include "tst_parallelfor.moc"
