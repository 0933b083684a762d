#pragma once

#include "core/watch/watchedprogram.h"
#include "core/watch/watchlinereader.h"
#include "core/watch/watchparser.h"

#include <QElapsedTimer>
#include <QFile>
#include <QObject>
#include <QPointer>
#include <QTimer>
#include <optional>

namespace tk {

// Plays a recording (.tkwatch: the protocol's lines in a file) into a WatchedProgram, at the
// pace its `t` fields say times a speed factor, or as fast as the event loop allows. The file
// is streamed in chunks, never loaded whole; everything runs on a QTimer, nothing sleeps.
class WatchReplay : public QObject
{
    Q_OBJECT

public:
    static constexpr qint64 kDefaultMaxBytes = qint64(4) << 30; // read at most; said when cut
    static constexpr qint64 kChunkBytes = 64 * 1024;
    // Then the event loop gets a turn: after this many lines or this long, whichever comes
    // first (a line may be a window of thousands of steps: a count alone froze the GUI 2 s).
    static constexpr int kLinesPerTurn = 2000;
    static constexpr int kTurnMs = 10;
    static constexpr double kMaxGap = 10.0; // recording seconds: a longer idle stretch plays as this

    explicit WatchReplay(QObject *parent = nullptr);

    // Opens the file and makes a fresh program() for it; false with errorString() when it
    // cannot be read. Nothing plays before start().
    bool open(const QString &path);
    WatchedProgram *program() const { return m_program; } // a child of this replay

    // 1: the recording's own pace; 4: four times faster; 0: as fast as possible.
    void setSpeed(double factor);
    double speed() const { return m_speed; }
    void setMaxBytes(qint64 bytes) { m_maxBytes = bytes; }

    void start();
    void pause();
    void resume();
    void stop(); // stops for good: the program ends here, as if the file ended
    bool isPlaying() const { return m_playing; }
    bool isPaused() const { return m_paused; }
    qint64 bytesRead() const { return m_bytesRead; }
    qint64 fileSize() const { return m_size; }
    QString errorString() const { return m_error; }

Q_SIGNALS:
    void progress(qint64 bytesRead, qint64 fileSize);
    void notice(const QString &text); // e.g. that only the first 4 GiB were read
    void failed(const QString &reason); // unreadable, or not a watch stream (program() refused)
    void finished(); // always last: the program has ended or was refused

private:
    void tick();
    bool readMore(); // false at the end of the file (or of what is read of it)
    void end();
    double wallNow() const; // seconds played, pauses left out
    void scheduleIn(double seconds);

    QFile m_file;
    QString m_error;
    QPointer<WatchedProgram> m_program;
    WatchLineReader m_reader;
    // Lines read, waiting for their time: parsed one at a time (m_parsed, the line at m_next),
    // since a window expands into thousands of messages and a read is a MiB of lines.
    QList<QByteArray> m_queue;
    qsizetype m_next = 0;
    std::optional<WatchParser::Result> m_parsed;
    qint64 m_size = 0;
    qint64 m_bytesRead = 0;
    qint64 m_maxBytes = kDefaultMaxBytes;
    bool m_eof = false;

    double m_speed = 1;
    bool m_playing = false;
    bool m_paused = false;
    bool m_started = false; // a first message set the recording's origin
    double m_lastT = 0; // the recording's t of the last timed message
    double m_position = 0; // its place on the played timeline (gaps capped)
    double m_originPos = 0; // the timeline position at m_originWall (moved by setSpeed)
    double m_originWall = 0;
    QElapsedTimer m_clock;
    double m_playedBefore = 0; // seconds played before the latest resume
    QTimer m_timer;
};

} // namespace tk
