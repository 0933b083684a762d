#include "matmulracepanel.h"

#include "chartfactory.h"
#include "crossover.h"
#include "deviceregistry.h"
#include "devicestyle.h"
#include "matmulrace.h"
#include "matmulreport.h"

#include <QCheckBox>
#include <QComboBox>
#include <QDoubleSpinBox>
#include <QFileDialog>
#include <QFileInfo>
#include <QFormLayout>
#include <QGroupBox>
#include <QLabel>
#include <QMessageBox>
#include <QPdfWriter>
#include <QProgressBar>
#include <QPushButton>
#include <QSaveFile>
#include <QSettings>
#include <QSpinBox>
#include <QSplitter>
#include <QTimer>
#include <QToolTip>
#include <QVBoxLayout>
#include <cmath>
#include <qcustomplot.h>

namespace tk {

namespace {

QColor laneColor(const MatmulLane &lane)
{
    QColor c = DeviceStyle::color(lane.device);
    if (lane.device == QLatin1String("cpu") && lane.threads == 1)
        c = c.lighter(140);
    if (lane.mode == MatmulMode::EndToEnd)
        c = c.darker(150);
    if (lane.mode == MatmulMode::Naive)
        c = QColor(Qt::gray);
    return c;
}

Qt::PenStyle laneStyle(const MatmulLane &lane)
{
    if (lane.mode == MatmulMode::EndToEnd)
        return Qt::DashLine;
    if (lane.mode == MatmulMode::Naive)
        return Qt::DotLine;
    if (lane.device == QLatin1String("cpu") && lane.threads == 1)
        return Qt::DashDotLine;
    return Qt::SolidLine;
}

QString formatSeconds(double s)
{
    if (s < 1e-3)
        return QStringLiteral("%1 µs").arg(s * 1e6, 0, 'g', 3);
    if (s < 1)
        return QStringLiteral("%1 ms").arg(s * 1e3, 0, 'g', 3);
    return QStringLiteral("%1 s").arg(s, 0, 'g', 3);
}

} // namespace

MatmulRacePanel::MatmulRacePanel(QWidget *parent) : QWidget(parent), m_race(new MatmulRace(this))
{
    setObjectName(QStringLiteral("matmulRacePanel"));
    for (const DeviceInfo &d : DeviceRegistry::devices())
        m_hasGpu = m_hasGpu || d.isCuda();

    auto *controls = new QWidget;
    buildControls(controls);

    m_timePlot = makePlot(tr("Time per A @ B"), tr("N (A and B are N × N)"), tr("seconds"), true);
    m_gflopsPlot = makePlot(tr("Throughput"), tr("N"), tr("GFLOP/s (2N³ / time)"), false);
    m_speedupPlot = makePlot(m_hasGpu ? tr("GPU speed-up over the CPU") : tr("Several cooks vs one"),
                             tr("N"), tr("speed-up (×)"), true);
    auto *one = new QCPItemStraightLine(m_speedupPlot);
    one->point1->setCoords(1, 1);
    one->point2->setCoords(2, 1);
    one->setPen(QPen(Qt::black, 1, Qt::DashLine));
    m_crossoverLabel = new QCPItemText(m_speedupPlot);
    m_crossoverLabel->setObjectName(QStringLiteral("crossover"));
    m_crossoverLabel->position->setType(QCPItemPosition::ptAxisRectRatio);
    m_crossoverLabel->position->setCoords(0.02, 0.04);
    m_crossoverLabel->setPositionAlignment(Qt::AlignLeft | Qt::AlignTop);
    m_crossoverLabel->setFont(QFont(font().family(), font().pointSize() + 1, QFont::Bold));
    m_crossoverLabel->setText(QString());
    m_crossoverLine = new QCPItemStraightLine(m_speedupPlot);
    m_crossoverLine->setPen(QPen(QColor(0x4e, 0x9a, 0x06), 1.5, Qt::DotLine));
    m_crossoverLine->setVisible(false);

    auto *charts = new QSplitter(Qt::Vertical);
    charts->addWidget(m_timePlot);
    charts->addWidget(m_gflopsPlot);
    charts->addWidget(m_speedupPlot);

    auto *layout = new QHBoxLayout(this);
    layout->addWidget(controls);
    layout->addWidget(charts, 1);

    // Redraw at most 25 times a second, and only what changed: never from the worker.
    m_replotTimer = new QTimer(this);
    m_replotTimer->setInterval(40);
    connect(m_replotTimer, &QTimer::timeout, this, &MatmulRacePanel::replotDirty);
    m_replotTimer->start();

    connect(m_race, &MatmulRace::pointReady, this, &MatmulRacePanel::onPoint);
    connect(m_race, &MatmulRace::finished, this, &MatmulRacePanel::onFinished);
    connect(m_race, &MatmulRace::progress, this, [this](int done, int total) {
        m_progress->setMaximum(total);
        m_progress->setValue(done);
        m_progress->setFormat(tr("point %1 of %2").arg(done).arg(total));
    });
}

MatmulRacePanel::~MatmulRacePanel() = default;

void MatmulRacePanel::buildControls(QWidget *box)
{
    box->setMaximumWidth(330);
    m_dtype = new QComboBox;
    m_dtype->setObjectName(QStringLiteral("raceDtype"));
    m_dtype->addItems({QStringLiteral("float32"), QStringLiteral("float64"),
                       QStringLiteral("bfloat16"), QStringLiteral("float16")});
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
                         .arg(DeviceRegistry::buildFacts().noGpuExplanation().toHtmlEscaped())
                         .arg(DeviceRegistry::hardwareThreads()));

