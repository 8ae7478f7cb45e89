// SPDX-License-Identifier: GPL-3.0-or-later
#include "topologyproperties.h"

#include "canvasitems.h"
#include "linkcatalog.h"
#include "stepspinbox.h"
#include "unitformat.h"

#include <QComboBox>
#include <QEvent>
#include <QFormLayout>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QSpinBox>
#include <QStackedWidget>
#include <QStyle>
#include <QVBoxLayout>

#include <climits>

namespace ss {

namespace {

const QString invalidStyle = QStringLiteral("QLineEdit[invalid=\"true\"] { border: 2px solid #d62728; }"
                                            "QLabel#propertyError { color: #d62728; }");

const char* const deviceKinds[] = {"gpu", "cpu", "pcie-switch", "nvswitch", "nic", "switch", "nvme", "ps"};

} // namespace

TopologyProperties::TopologyProperties(QWidget* parent) : QWidget(parent), m_pages(new QStackedWidget(this))
{
    setObjectName(QStringLiteral("topologyProperties"));
    setStyleSheet(invalidStyle);
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);

    m_hint = new QLabel(tr("Select a device or a link to edit it. Drag devices to move them; use Connect "
                           "and drag from one device to another to add a link."));
    m_hint->setWordWrap(true);
    m_hint->setAlignment(Qt::AlignLeft | Qt::AlignTop);
    m_hint->setObjectName(QStringLiteral("propertyHint"));
    m_pages->addWidget(m_hint);
    m_pages->addWidget(makeDevicePage());
    m_pages->addWidget(makeLinkPage());
    m_selection = new QLabel;
    m_selection->setWordWrap(true);
    m_selection->setObjectName(QStringLiteral("selectionSummary"));
    m_pages->addWidget(m_selection);
    layout->addWidget(m_pages);

    m_error = new QLabel;
    m_error->setObjectName(QStringLiteral("propertyError"));
    m_error->setWordWrap(true);
    m_error->hide();
    layout->addWidget(m_error);
    auto* remove = new QPushButton(tr("Delete"));
    remove->setObjectName(QStringLiteral("deleteSelection"));
    remove->setToolTip(tr("Delete the selection (Del); a device's links go with it"));
    connect(remove, &QPushButton::clicked, this, &TopologyProperties::deleteClicked);
    layout->addWidget(remove, 0, Qt::AlignLeft);
    layout->addStretch(1);
    connect(m_pages, &QStackedWidget::currentChanged, this, [this, remove](int page) {
        remove->setVisible(page != 0);
        // The stack is as tall as the page on show, not its tallest page.
        for (int i = 0; i < m_pages->count(); ++i)
            m_pages->widget(i)->setSizePolicy(i == page ? QSizePolicy::Preferred : QSizePolicy::Ignored,
                                              i == page ? QSizePolicy::Preferred : QSizePolicy::Ignored);
        m_pages->adjustSize();
    });
    for (int i = 1; i < m_pages->count(); ++i)
        m_pages->widget(i)->setSizePolicy(QSizePolicy::Ignored, QSizePolicy::Ignored);
    remove->hide();
}

void TopologyProperties::changeEvent(QEvent* event)
{
    QWidget::changeEvent(event);
    if (event->type() == QEvent::LanguageChange)
        retranslate();
}

void TopologyProperties::retranslate()
{
    m_hint->setText(tr("Select a device or a link to edit it. Drag devices to move them; use Connect "
                       "and drag from one device to another to add a link."));
    if (auto* remove = findChild<QPushButton*>(QStringLiteral("deleteSelection"))) {
        remove->setText(tr("Delete"));
        remove->setToolTip(tr("Delete the selection (Del); a device's links go with it"));
    }
    const std::pair<QWidget*, QString> rows[] = {
        {m_deviceId, tr("Id")},         {m_deviceKind, tr("Kind")},
        {m_deviceLabel, tr("Label")},   {m_linkId, tr("Id")},
        {m_linkEnds, tr("Joins")},      {m_linkKind, tr("Kind")},
        {m_bandwidth, tr("Bandwidth")}, {m_count, tr("Links")},
        {m_latency, tr("Latency")},     {m_efficiency, tr("Efficiency")}};
    for (const auto& [field, text] : rows) {
        auto* form = qobject_cast<QFormLayout*>(field->parentWidget()->layout());
        if (auto* label = form ? qobject_cast<QLabel*>(form->labelForField(field)) : nullptr)
            label->setText(text);
    }
    for (int i = 0; i < m_deviceKind->count(); ++i)
        m_deviceKind->setItemText(i, DeviceItem::kindName(m_deviceKind->itemData(i).toString()));
    m_linkKind->setToolTip(
        tr("Choosing a kind also sets its bandwidth, latency and efficiency from the catalogue"));
    m_bandwidth->setToolTip(tr("One link, per direction: \"25 GB/s\", \"200 Gb/s\", \"12.5 GiB/s\""));
    m_count->setToolTip(tr("Bonded links between the two devices (NV12: 12)"));
    m_latency->setToolTip(tr("One hop: \"0.3 us\", \"1.5 µs\""));
    m_efficiency->setToolTip(tr("The achievable fraction of the line rate: \"0.8\" or \"80%\""));
}

