#pragma once

#include <QString>

namespace tk {

// The BLAS this process really runs matmul with. Debian's LibTorch links libblas.so.3, whose
// provider update-alternatives picks; the torch wheel carries MKL inside libtorch_cpu.
struct BlasLibrary
{
    enum class Kind { OpenBlasPthread, OpenBlas, Mkl, Blis, Reference, BuiltIn };
    Kind kind = Kind::BuiltIn;
    QString path; // the mapped file, empty when built into LibTorch

    // Read from /proc/self/maps: what is mapped, not what the package manager says.
    static BlasLibrary loaded();
    QString label() const; // "OpenBLAS (pthread) — /usr/lib/…"
};

} // namespace tk
