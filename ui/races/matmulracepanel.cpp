#include "ui/races/matmulracepanel.h"
#include "core/kitchen/koreanparticles.h"

#include "core/devices/deviceregistry.h"
#include "ui/common/formscrollarea.h"
#include "core/races/matmulrace.h"
#include "ui/races/matmulracecharts.h"
#include "core/races/matmulreport.h"
#include "core/watch/watcherpackage.h"

#include <QCheckBox>
#include <QComboBox>
#include <QDoubleSpinBox>
#include <QFileDialog>
#include <QFileInfo>
#include <QFormLayout>
#include <QGroupBox>
#include <QLabel>
#include <QMessageBox>
#include <QProgressBar>
#include <QPushButton>
#include <QSaveFile>
#include <QSettings>
#include <QSpinBox>
#include <QVBoxLayout>

namespace tk {

MatmulRacePanel::MatmulRacePanel(QWidget *parent) : QWidget(parent), m_race(new MatmulRace(this))
{
    setObjectName(QStringLiteral("matmulRacePanel"));
    for (const DeviceInfo &d : DeviceRegistry::knownDevices())
        m_hasGpu = m_hasGpu || d.isCuda();

    auto *controls = new QWidget;
    buildControls(controls);

    m_charts = new MatmulRaceCharts(m_hasGpu);

    auto *layout = new QHBoxLayout(this);
    layout->addWidget(new FormScrollArea(controls));
    layout->addWidget(m_charts, 1);

    connect(m_race, &MatmulRace::pointReady, this, &MatmulRacePanel::onPoint);
    connect(m_race, &MatmulRace::finished, this, &MatmulRacePanel::onFinished);
    connect(m_race, &MatmulRace::progress, this, [this](int done, int total) {
        m_progress->setMaximum(total);
        m_progress->setValue(done);
        m_progress->setFormat(tr("point %1 of %2").arg(done).arg(total));
    });

    // Before any run the charts show the race the settings describe: N from..to on the axes.
    auto showPlan = [this] { m_charts->showPlan(settingsFromControls()); };
    showPlan();
    for (QComboBox *box : {m_from, m_to})
        connect(box, &QComboBox::currentIndexChanged, this, showPlan);
}

MatmulRacePanel::~MatmulRacePanel() = default;

void MatmulRacePanel::buildControls(QWidget *box)
{
    box->setMaximumWidth(330);
    m_dtype = new QComboBox;
    m_dtype->setObjectName(QStringLiteral("raceDtype"));
    m_dtype->addItems(
        {QStringLiteral("float32"), QStringLiteral("float64"), QStringLiteral("bfloat16"), QStringLiteral("float16")});
    m_from = new QComboBox;
    m_to = new QComboBox;
    for (int n = 16; n <= 16384; n *= 2) {
        m_from->addItem(QString::number(n), n);
        m_to->addItem(QString::number(n), n);
    }
    m_from->setCurrentText(QStringLiteral("32"));
    m_to->setCurrentText(QStringLiteral("2048"));
    m_minRun = new QDoubleSpinBox;
    m_minRun->setRange(0.01, 10);
    m_minRun->setSingleStep(0.1);
    m_minRun->setValue(0.2);
    m_minRun->setSuffix(tr(" s"));
    m_minRun->setToolTip(tr("Time spent on whole timed blocks per point (torch.utils.benchmark's "
                            "min_run_time)."));
    m_threads = new QSpinBox;
    m_threads->setRange(1, DeviceRegistry::hardwareThreads());
    m_threads->setValue(DeviceRegistry::hardwareThreads());
    m_oneCook = new QCheckBox(tr("Also race 1 thread (one cook)"));
    m_oneCook->setChecked(!m_hasGpu);
    m_python = new QCheckBox(tr("Python lane (torch.matmul from Python)"));
    m_python->setObjectName(QStringLiteral("pythonLane"));
    m_python->setToolTip(tr("The same A @ B typed in Python and timed by torch.utils.benchmark in "
                            "%1, beside each C++ lane at full strength: the gap at small N is what "
                            "Python costs per call; at large N the two meet.")
                             .arg(WatcherPackage::python()));
    m_python->setEnabled(!WatcherPackage::dir().isEmpty());
    m_gpuCompute = new QCheckBox(tr("GPU compute only"));
    m_gpuCompute->setToolTip(tr("A and B already on the GPU; the clock is read after "
                                "torch.cuda.synchronize()."));
    m_gpuEndToEnd = new QCheckBox(tr("GPU end-to-end (with copies)"));
    m_gpuEndToEnd->setToolTip(tr("A and B start on the CPU: copy them in, multiply, copy the "
                                 "result back. Moving ingredients costs time."));
    m_gpuNaive = new QCheckBox(tr("GPU naive timing (no sync)"));
    m_gpuNaive->setToolTip(tr("GPU work is asynchronous. Without torch.cuda.synchronize() before "
                              "reading the clock, you time only the launch of the kernel."));
    for (QCheckBox *c : {m_gpuCompute, m_gpuEndToEnd, m_gpuNaive}) {
        c->setEnabled(m_hasGpu);
        c->setChecked(m_hasGpu && c != m_gpuNaive);
    }

    auto *form = new QFormLayout;
    form->addRow(tr("dtype:"), m_dtype);
    form->addRow(tr("N from:"), m_from);
    form->addRow(tr("N to:"), m_to);
    form->addRow(tr("Min run time:"), m_minRun);
    form->addRow(tr("CPU threads:"), m_threads);
    auto *lanes = new QGroupBox(tr("Lanes"));
    auto *ll = new QVBoxLayout(lanes);
    ll->addWidget(m_oneCook);
    ll->addWidget(m_python);
    ll->addWidget(m_gpuCompute);
    ll->addWidget(m_gpuEndToEnd);
    ll->addWidget(m_gpuNaive);

    m_noGpu = new QLabel;
    m_noGpu->setObjectName(QStringLiteral("noGpuNote"));
    m_noGpu->setWordWrap(true);
    m_noGpu->setVisible(!m_hasGpu);
    m_noGpu->setText(tr("<b>No GPU curve:</b> %1<br><br>Instead the race shows one cook (1 thread) "
                        "against all %2 of them: many hands win big jobs, but for small ones the "
                        "cost of sharing the work out is larger than the work.")
                         .arg(DeviceRegistry::knownBuildFacts().noGpuExplanation().toHtmlEscaped())
                         .arg(DeviceRegistry::hardwareThreads()));

    m_run = new QPushButton(tr("&Run race"));
    m_run->setObjectName(QStringLiteral("runRace"));
    m_cancel = new QPushButton(tr("&Cancel"));
    m_cancel->setObjectName(QStringLiteral("cancelRace"));
    m_cancel->setEnabled(false);
    m_export = new QPushButton(tr("E&xport…"));
    m_export->setEnabled(false);
    m_progress = new QProgressBar;
    m_progress->setValue(0);
    m_progress->setTextVisible(true);
    m_status = new QLabel(tr("Set the sizes and press Run."));
    m_status->setObjectName(QStringLiteral("raceStatus"));
    m_status->setWordWrap(true);

    auto *buttons = new QHBoxLayout;
    buttons->addWidget(m_run);
    buttons->addWidget(m_cancel);
    buttons->addWidget(m_export);

    auto *layout = new QVBoxLayout(box);
    layout->addWidget(new QLabel(tr("<h3>The potato-peeling race</h3>"
                                    "A @ B for N × N matrices: N³ multiply-adds (2N³ operations), "
                                    "like peeling N³ potatoes. Timed as torch.utils.benchmark does.")));
    layout->itemAt(0)->widget()->setProperty("wordWrap", true);
    layout->addLayout(form);
    layout->addWidget(lanes);
    layout->addLayout(buttons);
    layout->addWidget(m_progress);
    layout->addWidget(m_status);
    layout->addWidget(m_noGpu);
    layout->addStretch();

    // Race defaults are remembered between runs (Preferences keep the rest).
    QSettings prefs;
    prefs.beginGroup(QStringLiteral("matmulRace"));
    m_dtype->setCurrentText(prefs.value(QStringLiteral("dtype"), m_dtype->currentText()).toString());
    m_from->setCurrentText(prefs.value(QStringLiteral("from"), m_from->currentText()).toString());
    m_to->setCurrentText(prefs.value(QStringLiteral("to"), m_to->currentText()).toString());
    m_minRun->setValue(prefs.value(QStringLiteral("minRunTime"), m_minRun->value()).toDouble());
    m_oneCook->setChecked(prefs.value(QStringLiteral("oneCook"), m_oneCook->isChecked()).toBool());
    m_python->setChecked(m_python->isEnabled() && prefs.value(QStringLiteral("python"), false).toBool());
    prefs.endGroup();
    connect(m_run, &QPushButton::clicked, this, [this] {
        QSettings s;
        s.beginGroup(QStringLiteral("matmulRace"));
        s.setValue(QStringLiteral("dtype"), m_dtype->currentText());
        s.setValue(QStringLiteral("from"), m_from->currentText());
        s.setValue(QStringLiteral("to"), m_to->currentText());
        s.setValue(QStringLiteral("minRunTime"), m_minRun->value());
        s.setValue(QStringLiteral("oneCook"), m_oneCook->isChecked());
        s.setValue(QStringLiteral("python"), m_python->isChecked());
        startRace(settingsFromControls());
    });
    connect(m_cancel, &QPushButton::clicked, this, &MatmulRacePanel::cancelRace);
    connect(m_export, &QPushButton::clicked, this, &MatmulRacePanel::exportDialog);
}

MatmulSettings MatmulRacePanel::settingsFromControls() const
{
    MatmulSettings s;
    s.dtype = m_dtype->currentText();
    s.minRunTime = m_minRun->value();
    const int from = m_from->currentData().toInt(), to = m_to->currentData().toInt();
    for (int n = from; n <= to; n *= 2)
        s.sizes << n;
    MatmulLane cpu;
    cpu.threads = m_threads->value();
    s.lanes << cpu;
    if (m_python->isChecked()) {
        MatmulLane py = cpu;
        py.engine = MatmulEngine::Python;
        s.lanes << py;
    }
    if (m_oneCook->isChecked() && cpu.threads > 1) {
        MatmulLane one;
        one.threads = 1;
        s.lanes << one;
    }
    for (const DeviceInfo &d : DeviceRegistry::knownDevices()) {
        if (!d.isCuda())
            continue;
        for (auto [box, mode] :
             {std::pair{m_gpuCompute, MatmulMode::Compute}, std::pair{m_gpuEndToEnd, MatmulMode::EndToEnd},
              std::pair{m_gpuNaive, MatmulMode::Naive}}) {
            if (box->isChecked()) {
                MatmulLane g;
                g.device = d.id;
                g.mode = mode;
                s.lanes << g;
                if (m_python->isChecked() && mode == MatmulMode::Compute) {
                    g.engine = MatmulEngine::Python;
                    s.lanes << g;
                }
            }
        }
    }
    return s;
}

bool MatmulRacePanel::startRace(const MatmulSettings &settings)
{
    QString error;
    if (!m_race->start(settings, &error)) {
        m_status->setText(
            QStringLiteral("<span style='color:#c00'>%1</span>").arg(KoreanParticles::resolve(error).toHtmlEscaped()));
        return false;
    }
    m_settings = settings;
    m_charts->reset(settings);
    m_load = {};
    m_charts->setBusyWarning({});
    m_run->setEnabled(false);
    m_cancel->setEnabled(true);
    m_export->setEnabled(false);
    m_progress->setValue(0);
    m_status->setText(tr("Warming up…"));
    return true;
}

void MatmulRacePanel::cancelRace()
{
    m_race->cancel();
    m_status->setText(tr("Cancelling after the current block…"));
}

void MatmulRacePanel::onPoint(const MatmulResult &r)
{
    if (!m_charts->addPoint(r))
        return;
    showMachineLoad(r);
    m_status->setText(tr("Point %1 of %2: %3, N = %4: %5 per matmul, %6 GFLOP/s%7")
                          .arg(r.point)
                          .arg(r.points)
                          .arg(m_settings.lanes.value(r.lane).label())
                          .arg(r.n)
                          .arg(MatmulRaceCharts::formatSeconds(r.medianS))
                          .arg(r.gflops, 0, 'f', 1)
                          .arg(r.noisy ? tr(" — noisy: IQR is over 10 % of the median") : QString()));
}

QCustomPlot *MatmulRacePanel::timeChart() const { return m_charts->timeChart(); }
QCustomPlot *MatmulRacePanel::gflopsChart() const { return m_charts->gflopsChart(); }
QCustomPlot *MatmulRacePanel::speedupChart() const { return m_charts->speedupChart(); }
QString MatmulRacePanel::crossoverText() const { return m_charts->crossoverText(); }
QString MatmulRacePanel::statusText() const { return m_status->text(); }
QString MatmulRacePanel::busyWarningText() const { return m_charts->busyWarning(); }

// Other programs' load over the CPU lanes so far: named on the chart once it is judged busy.
void MatmulRacePanel::showMachineLoad(const MatmulResult &r)
{
    if (r.device != QLatin1String("cpu"))
        return;
    m_load = m_load.merged(r.load);
    m_charts->setBusyWarning(m_load.warning());
}

void MatmulRacePanel::onFinished(bool cancelled, const QString &error)
{
    m_run->setEnabled(true);
    m_cancel->setEnabled(false);
    m_export->setEnabled(!m_race->results().isEmpty());
    if (!error.isEmpty())
        m_status->setText(
            QStringLiteral("<span style='color:#c00'>%1</span>").arg(KoreanParticles::resolve(error).toHtmlEscaped()));
    else if (cancelled)
        m_status->setText(tr("Cancelled after %n points.", nullptr, int(m_race->results().size())));
    else
        m_status->setText(KoreanParticles::resolve(
            tr("Done: %n points. %1", nullptr, int(m_race->results().size())).arg(crossoverText())
            + QStringList(MatmulReport::pythonCost(m_race->results()))
                  .join(QLatin1Char(' '))
                  .prepend(QLatin1Char(' '))));
    m_charts->requestReplot();
}

bool MatmulRacePanel::exportPng(const QString &path) const { return m_charts->exportPng(path); }
bool MatmulRacePanel::exportPdf(const QString &path) const { return m_charts->exportPdf(path); }

bool MatmulRacePanel::exportCsv(const QString &path, QString *error) const
{
    QSaveFile f(path);
    if (!f.open(QIODevice::WriteOnly) || f.write(MatmulReport::toCsv(m_race->results())) < 0 || !f.commit()) {
        *error = f.errorString();
        return false;
    }
    return true;
}

bool MatmulRacePanel::exportJson(const QString &path, QString *error) const
{
    QSaveFile f(path);
    const QByteArray json
        = MatmulReport::toJson(MatmulReport::receipt(m_settings, m_race->results()), m_race->results());
    if (!f.open(QIODevice::WriteOnly) || f.write(json) < 0 || !f.commit()) {
        *error = f.errorString();
        return false;
    }
    return true;
}

void MatmulRacePanel::exportDialog()
{
    QString filter;
    const QString path = QFileDialog::getSaveFileName(
        this, tr("Export race"), QStringLiteral("matmul-race.png"),
        tr("PNG image (*.png);;PDF document (*.pdf);;CSV table (*.csv);;JSON with receipt (*.json)"), &filter);
    if (path.isEmpty())
        return;
    const QString suffix = QFileInfo(path).suffix().toLower();
    QString error;
    bool ok = false;
    if (suffix == QLatin1String("pdf"))
        ok = exportPdf(path);
    else if (suffix == QLatin1String("csv"))
        ok = exportCsv(path, &error);
    else if (suffix == QLatin1String("json"))
        ok = exportJson(path, &error);
    else
        ok = exportPng(path);
    if (!ok)
        QMessageBox::warning(this, tr("Export race"), tr("Could not write %1. %2").arg(path, error));
}

} // namespace tk
