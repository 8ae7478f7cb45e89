// SPDX-License-Identifier: GPL-3.0-or-later
#include "topologydisplay.h"

#include "topology.h"

#include <QHash>

#include <algorithm>
#include <array>
#include <cmath>
#include <map>
#include <numeric>
#include <span>
#include <string_view>
#include <unordered_map>
#include <utility>

namespace ss {

namespace {

constexpr double frameMargin = 14; // around a machine's devices
constexpr double frameTitle = 20;  // above them, for the machine's name
constexpr double frameGap = 44;    // between machine frames
constexpr double networkGap = 120; // between the network rows and above the machines
constexpr double parallelGap = 16; // between parallel lines joining the same two ends
constexpr int rowCount = 5;

// Rows of a machine, top to bottom. The network is above the machines, so NICs sit on top; the CPUs
// between them and the PCIe switches they root; GPUs below their switches, NVSwitches under the GPUs.
int rowOf(const std::string& kind)
{
    if (kind == "nic" || kind == "nvme")
        return 0;
    if (kind == "pcie-switch")
        return 2;
    if (kind == "gpu")
        return 3;
    if (kind == "nvswitch")
        return 4;
    return 1; // cpu, ps (and anything else) with the CPUs
}

// Sorts a row by X and pushes its members at least MIN_GAP apart, then moves the row back so its mean stays.
void spreadRow(std::vector<int>& row, std::vector<double>& x, double minGap)
{
    if (row.size() < 2)
        return;
    std::stable_sort(row.begin(), row.end(),
                     [&x](int a, int b) { return x[std::size_t(a)] < x[std::size_t(b)]; });
    double before = 0;
    for (int i : row)
        before += x[std::size_t(i)];
    for (std::size_t k = 1; k < row.size(); ++k)
        x[std::size_t(row[k])] = std::max(x[std::size_t(row[k])], x[std::size_t(row[k - 1])] + minGap);
    double after = 0;
    for (int i : row)
        after += x[std::size_t(i)];
    const double shift = (before - after) / double(row.size());
    for (int i : row)
        x[std::size_t(i)] += shift;
}

// One machine laid out on its own, positions relative to the top-left of its devices' bounds, by local
// index. Machines of one engine template share it.
struct Block
{
    std::vector<QPointF> pos;
    std::vector<double> width;
    QSizeF size;
};

int localOf(const TopologyGraph& g, int device)
{
    return g.devices()[std::size_t(device)].local;
}

// A machine's devices (by local index) in their rows, top to bottom (rowOf()).
struct MachineRows
{
    std::vector<int> rank;              // the row of each device
    std::vector<std::vector<int>> rows; // the devices of each row
};

MachineRows machineRows(const Topology& t, std::span<const int> devices)
{
    MachineRows m;
    m.rank.resize(devices.size());
    m.rows.resize(rowCount);
    for (std::size_t i = 0; i < devices.size(); ++i) {
        m.rank[i] = rowOf(t.nodes[std::size_t(devices[i])].kind);
        m.rows[std::size_t(m.rank[i])].push_back(int(i));
    }
    return m;
}

// Across: the anchor row (the GPUs, else the fullest) evenly spaced, then the other rows, nearest to it
// first, each device over the mean of its placed neighbours (a barycentric layout, which puts a PCIe switch
// over its GPUs and a CPU over its switches) and spread a pitch apart.
std::vector<double> placeAcross(const TopologyGraph& g, int host, std::vector<std::vector<int>>& rows)
{
    const std::span<const int> devices = g.hostDevices(host);
    int anchor = 3;
    if (rows[3].empty()) {
        anchor = 0;
        for (int r = 1; r < rowCount; ++r)
            if (rows[std::size_t(r)].size() > rows[std::size_t(anchor)].size())
                anchor = r;
    }
    std::vector<double> x(devices.size(), 0);
    std::vector<bool> placed(devices.size(), false);
    for (std::size_t k = 0; k < rows[std::size_t(anchor)].size(); ++k) {
        const int i = rows[std::size_t(anchor)][k];
        x[std::size_t(i)] = (double(k) + 0.5) * TopologyDisplay::pitch;
        placed[std::size_t(i)] = true;
    }
    std::vector<int> order(rowCount);
    std::iota(order.begin(), order.end(), 0);
    std::stable_sort(order.begin(), order.end(),
                     [anchor](int a, int b) { return std::abs(a - anchor) < std::abs(b - anchor); });
    double anchorMean = 0;
    for (int i : rows[std::size_t(anchor)])
        anchorMean += x[std::size_t(i)];
    anchorMean =
        rows[std::size_t(anchor)].empty() ? 0 : anchorMean / double(rows[std::size_t(anchor)].size());
    for (int r : order) {
        if (r == anchor)
            continue;
        std::vector<int>& row = rows[std::size_t(r)];
        for (int i : row) {
            double sum = 0;
            int count = 0;
            for (const TopologyGraph::Arc& arc : g.arcsFrom(devices[std::size_t(i)])) {
                const Device& to = g.devices()[std::size_t(arc.to)];
                if (to.host != host || !placed[std::size_t(localOf(g, arc.to))])
                    continue;
                sum += x[std::size_t(localOf(g, arc.to))];
                ++count;
            }
            x[std::size_t(i)] = count ? sum / count : anchorMean;
        }
        spreadRow(row, x, TopologyDisplay::pitch);
        for (int i : row)
            placed[std::size_t(i)] = true;
    }
    return x;
}

// Down: the top of each row, an empty row taking no room; *BOTTOM: the top the next row would have.
std::vector<double> rowTops(const std::vector<std::vector<int>>& rows, double* bottom)
{
    std::vector<double> rowY(rowCount, 0);
    double y = 0;
    for (int r = 0; r < rowCount; ++r) {
        rowY[std::size_t(r)] = y;
        if (!rows[std::size_t(r)].empty())
            y += TopologyDisplay::rowGap;
    }
    *bottom = y;
    return rowY;
}

// Lines that pass through a row between the rows they join (a NIC over its PCIe switch, with the CPU row
// between) must not run through a device there: such a device moves aside, to the nearest free place.
void moveOffCrossings(const TopologyGraph& g, int host, const MachineRows& m, const std::vector<double>& rowY,
                      std::vector<double>& x)
{
    const double clear = TopologyDisplay::boxWidth / 2 + 10;
    for (int r = 0; r < 3; ++r) {
        const std::vector<int>& row = m.rows[std::size_t(r)];
        if (row.empty())
            continue;
        std::vector<double> crossings;
        for (int e : g.hostEdges(host)) {
            const Edge edge = g.edge(e);
            const int u = localOf(g, edge.a);
            const int v = localOf(g, edge.b);
            const double yu = rowY[std::size_t(m.rank[std::size_t(u)])];
            const double yv = rowY[std::size_t(m.rank[std::size_t(v)])];
            const double yr = rowY[std::size_t(r)];
            if ((yu < yr && yr < yv) || (yv < yr && yr < yu))
                crossings.push_back(x[std::size_t(u)] +
                                    (x[std::size_t(v)] - x[std::size_t(u)]) * (yr - yu) / (yv - yu));
        }
        if (crossings.empty())
            continue;
        for (int i : row) {
            const auto blocked = [&](double at) {
                for (double c : crossings)
                    if (std::abs(c - at) < clear)
                        return true;
                for (int j : row)
                    if (j != i && std::abs(x[std::size_t(j)] - at) < TopologyDisplay::pitch - 1)
                        return true;
                return false;
            };
            const double at = x[std::size_t(i)];
            if (!blocked(at))
                continue;
            double best = at;
            double bestDistance = 1e300;
            for (double c : crossings) {
                for (double candidate : {c - clear - 2, c + clear + 2}) {
                    if (!blocked(candidate) && std::abs(candidate - at) < bestDistance) {
                        best = candidate;
                        bestDistance = std::abs(candidate - at);
                    }
                }
            }
            x[std::size_t(i)] = best;
        }
    }
}

// Links along a row that skip over a device arc below it (makeLinks()); the block keeps room for them.
double arcDepthOf(const TopologyGraph& g, int host, const std::vector<int>& rank,
                  const std::vector<double>& x)
{
    double arcDepth = 0;
    for (int e : g.hostEdges(host)) {
        const Edge edge = g.edge(e);
        const int u = localOf(g, edge.a);
        const int v = localOf(g, edge.b);
        const double span = std::abs(x[std::size_t(u)] - x[std::size_t(v)]);
        if (rank[std::size_t(u)] == rank[std::size_t(v)] && span > TopologyDisplay::pitch * 1.01)
            arcDepth = std::max(arcDepth, 10 + 0.16 * span);
    }
    return arcDepth;
}

Block layoutMachine(const Topology& t, const TopologyGraph& g, int host)
{
    const std::size_t n = g.hostDevices(host).size();
    MachineRows m = machineRows(t, g.hostDevices(host));
    std::vector<double> x = placeAcross(g, host, m.rows);
    double y = 0;
    const std::vector<double> rowY = rowTops(m.rows, &y);
    moveOffCrossings(g, host, m, rowY, x);
    const double arcDepth = arcDepthOf(g, host, m.rank, x);

    Block block;
    block.pos.resize(n);
    block.width.assign(n, TopologyDisplay::boxWidth);
    for (int i : m.rows[4]) {
        // An NVSwitch alone in its row is drawn as a bar under all the GPUs it joins.
        if (m.rows[4].size() != 1 || m.rows[3].size() < 2)
            break;
        double lo = x[std::size_t(i)];
        double hi = lo;
        for (int j : m.rows[3]) {
            lo = std::min(lo, x[std::size_t(j)]);
            hi = std::max(hi, x[std::size_t(j)]);
        }
        x[std::size_t(i)] = (lo + hi) / 2;
        block.width[std::size_t(i)] = hi - lo + TopologyDisplay::boxWidth;
    }
    double left = 1e300;
    double right = -1e300;
    for (std::size_t i = 0; i < n; ++i) {
        left = std::min(left, x[i] - block.width[i] / 2);
        right = std::max(right, x[i] + block.width[i] / 2);
    }
    for (std::size_t i = 0; i < n; ++i)
        block.pos[i] = QPointF(x[i] - left, rowY[std::size_t(m.rank[i])] + TopologyDisplay::boxHeight / 2);
    block.size = QSizeF(right - left, y - TopologyDisplay::rowGap + TopologyDisplay::boxHeight + arcDepth);
    return block;
}

// Reads a decimal number at the front of TEXT and drops it; false (TEXT unchanged) when there is none.
bool takeNumber(std::string_view& text, std::string_view* number)
{
    std::size_t n = 0;
    while (n < text.size() && text[n] >= '0' && text[n] <= '9')
        ++n;
    if (n == 0)
        return false;
    *number = text.substr(0, n);
    text.remove_prefix(n);
    return true;
}

bool takePrefix(std::string_view& text, std::string_view prefix)
{
    if (text.substr(0, prefix.size()) != prefix)
        return false;
    text.remove_prefix(prefix.size());
    return true;
}

QString fromView(std::string_view text)
{
    return QString::fromUtf8(text.data(), qsizetype(text.size()));
}

// The words of the labels a generated cluster gives its devices (buildNode() and the network in
// model/engine/network/presets.cpp: "node 3 GPU 0", "Leaf 1 (rail 1)") in the user's language; any other
// label as it is. The translations are looked up once, not once for each of a million devices.
class GeneratedLabels
{
public:
    GeneratedLabels()
        : m_node(TopologyDisplay::tr("node %1 %2", "a device of a generated machine: node 3 GPU 0")),
          m_gpu(TopologyDisplay::tr("GPU %1")), m_cpu(TopologyDisplay::tr("CPU %1")),
          m_pcie(TopologyDisplay::tr("PCIe switch %1")), m_nic(TopologyDisplay::tr("NIC %1")),
          m_switch(TopologyDisplay::tr("Switch", "the network switch of a generated cluster")),
          m_spine(TopologyDisplay::tr("Spine", "the spine switch of a generated cluster")),
          m_leaf(TopologyDisplay::tr("Leaf %1", "a leaf switch of a generated cluster")),
          m_leafRail(TopologyDisplay::tr("Leaf %1 (rail %2)")),
          m_server(TopologyDisplay::tr("Parameter server %1"))
    {
        m_identity = m_node == QLatin1String("node %1 %2") && m_gpu == QLatin1String("GPU %1") &&
                     m_cpu == QLatin1String("CPU %1") && m_pcie == QLatin1String("PCIe switch %1") &&
                     m_nic == QLatin1String("NIC %1") && m_switch == QLatin1String("Switch") &&
                     m_spine == QLatin1String("Spine") && m_leaf == QLatin1String("Leaf %1") &&
                     m_leafRail == QLatin1String("Leaf %1 (rail %2)") &&
                     m_server == QLatin1String("Parameter server %1");
    }

