#pragma once

#include <QObject>

class QSocketNotifier;

namespace tk {

// SIGTERM, SIGINT and SIGHUP (a shutdown, Ctrl+C in the terminal, a closed terminal) as a Qt
// signal, so the window can save and close instead of the process dying mid-work. The handler
// only writes a byte to a socket, the one thing a signal handler may safely do; the notifier
// turns it into quitRequested() on the event loop (Qt's documented pattern). One per process:
// a second one stays silent. Signals the process was started to ignore stay ignored.
class QuitSignals : public QObject
{
    Q_OBJECT

public:
    explicit QuitSignals(QObject *parent = nullptr);
    ~QuitSignals() override; // the handlers from before come back

Q_SIGNALS:
    void quitRequested(int signal);

private:
    QSocketNotifier *m_notifier = nullptr;
};

} // namespace tk
