// SPDX-License-Identifier: GPL-3.0-or-later
#include "autosave.h"

#include "scenariodocument.h"
#include "scenariojson.h"

#include <QCoreApplication>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QJsonDocument>
#include <QJsonObject>
#include <QLockFile>
#include <QSaveFile>
#include <QStandardPaths>
#include <QUndoStack>
#include <QUuid>

#include <algorithm>

namespace ss {

namespace {

const QLatin1String kSuffix(".autosave.json");
const QLatin1String kFormat("shardscope-autosave");
constexpr int kDefaultIntervalMs = 60 * 1000;
// An autosave is a scenario plus a few lines; anything far larger is not one of ours.
constexpr qint64 kMaxAutosaveBytes = 64 * 1024 * 1024;

QString lockPath(const QString& directory, const QString& session)
{
    return directory + QLatin1Char('/') + session + QLatin1String(".lock");
}

} // namespace

Autosave::Autosave(ScenarioDocument* document, const QString& directory, QObject* parent)
    : QObject(parent), m_document(document),
      m_directory(directory.isEmpty() ? defaultDirectory() : directory),
      m_session(QUuid::createUuid().toString(QUuid::WithoutBraces))
{
    QDir().mkpath(m_directory);
    // Held for the whole session: other sessions see it taken and leave this session's autosave alone.
    m_lock = std::make_unique<QLockFile>(lockPath(m_directory, m_session));
    m_lock->setStaleLockTime(0);
    m_lock->tryLock(0);
    m_timer.setSingleShot(true);
    m_timer.setInterval(defaultIntervalMs());
    connect(&m_timer, &QTimer::timeout, this, &Autosave::saveNow);
    connect(m_document, &ScenarioDocument::scenarioChanged, this, &Autosave::documentChanged);
    connect(m_document->undoStack(), &QUndoStack::cleanChanged, this, &Autosave::documentChanged);
    documentChanged();
}

Autosave::~Autosave()
{
    discard();
    m_lock->unlock();
}

QString Autosave::defaultDirectory()
{
    return QStandardPaths::writableLocation(QStandardPaths::AppDataLocation) + QLatin1String("/autosave");
}

int Autosave::defaultIntervalMs()
{
    bool ok = false;
    const int ms = qEnvironmentVariableIntValue("SHARDSCOPE_AUTOSAVE_INTERVAL_MS", &ok);
    return ok && ms > 0 ? ms : kDefaultIntervalMs;
}

void Autosave::setInterval(int milliseconds)
{
    m_timer.setInterval(std::max(milliseconds, 1));
}

QString Autosave::filePath() const
{
    return m_directory + QLatin1Char('/') + m_session + kSuffix;
}

void Autosave::documentChanged()
{
    if (!m_document->isModified()) {
        // Saved, or undone back to the saved state: nothing left to recover.
        m_timer.stop();
        m_pending = false;
        discard();
        return;
    }
    m_pending = true;
    // The first unsaved edit starts the clock; later ones ride along with the same write, so a scrubbing
    // user causes one write per interval, not one per step.
    if (!m_timer.isActive())
        m_timer.start();
}

bool Autosave::saveNow()
{
    if (!m_document->isModified() || !m_pending)
        return false;
    // The scenario as a file would hold it, wrapped with what recovery shows and where it belongs.
    QJsonObject head;
    head.insert(QStringLiteral("format"), kFormat);
    head.insert(QStringLiteral("version"), 1);
    head.insert(QStringLiteral("file"), m_document->fileName());
    head.insert(QStringLiteral("saved_at"), QDateTime::currentDateTimeUtc().toString(Qt::ISODateWithMs));
    QByteArray json = QJsonDocument(head).toJson(QJsonDocument::Compact);
    json.chop(1); // the closing brace; the scenario goes in as it is written to files
    json += ",\"scenario\":" + io::writeScenario(m_document->scenario()) + "}\n";

    QSaveFile file(filePath());
    if (!file.open(QIODevice::WriteOnly) || file.write(json) != json.size() || !file.commit())
        return false; // a full disk must not disturb editing; the next interval tries again
    m_pending = false;
    emit saved(file.fileName());
    return true;
}

void Autosave::discard()
{
    QFile::remove(filePath());
}

QList<AutosaveEntry> Autosave::staleEntries() const
{
    QList<AutosaveEntry> entries;
    const QDir dir(m_directory);
    for (const QFileInfo& info : dir.entryInfoList({QLatin1String("*") + kSuffix}, QDir::Files)) {
        const QString session = info.fileName().chopped(kSuffix.size());
        if (session == m_session)
            continue;
        // A lock that can be taken belongs to no running session (QLockFile removes the lock of a dead
        // process); release it at once, the file is only looked at.
        QLockFile lock(lockPath(m_directory, session));
        lock.setStaleLockTime(0);
        if (!lock.tryLock(0))
            continue;
        lock.unlock();
        QFile file(info.filePath());
        if (!info.isFile() || info.size() > kMaxAutosaveBytes || !file.open(QIODevice::ReadOnly))
            continue; // a FIFO or a device would block the read
        const QJsonObject root = QJsonDocument::fromJson(file.readAll()).object();
        if (root.value(QStringLiteral("format")).toString() != kFormat)
            continue;
        AutosaveEntry entry;
        entry.path = info.filePath();
        entry.fileName = root.value(QStringLiteral("file")).toString();
        entry.name =
            root.value(QStringLiteral("scenario")).toObject().value(QStringLiteral("name")).toString();
        entry.savedAt =
            QDateTime::fromString(root.value(QStringLiteral("saved_at")).toString(), Qt::ISODateWithMs);
        if (!entry.savedAt.isValid())
            entry.savedAt = info.lastModified();
        entries << entry;
    }
    std::sort(entries.begin(), entries.end(),
              [](const AutosaveEntry& a, const AutosaveEntry& b) { return a.savedAt > b.savedAt; });
    return entries;
}

bool Autosave::load(const QString& path, Scenario& out, QString* error)
{
    QFile file(path);
    if (!QFileInfo(path).isFile() || QFileInfo(path).size() > kMaxAutosaveBytes ||
        !file.open(QIODevice::ReadOnly)) {
        if (error)
            *error = QCoreApplication::translate("ss::Autosave", "%1: cannot read the autosave").arg(path);
        return false;
    }
    QJsonParseError parse;
    const QJsonObject root = QJsonDocument::fromJson(file.readAll(), &parse).object();
    if (parse.error != QJsonParseError::NoError || !root.value(QStringLiteral("scenario")).isObject()) {
        if (error)
            *error = QCoreApplication::translate("ss::Autosave", "%1: not an autosave").arg(path);
        return false;
    }
    const QByteArray json = QJsonDocument(root.value(QStringLiteral("scenario")).toObject()).toJson();
    // Problems and all, as the session left it: recovery must not refuse an invalid work in progress.
    return io::readScenario(json, out, error, path, io::ReadCheck::FieldsOnly);
}

void Autosave::remove(const AutosaveEntry& entry)
{
    QFile::remove(entry.path);
}

} // namespace ss
