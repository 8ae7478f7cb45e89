// SPDX-License-Identifier: GPL-3.0-or-later
// Node presets and cluster generation (the preset ids of docs/formats.md, "presets"): a scenario's
// nodes × gpus_per_node from its node preset plus its network, or its explicit cluster.topology.
#pragma once

#include "scenario.h"

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace ss {

struct PresetInfo
{
    std::string id;                 // "dgx-a100"
    std::string title;              // "NVIDIA DGX A100"
    std::int64_t gpus_per_node = 8; // 0: any count (ps-cluster)
    std::int64_t default_gpus_per_node = 8;
    std::int64_t default_nodes = 1; // what `presetTopology()` draws
    std::string gpu;                // the catalogue GPU the machine carries
    std::string network;            // its usual network kind
    std::int64_t nics_per_node = 8; // its usual compute NICs
    std::string description;        // the wiring and where it comes from
};

const std::vector<PresetInfo>& presets();
const PresetInfo* findPreset(std::string_view id);

struct ClusterShape
{
    std::string preset = "dgx-a100";
    std::int64_t nodes = 1;
    std::int64_t gpus_per_node = 0; // 0: the preset's default
    NetworkSpec network;
    std::int64_t ps_servers = 0; // parameter-server hosts on the network
};

// Generates the devices and links of a cluster. Node n's devices are "n<n>.gpu<i>", "n<n>.cpu<i>",
// "n<n>.pcie<i>", "n<n>.nvswitch", "n<n>.nic<i>"; the network is "leaf<r>" per rail plus "spine" when
// nodes carry two or more NICs (rail-optimised: NIC r of every node on leaf r, a non-blocking spine
// joining the leaves), else one "switch"; servers are "ps<j>". A single node without servers gets no
// network. Returns false with *ERROR set for an unknown preset or a shape the preset cannot take.
bool generateCluster(const ClusterShape& shape, Topology& out, std::string* error = nullptr);

// The preset on its own as `shardscope-cli collective --topology ID` uses it: its default nodes,
// GPUs, network and, for ps-cluster, two parameter servers. Empty for an unknown id.
Topology presetTopology(std::string_view id);

// The topology a scenario's communication runs over: cluster.topology when present, else the generated
// cluster (with ps_servers servers when dp_sync is parameter-server, and always for ps-cluster).
bool scenarioTopology(const Scenario& scenario, Topology& out, std::string* error = nullptr);

} // namespace ss
