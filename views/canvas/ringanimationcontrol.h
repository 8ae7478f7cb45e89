// SPDX-License-Identifier: GPL-3.0-or-later
// The "Animate" bar above the topology canvas: when a collective is highlighted, it walks its ring
// algorithm step by step on the canvas (play/pause, a step back or forward, the speed) and says in words
// what the step does: "Reduce-scatter step 2 of 7: GPU 3 sends chunk 1 to GPU 4, …". The steps come from
// RingAnimation; RingAnimationItem draws them. Collectives that do not run on rings (trees, direct
// exchanges) get a sentence saying so instead.
#pragma once

#include "ringanimation.h"

#include <QPointer>
#include <QStringList>
#include <QWidget>

#include <vector>

class QComboBox;
class QLabel;
class QToolButton;
class QVariantAnimation;

namespace ss {

struct CommCollective;
class RingAnimationItem;
class TopologyScene;

class RingAnimationControl : public QWidget
{
    Q_OBJECT
public:
    // At 1×, one step of the ring takes this long.
    static constexpr int stepMilliseconds = 1600;

    explicit RingAnimationControl(TopologyScene* scene, QWidget* parent = nullptr);
    ~RingAnimationControl() override;

    // Animates COLLECTIVE's first ring channel (nullptr: none; the bar hides). The same ring again (a new
    // result of the same scenario) keeps the step on show.
    void setCollective(const CommCollective* collective);
    bool canAnimate() const { return m_model.stepCount() > 0; }
    const RingAnimation& model() const { return m_model; }
    // The ring on show: GPU ids in ring order.
    const QStringList& ring() const { return m_ring; }
    // The link ids from ring[i] to ring[i + 1].
    const std::vector<QStringList>& edgeLinks() const { return m_edgeLinks; }
    RingAnimationItem* item() const { return m_item; }

    // 0 .. stepCount(): the step on show and how far along it (stepCount(): done).
    double position() const { return m_position; }
    int step() const;
    bool isDone() const { return canAnimate() && m_position >= m_model.stepCount(); }
    bool isPlaying() const;
    QString caption() const;

    // 0.25 .. 4 times the normal pace.
    double speed() const { return m_speed; }
    void setSpeed(double speed);

public slots:
    void play();
    void pause();
    void togglePlay();
    // To the middle of the next (previous) step, so its packets are seen on their links; pauses.
    void stepForward();
    void stepBack();
    void setPosition(double position);

signals:
    void stepChanged(int step);
    void playingChanged(bool playing);

protected:
    void changeEvent(QEvent* event) override;

private:
    void retranslate();
    void updateCaption();
    void updateButtons();
    QString gpuName(int position) const;
    void clearItem();

    QPointer<TopologyScene> m_scene;
    RingAnimationItem* m_item = nullptr;
    QVariantAnimation* m_animation;
    RingAnimation m_model;
    QStringList m_ring;
    std::vector<QStringList> m_edgeLinks;
    QString m_op;
    QString m_algorithm;
    QString m_reason; // why there is nothing to animate; "" when there is
    double m_position = 0;
    double m_speed = 1;
    int m_shownStep = -1;

    QLabel* m_title;
    QToolButton* m_back;
    QToolButton* m_play;
    QToolButton* m_forward;
    QLabel* m_speedLabel;
    QComboBox* m_speedBox;
    QLabel* m_caption;
    QLabel* m_key;
};

} // namespace ss
