#include "core/devices/processsetup.h"

#include "core/devices/blaslibrary.h"

#include <cstdlib>
#include <unistd.h>

namespace tk {

void ProcessSetup::preferPassiveOpenMp(char *argv[])
{
#ifdef __linux__
    if (std::getenv("OMP_WAIT_POLICY") || std::getenv("TK_NO_REEXEC"))
        return;
    // LibTorch is linked, so its BLAS is already mapped: only OpenBLAS's pthread build keeps
    // a thread pool of its own that spinning OpenMP threads would compete with.
    if (BlasLibrary::loaded().kind != BlasLibrary::Kind::OpenBlasPthread)
        return;
    setenv("OMP_WAIT_POLICY", "PASSIVE", 1);
    setenv("TK_NO_REEXEC", "1", 1); // never loop, even if the policy is unset again
    execv("/proc/self/exe", argv);
    // execv failed: carry on with the default policy.
#else
    (void)argv;
#endif
}

} // namespace tk
