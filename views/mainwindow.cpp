// SPDX-License-Identifier: GPL-3.0-or-later
#include "mainwindow.h"

#include "autosave.h"
#include "bandwidthchart.h"
#include "baselinemodel.h"
#include "calibratedialog.h"
#include "comparetext.h"
#include "compareview.h"
#include "examples.h"
#include "explainmodel.h"
#include "explainpanel.h"
#include "exportactions.h"
#include "ganttchart.h"
#include "glossary.h"
#include "importdialog.h"
#include "importer.h"
#include "inputfile.h"
#include "lessonpanel.h"
#include "memorychart.h"
#include "overviewview.h"
#include "parameterpanel.h"
#include "plannerview.h"
#include "presentationmode.h"
#include "scenariodocument.h"
#include "scenariojson.h"
#include "settings.h"
#include "summarystrip.h"
#include "sweepchart.h"
#include "sweepview.h"
#include "topologycanvas.h"
#include "topologyeditor.h"
#include "topologyscene.h"
#include "translator.h"

#include <QAction>
#include <QActionGroup>
#include <QApplication>
#include <QCloseEvent>
#include <QDir>
#include <QDockWidget>
#include <QDragEnterEvent>
#include <QDropEvent>
#include <QFile>
#include <QFileDialog>
#include <QFileInfo>
#include <QInputDialog>
#include <QJsonDocument>
#include <QJsonObject>
#include <QLocale>
#include <QMenuBar>
#include <QMessageBox>
#include <QMimeData>
#include <QPushButton>
#include <QRegularExpression>
#include <QScreen>
#include <QScrollArea>
#include <QScrollBar>
#include <QStatusBar>
#include <QTabWidget>
#include <QTimer>
#include <QUndoStack>
#include <QVBoxLayout>

#include <algorithm>

