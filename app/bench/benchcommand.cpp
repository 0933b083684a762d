#include "bench/benchcommand.h"
#include "core/kitchen/koreanparticles.h"

#include <QIODevice>
#include <QJsonArray>

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
    m_err << KoreanParticles::resolve(message) << "\n";
    return 2;
}

bool BenchCommand::formatOk(const QString &format, const QStringList &allowed)
{
    if (allowed.contains(format))
        return true;
    m_err << KoreanParticles::resolve(
        tr("Unknown format “%1”: use %2.").arg(format, allowed.join(QStringLiteral(", "))))
          << "\n";
    return false;
}

QJsonObject BenchCommand::cardJson(const CardInfo &c)
{
    QJsonArray shape;
    for (qint64 d : c.shape)
        shape.append(double(d));
    return QJsonObject{{QStringLiteral("name"), c.name},     {QStringLiteral("kind"), c.kind},
                       {QStringLiteral("shape"), shape},     {QStringLiteral("dtype"), c.dtype},
                       {QStringLiteral("device"), c.device}, {QStringLiteral("storage"), c.storageId}};
}

void BenchCommand::writeUtf8(const QByteArray &text)
{
    m_out.flush();
    if (QIODevice *device = m_out.device())
        device->write(text);
    else
        m_out << QString::fromUtf8(text); // a stream on a string (the tests')
}

} // namespace tk
