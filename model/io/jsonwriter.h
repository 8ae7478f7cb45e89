// SPDX-License-Identifier: GPL-3.0-or-later
// A small streaming JSON writer that keeps keys in the order they are written (QJsonObject sorts them,
// which would put "format" after "cluster" in a scenario file) and prints doubles with the fewest
// digits that read back to the same value, so files round-trip exactly.
#pragma once

#include "fields.h"
#include "scenario.h"

#include <QByteArray>

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace ss::io {

class JsonWriter
{
public:
    explicit JsonWriter(int indent = 2);

    void beginObject();
    void endObject();
    void beginArray();
    void endArray();
    void key(std::string_view name);

    void value(double number); // non-finite numbers become null (JSON has no NaN); see nonFiniteCount()
    void value(std::int64_t number);
    void value(int number) { value(static_cast<std::int64_t>(number)); }
    void value(bool flag);
    void value(std::string_view text);
    void value(const char* text) { value(std::string_view(text)); }
    void null();
    // key(NAME) then value(VALUE): one member of the object being written.
    template <typename T> void member(std::string_view name, const T& v)
    {
        key(name);
        value(v);
    }

    int nonFiniteCount() const { return m_nonFinite; }
    // The document so far, with a final newline once every object and array is closed.
    QByteArray data() const;

private:
    struct Level
    {
        bool object = false;
        int items = 0;
    };
    void beforeValue();
    void newline(std::size_t depth);
    void writeString(std::string_view text);
    void close(char bracket);

    QByteArray m_out;
    std::vector<Level> m_levels;
    int m_indent = 2;
    int m_nonFinite = 0;
    bool m_afterKey = false;
};

// One scalar field of the field table as JSON (model.params of a transformer: the derived count).
void writeFieldValue(JsonWriter& w, const FieldInfo& field, const Scenario& s);
// "cluster.network.kind" -> {"cluster", "network", "kind"}.
std::vector<std::string> splitFieldPath(const std::string& path);

// The "nodes" and "links" members of a topology object, shared by the scenario and topology files.
void writeTopologyMembers(JsonWriter& w, const Topology& topology);

} // namespace ss::io