namespace ss {

namespace {
constexpr int statusTimeoutMs = 8000;

// The built-in examples' titles (resources/examples/index.json) in words a translation can give, by example
// id; an example not listed keeps its file's title.
const std::pair<const char*, const char*> exampleTitles[] = {
    {"default", QT_TRANSLATE_NOOP("ExampleTitles", "GPT-3 XL 1.3B on one DGX A100")},
    {"gpt3-175b-megatron",
     QT_TRANSLATE_NOOP("ExampleTitles", "GPT-3 175B, Megatron-LM on 128 DGX A100 (1024 GPUs)")},
    {"llama2-7b-zero3", QT_TRANSLATE_NOOP("ExampleTitles", "Llama-2 7B, ZeRO-3 on 8 A100-80GB")},
    {"llama2-70b", QT_TRANSLATE_NOOP("ExampleTitles", "Llama-2 70B, tp 8 x pp 4 x dp 2 on 8 DGX H100")},
    {"gpt-1.3b-pcie-offload",
     QT_TRANSLATE_NOOP("ExampleTitles", "GPT 1.3B, ZeRO-3 with CPU offload on a 4-GPU PCIe box")},
    {"zero3-offload-pcie-gen3",
     QT_TRANSLATE_NOOP("ExampleTitles",
                       "ZeRO-3 with CPU optimizer offload on a 4-GPU PCIe Gen3 workstation")},
    {"pipeline-schedules-8-stages",
     QT_TRANSLATE_NOOP("ExampleTitles", "Pipeline schedules on 8 stages: GPT-3 2.7B on one DGX A100")},
    {"dp-10gbe-gradient-bits",
     QT_TRANSLATE_NOOP("ExampleTitles",
                       "Data parallel over 10 GbE: GPT-2 medium on four 4-GPU workstations")},
    {"qwen2-0.5b-one-rtx4090",
     QT_TRANSLATE_NOOP("ExampleTitles", "Qwen2 0.5B, full fine-tuning on one RTX 4090")},
    {"llama2-70b-gb200-nvl72", QT_TRANSLATE_NOOP("ExampleTitles", "Llama-2 70B on one GB200 NVL72 rack")},
    {"deepseek-v3-2048-h800",
     QT_TRANSLATE_NOOP("ExampleTitles", "DeepSeek-V3 671B on 2,048 H800 (PP 16, EP 64, FP8)")},
    {"llama3.1-405b-16k-h100",
     QT_TRANSLATE_NOOP("ExampleTitles",
                       "Llama 3.1 405B, 128K context on 16,384 H100 (TP 8, CP 16, PP 16, DP 8)")},
    {"mixtral-8x7b-ep8-h100",
     QT_TRANSLATE_NOOP("ExampleTitles", "Mixtral 8x7B, EP 8 on two DGX H100 (16 GPUs)")},
    {"qwen3-30b-a3b-one-node",
     QT_TRANSLATE_NOOP("ExampleTitles", "Qwen3-30B-A3B, EP 8 on one 8-GPU H100 node")},
    {"llama3.1-8b-qlora-rtx4090", QT_TRANSLATE_NOOP("ExampleTitles", "Llama 3.1 8B, QLoRA on one RTX 4090")},
    {"llama3.1-70b-qlora-h100", QT_TRANSLATE_NOOP("ExampleTitles", "Llama 3.1 70B, QLoRA on one H100 80GB")},
};

// Example ID's title in the current language; FALLBACK (its file's) for an example the table does not list.
QString exampleTitle(const QString& id, const QString& fallback)
{
    for (const auto& [key, title] : exampleTitles)
        if (id == QLatin1String(key))
            return QCoreApplication::translate("ExampleTitles", title);
    return fallback;
}
} // namespace

MainWindow::MainWindow(QWidget* parent)
    : QMainWindow(parent), m_document(new ScenarioDocument(this)), m_panel(new ParameterPanel(m_document)),
      m_chart(new MemoryChart), m_summary(new SummaryStrip),
      m_panelDock(new QDockWidget(tr("Parameters"), this))
{
    setObjectName(QStringLiteral("mainWindow"));
    setDockOptions(QMainWindow::AnimatedDocks | QMainWindow::AllowTabbedDocks);
    // A built-in example opens under its title in the user's language (the examples menu's words). The
    // example files keep their English names; the name shown is the one a save writes, and a scenario its
    // user renamed keeps that name.
    m_document->setLocalNames([](const QString& name) {
        for (const auto& [key, title] : exampleTitles)
            if (name == QLatin1String(title))
                return QCoreApplication::translate("ExampleTitles", title);
        return name;
    });

    auto* central = new QWidget(this);
    central->setObjectName(QStringLiteral("centralWidget"));
    auto* layout = new QVBoxLayout(central);
    layout->setContentsMargins(6, 6, 6, 6);
    layout->setSpacing(6);
    layout->addWidget(m_summary);
    // One tab per view of the same result; later views (topology, step timeline) add theirs here.
    m_tabs = new QTabWidget(central);
    m_tabs->setObjectName(QStringLiteral("viewTabs"));
    m_tabs->setDocumentMode(true);
    m_tabs->addTab(m_chart, tr("Memory"));
    m_gantt = new GanttChart;
    m_tabs->addTab(m_gantt, tr("Step timeline"));
    m_topology = new TopologyEditor(m_document);
    m_tabs->addTab(m_topology, tr("Topology"));
    m_bandwidth = new BandwidthChart;
    m_tabs->addTab(m_bandwidth, tr("Bandwidth"));
    // What-if sweeps: reruns on its own while shown, from the document's scenario.
    m_sweep = new SweepView(m_document);
    m_tabs->addTab(m_sweep, tr("Sweep"));
    // The layout planner: searches only when asked, on every core off the UI thread.
    m_planner = new PlannerView(m_document);
    m_tabs->addTab(m_planner, tr("Planner"));
    // Baseline comparison: the pinned scenario beside the document; the Compare tab lists it all.
    m_baseline = new BaselineModel(m_document, this);
    m_compare = new CompareView;
    m_tabs->addTab(m_compare, tr("Compare"));
    // The Overview, first and shown at start: memory, timeline and topology of the same result together.
    m_overview = new OverviewView(m_document, m_topology);
    m_tabs->insertTab(0, m_overview, tr("Overview"));
    m_tabs->setCurrentIndex(0);
    connect(m_overview, &OverviewView::expandRequested, this, [this](OverviewView::Pane pane) {
        QWidget* const pages[] = {m_chart, m_gantt, m_topology};
        m_tabs->setCurrentWidget(pages[int(pane)]);
    });
    connect(m_tabs, &QTabWidget::currentChanged, this, [this] { syncHiddenViews(); });
    // A communication box clicked in the timeline lights up its collective's links on the canvas.
    connect(m_gantt, &GanttChart::collectiveActivated, m_topology, &TopologyEditor::highlightCollective);
    layout->addWidget(m_tabs, 1);
    setCentralWidget(central);

    auto* scroll = new QScrollArea(m_panelDock);
    scroll->setObjectName(QStringLiteral("parameterScroll"));
    scroll->setWidget(m_panel);
    scroll->setWidgetResizable(true);
    scroll->setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    scroll->setFrameShape(QFrame::NoFrame);
    scroll->setMinimumWidth(m_panel->minimumSizeHint().width() +
                            scroll->verticalScrollBar()->sizeHint().width());
    m_panelDock->setObjectName(QStringLiteral("parametersDock"));
    m_panelDock->setWidget(scroll);
    m_panelDock->setFeatures(QDockWidget::DockWidgetMovable | QDockWidget::DockWidgetFloatable |
                             QDockWidget::DockWidgetClosable);
    addDockWidget(Qt::LeftDockWidgetArea, m_panelDock);
    // Guided lessons: a dock on the right, hidden until File > Examples > Lessons opens one.
    m_lessons = new LessonPanel(m_document, m_tabs);
    m_lessons->createDock(this);
    m_glossary = new GlossaryDialog(this);
    // Explain: a dock on the right, hidden until a figure is clicked; explanations are evaluated
    // only when it has one to show.
    m_explainModel = new ExplainModel(m_document, this);
    m_explain = new ExplainPanel(m_explainModel);
    m_explainDock = new QDockWidget(tr("Explain"), this);
    m_explainDock->setObjectName(QStringLiteral("explainDock"));
    m_explainDock->setWidget(m_explain);
    addDockWidget(Qt::RightDockWidgetArea, m_explainDock);
    m_explainDock->hide();
    connect(m_explain, &ExplainPanel::explanationRequested, this, [this] {
        // The first time in a session it opens a third of a column wide enough for a formula line.
        const bool first = m_explainDock->isHidden() && !m_explainDock->property("sized").toBool();
        const int before = width();
        m_explainDock->show();
        m_explainDock->raise();
        if (first && !m_explainDock->isFloating()) {
            m_explainDock->setProperty("sized", true);
            // Never wider than the room the central area leaves: a wider dock would widen the window past its
            // screen, and the charts would then be drawn over the docks.
            int room = before - centralWidget()->minimumSizeHint().width() - 24;
            for (QDockWidget* dock : findChildren<QDockWidget*>())
                if (dock != m_explainDock && dock->isVisible() && !dock->isFloating() &&
                    dockWidgetArea(dock) == Qt::LeftDockWidgetArea && !dock->visibleRegion().isEmpty())
                    room -= dock->width();
            const int wanted = std::min(std::clamp(width() / 4, 260, 460), room);
            resizeDocks({m_explainDock}, {std::max(wanted, m_explainDock->minimumSizeHint().width())},
                        Qt::Horizontal);
            // The dock shown at its own size may have widened the window (now or once the layout settles):
            // the window keeps its width, the docks and the charts share it.
            const auto keepWidth = [this, before] {
                if (!isMaximized() && !isFullScreen() && width() > before)
                    resize(std::max(before, minimumSizeHint().width()), height());
            };
            keepWidth();
            QTimer::singleShot(0, this, keepWidth);
        }
    });
    // Lambdas that reach into this window take it as their context, so that ~MainWindow cuts them too.
    connect(m_chart, &MemoryChart::segmentClicked, this, [this](int stage, MemoryChart::Component component) {
        m_explain->showMemorySegment(stage, int(component));
    });
    connect(m_gantt, &GanttChart::boxClicked, this, [this](int event) {
        const std::vector<TimelineEvent>& timeline = m_document->result().timeline;
        if (event >= 0 && std::size_t(event) < timeline.size())
            m_explain->showTimelineEvent(timeline[std::size_t(event)]);
    });
    connect(m_summary, &SummaryStrip::figureClicked, m_explain, &ExplainPanel::showFigure);
    // The Overview's charts explain their figures as the full ones do.
    connect(m_overview->memoryChart(), &MemoryChart::segmentClicked, m_chart, &MemoryChart::segmentClicked);
    connect(m_overview->ganttChart(), &GanttChart::boxClicked, m_gantt, &GanttChart::boxClicked);
    connect(m_overview->ganttChart(), &GanttChart::collectiveActivated, m_topology,
            &TopologyEditor::highlightCollective);
    connect(m_topology->scene(), &QGraphicsScene::selectionChanged, this,
            [this] { m_explain->showLinks(m_topology->scene()->selectedLinkIds()); });
    // The canvases' bottleneck badges, and Enter on a canvas: the link is explained even where it cannot be
    // selected (a bundle into a collapsed group, the Overview's read-only canvas).
    for (TopologyCanvas* canvas : {m_topology->canvas(), m_overview->canvas()})
        connect(canvas, &TopologyCanvas::linksActivated, m_explain, &ExplainPanel::showLinks);
    // A bar of the Bandwidth tab: a link's utilisation and busy time, or a collective's time per call (the
    // explanation a Gantt box of that collective shows).
    connect(m_bandwidth, &BandwidthChart::linkClicked, this,
            [this](const QString& id) { m_explain->showLinks({id}); });
    connect(m_bandwidth, &BandwidthChart::collectiveClicked, this, [this](int index) {
        m_explain->showFigure(QStringLiteral("comm.collectives[%1].time_s").arg(index));
    });
    // ... and, as from the timeline, the collective's links light up on the canvas.
    connect(m_bandwidth, &BandwidthChart::collectiveClicked, m_topology,
            &TopologyEditor::highlightCollective);

    createMenus();
    setAcceptDrops(true);
    statusBar()->setObjectName(QStringLiteral("statusBar"));

    connect(m_document, &ScenarioDocument::resultChanged, this, &MainWindow::showResult);
    connect(m_document, &ScenarioDocument::problemsChanged, this, &MainWindow::showProblems);
    connect(m_baseline, &BaselineModel::changed, this, &MainWindow::showComparison);
    connect(m_document, &ScenarioDocument::scenarioChanged, this, &MainWindow::updateTitle);
    connect(m_document, &ScenarioDocument::modifiedChanged, this, &MainWindow::updateTitle);
    connect(m_document, &ScenarioDocument::fileNameChanged, this, &MainWindow::updateTitle);
    if (m_document->hasResult())
        showResult();
    showProblems();
    updateTitle();

    const QRect available = screen() ? screen()->availableGeometry() : QRect(0, 0, 1280, 800);
    resize(std::min(1280, available.width() * 9 / 10), std::min(800, available.height() * 9 / 10));
}

MainWindow::~MainWindow()
{
    // The document is a child: QWidget's destructor deletes it after this class is gone, and clearing its
    // undo stack then emits into this window's slots. Cut those connections while the window is whole;
    // the same for every other child that emits while it is torn down (models, docks, the undo stack).
    for (QObject* child : findChildren<QObject*>())
        child->disconnect(this);
}

void MainWindow::createMenus()
{
    QMenu* file = menuBar()->addMenu(tr("&File"));
    file->setObjectName(QStringLiteral("menuFile"));
    QAction* compareFile = createFileMenu(file);
    createEditMenu();
    createViewMenu(compareFile);
    QMenu* help = menuBar()->addMenu(tr("&Help"));
    help->setObjectName(QStringLiteral("menuHelp"));
    help->addAction(m_glossary->showAction());
    QAction* action = help->addAction(tr("&About ShardScope"), this, &MainWindow::about);
    action->setObjectName(QStringLiteral("actionAbout"));
    action->setMenuRole(QAction::AboutRole);
}

// File: new, open, import, compare, the examples and lessons, export, save, quit. Returns Compare with
// File, which the View menu's baseline actions go with.
QAction* MainWindow::createFileMenu(QMenu* file)
{
    QAction* action = file->addAction(tr("&New from Default"), this, &MainWindow::newScenario);
    action->setObjectName(QStringLiteral("actionNew"));
    action->setShortcut(QKeySequence::New);
    action = file->addAction(tr("&Open…"), this, &MainWindow::open);
    action->setObjectName(QStringLiteral("actionOpen"));
    action->setShortcut(QKeySequence::Open);
    action = file->addAction(tr("&Import…"), this, &MainWindow::import);
    action->setObjectName(QStringLiteral("actionImport"));
    action->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_I));
    // Beside Import, which calibrates the links from nccl-tests output: this calibrates the compute.
    action = file->addAction(tr("Calibrate &Compute…"), this, &MainWindow::calibrateCompute);
    action->setObjectName(QStringLiteral("actionCalibrateCompute"));
    action->setStatusTip(tr("Fit the compute scale so the modelled step takes as long as a measured run's"));
    QAction* compareFile =
        file->addAction(tr("Compare with &File…"), this, &MainWindow::compareWithFileDialog);
    compareFile->setObjectName(QStringLiteral("actionCompareWithFile"));
    compareFile->setStatusTip(tr("Pin a saved scenario as the baseline, beside the open one"));
    compareFile->setToolTip(compareFile->statusTip());
    createExamplesMenu(file);
    createExporter(file);

    file->addSeparator();
    action = file->addAction(tr("&Save"), this, &MainWindow::save);
    action->setObjectName(QStringLiteral("actionSave"));
    action->setShortcut(QKeySequence::Save);
    action = file->addAction(tr("Save &As…"), this, &MainWindow::saveAs);
    action->setObjectName(QStringLiteral("actionSaveAs"));
    action->setShortcut(QKeySequence::SaveAs);
    file->addSeparator();
    action = file->addAction(tr("&Quit"), this, &QWidget::close);
    action->setObjectName(QStringLiteral("actionQuit"));
    action->setShortcut(QKeySequence::Quit);
    action->setMenuRole(QAction::QuitRole);
    return compareFile;
}

