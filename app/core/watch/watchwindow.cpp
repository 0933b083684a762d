#include "core/watch/watchwindow.h"

#include "core/watch/private/windowexpander.h"

#include <QStringList>

namespace tk {

using window::Column;

const QStringList &WatchWindow::siteTypes()
{
    static const QStringList types{QStringLiteral("move"), QStringLiteral("data_wait"), QStringLiteral("step"),
                                   QStringLiteral("call"), QStringLiteral("place")};
    return types;
}

QStringList WatchWindow::columns(const QString &type)
{
    QStringList out;
    const auto add = [&out](const auto &columns) {
        for (const Column &c : columns)
            out << (c.micros ? QString(c.name) + QStringLiteral(" µs") : QString(c.name));
    };
    if (type == QLatin1String("move"))
        add(window::kMoveColumns);
    else if (type == QLatin1String("data_wait"))
        add(window::kWaitColumns);
    else if (type == QLatin1String("step"))
        add(window::kStepColumns);
    return out;
}

WatchParser::Result WatchWindow::expand(const QJsonObject &window) { return window::WindowExpander(window).run(); }

} // namespace tk
