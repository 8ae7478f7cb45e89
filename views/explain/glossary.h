// SPDX-License-Identifier: GPL-3.0-or-later
// The glossary of the field's terms: ZeRO stages, offload, the parallelisms, pipeline schedules,
// bandwidth figures, nvidia-smi's path classes, networks and collectives, each with a short definition and
// its source. Help > Glossary shows it with a search field; glossaryTooltip() puts a definition on the
// parameter panel's fields and the summary strip's figures.
#pragma once

#include <QCoreApplication>
#include <QDialog>
#include <QString>
#include <QStringList>

#include <utility>
#include <vector>

class QAction;
class QLabel;
class QLineEdit;
class QListWidget;
class QTextBrowser;

namespace ss {

struct GlossaryEntry
{
    const char* id;         // "zero-3": stable, for lookups and tests
    const char* term;       // English term, translated in the context "ss::Glossary"
    const char* definition; // 2-3 sentences, translated in the context "ss::Glossary"
    const char* source;     // the citation, as published (not translated, like a bibliography)
    const char* aliases;    // extra English search words, comma separated
};

class Glossary
{
    Q_DECLARE_TR_FUNCTIONS(Glossary)
public:
    // In reading order: the parallelisms first, then memory, schedules, hardware, collectives, figures.
    static const std::vector<GlossaryEntry>& entries();
    // By id, English term or translated term, ignoring case; nullptr when none matches.
    static const GlossaryEntry* find(const QString& term);
    static QString term(const GlossaryEntry& entry);
    static QString definition(const GlossaryEntry& entry);
    static QString source(const GlossaryEntry& entry);
    // Whether every word of FILTER occurs in the entry's term, definition, aliases or id (either language).
    static bool matches(const GlossaryEntry& entry, const QString& filter);
    // The glossary id explaining a scenario field ("parallel.zero_stage" -> "zero"); "" for none.
    static QString termForField(const QString& path);
    // (field path, glossary id) for every field with a term; a test holds each path to fields.h.
    static const std::vector<std::pair<QString, QString>>& fieldTerms();
};

// "Term: definition / Source: ..." as plain text wrapped to tooltip width; "" for an unknown term.
// TERM is an id, or a term in English or in the current language.
QString glossaryTooltip(const QString& term);

// Help > Glossary: a search field over the term list, the chosen term's definition and source beside it.
class GlossaryDialog : public QDialog
{
    Q_OBJECT
public:
    explicit GlossaryDialog(QWidget* parent = nullptr);

    // The Help menu's entry; it opens this dialog and keeps its words in the current language.
    QAction* showAction() const { return m_action; }
    // The search text; the list then holds only the matching terms, the first one shown.
    void setFilter(const QString& filter);
    // Ids of the listed terms, in order.
    QStringList visibleIds() const;
    // Lists and shows the entry for TERM (clearing the filter when it hides it); false when unknown.
    bool showTerm(const QString& term);

protected:
    void changeEvent(QEvent* event) override;

private:
    void retranslate();
    void fillList();
    void showCurrent();

    QAction* m_action;
    QLabel* m_searchLabel;
    QLineEdit* m_search;
    QListWidget* m_list;
    QTextBrowser* m_text;
    QLabel* m_count;
};

} // namespace ss
