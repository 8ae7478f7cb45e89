// SPDX-License-Identifier: GPL-3.0-or-later
#include "nccltopoimport.h"

#include "importsupport.h"
#include "importtopology.h"

#include <QCoreApplication>
#include <QHash>
#include <QXmlStreamReader>

#include <algorithm>
#include <map>
#include <numeric>

namespace ss::io {

namespace {

// A dump describes one machine: thousands of elements at most. The bounds stop a wrong or hostile file
// from building a huge tree.
constexpr int kMaxElements = 200000;
constexpr int kMaxDepth = 128;

struct Element
{
    QString name;
    QXmlStreamAttributes attributes;
    qint64 line = 0;
    int parent = -1;
    std::vector<int> children;
    QString attribute(const char* key) const
    {
        return attributes.value(QLatin1String(key)).toString().trimmed();
    }
    bool has(const char* key) const { return attributes.hasAttribute(QLatin1String(key)); }
};

// NCCL's busIdToInt64: the hex digits of "0000:07:00.0", separators skipped; -1 when it is not one.
qint64 busIdValue(const QString& busId)
{
    qint64 value = 0;
    int digits = 0;
    for (const QChar c : busId) {
        if (c == QLatin1Char(':') || c == QLatin1Char('.'))
            continue;
        const char16_t u = c.toLower().unicode();
        int d = -1;
        if (u >= u'0' && u <= u'9')
            d = u - u'0';
        else if (u >= u'a' && u <= u'f')
            d = u - u'a' + 10;
        if (d < 0 || ++digits > 15)
            return -1;
        value = value * 16 + d;
    }
    return digits > 0 ? value : -1;
}

struct GpuInfo
{
    int element = -1; // the <gpu>
    int pci = -1;     // its <pci>
    int dev = 0;
    int rank = -1;
    int sm = 0;
    int cpu = 0; // socket index
    std::string id;
};

// The network a NIC port of GBPS names: InfiniBand by the NIC's PCI class (0x0207), else Ethernet (RoCE from
// 100 Gb/s, as NCCL's IB transport runs on such NICs).
std::string networkKind(double gbps, bool infiniband)
{
    if (infiniband)
        return gbps >= 800 ? "ib-xdr" : gbps >= 400 ? "ib-ndr" : gbps >= 200 ? "ib-hdr" : "ib-edr";
    return gbps >= 400   ? "roce-400g"
           : gbps >= 200 ? "roce-200g"
           : gbps >= 100 ? "roce-100g"
           : gbps >= 25  ? "ethernet-25g"
                         : "ethernet-10g";
}

// Switch positions: under the middle of what hangs off them; NICs spread along their row of WIDTH.
void placeNicsAndSwitches(Topology& topology, double width, int nics)
{
    int nicIndex = 0;
    for (TopologyNode& node : topology.nodes)
        if (node.kind == "nic")
            node.x = width * (nicIndex++ + 0.5) / std::max(nics, 1);
    for (TopologyNode& node : topology.nodes) {
        if (node.kind != "pcie-switch")
            continue;
        double sum = 0;
        int n = 0;
        for (const TopologyLink& link : topology.links) {
            const std::string& other =
                link.a == node.id ? link.b : (link.b == node.id ? link.a : std::string());
            for (const TopologyNode& o : topology.nodes)
                if (!other.empty() && o.id == other && o.kind != "cpu" && o.kind != "pcie-switch") {
                    sum += o.x;
                    ++n;
                }
        }
        node.x = n > 0 ? sum / n : width / 2;
    }
}

class NcclTopoReader : public detail::ImportReader
{
    Q_DECLARE_TR_FUNCTIONS(ss::io::Import)

public:
    explicit NcclTopoReader(const QString& fileName) : ImportReader(fileName) {}
    bool read(const QByteArray& data, ImportResult& out);

private:
    const Element& element(int index) const { return m_elements[std::size_t(index)]; }
    bool parse(const QByteArray& data);
    bool intAttribute(const Element& e, const char* key, bool required, int fallback, int min, int& out);
    bool linkSpeed(const Element& pci, int& gen, int& width);
    bool build(ImportResult& out);

