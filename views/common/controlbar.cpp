// SPDX-License-Identifier: GPL-3.0-or-later
#include "controlbar.h"

#include "flowlayout.h"

#include <QHBoxLayout>
#include <QLabel>
#include <QVBoxLayout>

namespace ss {

ControlBar addControlBar(QWidget* widget, const QString& name)
{
    auto* layout = new QVBoxLayout(widget);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->setSpacing(4);
    auto* bar = new QWidget(widget);
    bar->setObjectName(name);
    auto* flow = new FlowLayout(bar, 10, 4);
    flow->setContentsMargins(4, 2, 4, 2);
    layout->addWidget(bar);
    return {layout, bar, flow};
}

QWidget* labelledField(QWidget* bar, QLabel* label, QWidget* field)
{
    auto* box = new QWidget(bar);
    auto* row = new QHBoxLayout(box);
    row->setContentsMargins(0, 0, 0, 0);
    row->setSpacing(4);
    row->addWidget(label);
    row->addWidget(field);
    label->setBuddy(field);
    return box;
}

} // namespace ss
