// SPDX-License-Identifier: GPL-3.0-or-later
// Presentation mode, offscreen: View > Presentation Mode enlarges the application font 1.6 times,
// switches to the high-contrast palette, scales the charts and the canvas, hides the tool bars, the status
// bar and every dock but the one being discussed (the lesson, else the explanation), goes full screen when
// asked, and leaving restores the font, the palette, the docks and the window state exactly. PageDown/PageUp
// and Space/Backspace step a lesson found only by its dock's object name and its slots' names; Escape leaves.
// A chart's presentation scale makes its fonts and lines larger and 1 restores them; the Gantt chart's time
// cursor sweeps to the step time and stops, and can be dragged. The mode scales the Sweep and Planner charts
// and the calibration chart of an import preview, opened before or during it; the canvas's device labels grow
// within their boxes; the lesson's step labels and figures fit the dock in the larger type.
#include "bandwidthchart.h"
#include "calibrationchart.h"
#include "canvasitems.h"
#include "ganttchart.h"
#include "ganttcursor.h"
#include "importdialog.h"
#include "lessonpanel.h"
#include "lessons.h"
#include "mainwindow.h"
#include "memorychart.h"
#include "plannerchart.h"
#include "plannerview.h"
#include "presentationmode.h"
#include "scenariodocument.h"
#include "sweepchart.h"
#include "sweepview.h"
#include "synthetictimeline.h"
#include "topologycanvas.h"
#include "topologyeditor.h"
#include "topologyscene.h"

#include <QAction>
#include <QApplication>
#include <QDockWidget>
#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
#include <QMenu>
#include <QMenuBar>
#include <QSignalSpy>
#include <QStatusBar>
#include <QTableView>
#include <QTableWidget>
#include <QTest>
#include <QToolBar>
#include <QToolButton>
#include <QVBoxLayout>

#include <cmath>
#include <map>
#include <memory>

using namespace ss;

namespace {

// A stand-in for the lesson dock's widget, built by another part of the program: only its slots' names count.
class FakeLesson : public QWidget
{
    Q_OBJECT
public:
    int step = 0;
public slots:
    void nextStep() { ++step; }
    void previousStep() { --step; }
};

QDockWidget* addDock(MainWindow& w, const QString& name, QWidget* content = nullptr)
{
    auto* dock = new QDockWidget(name, &w);
    dock->setObjectName(name);
    dock->setWidget(content ? content : new QWidget);
    w.addDockWidget(Qt::RightDockWidgetArea, dock);
    dock->show();
    return dock;
}

QDockWidget* parametersDock(const MainWindow& w)
{
    return w.findChild<QDockWidget*>(QStringLiteral("parametersDock"));
}

// The fonts and lines of a chart that presentation mode scales.
struct ChartLook
{
    double tickFont = 0;
    double labelFont = 0;
    double legendFont = 0;
    double axisPen = 0;
};

ChartLook lookOf(QCustomPlot* plot)
{
    return {plot->xAxis->tickLabelFont().pointSizeF(), plot->xAxis->labelFont().pointSizeF(),
            plot->legend->font().pointSizeF(), plot->xAxis->basePen().widthF()};
}

QString importFixture(const QString& name)
{
    return QStringLiteral(SHARDSCOPE_IMPORT_DATA "/") + name;
}

// The chart NAME of W ("sweep", "planner", "calibration": the import preview's), with something drawn.
QCustomPlot* tabChart(MainWindow& w, const QString& name)
{
    if (name == QLatin1String("sweep")) {
        w.sweepView()->runNow();
        const bool done = QTest::qWaitFor([&w] { return !w.sweepView()->isRunning(); }, 10000);
        return done ? w.sweepView()->chart() : nullptr;
    }
    if (name == QLatin1String("planner")) {
        w.plannerView()->runNow();
        w.plannerView()->waitForFinished();
        return w.plannerView()->chart();
    }
    // nccl-tests all_reduce_perf on 8 A100s (tests/io/data/import): one calibration, drawn log-log.
    if (!w.importFile(importFixture(QStringLiteral("nccl-tests-all_reduce-8xa100.log"))) ||
        !w.importPreview())
        return nullptr;
    return w.importPreview()->calibrationChart();
}

double presentationScaleOf(QCustomPlot* plot)
{
    if (auto* sweep = qobject_cast<SweepChart*>(plot))
        return sweep->presentationScale();
    if (auto* planner = qobject_cast<PlannerChart*>(plot))
        return planner->presentationScale();
    if (auto* calibration = qobject_cast<CalibrationChart*>(plot))
        return calibration->presentationScale();
    return 0;
}

// The size of the first scatter point of PLOT (the sweep's dots, the planner's, the measured times).
double pointSize(QCustomPlot* plot)
{
    for (int i = 0; i < plot->graphCount(); ++i)
        if (!plot->graph(i)->scatterStyle().isNone())
            return plot->graph(i)->scatterStyle().size();
    return 0;
}

} // namespace

