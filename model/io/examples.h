// SPDX-License-Identifier: GPL-3.0-or-later
// The built-in example scenarios (resources/examples/*.json, compiled into Qt resources). Their ids,
// titles and descriptions (with the sources of the architecture numbers) are in
// resources/examples/index.json.
#pragma once

#include "scenario.h"

#include <QList>
#include <QString>

namespace ss::io {

struct ExampleInfo
{
    QString id;          // "gpt3-175b-megatron"; also what `shardscope-cli eval` accepts
    QString title;       // the scenario's name
    QString description; // what it shows and where its numbers come from
};

// In the order of the index, "default" first.
QList<ExampleInfo> examples();
// Reads and validates the example ID. On failure OUT is untouched and *ERROR says why.
bool loadExample(const QString& id, Scenario& out, QString* error);
// The "default" example (what `shardscope` opens with no argument); ss::defaultScenario() should it
// ever fail to load.
Scenario defaultExampleScenario();

} // namespace ss::io