QWidget* TopologyProperties::makeDevicePage()
{
    auto* page = new QWidget;
    auto* form = new QFormLayout(page);
    form->setContentsMargins(0, 0, 0, 0);
    form->setFieldGrowthPolicy(QFormLayout::AllNonFixedFieldsGrow);
    m_deviceId = new QLabel;
    m_deviceId->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_deviceId->setObjectName(QStringLiteral("deviceId"));
    form->addRow(tr("Id"), m_deviceId);
    m_deviceKind = new QComboBox;
    m_deviceKind->setObjectName(QStringLiteral("deviceKind"));
    for (const char* kind : deviceKinds)
        m_deviceKind->addItem(DeviceItem::kindName(QLatin1String(kind)), QString::fromLatin1(kind));
    form->addRow(tr("Kind"), m_deviceKind);
    m_deviceLabel = new QLineEdit;
    m_deviceLabel->setObjectName(QStringLiteral("deviceLabel"));
    form->addRow(tr("Label"), m_deviceLabel);
    connect(m_deviceKind, &QComboBox::activated, this, [this](int index) {
        if (!m_loading)
            emit deviceKindChosen(m_id, m_deviceKind->itemData(index).toString());
    });
    connect(m_deviceLabel, &QLineEdit::editingFinished, this, [this] {
        if (!m_loading && m_deviceLabel->text() != m_shownLabel) {
            m_lastEditor = m_deviceLabel;
            emit deviceLabelEntered(m_id, m_deviceLabel->text());
        }
    });
    return page;
}

QWidget* TopologyProperties::makeLinkPage()
{
    auto* page = new QWidget;
    auto* form = new QFormLayout(page);
    form->setContentsMargins(0, 0, 0, 0);
    form->setFieldGrowthPolicy(QFormLayout::AllNonFixedFieldsGrow);
    m_linkId = new QLabel;
    m_linkId->setObjectName(QStringLiteral("linkId"));
    m_linkId->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_linkId->setWordWrap(true);
    form->addRow(tr("Id"), m_linkId);
    m_linkEnds = new QLabel;
    m_linkEnds->setWordWrap(true);
    form->addRow(tr("Joins"), m_linkEnds);
    m_linkKind = new QComboBox;
    m_linkKind->setObjectName(QStringLiteral("linkKind"));
    m_linkKind->setMinimumContentsLength(10);
    m_linkKind->setSizeAdjustPolicy(QComboBox::AdjustToMinimumContentsLengthWithIcon);
    for (const LinkCatalogEntry& entry : linkCatalog()) {
        const QString kind = QString::fromStdString(entry.kind);
        m_linkKind->addItem(kind, kind);
        m_linkKind->setItemData(m_linkKind->count() - 1, QString::fromStdString(entry.title),
                                Qt::ToolTipRole);
    }
    m_linkKind->setToolTip(
        tr("Choosing a kind also sets its bandwidth, latency and efficiency from the catalogue"));
    form->addRow(tr("Kind"), m_linkKind);
    m_bandwidth = new QLineEdit;
    m_bandwidth->setObjectName(QStringLiteral("linkBandwidth"));
    m_bandwidth->setToolTip(tr("One link, per direction: \"25 GB/s\", \"200 Gb/s\", \"12.5 GiB/s\""));
    form->addRow(tr("Bandwidth"), m_bandwidth);
    m_count = new StepSpinBox;
    m_count->setObjectName(QStringLiteral("linkCount"));
    m_count->setRange(1, 4096);
    m_count->setKeyboardTracking(false);
    m_count->setToolTip(tr("Bonded links between the two devices (NV12: 12)"));
    form->addRow(tr("Links"), m_count);
    m_total = new QLabel;
    m_total->setObjectName(QStringLiteral("linkTotal"));
    form->addRow(QString(), m_total);
    m_latency = new QLineEdit;
    m_latency->setObjectName(QStringLiteral("linkLatency"));
    m_latency->setToolTip(tr("One hop: \"0.3 us\", \"1.5 µs\""));
    form->addRow(tr("Latency"), m_latency);
    m_efficiency = new QLineEdit;
    m_efficiency->setObjectName(QStringLiteral("linkEfficiency"));
    m_efficiency->setToolTip(tr("The achievable fraction of the line rate: \"0.8\" or \"80%\""));
    form->addRow(tr("Efficiency"), m_efficiency);

    connect(m_linkKind, &QComboBox::activated, this, [this](int index) {
        if (!m_loading)
            emit linkKindChosen(m_id, m_linkKind->itemData(index).toString());
    });
    connect(m_bandwidth, &QLineEdit::editingFinished, this, [this] {
        if (!m_loading && m_bandwidth->text() != m_shownBandwidth) {
            m_lastEditor = m_bandwidth;
            emit linkBandwidthEntered(m_id, m_bandwidth->text());
        }
    });
    connect(m_latency, &QLineEdit::editingFinished, this, [this] {
        if (!m_loading && m_latency->text() != m_shownLatency) {
            m_lastEditor = m_latency;
            emit linkLatencyEntered(m_id, m_latency->text());
        }
    });
    connect(m_efficiency, &QLineEdit::editingFinished, this, [this] {
        if (!m_loading && m_efficiency->text() != m_shownEfficiency) {
            m_lastEditor = m_efficiency;
            emit linkEfficiencyEntered(m_id, m_efficiency->text());
        }
    });
    connect(m_count, &QSpinBox::valueChanged, this, [this](int value) {
        if (!m_loading)
            emit linkCountChanged(m_id, value, static_cast<StepSpinBox*>(m_count)->isStepping());
    });
    return page;
}