// File > Examples: the bundled scenarios, then the lessons' submenu.
void MainWindow::createExamplesMenu(QMenu* file)
{
    QMenu* examples = file->addMenu(tr("&Examples"));
    examples->setObjectName(QStringLiteral("menuExamples"));
    for (const io::ExampleInfo& info : io::examples()) {
        QAction* action = examples->addAction(exampleTitle(info.id, info.title));
        action->setObjectName(QStringLiteral("example.") + info.id);
        action->setStatusTip(info.description);
        action->setToolTip(info.description);
        const QString id = info.id;
        connect(action, &QAction::triggered, this, [this, id] { openExample(id); });
    }
    examples->addSeparator();
    m_lessons->populateMenu(examples->addMenu(QString()));
    examples->setEnabled(!examples->isEmpty());
    examples->setToolTipsVisible(true);
}

// Export: a context menu on every chart and File > Export, writing what the CLI writes.
void MainWindow::createExporter(QMenu* file)
{
    auto* exporter = new ExportActions(m_document, this);
    m_exporter = exporter;
    exporter->addChart(m_chart, io::ExportChart::Memory);
    exporter->addChart(m_gantt, io::ExportChart::Gantt);
    exporter->addChart(m_topology->canvas(), io::ExportChart::Topology);
    exporter->addChart(m_bandwidth, io::ExportChart::Bandwidth);
    exporter->addChart(m_overview->memoryChart(), io::ExportChart::Memory);
    exporter->addChart(m_overview->ganttChart(), io::ExportChart::Gantt);
    exporter->addChart(m_overview->canvas(), io::ExportChart::Topology);
    exporter->setSweepSpec([this] { return m_sweep->spec(); });
    exporter->addChart(m_sweep->chart(), io::ExportChart::Sweep);
    // Charts exported while a baseline is pinned show it, as on screen.
    exporter->setBaseline([this] { return m_baseline->pinned(); });
    exporter->addExportMenu(file);
}

