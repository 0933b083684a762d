#include "core/kitchen/codelog.h"

#include <QDateTime>

namespace tk {

namespace {
QString oneLine(QString s)
{
    s.replace(QLatin1Char('\n'), QLatin1Char(' '));
    return s.simplified();
}
} // namespace

QString CodeLine::display() const
{
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
    for (const CodeLine &line : m_lines) {
        if (line.refused) {
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
