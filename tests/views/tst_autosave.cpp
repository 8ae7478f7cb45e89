// SPDX-License-Identifier: GPL-3.0-or-later
// Autosave and crash recovery: an unsaved edit is autosaved with its value, a document back to
// clean removes the file, a session that ended without quitting leaves its autosave to be offered on the
// next start, where Recover brings it back unsaved, Discard removes it and Later keeps it. The question is
// answered through MainWindow::setRecoveryPrompt, not a modal dialog.
#include "autosave.h"
#include "mainwindow.h"
#include "scenariodocument.h"

#include <QFile>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QUndoStack>
#include <QtTest>

using namespace ss;

Q_DECLARE_METATYPE(ss::MainWindow::RecoveryChoice)

namespace {

FieldValue number(double v)
{
    FieldValue value;
    value.number = v;
    return value;
}

// Leaves an autosave as a crashed session would: written by a live session, then copied under another
// session's name whose lock nobody holds.
QString leaveCrashedAutosave(const QString& directory, double microBatch)
{
    ScenarioDocument document;
    Autosave autosave(&document, directory);
    document.setField(QStringLiteral("training.micro_batch"), number(microBatch));
    if (!autosave.saveNow())
        return {};
    const QString crashed = directory + QStringLiteral("/crashed-session.autosave.json");
    QFile::remove(crashed);
    return QFile::copy(autosave.filePath(), crashed) ? crashed : QString();
}

} // namespace

class TestAutosave : public QObject
{
    Q_OBJECT
private slots:
    void initTestCase();
    void editIsAutosaved();
    void cleanRemovesAutosave();
    void normalEndRemovesAutosave();
    void runningSessionIsNotOffered();
    void recovery_data();
    void recovery();
    void brokenAutosaveIsHarmless();
};

void TestAutosave::initTestCase()
{
    QStandardPaths::setTestModeEnabled(true);
    QCOMPARE(Autosave::defaultIntervalMs() > 0, true);
}

void TestAutosave::editIsAutosaved()
{
    QTemporaryDir dir;
    ScenarioDocument document;
    Autosave autosave(&document, dir.path());
    autosave.setInterval(20);
    QSignalSpy saved(&autosave, &Autosave::saved);
    QVERIFY(!QFile::exists(autosave.filePath()));
    QVERIFY(document.setField(QStringLiteral("training.micro_batch"), number(2)).isEmpty());
    QVERIFY(saved.wait(2000));
    QVERIFY(QFile::exists(autosave.filePath()));
    Scenario loaded;
    QString error;
    QVERIFY2(Autosave::load(autosave.filePath(), loaded, &error), qPrintable(error));
    QCOMPARE(loaded.training.micro_batch, std::int64_t(2));
    QCOMPARE(loaded, document.scenario());
    // A later edit is written at the next interval, not lost.
    QVERIFY(document.setField(QStringLiteral("training.micro_batch"), number(4)).isEmpty());
    QVERIFY(saved.wait(2000));
    QVERIFY(Autosave::load(autosave.filePath(), loaded, &error));
    QCOMPARE(loaded.training.micro_batch, std::int64_t(4));
}

void TestAutosave::cleanRemovesAutosave()
{
    QTemporaryDir dir;
    ScenarioDocument document;
    Autosave autosave(&document, dir.path());
    document.setField(QStringLiteral("training.micro_batch"), number(2));
    QVERIFY(autosave.saveNow());
    QVERIFY(QFile::exists(autosave.filePath()));
    document.undoStack()->undo(); // back to where it started: clean
    QVERIFY(!document.isModified());
    QVERIFY(!QFile::exists(autosave.filePath()));
    // Saving makes it clean too.
    document.setField(QStringLiteral("training.micro_batch"), number(2));
    QVERIFY(autosave.saveNow());
    QVERIFY(document.saveFile(dir.filePath(QStringLiteral("saved.json"))));
    QVERIFY(!QFile::exists(autosave.filePath()));
    // Nothing to write while clean.
    QVERIFY(!autosave.saveNow());
}

