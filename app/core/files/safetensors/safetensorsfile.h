#pragma once
// Core-internal: includes torch.

#include <QCoreApplication>
#include <QFile>
#include <QList>
#include <QPair>
#include <QString>
#include <functional>
#include <memory>
#include <optional>
#include <stdexcept>
#include <torch/types.h>
#include <utility>
#include <vector>

namespace tk {

// .safetensors files, the weight format of Hugging Face transformers, diffusers and accelerate:
// 8 bytes (little-endian) giving the header's length N, N bytes of JSON
// {name: {dtype, shape, data_offsets: [begin, end]}, "__metadata__": {str: str}}, then the data
// area, which the tensors' byte ranges must tile exactly. Nothing in the file is run or
// imported: the header is data, each tensor a byte range.
//
// Opening maps the whole file privately (MAP_PRIVATE: copy-on-write, the file is never written)
// and checks the header against the file's size before any tensor is made. load() makes each
// tensor over its bytes in the map, as safetensors.torch.load_file does: nothing is read until
// a value is used, and the map lives as long as any tensor over it (each storage's deleter holds
// it). A tensor written in place gets private copies of its pages. Until then the map shows the
// file as it is on disk: a file replaced by a new one (renamed over it, as QSaveFile and editors
// do) leaves the tensors as they were, but one rewritten in place changes the pages not yet
// copied, and one cut shorter (even for a moment, as a rewrite opened with truncation does)
// makes reading the lost pages fail with SIGBUS, as with load_file: the kernel drops a private
// map's copied pages past the new end too. So the workspace copies each tensor into memory of
// its own (ownBytes/adopt) as it makes its statistics; only until then does the file reach it.
// load() takes a progress callback so that a caller can report progress and cancel.
class SafetensorsFile
{
    Q_DECLARE_TR_FUNCTIONS(SafetensorsFile)

public:
    // The reference reader refuses larger headers (a header is names and shapes, not data).
    static constexpr qint64 kMaxHeaderBytes = 100'000'000;

    // Why a file was refused: `reason` (translated) names the tensor and the numbers.
    struct Refused : std::runtime_error
    {
        enum class Kind {
            CannotRead, // the file could not be opened or mapped
            TooShort, // fewer than the 8 bytes of the header length
            HeaderTooLarge, // the header length is over kMaxHeaderBytes
            HeaderPastEnd, // the header length reaches past the end of the file
            NotJson, // not UTF-8, not JSON, or not a JSON object
            WrongType, // a field missing or of the wrong JSON type
            UnknownDtype, // a dtype string the format does not have
            DuplicateName, // two tensors (or two __metadata__) with one name
            SizeMismatch, // data_offsets' span is not the bytes dtype × shape needs
            OutOfRange, // data_offsets past the data area, or end before begin
            Overlap, // two tensors' byte ranges overlap
            Gap, // bytes of the data area that no tensor covers
            Cancelled, // the progress callback said stop
        };
        Refused(Kind k, const QString &r) : std::runtime_error(r.toStdString()), kind(k), reason(r) { }
        Kind kind;
        QString reason;
    };

    // One tensor as the header describes it; `dtype` is the format's string ("BF16").
    struct Info
    {
        QString name;
        QString dtype;
        std::vector<int64_t> shape;
        qint64 begin = 0; // within the data area
        qint64 end = 0;
        // LibTorch's type, or none for a dtype the format has and LibTorch lacks (before 2.3:
        // U16, F8_E4M3…; always F4, F6_*, F8_E8M0, F8_*FNUZ)
        std::optional<c10::ScalarType> scalarType;
    };

    struct Header
    {
        std::vector<Info> tensors; // by begin offset (file order)
        QList<QPair<QString, QString>> metadata; // __metadata__, in the header's order
        qint64 dataStart = 0; // 8 + N
    };

    // (bytes copied so far, bytes to copy in all); false stops the load (Refused::Cancelled).
    using Progress = std::function<bool(qint64 done, qint64 total)>;

    // Checks a whole file's bytes the way the format requires; throws Refused. Used by open()
    // on the map, and directly by tests and the fuzzer.
    static Header parse(const uchar *data, qint64 size);

    // Opens and maps `path`, then parse(). Throws Refused.
    explicit SafetensorsFile(const QString &path);
    const Header &header() const { return m_header; }
    // The bytes of every tensor LibTorch has a type for (what load() makes tensors of).
    qint64 loadableBytes() const;
    // Every tensor with a LibTorch type, on the CPU over the map, in file order (a bool tensor,
    // or one whose bytes are not aligned to its elements, is copied into a storage of its own).
    // Throws Refused (Cancelled) or LibTorch's out-of-memory error.
    std::vector<std::pair<QString, at::Tensor>> load(const Progress &progress = {}) const;

    // Whether `t`'s storage lies over a file's map (a tensor load() made, or a view of one).
    static bool isMapped(const at::Tensor &t);
    // Gives a mapped tensor's storage `copy`, memory of its own (c10's CPU allocator, the
    // storage's nbytes) that the caller filled with the storage's bytes as they are now: from then
    // on the file no longer reaches it. The map's pages that storage alone covered are released,
    // the map itself with its last tensor. On the storage's one owning thread only.
    static void adopt(const at::Tensor &t, c10::DataPtr copy);
    // Both: copies a mapped tensor's storage and adopts the copy; false for any other tensor.
    static bool ownBytes(const at::Tensor &t);
    // Whether this LibTorch (2.3 or later) has U16, U32, U64, F8_E4M3 and F8_E5M2.
    static bool loadsUnsignedAndFloat8();
    // The format's name for a LibTorch type ("F32"), or an empty string when it has none.
    static QString dtypeName(c10::ScalarType t);
    // Writes `tensors` (names unique, tensors on any device with values) as the reference
    // writer lays them out: data sorted by element size then name, so every tensor starts on a
    // multiple of its element size; header padded with spaces to 8 bytes; __metadata__ first.
    // One tensor is copied to the CPU at a time, into a QSaveFile: a failed write leaves an old
    // file whole. False with `error` (translated) when the file could not be written; LibTorch's
    // own errors (a copy off a GPU) are thrown.
    static bool write(const QString &path, const std::vector<std::pair<QString, at::Tensor>> &tensors,
                      const QList<QPair<QString, QString>> &metadata, QString *error);

private:
    struct Mapping;
    std::shared_ptr<Mapping> m_map; // the whole file; shared by the tensors load() makes
    Header m_header;
};

} // namespace tk
