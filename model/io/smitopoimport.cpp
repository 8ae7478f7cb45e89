// SPDX-License-Identifier: GPL-3.0-or-later
#include "smitopoimport.h"

#include "importsupport.h"
#include "importtopology.h"

#include <QCoreApplication>
#include <QHash>
#include <QRegularExpression>

#include <algorithm>
#include <map>
#include <numeric>
#include <set>

namespace ss::io {

namespace {

enum class Rel
{
    Self,
    Nv,
    Pix,
    Pxb,
    Phb,
    Node,
    Sys
};

struct Cell
{
    Rel rel = Rel::Sys;
    int count = 0; // NV#: the bonded links
    QString text;
};

struct Row
{
    qsizetype line = 0;
    std::vector<Cell> cells;
    QString cpuAffinity;
    QString numaAffinity;
};

class UnionFind
{
public:
    explicit UnionFind(int n) : m_parent(std::size_t(n)) { std::iota(m_parent.begin(), m_parent.end(), 0); }
    int find(int x)
    {
        while (m_parent[std::size_t(x)] != x) {
            m_parent[std::size_t(x)] = m_parent[std::size_t(m_parent[std::size_t(x)])];
            x = m_parent[std::size_t(x)];
        }
        return x;
    }
    bool unite(int a, int b)
    {
        a = find(a);
        b = find(b);
        if (a == b)
            return false;
        m_parent[std::size_t(std::max(a, b))] = std::min(a, b);
        return true;
    }

private:
    std::vector<int> m_parent;
};

// Terminals underline the header with escape sequences; pasted text may keep them without the ESC.
QString stripEscapes(QString line)
{
    static const QRegularExpression escapes(QStringLiteral("\\x1b?\\[[0-9;]*m"));
    if (line.contains(QLatin1Char('[')))
        line.remove(escapes);
    line.remove(QLatin1Char('\r'));
    return line;
}

QStringList splitLine(const QString& line)
{
    if (line.contains(QLatin1Char('\t'))) {
        QStringList fields = line.split(QLatin1Char('\t'));
        for (QString& f : fields)
            f = f.trimmed();
        return fields;
    }
    return line.split(QRegularExpression(QStringLiteral("\\s+")), Qt::SkipEmptyParts);
}

bool isAffinityStart(const QStringList& t, qsizetype i)
{
    const auto is = [&](qsizetype k, const char* word) {
        return k < t.size() && t.at(k).compare(QLatin1String(word), Qt::CaseInsensitive) == 0;
    };
    return (is(i, "CPU") && is(i + 1, "Affinity")) || (is(i, "NUMA") && is(i + 1, "Affinity")) ||
           (is(i, "GPU") && is(i + 1, "NUMA")) || t.at(i).startsWith(QLatin1String("CPU Affinity"), Qt::CaseInsensitive) ||
           t.at(i).startsWith(QLatin1String("NUMA Affinity"), Qt::CaseInsensitive) ||
           t.at(i).startsWith(QLatin1String("GPU NUMA"), Qt::CaseInsensitive);
}

bool isHeader(const QStringList& fields)
{
    QStringList t;
    for (const QString& f : fields)
        if (!f.isEmpty())
            t << f;
    return t.size() >= 1 && t.first() == QLatin1String("GPU0") && (t.size() == 1 || t.at(1) != QLatin1String("X"));
}

bool parseCode(const QString& text, Cell& cell)
{
    cell.text = text;
    if (text == QLatin1String("X")) {
        cell.rel = Rel::Self;
        return true;
    }
    static const QRegularExpression nv(QStringLiteral("^NV(\\d{1,3})$"));
    const QRegularExpressionMatch m = nv.match(text);
    if (m.hasMatch()) {
        cell.rel = Rel::Nv;
        cell.count = m.captured(1).toInt();
        return cell.count > 0;
    }
    static const std::pair<const char*, Rel> codes[] = {{"PIX", Rel::Pix}, {"PXB", Rel::Pxb}, {"PHB", Rel::Phb},
                                                        {"NODE", Rel::Node}, {"SYS", Rel::Sys}, {"SOC", Rel::Sys}};
    for (const auto& [name, rel] : codes) {
        if (text == QLatin1String(name)) {
            cell.rel = rel;
            return true;
        }
    }
    return false;
}

// An entry that is meant as a link code (capitals and digits), as opposed to an affinity value ("0-19", "N/A").
bool looksLikeCode(const QString& text)
{
    static const QRegularExpression code(QStringLiteral("^[A-Z][A-Z0-9#_]*$"));
    return code.match(text).hasMatch();
}

constexpr qsizetype kMaxDevices = 256;

class SmiReader
{
    Q_DECLARE_TR_FUNCTIONS(ss::io::Import)

public:
    explicit SmiReader(const QString& fileName) : m_fileName(fileName) {}
    bool read(const QByteArray& data, ImportResult& out);
    const QString& error() const { return m_error; }

private:
    bool fail(qsizetype line, const QString& message)
    {
        m_error = detail::locatedMessage(m_fileName, line > 0 ? detail::lineText(line) : QString(), message);
        return false;
    }
    bool parse(const QByteArray& data);
    bool parseRow(const QStringList& fields, qsizetype line, bool tabs);
    bool validate();
    void build(ImportResult& out);
    bool isGpu(int i) const { return m_columns.at(i).startsWith(QLatin1String("GPU")); }
    const Cell& cell(int i, int j) const { return m_rows[std::size_t(i)].cells[std::size_t(j)]; }

