// SPDX-License-Identifier: GPL-3.0-or-later
#include "nccltestsimport.h"

#include "collective.h"
#include "importsupport.h"
#include "units.h"

#include <QCoreApplication>
#include <QFileInfo>
#include <QJsonArray>
#include <QRegularExpression>

#include <algorithm>
#include <cmath>
#include <map>
#include <set>

namespace ss::io {

namespace {

// One run of one collective: the rows under one column header.
struct Section
{
    QString op;         // engine name, "" until known
    qsizetype line = 0; // where its header (or JSON) is
    std::vector<CalibrationSample> samples;
    std::vector<std::pair<double, double>> bandwidths; // (algbw, busbw) as printed, to recognise all-reduce
};

const QRegularExpression& perfName()
{
    static const QRegularExpression re(QStringLiteral(
        "\\b(all_reduce|all_gather|reduce_scatter|alltoallv|alltoall|sendrecv|broadcast|reduce|"
        "gather|scatter|hypercube)_perf"));
    return re;
}

double busFactor(const QString& op, std::int64_t ranks)
{
    CollectiveOp engineOp;
    if (collectiveOpFromName(op.toStdString(), engineOp))
        return busBandwidthFactor(engineOp, ranks);
    // gather, scatter, alltoallv: (n-1)/n as nccl-tests computes their busbw; hypercube likewise.
    const double n = double(std::max<std::int64_t>(ranks, 1));
    return (n - 1) / n;
}

// Where the columns of the current section's header are (-1: absent).
struct Columns
{
    int time = -1; // the first time column: out-of-place (the in-place one follows it)
    int size = -1;
    int alg = -1;
    int bus = -1;
    int count = -1;
    qsizetype headerLine = 0;
    qsizetype headerFields = 0;
    QStringList names; // the header's names, for messages about a cell
};

// A whole number as a data row's size and count are printed: digits only.
bool isDigits(const QString& text)
{
    return !text.isEmpty() && std::all_of(text.begin(), text.end(), [](QChar c) { return c.isDigit(); });
}

class NcclTestsReader : public detail::ImportReader
{
    Q_DECLARE_TR_FUNCTIONS(ss::io::Import)

public:
    NcclTestsReader(const QString& fileName, const ImportOptions& options)
        : ImportReader(fileName), m_options(options)
    {
    }
    bool read(const QByteArray& data, ImportResult& out);

private:
    bool readText(const QByteArray& data);
    void readComment(const QString& line, const QRegularExpressionMatch& perf, qsizetype lineNo);
    void readHeader(const QStringList& names, qsizetype lineNo);
    bool readRow(const QString& line, qsizetype lineNo, bool lastLine);
    // The number in column K of the row T; false (with the error set or, on the log's last line, a warning)
    // when the cell is not one. WHOLE: a whole number below 2^64.
    bool readCell(const QStringList& t, int k, bool whole, const QString& expected, qsizetype lineNo,
                  bool lastLine, double& out);
    bool readJson(const QJsonObject& root);
    QString sectionOp(const Section& s);
    bool finish(ImportResult& out);

