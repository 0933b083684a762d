#pragma once

#include "core/races/replicastep.h"

#include <QMap>
#include <QWidget>

class QHBoxLayout;
class QLabel;

namespace tk {

// Under the race's charts while a DDP lane exists: one small box per rank ("rank 0 · cpu ·
// pid 4242 · 1 thread", its median step and all-reduce), a row per DDP lane, and a line that
// says when the ranks' threads outnumber the cores, so they share them.
class ReplicaStrip : public QWidget
{
    Q_OBJECT

public:
    explicit ReplicaStrip(QWidget *parent = nullptr);

    // A new race: these DDP lanes (index in the race, label), waiting for their ranks.
    void reset(const QList<QPair<int, QString>> &lanes);
    void setSummary(const ReplicaSummary &summary); // TrainingRace::replicasChanged
    int rankCount(int lane) const;
    QStringList rankTexts(int lane) const; // what the boxes say, by rank
    QString noteText() const;

private:
    struct Row
    {
        QString label;
        QLabel *title = nullptr;
        QHBoxLayout *boxes = nullptr;
        QList<QLabel *> ranks;
    };
    void rebuildNote();

    QMap<int, Row> m_rows; // by lane
    QMap<int, ReplicaSummary> m_summaries;
    QWidget *m_rowsWidget = nullptr;
    QLabel *m_note = nullptr;
};

} // namespace tk
