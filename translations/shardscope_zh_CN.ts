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
        <source>Pipeline bubble</source>
        <translation>流水线气泡</translation>
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
    <message>
        <source>%1 (%2 active)</source>
        <translation>%1（激活 %2）</translation>
    </message>
    <message>
        <source>dropless</source>
        <translation>不丢弃</translation>
    </message>
    <message>
        <source>even</source>
        <translation>均分</translation>
    </message>
    <message>
        <source>Multi-token-prediction modules</source>
        <translation>多词元预测（MTP）模块</translation>
    </message>
</context>
<context>
    <name>CompareText</name>
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
        <translation>一个 token 不能使用 %2 个专家中的 %1 个</translation>
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
    <message>
        <source>Expected a bandwidth above 0 B/s and at most 10 PB/s</source>
        <translation>带宽应大于 0 B/s 且不超过 10 PB/s</translation>
    </message>
    <message>
        <source>Expected a latency from 0 s to 1000 s</source>
        <translation>延迟应在 0 s 到 1000 s 之间</translation>
    </message>
    <message>
        <source>The &quot;auto&quot; node preset builds the node from a catalogue GPU&apos;s fabric; a custom GPU needs a named node preset or an explicit topology</source>
        <translation>“auto”节点预设根据目录中 GPU 的互连结构构建节点；自定义 GPU 需要指定节点预设或显式拓扑</translation>
    </message>
    <message>
        <source>Expected an oversubscription from 1 (non-blocking) to 64</source>
        <translation>超额订阅比应在 1（无阻塞）到 64 之间</translation>
    </message>
    <message>
        <source>The offload needs %1 of host memory per node, %2 more than the node&apos;s %3</source>
        <translation>卸载需要每节点 %1 主机内存，比节点的 %3 多出 %2</translation>
    </message>
    <message>
        <source>The offload needs %1 of NVMe per node, %2 more than the node&apos;s %3</source>
        <translation>卸载需要每节点 %1 NVMe，比节点的 %3 多出 %2</translation>
    </message>
    <message>
        <source>Context parallel %1 needs the sequence length %2 to be a multiple of 2 × cp = %3</source>
        <translation>上下文并行 %1 要求序列长度 %2 是 2 × cp = %3 的倍数</translation>
    </message>
    <message>
        <source>The layers per stage list %1 stages, but there are %2 pipeline stages</source>
        <translation>每级层数列出了 %1 个流水线级，但共有 %2 个流水线级</translation>
    </message>
    <message>
        <source>The layers per stage add up to %1, but the model has %2 layers</source>
        <translation>每级层数之和为 %1，但模型有 %2 层</translation>
    </message>
    <message>
        <source>Stage %1 has no layers; only the first and last stages may hold none</source>
        <translation>第 %1 级没有层；只有第一级和最后一级可以没有层</translation>
    </message>
    <message>
        <source>Give either the layers per stage or the first and last stages&apos; layers, not both</source>
        <translation>请给出每级层数，或给出第一级和最后一级的层数，不要两者都给</translation>
    </message>
    <message>
        <source>First and last stage layers need 2 or more pipeline stages</source>
        <translation>指定第一级和最后一级的层数需要 2 个或更多流水线级</translation>
    </message>
    <message>
        <source>First stage %1 and last stage %2 layers do not leave at least one of the %3 layers for each of the other stages (%4 stages in all)</source>
        <translation>第一级 %1 层、最后一级 %2 层之后，%3 层中剩下的不够其余每级至少一层（共 %4 级）</translation>
    </message>
    <message>
        <source>Expert parallel %1 needs a mixture-of-experts model (more than 1 expert)</source>
        <translation>专家并行 %1 需要混合专家模型（专家数大于 1）</translation>
    </message>
    <message>
        <source>Expert parallel %1 does not divide the %2 experts</source>
        <translation>专家并行 %1 不能整除 %2 个专家</translation>
    </message>
    <message>
        <source>Expert parallel × expert tensor parallel = %1 × %2 does not divide the %3 ranks of a pipeline stage (dp × cp × tp)</source>
        <translation>专家并行 × 专家张量并行 = %1 × %2 不能整除一个流水线级的 %3 个 rank（dp × cp × tp）</translation>
    </message>
    <message>
        <source>Expert tensor parallel %1 does not divide the expert FFN size %2</source>
        <translation>专家张量并行 %1 不能整除专家 FFN 大小 %2</translation>
    </message>
    <message>
        <source>%1 dense layers are more than the model&apos;s %2 layers</source>
        <translation>%1 个稠密层多于模型的 %2 层</translation>
    </message>
    <message>
        <source>Multi-head latent attention needs query/key head dims above 0</source>
        <translation>多头潜在注意力（MLA）要求 query/key 的头维度大于 0</translation>
    </message>
    <message>
        <source>The %1 has no FP8 tensor cores (they came with Hopper and Ada); use bf16-mixed or give the GPU&apos;s FP8 peak</source>
        <translation>%1 没有 FP8 张量核心（FP8 随 Hopper 和 Ada 推出）；请使用 bf16-mixed，或给出该 GPU 的 FP8 峰值</translation>
    </message>
    <message>
        <source>The %1 recipe needs Blackwell&apos;s block-scaled tensor cores; the %2 has none (use &quot;tensor&quot; or &quot;block&quot;)</source>
        <translation>%1 方案需要 Blackwell 的块缩放张量核心；%2 没有（请使用 &quot;tensor&quot; 或 &quot;block&quot;）</translation>
    </message>
    <message>
        <source>Expected layers per stage as whole numbers separated by commas, such as &quot;7,8,8,9&quot;; got &quot;%1&quot;</source>
        <translation>应为以逗号分隔的每阶段层数（整数），例如“7,8,8,9”；实际为“%1”</translation>
    </message>
    <message>
        <source>FlashAttention-3 needs Hopper (wgmma and TMA); the %1 is not one (use &quot;auto&quot; or &quot;flash2&quot;)</source>
        <translation>FlashAttention-3 需要 Hopper（wgmma 和 TMA）；%1 不是 Hopper（请用 &quot;auto&quot; 或 &quot;flash2&quot;）</translation>
    </message>
    <message>
        <source>Tensor-parallel communication overlap needs sequence parallelism (Megatron-LM --tp-comm-overlap); turn on sequence parallelism</source>
        <translation>张量并行通信重叠需要序列并行（Megatron-LM --tp-comm-overlap）；请打开序列并行</translation>
    </message>
    <message>
        <source>Expected 0 (the kernel model) or a fraction of the peak above 0 and at most 1</source>
        <translation>应为 0（内核模型）或大于 0、至多为 1 的峰值比例</translation>
    </message>
    <message>
        <source>Expected a compute scale above 0 and at most 100, got %1</source>
        <translation>计算缩放系数应大于 0 且至多为 100，实际为 %1</translation>
    </message>
    <message>
        <source>Expected a measured step time of 0 s or more</source>
        <translation>实测训练步时间应为 0 秒或更多</translation>
    </message>
    <message>
        <source>The step has %1 microbatches over %2 stages, too many to draw; its figures come from its steady period and the timeline is left out</source>
        <translation>该训练步在 %2 个阶段上有 %1 个微批次，无法全部绘制；其数值由稳态周期推算得出，时间线从略</translation>
    </message>
    <message numerus="yes">
        <source>dp × tp × pp × cp = %1 × %2 × %3 × %4 = %5, but the cluster has %n GPU(s)</source>
        <translation>
            <numerusform>dp × tp × pp × cp = %1 × %2 × %3 × %4 = %5，但集群共有 %n 块 GPU</numerusform>
        </translation>
    </message>
    <message>
        <source>dp × tp × pp = %1 × %2 × %3 = %4, but the cluster has %5 (%6)</source>
        <translation>dp × tp × pp = %1 × %2 × %3 = %4，但集群共有 %5（%6）</translation>
    </message>
    <message numerus="yes">
        <source>%n GPU(s)</source>
        <translation>
            <numerusform>%n 块 GPU</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n node(s) of %1</source>
        <translation>
            <numerusform>%n 个节点，每节点 %1 块</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>The %1 preset has %n GPU(s) per node, not %2 (the &quot;auto&quot; node preset builds a node of any size)</source>
        <translation>
            <numerusform>%1 预设每节点有 %n 块 GPU，而不是 %2（“自动”节点预设可构建任意规模的节点）</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>The topology has %n GPU(s), but nodes × GPUs per node = %1</source>
        <translation>
            <numerusform>拓扑中有 %n 块 GPU，但节点数 × 每节点 GPU 数 = %1</numerusform>
        </translation>
    </message>
    <message>
        <source>Expected 16, 8 or 4 bits (0: the method&apos;s own), got %1</source>
        <translation>应为 16、8 或 4 位（0：按方法取值），实际为 %1</translation>
    </message>
    <message>
        <source>Full training updates every weight, which a %1-bit base cannot hold; use method lora or qlora, or 16 bits</source>
        <translation>全参数训练要更新每个权重，%1 位的基座无法做到；请使用 lora 或 qlora 方法，或使用 16 位</translation>
    </message>
    <message>
        <source>Paged optimizer states are modelled with method lora or qlora only</source>
        <translation>分页优化器状态只在 lora 或 qlora 方法下建模</translation>
    </message>
    <message>
        <source>QLoRA quantizes the base to 4 bits (NF4), got %1; use method lora for a 16- or 8-bit base</source>
        <translation>QLoRA 把基座量化为 4 位（NF4），实际为 %1；16 位或 8 位基座请使用 lora 方法</translation>
    </message>
    <message>
        <source>Expected a LoRA rank from 1 to 65536, got %1</source>
        <translation>LoRA 秩应在 1 到 65536 之间，实际为 %1</translation>
    </message>
    <message>
        <source>A rank of %1 is not low-rank for the hidden size %2</source>
        <translation>秩 %1 对于隐藏维度 %2 不算低秩</translation>
    </message>
    <message>
        <source>Expected a LoRA alpha above 0, got %1</source>
        <translation>LoRA alpha 应大于 0，实际为 %1</translation>
    </message>
    <message>
        <source>Expected one or more LoRA targets of q, k, v, o, gate, up, down, experts, embed, head</source>
        <translation>应至少给出一个 LoRA 目标层：q、k、v、o、gate、up、down、experts、embed、head</translation>
    </message>
    <message>
        <source>The target &quot;experts&quot; adapts routed experts, and this model has none</source>
        <translation>目标层 &quot;experts&quot; 适配路由专家，而该模型没有专家</translation>
    </message>
    <message>
        <source>The targets &quot;embed&quot; and &quot;head&quot; need a transformer model</source>
        <translation>目标层 &quot;embed&quot; 和 &quot;head&quot; 需要 Transformer 模型</translation>
    </message>
    <message>
        <source>Offload is not modelled with LoRA or QLoRA; use the paged optimizer for the adapters&apos; states</source>
        <translation>LoRA 和 QLoRA 下不对卸载建模；适配器的优化器状态请使用分页优化器</translation>
    </message>
    <message>
        <source>A parameter server is not modelled with LoRA or QLoRA</source>
        <translation>LoRA 和 QLoRA 下不对参数服务器建模</translation>
    </message>
    <message>
        <source>%1 expert groups do not divide the %2 experts</source>
        <translation>%1 个专家组无法整除 %2 个专家</translation>
    </message>
    <message>
        <source>Group-limited routing needs both the expert groups and the groups per token (0 and 0: no limit)</source>
        <translation>分组限制路由需要同时给出专家组数和每 token 组数（0 和 0：不限制）</translation>
    </message>
    <message>
        <source>A token cannot use %1 expert groups of %2</source>
        <translation>一个 token 不能使用 %2 个专家组中的 %1 个</translation>
    </message>
    <message>
        <source>%1 groups of %2 experts hold fewer than the %3 experts a token uses</source>
        <translation>%1 个组、每组 %2 个专家，少于一个 token 使用的 %3 个专家</translation>
    </message>
    <message>
        <source>FP8 dispatch feeds the experts&apos; FP8 GEMMs: it needs FP8 mixed precision</source>
        <translation>FP8 分发供专家的 FP8 GEMM 使用：需要 FP8 混合精度</translation>
    </message>
    <message>
        <source>FP8 SwiGLU inputs come with FP8 training: they need FP8 mixed precision</source>
        <translation>FP8 SwiGLU 输入随 FP8 训练而来：需要 FP8 混合精度</translation>
    </message>
</context>
<context>
    <name>ExampleTitles</name>
    <message>
        <source>GPT-3 XL 1.3B on one DGX A100</source>
        <translation>GPT-3 XL 1.3B，单台 DGX A100</translation>
    </message>
    <message>
        <source>GPT-3 175B, Megatron-LM on 128 DGX A100 (1024 GPUs)</source>
        <translation>GPT-3 175B，Megatron-LM，128 台 DGX A100（1024 块 GPU）</translation>
    </message>
    <message>
        <source>Llama-2 7B, ZeRO-3 on 8 A100-80GB</source>
        <translation>Llama-2 7B，ZeRO-3，8 块 A100-80GB</translation>
    </message>
    <message>
        <source>Llama-2 70B, tp 8 x pp 4 x dp 2 on 8 DGX H100</source>
        <translation>Llama-2 70B，tp 8 × pp 4 × dp 2，8 台 DGX H100</translation>
    </message>
    <message>
        <source>GPT 1.3B, ZeRO-3 with CPU offload on a 4-GPU PCIe box</source>
        <translation>GPT 1.3B，ZeRO-3 加 CPU 卸载，4 卡 PCIe 机器</translation>
    </message>
    <message>
        <source>ZeRO-3 with CPU optimizer offload on a 4-GPU PCIe Gen3 workstation</source>
        <translation>ZeRO-3 加 CPU 优化器卸载，4 卡 PCIe Gen3 工作站</translation>
    </message>
    <message>
        <source>Pipeline schedules on 8 stages: GPT-3 2.7B on one DGX A100</source>
        <translation>8 级流水线调度：GPT-3 2.7B，单台 DGX A100</translation>
    </message>
    <message>
        <source>Data parallel over 10 GbE: GPT-2 medium on four 4-GPU workstations</source>
        <translation>万兆以太网上的数据并行：GPT-2 medium，4 台 4 卡工作站</translation>
    </message>
    <message>
        <source>Qwen2 0.5B, full fine-tuning on one RTX 4090</source>
        <translation>Qwen2 0.5B，单块 RTX 4090 全参数微调</translation>
    </message>
    <message>
        <source>Llama-2 70B on one GB200 NVL72 rack</source>
        <translation>Llama-2 70B，单个 GB200 NVL72 机柜</translation>
    </message>
    <message>
        <source>DeepSeek-V3 671B on 2,048 H800 (PP 16, EP 64, FP8)</source>
        <translation>DeepSeek-V3 671B，2,048 块 H800（PP 16，EP 64，FP8）</translation>
    </message>
    <message>
        <source>Llama 3.1 405B, 128K context on 16,384 H100 (TP 8, CP 16, PP 16, DP 8)</source>
        <translation>Llama 3.1 405B，128K 上下文，16,384 块 H100（TP 8，CP 16，PP 16，DP 8）</translation>
    </message>
    <message>
        <source>Mixtral 8x7B, EP 8 on two DGX H100 (16 GPUs)</source>
        <translation>Mixtral 8x7B，EP 8，两台 DGX H100（16 块 GPU）</translation>
    </message>
    <message>
        <source>Qwen3-30B-A3B, EP 8 on one 8-GPU H100 node</source>
        <translation>Qwen3-30B-A3B，EP 8，单个 8 卡 H100 节点</translation>
    </message>
    <message>
        <source>Llama 3.1 8B, QLoRA on one RTX 4090</source>
        <translation>Llama 3.1 8B，在一块 RTX 4090 上做 QLoRA</translation>
    </message>
    <message>
        <source>Llama 3.1 70B, QLoRA on one H100 80GB</source>
        <translation>Llama 3.1 70B，在一块 H100 80GB 上做 QLoRA</translation>
    </message>
</context>
<context>
    <name>ExplainFormula</name>
    <message>
        <source>L_op · (t_GEMM + n_tp · t_tp) + t_ends</source>
        <translation>L_op · (t_GEMM + n_tp · t_tp) + t_ends</translation>
    </message>
    <message>
        <source>N = N_d · t · p</source>
        <translation>N = N_d · t · p</translation>
    </message>
    <message>
        <source>Ψ = V·h + P·h + L·Ψ_layer + Ψ_norm + Ψ_head</source>
        <translation>Ψ = V·h + P·h + L·Ψ_layer + Ψ_norm + Ψ_head</translation>
    </message>
    <message>
        <source>Ψ (given)</source>
        <translation>Ψ（给定）</translation>
    </message>
    <message>
        <source>m = B / (N_d · b)</source>
        <translation>m = B / (N_d · b)</translation>
    </message>
    <message>
        <source>max_i M_i</source>
        <translation>max_i M_i</translation>
    </message>
    <message>
        <source>max_nodes Σ_i c_i · H_i</source>
        <translation>max_nodes Σ_i c_i · H_i</translation>
    </message>
    <message>
        <source>G_node · max_i H_i</source>
        <translation>G_node · max_i H_i</translation>
    </message>
    <message>
        <source>L_i = ⌊L / p⌋ + (1 if i &lt; L mod p)</source>
        <translation>L_i = ⌊L / p⌋ +（若 i &lt; L mod p 则为 1）</translation>
    </message>
    <message>
        <source>Ψ_i = L_i · Ψ_layer + Ψ_ends</source>
        <translation>Ψ_i = L_i · Ψ_layer + Ψ_ends</translation>
    </message>
    <message>
        <source>Ψ_gpu = L_i · (Ψ_split / t + Ψ_repl) + Ψ_ends,gpu</source>
        <translation>Ψ_gpu = L_i · (Ψ_split / t + Ψ_repl) + Ψ_ends,gpu</translation>
    </message>
    <message>
        <source>n_i = m</source>
        <translation>n_i = m</translation>
    </message>
    <message>
        <source>n_i = min(p − i, m)</source>
        <translation>n_i = min(p − i, m)</translation>
    </message>
    <message>
        <source>n_i = min(2(p − i − 1) + (v − 1)·p + 1, m·v) / v</source>
        <translation>n_i = min(2(p − i − 1) + (v − 1)·p + 1, m·v) / v</translation>
    </message>
    <message>
        <source>Ψ_gpu · w</source>
        <translation>Ψ_gpu · w</translation>
    </message>
    <message>
        <source>Ψ_gpu · w / N_d</source>
        <translation>Ψ_gpu · w / N_d</translation>
    </message>
    <message>
        <source>0 (Ψ_gpu · w / N_d on the host)</source>
        <translation>0（Ψ_gpu · w / N_d 在主机上）</translation>
    </message>
    <message>
        <source>Ψ_gpu · g</source>
        <translation>Ψ_gpu · g</translation>
    </message>
    <message>
        <source>Ψ_gpu · g / N_d</source>
        <translation>Ψ_gpu · g / N_d</translation>
    </message>
    <message>
        <source>0 (Ψ_gpu · g / N_d on the host)</source>
        <translation>0（Ψ_gpu · g / N_d 在主机上）</translation>
    </message>
    <message>
        <source>Ψ_gpu · K</source>
        <translation>Ψ_gpu · K</translation>
    </message>
    <message>
        <source>Ψ_gpu · K / N_d</source>
        <translation>Ψ_gpu · K / N_d</translation>
    </message>
    <message>
        <source>0 (Ψ_gpu · K / N_d on the host)</source>
        <translation>0（Ψ_gpu · K / N_d 在主机上）</translation>
    </message>
    <message>
        <source>n_i · L_i · A_layer + A_recompute + A_emb + A_out</source>
        <translation>n_i · L_i · A_layer + A_recompute + A_emb + A_out</translation>
    </message>
    <message>
        <source>ZeRO-3 gather + buckets + logits + CUDA context + allocator</source>
        <translation>ZeRO-3 聚集 + 梯度桶 + logits + CUDA 上下文 + 分配器</translation>
    </message>
    <message>
        <source>Ψ_unit · (2·w + g)</source>
        <translation>Ψ_unit · (2·w + g)</translation>
    </message>
    <message>
        <source>0 (ZeRO stage &lt; 3 or N_d = 1)</source>
        <translation>0（ZeRO 阶段 &lt; 3 或 N_d = 1）</translation>
    </message>
    <message>
        <source>B_buckets</source>
        <translation>B_buckets</translation>
    </message>
    <message>
        <source>0 (N_d = 1 and no offload)</source>
        <translation>0（N_d = 1 且无卸载）</translation>
    </message>
    <message>
        <source>4 · s · b · V / t</source>
        <translation>4 · s · b · V / t</translation>
    </message>
    <message>
        <source>0 (not the last stage)</source>
        <translation>0（不是最后一个流水线阶段）</translation>
    </message>
    <message>
        <source>C_ctx</source>
        <translation>C_ctx</translation>
    </message>
    <message>
        <source>f_alloc · M_rest</source>
        <translation>f_alloc · M_rest</translation>
    </message>
    <message>
        <source>params + grads + optimizer + activations + buffers</source>
        <translation>权重 + 梯度 + 优化器状态 + 激活值 + 缓冲区</translation>
    </message>
    <message>
        <source>M_GPU</source>
        <translation>M_GPU</translation>
    </message>
    <message>
        <source>3 · B · (L · (2·Ψ_active·s + 4·s²·a·d) + 2·s·h·V)</source>
        <translation>3 · B · (L · (2·Ψ_active·s + 4·s²·a·d) + 2·s·h·V)</translation>
    </message>
    <message>
        <source>F_hw = F_model + F_recompute</source>
        <translation>F_hw = F_model + F_recompute</translation>
    </message>
    <message>
        <source>F_model / (B · s)</source>
        <translation>F_model / (B · s)</translation>
    </message>
    <message>
        <source>ring all-reduce: t = α + 2(n−1)/n · S · f / (B·η)</source>
        <translation>环形 all-reduce：t = α + 2(n−1)/n · S · f / (B·η)</translation>
    </message>
    <message>
        <source>ring all-gather: t = α + (n−1)/n · S · f / (B·η)</source>
        <translation>环形 all-gather：t = α + (n−1)/n · S · f / (B·η)</translation>
    </message>
    <message>
        <source>ring reduce-scatter: t = α + (n−1)/n · S · f / (B·η)</source>
        <translation>环形 reduce-scatter：t = α + (n−1)/n · S · f / (B·η)</translation>
    </message>
    <message>
        <source>ring (chain) broadcast/reduce: t = α + S · f / (B·η)</source>
        <translation>环形（链式）broadcast/reduce：t = α + S · f / (B·η)</translation>
    </message>
    <message>
        <source>tree all-reduce: t = α + S · f / (B·η)</source>
        <translation>树形 all-reduce：t = α + S · f / (B·η)</translation>
    </message>
    <message>
        <source>NVLS all-reduce: t = α + S · f / (B·η·e)</source>
        <translation>NVLS all-reduce：t = α + S · f / (B·η·e)</translation>
    </message>
    <message>
        <source>hierarchical: t = α + Σ_j r_j · c_j · S · f_j / (B_j·η_j)</source>
        <translation>分层：t = α + Σ_j r_j · c_j · S · f_j / (B_j·η_j)</translation>
    </message>
    <message>
        <source>direct: t = α + c · S · f / (B·η)</source>
        <translation>直连：t = α + c · S · f / (B·η)</translation>
    </message>
    <message>
        <source>point-to-point copies: t = α + S · f / (B·η)</source>
        <translation>点对点拷贝：t = α + S · f / (B·η)</translation>
    </message>
    <message>
        <source>α = k · l</source>
        <translation>α = k · l</translation>
    </message>
    <message>
        <source>α = Σ_j r_j · α_j</source>
        <translation>α = Σ_j r_j · α_j</translation>
    </message>
    <message>
        <source>busbw = S / t</source>
        <translation>busbw = S / t</translation>
    </message>
    <message>
        <source>busbw = S / t · 2(n−1)/n</source>
        <translation>busbw = S / t · 2(n−1)/n</translation>
    </message>
    <message>
        <source>busbw = S / t · (n−1)/n</source>
        <translation>busbw = S / t · (n−1)/n</translation>
    </message>
    <message>
        <source>S = b · s · h · e</source>
        <translation>S = b · s · h · e</translation>
    </message>
    <message>
        <source>S = b · s · h · e / t</source>
        <translation>S = b · s · h · e / t</translation>
    </message>
    <message>
        <source>S = Ψ_gpu,max · e_grad</source>
        <translation>S = Ψ_gpu,max · e_grad</translation>
    </message>
    <message>
        <source>S = Ψ_gpu,max · w</source>
        <translation>S = Ψ_gpu,max · w</translation>
    </message>
    <message>
        <source>S = Ψ_gpu,max / N_d · g</source>
        <translation>S = Ψ_gpu,max / N_d · g</translation>
    </message>
    <message>
        <source>S = Ψ_gpu,max / N_d · w</source>
        <translation>S = Ψ_gpu,max / N_d · w</translation>
    </message>
    <message>
        <source>n = 1</source>
        <translation>n = 1</translation>
    </message>
    <message>
        <source>n = m</source>
        <translation>n = m</translation>
    </message>
    <message>
        <source>n = 2 · m</source>
        <translation>n = 2 · m</translation>
    </message>
    <message>
        <source>n = 2 · m · v</source>
        <translation>n = 2 · m · v</translation>
    </message>
    <message>
        <source>n = k · L_stage · m (k = 4; 6 with full recompute)</source>
        <translation>n = k · L_stage · m（k = 4；完全重计算时为 6）</translation>
    </message>
    <message>
        <source>n = t</source>
        <translation>n = t</translation>
    </message>
    <message>
        <source>n = p</source>
        <translation>n = p</translation>
    </message>
    <message>
        <source>n = N_d</source>
        <translation>n = N_d</translation>
    </message>
    <message>
        <source>G = N_d · p</source>
        <translation>G = N_d · p</translation>
    </message>
    <message>
        <source>G = N_d · t</source>
        <translation>G = N_d · t</translation>
    </message>
    <message>
        <source>G = t · p</source>
        <translation>G = t · p</translation>
    </message>
    <message>
        <source>G = N</source>
        <translation>G = N</translation>
    </message>
    <message>
        <source>x = Σ_c n_c · x_c</source>
        <translation>x = Σ_c n_c · x_c</translation>
    </message>
    <message>
        <source>busy = x / (B · η)</source>
        <translation>忙碌时间 = x / (B · η)</translation>
    </message>
    <message>
        <source>u = min(busy / T, 1)</source>
        <translation>u = min(忙碌时间 / T, 1)</translation>
    </message>
    <message>
        <source>Σ_c n_c · t_c</source>
        <translation>Σ_c n_c · t_c</translation>
    </message>
    <message>
        <source>T = t_end of the last activity</source>
        <translation>T = 最后一个活动的 t_end</translation>
    </message>
    <message>
        <source>max_i (m · Σ_k c_i,k + t_opt,i)</source>
        <translation>max_i (m · Σ_k c_i,k + t_opt,i)</translation>
    </message>
    <message>
        <source>E = t_tp + t_comm∖compute</source>
        <translation>E = t_tp + t_comm∖compute</translation>
    </message>
    <message>
        <source>Σ_i max(T − C_i − TP_i, 0) / (p · T)</source>
        <translation>Σ_i max(T − C_i − TP_i, 0) / (p · T)</translation>
    </message>
    <message>
        <source>B · s / T</source>
        <translation>B · s / T</translation>
    </message>
    <message>
        <source>MFU = F_model / (T · N · F_peak)</source>
        <translation>MFU = F_model / (T · N · F_peak)</translation>
    </message>
    <message>
        <source>HFU = F_hw / (T · N · F_peak)</source>
        <translation>HFU = F_hw / (T · N · F_peak)</translation>
    </message>
    <message>
        <source>Ψ_gpu / d · (g + 2·K + c·w) / BW_HBM</source>
        <translation>Ψ_gpu / d · (g + 2·K + c·w) / BW_HBM</translation>
    </message>
    <message>
        <source>G_node · Ψ_gpu / N_d · (4 + 2·K + w) / BW_host</source>
        <translation>G_node · Ψ_gpu / N_d · (4 + 2·K + w) / BW_host</translation>
    </message>
    <message>
        <source>max(64 GiB, 2 × G_node × M_gpu)</source>
        <translation>max(64 GiB, 2 × G_node × M_gpu)</translation>
    </message>
    <message>
        <source>the node preset&apos;s figure</source>
        <translation>节点预设的数值</translation>
    </message>
    <message>
        <source>cluster.host_memory_bytes</source>
        <translation>cluster.host_memory_bytes</translation>
    </message>
    <message>
        <source>⌈G_node / 2⌉ × 3.84 TB</source>
        <translation>⌈G_node / 2⌉ × 3.84 TB</translation>
    </message>
    <message>
        <source>cluster.nvme_bytes</source>
        <translation>cluster.nvme_bytes</translation>
    </message>
    <message>
        <source>Ψ = V·h + P·h + L_dense·Ψ_dense + L_moe·Ψ_moe + Ψ_norm + Ψ_head</source>
        <translation>Ψ = V·h + P·h + L_dense·Ψ_dense + L_moe·Ψ_moe + Ψ_norm + Ψ_head</translation>
    </message>
    <message>
        <source>Ψ_active = Ψ − L_moe · Ψ_experts · (1 − k/E)</source>
        <translation>Ψ_active = Ψ − L_moe · Ψ_experts · (1 − k/E)</translation>
    </message>
    <message>
        <source>Ψ_d · w + Ψ_e · w</source>
        <translation>Ψ_d · w + Ψ_e · w</translation>
    </message>
    <message>
        <source>Ψ_d · w / N_d + Ψ_e · w / N_ed</source>
        <translation>Ψ_d · w / N_d + Ψ_e · w / N_ed</translation>
    </message>
    <message>
        <source>0 (Ψ_d · w / N_d + Ψ_e · w / N_ed on the host)</source>
        <translation>0（Ψ_d · w / N_d + Ψ_e · w / N_ed 在主机上）</translation>
    </message>
    <message>
        <source>Ψ_d · g + Ψ_e · g</source>
        <translation>Ψ_d · g + Ψ_e · g</translation>
    </message>
    <message>
        <source>Ψ_d · g / N_d + Ψ_e · g / N_ed</source>
        <translation>Ψ_d · g / N_d + Ψ_e · g / N_ed</translation>
    </message>
    <message>
        <source>0 (Ψ_d · g / N_d + Ψ_e · g / N_ed on the host)</source>
        <translation>0（Ψ_d · g / N_d + Ψ_e · g / N_ed 在主机上）</translation>
    </message>
    <message>
        <source>Ψ_d · K + Ψ_e · K</source>
        <translation>Ψ_d · K + Ψ_e · K</translation>
    </message>
    <message>
        <source>Ψ_d · K / N_d + Ψ_e · K / N_ed</source>
        <translation>Ψ_d · K / N_d + Ψ_e · K / N_ed</translation>
    </message>
    <message>
        <source>0 (Ψ_d · K / N_d + Ψ_e · K / N_ed on the host)</source>
        <translation>0（Ψ_d · K / N_d + Ψ_e · K / N_ed 在主机上）</translation>
    </message>
    <message>
        <source>ZeRO-3 gather + buckets + logits + CUDA context + MoE dispatch + FP8 weights + allocator</source>
        <translation>ZeRO-3 聚集 + 梯度桶 + logits + CUDA 上下文 + MoE 分发 + FP8 权重 + 分配器</translation>
    </message>
    <message>
        <source>2 · b · s / (c · t) · k · h · e · f_load</source>
        <translation>2 · b · s / (c · t) · k · h · e · f_load</translation>
    </message>
    <message>
        <source>0 (no MoE layer on the stage)</source>
        <translation>0（该阶段没有 MoE 层）</translation>
    </message>
    <message>
        <source>Ψ_layers · c_fp8</source>
        <translation>Ψ_layers · c_fp8</translation>
    </message>
    <message>
        <source>3 · B · (Σ_layers (2·Ψ_active,l·s + 2·s²·a·(d_qk + d_v)) + F_mtp + 2·s·h·V)</source>
        <translation>3 · B · (Σ_layers (2·Ψ_active,l·s + 2·s²·a·(d_qk + d_v)) + F_mtp + 2·s·h·V)</translation>
    </message>
    <message>
        <source>S = b · s / (c · t) · k · h · e · f_load</source>
        <translation>S = b · s / (c · t) · k · h · e · f_load</translation>
    </message>
    <message>
        <source>S = c · 2 · b · s/c · w_kv / t · e</source>
        <translation>S = c · 2 · b · s/c · w_kv / t · e</translation>
    </message>
    <message>
        <source>S = Ψ_experts,max · e_grad</source>
        <translation>S = Ψ_experts,max · e_grad</translation>
    </message>
    <message>
        <source>S = Ψ_experts,max · w</source>
        <translation>S = Ψ_experts,max · w</translation>
    </message>
    <message>
        <source>n = k_a2a · L_moe · m (k_a2a = 4; 6 with full recompute)</source>
        <translation>n = k_a2a · L_moe · m（k_a2a = 4；完全重计算时为 6）</translation>
    </message>
    <message>
        <source>n = (2 or 3 with full recompute) · L_stage · m</source>
        <translation>n = （2，完全重计算时为 3）· L_stage · m</translation>
    </message>
    <message>
        <source>n = L_stage · m</source>
        <translation>n = L_stage · m</translation>
    </message>
    <message>
        <source>n = c</source>
        <translation>n = c</translation>
    </message>
    <message>
        <source>n = e</source>
        <translation>n = e</translation>
    </message>
    <message>
        <source>n = N_d · c</source>
        <translation>n = N_d · c</translation>
    </message>
    <message>
        <source>n = t · c · N_d / (t_e · e)</source>
        <translation>n = t · c · N_d / (t_e · e)</translation>
    </message>
    <message>
        <source>G = t · N_d · p</source>
        <translation>G = t · N_d · p</translation>
    </message>
    <message>
        <source>G = t · c · N_d · p / n</source>
        <translation>G = t · c · N_d · p / n</translation>
    </message>
    <message>
        <source>Ψ_mtp = n_mtp · (3·Ψ_norm + 2h² + Ψ_layer)</source>
        <translation>Ψ_mtp = n_mtp · (3·Ψ_norm + 2h² + Ψ_layer)</translation>
    </message>
    <message>
        <source>m · Σ_units t_gemm</source>
        <translation>m · Σ_units t_gemm</translation>
    </message>
    <message>
        <source>m · Σ_units t_attention</source>
        <translation>m · Σ_units t_attention</translation>
    </message>
    <message>
        <source>m · Σ_units bytes / (0.85 · B_HBM)</source>
        <translation>m · Σ_units bytes / (0.85 · B_HBM)</translation>
    </message>
    <message>
        <source>m · Σ_kernels max(0, t_launch − t_kernel)</source>
        <translation>m · Σ_kernels max(0, t_launch − t_kernel)</translation>
    </message>
    <message>
        <source>t_opt = Ψ_stage · bytes per parameter / (0.85 · B_HBM)</source>
        <translation>t_opt = Ψ_stage · 每参数字节数 / (0.85 · B_HBM)</translation>
    </message>
    <message>
        <source>m · Σ_units kernels</source>
        <translation>m · Σ_units kernels</translation>
    </message>
    <message>
        <source>compute.scale</source>
        <translation>compute.scale</translation>
    </message>
    <message>
        <source>argmax_i C_i</source>
        <translation>argmax_i C_i</translation>
    </message>
    <message>
        <source>Σ_adapted r · (d_in + d_out)</source>
        <translation>Σ_适配层 r · (d_in + d_out)</translation>
    </message>
    <message>
        <source>frozen + quant_constants + trainable</source>
        <translation>冻结 + 量化常数 + 可训练</translation>
    </message>
    <message>
        <source>Ψ_lora · g</source>
        <translation>Ψ_lora · g</translation>
    </message>
    <message>
        <source>Ψ_lora · g / N_d</source>
        <translation>Ψ_lora · g / N_d</translation>
    </message>
    <message>
        <source>Ψ_lora · K</source>
        <translation>Ψ_lora · K</translation>
    </message>
    <message>
        <source>Ψ_lora · K / N_d</source>
        <translation>Ψ_lora · K / N_d</translation>
    </message>
    <message>
        <source>0 (Ψ_lora · K on the host: paged)</source>
        <translation>0（Ψ_lora · K 在主机上：分页）</translation>
    </message>
    <message>
        <source>(Ψ_gpu − Ψ_q) · w + Ψ_q · b_q</source>
        <translation>(Ψ_gpu − Ψ_q) · w + Ψ_q · b_q</translation>
    </message>
    <message>
        <source>((Ψ_gpu − Ψ_q) · w + Ψ_q · b_q) / N_d</source>
        <translation>((Ψ_gpu − Ψ_q) · w + Ψ_q · b_q) / N_d</translation>
    </message>
    <message>
        <source>Ψ_q · c</source>
        <translation>Ψ_q · c</translation>
    </message>
    <message>
        <source>Ψ_q · c / N_d</source>
        <translation>Ψ_q · c / N_d</translation>
    </message>
    <message>
        <source>Ψ_lora · w</source>
        <translation>Ψ_lora · w</translation>
    </message>
    <message>
        <source>Ψ_lora · w / N_d</source>
        <translation>Ψ_lora · w / N_d</translation>
    </message>
    <message>
        <source>Ψ_unit · (2 · W_gpu / Ψ_gpu + g · Ψ_lora / Ψ_gpu)</source>
        <translation>Ψ_unit · (2 · W_gpu / Ψ_gpu + g · Ψ_lora / Ψ_gpu)</translation>
    </message>
    <message>
        <source>3 · B · F_seq − B · F_frozen + 3 · B · F_lora</source>
        <translation>3 · B · F_seq − B · F_frozen + 3 · B · F_lora</translation>
    </message>
    <message>
        <source>2 · b · s / (c · t) · n_copies · h · e · f_load</source>
        <translation>2 · b · s / (c · t) · n_copies · h · e · f_load</translation>
    </message>
    <message>
        <source>S = b · s / (c · t) · k · h · e · f_load, e = ((1 + 4/128) + e_16) / 2</source>
        <translation>S = b · s / (c · t) · k · h · e · f_load，e = ((1 + 4/128) + e_16) / 2</translation>
    </message>
    <message>
        <source>S = b · s / (c · t) · n_copies · h · e · f_load, n_copies = U · (1 − P_miss)</source>
        <translation>S = b · s / (c · t) · n_copies · h · e · f_load，n_copies = U · (1 − P_miss)</translation>
    </message>
    <message>
        <source>S = b · s / (c · t) · n_copies · h · e · f_load, n_copies = U · (1 − P_miss), e = ((1 + 4/128) + e_16) / 2</source>
        <translation>S = b · s / (c · t) · n_copies · h · e · f_load，n_copies = U · (1 − P_miss)，e = ((1 + 4/128) + e_16) / 2</translation>
    </message>
