// SPDX-License-Identifier: GPL-3.0-or-later
#include "importcommand.h"

#include "clioutput.h"
#include "examples.h"
#include "importer.h"
#include "nccltestsimport.h"
#include "scenariojson.h"
#include "scenariosource.h"

#include <QCoreApplication>
#include <QFile>
#include <QFileInfo>
#include <QSaveFile>

#include <cstdio>

namespace {

using ss::cli::kBadInput;
using ss::cli::kOk;
using ss::cli::kUsage;
constexpr qint64 kMaxStdinBytes = 64 * 1024 * 1024;

class ImportCommand
{
    Q_DECLARE_TR_FUNCTIONS(Cli)

public:
    int run(const QStringList& args);

private:
    static void print(FILE* stream, const QByteArray& bytes) { ss::cli::print(stream, bytes); }
    static int usageError(const QString& message) { return ss::cli::usageError(message); }
    static int inputError(const QString& message) { return ss::cli::inputError(message); }
    static QString kindList();
    bool loadBase(const QString& source, ss::Scenario& out, QString* error);
};

QString ImportCommand::kindList()
{
    QStringList names;
    for (ss::io::ImportKind kind : ss::io::importKinds())
        names << ss::io::importKindName(kind);
    return names.join(QLatin1String(", "));
}

// A scenario file or the id of a built-in example, as `eval` takes it.
bool ImportCommand::loadBase(const QString& source, ss::Scenario& out, QString* error)
{
    if (QFileInfo::exists(source))
        return ss::io::loadScenarioFile(source, out, error, ss::io::ReadCheck::FieldsOnly);
    for (const ss::io::ExampleInfo& info : ss::io::examples())
        if (info.id == source)
            return ss::io::loadExample(source, out, error);
    if (error)
        *error = tr("%1: no such file or built-in example (shardscope-cli examples lists them)").arg(source);
    return false;
}

int ImportCommand::run(const QStringList& args)
{
    QString file, kindArg, outArg, intoArg, opArg;
    bool haveFile = false, commonKeys = false;
    for (qsizetype i = 0; i < args.size(); ++i) {
        QString arg = args.at(i);
        if (arg == QLatin1String("--help") || arg == QLatin1String("-h")) {
            print(stdout, importUsage().toUtf8());
            return kOk;
        }
        if (arg == QLatin1String("--common-keys")) {
            commonKeys = true;
            continue;
        }
        QString value;
        bool option = false;
        const qsizetype eq = arg.indexOf(QLatin1Char('='));
        if (arg.startsWith(QLatin1String("--")) && eq > 0) {
            value = arg.mid(eq + 1);
            arg = arg.left(eq);
            option = true;
        } else if (arg == QLatin1String("--as") || arg == QLatin1String("-o") ||
                   arg == QLatin1String("--out") || arg == QLatin1String("--into") ||
                   arg == QLatin1String("--op")) {
            if (i + 1 >= args.size())
                return usageError(tr("import: %1 needs a value").arg(arg));
            value = args.at(++i);
            option = true;
        }
        if (option) {
            if (value.isEmpty())
                return usageError(tr("import: %1 needs a value").arg(arg));
            if (arg == QLatin1String("--as"))
                kindArg = value;
            else if (arg == QLatin1String("-o") || arg == QLatin1String("--out"))
                outArg = value;
            else if (arg == QLatin1String("--into"))
                intoArg = value;
            else if (arg == QLatin1String("--op"))
                opArg = value;
            else
                return usageError(
                    tr("import: unknown option '%1' (try shardscope-cli import --help)").arg(arg));
            continue;
        }
        if (arg.startsWith(QLatin1Char('-')) && arg != QLatin1String("-"))
            return usageError(tr("import: unknown option '%1' (try shardscope-cli import --help)").arg(arg));
        if (haveFile)
            return usageError(tr("import takes one file, got '%1' and '%2'").arg(file, arg));
        file = arg;
        haveFile = true;
    }
    if (!haveFile || file.isEmpty())
        return usageError(tr("import needs a file: shardscope-cli import FILE [--as KIND] [-o OUT.json]"));
    ss::io::ImportKind kind = ss::io::ImportKind::Auto;
    if (!kindArg.isEmpty() && !ss::io::importKindFromName(kindArg, kind))
        return usageError(tr("--as: expected %1, got '%2'").arg(kindList(), kindArg));
    ss::io::ImportOptions options;
    options.hf_common_keys = commonKeys;
    if (!opArg.isEmpty()) {
        if (ss::io::ncclTestsOpName(opArg).isEmpty())
            return usageError(tr("--op: expected an nccl-tests collective such as allreduce, allgather, "
                                 "reducescatter, broadcast, reduce, alltoall or sendrecv, got '%1'")
                                  .arg(opArg));
        options.op = opArg;
    }

    // -o over an input would replace the very file the import reads (QSaveFile renames over it).
    for (const QString& input : {file, intoArg})
        if (!outArg.isEmpty() && ss::cli::isSameFile(outArg, input))
            return usageError(tr("import: -o %1 is the input file %2; write the output to another file")
                                  .arg(outArg, input));

    // Read everything before writing anything: a failed import leaves OUT as it was.
    ss::io::ImportResult result;
    QString error;
    if (file == QLatin1String("-")) {
        QFile in;
        if (!in.open(stdin, QIODevice::ReadOnly))
            return inputError(tr("<stdin>: cannot read standard input"));
        const QByteArray data = in.read(kMaxStdinBytes + 1);
        if (data.size() > kMaxStdinBytes)
            return inputError(tr("<stdin>: too large to import"));
        if (!ss::io::importData(data, kind, result, &error, QStringLiteral("<stdin>"), options))
            return inputError(error);
    } else if (!ss::io::importFile(file, kind, result, &error, options)) {
        return inputError(error);
    }

    QByteArray output;
    QStringList notes = result.warnings;
    if (!intoArg.isEmpty()) {
        ss::Scenario base;
        if (!loadBase(intoArg, base, &error))
            return inputError(error);
        if (!ss::io::applyImport(result, base, &notes, &error))
            return inputError(error);
        output = ss::io::writeScenario(base);
    } else {
        output = ss::io::writeImportResult(result, &notes);
    }
    // The notes are about what was written: printed once it is, so that an error stays one line.
    const auto printNotes = [&notes] {
        for (const QString& note : std::as_const(notes))
            print(stderr, (QStringLiteral("shardscope-cli: warning: ") + note + QLatin1Char('\n')).toUtf8());
    };
    if (outArg.isEmpty()) {
        print(stdout, output);
        printNotes();
        return kOk;
    }
    // QSaveFile writes a temporary file and renames it over OUT on commit: never a partial file.
    QSaveFile save(outArg);
    if (!save.open(QIODevice::WriteOnly))
        return inputError(tr("%1: cannot write: %2").arg(outArg, save.errorString()));
    if (save.write(output) != output.size() || !save.commit()) {
        const QString why = save.errorString();
        save.cancelWriting();
        return inputError(tr("%1: cannot write: %2").arg(outArg, why));
    }
    printNotes();
    return kOk;
}

} // namespace

QString importUsage()
{
    return QCoreApplication::translate(
        "Cli", "  shardscope-cli import FILE [--as KIND] [-o OUT.json] [--into SCENARIO] [--op OP]\n"
               "                        [--common-keys]\n"
               "\n"
               "import reads a file users already have: KIND is hf-config (a Hugging Face config.json),\n"
               "  deepspeed (a DeepSpeed config), nvidia-smi-topo (the text of `nvidia-smi topo -m`),\n"
               "  nccl-topo (an NCCL_TOPO_DUMP_FILE XML) or nccl-tests (a *_perf log or its -J JSON);\n"
               "  detected from the content when --as is left out. It prints a scenario JSON with what\n"
               "  the file determines, or for nccl-tests the alpha-beta calibration of the collective;\n"
               "  -o writes it to OUT.json instead (atomically). --into SCENARIO applies the import to a\n"
               "  scenario file or example and prints the whole scenario. --op names the collective of\n"
               "  an nccl-tests log that does not say it. --common-keys reads a Hugging Face config whose\n"
               "  model_type has no reader (or that has none) by the keys most configs share, with a\n"
               "  warning to check the parameter count; without it such a config is an error.\n");
}

int importCommand(const QStringList& args)
{
    return ImportCommand().run(args);
}
