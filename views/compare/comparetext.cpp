// SPDX-License-Identifier: GPL-3.0-or-later
#include "comparetext.h"

#include "unitformat.h"

#include <cmath>

namespace ss {

namespace {

const QChar minus(0x2212); // a real minus sign: a hyphen reads as a dash beside a number

QString signedText(double value, const QString& magnitude)
{
    if (value > 0)
        return QLatin1Char('+') + magnitude;
    if (value < 0)
        return minus + magnitude;
    return magnitude;
}

QString valueText(const FigureDelta& delta, double value, bool present)
{
    if (!present)
        return QStringLiteral("–");
    return quantityText(value, delta.unit, 4);
}

} // namespace

QString CompareText::figureName(const std::string& id)
{
    if (id == "step.time_s")
        return tr("Step time");
    if (id == "step.tokens_per_s")
        return tr("Tokens/s");
    if (id == "step.mfu")
        return tr("MFU");
    if (id == "step.hfu")
        return tr("HFU (recompute counted)");
    if (id == "step.bubble_fraction")
        return tr("Bubble");
    if (id == "step.exposed_comm_s")
        return tr("Exposed communication");
    if (id == "step.compute_s")
        return tr("Compute time");
    if (id == "memory.peak_gpu_bytes")
        return tr("Peak memory per GPU");
    if (id == "memory.cpu_bytes_per_node")
        return tr("Host memory per node");
    if (id == "memory.nvme_bytes_per_node")
        return tr("NVMe per node");
    if (id == "compute.model_flops_per_step")
        return tr("Model FLOPs per step");
    if (id == "compute.hardware_flops_per_step")
        return tr("Hardware FLOPs per step");
    if (id == "params_total")
        return tr("Parameters");
    if (id == "gpus")
        return tr("GPUs");
    if (id == "microbatches")
        return tr("Microbatches");
    // memory.per_gpu[N].FIELD
    const QString text = QString::fromStdString(id);
    const QString prefix = QStringLiteral("memory.per_gpu[");
    const qsizetype close = text.indexOf(QStringLiteral("]."));
    if (text.startsWith(prefix) && close > prefix.size()) {
        const QString stage = text.mid(prefix.size(), close - prefix.size());
        const QString field = text.mid(close + 2);
        QString what;
        if (field == QLatin1String("params"))
            what = tr("parameters");
        else if (field == QLatin1String("grads"))
            what = tr("gradients");
        else if (field == QLatin1String("optimizer"))
            what = tr("optimizer states");
        else if (field == QLatin1String("activations"))
            what = tr("activations");
        else if (field == QLatin1String("buffers"))
            what = tr("buffers");
        else if (field == QLatin1String("total"))
            what = tr("total");
        if (!what.isEmpty())
            return tr("Stage %1 %2").arg(stage, what);
    }
    return text;
}

QString CompareText::baselineValue(const FigureDelta& delta)
{
    return valueText(delta, delta.baseline, delta.in_baseline);
}

QString CompareText::currentValue(const FigureDelta& delta)
{
    return valueText(delta, delta.current, delta.in_current);
}

QString CompareText::absolute(const FigureDelta& delta)
{
    if (!delta.in_baseline || !delta.in_current || !std::isfinite(delta.delta))
        return QStringLiteral("–");
    if (delta.verdict == Verdict::Same)
        return QStringLiteral("0");
    const double size = std::fabs(delta.delta);
    // A fraction's change in percentage points: "MFU +4 pp" is not "MFU +4%" (that is the relative change).
    if (delta.unit == Unit::Fraction)
        return signedText(delta.delta, tr("%1 pp").arg(quantityText(size * 100, Unit::None, 3)));
    return signedText(delta.delta, quantityText(size, delta.unit, 3));
}

QString CompareText::relative(const FigureDelta& delta)
{
    if (!delta.relative || !std::isfinite(*delta.relative) || delta.verdict == Verdict::Same)
        return {};
    return signedText(*delta.relative, quantityText(std::fabs(*delta.relative), Unit::Fraction, 2));
}

QString CompareText::change(const FigureDelta& delta)
{
    if (!delta.in_baseline || !delta.in_current)
        return QStringLiteral("–");
    if (delta.verdict == Verdict::Same)
        return tr("no change");
    const QString percent = relative(delta);
    return percent.isEmpty() ? absolute(delta) : tr("%1 (%2)").arg(absolute(delta), percent);
}

QString CompareText::toolTip(const FigureDelta& delta, const QString& baselineLabel)
{
    QString verdict;
    switch (delta.verdict) {
    case Verdict::Better:
        verdict = tr("better");
        break;
    case Verdict::Worse:
        verdict = tr("worse");
        break;
    case Verdict::Same:
    case Verdict::Neutral:
        break;
    }
    QString text = tr("%1\nBaseline (%2): %3\nCurrent: %4\nChange: %5")
                       .arg(figureName(delta.id), baselineLabel, baselineValue(delta), currentValue(delta),
                            change(delta));
    if (!verdict.isEmpty())
        text += tr(", %1").arg(verdict);
    return text;
}

QColor CompareText::verdictColor(Verdict verdict, const QPalette& palette)
{
    // Darker shades on a light background, lighter ones on a dark theme, so both read.
    const bool dark = palette.color(QPalette::Window).lightness() < 128;
    switch (verdict) {
    case Verdict::Better:
        return dark ? QColor(0x81, 0xC7, 0x84) : QColor(0x2E, 0x7D, 0x32);
    case Verdict::Worse:
        return dark ? QColor(0xEF, 0x9A, 0x9A) : QColor(0xC6, 0x28, 0x28);
    case Verdict::Same:
    case Verdict::Neutral:
        break;
    }
    return {};
}

QString CompareText::stepLine(const std::vector<FigureDelta>& deltas)
{
    const FigureDelta* time = findDelta(deltas, "step.time_s");
    const FigureDelta* bubble = findDelta(deltas, "step.bubble_fraction");
    if (!time || !bubble || !time->in_baseline || !time->in_current)
        return {};
    // Short enough for the title of a chart on a 1024-pixel screen: the baseline's name is in the summary
    // and the Compare tab; the step time's change in percent, the bubble's in points.
    const QString timeChange = relative(*time).isEmpty() ? change(*time) : relative(*time);
    return tr("Against the baseline: step %1 → %2 (%3), bubble %4 → %5 (%6)")
        .arg(baselineValue(*time), currentValue(*time), timeChange, baselineValue(*bubble),
             currentValue(*bubble), bubble->verdict == Verdict::Same ? change(*bubble) : absolute(*bubble));
}

} // namespace ss
