// SPDX-License-Identifier: GPL-3.0-or-later
// The Compare tab: the pinned baseline against the current scenario, every figure in a table
// (baseline, current, change, change %), and the bottleneck of each. A tab rather than a dock: the summary
// strip and the memory chart already carry the headline deltas beside the charts; the full table is the
// detail a report writer copies out, and a dock would take its width from every chart for all users.
#pragma once

#include "compare.h"
#include "result.h"

#include <QWidget>

#include <vector>

class QAction;
class QLabel;
class QTableView;
class QToolButton;

namespace ss {

struct Baseline;
class CompareModel;

class CompareView : public QWidget
{
    Q_OBJECT
public:
    explicit CompareView(QWidget* parent = nullptr);

    // The buttons of the tab: pin/unpin the current scenario, and pick a file as the baseline.
    void setActions(QAction* pin, QAction* compareWithFile);
    // Shows BASELINE (nullptr: nothing pinned) against CURRENT, the result of the scenario CURRENT_NAME.
    void resetData(const Baseline* baseline, const QString& currentName, const Result& current,
                   const std::vector<FigureDelta>& deltas);

    CompareModel* model() const { return m_model; }
    QTableView* table() const { return m_table; }

protected:
    void changeEvent(QEvent* event) override;

private:
    void showTexts();

    CompareModel* m_model;
    QLabel* m_header;
    QLabel* m_bottleneck;
    QTableView* m_table;
    QToolButton* m_pinButton;
    QToolButton* m_fileButton;
    // What the sentences above and under the table are made of, to word them again in another language.
    bool m_pinned = false;
    QString m_baselineLabel;
    QString m_baselineFile;
    QString m_currentName;
    Bottleneck m_baselineBottleneck;
    Bottleneck m_currentBottleneck;
};

} // namespace ss
