#pragma once

#include <QCoreApplication>
#include <QList>
#include <QMetaType>
#include <QString>
#include <optional>

namespace tk {

// What the user asked for in the New tensor dialog or a script: validated before any allocation.
struct TensorSpec
{
    Q_DECLARE_TR_FUNCTIONS(TensorSpec)

public:
    enum class Factory { Ones, Zeros, Full, Arange, Randn, Rand };

    Factory factory = Factory::Ones;
    QList<qint64> shape;
    QString dtype = QStringLiteral("float32");
    QString device = QStringLiteral("cpu");
    QString name; // empty: the workspace picks a free one
    quint64 seed = 0; // randn / rand
    double fillValue = 0; // full

    static QStringList dtypeNames();
    static QStringList factoryNames();
    static std::optional<Factory> factoryFromName(const QString &name);
    static QString factoryName(Factory f);

    // "2, 3", "2x3", "(2, 3)", "[2,3]" → {2, 3}. Returns nullopt and a clear message otherwise.
    static std::optional<QList<qint64>> parseShape(const QString &text, QString *error);
    static QString shapeText(const QList<qint64> &shape); // "2, 3"
    static bool isValidName(const QString &name); // a Python identifier, not a keyword
    static qint64 elementSize(const QString &dtype); // bytes, -1 when unknown
    static std::optional<qint64> numel(const QList<qint64> &shape); // nullopt on overflow
};

} // namespace tk

Q_DECLARE_METATYPE(tk::TensorSpec)
