#pragma once

#include <QPixmap>
#include <QWidget>
#include <functional>

namespace tk {

// A transparent layer over the window where cards fly between panes and old ones fade out.
// Input passes through it; nothing here touches the cards themselves.
class FlightOverlay : public QWidget
{
    Q_OBJECT

public:
    explicit FlightOverlay(QWidget *parent);

    // Flight duration for a copy that took `seconds`: log scale, 1 µs → 250 ms, 1 s → 1.5 s,
    // so that both a tiny and a huge copy stay watchable and their difference visible.
    static int durationFor(double seconds);

    void fly(const QPixmap &card, const QRect &from, const QRect &to, int ms, const QString &caption,
             bool vanishOnArrival, std::function<void()> landed = {});
    void fadeOut(const QPixmap &card, const QRect &at, const QString &caption, int ms = 900);
    int activeFlights() const { return m_active; }
    int flightsLanded() const { return m_landed; } // since the overlay was made

private:
    QWidget *makeGhost(const QPixmap &card, const QString &caption);
    void finishOne();

    int m_active = 0;
    int m_landed = 0;
};

} // namespace tk
