<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="zh_CN">
<context>
    <name>EngineText</name>
    <message numerus="yes">
        <source>dp × tp × pp = %1 × %2 × %3 = %4, but the cluster has %5 GPUs (%n node(s) of %6)</source>
        <translation>
            <numerusform>dp × tp × pp = %1 × %2 × %3 = %4，但集群共有 %5 块 GPU（%n 个节点，每节点 %6 块）</numerusform>
        </translation>
    </message>
    <message>
        <source>The global batch %1 is not divisible by dp × micro-batch = %2 × %3 = %4</source>
        <translation>全局批大小 %1 不能被 dp × 微批次大小 = %2 × %3 = %4 整除</translation>
    </message>
    <message>
        <source>Expected at least 1, got %1</source>
        <translation>应至少为 1，实际为 %1</translation>
    </message>
    <message>
        <source>A model given by its parameter count needs a count above 0</source>
        <translation>按参数量给定的模型需要大于 0 的参数量</translation>
    </message>
    <message>
        <source>%1 pipeline stages are more than the model&apos;s %2 layers</source>
        <translation>%1 个流水线级多于模型的 %2 层</translation>
    </message>
    <message>
        <source>%1 heads do not divide the hidden size %2 (set the head dimension for such models)</source>
        <translation>%1 个注意力头不能整除隐藏层维度 %2（此类模型请设置头维度）</translation>
    </message>
    <message>
        <source>%1 key/value heads do not divide the %2 attention heads</source>
        <translation>%1 个 KV 头不能整除 %2 个注意力头</translation>
    </message>
    <message>
        <source>Tensor parallel %1 does not divide the %2 attention heads</source>
        <translation>张量并行度 %1 不能整除 %2 个注意力头</translation>
    </message>
    <message>
        <source>Tensor parallel %1 and the %2 key/value heads must divide one another</source>
        <translation>张量并行度 %1 与 %2 个 KV 头必须能相互整除</translation>
    </message>
    <message>
        <source>Tensor parallel %1 does not divide the FFN size %2</source>
        <translation>张量并行度 %1 不能整除 FFN 维度 %2</translation>
    </message>
    <message>
        <source>A token cannot use %1 of %2 experts</source>
        <translation>一个词元不能使用 %2 个专家中的 %1 个</translation>
    </message>
    <message>
        <source>The interleaved schedule needs 2 or more pipeline stages</source>
        <translation>交错调度需要 2 个或更多流水线级</translation>
    </message>
    <message>
        <source>The interleaved schedule needs 2 or more virtual stages</source>
        <translation>交错调度需要 2 个或更多虚拟级</translation>
    </message>
    <message>
        <source>Pipeline stages × virtual stages = %1 does not divide the %2 layers</source>
        <translation>流水线级数 × 虚拟级数 = %1 不能整除 %2 层</translation>
    </message>
    <message>
        <source>The interleaved schedule needs the microbatches (%1) to be a multiple of the pipeline stages (%2)</source>
        <translation>交错调度要求微批次数（%1）是流水线级数（%2）的整数倍</translation>
    </message>
    <message>
        <source>Virtual stages other than 1 need the interleaved schedule</source>
        <translation>虚拟级数不为 1 时需要交错调度</translation>
    </message>
    <message>
        <source>Expected a ZeRO stage from 0 to 3, got %1</source>
        <translation>ZeRO 阶段应为 0 到 3，实际为 %1</translation>
    </message>
    <message>
        <source>Optimizer offload needs ZeRO stage 1, 2 or 3</source>
        <translation>优化器卸载需要 ZeRO 阶段 1、2 或 3</translation>
    </message>
    <message>
        <source>Parameter offload needs ZeRO stage 3</source>
        <translation>参数卸载需要 ZeRO 阶段 3</translation>
    </message>
    <message>
        <source>A parameter server does not combine with ZeRO sharding (use stage 0)</source>
        <translation>参数服务器不能与 ZeRO 分片同时使用（请使用阶段 0）</translation>
    </message>
    <message>
        <source>Expected 32, 16, 8 or 1 bits, got %1</source>
        <translation>应为 32、16、8 或 1 位，实际为 %1</translation>
    </message>
    <message>
        <source>The GPU needs a memory size above 0 bytes</source>
        <translation>GPU 显存容量必须大于 0 字节</translation>
    </message>
    <message>
        <source>The GPU needs a peak FLOP/s above 0</source>
        <translation>GPU 峰值 FLOP/s 必须大于 0</translation>
    </message>
    <message>
        <source>The GPU needs a memory bandwidth above 0 B/s</source>
        <translation>GPU 显存带宽必须大于 0 B/s</translation>
    </message>
    <message>
        <source>Expected an efficiency above 0 and at most 1</source>
        <translation>效率应大于 0 且不超过 1</translation>
    </message>
    <message>
        <source>Expected a fraction from 0 to 1</source>
        <translation>比例应在 0 到 1 之间</translation>
    </message>
    <message>
        <source>Expected 0 bytes or more</source>
        <translation>应为 0 字节或更多</translation>
    </message>
    <message>
        <source>Unknown node preset &quot;%1&quot;</source>
        <translation>未知的节点预设“%1”</translation>
    </message>
    <message>
        <source>The %1 preset has %2 GPUs per node, not %3</source>
        <translation>%1 预设每节点有 %2 块 GPU，而不是 %3 块</translation>
    </message>
    <message>
        <source>A device needs a non-empty id</source>
        <translation>设备需要非空的 id</translation>
    </message>
    <message>
        <source>The id &quot;%1&quot; is used twice</source>
        <translation>id“%1”被重复使用</translation>
    </message>
    <message>
        <source>Unknown device kind &quot;%1&quot;</source>
        <translation>未知的设备类型“%1”</translation>
    </message>
    <message>
        <source>No device has the id &quot;%1&quot;</source>
        <translation>没有 id 为“%1”的设备</translation>
    </message>
    <message>
        <source>A link must join two different devices</source>
        <translation>链路必须连接两个不同的设备</translation>
    </message>
    <message>
        <source>Unknown link kind &quot;%1&quot;</source>
        <translation>未知的链路类型“%1”</translation>
    </message>
    <message>
        <source>Expected a bandwidth above 0 B/s</source>
        <translation>带宽应大于 0 B/s</translation>
    </message>
    <message>
        <source>Expected a latency of 0 s or more</source>
        <translation>延迟应为 0 秒或更多</translation>
    </message>
    <message>
        <source>The topology has %1 GPUs, but nodes × GPUs per node = %2</source>
        <translation>拓扑中有 %1 块 GPU，但节点数 × 每节点 GPU 数 = %2</translation>
    </message>
    <message>
        <source>Stage %1 needs %2 per GPU, %3 more than the %4&apos;s %5</source>
        <translation>第 %1 级每块 GPU 需要 %2，比 %4 的 %5 显存多出 %3</translation>
    </message>
    <message>
        <source>%1 layers do not split evenly over %2 stages; the first stages take one layer more</source>
        <translation>%1 层无法均分到 %2 个流水线级；前面的级各多分一层</translation>
    </message>
    <message>
        <source>Sequence parallelism has no effect with tensor parallel 1</source>
        <translation>张量并行度为 1 时序列并行不起作用</translation>
    </message>
    <message>
        <source>Expected one of: %1; got &quot;%2&quot;</source>
        <translation>应为以下之一：%1；实际为“%2”</translation>
    </message>
    <message>
        <source>Expected true or false, got &quot;%1&quot;</source>
        <translation>应为 true 或 false，实际为“%1”</translation>
    </message>
    <message>
        <source>Unknown choice &quot;%1&quot;; expected one of: %2</source>
        <translation>未知选项“%1”；应为以下之一：%2</translation>
    </message>
    <message>
        <source>Expected a text</source>
        <translation>应为文本</translation>
    </message>
    <message>
        <source>Expected one of: %1</source>
        <translation>应为以下之一：%1</translation>
    </message>
    <message>
        <source>Expected a whole number from %1 to %2</source>
        <translation>应为 %1 到 %2 之间的整数</translation>
    </message>
    <message>
        <source>Expected a size such as &quot;80 GiB&quot; or &quot;40 GB&quot;</source>
        <translation>应为容量，例如“80 GiB”或“40 GB”</translation>
    </message>
    <message>
        <source>Expected a bandwidth such as &quot;25 GB/s&quot; or &quot;200 Gb/s&quot;</source>
        <translation>应为带宽，例如“25 GB/s”或“200 Gb/s”</translation>
    </message>
    <message>
        <source>Expected a time such as &quot;1.5 us&quot; or &quot;2 ms&quot;</source>
        <translation>应为时间，例如“1.5 us”或“2 ms”</translation>
    </message>
    <message>
        <source>Expected a count such as &quot;7.5B&quot; or &quot;70M&quot;</source>
        <translation>应为数量，例如“7.5B”或“70M”</translation>
    </message>
    <message>
        <source>Expected a compute rate such as &quot;312 TFLOP/s&quot;</source>
        <translation>应为算力，例如“312 TFLOP/s”</translation>
    </message>
    <message>
        <source>Expected a fraction such as &quot;0.5&quot; or &quot;50%&quot;</source>
        <translation>应为比例，例如“0.5”或“50%”</translation>
    </message>
    <message>
        <source>Expected a number</source>
        <translation>应为数字</translation>
    </message>
    <message>
        <source>%1, got &quot;%2&quot;</source>
        <translation>%1，实际为“%2”</translation>
    </message>
    <message>
        <source>Expected a value above %1 and at most %2</source>
        <translation>应大于 %1 且不超过 %2</translation>
    </message>
    <message>
        <source>Expected a value from %1 to %2</source>
        <translation>应在 %1 到 %2 之间</translation>
    </message>
