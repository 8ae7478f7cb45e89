// SPDX-License-Identifier: GPL-3.0-or-later
// The timeline as Chrome trace-event JSON and the charts' numbers as CSV (model/io/traceexport.h,
// csvexport.h). Expected structure: "Trace Event Format" (Google, docs.google.com/document/d/
// 1CvAClvFfyA5R-PhYUmn5OOQtYMH4h6I0nSsKchNAySU): "X" events carry ts, dur, pid, tid; flow events "s"/"f"
// share an id; CSV as RFC 4180.
#include "csvexport.h"
#include "evaluate.h"
#include "examples.h"
#include "traceexport.h"

#include <QDir>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTemporaryDir>
#include <QTest>

#include <map>
#include <set>

using namespace ss;

class TestTraceExport : public QObject
{
    Q_OBJECT

private:
    static Result exampleResult(const QString& id)
    {
        Scenario scenario;
        QString error;
        if (!io::loadExample(id, scenario, &error))
            qFatal("%s", qPrintable(error));
        EvalOptions options;
        options.timeline = true;
        return evaluate(scenario, options);
    }
    static QList<QByteArray> lines(const QByteArray& csv)
    {
        QList<QByteArray> out = csv.split('\n');
        if (!out.isEmpty() && out.last().isEmpty())
            out.removeLast();
        return out;
    }

private slots:
    void trace_data()
    {
        QTest::addColumn<QString>("example");
        // Built-in examples (resources/examples): a pipelined one (pp 8, so send/receive flows) and others.
        for (const io::ExampleInfo& info : io::examples())
            QTest::newRow(qPrintable(info.id)) << info.id;
    }
    void trace()
    {
        QFETCH(QString, example);
        const Result result = exampleResult(example);
        const QByteArray json = io::writeTraceEvents(result, example);
        QJsonParseError parseError;
        const QJsonDocument doc = QJsonDocument::fromJson(json, &parseError);
        QCOMPARE(parseError.error, QJsonParseError::NoError);
        const QJsonArray events = doc.object().value(QStringLiteral("traceEvents")).toArray();
        int complete = 0;
        int sends = 0;
        std::map<int, int> flowStarts, flowEnds;
        std::set<int> namedProcesses;
        for (const QJsonValue& v : events) {
            const QJsonObject e = v.toObject();
            const QString ph = e.value(QStringLiteral("ph")).toString();
            if (ph == QLatin1String("X")) {
                ++complete;
                for (const char* key : {"ts", "dur", "pid", "tid", "name"})
                    QVERIFY2(e.contains(QLatin1String(key)), key);
                QVERIFY(e.value(QStringLiteral("dur")).toDouble() >= 0);
                QVERIFY(namedProcesses.count(e.value(QStringLiteral("pid")).toInt()));
            } else if (ph == QLatin1String("M")) {
                if (e.value(QStringLiteral("name")).toString() == QLatin1String("process_name"))
                    namedProcesses.insert(e.value(QStringLiteral("pid")).toInt());
            } else if (ph == QLatin1String("s")) {
                ++flowStarts[e.value(QStringLiteral("id")).toInt()];
            } else if (ph == QLatin1String("f")) {
                ++flowEnds[e.value(QStringLiteral("id")).toInt()];
            } else {
                QFAIL(qPrintable(QStringLiteral("unexpected phase ") + ph));
            }
        }
        for (const TimelineEvent& e : result.timeline)
            sends += e.kind == "pp-send";
        // One X event per timeline box; every send has its receive (stepsim.cpp emits them in pairs).
        QCOMPARE(complete, int(result.timeline.size()));
        QCOMPARE(int(flowStarts.size()), sends);
        QCOMPARE(flowStarts, flowEnds);
        for (const auto& [id, n] : flowStarts)
            QCOMPARE(n, 1);
        // Deterministic: the GUI and the CLI must write the same bytes.
        QCOMPARE(io::writeTraceEvents(result, example), json);
    }

    void pipelinedHasFlows()
    {
        // gpt3-175b-megatron is pp 8 (its example file): transfers between stages exist.
        const Result result = exampleResult(QStringLiteral("gpt3-175b-megatron"));
        QVERIFY(!result.timeline.empty());
        QVERIFY(io::writeTraceEvents(result).contains("\"ph\": \"s\"") ||
                io::writeTraceEvents(result).contains("\"ph\":\"s\""));
    }

    void streamsNamedAndOrdered()
    {
        // The expert- and context-parallel streams (stepsim.cpp) get fixed thread ids after pcie, so the ids
        // of a dense model's trace stay as docs/formats.md gives them; the threads sort as the step timeline
        // stacks them (compute, tp, ep, cp, pp, dp, pcie).
        Result result;
        for (const char* stream : {"compute", "cp", "ep", "pp", "tp", "dp", "pcie"}) {
            TimelineEvent e;
            e.stream = *timelineStreamNamed(stream);
            e.kind = TimelineKind::Forward;
            e.end_s = 1e-3;
            result.timeline.push_back(e);
        }
        const QJsonArray events = QJsonDocument::fromJson(io::writeTraceEvents(result))
                                      .object()
                                      .value(QStringLiteral("traceEvents"))
                                      .toArray();
        std::map<QString, int> tidOf, sortOf;
        std::map<int, int> sortOfTid;
        for (const QJsonValue& v : events) {
            const QJsonObject e = v.toObject();
            const QString name = e.value(QStringLiteral("name")).toString();
            const int tid = e.value(QStringLiteral("tid")).toInt();
            const QJsonObject args = e.value(QStringLiteral("args")).toObject();
            if (name == QLatin1String("thread_name"))
                tidOf[args.value(QStringLiteral("name")).toString()] = tid;
            else if (name == QLatin1String("thread_sort_index"))
                sortOfTid[tid] = args.value(QStringLiteral("sort_index")).toInt();
        }
        const std::map<QString, int> expectedTid = {{"compute", 1}, {"tp", 2}, {"pp", 3}, {"dp", 4},
                                                    {"pcie", 5},    {"ep", 6}, {"cp", 7}};
        QCOMPARE(tidOf, expectedTid);
        for (const auto& [stream, tid] : tidOf) {
            QCOMPARE(io::traceStreamId(stream.toStdString()), tid);
            sortOf[stream] = sortOfTid.at(tid);
        }
        const std::map<QString, int> expectedSort = {{"compute", 1}, {"tp", 2}, {"ep", 3},  {"cp", 4},
                                                     {"pp", 5},      {"dp", 6}, {"pcie", 7}};
        QCOMPARE(sortOf, expectedSort);
    }

