// SPDX-License-Identifier: GPL-3.0-or-later
#include "enginetext.h"

#include "fieldnames.h"
#include "units.h"

#include <QLocale>
#include <QStringList>

#include <cmath>

namespace ss {

namespace {

QString arg(const std::vector<std::string>& args, std::size_t i)
{
    return i < args.size() ? QString::fromStdString(args[i]) : QString();
}

QString bytesArg(const std::vector<std::string>& args, std::size_t i)
{
    return QString::fromStdString(formatQuantity(arg(args, i).toDouble(), Unit::Bytes));
}

// Fills %1, %2, ... of TEMPLATE with ARGS.
QString fill(QString text, const std::vector<std::string>& args)
{
    for (std::size_t i = 0; i < args.size(); ++i)
        text = text.arg(QString::fromStdString(args[i]));
    return text;
}

QString joinedChoices(const FieldInfo& field)
{
    QStringList names;
    for (const std::string& choice : field.choices)
        names << QString::fromStdString(choice);
    return names.join(QStringLiteral(", "));
}

QString limit(const FieldInfo& field, double value)
{
    if (field.type == FieldType::Int || field.unit == Unit::None)
        return QLocale().toString(value, 'g', 12);
    return QString::fromStdString(formatQuantity(value, field.unit));
}

} // namespace

QString EngineText::modernProblem(const Problem& p)
{
    const auto& a = p.args;
    const std::string& c = p.code;
    if (c == "parallel.product_cp")
        return tr("dp × tp × pp × cp = %1 × %2 × %3 × %4 = %5, but the cluster has %n GPU(s)", nullptr,
                  arg(a, 5).toInt())
            .arg(arg(a, 0), arg(a, 1), arg(a, 2), arg(a, 3), arg(a, 4));
    if (c == "cp.seq")
        return fill(tr("Context parallel %1 needs the sequence length %2 to be a multiple of 2 × cp = %3"),
                    a);
    if (c == "pipeline_layers.count")
        return fill(tr("The layers per stage list %1 stages, but there are %2 pipeline stages"), a);
    if (c == "pipeline_layers.sum")
        return fill(tr("The layers per stage add up to %1, but the model has %2 layers"), a);
    if (c == "pipeline_layers.empty")
        return fill(tr("Stage %1 has no layers; only the first and last stages may hold none"), a);
    if (c == "pipeline_layers.both")
        return tr("Give either the layers per stage or the first and last stages' layers, not both");
    if (c == "pipeline_layers.pp")
        return tr("First and last stage layers need 2 or more pipeline stages");
    if (c == "pipeline_layers.ends")
        return fill(
            tr("First stage %1 and last stage %2 layers do not leave at least one of the %3 layers for "
               "each of the other stages (%4 stages in all)"),
            a);
    if (c == "ep.dense")
        return fill(tr("Expert parallel %1 needs a mixture-of-experts model (more than 1 expert)"), a);
    if (c == "ep.experts")
        return fill(tr("Expert parallel %1 does not divide the %2 experts"), a);
    if (c == "ep.ranks")
        return fill(tr("Expert parallel × expert tensor parallel = %1 × %2 does not divide the %3 ranks of a "
                       "pipeline stage (dp × cp × tp)"),
                    a);
    if (c == "expert_groups.experts")
        return fill(tr("%1 expert groups do not divide the %2 experts"), a);
    if (c == "expert_groups.both")
        return tr("Group-limited routing needs both the expert groups and the groups per token (0 and 0: no "
                  "limit)");
    if (c == "expert_groups.per_token")
        return fill(tr("A token cannot use %1 expert groups of %2"), a);
    if (c == "expert_groups.top_k")
        return fill(tr("%1 groups of %2 experts hold fewer than the %3 experts a token uses"), a);
    if (c == "fp8_swiglu_inputs.precision")
        return tr("FP8 SwiGLU inputs come with FP8 training: they need FP8 mixed precision");
    if (c == "ep_fp8_dispatch.precision")
        return tr("FP8 dispatch feeds the experts' FP8 GEMMs: it needs FP8 mixed precision");
    if (c == "etp.ffn")
        return fill(tr("Expert tensor parallel %1 does not divide the expert FFN size %2"), a);
    if (c == "dense_layers.layers")
        return fill(tr("%1 dense layers are more than the model's %2 layers"), a);
    if (c == "mla.qk")
        return tr("Multi-head latent attention needs query/key head dims above 0");
    if (c == "fp8.gpu")
        return fill(
            tr("The %1 has no FP8 tensor cores (they came with Hopper and Ada); use bf16-mixed or give "
               "the GPU's FP8 peak"),
            a);
    if (c == "attention.flash3")
        return fill(tr("FlashAttention-3 needs Hopper (wgmma and TMA); the %1 is not one (use \"auto\" or "
                       "\"flash2\")"),
                    a);
    if (c == "tp_overlap.sp")
        return tr("Tensor-parallel communication overlap needs sequence parallelism (Megatron-LM "
                  "--tp-comm-overlap); turn on sequence parallelism");
    if (c == "fp8.recipe_gpu")
        return fill(tr("The %1 recipe needs Blackwell's block-scaled tensor cores; the %2 has none (use "
                       "\"tensor\" or \"block\")"),
                    a);
    return {};
}

QString EngineText::problem(const Problem& p)
{
    const auto& a = p.args;
    const std::string& c = p.code;
    if (const QString text = modernProblem(p); !text.isEmpty())
        return text;
    if (c == "parallel.product")
        // One count per sentence part, so that each takes its plural: "1 GPU", "8 GPUs", "1 node of 8".
        return tr("dp × tp × pp = %1 × %2 × %3 = %4, but the cluster has %5 (%6)")
            .arg(arg(a, 0), arg(a, 1), arg(a, 2), arg(a, 3), tr("%n GPU(s)", nullptr, arg(a, 6).toInt()),
                 tr("%n node(s) of %1", nullptr, arg(a, 4).toInt()).arg(arg(a, 5)));
    if (c == "batch.divisible")
        return fill(tr("The global batch %1 is not divisible by dp × micro-batch = %2 × %3 = %4"), a);
    if (c == "count.min")
        return fill(tr("Expected at least 1, got %1"), a);
    if (c == "params.positive")
        return tr("A model given by its parameter count needs a count above 0");
    if (c == "pp.layers")
        return fill(tr("%1 pipeline stages are more than the model's %2 layers"), a);
    if (c == "heads.hidden")
        return fill(tr("%1 heads do not divide the hidden size %2 (set the head dimension for such models)"),
                    a);
    if (c == "kv.heads")
        return fill(tr("%1 key/value heads do not divide the %2 attention heads"), a);
    if (c == "tp.heads")
        return fill(tr("Tensor parallel %1 does not divide the %2 attention heads"), a);
    if (c == "tp.kv")
        return fill(tr("Tensor parallel %1 and the %2 key/value heads must divide one another"), a);
    if (c == "tp.ffn")
        return fill(tr("Tensor parallel %1 does not divide the FFN size %2"), a);
    if (c == "experts.per_token")
        return fill(tr("A token cannot use %1 of %2 experts"), a);
    if (c == "interleaved.pp")
        return tr("The interleaved schedule needs 2 or more pipeline stages");
    if (c == "interleaved.virtual")
        return tr("The interleaved schedule needs 2 or more virtual stages");
    if (c == "interleaved.layers")
        return fill(tr("Pipeline stages × virtual stages = %1 does not divide the %2 layers"), a);
    if (c == "interleaved.microbatches")
        return fill(
            tr("The interleaved schedule needs the microbatches (%1) to be a multiple of the pipeline "
               "stages (%2)"),
            a);
    if (c == "virtual.schedule")
        return tr("Virtual stages other than 1 need the interleaved schedule");
    if (c == "zero.range")
        return fill(tr("Expected a ZeRO stage from 0 to 3, got %1"), a);
    if (c == "offload.optimizer")
        return tr("Optimizer offload needs ZeRO stage 1, 2 or 3");
    if (c == "offload.params")
        return tr("Parameter offload needs ZeRO stage 3");
    if (c == "ps.zero")
        return tr("A parameter server does not combine with ZeRO sharding (use stage 0)");
    if (c == "grad_bits")
        return fill(tr("Expected 32, 16, 8 or 1 bits, got %1"), a);
    if (c == "lora.bits")
        return fill(tr("Expected 16, 8 or 4 bits (0: the method's own), got %1"), a);
    if (c == "lora.full_quantized")
        return fill(tr("Full training updates every weight, which a %1-bit base cannot hold; use method lora "
                       "or qlora, or 16 bits"),
                    a);
    if (c == "lora.paged_full")
        return tr("Paged optimizer states are modelled with method lora or qlora only");
    if (c == "lora.qlora_bits")
        return fill(tr("QLoRA quantizes the base to 4 bits (NF4), got %1; use method lora for a 16- or 8-bit "
                       "base"),
                    a);
    if (c == "lora.rank")
        return fill(tr("Expected a LoRA rank from 1 to 65536, got %1"), a);
    if (c == "lora.rank_hidden")
        return fill(tr("A rank of %1 is not low-rank for the hidden size %2"), a);
    if (c == "lora.alpha")
        return fill(tr("Expected a LoRA alpha above 0, got %1"), a);
    if (c == "lora.targets")
        return tr("Expected one or more LoRA targets of q, k, v, o, gate, up, down, experts, embed, head");
    if (c == "lora.experts")
        return tr("The target \"experts\" adapts routed experts, and this model has none");
    if (c == "lora.params_ends")
        return tr("The targets \"embed\" and \"head\" need a transformer model");
    if (c == "lora.offload")
        return tr(
            "Offload is not modelled with LoRA or QLoRA; use the paged optimizer for the adapters' states");
    if (c == "lora.ps")
        return tr("A parameter server is not modelled with LoRA or QLoRA");
    if (c == "gpu.memory")
        return tr("The GPU needs a memory size above 0 bytes");
    if (c == "gpu.flops")
        return tr("The GPU needs a peak FLOP/s above 0");
    if (c == "gpu.bandwidth")
        return tr("The GPU needs a memory bandwidth above 0 B/s");
    if (c == "efficiency.range")
        return tr("Expected an efficiency above 0 and at most 1");
    if (c == "compute.efficiency")
        return tr("Expected 0 (the kernel model) or a fraction of the peak above 0 and at most 1");
    if (c == "compute.scale")
        return fill(tr("Expected a compute scale above 0 and at most 100, got %1"), a);
    if (c == "measured.negative")
        return tr("Expected a measured step time of 0 s or more");
    if (c == "fraction.range")
        return tr("Expected a fraction from 0 to 1");
    if (c == "bytes.negative")
        return tr("Expected 0 bytes or more");
    if (c == "preset.unknown")
        return fill(tr("Unknown node preset \"%1\""), a);
    if (c == "preset.gpus") {
        // The preset by the name the panel shows it under, not its id.
        const QString name = FieldNames::choice(QStringLiteral("cluster.node_preset"), arg(a, 0));
        return tr("The %1 preset has %n GPU(s) per node, not %2 (the \"auto\" node preset builds a node of "
                  "any size)",
                  nullptr, arg(a, 1).toInt())
            .arg(name.isEmpty() ? arg(a, 0) : name, arg(a, 2));
    }
    if (c == "preset.auto_gpu")
        return tr(
            "The \"auto\" node preset builds the node from a catalogue GPU's fabric; a custom GPU needs a "
            "named node preset or an explicit topology");
    if (c == "network.oversubscription")
        return tr("Expected an oversubscription from 1 (non-blocking) to 64");
    if (c == "topology.id_empty")
        return tr("A device needs a non-empty id");
    if (c == "topology.id_twice")
        return fill(tr("The id \"%1\" is used twice"), a);
    if (c == "topology.device_kind")
        return fill(tr("Unknown device kind \"%1\""), a);
    if (c == "topology.no_device")
        return fill(tr("No device has the id \"%1\""), a);
    if (c == "topology.self_link")
        return tr("A link must join two different devices");
    if (c == "topology.link_kind")
        return fill(tr("Unknown link kind \"%1\""), a);
    if (c == "topology.bandwidth")
        return tr("Expected a bandwidth above 0 B/s and at most 10 PB/s");
    if (c == "topology.latency")
        return tr("Expected a latency from 0 s to 1000 s");
    if (c == "topology.gpus")
        return tr("The topology has %n GPU(s), but nodes × GPUs per node = %1", nullptr, arg(a, 0).toInt())
            .arg(arg(a, 1));
    return QString::fromStdString(p.message);
}

QString EngineText::warning(const Warning& w)
{
    const auto& a = w.args;
    if (w.code == "memory.overflow" && a.size() >= 5)
        return tr("Stage %1 needs %2 per GPU, %3 more than the %4's %5")
            .arg(arg(a, 0), bytesArg(a, 1), bytesArg(a, 2), arg(a, 3), bytesArg(a, 4));
    if (w.code == "memory.host_overflow" && a.size() >= 3)
        return tr("The offload needs %1 of host memory per node, %2 more than the node's %3")
            .arg(bytesArg(a, 0), bytesArg(a, 1), bytesArg(a, 2));
    if (w.code == "memory.nvme_overflow" && a.size() >= 3)
        return tr("The offload needs %1 of NVMe per node, %2 more than the node's %3")
            .arg(bytesArg(a, 0), bytesArg(a, 1), bytesArg(a, 2));
    if (w.code == "model.uneven_stages" && a.size() >= 2)
        return fill(tr("%1 layers do not split evenly over %2 stages; the first stages take one layer more"),
                    a);
    if (w.code == "parallel.sequence_parallel_noop")
        return tr("Sequence parallelism has no effect with tensor parallel 1");
    // The step simulator's warnings (stepresult.cpp).
    if (w.code == "step.too_large" && a.size() >= 2)
        return fill(
            tr("The step has %1 microbatches over %2 stages, too many to simulate; the step figures are "
               "left out"),
            a);
    if (w.code == "step.timeline_too_large" && a.size() >= 2)
        return fill(tr("The step has %1 microbatches over %2 stages, too many to draw; its figures come from "
                       "its steady period and the timeline is left out"),
                    a);
    if (w.code == "step.stalled")
        return tr(
            "The pipeline schedule could not finish (a bug in ShardScope); the step figures cover what ran");
    if (w.code == "step.timeline_coarse" && a.size() >= 1)
        return fill(
            tr("The timeline would have more than %1 boxes; each op's tensor-parallel collectives are drawn "
               "inside its compute box"),
            a);
    if (w.code == "step.timeline_truncated" && a.size() >= 1)
        return fill(tr("The timeline has more than %1 boxes; the rest are left out"), a);
    if (w.code == "step.link_oversubscribed" && a.size() >= 3)
        return tr("Link %1 is busy %2 per step, longer than the simulated step of %3: the kinds of traffic "
                  "that "
                  "share it do not all fit, so the step is probably longer")
            .arg(arg(a, 0), QString::fromStdString(formatQuantity(arg(a, 1).toDouble(), Unit::Seconds)),
                 QString::fromStdString(formatQuantity(arg(a, 2).toDouble(), Unit::Seconds)));
    return QString::fromStdString(w.message);
}

namespace {

// "58%": the engine's sentences give shares of the step in whole percent.
QString percentArg(const std::vector<std::string>& args, std::size_t i)
{
    return QStringLiteral("%1%").arg(std::lround(arg(args, i).toDouble() * 100));
}

// How a sentence names a link of KIND (as linkNoun() in stepresult.cpp; docs/formats.md, "Topology": link
// kind prefixes).
QString linkNoun(const QString& kind)
{
    if (kind.startsWith(QLatin1String("host")))
        return EngineText::tr("PCIe host link");
    if (kind.startsWith(QLatin1String("pcie")))
        return EngineText::tr("PCIe link");
    if (kind.startsWith(QLatin1String("nvlink")) || kind.startsWith(QLatin1String("nvswitch")))
        return EngineText::tr("NVLink");
    if (kind.startsWith(QLatin1String("qpi")) || kind.startsWith(QLatin1String("upi")))
        return EngineText::tr("CPU socket link");
    return EngineText::tr("network link");
}

QString scheduleText(const QString& schedule)
{
    if (schedule == QLatin1String("gpipe"))
        return QStringLiteral("GPipe");
    if (schedule == QLatin1String("1f1b"))
        return QStringLiteral("1F1B");
    if (schedule == QLatin1String("interleaved"))
        return EngineText::tr("interleaved 1F1B");
    if (schedule == QLatin1String("zb-h1"))
        return QStringLiteral("ZB-H1");
    return schedule;
}

} // namespace

QString EngineText::bottleneck(const Bottleneck& b)
{
    // The arguments of each kind as estimateStep() (stepresult.cpp) writes them.
    const auto& a = b.args;
    if (b.kind == "compute" && a.size() >= 2)
        return tr("compute: the busiest GPU computes %1 of the step at %2 of its peak FLOP/s")
            .arg(percentArg(a, 0), percentArg(a, 1));
    if (b.kind == "bubble" && a.size() >= 4)
        return tr("pipeline bubble: the GPUs idle %1 of the step (%2 stages, %3 microbatches, %4)")
            .arg(percentArg(a, 0), arg(a, 1), arg(a, 2), scheduleText(arg(a, 3)));
    if (b.kind == "pcie" && a.size() >= 4)
        return tr("%1 %2 carries %3 bytes/param per step: %4 of the step")
            .arg(linkNoun(arg(a, 3)), arg(a, 0), arg(a, 1), percentArg(a, 2));
    if (b.kind == "link" && a.size() >= 4)
        return tr("%1 %2 (%3) carries %4 traffic on the critical path: %5 of the step")
            .arg(linkNoun(arg(a, 1)), arg(a, 0), arg(a, 1), arg(a, 2).toUpper(), percentArg(a, 3));
    if (b.kind == "memory" && b.id == "host" && a.size() >= 2)
        return tr("the CPU optimizer step, bound by host memory bandwidth (%1 per node assumed), takes %2 of "
                  "the "
                  "step")
            .arg(QString::fromStdString(formatQuantity(arg(a, 1).toDouble(), Unit::BytesPerSecond)),
                 percentArg(a, 0));
    if (b.kind == "memory" && a.size() >= 3)
        return tr("stage %1 needs %2 per GPU, more than the GPU's %3: the step cannot run")
            .arg(arg(a, 0), bytesArg(a, 1), bytesArg(a, 2));
    return QString::fromStdString(b.message);
}

QString EngineText::fieldError(const FieldInfo& field, const QString& text)
{
    const std::string typed = text.trimmed().toStdString();
    switch (field.type) {
    case FieldType::Enum:
        return tr("Expected one of: %1; got \"%2\"").arg(joinedChoices(field), text.trimmed());
    case FieldType::Bool:
        return tr("Expected true or false, got \"%1\"").arg(text.trimmed());
    case FieldType::Text:
        if (!field.choices.empty())
            return tr("Unknown choice \"%1\"; expected one of: %2").arg(text.trimmed(), joinedChoices(field));
        // The one list field (fields.cpp, pipelineLayersField): its reader takes whole numbers and commas.
        if (field.path == "parallel.pipeline_layers")
            return tr("Expected layers per stage as whole numbers separated by commas, such as \"7,8,8,9\"; "
                      "got \"%1\"")
                .arg(text.trimmed());
        return tr("Expected a text");
    case FieldType::Int:
        if (!field.choices.empty())
            return tr("Expected one of: %1").arg(joinedChoices(field));
        return tr("Expected a whole number from %1 to %2")
            .arg(limit(field, field.min), limit(field, field.max));
    case FieldType::Real: {
        double value = 0;
        if (!parseQuantity(typed, field.unit, value)) {
            QString expected;
            switch (field.unit) {
            case Unit::Bytes:
                expected = tr("Expected a size such as \"80 GiB\" or \"40 GB\"");
                break;
            case Unit::BytesPerSecond:
                expected = tr("Expected a bandwidth such as \"25 GB/s\" or \"200 Gb/s\"");
                break;
            case Unit::Seconds:
                expected = tr("Expected a time such as \"1.5 us\" or \"2 ms\"");
                break;
            case Unit::Count:
                expected = tr("Expected a count such as \"7.5B\" or \"70M\"");
                break;
            case Unit::FlopsPerSecond:
                expected = tr("Expected a compute rate such as \"312 TFLOP/s\"");
                break;
            case Unit::Fraction:
                expected = tr("Expected a fraction such as \"0.5\" or \"50%\"");
                break;
            default:
                expected = tr("Expected a number");
                break;
            }
            return tr("%1, got \"%2\"").arg(expected, text.trimmed());
        }
        if (field.minExclusive)
            return tr("Expected a value above %1 and at most %2")
                .arg(limit(field, field.min), limit(field, field.max));
        return tr("Expected a value from %1 to %2").arg(limit(field, field.min), limit(field, field.max));
    }
    }
    return {};
}

} // namespace ss
