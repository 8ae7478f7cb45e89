// SPDX-License-Identifier: GPL-3.0-or-later
#include "importsupport.h"

#include "fields.h"

#include <QCoreApplication>
#include <QFile>
#include <QFileInfo>
#include <QJsonDocument>
#include <QJsonParseError>

#include <algorithm>
#include <cmath>

namespace ss::io::detail {

namespace {

class Text
{
    Q_DECLARE_TR_FUNCTIONS(ss::io::Import)
};

} // namespace

QString locatedMessage(const QString& fileName, const QString& where, const QString& message)
{
    QString line;
    if (!fileName.isEmpty())
        line = fileName + QLatin1String(": ");
    if (!where.isEmpty())
        line += where + QLatin1String(": ");
    line += message;
    // One line, whatever a quoted value held.
    line.replace(QLatin1Char('\r'), QLatin1Char(' '));
    line.replace(QLatin1Char('\n'), QLatin1Char(' '));
    return line;
}

QString lineText(qsizetype line)
{
    return Text::tr("line %1").arg(line);
}

QString lineColumnText(qsizetype line, qsizetype column)
{
    return Text::tr("line %1, column %2").arg(line).arg(column);
}

QString numberText(double value)
{
    return QString::fromStdString(shortestNumberText(value));
}

QString groupedCount(double value)
{
    if (!std::isfinite(value) || std::fabs(value) >= 1e18)
        return numberText(value);
    QString digits = QString::number(static_cast<qlonglong>(std::llround(std::fabs(value))));
    for (qsizetype i = digits.size() - 3; i > 0; i -= 3)
        digits.insert(i, QLatin1Char(','));
    return value < 0 ? QLatin1Char('-') + digits : digits;
}

QString describeJson(const QJsonValue& value)
{
    switch (value.type()) {
    case QJsonValue::Null:
        return Text::tr("null");
    case QJsonValue::Bool:
        return value.toBool() ? Text::tr("true") : Text::tr("false");
    case QJsonValue::Double:
        return Text::tr("the number %1").arg(numberText(value.toDouble()));
    case QJsonValue::String:
        return Text::tr("the string \"%1\"").arg(value.toString().left(80));
    case QJsonValue::Array:
        return Text::tr("an array");
    case QJsonValue::Object:
        return Text::tr("an object");
    case QJsonValue::Undefined:
        break;
    }
    return Text::tr("nothing");
}

bool parseJsonObject(const QByteArray& input, const QString& fileName, const QString& what, QJsonObject& out,
                     QString* error)
{
    QByteArray json = input;
    if (json.startsWith("\xEF\xBB\xBF"))
        json.remove(0, 3);
    const auto fail = [&](const QString& where, const QString& message) {
        if (error)
            *error = locatedMessage(fileName, where, message);
        return false;
    };
    if (json.trimmed().isEmpty())
        return fail({}, Text::tr("the file is empty; expected %1").arg(what));
    QJsonParseError parseError;
    const QJsonDocument document = QJsonDocument::fromJson(json, &parseError);
    if (parseError.error != QJsonParseError::NoError) {
        const qsizetype offset = std::clamp<qsizetype>(parseError.offset, 0, json.size());
        const QByteArray before = json.left(offset);
        const qsizetype line = before.count('\n') + 1;
        const QByteArray lineStart = before.mid(before.lastIndexOf('\n') + 1);
        return fail(lineColumnText(line, QString::fromUtf8(lineStart).size() + 1),
                    Text::tr("JSON syntax error: %1").arg(parseError.errorString()));
    }
    if (!document.isObject())
        return fail({}, Text::tr("expected a JSON object: %1").arg(what));
    out = document.object();
    return true;
}

bool readImportFile(const QString& fileName, QByteArray& out, QString* error)
{
    const auto fail = [&](const QString& message) {
        if (error)
            *error = locatedMessage(fileName, {}, message);
        return false;
    };
    const QFileInfo info(fileName);
    if (info.isDir())
        return fail(Text::tr("is a directory, expected a file to import"));
    QFile file(fileName);
    if (!file.open(QIODevice::ReadOnly))
        return fail(Text::tr("cannot open: %1").arg(file.errorString()));
    if (file.size() > kMaxImportBytes)
        return fail(Text::tr("too large to import (%1 bytes)").arg(file.size()));
    // A bounded read also ends on devices whose size() is 0 but that never end.
    out = file.read(kMaxImportBytes + 1);
    if (out.size() > kMaxImportBytes)
        return fail(Text::tr("too large to import"));
    return true;
}

// ---- JsonFields ---------------------------------------------------------------------------------

bool JsonFields::fail(const QString& path, const QString& message)
{
    m_error = locatedMessage(m_fileName, path, message);
    return false;
}

bool JsonFields::failType(const QString& path, const QString& expected, const QJsonValue& got)
{
    return fail(path, Text::tr("expected %1, got %2").arg(expected, describeJson(got)));
}

namespace {

bool isAuto(const QJsonValue& value)
{
    return value.isString() && value.toString().trimmed().compare(QLatin1String("auto"), Qt::CaseInsensitive) == 0;
}

} // namespace

bool JsonFields::integer(const QJsonObject& object, const QString& prefix, const char* key,
                         std::optional<std::int64_t>& out, std::int64_t min, std::int64_t max, bool allowAuto)
{
    out.reset();
    const QJsonValue value = object.value(QLatin1String(key));
    const QString path = prefix + QLatin1String(key);
    if (value.isUndefined() || value.isNull() || (allowAuto && isAuto(value)))
        return true;
    const QString expected = allowAuto ? Text::tr("a whole number from %1 to %2 or \"auto\"").arg(min).arg(max)
                                       : Text::tr("a whole number from %1 to %2").arg(min).arg(max);
    if (!value.isDouble())
        return failType(path, expected, value);
    const double number = value.toDouble();
    if (!std::isfinite(number) || number != std::floor(number) || number < double(min) || number > double(max))
        return failType(path, expected, value);
    out = static_cast<std::int64_t>(number);
    return true;
}

bool JsonFields::number(const QJsonObject& object, const QString& prefix, const char* key,
                        std::optional<double>& out, bool allowAuto)
{
    out.reset();
    const QJsonValue value = object.value(QLatin1String(key));
    const QString path = prefix + QLatin1String(key);
    if (value.isUndefined() || value.isNull() || (allowAuto && isAuto(value)))
        return true;
    if (!value.isDouble() || !std::isfinite(value.toDouble()))
        return failType(path, allowAuto ? Text::tr("a number or \"auto\"") : Text::tr("a number"), value);
    out = value.toDouble();
    return true;
}

bool JsonFields::boolean(const QJsonObject& object, const QString& prefix, const char* key,
                         std::optional<bool>& out, bool allowAuto)
{
    out.reset();
    const QJsonValue value = object.value(QLatin1String(key));
    const QString path = prefix + QLatin1String(key);
    if (value.isUndefined() || value.isNull() || (allowAuto && isAuto(value)))
        return true;
    if (!value.isBool())
        return failType(path, allowAuto ? Text::tr("true, false or \"auto\"") : Text::tr("true or false"), value);
    out = value.toBool();
    return true;
}

bool JsonFields::string(const QJsonObject& object, const QString& prefix, const char* key,
                        std::optional<QString>& out)
{
    out.reset();
    const QJsonValue value = object.value(QLatin1String(key));
    if (value.isUndefined() || value.isNull())
        return true;
    if (!value.isString())
        return failType(prefix + QLatin1String(key), Text::tr("a string"), value);
    out = value.toString();
    return true;
}

bool JsonFields::object(const QJsonObject& object, const QString& prefix, const char* key,
                        std::optional<QJsonObject>& out)
{
    out.reset();
    const QJsonValue value = object.value(QLatin1String(key));
    if (value.isUndefined() || value.isNull())
        return true;
    if (!value.isObject())
        return failType(prefix + QLatin1String(key), Text::tr("an object"), value);
    out = value.toObject();
    return true;
}

} // namespace ss::io::detail
