// SPDX-License-Identifier: GPL-3.0-or-later
// shardscope-cli: the engine without the window (CONTRACT.md, "Binaries").
// Exit codes: 0 success, 1 bad input (one line on stderr naming the file, the path and what was
// expected), 2 usage error. Output is written only once it is complete.
#include "evaluate.h"
#include "examples.h"
#include "fields.h"
#include "resultjson.h"
#include "scenariojson.h"

#include <QCoreApplication>
#include <QFile>
#include <QFileInfo>
#include <QStringList>

#include <cstdio>
#include <exception>

namespace {

constexpr int kOk = 0;
constexpr int kBadInput = 1;
constexpr int kUsage = 2;
constexpr qint64 kMaxInputBytes = 64 * 1024 * 1024;

class Cli
{
    Q_DECLARE_TR_FUNCTIONS(Cli)

public:
    explicit Cli(const QStringList& args) : m_args(args) {}
    int run();

private:
    int usageError(const QString& message);
    int inputError(const QString& message);
    int eval(const QStringList& args);
    int listExamples();
    bool loadScenario(const QString& source, ss::Scenario& out, QString& label);
    static void print(FILE* stream, const QByteArray& bytes);
    static QString usage();

    QStringList m_args;
};

QString Cli::usage()
{
    return tr("Usage:\n"
              "  shardscope-cli eval SCENARIO [--set PATH=VALUE]... [--explain] [--timeline]\n"
              "  shardscope-cli examples\n"
              "  shardscope-cli --help | --version\n"
              "\n"
              "SCENARIO is a scenario JSON file, - for standard input, or the id of a built-in example.\n"
              "--set changes one field by its dotted path, e.g. --set parallel.zero_stage=3,\n"
              "  --set model.params=7.5e9, --set cluster.gpu=H100-SXM5-80GB (unit strings such as\n"
              "  \"80 GiB\" or \"200 Gb/s\" are accepted).\n"
              "--explain adds the formula behind every figure.\n"
              "\n"
              "Exit status: 0 success, 1 bad input, 2 usage error.\n");
}

void Cli::print(FILE* stream, const QByteArray& bytes)
{
    std::fwrite(bytes.constData(), 1, static_cast<std::size_t>(bytes.size()), stream);
    std::fflush(stream);
}

int Cli::usageError(const QString& message)
{
    print(stderr, (QStringLiteral("shardscope-cli: ") + message + QLatin1Char('\n')).toUtf8());
    return kUsage;
}

int Cli::inputError(const QString& message)
{
    QString line = message;
    line.replace(QLatin1Char('\n'), QLatin1Char(' '));
    print(stderr, (line + QLatin1Char('\n')).toUtf8());
    return kBadInput;
}

int Cli::run()
{
    if (m_args.size() < 2)
        return usageError(tr("missing command (try shardscope-cli --help)"));
    const QString command = m_args.at(1);
    const QStringList rest = m_args.mid(2);
    if (command == QLatin1String("--help") || command == QLatin1String("-h") ||
        command == QLatin1String("help")) {
        print(stdout, usage().toUtf8());
        return kOk;
    }
    if (command == QLatin1String("--version")) {
        print(stdout, QByteArray("shardscope-cli " SHARDSCOPE_VERSION "\n"));
        return kOk;
    }
    if (command == QLatin1String("eval"))
        return eval(rest);
    if (command == QLatin1String("examples")) {
        if (!rest.isEmpty())
            return usageError(tr("examples takes no arguments, got '%1'").arg(rest.first()));
        return listExamples();
    }
    // Commands of the contract that later issues implement: say so instead of pretending.
    static const QStringList later{QStringLiteral("collective"), QStringLiteral("import"),
                                   QStringLiteral("export"),     QStringLiteral("sweep"),
                                   QStringLiteral("plan"),       QStringLiteral("presets")};
    if (later.contains(command))
        return usageError(tr("'%1' is not available yet").arg(command));
    return usageError(tr("unknown command '%1' (try shardscope-cli --help)").arg(command));
}

int Cli::listExamples()
{
    QByteArray out;
    for (const ss::io::ExampleInfo& info : ss::io::examples())
        out += (info.id + QLatin1Char('\t') + info.title + QLatin1Char('\n')).toUtf8();
    print(stdout, out);
    return kOk;
}

// SOURCE is "-" (stdin), a file, or an example id; a file wins over an example of the same name.
bool Cli::loadScenario(const QString& source, ss::Scenario& out, QString& label)
{
    QString error;
    if (source == QLatin1String("-")) {
        label = QStringLiteral("<stdin>");
        QFile in;
        if (!in.open(stdin, QIODevice::ReadOnly)) {
            inputError(tr("<stdin>: cannot read standard input"));
            return false;
        }
        // Bounded like a scenario file (scenariojson.cpp): a pipe that never ends must not eat the memory.
        const QByteArray json = in.read(kMaxInputBytes + 1);
        if (json.size() > kMaxInputBytes) {
            inputError(tr("<stdin>: too large for a scenario"));
            return false;
        }
        if (!ss::io::readScenario(json, out, &error, label, ss::io::ReadCheck::FieldsOnly)) {
            inputError(error);
            return false;
        }
        return true;
    }
    label = source;
    if (QFileInfo::exists(source)) {
        if (!ss::io::loadScenarioFile(source, out, &error, ss::io::ReadCheck::FieldsOnly)) {
            inputError(error);
            return false;
        }
        return true;
    }
    for (const ss::io::ExampleInfo& info : ss::io::examples()) {
        if (info.id == source) {
            if (!ss::io::loadExample(source, out, &error)) {
                inputError(error);
                return false;
            }
            return true;
        }
    }
    inputError(tr("%1: no such file or built-in example (shardscope-cli examples lists them)").arg(source));
    return false;
}

int Cli::eval(const QStringList& args)
{
    QString source;
    QStringList sets;
    bool explain = false;
    bool timeline = false;
    for (qsizetype i = 0; i < args.size(); ++i) {
        const QString& arg = args.at(i);
        if (arg == QLatin1String("--help") || arg == QLatin1String("-h")) {
            print(stdout, usage().toUtf8());
            return kOk;
        } else if (arg == QLatin1String("--explain")) {
            explain = true;
        } else if (arg == QLatin1String("--timeline")) {
            timeline = true;
        } else if (arg == QLatin1String("--set")) {
            if (i + 1 >= args.size())
                return usageError(tr("--set needs PATH=VALUE, e.g. --set parallel.zero_stage=3"));
            sets << args.at(++i);
        } else if (arg.startsWith(QLatin1String("--set="))) {
            sets << arg.mid(6);
        } else if (arg.startsWith(QLatin1Char('-')) && arg != QLatin1String("-")) {
            return usageError(tr("eval: unknown option '%1' (try shardscope-cli --help)").arg(arg));
        } else if (source.isEmpty()) {
            source = arg;
        } else {
            return usageError(tr("eval takes one scenario, got '%1' and '%2'").arg(source, arg));
        }
    }
    if (source.isEmpty())
        return usageError(tr("eval needs a scenario: a file, - for standard input, or an example id"));
    for (const QString& set : std::as_const(sets)) {
        const qsizetype eq = set.indexOf(QLatin1Char('='));
        if (eq <= 0)
            return usageError(tr("--set expects PATH=VALUE, got '%1'").arg(set));
    }

    ss::Scenario scenario;
    QString label;
    if (!loadScenario(source, scenario, label))
        return kBadInput;
    for (const QString& set : std::as_const(sets)) {
        const qsizetype eq = set.indexOf(QLatin1Char('='));
        const std::string error = ss::setFieldFromText(scenario, set.left(eq).trimmed().toStdString(),
                                                       set.mid(eq + 1).toStdString());
        if (!error.empty())
            return inputError(QStringLiteral("--set: ") + QString::fromStdString(error));
    }
    // The file was read without the cross-field checks so that --set could still repair it; run them now.
    const QString problem = ss::io::scenarioProblem(scenario, label);
    if (!problem.isEmpty())
        return inputError(problem);

    if (timeline)
        print(stderr, tr("shardscope-cli: --timeline: the timeline is not available yet; printing the result "
                         "without it\n")
                          .toUtf8());
    ss::EvalOptions options;
    options.explain = explain;
    const ss::Result result = ss::evaluate(scenario, options);
    print(stdout, ss::io::writeResult(result, explain));
    return kOk;
}

} // namespace

int main(int argc, char* argv[])
{
    QCoreApplication app(argc, argv);
    QCoreApplication::setApplicationName(QStringLiteral("shardscope-cli"));
    QCoreApplication::setApplicationVersion(QStringLiteral(SHARDSCOPE_VERSION));
    try {
        return Cli(QCoreApplication::arguments()).run();
    } catch (const std::exception& e) {
        // Not expected (the engine does not throw); a message beats an abort.
        std::fprintf(stderr, "shardscope-cli: internal error: %s\n", e.what());
        return kBadInput;
    }
}
