#include "core/watch/watchreplay.h"

#include "core/watch/watchedprogram.h"

#include <QFileInfo>
#include <QLocale>

namespace tk {

WatchReplay::WatchReplay(QObject *parent) : QObject(parent)
{
    m_timer.setSingleShot(true);
    connect(&m_timer, &QTimer::timeout, this, &WatchReplay::tick);
}

bool WatchReplay::open(const QString &path)
{
    stop();
    m_file.close();
    m_error.clear();
    delete m_program;
    m_program = new WatchedProgram(this);
    m_reader = WatchLineReader();
    m_queue.clear();
    m_next = 0;
    m_parsed.reset();
    m_bytesRead = 0;
    m_eof = false;
    m_started = false;
    m_position = m_originPos = m_originWall = m_playedBefore = 0;
    const QFileInfo info(path);
    if (!info.exists()) {
        m_error = tr("There is no file %1.").arg(info.fileName());
        return false;
    }
    if (!info.isFile()) {
        m_error = tr("%1 is not a recording: it is not a file.").arg(info.fileName());
        return false;
    }
    m_file.setFileName(path);
    if (!m_file.open(QIODevice::ReadOnly)) {
        m_error = tr("Cannot read %1: %2").arg(info.fileName(), m_file.errorString());
        return false;
    }
    m_size = m_file.size();
    return true;
}

void WatchReplay::setSpeed(double factor)
{
    if (!(factor >= 0))
        factor = 1;
    const double now = wallNow();
    if (m_speed > 0)
        m_originPos += (now - m_originWall) * m_speed;
    m_originWall = now;
    m_speed = factor;
    if (m_playing && !m_paused) {
        m_timer.stop();
        scheduleIn(0);
    }
}

void WatchReplay::start()
{
    if (!m_file.isOpen() || m_playing)
        return;
    m_playing = true;
    m_paused = false;
    m_clock.start();
    scheduleIn(0);
}

void WatchReplay::pause()
{
    if (!m_playing || m_paused)
        return;
    m_playedBefore += m_clock.elapsed() / 1000.0;
    m_paused = true;
    m_timer.stop();
}

void WatchReplay::resume()
{
    if (!m_playing || !m_paused)
        return;
    m_paused = false;
    m_clock.restart();
    scheduleIn(0);
}

void WatchReplay::stop()
{
    if (!m_playing)
        return;
    m_timer.stop();
    m_eof = true;
    m_queue.clear();
    m_next = 0;
    m_parsed.reset();
    end();
}

double WatchReplay::wallNow() const
{
    return m_playedBefore + (m_playing && !m_paused && m_clock.isValid() ? m_clock.elapsed() / 1000.0 : 0);
}

void WatchReplay::scheduleIn(double seconds) { m_timer.start(int(qBound(0.0, seconds * 1000.0, 60000.0))); }

bool WatchReplay::readMore()
{
    if (m_eof)
        return false;
    QList<QByteArray> lines;
    const qint64 want = qMin(kChunkBytes, m_maxBytes - m_bytesRead);
    const QByteArray chunk = want > 0 ? m_file.read(want) : QByteArray();
    if (chunk.isEmpty()) {
        m_eof = true;
        if (want <= 0 && !m_file.atEnd())
            Q_EMIT notice(
                tr("Only the first %1 of the recording were replayed.").arg(QLocale().formattedDataSize(m_maxBytes)));
        else if (m_file.error() != QFileDevice::NoError)
            m_error = tr("Cannot read %1: %2").arg(QFileInfo(m_file).fileName(), m_file.errorString());
        m_reader.finish(&lines); // a last line without '\n'
    } else {
        m_bytesRead += chunk.size();
        m_reader.feed(chunk, &lines);
        Q_EMIT progress(m_bytesRead, m_size);
    }
    m_program->countOversized(m_reader.takeOversized());
    if (m_next > 0) {
        m_queue.remove(0, m_next);
        m_next = 0;
    }
    m_queue.append(lines);
    return !m_queue.isEmpty() || !m_eof;
}

void WatchReplay::tick()
{
    if (!m_playing || m_paused || !m_program)
        return;
    QElapsedTimer turn;
    turn.start();
    for (int done = 0; done < kLinesPerTurn && !turn.hasExpired(kTurnMs); ++done) {
        if (m_next >= m_queue.size() && !readMore()) {
            end();
            return;
        }
        if (m_next >= m_queue.size())
            continue; // a chunk without a whole line
        if (!m_parsed)
            m_parsed = WatchParser::parse(m_queue.at(m_next));
        if (m_parsed->ok()) {
            const double t = m_parsed->message.t;
            if (!m_started) {
                m_started = true;
                m_lastT = t;
            }
            // Time runs forward only; an idle stretch plays as kMaxGap at most.
            const double position = m_position + qBound(0.0, t - m_lastT, kMaxGap);
            if (m_speed > 0) {
                const double due = m_originWall + (position - m_originPos) / m_speed;
                const double wait = due - wallNow();
                if (wait > 0.0005) {
                    scheduleIn(wait);
                    return;
                }
            }
            m_position = position;
            m_lastT = qMax(m_lastT, t);
        }
        // Taken out first: a slot of the program's signals may stop this replay and clear it.
        WatchParser::Result r = std::move(*m_parsed);
        m_parsed.reset();
        ++m_next;
        m_program->receive(std::move(r));
        if (!m_playing || m_paused)
            return; // a slot stopped or paused the replay
        if (m_program->state() == WatchedProgram::State::Refused) {
            m_eof = true; // nothing after a refusal is taken: do not read the rest
            m_queue.clear();
            m_next = 0;
            m_parsed.reset();
            end();
            return;
        }
    }
    scheduleIn(0);
}

void WatchReplay::end()
{
    m_timer.stop();
    m_playing = false;
    if (m_program) {
        m_program->finishInput();
        if (m_error.isEmpty() && m_program->state() == WatchedProgram::State::Refused)
            m_error = m_program->refusal();
    }
    m_file.close();
    if (!m_error.isEmpty())
        Q_EMIT failed(m_error);
    Q_EMIT finished();
}

} // namespace tk
