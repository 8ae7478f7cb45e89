// SPDX-License-Identifier: GPL-3.0-or-later
#include "translator.h"

#include <QCoreApplication>
#include <QLibraryInfo>
#include <QLocale>
#include <QPointer>
#include <QTranslator>

namespace ss {

namespace {

// What the last call installed, so the next one can take it out again.
struct Installed
{
    QPointer<QTranslator> own;
    QPointer<QTranslator> qt;
    QString language;
};

Installed& installed()
{
    static Installed state;
    return state;
}

void uninstall(QCoreApplication& app, QPointer<QTranslator>& translator)
{
    if (!translator)
        return;
    app.removeTranslator(translator);
    delete translator;
}

} // namespace

bool installTranslations(QCoreApplication& app, const QString& language)
{
    Installed& state = installed();
    uninstall(app, state.own);
    uninstall(app, state.qt);
    state.language = language;

    const QLocale locale = language.isEmpty() ? QLocale::system() : QLocale(language);
    // Numbers, dates and percent signs follow the interface language (QLocale() everywhere in the views).
    QLocale::setDefault(locale);

    auto* own = new QTranslator(&app);
    const bool ownLoaded =
        own->load(locale, QStringLiteral("shardscope"), QStringLiteral("_"), QStringLiteral(":/i18n"));
    // Without a translation for the locale, English: its catalogue holds the plural forms ("1 stage").
    if (ownLoaded || own->load(QStringLiteral(":/i18n/shardscope_en.qm"))) {
        app.installTranslator(own);
        state.own = own;
    } else {
        delete own;
    }

    // Qt's own strings (standard buttons, file dialogs), when the system has them.
    auto* qt = new QTranslator(&app);
    if (qt->load(locale, QStringLiteral("qtbase"), QStringLiteral("_"),
                 QLibraryInfo::path(QLibraryInfo::TranslationsPath))) {
        app.installTranslator(qt);
        state.qt = qt;
    } else {
        delete qt;
    }

    return ownLoaded;
}

bool switchLanguage(const QString& language)
{
    QCoreApplication* app = QCoreApplication::instance();
    return app && installTranslations(*app, language);
}

QString currentLanguage()
{
    return installed().language;
}

} // namespace ss
