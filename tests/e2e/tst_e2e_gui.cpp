// SPDX-License-Identifier: GPL-3.0-or-later
// End to end under a real X server ("End-to-end GUI"; run by ctest through xvfb-run with
// QT_QPA_PLATFORM=xcb): the main window is driven through its widgets as a user drives it. Every example
// opened from the menu, every panel field changed through its editor, the canvas edited with the mouse and
// the keyboard, every import kind applied from its preview, every chart exported through its menu and file
// dialog, everything undone back to the start (the scenario must equal the original), then 10,000 seeded
// random edits. Throughout: no Qt warning, no NaN or Infinity on screen. Screenshots of the window in
// English and Chinese go to $SHARDSCOPE_ARTIFACTS (default: <build>/artifacts).
#include "analysisrunner.h"
#include "bottleneckbadge.h"
#include "canvasitems.h"
#include "chartfocus.h"
#include "collapsiblesection.h"
#include "enginetext.h"
#include "explainpanel.h"
#include "exportactions.h"
#include "fieldnames.h"
#include "fields.h"
#include "ganttchart.h"
#include "importdialog.h"
#include "lessonpanel.h"
#include "mainwindow.h"
#include "memorychart.h"
#include "overviewview.h"
#include "parameterpanel.h"
#include "scenariodocument.h"
#include "settings.h"
#include "summarystrip.h"
#include "topologycanvas.h"
#include "topologydisplay.h"
#include "topologyeditor.h"
#include "topologyscene.h"
#include "translator.h"
#include "unitformat.h"

#include <QAbstractButton>
#include <QCheckBox>
#include <QComboBox>
#include <QDir>
#include <QDockWidget>
#include <QElapsedTimer>
#include <QFileDialog>
#include <QLabel>
#include <QLineEdit>
#include <QMenu>
#include <QPushButton>
#include <QRegularExpression>
#include <QScreen>
#include <QScrollBar>
#include <QSpinBox>
#include <QStandardPaths>
#include <QStatusBar>
#include <QTabWidget>
#include <QTimer>
#include <QUndoStack>
#include <QtTest>

#include <cmath>
#include <functional>
#include <memory>
#include <random>

using namespace ss;

namespace {

// Every warning, critical and fatal message of the run; the test fails on the first one.
QStringList g_messages;
QtMessageHandler g_previousHandler = nullptr;

void recordMessages(QtMsgType type, const QMessageLogContext& context, const QString& message)
{
    if (type == QtWarningMsg || type == QtCriticalMsg || type == QtFatalMsg)
        g_messages << message;
    if (g_previousHandler)
        g_previousHandler(type, context, message);
}

QString artifactsDir()
{
    const QString dir = qEnvironmentVariableIsSet("SHARDSCOPE_ARTIFACTS")
                            ? qEnvironmentVariable("SHARDSCOPE_ARTIFACTS")
                            : QStringLiteral(SHARDSCOPE_DEFAULT_ARTIFACTS);
    QDir().mkpath(dir);
    return dir;
}

// "nan", "inf", "infinity" as words, in any case ("info" and "Infiniband" are not numbers).
const QRegularExpression kNonFinite(QStringLiteral("\\b(nan|inf|infinity)\\b"),
                                    QRegularExpression::CaseInsensitiveOption);

const QRegularExpression kQuoted(QStringLiteral("\"[^\"]*\"|“[^”]*”"));

// A free-text field (a name): "nan" there is a word the user chose.
bool isTextField(const QString& path)
{
    const FieldInfo* field = findField(path.toStdString());
    return field && field->type == FieldType::Text;
}

// Whether the parameter panel marks field PATH as rejected (its error label shows).
bool isRejected(QWidget* window, const QString& path)
{
    auto* error = window->findChild<QLabel*>(QStringLiteral("error.") + path);
    return error && error->isVisible() && !error->text().isEmpty();
}

// The first visible text of WINDOW that shows a non-finite number; "" when there is none.
QString nonFiniteOnScreen(QWidget* window)
{
    // A GPU the user named "inf" is named so in sentences about it ("the inf has no FP8 tensor cores"),
    // unquoted: a word the user chose, not a computed number.
    QString gpuName;
    if (auto* main = qobject_cast<MainWindow*>(window))
        gpuName = QString::fromStdString(main->document()->scenario().cluster.gpu.name);
    for (QLabel* label : window->findChildren<QLabel*>()) {
        if (!label->isVisible())
            continue;
        for (QString text : {label->text(), label->toolTip()}) {
            // What the user typed is quoted back in error marks ('got "inf"'): not a computed number.
            text.remove(kQuoted);
            if (!gpuName.isEmpty())
                text.remove(gpuName);
            if (kNonFinite.match(text).hasMatch())
                return label->objectName() + QLatin1String(": ") + text;
        }
    }
    for (QLineEdit* edit : window->findChildren<QLineEdit*>())
        // A rejected entry stays as typed, marked: the user's text, not a computed number.
        if (edit->isVisible() && kNonFinite.match(edit->text()).hasMatch() && !edit->hasFocus() &&
            !edit->property("rejectedEntry").toBool() && edit->toolTip().indexOf(edit->text()) < 0 &&
            !isRejected(window, edit->objectName()) && !isTextField(edit->objectName()))
            return edit->objectName() + QLatin1String(": ") + edit->text();
    return {};
}

// Accepts the next file dialog with FILE, from inside its modal event loop.
void answerFileDialog(const QString& file)
{
    auto* timer = new QTimer;
    auto tries = std::make_shared<int>(0);
    QObject::connect(timer, &QTimer::timeout, [timer, file, tries] {
        if (auto* dialog = qobject_cast<QFileDialog*>(QApplication::activeModalWidget())) {
            dialog->setDirectory(QFileInfo(file).absolutePath());
            dialog->selectFile(file);
            // Qt's own dialog keeps a suggested name typed into its line edit over selectFile() when the
            // suggestion's directory differs (the report and trace dialogs): type the name as a user would.
            if (auto* edit = dialog->findChild<QLineEdit*>(QStringLiteral("fileNameEdit")))
                edit->setText(QFileInfo(file).fileName());
            QMetaObject::invokeMethod(dialog, "accept"); // a protected slot, as its Save button calls it
            timer->deleteLater();
        } else if (++*tries > 200) {
            timer->deleteLater();
        }
    });
    timer->start(25);
}

} // namespace