// Edit: undo, redo, rename.
void MainWindow::createEditMenu()
{
    QMenu* edit = menuBar()->addMenu(tr("&Edit"));
    edit->setObjectName(QStringLiteral("menuEdit"));
    // Own actions rather than QUndoStack::createUndoAction(), whose "Undo" prefix is fixed when it is made:
    // these say "Undo" in the language of the moment (updateUndoRedoText()).
    QUndoStack* stack = m_document->undoStack();
    QAction* undo = new QAction(this);
    m_undoAction = undo;
    undo->setObjectName(QStringLiteral("actionUndo"));
    undo->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_Z));
    undo->setEnabled(stack->canUndo());
    connect(undo, &QAction::triggered, stack, &QUndoStack::undo);
    connect(stack, &QUndoStack::canUndoChanged, undo, &QAction::setEnabled);
    edit->addAction(undo);
    QAction* redo = new QAction(this);
    m_redoAction = redo;
    redo->setObjectName(QStringLiteral("actionRedo"));
    redo->setEnabled(stack->canRedo());
    connect(redo, &QAction::triggered, stack, &QUndoStack::redo);
    connect(stack, &QUndoStack::canRedoChanged, redo, &QAction::setEnabled);
    connect(stack, &QUndoStack::undoTextChanged, this, &MainWindow::updateUndoRedoText);
    connect(stack, &QUndoStack::redoTextChanged, this, &MainWindow::updateUndoRedoText);
    updateUndoRedoText();
    redo->setShortcuts({QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_Z), QKeySequence(Qt::CTRL | Qt::Key_Y)});
    edit->addAction(redo);
    edit->addSeparator();
    QAction* action = edit->addAction(tr("Re&name Scenario…"), this, &MainWindow::rename);
    action->setObjectName(QStringLiteral("actionRename"));
}

// View: the docks, the baseline, presentation mode, the language.
void MainWindow::createViewMenu(QAction* compareFile)
{
    QMenu* view = menuBar()->addMenu(tr("&View"));
    view->setObjectName(QStringLiteral("menuView"));
    QAction* toggle = m_panelDock->toggleViewAction();
    toggle->setText(tr("&Parameters"));
    toggle->setObjectName(QStringLiteral("actionShowParameters"));
    view->addAction(toggle);
    QAction* lessonToggle = m_lessons->dock()->toggleViewAction();
    lessonToggle->setObjectName(QStringLiteral("actionShowLesson"));
    view->addAction(lessonToggle);
    QAction* explainToggle = m_explainDock->toggleViewAction();
    explainToggle->setText(tr("E&xplain"));
    explainToggle->setObjectName(QStringLiteral("actionShowExplain"));
    view->addAction(explainToggle);
    view->addSeparator();
    // Checkable: checked while a baseline is pinned; its words say what a click does next.
    m_pinAction = view->addAction(tr("Pin as &Baseline"));
    m_pinAction->setObjectName(QStringLiteral("actionPinBaseline"));
    m_pinAction->setCheckable(true);
    m_pinAction->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_B));
    m_pinAction->setToolTip(tr("Keep the current figures as a baseline and show every change against it"));
    connect(m_pinAction, &QAction::triggered, this, [this](bool checked) { setBaselinePinned(checked); });
    m_summary->setPinAction(m_pinAction);
    m_compare->setActions(m_pinAction, compareFile);
    view->addSeparator();
    // Presentation mode: large type, thick lines and high contrast for teaching on a projector.
    m_presentation = new PresentationMode(this);
    view->addAction(m_presentation->action());
    view->addAction(m_presentation->fullScreenAction());
    view->addSeparator();
    createLanguageMenu(view);
}

// View > Language: the system's, or one the application is translated into.
void MainWindow::createLanguageMenu(QMenu* view)
{
    m_languageMenu = view->addMenu(tr("&Language"));
    m_languageMenu->setObjectName(QStringLiteral("menuLanguage"));
    auto* languages = new QActionGroup(this);
    // Language names are written in their own language, so anyone can find theirs.
    const std::pair<QString, QString> choices[] = {{QString(), tr("System Default")},
                                                   {QStringLiteral("en"), QStringLiteral("English")},
                                                   {QStringLiteral("zh_CN"), QStringLiteral("简体中文")}};
    for (const auto& [code, name] : choices) {
        QAction* action = m_languageMenu->addAction(name);
        action->setCheckable(true);
        action->setData(code);
        action->setObjectName(QStringLiteral("language.") +
                              (code.isEmpty() ? QStringLiteral("system") : code));
        languages->addAction(action);
        connect(action, &QAction::triggered, this, [this, code] { setLanguage(code); });
        action->setChecked(code == currentLanguage());
    }
}

bool MainWindow::openFile(const QString& fileName)
{
    QString error;
    if (!m_document->openFile(fileName, &error)) {
        showError(error);
        return false;
    }
    m_lastError.clear();
    statusBar()->showMessage(tr("Opened %1").arg(QDir::toNativeSeparators(fileName)), statusTimeoutMs);
    return true;
}

