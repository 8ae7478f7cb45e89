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
           (is(i, "GPU") && is(i + 1, "NUMA")) ||
           t.at(i).startsWith(QLatin1String("CPU Affinity"), Qt::CaseInsensitive) ||
           t.at(i).startsWith(QLatin1String("NUMA Affinity"), Qt::CaseInsensitive) ||
           t.at(i).startsWith(QLatin1String("GPU NUMA"), Qt::CaseInsensitive);
}

bool isHeader(const QStringList& fields)
{
    QStringList t;
    for (const QString& f : fields)
        if (!f.isEmpty())
            t << f;
    return t.size() >= 1 && t.first() == QLatin1String("GPU0") &&
           (t.size() == 1 || t.at(1) != QLatin1String("X"));
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
    static const std::pair<const char*, Rel> codes[] = {{"PIX", Rel::Pix}, {"PXB", Rel::Pxb},
                                                        {"PHB", Rel::Phb}, {"NODE", Rel::Node},
                                                        {"SYS", Rel::Sys}, {"SOC", Rel::Sys}};
    for (const auto& [name, rel] : codes) {
        if (text == QLatin1String(name)) {
            cell.rel = rel;
            return true;
        }
    }
    return false;
}

// An entry that is meant as a link code (capitals and digits), as opposed to an affinity value ("0-19",
// "N/A").
bool looksLikeCode(const QString& text)
{
    static const QRegularExpression code(QStringLiteral("^[A-Z][A-Z0-9#_]*$"));
    return code.match(text).hasMatch();
}

constexpr qsizetype kMaxDevices = 256;

// The link generations the reader assumes: nvidia-smi names neither the GPU nor the links.
struct LinkGuess
{
    int pairCount = -1;    // the NV# count of the GPU pairs (of the last one)
    bool nvswitch = false; // every pair at one NV# beyond what direct links can give
    int linksPerGpu = 0;
    std::string nvKind;
    int pcieGen = 4;
    std::string cpuKind;
    QString era; // why CPU_KIND: what the link codes say about the system's age
};

// NVLink bonds between one pair of GPUs: NV18 is a whole H100 or B200 (18 links) on NVSwitch; nvidia-smi
// prints no more (NVIDIA H100 Tensor Core GPU Architecture whitepaper; NVIDIA Blackwell datasheet).
constexpr int kMaxNvlinksPerPair = 18;

class SmiReader : public detail::ImportReader
{
    Q_DECLARE_TR_FUNCTIONS(ss::io::Import)

public:
    explicit SmiReader(const QString& fileName) : ImportReader(fileName) {}
    bool read(const QByteArray& data, ImportResult& out);

private:
    bool parse(const QByteArray& data);
    bool readHeader(const QStringList& fields, qsizetype line);
    bool parseRow(const QStringList& fields, qsizetype line, bool tabs);
    bool validate();
    void build(ImportResult& out);
    bool isGpu(int i) const { return m_columns.at(i).startsWith(QLatin1String("GPU")); }
    const Cell& cell(int i, int j) const { return m_rows[std::size_t(i)].cells[std::size_t(j)]; }
    int count() const { return int(m_columns.size()); }

    // The steps of build(), in its order.
    void placeDevices();
    void groupNumaNodes();
    bool mergeNumaGroups();
    QString affinityKey(int i) const;
    void orderSockets();
    int numaOf(int root);
    LinkGuess guessLinks() const;
    void guessSocketLink(LinkGuess& guess) const;
    void addDevices(const std::string& cpuKind);
    void addPcieTrees(int pcieGen);
    void addSocketPcie(int socket, const std::string& devLink, const std::string& hostLink);
    void addPxbComponent(const std::string& cpu, const std::vector<int>& component, UnionFind& pix,
                         const std::string& devLink, const std::string& hostLink);
    double meanX(const std::vector<int>& devices) const;
    void addNvlinks(const LinkGuess& links);
    void warnUnrebuiltPairs();
    void fill(const LinkGuess& links, ImportResult& out);

