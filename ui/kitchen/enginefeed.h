#pragma once

#include "core/devices/buildfacts.h"
#include "ui/kitchen/kitchenfeed.h"

namespace tk {

class KitchenEngine;

// The app's own kitchen as a view's feed: the engine's cards as they change, the moves of
// every answer (a drop, a menu, a console line), and its device samples as each pane's
// hardware line and gauge. Its cards are the user's to act on.
class EngineFeed : public KitchenFeed
{
    Q_OBJECT

public:
    EngineFeed(KitchenEngine *engine, const BuildFacts &facts, QObject *parent = nullptr);

    Setup setup() const override;
    void sampleDevices(bool includeMeta) override;

private:
    void tellSamples(const QList<DeviceInfo> &devices, const QList<qint64> &bytes);

    KitchenEngine *m_engine = nullptr;
    BuildFacts m_facts;
};

} // namespace tk
