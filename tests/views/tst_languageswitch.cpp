// SPDX-License-Identifier: GPL-3.0-or-later
// View > Language takes effect at once, offscreen: after the switch to Simplified Chinese the
// window title, a menu, a tab, a parameter label, a summary caption, a chart axis and the dock read as the
// zh_CN catalogue says (looked up with QCoreApplication::translate, so the test follows the .ts file),
// numbers follow QLocale(zh_CN), and the scenario, its undo history, the baseline and the current tab are
// what they were. Switching back brings the English words back.
#include "bandwidthchart.h"
#include "baselinemodel.h"
#include "fieldnames.h"
#include "importdialog.h"
#include "mainwindow.h"
#include "memorychart.h"
#include "scenariodocument.h"
#include "translator.h"

#include <QAction>
#include <QDockWidget>
#include <QLabel>
#include <QMenu>
#include <QSpinBox>
#include <QTabWidget>
#include <QTableWidget>
#include <QTemporaryDir>
#include <QTest>
#include <QUndoStack>

using ss::MainWindow;

namespace {

// What the test reads off the window, in whatever language it is in.
struct Words
{
    QString title;
    QString fileMenu;
    QString memoryTab;
    QString layersLabel;
    QString stepTimeCaption;
    QString memoryAxis;
    QString dockTitle;
    QString undo;
};

Words wordsOf(const MainWindow& w)
{
    Words words;
    words.title = w.windowTitle();
    if (const auto* menu = w.findChild<QMenu*>(QStringLiteral("menuFile")))
        words.fileMenu = menu->title();
    words.memoryTab = w.viewTabs()->tabText(w.viewTabs()->indexOf(w.memoryChart()));
    if (const auto* label = w.findChild<QLabel*>(QStringLiteral("label.model.layers")))
        words.layersLabel = label->text();
    if (const auto* caption = w.findChild<QLabel*>(QStringLiteral("summary.step_time.caption")))
        words.stepTimeCaption = caption->text();
    words.memoryAxis = w.memoryChart()->yAxis->label();
    if (const auto* dock = w.findChild<QDockWidget*>(QStringLiteral("parametersDock")))
        words.dockTitle = dock->windowTitle();
    if (const auto* undo = w.findChild<QAction*>(QStringLiteral("actionUndo")))
        words.undo = undo->text();
    return words;
}

// The same words as the catalogue of the language in effect gives them (the source text for English).
Words expectedWords(const QString& scenarioName, const QString& fileName)
{
    const auto tr = [](const char* context, const char* source) {
        return QCoreApplication::translate(context, source);
    };
    Words words;
    words.title = tr("ss::MainWindow", "%1[*] (%2) — ShardScope").arg(scenarioName, fileName);
    words.fileMenu = tr("ss::MainWindow", "&File");
    words.memoryTab = tr("ss::MainWindow", "Memory");
    words.layersLabel = tr("FieldNames", "Layers");
    words.stepTimeCaption = tr("ss::SummaryStrip", "Step time");
    words.memoryAxis = tr("ss::MemoryChart", "Memory per GPU");
    words.dockTitle = tr("ss::MainWindow", "Parameters");
    words.undo = tr("ss::MainWindow", "&Undo");
    return words;
}

void compareWords(const Words& shown, const Words& expected)
{
    QCOMPARE(shown.title, expected.title);
    QCOMPARE(shown.fileMenu, expected.fileMenu);
    QCOMPARE(shown.memoryTab, expected.memoryTab);
    QCOMPARE(shown.layersLabel, expected.layersLabel);
    QCOMPARE(shown.stepTimeCaption, expected.stepTimeCaption);
    QCOMPARE(shown.memoryAxis, expected.memoryAxis);
    QCOMPARE(shown.dockTitle, expected.dockTitle);
    // "Undo Set Micro-batch size": the prefix in the new language, the command's own words as they were made.
    QVERIFY2(shown.undo.startsWith(expected.undo), qPrintable(shown.undo));
}

// The language change reaches the widgets as posted events (and the window posts one more step).
void settle()
{
    for (int i = 0; i < 3; ++i) {
        QCoreApplication::sendPostedEvents();
        QCoreApplication::processEvents();
    }
}

} // namespace