    m_run = new QPushButton(tr("&Run race"));
    m_run->setObjectName(QStringLiteral("runRace"));
    m_cancel = new QPushButton(tr("&Cancel"));
    m_cancel->setObjectName(QStringLiteral("cancelRace"));
    m_cancel->setEnabled(false);
    m_export = new QPushButton(tr("&Export…"));
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
                                    "A @ B for N × N matrices: 2N³ multiply-adds, like peeling "
                                    "N³ potatoes. Timed as torch.utils.benchmark does.")));
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
    prefs.endGroup();
    connect(m_run, &QPushButton::clicked, this, [this] {
        QSettings s;
        s.beginGroup(QStringLiteral("matmulRace"));
        s.setValue(QStringLiteral("dtype"), m_dtype->currentText());
        s.setValue(QStringLiteral("from"), m_from->currentText());
        s.setValue(QStringLiteral("to"), m_to->currentText());
        s.setValue(QStringLiteral("minRunTime"), m_minRun->value());
        s.setValue(QStringLiteral("oneCook"), m_oneCook->isChecked());
        startRace(settingsFromControls());
    });
    connect(m_cancel, &QPushButton::clicked, this, &MatmulRacePanel::cancelRace);
    connect(m_export, &QPushButton::clicked, this, &MatmulRacePanel::exportDialog);
}

QCustomPlot *MatmulRacePanel::makePlot(const QString &title, const QString &xLabel,
                                       const QString &yLabel, bool logY)
{
    QCustomPlot *plot = ChartFactory::make(title, xLabel, yLabel, true, logY);
    plot->axisRect()->insetLayout()->setInsetAlignment(0, Qt::AlignBottom | Qt::AlignRight);
    connect(plot, &QCustomPlot::mouseMove, this,
            [this, plot](QMouseEvent *e) { showTracer(plot, e); });
    return plot;
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
    if (m_oneCook->isChecked() && cpu.threads > 1) {
        MatmulLane one;
        one.threads = 1;
        s.lanes << one;
    }
    for (const DeviceInfo &d : DeviceRegistry::devices()) {
        if (!d.isCuda())
            continue;
        for (auto [box, mode] : {std::pair{m_gpuCompute, MatmulMode::Compute},
                                 std::pair{m_gpuEndToEnd, MatmulMode::EndToEnd},
                                 std::pair{m_gpuNaive, MatmulMode::Naive}}) {
            if (box->isChecked()) {
                MatmulLane g;
                g.device = d.id;
                g.mode = mode;
                s.lanes << g;
            }
        }
    }
    return s;
}

