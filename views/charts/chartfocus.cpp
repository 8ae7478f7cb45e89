// SPDX-License-Identifier: GPL-3.0-or-later
#include "chartfocus.h"

#include <QKeyEvent>
#include <QPainter>
#include <QPalette>
#include <QRect>

namespace ss {

QColor focusFrameColor(const QPalette& palette)
{
    return palette.color(QPalette::Active, QPalette::Highlight);
}

void paintFocusFrame(QPainter& painter, const QRect& rect, const QPalette& palette)
{
    painter.save();
    painter.setRenderHint(QPainter::Antialiasing, false);
    painter.setPen(Qt::NoPen);
    painter.setBrush(focusFrameColor(palette));
    // Four filled strips rather than a stroked rectangle: exact pixels at any pen cap or device ratio.
    const int w = focusFrameWidth;
    painter.drawRect(QRect(rect.left(), rect.top(), rect.width(), w));
    painter.drawRect(QRect(rect.left(), rect.bottom() - w + 1, rect.width(), w));
    painter.drawRect(QRect(rect.left(), rect.top() + w, w, rect.height() - 2 * w));
    painter.drawRect(QRect(rect.right() - w + 1, rect.top() + w, w, rect.height() - 2 * w));
    painter.restore();
}

bool isActivationKey(const QKeyEvent* event)
{
    const Qt::KeyboardModifiers modifiers = event->modifiers() & ~Qt::KeypadModifier;
    if (modifiers != Qt::NoModifier)
        return false;
    return event->key() == Qt::Key_Return || event->key() == Qt::Key_Enter || event->key() == Qt::Key_Space;
}

} // namespace ss
