// SPDX-License-Identifier: GPL-3.0-or-later
// The Explain panel ("Explain everything"), the content of the "explainDock": for the figure the
// user clicked (a memory bar segment, a box of the step timeline, a link of the topology or a bar of the
// bandwidth chart, a figure of the summary strip) its name in words, the formula, the numbers put into it,
// the value with its unit and the source, with the figures that belong with it (a collective's time, bytes
// and bus bandwidth). It shows what the ExplainModel holds and asks it for explanations only when it has
// something to show: never per edit (edits are gathered for a moment, and nothing is asked while the panel is
// hidden).
#pragma once

#include "result.h"

#include <QStringList>
#include <QWidget>

class QLabel;
class QPushButton;
class QTextBrowser;
class QTimer;

namespace ss {

class ExplainModel;

class ExplainPanel : public QWidget
{
    Q_OBJECT
public:
    explicit ExplainPanel(ExplainModel* model, QWidget* parent = nullptr);

    ExplainModel* model() const { return m_model; }

    // The figure the panel explains first: its JSON path, "" when none. While the explanations are being
    // computed, the figure asked for.
    QString currentFigure() const;
    // Every figure shown, the current one first (ExplainText::related()).
    QStringList shownFigures() const { return m_shown; }
    // What Copy as Text puts on the clipboard: the shown explanations in the current language.
    QString text() const;
    // The explanation on show of FIGURE; nullptr when it is not shown.
    const Explanation* shown(const QString& figure) const;

public slots:
    // Explains FIGURE ("memory.per_gpu[0].optimizer") and its related figures.
    void showFigure(const QString& figure);
    // A segment of the memory chart: COMPONENT as MemoryChart::Component (params, grads, optimizer,
    // activations, buffers), -1 for the stage's total.
    void showMemorySegment(int stage, int component);
    // A box of the step timeline: its collective's cost, or the length of one op of its stage and kind.
    void showTimelineEvent(const ss::TimelineEvent& event);
    // Links selected on the topology canvas (one drawn line may stand for several): the busiest's figures.
    void showLinks(const QStringList& linkIds);
    void clear();
    void retranslate();

signals:
    // The user asked for an explanation (the window shows the dock).
    void explanationRequested();

protected:
    void changeEvent(QEvent* event) override;
    void showEvent(QShowEvent* event) override;

private:
    enum class Want
    {
        Nothing,
        Figure,
        Links,
        Event
    };
    void ask();
    void render();
    void copy();
    // The figures the request stands for with the explanations at hand ("" when it has none).
    QString resolve() const;

    ExplainModel* m_model;
    QLabel* m_empty;
    QLabel* m_status;
    QTextBrowser* m_browser;
    QPushButton* m_copy;
    QTimer* m_refresh;
    Want m_want = Want::Nothing;
    QString m_figure;
    QStringList m_links;
    TimelineEvent m_event;
    QStringList m_shown;
};

} // namespace ss