</context>
<context>
    <name>ExplainText</name>
    <message>
        <source>L_op: layers in the op; t_GEMM: one layer&apos;s matrix multiplications, each the longer of its FLOPs at peak × efficiency and its bytes at the memory bandwidth (roofline); n_tp, t_tp: the layer&apos;s tensor-parallel collectives and the time of one; t_ends: the embedding and the output layer</source>
        <translation>L_op：该操作包含的层数；t_GEMM：一层的矩阵乘法，每个取“按峰值 × 效率计算 FLOPs”与“按显存带宽传输字节”两者中较长者（roofline）；n_tp、t_tp：该层的张量并行集合通信次数及每次的时间；t_ends：嵌入层与输出层</translation>
    </message>
    <message>
        <source>c_i: GPUs of stage i on the busiest node; H_i: bytes one of them offloads; G_node: GPUs per node</source>
        <translation>c_i：最繁忙节点上属于阶段 i 的 GPU 数；H_i：其中一个 GPU 卸载的字节数；G_node：每节点 GPU 数</translation>
    </message>
    <message>
        <source>GPUs</source>
        <translation>GPU 数</translation>
    </message>
    <message>
        <source>N_d: data-parallel degree; t: tensor-parallel degree; p: pipeline stages</source>
        <translation>N_d：数据并行度；t：张量并行度；p：流水线阶段数</translation>
    </message>
    <message>
        <source>Parameters of the model</source>
        <translation>模型参数量</translation>
    </message>
    <message>
        <source>Microbatches per step</source>
        <translation>每步微批次数</translation>
    </message>
    <message>
        <source>B: global batch in sequences; N_d: data-parallel degree; b: micro-batch size</source>
        <translation>B：全局批次（序列数）；N_d：数据并行度；b：微批次大小</translation>
    </message>
    <message>
        <source>Peak memory per GPU</source>
        <translation>每 GPU 峰值显存</translation>
    </message>
    <message>
        <source>M_i: memory per GPU of stage i</source>
        <translation>M_i：阶段 i 每 GPU 的显存</translation>
    </message>
    <message>
        <source>Host memory per node (offload)</source>
        <translation>每节点主机内存（卸载）</translation>
    </message>
    <message>
        <source>NVMe storage per node (offload)</source>
        <translation>每节点 NVMe 存储（卸载）</translation>
    </message>
    <message>
        <source>Transformer layers of stage %1</source>
        <translation>阶段 %1 的 Transformer 层数</translation>
    </message>
    <message>
        <source>L: layers of the model; p: pipeline stages; i: the stage</source>
        <translation>L：模型层数；p：流水线阶段数；i：该阶段</translation>
    </message>
    <message>
        <source>Parameters of stage %1</source>
        <translation>阶段 %1 的参数量</translation>
    </message>
    <message>
        <source>L_i: layers of the stage; Ψ_layer: parameters of one layer; Ψ_ends: the embedding (first stage), the final norm and the output layer (last stage)</source>
        <translation>L_i：该阶段的层数；Ψ_layer：一层的参数量；Ψ_ends：嵌入层（第一个阶段）、最后的归一化层与输出层（最后一个阶段）</translation>
    </message>
    <message>
        <source>Parameters one GPU of stage %1 holds</source>
        <translation>阶段 %1 中一个 GPU 持有的参数量</translation>
    </message>
    <message>
        <source>Ψ_split: the part of a layer split over the tensor-parallel ranks; Ψ_repl: the part every rank holds whole (norms, some biases); t: tensor-parallel degree; Ψ_ends,gpu: one GPU&apos;s share of the embedding and the output layer</source>
        <translation>Ψ_split：一层中按张量并行切分的部分；Ψ_repl：每个 rank 完整持有的部分（归一化层、部分偏置）；t：张量并行度；Ψ_ends,gpu：一个 GPU 分得的嵌入层与输出层参数</translation>
    </message>
    <message>
        <source>Microbatches in flight on stage %1</source>
        <translation>阶段 %1 上同时在途的微批次数</translation>
    </message>
    <message>
        <source>m: microbatches per step; p: pipeline stages; i: the stage; v: chunks per stage (interleaved)</source>
        <translation>m：每步微批次数；p：流水线阶段数；i：该阶段；v：每阶段的块数（交错调度）</translation>
    </message>
    <message>
        <source>Weights per GPU, stage %1</source>
        <translation>每 GPU 权重，阶段 %1</translation>
    </message>
    <message>
        <source>Gradients per GPU, stage %1</source>
        <translation>每 GPU 梯度，阶段 %1</translation>
    </message>
    <message>
        <source>Optimizer states per GPU, stage %1</source>
        <translation>每 GPU 优化器状态，阶段 %1</translation>
    </message>
    <message>
        <source>Activations per GPU, stage %1</source>
        <translation>每 GPU 激活值，阶段 %1</translation>
    </message>
    <message>
        <source>n_i: microbatches in flight; L_i: layers of the stage; A_layer: one layer&apos;s activations for one microbatch; A_recompute: the layer being recomputed; A_emb, A_out: the embedding&apos;s and the output layer&apos;s</source>
        <translation>n_i：在途微批次数；L_i：该阶段的层数；A_layer：一层对一个微批次的激活值；A_recompute：正在重计算的那一层；A_emb、A_out：嵌入层与输出层的激活值</translation>
    </message>
    <message>
        <source>Buffers per GPU, stage %1</source>
        <translation>每 GPU 缓冲区，阶段 %1</translation>
    </message>
    <message>
        <source>ZeRO-3 gathered parameters, stage %1</source>
        <translation>ZeRO-3 聚集的参数，阶段 %1</translation>
    </message>
    <message>
        <source>Ψ_unit: the largest layer one GPU gathers; w, g: bytes per weight and per gradient</source>
        <translation>Ψ_unit：一个 GPU 聚集的最大一层；w、g：每个权重、每个梯度的字节数</translation>
    </message>
    <message>
        <source>Gradient buckets, stage %1</source>
        <translation>梯度桶，阶段 %1</translation>
    </message>
    <message>
        <source>B_buckets: the scenario&apos;s gradient bucket allowance (overheads.grad_bucket_bytes)</source>
        <translation>B_buckets：场景中的梯度桶预留（overheads.grad_bucket_bytes）</translation>
    </message>
    <message>
        <source>Logits gradient, stage %1</source>
        <translation>logits 梯度，阶段 %1</translation>
    </message>
    <message>
        <source>s: sequence length; b: micro-batch size; V: vocabulary; t: tensor-parallel degree</source>
        <translation>s：序列长度；b：微批次大小；V：词表大小；t：张量并行度</translation>
    </message>
    <message>
        <source>CUDA context and workspaces, stage %1</source>
        <translation>CUDA 上下文与工作区，阶段 %1</translation>
    </message>
    <message>
        <source>C_ctx: the scenario&apos;s allowance (overheads.cuda_context_bytes)</source>
        <translation>C_ctx：场景中的预留（overheads.cuda_context_bytes）</translation>
    </message>
    <message>
        <source>Allocator fragmentation, stage %1</source>
        <translation>分配器碎片，阶段 %1</translation>
    </message>
    <message>
        <source>f_alloc: the scenario&apos;s fraction (overheads.allocator_fraction); M_rest: everything else on the GPU</source>
        <translation>f_alloc：场景中的比例（overheads.allocator_fraction）；M_rest：GPU 上其余全部内容</translation>
    </message>
    <message>
        <source>Memory per GPU, stage %1</source>
        <translation>每 GPU 显存，阶段 %1</translation>
    </message>
    <message>
        <source>GPU memory, stage %1</source>
        <translation>GPU 显存容量，阶段 %1</translation>
    </message>
    <message>
        <source>M_GPU: the memory of one GPU</source>
        <translation>M_GPU：一个 GPU 的显存</translation>
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
        <source>F_model: model FLOPs per step; F_recompute: the forward work recomputed</source>
        <translation>F_model：每步模型 FLOPs；F_recompute：重计算的前向工作量</translation>
    </message>
    <message>
        <source>Model FLOPs per token</source>
        <translation>每 token 模型 FLOPs</translation>
    </message>
    <message>
        <source>F_model: model FLOPs per step; B: global batch; s: sequence length</source>
        <translation>F_model：每步模型 FLOPs；B：全局批次；s：序列长度</translation>
    </message>
    <message>
        <source>Time of one call: %1</source>
        <translation>一次调用的时间：%1</translation>
    </message>
    <message>
        <source>α: latency; n: ranks per group; S: bytes of one call; f: the share of the algorithm&apos;s traffic that its busiest link carries (1 for one ring over one kind of link); B·η: that link&apos;s bandwidth × efficiency; e: the NVSwitch&apos;s reduction rate; r_j, c_j: runs of phase j and its bytes per link per byte</source>
        <translation>α：延迟；n：每组 rank 数；S：一次调用的字节数；f：算法流量中由最繁忙链路承担的比例（单一类型链路上的单个环为 1）；B·η：该链路的带宽 × 效率；e：NVSwitch 的归约速率；r_j、c_j：阶段 j 的运行次数及其每字节在每条链路上的字节数</translation>
    </message>
    <message>
        <source>Latency of one call: %1</source>
        <translation>一次调用的延迟：%1</translation>
    </message>
    <message>
        <source>k: latency steps of the algorithm; l: the slowest step&apos;s route latency; r_j, α_j: runs and latency of phase j</source>
        <translation>k：算法的延迟步数；l：最慢一步的路由延迟；r_j、α_j：阶段 j 的运行次数与延迟</translation>
    </message>
    <message>
        <source>Bus bandwidth: %1</source>
        <translation>总线带宽：%1</translation>
    </message>
    <message>
        <source>S: bytes of one call; t: its time; n: ranks per group (nccl-tests&apos; bus bandwidth)</source>
        <translation>S：一次调用的字节数；t：其时间；n：每组 rank 数（nccl-tests 的总线带宽）</translation>
    </message>
    <message>
        <source>Bytes of one call: %1</source>
        <translation>一次调用的字节数：%1</translation>
    </message>
    <message>
        <source>Calls per step: %1</source>
        <translation>每步调用次数：%1</translation>
    </message>
    <message>
        <source>Ranks per group: %1</source>
        <translation>每组 rank 数：%1</translation>
    </message>
    <message>
        <source>Groups at once: %1</source>
        <translation>同时运行的组数：%1</translation>
    </message>
    <message>
        <source>Bytes per step over link %1</source>
        <translation>每步经过链路 %1 的字节数</translation>
    </message>
    <message>
        <source>n_c: calls per step of collective c; x_c: the bytes one call puts on the link (its busier direction)</source>
        <translation>n_c：集合通信 c 每步的调用次数；x_c：一次调用在该链路上的字节数（较忙的方向）</translation>
    </message>
    <message>
        <source>Busy time per step of link %1</source>
        <translation>链路 %1 每步的忙碌时间</translation>
    </message>
    <message>
        <source>x: bytes per step; B: bandwidth per direction; η: efficiency</source>
        <translation>x：每步字节数；B：单向带宽；η：效率</translation>
    </message>
    <message>
        <source>Utilisation of link %1</source>
        <translation>链路 %1 的利用率</translation>
    </message>
    <message>
        <source>busy: busy time per step; T: step time</source>
        <translation>忙碌时间：每步的忙碌时间；T：单步时间</translation>
    </message>
    <message>
        <source>Communication time, nothing overlapped</source>
        <translation>通信时间（不计重叠）</translation>
    </message>
    <message>
        <source>n_c: calls per step of collective c; t_c: the time of one</source>
        <translation>n_c：集合通信 c 每步的调用次数；t_c：一次调用的时间</translation>
    </message>
    <message>
        <source>Step time</source>
        <translation>单步时间</translation>
    </message>
    <message>
        <source>p: pipeline stages; m: microbatches; v: chunks per stage; every op, transfer and collective placed on its GPU&apos;s streams by the schedule</source>
        <translation>p：流水线阶段数；m：微批次数；v：每阶段的块数；每个计算、传输和集合通信按调度放到其 GPU 的各个流上</translation>
    </message>
    <message>
        <source>Compute time of the busiest GPU</source>
        <translation>最繁忙 GPU 的计算时间</translation>
    </message>
    <message>
        <source>m: microbatches; c_i,k: one op of kind k of stage i, its tensor-parallel collectives left out; t_opt,i: the optimizer step</source>
        <translation>m：微批次数；c_i,k：阶段 i 中一个 k 类操作（不含其张量并行集合通信）；t_opt,i：优化器更新步</translation>
    </message>
    <message>
        <source>Exposed communication</source>
        <translation>暴露的通信</translation>
    </message>
    <message>
        <source>t_tp: tensor-parallel collectives, which the compute waits for; t_comm∖compute: other communication while the GPU computes nothing (the GPU that ends the step)</source>
        <translation>t_tp：计算需等待的张量并行集合通信；t_comm∖compute：GPU 不计算时进行的其他通信（结束该步的那个 GPU）</translation>
    </message>
    <message>
        <source>Pipeline bubble</source>
        <translation>流水线气泡</translation>
    </message>
    <message>
        <source>T: step time; C_i, TP_i: compute and tensor-parallel time of stage i; p: stages</source>
        <translation>T：单步时间；C_i、TP_i：阶段 i 的计算时间与张量并行时间；p：阶段数</translation>
    </message>
    <message>
        <source>Tokens per second</source>
        <translation>每秒 token 数</translation>
    </message>
    <message>
        <source>B: global batch in sequences; s: sequence length; T: step time</source>
        <translation>B：全局批次（序列数）；s：序列长度；T：单步时间</translation>
    </message>
    <message>
        <source>Model FLOPs utilisation (MFU)</source>
        <translation>模型 FLOPs 利用率（MFU）</translation>
    </message>
    <message>
        <source>F_model: model FLOPs per step; T: step time; N: GPUs; F_peak: one GPU&apos;s peak FLOP/s</source>
        <translation>F_model：每步模型 FLOPs；T：单步时间；N：GPU 数；F_peak：单个 GPU 的峰值 FLOP/s</translation>
    </message>
    <message>
        <source>Hardware FLOPs utilisation (HFU)</source>
        <translation>硬件 FLOPs 利用率（HFU）</translation>
    </message>
    <message>
        <source>F_hw: model FLOPs plus recomputation; T: step time; N: GPUs; F_peak: one GPU&apos;s peak FLOP/s</source>
        <translation>F_hw：模型 FLOPs 加重计算；T：单步时间；N：GPU 数；F_peak：单个 GPU 的峰值 FLOP/s</translation>
    </message>
    <message>
        <source>One forward op, stage %1</source>
        <translation>一次前向操作，阶段 %1</translation>
    </message>
    <message>
        <source>One backward op, stage %1</source>
        <translation>一次反向操作，阶段 %1</translation>
    </message>
    <message>
        <source>One input-gradient (B) op, stage %1</source>
        <translation>一次输入梯度（B）操作，阶段 %1</translation>
    </message>
    <message>
        <source>One weight-gradient (W) op, stage %1</source>
        <translation>一次权重梯度（W）操作，阶段 %1</translation>
    </message>
    <message>
        <source>One recompute op, stage %1</source>
        <translation>一次重计算操作，阶段 %1</translation>
    </message>
    <message>
        <source>One forward op, stage %1, chunk %2</source>
        <translation>一次前向操作，阶段 %1，块 %2</translation>
    </message>
    <message>
        <source>One backward op, stage %1, chunk %2</source>
        <translation>一次反向操作，阶段 %1，块 %2</translation>
    </message>
    <message>
        <source>One input-gradient (B) op, stage %1, chunk %2</source>
        <translation>一次输入梯度（B）操作，阶段 %1，块 %2</translation>
    </message>
    <message>
        <source>One weight-gradient (W) op, stage %1, chunk %2</source>
        <translation>一次权重梯度（W）操作，阶段 %1，块 %2</translation>
    </message>
    <message>
        <source>One recompute op, stage %1, chunk %2</source>
        <translation>一次重计算操作，阶段 %1，块 %2</translation>
    </message>
    <message>
        <source>Optimizer step, stage %1</source>
        <translation>优化器更新步，阶段 %1</translation>
    </message>
    <message>
        <source>Ψ_gpu: parameters one GPU holds; d: ZeRO&apos;s shards (N_d from stage 1); g, K, w: bytes per gradient, optimizer state and weight; c: weight reads and writes (1 with an fp32 master copy, else 2); BW_HBM: the GPU&apos;s memory bandwidth</source>
        <translation>Ψ_gpu：一个 GPU 持有的参数量；d：ZeRO 的分片数（从阶段 1 起为 N_d）；g、K、w：每个梯度、优化器状态和权重的字节数；c：权重读写次数（有 fp32 主副本时为 1，否则为 2）；BW_HBM：GPU 的显存带宽</translation>
    </message>
    <message>
        <source>CPU optimizer step, stage %1</source>
        <translation>CPU 优化器更新步，阶段 %1</translation>
    </message>
    <message>
        <source>G_node: GPUs per node sharing the host; Ψ_gpu / N_d: one GPU&apos;s share; K, w: bytes per optimizer state and weight; BW_host: the host&apos;s memory bandwidth</source>
        <translation>G_node：共享主机的每节点 GPU 数；Ψ_gpu / N_d：一个 GPU 的份额；K、w：每个优化器状态和权重的字节数；BW_host：主机内存带宽</translation>
    </message>
    <message>
        <source>%1 per second</source>
        <translation>每秒 %1</translation>
    </message>
    <message>
        <source>Symbols: %1</source>
        <translation>符号：%1</translation>
    </message>
    <message>
        <source>Source: %1</source>
        <translation>来源：%1</translation>
    </message>
    <message>
        <source>Host memory per node (capacity)</source>
        <translation>每节点主机内存（容量）</translation>
    </message>
    <message>
        <source>G_node: GPUs per node; M_gpu: memory per GPU</source>
        <translation>G_node：每节点 GPU 数；M_gpu：每 GPU 显存</translation>
    </message>
    <message>
        <source>NVMe capacity per node</source>
        <translation>每节点 NVMe 容量</translation>
    </message>
    <message>
        <source>G_node: GPUs per node</source>
        <translation>G_node：每节点 GPU 数</translation>
    </message>
    <message>
        <source>V: vocabulary; h: hidden size; P: rows of the position table; L: layers; Ψ_layer: parameters of one layer; Ψ_norm: the final norm; Ψ_head: the untied output layer; L_dense, L_moe: dense and mixture-of-experts layers; Ψ_dense, Ψ_moe: the parameters of one of each</source>
        <translation>V：词表大小；h：隐藏层大小；P：位置表行数；L：层数；Ψ_layer：一层的参数；Ψ_norm：最终归一化层；Ψ_head：未绑定的输出层；L_dense、L_moe：稠密层与混合专家层的层数；Ψ_dense、Ψ_moe：各自一层的参数</translation>
    </message>
    <message>
        <source>Active parameters per token</source>
        <translation>每词元激活参数</translation>
    </message>
    <message>
        <source>Ψ: all parameters; L_moe: mixture-of-experts layers; Ψ_experts: the routed experts of one layer; k: experts per token; E: routed experts</source>
        <translation>Ψ：全部参数；L_moe：混合专家层数；Ψ_experts：一层的路由专家参数；k：每词元专家数；E：路由专家数</translation>
    </message>
    <message>
        <source>Ψ_gpu: parameters one GPU holds; w: bytes per weight; N_d: data-parallel degree (ZeRO-3 shards over it); Ψ_d, Ψ_e: the GPU&apos;s dense and routed-expert parameters; N_ed: the expert data-parallel degree the expert weights shard over</source>
        <translation>Ψ_gpu：一个 GPU 持有的参数；w：每个权重的字节数；N_d：数据并行度（ZeRO-3 在其上分片）；Ψ_d、Ψ_e：该 GPU 的稠密参数和路由专家参数；N_ed：专家权重分片所跨的专家数据并行度</translation>
    </message>
    <message>
        <source>Ψ_gpu: parameters one GPU holds; g: bytes per gradient; N_d: data-parallel degree (ZeRO-2 shards over it); Ψ_d, Ψ_e: the GPU&apos;s dense and routed-expert parameters; N_ed: the expert data-parallel degree the expert gradients shard over</source>
        <translation>Ψ_gpu：一个 GPU 持有的参数；g：每个梯度的字节数；N_d：数据并行度（ZeRO-2 在其上分片）；Ψ_d、Ψ_e：该 GPU 的稠密参数和路由专家参数；N_ed：专家梯度分片所跨的专家数据并行度</translation>
    </message>
    <message>
        <source>Ψ_gpu: parameters one GPU holds; K: optimizer-state bytes per parameter (12 for mixed-precision Adam); N_d: data-parallel degree (ZeRO-1 shards over it); Ψ_d, Ψ_e: the GPU&apos;s dense and routed-expert parameters; N_ed: the expert data-parallel degree the expert states shard over</source>
        <translation>Ψ_gpu：一个 GPU 持有的参数；K：每个参数的优化器状态字节数（混合精度 Adam 为 12）；N_d：数据并行度（ZeRO-1 在其上分片）；Ψ_d、Ψ_e：该 GPU 的稠密参数和路由专家参数；N_ed：专家状态分片所跨的专家数据并行度</translation>
    </message>
    <message>
        <source>MoE dispatch buffers, stage %1</source>
        <translation>MoE 分发缓冲区，阶段 %1</translation>
    </message>
    <message>
        <source>FP8 weight copies, stage %1</source>
        <translation>FP8 权重副本，阶段 %1</translation>
    </message>
    <message>
        <source>Ψ_layers: the layer parameters one GPU holds; c_fp8: bytes per parameter of the FP8 copy and its scales (0 without FP8)</source>
        <translation>Ψ_layers：一个 GPU 持有的层参数；c_fp8：FP8 副本及其缩放因子每个参数的字节数（不用 FP8 时为 0）</translation>
    </message>
    <message>
        <source>B: global batch; L: layers; Ψ_active: matrix weights a token passes through; s: sequence length; a·d: attention width; h: hidden size; V: vocabulary; Ψ_active,l: those of layer l; d_qk, d_v: query/key and value head sizes; F_mtp: the multi-token-prediction modules</source>
        <translation>B：全局批次；L：层数；Ψ_active：一个词元经过的矩阵权重；s：序列长度；a·d：注意力宽度；h：隐藏层大小；V：词表大小；Ψ_active,l：第 l 层的该值；d_qk、d_v：查询/键和值的头维度；F_mtp：多词元预测模块</translation>
    </message>
    <message>
        <source>m: microbatches per step; v: chunks per stage; L_stage: layers of the largest stage; k: collectives per layer and microbatch; L_moe: mixture-of-experts layers of the largest stage; k_a2a: all-to-alls per MoE layer and microbatch</source>
        <translation>m：每步微批次数；v：每阶段的块数；L_stage：最大阶段的层数；k：每层每微批次的集合通信数；L_moe：最大阶段的混合专家层数；k_a2a：每个 MoE 层每微批次的全交换数</translation>
    </message>
    <message>
        <source>t, p, N_d: tensor-parallel, pipeline and data-parallel degrees; c: context-parallel degree; e, t_e: expert-parallel and expert tensor-parallel degrees</source>
        <translation>t、p、N_d：张量并行度、流水线阶段数和数据并行度；c：上下文并行度；e、t_e：专家并行度和专家张量并行度</translation>
    </message>
    <message>
        <source>t, p, N_d: tensor-parallel, pipeline and data-parallel degrees; N: GPUs; c: context-parallel degree; n: ranks per group</source>
        <translation>t、p、N_d：张量并行度、流水线阶段数和数据并行度；N：GPU 数；c：上下文并行度；n：每组的 rank 数</translation>
    </message>
    <message>
        <source>Parameters of the multi-token-prediction modules</source>
        <translation>多 token 预测（MTP）模块的参数</translation>
    </message>
    <message>
        <source>n_mtp: MTP modules; Ψ_norm: one norm; h: hidden size; Ψ_layer: one (MoE) layer</source>
        <translation>n_mtp：MTP 模块数；Ψ_norm：一个归一化层；h：隐藏层维度；Ψ_layer：一个（MoE）层</translation>
    </message>
    <message>
        <source>GEMM time</source>
        <translation>GEMM 时间</translation>
    </message>
    <message>
        <source>m: microbatches; t_gemm: one microbatch&apos;s GEMMs of the busiest stage (forward, input and weight gradient, recompute), each priced by tiles and waves over the SMs at the GPU&apos;s measured maximum matmul rate</source>
        <translation>m：微批次数；t_gemm：最忙阶段一个微批次的 GEMM（前向、输入梯度、权重梯度、重计算），每个都按 SM 上的分块和波次、以该 GPU 实测的最大矩阵乘速率计价</translation>
    </message>
    <message>
        <source>Attention-core time</source>
        <translation>注意力核心时间</translation>
    </message>
    <message>
        <source>m: microbatches; t_attention: the attention core of one microbatch, by the fused kernel of the GPU (FlashAttention-2 or -3) or unfused batched GEMMs with softmax and dropout passes</source>
        <translation>m：微批次数；t_attention：一个微批次的注意力核心，按该 GPU 的融合内核（FlashAttention-2 或 -3）计价，或按未融合的批量 GEMM 加 softmax 和 dropout 遍历计价</translation>
    </message>
    <message>
        <source>Memory-bound kernels</source>
        <translation>访存受限内核</translation>
    </message>
    <message>
        <source>m: microbatches; bytes: what norms, activations, dropout, residual adds, rotary, casts and the cross-entropy read and write; B_HBM: the GPU&apos;s memory bandwidth, 85% of it achieved</source>
        <translation>m：微批次数；bytes：归一化、激活函数、dropout、残差加法、旋转位置编码、类型转换和交叉熵读写的字节；B_HBM：GPU 显存带宽，可达其 85%</translation>
    </message>
    <message>
        <source>Launch overhead</source>
        <translation>启动开销</translation>
    </message>
    <message>
        <source>m: microbatches; t_launch: the host&apos;s 4.5 µs to enqueue one kernel; a kernel shorter than that leaves the GPU waiting</source>
        <translation>m：微批次数；t_launch：主机排队一个内核需要的 4.5 µs；比它更短的内核会让 GPU 等待</translation>
    </message>
    <message>
        <source>Optimizer step</source>
        <translation>优化器更新</translation>
    </message>
    <message>
        <source>Ψ_stage: parameters of the busiest stage on one GPU; the bytes each moves: gradients, optimizer states read and written, weights, gradient clipping</source>
        <translation>Ψ_stage：最忙阶段在一个 GPU 上的参数；每个参数搬运的字节：梯度、读写的优化器状态、权重、梯度裁剪</translation>
    </message>
    <message>
        <source>Kernels per step</source>
        <translation>每步内核数</translation>
    </message>
    <message>
        <source>m: microbatches; the kernels one microbatch launches on the busiest stage</source>
        <translation>m：微批次数；一个微批次在最忙阶段启动的内核数</translation>
    </message>
    <message>
        <source>Compute scale</source>
        <translation>计算缩放系数</translation>
    </message>
    <message>
        <source>compute.scale multiplies every compute time; calibration against a measured run fits it</source>
        <translation>compute.scale 乘到每一项计算时间上；用实测运行校准时拟合它</translation>
    </message>
    <message>
        <source>Busiest stage</source>
        <translation>最忙阶段</translation>
    </message>
    <message>
        <source>C_i: compute time of stage i</source>
        <translation>C_i：阶段 i 的计算时间</translation>
    </message>
    <message>
        <source>Trainable parameters (LoRA adapters)</source>
        <translation>可训练参数（LoRA 适配器）</translation>
    </message>
    <message>
        <source>r: the LoRA rank; d_in, d_out: the input and output widths of each adapted layer</source>
        <translation>r：LoRA 秩；d_in、d_out：每个被适配层的输入和输出宽度</translation>
    </message>
    <message>
        <source>Frozen base weights per GPU, stage %1</source>
        <translation>每张 GPU 的冻结基座权重，阶段 %1</translation>
    </message>
    <message>
        <source>Ψ_gpu: parameters one GPU holds; Ψ_q: of them, the quantized matrix weights; w: bytes per 16-bit weight; b_q: bytes per quantized weight; N_d: data-parallel degree (ZeRO-3 shards over it)</source>
        <translation>Ψ_gpu：一张 GPU 持有的参数；Ψ_q：其中量化的矩阵权重；w：每个 16 位权重的字节数；b_q：每个量化权重的字节数；N_d：数据并行度（ZeRO-3 在其上分片）</translation>
    </message>
    <message>
        <source>Quantization constants per GPU, stage %1</source>
        <translation>每张 GPU 的量化常数，阶段 %1</translation>
    </message>
    <message>
        <source>Ψ_q: quantized weights one GPU holds; c: bytes of block constants per weight; N_d: data-parallel degree (ZeRO-3 shards over it)</source>
        <translation>Ψ_q：一张 GPU 持有的量化权重；c：每个权重的分块常数字节数；N_d：数据并行度（ZeRO-3 在其上分片）</translation>
    </message>
    <message>
        <source>Adapter weights per GPU, stage %1</source>
        <translation>每张 GPU 的适配器权重，阶段 %1</translation>
    </message>
    <message>
        <source>Ψ_lora: LoRA adapter parameters one GPU holds; w: bytes per weight; N_d: data-parallel degree (ZeRO-3 shards over it)</source>
        <translation>Ψ_lora：一张 GPU 持有的 LoRA 适配器参数；w：每个权重的字节数；N_d：数据并行度（ZeRO-3 在其上分片）</translation>
    </message>
    <message>
        <source>b: micro-batch size; s: sequence length; h: hidden size; e: bytes per activation element; t: tensor-parallel degree; Ψ_gpu,max: parameters one GPU of the largest stage holds; e_grad: bytes per gradient sent; w, g: bytes per weight and per gradient; N_d: data-parallel degree; c: context-parallel degree; k: experts per token; f_load: the busiest expert&apos;s load over the mean; w_kv: key and value width of one token; Ψ_experts,max: routed-expert parameters one GPU of the largest stage holds; n_copies: copies of a token DeepEP sends, one per node (or GPU) its experts are on; U: those places; P_miss: the chance that a place gets none of the token&apos;s experts; e_16: bytes of a 16-bit element</source>
        <translation>b：微批次大小；s：序列长度；h：隐藏层大小；e：每个激活元素的字节数；t：张量并行度；Ψ_gpu,max：最大阶段中一个 GPU 持有的参数；e_grad：发送的每个梯度的字节数；w、g：每个权重和每个梯度的字节数；N_d：数据并行度；c：上下文并行度；k：每词元专家数；f_load：最忙专家的负载与平均值之比；w_kv：一个词元的键和值宽度；Ψ_experts,max：最大阶段中一个 GPU 持有的路由专家参数；n_copies：DeepEP 为一个词元发送的副本数，其专家所在的每个节点（或 GPU）一份；U：这些位置；P_miss：某位置没有该词元任何专家的概率；e_16：一个 16 位元素的字节数</translation>
    </message>
    <message>
        <source>b: micro-batch size; s: sequence length; c: context-parallel degree; t: tensor-parallel degree; k: experts per token; h: hidden size; e: bytes per activation element; f_load: the busiest expert&apos;s load over the mean (capacity factor or imbalance); n_copies: copies of a token DeepEP sends, one per node (or GPU) its experts are on</source>
        <translation>b：微批次大小；s：序列长度；c：上下文并行度；t：张量并行度；k：每词元专家数；h：隐藏层大小；e：每个激活元素的字节数；f_load：最忙专家的负载与平均值之比（容量因子或不均衡度）；n_copies：DeepEP 为一个词元发送的副本数，其专家所在的每个节点（或 GPU）一份</translation>
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
        <translation>个 token</translation>
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
        <translation>每 token 激活专家数</translation>
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
        <translation>在反向传播中重计算激活值，而不是保存它们。</translation>
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
        <translation>主机内存（CPU）</translation>
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
    <message>
        <source>Peak FP8 compute</source>
        <translation>FP8 峰值算力</translation>
    </message>
    <message>
        <source>Dense FP8 tensor FLOP/s; 0: no FP8 tensor cores.</source>
        <translation>稠密 FP8 张量 FLOP/s；0：无 FP8 张量核心。</translation>
    </message>
    <message>
        <source>Peak FP4 compute</source>
        <translation>FP4 峰值算力</translation>
    </message>
    <message>
        <source>Dense FP4 tensor FLOP/s; 0: no FP4 tensor cores.</source>
        <translation>稠密 FP4 张量 FLOP/s；0：无 FP4 张量核心。</translation>
    </message>
    <message>
        <source>Oversubscription</source>
        <translation>超额订阅比</translation>
    </message>
    <message>
        <source>Leaf switch ports facing the nodes per port facing the spine (1: non-blocking fat tree).</source>
        <translation>叶交换机面向节点的端口数与面向脊交换机的端口数之比（1：无阻塞胖树）。</translation>
    </message>
    <message>
        <source>Rail-optimised</source>
        <translation>轨道优化</translation>
    </message>
    <message>
        <source>NIC r of every node on rail r&apos;s leaf switches; off: a node&apos;s NICs share one leaf.</source>
        <translation>每个节点的第 r 块网卡接到第 r 条轨道的叶交换机；关闭时，一个节点的网卡共用一台叶交换机。</translation>
    </message>
    <message>
        <source>Switch ports</source>
        <translation>交换机端口数</translation>
    </message>
    <message>
        <source>Ports per leaf switch; 0: the network&apos;s usual switch.</source>
        <translation>每台叶交换机的端口数；0：该网络的常用交换机。</translation>
    </message>
    <message>
        <source>Host memory per node</source>
        <translation>每节点主机内存</translation>
    </message>
    <message>
        <source>CPU memory of one node for offloaded states; 0: the node&apos;s usual figure.</source>
        <translation>单个节点可用于卸载状态的 CPU 内存；0：该节点的常规配置。</translation>
    </message>
    <message>
        <source>NVMe per node</source>
        <translation>每节点 NVMe</translation>
    </message>
    <message>
        <source>NVMe capacity of one node for offloaded states; 0: the node&apos;s usual figure.</source>
        <translation>单个节点可用于卸载状态的 NVMe 容量；0：该节点的常规配置。</translation>
    </message>
    <message>
        <source>Auto: built from the GPU (any GPU count)</source>
        <translation>自动：按 GPU 构建（任意 GPU 数）</translation>
    </message>
    <message>
        <source>DGX-2 (16× V100, NVSwitch)</source>
        <translation>DGX-2（16× V100，NVSwitch）</translation>
    </message>
    <message>
        <source>HGX A800 (8× A800, NVLink 400 GB/s)</source>
        <translation>HGX A800（8× A800，NVLink 400 GB/s）</translation>
    </message>
    <message>
        <source>HGX H800 (8× H800, NVLink 400 GB/s)</source>
        <translation>HGX H800（8× H800，NVLink 400 GB/s）</translation>
    </message>
    <message>
        <source>HGX H20 (8× H20, NVSwitch)</source>
        <translation>HGX H20（8× H20，NVSwitch）</translation>
    </message>
    <message>
        <source>DGX B200 (8× B200, NVSwitch)</source>
        <translation>DGX B200（8× B200，NVSwitch）</translation>
    </message>
    <message>
        <source>GB200 NVL72 rack (72 GPUs, one NVLink domain)</source>
        <translation>GB200 NVL72 机柜（72 块 GPU，单一 NVLink 域）</translation>
    </message>
    <message>
        <source>AMD MI300X platform (8× MI300X, Infinity Fabric)</source>
        <translation>AMD MI300X 平台（8× MI300X，Infinity Fabric）</translation>
    </message>
    <message>
        <source>Expert FFN size</source>
        <translation>专家 FFN 大小</translation>
    </message>
    <message>
        <source>Inner size of one routed (and shared) expert&apos;s feed-forward block; 0 means the FFN size.</source>
        <translation>一个路由专家（及共享专家）前馈块的内部大小；0 表示同 FFN 大小。</translation>
    </message>
    <message>
        <source>Shared experts</source>
        <translation>共享专家</translation>
    </message>
    <message>
        <source>Experts every token passes through beside the routed ones (DeepSeekMoE), each as wide as a routed one.</source>
        <translation>除路由专家外每个词元都要经过的专家（DeepSeekMoE），每个与路由专家一样宽。</translation>
    </message>
    <message>
        <source>Dense first layers</source>
        <translation>前置稠密层</translation>
    </message>
    <message>
        <source>The first layers keep a dense feed-forward block of the FFN size instead of experts.</source>
        <translation>最前面的若干层保留 FFN 大小的稠密前馈块，而不用专家。</translation>
    </message>
    <message>
        <source>Capacity factor</source>
        <translation>容量因子</translation>
    </message>
    <message>
        <source>Tokens one expert takes, over the mean; the tokens beyond it are dropped. 0 means dropless (no limit).</source>
        <translation>一个专家接收的词元数与平均值之比；超出的词元被丢弃。0 表示不丢弃（无上限）。</translation>
    </message>
    <message>
        <source>Expert imbalance</source>
        <translation>专家负载不均衡</translation>
    </message>
    <message>
        <source>Tokens of the busiest expert-parallel rank over the mean; 1 is a perfect balance.</source>
        <translation>最忙的专家并行 rank 的词元数与平均值之比；1 表示完全均衡。</translation>
    </message>
    <message>
        <source>Attention</source>
        <translation>注意力</translation>
    </message>
    <message>
        <source>Multi-head, grouped-query, or multi-head latent attention (MLA, DeepSeek-V2 and V3).</source>
        <translation>多头、分组查询或多头潜在注意力（MLA，DeepSeek-V2 和 V3）。</translation>
    </message>
    <message>
        <source>Query compression rank</source>
        <translation>查询压缩秩</translation>
    </message>
    <message>
        <source>MLA: rank of the queries&apos; low-rank projection; 0 means the queries are projected directly.</source>
        <translation>MLA：查询低秩投影的秩；0 表示直接投影查询。</translation>
    </message>
    <message>
        <source>Key/value compression rank</source>
        <translation>键/值压缩秩</translation>
    </message>
    <message>
        <source>MLA: width of the compressed key/value latent.</source>
        <translation>MLA：压缩后的键/值潜在向量宽度。</translation>
    </message>
    <message>
        <source>Rotary query/key dimension</source>
        <translation>旋转查询/键维度</translation>
    </message>
    <message>
        <source>MLA: per-head query and key dimensions that carry the rotary positions.</source>
        <translation>MLA：每个头中携带旋转位置编码的查询和键维度。</translation>
    </message>
    <message>
        <source>Non-rotary query/key dimension</source>
        <translation>非旋转查询/键维度</translation>
    </message>
    <message>
        <source>MLA: per-head query and key dimensions without positions.</source>
        <translation>MLA：每个头中不带位置编码的查询和键维度。</translation>
    </message>
    <message>
        <source>Value head dimension</source>
        <translation>值头维度</translation>
    </message>
    <message>
        <source>MLA: per-head value dimension.</source>
        <translation>MLA：每个头的值维度。</translation>
    </message>
    <message>
        <source>MTP modules</source>
        <translation>MTP 模块</translation>
    </message>
    <message>
        <source>Multi-token-prediction modules (DeepSeek-V3), each one more layer trained beside the model; 0: none.</source>
        <translation>多词元预测模块（DeepSeek-V3），每个是与模型一同训练的额外一层；0：无。</translation>
    </message>
    <message>
        <source>FP8 recipe</source>
        <translation>FP8 方案</translation>
    </message>
    <message>
        <source>How FP8 tensors are scaled: one scale per tensor, per block (DeepSeek-V3), MXFP8 or NVFP4 (Blackwell). Only with FP8 mixed precision.</source>
        <translation>FP8 张量的缩放方式：每张量一个缩放因子、按块（DeepSeek-V3）、MXFP8 或 NVFP4（Blackwell）。仅用于 FP8 混合精度。</translation>
    </message>
    <message>
        <source>Context parallel</source>
        <translation>上下文并行</translation>
    </message>
    <message>
        <source>Context-parallel degree: GPUs that split every sequence.</source>
        <translation>上下文并行度：切分每条序列的 GPU 数。</translation>
    </message>
    <message>
        <source>Expert parallel</source>
        <translation>专家并行</translation>
    </message>
    <message>
        <source>Expert-parallel degree: GPUs the routed experts are split over, taken from the data- and context-parallel ranks.</source>
        <translation>专家并行度：路由专家分布到的 GPU 数，取自数据并行和上下文并行的 rank。</translation>
    </message>
    <message>
        <source>Expert tensor parallel</source>
        <translation>专家张量并行</translation>
    </message>
    <message>
        <source>Tensor-parallel degree inside the experts; 0 means the tensor-parallel degree.</source>
        <translation>专家内部的张量并行度；0 表示同张量并行度。</translation>
    </message>
    <message>
        <source>Context-parallel exchange</source>
        <translation>上下文并行交换方式</translation>
    </message>
    <message>
        <source>How keys and values travel: a ring of point-to-point sends hidden behind attention, or one all-gather before it (Llama 3).</source>
        <translation>键和值的传递方式：隐藏在注意力计算之后的点对点环形发送，或在注意力之前做一次全收集（Llama 3）。</translation>
    </message>
    <message>
        <source>Overlap expert all-to-all</source>
        <translation>重叠专家全交换</translation>
    </message>
    <message>
        <source>Hide one microbatch&apos;s all-to-alls behind another&apos;s compute (DualPipe, DeepSeek-V3).</source>
        <translation>将一个微批次的全交换隐藏在另一个微批次的计算之后（DualPipe，DeepSeek-V3）。</translation>
    </message>
    <message>
        <source>Layers per stage</source>
        <translation>每阶段层数</translation>
    </message>
    <message>
        <source>Layers of each pipeline stage, comma-separated, e.g. 7,8,8,9; empty splits them evenly.</source>
        <translation>每个流水线阶段的层数，以逗号分隔，例如 7,8,8,9；留空则均分。</translation>
    </message>
    <message>
        <source>First stage layers</source>
        <translation>首阶段层数</translation>
    </message>
    <message>
        <source>Layers of the first pipeline stage, the rest split evenly; 0 means an even split.</source>
        <translation>第一个流水线阶段的层数，其余均分；0 表示均分。</translation>
    </message>
    <message>
        <source>Last stage layers</source>
        <translation>末阶段层数</translation>
    </message>
    <message>
        <source>Layers of the last pipeline stage, the rest split evenly; 0 means an even split.</source>
        <translation>最后一个流水线阶段的层数，其余均分；0 表示均分。</translation>
    </message>
    <message>
        <source>Multi-head (MHA)</source>
        <translation>多头（MHA）</translation>
    </message>
    <message>
        <source>Grouped-query (GQA)</source>
        <translation>分组查询（GQA）</translation>
    </message>
    <message>
        <source>Multi-head latent (MLA)</source>
        <translation>多头潜在（MLA）</translation>
    </message>
    <message>
        <source>Per tensor</source>
        <translation>按张量</translation>
    </message>
    <message>
        <source>Per block (DeepSeek-V3)</source>
        <translation>按块（DeepSeek-V3）</translation>
    </message>
    <message>
        <source>MXFP8 (Blackwell)</source>
        <translation>MXFP8（Blackwell）</translation>
    </message>
    <message>
        <source>NVFP4 (Blackwell)</source>
        <translation>NVFP4（Blackwell）</translation>
    </message>
    <message>
        <source>Ring of point-to-point sends</source>
        <translation>点对点环形发送</translation>
    </message>
    <message>
        <source>All-gather</source>
        <translation>全收集</translation>
    </message>
    <message>
        <source>Attention kernel</source>
        <translation>注意力内核</translation>
    </message>
    <message>
        <source>With flash attention: the GPU&apos;s usual fused kernel (FlashAttention-3 on Hopper, FlashAttention-2 on Ampere and Ada) or the one named.</source>
        <translation>开启 Flash 注意力时：GPU 常用的融合内核（Hopper 上为 FlashAttention-3，Ampere 和 Ada 上为 FlashAttention-2），或指定的内核。</translation>
    </message>
    <message>
        <source>Reduce each gradient bucket while the backward goes on (Megatron-LM --overlap-grad-reduce, PyTorch DDP).</source>
        <translation>反向传播进行的同时逐桶规约梯度（Megatron-LM --overlap-grad-reduce，PyTorch DDP）。</translation>
    </message>
    <message>
        <source>Overlap parameter gather</source>
        <translation>重叠参数收集</translation>
    </message>
    <message>
        <source>ZeRO-1/2: gather the updated weights bucket by bucket during the next forward instead of after the optimizer (Megatron-LM --overlap-param-gather).</source>
        <translation>ZeRO-1/2：在下一次前向中逐桶收集更新后的权重，而不是在优化器之后一次收集（Megatron-LM --overlap-param-gather）。</translation>
    </message>
    <message>
        <source>Overlap tensor-parallel communication</source>
        <translation>重叠张量并行通信</translation>
    </message>
    <message>
        <source>Split the sequence-parallel all-gathers and reduce-scatters into chunks that run beside the GEMMs (Megatron-LM --tp-comm-overlap, Transformer Engine). Needs sequence parallelism.</source>
        <translation>把序列并行的 all-gather 和 reduce-scatter 切成小块，与 GEMM 并行执行（Megatron-LM --tp-comm-overlap，Transformer Engine）。需要序列并行。</translation>
    </message>
    <message>
        <source>Overlap pipeline sends</source>
        <translation>重叠流水线发送</translation>
    </message>
    <message>
        <source>Pipeline sends run beside the next op&apos;s compute; off, the sender waits for each send (Megatron-LM --no-overlap-p2p-communication).</source>
        <translation>流水线发送与下一个操作的计算并行；关闭时发送方等待每次发送完成（Megatron-LM --no-overlap-p2p-communication）。</translation>
    </message>
    <message>
        <source>0: the kernel model prices every GEMM by its shape, the attention kernel, memory-bound work and launches. Above 0: a flat roofline, every matrix multiplication at this fraction of the peak.</source>
        <translation>0：内核模型按形状为每个 GEMM 计价，并计入注意力内核、访存受限的工作和内核启动。大于 0：平坦屋顶线，每个矩阵乘都按峰值的这一比例计算。</translation>
    </message>
    <message>
        <source>Compute scale</source>
        <translation>计算缩放系数</translation>
    </message>
    <message>
        <source>Multiplies every compute time; calibration against a measured run fits it.</source>
        <translation>乘到每一项计算时间上；用实测运行校准时拟合它。</translation>
    </message>
    <message>
        <source>Calibrated from</source>
        <translation>校准来源</translation>
    </message>
    <message>
        <source>The measured run the compute scale was fitted to.</source>
        <translation>计算缩放系数所拟合的实测运行。</translation>
    </message>
    <message>
        <source>Measured step time</source>
        <translation>实测训练步时间</translation>
    </message>
    <message>
        <source>The step time of the measured run the compute scale was fitted to.</source>
        <translation>计算缩放系数所拟合的实测运行的训练步时间。</translation>
    </message>
    <message>
        <source>Auto: the GPU&apos;s usual kernel</source>
        <translation>自动：该 GPU 常用的内核</translation>
    </message>
    <message>
        <source>FlashAttention-2</source>
        <translation>FlashAttention-2</translation>
    </message>
    <message>
        <source>FlashAttention-3 (Hopper)</source>
        <translation>FlashAttention-3（Hopper）</translation>
    </message>
    <message>
        <source>Memory-efficient (xFormers)</source>
        <translation>省显存注意力（xFormers）</translation>
    </message>
    <message>
        <source>Pure BF16</source>
        <translation>纯 BF16</translation>
    </message>
    <message>
        <source>Training method</source>
        <translation>训练方法</translation>
    </message>
    <message>
        <source>Train every weight, or only low-rank adapters beside a frozen base (LoRA), the base quantized to 4-bit NF4 (QLoRA).</source>
        <translation>训练全部权重，或只训练冻结基座旁的低秩适配器（LoRA），或再把基座量化为 4 位 NF4（QLoRA）。</translation>
    </message>
    <message>
        <source>LoRA rank</source>
        <translation>LoRA 秩</translation>
    </message>
    <message>
        <source>Rank r of each adapter: it adds r × (inputs + outputs) trainable parameters to every adapted layer.</source>
        <translation>每个适配器的秩 r：每个被适配的层增加 r × (输入 + 输出) 个可训练参数。</translation>
    </message>
    <message>
        <source>LoRA alpha</source>
        <translation>LoRA alpha</translation>
    </message>
    <message>
        <source>Scales the adapters&apos; output by alpha / r; no effect on memory or time.</source>
        <translation>适配器输出乘以 alpha / r；不影响显存和时间。</translation>
    </message>
    <message>
        <source>LoRA targets</source>
        <translation>LoRA 目标层</translation>
    </message>
    <message>
        <source>The layers that get adapters, separated by commas: q, k, v, o, gate, up, down, experts, embed, head (PEFT&apos;s default: q,v).</source>
        <translation>加适配器的层，用逗号分隔：q、k、v、o、gate、up、down、experts、embed、head（PEFT 默认：q,v）。</translation>
    </message>
    <message>
        <source>Base weight bits</source>
        <translation>基座权重位数</translation>
    </message>
    <message>
        <source>Bits of the frozen base weights with LoRA: 16, 8 (LLM.int8()) or 4; 0 means the method&apos;s own (4 for QLoRA, else 16).</source>
        <translation>LoRA 下冻结基座权重的位数：16、8（LLM.int8()）或 4；0 表示按方法取值（QLoRA 为 4，其余为 16）。</translation>
    </message>
    <message>
        <source>4-bit data type</source>
        <translation>4 位数据类型</translation>
    </message>
    <message>
        <source>NormalFloat4 (QLoRA) or FP4 for a 4-bit base.</source>
        <translation>4 位基座使用 NormalFloat4（QLoRA）或 FP4。</translation>
    </message>
    <message>
        <source>Double quantization</source>
        <translation>双重量化</translation>
    </message>
    <message>
        <source>Quantize the 4-bit base&apos;s block constants again: 0.127 instead of 0.5 bits per weight (QLoRA).</source>
        <translation>对 4 位基座的分块常数再量化一次：每个权重 0.127 位而不是 0.5 位（QLoRA）。</translation>
    </message>
    <message>
        <source>Paged optimizer</source>
        <translation>分页优化器</translation>
    </message>
    <message>
        <source>Keep the adapters&apos; optimizer states in paged memory that is evicted to the host (bitsandbytes&apos; paged optimizers, QLoRA).</source>
        <translation>把适配器的优化器状态放在可换出到主机内存的分页内存中（bitsandbytes 分页优化器，QLoRA）。</translation>
    </message>
    <message>
        <source>LoRA</source>
        <translation>LoRA</translation>
    </message>
    <message>
        <source>QLoRA (4-bit base)</source>
        <translation>QLoRA（4 位基座）</translation>
    </message>
    <message>
        <source>NF4 (NormalFloat)</source>
        <translation>NF4（NormalFloat）</translation>
    </message>
    <message>
        <source>FP4</source>
        <translation>FP4</translation>
    </message>
    <message>
        <source>The method&apos;s (QLoRA 4, else 16)</source>
        <translation>按方法（QLoRA 为 4，其余为 16）</translation>
    </message>
    <message>
        <source>Full training</source>
        <translation>完整训练</translation>
    </message>
    <message>
        <source>Cross entropy</source>
        <translation>交叉熵</translation>
    </message>
    <message>
        <source>How the loss is computed over the fp32 logits: fused, in place (Megatron-LM), or PyTorch&apos;s cross entropy, which holds one more logits-sized tensor in the backward.</source>
        <translation>损失如何在 fp32 logits 上计算：融合、原地计算（Megatron-LM），或 PyTorch 的交叉熵——它在反向传播中多保留一个与 logits 同样大小的张量。</translation>
    </message>
    <message>
        <source>Dropout</source>
        <translation>Dropout</translation>
    </message>
    <message>
        <source>Hidden and attention dropout: each keeps a 1-byte mask for the backward. Llama-family models train without.</source>
        <translation>隐藏层与注意力的 dropout：每个都为反向传播保留一个 1 字节的掩码。Llama 系列模型训练时不使用。</translation>
    </message>
    <message>
        <source>Fused (Megatron-LM)</source>
        <translation>融合（Megatron-LM）</translation>
    </message>
    <message>
        <source>PyTorch</source>
        <translation>PyTorch</translation>
    </message>
    <message>
        <source>Expert groups</source>
        <translation>专家组数</translation>
    </message>
    <message>
        <source>Group-limited routing: the routed experts in this many equal groups (DeepSeek-V3&apos;s n_group); 0 means no limit.</source>
        <translation>分组限制路由：路由专家分成这么多个等大的组（DeepSeek-V3 的 n_group）；0 表示不限制。</translation>
    </message>
    <message>
        <source>Expert groups per token</source>
        <translation>每 token 专家组数</translation>
    </message>
    <message>
        <source>Groups a token&apos;s experts are chosen from (DeepSeek-V3&apos;s topk_group: at most 4 nodes per token); 0 means no limit.</source>
        <translation>一个 token 的专家从这么多个组中选出（DeepSeek-V3 的 topk_group：每个 token 最多到 4 个节点）；0 表示不限制。</translation>
    </message>
    <message>
        <source>Token dispatcher</source>
        <translation>token 分发器</translation>
    </message>
    <message>
        <source>How tokens reach their experts: one copy per expert in an all-to-all (Megatron-Core), or DeepEP&apos;s one copy per node, forwarded over NVLink.</source>
        <translation>token 如何到达其专家：在 all-to-all 中每个专家一份副本（Megatron-Core），或 DeepEP 每个节点一份副本、再经 NVLink 转发。</translation>
    </message>
    <message>
        <source>FP8 dispatch</source>
        <translation>FP8 分发</translation>
    </message>
    <message>
        <source>Send the tokens to the experts in FP8 with per-128 scales; the results come back in 16 bits (DeepSeek-V3).</source>
        <translation>以 FP8（每 128 个元素一个缩放因子）把 token 发给专家；结果以 16 位返回（DeepSeek-V3）。</translation>
    </message>
    <message>
        <source>All-to-all, a copy per expert</source>
        <translation>All-to-all，每个专家一份副本</translation>
    </message>
    <message>
        <source>DeepEP, a copy per node</source>
        <translation>DeepEP，每个节点一份副本</translation>
    </message>
    <message>
        <source>Recompute norms</source>
        <translation>重算归一化</translation>
    </message>
    <message>
        <source>Recompute the norms&apos; outputs in the backward instead of keeping them (DeepSeek-V3 recomputes every RMSNorm).</source>
        <translation>在反向传播中重算归一化层的输出而不保存（DeepSeek-V3 重算所有 RMSNorm）。</translation>
    </message>
    <message>
        <source>FP8 SwiGLU inputs</source>
        <translation>FP8 SwiGLU 输入</translation>
    </message>
    <message>
        <source>Keep the experts&apos; SwiGLU inputs for the backward in FP8 instead of 16 bits (DeepSeek-V3).</source>
        <translation>以 FP8 而非 16 位保存专家 SwiGLU 的输入供反向传播使用（DeepSeek-V3）。</translation>
    </message>
    <message>
        <source>Adam, BF16 moments</source>
        <translation>Adam，BF16 动量</translation>
    </message>
