// SPDX-License-Identifier: GPL-3.0-or-later
// What the user reads for a scenario field: its translated name, a one-line description, the word for
// its count ("sequences"), and the display names of enum choices. The engine keeps the dotted paths and
// the file names of choices; these are the human side of the same table (fields.h), and tst_fieldpaths
// holds every key here to it.
#pragma once

#include <QCoreApplication>
#include <QString>
#include <QStringList>

namespace ss {

class FieldNames
{
    Q_DECLARE_TR_FUNCTIONS(FieldNames)
public:
    // "ZeRO stage" for "parallel.zero_stage"; the last path segment for a field without a name here.
    static QString label(const QString& path);
    // A sentence for the tooltip; "" when there is none.
    static QString description(const QString& path);
    // The word after a plain count ("sequences", "tokens"); "" for none.
    static QString countUnit(const QString& path);
    // "BF16 mixed" for "bf16-mixed"; CHOICE itself when it has no display name.
    static QString choice(const QString& path, const QString& choice);
    // Display names of a small integer field's values ("3: + parameters" for ZeRO); "" for none.
    static QString intChoice(const QString& path, int value);
    // "Model", "Training", ... for the first path segment.
    static QString section(const QString& key);

    // The keys of the tables above, so a test can hold each to the engine's field table (fields.h): a path
    // that is no field, or a choice no field offers, would otherwise go unnoticed (its text never shown).
    static QStringList namedPaths();     // label(), description(), countUnit()
    static QStringList intChoicePaths(); // intChoice()
    static QStringList choiceNames();    // choice()
    static QStringList sectionKeys();    // section()
};

} // namespace ss
