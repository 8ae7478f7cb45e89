// SPDX-License-Identifier: GPL-3.0-or-later
// Scenario files (scenariojson.h): any bytes either read with a one-line error or give a scenario that
// writes back to the same scenario (read(write(s)) == s, scenariojson.h) and that the engine evaluates.
#include "fuzzsupport.h"
#include "scenariojson.h"

#include <QByteArray>
#include <QString>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size)
{
    const QByteArray bytes = QByteArray::fromRawData(reinterpret_cast<const char*>(data), qsizetype(size));
    ss::Scenario s;
    QString error;
    // FieldsOnly: the CLI's path for `eval --set`; a scenario it accepts may still be invalid as a whole.
    if (!ss::io::readScenario(bytes, s, &error, QStringLiteral("fuzz.json"), ss::io::ReadCheck::FieldsOnly)) {
        if (error.isEmpty() || error.contains(QLatin1Char('\n')))
            fuzz::fail("a rejected scenario has no one-line error");
        return 0;
    }
    (void)ss::io::scenarioProblem(s);
    ss::Scenario again;
    if (!ss::io::readScenario(ss::io::writeScenario(s), again, &error, {}, ss::io::ReadCheck::FieldsOnly))
        fuzz::fail("a scenario that read does not read back after writing");
    if (!(again == s))
        fuzz::fail("read(write(s)) != s");
    fuzz::evaluateScenario(s);
    return 0;
}
