// SPDX-License-Identifier: GPL-3.0-or-later
// The main window, offscreen: edits made through the panel widgets reach the document and the chart
// (in the direction the ZeRO and Korthikanti formulas say), invalid entries are marked in place and not
// applied, undo restores widget and chart, and a malformed file leaves everything as it was.
#include "analysisrunner.h"
#include "collapsiblesection.h"
#include "examples.h"
#include "mainwindow.h"
#include "memorychart.h"
#include "parameterpanel.h"
#include "scenariodocument.h"
#include "scenariojson.h"
#include "settings.h"
#include "unitformat.h"
#include "unittickers.h"

#include <QAbstractItemView>
#include <QAction>
#include <QApplication>
#include <QComboBox>
#include <QFile>
#include <QHelpEvent>
#include <QLabel>
#include <QLineEdit>
#include <QMessageBox>
#include <QScrollArea>
#include <QScrollBar>
#include <QSet>
#include <QSpinBox>
#include <QStandardPaths>
#include <QStatusBar>
#include <QStyleOptionComboBox>
#include <QTabWidget>
#include <QTemporaryDir>
#include <QTest>
#include <QToolTip>
#include <QUndoStack>
#include <QWheelEvent>
#include <QtTest/qtestspontaneevent.h>

#include <array>

using ss::MainWindow;
using ss::MemoryChart;
using Component = ss::MemoryChart::Component;

namespace {

constexpr std::array<Component, 5> allComponents = {Component::Params, Component::Grads, Component::Optimizer,
                                                    Component::Activations, Component::Buffers};

double bar(const MainWindow& w, Component component, int stage = 0)
{
    const auto data = w.memoryChart()->bars(component)->data();
    return data->at(stage)->value;
}

std::array<double, 5> bars(const MainWindow& w, int stage = 0)
{
    std::array<double, 5> values{};
    for (std::size_t i = 0; i < allComponents.size(); ++i)
        values[i] = bar(w, allComponents[i], stage);
    return values;
}

template <class T> T* widget(const MainWindow& w, const QString& name)
{
    return w.findChild<T*>(name);
}

bool isMarked(const MainWindow& w, const QString& path)
{
    const auto* error = widget<QLabel>(w, QStringLiteral("error.") + path);
    const auto* editor = widget<QWidget>(w, path);
    return error && editor && !error->isHidden() && !error->text().isEmpty() &&
           editor->property("invalid").toBool();
}

void enterText(QLineEdit* edit, const QString& text)
{
    edit->setFocus();
    edit->selectAll();
    QTest::keyClicks(edit, text);
    QTest::keyClick(edit, Qt::Key_Return);
}

bool writeFile(const QString& fileName, const QByteArray& bytes)
{
    QFile file(fileName);
    return file.open(QIODevice::WriteOnly) && file.write(bytes) == bytes.size();
}

void compareRatio(double actual, double base, double expected)
{
    QVERIFY2(base > 0, "the baseline must be non-zero");
    const double ratio = actual / base;
    QVERIFY2(std::abs(ratio - expected) <= 1e-3 * expected,
             qPrintable(QStringLiteral("ratio %1, expected %2").arg(ratio).arg(expected)));
}

} // namespace

class TestMainWindow : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();
    void chartShowsTheResult();
    void frozenWeightsStackedApart();
    void zeroStageThroughItsWidget_data();
    void zeroStageThroughItsWidget();
    void microBatchThroughItsWidget();
    void spinBoxStepsMergeTypedValuesDoNot();
    void hoverTooltipNamesTheComponent();
    void invalidEntryMarkedAndNotApplied_data();
    void invalidEntryMarkedAndNotApplied();
    void crossFieldProblemMarkedOnItsField();
    void undoRestoresWidgetAndChart();
    void gpuPicker();
    void overflowIsMarked();
    void malformedFileLeavesScenarioUntouched();
    void openFileUpdatesPanelsAndTitle();
    void manyStages();
    void sessionRoundTrip();
    void byteTicker_data();
    void byteTicker();
    void derivedWordsElidedInNarrowField();
    void moeFieldsInTheirSections();
    void wheelOverUnfocusedComboScrollsThePanel();
    void undoKeysWorkInAFocusedField();
    void layoutProblemOnTheEditedFieldWithAFix();
    void choicesFitTheirComboBoxes();
    void editRepaintsOnlyItsField();
    void stageLabelsFitANarrowChart();

private:
    QTemporaryDir m_dir;
};

void TestMainWindow::initTestCase()
{
    QStandardPaths::setTestModeEnabled(true);
    QVERIFY(m_dir.isValid());
}

// The chart draws ss::Result figures and nothing else.
void TestMainWindow::chartShowsTheResult()
{
    MainWindow w;
    const ss::Result result = w.document()->result();
    QCOMPARE(w.memoryChart()->bars(Component::Params)->data()->size(),
             static_cast<int>(result.memory.per_gpu.size()));
    const ss::StageMemory& stage = result.memory.per_gpu.at(0);
    QCOMPARE(bar(w, Component::Params), stage.params);
    QCOMPARE(bar(w, Component::Grads), stage.grads);
    QCOMPARE(bar(w, Component::Optimizer), stage.optimizer);
    QCOMPARE(bar(w, Component::Activations), stage.activations);
    QCOMPARE(bar(w, Component::Buffers), stage.buffers);
    QCOMPARE(w.memoryChart()->capacity(), stage.capacity);
    QCOMPARE(w.memoryChart()->overflowMarks(), 0);
}