class TestPresentation : public QObject
{
    Q_OBJECT

private slots:
    void actionInTheViewMenu();
    void enterAndLeaveRestore_data();
    void enterAndLeaveRestore();
    void keepsTheDiscussedDock();
    void keysStepTheLessonAndEscapeLeaves();
    void chartScaleEnlargesFonts_data();
    void chartScaleEnlargesFonts();
    void canvasScale();
    void modeScalesTabCharts_data();
    void modeScalesTabCharts();
    void dialogOpenedWhilePresenting();
    void sweepAxesAddedWhilePresenting();
    void plannerRowsGrow();
    void styledWidgetsTakeTheFont();
    void canvasLabelsGrow();
    void lessonFiguresFit();
    void ganttCursorSweepsTheStep();
    void ganttCursorIsDraggable();
};

void TestPresentation::actionInTheViewMenu()
{
    MainWindow w;
    auto* action = w.findChild<QAction*>(QStringLiteral("actionPresentationMode"));
    QVERIFY(action);
    QVERIFY(action->isCheckable());
    QVERIFY(!action->isChecked());
    QVERIFY(action->shortcuts().contains(QKeySequence(Qt::Key_F11)));
    QVERIFY(action->shortcuts().contains(QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_P)));
    auto* view = w.findChild<QMenu*>(QStringLiteral("menuView"));
    QVERIFY(view && view->actions().contains(action));
    QVERIFY(view->actions().contains(w.findChild<QAction*>(QStringLiteral("actionPresentationFullScreen"))));
    QCOMPARE(w.presentationMode()->action(), action);
}

void TestPresentation::enterAndLeaveRestore_data()
{
    QTest::addColumn<bool>("fullScreen");
    QTest::addColumn<bool>("maximized");
    QTest::newRow("full screen from a normal window") << true << false;
    QTest::newRow("in the window from a normal window") << false << false;
    QTest::newRow("full screen from a maximized window") << true << true;
}

