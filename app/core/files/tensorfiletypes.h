#pragma once

#include <QCoreApplication>
#include <QString>
#include <QStringList>

namespace tk {

// The files File → Load, a drop on a pane, `tensor-kitchen FILE` and the bench's `load` take, in
// one place (torch-free: the UI and the CLI read it): the suffixes of every format in
// CardFileFormats that adds cards (torch.save's .pt/.pth, Lightning's .ckpt, Hugging Face's
// pytorch_model.bin, .safetensors, numpy's .npy/.npz, and any format added). Which reader a file
// gets is decided by its bytes (Workspace::loadFile), not by these names.
class TensorFileTypes
{
    Q_DECLARE_TR_FUNCTIONS(TensorFileTypes)

public:
    static QStringList suffixes();
    // By its name: "model.CKPT" is one, "notes.txt" is not.
    static bool named(const QString &path);
    // QFileDialog's filter: all tensor files, then each format, then all files.
    static QString openFilter();
    // "The .pt, .pth, .ckpt, .bin or .safetensors file." for a command line's help.
    static QString listed();
    // Each format's first suffix: ".pt, .safetensors, .npy", for a menu entry or a button.
    static QString shortList();
    // One format's dialog filter, "PyTorch files (*.pt *.pth …)"; for a save, its first suffix
    // alone ("(*.pt)"). Empty for an unknown id.
    static QString filter(const QString &formatId, bool saving = false);
};

} // namespace tk
