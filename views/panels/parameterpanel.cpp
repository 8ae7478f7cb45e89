// SPDX-License-Identifier: GPL-3.0-or-later
#include "parameterpanel.h"

#include "collapsiblesection.h"
#include "enginetext.h"
#include "fieldnames.h"
#include "glossary.h"
#include "scenariodocument.h"
#include "stepspinbox.h"
#include "unitformat.h"

#include <QAbstractItemView>
#include <QAbstractScrollArea>
#include <QCheckBox>
#include <QComboBox>
#include <QCoreApplication>
#include <QEvent>
#include <QFrame>
#include <QGridLayout>
#include <QHBoxLayout>
#include <QHelpEvent>
#include <QKeyEvent>
#include <QLabel>
#include <QLineEdit>
#include <QLocale>
#include <QResizeEvent>
#include <QSignalBlocker>
#include <QSpinBox>
#include <QStyle>
#include <QToolTip>
#include <QVBoxLayout>
#include <QWheelEvent>

#include <algorithm>
#include <climits>
#include <cmath>
#include <optional>

namespace ss {

namespace {

const QString invalidProperty = QStringLiteral("invalid");
// The frame invalid editors get. Only marked editors are styled, so unmarked ones keep the native look.
// The red frame is drawn by a plain QFrame around the editor, so the editor keeps its native look.
const QString invalidStyle =
    QStringLiteral("QFrame[role=\"fieldFrame\"] { border: 2px solid transparent; border-radius: 3px; }"
                   "QFrame[role=\"fieldFrame\"][invalid=\"true\"] { border-color: #d62728; }"
                   "QLabel[role=\"fieldError\"] { color: #d62728; }");

QString sectionKey(const QString& path)
{
    const int dot = path.indexOf(QLatin1Char('.'));
    return dot < 0 ? QString() : path.left(dot);
}

// Integer fields whose every value has a display name (ZeRO stages) become combo boxes.
bool hasIntChoices(const FieldInfo& field)
{
    if (field.type != FieldType::Int || field.max - field.min > 8)
        return false;
    const QString path = QString::fromStdString(field.path);
    for (int v = static_cast<int>(field.min); v <= static_cast<int>(field.max); ++v)
        if (FieldNames::intChoice(path, v).isEmpty())
            return false;
    return true;
}

// A field's spin box (steps tell scrubbing from typing, StepSpinBox), with words for a zero that means
// "derived".
class FieldSpinBox : public StepSpinBox
{
public:
    // For fields where 0 means "derived from the others" (head_dim = hidden/heads, position table =
    // sequence length), 0 reads as that word rather than as a size of zero.
    void setZeroText(const QString& text)
    {
        m_zeroText = text;
        showZeroText(); // the new words on show at once
    }
    // Whether the text on show is the value's (no typing pending).
    bool showsValue() const { return lineEdit()->text() == textFromValue(value()); }

protected:
    QString textFromValue(int value) const override
    {
        return value == 0 && !m_zeroText.isEmpty() ? shownZeroText() : QSpinBox::textFromValue(value);
    }
    int valueFromText(const QString& text) const override
    {
        return isZeroText(text) ? 0 : QSpinBox::valueFromText(text);
    }
    QValidator::State validate(QString& text, int& pos) const override
    {
        if (isZeroText(text))
            return QValidator::Acceptable;
        if (!m_zeroText.isEmpty() && m_zeroText.startsWith(text.trimmed()) && !text.trimmed().isEmpty())
            return QValidator::Intermediate;
        return QSpinBox::validate(text, pos);
    }
    // The words are elided to the field's width, which the dock (and the language) decide.
    void resizeEvent(QResizeEvent* event) override
    {
        QSpinBox::resizeEvent(event);
        showZeroText();
    }
    void changeEvent(QEvent* event) override
    {
        QSpinBox::changeEvent(event);
        if (event->type() == QEvent::FontChange)
            showZeroText();
    }
    // Elided words are given whole in the tooltip, above the field's own.
    bool event(QEvent* event) override
    {
        if (event->type() == QEvent::ToolTip && value() == 0 && !m_zeroText.isEmpty() &&
            shownZeroText() != m_zeroText) {
            const QString tip = toolTip();
            QToolTip::showText(static_cast<QHelpEvent*>(event)->globalPos(),
                               tip.isEmpty() ? m_zeroText : m_zeroText + QStringLiteral("\n\n") + tip, this);
            return true;
        }
        return QSpinBox::event(event);
    }

private:
    // In a field narrower than the words, "auto (hidden / he…)" rather than their end scrolled into view.
    QString shownZeroText() const
    {
        const int room = lineEdit()->width() - 6; // the line edit's margins and cursor
        // The spin box's font, which its line edit shares (and may not have yet, inside a FontChange).
        return room > 0 ? fontMetrics().elidedText(m_zeroText, Qt::ElideRight, room) : m_zeroText;
    }
    bool isZeroText(const QString& text) const
    {
        const QString trimmed = text.trimmed();
        return !m_zeroText.isEmpty() && (trimmed == m_zeroText || trimmed == shownZeroText());
    }
    void showZeroText()
    {
        // Not under the user's typing.
        if (value() != 0 || m_zeroText.isEmpty() || lineEdit()->hasFocus())
            return;
        const QString text = shownZeroText();
        if (lineEdit()->text() != text) {
            lineEdit()->setText(text);
            lineEdit()->setCursorPosition(0);
        }
    }

