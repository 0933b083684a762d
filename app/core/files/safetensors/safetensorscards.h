#pragma once
// Core-internal: .safetensors files (Hugging Face's weight format) as cards, each with its line
// of Python; tensor cards saved as one. The format's parts are SafetensorsFile and
// SafetensorsDtype beside it. Includes torch.

#include "core/files/cardfileformat.h"

#include <QCoreApplication>

namespace tk {

class SafetensorsCards : public CardFileFormat
{
    Q_DECLARE_TR_FUNCTIONS(Workspace)

public:
    QString id() const override { return QStringLiteral("safetensors"); }
    QString label() const override;
    QStringList suffixes() const override { return {QStringLiteral("safetensors")}; }
    // 8 bytes of header length, then the JSON header's '{' (a renamed download is claimed too).
    bool claims(const QByteArray &head, const QString &path) const override;
    Outcome load(CardFileLoad &load) const override;
    bool saves() const override { return true; }
    // The named tensor cards, or every tensor card with values when none are named.
    Outcome save(CardFileSave &save) const override;
};

} // namespace tk
