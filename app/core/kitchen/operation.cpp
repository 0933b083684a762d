#include "core/kitchen/operation.h"

namespace tk {

QString operationName(Operation op)
{
    switch (op) {
    case Operation::Add:
        return QStringLiteral("add");
    case Operation::Mul:
        return QStringLiteral("mul");
    case Operation::Matmul:
        return QStringLiteral("matmul");
    case Operation::Cat:
        return QStringLiteral("cat");
    case Operation::Forward:
        return QStringLiteral("forward");
    }
    return {};
}

QString operationSymbol(Operation op) { return operationCode(op, QStringLiteral("x"), QStringLiteral("y")); }

QString operationCode(Operation op, const QString &a, const QString &b)
{
    switch (op) {
    case Operation::Add:
        return QStringLiteral("%1 + %2").arg(a, b);
    case Operation::Mul:
        return QStringLiteral("%1 * %2").arg(a, b);
    case Operation::Matmul:
        return QStringLiteral("%1 @ %2").arg(a, b);
    case Operation::Cat:
        return QStringLiteral("torch.cat([%1, %2])").arg(a, b);
    case Operation::Forward:
        return QStringLiteral("%1(%2)").arg(a, b);
    }
    return {};
}

bool operationFromName(const QString &name, Operation *op)
{
    for (Operation o : {Operation::Add, Operation::Mul, Operation::Matmul, Operation::Cat, Operation::Forward}) {
        if (operationName(o) == name) {
            *op = o;
            return true;
        }
    }
    return false;
}

} // namespace tk
