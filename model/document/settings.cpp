// SPDX-License-Identifier: GPL-3.0-or-later
#include "settings.h"

#include <QSettings>

namespace ss {

namespace {
namespace key {
const QString scenarioJson = QStringLiteral("session/scenarioJson");
const QString scenarioFile = QStringLiteral("session/scenarioFile");
const QString scenarioModified = QStringLiteral("session/scenarioModified");
const QString windowGeometry = QStringLiteral("window/geometry");
const QString windowState = QStringLiteral("window/state");
const QString language = QStringLiteral("ui/language");
const QString lastDirectory = QStringLiteral("ui/lastDirectory");
} // namespace key
} // namespace

Settings::Settings() : m_settings(std::make_unique<QSettings>()) {}

Settings::Settings(const QString& iniFile)
    : m_settings(std::make_unique<QSettings>(iniFile, QSettings::IniFormat))
{
}

Settings::~Settings() = default;

QByteArray Settings::lastScenarioJson() const
{
    return m_settings->value(key::scenarioJson).toByteArray();
}

void Settings::setLastScenarioJson(const QByteArray& json)
{
    m_settings->setValue(key::scenarioJson, json);
}

QString Settings::lastScenarioFile() const
{
    return m_settings->value(key::scenarioFile).toString();
}

void Settings::setLastScenarioFile(const QString& fileName)
{
    m_settings->setValue(key::scenarioFile, fileName);
}

bool Settings::lastScenarioModified() const
{
    return m_settings->value(key::scenarioModified, false).toBool();
}

void Settings::setLastScenarioModified(bool modified)
{
    m_settings->setValue(key::scenarioModified, modified);
}

QByteArray Settings::windowGeometry() const
{
    return m_settings->value(key::windowGeometry).toByteArray();
}

void Settings::setWindowGeometry(const QByteArray& geometry)
{
    m_settings->setValue(key::windowGeometry, geometry);
}

QByteArray Settings::windowState() const
{
    return m_settings->value(key::windowState).toByteArray();
}

void Settings::setWindowState(const QByteArray& state)
{
    m_settings->setValue(key::windowState, state);
}

QString Settings::language() const
{
    return m_settings->value(key::language, QString()).toString();
}

void Settings::setLanguage(const QString& language)
{
    m_settings->setValue(key::language, language);
}

QString Settings::lastDirectory() const
{
    return m_settings->value(key::lastDirectory, QString()).toString();
}

void Settings::setLastDirectory(const QString& directory)
{
    m_settings->setValue(key::lastDirectory, directory);
}

void Settings::sync()
{
    m_settings->sync();
}

} // namespace ss
