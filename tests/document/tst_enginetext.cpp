// SPDX-License-Identifier: GPL-3.0-or-later
// Every problem and warning code the engine can emit has a sentence of its own in the GUI (and so a
// translation), and field entry errors say what was expected and what was typed.
#include "enginetext.h"
#include "fields.h"
#include "validate.h"

#include <QDirIterator>
#include <QFile>
#include <QRegularExpression>
#include <QtTest>

using namespace ss;

class TestEngineText : public QObject
{
    Q_OBJECT

private slots:
    void everyProblemCodeHasASentence_data();
    void everyProblemCodeHasASentence();
    void everyWarningCodeHasASentence_data();
    void everyWarningCodeHasASentence();
    void argumentsAreFilledIn();
    void bottleneckSentences_data();
    void bottleneckSentences();
    void fieldErrors_data();
    void fieldErrors();

private:
    static QStringList codesIn(const QString& file, const QString& pattern);
};

QStringList TestEngineText::codesIn(const QString& file, const QString& pattern)
{
    // The engine's sources live in one folder per part (scenario, memory, network, step...): find the file by
    // name wherever it is, so moving a file between parts does not silently empty the list of codes.
    QDirIterator files(QStringLiteral(SHARDSCOPE_ENGINE_DIR), {file}, QDir::Files,
                       QDirIterator::Subdirectories);
    QStringList codes;
    while (files.hasNext()) {
        QFile f(files.next());
        if (!f.open(QIODevice::ReadOnly))
            continue;
        const QString text = QString::fromUtf8(f.readAll());
        auto it = QRegularExpression(pattern).globalMatch(text);
        while (it.hasNext())
            codes << it.next().captured(1);
    }
    codes.removeDuplicates();
    return codes;
}

void TestEngineText::everyProblemCodeHasASentence_data()
{
    QTest::addColumn<QString>("code");
    // The codes are read from the engine's source, so a new one without a sentence here fails this test.
    const QStringList codes =
        codesIn(QStringLiteral("validate.cpp"), QStringLiteral(R"re(add\(out,\s*[^,]+,\s*"([a-z_.]+)")re"));
    QVERIFY(codes.size() >= 30);
    for (const QString& code : codes)
        QTest::newRow(qPrintable(code)) << code;
}

void TestEngineText::everyProblemCodeHasASentence()
{
    QFETCH(QString, code);
    const std::string sentinel = "untranslated";
    const Problem p{"x", sentinel, code.toStdString(), {"1", "2", "3", "4", "5", "6", "7"}};
    QVERIFY(EngineText::problem(p) != QString::fromStdString(sentinel));
}

void TestEngineText::everyWarningCodeHasASentence_data()
{
    QTest::addColumn<QString>("code");
    const QString pattern = QStringLiteral(R"re(warnings\.push_back\(\{"([a-z_.]+)")re");
    QStringList codes =
        codesIn(QStringLiteral("memory.cpp"), pattern) + codesIn(QStringLiteral("evaluate.cpp"), pattern);
    // The step simulator's warnings go through a helper.
    codes +=
        codesIn(QStringLiteral("stepresult.cpp"), QStringLiteral(R"re(warn\(r\.warnings,\s*"([a-z_.]+)")re"));
    codes.removeAll(QStringLiteral("scenario.invalid")); // the GUI shows the problems themselves
    QVERIFY(codes.size() >= 3);
    for (const QString& code : codes)
        QTest::newRow(qPrintable(code)) << code;
}

void TestEngineText::everyWarningCodeHasASentence()
{
    QFETCH(QString, code);
    const Warning w{code.toStdString(), "untranslated", {"1", "2", "3", "GPU", "5"}};
    QVERIFY(EngineText::warning(w) != QStringLiteral("untranslated"));
}

void TestEngineText::argumentsAreFilledIn()
{
    Scenario s = defaultScenario();
    s.parallel.dp = 4;
    const auto problems = validateScenario(s);
    QVERIFY(!problems.empty());
    const QString text = EngineText::problem(problems.front());
    // "8 GPU(s)" untranslated; the English catalogue's plural forms make it "8 GPUs".
    QVERIFY2(text.contains(QStringLiteral("4 × 1 × 1 = 4")) && text.contains(QStringLiteral("has 8 GPU")),
             qPrintable(text));
    QVERIFY(!text.contains(QLatin1Char('%')));
    const Warning overflow{
        "memory.overflow", "", {"2", "90000000000", "4100654080", "A100-SXM4-80GB", "85899345920"}};
    const QString w = EngineText::warning(overflow);
    QVERIFY2(w.contains(QStringLiteral("Stage 2")) && w.contains(QStringLiteral("80 GiB")), qPrintable(w));
}

