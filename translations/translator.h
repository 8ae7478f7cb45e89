// SPDX-License-Identifier: GPL-3.0-or-later
// Installs the user-interface translations: ShardScope's own (compiled into the binary) and Qt's.
#pragma once

#include <QString>

class QCoreApplication;

namespace ss {

// LANGUAGE: a locale name ("zh_CN", "en"), or "" for the system's UI languages. Returns whether a
// ShardScope translation was installed (English, the source language, needs none).
bool installTranslations(QCoreApplication& app, const QString& language);

} // namespace ss
