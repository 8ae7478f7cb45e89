// SPDX-License-Identifier: GPL-3.0-or-later
#include "lessonpanel.h"

#include "scenariodocument.h"
#include "unitformat.h"

#include <QAbstractItemView>
#include <QAbstractSlider>
#include <QAbstractSpinBox>
#include <QAction>
#include <QApplication>
#include <QComboBox>
#include <QDockWidget>
#include <QEvent>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QKeyEvent>
#include <QLabel>
#include <QLineEdit>
#include <QMainWindow>
#include <QMenu>
#include <QMessageBox>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QResizeEvent>
#include <QStyle>
#include <QTabWidget>
#include <QTableWidget>
#include <QTextEdit>
#include <QUndoStack>
#include <QUrl>
#include <QVBoxLayout>

#include <algorithm>
#include <climits>
#include <cmath>

namespace ss {

namespace {

// Widgets that use PageUp/PageDown themselves; there the keys are left to them rather than stepping the
// lesson.
bool usesPageKeys(const QWidget* widget)
{
    return qobject_cast<const QAbstractSpinBox*>(widget) || qobject_cast<const QComboBox*>(widget) ||
           qobject_cast<const QLineEdit*>(widget) || qobject_cast<const QTextEdit*>(widget) ||
           qobject_cast<const QPlainTextEdit*>(widget) || qobject_cast<const QAbstractItemView*>(widget) ||
           qobject_cast<const QAbstractSlider*>(widget);
}

const QLatin1String lessonScheme("lesson");

} // namespace

LessonPanel::LessonPanel(ScenarioDocument* document, QTabWidget* tabs, QWidget* parent)
    : QWidget(parent), m_document(document), m_tabs(tabs), m_nextAction(new QAction(this)),
      m_previousAction(new QAction(this)), m_title(new QLabel(this)), m_progress(new QLabel(this)),
      m_text(new QLabel(this)), m_table(new QTableWidget(this)), m_note(new QLabel(this)),
      m_previous(new QPushButton(this)), m_next(new QPushButton(this)), m_apply(new QPushButton(this)),
      m_restart(new QPushButton(this))
{
    setObjectName(QStringLiteral("lessonPanel"));
    m_title->setObjectName(QStringLiteral("lessonTitle"));
    m_title->setWordWrap(true);
    QFont titleFont = m_title->font();
    titleFont.setBold(true);
    titleFont.setPointSizeF(titleFont.pointSizeF() * 1.15);
    m_title->setFont(titleFont);
    m_progress->setObjectName(QStringLiteral("lessonProgress"));

    // The text is for reading at arm's length, on a projector too: a size up from the window's. A label, so
    // that it is as tall as its words and the figures follow right under it.
    m_text->setObjectName(QStringLiteral("lessonText"));
    QFont textFont = m_text->font();
    textFont.setPointSizeF(textFont.pointSizeF() * 1.1);
    m_text->setFont(textFont);
    m_text->setWordWrap(true);
    m_text->setTextFormat(Qt::RichText);
    m_text->setAlignment(Qt::AlignLeft | Qt::AlignTop);
    m_text->setTextInteractionFlags(Qt::TextSelectableByMouse | Qt::LinksAccessibleByMouse);
    connect(m_text, &QLabel::linkActivated, this, [this](const QString& link) {
        const QUrl url(link);
        if (url.scheme() == lessonScheme)
            openLesson(url.path().toInt() - 1);
    });

    m_table->setObjectName(QStringLiteral("lessonFigures"));
    m_table->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_table->setSelectionMode(QAbstractItemView::NoSelection);
    m_table->setFocusPolicy(Qt::NoFocus);
    m_table->setWordWrap(false);
    m_table->verticalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
    // The figures share the width; a value too wide for a narrow dock is elided rather than scrolled to.
    m_table->horizontalHeader()->setSectionResizeMode(QHeaderView::Stretch);
    m_table->horizontalHeader()->setTextElideMode(Qt::ElideRight);
    m_table->setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    m_table->setVerticalScrollBarPolicy(
        Qt::ScrollBarAsNeeded); // a short dock scrolls the steps, never clips them
    // As tall as its rows, no taller: the text takes the rest.
    m_table->setSizeAdjustPolicy(QAbstractScrollArea::AdjustToContents);
    // Its width never widens the dock; a narrow dock scrolls it instead.
    m_table->setSizePolicy(QSizePolicy::Ignored, QSizePolicy::Maximum);

    m_note->setObjectName(QStringLiteral("lessonNote"));
    m_note->setWordWrap(true);
    m_note->setVisible(false);

    m_previous->setObjectName(QStringLiteral("lessonPrevious"));
    m_previous->setIcon(style()->standardIcon(QStyle::SP_ArrowBack));
    m_next->setObjectName(QStringLiteral("lessonNext"));
    m_next->setIcon(style()->standardIcon(QStyle::SP_ArrowForward));
    m_apply->setObjectName(QStringLiteral("lessonApply"));
    m_restart->setObjectName(QStringLiteral("lessonRestart"));
    for (QPushButton* button : {m_previous, m_next, m_apply, m_restart})
        button->setFocusPolicy(Qt::TabFocus);
    connect(m_previous, &QPushButton::clicked, this, &LessonPanel::previousStep);
    connect(m_next, &QPushButton::clicked, this, &LessonPanel::nextStep);
    connect(m_apply, &QPushButton::clicked, this, &LessonPanel::applyStep);
    connect(m_restart, &QPushButton::clicked, this, &LessonPanel::restartLesson);

    // Ctrl+Right/Left: a line edit or spin box with the focus claims them for word moves (ShortcutOverride),
    // so they never steal the arrows from an editor. PageDown/PageUp are left to editors by eventFilter().
    m_nextAction->setObjectName(QStringLiteral("actionNextLessonStep"));
    m_nextAction->setShortcuts({QKeySequence(Qt::CTRL | Qt::Key_Right), QKeySequence(Qt::Key_PageDown)});
    m_previousAction->setObjectName(QStringLiteral("actionPreviousLessonStep"));
    m_previousAction->setShortcuts({QKeySequence(Qt::CTRL | Qt::Key_Left), QKeySequence(Qt::Key_PageUp)});
    connect(m_nextAction, &QAction::triggered, this, &LessonPanel::nextStep);
    connect(m_previousAction, &QAction::triggered, this, &LessonPanel::previousStep);
    qApp->installEventFilter(this);

    auto* buttons = new QHBoxLayout;
    buttons->setContentsMargins(0, 0, 0, 0);
    buttons->addWidget(m_previous);
    buttons->addWidget(m_next);
    buttons->addStretch(1);
    auto* more = new QHBoxLayout;
    more->setContentsMargins(0, 0, 0, 0);
    more->addWidget(m_apply);
    more->addWidget(m_restart);
    more->addStretch(1);
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(8, 6, 8, 8);
    layout->setSpacing(6);
    layout->addWidget(m_title);
    layout->addWidget(m_progress);
    layout->addWidget(m_text);
    layout->addWidget(m_note);
    layout->addWidget(m_table);
    layout->addLayout(buttons);
    layout->addLayout(more);
    layout->addStretch(1);

    connect(m_document, &ScenarioDocument::scenarioChanged, this, &LessonPanel::followDocument);
    connect(m_document, &ScenarioDocument::resultChanged, this, &LessonPanel::recordFigures);
    retranslate();
}

QDockWidget* LessonPanel::createDock(QMainWindow* window)
{
    if (m_dock)
        return m_dock;
    m_window = window;
    m_dock = new QDockWidget(window);
    m_dock->setObjectName(QStringLiteral("lessonDock"));
    m_dock->setWidget(this);
    m_dock->setFeatures(QDockWidget::DockWidgetMovable | QDockWidget::DockWidgetFloatable |
                        QDockWidget::DockWidgetClosable);
    m_dock->setMinimumWidth(260);
    window->addDockWidget(Qt::RightDockWidgetArea, m_dock);
    m_dock->hide();
    retranslate();
    return m_dock;
}

void LessonPanel::populateMenu(QMenu* menu)
{
    m_menu = menu;
    menu->setObjectName(QStringLiteral("menuLessons"));
    for (int i = 0; i < Lessons::count(); ++i) {
        QAction* action = menu->addAction(QString());
        action->setObjectName(QStringLiteral("lesson.") + QLatin1String(Lessons::at(i)->id));
        connect(action, &QAction::triggered, this, [this, i] { openLesson(i); });
        m_lessonActions.push_back(action);
    }
    menu->addSeparator();
    menu->addAction(m_nextAction);
    menu->addAction(m_previousAction);
    // The shortcuts work while the menu bar is hidden too (presentation mode).
    if (QWidget* window = menu->window())
        window->addActions({m_nextAction, m_previousAction});
    retranslate();
}

int LessonPanel::stepCount() const
{
    const Lesson* lesson = Lessons::at(m_lesson);
    return lesson ? int(lesson->steps.size()) : 0;
}

bool LessonPanel::isAttached() const
{
    // The lesson's scenario keeps its name through the steps; another file or example brings its own.
    return m_lesson >= 0 && m_document->scenario().name == m_base.name;
}

double LessonPanel::figure(int step, LessonFigure figure) const
{
    const Lesson* lesson = Lessons::at(m_lesson);
    const auto seen = m_figures.find(step);
    if (!lesson || seen == m_figures.end())
        return std::nan("");
    for (std::size_t i = 0; i < lesson->figures.size(); ++i)
        if (lesson->figures[i] == figure)
            return seen->second[i];
    return std::nan("");
}

bool LessonPanel::openLesson(int index)
{
    const Lesson* lesson = Lessons::at(index);
    if (!lesson)
        return false;
    Scenario scenario;
    QString error;
    if (!Lessons::loadScenario(*lesson, scenario, &error)) {
        // Only a broken build gets here (the scenarios are compiled in and tested); say so rather than fail
        // silently.
        QMessageBox::warning(this, tr("Lesson"), error);
        return false;
    }
    m_lesson = index;
    m_step = 0;
    m_base = scenario;
    m_figures.clear();
    // Like an example: one undo step, and a fresh scenario with nothing to save.
    m_document->replaceScenario(scenario, tr("Open lesson %1").arg(index + 1));
    m_document->undoStack()->setClean();
    showDock();
    showTab(0);
    updateView();
    recordFigures(); // a result already current (the same scenario opened again) counts for step 1
    emit stepChanged(m_lesson, m_step);
    return true;
}

bool LessonPanel::goToStep(int step)
{
    if (m_lesson < 0 || step < 0 || step >= stepCount())
        return false;
    if (!isAttached()) {
        // Another scenario is open: the lesson's steps would not make sense on it.
        updateView();
        return false;
    }
    Scenario after = m_document->scenario();
    QString error;
    if (!Lessons::apply(state(step), after, &error)) {
        QMessageBox::warning(this, tr("Lesson"), error);
        return false;
    }
    // The step is set first, so that the document's change signal finds the panel already there.
    m_step = step;
    m_document->replaceScenario(after, tr("Lesson %1, step %2").arg(m_lesson + 1).arg(step + 1),
                                m_document->fileName());
    showTab(step);
    updateView();
    recordFigures();
    emit stepChanged(m_lesson, m_step);
    return true;
}

void LessonPanel::showDock()
{
    if (!m_dock || !m_window)
        return;
    const bool place = m_dock->isHidden() && !m_placed;
    // A narrow window has no room for a third column: the lesson shares the parameters' column, in front.
    QDockWidget* parameters = m_window->findChild<QDockWidget*>(QStringLiteral("parametersDock"));
    const bool tabbed = place && m_window->width() < 1400 && parameters && !parameters->isHidden() &&
                        !parameters->isFloating();
    // Shown before it is tabified: a hidden dock added to the tab group stays behind the parameters.
    const int width = m_window->width();
    m_dock->show();
    if (tabbed) {
        m_window->tabifyDockWidget(parameters, m_dock);
        // Shown, it stood for a moment in its own column on the right, and the window widened for it: the
        // width it had comes back now that the lesson shares the parameters' column.
        if (m_window->width() > width && !m_window->isMaximized() && !m_window->isFullScreen())
            m_window->resize(std::max(width, m_window->minimumSizeHint().width()), m_window->height());
    }
    m_dock->raise();
    if (place && !tabbed)
        m_window->resizeDocks({m_dock}, {std::clamp(m_window->width() / 4, 300, 480)}, Qt::Horizontal);
    m_placed = m_placed || place;
}

void LessonPanel::setPresentationScale(double scale)
{
    if (!(scale > 1) || !m_dock || !m_window || m_dock->isHidden() || m_dock->isFloating())
        return;
    const int wanted = std::min(int(m_dock->width() * scale), m_window->width() / 3);
    if (wanted > m_dock->width())
        m_window->resizeDocks({m_dock}, {wanted}, Qt::Horizontal);
}

void LessonPanel::nextStep()
{
    if (m_lesson >= 0 && m_step + 1 < stepCount())
        goToStep(m_step + 1);
}

void LessonPanel::previousStep()
{
    if (m_lesson >= 0 && m_step > 0)
        goToStep(m_step - 1);
}

void LessonPanel::applyStep()
{
    goToStep(m_step);
}

void LessonPanel::restartLesson()
{
    if (m_lesson >= 0)
        openLesson(m_lesson);
}

void LessonPanel::changeEvent(QEvent* event)
{
    QWidget::changeEvent(event);
    if (event->type() == QEvent::LanguageChange)
        retranslate();
}

bool LessonPanel::eventFilter(QObject* watched, QEvent* event)
{
    // PageDown/PageUp step the lesson unless the focus is in a widget that uses them: accepting the
    // ShortcutOverride hands the key to that widget instead of to the step actions.
    if (event->type() == QEvent::ShortcutOverride && m_lesson >= 0) {
        auto* key = static_cast<QKeyEvent*>(event);
        if ((key->key() == Qt::Key_PageDown || key->key() == Qt::Key_PageUp) &&
            key->modifiers() == Qt::NoModifier && usesPageKeys(QApplication::focusWidget())) {
            event->accept();
            return true;
        }
    }
    // The dock's width decides where the figures' labels break.
    if (watched == m_table && event->type() == QEvent::Resize &&
        static_cast<QResizeEvent*>(event)->oldSize().width() != m_table->width())
        fitFigureLabels();
    // The figures' items hold fonts of the size they were made in: presentation mode's larger type
    // needs them made again, or the row labels are measured small and drawn large, and cut. The table's own
    // event: its font is the new one by then, which its parent's may not see yet.
    if (watched == m_table && event->type() == QEvent::FontChange)
        updateFigures();
    return QWidget::eventFilter(watched, event);
}

void LessonPanel::retranslate()
{
    if (m_dock)
        m_dock->setWindowTitle(tr("Lesson"));
    if (m_menu)
        m_menu->setTitle(tr("&Lessons"));
    for (std::size_t i = 0; i < m_lessonActions.size(); ++i)
        m_lessonActions[i]->setText(Lessons::numberedTitle(int(i)));
    m_nextAction->setText(tr("Next Lesson Step"));
    m_nextAction->setStatusTip(tr("Go to the lesson's next step and apply it"));
    m_previousAction->setText(tr("Previous Lesson Step"));
    m_previousAction->setStatusTip(tr("Go back to the lesson's previous step and apply it"));
    m_previous->setText(tr("Previous"));
    m_previous->setToolTip(tr("Go back to the previous step and apply it (Ctrl+Left, Page Up)"));
    m_next->setText(tr("Next"));
    m_next->setToolTip(tr("Go to the next step and apply it (Ctrl+Right, Page Down)"));
    m_apply->setText(tr("Apply This Step"));
    m_apply->setToolTip(tr("Set this step's values again, after changes of your own"));
    m_restart->setText(tr("Restart Lesson"));
    m_restart->setToolTip(tr("Open the lesson's scenario again, at step 1"));
    updateView();
}

void LessonPanel::updateView()
{
    const Lesson* lesson = Lessons::at(m_lesson);
    if (!lesson) {
        m_title->setText(tr("Lessons"));
        m_progress->clear();
        QString html = QStringLiteral("<p>%1</p><ol>")
                           .arg(tr("Each lesson opens a scenario and walks through a few "
                                   "changes to it, one step at a time. Choose one:"));
        for (int i = 0; i < Lessons::count(); ++i)
            html += QStringLiteral("<li><a href=\"lesson:%1\">%2</a></li>")
                        .arg(i + 1)
                        .arg(Lessons::title(*Lessons::at(i)).toHtmlEscaped());
        m_text->setText(html + QStringLiteral("</ol>"));
        m_note->setVisible(false);
        m_table->setVisible(false);
        for (QPushButton* button : {m_previous, m_next, m_apply, m_restart})
            button->setEnabled(false);
        m_nextAction->setEnabled(false);
        m_previousAction->setEnabled(false);
        return;
    }
    const int steps = stepCount();
    const LessonStep& step = lesson->steps[std::size_t(m_step)];
    m_title->setText(Lessons::numberedTitle(m_lesson));
    m_progress->setText(tr("Step %1 of %2: %3").arg(m_step + 1).arg(steps).arg(Lessons::stepLabel(step)));
    m_text->setText(Lessons::stepText(step));

    const bool attached = isAttached();
    const bool atStep = attached && Lessons::matches(state(m_step), m_document->scenario());
    m_note->setVisible(!atStep);
    m_note->setText(!attached
                        ? tr("Another scenario is open. Restart the lesson to continue it.")
                        : tr("You have changed values this step sets; Apply This Step sets them again."));
    m_previous->setEnabled(attached && m_step > 0);
    m_next->setEnabled(attached && m_step + 1 < steps);
    m_apply->setEnabled(attached && !atStep);
    m_restart->setEnabled(true);
    m_nextAction->setEnabled(m_next->isEnabled());
    m_previousAction->setEnabled(m_previous->isEnabled());
    m_table->setVisible(true);
    updateFigures();
}

void LessonPanel::updateFigures()
{
    const Lesson* lesson = Lessons::at(m_lesson);
    if (!lesson)
        return;
    const int steps = stepCount();
    const int columns = int(lesson->figures.size());
    m_table->setRowCount(steps);
    m_table->setColumnCount(columns);
    QStringList headers;
    for (LessonFigure figure : lesson->figures)
        headers << Lessons::figureName(figure);
    m_table->setHorizontalHeaderLabels(headers);
    QStringList rows;
    for (int s = 0; s < steps; ++s)
        rows << tr("%1. %2").arg(s + 1).arg(Lessons::stepLabel(lesson->steps[std::size_t(s)]));
    m_table->setVerticalHeaderLabels(rows);
    m_rowLabels = rows;
    m_columnLabels = headers;
    QFont bold = m_table->font();
    bold.setBold(true);
    for (int s = 0; s < steps; ++s) {
        const auto seen = m_figures.find(s);
        for (int c = 0; c < columns; ++c) {
            const double value = seen == m_figures.end() ? std::nan("") : seen->second[std::size_t(c)];
            const LessonFigure figure = lesson->figures[std::size_t(c)];
            auto* item = new QTableWidgetItem(
                std::isnan(value) ? QStringLiteral("–") : quantityText(value, Lessons::figureUnit(figure)));
            item->setTextAlignment(Qt::AlignRight | Qt::AlignVCenter);
            // The step on show stands out; the others are there to compare with.
            if (s == m_step)
                item->setFont(bold);
            m_table->setItem(s, c, item);
        }
    }
    for (int s = 0; s < steps; ++s)
        if (QTableWidgetItem* header = m_table->verticalHeaderItem(s))
            header->setFont(s == m_step ? bold : m_table->font());
    fitFigureLabels();
}

namespace {

bool isCjkPunctuation(QChar c)
{
    return (c.unicode() >= 0x3000 && c.unicode() <= 0x303F) ||
           (c.unicode() >= 0xFF00 && c.unicode() <= 0xFF65);
}

// TEXT on two lines, broken where it halves it best: at a space, or between Chinese characters (which need
// no space), never before a Chinese comma; TEXT itself when it cannot be broken.
QString twoLines(const QString& text, const QFontMetrics& metrics)
{
    int best = INT_MAX;
    int cut = -1;  // the first line's end
    int next = -1; // the second line's start
    for (int i = 1; i < text.size(); ++i) {
        const QChar before = text.at(i - 1);
        const QChar here = text.at(i);
        int end = -1;
        if (here == QLatin1Char(' '))
            end = i; // the space goes
        else if (!isCjkPunctuation(here) && before != QLatin1Char(' ') &&
                 (here.script() == QChar::Script_Han || before.script() == QChar::Script_Han ||
                  isCjkPunctuation(before)))
            end = i;
        if (end < 0)
            continue;
        const int start = here == QLatin1Char(' ') ? i + 1 : i;
        const int longer =
            std::max(metrics.horizontalAdvance(text.left(end)), metrics.horizontalAdvance(text.mid(start)));
        if (longer < best) {
            best = longer;
            cut = end;
            next = start;
        }
    }
    return cut > 0 && next < text.size() ? text.left(cut) + QLatin1Char('\n') + text.mid(next) : text;
}

int widestLine(const QString& text, const QFontMetrics& metrics)
{
    int widest = 0;
    for (const QString& line : text.split(QLatin1Char('\n')))
        widest = std::max(widest, metrics.horizontalAdvance(line));
    return widest;
}

} // namespace

// The step labels (the first column) and the figure names go on two lines where, on one, they would leave
// the figures too little room and elide them: in a narrow dock, or in presentation mode's larger type.
void LessonPanel::fitFigureLabels()
{
    const int rows = m_table->rowCount();
    const int columns = m_table->columnCount();
    if (columns == 0 || m_rowLabels.size() != rows || m_columnLabels.size() != columns)
        return;
    QFont boldFont = m_table->font();
    boldFont.setBold(true);
    const QFontMetrics bold(boldFont); // the step on show is bold: the widest case
    const QFontMetrics head(m_table->horizontalHeader()->font());
    const int headerPad = 2 * style()->pixelMetric(QStyle::PM_HeaderMargin, nullptr, m_table) + 4;
    const int cellPad = 2 * style()->pixelMetric(QStyle::PM_FocusFrameHMargin, nullptr, m_table) + 6;
    const int room = m_table->width() - 2 * m_table->frameWidth();
    int figures = 0; // the figures' columns as wide as their widest value
    for (int c = 0; c < columns; ++c) {
        int widest = 0;
        for (int r = 0; r < rows; ++r)
            if (const QTableWidgetItem* item = m_table->item(r, c))
                widest = std::max(widest, bold.horizontalAdvance(item->text()));
        figures += widest + cellPad;
    }
    int labelWidth = 0;
    for (const QString& label : std::as_const(m_rowLabels))
        labelWidth = std::max(labelWidth, bold.horizontalAdvance(label) + headerPad);
    const bool wrapRows = labelWidth + figures > room;
    labelWidth = 0;
    for (int r = 0; r < rows; ++r) {
        const QString text = wrapRows ? twoLines(m_rowLabels[r], bold) : m_rowLabels[r];
        labelWidth = std::max(labelWidth, widestLine(text, bold) + headerPad);
        QTableWidgetItem* header = m_table->verticalHeaderItem(r);
        if (header && header->text() != text)
            header->setText(text);
    }
    const int column = (room - labelWidth) / columns;
    for (int c = 0; c < columns; ++c) {
        const QString& name = m_columnLabels[c];
        const QString text = head.horizontalAdvance(name) + headerPad > column ? twoLines(name, head) : name;
        QTableWidgetItem* header = m_table->horizontalHeaderItem(c);
        if (header && header->text() != text)
            header->setText(text);
    }
}

void LessonPanel::followDocument()
{
    if (m_lesson < 0)
        return;
    // An undo (or redo) of a lesson step takes the panel to the step whose values the scenario now has:
    // the current step when it still matches, else the nearest, earlier first.
    if (isAttached() && !Lessons::matches(state(m_step), m_document->scenario())) {
        for (int distance = 1; distance < stepCount(); ++distance) {
            const int candidates[] = {m_step - distance, m_step + distance};
            bool found = false;
            for (int candidate : candidates) {
                if (candidate >= 0 && candidate < stepCount() &&
                    Lessons::matches(state(candidate), m_document->scenario())) {
                    m_step = candidate;
                    found = true;
                    break;
                }
            }
            if (found) {
                emit stepChanged(m_lesson, m_step);
                break;
            }
        }
    }
    updateView();
}

void LessonPanel::recordFigures()
{
    const Lesson* lesson = Lessons::at(m_lesson);
    // Only a result of this very step counts: current, of the lesson's scenario, with the step's values.
    if (!lesson || !m_document->hasResult() || !m_document->isResultCurrent() || !isAttached() ||
        !Lessons::matches(state(m_step), m_document->scenario()))
        return;
    std::vector<double> values;
    for (LessonFigure figure : lesson->figures)
        values.push_back(Lessons::figureValue(figure, m_document->result()));
    m_figures[m_step] = values;
    updateFigures();
}

void LessonPanel::showTab(int step)
{
    const Lesson* lesson = Lessons::at(m_lesson);
    if (!lesson || !m_tabs || step < 0 || step >= stepCount())
        return;
    const QLatin1String name(lesson->steps[std::size_t(step)].tab);
    for (int i = 0; i < m_tabs->count(); ++i)
        if (m_tabs->widget(i)->objectName() == name)
            m_tabs->setCurrentIndex(i);
}

LessonState LessonPanel::state(int step) const
{
    const Lesson* lesson = Lessons::at(m_lesson);
    return lesson ? Lessons::stateAt(*lesson, m_base, step) : LessonState();
}

} // namespace ss