</context>
<context>
    <name>Glossary</name>
    <message>
        <source>Data parallelism (DP)</source>
        <translation>数据并行（DP）</translation>
    </message>
    <message>
        <source>Every data-parallel rank holds a replica of the model and trains on its own share of the global batch; the gradients are averaged over the replicas every step, usually with an all-reduce. It multiplies throughput but not the memory per GPU, unless ZeRO shards the model states.</source>
        <translation>每个数据并行 rank 持有一份完整的模型副本，并训练全局批次中属于自己的那一份；每一步都要在各副本之间对梯度求平均，通常用一次 all-reduce。它成倍提高吞吐量，但不减少每个 GPU 的显存，除非用 ZeRO 对模型状态分片。</translation>
    </message>
    <message>
        <source>Tensor parallelism (TP)</source>
        <translation>张量并行（TP）</translation>
    </message>
    <message>
        <source>Splits every layer&apos;s weight matrices over t GPUs (attention heads, the MLP&apos;s columns and rows), so each GPU holds and computes 1/t of every layer. It needs two all-reduces in the forward and two in the backward pass of every layer, so it is kept inside a machine, on NVLink.</source>
        <translation>把每一层的权重矩阵切分到 t 个 GPU 上（注意力头、MLP 的列与行），每个 GPU 只保存并计算每层的 1/t。每层的前向和反向各需要两次 all-reduce，所以通常只在一台机器内部、在 NVLink 上使用。</translation>
    </message>
    <message>
        <source>Pipeline parallelism (PP)</source>
        <translation>流水线并行（PP）</translation>
    </message>
    <message>
        <source>Splits the layers into p consecutive stages on different GPUs; activations travel forward and their gradients backward between neighbouring stages. The batch is cut into microbatches so that the stages work at the same time; the idle time while the pipeline fills and drains is the bubble.</source>
        <translation>把各层切成 p 个连续的阶段，放在不同的 GPU 上；激活值向前、其梯度向后在相邻阶段之间传递。批次被切成微批次，使各阶段能同时工作；流水线填充和排空时的空闲时间就是气泡。</translation>
    </message>
    <message>
        <source>Sequence parallelism (SP)</source>
        <translation>序列并行（SP）</translation>
    </message>
    <message>
        <source>With tensor parallelism, also splits the layer norms and dropouts along the sequence, so their activations are divided by t as well. Each all-reduce of tensor parallelism becomes a reduce-scatter plus an all-gather of the same total volume.</source>
        <translation>与张量并行配合，把 LayerNorm 和 dropout 也沿序列维切分，使它们的激活值同样除以 t。张量并行的每次 all-reduce 变成一次 reduce-scatter 加一次 all-gather，总通信量不变。</translation>
    </message>
    <message>
        <source>Microbatch</source>
        <translation>微批次</translation>
    </message>
    <message>
        <source>The slice of the batch one GPU pushes through its forward and backward pass at a time (micro-batch size, in sequences). A step runs global batch / (dp x micro-batch) microbatches through every pipeline, and activations are held per microbatch.</source>
        <translation>一个 GPU 一次完成前向和反向计算的那一小份批次（微批次大小，以序列计）。每一步在每条流水线上运行 global batch / (dp x micro-batch) 个微批次，激活值按微批次保存。</translation>
    </message>
    <message>
        <source>Gradient accumulation</source>
        <translation>梯度累积</translation>
    </message>
    <message>
        <source>Runs several microbatches forward and backward before one optimizer step, adding up their gradients, so a step trains on more sequences than fit in memory at once. The data-parallel gradient exchange then happens once per step, not once per microbatch.</source>
        <translation>在一次优化器更新之前先对多个微批次做前向和反向，并把它们的梯度累加，使一步训练的序列数超过一次能放进显存的数量。数据并行的梯度交换每步只做一次，而不是每个微批次一次。</translation>
    </message>
    <message>
        <source>ZeRO</source>
        <translation>ZeRO</translation>
    </message>
    <message>
        <source>The Zero Redundancy Optimizer: data parallelism that partitions the model states over the data-parallel ranks instead of copying them to every GPU. Stage 1 partitions the optimizer states, stage 2 also the gradients, stage 3 also the parameters.</source>
        <translation>零冗余优化器（Zero Redundancy Optimizer）：一种数据并行，把模型状态分片到各数据并行 rank 上，而不是在每个 GPU 上复制一份。阶段 1 切分优化器状态，阶段 2 再切分梯度，阶段 3 再切分参数。</translation>
    </message>
    <message>
        <source>ZeRO stage 0</source>
        <translation>ZeRO 阶段 0</translation>
    </message>
    <message>
        <source>Plain data parallelism: every rank holds all parameters, gradients and optimizer states, 16 bytes per parameter with mixed-precision Adam (2 + 2 + 12). The gradients are all-reduced every step, moving 2 bytes per parameter each way.</source>
        <translation>普通数据并行：每个 rank 都保存全部参数、梯度和优化器状态，混合精度 Adam 下每个参数 16 字节（2 + 2 + 12）。每一步对梯度做 all-reduce，每个方向每个参数传输 2 字节。</translation>
    </message>
    <message>
        <source>ZeRO stage 1</source>
        <translation>ZeRO 阶段 1</translation>
    </message>
    <message>
        <source>Partitions the optimizer states (fp32 master weights, momentum, variance) over the N_d data-parallel ranks: 4 + 12/N_d bytes per parameter on each GPU. Communication stays that of plain data parallelism.</source>
        <translation>把优化器状态（fp32 主权重、动量、方差）切分到 N_d 个数据并行 rank 上：每个 GPU 上每参数 4 + 12/N_d 字节。通信量与普通数据并行相同。</translation>
    </message>
    <message>
        <source>ZeRO stage 2</source>
        <translation>ZeRO 阶段 2</translation>
    </message>
    <message>
        <source>Also partitions the gradients: each rank keeps only the reduced gradients of the shard it updates, 2 + 14/N_d bytes per parameter. The gradient all-reduce becomes a reduce-scatter, and an all-gather returns the updated parameters: the same volume as an all-reduce.</source>
        <translation>再切分梯度：每个 rank 只保留它负责更新的那一片归约后的梯度，每参数 2 + 14/N_d 字节。梯度的 all-reduce 变成 reduce-scatter，再用一次 all-gather 取回更新后的参数：通信量与一次 all-reduce 相同。</translation>
    </message>
    <message>
        <source>ZeRO stage 3</source>
        <translation>ZeRO 阶段 3</translation>
    </message>
    <message>
        <source>Also partitions the parameters: 16/N_d bytes per parameter on each GPU. Every layer&apos;s parameters are all-gathered just before its forward and again before its backward pass, so a step moves 1.5 times the traffic of plain data parallelism.</source>
        <translation>再切分参数：每个 GPU 上每参数 16/N_d 字节。每层的参数在它的前向之前、以及在它的反向之前各 all-gather 一次，因此一步的通信量是普通数据并行的 1.5 倍。</translation>
    </message>
    <message>
        <source>Optimizer offload</source>
        <translation>优化器卸载</translation>
    </message>
    <message>
        <source>Keeps the optimizer states in CPU memory (or on NVMe) and runs the optimizer step on the CPU. Every step each GPU sends its fp16 gradients over PCIe and receives the updated fp16 weights, at least 4 bytes per parameter, so PCIe bandwidth can bound the step.</source>
        <translation>把优化器状态放在 CPU 内存（或 NVMe）中，并在 CPU 上执行优化器更新。每一步每个 GPU 都要经 PCIe 把 fp16 梯度发给 CPU，再取回更新后的 fp16 权重，每参数至少 4 字节，因此 PCIe 带宽可能成为一步的瓶颈。</translation>
    </message>
    <message>
        <source>Parameter offload</source>
        <translation>参数卸载</translation>
    </message>
    <message>
        <source>With ZeRO-3, keeps the parameters in CPU memory or on NVMe and copies each layer to the GPU when it is needed, so the model is bounded by host memory rather than GPU memory. Every layer crosses PCIe in the forward and again in the backward pass.</source>
        <translation>配合 ZeRO-3，把参数放在 CPU 内存或 NVMe 中，需要时才把每层复制到 GPU，于是模型大小受主机内存而非 GPU 显存限制。每一层在前向和反向中各经过一次 PCIe。</translation>
    </message>
    <message>
        <source>NVMe offload</source>
        <translation>NVMe 卸载</translation>
    </message>
    <message>
        <source>Offload beyond CPU memory: optimizer states or parameters live on NVMe SSDs and are read and written through the host every step. The capacity is large; the bandwidth is small (1.6 GB/s per GPU from NVMe on a DGX-2 with all GPUs busy).</source>
        <translation>超出 CPU 内存的卸载：优化器状态或参数存放在 NVMe 固态硬盘上，每一步经由主机读写。容量很大，带宽很小（DGX-2 上所有 GPU 同时工作时，每个 GPU 从 NVMe 只能得到 1.6 GB/s）。</translation>
    </message>
    <message>
        <source>Activation recomputation</source>
        <translation>激活重计算</translation>
    </message>
    <message>
        <source>Drops activations in the forward pass and computes them again in the backward pass, trading compute for memory. Full recomputation keeps only each layer&apos;s input and repeats the whole forward pass; selective recomputation repeats only the attention&apos;s large but cheap parts, saving most of the memory for a few percent of compute.</source>
        <translation>在前向时丢弃激活值，在反向时重新计算，用计算换显存。完全重计算只保留每层的输入并重做整个前向；选择性重计算只重算注意力中占显存多但计算便宜的部分，用百分之几的计算省下大部分显存。</translation>
    </message>
    <message>
        <source>Mixed precision</source>
        <translation>混合精度</translation>
    </message>
    <message>
        <source>Runs the forward and backward pass in 16-bit floats (fp16 or bf16) on the tensor cores and keeps an fp32 master copy of the weights for the update; fp16 also needs loss scaling. With Adam it costs 16 bytes per parameter: 2 for the weights, 2 for the gradients, 12 for the optimizer states.</source>
        <translation>前向和反向用 16 位浮点数（fp16 或 bf16）在张量核心上计算，同时保留一份 fp32 主权重用于更新；fp16 还需要损失缩放。配合 Adam 每个参数需 16 字节：权重 2、梯度 2、优化器状态 12。</translation>
    </message>
    <message>
        <source>Pipeline schedule</source>
        <translation>流水线调度</translation>
    </message>
    <message>
        <source>The order in which every pipeline stage runs the forward and backward passes of the microbatches: GPipe, 1F1B, interleaved 1F1B or ZB-H1. It sets the size of the bubble and how many microbatches&apos; activations a stage holds at once.</source>
        <translation>每个流水线阶段执行各微批次前向和反向的顺序：GPipe、1F1B、交错式 1F1B 或 ZB-H1。调度决定了气泡的大小，以及一个阶段同时保存多少个微批次的激活值。</translation>
    </message>
    <message>
        <source>Pipeline bubble</source>
        <translation>流水线气泡</translation>
    </message>
    <message>
        <source>Time a pipeline stage sits idle while the pipeline fills at the start of a step and drains at its end. With GPipe or 1F1B it is (p-1)/(m+p-1) of the step for p stages and m microbatches: more microbatches, interleaving or a zero-bubble schedule shrink it.</source>
        <translation>流水线在一步开始时填充、结束时排空，其间各阶段空闲的时间。对 GPipe 或 1F1B，p 个阶段、m 个微批次时它占一步的 (p-1)/(m+p-1)：更多微批次、交错调度或零气泡调度都能缩小它。</translation>
    </message>
    <message>
        <source>GPipe</source>
        <translation>GPipe</translation>
    </message>
    <message>
        <source>The first synchronous pipeline schedule: all microbatches run forward, then all run backward, then the weights are updated once. Every stage holds the activations of all m microbatches at its peak.</source>
        <translation>最早的同步流水线调度：所有微批次先做完前向，再全部做反向，最后统一更新一次权重。每个阶段在峰值时要保存全部 m 个微批次的激活值。</translation>
    </message>
    <message>
        <source>1F1B</source>
        <translation>1F1B</translation>
    </message>
    <message>
        <source>One forward, one backward: after a warm-up of forwards, every stage alternates one forward and one backward microbatch. The bubble is GPipe&apos;s, but a stage holds at most p microbatches&apos; activations instead of all m.</source>
        <translation>一前一后（One Forward One Backward）：经过若干前向的预热后，每个阶段交替执行一个微批次的前向和一个微批次的反向。气泡与 GPipe 相同，但一个阶段最多只保存 p 个微批次的激活值，而不是全部 m 个。</translation>
    </message>
    <message>
        <source>Interleaved 1F1B</source>
        <translation>交错式 1F1B</translation>
    </message>
    <message>
        <source>Every GPU holds v non-consecutive chunks of layers (virtual stages), so the pipeline fills v times faster and the bubble shrinks to (p-1)/(v x m) of the ideal time. It costs v times the pipeline&apos;s point-to-point traffic and somewhat more activation memory.</source>
        <translation>每个 GPU 持有 v 个不相邻的层块（虚拟阶段），流水线填充速度快 v 倍，气泡缩小到理想时间的 (p-1)/(v x m)。代价是流水线点对点通信增加到 v 倍，激活值显存也略有增加。</translation>
    </message>
    <message>
        <source>ZB-H1</source>
        <translation>ZB-H1</translation>
    </message>
    <message>
        <source>A zero-bubble schedule: the backward pass is split into the input-gradient part (B), which the previous stage waits for, and the weight-gradient part (W), which can wait and fills the bubbles. It keeps 1F1B&apos;s activation memory and cuts its bubble to about a third.</source>
        <translation>一种零气泡调度：把反向拆成输入梯度部分（B，上一阶段在等它）和权重梯度部分（W，可以推迟），用 W 填补气泡。它保持 1F1B 的激活值显存，把气泡缩小到约三分之一。</translation>
    </message>
    <message>
        <source>All-reduce</source>
        <translation>All-reduce（全归约）</translation>
    </message>
    <message>
        <source>Every rank contributes a buffer and every rank receives the element-wise sum of all of them. A ring all-reduce is a reduce-scatter followed by an all-gather: each rank sends and receives 2(n-1)/n of the buffer, whatever the number of ranks n.</source>
        <translation>每个 rank 提供一个缓冲区，每个 rank 都得到所有缓冲区逐元素求和的结果。环形 all-reduce 由一次 reduce-scatter 加一次 all-gather 组成：无论 rank 数 n 是多少，每个 rank 发送和接收缓冲区的 2(n-1)/n。</translation>
    </message>
    <message>
        <source>All-gather</source>
        <translation>All-gather（全收集）</translation>
    </message>
    <message>
        <source>Every rank contributes one piece and every rank receives all the pieces, concatenated. ZeRO-3 uses it to put a layer&apos;s parameters back together before computing with them.</source>
        <translation>每个 rank 提供一片，每个 rank 都得到按顺序拼接起来的全部分片。ZeRO-3 在计算一层之前用它把该层的参数拼回完整。</translation>
    </message>
    <message>
        <source>Reduce-scatter</source>
        <translation>Reduce-scatter（归约分散）</translation>
    </message>
    <message>
        <source>The element-wise sum of every rank&apos;s buffer, of which each rank receives only its own 1/n piece. ZeRO-2 and ZeRO-3 reduce the gradients this way, so each rank gets exactly the shard it updates.</source>
        <translation>对每个 rank 的缓冲区逐元素求和，每个 rank 只得到结果中属于自己的 1/n。ZeRO-2 和 ZeRO-3 用这种方式归约梯度，使每个 rank 恰好得到它要更新的那一片。</translation>
    </message>
    <message>
        <source>Parameter server</source>
        <translation>参数服务器</translation>
    </message>
    <message>
        <source>Server machines hold the parameters; every worker pushes its gradients to them and pulls the updated parameters back. With one server all the gradients cross that server&apos;s network link; sharding the parameters over several servers divides that load.</source>
        <translation>由服务器保存参数；每个 worker 把梯度推送（push）给服务器，再拉取（pull）更新后的参数。只有一台服务器时，所有梯度都经过这台服务器的网络链路；把参数分片到多台服务器上可以分摊这份负载。</translation>
    </message>
    <message>
        <source>Gradient quantisation</source>
        <translation>梯度量化</translation>
    </message>
    <message>
        <source>Sends the gradients in fewer bits (16, 8 or even 1 per value instead of 32), cutting the data-parallel traffic by the same factor. 1-bit SGD keeps each step&apos;s quantisation error and adds it to the next step&apos;s gradients (error feedback), so training still converges.</source>
        <translation>用更少的位发送梯度（每个值 16、8 甚至 1 位，而不是 32 位），数据并行的通信量按同样比例减少。1-bit SGD 保留每一步的量化误差并加到下一步的梯度上（误差反馈），使训练仍能收敛。</translation>
    </message>
    <message>
        <source>Alpha-beta model</source>
        <translation>alpha-beta 模型</translation>
    </message>
    <message>
        <source>The time to send n bytes is alpha + n x beta: a fixed latency alpha per message plus beta seconds per byte, the inverse of the bandwidth. A ring all-reduce over p ranks then costs 2(p-1) x alpha + 2(p-1)/p x n x beta.</source>
        <translation>发送 n 字节的时间为 alpha + n x beta：每条消息固定的延迟 alpha，加上每字节 beta 秒（即带宽的倒数）。于是 p 个 rank 上的环形 all-reduce 耗时 2(p-1) x alpha + 2(p-1)/p x n x beta。</translation>
    </message>
    <message>
        <source>Algorithm bandwidth (algbw)</source>
        <translation>算法带宽（algbw）</translation>
    </message>
    <message>
        <source>The size of a collective&apos;s buffer divided by its time, as nccl-tests reports it. It depends on the operation and on the number of ranks, so it cannot be compared with a link&apos;s speed directly.</source>
        <translation>集合通信的缓冲区大小除以其耗时，即 nccl-tests 报告的值。它取决于操作种类和 rank 数，所以不能直接与链路速度比较。</translation>
    </message>
    <message>
        <source>Bus bandwidth (busbw)</source>
        <translation>总线带宽（busbw）</translation>
    </message>
    <message>
        <source>The algorithm bandwidth times a factor of the operation (2(n-1)/n for all-reduce, (n-1)/n for all-gather and reduce-scatter): the bandwidth the busiest link really carries. Compare it with the link&apos;s speed: close to it, the collective runs at the hardware&apos;s limit.</source>
        <translation>算法带宽乘以与操作有关的系数（all-reduce 为 2(n-1)/n，all-gather 和 reduce-scatter 为 (n-1)/n）：最忙的链路实际承载的带宽。把它与链路速度比较：接近时，集合通信已达到硬件极限。</translation>
    </message>
    <message>
        <source>NCCL</source>
        <translation>NCCL</translation>
    </message>
    <message>
        <source>The NVIDIA Collective Communications Library: the all-reduce, all-gather, reduce-scatter and point-to-point operations that training frameworks call between GPUs. It detects the topology and builds rings and trees over the fastest paths: NVLink, then PCIe, then the network.</source>
        <translation>NVIDIA 集合通信库：训练框架在 GPU 之间调用的 all-reduce、all-gather、reduce-scatter 和点对点操作。它探测拓扑，在最快的路径上构建环和树：先 NVLink，再 PCIe，最后是网络。</translation>
    </message>
    <message>
        <source>NVLink and NVSwitch</source>
        <translation>NVLink 与 NVSwitch</translation>
    </message>
    <message>
        <source>NVIDIA&apos;s direct GPU-to-GPU links: 25 GB/s per direction per link for generations 2 to 4, with 6 links per V100, 12 per A100 and 18 per H100. An NVSwitch joins all the GPUs of a machine at full NVLink bandwidth; the DGX-1 has none, so some of its pairs lack a link.</source>
        <translation>NVIDIA 的 GPU 间直连链路：第 2 到第 4 代每条链路每方向 25 GB/s，V100 有 6 条，A100 有 12 条，H100 有 18 条。NVSwitch 以完整的 NVLink 带宽连接一台机器内的所有 GPU；DGX-1 没有 NVSwitch，所以有些 GPU 对之间没有直连链路。</translation>
    </message>
    <message>
        <source>PCIe</source>
        <translation>PCIe</translation>
    </message>
    <message>
        <source>The bus between GPUs, NICs, NVMe drives and the CPU: an x16 link carries 15.75 GB/s per direction at Gen3, 31.5 at Gen4 and 63 at Gen5, of which copies reach about 12, 25 and 55. Offload traffic and GPU pairs without NVLink go over it.</source>
        <translation>连接 GPU、网卡、NVMe 硬盘和 CPU 的总线：x16 链路每方向 Gen3 为 15.75 GB/s、Gen4 为 31.5、Gen5 为 63，实际拷贝约能达到 12、25 和 55。卸载流量以及没有 NVLink 的 GPU 对之间的流量都走它。</translation>
    </message>
    <message>
        <source>QPI and UPI</source>
        <translation>QPI 与 UPI</translation>
    </message>
    <message>
        <source>Intel&apos;s links between the CPU sockets of one machine (QuickPath, later Ultra Path Interconnect), about 19 to 21 GB/s per direction per link. GPU traffic between the sockets&apos; PCIe trees crosses them: nvidia-smi calls such a pair SYS.</source>
        <translation>Intel 在同一台机器的 CPU 插槽之间的链路（QuickPath，后来的 Ultra Path Interconnect），每条链路每方向约 19 到 21 GB/s。两个插槽各自 PCIe 树上的 GPU 之间的流量要经过它：nvidia-smi 把这样的 GPU 对称为 SYS。</translation>
    </message>
    <message>
        <source>NV#</source>
        <translation>NV#</translation>
    </message>
    <message>
        <source>In nvidia-smi topo -m: the two GPUs are joined by a bonded set of # NVLinks (NV12 on a DGX A100 through its NVSwitches). The fastest class of connection; NCCL prefers it.</source>
        <translation>nvidia-smi topo -m 中：两个 GPU 之间由 # 条捆绑的 NVLink 相连（DGX A100 经 NVSwitch 为 NV12）。这是最快的连接类别，NCCL 优先使用。</translation>
    </message>
    <message>
        <source>PIX</source>
        <translation>PIX</translation>
    </message>
    <message>
        <source>In nvidia-smi topo -m: the connection crosses at most a single PCIe bridge, as for two GPUs, or a GPU and a NIC, behind the same PCIe switch. The traffic never reaches the CPU.</source>
        <translation>nvidia-smi topo -m 中：连接最多经过一个 PCIe 桥，例如同一个 PCIe 交换机下的两个 GPU，或一个 GPU 与一块网卡。流量不会到达 CPU。</translation>
    </message>
    <message>
        <source>PXB</source>
        <translation>PXB</translation>
    </message>
    <message>
        <source>In nvidia-smi topo -m: the connection crosses multiple PCIe bridges without going through a PCIe host bridge, that is, without reaching the CPU.</source>
        <translation>nvidia-smi topo -m 中：连接经过多个 PCIe 桥，但不经过 PCIe 主桥，也就是不到达 CPU。</translation>
    </message>
    <message>
        <source>PHB</source>
        <translation>PHB</translation>
    </message>
    <message>
        <source>In nvidia-smi topo -m: the connection goes through a PCIe host bridge, the CPU&apos;s root complex: the traffic goes up into the CPU and down again.</source>
        <translation>nvidia-smi topo -m 中：连接经过一个 PCIe 主桥，即 CPU 的根复合体：流量先上到 CPU，再下来。</translation>
    </message>
    <message>
        <source>NODE</source>
        <translation>NODE</translation>
    </message>
    <message>
        <source>In nvidia-smi topo -m: the connection crosses PCIe and the interconnect between the PCIe host bridges inside one NUMA node, that is, within one CPU socket.</source>
        <translation>nvidia-smi topo -m 中：连接经过 PCIe 以及同一 NUMA 节点内（即同一个 CPU 插槽内）PCIe 主桥之间的互连。</translation>
    </message>
    <message>
        <source>SYS</source>
        <translation>SYS</translation>
    </message>
    <message>
        <source>In nvidia-smi topo -m: the connection crosses PCIe and the SMP interconnect between NUMA nodes, the QPI or UPI link between two CPU sockets. Usually the slowest path inside a machine.</source>
        <translation>nvidia-smi topo -m 中：连接经过 PCIe 以及 NUMA 节点之间的 SMP 互连，即两个 CPU 插槽之间的 QPI 或 UPI 链路。通常是机器内部最慢的路径。</translation>
    </message>
    <message>
        <source>RDMA</source>
        <translation>RDMA</translation>
    </message>
    <message>
        <source>Remote direct memory access: a network card reads and writes another machine&apos;s memory without involving either CPU or copying through the operating system. With GPUDirect RDMA the card reads and writes GPU memory directly over PCIe.</source>
        <translation>远程直接内存访问：网卡直接读写另一台机器的内存，不需要任何一方的 CPU 参与，也不经过操作系统拷贝。借助 GPUDirect RDMA，网卡可经 PCIe 直接读写 GPU 显存。</translation>
    </message>
    <message>
        <source>InfiniBand</source>
        <translation>InfiniBand</translation>
    </message>
    <message>
        <source>A switched network with RDMA built in, the usual fabric between GPU servers. A 4x port runs at 100 (EDR), 200 (HDR), 400 (NDR) or 800 Gb/s (XDR): in bytes, HDR is 25 GB/s per direction.</source>
        <translation>一种内置 RDMA 的交换式网络，是 GPU 服务器之间常用的互连。4x 端口速率为 100（EDR）、200（HDR）、400（NDR）或 800 Gb/s（XDR）：换算成字节，HDR 每方向 25 GB/s。</translation>
    </message>
    <message>
        <source>RoCE</source>
        <translation>RoCE</translation>
    </message>
    <message>
        <source>RDMA over Converged Ethernet: InfiniBand&apos;s transport carried in Ethernet frames (version 2: in UDP/IP packets), so RDMA runs through Ethernet switches. It needs a lossless or congestion-controlled network to reach the line rate.</source>
        <translation>基于融合以太网的 RDMA：把 InfiniBand 的传输层封装在以太网帧中（第 2 版封装在 UDP/IP 包中），使 RDMA 能经过以太网交换机。要达到线速，网络需要无损或有拥塞控制。</translation>
    </message>
    <message>
        <source>MFU</source>
        <translation>MFU</translation>
    </message>
    <message>
        <source>Model FLOPs utilisation: the model&apos;s training FLOPs per second (forward and backward, recomputation not counted) over the peak FLOP/s of the GPUs. It says how much of the hardware the training turns into useful work, whatever the implementation.</source>
        <translation>模型 FLOPs 利用率：模型训练每秒的 FLOPs（前向和反向，不计重计算）除以 GPU 的峰值 FLOP/s。它衡量训练把多少硬件能力变成了有用的工作，与具体实现无关。</translation>
    </message>
    <message>
        <source>HFU</source>
        <translation>HFU</translation>
    </message>
    <message>
        <source>Hardware FLOPs utilisation: like MFU, but counting the FLOPs the GPUs really execute, recomputation included, so HFU is at least MFU. The gap between them is the price of recomputation.</source>
        <translation>硬件 FLOPs 利用率：与 MFU 类似，但计入 GPU 实际执行的 FLOPs（包括重计算），所以 HFU 不小于 MFU。两者之差就是重计算的代价。</translation>
    </message>
    <message>
        <source>%1: %2</source>
        <translation>%1：%2</translation>
    </message>
    <message>
        <source>Source: %1</source>
        <translation>来源：%1</translation>
    </message>
    <message>
        <source>Mixture of experts (MoE)</source>
        <translation>混合专家（MoE）</translation>
    </message>
    <message>
        <source>A layer whose feed-forward network is many experts, of which a router picks the top k for each token; shared experts see every token. The model has many parameters (total) but each token passes through few of them (active): DeepSeek-V3 has 671B of which 37B are active.</source>
        <translation>前馈网络由许多专家组成的层：路由器为每个 token 选出得分最高的 k 个专家；共享专家处理每个 token。模型参数很多（总参数），但每个 token 只经过其中少数（激活参数）：DeepSeek-V3 共 671B，其中激活 37B。</translation>
    </message>
    <message>
        <source>Expert parallelism (EP)</source>
        <translation>专家并行（EP）</translation>
    </message>
    <message>
        <source>Splits a MoE layer&apos;s experts over ep GPUs taken from the data-parallel ranks. Every MoE layer sends each token to the GPUs of its experts and brings the results back: two all-to-alls in the forward and two in the backward pass. The experts&apos; gradients are reduced only over the GPUs that hold the same experts (expert data parallel).</source>
        <translation>把 MoE 层的专家分到从数据并行 rank 中取出的 ep 个 GPU 上。每个 MoE 层把每个 token 发往其专家所在的 GPU，再把结果取回：前向两次、反向两次 all-to-all。专家的梯度只在持有相同专家的 GPU 之间归约（专家数据并行）。</translation>
    </message>
    <message>
        <source>Context parallelism (CP)</source>
        <translation>上下文并行（CP）</translation>
    </message>
    <message>
        <source>Splits every sequence over cp GPUs, each keeping the activations of s/cp tokens. Attention needs the keys and values of the whole sequence, so the GPUs pass them around a ring while they compute (or all-gather them first, as Llama 3 does). The sequence is cut into 2·cp chunks so that causal attention costs every GPU the same.</source>
        <translation>把每条序列切分到 cp 个 GPU 上，每个 GPU 只保存 s/cp 个 token 的激活。注意力需要整条序列的键和值，因此各 GPU 一边计算一边沿环传递它们（或像 Llama 3 那样先 all-gather）。序列被切成 2·cp 块，使因果注意力在每个 GPU 上的开销相同。</translation>
    </message>
    <message>
        <source>Multi-head latent attention (MLA)</source>
        <translation>多头潜在注意力（MLA）</translation>
    </message>
    <message>
        <source>Attention whose keys and values are projected up from a small shared latent (and queries from another), so that few values need keeping per token; a separate small part of each head carries the rotary position.</source>
        <translation>键和值由一个小的共享潜在向量上投影得到（查询由另一个潜在向量得到）的注意力，因此每个 token 需要保存的值很少；每个头中单独的一小部分承载旋转位置编码。</translation>
    </message>
    <message>
        <source>FP8 training</source>
        <translation>FP8 训练</translation>
    </message>
    <message>
        <source>Runs the linear layers&apos; matrix multiplications with 8-bit floating-point inputs at twice the 16-bit rate of Hopper and Blackwell GPUs, scaling each tensor (or each block) so that its values fit the narrow range; master weights and optimizer states stay in fp32.</source>
        <translation>线性层的矩阵乘法使用 8 位浮点输入，在 Hopper 和 Blackwell GPU 上速度是 16 位的两倍；对每个张量（或每个块）进行缩放，使其数值落在较窄的范围内；主权重和优化器状态仍为 fp32。</translation>
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
    <message>
        <source>network switches</source>
        <translation>台网络交换机</translation>
    </message>
    <message>
        <source>network switches, double-click to expand</source>
        <translation>台网络交换机，双击展开</translation>
    </message>
