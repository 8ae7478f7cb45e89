// SPDX-License-Identifier: GPL-3.0-or-later
// A DeepSpeed config JSON read into the training recipe and the ZeRO settings (importer.h), by the keys of
// DeepSpeed's configuration documentation (deepspeed.ai/docs/config-json): zero_optimization.stage and its
// offload_optimizer / offload_param devices, the three batch keys, fp16 / bf16, optimizer.type,
// communication_data_type. The Hugging Face Trainer writes "auto" for values it fills in itself; those are
// left to the scenario. Keys DeepSpeed knows but the scenario has no use for are ignored.
#pragma once

#include "importer.h"

namespace ss::io {

bool importDeepSpeed(const QByteArray& data, const QString& fileName, ImportResult& out, QString* error);

// DeepSpeed's batch keys applied to SCENARIO with its data-parallel size: train_batch_size =
// train_micro_batch_size_per_gpu × gradient_accumulation_steps × dp (DeepSpeed docs, "Batch Size related
// parameters"). NOTES receives a line when the keys and the scenario's dp disagree.
void applyDeepSpeedBatch(const DeepSpeedBatch& batch, const QString& fileName, Scenario& scenario,
                         QStringList* notes);

} // namespace ss::io