    QString operator()(const TopologyNode& node) const
    {
        const std::string& label = node.label.empty() ? node.id : node.label;
        if (m_identity)
            return QString::fromStdString(label);
        std::string_view text = label;
        std::string_view number;
        if (takePrefix(text, "node ") && takeNumber(text, &number) && takePrefix(text, " "))
            return m_node.arg(fromView(number), part(text));
        text = label;
        if (text == "Switch")
            return m_switch;
        if (text == "Spine")
            return m_spine;
        if (takePrefix(text, "Parameter server ") && takeNumber(text, &number) && text.empty())
            return m_server.arg(fromView(number));
        text = label;
        if (takePrefix(text, "Leaf ")) {
            const std::size_t space = text.find(' ');
            std::string_view rest = text.substr(space == std::string_view::npos ? text.size() : space);
            const std::string_view leaf = text.substr(0, text.size() - rest.size());
            if (rest.empty() && !leaf.empty())
                return m_leaf.arg(fromView(leaf));
            if (!leaf.empty() && takePrefix(rest, " (rail ") && takeNumber(rest, &number) && rest == ")")
                return m_leafRail.arg(fromView(leaf), fromView(number));
        }
        return QString::fromStdString(label);
    }

private:
    // A device of a machine: "GPU 0", "CPU 1", "PCIe switch 0", "NIC 3"; others ("NVSwitch") as they are.
    QString part(std::string_view text) const
    {
        const std::string_view whole = text;
        std::string_view number;
        const std::array<std::pair<std::string_view, const QString*>, 4> formats{
            {{"GPU ", &m_gpu}, {"CPU ", &m_cpu}, {"PCIe switch ", &m_pcie}, {"NIC ", &m_nic}}};
        for (const auto& [prefix, format] : formats) {
            text = whole;
            if (takePrefix(text, prefix) && takeNumber(text, &number) && text.empty())
                return format->arg(fromView(number));
        }
        return fromView(whole);
    }