void TestAutosave::normalEndRemovesAutosave()
{
    QTemporaryDir dir;
    QString path;
    {
        ScenarioDocument document;
        Autosave autosave(&document, dir.path());
        document.setField(QStringLiteral("training.micro_batch"), number(2));
        QVERIFY(autosave.saveNow());
        path = autosave.filePath();
        QVERIFY(QFile::exists(path));
    }
    QVERIFY(!QFile::exists(path));
}

void TestAutosave::runningSessionIsNotOffered()
{
    QTemporaryDir dir;
    ScenarioDocument other;
    Autosave running(&other, dir.path());
    other.setField(QStringLiteral("training.micro_batch"), number(2));
    QVERIFY(running.saveNow());
    ScenarioDocument document;
    Autosave autosave(&document, dir.path());
    QVERIFY(autosave.staleEntries().isEmpty());
}

void TestAutosave::recovery_data()
{
    QTest::addColumn<MainWindow::RecoveryChoice>("choice");
    QTest::addColumn<bool>("recovered");
    QTest::addColumn<bool>("fileLeft");
    QTest::newRow("recover") << MainWindow::RecoveryChoice::Recover << true << false;
    QTest::newRow("discard") << MainWindow::RecoveryChoice::Discard << false << false;
    QTest::newRow("later") << MainWindow::RecoveryChoice::Later << false << true;
}

void TestAutosave::recovery()
{
    QFETCH(MainWindow::RecoveryChoice, choice);
    QFETCH(bool, recovered);
    QFETCH(bool, fileLeft);
    QTemporaryDir dir;
    const QString crashed = leaveCrashedAutosave(dir.path(), 3);
    QVERIFY(!crashed.isEmpty());

    MainWindow window;
    window.enableAutosave(dir.path());
    const Scenario before = window.document()->scenario();
    QList<AutosaveEntry> asked;
    window.setRecoveryPrompt([&asked, choice](const AutosaveEntry& entry) {
        asked << entry;
        return choice;
    });
    QCOMPARE(window.offerRecovery(), recovered);
    QCOMPARE(asked.size(), 1);
    QCOMPARE(asked.front().path, crashed);
    QVERIFY(asked.front().savedAt.isValid());
    QCOMPARE(QFile::exists(crashed), fileLeft);
    if (recovered) {
        QCOMPARE(window.document()->scenario().training.micro_batch, std::int64_t(3));
        QVERIFY(window.document()->isModified());
        QVERIFY(window.isWindowModified());
        // This session's autosave holds the recovered edits at once.
        Scenario mine;
        QVERIFY(Autosave::load(window.autosave()->filePath(), mine, nullptr));
        QCOMPARE(mine, window.document()->scenario());
    } else {
        QCOMPARE(window.document()->scenario(), before);
    }
    // Asked once: a second start offers only what was left for later.
    asked.clear();
    window.offerRecovery();
    QCOMPARE(asked.size(), fileLeft ? 1 : 0);
}

void TestAutosave::brokenAutosaveIsHarmless()
{
    QTemporaryDir dir;
    QFile broken(dir.filePath(QStringLiteral("broken.autosave.json")));
    QVERIFY(broken.open(QIODevice::WriteOnly));
    broken.write("{\"format\": \"shardscope-autosave\", \"scenario\": {\"model\": 12}}");
    broken.close();
    QFile garbage(dir.filePath(QStringLiteral("garbage.autosave.json")));
    QVERIFY(garbage.open(QIODevice::WriteOnly));
    garbage.write("\x01\x02 not json");
    garbage.close();
    MainWindow window;
    window.enableAutosave(dir.path());
    const Scenario before = window.document()->scenario();
    int asked = 0;
    window.setRecoveryPrompt([&asked](const AutosaveEntry&) {
        ++asked;
        return MainWindow::RecoveryChoice::Recover;
    });
    QVERIFY(!window.offerRecovery());
    QCOMPARE(asked, 1); // the garbage is not an autosave; the broken one is offered, fails to load
    QCOMPARE(window.document()->scenario(), before);
}

QTEST_MAIN(TestAutosave)
#include "tst_autosave.moc"
