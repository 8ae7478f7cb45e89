<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="zh_CN">
<context>
    <name>ChartExport</name>
    <message>
        <source>Time in the training step</source>
        <translation>训练步内的时间</translation>
    </message>
    <message>
        <source>Topology: link load of one step</source>
        <translation>拓扑：一个训练步的链路负载</translation>
    </message>
    <message>
        <source>The cluster cannot be generated: %1</source>
        <translation>无法生成集群：%1</translation>
    </message>
    <message>
        <source>ShardScope report: %1</source>
        <translation>ShardScope 报告：%1</translation>
    </message>
    <message>
        <source>Summary</source>
        <translation>摘要</translation>
    </message>
    <message>
        <source>GPUs</source>
        <translation>GPU 数</translation>
    </message>
    <message>
        <source>Parameters</source>
        <translation>参数量</translation>
    </message>
    <message>
        <source>Step time</source>
        <translation>单步时间</translation>
    </message>
    <message>
        <source>Tokens per second</source>
        <translation>每秒词元数</translation>
    </message>
    <message>
        <source>MFU</source>
        <translation>MFU</translation>
    </message>
    <message>
        <source>Peak memory per GPU</source>
        <translation>每 GPU 峰值显存</translation>
    </message>
    <message>
        <source>Pipeline bubble</source>
        <translation>流水线并行气泡</translation>
    </message>
    <message>
        <source>Exposed communication</source>
        <translation>未被掩盖的通信</translation>
    </message>
    <message>
        <source>Bottleneck: %1</source>
        <translation>瓶颈：%1</translation>
    </message>
    <message>
        <source>Scenario</source>
        <translation>场景</translation>
    </message>
    <message>
        <source>How the figures are computed</source>
        <translation>各项数值的计算方法</translation>
    </message>
    <message>
        <source>Source: %1</source>
        <translation>来源：%1</translation>
    </message>
    <message>
        <source>Memory per GPU</source>
        <translation>每 GPU 显存</translation>
    </message>
    <message>
        <source>Step timeline</source>
        <translation>训练步时间线</translation>
    </message>
    <message>
        <source>Topology</source>
        <translation>拓扑</translation>
    </message>
    <message>
        <source>Bandwidth</source>
        <translation>带宽</translation>
    </message>
    <message>
        <source>Sweep</source>
        <translation>参数扫描</translation>
    </message>
    <message>
        <source>Report</source>
        <translation>报告</translation>
    </message>
    <message>
        <source>unknown file type: the file name must end in .png, .svg, .pdf, .csv or .json</source>
        <translation>未知文件类型：文件名必须以 .png、.svg、.pdf、.csv 或 .json 结尾</translation>
    </message>
    <message>
        <source>the report is a PDF: the file name must end in .pdf</source>
        <translation>报告是 PDF：文件名必须以 .pdf 结尾</translation>
    </message>
    <message>
        <source>.json (a Chrome trace) is only for the gantt chart</source>
        <translation>.json（Chrome 跟踪文件）仅用于甘特图</translation>
    </message>
    <message>
        <source>%1 (derived)</source>
        <translation>%1（推导值）</translation>
    </message>
    <message>
        <source>auto</source>
        <translation>自动</translation>
    </message>
    <message>
        <source>Compared with the baseline “%1”</source>
        <translation>与基线“%1”对比</translation>
    </message>
    <message>
        <source>Baseline → current (change = current − baseline)</source>
        <translation>基线 → 当前（变化 = 当前 − 基线）</translation>
    </message>
    <message>
        <source>the sweep chart needs a parameter and its values</source>
        <translation>参数扫描图需要一个参数及其取值</translation>
    </message>
</context>
<context>
    <name>CompareText</name>
    <message>
        <source>Step time</source>
        <translation>每步时间</translation>
    </message>
    <message>
        <source>Tokens/s</source>
        <translation>每秒 token 数</translation>
    </message>
    <message>
        <source>MFU</source>
        <translation>MFU</translation>
    </message>
    <message>
        <source>HFU (recompute counted)</source>
        <translation>HFU（计入重计算）</translation>
    </message>
    <message>
        <source>Bubble</source>
        <translation>气泡</translation>
    </message>
    <message>
        <source>Exposed communication</source>
        <translation>未被掩盖的通信</translation>
    </message>
    <message>
        <source>Compute time</source>
        <translation>计算时间</translation>
    </message>
    <message>
        <source>Peak memory per GPU</source>
        <translation>每 GPU 峰值显存</translation>
    </message>
    <message>
        <source>Host memory per node</source>
        <translation>每节点主机内存</translation>
    </message>
    <message>
        <source>NVMe per node</source>
        <translation>每节点 NVMe</translation>
    </message>
    <message>
        <source>Model FLOPs per step</source>
        <translation>每步模型 FLOPs</translation>
    </message>
    <message>
        <source>Hardware FLOPs per step</source>
        <translation>每步硬件 FLOPs</translation>
    </message>
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
        <source>parameters</source>
        <translation>参数</translation>
    </message>
    <message>
        <source>gradients</source>
        <translation>梯度</translation>
    </message>
    <message>
        <source>optimizer states</source>
        <translation>优化器状态</translation>
    </message>
    <message>
        <source>activations</source>
        <translation>激活值</translation>
    </message>
    <message>
        <source>buffers</source>
        <translation>缓冲区</translation>
    </message>
    <message>
        <source>total</source>
        <translation>合计</translation>
    </message>
    <message>
        <source>Stage %1 %2</source>
        <translation>第 %1 级%2</translation>
    </message>
    <message>
        <source>%1 pp</source>
        <translation>%1 个百分点</translation>
    </message>
    <message>
        <source>no change</source>
        <translation>无变化</translation>
    </message>
    <message>
        <source>%1 (%2)</source>
        <translation>%1（%2）</translation>
    </message>
    <message>
        <source>better</source>
        <translation>更好</translation>
    </message>
    <message>
        <source>worse</source>
        <translation>更差</translation>
    </message>
    <message>
        <source>%1
Baseline (%2): %3
Current: %4
Change: %5</source>
        <translation>%1
基线（%2）：%3
当前：%4
变化：%5</translation>
    </message>
    <message>
        <source>, %1</source>
        <translation>，%1</translation>
    </message>
    <message>
        <source>Against the baseline: step %1 → %2 (%3), bubble %4 → %5 (%6)</source>
        <translation>相对基线：每步 %1 → %2（%3），气泡 %4 → %5（%6）</translation>
    </message>
</context>
<context>
    <name>DeviceItem</name>
    <message>
        <source>GPU</source>
        <translation>GPU</translation>
    </message>
    <message>
        <source>CPU socket</source>
        <translation>CPU 插槽</translation>
    </message>
    <message>
        <source>PCIe switch</source>
        <translation>PCIe 交换芯片</translation>
    </message>
    <message>
        <source>NVSwitch</source>
        <translation>NVSwitch</translation>
    </message>
    <message>
        <source>NIC</source>
        <translation>网卡</translation>
    </message>
    <message>
        <source>Network switch</source>
        <translation>网络交换机</translation>
    </message>
    <message>
        <source>NVMe drive</source>
        <translation>NVMe 硬盘</translation>
    </message>
    <message>
        <source>Parameter server</source>
        <translation>参数服务器</translation>
    </message>
</context>
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
    <message>
        <source>The step has %1 microbatches over %2 stages, too many to simulate; the step figures are left out</source>
        <translation>该训练步有 %1 个微批次、%2 级流水线，过多而无法模拟；未给出训练步数据</translation>
    </message>
    <message>
        <source>The pipeline schedule could not finish (a bug in ShardScope); the step figures cover what ran</source>
        <translation>流水线调度未能完成（ShardScope 的缺陷）；训练步数据只涵盖已运行的部分</translation>
    </message>
    <message>
        <source>The timeline would have more than %1 boxes; each op&apos;s tensor-parallel collectives are drawn inside its compute box</source>
        <translation>时间线将超过 %1 个方块；每个操作的张量并行集合通信画在其计算方块之内</translation>
    </message>
    <message>
        <source>The timeline has more than %1 boxes; the rest are left out</source>
        <translation>时间线超过 %1 个方块；其余方块未列出</translation>
    </message>
    <message>
        <source>Link %1 is busy %2 per step, longer than the simulated step of %3: the kinds of traffic that share it do not all fit, so the step is probably longer</source>
        <translation>链路 %1 每步忙碌 %2，长于模拟出的训练步 %3：共用它的各类流量放不下，训练步很可能更长</translation>
    </message>
    <message>
        <source>PCIe host link</source>
        <translation>PCIe 主机链路</translation>
    </message>
    <message>
        <source>PCIe link</source>
        <translation>PCIe 链路</translation>
    </message>
    <message>
        <source>NVLink</source>
        <translation>NVLink</translation>
    </message>
    <message>
        <source>CPU socket link</source>
        <translation>CPU 插槽间链路</translation>
    </message>
    <message>
        <source>network link</source>
        <translation>网络链路</translation>
    </message>
    <message>
        <source>interleaved 1F1B</source>
        <translation>交错式 1F1B</translation>
    </message>
    <message>
        <source>compute: the busiest GPU computes %1 of the step at %2 of its peak FLOP/s</source>
        <translation>计算：最忙的 GPU 在每步时间的 %1 内计算，达到其峰值 FLOP/s 的 %2</translation>
    </message>
    <message>
        <source>pipeline bubble: the GPUs idle %1 of the step (%2 stages, %3 microbatches, %4)</source>
        <translation>流水线气泡：GPU 空闲时间占每步时间的 %1（%2 级，%3 个微批次，%4）</translation>
    </message>
    <message>
        <source>%1 %2 carries %3 bytes/param per step: %4 of the step</source>
        <translation>%1 %2 每步每个参数承载 %3 字节：占每步时间的 %4</translation>
    </message>
    <message>
        <source>%1 %2 (%3) carries %4 traffic on the critical path: %5 of the step</source>
        <translation>%1 %2（%3）承载关键路径上的 %4 流量：占每步时间的 %5</translation>
    </message>
    <message>
        <source>the CPU optimizer step, bound by host memory bandwidth (%1 per node assumed), takes %2 of the step</source>
        <translation>CPU 优化器更新受主机内存带宽限制（假设每节点 %1），占每步时间的 %2</translation>
    </message>
    <message>
        <source>stage %1 needs %2 per GPU, more than the GPU&apos;s %3: the step cannot run</source>
        <translation>第 %1 级每块 GPU 需要 %2，超过 GPU 的 %3：该训练步无法运行</translation>
    </message>
