// SPDX-License-Identifier: GPL-3.0-or-later
// The scaling mode of shardscope-bench runs and prints the JSON the README's plots are drawn from
// (`shardscope-bench --scaling --quick --json`: 64 to 256 GPUs, 1 to 16 microbatches), and
// shardscope-benchplot turns that JSON into the two PNGs. Names checked are those scaling.h documents.
#include <QFileInfo>
#include <QImageReader>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QTemporaryDir>
#include <QTest>

class TestBenchScaling : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();
    void gpuRows_data();
    void gpuRows();
    void microbatchRows_data();
    void microbatchRows();
    void plots();
    void plotRejectsBadInput();
    void table();

private:
    static QByteArray run(const QString& program, const QStringList& args, int* exitCode = nullptr);
    QByteArray m_json;
    QJsonObject m_scaling;
};

QByteArray TestBenchScaling::run(const QString& program, const QStringList& args, int* exitCode)
{
    QProcess process;
    process.setProcessChannelMode(QProcess::SeparateChannels);
    process.start(program, args);
    if (!process.waitForFinished(60000)) {
        process.kill();
        process.waitForFinished();
    }
    if (exitCode)
        *exitCode = process.exitStatus() == QProcess::NormalExit ? process.exitCode() : -1;
    return process.readAllStandardOutput();
}

void TestBenchScaling::initTestCase()
{
    int code = -1;
    m_json = run(QStringLiteral(SHARDSCOPE_BENCH),
                 {QStringLiteral("--scaling"), QStringLiteral("--quick"), QStringLiteral("--json")}, &code);
    QCOMPARE(code, 0);
    QJsonParseError error;
    const QJsonDocument doc = QJsonDocument::fromJson(m_json, &error);
    QCOMPARE(error.error, QJsonParseError::NoError);
    QVERIFY(doc.isObject());
    m_scaling = doc.object();
    QVERIFY(!m_scaling.contains(QStringLiteral("error")));
    QVERIFY(m_scaling.value(QStringLiteral("config")).toObject().value(QStringLiteral("quick")).toBool());
}

void TestBenchScaling::gpuRows_data()
{
    QTest::addColumn<int>("index");
    QTest::addColumn<int>("gpus");
    QTest::addColumn<int>("dp");
    // scaling.cpp's layout: tp 8 × pp 8 × dp gpus/64, the quick set stopping at 256 GPUs.
    QTest::newRow("64 GPUs: tp 8 x pp 8 x dp 1") << 0 << 64 << 1;
    QTest::newRow("128 GPUs: dp 2") << 1 << 128 << 2;
    QTest::newRow("256 GPUs: dp 4") << 2 << 256 << 4;
}

void TestBenchScaling::gpuRows()
{
    QFETCH(int, index);
    QFETCH(int, gpus);
    QFETCH(int, dp);
    const QJsonArray rows = m_scaling.value(QStringLiteral("gpus")).toArray();
    QCOMPARE(rows.size(), 3);
    const QJsonObject row = rows.at(index).toObject();
    QCOMPARE(row.value(QStringLiteral("gpus")).toInt(), gpus);
    QCOMPARE(row.value(QStringLiteral("dp")).toInt(), dp);
    QCOMPARE(row.value(QStringLiteral("tp")).toInt(), 8);
    QCOMPARE(row.value(QStringLiteral("pp")).toInt(), 8);
    // The names the README's plot reads, each a positive time.
    for (const char* key :
         {"eval_s", "eval_cold_s", "topology_s", "memory_s", "comm_cold_s", "comm_warm_s", "sim_s"}) {
        const QJsonValue v = row.value(QLatin1String(key));
        QVERIFY2(v.isDouble() && v.toDouble() > 0 && v.toDouble() < 60, key);
    }
    QVERIFY(row.value(QStringLiteral("timeline_boxes")).toDouble() > 0);
}

void TestBenchScaling::microbatchRows_data()
{
    QTest::addColumn<QString>("schedule");
    QTest::addColumn<QList<int>>("ms");
    // m = 1, 2, 4, 8, 16; the interleaved schedule only where m is a multiple of pp = 8 (Narayanan et al.
    // SC'21 §2.2.2, enforced by validateScenario()).
    QTest::newRow("1F1B: every m") << QStringLiteral("1f1b") << QList<int>{1, 2, 4, 8, 16};
    QTest::newRow("interleaved: multiples of pp") << QStringLiteral("interleaved") << QList<int>{8, 16};
}