</context>
<context>
    <name>Lessons</name>
    <message>
        <source>ZeRO-3 Offload and the PCIe bottleneck</source>
        <translation>ZeRO-3 卸载与 PCIe 瓶颈</translation>
    </message>
    <message>
        <source>PCIe Gen3</source>
        <translation>PCIe Gen3</translation>
    </message>
    <message>
        <source>Four RTX 3090 share one PCIe Gen3 switch with a single x16 uplink to the CPU, 15.75 GB/s per direction. ZeRO-Offload keeps the Adam states in host memory: every step each GPU copies its fp16 gradients to the CPU and gets the updated fp16 weights back, 4 bytes per parameter of its quarter. In the &lt;b&gt;Step timeline&lt;/b&gt;, compare the &lt;i&gt;PCIe&lt;/i&gt; rows with the compute rows: the summary names a PCIe link as the bottleneck of a step of about 1.0 s.</source>
        <translation>四块 RTX 3090 共用一个 PCIe Gen3 交换机，它只有一条通往 CPU 的 x16 上行链路，每方向 15.75 GB/s。ZeRO-Offload 把 Adam 状态放在主机内存：每一步每个 GPU 都把自己的 fp16 梯度拷贝到 CPU，再取回更新后的 fp16 权重，按它负责的四分之一参数每参数 4 字节。在&lt;b&gt;训练步时间线&lt;/b&gt;中比较 &lt;i&gt;PCIe&lt;/i&gt; 行与计算行：摘要把一条 PCIe 链路列为瓶颈，一步约 1.0 秒。</translation>
    </message>
    <message>
        <source>PCIe Gen4</source>
        <translation>PCIe Gen4</translation>
    </message>
    <message>
        <source>Next puts the same GPUs on PCIe Gen4 (&lt;i&gt;Node topology&lt;/i&gt;: pcie-gen4-4gpu), 31.5 GB/s per x16 link, twice Gen3. The copies take half as long and the step falls to about 0.67 s, a third less. The table below keeps the figures of every step you have seen.</source>
        <translation>下一步把同样的 GPU 放到 PCIe Gen4 上（&lt;i&gt;节点拓扑&lt;/i&gt;：pcie-gen4-4gpu），每条 x16 链路 31.5 GB/s，是 Gen3 的两倍。拷贝时间减半，一步降到约 0.67 秒，少了三分之一。下面的表格保留了你看过的每一步的数值。</translation>
    </message>
    <message>
        <source>PCIe Gen5</source>
        <translation>PCIe Gen5</translation>
    </message>
    <message>
        <source>Gen5 doubles the bandwidth again, to 63 GB/s, but the step only falls to about 0.58 s: the computation, about 0.31 s, did not change and now takes most of the step. Each doubling of a bandwidth saves less than the one before while something else fills the rest of the step.</source>
        <translation>Gen5 再把带宽翻倍到 63 GB/s，但一步只降到约 0.58 秒：计算约 0.31 秒没有变，现在占了一步的大部分。只要一步中还有别的部分，每次把带宽翻倍节省的时间都比上一次少。</translation>
    </message>
    <message>
        <source>Gen3, no overlap</source>
        <translation>Gen3，不重叠</translation>
    </message>
    <message>
        <source>Back on Gen3, with &lt;i&gt;Overlap gradient reduction&lt;/i&gt; switched off: the gradient copies now wait for the end of the backward pass instead of starting as soon as each layer&apos;s gradients are ready. The step grows from about 1.0 s to about 1.27 s. Overlapping communication with computation is what makes offload bearable on a slow bus.</source>
        <translation>回到 Gen3，并关闭&lt;i&gt;梯度归约与计算重叠&lt;/i&gt;：梯度拷贝现在要等反向全部结束才开始，而不是每层梯度一算好就开始。一步从约 1.0 秒增加到约 1.27 秒。让通信与计算重叠，正是卸载在慢速总线上仍能忍受的原因。</translation>
    </message>
    <message>
        <source>Parameter server vs ring all-reduce</source>
        <translation>参数服务器与环形 all-reduce</translation>
    </message>
    <message>
        <source>1 server</source>
        <translation>1 台服务器</translation>
    </message>
    <message>
        <source>Eight workers, one V100 each, train GPT-2 small (124M parameters) over 10 Gigabit Ethernet. Every step each worker pushes its fp32 gradients, about 0.5 GB, to one parameter server and pulls the new weights back, so the server&apos;s one 1.25 GB/s link carries eight workers&apos; traffic. In the &lt;b&gt;Bandwidth&lt;/b&gt; view that link is the busiest; the step takes about 5.4 s, nearly all of it communication.</source>
        <translation>八个 worker，每个一块 V100，通过 10 Gb 以太网训练 GPT-2 small（1.24 亿参数）。每一步每个 worker 都把约 0.5 GB 的 fp32 梯度推送给唯一的参数服务器，再拉回新的权重，于是服务器那条 1.25 GB/s 的链路要承载八个 worker 的流量。在&lt;b&gt;带宽&lt;/b&gt;视图中这条链路最忙；一步约 5.4 秒，几乎全是通信。</translation>
    </message>
    <message>
        <source>2 servers</source>
        <translation>2 台服务器</translation>
    </message>
    <message>
        <source>Shard the parameters over two servers (&lt;i&gt;Parameter servers&lt;/i&gt;: 2): each holds half of them, so each server&apos;s link carries half the traffic, and the step halves too, to about 2.7 s. Servers scale out like workers: the central idea of Li et al. (OSDI&apos;14).</source>
        <translation>把参数分片到两台服务器上（&lt;i&gt;参数服务器数&lt;/i&gt;：2）：每台保存一半参数，每台服务器的链路只承载一半流量，一步也减半，约 2.7 秒。服务器可以像 worker 一样横向扩展：这是 Li 等人（OSDI&apos;14）的核心思想。</translation>
    </message>
    <message>
        <source>4 servers</source>
        <translation>4 台服务器</translation>
    </message>
    <message>
        <source>Four servers: the step halves again, to about 1.4 s, still limited by the servers&apos; links.</source>
        <translation>四台服务器：一步再次减半，约 1.4 秒，仍受服务器链路限制。</translation>
    </message>
    <message>
        <source>8 servers</source>
        <translation>8 台服务器</translation>
    </message>
    <message>
        <source>With as many servers as workers the servers&apos; links are no longer the narrowest: each worker&apos;s own network link is. The step is about 0.75 s, and more servers would not make it shorter.</source>
        <translation>服务器与 worker 一样多时，服务器链路不再是最窄的：每个 worker 自己的网络链路才是。一步约 0.75 秒，再增加服务器也不会更快。</translation>
    </message>
    <message>
        <source>Ring all-reduce</source>
        <translation>环形 all-reduce</translation>
    </message>
    <message>
        <source>Now without servers: the workers all-reduce their gradients in a ring (&lt;i&gt;Gradient synchronisation&lt;/i&gt;: allreduce), each sending and receiving 2(n-1)/n = 1.75 times its gradients over its own link. The step is about 0.87 s, six times faster than one server and close to eight, with no extra machines; the servers&apos; edge is that they send fp16 weights back, not fp32 sums.</source>
        <translation>现在不用服务器：各 worker 在环上对梯度做 all-reduce（&lt;i&gt;梯度同步方式&lt;/i&gt;：allreduce），每个 worker 经自己的链路发送和接收 2(n-1)/n = 1.75 倍于自身梯度的数据。一步约 0.87 秒，比一台服务器快六倍，接近八台服务器，却不需要额外的机器；服务器的优势在于它发回的是 fp16 权重，而不是 fp32 的和。</translation>
    </message>
    <message>
        <source>DP vs tensor vs pipeline parallel on 4 GPUs</source>
        <translation>4 个 GPU 上的数据并行、张量并行与流水线并行</translation>
    </message>
    <message>
        <source>Data parallel</source>
        <translation>数据并行</translation>
    </message>
    <message>
        <source>GPT-3 2.7B on four A100 joined by NVLink. With data parallelism every GPU holds the whole model: about 4.9 GiB of bf16 weights and 16 bytes per parameter of model states in all, a peak of about 48 GiB in the &lt;b&gt;Memory&lt;/b&gt; view. It is the fastest layout, about 1.93 s for 32 sequences, because its one gradient all-reduce hides behind the backward pass.</source>
        <translation>GPT-3 2.7B 运行在由 NVLink 相连的四块 A100 上。数据并行时每个 GPU 都保存整个模型：约 4.9 GiB 的 bf16 权重，模型状态合计每参数 16 字节，在&lt;b&gt;显存&lt;/b&gt;视图中峰值约 48 GiB。它是最快的布局，32 个序列约 1.93 秒，因为它唯一的一次梯度 all-reduce 隐藏在反向计算之后。</translation>
    </message>
    <message>
        <source>Tensor parallel 4</source>
        <translation>张量并行 4</translation>
    </message>
    <message>
        <source>Tensor parallelism splits every layer over the four GPUs: the weights per GPU fall to a quarter, about 1.2 GiB, and the peak to about 14 GiB. But every layer now waits for four all-reduces of its activations: in the &lt;b&gt;Step timeline&lt;/b&gt; see the &lt;i&gt;TP&lt;/i&gt; rows between the compute boxes. The step takes about 2.32 s, a fifth longer.</source>
        <translation>张量并行把每一层切分到四个 GPU 上：每个 GPU 的权重降到四分之一，约 1.2 GiB，峰值降到约 14 GiB。但现在每一层都要等待四次激活值的 all-reduce：在&lt;b&gt;训练步时间线&lt;/b&gt;中看计算块之间的 &lt;i&gt;TP&lt;/i&gt; 行。一步约 2.32 秒，长了五分之一。</translation>
    </message>
    <message>
        <source>Pipeline parallel 4</source>
        <translation>流水线并行 4</translation>
    </message>
    <message>
        <source>Pipeline parallelism gives each GPU 8 of the 32 layers, so the weights per GPU also fall to about a quarter (the first stage holds the embedding too). Its price is the bubble: (p-1)/(m+p-1) = 3/35 of the step for 4 stages and 32 microbatches, more here because the last stage also computes the output layer. The step takes about 2.33 s.</source>
        <translation>流水线并行让每个 GPU 负责 32 层中的 8 层，所以每个 GPU 的权重也降到约四分之一（第一阶段还要保存词嵌入）。它的代价是气泡：4 个阶段、32 个微批次时为一步的 (p-1)/(m+p-1) = 3/35，这里更多，因为最后一个阶段还要计算输出层。一步约 2.33 秒。</translation>
    </message>
    <message>
        <source>DP with ZeRO-3</source>
        <translation>数据并行 + ZeRO-3</translation>
    </message>
    <message>
        <source>ZeRO-3 keeps data parallelism but shards parameters, gradients and optimizer states over the four GPUs: the model states per GPU fall to a quarter, as with tensor or pipeline parallelism, and the step stays at about 1.93 s, because NVLink gathers the parameters faster than the GPUs compute. On a slow network the order would change.</source>
        <translation>ZeRO-3 保持数据并行，但把参数、梯度和优化器状态分片到四个 GPU 上：每个 GPU 的模型状态降到四分之一，与张量并行或流水线并行一样，而一步仍约 1.93 秒，因为 NVLink 收集参数比 GPU 计算还快。在慢速网络上，这个排序会改变。</translation>
    </message>
    <message>
        <source>Gradient quantisation on 10 GbE vs InfiniBand</source>
        <translation>10 GbE 与 InfiniBand 上的梯度量化</translation>
    </message>
    <message>
        <source>32 bits, 10 GbE</source>
        <translation>32 位，10 GbE</translation>
    </message>
    <message>
        <source>Sixteen RTX 3090 in four workstations train GPT-2 medium (355M parameters) with plain data parallelism over 10 Gigabit Ethernet. Every step all-reduces 1.4 GB of fp32 gradients through links of 1.25 GB/s. In the &lt;b&gt;Step timeline&lt;/b&gt; the &lt;i&gt;DP&lt;/i&gt; row outlasts the computation: the step takes about 2.4 s, of which about 1.7 s is exposed communication.</source>
        <translation>四台工作站中的十六块 RTX 3090 通过 10 Gb 以太网，用普通数据并行训练 GPT-2 medium（3.55 亿参数）。每一步都要经 1.25 GB/s 的链路 all-reduce 1.4 GB 的 fp32 梯度。在&lt;b&gt;训练步时间线&lt;/b&gt;中 &lt;i&gt;DP&lt;/i&gt; 行比计算还长：一步约 2.4 秒，其中约 1.7 秒是未被掩盖的通信。</translation>
    </message>
    <message>
        <source>16 bits, 10 GbE</source>
        <translation>16 位，10 GbE</translation>
    </message>
    <message>
        <source>Send the gradients in 16 bits (&lt;i&gt;Gradient communication&lt;/i&gt;: 16): half the bytes, and the step falls to about 1.4 s.</source>
        <translation>用 16 位发送梯度（&lt;i&gt;梯度通信位宽&lt;/i&gt;：16）：字节数减半，一步降到约 1.4 秒。</translation>
    </message>
    <message>
        <source>8 bits, 10 GbE</source>
        <translation>8 位，10 GbE</translation>
    </message>
    <message>
        <source>8 bits: a quarter of the bytes, and the step falls to about 0.88 s. Most of the all-reduce now hides behind the backward pass.</source>
        <translation>8 位：字节数为四分之一，一步降到约 0.88 秒。all-reduce 的大部分现在隐藏在反向计算之后。</translation>
    </message>
    <message>
        <source>1 bit, 10 GbE</source>
        <translation>1 位，10 GbE</translation>
    </message>
    <message>
        <source>1-bit gradients move 1/32 of the bytes; error feedback (Seide et al., 2014) keeps training converging. The step is about 0.74 s, just above the 0.72 s of computation: from here on only faster GPUs help.</source>
        <translation>1 位梯度只传 1/32 的字节；误差反馈（Seide 等人，2014）使训练仍能收敛。一步约 0.74 秒，只比 0.72 秒的计算略长：从这里开始，只有更快的 GPU 才有帮助。</translation>
    </message>
    <message>
        <source>32 bits, InfiniBand</source>
        <translation>32 位，InfiniBand</translation>
    </message>
    <message>
        <source>Now give the workstations 200 Gb/s HDR InfiniBand (&lt;i&gt;Network&lt;/i&gt;: ib-hdr) and go back to fp32 gradients. The step is about 0.76 s already: twenty times the bandwidth does what quantisation did.</source>
        <translation>现在给工作站换上 200 Gb/s 的 HDR InfiniBand（&lt;i&gt;网络&lt;/i&gt;：ib-hdr），并回到 fp32 梯度。一步已经约 0.76 秒：二十倍的带宽做到了量化所做的事。</translation>
    </message>
    <message>
        <source>1 bit, InfiniBand</source>
        <translation>1 位，InfiniBand</translation>
    </message>
    <message>
        <source>With 1-bit gradients on InfiniBand the step only falls to about 0.72 s, some 5%: the network was not the bottleneck. Quantisation pays where bandwidth is scarce.</source>
        <translation>在 InfiniBand 上用 1 位梯度，一步只降到约 0.72 秒，约 5%：网络本来就不是瓶颈。量化只在带宽稀缺的地方才划算。</translation>
    </message>
    <message>
        <source>Topology: NVLink vs PCIe switch vs QPI</source>
        <translation>拓扑：NVLink、PCIe 交换机与 QPI</translation>
    </message>
    <message>
        <source>DGX-1</source>
        <translation>DGX-1</translation>
    </message>
    <message>
        <source>A DGX-1 joins its eight V100 in a hybrid cube-mesh: each GPU has six NVLinks, but not to every other GPU, and a pair without one would talk through PCIe switches and the QPI link between the two CPUs. In the &lt;b&gt;Topology&lt;/b&gt; view, find two GPUs with no NVLink between them.</source>
        <translation>DGX-1 用混合立方网格连接八块 V100：每个 GPU 有六条 NVLink，但并不连到每一个其他 GPU，没有直连的 GPU 对只能经过 PCIe 交换机和两个 CPU 之间的 QPI 链路通信。在&lt;b&gt;拓扑&lt;/b&gt;视图中，找出两个之间没有 NVLink 的 GPU。</translation>
    </message>
    <message>
        <source>DGX-1 links</source>
        <translation>DGX-1 链路</translation>
    </message>
    <message>
        <source>NCCL builds its rings from NVLinks only, so the gradient all-reduce never touches PCIe or QPI: in the &lt;b&gt;Bandwidth&lt;/b&gt; view only NVLink links carry traffic, and the all-reduce reaches a bus bandwidth of about 120 GB/s. The step, about 0.35 s, is computation.</source>
        <translation>NCCL 只用 NVLink 构建环，所以梯度 all-reduce 完全不经过 PCIe 或 QPI：在&lt;b&gt;带宽&lt;/b&gt;视图中只有 NVLink 链路有流量，all-reduce 的总线带宽约 120 GB/s。一步约 0.35 秒，基本都是计算。</translation>
    </message>
    <message>
        <source>PCIe box</source>
        <translation>PCIe 机箱</translation>
    </message>
    <message>
        <source>The same V100s in a common 4-GPU box (&lt;i&gt;Node topology&lt;/i&gt;: pcie-qpi-4gpu): two PCIe switches with two GPUs each, one switch per CPU socket, the sockets joined by QPI. nvidia-smi calls a pair on one switch PIX and a pair across the sockets SYS; a ring over all four GPUs must cross QPI.</source>
        <translation>同样的 V100 装进一台常见的 4-GPU 机箱（&lt;i&gt;节点拓扑&lt;/i&gt;：pcie-qpi-4gpu）：两个 PCIe 交换机各连两个 GPU，每个交换机属于一个 CPU 插槽，两个插槽之间由 QPI 相连。nvidia-smi 把同一交换机上的 GPU 对称为 PIX，跨插槽的称为 SYS；经过全部四个 GPU 的环必须穿过 QPI。</translation>
    </message>
    <message>
        <source>PCIe box links</source>
        <translation>PCIe 机箱链路</translation>
    </message>
    <message>
        <source>In the &lt;b&gt;Bandwidth&lt;/b&gt; view the QPI link is the busiest: GPU traffic between the sockets gets about 6 GB/s, NCCL&apos;s own figure for this QPI. The all-reduce&apos;s bus bandwidth falls from about 120 to about 6 GB/s, and the summary names the QPI link as the bottleneck of a step of about 1.1 s.</source>
        <translation>在&lt;b&gt;带宽&lt;/b&gt;视图中 QPI 链路最忙：插槽之间的 GPU 流量只能得到约 6 GB/s，这是 NCCL 自己对这种 QPI 的估计。all-reduce 的总线带宽从约 120 GB/s 降到约 6 GB/s，摘要把 QPI 链路列为瓶颈，一步约 1.1 秒。</translation>
    </message>
    <message>
        <source>Pipeline schedules: GPipe, 1F1B, interleaved, ZB-H1</source>
        <translation>流水线调度：GPipe、1F1B、交错式、ZB-H1</translation>
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
        <source>1F1B alternates one forward and one backward pass once the pipeline is full. The bubble is GPipe&apos;s, but a stage now holds at most 8 microbatches&apos; activations instead of 16: in the &lt;b&gt;Memory&lt;/b&gt; view the first stage&apos;s activations fall from about 57 GiB to about 25 GiB.</source>
        <translation>流水线填满后，1F1B 交替执行一次前向和一次反向。气泡与 GPipe 相同，但一个阶段现在最多只保存 8 个微批次的激活值，而不是 16 个：在&lt;b&gt;显存&lt;/b&gt;视图中，第一阶段的激活值从约 57 GiB 降到约 25 GiB。</translation>
    </message>
    <message>
        <source>Interleaved, 2 chunks</source>
        <translation>交错式，2 个块</translation>
    </message>
    <message>
        <source>ZB-H1</source>
        <translation>ZB-H1</translation>
    </message>
    <message>
        <source>Activation recomputation: none, selective, full</source>
        <translation>激活重计算：不重算、选择性、完全</translation>
    </message>
    <message>
        <source>None</source>
        <translation>不重算</translation>
    </message>
    <message>
        <source>GPT-3 XL (1.3B) on a DGX A100, 8 sequences of 2,048 tokens per microbatch. Without recomputation every layer keeps all its activations, sbh(34 + 5as/h) bytes (Korthikanti et al.): about 89 GiB per GPU, and the &lt;b&gt;Memory&lt;/b&gt; view shows the bars over the GPU&apos;s 80 GiB. This step cannot run.</source>
        <translation>GPT-3 XL（13 亿参数）运行在一台 DGX A100 上，每个微批次 8 个 2,048 token 的序列。不做重计算时每一层都保存全部激活值，sbh(34 + 5as/h) 字节（Korthikanti 等人）：每个 GPU 约 89 GiB，&lt;b&gt;显存&lt;/b&gt;视图中的柱子超出了 GPU 的 80 GiB。这一步无法运行。</translation>
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
        <source>Flash attention</source>
        <translation>Flash Attention</translation>
    </message>
    <message>
        <source>A bigger batch per GPU: more compute per byte</source>
        <translation>每个 GPU 更大的批次：每字节通信对应更多计算</translation>
    </message>
    <message>
        <source>1 sequence per GPU</source>
        <translation>每 GPU 1 个序列</translation>
    </message>
    <message>
        <source>Sixteen RTX 3090 in four workstations on 25 Gigabit Ethernet train GPT-2 medium with data parallelism, one sequence of 1,024 tokens per GPU per step. The all-reduce moves the same 0.7 GB of fp16 gradients whatever the batch, and here it lasts far longer than the computation: in the &lt;b&gt;Step timeline&lt;/b&gt; the GPUs mostly wait, and MFU is about 7%.</source>
        <translation>四台工作站中的十六块 RTX 3090 通过 25 Gb 以太网，用数据并行训练 GPT-2 medium，每一步每个 GPU 一个 1,024 token 的序列。无论批次多大，all-reduce 都传输同样的 0.7 GB fp16 梯度，而这里它比计算长得多：在&lt;b&gt;训练步时间线&lt;/b&gt;中 GPU 大部分时间在等待，MFU 约 7%。</translation>
    </message>
    <message>
        <source>2 sequences</source>
        <translation>2 个序列</translation>
    </message>
    <message>
        <source>Two sequences per GPU (&lt;i&gt;Micro-batch size&lt;/i&gt; 2, global batch 32): twice the computation per step for the same bytes, so more of the all-reduce hides behind the backward pass. MFU rises to about 12%.</source>
        <translation>每个 GPU 两个序列（&lt;i&gt;微批次大小&lt;/i&gt; 2，全局批次 32）：每步计算量翻倍而通信字节不变，所以更多 all-reduce 隐藏在反向计算之后。MFU 升到约 12%。</translation>
    </message>
    <message>
        <source>4 sequences</source>
        <translation>4 个序列</translation>
    </message>
    <message>
        <source>Four sequences per GPU: MFU about 22%, and the tokens per second triple against one sequence.</source>
        <translation>每个 GPU 四个序列：MFU 约 22%，每秒 token 数是一个序列时的三倍。</translation>
    </message>
    <message>
        <source>8 sequences</source>
        <translation>8 个序列</translation>
    </message>
    <message>
        <source>Eight sequences: the computation, about 0.72 s, now covers most of the all-reduce, and MFU is about 34%. But activations grow with the micro-batch: in the &lt;b&gt;Memory&lt;/b&gt; view each GPU holds about 16 of its 24 GiB.</source>
        <translation>八个序列：约 0.72 秒的计算现在掩盖了 all-reduce 的大部分，MFU 约 34%。但激活值随微批次增大：在&lt;b&gt;显存&lt;/b&gt;视图中每个 GPU 用了 24 GiB 中的约 16 GiB。</translation>
    </message>
    <message>
        <source>8 x 2 accumulated</source>
        <translation>8 x 2 累积</translation>
    </message>
    <message>
        <source>Sixteen sequences at once would not fit in 24 GiB. Gradient accumulation runs two microbatches of 8 before one all-reduce: the tokens per byte communicated double again at the same memory, and MFU rises to about 37%.</source>
        <translation>一次 16 个序列放不进 24 GiB。梯度累积在一次 all-reduce 之前运行两个大小为 8 的微批次：每字节通信对应的 token 数再翻一倍而显存不变，MFU 升到约 37%。</translation>
    </message>
    <message>
        <source>%1. %2</source>
        <translation>%1. %2</translation>
    </message>
    <message>
        <source>%1: the lesson&apos;s scenario is missing</source>
        <translation>%1：缺少课程的场景文件</translation>
    </message>
    <message>
        <source>Step time</source>
        <translation>单步时间</translation>
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
        <source>Exposed comm.</source>
        <translation>未掩盖通信</translation>
    </message>
    <message>
        <source>Tokens/s</source>
        <translation>每秒 token 数</translation>
    </message>
    <message>
        <source>Peak memory</source>
        <translation>峰值显存</translation>
    </message>
    <message>
        <source>Weights per GPU</source>
        <translation>每 GPU 权重</translation>
    </message>
    <message>
        <source>Activations</source>
        <translation>激活值</translation>
    </message>
    <message>
        <source>DP bus bandwidth</source>
        <translation>数据并行总线带宽</translation>
    </message>
    <message>
        <source>Expert parallelism and its all-to-all</source>
        <translation>专家并行及其 all-to-all</translation>
    </message>
    <message>
        <source>No expert parallelism</source>
        <translation>无专家并行</translation>
    </message>
    <message>
        <source>Qwen3-30B-A3B has 128 experts in each of its 48 layers, but every token visits only 8 of them: 3.3B of its 30.5B parameters are active. With plain data parallelism over two DGX H100 every GPU holds all the experts, and in the &lt;b&gt;Memory&lt;/b&gt; view the bar reaches about 175 GiB against the GPU&apos;s 80. Expert parallelism splits the experts instead of copying them.</source>
        <translation>Qwen3-30B-A3B 的 48 层每层有 128 个专家，但每个 token 只经过其中 8 个：305 亿参数中只有 33 亿是激活的。在两台 DGX H100 上用纯数据并行时，每个 GPU 都持有全部专家，在&lt;b&gt;显存&lt;/b&gt;视图中柱条约达 175 GiB，而 GPU 只有 80 GiB。专家并行把专家切分开，而不是复制它们。</translation>
    </message>
    <message>
        <source>EP 8 in a node</source>
        <translation>节点内 EP 8</translation>
    </message>
    <message>
        <source>With expert parallelism 8 (&lt;i&gt;parallel.ep&lt;/i&gt;) each GPU of a node keeps 16 of the 128 experts of every layer while attention stays replicated: the peak falls to about 75 GiB and the step fits. The price is traffic: every MoE layer sends each token to the GPUs of its 8 experts and brings the results back, an all-to-all to dispatch and one to combine, in the forward and again in the backward. In the &lt;b&gt;Step timeline&lt;/b&gt; these all-to-alls sit between the compute boxes; over NVLink they stretch the step to about 4.7 s.</source>
        <translation>专家并行 8（&lt;i&gt;parallel.ep&lt;/i&gt;）时，一个节点的每个 GPU 保存每层 128 个专家中的 16 个，注意力部分仍然复制：峰值降到约 75 GiB，放得下了。代价是通信：每个 MoE 层把每个 token 发送到其 8 个专家所在的 GPU，再把结果取回，即一次分发（dispatch）all-to-all 和一次合并（combine）all-to-all，前向一遍，反向再一遍。在&lt;b&gt;训练步时间线&lt;/b&gt;中，这些 all-to-all 夹在计算方块之间；经由 NVLink，它们把一步拉长到约 4.7 秒。</translation>
    </message>
    <message>
        <source>EP 16 across nodes</source>
        <translation>跨节点 EP 16</translation>
    </message>
    <message>
        <source>EP 16 spreads the experts over both nodes: half of every all-to-all now leaves the node through the 400 Gb/s InfiniBand NICs, with a ninth of NVLink&apos;s bandwidth. In the &lt;b&gt;Bandwidth&lt;/b&gt; view a NIC link is the busiest and the step grows to about 8.2 s. That is why Megatron-Core advises keeping expert parallelism inside the NVLink domain, and why DeepSeek-V3 sends each token to at most 4 nodes.</source>
        <translation>EP 16 把专家分布到两个节点上：每次 all-to-all 有一半数据要经 400 Gb/s 的 InfiniBand 网卡离开节点，带宽只有 NVLink 的九分之一。在&lt;b&gt;带宽&lt;/b&gt;视图中网卡链路最忙，一步增长到约 8.2 秒。这就是 Megatron-Core 建议把专家并行留在 NVLink 域内、DeepSeek-V3 让每个 token 最多发往 4 个节点的原因。</translation>
    </message>
    <message>
        <source>Imbalance 1.5</source>
        <translation>不均衡 1.5</translation>
    </message>
    <message>
        <source>Routers do not spread the tokens evenly. With an expert imbalance of 1.5 (&lt;i&gt;model.expert_imbalance&lt;/i&gt;) the busiest GPU receives half again the mean, and every GPU waits for it: its all-to-all and its expert GEMMs grow, and the step to about 11.1 s. Load balancing losses (GShard, Switch Transformer) and DeepSeek-V3&apos;s bias-based balancing exist to keep this factor near 1.</source>
        <translation>路由器并不会把 token 均匀分配。专家不均衡为 1.5（&lt;i&gt;model.expert_imbalance&lt;/i&gt;）时，最忙的 GPU 收到平均值的 1.5 倍，所有 GPU 都要等它：它的 all-to-all 和专家 GEMM 都变长，一步增长到约 11.1 秒。负载均衡损失（GShard、Switch Transformer）和 DeepSeek-V3 基于偏置的均衡方法，就是为了让这个系数接近 1。</translation>
    </message>
    <message>
        <source>Capacity 1.25</source>
        <translation>容量 1.25</translation>
    </message>
    <message>
        <source>A capacity factor caps the tokens an expert takes at that multiple of the mean (GShard, Switch Transformer): with 1.25 (&lt;i&gt;model.capacity_factor&lt;/i&gt;) the tokens beyond it are dropped, so the busiest GPU handles 1.25 times the mean instead of 1.5. The step falls to about 9.7 s, paid for with tokens that skip their experts. Dropless training (capacity 0) keeps every token and pays for the imbalance instead.</source>
        <translation>容量因子把一个专家接收的 token 数限制在平均值的该倍数以内（GShard、Switch Transformer）：取 1.25（&lt;i&gt;model.capacity_factor&lt;/i&gt;）时，超出的 token 被丢弃，最忙的 GPU 只处理平均值的 1.25 倍而不是 1.5 倍。一步降到约 9.7 秒，代价是一些 token 跳过了它们的专家。无丢弃训练（容量为 0）保留每个 token，转而承担不均衡的代价。</translation>
    </message>
    <message>
        <source>DualPipe overlap</source>
        <translation>DualPipe 重叠</translation>
    </message>
    <message>
        <source>DeepSeek-V3&apos;s DualPipe runs the forward of one microbatch beside the backward of another, so the all-to-alls of one hide behind the computation of the other (&lt;i&gt;parallel.ep_overlap&lt;/i&gt;). The step falls to about 7.7 s: only the communication that outlasts the computation beside it stays exposed. Inside one node, at EP 8, the same overlap hides nearly all of it.</source>
        <translation>DeepSeek-V3 的 DualPipe 让一个微批次的前向与另一个微批次的反向并行执行，于是一个的 all-to-all 隐藏在另一个的计算之后（&lt;i&gt;parallel.ep_overlap&lt;/i&gt;）。一步降到约 7.7 秒：只有比旁边的计算更长的那部分通信仍然暴露。在单个节点内（EP 8），同样的重叠几乎能把它全部隐藏。</translation>
    </message>
    <message>
        <source>Context parallelism for long sequences</source>
        <translation>长序列的上下文并行</translation>
    </message>
    <message>
        <source>One GPU per sequence</source>
        <translation>每个序列一个 GPU</translation>
    </message>
    <message>
        <source>A 7B model of Llama 2&apos;s shape trains on sequences of 65,536 tokens, one sequence per GPU on two DGX H100. Activations grow with the sequence: each GPU would hold about 266 GiB of them, far above its 80 GiB in the &lt;b&gt;Memory&lt;/b&gt; view. Fused attention already keeps no score matrix; what is left grows with the tokens a GPU holds.</source>
        <translation>一个 Llama 2 结构的 7B 模型在两台 DGX H100 上训练 65,536 个 token 的序列，每个 GPU 一个序列。激活值随序列增长：每个 GPU 约需 266 GiB，在&lt;b&gt;显存&lt;/b&gt;视图中远超其 80 GiB。融合注意力已经不保存得分矩阵；剩下的部分随一个 GPU 所持有的 token 数增长。</translation>
    </message>
    <message>
        <source>CP 8</source>
        <translation>CP 8</translation>
    </message>
    <message>
        <source>Context parallelism splits every sequence over a group of GPUs (&lt;i&gt;parallel.cp&lt;/i&gt; 8): each GPU keeps 8,192 of the tokens, and its activations fall to about 33 GiB, so the step fits. Under a causal mask early tokens attend to few others and late ones to all, so the sequence is cut into 2·cp = 16 chunks and GPU i takes chunks i and 15 - i, which gives every GPU the same attention work. That is why the sequence length must be a multiple of 2·cp.</source>
        <translation>上下文并行把每个序列切分到一组 GPU 上（&lt;i&gt;parallel.cp&lt;/i&gt; 8）：每个 GPU 保存其中 8,192 个 token，激活值降到约 33 GiB，放得下了。在因果掩码下，靠前的 token 只关注少数 token，靠后的关注全部，所以序列被切成 2·cp = 16 块，GPU i 取第 i 块和第 15 - i 块，使每个 GPU 的注意力计算量相同。这就是序列长度必须是 2·cp 的倍数的原因。</translation>
    </message>
    <message>
        <source>K/V ring</source>
        <translation>K/V 环</translation>
    </message>
    <message>
        <source>K/V all-gather</source>
        <translation>K/V all-gather</translation>
    </message>
    <message>
        <source>CP 16 across nodes</source>
        <translation>跨节点 CP 16</translation>
    </message>
    <message>
        <source>GPT-3 2.7B in 8 pipeline stages on a DGX A100, 16 microbatches per step, scheduled by GPipe: all forwards, then all backwards. In the &lt;b&gt;Step timeline&lt;/b&gt; see the staircases at the start and the end: the bubble, (p-1)/(m+p-1) = 7/23 of the step for equal stages, about 40% here because the last stage also computes the 51,200-word output layer.</source>
        <translation>GPT-3 2.7B 分成 8 个流水线阶段运行在一台 DGX A100 上，每步 16 个微批次，按 GPipe 调度：先全部前向，再全部反向。在&lt;b&gt;训练步时间线&lt;/b&gt;中看开头和结尾的阶梯：这就是气泡，各阶段相同时为一步的 (p-1)/(m+p-1) = 7/23，这里约 40%，因为最后一个阶段还要计算 51,200 词的输出层。</translation>
    </message>
    <message>
        <source>Interleaved 1F1B gives every GPU two chunks of 2 layers instead of one of 4 (&lt;i&gt;Virtual stages&lt;/i&gt;: 2), so the pipeline fills twice as fast: the bubble falls to about 31% and the step from about 0.80 s to about 0.70 s. The price: twice the pipeline messages and 1 + (p-1)/(pv) = 1.44 times the activations.</source>
        <translation>交错式 1F1B 让每个 GPU 负责两个各 2 层的块，而不是一个 4 层的块（&lt;i&gt;虚拟级数&lt;/i&gt;：2），流水线填充快一倍：气泡降到约 31%，一步从约 0.80 秒降到约 0.70 秒。代价是流水线消息翻倍，激活值为 1 + (p-1)/(pv) = 1.44 倍。</translation>
    </message>
    <message>
        <source>ZB-H1 splits every backward pass into the input gradient, which the previous stage waits for, and the weight gradient, which can wait and fills the bubbles. The bubble falls to about 31% and the step to about 0.70 s, with 1F1B&apos;s activations.</source>
        <translation>ZB-H1 把每次反向拆成输入梯度（上一阶段在等它）和权重梯度（可以推迟，用来填补气泡）。气泡降到约 31%，一步降到约 0.70 秒，激活值与 1F1B 相同。</translation>
    </message>
    <message>
        <source>Selective recomputation drops only the attention&apos;s softmax and dropout tensors, the 5as/h part, which is large but cheap to compute again. The activations fall to about 29 GiB and the model fits; the step takes about 12% longer, 7.8 s against 7.0 s: at this width the unfused attention core is a large part of the layer.</source>
        <translation>选择性重计算只丢弃注意力的 softmax 和 dropout 张量，即 5as/h 那一部分：它们很大，重新计算却不贵。激活值降到约 29 GiB，模型放得下；一步约长 12%，7.8 秒对 7.0 秒：在这个宽度下，未融合的注意力核心占了一层的很大一部分。</translation>
    </message>
    <message>
        <source>Full recomputation keeps only each layer&apos;s input, 2sbh bytes, and runs the whole forward pass again in the backward: about 8 GiB of activations, but the step takes about 9.3 s, 34% longer. MFU falls from about 55% to 41%, while HFU, which counts the recomputed FLOPs, stays near 54%.</source>
        <translation>完全重计算只保留每层的输入，2sbh 字节，并在反向时重做整个前向：激活值约 8 GiB，但一步约 9.3 秒，长了 34%。MFU 从约 55% 降到 41%，而计入重计算 FLOPs 的 HFU 仍接近 54%。</translation>
    </message>
    <message>
        <source>Fused attention (&lt;i&gt;Flash attention&lt;/i&gt; on) computes the softmax in tiles and never stores the score matrices: without any recomputation the activations are those of selective recomputation, about 29 GiB, and the step takes about 5.6 s, faster than without recomputation: the softmax and dropout passes over the score matrices are gone too.</source>
        <translation>融合注意力（打开 &lt;i&gt;Flash 注意力&lt;/i&gt;）分块计算 softmax，从不保存得分矩阵：不做任何重计算，激活值也与选择性重计算相同，约 29 GiB；一步约 5.6 秒，比不重计算还快，因为对得分矩阵的 softmax 和 dropout 遍历也没有了。</translation>
    </message>
    <message>
        <source>Each GPU still needs the keys and values of the other chunks. In the &lt;b&gt;Step timeline&lt;/b&gt; they travel around a ring, one block at a time, while the attention computes on the block at hand (Ring Attention, Liu et al.): the exchange hides behind the attention, and the step stays at about 13.9 s with about 0.04 s of exposed communication, as without context parallelism. The backward passes the blocks again and sends their gradients back the other way.</source>
        <translation>每个 GPU 仍然需要其他块的键和值。在&lt;b&gt;训练步时间线&lt;/b&gt;中，它们沿环一次传一块，同时注意力在手头的块上计算（Ring Attention，Liu 等）：交换隐藏在注意力计算之后，一步仍约 13.9 秒，暴露的通信约 0.04 秒，与不用上下文并行时相同。反向传播再传一遍这些块，并把它们的梯度沿相反方向送回。</translation>
    </message>
    <message>
        <source>Llama 3 all-gathers K/V before attention instead (&lt;i&gt;parallel.cp_comm&lt;/i&gt;: allgather): simpler, and it works with any attention mask, but the attention waits for the whole gather. The exposed communication grows to about 2.0 s and the step to about 15.9 s. Llama 3 could afford it because grouped-query attention makes K and V small: try &lt;i&gt;KV heads&lt;/i&gt; 8.</source>
        <translation>Llama 3 则在注意力之前对 K/V 做 all-gather（&lt;i&gt;parallel.cp_comm&lt;/i&gt;: allgather）：更简单，适用于任何注意力掩码，但注意力要等整个 gather 完成。暴露的通信增长到约 2.0 秒，一步增长到约 15.9 秒。Llama 3 负担得起，是因为分组查询注意力让 K 和 V 很小：试试把&lt;i&gt;KV 头数&lt;/i&gt;设为 8。</translation>
    </message>
    <message>
        <source>CP 16 spans both nodes: the activations halve again, to about 17 GiB, but every GPU still gathers the keys and values of the whole sequence while it computes only a sixteenth of it, and the gathers now cross InfiniBand. The exposed communication grows to about 4.5 s and the step to about 18.4 s. Long-context runs keep cp as small as memory allows (Llama 3 needs 16 for 128K tokens).</source>
        <translation>CP 16 横跨两个节点：激活值再减半，降到约 17 GiB，但每个 GPU 仍要收集整个序列的键和值，而只计算其中的十六分之一，并且 gather 现在要经过 InfiniBand。暴露的通信增长到约 4.5 秒，一步增长到约 18.4 秒。长上下文训练会让 cp 在显存允许的范围内尽量小（Llama 3 处理 128K token 需要 16）。</translation>
    </message>
    <message>
        <source>Fine-tuning on one GPU: LoRA and QLoRA</source>
        <translation>单卡微调：LoRA 与 QLoRA</translation>
    </message>
    <message>
        <source>Full fine-tuning</source>
        <translation>全参数微调</translation>
    </message>
    <message>
        <source>Llama 3.1 8B on one 24 GB RTX 4090, one sequence of 2,048 tokens at a time with gradient checkpointing. Full fine-tuning keeps 16 bytes per parameter: 2 of weights, 2 of gradients and 12 of Adam states, about 129 GiB in all. The &lt;b&gt;Memory&lt;/b&gt; view shows the bar far over the GPU.</source>
        <translation>在一张 24 GB 的 RTX 4090 上训练 Llama 3.1 8B，每次一条 2,048 个 token 的序列，并开启梯度检查点。全参数微调每个参数占 16 字节：权重 2、梯度 2、Adam 状态 12，共约 129 GiB。&lt;b&gt;显存&lt;/b&gt;视图中的柱条远超显卡容量。</translation>
    </message>
    <message>
        <source>LoRA</source>
        <translation>LoRA</translation>
    </message>
    <message>
        <source>LoRA freezes the base and trains rank-16 adapters on every linear layer: 42 million parameters, half a percent of the model, have gradients and Adam states. The 16-bit base alone is 15 GiB, the peak about 19.8 GiB, and it fits. The step is faster too, about 14.8 s: a frozen weight needs no weight gradient.</source>
        <translation>LoRA 冻结基座，只在每个线性层上训练秩为 16 的适配器：只有 4200 万个参数（模型的百分之零点五）有梯度和 Adam 状态。16 位基座本身占 15 GiB，峰值约 19.8 GiB，可以放下。训练步也更快，约 14.8 s：冻结的权重不需要权重梯度。</translation>
    </message>
    <message>
        <source>QLoRA</source>
        <translation>QLoRA</translation>
    </message>
    <message>
        <source>QLoRA stores the frozen base in 4-bit NF4 with double-quantized constants, about 0.52 bytes per weight: the weights shrink to about 5.4 GiB and the peak to about 9.7 GiB. Dequantizing the weights before every use costs time, the step is about 15.8 s.</source>
        <translation>QLoRA 以 4 位 NF4 存储冻结的基座，常数再做双重量化，每个权重约 0.52 字节：权重缩小到约 5.4 GiB，峰值约 9.7 GiB。每次使用前都要反量化权重，这需要时间，训练步约 15.8 s。</translation>
    </message>
    <message>
        <source>Spend it on speed</source>
        <translation>把显存换成速度</translation>
    </message>
    <message>
        <source>The memory QLoRA saved can hold the activations: without recomputation the peak grows to about 17.8 GiB, still within the GPU, and the step falls to about 11.0 s because the forward pass no longer runs twice.</source>
        <translation>QLoRA 省下的显存可以用来保存激活：不做重计算时峰值升到约 17.8 GiB，仍在显卡容量之内，而训练步降到约 11.0 s，因为前向不再执行两遍。</translation>
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
    <message>
        <source>node %1 %2</source>
        <comment>a device of a generated machine: node 3 GPU 0</comment>
        <translation>节点 %1 %2</translation>
    </message>
    <message>
        <source>GPU %1</source>
        <translation>GPU %1</translation>
    </message>
    <message>
        <source>CPU %1</source>
        <translation>CPU %1</translation>
    </message>
    <message>
        <source>PCIe switch %1</source>
        <translation>PCIe 交换芯片 %1</translation>
    </message>
    <message>
        <source>NIC %1</source>
        <translation>网卡 %1</translation>
    </message>
    <message>
        <source>Switch</source>
        <comment>the network switch of a generated cluster</comment>
        <translation>交换机</translation>
    </message>
    <message>
        <source>Spine</source>
        <comment>the spine switch of a generated cluster</comment>
        <translation>脊交换机</translation>
    </message>
    <message>
        <source>Leaf %1</source>
        <comment>a leaf switch of a generated cluster</comment>
        <translation>叶交换机 %1</translation>
    </message>
    <message>
        <source>Leaf %1 (rail %2)</source>
        <translation>叶交换机 %1（轨道 %2）</translation>
    </message>
    <message>
        <source>Parameter server %1</source>
        <translation>参数服务器 %1</translation>
    </message>
