// SPDX-License-Identifier: GPL-3.0-or-later
#include "overviewview.h"

#include "canvasitems.h"
#include "chartlayout.h"
#include "ganttchart.h"
#include "memorychart.h"
#include "scenariodocument.h"
#include "topologycanvas.h"
#include "topologydisplay.h"
#include "topologyeditor.h"
#include "topologyscene.h"

#include <QEvent>
#include <QHBoxLayout>
#include <QLabel>
#include <QResizeEvent>
#include <QSplitter>
#include <QStyle>
#include <QTimer>
#include <QToolButton>
#include <QVBoxLayout>

#include <algorithm>

namespace ss {

// A pane of the overview: a header row (title, expand button) over one chart. A double-click on the header
// expands, like the button.
class OverviewPane : public QFrame
{
public:
    OverviewPane(const QString& name, QWidget* body, OverviewView* view, OverviewView::Pane pane)
        : m_view(view), m_pane(pane)
    {
        setObjectName(QStringLiteral("overview.") + name);
        setFrameShape(QFrame::StyledPanel);
        auto* layout = new QVBoxLayout(this);
        layout->setContentsMargins(1, 1, 1, 1);
        layout->setSpacing(0);
        m_header = new QWidget;
        m_header->setObjectName(QStringLiteral("overview.header.") + name);
        m_header->installEventFilter(this);
        auto* row = new QHBoxLayout(m_header);
        row->setContentsMargins(6, 2, 2, 2);
        m_title = new QLabel;
        m_title->setObjectName(QStringLiteral("overview.title.") + name);
        QFont bold = m_title->font();
        bold.setBold(true);
        m_title->setFont(bold);
        row->addWidget(m_title, 1);
        m_expand = new QToolButton;
        m_expand->setObjectName(QStringLiteral("overview.expand.") + name);
        m_expand->setAutoRaise(true);
        m_expand->setIcon(style()->standardIcon(QStyle::SP_TitleBarMaxButton));
        m_expand->setIconSize(QSize(12, 12));
        QObject::connect(m_expand, &QToolButton::clicked, view,
                         [view, pane] { emit view->expandRequested(pane); });
        row->addWidget(m_expand);
        layout->addWidget(m_header);
        layout->addWidget(body, 1);
    }
    QWidget* header() const { return m_header; }
    QToolButton* expandButton() const { return m_expand; }
    void setTexts(const QString& title, const QString& toolTip)
    {
        m_title->setText(title);
        m_expand->setToolTip(toolTip);
        m_header->setToolTip(toolTip);
    }

protected:
    bool eventFilter(QObject* watched, QEvent* event) override
    {
        if (watched == m_header && event->type() == QEvent::MouseButtonDblClick) {
            emit m_view->expandRequested(m_pane);
            return true;
        }
        return QFrame::eventFilter(watched, event);
    }

private:
    OverviewView* m_view;
    OverviewView::Pane m_pane;
    QWidget* m_header = nullptr;
    QLabel* m_title = nullptr;
    QToolButton* m_expand = nullptr;
};

OverviewView::OverviewView(ScenarioDocument* document, TopologyEditor* editor, QWidget* parent)
    : QWidget(parent), m_document(document), m_editor(editor), m_memory(new MemoryChart),
      m_gantt(new GanttChart), m_scene(new TopologyScene(this)), m_canvas(new TopologyCanvas(m_scene))
{
    setObjectName(QStringLiteral("overview"));
    // Smaller than on their own tabs: three share the tab. Names of their own, so that a search for the
    // charts of the other tabs by name finds those.
    m_memory->setObjectName(QStringLiteral("overviewMemoryChart"));
    m_memory->setMinimumSize(240, 120);
    m_gantt->setObjectName(QStringLiteral("overviewGanttChart"));
    m_gantt->setMinimumSize(240, 110);
    m_canvas->setObjectName(QStringLiteral("overviewCanvas"));
    m_canvas->setMinimumSize(200, 110);
    // Read-only: it shows the topology; the Topology tab edits it. The wheel still zooms.
    m_canvas->setInteractive(false);
    m_canvas->setDragMode(QGraphicsView::NoDrag);
    m_canvas->setAcceptDrops(false);
    // Focusable like the charts beside it: Enter explains the bottleneck link.
    m_canvas->setFocusPolicy(Qt::StrongFocus);
    // No scroll bars in a pane this small (the middle button still pans): their coming and going would
    // resize the view and fit it again.
    m_canvas->setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    m_canvas->setVerticalScrollBarPolicy(Qt::ScrollBarAlwaysOff);

    m_panes[0] = new OverviewPane(QStringLiteral("memory"), m_memory, this, Pane::Memory);
    m_panes[1] = new OverviewPane(QStringLiteral("timeline"), m_gantt, this, Pane::Timeline);
    m_panes[2] = new OverviewPane(QStringLiteral("topology"), m_canvas, this, Pane::Topology);

    // Memory | topology above, the timeline (which wants the width) below.
    m_top = new QSplitter(Qt::Horizontal);
    m_top->setObjectName(QStringLiteral("overviewTopSplitter"));
    m_top->addWidget(m_panes[0]);
    m_top->addWidget(m_panes[2]);
    m_top->setStretchFactor(0, 2);
    m_top->setStretchFactor(1, 3);
    m_top->setChildrenCollapsible(false);
    m_outer = new QSplitter(Qt::Vertical);
    m_outer->setObjectName(QStringLiteral("overviewSplitter"));
    m_outer->addWidget(m_top);
    m_outer->addWidget(m_panes[1]);
    m_outer->setStretchFactor(0, 1);
    m_outer->setStretchFactor(1, 1);
    m_outer->setChildrenCollapsible(false);
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 4, 0, 0);
    layout->addWidget(m_outer);
    for (QSplitter* splitter : {m_top, m_outer})
        connect(splitter, &QSplitter::splitterMoved, this, [this] { m_userSized = true; });