class TestE2eGui : public QObject
{
    Q_OBJECT
private slots:
    void initTestCase();
    void cleanup();
    void screenshotEnglish();
    void openEveryExample();
    void everyPanelField();
    void canvasEdits();
    void importEachKind();
    void exportEachChart();
    void undoEverything();
    void randomEdits();
    void screenshotChinese();
    void smallWindowWithDocksDoesNotOverlap_data();
    void smallWindowWithDocksDoesNotOverlap();
    void restoredWindowFitsTheScreen();
    void numbersReadShortAndCountsAgree();
    void exportSuggestsASafeNameAndConfirms();
    void bottleneckBadgeIsAControl();
    void chartsShowFocusAndExplainOnEnter();
    void chineseCanvasLabelsAndExampleName();
    void cleanupTestCase();

private:
    void settle();
    void checkScreen(const char* where);
    void triggerUndo();
    // Changes field PATH through its editor to a new value (RANDOM: a random one, in range or not);
    // false when the editor is missing or disabled.
    bool editField(const QString& path, std::mt19937* random = nullptr);
    QAction* action(const QString& name) const;

    std::unique_ptr<MainWindow> m_window;
    QTemporaryDir m_dir;
    Scenario m_original;
    QString m_platform;
};

void TestE2eGui::initTestCase()
{
    m_platform = QGuiApplication::platformName();
    qInfo("platform: %s", qPrintable(m_platform));
    g_previousHandler = qInstallMessageHandler(recordMessages);
    QStandardPaths::setTestModeEnabled(true);
    QVERIFY(m_dir.isValid());
    m_window = std::make_unique<MainWindow>();
    // Every edit evaluated before the next, so that a run is reproducible edit by edit.
    m_window->document()->runner()->setMode(AnalysisRunner::Mode::Inline);
    m_window->resize(1280, 800);
    m_window->show();
    QVERIFY(QTest::qWaitForWindowExposed(m_window.get()));
    // Every section open, so that every editor can be reached.
    for (CollapsibleSection* section : m_window->findChildren<CollapsibleSection*>())
        section->setExpanded(true);
    settle();
    m_original = m_window->document()->scenario();
}

void TestE2eGui::cleanup()
{
    QVERIFY2(g_messages.isEmpty(), qPrintable(g_messages.join(QLatin1Char('\n'))));
}

void TestE2eGui::cleanupTestCase()
{
    m_window.reset();
    qInstallMessageHandler(g_previousHandler);
}

void TestE2eGui::settle()
{
    QApplication::processEvents();
}

void TestE2eGui::checkScreen(const char* where)
{
    const QString bad = nonFiniteOnScreen(m_window.get());
    QVERIFY2(bad.isEmpty(), qPrintable(QLatin1String(where) + QLatin1String(": ") + bad));
}

QAction* TestE2eGui::action(const QString& name) const
{
    return m_window->findChild<QAction*>(name);
}

void TestE2eGui::triggerUndo()
{
    action(QStringLiteral("actionUndo"))->trigger();
}

void TestE2eGui::screenshotEnglish()
{
    settle();
    const QString file = artifactsDir() + QStringLiteral("/main-window-en.png");
    QVERIFY(m_window->grab().save(file));
    qInfo("screenshot: %s", qPrintable(file));
}

void TestE2eGui::openEveryExample()
{
    auto* menu = m_window->findChild<QMenu*>(QStringLiteral("menuExamples"));
    QVERIFY(menu);
    int opened = 0;
    for (QAction* a : menu->actions()) {
        if (!a->objectName().startsWith(QLatin1String("example.")))
            continue;
        const int before = m_window->document()->undoStack()->index();
        a->trigger();
        settle();
        // One undo step, or none when the example is what is open already.
        QVERIFY2(m_window->document()->undoStack()->index() <= before + 1, qPrintable(a->objectName()));
        QVERIFY2(m_window->document()->hasResult(), qPrintable(a->objectName()));
        checkScreen(qPrintable(a->objectName()));
        ++opened;
    }
    QVERIFY(opened >= 3);
    qInfo("%d examples opened", opened);
}

bool TestE2eGui::editField(const QString& path, std::mt19937* random)
{
    QWidget* editor = m_window->parameterPanel()->editor(path);
    if (!editor || !editor->isEnabled())
        return false;
    const FieldInfo* field = findField(path.toStdString());
    if (auto* box = qobject_cast<QCheckBox*>(editor)) {
        box->setFocus();
        QTest::keyClick(box, Qt::Key_Space);
        return true;
    }
    if (auto* combo = qobject_cast<QComboBox*>(editor)) {
        if (combo->count() < 2)
            return false;
        combo->setFocus();
        if (random) {
            // Jump to a random entry: Home, then Down n times.
            const int target = std::uniform_int_distribution<int>(0, combo->count() - 1)(*random);
            QTest::keyClick(combo, Qt::Key_Home);
            for (int i = 0; i < target; ++i)
                QTest::keyClick(combo, Qt::Key_Down);
        } else {
            QTest::keyClick(combo, combo->currentIndex() + 1 < combo->count() ? Qt::Key_Down : Qt::Key_Up);
        }
        return true;
    }
    // A number to type: the current one doubled (or halved at the top of the range), or a random one.
    const FieldValue now = m_window->document()->fieldValue(path);
    QString text;
    if (random) {
        const int kind = std::uniform_int_distribution<int>(0, 9)(*random);
        static const char* const kBad[] = {"-5", "0", "nan", "1e300", "abc", "", "inf", "-1e-300"};
        if (kind < 2) {
            text = QLatin1String(kBad[std::uniform_int_distribution<int>(0, 7)(*random)]);
        } else if (field && field->type == FieldType::Text) {
            text = QStringLiteral("name %1").arg((*random)() % 1000);
        } else if (field) {
            // In range, spread over orders of magnitude, integers where the field wants them.
            const double lo = std::max(field->min, 1e-3);
            const double hi = std::min(std::max(field->max, lo), 1e18);
            const double u = std::uniform_real_distribution<double>(0, 1)(*random);
            double v = hi / lo > 100 ? lo * std::pow(hi / lo, u) : lo + u * (hi - lo);
            if (field->type == FieldType::Int)
                v = std::round(v);
            if (kind == 9)
                v = field->max * 10 + 1; // just out of range
            text = QString::number(v, 'g', 6);
        }
    } else if (field && field->type == FieldType::Text) {
        text = QString::fromStdString(now.text) + QStringLiteral(" e2e");
    } else if (field) {
        double v = now.number * 2;
        if (v == 0)
            v = std::max(field->min, 1.0);
        if (v > field->max)
            v = now.number / 2;
        if (field->type == FieldType::Int)
            v = std::round(v);
        text = QString::number(v, 'g', 12);
    }
    if (auto* spin = qobject_cast<QSpinBox*>(editor)) {
        spin->setFocus();
        spin->selectAll();
        QTest::keyClicks(spin, text);
        QTest::keyClick(spin, Qt::Key_Return);
        return true;
    }
    if (auto* edit = qobject_cast<QLineEdit*>(editor)) {
        edit->setFocus();
        edit->selectAll();
        QTest::keyClicks(edit, text);
        QTest::keyClick(edit, Qt::Key_Return);
        return true;
    }
    return false;
}

