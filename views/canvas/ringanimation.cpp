// SPDX-License-Identifier: GPL-3.0-or-later
#include "ringanimation.h"

#include <algorithm>

namespace ss {

namespace {

int mod(int a, int n)
{
    const int r = a % n;
    return r < 0 ? r + n : r;
}

} // namespace

RingAnimation::RingAnimation(int ranks, RingCollective collective)
    : m_ranks(std::max(ranks, 0)), m_collective(collective)
{
}

int RingAnimation::stepCount() const
{
    if (m_ranks < 2)
        return 0;
    return m_collective == RingCollective::AllReduce ? 2 * (m_ranks - 1) : m_ranks - 1;
}

RingPhase RingAnimation::phase(int step) const
{
    switch (m_collective) {
    case RingCollective::AllReduce:
        return step < phaseSteps() ? RingPhase::ReduceScatter : RingPhase::AllGather;
    case RingCollective::ReduceScatter:
        return RingPhase::ReduceScatter;
    case RingCollective::AllGather:
        break;
    }
    return RingPhase::AllGather;
}

int RingAnimation::phaseStep(int step) const
{
    if (m_collective == RingCollective::AllReduce && step >= phaseSteps())
        return step - phaseSteps();
    return step;
}

int RingAnimation::chunkSent(int position, int step) const
{
    if (!isValidStep(step) || position < 0 || position >= m_ranks)
        return -1;
    switch (m_collective) {
    case RingCollective::AllReduce:
        // Thakur et al. 2005 / NCCL: one formula over both phases.
        return mod(position - step, m_ranks);
    case RingCollective::ReduceScatter:
        // One chunk behind the all-reduce's, so position i ends with chunk i (NCCL's output layout).
        return mod(position - step - 1, m_ranks);
    case RingCollective::AllGather:
        break;
    }
    return mod(position - step, m_ranks);
}

std::vector<RingTransfer> RingAnimation::transfers(int step) const
{
    std::vector<RingTransfer> out;
    if (!isValidStep(step))
        return out;
    out.reserve(std::size_t(m_ranks));
    const RingPhase ph = phase(step);
    for (int i = 0; i < m_ranks; ++i)
        out.push_back({i, (i + 1) % m_ranks, chunkSent(i, step), ph});
    return out;
}

std::vector<std::vector<int>> RingAnimation::contributions(int steps) const
{
    const int n = m_ranks;
    std::vector<std::vector<int>> held(std::size_t(n), std::vector<int>(std::size_t(n), 1));
    if (m_collective == RingCollective::AllGather) {
        // Each GPU starts with its own finished chunk and nothing else.
        for (int i = 0; i < n; ++i)
            for (int c = 0; c < n; ++c)
                held[std::size_t(i)][std::size_t(c)] = c == i ? n : 0;
    }
    const int last = std::min(steps, stepCount());
    for (int step = 0; step < last; ++step) {
        // Every GPU sends at once: the receivers combine what the senders held before the step.
        const std::vector<std::vector<int>> before = held;
        for (const RingTransfer& t : transfers(step)) {
            const int value = before[std::size_t(t.from)][std::size_t(t.chunk)];
            int& into = held[std::size_t(t.to)][std::size_t(t.chunk)];
            into = t.phase == RingPhase::ReduceScatter ? into + value : value;
        }
    }
    return held;
}

} // namespace ss
