// SPDX-License-Identifier: GPL-3.0-or-later
// The bar of controls on top of a tab (the sweep's, the planner's): its widgets wrap onto more lines when
// the tab is narrow, so the bar reads in the longer words of a translation and in presentation mode.
#pragma once

class QLabel;
class QString;
class QVBoxLayout;
class QWidget;

namespace ss {

class FlowLayout;

struct ControlBar
{
    QVBoxLayout* layout; // the tab's: the bar, then what the tab adds below it
    QWidget* bar;
    FlowLayout* flow; // the bar's
};

// Gives WIDGET a vertical layout whose first item is a control bar named NAME.
ControlBar addControlBar(QWidget* widget, const QString& name);
// LABEL beside FIELD as one item of a bar; LABEL is FIELD's buddy, so its shortcut focuses FIELD.
QWidget* labelledField(QWidget* bar, QLabel* label, QWidget* field);

} // namespace ss
