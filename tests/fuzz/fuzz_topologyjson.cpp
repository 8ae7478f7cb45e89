// SPDX-License-Identifier: GPL-3.0-or-later
// Topology files (topologyjson.h): read, written back, and costed by the communication model.
#include "fuzzsupport.h"
#include "topologyjson.h"

#include <QByteArray>
#include <QString>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size)
{
    const QByteArray bytes = QByteArray::fromRawData(reinterpret_cast<const char*>(data), qsizetype(size));
    (void)ss::io::documentFormat(bytes);
    ss::Topology topology;
    QString error;
    if (!ss::io::readTopology(bytes, topology, &error, QStringLiteral("fuzz.topology.json"))) {
        if (error.isEmpty() || error.contains(QLatin1Char('\n')))
            fuzz::fail("a rejected topology has no one-line error");
        return 0;
    }
    ss::Topology again;
    if (!ss::io::readTopology(ss::io::writeTopology(topology), again, &error))
        fuzz::fail("a topology that read does not read back after writing");
    if (!(again == topology))
        fuzz::fail("read(write(t)) != t");
    fuzz::exerciseTopology(topology);
    return 0;
}