    // The steps of build(), in its order.
    bool findCpus();
    bool readGpus();
    bool readGpu(int index, int socket);
    void orderGpus();
    bool addSockets();
    bool socketLinkKind(std::string& kind);
    bool addPcieTrees();
    bool addPcieDevice(int index, const std::string& parent, bool parentIsCpu, std::string& id);
    bool readNets(const Element& nic, QString& label);
    bool readNvlinks();
    bool readGpuLinks(int gpu);
    std::string nvlinkKind(int a, int b) const;
    void fill(Topology topology, ImportResult& out) const;

    std::vector<Element> m_elements;
    // What build() gathers: the sockets and GPUs, then the node's devices and links.
    std::vector<int> m_cpus;       // the <cpu> elements of <system>: socket s is m_cpus[s]
    std::vector<GpuInfo> m_gpus;   // in document order
    QHash<qint64, int> m_gpuByBus; // bus id -> index in m_gpus
    std::vector<int> m_order;      // indices in m_gpus, in NCCL's rank order
    std::vector<int> m_gpuOfPci;   // element -> index in m_gpus of the GPU its <pci> holds, or -1
    double m_width = 0;            // of the GPU row
    detail::TopologyBuilder m_builder;
    int m_switches = 0, m_nics = 0, m_nvmes = 0;
    double m_fastestNet = 0; // Mb/s, the fastest NIC port
    bool m_infiniband = false;
    std::map<std::pair<int, int>, int> m_pairs; // GPU pair -> NVLinks between them
    std::map<int, int> m_toSwitch, m_toCpu;     // GPU -> NVLinks to the NVSwitches, to its CPU
};

bool NcclTopoReader::parse(const QByteArray& data)
{
    QXmlStreamReader xml(data);
    std::vector<int> stack;
    while (!xml.atEnd()) {
        const QXmlStreamReader::TokenType token = xml.readNext();
        if (token == QXmlStreamReader::StartElement) {
            if (int(m_elements.size()) >= kMaxElements)
                return failAtLine(xml.lineNumber(),
                                  tr("more than %1 elements: not an NCCL topology dump").arg(kMaxElements));
            if (int(stack.size()) >= kMaxDepth)
                return failAtLine(xml.lineNumber(), tr("elements nested more than %1 deep").arg(kMaxDepth));
            Element e;
            e.name = xml.name().toString();
            e.attributes = xml.attributes();
            e.line = xml.lineNumber();
            e.parent = stack.empty() ? -1 : stack.back();
            if (stack.empty() && !m_elements.empty())
                return failAtLine(e.line, tr("a second top-level element <%1>").arg(e.name));
            if (stack.empty() && e.name != QLatin1String("system"))
                return failAtLine(e.line,
                                  tr("expected <system> (an NCCL topology dump, as NCCL_TOPO_DUMP_FILE "
                                     "writes it), got <%1>")
                                      .arg(e.name.left(40)));
            const int index = int(m_elements.size());
            if (e.parent >= 0)
                m_elements[std::size_t(e.parent)].children.push_back(index);
            m_elements.push_back(std::move(e));
            stack.push_back(index);
        } else if (token == QXmlStreamReader::EndElement) {
            if (!stack.empty())
                stack.pop_back();
        }
    }
    if (xml.hasError())
        return fail(lineColumnText(xml.lineNumber(), xml.columnNumber() + 1),
                    tr("XML error: %1").arg(xml.errorString()));
    if (m_elements.empty())
        return failAtLine(0, tr("no XML elements: expected an NCCL topology dump (<system> ...)"));
    return true;
}

bool NcclTopoReader::intAttribute(const Element& e, const char* key, bool required, int fallback, int min,
                                  int& out)
{
    out = fallback;
    if (!e.has(key)) {
        if (required)
            return failAtLine(e.line, tr("<%1> needs a %2 attribute").arg(e.name, QLatin1String(key)));
        return true;
    }
    const QString text = e.attribute(key);
    bool ok = false;
    const long long value =
        text.toLongLong(&ok, 0); // NCCL reads these with strtol(..., 0): decimal or 0x hex
    if (!ok || value < min || value > 1000000000)
        return failAtLine(e.line, tr("<%1 %2=\"%3\">: expected a whole number of at least %4")
                                      .arg(e.name, QLatin1String(key), text.left(40))
                                      .arg(min));
    out = int(value);
    return true;
}

bool NcclTopoReader::linkSpeed(const Element& pci, int& gen, int& width)
{
    // NCCL's kvDictPciGen: "2.5 GT/s" ... "64.0 GT/s PCIe"; anything else it takes as 8 GT/s (Gen3).
    gen = 3;
    const QString speed = pci.attribute("link_speed");
    bool ok = false;
    const double gts = speed.section(QLatin1Char(' '), 0, 0).toDouble(&ok);
    if (ok && gts > 0) {
        gen = gts < 4 ? 1 : gts < 6 ? 2 : gts < 12 ? 3 : gts < 24 ? 4 : gts < 48 ? 5 : 6;
    } else if (pci.has("link_speed")) {
        warnOnce(tr("line %1: link_speed \"%2\" is not a PCIe rate: taken as 8 GT/s (Gen3), as NCCL does")
                     .arg(pci.line)
                     .arg(speed.left(40)));
    }
    if (!intAttribute(pci, "link_width", false, 16, 0, width))
        return false;
    if (width == 0)
        width = 16; // NCCL: "Manage cases where speed was not indicated in /sys"
    width = std::min(width, 32);
    return true;
}

bool NcclTopoReader::findCpus()
{
    const Element& system = m_elements.front();
    for (int c : system.children)
        if (element(c).name == QLatin1String("cpu"))
            m_cpus.push_back(c);
    if (m_cpus.empty())
        return failAtLine(system.line, tr("<system> holds no <cpu> element"));
    return true;
}

// First pass: the GPUs, so that ids follow NCCL's rank order whatever the order of the tree.
bool NcclTopoReader::readGpus()
{
    for (std::size_t s = 0; s < m_cpus.size(); ++s) {
        std::vector<int> todo{m_cpus[s]};
        while (!todo.empty()) {
            const int i = todo.back();
            todo.pop_back();
            const Element& e = element(i);
            todo.insert(todo.end(), e.children.begin(), e.children.end());
            if (e.name == QLatin1String("gpu") && !readGpu(i, int(s)))
                return false;
        }
    }
    if (m_gpus.empty())
        return failAtLine(m_elements.front().line, tr("no <gpu> element: the dump describes no GPU"));
    return true;
}

bool NcclTopoReader::readGpu(int index, int socket)
{
    const Element& e = element(index);
    GpuInfo g;
    g.element = index;
    g.pci = e.parent;
    g.cpu = socket;
    if (!intAttribute(e, "dev", true, 0, 0, g.dev) || !intAttribute(e, "rank", false, -1, -1, g.rank) ||
        !intAttribute(e, "sm", false, 0, 0, g.sm))
        return false;
    const Element& pci = element(g.pci);
    if (pci.name != QLatin1String("pci"))
        return failAtLine(e.line, tr("<gpu> must sit in the <pci> element of its PCIe device"));
    const qint64 bus = busIdValue(pci.attribute("busid"));
    if (bus < 0)
        return failAtLine(pci.line, tr("<pci> needs a busid such as \"0000:07:00.0\", got \"%1\"")
                                        .arg(pci.attribute("busid").left(40)));
    if (m_gpuByBus.contains(bus))
        return failAtLine(e.line, tr("a second GPU at bus id %1").arg(pci.attribute("busid")));
    m_gpuByBus.insert(bus, int(m_gpus.size()));
    m_gpus.push_back(g);
    return true;
}

// Ids in NCCL's rank order (by device number when a GPU has no rank).
void NcclTopoReader::orderGpus()
{
    m_order.resize(m_gpus.size());
    std::iota(m_order.begin(), m_order.end(), 0);
    const bool ranked =
        std::all_of(m_gpus.begin(), m_gpus.end(), [](const GpuInfo& g) { return g.rank >= 0; });
    std::stable_sort(m_order.begin(), m_order.end(), [&](int a, int b) {
        const GpuInfo &ga = m_gpus[std::size_t(a)], &gb = m_gpus[std::size_t(b)];
        return ranked ? ga.rank < gb.rank : ga.dev < gb.dev;
    });
    m_gpuOfPci.assign(m_elements.size(), -1);
    for (std::size_t k = 0; k < m_order.size(); ++k) {
        GpuInfo& g = m_gpus[std::size_t(m_order[k])];
        g.id = "n0.gpu" + std::to_string(k);
        m_gpuOfPci[std::size_t(g.pci)] = m_order[k];
    }
    m_width = std::max<double>(double(m_gpus.size()), 4) * detail::kImportGpuPitch;
}

// The CPUs and the GPU row, and the socket links between the CPUs.
bool NcclTopoReader::addSockets()
{
    for (std::size_t s = 0; s < m_cpus.size(); ++s) {
        const Element& cpu = element(m_cpus[s]);
        std::string label = "CPU " + std::to_string(s);
        if (cpu.has("numaid"))
            label += " (NUMA " + cpu.attribute("numaid").toStdString() + ")";
        m_builder.device("n0.cpu" + std::to_string(s), "cpu", label,
                         m_width * (double(s) + 0.5) / double(m_cpus.size()), 360);
    }
    for (std::size_t k = 0; k < m_order.size(); ++k)
        m_builder.device(m_gpus[std::size_t(m_order[k])].id, "gpu", "GPU " + std::to_string(k),
                         detail::kImportGpuPitch * (double(k) + 0.5), 120);
    std::string kind;
    if (!socketLinkKind(kind))
        return false;
    for (std::size_t s = 0; s < m_cpus.size(); ++s)
        for (std::size_t t = s + 1; t < m_cpus.size(); ++t)
            m_builder.link("n0.cpu" + std::to_string(s), "n0.cpu" + std::to_string(t), kind);
    return true;
}

// The socket link NCCL assumes for this CPU (src/graph/topo.cc ncclTopoAddCpu, topo.h *_QPI_BW).
bool NcclTopoReader::socketLinkKind(std::string& kind)
{
    kind = "upi-10.4";
    const Element& cpu = element(m_cpus.front());
    const QString arch = cpu.attribute("arch"), vendor = cpu.attribute("vendor");
    int family = 0, model = 0;
    if (!intAttribute(cpu, "familyid", false, 0, 0, family) ||
        !intAttribute(cpu, "modelid", false, 0, 0, model))
        return false;
    if (arch == QLatin1String("x86_64") && vendor == QLatin1String("GenuineIntel")) {
        if (family == 6 && (model >= 0x8F))
            kind = "upi-16"; // Sapphire Rapids and later
        else if (family == 6 && model >= 0x55)
            kind = "upi-10.4"; // Skylake
        else
            kind = "qpi-9.6"; // Broadwell and earlier
    } else if (arch == QLatin1String("x86_64") && vendor == QLatin1String("AuthenticAMD")) {
        kind = "qpi-xgmi2";
    } else if (m_cpus.size() > 1) {
        warnOnce(
            tr("CPU arch \"%1\" vendor \"%2\": the socket link is taken as UPI 10.4 GT/s").arg(arch, vendor));
    }
    return true;
}

// Second pass: the PCIe trees, depth first, each <pci> linked to its parent with its own link speed.
bool NcclTopoReader::addPcieTrees()
{
    std::vector<std::string> deviceOf(m_elements.size()); // the device id an element became
    for (std::size_t s = 0; s < m_cpus.size(); ++s)
        deviceOf[std::size_t(m_cpus[s])] = "n0.cpu" + std::to_string(s);
    std::vector<int> todo(m_cpus.rbegin(), m_cpus.rend());
    while (!todo.empty()) {
        const int i = todo.back();
        todo.pop_back();
        const Element& e = element(i);
        todo.insert(todo.end(), e.children.rbegin(), e.children.rend());
        if (e.parent < 0 || i == 0)
            continue;
        // The device an element hangs off: its nearest ancestor that became one.
        int up = e.parent;
        while (up >= 0 && deviceOf[std::size_t(up)].empty())
            up = element(up).parent;
        if (up >= 0 && !addPcieDevice(i, deviceOf[std::size_t(up)], element(up).name == QLatin1String("cpu"),
                                      deviceOf[std::size_t(i)]))
            return false;
    }
    return true;
}

// The device element INDEX is, linked to PARENT: a NIC without PCIe information, or the <pci> of a GPU, a
// NIC, a PCIe switch or an NVMe drive. ID stays empty for any other element.
bool NcclTopoReader::addPcieDevice(int index, const std::string& parent, bool parentIsCpu, std::string& id)
{
    const Element& e = element(index);
    if (e.name == QLatin1String("nic") && element(e.parent).name == QLatin1String("cpu")) {
        // A NIC without PCIe information (NCCL links it to the CPU at local bandwidth).
        id = "n0.nic" + std::to_string(m_nics++);
        QString label = QStringLiteral("NIC %1").arg(m_nics - 1);
        if (!readNets(e, label))
            return false;
        m_builder.device(id, "nic", label.toStdString(), 0, 300);
        m_builder.link(id, parent, detail::hostKind(4));
        return true;
    }
    if (e.name != QLatin1String("pci"))
        return true;

    const QString cls = e.attribute("class").toLower();
    int gen = 3, lanes = 16;
    if (!linkSpeed(e, gen, lanes))
        return false;
    int nicChild = -1;
    bool pciChild = false;
    for (int c : e.children) {
        const QString& n = element(c).name;
        if (n == QLatin1String("nic"))
            nicChild = c;
        if (n == QLatin1String("pci"))
            pciChild = true;
    }
    if (m_gpuOfPci[std::size_t(index)] >= 0) {
        id = m_gpus[std::size_t(m_gpuOfPci[std::size_t(index)])].id;
    } else if (nicChild >= 0) {
        id = "n0.nic" + std::to_string(m_nics++);
        QString label = QStringLiteral("NIC %1").arg(m_nics - 1);
        if (!readNets(element(nicChild), label))
            return false;
        m_infiniband = m_infiniband || cls.startsWith(QLatin1String("0x0207"));
        m_builder.device(id, "nic", label.toStdString(), 0, 300);
    } else if (cls.startsWith(QLatin1String("0x0604")) || pciChild) {
        id = "n0.pcie" + std::to_string(m_switches++);
        m_builder.device(id, "pcie-switch", "PCIe switch " + std::to_string(m_switches - 1), 0, 240);
    } else if (cls.startsWith(QLatin1String("0x0108"))) {
        id = "n0.nvme" + std::to_string(m_nvmes++);
        m_builder.device(id, "nvme", "NVMe " + std::to_string(m_nvmes - 1),
                         m_width + detail::kImportGpuPitch * m_nvmes, 300);
    } else {
        return true; // another PCIe function (a bridge to nothing NCCL uses): not a device of the model
    }
    const std::string kind = parentIsCpu ? detail::hostKind(gen) : detail::pcieKind(gen, lanes);
    m_builder.link(id, parent, kind, 1, detail::pcieBandwidth(gen, lanes));
    return true;
}

// A NIC's label and fastest port (Mb/s) from its <net> elements.
bool NcclTopoReader::readNets(const Element& nic, QString& label)
{
    double speed = 0;
    for (int c : nic.children) {
        const Element& net = element(c);
        if (net.name != QLatin1String("net"))
            continue;
        if (net.has("name") && !label.contains(QLatin1Char('(')))
            label += QStringLiteral(" (%1)").arg(net.attribute("name").left(40));
        int mbps = 0;
        if (!intAttribute(net, "speed", false, 0, -1, mbps))
            return false;
        if (mbps <= 0)
            mbps = 10000; // NCCL: "Some NICs define speed = -1"
        speed = std::max(speed, double(mbps));
    }
    m_fastestNet = std::max(m_fastestNet, speed);
    return true;
}

// NVLinks, read from each GPU's side; a pair lists its link from both ends.
bool NcclTopoReader::readNvlinks()
{
    for (std::size_t g = 0; g < m_gpus.size(); ++g)
        if (!readGpuLinks(int(g)))
            return false;
    if (!m_toSwitch.empty()) {
        m_builder.device("n0.nvswitch", "nvswitch", "NVSwitch", m_width / 2, 0);
        for (const auto& [g, count] : m_toSwitch)
            m_builder.link(m_gpus[std::size_t(g)].id, "n0.nvswitch", nvlinkKind(g, -1), count);
    }
    for (const auto& [pair, count] : m_pairs)
        m_builder.link(m_gpus[std::size_t(pair.first)].id, m_gpus[std::size_t(pair.second)].id,
                       nvlinkKind(pair.first, pair.second), count);
    for (const auto& [g, count] : m_toCpu)
        m_builder.link(m_gpus[std::size_t(g)].id, "n0.cpu" + std::to_string(m_gpus[std::size_t(g)].cpu),
                       nvlinkKind(g, -1), count);
    return true;
}

// The <c2c> and <nvlink> elements of GPU (an index in m_gpus).
bool NcclTopoReader::readGpuLinks(int gpu)
{
    const GpuInfo& g = m_gpus[std::size_t(gpu)];
    for (int c : element(g.element).children) {
        const Element& l = element(c);
        if (l.name == QLatin1String("c2c")) {
            int count = 0, bw = 0;
            if (!intAttribute(l, "count", true, 0, 1, count) || !intAttribute(l, "bw", true, 0, 1, bw))
                return false;
            // NVLink-C2C (Grace Hopper): count links of bw MB/s each (NCCL ncclTopoAddC2c).
            m_builder.link(g.id, "n0.cpu" + std::to_string(g.cpu), "nvlink-c2c", 1, double(count) * bw * 1e6);
            continue;
        }
        if (l.name != QLatin1String("nvlink"))
            continue;
        int count = 0;
        if (!intAttribute(l, "count", true, 0, 1, count))
            return false;
        const QString tclass = l.attribute("tclass").toLower();
        if (tclass == QLatin1String("0x068000")) {
            m_toSwitch[gpu] += count;
        } else if (tclass == QLatin1String("0x068001")) {
            m_toCpu[gpu] += count;
        } else if (tclass.startsWith(QLatin1String("0x03"))) {
            const qint64 bus = busIdValue(l.attribute("target"));
            if (bus < 0)
                return failAtLine(l.line, tr("<nvlink> needs a target bus id such as \"0000:07:00.0\""));
            const int peer = m_gpuByBus.value(bus, -1);
            if (peer < 0 || peer == gpu) {
                warnOnce(tr("line %1: <nvlink target=\"%2\"> reaches no other GPU of the dump: skipped")
                             .arg(l.line)
                             .arg(l.attribute("target").left(40)));
                continue;
            }
            int& known = m_pairs[std::minmax(gpu, peer)];
            known = std::max(known, count);
        } else {
            return failAtLine(l.line,
                              tr("<nvlink tclass=\"%1\">: expected a GPU (0x03...), NVSwitch (0x068000) or "
                                 "CPU (0x068001) class")
                                  .arg(tclass.left(20)));
        }
    }
    return true;
}

// The NVLink generation of the older GPU of A and B (B -1: A alone) by its compute capability.
std::string NcclTopoReader::nvlinkKind(int a, int b) const
{
    return detail::nvlinkKindForSm(
        std::min(m_gpus[std::size_t(a)].sm, m_gpus[std::size_t(b < 0 ? a : b)].sm));
}

// The scenario fields the node determines, its warnings and summary.
void NcclTopoReader::fill(Topology topology, ImportResult& out) const
{
    Scenario& sc = out.scenario;
    sc.cluster.topology = std::move(topology);
    sc.cluster.nodes = 1;
    sc.cluster.gpus_per_node = std::int64_t(m_gpus.size());
    sc.cluster.network.nics_per_node = std::min(m_nics, 64);
    for (const char* path : {"cluster.nodes", "cluster.gpus_per_node", "cluster.network.nics_per_node"})
        out.fields.push_back(path);
    if (m_fastestNet > 0) {
        sc.cluster.network.kind = networkKind(m_fastestNet / 1000.0, m_infiniband);
        out.fields.push_back("cluster.network.kind");
    }
    out.fields.push_back("cluster.topology");
    out.warnings << warnings();
    out.summary =
        tr("NCCL topology: %n GPU(s)", nullptr, int(m_gpus.size())) + QStringLiteral(", ") +
        (m_toSwitch.empty() ? tr("%n NVLink pair(s)", nullptr, int(m_pairs.size())) : tr("NVSwitch")) +
        QStringLiteral(", ") + tr("%n NIC(s)", nullptr, m_nics) + QStringLiteral(", ") +
        tr("%n CPU(s)", nullptr, int(m_cpus.size()));
}

bool NcclTopoReader::build(ImportResult& out)
{
    if (!findCpus() || !readGpus())
        return false;
    orderGpus();
    if (!addSockets() || !addPcieTrees() || !readNvlinks())
        return false;
    Topology topology = m_builder.take();
    placeNicsAndSwitches(topology, m_width, m_nics);
    fill(std::move(topology), out);
    return true;
}

bool NcclTopoReader::read(const QByteArray& data, ImportResult& out)
{
    return parse(data) && build(out);
}

} // namespace

bool importNcclTopo(const QByteArray& data, const QString& fileName, ImportResult& out, QString* error)
{
    NcclTopoReader reader(fileName);
    return reader.report(reader.read(data, out), error);
}

} // namespace ss::io
