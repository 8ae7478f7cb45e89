// SPDX-License-Identifier: GPL-3.0-or-later
#include "presentationmode.h"

#include <QAbstractSpinBox>
#include <QAction>
#include <QApplication>
#include <QComboBox>
#include <QDockWidget>
#include <QKeyEvent>
#include <QLineEdit>
#include <QMainWindow>
#include <QMetaObject>
#include <QPlainTextEdit>
#include <QSet>
#include <QStatusBar>
#include <QTextEdit>
#include <QToolBar>

#include <algorithm>

namespace ss {

namespace {

const char* const lessonDockName = "lessonDock";
const char* const explainDockName = "explainDock";
// On the application object: the factor applicationScale() reports.
const char* const scaleProperty = "shardscope.presentationScale";

// The open dock of WINDOW called NAME; nullptr when none is open.
QDockWidget* openDock(const QMainWindow* window, const char* name)
{
    for (QDockWidget* dock : window->findChildren<QDockWidget*>(QLatin1String(name)))
        if (!dock->isHidden())
            return dock;
    return nullptr;
}

QFont scaledFont(QFont font, double scale)
{
    if (font.pointSizeF() > 0)
        font.setPointSizeF(font.pointSizeF() * scale);
    else
        font.setPixelSize(std::max(1, qRound(font.pixelSize() * scale)));
    return font;
}

// Where Space and Backspace type text rather than turn a page.
bool takesText(const QWidget* widget)
{
    if (!widget)
        return false;
    if (qobject_cast<const QLineEdit*>(widget) || qobject_cast<const QAbstractSpinBox*>(widget) ||
        qobject_cast<const QPlainTextEdit*>(widget))
        return true;
    if (const auto* edit = qobject_cast<const QTextEdit*>(widget))
        return !edit->isReadOnly();
    if (const auto* combo = qobject_cast<const QComboBox*>(widget))
        return combo->isEditable();
    return false;
}

} // namespace

PresentationMode::PresentationMode(QMainWindow* window)
    : QObject(window), m_window(window), m_action(new QAction(window)),
      m_fullScreenAction(new QAction(window))
{
    setObjectName(QStringLiteral("presentationMode"));
    m_action->setObjectName(QStringLiteral("actionPresentationMode"));
    m_action->setCheckable(true);
    m_action->setShortcuts({QKeySequence(Qt::Key_F11), QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_P)});
    // On the window too, so the shortcut works whatever has the focus.
    window->addAction(m_action);
    connect(m_action, &QAction::toggled, this, &PresentationMode::setActive);

    m_fullScreenAction->setObjectName(QStringLiteral("actionPresentationFullScreen"));
    m_fullScreenAction->setCheckable(true);
    m_fullScreenAction->setChecked(true);
    connect(m_fullScreenAction, &QAction::toggled, this, [this] {
        if (m_active)
            applyFullScreen();
    });

    // The actions' words follow the language (QEvent::LanguageChange reaches the window).
    window->installEventFilter(this);
    retranslate();
}

PresentationMode::~PresentationMode()
{
    qApp->removeEventFilter(this);
    // The window goes while presenting: the application's font and palette outlive it.
    if (m_active) {
        qApp->setProperty(scaleProperty, QVariant());
        QApplication::setFont(m_font);
        QApplication::setPalette(m_palette);
    }
}

bool PresentationMode::usesFullScreen() const
{
    return m_fullScreenAction->isChecked();
}

void PresentationMode::setUsesFullScreen(bool fullScreen)
{
    m_fullScreenAction->setChecked(fullScreen);
}

QPalette PresentationMode::highContrastPalette()
{
    const QColor black(0x00, 0x00, 0x00);
    const QColor white(0xFF, 0xFF, 0xFF);
    QPalette p(black, white); // window text, window
    for (QPalette::ColorGroup group : {QPalette::Active, QPalette::Inactive}) {
        p.setColor(group, QPalette::WindowText, black);
        p.setColor(group, QPalette::Window, white);
        p.setColor(group, QPalette::Base, white);
        p.setColor(group, QPalette::AlternateBase, QColor(0xEE, 0xEE, 0xEE));
        p.setColor(group, QPalette::Text, black);
        p.setColor(group, QPalette::Button, QColor(0xE6, 0xE6, 0xE6));
        p.setColor(group, QPalette::ButtonText, black);
        p.setColor(group, QPalette::BrightText, white);
        p.setColor(group, QPalette::Light, white);
        p.setColor(group, QPalette::Midlight, QColor(0xD0, 0xD0, 0xD0));
        p.setColor(group, QPalette::Mid, QColor(0x76, 0x76, 0x76));
        p.setColor(group, QPalette::Dark, QColor(0x40, 0x40, 0x40));
        p.setColor(group, QPalette::Shadow, black);
        // A dark blue selection with white text (12:1).
        p.setColor(group, QPalette::Highlight, QColor(0x00, 0x30, 0x7A));
        p.setColor(group, QPalette::HighlightedText, white);
        p.setColor(group, QPalette::Link, QColor(0x00, 0x00, 0xC0));
        p.setColor(group, QPalette::LinkVisited, QColor(0x55, 0x1A, 0x8B));
        p.setColor(group, QPalette::ToolTipBase, white);
        p.setColor(group, QPalette::ToolTipText, black);
        p.setColor(group, QPalette::PlaceholderText, QColor(0x4A, 0x4A, 0x4A));
    }
    // Disabled text still 7:1 on white: it must be read from the back of the room.
    const QColor disabled(0x59, 0x59, 0x59);
    for (QPalette::ColorRole role :
         {QPalette::WindowText, QPalette::Text, QPalette::ButtonText, QPalette::PlaceholderText})
        p.setColor(QPalette::Disabled, role, disabled);
    p.setColor(QPalette::Disabled, QPalette::Window, white);
    p.setColor(QPalette::Disabled, QPalette::Base, white);
    p.setColor(QPalette::Disabled, QPalette::Button, QColor(0xE6, 0xE6, 0xE6));
    p.setColor(QPalette::Disabled, QPalette::Highlight, QColor(0x59, 0x59, 0x59));
    p.setColor(QPalette::Disabled, QPalette::HighlightedText, white);
    return p;
}

