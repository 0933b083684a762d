#pragma once
// Core-internal: includes torch.

#include <QFile>
#include <QMutex>
#include <caffe2/serialize/read_adapter_interface.h>
#include <functional>

namespace tk {

// LibTorch's zip reader reading an open file where it is, never the whole file into memory:
// a storage record is read once, straight into the buffer that becomes the tensor's storage.
// Reads past the end come back short, and the zip reader reports a damaged archive (as
// BoundedReadAdapter does for bytes in memory).
class FileReadAdapter : public caffe2::serialize::ReadAdapterInterface
{
public:
    // Handed each piece of a watched read as it lands in the reader's buffer, then (nullptr, 0)
    // once the read is over, complete or not: the sink must be done with the buffer by then,
    // as the zip reader may free it next (a short read is an error).
    using Sink = std::function<void(const char *bytes, size_t n)>;
    static constexpr size_t kPiece = size_t(1) << 20; // small enough to be in the cache still

    explicit FileReadAdapter(QFile &file) : m_file(file), m_size(size_t(file.size())) { }
    size_t size() const override { return m_size; }
    size_t read(uint64_t pos, void *buf, size_t n, const char *what = "") const override;

    // The next read that starts at `pos` and takes at least `n` bytes (a stored record's data,
    // which the zip reader reads in one call) goes in pieces of kPiece, each handed to `sink`
    // once read. An empty sink stops watching.
    void watch(uint64_t pos, size_t n, Sink sink);

private:
    QFile &m_file; // open for reading, unbuffered; outlives the reader
    size_t m_size;
    mutable QMutex m_mutex; // guards m_file's position between seek and read, and the watch
    uint64_t m_watchPos = 0;
    size_t m_watchSize = 0;
    mutable Sink m_sink;
};

} // namespace tk
