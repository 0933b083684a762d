#pragma once

#include <QString>
#include <QStringList>
#include <optional>

namespace tk {

// The console's earlier inputs, oldest first, kept across runs in QSettings ("console/history",
// the last kLimit). Up and Down walk them; what was being typed waits below the newest, so
// walking back down returns it.
class ConsoleHistory
{
public:
    static constexpr int kLimit = 200;

    ConsoleHistory(); // reads the saved history

    // An input that ran: appended (unless it repeats the newest), saved, and the walk restarts.
    void add(const QString &input);
    // One step older / newer than what the walk shows now; nothing at either end. `shown` is
    // the input's text, kept as the draft when the walk leaves it.
    std::optional<QString> older(const QString &shown);
    std::optional<QString> newer();
    const QStringList &entries() const { return m_entries; }

private:
    QStringList m_entries;
    qsizetype m_index = 0; // m_entries.size(): the draft
    QString m_draft;
};

} // namespace tk