void TestPresentation::enterAndLeaveRestore()
{
    QFETCH(bool, fullScreen);
    QFETCH(bool, maximized);
    MainWindow w;
    auto* bar = new QToolBar(QStringLiteral("tools"), &w);
    bar->setObjectName(QStringLiteral("testToolBar"));
    bar->addAction(QStringLiteral("x"));
    w.addToolBar(bar);
    w.statusBar()->show();
    w.resize(1000, 700);
    if (maximized)
        w.showMaximized();
    else
        w.show();
    QVERIFY(QTest::qWaitForWindowExposed(&w));

    const QFont font = QApplication::font();
    const QPalette palette = QApplication::palette();
    const Qt::WindowStates state = w.windowState();
    const QByteArray layout = w.saveState();
    const double memoryTicks = w.memoryChart()->xAxis->tickLabelFont().pointSizeF();
    QVERIFY(!parametersDock(w)->isHidden());

    PresentationMode* mode = w.presentationMode();
    mode->setUsesFullScreen(fullScreen);
    QSignalSpy changed(mode, &PresentationMode::activeChanged);
    w.findChild<QAction*>(QStringLiteral("actionPresentationMode"))->trigger();
    QVERIFY(mode->isActive());
    QCOMPARE(changed.count(), 1);
    // The application font 1.6 times larger (and the views with it), the high-contrast palette.
    QCOMPARE(QApplication::font().pointSizeF(), font.pointSizeF() * PresentationMode::fontScale);
    QCOMPARE(QApplication::palette().color(QPalette::Window), QColor(Qt::white));
    QCOMPARE(QApplication::palette().color(QPalette::WindowText), QColor(Qt::black));
    QCOMPARE(w.memoryChart()->presentationScale(), PresentationMode::fontScale);
    QCOMPARE(w.ganttChart()->presentationScale(), PresentationMode::fontScale);
    QCOMPARE(w.bandwidthChart()->presentationScale(), PresentationMode::fontScale);
    QCOMPARE(w.topologyEditor()->canvas()->presentationScale(), PresentationMode::fontScale);
    QVERIFY(w.memoryChart()->xAxis->tickLabelFont().pointSizeF() > memoryTicks * 1.5);
    // Only what is discussed stays: no dock is open but the parameters, so none stays.
    QVERIFY(parametersDock(w)->isHidden());
    QVERIFY(bar->isHidden());
    QVERIFY(w.statusBar()->isHidden());
    QCOMPARE(bool(w.windowState() & Qt::WindowFullScreen), fullScreen);

    // Toggled on the way: leaving must not keep it.
    parametersDock(w)->show();
    w.findChild<QAction*>(QStringLiteral("actionPresentationMode"))->trigger();
    QVERIFY(!mode->isActive());
    QCOMPARE(changed.count(), 2);
    QCOMPARE(QApplication::font(), font);
    QCOMPARE(QApplication::palette(), palette);
    QTRY_COMPARE(w.windowState(), state);
    QVERIFY(!parametersDock(w)->isHidden());
    QVERIFY(!bar->isHidden());
    QVERIFY(!w.statusBar()->isHidden());
    QTRY_COMPARE(w.saveState(), layout); // once the window has its size back
    QCOMPARE(w.memoryChart()->presentationScale(), 1.0);
    QCOMPARE(w.memoryChart()->xAxis->tickLabelFont().pointSizeF(), memoryTicks);
    QCOMPARE(w.topologyEditor()->canvas()->presentationScale(), 1.0);
}

void TestPresentation::keepsTheDiscussedDock()
{
    MainWindow w;
    w.show();
    QVERIFY(QTest::qWaitForWindowExposed(&w));
    PresentationMode* mode = w.presentationMode();
    mode->setUsesFullScreen(false);
    QDockWidget* explain = addDock(w, QStringLiteral("explainDock"));
    QCOMPARE(mode->discussedDock(), explain);
    mode->setActive(true);
    QVERIFY(!explain->isHidden());
    QVERIFY(parametersDock(w)->isHidden());
    mode->setActive(false);

    // The lesson wins over the explanation.
    auto* lesson = new FakeLesson;
    QDockWidget* lessonDock = addDock(w, QStringLiteral("lessonDock"), lesson);
    QCOMPARE(mode->discussedDock(), lessonDock);
    mode->setActive(true);
    QVERIFY(!lessonDock->isHidden());
    QVERIFY(explain->isHidden());
    QVERIFY(parametersDock(w)->isHidden());
    mode->setActive(false);
    QVERIFY(!explain->isHidden());
    QVERIFY(!lessonDock->isHidden());
    QVERIFY(!parametersDock(w)->isHidden());

    // A closed lesson is not discussed.
    lessonDock->hide();
    QCOMPARE(mode->discussedDock(), explain);
}

void TestPresentation::keysStepTheLessonAndEscapeLeaves()
{
    MainWindow w;
    w.show();
    QVERIFY(QTest::qWaitForWindowExposed(&w));
    PresentationMode* mode = w.presentationMode();
    mode->setUsesFullScreen(false);
    auto* lesson = new FakeLesson;
    QDockWidget* lessonDock = addDock(w, QStringLiteral("lessonDock"), lesson);
    // Not in presentation mode: the keys are the widgets' own.
    QTest::keyClick(&w, Qt::Key_PageDown);
    QCOMPARE(lesson->step, 0);

    mode->setActive(true);
    QTest::keyClick(&w, Qt::Key_PageDown);
    QCOMPARE(lesson->step, 1);
    QTest::keyClick(&w, Qt::Key_Space);
    QCOMPARE(lesson->step, 2);
    QTest::keyClick(&w, Qt::Key_PageUp);
    QCOMPARE(lesson->step, 1);
    QTest::keyClick(&w, Qt::Key_Backspace);
    QCOMPARE(lesson->step, 0);
    // In a text field Space and Backspace type; PageDown still turns the page.
    auto* edit = new QLineEdit(lesson);
    edit->show();
    edit->setFocus();
    QTest::keyClick(edit, Qt::Key_Space);
    QCOMPARE(lesson->step, 0);
    QCOMPARE(edit->text(), QStringLiteral(" "));
    QTest::keyClick(edit, Qt::Key_PageDown);
    QCOMPARE(lesson->step, 1);
    QVERIFY(mode->stepLesson(true));
    QCOMPARE(lesson->step, 2);

    QTest::keyClick(&w, Qt::Key_Escape);
    QVERIFY(!mode->isActive());
    QVERIFY(!w.findChild<QAction*>(QStringLiteral("actionPresentationMode"))->isChecked());
    QTest::keyClick(&w, Qt::Key_PageDown);
    QCOMPARE(lesson->step, 2);

    // Without a lesson the keys are left alone.
    lessonDock->hide();
    mode->setActive(true);
    QVERIFY(!mode->stepLesson(true));
    QCOMPARE(lesson->step, 2);
    mode->setActive(false);
}

