// SPDX-License-Identifier: GPL-3.0-or-later
#include "jsonwriter.h"

#include "fields.h"

#include <QString>

#include <cmath>
#include <cstdio>

namespace ss::io {

JsonWriter::JsonWriter(int indent) : m_indent(indent) {}

void JsonWriter::newline(std::size_t depth)
{
    if (m_indent <= 0)
        return;
    m_out += '\n';
    m_out += QByteArray(static_cast<qsizetype>(depth) * m_indent, ' ');
}

void JsonWriter::beforeValue()
{
    if (m_afterKey) {
        m_afterKey = false;
        return;
    }
    if (!m_levels.empty()) {
        Level& level = m_levels.back();
        if (level.items++ > 0)
            m_out += ',';
        newline(m_levels.size());
    }
}

void JsonWriter::beginObject()
{
    beforeValue();
    m_out += '{';
    m_levels.push_back({true, 0});
}

void JsonWriter::beginArray()
{
    beforeValue();
    m_out += '[';
    m_levels.push_back({false, 0});
}

void JsonWriter::close(char bracket)
{
    if (m_levels.empty())
        return;
    const bool hadItems = m_levels.back().items > 0;
    m_levels.pop_back();
    if (hadItems)
        newline(m_levels.size());
    m_out += bracket;
    if (m_levels.empty() && m_indent > 0)
        m_out += '\n';
}

void JsonWriter::endObject()
{
    close('}');
}
void JsonWriter::endArray()
{
    close(']');
}

void JsonWriter::key(std::string_view name)
{
    beforeValue();
    writeString(name);
    m_out += m_indent > 0 ? ": " : ":";
    m_afterKey = true;
}

void JsonWriter::value(double number)
{
    beforeValue();
    if (!std::isfinite(number)) {
        ++m_nonFinite;
        m_out += "null";
        return;
    }
    m_out += QByteArray::fromStdString(shortestNumberText(number));
}

void JsonWriter::value(std::int64_t number)
{
    beforeValue();
    m_out += QByteArray::number(static_cast<qlonglong>(number));
}

void JsonWriter::value(bool flag)
{
    beforeValue();
    m_out += flag ? "true" : "false";
}

void JsonWriter::value(std::string_view text)
{
    beforeValue();
    writeString(text);
}

void JsonWriter::null()
{
    beforeValue();
    m_out += "null";
}

void JsonWriter::writeString(std::string_view text)
{
    // Round through QString so that invalid UTF-8 (a name typed in a legacy locale) becomes U+FFFD
    // instead of producing a file no JSON parser accepts.
    const QByteArray utf8 = QString::fromUtf8(text.data(), static_cast<qsizetype>(text.size())).toUtf8();
    m_out += '"';
    for (const char c : utf8) {
        switch (c) {
        case '"':
            m_out += "\\\"";
            break;
        case '\\':
            m_out += "\\\\";
            break;
        case '\n':
            m_out += "\\n";
            break;
        case '\r':
            m_out += "\\r";
            break;
        case '\t':
            m_out += "\\t";
            break;
        case '\b':
            m_out += "\\b";
            break;
        case '\f':
            m_out += "\\f";
            break;
        default:
            if (static_cast<unsigned char>(c) < 0x20) {
                char escaped[8];
                std::snprintf(escaped, sizeof escaped, "\\u%04x", static_cast<unsigned char>(c));
                m_out += escaped;
            } else {
                m_out += c;
            }
        }
    }
    m_out += '"';
}

QByteArray JsonWriter::data() const
{
    return m_out;
}

} // namespace ss::io
