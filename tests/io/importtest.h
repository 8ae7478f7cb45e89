// SPDX-License-Identifier: GPL-3.0-or-later
// Helpers of the importer tests: the fixtures of tests/io/data/import and the one-line error check.
#pragma once

#include "importer.h"

#include <QFile>
#include <QString>
#include <QTest>

namespace importtest {

inline QString fixture(const QString& name)
{
    return QStringLiteral(SHARDSCOPE_TEST_DATA "/import/") + name;
}

inline QByteArray readFixture(const QString& name)
{
    QFile file(fixture(name));
    if (!file.open(QIODevice::ReadOnly))
        qFatal("missing fixture %s", qPrintable(name));
    return file.readAll();
}

// Imports DATA under the name NAME; on failure returns false with the error in *ERROR.
inline bool importBytes(const QByteArray& data, const QString& name, ss::io::ImportResult& out,
                        QString* error, ss::io::ImportKind kind = ss::io::ImportKind::Auto,
                        const ss::io::ImportOptions& options = {})
{
    return ss::io::importData(data, kind, out, error, name, options);
}

// An error as the contract wants it: one line, naming the file first.
inline bool isOneLineError(const QString& error, const QString& fileName)
{
    return !error.isEmpty() && !error.contains(QLatin1Char('\n')) &&
           error.startsWith(fileName + QLatin1String(": "));
}

} // namespace importtest
