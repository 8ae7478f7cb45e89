// SPDX-License-Identifier: GPL-3.0-or-later
// Cluster generation: a scenario's nodes × gpus_per_node from its node preset (the ids of nodeshapes.h,
// docs/formats.md "presets") or, for "auto", from its GPU's fabric (gpucatalog.h), joined by a
// two-tier fat tree; or its explicit cluster.topology.
#pragma once

#include "nodeshapes.h"
#include "scenario.h"

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace ss {

struct ReplicatedTopology; // topology.h
class TopologyGraph;

struct ClusterShape
{
    std::string preset = "dgx-a100"; // or "auto": the node of GPU's fabric
    std::string gpu;                 // the catalogue GPU id, for "auto" (empty: the preset's GPU)
    std::int64_t nodes = 1;
    std::int64_t gpus_per_node = 0; // 0: the preset's default
    NetworkSpec network;
    std::int64_t ps_servers = 0; // parameter-server hosts on the network
};

// Generates the devices and links of a cluster. Node n's devices are "n<n>.gpu<i>", "n<n>.cpu<i>",
// "n<n>.pcie<i>", "n<n>.nvswitch" (further NVLink domains of the node "n<n>.nvswitch<k>"), "n<n>.nic<i>".
// The network is a two-tier fat tree: leaf switches of network.switch_ports ports (0: the network kind's
// usual switch), down-ports : up-ports = network.oversubscription : 1, and one "spine" standing for the
// spine layer. Rail-optimised wiring (network.rail_optimized, nodes with two or more NICs) puts NIC r of
// every node on rail r's leaves ("leaf<r>", or "leaf<r>-<k>" when a rail needs several); otherwise a
// node's NICs share a leaf ("leaf<k>"), and nodes that all fit on one switch get a single "switch".
// Servers are "ps<j>". A single node without servers gets no network. Returns false with *ERROR set for
// an unknown preset or GPU, or a shape the preset cannot take.
bool generateCluster(const ClusterShape& shape, Topology& out, std::string* error = nullptr);
// The same cluster as one machine and its copies (topology.h): expand(out) is the Topology above, and
// TopologyGraph::build(out) builds its graph without a string per device, as large clusters need.
bool generateCluster(const ClusterShape& shape, ReplicatedTopology& out, std::string* error = nullptr);

// The preset on its own as `shardscope-cli collective --topology ID` uses it: its default nodes,
// GPUs, network and, for ps-cluster, two parameter servers. Empty for an unknown id.
Topology presetTopology(std::string_view id);

// The topology a scenario's communication runs over: cluster.topology when present, else the generated
// cluster (with ps_servers servers when dp_sync is parameter-server, and always for ps-cluster).
bool scenarioTopology(const Scenario& scenario, Topology& out, std::string* error = nullptr);
// The graph of that topology, built from the replicated cluster when it is generated (no string per device).
bool scenarioGraph(const Scenario& scenario, TopologyGraph& out, std::string* error = nullptr);

} // namespace ss