void TestPresentation::chartScaleEnlargesFonts_data()
{
    QTest::addColumn<QString>("chart");
    QTest::newRow("memory") << QStringLiteral("memory");
    QTest::newRow("step timeline") << QStringLiteral("gantt");
    QTest::newRow("bandwidth") << QStringLiteral("bandwidth");
}

void TestPresentation::chartScaleEnlargesFonts()
{
    QFETCH(QString, chart);
    std::unique_ptr<QCustomPlot> plot;
    if (chart == QLatin1String("memory"))
        plot = std::make_unique<MemoryChart>();
    else if (chart == QLatin1String("gantt"))
        plot = std::make_unique<GanttChart>();
    else
        plot = std::make_unique<BandwidthChart>();
    plot->resize(900, 600);
    plot->show();
    QVERIFY(QTest::qWaitForWindowExposed(plot.get()));
    const ChartLook before = lookOf(plot.get());
    QVERIFY(before.tickFont > 0);

    // The small API, called by name as PresentationMode does.
    QVERIFY(QMetaObject::invokeMethod(plot.get(), "setPresentationScale", Q_ARG(double, 1.6)));
    const ChartLook scaled = lookOf(plot.get());
    QCOMPARE(scaled.tickFont, before.tickFont * 1.6);
    QCOMPARE(scaled.labelFont, before.labelFont * 1.6);
    QCOMPARE(scaled.legendFont, before.legendFont * 1.6);
    QVERIFY(scaled.axisPen > before.axisPen);

    // A palette change restyles the axes with their usual pens: the next replot scales them again.
    QPalette dark = plot->palette();
    dark.setColor(QPalette::Base, Qt::black);
    dark.setColor(QPalette::WindowText, Qt::white);
    plot->setPalette(dark);
    plot->replot();
    QCOMPARE(plot->xAxis->basePen().widthF(), scaled.axisPen);
    QCOMPARE(plot->xAxis->basePen().color(), QColor(Qt::white));

    QVERIFY(QMetaObject::invokeMethod(plot.get(), "setPresentationScale", Q_ARG(double, 1.0)));
    plot->replot();
    const ChartLook after = lookOf(plot.get());
    QCOMPARE(after.tickFont, before.tickFont);
    QCOMPARE(after.labelFont, before.labelFont);
    QCOMPARE(after.legendFont, before.legendFont);
    QCOMPARE(after.axisPen, before.axisPen);
}

void TestPresentation::canvasScale()
{
    ScenarioDocument document;
    TopologyEditor editor(&document);
    editor.resize(1000, 700);
    editor.show();
    QVERIFY(QTest::qWaitForWindowExposed(&editor));
    TopologyScene* scene = editor.scene();
    LinkItem* link = scene->linkItem(QStringLiteral("n0.gpu0~n0.nvswitch"));
    QVERIFY(link);
    const QRectF before = link->boundingRect();
    QVERIFY(QMetaObject::invokeMethod(editor.canvas(), "setPresentationScale", Q_ARG(double, 1.6)));
    QCOMPARE(scene->presentationScale(), 1.6);
    QCOMPARE(scene->marker()->scale(), 1.6);
    // The link's margin holds its width, drawn 1.6 times as thick.
    QVERIFY(link->boundingRect().width() > before.width());
    editor.canvas()->setPresentationScale(1);
    QCOMPARE(link->boundingRect(), before);
}

