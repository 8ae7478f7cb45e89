// SPDX-License-Identifier: GPL-3.0-or-later
// A spin box that tells a step (arrow, wheel, Up/Down key: scrubbing, merged into one undo step) from a
// typed value (one undo step of its own; CONTRIBUTING.md, "Editing").
#pragma once

#include <QSpinBox>

namespace ss {

class StepSpinBox : public QSpinBox
{
public:
    using QSpinBox::QSpinBox;

    // True while the value changes by a step.
    bool isStepping() const { return m_stepping; }
    void stepBy(int steps) override
    {
        m_stepping = true;
        QSpinBox::stepBy(steps);
        m_stepping = false;
    }

private:
    bool m_stepping = false;
};

} // namespace ss
