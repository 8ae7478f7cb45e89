// SPDX-License-Identifier: GPL-3.0-or-later
// Import in the window, offscreen: File > Import (kind detected from content), drag and drop onto the
// window, a preview of what will change, one undo step for the whole import; a failed import changes
// nothing and says why. Each fixture of tests/io/data/import goes through MainWindow::importFile (the
// file dialog only picks the path); the expected values are the fixtures' own keys, cited per row.
#include "calibrationchart.h"
#include "fieldnames.h"
#include "importdialog.h"
#include "importer.h"
#include "mainwindow.h"
#include "scenariodocument.h"
#include "scenariojson.h"

#include <QAction>
#include <QFile>
#include <QMessageBox>
#include <QMimeData>
#include <QPushButton>
#include <QTableWidget>
#include <QTemporaryDir>
#include <QTest>
#include <QUndoStack>
#include <QUrl>

using ss::ImportDialog;
using ss::MainWindow;

namespace {

QString fixture(const QString& name)
{
    return QStringLiteral(SHARDSCOPE_IMPORT_DATA "/") + name;
}

QString fieldText(const MainWindow& w, const QString& path)
{
    const ss::FieldInfo* field = ss::findField(path.toStdString());
    return field ? QString::fromStdString(ss::fieldText(*field, w.document()->fieldValue(path))) : QString();
}

} // namespace

class TestImportDialog : public QObject
{
    Q_OBJECT
private slots:
    void menuHasImport();
    void importsInOneStep_data();
    void importsInOneStep();
    void cancelChangesNothing();
    void failedImportChangesNothing_data();
    void failedImportChangesNothing();
    void unknownModelTypeOffersCommonKeys();
    void calibrationShowsChart();
    void dropOpensPreview();
    void dropOpensScenario();
};

void TestImportDialog::menuHasImport()
{
    MainWindow w;
    auto* action = w.findChild<QAction*>(QStringLiteral("actionImport"));
    QVERIFY(action);
    QVERIFY(!action->text().isEmpty());
}

void TestImportDialog::importsInOneStep_data()
{
    QTest::addColumn<QString>("file");
    QTest::addColumn<int>("kind");
    QTest::addColumn<QString>("path");     // a field the file sets ("" for the topology only)
    QTest::addColumn<QString>("expected"); // its canonical text after the import
    QTest::addColumn<int>("gpus");         // GPUs of the imported topology, 0 when the file gives none

    // hf-gpt2.json: "n_embd": 768, "n_layer": 12 (Hugging Face GPT2Config).
    QTest::newRow("hf-config") << "hf-gpt2.json" << int(ss::io::ImportKind::HfConfig) << "model.hidden"
                               << "768" << 0;
    // ds-zero2-fp16.json: "zero_optimization": {"stage": 2} (DeepSpeed config docs).
    QTest::newRow("deepspeed") << "ds-zero2-fp16.json" << int(ss::io::ImportKind::DeepSpeed)
                               << "parallel.zero_stage"
                               << "2" << 0;
    // smi-pcie-4gpu.txt: a 4 × 4 `nvidia-smi topo -m` matrix, GPU0..GPU3.
    QTest::newRow("nvidia-smi") << "smi-pcie-4gpu.txt" << int(ss::io::ImportKind::NvidiaSmiTopo) << ""
                                << "" << 4;
    // nccl-topo-dgx-a100.xml: eight <gpu> elements (NCCL_TOPO_DUMP_FILE of a DGX A100).
    QTest::newRow("nccl-topo") << "nccl-topo-dgx-a100.xml" << int(ss::io::ImportKind::NcclTopo) << ""
                               << "" << 8;
}

