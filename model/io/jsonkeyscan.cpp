// SPDX-License-Identifier: GPL-3.0-or-later
#include "jsonkeyscan.h"

#include <QHash>
#include <QJsonArray>
#include <QJsonDocument>

#include <algorithm>
#include <vector>

namespace ss::io::detail {

namespace {

// One open object or array on the way down.
struct Frame
{
    bool object = false;
    bool expectKey = false; // an object, before a key
    qsizetype index = 0;    // an array: the element being read
    QString path;
    QString lastKey;
    QHash<QString, qsizetype> keys; // an object's keys so far and where each was
};

// The end of the string whose opening quote is at BEGIN: the offset of its closing quote.
qsizetype stringEnd(const QByteArray& json, qsizetype begin)
{
    qsizetype j = begin + 1;
    while (j < json.size() && json.at(j) != '"')
        j += json.at(j) == '\\' ? 2 : 1;
    return std::min(j, json.size());
}

// The key between the quotes at BEGIN and END, its escapes decoded ("\u0061" and "a" are one key).
QString keyText(const QByteArray& json, qsizetype begin, qsizetype end)
{
    const QByteArray raw = json.mid(begin, end - begin + 1);
    if (!raw.contains('\\'))
        return QString::fromUtf8(raw.mid(1, raw.size() - 2));
    return QJsonDocument::fromJson("[" + raw + "]").array().at(0).toString();
}

QString childPath(const Frame& parent)
{
    if (!parent.object)
        return parent.path + QLatin1Char('[') + QString::number(parent.index) + QLatin1Char(']');
    return parent.path.isEmpty() ? parent.lastKey : parent.path + QLatin1Char('.') + parent.lastKey;
}

} // namespace

bool findDuplicateKey(const QByteArray& json, DuplicateKey& out)
{
    std::vector<Frame> stack;
    for (qsizetype i = 0; i < json.size(); ++i) {
        const char c = json.at(i);
        switch (c) {
        case '{':
        case '[': {
            Frame frame;
            frame.object = c == '{';
            frame.expectKey = frame.object;
            if (!stack.empty())
                frame.path = childPath(stack.back());
            stack.push_back(std::move(frame));
            break;
        }
        case '}':
        case ']':
            if (!stack.empty())
                stack.pop_back();
            break;
        case ',':
            if (!stack.empty()) {
                stack.back().expectKey = stack.back().object;
                ++stack.back().index;
            }
            break;
        case '"': {
            const qsizetype end = stringEnd(json, i);
            if (!stack.empty() && stack.back().expectKey) {
                Frame& frame = stack.back();
                frame.expectKey = false;
                frame.lastKey = keyText(json, i, end);
                const auto found = frame.keys.constFind(frame.lastKey);
                if (found != frame.keys.constEnd()) {
                    out.key = frame.lastKey;
                    out.path = childPath(frame);
                    out.offset = i;
                    out.firstOffset = found.value();
                    return true;
                }
                frame.keys.insert(frame.lastKey, i);
            }
            i = end;
            break;
        }
        default:
            break;
        }
    }
    return false;
}

} // namespace ss::io::detail
