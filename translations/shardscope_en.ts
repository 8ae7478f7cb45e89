<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="en_US">
<context>
    <name>EngineText</name>
    <message numerus="yes">
        <source>dp × tp × pp × cp = %1 × %2 × %3 × %4 = %5, but the cluster has %n GPU(s)</source>
        <translation>
            <numerusform>dp × tp × pp × cp = %1 × %2 × %3 × %4 = %5, but the cluster has %n GPU</numerusform>
            <numerusform>dp × tp × pp × cp = %1 × %2 × %3 × %4 = %5, but the cluster has %n GPUs</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n GPU(s)</source>
        <translation>
            <numerusform>%n GPU</numerusform>
            <numerusform>%n GPUs</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n node(s) of %1</source>
        <translation>
            <numerusform>%n node of %1</numerusform>
            <numerusform>%n nodes of %1</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>The %1 preset has %n GPU(s) per node, not %2 (the &quot;auto&quot; node preset builds a node of any size)</source>
        <translation>
            <numerusform>The %1 preset has %n GPU per node, not %2 (the &quot;auto&quot; node preset builds a node of any size)</numerusform>
            <numerusform>The %1 preset has %n GPUs per node, not %2 (the &quot;auto&quot; node preset builds a node of any size)</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>The topology has %n GPU(s), but nodes × GPUs per node = %1</source>
        <translation>
            <numerusform>The topology has %n GPU, but nodes × GPUs per node = %1</numerusform>
            <numerusform>The topology has %n GPUs, but nodes × GPUs per node = %1</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>FieldNames</name>
    <message numerus="yes">
        <source>%n bit(s)</source>
        <translation>
            <numerusform>%n bit</numerusform>
            <numerusform>%n bits</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>ss::CalibrateDialog</name>
    <message numerus="yes">
        <source>%n kernel(s) in the profiled steps</source>
        <translation>
            <numerusform>%n kernel in the profiled steps</numerusform>
            <numerusform>%n kernels in the profiled steps</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Fitted in %n simulation(s) of the step.</source>
        <translation>
            <numerusform>Fitted in %n simulation of the step.</numerusform>
            <numerusform>Fitted in %n simulations of the step.</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>ss::CalibrationChart</name>
    <message numerus="yes">
        <source>%1, %n ranks: α = %2, 1/β = %3, R² = %4</source>
        <translation>
            <numerusform>%1, %n ranks: α = %2, 1/β = %3, R² = %4</numerusform>
            <numerusform>%1, %n ranks: α = %2, 1/β = %3, R² = %4</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>ss::GanttChart</name>
    <message numerus="yes">
        <source>%1 over %n GPU(s)</source>
        <translation>
            <numerusform>%1 over %n GPU</numerusform>
            <numerusform>%1 over %n GPUs</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Click to show the other %n GPU(s) of stage %1</source>
        <translation>
            <numerusform>Click to show the other %n GPU of stage %1</numerusform>
            <numerusform>Click to show the other %n GPUs of stage %1</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>ss::GlossaryDialog</name>
    <message numerus="yes">
        <source>%n term(s)</source>
        <translation>
            <numerusform>%n term</numerusform>
            <numerusform>%n terms</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>ss::ImportDialog</name>
    <message numerus="yes">
        <source>%n GPU(s)</source>
        <translation>
            <numerusform>%n GPU</numerusform>
            <numerusform>%n GPUs</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n device(s)</source>
        <translation>
            <numerusform>%n device</numerusform>
            <numerusform>%n devices</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n link(s)</source>
        <translation>
            <numerusform>%n link</numerusform>
            <numerusform>%n links</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>ss::RingAnimationControl</name>
    <message numerus="yes">
        <source>Done after %n step(s): every GPU holds every chunk, summed over all %1 GPUs.</source>
        <translation>
            <numerusform>Done after %n step: every GPU holds every chunk, summed over all %1 GPUs.</numerusform>
            <numerusform>Done after %n steps: every GPU holds every chunk, summed over all %1 GPUs.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Done after %n step(s): each GPU holds its own chunk, summed over all %1 GPUs.</source>
        <translation>
            <numerusform>Done after %n step: each GPU holds its own chunk, summed over all %1 GPUs.</numerusform>
            <numerusform>Done after %n steps: each GPU holds its own chunk, summed over all %1 GPUs.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Done after %n step(s): every GPU holds every GPU&apos;s chunk.</source>
        <translation>
            <numerusform>Done after %n step: every GPU holds every GPU&apos;s chunk.</numerusform>
            <numerusform>Done after %n steps: every GPU holds every GPU&apos;s chunk.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>and %n more</source>
        <translation>
            <numerusform>and %n more</numerusform>
            <numerusform>and %n more</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Discs carry partial sums (reduce-scatter), squares finished chunks (all-gather). Along the foot of each GPU its %n chunk(s): white not there yet, blue a partial sum (darker: more GPUs added), green finished.</source>
        <translation>
            <numerusform>Discs carry partial sums (reduce-scatter), squares finished chunks (all-gather). Along the foot of each GPU its %n chunk: white not there yet, blue a partial sum (darker: more GPUs added), green finished.</numerusform>
            <numerusform>Discs carry partial sums (reduce-scatter), squares finished chunks (all-gather). Along the foot of each GPU its %n chunks: white not there yet, blue a partial sum (darker: more GPUs added), green finished.</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>ss::SummaryStrip</name>
    <message numerus="yes">
        <source>Does not fit: %n stage(s) over</source>
        <translation>
            <numerusform>Does not fit: %n stage over</numerusform>
            <numerusform>Does not fit: %n stages over</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>The scenario has %n problem(s); the figures are from the last valid scenario.</source>
        <translation>
            <numerusform>The scenario has %n problem; the figures are from the last valid scenario.</numerusform>
            <numerusform>The scenario has %n problems; the figures are from the last valid scenario.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Over capacity: %1 of %n pipeline stage(s).</source>
        <translation>
            <numerusform>Over capacity: %1 of %n pipeline stage.</numerusform>
            <numerusform>Over capacity: %1 of %n pipeline stages.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>… and %n more warning(s)</source>
        <translation>
            <numerusform>… and %n more warning</numerusform>
            <numerusform>… and %n more warnings</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>… and %n more problem(s)</source>
        <translation>
            <numerusform>… and %n more problem</numerusform>
            <numerusform>… and %n more problems</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>ss::SweepChart</name>
    <message numerus="yes">
        <source>%n of %1 values left out: </source>
        <translation>
            <numerusform>%n of %1 values left out: </numerusform>
            <numerusform>%n of %1 values left out: </numerusform>
        </translation>
    </message>
