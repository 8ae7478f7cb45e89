// SPDX-License-Identifier: GPL-3.0-or-later
// An NCCL topology dump (the XML NCCL writes to NCCL_TOPO_DUMP_FILE) read into one node's topology
// (importer.h). The elements and attributes are those NCCL itself reads back (src/graph/topo.cc,
// ncclTopoGetSystemFromXml): <system> holds <cpu numaid arch vendor familyid modelid>, which hold <pci busid
// class link_speed link_width> trees; a <pci> holding a <gpu dev sm rank> is a GPU, one holding a <nic> with
// <net name speed> ports is a NIC, class 0x060400 is a PCIe switch; a GPU's <nvlink target count tclass>
// reaches another GPU (tclass 0x03xxxx), an NVSwitch (0x068000: NCCL joins all NVSwitches into one node) or
// the CPU (0x068001). Link speeds: a <pci>'s own link_speed ("16.0 GT/s PCIe") and link_width (lanes; 0 means
// x16, as NCCL reads it) to its parent; a net's speed in Mb/s.
#pragma once

#include "importer.h"

namespace ss::io {

bool importNcclTopo(const QByteArray& data, const QString& fileName, ImportResult& out, QString* error);

} // namespace ss::io
