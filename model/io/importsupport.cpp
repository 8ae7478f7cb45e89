// SPDX-License-Identifier: GPL-3.0-or-later
#include "importsupport.h"

#include <QCoreApplication>

#include <cmath>

namespace ss::io::detail {

namespace {

class Text
{
    Q_DECLARE_TR_FUNCTIONS(ss::io::Import)
};

// The value at KEY, or nothing when it is absent, null (Hugging Face's "not set") or, with ALLOW_AUTO,
// "auto".
std::optional<QJsonValue> givenValue(const QJsonObject& object, const char* key, bool allowAuto)
{
    const QJsonValue value = object.value(QLatin1String(key));
    const bool isAuto = allowAuto && value.isString() &&
                        value.toString().trimmed().compare(QLatin1String("auto"), Qt::CaseInsensitive) == 0;
    if (value.isUndefined() || value.isNull() || isAuto)
        return std::nullopt;
    return value;
}

// The read every JsonFields member makes: OUT from the value at KEY when ACCEPTS takes it (CONVERT gives
// it), else the reader's error "PATH: expected EXPECTED, got ...".
template <typename T, typename Accepts, typename Convert>
bool readTyped(ReaderBase& reader, const QJsonObject& object, const QString& prefix, const char* key,
               bool allowAuto, const QString& expected, Accepts accepts, Convert convert,
               std::optional<T>& out)
{
    out.reset();
    const std::optional<QJsonValue> value = givenValue(object, key, allowAuto);
    if (!value)
        return true;
    if (!accepts(*value))
        return reader.failType(prefix + QLatin1String(key), expected, *value);
    out = convert(*value);
    return true;
}

} // namespace

QString lineText(qsizetype line)
{
    return Text::tr("line %1").arg(line);
}

bool readImportFile(const QString& fileName, QByteArray& out, QString* error)
{
    ReaderBase reader(fileName, Wording::Import);
    const FileTexts texts{
        Text::tr("is a directory, expected a file to import"), Text::tr("cannot open: %1"),
        Text::tr("too large to import (%1 bytes)"), Text::tr("too large to import"),
        Text::tr("not a regular file (a FIFO, socket or device), expected a file to import")};
    return reader.report(reader.readFile(kMaxImportBytes, texts, out), error);
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

// ---- ImportReader -------------------------------------------------------------------------------

bool ImportReader::failAtLine(qsizetype line, const QString& message)
{
    return fail(line > 0 ? lineText(line) : QString(), message);
}

void ImportReader::warnAtLine(qsizetype line, const QString& message)
{
    warn(line > 0 ? lineText(line) : QString(), message);
}

bool ImportReader::parseJson(const QByteArray& data, const QString& what, QJsonObject& out)
{
    return parseJsonObject(data, Text::tr("the file is empty; expected %1").arg(what),
                           Text::tr("expected a JSON object: %1").arg(what), out);
}

// ---- JsonFields ---------------------------------------------------------------------------------

bool JsonFields::integer(const QJsonObject& object, const QString& prefix, const char* key,
                         std::optional<std::int64_t>& out, std::int64_t min, std::int64_t max, bool allowAuto)
{
    const QString expected = allowAuto
                                 ? Text::tr("a whole number from %1 to %2 or \"auto\"").arg(min).arg(max)
                                 : Text::tr("a whole number from %1 to %2").arg(min).arg(max);
    const auto whole = [&](const QJsonValue& v) {
        const double number = v.toDouble();
        return v.isDouble() && std::isfinite(number) && number == std::floor(number) &&
               number >= double(min) && number <= double(max);
    };
    const auto convert = [](const QJsonValue& v) { return static_cast<std::int64_t>(v.toDouble()); };
    return readTyped(m_reader, object, prefix, key, allowAuto, expected, whole, convert, out);
}

bool JsonFields::number(const QJsonObject& object, const QString& prefix, const char* key,
                        std::optional<double>& out, bool allowAuto)
{
    const auto finite = [](const QJsonValue& v) { return v.isDouble() && std::isfinite(v.toDouble()); };
    return readTyped(
        m_reader, object, prefix, key, allowAuto,
        allowAuto ? Text::tr("a number or \"auto\"") : Text::tr("a number"), finite,
        [](const QJsonValue& v) { return v.toDouble(); }, out);
}

bool JsonFields::boolean(const QJsonObject& object, const QString& prefix, const char* key,
                         std::optional<bool>& out, bool allowAuto)
{
    return readTyped(
        m_reader, object, prefix, key, allowAuto,
        allowAuto ? Text::tr("true, false or \"auto\"") : Text::tr("true or false"),
        [](const QJsonValue& v) { return v.isBool(); }, [](const QJsonValue& v) { return v.toBool(); }, out);
}

bool JsonFields::string(const QJsonObject& object, const QString& prefix, const char* key,
                        std::optional<QString>& out)
{
    return readTyped(
        m_reader, object, prefix, key, false, Text::tr("a string"),
        [](const QJsonValue& v) { return v.isString(); }, [](const QJsonValue& v) { return v.toString(); },
        out);
}

bool JsonFields::object(const QJsonObject& object, const QString& prefix, const char* key,
                        std::optional<QJsonObject>& out)
{
    return readTyped(
        m_reader, object, prefix, key, false, Text::tr("an object"),
        [](const QJsonValue& v) { return v.isObject(); }, [](const QJsonValue& v) { return v.toObject(); },
        out);
}

} // namespace ss::io::detail
