#include "core/races/replicarun.h"
#include "core/races/statistics.h"

#include "core/devices/deviceregistry.h"
#include "core/races/lanes/replicalane.h"
#include "core/races/lanes/traininglanes.h"
#include "core/watch/watchedprogram.h"
#include "core/watch/watcherpackage.h"
#include "core/watch/watchserver.h"

#include <QDir>
#include <QElapsedTimer>
#include <QEventLoop>
#include <QFile>
#include <QHash>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QMap>
#include <QPointer>
#include <QProcess>
#include <QProcessEnvironment>
#include <QTemporaryDir>
#include <QTimer>

#include <algorithm>
#include <csignal>
#include <sys/types.h>

namespace tk {

namespace {

// N Python processes each importing torch on a machine of two cores take seconds each.
constexpr int kConnectTimeoutMs = 120000;
// Steps that stop coming for longer than a collective may wait, and a margin: something hangs.
constexpr int kStallMs = ReplicaRun::kCollectiveTimeoutS * 1000 + 30000;
// The launcher stops its ranks within about 2 s of SIGTERM (terminate, then kill).
constexpr int kTermGraceMs = 6000;
// After the launcher exits, what the ranks sent last may still be unread on their sockets.
constexpr int kDrainMs = 3000;

// A spawned rank (torch.multiprocessing) still alive after its launcher was killed: its
// command line names multiprocessing, so a pid reused by something else is left alone.
void killLeftoverRank(qint64 pid)
{
    if (pid <= 0)
        return;
    QFile cmdline(QStringLiteral("/proc/%1/cmdline").arg(pid));
    if (!cmdline.open(QIODevice::ReadOnly))
        return;
    if (cmdline.readAll().contains("multiprocessing"))
        ::kill(pid_t(pid), SIGKILL);
}

// The launcher's one line on failure: "tensorkitchen.replicas: rank 1 died at step 30 (…)".
QString launcherMessage(const QByteArray &stderrText, int exitCode)
{
    const QList<QByteArray> lines = stderrText.split('\n');
    QString last;
    for (auto it = lines.crbegin(); it != lines.crend(); ++it) {
        const QString line = QString::fromUtf8(*it).trimmed();
        if (line.isEmpty())
            continue;
        if (last.isEmpty())
            last = line;
        const QString prefix = QStringLiteral("tensorkitchen.replicas: ");
        if (line.startsWith(prefix))
            return line.mid(prefix.size());
    }
    return last.isEmpty() ? ReplicaRun::tr("it exited with code %1 and said nothing").arg(exitCode) : last.left(500);
}

// The launcher's --json: the last line of stdout that is a JSON object.
QJsonObject launcherJson(const QByteArray &stdoutText)
{
    const QList<QByteArray> lines = stdoutText.trimmed().split('\n');
    for (auto it = lines.crbegin(); it != lines.crend(); ++it) {
        const QJsonDocument doc = QJsonDocument::fromJson(it->trimmed());
        if (doc.isObject())
            return doc.object();
    }
    return {};
}

double at(const QJsonArray &a, qsizetype i) { return i < a.size() ? a.at(i).toDouble() : 0; }

// Step `index` (0-based) of the launcher's --json, for a step whose stream messages were lost
// (the ranks' send queues are bounded and drop rather than slow training).
ReplicaStep stepFromJson(const QJsonObject &json, int index, int ranks)
{
    ReplicaStep s;
    s.step = index + 1;
    s.loss = at(json.value(QLatin1String("losses")).toArray(), index);
    s.stepSeconds = at(json.value(QLatin1String("step_s")).toArray(), index);
    s.allreduceSeconds = at(json.value(QLatin1String("allreduce_s")).toArray(), index);
    s.allreduceBytes = qint64(json.value(QLatin1String("allreduce_bytes")).toDouble());
    const QJsonArray step = json.value(QLatin1String("rank_step_s")).toArray();
    const QJsonArray forward = json.value(QLatin1String("rank_forward_s")).toArray();
    const QJsonArray backward = json.value(QLatin1String("rank_backward_s")).toArray();
    const QJsonArray allreduce = json.value(QLatin1String("rank_allreduce_s")).toArray();
    for (int r = 0; r < ranks; ++r) {
        RankStep rs;
        rs.rank = r;
        rs.seconds = at(step.at(r).toArray(), index);
        rs.forwardSeconds = at(forward.at(r).toArray(), index);
        rs.backwardSeconds = at(backward.at(r).toArray(), index);
        rs.allreduceSeconds = at(allreduce.at(r).toArray(), index);
        rs.loss = s.loss; // the launcher keeps only the global loss
        s.ranks << rs;
    }
    return s;
}

QStringList launcherArguments(const TrainConfig &c, const TrainLane &lane, const ReplicaLane &kind,
                              const QString &socket)
{
    QStringList args{QStringLiteral("-m"), QStringLiteral("tensorkitchen.replicas"), QStringLiteral("--json"),
                     QStringLiteral("--socket"), socket};
    const auto add = [&args](const char *name, const QString &value) { args << QString::fromLatin1(name) << value; };
    add("--ranks", QString::number(kind.processes(lane)));
    add("--device", lane.device.startsWith(QLatin1String("cuda")) ? QStringLiteral("cuda") : QStringLiteral("cpu"));
    add("--parallel", kind.launcherParallel());
    add("--width", QString::number(c.width));
    add("--depth", QString::number(c.depth));
    add("--batch", QString::number(c.batch));
    add("--steps", QString::number(c.steps));
    add("--seed", QString::number(c.seed));
    add("--lr", QString::number(c.lr, 'g', 17));
    add("--optimizer", c.optimizer);
    add("--points", QString::number(c.points));
    add("--timeout", QString::number(ReplicaRun::kCollectiveTimeoutS));
    if (lane.threads > 0)
        add("--threads", QString::number(lane.threads));
    if (lane.port > 0)
        add("--port", QString::number(lane.port));
    if (c.gridEvery > 0 && c.gridSize > 1)
        add("--grid", QString::number(c.gridSize));
    return args;
}

// The launcher's picture of what the model learned, if it is one: gridSize² probabilities.
QVector<float> decisionFromJson(const QJsonObject &json, int gridSize)
{
    const QJsonArray values = json.value(QLatin1String("decision")).toArray();
    if (gridSize < 2 || values.size() != qsizetype(gridSize) * gridSize)
        return {};
    QVector<float> out;
    out.reserve(values.size());
    for (const QJsonValue &v : values) {
        const double p = v.toDouble(-1);
        if (!(p >= 0 && p <= 1)) // also NaN and anything that is not a number
            return {};
        out << float(p);
    }
    return out;
}

} // namespace

QString ReplicaRun::pythonExecutable() { return WatcherPackage::python(); }

QString ReplicaRun::packageDir() { return WatcherPackage::dir(); }

int ReplicaRun::maxRanks(const QString &device)
{
    if (!device.startsWith(QLatin1String("cuda")))
        return 8;
    int gpus = 0;
    for (const DeviceInfo &d : DeviceRegistry::devices())
        gpus += d.isCuda() ? 1 : 0;
    return gpus;
}

ReplicaSummary ReplicaRun::summarize(int lane, const QList<ReplicaInfo> &ranks, const QList<ReplicaStep> &steps,
                                     const QString &notice)
{
    ReplicaSummary s;
    s.lane = lane;
    s.ranks = ranks;
    s.backend = ranks.isEmpty() ? QString() : ranks.first().backend;
    s.notice = notice;
    const int n = int(ranks.size());
    QVector<QVector<double>> step(n), forward(n), backward(n), allreduce(n);
    QVector<double> all;
    for (const ReplicaStep &st : steps) {
        all << st.allreduceSeconds;
        s.allreduceBytes = std::max(s.allreduceBytes, st.allreduceBytes);
        for (const RankStep &r : st.ranks) {
            if (r.rank < 0 || r.rank >= n)
                continue;
            step[r.rank] << r.seconds;
            forward[r.rank] << r.forwardSeconds;
            backward[r.rank] << r.backwardSeconds;
            allreduce[r.rank] << r.allreduceSeconds;
        }
    }
    for (int r = 0; r < n; ++r) {
        s.rankStepMedian << median(step.at(r));
        s.rankForwardMedian << median(forward.at(r));
        s.rankBackwardMedian << median(backward.at(r));
        s.rankAllreduceMedian << median(allreduce.at(r));
    }
    s.allreduceMedian = median(all);
    return s;
}

bool ReplicaRun::run(const TrainConfig &config, const TrainLane &lane, const Callbacks &cb,
                     const std::atomic<bool> *cancel, ReplicaSummary *summary, QString *error)
{
    const auto fail = [error](const QString &why) {
        if (error)
            *error = why;
        return false;
    };
    const auto *kind = dynamic_cast<const ReplicaLane *>(TrainingLanes::find(lane.kind));
    if (!kind)
        return fail(tr("The lane “%1” is not trained by Python processes.").arg(lane.label()));
    const QString problem = kind->check(config, lane);
    if (!problem.isEmpty())
        return fail(problem);
    const QString package = packageDir();
    const int n = kind->processes(lane); // nn.DataParallel and the Python lane: one process, one stream

    // A socket only this user can reach, used by this run alone (not the app's watch socket).
    QTemporaryDir folder(QDir::tempPath() + QStringLiteral("/tk-ddp-XXXXXX"));
    if (!folder.isValid())
        return fail(tr("Could not make a folder for the ranks' socket: %1").arg(folder.errorString()));
    QFile::setPermissions(folder.path(), QFile::ReadOwner | QFile::WriteOwner | QFile::ExeOwner);
    const QString socket = folder.filePath(QStringLiteral("ranks.sock"));

    QMap<int, ReplicaInfo> infos; // by rank, as they said hello
    QList<QPointer<WatchedProgram>> programs;
    QMap<qint64, QMap<int, RankStep>> pending; // step n → the ranks that sent it
    QHash<qint64, qint64> bytes; // step n → all-reduced bytes per rank
    QList<ReplicaStep> combined;
    QString notice;
    QElapsedTimer sinceStart, sinceProgress, sinceStop, sinceExit;
    sinceStart.start();
    sinceProgress.start();
    QString stopReason; // set once: why the run is being stopped
    bool stopping = false, exited = false;

    QProcess launcher;
    // After the state its handlers use: destroyed first, so a stream closing on the way out
    // reaches nothing that is gone.
    WatchServer server;
    if (!server.listen(socket))
        return fail(tr("Could not listen for the ranks at %1: %2").arg(socket, server.errorString()));
    const auto stop = [&](const QString &why) {
        if (stopping)
            return;
        stopping = true;
        stopReason = why;
        sinceStop.start();
        launcher.terminate(); // SIGTERM: the launcher stops its ranks and exits 143
    };

    const auto combine = [&] {
        for (;;) {
            const qint64 next = combined.size() + 1;
            const auto it = pending.constFind(next);
            if (it == pending.constEnd() || it->size() < n)
                return;
            ReplicaStep s;
            s.step = int(next);
            for (const RankStep &r : *it) { // QMap: by rank
                s.ranks << r;
                s.loss += r.loss;
                s.stepSeconds = std::max(s.stepSeconds, r.seconds);
                s.allreduceSeconds += r.allreduceSeconds;
            }
            s.loss /= n;
            s.allreduceSeconds /= n;
            s.allreduceBytes = bytes.value(next);
            pending.remove(next);
            combined << s;
            sinceProgress.restart();
            if (cb.step)
                cb.step(s);
        }
    };

    QObject::connect(&server, &WatchServer::programConnected, &server, [&](WatchedProgram *p) {
        const WatchHello &h = p->hello();
        if (h.rank < 0 || h.rank >= n || h.worldSize != n || infos.contains(h.rank))
            return; // not one of this run's ranks: ignored
        const int rank = h.rank;
        infos.insert(rank, ReplicaInfo{rank, h.worldSize, h.pid, h.device, h.backend, h.threads});
        programs << p;
        QObject::connect(p, &WatchedProgram::stepArrived, &server, [&, rank](const WatchStep &w) {
            if (w.rank != rank || w.n <= combined.size())
                return;
            RankStep r;
            r.rank = rank;
            r.seconds = w.seconds;
            r.forwardSeconds = w.forwardSeconds;
            r.backwardSeconds = w.backwardSeconds;
            r.allreduceSeconds = w.allreduceSeconds;
            r.optimizerSeconds = w.optimizerSeconds;
            r.loss = w.loss;
            r.samples = int(w.samples);
            pending[w.n].insert(rank, r);
            bytes[w.n] = std::max(bytes.value(w.n), w.allreduceBytes);
            combine();
        });
        QObject::connect(p, &WatchedProgram::noticeArrived, &server, [&](const QString &text) {
            if (notice.isEmpty()) {
                notice = text;
                if (cb.notice)
                    cb.notice(text);
            }
        });
        if (infos.size() == n) {
            sinceProgress.restart();
            if (cb.ranksReady)
                cb.ranksReady(infos.values());
        }
    });

    QEventLoop loop;
    QObject::connect(&launcher, &QProcess::finished, &loop, [&] {
        exited = true;
        sinceExit.start();
    });
    QObject::connect(&launcher, &QProcess::errorOccurred, &loop, [&](QProcess::ProcessError e) {
        if (e == QProcess::FailedToStart) {
            exited = true;
            sinceExit.start();
        }
    });

    const QProcessEnvironment env = WatcherPackage::environment(package);
    launcher.setProcessEnvironment(env);
    launcher.setProgram(pythonExecutable());
    launcher.setArguments(launcherArguments(config, lane, *kind, socket));
    launcher.start();

    QTimer tick;
    tick.setInterval(50);
    QObject::connect(&tick, &QTimer::timeout, &loop, [&] {
        if (exited) {
            // Done once every rank's stream has ended (its last steps read), or after a bound.
            const bool drained = std::all_of(programs.cbegin(), programs.cend(),
                                             [](const QPointer<WatchedProgram> &p) { return !p || !p->isRunning(); });
            if (drained || sinceExit.elapsed() > kDrainMs)
                loop.quit();
            return;
        }
        if (stopping) {
            if (sinceStop.elapsed() > kTermGraceMs && launcher.state() != QProcess::NotRunning) {
                launcher.kill();
                for (const ReplicaInfo &r : std::as_const(infos))
                    killLeftoverRank(r.pid);
            }
            return;
        }
        if (cancel && cancel->load())
            stop(tr("Cancelled."));
        else if (infos.size() < n && sinceStart.elapsed() > kConnectTimeoutMs)
            stop(tr("Only %1 of %2 ranks connected within %3 s.")
                     .arg(infos.size())
                     .arg(n)
                     .arg(kConnectTimeoutMs / 1000));
        else if (infos.size() == n && sinceProgress.elapsed() > kStallMs)
            stop(tr("No step came from the ranks for %1 s.").arg(kStallMs / 1000));
    });
    tick.start();
    loop.exec();
    tick.stop();
    if (launcher.state() != QProcess::NotRunning) { // never: the loop ends after the exit
        launcher.kill();
        launcher.waitForFinished(2000);
    }
    for (const ReplicaInfo &r : std::as_const(infos)) // a rank its launcher could not stop
        killLeftoverRank(r.pid);

    const QList<ReplicaInfo> ranks = infos.values();
    const QString label = lane.label();
    if (launcher.error() == QProcess::FailedToStart)
        return fail(tr("%1: could not start %2: %3").arg(label, pythonExecutable(), launcher.errorString()));
    if (stopping && !stopReason.isEmpty()) {
        if (summary)
            *summary = summarize(0, ranks, combined, notice);
        return fail(stopReason == tr("Cancelled.") ? stopReason : tr("%1: %2").arg(label, stopReason));
    }
    const QByteArray err = launcher.readAllStandardError();
    if (launcher.exitStatus() != QProcess::NormalExit || launcher.exitCode() != 0)
        return fail(tr("%1 failed: %2").arg(label, launcherMessage(err, launcher.exitCode())));

    // Steps whose messages were dropped on the way are taken from the launcher's own figures.
    const QJsonObject json = launcherJson(launcher.readAllStandardOutput());
    const int reported = int(json.value(QLatin1String("losses")).toArray().size());
    for (int i = int(combined.size()); i < reported && i < config.steps; ++i) {
        combined << stepFromJson(json, i, n);
        if (cb.step)
            cb.step(combined.last());
    }
    if (summary) {
        *summary = summarize(0, ranks, combined, notice);
        summary->torchVersion = json.value(QLatin1String("torch")).toString();
        summary->optimizerImplementation = json.value(QLatin1String("optimizer_impl")).toString();
        summary->decision = decisionFromJson(json, config.gridSize);
    }
    if (combined.size() < config.steps)
        return fail(
            tr("%1: only %2 of %3 steps came back from the ranks.").arg(label).arg(combined.size()).arg(config.steps));
    return true;
}

} // namespace tk
