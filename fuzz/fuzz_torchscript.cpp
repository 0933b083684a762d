// libFuzzer: TorchScript archives (torch.jit.save, LibTorch's torch::save), code/ and
// constants.pkl beside data.pkl. Their code is never compiled nor run: only data.pkl is read.
// The corpus is real torch.jit.save files; their records are stored and LibTorch's reader does
// not check CRCs, so mutations reach the pickle and the directory alike.
#include "fuzzload.h"

#include "core/files/pt/picklearchive.h"
#include "core/files/private/zipdirectory.h"

namespace {

bool holdsCode(const uint8_t *data, size_t size)
{
    try {
        const QByteArray bytes = QByteArray::fromRawData(reinterpret_cast<const char *>(data), qsizetype(size));
        return tk::pickle::ZipDirectory(*tk::pickle::boundedAdapter(bytes)).hasCode();
    } catch (...) {
        return false; // not a zip directory: refused by the load as well
    }
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    return fuzzLoad(data, size, "input.pt", [&](const tk::Workspace &w, const tk::Outcome &o) {
        if (!o.ok() || !holdsCode(data, size))
            return;
        // An archive with code loaded: no line of its code log may run in Python as it is.
        for (const tk::CodeLine &line : w.codeLog().lines())
            if (line.inert.isEmpty())
                __builtin_trap();
    });
}
