<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="en_US">
<context>
    <name>EngineText</name>
    <message numerus="yes">
        <source>dp × tp × pp = %1 × %2 × %3 = %4, but the cluster has %5 GPUs (%n node(s) of %6)</source>
        <translation>
            <numerusform>dp × tp × pp = %1 × %2 × %3 = %4, but the cluster has %5 GPUs (%n node of %6)</numerusform>
            <numerusform>dp × tp × pp = %1 × %2 × %3 = %4, but the cluster has %5 GPUs (%n nodes of %6)</numerusform>
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
</TS>
