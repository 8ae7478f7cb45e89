// SPDX-License-Identifier: GPL-3.0-or-later
// The text of `nvidia-smi topo -m` read into one node's topology (importer.h). The matrix gives, for every
// pair of GPUs and NICs, the closest connection between them (the legend nvidia-smi prints under it):
//   X self; NV# a bonded set of # NVLinks; PIX at most one PCIe bridge; PXB multiple PCIe bridges without
//   the host bridge; PHB a PCIe host bridge (the CPU); NODE the interconnect between host bridges within a
//   NUMA node; SYS (SOC in drivers before R384) the SMP interconnect between NUMA nodes (QPI/UPI).
// From these classes the reader rebuilds the tree: devices joined by PIX share a PCIe switch, PIX groups
// joined by PXB share an upper switch, PHB/NODE groups hang off their NUMA node's CPU, CPUs are joined by
// socket links, and GPU pairs get their NV# links (all pairs at one NV# count beyond what direct links can
// give: an NVSwitch). Both current output (NODE, NIC0 columns with a "NIC Legend", NUMA Affinity and GPU NUMA
// ID columns) and older drivers' (SOC, mlx5_0 columns) are read, separated by tabs or by spaces.
#pragma once

#include "importer.h"

namespace ss::io {

bool importSmiTopo(const QByteArray& data, const QString& fileName, ImportResult& out, QString* error);

// Whether TEXT looks like `nvidia-smi topo -m` output (a GPU0 header row and an "X" diagonal).
bool looksLikeSmiTopo(const QByteArray& text);

} // namespace ss::io
