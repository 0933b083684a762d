#pragma once

#include <QList>
#include <QString>
#include <QWidget>

class QSplitter;

namespace tk {

class ProgramKitchen;

// The ranks of one job (torchrun, or any launcher whose ranks share a group) in one tab, side
// by side in rank order: each rank's kitchen keeps its own cards, moves, memory and step bars.
class JobKitchen : public QWidget
{
    Q_OBJECT

public:
    explicit JobKitchen(const QString &group, QWidget *parent = nullptr);

    QString group() const { return m_group; }
    // Takes `kitchen` (a rank of this job) into the row, at its rank's place.
    void addRank(ProgramKitchen *kitchen);
    QList<ProgramKitchen *> ranks() const;
    // "train.py · job of 2 ranks (ranks 0, 1)" until every rank has come.
    QString title() const;

Q_SIGNALS:
    void titleChanged(const QString &title);

private:
    QString m_group;
    QSplitter *m_row = nullptr;
};

} // namespace tk