</context>
<context>
    <name>FieldNames</name>
    <message>
        <source>Scenario name</source>
        <translation>场景名称</translation>
    </message>
    <message>
        <source>A transformer architecture, or only a parameter count.</source>
        <translation>按 Transformer 网络结构给出，或只给出参数量。</translation>
    </message>
    <message>
        <source>Parameters</source>
        <translation>参数量</translation>
    </message>
    <message>
        <source>Total parameter count (used when the model is given as a count), e.g. 7.5B.</source>
        <translation>参数总量（模型按参数量给出时使用），例如 7.5B。</translation>
    </message>
    <message>
        <source>Layers</source>
        <translation>层数</translation>
    </message>
    <message>
        <source>Transformer layers (blocks).</source>
        <translation>Transformer 层（块）数。</translation>
    </message>
    <message>
        <source>Hidden size</source>
        <translation>隐藏层维度</translation>
    </message>
    <message>
        <source>Model width h.</source>
        <translation>模型宽度 h。</translation>
    </message>
    <message>
        <source>Attention heads</source>
        <translation>注意力头数</translation>
    </message>
    <message>
        <source>KV heads</source>
        <translation>KV 头数</translation>
    </message>
    <message>
        <source>Key/value heads; fewer than the attention heads is grouped-query attention.</source>
        <translation>键/值头数；少于注意力头数即为分组查询注意力（GQA）。</translation>
    </message>
    <message>
        <source>Head dimension</source>
        <translation>头维度</translation>
    </message>
    <message>
        <source>0 means hidden size / attention heads.</source>
        <translation>0 表示 隐藏层维度 ÷ 注意力头数。</translation>
    </message>
    <message>
        <source>FFN size</source>
        <translation>FFN 维度</translation>
    </message>
    <message>
        <source>Inner size of the feed-forward block.</source>
        <translation>前馈网络（FFN）的中间维度。</translation>
    </message>
    <message>
        <source>FFN kind</source>
        <translation>FFN 类型</translation>
    </message>
    <message>
        <source>Vocabulary</source>
        <translation>词表大小</translation>
    </message>
    <message>
        <source>tokens</source>
        <translation>词元</translation>
    </message>
    <message>
        <source>Sequence length</source>
        <translation>序列长度</translation>
    </message>
    <message>
        <source>Position table</source>
        <translation>位置表大小</translation>
    </message>
    <message>
        <source>Size of the learned position table; 0 means the sequence length.</source>
        <translation>可学习位置嵌入表的大小；0 表示等于序列长度。</translation>
    </message>
    <message>
        <source>Tied embeddings</source>
        <translation>共享嵌入权重</translation>
    </message>
    <message>
        <source>The output head shares the token embedding.</source>
        <translation>输出层与词嵌入共享权重。</translation>
    </message>
    <message>
        <source>Positions</source>
        <translation>位置编码</translation>
    </message>
    <message>
        <source>Normalisation</source>
        <translation>归一化</translation>
    </message>
    <message>
        <source>Linear biases</source>
        <translation>线性层偏置</translation>
    </message>
    <message>
        <source>Experts</source>
        <translation>专家数</translation>
    </message>
    <message>
        <source>Mixture-of-experts FFNs per layer; 1 is a dense model.</source>
        <translation>每层的混合专家（MoE）FFN 个数；1 表示稠密模型。</translation>
    </message>
    <message>
        <source>Experts per token</source>
        <translation>每词元激活专家数</translation>
    </message>
    <message>
        <source>Global batch size</source>
        <translation>全局批大小</translation>
    </message>
    <message>
        <source>Sequences per optimizer step, over all data-parallel ranks.</source>
        <translation>每个优化器步的序列数（所有数据并行副本合计）。</translation>
    </message>
    <message>
        <source>sequences</source>
        <translation>条序列</translation>
    </message>
    <message>
        <source>Micro-batch size</source>
        <translation>微批次大小</translation>
    </message>
    <message>
        <source>Sequences per microbatch on one data-parallel rank.</source>
        <translation>单个数据并行副本上每个微批次的序列数。</translation>
    </message>
    <message>
        <source>Precision</source>
        <translation>精度</translation>
    </message>
    <message>
        <source>Optimizer</source>
        <translation>优化器</translation>
    </message>
    <message>
        <source>Activation recomputation</source>
        <translation>激活重计算</translation>
    </message>
    <message>
        <source>Recompute activations in the backward pass instead of storing them.</source>
        <translation>在反向传播中重新计算激活值，而不是保存它们。</translation>
    </message>
    <message>
        <source>Flash attention</source>
        <translation>Flash Attention</translation>
    </message>
    <message>
        <source>Fused attention never stores the attention score matrices.</source>
        <translation>融合注意力不保存注意力分数矩阵。</translation>
    </message>
    <message>
        <source>Gradient communication</source>
        <translation>梯度通信位宽</translation>
    </message>
    <message>
        <source>Bits per gradient element on the wire.</source>
        <translation>梯度通信时每个元素的位数。</translation>
    </message>
    <message>
        <source>bits</source>
        <translation>位</translation>
    </message>
    <message>
        <source>Overlap gradient reduction</source>
        <translation>梯度归约与计算重叠</translation>
    </message>
    <message>
        <source>Data parallel</source>
        <translation>数据并行</translation>
    </message>
    <message>
        <source>Data-parallel degree: model replicas.</source>
        <translation>数据并行度：模型副本数。</translation>
    </message>
    <message>
        <source>ranks</source>
        <translation>路</translation>
    </message>
    <message>
        <source>Tensor parallel</source>
        <translation>张量并行</translation>
    </message>
    <message>
        <source>Tensor-parallel degree: GPUs that split every layer.</source>
        <translation>张量并行度：共同切分每一层的 GPU 数。</translation>
    </message>
    <message>
        <source>Pipeline parallel</source>
        <translation>流水线并行</translation>
    </message>
    <message>
        <source>Pipeline-parallel degree: stages the layers are split into.</source>
        <translation>流水线并行度：模型各层被切分成的级数。</translation>
    </message>
    <message>
        <source>stages</source>
        <translation>级</translation>
    </message>
    <message>
        <source>Sequence parallel</source>
        <translation>序列并行</translation>
    </message>
    <message>
        <source>Split norm and dropout activations over the tensor-parallel ranks.</source>
        <translation>将归一化和 dropout 的激活值切分到各张量并行 GPU 上。</translation>
    </message>
    <message>
        <source>ZeRO stage</source>
        <translation>ZeRO 阶段</translation>
    </message>
    <message>
        <source>Shard optimizer states (1), gradients (2) and parameters (3) over data-parallel ranks.</source>
        <translation>在数据并行副本间切分优化器状态（1）、梯度（2）和参数（3）。</translation>
    </message>
    <message>
        <source>Optimizer offload</source>
        <translation>优化器状态卸载</translation>
    </message>
    <message>
        <source>Parameter offload</source>
        <translation>参数卸载</translation>
    </message>
    <message>
        <source>Pipeline schedule</source>
        <translation>流水线调度</translation>
    </message>
    <message>
        <source>Virtual stages</source>
        <translation>虚拟级数</translation>
    </message>
    <message>
        <source>Model chunks per pipeline stage (interleaved schedule).</source>
        <translation>每个流水线级上的模型块数（交错式调度）。</translation>
    </message>
    <message>
        <source>Rank order</source>
        <translation>Rank 排布顺序</translation>
    </message>
    <message>
        <source>Order of parallel dimensions, innermost first.</source>
        <translation>各并行维度的排布顺序，最内层在前。</translation>
    </message>
    <message>
        <source>Gradient synchronisation</source>
        <translation>梯度同步方式</translation>
    </message>
    <message>
        <source>Parameter servers</source>
        <translation>参数服务器数</translation>
    </message>
    <message>
        <source>GPU</source>
        <translation>GPU</translation>
    </message>
    <message>
        <source>GPU name</source>
        <translation>GPU 名称</translation>
    </message>
    <message>
        <source>GPU memory</source>
        <translation>GPU 显存</translation>
    </message>
    <message>
        <source>Peak compute</source>
        <translation>峰值算力</translation>
    </message>
    <message>
        <source>Dense 16-bit tensor FLOP/s.</source>
        <translation>16 位稠密张量核 FLOP/s。</translation>
    </message>
    <message>
        <source>Memory bandwidth</source>
        <translation>显存带宽</translation>
    </message>
    <message>
        <source>Nodes</source>
        <translation>节点数</translation>
    </message>
    <message>
        <source>GPUs per node</source>
        <translation>每节点 GPU 数</translation>
    </message>
    <message>
        <source>Node topology</source>
        <translation>节点拓扑</translation>
    </message>
    <message>
        <source>Network</source>
        <translation>网络</translation>
    </message>
    <message>
        <source>NICs per node</source>
        <translation>每节点网卡数</translation>
    </message>
    <message>
        <source>Compute efficiency</source>
        <translation>计算效率</translation>
    </message>
    <message>
        <source>Achieved fraction of peak FLOP/s for matrix multiplications.</source>
        <translation>矩阵乘法实际达到的峰值 FLOP/s 比例。</translation>
    </message>
    <message>
        <source>CUDA context</source>
        <translation>CUDA 上下文</translation>
    </message>
    <message>
        <source>CUDA context and cuBLAS/NCCL workspaces per GPU.</source>
        <translation>每块 GPU 的 CUDA 上下文及 cuBLAS/NCCL 工作区。</translation>
    </message>
    <message>
        <source>Allocator overhead</source>
        <translation>分配器开销</translation>
    </message>
    <message>
        <source>Caching-allocator fragmentation, as a fraction of everything else.</source>
        <translation>缓存分配器的碎片，按其余全部显存的比例计。</translation>
    </message>
    <message>
        <source>Gradient buckets</source>
        <translation>梯度通信桶</translation>
    </message>
    <message>
        <source>Gradient communication buckets in flight.</source>
        <translation>正在通信中的梯度桶。</translation>
    </message>
    <message>
        <source>Parameter count</source>
        <translation>参数量</translation>
    </message>
    <message>
        <source>GELU (2 matrices)</source>
        <translation>GELU（2 个矩阵）</translation>
    </message>
    <message>
        <source>SwiGLU (3 matrices)</source>
        <translation>SwiGLU（3 个矩阵）</translation>
    </message>
    <message>
        <source>Learned</source>
        <translation>可学习</translation>
    </message>
    <message>
        <source>Rotary (RoPE)</source>
        <translation>旋转位置编码（RoPE）</translation>
    </message>
    <message>
        <source>LayerNorm</source>
        <translation>LayerNorm</translation>
    </message>
    <message>
        <source>RMSNorm</source>
        <translation>RMSNorm</translation>
    </message>
    <message>
        <source>All</source>
        <translation>全部</translation>
    </message>
    <message>
        <source>Q/K/V only</source>
        <translation>仅 Q/K/V</translation>
    </message>
    <message>
        <source>BF16 mixed</source>
        <translation>BF16 混合精度</translation>
    </message>
    <message>
        <source>FP16 mixed</source>
        <translation>FP16 混合精度</translation>
    </message>
    <message>
        <source>FP32</source>
        <translation>FP32</translation>
    </message>
    <message>
        <source>BF16 (no FP32 master)</source>
        <translation>BF16（无 FP32 主权重）</translation>
    </message>
    <message>
        <source>FP8 mixed</source>
        <translation>FP8 混合精度</translation>
    </message>
    <message>
        <source>Adam / AdamW</source>
        <translation>Adam / AdamW</translation>
    </message>
    <message>
        <source>8-bit Adam</source>
        <translation>8 位 Adam</translation>
    </message>
    <message>
        <source>SGD</source>
        <translation>SGD</translation>
    </message>
    <message>
        <source>SGD with momentum</source>
        <translation>带动量的 SGD</translation>
    </message>
    <message>
        <source>Adafactor</source>
        <translation>Adafactor</translation>
    </message>
    <message>
        <source>None</source>
        <translation>无</translation>
    </message>
    <message>
        <source>Selective</source>
        <translation>选择性</translation>
    </message>
    <message>
        <source>Full</source>
        <translation>完全</translation>
    </message>
    <message>
        <source>CPU memory</source>
        <translation>CPU 内存</translation>
    </message>
    <message>
        <source>NVMe</source>
        <translation>NVMe</translation>
    </message>
    <message>
        <source>GPipe</source>
        <translation>GPipe</translation>
    </message>
    <message>
        <source>1F1B</source>
        <translation>1F1B</translation>
    </message>
    <message>
        <source>Interleaved 1F1B</source>
        <translation>交错式 1F1B</translation>
    </message>
    <message>
        <source>Zero bubble (ZB-H1)</source>
        <translation>零气泡（ZB-H1）</translation>
    </message>
    <message>
        <source>All-reduce</source>
        <translation>全归约（All-Reduce）</translation>
    </message>
    <message>
        <source>Parameter server</source>
        <translation>参数服务器</translation>
    </message>
    <message>
        <source>DGX-1 (8× V100, hybrid cube-mesh)</source>
        <translation>DGX-1（8× V100，混合立方网格）</translation>
    </message>
    <message>
        <source>DGX A100 (8× A100, NVSwitch)</source>
        <translation>DGX A100（8× A100，NVSwitch）</translation>
    </message>
    <message>
        <source>DGX H100 (8× H100, NVSwitch)</source>
        <translation>DGX H100（8× H100，NVSwitch）</translation>
    </message>
    <message>
        <source>HGX H200 (8× H200, NVSwitch)</source>
        <translation>HGX H200（8× H200，NVSwitch）</translation>
    </message>
    <message>
        <source>4-GPU PCIe box, two sockets (QPI)</source>
        <translation>4 卡 PCIe 主机，双路 CPU（QPI）</translation>
    </message>
    <message>
        <source>8-GPU PCIe Gen4 server</source>
        <translation>8 卡 PCIe Gen4 服务器</translation>
    </message>
    <message>
        <source>Parameter-server cluster</source>
        <translation>参数服务器集群</translation>
    </message>
    <message>
        <source>InfiniBand EDR (100 Gb/s)</source>
        <translation>InfiniBand EDR（100 Gb/s）</translation>
    </message>
    <message>
        <source>InfiniBand HDR (200 Gb/s)</source>
        <translation>InfiniBand HDR（200 Gb/s）</translation>
    </message>
    <message>
        <source>InfiniBand NDR (400 Gb/s)</source>
        <translation>InfiniBand NDR（400 Gb/s）</translation>
    </message>
    <message>
        <source>InfiniBand XDR (800 Gb/s)</source>
        <translation>InfiniBand XDR（800 Gb/s）</translation>
    </message>
    <message>
        <source>RoCE 100 Gb/s</source>
        <translation>RoCE 100 Gb/s</translation>
    </message>
    <message>
        <source>RoCE 200 Gb/s</source>
        <translation>RoCE 200 Gb/s</translation>
    </message>
    <message>
        <source>RoCE 400 Gb/s</source>
        <translation>RoCE 400 Gb/s</translation>
    </message>
    <message>
        <source>Ethernet 10 Gb/s</source>
        <translation>以太网 10 Gb/s</translation>
    </message>
    <message>
        <source>Ethernet 25 Gb/s</source>
        <translation>以太网 25 Gb/s</translation>
    </message>
    <message>
        <source>Ethernet 100 Gb/s</source>
        <translation>以太网 100 Gb/s</translation>
    </message>
    <message>
        <source>Ethernet 200 Gb/s</source>
        <translation>以太网 200 Gb/s</translation>
    </message>
    <message>
        <source>Ethernet 400 Gb/s</source>
        <translation>以太网 400 Gb/s</translation>
    </message>
    <message>
        <source>0: off</source>
        <translation>0：关闭</translation>
    </message>
    <message>
        <source>1: optimizer states</source>
        <translation>1：优化器状态</translation>
    </message>
    <message>
        <source>2: + gradients</source>
        <translation>2：+ 梯度</translation>
    </message>
    <message>
        <source>3: + parameters</source>
        <translation>3：+ 参数</translation>
    </message>
    <message numerus="yes">
        <source>%n bit(s)</source>
        <translation>
            <numerusform>%n 位</numerusform>
        </translation>
    </message>
    <message>
        <source>Model</source>
        <translation>模型</translation>
    </message>
    <message>
        <source>Training</source>
        <translation>训练</translation>
    </message>
    <message>
        <source>Parallelism</source>
        <translation>并行</translation>
    </message>
    <message>
        <source>Cluster</source>
        <translation>集群</translation>
    </message>
    <message>
        <source>Compute</source>
        <translation>计算</translation>
    </message>
    <message>
        <source>Memory overheads</source>
        <translation>显存开销</translation>
    </message>
    <message>
        <source>Other</source>
        <translation>其他</translation>
    </message>
    <message>
        <source>Model given by</source>
        <translation>模型给定方式</translation>
    </message>
    <message>
        <source>Architecture</source>
        <translation>网络结构</translation>
    </message>