</context>
<context>
    <name>main</name>
    <message>
        <source>Memory and communication explorer for distributed deep-learning training.</source>
        <translation>分布式深度学习训练的显存与通信分析工具。</translation>
    </message>
    <message>
        <source>User-interface language (zh_CN, en).</source>
        <translation>界面语言（zh_CN、en）。</translation>
    </message>
    <message>
        <source>Show the scenario against the baseline scenario FILE.</source>
        <translation>将场景与基线场景 FILE 对比显示。</translation>
    </message>
    <message>
        <source>Scenario file or built-in example id to open.</source>
        <translation>要打开的场景文件或内置示例 id。</translation>
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
        <translation>张量并行（tp）</translation>
    </message>
    <message>
        <source>Pipeline parallel (pp)</source>
        <translation>流水线并行（pp）</translation>
    </message>
    <message>
        <source>Data parallel (dp)</source>
        <translation>数据并行（dp）</translation>
    </message>
    <message>
        <source>Expert parallel (ep)</source>
        <translation>专家并行（ep）</translation>
    </message>
    <message>
        <source>Offload (PCIe)</source>
        <translation>卸载（PCIe）</translation>
    </message>
    <message>
        <source>Utilisation: busy time ÷ step time</source>
        <translation>利用率：繁忙时间 ÷ 单步时间</translation>
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
        <translation>利用率：单步时间的 %1%</translation>
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
        <translation>每次调用传输 %1，耗时 %2 × 每步 %3 次 = %4</translation>
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
    <message>
        <source>Click for the formula</source>
        <translation>单击查看公式</translation>
    </message>
    <message>
        <source>Context parallel (cp)</source>
        <translation>上下文并行（cp）</translation>
    </message>
    <message>
        <source>Expert data parallel (edp)</source>
        <translation>专家数据并行（edp）</translation>
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
    <name>ss::CalibrateDialog</name>
    <message>
        <source>Training logs and profiler traces (*.log *.txt *.out *.json)</source>
        <translation>训练日志与性能分析跟踪文件 (*.log *.txt *.out *.json)</translation>
    </message>
    <message>
        <source>Megatron-LM or torchtitan logs (*.log *.txt *.out)</source>
        <translation>Megatron-LM 或 torchtitan 日志 (*.log *.txt *.out)</translation>
    </message>
    <message>
        <source>PyTorch profiler traces (*.json)</source>
        <translation>PyTorch 性能分析器跟踪文件 (*.json)</translation>
    </message>
    <message>
        <source>All files (*)</source>
        <translation>所有文件 (*)</translation>
    </message>
    <message>
        <source>Measured Run</source>
        <translation>实测运行</translation>
    </message>
    <message>
        <source>The scenario has problems (see the parameters): fix them before calibrating.</source>
        <translation>场景存在问题（见参数面板）：请先修正再校准。</translation>
    </message>
    <message>
        <source>No compute scale reproduces the measured step: %1</source>
        <translation>没有任何计算缩放系数能复现实测单步：%1</translation>
    </message>
    <message>
        <source>the measured step time must be a number of seconds above 0.</source>
        <translation>实测单步时间必须是大于 0 的秒数。</translation>
    </message>
    <message>
        <source>the scenario has no step time to fit (it is invalid or too large to simulate).</source>
        <translation>场景没有可拟合的单步时间（场景无效，或规模太大无法模拟）。</translation>
    </message>
    <message>
        <source>the measured step (%1) is shorter than this scenario&apos;s communication and pipeline bubbles alone, even with its compute a thousand times faster. The run&apos;s network, layout or batch differs from the scenario&apos;s.</source>
        <translation>实测单步（%1）比该场景仅通信与流水线气泡的时间还短，即使计算快一千倍也是如此。该运行的网络、并行布局或批大小与场景不同。</translation>
    </message>
    <message>
        <source>the measured step (%1) is longer than this scenario takes with its compute %2 times slower. The run&apos;s layout or batch differs from the scenario&apos;s.</source>
        <translation>实测单步（%1）比该场景在计算慢 %2 倍时的单步还长。该运行的并行布局或批大小与场景不同。</translation>
    </message>
    <message>
        <source>a typed step of %1</source>
        <translation>输入的单步时间 %1</translation>
    </message>
    <message>
        <source>Calibrate compute to %1</source>
        <translation>按 %1 校准计算</translation>
    </message>
    <message>
        <source>Calibrate Compute</source>
        <translation>校准计算</translation>
    </message>
    <message>
        <source>Measured &amp;run:</source>
        <translation>实测运行(&amp;R)：</translation>
    </message>
    <message>
        <source>A Megatron-LM or torchtitan log, or a PyTorch profiler trace (.json)</source>
        <translation>Megatron-LM 或 torchtitan 日志，或 PyTorch 跟踪文件（.json）</translation>
    </message>
    <message>
        <source>&amp;Browse…</source>
        <translation>浏览(&amp;B)…</translation>
    </message>
    <message>
        <source>Or a &amp;step time:</source>
        <translation>或单步时间(&amp;S)：</translation>
    </message>
    <message>
        <source>The measured time of one training step, e.g. 13.75 s or 850 ms</source>
        <translation>一个训练步的实测时间，例如 13.75 s 或 850 ms</translation>
    </message>
    <message>
        <source>&amp;Fit</source>
        <translation>拟合(&amp;F)</translation>
    </message>
    <message>
        <source>Fit &amp;Again</source>
        <translation>重新拟合(&amp;A)</translation>
    </message>
    <message>
        <source>Fit the same measured step to the scenario as it is now</source>
        <translation>按场景的当前状态重新拟合同一实测单步</translation>
    </message>
    <message>
        <source>Set the fitted compute scale on the scenario (one undo step)</source>
        <translation>把拟合得到的计算缩放系数设置到场景中（一个撤销步骤）</translation>
    </message>
    <message>
        <source>Before</source>
        <translation>拟合前</translation>
    </message>
    <message>
        <source>After the fit</source>
        <translation>拟合后</translation>
    </message>
    <message>
        <source>Compute scale</source>
        <translation>计算缩放系数</translation>
    </message>
    <message>
        <source>Modelled step</source>
        <translation>模型单步</translation>
    </message>
    <message>
        <source>Measured step</source>
        <translation>实测单步</translation>
    </message>
    <message>
        <source>Error</source>
        <translation>误差</translation>
    </message>
    <message>
        <source>Kernel class</source>
        <translation>内核类别</translation>
    </message>
    <message>
        <source>Measured</source>
        <translation>实测</translation>
    </message>
    <message>
        <source>Modelled after the fit</source>
        <translation>拟合后的模型值</translation>
    </message>
    <message>
        <source>Kernel time per step by class: the trace&apos;s GPU against the model&apos;s busiest pipeline stage at the fitted scale.</source>
        <translation>按类别统计的每步内核时间：跟踪文件中的 GPU 对比模型在拟合后缩放系数下最繁忙的流水线阶段。</translation>
    </message>
    <message>
        <source>Typed step time</source>
        <translation>输入的单步时间</translation>
    </message>
    <message>
        <source>Megatron-LM log</source>
        <translation>Megatron-LM 日志</translation>
    </message>
    <message>
        <source>torchtitan log</source>
        <translation>torchtitan 日志</translation>
    </message>
    <message>
        <source>PyTorch profiler trace</source>
        <translation>PyTorch 性能分析器跟踪文件</translation>
    </message>
    <message>
        <source>&lt;b&gt;%1&lt;/b&gt; — %2</source>
        <translation>&lt;b&gt;%1&lt;/b&gt; — %2</translation>
    </message>
    <message>
        <source>Derived from</source>
        <translation>得出方式</translation>
    </message>
    <message>
        <source>typed in</source>
        <translation>手动输入</translation>
    </message>
    <message>
        <source>Throughput per GPU</source>
        <translation>每 GPU 吞吐量</translation>
    </message>
    <message>
        <source>MFU</source>
        <translation>MFU</translation>
    </message>
    <message>
        <source>Global batch</source>
        <translation>全局批大小</translation>
    </message>
    <message>
        <source>%1 sequences</source>
        <translation>%1 条序列</translation>
    </message>
    <message>
        <source>Warnings</source>
        <translation>警告</translation>
    </message>
    <message>
        <source>GEMM</source>
        <translation>GEMM</translation>
    </message>
    <message>
        <source>Attention</source>
        <translation>注意力</translation>
    </message>
    <message>
        <source>Elementwise (memory-bound)</source>
        <translation>逐元素（访存受限）</translation>
    </message>
    <message>
        <source>Optimizer</source>
        <translation>优化器</translation>
    </message>
    <message>
        <source>Communication</source>
        <translation>通信</translation>
    </message>
    <message>
        <source>Memory copies</source>
        <translation>内存拷贝</translation>
    </message>
    <message>
        <source>Other</source>
        <translation>其他</translation>
    </message>
    <message numerus="yes">
        <source>%n kernel(s) in the profiled steps</source>
        <translation>
            <numerusform>分析的各步中共 %n 个内核</numerusform>
        </translation>
    </message>
    <message>
        <source>Not a compute kernel class of the model: shown as measured only</source>
        <translation>不是模型中的计算内核类别：仅显示实测值</translation>
    </message>
    <message>
        <source>Fitting the compute scale: the step is simulated several times…</source>
        <translation>正在拟合计算缩放系数：需要多次模拟单步…</translation>
    </message>
    <message>
        <source>Reading the run and fitting the compute scale: the step is simulated several times…</source>
        <translation>正在读取运行记录并拟合计算缩放系数：需要多次模拟单步…</translation>
    </message>
    <message numerus="yes">
        <source>Fitted in %n simulation(s) of the step.</source>
        <translation>
            <numerusform>经 %n 次单步模拟完成拟合。</numerusform>
        </translation>
    </message>
    <message>
        <source>The scenario changed since this fit: Fit Again to calibrate it as it is now.</source>
        <translation>此次拟合之后场景已更改：请点击“重新拟合”，按当前场景校准。</translation>
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
    <name>ss::ExplainPanel</name>
    <message>
        <source>The scenario has problems. Fix them to see how its figures are computed.</source>
        <translation>场景存在问题。修正后即可查看各数值的计算方式。</translation>
    </message>
    <message>
        <source>Updating the explanation…</source>
        <translation>正在更新说明…</translation>
    </message>
    <message>
        <source>Computing the explanation…</source>
        <translation>正在计算说明…</translation>
    </message>
    <message>
        <source>No traffic crosses %1 in this step, so it has no figures to explain.</source>
        <translation>本步中没有流量经过 %1，因此没有可说明的数值。</translation>
    </message>
    <message>
        <source>This box has no figure of its own to explain.</source>
        <translation>此方块没有可单独说明的数值。</translation>
    </message>
    <message>
        <source>There is no explanation of %1 for this scenario.</source>
        <translation>此场景中没有 %1 的说明。</translation>
    </message>
    <message>
        <source>Related figures</source>
        <translation>相关数值</translation>
    </message>
    <message>
        <source>Symbols: %1</source>
        <translation>符号：%1</translation>
    </message>
    <message>
        <source>Source: %1</source>
        <translation>来源：%1</translation>
    </message>
    <message>
        <source>Copy as Text</source>
        <translation>复制为文本</translation>
    </message>
    <message>
        <source>Copy the explanations shown, formulas and sources, to the clipboard</source>
        <translation>将显示的说明（公式与来源）复制到剪贴板</translation>
    </message>
    <message>
        <source>Click a figure to see how it is computed: a segment of a memory bar, a box of the step timeline, a link of the topology, a bar of the bandwidth chart or a figure of the summary.</source>
        <translation>点击一个数值即可查看其计算方式：显存柱的一段、单步时间线中的一个方块、拓扑中的一条链路、带宽图中的一根柱，或摘要中的一个数值。</translation>
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
    <message>
        <source>Exported %1</source>
        <translation>已导出到 %1</translation>
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
    <message>
        <source>Expert parallel</source>
        <translation>专家并行</translation>
    </message>
    <message>
        <source>Context parallel</source>
        <translation>上下文并行</translation>
    </message>
    <message>
        <source>Expert data parallel</source>
        <translation>专家数据并行</translation>
    </message>
    <message>
        <source>Expert all-to-all (MoE)</source>
        <translation>专家全交换（MoE）</translation>
    </message>
    <message>
        <source>Context-parallel K/V exchange</source>
        <translation>上下文并行 K/V 交换</translation>
    </message>
    <message>
        <source>EP</source>
        <translation>EP</translation>
    </message>
    <message>
        <source>CP</source>
        <translation>CP</translation>
    </message>
    <message>
        <source>GEMM</source>
        <translation>GEMM</translation>
    </message>
    <message>
        <source>Attention</source>
        <translation>注意力</translation>
    </message>
    <message>
        <source>Memory-bound</source>
        <translation>访存受限</translation>
    </message>
    <message>
        <source>Launch</source>
        <translation>内核启动</translation>
    </message>
    <message>
        <source>%1 %2% (%3)</source>
        <extracomment>A kernel class (GEMM, Attention...), its percent of the op&apos;s compute, the seconds of one op</extracomment>
        <translation>%1 %2%（%3）</translation>
    </message>