bool MainWindow::importFile(const QString& fileName, bool commonKeys)
{
    io::ImportResult result;
    QString error;
    io::ImportOptions options;
    options.hf_common_keys = commonKeys;
    if (!io::importFile(fileName, io::ImportKind::Auto, result, &error, options)) {
        QMessageBox* box = showError(error);
        if (!commonKeys)
            offerCommonKeys(box, fileName);
        return false;
    }
    m_lastError.clear();
    // One preview at a time: a second import replaces the first, which changed nothing.
    if (m_importPreview)
        m_importPreview->deleteLater();
    auto* preview = new ImportDialog(result, m_document->scenario(), this);
    preview->setAttribute(Qt::WA_DeleteOnClose);
    m_importPreview = preview;
    const QString name = QFileInfo(fileName).fileName();
    connect(preview, &QDialog::accepted, this, [this, preview, name] {
        if (!preview->canApply())
            return;
        // The whole import is one step; the document stays bound to its own file, not to the imported one.
        m_document->replaceScenario(preview->importedScenario(), tr("Import %1").arg(name),
                                    m_document->fileName());
        statusBar()->showMessage(tr("Imported %1").arg(name), statusTimeoutMs);
    });
    // Non-modal, like the error box, so neither a drop nor a test blocks on it.
    preview->open();
    return true;
}

// A Hugging Face config the importer refuses only for its model_type (hfconfigimport.cpp: a family without a
// reader of its own, whose parameter count cannot be checked) reads by the keys most configurations share
// when the user asks: the error box offers it, and the preview then carries the importer's warning to check
// the count. Whether the common keys would read the file is tried here, so the offer is never made in vain.
void MainWindow::offerCommonKeys(QMessageBox* box, const QString& fileName)
{
    io::ImportResult retry;
    QString ignored;
    io::ImportOptions options;
    options.hf_common_keys = true;
    if (!io::importFile(fileName, io::ImportKind::Auto, retry, &ignored, options) ||
        retry.kind != io::ImportKind::HfConfig)
        return;
    box->setInformativeText(tr("Its shape can still be read by the keys most Hugging Face configurations "
                               "share; check the parameter count against the model's card."));
    QPushButton* read = box->addButton(tr("Read with Common Keys"), QMessageBox::AcceptRole);
    read->setObjectName(QStringLiteral("readWithCommonKeys"));
    connect(box, &QMessageBox::buttonClicked, this, [this, read, fileName](QAbstractButton* clicked) {
        if (clicked == read)
            importFile(fileName, true);
    });
}

bool MainWindow::saveFile(const QString& fileName)
{
    QString error;
    if (!m_document->saveFile(fileName, &error)) {
        showError(error);
        return false;
    }
    m_lastError.clear();
    statusBar()->showMessage(tr("Saved %1").arg(QDir::toNativeSeparators(fileName)), statusTimeoutMs);
    return true;
}

bool MainWindow::openExample(const QString& id)
{
    QString error;
    if (!m_document->openExample(id, &error)) {
        showError(error);
        return false;
    }
    m_lastError.clear();
    return true;
}

void MainWindow::setSettings(Settings* settings)
{
    // The language menu shows the language in effect (currentLanguage()), which --lang may have chosen over
    // the settings' one; a choice made in the menu goes into the settings.
    m_settings = settings;
}

void MainWindow::restoreLayout()
{
    if (!m_settings)
        return;
    restoreGeometry(m_settings->windowGeometry());
    restoreState(m_settings->windowState());
    fitToScreen();
}

// The whole window, frame included, on the screen's available area (a geometry saved on a larger screen, or
// with another panel or frame height, would otherwise leave the window partly below or beside it).
void MainWindow::fitToScreen()
{
    const QScreen* on = screen() ? screen() : QGuiApplication::primaryScreen();
    if (!on || isMaximized() || isFullScreen())
        return;
    const QRect available = on->availableGeometry();
    QRect frame = frameGeometry();
    const QSize border = frame.size() - size();
    if (frame.width() > available.width() || frame.height() > available.height())
        resize(std::min(width(), available.width() - border.width()),
               std::min(height(), available.height() - border.height()));
    frame = frameGeometry();
    const int x = std::clamp(frame.x(), available.left(),
                             std::max(available.left(), available.right() - frame.width() + 1));
    const int y = std::clamp(frame.y(), available.top(),
                             std::max(available.top(), available.bottom() - frame.height() + 1));
    if (x != frame.x() || y != frame.y())
        move(x, y);
}

bool MainWindow::restoreLastScenario()
{
    if (!m_settings)
        return false;
    const QByteArray json = m_settings->lastScenarioJson();
    if (json.isEmpty())
        return false;
    Scenario scenario;
    QString error;
    // The last session may have ended on an invalid scenario; restore it as it was, problems and all.
    if (!io::readScenario(json, scenario, &error, QString(), io::ReadCheck::FieldsOnly)) {
        statusBar()->showMessage(tr("Could not restore the last session: %1").arg(error), statusTimeoutMs);
        return false;
    }
    m_document->resetScenario(scenario, m_settings->lastScenarioFile(), m_settings->lastScenarioModified());
    return true;
}

void MainWindow::saveSession()
{
    if (!m_settings)
        return;
    m_settings->setWindowGeometry(saveGeometry());
    m_settings->setWindowState(saveState());
    m_settings->setLastScenarioJson(io::writeScenario(m_document->scenario()));
    m_settings->setLastScenarioFile(m_document->fileName());
    m_settings->setLastScenarioModified(m_document->isModified());
    m_settings->sync();
}

void MainWindow::enableAutosave(const QString& directory)
{
    if (!m_autosave)
        m_autosave = new Autosave(m_document, directory, this);
}

