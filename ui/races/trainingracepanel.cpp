#include "ui/races/trainingracepanel.h"

#include "ui/common/formscrollarea.h"
#include "ui/races/loaderoptions.h"
#include "ui/races/replicaoptions.h"
#include "ui/races/replicastrip.h"
#include "core/races/replicasweep.h"
#include "ui/races/replicasweepchart.h"
#include "core/races/trainingrace.h"
#include "core/races/workersweep.h"
#include "core/races/lanes/traininglane.h"
#include "ui/races/workersweepchart.h"

#include <QHBoxLayout>
#include <QTimer>
#include <QVBoxLayout>

namespace tk {

namespace {
// Trained by processes of its own (its kind says): its ranks show in the strip, it cannot pause.
bool ownProcesses(const TrainLane &lane) { return TrainingLanes::of(lane.kind).ownProcesses(); }
} // namespace

TrainingRacePanel::TrainingRacePanel(QWidget *parent)
    : QWidget(parent), m_race(new TrainingRace(this)), m_sweep(new WorkerSweep(this)),
      m_replicaSweep(new ReplicaSweep(this)), m_strip(new ReplicaStrip), m_pauseTimer(new QTimer(this)),
      m_controls(new TrainingRaceControls), m_charts(new TrainingRaceCharts)
{
    setObjectName(QStringLiteral("trainingRacePanel"));
    auto *layout = new QHBoxLayout(this);
    layout->addWidget(new FormScrollArea(m_controls));
    auto *right = new QVBoxLayout;
    right->addWidget(m_charts, 1);
    right->addWidget(m_strip); // hidden until a race has a DDP lane
    layout->addLayout(right, 1);
    m_strip->hide();
    m_pauseTimer->setInterval(100);
    connect(m_pauseTimer, &QTimer::timeout, this, &TrainingRacePanel::syncPause);

    connectControls();
    connectRace();
    connectSweep();
    updateLoaderControls();
    // Before any run the charts show the race the settings describe: steps 0..planned.
    m_charts->showPlan(configFromControls());
}

TrainingRacePanel::~TrainingRacePanel() = default;

void TrainingRacePanel::connectControls()
{
    connect(m_controls, &TrainingRaceControls::trainClicked, this,
            [this] { startRace(configFromControls(), lanesFromControls()); });
    connect(m_controls, &TrainingRaceControls::pauseToggled, this, [this](bool on) {
        m_race->setPaused(on);
        m_controls->showPaused(on);
    });
    connect(m_controls, &TrainingRaceControls::cancelClicked, this, [this] {
        m_race->cancel();
        m_sweep->cancel();
        m_replicaSweep->cancel();
    });
    connect(m_controls, &TrainingRaceControls::placementChanged, this, &TrainingRacePanel::updateLoaderControls);
    connect(m_controls, &TrainingRaceControls::sweepClicked, this, [this] {
        if (m_sweep->isRunning())
            m_sweep->cancel();
        else
            startSweep();
    });
    connect(m_controls, &TrainingRaceControls::replicaSweepClicked, this, [this] {
        if (m_replicaSweep->isRunning())
            m_replicaSweep->cancel();
        else
            startReplicaSweep();
    });
    connect(m_controls, &TrainingRaceControls::stepsChanged, this, [this] {
        if (!m_charts->hasLanes()) // no race drawn yet
            m_charts->showPlan(configFromControls());
    });
}

void TrainingRacePanel::connectRace()
{
    connect(m_race, &TrainingRace::stepsReady, this, &TrainingRacePanel::onSteps);
    connect(m_race, &TrainingRace::decisionReady, m_charts, &TrainingRaceCharts::showDecision);
    connect(m_race, &TrainingRace::datasetReady, m_charts, &TrainingRaceCharts::showDataset);
    connect(m_race, &TrainingRace::finished, this, &TrainingRacePanel::onFinished);
    connect(m_race, &TrainingRace::machineLoadReady, this, &TrainingRacePanel::showMachineLoad);
    connect(m_race, &TrainingRace::replicasChanged, this, [this](const ReplicaSummary &summary) {
        m_strip->setSummary(summary);
        syncPause();
    });
}

void TrainingRacePanel::connectSweep()
{
    connect(m_sweep, &WorkerSweep::pointReady, sweepChart(), &WorkerSweepChart::addPoint);
    connect(m_sweep, &WorkerSweep::progress, m_controls, &TrainingRaceControls::setProgress);
    connect(m_sweep, &WorkerSweep::finished, this, &TrainingRacePanel::onSweepFinished);
    connect(m_replicaSweep, &ReplicaSweep::pointReady, replicaSweepChart(), &ReplicaSweepChart::addPoint);
    connect(m_replicaSweep, &ReplicaSweep::progress, m_controls, &TrainingRaceControls::setProgress);
    connect(m_replicaSweep, &ReplicaSweep::finished, this, &TrainingRacePanel::onReplicaSweepFinished);
}

bool TrainingRacePanel::anySweepRunning() const { return m_sweep->isRunning() || m_replicaSweep->isRunning(); }

void TrainingRacePanel::syncPause()
{
    // The ranks' last steps arrive after their processes have ended: until the lane is drawn
    // to its end it still counts as training.
    bool drawing = false;
    for (int i = 0; i < m_race->lanes().size() && i < m_race->steps().size(); ++i) {
        const auto n = m_race->steps().at(i).size();
        drawing = drawing || (ownProcesses(m_race->lanes().at(i)) && n > 0 && n < m_race->config().steps);
    }
    m_controls->setPauseAllowed(m_race->canPause() && !drawing);
}

bool TrainingRacePanel::startRace(const TrainConfig &config, const QList<TrainLane> &lanes)
{
    QString error;
    if (m_sweep->isRunning())
        error = tr("The worker sweep is running: stop it first, or the two would share the cores.");
    else if (m_replicaSweep->isRunning())
        error = tr("The rank sweep is running: stop it first, or the two would share the cores.");
    if (!error.isEmpty() || !m_race->start(config, lanes, &error)) {
        m_controls->showError(error);
        return false;
    }
    m_charts->reset(m_race->config(), m_race->lanes());
    QList<QPair<int, QString>> ddp;
    for (int i = 0; i < m_race->lanes().size(); ++i)
        if (ownProcesses(m_race->lanes().at(i)))
            ddp.append({i, m_race->lanes().at(i).label()});
    m_strip->reset(ddp);
    m_controls->showRaceStarted(config.steps);
    // A lane of processes first: its ranks start before the race's thread says so.
    if (!m_race->lanes().isEmpty() && ownProcesses(m_race->lanes().first()))
        m_controls->setPauseAllowed(false);
    m_pauseTimer->start();
    m_charts->showTraining();
    updateLoaderControls();
    showMachineLoad({});
    m_controls->setStatus(tr("Preparing the lanes: data, model, model.to(device)…"));
    return true;
}

void TrainingRacePanel::onSteps(const QList<TrainStep> &steps)
{
    for (const TrainStep &s : steps)
        if (m_charts->addStep(s))
            m_controls->advanceProgress(s.step);
    syncPause();
    if (steps.isEmpty())
        return;
    const TrainStep &last = steps.last();
    const QString lane = m_race->lanes().value(last.lane).label();
    if (last.ranks > 0) {
        m_controls->setStatus(tr("Step %1 of %2 · %3: loss %4, %5 samples/s, all-reduce %6 ms of a %7 ms step")
                                  .arg(last.step)
                                  .arg(m_race->config().steps)
                                  .arg(lane)
                                  .arg(last.loss, 0, 'f', 4)
                                  .arg(last.samplesPerSecond, 0, 'f', 0)
                                  .arg(1000 * last.allreduceSeconds, 0, 'f', 2)
                                  .arg(1000 * last.stepSeconds, 0, 'f', 2));
    } else if (m_race->config().placement != TrainPlacement::DataLoader) {
        m_controls->setStatus(tr("Step %1 of %2 · %3: loss %4, %5 samples/s")
                                  .arg(last.step)
                                  .arg(m_race->config().steps)
                                  .arg(lane)
                                  .arg(last.loss, 0, 'f', 4)
                                  .arg(last.samplesPerSecond, 0, 'f', 0));
    } else {
        m_controls->setStatus(tr("Step %1 of %2 · %3: loss %4, %5 samples/s, waited for data %6 %")
                                  .arg(last.step)
                                  .arg(m_race->config().steps)
                                  .arg(lane)
                                  .arg(last.loss, 0, 'f', 4)
                                  .arg(last.samplesPerSecond, 0, 'f', 0)
                                  .arg(100 * dataWaitFraction(last.lane), 0, 'f', 0));
        m_charts->nameWaits(m_race->lanes());
    }
    m_charts->requestReplot();
}

double TrainingRacePanel::dataWaitFraction(int lane) const { return m_charts->dataWaitFraction(lane); }

QString TrainingRacePanel::summaryText() const { return m_controls->summaryText(); }
QString TrainingRacePanel::statusText() const { return m_controls->statusText(); }
QString TrainingRacePanel::busyWarningText() const { return m_charts->busyWarning(); }

// Other programs' load over the CPU lanes' turns so far, named on the race chart once busy.
void TrainingRacePanel::showMachineLoad(const MachineLoad &cpuLanes) { m_charts->setBusyWarning(cpuLanes.warning()); }

void TrainingRacePanel::onFinished(bool cancelled, const QString &error)
{
    m_pauseTimer->stop();
    m_controls->showRaceFinished();
    updateLoaderControls();
    if (!error.isEmpty()) {
        m_controls->showError(error);
        return;
    }
    m_controls->setStatus(cancelled ? tr("Cancelled.") : tr("Done."));
    m_controls->setSummary(summaryHtml());
    m_charts->requestReplot();
}

QString TrainingRacePanel::summaryHtml() const
{
    const bool loader = m_race->config().placement == TrainPlacement::DataLoader;
    const double target = m_race->config().targetLoss;
    QStringList rows;
    const auto &all = m_race->steps();
    // The lane a Python lane is the twin of (its kind's pythonTwinOf): same device, same threads.
    const auto twinLane = [this, &all](const TrainLane &python, const QString &twinKind) {
        const auto id = [](const QString &d) { return d == QLatin1String("cuda") ? QStringLiteral("cuda:0") : d; };
        for (int j = 0; j < m_race->lanes().size() && j < all.size(); ++j) {
            const TrainLane &l = m_race->lanes().at(j);
            if (l.kind == twinKind && !all[j].isEmpty() && id(l.device) == id(python.device)
                && l.threads == python.threads)
                return j;
        }
        return -1;
    };
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
                + (digits >= 17
                       ? tr("identical to %1, bit for bit").arg(m_race->lanes()[0].label())
                       : tr("agrees with %1 to %2 significant digits").arg(m_race->lanes()[0].label()).arg(digits));
        }
        if (loader && !ownProcesses(m_race->lanes()[i])) // the lanes that time their data waits
            row += QLatin1String("; ")
                + tr("waited for data %1 % of its step time").arg(100 * dataWaitFraction(i), 0, 'f', 1);
        const TrainLane &lane = m_race->lanes()[i];
        const QString twin = TrainingLanes::of(lane.kind).pythonTwinOf();
        if (!twin.isEmpty()) {
            const int j = twinLane(lane, twin);
            const double ours = TrainingRace::medianStepSeconds(all[i]);
            const double theirs = j >= 0 ? TrainingRace::medianStepSeconds(all[j]) : 0;
            if (ours > 0 && theirs > 0)
                row += QLatin1String("; ")
                    + tr("median step %1 ms, %2× the %3 lane's %4 ms: what Python costs a step")
                          .arg(ours * 1e3, 0, 'f', 3)
                          .arg(ours / theirs, 0, 'f', 2)
                          .arg(m_race->lanes()[j].label())
                          .arg(theirs * 1e3, 0, 'f', 3);
        } else if (last.ranks > 0) {
            double reduce = 0, total = 0;
            for (const TrainStep &s : all[i]) {
                reduce += s.allreduceSeconds;
                total += s.stepSeconds;
            }
            row += QLatin1String("; ")
                + tr("%1 ranks, the all-reduce took %2 % of its step time")
                      .arg(last.ranks)
                      .arg(total > 0 ? 100 * reduce / total : 0, 0, 'f', 1);
        }
        rows << row;
    }
    return rows.join(QLatin1String("<br>"));
}

