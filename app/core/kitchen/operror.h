#pragma once

#include <QMetaType>
#include <QString>
#include <QStringList>

namespace tk {

// A failure the UI can render: what kind it was, LibTorch's own words, where and why.
struct OpError
{
    enum class Kind {
        None,
        DeviceMismatch,  // "Expected all tensors to be on the same device…"
        Shape,           // sizes that do not fit together
        Dtype,           // a dtype the operation does not take
        OutOfMemory,     // LibTorch ran out, or we refused before allocating
        InvalidInput,    // bad shape text, unknown dtype, a deleted card, a bad name
        Other,
    };

    Kind kind = Kind::None;
    QString message;      // LibTorch's exact text (first line), or ours for refusals
    QStringList devices;  // devices involved, e.g. {"cpu", "meta"}
    QString codeLine;     // the Python line that raised it
    QList<int> cards;     // the workspace cards it involved (operands), for fix-it buttons
    bool refusedBeforeAllocation = false;

    bool isError() const { return kind != Kind::None; }
    static QString kindName(Kind kind);
    static OpError invalid(const QString &message, const QString &codeLine = {});
    // Classifies a LibTorch exception text; the exception's C++ type is handled by the caller.
    static Kind classify(const QString &message);
};

} // namespace tk

Q_DECLARE_METATYPE(tk::OpError)
