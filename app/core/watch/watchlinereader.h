#pragma once

#include <QByteArray>
#include <QList>

namespace tk {

// Cuts a watch stream (socket reads or file chunks, split anywhere) into its lines. A line
// longer than the protocol allows is never buffered past the limit: it is dropped up to its
// '\n' and counted, and the lines after it are read as usual.
class WatchLineReader
{
public:
    static constexpr qsizetype kMaxLineBytes = 65536; // the '\n' not counted

    explicit WatchLineReader(qsizetype maxLineBytes = kMaxLineBytes) : m_max(maxLineBytes) { }

    // Appends the complete lines in `bytes` (without their '\n') to `lines`; keeps the rest.
    void feed(const char *data, qsizetype size, QList<QByteArray> *lines);
    void feed(const QByteArray &bytes, QList<QByteArray> *lines) { feed(bytes.constData(), bytes.size(), lines); }
    // End of input: a last line without '\n' still counts (a file cut short, a final write).
    void finish(QList<QByteArray> *lines);

    qint64 oversized() const { return m_oversized; }
    qint64 takeOversized(); // the count since the last take, for a consumer that sums its own
    qsizetype buffered() const { return m_buffer.size(); }

private:
    qsizetype m_max;
    QByteArray m_buffer; // the current line so far, never more than m_max bytes
    bool m_skipping = false; // inside an oversized line: drop through its '\n'
    qint64 m_oversized = 0;
    qint64 m_taken = 0;
};

} // namespace tk
