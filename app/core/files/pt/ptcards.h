#pragma once
// Core-internal: .pt files (torch.save's zip and legacy formats, torch::save archives, Lightning's
// .ckpt, Hugging Face's pytorch_model.bin) as cards, each with its line of Python; a tensor card
// saved as one. The format's parts are PtFile and the pickle readers beside it. Includes torch.

#include "core/files/cardfileformat.h"

#include <QCoreApplication>

namespace tk {

class PtCards : public CardFileFormat
{
    Q_DECLARE_TR_FUNCTIONS(Workspace)

public:
    QString id() const override { return QStringLiteral("pt"); }
    QString label() const override;
    QStringList suffixes() const override
    {
        return {QStringLiteral("pt"), QStringLiteral("pth"), QStringLiteral("ckpt"), QStringLiteral("bin")};
    }
    // A zip archive (torch.save's, a TorchScript archive) or a pickle (the legacy format).
    bool claims(const QByteArray &head, const QString &path) const override;
    Outcome load(CardFileLoad &load) const override;
    bool saves() const override { return true; }
    // The first of save.ids(), a tensor card with values.
    Outcome save(CardFileSave &save) const override;
};

} // namespace tk
