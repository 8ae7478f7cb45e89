// SPDX-License-Identifier: GPL-3.0-or-later
// The engine speaks English (its messages are also the CLI's); the GUI shows the same problems and warnings
// in the user's language by their stable codes and arguments, falling back to the English sentence for a
// code it does not know yet.
#pragma once

#include "fields.h"
#include "result.h"
#include "validate.h"

#include <QCoreApplication>
#include <QString>

namespace ss {

class EngineText
{
    Q_DECLARE_TR_FUNCTIONS(EngineText)
public:
    static QString problem(const Problem& problem);
    static QString warning(const Warning& warning);
    // The sentence naming what limits the step (Result::bottleneck), by its kind and arguments.
    static QString bottleneck(const Bottleneck& bottleneck);
    // Why TEXT (what the user typed, or a value's canonical text) is not a valid value of FIELD.
    static QString fieldError(const FieldInfo& field, const QString& text);

private:
    // Problems of context and expert parallelism, uneven pipelines, MLA and FP8; empty for other codes.
    static QString modernProblem(const Problem& problem);
};

} // namespace ss