</context>
<context>
    <name>ss::SweepView</name>
    <message numerus="yes">
        <source>Sweeping %n values…</source>
        <translation>
            <numerusform>Sweeping %n value…</numerusform>
            <numerusform>Sweeping %n values…</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>ss::TopologyEditor</name>
    <message numerus="yes">
        <source>Generated: %n node(s) of %1. The first edit makes it an explicit topology.</source>
        <translation>
            <numerusform>Generated: %n node of %1. The first edit makes it an explicit topology.</numerusform>
            <numerusform>Generated: %n nodes of %1. The first edit makes it an explicit topology.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Move %n device(s)</source>
        <translation>
            <numerusform>Move %n device</numerusform>
            <numerusform>Move %n devices</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Delete %n device(s)</source>
        <translation>
            <numerusform>Delete %n device</numerusform>
            <numerusform>Delete %n devices</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Delete %n link(s)</source>
        <translation>
            <numerusform>Delete %n link</numerusform>
            <numerusform>Delete %n links</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n× %1 (built from the GPU)</source>
        <translation>
            <numerusform>%n× %1 (built from the GPU)</numerusform>
            <numerusform>%n× %1 (built from the GPU)</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>ss::TopologyScene</name>
    <message numerus="yes">
        <source>%n links into the collapsed machines; the busiest is shown</source>
        <translation>
            <numerusform>%n links into the collapsed machines; the busiest is shown</numerusform>
            <numerusform>%n links into the collapsed machines; the busiest is shown</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n link(s)</source>
        <translation>
            <numerusform>%n link</numerusform>
            <numerusform>%n links</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n identical machines drawn as one (%1). Double-click to draw them all.</source>
        <translation>
            <numerusform>%n identical machines drawn as one (%1). Double-click to draw them all.</numerusform>
            <numerusform>%n identical machines drawn as one (%1). Double-click to draw them all.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n links into the collapsed switches; the busiest is shown</source>
        <translation type="unfinished">
            <numerusform></numerusform>
            <numerusform></numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n network switches of one row drawn as one (%1). Double-click to draw them all.</source>
        <translation type="unfinished">
            <numerusform></numerusform>
            <numerusform></numerusform>
        </translation>
    </message>
</context>
<context>
    <name>ss::io::Import</name>
    <message numerus="yes">
        <source>%1 on %n rank(s): latency %2, %3 bus bandwidth</source>
        <translation>
            <numerusform>%1 on %n rank: latency %2, %3 bus bandwidth</numerusform>
            <numerusform>%1 on %n ranks: latency %2, %3 bus bandwidth</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>NCCL topology: %n GPU(s)</source>
        <translation>
            <numerusform>NCCL topology: %n GPU</numerusform>
            <numerusform>NCCL topology: %n GPUs</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n NVLink pair(s)</source>
        <translation>
            <numerusform>%n NVLink pair</numerusform>
            <numerusform>%n NVLink pairs</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n NIC(s)</source>
        <translation>
            <numerusform>%n NIC</numerusform>
            <numerusform>%n NICs</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n CPU(s)</source>
        <translation>
            <numerusform>%n CPU</numerusform>
            <numerusform>%n CPUs</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>the PCIe tree rebuilt from the pairs does not reproduce %n of them (%1)</source>
        <translation>
            <numerusform>the PCIe tree rebuilt from the pairs does not reproduce %n of them (%1)</numerusform>
            <numerusform>the PCIe tree rebuilt from the pairs does not reproduce %n of them (%1)</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>nvidia-smi topology: %n GPU(s)</source>
        <translation>
            <numerusform>nvidia-smi topology: %n GPU</numerusform>
            <numerusform>nvidia-smi topology: %n GPUs</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n NUMA node(s)</source>
        <translation>
            <numerusform>%n NUMA node</numerusform>
            <numerusform>%n NUMA nodes</numerusform>
        </translation>
    </message>
</context>
</TS>