</context>
<context>
    <name>main</name>
    <message>
        <source>Memory and communication explorer for distributed deep-learning training.</source>
        <translation>分布式深度学习训练的显存与通信分析工具。</translation>
    </message>
    <message>
        <source>Scenario file to open.</source>
        <translation>要打开的场景文件。</translation>
    </message>
    <message>
        <source>User-interface language (zh_CN, en).</source>
        <translation>界面语言（zh_CN、en）。</translation>
    </message>
</context>
<context>
    <name>ss::MainWindow</name>
    <message>
        <source>Parameters</source>
        <translation>参数设置</translation>
    </message>
    <message>
        <source>&amp;File</source>
        <translation>文件(&amp;F)</translation>
    </message>
    <message>
        <source>&amp;New from Default</source>
        <translation>从默认场景新建(&amp;N)</translation>
    </message>
    <message>
        <source>&amp;Open…</source>
        <translation>打开(&amp;O)…</translation>
    </message>
    <message>
        <source>&amp;Examples</source>
        <translation>示例(&amp;E)</translation>
    </message>
    <message>
        <source>&amp;Save</source>
        <translation>保存(&amp;S)</translation>
    </message>
    <message>
        <source>Save &amp;As…</source>
        <translation>另存为(&amp;A)…</translation>
    </message>
    <message>
        <source>&amp;Quit</source>
        <translation>退出(&amp;Q)</translation>
    </message>
    <message>
        <source>&amp;Edit</source>
        <translation>编辑(&amp;E)</translation>
    </message>
    <message>
        <source>&amp;Undo</source>
        <translation>撤销(&amp;U)</translation>
    </message>
    <message>
        <source>&amp;Redo</source>
        <translation>重做(&amp;R)</translation>
    </message>
    <message>
        <source>Re&amp;name Scenario…</source>
        <translation>重命名场景(&amp;N)…</translation>
    </message>
    <message>
        <source>&amp;View</source>
        <translation>视图(&amp;V)</translation>
    </message>
    <message>
        <source>&amp;Parameters</source>
        <translation>参数设置(&amp;P)</translation>
    </message>
    <message>
        <source>&amp;Language</source>
        <translation>语言(&amp;L)</translation>
    </message>
    <message>
        <source>System Default</source>
        <translation>跟随系统</translation>
    </message>
    <message>
        <source>&amp;Help</source>
        <translation>帮助(&amp;H)</translation>
    </message>
    <message>
        <source>&amp;About ShardScope</source>
        <translation>关于 ShardScope(&amp;A)</translation>
    </message>
    <message>
        <source>Opened %1</source>
        <translation>已打开 %1</translation>
    </message>
    <message>
        <source>Saved %1</source>
        <translation>已保存 %1</translation>
    </message>
    <message>
        <source>Could not restore the last session: %1</source>
        <translation>无法恢复上次会话：%1</translation>
    </message>
    <message>
        <source>Open Scenario</source>
        <translation>打开场景</translation>
    </message>
    <message>
        <source>Scenario files (*.json);;All files (*)</source>
        <translation>场景文件 (*.json);;所有文件 (*)</translation>
    </message>
    <message>
        <source>Save Scenario</source>
        <translation>保存场景</translation>
    </message>
    <message>
        <source>Rename Scenario</source>
        <translation>重命名场景</translation>
    </message>
    <message>
        <source>Scenario name:</source>
        <translation>场景名称：</translation>
    </message>
    <message>
        <source>About ShardScope</source>
        <translation>关于 ShardScope</translation>
    </message>
    <message>
        <source>&lt;h3&gt;ShardScope %1&lt;/h3&gt;&lt;p&gt;Explores the memory and communication of distributed deep-learning training: will the model fit on these GPUs, and where does a training step spend its time.&lt;/p&gt;&lt;p&gt;Formulas from ZeRO (Rajbhandari et al.), Megatron-LM (Narayanan et al.; Korthikanti et al.) and the NCCL documentation.&lt;/p&gt;&lt;p&gt;Licensed under the GNU General Public License, version 3 or later.&lt;/p&gt;</source>
        <translation>&lt;h3&gt;ShardScope %1&lt;/h3&gt;&lt;p&gt;分析分布式深度学习训练的显存与通信：模型能否放进这些 GPU，一个训练步的时间都花在了哪里。&lt;/p&gt;&lt;p&gt;公式来自 ZeRO（Rajbhandari 等）、Megatron-LM（Narayanan 等；Korthikanti 等）以及 NCCL 文档。&lt;/p&gt;&lt;p&gt;依据 GNU 通用公共许可证第 3 版或（您选择的）任何更高版本授权。&lt;/p&gt;</translation>
    </message>
    <message>
        <source>The language changes when ShardScope starts again.</source>
        <translation>重新启动 ShardScope 后界面语言生效。</translation>
    </message>
    <message>
        <source>ShardScope</source>
        <translation>ShardScope</translation>
    </message>
    <message>
        <source>%1[*] — ShardScope</source>
        <translation>%1[*] — ShardScope</translation>
    </message>
    <message>
        <source>%1[*] (%2) — ShardScope</source>
        <translation>%1[*]（%2）— ShardScope</translation>
    </message>
    <message>
        <source>Memory</source>
        <translation>显存</translation>
    </message>
