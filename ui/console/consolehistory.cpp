#include "ui/console/consolehistory.h"

#include <QSettings>

namespace tk {

namespace {
const QString kKey = QStringLiteral("console/history");
}

ConsoleHistory::ConsoleHistory() : m_entries(QSettings().value(kKey).toStringList()), m_index(m_entries.size()) { }

void ConsoleHistory::add(const QString &input)
{
    if (!input.trimmed().isEmpty() && (m_entries.isEmpty() || m_entries.last() != input)) {
        m_entries << input;
        if (m_entries.size() > kLimit)
            m_entries.remove(0, m_entries.size() - kLimit);
        QSettings().setValue(kKey, m_entries);
    }
    m_index = m_entries.size();
    m_draft.clear();
}

std::optional<QString> ConsoleHistory::older(const QString &shown)
{
    if (m_index == 0)
        return std::nullopt;
    if (m_index == m_entries.size())
        m_draft = shown;
    return m_entries.at(--m_index);
}

std::optional<QString> ConsoleHistory::newer()
{
    if (m_index >= m_entries.size())
        return std::nullopt;
    ++m_index;
    return m_index == m_entries.size() ? m_draft : m_entries.at(m_index);
}

} // namespace tk
