// SPDX-License-Identifier: GPL-3.0-or-later
// Opening a file a user names, for every reader of model/io and the CLI: only a regular file (or a Qt
// resource) is read. A FIFO with no writer would block open() and read() forever and a character device
// may never end, so both are refused by name before anything waits on them.
#pragma once

#include <QByteArray>
#include <QFile>
#include <QString>

namespace ss::io {

enum class OpenStatus
{
    Opened,
    Directory,
    NotRegular, // a FIFO, a socket, a device
    Failed      // *REASON says why (the system's words: "No such file or directory")
};

// Opens FILE_NAME read-only into FILE when it is a regular file; never blocks.
OpenStatus openRegularFile(const QString& fileName, QFile& file, QString* reason);

// Reads the whole regular file FILE_NAME, at most MAX_BYTES. On failure returns false and sets *ERROR to
// one line "FILE: reason".
bool readInputFile(const QString& fileName, qint64 maxBytes, QByteArray& out, QString* error);

} // namespace ss::io
