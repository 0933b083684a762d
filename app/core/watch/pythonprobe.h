#pragma once

#include <QHash>
#include <QObject>
#include <QString>

class QProcess;

namespace tk {

// Asks Pythons which version they are and which torch they have, without importing torch (its
// package metadata answers in a few milliseconds; importing it takes seconds). Each answer
// comes as a signal, on the thread that asked; a Python that does not answer within
// kTimeoutMs, or cannot start, is said to be unusable.
class PythonProbe : public QObject
{
    Q_OBJECT

public:
    static constexpr int kTimeoutMs = 10000;
    explicit PythonProbe(QObject *parent = nullptr);
    ~PythonProbe() override;

    void probe(const QString &python);

    struct Answer
    {
        bool ok = false; // it ran and answered
        QString python; // "3.11.2"
        QString torch; // "2.3.1+cu121"; empty: no torch in that environment
        QString error; // why not, when !ok
    };
    // The last line pair a Python printed for the probe, read: what probe() reports.
    static Answer read(const QByteArray &output);

Q_SIGNALS:
    void answered(const QString &python, const tk::PythonProbe::Answer &answer);

private:
    QHash<QProcess *, QString> m_running;
};

} // namespace tk

Q_DECLARE_METATYPE(tk::PythonProbe::Answer)