void TrainingRacePanel::updateLoaderControls()
{
    m_controls->updateRunControls(m_race->isRunning(), m_sweep->isRunning(), m_replicaSweep->isRunning());
}

void TrainingRacePanel::choosePlacement(TrainPlacement placement)
{
    m_controls->choosePlacement(placement);
    m_charts->showTraining();
}

void TrainingRacePanel::chooseDataLoader(int workers)
{
    choosePlacement(TrainPlacement::DataLoader);
    loaderOptions()->setWorkers(workers);
    if (!m_race->isRunning() && !m_sweep->isRunning())
        m_controls->setStatus(tr("The DataLoader with %1 workers: press Train and watch how long each lane "
                                 "waits for its data, then Sweep workers.")
                                  .arg(workers));
}

void TrainingRacePanel::chooseLanes(const QList<TrainLane> &lanes)
{
    m_controls->chooseLanes(lanes);
    m_charts->showTraining();
}

bool TrainingRacePanel::startSweep()
{
    if (m_race->isRunning() || anySweepRunning())
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
        m_controls->showError(error);
        return false;
    }
    QStringList counts;
    for (int n : workers)
        counts << QString::number(n);
    m_charts->showSweep(lanes, workers);
    m_controls->showSweepStarted(int(lanes.size() * workers.size()));
    m_controls->setStatus(tr("Sweeping the workers: each lane trains %1 steps with %2 workers in turn…")
                              .arg(config.steps)
                              .arg(counts.join(QLatin1String(", "))));
    updateLoaderControls();
    return true;
}