void TestBenchScaling::microbatchRows()
{
    QFETCH(QString, schedule);
    QFETCH(QList<int>, ms);
    QList<int> seen;
    double lastBoxes = 0;
    for (const QJsonValue& v : m_scaling.value(QStringLiteral("microbatches")).toArray()) {
        const QJsonObject row = v.toObject();
        if (row.value(QStringLiteral("schedule")).toString() != schedule)
            continue;
        seen.push_back(row.value(QStringLiteral("m")).toInt());
        QVERIFY(row.value(QStringLiteral("eval_s")).toDouble() > 0);
        QVERIFY(row.value(QStringLiteral("sim_s")).toDouble() > 0);
        // More microbatches, more boxes in the timeline.
        const double boxes = row.value(QStringLiteral("timeline_boxes")).toDouble();
        QVERIFY(boxes > lastBoxes);
        lastBoxes = boxes;
    }
    QCOMPARE(seen, ms);
}

void TestBenchScaling::plots()
{
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    const QString json = dir.filePath(QStringLiteral("scaling.json"));
    QFile file(json);
    QVERIFY(file.open(QIODevice::WriteOnly));
    file.write(m_json);
    file.close();
    int code = -1;
    // Two runs given: each time plotted is their median (here the same run twice).
    run(QStringLiteral(SHARDSCOPE_BENCHPLOT), {QStringLiteral("--out"), dir.path(), json, json}, &code);
    QCOMPARE(code, 0);
    for (const char* name : {"scaling-gpus.png", "scaling-microbatches.png"}) {
        QImageReader reader(dir.filePath(QLatin1String(name)));
        QVERIFY2(reader.canRead(), name);
        // benchplot.cpp: 960 × 640 at scale 2.
        QCOMPARE(reader.size(), QSize(1920, 1280));
    }
}

void TestBenchScaling::plotRejectsBadInput()
{
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    const QString json = dir.filePath(QStringLiteral("bad.json"));
    QFile file(json);
    QVERIFY(file.open(QIODevice::WriteOnly));
    file.write("{\"gpus\": 3");
    file.close();
    int code = -1;
    run(QStringLiteral(SHARDSCOPE_BENCHPLOT), {QStringLiteral("--out"), dir.path(), json}, &code);
    QCOMPARE(code, 1);
    run(QStringLiteral(SHARDSCOPE_BENCHPLOT),
        {QStringLiteral("--out"), dir.path(), dir.filePath(QStringLiteral("missing.json"))}, &code);
    QCOMPARE(code, 1);
    QVERIFY(!QFileInfo::exists(dir.filePath(QStringLiteral("scaling-gpus.png"))));
}

void TestBenchScaling::table()
{
    // Three runs of the default bench (made-up figures): the README's row takes their median, the spread
    // their lowest and highest, and the verdict compares the median with its target (eval_default_s <=
    // 1 ms; planner_configs_per_s >= 10,000).
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    QStringList files;
    const QByteArray runs[] = {
        R"({"eval_default_s": 4e-5, "planner_configs_per_s": 9000})",
        R"({"eval_default_s": 2e-3, "planner_configs_per_s": 12000})",
        R"({"eval_default_s": 5e-5, "planner_configs_per_s": 11000, "new_figure_s": 0.5})"};
    for (const QByteArray& figures : runs) {
        files.push_back(dir.filePath(QStringLiteral("run%1.json").arg(files.size())));
        QFile file(files.back());
        QVERIFY(file.open(QIODevice::WriteOnly));
        file.write(figures);
    }
    int code = -1;
    const QString table = QString::fromUtf8(
        run(QStringLiteral(SHARDSCOPE_BENCHPLOT), QStringList{QStringLiteral("--table")} + files, &code));
    QCOMPARE(code, 0);
    QVERIFY2(table.contains(QStringLiteral("| `eval_default_s` |")), qPrintable(table));
    QVERIFY2(table.contains(QStringLiteral("| ≤ 1 ms | 50.0 µs | 40.0 µs – 2.00 ms | yes |")),
             qPrintable(table));
    // The planner's floor is 30,000 layouts/s: a median of 11,000 misses it, in bold.
    QVERIFY2(table.contains(QStringLiteral("| ≥ 30,000 /s | 11,000 /s | 9,000 /s – 12,000 /s | **no** |")),
             qPrintable(table));
    // A figure the table does not know yet still gets its row.
    QVERIFY2(table.contains(QStringLiteral("| `new_figure_s` |")), qPrintable(table));
}

QTEST_GUILESS_MAIN(TestBenchScaling)
#include "tst_benchscaling.moc"
