#pragma once

#include "ui/kitchen/kitchenfeed.h"

#include <QHash>
#include <QPointer>

class QTimer;

namespace tk {

class WatchedProgram;

// A watched program as a kitchen view's feed: the tensors and modules it names (its latest
// sample is the whole picture) as cards made here from what it told, its devices' panes, their
// memory as the program measured it, and its moves, grouped: like moves of the last half second
// (one name, the same two devices) fly as one ("× N batches"). Its cards only show.
class ProgramFeed : public KitchenFeed
{
    Q_OBJECT

public:
    static constexpr int kGroupMs = 500;

    explicit ProgramFeed(WatchedProgram *program, QObject *parent = nullptr);

    Setup setup() const override;
    CardInfo cardOfMove(const MoveReport &move) const override;

    // Tells everything the program said so far (a tab opened after it began).
    void sync();
    // Flies what is queued now (the program ended: nothing more will join its group).
    void flush();
    qint64 movesShown() const { return m_movesShown; }
    qint64 bytesMoved() const { return m_bytesMoved; }

private:
    void syncCards();
    void syncMemory();
    void queueMoves(const QList<MoveReport> &moves);

    QPointer<WatchedProgram> m_program;
    QTimer *m_groupTimer = nullptr;
    // The flights of the moves queued since the last flush, each move added to its group as it
    // comes (a fast replay queued ~90,000 moves a half second: held, then grouped at once, they
    // took ~35 MiB and a 50 ms stall).
    QList<MoveReport> m_groups;
    QHash<QString, qsizetype> m_groupIndex; // name, from and to: the group's index
    qsizetype m_lastGroup = -1; // the group the last move joined
    qint64 m_queuedMoves = 0;
    qint64 m_queuedBytes = 0;
    QHash<QString, int> m_cardIds; // a name's card
    QHash<int, QPair<QString, QString>> m_shown; // what each card last said: its device, its summary
    int m_nextCardId = 1;
    qint64 m_movesShown = 0;
    qint64 m_bytesMoved = 0;
};

} // namespace tk