</context>
<context>
    <name>Export</name>
    <message>
        <source>%1: cannot write: %2</source>
        <translation>%1：无法写入：%2</translation>
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
    <message>
        <source>4-GPU PCIe Gen3 workstation, one switch</source>
        <translation>4 卡 PCIe Gen3 工作站，单个 PCIe 交换芯片</translation>
    </message>
    <message>
        <source>4-GPU PCIe Gen4 workstation, one switch</source>
        <translation>4 卡 PCIe Gen4 工作站，单个 PCIe 交换芯片</translation>
    </message>
    <message>
        <source>4-GPU PCIe Gen5 workstation, one switch</source>
        <translation>4 卡 PCIe Gen5 工作站，单个 PCIe 交换芯片</translation>
    </message>
    <message>
        <source>Norms per layer</source>
        <translation>每层归一化数</translation>
    </message>
    <message>
        <source>2 for a norm before attention and one before the MLP; 1 when attention and MLP run in parallel on one shared norm (Falcon-7B, phi-2).</source>
        <translation>2：注意力和 MLP 之前各有一个归一化；1：注意力与 MLP 并行并共享一个归一化（Falcon-7B、phi-2）。</translation>
    </message>
    <message>
        <source>Output layer bias</source>
        <translation>输出层偏置</translation>
    </message>
    <message>
        <source>The output projection has a bias of vocabulary size (phi-2).</source>
        <translation>输出投影带有词表大小的偏置（phi-2）。</translation>
    </message>
</context>
<context>
    <name>GroupItem</name>
    <message>
        <source>× %1</source>
        <translation>× %1</translation>
    </message>
    <message>
        <source>identical machines, double-click to expand</source>
        <translation>台相同的机器，双击展开</translation>
    </message>
    <message>
        <source>the bottleneck link is inside</source>
        <translation>通信瓶颈链路在其中</translation>
    </message>
    <message>
        <source>identical machines</source>
        <translation>台相同的机器</translation>
    </message>
</context>
<context>
    <name>LinkStyle</name>
    <message>
        <source>Other</source>
        <translation>其他</translation>
    </message>
    <message>
        <source>NVLink</source>
        <translation>NVLink</translation>
    </message>
    <message>
        <source>PCIe</source>
        <translation>PCIe</translation>
    </message>
    <message>
        <source>Host bridge</source>
        <translation>主机桥</translation>
    </message>
    <message>
        <source>CPU link</source>
        <translation>CPU 互连</translation>
    </message>
    <message>
        <source>Network</source>
        <translation>网络</translation>
    </message>
</context>
<context>
    <name>MarkerItem</name>
    <message>
        <source>Bottleneck</source>
        <translation>瓶颈</translation>
    </message>
    <message>
        <source>Busiest link</source>
        <translation>最繁忙链路</translation>
    </message>
</context>
<context>
    <name>TopologyDisplay</name>
    <message>
        <source>Machine %1</source>
        <translation>机器 %1</translation>
    </message>
    <message>
        <source>%1 … %2</source>
        <translation>%1 … %2</translation>
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
    <message>
        <source>Show the scenario against the baseline scenario FILE.</source>
        <translation>将场景与基线场景 FILE 对比显示。</translation>
    </message>
</context>
<context>
    <name>ss::Autosave</name>
    <message>
        <source>%1: cannot read the autosave</source>
        <translation>%1：无法读取自动保存文件</translation>
    </message>
    <message>
        <source>%1: not an autosave</source>
        <translation>%1：不是自动保存文件</translation>
    </message>
</context>
<context>
    <name>ss::BandwidthChart</name>
    <message>
        <source>Time per step: calls × time per call, not overlapped</source>
        <translation>每步时间：调用次数 × 每次时间，不计重叠</translation>
    </message>
    <message>
        <source>Tensor parallel (tp)</source>
        <translation>张量并行 (tp)</translation>
    </message>
    <message>
        <source>Pipeline parallel (pp)</source>
        <translation>流水线并行 (pp)</translation>
    </message>
    <message>
        <source>Data parallel (dp)</source>
        <translation>数据并行 (dp)</translation>
    </message>
    <message>
        <source>Expert parallel (ep)</source>
        <translation>专家并行 (ep)</translation>
    </message>
    <message>
        <source>Offload (PCIe)</source>
        <translation>卸载 (PCIe)</translation>
    </message>
    <message>
        <source>Utilisation: busy time ÷ step time</source>
        <translation>利用率：繁忙时间 ÷ 步时间</translation>
    </message>
    <message>
        <source>Busy time per step</source>
        <translation>每步繁忙时间</translation>
    </message>
    <message>
        <source>◀ Bottleneck</source>
        <translation>◀ 瓶颈</translation>
    </message>
    <message>
        <source>◀ Busiest link</source>
        <translation>◀ 最繁忙链路</translation>
    </message>
    <message>
        <source>No link carries traffic in this step</source>
        <translation>本步没有链路传输数据</translation>
    </message>
    <message>
        <source>%1 %2 (%3)</source>
        <translation>%1 %2（%3）</translation>
    </message>
    <message>
        <source>Busiest links: utilisation over the step</source>
        <translation>最繁忙的链路：在一步中的利用率</translation>
    </message>
    <message>
        <source>Busiest links: busy time per step (the step is not simulated yet)</source>
        <translation>最繁忙的链路：每步繁忙时间（尚未模拟训练步）</translation>
    </message>
    <message>
        <source>(%1 of %2 links that carry traffic)</source>
        <translation>（有流量的 %2 条链路中的 %1 条）</translation>
    </message>
    <message>
        <source>Communication time per step, by collective</source>
        <translation>每步通信时间，按集合通信</translation>
    </message>
    <message>
        <source>%1 (last valid scenario)</source>
        <translation>%1（上一个有效场景）</translation>
    </message>
    <message>
        <source>%1 ↔ %2 (%3)</source>
        <translation>%1 ↔ %2（%3）</translation>
    </message>
    <message>
        <source>Bandwidth: %1 per direction</source>
        <translation>带宽：单向 %1</translation>
    </message>
    <message>
        <source>Bytes per step: %1</source>
        <translation>每步字节数：%1</translation>
    </message>
    <message>
        <source>Busy time per step: %1</source>
        <translation>每步繁忙时间：%1</translation>
    </message>
    <message>
        <source>Utilisation: %1% of the step</source>
        <translation>利用率：步时间的 %1%</translation>
    </message>
    <message>
        <source>The bottleneck link of the step</source>
        <translation>本步的通信瓶颈链路</translation>
    </message>
    <message>
        <source>The busiest link; the step is limited by something else</source>
        <translation>最繁忙的链路；限制本步的是其他因素</translation>
    </message>
    <message>
        <source>%1: %2, %3</source>
        <translation>%1：%2，%3</translation>
    </message>
    <message>
        <source>%1 per call, %2 per step × %3 calls = %4</source>
        <translation>每次 %1，每次 %2 × %3 次 = %4</translation>
    </message>
    <message>
        <source>%1 ranks per group, %2 groups at once</source>
        <translation>每组 %1 个 rank，同时 %2 组</translation>
    </message>
    <message>
        <source>Bus bandwidth: %1</source>
        <translation>总线带宽：%1</translation>
    </message>
    <message>
        <source>Bottleneck link: %1</source>
        <translation>瓶颈链路：%1</translation>
    </message>
</context>
<context>
    <name>ss::BaselineModel</name>
    <message>
        <source>The scenario has problems; only a valid scenario can be pinned as the baseline.</source>
        <translation>场景存在问题；只有有效的场景才能固定为基线。</translation>
    </message>
    <message>
        <source>The baseline scenario cannot be evaluated: %1</source>
        <translation>基线场景无法评估：%1</translation>
    </message>
</context>
<context>
    <name>ss::CalibrationChart</name>
    <message>
        <source>Bytes per collective</source>
        <translation>每次集合通信的字节数</translation>
    </message>
    <message>
        <source>Time per collective</source>
        <translation>每次集合通信的时间</translation>
    </message>
    <message numerus="yes">
        <source>%1, %n ranks: α = %2, 1/β = %3, R² = %4</source>
        <translation>
            <numerusform>%1，%n 个 rank：α = %2，1/β = %3，R² = %4</numerusform>
        </translation>
    </message>
    <message>
        <source>%1 measured</source>
        <translation>%1 实测</translation>
    </message>
</context>
<context>
    <name>ss::CompareModel</name>
    <message>
        <source>Figure</source>
        <translation>指标</translation>
    </message>
    <message>
        <source>Baseline</source>
        <translation>基线</translation>
    </message>
    <message>
        <source>Current</source>
        <translation>当前</translation>
    </message>
    <message>
        <source>Change</source>
        <translation>变化</translation>
    </message>
    <message>
        <source>Change %</source>
        <translation>变化 %</translation>
    </message>
</context>
<context>
    <name>ss::CompareView</name>
    <message>
        <source>&lt;b&gt;No baseline pinned.&lt;/b&gt; Pin the current scenario as the baseline, then change it: every figure here, the summary and the memory chart show what the change bought. Or compare with a saved scenario file.</source>
        <translation>&lt;b&gt;尚未固定基线。&lt;/b&gt;将当前场景固定为基线，然后修改它：这里的每项指标、摘要和显存图都会显示这次修改带来的变化。也可以与已保存的场景文件对比。</translation>
    </message>
    <message>
        <source> (%1)</source>
        <translation>（%1）</translation>
    </message>
    <message>
        <source>Baseline &lt;b&gt;%1&lt;/b&gt;%2 against the current scenario &lt;b&gt;%3&lt;/b&gt;. Change = current − baseline; green is better, red is worse.</source>
        <translation>基线 &lt;b&gt;%1&lt;/b&gt;%2 对比当前场景 &lt;b&gt;%3&lt;/b&gt;。变化 = 当前 − 基线；绿色表示更好，红色表示更差。</translation>
    </message>
    <message>
        <source>none</source>
        <translation>无</translation>
    </message>
    <message>
        <source>Bottleneck of the baseline: %1
Bottleneck now: %2</source>
        <translation>基线的瓶颈：%1
当前的瓶颈：%2</translation>
    </message>
