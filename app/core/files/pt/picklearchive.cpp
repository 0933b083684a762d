#include "core/files/pt/picklearchive.h"

#include "core/files/private/zipdirectory.h"

#include "core/files/pt/pickleglobals.h"
#include "core/files/pt/picklemachine.h"

#include <QRegularExpression>
#include <algorithm>
#include <caffe2/serialize/inline_container.h>
#include <caffe2/serialize/read_adapter_interface.h>
#include <cstring>
#include <map>
#include <memory>
#include <string>

namespace tk::pickle {

namespace {

// LibTorch 1.13's in-memory reader copies whatever the zip reader asks for, even past the end
// of the buffer, so a malformed .pt makes it read out of bounds (found by fuzz_pt). This one
// clamps every read; the zip reader then reports a short read as a damaged archive.
class BoundedReadAdapter : public caffe2::serialize::ReadAdapterInterface
{
public:
    explicit BoundedReadAdapter(const QByteArray &data) : m_data(data) { }
    size_t size() const override { return size_t(m_data.size()); }
    size_t read(uint64_t pos, void *buf, size_t n, const char *) const override
    {
        if (pos >= size())
            return 0;
        n = std::min<size_t>(n, size() - size_t(pos));
        std::memcpy(buf, m_data.constData() + pos, n);
        return n;
    }

private:
    QByteArray m_data;
};

} // namespace

QString libtorchWords(const std::exception &e)
{
    QString s = QString::fromUtf8(e.what()).section(QLatin1Char('\n'), 0, 0);
    s.remove(QRegularExpression(QStringLiteral("^\\[enforce fail at [^\\]]*\\]\\s*\\.?\\s*")));
    // LibTorch 2.x goes on about miniz and checkpoints on the same line.
    s.remove(QRegularExpression(QStringLiteral("\\. This is an internal miniz error.*$")));
    return s.trimmed();
}

namespace {

// Storages: the persistent ids torch.save writes for each storage,
// ("storage", storage type, key, location, numel[, view metadata]).

struct StorageRef
{
    at::ScalarType dtype;
    std::string key;
    std::string location;
    int64_t numel;
};

StorageRef storageRef(const Value *pid, size_t minItems)
{
    if (pid->t != Value::T::Tuple || pid->items.size() < minItems || pid->items[0]->t != Value::T::Str)
        damaged(QStringLiteral("its pickle refers to data it does not describe"));
    const std::vector<Value *> &a = pid->items;
    if (a[0]->s != "storage")
        damaged(QStringLiteral("its pickle refers to a %1, not a storage").arg(QString::fromStdString(a[0]->s)));
    const Value *type = a[1];
    if (type->t != Value::T::Global || (type->module != "torch" && type->module != "torch.storage"))
        damaged(QStringLiteral("a storage without a type"));
    StorageRef r;
    if (type->name == "UntypedStorage") {
        r.dtype = at::kByte;
    } else {
        const auto it = std::find_if(std::begin(kDtypes), std::end(kDtypes),
                                     [&](const DtypeName &d) { return type->name == d.storage; });
        if (it == std::end(kDtypes)) {
            if (type->name.rfind("Q", 0) == 0)
                unsupported(QStringLiteral("a quantized tensor (torch.%1)").arg(QString::fromStdString(type->name)));
            unsupported(QStringLiteral("a storage of type torch.%1").arg(QString::fromStdString(type->name)));
        }
        r.dtype = it->type;
    }
    if (a[2]->t != Value::T::Str || a[3]->t != Value::T::Str || a[4]->t != Value::T::Int || a[4]->i < 0)
        damaged(QStringLiteral("a storage described wrongly"));
    r.key = a[2]->s;
    r.location = a[3]->s;
    r.numel = a[4]->i;
    return r;
}

int64_t byteCount(const StorageRef &r)
{
    int64_t n = 0;
    if (__builtin_mul_overflow(r.numel, int64_t(c10::elementSize(r.dtype)), &n))
        damaged(QStringLiteral("a storage's size overflows"));
    return n;
}

Value *storageValue(Arena &arena, const StorageRef &r, at::Storage storage)
{
    Value *v = arena.make(Value::T::Storage);
    v->storage = std::move(storage);
    v->dtype = r.dtype;
    v->numel = r.numel;
    return v;
}

bool offCpu(const std::string &location) { return location != "cpu" && location.rfind("cpu:", 0) != 0; }

} // namespace

std::shared_ptr<caffe2::serialize::ReadAdapterInterface> boundedAdapter(const QByteArray &bytes)
{
    return std::make_shared<BoundedReadAdapter>(bytes);
}

Value *readZip(std::shared_ptr<caffe2::serialize::ReadAdapterInterface> source, Arena &arena, Findings &findings,
               bool *savedOffCpu, bool *torchScript, ZipArchive &archive)
{
    // The directory first: LibTorch's reader reads the version record as it opens the archive,
    // and allocates any record as large as the directory claims.
    const ZipDirectory directory(*source);
    directory.check();
    // torch.jit.save's archives (and LibTorch's torch::save) hold TorchScript code beside
    // data.pkl. LibTorch's loaders compile and run it (a class's __setstate__ runs as the
    // archive is read); here only data.pkl is read, as any other pickle, and the code never is.
    *torchScript = directory.hasCode();
    try {
        archive.reader = std::make_unique<caffe2::serialize::PyTorchStreamReader>(std::move(source));
    } catch (const std::exception &e) {
        damaged(libtorchWords(e));
    }
    caffe2::serialize::PyTorchStreamReader *reader = archive.reader.get();
    if (!reader->hasRecord("data.pkl"))
        damaged(QStringLiteral("its zip archive has no data.pkl"));
    if (reader->hasRecord("byteorder")) {
        const auto [order, size] = reader->getRecord("byteorder");
        if (std::string(static_cast<const char *>(order.get()), size) == "big")
            unsupported(QStringLiteral("tensors saved on a big-endian machine"));
    }
    const auto [pickle, pickleSize] = reader->getRecord("data.pkl");
    std::map<std::string, Value *> storages;
    auto load = [&](Value *pid) -> Value * {
        const StorageRef r = storageRef(pid, 5);
        if (auto it = storages.find(r.key); it != storages.end())
            return it->second; // views of one storage: one storage here too
        const int64_t n = byteCount(r);
        at::Storage storage;
        if (n == 0) {
            storage = at::empty({0}, at::kByte).storage();
        } else {
            const std::string record = "data/" + r.key;
            const ZipDirectory::Record *stored = directory.find(record);
            if (!stored || !reader->hasRecord(record))
                damaged(QStringLiteral("its zip archive lacks %1").arg(QString::fromStdString(record)));
            if (stored->size > uint64_t(n))
                damaged(QStringLiteral("%1 holds more bytes than its tensor").arg(QString::fromStdString(record)));
            // Its bytes once the whole pickle is known to be loadable (readStorages).
            storage = c10::Storage(c10::Storage::use_byte_size_t(), size_t(n),
                                   at::DataPtr(nullptr, at::Device(at::kCPU)), nullptr, false);
            archive.pending.push_back(ZipArchive::Pending{record, storage, n});
        }
        *savedOffCpu = *savedOffCpu || offCpu(r.location);
        return storages[r.key] = storageValue(arena, r, std::move(storage));
    };
    Machine m(static_cast<const char *>(pickle.get()), pickleSize, arena, findings, load);
    return m.run();
}

namespace {

// Whether the record whose data starts at `data` is stored as it is (method 0, as torch.save
// writes every record), so that what the zip reader reads there is the values themselves and
// not deflated bytes: its local header ("PK\3\4", method at +8, name and extra lengths at
// +26 and +28) ends exactly at `data`. Names and torch.save's alignment padding are short.
bool storedAt(const caffe2::serialize::ReadAdapterInterface &source, uint64_t data)
{
    constexpr uint64_t kWindow = 4096;
    const uint64_t from = data > kWindow ? data - kWindow : 0;
    std::string w(size_t(data - from), '\0');
    if (w.size() < 30 || source.read(from, w.data(), w.size(), "local header") != w.size())
        return false;
    auto u16 = [&w](size_t at) { return unsigned(uint8_t(w[at])) | unsigned(uint8_t(w[at + 1])) << 8; };
    for (size_t h = w.size() - 30 + 1; h-- > 0;) {
        if (w.compare(h, 4, "PK\x03\x04", 4) != 0)
            continue;
        if (h + 30 + u16(h + 26) + u16(h + 28) == w.size())
            return u16(h + 8) == 0;
    }
    return false;
}

} // namespace

void readStorages(ZipArchive &archive, FileReadAdapter *watcher, const SinkFor &sinkFor, const StorageRead &onRead)
{
    for (ZipArchive::Pending &p : archive.pending) {
        if (watcher && sinkFor) {
            const uint64_t at = archive.reader->getRecordOffset(p.record);
            if (storedAt(*watcher, at))
                if (auto sink = sinkFor(p.storage))
                    watcher->watch(at, size_t(p.bytes), std::move(sink));
        }
        auto [data, size] = archive.reader->getRecord(p.record);
        if (watcher)
            watcher->watch(0, 0, {}); // a compressed record was read otherwise: nothing watched
        if (size < uint64_t(p.bytes))
            damaged(QStringLiteral("%1 is shorter than its tensor").arg(QString::fromStdString(p.record)));
        p.storage.set_data_ptr_noswap(std::move(data));
        if (onRead)
            onRead(int64_t(size));
    }
}

Value *readLegacy(const std::shared_ptr<caffe2::serialize::ReadAdapterInterface> &source, Arena &arena,
                  Findings &findings, bool *savedOffCpu, const StorageRead &onRead)
{
    const uint64_t size = source->size();
    // The pickles' bytes, from the file's start: grown a MiB (or what a pickle asks) at a time.
    std::string buffer;
    auto grow = [&](uint64_t upTo) {
        upTo = std::min<uint64_t>(size, std::max<uint64_t>(upTo, buffer.size() + (uint64_t(1) << 20)));
        if (upTo <= buffer.size())
            return false;
        const size_t had = buffer.size();
        buffer.resize(size_t(upTo));
        const size_t got = source->read(had, buffer.data() + had, buffer.size() - had, "reading a .pt file");
        buffer.resize(had + got);
        return got > 0;
    };
    uint64_t pos = 0;
    auto next = [&](Machine::PersistentLoad load) {
        if (buffer.size() <= pos)
            grow(pos + 1);
        const uint64_t start = pos;
        Machine m(buffer.data() + std::min<uint64_t>(start, buffer.size()),
                  buffer.size() - std::min<uint64_t>(start, buffer.size()), arena, findings, std::move(load));
        m.setRefill([&, start](size_t needed, const char **begin, const char **end) {
            const bool more = grow(start + needed);
            *begin = buffer.data() + std::min<uint64_t>(start, buffer.size());
            *end = buffer.data() + buffer.size();
            return more;
        });
        Value *v = m.run();
        pos = start + m.consumed();
        return v;
    };
    // Bytes of the file where they are; false when it has fewer.
    auto readAt = [&](uint64_t at, void *into, uint64_t n) {
        if (at > size || n > size - at)
            return false;
        char *out = static_cast<char *>(into);
        for (uint64_t done = 0; done < n;) {
            // Pieces of 64 MiB: progress, and the chance to cancel, between them.
            const size_t piece = size_t(std::min<uint64_t>(n - done, uint64_t(64) << 20));
            if (source->read(at + done, out + done, piece, "reading a .pt file") != piece)
                return false;
            done += piece;
            if (onRead)
                onRead(int64_t(piece));
        }
        return true;
    };
    // 0x1950a86a20f9469cfc6c, as LONG1 writes it.
    static const std::string magic("\x6c\xfc\x9c\x46\xf9\x20\x6a\xa8\x50\x19", 10);
    const Value *first = next({});
    if (first->t != Value::T::BigInt || first->s != magic)
        refuse(Kind::NotTorch, QStringLiteral("a pickle, but not one torch.save wrote"));
    const Value *protocol = next({});
    if (protocol->t != Value::T::Int || protocol->i != 1001)
        unsupported(QStringLiteral("torch.save's legacy format, version %1")
                        .arg(protocol->t == Value::T::Int ? protocol->i : -1));
    const Value *info = next({});
    if (info->t == Value::T::Dict)
        for (size_t k = 0; k + 1 < info->items.size(); k += 2)
            if (info->items[k]->t == Value::T::Str && info->items[k]->s == "little_endian"
                && info->items[k + 1]->t == Value::T::Bool && !info->items[k + 1]->b)
                unsupported(QStringLiteral("tensors saved on a big-endian machine"));

    struct Pending
    {
        Value *value;
        at::Tensor bytes; // uint8, the storage's bytes
        bool filled = false;
    };
    std::map<std::string, Pending> storages;
    uint64_t claimed = 0; // the storages' bytes together: never more than the file holds
    auto load = [&](Value *pid) -> Value * {
        if (pid->t == Value::T::Tuple && !pid->items.empty() && pid->items[0]->t == Value::T::Str
            && pid->items[0]->s == "module") {
            // ("module", class, source file, source): a whole nn.Module's class (the source
            // the legacy format keeps beside it is never run).
            if (pid->items.size() > 1 && pid->items[1]->t == Value::T::Global)
                findings.unknown(pid->items[1]->s);
            return pid->items.size() > 1 ? pid->items[1] : pid;
        }
        const StorageRef r = storageRef(pid, 5);
        if (pid->items.size() > 5 && pid->items[5]->t != Value::T::None)
            unsupported(QStringLiteral("a storage view from PyTorch before 1.0"));
        if (auto it = storages.find(r.key); it != storages.end())
            return it->second.value;
        const int64_t n = byteCount(r);
        claimed += uint64_t(n);
        if (uint64_t(n) > size - std::min<uint64_t>(size, pos) || claimed > size)
            damaged(QStringLiteral("it is shorter than its tensors"));
        *savedOffCpu = *savedOffCpu || offCpu(r.location);
        at::Tensor data = at::empty({n}, at::kByte);
        Value *v = storageValue(arena, r, data.storage());
        storages.emplace(r.key, Pending{v, data});
        return v;
    };
    Value *root = next(load);
    const Value *keys = next({});
    if (keys->t != Value::T::List && keys->t != Value::T::Tuple)
        damaged(QStringLiteral("its storage list is missing"));
    for (const Value *k : keys->items) {
        if (k->t != Value::T::Str)
            damaged(QStringLiteral("its storage list holds something that is not a key"));
        auto it = storages.find(k->s);
        if (it == storages.end() || it->second.filled)
            damaged(QStringLiteral("its storage list names a storage twice or one it never used"));
        unsigned char count8[8];
        if (!readAt(pos, count8, 8))
            damaged(QStringLiteral("it ends before its tensors' values"));
        int64_t count = 0;
        for (int b = 0; b < 8; ++b)
            count |= int64_t(count8[b]) << (8 * b);
        pos += 8;
        Pending &p = it->second;
        if (count != p.value->numel)
            damaged(QStringLiteral("a storage's size differs from the one its tensor names"));
        const uint64_t n = uint64_t(p.bytes.numel());
        if (n > 0 && !readAt(pos, p.bytes.data_ptr<uint8_t>(), n))
            damaged(QStringLiteral("it ends before its tensors' values"));
        pos += n;
        p.filled = true;
    }
    for (const auto &[key, p] : storages)
        if (!p.filled)
            damaged(QStringLiteral("it ends before its tensors' values"));
    return root;
}

} // namespace tk::pickle
