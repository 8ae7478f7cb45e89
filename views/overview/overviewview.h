// SPDX-License-Identifier: GPL-3.0-or-later
// The "Overview" tab: the memory bars, the step timeline and the topology canvas with its bottleneck side
// by side in resizable splitters, so an edit shows memory, time and links moving together. Each pane is a
// second instance of the chart of its own tab, fed the same Result; its header's expand button (or a
// double-click on the header) asks for that tab. The canvas is read-only here and always draws many
// identical machines collapsed, so a cluster of 100k GPUs stays a few hundred items.
#pragma once

#include <QWidget>

class QCustomPlot;
class QSplitter;
class QToolButton;

namespace ss {

class GanttChart;
class MemoryChart;
class OverviewPane;
struct Result;
class ScenarioDocument;
class TopologyCanvas;
class TopologyEditor;
class TopologyScene;

class OverviewView : public QWidget
{
    Q_OBJECT
public:
    enum class Pane
    {
        Memory,
        Timeline,
        Topology
    };
    // EDITOR is the Topology tab: its layout of the cluster (collapsed when it is not) and its choice of
    // bottleneck are what the overview's canvas shows.
    OverviewView(ScenarioDocument* document, TopologyEditor* editor, QWidget* parent = nullptr);

    MemoryChart* memoryChart() const { return m_memory; }
    GanttChart* ganttChart() const { return m_gantt; }
    TopologyCanvas* canvas() const { return m_canvas; }
    TopologyScene* scene() const { return m_scene; }
    QToolButton* expandButton(Pane pane) const;
    // The pane's header: its title and the expand button; a double-click on it expands too.
    QWidget* header(Pane pane) const;

    // Shows the document's result in the three panes (marked stale when it is not current).
    void showResult();
    void setStale(bool stale);
    // The pinned baseline's result beside the memory bars and its comparison line above the timeline;
    // nullptr and "" for none.
    void setBaseline(const Result* baseline, const QString& label, const QString& stepLine);

signals:
    // The user asked for PANE's chart full size: its own tab.
    void expandRequested(ss::OverviewView::Pane pane);

protected:
    void changeEvent(QEvent* event) override;
    // Until the user drags a splitter, the panes keep their shares of the tab as it is resized.
    void resizeEvent(QResizeEvent* event) override;

private:
    bool eventFilter(QObject* watched, QEvent* event) override;
    void syncDisplay();
    void fitLegends();
    void fitCanvas();
    void applyLoads();
    void retranslate();

    ScenarioDocument* m_document;
    TopologyEditor* m_editor;
    MemoryChart* m_memory;
    GanttChart* m_gantt;
    TopologyScene* m_scene;
    TopologyCanvas* m_canvas;
    OverviewPane* m_panes[3] = {};
    QSplitter* m_outer = nullptr;
    QSplitter* m_top = nullptr;
    bool m_userSized = false;
};

} // namespace ss
