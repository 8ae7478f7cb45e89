// SPDX-License-Identifier: GPL-3.0-or-later
// Charts to files (views/export): valid PNG (header and size), SVG that parses, PDF with the expected page
// count, CSV and trace equal to the io writers, an unwritable path refused with nothing written, and the
// window writing the same files as `shardscope-cli export` ("The GUI and the CLI produce the same
// files"). PNG signature: RFC 2083 §3.1; PDF page objects: ISO 32000-1 §7.7.3.3 ("/Type /Page").
#include "chartexport.h"
#include "examples.h"
#include "exportactions.h"
#include "importdialog.h" // mainwindow.h holds a QPointer<ImportDialog>
#include "mainwindow.h"
#include "traceexport.h"

#include <QFile>
#include <QImage>
#include <QProcess>
#include <QRegularExpression>
#include <QTemporaryDir>
#include <QTest>
#include <QXmlStreamReader>

using namespace ss;

namespace {

const QString kExample = QStringLiteral("gpt3-175b-megatron");

QByteArray readAll(const QString& file)
{
    QFile f(file);
    return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
}

// Page objects, not the page tree ("/Type /Pages").
int pdfPages(const QByteArray& pdf)
{
    static const QRegularExpression page(QStringLiteral("/Type\\s*/Page(?![a-zA-Z])"));
    return int(QString::fromLatin1(pdf).count(page));
}

} // namespace

class TestExport : public QObject
{
    Q_OBJECT

private:
    Scenario m_scenario;
    Result m_result;
    QTemporaryDir m_dir;

private slots:
    void initTestCase()
    {
        QString error;
        QVERIFY2(io::loadExample(kExample, m_scenario, &error), qPrintable(error));
        m_result = ChartExport::evaluateForExport(m_scenario);
        QVERIFY(!m_result.timeline.empty());
        QVERIFY(!m_result.explain.empty());
    }

    void files_data()
    {
        QTest::addColumn<QString>("chart");
        for (const char* chart : {"memory", "gantt", "topology", "bandwidth"})
            QTest::newRow(chart) << QString::fromLatin1(chart);
    }
    void files()
    {
        QFETCH(QString, chart);
        io::ExportChart c;
        QVERIFY(io::exportChartFromName(chart, c));
        QString error;

        const QString png = m_dir.filePath(chart + QStringLiteral(".png"));
        QVERIFY2(ChartExport::exportScenario(m_scenario, c, png, &error), qPrintable(error));
        const QByteArray pngBytes = readAll(png);
        QVERIFY(pngBytes.startsWith("\x89PNG\r\n\x1a\n"));
        const QImage image = QImage::fromData(pngBytes, "PNG");
        QCOMPARE(image.size(), QSize(int(ChartExport::chartWidth * ChartExport::pngScale),
                                     int(ChartExport::chartHeight * ChartExport::pngScale)));
        // Print: a white background (the corner pixel), whatever the theme.
        QCOMPARE(image.pixelColor(1, 1), QColor(Qt::white));
        // Not blank: the chart drew something dark (text, axes).
        int dark = 0;
        for (int y = 0; y < image.height(); y += 7)
            for (int x = 0; x < image.width(); x += 7)
                dark += qGray(image.pixel(x, y)) < 100;
        QVERIFY2(dark > 50, qPrintable(QString::number(dark)));

        const QString svg = m_dir.filePath(chart + QStringLiteral(".svg"));
        QVERIFY2(ChartExport::exportScenario(m_scenario, c, svg, &error), qPrintable(error));
        QXmlStreamReader xml(readAll(svg));
        int elements = 0;
        QString root;
        while (!xml.atEnd()) {
            if (xml.readNext() == QXmlStreamReader::StartElement) {
                if (root.isEmpty())
                    root = xml.name().toString();
                ++elements;
            }
        }
        QVERIFY2(!xml.hasError(), qPrintable(xml.errorString()));
        QCOMPARE(root, QStringLiteral("svg"));
        QVERIFY(elements > 20);

        const QString pdf = m_dir.filePath(chart + QStringLiteral(".pdf"));
        QVERIFY2(ChartExport::exportScenario(m_scenario, c, pdf, &error), qPrintable(error));
        const QByteArray pdfBytes = readAll(pdf);
        QVERIFY(pdfBytes.startsWith("%PDF-"));
        QCOMPARE(pdfPages(pdfBytes), 1);

        const QString csv = m_dir.filePath(chart + QStringLiteral(".csv"));
        QVERIFY2(ChartExport::exportScenario(m_scenario, c, csv, &error), qPrintable(error));
        QCOMPARE(readAll(csv), io::chartCsv(c, m_result));
    }

