#pragma once

#include "core/devices/deviceinfo.h"
#include "core/kitchen/cardinfo.h"
#include "core/kitchen/movereport.h"

#include <QList>
#include <QObject>
#include <QString>

namespace tk {

// What a KitchenView shows, from one source: the app's own kitchen (EngineFeed: the engine's
// cards, its answers' moves, its device samples) or a watched program (ProgramFeed: the tensors
// and modules it names, its moves, its devices' memory as it measured them). The view knows only
// this interface; each source turns its own facts into cards, moves and panes.
class KitchenFeed : public QObject
{
    Q_OBJECT

public:
    // How the view is laid out before the first card.
    struct Setup
    {
        QList<DeviceInfo> devices; // the panes to start with; deviceShown() adds more
        // The user acts on these cards (drags, drops, menus) and the counter offers first steps;
        // false: the cards only show what the source says.
        bool editable = false;
        // The GPU workbench when there is no GPU: what it says. Empty: no workbench until a
        // source shows a GPU.
        QString noGpu;
        QString emptyPane; // what an empty pane says, %1 its device; empty: the pane's own words
        bool metaShelf = false; // the meta shelf, hidden until a card or the user asks for it
        // How often the view asks for memory samples (sampleDevices); 0: the source reports its
        // memory by itself and is never asked.
        int sampleMs = 0;
    };

    using QObject::QObject;

    virtual Setup setup() const = 0;
    // The view asks for its gauges every Setup::sampleMs (and when it shows the meta shelf); a
    // source that reports its memory by itself ignores it.
    virtual void sampleDevices(bool includeMeta) { Q_UNUSED(includeMeta) }
    // A moved tensor that no card shows, as a card to fly from its device (a watched program's
    // moves come faster than its names are sampled). An empty name: it does not fly.
    virtual CardInfo cardOfMove(const MoveReport &move) const
    {
        Q_UNUSED(move)
        return {};
    }

Q_SIGNALS:
    void cardAdded(const tk::CardInfo &card);
    void cardUpdated(const tk::CardInfo &card);
    void cardRemoved(int id);
    // Moves to show, each with its sentence and flight. Sent after the cards they changed, with
    // or without moves: a departure kept for a card that moved ends with it.
    void moved(const QList<tk::MoveReport> &moves);
    void deviceShown(const tk::DeviceInfo &device); // a pane for it, if it has none yet
    void hardwareTold(const QString &deviceId, const QString &name, const QString &details);
    // A pane's gauge: from a sample of this process (memoryTold), or in the source's own words at
    // `fraction` (memoryTextTold).
    void memoryTold(const tk::DeviceInfo &device, qint64 cardBytes);
    void memoryTextTold(const QString &deviceId, const QString &text, double fraction);
};

} // namespace tk