void TestPresentation::modeScalesTabCharts_data()
{
    QTest::addColumn<QString>("chart");
    QTest::newRow("sweep") << QStringLiteral("sweep");
    QTest::newRow("planner scatter") << QStringLiteral("planner");
    QTest::newRow("calibration, preview open before") << QStringLiteral("calibration");
}

void TestPresentation::modeScalesTabCharts()
{
    QFETCH(QString, chart);
    MainWindow w;
    w.resize(1280, 800);
    w.show();
    QVERIFY(QTest::qWaitForWindowExposed(&w));
    QCustomPlot* plot = tabChart(w, chart);
    QVERIFY(plot);
    plot->replot();
    const ChartLook before = lookOf(plot);
    const double yTicks = plot->yAxis->tickLabelFont().pointSizeF();
    const double points = pointSize(plot);
    QVERIFY(before.tickFont > 0);
    QVERIFY(points > 0);

    PresentationMode* mode = w.presentationMode();
    mode->setUsesFullScreen(false);
    mode->setActive(true);
    plot->replot();
    // The factor the mode defines (PresentationMode::fontScale), on the fonts, the lines and the points.
    QCOMPARE(presentationScaleOf(plot), PresentationMode::fontScale);
    const ChartLook scaled = lookOf(plot);
    QCOMPARE(scaled.tickFont, before.tickFont * PresentationMode::fontScale);
    QCOMPARE(plot->yAxis->tickLabelFont().pointSizeF(), yTicks * PresentationMode::fontScale);
    QCOMPARE(scaled.labelFont, before.labelFont * PresentationMode::fontScale);
    QCOMPARE(scaled.legendFont, before.legendFont * PresentationMode::fontScale);
    QVERIFY(scaled.axisPen > before.axisPen);
    QCOMPARE(pointSize(plot), points * PresentationMode::fontScale);

    mode->setActive(false);
    plot->replot();
    QCOMPARE(presentationScaleOf(plot), 1.0);
    const ChartLook after = lookOf(plot);
    QCOMPARE(after.tickFont, before.tickFont);
    QCOMPARE(plot->yAxis->tickLabelFont().pointSizeF(), yTicks);
    QCOMPARE(after.labelFont, before.labelFont);
    QCOMPARE(after.legendFont, before.legendFont);
    QCOMPARE(after.axisPen, before.axisPen);
    QCOMPARE(pointSize(plot), points);
}

void TestPresentation::dialogOpenedWhilePresenting()
{
    MainWindow w;
    w.resize(1280, 800);
    w.show();
    QVERIFY(QTest::qWaitForWindowExposed(&w));
    const double usual = QApplication::font().pointSizeF();
    PresentationMode* mode = w.presentationMode();
    mode->setUsesFullScreen(false);
    mode->setActive(true);
    QCOMPARE(PresentationMode::applicationScale(), PresentationMode::fontScale);

    // The preview is made from the enlarged font and scaled as it shows: the type 1.6 times the usual once,
    // not twice.
    auto* chart = qobject_cast<CalibrationChart*>(tabChart(w, QStringLiteral("calibration")));
    QVERIFY(chart);
    QTRY_VERIFY(w.importPreview()->isVisible());
    chart->replot();
    QCOMPARE(chart->presentationScale(), PresentationMode::fontScale);
    QCOMPARE(chart->xAxis->tickLabelFont().pointSizeF(), usual * PresentationMode::fontScale);
    QCOMPARE(chart->yAxis->labelFont().pointSizeF(), usual * PresentationMode::fontScale);
    QCOMPARE(chart->legend->font().pointSizeF(), usual * PresentationMode::fontScale);
    QVERIFY(chart->xAxis->basePen().widthF() >= PresentationMode::fontScale); // a 1-pixel (or cosmetic) line

    // Leaving, the preview still open: its usual sizes.
    mode->setActive(false);
    QCOMPARE(PresentationMode::applicationScale(), 1.0);
    chart->replot();
    QCOMPARE(chart->presentationScale(), 1.0);
    QCOMPARE(chart->xAxis->tickLabelFont().pointSizeF(), usual);
    QCOMPARE(chart->yAxis->labelFont().pointSizeF(), usual);
    QCOMPARE(chart->legend->font().pointSizeF(), usual);
}

