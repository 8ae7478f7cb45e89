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
    QString attribute(const char* key) const { return attributes.value(QLatin1String(key)).toString().trimmed(); }
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
    int cpu = 0;      // socket index
    std::string id;
};

class NcclTopoReader
{
    Q_DECLARE_TR_FUNCTIONS(ss::io::Import)

public:
    explicit NcclTopoReader(const QString& fileName) : m_fileName(fileName) {}
    bool read(const QByteArray& data, ImportResult& out);
    const QString& error() const { return m_error; }

private:
    bool fail(qint64 line, const QString& message)
    {
        m_error = detail::locatedMessage(m_fileName, line > 0 ? detail::lineText(line) : QString(), message);
        return false;
    }
    void warn(const QString& message)
    {
        if (!m_warnings.contains(message))
            m_warnings << message;
    }
    bool parse(const QByteArray& data);
    bool intAttribute(const Element& e, const char* key, bool required, int fallback, int min, int& out);
    bool linkSpeed(const Element& pci, int& gen, int& width);
    bool build(ImportResult& out);

    QString m_fileName;
    QString m_error;
    QStringList m_warnings;
    std::vector<Element> m_elements;
};

bool NcclTopoReader::parse(const QByteArray& data)
{
    QXmlStreamReader xml(data);
    std::vector<int> stack;
    while (!xml.atEnd()) {
        const QXmlStreamReader::TokenType token = xml.readNext();
        if (token == QXmlStreamReader::StartElement) {
            if (int(m_elements.size()) >= kMaxElements)
                return fail(xml.lineNumber(), tr("more than %1 elements: not an NCCL topology dump").arg(kMaxElements));
            if (int(stack.size()) >= kMaxDepth)
                return fail(xml.lineNumber(), tr("elements nested more than %1 deep").arg(kMaxDepth));
            Element e;
            e.name = xml.name().toString();
            e.attributes = xml.attributes();
            e.line = xml.lineNumber();
            e.parent = stack.empty() ? -1 : stack.back();
            if (stack.empty() && !m_elements.empty())
                return fail(e.line, tr("a second top-level element <%1>").arg(e.name));
            if (stack.empty() && e.name != QLatin1String("system"))
                return fail(e.line, tr("expected <system> (an NCCL topology dump, as NCCL_TOPO_DUMP_FILE writes it), "
                                       "got <%1>")
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
    if (xml.hasError()) {
        m_error = detail::locatedMessage(m_fileName, detail::lineColumnText(xml.lineNumber(), xml.columnNumber() + 1),
                                         tr("XML error: %1").arg(xml.errorString()));
        return false;
    }
    if (m_elements.empty())
        return fail(0, tr("no XML elements: expected an NCCL topology dump (<system> ...)"));
    return true;
}

bool NcclTopoReader::intAttribute(const Element& e, const char* key, bool required, int fallback, int min, int& out)
{
    out = fallback;
    if (!e.has(key)) {
        if (required)
            return fail(e.line, tr("<%1> needs a %2 attribute").arg(e.name, QLatin1String(key)));
        return true;
    }
    const QString text = e.attribute(key);
    bool ok = false;
    const long long value = text.toLongLong(&ok, 0); // NCCL reads these with strtol(..., 0): decimal or 0x hex
    if (!ok || value < min || value > 1000000000)
        return fail(e.line, tr("<%1 %2=\"%3\">: expected a whole number of at least %4")
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
        warn(tr("line %1: link_speed \"%2\" is not a PCIe rate: taken as 8 GT/s (Gen3), as NCCL does")
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

bool NcclTopoReader::build(ImportResult& out)
{
    using detail::kImportGpuPitch;
    const Element& system = m_elements.front();
    std::vector<int> cpus;
    for (int c : system.children)
        if (m_elements[std::size_t(c)].name == QLatin1String("cpu"))
            cpus.push_back(c);
    if (cpus.empty())
        return fail(system.line, tr("<system> holds no <cpu> element"));

    // First pass: the GPUs, so that ids follow NCCL's rank order whatever the order of the tree.
    std::vector<GpuInfo> gpus;
    QHash<qint64, int> gpuByBus;
    std::vector<int> socketOf(m_elements.size(), -1);
    for (std::size_t s = 0; s < cpus.size(); ++s) {
        std::vector<int> todo{cpus[s]};
        while (!todo.empty()) {
            const int i = todo.back();
            todo.pop_back();
            socketOf[std::size_t(i)] = int(s);
            const Element& e = m_elements[std::size_t(i)];
            for (int c : e.children)
                todo.push_back(c);
            if (e.name != QLatin1String("gpu"))
                continue;
            GpuInfo g;
            g.element = i;
            g.pci = e.parent;
            g.cpu = int(s);
            if (!intAttribute(e, "dev", true, 0, 0, g.dev) || !intAttribute(e, "rank", false, -1, -1, g.rank) ||
                !intAttribute(e, "sm", false, 0, 0, g.sm))
                return false;
            const Element& pci = m_elements[std::size_t(g.pci)];
            if (pci.name != QLatin1String("pci"))
                return fail(e.line, tr("<gpu> must sit in the <pci> element of its PCIe device"));
            const qint64 bus = busIdValue(pci.attribute("busid"));
            if (bus < 0)
                return fail(pci.line, tr("<pci> needs a busid such as \"0000:07:00.0\", got \"%1\"")
                                          .arg(pci.attribute("busid").left(40)));
            if (gpuByBus.contains(bus))
                return fail(e.line, tr("a second GPU at bus id %1").arg(pci.attribute("busid")));
            gpuByBus.insert(bus, int(gpus.size()));
            gpus.push_back(g);
        }
    }
    if (gpus.empty())
        return fail(system.line, tr("no <gpu> element: the dump describes no GPU"));
    std::vector<int> order(gpus.size());
    std::iota(order.begin(), order.end(), 0);
    const bool ranked = std::all_of(gpus.begin(), gpus.end(), [](const GpuInfo& g) { return g.rank >= 0; });
    std::stable_sort(order.begin(), order.end(), [&](int a, int b) {
        return ranked ? gpus[std::size_t(a)].rank < gpus[std::size_t(b)].rank
                      : gpus[std::size_t(a)].dev < gpus[std::size_t(b)].dev;
    });
    std::vector<int> gpuOfPci(m_elements.size(), -1);
    for (std::size_t k = 0; k < order.size(); ++k) {
        GpuInfo& g = gpus[std::size_t(order[k])];
        g.id = "n0.gpu" + std::to_string(k);
        gpuOfPci[std::size_t(g.pci)] = order[k];
    }
    const double width = std::max<double>(double(gpus.size()), 4) * kImportGpuPitch;
    const auto gpuX = [&](int g) {
        return kImportGpuPitch * (double(std::find(order.begin(), order.end(), g) - order.begin()) + 0.5);
    };

    detail::TopologyBuilder b;
    for (std::size_t s = 0; s < cpus.size(); ++s) {
        const Element& cpu = m_elements[std::size_t(cpus[s])];
        std::string label = "CPU " + std::to_string(s);
        if (cpu.has("numaid"))
            label += " (NUMA " + cpu.attribute("numaid").toStdString() + ")";
        b.device("n0.cpu" + std::to_string(s), "cpu", label, width * (double(s) + 0.5) / double(cpus.size()), 360);
    }
    for (std::size_t k = 0; k < order.size(); ++k)
        b.device(gpus[std::size_t(order[k])].id, "gpu", "GPU " + std::to_string(k), gpuX(order[k]), 120);

    // The socket link NCCL assumes for this CPU (src/graph/topo.cc ncclTopoAddCpu, topo.h *_QPI_BW).
    std::string cpuKind = "upi-10.4";
    {
        const Element& cpu = m_elements[std::size_t(cpus.front())];
        const QString arch = cpu.attribute("arch"), vendor = cpu.attribute("vendor");
        int family = 0, model = 0;
        if (!intAttribute(cpu, "familyid", false, 0, 0, family) || !intAttribute(cpu, "modelid", false, 0, 0, model))
            return false;
        if (arch == QLatin1String("x86_64") && vendor == QLatin1String("GenuineIntel")) {
            if (family == 6 && (model >= 0x8F))
                cpuKind = "upi-16"; // Sapphire Rapids and later
            else if (family == 6 && model >= 0x55)
                cpuKind = "upi-10.4"; // Skylake
            else
                cpuKind = "qpi-9.6"; // Broadwell and earlier
        } else if (arch == QLatin1String("x86_64") && vendor == QLatin1String("AuthenticAMD")) {
            cpuKind = "qpi-xgmi2";
        } else if (cpus.size() > 1) {
            warn(tr("CPU arch \"%1\" vendor \"%2\": the socket link is taken as UPI 10.4 GT/s").arg(arch, vendor));
        }
    }
    for (std::size_t s = 0; s < cpus.size(); ++s)
        for (std::size_t t = s + 1; t < cpus.size(); ++t)
            b.link("n0.cpu" + std::to_string(s), "n0.cpu" + std::to_string(t), cpuKind);

    // Second pass: the PCIe trees, depth first, each <pci> linked to its parent with its own link speed.
    int switches = 0, nics = 0, nvmes = 0;
    double fastestNet = 0;
    bool infiniband = false;
    std::vector<std::string> deviceOf(m_elements.size()); // the device id an element became
    for (std::size_t s = 0; s < cpus.size(); ++s)
        deviceOf[std::size_t(cpus[s])] = "n0.cpu" + std::to_string(s);
    // A NIC's label and fastest port (Mb/s) from its <net> elements.
    const auto readNets = [&](const Element& nic, QString& label, double& speed) {
        for (int c : nic.children) {
            const Element& net = m_elements[std::size_t(c)];
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
        fastestNet = std::max(fastestNet, speed);
        return true;
    };
    std::vector<int> todo(cpus.rbegin(), cpus.rend());
    while (!todo.empty()) {
        const int i = todo.back();
        todo.pop_back();
        const Element& e = m_elements[std::size_t(i)];
        for (auto c = e.children.rbegin(); c != e.children.rend(); ++c)
            todo.push_back(*c);
        if (e.parent < 0 || i == 0)
            continue;
        // The device an element hangs off: its nearest ancestor that became one.
        int up = e.parent;
        while (up >= 0 && deviceOf[std::size_t(up)].empty())
            up = m_elements[std::size_t(up)].parent;
        if (up < 0)
            continue;
        const std::string parent = deviceOf[std::size_t(up)];
        const bool parentIsCpu = m_elements[std::size_t(up)].name == QLatin1String("cpu");

        if (e.name == QLatin1String("nic") && m_elements[std::size_t(e.parent)].name == QLatin1String("cpu")) {
            // A NIC without PCIe information (NCCL links it to the CPU at local bandwidth).
            const std::string id = "n0.nic" + std::to_string(nics++);
            QString label = QStringLiteral("NIC %1").arg(nics - 1);
            double speed = 0;
            if (!readNets(e, label, speed))
                return false;
            b.device(id, "nic", label.toStdString(), 0, 300);
            b.link(id, parent, detail::hostKind(4));
            deviceOf[std::size_t(i)] = id;
            continue;
        }
        if (e.name != QLatin1String("pci"))
            continue;

        const QString cls = e.attribute("class").toLower();
        int gen = 3, lanes = 16;
        if (!linkSpeed(e, gen, lanes))
            return false;
        const std::string kind = parentIsCpu ? detail::hostKind(gen) : detail::pcieKind(gen, lanes);
        const double bandwidth = detail::pcieBandwidth(gen, lanes);
        int nicChild = -1;
        bool pciChild = false;
        for (int c : e.children) {
            const QString& n = m_elements[std::size_t(c)].name;
            if (n == QLatin1String("nic"))
                nicChild = c;
            if (n == QLatin1String("pci"))
                pciChild = true;
        }
        std::string id;
        if (gpuOfPci[std::size_t(i)] >= 0) {
            id = gpus[std::size_t(gpuOfPci[std::size_t(i)])].id;
        } else if (nicChild >= 0) {
            id = "n0.nic" + std::to_string(nics++);
            QString label = QStringLiteral("NIC %1").arg(nics - 1);
            double speed = 0;
            if (!readNets(m_elements[std::size_t(nicChild)], label, speed))
                return false;
            infiniband = infiniband || cls.startsWith(QLatin1String("0x0207"));
            b.device(id, "nic", label.toStdString(), 0, 300);
        } else if (cls.startsWith(QLatin1String("0x0604")) || pciChild) {
            id = "n0.pcie" + std::to_string(switches++);
            b.device(id, "pcie-switch", "PCIe switch " + std::to_string(switches - 1), 0, 240);
        } else if (cls.startsWith(QLatin1String("0x0108"))) {
            id = "n0.nvme" + std::to_string(nvmes++);
            b.device(id, "nvme", "NVMe " + std::to_string(nvmes - 1), width + kImportGpuPitch * nvmes, 300);
        } else {
            continue; // another PCIe function (a bridge to nothing NCCL uses): not a device of the model
        }
        b.link(id, parent, kind, 1, bandwidth);
        deviceOf[std::size_t(i)] = id;
    }

    // NVLinks, read from each GPU's side; a pair lists its link from both ends.
    std::map<std::pair<int, int>, int> pairs;
    std::map<int, int> toSwitch, toCpu;
    for (std::size_t g = 0; g < gpus.size(); ++g) {
        for (int c : m_elements[std::size_t(gpus[g].element)].children) {
            const Element& l = m_elements[std::size_t(c)];
            if (l.name == QLatin1String("c2c")) {
                int count = 0, bw = 0;
                if (!intAttribute(l, "count", true, 0, 1, count) || !intAttribute(l, "bw", true, 0, 1, bw))
                    return false;
                // NVLink-C2C (Grace Hopper): count links of bw MB/s each (NCCL ncclTopoAddC2c).
                b.link(gpus[g].id, "n0.cpu" + std::to_string(gpus[g].cpu), "nvlink-c2c", 1, double(count) * bw * 1e6);
                continue;
            }
            if (l.name != QLatin1String("nvlink"))
                continue;
            int count = 0;
            if (!intAttribute(l, "count", true, 0, 1, count))
                return false;
            const QString tclass = l.attribute("tclass").toLower();
            if (tclass == QLatin1String("0x068000")) {
                toSwitch[int(g)] += count;
            } else if (tclass == QLatin1String("0x068001")) {
                toCpu[int(g)] += count;
            } else if (tclass.startsWith(QLatin1String("0x03"))) {
                const qint64 bus = busIdValue(l.attribute("target"));
                if (bus < 0)
                    return fail(l.line, tr("<nvlink> needs a target bus id such as \"0000:07:00.0\""));
                const int peer = gpuByBus.value(bus, -1);
                if (peer < 0 || peer == int(g)) {
                    warn(tr("line %1: <nvlink target=\"%2\"> reaches no other GPU of the dump: skipped")
                             .arg(l.line)
                             .arg(l.attribute("target").left(40)));
                    continue;
                }
                int& known = pairs[std::minmax(int(g), peer)];
                known = std::max(known, count);
            } else {
                return fail(l.line, tr("<nvlink tclass=\"%1\">: expected a GPU (0x03...), NVSwitch (0x068000) or CPU "
                                       "(0x068001) class")
                                        .arg(tclass.left(20)));
            }
        }
    }
    const auto nvKind = [&](int a, int c) {
        const int sm = std::min(gpus[std::size_t(a)].sm, gpus[std::size_t(c < 0 ? a : c)].sm);
        return detail::nvlinkKindForSm(sm);
    };
    if (!toSwitch.empty()) {
        b.device("n0.nvswitch", "nvswitch", "NVSwitch", width / 2, 0);
        for (const auto& [g, count] : toSwitch)
            b.link(gpus[std::size_t(g)].id, "n0.nvswitch", nvKind(g, -1), count);
    }
    for (const auto& [pair, count] : pairs)
        b.link(gpus[std::size_t(pair.first)].id, gpus[std::size_t(pair.second)].id, nvKind(pair.first, pair.second),
               count);
    for (const auto& [g, count] : toCpu)
        b.link(gpus[std::size_t(g)].id, "n0.cpu" + std::to_string(gpus[std::size_t(g)].cpu), nvKind(g, -1), count);

    // Switch positions: under the middle of what hangs off them; NICs spread along their row.
    Topology topology = b.take();
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
            const std::string& other = link.a == node.id ? link.b : (link.b == node.id ? link.a : std::string());
            for (const TopologyNode& o : topology.nodes)
                if (!other.empty() && o.id == other && o.kind != "cpu" && o.kind != "pcie-switch") {
                    sum += o.x;
                    ++n;
                }
        }
        node.x = n > 0 ? sum / n : width / 2;
    }

    Scenario& sc = out.scenario;
    sc.cluster.topology = std::move(topology);
    sc.cluster.nodes = 1;
    sc.cluster.gpus_per_node = std::int64_t(gpus.size());
    sc.cluster.network.nics_per_node = std::min(nics, 64);
    for (const char* path : {"cluster.nodes", "cluster.gpus_per_node", "cluster.network.nics_per_node"})
        out.fields.push_back(path);
    if (fastestNet > 0) {
        // The port rate names the network: InfiniBand by the NIC's PCI class (0x0207), else Ethernet (RoCE from
        // 100 Gb/s, as NCCL's IB transport runs on such NICs).
        const double gbps = fastestNet / 1000.0;
        std::string kind;
        if (infiniband)
            kind = gbps >= 800 ? "ib-xdr" : gbps >= 400 ? "ib-ndr" : gbps >= 200 ? "ib-hdr" : "ib-edr";
        else
            kind = gbps >= 400 ? "roce-400g" : gbps >= 200 ? "roce-200g" : gbps >= 100 ? "roce-100g"
                                                            : gbps >= 25  ? "ethernet-25g"
                                                                          : "ethernet-10g";
        sc.cluster.network.kind = kind;
        out.fields.push_back("cluster.network.kind");
    }
    out.fields.push_back("cluster.topology");
    for (const QString& w : std::as_const(m_warnings))
        out.warnings << detail::locatedMessage(m_fileName, {}, w);
    out.summary = tr("NCCL topology: %n GPU(s)", nullptr, int(gpus.size())) + QStringLiteral(", ") +
                  (toSwitch.empty() ? tr("%n NVLink pair(s)", nullptr, int(pairs.size())) : tr("NVSwitch")) +
                  QStringLiteral(", ") + tr("%n NIC(s)", nullptr, nics) + QStringLiteral(", ") +
                  tr("%n CPU(s)", nullptr, int(cpus.size()));
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
    if (reader.read(data, out))
        return true;
    if (error)
        *error = reader.error();
    return false;
}

} // namespace ss::io
