// SPDX-License-Identifier: GPL-3.0-or-later
// Installs the user-interface translations: ShardScope's own (compiled into the binary) and Qt's. They can be
// switched while the application runs (View > Language): the widgets then get QEvent::LanguageChange and set
// their words again. Widgets copy the default locale when they are made, so whoever switches hands them the
// new.
#pragma once

#include <QString>

class QCoreApplication;

namespace ss {

// LANGUAGE: a locale name ("zh_CN", "en"), or "" for the system's UI languages. Returns whether a
// ShardScope translation was installed (English, the source language, needs none).
bool installTranslations(QCoreApplication& app, const QString& language);

// Replaces the translations an earlier call installed with LANGUAGE's (same meaning and result as for
// installTranslations()) and makes LANGUAGE's locale the default QLocale, for the running application.
bool switchLanguage(const QString& language);

// The LANGUAGE of the last installTranslations() or switchLanguage() call ("" for the system's, or none yet).
QString currentLanguage();

} // namespace ss
