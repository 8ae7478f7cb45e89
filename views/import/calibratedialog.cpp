// SPDX-License-Identifier: GPL-3.0-or-later
#include "calibratedialog.h"

#include "evaluate.h"
#include "scenariodocument.h"
#include "unitformat.h"

#include <QDialogButtonBox>
#include <QDir>
#include <QDoubleSpinBox>
#include <QEvent>
#include <QFileDialog>
#include <QFileInfo>
#include <QFormLayout>
#include <QFutureWatcher>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
#include <QLocale>
#include <QProgressBar>
#include <QPushButton>
#include <QTableWidget>
#include <QVBoxLayout>
#include <QtConcurrent/QtConcurrentRun>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <limits>

namespace ss {

namespace {

// The colours the summary strip gives its warnings and problems.
const QString warningStyle = QStringLiteral("QLabel { color: #b26a00; }");
const QString errorStyle = QStringLiteral("QLabel { color: #d62728; }");

// A step time typed with its unit ("13.75 s", "850 ms", "1e-9"), written back as the shortest exact text, as
// the parameter panel's fields are; from a nanosecond to a day.
class StepTimeBox : public QDoubleSpinBox
{
public:
    explicit StepTimeBox(QWidget* parent) : QDoubleSpinBox(parent)
    {
        // QDoubleSpinBox rounds every value to its decimals: enough of them to keep a nanosecond.
        setDecimals(12);
        setRange(1e-9, 86400);
        setStepType(QAbstractSpinBox::AdaptiveDecimalStepType);
        setKeyboardTracking(false);
        setAccelerated(true);
    }

