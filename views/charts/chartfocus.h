// SPDX-License-Identifier: GPL-3.0-or-later
// The keyboard focus of a chart: the frame it draws round itself while it has the focus, and the keys that
// ask it to explain what it shows. Charts paint to their edges, so the style's focus rectangle is never
// seen; this frame is drawn last, over the plot, in the palette's highlight colour.
#pragma once

#include <QColor>

class QKeyEvent;
class QPainter;
class QPalette;
class QRect;

namespace ss {

// Pixels of the frame, inside the widget's edge.
constexpr int focusFrameWidth = 2;

QColor focusFrameColor(const QPalette& palette);
// Draws the focus frame inside RECT (the widget's rect, or a view's viewport rect).
void paintFocusFrame(QPainter& painter, const QRect& rect, const QPalette& palette);
// Enter, Return or Space without modifiers: the keyboard's click on a focused chart.
bool isActivationKey(const QKeyEvent* event);

} // namespace ss