class TestLanguageSwitch : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();
    void cleanupTestCase();
    void switchesAtOnceAndBack();
    void openPreviewFollows();
    void exampleTitlesFollow();
};

void TestLanguageSwitch::initTestCase()
{
    // English, the source language, as the application starts without a saved choice.
    ss::switchLanguage(QStringLiteral("en"));
    QCOMPARE(ss::currentLanguage(), QStringLiteral("en"));
}

void TestLanguageSwitch::cleanupTestCase()
{
    ss::switchLanguage(QStringLiteral("en"));
}

void TestLanguageSwitch::switchesAtOnceAndBack()
{
    MainWindow w;
    // GPT-3 175B on 1024 GPUs (resources/examples/gpt3-175b-megatron.json): a step is simulated, so the step
    // figures are on show, and the GPU count has four digits for the locale's digit groups.
    QVERIFY(w.openExample(QStringLiteral("gpt3-175b-megatron")));
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    // Saved, so the title names the file: "%1[*] (%2) — ShardScope" is worded differently in Chinese.
    const QString fileName = dir.filePath(QStringLiteral("gpt3.json"));
    QVERIFY(w.saveFile(fileName));
    QTRY_VERIFY(w.document()->isResultCurrent());
    QVERIFY(w.setBaselinePinned(true));
    auto* microBatch = w.findChild<QSpinBox*>(QStringLiteral("training.micro_batch"));
    QVERIFY(microBatch);
    microBatch->setValue(microBatch->value() == 1 ? 2 : 1);
    QTRY_VERIFY(w.document()->isResultCurrent());
    w.viewTabs()->setCurrentWidget(w.bandwidthChart());
    w.show();
    QVERIFY(QTest::qWaitForWindowExposed(&w));
    settle();

    const ss::Scenario scenario = w.document()->scenario();
    const QUndoStack* stack = w.document()->undoStack();
    const int undoCount = stack->count();
    const int undoIndex = stack->index();
    const int tab = w.viewTabs()->currentIndex();
    const bool modified = w.isWindowModified();
    const QString name = QString::fromStdString(scenario.name);
    const QString file = QStringLiteral("gpt3.json");
    QVERIFY(undoCount >= 2);

    const Words english = wordsOf(w);
    compareWords(english, expectedWords(name, file));
    QCOMPARE(english.fileMenu, QStringLiteral("&File"));
    const qlonglong gpus = w.document()->result().gpus;
    QCOMPARE(gpus, qlonglong(1024)); // the example's dp × tp × pp = 16 × 8 × 8

    auto* chinese = w.findChild<QAction*>(QStringLiteral("language.zh_CN"));
    QVERIFY(chinese);
    QVERIFY(chinese->isEnabled());
    chinese->trigger();
    settle();
    QCOMPARE(ss::currentLanguage(), QStringLiteral("zh_CN"));
    QVERIFY(chinese->isChecked());

    // Every word as the zh_CN catalogue has it, and none of them the English one.
    const Words translated = wordsOf(w);
    compareWords(translated, expectedWords(name, file));
    QCOMPARE(translated.fileMenu, QStringLiteral("文件(&F)")); // translations/shardscope_zh_CN.ts
    QVERIFY(translated.title != english.title);
    QVERIFY(translated.fileMenu != english.fileMenu);
    QVERIFY(translated.memoryTab != english.memoryTab);
    QVERIFY(translated.layersLabel != english.layersLabel);
    QVERIFY(translated.stepTimeCaption != english.stepTimeCaption);
    QVERIFY(translated.memoryAxis != english.memoryAxis);
    QVERIFY(translated.dockTitle != english.dockTitle);
    QVERIFY(translated.undo != english.undo);

    // Numbers in QLocale(zh_CN)'s notation: the default locale, the widgets' locale, the summary's figures.
    const QLocale zh(QLocale::Chinese, QLocale::China);
    QCOMPARE(QLocale().name(), zh.name());
    QCOMPARE(w.memoryChart()->locale().name(), zh.name());
    QCOMPARE(w.findChild<QLabel*>(QStringLiteral("summary.gpus"))->text(), zh.toString(gpus));
    QCOMPARE(w.findChild<QLabel*>(QStringLiteral("summary.gpus"))->text(), QStringLiteral("1,024"));
    const QString mfu = w.findChild<QLabel*>(QStringLiteral("summary.mfu"))->text();
    QVERIFY2(mfu.endsWith(zh.percent()), qPrintable(mfu));

    // Nothing is lost: the scenario, its history, the baseline, the tab on show.
    QVERIFY(w.document()->scenario() == scenario);
    QCOMPARE(stack->count(), undoCount);
    QCOMPARE(stack->index(), undoIndex);
    QCOMPARE(w.viewTabs()->currentIndex(), tab);
    QCOMPARE(w.isWindowModified(), modified);
    QVERIFY(w.baselineModel()->isPinned());
    QVERIFY(!w.findChild<QLabel*>(QStringLiteral("summary.step_time.delta"))->isHidden());

    // And back: the English words return, the scenario still the same.
    auto* englishAction = w.findChild<QAction*>(QStringLiteral("language.en"));
    QVERIFY(englishAction);
    englishAction->trigger();
    settle();
    QCOMPARE(ss::currentLanguage(), QStringLiteral("en"));
    const Words back = wordsOf(w);
    compareWords(back, english);
    QCOMPARE(QLocale().name(), QLocale(QStringLiteral("en")).name());
    QVERIFY(w.document()->scenario() == scenario);
    QCOMPARE(stack->count(), undoCount);
    QCOMPARE(stack->index(), undoIndex);
    QCOMPARE(w.viewTabs()->currentIndex(), tab);
}