// Every kind estimateStep() (stepresult.cpp) names, with its arguments in the order it writes them; the
// PCIe row is the example sentence of the bottleneck explanation.
void TestEngineText::bottleneckSentences_data()
{
    QTest::addColumn<QString>("kind");
    QTest::addColumn<QString>("id");
    QTest::addColumn<QStringList>("args");
    QTest::addColumn<QString>("expected");
    QTest::newRow("compute") << "compute"
                             << "" << QStringList{"0.8123", "0.5"}
                             << "compute: the busiest GPU computes 81% of the step at 50% of its peak FLOP/s";
    QTest::newRow("bubble")
        << "bubble"
        << "" << QStringList{"0.3043", "8", "16", "gpipe"}
        << "pipeline bubble: the GPUs idle 30% of the step (8 stages, 16 microbatches, GPipe)";
    QTest::newRow("pcie") << "pcie"
                          << "n0-host0" << QStringList{"n0-host0", "4", "0.58", "host-pcie-gen3"}
                          << "PCIe host link n0-host0 carries 4 bytes/param per step: 58% of the step";
    QTest::newRow("link")
        << "link"
        << "ib0" << QStringList{"ib0", "ib-hdr", "dp", "0.25"}
        << "network link ib0 (ib-hdr) carries DP traffic on the critical path: 25% of the step";
    QTest::newRow("host memory")
        << "memory"
        << "host" << QStringList{"0.4", "2e+11"}
        << "the CPU optimizer step, bound by host memory bandwidth (200 GB/s per node "
           "assumed), takes 40% of the step";
    QTest::newRow("stage memory")
        << "memory"
        << "3" << QStringList{"3", "90000000000", "85899345920"}
        << "stage 3 needs 83.8 GiB per GPU, more than the GPU's 80 GiB: the step cannot run";
}

void TestEngineText::bottleneckSentences()
{
    QFETCH(QString, kind);
    QFETCH(QString, id);
    QFETCH(QStringList, args);
    QFETCH(QString, expected);
    Bottleneck b;
    b.kind = kind.toStdString();
    b.id = id.toStdString();
    b.message = "untranslated";
    for (const QString& a : args)
        b.args.push_back(a.toStdString());
    QCOMPARE(EngineText::bottleneck(b), expected);
    b.args.clear(); // arguments missing: the engine's sentence
    QCOMPARE(EngineText::bottleneck(b), QStringLiteral("untranslated"));
}

void TestEngineText::fieldErrors_data()
{
    QTest::addColumn<QString>("path");
    QTest::addColumn<QString>("typed");
    QTest::addColumn<QStringList>("mentions");
    QTest::newRow("bytes syntax") << "cluster.gpu.memory_bytes"
                                  << "80 parsecs"
                                  << QStringList{QStringLiteral("80 GiB"), QStringLiteral("80 parsecs")};
    QTest::newRow("bytes range") << "cluster.gpu.memory_bytes"
                                 << "0" << QStringList{QStringLiteral("above 0")};
    QTest::newRow("int range") << "parallel.zero_stage"
                               << "4" << QStringList{QStringLiteral("0"), QStringLiteral("3")};
    QTest::newRow("int choices") << "training.grad_comm_bits"
                                 << "4" << QStringList{QStringLiteral("32, 16, 8, 1")};
    QTest::newRow("enum") << "training.precision"
                          << "bf17" << QStringList{QStringLiteral("bf16-mixed"), QStringLiteral("bf17")};
    QTest::newRow("gpu") << "cluster.gpu"
                         << "Z100" << QStringList{QStringLiteral("Z100"), QStringLiteral("H100-SXM5-80GB")};
}

void TestEngineText::fieldErrors()
{
    QFETCH(QString, path);
    QFETCH(QString, typed);
    QFETCH(QStringList, mentions);
    const FieldInfo* field = findField(path.toStdString());
    QVERIFY(field);
    FieldValue value;
    QVERIFY(!parseFieldText(*field, typed.toStdString(), value).empty() ||
            !checkFieldValue(*field, value).empty() || field->type == FieldType::Text);
    const QString text = EngineText::fieldError(*field, typed);
    for (const QString& m : mentions)
        QVERIFY2(text.contains(m), qPrintable(text));
}

QTEST_GUILESS_MAIN(TestEngineText)
#include "tst_enginetext.moc"