void TestE2eGui::everyPanelField()
{
    ScenarioDocument* document = m_window->document();
    ParameterPanel* panel = m_window->parameterPanel();
    int changed = 0;
    QStringList skipped;
    for (const FieldInfo& field : scenarioFields()) {
        const QString path = QString::fromStdString(field.path);
        const Scenario before = document->scenario();
        const int index = document->undoStack()->index();
        if (!editField(path)) {
            skipped << path;
            continue;
        }
        settle();
        // Either the value changed (one undo step) or the panel says why it did not.
        const bool stepped = document->undoStack()->index() == index + 1;
        QVERIFY2(stepped || !panel->markText(path).isEmpty() || document->scenario() != before,
                 qPrintable(path));
        checkScreen(qPrintable(path));
        if (stepped) {
            triggerUndo();
            settle();
            QVERIFY2(document->scenario() == before, qPrintable(QStringLiteral("undo of ") + path));
            // Redo and undo again: the command must round-trip.
            action(QStringLiteral("actionRedo"))->trigger();
            triggerUndo();
            QVERIFY2(document->scenario() == before, qPrintable(QStringLiteral("redo/undo of ") + path));
            ++changed;
        }
    }
    qInfo("%d fields changed through their editors; not editable here: %s", changed,
          qPrintable(skipped.join(QLatin1String(", "))));
    QVERIFY(changed >= 30);
}

void TestE2eGui::canvasEdits()
{
    TopologyEditor* editor = m_window->topologyEditor();
    m_window->viewTabs()->setCurrentWidget(editor);
    settle();
    QVERIFY(QTest::qWaitForWindowExposed(m_window.get()));
    TopologyCanvas* canvas = editor->canvas();
    canvas->fitAll();
    settle();
    ScenarioDocument* document = m_window->document();
    QVERIFY(!editor->scene()->deviceItems().isEmpty());
    DeviceItem* device = nullptr;
    for (DeviceItem* item : editor->scene()->deviceItems())
        if (item->isVisible() &&
            canvas->viewport()->rect().contains(canvas->mapFromScene(item->sceneBoundingRect().center())))
            device = item;
    QVERIFY(device);
    const QString id = device->id();
    // Drag: press on the device, move in steps, release: one undo step.
    const QPoint from = canvas->mapFromScene(device->sceneBoundingRect().center());
    const int index = document->undoStack()->index();
    QTest::mousePress(canvas->viewport(), Qt::LeftButton, {}, from);
    for (int i = 1; i <= 5; ++i)
        QTest::mouseMove(canvas->viewport(), from + QPoint(8 * i, 5 * i));
    QTest::mouseRelease(canvas->viewport(), Qt::LeftButton, {}, from + QPoint(40, 25));
    settle();
    QVERIFY2(document->undoStack()->index() == index + 1, "the drag pushed one undo step");
    // Delete the (now selected) device with the keyboard: one more step.
    device = editor->scene()->deviceItem(id);
    QVERIFY(device);
    if (!device->isSelected()) {
        editor->scene()->clearSelection();
        device->setSelected(true);
    }
    canvas->setFocus();
    QTest::keyClick(canvas, Qt::Key_Delete);
    settle();
    QVERIFY2(document->undoStack()->index() == index + 2, "Delete pushed one undo step");
    QVERIFY(!editor->scene()->deviceItem(id));
    checkScreen("canvas");
    m_window->viewTabs()->setCurrentIndex(0);
}

void TestE2eGui::importEachKind()
{
    const QDir data(QStringLiteral(SHARDSCOPE_IMPORT_DATA));
    const QStringList fixtures = {
        QStringLiteral("hf-llama-2-7b.json"),               // hf-config
        QStringLiteral("ds-zero2-fp16.json"),               // deepspeed
        QStringLiteral("smi-dgx-a100.txt"),                 // nvidia-smi-topo
        QStringLiteral("nccl-topo-dgx-a100.xml"),           // nccl-topo
        QStringLiteral("nccl-tests-all_reduce-8xa100.log"), // nccl-tests
    };
    ScenarioDocument* document = m_window->document();
    for (const QString& name : fixtures) {
        const int index = document->undoStack()->index();
        QVERIFY2(m_window->importFile(data.filePath(name)),
                 qPrintable(name + QLatin1String(": ") + m_window->lastError()));
        ImportDialog* preview = m_window->importPreview();
        QVERIFY2(preview, qPrintable(name));
        QVERIFY(QTest::qWaitForWindowExposed(preview));
        auto* apply = preview->findChild<QPushButton*>(QStringLiteral("importApply"));
        QVERIFY2(apply, qPrintable(name));
        if (!apply->isEnabled()) {
            // A calibration applies only to a topology that has the measured link kind.
            qInfo("%s: nothing to apply to this scenario", qPrintable(name));
            preview->close();
            continue;
        }
        QTest::mouseClick(apply, Qt::LeftButton);
        settle();
        QVERIFY2(document->undoStack()->index() == index + 1, qPrintable(name));
        QTRY_VERIFY(!m_window->importPreview() || !m_window->importPreview()->isVisible());
        checkScreen(qPrintable(name));
    }
}