</context>
<context>
    <name>ss::GanttCursor</name>
    <message>
        <source>idle</source>
        <translation>空闲</translation>
    </message>
    <message>
        <source>%1 #%2</source>
        <translation>%1 #%2</translation>
    </message>
    <message>
        <source>%1 + %2</source>
        <translation>%1 + %2</translation>
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
        <source>%1: %2</source>
        <translation>%1：%2</translation>
    </message>
    <message>
        <source>%1 of %2</source>
        <translation>%1 / %2</translation>
    </message>
    <message>
        <source>❚❚ Pause</source>
        <translation>❚❚ 暂停</translation>
    </message>
    <message>
        <source>▶ Play</source>
        <translation>▶ 播放</translation>
    </message>
    <message>
        <source>Pause the time cursor; drag it to any instant</source>
        <translation>暂停时间游标；可将其拖到任意时刻</translation>
    </message>
    <message>
        <source>Sweep a time cursor over the step: what every stage does, instant by instant</source>
        <translation>让时间游标扫过整个训练步：逐个时刻显示每一级在做什么</translation>
    </message>
    <message>
        <source>✕</source>
        <translation>✕</translation>
    </message>
    <message>
        <source>Hide the time cursor</source>
        <translation>隐藏时间游标</translation>
    </message>
