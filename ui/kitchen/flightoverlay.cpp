#include "ui/kitchen/flightoverlay.h"

#include <QGraphicsOpacityEffect>
#include <QLabel>
#include <QParallelAnimationGroup>
#include <QPropertyAnimation>
#include <QSequentialAnimationGroup>
#include <QVBoxLayout>
#include <cmath>

namespace tk {

FlightOverlay::FlightOverlay(QWidget *parent) : QWidget(parent)
{
    setAttribute(Qt::WA_TransparentForMouseEvents);
    setAttribute(Qt::WA_NoSystemBackground);
}

int FlightOverlay::durationFor(double seconds)
{
    const double lg = std::log10(std::max(seconds, 1e-6)); // -6 … 0
    const double t = std::clamp((lg + 6.0) / 6.0, 0.0, 1.0);
    return int(250 + t * 1250);
}

QWidget *FlightOverlay::makeGhost(const QPixmap &card, const QString &caption)
{
    auto *ghost = new QWidget(this);
    auto *layout = new QVBoxLayout(ghost);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->setSpacing(2);
    auto *picture = new QLabel;
    picture->setPixmap(card);
    layout->addWidget(picture);
    if (!caption.isEmpty()) {
        auto *label = new QLabel(caption);
        label->setStyleSheet(QStringLiteral("QLabel { background: rgba(20,20,20,200); color: white;"
                                            " border-radius: 4px; padding: 2px 6px; }"));
        layout->addWidget(label, 0, Qt::AlignHCenter);
    }
    ghost->adjustSize();
    ghost->show();
    ghost->raise();
    return ghost;
}

void FlightOverlay::finishOne()
{
    --m_active;
    ++m_landed;
}

void FlightOverlay::fly(const QPixmap &card, const QRect &from, const QRect &to, int ms, const QString &caption,
                        bool vanishOnArrival, std::function<void()> landed)
{
    ++m_active;
    raise();
    QWidget *ghost = makeGhost(card, caption);
    ghost->move(mapFromGlobal(from.topLeft()));
    auto *move = new QPropertyAnimation(ghost, "pos");
    move->setDuration(ms);
    move->setStartValue(mapFromGlobal(from.topLeft()));
    move->setEndValue(mapFromGlobal(to.topLeft()));
    move->setEasingCurve(QEasingCurve::InOutCubic);
    auto *seq = new QSequentialAnimationGroup(ghost);
    seq->addAnimation(move);
    if (vanishOnArrival) {
        // The discarded copy: it lands, lingers a moment, and is gone.
        auto *effect = new QGraphicsOpacityEffect(ghost);
        ghost->setGraphicsEffect(effect);
        seq->addPause(350);
        auto *fade = new QPropertyAnimation(effect, "opacity");
        fade->setDuration(600);
        fade->setStartValue(1.0);
        fade->setEndValue(0.0);
        seq->addAnimation(fade);
    }
    connect(move, &QPropertyAnimation::finished, this, [landed] {
        if (landed)
            landed();
    });
    connect(seq, &QAbstractAnimation::finished, this, [this, ghost] {
        ghost->deleteLater();
        finishOne();
    });
    seq->start();
}

void FlightOverlay::fadeOut(const QPixmap &card, const QRect &at, const QString &caption, int ms)
{
    ++m_active;
    raise();
    QWidget *ghost = makeGhost(card, caption);
    ghost->move(mapFromGlobal(at.topLeft()));
    auto *effect = new QGraphicsOpacityEffect(ghost);
    ghost->setGraphicsEffect(effect);
    auto *fade = new QPropertyAnimation(effect, "opacity", ghost);
    fade->setDuration(ms);
    fade->setStartValue(0.9);
    fade->setEndValue(0.0);
    connect(fade, &QAbstractAnimation::finished, this, [this, ghost] {
        ghost->deleteLater();
        finishOne();
    });
    fade->start();
}

} // namespace tk