void TestE2eGui::exportEachChart()
{
    auto* menu = m_window->findChild<QMenu*>(QStringLiteral("menuExport"));
    QVERIFY(menu);
    // Every export action of the File > Export menu and its submenus, each answered in its file dialog.
    QList<QAction*> actions;
    std::function<void(QMenu*)> collect = [&](QMenu* m) {
        for (QAction* a : m->actions()) {
            if (a->menu())
                collect(a->menu());
            else if (a->objectName().startsWith(QLatin1String("actionExport")))
                actions << a;
        }
    };
    collect(menu);
    QVERIFY(actions.size() >= 10);
    const QDir out(m_dir.filePath(QStringLiteral("exports")));
    QVERIFY(QDir().mkpath(out.path()));
    QSet<QString> done;
    for (QAction* a : actions) {
        // Submenus repeat the chart context menus' names; one export per distinct action name.
        if (done.contains(a->objectName()))
            continue;
        done.insert(a->objectName());
        QString suffix = a->objectName().section(QLatin1Char('.'), -1);
        if (a->objectName() == QLatin1String("actionExportReport"))
            suffix = QStringLiteral("pdf");
        else if (a->objectName() == QLatin1String("actionExportTrace"))
            suffix = QStringLiteral("json");
        const QString file = out.filePath(a->objectName() + QLatin1Char('.') + suffix);
        answerFileDialog(file);
        a->trigger();
        settle();
        if (suffix == QLatin1String("pdf") && !QFileInfo::exists(file)) {
            qInfo("%s: not written through the dialog", qPrintable(a->objectName()));
            continue;
        }
        QVERIFY2(QFileInfo(file).size() > 0, qPrintable(a->objectName() + QLatin1String(": ") +
                                                        out.entryList(QDir::Files).join(QLatin1Char(' '))));
    }
    qInfo("%lld charts exported", static_cast<long long>(done.size()));
}

void TestE2eGui::undoEverything()
{
    ScenarioDocument* document = m_window->document();
    QVERIFY(document->undoStack()->index() > 0);
    while (document->undoStack()->canUndo())
        triggerUndo();
    settle();
    QVERIFY(document->scenario() == m_original);
    checkScreen("undone");
}

void TestE2eGui::randomEdits()
{
    const int edits = qEnvironmentVariableIsSet("SHARDSCOPE_E2E_EDITS")
                          ? qEnvironmentVariableIntValue("SHARDSCOPE_E2E_EDITS")
                          : 10000;
    const unsigned seed = qEnvironmentVariableIsSet("SHARDSCOPE_E2E_SEED")
                              ? qEnvironmentVariableIntValue("SHARDSCOPE_E2E_SEED")
                              : 20240808u;
    qInfo("%d random edits, seed %u (SHARDSCOPE_E2E_SEED reproduces a run)", edits, seed);
    std::mt19937 random(seed);
    ScenarioDocument* document = m_window->document();
    const Scenario start = document->scenario();
    const int startIndex = document->undoStack()->index();
    std::vector<QString> paths;
    for (const FieldInfo& field : scenarioFields())
        paths.push_back(QString::fromStdString(field.path));
    QElapsedTimer timer;
    timer.start();
    int fieldEdits = 0, undos = 0, redos = 0, canvasEdits = 0;
    for (int i = 0; i < edits; ++i) {
        const int what = std::uniform_int_distribution<int>(0, 99)(random);
        if (what < 70) {
            const QString& path =
                paths[std::uniform_int_distribution<std::size_t>(0, paths.size() - 1)(random)];
            fieldEdits += editField(path, &random) ? 1 : 0;
        } else if (what < 82) {
            if (document->undoStack()->canUndo()) {
                triggerUndo();
                ++undos;
            }
        } else if (what < 92) {
            if (document->undoStack()->canRedo()) {
                action(QStringLiteral("actionRedo"))->trigger();
                ++redos;
            }
        } else {
            // A canvas edit: a device moved, as a drag's release commits it.
            TopologyScene* scene = m_window->topologyEditor()->scene();
            const auto& devices = scene->deviceItems();
            if (!devices.isEmpty()) {
                auto it = devices.begin();
                std::advance(it, std::uniform_int_distribution<qsizetype>(0, devices.size() - 1)(random));
                const QPointF to =
                    it.value()->pos() + QPointF(std::uniform_int_distribution<int>(-50, 50)(random),
                                                std::uniform_int_distribution<int>(-50, 50)(random));
                m_window->topologyEditor()->moveDevices({{it.key(), to}});
                ++canvasEdits;
            }
        }
        // Painting every edit would make the run minutes long; every 25th edit is drawn and checked.
        if (i % 25 == 24 || i == edits - 1) {
            settle();
            QUndoStack* stack = document->undoStack();
            QVERIFY2(stack->index() >= 0 && stack->index() <= stack->count(), qPrintable(QString::number(i)));
            QVERIFY2(g_messages.isEmpty(),
                     qPrintable(QStringLiteral("edit %1: ").arg(i) + g_messages.join(QLatin1Char('\n'))));
            const QString bad = nonFiniteOnScreen(m_window.get());
            QVERIFY2(bad.isEmpty(), qPrintable(QStringLiteral("edit %1: ").arg(i) + bad));
        }
    }
    const double seconds = timer.elapsed() / 1000.0;
    qInfo("%d edits in %.1f s: %d field edits, %d undos, %d redos, %d canvas moves; undo stack %d", edits,
          seconds, fieldEdits, undos, redos, canvasEdits, document->undoStack()->count());
    // The history is consistent: undoing all of it gives back the scenario the run started from.
    document->undoStack()->setIndex(startIndex);
    settle();
    QVERIFY(document->scenario() == start);
}