// LoRA and QLoRA freeze the base (Hu et al., ICLR'22; Dettmers et al., NeurIPS'23): the chart stacks the
// frozen base (with its quantization constants) under the adapters, names both in its legend, and the two
// add up to the engine's params. Full training has no frozen part and no legend entry for one.
void TestMainWindow::frozenWeightsStackedApart()
{
    MainWindow w;
    const auto legendHas = [&](Component c) {
        return w.memoryChart()->legend->hasItemWithPlottable(w.memoryChart()->bars(c));
    };
    QCOMPARE(bar(w, Component::FrozenParams), 0.0);
    QVERIFY(!legendHas(Component::FrozenParams));
    QVERIFY(w.document()->setFieldText(QStringLiteral("training.method"), QStringLiteral("qlora")).isEmpty());
    const ss::StageMemory& stage = w.document()->result().memory.per_gpu.at(0);
    QVERIFY(stage.param_frozen > 0 && stage.param_quant_constants > 0);
    QCOMPARE(bar(w, Component::FrozenParams), stage.param_frozen + stage.param_quant_constants);
    QCOMPARE(bar(w, Component::Params), stage.params - stage.param_frozen - stage.param_quant_constants);
    QVERIFY(qAbs(bar(w, Component::Params) - stage.param_trainable) <= 1e-6 * stage.params);
    QVERIFY(legendHas(Component::FrozenParams));
    QCOMPARE(w.memoryChart()->bars(Component::Params)->name(),
             QStringLiteral("Trainable weights (adapters)"));
    // Back to full training: the frozen part and its legend entry go.
    w.document()->undoStack()->undo();
    QCOMPARE(bar(w, Component::FrozenParams), 0.0);
    QVERIFY(!legendHas(Component::FrozenParams));
    QCOMPARE(w.memoryChart()->bars(Component::Params)->name(), QStringLiteral("Parameters"));
}

// ZeRO (Rajbhandari et al., SC'20, §5), N_d = 8 in the default example, bytes relative to stage 0:
// P_os shards the optimizer states, P_os+g also the gradients, P_os+g+p also the parameters.
void TestMainWindow::zeroStageThroughItsWidget_data()
{
    QTest::addColumn<int>("stage");
    QTest::addColumn<double>("params");
    QTest::addColumn<double>("grads");
    QTest::addColumn<double>("optimizer");
    QTest::newRow("stage 0: 2Ψ + 2Ψ + 12Ψ") << 0 << 1.0 << 1.0 << 1.0;
    QTest::newRow("stage 1: 2Ψ + 2Ψ + 12Ψ/8") << 1 << 1.0 << 1.0 << 1.0 / 8;
    QTest::newRow("stage 2: 2Ψ + 2Ψ/8 + 12Ψ/8") << 2 << 1.0 << 1.0 / 8 << 1.0 / 8;
    QTest::newRow("stage 3: 2Ψ/8 + 2Ψ/8 + 12Ψ/8") << 3 << 1.0 / 8 << 1.0 / 8 << 1.0 / 8;
}

void TestMainWindow::zeroStageThroughItsWidget()
{
    QFETCH(int, stage);
    QFETCH(double, params);
    QFETCH(double, grads);
    QFETCH(double, optimizer);

    MainWindow w;
    auto* combo = widget<QComboBox>(w, QStringLiteral("parallel.zero_stage"));
    QVERIFY(combo);
    QCOMPARE(combo->currentData().toInt(), 1); // the default example runs ZeRO-1
    combo->setCurrentIndex(combo->findData(0));
    QCOMPARE(w.document()->scenario().parallel.zero_stage, 0);
    const auto base = bars(w);
    // docs/formats.md, "Scenario": bf16-mixed Adam holds 2, 2 and 12 bytes per parameter before sharding.
    compareRatio(base[1], base[0], 1.0);
    compareRatio(base[2], base[0], 6.0);

    combo->setCurrentIndex(combo->findData(stage));
    QCOMPARE(w.document()->scenario().parallel.zero_stage, stage);
    const auto now = bars(w);
    compareRatio(now[0], base[0], params);
    compareRatio(now[1], base[1], grads);
    compareRatio(now[2], base[2], optimizer);
    QCOMPARE(now[3], base[3]); // activations do not depend on ZeRO
}

// Korthikanti et al. (MLSys'23): every activation term is proportional to s·b, and with pp = 1 one
// microbatch is in flight, so halving the micro-batch halves the activations and nothing else.
void TestMainWindow::microBatchThroughItsWidget()
{
    MainWindow w;
    auto* spin = widget<QSpinBox>(w, QStringLiteral("training.micro_batch"));
    QVERIFY(spin);
    QCOMPARE(spin->value(), 4);
    const auto base = bars(w);
    spin->setValue(2);
    QCOMPARE(w.document()->scenario().training.micro_batch, 2);
    QCOMPARE(w.document()->undoStack()->count(), 1);
    const auto now = bars(w);
    compareRatio(now[3], base[3], 0.5);
    QCOMPARE(now[0], base[0]);
    QCOMPARE(now[1], base[1]);
    QCOMPARE(now[2], base[2]);
}

// CONTRIBUTING.md: scrubbing a spin box merges into one undo step; a typed value is a step of its own.
void TestMainWindow::spinBoxStepsMergeTypedValuesDoNot()
{
    MainWindow w;
    auto* layers = widget<QSpinBox>(w, QStringLiteral("model.layers"));
    QVERIFY(layers);
    QCOMPARE(layers->value(), 24);
    for (int i = 0; i < 4; ++i)
        layers->stepBy(-1);
    QCOMPARE(w.document()->scenario().model.layers, 20);
    QCOMPARE(w.document()->undoStack()->count(), 1);
    layers->setValue(12); // as typed
    QCOMPARE(w.document()->undoStack()->count(), 2);
    w.document()->undoStack()->undo();
    QCOMPARE(layers->value(), 20);
    w.document()->undoStack()->undo();
    QCOMPARE(layers->value(), 24);
}

// Hovering a bar names its component, stage and bytes in a tooltip.
void TestMainWindow::hoverTooltipNamesTheComponent()
{
    MainWindow w;
    w.viewTabs()->setCurrentWidget(w.memoryChart()); // the window opens on the Overview
    w.show();
    QVERIFY(QTest::qWaitForWindowExposed(&w));
    MemoryChart* chart = w.memoryChart();
    chart->replot(QCustomPlot::rpImmediateRefresh); // lays out the axes for the pixel mapping
    const ss::StageMemory& stage = w.document()->result().memory.per_gpu.at(0);
    const double middle = stage.params + stage.grads + stage.optimizer + stage.activations / 2;
    const QPoint pos(qRound(chart->xAxis->coordToPixel(0)), qRound(chart->yAxis->coordToPixel(middle)));
    QTest::mouseMove(chart, pos);
    QTRY_VERIFY(QToolTip::isVisible());
    QVERIFY2(QToolTip::text().contains(MemoryChart::componentName(Component::Activations)),
             qPrintable(QToolTip::text()));
    QVERIFY(QToolTip::text().contains(QStringLiteral("Stage 0")));
}