void TestPresentation::sweepAxesAddedWhilePresenting()
{
    MainWindow w;
    w.resize(1280, 800);
    w.show();
    QVERIFY(QTest::qWaitForWindowExposed(&w));
    const double usual = QApplication::font().pointSizeF();
    SweepView* view = w.sweepView();
    view->setMetrics({QStringLiteral("step.time_s")});
    QCustomPlot* plot = tabChart(w, QStringLiteral("sweep"));
    QVERIFY(plot);
    PresentationMode* mode = w.presentationMode();
    mode->setUsesFullScreen(false);
    mode->setActive(true);
    QTRY_COMPARE(plot->font().pointSizeF(), QApplication::font().pointSizeF()); // the font's events are in

    // Four kinds of number, four y axes: two made while presenting, from the enlarged font. Scaled once.
    view->setMetrics({QStringLiteral("step.time_s"), QStringLiteral("step.tokens_per_s"),
                      QStringLiteral("step.mfu"), QStringLiteral("memory.peak_gpu_bytes")});
    view->runNow();
    QTRY_VERIFY_WITH_TIMEOUT(!view->isRunning(), 10000);
    plot->replot();
    const QList<QCPAxis*> axes = plot->axisRect()->axes(QCPAxis::atLeft | QCPAxis::atRight);
    QCOMPARE(axes.size(), 4);
    for (QCPAxis* axis : axes) {
        QCOMPARE(axis->tickLabelFont().pointSizeF(), usual * PresentationMode::fontScale);
        QCOMPARE(axis->labelFont().pointSizeF(), usual * PresentationMode::fontScale);
    }
    mode->setActive(false);
    plot->replot();
    for (QCPAxis* axis : plot->axisRect()->axes(QCPAxis::atLeft | QCPAxis::atRight))
        QCOMPARE(axis->tickLabelFont().pointSizeF(), usual);
}

void TestPresentation::plannerRowsGrow()
{
    MainWindow w;
    w.resize(1280, 800);
    w.show();
    QVERIFY(QTest::qWaitForWindowExposed(&w));
    QTableView* table = w.plannerView()->table();
    const int usual = table->verticalHeader()->defaultSectionSize();
    QVERIFY(usual >= table->fontMetrics().height());
    PresentationMode* mode = w.presentationMode();
    mode->setUsesFullScreen(false);
    mode->setActive(true);
    // Rows as tall as the enlarged type, not cut to the usual height.
    QTRY_VERIFY(table->verticalHeader()->defaultSectionSize() >= QFontMetrics(QApplication::font()).height());
    QVERIFY(table->verticalHeader()->defaultSectionSize() > usual);
    mode->setActive(false);
    QTRY_COMPARE(table->verticalHeader()->defaultSectionSize(), usual);
}

void TestPresentation::styledWidgetsTakeTheFont()
{
    MainWindow w;
    w.resize(1280, 800);
    w.show();
    QVERIFY(QTest::qWaitForWindowExposed(&w));
    // The topology's properties panel has a style sheet (its red frames): the application font's change
    // passes such widgets by unless the mode applies their sheets again.
    auto* hint = w.findChild<QLabel*>(QStringLiteral("propertyHint"));
    QVERIFY(hint);
    const double usual = hint->font().pointSizeF();
    QCOMPARE(usual, QApplication::font().pointSizeF());
    PresentationMode* mode = w.presentationMode();
    mode->setUsesFullScreen(false);
    mode->setActive(true);
    QTRY_COMPARE(hint->font().pointSizeF(), usual * PresentationMode::fontScale);
    mode->setActive(false);
    QTRY_COMPARE(hint->font().pointSizeF(), usual);
}