    ImportOptions m_options;
    std::vector<Section> m_sections;
    std::int64_t m_ranks = 0;
    // Text logs: what the lines so far said.
    QString m_pendingOp; // named before the next header
    std::set<long> m_rankLines;
    long m_maxRank = -1;
    std::int64_t m_threadGpus = 0;
    Columns m_columns;
};

bool NcclTestsReader::readText(const QByteArray& data)
{
    const QStringList lines = QString::fromUtf8(data).split(QLatin1Char('\n'));
    // Output tags of mpirun --tag-output and srun --label, in front of every line of a multi-process run.
    static const QRegularExpression tag(QStringLiteral("^(\\[\\d+,\\d+\\]<std(?:out|err)>:|\\s*\\d+: )"));
    qsizetype lastContent = lines.size();
    while (lastContent > 0 && lines.at(lastContent - 1).trimmed().isEmpty())
        --lastContent;

    for (qsizetype i = 0; i < lines.size(); ++i) {
        const qsizetype lineNo = i + 1;
        QString line = lines.at(i);
        line.remove(QLatin1Char('\r'));
        line.remove(tag);
        const QString trimmed = line.trimmed();
        if (trimmed.isEmpty())
            continue;
        const QRegularExpressionMatch perf =
            trimmed.contains(QLatin1String("_perf")) ? perfName().match(trimmed) : QRegularExpressionMatch();
        if (trimmed.startsWith(QLatin1Char('#')))
            readComment(trimmed, perf, lineNo);
        else if (perf.hasMatch() && !trimmed.front().isDigit())
            m_pendingOp = ncclTestsOpName(perf.captured(0)); // the command line, echoed by a job script
        else if (!readRow(trimmed, lineNo, i + 1 >= lastContent))
            return false;
    }
    m_ranks = std::max<std::int64_t>(std::int64_t(m_rankLines.size()), m_maxRank + 1);
    if (m_ranks <= 0)
        m_ranks = m_threadGpus;
    return true;
}

// A "#" line: a rank's device, the threads and GPUs per process, the name of the op, or the column header
// that begins a section.
void NcclTestsReader::readComment(const QString& line, const QRegularExpressionMatch& perf, qsizetype lineNo)
{
    static const QRegularExpression rankLine(QStringLiteral("^#\\s*Rank\\s+(\\d+)\\s"));
    static const QRegularExpression threads(QStringLiteral("^#\\s*nThread\\s+(\\d+)\\s+nGpus\\s+(\\d+)"));
    if (const auto m = rankLine.match(line); m.hasMatch()) {
        const long r = m.captured(1).toLong();
        m_rankLines.insert(r);
        m_maxRank = std::max(m_maxRank, r);
        return;
    }
    if (const auto m = threads.match(line); m.hasMatch()) {
        m_threadGpus = m.captured(1).toLongLong() * m.captured(2).toLongLong();
        return;
    }
    if (perf.hasMatch()) {
        m_pendingOp = ncclTestsOpName(perf.captured(0));
        return;
    }
    const QStringList names = line.mid(1).simplified().split(QLatin1Char(' '), Qt::SkipEmptyParts);
    if (names.contains(QLatin1String("size")) &&
        (names.contains(QLatin1String("time")) || names.contains(QLatin1String("cputime"))))
        readHeader(names, lineNo);
}

// A column header: the columns by name, and a new section for the rows under it.
void NcclTestsReader::readHeader(const QStringList& names, qsizetype lineNo)
{
    m_columns = Columns();
    m_columns.size = int(names.indexOf(QLatin1String("size")));
    m_columns.count = int(names.indexOf(QLatin1String("count")));
    m_columns.names = names;
    for (int k = 0; k < int(names.size()); ++k) {
        const QString& n = names.at(k);
        if ((n == QLatin1String("time") || n == QLatin1String("cputime")) && m_columns.time < 0)
            m_columns.time = k;
        else if (n == QLatin1String("algbw") && m_columns.alg < 0)
            m_columns.alg = k;
        else if (n == QLatin1String("busbw") && m_columns.bus < 0)
            m_columns.bus = k;
    }
    m_columns.headerLine = lineNo;
    m_columns.headerFields = names.size();
    Section section;
    section.op = m_pendingOp;
    section.line = lineNo;
    m_sections.push_back(section);
    m_pendingOp.clear();
}

// A data row begins with the size and the count, both whole numbers; anything else (NCCL INFO lines,
// job-script output, a date) is not the table's. Every figure the fit reads must be a number: a row with
// a cell that is not, or that overflows, is an error rather than a row silently left out. LAST_LINE: the
// log's last, which a killed run may have cut.
bool NcclTestsReader::readRow(const QString& line, qsizetype lineNo, bool lastLine)
{
    if (!line.front().isDigit())
        return true;
    const QStringList t = line.simplified().split(QLatin1Char(' '));
    const Columns& c = m_columns;
    const bool rowLike =
        isDigits(t.value(0)) &&
        (isDigits(t.value(1)) || (!m_sections.empty() && t.size() > std::max(c.time, c.size)));
    if (!rowLike)
        return true;
    if (m_sections.empty())
        return failAtLine(lineNo, tr("a data row before the column header (# size count type ... "
                                     "time algbw busbw)"));
    // The size column may come after the time (a header with extra columns): both must be in the row. A row
    // with only in-place figures (trace replay leaves the out-of-place half blank) has them in the
    // out-of-place columns once the blanks are gone, so the first time column is read either way.
    if (t.size() <= std::max(c.time, c.size)) {
        if (lastLine) {
            warnAtLine(lineNo, tr("the log ends in the middle of this row: it is left out"));
            return true;
        }
        return failAtLine(lineNo, tr("a data row of %1 fields where the header (line %2) has %3")
                                      .arg(t.size())
                                      .arg(c.headerLine)
                                      .arg(c.headerFields));
    }
    double bytes = 0, elements = 0, us = 0, alg = 0, bus = 0;
    const int sizeColumn = c.size < 0 ? 0 : c.size;
    const int countColumn = c.count < 0 ? 1 : c.count;
    if (!readCell(t, sizeColumn, true, tr("a size in bytes"), lineNo, lastLine, bytes) ||
        (countColumn < t.size() &&
         !readCell(t, countColumn, true, tr("a count of elements"), lineNo, lastLine, elements)) ||
        !readCell(t, c.time, false, tr("a time in microseconds"), lineNo, lastLine, us))
        return error().isEmpty();
    const bool haveBandwidths = c.alg >= 0 && c.bus >= 0 && t.size() > std::max(c.alg, c.bus);
    if (haveBandwidths && (!readCell(t, c.alg, false, tr("a bandwidth in GB/s"), lineNo, lastLine, alg) ||
                           !readCell(t, c.bus, false, tr("a bandwidth in GB/s"), lineNo, lastLine, bus)))
        return error().isEmpty();
    if (!(us > 0)) {
        warnAtLine(lineNo, tr("a time of 0 us cannot be fitted: the row is left out"));
        return true;
    }
    Section& s = m_sections.back();
    s.samples.push_back({bytes, us * 1e-6});
    if (haveBandwidths)
        s.bandwidths.emplace_back(alg, bus);
    return true;
}

bool NcclTestsReader::readCell(const QStringList& t, int k, bool whole, const QString& expected,
                               qsizetype lineNo, bool lastLine, double& out)
{
    const QString& text = t.at(k);
    bool ok = false;
    if (whole)
        out = double(text.toULongLong(&ok));
    else
        out = text.toDouble(&ok);
    if (ok && std::isfinite(out) && out >= 0)
        return true;
    if (lastLine) {
        warnAtLine(lineNo, tr("the log ends in the middle of this row: it is left out"));
        return false;
    }
    const QString name = m_columns.names.value(k);
    failAtLine(lineNo, tr("column %1 (%2): expected %3, got \"%4\"")
                           .arg(k + 1)
                           .arg(name.isEmpty() ? QStringLiteral("?") : name, expected, text.left(24)));
    return false;
}

bool NcclTestsReader::readJson(const QJsonObject& root)
{
    detail::JsonFields fields(*this);
    Section s;
    s.line = 0;
    const QJsonArray args = root.value(QLatin1String("args")).toArray();
    if (!args.isEmpty())
        s.op = ncclTestsOpName(args.first().toString());
    const QJsonObject config = root.value(QLatin1String("config")).toObject();
    std::optional<std::int64_t> nthreads, ngpus;
    if (!fields.integer(config, QStringLiteral("config."), "nthreads", nthreads, 1, 1 << 20) ||
        !fields.integer(config, QStringLiteral("config."), "ngpus", ngpus, 1, 1 << 20))
        return false;
    // One "devices" entry per process (rank 0 parses the first line each process sends), each process
    // driving nthreads × ngpus ranks (util.cu writeDeviceReport).
    const qsizetype procs = std::max<qsizetype>(config.value(QLatin1String("devices")).toArray().size(), 1);
    m_ranks = std::int64_t(procs) * nthreads.value_or(1) * ngpus.value_or(1);

    const QJsonValue results = root.value(QLatin1String("results"));
    if (!results.isArray())
        return failType(QStringLiteral("results"), tr("an array"), results);
    const QJsonArray rows = results.toArray();
    for (qsizetype i = 0; i < rows.size(); ++i) {
        const QString path = QStringLiteral("results[%1]").arg(i);
        if (!rows.at(i).isObject())
            return failType(path, tr("an object"), rows.at(i));
        const QJsonObject row = rows.at(i).toObject();
        std::optional<double> size;
        if (!fields.number(row, path + QLatin1Char('.'), "size", size))
            return false;
        if (!size || *size < 0)
            return fail(path + QLatin1String(".size"), tr("expected the size in bytes"));
        double us = 0, alg = 0, bus = 0;
        bool found = false;
        for (const char* part : {"out_of_place", "in_place"}) {
            const QJsonValue v = row.value(QLatin1String(part));
            if (v.isNull() || v.isUndefined())
                continue;
            const QString partPath = path + QLatin1Char('.') + QLatin1String(part);
            if (!v.isObject())
                return failType(partPath, tr("an object"), v);
            const QJsonObject o = v.toObject();
            const QJsonValue time = o.contains(QLatin1String("time")) ? o.value(QLatin1String("time"))
                                                                      : o.value(QLatin1String("cpu_time"));
            if (time.isString() && time.toString().compare(QLatin1String("nan"), Qt::CaseInsensitive) == 0)
                continue; // nccl-tests writes "nan" for a failed measurement
            if (!time.isDouble())
                return failType(partPath + QLatin1String(".time"), tr("a time in microseconds"), time);
            us = time.toDouble();
            alg = o.value(QLatin1String("alg_bw")).toDouble();
            bus = o.value(QLatin1String("bus_bw")).toDouble();
            found = true;
            break;
        }
        if (!found || !(us > 0)) {
            warn(path, tr("no usable time: the row is left out"));
            continue;
        }
        s.samples.push_back({*size, us * 1e-6});
        s.bandwidths.emplace_back(alg, bus);
    }
    m_sections.push_back(s);
    return true;
}

// The op of section S: --op, else the name the log gives, else the file's name, else all-reduce when the
// bandwidths say so; "" when none of them does.
QString NcclTestsReader::sectionOp(const Section& s)
{
    QString op = s.op;
    if (!m_options.op.isEmpty()) {
        const QString given = ncclTestsOpName(m_options.op);
        if (!op.isEmpty() && op != given)
            warn({}, tr("the log measured %1; it is reported as %2, as asked").arg(op, given));
        op = given;
    }
    if (op.isEmpty()) {
        const QRegularExpressionMatch m = perfName().match(QFileInfo(fileName()).fileName());
        if (m.hasMatch())
            op = ncclTestsOpName(m.captured(0));
    }
    if (!op.isEmpty() || m_ranks <= 2)
        return op;
    // busbw = algbw × 2(n-1)/n only for all-reduce (nccl-tests doc/PERFORMANCE.md); the other ops share
    // (n-1)/n or 1 and cannot be told apart by it. The GB/s columns are printed with two decimals (or three
    // significant digits), so rows below 1 GB/s say little and the comparison allows the rounding.
    const double want = busFactor(QStringLiteral("allreduce"), m_ranks);
    int telling = 0;
    bool allReduce = true;
    for (const auto& [alg, bus] : s.bandwidths) {
        if (alg < 1)
            continue;
        ++telling;
        if (std::fabs(bus - want * alg) > 0.006 * (1 + want) + 0.001 * bus)
            allReduce = false;
    }
    if (!allReduce || telling == 0)
        return op;
    warn({}, tr("the log does not name its collective: busbw = algbw × 2(n-1)/n identifies all-reduce"));
    return QStringLiteral("allreduce");
}

bool NcclTestsReader::finish(ImportResult& out)
{
    // Sections of one op (a log with -N cycles, or -d all) are fitted together.
    std::vector<Section> merged;
    for (Section& s : m_sections) {
        if (s.samples.empty())
            continue;
        const QString op = sectionOp(s);
        if (op.isEmpty())
            return failAtLine(s.line,
                              tr("the log does not say which collective it measured (no *_perf name): give "
                                 "it with --op, e.g. --op allreduce"));
        s.op = op;
        auto same = std::find_if(merged.begin(), merged.end(), [&](const Section& m) { return m.op == op; });
        if (same == merged.end())
            merged.push_back(s);
        else
            same->samples.insert(same->samples.end(), s.samples.begin(), s.samples.end());
    }
    if (merged.empty())
        return fail({},
                    tr("no data rows: expected the table of an nccl-tests run (size, count, type, ..., time, "
                       "algbw, busbw)"));
    if (m_ranks <= 0)
        warn({}, tr("the log does not say how many ranks ran (no \"# Rank\" lines): ranks is 0"));

    QStringList summaries;
    for (const Section& s : merged) {
        Calibration c;
        c.op = s.op.toStdString();
        c.ranks = m_ranks;
        c.fit = fitAlphaBeta(s.samples);
        if (!c.fit.ok())
            return failAtLine(s.line,
                              QStringLiteral("%1: %2").arg(s.op, QString::fromStdString(c.fit.error)));
        c.busbw_Bps = busFactor(s.op, m_ranks) / c.fit.beta_s_per_byte;
        CollectiveOp engineOp;
        if (!collectiveOpFromName(c.op, engineOp))
            warn({}, tr("the engine has no %1 collective: the fit is reported, but no link class can take it")
                         .arg(s.op));
        if (c.fit.r2 < 0.9)
            warn({}, tr("%1: the alpha-beta line fits these times poorly (R² %2): NCCL changes algorithm or "
                        "protocol across these sizes")
                         .arg(s.op)
                         .arg(c.fit.r2, 0, 'f', 3));
        summaries << tr("%1 on %n rank(s): latency %2, %3 bus bandwidth", nullptr, int(c.ranks))
                         .arg(s.op, QString::fromStdString(formatQuantity(c.fit.alpha_s, Unit::Seconds)),
                              QString::fromStdString(formatQuantity(c.busbw_Bps, Unit::BytesPerSecond)));
        out.calibrations.push_back(std::move(c));
    }
    out.summary = tr("nccl-tests: %1").arg(summaries.join(QLatin1String("; ")));
    out.warnings << warnings();
    return true;
}

bool NcclTestsReader::read(const QByteArray& data, ImportResult& out)
{
    const QByteArray head = data.trimmed();
    if (head.startsWith('{') || head.startsWith("\xEF\xBB\xBF{")) {
        QJsonObject root;
        if (!parseJson(data, tr("the JSON of nccl-tests -J"), root))
            return false;
        if (!readJson(root))
            return false;
    } else if (!readText(data)) {
        return false;
    }
    return finish(out);
}

} // namespace

QString ncclTestsOpName(const QString& raw)
{
    QString name = QFileInfo(raw.trimmed()).fileName().toLower();
    if (name.endsWith(QLatin1String("_mpi")))
        name.chop(4);
    if (name.endsWith(QLatin1String("_perf")))
        name.chop(5);
    name.remove(QLatin1Char('_'));
    name.remove(QLatin1Char('-'));
    static const char* const known[] = {"allreduce", "allgather", "reducescatter", "broadcast",
                                        "reduce",    "alltoall",  "sendrecv",      "gather",
                                        "scatter",   "hypercube", "alltoallv"};
    for (const char* k : known)
        if (name == QLatin1String(k))
            return name;
    return {};
}

bool looksLikeNcclTestsLog(const QByteArray& text)
{
    const QByteArray head = text.left(1024 * 1024);
    return head.contains("# nThread") || head.contains("out-of-place") ||
           (head.contains("algbw") && head.contains("busbw") && head.contains("size"));
}

bool looksLikeNcclTestsJson(const QJsonObject& root)
{
    return root.value(QLatin1String("results")).isArray() &&
           (root.contains(QLatin1String("config")) || root.contains(QLatin1String("nccl_version")));
}

bool importNcclTests(const QByteArray& data, const QString& fileName, const ImportOptions& options,
                     ImportResult& out, QString* error)
{
    NcclTestsReader reader(fileName, options);
    return reader.report(reader.read(data, out), error);
}

} // namespace ss::io
