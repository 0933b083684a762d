#include "ui/races/replicaoptions.h"
#include "core/kitchen/koreanparticles.h"

#include "core/devices/deviceregistry.h"
#include "core/races/lanes/traininglane.h"
#include "core/races/replicarun.h"

#include <QCheckBox>
#include <QHBoxLayout>
#include <QLabel>
#include <QPushButton>
#include <QSettings>
#include <QSpinBox>
#include <QVBoxLayout>
#include <algorithm>

namespace tk {

namespace {
// "[x] DistributedDataParallel × [N] · CPU": the check box names the lane, the spin box its ranks.
QHBoxLayout *ranksRow(QCheckBox *box, QSpinBox *ranks, const QString &where)
{
    auto *row = new QHBoxLayout;
    row->setSpacing(4);
    row->addWidget(box);
    row->addWidget(ranks);
    row->addWidget(new QLabel(where));
    row->addStretch();
    return row;
}

QSpinBox *ranksSpin(const QString &device, int value)
{
    auto *s = new QSpinBox;
    s->setRange(1, std::max(1, ReplicaOptions::maxRanks(device)));
    s->setValue(std::clamp(value, s->minimum(), s->maximum()));
    return s;
}
} // namespace

ReplicaOptions::ReplicaOptions(int gpuCount, QWidget *parent) : QWidget(parent)
{
    setObjectName(QStringLiteral("replicaOptions"));
    // Beside the LibTorch C++ lane on the same device, what Python costs per step.
    const QString pythonTip = tr("The same model, seed, batches and optimizer, trained by Python "
                                 "PyTorch in a process of its own (python -m tensorkitchen.replicas "
                                 "--parallel none): what a plain training script gets, moving each "
                                 "batch with .to(). Beside the LibTorch C++ lane on the same device, "
                                 "the gap is what Python costs per step.");
    TrainLane python;
    python.kind = TrainingLanes::kPython;
    m_pythonCpu = new QCheckBox(python.label());
    m_pythonCpu->setObjectName(QStringLiteral("pythonLane"));
    m_pythonCpu->setToolTip(pythonTip);
    const QString ddpTip = tr("N Python processes (ranks), each with its own copy of the model, train "
                              "on 1/N of every global batch (DistributedSampler) and average their "
                              "gradients with all-reduces that overlap the backward pass, bucket by bucket "
                              "(torch.distributed, gloo on 127.0.0.1). DDP starts every copy from rank 0's "
                              "parameters; with the same batches the losses match one process's.");
    m_cpuDdp = new QCheckBox(tr("DistributedDataParallel ×"));
    m_cpuDdp->setObjectName(QStringLiteral("ddpLane"));
    m_cpuDdp->setToolTip(ddpTip);
    m_cpuRanks = ranksSpin(QStringLiteral("cpu"), TrainLane{}.ranks);
    m_cpuRanks->setObjectName(QStringLiteral("ddpRanks"));
    m_cpuRanks->setToolTip(tr("Ranks: processes on this machine, 1 to %1.").arg(m_cpuRanks->maximum()));

    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(m_pythonCpu);
    if (gpuCount > 0) {
        python.device = QStringLiteral("cuda:0");
        m_pythonGpu = new QCheckBox(python.label());
        m_pythonGpu->setObjectName(QStringLiteral("pythonGpuLane"));
        m_pythonGpu->setToolTip(pythonTip);
        layout->addWidget(m_pythonGpu);
    }
    layout->addLayout(ranksRow(m_cpuDdp, m_cpuRanks, tr("· CPU")));
    if (gpuCount > 0) {
        m_gpuDdp = new QCheckBox(tr("DistributedDataParallel ×"));
        m_gpuDdp->setObjectName(QStringLiteral("ddpGpuLane"));
        m_gpuDdp->setToolTip(tr("One rank per GPU, rank r on cuda:r, over NCCL."));
        m_gpuRanks = ranksSpin(QStringLiteral("cuda"), gpuCount);
        layout->addLayout(ranksRow(m_gpuDdp, m_gpuRanks, tr("· GPUs")));
    }
    const QString guide
        = QStringLiteral("<code>if torch.cuda.device_count() &gt; 1: model = nn.DataParallel(model)</code>");
    if (gpuCount >= 2) {
        m_dataParallel = new QCheckBox(tr("DataParallel · one process, %n GPUs", "", gpuCount));
        m_dataParallel->setObjectName(QStringLiteral("dataParallelLane"));
        m_dataParallel->setToolTip(tr("nn.DataParallel: one process scatters each batch over the GPUs, "
                                      "runs a replica of the model on each and gathers the outputs "
                                      "on cuda:0 — every step."));
        layout->addWidget(m_dataParallel);
    } else {
        // The guide's line is guarded by device_count() > 1: here it is skipped, and says nothing.
        m_dpNote = new QLabel(KoreanParticles::resolve(tr("The guide's %1 does nothing on this machine (%n GPUs): "
                                                          "the model trains on one device.",
                                                          "", gpuCount)
                                                           .arg(guide)));
        m_dpNote->setObjectName(QStringLiteral("dataParallelNote"));
        m_dpNote->setWordWrap(true);
        m_dpNote->setTextFormat(Qt::RichText);
        layout->addWidget(m_dpNote);
    }
    m_batchWarning = new QLabel;
    m_batchWarning->setObjectName(QStringLiteral("ddpBatchWarning"));
    m_batchWarning->setWordWrap(true);
    m_batchWarning->setStyleSheet(QStringLiteral("color:#c00"));
    m_batchWarning->hide();
    layout->addWidget(m_batchWarning);
    m_sweep = new QPushButton(tr("Sweep ra&nks"));
    m_sweep->setObjectName(QStringLiteral("sweepRanks"));
    m_sweep->setToolTip(tr("Trains the DDP lane briefly on 1, 2, 3, 4 ranks and charts samples/s "
                           "and the all-reduce's share of the step (tab “Replicas”)."));
    layout->addWidget(m_sweep);

    for (QCheckBox *box : {m_pythonCpu, m_pythonGpu, m_cpuDdp, m_gpuDdp, m_dataParallel})
        if (box)
            connect(box, &QCheckBox::toggled, this, [this] {
                updateBatchWarning();
                Q_EMIT lanesChanged();
            });
    for (QSpinBox *spin : {m_cpuRanks, m_gpuRanks})
        if (spin)
            connect(spin, &QSpinBox::valueChanged, this, [this] {
                updateBatchWarning();
                Q_EMIT lanesChanged();
            });
}

int ReplicaOptions::maxRanks(const QString &device)
{
    if (!device.startsWith(QLatin1String("cuda")))
        return ReplicaRun::maxRanks(device);
    int gpus = 0;
    for (const DeviceInfo &d : DeviceRegistry::knownDevices())
        gpus += d.isCuda() ? 1 : 0;
    return gpus;
}

// Each box offers one lane: its kind, its device and, for DDP, the spin box of its ranks.
QList<ReplicaOptions::Offer> ReplicaOptions::offers() const
{
    const QString cpu = QStringLiteral("cpu"), cuda = QStringLiteral("cuda");
    return {{m_pythonCpu, TrainingLanes::kPython, cpu, nullptr},
            {m_pythonGpu, TrainingLanes::kPython, QStringLiteral("cuda:0"), nullptr},
            {m_cpuDdp, TrainingLanes::kDdp, cpu, m_cpuRanks},
            {m_gpuDdp, TrainingLanes::kDdp, cuda, m_gpuRanks},
            {m_dataParallel, TrainingLanes::kDataParallel, cuda, nullptr}};
}

QList<TrainLane> ReplicaOptions::lanes() const
{
    QList<TrainLane> lanes;
    for (const Offer &o : offers())
        if (o.box && o.box->isChecked()) {
            TrainLane l;
            l.kind = o.kind;
            l.device = o.device;
            l.ranks = o.ranks ? o.ranks->value() : 1;
            lanes << l;
        }
    return lanes;
}

void ReplicaOptions::chooseLanes(const QList<TrainLane> &lanes)
{
    const auto onCpu = [](const QString &device) { return device == QLatin1String("cpu"); };
    for (const Offer &o : offers()) {
        if (!o.box)
            continue; // not offered on this machine
        bool chosen = false;
        for (const TrainLane &l : lanes)
            if (l.kind == o.kind && onCpu(l.device) == onCpu(o.device)) {
                chosen = true;
                if (o.ranks)
                    o.ranks->setValue(l.ranks);
            }
        o.box->setChecked(chosen);
    }
}

TrainLane ReplicaOptions::sweepLane() const
{
    TrainLane l;
    l.kind = TrainingLanes::kDdp;
    l.ranks = m_cpuRanks->value();
    if (!m_cpuDdp->isChecked() && m_gpuDdp && m_gpuDdp->isChecked()) {
        l.device = QStringLiteral("cuda");
        l.ranks = m_gpuRanks->value();
    }
    return l;
}

int ReplicaOptions::ranks() const { return m_cpuRanks->value(); }
void ReplicaOptions::setRanks(int ranks) { m_cpuRanks->setValue(ranks); }

void ReplicaOptions::setBatch(int batch)
{
    m_batch = batch;
    updateBatchWarning();
}

// The launcher refuses such a lane too (its kind's check says why); said here, it costs no start
// of N processes.
void ReplicaOptions::updateBatchWarning()
{
    TrainConfig config;
    config.batch = m_batch;
    QStringList why;
    for (const TrainLane &lane : lanes())
        if (lane.device == QLatin1String("cpu")) { // no LibTorch asked
            const QString w = TrainingLanes::of(lane.kind).check(config, lane);
            if (!w.isEmpty() && !why.contains(w))
                why << w;
        }
    m_batchWarning->setText(why.join(QLatin1Char('\n')));
    m_batchWarning->setVisible(!why.isEmpty());
}

QString ReplicaOptions::batchWarning() const { return m_batchWarning->text(); }
QString ReplicaOptions::dataParallelNote() const { return m_dpNote ? m_dpNote->text() : QString(); }

void ReplicaOptions::setSweeping(bool sweeping)
{
    m_sweep->setText(sweeping ? tr("Stop ra&nk sweep") : tr("Sweep ra&nks"));
}

void ReplicaOptions::load(QSettings &settings)
{
    m_cpuRanks->setValue(settings.value(QStringLiteral("ddpRanks"), m_cpuRanks->value()).toInt());
}

void ReplicaOptions::save(QSettings &settings) const
{
    settings.setValue(QStringLiteral("ddpRanks"), m_cpuRanks->value());
}

} // namespace tk
