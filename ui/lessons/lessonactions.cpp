#include "lessons/lessonactions.h"

#include "kitchen/cardactions.h"
#include "kitchen/kitchenengine.h"
#include "kitchen/kitchenview.h"
#include "races/matmulracepanel.h"
#include "races/trainingracepanel.h"

#include <QTabWidget>
#include <functional>

namespace tk {

LessonActions::LessonActions(KitchenEngine *engine, KitchenView *view,
                             CardActions *cards, QTabWidget *tabs, MatmulRacePanel *matmulRace,
                             TrainingRacePanel *trainingRace, QObject *parent)
    : QObject(parent), m_engine(engine), m_view(view), m_cards(cards), m_tabs(tabs),
      m_matmulRace(matmulRace), m_trainingRace(trainingRace)
{
}

int LessonActions::idOfName(const QString &name) const
{
    for (const CardInfo &c : m_engine->cards())
        if (c.name == name)
            return c.id;
    return -1;
}

void LessonActions::tryLesson(const QString &id)
{
    // A lesson works on a tensor called x: make one when there is none, then go on.
    auto withX = [this](std::function<void(int)> next) {
        const int x = idOfName(QStringLiteral("x"));
        if (x >= 0 && m_engine->card(x)->device == QLatin1String("cpu")) {
            next(x);
            return;
        }
        TensorSpec s;
        s.shape = {2, 3};
        s.name = x >= 0 ? QString() : QStringLiteral("x"); // x is taken (on another device): a free name
        m_engine->submit(request::Create{s},
                         m_cards->showingErrors([next](const Outcome &o) { next(o.cardId); }));
    };
    m_tabs->setCurrentIndex(0);
    if (id.startsWith(QLatin1String("01"))) {
        withX([this](int) {
            Q_EMIT statusMessage(tr("x = torch.ones(2, 3) lives on the CPU counter: x.device is cpu."));
        });
    } else if (id.startsWith(QLatin1String("02"))) {
        m_view->setMetaPaneVisible(true);
        withX([this](int x) { m_cards->requestTransfer(x, QStringLiteral("meta"), TransferMeaning::NewName); });
    } else if (id.startsWith(QLatin1String("03"))) {
        m_view->setMetaPaneVisible(true);
        withX([this](int x) { m_cards->requestTransfer(x, QStringLiteral("meta"), TransferMeaning::Discard); });
    } else if (id.startsWith(QLatin1String("04"))) {
        m_cards->forgetToMoveTheModel();
    } else if (id.startsWith(QLatin1String("05"))) {
        m_cards->addModelTrio();
    } else if (id.startsWith(QLatin1String("06"))) {
        m_tabs->setCurrentWidget(m_matmulRace);
        m_matmulRace->startRace(m_matmulRace->settingsFromControls());
    } else if (id.startsWith(QLatin1String("07"))) {
        m_tabs->setCurrentWidget(m_matmulRace);
    } else if (id.startsWith(QLatin1String("08"))) {
        m_tabs->setCurrentWidget(m_trainingRace);
        m_trainingRace->startRace(m_trainingRace->configFromControls(), m_trainingRace->lanesFromControls());
    } else if (id.startsWith(QLatin1String("09"))) {
        // No workers: pressing Train shows the device waiting while each batch is prepared.
        m_tabs->setCurrentWidget(m_trainingRace);
        m_trainingRace->chooseDataLoader(0);
    }
}

} // namespace tk
