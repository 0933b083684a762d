#include "core/kitchen/codelog.h"

#include <QDateTime>
#include <algorithm>

namespace tk {

namespace {
QString oneLine(QString s)
{
    s.replace(QLatin1Char('\n'), QLatin1Char(' '));
    return s.simplified();
}
} // namespace

namespace {
// Every line a comment: a console statement may span several.
QString commentedOut(QString code)
{
    code.replace(QLatin1Char('\n'), QLatin1String("\n# "));
    return QStringLiteral("# ") + code;
}
} // namespace

QString CodeLine::display() const
{
    if (!inert.isEmpty())
        return QStringLiteral("%1  # not run: %2").arg(commentedOut(code), oneLine(inert));
    if (refused) {
        // Every line a comment: a console statement may span several.
        QString commented = code;
        commented.replace(QLatin1Char('\n'), QLatin1String("\n# "));
        return QStringLiteral("# %1  # refused: %2").arg(commented, oneLine(error));
    }
    if (!errorType.isEmpty())
        return QStringLiteral("%1  # %2: %3").arg(code, errorType, oneLine(error));
    return code;
}

QString CodeLog::toScript() const
{
    QStringList out;
    out << QStringLiteral("# Exported from Tensor Kitchen %1 on %2.")
               .arg(QStringLiteral(TK_VERSION), QDateTime::currentDateTimeUtc().toString(Qt::ISODate))
        << QStringLiteral("# Lines that raised in the app are kept inside try/except with the error"
                          " the app saw.")
        << QStringLiteral("import torch") << QString()
        << QStringLiteral("device = \"cuda\" if torch.cuda.is_available() else \"cpu\"") << QString();
    if (std::any_of(m_lines.begin(), m_lines.end(), [](const CodeLine &l) { return l.fromSession; }))
        out << tr("# The lines read from a session file are comments: a session file is text anyone can "
                  "edit, so its lines are not run as they are. Read them before you uncomment any.")
            << QString();
    for (const CodeLine &line : m_lines) {
        if (line.fromSession) {
            out << commentedOut(line.display());
        } else if (line.refused || !line.inert.isEmpty()) {
            out << line.display();
        } else if (!line.errorType.isEmpty()) {
            QString body = line.code; // a console statement may span several lines
            body.replace(QLatin1Char('\n'), QLatin1String("\n    "));
            out << QStringLiteral("try:") << QStringLiteral("    %1").arg(body)
                << QStringLiteral("except Exception as e:  # in the app: %1: %2")
                       .arg(line.errorType, oneLine(line.error))
                << QStringLiteral("    print(type(e).__name__ + \":\", e)");
        } else {
            out << line.code;
        }
    }
    out << QString();
    return out.join(QLatin1Char('\n'));
}

} // namespace tk
