// SPDX-License-Identifier: GPL-3.0-or-later
#include "scenariosource.h"

#include "clioutput.h"
#include "examples.h"
#include "fields.h"
#include "scenariojson.h"

#include <QFile>
#include <QFileInfo>

#ifdef Q_OS_UNIX
#include <sys/stat.h>
#endif

namespace ss::cli {

namespace {

// Bounded like a scenario file (scenariojson.cpp): a pipe that never ends must not eat the memory.
constexpr qint64 kMaxInputBytes = 64 * 1024 * 1024;

} // namespace

bool loadScenarioSource(const QString& source, Scenario& out, QString* label)
{
    QString error;
    if (source == QLatin1String("-")) {
        if (label)
            *label = QStringLiteral("<stdin>");
        QFile in;
        if (!in.open(stdin, QIODevice::ReadOnly)) {
            inputError(tr("<stdin>: cannot read standard input"));
            return false;
        }
        const QByteArray json = in.read(kMaxInputBytes + 1);
        if (json.size() > kMaxInputBytes) {
            inputError(tr("<stdin>: too large for a scenario"));
            return false;
        }
        if (!io::readScenario(json, out, &error, QStringLiteral("<stdin>"), io::ReadCheck::FieldsOnly)) {
            inputError(error);
            return false;
        }
        return true;
    }
    if (label)
        *label = source;
    if (QFileInfo::exists(source)) {
        if (!io::loadScenarioFile(source, out, &error, io::ReadCheck::FieldsOnly)) {
            inputError(error);
            return false;
        }
        return true;
    }
    for (const io::ExampleInfo& info : io::examples()) {
        if (info.id == source) {
            if (!io::loadExample(source, out, &error)) {
                inputError(error);
                return false;
            }
            return true;
        }
    }
    inputError(tr("%1: no such file or built-in example (shardscope-cli examples lists them)").arg(source));
    return false;
}

int applySetEdits(Scenario& scenario, const QStringList& sets)
{
    for (const QString& set : sets) {
        const qsizetype eq = set.indexOf(QLatin1Char('='));
        const std::string error =
            setFieldFromText(scenario, set.left(eq).trimmed().toStdString(), set.mid(eq + 1).toStdString());
        if (!error.empty())
            return inputError(QStringLiteral("--set: ") + QString::fromStdString(error));
    }
    return kOk;
}

bool isSameFile(const QString& output, const QString& input)
{
    if (output.isEmpty() || input.isEmpty() || output == QLatin1String("-") || input == QLatin1String("-"))
        return false;
#ifdef Q_OS_UNIX
    // The device and inode, through any links: what a rename over OUTPUT would replace.
    struct stat a = {}, b = {};
    if (::stat(QFile::encodeName(output).constData(), &a) != 0 ||
        ::stat(QFile::encodeName(input).constData(), &b) != 0)
        return false;
    return a.st_dev == b.st_dev && a.st_ino == b.st_ino;
#else
    const QString canonical = QFileInfo(output).canonicalFilePath();
    return !canonical.isEmpty() && canonical == QFileInfo(input).canonicalFilePath();
#endif
}

} // namespace ss::cli
