#include "races/trainingracepanel.h"

#include "common/chartfactory.h"
#include "races/decisionview.h"
#include "devices/deviceregistry.h"
#include "common/devicestyle.h"
#include "common/formscrollarea.h"
#include "races/loaderoptions.h"
#include "races/trainingrace.h"
#include "races/trainingraceworker.h"
#include "races/workersweep.h"
#include "races/workersweepchart.h"

#include <QCheckBox>
#include <QComboBox>
#include <QDoubleSpinBox>
#include <QFormLayout>
#include <QGroupBox>
#include <QLabel>
#include <QProgressBar>
#include <QPushButton>
#include <QSettings>
#include <QSpinBox>
#include <QSplitter>
#include <QStandardItemModel>
#include <QTabWidget>
#include <QTimer>
#include <QVBoxLayout>
#include <cmath>
#include <qcustomplot.h>

namespace tk {

namespace {
QColor laneColor(const TrainLane &lane)
{
    QColor c = DeviceStyle::color(lane.device);
    return lane.device == QLatin1String("cpu") && lane.threads == 1 ? c.lighter(150) : c;
}

bool hasData(const QCustomPlot *plot)
{
    for (int i = 0; i < plot->graphCount(); ++i)
        if (plot->graph(i)->dataCount() > 0)
            return true;
    return false;
}
} // namespace

TrainingRacePanel::TrainingRacePanel(QWidget *parent)
    : QWidget(parent), m_race(new TrainingRace(this)), m_sweep(new WorkerSweep(this))
{
    setObjectName(QStringLiteral("trainingRacePanel"));
    const TrainConfig defaults;
    auto spin = [](int lo, int hi, int value) {
        auto *s = new QSpinBox;
        s->setRange(lo, hi);
        s->setValue(value);
        return s;
    };
    m_width = spin(1, 8192, defaults.width);
    m_depth = spin(1, 16, defaults.depth);
    m_batch = spin(1, 65536, defaults.batch);
    m_steps = spin(1, 1000000, defaults.steps);
    m_seed = spin(0, 1 << 30, int(defaults.seed));
    m_lr = new QDoubleSpinBox;
    m_lr->setDecimals(4);
    m_lr->setRange(0.0001, 10);
    m_lr->setSingleStep(0.001);
    m_lr->setValue(defaults.lr);
    m_optimizer = new QComboBox;
    m_optimizer->addItem(tr("Adam"), QStringLiteral("adam"));
    m_optimizer->addItem(tr("SGD (momentum 0.9)"), QStringLiteral("sgd"));
    m_steps->setObjectName(QStringLiteral("trainingSteps"));
    m_placement = new QComboBox;
    m_placement->setObjectName(QStringLiteral("trainingPlacement"));
    m_placement->addItem(tr("per batch: x.to(device) each step"), int(TrainPlacement::PerBatch));
    m_placement->addItem(tr("preloaded on the device"), int(TrainPlacement::Preload));
    m_placement->addItem(tr("pinned + non_blocking"), int(TrainPlacement::Pinned));
    m_placement->addItem(tr("DataLoader: workers prepare batches"), int(TrainPlacement::DataLoader));
    m_placement->setItemData(m_placement->count() - 1,
                             tr("Batches come from LibTorch's DataLoader; each sample costs CPU work "
                                "to prepare. Shows how long the device waits for its data."),
                             Qt::ToolTipRole);
    bool hasGpu = false;
    for (const DeviceInfo &d : DeviceRegistry::knownDevices())
        hasGpu = hasGpu || d.isCuda();
    if (!hasGpu) {
        // Pinned host memory exists to speed up copies to a GPU; say so instead of failing.
        auto *model = qobject_cast<QStandardItemModel *>(m_placement->model());
        if (QStandardItem *item = model ? model->item(2) : nullptr) {
            item->setEnabled(false);
            item->setToolTip(tr("Needs a CUDA GPU: page-locked memory only speeds up copies to one."));
        }
    }
    m_placement->setToolTip(tr("Where the data lives while training: moved per batch (the usual way), "
                               "all on the device up front (fast, if it fits), or staged in pinned "
                               "memory and copied with non_blocking=True (GPU only)."));

    auto *form = new QFormLayout;
    form->addRow(tr("Width:"), m_width);
    form->addRow(tr("Depth:"), m_depth);
    form->addRow(tr("Batch:"), m_batch);
    form->addRow(tr("Steps:"), m_steps);
    form->addRow(tr("Learning rate:"), m_lr);
    form->addRow(tr("Optimizer:"), m_optimizer);
    form->addRow(tr("Data:"), m_placement);
    form->addRow(tr("Seed:"), m_seed);
    m_loader = new LoaderOptions(hasGpu);

    auto *lanes = new QGroupBox(tr("Lanes"));
    auto *ll = new QVBoxLayout(lanes);
    m_cpuAll = new QCheckBox(TrainLane{}.label());
    m_cpuAll->setChecked(true);
    TrainLane one;
    one.threads = 1;
    m_cpuOne = new QCheckBox(one.label());
    m_cpuOne->setChecked(!hasGpu && DeviceRegistry::hardwareThreads() > 1);
    ll->addWidget(m_cpuAll);
    ll->addWidget(m_cpuOne);
    for (const DeviceInfo &d : DeviceRegistry::knownDevices()) {
        if (!d.isCuda())
            continue;
        auto *box = new QCheckBox(QStringLiteral("%1 — %2").arg(d.id, d.name));
        box->setProperty("device", d.id);
        box->setChecked(true);
        m_gpus << box;
        ll->addWidget(box);
    }
    if (!hasGpu) {
        auto *why = new QLabel(tr("No GPU lane: %1").arg(DeviceRegistry::knownBuildFacts().noGpuExplanation()));
        why->setWordWrap(true);
        ll->addWidget(why);
    }

    m_run = new QPushButton(tr("&Train"));
    m_run->setObjectName(QStringLiteral("runTraining"));
    m_pause = new QPushButton(tr("&Pause"));
    m_pause->setCheckable(true);
    m_pause->setEnabled(false);
    m_cancel = new QPushButton(tr("&Cancel"));
    m_cancel->setEnabled(false);
    auto *buttons = new QHBoxLayout;
    buttons->addWidget(m_run);
    buttons->addWidget(m_pause);
    buttons->addWidget(m_cancel);
    m_progress = new QProgressBar;
    m_status = new QLabel(tr("Press Train: every lane gets the same model, seed and batches."));
    m_status->setWordWrap(true);
    auto *fair = new QLabel(tr("Lanes train <b>in turn</b>, %1 steps each, on one worker thread: no "
                               "lane shares the cores with another, every step is timed on its own "
                               "(after torch.cuda.synchronize() on a GPU), and drawing the pictures "
                               "is not counted. That is why the times are fair.")
                                .arg(TrainingRaceWorker::kTurn));
    fair->setWordWrap(true);
    fair->setObjectName(QStringLiteral("fairness"));
    m_summary = new QLabel;
    m_summary->setObjectName(QStringLiteral("trainingSummary"));
    m_summary->setWordWrap(true);
    m_summary->setTextInteractionFlags(Qt::TextSelectableByMouse);

    auto *controls = new QWidget;
    controls->setMaximumWidth(340);
    auto *cl = new QVBoxLayout(controls);
    auto *intro = new QLabel(tr("<h3>The training race</h3>An MLP learns to tell two spirals apart. "
                                "The model and every batch must sit on the lane's device; the "
                                "optimizer and the loss need no .to()."));
    intro->setWordWrap(true);
    cl->addWidget(intro);
    cl->addLayout(form);
    cl->addWidget(m_loader);
    cl->addWidget(lanes);
    cl->addLayout(buttons);
    cl->addWidget(m_progress);
    cl->addWidget(m_status);
    cl->addWidget(fair);
    cl->addWidget(m_summary);
    cl->addStretch();

    m_lossPlot = ChartFactory::make(tr("Loss vs step"), tr("step"), tr("cross-entropy"), false, true);
    m_wallPlot = ChartFactory::make(tr("Loss vs training time (the race)"), tr("seconds"),
                                    tr("cross-entropy (EMA)"), false, true);
    m_speedPlot = ChartFactory::make(tr("Throughput"), tr("step"), tr("samples/s (EMA)"), false, false);
    auto *views = new QWidget;
    m_viewsLayout = new QHBoxLayout(views);
    auto *charts = new QSplitter(Qt::Vertical);
    auto *top = new QSplitter(Qt::Horizontal);
    top->addWidget(m_lossPlot);
    top->addWidget(m_wallPlot);
    // The same width each (the loss legend needs its share); sizes under a chart's minimum
    // would count as that minimum, so the two are given as large and equal.
    top->setSizes({10000, 10000});
    charts->addWidget(top);
    auto *bottom = new QSplitter(Qt::Horizontal);
    bottom->addWidget(m_speedPlot);
    bottom->addWidget(views);
    charts->addWidget(bottom);

    // The sweep's chart has a tab of its own: beside the race's four it would squash them all.
    m_sweepChart = new WorkerSweepChart;
    m_chartTabs = new QTabWidget;
    m_chartTabs->setObjectName(QStringLiteral("trainingChartTabs"));
    m_chartTabs->addTab(charts, tr("Training"));
    m_chartTabs->addTab(m_sweepChart, tr("Data loading"));

    auto *layout = new QHBoxLayout(this);
    layout->addWidget(new FormScrollArea(controls));
    layout->addWidget(m_chartTabs, 1);

    auto *timer = new QTimer(this);
    timer->setInterval(40);
    connect(timer, &QTimer::timeout, this, &TrainingRacePanel::replotDirty);
    timer->start();

    // Race defaults are remembered between runs.
    QSettings prefs;
    prefs.beginGroup(QStringLiteral("trainingRace"));
    for (auto [box, key] : {std::pair{m_width, "width"}, std::pair{m_depth, "depth"},
                            std::pair{m_batch, "batch"}, std::pair{m_steps, "steps"},
                            std::pair{m_seed, "seed"}})
        box->setValue(prefs.value(QLatin1String(key), box->value()).toInt());
    m_lr->setValue(prefs.value(QStringLiteral("lr"), m_lr->value()).toDouble());
    m_optimizer->setCurrentIndex(
        std::max(0, m_optimizer->findData(prefs.value(QStringLiteral("optimizer"), QStringLiteral("adam")))));
    m_loader->load(prefs);
    prefs.endGroup();
    connect(m_run, &QPushButton::clicked, this, [this] {
        QSettings s;
        s.beginGroup(QStringLiteral("trainingRace"));
        for (auto [box, key] : {std::pair{m_width, "width"}, std::pair{m_depth, "depth"},
                                std::pair{m_batch, "batch"}, std::pair{m_steps, "steps"},
                                std::pair{m_seed, "seed"}})
            s.setValue(QLatin1String(key), box->value());
        s.setValue(QStringLiteral("lr"), m_lr->value());
        s.setValue(QStringLiteral("optimizer"), m_optimizer->currentData());
        m_loader->save(s);
        startRace(configFromControls(), lanesFromControls());
    });
    connect(m_pause, &QPushButton::toggled, this, [this](bool on) {
        m_race->setPaused(on);
        m_pause->setText(on ? tr("&Resume") : tr("&Pause"));
        m_status->setText(on ? tr("Paused: the clock stops with the lanes.") : tr("Training…"));
    });
    connect(m_cancel, &QPushButton::clicked, this, [this] {
        m_race->cancel();
        m_sweep->cancel();
    });
    connect(m_race, &TrainingRace::stepsReady, this, &TrainingRacePanel::onSteps);
    connect(m_race, &TrainingRace::decisionReady, this, [this](const DecisionGrid &g) {
        if (g.lane >= 0 && g.lane < m_views.size())
            m_views[g.lane]->setGrid(g);
    });
    connect(m_race, &TrainingRace::datasetReady, this, [this](const QVector<float> &points) {
        for (DecisionView *v : std::as_const(m_views))
            v->setPoints(points);
    });
    connect(m_race, &TrainingRace::finished, this, &TrainingRacePanel::onFinished);
    connect(m_race, &TrainingRace::machineLoadReady, this, &TrainingRacePanel::showMachineLoad);

    connect(m_placement, &QComboBox::currentIndexChanged, this, &TrainingRacePanel::updateLoaderControls);
    connect(m_loader->sweepButton(), &QPushButton::clicked, this, [this] {
        if (m_sweep->isRunning())
            m_sweep->cancel();
        else
            startSweep();
    });
    connect(m_sweep, &WorkerSweep::pointReady, m_sweepChart, &WorkerSweepChart::addPoint);
    connect(m_sweep, &WorkerSweep::progress, this, [this](int done, int total) {
        m_progress->setRange(0, total);
        m_progress->setValue(done);
    });
    connect(m_sweep, &WorkerSweep::finished, this, &TrainingRacePanel::onSweepFinished);
    updateLoaderControls();

    // Before any run the charts show the race the settings describe: steps 0..planned.
    showPlan(configFromControls());
    connect(m_steps, &QSpinBox::valueChanged, this, [this] {
        if (m_lossPlot->graphCount() == 0) // no race drawn yet
            showPlan(configFromControls());
    });
}

TrainingRacePanel::~TrainingRacePanel() = default;

TrainConfig TrainingRacePanel::configFromControls() const
{
    TrainConfig c;
    c.width = m_width->value();
    c.depth = m_depth->value();
    c.batch = m_batch->value();
    c.steps = m_steps->value();
    c.seed = quint64(m_seed->value());
    c.lr = m_lr->value();
    c.optimizer = m_optimizer->currentData().toString();
    c.placement = TrainPlacement(m_placement->currentData().toInt());
    c.workers = m_loader->workers();
    c.prepCost = m_loader->prepCost();
    c.pinBatches = m_loader->pinBatches();
    return c;
}

QList<TrainLane> TrainingRacePanel::lanesFromControls() const
{
    QList<TrainLane> lanes;
    if (m_cpuAll->isChecked())
        lanes << TrainLane{};
    if (m_cpuOne->isChecked()) {
        TrainLane one;
        one.threads = 1;
        lanes << one;
    }
    for (QCheckBox *box : m_gpus)
        if (box->isChecked()) {
            TrainLane g;
            g.device = box->property("device").toString();
            lanes << g;
        }
    return lanes;
}

bool TrainingRacePanel::startRace(const TrainConfig &config, const QList<TrainLane> &lanes)
{
    QString error;
    if (m_sweep->isRunning())
        error = tr("The worker sweep is running: stop it first, or the two would share the cores.");
    if (!error.isEmpty() || !m_race->start(config, lanes, &error)) {
        m_status->setText(QStringLiteral("<span style='color:#c00'>%1</span>").arg(error.toHtmlEscaped()));
        return false;
    }
    resetCharts();
    m_progress->setRange(0, config.steps);
    m_progress->setValue(0);
    m_run->setEnabled(false);
    m_pause->setEnabled(true);
    m_cancel->setEnabled(true);
    m_summary->clear();
    m_chartTabs->setCurrentIndex(0);
    updateLoaderControls();
    showMachineLoad({});
    m_status->setText(tr("Preparing the lanes: data, model, model.to(device)…"));
    return true;
}

void TrainingRacePanel::showPlan(const TrainConfig &config)
{
    // The step charts span the whole race from the start: a curve grows towards the end of
    // its axis instead of the axis chasing the curve.
    for (QCustomPlot *p : {m_lossPlot, m_speedPlot})
        p->xAxis->setRange(0, config.steps);
    m_wallPlot->xAxis->setRange(0, 10); // seconds: unknown until the lanes run
    // Two classes: the cross-entropy starts near ln 2 ≈ 0.69 and falls.
    m_lossPlot->yAxis->setRange(0.01, 1);
    m_wallPlot->yAxis->setRange(0.01, 1);
    m_speedPlot->yAxis->setRange(0, 1000);
    m_dirty = true;
}

void TrainingRacePanel::resetCharts()
{
    for (QCustomPlot *p : {m_lossPlot, m_wallPlot, m_speedPlot})
        p->clearPlottables();
    qDeleteAll(m_views);
    m_views.clear();
    m_ema.clear();
    m_emaSpeed.clear();
    m_waited.clear();
    m_stepTime.clear();
    showPlan(m_race->config());
    // A marker every tenth of the race: one per step would be a smear.
    const int skip = std::max(0, m_race->config().steps / 10 - 1);
    for (int i = 0; i < m_race->lanes().size(); ++i) {
        const TrainLane &lane = m_race->lanes().at(i);
        const QColor c = laneColor(lane);
        // Lane i has the same line style and marker on every chart; the raw loss is the faint
        // line of the same style.
        QCPGraph *raw = m_lossPlot->addGraph();
        raw->setName(tr("%1 (raw)").arg(lane.label()));
        raw->setPen(QPen(QColor(c.red(), c.green(), c.blue(), 70), 1, ChartFactory::laneStyle(i).pen));
        QCPGraph *ema = m_lossPlot->addGraph();
        ema->setName(tr("%1 (EMA, α = %2)").arg(lane.label()).arg(kEmaAlpha));
        QCPGraph *wall = m_wallPlot->addGraph();
        wall->setName(lane.label());
        QCPGraph *speed = m_speedPlot->addGraph();
        speed->setName(lane.label());
        for (QCPGraph *g : {ema, wall, speed}) {
            ChartFactory::applyLaneStyle(g, i, c);
            g->setScatterSkip(skip);
        }
        m_ema << std::nan("");
        m_emaSpeed << std::nan("");
        m_waited << 0;
        m_stepTime << 0;
        auto *view = new DecisionView(lane.label());
        m_views << view;
        m_viewsLayout->addWidget(view);
    }
    m_dirty = true;
}

void TrainingRacePanel::onSteps(const QList<TrainStep> &steps)
{
    for (const TrainStep &s : steps) {
        if (s.lane < 0 || s.lane >= m_ema.size())
            continue;
        double &ema = m_ema[s.lane];
        ema = std::isnan(ema) ? s.loss : kEmaAlpha * s.loss + (1 - kEmaAlpha) * ema;
        double &speed = m_emaSpeed[s.lane];
        speed = std::isnan(speed) ? s.samplesPerSecond
                                  : kEmaAlpha * s.samplesPerSecond + (1 - kEmaAlpha) * speed;
        m_lossPlot->graph(2 * s.lane)->addData(s.step, s.loss);
        m_lossPlot->graph(2 * s.lane + 1)->addData(s.step, ema);
        m_wallPlot->graph(s.lane)->addData(s.wallSeconds, ema);
        m_speedPlot->graph(s.lane)->addData(s.step, speed);
        m_progress->setValue(std::max(m_progress->value(), s.step));
        m_waited[s.lane] += s.waitSeconds;
        m_stepTime[s.lane] += s.stepSeconds;
    }
    if (steps.isEmpty())
        return;
    const TrainStep &last = steps.last();
    const QString lane = m_race->lanes().value(last.lane).label();
    if (m_race->config().placement != TrainPlacement::DataLoader) {
        m_status->setText(tr("Step %1 of %2 · %3: loss %4, %5 samples/s")
                              .arg(last.step)
                              .arg(m_race->config().steps)
                              .arg(lane)
                              .arg(last.loss, 0, 'f', 4)
                              .arg(last.samplesPerSecond, 0, 'f', 0));
    } else {
        m_status->setText(tr("Step %1 of %2 · %3: loss %4, %5 samples/s, waited for data %6 %")
                              .arg(last.step)
                              .arg(m_race->config().steps)
                              .arg(lane)
                              .arg(last.loss, 0, 'f', 4)
                              .arg(last.samplesPerSecond, 0, 'f', 0)
                              .arg(100 * dataWaitFraction(last.lane), 0, 'f', 0));
        // The throughput legend names each lane's share of waiting, the steps so far.
        for (int i = 0; i < m_race->lanes().size() && i < m_speedPlot->graphCount(); ++i)
            if (m_stepTime.value(i) > 0)
                m_speedPlot->graph(i)->setName(tr("%1 · waited for data %2 %")
                                                   .arg(m_race->lanes().at(i).label())
                                                   .arg(100 * dataWaitFraction(i), 0, 'f', 0));
    }
    m_dirty = true;
}

void TrainingRacePanel::replotDirty()
{
    if (!m_dirty)
        return;
    m_dirty = false;
    for (QCustomPlot *p : {m_lossPlot, m_wallPlot, m_speedPlot}) {
        // No data yet: the planned axes stay (rescaling nothing would only widen them).
        if (hasData(p)) {
            // The step axes keep 0..planned steps; the time axis grows with the race.
            if (p == m_wallPlot) {
                p->xAxis->rescale();
                p->xAxis->setRange(0, p->xAxis->range().upper * 1.05);
            }
            p->yAxis->rescale();
            if (p != m_speedPlot)
                p->yAxis->setRange(p->yAxis->range().lower * 0.8, p->yAxis->range().upper * 1.25);
            else
                p->yAxis->setRange(0, p->yAxis->range().upper * 1.1);
        }
        p->replot(QCustomPlot::rpQueuedReplot);
    }
}

double TrainingRacePanel::dataWaitFraction(int lane) const
{
    const double total = m_stepTime.value(lane);
    return total > 0 ? m_waited.value(lane) / total : 0;
}

QString TrainingRacePanel::summaryText() const { return m_summary->text(); }
QString TrainingRacePanel::statusText() const { return m_status->text(); }
QString TrainingRacePanel::busyWarningText() const { return m_busyWarning ? m_busyWarning->text() : QString(); }

// Other programs' load over the CPU lanes' turns so far, named on the race chart once busy.
void TrainingRacePanel::showMachineLoad(const MachineLoad &cpuLanes)
{
    // Bottom left of the loss-vs-time chart: every loss starts high, so the curves leave it empty.
    if (!m_busyWarning)
        m_busyWarning.emplace(m_wallPlot, Qt::AlignLeft | Qt::AlignBottom);
    if (m_busyWarning->set(cpuLanes.warning()))
        m_dirty = true;
}

void TrainingRacePanel::onFinished(bool cancelled, const QString &error)
{
    m_run->setEnabled(true);
    m_pause->setChecked(false);
    m_pause->setEnabled(false);
    m_cancel->setEnabled(false);
    updateLoaderControls();
    if (!error.isEmpty()) {
        m_status->setText(QStringLiteral("<span style='color:#c00'>%1</span>").arg(error.toHtmlEscaped()));
        return;
    }
    m_status->setText(cancelled ? tr("Cancelled.") : tr("Done."));
    const bool loader = m_race->config().placement == TrainPlacement::DataLoader;
    const double target = m_race->config().targetLoss;
    QStringList rows;
    const auto &all = m_race->steps();
    for (int i = 0; i < all.size(); ++i) {
        if (all[i].isEmpty())
            continue;
        const TrainStep &last = all[i].last();
        const double t = TrainingRace::timeToTarget(all[i], target);
        QString row = tr("<b>%1</b>: final loss %2 after %3 steps; ")
                          .arg(m_race->lanes()[i].label())
                          .arg(last.loss, 0, 'g', 10)
                          .arg(last.step);
        row += t >= 0 ? tr("loss ≤ %1 after %2 s of training").arg(target).arg(t, 0, 'f', 3)
                      : tr("never reached loss ≤ %1").arg(target);
        if (i > 0 && !all[0].isEmpty() && all[0].size() == all[i].size()) {
            const int digits = TrainingRace::agreeingDigits(all[0].last().loss, last.loss);
            row += QLatin1String("; ")
                   + (digits >= 17 ? tr("identical to %1, bit for bit").arg(m_race->lanes()[0].label())
                                   : tr("agrees with %1 to %2 significant digits")
                                         .arg(m_race->lanes()[0].label())
                                         .arg(digits));
        }
        if (loader)
            row += QLatin1String("; ") + tr("waited for data %1 % of its step time").arg(100 * dataWaitFraction(i), 0, 'f', 1);
        rows << row;
    }
    m_summary->setText(rows.join(QLatin1String("<br>")));
    m_dirty = true;
}

void TrainingRacePanel::updateLoaderControls()
{
    const bool loader = TrainPlacement(m_placement->currentData().toInt()) == TrainPlacement::DataLoader;
    const bool sweeping = m_sweep->isRunning(), racing = m_race->isRunning();
    m_loader->setVisible(loader || sweeping); // a running sweep keeps its stop button
    m_loader->setSweeping(sweeping);
    m_loader->sweepButton()->setEnabled(sweeping || (loader && !racing));
    m_run->setEnabled(!racing && !sweeping);
}

void TrainingRacePanel::choosePlacement(TrainPlacement placement)
{
    m_placement->setCurrentIndex(m_placement->findData(int(placement)));
    m_chartTabs->setCurrentIndex(0);
}

void TrainingRacePanel::chooseDataLoader(int workers)
{
    choosePlacement(TrainPlacement::DataLoader);
    m_loader->setWorkers(workers);
    if (!m_race->isRunning() && !m_sweep->isRunning())
        m_status->setText(tr("The DataLoader with %1 workers: press Train and watch how long each lane "
                             "waits for its data, then Sweep workers.")
                              .arg(workers));
}

bool TrainingRacePanel::startSweep()
{
    if (m_race->isRunning() || m_sweep->isRunning())
        return false;
    const QList<TrainLane> lanes = lanesFromControls();
    QString error;
    if (lanes.isEmpty())
        error = tr("Choose at least one lane to sweep.");
    TrainConfig config = configFromControls();
    config.placement = TrainPlacement::DataLoader;
    config.steps = std::min(config.steps, kSweepMaxSteps); // a sweep is many short runs
    const QList<int> workers = WorkerSweep::defaultWorkers();
    if (!error.isEmpty() || !m_sweep->start(config, lanes, workers, config.steps, &error)) {
        m_status->setText(QStringLiteral("<span style='color:#c00'>%1</span>").arg(error.toHtmlEscaped()));
        return false;
    }
    QStringList labels, counts;
    QList<QColor> colors;
    for (const TrainLane &lane : lanes) {
        labels << lane.label();
        colors << laneColor(lane);
    }
    for (int n : workers)
        counts << QString::number(n);
    m_sweepChart->reset(labels, colors, workers);
    m_chartTabs->setCurrentWidget(m_sweepChart);
    m_progress->setRange(0, int(lanes.size() * workers.size()));
    m_progress->setValue(0);
    m_cancel->setEnabled(true);
    m_status->setText(tr("Sweeping the workers: each lane trains %1 steps with %2 workers in turn…")
                          .arg(config.steps)
                          .arg(counts.join(QLatin1String(", "))));
    updateLoaderControls();
    return true;
}

void TrainingRacePanel::onSweepFinished(bool cancelled, const QString &error)
{
    m_cancel->setEnabled(false);
    updateLoaderControls();
    if (!error.isEmpty()) {
        m_status->setText(QStringLiteral("<span style='color:#c00'>%1</span>").arg(error.toHtmlEscaped()));
        return;
    }
    QStringList rows = m_sweepChart->laneSummaries();
    rows.prepend(cancelled ? tr("Sweep cancelled.") : tr("Sweep done."));
    m_status->setText(rows.join(QLatin1String("<br>")));
}

} // namespace tk