    QStringList m_columns;         // device names in header order
    QStringList m_affinityColumns; // "CPU Affinity", "NUMA Affinity", "GPU NUMA ID" as present
    qsizetype m_headerLine = 0;
    std::vector<Row> m_rows; // by column index
    std::vector<bool> m_haveRow;
    QHash<QString, QString> m_nicLegend; // NIC0 -> mlx5_0
    bool m_soc = false;                  // an old driver's SOC instead of SYS
    // What build() gathers, by column index where per device.
    std::vector<int> m_gpuCols, m_nicCols; // GPUs in ordinal order, NICs in header order
    std::vector<std::string> m_ids;
    std::vector<double> m_xs;
    double m_width = 0; // of the GPU row
    UnionFind m_numa{0};
    std::vector<int> m_roots; // NUMA node roots in m_numa, socket order
    detail::TopologyBuilder m_builder;
    int m_switches = 0;
    int m_nextGroup = 0;
    std::vector<int> m_pixGroup, m_pxbGroup; // the PCIe switch group a device was put in, for the check
};

bool SmiReader::parseRow(const QStringList& fields, qsizetype line, bool tabs)
{
    const QString name = fields.first();
    const int index = int(m_columns.indexOf(name));
    if (index < 0)
        return failAtLine(
            line, tr("the row \"%1\" has no column in the header line (line %2): the matrix must be square")
                      .arg(name.left(40))
                      .arg(m_headerLine));
    if (m_haveRow[std::size_t(index)])
        return failAtLine(line, tr("a second row for %1 (the first is on line %2)")
                                    .arg(name)
                                    .arg(m_rows[std::size_t(index)].line));
    Row row;
    row.line = line;
    const int n = int(m_columns.size());
    qsizetype k = 1;
    for (int c = 0; c < n; ++c, ++k) {
        const QString text = k < fields.size() ? fields.at(k) : QString();
        Cell cell;
        if (!text.isEmpty() && parseCode(text, cell)) {
            if (cell.rel == Rel::Nv && cell.count > kMaxNvlinksPerPair)
                return failAtLine(line, tr("column %1: \"%2\" would bond %3 NVLinks between two GPUs; no GPU "
                                           "has more than %4 (H100, B200), so nvidia-smi does not print it")
                                            .arg(m_columns.at(c), text)
                                            .arg(cell.count)
                                            .arg(kMaxNvlinksPerPair));
            row.cells.push_back(cell);
            continue;
        }
        if (!text.isEmpty() && looksLikeCode(text))
            return failAtLine(
                line, tr("column %1: unknown link code \"%2\" (expected X, NV# with a link count, PIX, PXB, "
                         "PHB, NODE, SYS or SOC)")
                          .arg(m_columns.at(c), text.left(20)));
        return failAtLine(
            line, tr("the %1 row has %2 link entries for the %3 columns of the header (line %4): the matrix "
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

bool SmiReader::readHeader(const QStringList& fields, qsizetype line)
{
    m_headerLine = line;
    QStringList t;
    for (const QString& f : fields)
        if (!f.isEmpty())
            t << f;
    qsizetype k = 0;
    for (; k < t.size() && !isAffinityStart(t, k); ++k) {
        if (m_columns.contains(t.at(k)))
            return failAtLine(line, tr("the column %1 appears twice in the header").arg(t.at(k)));
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
        return failAtLine(line, tr("%1 columns: more devices than one machine has (at most %2)")
                                    .arg(m_columns.size())
                                    .arg(kMaxDevices));
    m_rows.assign(std::size_t(m_columns.size()), Row());
    m_haveRow.assign(std::size_t(m_columns.size()), false);
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
        case State::BeforeHeader:
            if (blank || !isHeader(fields))
                break;
            if (!readHeader(fields, lineNo))
                return false;
            state = State::Matrix;
            break;
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
        return failAtLine(
            0, tr("no header line beginning with GPU0: expected the output of `nvidia-smi topo -m`"));
    return true;
}

bool SmiReader::validate()
{
    const int n = int(m_columns.size());
    int gpus = 0;
    for (int i = 0; i < n; ++i) {
        if (!m_haveRow[std::size_t(i)])
            return failAtLine(m_headerLine,
                              tr("no row for %1 (the file may be truncated): the matrix must be square")
                                  .arg(m_columns.at(i)));
        if (isGpu(i))
            ++gpus;
    }
    if (gpus == 0)
        return failAtLine(m_headerLine, tr("the header names no GPU"));
    for (int i = 0; i < n; ++i) {
        const Row& row = m_rows[std::size_t(i)];
        for (int j = 0; j < n; ++j) {
            const Cell& c = cell(i, j);
            if (i == j && c.rel != Rel::Self)
                return failAtLine(
                    row.line,
                    tr("column %1: expected X on the diagonal, got %2").arg(m_columns.at(j), c.text));
            if (i != j && c.rel == Rel::Self)
                return failAtLine(
                    row.line, tr("column %1: X (the device itself) off the diagonal").arg(m_columns.at(j)));
            if (c.rel == Rel::Nv && (!isGpu(i) || !isGpu(j)))
                return failAtLine(row.line, tr("column %1: %2 between %3 and %1, but only GPUs have NVLinks")
                                                .arg(m_columns.at(j), c.text, m_columns.at(i)));
            const Cell& mirror = cell(j, i);
            if (j > i && (mirror.rel != c.rel || mirror.count != c.count))
                return failAtLine(row.line, tr("column %1: %2–%1 is %3 here but %4 in the %1 row (line %5)")
                                                .arg(m_columns.at(j), m_columns.at(i), c.text, mirror.text)
                                                .arg(m_rows[std::size_t(j)].line));
            if (c.text == QLatin1String("SOC"))
                m_soc = true;
        }
    }
    return true;
}

// Ids and x positions: the GPUs along their row in ordinal order, the NICs spread along theirs.
void SmiReader::placeDevices()
{
    using detail::kImportGpuPitch;
    const int n = count();
    for (int i = 0; i < n; ++i)
        (isGpu(i) ? m_gpuCols : m_nicCols).push_back(i);
    // GPU ordinal order: by the number in the name (nvidia-smi lists them in order; a hand-edited file may
    // not).
    std::stable_sort(m_gpuCols.begin(), m_gpuCols.end(), [&](int a, int b) {
        return m_columns.at(a).mid(3).toInt() < m_columns.at(b).mid(3).toInt();
    });
    m_ids.assign(std::size_t(n), std::string());
    m_xs.assign(std::size_t(n), 0.0);
    for (std::size_t g = 0; g < m_gpuCols.size(); ++g) {
        m_ids[std::size_t(m_gpuCols[g])] = "n0.gpu" + std::to_string(g);
        m_xs[std::size_t(m_gpuCols[g])] = kImportGpuPitch * (double(g) + 0.5);
    }
    m_width = std::max<double>(double(m_gpuCols.size()), 4) * kImportGpuPitch;
    for (std::size_t j = 0; j < m_nicCols.size(); ++j) {
        m_ids[std::size_t(m_nicCols[j])] = "n0.nic" + std::to_string(j);
        m_xs[std::size_t(m_nicCols[j])] = m_width * (double(j) + 0.5) / double(m_nicCols.size());
    }
}

// NUMA nodes: devices joined by anything short of SYS share one; so do GPUs with the same NUMA (or CPU)
// affinity; groups with no SYS pair between them and no conflicting affinity are one node too (NV# hides
// the PCIe path of a GPU pair).
void SmiReader::groupNumaNodes()
{
    const int n = count();
    m_numa = UnionFind(n);
    for (int i = 0; i < n; ++i)
        for (int j = i + 1; j < n; ++j) {
            const Rel r = cell(i, j).rel;
            if (r == Rel::Pix || r == Rel::Pxb || r == Rel::Phb || r == Rel::Node)
                m_numa.unite(i, j);
        }
    for (int i : m_gpuCols)
        for (int j : m_gpuCols)
            if (i < j && !affinityKey(i).isEmpty() && affinityKey(i) == affinityKey(j))
                m_numa.unite(i, j);
    while (mergeNumaGroups()) {
    }
}

// Joins the first two groups with no SYS pair between them and no conflicting GPU affinity; false when
// there are none.
bool SmiReader::mergeNumaGroups()
{
    const int n = count();
    std::map<int, std::set<QString>> keys; // GPU affinities per group
    for (int a = 0; a < n; ++a)
        if (isGpu(a) && !affinityKey(a).isEmpty())
            keys[m_numa.find(a)].insert(affinityKey(a));
    std::set<std::pair<int, int>> sys; // groups with a SYS pair between them
    for (int a = 0; a < n; ++a)
        for (int c = a + 1; c < n; ++c)
            if (cell(a, c).rel == Rel::Sys)
                sys.insert(std::minmax(m_numa.find(a), m_numa.find(c)));
    std::vector<int> groups;
    for (int a = 0; a < n; ++a)
        if (m_numa.find(a) == a)
            groups.push_back(a);
    for (std::size_t x = 0; x < groups.size(); ++x)
        for (std::size_t y = x + 1; y < groups.size(); ++y) {
            const int ga = groups[x], gb = groups[y];
            const bool conflict = keys.count(ga) && keys.count(gb) && keys[ga] != keys[gb];
            if (!sys.count(std::minmax(ga, gb)) && !conflict && m_numa.unite(ga, gb))
                return true;
        }
    return false;
}

// The NUMA node (or else the CPU set) row I names, "" when it names neither.
QString SmiReader::affinityKey(int i) const
{
    const Row& row = m_rows[std::size_t(i)];
    bool numeric = false;
    row.numaAffinity.toInt(&numeric);
    if (numeric)
        return QStringLiteral("numa:") + row.numaAffinity;
    if (!row.cpuAffinity.isEmpty() && row.cpuAffinity != QLatin1String("N/A"))
        return QStringLiteral("cpu:") + row.cpuAffinity;
    return {};
}

// Sockets in NUMA-node order where the file gives it, else in device order.
void SmiReader::orderSockets()
{
    for (int i = 0; i < count(); ++i)
        if (std::find(m_roots.begin(), m_roots.end(), m_numa.find(i)) == m_roots.end())
            m_roots.push_back(m_numa.find(i));
    std::stable_sort(m_roots.begin(), m_roots.end(), [&](int a, int b) {
        const int na = numaOf(a), nb = numaOf(b);
        return (na < 0 ? 1 << 30 : na) < (nb < 0 ? 1 << 30 : nb);
    });
}

// The NUMA node number the file gives a device of group ROOT; -1 when none does.
int SmiReader::numaOf(int root)
{
    for (int i = 0; i < count(); ++i) {
        bool numeric = false;
        const int v = m_rows[std::size_t(i)].numaAffinity.toInt(&numeric);
        if (numeric && m_numa.find(i) == root)
            return v;
    }
    return -1;
}

// Link generations: nvidia-smi names neither the GPU nor the links, so they follow the NVLink count.
LinkGuess SmiReader::guessLinks() const
{
    LinkGuess guess;
    const int g = int(m_gpuCols.size());
    bool allNv = g >= 3;
    for (int a : m_gpuCols)
        for (int b : m_gpuCols) {
            if (a == b)
                continue;
            const Cell& c = cell(a, b);
            if (c.rel != Rel::Nv || (guess.pairCount >= 0 && c.count != guess.pairCount))
                allNv = false;
            if (c.rel == Rel::Nv)
                guess.pairCount = c.count;
        }
    // A GPU has at most 18 NVLinks (H100; NVIDIA H100 Tensor Core GPU Architecture whitepaper): every pair at
    // NV# beyond that is an NVSwitch.
    guess.nvswitch = allNv && guess.pairCount * (g - 1) > 18;
    for (int a : m_gpuCols) {
        int sum = 0;
        for (int b : m_gpuCols)
            if (a != b && cell(a, b).rel == Rel::Nv)
                sum += cell(a, b).count;
        guess.linksPerGpu = std::max(guess.linksPerGpu, guess.nvswitch ? guess.pairCount : sum);
    }
    guess.pcieGen = m_soc ? 3 : 4;
    if (guess.linksPerGpu > 0) {
        guess.nvKind = guess.linksPerGpu > 12 ? "nvlink4" : (guess.linksPerGpu > 6 ? "nvlink3" : "nvlink2");
        guess.pcieGen = guess.linksPerGpu > 12 ? 5 : (guess.linksPerGpu > 6 ? 4 : 3);
    }
    guessSocketLink(guess);
    return guess;
}

// The link between the sockets, dated by the widest NVLink bond of a GPU pair: each GPU generation shipped
// with one host generation in NVIDIA's own systems (DGX-1 with P100 or V100: Xeon E5-2698 v4, Broadwell, QPI
// 9.6 GT/s; DGX A100: AMD EPYC 7742, Rome, xGMI-2; DGX H100: Xeon Platinum 8480C, Sapphire Rapids, UPI
// 16 GT/s; the DGX user guides' hardware tables). Anything else keeps the Skylake default.
void SmiReader::guessSocketLink(LinkGuess& guess) const
{
    int widest = 0;
    for (int a : m_gpuCols)
        for (int b : m_gpuCols)
            if (a != b && cell(a, b).rel == Rel::Nv)
                widest = std::max(widest, cell(a, b).count);
    if (m_soc) {
        guess.cpuKind = "qpi-9.6";
        guess.era = tr("the SOC codes of drivers before R384: a Haswell or Broadwell host");
    } else if (widest >= 1 && widest <= 2) {
        guess.cpuKind = "qpi-9.6";
        guess.era = tr("NV1/NV2 bonds are NVLink 1 or 2 of P100/V100, as in DGX-1 with Broadwell Xeons; a "
                       "Skylake or Cascade Lake host has upi-10.4");
    } else if (widest == 12) {
        guess.cpuKind = "qpi-xgmi2";
        guess.era =
            tr("NV12 is an A100's NVLink 3, as in DGX A100 with AMD EPYC Rome; an Intel Ice Lake host "
               "has upi-11.2");
    } else if (widest == kMaxNvlinksPerPair) {
        guess.cpuKind = "upi-16";
        guess.era =
            tr("NV18 is an H100's or B200's NVLink, as in DGX H100 with Sapphire Rapids Xeons; an AMD "
               "EPYC host has xGMI");
    } else {
        guess.cpuKind = "upi-10.4";
        guess.era = tr("nothing in the file dates the host: the Skylake and Cascade Lake default");
    }
}

// A CPU per NUMA node with socket links of CPU_KIND between them, the GPUs and the NICs.
void SmiReader::addDevices(const std::string& cpuKind)
{
    const int sockets = int(m_roots.size());
    for (int s = 0; s < sockets; ++s) {
        const int v = numaOf(m_roots[std::size_t(s)]);
        std::string label = "CPU " + std::to_string(s);
        if (v >= 0)
            label += " (NUMA " + std::to_string(v) + ")";
        m_builder.device("n0.cpu" + std::to_string(s), "cpu", label, m_width * (s + 0.5) / sockets, 360);
    }
    for (int s = 0; s < sockets; ++s)
        for (int t = s + 1; t < sockets; ++t)
            m_builder.link("n0.cpu" + std::to_string(s), "n0.cpu" + std::to_string(t), cpuKind);
    for (std::size_t k = 0; k < m_gpuCols.size(); ++k)
        m_builder.device(m_ids[std::size_t(m_gpuCols[k])], "gpu", "GPU " + std::to_string(k),
                         m_xs[std::size_t(m_gpuCols[k])], 120);
    for (std::size_t k = 0; k < m_nicCols.size(); ++k) {
        const QString name = m_columns.at(m_nicCols[k]);
        QString label = QStringLiteral("NIC %1").arg(k);
        const QString device =
            m_nicLegend.value(name, name.startsWith(QLatin1String("NIC")) ? QString() : name);
        if (!device.isEmpty())
            label += QStringLiteral(" (%1)").arg(device);
        m_builder.device(m_ids[std::size_t(m_nicCols[k])], "nic", label.toStdString(),
                         m_xs[std::size_t(m_nicCols[k])], 300);
    }
}

// PCIe: PIX groups share a switch; PIX groups and single devices joined by PXB share an upper switch.
void SmiReader::addPcieTrees(int pcieGen)
{
    m_pixGroup.assign(std::size_t(count()), -1);
    m_pxbGroup.assign(std::size_t(count()), -1);
    for (int s = 0; s < int(m_roots.size()); ++s)
        addSocketPcie(s, detail::pcieKind(pcieGen, 16), detail::hostKind(pcieGen));
}

// The PCIe tree under the CPU of SOCKET: one PXB component after the other.
void SmiReader::addSocketPcie(int socket, const std::string& devLink, const std::string& hostLink)
{
    const int n = count();
    std::vector<int> members;
    for (int i = 0; i < n; ++i)
        if (m_numa.find(i) == m_roots[std::size_t(socket)])
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
        const int componentId = m_nextGroup++;
        for (int j : members)
            if (pxb.find(j) == top) {
                component.push_back(j);
                m_pxbGroup[std::size_t(j)] = componentId;
            }
        addPxbComponent("n0.cpu" + std::to_string(socket), component, pix, devLink, hostLink);
    }
}

// The units of one PXB component: PIX groups of two or more (a switch each) and lone devices, under an upper
// switch when there is more than one unit.
void SmiReader::addPxbComponent(const std::string& cpu, const std::vector<int>& component, UnionFind& pix,
                                const std::string& devLink, const std::string& hostLink)
{
    std::map<int, std::vector<int>> groups;
    for (int j : component)
        groups[pix.find(j)].push_back(j);
    const bool upper = groups.size() > 1;
    std::string parent = cpu;
    const std::string parentLink = upper ? devLink : hostLink;
    if (upper) {
        parent = "n0.pcie" + std::to_string(m_switches++);
        m_builder.device(parent, "pcie-switch", "PCIe switch " + std::to_string(m_switches - 1),
                         meanX(component), 270);
        m_builder.link(parent, cpu, hostLink);
    }
    for (const auto& [root, devices] : groups) {
        if (devices.size() == 1) {
            m_builder.link(m_ids[std::size_t(devices.front())], parent, upper ? devLink : hostLink);
            continue;
        }
        const int groupId = m_nextGroup++;
        const std::string sw = "n0.pcie" + std::to_string(m_switches++);
        m_builder.device(sw, "pcie-switch", "PCIe switch " + std::to_string(m_switches - 1), meanX(devices),
                         230);
        m_builder.link(sw, parent, parentLink);
        for (int d : devices) {
            m_builder.link(m_ids[std::size_t(d)], sw, devLink);
            m_pixGroup[std::size_t(d)] = groupId;
        }
    }
}

double SmiReader::meanX(const std::vector<int>& devices) const
{
    double sum = 0;
    for (int d : devices)
        sum += m_xs[std::size_t(d)];
    return devices.empty() ? 0.0 : sum / double(devices.size());
}

void SmiReader::addNvlinks(const LinkGuess& links)
{
    if (links.nvswitch) {
        m_builder.device("n0.nvswitch", "nvswitch", "NVSwitch", m_width / 2, 0);
        for (int a : m_gpuCols)
            m_builder.link(m_ids[std::size_t(a)], "n0.nvswitch", links.nvKind, links.pairCount);
        return;
    }
    for (std::size_t x = 0; x < m_gpuCols.size(); ++x)
        for (std::size_t y = x + 1; y < m_gpuCols.size(); ++y) {
            const Cell& c = cell(m_gpuCols[x], m_gpuCols[y]);
            if (c.rel == Rel::Nv)
                m_builder.link(m_ids[std::size_t(m_gpuCols[x])], m_ids[std::size_t(m_gpuCols[y])],
                               links.nvKind, c.count);
        }
}

// The tree is rebuilt from pairs; say where a pair's class does not follow from it.
void SmiReader::warnUnrebuiltPairs()
{
    QStringList mismatches;
    for (int i = 0; i < count(); ++i)
        for (int j = i + 1; j < count(); ++j) {
            const Rel r = cell(i, j).rel;
            if (r == Rel::Nv)
                continue;
            Rel built = Rel::Sys;
            if (m_numa.find(i) == m_numa.find(j)) {
                if (m_pixGroup[std::size_t(i)] >= 0 &&
                    m_pixGroup[std::size_t(i)] == m_pixGroup[std::size_t(j)])
                    built = Rel::Pix;
                else if (m_pxbGroup[std::size_t(i)] == m_pxbGroup[std::size_t(j)])
                    built = Rel::Pxb;
                else
                    built = Rel::Phb;
            }
            const bool same = built == r || (built == Rel::Phb && r == Rel::Node);
            if (!same)
                mismatches
                    << QStringLiteral("%1–%2 %3").arg(m_columns.at(i), m_columns.at(j), cell(i, j).text);
        }
    if (!mismatches.isEmpty())
        warn({}, tr("the PCIe tree rebuilt from the pairs does not reproduce %n of them (%1)", nullptr,
                    int(mismatches.size()))
                     .arg(mismatches.mid(0, 3).join(QLatin1String(", "))));
}

// The scenario fields the node determines, the assumptions made, the summary.
void SmiReader::fill(const LinkGuess& links, ImportResult& out)
{
    const int g = int(m_gpuCols.size());
    const QString nvText =
        links.linksPerGpu > 0
            ? tr("%1 with %2 links per GPU").arg(QString::fromStdString(links.nvKind)).arg(links.linksPerGpu)
            : tr("no NVLink");
    warn({},
         tr("nvidia-smi names no GPU model, link generation or socket link: assumed %1, PCIe Gen%2 and %3 "
            "between NUMA nodes (%4); edit the links where they differ")
             .arg(nvText)
             .arg(links.pcieGen)
             .arg(QString::fromStdString(links.cpuKind), links.era));

    Scenario& sc = out.scenario;
    sc.cluster.topology = m_builder.take();
    sc.cluster.nodes = 1;
    sc.cluster.gpus_per_node = g;
    sc.cluster.network.nics_per_node = std::min<std::int64_t>(std::int64_t(m_nicCols.size()), 64);
    for (const char* path : {"cluster.nodes", "cluster.gpus_per_node", "cluster.network.nics_per_node"})
        out.fields.push_back(path);
    out.fields.push_back("cluster.topology");
    out.warnings << warnings();
    out.summary = tr("nvidia-smi topology: %n GPU(s)", nullptr, g) + QStringLiteral(", ") +
                  (links.nvswitch ? tr("NVSwitch (NV%1)").arg(links.pairCount) : nvText) +
                  QStringLiteral(", ") + tr("%n NIC(s)", nullptr, int(m_nicCols.size())) +
                  QStringLiteral(", ") + tr("%n NUMA node(s)", nullptr, int(m_roots.size()));
}

void SmiReader::build(ImportResult& out)
{
    placeDevices();
    groupNumaNodes();
    orderSockets();
    const LinkGuess links = guessLinks();
    addDevices(links.cpuKind);
    addPcieTrees(links.pcieGen);
    addNvlinks(links);
    warnUnrebuiltPairs();
    fill(links, out);
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
    return reader.report(reader.read(data, out), error);
}

} // namespace ss::io