bool MainWindow::offerRecovery()
{
    if (!m_autosave)
        return false;
    for (const AutosaveEntry& entry : m_autosave->staleEntries()) {
        RecoveryChoice choice = RecoveryChoice::Later;
        if (m_recoveryPrompt) {
            choice = m_recoveryPrompt(entry);
        } else {
            QMessageBox box(QMessageBox::Question, tr("Recover Unsaved Changes"),
                            tr("Recover unsaved changes from %1?")
                                .arg(QLocale().toString(entry.savedAt.toLocalTime(), QLocale::ShortFormat)),
                            QMessageBox::NoButton, this);
            box.setInformativeText(
                entry.fileName.isEmpty()
                    ? tr("ShardScope ended without saving the scenario \"%1\".").arg(entry.name)
                    : tr("ShardScope ended without saving %1.").arg(entry.fileName));
            QPushButton* recover = box.addButton(tr("Recover"), QMessageBox::AcceptRole);
            QPushButton* discard = box.addButton(tr("Discard"), QMessageBox::DestructiveRole);
            box.addButton(tr("Later"), QMessageBox::RejectRole);
            box.setDefaultButton(recover);
            box.exec();
            choice = box.clickedButton() == recover   ? RecoveryChoice::Recover
                     : box.clickedButton() == discard ? RecoveryChoice::Discard
                                                      : RecoveryChoice::Later;
        }
        if (choice == RecoveryChoice::Later)
            continue;
        if (choice == RecoveryChoice::Discard) {
            Autosave::remove(entry);
            continue;
        }
        Scenario scenario;
        QString error;
        if (!Autosave::load(entry.path, scenario, &error)) {
            showError(error);
            continue;
        }
        // Unsaved, bound to its file: Save writes it where it belongs. This session's autosave takes over
        // at once, so a second crash loses nothing either.
        m_document->resetScenario(scenario, entry.fileName, true);
        m_autosave->saveNow();
        Autosave::remove(entry);
        statusBar()->showMessage(
            tr("Recovered unsaved changes from %1")
                .arg(QLocale().toString(entry.savedAt.toLocalTime(), QLocale::ShortFormat)),
            statusTimeoutMs);
        return true;
    }
    return false;
}

void MainWindow::closeEvent(QCloseEvent* event)
{
    // The session keeps the usual layout, not the presentation's.
    m_presentation->setActive(false);
    // Nothing is lost on quit: the scenario, saved or not, comes back with the next session.
    saveSession();
    event->accept();
}

void MainWindow::newScenario()
{
    m_document->newFromDefault();
}

void MainWindow::open()
{
    const QString dir = m_settings ? m_settings->lastDirectory() : QString();
    const QString fileName = QFileDialog::getOpenFileName(this, tr("Open Scenario"), dir,
                                                          tr("Scenario files (*.json);;All files (*)"));
    if (fileName.isEmpty())
        return;
    if (m_settings)
        m_settings->setLastDirectory(QFileInfo(fileName).absolutePath());
    openFile(fileName);
}

ImportDialog* MainWindow::importPreview() const
{
    return m_importPreview;
}

CalibrateDialog* MainWindow::calibrateCompute()
{
    if (!m_calibrateDialog) {
        auto* dialog = new CalibrateDialog(m_document, this);
        dialog->setAttribute(Qt::WA_DeleteOnClose);
        m_calibrateDialog = dialog;
    }
    m_calibrateDialog->show();
    m_calibrateDialog->raise();
    m_calibrateDialog->activateWindow();
    return m_calibrateDialog;
}

CalibrateDialog* MainWindow::calibrateDialog() const
{
    return m_calibrateDialog;
}

void MainWindow::import()
{
    const QString dir = m_settings ? m_settings->lastDirectory() : QString();
    const QString filters = QStringList{tr("All importable files (*.json *.txt *.log *.xml)"),
                                        tr("Hugging Face config (config.json *.json)"),
                                        tr("DeepSpeed config (*.json)"),
                                        tr("nvidia-smi topo -m output (*.txt *.log)"),
                                        tr("NCCL topology dump (*.xml)"),
                                        tr("nccl-tests output (*.log *.txt *.json)"),
                                        tr("All files (*)")}
                                .join(QStringLiteral(";;"));
    const QString fileName = QFileDialog::getOpenFileName(this, tr("Import"), dir, filters);
    if (fileName.isEmpty())
        return;
    if (m_settings)
        m_settings->setLastDirectory(QFileInfo(fileName).absolutePath());
    importFile(fileName);
}

void MainWindow::dragEnterEvent(QDragEnterEvent* event)
{
    const QList<QUrl> urls = event->mimeData()->urls();
    if (!urls.isEmpty() && urls.first().isLocalFile())
        event->acceptProposedAction();
}

void MainWindow::dropEvent(QDropEvent* event)
{
    const QList<QUrl> urls = event->mimeData()->urls();
    if (urls.isEmpty() || !urls.first().isLocalFile())
        return;
    event->acceptProposedAction();
    // The first file only: a preview shows one file's changes, and one import is one undo step.
    const QString fileName = urls.first().toLocalFile();
    // A dropped scenario file opens, as File > Open would; everything else is imported (whose reader says
    // what is wrong with a FIFO or a device: only regular files are opened, so nothing blocks here).
    QFile file;
    if (io::openRegularFile(fileName, file, nullptr) == io::OpenStatus::Opened &&
        file.size() < 64 * 1024 * 1024) {
        const QJsonDocument json = QJsonDocument::fromJson(file.readAll());
        if (json.isObject() &&
            json.object().value(QLatin1String("format")) == QLatin1String("shardscope-scenario")) {
            openFile(fileName);
            return;
        }
    }
    importFile(fileName);
}

bool MainWindow::save()
{
    if (m_document->fileName().isEmpty())
        return saveAs();
    return saveFile(m_document->fileName());
}

bool MainWindow::saveAs()
{
    QString suggestion = m_document->fileName();
    if (suggestion.isEmpty()) {
        QString base = QString::fromStdString(m_document->scenario().name).toLower();
        base.replace(QRegularExpression(QStringLiteral("[^a-z0-9._-]+")), QStringLiteral("-"));
        const QString dir = m_settings ? m_settings->lastDirectory() : QString();
        suggestion = QDir(dir).filePath(base + QStringLiteral(".json"));
    }
    QString fileName = QFileDialog::getSaveFileName(this, tr("Save Scenario"), suggestion,
                                                    tr("Scenario files (*.json);;All files (*)"));
    if (fileName.isEmpty())
        return false;
    if (QFileInfo(fileName).suffix().isEmpty())
        fileName += QStringLiteral(".json");
    if (m_settings)
        m_settings->setLastDirectory(QFileInfo(fileName).absolutePath());
    return saveFile(fileName);
}

void MainWindow::rename()
{
    bool ok = false;
    const QString name =
        QInputDialog::getText(this, tr("Rename Scenario"), tr("Scenario name:"), QLineEdit::Normal,
                              QString::fromStdString(m_document->scenario().name), &ok);
    if (ok)
        m_document->setName(name);
}