void TestMainWindow::invalidEntryMarkedAndNotApplied_data()
{
    QTest::addColumn<QString>("path");
    QTest::addColumn<QString>("entry");
    QTest::addColumn<QString>("valid");
    // Ranges from the field table (fields.h); unit strings from docs/formats.md, "Quantities and units".
    QTest::newRow("spin box: 0 layers") << "model.layers"
                                        << "0"
                                        << "12";
    QTest::newRow("spin box: negative micro-batch") << "training.micro_batch"
                                                    << "-1"
                                                    << "2";
    QTest::newRow("unit string typo") << "cluster.gpu.memory_bytes"
                                      << "80 GiBB"
                                      << "40 GiB";
    QTest::newRow("bits where bytes are expected") << "cluster.gpu.memory_bytes"
                                                   << "640 Gb"
                                                   << "40 GB";
    QTest::newRow("efficiency above 100%") << "compute.efficiency"
                                           << "150%"
                                           << "40%";
    QTest::newRow("not a number") << "overheads.cuda_context_bytes"
                                  << "lots"
                                  << "1 GiB";
    // The default example's 24 layers on one stage (resources/examples/default.json).
    QTest::newRow("layers per stage: not a number") << "parallel.pipeline_layers"
                                                    << "12,x"
                                                    << "24";
}

void TestMainWindow::invalidEntryMarkedAndNotApplied()
{
    QFETCH(QString, path);
    QFETCH(QString, entry);
    QFETCH(QString, valid);

    MainWindow w;
    for (const char* key : {"model", "training", "parallel", "cluster", "compute", "overheads"})
        w.parameterPanel()->section(QLatin1String(key))->setExpanded(true);
    w.show();
    const ss::Scenario before = w.document()->scenario();
    const auto chartBefore = bars(w);
    QWidget* editor = widget<QWidget>(w, path);
    QVERIFY(editor);
    auto* spin = qobject_cast<QSpinBox*>(editor);
    auto* edit = qobject_cast<QLineEdit*>(editor);
    QVERIFY(spin || edit);
    if (spin)
        spin->setValue(entry.toInt());
    else
        enterText(edit, entry);

    QVERIFY(isMarked(w, path));
    QVERIFY(!w.parameterPanel()->markText(path).isEmpty());
    QVERIFY(editor->toolTip().contains(w.parameterPanel()->markText(path)));
    if (spin)
        QCOMPARE(spin->value(), entry.toInt()); // shown as entered: never clamped
    else
        QCOMPARE(edit->text(), entry);
    QCOMPARE(w.document()->scenario(), before);
    QCOMPARE(w.document()->undoStack()->count(), 0);
    QCOMPARE(bars(w), chartBefore);

    // A valid entry clears the mark and applies.
    if (spin)
        spin->setValue(valid.toInt());
    else
        enterText(edit, valid);
    QVERIFY(!isMarked(w, path));
    QVERIFY(w.document()->scenario() != before);
    QCOMPARE(w.document()->undoStack()->count(), 1);
}

// validate.h blames dp × tp × pp ≠ GPUs on parallel.dp; the chart keeps the last valid result.
void TestMainWindow::crossFieldProblemMarkedOnItsField()
{
    MainWindow w;
    const auto chartBefore = bars(w);
    auto* tp = widget<QSpinBox>(w, QStringLiteral("parallel.tp"));
    auto* dp = widget<QSpinBox>(w, QStringLiteral("parallel.dp"));
    QVERIFY(tp && dp);
    tp->setValue(2); // 8 × 2 × 1 = 16 ≠ 8 GPUs: a valid field value, an invalid scenario
    QCOMPARE(w.document()->scenario().parallel.tp, 2);
    // The field just set carries the mark.
    QVERIFY(isMarked(w, QStringLiteral("parallel.tp")));
    QVERIFY(!isMarked(w, QStringLiteral("parallel.dp")));
    QVERIFY(w.memoryChart()->isStale());
    QCOMPARE(bars(w), chartBefore);
    QVERIFY(!widget<QLabel>(w, QStringLiteral("summary.problems"))->isHidden());

    dp->setValue(4); // 4 × 2 × 1 = 8
    QVERIFY(!isMarked(w, QStringLiteral("parallel.dp")));
    QVERIFY(!w.memoryChart()->isStale());
    QVERIFY(bars(w) != chartBefore);
    QVERIFY(widget<QLabel>(w, QStringLiteral("summary.problems"))->isHidden());
}

// CONTRIBUTING.md: every command gets an undo -> redo round trip that checks the document and the panel.
void TestMainWindow::undoRestoresWidgetAndChart()
{
    MainWindow w;
    auto* undo = widget<QAction>(w, QStringLiteral("actionUndo"));
    auto* redo = widget<QAction>(w, QStringLiteral("actionRedo"));
    auto* combo = widget<QComboBox>(w, QStringLiteral("parallel.zero_stage"));
    auto* spin = widget<QSpinBox>(w, QStringLiteral("training.micro_batch"));
    auto* memory = widget<QLineEdit>(w, QStringLiteral("cluster.gpu.memory_bytes"));
    QVERIFY(undo && redo && combo && spin && memory);
    QVERIFY(!undo->isEnabled());
    QCOMPARE(undo->shortcut(), QKeySequence(Qt::CTRL | Qt::Key_Z));
    QCOMPARE(redo->shortcut(), QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_Z));
    const auto original = bars(w);
    const QString memoryText = memory->text();
    QVERIFY(!w.isWindowModified());

    combo->setCurrentIndex(combo->findData(3));
    const auto zero3 = bars(w);
    spin->setValue(2);
    const auto both = bars(w);
    enterText(memory, QStringLiteral("40 GiB"));
    QCOMPARE(memory->text(), QStringLiteral("40 GiB"));
    QVERIFY(w.isWindowModified());
    QCOMPARE(w.document()->undoStack()->count(), 3);

    undo->trigger();
    QCOMPARE(memory->text(), memoryText);
    QCOMPARE(bars(w), both);
    undo->trigger();
    QCOMPARE(spin->value(), 4);
    QCOMPARE(bars(w), zero3);
    undo->trigger();
    QCOMPARE(combo->currentData().toInt(), 1);
    QCOMPARE(bars(w), original);
    QVERIFY(!w.isWindowModified());

    redo->trigger();
    QCOMPARE(combo->currentData().toInt(), 3);
    QCOMPARE(bars(w), zero3);
    redo->trigger();
    QCOMPARE(spin->value(), 2);
    QCOMPARE(bars(w), both);
    redo->trigger();
    QCOMPARE(memory->text(), QStringLiteral("40 GiB"));
}

