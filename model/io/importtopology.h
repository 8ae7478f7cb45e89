// SPDX-License-Identifier: GPL-3.0-or-later
// Building a node's Topology from what a hardware file tells (nvidia-smi topo -m, an NCCL topology dump):
// devices and links in the layout and naming the presets use ("n0.gpu0", "n0.pcie1", "n0.cpu0",
// "n0.nvswitch", "n0.nic0"; presets.h), with link figures from the link catalogue (linkcatalog.h).
// Internal to model/io.
#pragma once

#include "scenario.h"

#include <cstdint>
#include <set>
#include <string>

namespace ss::io::detail {

class TopologyBuilder
{
public:
    void device(const std::string& id, const char* kind, const std::string& label, double x, double y);
    // A link of KIND with the catalogue's figures for that kind; BANDWIDTH (per direction, one link) when
    // given replaces the catalogue's, for link widths and generations the catalogue does not list.
    void link(const std::string& a, const std::string& b, const std::string& kind, std::int64_t count = 1,
              double bandwidth_Bps = 0);
    Topology take() { return std::move(m_topology); }
    const Topology& topology() const { return m_topology; }

private:
    Topology m_topology;
    std::set<std::string> m_linkIds;
};

// PCIe link kinds and line rates per direction. GEN 1 to 6, WIDTH the lanes (1 to 32).
// Gen1/2 use 8b/10b encoding (2.5 and 5 GT/s: 0.25 and 0.5 GB/s per lane); Gen3-6 take the link catalogue's
// x16 figures (linkcatalog.h, the line rates of the PCI Express Base Specification) scaled by the lanes.
std::string pcieKind(int gen, int width);
std::string hostKind(int gen);
double pcieBandwidth(int gen, int width);

// NVLink kind of a GPU generation by its CUDA compute capability (sm 70: NVLink 2, 80: 3, 90: 4, 100: 5).
std::string nvlinkKindForSm(int sm);

// Layout used for imported nodes (presets.cpp's: GPUs in a row, switches below, CPUs at the bottom).
inline constexpr double kImportGpuPitch = 90;

} // namespace ss::io::detail
