#include "core/files/safetensors/safetensorsfile.h"

#include "core/files/safetensors/safetensorsdtype.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QSaveFile>
#include <QSet>
#include <QStringDecoder>
#include <QtEndian>
#include <algorithm>
#include <cstring>
#include <c10/core/CPUAllocator.h>
#include <sys/mman.h>
#include <unistd.h>

// The format's numbers are little-endian and its data area is copied byte for byte.
static_assert(Q_BYTE_ORDER == Q_LITTLE_ENDIAN, "safetensors data is little-endian");

namespace tk {

namespace {

using Kind = SafetensorsFile::Refused::Kind;

[[noreturn]] void refuse(Kind k, const QString &reason) { throw SafetensorsFile::Refused(k, reason); }

// The top-level keys as they stand in the JSON text, duplicates kept (QJsonObject keeps one of
// them silently). `json` is already known to be one valid JSON object.
QStringList topLevelKeys(const QByteArray &json)
{
    QStringList keys;
    int depth = 0;
    bool expectKey = false;
    for (qsizetype i = 0; i < json.size(); ++i) {
        const char c = json.at(i);
        if (c == '"') {
            qsizetype j = i + 1;
            bool escaped = false;
            for (; j < json.size(); ++j) {
                if (json.at(j) == '\\')
                    escaped = true;
                else if (json.at(j) == '"')
                    break;
                if (json.at(j) == '\\' && j + 1 < json.size())
                    ++j;
            }
            if (depth == 1 && expectKey) {
                const QByteArray token = json.mid(i, j - i + 1);
                keys << (escaped ? QJsonDocument::fromJson("[" + token + "]").array().at(0).toString()
                                 : QString::fromUtf8(token.mid(1, token.size() - 2)));
                expectKey = false;
            }
            i = j;
        } else if (c == '{' || c == '[') {
            ++depth;
            expectKey = c == '{' && depth == 1;
        } else if (c == '}' || c == ']') {
            --depth;
        } else if (c == ',' && depth == 1) {
            expectKey = true;
        }
    }
    return keys;
}

// A whole number ≥ 0 in JSON, or -1.
qint64 count(const QJsonValue &v) { return v.isDouble() ? v.toInteger(-1) : -1; }

QString shapeText(const std::vector<int64_t> &shape)
{
    QStringList dims;
    for (int64_t d : shape)
        dims << QString::number(d);
    return QLatin1Char('[') + dims.join(QStringLiteral(", ")) + QLatin1Char(']');
}

SafetensorsFile::Info parseTensor(const QString &name, const QJsonValue &value)
{
    if (!value.isObject())
        refuse(Kind::WrongType, SafetensorsFile::tr("The entry for tensor %1 is not a JSON object.").arg(name));
    const QJsonObject o = value.toObject();
    SafetensorsFile::Info info;
    info.name = name;
    if (!o.value(QLatin1String("dtype")).isString())
        refuse(Kind::WrongType, SafetensorsFile::tr("Tensor %1 has no dtype string.").arg(name));
    info.dtype = o.value(QLatin1String("dtype")).toString();
    const SafetensorsDtype *dtype = SafetensorsDtype::find(info.dtype);
    if (!dtype)
        refuse(Kind::UnknownDtype,
               SafetensorsFile::tr("Tensor %1 has the dtype \"%2\", which the safetensors format "
                                   "does not have.")
                   .arg(name, info.dtype));
    info.scalarType = dtype->type;
    const QJsonValue shape = o.value(QLatin1String("shape"));
    const QJsonArray dims = shape.toArray();
    if (!shape.isArray() || dims.size() > 64)
        refuse(Kind::WrongType, SafetensorsFile::tr("Tensor %1 has no shape (a list of at most 64 sizes).").arg(name));
    qint64 elements = 1;
    bool overflow = false;
    for (const QJsonValue &d : dims) {
        const qint64 n = count(d);
        if (n < 0)
            refuse(Kind::WrongType,
                   SafetensorsFile::tr("Tensor %1's shape holds %2, which is not a size (a whole "
                                       "number, 0 or more).")
                       .arg(name, QString::fromUtf8(QJsonDocument(QJsonArray{d}).toJson(QJsonDocument::Compact))));
        info.shape.push_back(n);
        overflow = overflow || __builtin_mul_overflow(elements, n, &elements);
    }
    const QJsonArray offsets = o.value(QLatin1String("data_offsets")).toArray();
    if (offsets.size() != 2 || count(offsets.at(0)) < 0 || count(offsets.at(1)) < 0)
        refuse(Kind::WrongType,
               SafetensorsFile::tr("Tensor %1 has no data_offsets (two whole numbers, begin and "
                                   "end).")
                   .arg(name));
    info.begin = count(offsets.at(0));
    info.end = count(offsets.at(1));
    if (info.end < info.begin)
        refuse(Kind::OutOfRange,
               SafetensorsFile::tr("Tensor %1's data_offsets [%2, %3] end before they begin.")
                   .arg(name)
                   .arg(info.begin)
                   .arg(info.end));
    qint64 bits = 0;
    overflow = overflow || __builtin_mul_overflow(elements, qint64(dtype->bits), &bits);
    if (overflow || bits % 8 != 0 || bits / 8 != info.end - info.begin)
        refuse(Kind::SizeMismatch,
               SafetensorsFile::tr("Tensor %1 is %2 with shape %3, which needs %4 bytes, but its data_offsets "
                                   "[%5, %6] hold %7.")
                   .arg(name, info.dtype, shapeText(info.shape),
                        overflow       ? SafetensorsFile::tr("more than 2⁶³")
                            : bits % 8 ? SafetensorsFile::tr("a part of a byte more than %1").arg(bits / 8)
                                       : QString::number(bits / 8))
                   .arg(info.begin)
                   .arg(info.end)
                   .arg(info.end - info.begin));
    return info;
}

} // namespace

SafetensorsFile::Header SafetensorsFile::parse(const uchar *data, qint64 size)
{
    if (size < 8)
        refuse(Kind::TooShort,
               tr("The file has %1 bytes; a .safetensors file starts with 8 bytes that give its "
                  "header's length.")
                   .arg(size));
    const quint64 n = qFromLittleEndian<quint64>(data);
    if (n > quint64(kMaxHeaderBytes))
        refuse(Kind::HeaderTooLarge,
               tr("Its header would be %1 bytes long; the safetensors format allows at most "
                  "100 MB.")
                   .arg(n));
    if (qint64(n) > size - 8)
        refuse(Kind::HeaderPastEnd,
               tr("Its header would be %1 bytes long, but only %2 bytes follow the length "
                  "field: the file is cut short or is not a .safetensors file.")
                   .arg(n)
                   .arg(size - 8));
    // The header is parsed from the map in place.
    const QByteArray json = QByteArray::fromRawData(reinterpret_cast<const char *>(data) + 8, qsizetype(n));
    QStringDecoder utf8(QStringDecoder::Utf8, QStringDecoder::Flag::Stateless);
    (void)QString(utf8.decode(json));
    if (utf8.hasError())
        refuse(Kind::NotJson, tr("Its header is not UTF-8 text."));
    if (!json.startsWith('{'))
        refuse(Kind::NotJson, tr("Its header does not start with '{' (a JSON object)."));
    QJsonParseError error;
    const QJsonDocument doc = QJsonDocument::fromJson(json, &error);
    if (error.error != QJsonParseError::NoError || !doc.isObject())
        refuse(Kind::NotJson, tr("Its header is not JSON: %1 at byte %2.").arg(error.errorString()).arg(error.offset));
    const QJsonObject root = doc.object();

    Header h;
    h.dataStart = 8 + qint64(n);
    const QStringList keys = topLevelKeys(json);
    QSet<QString> seen;
    for (const QString &key : keys) {
        if (seen.contains(key))
            refuse(Kind::DuplicateName, tr("Its header names %1 twice.").arg(key));
        seen.insert(key);
        if (key == QLatin1String("__metadata__")) {
            const QJsonValue m = root.value(key);
            if (!m.isObject())
                refuse(Kind::WrongType, tr("Its __metadata__ is not a JSON object."));
            const QJsonObject meta = m.toObject();
            for (auto it = meta.begin(); it != meta.end(); ++it) {
                if (!it.value().isString())
                    refuse(Kind::WrongType, tr("Its __metadata__ value %1 is not a string.").arg(it.key()));
                h.metadata << qMakePair(it.key(), it.value().toString());
            }
        } else {
            h.tensors.push_back(parseTensor(key, root.value(key)));
        }
    }

    // The tensors' byte ranges must tile the data area: no overlap, no gap, nothing left over.
    std::stable_sort(h.tensors.begin(), h.tensors.end(), [](const Info &a, const Info &b) {
        return std::pair(a.begin, a.end) < std::pair(b.begin, b.end);
    });
    const qint64 dataSize = size - h.dataStart;
    qint64 at = 0;
    const Info *previous = nullptr;
    for (const Info &t : h.tensors) {
        if (t.end > dataSize)
            refuse(Kind::OutOfRange,
                   tr("Tensor %1's data_offsets [%2, %3] reach past the data area, which holds %4 "
                      "bytes.")
                       .arg(t.name)
                       .arg(t.begin)
                       .arg(t.end)
                       .arg(dataSize));
        if (t.begin < at)
            refuse(Kind::Overlap,
                   tr("Tensor %1's bytes [%2, %3] overlap those of %4 [%5, %6].")
                       .arg(t.name)
                       .arg(t.begin)
                       .arg(t.end)
                       .arg(previous->name)
                       .arg(previous->begin)
                       .arg(previous->end));
        if (t.begin > at)
            refuse(Kind::Gap,
                   tr("Bytes %1 to %2 of the data area belong to no tensor (the next one is %3).")
                       .arg(at)
                       .arg(t.begin)
                       .arg(t.name));
        at = t.end;
        previous = &t;
    }
    if (at != dataSize)
        refuse(Kind::Gap,
               tr("The tensors end at byte %1 of the data area, but it holds %2 bytes: the rest belongs "
                  "to no tensor.")
                   .arg(at)
                   .arg(dataSize));
    return h;
}

// The file's map; unmapped when the last tensor over it goes (from any thread: nothing else
// touches it then).
struct SafetensorsFile::Mapping
{
    explicit Mapping(const QString &path) : file(path) { }
    ~Mapping()
    {
        if (data)
            file.unmap(data);
    }
    QFile file;
    uchar *data = nullptr;
    qint64 size = 0;
};

namespace {
// One tensor's bytes in a file's map: its storage's context. The map lives while one is left.
struct MappedBytes
{
    std::shared_ptr<void> map;
    uchar *begin;
    qint64 size;
};
void releaseMapped(void *context)
{
    auto *m = static_cast<MappedBytes *>(context);
    // The pages only this tensor covered go now, not with the map: after adopt() its bytes are
    // resident once, in its own copy.
    const auto page = uintptr_t(sysconf(_SC_PAGESIZE));
    const uintptr_t first = (reinterpret_cast<uintptr_t>(m->begin) + page - 1) & ~(page - 1);
    const uintptr_t last = (reinterpret_cast<uintptr_t>(m->begin) + uintptr_t(m->size)) & ~(page - 1);
    if (last > first)
        madvise(reinterpret_cast<void *>(first), last - first, MADV_DONTNEED);
    delete m;
}
} // namespace

bool SafetensorsFile::isMapped(const at::Tensor &t)
{
    return t.defined() && t.has_storage() && t.storage().data_ptr().get_deleter() == &releaseMapped;
}

void SafetensorsFile::adopt(const at::Tensor &t, c10::DataPtr copy)
{
    // The storage's size stays; views of it follow, as their data is the storage's plus an offset.
    t.storage().unsafeGetStorageImpl()->set_data_ptr_noswap(std::move(copy));
}

bool SafetensorsFile::ownBytes(const at::Tensor &t)
{
    if (!isMapped(t))
        return false;
    const size_t n = t.storage().nbytes();
    c10::DataPtr copy = c10::GetCPUAllocator()->allocate(n);
    if (n > 0)
        std::memcpy(copy.get(), t.storage().data(), n);
    adopt(t, std::move(copy));
    return true;
}

SafetensorsFile::SafetensorsFile(const QString &path) : m_map(std::make_shared<Mapping>(path))
{
    QFile &f = m_map->file;
    if (!f.open(QIODevice::ReadOnly))
        refuse(Kind::CannotRead, f.errorString());
    m_map->size = f.size();
    if (m_map->size < 8)
        parse(reinterpret_cast<const uchar *>("\0\0\0\0\0\0\0"), m_map->size); // refuses: too short
    // Private: a tensor changed in place gets its own copy of the page, the file stays as it is.
    // The map costs address space, not memory: only the pages that are used are read.
    m_map->data = f.map(0, m_map->size, QFileDevice::MapPrivateOption);
    if (!m_map->data)
        refuse(Kind::CannotRead, f.errorString());
    m_header = parse(m_map->data, m_map->size);
}

qint64 SafetensorsFile::loadableBytes() const
{
    qint64 total = 0;
    for (const Info &t : m_header.tensors)
        if (t.scalarType)
            total += t.end - t.begin;
    return total;
}

std::vector<std::pair<QString, at::Tensor>> SafetensorsFile::load(const Progress &progress) const
{
    const qint64 total = loadableBytes();
    qint64 done = 0;
    auto tell = [&] {
        if (progress && !progress(done, total))
            refuse(Kind::Cancelled, tr("Loading was cancelled."));
    };
    tell();
    std::vector<std::pair<QString, at::Tensor>> out;
    for (const Info &info : m_header.tensors) {
        if (!info.scalarType)
            continue;
        const at::TensorOptions options = at::TensorOptions().dtype(*info.scalarType);
        uchar *bytes = m_map->data + m_header.dataStart + info.begin;
        const qint64 n = info.end - info.begin;
        const auto item = uintptr_t(c10::elementSize(*info.scalarType));
        at::Tensor t;
        if (info.scalarType == c10::ScalarType::Bool || reinterpret_cast<uintptr_t>(bytes) % item != 0 || n == 0) {
            // A bool byte other than 0 or 1 is undefined in LibTorch: read as Python's bool()
            // does, into a storage of its own. Unaligned elements are copied to aligned ones.
            t = at::empty(info.shape, options);
            if (n > 0)
                std::memcpy(t.data_ptr(), bytes, size_t(n));
            if (info.scalarType == c10::ScalarType::Bool && n > 0)
                t.view(c10::ScalarType::Byte).clamp_max_(1);
        } else {
            // Its own context (releaseMapped as the deleter) tells a mapped storage from others.
            auto *context = new MappedBytes{m_map, bytes, n};
            t = at::for_blob(bytes, info.shape).context(context, &releaseMapped).options(options).make_tensor();
        }
        done += n;
        tell();
        out.emplace_back(info.name, t);
    }
    return out;
}

bool SafetensorsFile::loadsUnsignedAndFloat8() { return SafetensorsDtype::loadsUnsignedAndFloat8(); }

QString SafetensorsFile::dtypeName(c10::ScalarType t) { return SafetensorsDtype::nameOf(t); }

namespace {
QByteArray jsonString(const QString &s)
{
    const QByteArray array = QJsonDocument(QJsonArray{s}).toJson(QJsonDocument::Compact); // ["…"]
    return array.mid(1, array.size() - 2);
}
} // namespace

bool SafetensorsFile::write(const QString &path, const std::vector<std::pair<QString, at::Tensor>> &tensors,
                            const QList<QPair<QString, QString>> &metadata, QString *error)
{
    // Largest elements first, then by name, as the reference writer orders them: with the
    // header padded to 8 bytes, every tensor then starts on a multiple of its element size.
    std::vector<size_t> order(tensors.size());
    for (size_t i = 0; i < order.size(); ++i)
        order[i] = i;
    std::stable_sort(order.begin(), order.end(), [&](size_t a, size_t b) {
        const auto sa = tensors[a].second.element_size(), sb = tensors[b].second.element_size();
        return sa != sb ? sa > sb : tensors[a].first < tensors[b].first;
    });
    QByteArray json = "{";
    if (!metadata.isEmpty()) {
        json += "\"__metadata__\":{";
        for (qsizetype i = 0; i < metadata.size(); ++i)
            json += (i ? "," : "") + jsonString(metadata[i].first) + ':' + jsonString(metadata[i].second);
        json += '}';
    }
    qint64 offset = 0;
    for (size_t i : order) {
        const at::Tensor &t = tensors[i].second;
        const qint64 bytes = qint64(t.numel()) * qint64(t.element_size());
        QByteArray shape;
        for (int64_t d : t.sizes())
            shape += (shape.isEmpty() ? "" : ",") + QByteArray::number(qint64(d));
        if (json.size() > 1)
            json += ',';
        json += jsonString(tensors[i].first) + ":{\"dtype\":\"" + dtypeName(t.scalar_type()).toLatin1()
            + "\",\"shape\":[" + shape + "],\"data_offsets\":[" + QByteArray::number(offset) + ','
            + QByteArray::number(offset + bytes) + "]}";
        offset += bytes;
    }
    json += '}';
    json += QByteArray((8 - json.size() % 8) % 8, ' ');

    QSaveFile f(path);
    auto failed = [&] {
        *error = tr("Cannot write %1: %2").arg(path, f.errorString());
        return false;
    };
    if (!f.open(QIODevice::WriteOnly))
        return failed();
    const quint64 n = qToLittleEndian<quint64>(quint64(json.size()));
    if (f.write(reinterpret_cast<const char *>(&n), 8) != 8 || f.write(json) != json.size())
        return failed();
    for (size_t i : order) {
        const at::Tensor host = tensors[i].second.to(c10::kCPU).contiguous();
        const qint64 bytes = qint64(host.numel()) * qint64(host.element_size());
        if (bytes > 0 && f.write(static_cast<const char *>(host.data_ptr()), bytes) != bytes)
            return failed();
    }
    if (!f.commit())
        return failed();
    return true;
}

} // namespace tk