</context>
<context>
    <name>ss::MemoryChart</name>
    <message>
        <source>Memory per GPU</source>
        <translation>每 GPU 显存</translation>
    </message>
    <message>
        <source>Pipeline stage</source>
        <translation>流水线级</translation>
    </message>
    <message>
        <source>Parameters</source>
        <translation>参数</translation>
    </message>
    <message>
        <source>Gradients</source>
        <translation>梯度</translation>
    </message>
    <message>
        <source>Optimizer states</source>
        <translation>优化器状态</translation>
    </message>
    <message>
        <source>Activations</source>
        <translation>激活值</translation>
    </message>
    <message>
        <source>Buffers</source>
        <translation>缓冲区</translation>
    </message>
    <message>
        <source>+%1</source>
        <translation>+%1</translation>
    </message>
    <message>
        <source>Memory per GPU, by pipeline stage</source>
        <translation>各流水线级的每 GPU 显存</translation>
    </message>
    <message>
        <source>%1 (last valid scenario)</source>
        <translation>%1（上一个有效场景）</translation>
    </message>
    <message>
        <source>Stage %1: %2
%3 (%4 bytes)</source>
        <translation>第 %1 级：%2
%3（%4 字节）</translation>
    </message>
    <message>
        <source>Stage %1 total: %2 of %3</source>
        <translation>第 %1 级合计：%2 / %3</translation>
    </message>
    <message>
        <source>Does not fit: %1 over</source>
        <translation>放不下：超出 %1</translation>
    </message>
    <message>
        <source>GPU capacity
