// Measures how long the GUI event loop stalls while the kitchen works: a probe timer fires
// every 2 ms and records how late each tick is. Run offscreen (or under Xvfb) by gui-stall.sh.
// With `--recording F.tkwatch` it measures instead the app opening a recording as fast as it
// can be played (the watcher's "as fast as possible"): the seconds until the program's tab has
// it all, the memory that took and the longest stall meanwhile (bench/gui-stall.sh --recording).
#include "ui/kitchen/cardmime.h"
#include "ui/kitchen/devicepane.h"
#include "ui/kitchen/flightoverlay.h"
#include "core/kitchen/kitchenengine.h"
#include "ui/kitchen/kitchenview.h"
#include "ui/kitchen/dragmeaningbox.h"
#include "ui/window/mainwindow.h"
#include "core/watch/watchreplay.h"

#include <QApplication>
#include <QDropEvent>
#include <QElapsedTimer>
#include <QFile>
#include <QJsonDocument>
#include <QJsonObject>
#include <QMimeData>
#include <QTimer>
#include <cstdio>
#include <functional>

using namespace tk;

namespace {

class Probe
{
public:
    Probe()
    {
        m_timer.setInterval(2);
        m_timer.setTimerType(Qt::PreciseTimer);
        QObject::connect(&m_timer, &QTimer::timeout, [this] {
            const qint64 now = m_clock.nsecsElapsed();
            if (m_last > 0 && (now - m_last) / 1e6 - 2.0 > m_worst) {
                m_worst = (now - m_last) / 1e6 - 2.0;
                m_worstAt = now / 1e9;
            }
            m_last = now;
        });
    }
    void start()
    {
        m_worst = 0;
        m_worstAt = 0;
        m_last = 0;
        m_clock.start();
        m_timer.start();
    }
    double worstAt() const { return m_worstAt; } // seconds after start() that it ended
    double stop()
    {
        m_timer.stop();
        return m_worst;
    }

private:
    QTimer m_timer;
    QElapsedTimer m_clock;
    qint64 m_last = 0;
    double m_worst = 0;
    double m_worstAt = 0;
};

void spin(const std::function<bool()> &done, int timeoutMs = 120000)
{
    QElapsedTimer t;
    t.start();
    while (!done() && t.elapsed() < timeoutMs)
        QCoreApplication::processEvents(QEventLoop::AllEvents, 5);
}

void dropOn(QWidget *target, int id, const QString &from)
{
    std::unique_ptr<QMimeData> mime(CardMime::encode(id, from));
    const QPoint pos = target->rect().center();
    QDragEnterEvent enter(pos, Qt::MoveAction, mime.get(), Qt::LeftButton, {});
    QApplication::sendEvent(target, &enter);
    QDropEvent drop(QPointF(pos), Qt::MoveAction, mime.get(), Qt::LeftButton, {});
    QApplication::sendEvent(target, &drop);
}

// A line of /proc/self/status in KiB (VmRSS: now, VmHWM: the peak so far).
qint64 statusKiB(const char *key)
{
    QFile f(QStringLiteral("/proc/self/status"));
    if (!f.open(QIODevice::ReadOnly))
        return -1;
    for (const QByteArray &line : f.readAll().split('\n'))
        if (line.startsWith(key))
            return line.mid(qsizetype(qstrlen(key))).trimmed().split(' ').value(0).toLongLong();
    return -1;
}

int openRecording(MainWindow &w, const QString &path)
{
    spin([] { return false; }, 500);
    Probe probe;
    const qint64 before = statusKiB("VmRSS:");
    QElapsedTimer clock;
    clock.start();
    probe.start();
    w.openFile(path);
    auto *replay = w.findChild<WatchReplay *>();
    if (!replay) {
        std::fprintf(stderr, "%s did not open\n", qPrintable(path));
        return 1;
    }
    bool finished = false;
    QObject::connect(replay, &WatchReplay::finished, [&] { finished = true; });
    replay->setSpeed(0); // as fast as possible
    spin([&] { return finished; }, 600000);
    spin([] { return false; }, 200); // the tab's last repaint
    const double seconds = clock.elapsed() / 1000.0;
    QJsonObject result{{QStringLiteral("recording"), path},
                       {QStringLiteral("recording_bytes"), double(QFile(path).size())},
                       {QStringLiteral("finished"), finished},
                       {QStringLiteral("open_seconds"), seconds},
                       {QStringLiteral("worst_stall_ended_s"), probe.worstAt()},
                       {QStringLiteral("worst_stall_ms"), probe.stop()},
                       {QStringLiteral("rss_before_mib"), before / 1024.0},
                       {QStringLiteral("peak_over_before_mib"), (statusKiB("VmHWM:") - before) / 1024.0},
                       {QStringLiteral("platform"), QGuiApplication::platformName()}};
    std::printf("%s", QJsonDocument(result).toJson().constData());
    return finished ? 0 : 1;
}

} // namespace

int main(int argc, char *argv[])
{
    QApplication app(argc, argv);
    MainWindow w;
    const QStringList args = QCoreApplication::arguments();
    const qsizetype recording = args.indexOf(QStringLiteral("--recording"));
    if (recording > 0 && recording + 1 < args.size()) {
        w.resize(1366, 768); // a laptop's screen
        w.show();
        return openRecording(w, args.at(recording + 1));
    }
    w.resize(1280, 800);
    w.show();
    w.kitchen()->setMetaPaneVisible(true);
    spin([] { return false; }, 300);
    KitchenEngine *engine = w.engine();
    auto idle = [&] { return !engine->busy() && w.overlay()->activeFlights() == 0; };
    Probe probe;
    QJsonObject result;

    // 1. Create a 4096×4096 randn (64 MiB) and move it: x → meta as a copy, then discarded.
    probe.start();
    TensorSpec s;
    s.name = QStringLiteral("big");
    s.shape = {4096, 4096};
    s.factory = TensorSpec::Factory::Randn;
    engine->submit(request::Create{s});
    spin(idle);
    const int big = engine->cards().last().id;
    w.dragMeaning()->setMeaning(TransferMeaning::NewName);
    dropOn(w.kitchen()->pane(QStringLiteral("meta")), big, QStringLiteral("cpu"));
    spin(idle);
    w.dragMeaning()->setMeaning(TransferMeaning::Discard);
    dropOn(w.kitchen()->pane(QStringLiteral("meta")), big, QStringLiteral("cpu"));
    spin(idle);
    result[QStringLiteral("create_and_move_4096_worst_stall_ms")] = probe.stop();

    // 2. Twenty cards in flight at once.
    for (int i = 0; i < 20; ++i) {
        s.name = QStringLiteral("c%1").arg(i);
        s.shape = {64, 64};
        engine->submit(request::Create{s});
    }
    spin(idle);
    w.dragMeaning()->setMeaning(TransferMeaning::Reassign);
    probe.start();
    for (const CardInfo &c : engine->cards())
        if (c.name.startsWith(QLatin1Char('c')) && c.device == QLatin1String("cpu"))
            dropOn(w.kitchen()->pane(QStringLiteral("meta")), c.id, QStringLiteral("cpu"));
    spin([&] { return !engine->busy(); });
    int peakFlights = w.overlay()->activeFlights();
    spin(idle);
    result[QStringLiteral("animate_20_cards_worst_stall_ms")] = probe.stop();
    result[QStringLiteral("flights_seen_at_once")] = peakFlights;
    result[QStringLiteral("platform")] = QGuiApplication::platformName();
    std::printf("%s", QJsonDocument(result).toJson().constData());
    return 0;
}
