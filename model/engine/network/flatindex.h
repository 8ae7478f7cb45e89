// SPDX-License-Identifier: GPL-3.0-or-later
// An index from 64-bit keys to ints for the large tables of the network model (a cluster's million fabric
// links bundled into edges, the switch pairs a pipeline's copies cross): open addressing with Fibonacci
// hashing and linear probing (Knuth, TAOCP vol. 3 §6.4), kept at most half full, in two flat arrays, so a
// look-up is a probe or two and an entry allocates nothing (a node-based map allocated one by one).
#pragma once

#include <algorithm>
#include <bit>
#include <cstddef>
#include <cstdint>
#include <vector>

namespace ss {

class FlatIndex
{
public:
    // Room for EXPECTED keys without growing.
    explicit FlatIndex(std::size_t expected = 0) { grow(expected); }

    // The value of KEY, added as -1 when new (*FRESH true). No key may have all bits set. The reference
    // holds until the next look-up.
    int& find(std::uint64_t key, bool& fresh)
    {
        if (2 * (m_used + 1) > m_keys.size())
            grow(m_used + 1);
        const std::size_t mask = m_keys.size() - 1;
        std::size_t at = std::size_t((key * 0x9E3779B97F4A7C15ull) >> m_shift);
        while (m_keys[at] != kFree && m_keys[at] != key)
            at = (at + 1) & mask;
        fresh = m_keys[at] == kFree;
        if (fresh) {
            m_keys[at] = key;
            m_values[at] = -1;
            ++m_used;
        }
        return m_values[at];
    }

private:
    static constexpr std::uint64_t kFree = ~std::uint64_t(0);

    // At least twice COUNT slots (16 at least, a power of two), every key placed again.
    void grow(std::size_t count)
    {
        std::size_t slots = std::max<std::size_t>(16, m_keys.size());
        while (slots < 2 * count)
            slots *= 2;
        if (slots == m_keys.size())
            return;
        std::vector<std::uint64_t> keys = std::move(m_keys);
        std::vector<int> values = std::move(m_values);
        m_shift = 64 - std::countr_zero(slots);
        m_keys.assign(slots, kFree);
        m_values.assign(slots, -1);
        m_used = 0;
        for (std::size_t i = 0; i < keys.size(); ++i) {
            if (keys[i] != kFree) {
                bool fresh = false;
                find(keys[i], fresh) = values[i];
            }
        }
    }

    std::vector<std::uint64_t> m_keys;
    std::vector<int> m_values;
    std::size_t m_used = 0;
    int m_shift = 64;
};

} // namespace ss