    QString m_zeroText;
};

} // namespace

struct ParameterPanel::Row
{
    enum class Kind
    {
        Check,
        Combo,
        Spin,
        Quantity,
        Text
    };
    const FieldInfo* field = nullptr;
    QString path;
    Kind kind = Kind::Text;
    QLabel* label = nullptr;
    QWidget* editor = nullptr;
    QFrame* frame = nullptr; // carries the red frame of a marked field
    QLabel* unit = nullptr;
    QLabel* error = nullptr;
    QString toolTip;             // the field's own tooltip, shown when it is not marked
    QString rejected;            // why the last entry was rejected ("" when it was applied)
    QString problem;             // what validateScenario() says about the field
    QString shownText;           // what a line edit was loaded with, to tell an edit from a focus change
    std::optional<FieldFix> fix; // a change of another field that fixes `problem`, offered as a link
    FieldValue lastValue;
    bool loaded = false;
};

ParameterPanel::ParameterPanel(ScenarioDocument* document, QWidget* parent)
    : QWidget(parent), m_document(document)
{
    setObjectName(QStringLiteral("parameterPanel"));
    setStyleSheet(invalidStyle);
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(6, 6, 6, 6);
    layout->setSpacing(6);

    // The scenario name on top, then one section per first path segment, in the field table's order.
    auto* top = new QWidget(this);
    auto* topGrid = new QGridLayout(top);
    topGrid->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(top);
    QHash<QString, QWidget*> bodies;
    for (const FieldInfo& field : scenarioFields()) {
        const QString path = QString::fromStdString(field.path);
        const QString key = sectionKey(path);
        QWidget* body = top;
        if (!key.isEmpty()) {
            body = bodies.value(key);
            if (!body) {
                auto* section = new CollapsibleSection(FieldNames::section(key), this);
                section->setObjectName(QStringLiteral("section.") + key);
                auto* grid = new QGridLayout(section->body());
                grid->setContentsMargins(12, 0, 0, 4);
                grid->setHorizontalSpacing(8);
                grid->setVerticalSpacing(0); // the 2-pixel field frames space the rows
                grid->setColumnStretch(1, 1);
                layout->addWidget(section);
                m_sections.insert(key, section);
                bodies.insert(key, section->body());
                body = section->body();
            }
        }
        addRow(field, body);
    }
    layout->addStretch(1);
    alignLabels();
    // Rarely touched: folded until asked for.
    for (const char* key : {"compute", "overheads"})
        if (CollapsibleSection* section = m_sections.value(QLatin1String(key)))
            section->setExpanded(false);

    connect(m_document, &ScenarioDocument::scenarioChanged, this, &ParameterPanel::refresh);
    connect(m_document, &ScenarioDocument::problemsChanged, this, &ParameterPanel::refreshProblems);
    connect(m_document, &ScenarioDocument::resultChanged, this, &ParameterPanel::updateEnabled);
    refresh();
    refreshProblems();
}

ParameterPanel::~ParameterPanel() = default;

// One label column width for all sections, so the editors line up from section to section.
void ParameterPanel::alignLabels()
{
    int labelWidth = 0;
    for (const auto& row : m_rows)
        labelWidth = std::max(labelWidth, row->label->sizeHint().width());
    // At most about 20 characters: a longer label wraps onto a second line, so that the panel leaves room for
    // the summary and the charts (and a lesson or Explain dock) in a window 1024 pixels wide.
    labelWidth = std::min(labelWidth, fontMetrics().averageCharWidth() * 20);
    for (CollapsibleSection* section : std::as_const(m_sections))
        static_cast<QGridLayout*>(section->body()->layout())->setColumnMinimumWidth(0, labelWidth);
}

ParameterPanel::Row* ParameterPanel::addRow(const FieldInfo& field, QWidget* body)
{
    auto row = std::make_unique<Row>();
    row->field = &field;
    row->path = QString::fromStdString(field.path);
    auto* grid = static_cast<QGridLayout*>(body->layout());
    const int r = grid->rowCount();

    row->label = new QLabel(FieldNames::label(row->path), body);
    row->label->setWordWrap(true);
    row->editor = createEditor(*row);
    row->editor->setParent(body);
    row->editor->setObjectName(row->path);
    row->label->setBuddy(row->editor);
    row->label->setObjectName(QStringLiteral("label.") + row->path);

    row->toolTip = toolTipFor(*row);
    row->label->setToolTip(row->toolTip);
    row->editor->setToolTip(row->toolTip);

    row->frame = new QFrame(body);
    row->frame->setObjectName(QStringLiteral("frame.") + row->path);
    row->frame->setProperty("role", QStringLiteral("fieldFrame"));
    auto* frameLayout = new QHBoxLayout(row->frame);
    frameLayout->setContentsMargins(2, 2, 2, 2);
    frameLayout->addWidget(row->editor);
    grid->addWidget(row->label, r, 0);
    grid->addWidget(row->frame, r, 1);
    const QString unitWord = FieldNames::countUnit(row->path);
    if (!unitWord.isEmpty() && row->kind == Row::Kind::Spin) {
        row->unit = new QLabel(unitWord, body);
        row->unit->setObjectName(QStringLiteral("unit.") + row->path);
        grid->addWidget(row->unit, r, 2);
    }
    row->error = new QLabel(body);
    row->error->setObjectName(QStringLiteral("error.") + row->path);
    row->error->setProperty("role", QStringLiteral("fieldError"));
    row->error->setWordWrap(true);
    row->error->setVisible(false);
    row->error->setTextInteractionFlags(Qt::LinksAccessibleByMouse | Qt::LinksAccessibleByKeyboard);
    connect(row->error, &QLabel::linkActivated, this, [this, r = row.get()] { applyFix(*r); });
    grid->addWidget(row->error, r + 1, 0, 1, 3);

    Row* raw = row.get();
    m_byPath.insert(raw->path, raw);
    m_rows.push_back(std::move(row));
    return raw;
}

QWidget* ParameterPanel::createEditor(Row& row)
{
    const FieldInfo& field = *row.field;
    Row* r = &row;
    const bool gpuPicker = row.path == QLatin1String("cluster.gpu");
    if (field.type == FieldType::Bool) {
        row.kind = Row::Kind::Check;
        auto* box = new QCheckBox;
        connect(box, &QCheckBox::toggled, this, [this, r](bool on) {
            FieldValue v;
            v.flag = on;
            commit(*r, v, false);
        });
        return box;
    }
    if (field.type == FieldType::Enum || gpuPicker ||
        (field.type == FieldType::Int && !field.choices.empty()) || hasIntChoices(field)) {
        row.kind = Row::Kind::Combo;
        auto* combo = new QComboBox;
        combo->setSizeAdjustPolicy(QComboBox::AdjustToMinimumContentsLengthWithIcon);
        combo->setMinimumContentsLength(14);
        combo->setSizePolicy(QSizePolicy::Expanding, QSizePolicy::Fixed);
        if (field.type == FieldType::Int) {
            std::vector<int> values;
            if (!field.choices.empty())
                for (const std::string& c : field.choices)
                    values.push_back(std::stoi(c));
            else
                for (int v = static_cast<int>(field.min); v <= static_cast<int>(field.max); ++v)
                    values.push_back(v);
            for (int v : values) {
                const QString label = FieldNames::intChoice(row.path, v);
                combo->addItem(label.isEmpty() ? QLocale().toString(v) : label, v);
            }
        } else {
            for (const std::string& c : field.choices) {
                const QString name = QString::fromStdString(c);
                combo->addItem(gpuPicker ? name : FieldNames::choice(row.path, name), name);
            }
            if (gpuPicker)
                combo->addItem(tr("Custom…"), QString());
        }
        fitPopup(combo);
        connect(combo, &QComboBox::currentIndexChanged, this, [this, r, combo, gpuPicker](int index) {
            if (m_loading || index < 0)
                return;
            const QVariant data = combo->itemData(index);
            if (gpuPicker && data.toString().isEmpty()) {
                // "Custom…": keep the figures, detach them from the catalogue entry under a name of its own.
                FieldValue name = m_document->fieldValue(QStringLiteral("cluster.gpu.name"));
                const std::string suffix = " (custom)";
                if (!name.text.ends_with(suffix))
                    name.text += suffix;
                r->rejected = m_document->setField(QStringLiteral("cluster.gpu.name"), name);
                updateMark(*r);
                return;
            }
            FieldValue v;
            if (r->field->type == FieldType::Int)
                v.number = data.toInt();
            else
                v.text = data.toString().toStdString();
            commit(*r, v, false);
        });
        // As the spin boxes: the wheel reaches the value only once the box has focus (a click or Tab), so
        // scrolling the panel over it scrolls on (eventFilter()); QComboBox's own WheelFocus would take
        // focus with the first notch and let the rest step through the choices.
        combo->setFocusPolicy(Qt::StrongFocus);
        combo->installEventFilter(this);
        return combo;
    }
    if (field.type == FieldType::Int && field.unit == Unit::None && field.max <= INT_MAX) {
        row.kind = Row::Kind::Spin;
        auto* spin = new FieldSpinBox;
        // The full int range, not the field's: an entry out of range is shown and marked, not clamped.
        spin->setRange(-INT_MAX, INT_MAX);
        spin->setKeyboardTracking(false);
        spin->setAccelerated(true);
        spin->setGroupSeparatorShown(true);
        spin->setZeroText(zeroText(QString::fromStdString(field.path)));
        spin->setFocusPolicy(Qt::StrongFocus);
        spin->installEventFilter(this); // the wheel, and Ctrl+Z for the document (eventFilter())
        connect(spin, &QSpinBox::valueChanged, this, [this, r, spin](int value) {
            FieldValue v;
            v.number = value;
            commit(*r, v, spin->isStepping());
        });
        return spin;
    }
    auto* edit = new QLineEdit;
    edit->installEventFilter(this); // Ctrl+Z for the document (eventFilter())
    row.kind = field.type == FieldType::Text ? Row::Kind::Text : Row::Kind::Quantity;
    connect(edit, &QLineEdit::editingFinished, this, [this, r, edit] {
        if (m_loading || edit->text() == r->shownText)
            return;
        commitText(*r, edit->text());
    });
    return edit;
}

// The list a combo box opens is as wide as its longest choice, even where the box itself is narrower.
void ParameterPanel::fitPopup(QComboBox* combo)
{
    int widest = 0;
    for (int i = 0; i < combo->count(); ++i)
        widest = std::max(widest, combo->fontMetrics().horizontalAdvance(combo->itemText(i)));
    combo->view()->setMinimumWidth(widest + combo->style()->pixelMetric(QStyle::PM_ScrollBarExtent) + 16);
}

// What 0 means for the fields where it means "work it out": shown instead of the 0 (spin boxes) or as the
// empty field's placeholder (quantities). Empty for every other field.
QString ParameterPanel::zeroText(const QString& path)
{
    if (path == QLatin1String("model.head_dim"))
        return tr("auto (hidden / heads)");
    if (path == QLatin1String("model.max_positions"))
        return tr("auto (sequence length)");
    if (path == QLatin1String("cluster.network.switch_ports"))
        return tr("auto (the network's usual switch)");
    if (path == QLatin1String("cluster.host_memory_bytes") || path == QLatin1String("cluster.nvme_bytes"))
        return tr("auto (the node's usual figure)");
    if (path == QLatin1String("model.moe_ffn_hidden"))
        return tr("auto (FFN size)");
    if (path == QLatin1String("model.capacity_factor"))
        return tr("dropless (no limit)");
    if (path == QLatin1String("model.q_lora_rank"))
        return tr("none (direct projection)");
    if (path == QLatin1String("parallel.etp"))
        return tr("auto (as tensor parallel)");
    if (path == QLatin1String("parallel.first_stage_layers") ||
        path == QLatin1String("parallel.last_stage_layers"))
        return tr("auto (even split)");
    return {};
}

QString ParameterPanel::toolTipFor(const Row& row) const
{
    const FieldInfo& field = *row.field;
    QString tip = FieldNames::description(row.path);
    if (field.type == FieldType::Real && field.unit != Unit::None && field.unit != Unit::Fraction) {
        const QString example = field.unit == Unit::Bytes ? QStringLiteral("80 GiB, 40 GB, 512 MiB")
                                : field.unit == Unit::BytesPerSecond ? QStringLiteral("25 GB/s, 200 Gb/s")
                                : field.unit == Unit::Count          ? QStringLiteral("7.5B, 70M, 1.3e9")
                                : field.unit == Unit::FlopsPerSecond ? QStringLiteral("312 TFLOP/s")
                                                                     : QString();
        if (!example.isEmpty())
            tip += (tip.isEmpty() ? QString() : QStringLiteral("\n")) +
                   tr("Accepts units, e.g. %1").arg(example);
    } else if (field.unit == Unit::Fraction) {
        tip += (tip.isEmpty() ? QString() : QStringLiteral("\n")) + tr("Accepts 0.5 or 50%");
    }
    tip += (tip.isEmpty() ? QString() : QStringLiteral("\n")) + row.path;
    // The glossary's definition of the field's term, after a blank line.
    if (const QString glossary = glossaryTooltip(Glossary::termForField(row.path)); !glossary.isEmpty())
        tip += QStringLiteral("\n\n") + glossary;
    return tip;
}

void ParameterPanel::changeEvent(QEvent* event)
{
    QWidget::changeEvent(event);
    if (event->type() == QEvent::LanguageChange)
        retranslate();
}

// Every word the panel shows, as the constructor and load() set them, in the current language; the values,
// the rejected entries and the folded sections stay as they are.
void ParameterPanel::retranslate()
{
    for (auto it = m_sections.cbegin(); it != m_sections.cend(); ++it)
        it.value()->setTitle(FieldNames::section(it.key()));
    for (const auto& row : m_rows) {
        row->label->setText(FieldNames::label(row->path));
        row->toolTip = toolTipFor(*row);
        row->label->setToolTip(row->toolTip);
        if (row->unit)
            row->unit->setText(FieldNames::countUnit(row->path));
        if (row->kind == Row::Kind::Combo) {
            auto* combo = static_cast<QComboBox*>(row->editor);
            const QSignalBlocker blocker(combo);
            const bool gpuPicker = row->path == QLatin1String("cluster.gpu");
            for (int i = 0; i < combo->count(); ++i) {
                const QVariant data = combo->itemData(i);
                QString text;
                if (row->field->type == FieldType::Int)
                    text = FieldNames::intChoice(row->path, data.toInt());
                else if (gpuPicker)
                    text = data.toString().isEmpty() ? tr("Custom…") : data.toString();
                else
                    text = FieldNames::choice(row->path, data.toString());
                combo->setItemText(i, text.isEmpty() ? QLocale().toString(data.toInt()) : text);
            }
            fitPopup(combo);
        } else if (row->kind == Row::Kind::Spin) {
            auto* spin = static_cast<FieldSpinBox*>(row->editor);
            const QSignalBlocker blocker(spin);
            spin->setZeroText(zeroText(row->path));
        } else if (row->kind == Row::Kind::Quantity) {
            static_cast<QLineEdit*>(row->editor)->setPlaceholderText(zeroText(row->path));
        }
        // A rejected entry is still on show: its reason is worded again for what is in the editor.
        if (!row->rejected.isEmpty()) {
            if (auto* edit = qobject_cast<QLineEdit*>(row->editor))
                row->rejected = EngineText::fieldError(*row->field, edit->text());
            else if (auto* spin = qobject_cast<QSpinBox*>(row->editor))
                row->rejected = EngineText::fieldError(*row->field, QString::number(spin->value()));
        }
    }
    alignLabels();
    refreshProblems(); // the problems' sentences, and every mark with them
    updateEnabled();
}

QWidget* ParameterPanel::editor(const QString& path) const
{
    const Row* row = m_byPath.value(path);
    return row ? row->editor : nullptr;
}

QString ParameterPanel::markText(const QString& path) const
{
    const Row* row = m_byPath.value(path);
    if (!row)
        return {};
    return row->rejected.isEmpty() ? row->problem : row->rejected;
}

void ParameterPanel::refresh()
{
    for (const auto& row : m_rows) {
        const FieldValue value = m_document->fieldValue(row->path);
        // Only the fields whose value changed are loaded again: setting a spin box or a line edit to what it
        // shows still repaints it, and an edit would repaint the whole panel. A rejected entry stays on show
        // until the field itself changes in the document.
        if (!row->loaded || !(value == row->lastValue)) {
            row->rejected.clear();
            load(*row);
            updateMark(*row);
        }
        row->lastValue = value;
        row->loaded = true;
    }
    updateEnabled();
}

void ParameterPanel::refreshProblems()
{
    for (const auto& row : m_rows) {
        row->problem = m_document->problemsAt(row->path);
        row->fix = row->problem.isEmpty() ? std::nullopt : m_document->suggestedFix(row->path);
        updateMark(*row);
    }
}

void ParameterPanel::load(Row& row)
{
    const FieldInfo& field = *row.field;
    const FieldValue value = m_document->fieldValue(row.path);
    const QSignalBlocker blocker(row.editor);
    m_loading = true;
    switch (row.kind) {
    case Row::Kind::Check:
        static_cast<QCheckBox*>(row.editor)->setChecked(value.flag);
        break;
    case Row::Kind::Combo: {
        auto* combo = static_cast<QComboBox*>(row.editor);
        const QVariant data = field.type == FieldType::Int
                                  ? QVariant(static_cast<int>(std::llround(value.number)))
                                  : QVariant(QString::fromStdString(value.text));
        int index = combo->findData(data);
        if (index < 0 && row.path == QLatin1String("cluster.gpu"))
            index = combo->findData(QString()); // an inline GPU: "Custom…"
        combo->setCurrentIndex(index);
        break;
    }
    case Row::Kind::Spin:
        static_cast<QSpinBox*>(row.editor)->setValue(static_cast<int>(std::llround(value.number)));
        break;
    case Row::Kind::Quantity:
        // A field whose 0 means "the usual figure" shows nothing but that meaning (the placeholder).
        row.shownText = value.number == 0 && !zeroText(row.path).isEmpty()
                            ? QString()
                            : exactQuantityText(value.number, field.unit);
        static_cast<QLineEdit*>(row.editor)->setPlaceholderText(zeroText(row.path));
        static_cast<QLineEdit*>(row.editor)->setText(row.shownText);
        static_cast<QLineEdit*>(row.editor)->setCursorPosition(0);
        break;
    case Row::Kind::Text:
        row.shownText = QString::fromStdString(value.text);
        static_cast<QLineEdit*>(row.editor)->setText(row.shownText);
        static_cast<QLineEdit*>(row.editor)->setCursorPosition(0); // the start of a long name
        break;
    }
    m_loading = false;
}

void ParameterPanel::commit(Row& row, const FieldValue& value, bool scrub)
{
    if (m_loading)
        return;
    row.rejected = m_document->setField(
        row.path, value, scrub ? ScenarioDocument::EditKind::Scrub : ScenarioDocument::EditKind::Commit);
    updateMark(row);
}

void ParameterPanel::applyFix(Row& row)
{
    if (!row.fix)
        return;
    const FieldFix fix = *row.fix;
    FieldValue value;
    value.number = double(fix.value);
    m_document->setField(QString::fromStdString(fix.path), value);
}

QString ParameterPanel::fixText(const QString& path) const
{
    const Row* row = m_byPath.value(path);
    return row && row->fix && row->rejected.isEmpty() ? row->error->text() : QString();
}

void ParameterPanel::commitText(Row& row, const QString& text)
{
    if (row.kind == Row::Kind::Text) {
        FieldValue value;
        value.text = text.trimmed().toStdString();
        commit(row, value, false);
    } else {
        // Emptied, a field whose 0 means "the usual figure" goes back to it.
        const bool usual = text.trimmed().isEmpty() && !zeroText(row.path).isEmpty();
        row.rejected = m_document->setFieldText(row.path, usual ? QStringLiteral("0") : text);
        updateMark(row);
    }
    // Applied (or unchanged): show the canonical text of what is stored ("80GiB" -> "80 GiB").
    if (row.rejected.isEmpty())
        load(row);
}

void ParameterPanel::updateMark(Row& row)
{
    const QString text = row.rejected.isEmpty() ? row.problem : row.rejected;
    const bool marked = !text.isEmpty();
    if (row.rejected.isEmpty() && row.fix) {
        // The fix as a link after the sentence: one click applies it.
        const QString fix = tr("Set %1 to %2")
                                .arg(FieldNames::label(QString::fromStdString(row.fix->path)),
                                     QLocale().toString(qlonglong(row.fix->value)));
        row.error->setTextFormat(Qt::RichText);
        row.error->setText(text.toHtmlEscaped().replace(QLatin1Char('\n'), QStringLiteral("<br>")) +
                           QStringLiteral(" <a href=\"fix\">%1</a>").arg(fix.toHtmlEscaped()));
    } else {
        row.error->setTextFormat(Qt::PlainText);
        row.error->setText(text);
    }
    row.error->setVisible(marked);
    row.editor->setToolTip(marked ? text + QStringLiteral("\n\n") + row.toolTip : row.toolTip);
    if (row.editor->property("invalid").toBool() != marked) {
        row.editor->setProperty("invalid", marked);
        row.frame->setProperty("invalid", marked);
        row.frame->style()->unpolish(row.frame);
        row.frame->style()->polish(row.frame);
        row.frame->update();
    }
}

// Fields that apply only with another field's value are greyed out (their value stays, and returns into
// effect with that value): MLA's ranks and head sizes with MLA attention, the FP8 recipe with FP8 mixed
// precision, the MoE details with routed experts, the K/V exchange with context parallelism.
void ParameterPanel::updateConditional()
{
    const Scenario& s = m_document->scenario();
    const bool transformer = s.model.kind == ModelKind::Transformer;
    const bool mla = transformer && s.model.attention == AttentionKind::Mla;
    const bool moe = transformer && s.model.moe();
    const auto enable = [this](const char* path, bool on) {
        if (Row* row = m_byPath.value(QLatin1String(path))) {
            row->editor->setEnabled(on);
            row->label->setEnabled(on);
            if (row->unit)
                row->unit->setEnabled(on);
        }
    };
    for (const char* path : {"model.q_lora_rank", "model.kv_lora_rank", "model.qk_rope_head_dim",
                             "model.qk_nope_head_dim", "model.v_head_dim"})
        enable(path, mla);
    for (const char* path : {"model.moe_ffn_hidden", "model.shared_experts", "model.dense_layers",
                             "model.capacity_factor", "model.expert_imbalance", "model.expert_groups",
                             "model.expert_groups_per_token", "parallel.ep_dispatcher"})
        enable(path, moe);
    // What FP8 training does for a mixture of experts.
    for (const char* path : {"parallel.ep_fp8_dispatch", "training.fp8_swiglu_inputs"})
        enable(path, moe && s.training.precision == Precision::Fp8Mixed);
    enable("training.fp8_recipe", s.training.precision == Precision::Fp8Mixed);
    enable("parallel.cp_comm", s.parallel.cp > 1);
    enable("training.attention_kernel", s.training.flash_attention);
    for (const char* lora : {"training.lora_rank", "training.lora_alpha", "training.lora_targets",
                             "training.base_bits", "training.paged_optimizer"})
        enable(lora, s.training.lora());
    enable("training.quant_type", s.training.lora() && s.training.baseBits() == 4);
    enable("training.double_quant", s.training.lora() && s.training.baseBits() == 4);
    enable("training.tp_comm_overlap", s.parallel.tp > 1 && s.parallel.sequence_parallel);
    enable("training.overlap_param_gather", s.parallel.zero_stage == 1 || s.parallel.zero_stage == 2);
}

void ParameterPanel::updateEnabled()
{
    updateConditional();
    // A transformer's parameter count is derived from its architecture (docs/formats.md, "Scenario"), so the
    // count field only applies to models given as a bare count.
    if (Row* params = m_byPath.value(QStringLiteral("model.params"))) {
        const bool byCount = m_document->scenario().model.kind == ModelKind::Params;
        params->editor->setEnabled(byCount);
        params->label->setEnabled(byCount);
        auto* edit = qobject_cast<QLineEdit*>(params->editor);
        if (edit && !byCount) {
            const QSignalBlocker blocker(edit);
            if (!edit->text().isEmpty()) // clearing an empty field still repaints it, and the window with it
                edit->clear();
            // The count the engine derived (ss::Result), shown in place of the unused field.
            edit->setPlaceholderText(
                m_document->hasResult()
                    ? tr("%1 (derived)").arg(quantityText(m_document->result().params_total, Unit::Count))
                    : tr("derived"));
            params->shownText.clear();
        }
    }
}

// Whether EDITOR (a field's line edit or spin box) holds typing not committed yet: text other than the value
// it was loaded with.
bool ParameterPanel::hasTyping(QObject* editor) const
{
    if (auto* spin = dynamic_cast<FieldSpinBox*>(editor))
        return !spin->showsValue();
    auto* edit = qobject_cast<QLineEdit*>(editor);
    const Row* row = edit ? m_byPath.value(edit->objectName()) : nullptr;
    return !row || row->kind == Row::Kind::Spin || edit->text() != row->shownText;
}

// A wheel over an unfocused spin box or combo box scrolls the panel instead of changing the value. Undo and
// redo keys in a field with no typing of its own to undo (a committed value, Enter pressed) are the window's:
// QLineEdit claims them whether or not it has anything to undo, and the Edit menu's shortcut would never
// fire.
bool ParameterPanel::eventFilter(QObject* watched, QEvent* event)
{
    if (event->type() == QEvent::ShortcutOverride) {
        // A spin box takes the keys for its line edit (which has the spin box as its focus proxy).
        const auto* key = static_cast<QKeyEvent*>(event);
        const bool editing = (key->matches(QKeySequence::Undo) || key->matches(QKeySequence::Redo));
        if (editing && !hasTyping(watched)) {
            event->ignore();
            return true;
        }
    }
    if (event->type() == QEvent::Wheel) {
        auto* widget = qobject_cast<QWidget*>(watched);
        if (widget && !widget->hasFocus()) {
            // The scroll area around the panel scrolls by the same notches.
            QWidget* ancestor = widget->parentWidget();
            while (ancestor && !qobject_cast<QAbstractScrollArea*>(ancestor))
                ancestor = ancestor->parentWidget();
            if (auto* area = qobject_cast<QAbstractScrollArea*>(ancestor)) {
                const auto* wheel = static_cast<QWheelEvent*>(event);
                QWidget* viewport = area->viewport();
                QWheelEvent forwarded(viewport->mapFromGlobal(wheel->globalPosition()),
                                      wheel->globalPosition(), wheel->pixelDelta(), wheel->angleDelta(),
                                      wheel->buttons(), wheel->modifiers(), wheel->phase(), wheel->inverted(),
                                      wheel->source(), wheel->pointingDevice());
                QCoreApplication::sendEvent(viewport, &forwarded);
            }
            event->accept();
            return true;
        }
    }
    return QWidget::eventFilter(watched, event);
}

} // namespace ss
