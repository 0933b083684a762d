#include "core/races/lanes/matmulpythonlane.h"

#include "core/devices/deviceregistry.h"
#include "core/races/matmulbench.h"
#include "core/watch/watcherpackage.h"

#include <QElapsedTimer>
#include <QJsonDocument>
#include <QJsonObject>
#include <cmath>

namespace tk {

namespace {

constexpr qint64 kMaxLineBytes = 64 * 1024; // a reply is a few hundred bytes
constexpr int kPollMs = 50;

bool finiteNonNegative(const QJsonValue &v) { return v.isDouble() && std::isfinite(v.toDouble()) && v.toDouble() >= 0; }

} // namespace

MatmulPythonLane::MatmulPythonLane() = default;

MatmulPythonLane::~MatmulPythonLane() { stop(); }

void MatmulPythonLane::stop(bool now)
{
    if (!m_process)
        return;
    if (m_process->state() != QProcess::NotRunning) {
        m_process->closeWriteChannel(); // the end of its requests: it exits by itself
        if (now || !m_process->waitForFinished(1000)) {
            m_process->kill();
            m_process->waitForFinished(2000);
        }
    }
    m_process.reset();
}

bool MatmulPythonLane::start(const MatmulLane &lane, const std::atomic<bool> *cancel, QString *error)
{
    stop();
    m_lane = lane;
    const QString package = WatcherPackage::dir();
    if (package.isEmpty()) {
        *error = tr("The Python lane needs the tensorkitchen package, which is not installed "
                    "beside the app.");
        return false;
    }
    m_process = std::make_unique<QProcess>();
    // The C++ lane's threads (0: every core, as DeviceRegistry::applyThreads gives them). PyTorch
    // on a generic BLAS does not hand its count to OpenBLAS, which reads this once at load: the
    // lane's threads are the BLAS's too, as the C++ lane sets them.
    const int threads = lane.threads > 0 ? lane.threads : DeviceRegistry::hardwareThreads();
    QProcessEnvironment env = WatcherPackage::environment(package);
    env.insert(QStringLiteral("OPENBLAS_NUM_THREADS"), QString::number(threads));
    m_process->setProcessEnvironment(env);
    m_process->setProgram(WatcherPackage::python());
    m_process->setArguments({QStringLiteral("-m"), QStringLiteral("tensorkitchen._matmul_lane"),
                             QStringLiteral("--threads"), QString::number(threads)});
    m_process->start();
    if (!m_process->waitForStarted(10000)) {
        *error = tr("%1: could not start %2: %3").arg(lane.label(), WatcherPackage::python(), m_process->errorString());
        m_process.reset();
        return false;
    }
    QByteArray line;
    switch (readLine(&line, cancel, kStartTimeoutMs)) {
    case Read::Cancelled:
        error->clear();
        stop(true);
        return false;
    case Read::Ended:
        *error = tr("%1: %2").arg(lane.label(), endedMessage());
        stop();
        return false;
    case Read::Line:
        break;
    }
    const QJsonObject hello = QJsonDocument::fromJson(line).object();
    if (hello.value(QLatin1String("hello")).toInt() != 1) {
        *error = tr("%1: the Python lane did not answer as expected (%2).")
                     .arg(lane.label(), QString::fromUtf8(line.left(200)).trimmed());
        stop();
        return false;
    }
    m_torch = hello.value(QLatin1String("torch")).toString().left(64);
    m_pid = qint64(hello.value(QLatin1String("pid")).toDouble());
    return true;
}

MatmulPythonLane::Read MatmulPythonLane::readLine(QByteArray *line, const std::atomic<bool> *cancel, int timeoutMs)
{
    QElapsedTimer clock;
    clock.start();
    for (;;) {
        if (m_process->canReadLine()) {
            *line = m_process->readLine(kMaxLineBytes);
            if (!line->endsWith('\n')) // longer than any reply: not our lane talking
                return Read::Ended;
            return Read::Line;
        }
        if (m_process->bytesAvailable() > kMaxLineBytes)
            return Read::Ended;
        if (cancel && cancel->load())
            return Read::Cancelled;
        if (m_process->state() == QProcess::NotRunning)
            return Read::Ended;
        if (timeoutMs >= 0 && clock.elapsed() > timeoutMs)
            return Read::Ended;
        m_process->waitForReadyRead(kPollMs);
    }
}

QString MatmulPythonLane::endedMessage()
{
    if (m_process->state() != QProcess::NotRunning) {
        m_process->kill();
        m_process->waitForFinished(2000);
        return tr("the Python lane stopped answering.");
    }
    // Python's last line says why ("ModuleNotFoundError: No module named 'torch'").
    const QList<QByteArray> lines = m_process->readAllStandardError().trimmed().split('\n');
    const QString last = QString::fromUtf8(lines.last()).trimmed().left(300);
    return last.isEmpty() ? tr("Python exited with code %1.").arg(m_process->exitCode())
                          : tr("Python exited with code %1: %2").arg(m_process->exitCode()).arg(last);
}

std::optional<MatmulResult> MatmulPythonLane::resultFromReply(const QByteArray &line, int n, QString *error,
                                                              double *cpuSeconds)
{
    QJsonParseError pe;
    const QJsonObject o = QJsonDocument::fromJson(line, &pe).object();
    if (pe.error != QJsonParseError::NoError || o.isEmpty()) {
        *error = tr("the Python lane sent a line that is not a reply.");
        return std::nullopt;
    }
    if (o.contains(QLatin1String("error"))) {
        *error = tr("Python said: %1").arg(o.value(QLatin1String("error")).toString().left(500));
        return std::nullopt;
    }
    for (const char *key : {"median_s", "iqr_s", "cold_s", "cpu_s", "number_per_run", "blocks", "threads"}) {
        if (!finiteNonNegative(o.value(QLatin1String(key)))) {
            *error = tr("the Python lane's reply has no valid “%1”.").arg(QLatin1String(key));
            return std::nullopt;
        }
    }
    if (o.value(QLatin1String("n")).toInt(-1) != n) {
        *error = tr("the Python lane answered for another point.");
        return std::nullopt;
    }
    if (!(o.value(QLatin1String("median_s")).toDouble() > 0)) {
        *error = tr("the Python lane measured no time.");
        return std::nullopt;
    }
    MatmulResult r;
    r.engine = MatmulEngine::Python;
    r.n = n;
    r.medianS = o.value(QLatin1String("median_s")).toDouble();
    r.iqrS = o.value(QLatin1String("iqr_s")).toDouble();
    r.coldS = o.value(QLatin1String("cold_s")).toDouble();
    r.numberPerRun = qint64(o.value(QLatin1String("number_per_run")).toDouble());
    r.blocks = int(o.value(QLatin1String("blocks")).toDouble());
    r.threads = int(o.value(QLatin1String("threads")).toDouble());
    r.gflops = MatmulBench::gflops(n, r.medianS);
    r.noisy = r.iqrS > 0.1 * r.medianS;
    if (cpuSeconds)
        *cpuSeconds = o.value(QLatin1String("cpu_s")).toDouble();
    return r;
}

std::optional<MatmulResult> MatmulPythonLane::runPoint(const MatmulLane &, int laneIndex, int n, const QString &dtype,
                                                       double minRunTime, const std::atomic<bool> *cancel,
                                                       QString *error)
{
    if (!m_process || m_process->state() != QProcess::Running) {
        *error = tr("%1: the Python lane is not running.").arg(m_lane.label());
        return std::nullopt;
    }
    const QJsonObject request{{QStringLiteral("n"), n},
                              {QStringLiteral("device"), m_lane.device},
                              {QStringLiteral("dtype"), dtype},
                              {QStringLiteral("mode"), matmulModeName(m_lane.mode)},
                              {QStringLiteral("min_run_time"), minRunTime}};
    MachineLoad::Probe load;
    m_process->write(QJsonDocument(request).toJson(QJsonDocument::Compact) + '\n');
    QByteArray line;
    // No time limit: one N = 16384 product on two cores takes minutes. Cancel and exit end it.
    switch (readLine(&line, cancel, -1)) {
    case Read::Cancelled:
        error->clear();
        stop(true); // mid-point: the interpreter is killed, not waited for
        return std::nullopt;
    case Read::Ended:
        *error = tr("%1: %2").arg(m_lane.label(), endedMessage());
        return std::nullopt;
    case Read::Line:
        break;
    }
    QString why;
    double childCpuS = 0; // the interpreter's CPU time for this point
    std::optional<MatmulResult> r = resultFromReply(line, n, &why, &childCpuS);
    if (!r) {
        *error = tr("%1: %2").arg(m_lane.label(), why);
        return std::nullopt;
    }
    // The interpreter is this race's own work, not another program's: its CPU time moves from
    // the machine's "other" load to this race's.
    r->load = load.take();
    if (r->load.measured()) {
        const double childCores = childCpuS / r->load.windowS;
        r->load.otherCores = std::max(0.0, r->load.otherCores - childCores);
        r->load.ownCores += childCores;
    }
    r->lane = laneIndex;
    r->device = DeviceRegistry::resolve(m_lane.device);
    r->mode = m_lane.mode;
    r->dtype = dtype;
    return r;
}

} // namespace tk