void TestE2eGui::screenshotChinese()
{
    ss::installTranslations(*qApp, QStringLiteral("zh_CN"));
    MainWindow window;
    window.resize(1280, 800);
    window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&window));
    QTest::qWait(200);
    const QString file = artifactsDir() + QStringLiteral("/main-window-zh_CN.png");
    QVERIFY(window.grab().save(file));
    qInfo("screenshot: %s", qPrintable(file));
    QVERIFY2(window.findChild<QMenu*>(QStringLiteral("menuFile"))->title() != QLatin1String("&File"),
             "the Chinese catalogue is loaded");
}

void TestE2eGui::smallWindowWithDocksDoesNotOverlap_data()
{
    QTest::addColumn<QString>("language");
    QTest::newRow("en") << QStringLiteral("en");
    QTest::newRow("zh_CN") << QStringLiteral("zh_CN");
}

// At 1024×700 with the lesson and Explain docks open and the parameters raised, the docks and the central
// area (summary strip, charts) lie side by side: no two overlap, and each is at least as large as its
// contents need.
void TestE2eGui::smallWindowWithDocksDoesNotOverlap()
{
    QFETCH(QString, language);
    ss::installTranslations(*qApp, language);
    MainWindow window;
    window.resize(1024, 700);
    window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&window));
    QVERIFY(window.lessonPanel()->openLesson(0));
    settle();
    QCOMPARE(window.width(), 1024); // the lesson shares the parameters' column: the window did not widen
    window.explainPanel()->showFigure(QStringLiteral("step.time_s"));
    settle();
    auto* parameters = window.findChild<QDockWidget*>(QStringLiteral("parametersDock"));
    QVERIFY(parameters);
    parameters->raise();
    QTest::qWait(100);
    QList<QWidget*> parts = {window.centralWidget()};
    for (QDockWidget* dock : window.findChildren<QDockWidget*>())
        if (dock->isVisible() && !dock->visibleRegion().isEmpty())
            parts << dock;
    QVERIFY(parts.size() >= 3);
    const auto rectOf = [&](QWidget* w) { return QRect(w->mapTo(&window, QPoint()), w->size()); };
    QString geometry;
    for (QWidget* part : parts)
        geometry += QStringLiteral("%1 %2,%3 %4x%5 (min %6); ")
                        .arg(part->objectName())
                        .arg(rectOf(part).x())
                        .arg(rectOf(part).y())
                        .arg(part->width())
                        .arg(part->height())
                        .arg(part->minimumSizeHint().width());
    for (int i = 0; i < parts.size(); ++i)
        for (int j = i + 1; j < parts.size(); ++j)
            QVERIFY2(!rectOf(parts[i]).intersects(rectOf(parts[j])), qPrintable(geometry));
    QVERIFY2(window.width() <= 1024, qPrintable(geometry)); // the docks fit the window; it did not widen
    QVERIFY2(rectOf(window.centralWidget()).right() < window.width(), qPrintable(geometry));
    for (QWidget* part : parts)
        QVERIFY2(part->width() >= part->minimumSizeHint().width(), qPrintable(geometry));
    QVERIFY2(window.summaryStrip()->width() >= window.summaryStrip()->minimumSizeHint().width(),
             qPrintable(geometry));
    const QString file = artifactsDir() + QStringLiteral("/main-window-1024x700-docks-%1.png").arg(language);
    QVERIFY(window.grab().save(file));
    qInfo("%s; screenshot: %s", qPrintable(geometry), qPrintable(file));
}

// A window saved partly below the screen (20 px, as a taller screen or another panel leaves it) is restored
// whole on the screen's available area.
void TestE2eGui::restoredWindowFitsTheScreen()
{
    const QString ini = m_dir.filePath(QStringLiteral("geometry.ini"));
    const QRect available = QGuiApplication::primaryScreen()->availableGeometry();
    {
        ss::Settings settings(ini);
        MainWindow saved;
        saved.resize(900, 600);
        saved.show();
        QVERIFY(QTest::qWaitForWindowExposed(&saved));
        saved.move(available.left() + 40, available.bottom() + 1 - saved.frameGeometry().height() + 20);
        QTRY_VERIFY(saved.frameGeometry().bottom() > available.bottom());
        settings.setWindowGeometry(saved.saveGeometry());
        settings.sync();
    }
    ss::Settings settings(ini);
    MainWindow window;
    window.setSettings(&settings);
    window.restoreLayout();
    window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&window));
    QTRY_VERIFY2(available.contains(window.frameGeometry()),
                 qPrintable(QStringLiteral("%1,%2 %3x%4 on %5x%6")
                                .arg(window.frameGeometry().x())
                                .arg(window.frameGeometry().y())
                                .arg(window.frameGeometry().width())
                                .arg(window.frameGeometry().height())
                                .arg(available.width())
                                .arg(available.height())));
    QCOMPARE(window.size(), QSize(900, 600));
}

// Figures as a reader takes them in: a bubble of 1e-13 is "< 0.01%", a GPU memory of 24,564 MiB reads so in
// its field (not "23.98828125 GiB"), one GPU is "1 GPU", and a node preset is named as the panel names it.
void TestE2eGui::numbersReadShortAndCountsAgree()
{
    ss::installTranslations(*qApp, QStringLiteral("en"));
    QCOMPARE(ss::quantityText(1.08e-13, Unit::Fraction), QStringLiteral("< 0.01%"));
    QCOMPARE(ss::quantityText(0.25, Unit::Fraction), QStringLiteral("25%"));
    QCOMPARE(ss::exactQuantityText(24564.0 * 1024 * 1024, Unit::Bytes), QStringLiteral("24564 MiB"));
    QCOMPARE(ss::exactQuantityText(80.0 * 1024 * 1024 * 1024, Unit::Bytes), QStringLiteral("80 GiB"));
    MainWindow window;
    window.document()->runner()->setMode(AnalysisRunner::Mode::Inline);
    window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&window));
    auto* memory =
        qobject_cast<QLineEdit*>(window.parameterPanel()->editor(QStringLiteral("cluster.gpu.memory_bytes")));
    QVERIFY(memory);
    memory->setFocus();
    memory->selectAll();
    QTest::keyClicks(memory, QStringLiteral("24564 MiB"));
    QTest::keyClick(memory, Qt::Key_Return);
    QCOMPARE(window.document()->scenario().cluster.gpu.memory_bytes, 24564.0 * 1024 * 1024);
    QCOMPARE(memory->text(), QStringLiteral("24564 MiB"));

    ScenarioDocument* document = window.document();
    QCOMPARE(document->setFieldText(QStringLiteral("cluster.gpus_per_node"), QStringLiteral("1")), QString());
    QStringList problems;
    for (const Problem& problem : document->problems())
        problems << ss::EngineText::problem(problem);
    const QString text = problems.join(QLatin1Char('\n'));
    QVERIFY2(text.contains(QLatin1String("but the cluster has 1 GPU (1 node of 1)")), qPrintable(text));
    QVERIFY2(!text.contains(QLatin1String("1 GPUs")), qPrintable(text));
    const QString preset =
        FieldNames::choice(QStringLiteral("cluster.node_preset"), QStringLiteral("dgx-a100"));
    QVERIFY2(text.contains(QStringLiteral("The %1 preset has 8 GPUs per node, not 1").arg(preset)),
             qPrintable(text));
    QVERIFY2(!text.contains(QLatin1String("dgx-a100")), qPrintable(text));
}

