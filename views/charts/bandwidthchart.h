// SPDX-License-Identifier: GPL-3.0-or-later
// The "Bandwidth" tab: above, the busiest links of the step sorted by utilisation (busy time over step
// time; busy time itself until the step is simulated), coloured by their kind's class, the bottleneck
// outlined and named; below, each collective's time per step (one call's time × calls per step) coloured by
// its parallel group (tp, pp, dp, offload). It only draws ss::Result::comm; nothing here computes a load.
// A click (not a drag) on a bar or its row label asks for the bar's explanation (linkClicked(),
// collectiveClicked()); the main window hands it to the Explain dock.
#pragma once

#include "plotpresentation.h"
#include "result.h"

#include <qcustomplot.h>

#include <map>
#include <vector>

namespace ss {

class BandwidthChart : public QCustomPlot
{
    Q_OBJECT
public:
    explicit BandwidthChart(QWidget* parent = nullptr);

    // Shows RESULT's links and collectives; queues one replot.
    void resetData(const Result& result);
    // Marks the shown result as belonging to an earlier scenario (the current one is invalid).
    void setStale(bool stale);
    bool isStale() const { return m_stale; }

    // What is drawn, top row first.
    const std::vector<CommLink>& shownLinks() const { return m_shown; }
    int totalLinks() const { return m_linkCount; }
    // The title over the link rows (what they show, how many of how many).
    QString linkTitle() const;
    // The row of the bottleneck link among shownLinks(), -1 when it is not among them.
    int bottleneckRow() const { return m_bottleneckRow; }
    const QString& bottleneck() const { return m_bottleneck; }
    // Whether the marked link limits the step ("Bottleneck") or is only the busiest ("Busiest link").
    bool bottleneckLimitsStep() const { return m_limitsStep; }
    // The bar value of link row ROW (utilisation in [0, 1], or busy seconds) and its colour.
    double linkValue(int row) const;
    QColor linkColor(int row) const;
    bool showsUtilization() const { return m_utilization; }
    // Sorted by group (tp, pp, dp, ep, offload), so row R is Result::comm.collectives[collectiveIndex(R)].
    const std::vector<CommCollective>& shownCollectives() const { return m_collectives; }
    int collectiveIndex(int row) const;
    // Seconds per step of collective row ROW: time_s × count_per_step.
    double collectiveValue(int row) const;
    QColor collectiveColor(int row) const;
    static QColor groupColor(const QString& group);
    static QString groupName(const QString& group);

    QCPAxisRect* linkRect() const { return m_linkRect; }
    QCPAxisRect* collectiveRect() const { return m_collectiveRect; }
    QString toolTipAt(const QPointF& pos) const;
    // The link or collective row under POS (a bar's band, its label included), -1 for none.
    int linkRowAt(const QPointF& pos) const;
    int collectiveRowAt(const QPointF& pos) const;
    // The middle of the bar of ROW in pixels (as of the last replot), for tests; a null point for no row.
    QPointF linkBarCenter(int row) const;
    QPointF collectiveBarCenter(int row) const;
    // Presentation mode: fonts and lines SCALE times their usual size (1: as usual), fewer rows.
    Q_INVOKABLE void setPresentationScale(double scale);
    double presentationScale() const { return m_presentation.scale(); }

signals:
    // The bar of link LINK_ID (CommLink::id) was clicked.
    void linkClicked(const QString& linkId);
    // The bar of a collective was clicked: INDEX indexes Result::comm.collectives (not the shown rows).
    void collectiveClicked(int index);

protected:
    void changeEvent(QEvent* event) override;
    void resizeEvent(QResizeEvent* event) override;
    void mousePressEvent(QMouseEvent* event) override;
    void mouseReleaseEvent(QMouseEvent* event) override;

private:
    void rebuild();
    void chooseShownLinks();
    void drawLinks();
    void markBottleneck();
    void sortCollectives();
    void drawCollectives();
    void applyPalette();
    void retranslate();
    void updateTitles();
    int rowsThatFit() const;
    void fitMarkLabel();
    void fitLegends();
    void onMouseMove(QMouseEvent* event);

    // The busiest links that carry bytes, busiest first, as many as a chart can show, then the bottleneck
    // when it is not among them; and how many carry bytes.
    std::vector<CommLink> m_links;
    int m_linkCount = 0;
    std::vector<CommLink> m_shown;
    std::vector<CommCollective> m_collectives;
    std::vector<int> m_collectiveIndex; // per shown row, its index in Result::comm.collectives
    QString m_bottleneck;
    int m_bottleneckRow = -1;
    bool m_utilization = false;
    bool m_limitsStep = true;
    bool m_stale = false;
    int m_rows = 0;
    QPointF m_pressPos;
    bool m_pressed = false;

    QCPTextElement* m_linkTitle = nullptr;
    QCPTextElement* m_collectiveTitle = nullptr;
    QCPAxisRect* m_linkRect = nullptr;
    QCPAxisRect* m_collectiveRect = nullptr;
    QCPLegend* m_groupLegend = nullptr;
    std::map<int, QCPBars*> m_kindBars;      // by LinkClass
    std::map<QString, QCPBars*> m_groupBars; // by group
    std::vector<QCPAbstractItem*> m_items;   // bottleneck marks and empty-state notes
    QCPItemText* m_markLabel = nullptr;      // "◀ Bottleneck", among m_items
    double m_linkUpper = 1;                  // the link value axis' upper end before fitMarkLabel()
    PlotPresentation m_presentation;
};

} // namespace ss
