// SPDX-License-Identifier: GPL-3.0-or-later
// Autosave and crash recovery ("Crash safety"). While the document has unsaved edits, its scenario
// is written atomically (QSaveFile) to <directory>/<session>.autosave.json at most once per interval
// (60 s by default); the file goes away when the document becomes clean again (saved, or undone to where
// it was) and when the session ends normally. Each session holds a QLockFile, so an autosave whose lock is
// free belongs to a session that crashed: the next start offers to recover it (MainWindow::offerRecovery).
#pragma once

#include <QDateTime>
#include <QList>
#include <QObject>
#include <QString>
#include <QTimer>

#include <memory>

class QLockFile;

namespace ss {

struct Scenario;
class ScenarioDocument;

// One autosave left on disk by another session.
struct AutosaveEntry
{
    QString path;     // the .autosave.json file
    QString fileName; // the scenario file the edits belong to ("" for an unsaved scenario)
    QString name;     // the scenario's name
    QDateTime savedAt;
};

class Autosave : public QObject
{
    Q_OBJECT
public:
    // DIRECTORY "" means defaultDirectory(). The interval starts as defaultIntervalMs().
    explicit Autosave(ScenarioDocument* document, const QString& directory = {}, QObject* parent = nullptr);
    // A normal end of the session: its autosave and its lock are removed.
    ~Autosave() override;

    // QStandardPaths::AppDataLocation + "/autosave".
    static QString defaultDirectory();
    // 60 s, or SHARDSCOPE_AUTOSAVE_INTERVAL_MS from the environment (tests and the end-to-end run).
    static int defaultIntervalMs();

    void setInterval(int milliseconds);
    int interval() const { return m_timer.interval(); }
    QString directory() const { return m_directory; }
    // This session's autosave file (it exists only while there are unsaved edits that were autosaved).
    QString filePath() const;

    // Writes the autosave now when the document has unsaved edits; true when a file was written.
    bool saveNow();
    // Removes this session's autosave.
    void discard();

    // Autosaves of sessions that are no longer running, newest first.
    QList<AutosaveEntry> staleEntries() const;
    // Reads an autosave (the scenario as it was, problems and all). False with *ERROR on a broken file.
    static bool load(const QString& path, Scenario& out, QString* error);
    static void remove(const AutosaveEntry& entry);

signals:
    void saved(const QString& path);

private:
    void documentChanged();

    ScenarioDocument* m_document;
    QString m_directory;
    QString m_session;
    std::unique_ptr<QLockFile> m_lock;
    QTimer m_timer;
    bool m_pending = false; // edits since the last autosave
};

} // namespace ss