// The GPU combo offers the catalogue (gpucatalog.h) and "Custom…"; the capacity line follows the GPU.
void TestMainWindow::gpuPicker()
{
    MainWindow w;
    auto* gpu = widget<QComboBox>(w, QStringLiteral("cluster.gpu"));
    auto* memory = widget<QLineEdit>(w, QStringLiteral("cluster.gpu.memory_bytes"));
    QVERIFY(gpu && memory);
    QCOMPARE(gpu->currentData().toString(), QStringLiteral("A100-SXM4-80GB"));
    QCOMPARE(memory->text(), QStringLiteral("80 GiB"));
    const double a100 = w.memoryChart()->capacity();
    QCOMPARE(a100, 80.0 * 1024 * 1024 * 1024);

    gpu->setCurrentIndex(gpu->findData(QStringLiteral("H200")));
    QCOMPARE(w.document()->scenario().cluster.gpu_id, std::string("H200"));
    QCOMPARE(w.memoryChart()->capacity(), w.document()->result().memory.per_gpu.at(0).capacity);
    QVERIFY(w.memoryChart()->capacity() > a100);
    QCOMPARE(memory->text(),
             ss::exactQuantityText(w.document()->scenario().cluster.gpu.memory_bytes, ss::Unit::Bytes));

    gpu->setCurrentIndex(gpu->findData(QString())); // "Custom…"
    QVERIFY(w.document()->scenario().cluster.gpu_id.empty());
    QCOMPARE(w.document()->undoStack()->count(), 2);
    enterText(memory, QStringLiteral("48 GB"));
    QCOMPARE(w.document()->scenario().cluster.gpu.memory_bytes, 48e9);
    QCOMPARE(w.memoryChart()->capacity(), 48e9);
    QCOMPARE(gpu->currentData().toString(), QString());

    w.document()->undoStack()->undo();
    w.document()->undoStack()->undo();
    QCOMPARE(gpu->currentData().toString(), QStringLiteral("H200"));
    w.document()->undoStack()->undo();
    QCOMPARE(gpu->currentData().toString(), QStringLiteral("A100-SXM4-80GB"));
    QCOMPARE(w.memoryChart()->capacity(), a100);
}

// Micro-batch 16 quadruples the default example's activations past the A100's 80 GiB.
void TestMainWindow::overflowIsMarked()
{
    MainWindow w;
    auto* fits = widget<QLabel>(w, QStringLiteral("summary.fits"));
    QVERIFY(fits);
    QVERIFY(fits->property("fits").toBool());
    widget<QSpinBox>(w, QStringLiteral("training.micro_batch"))->setValue(16);
    const ss::StageMemory& stage = w.document()->result().memory.per_gpu.at(0);
    QVERIFY(!stage.fits);
    QCOMPARE(w.memoryChart()->overflowMarks(), 2); // the outline and the overflow label
    QVERIFY(!fits->property("fits").toBool());
    w.document()->undoStack()->undo();
    QCOMPARE(w.memoryChart()->overflowMarks(), 0);
    QVERIFY(fits->property("fits").toBool());
}

// A failed open leaves the current scenario untouched and says why in one line.
void TestMainWindow::malformedFileLeavesScenarioUntouched()
{
    MainWindow w;
    auto* combo = widget<QComboBox>(w, QStringLiteral("parallel.zero_stage"));
    combo->setCurrentIndex(combo->findData(2));
    const ss::Scenario before = w.document()->scenario();
    const auto chartBefore = bars(w);
    const QString title = w.windowTitle();

    const QString fileName = m_dir.filePath(QStringLiteral("malformed.json"));
    QVERIFY(writeFile(fileName,
                      "{\"format\": \"shardscope-scenario\", \"version\": 1, \"model\": {\"layers\": "));
    QVERIFY(!w.openFile(fileName));
    QVERIFY2(w.lastError().contains(QStringLiteral("malformed.json")), qPrintable(w.lastError()));
    QVERIFY(!w.lastError().contains(QLatin1Char('\n')));
    QCOMPARE(w.statusBar()->currentMessage(), w.lastError());
    QCOMPARE(w.document()->scenario(), before);
    QCOMPARE(w.document()->undoStack()->count(), 1);
    QCOMPARE(combo->currentData().toInt(), 2);
    QCOMPARE(bars(w), chartBefore);
    QCOMPARE(w.windowTitle(), title);
    auto* box = widget<QMessageBox>(w, QStringLiteral("errorMessage"));
    QVERIFY(box);
    QVERIFY(box->text().contains(QStringLiteral("malformed.json")));
    box->close();
}

void TestMainWindow::openFileUpdatesPanelsAndTitle()
{
    ss::Scenario scenario = ss::io::defaultExampleScenario();
    scenario.name = "Opened scenario";
    scenario.parallel.zero_stage = 3;
    scenario.training.micro_batch = 2;
    const QString fileName = m_dir.filePath(QStringLiteral("valid.json"));
    QVERIFY(writeFile(fileName, ss::io::writeScenario(scenario)));

    MainWindow w;
    QVERIFY(w.openFile(fileName));
    QCOMPARE(w.document()->scenario(), scenario);
    QCOMPARE(widget<QComboBox>(w, QStringLiteral("parallel.zero_stage"))->currentData().toInt(), 3);
    QCOMPARE(widget<QSpinBox>(w, QStringLiteral("training.micro_batch"))->value(), 2);
    QCOMPARE(bar(w, Component::Params), w.document()->result().memory.per_gpu.at(0).params);
    QVERIFY(w.windowTitle().contains(QStringLiteral("Opened scenario")));
    QVERIFY(w.windowTitle().contains(QStringLiteral("valid.json")));
    QVERIFY(!w.isWindowModified());
}