void TestImportDialog::importsInOneStep()
{
    QFETCH(QString, file);
    QFETCH(int, kind);
    QFETCH(QString, path);
    QFETCH(QString, expected);
    QFETCH(int, gpus);

    MainWindow w;
    const ss::Scenario before = w.document()->scenario();
    if (!path.isEmpty())
        QVERIFY2(fieldText(w, path) != expected, "the default must differ for the import to show");
    const int steps = w.document()->undoStack()->count();

    QVERIFY2(w.importFile(fixture(file)), qPrintable(w.lastError()));
    ImportDialog* preview = w.importPreview();
    QVERIFY(preview);
    QCOMPARE(int(preview->result().kind), kind);
    QVERIFY(preview->canApply());
    QVERIFY(preview->applyButton()->isEnabled());
    QVERIFY(!preview->calibrationChart());
    // The preview alone changes nothing.
    QVERIFY(w.document()->scenario() == before);
    QCOMPARE(w.document()->undoStack()->count(), steps);

    // The table lists the change, labelled as the parameter panel labels it.
    const auto& changes = preview->changes();
    QCOMPARE(preview->changeTable()->rowCount(), int(changes.size()));
    const QString shown = path.isEmpty() ? QStringLiteral("cluster.topology") : path;
    const auto row =
        std::find_if(changes.begin(), changes.end(), [&](const auto& c) { return c.path == shown; });
    QVERIFY(row != changes.end());
    if (!path.isEmpty())
        QCOMPARE(row->label, ss::FieldNames::label(path));
    QVERIFY(row->before != row->after);

    // The same scenario applyImport() makes, independently of the dialog.
    ss::Scenario reference = before;
    QString error;
    QVERIFY2(ss::io::applyImport(preview->result(), reference, nullptr, &error), qPrintable(error));
    // A model imported is another scenario, named after the model (the window title follows).
    if (kind == int(ss::io::ImportKind::HfConfig)) {
        reference.name = ImportDialog::importedModelName(file).toStdString();
        QCOMPARE(QString::fromStdString(reference.name), QStringLiteral("hf-gpt2 (imported)"));
    }
    QVERIFY(preview->importedScenario() == reference);

    QTest::mouseClick(preview->applyButton(), Qt::LeftButton);
    QVERIFY(w.document()->scenario() == reference);
    QCOMPARE(w.document()->undoStack()->count(), steps + 1);
    QCOMPARE(w.document()->undoStack()->undoText(), QStringLiteral("Import ") + file);
    if (!path.isEmpty())
        QCOMPARE(fieldText(w, path), expected);
    const QString title = w.windowTitle();
    if (kind == int(ss::io::ImportKind::HfConfig)) {
        QVERIFY2(title.contains(QLatin1String("hf-gpt2 (imported)")), qPrintable(title));
        QVERIFY2(!title.contains(QString::fromStdString(before.name)), qPrintable(title));
    } else {
        QVERIFY2(title.contains(QString::fromStdString(before.name)), qPrintable(title));
    }
    if (gpus > 0) {
        QVERIFY(w.document()->scenario().cluster.topology);
        const auto& nodes = w.document()->scenario().cluster.topology->nodes;
        QCOMPARE(
            int(std::count_if(nodes.begin(), nodes.end(), [](const auto& n) { return n.kind == "gpu"; })),
            gpus);
    }

    // One undo restores the scenario exactly; redo brings the import back.
    w.document()->undoStack()->undo();
    QVERIFY(w.document()->scenario() == before);
    w.document()->undoStack()->redo();
    QVERIFY(w.document()->scenario() == reference);
}

void TestImportDialog::cancelChangesNothing()
{
    MainWindow w;
    const ss::Scenario before = w.document()->scenario();
    QVERIFY(w.importFile(fixture(QStringLiteral("hf-gpt2.json"))));
    QVERIFY(w.importPreview());
    w.importPreview()->reject();
    QVERIFY(w.document()->scenario() == before);
    QCOMPARE(w.document()->undoStack()->count(), 0);
}

void TestImportDialog::failedImportChangesNothing_data()
{
    QTest::addColumn<QByteArray>("content");
    QTest::addColumn<QString>("mention"); // what the one-line error must name

    // Truncated JSON of a config.json: the reader names the file.
    QTest::newRow("truncated json") << QByteArray("{\"model_type\": \"llama\", \"hidden_size\": 40")
                                    << "bad.txt";
    // A header line of nccl-tests and no data rows (one of the malformed variants of an import).
    QTest::newRow("no data rows") << QByteArray(
                                         "# nThread 1 nGpus 8 minBytes 8 maxBytes 128 step: 2(factor)\n"
                                         "#       size         count      type   redop    root     time   "
                                         "algbw   busbw #wrong     time   algbw   busbw #wrong\n")
                                  << "bad.txt";
    QTest::newRow("not an importable file") << QByteArray("hello, world\n") << "bad.txt";
}

