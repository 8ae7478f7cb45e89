// SPDX-License-Identifier: GPL-3.0-or-later
// The words of explanations ("Explain everything"). The engine explains a figure in English symbols
// (result.h Explanation); this table holds, for every figure PATTERN the engine emits (indices written "[]":
// "memory.per_gpu[].optimizer"), a translatable title in words, a legend of its symbols and every formula
// text the engine writes for it, as translatable source strings: a zh_CN user reads Chinese words inside the
// formulas, and a formula the engine changes without this table is caught by tst_explaintext.
#pragma once

#include "result.h"

#include <QCoreApplication>
#include <QString>
#include <QStringList>

namespace ss {

class ExplainText
{
    Q_DECLARE_TR_FUNCTIONS(ExplainText)
public:
    // "comm.collectives[2].time_s" -> "comm.collectives[].time_s"; its indices {2} into *INDICES.
    static QString pattern(const QString& figure, QList<int>* indices = nullptr);
    static QStringList patterns();
    static bool knowsPattern(const QString& pattern);
    // Whether FORMULA is one the table holds for PATTERN (so it has a translation).
    static bool knowsFormula(const QString& pattern, const QString& formula);

    // The figure named in words in the current language, its indices filled in ("Optimizer states per GPU,
    // stage 3"); a collective or a link is named from RESULT when given ("dp allreduce, ring"; the link id).
    static QString title(const QString& figure, const Result* result = nullptr);
    // What the symbols of the figure's formulas stand for, in the current language; "" when nothing to say.
    static QString legend(const QString& figure);
    // The engine's formula text in the current language (itself when the table lacks it).
    static QString formula(const std::string& engineFormula);

    // Rich text of a formula or a substitution: "_x" subscripts, "1.2e+09" as 1.2×10⁹, HTML escaped.
    static QString formulaHtml(const QString& text);
    // The value with its unit as the views write quantities (unitformat.h, the current locale).
    static QString valueText(const Explanation& explanation);
    // The whole explanation as plain text, in the current language (what Copy puts on the clipboard).
    static QString plainText(const Explanation& explanation, const Result* result = nullptr);

    // The figures shown together with FIGURE, FIGURE first: a collective's time, bytes, bus bandwidth and
    // count; a link's utilisation, busy time and bytes; a memory part and its stage's total; ...
    static QStringList related(const QString& figure, const Result* result = nullptr);
};

} // namespace ss
