// SPDX-License-Identifier: GPL-3.0-or-later
#include "explainpanel.h"

#include "explainmodel.h"
#include "explaintext.h"

#include <QClipboard>
#include <QEvent>
#include <QGuiApplication>
#include <QHBoxLayout>
#include <QLabel>
#include <QPushButton>
#include <QTextBrowser>
#include <QTimer>
#include <QVBoxLayout>

#include <array>

namespace ss {

namespace {

// Edits come in bursts (a spin box scrubbed, a slider dragged): the shown explanation is brought up to date
// once the burst is over, not on every step of it.
constexpr int refreshDelayMs = 300;

// MemoryChart::Component in its order: the frozen base (its formula is the weights' split into frozen,
// constants and trainable), params, grads, optimizer, activations, buffers.
constexpr std::array<const char*, 6> memoryParts{"params",    "params",      "grads",
                                                 "optimizer", "activations", "buffers"};

bool isOpKind(std::string_view kind)
{
    for (const char* k : {"forward", "backward", "backward-input", "backward-weight", "recompute",
                          "optimizer", "cpu-optimizer"})
        if (kind == k)
            return true;
    return false;
}

} // namespace

ExplainPanel::ExplainPanel(ExplainModel* model, QWidget* parent)
    : QWidget(parent), m_model(model), m_empty(new QLabel(this)), m_status(new QLabel(this)),
      m_browser(new QTextBrowser(this)), m_copy(new QPushButton(this)), m_refresh(new QTimer(this))
{
    setObjectName(QStringLiteral("explainPanel"));
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(6, 6, 6, 6);
    layout->setSpacing(6);

    m_empty->setObjectName(QStringLiteral("explainEmpty"));
    m_empty->setWordWrap(true);
    m_empty->setAlignment(Qt::AlignTop | Qt::AlignLeft);
    m_empty->setForegroundRole(QPalette::PlaceholderText);
    m_empty->setMargin(6);
    layout->addWidget(m_empty);

    m_status->setObjectName(QStringLiteral("explainStatus"));
    m_status->setWordWrap(true);
    m_status->setForegroundRole(QPalette::PlaceholderText);
    m_status->setVisible(false);
    layout->addWidget(m_status);

    m_browser->setObjectName(QStringLiteral("explainText"));
    m_browser->setOpenLinks(false);
    m_browser->setFrameShape(QFrame::NoFrame);
    m_browser->setVisible(false);
    layout->addWidget(m_browser, 1);

    auto* buttons = new QHBoxLayout;
    buttons->addStretch(1);
    m_copy->setObjectName(QStringLiteral("explainCopy"));
    m_copy->setEnabled(false);
    buttons->addWidget(m_copy);
    layout->addLayout(buttons);
    layout->addStretch(0);
    connect(m_copy, &QPushButton::clicked, this, &ExplainPanel::copy);

    m_refresh->setSingleShot(true);
    m_refresh->setInterval(refreshDelayMs);
    connect(m_refresh, &QTimer::timeout, this, &ExplainPanel::ask);
    connect(m_model, &ExplainModel::ready, this, &ExplainPanel::render);
    connect(m_model, &ExplainModel::invalidated, this, [this] {
        if (m_want == Want::Nothing)
            return;
        // Hidden: nothing to compute until it is shown again (showEvent()).
        if (isVisible())
            m_refresh->start();
        render();
    });

    retranslate();
}

QString ExplainPanel::currentFigure() const
{
    if (!m_shown.isEmpty())
        return m_shown.front();
    return m_want == Want::Figure ? m_figure : QString();
}

const Explanation* ExplainPanel::shown(const QString& figure) const
{
    return m_shown.contains(figure) && m_model->isReady() ? m_model->find(figure) : nullptr;
}

void ExplainPanel::showFigure(const QString& figure)
{
    m_want = Want::Figure;
    m_figure = figure;
    emit explanationRequested();
    ask();
}

void ExplainPanel::showMemorySegment(int stage, int component)
{
    const char* part =
        component >= 0 && component < int(memoryParts.size()) ? memoryParts[std::size_t(component)] : "total";
    showFigure(QStringLiteral("memory.per_gpu[%1].%2").arg(stage).arg(QLatin1String(part)));
}

void ExplainPanel::showTimelineEvent(const TimelineEvent& event)
{
    m_want = Want::Event;
    m_event = event;
    emit explanationRequested();
    ask();
}

void ExplainPanel::showLinks(const QStringList& linkIds)
{
    if (linkIds.isEmpty())
        return;
    m_want = Want::Links;
    m_links = linkIds;
    emit explanationRequested();
    ask();
}

void ExplainPanel::clear()
{
    m_want = Want::Nothing;
    m_shown.clear();
    m_refresh->stop();
    render();
}

void ExplainPanel::ask()
{
    m_refresh->stop();
    if (m_want != Want::Nothing)
        m_model->request(); // inline for an ordinary scenario: ready() has rendered by now
    render();
}

QString ExplainPanel::resolve() const
{
    switch (m_want) {
    case Want::Nothing:
        return {};
    case Want::Figure:
        return m_model->find(m_figure) ? m_figure : QString();
    case Want::Links: {
        // The busiest of the links a drawn line stands for (a bundle into a collapsed group).
        const std::vector<CommLink>& links = m_model->result().comm.links;
        int best = -1;
        for (std::size_t j = 0; j < links.size(); ++j)
            if (m_links.contains(QString::fromStdString(links[j].id)) &&
                (best < 0 || links[j].busy_s > links[std::size_t(best)].busy_s))
                best = int(j);
        return best >= 0 ? QStringLiteral("comm.links[%1].utilization").arg(best) : QString();
    }
    case Want::Event: {
        if (m_event.collective >= 0) {
            const QString time = QStringLiteral("comm.collectives[%1].time_s").arg(m_event.collective);
            return m_model->find(time) ? time : QString();
        }
        const std::string_view name = timelineKindName(m_event.kind);
        if (!isOpKind(name))
            return {};
        const QString kind = QString::fromUtf8(name.data(), qsizetype(name.size()));
        // Interleaved schedules explain each chunk's op; the optimizer belongs to the whole stage.
        const QString chunked =
            QStringLiteral("step.op_time_s[%1][%2].%3").arg(m_event.stage).arg(m_event.chunk).arg(kind);
        if (m_model->find(chunked))
            return chunked;
        const QString plain = QStringLiteral("step.op_time_s[%1].%2").arg(m_event.stage).arg(kind);
        return m_model->find(plain) ? plain : QString();
    }
    }
    return {};
}

void ExplainPanel::render()
{
    const bool asked = m_want != Want::Nothing;
    m_empty->setVisible(!asked);
    m_browser->setVisible(asked);
    m_status->setVisible(false);
    if (!asked) {
        m_shown.clear();
        m_browser->clear();
        m_copy->setEnabled(false);
        return;
    }
    if (!m_model->isValid()) {
        m_shown.clear();
        m_browser->setHtml(
            QStringLiteral("<p>%1</p>")
                .arg(tr("The scenario has problems. Fix them to see how its figures are computed.")
                         .toHtmlEscaped()));
        m_copy->setEnabled(false);
        return;
    }
    if (!m_model->isReady()) {
        // What is on show stays, dimmed, until the new explanations arrive.
        m_status->setText(m_model->isRunning() || m_refresh->isActive() ? tr("Updating the explanation…")
                                                                        : tr("Computing the explanation…"));
        m_status->setVisible(true);
        m_browser->setEnabled(false);
        return;
    }
    m_browser->setEnabled(true);

    const Result& result = m_model->result();
    if (m_want == Want::Links) {
        // Links the scenario no longer has (a device deleted, another cluster) are no longer named.
        QStringList present;
        for (const CommLink& link : result.comm.links)
            if (m_links.contains(QString::fromStdString(link.id)))
                present << QString::fromStdString(link.id);
        m_links = present;
        if (m_links.isEmpty()) {
            m_want = Want::Nothing;
            render();
            return;
        }
    }
    const QString primary = resolve();
    m_shown.clear();
    if (primary.isEmpty()) {
        QString message;
        if (m_want == Want::Links)
            message = tr("No traffic crosses %1 in this step, so it has no figures to explain.")
                          .arg(m_links.join(QStringLiteral(", ")));
        else if (m_want == Want::Event)
            message = tr("This box has no figure of its own to explain.");
        else
            message = tr("There is no explanation of %1 for this scenario.").arg(m_figure);
        m_browser->setHtml(QStringLiteral("<p>%1</p>").arg(message.toHtmlEscaped()));
        m_copy->setEnabled(false);
        return;
    }
    for (const QString& figure : ExplainText::related(primary, &result))
        if (m_model->find(figure))
            m_shown << figure;

    // Secondary text in the palette's placeholder colour; sizes relative to the widget's font, so the panel
    // follows presentation mode's larger type.
    const QString muted = palette().color(QPalette::PlaceholderText).name();
    QString html;
    for (qsizetype i = 0; i < m_shown.size(); ++i) {
        const Explanation& e = *m_model->find(m_shown[i]);
        const QString figure = m_shown[i];
        if (i == 1)
            html += QStringLiteral("<hr><p style=\"color:%1\">%2</p>")
                        .arg(muted, tr("Related figures").toHtmlEscaped());
        else if (i > 1)
            html += QStringLiteral("<hr>");
        html += QStringLiteral(
                    "<p style=\"margin-bottom:0\"><span style=\"font-size:%1; font-weight:bold\">%2</span>"
                    "<br><span style=\"color:%3; font-size:small\">%4</span></p>")
                    .arg(i == 0 ? QStringLiteral("large") : QStringLiteral("medium"),
                         ExplainText::title(figure, &result).toHtmlEscaped(), muted, figure.toHtmlEscaped());
        html += QStringLiteral("<p style=\"font-size:%1; margin-bottom:0\">%2</p>")
                    .arg(i == 0 ? QStringLiteral("x-large") : QStringLiteral("large"),
                         ExplainText::formulaHtml(ExplainText::formula(e.formula)));
        html += QStringLiteral("<p style=\"margin-bottom:0\">= %1</p>")
                    .arg(ExplainText::formulaHtml(QString::fromStdString(e.substituted)));
        html += QStringLiteral("<p style=\"font-size:%1\">= <b>%2</b></p>")
                    .arg(i == 0 ? QStringLiteral("x-large") : QStringLiteral("large"),
                         ExplainText::valueText(e).toHtmlEscaped());
        const QString legend = ExplainText::legend(figure);
        if (!legend.isEmpty() && i == 0)
            html += QStringLiteral("<p style=\"color:%1; font-size:small\">%2</p>")
                        .arg(muted, ExplainText::formulaHtml(tr("Symbols: %1").arg(legend)));
        html += QStringLiteral("<p style=\"color:%1; font-size:small\">%2</p>")
                    .arg(muted, tr("Source: %1").arg(QString::fromStdString(e.source)).toHtmlEscaped());
    }
    m_browser->setHtml(html);
    m_copy->setEnabled(true);
}

QString ExplainPanel::text() const
{
    QStringList parts;
    for (const QString& figure : m_shown)
        if (const Explanation* e = m_model->find(figure))
            parts << ExplainText::plainText(*e, &m_model->result());
    return parts.join(QStringLiteral("\n\n"));
}

void ExplainPanel::copy()
{
    if (QClipboard* clipboard = QGuiApplication::clipboard())
        clipboard->setText(text());
}

void ExplainPanel::retranslate()
{
    m_empty->setText(
        tr("Click a figure to see how it is computed: a segment of a memory bar, a box of the step "
           "timeline, a link of the topology, a bar of the bandwidth chart or a figure of the summary."));
    m_copy->setText(tr("Copy as Text"));
    m_copy->setToolTip(tr("Copy the explanations shown, formulas and sources, to the clipboard"));
    render();
}

void ExplainPanel::changeEvent(QEvent* event)
{
    QWidget::changeEvent(event);
    switch (event->type()) {
    case QEvent::LanguageChange:
        retranslate();
        break;
    case QEvent::LocaleChange:
    case QEvent::PaletteChange:
        render(); // numbers in the new locale, secondary text in the new palette
        break;
    default:
        break;
    }
}

void ExplainPanel::showEvent(QShowEvent* event)
{
    QWidget::showEvent(event);
    // Edits made while hidden are explained now, once.
    if (m_want != Want::Nothing && !m_model->isReady())
        ask();
}

} // namespace ss
