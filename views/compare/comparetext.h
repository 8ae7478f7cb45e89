// SPDX-License-Identifier: GPL-3.0-or-later
// How the views word a comparison with the pinned baseline: signed deltas with their units
// ("−0.31 s (−18%)"), percentage points for fractions, the colour of better and worse, the figures' names.
// The numbers come from the engine's compareResults(); nothing here subtracts.
#pragma once

#include "compare.h"

#include <QColor>
#include <QCoreApplication>
#include <QPalette>
#include <QString>

#include <string>
#include <vector>

namespace ss {

class CompareText
{
    Q_DECLARE_TR_FUNCTIONS(CompareText)
public:
    // The figure's translated name ("Step time"); the id itself for an unknown one.
    static QString figureName(const std::string& id);
    // The baseline's or the current value in its unit; "–" where that side lacks the figure.
    static QString baselineValue(const FigureDelta& delta);
    static QString currentValue(const FigureDelta& delta);
    // "−0.31 s", "+4.0 pp" (fractions change by percentage points), "0" for no change; "–" when one side
    // lacks the figure.
    static QString absolute(const FigureDelta& delta);
    // "−18%"; "" when there is no percentage (a zero baseline).
    static QString relative(const FigureDelta& delta);
    // "−0.31 s (−18%)", or "no change".
    static QString change(const FigureDelta& delta);
    // Both values and the change, for a tooltip.
    static QString toolTip(const FigureDelta& delta, const QString& baselineLabel);
    // Green for better, red for worse, for PALETTE's background; an invalid colour for the others.
    static QColor verdictColor(Verdict verdict, const QPalette& palette);
    // One line for the Gantt chart: step time and bubble, baseline → current with their changes.
    static QString stepLine(const std::vector<FigureDelta>& deltas);
};

} // namespace ss
