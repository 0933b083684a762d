#include "ui/window/quitsignals.h"

#include <QSocketNotifier>
#include <csignal>
#include <sys/socket.h>
#include <unistd.h>

namespace tk {

namespace {
int g_fds[2] = {-1, -1};
QuitSignals *g_owner = nullptr; // one watcher per process: they share the handlers
constexpr int kSignals[] = {SIGTERM, SIGINT, SIGHUP};
struct sigaction g_previous[3];
bool g_installed[3] = {};

void onSignal(int signal)
{
    const unsigned char byte = static_cast<unsigned char>(signal);
    [[maybe_unused]] const ssize_t n = ::write(g_fds[0], &byte, 1);
}
} // namespace

QuitSignals::QuitSignals(QObject *parent) : QObject(parent)
{
    if (g_owner)
        return; // another watcher already turns the signals into quits
    if (g_fds[0] < 0 && ::socketpair(AF_UNIX, SOCK_STREAM | SOCK_NONBLOCK | SOCK_CLOEXEC, 0, g_fds) != 0)
        return; // no socket: the signals keep their default action
    g_owner = this;
    m_notifier = new QSocketNotifier(g_fds[1], QSocketNotifier::Read, this);
    connect(m_notifier, &QSocketNotifier::activated, this, [this] {
        unsigned char byte = 0;
        while (::read(g_fds[1], &byte, 1) == 1) // non-blocking: several signals, one read each
            Q_EMIT quitRequested(int(byte));
    });
    struct sigaction action = {};
    action.sa_handler = onSignal;
    sigemptyset(&action.sa_mask);
    action.sa_flags = SA_RESTART;
    for (int i = 0; i < 3; ++i) {
        // A signal ignored on purpose stays ignored (`nohup tensor-kitchen &` and SIGHUP).
        struct sigaction current = {};
        sigaction(kSignals[i], nullptr, &current);
        if (current.sa_handler == SIG_IGN)
            continue;
        g_installed[i] = sigaction(kSignals[i], &action, &g_previous[i]) == 0;
    }
}

QuitSignals::~QuitSignals()
{
    if (g_owner != this)
        return;
    for (int i = 0; i < 3; ++i)
        if (g_installed[i])
            sigaction(kSignals[i], &g_previous[i], nullptr); // what was there before
    g_owner = nullptr;
}

} // namespace tk
