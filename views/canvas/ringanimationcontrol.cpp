// SPDX-License-Identifier: GPL-3.0-or-later
#include "ringanimationcontrol.h"

#include "result.h"
#include "ringanimationitem.h"
#include "topologyscene.h"

#include <QComboBox>
#include <QEvent>
#include <QHBoxLayout>
#include <QHash>
#include <QLabel>
#include <QLocale>
#include <QQueue>
#include <QSet>
#include <QToolButton>
#include <QVBoxLayout>
#include <QVariantAnimation>

#include <algorithm>
#include <cmath>

namespace ss {

namespace {

constexpr double speeds[] = {0.25, 0.5, 1, 2, 4};
// The caption names every transfer of a short ring; a longer one names a few and counts the rest.
constexpr int namedTransfers = 4;

// The links from FROM to TO along the fewest hops over LINKS (the links the collective loads), as ids in
// order; empty when they do not join. A drawing aid: the engine's routes are not kept in the result, and
// the collective's own links are what its traffic used.
QStringList hopPath(const Topology& topology, const QSet<QString>& links, const QString& from,
                    const QString& to)
{
    QHash<QString, std::vector<std::pair<QString, QString>>> next; // device -> (link id, other end)
    for (std::size_t i = 0; i < topology.links.size(); ++i) {
        const TopologyLink& link = topology.links[i];
        const QString id =
            link.id.empty() ? QStringLiteral("link%1").arg(i) : QString::fromStdString(link.id);
        if (!links.contains(id))
            continue;
        const QString a = QString::fromStdString(link.a);
        const QString b = QString::fromStdString(link.b);
        next[a].push_back({id, b});
        next[b].push_back({id, a});
    }
    QHash<QString, std::pair<QString, QString>> cameBy; // device -> (link id, previous device)
    QQueue<QString> queue;
    queue.enqueue(from);
    cameBy.insert(from, {});
    while (!queue.isEmpty()) {
        const QString at = queue.dequeue();
        if (at == to)
            break;
        for (const auto& [id, other] : next.value(at)) {
            if (cameBy.contains(other))
                continue;
            cameBy.insert(other, {id, at});
            queue.enqueue(other);
        }
    }
    if (from == to || !cameBy.contains(to))
        return {};
    QStringList path;
    for (QString at = to; at != from; at = cameBy.value(at).second)
        path.prepend(cameBy.value(at).first);
    return path;
}

} // namespace

RingAnimationControl::RingAnimationControl(TopologyScene* scene, QWidget* parent)
    : QWidget(parent), m_scene(scene), m_animation(new QVariantAnimation(this)), m_title(new QLabel),
      m_back(new QToolButton), m_play(new QToolButton), m_forward(new QToolButton), m_speedLabel(new QLabel),
      m_speedBox(new QComboBox), m_caption(new QLabel), m_key(new QLabel)
{
    setObjectName(QStringLiteral("ringAnimation"));
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(8, 4, 8, 4);
    layout->setSpacing(2);
    auto* row = new QHBoxLayout;
    row->setSpacing(4);
    QFont bold = m_title->font();
    bold.setBold(true);
    m_title->setFont(bold);
    row->addWidget(m_title);
    m_back->setObjectName(QStringLiteral("ringStepBack"));
    m_play->setObjectName(QStringLiteral("ringPlay"));
    m_forward->setObjectName(QStringLiteral("ringStepForward"));
    for (QToolButton* button : {m_back, m_play, m_forward}) {
        button->setToolButtonStyle(Qt::ToolButtonTextOnly);
        button->setAutoRaise(false);
        row->addWidget(button);
    }
    row->addSpacing(8);
    row->addWidget(m_speedLabel);
    m_speedBox->setObjectName(QStringLiteral("ringSpeed"));
    for (double s : speeds)
        m_speedBox->addItem(QString(), s);
    m_speedBox->setCurrentIndex(2);
    m_speedLabel->setBuddy(m_speedBox);
    row->addWidget(m_speedBox);
    row->addStretch(1);
    // The packets' key on the same line; the chunk strips are explained in its tooltip.
    m_key->setObjectName(QStringLiteral("ringKey"));
    m_key->setTextFormat(Qt::RichText);
    row->addWidget(m_key);
    layout->addLayout(row);
    m_caption->setObjectName(QStringLiteral("ringCaption"));
    m_caption->setWordWrap(true);
    m_caption->setTextFormat(Qt::PlainText);
    m_caption->setTextInteractionFlags(Qt::TextSelectableByMouse);
    layout->addWidget(m_caption);

    m_animation->setEasingCurve(QEasingCurve::Linear);
    connect(m_animation, &QVariantAnimation::valueChanged, this,
            [this](const QVariant& value) { setPosition(value.toDouble()); });
    connect(m_animation, &QVariantAnimation::stateChanged, this, [this] {
        updateButtons();
        emit playingChanged(isPlaying());
    });
    connect(m_play, &QToolButton::clicked, this, &RingAnimationControl::togglePlay);
    connect(m_back, &QToolButton::clicked, this, &RingAnimationControl::stepBack);
    connect(m_forward, &QToolButton::clicked, this, &RingAnimationControl::stepForward);
    connect(m_speedBox, &QComboBox::currentIndexChanged, this,
            [this] { setSpeed(m_speedBox->currentData().toDouble()); });

    retranslate();
    setVisible(false);
}

RingAnimationControl::~RingAnimationControl()
{
    m_animation->stop();
    clearItem();
}

void RingAnimationControl::clearItem()
{
    // The scene deletes its items when it goes first (the editor's children go in order).
    if (m_scene && m_item) {
        m_scene->removeItem(m_item);
        delete m_item;
    }
    m_item = nullptr;
}

void RingAnimationControl::setCollective(const CommCollective* collective)
{
    QStringList ring;
    QString op;
    QString algorithm;
    std::vector<std::string> linkIds;
    if (collective) {
        op = QString::fromStdString(collective->op);
        algorithm = QString::fromStdString(collective->algorithm);
        if (!collective->rings.empty())
            for (const std::string& id : collective->rings.front())
                ring << QString::fromStdString(id);
        linkIds = collective->links;
    }
    RingCollective kind = RingCollective::AllReduce;
    QString reason;
    if (op == QLatin1String("reducescatter"))
        kind = RingCollective::ReduceScatter;
    else if (op == QLatin1String("allgather"))
        kind = RingCollective::AllGather;
    else if (op != QLatin1String("allreduce"))
        reason = tr("The animation shows all-reduce, reduce-scatter and all-gather on rings; this collective "
                    "is a %1.")
                     .arg(op);
    // Rings, and the ring channels of the hierarchical algorithm (its first one, inside a machine); trees
    // and direct exchanges have no ring to walk.
    if (reason.isEmpty() && algorithm != QLatin1String("ring") && algorithm != QLatin1String("hierarchical"))
        reason = tr("The animation shows the ring algorithm; this collective uses the %1 algorithm.")
                     .arg(algorithm.isEmpty() ? tr("unknown") : algorithm);
    if (reason.isEmpty() && ring.size() < 2)
        reason = tr("Nothing to animate: the collective's ring has fewer than two GPUs.");

    const RingAnimation model(reason.isEmpty() ? int(ring.size()) : 0, kind);
    const bool same = collective && ring == m_ring && op == m_op && algorithm == m_algorithm &&
                      model.stepCount() == m_model.stepCount();
    m_op = op;
    m_algorithm = algorithm;
    m_reason = reason;
    setVisible(collective != nullptr);
    // The same ring in a new result (or a redrawn topology) carries on where it was; the paths are found
    // again, since the links may have changed.
    const bool resume = same && canAnimate();
    const bool wasPlaying = resume && isPlaying();
    const double keep = resume ? m_position : 0.5;
    m_animation->stop();
    m_ring = ring;
    m_model = model;
    m_edgeLinks.clear();
    m_shownStep = -1;
    if (!canAnimate() || !m_scene) {
        clearItem();
        m_position = 0;
        updateButtons();
        updateCaption();
        return;
    }
    QSet<QString> links;
    for (const std::string& id : linkIds)
        links.insert(QString::fromStdString(id));
    const Topology& topology = m_scene->display().topology();
    for (qsizetype i = 0; i < ring.size(); ++i)
        m_edgeLinks.push_back(hopPath(topology, links, ring[i], ring[(i + 1) % ring.size()]));
    if (!m_item) {
        m_item = new RingAnimationItem;
        m_scene->addItem(m_item);
    }
    m_item->setRing(m_ring, m_edgeLinks, m_model);
    // A new ring starts paused in the middle of its first step: its packets are on their links at once.
    setPosition(keep);
    updateButtons();
    if (wasPlaying)
        play();
}

int RingAnimationControl::step() const
{
    if (!canAnimate())
        return 0;
    return std::min(int(std::floor(m_position)), m_model.stepCount());
}

bool RingAnimationControl::isPlaying() const
{
    return m_animation->state() == QAbstractAnimation::Running;
}

void RingAnimationControl::setSpeed(double speed)
{
    speed = std::clamp(speed, speeds[0], speeds[std::size(speeds) - 1]);
    if (speed == m_speed)
        return;
    m_speed = speed;
    const int index = m_speedBox->findData(speed);
    if (index >= 0 && index != m_speedBox->currentIndex())
        m_speedBox->setCurrentIndex(index);
    if (isPlaying()) {
        // Carry on from here at the new pace.
        m_animation->stop();
        play();
    }
}

void RingAnimationControl::play()
{
    if (!canAnimate() || isPlaying())
        return;
    const double end = m_model.stepCount();
    if (m_position >= end)
        setPosition(0); // from the start again
    m_animation->setStartValue(m_position);
    m_animation->setEndValue(end);
    m_animation->setDuration(std::max(1, int(std::lround((end - m_position) * stepMilliseconds / m_speed))));
    m_animation->start();
}

void RingAnimationControl::pause()
{
    m_animation->stop();
}

void RingAnimationControl::togglePlay()
{
    if (isPlaying())
        pause();
    else
        play();
}

void RingAnimationControl::stepForward()
{
    if (!canAnimate())
        return;
    pause();
    const int next = int(std::floor(m_position)) + 1;
    setPosition(next < m_model.stepCount() ? next + 0.5 : m_model.stepCount());
}

void RingAnimationControl::stepBack()
{
    if (!canAnimate())
        return;
    pause();
    const int steps = m_model.stepCount();
    const int current = m_position >= steps ? steps : int(std::floor(m_position));
    setPosition(std::max(current - 1, 0) + 0.5);
}

void RingAnimationControl::setPosition(double position)
{
    if (!canAnimate())
        return;
    const int steps = m_model.stepCount();
    m_position = std::clamp(position, 0.0, double(steps));
    const int s = step();
    if (m_item)
        m_item->setProgress(s, s >= steps ? 0.0 : m_position - s);
    if (s != m_shownStep) {
        m_shownStep = s;
        updateCaption();
        updateButtons();
        emit stepChanged(s);
    }
}

QString RingAnimationControl::gpuName(int position) const
{
    const QString id = m_ring.value(position);
    if (!m_scene)
        return id;
    const TopologyDisplay& display = m_scene->display();
    const int index = display.deviceIndex(id);
    if (index < 0)
        return id;
    // The short label drawn in the box when the whole ring is in one machine; else the full one.
    const int group = display.devices()[std::size_t(index)].group;
    bool oneMachine = group >= 0;
    for (const QString& other : m_ring) {
        const int k = display.deviceIndex(other);
        oneMachine = oneMachine && k >= 0 && display.devices()[std::size_t(k)].group == group;
    }
    const TopologyNode& node = display.topology().nodes[std::size_t(index)];
    const QString label = QString::fromStdString(node.label.empty() ? node.id : node.label);
    const QString text = display.devices()[std::size_t(index)].text;
    return oneMachine && !text.isEmpty() ? text : label;
}

QString RingAnimationControl::caption() const
{
    return m_caption->text();
}

void RingAnimationControl::updateCaption()
{
    if (!canAnimate()) {
        m_caption->setText(m_reason);
        m_key->clear();
        m_key->setVisible(false);
        return;
    }
    const int steps = m_model.stepCount();
    const int n = m_model.ranks();
    const int s = step();
    QString text;
    if (s >= steps) {
        switch (m_model.collective()) {
        case RingCollective::AllReduce:
            text = tr("Done after %n step(s): every GPU holds every chunk, summed over all %1 GPUs.", nullptr,
                      steps)
                       .arg(n);
            break;
        case RingCollective::ReduceScatter:
            text = tr("Done after %n step(s): each GPU holds its own chunk, summed over all %1 GPUs.",
                      nullptr, steps)
                       .arg(n);
            break;
        case RingCollective::AllGather:
            text = tr("Done after %n step(s): every GPU holds every GPU's chunk.", nullptr, steps);
            break;
        }
    } else {
        const RingPhase phase = m_model.phase(s);
        const QString stage =
            phase == RingPhase::ReduceScatter
                ? tr("Reduce-scatter step %1 of %2").arg(m_model.phaseStep(s) + 1).arg(n - 1)
                : tr("All-gather step %1 of %2").arg(m_model.phaseStep(s) + 1).arg(n - 1);
        QStringList sends;
        const std::vector<RingTransfer> transfers = m_model.transfers(s);
        const int named =
            int(transfers.size()) <= namedTransfers + 1 ? int(transfers.size()) : namedTransfers - 1;
        for (int k = 0; k < named; ++k) {
            const RingTransfer& t = transfers[std::size_t(k)];
            sends << tr("%1 sends chunk %2 to %3").arg(gpuName(t.from)).arg(t.chunk).arg(gpuName(t.to));
        }
        if (named < int(transfers.size()))
            sends << tr("and %n more", nullptr, int(transfers.size()) - named);
        const QString what = phase == RingPhase::ReduceScatter
                                 ? tr("each GPU adds the chunk it receives to its own")
                                 : tr("each GPU keeps the finished chunk it receives");
        QString list = sends.value(0);
        for (qsizetype k = 1; k < sends.size(); ++k)
            list = tr("%1, %2").arg(list, sends[k]);
        text = tr("%1: %2 (%3).").arg(stage, list, what);
        if (m_model.collective() == RingCollective::AllReduce)
            text = tr("Step %1 of %2. %3").arg(s + 1).arg(steps).arg(text);
    }
    if (m_algorithm == QLatin1String("hierarchical"))
        text += QLatin1Char(' ') + tr("(Hierarchical: its first ring channel; the machines then exchange "
                                      "their shares between rings.)");
    if (m_scene) {
        const bool hidden = std::any_of(m_ring.begin(), m_ring.end(),
                                        [this](const QString& id) { return !m_scene->deviceItem(id); });
        if (hidden)
            text += QLatin1Char(' ') + tr("Some GPUs of the ring are in collapsed machines: expand them to "
                                          "see every packet.");
    }
    m_caption->setText(text);
    const auto swatch = [](RingPhase phase, const char* glyph) {
        return QStringLiteral("<span style=\"color:%1\">%2</span>")
            .arg(RingAnimationItem::phaseColor(phase).name(), QString::fromUtf8(glyph));
    };
    m_key->setText(tr("%1 partial sum &nbsp; %2 finished chunk")
                       .arg(swatch(RingPhase::ReduceScatter, "●"), swatch(RingPhase::AllGather, "■")));
    m_key->setToolTip(
        tr("Discs carry partial sums (reduce-scatter), squares finished chunks (all-gather). Along "
           "the foot of each GPU its %n chunk(s): white not there yet, blue a partial sum (darker: "
           "more GPUs added), green finished.",
           nullptr, n));
    m_key->setVisible(true);
}

void RingAnimationControl::updateButtons()
{
    const bool can = canAnimate();
    const bool playing = isPlaying();
    m_back->setEnabled(can && m_position > 1);
    m_forward->setEnabled(can && !isDone());
    m_play->setEnabled(can);
    m_speedBox->setEnabled(can);
    m_play->setText(playing ? tr("Pause") : isDone() ? tr("Replay") : tr("Play"));
    m_play->setToolTip(playing ? tr("Pause the animation") : tr("Play the ring algorithm step by step"));
}

void RingAnimationControl::retranslate()
{
    m_title->setText(tr("Animate the ring:"));
    m_back->setText(tr("◀ Step"));
    m_back->setToolTip(tr("Show the previous step"));
    m_forward->setText(tr("Step ▶"));
    m_forward->setToolTip(tr("Show the next step"));
    m_speedLabel->setText(tr("&Speed:"));
    for (int i = 0; i < m_speedBox->count(); ++i)
        m_speedBox->setItemText(i, tr("%1×").arg(QLocale().toString(m_speedBox->itemData(i).toDouble())));
    m_speedBox->setToolTip(tr("How fast the animation plays"));
    updateButtons();
    updateCaption();
}

void RingAnimationControl::changeEvent(QEvent* event)
{
    QWidget::changeEvent(event);
    if (event->type() == QEvent::LanguageChange)
        retranslate();
}

} // namespace ss
