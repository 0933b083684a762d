#include "core/files/pt/ptfile.h"

#include "core/files/loadprogress.h"
#include "core/files/private/filereadadapter.h"
#include "core/files/pt/picklearchive.h"
#include "core/files/pt/picklevalue.h"
#include "core/files/pt/picklewalker.h"
#include "core/kitchen/pythoncode.h"

#include <QFileInfo>
#include <algorithm>
#include <functional>
#include <memory>
#include <string>
#include <torch/serialize.h>

namespace tk {

using pickle::Arena;
using pickle::damaged;
using pickle::Findings;
using pickle::Kind;
using pickle::libtorchWords;
using pickle::readLegacy;
using pickle::readZip;
using pickle::refuse;
using pickle::unsupported;
using pickle::Value;
using pickle::Walker;

namespace {

// Where a file's bytes come from: memory, or an open file read where it is.
struct Source
{
    qint64 size = 0;
    QByteArray head; // the first bytes, to tell the formats apart
    std::function<std::shared_ptr<caffe2::serialize::ReadAdapterInterface>()> zip;
    FileReadAdapter *watcher = nullptr; // zip()'s adapter when it can watch reads (a file)
};

PtFile::Contents readFrom(Source &src, const QString &path, LoadProgress *progress, const PtFile::SinkFor &sinkFor)
{
    using Contents = PtFile::Contents;
    using Refused = PtFile::Refused;
    const QString base = PythonCode::identifier(QFileInfo(path).completeBaseName());
    const QByteArray &head = src.head;
    if (src.size == 0)
        refuse(Kind::Empty, QStringLiteral("The file has 0 bytes."));
    // Bytes read so far, of the file's size; between storages, the chance to stop.
    qint64 done = 0;
    auto stopIfAsked = [progress] {
        if (progress && progress->cancelRequested())
            throw PtFile::Cancelled{};
    };
    const pickle::StorageRead onRead = [&](int64_t bytes) {
        done = std::min<qint64>(src.size, done + qint64(bytes));
        if (progress)
            progress->advance(done, src.size);
        stopIfAsked();
    };
    stopIfAsked();
    Contents out;
    Arena arena;
    Findings findings;
    pickle::ZipArchive archive;
    const Value *root = nullptr;
    // What LibTorch's reader threw, told as a damaged file.
    auto damage = [](const std::exception &e) { damaged(libtorchWords(e)); };
    try {
        if (head.startsWith("PK\x03\x04") || head.startsWith("PK\x05\x06")) {
            root = readZip(src.zip(), arena, findings, &out.savedOffCpu, &out.torchScript, archive);
        } else if (uint8_t(head.at(0)) == 0x80) {
            root = readLegacy(src.zip(), arena, findings, &out.savedOffCpu, onRead);
        } else if (head.size() > 262 && head.mid(257, 5) == "ustar") {
            unsupported(QStringLiteral("the tar format of PyTorch before 0.4 (load and save it again with a "
                                       "newer PyTorch)"));
        } else {
            refuse(Kind::NotTorch,
                   QStringLiteral("It starts with the bytes %1; torch.save's zip archive starts "
                                  "with 50 4b 03 04, its older format with 80.")
                       .arg(QString::fromLatin1(head.left(8).toHex(' '))));
        }
    } catch (const Refused &) {
        throw;
    } catch (const std::exception &e) {
        damage(e);
    }
    for (const std::string &u : findings.unknowns)
        out.notRebuilt << QString::fromStdString(u);
    for (const std::string &u : findings.unsafe)
        out.unsafeGlobals << QString::fromStdString(u);
    if (out.torchScript && root->t == Value::T::Object && root->s == "__torch__.Module" && root->state
        && root->state->t == Value::T::Dict && root->state->items.size() == 2 && root->state->items[0]->s == "0")
        root = root->state->items[1]; // LibTorch's torch::save of one tensor: its OutputArchive's "0"
    Walker walker(out, base);
    if (root->t == Value::T::List || root->t == Value::T::Tuple)
        walker.walk(root, {}, base, base, 0);
    else
        walker.walk(root, {}, root->t == Value::T::Dict || root->t == Value::T::Object ? QString() : base,
                    root->t == Value::T::Dict || root->t == Value::T::Object ? QString() : base, 0);
    // The tensors' values, now that everything else in the file is known to load. Bytes of a
    // storage count as they arrive, so one large storage moves the progress too.
    if (!archive.pending.empty()) {
        qint64 partial = 0;
        const pickle::SinkFor sinks = [&](const at::Storage &storage) -> PtFile::Sink {
            PtFile::Sink inner = sinkFor ? sinkFor(out, storage) : PtFile::Sink();
            partial = 0;
            return [&, inner = std::move(inner)](const char *bytes, size_t n) {
                if (inner)
                    inner(bytes, n);
                if (!bytes)
                    return; // the end of this storage's read
                partial += qint64(n);
                if (progress)
                    progress->advance(std::min<qint64>(src.size, done + partial), src.size);
            };
        };
        try {
            pickle::readStorages(archive, src.watcher, sinks, onRead);
        } catch (const Refused &) {
            throw;
        } catch (const std::exception &e) {
            damage(e);
        }
    }
    if (progress)
        progress->advance(src.size, src.size);
    return out;
}

} // namespace

PtFile::Contents PtFile::read(const QByteArray &bytes, const QString &path)
{
    Source src;
    src.size = bytes.size();
    src.head = bytes.left(512);
    src.zip = [&bytes] { return pickle::boundedAdapter(bytes); };
    return readFrom(src, path, nullptr, {});
}

PtFile::Contents PtFile::read(QFile &file, const QString &path, LoadProgress *progress, const SinkFor &sinkFor)
{
    Source src;
    src.size = file.size();
    if (!file.seek(0))
        damaged(file.errorString());
    src.head = file.read(512);
    if (src.head.isEmpty() && src.size > 0)
        damaged(QStringLiteral("it could not be read: %1").arg(file.errorString()));
    src.zip = [&file, &src] {
        auto adapter = std::make_shared<FileReadAdapter>(file);
        src.watcher = adapter.get(); // the reader keeps it alive
        return adapter;
    };
    return readFrom(src, path, progress, sinkFor);
}

std::vector<char> PtFile::write(const at::Tensor &t)
{
    return torch::pickle_save(c10::IValue(t.to(torch::kCPU).contiguous()));
}

} // namespace tk
