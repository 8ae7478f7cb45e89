// SPDX-License-Identifier: GPL-3.0-or-later
// Every persistent setting of the explorer: its key and its default live here and nowhere else.
#pragma once

#include <QByteArray>
#include <QString>

#include <memory>

class QSettings;

namespace ss {

class Settings
{
public:
    // The application's QSettings (organisation and application names set by main()).
    Settings();
    // An INI file, for tests and for --settings.
    explicit Settings(const QString& iniFile);
    ~Settings();
    Settings(const Settings&) = delete;
    Settings& operator=(const Settings&) = delete;

    // The last session: the scenario as JSON, the file it came from ("" for none), and whether it
    // had unsaved changes.
    QByteArray lastScenarioJson() const;
    void setLastScenarioJson(const QByteArray& json);
    QString lastScenarioFile() const;
    void setLastScenarioFile(const QString& fileName);
    bool lastScenarioModified() const;
    void setLastScenarioModified(bool modified);

    QByteArray windowGeometry() const;
    void setWindowGeometry(const QByteArray& geometry);
    QByteArray windowState() const;
    void setWindowState(const QByteArray& state);

    // "" follows the system language; otherwise a locale name such as "zh_CN" or "en".
    QString language() const;
    void setLanguage(const QString& language);

    // The folder the last file dialog was in.
    QString lastDirectory() const;
    void setLastDirectory(const QString& directory);

    void sync();

private:
    std::unique_ptr<QSettings> m_settings;
};

} // namespace ss
