#include "ui/watch/jobkitchen.h"

#include "core/watch/watchedprogram.h"
#include "ui/watch/programkitchen.h"

#include <QFileInfo>
#include <QSplitter>
#include <QStringList>
#include <QVBoxLayout>

namespace tk {

namespace {

int rankOf(const ProgramKitchen *k) { return k->program() ? k->program()->hello().rank : -1; }

} // namespace

JobKitchen::JobKitchen(const QString &group, QWidget *parent) : QWidget(parent), m_group(group)
{
    m_row = new QSplitter(Qt::Horizontal);
    m_row->setChildrenCollapsible(false);
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(m_row);
}

void JobKitchen::addRank(ProgramKitchen *kitchen)
{
    int at = 0;
    for (ProgramKitchen *k : ranks())
        if (rankOf(k) < rankOf(kitchen))
            ++at;
    m_row->insertWidget(at, kitchen);
    for (int i = 0; i < m_row->count(); ++i)
        m_row->setStretchFactor(i, 1);
    m_row->setSizes(QList<int>(m_row->count(), 1)); // equal shares
    kitchen->show();
    Q_EMIT titleChanged(title());
}

QList<ProgramKitchen *> JobKitchen::ranks() const
{
    QList<ProgramKitchen *> list;
    for (int i = 0; i < m_row->count(); ++i)
        if (auto *k = qobject_cast<ProgramKitchen *>(m_row->widget(i)))
            list << k;
    return list;
}

QString JobKitchen::title() const
{
    const QList<ProgramKitchen *> kitchens = ranks();
    if (kitchens.isEmpty() || !kitchens.first()->program())
        return tr("job");
    const WatchHello &h = kitchens.first()->program()->hello();
    const QString name = h.program.isEmpty() ? tr("program") : QFileInfo(h.program).fileName();
    if (kitchens.size() >= h.worldSize)
        return tr("%1 · job of %n ranks", nullptr, h.worldSize).arg(name);
    QStringList here;
    for (const ProgramKitchen *k : kitchens)
        here << QString::number(rankOf(k));
    return tr("%1 · job of %n ranks (%2 here)", nullptr, h.worldSize).arg(name, here.join(QStringLiteral(", ")));
}

} // namespace tk
