#pragma once

#include <exception>
#include <thread>
#include <type_traits>

class QThread;

namespace tk {

// LibTorch stays off the GUI thread: a device query can block for seconds (CUDA start-up, a
// busy driver) and the GUI must never wait for one. The GUI names its thread here; the core's
// LibTorch entry points check it.
class TorchThread
{
public:
    static void forbid(QThread *thread); // nullptr lifts the ban
    static bool onForbiddenThread();
    // On the forbidden thread: debug builds abort with `where` (release builds too with
    // TK_TORCH_THREAD_FATAL=1); otherwise it warns once per place and counts, so a UI test
    // fails on any call that slipped through.
    static void check(const char *where);
    static int violations();

    // Runs f here, or on a short-lived thread of its own when called on the forbidden thread,
    // and returns its result: for the few checks the GUI must answer at once (is this device
    // there, is there memory for this size), which take milliseconds.
    template<typename F> static std::invoke_result_t<F> offGuiThread(F &&f)
    {
        if (!onForbiddenThread())
            return f();
        std::invoke_result_t<F> result{};
        std::exception_ptr error;
        std::thread t([&] {
            try {
                result = f();
            } catch (...) {
                error = std::current_exception(); // thrown again here, on the caller's thread
            }
        });
        t.join();
        if (error)
            std::rethrow_exception(error);
        return result;
    }
};

} // namespace tk
