#pragma once
// Core-internal: includes torch.

#include "core/files/private/filereadadapter.h"
#include "core/files/pt/picklevalue.h"

#include <QByteArray>
#include <QString>
#include <caffe2/serialize/inline_container.h>
#include <caffe2/serialize/read_adapter_interface.h>
#include <cstdint>
#include <exception>
#include <functional>
#include <memory>
#include <string>
#include <vector>

namespace tk::pickle {

// LibTorch's first line, without its "[enforce fail at file.cc:129] ." prefix.
QString libtorchWords(const std::exception &e);

// Called after each storage's record is read, with its bytes; it may throw to stop the load.
using StorageRead = std::function<void(int64_t bytes)>;

// torch.save's zip archive (and torch::pickle_save's) once its pickle is read: the storages it
// names, in the pickle's order, each still without its bytes (readStorages reads them), so a
// file refused for what its pickle holds is refused before its tensors are read.
struct ZipArchive
{
    struct Pending
    {
        std::string record; // "data/0"
        at::Storage storage; // what the tensors view; its bytes come from the record
        int64_t bytes = 0;
    };
    std::unique_ptr<caffe2::serialize::PyTorchStreamReader> reader;
    std::vector<Pending> pending;
};

// data.pkl of torch.save's zip archive, and data/<key> named per storage (in `archive`).
Value *readZip(std::shared_ptr<caffe2::serialize::ReadAdapterInterface> source, Arena &arena, Findings &findings,
               bool *savedOffCpu, bool *torchScript, ZipArchive &archive);
// Bytes in memory as the zip reader's source, every read clamped to them.
std::shared_ptr<caffe2::serialize::ReadAdapterInterface> boundedAdapter(const QByteArray &bytes);

// Reads each storage's record once, into the buffer the storage then keeps (one copy, none
// kept aside). Where `watcher` is the archive's source, `sinkFor` may give a storage a sink
// that is handed its bytes piece by piece as they arrive (a summary made while they are in
// the cache). `onRead` follows each storage.
using SinkFor = std::function<std::function<void(const char *, size_t)>(const at::Storage &storage)>;
void readStorages(ZipArchive &archive, FileReadAdapter *watcher, const SinkFor &sinkFor, const StorageRead &onRead);

// torch.save's format before PyTorch 1.6 (still written with
// _use_new_zipfile_serialization=False): five pickles in a row (magic number, protocol
// version, system info, the object, the storage keys), then each storage's element count and
// bytes in the keys' order. Read where it is: the pickles through a buffer that grows as they
// need, each storage's bytes straight into it (so the peak is the tensors' bytes and little
// more). `onRead` follows each piece of a storage read.
Value *readLegacy(const std::shared_ptr<caffe2::serialize::ReadAdapterInterface> &source, Arena &arena,
                  Findings &findings, bool *savedOffCpu, const StorageRead &onRead);

} // namespace tk::pickle
