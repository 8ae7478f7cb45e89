// SPDX-License-Identifier: GPL-3.0-or-later
// What every shardscope-cli subcommand shares: the exit codes of CONTRACT.md and the one-line messages.
#pragma once

#include <QByteArray>
#include <QString>

#include <cstdio>

namespace ss::cli {

constexpr int kOk = 0;       // success
constexpr int kBadInput = 1; // bad input: one line on stderr naming the file, path and what was expected
constexpr int kUsage = 2;    // usage error

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
