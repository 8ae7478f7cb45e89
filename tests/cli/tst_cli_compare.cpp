// SPDX-License-Identifier: GPL-3.0-or-later
// `shardscope-cli compare`: the deltas are the differences of what `eval` prints for the two
// scenarios, the percentage is absent over a zero baseline, and bad input or usage gives the contract's
// exit codes with one line on stderr and nothing on stdout.
#include "clirun.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTest>

namespace {

QJsonObject figure(const QJsonObject& comparison, const QString& id)
{
    for (const QJsonValue& value : comparison.value(QLatin1String("figures")).toArray())
        if (value.toObject().value(QLatin1String("id")).toString() == id)
            return value.toObject();
    return {};
}

QJsonObject evalJson(const QStringList& args)
{
    const CliRun run = runCli(QStringList{QStringLiteral("eval")} + args);
    return run.exitCode == 0 ? QJsonDocument::fromJson(run.out).object() : QJsonObject();
}

} // namespace

class TestCliCompare : public QObject
{
    Q_OBJECT

private slots:
    void deltasAreEvalDifferences();
    void sameScenarioIsSame();
    void errors_data();
    void errors();
};

void TestCliCompare::deltasAreEvalDifferences()
{
    const QStringList set{QStringLiteral("--set"), QStringLiteral("parallel.zero_stage=3")};
    const CliRun run = runCli(QStringList{QStringLiteral("compare"), QStringLiteral("default")} + set);
    QCOMPARE(run.exitCode, 0);
    QVERIFY2(run.err.isEmpty(), run.err.constData());
    QJsonParseError error;
    const QJsonObject comparison = QJsonDocument::fromJson(run.out, &error).object();
    QCOMPARE(error.error, QJsonParseError::NoError);

    // The expected values: what `eval` prints for each side (docs/formats.md, "Result of eval").
    const QJsonObject b = evalJson({QStringLiteral("default")});
    const QJsonObject c = evalJson(QStringList{QStringLiteral("default")} + set);
    const double bPeak =
        b.value(QLatin1String("memory")).toObject().value(QLatin1String("peak_gpu_bytes")).toDouble();
    const double cPeak =
        c.value(QLatin1String("memory")).toObject().value(QLatin1String("peak_gpu_bytes")).toDouble();
    QVERIFY(bPeak > 0 && cPeak > 0);
    const QJsonObject peak = figure(comparison, QStringLiteral("memory.peak_gpu_bytes"));
    QCOMPARE(peak.value(QLatin1String("baseline")).toDouble(), bPeak);
    QCOMPARE(peak.value(QLatin1String("current")).toDouble(), cPeak);
    QCOMPARE(peak.value(QLatin1String("delta")).toDouble(), cPeak - bPeak);
    QCOMPARE(peak.value(QLatin1String("relative")).toDouble(), (cPeak - bPeak) / bPeak);
    QCOMPARE(peak.value(QLatin1String("better")).toString(), QStringLiteral("lower"));
    // ZeRO-3 also shards the 2Ψ of weights (ZeRO §5): less memory per GPU.
    QCOMPARE(peak.value(QLatin1String("verdict")).toString(), QStringLiteral("better"));

    const double bTime = b.value(QLatin1String("step")).toObject().value(QLatin1String("time_s")).toDouble();
    const double cTime = c.value(QLatin1String("step")).toObject().value(QLatin1String("time_s")).toDouble();
    QCOMPARE(figure(comparison, QStringLiteral("step.time_s")).value(QLatin1String("delta")).toDouble(),
             cTime - bTime);

    // Nothing is offloaded on either side: no percentage over a zero baseline.
    const QJsonObject host = figure(comparison, QStringLiteral("memory.cpu_bytes_per_node"));
    QVERIFY(host.value(QLatin1String("relative")).isNull());
    QCOMPARE(host.value(QLatin1String("verdict")).toString(), QStringLiteral("same"));
}

void TestCliCompare::sameScenarioIsSame()
{
    const CliRun run =
        runCli({QStringLiteral("compare"), QStringLiteral("default"), QStringLiteral("default")});
    QCOMPARE(run.exitCode, 0);
    const QJsonArray figures =
        QJsonDocument::fromJson(run.out).object().value(QLatin1String("figures")).toArray();
    QVERIFY(figures.size() > 10);
    for (const QJsonValue& value : figures)
        QCOMPARE(value.toObject().value(QLatin1String("verdict")).toString(), QStringLiteral("same"));
}

void TestCliCompare::errors_data()
{
    QTest::addColumn<QStringList>("args");
    QTest::addColumn<int>("exitCode");
    QTest::addColumn<QString>("mentions");
    QTest::newRow("no scenario") << QStringList{} << 2 << "baseline";
    QTest::newRow("three scenarios") << QStringList{"default", "default", "default"} << 2 << "at most one";
    QTest::newRow("unknown option") << QStringList{"default", "--frobnicate"} << 2 << "--frobnicate";
    QTest::newRow("both from stdin") << QStringList{"-", "-"} << 2 << "standard input";
    QTest::newRow("--set without =") << QStringList{"default", "--set", "parallel.dp"} << 2 << "PATH=VALUE";
    QTest::newRow("missing file") << QStringList{"default", "no-such-file.json"} << 1 << "no-such-file.json";
    QTest::newRow("impossible layout after --set")
        << QStringList{"default", "--set", "parallel.tp=2"} << 1 << "parallel.dp";
    QTest::newRow("unknown field") << QStringList{"default", "--set", "parallel.zero=3"} << 1
                                   << "parallel.zero";
}

void TestCliCompare::errors()
{
    QFETCH(QStringList, args);
    QFETCH(int, exitCode);
    QFETCH(QString, mentions);
    const CliRun run = runCli(QStringList{QStringLiteral("compare")} + args);
    QVERIFY(!run.crashed);
    QCOMPARE(run.exitCode, exitCode);
    QVERIFY(run.out.isEmpty());
    const QString err = QString::fromUtf8(run.err).trimmed();
    QVERIFY2(err.contains(mentions), qPrintable(err));
    QVERIFY2(!err.contains(QLatin1Char('\n')), qPrintable(err));
}

QTEST_GUILESS_MAIN(TestCliCompare)
#include "tst_cli_compare.moc"