double PresentationMode::applicationScale()
{
    const QCoreApplication* app = QCoreApplication::instance();
    const double scale = app ? app->property(scaleProperty).toDouble() : 0;
    return scale > 0 ? scale : 1;
}

QDockWidget* PresentationMode::discussedDock() const
{
    for (const char* name : {lessonDockName, explainDockName})
        if (QDockWidget* dock = openDock(m_window, name))
            return dock;
    return nullptr;
}

bool PresentationMode::stepLesson(bool forward)
{
    QDockWidget* dock = openDock(m_window, lessonDockName);
    if (!dock)
        return false;
    const char* slot = forward ? "nextStep" : "previousStep";
    const QByteArray signature = QByteArray(slot) + "()";
    // The lesson's widget has the slots; the dock itself is tried too, in case the lesson is the dock.
    for (QObject* target : {static_cast<QObject*>(dock->widget()), static_cast<QObject*>(dock)}) {
        if (target && target->metaObject()->indexOfMethod(signature.constData()) >= 0)
            return QMetaObject::invokeMethod(target, slot);
    }
    return false;
}

void PresentationMode::setActive(bool active)
{
    if (active == m_active)
        return;
    if (active)
        enter();
    else
        leave();
    {
        const QSignalBlocker block(m_action);
        m_action->setChecked(m_active);
    }
    emit activeChanged(m_active);
}

void PresentationMode::enter()
{
    m_font = QApplication::font();
    m_palette = QApplication::palette();
    m_state = m_window->saveState();
    m_geometry = m_window->saveGeometry();
    m_windowState = m_window->windowState();
    auto* status = m_window->findChild<QStatusBar*>(QString(), Qt::FindDirectChildrenOnly);
    m_statusBarShown = status && !status->isHidden();
    QDockWidget* kept = discussedDock(); // before anything is hidden
    m_active = true;

    // The palette first: the charts restyle on its change, then scale what they set.
    QApplication::setPalette(highContrastPalette());
    qApp->setProperty(scaleProperty, fontScale);
    QApplication::setFont(scaledFont(m_font, fontScale));
    // After the font's own events, which are posted.
    QMetaObject::invokeMethod(this, &PresentationMode::refreshStyledFonts, Qt::QueuedConnection);
    scaleOwnFonts(true);
    scaleViews(fontScale);

    for (QDockWidget* dock : m_window->findChildren<QDockWidget*>()) {
        if (dock->parentWidget() == m_window && dock != kept)
            dock->hide();
    }
    for (QToolBar* bar : m_window->findChildren<QToolBar*>()) {
        if (bar->parentWidget() == m_window)
            bar->hide();
    }
    if (status)
        status->hide();
    applyFullScreen();
    qApp->installEventFilter(this);
}

void PresentationMode::leave()
{
    qApp->removeEventFilter(this);
    m_active = false;
    m_window->setWindowState(m_windowState);
    m_window->restoreGeometry(m_geometry);
    m_window->restoreState(m_state);
    if (auto* status = m_window->findChild<QStatusBar*>(QString(), Qt::FindDirectChildrenOnly))
        status->setVisible(m_statusBarShown);
    scaleViews(1);
    scaleOwnFonts(false);
    qApp->setProperty(scaleProperty, QVariant());
    QApplication::setFont(m_font);
    QApplication::setPalette(m_palette);
    QMetaObject::invokeMethod(this, &PresentationMode::refreshStyledFonts, Qt::QueuedConnection);
}

void PresentationMode::refreshStyledFonts()
{
    // A widget under a style sheet (the topology's properties, the parameters) keeps the font it had when the
    // sheet was applied: the application font's change passes it by (Qt 6.4). Its sheet applied again, it
    // takes the font its parent has now.
    for (QWidget* widget : m_window->findChildren<QWidget*>())
        if (!widget->styleSheet().isEmpty())
            widget->setStyleSheet(widget->styleSheet());
}

