#pragma once
// Core-internal: includes torch.

#include <QByteArray>
#include <QFile>
#include <QString>
#include <QStringList>
#include <QVariantList>
#include <functional>
#include <utility>
#include <stdexcept>
#include <torch/types.h>
#include <vector>

namespace tk {

class LoadProgress;

// .pt files: what PyTorch's torch.save and LibTorch's torch::save write, and what Python's
// torch.load reads back.
//
// Reading does not use LibTorch's unpickler, which cannot read a model's state_dict() (an
// OrderedDict with a `_metadata` attribute) and differs between LibTorch 1.x and 2.x: a small
// pickle machine of our own reads torch.save's pickle, builds only tensors, dicts (OrderedDicts
// too), lists, tuples, sets, numbers, strings, bytes and None, and numpy arrays and scalars as
// the tensors torch.from_numpy gives; it never imports or runs anything. An object of any other
// class (a whole pickled nn.Module, an argparse.Namespace) is a placeholder holding its state as
// data: a module's parameters and buffers are found under the names state_dict() gives them,
// any other object's tensors under its attributes. Only LibTorch's zip reader
// (PyTorchStreamReader) and tensor calls are used, the same in 1.13 and 2.x. A TorchScript
// archive (torch.jit.save, LibTorch's torch::save) is read the same way: its data.pkl, never its
// code/ (LibTorch's loaders compile and run that code, a class's __setstate__ as it loads), so
// a scripted module's parameters and buffers are found as a pickled module's are. The zip
// directory is checked before any record is read (ZipDirectory).
class PtFile
{
public:
    // One tensor found in the file, with where it was.
    struct Entry
    {
        // The Python subscripts that reach it from the loaded object, outermost first: dict keys
        // (QString, qint64, bool, double, QByteArray for bytes, an invalid QVariant for None, a
        // QVariantList for a tuple) and list or tuple indices (qint64), as PythonCode::literal
        // writes them. Empty for a file that is one tensor.
        QVariantList keys;
        // As people write it: "model.fc.weight", "items[0]", "optimizer.state[0].exp_avg"; a
        // top-level list's items and a lone tensor start with the file's base name.
        QString path;
        // A Python identifier made from the path ("model_fc_weight", "t0_weight" for "0.weight").
        QString name;
        at::Tensor tensor; // on the CPU; tensors that shared a storage in the file share one here
        // Python that reaches it from the loaded object, when subscripts alone cannot (inside a
        // pickled object: `["model"].state_dict()["encoder.weight"]`, `.weights`); else empty.
        QString access;
        // A numpy array (1: torch.from_numpy of it; 3: of it in native byte order, as it was
        // stored big-endian) or scalar (2: torch.tensor of it).
        int numpy = 0;
    };

    struct Contents
    {
        std::vector<Entry> tensors; // in file order
        // Values that are not tensors, "path = value" in file order ("epoch = 3",
        // "note = None"); a container without tensors is one value. At most kMaxOthers of them;
        // otherCount counts them all.
        QStringList others;
        int otherCount = 0;
        bool savedOffCpu = false; // some storage was saved on a GPU (Python needs map_location)
        // Classes the file names whose code was not run (their objects are placeholders), and
        // the pickled modules' trees, a line each ("model: __main__.RNNModel (encoder: …)").
        QStringList notRebuilt;
        QStringList modules;
        // A pickled model the kitchen can make itself (a Sequential of Linear and ReLU layers,
        // float32): a model card, holding the tensors `first` … `first + count - 1` above.
        struct Model
        {
            QString name; // its card's name ("model", or the file's base name at the top)
            QString access; // Python that reaches it from the loaded object ("", ["model"])
            std::vector<std::pair<int64_t, int64_t>> layers; // {in, out}: Linear; {0, 0}: ReLU
            size_t first = 0;
            size_t count = 0;
        };
        std::vector<Model> models;
        bool hasNumpy = false;
        // A TorchScript archive (torch.jit.save, LibTorch's torch::save): its data.pkl was read,
        // its code never was; Python's torch.jit.load would run that code.
        bool torchScript = false;
        // Globals the pickle names that torch.load(weights_only=False) would import and run
        // (posix.system, a user's class): no Python line loads the file as it is.
        QStringList unsafeGlobals;
        // Python's torch.load needs weights_only=False for it (torch ≥ 2.6 refuses objects).
        bool needsPickle() const { return !notRebuilt.isEmpty() || hasNumpy; }
        // One tensor, the whole file (not a numpy array, nor inside an object).
        bool single() const
        {
            return tensors.size() == 1 && tensors.front().keys.isEmpty() && tensors.front().access.isEmpty()
                && !tensors.front().numpy;
        }
    };
    static constexpr int kMaxOthers = 20;

    // Why a file cannot be loaded. `detail` is in English (LibTorch's words, a class name).
    struct Refused : std::runtime_error
    {
        enum class Kind {
            Empty, // no bytes at all
            NotTorch, // neither a zip archive nor a pickle torch.save wrote
            Damaged, // a zip archive or pickle cut short or broken: detail says how
            Unsupported, // what cannot be a card (quantized, sparse, a dtype): detail says which
        };
        Refused(Kind k, const QString &d) : std::runtime_error(d.toStdString()), kind(k), detail(d) { }
        Kind kind;
        QString detail;
    };

    // Everything in a .pt file's bytes: torch.save's zip archive (PyTorch 1.6 and later, 2.x
    // too), its legacy format (_use_new_zipfile_serialization=False), torch::pickle_save's
    // archive and, through `path`, LibTorch's torch::save archive of one tensor. A lone tensor
    // is named after the file (`path`'s base name made a Python identifier), a top-level list's
    // items name_0, name_1, …, a dict's tensors after their keys. Throws Refused.
    static Contents read(const QByteArray &bytes, const QString &path);
    // The same from an open file (unbuffered is best): torch.save's archive is read where it
    // is, each storage once into its tensor, so the peak is the tensors' bytes and little more.
    // The older formats are read whole first. `progress` (may be null) hears the bytes read,
    // of the file's size, and is asked between storages whether to stop: then Cancelled.
    // `sinkFor`, asked for each storage of torch.save's archive once the pickle is read (and
    // `contents` lists the tensors that view it, their values not read yet), may return a sink
    // that is handed the storage's bytes piece by piece as they are read into it, and then
    // (nullptr, 0) at the end of that read, when it must be done with them.
    using Sink = std::function<void(const char *bytes, size_t n)>;
    using SinkFor = std::function<Sink(const Contents &contents, const at::Storage &storage)>;
    static Contents read(QFile &file, const QString &path, LoadProgress *progress, const SinkFor &sinkFor = {});
    struct Cancelled
    {
    }; // not a std::exception: no handler of errors takes it for one
    // A tensor's values on the CPU, pickled as torch.save does: torch.load reads it.
    static std::vector<char> write(const at::Tensor &t);
};

} // namespace tk
