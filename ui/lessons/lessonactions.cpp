#include "ui/lessons/lessonactions.h"

#include "ui/devices/devicedetailsdialog.h"
#include "ui/kitchen/cardactions.h"
#include "core/kitchen/kitchenengine.h"
#include "ui/kitchen/kitchenview.h"
#include "ui/races/matmulracepanel.h"
#include "ui/races/trainingracepanel.h"
#include "ui/watch/watchcontroller.h"
#include "core/watch/watcherpackage.h"

#include <QDir>
#include <QFile>
#include <QSettings>

#include <QTabWidget>
#include <functional>

namespace tk {

LessonActions::LessonActions(KitchenEngine *engine, KitchenView *view, CardActions *cards, QTabWidget *tabs,
                             MatmulRacePanel *matmulRace, TrainingRacePanel *trainingRace, QObject *parent)
    : QObject(parent), m_engine(engine), m_view(view), m_cards(cards), m_tabs(tabs), m_matmulRace(matmulRace),
      m_trainingRace(trainingRace)
{ }

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
        m_engine->submit(request::Create{s}, m_cards->showingErrors([next](const Outcome &o) { next(o.cardId); }));
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
    } else if (id.startsWith(QLatin1String("10"))) {
        // device_count() and get_device_name(i) for every GPU: Help → Device check.
        auto *dlg = new DeviceDetailsDialog(m_tabs->window());
        dlg->setAttribute(Qt::WA_DeleteOnClose);
        dlg->open();
    } else if (id.startsWith(QLatin1String("11"))) {
        // x.cpu().numpy(): to the first GPU and back when there is one, then the values.
        withX([this](int x) {
            if (!m_view->moveTargets().contains(QStringLiteral("cuda:0"))) {
                Q_EMIT statusMessage(tr("No GPU here: x is on the CPU already, so x.cpu() returns x itself "
                                        "and x.cpu().numpy() shares its memory."));
                m_cards->showValues(x);
                return;
            }
            moveThen(x, QStringLiteral("cuda:0"), [this](int onGpu) {
                moveThen(onGpu, QStringLiteral("cpu"), [this](int back) { m_cards->showValues(back); });
            });
        });
    } else if (id.startsWith(QLatin1String("12"))) {
        // The whole dataset on the device up front; per batch is one choice away.
        m_tabs->setCurrentWidget(m_trainingRace);
        m_trainingRace->choosePlacement(TrainPlacement::Preload);
        Q_EMIT statusMessage(tr("Data: preloaded on the device. Press Train, then choose per batch under "
                                "Data and train again to compare the samples/s."),
                             20000);
    } else if (id.startsWith(QLatin1String("13"))) {
        // One process beside two DDP ranks, from the same seed, with the same global batch.
        TrainLane ddp;
        ddp.kind = TrainingLanes::kDdp;
        ddp.ranks = 2;
        m_tabs->setCurrentWidget(m_trainingRace);
        m_trainingRace->choosePlacement(TrainPlacement::PerBatch);
        m_trainingRace->chooseLanes({TrainLane{}, ddp});
        Q_EMIT statusMessage(tr("Lanes: the CPU and DistributedDataParallel × 2. Press Train and compare "
                                "the losses and the samples/s, then press Sweep ranks."),
                             20000);
    } else if (id.startsWith(QLatin1String("14"))) {
        // A loop with a starved DataLoader and a read-back in every step, watched: its tab opens
        // when it says hello, and the findings come beside its chart.
        const QString script = whySlowExample();
        if (script.isEmpty() || !m_watch)
            Q_EMIT statusMessage(tr("The example program (examples/why_slow.py) is not installed beside this app."),
                                 15000);
        else // the Python the user chose for File → Run a script and watch…, else the build's
            m_watch->runScript(QSettings().value(QStringLiteral("watch/python"), WatcherPackage::python()).toString(),
                               script);
    }
}

QString LessonActions::whySlowExample()
{
    const QString package = WatcherPackage::dir();
    const QString script
        = package.isEmpty() ? QString() : QDir(package).filePath(QStringLiteral("examples/why_slow.py"));
    return !script.isEmpty() && QFile::exists(script) ? script : QString();
}

void LessonActions::moveThen(int id, const QString &device, std::function<void(int)> next)
{
    m_cards->requestTransfer(id, device, TransferMeaning::Reassign, [next](const Outcome &o) { next(o.cardId); });
}

} // namespace tk
