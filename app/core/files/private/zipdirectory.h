#pragma once
// Core-internal: includes torch (its read adapter).

#include <QString>
#include <caffe2/serialize/read_adapter_interface.h>
#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <vector>

namespace tk::pickle {

// A zip archive's central directory, read before any record is: how each record is stored and
// how large it says it is. LibTorch's reader allocates a record's uncompressed size as the
// directory claims it and inflates what it finds, so a deflated record claiming gigabytes is
// allocated as claimed; the archive is checked here first (ZipDirectory::check).
class ZipDirectory
{
public:
    struct Record
    {
        uint16_t method = 0; // 0 stored (as torch.save writes every record), 8 deflated
        uint64_t compressed = 0;
        uint64_t size = 0; // uncompressed
        uint64_t localHeader = 0;
        std::string name; // as the archive has it, its folder too
    };

    // Reads the directory of `source`; throws PtFile::Refused (Damaged) when it is not one.
    explicit ZipDirectory(const caffe2::serialize::ReadAdapterInterface &source);

    // The record `name` under the archive's folder ("data.pkl" → "archive/data.pkl"), or null.
    const Record *find(const std::string &name) const;
    // Every record, by name without the archive's folder.
    const std::map<std::string, Record> &records() const { return m_records; }
    // Where `r`'s bytes start in `source`: after its local header, whose name and extra field
    // may differ in length from the directory's. Null when no local header is there.
    static std::optional<uint64_t> dataAt(const Record &r, const caffe2::serialize::ReadAdapterInterface &source);
    // Every record in the archive's order (np.savez's argument order).
    std::vector<Record> ordered() const;
    // The records of the zip at `path` in the archive's order, for a format's claim on a file;
    // empty when it is no zip or a damaged one (the format's load then says what is wrong).
    static std::vector<Record> inOrder(const QString &path);
    // Whether the archive holds TorchScript: code/ (torch.jit.save, LibTorch's torch::save) or
    // constants.pkl. Its code is never read nor run here.
    bool hasCode() const { return m_hasCode; }
    // Every record the readers read (all but code/, constants.pkl and debug pickles) must be
    // stored, and lie within the file; throws Refused (Damaged) naming the first that does not.
    void check() const;

private:
    std::map<std::string, Record> m_records; // by name without the archive's folder
    uint64_t m_fileSize = 0;
    bool m_hasCode = false;
};

} // namespace tk::pickle
