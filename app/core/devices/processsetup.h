#pragma once

namespace tk {

// Process-wide settings that must be in place before LibTorch's OpenMP runtime starts.
class ProcessSetup
{
public:
    // LibTorch's OpenMP threads spin-wait after each parallel region; on a machine where
    // OpenBLAS's own pthreads do the matmul, that spinning takes cores away from it (measured
    // here: ~15 % of matmul throughput at N = 512…2048 on 2 cores). libgomp reads
    // OMP_WAIT_POLICY only when it loads, so when the user has not set it we set PASSIVE and
    // re-execute once. Only then: where the BLAS runs on OpenMP itself (the torch wheel's MKL),
    // passive waiting makes every small matmul wait for sleeping threads to wake (measured
    // here: N = 64 at 2.6 instead of 68 GFLOP/s). Returns only if no re-exec happened.
    static void preferPassiveOpenMp(char *argv[]);
};

} // namespace tk
