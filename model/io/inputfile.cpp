// SPDX-License-Identifier: GPL-3.0-or-later
#include "inputfile.h"

#include "readerbase.h"

#include <QCoreApplication>
#include <QFileInfo>

#ifdef Q_OS_UNIX
#include <cerrno>
#include <cstring>
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>
#endif

namespace ss::io {

namespace {

#ifdef Q_OS_UNIX
QString systemReason(int error)
{
    return QString::fromLocal8Bit(std::strerror(error));
}

// stat() first, so that a FIFO or device is refused without being opened at all; the descriptor is then
// opened non-blocking and checked again with fstat(), in case the name changed in between.
OpenStatus openPosix(const QString& fileName, QFile& file, QString* reason)
{
    const QByteArray path = QFile::encodeName(fileName);
    struct stat st = {};
    if (::stat(path.constData(), &st) == 0) {
        if (S_ISDIR(st.st_mode))
            return OpenStatus::Directory;
        if (!S_ISREG(st.st_mode))
            return OpenStatus::NotRegular;
    }
    int fd = -1;
    do
        fd = ::open(path.constData(), O_RDONLY | O_NONBLOCK | O_NOCTTY | O_CLOEXEC);
    while (fd < 0 && errno == EINTR);
    if (fd < 0) {
        if (errno == EISDIR)
            return OpenStatus::Directory;
        if (reason)
            *reason = systemReason(errno);
        return OpenStatus::Failed;
    }
    if (::fstat(fd, &st) != 0 || !S_ISREG(st.st_mode)) {
        const bool directory = S_ISDIR(st.st_mode);
        ::close(fd);
        return directory ? OpenStatus::Directory : OpenStatus::NotRegular;
    }
    ::fcntl(fd, F_SETFL, ::fcntl(fd, F_GETFL) & ~O_NONBLOCK);
    if (!file.open(fd, QIODevice::ReadOnly, QFileDevice::AutoCloseHandle)) {
        ::close(fd);
        if (reason)
            *reason = file.errorString();
        return OpenStatus::Failed;
    }
    return OpenStatus::Opened;
}
#endif

} // namespace

OpenStatus openRegularFile(const QString& fileName, QFile& file, QString* reason)
{
#ifdef Q_OS_UNIX
    // A Qt resource (":/examples/x.json") is not in the file system.
    if (!fileName.startsWith(QLatin1Char(':')) && !fileName.startsWith(QLatin1String("qrc:")))
        return openPosix(fileName, file, reason);
#endif
    const QFileInfo info(fileName);
    if (info.isDir())
        return OpenStatus::Directory;
    if (info.exists() && !info.isFile())
        return OpenStatus::NotRegular;
    file.setFileName(fileName);
    if (!file.open(QIODevice::ReadOnly)) {
        if (reason)
            *reason = file.errorString();
        return OpenStatus::Failed;
    }
    return OpenStatus::Opened;
}

bool readInputFile(const QString& fileName, qint64 maxBytes, QByteArray& out, QString* error)
{
    const detail::FileTexts texts{
        QCoreApplication::translate("ss::io", "is a directory, expected a file"),
        QCoreApplication::translate("ss::io", "cannot open: %1"),
        QCoreApplication::translate("ss::io", "too large (%1 bytes)"),
        QCoreApplication::translate("ss::io", "too large"),
        QCoreApplication::translate("ss::io",
                                    "not a regular file (a FIFO, socket or device), expected a file")};
    QString problem;
    if (detail::readBoundedFile(fileName, maxBytes, texts, out, &problem))
        return true;
    if (error)
        *error = detail::locatedMessage(fileName, {}, problem, detail::Wording::OwnFile);
    return false;
}

} // namespace ss::io