%1</source>
        <translation>GPU 显存容量
%1</translation>
    </message>
</context>
<context>
    <name>ss::ParameterPanel</name>
    <message>
        <source>Accepts units, e.g. %1</source>
        <translation>可带单位输入，例如 %1</translation>
    </message>
    <message>
        <source>Accepts 0.5 or 50%</source>
        <translation>可输入 0.5 或 50%</translation>
    </message>
    <message>
        <source>Custom…</source>
        <translation>自定义…</translation>
    </message>
    <message>
        <source>%1 (derived)</source>
        <translation>%1（推导值）</translation>
    </message>
    <message>
        <source>derived</source>
        <translation>推导值</translation>
    </message>
    <message>
        <source>auto (hidden / heads)</source>
        <translation>自动（隐藏层维度 / 头数）</translation>
    </message>
    <message>
        <source>auto (sequence length)</source>
        <translation>自动（序列长度）</translation>
    </message>
</context>
<context>
    <name>ss::ScenarioDocument</name>
    <message>
        <source>%1 is not a scenario field.</source>
        <translation>%1 不是场景字段。</translation>
    </message>
    <message>
        <source>Set %1</source>
        <translation>设置%1</translation>
    </message>
    <message>
        <source>Rename scenario</source>
        <translation>重命名场景</translation>
    </message>
    <message>
        <source>Open %1</source>
        <translation>打开 %1</translation>
    </message>
    <message>
        <source>Open example %1</source>
        <translation>打开示例 %1</translation>
    </message>
    <message>
        <source>New scenario</source>
        <translation>新建场景</translation>
    </message>
