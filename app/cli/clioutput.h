// SPDX-License-Identifier: GPL-3.0-or-later
// What every shardscope-cli subcommand shares: the exit codes of docs/formats.md ("Binaries"), the
// one-line messages and the translation context of their text.
#pragma once

#include <QByteArray>
#include <QCoreApplication>
#include <QString>

#include <cstdio>

namespace ss::cli {

constexpr int kOk = 0;       // success
constexpr int kBadInput = 1; // bad input: one line on stderr naming the file, path and what was expected
constexpr int kUsage = 2;    // usage error

// TEXT in the subcommands' one translation context, "Cli".
inline QString tr(const char* text)
{
    return QCoreApplication::translate("Cli", text);
}

inline void print(FILE* stream, const QByteArray& bytes)
{
    std::fwrite(bytes.constData(), 1, static_cast<std::size_t>(bytes.size()), stream);
    std::fflush(stream);
}

inline int usageError(const QString& message)
{
    print(stderr, (QStringLiteral("shardscope-cli: ") + message + QLatin1Char('\n')).toUtf8());
    return kUsage;
}

// The message on one line, whatever it holds.
inline int inputError(QString message)
{
    message.replace(QLatin1Char('\n'), QLatin1Char(' '));
    print(stderr, (message + QLatin1Char('\n')).toUtf8());
    return kBadInput;
}

} // namespace ss::cli
