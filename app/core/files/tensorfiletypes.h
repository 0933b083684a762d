#pragma once

#include <QCoreApplication>
#include <QString>
#include <QStringList>

namespace tk {

// The files File → Load, a drop on a pane, `tensor-kitchen FILE` and the bench's `load` take, in
// one place (torch-free: the UI and the CLI read it): torch.save's .pt/.pth, Lightning's .ckpt,
// Hugging Face's pytorch_model.bin, and .safetensors. Which reader a file gets is decided by its
// bytes (Workspace::loadPt), not by these names.
class TensorFileTypes
{
    Q_DECLARE_TR_FUNCTIONS(TensorFileTypes)

public:
    static QStringList pytorchSuffixes()
    {
        return {QStringLiteral("pt"), QStringLiteral("pth"), QStringLiteral("ckpt"), QStringLiteral("bin")};
    }
    static QStringList safetensorsSuffixes() { return {QStringLiteral("safetensors")}; }
    static QStringList suffixes() { return pytorchSuffixes() + safetensorsSuffixes(); }
    // By its name: "model.CKPT" is one, "notes.txt" is not.
    static bool named(const QString &path);
    // QFileDialog's filter: all tensor files, then each kind, then all files.
    static QString openFilter();
    // "The .pt, .pth, .ckpt, .bin or .safetensors file." for a command line's help.
    static QString listed();
};

} // namespace tk