</context>
<context>
    <name>ss::GlossaryDialog</name>
    <message>
        <source>Glossary</source>
        <translation>术语表</translation>
    </message>
    <message>
        <source>&amp;Glossary</source>
        <translation>术语表(&amp;G)</translation>
    </message>
    <message>
        <source>The terms of distributed training, each with a short definition and its source</source>
        <translation>分布式训练的术语，每条附简短定义和出处</translation>
    </message>
    <message>
        <source>&amp;Search:</source>
        <translation>搜索(&amp;S)：</translation>
    </message>
    <message>
        <source>A term or a word of its definition</source>
        <translation>术语或其定义中的词</translation>
    </message>
    <message numerus="yes">
        <source>%n term(s)</source>
        <translation>
            <numerusform>%n 个术语</numerusform>
        </translation>
    </message>
    <message>
        <source>No term matches “%1”.</source>
        <translation>没有与“%1”匹配的术语。</translation>
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
    <message>
        <source>%1 (imported)</source>
        <translation>%1（导入）</translation>
    </message>
    <message>
        <source>%1, %2, %3</source>
        <translation>%1，%2，%3</translation>
    </message>
    <message numerus="yes">
        <source>%n GPU(s)</source>
        <translation>
            <numerusform>%n 块 GPU</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n device(s)</source>
        <translation>
            <numerusform>%n 个设备</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n link(s)</source>
        <translation>
            <numerusform>%n 条链路</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>ss::LessonPanel</name>
    <message>
        <source>Lesson</source>
        <translation>课程</translation>
    </message>
    <message>
        <source>Open lesson %1</source>
        <translation>打开课程 %1</translation>
    </message>
    <message>
        <source>Lesson %1, step %2</source>
        <translation>课程 %1，第 %2 步</translation>
    </message>
    <message>
        <source>&amp;Lessons</source>
        <translation>课程(&amp;L)</translation>
    </message>
    <message>
        <source>Next Lesson Step</source>
        <translation>课程下一步</translation>
    </message>
    <message>
        <source>Go to the lesson&apos;s next step and apply it</source>
        <translation>进入课程的下一步并应用它</translation>
    </message>
    <message>
        <source>Previous Lesson Step</source>
        <translation>课程上一步</translation>
    </message>
    <message>
        <source>Go back to the lesson&apos;s previous step and apply it</source>
        <translation>回到课程的上一步并应用它</translation>
    </message>
    <message>
        <source>Previous</source>
        <translation>上一步</translation>
    </message>
    <message>
        <source>Go back to the previous step and apply it (Ctrl+Left, Page Up)</source>
        <translation>回到上一步并应用它（Ctrl+Left、Page Up）</translation>
    </message>
    <message>
        <source>Next</source>
        <translation>下一步</translation>
    </message>
    <message>
        <source>Go to the next step and apply it (Ctrl+Right, Page Down)</source>
        <translation>进入下一步并应用它（Ctrl+Right、Page Down）</translation>
    </message>
    <message>
        <source>Apply This Step</source>
        <translation>重新应用本步</translation>
    </message>
    <message>
        <source>Set this step&apos;s values again, after changes of your own</source>
        <translation>在你自己做了修改之后，重新设置本步的数值</translation>
    </message>
    <message>
        <source>Restart Lesson</source>
        <translation>重新开始课程</translation>
    </message>
    <message>
        <source>Open the lesson&apos;s scenario again, at step 1</source>
        <translation>重新打开课程的场景，回到第 1 步</translation>
    </message>
    <message>
        <source>Lessons</source>
        <translation>课程</translation>
    </message>
    <message>
        <source>Each lesson opens a scenario and walks through a few changes to it, one step at a time. Choose one:</source>
        <translation>每个课程打开一个场景，并一步一步地对它做几处修改。请选择一个：</translation>
    </message>
    <message>
        <source>Step %1 of %2: %3</source>
        <translation>第 %1 步，共 %2 步：%3</translation>
    </message>
    <message>
        <source>Another scenario is open. Restart the lesson to continue it.</source>
        <translation>当前打开的是另一个场景。重新开始课程即可继续。</translation>
    </message>
    <message>
        <source>You have changed values this step sets; Apply This Step sets them again.</source>
        <translation>你修改了本步设置的数值；“重新应用本步”会把它们设回去。</translation>
    </message>
    <message>
        <source>%1. %2</source>
        <translation>%1. %2</translation>
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
        <translation>颜色：链路利用率，繁忙时间 ÷ 单步时间</translation>
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
    <message>
        <source>Explain</source>
        <translation>说明</translation>
    </message>
    <message>
        <source>E&amp;xplain</source>
        <translation>说明(&amp;X)</translation>
    </message>
    <message>
        <source>Its shape can still be read by the keys most Hugging Face configurations share; check the parameter count against the model&apos;s card.</source>
        <translation>仍可按大多数 Hugging Face 配置共有的键读取其结构；请对照模型卡核对参数量。</translation>
    </message>
    <message>
        <source>Read with Common Keys</source>
        <translation>按通用键读取</translation>
    </message>
    <message>
        <source>Calibrate &amp;Compute…</source>
        <translation>校准计算(&amp;C)…</translation>
    </message>
    <message>
        <source>Fit the compute scale so the modelled step takes as long as a measured run&apos;s</source>
        <translation>拟合计算缩放系数，使模型单步时间与实测运行的单步时间相同</translation>
    </message>
    <message>
        <source>Overview</source>
        <translation>总览</translation>
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
    <message>
        <source>ZeRO-3 gathered parameters</source>
        <translation>ZeRO-3 聚集的参数</translation>
    </message>
    <message>
        <source>Gradient buckets</source>
        <translation>梯度桶</translation>
    </message>
    <message>
        <source>Logits gradient</source>
        <translation>logits 梯度</translation>
    </message>
    <message>
        <source>CUDA context and workspaces</source>
        <translation>CUDA 上下文与工作区</translation>
    </message>
    <message>
        <source>MoE dispatch buffers</source>
        <translation>MoE 分发缓冲区</translation>
    </message>
    <message>
        <source>FP8 weight copies</source>
        <translation>FP8 权重副本</translation>
    </message>
    <message>
        <source>Allocator fragmentation</source>
        <translation>分配器碎片</translation>
    </message>
    <message>
        <source>  %1: %2</source>
        <translation>  %1：%2</translation>
    </message>
    <message>
        <source>Frozen base weights</source>
        <translation>冻结的基座权重</translation>
    </message>
    <message>
        <source>Trainable weights (adapters)</source>
        <translation>可训练权重（适配器）</translation>
    </message>
    <message>
        <source>  weights: %1
  quantization constants: %2</source>
        <translation>  权重：%1
  量化常数：%2</translation>
    </message>
</context>
<context>
    <name>ss::OverviewView</name>
    <message>
        <source>Memory</source>
        <translation>显存</translation>
    </message>
    <message>
        <source>Show the memory chart full size, on its own tab</source>
        <translation>在单独的标签页中以完整尺寸显示显存图</translation>
    </message>
    <message>
        <source>Step timeline</source>
        <translation>训练步时间线</translation>
    </message>
    <message>
        <source>Show the step timeline full size, on its own tab</source>
        <translation>在单独的标签页中以完整尺寸显示训练步时间线</translation>
    </message>
    <message>
        <source>Topology</source>
        <translation>拓扑</translation>
    </message>
    <message>
        <source>Show the topology full size, on its own tab, where it can be edited</source>
        <translation>在单独的标签页中以完整尺寸显示拓扑，并可在那里编辑</translation>
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
    <message>
        <source>auto (the network&apos;s usual switch)</source>
        <translation>自动（该网络的常用交换机）</translation>
    </message>
    <message>
        <source>auto (the node&apos;s usual figure)</source>
        <translation>自动（该节点的常规配置）</translation>
    </message>
    <message>
        <source>auto (FFN size)</source>
        <translation>自动（FFN 大小）</translation>
    </message>
    <message>
        <source>dropless (no limit)</source>
        <translation>不丢弃（无上限）</translation>
    </message>
    <message>
        <source>none (direct projection)</source>
        <translation>无（直接投影）</translation>
    </message>
    <message>
        <source>auto (as tensor parallel)</source>
        <translation>自动（同张量并行）</translation>
    </message>
    <message>
        <source>auto (even split)</source>
        <translation>自动（均分）</translation>
    </message>
    <message>
        <source>Set %1 to %2</source>
        <translation>将%1设为 %2</translation>
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
    <message>
        <source>Tokens/s</source>
        <translation>token/s</translation>
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
        <translation>流水线并行度（级数）</translation>
    </message>
    <message>
        <source>Sequence parallelism</source>
        <translation>序列并行</translation>
    </message>
    <message>
        <source>Peak memory of the fullest GPU against its capacity</source>
        <translation>最满 GPU 的峰值显存与其容量</translation>
    </message>
    <message>
        <source>, context parallel %1</source>
        <translation>，上下文并行 %1</translation>
    </message>
    <message>
        <source>, expert parallel %1 × expert tensor parallel %2</source>
        <translation>，专家并行 %1 × 专家张量并行 %2</translation>
    </message>
    <message>
        <source>, first and last stages %1 and %2 layers</source>
        <translation>，首末阶段各 %1 层和 %2 层</translation>
    </message>
    <message>
        <source>CP</source>
        <translation>CP</translation>
    </message>
    <message>
        <source>EP</source>
        <translation>EP</translation>
    </message>
    <message>
        <source>Context-parallel degree (each sequence split over this many GPUs)</source>
        <translation>上下文并行度（每条序列切分到这么多 GPU 上）</translation>
    </message>
    <message>
        <source>Expert-parallel degree (the experts split over this many GPUs)</source>
        <translation>专家并行度（专家切分到这么多 GPU 上）</translation>
    </message>
    <message>
        <source>%1 · %2</source>
        <translation>%1 · %2</translation>
    </message>
    <message>
        <source>%1 r %2 · %3</source>
        <translation>%1 r %2 · %3</translation>
    </message>
    <message>
        <source>%1, micro batch %2, ZeRO %3, recompute: %4</source>
        <translation>%1，微批次 %2，ZeRO %3，重计算：%4</translation>
    </message>
    <message>
        <source>Recipe</source>
        <translation>方案</translation>
    </message>
    <message>
        <source>Full training or LoRA/QLoRA adapters of rank r, and the optimizer</source>
        <translation>完整训练或秩为 r 的 LoRA/QLoRA 适配器，以及优化器</translation>
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
        <translation>允许张量并行跨越节点（其全归约通信随之经过网络）</translation>
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
        <translation>流水线级数</translation>
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
    <message>
        <source>The results are for an earlier scenario: Run again to apply a layout</source>
        <translation>结果属于先前的场景：请重新运行后再应用布局</translation>
    </message>
    <message>
        <source>The results are for an earlier scenario: Run again before applying a layout.</source>
        <translation>结果属于先前的场景：请先重新运行，再应用布局。</translation>
    </message>
    <message>
        <source>Fine-tuning recipes</source>
        <translation>微调方案</translation>
    </message>
    <message>
        <source>Also try full training, LoRA and QLoRA, with the scenario&apos;s optimizer and 8-bit Adam: ranked by step time, the first row is the cheapest recipe that fits</source>
        <translation>同时尝试完整训练、LoRA 和 QLoRA，以及场景的优化器和 8 位 Adam：按步时排序，第一行即放得下的最省方案</translation>
    </message>
