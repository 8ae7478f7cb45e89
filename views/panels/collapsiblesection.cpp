// SPDX-License-Identifier: GPL-3.0-or-later
#include "collapsiblesection.h"

#include <QToolButton>
#include <QVBoxLayout>

namespace ss {

CollapsibleSection::CollapsibleSection(const QString& title, QWidget* parent)
    : QWidget(parent), m_header(new QToolButton(this)), m_body(new QWidget(this))
{
    m_header->setText(title);
    m_header->setCheckable(true);
    m_header->setChecked(true);
    m_header->setAutoRaise(true);
    m_header->setToolButtonStyle(Qt::ToolButtonTextBesideIcon);
    m_header->setArrowType(Qt::DownArrow);
    m_header->setSizePolicy(QSizePolicy::Expanding, QSizePolicy::Fixed);
    QFont bold = m_header->font();
    bold.setBold(true);
    m_header->setFont(bold);

    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->setSpacing(2);
    layout->addWidget(m_header);
    layout->addWidget(m_body);
    connect(m_header, &QToolButton::toggled, this, &CollapsibleSection::setExpanded);
}

QString CollapsibleSection::title() const
{
    return m_header->text();
}

void CollapsibleSection::setTitle(const QString& title)
{
    m_header->setText(title);
}

bool CollapsibleSection::isExpanded() const
{
    return m_header->isChecked();
}

void CollapsibleSection::setExpanded(bool expanded)
{
    m_header->setChecked(expanded);
    m_header->setArrowType(expanded ? Qt::DownArrow : Qt::RightArrow);
    m_body->setVisible(expanded);
}

} // namespace ss