</context>
<context>
    <name>ss::ExportActions</name>
    <message>
        <source>Export as &amp;PNG…</source>
        <translation>导出为 &amp;PNG…</translation>
    </message>
    <message>
        <source>Export as &amp;SVG…</source>
        <translation>导出为 &amp;SVG…</translation>
    </message>
    <message>
        <source>Export as P&amp;DF…</source>
        <translation>导出为 P&amp;DF…</translation>
    </message>
    <message>
        <source>Export &amp;numbers as CSV…</source>
        <translation>将数值导出为 CSV(&amp;N)…</translation>
    </message>
    <message>
        <source>Export as &amp;trace (Perfetto, chrome://tracing)…</source>
        <translation>导出为跟踪文件（Perfetto、chrome://tracing）(&amp;T)…</translation>
    </message>
    <message>
        <source>&amp;Copy chart</source>
        <translation>复制图表(&amp;C)</translation>
    </message>
    <message>
        <source>E&amp;xport</source>
        <translation>导出(&amp;X)</translation>
    </message>
    <message>
        <source>&amp;Report (PDF)…</source>
        <translation>报告 (PDF)(&amp;R)…</translation>
    </message>
    <message>
        <source>&amp;Timeline as trace JSON…</source>
        <translation>时间线（跟踪 JSON）(&amp;T)…</translation>
    </message>
    <message>
        <source>PNG images (*.png)</source>
        <translation>PNG 图像 (*.png)</translation>
    </message>
    <message>
        <source>SVG drawings (*.svg)</source>
        <translation>SVG 矢量图 (*.svg)</translation>
    </message>
    <message>
        <source>PDF documents (*.pdf)</source>
        <translation>PDF 文档 (*.pdf)</translation>
    </message>
    <message>
        <source>CSV tables (*.csv)</source>
        <translation>CSV 表格 (*.csv)</translation>
    </message>
    <message>
        <source>Chrome trace JSON (*.json)</source>
        <translation>Chrome 跟踪 JSON (*.json)</translation>
    </message>
    <message>
        <source>Export</source>
        <translation>导出</translation>
    </message>
    <message>
        <source>Export failed</source>
        <translation>导出失败</translation>
    </message>
</context>
<context>
    <name>ss::GanttChart</name>
    <message>
        <source>all-reduce</source>
        <translation>全归约</translation>
    </message>
    <message>
        <source>all-gather</source>
        <translation>全收集</translation>
    </message>
    <message>
        <source>reduce-scatter</source>
        <translation>归约散射</translation>
    </message>
    <message>
        <source>send/receive</source>
        <translation>发送/接收</translation>
    </message>
    <message>
        <source>broadcast</source>
        <translation>广播</translation>
    </message>
    <message>
        <source>all-to-all</source>
        <translation>全交换</translation>
    </message>
    <message>
        <source>device-to-host copy</source>
        <translation>设备到主机拷贝</translation>
    </message>
    <message>
        <source>host-to-device copy</source>
        <translation>主机到设备拷贝</translation>
    </message>
    <message>
        <source>Tensor parallel</source>
        <translation>张量并行</translation>
    </message>
    <message>
        <source>Pipeline parallel</source>
        <translation>流水线并行</translation>
    </message>
    <message>
        <source>Data parallel</source>
        <translation>数据并行</translation>
    </message>
    <message>
        <source>Offload</source>
        <translation>卸载</translation>
    </message>
    <message>
        <source>Step timeline</source>
        <translation>训练步时间线</translation>
    </message>
    <message>
        <source>Time in the training step (wheel: zoom, drag: pan, double-click: whole step)</source>
        <translation>训练步内的时间（滚轮：缩放，拖动：平移，双击：整个训练步）</translation>
    </message>
    <message>
        <source>No step timeline for this scenario.</source>
        <translation>此场景没有训练步时间线。</translation>
    </message>
    <message>
        <source>Forward</source>
        <translation>前向</translation>
    </message>
    <message>
        <source>Backward</source>
        <translation>反向</translation>
    </message>
    <message>
        <source>Backward (input gradient)</source>
        <translation>反向（输入梯度）</translation>
    </message>
    <message>
        <source>Backward (weight gradient)</source>
        <translation>反向（权重梯度）</translation>
    </message>
    <message>
        <source>Recompute</source>
        <translation>重计算</translation>
    </message>
    <message>
        <source>Optimizer step</source>
        <translation>优化器更新</translation>
    </message>
    <message>
        <source>Tensor-parallel communication</source>
        <translation>张量并行通信</translation>
    </message>
    <message>
        <source>Pipeline send</source>
        <translation>流水线发送</translation>
    </message>
    <message>
        <source>Pipeline receive</source>
        <translation>流水线接收</translation>
    </message>
    <message>
        <source>Gradient reduction</source>
        <translation>梯度归约</translation>
    </message>
    <message>
        <source>Parameter all-gather</source>
        <translation>参数全收集</translation>
    </message>
    <message>
        <source>Copy to host (PCIe)</source>
        <translation>拷贝到主机（PCIe）</translation>
    </message>
    <message>
        <source>Copy to GPU (PCIe)</source>
        <translation>拷贝到 GPU（PCIe）</translation>
    </message>
    <message>
        <source>CPU optimizer step</source>
        <translation>CPU 优化器更新</translation>
    </message>
    <message>
        <source>Other</source>
        <translation>其他</translation>
    </message>
    <message>
        <source>Compute</source>
        <translation>计算</translation>
    </message>
    <message>
        <source>TP</source>
        <translation>TP</translation>
    </message>
    <message>
        <source>PP</source>
        <translation>PP</translation>
    </message>
    <message>
        <source>DP</source>
        <translation>DP</translation>
    </message>
    <message>
        <source>PCIe</source>
        <translation>PCIe</translation>
    </message>
    <message>
        <source>%1, microbatch %2 (chunk %3)</source>
        <translation>%1，微批次 %2（第 %3 块）</translation>
    </message>
    <message>
        <source>%1, microbatch %2</source>
        <translation>%1，微批次 %2</translation>
    </message>
    <message>
        <source>Stage %1, GPU %2, %3 stream</source>
        <translation>第 %1 级，GPU %2，%3流</translation>
    </message>
    <message>
        <source>Start %1, duration %2</source>
        <translation>开始 %1，时长 %2</translation>
    </message>
    <message>
        <source>Moves %1</source>
        <translation>传输 %1</translation>
    </message>
    <message>
        <source>%1 %2</source>
        <translation>%1%2</translation>
    </message>
    <message numerus="yes">
        <source>%1 over %n GPU(s)</source>
        <translation>
            <numerusform>%1，%n 块 GPU</numerusform>
        </translation>
    </message>
    <message>
        <source>On the critical path</source>
        <translation>位于关键路径上</translation>
    </message>
    <message>
        <source>Click to show its links</source>
        <translation>单击以显示其链路</translation>
    </message>
    <message>
        <source>Click to show only stage %1&apos;s first GPU</source>
        <translation>单击以只显示第 %1 级的第一块 GPU</translation>
    </message>
    <message numerus="yes">
        <source>Click to show the other %n GPU(s) of stage %1</source>
        <translation>
            <numerusform>单击以显示第 %1 级的其余 %n 块 GPU</numerusform>
        </translation>
    </message>
    <message>
        <source>Bubble (idle)</source>
        <translation>气泡（空闲）</translation>
    </message>
    <message>
        <source>Critical path</source>
        <translation>关键路径</translation>
    </message>
    <message>
        <source>GPU %1</source>
        <translation>GPU %1</translation>
    </message>
    <message>
        <source>Stage %1</source>
        <translation>第 %1 级</translation>
    </message>
    <message>
        <source>One training step, by pipeline stage</source>
        <translation>一个训练步，按流水线级</translation>
    </message>
    <message>
        <source>One training step (%1), by pipeline stage</source>
        <translation>一个训练步（%1），按流水线级</translation>
    </message>
    <message>
        <source>%1 (last valid scenario)</source>
        <translation>%1（上一个有效场景）</translation>
    </message>
</context>
<context>
    <name>ss::ImportDialog</name>
    <message>
        <source>yes</source>
        <translation>是</translation>
    </message>
    <message>
        <source>no</source>
        <translation>否</translation>
    </message>
    <message>
        <source>from the node preset</source>
        <translation>来自节点预设</translation>
    </message>
    <message>
        <source>%1 GPUs, %2 devices, %3 links</source>
        <translation>%1 块 GPU，%2 个设备，%3 条链路</translation>
    </message>
    <message>
        <source>Import %1</source>
        <translation>导入 %1</translation>
    </message>
    <message>
        <source>&lt;b&gt;%1&lt;/b&gt; — %2</source>
        <translation>&lt;b&gt;%1&lt;/b&gt; — %2</translation>
    </message>
    <message>
        <source>The file sets nothing that differs from the current scenario.</source>
        <translation>该文件设置的值与当前场景没有任何不同。</translation>
    </message>
    <message>
        <source>Field</source>
        <translation>字段</translation>
    </message>
    <message>
        <source>Current</source>
        <translation>当前</translation>
    </message>
    <message>
        <source>Imported</source>
        <translation>导入后</translation>
    </message>
    <message>
        <source>Notes</source>
        <translation>说明</translation>
    </message>
    <message>
        <source>Topology</source>
        <translation>拓扑</translation>
    </message>
    <message>
        <source>Hugging Face config.json</source>
        <translation>Hugging Face config.json</translation>
    </message>
    <message>
        <source>DeepSpeed config</source>
        <translation>DeepSpeed 配置</translation>
    </message>
    <message>
        <source>nvidia-smi topo -m output</source>
        <translation>nvidia-smi topo -m 输出</translation>
    </message>
    <message>
        <source>NCCL topology dump</source>
        <translation>NCCL 拓扑转储</translation>
    </message>
    <message>
        <source>nccl-tests output</source>
        <translation>nccl-tests 输出</translation>
    </message>
    <message>
        <source>unknown kind</source>
        <translation>未知类型</translation>
    </message>
    <message>
        <source>The topology already matches the measured bus bandwidth: nothing to apply.</source>
        <translation>拓扑已与实测总线带宽一致：无需应用。</translation>
    </message>
</context>
<context>
    <name>ss::LinkLegend</name>
    <message>
        <source>Width: bandwidth per direction</source>
        <translation>线宽：单向带宽</translation>
    </message>
    <message>
        <source>Idle</source>
        <translation>空闲</translation>
    </message>
    <message>
        <source>Ring order</source>
        <translation>环顺序</translation>
    </message>
    <message>
        <source>Colour: link utilisation, busy time ÷ step time</source>
        <translation>颜色：链路利用率，繁忙时间 ÷ 步时间</translation>
    </message>
    <message>
        <source>Colour: busy time ÷ the busiest link&apos;s (%1; step not simulated yet)</source>
        <translation>颜色：繁忙时间 ÷ 最繁忙链路的繁忙时间（%1；尚未模拟训练步）</translation>
    </message>
    <message>
        <source>Colour: busy time ÷ the busiest link&apos;s (step not simulated yet)</source>
        <translation>颜色：繁忙时间 ÷ 最繁忙链路的繁忙时间（尚未模拟训练步）</translation>
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
    <message>
        <source>Step timeline</source>
        <translation>训练步时间线</translation>
    </message>
    <message>
        <source>Topology</source>
        <translation>拓扑</translation>
    </message>
    <message>
        <source>Bandwidth</source>
        <translation>带宽</translation>
    </message>
    <message>
        <source>&amp;Import…</source>
        <translation>导入(&amp;I)…</translation>
    </message>
    <message>
        <source>Import %1</source>
        <translation>导入 %1</translation>
    </message>
    <message>
        <source>Imported %1</source>
        <translation>已导入 %1</translation>
    </message>
    <message>
        <source>All importable files (*.json *.txt *.log *.xml)</source>
        <translation>所有可导入的文件 (*.json *.txt *.log *.xml)</translation>
    </message>
    <message>
        <source>Hugging Face config (config.json *.json)</source>
        <translation>Hugging Face 配置 (config.json *.json)</translation>
    </message>
    <message>
        <source>DeepSpeed config (*.json)</source>
        <translation>DeepSpeed 配置 (*.json)</translation>
    </message>
    <message>
        <source>nvidia-smi topo -m output (*.txt *.log)</source>
        <translation>nvidia-smi topo -m 输出 (*.txt *.log)</translation>
    </message>
    <message>
        <source>NCCL topology dump (*.xml)</source>
        <translation>NCCL 拓扑转储 (*.xml)</translation>
    </message>
    <message>
        <source>nccl-tests output (*.log *.txt *.json)</source>
        <translation>nccl-tests 输出 (*.log *.txt *.json)</translation>
    </message>
    <message>
        <source>All files (*)</source>
        <translation>所有文件 (*)</translation>
    </message>
    <message>
        <source>Import</source>
        <translation>导入</translation>
    </message>
    <message>
        <source>Sweep</source>
        <translation>参数扫描</translation>
    </message>
    <message>
        <source>Planner</source>
        <translation>布局规划</translation>
    </message>
    <message>
        <source>Compare</source>
        <translation>对比</translation>
    </message>
    <message>
        <source>Compare with &amp;File…</source>
        <translation>与文件对比(&amp;F)…</translation>
    </message>
    <message>
        <source>Pin a saved scenario as the baseline, beside the open one</source>
        <translation>将已保存的场景固定为基线，与当前打开的场景并排对比</translation>
    </message>
    <message>
        <source>Pin as &amp;Baseline</source>
        <translation>固定为基线(&amp;B)</translation>
    </message>
    <message>
        <source>Keep the current figures as a baseline and show every change against it</source>
        <translation>保留当前指标作为基线，并显示相对它的每项变化</translation>
    </message>
    <message>
        <source>Recover Unsaved Changes</source>
        <translation>恢复未保存的更改</translation>
    </message>
    <message>
        <source>Recover unsaved changes from %1?</source>
        <translation>恢复 %1 的未保存更改？</translation>
    </message>
    <message>
        <source>ShardScope ended without saving the scenario &quot;%1&quot;.</source>
        <translation>ShardScope 上次退出时未保存场景“%1”。</translation>
    </message>
    <message>
        <source>ShardScope ended without saving %1.</source>
        <translation>ShardScope 上次退出时未保存 %1。</translation>
    </message>
    <message>
        <source>Recover</source>
        <translation>恢复</translation>
    </message>
    <message>
        <source>Discard</source>
        <translation>丢弃</translation>
    </message>
    <message>
        <source>Later</source>
        <translation>稍后</translation>
    </message>
    <message>
        <source>Recovered unsaved changes from %1</source>
        <translation>已恢复 %1 的未保存更改</translation>
    </message>
    <message>
        <source>Baseline unpinned</source>
        <translation>已取消固定基线</translation>
    </message>
    <message>
        <source>Pinned “%1” as the baseline</source>
        <translation>已将“%1”固定为基线</translation>
    </message>
    <message>
        <source>Comparing with %1 as the baseline</source>
        <translation>正在以 %1 为基线进行对比</translation>
    </message>
    <message>
        <source>Compare with Scenario</source>
        <translation>与场景对比</translation>
    </message>
    <message>
        <source>Unpin &amp;Baseline</source>
        <translation>取消固定基线(&amp;B)</translation>
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
    <message>
        <source>Baseline: %1</source>
        <translation>基线：%1</translation>
    </message>
    <message>
        <source>Baseline “%1”</source>
        <translation>基线“%1”</translation>
    </message>
    <message>
        <source>Against the baseline: %1</source>
        <translation>相对基线：%1</translation>
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
    <name>ss::PlannerChart</name>
    <message>
        <source>pp %1</source>
        <translation>流水线并行 %1</translation>
    </message>
    <message>
        <source>ZeRO %1</source>
        <translation>ZeRO %1</translation>
    </message>
    <message>
        <source>Current layout</source>
        <translation>当前布局</translation>
    </message>
    <message>
        <source>Best</source>
        <translation>最佳</translation>
    </message>
    <message>
        <source>Peak memory per GPU</source>
        <translation>每 GPU 峰值显存</translation>
    </message>
    <message>
        <source>Tokens per second</source>
        <translation>每秒 token 数</translation>
    </message>
    <message>
        <source>No feasible layouts to show yet: press Run.</source>
        <translation>尚无可行布局：请点击“运行”。</translation>
    </message>
    <message>
        <source>Step time %1, %2 tokens/s, MFU %3</source>
        <translation>单步时间 %1，%2 token/秒，MFU %3</translation>
    </message>
    <message>
        <source>Peak memory %1 of %2</source>
        <translation>峰值显存 %1 / %2</translation>
    </message>
    <message>
        <source>The scenario&apos;s current layout.</source>
        <translation>场景当前的布局。</translation>
    </message>
    <message>
        <source>Click to apply this layout.</source>
        <translation>单击以应用此布局。</translation>
    </message>
</context>
<context>
    <name>ss::PlannerModel</name>
    <message>
        <source>%1 (v %2)</source>
        <translation>%1（v %2）</translation>
    </message>
    <message>
        <source>tp %1 × pp %2 × dp %3</source>
        <translation>张量并行 %1 × 流水线并行 %2 × 数据并行 %3</translation>
    </message>
    <message>
        <source>micro batch %1, ZeRO %2, recompute: %3</source>
        <translation>微批次 %1，ZeRO %2，重计算：%3</translation>
    </message>
    <message>
        <source>, schedule: %1</source>
        <translation>，调度：%1</translation>
    </message>
    <message>
        <source>, sequence parallel</source>
        <translation>，序列并行</translation>
    </message>
    <message>
        <source>, no sequence parallel</source>
        <translation>，无序列并行</translation>
    </message>
    <message>
        <source>on</source>
        <translation>开</translation>
    </message>
    <message>
        <source>off</source>
        <translation>关</translation>
    </message>
    <message>
        <source>%1 / %2</source>
        <translation>%1 / %2</translation>
    </message>
    <message>
        <source>The scenario&apos;s current layout.</source>
        <translation>场景当前的布局。</translation>
    </message>
    <message>
        <source>Double-click to apply this layout.</source>
        <translation>双击以应用此布局。</translation>
    </message>
    <message>
        <source>#</source>
        <translation>#</translation>
    </message>
    <message>
        <source>DP</source>
        <translation>DP</translation>
    </message>
    <message>
        <source>TP</source>
        <translation>TP</translation>
    </message>
    <message>
        <source>PP</source>
        <translation>PP</translation>
    </message>
    <message>
        <source>Micro batch</source>
        <translation>微批次</translation>
    </message>
    <message>
        <source>ZeRO</source>
        <translation>ZeRO</translation>
    </message>
    <message>
        <source>Recompute</source>
        <translation>重计算</translation>
    </message>
    <message>
        <source>Schedule</source>
        <translation>调度</translation>
    </message>
    <message>
        <source>SP</source>
        <translation>SP</translation>
    </message>
    <message>
        <source>Step time</source>
        <translation>单步时间</translation>
    </message>
    <message>
        <source>Tokens/s</source>
        <translation>每秒 token 数</translation>
    </message>
    <message>
        <source>MFU</source>
        <translation>MFU</translation>
    </message>
    <message>
        <source>Peak memory / capacity</source>
        <translation>峰值显存 / 容量</translation>
    </message>
    <message>
        <source>Rank by the objective</source>
        <translation>按目标排名</translation>
    </message>
    <message>
        <source>Data-parallel degree</source>
        <translation>数据并行度</translation>
    </message>
    <message>
        <source>Tensor-parallel degree</source>
        <translation>张量并行度</translation>
    </message>
    <message>
        <source>Pipeline-parallel degree (stages)</source>
        <translation>流水线并行度（阶段数）</translation>
    </message>
    <message>
        <source>Sequence parallelism</source>
        <translation>序列并行</translation>
    </message>
    <message>
        <source>Peak memory of the fullest GPU against its capacity</source>
        <translation>最满 GPU 的峰值显存与其容量</translation>
    </message>
</context>
<context>
    <name>ss::PlannerView</name>
    <message>
        <source>&amp;Run</source>
        <translation>运行(&amp;R)</translation>
    </message>
    <message>
        <source>Search every layout of the model on this cluster (on all cores)</source>
        <translation>搜索该模型在此集群上的所有布局（使用所有核心）</translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation>取消</translation>
    </message>
    <message>
        <source>Rank by</source>
        <translation>排序依据</translation>
    </message>
    <message>
        <source>step time</source>
        <translation>单步时间</translation>
    </message>
    <message>
        <source>tokens/s per GPU</source>
        <translation>每 GPU 的 token/秒</translation>
    </message>
    <message>
        <source>memory headroom</source>
        <translation>显存余量</translation>
    </message>
    <message>
        <source>tp across nodes</source>
        <translation>张量并行跨节点</translation>
    </message>
    <message>
        <source>Allow tensor parallelism larger than a node (its all-reduces then cross the network)</source>
        <translation>允许张量并行超过一个节点（其 all-reduce 将经过网络）</translation>
    </message>
    <message>
        <source>max micro batch</source>
        <translation>最大微批次</translation>
    </message>
    <message>
        <source>Colour by</source>
        <translation>着色依据</translation>
    </message>
    <message>
        <source>pipeline stages</source>
        <translation>流水线阶段数</translation>
    </message>
    <message>
        <source>ZeRO stage</source>
        <translation>ZeRO 阶段</translation>
    </message>
    <message>
        <source>&amp;Apply layout</source>
        <translation>应用布局(&amp;A)</translation>
    </message>
    <message>
        <source>Set the selected layout on the scenario (one undo step)</source>
        <translation>将选中的布局应用到场景（一个撤销步骤）</translation>
    </message>
    <message>
        <source>The search could not start.</source>
        <translation>搜索无法开始。</translation>
    </message>
    <message>
        <source>Cancelled before any layout was found to fit.</source>
        <translation>在找到可放入显存的布局之前已取消。</translation>
    </message>
    <message>
        <source>No layout fits in GPU memory.</source>
        <translation>没有布局能放入 GPU 显存。</translation>
    </message>
    <message>
        <source>Searching…</source>
        <translation>正在搜索…</translation>
    </message>
    <message>
        <source>Not run yet</source>
        <translation>尚未运行</translation>
    </message>
    <message>
        <source>%1 of %2 layouts, %3 fit</source>
        <translation>已评估 %1 / %2 个布局，%3 个可放入显存</translation>
    </message>
    <message>
        <source>The search could not start: %1</source>
        <translation>搜索无法开始：%1</translation>
    </message>
    <message>
        <source>Searching on all cores…</source>
        <translation>正在所有核心上搜索…</translation>
    </message>
    <message>
        <source>Cancelled: the results are those found so far.</source>
        <translation>已取消：结果为目前已找到的布局。</translation>
    </message>
    <message>
        <source>Searched in %1.</source>
        <translation>搜索用时 %1。</translation>
    </message>
    <message>
        <source>The scenario or the options changed: Run again.</source>
        <translation>场景或选项已更改：请重新运行。</translation>
    </message>
    <message>
        <source>Apply layout %1</source>
        <translation>应用布局 %1</translation>
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
    <message>
        <source>Step time</source>
        <translation>每步时间</translation>
    </message>
    <message>
        <source>Tokens/s</source>
        <translation>每秒 token 数</translation>
    </message>
    <message>
        <source>MFU</source>
        <translation>MFU</translation>
    </message>
    <message>
        <source>Bubble</source>
        <translation>气泡</translation>
    </message>
    <message>
        <source>Exposed communication</source>
        <translation>未被掩盖的通信</translation>
    </message>
    <message>
        <source>Model FLOPs utilisation; counting recompute (HFU): %1</source>
        <translation>模型 FLOPs 利用率；计入重计算（HFU）：%1</translation>
    </message>
    <message>
        <source>Idle compute time over the step time, averaged over the GPUs</source>
        <translation>计算空闲时间占每步时间的比例，按 GPU 平均</translation>
    </message>
    <message>
        <source>Communication not hidden behind compute: %1 of the step</source>
        <translation>未被计算掩盖的通信：占每步时间的 %1</translation>
    </message>
    <message>
        <source>Bottleneck: %1</source>
        <translation>瓶颈：%1</translation>
    </message>
    <message>
        <source>Δ against the baseline “%1”</source>
        <translation>相对基线“%1”的变化</translation>
    </message>
    <message>
        <source>Δ against the baseline</source>
        <translation>相对基线的变化</translation>
    </message>
    <message>
        <source>“%1”</source>
        <translation>“%1”</translation>
    </message>
</context>
<context>
    <name>ss::SweepChart</name>
    <message>
        <source>Host bridge</source>
        <translation>主机桥</translation>
    </message>
    <message>
        <source>%1 tokens/s</source>
        <translation>%1 token/秒</translation>
    </message>
    <message>
        <source>Step time</source>
        <translation>每步时间</translation>
    </message>
    <message>
        <source>Tokens per second</source>
        <translation>每秒 token 数</translation>
    </message>
    <message>
        <source>MFU</source>
        <translation>MFU</translation>
    </message>
    <message>
        <source>Peak memory per GPU</source>
        <translation>每 GPU 峰值显存</translation>
    </message>
    <message>
        <source>Exposed communication</source>
        <translation>未被掩盖的通信</translation>
    </message>
    <message>
        <source>Pipeline bubble</source>
        <translation>流水线气泡</translation>
    </message>
    <message>
        <source>Compute time</source>
        <translation>计算时间</translation>
    </message>
    <message>
        <source>HFU</source>
        <translation>HFU</translation>
    </message>
    <message>
        <source>Host memory per node</source>
        <translation>每节点主机内存</translation>
    </message>
    <message>
        <source>NVMe per node</source>
        <translation>每节点 NVMe</translation>
    </message>
    <message>
        <source>Model FLOPs per step</source>
        <translation>每步模型 FLOPs</translation>
    </message>
    <message>
        <source>Hardware FLOPs per step</source>
        <translation>每步硬件 FLOPs</translation>
    </message>
    <message>
        <source>GPUs</source>
        <translation>GPU 数</translation>
    </message>
    <message>
        <source>Parameters</source>
        <translation>参数量</translation>
    </message>
    <message>
        <source>Microbatches</source>
        <translation>微批次数</translation>
    </message>
    <message>
        <source>%1 bandwidth</source>
        <translation>%1 带宽</translation>
    </message>
    <message>
        <source>%1 efficiency</source>
        <translation>%1 效率</translation>
    </message>
    <message>
        <source>Sweep</source>
        <translation>参数扫描</translation>
    </message>
    <message>
        <source>Sweep of %1</source>
        <translation>%1 的参数扫描</translation>
    </message>
    <message>
        <source>Does not fit in GPU memory</source>
        <translation>GPU 显存放不下</translation>
    </message>
    <message>
        <source>GPU memory</source>
        <translation>GPU 显存</translation>
    </message>
    <message>
        <source>%1 (tokens/s)</source>
        <translation>%1（token/秒）</translation>
    </message>
    <message>
        <source>current: %1</source>
        <translation>当前：%1</translation>
    </message>
    <message numerus="yes">
        <source>%n of %1 values left out: </source>
        <translation>
            <numerusform>%1 个取值中有 %n 个被略去：</numerusform>
        </translation>
    </message>
    <message>
        <source>%1 = %2: %3</source>
        <translation>%1 = %2：%3</translation>
    </message>
    <message>
        <source>The current value, %1, is outside the range.</source>
        <translation>当前值 %1 不在范围内。</translation>
    </message>
    <message>
        <source>No values to sweep</source>
        <translation>没有可扫描的取值</translation>
    </message>
    <message>
        <source>No value of the range gives a scenario that can be evaluated</source>
        <translation>该范围内没有可以评估的取值</translation>
    </message>
    <message>
        <source>%1 = %2</source>
        <translation>%1 = %2</translation>
    </message>
    <message>
        <source>Left out: %1</source>
        <translation>已略去：%1</translation>
    </message>
    <message>
        <source>%1: %2</source>
        <translation>%1：%2</translation>
    </message>
    <message>
        <source>Does not fit: %1 needed, the GPU has %2</source>
        <translation>放不下：需要 %1，GPU 只有 %2</translation>
    </message>
</context>
<context>
    <name>ss::SweepView</name>
    <message>
        <source>Links</source>
        <translation>链路</translation>
    </message>
    <message>
        <source>&amp;Sweep</source>
        <translation>扫描(&amp;S)</translation>
    </message>
    <message>
        <source>from</source>
        <translation>从</translation>
    </message>
    <message>
        <source>to</source>
        <translation>到</translation>
    </message>
    <message>
        <source>steps</source>
        <translation>步数</translation>
    </message>
    <message>
        <source>linear</source>
        <translation>线性</translation>
    </message>
    <message>
        <source>logarithmic</source>
        <translation>对数</translation>
    </message>
    <message>
        <source>The range does not parse: give two values and a step count (a logarithmic range needs values above 0).</source>
        <translation>无法解析范围：请给出两个值和步数（对数范围的值须大于 0）。</translation>
    </message>
    <message>
        <source>Pick a metric to draw.</source>
        <translation>请选择要绘制的指标。</translation>
    </message>
    <message numerus="yes">
        <source>Sweeping %n values…</source>
        <translation>
            <numerusform>正在扫描 %n 个取值…</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>ss::TopologyEditor</name>
    <message>
        <source>Add a %1: click, or drag it onto the canvas</source>
        <translation>添加%1：单击，或拖到画布上</translation>
    </message>
    <message>
        <source>Tensor parallel</source>
        <translation>张量并行</translation>
    </message>
    <message>
        <source>Pipeline parallel</source>
        <translation>流水线并行</translation>
    </message>
    <message>
        <source>Data parallel</source>
        <translation>数据并行</translation>
    </message>
    <message>
        <source>Expert parallel</source>
        <translation>专家并行</translation>
    </message>
    <message>
        <source>Offload</source>
        <translation>卸载</translation>
    </message>
    <message>
        <source>Select</source>
        <translation>选择</translation>
    </message>
    <message>
        <source>Select and move devices; drag on the background to select several</source>
        <translation>选择并移动设备；在空白处拖动可框选多个</translation>
    </message>
    <message>
        <source>Connect</source>
        <translation>连接</translation>
    </message>
    <message>
        <source>Drag from one device to another to link them</source>
        <translation>从一个设备拖到另一个设备以添加链路</translation>
    </message>
    <message>
        <source>Delete</source>
        <translation>删除</translation>
    </message>
    <message>
        <source>Delete the selection (Del); a device&apos;s links go with it</source>
        <translation>删除所选内容 (Del)；设备的链路一并删除</translation>
    </message>
    <message>
        <source>Zoom In</source>
        <translation>放大</translation>
    </message>
    <message>
        <source>Zoom in (+, or the wheel)</source>
        <translation>放大（+ 或滚轮）</translation>
    </message>
    <message>
        <source>Zoom Out</source>
        <translation>缩小</translation>
    </message>
    <message>
        <source>Zoom out (-, or the wheel)</source>
        <translation>缩小（- 或滚轮）</translation>
    </message>
    <message>
        <source>Fit</source>
        <translation>适合窗口</translation>
    </message>
    <message>
        <source>Show the whole topology; pan with the middle button or Space and drag</source>
        <translation>显示整个拓扑；按住中键或空格拖动可平移</translation>
    </message>
    <message>
        <source>Collapse Identical Machines</source>
        <translation>折叠相同的机器</translation>
    </message>
    <message>
        <source>Draw a few of many identical machines and one group for the rest</source>
        <translation>许多相同的机器只画几台，其余合为一组</translation>
    </message>
    <message>
        <source>Arrange</source>
        <translation>自动排列</translation>
    </message>
    <message>
        <source>Lay every device out afresh: machines as frames, the network above them</source>
        <translation>重新排列所有设备：机器为方框，网络在其上方</translation>
    </message>
    <message>
        <source>Use Generated Topology</source>
        <translation>使用生成的拓扑</translation>
    </message>
    <message>
        <source>Drop the explicit topology and generate the cluster from its node preset again</source>
        <translation>丢弃显式拓扑，按节点预设重新生成集群</translation>
    </message>
    <message>
        <source>Highlight</source>
        <translation>高亮</translation>
    </message>
    <message>
        <source>Show the links a collective (or a parallel group) uses and its ring order</source>
        <translation>显示某个集合通信（或并行组）使用的链路及其环顺序</translation>
    </message>
    <message>
        <source>Key</source>
        <translation>图例</translation>
    </message>
    <message>
        <source>Add a Device</source>
        <translation>添加设备</translation>
    </message>
    <message>
        <source>Properties</source>
        <translation>属性</translation>
    </message>
    <message>
        <source>The cluster cannot be generated: %1</source>
        <translation>无法生成集群：%1</translation>
    </message>
    <message numerus="yes">
        <source>Generated: %n node(s) of %1. The first edit makes it an explicit topology.</source>
        <translation>
            <numerusform>已生成：%n 个 %1 节点。第一次编辑会将其转为显式拓扑。</numerusform>
        </translation>
    </message>
    <message>
        <source>Explicit topology: %1 devices, %2 links.</source>
        <translation>显式拓扑：%1 个设备，%2 条链路。</translation>
    </message>
    <message>
        <source>The link colours show the last valid scenario.</source>
        <translation>链路颜色显示的是上一个有效场景。</translation>
    </message>
    <message>
        <source>All traffic</source>
        <translation>全部流量</translation>
    </message>
    <message>
        <source>%1 (%2): all its collectives</source>
        <translation>%1（%2）：全部集合通信</translation>
    </message>
    <message>
        <source>%1 %2 (%3): %4 × %5</source>
        <translation>%1 %2（%3）：%4 × %5</translation>
    </message>
    <message>
        <source>%1, %2 per call, %3 ranks per group, bottleneck %4</source>
        <translation>%1，每次 %2，每组 %3 个 rank，瓶颈 %4</translation>
    </message>
    <message>
        <source>Add %1</source>
        <translation>添加%1</translation>
    </message>
    <message>
        <source>Connect %1 and %2</source>
        <translation>连接 %1 和 %2</translation>
    </message>
    <message numerus="yes">
        <source>Move %n device(s)</source>
        <translation>
            <numerusform>移动 %n 个设备</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Delete %n device(s)</source>
        <translation>
            <numerusform>删除 %n 个设备</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Delete %n link(s)</source>
        <translation>
            <numerusform>删除 %n 条链路</numerusform>
        </translation>
    </message>
    <message>
        <source>Unknown device kind &quot;%1&quot;.</source>
        <translation>未知的设备类型“%1”。</translation>
    </message>
    <message>
        <source>No device has the id &quot;%1&quot;.</source>
        <translation>没有 id 为“%1”的设备。</translation>
    </message>
    <message>
        <source>Make %1 a %2</source>
        <translation>将 %1 改为%2</translation>
    </message>
    <message>
        <source>Rename device %1</source>
        <translation>重命名设备 %1</translation>
    </message>
    <message>
        <source>Unknown link kind &quot;%1&quot;; expected one beginning with nvlink, nvswitch, pcie, host, qpi, upi, ib, roce or ethernet.</source>
        <translation>未知的链路类型“%1”；应以 nvlink、nvswitch、pcie、host、qpi、upi、ib、roce 或 ethernet 开头。</translation>
    </message>
    <message>
        <source>No link has the id &quot;%1&quot;.</source>
        <translation>没有 id 为“%1”的链路。</translation>
    </message>
    <message>
        <source>Make link %1 %2</source>
        <translation>将链路 %1 改为 %2</translation>
    </message>
    <message>
        <source>&quot;%1&quot; is not a bandwidth: expected a rate above 0 such as &quot;25 GB/s&quot; or &quot;200 Gb/s&quot;.</source>
        <translation>“%1”不是带宽：应为大于 0 的速率，例如“25 GB/s”或“200 Gb/s”。</translation>
    </message>
    <message>
        <source>Set the bandwidth of link %1</source>
        <translation>设置链路 %1 的带宽</translation>
    </message>
    <message>
        <source>&quot;%1&quot; is not a latency: expected 0 or more, such as &quot;0.3 us&quot; or &quot;1.5 µs&quot;.</source>
        <translation>“%1”不是延迟：应为 0 或以上，例如“0.3 us”或“1.5 µs”。</translation>
    </message>
    <message>
        <source>Set the latency of link %1</source>
        <translation>设置链路 %1 的延迟</translation>
    </message>
    <message>
        <source>&quot;%1&quot; is not an efficiency: expected above 0 and at most 1, such as &quot;0.8&quot; or &quot;80%&quot;.</source>
        <translation>“%1”不是效率：应大于 0 且不超过 1，例如“0.8”或“80%”。</translation>
    </message>
    <message>
        <source>Set the efficiency of link %1</source>
        <translation>设置链路 %1 的效率</translation>
    </message>
    <message>
        <source>A link needs a count of at least 1.</source>
        <translation>链路数至少为 1。</translation>
    </message>
    <message>
        <source>Set the link count of %1</source>
        <translation>设置 %1 的链路数</translation>
    </message>
    <message>
        <source>Arrange the topology</source>
        <translation>自动排列拓扑</translation>
    </message>
    <message>
        <source>Use the generated topology</source>
        <translation>使用生成的拓扑</translation>
    </message>
</context>
<context>
    <name>ss::TopologyProperties</name>
    <message>
        <source>Select a device or a link to edit it. Drag devices to move them; use Connect and drag from one device to another to add a link.</source>
        <translation>选择设备或链路即可编辑。拖动设备可移动它们；使用“连接”并从一个设备拖到另一个设备可添加链路。</translation>
    </message>
    <message>
        <source>Delete</source>
        <translation>删除</translation>
    </message>
    <message>
        <source>Delete the selection (Del); a device&apos;s links go with it</source>
        <translation>删除所选内容 (Del)；设备的链路一并删除</translation>
    </message>
    <message>
        <source>Id</source>
        <translation>Id</translation>
    </message>
    <message>
        <source>Kind</source>
        <translation>类型</translation>
    </message>
    <message>
        <source>Label</source>
        <translation>标签</translation>
    </message>
    <message>
        <source>Joins</source>
        <translation>连接</translation>
    </message>
    <message>
        <source>Choosing a kind also sets its bandwidth, latency and efficiency from the catalogue</source>
        <translation>选择类型时会同时按目录设置带宽、延迟和效率</translation>
    </message>
    <message>
        <source>One link, per direction: &quot;25 GB/s&quot;, &quot;200 Gb/s&quot;, &quot;12.5 GiB/s&quot;</source>
        <translation>单条链路的单向带宽：“25 GB/s”、“200 Gb/s”、“12.5 GiB/s”</translation>
    </message>
    <message>
        <source>Bandwidth</source>
        <translation>带宽</translation>
    </message>
    <message>
        <source>Bonded links between the two devices (NV12: 12)</source>
        <translation>两个设备之间绑定的链路数（NV12：12）</translation>
    </message>
    <message>
        <source>Links</source>
        <translation>链路数</translation>
    </message>
    <message>
        <source>One hop: &quot;0.3 us&quot;, &quot;1.5 µs&quot;</source>
        <translation>单跳：“0.3 us”、“1.5 µs”</translation>
    </message>
    <message>
        <source>Latency</source>
        <translation>延迟</translation>
    </message>
    <message>
        <source>The achievable fraction of the line rate: &quot;0.8&quot; or &quot;80%&quot;</source>
        <translation>可达到的线速比例：“0.8”或“80%”</translation>
    </message>
    <message>
        <source>Efficiency</source>
        <translation>效率</translation>
    </message>
    <message>
        <source>%1 ↔ %2</source>
        <translation>%1 ↔ %2</translation>
    </message>
    <message>
        <source>= %1 per direction</source>
        <translation>= 单向 %1</translation>
    </message>
    <message>
        <source>Selected: %1 devices, %2 links. Delete removes them; a deleted device&apos;s links go with it.</source>
        <translation>已选：%1 个设备，%2 条链路。按“删除”可移除它们；删除设备时其链路一并删除。</translation>
    </message>
</context>
<context>
    <name>ss::TopologyScene</name>
    <message>
        <source>Kind: %1</source>
        <translation>类型：%1</translation>
    </message>
    <message>
        <source>Bandwidth: %1 per direction × %2 links = %3</source>
        <translation>带宽：单向 %1 × %2 条 = %3</translation>
    </message>
    <message>
        <source>Bandwidth: %1 per direction</source>
        <translation>带宽：单向 %1</translation>
    </message>
    <message>
        <source>Latency: %1, efficiency %2%</source>
        <translation>延迟：%1，效率 %2%</translation>
    </message>
    <message>
        <source>Bytes per step: %1</source>
        <translation>每步字节数：%1</translation>
    </message>
    <message>
        <source>Busy time per step: %1</source>
        <translation>每步繁忙时间：%1</translation>
    </message>
    <message>
        <source>Utilisation: %1% of the step</source>
        <translation>利用率：步时间的 %1%</translation>
    </message>
    <message>
        <source>%1% of the busiest link&apos;s time (the step time is not simulated yet)</source>
        <translation>为最繁忙链路繁忙时间的 %1%（尚未模拟步时间）</translation>
    </message>
    <message>
        <source>Carries nothing in this step</source>
        <translation>本步不传输数据</translation>
    </message>
    <message numerus="yes">
        <source>%n links into the collapsed machines; the busiest is shown</source>
        <translation>
            <numerusform>通往折叠机器的 %n 条链路；显示其中最繁忙的一条</numerusform>
        </translation>
    </message>
    <message>
        <source>The bottleneck link of the step</source>
        <translation>本步的通信瓶颈链路</translation>
    </message>
    <message>
        <source>The busiest link; the step is limited by something else</source>
        <translation>最繁忙的链路；限制本步的是其他因素</translation>
    </message>
    <message>
        <source>%1, id %2</source>
        <translation>%1，id %2</translation>
    </message>
    <message numerus="yes">
        <source>%n link(s)</source>
        <translation>
            <numerusform>%n 条链路</numerusform>
        </translation>
    </message>
    <message>
        <source>Position %1 in the highlighted ring</source>
        <translation>在高亮环中的位置 %1</translation>
    </message>
    <message numerus="yes">
        <source>%n identical machines drawn as one (%1). Double-click to draw them all.</source>
        <translation>
            <numerusform>%n 台相同的机器画成一组（%1）。双击可全部画出。</numerusform>
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
<context>
    <name>ss::io::Import</name>
    <message>
        <source>expected &quot;none&quot;, &quot;cpu&quot; or &quot;nvme&quot;, got the string &quot;%1&quot;</source>
        <translation>应为 &quot;none&quot;、&quot;cpu&quot; 或 &quot;nvme&quot;，实际为字符串 &quot;%1&quot;</translation>
    </message>
    <message>
        <source>ZeRO stage %1</source>
        <translation>ZeRO 第 %1 阶段</translation>
    </message>
    <message>
        <source>optimizer offload to %1</source>
        <translation>优化器卸载到 %1</translation>
    </message>
    <message>
        <source>parameter offload to %1</source>
        <translation>参数卸载到 %1</translation>
    </message>
    <message>
        <source>zero_optimization.offload_param needs stage 3; DeepSpeed ignores it at stage %1</source>
        <translation>zero_optimization.offload_param 需要第 3 阶段；在第 %1 阶段 DeepSpeed 会忽略它</translation>
    </message>
    <message>
        <source>%1 and %2 are both enabled; DeepSpeed takes one 16-bit format</source>
        <translation>%1 与 %2 同时启用；DeepSpeed 只能使用一种 16 位格式</translation>
    </message>
    <message>
        <source>expected &quot;fp16&quot;, &quot;bf16&quot; or &quot;fp32&quot;, got the string &quot;%1&quot;</source>
        <translation>应为 &quot;fp16&quot;、&quot;bf16&quot; 或 &quot;fp32&quot;，实际为字符串 &quot;%1&quot;</translation>
    </message>
    <message>
        <source>optimizer %1 keeps Adam&apos;s two moments: counted as adam</source>
        <translation>优化器 %1 保存与 Adam 相同的两个矩：按 adam 计算</translation>
    </message>
    <message>
        <source>optimizer %1 keeps one state per parameter: counted as sgd-momentum</source>
        <translation>优化器 %1 每个参数保存一个状态：按 sgd-momentum 计算</translation>
    </message>
    <message>
        <source>unknown optimizer type &quot;%1&quot;: the scenario&apos;s optimizer is kept</source>
        <translation>未知的优化器类型 &quot;%1&quot;：保留场景原有的优化器</translation>
    </message>
    <message>
        <source>%1 is not a multiple of train_micro_batch_size_per_gpu × gradient_accumulation_steps = %2 × %3 (DeepSpeed needs train_batch_size = micro × accumulation × data-parallel size)</source>
        <translation>%1 不是 train_micro_batch_size_per_gpu × gradient_accumulation_steps = %2 × %3 的倍数（DeepSpeed 要求 train_batch_size = 微批次 × 累积步数 × 数据并行规模）</translation>
    </message>
    <message>
        <source>batch %1 = %2 × %3 steps × dp %4</source>
        <translation>批量 %1 = %2 × %3 步 × dp %4</translation>
    </message>
    <message>
        <source>micro-batch %1 × %2 steps</source>
        <translation>微批次 %1 × %2 步</translation>
    </message>
    <message>
        <source>the global batch is train_micro_batch_size_per_gpu × gradient_accumulation_steps × dp: it follows from the data-parallel size of the scenario the config is applied to</source>
        <translation>全局批量为 train_micro_batch_size_per_gpu × gradient_accumulation_steps × dp：取决于应用该配置的场景的数据并行规模</translation>
    </message>
    <message>
        <source>batch %1</source>
        <translation>批量 %1</translation>
    </message>
    <message>
        <source>the micro-batch is train_batch_size / (gradient_accumulation_steps × dp): it follows from the data-parallel size of the scenario the config is applied to</source>
        <translation>微批次为 train_batch_size / (gradient_accumulation_steps × dp)：取决于应用该配置的场景的数据并行规模</translation>
    </message>
    <message>
        <source>micro-batch %1</source>
        <translation>微批次 %1</translation>
    </message>
    <message>
        <source>a DeepSpeed config</source>
        <translation>DeepSpeed 配置</translation>
    </message>
    <message>
        <source>the config sets nothing the scenario uses (every value is absent or &quot;auto&quot;)</source>
        <translation>该配置没有设置场景用到的任何值（所有值都缺失或为 &quot;auto&quot;）</translation>
    </message>
    <message>
        <source>DeepSpeed config</source>
        <translation>DeepSpeed 配置</translation>
    </message>
    <message>
        <source>DeepSpeed config: %1</source>
        <translation>DeepSpeed 配置：%1</translation>
    </message>
    <message>
        <source>train_batch_size %1 = %2 × %3 accumulation steps implies dp %4, but the scenario has dp %5; its microbatches per step follow from its own dp</source>
        <translation>train_batch_size %1 = %2 × %3 个累积步意味着 dp %4，但场景的 dp 为 %5；每步的微批次数按场景自身的 dp 计算</translation>
    </message>
    <message>
        <source>train_batch_size %1 is not divisible by gradient_accumulation_steps × dp = %2 × %3: the micro-batch is left as it was</source>
        <translation>train_batch_size %1 不能被 gradient_accumulation_steps × dp = %2 × %3 整除：微批次保持不变</translation>
    </message>
    <message>
        <source>missing; the config needs %1</source>
        <translation>缺失；配置需要%1</translation>
    </message>
    <message>
        <source>missing (nor %1 given); the config needs %2</source>
        <translation>缺失（%1 也未给出）；配置需要%2</translation>
    </message>
    <message>
        <source>the model width</source>
        <translation>模型宽度</translation>
    </message>
    <message>
        <source>the number of layers</source>
        <translation>层数</translation>
    </message>
    <message>
        <source>the number of attention heads</source>
        <translation>注意力头数</translation>
    </message>
    <message>
        <source>the MLP width</source>
        <translation>MLP 宽度</translation>
    </message>
    <message>
        <source>the vocabulary size</source>
        <translation>词表大小</translation>
    </message>
    <message>
        <source>the o_proj bias of attention_bias</source>
        <translation>attention_bias 带来的 o_proj 偏置</translation>
    </message>
    <message>
        <source>the MLP biases of mlp_bias</source>
        <translation>mlp_bias 带来的 MLP 偏置</translation>
    </message>
    <message>
        <source>the MLP biases (GPT-NeoX keeps them without attention_bias)</source>
        <translation>MLP 偏置（没有 attention_bias 时 GPT-NeoX 仍保留它们）</translation>
    </message>
    <message>
        <source>ALiBi positions have no parameters; they are counted like rotary positions</source>
        <translation>ALiBi 位置编码没有参数；按旋转位置编码计算</translation>
    </message>
    <message>
        <source>the Q and K layer norms of qk_layernorm</source>
        <translation>qk_layernorm 带来的 Q、K 层归一化</translation>
    </message>
    <message>
        <source>no MLP width in the config: 4 × hidden_size assumed</source>
        <translation>配置中没有 MLP 宽度：假定为 4 × hidden_size</translation>
    </message>
    <message>
        <source>the size of the learned position table</source>
        <translation>可学习位置表的大小</translation>
    </message>
    <message>
        <source>%1 heads do not divide the model width %2, and the config gives no head_dim</source>
        <translation>%1 个头不能整除模型宽度 %2，且配置未给出 head_dim</translation>
    </message>
    <message>
        <source>%1 key/value heads do not divide the %2 attention heads</source>
        <translation>%1 个键/值头不能整除 %2 个注意力头</translation>
    </message>
    <message>
        <source>a token cannot use %1 experts of %2</source>
        <translation>一个 token 不能使用 %2 个专家中的 %1 个</translation>
    </message>
    <message>
        <source>a Hugging Face config.json</source>
        <translation>Hugging Face 的 config.json</translation>
    </message>
    <message>
        <source>a multimodal config: only its language model (text_config) is read</source>
        <translation>多模态配置：只读取其语言模型（text_config）</translation>
    </message>
    <message>
        <source>no model_type: read with the common keys; check the parameter count</source>
        <translation>没有 model_type：按通用键读取；请核对参数量</translation>
    </message>
    <message>
        <source>unknown model_type &quot;%1&quot;: read with the common keys; check the parameter count</source>
        <translation>未知的 model_type &quot;%1&quot;：按通用键读取；请核对参数量</translation>
    </message>
    <message>
        <source>the engine counts %1 parameters, the model has %2 (%3): %4</source>
        <translation>引擎计得 %1 个参数，模型实际有 %2 个（%3）：%4</translation>
    </message>
    <message>
        <source>Transformer</source>
        <translation>Transformer</translation>
    </message>
    <message>
        <source>%1 model: %2 layers, hidden %3, %4 parameters</source>
        <translation>%1 模型：%2 层，隐藏维度 %3，%4 个参数</translation>
    </message>
    <message>
        <source>the file is empty</source>
        <translation>文件为空</translation>
    </message>
    <message>
        <source>a ShardScope file: open it rather than import it</source>
        <translation>这是 ShardScope 文件：请直接打开，而不是导入</translation>
    </message>
    <message>
        <source>cannot tell what this file is; expected a Hugging Face config.json, a DeepSpeed config, `nvidia-smi topo -m` output, an NCCL topology dump or nccl-tests output (name the kind to import it as one)</source>
        <translation>无法判断文件类型；应为 Hugging Face config.json、DeepSpeed 配置、`nvidia-smi topo -m` 输出、NCCL 拓扑转储或 nccl-tests 输出（请指定类型后再导入）</translation>
    </message>
    <message>
        <source>parallel.dp set to %1 so that dp × tp × pp covers the %2 GPUs of the imported topology</source>
        <translation>parallel.dp 设为 %1，使 dp × tp × pp 覆盖导入拓扑的 %2 个 GPU</translation>
    </message>
    <message>
        <source>tp %1 × pp %2 does not divide the %3 GPUs of the imported topology: the layout is now pure data parallelism (dp %3)</source>
        <translation>tp %1 × pp %2 不能整除导入拓扑的 %3 个 GPU：布局改为纯数据并行（dp %3）</translation>
    </message>
    <message>
        <source>the scenario does not evaluate yet: %1</source>
        <translation>场景暂时无法计算：%1</translation>
    </message>
    <message>
        <source>line %1</source>
        <translation>第 %1 行</translation>
    </message>
    <message>
        <source>line %1, column %2</source>
        <translation>第 %1 行第 %2 列</translation>
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
        <translation>字符串 &quot;%1&quot;</translation>
    </message>
    <message>
        <source>an array</source>
        <translation>数组</translation>
    </message>
    <message>
        <source>an object</source>
        <translation>对象</translation>
    </message>
    <message>
        <source>nothing</source>
        <translation>空值</translation>
    </message>
    <message>
        <source>the file is empty; expected %1</source>
        <translation>文件为空；应为%1</translation>
    </message>
    <message>
        <source>JSON syntax error: %1</source>
        <translation>JSON 语法错误：%1</translation>
    </message>
    <message>
        <source>expected a JSON object: %1</source>
        <translation>应为 JSON 对象：%1</translation>
    </message>
    <message>
        <source>is a directory, expected a file to import</source>
        <translation>这是目录，应为要导入的文件</translation>
    </message>
    <message>
        <source>cannot open: %1</source>
        <translation>无法打开：%1</translation>
    </message>
    <message>
        <source>too large to import (%1 bytes)</source>
        <translation>文件过大，无法导入（%1 字节）</translation>
    </message>
    <message>
        <source>too large to import</source>
        <translation>文件过大，无法导入</translation>
    </message>
    <message>
        <source>expected %1, got %2</source>
        <translation>应为%1，实际为%2</translation>
    </message>
    <message>
        <source>a whole number from %1 to %2 or &quot;auto&quot;</source>
        <translation>%1 到 %2 之间的整数或 &quot;auto&quot;</translation>
    </message>
    <message>
        <source>a whole number from %1 to %2</source>
        <translation>%1 到 %2 之间的整数</translation>
    </message>
    <message>
        <source>a number or &quot;auto&quot;</source>
        <translation>数字或 &quot;auto&quot;</translation>
    </message>
    <message>
        <source>a number</source>
        <translation>数字</translation>
    </message>
    <message>
        <source>true, false or &quot;auto&quot;</source>
        <translation>true、false 或 &quot;auto&quot;</translation>
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
        <source>a data row before the column header (# size count type ... time algbw busbw)</source>
        <translation>数据行出现在列标题（# size count type ... time algbw busbw）之前</translation>
    </message>
    <message>
        <source>the log ends in the middle of this row: it is left out</source>
        <translation>日志在这一行中途结束：已忽略该行</translation>
    </message>
    <message>
        <source>a data row of %1 fields where the header (line %2) has %3</source>
        <translation>数据行有 %1 个字段，而标题（第 %2 行）有 %3 个</translation>
    </message>
    <message>
        <source>expected a time in microseconds in the time column, got &quot;%1&quot;</source>
        <translation>time 列应为以微秒计的时间，实际为 &quot;%1&quot;</translation>
    </message>
    <message>
        <source>a time of 0 us cannot be fitted: the row is left out</source>
        <translation>0 微秒的时间无法拟合：已忽略该行</translation>
    </message>
    <message>
        <source>expected the size in bytes</source>
        <translation>应为以字节计的大小</translation>
    </message>
    <message>
        <source>a time in microseconds</source>
        <translation>以微秒计的时间</translation>
    </message>
    <message>
        <source>no usable time: the row is left out</source>
        <translation>没有可用的时间：已忽略该行</translation>
    </message>
    <message>
        <source>the log measured %1; it is reported as %2, as asked</source>
        <translation>日志测量的是 %1；按要求报告为 %2</translation>
    </message>
    <message>
        <source>the log does not name its collective: busbw = algbw × 2(n-1)/n identifies all-reduce</source>
        <translation>日志未写明集合通信类型：busbw = algbw × 2(n-1)/n 表明是 all-reduce</translation>
    </message>
    <message>
        <source>the log does not say which collective it measured (no *_perf name): give it with --op, e.g. --op allreduce</source>
        <translation>日志未说明测量的是哪种集合通信（没有 *_perf 名称）：请用 --op 指定，例如 --op allreduce</translation>
    </message>
    <message>
        <source>no data rows: expected the table of an nccl-tests run (size, count, type, ..., time, algbw, busbw)</source>
        <translation>没有数据行：应为 nccl-tests 运行输出的表格（size、count、type、…、time、algbw、busbw）</translation>
    </message>
    <message>
        <source>the log does not say how many ranks ran (no &quot;# Rank&quot; lines): ranks is 0</source>
        <translation>日志未说明运行了多少个 rank（没有 &quot;# Rank&quot; 行）：ranks 记为 0</translation>
    </message>
    <message>
        <source>the engine has no %1 collective: the fit is reported, but no link class can take it</source>
        <translation>引擎没有 %1 集合通信：仅报告拟合结果，无法应用到链路类别</translation>
    </message>
    <message>
        <source>%1: the alpha-beta line fits these times poorly (R² %2): NCCL changes algorithm or protocol across these sizes</source>
        <translation>%1：alpha-beta 直线对这些时间拟合较差（R² %2）：NCCL 在这些消息大小之间切换了算法或协议</translation>
    </message>
    <message numerus="yes">
        <source>%1 on %n rank(s): latency %2, %3 bus bandwidth</source>
        <translation>
            <numerusform>%1，%n 个 rank：延迟 %2，总线带宽 %3</numerusform>
        </translation>
    </message>
    <message>
        <source>nccl-tests: %1</source>
        <translation>nccl-tests：%1</translation>
    </message>
    <message>
        <source>the JSON of nccl-tests -J</source>
        <translation>nccl-tests -J 输出的 JSON</translation>
    </message>
    <message>
        <source>more than %1 elements: not an NCCL topology dump</source>
        <translation>元素超过 %1 个：不是 NCCL 拓扑转储</translation>
    </message>
    <message>
        <source>elements nested more than %1 deep</source>
        <translation>元素嵌套超过 %1 层</translation>
    </message>
    <message>
        <source>a second top-level element &lt;%1&gt;</source>
        <translation>出现第二个顶层元素 &lt;%1&gt;</translation>
    </message>
    <message>
        <source>expected &lt;system&gt; (an NCCL topology dump, as NCCL_TOPO_DUMP_FILE writes it), got &lt;%1&gt;</source>
        <translation>应为 &lt;system&gt;（NCCL_TOPO_DUMP_FILE 写出的 NCCL 拓扑转储），实际为 &lt;%1&gt;</translation>
    </message>
    <message>
        <source>XML error: %1</source>
        <translation>XML 错误：%1</translation>
    </message>
    <message>
        <source>no XML elements: expected an NCCL topology dump (&lt;system&gt; ...)</source>
        <translation>没有 XML 元素：应为 NCCL 拓扑转储（&lt;system&gt; ...）</translation>
    </message>
    <message>
        <source>&lt;%1&gt; needs a %2 attribute</source>
        <translation>&lt;%1&gt; 需要 %2 属性</translation>
    </message>
    <message>
        <source>&lt;%1 %2=&quot;%3&quot;&gt;: expected a whole number of at least %4</source>
        <translation>&lt;%1 %2=&quot;%3&quot;&gt;：应为不小于 %4 的整数</translation>
    </message>
    <message>
        <source>line %1: link_speed &quot;%2&quot; is not a PCIe rate: taken as 8 GT/s (Gen3), as NCCL does</source>
        <translation>第 %1 行：link_speed &quot;%2&quot; 不是 PCIe 速率：与 NCCL 一样按 8 GT/s（Gen3）处理</translation>
    </message>
    <message>
        <source>&lt;system&gt; holds no &lt;cpu&gt; element</source>
        <translation>&lt;system&gt; 中没有 &lt;cpu&gt; 元素</translation>
    </message>
    <message>
        <source>&lt;gpu&gt; must sit in the &lt;pci&gt; element of its PCIe device</source>
        <translation>&lt;gpu&gt; 必须位于其 PCIe 设备的 &lt;pci&gt; 元素内</translation>
    </message>
    <message>
        <source>&lt;pci&gt; needs a busid such as &quot;0000:07:00.0&quot;, got &quot;%1&quot;</source>
        <translation>&lt;pci&gt; 需要形如 &quot;0000:07:00.0&quot; 的 busid，实际为 &quot;%1&quot;</translation>
    </message>
    <message>
        <source>a second GPU at bus id %1</source>
        <translation>总线 ID %1 上出现第二个 GPU</translation>
    </message>
    <message>
        <source>no &lt;gpu&gt; element: the dump describes no GPU</source>
        <translation>没有 &lt;gpu&gt; 元素：转储中没有 GPU</translation>
    </message>
    <message>
        <source>CPU arch &quot;%1&quot; vendor &quot;%2&quot;: the socket link is taken as UPI 10.4 GT/s</source>
        <translation>CPU 架构 &quot;%1&quot;、厂商 &quot;%2&quot;：插槽间链路按 UPI 10.4 GT/s 处理</translation>
    </message>
    <message>
        <source>&lt;nvlink&gt; needs a target bus id such as &quot;0000:07:00.0&quot;</source>
        <translation>&lt;nvlink&gt; 需要形如 &quot;0000:07:00.0&quot; 的目标总线 ID</translation>
    </message>
    <message>
        <source>line %1: &lt;nvlink target=&quot;%2&quot;&gt; reaches no other GPU of the dump: skipped</source>
        <translation>第 %1 行：&lt;nvlink target=&quot;%2&quot;&gt; 未连到转储中的其他 GPU：已跳过</translation>
    </message>
    <message>
        <source>&lt;nvlink tclass=&quot;%1&quot;&gt;: expected a GPU (0x03...), NVSwitch (0x068000) or CPU (0x068001) class</source>
        <translation>&lt;nvlink tclass=&quot;%1&quot;&gt;：应为 GPU（0x03...）、NVSwitch（0x068000）或 CPU（0x068001）类别</translation>
    </message>
    <message numerus="yes">
        <source>NCCL topology: %n GPU(s)</source>
        <translation>
            <numerusform>NCCL 拓扑：%n 个 GPU</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n NVLink pair(s)</source>
        <translation>
            <numerusform>%n 对 NVLink</numerusform>
        </translation>
    </message>
    <message>
        <source>NVSwitch</source>
        <translation>NVSwitch</translation>
    </message>
    <message numerus="yes">
        <source>%n NIC(s)</source>
        <translation>
            <numerusform>%n 个网卡</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n CPU(s)</source>
        <translation>
            <numerusform>%n 个 CPU</numerusform>
        </translation>
    </message>
    <message>
        <source>the row &quot;%1&quot; has no column in the header line (line %2): the matrix must be square</source>
        <translation>行 &quot;%1&quot; 在标题行（第 %2 行）中没有对应的列：矩阵必须是方阵</translation>
    </message>
    <message>
        <source>a second row for %1 (the first is on line %2)</source>
        <translation>%1 的第二行（第一行在第 %2 行）</translation>
    </message>
    <message>
        <source>column %1: unknown link code &quot;%2&quot; (expected X, NV# with a link count, PIX, PXB, PHB, NODE, SYS or SOC)</source>
        <translation>%1 列：未知的链路代码 &quot;%2&quot;（应为 X、带链路数的 NV#、PIX、PXB、PHB、NODE、SYS 或 SOC）</translation>
    </message>
    <message>
        <source>the %1 row has %2 link entries for the %3 columns of the header (line %4): the matrix must be square</source>
        <translation>%1 行有 %2 个链路项，而标题（第 %4 行）有 %3 列：矩阵必须是方阵</translation>
    </message>
    <message>
        <source>the column %1 appears twice in the header</source>
        <translation>列 %1 在标题中出现了两次</translation>
    </message>
    <message>
        <source>%1 columns: more devices than one machine has (at most %2)</source>
        <translation>%1 列：设备数超过单台机器（最多 %2 个）</translation>
    </message>
    <message>
        <source>no header line beginning with GPU0: expected the output of `nvidia-smi topo -m`</source>
        <translation>没有以 GPU0 开头的标题行：应为 `nvidia-smi topo -m` 的输出</translation>
    </message>
    <message>
        <source>no row for %1 (the file may be truncated): the matrix must be square</source>
        <translation>没有 %1 的行（文件可能被截断）：矩阵必须是方阵</translation>
    </message>
    <message>
        <source>the header names no GPU</source>
        <translation>标题中没有 GPU</translation>
    </message>
    <message>
        <source>column %1: expected X on the diagonal, got %2</source>
        <translation>%1 列：对角线上应为 X，实际为 %2</translation>
    </message>
    <message>
        <source>column %1: X (the device itself) off the diagonal</source>
        <translation>%1 列：X（设备自身）出现在对角线以外</translation>
    </message>
    <message>
        <source>column %1: %2 between %3 and %1, but only GPUs have NVLinks</source>
        <translation>%1 列：%3 与 %1 之间为 %2，但只有 GPU 之间才有 NVLink</translation>
    </message>
    <message>
        <source>column %1: %2–%1 is %3 here but %4 in the %1 row (line %5)</source>
        <translation>%1 列：%2–%1 此处为 %3，但在 %1 行（第 %5 行）为 %4</translation>
    </message>
    <message numerus="yes">
        <source>the PCIe tree rebuilt from the pairs does not reproduce %n of them (%1)</source>
        <translation>
            <numerusform>由成对关系重建的 PCIe 树与其中 %n 对不符（%1）</numerusform>
        </translation>
    </message>
    <message>
        <source>%1 with %2 links per GPU</source>
        <translation>%1，每个 GPU %2 条链路</translation>
    </message>
    <message>
        <source>no NVLink</source>
        <translation>无 NVLink</translation>
    </message>
    <message>
        <source>nvidia-smi names no GPU model, link generation or socket link: assumed %1, PCIe Gen%2 and %3 between NUMA nodes; edit the links where they differ</source>
        <translation>nvidia-smi 未给出 GPU 型号、链路代际或插槽间链路：假定为 %1、PCIe Gen%2，NUMA 节点之间为 %3；如有不同请编辑链路</translation>
    </message>
    <message numerus="yes">
        <source>nvidia-smi topology: %n GPU(s)</source>
        <translation>
            <numerusform>nvidia-smi 拓扑：%n 个 GPU</numerusform>
        </translation>
    </message>
    <message>
        <source>NVSwitch (NV%1)</source>
        <translation>NVSwitch（NV%1）</translation>
    </message>
    <message numerus="yes">
        <source>%n NUMA node(s)</source>
        <translation>
            <numerusform>%n 个 NUMA 节点</numerusform>
        </translation>
    </message>
    <message>
        <source>cannot apply the %1 calibration: %2</source>
        <translation>无法应用 %1 校准：%2</translation>
    </message>
    <message>
        <source>%1 on %2 GPUs already matches the measured bus bandwidth (%3 GB/s)</source>
        <translation>%2 块 GPU 上的 %1 已与实测总线带宽（%3 GB/s）一致</translation>
    </message>
    <message>
        <source>%1 on %2 GPUs: efficiency of the %3 links %4 -&gt; %5, modelled bus bandwidth %6 -&gt; %7 GB/s (measured %8 GB/s)%9</source>
        <translation>%2 块 GPU 上的 %1：%3 链路效率 %4 -&gt; %5，模型总线带宽 %6 -&gt; %7 GB/s（实测 %8 GB/s）%9</translation>
    </message>
    <message>
        <source>; clamped, the links cannot reach it</source>
        <translation>；已截断，链路无法达到该值</translation>
    </message>
</context>
</TS>
