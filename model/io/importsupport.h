// SPDX-License-Identifier: GPL-3.0-or-later
// Helpers the importers share (importer.h): one-line errors that name the file and the line or JSON path,
// bounded file reading, JSON parsing with line and column, and typed reads of foreign JSON (a Hugging Face
// or DeepSpeed config) that say what was expected at which path. Internal to model/io.
#pragma once

#include <QByteArray>
#include <QJsonObject>
#include <QJsonValue>
#include <QString>

#include <cstdint>
#include <optional>

namespace ss::io::detail {

// Files a user imports are configs and logs of kilobytes to a few megabytes; a bound keeps a wrong file
// (a checkpoint, a device) from being read whole before failing.
inline constexpr qint64 kMaxImportBytes = 64 * 1024 * 1024;

// "FILE: WHERE: MESSAGE" on one line; FILE and WHERE are left out when empty.
QString locatedMessage(const QString& fileName, const QString& where, const QString& message);
// "line 12" / "line 12, column 5" for text formats.
QString lineText(qsizetype line);
QString lineColumnText(qsizetype line, qsizetype column);

// The value as a message shows it: "the string \"32\"", "the number 1.5", "an object".
QString describeJson(const QJsonValue& value);

// Parses JSON (after a UTF-8 byte-order mark, if any) into an object. On failure sets *ERROR to
// "FILE: line L, column C: JSON syntax error: ..." or "FILE: expected a JSON object ..." and returns false.
bool parseJsonObject(const QByteArray& data, const QString& fileName, const QString& what, QJsonObject& out,
                     QString* error);

// Reads the whole file, at most kMaxImportBytes. On failure sets *ERROR to one line naming the file.
bool readImportFile(const QString& fileName, QByteArray& out, QString* error);

// The text of a number for messages: 6738415616, 1.5e-05.
QString numberText(double value);
// A count with thousands separators as published figures print them: "6,738,415,616".
QString groupedCount(double value);

// Typed reads from a foreign JSON object. Each returns false with error() set to
// "FILE: PATH: expected ..., got ..." when the key is present with the wrong type or range; an absent key
// (or null, which Hugging Face configs write for "not set") leaves OUT empty and returns true.
// When AUTO is true the string "auto" (the Hugging Face Trainer's placeholder in DeepSpeed configs) also
// leaves OUT empty: the value is left to the scenario. PREFIX is the path of OBJECT ("" for the root,
// "zero_optimization." for a member object).
class JsonFields
{
public:
    explicit JsonFields(QString fileName) : m_fileName(std::move(fileName)) {}

    bool integer(const QJsonObject& object, const QString& prefix, const char* key,
                 std::optional<std::int64_t>& out, std::int64_t min, std::int64_t max, bool allowAuto = false);
    bool number(const QJsonObject& object, const QString& prefix, const char* key, std::optional<double>& out,
                bool allowAuto = false);
    bool boolean(const QJsonObject& object, const QString& prefix, const char* key, std::optional<bool>& out,
                 bool allowAuto = false);
    bool string(const QJsonObject& object, const QString& prefix, const char* key, std::optional<QString>& out);
    // A member object; absent or null leaves OUT empty.
    bool object(const QJsonObject& object, const QString& prefix, const char* key, std::optional<QJsonObject>& out);

    bool fail(const QString& path, const QString& message);
    const QString& error() const { return m_error; }
    const QString& fileName() const { return m_fileName; }

private:
    bool failType(const QString& path, const QString& expected, const QJsonValue& got);

    QString m_fileName;
    QString m_error;
};

} // namespace ss::io::detail
