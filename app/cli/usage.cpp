// SPDX-License-Identifier: GPL-3.0-or-later
#include "usage.h"

#include "clioutput.h"

namespace ss::cli {

QString usage()
{
    return tr(
        "Usage:\n"
        "  shardscope-cli eval SCENARIO [--set PATH=VALUE]... [--explain] [--timeline]\n"
        "  shardscope-cli examples\n"
        "  shardscope-cli collective --topology TOPOLOGY --op OP --bytes N [--gpus a,b,..] "
        "[--algorithm ALG]\n"
        "  shardscope-cli presets [--json]\n"
        "  shardscope-cli gpus [--json]\n"
        "  shardscope-cli import FILE [--as KIND] [-o OUT.json] [--into SCENARIO] [--op OP] [--common-keys]\n"
        "  shardscope-cli export SCENARIO --chart CHART --out FILE [--param PATH --values ..|--range ..]\n"
        "  shardscope-cli sweep SCENARIO --param PATH --values v1,v2,..|--range a:b:n[:log] [--metric M]...\n"
        "  shardscope-cli plan SCENARIO [--gpus N] [--top K] [--objective OBJ] [--set PATH=VALUE]...\n"
        "                 [--tp-across-nodes] [--max-micro-batch N] [--threads N]\n"
        "                 [--cp LIST] [--ep LIST] [--etp LIST]\n"
        "  shardscope-cli compare BASELINE [CURRENT] [--set PATH=VALUE]...\n"
        "  shardscope-cli --help | --version\n"
        "\n"
        "SCENARIO is a scenario JSON file, - for standard input, or the id of a built-in example.\n"
        "--set changes one field by its dotted path, e.g. --set parallel.zero_stage=3,\n"
        "  --set model.params=7.5e9, --set cluster.gpu=H100-SXM5-80GB (unit strings such as\n"
        "  \"80 GiB\" or \"200 Gb/s\" are accepted).\n"
        "--explain adds the formula behind every figure.\n"
        "\n"
        "collective prices one NCCL-style collective on a topology: TOPOLOGY is a scenario file, a\n"
        "  topology file or a preset id (shardscope-cli presets); OP is allreduce, allgather,\n"
        "  reducescatter, broadcast, reduce, alltoall or sendrecv; N is the nccl-tests size (\"1 GiB\"\n"
        "  works); --gpus picks GPUs by index or id (default: all); ALG is auto, ring, tree,\n"
        "  hierarchical, direct, nvls, nvlstree (NVLink SHARP in each node, a tree across nodes) or\n"
        "  collnet (in-network reduction on *-sharp InfiniBand links).\n"
        "\n"
        "import reads a Hugging Face config.json, a DeepSpeed config, `nvidia-smi topo -m` output, an\n"
        "  NCCL topology dump or nccl-tests output (KIND: hf-config, deepspeed, nvidia-smi-topo,\n"
        "  nccl-topo, nccl-tests; detected when --as is left out) and prints what it determines\n"
        "  (shardscope-cli import --help).\n"
        "\n"
        "plan searches the parallel layouts (dp, tp, pp with uneven stage splits, cp, ep and etp, micro\n"
        "  batch, ZeRO stage, recompute, schedule, virtual stages, sequence parallelism) of the scenario's\n"
        "  model on its cluster (or on N GPUs of its node kind), keeps those that fit in memory and prints\n"
        "  the best K (default 10) by OBJ: step-time (default), tokens-per-gpu or memory-headroom.\n"
        "  --cp, --ep and --etp give the values to try as a comma-separated list (--cp 1,2,4, --ep 1,8;\n"
        "  etp 0 is \"as tp\"); by default cp is searched over powers of two up to 32 for sequences of\n"
        "  16384 tokens or more, ep over the divisors of the expert count, etp over tp and 1.\n"
        "\n"
        "sweep evaluates the scenario at each value of one numeric field and prints CSV, one column per\n"
        "  metric (shardscope-cli sweep --help).\n"
        "\n"
        "compare prints the figures of CURRENT (default: BASELINE with the --set changes) beside BASELINE\n"
        "  as JSON, with each difference and whether it is better or worse (shardscope-cli compare --help).\n"
        "\n"
        "Exit status: 0 success, 1 bad input, 2 usage error.\n");
}

} // namespace ss::cli
