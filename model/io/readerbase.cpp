// SPDX-License-Identifier: GPL-3.0-or-later
#include "readerbase.h"

#include "fields.h"
#include "inputfile.h"
#include "jsonkeyscan.h"

#include <QCoreApplication>
#include <QFile>
#include <QFileInfo>
#include <QJsonDocument>
#include <QJsonParseError>

#include <algorithm>

namespace ss::io::detail {

namespace {

// The texts ReaderBase words itself, marked for lupdate in both contexts: the scenario and topology files
// ("ss::io") and the importers ("ss::io::Import") keep their own translations of them.
[[maybe_unused]] const char* const kSharedTexts[][2] = {
    {QT_TRANSLATE_NOOP("ss::io", "line %1, column %2"),
     QT_TRANSLATE_NOOP("ss::io::Import", "line %1, column %2")},
    {QT_TRANSLATE_NOOP("ss::io", "JSON syntax error: %1"),
     QT_TRANSLATE_NOOP("ss::io::Import", "JSON syntax error: %1")},
    {QT_TRANSLATE_NOOP("ss::io", "expected %1, got %2"),
     QT_TRANSLATE_NOOP("ss::io::Import", "expected %1, got %2")},
    {QT_TRANSLATE_NOOP("ss::io", "null"), QT_TRANSLATE_NOOP("ss::io::Import", "null")},
    {QT_TRANSLATE_NOOP("ss::io", "true"), QT_TRANSLATE_NOOP("ss::io::Import", "true")},
    {QT_TRANSLATE_NOOP("ss::io", "false"), QT_TRANSLATE_NOOP("ss::io::Import", "false")},
    {QT_TRANSLATE_NOOP("ss::io", "the number %1"), QT_TRANSLATE_NOOP("ss::io::Import", "the number %1")},
    {QT_TRANSLATE_NOOP("ss::io", "the string \"%1\""),
     QT_TRANSLATE_NOOP("ss::io::Import", "the string \"%1\"")},
    {QT_TRANSLATE_NOOP("ss::io", "an array"), QT_TRANSLATE_NOOP("ss::io::Import", "an array")},
    {QT_TRANSLATE_NOOP("ss::io", "an object"), QT_TRANSLATE_NOOP("ss::io::Import", "an object")},
    {QT_TRANSLATE_NOOP("ss::io", "nothing"), QT_TRANSLATE_NOOP("ss::io::Import", "nothing")},
    {QT_TRANSLATE_NOOP("ss::io",
                       "duplicate key \"%1\" (first on line %2): a key may appear only once in an object"),
     QT_TRANSLATE_NOOP("ss::io::Import",
                       "duplicate key \"%1\" (first on line %2): a key may appear only once in an object")},
};

} // namespace

QString locatedMessage(const QString& fileName, const QString& where, const QString& message, Wording wording)
{
    QString line;
    if (!fileName.isEmpty())
        line = fileName + QLatin1String(": ");
    if (!where.isEmpty())
        line += where + QLatin1String(": ");
    line += message;
    // One line, whatever a quoted value held.
    if (wording == Wording::Import)
        line.replace(QLatin1Char('\r'), QLatin1Char(' '));
    line.replace(QLatin1Char('\n'), QLatin1Char(' '));
    return line;
}

TextPosition textPosition(const QByteArray& data, qsizetype offset)
{
    const QByteArray before = data.left(std::clamp<qsizetype>(offset, 0, data.size()));
    const QByteArray lineStart = before.mid(before.lastIndexOf('\n') + 1);
    return {before.count('\n') + 1, QString::fromUtf8(lineStart).size() + 1};
}

QString numberText(double value)
{
    return QString::fromStdString(shortestNumberText(value));
}

bool readBoundedFile(const QString& fileName, qint64 maxBytes, const FileTexts& texts, QByteArray& out,
                     QString* problem)
{
    const auto fail = [&](const QString& message) {
        if (problem)
            *problem = message;
        return false;
    };
    QFile file;
    QString reason;
    switch (openRegularFile(fileName, file, &reason)) {
    case OpenStatus::Opened:
        break;
    case OpenStatus::Directory:
        return fail(texts.isDirectory);
    case OpenStatus::NotRegular:
        return fail(
            texts.notRegular.isEmpty()
                ? QCoreApplication::translate(
                      "ss::io", "not a regular file (a FIFO, socket or device); expected a file to read")
                : texts.notRegular);
    case OpenStatus::Failed:
        return fail(texts.cannotOpen.arg(reason));
    }
    if (file.size() > maxBytes)
        return fail(texts.tooLargeBytes.isEmpty() ? texts.tooLarge : texts.tooLargeBytes.arg(file.size()));
    // A bounded read also ends on a regular file that grows while it is read (a log being written).
    out = file.read(maxBytes + 1);
    if (out.size() > maxBytes)
        return fail(texts.tooLarge);
    return true;
}

// ---- ReaderBase ---------------------------------------------------------------------------------

QString ReaderBase::text(const char* source) const
{
    return QCoreApplication::translate(m_wording == Wording::Import ? "ss::io::Import" : "ss::io", source);
}

bool ReaderBase::report(bool ok, QString* error) const
{
    if (!ok && error)
        *error = m_error;
    return ok;
}

bool ReaderBase::fail(const QString& where, const QString& message)
{
    m_error = locatedMessage(m_fileName, where, message, m_wording);
    return false;
}

bool ReaderBase::failType(const QString& where, const QString& expected, const QJsonValue& got)
{
    return fail(where, text("expected %1, got %2").arg(expected, describe(got)));
}

void ReaderBase::warn(const QString& where, const QString& message)
{
    m_warnings << locatedMessage(m_fileName, where, message, m_wording);
}

void ReaderBase::warnOnce(const QString& message)
{
    const QString line = locatedMessage(m_fileName, {}, message, m_wording);
    if (!m_warnings.contains(line))
        m_warnings << line;
}

QString ReaderBase::describe(const QJsonValue& value) const
{
    switch (value.type()) {
    case QJsonValue::Null:
        return text("null");
    case QJsonValue::Bool:
        return value.toBool() ? text("true") : text("false");
    case QJsonValue::Double:
        return text("the number %1").arg(numberText(value.toDouble()));
    case QJsonValue::String:
        return text("the string \"%1\"").arg(value.toString().left(80));
    case QJsonValue::Array:
        return text("an array");
    case QJsonValue::Object:
        return text("an object");
    case QJsonValue::Undefined:
        break;
    }
    return text("nothing");
}

QString ReaderBase::lineColumnText(qsizetype line, qsizetype column) const
{
    return text("line %1, column %2").arg(line).arg(column);
}

bool ReaderBase::readFile(qint64 maxBytes, const FileTexts& texts, QByteArray& out)
{
    QString problem;
    return readBoundedFile(m_fileName, maxBytes, texts, out, &problem) || fail({}, problem);
}

bool ReaderBase::parseJsonObject(const QByteArray& data, const QString& empty, const QString& notObject,
                                 QJsonObject& out)
{
    QByteArray json = data;
    if (json.startsWith("\xEF\xBB\xBF")) // a UTF-8 byte-order mark some editors write
        json.remove(0, 3);
    if (json.trimmed().isEmpty())
        return fail({}, empty);
    QJsonParseError parseError;
    const QJsonDocument document = QJsonDocument::fromJson(json, &parseError);
    if (parseError.error != QJsonParseError::NoError) {
        const TextPosition at = textPosition(json, parseError.offset);
        return fail(lineColumnText(at.line, at.column),
                    text("JSON syntax error: %1").arg(parseError.errorString()));
    }
    if (!document.isObject())
        return fail({}, notObject);
    // QJsonDocument keeps the last of two equal keys silently; a file that says two things is refused.
    DuplicateKey duplicate;
    if (findDuplicateKey(json, duplicate)) {
        const TextPosition at = textPosition(json, duplicate.offset);
        return fail(lineColumnText(at.line, at.column),
                    text("duplicate key \"%1\" (first on line %2): a key may appear only once in an object")
                        .arg(duplicate.path)
                        .arg(textPosition(json, duplicate.firstOffset).line));
    }
    out = document.object();
    return true;
}

} // namespace ss::io::detail
