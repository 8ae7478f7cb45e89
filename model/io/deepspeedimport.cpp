// SPDX-License-Identifier: GPL-3.0-or-later
#include "deepspeedimport.h"

#include "fields.h"
#include "importsupport.h"

#include <QCoreApplication>

namespace ss::io {

namespace {

using detail::JsonFields;

class DeepSpeedReader : public detail::ImportReader
{
    Q_DECLARE_TR_FUNCTIONS(ss::io::Import)

public:
    explicit DeepSpeedReader(const QString& fileName) : ImportReader(fileName), m_fields(*this) {}

    bool read(const QByteArray& data, ImportResult& out);

private:
    bool readZero(const QJsonObject& root, ImportResult& out);
    bool readDevice(const QJsonObject& zero, const char* key, const QString& legacyKey, Offload& out,
                    bool& given);
    bool readOffload(const QJsonObject& zero, const char* key, const QString& legacyKey, const char* field,
                     const QString& summary, Offload& offload, ImportResult& out);
    bool readPrecision(const QJsonObject& root, ImportResult& out);
    bool readCommunication(const QJsonObject& root, ImportResult& out);
    bool readOptimizer(const QJsonObject& root, ImportResult& out);
    bool readBatch(const QJsonObject& root, ImportResult& out);

    JsonFields m_fields;
    QStringList m_summary;
};

bool DeepSpeedReader::readDevice(const QJsonObject& zero, const char* key, const QString& legacyKey,
                                 Offload& out, bool& given)
{
    given = false;
    const QString prefix = QStringLiteral("zero_optimization.");
    std::optional<QJsonObject> section;
    if (!m_fields.object(zero, prefix, key, section))
        return false;
    if (section) {
        const QString sectionPrefix = prefix + QLatin1String(key) + QLatin1Char('.');
        std::optional<QString> device;
        if (!m_fields.string(*section, sectionPrefix, "device", device))
            return false;
        if (!device)
            return true;
        const QString name = device->trimmed().toLower();
        if (name == QLatin1String("auto"))
            return true;
        if (name == QLatin1String("none"))
            out = Offload::None;
        else if (name == QLatin1String("cpu"))
            out = Offload::Cpu;
        else if (name == QLatin1String("nvme"))
            out = Offload::Nvme;
        else
            return fail(
                sectionPrefix + QLatin1String("device"),
                tr("expected \"none\", \"cpu\" or \"nvme\", got the string \"%1\"").arg(device->left(40)));
        given = true;
        return true;
    }
    // ZeRO-Offload's first keys (DeepSpeed 0.3): "cpu_offload": true, "cpu_offload_params": true.
    std::optional<bool> legacy;
    if (!m_fields.boolean(zero, prefix, legacyKey.toLatin1().constData(), legacy, true))
        return false;
    if (legacy) {
        out = *legacy ? Offload::Cpu : Offload::None;
        given = true;
    }
    return true;
}

// An offload device of ZERO (readDevice) into OFFLOAD, scenario field FIELD; SUMMARY names it when it
// offloads.
bool DeepSpeedReader::readOffload(const QJsonObject& zero, const char* key, const QString& legacyKey,
                                  const char* field, const QString& summary, Offload& offload,
                                  ImportResult& out)
{
    bool given = false;
    if (!readDevice(zero, key, legacyKey, offload, given))
        return false;
    if (given) {
        out.fields.push_back(field);
        if (offload != Offload::None)
            m_summary << summary.arg(QLatin1String(enumName(offload)));
    }
    return true;
}

bool DeepSpeedReader::readZero(const QJsonObject& root, ImportResult& out)
{
    const QJsonValue value = root.value(QLatin1String("zero_optimization"));
    if (value.isUndefined() || value.isNull())
        return true;
    ParallelSpec& p = out.scenario.parallel;
    // The first DeepSpeed releases took "zero_optimization": true for stage 1.
    if (value.isBool()) {
        p.zero_stage = value.toBool() ? 1 : 0;
        out.fields.push_back("parallel.zero_stage");
        m_summary << tr("ZeRO stage %1").arg(p.zero_stage);
        return true;
    }
    std::optional<QJsonObject> zero;
    if (!m_fields.object(root, {}, "zero_optimization", zero))
        return false;
    const QString prefix = QStringLiteral("zero_optimization.");
    std::optional<std::int64_t> stage;
    if (!m_fields.integer(*zero, prefix, "stage", stage, 0, 3, true))
        return false;
    if (stage) {
        p.zero_stage = int(*stage);
        out.fields.push_back("parallel.zero_stage");
        m_summary << tr("ZeRO stage %1").arg(p.zero_stage);
    }
    if (!readOffload(*zero, "offload_optimizer", QStringLiteral("cpu_offload"), "parallel.offload_optimizer",
                     tr("optimizer offload to %1"), p.offload_optimizer, out) ||
        !readOffload(*zero, "offload_param", QStringLiteral("cpu_offload_params"), "parallel.offload_params",
                     tr("parameter offload to %1"), p.offload_params, out))
        return false;
    // DeepSpeed ignores parameter offload below stage 3 (ZeRO-Infinity partitions parameters).
    if (stage && p.zero_stage != 3 && p.offload_params != Offload::None)
        warn(tr("zero_optimization.offload_param needs stage 3; DeepSpeed ignores it at stage %1")
                 .arg(p.zero_stage));
    std::optional<bool> overlap;
    if (!m_fields.boolean(*zero, prefix, "overlap_comm", overlap, true))
        return false;
    if (overlap) {
        out.scenario.training.overlap_grad_reduce = *overlap;
        out.fields.push_back("training.overlap_grad_reduce");
    }
    return true;
}

bool DeepSpeedReader::readPrecision(const QJsonObject& root, ImportResult& out)
{
    // fp16 / bf16 ("bfloat16" in early releases) / amp sections, each {"enabled": true|false|"auto"}.
    struct Section
    {
        const char* key;
        Precision precision;
        std::optional<bool> enabled;
    };
    Section sections[] = {{"fp16", Precision::Fp16Mixed, {}},
                          {"bf16", Precision::Bf16Mixed, {}},
                          {"bfloat16", Precision::Bf16Mixed, {}},
                          {"amp", Precision::Fp16Mixed, {}}};
    bool anyExplicit = false;
    const Section* on = nullptr;
    for (Section& s : sections) {
        std::optional<QJsonObject> object;
        if (!m_fields.object(root, {}, s.key, object))
            return false;
        if (!object)
            continue;
        if (!m_fields.boolean(*object, QLatin1String(s.key) + QLatin1Char('.'), "enabled", s.enabled, true))
            return false;
        if (!s.enabled)
            continue;
        anyExplicit = true;
        if (*s.enabled) {
            if (on && on->precision != s.precision)
                return fail(QLatin1String(s.key) + QLatin1String(".enabled"),
                            tr("%1 and %2 are both enabled; DeepSpeed takes one 16-bit format")
                                .arg(QLatin1String(on->key), QLatin1String(s.key)));
            on = &s;
        }
    }
    if (!anyExplicit)
        return true; // absent or "auto": left to the scenario
    Precision& precision = out.scenario.training.precision;
    precision = on ? on->precision : Precision::Fp32; // every section says enabled: false
    out.fields.push_back("training.precision");
    m_summary << QLatin1String(enumName(precision));
    return true;
}

// communication_data_type: the dtype of the gradient all-reduce (DeepSpeed docs, "Communication options").
bool DeepSpeedReader::readCommunication(const QJsonObject& root, ImportResult& out)
{
    std::optional<QString> commType;
    if (!m_fields.string(root, {}, "communication_data_type", commType))
        return false;
    if (commType) {
        const QString type = commType->trimmed().toLower();
        int bits = 0;
        if (type == QLatin1String("fp16") || type == QLatin1String("bf16") || type == QLatin1String("bfp16"))
            bits = 16;
        else if (type == QLatin1String("fp32"))
            bits = 32;
        else if (type == QLatin1String("fp8") || type == QLatin1String("int8"))
            bits = 8;
        else if (type != QLatin1String("auto"))
            return fail(
                QStringLiteral("communication_data_type"),
                tr("expected \"fp16\", \"bf16\" or \"fp32\", got the string \"%1\"").arg(commType->left(40)));
        if (bits > 0) {
            out.scenario.training.grad_comm_bits = bits;
            out.fields.push_back("training.grad_comm_bits");
        }
    }
    return true;
}

bool DeepSpeedReader::readOptimizer(const QJsonObject& root, ImportResult& out)
{
    std::optional<QJsonObject> optimizer;
    if (!m_fields.object(root, {}, "optimizer", optimizer))
        return false;
    if (!optimizer)
        return true;
    std::optional<QString> type;
    if (!m_fields.string(*optimizer, QStringLiteral("optimizer."), "type", type))
        return false;
    if (!type || type->trimmed().compare(QLatin1String("auto"), Qt::CaseInsensitive) == 0)
        return true;
    QString name;
    for (const QChar c : type->toLower())
        if (c.isLetterOrNumber())
            name += c;

    TrainingSpec& t = out.scenario.training;
    bool known = true;
    if (name == QLatin1String("adam") || name == QLatin1String("adamw") ||
        name == QLatin1String("fusedadam") || name == QLatin1String("cpuadam") ||
        name == QLatin1String("deepspeedcpuadam") || name == QLatin1String("muadam") ||
        name == QLatin1String("muadamw")) {
        t.optimizer = Optimizer::Adam;
    } else if (name == QLatin1String("onebitadam") || name == QLatin1String("zerooneadam")) {
        // 1-bit Adam and 0/1 Adam compress the gradient communication to one bit after warm-up (DeepSpeed
        // docs).
        t.optimizer = Optimizer::Adam;
        t.grad_comm_bits = 1;
        out.fields.push_back("training.grad_comm_bits");
    } else if (name == QLatin1String("onebitlamb") || name == QLatin1String("lamb") ||
               name == QLatin1String("fusedlamb")) {
        // LAMB keeps Adam's two moments per parameter; only its update rule differs.
        t.optimizer = Optimizer::Adam;
        warn(tr("optimizer %1 keeps Adam's two moments: counted as adam").arg(*type));
        if (name == QLatin1String("onebitlamb")) {
            t.grad_comm_bits = 1;
            out.fields.push_back("training.grad_comm_bits");
        }
    } else if (name == QLatin1String("adamw8bit") || name == QLatin1String("adam8bit") ||
               name == QLatin1String("pagedadamw8bit")) {
        t.optimizer = Optimizer::Adam8bit;
    } else if (name == QLatin1String("sgd") || name == QLatin1String("musgd")) {
        std::optional<QJsonObject> params;
        std::optional<double> momentum;
        if (!m_fields.object(*optimizer, QStringLiteral("optimizer."), "params", params))
            return false;
        if (params &&
            !m_fields.number(*params, QStringLiteral("optimizer.params."), "momentum", momentum, true))
            return false;
        t.optimizer = momentum.value_or(0) > 0 ? Optimizer::SgdMomentum : Optimizer::Sgd;
    } else if (name == QLatin1String("adagrad") || name == QLatin1String("cpuadagrad")) {
        // One accumulated square per parameter: the state of SGD with momentum.
        t.optimizer = Optimizer::SgdMomentum;
        warn(tr("optimizer %1 keeps one state per parameter: counted as sgd-momentum").arg(*type));
    } else if (name == QLatin1String("adafactor")) {
        t.optimizer = Optimizer::Adafactor;
    } else {
        known = false;
        warn(tr("unknown optimizer type \"%1\": the scenario's optimizer is kept").arg(type->left(40)));
    }
    if (known) {
        out.fields.push_back("training.optimizer");
        m_summary << *type;
    }
    return true;
}

bool DeepSpeedReader::readBatch(const QJsonObject& root, ImportResult& out)
{
    std::optional<std::int64_t> train, micro, accum;
    const FieldInfo* global = findField("training.global_batch");
    const auto maxOf = [](const FieldInfo* f, double fallback) {
        return static_cast<std::int64_t>(f ? f->max : fallback);
    };
    if (!m_fields.integer(root, {}, "train_batch_size", train, 1, maxOf(global, 1e9), true) ||
        !m_fields.integer(root, {}, "train_micro_batch_size_per_gpu", micro, 1,
                          maxOf(findField("training.micro_batch"), 1e7), true) ||
        !m_fields.integer(root, {}, "gradient_accumulation_steps", accum, 1, maxOf(global, 1e9), true))
        return false;
    DeepSpeedBatch& b = out.batch;
    b.train_batch = train.value_or(0);
    b.micro_batch = micro.value_or(0);
    b.grad_accum = accum.value_or(0);
    TrainingSpec& t = out.scenario.training;
    if (train) {
        t.global_batch = *train;
        out.fields.push_back("training.global_batch");
    }
    if (micro) {
        t.micro_batch = *micro;
        out.fields.push_back("training.micro_batch");
    }
    if (train && micro && accum) {
        // DeepSpeed asserts train_batch_size == micro × accumulation × world data-parallel size.
        if (*train % (*micro * *accum) != 0)
            return fail(
                QStringLiteral("train_batch_size"),
                tr("%1 is not a multiple of train_micro_batch_size_per_gpu × gradient_accumulation_steps "
                   "= %2 × %3 (DeepSpeed needs train_batch_size = micro × accumulation × data-parallel "
                   "size)")
                    .arg(*train)
                    .arg(*micro)
                    .arg(*accum));
        m_summary << tr("batch %1 = %2 × %3 steps × dp %4")
                         .arg(*train)
                         .arg(*micro)
                         .arg(*accum)
                         .arg(*train / (*micro * *accum));
    } else if (micro && accum) {
        m_summary << tr("micro-batch %1 × %2 steps").arg(*micro).arg(*accum);
        warn(tr("the global batch is train_micro_batch_size_per_gpu × gradient_accumulation_steps × dp: it "
                "follows "
                "from the data-parallel size of the scenario the config is applied to"));
    } else if (train) {
        m_summary << tr("batch %1").arg(*train);
        if (accum)
            warn(tr("the micro-batch is train_batch_size / (gradient_accumulation_steps × dp): it follows "
                    "from the "
                    "data-parallel size of the scenario the config is applied to"));
    } else if (micro) {
        m_summary << tr("micro-batch %1").arg(*micro);
    }
    return true;
}

bool DeepSpeedReader::read(const QByteArray& data, ImportResult& out)
{
    QJsonObject root;
    if (!parseJson(data, tr("a DeepSpeed config"), root))
        return false;
    if (!readBatch(root, out) || !readZero(root, out) || !readPrecision(root, out) ||
        !readCommunication(root, out) || !readOptimizer(root, out))
        return false;
    if (out.fields.empty() && !out.batch.any())
        warn(tr("the config sets nothing the scenario uses (every value is absent or \"auto\")"));
    out.summary = m_summary.isEmpty() ? tr("DeepSpeed config")
                                      : tr("DeepSpeed config: %1").arg(m_summary.join(QLatin1String(", ")));
    out.warnings << warnings();
    return true;
}

class BatchText
{
    Q_DECLARE_TR_FUNCTIONS(ss::io::Import)
};

} // namespace

bool importDeepSpeed(const QByteArray& data, const QString& fileName, ImportResult& out, QString* error)
{
    DeepSpeedReader reader(fileName);
    return reader.report(reader.read(data, out), error);
}

void applyDeepSpeedBatch(const DeepSpeedBatch& b, const QString& fileName, Scenario& s, QStringList* notes)
{
    const auto note = [&](const QString& message) {
        if (notes)
            *notes << detail::locatedMessage(fileName, {}, message, detail::Wording::Import);
    };
    const std::int64_t dp = std::max<std::int64_t>(s.parallel.dp, 1);
    TrainingSpec& t = s.training;
    if (b.train_batch > 0)
        t.global_batch = b.train_batch;
    if (b.micro_batch > 0)
        t.micro_batch = b.micro_batch;
    if (b.train_batch > 0 && b.micro_batch > 0 && b.grad_accum > 0) {
        if (b.train_batch != b.micro_batch * b.grad_accum * dp)
            note(BatchText::tr(
                     "train_batch_size %1 = %2 × %3 accumulation steps implies dp %4, but the scenario has "
                     "dp %5; its microbatches per step follow from its own dp")
                     .arg(b.train_batch)
                     .arg(b.micro_batch)
                     .arg(b.grad_accum)
                     .arg(b.train_batch / std::max<std::int64_t>(b.micro_batch * b.grad_accum, 1))
                     .arg(dp));
    } else if (b.train_batch > 0 && b.grad_accum > 0) {
        if (b.train_batch % (b.grad_accum * dp) == 0)
            t.micro_batch = b.train_batch / (b.grad_accum * dp);
        else
            note(BatchText::tr(
                     "train_batch_size %1 is not divisible by gradient_accumulation_steps × dp = %2 × %3: "
                     "the micro-batch is left as it was")
                     .arg(b.train_batch)
                     .arg(b.grad_accum)
                     .arg(dp));
    } else if (b.micro_batch > 0 && b.grad_accum > 0) {
        t.global_batch = b.micro_batch * b.grad_accum * dp;
    } else if (b.grad_accum > 0 && b.train_batch == 0 && b.micro_batch == 0) {
        t.global_batch = t.micro_batch * b.grad_accum * dp;
    }
}

} // namespace ss::io
