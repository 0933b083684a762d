#include "ui/races/trainingracecontrols.h"
#include "core/kitchen/koreanparticles.h"

#include "core/devices/deviceregistry.h"
#include "ui/races/loaderoptions.h"
#include "ui/races/replicaoptions.h"
#include "core/races/trainingraceworker.h"

#include <QCheckBox>
#include <QComboBox>
#include <QDoubleSpinBox>
#include <QFormLayout>
#include <QGroupBox>
#include <QHBoxLayout>
#include <QLabel>
#include <QProgressBar>
#include <QPushButton>
#include <QSettings>
#include <QSpinBox>
#include <QStandardItemModel>
#include <QVBoxLayout>

namespace tk {

TrainingRaceControls::TrainingRaceControls(QWidget *parent) : QWidget(parent)
{
    int gpuCount = 0;
    for (const DeviceInfo &d : DeviceRegistry::knownDevices())
        gpuCount += d.isCuda() ? 1 : 0;
    const bool hasGpu = gpuCount > 0;
    // The widgets join this form only at the end, in reading order, which is their tab order.
    QFormLayout *form = buildSettings(hasGpu);
    m_loader = new LoaderOptions(hasGpu);
    QGroupBox *lanes = buildLanes(gpuCount);
    QHBoxLayout *buttons = buildButtons();
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
    // What each lane runs, so no one takes a C++ lane's time for their Python script's.
    auto *engines = new QLabel(tr("The CPU and GPU lanes run LibTorch C++ in this app as a PyTorch "
                                  "program does: autograd builds and runs the backward, torch::optim "
                                  "steps one parameter at a time. The Python lane runs the same "
                                  "training in Python PyTorch, and so do DDP and DataParallel."));
    engines->setWordWrap(true);
    engines->setObjectName(QStringLiteral("laneEngines"));
    m_summary = new QLabel;
    m_summary->setObjectName(QStringLiteral("trainingSummary"));
    m_summary->setWordWrap(true);
    m_summary->setTextInteractionFlags(Qt::TextSelectableByMouse);

    setMaximumWidth(340);
    auto *cl = new QVBoxLayout(this);
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
    cl->addWidget(engines);
    cl->addWidget(m_summary);
    cl->addStretch();

    // Loaded before the signals are forwarded: remembered values are no change to act on.
    loadSettings();
    connect(m_run, &QPushButton::clicked, this, [this] {
        saveSettings();
        Q_EMIT trainClicked();
    });
    connect(m_pause, &QPushButton::toggled, this, &TrainingRaceControls::pauseToggled);
    connect(m_cancel, &QPushButton::clicked, this, &TrainingRaceControls::cancelClicked);
    connect(m_loader->sweepButton(), &QPushButton::clicked, this, &TrainingRaceControls::sweepClicked);
    connect(m_replicas->sweepButton(), &QPushButton::clicked, this, &TrainingRaceControls::replicaSweepClicked);
    connect(m_batch, &QSpinBox::valueChanged, m_replicas, &ReplicaOptions::setBatch);
    m_replicas->setBatch(m_batch->value());
    connect(m_placement, &QComboBox::currentIndexChanged, this, &TrainingRaceControls::placementChanged);
    connect(m_steps, &QSpinBox::valueChanged, this, &TrainingRaceControls::stepsChanged);
}

QFormLayout *TrainingRaceControls::buildSettings(bool hasGpu)
{
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
    return form;
}

QGroupBox *TrainingRaceControls::buildLanes(int gpuCount)
{
    const bool hasGpu = gpuCount > 0;
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
    // The replicated lanes beside the plain ones: the same model, trained by several processes.
    m_replicas = new ReplicaOptions(gpuCount);
    ll->addWidget(m_replicas);
    return lanes;
}

QHBoxLayout *TrainingRaceControls::buildButtons()
{
    m_run = new QPushButton(tr("&Train"));
    m_run->setObjectName(QStringLiteral("runTraining"));
    m_pause = new QPushButton(tr("&Pause"));
    m_pause->setObjectName(QStringLiteral("pauseTraining"));
    m_pause->setCheckable(true);
    m_pause->setEnabled(false);
    m_cancel = new QPushButton(tr("&Cancel"));
    m_cancel->setEnabled(false);
    auto *buttons = new QHBoxLayout;
    buttons->addWidget(m_run);
    buttons->addWidget(m_pause);
    buttons->addWidget(m_cancel);
    return buttons;
}

// Race defaults are remembered between runs.
void TrainingRaceControls::loadSettings()
{
    QSettings prefs;
    prefs.beginGroup(QStringLiteral("trainingRace"));
    for (auto [box, key] : {std::pair{m_width, "width"}, std::pair{m_depth, "depth"}, std::pair{m_batch, "batch"},
                            std::pair{m_steps, "steps"}, std::pair{m_seed, "seed"}})
        box->setValue(prefs.value(QLatin1String(key), box->value()).toInt());
    m_lr->setValue(prefs.value(QStringLiteral("lr"), m_lr->value()).toDouble());
    m_optimizer->setCurrentIndex(
        std::max(0, m_optimizer->findData(prefs.value(QStringLiteral("optimizer"), QStringLiteral("adam")))));
    m_loader->load(prefs);
    m_replicas->load(prefs);
    prefs.endGroup();
}

void TrainingRaceControls::saveSettings() const
{
    QSettings s;
    s.beginGroup(QStringLiteral("trainingRace"));
    for (auto [box, key] : {std::pair{m_width, "width"}, std::pair{m_depth, "depth"}, std::pair{m_batch, "batch"},
                            std::pair{m_steps, "steps"}, std::pair{m_seed, "seed"}})
        s.setValue(QLatin1String(key), box->value());
    s.setValue(QStringLiteral("lr"), m_lr->value());
    s.setValue(QStringLiteral("optimizer"), m_optimizer->currentData());
    m_loader->save(s);
    m_replicas->save(s);
}

TrainConfig TrainingRaceControls::config() const
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

QList<TrainLane> TrainingRaceControls::lanes() const
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
    lanes << m_replicas->lanes();
    return lanes;
}

