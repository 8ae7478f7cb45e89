// SPDX-License-Identifier: GPL-3.0-or-later
// View > Presentation Mode, for teaching on a projector: the application font 1.6 times larger,
// every view that offers setPresentationScale(double) (the charts, the topology canvas, those of a dialog
// opened while presenting) scaled the same, a light high-contrast palette, the tool bars, the status bar
// and the docks hidden except the one being discussed (the lesson, else the explanation), full screen if
// wanted. Leaving puts back exactly what was there: the font, the palette, the dock layout
// (saveState/restoreState), the window's state and geometry; widgets under a style sheet, which the
// application font passes by, take it when their sheets are applied again.
// While it is on, PageDown/PageUp (Space/Backspace outside text fields) step the lesson and Escape leaves.
//
// It knows the lesson and explain docks only by their object names ("lessonDock", "explainDock") and the
// lesson by its slots' names (nextStep(), previousStep()), so it depends on none of their classes.
#pragma once

#include <QByteArray>
#include <QFont>
#include <QObject>
#include <QPalette>
#include <QPointer>

#include <vector>

class QAction;
class QDockWidget;
class QKeyEvent;
class QMainWindow;

namespace ss {

class PresentationMode : public QObject
{
    Q_OBJECT
public:
    static constexpr double fontScale = 1.6;

    // Presentation mode for WINDOW; its actions belong to WINDOW (shortcuts F11 and Ctrl+Shift+P).
    explicit PresentationMode(QMainWindow* window);
    ~PresentationMode() override;

    // View > Presentation Mode: checkable, object name "actionPresentationMode".
    QAction* action() const { return m_action; }
    // View > Full Screen in Presentation Mode: checkable, on by default.
    QAction* fullScreenAction() const { return m_fullScreenAction; }

    bool isActive() const { return m_active; }
    bool usesFullScreen() const;
    void setUsesFullScreen(bool fullScreen);

    // The dock presentation mode keeps: the lesson dock when it is open, else the explain dock when it is
    // open; nullptr when neither is.
    QDockWidget* discussedDock() const;
    // Calls the open lesson's nextStep() (FORWARD) or previousStep(); false when there is no lesson dock
    // open or it has no such slot.
    bool stepLesson(bool forward);

    // Light and high in contrast: black on white, a dark blue selection, no grey text lighter than 7:1
    // against its background (WCAG 2.x AAA).
    static QPalette highContrastPalette();
    // How much larger the application font is than usual: fontScale while a presentation is on, else 1.
    // A view made while presenting takes its fonts from the enlarged font and needs to know
    // (PlotPresentation).
    static double applicationScale();

public slots:
    void setActive(bool active);

signals:
    void activeChanged(bool active);

protected:
    bool eventFilter(QObject* watched, QEvent* event) override;

private:
    void enter();
    void leave();
    void scaleViews(double scale);
    void scaleViewsIn(QWidget* root, double scale);
    void refreshStyledFonts();
    bool belongsToWindow(const QWidget* widget) const;
    void scaleOwnFonts(bool enlarge);
    void applyFullScreen();
    void retranslate();
    bool handleKey(QKeyEvent* event);

    QMainWindow* m_window;
    QAction* m_action;
    QAction* m_fullScreenAction;
    bool m_active = false;
    // What leaving restores.
    QFont m_font;
    QPalette m_palette;
    QByteArray m_state;
    QByteArray m_geometry;
    Qt::WindowStates m_windowState;
    bool m_statusBarShown = false;
    // Widgets with fonts of their own (a bold heading, the summary's large figures), which the application
    // font does not reach, and those fonts.
    std::vector<std::pair<QPointer<QWidget>, QFont>> m_ownFonts;
};

} // namespace ss
