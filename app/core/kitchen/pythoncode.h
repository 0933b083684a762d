#pragma once

#include "core/kitchen/movereport.h"
#include "core/kitchen/operation.h"
#include "core/kitchen/tensorspec.h"

#include <QList>
#include <QString>
#include <QStringList>
#include <QVariant>

namespace tk {

// The PyTorch line for each kitchen action, made from plain values (names, device ids, specs),
// never from tensors: the code log shows it, the exported script runs it, and it is tested
// without LibTorch. Device ids are the resolved ones ("cpu", "cuda:0", "meta"); `requested` is
// what the user typed, because the idiom "cuda" is written as the script's `device` variable.
class PythonCode
{
public:
    // Pieces.
    static QString string(const QString &text); // "a \"b\" \\c": a Python str literal
    static QString device(const QString &id); // "cuda:0" with its quotes
    static QString deviceArg(const QString &requested, const QString &id); // `device` or "id"
    static QString dtype(const QString &name); // torch.float32
    static QString shapeArgs(const QList<qint64> &shape); // 2, 3
    static QString shapeTuple(const QList<qint64> &shape); // (2, 3), and (5,) for one dimension
    static QString floatLiteral(double value); // 3.0, 0.5, float("inf")
    static QString identifier(const QString &text); // a name made from a file name or key
    // A dict key or an index as Python writes it: "a", 3, True, 0.5, None, b"\x00", (1, "a").
    // Takes QString, integers, bool, double, QByteArray (bytes), QVariantList (a tuple) and an
    // invalid QVariant (None).
    static QString literal(const QVariant &value);

    // Lines, one per action.
    static QString create(const TensorSpec &spec, const QString &name, const QString &id);
    static QString transfer(const QString &source, const QString &requested, const QString &id, TransferMeaning meaning,
                            const QString &result);
    static QString moveModel(const QString &model, const QString &requested, const QString &id);
    static QString mlp(const QString &name, int width, int depth, quint64 seed);
    static QString optimizer(const QString &name, const QString &kind, const QString &model,
                             double lr); // kind: "sgd" or "adam"
    static QString loss(const QString &name);
    static QString combine(const QString &result, Operation op, const QString &a, const QString &b);
    static QString rename(const QString &newName, const QString &oldName);
    static QString clone(const QString &name, const QString &source);
    static QString remove(const QString &name);
    // .pt files: the script names the file only (a path on this machine means nothing there).
    // `toCpu`: the file holds GPU tensors, which torch.load puts back on their GPU unless told.
    // `pickled`: the file holds objects torch ≥ 2.6's default weights_only=True refuses (numpy
    // arrays, a whole model), so the line asks for weights_only=False.
    static QString load(const QString &name, const QString &path, bool toCpu = false, bool pickled = false);
    // name = holder<access>, wrapped as a numpy array (1: torch.from_numpy; 3: of it in native
    // byte order) or scalar (2: torch.tensor) becomes a tensor; access as PtFile::Entry gives it.
    static QString loadAccess(const QString &name, const QString &holder, const QString &access, int numpy = 0);
    static QString loadItem(const QString &name, const QString &holder, const QString &key);
    // One item deep in what was loaded: name = holder["model"]["fc.weight"], name = holder[0].
    static QString loadItem(const QString &name, const QString &holder, const QVariantList &keys);
    static QString subscripts(const QVariantList &keys); // ["a"][0]
    static QString save(const QString &name, const QString &path);
    static QString toCall(const QString &id); // .to("cuda:0"), appended to a loaded tensor
    // .safetensors files through the safetensors package (its torch module is imported first).
    static QString importSafetensors(); // import safetensors.torch
    static QString loadSafetensors(const QString &name, const QString &path); // name = …load_file("f")
    static QString saveSafetensors(const QStringList &names, const QString &path); // …save_file({"a": a}, "f")

private:
    static bool isCpu(const QString &id);
};

} // namespace tk
