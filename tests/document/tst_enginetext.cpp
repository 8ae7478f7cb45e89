// SPDX-License-Identifier: GPL-3.0-or-later
// Every problem and warning code the engine can emit has a sentence of its own in the GUI (and so a
// translation), and field entry errors say what was expected and what was typed.
#include "enginetext.h"
#include "fields.h"
#include "validate.h"

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
    void fieldErrors_data();
    void fieldErrors();

private:
    static QStringList codesIn(const QString& file, const QString& pattern);
};

QStringList TestEngineText::codesIn(const QString& file, const QString& pattern)
{
    QFile f(QStringLiteral(SHARDSCOPE_ENGINE_DIR "/") + file);
    if (!f.open(QIODevice::ReadOnly))
        return {};
    const QString text = QString::fromUtf8(f.readAll());
    QStringList codes;
    auto it = QRegularExpression(pattern).globalMatch(text);
    while (it.hasNext())
        codes << it.next().captured(1);
    codes.removeDuplicates();
    return codes;
}

void TestEngineText::everyProblemCodeHasASentence_data()
{
    QTest::addColumn<QString>("code");
    // The codes are read from the engine's source, so a new one without a sentence here fails this test.
    const QStringList codes = codesIn(QStringLiteral("validate.cpp"),
                                      QStringLiteral(R"re(add\(out,\s*[^,]+,\s*"([a-z_.]+)")re"));
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
    QStringList codes = codesIn(QStringLiteral("memory.cpp"), pattern) + codesIn(QStringLiteral("evaluate.cpp"), pattern);
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
    QVERIFY2(text.contains(QStringLiteral("4 × 1 × 1 = 4")) && text.contains(QStringLiteral("8 GPUs")),
             qPrintable(text));
    QVERIFY(!text.contains(QLatin1Char('%')));
    const Warning overflow{"memory.overflow", "", {"2", "90000000000", "4100654080", "A100-SXM4-80GB", "85899345920"}};
    const QString w = EngineText::warning(overflow);
    QVERIFY2(w.contains(QStringLiteral("Stage 2")) && w.contains(QStringLiteral("80 GiB")), qPrintable(w));
}

void TestEngineText::fieldErrors_data()
{
    QTest::addColumn<QString>("path");
    QTest::addColumn<QString>("typed");
    QTest::addColumn<QStringList>("mentions");
    QTest::newRow("bytes syntax") << "cluster.gpu.memory_bytes" << "80 parsecs"
                                  << QStringList{QStringLiteral("80 GiB"), QStringLiteral("80 parsecs")};
    QTest::newRow("bytes range") << "cluster.gpu.memory_bytes" << "0" << QStringList{QStringLiteral("above 0")};
    QTest::newRow("int range") << "parallel.zero_stage" << "4" << QStringList{QStringLiteral("0"), QStringLiteral("3")};
    QTest::newRow("int choices") << "training.grad_comm_bits" << "4" << QStringList{QStringLiteral("32, 16, 8, 1")};
    QTest::newRow("enum") << "training.precision" << "bf17" << QStringList{QStringLiteral("bf16-mixed"), QStringLiteral("bf17")};
    QTest::newRow("gpu") << "cluster.gpu" << "Z100" << QStringList{QStringLiteral("Z100"), QStringLiteral("H100-SXM5-80GB")};
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
