// SPDX-License-Identifier: GPL-3.0-or-later
#include "chartexport.h"

#include "linklegend.h"

#include "bandwidthchart.h"
#include "baselinemodel.h"
#include "compare.h"
#include "comparetext.h"
#include "enginetext.h"
#include "evaluate.h"
#include "explaintext.h"
#include "fieldnames.h"
#include "fields.h"
#include "ganttchart.h"
#include "memorychart.h"
#include "presets.h"
#include "sweepchart.h"
#include "topologydisplay.h"
#include "topologyscene.h"
#include "traceexport.h"
#include "unitformat.h"

#include <QBuffer>
#include <QDateTime>
#include <QLocale>
#include <QPageLayout>
#include <QPageSize>
#include <QPainter>
#include <QPalette>
#include <QPdfWriter>
#include <QResizeEvent>
#include <QStyle>
#include <QStyleFactory>
#include <QSvgGenerator>
#include <QTextDocument>

#include <functional>
#include <memory>

namespace ss {

namespace {

// A light palette whatever the desktop's theme: exports are read in print as often as on screen.
QPalette printPalette()
{
    std::unique_ptr<QStyle> fusion(QStyleFactory::create(QStringLiteral("Fusion")));
    QPalette palette = fusion ? fusion->standardPalette() : QPalette(Qt::white);
    palette.setColor(QPalette::Window, Qt::white);
    palette.setColor(QPalette::Base, Qt::white);
    palette.setColor(QPalette::WindowText, Qt::black);
    palette.setColor(QPalette::Text, Qt::black);
    return palette;
}

std::unique_ptr<QCustomPlot> makePlot(const Result& result, io::ExportChart chart, QSize size,
                                      const Baseline* baseline)
{
    std::unique_ptr<QCustomPlot> plot;
    switch (chart) {
    case io::ExportChart::Memory:
        plot = std::make_unique<MemoryChart>();
        break;
    case io::ExportChart::Gantt:
        plot = std::make_unique<GanttChart>();
        break;
    case io::ExportChart::Bandwidth:
        plot = std::make_unique<BandwidthChart>();
        break;
    default:
        return nullptr;
    }
    plot->setAttribute(Qt::WA_DontShowOnScreen);
    plot->setPalette(printPalette());
    // The charts lay out their labels on resize (rows that fit, legend wrap): size them first.
    plot->resize(size);
    if (auto* memory = qobject_cast<MemoryChart*>(plot.get())) {
        memory->resetData(result);
        if (baseline)
            memory->setBaseline(&baseline->result, baseline->label);
    } else if (auto* gantt = qobject_cast<GanttChart*>(plot.get())) {
        gantt->resetData(result);
        if (baseline)
            gantt->setComparison(CompareText::stepLine(compareResults(baseline->result, result)));
    } else if (auto* bandwidth = qobject_cast<BandwidthChart*>(plot.get())) {
        bandwidth->resetData(result);
    }
    plot->setBackground(Qt::white);
    if (auto* gantt = qobject_cast<GanttChart*>(plot.get()))
        gantt->xAxis->setLabel(ChartExport::tr("Time in the training step")); // no mouse hints on paper
    // A hidden widget gets its resize event only when shown: send it, so that the charts fit their labels
    // to the export size; twice, as the second sees the axis rect the first laid out.
    for (int i = 0; i < 2; ++i) {
        QResizeEvent resize(size, size);
        QCoreApplication::sendEvent(plot.get(), &resize);
        plot->replot(QCustomPlot::rpImmediateRefresh);
    }
    return plot;
}

void paintTopology(QCPPainter* painter, QSize size, const Scenario& scenario, const Result& result)
{
    painter->save();
    painter->fillRect(QRect(QPoint(0, 0), size), Qt::white);
    QFont font = painter->font();
    font.setPixelSize(16);
    font.setBold(true);
    painter->setFont(font);
    painter->setPen(Qt::black);
    const int titleHeight = 30;
    painter->drawText(QRect(0, 4, size.width(), titleHeight), Qt::AlignCenter,
                      ChartExport::tr("Topology: link load of one step"));

    Topology topology;
    std::string why;
    const bool generated = !scenario.cluster.topology;
    if (generated ? !scenarioTopology(scenario, topology, &why) : false) {
        painter->drawText(
            QRect(QPoint(0, 0), size), Qt::AlignCenter,
            ChartExport::tr("The cluster cannot be generated: %1").arg(QString::fromStdString(why)));
        painter->restore();
        return;
    }
    if (!generated)
        topology = *scenario.cluster.topology;
    TopologyScene scene;
    scene.setPalette(printPalette());
    scene.setDisplay(TopologyDisplay::build(topology, {generated, true}));
    // The same choice of the marked link as TopologyEditor::showResult().
    QString bottleneck = QString::fromStdString(result.comm.bottleneck_link);
    const bool linkLimited = result.bottleneck.kind == "link" || result.bottleneck.kind == "pcie";
    if (linkLimited && !result.bottleneck.id.empty())
        bottleneck = QString::fromStdString(result.bottleneck.id);
    scene.setLoads(result.comm, result.step.time_s, bottleneck,
                   linkLimited || result.bottleneck.kind.empty());
    scene.setProperty("printed", true); // no hints about mouse gestures on paper

    // The key of colours and widths under the drawing, as the editor shows it beside the canvas.
    LinkLegend legend;
    legend.setMeasure(scene.loadScale().measure(), scene.loadScale().busiest_s());
    legend.setBottleneckLimitsStep(linkLimited || result.bottleneck.kind.empty());
    legend.setPalette(printPalette());
    legend.setAutoFillBackground(false);
    const QSize legendSize = legend.sizeHint().boundedTo(QSize(size.width() - 20, size.height() / 3));
    legend.resize(legendSize);
    legend.ensurePolished();
    const int legendTop = size.height() - legendSize.height() - 10;
    legend.render(painter, QPoint(size.width() - legendSize.width() - 10, legendTop), QRegion(),
                  QWidget::DrawChildren);

    const QRectF target(10, titleHeight + 10, size.width() - 20, legendTop - titleHeight - 20);
    QRectF source = scene.itemsBoundingRect().adjusted(-20, -20, 20, 20);
    if (source.isEmpty())
        source = QRectF(0, 0, 1, 1);
    const double scale = std::min(target.width() / source.width(), target.height() / source.height());
    scene.setPixelSize(1 / std::max(scale, 1e-6));
    source = scene.itemsBoundingRect().adjusted(-20, -20, 20, 20);
    painter->setRenderHint(QPainter::Antialiasing);
    scene.render(painter, target, source, Qt::KeepAspectRatio);
    painter->restore();
}

// The report's pages, drawn on a QPdfWriter at 96 dpi, A4 landscape.
class ReportWriter
{
public:
    ReportWriter(QPdfWriter* writer, QCPPainter* painter) : m_writer(writer), m_painter(painter)
    {
        m_area = QRect(QPoint(0, 0), writer->pageLayout().paintRectPixels(writer->resolution()).size());
        m_y = 0;
    }
    int pages() const { return m_pages; }
    const QRect& area() const { return m_area; }