// Narayanan et al. SC'21 Table 1: GPT-3 175B with pp 8; the chart has one bar per stage.
void TestMainWindow::manyStages()
{
    MainWindow w;
    w.document()->runner()->setMode(ss::AnalysisRunner::Mode::Inline);
    QVERIFY(w.openExample(QStringLiteral("gpt3-175b-megatron")));
    QTRY_VERIFY(w.document()->isResultCurrent()); // a big scenario: evaluated off the UI thread
    const int stages = static_cast<int>(w.document()->scenario().parallel.pp);
    QCOMPARE(stages, 8);
    for (Component component : allComponents)
        QCOMPARE(w.memoryChart()->bars(component)->data()->size(), stages);
    for (int s = 0; s < stages; ++s)
        QCOMPARE(bar(w, Component::Activations, s), w.document()->result().memory.per_gpu.at(s).activations);

    // 64 stages stay one bar each.
    auto* pp = widget<QSpinBox>(w, QStringLiteral("parallel.pp"));
    ss::Scenario deep = w.document()->scenario();
    deep.parallel.pp = 64;
    deep.parallel.dp = 2;
    deep.parallel.virtual_stages = 1;
    deep.parallel.schedule = ss::Schedule::OneFOneB;
    w.document()->replaceScenario(deep, QStringLiteral("deep"));
    QTRY_VERIFY_WITH_TIMEOUT(w.document()->isResultCurrent(), 30000);
    QVERIFY2(w.document()->isValid(),
             w.document()->problems().empty() ? "" : w.document()->problems().front().message.c_str());
    QCOMPARE(pp->value(), 64);
    QCOMPARE(w.memoryChart()->bars(Component::Params)->data()->size(), 64);
}

// The last scenario (saved or not) and the window layout come back on the next start.
void TestMainWindow::sessionRoundTrip()
{
    const QString ini = m_dir.filePath(QStringLiteral("session.ini"));
    ss::Scenario edited;
    {
        ss::Settings settings(ini);
        MainWindow w;
        w.setSettings(&settings);
        QVERIFY(!w.restoreLastScenario()); // the first start: nothing to restore, the default example
        w.resize(700, 500); // on the offscreen screen (800×600): the restored window fits it as it was
        auto* combo = widget<QComboBox>(w, QStringLiteral("parallel.zero_stage"));
        combo->setCurrentIndex(combo->findData(3));
        w.document()->setName(QStringLiteral("Unsaved work"));
        edited = w.document()->scenario();
        w.close(); // closeEvent saves the session
    }
    ss::Settings settings(ini);
    MainWindow w;
    w.setSettings(&settings);
    w.restoreLayout();
    QVERIFY(w.restoreLastScenario());
    QCOMPARE(w.document()->scenario(), edited);
    QVERIFY(w.document()->isModified());
    QCOMPARE(w.document()->undoStack()->count(), 0); // a fresh history
    QCOMPARE(widget<QComboBox>(w, QStringLiteral("parallel.zero_stage"))->currentData().toInt(), 3);
    QCOMPARE(w.size(), QSize(700, 500));
}

// Binary units (IEC 80000-13): ticks at 1, 2, 2.5 or 5 times a power of ten of one unit.
void TestMainWindow::byteTicker_data()
{
    QTest::addColumn<double>("upper");
    QTest::addColumn<int>("tickCount");
    QTest::addColumn<QStringList>("labels");
    const double GiB = 1024.0 * 1024 * 1024;
    QTest::newRow("0-100 GiB in 5") << 100 * GiB << 5
                                    << QStringList{QStringLiteral("0"),      QStringLiteral("20 GiB"),
                                                   QStringLiteral("40 GiB"), QStringLiteral("60 GiB"),
                                                   QStringLiteral("80 GiB"), QStringLiteral("100 GiB")};
    QTest::newRow("0-1 GiB in 4") << 1 * GiB << 4
                                  << QStringList{QStringLiteral("0"), QStringLiteral("250 MiB"),
                                                 QStringLiteral("500 MiB"), QStringLiteral("750 MiB"),
                                                 QStringLiteral("1000 MiB")};
    QTest::newRow("0-10 GiB in 4") << 10 * GiB << 4
                                   << QStringList{QStringLiteral("0"), QStringLiteral("2.5 GiB"),
                                                  QStringLiteral("5.0 GiB"), QStringLiteral("7.5 GiB"),
                                                  QStringLiteral("10.0 GiB")};
}

void TestMainWindow::byteTicker()
{
    QFETCH(double, upper);
    QFETCH(int, tickCount);
    QFETCH(QStringList, labels);
    ss::ByteTicker ticker;
    ticker.setTickCount(tickCount);
    QVector<double> ticks, subTicks;
    QVector<QString> tickLabels;
    ticker.generate(QCPRange(0, upper), QLocale::c(), QLatin1Char('g'), 6, ticks, &subTicks, &tickLabels);
    QStringList got(tickLabels.begin(), tickLabels.end());
    QCOMPARE(got, labels);
}

// A 0 that means "derived" reads as words (ParameterPanel: "auto (hidden / heads)" for model.head_dim); in a
// field narrower than them (a 1024-pixel window, a wordier language) they end in "…" rather than being cut at
// either end, still read as 0, and the tooltip gives them whole.
void TestMainWindow::derivedWordsElidedInNarrowField()
{
    MainWindow w;
    w.resize(1024, 640);
    w.show();
    QVERIFY(QTest::qWaitForWindowExposed(&w));
    auto* spin = widget<QSpinBox>(w, QStringLiteral("model.head_dim"));
    QVERIFY(spin);
    QCOMPARE(spin->value(), 0); // the default scenario derives it: hidden / heads
    auto* edit = spin->findChild<QLineEdit*>();
    QVERIFY(edit);
    const QString words = ss::ParameterPanel::tr("auto (hidden / heads)");
    const int wide = spin->fontMetrics().horizontalAdvance(words) + 80;
    spin->setFixedWidth(wide);
    QTRY_COMPARE(edit->text(), words);

    spin->setFixedWidth(wide / 2);
    QTRY_VERIFY(edit->text().endsWith(QChar(0x2026)));
    QVERIFY(words.startsWith(edit->text().chopped(1)));
    QVERIFY(edit->fontMetrics().horizontalAdvance(edit->text()) < edit->width());
    // Entered as it stands, it is still 0: no edit.
    spin->setFocus();
    QTest::keyClick(spin, Qt::Key_Return);
    spin->clearFocus();
    QCOMPARE(spin->value(), 0);
    QCOMPARE(w.document()->undoStack()->count(), 0);
    QCOMPARE(w.document()->fieldValue(QStringLiteral("model.head_dim")).number, 0.0);
    // The tooltip: the words whole, then the field's own description.
    QHelpEvent help(QEvent::ToolTip, QPoint(4, 4), spin->mapToGlobal(QPoint(4, 4)));
    QApplication::sendEvent(spin, &help);
    QTRY_VERIFY(QToolTip::isVisible());
    QVERIFY(QToolTip::text().startsWith(words + QLatin1Char('\n')));
    QVERIFY(QToolTip::text().contains(QStringLiteral("model.head_dim")));
    QToolTip::hideText();

    spin->setFixedWidth(wide);
    QTRY_COMPARE(edit->text(), words);
}

