#pragma once

#include "codelog.h"

#include <QPlainTextEdit>

namespace tk {

// The code log dock's text: every action as the PyTorch line that does the same.
class CodeLogView : public QPlainTextEdit
{
    Q_OBJECT

public:
    explicit CodeLogView(QWidget *parent = nullptr);
    void appendLine(const CodeLine &line);
};

} // namespace tk