    void report()
    {
        int pages = 0;
        QString error;
        const QByteArray pdf = ChartExport::exportData(m_scenario, m_result, io::ExportChart::Report,
                                                       io::ExportFormat::Pdf, &error, &pages);
        QVERIFY2(!pdf.isEmpty(), qPrintable(error));
        // Summary and scenario, four charts each on its own page, the explanations.
        QVERIFY(pages >= 6);
        QCOMPARE(pdfPages(pdf), pages);
    }

    void trace()
    {
        const QString file = m_dir.filePath(QStringLiteral("timeline.json"));
        QString error;
        QVERIFY(ChartExport::exportScenario(m_scenario, io::ExportChart::Gantt, file, &error));
        QCOMPARE(readAll(file), io::writeTraceEvents(m_result, QString::fromStdString(m_scenario.name)));
    }

    void refused_data()
    {
        QTest::addColumn<QString>("chart");
        QTest::addColumn<QString>("file");
        QTest::newRow("unwritable directory")
            << QStringLiteral("memory") << QStringLiteral("no/such/dir/m.png");
        QTest::newRow("unknown suffix") << QStringLiteral("memory") << QStringLiteral("m.txt");
        QTest::newRow("json is gantt only") << QStringLiteral("memory") << QStringLiteral("m.json");
        QTest::newRow("report is pdf") << QStringLiteral("report") << QStringLiteral("r.png");
        QTest::newRow("sweep needs its values") << QStringLiteral("sweep") << QStringLiteral("s.png");
    }
    void refused()
    {
        QFETCH(QString, chart);
        QFETCH(QString, file);
        io::ExportChart c;
        QVERIFY(io::exportChartFromName(chart, c));
        const QString path = m_dir.filePath(file);
        QString error;
        QVERIFY(!ChartExport::exportScenario(m_scenario, c, path, &error));
        QVERIFY(error.startsWith(path));
        QVERIFY(!error.contains(QLatin1Char('\n')));
        QVERIFY(!QFile::exists(path));
    }

    // The window's export writes what the CLI writes for the same scenario.
    void sameAsCli_data()
    {
        QTest::addColumn<QString>("chart");
        QTest::addColumn<QString>("suffix");
        QTest::newRow("memory csv") << QStringLiteral("memory") << QStringLiteral("csv");
        QTest::newRow("bandwidth csv") << QStringLiteral("bandwidth") << QStringLiteral("csv");
        QTest::newRow("topology csv") << QStringLiteral("topology") << QStringLiteral("csv");
        QTest::newRow("gantt csv") << QStringLiteral("gantt") << QStringLiteral("csv");
        QTest::newRow("gantt trace") << QStringLiteral("gantt") << QStringLiteral("json");
        QTest::newRow("memory png") << QStringLiteral("memory") << QStringLiteral("png");
        QTest::newRow("gantt svg") << QStringLiteral("gantt") << QStringLiteral("svg");
    }
    void sameAsCli()
    {
        QFETCH(QString, chart);
        QFETCH(QString, suffix);
        MainWindow window;
        QVERIFY(window.openExample(kExample));
        auto* exporter = window.findChild<ExportActions*>(QStringLiteral("exportActions"));
        QVERIFY(exporter);
        QVERIFY(window.findChild<QAction*>(QStringLiteral("actionExportReport")));
        io::ExportChart c;
        QVERIFY(io::exportChartFromName(chart, c));
        const QString gui = m_dir.filePath(QStringLiteral("gui-") + chart + QLatin1Char('.') + suffix);
        QVERIFY2(exporter->exportTo(c, gui), qPrintable(exporter->lastError()));

        const QString cli = m_dir.filePath(QStringLiteral("cli-") + chart + QLatin1Char('.') + suffix);
        QProcess process;
        process.start(QStringLiteral(SHARDSCOPE_CLI),
                      {QStringLiteral("export"), kExample, QStringLiteral("--chart"), chart,
                       QStringLiteral("--out"), cli});
        QVERIFY(process.waitForFinished(120000));
        QCOMPARE(process.exitCode(), 0);
        if (suffix == QLatin1String("png")) {
            // Images: the same dimensions (font rasterisation may differ between processes).
            QCOMPARE(QImage(cli).size(), QImage(gui).size());
        } else if (suffix == QLatin1String("svg")) {
            // Drawings: the same size and well-formed.
            for (const QString& file : {cli, gui}) {
                QXmlStreamReader xml(readAll(file));
                while (!xml.atEnd())
                    xml.readNext();
                QVERIFY(!xml.hasError());
            }
            const QRegularExpression size(QStringLiteral("<svg[^>]*width=\"([^\"]+)\" height=\"([^\"]+)\""));
            QCOMPARE(size.match(QString::fromUtf8(readAll(cli))).captured(0),
                     size.match(QString::fromUtf8(readAll(gui))).captured(0));
        } else {
            QCOMPARE(readAll(cli), readAll(gui));
        }
    }
};

QTEST_MAIN(TestExport)
#include "tst_export.moc"