// The fields of mixture-of-experts, MLA, FP8 and context/expert parallelism (fields.cpp) sit in the model,
// training and parallel sections; those that apply only with another field's value are greyed out until it
// has it; a 0 that means "work it out" reads as words; pipeline_layers takes a comma list and says so when it
// cannot read one.
void TestMainWindow::moeFieldsInTheirSections()
{
    MainWindow w;
    w.document()->runner()->setMode(ss::AnalysisRunner::Mode::Inline);
    ss::ParameterPanel* panel = w.parameterPanel();
    const std::pair<const char*, const char*> homes[] = {{"model.moe_ffn_hidden", "model"},
                                                         {"model.attention", "model"},
                                                         {"model.kv_lora_rank", "model"},
                                                         {"model.mtp_layers", "model"},
                                                         {"training.fp8_recipe", "training"},
                                                         {"parallel.cp", "parallel"},
                                                         {"parallel.ep", "parallel"},
                                                         {"parallel.etp", "parallel"},
                                                         {"parallel.cp_comm", "parallel"},
                                                         {"parallel.ep_overlap", "parallel"},
                                                         {"parallel.ep_dispatcher", "parallel"},
                                                         {"parallel.ep_fp8_dispatch", "parallel"},
                                                         {"model.expert_groups", "model"},
                                                         {"model.expert_groups_per_token", "model"},
                                                         {"parallel.pipeline_layers", "parallel"},
                                                         {"parallel.first_stage_layers", "parallel"},
                                                         {"parallel.last_stage_layers", "parallel"}};
    for (const auto& [path, section] : homes) {
        QWidget* editor = panel->editor(QLatin1String(path));
        QVERIFY2(editor, path);
        QVERIFY2(panel->section(QLatin1String(section))->isAncestorOf(editor), path);
        QVERIFY2(!editor->toolTip().isEmpty(), path);
    }
    QVERIFY(qobject_cast<QLineEdit*>(panel->editor(QStringLiteral("parallel.pipeline_layers"))));

    // The default example: a dense GPT in BF16 with grouped-query (here: multi-head) attention and cp 1.
    const auto enabled = [&](const char* path) { return panel->editor(QLatin1String(path))->isEnabled(); };
    for (const char* path :
         {"model.q_lora_rank", "model.kv_lora_rank", "model.qk_rope_head_dim", "model.qk_nope_head_dim",
          "model.v_head_dim", "model.moe_ffn_hidden", "model.capacity_factor", "training.fp8_recipe",
          "parallel.cp_comm", "model.expert_groups", "parallel.ep_dispatcher", "parallel.ep_fp8_dispatch",
          "training.fp8_swiglu_inputs"})
        QVERIFY2(!enabled(path), path);
    for (const char* path :
         {"model.attention", "model.experts", "parallel.ep", "parallel.cp", "parallel.etp"})
        QVERIFY2(enabled(path), path);
    auto* attention = qobject_cast<QComboBox*>(panel->editor(QStringLiteral("model.attention")));
    QVERIFY(attention);
    attention->setCurrentIndex(attention->findData(QStringLiteral("mla")));
    QCOMPARE(w.document()->scenario().model.attention, ss::AttentionKind::Mla);
    QVERIFY(enabled("model.kv_lora_rank") && enabled("model.q_lora_rank") && enabled("model.v_head_dim"));
    auto* precision = qobject_cast<QComboBox*>(panel->editor(QStringLiteral("training.precision")));
    precision->setCurrentIndex(precision->findData(QStringLiteral("fp8-mixed")));
    QVERIFY(enabled("training.fp8_recipe"));
    auto* experts = qobject_cast<QSpinBox*>(panel->editor(QStringLiteral("model.experts")));
    experts->setValue(8);
    QVERIFY(enabled("model.moe_ffn_hidden") && enabled("model.capacity_factor"));
    // A mixture of experts in FP8: its routing groups, dispatcher and FP8 dispatch.
    QVERIFY(enabled("model.expert_groups") && enabled("parallel.ep_dispatcher") &&
            enabled("parallel.ep_fp8_dispatch") && enabled("training.fp8_swiglu_inputs"));

    // 0 as words: the expert tensor-parallel degree follows tp, the capacity factor is dropless.
    auto* etp = qobject_cast<QSpinBox*>(panel->editor(QStringLiteral("parallel.etp")));
    QVERIFY(etp);
    QCOMPARE(etp->value(), 0);
    QVERIFY2(etp->text().startsWith(QStringLiteral("auto")), qPrintable(etp->text()));
    auto* capacity = qobject_cast<QLineEdit*>(panel->editor(QStringLiteral("model.capacity_factor")));
    QVERIFY(capacity);
    QCOMPARE(capacity->placeholderText(), ss::ParameterPanel::tr("dropless (no limit)"));

    // The engine's sentence for a list it cannot read, beside the field.
    auto* layers = qobject_cast<QLineEdit*>(panel->editor(QStringLiteral("parallel.pipeline_layers")));
    enterText(layers, QStringLiteral("7,8;9"));
    QVERIFY(isMarked(w, QStringLiteral("parallel.pipeline_layers")));
    QVERIFY2(panel->markText(QStringLiteral("parallel.pipeline_layers")).contains(QLatin1String("7,8,8,9")),
             qPrintable(panel->markText(QStringLiteral("parallel.pipeline_layers"))));
}