void TrainingRaceControls::chooseLanes(const QList<TrainLane> &lanes)
{
    auto has = [&lanes](const QString &device, int threads) {
        for (const TrainLane &l : lanes)
            if (l.kind == TrainingLanes::kLibTorch && l.device == device && l.threads == threads)
                return true;
        return false;
    };
    m_cpuAll->setChecked(has(QStringLiteral("cpu"), 0));
    m_cpuOne->setChecked(has(QStringLiteral("cpu"), 1));
    for (QCheckBox *box : std::as_const(m_gpus))
        box->setChecked(has(box->property("device").toString(), 0));
    m_replicas->chooseLanes(lanes);
}

void TrainingRaceControls::choosePlacement(TrainPlacement placement)
{
    m_placement->setCurrentIndex(m_placement->findData(int(placement)));
}

void TrainingRaceControls::updateRunControls(bool racing, bool workerSweeping, bool replicaSweeping)
{
    const bool loader = TrainPlacement(m_placement->currentData().toInt()) == TrainPlacement::DataLoader;
    m_loader->setVisible(loader || workerSweeping); // a running sweep keeps its stop button
    m_loader->setSweeping(workerSweeping);
    m_loader->sweepButton()->setEnabled(workerSweeping || (loader && !racing && !replicaSweeping));
    m_replicas->setSweeping(replicaSweeping);
    m_replicas->sweepButton()->setEnabled(replicaSweeping || (!racing && !workerSweeping));
    m_run->setEnabled(!racing && !workerSweeping && !replicaSweeping);
}

void TrainingRaceControls::setPauseAllowed(bool allowed)
{
    if (!m_racing) // showRaceFinished has switched Pause off
        return;
    m_pause->setEnabled(allowed || m_pause->isChecked()); // a paused race can always resume
    m_pause->setToolTip(allowed ? QString()
                                : tr("A DDP lane is training: its ranks are separate processes that "
                                     "wait for one another at every step, so they cannot be paused, "
                                     "only cancelled."));
}

void TrainingRaceControls::showRaceStarted(int steps)
{
    setProgress(0, steps);
    m_racing = true;
    m_run->setEnabled(false);
    m_pause->setEnabled(true);
    m_cancel->setEnabled(true);
    m_summary->clear();
}

void TrainingRaceControls::showRaceFinished()
{
    m_racing = false;
    m_run->setEnabled(true);
    m_pause->setChecked(false); // if it was down, pauseToggled(false): the next race runs
    m_pause->setEnabled(false);
    m_pause->setToolTip(QString());
    m_cancel->setEnabled(false);
}

void TrainingRaceControls::showSweepStarted(int runs)
{
    setProgress(0, runs);
    m_cancel->setEnabled(true);
}

void TrainingRaceControls::showSweepFinished() { m_cancel->setEnabled(false); }

void TrainingRaceControls::showPaused(bool paused)
{
    m_pause->setText(paused ? tr("&Resume") : tr("&Pause"));
    m_status->setText(paused ? tr("Paused: the clock stops with the lanes.") : tr("Training…"));
}

void TrainingRaceControls::setProgress(int done, int total)
{
    m_progress->setRange(0, total);
    m_progress->setValue(done);
}

void TrainingRaceControls::advanceProgress(int step) { m_progress->setValue(std::max(m_progress->value(), step)); }

void TrainingRaceControls::setStatus(const QString &text) { m_status->setText(KoreanParticles::resolve(text)); }

void TrainingRaceControls::showError(const QString &error)
{
    m_status->setText(
        QStringLiteral("<span style='color:#c00'>%1</span>").arg(KoreanParticles::resolve(error).toHtmlEscaped()));
}

QString TrainingRaceControls::statusText() const { return m_status->text(); }
void TrainingRaceControls::setSummary(const QString &text) { m_summary->setText(text); }
QString TrainingRaceControls::summaryText() const { return m_summary->text(); }

} // namespace tk