    void csvRows()
    {
        const Result result = exampleResult(QStringLiteral("gpt3-175b-megatron"));
        const QList<QByteArray> memory = lines(io::memoryCsv(result));
        QCOMPARE(memory.size(), int(result.memory.per_gpu.size()) + 1);
        QVERIFY(memory.first().startsWith("stage,layers,params_B"));
        // Row 1 is stage 0: its total, as %.15g prints it, is the result's.
        const QList<QByteArray> first = memory.at(1).trimmed().split(',');
        QCOMPARE(first.at(0).toInt(), result.memory.per_gpu[0].stage);
        QCOMPARE(first.at(7).toDouble(), result.memory.per_gpu[0].total);
        // Full training: nothing frozen, every weight trained.
        QCOMPARE(first.at(10).toDouble(), 0.0);
        QCOMPARE(first.at(12).toDouble(), result.memory.per_gpu[0].params);
        // QLoRA (Dettmers et al., NeurIPS'23): the frozen 4-bit base, its constants and the adapters add up
        // to params_B.
        const Result qlora = exampleResult(QStringLiteral("llama3.1-8b-qlora-rtx4090"));
        const QList<QByteArray> q = lines(io::memoryCsv(qlora)).at(1).trimmed().split(',');
        const StageMemory& qs = qlora.memory.per_gpu[0];
        QCOMPARE(q.at(10).toDouble(), qs.param_frozen);
        QCOMPARE(q.at(11).toDouble(), qs.param_quant_constants);
        QVERIFY(qs.param_frozen > 10 * qs.param_trainable);
        QVERIFY(qAbs(q.at(10).toDouble() + q.at(11).toDouble() + q.at(12).toDouble() - q.at(2).toDouble()) <=
                1e-9 * qs.params);
        QCOMPARE(lines(io::linksCsv(result)).size(), int(result.comm.links.size()) + 1);
        QCOMPARE(lines(io::collectivesCsv(result)).size(), int(result.comm.collectives.size()) + 1);
        QCOMPARE(lines(io::bandwidthCsv(result)).size(),
                 int(result.comm.links.size() + result.comm.collectives.size()) + 1);
        QCOMPARE(lines(io::timelineCsv(result)).size(), int(result.timeline.size()) + 1);
        QVERIFY(io::memoryCsv(result).endsWith("\r\n"));
    }

    void csvQuoting()
    {
        Result result;
        CommLink link;
        link.id = "a,\"b\"";
        result.comm.links.push_back(link);
        // RFC 4180 §2.6-2.7: a field with a comma or quote is quoted, quotes doubled.
        QVERIFY(io::linksCsv(result).contains("\"a,\"\"b\"\"\","));
    }

    void formatsAndNames()
    {
        QCOMPARE(io::exportFormatOf(QStringLiteral("a/b.PNG")), io::ExportFormat::Png);
        QCOMPARE(io::exportFormatOf(QStringLiteral("x.json")), io::ExportFormat::Json);
        QCOMPARE(io::exportFormatOf(QStringLiteral("x.txt")), io::ExportFormat::Unknown);
        for (const char* name : {"memory", "gantt", "topology", "bandwidth", "sweep", "report"}) {
            io::ExportChart chart;
            QVERIFY(io::exportChartFromName(QLatin1String(name), chart));
            QCOMPARE(io::exportChartName(chart), QLatin1String(name));
        }
        io::ExportChart chart;
        QVERIFY(!io::exportChartFromName(QStringLiteral("pie"), chart));
    }

    void atomicWrite()
    {
        QTemporaryDir dir;
        const QString file = dir.filePath(QStringLiteral("out.csv"));
        QString error;
        QVERIFY(io::writeFileAtomically(file, "a,b\r\n", &error));
        QFile f(file);
        QVERIFY(f.open(QIODevice::ReadOnly));
        QCOMPARE(f.readAll(), QByteArray("a,b\r\n"));
        // An unwritable path: one line naming it, and nothing written.
        const QString bad = dir.filePath(QStringLiteral("missing/dir/out.csv"));
        QVERIFY(!io::writeFileAtomically(bad, "x", &error));
        QVERIFY(error.startsWith(bad));
        QVERIFY(!error.contains(QLatin1Char('\n')));
        QVERIFY(!QFile::exists(bad));
        QCOMPARE(QDir(dir.path()).entryList(QDir::Files), QStringList{QStringLiteral("out.csv")});
    }
};

QTEST_GUILESS_MAIN(TestTraceExport)
#include "tst_traceexport.moc"
