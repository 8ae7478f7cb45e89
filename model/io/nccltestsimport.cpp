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

class NcclTestsReader
{
    Q_DECLARE_TR_FUNCTIONS(ss::io::Import)

public:
    NcclTestsReader(const QString& fileName, const ImportOptions& options)
        : m_fileName(fileName), m_options(options)
    {
    }
    bool read(const QByteArray& data, ImportResult& out);
    const QString& error() const { return m_error; }

private:
    bool fail(const QString& where, const QString& message)
    {
        m_error = detail::locatedMessage(m_fileName, where, message);
        return false;
    }
    void warn(const QString& where, const QString& message)
    {
        m_warnings << detail::locatedMessage(m_fileName, where, message);
    }
    bool readText(const QByteArray& data);
    bool readJson(const QJsonObject& root);
    bool finish(ImportResult& out);

    QString m_fileName;
    ImportOptions m_options;
    QString m_error;
    QStringList m_warnings;
    std::vector<Section> m_sections;
    std::int64_t m_ranks = 0;
};

bool NcclTestsReader::readText(const QByteArray& data)
{
    const QStringList lines = QString::fromUtf8(data).split(QLatin1Char('\n'));
    // Output tags of mpirun --tag-output and srun --label, in front of every line of a multi-process run.
    static const QRegularExpression tag(QStringLiteral("^(\\[\\d+,\\d+\\]<std(?:out|err)>:|\\s*\\d+: )"));
    static const QRegularExpression rankLine(QStringLiteral("^#\\s*Rank\\s+(\\d+)\\s"));
    static const QRegularExpression threads(QStringLiteral("^#\\s*nThread\\s+(\\d+)\\s+nGpus\\s+(\\d+)"));

    QString pendingOp; // named before the next header
    std::set<long> ranks;
    long maxRank = -1;
    std::int64_t threadGpus = 0;
    int timeCol = -1, inPlaceCol = -1, sizeCol = -1, algCol = -1, busCol = -1;
    qsizetype headerLine = 0, headerFields = 0;
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
        if (trimmed.startsWith(QLatin1Char('#'))) {
            if (const auto m = rankLine.match(trimmed); m.hasMatch()) {
                const long r = m.captured(1).toLong();
                ranks.insert(r);
                maxRank = std::max(maxRank, r);
                continue;
            }
            if (const auto m = threads.match(trimmed); m.hasMatch()) {
                threadGpus = m.captured(1).toLongLong() * m.captured(2).toLongLong();
                continue;
            }
            if (perf.hasMatch()) {
                pendingOp = ncclTestsOpName(perf.captured(0));
                continue;
            }
            const QStringList names = trimmed.mid(1).simplified().split(QLatin1Char(' '), Qt::SkipEmptyParts);
            const bool header =
                names.contains(QLatin1String("size")) &&
                (names.contains(QLatin1String("time")) || names.contains(QLatin1String("cputime")));
            if (!header)
                continue;
            timeCol = inPlaceCol = algCol = busCol = -1;
            sizeCol = int(names.indexOf(QLatin1String("size")));
            for (int k = 0; k < int(names.size()); ++k) {
                const QString& n = names.at(k);
                if (n == QLatin1String("time") || n == QLatin1String("cputime")) {
                    if (timeCol < 0)
                        timeCol = k;
                    else if (inPlaceCol < 0)
                        inPlaceCol = k;
                } else if (n == QLatin1String("algbw") && algCol < 0) {
                    algCol = k;
                } else if (n == QLatin1String("busbw") && busCol < 0) {
                    busCol = k;
                }
            }
            headerLine = lineNo;
            headerFields = names.size();
            Section section;
            section.op = pendingOp;
            section.line = lineNo;
            m_sections.push_back(section);
            pendingOp.clear();
            continue;
        }
        if (perf.hasMatch() && !trimmed.front().isDigit()) {
            pendingOp = ncclTestsOpName(perf.captured(0)); // the command line, echoed by a job script
            continue;
        }
        // A data row begins with the size and the count, both whole numbers; anything else (NCCL INFO lines,
        // job-script output) is not the table's.
        if (!trimmed.front().isDigit())
            continue;
        const QStringList t = trimmed.simplified().split(QLatin1Char(' '));
        bool sizeOk = false, countOk = false;
        t.value(0).toULongLong(&sizeOk);
        t.value(1).toULongLong(&countOk);
        if (!sizeOk || !countOk)
            continue;
        if (m_sections.empty())
            return fail(detail::lineText(lineNo),
                        tr("a data row before the column header (# size count type ... "
                           "time algbw busbw)"));
        Section& s = m_sections.back();
        const bool lastLine = i + 1 >= lastContent;
        // The size column may come after the time (a header with extra columns): both must be in the row.
        if (t.size() <= std::max(timeCol, sizeCol)) {
            if (lastLine) {
                warn(detail::lineText(lineNo), tr("the log ends in the middle of this row: it is left out"));
                continue;
            }
            return fail(detail::lineText(lineNo),
                        tr("a data row of %1 fields where the header (line %2) has %3")
                            .arg(t.size())
                            .arg(headerLine)
                            .arg(headerFields));
        }
        // A row with only in-place figures (trace replay leaves the out-of-place half blank) has them in the
        // out-of-place columns once the blanks are gone, so the first time column is read either way.
        bool ok = false;
        const double us = t.at(timeCol).toDouble(&ok);
        if (!ok || !std::isfinite(us)) {
            if (lastLine) {
                warn(detail::lineText(lineNo), tr("the log ends in the middle of this row: it is left out"));
                continue;
            }
            return fail(detail::lineText(lineNo),
                        tr("expected a time in microseconds in the time column, got \"%1\"")
                            .arg(t.at(timeCol).left(20)));
        }
        const double bytes = t.value(sizeCol < 0 ? 0 : sizeCol).toDouble();
        if (!(us > 0)) {
            warn(detail::lineText(lineNo), tr("a time of 0 us cannot be fitted: the row is left out"));
            continue;
        }
        s.samples.push_back({bytes, us * 1e-6});
        bool algOk = false, busOk = false;
        const double alg = algCol >= 0 ? t.value(algCol).toDouble(&algOk) : 0;
        const double bus = busCol >= 0 ? t.value(busCol).toDouble(&busOk) : 0;
        if (algOk && busOk)
            s.bandwidths.emplace_back(alg, bus);
    }
    m_ranks = std::max<std::int64_t>(std::int64_t(ranks.size()), maxRank + 1);
    if (m_ranks <= 0)
        m_ranks = threadGpus;
    return true;
}

