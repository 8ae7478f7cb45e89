// SPDX-License-Identifier: GPL-3.0-or-later
// The explanations of the document's scenario: evaluated on the first request after a change and
// cached, never by an edit alone; an invalid scenario is not explained; on the thread pool a result for a
// scenario that has changed meanwhile is dropped.
#include "explainmodel.h"
#include "scenariodocument.h"

#include <QSignalSpy>
#include <QUndoStack>
#include <QtTest>

using namespace ss;

class TestExplainModel : public QObject
{
    Q_OBJECT
private slots:
    void lazyAndCached();
    void invalidScenario();
    void threaded();
    void staleThreadedResultDropped();
};

void TestExplainModel::lazyAndCached()
{
    ScenarioDocument document;
    ExplainModel model(&document);
    model.setMode(ExplainModel::Mode::Inline);
    QSignalSpy ready(&model, &ExplainModel::ready);
    QSignalSpy invalidated(&model, &ExplainModel::invalidated);
    QVERIFY(!model.isReady());

    // Edits alone evaluate nothing.
    for (const char* batch : {"256", "384", "512"})
        QCOMPARE(document.setFieldText(QStringLiteral("training.global_batch"), QLatin1String(batch)),
                 QString());
    QCOMPARE(model.evaluations(), 0);
    QCOMPARE(invalidated.count(), 0); // nothing was ready to go out of date

    model.request();
    QVERIFY(model.isReady());
    QCOMPARE(ready.count(), 1);
    QCOMPARE(model.evaluations(), 1);
    const Explanation* time = model.find(QStringLiteral("step.time_s"));
    QVERIFY(time);
    QCOMPARE(time->value, document.result().step.time_s);
    QCOMPARE(model.find(QStringLiteral("memory.per_gpu[0].optimizer"))->value,
             document.result().memory.per_gpu[0].optimizer);
    QVERIFY(!model.find(QStringLiteral("no.such.figure")));

    // Cached until the scenario changes.
    model.request();
    QCOMPARE(model.evaluations(), 1);
    QCOMPARE(document.setFieldText(QStringLiteral("training.micro_batch"), QStringLiteral("2")), QString());
    QCOMPARE(invalidated.count(), 1);
    QVERIFY(!model.isReady());
    model.request();
    QCOMPARE(model.evaluations(), 2);
    QCOMPARE(model.find(QStringLiteral("step.time_s"))->value, document.result().step.time_s);

    // Undo is a change like any other.
    document.undoStack()->undo();
    QVERIFY(!model.isReady());
    model.request();
    QCOMPARE(model.find(QStringLiteral("microbatches"))->value, double(document.result().microbatches));
}

void TestExplainModel::invalidScenario()
{
    ScenarioDocument document;
    ExplainModel model(&document);
    model.setMode(ExplainModel::Mode::Inline);
    // dp × tp × pp no longer matches the cluster's GPUs: the scenario has problems.
    QCOMPARE(document.setFieldText(QStringLiteral("parallel.dp"), QStringLiteral("3")), QString());
    QVERIFY(!document.isValid());
    QVERIFY(!model.isValid());
    model.request();
    QVERIFY(!model.isReady());
    QCOMPARE(model.evaluations(), 0);
}

void TestExplainModel::threaded()
{
    ScenarioDocument document;
    ExplainModel model(&document);
    model.setMode(ExplainModel::Mode::Threaded);
    QSignalSpy ready(&model, &ExplainModel::ready);
    model.request();
    QVERIFY(model.isRunning());
    QVERIFY(!model.isReady());
    model.request(); // the same scenario: not evaluated twice
    QCOMPARE(model.evaluations(), 1);
    QVERIFY(ready.wait(10000));
    QVERIFY(model.isReady());
    QVERIFY(!model.isRunning());
    QCOMPARE(model.find(QStringLiteral("step.mfu"))->value, document.result().step.mfu);
}

void TestExplainModel::staleThreadedResultDropped()
{
    ScenarioDocument document;
    ExplainModel model(&document);
    model.setMode(ExplainModel::Mode::Threaded);
    QSignalSpy ready(&model, &ExplainModel::ready);
    model.request();
    QCOMPARE(document.setFieldText(QStringLiteral("training.global_batch"), QStringLiteral("1024")),
             QString());
    model.request();
    QTRY_VERIFY_WITH_TIMEOUT(model.isReady() && !model.isRunning(), 10000);
    QTest::qWait(50);
    QCOMPARE(ready.count(), 1); // the first scenario's explanations never arrived
    QCOMPARE(model.find(QStringLiteral("microbatches"))->value, double(document.result().microbatches));
    QCOMPARE(model.find(QStringLiteral("step.time_s"))->value, document.result().step.time_s);
}

QTEST_GUILESS_MAIN(TestExplainModel)
#include "tst_explainmodel.moc"