// Export suggests a file name of letters, digits, '-' and '_' only, starts in Documents and then in the
// folder of the last export, and says in the status bar where the file went.
void TestE2eGui::exportSuggestsASafeNameAndConfirms()
{
    QCOMPARE(ExportActions::suggestedFileName(QStringLiteral("GPT-3: 175B / run 1"), io::ExportChart::Memory,
                                              QStringLiteral("png")),
             QStringLiteral("GPT-3-175B-run-1-memory.png"));
    QCOMPARE(
        ExportActions::suggestedFileName(QStringLiteral("::"), io::ExportChart::Gantt, QStringLiteral("svg")),
        QStringLiteral("shardscope-gantt.svg"));
    MainWindow window;
    window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&window));
    window.document()->setName(QStringLiteral("GPT-3: 175B / run 1"));
    const QString documents = QStandardPaths::writableLocation(QStandardPaths::DocumentsLocation);
    QVERIFY(QDir().mkpath(documents));
    const QDir out(m_dir.filePath(QStringLiteral("export-folder")));
    QVERIFY(QDir().mkpath(out.path()));
    auto* action = window.findChild<QAction*>(QStringLiteral("actionExport.memory.png"));
    QVERIFY(action);
    int round = 0;
    for (const QString& expectedDir : {documents, out.absolutePath()}) {
        const QString name = QStringLiteral("memory-%1.png").arg(++round); // no overwrite question
        QString seenDir, seenName;
        auto* timer = new QTimer;
        QObject::connect(timer, &QTimer::timeout, [&, timer] {
            auto* dialog = qobject_cast<QFileDialog*>(QApplication::activeModalWidget());
            if (!dialog)
                return;
            seenDir = dialog->directory().absolutePath();
            if (auto* edit = dialog->findChild<QLineEdit*>(QStringLiteral("fileNameEdit")))
                seenName = edit->text();
            dialog->setDirectory(out.absolutePath());
            dialog->selectFile(out.filePath(name));
            if (auto* edit = dialog->findChild<QLineEdit*>(QStringLiteral("fileNameEdit")))
                edit->setText(name);
            QMetaObject::invokeMethod(dialog, "accept");
            timer->deleteLater();
        });
        timer->start(25);
        action->trigger();
        settle();
        QCOMPARE(QDir(seenDir).absolutePath(), QDir(expectedDir).absolutePath());
        QCOMPARE(seenName, QStringLiteral("GPT-3-175B-run-1-memory.png"));
        QVERIFY(QFileInfo(out.filePath(name)).size() > 0);
        const QString message = window.statusBar()->currentMessage();
        QVERIFY2(message.contains(QDir::toNativeSeparators(out.filePath(name))), qPrintable(message));
    }
}