void TrainingRacePanel::onSweepFinished(bool cancelled, const QString &error)
{
    m_controls->showSweepFinished();
    updateLoaderControls();
    if (!error.isEmpty()) {
        m_controls->showError(error);
        return;
    }
    QStringList rows = sweepChart()->laneSummaries();
    rows.prepend(cancelled ? tr("Sweep cancelled.") : tr("Sweep done."));
    m_controls->setStatus(rows.join(QLatin1String("<br>")));
}

} // namespace tk

namespace tk {

bool TrainingRacePanel::startReplicaSweep(const QList<int> &chosen)
{
    if (m_race->isRunning() || anySweepRunning())
        return false;
    const TrainLane lane = replicaOptions()->sweepLane();
    QList<int> ranks;
    for (int n : chosen.isEmpty() ? ReplicaSweep::defaultRanks() : chosen)
        if (n >= 1 && n <= ReplicaOptions::maxRanks(lane.device))
            ranks << n;
    TrainConfig config = configFromControls();
    config.steps = std::min(config.steps, kSweepMaxSteps); // a sweep is several short runs
    config.gridEvery = 0;
    QString error;
    if (ranks.isEmpty())
        error = tr("No rank count to sweep on this machine.");
    if (!error.isEmpty() || !m_replicaSweep->start(config, lane, ranks, config.steps, &error)) {
        m_controls->showError(error);
        return false;
    }
    QStringList counts;
    for (int n : ranks)
        counts << QString::number(n);
    m_charts->showReplicaSweep(lane, ranks);
    m_controls->showSweepStarted(int(ranks.size()));
    m_controls->setStatus(tr("Sweeping the ranks: the DDP lane trains %1 steps on %2 ranks in turn; "
                             "each run starts its processes afresh…")
                              .arg(config.steps)
                              .arg(counts.join(QLatin1String(", "))));
    updateLoaderControls();
    return true;
}

void TrainingRacePanel::onReplicaSweepFinished(bool cancelled, const QString &error)
{
    m_controls->showSweepFinished();
    updateLoaderControls();
    if (!error.isEmpty()) {
        m_controls->showError(error);
        return;
    }
    QStringList rows{cancelled ? tr("Rank sweep cancelled.") : tr("Rank sweep done.")};
    const QString summary = replicaSweepChart()->summary();
    if (!summary.isEmpty())
        rows << summary;
    m_controls->setStatus(rows.join(QLatin1String("<br>")));
}

} // namespace tk