</context>
<context>
    <name>ss::SummaryStrip</name>
    <message>
        <source>Parameters</source>
        <translation>参数量</translation>
    </message>
    <message>
        <source>GPUs</source>
        <translation>GPU 数</translation>
    </message>
    <message>
        <source>Microbatches</source>
        <translation>微批次数</translation>
    </message>
    <message>
        <source>Peak memory per GPU</source>
        <translation>每 GPU 峰值显存</translation>
    </message>
    <message>
        <source>Model FLOPs per step</source>
        <translation>每步模型 FLOPs</translation>
    </message>
    <message>
        <source>%1 of %2</source>
        <translation>%1 / %2</translation>
    </message>
    <message>
        <source>Fits in GPU memory</source>
        <translation>显存放得下</translation>
    </message>
    <message numerus="yes">
        <source>Does not fit: %n stage(s) over</source>
        <translation>
            <numerusform>放不下：%n 个流水线级超出</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>The scenario has %n problem(s); the figures are from the last valid scenario.</source>
        <translation>
            <numerusform>场景有 %n 个问题；图表中的数值来自上一个有效场景。</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Over capacity: %1 of %n pipeline stage(s).</source>
        <translation>
            <numerusform>超出显存容量：%n 个流水线级中的 %1 个。</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>… and %n more warning(s)</source>
        <translation>
            <numerusform>…… 另有 %n 条警告</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>… and %n more problem(s)</source>
        <translation>
            <numerusform>…… 另有 %n 个问题</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>ss::io</name>
    <message>
        <source>%1: no such built-in example (the examples are: %2)</source>
        <translation>%1：没有这个内置示例（可用示例：%2）</translation>
    </message>
    <message>
        <source>null</source>
        <translation>null</translation>
    </message>
    <message>
        <source>true</source>
        <translation>true</translation>
    </message>
    <message>
        <source>false</source>
        <translation>false</translation>
    </message>
    <message>
        <source>the number %1</source>
        <translation>数字 %1</translation>
    </message>
    <message>
        <source>the string &quot;%1&quot;</source>
        <translation>字符串“%1”</translation>
    </message>
    <message>
        <source>an array</source>
        <translation>一个数组</translation>
    </message>
    <message>
        <source>an object</source>
        <translation>一个对象</translation>
    </message>
    <message>
        <source>nothing</source>
        <translation>空</translation>
    </message>
    <message>
        <source>expected %1, got %2</source>
        <translation>应为%1，实际为%2</translation>
    </message>
    <message>
        <source>one of %1</source>
        <translation>%1 之一</translation>
    </message>
    <message>
        <source>an integer from %1 to %2</source>
        <translation>%1 到 %2 之间的整数</translation>
    </message>
    <message>
        <source>a number or a quantity with its unit such as %1</source>
        <translation>数字或带单位的量，例如 %1</translation>
    </message>
    <message>
        <source>true or false</source>
        <translation>true 或 false</translation>
    </message>
    <message>
        <source>a string</source>
        <translation>字符串</translation>
    </message>
    <message>
        <source>unknown key</source>
        <translation>未知的键</translation>
    </message>
    <message>
        <source>unknown key (did you mean %1?)</source>
        <translation>未知的键（您是否想输入 %1？）</translation>
    </message>
    <message>
        <source>the file is empty; expected a JSON scenario</source>
        <translation>文件为空；应为 JSON 场景文件</translation>
    </message>
    <message>
        <source>line %1, column %2</source>
        <translation>第 %1 行，第 %2 列</translation>
    </message>
    <message>
        <source>JSON syntax error: %1</source>
        <translation>JSON 语法错误：%1</translation>
    </message>
    <message>
        <source>expected a JSON object with &quot;format&quot;: &quot;shardscope-scenario&quot;</source>
        <translation>应为包含 &quot;format&quot;: &quot;shardscope-scenario&quot; 的 JSON 对象</translation>
    </message>
    <message>
        <source>missing; a model of kind &quot;params&quot; needs its parameter count, e.g. &quot;7.5B&quot;</source>
        <translation>缺失；类型为 &quot;params&quot; 的模型需要参数量，例如“7.5B”</translation>
    </message>
    <message>
        <source>unknown GPU &quot;%1&quot;</source>
        <translation>未知的 GPU“%1”</translation>
    </message>
    <message>
        <source>missing; expected &quot;%1&quot; (is this a ShardScope scenario file?)</source>
        <translation>缺失；应为“%1”（这是 ShardScope 场景文件吗？）</translation>
    </message>
    <message>
        <source>expected &quot;%1&quot;, got a topology file (put its nodes and links under cluster.topology of a scenario)</source>
        <translation>应为“%1”，但这是拓扑文件（请将其节点和链路放入场景的 cluster.topology 中）</translation>
    </message>
    <message>
        <source>missing; expected %1</source>
        <translation>缺失；应为 %1</translation>
    </message>
    <message>
        <source>version %1 is newer than this ShardScope reads (%2)</source>
        <translation>版本 %1 比此 ShardScope 支持的版本（%2）更新</translation>
    </message>
    <message>
        <source>a GPU id such as &quot;A100-SXM4-80GB&quot; or an object {name, memory_bytes, peak_flops, hbm_Bps}</source>
        <translation>GPU id（例如“A100-SXM4-80GB”）或对象 {name, memory_bytes, peak_flops, hbm_Bps}</translation>
    </message>
    <message>
        <source>missing; a custom GPU needs name, memory_bytes, peak_flops and hbm_Bps</source>
        <translation>缺失；自定义 GPU 需要 name、memory_bytes、peak_flops 和 hbm_Bps</translation>
    </message>
    <message>
        <source>missing; expected a string</source>
        <translation>缺失；应为字符串</translation>
    </message>
    <message>
        <source>missing; expected a number or a quantity such as %1</source>
        <translation>缺失；应为数字或带单位的量，例如 %1</translation>
    </message>
    <message>
        <source>a finite number</source>
        <translation>有限的数字</translation>
    </message>
    <message>
        <source>an object {nodes, links}</source>
        <translation>对象 {nodes, links}</translation>
    </message>
    <message>
        <source>an object {id, kind, label, x, y}</source>
        <translation>对象 {id, kind, label, x, y}</translation>
    </message>
    <message>
        <source>expected a non-empty id</source>
        <translation>应为非空的 id</translation>
    </message>
    <message>
        <source>duplicate node id &quot;%1&quot;</source>
        <translation>重复的节点 id“%1”</translation>
    </message>
    <message>
        <source>expected one of %1, got &quot;%2&quot;</source>
        <translation>应为 %1 之一，实际为“%2”</translation>
    </message>
    <message>
        <source>an object {id, a, b, kind, bandwidth_Bps, latency_s, efficiency}</source>
        <translation>对象 {id, a, b, kind, bandwidth_Bps, latency_s, efficiency}</translation>
    </message>
    <message>
        <source>duplicate link id &quot;%1&quot;</source>
        <translation>重复的链路 id“%1”</translation>
    </message>
    <message>
        <source>no node with id &quot;%1&quot; in cluster.topology.nodes</source>
        <translation>cluster.topology.nodes 中没有 id 为“%1”的节点</translation>
    </message>
    <message>
        <source>a link must join two different nodes, got &quot;%1&quot; twice</source>
        <translation>链路必须连接两个不同的节点，但“%1”出现了两次</translation>
    </message>
    <message>
        <source>expected a link kind beginning with one of %1 (e.g. &quot;nvlink3&quot;, &quot;pcie-gen4-x16&quot;), got &quot;%2&quot;</source>
        <translation>链路类型应以 %1 之一开头（例如“nvlink3”、“pcie-gen4-x16”），实际为“%2”</translation>
    </message>
    <message>
        <source>expected a bandwidth greater than 0, got %1</source>
        <translation>带宽应大于 0，实际为 %1</translation>
    </message>
    <message>
        <source>expected a latency of 0 s or more, got %1</source>
        <translation>延迟应为 0 秒或更多，实际为 %1</translation>
    </message>
    <message>
        <source>expected a fraction greater than 0 and at most 1, got %1</source>
        <translation>比例应大于 0 且不超过 1，实际为 %1</translation>
    </message>
    <message>
        <source>expected an integer from 1 to 10000, got %1</source>
        <translation>应为 1 到 10000 之间的整数，实际为 %1</translation>
    </message>
    <message>
        <source>is a directory, expected a scenario file</source>
        <translation>是一个目录，应为场景文件</translation>
    </message>
    <message>
        <source>cannot open: %1</source>
        <translation>无法打开：%1</translation>
    </message>
    <message>
        <source>too large for a scenario file (%1 bytes)</source>
        <translation>作为场景文件过大（%1 字节）</translation>
    </message>
    <message>
        <source>too large for a scenario file</source>
        <translation>作为场景文件过大</translation>
    </message>
    <message>
        <source>cannot write: %1</source>
        <translation>无法写入：%1</translation>
    </message>
    <message>
        <source>the file is empty; expected a JSON topology</source>
        <translation>文件为空；应为 JSON 拓扑文件</translation>
    </message>
    <message>
        <source>expected a JSON object with &quot;format&quot;: &quot;shardscope-topology&quot;</source>
        <translation>应为包含 &quot;format&quot;: &quot;shardscope-topology&quot; 的 JSON 对象</translation>
    </message>
    <message>
        <source>expected &quot;shardscope-topology&quot;, got a scenario file</source>
        <translation>应为“shardscope-topology”，但这是场景文件</translation>
    </message>
    <message>
        <source>missing; expected &quot;shardscope-topology&quot; (is this a ShardScope topology file?)</source>
        <translation>缺失；应为“shardscope-topology”（这是 ShardScope 拓扑文件吗？）</translation>
    </message>
    <message>
        <source>expected &quot;shardscope-topology&quot;</source>
        <translation>应为“shardscope-topology”</translation>
    </message>
    <message>
        <source>expected %1</source>
        <translation>应为 %1</translation>
    </message>
    <message>
        <source>expected a string</source>
        <translation>应为字符串</translation>
    </message>
    <message>
        <source>is a directory, expected a topology file</source>
        <translation>是一个目录，应为拓扑文件</translation>
    </message>
    <message>
        <source>too large for a topology file</source>
        <translation>作为拓扑文件过大</translation>
    </message>
</context>
</TS>
