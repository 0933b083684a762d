#include "ui/races/loaderoptions.h"

#include "core/devices/torchthread.h"
#include "core/races/trainer.h"

#include <QCheckBox>
#include <QFormLayout>
#include <QLabel>
#include <QPushButton>
#include <QSettings>
#include <QSpinBox>

namespace tk {

LoaderOptions::LoaderOptions(bool hasGpu, QWidget *parent) : QGroupBox(tr("DataLoader"), parent), m_hasGpu(hasGpu)
{
    setObjectName(QStringLiteral("loaderOptions"));
    const TrainConfig defaults;
    m_workers = new QSpinBox;
    m_workers->setObjectName(QStringLiteral("loaderWorkers"));
    m_workers->setRange(0, 64);
    m_workers->setValue(defaults.workers);
    m_workers->setSpecialValueText(tr("0 (the training thread)"));
    m_workers->setToolTip(tr("DataLoader worker threads that prepare the next batches while the "
                             "model trains. With 0 the training thread prepares each batch itself, "
                             "and the device waits meanwhile."));
    m_prepCost = new QSpinBox;
    m_prepCost->setObjectName(QStringLiteral("loaderPrepCost"));
    m_prepCost->setRange(0, 10000);
    m_prepCost->setValue(defaults.prepCost);
    m_prepCost->setSuffix(tr(" blur passes"));
    m_prepCost->setToolTip(tr("The CPU cost of preparing one sample: each is rendered as a 32×32 "
                              "image and blurred this many times on the CPU, as decoding and "
                              "augmenting an image would."));
    m_pin = new QCheckBox(tr("Pinned batches + non_blocking"));
    m_pin->setObjectName(QStringLiteral("loaderPin"));
    m_pin->setToolTip(tr("Each batch goes to page-locked memory and is copied with "
                         ".to(device, non_blocking=True), like pin_memory=True. GPU lanes only."));
    if (!m_hasGpu) {
        m_pin->setEnabled(false);
        // Until LibTorch's own reason is asked for (explainPin), the known facts say why.
        m_pin->setToolTip(tr("Needs a CUDA GPU: page-locked memory only speeds up copies to one."));
    }
    m_sweep = new QPushButton(tr("S&weep workers"));
    m_sweep->setObjectName(QStringLiteral("sweepWorkers"));
    m_sweep->setToolTip(tr("Trains each lane briefly with 0, 1, 2, 4, … workers and charts how "
                           "long the device waited for data (tab “Data loading”)."));
    auto *note = new QLabel(tr("Python's DataLoader uses worker processes; LibTorch's C++ one, used "
                               "here, uses threads. Both prepare batches ahead of the model."));
    note->setWordWrap(true);

    auto *form = new QFormLayout(this);
    form->addRow(tr("Workers:"), m_workers);
    form->addRow(tr("Preparation cost:"), m_prepCost);
    form->addRow(m_pin);
    form->addRow(m_sweep);
    form->addRow(note);
}

int LoaderOptions::workers() const { return m_workers->value(); }
int LoaderOptions::prepCost() const { return m_prepCost->value(); }
bool LoaderOptions::pinBatches() const { return m_pin->isEnabled() && m_pin->isChecked(); }
void LoaderOptions::setWorkers(int workers) { m_workers->setValue(workers); }

void LoaderOptions::setSweeping(bool sweeping)
{
    m_sweep->setText(sweeping ? tr("Stop s&weep") : tr("S&weep workers"));
}

void LoaderOptions::load(QSettings &settings)
{
    m_workers->setValue(settings.value(QStringLiteral("workers"), m_workers->value()).toInt());
    m_prepCost->setValue(settings.value(QStringLiteral("prepCost"), m_prepCost->value()).toInt());
}

void LoaderOptions::save(QSettings &settings) const
{
    settings.setValue(QStringLiteral("workers"), m_workers->value());
    settings.setValue(QStringLiteral("prepCost"), m_prepCost->value());
}

void LoaderOptions::showEvent(QShowEvent *event)
{
    QGroupBox::showEvent(event);
    explainPin();
}

// The trainer's own reason, asked once and only when these options are first shown: it tries
// pin_memory(), which is LibTorch, so it runs off the GUI thread (milliseconds).
void LoaderOptions::explainPin()
{
    if (m_hasGpu || m_pinExplained)
        return;
    m_pinExplained = true;
    TrainConfig c;
    c.placement = TrainPlacement::DataLoader;
    c.pinBatches = true;
    const QString why = TorchThread::offGuiThread([&] { return Trainer::checkPlacement(c, QStringLiteral("cpu")); });
    if (!why.isEmpty())
        m_pin->setToolTip(why);
}

} // namespace tk