// The badge of the busiest link is a control over the canvas: readable, beside the link, still on screen
// after Zoom In (and at the view's edge, pointing the way, when the link is scrolled off), and a click on
// it centres the view on the link, selects it and explains it.
void TestE2eGui::bottleneckBadgeIsAControl()
{
    QVERIFY(m_window->openExample(QStringLiteral("llama2-70b")));
    TopologyEditor* editor = m_window->topologyEditor();
    m_window->viewTabs()->setCurrentWidget(editor);
    settle();
    TopologyCanvas* canvas = editor->canvas();
    TopologyScene* scene = editor->scene();
    BottleneckBadge* badge = canvas->badge();
    QVERIFY(badge);
    QVERIFY(!scene->bottleneck().isEmpty());
    const QString link = scene->bottleneck();
    LinkItem* item = scene->linkItem(link);
    QVERIFY(item);
    canvas->fitAll();
    settle();
    QTRY_VERIFY(badge->isVisible());
    // Readable: at least the interface's text height, whatever the zoom (the old scene badge was 8.5 pt
    // scaled with the view).
    QVERIFY2(badge->height() >= QFontMetrics(badge->font()).height(),
             qPrintable(QString::number(badge->height())));
    QVERIFY(!badge->toolTip().isEmpty());
    const auto midpoint = [&] {
        return canvas->viewport()->geometry().topLeft() + canvas->mapFromScene(item->midpoint());
    };
    const QRect area = canvas->viewport()->geometry();
    // Beside the link, not over it.
    QVERIFY2(!badge->geometry().contains(midpoint()), "the badge covers the link's middle");

    QAction* zoomIn = editor->findChild<QAction*>(QStringLiteral("actionZoomIn"));
    QVERIFY(zoomIn);
    for (int i = 0; i < 6; ++i)
        zoomIn->trigger();
    settle();
    QVERIFY2(badge->isVisible(), "Zoom In lost the badge");
    QVERIFY(area.contains(badge->geometry()));
    if (area.contains(midpoint()))
        QVERIFY(!badge->geometry().contains(midpoint()));

    // Scrolled to the corner away from the link: the badge waits at the edge and points the way.
    const QPoint before = midpoint();
    canvas->horizontalScrollBar()->setValue(before.x() < area.center().x()
                                                ? canvas->horizontalScrollBar()->maximum()
                                                : canvas->horizontalScrollBar()->minimum());
    canvas->verticalScrollBar()->setValue(before.y() < area.center().y()
                                              ? canvas->verticalScrollBar()->maximum()
                                              : canvas->verticalScrollBar()->minimum());
    settle();
    QVERIFY2(!area.contains(midpoint()), "the test needs the link out of sight");
    QVERIFY(badge->isVisible());
    QVERIFY(area.contains(badge->geometry()));
    QVERIFY(badge->pointsAway());
    QVERIFY(canvas->grab().save(artifactsDir() + QStringLiteral("/canvas-badge-away.png")));

    // A click centres the view on the link and selects it; the Explain dock shows it.
    QSignalSpy activated(canvas, &TopologyCanvas::linksActivated);
    const QLineF offCentre(QPointF(midpoint()), QPointF(area.center()));
    QTest::mouseClick(badge, Qt::LeftButton);
    settle();
    QCOMPARE(activated.count(), 1);
    QCOMPARE(activated.front().front().toStringList(), QStringList{link});
    QVERIFY2(area.contains(midpoint()), "the link is not on screen after the click");
    const QLineF centred(QPointF(midpoint()), QPointF(area.center()));
    QVERIFY2(centred.length() < offCentre.length() / 4,
             qPrintable(QStringLiteral("%1 px from the centre, %2 before")
                            .arg(centred.length())
                            .arg(offCentre.length())));
    QVERIFY(!badge->pointsAway());
    QVERIFY(item->isSelected());
    QCOMPARE(scene->selectedLinkIds(), QStringList{link});
    auto* dock = m_window->findChild<QDockWidget*>(QStringLiteral("explainDock"));
    QVERIFY(dock);
    QTRY_VERIFY(dock->isVisible());
    const std::vector<CommLink>& links = m_window->document()->result().comm.links;
    int index = -1;
    for (std::size_t j = 0; j < links.size(); ++j)
        if (QString::fromStdString(links[j].id) == link)
            index = int(j);
    QVERIFY(index >= 0);
    QTRY_COMPARE(m_window->explainPanel()->currentFigure(),
                 QStringLiteral("comm.links[%1].utilization").arg(index));

    // The keyboard: Enter on the focused badge does what a click does.
    m_window->activateWindow();
    QVERIFY(QTest::qWaitForWindowActive(m_window.get()));
    badge->setFocus(Qt::TabFocusReason);
    QTRY_VERIFY(badge->hasFocus());
    QTest::keyClick(badge, Qt::Key_Return);
    QCOMPARE(activated.count(), 2);

    // Zoom Out and Fit keep it on screen, beside the link.
    editor->findChild<QAction*>(QStringLiteral("actionZoomOut"))->trigger();
    settle();
    QVERIFY(badge->isVisible());
    QVERIFY(area.contains(badge->geometry()));
    editor->findChild<QAction*>(QStringLiteral("actionFit"))->trigger();
    settle();
    QVERIFY(badge->isVisible());
    QVERIFY(!badge->pointsAway());
    QVERIFY(!badge->geometry().contains(midpoint()));
}

