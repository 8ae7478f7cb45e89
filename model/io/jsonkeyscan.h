// SPDX-License-Identifier: GPL-3.0-or-later
// A second pass over JSON that QJsonDocument has already parsed: QJsonDocument keeps the last of two equal
// keys of an object and says nothing (RFC 8259 §4 leaves duplicates to the reader), so a file that sets
// "dp" twice would be read with the second value silently. findDuplicateKey() finds the first key that
// repeats in its object, with both places. Internal to model/io.
#pragma once

#include <QByteArray>
#include <QString>

namespace ss::io::detail {

struct DuplicateKey
{
    QString path;              // the dotted path of the key: "parallel.dp", "nodes[2].id"
    QString key;               // the key itself
    qsizetype offset = 0;      // byte offset of the second occurrence (its opening quote)
    qsizetype firstOffset = 0; // byte offset of the first
};

// JSON must be a document QJsonDocument parsed without error (the scan trusts its syntax). Returns true and
// fills OUT at the first key that an object holds twice; one pass, no recursion.
bool findDuplicateKey(const QByteArray& json, DuplicateKey& out);

} // namespace ss::io::detail