// A wheel notch as the window system delivers it (spontaneous): Qt gives a WheelFocus widget the focus
// before the widget sees the event, as it does under a real pointer.
void spontaneousWheel(QWidget* target, int notches)
{
    const QPointF pos = QRectF(target->rect()).center();
    QWheelEvent event(pos, QPointF(target->mapToGlobal(pos.toPoint())), QPoint(), QPoint(0, 120 * notches),
                      Qt::NoButton, Qt::NoModifier, Qt::NoScrollPhase, false);
    QSpontaneKeyEvent::setSpontaneous(&event);
    qApp->notify(target, &event);
}

// Scrolling the parameter panel over a combo box the user has not clicked scrolls the panel: the value, the
// undo stack and the focus stay. Once the box has focus (a click, Tab), the wheel steps its value.
void TestMainWindow::wheelOverUnfocusedComboScrollsThePanel()
{
    MainWindow w;
    w.resize(1024, 700);
    w.show();
    QVERIFY(QTest::qWaitForWindowExposed(&w));
    QApplication::setActiveWindow(&w);
    QVERIFY(QTest::qWaitForWindowActive(&w));
    auto* scroll = widget<QScrollArea>(w, QStringLiteral("parameterScroll"));
    QVERIFY(scroll);
    QVERIFY2(scroll->verticalScrollBar()->maximum() > 0, "the panel is taller than its dock at 1024×700");
    scroll->verticalScrollBar()->setValue(0);
    for (const char* path : {"training.precision", "parallel.zero_stage", "cluster.gpu"}) {
        auto* combo = widget<QComboBox>(w, QLatin1String(path));
        QVERIFY2(combo, path);
        w.parameterPanel()->setFocus();
        const int index = combo->currentIndex() > 0 ? combo->currentIndex() : 1;
        combo->setCurrentIndex(index);
        const int steps = w.document()->undoStack()->index();
        const int scrolled = scroll->verticalScrollBar()->value();
        for (int i = 0; i < 3; ++i)
            spontaneousWheel(combo, -1);
        QCOMPARE(combo->currentIndex(), index);
        QCOMPARE(w.document()->undoStack()->index(), steps);
        QVERIFY2(!combo->hasFocus(), path);
        QVERIFY2(!(combo->focusPolicy() & Qt::WheelFocus & ~Qt::StrongFocus), path);
        if (scrolled < scroll->verticalScrollBar()->maximum())
            QVERIFY2(scroll->verticalScrollBar()->value() > scrolled, path);
        // Focused, the wheel is the box's.
        combo->setFocus(Qt::TabFocusReason);
        QVERIFY(combo->hasFocus());
        spontaneousWheel(combo, 1);
        QCOMPARE(combo->currentIndex(), index - 1);
        QCOMPARE(w.document()->undoStack()->index(), steps + 1);
    }
}

// Ctrl+Z in a field that keeps focus after Enter undoes the edit (the line edit has nothing of its own to
// undo); Ctrl+Shift+Z redoes it. The same in a spin box. Typing not yet committed is the field's to undo.
// An edit reloads only the fields whose value changed: setting a spin box to what it shows still repaints it,
// and reloading them all repainted the whole panel on every edit (74 paints in the window, 24 without).
void TestMainWindow::editRepaintsOnlyItsField()
{
    MainWindow w;
    w.resize(1280, 800);
    w.show();
    QVERIFY(QTest::qWaitForWindowExposed(&w));
    w.document()->runner()->setMode(ss::AnalysisRunner::Mode::Inline);
    auto* layers = widget<QSpinBox>(w, QStringLiteral("model.layers"));
    auto* micro = widget<QSpinBox>(w, QStringLiteral("training.micro_batch"));
    QVERIFY(layers && micro && layers->isVisible());
    struct Paints : QObject
    {
        QSet<QObject*> painted;
        bool eventFilter(QObject* o, QEvent* e) override
        {
            if (e->type() == QEvent::Paint)
                painted.insert(o);
            return false;
        }
    } paints;
    QApplication::processEvents();
    qApp->installEventFilter(&paints);
    ss::FieldValue value;
    value.number = double(w.document()->scenario().training.micro_batch * 2);
    QVERIFY(w.document()->setField(QStringLiteral("training.micro_batch"), value).isEmpty());
    QCOMPARE(micro->value(), int(value.number));
    w.repaint();
    qApp->removeEventFilter(&paints);
    QVERIFY(!paints.painted.isEmpty());
    QVERIFY(!paints.painted.contains(layers));
    QVERIFY(!paints.painted.contains(layers->findChild<QLineEdit*>()));
    // Typing not committed in a field stays while another field changes.
    auto* layersText = layers->findChild<QLineEdit*>();
    QVERIFY(layersText);
    layersText->setText(QStringLiteral("12"));
    value.number /= 2;
    QVERIFY(w.document()->setField(QStringLiteral("training.micro_batch"), value).isEmpty());
    QCOMPARE(layersText->text(), QStringLiteral("12"));
}

// 64 stages in the Overview's narrow memory pane: the stage numbers under the bars thin out until each has
// its own width, instead of running into each other.
void TestMainWindow::stageLabelsFitANarrowChart()
{
    ss::Result result;
    for (int s = 0; s < 64; ++s) {
        ss::StageMemory stage;
        stage.stage = s;
        stage.params = 1e9;
        stage.activations = 2e9 + 1e7 * s;
        stage.total = stage.params + stage.activations;
        stage.capacity = 80e9;
        result.memory.per_gpu.push_back(stage);
    }
    for (const int width : {240, 900}) {
        MemoryChart chart;
        chart.resize(width, 300);
        chart.resetData(result);
        chart.show();
        QVERIFY(QTest::qWaitForWindowExposed(&chart));
        chart.replot(QCustomPlot::rpImmediateRefresh);
        chart.replot(QCustomPlot::rpImmediateRefresh);
        auto ticker = chart.xAxis->ticker().dynamicCast<QCPAxisTickerText>();
        QVERIFY(ticker);
        const QList<double> keys = ticker->ticks().keys();
        QVERIFY2(keys.size() >= 2 && keys.size() <= 16, qPrintable(QString::number(keys.size())));
        const double apart = chart.xAxis->coordToPixel(keys[1]) - chart.xAxis->coordToPixel(keys[0]);
        const int label = QFontMetrics(chart.xAxis->tickLabelFont()).horizontalAdvance(QStringLiteral("63"));
        QVERIFY2(apart >= label,
                 qPrintable(QStringLiteral("%1 px apart, labels %2 px").arg(apart).arg(label)));
        if (width == 900)
            QCOMPARE(keys.size(), 16); // every 4th: 0, 4, ..., 60
    }
}