// A dialog open during the switch (the import preview, non-modal) speaks the new language too, and still
// offers the same changes.
void TestLanguageSwitch::openPreviewFollows()
{
    MainWindow w;
    QVERIFY(w.importFile(QStringLiteral(SHARDSCOPE_IMPORT_DATA "/hf-llama-2-7b.json")));
    ss::ImportDialog* preview = w.importPreview();
    QVERIFY(preview);
    QTableWidget* table = preview->changeTable();
    QVERIFY(table && table->rowCount() > 0);
    const int rows = table->rowCount();
    const QString englishHeader = table->horizontalHeaderItem(0)->text();
    QCOMPARE(englishHeader, QStringLiteral("Field"));
    QStringList englishLabels;
    for (int row = 0; row < rows; ++row)
        englishLabels << table->item(row, 0)->text();

    w.findChild<QAction*>(QStringLiteral("language.zh_CN"))->trigger();
    settle();
    QCOMPARE(table->horizontalHeaderItem(0)->text(),
             QCoreApplication::translate("ss::ImportDialog", "Field"));
    QVERIFY(table->horizontalHeaderItem(0)->text() != englishHeader);
    QCOMPARE(table->rowCount(), rows);
    // Each row names its field as the parameter panel does, in the new language.
    int renamed = 0;
    for (int row = 0; row < rows; ++row) {
        const QString path = table->item(row, 0)->toolTip();
        if (path != QLatin1String("cluster.topology"))
            QCOMPARE(table->item(row, 0)->text(), ss::FieldNames::label(path));
        renamed += table->item(row, 0)->text() != englishLabels[row] ? 1 : 0;
    }
    QVERIFY(renamed > 0);
    QVERIFY(preview->canApply());

    w.findChild<QAction*>(QStringLiteral("language.en"))->trigger();
    settle();
    QCOMPARE(table->horizontalHeaderItem(0)->text(), englishHeader);
    preview->close();
}

// File > Examples names the built-in examples in the language on show, and again in English after switching
// back.
void TestLanguageSwitch::exampleTitlesFollow()
{
    MainWindow w;
    w.show();
    QVERIFY(QTest::qWaitForWindowExposed(&w));
    auto* example = w.findChild<QAction*>(QStringLiteral("example.gpt3-175b-megatron"));
    QVERIFY(example);
    const QString english = example->text();
    QCOMPARE(english, QStringLiteral("GPT-3 175B, Megatron-LM on 128 DGX A100 (1024 GPUs)"));
    w.findChild<QAction*>(QStringLiteral("language.zh_CN"))->trigger();
    QTRY_VERIFY2(example->text() != english && example->text().contains(QStringLiteral("块")),
                 qPrintable(example->text()));
    w.findChild<QAction*>(QStringLiteral("language.en"))->trigger();
    QTRY_COMPARE(example->text(), english);
}

QTEST_MAIN(TestLanguageSwitch)
#include "tst_languageswitch.moc"