bool NcclTestsReader::readJson(const QJsonObject& root)
{
    detail::JsonFields fields(m_fileName);
    const auto fieldFail = [&] {
        m_error = fields.error();
        return false;
    };
    Section s;
    s.line = 0;
    const QJsonArray args = root.value(QLatin1String("args")).toArray();
    if (!args.isEmpty())
        s.op = ncclTestsOpName(args.first().toString());
    const QJsonObject config = root.value(QLatin1String("config")).toObject();
    std::optional<std::int64_t> nthreads, ngpus;
    if (!fields.integer(config, QStringLiteral("config."), "nthreads", nthreads, 1, 1 << 20) ||
        !fields.integer(config, QStringLiteral("config."), "ngpus", ngpus, 1, 1 << 20))
        return fieldFail();
    // One "devices" entry per process (rank 0 parses the first line each process sends), each process
    // driving nthreads × ngpus ranks (util.cu writeDeviceReport).
    const qsizetype procs = std::max<qsizetype>(config.value(QLatin1String("devices")).toArray().size(), 1);
    m_ranks = std::int64_t(procs) * nthreads.value_or(1) * ngpus.value_or(1);

    const QJsonValue results = root.value(QLatin1String("results"));
    if (!results.isArray())
        return fail(QStringLiteral("results"),
                    tr("expected %1, got %2").arg(tr("an array"), detail::describeJson(results)));
    const QJsonArray rows = results.toArray();
    for (qsizetype i = 0; i < rows.size(); ++i) {
        const QString path = QStringLiteral("results[%1]").arg(i);
        if (!rows.at(i).isObject())
            return fail(path,
                        tr("expected %1, got %2").arg(tr("an object"), detail::describeJson(rows.at(i))));
        const QJsonObject row = rows.at(i).toObject();
        std::optional<double> size;
        if (!fields.number(row, path + QLatin1Char('.'), "size", size))
            return fieldFail();
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
                return fail(partPath,
                            tr("expected %1, got %2").arg(tr("an object"), detail::describeJson(v)));
            const QJsonObject o = v.toObject();
            const QJsonValue time = o.contains(QLatin1String("time")) ? o.value(QLatin1String("time"))
                                                                      : o.value(QLatin1String("cpu_time"));
            if (time.isString() && time.toString().compare(QLatin1String("nan"), Qt::CaseInsensitive) == 0)
                continue; // nccl-tests writes "nan" for a failed measurement
            if (!time.isDouble())
                return fail(
                    partPath + QLatin1String(".time"),
                    tr("expected %1, got %2").arg(tr("a time in microseconds"), detail::describeJson(time)));
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

bool NcclTestsReader::finish(ImportResult& out)
{
    // Sections of one op (a log with -N cycles, or -d all) are fitted together.
    std::vector<Section> merged;
    for (Section& s : m_sections) {
        if (s.samples.empty())
            continue;
        QString op = s.op;
        if (!m_options.op.isEmpty()) {
            const QString given = ncclTestsOpName(m_options.op);
            if (!op.isEmpty() && op != given)
                warn({}, tr("the log measured %1; it is reported as %2, as asked").arg(op, given));
            op = given;
        }
        if (op.isEmpty()) {
            const QRegularExpressionMatch m = perfName().match(QFileInfo(m_fileName).fileName());
            if (m.hasMatch())
                op = ncclTestsOpName(m.captured(0));
        }
        if (op.isEmpty() && m_ranks > 2) {
            // busbw = algbw × 2(n-1)/n only for all-reduce (nccl-tests doc/PERFORMANCE.md); the other ops
            // share (n-1)/n or 1 and cannot be told apart by it. The GB/s columns are printed with two
            // decimals (or three significant digits), so rows below 1 GB/s say little and the comparison
            // allows the rounding.
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
            allReduce = allReduce && telling > 0;
            if (allReduce) {
                op = QStringLiteral("allreduce");
                warn({}, tr("the log does not name its collective: busbw = algbw × 2(n-1)/n identifies "
                            "all-reduce"));
            }
        }
        if (op.isEmpty())
            return fail(s.line > 0 ? detail::lineText(s.line) : QString(),
                        tr("the log does not say which collective it measured (no *_perf name): give it with "
                           "--op, e.g. --op allreduce"));
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
            return fail(s.line > 0 ? detail::lineText(s.line) : QString(),
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
    out.warnings << m_warnings;
    return true;
}

bool NcclTestsReader::read(const QByteArray& data, ImportResult& out)
{
    const QByteArray head = data.trimmed();
    if (head.startsWith('{') || head.startsWith("\xEF\xBB\xBF{")) {
        QJsonObject root;
        if (!detail::parseJsonObject(data, m_fileName, tr("the JSON of nccl-tests -J"), root, &m_error))
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
    if (reader.read(data, out))
        return true;
    if (error)
        *error = reader.error();
    return false;
}

} // namespace ss::io