void TestImportDialog::failedImportChangesNothing()
{
    QFETCH(QByteArray, content);
    QFETCH(QString, mention);
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    const QString file = dir.filePath(QStringLiteral("bad.txt"));
    QFile out(file);
    QVERIFY(out.open(QIODevice::WriteOnly));
    out.write(content);
    out.close();

    MainWindow w;
    const ss::Scenario before = w.document()->scenario();
    QVERIFY(!w.importFile(file));
    QVERIFY(!w.importPreview());
    QVERIFY(w.document()->scenario() == before);
    QCOMPARE(w.document()->undoStack()->count(), 0);
    QVERIFY(!w.lastError().isEmpty());
    QVERIFY(!w.lastError().contains(QLatin1Char('\n')));
    QVERIFY2(w.lastError().contains(mention), qPrintable(w.lastError()));
    QVERIFY(w.findChild<QMessageBox*>(QStringLiteral("errorMessage")));
}

void TestImportDialog::unknownModelTypeOffersCommonKeys()
{
    // OPT-125m's config.json (Hugging Face facebook/opt-125m): model_type "opt" has no reader of its own
    // (hfconfigimport.cpp), so the importer refuses it unless asked for the common keys; the error box offers
    // that, and its button opens the preview with the shape the common keys give (hidden_size 768).
    MainWindow w;
    const ss::Scenario before = w.document()->scenario();
    QVERIFY(!w.importFile(fixture(QStringLiteral("hf-opt-125m.json"))));
    QVERIFY2(w.lastError().contains(QLatin1String("model_type")), qPrintable(w.lastError()));
    QVERIFY(!w.importPreview());
    QVERIFY(w.document()->scenario() == before);
    auto* box = w.findChild<QMessageBox*>(QStringLiteral("errorMessage"));
    QVERIFY(box);
    auto* read = box->findChild<QPushButton*>(QStringLiteral("readWithCommonKeys"));
    QVERIFY(read);
    read->click();
    ImportDialog* preview = w.importPreview();
    QVERIFY2(preview, qPrintable(w.lastError()));
    QVERIFY(preview->canApply());
    QCOMPARE(preview->importedScenario().model.hidden, 768);
    QVERIFY(w.document()->scenario() == before); // nothing changes before Apply

    // A file the common keys cannot read either gets no such offer.
    MainWindow other;
    QTemporaryDir dir;
    const QString file = dir.filePath(QStringLiteral("bad.json"));
    QFile out(file);
    QVERIFY(out.open(QIODevice::WriteOnly));
    out.write("{\"model_type\": \"llama\", \"hidden_size\": 40");
    out.close();
    QVERIFY(!other.importFile(file));
    auto* plain = other.findChild<QMessageBox*>(QStringLiteral("errorMessage"));
    QVERIFY(plain);
    QVERIFY(!plain->findChild<QPushButton*>(QStringLiteral("readWithCommonKeys")));
}