void TopologyProperties::showNothing()
{
    m_id.clear();
    m_pages->setCurrentIndex(0);
    setRejected({});
}

void TopologyProperties::showDevice(const TopologyNode& device)
{
    const QString id = QString::fromStdString(device.id);
    if (id != m_id)
        setRejected({});
    m_id = id;
    m_loading = true;
    m_deviceId->setText(m_id);
    int index = m_deviceKind->findData(QString::fromStdString(device.kind));
    m_deviceKind->setCurrentIndex(index);
    m_shownLabel = QString::fromStdString(device.label);
    m_deviceLabel->setText(m_shownLabel);
    m_loading = false;
    m_pages->setCurrentIndex(1);
}

void TopologyProperties::showLink(const TopologyLink& link, const QString& a, const QString& b)
{
    const QString id = QString::fromStdString(link.id);
    if (id != m_id)
        setRejected({});
    m_id = id;
    m_loading = true;
    m_linkId->setText(m_id);
    m_linkEnds->setText(tr("%1 ↔ %2").arg(a, b));
    const QString kind = QString::fromStdString(link.kind);
    int index = m_linkKind->findData(kind);
    if (index < 0) {
        // A kind the catalogue does not list (it has its class's figures): shown as it is.
        m_linkKind->addItem(kind, kind);
        index = m_linkKind->count() - 1;
    }
    m_linkKind->setCurrentIndex(index);
    m_shownBandwidth = exactQuantityText(link.bandwidth_Bps, Unit::BytesPerSecond);
    m_shownLatency = exactQuantityText(link.latency_s, Unit::Seconds);
    m_shownEfficiency = exactQuantityText(link.efficiency, Unit::Fraction);
    m_bandwidth->setText(m_shownBandwidth);
    m_latency->setText(m_shownLatency);
    m_efficiency->setText(m_shownEfficiency);
    m_count->setValue(int(std::min<std::int64_t>(link.count, INT_MAX)));
    m_total->setText(tr("= %1 per direction")
                         .arg(quantityText(link.bandwidth_Bps * double(link.count), Unit::BytesPerSecond)));
    m_loading = false;
    m_pages->setCurrentIndex(2);
}

void TopologyProperties::showSelection(int devices, int links)
{
    m_id.clear();
    setRejected({});
    m_selection->setText(
        tr("Selected: %1 devices, %2 links. Delete removes them; a deleted device's links go "
           "with it.")
            .arg(devices)
            .arg(links));
    m_pages->setCurrentIndex(3);
}

void TopologyProperties::setRejected(const QString& message)
{
    m_error->setText(message);
    m_error->setVisible(!message.isEmpty());
    for (QLineEdit* edit : {m_bandwidth, m_latency, m_efficiency, m_deviceLabel})
        markInvalid(edit, !message.isEmpty() && edit == m_lastEditor);
}

QString TopologyProperties::rejected() const
{
    return m_error->text();
}

void TopologyProperties::markInvalid(QWidget* editor, bool invalid)
{
    if (editor->property("invalid").toBool() == invalid)
        return;
    editor->setProperty("invalid", invalid);
    editor->style()->unpolish(editor);
    editor->style()->polish(editor);
}

} // namespace ss
