// SPDX-License-Identifier: GPL-3.0-or-later
#include "compareview.h"

#include "baselinemodel.h"
#include "comparemodel.h"
#include "enginetext.h"

#include <QAction>
#include <QEvent>
#include <QFileInfo>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QTableView>
#include <QToolButton>
#include <QVBoxLayout>

namespace ss {

CompareView::CompareView(QWidget* parent)
    : QWidget(parent), m_model(new CompareModel(this)), m_header(new QLabel(this)),
      m_bottleneck(new QLabel(this)), m_table(new QTableView(this)), m_pinButton(new QToolButton(this)),
      m_fileButton(new QToolButton(this))
{
    setObjectName(QStringLiteral("compareView"));
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(8, 8, 8, 8);
    layout->setSpacing(8);

    auto* top = new QHBoxLayout;
    m_header->setObjectName(QStringLiteral("compare.header"));
    m_header->setWordWrap(true);
    m_header->setTextInteractionFlags(Qt::TextSelectableByMouse);
    top->addWidget(m_header, 1);
    m_pinButton->setObjectName(QStringLiteral("compare.pin"));
    m_fileButton->setObjectName(QStringLiteral("compare.file"));
    for (QToolButton* button : {m_pinButton, m_fileButton}) {
        button->setToolButtonStyle(Qt::ToolButtonTextOnly);
        button->setVisible(false);
        top->addWidget(button, 0, Qt::AlignTop);
    }
    layout->addLayout(top);

    m_table->setObjectName(QStringLiteral("compare.table"));
    m_table->setModel(m_model);
    m_table->setAlternatingRowColors(true);
    m_table->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_table->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_table->verticalHeader()->setVisible(false);
    m_table->verticalHeader()->setDefaultSectionSize(m_table->fontMetrics().height() + 8);
    m_table->horizontalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
    // Numbers stay next to their names on a wide window: no column is stretched across it.
    m_table->horizontalHeader()->setStretchLastSection(false);
    m_table->setWordWrap(false);
    layout->addWidget(m_table, 1);

    m_bottleneck->setObjectName(QStringLiteral("compare.bottleneck"));
    m_bottleneck->setWordWrap(true);
    m_bottleneck->setTextInteractionFlags(Qt::TextSelectableByMouse);
    layout->addWidget(m_bottleneck);

    m_model->setPalette(palette());
    resetData(nullptr, QString(), Result(), {});
}

void CompareView::setActions(QAction* pin, QAction* compareWithFile)
{
    m_pinButton->setDefaultAction(pin);
    m_pinButton->setVisible(pin != nullptr);
    m_fileButton->setDefaultAction(compareWithFile);
    m_fileButton->setVisible(compareWithFile != nullptr);
}

void CompareView::resetData(const Baseline* baseline, const QString& currentName, const Result& current,
                            const std::vector<FigureDelta>& deltas)
{
    m_pinned = baseline != nullptr;
    m_model->resetData(baseline ? deltas : std::vector<FigureDelta>(),
                       baseline ? baseline->label : QString());
    m_baselineLabel = baseline ? baseline->label : QString();
    m_baselineFile = baseline ? baseline->fileName : QString();
    m_currentName = currentName;
    m_baselineBottleneck = baseline ? baseline->result.bottleneck : Bottleneck();
    m_currentBottleneck = current.bottleneck;
    m_table->setVisible(m_pinned);
    m_bottleneck->setVisible(m_pinned);
    showTexts();
}

void CompareView::showTexts()
{
    if (!m_pinned) {
        m_header->setText(
            tr("<b>No baseline pinned.</b> Pin the current scenario as the baseline, then change "
               "it: every figure here, the summary and the memory chart show what the change "
               "bought. Or compare with a saved scenario file."));
        m_bottleneck->clear();
        return;
    }
    const QString source =
        m_baselineFile.isEmpty() ? QString() : tr(" (%1)").arg(QFileInfo(m_baselineFile).fileName());
    m_header->setText(
        tr("Baseline <b>%1</b>%2 against the current scenario <b>%3</b>. Change = current − "
           "baseline; green is better, red is worse.")
            .arg(m_baselineLabel.toHtmlEscaped(), source.toHtmlEscaped(), m_currentName.toHtmlEscaped()));
    const auto bottleneckText = [](const Bottleneck& bottleneck) {
        return bottleneck.kind.empty() ? tr("none") : EngineText::bottleneck(bottleneck);
    };
    m_bottleneck->setText(
        tr("Bottleneck of the baseline: %1\nBottleneck now: %2")
            .arg(bottleneckText(m_baselineBottleneck), bottleneckText(m_currentBottleneck)));
}

void CompareView::changeEvent(QEvent* event)
{
    QWidget::changeEvent(event);
    if (event->type() == QEvent::PaletteChange)
        m_model->setPalette(palette());
    // View > Language: the sentences and the table's words again; its rows and selection stay.
    if (event->type() == QEvent::LanguageChange) {
        showTexts();
        m_model->retranslate();
    }
}

} // namespace ss