void TestPresentation::canvasLabelsGrow()
{
    ScenarioDocument document; // the default scenario: one DGX A100 (canvasScale above)
    TopologyEditor editor(&document);
    editor.resize(1000, 700);
    editor.show();
    QVERIFY(QTest::qWaitForWindowExposed(&editor));
    TopologyScene* scene = editor.scene();
    DeviceItem* gpu = scene->deviceItem(QStringLiteral("n0.gpu0"));
    QVERIFY(gpu);
    // 7.5 pt as usual (canvasitems.cpp); a short label such as "GPU 0" fits an 80-unit box at 1.6 times that.
    const QFont before = gpu->labelFont();
    QCOMPARE(before.pointSizeF(), 7.5);
    QCOMPARE(gpu->labelText(), gpu->text());
    std::map<QString, QString> usualTexts;
    for (DeviceItem* device : scene->deviceItems())
        usualTexts[device->id()] = device->labelText();

    editor.canvas()->setPresentationScale(PresentationMode::fontScale);
    QCOMPARE(gpu->labelFont().pointSizeF(), 7.5 * PresentationMode::fontScale);
    QCOMPARE(gpu->labelText(), gpu->text());
    // Every label at least as large as usual and inside its box, a long one ("PCIe switch 0") on two lines.
    for (DeviceItem* device : scene->deviceItems()) {
        const QFont font = device->labelFont();
        QVERIFY2(font.pointSizeF() >= 7.5, qPrintable(device->id()));
        const QFontMetricsF metrics(font);
        for (const QString& line : device->labelText().split(QLatin1Char('\n')))
            QVERIFY2(metrics.horizontalAdvance(line) <= device->size().width() - 6, qPrintable(line));
        QVERIFY(QString(device->labelText()).replace(QLatin1Char('\n'), QLatin1Char(' ')) == device->text() ||
                device->labelText().contains(QChar(0x2026)));
    }

    editor.canvas()->setPresentationScale(1);
    QCOMPARE(gpu->labelFont(), before);
    for (DeviceItem* device : scene->deviceItems())
        QCOMPARE(device->labelText(), usualTexts[device->id()]);
}

void TestPresentation::lessonFiguresFit()
{
    MainWindow w;
    w.resize(1280, 800);
    w.show();
    QVERIFY(QTest::qWaitForWindowExposed(&w));
    LessonPanel* lessons = w.lessonPanel();
    // ZeRO-3 Offload and the PCIe bottleneck: "4. Gen3, no overlap" is its longest step label (lessons.cpp).
    int index = -1;
    for (int i = 0; i < Lessons::count(); ++i)
        if (QLatin1String(Lessons::at(i)->id) == QLatin1String("zero3-offload-pcie"))
            index = i;
    QVERIFY(lessons->openLesson(index));
    QVERIFY(lessons->goToStep(1));
    PresentationMode* mode = w.presentationMode();
    mode->setUsesFullScreen(false);
    mode->setActive(true);
    auto* table = w.findChild<QTableWidget*>(QStringLiteral("lessonFigures"));
    QVERIFY(table);
    QTRY_VERIFY(table->isVisible());
    // The application font reaches the widgets by events.
    QTRY_COMPARE(table->font().pointSizeF(), QApplication::font().pointSizeF());
    // The step labels (the first column) whole, each line of them within the header and its row; no figure
    // elided. What does not fit yet, once the docks have their places in the larger type:
    const auto misfit = [table]() -> QString {
        QHeaderView* rows = table->verticalHeader();
        for (int r = 0; r < table->rowCount(); ++r) {
            const QTableWidgetItem* header = table->verticalHeaderItem(r);
            if (!header)
                return QStringLiteral("no header");
            // Measured in the type it is drawn in, the enlarged one.
            if (header->font().pointSizeF() != table->font().pointSizeF())
                return QStringLiteral("%1 in %2 pt").arg(header->text()).arg(header->font().pointSizeF());
            const QFontMetrics metrics(header->font().resolve(table->font()));
            const QStringList lines = header->text().split(QLatin1Char('\n'));
            for (const QString& line : lines)
                if (metrics.horizontalAdvance(line) >= rows->width())
                    return line;
            if (rows->sectionSize(r) < metrics.height() * lines.size())
                return header->text();
            for (int c = 0; c < table->columnCount(); ++c) {
                const QTableWidgetItem* item = table->item(r, c);
                if (!item)
                    return QStringLiteral("no figure");
                if (QFontMetrics(item->font().resolve(table->font())).horizontalAdvance(item->text()) >=
                    table->columnWidth(c))
                    return item->text();
            }
        }
        return {};
    };
    QTRY_COMPARE(misfit(), QString());
    mode->setActive(false);
}

