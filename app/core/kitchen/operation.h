#pragma once

#include <QString>

namespace tk {

// Operations between two cards (drop a card on a card).
enum class Operation { Add, Mul, Matmul, Cat, Forward }; // Forward: model(x)

QString operationName(Operation op); // "add", "mul", "matmul", "cat"
QString operationSymbol(Operation op); // "x + y" style label with placeholders
QString operationCode(Operation op, const QString &a, const QString &b); // "x + y"
bool operationFromName(const QString &name, Operation *op);

} // namespace tk
