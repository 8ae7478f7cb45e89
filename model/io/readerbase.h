// SPDX-License-Identifier: GPL-3.0-or-later
// What every file reader of model/io shares (the scenario and topology files, the importers of importer.h):
// reading a file whole within a size bound, the line and column of a byte offset, one-line errors and
// warnings that name the file and the place ("FILE: line 3, column 7: ..."), and JSON parsing whose syntax
// errors say where they are. Internal to model/io.
#pragma once

#include <QByteArray>
#include <QJsonObject>
#include <QJsonValue>
#include <QString>
#include <QStringList>

namespace ss::io::detail {

// The two families of files: ShardScope's own (scenario, topology) and the foreign files it imports. Each
// keeps the wording its messages always had: its own translation context ("ss::io" / "ss::io::Import"), and
// the importers also fold a carriage return (a CRLF file's line end inside a quoted value) into the line.
enum class Wording
{
    OwnFile,
    Import
};

// "FILE: WHERE: MESSAGE" on one line; FILE and WHERE are left out when empty.
QString locatedMessage(const QString& fileName, const QString& where, const QString& message,
                       Wording wording);

// The line and column, both from 1, of byte OFFSET of DATA; the column counts characters, not bytes.
struct TextPosition
{
    qsizetype line = 1;
    qsizetype column = 1;
};
TextPosition textPosition(const QByteArray& data, qsizetype offset);

// The text of a number for messages: 6738415616, 1.5e-05 (fields.h shortestNumberText).
QString numberText(double value);

// What a reader says when a file cannot be read, in the words of its kind of file.
struct FileTexts
{
    QString isDirectory;   // "is a directory, expected a scenario file"
    QString cannotOpen;    // "cannot open: %1", %1 the system's reason
    QString tooLargeBytes; // "too large for a scenario file (%1 bytes)"; empty: tooLarge
    QString tooLarge;      // "too large for a scenario file"
    // "not a regular file (a FIFO, socket or device), expected a scenario file"; empty: a generic text
    QString notRegular = {};
};

// Reads FILE_NAME whole, at most MAX_BYTES. On failure returns false and sets *PROBLEM to the reason,
// without the file name. The bound keeps a wrong file (a checkpoint) from being read whole before failing;
// only regular files (and Qt resources) are read at all: a FIFO with no writer would block the open and
// the read forever, and a device may never end.
bool readBoundedFile(const QString& fileName, qint64 maxBytes, const FileTexts& texts, QByteArray& out,
                     QString* problem);

// The state of one reading of one file: its name, the first error (reading stops there) and the warnings.
class ReaderBase
{
public:
    ReaderBase(QString fileName, Wording wording) : m_fileName(std::move(fileName)), m_wording(wording) {}

    const QString& fileName() const { return m_fileName; }
    const QString& error() const { return m_error; }
    const QStringList& warnings() const { return m_warnings; }
    // OK, with the error copied to *ERROR on failure: the end of every read*() entry point.
    bool report(bool ok, QString* error) const;

    // Sets the error "FILE: WHERE: MESSAGE" and returns false.
    bool fail(const QString& where, const QString& message);
    // "expected EXPECTED, got the number 3" at WHERE.
    bool failType(const QString& where, const QString& expected, const QJsonValue& got);
    void warn(const QString& where, const QString& message);
    void warn(const QString& message) { warn({}, message); } // about the file as a whole
    // A warning without a place, given once however often the file repeats its cause.
    void warnOnce(const QString& message);

    // The value as a message shows it: "the string \"32\"", "the number 1.5", "an object".
    QString describe(const QJsonValue& value) const;
    QString lineColumnText(qsizetype line, qsizetype column) const;

    // fail() with the file name's reading problem (readBoundedFile).
    bool readFile(qint64 maxBytes, const FileTexts& texts, QByteArray& out);
    // Parses DATA (after a UTF-8 byte-order mark, if any) into an object. A syntax error is reported at its
    // line and column; EMPTY and NOT_OBJECT are the messages for a blank file and for JSON that is not an
    // object.
    bool parseJsonObject(const QByteArray& data, const QString& empty, const QString& notObject,
                         QJsonObject& out);

private:
    // SOURCE translated in this reader's context (the texts are marked for both in readerbase.cpp).
    QString text(const char* source) const;

    QString m_fileName;
    Wording m_wording;
    QString m_error;
    QStringList m_warnings;
};

} // namespace ss::io::detail
