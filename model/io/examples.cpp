// SPDX-License-Identifier: GPL-3.0-or-later
#include "examples.h"

#include "resources.h"
#include "scenariojson.h"

#include <QCoreApplication>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>

namespace ss::io {

namespace {

QString indexPath()
{
    return QLatin1String(ss::resources::examplesDir()) + QLatin1String("/index.json");
}

QString examplePath(const QString& id)
{
    return QLatin1String(ss::resources::examplesDir()) + QLatin1Char('/') + id + QLatin1String(".json");
}

} // namespace

QList<ExampleInfo> examples()
{
    QFile file(indexPath());
    if (!file.open(QIODevice::ReadOnly))
        return {};
    const QJsonArray list =
        QJsonDocument::fromJson(file.readAll()).object().value(QLatin1String("examples")).toArray();
    QList<ExampleInfo> result;
    for (const QJsonValue& entry : list) {
        const QJsonObject object = entry.toObject();
        ExampleInfo info;
        info.id = object.value(QLatin1String("id")).toString();
        info.title = object.value(QLatin1String("title")).toString();
        info.description = object.value(QLatin1String("description")).toString();
        if (!info.id.isEmpty())
            result.append(info);
    }
    return result;
}

bool loadExample(const QString& id, Scenario& out, QString* error)
{
    bool known = false;
    for (const ExampleInfo& info : examples())
        known = known || info.id == id;
    QFile file(examplePath(id));
    if (!known || !file.open(QIODevice::ReadOnly)) {
        if (error)
            *error =
                QCoreApplication::translate("ss::io", "%1: no such built-in example (the examples are: %2)")
                    .arg(id, [] {
                        QStringList ids;
                        for (const ExampleInfo& info : examples())
                            ids << info.id;
                        return ids.join(QLatin1String(", "));
                    }());
        return false;
    }
    return readScenario(file.readAll(), out, error, examplePath(id));
}

Scenario defaultExampleScenario()
{
    Scenario scenario;
    if (!loadExample(QStringLiteral("default"), scenario, nullptr))
        return defaultScenario();
    return scenario;
}

} // namespace ss::io
