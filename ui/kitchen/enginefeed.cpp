#include "ui/kitchen/enginefeed.h"

#include "core/devices/deviceregistry.h"
#include "core/kitchen/kitchenengine.h"

#include <QLocale>

namespace tk {

EngineFeed::EngineFeed(KitchenEngine *engine, const BuildFacts &facts, QObject *parent)
    : KitchenFeed(parent), m_engine(engine), m_facts(facts)
{
    connect(engine, &KitchenEngine::cardAdded, this, &KitchenFeed::cardAdded);
    connect(engine, &KitchenEngine::cardUpdated, this, &KitchenFeed::cardUpdated);
    connect(engine, &KitchenEngine::cardRemoved, this, &KitchenFeed::cardRemoved);
    connect(engine, &KitchenEngine::finished, this,
            [this](quint64, const Outcome &outcome) { Q_EMIT moved(outcome.moves); });
    connect(engine, &KitchenEngine::devicesSampled, this, &EngineFeed::tellSamples);
}

KitchenFeed::Setup EngineFeed::setup() const
{
    Setup s;
    s.devices = DeviceRegistry::knownDevices(false);
    s.editable = true;
    // The workbench stays: it explains why it is empty, and a drop follows the idiom.
    s.noGpu = m_facts.noGpuExplanation() + QStringLiteral("\n\n")
        + tr("device = \"cuda\" if torch.cuda.is_available() else \"cpu\" gives cpu here, so a "
             "card dropped on this workbench runs x.to(device) — which returns x itself, "
             "still on the CPU counter.");
    s.metaShelf = true;
    s.sampleMs = 250; // about 4 samples a second
    return s;
}

void EngineFeed::sampleDevices(bool includeMeta) { m_engine->sampleDevices(includeMeta); }

void EngineFeed::tellSamples(const QList<DeviceInfo> &devices, const QList<qint64> &bytes)
{
    const QLocale l;
    for (int i = 0; i < devices.size(); ++i) {
        const DeviceInfo &d = devices.at(i);
        if (d.type == QLatin1String("cpu"))
            Q_EMIT hardwareTold(d.id, d.name,
                                tr("%1 threads in use · %2 logical cores · %3 RAM")
                                    .arg(d.threads)
                                    .arg(d.logicalCores)
                                    .arg(l.formattedDataSize(d.memoryTotal)));
        else if (d.isCuda())
            Q_EMIT hardwareTold(d.id, d.name,
                                tr("compute capability %1 · %2").arg(d.capability, l.formattedDataSize(d.memoryTotal)));
        Q_EMIT memoryTold(d, bytes.value(i));
    }
}

} // namespace tk
