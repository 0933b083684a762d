#include "processsetup.h"

#include <cstdlib>
#include <unistd.h>

namespace tk {

void ProcessSetup::preferPassiveOpenMp(char *argv[])
{
#ifdef __linux__
    if (std::getenv("OMP_WAIT_POLICY") || std::getenv("TK_NO_REEXEC"))
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
