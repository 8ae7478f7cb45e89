// SPDX-License-Identifier: GPL-3.0-or-later
// Every table the views and the document key by a scenario field path ("parallel.zero_stage") holds only
// paths of the engine's field table (fields.h: scenarioFields(), findField()), so a misspelt key fails here
// instead of silently leaving its text unused; and every field has a name to be shown by. The same for the
// tables keyed by enum choices and by sweep metrics.
#include "fieldnames.h"
#include "fields.h"
#include "glossary.h"
#include "lessons.h"
#include "sweep.h"
#include "sweepchart.h"

#include <QtTest>

#include <algorithm>
#include <set>
#include <string>

using namespace ss;

namespace {

QStringList unknownFields(const QStringList& paths)
{
    QStringList unknown;
    for (const QString& path : paths)
        if (!findField(path.toStdString()))
            unknown << path;
    return unknown;
}

QString joined(const QStringList& list)
{
    return list.join(QStringLiteral(", "));
}

} // namespace

class TestFieldPaths : public QObject
{
    Q_OBJECT

private slots:
    void fieldNamesAreFields()
    {
        const QStringList named = FieldNames::namedPaths();
        QVERIFY2(unknownFields(named).isEmpty(), qPrintable(joined(unknownFields(named))));
        QVERIFY2(unknownFields(FieldNames::intChoicePaths()).isEmpty(),
                 qPrintable(joined(unknownFields(FieldNames::intChoicePaths()))));
        QStringList once = named;
        QCOMPARE(once.removeDuplicates(), 0);
    }

    // The parameter panel labels each field with FieldNames::label(): none may fall back to its path's end.
    void everyFieldHasALabel()
    {
        const QStringList named = FieldNames::namedPaths();
        QStringList unnamed;
        for (const FieldInfo& field : scenarioFields())
            if (!named.contains(QString::fromStdString(field.path)))
                unnamed << QString::fromStdString(field.path);
        QVERIFY2(unnamed.isEmpty(), qPrintable(joined(unnamed)));
    }

    // An integer field with named values is one whose range the names cover.
    void intChoicesCoverTheirRange()
    {
        for (const QString& path : FieldNames::intChoicePaths()) {
            const FieldInfo* field = findField(path.toStdString());
            QVERIFY(field);
            QCOMPARE(field->type, FieldType::Int);
            for (int v = int(field->min); v <= int(field->max); ++v) {
                const bool listed =
                    field->choices.empty() || std::find(field->choices.begin(), field->choices.end(),
                                                        std::to_string(v)) != field->choices.end();
                if (listed)
                    QVERIFY2(!FieldNames::intChoice(path, v).isEmpty(), qPrintable(path));
            }
        }
    }

    // Each named choice is one some enum field offers.
    void choiceNamesAreChoices()
    {
        std::set<std::string> offered;
        for (const FieldInfo& field : scenarioFields())
            if (field.type == FieldType::Enum)
                offered.insert(field.choices.begin(), field.choices.end());
        QStringList unknown;
        for (const QString& name : FieldNames::choiceNames())
            if (!offered.count(name.toStdString()))
                unknown << name;
        QVERIFY2(unknown.isEmpty(), qPrintable(joined(unknown)));
    }

    // The sections are the first segments of the fields' paths, and every dotted path has its section.
    void sectionsAreFieldSegments()
    {
        std::set<QString> segments;
        for (const FieldInfo& field : scenarioFields()) {
            const QString path = QString::fromStdString(field.path);
            if (path.contains(QLatin1Char('.')))
                segments.insert(path.section(QLatin1Char('.'), 0, 0));
        }
        const QStringList keys = FieldNames::sectionKeys();
        for (const QString& key : keys)
            QVERIFY2(segments.count(key), qPrintable(key));
        for (const QString& segment : segments)
            QVERIFY2(keys.contains(segment), qPrintable(segment));
    }

    void glossaryTermsAreFields()
    {
        QStringList paths;
        for (const auto& [path, id] : Glossary::fieldTerms()) {
            paths << path;
            QVERIFY2(Glossary::find(id), qPrintable(id));
        }
        QVERIFY2(unknownFields(paths).isEmpty(), qPrintable(joined(unknownFields(paths))));
    }

    void lessonEditsAreFields()
    {
        QStringList paths;
        for (const Lesson& lesson : Lessons::all())
            for (const LessonStep& step : lesson.steps)
                for (const LessonEdit& edit : step.edits)
                    paths << QLatin1String(edit.path);
        QVERIFY(!paths.isEmpty());
        QVERIFY2(unknownFields(paths).isEmpty(), qPrintable(joined(unknownFields(paths))));
    }

    // The sweep chart names every metric a sweep can draw; a misspelt key would leave one under its path.
    void everySweepMetricHasALabel()
    {
        for (const SweepMetric& metric : sweepMetrics()) {
            const QString name = QString::fromStdString(metric.name);
            QVERIFY2(SweepChart::metricLabel(name) != name, qPrintable(name));
        }
    }
};

QTEST_MAIN(TestFieldPaths)
#include "tst_fieldpaths.moc"