void TestImportDialog::calibrationShowsChart()
{
    MainWindow w;
    const ss::Scenario before = w.document()->scenario();
    QVERIFY2(w.importFile(fixture(QStringLiteral("nccl-tests-all_reduce-8xa100.log"))),
             qPrintable(w.lastError()));
    ImportDialog* preview = w.importPreview();
    QVERIFY(preview);
    QVERIFY(preview->result().isCalibration());
    QVERIFY(!preview->result().calibrations.empty());
    // The DGX A100 log's 229 GB/s is what the default DGX A100 topology models already: nothing to apply,
    // and the dialog says so.
    QVERIFY(!preview->canApply());
    QVERIFY(!preview->applyButton()->isEnabled());
    auto* note = preview->findChild<QLabel*>(QStringLiteral("importNotApplicable"));
    QVERIFY(note);
    QVERIFY(!note->text().isEmpty());

    ss::CalibrationChart* chart = preview->calibrationChart();
    QVERIFY(chart);
    QCOMPARE(chart->calibrationCount(), int(preview->result().calibrations.size()));
    const ss::Calibration& calibration = preview->result().calibrations.front();
    QVERIFY(calibration.fit.ok());
    // Measured: one point per row of the log; fitted: the model line over the same sizes.
    QCOMPARE(chart->measuredGraph(0)->dataCount(), int(calibration.fit.points.size()));
    QVERIFY(chart->fittedGraph(0)->dataCount() >= 2);
    QCOMPARE(chart->xAxis->scaleType(), QCPAxis::stLogarithmic);
    QCOMPARE(chart->yAxis->scaleType(), QCPAxis::stLogarithmic);
    const auto fitted = chart->fittedGraph(0)->data();
    const double bytes = fitted->at(0)->key;
    QVERIFY(qFuzzyCompare(fitted->at(0)->value,
                          calibration.fit.alpha_s + calibration.fit.beta_s_per_byte * bytes));
    QVERIFY(chart->fittedGraph(0)->name().contains(QStringLiteral("R²")));
    QVERIFY(chart->fittedGraph(0)->name().contains(QStringLiteral("α")));

    preview->accept(); // even forced, a calibration that matches changes nothing
    QVERIFY(w.document()->scenario() == before);
    QCOMPARE(w.document()->undoStack()->count(), 0);

    // The H200 log's 480 GB/s differs: Apply sets the NVLink efficiency of an explicit topology, one undo
    // step.
    QVERIFY2(w.importFile(fixture(QStringLiteral("nccl-tests-all_reduce-8xh200.json"))),
             qPrintable(w.lastError()));
    ImportDialog* h200 = w.importPreview();
    QVERIFY(h200 && h200->canApply());
    h200->accept();
    QCOMPARE(w.document()->undoStack()->count(), 1);
    QVERIFY(w.document()->scenario().cluster.topology.has_value());
    w.document()->undoStack()->undo();
    QVERIFY(w.document()->scenario() == before);
}

void TestImportDialog::dropOpensPreview()
{
    MainWindow w;
    w.show();
    QVERIFY(QTest::qWaitForWindowExposed(&w));
    QMimeData mime;
    mime.setUrls({QUrl::fromLocalFile(fixture(QStringLiteral("hf-gpt2.json")))});
    const QPoint at = w.rect().center();
    QDragEnterEvent enter(at, Qt::CopyAction, &mime, Qt::LeftButton, Qt::NoModifier);
    QApplication::sendEvent(&w, &enter);
    QVERIFY(enter.isAccepted());
    QDropEvent drop(QPointF(at), Qt::CopyAction, &mime, Qt::LeftButton, Qt::NoModifier);
    QApplication::sendEvent(&w, &drop);
    QVERIFY(drop.isAccepted());
    ImportDialog* preview = w.importPreview();
    QVERIFY(preview);
    QCOMPARE(preview->result().kind, ss::io::ImportKind::HfConfig);
    QTest::mouseClick(preview->applyButton(), Qt::LeftButton);
    QCOMPARE(fieldText(w, QStringLiteral("model.hidden")), QStringLiteral("768"));
    QCOMPARE(w.document()->undoStack()->count(), 1);
}

void TestImportDialog::dropOpensScenario()
{
    // A scenario file dropped on the window opens (as File > Open); it is no import.
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    ss::Scenario scenario = ss::defaultScenario();
    scenario.name = "Dropped";
    const QString file = dir.filePath(QStringLiteral("dropped.json"));
    QFile out(file);
    QVERIFY(out.open(QIODevice::WriteOnly));
    out.write(ss::io::writeScenario(scenario));
    out.close();

    MainWindow w;
    w.show();
    QVERIFY(QTest::qWaitForWindowExposed(&w));
    QMimeData mime;
    mime.setUrls({QUrl::fromLocalFile(file)});
    QDragEnterEvent enter(QPoint(10, 10), Qt::CopyAction, &mime, Qt::LeftButton, Qt::NoModifier);
    QApplication::sendEvent(&w, &enter);
    QVERIFY(enter.isAccepted());
    QDropEvent drop(QPointF(10, 10), Qt::CopyAction, &mime, Qt::LeftButton, Qt::NoModifier);
    QApplication::sendEvent(&w, &drop);
    QVERIFY(!w.importPreview());
    QVERIFY2(w.lastError().isEmpty(), qPrintable(w.lastError()));
    QCOMPARE(w.document()->scenario().name, std::string("Dropped"));
    QCOMPARE(w.document()->fileName(), file);
}

QTEST_MAIN(TestImportDialog)
#include "tst_importdialog.moc"
