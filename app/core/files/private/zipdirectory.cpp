#include "core/files/private/zipdirectory.h"
#include "core/files/private/filereadadapter.h"

#include "core/files/pt/picklevalue.h"

#include <QFile>
#include <algorithm>
#include <string>

namespace tk::pickle {

namespace {

constexpr uint32_t kEnd = 0x06054b50; // end of central directory
constexpr uint32_t kEnd64Locator = 0x07064b50;
constexpr uint32_t kEnd64 = 0x06064b50;
constexpr uint32_t kEntry = 0x02014b50; // central directory file header
constexpr uint64_t kMaxRecords = 1 << 20;

uint64_t le(const std::string &b, size_t at, int bytes)
{
    uint64_t v = 0;
    for (int i = bytes - 1; i >= 0; --i)
        v = v << 8 | uint8_t(b[at + size_t(i)]);
    return v;
}

std::string readAt(const caffe2::serialize::ReadAdapterInterface &source, uint64_t at, uint64_t n)
{
    std::string b(size_t(n), '\0');
    if (n > 0 && source.read(at, b.data(), b.size(), "zip directory") != b.size())
        damaged(QStringLiteral("its zip directory is cut short"));
    return b;
}

} // namespace

ZipDirectory::ZipDirectory(const caffe2::serialize::ReadAdapterInterface &source) : m_fileSize(source.size())
{
    // The end record is the last 22 bytes, or sits before a comment of at most 64 KiB.
    const uint64_t tail = std::min<uint64_t>(m_fileSize, 22 + 0xffff);
    const std::string end = readAt(source, m_fileSize - tail, tail);
    size_t at = std::string::npos;
    for (size_t i = end.size() >= 22 ? end.size() - 22 + 1 : 0; i-- > 0;)
        if (le(end, i, 4) == kEnd) {
            at = i;
            break;
        }
    if (at == std::string::npos)
        damaged(QStringLiteral("its zip archive has no directory"));
    uint64_t count = le(end, at + 10, 2);
    uint64_t dirSize = le(end, at + 12, 4);
    uint64_t dirOffset = le(end, at + 16, 4);
    const uint64_t endAt = m_fileSize - tail + at;
    if (endAt >= 20 && (count == 0xffff || dirSize == 0xffffffff || dirOffset == 0xffffffff)) {
        const std::string locator = readAt(source, endAt - 20, 20);
        if (le(locator, 0, 4) == kEnd64Locator) {
            const uint64_t end64At = le(locator, 8, 8);
            if (end64At > m_fileSize || m_fileSize - end64At < 56)
                damaged(QStringLiteral("its zip64 directory lies outside the file"));
            const std::string end64 = readAt(source, end64At, 56);
            if (le(end64, 0, 4) != kEnd64)
                damaged(QStringLiteral("its zip64 directory is damaged"));
            count = le(end64, 32, 8);
            dirSize = le(end64, 40, 8);
            dirOffset = le(end64, 48, 8);
        }
    }
    if (count > kMaxRecords || dirOffset > m_fileSize || dirSize > m_fileSize - dirOffset)
        damaged(QStringLiteral("its zip directory claims more than the file holds"));
    const std::string dir = readAt(source, dirOffset, dirSize);
    size_t p = 0;
    for (uint64_t n = 0; n < count; ++n) {
        if (dir.size() - p < 46 || le(dir, p, 4) != kEntry)
            damaged(QStringLiteral("its zip directory is damaged"));
        Record r;
        r.method = uint16_t(le(dir, p + 10, 2));
        r.compressed = le(dir, p + 20, 4);
        r.size = le(dir, p + 24, 4);
        r.localHeader = le(dir, p + 42, 4);
        const size_t nameLength = le(dir, p + 28, 2), extraLength = le(dir, p + 30, 2),
                     commentLength = le(dir, p + 32, 2);
        if (dir.size() - p - 46 < nameLength + extraLength + commentLength)
            damaged(QStringLiteral("its zip directory is damaged"));
        std::string name = dir.substr(p + 46, nameLength);
        // Zip64: the fields that read 0xffffffff follow in the extra field 0x0001, in order.
        for (size_t e = p + 46 + nameLength, stop = e + extraLength; stop - e >= 4;) {
            const uint64_t id = le(dir, e, 2), length = le(dir, e + 2, 2);
            if (stop - e - 4 < length)
                break;
            if (id == 1) {
                size_t f = e + 4;
                for (uint64_t *field : {&r.size, &r.compressed, &r.localHeader})
                    if (*field == 0xffffffff && f + 8 <= e + 4 + length) {
                        *field = le(dir, f, 8);
                        f += 8;
                    }
            }
            e += 4 + length;
        }
        p += 46 + nameLength + extraLength + commentLength;
        // torch.save puts every record in one folder ("archive/data.pkl"); named without it.
        const size_t slash = name.find('/');
        const std::string inner = slash == std::string::npos ? name : name.substr(slash + 1);
        if (inner.rfind("code/", 0) == 0 || inner == "constants.pkl")
            m_hasCode = true;
        r.name = std::move(name);
        m_records[inner] = std::move(r);
    }
}

const ZipDirectory::Record *ZipDirectory::find(const std::string &name) const
{
    const auto it = m_records.find(name);
    return it == m_records.end() ? nullptr : &it->second;
}

std::vector<ZipDirectory::Record> ZipDirectory::inOrder(const QString &path)
{
    QFile f(path);
    if (!f.open(QIODevice::ReadOnly | QIODevice::Unbuffered))
        return {};
    try {
        const FileReadAdapter source(f);
        return ZipDirectory(source).ordered();
    } catch (const std::exception &) {
        return {};
    }
}

std::optional<uint64_t> ZipDirectory::dataAt(const Record &r, const caffe2::serialize::ReadAdapterInterface &source)
{
    constexpr size_t kLocalHeaderBytes = 30;
    std::string local(kLocalHeaderBytes, '\0');
    if (source.read(r.localHeader, local.data(), kLocalHeaderBytes, "zip local header") != kLocalHeaderBytes
        || le(local, 0, 4) != 0x04034b50)
        return std::nullopt;
    return r.localHeader + kLocalHeaderBytes + le(local, 26, 2) + le(local, 28, 2);
}

std::vector<ZipDirectory::Record> ZipDirectory::ordered() const
{
    std::vector<Record> out;
    for (const auto &[name, r] : m_records)
        out.push_back(r);
    std::sort(out.begin(), out.end(), [](const Record &a, const Record &b) { return a.localHeader < b.localHeader; });
    return out;
}

void ZipDirectory::check() const
{
    for (const auto &[name, r] : m_records) {
        const bool neverRead = name.rfind("code/", 0) == 0 || name == "constants.pkl"
            || (name.size() > 10 && name.compare(name.size() - 10, 10, ".debug_pkl") == 0);
        if (neverRead)
            continue;
        if (r.method != 0)
            damaged(QStringLiteral("its record %1 is compressed (method %2); torch.save stores every record as is")
                        .arg(QString::fromStdString(name))
                        .arg(r.method));
        if (r.compressed != r.size || r.localHeader > m_fileSize || r.size > m_fileSize - r.localHeader)
            damaged(QStringLiteral("its record %1 claims %2 bytes, more than the file holds")
                        .arg(QString::fromStdString(name))
                        .arg(r.size));
    }
}

} // namespace tk::pickle