void MainWindow::about()
{
    QMessageBox::about(
        this, tr("About ShardScope"),
        tr("<h3>ShardScope %1</h3>"
           "<p>Explores the memory and communication of distributed deep-learning training: "
           "will the model fit on these GPUs, and where does a training step spend its time.</p>"
           "<p>Formulas from ZeRO (Rajbhandari et al.), Megatron-LM (Narayanan et al.; Korthikanti et al.) "
           "and the NCCL documentation.</p>"
           "<p>Licensed under the GNU General Public License, version 3 or later.</p>")
            .arg(QCoreApplication::applicationVersion()));
}

void MainWindow::setLanguage(const QString& language)
{
    // Kept for the next start (when there are settings to keep it in), and in effect at once: Qt sends every
    // widget QEvent::LanguageChange, and each sets its words again (retranslate() for this window's own).
    if (m_settings) {
        m_settings->setLanguage(language);
        m_settings->sync();
    }
    for (QAction* action : m_languageMenu->actions())
        action->setChecked(action->data().toString() == language);
    if (language == currentLanguage())
        return;
    switchLanguage(language);
    // Widgets copy the default locale when they are made (spin boxes and chart axes write numbers with it):
    // every window without a locale of its own takes the new default and hands it down to its children.
    for (QWidget* window : QApplication::topLevelWidgets())
        if (!window->testAttribute(Qt::WA_SetLocale))
            window->unsetLocale();
    // QCustomPlot sets a locale of its own (the default one without digit groups) for its tick labels: the
    // charts take the new language's, keeping their number options.
    for (QWidget* widget : QApplication::allWidgets()) {
        if (auto* plot = qobject_cast<QCustomPlot*>(widget)) {
            QLocale locale;
            locale.setNumberOptions(plot->locale().numberOptions());
            plot->setLocale(locale);
        }
    }
}

void MainWindow::changeEvent(QEvent* event)
{
    QMainWindow::changeEvent(event);
    if (event->type() == QEvent::LanguageChange)
        retranslate();
}

// The words of the window itself: menus, actions, tabs, the dock, the title and the timeline's comparison
// line. The views set their own words on the same event (Qt sends it to this window first, then to its
// children).
void MainWindow::retranslate()
{
    const auto setText = [this](const char* name, const QString& text) {
        if (auto* action = findChild<QAction*>(QLatin1String(name)))
            action->setText(text);
    };
    const auto setTitle = [this](const char* name, const QString& text) {
        if (auto* menu = findChild<QMenu*>(QLatin1String(name)))
            menu->setTitle(text);
    };
    setTitle("menuFile", tr("&File"));
    setText("actionNew", tr("&New from Default"));
    setText("actionOpen", tr("&Open…"));
    setText("actionImport", tr("&Import…"));
    setText("actionCalibrateCompute", tr("Calibrate &Compute…"));
    if (auto* calibrate = findChild<QAction*>(QStringLiteral("actionCalibrateCompute")))
        calibrate->setStatusTip(
            tr("Fit the compute scale so the modelled step takes as long as a measured run's"));
    if (auto* compareFile = findChild<QAction*>(QStringLiteral("actionCompareWithFile"))) {
        compareFile->setText(tr("Compare with &File…"));
        compareFile->setStatusTip(tr("Pin a saved scenario as the baseline, beside the open one"));
        compareFile->setToolTip(compareFile->statusTip());
    }
    setTitle("menuExamples", tr("&Examples"));
    for (const io::ExampleInfo& info : io::examples())
        setText(qPrintable(QStringLiteral("example.") + info.id), exampleTitle(info.id, info.title));
    m_exporter->retranslate();
    setText("actionSave", tr("&Save"));
    setText("actionSaveAs", tr("Save &As…"));
    setText("actionQuit", tr("&Quit"));
    setTitle("menuEdit", tr("&Edit"));
    updateUndoRedoText();
    setText("actionRename", tr("Re&name Scenario…"));
    setTitle("menuView", tr("&View"));
    // The dock's title renames its toggle action too; the action's own words (with the mnemonic) come after.
    m_panelDock->setWindowTitle(tr("Parameters"));
    setText("actionShowParameters", tr("&Parameters"));
    m_explainDock->setWindowTitle(tr("Explain"));
    setText("actionShowExplain", tr("E&xplain"));
    m_pinAction->setToolTip(tr("Keep the current figures as a baseline and show every change against it"));
    m_languageMenu->setTitle(tr("&Language"));
    setText("language.system", tr("System Default"));
    setTitle("menuHelp", tr("&Help"));
    setText("actionAbout", tr("&About ShardScope"));

    const std::pair<QWidget*, QString> tabs[] = {{m_overview, tr("Overview")},   {m_chart, tr("Memory")},
                                                 {m_gantt, tr("Step timeline")}, {m_topology, tr("Topology")},
                                                 {m_bandwidth, tr("Bandwidth")}, {m_sweep, tr("Sweep")},
                                                 {m_planner, tr("Planner")},     {m_compare, tr("Compare")}};
    for (const auto& [page, title] : tabs)
        if (const int index = m_tabs->indexOf(page); index >= 0)
            m_tabs->setTabText(index, title);

    updateTitle();
    // The timeline's comparison line is a sentence the window makes from the deltas: made again.
    const Baseline* baseline = m_baseline->pinned();
    m_pinAction->setText(baseline ? tr("Unpin &Baseline") : tr("Pin as &Baseline"));
    m_gantt->setComparison(baseline ? CompareText::stepLine(m_baseline->deltas()) : QString());
    m_overview->ganttChart()->setComparison(m_gantt->comparison());
    // A status message in the old language would linger for seconds.
    statusBar()->clearMessage();
    // The panel's labels take another width in another language; they are set once the panel has the event.
    QTimer::singleShot(0, this, [this] {
        if (auto* scroll = qobject_cast<QScrollArea*>(m_panelDock->widget()))
            scroll->setMinimumWidth(m_panel->minimumSizeHint().width() +
                                    scroll->verticalScrollBar()->sizeHint().width());
    });
}

