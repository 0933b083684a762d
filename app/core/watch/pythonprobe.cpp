#include "core/watch/pythonprobe.h"

#include <QProcess>
#include <QTimer>

namespace tk {

namespace {
// -I: isolated, so that a script folder's own files (a torch.py there) are not what answers.
const char *const kProbe = "import sys\n"
                           "try:\n"
                           "    from importlib.metadata import version\n"
                           "    t = version('torch')\n"
                           "except Exception:\n"
                           "    t = ''\n"
                           "print('tk-probe', sys.version.split()[0], t)\n";
} // namespace

PythonProbe::PythonProbe(QObject *parent) : QObject(parent) { }

PythonProbe::~PythonProbe()
{
    for (QProcess *p : m_running.keys()) {
        p->disconnect(this);
        p->kill();
        p->waitForFinished(1000);
        delete p;
    }
}

PythonProbe::Answer PythonProbe::read(const QByteArray &output)
{
    Answer a;
    for (const QByteArray &line : output.split('\n')) {
        const QList<QByteArray> parts = line.trimmed().split(' ');
        if (parts.size() < 2 || parts.first() != "tk-probe")
            continue;
        a.ok = true;
        a.python = QString::fromUtf8(parts.at(1)).left(32);
        a.torch = parts.size() > 2 ? QString::fromUtf8(parts.at(2)).left(64) : QString();
    }
    if (!a.ok)
        a.error = tr("it did not answer as a Python does");
    return a;
}

void PythonProbe::probe(const QString &python)
{
    auto *p = new QProcess;
    m_running.insert(p, python);
    p->setProcessChannelMode(QProcess::MergedChannels);
    auto done = [this, p](const Answer &answer) {
        const QString python = m_running.take(p);
        p->disconnect(this);
        p->deleteLater();
        Q_EMIT answered(python, answer);
    };
    connect(p, &QProcess::finished, this, [p, done] { done(read(p->readAll().left(4096))); });
    connect(p, &QProcess::errorOccurred, this, [p, done](QProcess::ProcessError e) {
        if (e != QProcess::FailedToStart && e != QProcess::Timedout)
            return; // a crash still ends in finished()
        Answer a;
        a.error = p->errorString();
        done(a);
    });
    QTimer::singleShot(kTimeoutMs, p, [p] {
        if (p->state() != QProcess::NotRunning)
            p->kill(); // finished() follows, with no answer in its output
    });
    p->start(python, {QStringLiteral("-I"), QStringLiteral("-c"), QString::fromLatin1(kProbe)});
}

} // namespace tk
