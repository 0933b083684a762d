#pragma once

#include "core/devices/deviceinfo.h"
#include "core/kitchen/cardinfo.h"
#include "ui/kitchen/kitchenfeed.h"

#include <QHash>
#include <QList>
#include <QPixmap>
#include <QRect>
#include <QSplitter>

namespace tk {

class DevicePane;
class FirstSteps;
class FlightOverlay;
class TensorCard;
struct MoveReport;

// A kitchen: one pane per device (the CPU counter, the GPUs stacked in one column, the meta
// shelf), the card widgets on them and the flights of copied cards between them. It shows what
// its feed tells (KitchenFeed: the app's own kitchen through EngineFeed, a watched program's
// through ProgramFeed); what the user asks of a card or a pane leaves as a signal, for the window
// to pass on to the part that acts on it. A feed that is not editable gets cards that only show
// and panes that take no drops.
class KitchenView : public QSplitter
{
    Q_OBJECT

public:
    // The feed outlives the view (its owner parents both).
    explicit KitchenView(KitchenFeed *feed, QWidget *parent = nullptr);
    KitchenFeed *feed() const { return m_feed; }

    DevicePane *pane(const QString &deviceId) const;
    // The pane of `device`, made when the feed names a device it had not shown.
    DevicePane *ensurePane(const DeviceInfo &device);
    QList<DevicePane *> panes() const { return m_panes; }
    TensorCard *cardWidget(int id) const;
    QStringList cardNames() const;
    QStringList moveTargets() const; // device ids a card can go to; meta only while shown
    bool metaPaneVisible() const;
    void setMetaPaneVisible(bool visible);
    // The window's flight layer; the window owns it, as it must cover the whole window.
    void setOverlay(FlightOverlay *overlay) { m_overlay = overlay; }
    // The empty kitchen's offers on the CPU counter; the window connects them.
    FirstSteps *firstSteps() const { return m_firstSteps; }
    static constexpr qsizetype kMaxFlights = 8;

Q_SIGNALS:
    void cardDropped(int cardId, const QString &fromDevice, const QString &toDevice, Qt::KeyboardModifiers modifiers);
    void fileDropped(const QString &path, const QString &toDevice);
    void metaPaneToggled(bool visible); // the window keeps its menu action in step
    // A card's own requests, passed on as the card sent them.
    void combineRequested(int sourceId, int targetId, const QPoint &globalPos);
    void cardMenuRequested(int id, const QPoint &globalPos);
    void valuesRequested(int id);
    void deleteRequested(int id);
    void renameRequested(int id);
    void statusMessage(const QString &text, int ms);

private:
    void onCardAdded(const CardInfo &card);
    void onCardUpdated(const CardInfo &card);
    void onCardRemoved(int id);
    // The one way moves are shown, whatever made them (a drop, a menu, a console line): each
    // says what it did, and its card flies from where it left its pane (the picture taken as
    // it left) to where it landed. A loop may move thousands of times: the first few fly, and
    // the last, whose sentence stays in the status bar.
    void animateMoves(const QList<MoveReport> &moves); // the feed's moved()
    void addPane(DevicePane *pane, QSplitter *into);
    void startSampling();
    DevicePane *paneFor(const QString &device) const; // "cuda:1" without a pane of its own: the GPU pane
    void placeCard(TensorCard *card);
    // How a card looks and where it is on screen (global): the start of its flight.
    struct Departure
    {
        QPixmap pixmap;
        QRect from;
    };
    Departure departureOf(TensorCard *card) const;
    Departure departureOfMove(const MoveReport &r) const;
    void fly(const MoveReport &r);

    KitchenFeed *m_feed = nullptr;
    KitchenFeed::Setup m_setup;
    QList<DevicePane *> m_panes;
    DevicePane *m_metaPane = nullptr;
    QHash<int, TensorCard *> m_cards;
    // Cards that changed device since the last answer, as they looked before: a moved card
    // has changed by the time its answer arrives.
    QHash<int, Departure> m_departures;
    FlightOverlay *m_overlay = nullptr;
    FirstSteps *m_firstSteps = nullptr;
    QSplitter *m_gpuColumn = nullptr;
};

} // namespace tk
