#pragma once

#include "core/races/lanes/matmulenginelane.h"

#include <QCoreApplication>
#include <QProcess>
#include <atomic>
#include <memory>
#include <optional>

namespace tk {

// The matmul race's Python lane: one `python -m tensorkitchen._matmul_lane` process per lane,
// asked for one point at a time, which times `a @ b` with torch.utils.benchmark itself (the
// same A, B, sizes and synchronisation as the C++ lane). Used from the thread that runs the race:
// every wait is a bounded poll that also watches the cancel flag; cancel or destruction ends
// the process. What the process writes is checked before it becomes a result.
class MatmulPythonLane : public MatmulEngineLane
{
    Q_DECLARE_TR_FUNCTIONS(MatmulPythonLane)

public:
    static constexpr int kStartTimeoutMs = 120000; // importing torch on a busy 2-core machine

    MatmulPythonLane();
    ~MatmulPythonLane() override;
    MatmulPythonLane(const MatmulPythonLane &) = delete;
    MatmulPythonLane &operator=(const MatmulPythonLane &) = delete;

    // Starts the interpreter for `lane` and waits for its hello. False with *error on failure.
    bool start(const MatmulLane &lane, const std::atomic<bool> *cancel, QString *error) override;
    // One point of the lane it was started for, as MatmulBench::runPoint gives it; nullopt with
    // *error (empty when cancelled).
    std::optional<MatmulResult> runPoint(const MatmulLane &lane, int laneIndex, int n, const QString &dtype,
                                         double minRunTime, const std::atomic<bool> *cancel, QString *error) override;
    QString torchVersion() const override { return m_torch; }
    qint64 pid() const { return m_pid; }

    // A reply line as a result, or nullopt with *error: a message from Python, or what is
    // wrong with the line (not JSON, a missing or impossible figure, another N).
    // *cpuSeconds: the interpreter's CPU time over the point, for the machine's load.
    static std::optional<MatmulResult> resultFromReply(const QByteArray &line, int n, QString *error,
                                                       double *cpuSeconds = nullptr);

private:
    enum class Read { Line, Cancelled, Ended };
    Read readLine(QByteArray *line, const std::atomic<bool> *cancel, int timeoutMs);
    QString endedMessage();
    void stop(bool now = false); // now: kill, do not wait for the point under way

    std::unique_ptr<QProcess> m_process;
    MatmulLane m_lane;
    QString m_torch;
    qint64 m_pid = 0;
};

} // namespace tk
