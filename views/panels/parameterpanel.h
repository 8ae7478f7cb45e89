// SPDX-License-Identifier: GPL-3.0-or-later
// The parameter panels, built from the field table (fields.h): one editor per scenario field, grouped
// by section. An entry the field rejects is marked in place with the reason and not applied; a problem
// validateScenario() blames on a field is marked on that field. The editors follow the document
// (undo, redo, open) and never hold state of their own beyond a rejected entry.
#pragma once

#include "fields.h"

#include <QHash>
#include <QString>
#include <QWidget>

#include <memory>
#include <vector>

class QComboBox;
class QLabel;

namespace ss {

class CollapsibleSection;
class ScenarioDocument;

class ParameterPanel : public QWidget
{
    Q_OBJECT
public:
    explicit ParameterPanel(ScenarioDocument* document, QWidget* parent = nullptr);
    ~ParameterPanel() override;

    // The editor of a field, also reachable as findChild<QWidget*>(PATH).
    QWidget* editor(const QString& path) const;
    // The reason a field is marked ("" when it is not): the rejected entry's, else the scenario problem's.
    QString markText(const QString& path) const;
    // The rich text of field PATH's mark when it offers a fix (a link that applies it); "" when it offers
    // none.
    QString fixText(const QString& path) const;
    CollapsibleSection* section(const QString& key) const { return m_sections.value(key); }

public slots:
    void refresh();
    void refreshProblems();

protected:
    bool eventFilter(QObject* watched, QEvent* event) override;
    // View > Language: section titles, labels, tooltips, choices and marks in the new language.
    void changeEvent(QEvent* event) override;

private:
    struct Row;
    bool hasTyping(QObject* editor) const;
    void applyFix(Row& row);
    static void fitPopup(QComboBox* combo);
    Row* addRow(const FieldInfo& field, QWidget* body);
    QWidget* createEditor(Row& row);
    QString toolTipFor(const Row& row) const;
    static QString zeroText(const QString& path);
    void retranslate();
    void alignLabels();
    void load(Row& row);
    void commit(Row& row, const FieldValue& value, bool scrub);
    void commitText(Row& row, const QString& text);
    void updateMark(Row& row);
    void updateEnabled();
    void updateConditional();

    ScenarioDocument* m_document;
    std::vector<std::unique_ptr<Row>> m_rows;
    QHash<QString, Row*> m_byPath;
    QHash<QString, CollapsibleSection*> m_sections;
    bool m_loading = false;
};

} // namespace ss