    QString m_node, m_gpu, m_cpu, m_pcie, m_nic, m_switch, m_spine, m_leaf, m_leafRail, m_server;
    bool m_identity = false;
};

// The words every label of a machine begins with ("node 3 "), cut at a space; "" when there are none.
// LABELS: every device's label, by index.
QString commonPrefix(const std::vector<QString>& labels, std::span<const int> devices)
{
    if (devices.size() < 2)
        return {};
    QString prefix = labels[std::size_t(devices[0])];
    for (std::size_t k = 1; k < devices.size() && !prefix.isEmpty(); ++k) {
        const QString& label = labels[std::size_t(devices[k])];
        qsizetype n = 0;
        while (n < prefix.size() && n < label.size() && prefix[n] == label[n])
            ++n;
        prefix.truncate(n);
    }
    const qsizetype space = prefix.lastIndexOf(QLatin1Char(' '));
    prefix.truncate(space < 0 ? 0 : space + 1);
    for (int d : devices)
        if (labels[std::size_t(d)].size() <= prefix.size())
            return {};
    return prefix;
}

// The unit normal of A -> B that points down (or right, for a vertical line), so a bend does not depend
// on which end a link names first.
QPointF canonicalNormal(const QPointF& a, const QPointF& b)
{
    const QPointF d = b - a;
    const double length = std::hypot(d.x(), d.y());
    if (length < 1e-9)
        return QPointF(0, 1);
    QPointF normal(-d.y() / length, d.x() / length);
    if (normal.y() < -1e-9 || (std::abs(normal.y()) <= 1e-9 && normal.x() < 0))
        normal = -normal;
    return normal;
}

// The machines of a topology: hosts with two or more devices, or a GPU. Single devices (parameter servers)
// and the network switches are drawn above them. Of many identical machines (one engine template), the
// first few stay and the rest are hidden in one collapsed group, drawn where the first of them is.
struct Machines
{
    std::vector<int> hosts;
    std::map<int, std::vector<int>> byTemplate;
    std::vector<bool> hidden;                 // by host
    std::map<int, std::vector<int>> hiddenOf; // template -> its hidden machines
    bool canCollapse = false;                 // some template has enough machines to collapse
};

Machines findMachines(const TopologyGraph& graph, bool built, bool collapse)
{
    Machines m;
    if (built) {
        for (int h = 0; h < graph.hostCount(); ++h) {
            const std::span<const int> devices = graph.hostDevices(h);
            const bool gpu = std::any_of(devices.begin(), devices.end(), [&](int dev) {
                return graph.devices()[std::size_t(dev)].kind == DeviceKind::Gpu;
            });
            if (devices.size() < 2 && !gpu)
                continue;
            m.hosts.push_back(h);
            m.byTemplate[graph.hostTemplate(h)].push_back(h);
        }
    }
    m.hidden.assign(std::size_t(built ? graph.hostCount() : 0), false);
    for (const auto& [tmpl, hosts] : m.byTemplate) {
        if (int(hosts.size()) <= TopologyDisplay::collapseAbove)
            continue;
        m.canCollapse = true;
        if (!collapse)
            continue;
        for (std::size_t k = TopologyDisplay::drawnWhenCollapsed; k < hosts.size(); ++k) {
            m.hidden[std::size_t(hosts[k])] = true;
            m.hiddenOf[tmpl].push_back(hosts[k]);
        }
    }
    return m;
}

using Devices = std::vector<TopologyDisplay::Device>;

// The machine blocks in a grid: the drawn machines (a collapsed group takes its first machine's slot), then
// the hidden ones after them, so their positions are kept for an expanded view without moving the rest.
// *PROXY: for each device, the one drawn in its place (a hidden machine's device: the same device of its
// group's first machine), for the network's order. Returns the right end of the first row of machines.
double placeMachines(const Topology& topology, const TopologyGraph& graph, const Machines& machines,
                     Devices& devices, std::vector<int>* proxy)
{
    std::map<int, Block> blocks; // one layout per template
    for (int h : machines.hosts)
        if (!blocks.count(graph.hostTemplate(h)))
            blocks.emplace(graph.hostTemplate(h), layoutMachine(topology, graph, graph.hostTemplate(h)));
    std::vector<int> drawn;
    std::vector<int> overflow;
    std::map<int, int> firstHidden;
    for (int h : machines.hosts) {
        const int tmpl = graph.hostTemplate(h);
        if (!machines.hidden[std::size_t(h)]) {
            drawn.push_back(h);
        } else if (!firstHidden.count(tmpl)) {
            firstHidden[tmpl] = h;
            drawn.push_back(h);
        } else {
            overflow.push_back(h);
        }
    }
    double meanW = 0;
    double meanH = 0;
    for (int h : drawn) {
        meanW += blocks[graph.hostTemplate(h)].size.width() + 2 * frameMargin + frameGap;
        meanH += blocks[graph.hostTemplate(h)].size.height() + 2 * frameMargin + frameTitle + frameGap;
    }
    const int count = int(drawn.size());
    int cols = count;
    if (count > 8 && meanW > 0)
        cols = std::max(8, int(std::lround(std::sqrt(count * (meanH / meanW) * 1.6))));
    double x0 = 0;
    double y0 = 0;
    double rowHeight = 0;
    double spanRight = 0;
    int col = 0;
    const auto place = [&](int h) {
        const Block& block = blocks[graph.hostTemplate(h)];
        if (col == cols) {
            col = 0;
            x0 = 0;
            y0 += rowHeight + frameGap;
            rowHeight = 0;
        }
        const QPointF origin(x0 + frameMargin, y0 + frameTitle + frameMargin);
        const std::span<const int> members = graph.hostDevices(h);
        for (std::size_t i = 0; i < members.size(); ++i) {
            TopologyDisplay::Device& dev = devices[std::size_t(members[i])];
            dev.pos = origin + block.pos[i];
            dev.size.setWidth(block.width[i]);
        }
        x0 += block.size.width() + 2 * frameMargin + frameGap;
        rowHeight = std::max(rowHeight, block.size.height() + 2 * frameMargin + frameTitle);
        if (y0 == 0)
            spanRight = x0 - frameGap;
        ++col;
    };
    for (int h : drawn)
        place(h);
    for (int h : overflow)
        place(h);

    proxy->resize(devices.size());
    std::iota(proxy->begin(), proxy->end(), 0);
    for (int h : overflow) {
        const std::span<const int> first = graph.hostDevices(firstHidden[graph.hostTemplate(h)]);
        const std::span<const int> members = graph.hostDevices(h);
        for (std::size_t i = 0; i < members.size() && i < first.size(); ++i)
            (*proxy)[std::size_t(members[i])] = first[i];
    }
    return spanRight;
}

// The network's rows above the machines: switches with a machine neighbour at level 1, switches of switches
// above them, then single devices (parameter servers) on top. *TOP: the highest switch level.
std::vector<int> networkLevels(const TopologyGraph& graph, const std::vector<bool>& inMachine, int* top)
{
    const std::size_t n = inMachine.size();
    std::vector<int> level(n, 0);
    std::vector<int> frontier;
    for (std::size_t dev = 0; dev < n; ++dev) {
        if (graph.devices()[dev].kind != DeviceKind::Switch)
            continue;
        for (const TopologyGraph::Arc& arc : graph.arcsFrom(int(dev)))
            if (inMachine[std::size_t(arc.to)]) {
                level[dev] = 1;
                frontier.push_back(int(dev));
                break;
            }
    }
    while (!frontier.empty()) {
        std::vector<int> next;
        for (int s : frontier)
            for (const TopologyGraph::Arc& arc : graph.arcsFrom(s))
                if (graph.devices()[std::size_t(arc.to)].kind == DeviceKind::Switch &&
                    level[std::size_t(arc.to)] == 0) {
                    level[std::size_t(arc.to)] = level[std::size_t(s)] + 1;
                    next.push_back(arc.to);
                }
        frontier = std::move(next);
    }
    *top = 0;
    std::vector<int> loose;
    for (std::size_t dev = 0; dev < n; ++dev) {
        if (inMachine[dev])
            continue;
        if (graph.devices()[dev].kind == DeviceKind::Switch) {
            level[dev] = std::max(level[dev], 1);
            *top = std::max(*top, level[dev]);
        } else {
            loose.push_back(int(dev));
        }
    }
    for (int dev : loose)
        level[std::size_t(dev)] = *top + 1;
    return level;
}

// The switches of a collapsed network row: hidden, all drawn where their group's frame is.
struct SwitchGroup
{
    std::vector<int> devices;
    QRectF rect; // the group's frame
};

// The switches of ROW (in drawn order) that stay when it collapses: those wired to a drawn device, at most
// drawnSwitchesWhenCollapsed; the first ones when none is.
std::vector<bool> keptSwitches(const TopologyGraph& graph, const std::vector<int>& row,
                               const std::vector<bool>& shown)
{
    std::vector<bool> keep(row.size(), false);
    int kept = 0;
    for (std::size_t k = 0; k < row.size() && kept < TopologyDisplay::drawnSwitchesWhenCollapsed; ++k)
        for (const TopologyGraph::Arc& arc : graph.arcsFrom(row[k]))
            if (shown[std::size_t(arc.to)]) {
                keep[k] = true;
                ++kept;
                break;
            }
    for (std::size_t k = 0;
         k < row.size() && kept == 0 && k < std::size_t(TopologyDisplay::drawnWhenCollapsed); ++k)
        keep[k] = true;
    return keep;
}

// Each network row spread over the machines' width, its devices ordered by the mean position of their
// placed neighbours (a hidden machine's device counted where its proxy is drawn). With COLLAPSE, a row of
// many switches keeps those wired to what is drawn and puts the rest in one group at its right end
// (*SWITCHGROUPS); *CAN_COLLAPSE: some row has that many.
void placeNetwork(const TopologyGraph& graph, const Machines& machines, const std::vector<int>& proxy,
                  double spanRight, bool collapse, Devices& devices, std::vector<SwitchGroup>* switchGroups,
                  bool* canCollapse)
{
    const std::size_t n = devices.size();
    std::vector<bool> inMachine(n, false);
    std::vector<bool> shown(n, false); // drawn: a device of a drawn machine, a kept switch
    for (int h : machines.hosts)
        for (int dev : graph.hostDevices(h)) {
            inMachine[std::size_t(dev)] = true;
            shown[std::size_t(dev)] = !machines.hidden[std::size_t(h)];
        }
    int top = 0;
    const std::vector<int> level = networkLevels(graph, inMachine, &top);
    const double spanLeft = 0;
    if (spanRight <= spanLeft)
        spanRight = TopologyDisplay::pitch;
    std::vector<bool> placed = inMachine;
    for (int lv = 1; lv <= top + 1; ++lv) {
        std::vector<int> row;
        for (std::size_t dev = 0; dev < n; ++dev)
            if (!inMachine[dev] && level[dev] == lv)
                row.push_back(int(dev));
        if (row.empty())
            continue;
        std::vector<double> bary(n, 0);
        for (int dev : row) {
            double sum = 0;
            int cnt = 0;
            for (const TopologyGraph::Arc& arc : graph.arcsFrom(dev)) {
                if (!placed[std::size_t(arc.to)])
                    continue;
                sum += devices[std::size_t(proxy[std::size_t(arc.to)])].pos.x();
                ++cnt;
            }
            bary[std::size_t(dev)] = cnt ? sum / cnt : (spanLeft + spanRight) / 2;
        }
        std::stable_sort(row.begin(), row.end(),
                         [&bary](int a, int b) { return bary[std::size_t(a)] < bary[std::size_t(b)]; });
        const bool many = lv <= top && int(row.size()) > TopologyDisplay::collapseSwitchesAbove;
        *canCollapse = *canCollapse || many;
        std::vector<bool> keep(row.size(), true);
        if (many && collapse)
            keep = keptSwitches(graph, row, shown);
        const std::size_t places = std::size_t(std::count(keep.begin(), keep.end(), true)) +
                                   (many && collapse ? 2 : 0); // the group takes the last two places
        const double pitch = TopologyDisplay::pitch;
        const double spacing = std::clamp((spanRight - spanLeft) / double(places), pitch * 1.2, pitch * 4);
        const double start = (spanLeft + spanRight) / 2 - spacing * double(places - 1) / 2;
        // Wide clusters get taller network rows, so the lines down to the machines do not run flat.
        const double gap = std::clamp((spanRight - spanLeft) * 0.07, networkGap, 3 * networkGap);
        const double yRow = -gap * lv + TopologyDisplay::boxHeight / 2;
        const QPointF groupAt(start + spacing * (double(places) - 1.5), yRow);
        SwitchGroup hidden;
        std::size_t slot = 0;
        for (std::size_t k = 0; k < row.size(); ++k) {
            const std::size_t dev = std::size_t(row[k]);
            placed[dev] = true;
            shown[dev] = keep[k];
            if (keep[k]) {
                devices[dev].pos = QPointF(start + spacing * double(slot++), yRow);
            } else {
                devices[dev].pos = groupAt;
                hidden.devices.push_back(int(dev));
            }
        }
        if (!hidden.devices.empty()) {
            hidden.rect = QRectF(groupAt.x() - spacing * 0.8, yRow - TopologyDisplay::boxHeight * 1.2,
                                 spacing * 1.6, TopologyDisplay::boxHeight * 2.4);
            switchGroups->push_back(std::move(hidden));
        }
    }
}

// No engine graph (the topology is malformed): rows by kind, as evenly as they come.
void placeByKind(const Topology& topology, Devices& devices)
{
    std::vector<int> inRow(rowCount + 1, 0);
    for (std::size_t i = 0; i < devices.size(); ++i) {
        const std::string& kind = topology.nodes[i].kind;
        const int r = kind == "switch" ? rowCount : rowOf(kind);
        const double y = r == rowCount ? -networkGap : r * TopologyDisplay::rowGap;
        devices[i].pos = QPointF((inRow[std::size_t(r)]++ + 0.5) * TopologyDisplay::pitch, y);
    }
}

// The topology's own positions: an NVSwitch whose GPUs all sit in one row is drawn as a bar under (or over)
// them.
void widenNvSwitchBars(const TopologyGraph& graph, Devices& devices)
{
    for (std::size_t i = 0; i < devices.size(); ++i) {
        if (graph.devices()[i].kind != DeviceKind::NvSwitch)
            continue;
        double lo = 1e300;
        double hi = -1e300;
        std::vector<QPointF> ends;
        bool gpusOnly = true;
        for (const TopologyGraph::Arc& arc : graph.arcsFrom(int(i))) {
            ends.push_back(devices[std::size_t(arc.to)].pos);
            gpusOnly = gpusOnly && graph.devices()[std::size_t(arc.to)].kind == DeviceKind::Gpu;
        }
        const bool oneRow = gpusOnly && ends.size() >= 2 &&
                            std::abs(ends[0].y() - devices[i].pos.y()) >= TopologyDisplay::boxHeight &&
                            std::all_of(ends.begin(), ends.end(),
                                        [&](const QPointF& p) { return std::abs(p.y() - ends[0].y()) < 1; });
        for (const QPointF& p : ends) {
            lo = std::min(lo, p.x());
            hi = std::max(hi, p.x());
        }
        const double x = devices[i].pos.x();
        if (oneRow && x >= lo && x <= hi)
            devices[i].size.setWidth(std::min(2 * std::max(hi - x, x - lo) + TopologyDisplay::boxWidth,
                                              40 * TopologyDisplay::pitch));
    }
}

// Every device's label, and each machine's title: the words all its labels begin with ("node 3"), which its
// drawn devices then leave out, else "Machine <host>".
std::map<int, QString> labelMachines(const Topology& topology, const TopologyGraph& graph,
                                     const Machines& machines, Devices& devices)
{
    const GeneratedLabels labelOf;
    std::vector<QString> labels(devices.size());
    for (std::size_t i = 0; i < devices.size(); ++i)
        labels[i] = labelOf(topology.nodes[i]);
    for (std::size_t i = 0; i < devices.size(); ++i)
        devices[i].text = labels[i];
    std::map<int, QString> titles;
    for (int h : machines.hosts) {
        const std::span<const int> members = graph.hostDevices(h);
        const QString prefix = commonPrefix(labels, members);
        titles[h] = prefix.isEmpty() ? TopologyDisplay::tr("Machine %1").arg(h) : prefix.trimmed();
        if (!prefix.isEmpty() && !machines.hidden[std::size_t(h)])
            for (int dev : members)
                devices[std::size_t(dev)].text = devices[std::size_t(dev)].text.mid(prefix.size());
    }
    return titles;
}

QRectF frameOf(const Devices& devices, std::span<const int> members)
{
    QRectF r;
    for (int dev : members) {
        const TopologyDisplay::Device& v = devices[std::size_t(dev)];
        const QRectF box(v.pos.x() - v.size.width() / 2, v.pos.y() - v.size.height() / 2, v.size.width(),
                         v.size.height());
        r = r.isNull() ? box : r.united(box);
    }
    return r.adjusted(-frameMargin, -frameMargin - frameTitle, frameMargin, frameMargin);
}

// A frame per drawn machine, and one per collapsed template standing for all its hidden machines.
std::vector<TopologyDisplay::Group> makeGroups(const TopologyGraph& graph, const Machines& machines,
                                               const std::vector<SwitchGroup>& switchGroups,
                                               const std::map<int, QString>& titles, Devices& devices)
{
    std::vector<TopologyDisplay::Group> groups;
    std::map<int, bool> groupDone;
    for (int h : machines.hosts) {
        const int tmpl = graph.hostTemplate(h);
        if (!machines.hidden[std::size_t(h)]) {
            TopologyDisplay::Group g;
            g.title = titles.at(h);
            g.host = h;
            g.devices.assign(graph.hostDevices(h).begin(), graph.hostDevices(h).end());
            g.rect = frameOf(devices, g.devices);
            for (int dev : g.devices)
                devices[std::size_t(dev)].group = int(groups.size());
            groups.push_back(std::move(g));
            continue;
        }
        if (groupDone[tmpl])
            continue;
        groupDone[tmpl] = true;
        const std::vector<int>& hosts = machines.hiddenOf.at(tmpl);
        TopologyDisplay::Group g;
        g.collapsed = true;
        g.machines = int(hosts.size());
        g.host = hosts.front();
        g.title = TopologyDisplay::tr("%1 … %2").arg(titles.at(hosts.front()), titles.at(hosts.back()));
        g.rect = frameOf(devices, graph.hostDevices(hosts.front()));
        for (int hh : hosts)
            for (int dev : graph.hostDevices(hh)) {
                g.devices.push_back(dev);
                devices[std::size_t(dev)].group = int(groups.size());
                devices[std::size_t(dev)].visible = false;
            }
        groups.push_back(std::move(g));
    }
    for (const SwitchGroup& hidden : switchGroups) {
        TopologyDisplay::Group g;
        g.collapsed = true;
        g.switches = true;
        g.machines = int(hidden.devices.size());
        g.devices = hidden.devices;
        g.title = TopologyDisplay::tr("%1 … %2").arg(devices[std::size_t(hidden.devices.front())].text,
                                                     devices[std::size_t(hidden.devices.back())].text);
        g.rect = hidden.rect;
        for (int dev : hidden.devices) {
            devices[std::size_t(dev)].group = int(groups.size());
            devices[std::size_t(dev)].visible = false;
        }
        groups.push_back(std::move(g));
    }
    return groups;
}

// A frame holds the arcs of the links inside it.
void fitFramesToArcs(const std::vector<TopologyDisplay::Link>& links, const Devices& devices,
                     std::vector<TopologyDisplay::Group>& groups)
{
    for (const TopologyDisplay::Link& link : links) {
        if (link.bend.isNull() || link.deviceB < 0)
            continue;
        const int g = devices[std::size_t(link.deviceA)].group;
        if (g < 0 || g != devices[std::size_t(link.deviceB)].group || groups[std::size_t(g)].collapsed)
            continue;
        const QPointF apex =
            (devices[std::size_t(link.deviceA)].pos + devices[std::size_t(link.deviceB)].pos) / 2 + link.bend;
        QRectF& rect = groups[std::size_t(g)].rect;
        rect = rect.united(
            QRectF(apex - QPointF(frameMargin, frameMargin), QSizeF(2 * frameMargin, 2 * frameMargin)));
    }
}

} // namespace

QString TopologyDisplay::deviceLabel(const TopologyNode& node)
{
    return GeneratedLabels()(node);
}

QPointF TopologyDisplay::arcBend(const QPointF& a, const QPointF& b, double height)
{
    return canonicalNormal(a, b) * height;
}

TopologyDisplay TopologyDisplay::build(const Topology& topology, const Options& options)
{
    TopologyDisplay d;
    d.m_topology = topology;
    const std::size_t n = topology.nodes.size();
    d.m_devices.resize(n);
    d.m_deviceIds.reserve(n);
    for (const TopologyNode& node : topology.nodes)
        d.m_deviceIds.push_back(QString::fromStdString(node.id));

    TopologyGraph graph;
    const bool built = TopologyGraph::build(topology, graph);
    const Machines machines = findMachines(graph, built, options.collapse);
    d.m_canCollapse = machines.canCollapse;

    // A topology whose devices all sit at one point has no layout of its own: it is arranged.
    bool degenerate = n > 1;
    for (const TopologyNode& node : topology.nodes)
        degenerate = degenerate && node.x == topology.nodes[0].x && node.y == topology.nodes[0].y;
    d.m_arranged = options.arrange || degenerate;
    std::vector<SwitchGroup> switchGroups;
    if (d.m_arranged && built) {
        std::vector<int> proxy;
        const double spanRight = placeMachines(topology, graph, machines, d.m_devices, &proxy);
        placeNetwork(graph, machines, proxy, spanRight, options.collapse, d.m_devices, &switchGroups,
                     &d.m_canCollapse);
    } else if (d.m_arranged) {
        placeByKind(topology, d.m_devices);
    } else {
        for (std::size_t i = 0; i < n; ++i)
            d.m_devices[i].pos = QPointF(topology.nodes[i].x, topology.nodes[i].y);
        if (built)
            widenNvSwitchBars(graph, d.m_devices);
    }
    if (d.m_arranged) {
        for (std::size_t i = 0; i < n; ++i) {
            d.m_topology.nodes[i].x = std::round(d.m_devices[i].pos.x());
            d.m_topology.nodes[i].y = std::round(d.m_devices[i].pos.y());
            d.m_devices[i].pos = QPointF(d.m_topology.nodes[i].x, d.m_topology.nodes[i].y);
        }
    }

    const std::map<int, QString> titles = labelMachines(topology, graph, machines, d.m_devices);
    d.m_groups = makeGroups(graph, machines, switchGroups, titles, d.m_devices);
    d.makeLinks();
    fitFramesToArcs(d.m_links, d.m_devices, d.m_groups);
    return d;
}

void TopologyDisplay::makeLinks()
{
    QHash<QString, int>& index = m_deviceIndex;
    index.reserve(qsizetype(m_deviceIds.size()));
    for (std::size_t i = 0; i < m_deviceIds.size(); ++i)
        index.insert(m_deviceIds[i], int(i));
    const std::size_t nl = m_topology.links.size();
    m_linkIndex.reserve(qsizetype(nl));
    for (std::size_t i = 0; i < nl; ++i)
        m_linkIndex.insert(linkId(int(i)), int(i));
    m_drawnLinkOf.assign(nl, -1);
    QHash<QString, int> bundles;
    for (std::size_t i = 0; i < nl; ++i) {
        const TopologyLink& tl = m_topology.links[i];
        int a = index.value(QString::fromStdString(tl.a), -1);
        int b = index.value(QString::fromStdString(tl.b), -1);
        if (a < 0 || b < 0 || a == b)
            continue;
        bool va = m_devices[std::size_t(a)].visible;
        bool vb = m_devices[std::size_t(b)].visible;
        if (!va && !vb)
            continue;
        if (va && vb) {
            Link link;
            link.key = linkId(int(i));
            link.deviceA = a;
            link.deviceB = b;
            link.links.push_back(int(i));
            m_drawnLinkOf[i] = int(m_links.size());
            m_links.push_back(std::move(link));
            continue;
        }
        if (!va)
            std::swap(a, b);
        const int group = m_devices[std::size_t(b)].group;
        const QString key = QStringLiteral("bundle:%1:%2").arg(m_deviceIds[std::size_t(a)]).arg(group);
        auto it = bundles.find(key);
        if (it == bundles.end()) {
            Link link;
            link.key = key;
            link.deviceA = a;
            link.groupB = group;
            link.anchor = m_devices[std::size_t(b)].pos; // the group is drawn where its first machine is
            it = bundles.insert(key, int(m_links.size()));
            m_links.push_back(std::move(link));
        }
        m_links[std::size_t(*it)].links.push_back(int(i));
        m_drawnLinkOf[i] = *it;
    }

    // Curves: a line along a row that would run through another device of that row arcs below it;
    // parallel lines between the same two ends fan out.
    const auto endPos = [this](const Link& link, bool second) {
        if (!second)
            return m_devices[std::size_t(link.deviceA)].pos;
        if (link.deviceB >= 0)
            return m_devices[std::size_t(link.deviceB)].pos;
        return m_groups[std::size_t(link.groupB)].rect.center();
    };
    std::map<qint64, std::vector<double>> rows; // rounded y -> x of the drawn devices there
    for (const Device& dev : m_devices)
        if (dev.visible)
            rows[qRound64(dev.pos.y())].push_back(dev.pos.x());
    for (auto& [y, xs] : rows)
        std::sort(xs.begin(), xs.end());
    std::map<std::pair<qint64, qint64>, std::vector<int>> pairs;
    for (std::size_t k = 0; k < m_links.size(); ++k) {
        Link& link = m_links[k];
        const QPointF a = endPos(link, false);
        const QPointF b = endPos(link, true);
        if (link.deviceB >= 0 && std::abs(a.y() - b.y()) < 1) {
            const std::vector<double>& xs = rows[qRound64(a.y())];
            const double lo = std::min(a.x(), b.x()) + 1;
            const double hi = std::max(a.x(), b.x()) - 1;
            const auto it = std::upper_bound(xs.begin(), xs.end(), lo);
            if (it != xs.end() && *it < hi)
                link.bend = arcBend(a, b, boxHeight / 2 + 10 + 0.16 * (hi - lo));
        }
        const qint64 endA = link.deviceA;
        const qint64 endB = link.deviceB >= 0 ? link.deviceB : -1 - link.groupB;
        pairs[{std::min(endA, endB), std::max(endA, endB)}].push_back(int(k));
    }
    for (const auto& [ends, members] : pairs) {
        if (members.size() < 2)
            continue;
        for (std::size_t k = 0; k < members.size(); ++k) {
            Link& link = m_links[std::size_t(members[k])];
            const double offset = (double(k) - double(members.size() - 1) / 2) * parallelGap;
            link.bend += canonicalNormal(endPos(link, false), endPos(link, true)) * offset;
        }
    }
}

QString TopologyDisplay::linkId(int i) const
{
    const std::string& id = m_topology.links[std::size_t(i)].id;
    return id.empty() ? QStringLiteral("link%1").arg(i) : QString::fromStdString(id);
}

int TopologyDisplay::deviceIndex(const QString& id) const
{
    return m_deviceIndex.value(id, -1);
}

int TopologyDisplay::linkIndex(const QString& id) const
{
    return m_linkIndex.value(id, -1);
}

bool TopologyDisplay::hasCollapsedGroup() const
{
    return std::any_of(m_groups.begin(), m_groups.end(), [](const Group& g) { return g.collapsed; });
}

int TopologyDisplay::drawnLinkOf(int link) const
{
    return link >= 0 && link < int(m_drawnLinkOf.size()) ? m_drawnLinkOf[std::size_t(link)] : -1;
}

QRectF TopologyDisplay::bounds() const
{
    QRectF r;
    for (const Device& dev : m_devices) {
        if (!dev.visible)
            continue;
        const QRectF box(dev.pos.x() - dev.size.width() / 2, dev.pos.y() - dev.size.height() / 2,
                         dev.size.width(), dev.size.height());
        r = r.isNull() ? box : r.united(box);
    }
    for (const Group& g : m_groups)
        r = r.isNull() ? g.rect : r.united(g.rect);
    return r;
}

} // namespace ss
