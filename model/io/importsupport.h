// SPDX-License-Identifier: GPL-3.0-or-later
// What the importers (importer.h) share beyond every reader's base (readerbase.h): the importers' wording of
// places and files ("line 12", "the file is empty; expected a DeepSpeed config"), the bounded reading of a
// file to import, and typed reads of foreign JSON (a Hugging Face or DeepSpeed config) that say what was
// expected at which path. Internal to model/io.
#pragma once

#include "readerbase.h"

#include <QByteArray>
#include <QJsonObject>
#include <QString>

#include <cstdint>
#include <optional>

namespace ss::io::detail {

// Files a user imports are configs and logs of kilobytes to a few megabytes.
inline constexpr qint64 kMaxImportBytes = 64 * 1024 * 1024;

// "line 12" for text formats.
QString lineText(qsizetype line);

// Reads the whole file, at most kMaxImportBytes. On failure sets *ERROR to one line naming the file.
bool readImportFile(const QString& fileName, QByteArray& out, QString* error);

// A count with thousands separators as published figures print them: "6,738,415,616".
QString groupedCount(double value);

// The base of every importer's reader: ReaderBase in the importers' wording.
class ImportReader : public ReaderBase
{
public:
    explicit ImportReader(const QString& fileName) : ReaderBase(fileName, Wording::Import) {}

protected:
    // At "line LINE" of a text format; without a place when LINE is 0 (the file as a whole).
    bool failAtLine(qsizetype line, const QString& message);
    void warnAtLine(qsizetype line, const QString& message);
    // parseJsonObject() with "the file is empty; expected WHAT" and "expected a JSON object: WHAT".
    bool parseJson(const QByteArray& data, const QString& what, QJsonObject& out);
};

// Typed reads from a foreign JSON object. Each returns false, with the reader's error set to
// "FILE: PATH: expected ..., got ...", when the key is present with the wrong type or range; an absent key
// (or null, which Hugging Face configs write for "not set") leaves OUT empty and returns true.
// When AUTO is true the string "auto" (the Hugging Face Trainer's placeholder in DeepSpeed configs) also
// leaves OUT empty: the value is left to the scenario. PREFIX is the path of OBJECT ("" for the root,
// "zero_optimization." for a member object).
class JsonFields
{
public:
    explicit JsonFields(ReaderBase& reader) : m_reader(reader) {}

    bool integer(const QJsonObject& object, const QString& prefix, const char* key,
                 std::optional<std::int64_t>& out, std::int64_t min, std::int64_t max,
                 bool allowAuto = false);
    bool number(const QJsonObject& object, const QString& prefix, const char* key, std::optional<double>& out,
                bool allowAuto = false);
    bool boolean(const QJsonObject& object, const QString& prefix, const char* key, std::optional<bool>& out,
                 bool allowAuto = false);
    bool string(const QJsonObject& object, const QString& prefix, const char* key,
                std::optional<QString>& out);
    // A member object; absent or null leaves OUT empty.
    bool object(const QJsonObject& object, const QString& prefix, const char* key,
                std::optional<QJsonObject>& out);

private:
    ReaderBase& m_reader;
};

} // namespace ss::io::detail
