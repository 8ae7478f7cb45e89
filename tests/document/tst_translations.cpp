// SPDX-License-Identifier: GPL-3.0-or-later
// The Simplified Chinese translation is complete: lupdate is run afresh over the sources, and every string
// it finds must have a finished, non-empty translation in translations/shardscope_zh_CN.ts. A new tr()
// string without a translation fails here.
#include <QFile>
#include <QProcess>
#include <QTemporaryDir>
#include <QXmlStreamReader>
#include <QtTest>

namespace {

struct Entry
{
    bool finished = false;
    bool empty = true;
};

// context + '\x1f' + source -> state of its translation
QHash<QString, Entry> readTs(const QString& fileName)
{
    QHash<QString, Entry> out;
    QFile file(fileName);
    if (!file.open(QIODevice::ReadOnly))
        return out;
    QXmlStreamReader xml(&file);
    QString context, source;
    Entry entry;
    while (!xml.atEnd()) {
        xml.readNext();
        if (xml.isStartElement()) {
            if (xml.name() == QLatin1String("name")) {
                context = xml.readElementText();
            } else if (xml.name() == QLatin1String("message")) {
                source.clear();
                entry = Entry();
            } else if (xml.name() == QLatin1String("source")) {
                source = xml.readElementText();
            } else if (xml.name() == QLatin1String("translation")) {
                const auto type = xml.attributes().value(QLatin1String("type"));
                entry.finished = type.isEmpty();
                const QString text = xml.readElementText(QXmlStreamReader::IncludeChildElements);
                entry.empty = text.trimmed().isEmpty();
            }
        } else if (xml.isEndElement() && xml.name() == QLatin1String("message")) {
            out.insert(context + QChar(0x1f) + source, entry);
        }
    }
    return out;
}

} // namespace

class TestTranslations : public QObject
{
    Q_OBJECT

private slots:
    void chineseIsComplete();
};

void TestTranslations::chineseIsComplete()
{
    const QString root = QStringLiteral(SHARDSCOPE_SOURCE_DIR);
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    const QString fresh = dir.filePath(QStringLiteral("fresh_zh_CN.ts"));
    QProcess lupdate;
    lupdate.setProcessChannelMode(QProcess::MergedChannels);
    lupdate.start(QStringLiteral(SHARDSCOPE_LUPDATE),
                  {root + QStringLiteral("/views"), root + QStringLiteral("/model/document"),
                   root + QStringLiteral("/model/io"), root + QStringLiteral("/app/main.cpp"),
                   QStringLiteral("-locations"), QStringLiteral("none"), QStringLiteral("-target-language"),
                   QStringLiteral("zh_CN"), QStringLiteral("-ts"), fresh});
    QVERIFY(lupdate.waitForFinished(120000));
    QVERIFY2(lupdate.exitCode() == 0, lupdate.readAll().constData());

    const auto strings = readTs(fresh);
    QVERIFY2(strings.size() > 100, "lupdate found too few strings");
    const auto committed = readTs(root + QStringLiteral("/translations/shardscope_zh_CN.ts"));
    QStringList missing;
    for (auto it = strings.begin(); it != strings.end(); ++it) {
        const auto found = committed.constFind(it.key());
        if (found == committed.cend() || !found->finished || found->empty)
            missing << QString(it.key()).replace(QChar(0x1f), QLatin1String(": "));
    }
    QVERIFY2(missing.isEmpty(),
             qPrintable(QStringLiteral("untranslated (run the update_translations target, then "
                                       "translate): ") +
                        missing.join(QLatin1String(" | "))));
}

QTEST_GUILESS_MAIN(TestTranslations)
#include "tst_translations.moc"