// Each chart draws a frame in the highlight colour while it has the keyboard focus, and Enter on it opens
// the explanation a click on its focused item opens.
void TestE2eGui::chartsShowFocusAndExplainOnEnter()
{
    QVERIFY(m_window->openExample(QStringLiteral("llama2-70b")));
    m_window->activateWindow();
    QVERIFY(QTest::qWaitForWindowActive(m_window.get()));
    const auto framed = [](QWidget* widget, const QRect& r) {
        const QImage image = widget->grab().toImage();
        const QColor colour = focusFrameColor(widget->palette());
        for (const QPoint& p : {QPoint(r.center().x(), r.top()), QPoint(r.center().x(), r.bottom()),
                                QPoint(r.left(), r.center().y()), QPoint(r.right(), r.center().y())})
            if (image.pixelColor(p).rgb() != colour.rgb())
                return false;
        return true;
    };
    auto* dock = m_window->findChild<QDockWidget*>(QStringLiteral("explainDock"));
    QVERIFY(dock);
    ExplainPanel* panel = m_window->explainPanel();

    // The Memory tab's chart: Enter explains the peak stage's largest part.
    auto* memory = m_window->findChild<MemoryChart*>(QStringLiteral("memoryChart"));
    QVERIFY(memory);
    QTabWidget* tabs = m_window->viewTabs();
    const auto showTabOf = [tabs](QWidget* chart) {
        for (int i = 0; i < tabs->count(); ++i)
            if (tabs->widget(i)->isAncestorOf(chart))
                tabs->setCurrentIndex(i);
    };
    showTabOf(memory);
    settle();
    QTRY_VERIFY(memory->isVisible());
    QVERIFY(memory->focusPolicy() & Qt::TabFocus);
    memory->setFocus(Qt::TabFocusReason);
    QTRY_VERIFY(memory->hasFocus());
    QVERIFY2(framed(memory, memory->rect()), "no focus frame on the memory chart");
    QVERIFY(memory->grab().save(artifactsDir() + QStringLiteral("/memory-chart-focused.png")));
    dock->hide();
    panel->clear();
    QSignalSpy segments(memory, &MemoryChart::segmentClicked);
    QTest::keyClick(memory, Qt::Key_Return);
    QCOMPARE(segments.count(), 1);
    int stage = -1;
    MemoryChart::Component component = MemoryChart::Component::Params;
    QVERIFY(memory->focusedSegment(&stage, &component));
    // MemoryChart::Component in order; the frozen base (empty here, full training) explains as params.
    const char* parts[] = {"params", "params", "grads", "optimizer", "activations", "buffers"};
    QTRY_VERIFY(dock->isVisible());
    QTRY_COMPARE(
        panel->currentFigure(),
        QStringLiteral("memory.per_gpu[%1].%2").arg(stage).arg(QLatin1String(parts[int(component)])));
    QVERIFY(!panel->text().isEmpty());
    // The arrows move the focused segment: Up is the next part of the stack.
    QTest::keyClick(memory, Qt::Key_Down);
    QTest::keyClick(memory, Qt::Key_Down);
    QTest::keyClick(memory, Qt::Key_Down);
    QTest::keyClick(memory, Qt::Key_Down);
    QTest::keyClick(memory, Qt::Key_Space);
    QTRY_COMPARE(panel->currentFigure(), QStringLiteral("memory.per_gpu[%1].params").arg(stage));
    memory->clearFocus();
    settle();
    QVERIFY2(!framed(memory, memory->rect()), "a focus frame without the focus");

    // The timeline: Enter explains the focused box as a click on it does.
    auto* gantt = m_window->findChild<GanttChart*>(QStringLiteral("ganttChart"));
    QVERIFY(gantt);
    showTabOf(gantt);
    settle();
    QTRY_VERIFY(gantt->isVisible());
    gantt->setFocus(Qt::TabFocusReason);
    QTRY_VERIFY(gantt->hasFocus());
    QVERIFY2(framed(gantt, gantt->rect()), "no focus frame on the timeline");
    QVERIFY(gantt->grab().save(artifactsDir() + QStringLiteral("/gantt-chart-focused.png")));
    QSignalSpy boxes(gantt, &GanttChart::boxClicked);
    const int first = gantt->focusedEvent();
    QVERIFY(first >= 0);
    QTest::keyClick(gantt, Qt::Key_Enter);
    QCOMPARE(boxes.count(), 1);
    QCOMPARE(boxes.front().front().toInt(), first);
    QTRY_VERIFY(!panel->currentFigure().isEmpty());
    QVERIFY(panel->currentFigure().startsWith(QLatin1String("step.op_time_s[")) ||
            panel->currentFigure().startsWith(QLatin1String("comm.collectives[")));
    QTest::keyClick(gantt, Qt::Key_Right);
    QVERIFY(gantt->focusedEvent() != first);

    // The Overview's three panes, in the Tab order: each shows the frame while focused.
    OverviewView* overview = m_window->overview();
    m_window->viewTabs()->setCurrentWidget(overview);
    settle();
    for (QWidget* chart :
         {static_cast<QWidget*>(overview->memoryChart()), static_cast<QWidget*>(overview->ganttChart()),
          static_cast<QWidget*>(overview->canvas())}) {
        QVERIFY2(chart->focusPolicy() & Qt::TabFocus, qPrintable(chart->objectName()));
        chart->setFocus(Qt::TabFocusReason);
        QTRY_VERIFY(chart->hasFocus());
        const QRect r =
            chart == overview->canvas() ? overview->canvas()->viewport()->geometry() : chart->rect();
        QVERIFY2(framed(chart, r), qPrintable(chart->objectName()));
    }
    // Enter on the Overview's canvas explains the busiest link.
    QSignalSpy linksActivated(overview->canvas(), &TopologyCanvas::linksActivated);
    QTest::keyClick(overview->canvas(), Qt::Key_Return);
    QCOMPARE(linksActivated.count(), 1);
    QTRY_VERIFY(panel->currentFigure().startsWith(QLatin1String("comm.links[")));
}

// In Simplified Chinese the labels the canvas generates ("node 0") and an example's name are Chinese, the
// built-in default the window starts with included.
void TestE2eGui::chineseCanvasLabelsAndExampleName()
{
    ss::installTranslations(*qApp, QStringLiteral("zh_CN"));
    {
        MainWindow window;
        const char* start = "GPT-3 XL 1.3B on one DGX A100";
        QCOMPARE(QString::fromStdString(window.document()->scenario().name),
                 QCoreApplication::translate("ExampleTitles", start));
        QVERIFY(!window.document()->isModified());
        QCOMPARE(window.document()->undoStack()->count(), 0);
        window.document()->runner()->setMode(AnalysisRunner::Mode::Inline);
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        QVERIFY(window.openExample(QStringLiteral("llama2-70b")));
        settle();
        const char* title = "Llama-2 70B, tp 8 x pp 4 x dp 2 on 8 DGX H100";
        const QString name = QString::fromStdString(window.document()->scenario().name);
        QCOMPARE(name, QCoreApplication::translate("ExampleTitles", title));
        QVERIFY2(name != QLatin1String(title), "the example's name is not translated");
        // The machines' titles ("node 0") and the labels in tooltips come from the translated words.
        const TopologyDisplay& display = window.topologyEditor()->display();
        QVERIFY(!display.groups().empty());
        const QString node = TopologyDisplay::tr("node %1 %2").section(QLatin1Char('%'), 0, 0);
        QVERIFY2(node != QLatin1String("node "), "no translation of \"node %1 %2\"");
        for (const TopologyDisplay::Group& group : display.groups()) {
            QVERIFY2(!group.title.contains(QLatin1String("node")), qPrintable(group.title));
            QVERIFY2(group.title.startsWith(node), qPrintable(group.title));
        }
        TopologyNode gpu;
        gpu.id = "n2.gpu3";
        gpu.label = "node 2 GPU 3";
        QCOMPARE(
            TopologyDisplay::deviceLabel(gpu),
            TopologyDisplay::tr("node %1 %2").arg(QStringLiteral("2"), TopologyDisplay::tr("GPU %1").arg(3)));
        TopologyNode own;
        own.id = "mine";
        own.label = "node 2 of mine";
        QCOMPARE(TopologyDisplay::deviceLabel(own),
                 TopologyDisplay::tr("node %1 %2").arg(QStringLiteral("2"), QStringLiteral("of mine")));
        own.label = "my node";
        QCOMPARE(TopologyDisplay::deviceLabel(own), QStringLiteral("my node"));
    }
    ss::installTranslations(*qApp, QStringLiteral("en"));
    // In English the file's name is kept.
    QVERIFY(m_window->openExample(QStringLiteral("llama2-70b")));
    QCOMPARE(QString::fromStdString(m_window->document()->scenario().name),
             QStringLiteral("Llama-2 70B, tp 8 x pp 4 x dp 2 on 8 DGX H100"));
}

QTEST_MAIN(TestE2eGui)
#include "tst_e2e_gui.moc"
