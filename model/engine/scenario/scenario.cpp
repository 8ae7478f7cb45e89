// SPDX-License-Identifier: GPL-3.0-or-later
#include "scenario.h"

#include "gpucatalog.h"

namespace ss {

// GPT-3 XL (1.3B; Brown et al. 2020, Table 2.1: 24 layers, d_model 2048, 16 heads of 128, batch of
// 1M tokens = 512 sequences of 2048) on one DGX A100 with data parallelism and ZeRO-1.
Scenario defaultScenario()
{
    Scenario s;
    s.name = "GPT-3 XL 1.3B on one DGX A100";
    s.model.layers = 24;
    s.model.hidden = 2048;
    s.model.heads = 16;
    s.model.kv_heads = 16;
    s.model.ffn_hidden = 8192;
    s.model.vocab = 51200;
    s.model.seq_len = 2048;
    s.model.tied_embeddings = true; // GPT-2/3 tie the output layer to the input embedding
    s.training.global_batch = 512;
    s.training.micro_batch = 4;
    s.parallel.dp = 8;
    s.parallel.zero_stage = 1;
    s.cluster.nodes = 1;
    s.cluster.gpus_per_node = 8;
    s.cluster.node_preset = "dgx-a100";
    if (const auto* gpu = findGpu("A100-SXM4-80GB"))
        s.cluster.gpu = gpu->spec;
    s.cluster.gpu_id = "A100-SXM4-80GB";
    return s;
}

} // namespace ss
