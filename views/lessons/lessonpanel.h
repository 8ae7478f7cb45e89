// SPDX-License-Identifier: GPL-3.0-or-later
// The lesson dock: the open lesson's title, "Step n of N", the step's text, a table of the figures
// the lesson is about for every step seen so far, and Previous / Next / Apply This Step / Restart Lesson.
// Next and Previous go to the neighbouring step and apply it: its fields are set through the document as
// one undo step ("Lesson 1, step 2"), so Edit > Undo goes back, and the panel follows the undo.
// Keyboard: Ctrl+Right / Ctrl+Left anywhere, PageDown / PageUp unless the focus is in an editor that uses
// them (a spin box, a list). Presentation mode finds this widget in the dock named "lessonDock" and calls
// nextStep() / previousStep() by name.
#pragma once

#include "lessons.h"

#include <QWidget>

#include <map>
#include <vector>

class QAction;
class QDockWidget;
class QLabel;
class QMainWindow;
class QMenu;
class QPushButton;
class QTabWidget;
class QTableWidget;

namespace ss {

class ScenarioDocument;

class LessonPanel : public QWidget
{
    Q_OBJECT
public:
    // TABS: the window's view tabs, whose pages a step shows by their object names.
    explicit LessonPanel(ScenarioDocument* document, QTabWidget* tabs, QWidget* parent = nullptr);

    // The dock holding this panel (object name "lessonDock"), hidden until a lesson opens.
    QDockWidget* createDock(QMainWindow* window);
    QDockWidget* dock() const { return m_dock; }
    // Fills MENU (File > Examples > Lessons) with one entry per lesson and the step actions.
    void populateMenu(QMenu* menu);
    QAction* nextAction() const { return m_nextAction; }
    QAction* previousAction() const { return m_previousAction; }

    // -1 while no lesson is open.
    int lessonIndex() const { return m_lesson; }
    // 0-based.
    int stepIndex() const { return m_step; }
    int stepCount() const;
    // Whether the document holds the open lesson's scenario (false after opening another file).
    bool isAttached() const;
    // The figure of STEP as seen the last time that step was on show; NaN when not seen yet.
    double figure(int step, LessonFigure figure) const;

    // Replaces the scenario with lesson INDEX's (0-based) as one undo step, shows the dock, goes to step 1.
    bool openLesson(int index);
    // Sets step STEP's fields (0-based) as one undo step and shows its tab; false when out of range.
    bool goToStep(int step);

    // Presentation mode, which finds this by name: the open lesson's dock SCALE times wider, as its
    // type is, so the figures keep their room (within a third of the window: the views keep the rest).
    // Leaving, the mode restores the docks.
    Q_INVOKABLE void setPresentationScale(double scale);

public slots:
    void nextStep();
    void previousStep();
    // Sets the current step's fields again, after the user's own changes.
    void applyStep();
    // Opens the lesson's scenario again, at step 1.
    void restartLesson();

signals:
    void stepChanged(int lesson, int step);

protected:
    void changeEvent(QEvent* event) override;
    bool eventFilter(QObject* watched, QEvent* event) override;

private:
    void retranslate();
    void updateView();
    void updateFigures();
    void fitFigureLabels();
    void followDocument();
    void recordFigures();
    void showTab(int step);
    void showDock();
    LessonState state(int step) const;

    ScenarioDocument* m_document;
    QTabWidget* m_tabs;
    QMainWindow* m_window = nullptr;
    QDockWidget* m_dock = nullptr;
    bool m_placed = false; // the dock was given its place once; later the user's place stands
    QMenu* m_menu = nullptr;
    std::vector<QAction*> m_lessonActions;
    QAction* m_nextAction;
    QAction* m_previousAction;
    QLabel* m_title;
    QLabel* m_progress;
    QLabel* m_text;
    QTableWidget* m_table;
    QStringList m_rowLabels;    // the figures' row and column labels on one line each, before
    QStringList m_columnLabels; // fitFigureLabels() breaks them
    QLabel* m_note;
    QPushButton* m_previous;
    QPushButton* m_next;
    QPushButton* m_apply;
    QPushButton* m_restart;

    int m_lesson = -1;
    int m_step = 0;
    Scenario m_base;                              // the lesson's scenario as loaded
    std::map<int, std::vector<double>> m_figures; // step -> the lesson's figures, as last seen
};

} // namespace ss
