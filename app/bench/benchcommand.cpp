#include "benchcommand.h"

namespace tk {

int BenchCommand::parse(QCommandLineParser &p, const QStringList &arguments)
{
    if (!p.parse(arguments)) {
        m_err << p.errorText() << "\n";
        return 2;
    }
    if (p.isSet(QStringLiteral("help"))) {
        m_out << p.helpText();
        return 0;
    }
    return -1;
}

int BenchCommand::fail(const QString &message)
{
    m_err << message << "\n";
    return 2;
}

bool BenchCommand::formatOk(const QString &format, const QStringList &allowed)
{
    if (allowed.contains(format))
        return true;
    m_err << tr("Unknown format “%1”: use %2.").arg(format, allowed.join(QStringLiteral(", "))) << "\n";
    return false;
}

} // namespace tk
