// SPDX-License-Identifier: GPL-3.0-or-later
// A titled section whose body folds away under its header button.
#pragma once

#include <QWidget>

class QToolButton;

namespace ss {

class CollapsibleSection : public QWidget
{
    Q_OBJECT
public:
    explicit CollapsibleSection(const QString& title, QWidget* parent = nullptr);

    QWidget* body() const { return m_body; }
    QString title() const;
    void setTitle(const QString& title);
    bool isExpanded() const;
    void setExpanded(bool expanded);

private:
    QToolButton* m_header;
    QWidget* m_body;
};

} // namespace ss