void TestPresentation::ganttCursorSweepsTheStep()
{
    GanttChart chart;
    chart.resize(1000, 600);
    chart.show();
    QVERIFY(QTest::qWaitForWindowExposed(&chart));
    test::SyntheticStep spec;
    const Result result = test::syntheticResult(spec);
    chart.resetData(result);
    chart.replot();
    GanttCursor* cursor = chart.timeCursor();
    QVERIFY(cursor);
    QVERIFY(!cursor->isShown());
    const double stepTime = chart.ganttLayout().stepTime;
    QVERIFY(stepTime > 0);

    cursor->setDuration(400);
    QSignalSpy finished(cursor, &GanttCursor::finished);
    QSignalSpy moved(cursor, &GanttCursor::timeChanged);
    auto* play = chart.findChild<QToolButton*>(QStringLiteral("ganttPlay"));
    QVERIFY(play && play->isVisible());
    QTest::mouseClick(play, Qt::LeftButton);
    QVERIFY(cursor->isPlaying());
    QVERIFY(cursor->isShown());
    QVERIFY(finished.wait(5000));
    QCOMPARE(finished.count(), 1);
    QVERIFY(!cursor->isPlaying());
    QCOMPARE(cursor->time(), stepTime);
    QVERIFY(moved.count() >= 3); // it swept, not jumped
    const double last = cursor->time();
    QTest::qWait(100);
    QCOMPARE(cursor->time(), last); // and stopped there

    // What each stage does at an instant. At 0 the first stage runs its first forward while the last one
    // waits for it (1F1B: Narayanan et al., SC'21, §2.2).
    cursor->setTime(0);
    const QStringList lines = cursor->activity();
    QCOMPARE(lines.size(), int(chart.ganttLayout().lanes.size()));
    QVERIFY(cursor->laneActivity(0, 0).contains(GanttChart::kindName(GanttKind::Forward)));
    QVERIFY(cursor->laneActivity(spec.stages - 1, 0).contains(GanttCursor::tr("idle")));

    // Play again from the end starts over; pause stops it.
    QTest::mouseClick(play, Qt::LeftButton);
    QVERIFY(cursor->isPlaying());
    QTRY_VERIFY(cursor->time() > 0);
    cursor->pause();
    const double paused = cursor->time();
    QTest::qWait(100);
    QCOMPARE(cursor->time(), paused);
    auto* hide = chart.findChild<QToolButton*>(QStringLiteral("ganttCursorHide"));
    QVERIFY(hide && hide->isVisible());
    QTest::mouseClick(hide, Qt::LeftButton);
    QVERIFY(!cursor->isShown());
}

void TestPresentation::ganttCursorIsDraggable()
{
    GanttChart chart;
    chart.resize(1000, 600);
    chart.show();
    QVERIFY(QTest::qWaitForWindowExposed(&chart));
    chart.resetData(test::syntheticResult(test::SyntheticStep{}));
    chart.replot();
    GanttCursor* cursor = chart.timeCursor();
    const double stepTime = chart.ganttLayout().stepTime;
    cursor->setTime(stepTime / 4);
    const QRect rect = chart.axisRect()->rect();
    const int y = rect.center().y();
    const int x = int(std::lround(chart.xAxis->coordToPixel(stepTime / 4)));
    QTest::mousePress(&chart, Qt::LeftButton, {}, QPoint(x, y));
    const int to = int(std::lround(chart.xAxis->coordToPixel(stepTime / 2)));
    QMouseEvent move(QEvent::MouseMove, QPointF(to, y), chart.mapToGlobal(QPointF(to, y)), Qt::NoButton,
                     Qt::LeftButton, Qt::NoModifier);
    QApplication::sendEvent(&chart, &move);
    QTest::mouseRelease(&chart, Qt::LeftButton, {}, QPoint(to, y));
    QVERIFY(std::abs(cursor->time() - stepTime / 2) < stepTime / 50);
    // The view did not pan: the drag was the cursor's.
    QCOMPARE(chart.visibleRange(), chart.fullRange());
    // A click on the time axis puts the cursor there.
    const int axisX = int(std::lround(chart.xAxis->coordToPixel(stepTime * 0.75)));
    QTest::mouseClick(&chart, Qt::LeftButton, {}, QPoint(axisX, rect.bottom() + 8));
    QVERIFY(std::abs(cursor->time() - stepTime * 0.75) < stepTime / 50);
}

QTEST_MAIN(TestPresentation)
#include "tst_presentation.moc"