    // A chart too small for its legend as well as its data folds the legend (its full tab shows it).
    m_memory->installEventFilter(this);
    m_gantt->installEventFilter(this);
    m_canvas->installEventFilter(this);

    // The editor lays the cluster out when the scenario changes; the canvas here takes that layout.
    connect(editor, &TopologyEditor::displayChanged, this, &OverviewView::syncDisplay);
    syncDisplay();
    retranslate();
}

QToolButton* OverviewView::expandButton(Pane pane) const
{
    return m_panes[int(pane)]->expandButton();
}

QWidget* OverviewView::header(Pane pane) const
{
    return m_panes[int(pane)]->header();
}

bool OverviewView::eventFilter(QObject* watched, QEvent* event)
{
    // After the widget has handled the event: a chart's legend is wrapped for the new width (or language)
    // then, and the canvas has fitted itself.
    if (event->type() == QEvent::Resize || event->type() == QEvent::LanguageChange) {
        if (watched == m_canvas)
            QTimer::singleShot(0, this, &OverviewView::fitCanvas);
        else
            QTimer::singleShot(0, this, &OverviewView::fitLegends);
    }
    return QWidget::eventFilter(watched, event);
}

void OverviewView::fitLegends()
{
    for (QCustomPlot* plot : {static_cast<QCustomPlot*>(m_memory), static_cast<QCustomPlot*>(m_gantt)}) {
        // The legend folds when it would take more than a fifth of the chart's height, the title when it is
        // wider than the chart (the pane's header names the chart).
        const int legendHeight = plot->legend->minimumOuterSizeHint().height();
        bool changed = foldTitleOrLegend(plot, false, legendHeight * 5 > plot->height());
        if (QCPLayoutElement* title = plot->plotLayout()->element(0, 0))
            changed = foldTitleOrLegend(plot, true, title->minimumOuterSizeHint().width() > plot->width()) ||
                      changed;
        if (changed)
            plot->replot(QCustomPlot::rpQueuedReplot);
    }
}

void OverviewView::syncDisplay()
{
    const TopologyDisplay& display = m_editor->display();
    // Many identical machines are always collapsed here, even when the Topology tab draws them all.
    if (display.canCollapse() && !display.hasCollapsedGroup())
        m_scene->setDisplay(TopologyDisplay::build(display.topology(), {false, true}));
    else
        m_scene->setDisplay(display);
    applyLoads();
    fitCanvas();
}

void OverviewView::fitCanvas()
{
    // The whole cluster when it is readable so, else a readable part around the bottleneck (fitAll()); still
    // fitted again on the next resize or cluster (the wheel zooms from here as usual).
    m_canvas->fitAll();
}

void OverviewView::applyLoads()
{
    if (!m_document->hasResult())
        return;
    // The loads, the link the Topology tab marks and whether it limits the step, as the editor took them from
    // the same result (it has them first: it was connected to the document before this view was made).
    const TopologyScene* full = m_editor->scene();
    m_scene->setLoads(full->loadScale(), full->bottleneck(), full->bottleneckLimitsStep());
}

void OverviewView::showResult()
{
    const Result& result = m_document->result();
    const bool stale = !m_document->isResultCurrent();
    // The timeline first: its layout is built on a worker while the memory bars and the topology update.
    m_gantt->resetData(result, m_document->resultOwner());
    m_gantt->setStale(stale);
    m_memory->resetData(result);
    m_memory->setStale(stale);
    applyLoads();
}

void OverviewView::setStale(bool stale)
{
    m_memory->setStale(stale);
    m_gantt->setStale(stale);
}

void OverviewView::setBaseline(const Result* baseline, const QString& label, const QString& stepLine)
{
    m_memory->setBaseline(baseline, label);
    m_gantt->setComparison(stepLine);
}

void OverviewView::resizeEvent(QResizeEvent* event)
{
    QWidget::resizeEvent(event);
    if (m_userSized)
        return;
    // Memory two fifths of the width, the topology the rest; the timeline half the height.
    const int w = std::max(1, width());
    const int h = std::max(1, height() - 4 - m_outer->handleWidth());
    m_top->setSizes({w * 2 / 5, w - w * 2 / 5});
    m_outer->setSizes({h / 2, h - h / 2});
}

void OverviewView::changeEvent(QEvent* event)
{
    QWidget::changeEvent(event);
    if (event->type() == QEvent::LanguageChange)
        retranslate();
}

void OverviewView::retranslate()
{
    // The titles of the tabs the panes expand to.
    m_panes[0]->setTexts(tr("Memory"), tr("Show the memory chart full size, on its own tab"));
    m_panes[1]->setTexts(tr("Step timeline"), tr("Show the step timeline full size, on its own tab"));
    m_panes[2]->setTexts(tr("Topology"),
                         tr("Show the topology full size, on its own tab, where it can be edited"));
}

} // namespace ss