void PresentationMode::applyFullScreen()
{
    const Qt::WindowStates state =
        usesFullScreen() ? m_windowState | Qt::WindowFullScreen : m_windowState & ~Qt::WindowFullScreen;
    if (m_window->windowState() != state)
        m_window->setWindowState(state);
}

void PresentationMode::scaleOwnFonts(bool enlarge)
{
    const auto ownFont = [](const QWidget* widget) {
        // The views that scale themselves are left to it.
        return widget->testAttribute(Qt::WA_SetFont) &&
               widget->metaObject()->indexOfMethod("setPresentationScale(double)") < 0;
    };
    const QList<QWidget*> widgets = m_window->findChildren<QWidget*>();
    if (enlarge) {
        // Sizes as they were under the usual application font (font() is the resolved font, whole).
        m_ownFonts.clear();
        for (QWidget* widget : widgets)
            if (ownFont(widget))
                m_ownFonts.emplace_back(widget, widget->font());
        for (const auto& [widget, font] : m_ownFonts)
            widget->setFont(scaledFont(font, fontScale));
        return;
    }
    QSet<const QWidget*> known;
    for (const auto& [widget, font] : m_ownFonts) {
        if (!widget)
            continue;
        widget->setFont(font);
        known.insert(widget);
    }
    m_ownFonts.clear();
    // Made during the presentation from the enlarged font: back to the usual size.
    for (QWidget* widget : widgets)
        if (ownFont(widget) && !known.contains(widget))
            widget->setFont(scaledFont(widget->font(), 1 / fontScale));
}

void PresentationMode::scaleViews(double scale)
{
    // Dialogs of the window are among its children, those opened while presenting too.
    scaleViewsIn(m_window, scale);
}

void PresentationMode::scaleViewsIn(QWidget* root, double scale)
{
    // Every view that offers the small API, found by its signature: the window need not know them all.
    QList<QWidget*> widgets = root->findChildren<QWidget*>();
    widgets.prepend(root);
    for (QWidget* widget : std::as_const(widgets)) {
        if (widget->metaObject()->indexOfMethod("setPresentationScale(double)") >= 0)
            QMetaObject::invokeMethod(widget, "setPresentationScale", Q_ARG(double, scale));
    }
}

bool PresentationMode::belongsToWindow(const QWidget* widget) const
{
    // isAncestorOf() stops at a window's edge; a dialog of the window is its child all the same.
    for (const QWidget* w = widget; w; w = w->parentWidget())
        if (w == m_window)
            return true;
    return false;
}

bool PresentationMode::handleKey(QKeyEvent* event)
{
    // Only in this window (or a floating dock of it), never inside a menu or a dialog.
    QWidget* active = QApplication::activeWindow();
    if (QApplication::activePopupWidget() || QApplication::activeModalWidget() ||
        (active && active != m_window && !m_window->isAncestorOf(active)))
        return false;
    if (event->modifiers() & (Qt::ControlModifier | Qt::AltModifier | Qt::MetaModifier))
        return false;
    switch (event->key()) {
    case Qt::Key_Escape:
        setActive(false);
        return true;
    case Qt::Key_PageDown:
    case Qt::Key_PageUp:
        // A presenter's clicker sends these.
        return stepLesson(event->key() == Qt::Key_PageDown);
    case Qt::Key_Space:
    case Qt::Key_Backspace:
        if (takesText(QApplication::focusWidget()))
            return false;
        return stepLesson(event->key() == Qt::Key_Space);
    default:
        break;
    }
    return false;
}

bool PresentationMode::eventFilter(QObject* watched, QEvent* event)
{
    if (watched == m_window && event->type() == QEvent::LanguageChange)
        retranslate();
    if (m_active && event->type() == QEvent::KeyPress && watched->isWidgetType() &&
        handleKey(static_cast<QKeyEvent*>(event)))
        return true;
    // A dialog opened while presenting (the import preview and its calibration chart): its views are scaled
    // as it shows, since they were not there to be scaled on entering.
    if (m_active && event->type() == QEvent::Show && watched->isWidgetType()) {
        auto* widget = static_cast<QWidget*>(watched);
        if (widget->isWindow() && widget != m_window && belongsToWindow(widget))
            scaleViewsIn(widget, fontScale);
    }
    return QObject::eventFilter(watched, event);
}

void PresentationMode::retranslate()
{
    m_action->setText(tr("P&resentation Mode"));
    const QString tip = tr("Large type, thick lines and high contrast for a projector; the lesson (or the "
                           "explanation) stays, the other panels hide. Esc leaves; PageDown and PageUp step "
                           "the lesson.");
    m_action->setToolTip(tip);
    m_action->setStatusTip(tip);
    m_fullScreenAction->setText(tr("&Full Screen in Presentation Mode"));
    m_fullScreenAction->setToolTip(tr("Presentation mode fills the screen"));
    m_fullScreenAction->setStatusTip(m_fullScreenAction->toolTip());
}

} // namespace ss
