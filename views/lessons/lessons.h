// SPDX-License-Identifier: GPL-3.0-or-later
// The guided lessons: each a scenario (resources/lessons/<id>.json) and a few steps; a step is a
// short text (what to look at, what to change, what you should see), the field values it sets (paths and
// texts as `--set` takes them) and the view tab that shows its point. The texts are translated when shown.
//
// A step's state: every field any step of the lesson sets, with the value the last step up to it set, else
// the lesson scenario's own. Going to a step sets exactly those fields, so steps can be taken in any order
// and fields the lesson never touches keep the user's own values.
#pragma once

#include "result.h"
#include "scenario.h"
#include "units.h"

#include <QCoreApplication>
#include <QString>

#include <string>
#include <utility>
#include <vector>

namespace ss {

// The figures a lesson tabulates for every step, beside its text.
enum class LessonFigure
{
    StepTime,
    Mfu,
    Bubble,
    ExposedComm,
    TokensPerSecond,
    PeakMemory,
    GpuParams,   // parameter bytes one GPU holds (the largest stage's)
    Activations, // activation bytes one GPU holds at its peak (the largest stage's)
    DpBusBandwidth
};

struct LessonEdit
{
    const char* path;  // "cluster.node_preset"
    const char* value; // "pcie-gen4-4gpu", as --set takes it
};

struct LessonStep
{
    const char* label; // a few words for the figure table ("PCIe Gen4"), context "Lessons"
    const char* text;  // rich text, context "Lessons"
    std::vector<LessonEdit> edits;
    const char* tab; // object name of the view tab to show ("ganttChart")
};

struct Lesson
{
    const char* id;    // the scenario's resource name and a stable id ("zero3-offload-pcie")
    const char* title; // context "Lessons"
    std::vector<LessonFigure> figures;
    std::vector<LessonStep> steps;
};

// A step's state: (field path, value text) for every field the lesson sets.
using LessonState = std::vector<std::pair<std::string, std::string>>;

class Lessons
{
    Q_DECLARE_TR_FUNCTIONS(Lessons)
public:
    static const std::vector<Lesson>& all();
    static int count() { return int(all().size()); }
    // INDEX is 0-based; an index out of range gives nullptr.
    static const Lesson* at(int index);
    // "ZeRO-3 Offload and the PCIe bottleneck"; numbered: "1. ZeRO-3 Offload and the PCIe bottleneck".
    static QString title(const Lesson& lesson);
    static QString numberedTitle(int index);
    static QString stepLabel(const LessonStep& step);
    static QString stepText(const LessonStep& step);

    // The lesson's scenario, read and checked like a file (resources/lessons/<id>.json).
    static bool loadScenario(const Lesson& lesson, Scenario& out, QString* error);
    // The state of step STEP (0-based) over BASE, the lesson's scenario.
    static LessonState stateAt(const Lesson& lesson, const Scenario& base, int step);
    // Sets STATE's fields on SCENARIO; false (and *ERROR) when a value is not accepted.
    static bool apply(const LessonState& state, Scenario& scenario, QString* error = nullptr);
    // Whether every field of STATE has its value in SCENARIO.
    static bool matches(const LessonState& state, const Scenario& scenario);

    static QString figureName(LessonFigure figure);
    // The figure of RESULT; NaN when the result has none (no step simulated, no data-parallel traffic).
    static double figureValue(LessonFigure figure, const Result& result);
    static Unit figureUnit(LessonFigure figure);
};

} // namespace ss