bool MatmulRacePanel::startRace(const MatmulSettings &settings)
{
    QString error;
    if (!m_race->start(settings, &error)) {
        m_status->setText(QStringLiteral("<span style='color:#c00'>%1</span>").arg(error.toHtmlEscaped()));
        return false;
    }
    m_settings = settings;
    resetCharts(settings);
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

int MatmulRacePanel::baselineLane() const
{
    const bool gpu = std::any_of(m_settings.lanes.begin(), m_settings.lanes.end(),
                                 [](const MatmulLane &l) { return l.device != QLatin1String("cpu"); });
    for (int i = 0; i < m_settings.lanes.size(); ++i) {
        const MatmulLane &l = m_settings.lanes.at(i);
        if (l.device != QLatin1String("cpu"))
            continue;
        // With a GPU, the CPU at full strength is the baseline; without, the single cook.
        if (gpu ? l.threads != 1 : l.threads == 1)
            return i;
    }
    return -1;
}

int MatmulRacePanel::challengerLane(int lane) const
{
    const int base = baselineLane();
    if (base < 0 || lane == base)
        return -1;
    const MatmulLane &l = m_settings.lanes.at(lane);
    const bool gpu = m_settings.lanes.at(base).threads != 1;
    if (gpu)
        return l.device != QLatin1String("cpu") ? lane : -1;
    return l.device == QLatin1String("cpu") ? lane : -1;
}

void MatmulRacePanel::resetCharts(const MatmulSettings &settings)
{
    for (QCustomPlot *p : {m_timePlot, m_gflopsPlot, m_speedupPlot})
        p->clearPlottables();
    m_lanes.clear();
    for (int i = 0; i < settings.lanes.size(); ++i) {
        const MatmulLane &l = settings.lanes.at(i);
        const QPen pen(laneColor(l), 2, laneStyle(l));
        const QCPScatterStyle dots(QCPScatterStyle::ssCircle, pen.color(), pen.color(), 5);
        Lane lane;
        lane.time = m_timePlot->addGraph();
        lane.time->setName(l.label());
        lane.time->setPen(pen);
        lane.time->setScatterStyle(dots);
        lane.time->setProperty("lane", i);
        lane.iqr = new QCPErrorBars(m_timePlot->xAxis, m_timePlot->yAxis);
        lane.iqr->setDataPlottable(lane.time);
        lane.iqr->setPen(QPen(pen.color(), 1));
        lane.iqr->removeFromLegend();
        lane.gflops = m_gflopsPlot->addGraph();
        lane.gflops->setName(l.label());
        lane.gflops->setPen(pen);
        lane.gflops->setScatterStyle(dots);
        lane.gflops->setProperty("lane", i);
        m_lanes << lane;
    }
    for (int i = 0; i < settings.lanes.size(); ++i) {
        if (challengerLane(i) < 0)
            continue;
        const MatmulLane &l = settings.lanes.at(i);
        QCPGraph *g = m_speedupPlot->addGraph();
        const int base = baselineLane();
        g->setName(tr("%1 vs %2").arg(l.label(), settings.lanes.at(base).label()));
        g->setPen(QPen(laneColor(l), 2, laneStyle(l)));
        g->setScatterStyle(QCPScatterStyle(QCPScatterStyle::ssDiamond, laneColor(l), laneColor(l), 6));
        g->setProperty("lane", i);
        m_lanes[i].speedup = g;
    }
    m_crossoverLabel->setText(QString());
    for (QCustomPlot *p : {m_timePlot, m_gflopsPlot, m_speedupPlot}) {
        p->xAxis->setRange(settings.sizes.first() / 1.3, settings.sizes.last() * 1.3);
        p->replot(QCustomPlot::rpQueuedReplot);
    }
}

void MatmulRacePanel::onPoint(const MatmulResult &r)
{
    if (r.lane < 0 || r.lane >= m_lanes.size())
        return;
    Lane &lane = m_lanes[r.lane];
    lane.time->addData(r.n, r.medianS);
    lane.iqr->addData(r.iqrS / 2, r.iqrS / 2); // IQR bars centred on the median
    lane.gflops->addData(r.n, r.gflops);
    refreshSpeedup();
    bool found = false;
    m_timePlot->yAxis->rescale();
    m_timePlot->yAxis->setRange(m_timePlot->yAxis->range().lower / 2, m_timePlot->yAxis->range().upper * 2);
    m_gflopsPlot->yAxis->rescale();
    m_gflopsPlot->yAxis->setRangeLower(0);
    m_gflopsPlot->yAxis->setRangeUpper(m_gflopsPlot->yAxis->range().upper * 1.1);
    if (m_speedupPlot->graphCount() > 0) {
        m_speedupPlot->yAxis->rescale();
        const QCPRange sp = m_speedupPlot->yAxis->range();
        found = sp.lower > 0;
        m_speedupPlot->yAxis->setRange(found ? std::min(sp.lower / 1.5, 0.5) : 0.5,
                                       std::max(sp.upper * 1.5, 2.0));
    }
    m_status->setText(tr("Point %1 of %2: %3, N = %4: %5 per matmul, %6 GFLOP/s%7")
                          .arg(r.point)
                          .arg(r.points)
                          .arg(m_settings.lanes.value(r.lane).label())
                          .arg(r.n)
                          .arg(formatSeconds(r.medianS))
                          .arg(r.gflops, 0, 'f', 1)
                          .arg(r.noisy ? tr(" — noisy: IQR is over 10 % of the median") : QString()));
    m_dirty = true;
}

void MatmulRacePanel::refreshSpeedup()
{
    const int base = baselineLane();
    if (base < 0)
        return;
    QMap<int, double> baseTime;
    for (const MatmulResult &r : m_race->results())
        if (r.lane == base)
            baseTime[r.n] = r.medianS;
    QString label;
    m_crossoverLine->setVisible(false);
    for (int i = 0; i < m_lanes.size(); ++i) {
        QCPGraph *g = m_lanes[i].speedup;
        if (!g)
            continue;
        QVector<double> ns, speedups;
        for (const MatmulResult &r : m_race->results())
            if (r.lane == i && baseTime.contains(r.n) && r.medianS > 0) {
                ns << r.n;
                speedups << baseTime.value(r.n) / r.medianS;
            }
        g->setData(ns, speedups, true);
        if (!label.isEmpty() || ns.isEmpty())
            continue;
        const MatmulLane &l = m_settings.lanes.at(i);
        if (l.mode == MatmulMode::Naive)
            continue; // a lie does not get to name the winner
        const bool gpu = l.device != QLatin1String("cpu");
        const Crossover c = Crossover::find(ns, speedups);
        switch (c.state) {
        case Crossover::State::At:
            m_crossoverLine->point1->setCoords(c.n, 1);
            m_crossoverLine->point2->setCoords(c.n, 2);
            m_crossoverLine->setVisible(true);
            label = gpu ? tr("GPU wins from N ≈ %1").arg(qRound(c.n))
                        : tr("Several cooks win from N ≈ %1").arg(qRound(c.n));
            break;
        case Crossover::State::Always:
            label = gpu ? tr("GPU wins at every N tried") : tr("Several cooks win at every N tried");
            break;
        case Crossover::State::Never:
            label = gpu ? tr("GPU has not won yet (up to N = %1)").arg(int(ns.last()))
                        : tr("One cook keeps up so far (up to N = %1)").arg(int(ns.last()));
            break;
        case Crossover::State::NoData:
            break;
        }
    }
    m_crossoverLabel->setText(label);
}

QString MatmulRacePanel::crossoverText() const { return m_crossoverLabel->text(); }
QString MatmulRacePanel::statusText() const { return m_status->text(); }

void MatmulRacePanel::onFinished(bool cancelled, const QString &error)
{
    m_run->setEnabled(true);
    m_cancel->setEnabled(false);
    m_export->setEnabled(!m_race->results().isEmpty());
    if (!error.isEmpty())
        m_status->setText(QStringLiteral("<span style='color:#c00'>%1</span>").arg(error.toHtmlEscaped()));
    else if (cancelled)
        m_status->setText(tr("Cancelled after %n point(s).", nullptr, int(m_race->results().size())));
    else
        m_status->setText(tr("Done: %n point(s). %1", nullptr, int(m_race->results().size()))
                              .arg(crossoverText()));
    m_dirty = true;
}

void MatmulRacePanel::replotDirty()
{
    if (!m_dirty)
        return;
    m_dirty = false;
    for (QCustomPlot *p : {m_timePlot, m_gflopsPlot, m_speedupPlot})
        p->replot(QCustomPlot::rpQueuedReplot);
}

void MatmulRacePanel::showTracer(QCustomPlot *plot, QMouseEvent *event)
{
    const QPointF pos = event->position();
    double best = 400; // 20 px squared
    QString text;
    for (int g = 0; g < plot->graphCount(); ++g) {
        QCPGraph *graph = plot->graph(g);
        if (!graph->visible())
            continue;
        const int lane = graph->property("lane").toInt();
        for (auto it = graph->data()->constBegin(); it != graph->data()->constEnd(); ++it) {
            const QPointF px = graph->coordsToPixels(it->key, it->value);
            const double d = QPointF::dotProduct(px - pos, px - pos);
            if (d >= best)
                continue;
            best = d;
            const MatmulResult *hit = nullptr;
            for (const MatmulResult &r : m_race->results())
                if (r.lane == lane && r.n == int(it->key))
                    hit = &r;
            text = QStringLiteral("%1\nN = %2\n").arg(graph->name()).arg(int(it->key));
            if (plot == m_speedupPlot)
                text += tr("speed-up ×%1").arg(it->value, 0, 'g', 3);
            else if (hit)
                text += tr("%1 per matmul (IQR %2 %)\n%3 GFLOP/s\nfirst call: %4")
                            .arg(formatSeconds(hit->medianS))
                            .arg(hit->medianS > 0 ? 100 * hit->iqrS / hit->medianS : 0, 0, 'f', 1)
                            .arg(hit->gflops, 0, 'f', 1)
                            .arg(formatSeconds(hit->coldS));
        }
    }
    if (text.isEmpty())
        QToolTip::hideText();
    else
        QToolTip::showText(event->globalPosition().toPoint(), text, plot);
}

bool MatmulRacePanel::exportPng(const QString &path) const
{
    const int w = 900, h = 360;
    QPixmap all(w, 3 * h);
    all.fill(Qt::white);
    QPainter painter(&all);
    int y = 0;
    for (QCustomPlot *p : {m_timePlot, m_gflopsPlot, m_speedupPlot}) {
        painter.drawPixmap(0, y, p->toPixmap(w, h));
        y += h;
    }
    painter.end();
    return all.save(path, "PNG");
}

bool MatmulRacePanel::exportPdf(const QString &path) const
{
    QPdfWriter pdf(path);
    pdf.setResolution(96);
    pdf.setPageSize(QPageSize(QPageSize::A4));
    pdf.setTitle(tr("Tensor Kitchen matmul race"));
    QCPPainter painter(&pdf);
    if (!painter.isActive())
        return false;
    const QRect page = pdf.pageLayout().paintRectPixels(pdf.resolution());
    const int h = page.height() / 3;
    for (QCustomPlot *p : {m_timePlot, m_gflopsPlot, m_speedupPlot}) {
        p->toPainter(&painter, page.width(), h);
        painter.translate(0, h);
    }
    return painter.end();
}

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
    const QByteArray json = MatmulReport::toJson(MatmulReport::receipt(m_settings), m_race->results());
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
        tr("PNG image (*.png);;PDF document (*.pdf);;CSV table (*.csv);;JSON with receipt (*.json)"),
        &filter);
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
