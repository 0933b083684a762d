#include "ui/kitchen/kitchenview.h"

#include "ui/kitchen/devicepane.h"
#include "ui/kitchen/firststeps.h"
#include "ui/kitchen/flightoverlay.h"
#include "ui/kitchen/kitchenfeed.h"
#include "ui/kitchen/tensorcard.h"

#include <QGraphicsOpacityEffect>
#include <QLocale>
#include <QPointer>
#include <QTimer>
#include <algorithm>

namespace tk {

namespace {

QRect globalRect(QWidget *w) { return QRect(w->mapToGlobal(QPoint(0, 0)), w->size()); }

} // namespace

KitchenView::KitchenView(KitchenFeed *feed, QWidget *parent)
    : QSplitter(Qt::Horizontal, parent), m_feed(feed), m_setup(feed->setup())
{
    connect(feed, &KitchenFeed::cardAdded, this, &KitchenView::onCardAdded);
    connect(feed, &KitchenFeed::cardUpdated, this, &KitchenView::onCardUpdated);
    connect(feed, &KitchenFeed::cardRemoved, this, &KitchenView::onCardRemoved);
    connect(feed, &KitchenFeed::moved, this, &KitchenView::animateMoves);
    connect(feed, &KitchenFeed::deviceShown, this, [this](const DeviceInfo &d) { ensurePane(d); });
    connect(feed, &KitchenFeed::hardwareTold, this,
            [this](const QString &device, const QString &name, const QString &details) {
                if (DevicePane *p = pane(device))
                    p->setHardware(name, details);
            });
    connect(feed, &KitchenFeed::memoryTold, this, [this](const DeviceInfo &d, qint64 cardBytes) {
        if (DevicePane *p = pane(d.id))
            p->setMemory(d, cardBytes);
    });
    connect(feed, &KitchenFeed::memoryTextTold, this, [this](const QString &device, const QString &text, double f) {
        if (DevicePane *p = pane(device))
            p->setMemoryText(text, f);
    });

    auto *cpu = new DevicePane(QStringLiteral("cpu"));
    addPane(cpu, this);
    if (m_setup.editable) {
        m_firstSteps = new FirstSteps;
        cpu->setFirstSteps(m_firstSteps);
        cpu->showFirstSteps(true);
    }
    // Several GPUs stack in one column next to the CPU counter.
    m_gpuColumn = new QSplitter(Qt::Vertical);
    addWidget(m_gpuColumn);
    for (const DeviceInfo &d : std::as_const(m_setup.devices))
        if (d.isCuda())
            ensurePane(d);
    if (m_gpuColumn->count() == 0 && !m_setup.noGpu.isEmpty()) {
        auto *pane = new DevicePane(QStringLiteral("cuda"));
        pane->setHardware(tr("No GPU available"), QString());
        pane->setEmptyExplanation(m_setup.noGpu);
        addPane(pane, m_gpuColumn);
    }
    m_gpuColumn->setVisible(m_gpuColumn->count() > 0); // until a GPU is shown
    if (m_setup.metaShelf) {
        m_metaPane = new DevicePane(QStringLiteral("meta"));
        m_metaPane->setHardware(tr("Shapes and dtypes only: no data, no memory"),
                                tr("A real LibTorch device: mixing it with cpu gives the real "
                                   "device-mismatch error, even without a GPU."));
        addPane(m_metaPane, this);
        m_metaPane->hide();
    }
    for (const DeviceInfo &d : std::as_const(m_setup.devices))
        if (!d.isCuda() && d.id != QLatin1String("cpu") && !(m_setup.metaShelf && d.isMeta()))
            ensurePane(d);
    if (!m_setup.emptyPane.isEmpty())
        cpu->setEmptyExplanation(m_setup.emptyPane.arg(cpu->deviceId()));
    for (int i = 0; i < count(); ++i)
        setStretchFactor(i, 1);
    setSizes(QList<int>(count(), 1000)); // equal shares to start
    if (m_setup.sampleMs > 0)
        startSampling();
}

DevicePane *KitchenView::ensurePane(const DeviceInfo &d)
{
    if (DevicePane *p = pane(d.id))
        return p;
    auto *p = new DevicePane(d.id);
    if (!m_setup.emptyPane.isEmpty())
        p->setEmptyExplanation(m_setup.emptyPane.arg(d.id));
    if (d.isCuda()) {
        addPane(p, m_gpuColumn);
        m_gpuColumn->show();
    } else {
        addPane(p, this);
        if (d.isMeta() && !m_metaPane)
            m_metaPane = p;
    }
    // A pane that comes later gets an equal share, not what is left.
    setSizes(QList<int>(count(), 1000));
    return p;
}

void KitchenView::startSampling()
{
    // Memory gauges (and the Memory tab's timeline): sampled where the feed samples (the
    // engine's worker), so the GUI never waits for a device.
    auto *sampler = new QTimer(this);
    sampler->setInterval(m_setup.sampleMs);
    connect(sampler, &QTimer::timeout, this, [this] { m_feed->sampleDevices(metaPaneVisible()); });
    sampler->start();
    m_feed->sampleDevices(true);
}

void KitchenView::addPane(DevicePane *pane, QSplitter *into)
{
    if (!m_setup.editable)
        pane->setAcceptDrops(false); // a watched program's devices take no drops
    m_panes << pane;
    connect(pane, &DevicePane::cardDropped, this, &KitchenView::cardDropped);
    connect(pane, &DevicePane::fileDropped, this, &KitchenView::fileDropped);
    into->addWidget(pane);
}

DevicePane *KitchenView::pane(const QString &deviceId) const
{
    for (DevicePane *p : m_panes)
        if (p->deviceId() == deviceId)
            return p;
    return nullptr;
}

TensorCard *KitchenView::cardWidget(int id) const { return m_cards.value(id, nullptr); }

KitchenView::Departure KitchenView::departureOf(TensorCard *c) const
{
    return {c->grab().scaledToWidth(std::min(c->width(), 320), Qt::SmoothTransformation), globalRect(c)};
}

// A move of a tensor no card shows: the feed's card for it, leaving its device's pane.
KitchenView::Departure KitchenView::departureOfMove(const MoveReport &r) const
{
    DevicePane *from = paneFor(r.fromDevice);
    if (!from || !from->isVisible())
        return {};
    const CardInfo info = m_feed->cardOfMove(r);
    if (info.name.isEmpty())
        return {};
    TensorCard card(info);
    card.setCompact(true);
    card.resize(card.sizeHint().expandedTo(QSize(200, 28)));
    return {card.grab(), QRect(from->mapToGlobal(QPoint(12, 120)), card.size())};
}

QStringList KitchenView::cardNames() const
{
    QStringList names;
    for (TensorCard *c : std::as_const(m_cards))
        names << c->info().name;
    return names;
}

QStringList KitchenView::moveTargets() const
{
    QStringList list;
    for (DevicePane *p : m_panes)
        if (p != m_metaPane || m_metaPane->isVisible())
            list << p->deviceId();
    return list;
}

bool KitchenView::metaPaneVisible() const { return m_metaPane && m_metaPane->isVisible(); }

void KitchenView::setMetaPaneVisible(bool visible)
{
    if (!m_metaPane)
        return;
    m_metaPane->setVisible(visible);
    Q_EMIT metaPaneToggled(visible);
    if (visible)
        m_feed->sampleDevices(true);
}

DevicePane *KitchenView::paneFor(const QString &device) const
{
    DevicePane *p = pane(device);
    if (!p && device.startsWith(QLatin1String("cuda")))
        p = pane(QStringLiteral("cuda"));
    return p;
}

void KitchenView::placeCard(TensorCard *card)
{
    const QString dev = card->info().device;
    if (!m_setup.editable && !paneFor(dev)) { // a device the source names first with a card
        DeviceInfo d;
        d.id = dev;
        d.type = dev.section(QLatin1Char(':'), 0, 0);
        ensurePane(d);
    }
    DevicePane *target = paneFor(dev);
    if (dev == QLatin1String("meta") && m_metaPane && !m_metaPane->isVisible())
        setMetaPaneVisible(true);
    if (!target)
        target = m_panes.first();
    for (DevicePane *p : m_panes)
        if (p != target && p->card(card->cardId()))
            p->takeCard(card->cardId());
    if (!target->card(card->cardId()))
        target->addCard(card);
}

void KitchenView::onCardAdded(const CardInfo &info)
{
    auto *card = new TensorCard(info);
    card->setReadOnly(!m_setup.editable);
    m_cards.insert(info.id, card);
    connect(card, &TensorCard::combineRequested, this, &KitchenView::combineRequested);
    connect(card, &TensorCard::menuRequested, this, &KitchenView::cardMenuRequested);
    connect(card, &TensorCard::valuesRequested, this, &KitchenView::valuesRequested);
    connect(card, &TensorCard::deleteRequested, this, &KitchenView::deleteRequested);
    connect(card, &TensorCard::renameRequested, this, &KitchenView::renameRequested);
    placeCard(card);
    if (m_firstSteps)
        pane(QStringLiteral("cpu"))->showFirstSteps(false);
}

void KitchenView::onCardUpdated(const CardInfo &info)
{
    TensorCard *card = cardWidget(info.id);
    if (!card)
        return onCardAdded(info);
    if (card->info().device != info.device)
        m_departures.insert(info.id, departureOf(card)); // the start of its flight
    card->setInfo(info);
    placeCard(card);
}

void KitchenView::onCardRemoved(int id)
{
    TensorCard *card = m_cards.take(id);
    if (!card)
        return;
    for (DevicePane *p : m_panes)
        p->takeCard(id);
    card->deleteLater();
    if (m_firstSteps)
        pane(QStringLiteral("cpu"))->showFirstSteps(m_cards.isEmpty());
}

void KitchenView::animateMoves(const QList<MoveReport> &moves)
{
    for (qsizetype i = 0; i < moves.size(); ++i) {
        // A move of a tensor no card shows flies when the feed draws a card for it (a watched
        // program's tensors are seen in samples, its moves as they happen).
        const MoveReport &r = moves.at(i);
        if (i < kMaxFlights || i == moves.size() - 1)
            fly(r);
    }
    m_departures.clear();
}

void KitchenView::fly(const MoveReport &r)
{
    Departure start = m_departures.value(r.sourceId);
    if (start.pixmap.isNull()) {
        // y = x.to(d) and x.to(d) leave x where it was: the flight starts at x, with x's look.
        if (TensorCard *source = cardWidget(r.sourceId))
            start = departureOf(source);
        else
            start = departureOfMove(r);
    }
    const QPixmap &pixmap = start.pixmap;
    const QRect &from = start.from;
    QString caption = r.shapesOnly() ? tr("%1 · shapes only").arg(QLocale().formattedDataSize(r.bytes))
        : r.timed                    ? tr("%1 · %2 ms · %3 GB/s")
                        .arg(QLocale().formattedDataSize(r.bytes))
                        .arg(r.seconds * 1e3, 0, 'f', 3)
                        .arg(r.gigabytesPerSecond(), 0, 'f', 2)
                  : tr("%1 · timing…").arg(QLocale().formattedDataSize(r.bytes));
    if (r.count > 1)
        caption += QLatin1Char(' ') + tr("× %n batches", nullptr, r.count);
    QString message = r.describe();
    if (r.kitchen.meaning == TransferMeaning::Discard)
        message += QLatin1Char(' ')
            + tr("Tip: write %1 = %1.to(%2) to keep it.")
                  .arg(r.sourceName, QStringLiteral("\"%1\"").arg(r.requestedDevice));
    Q_EMIT statusMessage(message, 12000);
    if (r.sameStorage && !pixmap.isNull() && m_setup.editable) {
        // Dropped where the tensor already is (no GPU here: device = "cuda" if available else
        // "cpu" gave cpu): it goes to the pane it was dropped on and comes back, itself.
        DevicePane *asked = paneFor(r.requestedDevice);
        if (asked && asked != paneFor(r.toDevice)) {
            const QRect there(asked->mapToGlobal(QPoint(12, 120)), from.size());
            const QString back = tr("to() returned %1 itself · nothing copied").arg(r.sourceName);
            const int ms = FlightOverlay::durationFor(0);
            QPointer<FlightOverlay> overlay = m_overlay;
            m_overlay->fly(pixmap, from, there, ms, back, true, [overlay, pixmap, there, from, ms, back] {
                if (overlay)
                    overlay->fly(pixmap, there, from, ms, back, true);
            });
        }
        return;
    }
    if (r.sameStorage || r.kitchen.noMoveNeeded || pixmap.isNull())
        return; // nothing was copied: no flight, the message says why
    const int ms = FlightOverlay::durationFor(r.seconds);

    QPointer<TensorCard> landed = cardWidget(r.kitchen.resultId);
    if (r.kitchen.meaning == TransferMeaning::Discard || !landed) {
        // Thrown away, or a watched move whose result no card shows (yet): the ghost flies to
        // the device and vanishes there.
        DevicePane *target = paneFor(r.toDevice);
        if (!target)
            return;
        const QRect to(target->mapToGlobal(QPoint(12, 120)), from.size());
        m_overlay->fly(pixmap, from, to, ms, caption, true);
        return;
    }
    // Hide the arriving card until its ghost lands on it.
    auto *hidden = new QGraphicsOpacityEffect(landed);
    hidden->setOpacity(0.0);
    landed->setGraphicsEffect(hidden);
    m_overlay->fly(pixmap, from, globalRect(landed), ms, caption, false, [landed] {
        if (landed)
            landed->setGraphicsEffect(nullptr);
    });
    if (r.kitchen.meaning == TransferMeaning::Reassign && r.kitchen.oldReleased)
        m_overlay->fadeOut(pixmap, from, tr("old %1 released").arg(r.sourceName), ms);
}

} // namespace tk