</context>
<context>
    <name>ss::PresentationMode</name>
    <message>
        <source>P&amp;resentation Mode</source>
        <translation>演示模式(&amp;R)</translation>
    </message>
    <message>
        <source>Large type, thick lines and high contrast for a projector; the lesson (or the explanation) stays, the other panels hide. Esc leaves; PageDown and PageUp step the lesson.</source>
        <translation>适合投影仪的大字号、粗线条和高对比度；保留课程（或说明）面板，隐藏其他面板。按 Esc 退出；PageDown 和 PageUp 切换课程步骤。</translation>
    </message>
    <message>
        <source>&amp;Full Screen in Presentation Mode</source>
        <translation>演示模式下全屏(&amp;F)</translation>
    </message>
    <message>
        <source>Presentation mode fills the screen</source>
        <translation>演示模式占满整个屏幕</translation>
    </message>
</context>
<context>
    <name>ss::RingAnimationControl</name>
    <message>
        <source>The animation shows all-reduce, reduce-scatter and all-gather on rings; this collective is a %1.</source>
        <translation>动画演示环上的全归约、归约散射和全收集；此集合通信是 %1。</translation>
    </message>
    <message>
        <source>The animation shows the ring algorithm; this collective uses the %1 algorithm.</source>
        <translation>动画演示环算法；此集合通信使用 %1 算法。</translation>
    </message>
    <message>
        <source>unknown</source>
        <translation>未知</translation>
    </message>
    <message>
        <source>Nothing to animate: the collective&apos;s ring has fewer than two GPUs.</source>
        <translation>没有可演示的内容：该集合通信的环少于两个 GPU。</translation>
    </message>
    <message numerus="yes">
        <source>Done after %n step(s): every GPU holds every chunk, summed over all %1 GPUs.</source>
        <translation>
            <numerusform>%n 步后完成：每个 GPU 都持有全部数据块，已对全部 %1 个 GPU 求和。</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Done after %n step(s): each GPU holds its own chunk, summed over all %1 GPUs.</source>
        <translation>
            <numerusform>%n 步后完成：每个 GPU 持有自己的数据块，已对全部 %1 个 GPU 求和。</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Done after %n step(s): every GPU holds every GPU&apos;s chunk.</source>
        <translation>
            <numerusform>%n 步后完成：每个 GPU 都持有所有 GPU 的数据块。</numerusform>
        </translation>
    </message>
    <message>
        <source>Reduce-scatter step %1 of %2</source>
        <translation>归约散射第 %1 步（共 %2 步）</translation>
    </message>
    <message>
        <source>All-gather step %1 of %2</source>
        <translation>全收集第 %1 步（共 %2 步）</translation>
    </message>
    <message>
        <source>%1 sends chunk %2 to %3</source>
        <translation>%1 把数据块 %2 发给 %3</translation>
    </message>
    <message numerus="yes">
        <source>and %n more</source>
        <translation>
            <numerusform>另有 %n 个</numerusform>
        </translation>
    </message>
    <message>
        <source>each GPU adds the chunk it receives to its own</source>
        <translation>每个 GPU 把收到的数据块累加到自己的数据块上</translation>
    </message>
    <message>
        <source>each GPU keeps the finished chunk it receives</source>
        <translation>每个 GPU 保存收到的已完成数据块</translation>
    </message>
    <message>
        <source>%1, %2</source>
        <translation>%1，%2</translation>
    </message>
    <message>
        <source>%1: %2 (%3).</source>
        <translation>%1：%2（%3）。</translation>
    </message>
    <message>
        <source>Step %1 of %2. %3</source>
        <translation>第 %1 步（共 %2 步）。%3</translation>
    </message>
    <message>
        <source>(Hierarchical: its first ring channel; the machines then exchange their shares between rings.)</source>
        <translation>（分层算法：演示其第一个环通道；之后各机器再在环之间交换各自的份额。）</translation>
    </message>
    <message>
        <source>Some GPUs of the ring are in collapsed machines: expand them to see every packet.</source>
        <translation>环中有些 GPU 位于折叠的机器中：展开它们才能看到全部数据包。</translation>
    </message>
    <message>
        <source>%1 partial sum &amp;nbsp; %2 finished chunk</source>
        <translation>%1 部分和 &amp;nbsp; %2 已完成的数据块</translation>
    </message>
    <message numerus="yes">
        <source>Discs carry partial sums (reduce-scatter), squares finished chunks (all-gather). Along the foot of each GPU its %n chunk(s): white not there yet, blue a partial sum (darker: more GPUs added), green finished.</source>
        <translation>
            <numerusform>圆点携带部分和（归约散射），方块携带已完成的数据块（全收集）。每个 GPU 底部是它的 %n 个数据块：白色为尚未收到，蓝色为部分和（越深表示累加的 GPU 越多），绿色为已完成。</numerusform>
        </translation>
    </message>
    <message>
        <source>Pause</source>
        <translation>暂停</translation>
    </message>
    <message>
        <source>Replay</source>
        <translation>重播</translation>
    </message>
    <message>
        <source>Play</source>
        <translation>播放</translation>
    </message>
    <message>
        <source>Pause the animation</source>
        <translation>暂停动画</translation>
    </message>
    <message>
        <source>Play the ring algorithm step by step</source>
        <translation>逐步播放环算法</translation>
    </message>
    <message>
        <source>Animate the ring:</source>
        <translation>环算法动画：</translation>
    </message>
    <message>
        <source>◀ Step</source>
        <translation>◀ 上一步</translation>
    </message>
    <message>
        <source>Show the previous step</source>
        <translation>显示上一步</translation>
    </message>
    <message>
        <source>Step ▶</source>
        <translation>下一步 ▶</translation>
    </message>
    <message>
        <source>Show the next step</source>
        <translation>显示下一步</translation>
    </message>
    <message>
        <source>&amp;Speed:</source>
        <translation>速度(&amp;S)：</translation>
    </message>
    <message>
        <source>%1×</source>
        <translation>%1×</translation>
    </message>
    <message>
        <source>How fast the animation plays</source>
        <translation>动画播放的快慢</translation>
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
    <message>
        <source>Does not fit in NVMe</source>
        <translation>NVMe 放不下</translation>
    </message>
    <message>
        <source>Does not fit in host memory</source>
        <translation>主机内存放不下</translation>
    </message>
    <message>
        <source>Offloaded states per node: %1 of %2 host memory, %3 of %4 NVMe.</source>
        <translation>每节点卸载的状态：主机内存 %1 / %2，NVMe %3 / %4。</translation>
    </message>
    <message>
        <source>The offload does not fit the host either.</source>
        <translation>卸载的状态在主机上也放不下。</translation>
    </message>
    <message>
        <source>%1 (%2 active)</source>
        <translation>%1（激活 %2）</translation>
    </message>
    <message>
        <source>%1 parameters in all; one token passes through %2 of them (%3): the shared layers and the experts it is routed to.</source>
        <translation>共 %1 个参数；每个词元经过其中的 %2（%3）：共享的层和它被路由到的专家。</translation>
    </message>
    <message>
        <source>The multi-token-prediction modules add %1, trained beside them.</source>
        <translation>多词元预测（MTP）模块另有 %1，与之一同训练。</translation>
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
        <translation>单步时间</translation>
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
    <name>ss::TopologyCanvas</name>
    <message>
        <source>The link that limits the training step.</source>
        <translation>限制训练步的链路。</translation>
    </message>
    <message>
        <source>The busiest link (something else limits the training step).</source>
        <translation>最繁忙的链路（限制训练步的是其他因素）。</translation>
    </message>
    <message>
        <source>Click (or press Enter) to centre the view on it and select it.</source>
        <translation>单击（或按 Enter 键）可将视图居中到该链路并选中它。</translation>
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
    <message numerus="yes">
        <source>%n× %1 (built from the GPU)</source>
        <translation>
            <numerusform>%n× %1（按 GPU 构建）</numerusform>
        </translation>
    </message>
    <message>
        <source>Unknown link kind &quot;%1&quot;; expected one beginning with nvlink, nvswitch, xgmi, pcie, host, qpi, upi, ib, roce or ethernet.</source>
        <translation>未知的链路类型“%1”；应以 nvlink、nvswitch、xgmi、pcie、host、qpi、upi、ib、roce 或 ethernet 开头。</translation>
    </message>
    <message>
        <source>Context parallel</source>
        <translation>上下文并行</translation>
    </message>
    <message>
        <source>Expert data parallel</source>
        <translation>专家数据并行</translation>
    </message>
    <message>
        <source>Show the whole topology, or a readable part of one too wide for the view, around its bottleneck; pan with the middle button or Space and drag</source>
        <translation>显示整个拓扑；拓扑太宽、整体缩放后无法看清时，显示其瓶颈周围清晰可读的部分；按住中键或空格拖动可平移</translation>
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
        <translation>利用率：单步时间的 %1%</translation>
    </message>
    <message>
        <source>%1% of the busiest link&apos;s time (the step time is not simulated yet)</source>
        <translation>为最繁忙链路繁忙时间的 %1%（尚未模拟单步时间）</translation>
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
    <message numerus="yes">
        <source>%n links into the collapsed switches; the busiest is shown</source>
        <translation>
            <numerusform>通往折叠交换机的 %n 条链路；显示其中最繁忙的一条</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n network switches of one row drawn as one (%1). Double-click to draw them all.</source>
        <translation>
            <numerusform>同一层的 %n 台网络交换机画成一组（%1）。双击可全部画出。</numerusform>
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
    <message>
        <source>is a directory, expected a file</source>
        <translation>是一个目录，应为文件</translation>
    </message>
    <message>
        <source>too large (%1 bytes)</source>
        <translation>过大（%1 字节）</translation>
    </message>
    <message>
        <source>too large</source>
        <translation>过大</translation>
    </message>
    <message>
        <source>not a regular file (a FIFO, socket or device), expected a file</source>
        <translation>不是普通文件（FIFO、套接字或设备），应为文件</translation>
    </message>
    <message>
        <source>duplicate key &quot;%1&quot; (first on line %2): a key may appear only once in an object</source>
        <translation>重复的键 &quot;%1&quot;（首次出现在第 %2 行）：一个对象中每个键只能出现一次</translation>
    </message>
    <message>
        <source>not a regular file (a FIFO, socket or device); expected a file to read</source>
        <translation>不是普通文件（FIFO、套接字或设备）；应为可读取的文件</translation>
    </message>
    <message>
        <source>not a regular file (a FIFO, socket or device), expected a scenario file</source>
        <translation>不是普通文件（FIFO、套接字或设备），应为场景文件</translation>
    </message>
    <message>
        <source>not a regular file (a FIFO, socket or device), expected a topology file</source>
        <translation>不是普通文件（FIFO、套接字或设备），应为拓扑文件</translation>
    </message>
    <message>
        <source>an integer from 0 to 100000</source>
        <translation>0 到 100000 的整数</translation>
    </message>
    <message>
        <source>%1 tokens per step over %2 GPUs at %3 tokens/s per GPU (median)</source>
        <translation>每步 %1 个 token，%2 个 GPU，每个 GPU 每秒 %3 个 token（中位数）</translation>
    </message>
    <message>
        <source>the run has neither step times nor tokens per second to calibrate against</source>
        <translation>该运行既没有训练步时间，也没有每秒 token 数，无法据此校准</translation>
    </message>
    <message>
        <source>the run&apos;s global batch is %1 sequences, the scenario&apos;s %2: the fit compares steps of different sizes</source>
        <translation>该运行的全局批大小为 %1 个序列，场景为 %2：拟合比较的是大小不同的训练步</translation>
    </message>
    <message>
        <source>a Megatron-LM or torchtitan training log or a PyTorch profiler trace</source>
        <translation>Megatron-LM 或 torchtitan 训练日志，或 PyTorch profiler 跟踪</translation>
    </message>
    <message>
        <source>line %1</source>
        <translation>第 %1 行</translation>
    </message>
    <message>
        <source>%1: expected %2, got &quot;%3&quot;</source>
        <translation>%1：应为%2，实际为 &quot;%3&quot;</translation>
    </message>
    <message>
        <source>no training iterations: expected Megatron-LM lines (&quot;iteration N/M | ... | elapsed time per iteration (ms): ...&quot;), torchtitan lines (&quot;step: N ... tps: ...&quot;) or a PyTorch profiler trace (JSON with &quot;traceEvents&quot;)</source>
        <translation>没有训练迭代：应为 Megatron-LM 的行（&quot;iteration N/M | ... | elapsed time per iteration (ms): ...&quot;）、torchtitan 的行（&quot;step: N ... tps: ...&quot;）或 PyTorch profiler 跟踪（带 &quot;traceEvents&quot; 的 JSON）</translation>
    </message>
    <message>
        <source>a time above 0</source>
        <translation>大于 0 的时间</translation>
    </message>
    <message>
        <source>a throughput of 0 or more</source>
        <translation>0 或更大的吞吐量</translation>
    </message>
    <message>
        <source>a whole number above 0</source>
        <translation>大于 0 的整数</translation>
    </message>
    <message>
        <source>an iteration line without &quot;%1&quot;</source>
        <translation>缺少 &quot;%1&quot; 的迭代行</translation>
    </message>
    <message>
        <source>tokens per second above 0</source>
        <translation>大于 0 的每秒 token 数</translation>
    </message>
    <message>
        <source>a percentage of 0 or more</source>
        <translation>0 或更大的百分比</translation>
    </message>
    <message>
        <source>a trace event (an object)</source>
        <translation>一个跟踪事件（对象）</translation>
    </message>
    <message>
        <source>%1: expected a start time in microseconds, got %2</source>
        <translation>%1：应为以微秒计的开始时间，实际为 %2</translation>
    </message>
    <message>
        <source>%1: expected a duration of 0 or more microseconds, got %2</source>
        <translation>%1：应为 0 或更多微秒的持续时间，实际为 %2</translation>
    </message>
    <message>
        <source>%1: the event does not end</source>
        <translation>%1：该事件没有结束</translation>
    </message>
    <message>
        <source>JSON syntax error: %1; expected a PyTorch profiler trace</source>
        <translation>JSON 语法错误：%1；应为 PyTorch profiler 跟踪</translation>
    </message>
    <message>
        <source>the array of trace events of a PyTorch profiler trace</source>
        <translation>PyTorch profiler 跟踪的跟踪事件数组</translation>
    </message>
    <message>
        <source>expected a JSON object with &quot;traceEvents&quot; (a PyTorch profiler trace)</source>
        <translation>应为带 &quot;traceEvents&quot; 的 JSON 对象（PyTorch profiler 跟踪）</translation>
    </message>
    <message>
        <source>no ProfilerStep#N spans: expected a PyTorch profiler trace recorded with a schedule and prof.step() called every iteration</source>
        <translation>没有 ProfilerStep#N 区间：应为用 schedule 录制、并且每次迭代都调用 prof.step() 的 PyTorch profiler 跟踪</translation>
    </message>
    <message>
        <source>ProfilerStep#%1 lasts 0 us: expected a step time above 0</source>
        <translation>ProfilerStep#%1 持续 0 微秒：应为大于 0 的训练步时间</translation>
    </message>
    <message>
        <source>no GPU kernels (events of category &quot;kernel&quot;) inside the ProfilerStep spans</source>
        <translation>ProfilerStep 区间内没有 GPU 内核（类别为 &quot;kernel&quot; 的事件）</translation>
    </message>
    <message>
        <source>no GPU kernels (events of category &quot;kernel&quot;): expected a trace recorded with ProfilerActivity.CUDA</source>
        <translation>没有 GPU 内核（类别为 &quot;kernel&quot; 的事件）：应为用 ProfilerActivity.CUDA 录制的跟踪</translation>
    </message>
    <message>
        <source>too large for a training log or trace (%1 bytes; at most 512 MiB)</source>
        <translation>作为训练日志或跟踪太大（%1 字节；至多 512 MiB）</translation>
    </message>
    <message>
        <source>the file is empty; expected %1</source>
        <translation>文件为空；应为%1</translation>
    </message>
    <message>
        <source>is a directory, expected %1</source>
        <translation>是一个目录，应为%1</translation>
    </message>
    <message>
        <source>too large for a training log or trace (at most 512 MiB)</source>
        <translation>作为训练日志或跟踪太大（至多 512 MiB）</translation>
    </message>
    <message>
        <source>not a regular file (a FIFO, socket or device), expected %1</source>
        <translation>不是普通文件（FIFO、套接字或设备），应为%1</translation>
    </message>
    <message>
        <source>median after warm-up (steps: %1)</source>
        <translation>预热后的中位数（步数：%1）</translation>
    </message>
    <message>
        <source>one of q, k, v, o, gate, up, down, experts, embed, head</source>
        <translation>q、k、v、o、gate、up、down、experts、embed、head 之一</translation>
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
        <translation>%1 不是 train_micro_batch_size_per_gpu × gradient_accumulation_steps = %2 × %3 的倍数（DeepSpeed 要求 train_batch_size = 微批次大小 × 梯度累积步数 × 数据并行规模）</translation>
    </message>
    <message>
        <source>batch %1 = %2 × %3 steps × dp %4</source>
        <translation>批大小 %1 = %2 × %3 步 × dp %4</translation>
    </message>
    <message>
        <source>micro-batch %1 × %2 steps</source>
        <translation>微批次 %1 × %2 步</translation>
    </message>
    <message>
        <source>the global batch is train_micro_batch_size_per_gpu × gradient_accumulation_steps × dp: it follows from the data-parallel size of the scenario the config is applied to</source>
        <translation>全局批大小为 train_micro_batch_size_per_gpu × gradient_accumulation_steps × dp：取决于应用该配置的场景的数据并行规模</translation>
    </message>
    <message>
        <source>batch %1</source>
        <translation>批大小 %1</translation>
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
        <translation>train_batch_size %1 = %2 × %3 个梯度累积步，意味着 dp 为 %4，但场景的 dp 为 %5；每步的微批次数按场景自身的 dp 计算</translation>
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
    <message>
        <source>the written scenario sets parallel.dp %1 × tp %2 × pp %3 to cover the %4 GPUs, so that it evaluates as it is</source>
        <translation>写出的场景设置 parallel.dp %1 × tp %2 × pp %3 以覆盖全部 %4 个 GPU，使其可直接求值</translation>
    </message>
    <message>
        <source>the written scenario sets training.global_batch %1 (was %2), a multiple of dp × micro_batch = %3</source>
        <translation>写出的场景设置 training.global_batch 为 %1（原为 %2），即 dp × micro_batch = %3 的倍数</translation>
    </message>
    <message>
        <source>the written scenario does not evaluate yet: %1</source>
        <translation>写出的场景尚不能求值：%1</translation>
    </message>
    <message>
        <source>not a regular file (a FIFO, socket or device), expected a file to import</source>
        <translation>不是普通文件（FIFO、套接字或设备），应为要导入的文件</translation>
    </message>
    <message>
        <source>a size in bytes</source>
        <translation>以字节计的大小</translation>
    </message>
    <message>
        <source>a count of elements</source>
        <translation>元素个数</translation>
    </message>
    <message>
        <source>a bandwidth in GB/s</source>
        <translation>以 GB/s 计的带宽</translation>
    </message>
    <message>
        <source>column %1 (%2): expected %3, got &quot;%4&quot;</source>
        <translation>第 %1 列（%2）：应为%3，实际为 &quot;%4&quot;</translation>
    </message>
    <message>
        <source>duplicate key &quot;%1&quot; (first on line %2): a key may appear only once in an object</source>
        <translation>重复的键 &quot;%1&quot;（首次出现在第 %2 行）：一个对象中每个键只能出现一次</translation>
    </message>
    <message>
        <source>column %1: &quot;%2&quot; would bond %3 NVLinks between two GPUs; no GPU has more than %4 (H100, B200), so nvidia-smi does not print it</source>
        <translation>列 %1：&quot;%2&quot; 表示两个 GPU 之间绑定 %3 条 NVLink；没有 GPU 超过 %4 条（H100、B200），nvidia-smi 不会输出此值</translation>
    </message>
    <message>
        <source>the SOC codes of drivers before R384: a Haswell or Broadwell host</source>
        <translation>R384 之前驱动的 SOC 代码：Haswell 或 Broadwell 主机</translation>
    </message>
    <message>
        <source>NV1/NV2 bonds are NVLink 1 or 2 of P100/V100, as in DGX-1 with Broadwell Xeons; a Skylake or Cascade Lake host has upi-10.4</source>
        <translation>NV1/NV2 绑定是 P100/V100 的 NVLink 1 或 2，如采用 Broadwell 至强的 DGX-1；Skylake 或 Cascade Lake 主机为 upi-10.4</translation>
    </message>
    <message>
        <source>NV12 is an A100&apos;s NVLink 3, as in DGX A100 with AMD EPYC Rome; an Intel Ice Lake host has upi-11.2</source>
        <translation>NV12 是 A100 的 NVLink 3，如采用 AMD EPYC Rome 的 DGX A100；Intel Ice Lake 主机为 upi-11.2</translation>
    </message>
    <message>
        <source>NV18 is an H100&apos;s or B200&apos;s NVLink, as in DGX H100 with Sapphire Rapids Xeons; an AMD EPYC host has xGMI</source>
        <translation>NV18 是 H100 或 B200 的 NVLink，如采用 Sapphire Rapids 至强的 DGX H100；AMD EPYC 主机为 xGMI</translation>
    </message>
    <message>
        <source>nothing in the file dates the host: the Skylake and Cascade Lake default</source>
        <translation>文件中没有可判断主机年代的信息：使用 Skylake 与 Cascade Lake 的默认值</translation>
    </message>
    <message>
        <source>nvidia-smi names no GPU model, link generation or socket link: assumed %1, PCIe Gen%2 and %3 between NUMA nodes (%4); edit the links where they differ</source>
        <translation>nvidia-smi 未给出 GPU 型号、链路代际或插槽间链路：假定为 %1、PCIe Gen%2，NUMA 节点之间为 %3（%4）；如有不同请编辑链路</translation>
    </message>
    <message>
        <source>the q_norm and k_norm of every layer (2 × head_dim)</source>
        <translation>每层的 q_norm 和 k_norm（2 × head_dim）</translation>
    </message>
    <message>
        <source>the pre- and post-feedforward norms of every layer (four norms, not two)</source>
        <translation>每层前馈网络前后的归一化层（四个归一化层，而非两个）</translation>
    </message>
    <message>
        <source>biases on the latent-attention projections are not supported</source>
        <translation>不支持潜在注意力投影上的偏置</translation>
    </message>
    <message>
        <source>the experts each token uses</source>
        <translation>每个词元使用的专家数</translation>
    </message>
    <message>
        <source>only every layer after the dense ones having experts (1) is supported, got %1</source>
        <translation>仅支持稠密层之后的每一层都有专家（1），实际为 %1</translation>
    </message>
    <message>
        <source>%1 dense layers of %2</source>
        <translation>%2 层中有 %1 个稠密层</translation>
    </message>
    <message>
        <source>the router&apos;s e_score_correction_bias (one number per expert in every MoE layer)</source>
        <translation>路由器的 e_score_correction_bias（每个 MoE 层中每个专家一个数）</translation>
    </message>
    <message>
        <source>the rank of the compressed keys and values (multi-head latent attention)</source>
        <translation>压缩后键和值的秩（多头潜在注意力）</translation>
    </message>
    <message>
        <source>the shared expert of width %1, which is no whole number of experts of width %2</source>
        <translation>宽度为 %1 的共享专家，不是宽度为 %2 的专家的整数倍</translation>
    </message>
    <message>
        <source>the shared_expert_gate of every layer (h weights)</source>
        <translation>每层的 shared_expert_gate（h 个权重）</translation>
    </message>
    <message>
        <source>only experts in every layer (1) is supported, got %1</source>
        <translation>仅支持每一层都有专家（1），实际为 %1</translation>
    </message>
    <message>
        <source>only an empty list (experts in every layer) is supported</source>
        <translation>仅支持空列表（每一层都有专家）</translation>
    </message>
    <message>
        <source>no model_type</source>
        <translation>没有 model_type</translation>
    </message>
    <message>
        <source>unknown model_type &quot;%1&quot;</source>
        <translation>未知的 model_type &quot;%1&quot;</translation>
    </message>
    <message>
        <source>%1: its parameter count cannot be checked (known: %2); import with the common keys (--common-keys) to read its shape anyway</source>
        <translation>%1：无法核对其参数量（已知类型：%2）；如仍要读取其形状，请使用通用键导入（--common-keys）</translation>
    </message>
    <message>
        <source>, %1 experts (%2 per token)</source>
        <translation>，%1 个专家（每个词元 %2 个）</translation>
    </message>
    <message>
        <source>, %1 active per token</source>
        <translation>，每个词元激活 %1</translation>
    </message>
    <message>
        <source>; multi-token prediction adds %1</source>
        <translation>；多词元预测另有 %1</translation>
    </message>
    <message>
        <source>&quot;%1&quot; quantization is not modelled; the base is read as 16-bit weights</source>
        <translation>未对 &quot;%1&quot; 量化建模；基座按 16 位权重读取</translation>
    </message>
    <message>
        <source>load_in_4bit and load_in_8bit are both true; expected at most one</source>
        <translation>load_in_4bit 和 load_in_8bit 都为 true；最多只能有一个</translation>
    </message>
    <message>
        <source>expected &quot;nf4&quot; or &quot;fp4&quot;, got &quot;%1&quot;</source>
        <translation>应为 &quot;nf4&quot; 或 &quot;fp4&quot;，实际为 &quot;%1&quot;</translation>
    </message>
    <message>
        <source>; base quantized to 4 bits (%1%2)</source>
        <translation>；基座量化为 4 位（%1%2）</translation>
    </message>
    <message>
        <source>, double quantization</source>
        <translation>，双重量化</translation>
    </message>
    <message>
        <source>; base quantized to 8 bits (LLM.int8())</source>
        <translation>；基座量化为 8 位（LLM.int8()）</translation>
    </message>
    <message>
        <source>only LoRA adapters are modelled (expected &quot;LORA&quot;), got &quot;%1&quot;</source>
        <translation>只对 LoRA 适配器建模（应为 &quot;LORA&quot;），实际为 &quot;%1&quot;</translation>
    </message>
    <message>
        <source>expected a number above 0, got %1</source>
        <translation>应为大于 0 的数，实际为 %1</translation>
    </message>
    <message>
        <source>a module name</source>
        <translation>模块名</translation>
    </message>
    <message>
        <source>a list of module names or &quot;all-linear&quot;</source>
        <translation>模块名列表或 &quot;all-linear&quot;</translation>
    </message>
    <message>
        <source>not modelled, left out: %1</source>
        <translation>未建模，已忽略：%1</translation>
    </message>
    <message>
        <source>none of the modules is a layer the engine adapts (q_proj, k_proj, v_proj, o_proj, gate_proj, up_proj, down_proj, embed_tokens, lm_head, ...)</source>
        <translation>这些模块都不是引擎能适配的层（q_proj、k_proj、v_proj、o_proj、gate_proj、up_proj、down_proj、embed_tokens、lm_head 等）</translation>
    </message>
    <message>
        <source>fully trained extra modules are not modelled</source>
        <translation>未对完整训练的额外模块建模</translation>
    </message>
    <message>
        <source>LoRA adapter: rank %1, alpha %2, targets %3%4</source>
        <translation>LoRA 适配器：秩 %1，alpha %2，目标层 %3%4</translation>
    </message>
    <message>
        <source> (base model %1)</source>
        <translation>（基座模型 %1）</translation>
    </message>
    <message>
        <source>expected a probability in [0, 1), got %1</source>
        <translation>应为 [0, 1) 内的概率，实际为 %1</translation>
    </message>
</context>
</TS>