    QString textFromValue(double value) const override { return exactQuantityText(value, Unit::Seconds); }
    double valueFromText(const QString& text) const override
    {
        double value = 0;
        return parse(text, value) ? value : this->value();
    }
    QValidator::State validate(QString& text, int&) const override
    {
        double value = 0;
        return parse(text, value) && value >= minimum() && value <= maximum() ? QValidator::Acceptable
                                                                              : QValidator::Intermediate;
    }

private:
    static bool parse(const QString& text, double& value)
    {
        return parseQuantity(text.trimmed().toStdString(), Unit::Seconds, value) && value > 0 &&
               std::isfinite(value);
    }
};

// A table as tall as its rows, one line each, without scroll bars: a handful of figures to read at a glance.
void fitHeightToRows(QTableWidget* table)
{
    table->setWordWrap(false);
    table->setVerticalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    table->setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    const int rowHeight = table->fontMetrics().height() + 8;
    table->verticalHeader()->setSectionResizeMode(QHeaderView::Fixed);
    table->verticalHeader()->setDefaultSectionSize(rowHeight);
    table->setFixedHeight(table->horizontalHeader()->sizeHint().height() + table->rowCount() * rowHeight +
                          2 * table->frameWidth());
}

QTableWidgetItem* cell(QTableWidget* table, int row, int column)
{
    QTableWidgetItem* item = table->item(row, column);
    if (!item) {
        item = new QTableWidgetItem;
        item->setTextAlignment(Qt::AlignRight | Qt::AlignVCenter);
        table->setItem(row, column, item);
    }
    return item;
}

// A relative error as a signed percentage; small ones with more decimals, so a fit's residue reads as such.
QString percentErrorText(double relative)
{
    const double percent = relative * 100;
    const int decimals = std::abs(percent) < 0.1 ? 4 : 1;
    // What rounds to zero is written without a sign: "-0.0000%" would suggest an error that is not there.
    if (std::abs(percent) < 0.5 * std::pow(10.0, -decimals))
        return localeNumber(0, decimals, true);
    const QString text = localeNumber(percent, decimals, true);
    return percent > 0 ? QLocale().positiveSign() + text : text;
}

} // namespace

CalibrateDialog::CalibrateDialog(ScenarioDocument* document, QWidget* parent)
    : QDialog(parent), m_document(document)
{
    setObjectName(QStringLiteral("calibrateDialog"));
    auto* layout = new QVBoxLayout(this);
    auto* form = new QFormLayout;
    buildSource(form);
    layout->addLayout(form);

    m_heading = new QLabel(this);
    m_heading->setObjectName(QStringLiteral("calibrateHeading"));
    layout->addWidget(m_heading);
    m_readLabel = new QLabel(this);
    m_readLabel->setObjectName(QStringLiteral("calibrateRead"));
    m_readLabel->setWordWrap(true);
    m_readLabel->setTextInteractionFlags(Qt::TextSelectableByMouse);
    layout->addWidget(m_readLabel);
    m_warnings = new QLabel(this);
    m_warnings->setObjectName(QStringLiteral("calibrateWarnings"));
    m_warnings->setWordWrap(true);
    m_warnings->setStyleSheet(warningStyle);
    m_warnings->setTextInteractionFlags(Qt::TextSelectableByMouse);
    layout->addWidget(m_warnings);

    m_busy = new QProgressBar(this);
    m_busy->setObjectName(QStringLiteral("calibrateBusy"));
    m_busy->setRange(0, 0); // busy: how many evaluations a fit takes is not known beforehand
    m_busy->setTextVisible(false);
    layout->addWidget(m_busy);
    m_summary = new QLabel(this);
    m_summary->setObjectName(QStringLiteral("calibrateSummary"));
    m_summary->setWordWrap(true);
    layout->addWidget(m_summary);

    m_results = new QTableWidget(RowCount, 2, this);
    m_results->setObjectName(QStringLiteral("calibrateResults"));
    m_results->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_results->setSelectionMode(QAbstractItemView::NoSelection);
    m_results->setFocusPolicy(Qt::NoFocus);
    m_results->horizontalHeader()->setSectionResizeMode(QHeaderView::Stretch);
    layout->addWidget(m_results);

    m_kernelCaption = new QLabel(this);
    m_kernelCaption->setObjectName(QStringLiteral("calibrateKernelCaption"));
    m_kernelCaption->setWordWrap(true);
    layout->addWidget(m_kernelCaption);
    m_kernels = new QTableWidget(0, 3, this);
    m_kernels->setObjectName(QStringLiteral("calibrateKernels"));
    m_kernels->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_kernels->setSelectionMode(QAbstractItemView::NoSelection);
    m_kernels->setFocusPolicy(Qt::NoFocus);
    m_kernels->verticalHeader()->hide();
    m_kernels->horizontalHeader()->setSectionResizeMode(0, QHeaderView::Stretch);
    m_kernels->horizontalHeader()->setSectionResizeMode(1, QHeaderView::ResizeToContents);
    m_kernels->horizontalHeader()->setSectionResizeMode(2, QHeaderView::ResizeToContents);
    layout->addWidget(m_kernels);

    m_error = new QLabel(this);
    m_error->setObjectName(QStringLiteral("calibrateError"));
    m_error->setWordWrap(true);
    m_error->setStyleSheet(errorStyle);
    m_error->setTextInteractionFlags(Qt::TextSelectableByMouse);
    layout->addWidget(m_error);
    m_stale = new QLabel(this);
    m_stale->setObjectName(QStringLiteral("calibrateStale"));
    m_stale->setWordWrap(true);
    m_stale->setStyleSheet(warningStyle);
    layout->addWidget(m_stale);
    layout->addStretch(1);

    auto* buttons = new QDialogButtonBox(QDialogButtonBox::Apply | QDialogButtonBox::Close, this);
    m_apply = buttons->button(QDialogButtonBox::Apply);
    m_apply->setObjectName(QStringLiteral("calibrateApply"));
    m_close = buttons->button(QDialogButtonBox::Close);
    m_fitAgain = buttons->addButton(QString(), QDialogButtonBox::ActionRole);
    m_fitAgain->setObjectName(QStringLiteral("calibrateFitAgain"));
    // Return in the file or the step box starts a fit; it must not also press a button of the dialog.
    for (QPushButton* button : buttons->findChildren<QPushButton*>())
        button->setAutoDefault(false);
    connect(m_apply, &QPushButton::clicked, this, &CalibrateDialog::apply);
    connect(m_fitAgain, &QPushButton::clicked, this, &CalibrateDialog::fitAgain);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    layout->addWidget(buttons);

    connect(m_document, &ScenarioDocument::scenarioChanged, this, &CalibrateDialog::updateState);
    // The step box starts at what the scenario was calibrated to, or else at the modelled step (4 digits).
    const double calibrated = m_document->scenario().compute.measured_step_s;
    const double modelled =
        m_document->hasResult() ? QString::number(m_document->result().step.time_s, 'g', 4).toDouble() : 0;
    {
        const QSignalBlocker quiet(m_stepBox);
        m_stepBox->setValue(calibrated > 0 ? calibrated : modelled > 0 ? modelled : 1);
    }
    retranslate();
    resize(640, 560);
}

CalibrateDialog::~CalibrateDialog()
{
    // A fit still running delivers to nothing: its watcher goes with the dialog, and the work owns its
    // inputs.
    ++m_generation;
}

// The measured run: a file, or a step time typed in.
void CalibrateDialog::buildSource(QFormLayout* form)
{
    m_fileLabel = new QLabel(this);
    m_fileEdit = new QLineEdit(this);
    m_fileEdit->setObjectName(QStringLiteral("calibrateFile"));
    m_fileEdit->setClearButtonEnabled(true);
    m_fileLabel->setBuddy(m_fileEdit);
    m_browse = new QPushButton(this);
    m_browse->setObjectName(QStringLiteral("calibrateBrowse"));
    m_browse->setAutoDefault(false);
    auto* fileRow = new QHBoxLayout;
    fileRow->addWidget(m_fileEdit, 1);
    fileRow->addWidget(m_browse);
    form->addRow(m_fileLabel, fileRow);
    connect(m_browse, &QPushButton::clicked, this, &CalibrateDialog::browse);
    connect(m_fileEdit, &QLineEdit::returnPressed, this, [this] {
        if (!m_fileEdit->text().trimmed().isEmpty())
            calibrateToFile(m_fileEdit->text().trimmed());
    });

    m_stepLabel = new QLabel(this);
    m_stepBox = new StepTimeBox(this);
    m_stepBox->setObjectName(QStringLiteral("calibrateStepTime"));
    m_stepBox->setMinimumWidth(140);
    m_stepLabel->setBuddy(m_stepBox);
    m_fitTyped = new QPushButton(this);
    m_fitTyped->setObjectName(QStringLiteral("calibrateFitTyped"));
    m_fitTyped->setAutoDefault(false);
    auto* stepRow = new QHBoxLayout;
    stepRow->addWidget(m_stepBox);
    stepRow->addWidget(m_fitTyped);
    stepRow->addStretch(1);
    form->addRow(m_stepLabel, stepRow);
    // Without keyboard tracking the value changes when it is committed (Return, focus out) or stepped.
    connect(m_stepBox, &QDoubleSpinBox::valueChanged, this, &CalibrateDialog::calibrateToStepTime);
    connect(m_fitTyped, &QPushButton::clicked, this, [this] { calibrateToStepTime(m_stepBox->value()); });
}

void CalibrateDialog::browse()
{
    const QString filters = QStringList{tr("Training logs and profiler traces (*.log *.txt *.out *.json)"),
                                        tr("Megatron-LM or torchtitan logs (*.log *.txt *.out)"),
                                        tr("PyTorch profiler traces (*.json)"), tr("All files (*)")}
                                .join(QStringLiteral(";;"));
    const QString dir = m_fileName.isEmpty() ? QString() : QFileInfo(m_fileName).absolutePath();
    const QString fileName = QFileDialog::getOpenFileName(this, tr("Measured Run"), dir, filters);
    if (!fileName.isEmpty())
        calibrateToFile(fileName);
}

void CalibrateDialog::calibrateToFile(const QString& fileName)
{
    m_fileName = fileName;
    m_hasSource = true;
    m_fileEdit->setText(QDir::toNativeSeparators(fileName));
    start();
}

void CalibrateDialog::calibrateToStepTime(double seconds)
{
    // The file is no longer the source: the fields show what the fit is of.
    m_fileName.clear();
    m_fileEdit->clear();
    m_typedSeconds = seconds;
    m_hasSource = true;
    if (m_stepBox->value() != seconds) {
        const QSignalBlocker quiet(m_stepBox);
        m_stepBox->setValue(seconds);
    }
    start();
}

void CalibrateDialog::fitAgain()
{
    if (m_hasSource)
        start();
}

CalibrateDialog::Outcome CalibrateDialog::calibrate(const Scenario& scenario, const QString& fileName,
                                                    double typedSeconds)
{
    Outcome out;
    if (fileName.isEmpty()) {
        out.step.seconds = typedSeconds;
    } else {
        QString error;
        if (!io::readMeasuredRunFile(fileName, out.run, &error)) {
            out.readError = error;
            return out;
        }
        out.hasRun = true;
        if (!io::measuredStep(out.run, scenario, out.step, &error)) {
            out.readError = QFileInfo(fileName).fileName() + QLatin1String(": ") + error;
            return out;
        }
    }
    out.fit = fitComputeScale(scenario, out.step.seconds);
    // A trace's kernel classes are compared with the model's at the fitted scale: one evaluation more.
    if (out.fit.ok() && !out.run.kernels.empty()) {
        EvalOptions options;
        options.drawing_detail = false;
        out.kernels = evaluate(applyComputeFit(scenario, out.fit, {}), options).step.kernels;
        out.hasKernels = true;
    }
    return out;
}

void CalibrateDialog::start()
{
    const quint64 generation = ++m_generation;
    m_fitted = m_document->scenario();
    m_outcome = Outcome();
    if (!m_document->isValid()) {
        // Nothing to fit: the engine would not simulate the step.
        m_outcome.readError =
            tr("The scenario has problems (see the parameters): fix them before calibrating.");
        deliver(m_outcome);
        return;
    }
    m_state = State::Running;
    showRead();
    updateState();
    // Not a BackgroundJob: that waits for its work when the dialog goes, and a fit of a large cluster takes
    // seconds that closing must not freeze. The work owns copies of its inputs; the watcher dies with the
    // dialog, and a result of an older generation (superseded, or the dialog closed) is dropped.
    auto* watcher = new QFutureWatcher<Outcome>(this);
    connect(watcher, &QFutureWatcherBase::finished, this, [this, watcher, generation] {
        watcher->deleteLater();
        if (generation == m_generation)
            deliver(watcher->result());
    });
    watcher->setFuture(QtConcurrent::run(&CalibrateDialog::calibrate, m_fitted, m_fileName, m_typedSeconds));
}

void CalibrateDialog::deliver(const Outcome& outcome)
{
    m_outcome = outcome;
    m_state = outcome.readError.isEmpty() && outcome.fit.ok() ? State::Fitted : State::Failed;
    showRead();
    showResults();
    showKernels();
    updateState();
    emit fitFinished();
}

void CalibrateDialog::done(int result)
{
    ++m_generation;
    if (isRunning()) {
        m_state = State::Empty;
        updateState();
    }
    QDialog::done(result);
}

QString CalibrateDialog::errorText() const
{
    if (m_state != State::Failed)
        return {};
    if (!m_outcome.readError.isEmpty())
        return m_outcome.readError;
    return tr("No compute scale reproduces the measured step: %1").arg(fitErrorText());
}

// The engine's reason in words of this language. Which bound the fit ran into follows from where it started:
// a step already longer than the measured one was sped up as far as allowed, a shorter one slowed down.
QString CalibrateDialog::fitErrorText() const
{
    const ComputeFit& fit = m_outcome.fit;
    const QString measured = quantityText(fit.measured_s, Unit::Seconds);
    if (!(fit.measured_s > 0))
        return tr("the measured step time must be a number of seconds above 0.");
    if (!(fit.step_before_s > 0))
        return tr("the scenario has no step time to fit (it is invalid or too large to simulate).");
    if (fit.step_before_s > fit.measured_s)
        return tr("the measured step (%1) is shorter than this scenario's communication and pipeline bubbles "
                  "alone, even with its compute a thousand times faster. The run's network, layout or batch "
                  "differs from the scenario's.")
            .arg(measured);
    return tr("the measured step (%1) is longer than this scenario takes with its compute %2 times slower. "
              "The run's layout or batch differs from the scenario's.")
        .arg(measured)
        .arg(int(kMaxComputeScale));
}

bool CalibrateDialog::isStale() const
{
    return (m_state == State::Fitted || m_state == State::Failed) && m_fitted != m_document->scenario();
}

bool CalibrateDialog::canApply() const
{
    return m_state == State::Fitted && m_outcome.fit.ok() && !isStale();
}

// What compute.calibrated_from records, as the CLI's calibrate does: the file's name, or "typed".
QString CalibrateDialog::sourceName() const
{
    return m_fileName.isEmpty() ? QStringLiteral("typed") : QFileInfo(m_fileName).fileName();
}

bool CalibrateDialog::apply()
{
    if (!canApply())
        return false;
    const Scenario after = applyComputeFit(m_document->scenario(), m_outcome.fit, sourceName().toStdString());
    const QString what =
        m_fileName.isEmpty()
            ? tr("a typed step of %1").arg(quantityText(m_outcome.fit.measured_s, Unit::Seconds))
            : sourceName();
    // One undo step for the three fields; the document stays bound to its own file.
    m_document->replaceScenario(after, tr("Calibrate compute to %1").arg(what), m_document->fileName());
    accept();
    return true;
}

void CalibrateDialog::changeEvent(QEvent* event)
{
    QDialog::changeEvent(event);
    if (event->type() == QEvent::LanguageChange)
        retranslate();
}

// The dialog's own words. What the reader said (how the step was derived, its warnings, its errors) keeps the
// language it was read in, as the import preview's notes do.
void CalibrateDialog::retranslate()
{
    setWindowTitle(tr("Calibrate Compute"));
    m_fileLabel->setText(tr("Measured &run:"));
    m_fileEdit->setPlaceholderText(
        tr("A Megatron-LM or torchtitan log, or a PyTorch profiler trace (.json)"));
    m_browse->setText(tr("&Browse…"));
    m_stepLabel->setText(tr("Or a &step time:"));
    m_stepBox->setToolTip(tr("The measured time of one training step, e.g. 13.75 s or 850 ms"));
    m_fitTyped->setText(tr("&Fit"));
    m_fitAgain->setText(tr("Fit &Again"));
    m_fitAgain->setToolTip(tr("Fit the same measured step to the scenario as it is now"));
    m_apply->setToolTip(tr("Set the fitted compute scale on the scenario (one undo step)"));
    m_results->setHorizontalHeaderLabels({tr("Before"), tr("After the fit")});
    m_results->setVerticalHeaderLabels(
        {tr("Compute scale"), tr("Modelled step"), tr("Measured step"), tr("Error")});
    m_kernels->setHorizontalHeaderLabels({tr("Kernel class"), tr("Measured"), tr("Modelled after the fit")});
    m_kernelCaption->setText(tr("Kernel time per step by class: the trace's GPU against the model's busiest "
                                "pipeline stage at the fitted scale."));
    showRead();
    showResults();
    showKernels();
    updateState();
}

// What was read: the format, the measured step and how it was derived, the reader's warnings.
void CalibrateDialog::showRead()
{
    const bool shown =
        m_state == State::Fitted || (m_state == State::Failed && m_outcome.readError.isEmpty());
    m_heading->setVisible(shown);
    m_readLabel->setVisible(shown);
    m_warnings->setVisible(shown && !m_outcome.step.warnings.isEmpty());
    if (!shown)
        return;
    const io::MeasuredRun& run = m_outcome.run;
    QString format = tr("Typed step time");
    if (m_outcome.hasRun) {
        if (run.format == "megatron-log")
            format = tr("Megatron-LM log");
        else if (run.format == "torchtitan-log")
            format = tr("torchtitan log");
        else if (run.format == "pytorch-trace")
            format = tr("PyTorch profiler trace");
        else
            format = QString::fromStdString(run.format);
    }
    m_heading->setText(
        m_outcome.hasRun ? tr("<b>%1</b> — %2").arg(QFileInfo(m_fileName).fileName().toHtmlEscaped(), format)
                         : QStringLiteral("<b>%1</b>").arg(format));
    QStringList rows;
    const auto row = [&rows](const QString& name, const QString& value) {
        rows << QStringLiteral("<tr><td>%1</td><td style=\"padding-left:12px\">%2</td></tr>")
                    .arg(name.toHtmlEscaped(), value.toHtmlEscaped());
    };
    row(tr("Measured step"), quantityText(m_outcome.step.seconds, Unit::Seconds, 4));
    row(tr("Derived from"), m_outcome.hasRun ? m_outcome.step.how : tr("typed in"));
    if (run.tflops_per_gpu > 0)
        row(tr("Throughput per GPU"), quantityText(run.tflops_per_gpu * 1e12, Unit::FlopsPerSecond));
    if (run.mfu > 0)
        row(tr("MFU"), localeNumber(run.mfu * 100, 1, true));
    if (run.global_batch > 0)
        row(tr("Global batch"), tr("%1 sequences").arg(QLocale().toString(qlonglong(run.global_batch))));
    m_readLabel->setText(QStringLiteral("<table>%1</table>").arg(rows.join(QString())));
    if (!m_outcome.step.warnings.isEmpty()) {
        QString html = QStringLiteral("<b>%1</b><ul style=\"margin-left:-20px\">").arg(tr("Warnings"));
        for (const QString& line : std::as_const(m_outcome.step.warnings))
            html += QStringLiteral("<li>%1</li>").arg(line.toHtmlEscaped());
        m_warnings->setText(html + QStringLiteral("</ul>"));
    }
}

// Before and after the fit: the scale, the modelled and the measured step, the error.
void CalibrateDialog::showResults()
{
    const ComputeFit& fit = m_outcome.fit;
    const int significant = 4;
    const double scales[] = {fit.scale_before, fit.scale_after};
    const double steps[] = {fit.step_before_s, fit.step_after_s};
    const double errors[] = {fit.error_before, fit.error_after};
    for (int column = 0; column < 2; ++column) {
        cell(m_results, ScaleRow, column)->setText(QLocale().toString(scales[column], 'g', significant));
        cell(m_results, ModelledRow, column)
            ->setText(quantityText(steps[column], Unit::Seconds, significant));
        cell(m_results, MeasuredRow, column)
            ->setText(quantityText(fit.measured_s, Unit::Seconds, significant));
        cell(m_results, ErrorRow, column)->setText(percentErrorText(errors[column]));
    }
    // The fit's outcome stands out, as the import preview's imported values do.
    for (int row = 0; row < RowCount; ++row) {
        QTableWidgetItem* after = cell(m_results, row, 1);
        QFont bold = after->font();
        bold.setBold(row != MeasuredRow);
        after->setFont(bold);
    }
    fitHeightToRows(m_results);
}

// A trace's kernel classes, measured against the model after the fit; classes the model does not price as
// compute kernels (communication, copies, the rest) are shown as measured only.
void CalibrateDialog::showKernels()
{
    const std::vector<io::KernelClassTime>& measured = m_outcome.run.kernels;
    const int rows = m_outcome.hasKernels ? int(measured.size()) : 0;
    m_kernels->setRowCount(rows);
    for (int row = 0; row < rows; ++row) {
        const io::KernelClassTime& k = measured[std::size_t(row)];
        QString name = QString::fromStdString(k.kernel_class);
        if (k.kernel_class == "gemm")
            name = tr("GEMM");
        else if (k.kernel_class == "attention")
            name = tr("Attention");
        else if (k.kernel_class == "elementwise")
            name = tr("Elementwise (memory-bound)");
        else if (k.kernel_class == "optimizer")
            name = tr("Optimizer");
        else if (k.kernel_class == "communication")
            name = tr("Communication");
        else if (k.kernel_class == "memcpy")
            name = tr("Memory copies");
        else if (k.kernel_class == "other")
            name = tr("Other");
        QTableWidgetItem* label = cell(m_kernels, row, 0);
        label->setTextAlignment(Qt::AlignLeft | Qt::AlignVCenter);
        label->setText(name);
        label->setToolTip(tr("%n kernel(s) in the profiled steps", nullptr,
                             int(std::min<std::int64_t>(k.count, std::numeric_limits<int>::max()))));
        cell(m_kernels, row, 1)->setText(quantityText(k.seconds, Unit::Seconds));
        const double model = io::modelKernelSeconds(m_outcome.kernels, k.kernel_class);
        QTableWidgetItem* modelled = cell(m_kernels, row, 2);
        modelled->setText(model >= 0 ? quantityText(model, Unit::Seconds) : QStringLiteral("—"));
        modelled->setToolTip(
            model >= 0 ? QString() : tr("Not a compute kernel class of the model: shown as measured only"));
    }
    fitHeightToRows(m_kernels);
}

void CalibrateDialog::updateState()
{
    const bool running = isRunning();
    const bool fitted = m_state == State::Fitted;
    m_busy->setVisible(running);
    m_results->setVisible(fitted);
    m_kernelCaption->setVisible(fitted && m_kernels->rowCount() > 0);
    m_kernels->setVisible(fitted && m_kernels->rowCount() > 0);
    if (running)
        m_summary->setText(m_fileName.isEmpty()
                               ? tr("Fitting the compute scale: the step is simulated several times…")
                               : tr("Reading the run and fitting the compute scale: the step is simulated "
                                    "several times…"));
    else if (fitted)
        m_summary->setText(tr("Fitted in %n simulation(s) of the step.", nullptr, m_outcome.fit.evaluations));
    m_summary->setVisible(running || fitted);
    m_error->setVisible(m_state == State::Failed);
    m_error->setText(errorText());
    // The engine's own sentence, with the step it reached at the bound, for the curious.
    m_error->setToolTip(m_outcome.readError.isEmpty() ? QString::fromStdString(m_outcome.fit.error)
                                                      : QString());
    const bool stale = isStale();
    m_stale->setVisible(stale);
    m_stale->setText(tr("The scenario changed since this fit: Fit Again to calibrate it as it is now."));
    m_fitAgain->setEnabled(m_hasSource && !running);
    m_apply->setEnabled(canApply());
}

} // namespace ss