void TestMainWindow::undoKeysWorkInAFocusedField()
{
    MainWindow w;
    w.show();
    QVERIFY(QTest::qWaitForWindowExposed(&w));
    QApplication::setActiveWindow(&w);
    QVERIFY(QTest::qWaitForWindowActive(&w));
    QUndoStack* stack = w.document()->undoStack();
    auto* seq = widget<QLineEdit>(w, QStringLiteral("name"));
    QVERIFY(seq);
    const std::string name = w.document()->scenario().name;
    enterText(seq, QStringLiteral("renamed"));
    QCOMPARE(w.document()->scenario().name, std::string("renamed"));
    QVERIFY(seq->hasFocus());
    const int index = stack->index();
    QTest::keyClick(seq, Qt::Key_Z, Qt::ControlModifier);
    QCOMPARE(stack->index(), index - 1);
    QCOMPARE(w.document()->scenario().name, name);
    QCOMPARE(seq->text(), QString::fromStdString(name));
    QTest::keyClick(seq, Qt::Key_Z, Qt::ControlModifier | Qt::ShiftModifier);
    QCOMPARE(stack->index(), index);
    QCOMPARE(w.document()->scenario().name, std::string("renamed"));
    // Typing not committed: Ctrl+Z is the field's own, the document stays.
    QTest::keyClicks(seq, QStringLiteral("xyz"));
    QTest::keyClick(seq, Qt::Key_Z, Qt::ControlModifier);
    QCOMPARE(stack->index(), index);

    auto* spin = widget<QSpinBox>(w, QStringLiteral("training.micro_batch"));
    QVERIFY(spin);
    const int before = spin->value();
    spin->setFocus();
    spin->selectAll();
    QTest::keyClicks(spin, QString::number(before * 2));
    QTest::keyClick(spin, Qt::Key_Return);
    QCOMPARE(w.document()->scenario().training.micro_batch, before * 2);
    QVERIFY(spin->hasFocus());
    QTest::keyClick(spin, Qt::Key_Z, Qt::ControlModifier);
    QCOMPARE(w.document()->scenario().training.micro_batch, before);
    QCOMPARE(spin->value(), before);
}

// GPT-3 175B on 1,024 GPUs (tp 8 × pp 8 × dp 16): tp set to 4 leaves 512 GPUs of the layout. The tp field
// is marked (not dp), and the mark offers "Set Data parallel to 32", which one click applies as one undo
// step.
void TestMainWindow::layoutProblemOnTheEditedFieldWithAFix()
{
    MainWindow w;
    w.document()->runner()->setMode(ss::AnalysisRunner::Mode::Inline);
    QVERIFY(w.openExample(QStringLiteral("gpt3-175b-megatron")));
    const ss::ParallelSpec& p = w.document()->scenario().parallel;
    QCOMPARE(w.document()->scenario().gpus(), 1024);
    QCOMPARE(p.tp, 8);
    const std::int64_t dp = p.dp;
    auto* tp = widget<QSpinBox>(w, QStringLiteral("parallel.tp"));
    QVERIFY(tp);
    tp->setValue(4);
    QVERIFY(!w.document()->isValid());
    QVERIFY(isMarked(w, QStringLiteral("parallel.tp")));
    QVERIFY(!isMarked(w, QStringLiteral("parallel.dp")));
    const std::optional<ss::FieldFix> fix = w.document()->suggestedFix(QStringLiteral("parallel.tp"));
    QVERIFY(fix);
    QCOMPARE(QString::fromStdString(fix->path), QStringLiteral("parallel.dp"));
    QCOMPARE(fix->value, dp * 2);
    auto* error = widget<QLabel>(w, QStringLiteral("error.parallel.tp"));
    const QString link = w.parameterPanel()->fixText(QStringLiteral("parallel.tp"));
    QCOMPARE(error->text(), link);
    QVERIFY2(link.contains(QStringLiteral("<a href=\"fix\">Set Data parallel to %1</a>").arg(dp * 2)),
             qPrintable(link));
    const int steps = w.document()->undoStack()->index();
    emit error->linkActivated(QStringLiteral("fix"));
    QCOMPARE(w.document()->undoStack()->index(), steps + 1);
    QCOMPARE(w.document()->scenario().parallel.dp, dp * 2);
    QCOMPARE(w.document()->scenario().parallel.tp, 4);
    QVERIFY(w.document()->isValid());
    QVERIFY(!isMarked(w, QStringLiteral("parallel.tp")));
}

// Every choice of the recipe's combo boxes reads whole in the box at the window's usual size (no "BF16 (no
// FP32 mast…"), and every combo box's list is wide enough for its longest choice.
void TestMainWindow::choicesFitTheirComboBoxes()
{
    MainWindow w;
    w.resize(1280, 800);
    w.show();
    QVERIFY(QTest::qWaitForWindowExposed(&w));
    const auto room = [](QComboBox* combo) {
        QStyleOptionComboBox option;
        option.initFrom(combo);
        option.editable = combo->isEditable();
        return combo->style()
            ->subControlRect(QStyle::CC_ComboBox, &option, QStyle::SC_ComboBoxEditField, combo)
            .width();
    };
    for (const char* path : {"training.precision", "training.optimizer", "training.recompute"}) {
        auto* combo = widget<QComboBox>(w, QLatin1String(path));
        QVERIFY2(combo, path);
        for (int i = 0; i < combo->count(); ++i)
            QVERIFY2(combo->fontMetrics().horizontalAdvance(combo->itemText(i)) <= room(combo),
                     qPrintable(QStringLiteral("%1: \"%2\" in %3 px")
                                    .arg(QLatin1String(path), combo->itemText(i))
                                    .arg(room(combo))));
    }
    for (QComboBox* combo : w.parameterPanel()->findChildren<QComboBox*>()) {
        int widest = 0;
        for (int i = 0; i < combo->count(); ++i)
            widest = std::max(widest, combo->fontMetrics().horizontalAdvance(combo->itemText(i)));
        QVERIFY2(combo->view()->minimumWidth() >= widest || combo->width() >= widest + 24,
                 qPrintable(combo->objectName()));
    }
}

QTEST_MAIN(TestMainWindow)
#include "tst_mainwindow.moc"