void MainWindow::updateUndoRedoText()
{
    // As QUndoStack's own actions word it: the prefix, then the command's text when there is one.
    const QUndoStack* stack = m_document->undoStack();
    const auto label = [](const QString& prefix, const QString& command) {
        return command.isEmpty() ? prefix : prefix + QLatin1Char(' ') + command;
    };
    m_undoAction->setText(label(tr("&Undo"), stack->undoText()));
    m_redoAction->setText(label(tr("&Redo"), stack->redoText()));
}

QMessageBox* MainWindow::showError(const QString& message)
{
    m_lastError = message;
    statusBar()->showMessage(message, statusTimeoutMs);
    // Non-modal, so a failed open never blocks (or hangs a test).
    auto* box = new QMessageBox(QMessageBox::Warning, tr("ShardScope"), message, QMessageBox::Ok, this);
    box->setObjectName(QStringLiteral("errorMessage"));
    box->setAttribute(Qt::WA_DeleteOnClose);
    box->open();
    return box;
}

void MainWindow::updateTitle()
{
    const QString name = QString::fromStdString(m_document->scenario().name);
    const QString file = m_document->fileName();
    if (file.isEmpty())
        setWindowTitle(tr("%1[*] — ShardScope").arg(name));
    else
        setWindowTitle(tr("%1[*] (%2) — ShardScope").arg(name, QFileInfo(file).fileName()));
    setWindowModified(m_document->isModified());
}

void MainWindow::showResult()
{
    // The charts of a hidden tab wait until it is shown: laying out a pipeline of 64 stages costs more than
    // a frame, and an edit on the Memory tab should not pay for it. Before the window is shown (tests,
    // screenshots) everything is kept current. The Overview first: its timeline is laid out on a worker
    // meanwhile.
    const bool defer = isVisible();
    m_overviewPending = defer && m_tabs->currentWidget() != m_overview;
    if (!m_overviewPending)
        m_overview->showResult();
    m_chart->resetData(m_document->result());
    m_summary->resetData(m_document->result());
    m_chart->setStale(!m_document->isResultCurrent());
    m_ganttPending = defer && m_tabs->currentWidget() != m_gantt;
    m_bandwidthPending = defer && m_tabs->currentWidget() != m_bandwidth;
    if (!m_ganttPending) {
        m_gantt->resetData(m_document->result(), m_document->resultOwner());
        m_gantt->setStale(!m_document->isResultCurrent());
    }
    if (!m_bandwidthPending) {
        m_bandwidth->resetData(m_document->result());
        m_bandwidth->setStale(!m_document->isResultCurrent());
    }
    showComparison();
}

void MainWindow::syncHiddenViews(bool all) const
{
    if (m_ganttPending && (all || m_tabs->currentWidget() == m_gantt)) {
        m_ganttPending = false;
        m_gantt->resetData(m_document->result(), m_document->resultOwner());
        m_gantt->setStale(!m_document->isResultCurrent());
    }
    if (m_bandwidthPending && (all || m_tabs->currentWidget() == m_bandwidth)) {
        m_bandwidthPending = false;
        m_bandwidth->resetData(m_document->result());
        m_bandwidth->setStale(!m_document->isResultCurrent());
    }
    if (m_overviewPending && (all || m_tabs->currentWidget() == m_overview)) {
        m_overviewPending = false;
        m_overview->showResult();
    }
}

bool MainWindow::setBaselinePinned(bool pin)
{
    if (!pin) {
        m_baseline->unpin();
        statusBar()->showMessage(tr("Baseline unpinned"), statusTimeoutMs);
        return false;
    }
    QString error;
    if (!m_baseline->pinCurrent(&error)) {
        showError(error);
        showComparison(); // puts the action back to unchecked
        return m_baseline->isPinned();
    }
    m_lastError.clear();
    statusBar()->showMessage(tr("Pinned “%1” as the baseline").arg(m_baseline->baseline().label),
                             statusTimeoutMs);
    return true;
}

bool MainWindow::compareWithFile(const QString& fileName)
{
    QString error;
    if (!m_baseline->pinFile(fileName, &error)) {
        showError(error);
        return false;
    }
    m_lastError.clear();
    statusBar()->showMessage(tr("Comparing with %1 as the baseline").arg(QDir::toNativeSeparators(fileName)),
                             statusTimeoutMs);
    return true;
}

void MainWindow::compareWithFileDialog()
{
    const QString dir = m_settings ? m_settings->lastDirectory() : QString();
    const QString fileName = QFileDialog::getOpenFileName(this, tr("Compare with Scenario"), dir,
                                                          tr("Scenario files (*.json);;All files (*)"));
    if (fileName.isEmpty())
        return;
    if (m_settings)
        m_settings->setLastDirectory(QFileInfo(fileName).absolutePath());
    if (compareWithFile(fileName))
        m_tabs->setCurrentWidget(m_compare);
}

void MainWindow::showComparison()
{
    const Baseline* baseline = m_baseline->pinned();
    {
        // The action follows the model whoever pinned (a file, the command line, a test).
        const QSignalBlocker block(m_pinAction);
        m_pinAction->setChecked(baseline != nullptr);
        m_pinAction->setText(baseline ? tr("Unpin &Baseline") : tr("Pin as &Baseline"));
        m_pinAction->setEnabled(baseline || m_baseline->canPinCurrent());
    }
    const std::vector<FigureDelta> deltas = m_baseline->deltas();
    const QString currentName = QString::fromStdString(m_document->scenario().name);
    if (baseline) {
        m_summary->setComparison(baseline->label, deltas);
        m_chart->setBaseline(&baseline->result, baseline->label);
        m_gantt->setComparison(CompareText::stepLine(deltas));
        m_overview->setBaseline(&baseline->result, baseline->label, CompareText::stepLine(deltas));
    } else {
        m_summary->clearComparison();
        m_chart->setBaseline(nullptr);
        m_gantt->setComparison(QString());
        m_overview->setBaseline(nullptr, QString(), QString());
    }
    m_compare->resetData(baseline, currentName, m_document->result(), deltas);
}

void MainWindow::showProblems()
{
    m_summary->setProblems(m_document->problems());
    m_chart->setStale(!m_document->isValid());
    m_gantt->setStale(!m_document->isValid());
    m_bandwidth->setStale(!m_document->isValid());
    m_overview->setStale(!m_document->isValid());
    // Only a valid scenario can be pinned; unpinning is always possible.
    m_pinAction->setEnabled(m_baseline->isPinned() || m_baseline->canPinCurrent());
}

} // namespace ss