    void newPage()
    {
        m_writer->newPage();
        ++m_pages;
        m_y = 0;
    }
    // Text in PIXEL_SIZE wrapped to the page; a new page when it does not fit.
    void text(const QString& text, int pixelSize, bool bold = false, int indent = 0)
    {
        QFont font = m_painter->font();
        font.setPixelSize(pixelSize);
        font.setBold(bold);
        m_painter->setFont(font);
        const QRect box(indent, 0, m_area.width() - indent, m_area.height());
        const QRect needed = m_painter->boundingRect(box, Qt::TextWordWrap, text);
        if (m_y + needed.height() > m_area.height() && m_y > 0)
            newPage();
        m_painter->setPen(Qt::black);
        m_painter->drawText(QRect(indent, m_y, box.width(), needed.height()), Qt::TextWordWrap, text);
        m_y += needed.height() + pixelSize / 3;
    }
    void row(const QString& label, const QString& value, int pixelSize)
    {
        QFont font = m_painter->font();
        font.setPixelSize(pixelSize);
        font.setBold(false);
        m_painter->setFont(font);
        const int height = pixelSize + 6;
        if (m_y + height > m_area.height())
            newPage();
        if (m_shade)
            m_painter->fillRect(QRect(0, m_y, m_area.width(), height), QColor(0xf0, 0xf0, 0xf0));
        m_shade = !m_shade;
        m_painter->setPen(Qt::black);
        const int split = m_area.width() * 2 / 5;
        m_painter->drawText(QRect(4, m_y, split - 8, height), Qt::AlignVCenter | Qt::AlignLeft, label);
        m_painter->drawText(QRect(split, m_y, m_area.width() - split, height),
                            Qt::AlignVCenter | Qt::AlignLeft, value);
        m_y += height;
    }
    void space(int pixels) { m_y += pixels; }
    void resetShade() { m_shade = false; }

private:
    QPdfWriter* m_writer;
    QCPPainter* m_painter;
    QRect m_area;
    int m_y = 0;
    int m_pages = 1;
    bool m_shade = false;
};

// The total, and for a mixture-of-experts model what one token passes through: "46.7B (12.9B active)".
QString paramsText(const Result& result)
{
    const QString total = quantityText(result.params_total, Unit::Count, 4);
    if (result.params_active > 0 && result.params_active < result.params_total)
        return ChartExport::tr("%1 (%2 active)")
            .arg(total, quantityText(result.params_active, Unit::Count, 4));
    return total;
}

QString fieldValueText(const FieldInfo& field, const Scenario& scenario, const Result& result)
{
    const FieldValue value = field.get(scenario);
    // Derived values: the engine's count for a transformer, and "auto" where 0 means "from the others".
    if (field.path == "model.params" && scenario.model.kind == ModelKind::Transformer)
        return ChartExport::tr("%1 (derived)").arg(paramsText(result));
    if ((field.path == "model.head_dim" || field.path == "model.max_positions" ||
         field.path == "model.moe_ffn_hidden" || field.path == "parallel.etp" ||
         field.path == "parallel.first_stage_layers" || field.path == "parallel.last_stage_layers") &&
        value.number == 0)
        return ChartExport::tr("auto");
    if (field.path == "model.capacity_factor" && value.number == 0)
        return ChartExport::tr("dropless");
    if (field.path == "parallel.pipeline_layers" && value.text.empty())
        return ChartExport::tr("even");
    if ((field.type == FieldType::Real || field.type == FieldType::Int) && field.unit != Unit::None &&
        field.unit != Unit::Count)
        return quantityText(value.number, field.unit, 4);
    return QString::fromStdString(fieldText(field, value));
}

QByteArray reportPdf(const Scenario& scenario, const Result& result, int* pageCount, const Baseline* baseline)
{
    QByteArray bytes;
    QBuffer buffer(&bytes);
    buffer.open(QIODevice::WriteOnly);
    QPdfWriter writer(&buffer);
    writer.setResolution(96);
    writer.setPageLayout(QPageLayout(QPageSize(QPageSize::A4), QPageLayout::Landscape,
                                     QMarginsF(15, 15, 15, 15), QPageLayout::Millimeter));
    writer.setTitle(ChartExport::tr("ShardScope report: %1").arg(QString::fromStdString(scenario.name)));
    writer.setCreator(QStringLiteral("ShardScope"));
    QCPPainter painter(&writer);
    ReportWriter report(&writer, &painter);

    report.text(ChartExport::tr("ShardScope report: %1").arg(QString::fromStdString(scenario.name)), 26,
                true);
    report.text(QLocale().toString(QDateTime::currentDateTime(), QLocale::LongFormat), 13);
    report.space(10);

    report.text(ChartExport::tr("Summary"), 18, true);
    report.resetShade();
    report.row(ChartExport::tr("GPUs"), QLocale().toString(qlonglong(result.gpus)), 13);
    report.row(ChartExport::tr("Parameters"), paramsText(result), 13);
    if (result.params_mtp > 0)
        report.row(ChartExport::tr("Multi-token-prediction modules"),
                   quantityText(result.params_mtp, Unit::Count, 4), 13);
    report.row(ChartExport::tr("Step time"), quantityText(result.step.time_s, Unit::Seconds, 4), 13);
    report.row(ChartExport::tr("Tokens per second"), quantityText(result.step.tokens_per_s, Unit::Count, 4),
               13);
    report.row(ChartExport::tr("MFU"), quantityText(result.step.mfu, Unit::Fraction, 3), 13);
    report.row(ChartExport::tr("Peak memory per GPU"),
               quantityText(result.memory.peak_gpu_bytes, Unit::Bytes, 4), 13);
    report.row(ChartExport::tr("Pipeline bubble"),
               quantityText(result.step.bubble_fraction, Unit::Fraction, 3), 13);
    report.row(ChartExport::tr("Exposed communication"),
               quantityText(result.step.exposed_comm_s, Unit::Seconds, 4), 13);
    report.space(8);
    if (!result.bottleneck.kind.empty())
        report.text(ChartExport::tr("Bottleneck: %1").arg(EngineText::bottleneck(result.bottleneck)), 14,
                    true);
    for (const Warning& w : result.warnings)
        report.text(QStringLiteral("• ") + EngineText::warning(w), 12);
    report.space(10);

    if (baseline) {
        // What the change bought: every headline figure against the pinned baseline.
        report.text(ChartExport::tr("Compared with the baseline “%1”").arg(baseline->label), 18, true);
        report.text(ChartExport::tr("Baseline → current (change = current − baseline)"), 12);
        report.resetShade();
        for (const FigureDelta& d : compareResults(baseline->result, result)) {
            if (d.id.rfind("memory.per_gpu[", 0) == 0)
                continue; // the stages are on the memory chart's page
            report.row(
                CompareText::figureName(d.id),
                QStringLiteral("%1 → %2   %3")
                    .arg(CompareText::baselineValue(d), CompareText::currentValue(d), CompareText::change(d)),
                12);
        }
        report.space(10);
    }

    report.text(ChartExport::tr("Scenario"), 18, true);
    report.resetShade();
    for (const FieldInfo& field : scenarioFields())
        report.row(FieldNames::label(QString::fromStdString(field.path)),
                   fieldValueText(field, scenario, result), 12);

    // Every chart on its own page, scaled to the page from its fixed layout size.
    for (io::ExportChart chart : {io::ExportChart::Memory, io::ExportChart::Gantt, io::ExportChart::Topology,
                                  io::ExportChart::Bandwidth}) {
        report.newPage();
        const QRect area = report.area();
        const QSize size(ChartExport::chartWidth, ChartExport::chartHeight);
        const double scale =
            std::min(area.width() / double(size.width()), area.height() / double(size.height()));
        painter.save();
        painter.scale(scale, scale);
        ChartExport::paint(&painter, size, scenario, result, chart, baseline);
        painter.restore();
    }

    if (!result.explain.empty()) {
        report.newPage();
        report.text(ChartExport::tr("How the figures are computed"), 18, true);
        for (const Explanation& e : result.explain) {
            // The page keeps to the figures a reader looks up: every link's rows (thousands on a large
            // cluster) and the collectives' latency and group sizes stay in the Explain dock and `eval
            // --explain`.
            const QString figure = QString::fromStdString(e.figure);
            const QString pattern = ExplainText::pattern(figure);
            if ((pattern.startsWith(QLatin1String("comm.links[]")) &&
                 !figure.contains(QLatin1String("utilization"))) ||
                pattern.endsWith(QLatin1String(".alpha_s")) || pattern.endsWith(QLatin1String(".ranks")) ||
                pattern.endsWith(QLatin1String(".groups")) || pattern.contains(QLatin1String("buffer_parts")))
                continue;
            if (pattern.startsWith(QLatin1String("comm.links[]"))) {
                QList<int> index;
                ExplainText::pattern(figure, &index);
                const std::size_t j = std::size_t(index.value(0));
                if (j >= result.comm.links.size() || result.comm.links[j].id != result.comm.bottleneck_link)
                    continue;
            }
            report.text(ExplainText::title(figure, &result) + QStringLiteral(" (") + figure +
                            QLatin1Char(')'),
                        13, true);
            report.text(QStringLiteral("%1 = %2 = %3")
                            .arg(ExplainText::formula(e.formula), QString::fromStdString(e.substituted),
                                 ExplainText::valueText(e)),
                        12, false, 16);
            if (!e.source.empty())
                report.text(ChartExport::tr("Source: %1").arg(QString::fromStdString(e.source)), 11, false,
                            16);
        }
    }
    painter.end();
    if (pageCount)
        *pageCount = report.pages();
    return bytes;
}

// What paints one chart onto a painter of the chart's size.
using Painting = std::function<void(QCPPainter*)>;

// SIZE pixels times SCALE, on white.
QImage renderImage(QSize size, double scale, const Painting& paint)
{
    QImage image(QSize(qRound(size.width() * scale), qRound(size.height() * scale)), QImage::Format_ARGB32);
    image.fill(Qt::white);
    QCPPainter painter(&image);
    painter.setRenderHint(QPainter::Antialiasing);
    painter.setRenderHint(QPainter::TextAntialiasing);
    painter.scale(scale, scale);
    paint(&painter);
    painter.end();
    return image;
}

// What WRITE writes into a buffer.
QByteArray written(const std::function<void(QBuffer*)>& write)
{
    QByteArray bytes;
    QBuffer buffer(&bytes);
    buffer.open(QIODevice::WriteOnly);
    write(&buffer);
    return bytes;
}

QByteArray renderSvg(QSize size, const QString& title, const Painting& paint)
{
    return written([&](QBuffer* buffer) {
        QSvgGenerator svg;
        svg.setOutputDevice(buffer);
        svg.setSize(size);
        svg.setViewBox(QRect(QPoint(0, 0), size));
        svg.setTitle(title);
        QCPPainter painter(&svg);
        paint(&painter);
        painter.end();
    });
}

// One page the chart's size (in points at 96 dpi: 0.75 pt per pixel).
QByteArray renderPdf(QSize size, const QString& title, const Painting& paint)
{
    return written([&](QBuffer* buffer) {
        QPdfWriter writer(buffer);
        writer.setResolution(96);
        writer.setPageLayout(
            QPageLayout(QPageSize(QSizeF(size) * 0.75, QPageSize::Point, QString(), QPageSize::ExactMatch),
                        QPageLayout::Portrait, QMarginsF()));
        writer.setTitle(title);
        writer.setCreator(QStringLiteral("ShardScope"));
        QCPPainter painter(&writer);
        paint(&painter);
        painter.end();
    });
}

QByteArray pngBytes(const QImage& image)
{
    return written([&](QBuffer* buffer) { image.save(buffer, "PNG"); });
}

} // namespace

QString ChartExport::title(io::ExportChart chart)
{
    switch (chart) {
    case io::ExportChart::Memory:
        return tr("Memory per GPU");
    case io::ExportChart::Gantt:
        return tr("Step timeline");
    case io::ExportChart::Topology:
        return tr("Topology");
    case io::ExportChart::Bandwidth:
        return tr("Bandwidth");
    case io::ExportChart::Sweep:
        return tr("Sweep");
    case io::ExportChart::Report:
        return tr("Report");
    }
    return {};
}

Result ChartExport::evaluateForExport(const Scenario& scenario)
{
    EvalOptions options;
    options.explain = true;
    options.timeline = true;
    // An invalid scenario gives zero figures with its problems as warnings (evaluate.h): still exportable.
    return evaluate(scenario, options);
}

bool ChartExport::supports(io::ExportChart chart, io::ExportFormat format, QString* error)
{
    QString message;
    if (format == io::ExportFormat::Unknown)
        message = tr("unknown file type: the file name must end in .png, .svg, .pdf, .csv or .json");
    else if (chart == io::ExportChart::Report && format != io::ExportFormat::Pdf)
        message = tr("the report is a PDF: the file name must end in .pdf");
    else if (format == io::ExportFormat::Json && chart != io::ExportChart::Gantt)
        message = tr(".json (a Chrome trace) is only for the gantt chart");
    if (error)
        *error = message;
    return message.isEmpty();
}

void ChartExport::paint(QCPPainter* painter, QSize size, const Scenario& scenario, const Result& result,
                        io::ExportChart chart, const Baseline* baseline)
{
    if (chart == io::ExportChart::Topology) {
        paintTopology(painter, size, scenario, result);
        return;
    }
    std::unique_ptr<QCustomPlot> plot = makePlot(result, chart, size, baseline);
    if (!plot)
        return;
    // toPainter() keeps PAINTER's transform: the report scales the fixed layout onto its page.
    painter->save();
    plot->toPainter(painter, size.width(), size.height());
    painter->restore();
}

QImage ChartExport::image(const Scenario& scenario, const Result& result, io::ExportChart chart, QSize size,
                          double scale, const Baseline* baseline)
{
    return renderImage(size, scale,
                       [&](QCPPainter* painter) { paint(painter, size, scenario, result, chart, baseline); });
}

QByteArray ChartExport::exportData(const Scenario& scenario, const Result& result, io::ExportChart chart,
                                   io::ExportFormat format, QString* error, int* pages,
                                   const Baseline* baseline)
{
    if (!supports(chart, format, error))
        return {};
    const QSize size(chartWidth, chartHeight);
    const Painting painting = [&](QCPPainter* painter) {
        paint(painter, size, scenario, result, chart, baseline);
    };
    switch (format) {
    case io::ExportFormat::Csv:
        if (chart == io::ExportChart::Report) {
            if (error)
                *error = tr("the report is a PDF: the file name must end in .pdf");
            return {};
        }
        return io::chartCsv(chart, result);
    case io::ExportFormat::Json:
        return io::writeTraceEvents(result, QString::fromStdString(scenario.name));
    case io::ExportFormat::Png:
        return pngBytes(renderImage(size, pngScale, painting));
    case io::ExportFormat::Svg:
        return renderSvg(size, title(chart), painting);
    case io::ExportFormat::Pdf: {
        if (chart == io::ExportChart::Report)
            return reportPdf(scenario, result, pages, baseline);
        if (pages)
            *pages = 1;
        return renderPdf(size, title(chart), painting);
    }
    case io::ExportFormat::Unknown:
        break;
    }
    return {};
}

bool ChartExport::exportScenario(const Scenario& scenario, io::ExportChart chart, const QString& file,
                                 QString* error, const Baseline* baseline)
{
    if (chart == io::ExportChart::Sweep) {
        if (error)
            *error = file + QStringLiteral(": ") + tr("the sweep chart needs a parameter and its values");
        return false;
    }
    const io::ExportFormat format = io::exportFormatOf(file);
    QString why;
    if (!supports(chart, format, &why)) {
        if (error)
            *error = file + QStringLiteral(": ") + why;
        return false;
    }
    const Result result = evaluateForExport(scenario);
    const QByteArray bytes = exportData(scenario, result, chart, format, &why, nullptr, baseline);
    if (bytes.isEmpty() && !why.isEmpty()) {
        if (error)
            *error = file + QStringLiteral(": ") + why;
        return false;
    }
    return io::writeFileAtomically(file, bytes, error);
}

void ChartExport::paintSweep(QCPPainter* painter, QSize size, const Scenario& scenario,
                             const SweepResult& sweep)
{
    SweepChart plot;
    plot.setAttribute(Qt::WA_DontShowOnScreen);
    plot.setPalette(printPalette());
    plot.resize(size);
    plot.resetData(sweep, sweepParamValue(scenario, sweep.param), sweep.geometric);
    plot.setBackground(Qt::white);
    // As makePlot(): the resize event lays the note out to the export width.
    QResizeEvent resize(size, size);
    QCoreApplication::sendEvent(&plot, &resize);
    plot.resetData(sweep, sweepParamValue(scenario, sweep.param), sweep.geometric);
    plot.setBackground(Qt::white);
    plot.replot(QCustomPlot::rpImmediateRefresh);
    painter->save();
    plot.toPainter(painter, size.width(), size.height());
    painter->restore();
}

QImage ChartExport::sweepImage(const Scenario& scenario, const SweepResult& sweep, QSize size, double scale)
{
    return renderImage(size, scale, [&](QCPPainter* painter) { paintSweep(painter, size, scenario, sweep); });
}

QByteArray ChartExport::sweepData(const Scenario& scenario, const SweepResult& sweep, io::ExportFormat format,
                                  QString* error)
{
    if (!supports(io::ExportChart::Sweep, format, error))
        return {};
    const QSize size(chartWidth, chartHeight);
    const Painting painting = [&](QCPPainter* painter) { paintSweep(painter, size, scenario, sweep); };
    switch (format) {
    case io::ExportFormat::Csv:
        // The numbers `shardscope-cli sweep` prints, with RFC 4180 line ends as the other CSV exports.
        return QByteArray::fromStdString(sweepCsv(sweep, "\r\n"));
    case io::ExportFormat::Png:
        return pngBytes(sweepImage(scenario, sweep));
    case io::ExportFormat::Svg:
        return renderSvg(size, title(io::ExportChart::Sweep), painting);
    case io::ExportFormat::Pdf:
        return renderPdf(size, title(io::ExportChart::Sweep), painting);
    case io::ExportFormat::Json:
    case io::ExportFormat::Unknown:
        break;
    }
    return {};
}

bool ChartExport::exportSweep(const Scenario& scenario, const SweepSpec& spec, const QString& file,
                              QString* error)
{
    const io::ExportFormat format = io::exportFormatOf(file);
    QString why;
    if (!supports(io::ExportChart::Sweep, format, &why)) {
        if (error)
            *error = file + QStringLiteral(": ") + why;
        return false;
    }
    const SweepResult sweep = runSweep(scenario, spec);
    if (!sweep.error.empty()) {
        if (error)
            *error = file + QStringLiteral(": ") + QString::fromStdString(sweep.error);
        return false;
    }
    const QByteArray bytes = sweepData(scenario, sweep, format, &why);
    if (bytes.isEmpty()) {
        if (error)
            *error = file + QStringLiteral(": ") + why;
        return false;
    }
    return io::writeFileAtomically(file, bytes, error);
}

} // namespace ss