    QString m_fileName;
    QString m_error;
    QStringList m_columns;         // device names in header order
    QStringList m_affinityColumns; // "CPU Affinity", "NUMA Affinity", "GPU NUMA ID" as present
    qsizetype m_headerLine = 0;
    std::vector<Row> m_rows;       // by column index
    std::vector<bool> m_haveRow;
    QHash<QString, QString> m_nicLegend; // NIC0 -> mlx5_0
    bool m_soc = false;                  // an old driver's SOC instead of SYS
};

bool SmiReader::parseRow(const QStringList& fields, qsizetype line, bool tabs)
{
    const QString name = fields.first();
    const int index = int(m_columns.indexOf(name));
    if (index < 0)
        return fail(line, tr("the row \"%1\" has no column in the header line (line %2): the matrix must be square")
                              .arg(name.left(40))
                              .arg(m_headerLine));
    if (m_haveRow[std::size_t(index)])
        return fail(line, tr("a second row for %1 (the first is on line %2)").arg(name).arg(m_rows[std::size_t(index)].line));
    Row row;
    row.line = line;
    const int n = int(m_columns.size());
    qsizetype k = 1;
    for (int c = 0; c < n; ++c, ++k) {
        const QString text = k < fields.size() ? fields.at(k) : QString();
        Cell cell;
        if (!text.isEmpty() && parseCode(text, cell)) {
            row.cells.push_back(cell);
            continue;
        }
        if (!text.isEmpty() && looksLikeCode(text))
            return fail(line, tr("column %1: unknown link code \"%2\" (expected X, NV# with a link count, PIX, PXB, "
                                 "PHB, NODE, SYS or SOC)")
                                  .arg(m_columns.at(c), text.left(20)));
        return fail(line, tr("the %1 row has %2 link entries for the %3 columns of the header (line %4): the matrix "
                             "must be square")
                              .arg(name)
                              .arg(c)
                              .arg(n)
                              .arg(m_headerLine));
    }
    // Whatever follows the links is the affinity columns, in the header's order.
    QStringList rest = fields.mid(k);
    if (!tabs)
        rest.removeAll(QString());
    for (qsizetype a = 0; a < m_affinityColumns.size() && a < rest.size(); ++a) {
        const QString& column = m_affinityColumns.at(a);
        if (column.startsWith(QLatin1String("CPU"), Qt::CaseInsensitive))
            row.cpuAffinity = rest.at(a);
        else if (column.startsWith(QLatin1String("NUMA"), Qt::CaseInsensitive))
            row.numaAffinity = rest.at(a);
    }
    m_rows[std::size_t(index)] = row;
    m_haveRow[std::size_t(index)] = true;
    return true;
}

bool SmiReader::parse(const QByteArray& data)
{
    const QStringList lines = QString::fromUtf8(data).split(QLatin1Char('\n'));
    enum class State
    {
        BeforeHeader,
        Matrix,
        After
    } state = State::BeforeHeader;
    bool inNicLegend = false;
    static const QRegularExpression legendEntry(QStringLiteral("^\\s*(NIC\\d+)\\s*:\\s*(\\S+)\\s*$"));
    for (qsizetype i = 0; i < lines.size(); ++i) {
        const qsizetype lineNo = i + 1;
        const QString line = stripEscapes(lines.at(i));
        const bool tabs = line.contains(QLatin1Char('\t'));
        const QStringList fields = splitLine(line);
        const bool blank = line.trimmed().isEmpty();
        switch (state) {
        case State::BeforeHeader: {
            if (blank || !isHeader(fields))
                break;
            m_headerLine = lineNo;
            QStringList t;
            for (const QString& f : fields)
                if (!f.isEmpty())
                    t << f;
            qsizetype k = 0;
            for (; k < t.size() && !isAffinityStart(t, k); ++k) {
                if (m_columns.contains(t.at(k)))
                    return fail(lineNo, tr("the column %1 appears twice in the header").arg(t.at(k)));
                m_columns << t.at(k);
            }
            // The affinity headers: one field each with tabs, two or three words each with spaces.
            while (k < t.size()) {
                const QString word = t.at(k);
                if (word.contains(QLatin1Char(' '))) {
                    m_affinityColumns << word;
                    ++k;
                } else if (word.compare(QLatin1String("GPU"), Qt::CaseInsensitive) == 0) {
                    m_affinityColumns << QStringLiteral("GPU NUMA ID");
                    k += 3;
                } else if (word.compare(QLatin1String("CPU"), Qt::CaseInsensitive) == 0 ||
                           word.compare(QLatin1String("NUMA"), Qt::CaseInsensitive) == 0) {
                    m_affinityColumns << word + QStringLiteral(" Affinity");
                    k += 2;
                } else {
                    ++k; // a column a later driver added: skipped
                }
            }
            // nvidia-smi lists the GPUs and NICs of one machine; a bound keeps a wrong file from costing minutes.
            if (m_columns.size() > kMaxDevices)
                return fail(lineNo, tr("%1 columns: more devices than one machine has (at most %2)")
                                        .arg(m_columns.size())
                                        .arg(kMaxDevices));
            m_rows.assign(std::size_t(m_columns.size()), Row());
            m_haveRow.assign(std::size_t(m_columns.size()), false);
            state = State::Matrix;
            break;
        }
        case State::Matrix:
            if (blank || line.trimmed().startsWith(QLatin1String("Legend"), Qt::CaseInsensitive) ||
                line.trimmed().startsWith(QLatin1String("NIC Legend"), Qt::CaseInsensitive)) {
                state = State::After;
                inNicLegend = line.trimmed().startsWith(QLatin1String("NIC Legend"), Qt::CaseInsensitive);
                break;
            }
            if (!parseRow(fields, lineNo, tabs))
                return false;
            break;
        case State::After:
            if (line.trimmed().startsWith(QLatin1String("NIC Legend"), Qt::CaseInsensitive)) {
                inNicLegend = true;
            } else if (inNicLegend) {
                const QRegularExpressionMatch m = legendEntry.match(line);
                if (m.hasMatch())
                    m_nicLegend.insert(m.captured(1), m.captured(2));
            }
            break;
        }
    }
    if (state == State::BeforeHeader)
        return fail(0, tr("no header line beginning with GPU0: expected the output of `nvidia-smi topo -m`"));
    return true;
}

bool SmiReader::validate()
{
    const int n = int(m_columns.size());
    int gpus = 0;
    for (int i = 0; i < n; ++i) {
        if (!m_haveRow[std::size_t(i)])
            return fail(m_headerLine, tr("no row for %1 (the file may be truncated): the matrix must be square")
                                          .arg(m_columns.at(i)));
        if (isGpu(i))
            ++gpus;
    }
    if (gpus == 0)
        return fail(m_headerLine, tr("the header names no GPU"));
    for (int i = 0; i < n; ++i) {
        const Row& row = m_rows[std::size_t(i)];
        for (int j = 0; j < n; ++j) {
            const Cell& c = cell(i, j);
            if (i == j && c.rel != Rel::Self)
                return fail(row.line, tr("column %1: expected X on the diagonal, got %2").arg(m_columns.at(j), c.text));
            if (i != j && c.rel == Rel::Self)
                return fail(row.line, tr("column %1: X (the device itself) off the diagonal").arg(m_columns.at(j)));
            if (c.rel == Rel::Nv && (!isGpu(i) || !isGpu(j)))
                return fail(row.line, tr("column %1: %2 between %3 and %1, but only GPUs have NVLinks")
                                          .arg(m_columns.at(j), c.text, m_columns.at(i)));
            const Cell& mirror = cell(j, i);
            if (j > i && (mirror.rel != c.rel || mirror.count != c.count))
                return fail(row.line, tr("column %1: %2–%1 is %3 here but %4 in the %1 row (line %5)")
                                          .arg(m_columns.at(j), m_columns.at(i), c.text, mirror.text)
                                          .arg(m_rows[std::size_t(j)].line));
            if (c.text == QLatin1String("SOC"))
                m_soc = true;
        }
    }
    return true;
}

void SmiReader::build(ImportResult& out)
{
    using detail::kImportGpuPitch;
    const int n = int(m_columns.size());
    std::vector<int> gpuCols, nicCols;
    for (int i = 0; i < n; ++i)
        (isGpu(i) ? gpuCols : nicCols).push_back(i);
    // GPU ordinal order: by the number in the name (nvidia-smi lists them in order; a hand-edited file may not).
    std::stable_sort(gpuCols.begin(), gpuCols.end(), [&](int a, int b) {
        return m_columns.at(a).mid(3).toInt() < m_columns.at(b).mid(3).toInt();
    });
    std::vector<std::string> ids(static_cast<std::size_t>(n));
    std::vector<double> xs(static_cast<std::size_t>(n));
    for (std::size_t g = 0; g < gpuCols.size(); ++g) {
        ids[std::size_t(gpuCols[g])] = "n0.gpu" + std::to_string(g);
        xs[std::size_t(gpuCols[g])] = kImportGpuPitch * (double(g) + 0.5);
    }
    const double width = std::max<double>(double(gpuCols.size()), 4) * kImportGpuPitch;
    for (std::size_t j = 0; j < nicCols.size(); ++j) {
        ids[std::size_t(nicCols[j])] = "n0.nic" + std::to_string(j);
        xs[std::size_t(nicCols[j])] = width * (double(j) + 0.5) / double(nicCols.size());
    }

    // NUMA nodes: devices joined by anything short of SYS share one; so do GPUs with the same NUMA (or CPU)
    // affinity; groups with no SYS pair between them and no conflicting affinity are one node too (NV# hides
    // the PCIe path of a GPU pair).
    UnionFind numa(n);
    for (int i = 0; i < n; ++i)
        for (int j = i + 1; j < n; ++j) {
            const Rel r = cell(i, j).rel;
            if (r == Rel::Pix || r == Rel::Pxb || r == Rel::Phb || r == Rel::Node)
                numa.unite(i, j);
        }
    const auto affinityKey = [&](int i) -> QString {
        const Row& row = m_rows[std::size_t(i)];
        bool numeric = false;
        row.numaAffinity.toInt(&numeric);
        if (numeric)
            return QStringLiteral("numa:") + row.numaAffinity;
        if (!row.cpuAffinity.isEmpty() && row.cpuAffinity != QLatin1String("N/A"))
            return QStringLiteral("cpu:") + row.cpuAffinity;
        return {};
    };
    for (int i : gpuCols)
        for (int j : gpuCols)
            if (i < j && !affinityKey(i).isEmpty() && affinityKey(i) == affinityKey(j))
                numa.unite(i, j);
    for (bool merged = true; merged;) {
        merged = false;
        std::map<int, std::set<QString>> keys; // GPU affinities per group
        for (int a = 0; a < n; ++a)
            if (isGpu(a) && !affinityKey(a).isEmpty())
                keys[numa.find(a)].insert(affinityKey(a));
        std::set<std::pair<int, int>> sys; // groups with a SYS pair between them
        for (int a = 0; a < n; ++a)
            for (int c = a + 1; c < n; ++c)
                if (cell(a, c).rel == Rel::Sys)
                    sys.insert(std::minmax(numa.find(a), numa.find(c)));
        std::vector<int> groups;
        for (int a = 0; a < n; ++a)
            if (numa.find(a) == a)
                groups.push_back(a);
        for (std::size_t x = 0; x < groups.size() && !merged; ++x)
            for (std::size_t y = x + 1; y < groups.size() && !merged; ++y) {
                const int ga = groups[x], gb = groups[y];
                const bool conflict = keys.count(ga) && keys.count(gb) && keys[ga] != keys[gb];
                if (!sys.count(std::minmax(ga, gb)) && !conflict)
                    merged = numa.unite(ga, gb);
            }
    }
    // Sockets in NUMA-node order where the file gives it, else in device order.
    std::vector<int> roots;
    for (int i = 0; i < n; ++i)
        if (std::find(roots.begin(), roots.end(), numa.find(i)) == roots.end())
            roots.push_back(numa.find(i));
    const auto numaOf = [&](int root) -> int {
        for (int i = 0; i < n; ++i) {
            bool numeric = false;
            const int v = m_rows[std::size_t(i)].numaAffinity.toInt(&numeric);
            if (numeric && numa.find(i) == root)
                return v;
        }
        return -1;
    };
    std::stable_sort(roots.begin(), roots.end(), [&](int a, int b) {
        const int na = numaOf(a), nb = numaOf(b);
        return (na < 0 ? 1 << 30 : na) < (nb < 0 ? 1 << 30 : nb);
    });

    // Link generations: nvidia-smi names neither the GPU nor the links, so they follow the NVLink count.
    const int g = int(gpuCols.size());
    int pairCount = -1;
    bool allNv = g >= 3;
    for (int a : gpuCols)
        for (int b : gpuCols) {
            if (a == b)
                continue;
            const Cell& c = cell(a, b);
            if (c.rel != Rel::Nv || (pairCount >= 0 && c.count != pairCount))
                allNv = false;
            if (c.rel == Rel::Nv)
                pairCount = c.count;
        }
    // A GPU has at most 18 NVLinks (H100, REFERENCES.md): every pair at NV# beyond that is an NVSwitch.
    const bool nvswitch = allNv && pairCount * (g - 1) > 18;
    int linksPerGpu = 0;
    for (int a : gpuCols) {
        int sum = 0;
        for (int b : gpuCols)
            if (a != b && cell(a, b).rel == Rel::Nv)
                sum += cell(a, b).count;
        linksPerGpu = std::max(linksPerGpu, nvswitch ? pairCount : sum);
    }
    std::string nvKind;
    int pcieGen = m_soc ? 3 : 4;
    if (linksPerGpu > 0) {
        nvKind = linksPerGpu > 12 ? "nvlink4" : (linksPerGpu > 6 ? "nvlink3" : "nvlink2");
        pcieGen = linksPerGpu > 12 ? 5 : (linksPerGpu > 6 ? 4 : 3);
    }
    const std::string cpuKind = m_soc ? "qpi-9.6" : "upi-10.4";

    detail::TopologyBuilder b;
    const int sockets = int(roots.size());
    for (int s = 0; s < sockets; ++s) {
        const int v = numaOf(roots[std::size_t(s)]);
        std::string label = "CPU " + std::to_string(s);
        if (v >= 0)
            label += " (NUMA " + std::to_string(v) + ")";
        b.device("n0.cpu" + std::to_string(s), "cpu", label, width * (s + 0.5) / sockets, 360);
    }
    for (int s = 0; s < sockets; ++s)
        for (int t = s + 1; t < sockets; ++t)
            b.link("n0.cpu" + std::to_string(s), "n0.cpu" + std::to_string(t), cpuKind);
    for (std::size_t k = 0; k < gpuCols.size(); ++k)
        b.device(ids[std::size_t(gpuCols[k])], "gpu", "GPU " + std::to_string(k), xs[std::size_t(gpuCols[k])], 120);
    for (std::size_t k = 0; k < nicCols.size(); ++k) {
        const QString name = m_columns.at(nicCols[k]);
        QString label = QStringLiteral("NIC %1").arg(k);
        const QString device = m_nicLegend.value(name, name.startsWith(QLatin1String("NIC")) ? QString() : name);
        if (!device.isEmpty())
            label += QStringLiteral(" (%1)").arg(device);
        b.device(ids[std::size_t(nicCols[k])], "nic", label.toStdString(), xs[std::size_t(nicCols[k])], 300);
    }

    // PCIe: PIX groups share a switch; PIX groups and single devices joined by PXB share an upper switch.
    int switches = 0;
    const std::string devLink = detail::pcieKind(pcieGen, 16);
    const std::string hostLink = detail::hostKind(pcieGen);
    std::vector<int> pixId(std::size_t(n), -1), pxbId(std::size_t(n), -1); // switch groups, for the check below
    int nextGroup = 0;
    for (int s = 0; s < sockets; ++s) {
        const std::string cpu = "n0.cpu" + std::to_string(s);
        std::vector<int> members;
        for (int i = 0; i < n; ++i)
            if (numa.find(i) == roots[std::size_t(s)])
                members.push_back(i);
        UnionFind pix(n), pxb(n);
        for (int i : members)
            for (int j : members) {
                const Rel r = i < j ? cell(i, j).rel : Rel::Self;
                if (r == Rel::Pix) {
                    pix.unite(i, j);
                    pxb.unite(i, j);
                } else if (r == Rel::Pxb) {
                    pxb.unite(i, j);
                }
            }
        std::vector<int> done;
        for (int i : members) {
            const int top = pxb.find(i);
            if (std::find(done.begin(), done.end(), top) != done.end())
                continue;
            done.push_back(top);
            std::vector<int> component;
            const int componentId = nextGroup++;
            for (int j : members)
                if (pxb.find(j) == top) {
                    component.push_back(j);
                    pxbId[std::size_t(j)] = componentId;
                }
            // Units of the component: PIX groups of two or more (a switch each) and lone devices.
            std::map<int, std::vector<int>> groups;
            for (int j : component)
                groups[pix.find(j)].push_back(j);
            const auto meanX = [&](const std::vector<int>& devices) {
                double sum = 0;
                for (int d : devices)
                    sum += xs[std::size_t(d)];
                return devices.empty() ? 0.0 : sum / double(devices.size());
            };
            const bool upper = groups.size() > 1;
            std::string parent = cpu;
            const std::string parentLink = upper ? devLink : hostLink;
            if (upper) {
                parent = "n0.pcie" + std::to_string(switches++);
                b.device(parent, "pcie-switch", "PCIe switch " + std::to_string(switches - 1), meanX(component), 270);
                b.link(parent, cpu, hostLink);
            }
            for (const auto& [root, devices] : groups) {
                if (devices.size() == 1) {
                    b.link(ids[std::size_t(devices.front())], parent, upper ? devLink : hostLink);
                    continue;
                }
                const int groupId = nextGroup++;
                const std::string sw = "n0.pcie" + std::to_string(switches++);
                b.device(sw, "pcie-switch", "PCIe switch " + std::to_string(switches - 1), meanX(devices), 230);
                b.link(sw, parent, parentLink);
                for (int d : devices) {
                    b.link(ids[std::size_t(d)], sw, devLink);
                    pixId[std::size_t(d)] = groupId;
                }
            }
        }
    }

    if (nvswitch) {
        b.device("n0.nvswitch", "nvswitch", "NVSwitch", width / 2, 0);
        for (int a : gpuCols)
            b.link(ids[std::size_t(a)], "n0.nvswitch", nvKind, pairCount);
    } else {
        for (std::size_t x = 0; x < gpuCols.size(); ++x)
            for (std::size_t y = x + 1; y < gpuCols.size(); ++y) {
                const Cell& c = cell(gpuCols[x], gpuCols[y]);
                if (c.rel == Rel::Nv)
                    b.link(ids[std::size_t(gpuCols[x])], ids[std::size_t(gpuCols[y])], nvKind, c.count);
            }
    }

    // The tree is rebuilt from pairs; say where a pair's class does not follow from it.
    QStringList mismatches;
    for (int i = 0; i < n; ++i)
        for (int j = i + 1; j < n; ++j) {
            const Rel r = cell(i, j).rel;
            if (r == Rel::Nv)
                continue;
            Rel built = Rel::Sys;
            if (numa.find(i) == numa.find(j)) {
                if (pixId[std::size_t(i)] >= 0 && pixId[std::size_t(i)] == pixId[std::size_t(j)])
                    built = Rel::Pix;
                else if (pxbId[std::size_t(i)] == pxbId[std::size_t(j)])
                    built = Rel::Pxb;
                else
                    built = Rel::Phb;
            }
            const bool same = built == r || (built == Rel::Phb && r == Rel::Node);
            if (!same)
                mismatches << QStringLiteral("%1–%2 %3").arg(m_columns.at(i), m_columns.at(j), cell(i, j).text);
        }
    if (!mismatches.isEmpty())
        out.warnings << detail::locatedMessage(
            m_fileName, {},
            tr("the PCIe tree rebuilt from the pairs does not reproduce %n of them (%1)", nullptr, int(mismatches.size()))
                .arg(mismatches.mid(0, 3).join(QLatin1String(", "))));

    const QString nvText = linksPerGpu > 0
                               ? tr("%1 with %2 links per GPU").arg(QString::fromStdString(nvKind)).arg(linksPerGpu)
                               : tr("no NVLink");
    out.warnings << detail::locatedMessage(
        m_fileName, {},
        tr("nvidia-smi names no GPU model, link generation or socket link: assumed %1, PCIe Gen%2 and %3 "
           "between NUMA nodes; edit the links where they differ")
            .arg(nvText)
            .arg(pcieGen)
            .arg(QString::fromStdString(cpuKind)));

    Scenario& sc = out.scenario;
    sc.cluster.topology = b.take();
    sc.cluster.nodes = 1;
    sc.cluster.gpus_per_node = g;
    sc.cluster.network.nics_per_node = std::min<std::int64_t>(std::int64_t(nicCols.size()), 64);
    for (const char* path : {"cluster.nodes", "cluster.gpus_per_node", "cluster.network.nics_per_node"})
        out.fields.push_back(path);
    out.fields.push_back("cluster.topology");
    out.summary = tr("nvidia-smi topology: %n GPU(s)", nullptr, g) + QStringLiteral(", ") +
                  (nvswitch ? tr("NVSwitch (NV%1)").arg(pairCount) : nvText) + QStringLiteral(", ") +
                  tr("%n NIC(s)", nullptr, int(nicCols.size())) + QStringLiteral(", ") +
                  tr("%n NUMA node(s)", nullptr, sockets);
}

bool SmiReader::read(const QByteArray& data, ImportResult& out)
{
    if (!parse(data) || !validate())
        return false;
    build(out);
    return true;
}

} // namespace

bool looksLikeSmiTopo(const QByteArray& text)
{
    const QByteArray head = text.left(256 * 1024);
    if (!head.contains("GPU0"))
        return false;
    const QStringList lines = QString::fromUtf8(head).split(QLatin1Char('\n'));
    for (const QString& raw : lines) {
        if (!raw.contains(QLatin1String("GPU0")))
            continue;
        const QStringList fields = splitLine(stripEscapes(raw));
        if (!fields.isEmpty() && isHeader(fields))
            return true;
    }
    return false;
}

bool importSmiTopo(const QByteArray& data, const QString& fileName, ImportResult& out, QString* error)
{
    SmiReader reader(fileName);
    if (reader.read(data, out))
        return true;
    if (error)
        *error = reader.error();
    return false;
}

} // namespace ss::io
