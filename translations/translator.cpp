// SPDX-License-Identifier: GPL-3.0-or-later
#include "translator.h"

#include <QCoreApplication>
#include <QLibraryInfo>
#include <QLocale>
#include <QTranslator>

namespace ss {

bool installTranslations(QCoreApplication& app, const QString& language)
{
    const QLocale locale = language.isEmpty() ? QLocale::system() : QLocale(language);
    if (!language.isEmpty())
        QLocale::setDefault(locale);

    auto* own = new QTranslator(&app);
    const bool ownLoaded =
        own->load(locale, QStringLiteral("shardscope"), QStringLiteral("_"), QStringLiteral(":/i18n"));
    // Without a translation for the locale, English: its catalogue holds the plural forms ("1 stage").
    if (ownLoaded || own->load(QStringLiteral(":/i18n/shardscope_en.qm")))
        app.installTranslator(own);
    else
        delete own;

    // Qt's own strings (standard buttons, file dialogs), when the system has them.
    auto* qt = new QTranslator(&app);
    if (qt->load(locale, QStringLiteral("qtbase"), QStringLiteral("_"),
                 QLibraryInfo::path(QLibraryInfo::TranslationsPath)))
        app.installTranslator(qt);
    else
        delete qt;
    return ownLoaded;
}

} // namespace ss
