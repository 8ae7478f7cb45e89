// SPDX-License-Identifier: GPL-3.0-or-later
// The Sweep tab: it builds in the window, draws one point per value, rings the points that do not fit,
// marks the current value, leaves invalid points out with a note, and follows the document's edits.
#include "mainwindow.h"
#include "scenariodocument.h"
#include "sweepchart.h"
#include "sweepview.h"

#include <QComboBox>
#include <QSignalSpy>
#include <QTabWidget>
#include <QtTest>

#include <cmath>

using namespace ss;

class TestSweepView : public QObject
{
    Q_OBJECT

private slots:
    void tabBuilds()
    {
        MainWindow window;
        QTabWidget* tabs = window.viewTabs();
        SweepView* view = window.findChild<SweepView*>(QStringLiteral("sweepView"));
        QVERIFY(view);
        QCOMPARE(tabs->tabText(tabs->indexOf(view)), QStringLiteral("Sweep"));
        QVERIFY(view->findChild<QComboBox*>(QStringLiteral("sweepParam")));
        QCOMPARE(view->parameter(), QStringLiteral("training.micro_batch"));
    }

    // The default scenario at micro batch 4: 1, 2, 4, 8, 16; 8 and 16 need more than 80 GiB (the engine test
    // tst_sweep checks the numbers).
    void drawsPoints()
    {
        MainWindow window;
        SweepView* view = window.sweepView();
        view->setRange(1, 16, 5, true);
        view->runNow();
        QSignalSpy spy(view, &SweepView::sweepFinished);
        if (view->isRunning())
            QVERIFY(spy.wait(20000));
        SweepChart* chart = view->chart();
        QCOMPARE(chart->validPoints(), 5);
        QCOMPARE(chart->invalidPoints(), 0);
        QCOMPARE(chart->metricGraph(0)->dataCount(), 5);
        QCOMPARE(chart->unfitPoints(), 2);
        QCOMPARE(chart->unfitGraph(0)->dataCount(), 2);
        QVERIFY(chart->currentLine());
        QCOMPARE(chart->currentValue(), 4.0);
        QCOMPARE(chart->currentLine()->point1->coords().x(), 4.0);
        QCOMPARE(chart->xAxis->scaleType(), QCPAxis::stLogarithmic);
        // Step time and peak memory: two y axes, seconds on the left, bytes on the right.
        QVERIFY(chart->metricAxis(0) != chart->metricAxis(1));
        QVERIFY(chart->note().isEmpty());
    }

    // Invalid values are left out with a note; the tooltip of such a value says why.
    void invalidPointsNoted()
    {
        MainWindow window;
        SweepView* view = window.sweepView();
        QVERIFY(view->setParameter(QStringLiteral("cluster.gpus")));
        view->setRange(8, 12, 2, false);
        view->runNow();
        QSignalSpy spy(view, &SweepView::sweepFinished);
        if (view->isRunning())
            QVERIFY(spy.wait(20000));
        SweepChart* chart = view->chart();
        QCOMPARE(chart->validPoints(), 1);
        QCOMPARE(chart->invalidPoints(), 1);
        QVERIFY2(chart->note().contains(QLatin1String("1 of 2")), qPrintable(chart->note()));
        chart->resize(800, 500);
        chart->replot();
        const double x = chart->xAxis->coordToPixel(12);
        const double y = chart->axisRect()->center().y();
        QVERIFY2(chart->toolTipAt(QPointF(x, y)).contains(QLatin1String("whole number of nodes")),
                 qPrintable(chart->toolTipAt(QPointF(x, y))));
    }

    // An edit of the scenario reruns the sweep (debounced) and moves the current-value line.
    void followsTheDocument()
    {
        MainWindow window;
        window.viewTabs()->setCurrentWidget(window.sweepView());
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        SweepView* view = window.sweepView();
        QSignalSpy spy(view, &SweepView::sweepFinished);
        QVERIFY(window.document()
                    ->setField(QStringLiteral("training.micro_batch"), FieldValue{2, false, {}})
                    .isEmpty());
        QVERIFY(spy.wait(20000));
        while (view->isRunning())
            QVERIFY(spy.wait(20000));
        QCOMPARE(view->chart()->currentValue(), 2.0);
        QVERIFY(view->chart()->currentLine());
    }
};

QTEST_MAIN(TestSweepView)
#include "tst_sweepview.moc"
