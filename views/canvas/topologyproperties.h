// SPDX-License-Identifier: GPL-3.0-or-later
// The property panel of the topology canvas: the selected device's kind and label, or the selected link's
// kind, bandwidth, latency, efficiency and bonded count (quantities as unit strings: "25 GB/s",
// "200 Gb/s", "0.3 us"). It shows what it is given and reports what the user entered; the editor makes the
// document edit and hands back the reason when a value is rejected.
#pragma once

#include "scenario.h"

#include <QWidget>

class QComboBox;
class QLabel;
class QLineEdit;
class QPushButton;
class QSpinBox;
class QStackedWidget;

namespace ss {

class TopologyProperties : public QWidget
{
    Q_OBJECT
public:
    explicit TopologyProperties(QWidget* parent = nullptr);

    void showNothing();
    void showDevice(const TopologyNode& device);
    // A and B: the ends' labels.
    void showLink(const TopologyLink& link, const QString& a, const QString& b);
    void showSelection(int devices, int links);
    // Why the last entry was not applied; "" clears the mark.
    void setRejected(const QString& message);
    QString rejected() const;

    // The id of the device or link on show; "" for none.
    const QString& currentId() const { return m_id; }

signals:
    void deviceKindChosen(const QString& id, const QString& kind);
    void deviceLabelEntered(const QString& id, const QString& label);
    void linkKindChosen(const QString& id, const QString& kind);
    void linkBandwidthEntered(const QString& id, const QString& text);
    void linkLatencyEntered(const QString& id, const QString& text);
    void linkEfficiencyEntered(const QString& id, const QString& text);
    // SCRUB: a step of the spin box (merged with the next ones into one undo step).
    void linkCountChanged(const QString& id, int count, bool scrub);
    void deleteClicked();

protected:
    // View > Language: labels, hints and kind names in the new language; the entries stay.
    void changeEvent(QEvent* event) override;

private:
    void retranslate();
    QWidget* makeDevicePage();
    QWidget* makeLinkPage();
    void markInvalid(QWidget* editor, bool invalid);

    QStackedWidget* m_pages;
    QLabel* m_hint;
    QLabel* m_selection;
    QLabel* m_deviceId;
    QComboBox* m_deviceKind;
    QLineEdit* m_deviceLabel;
    QLabel* m_linkId;
    QLabel* m_linkEnds;
    QComboBox* m_linkKind;
    QLineEdit* m_bandwidth;
    QLineEdit* m_latency;
    QLineEdit* m_efficiency;
    QSpinBox* m_count;
    QLabel* m_total;
    QLabel* m_error;
    QString m_id;
    QString m_shownLabel;
    QString m_shownBandwidth;
    QString m_shownLatency;
    QString m_shownEfficiency;
    QWidget* m_lastEditor = nullptr;
    bool m_loading = false;
};

} // namespace ss
