// libFuzzer: the bytes a watched program sends (or a recording holds), through the line reader
// and the parser into a WatchedProgram, as the server and the replay feed it. Whatever comes,
// the program's state must stay within the protocol's limits, and a refusal must say why.
#include "core/watch/watchedprogram.h"

#include <QCoreApplication>
#include <cstddef>
#include <cstdint>

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    static int argc = 1;
    static char name[] = "fuzz";
    static char *argv[] = {name, nullptr};
    static QCoreApplication app(argc, argv); // the program's batch timer wants one
    tk::WatchedProgram program;
    // The first byte picks how the input is cut, as socket reads cut it anywhere.
    const size_t step = size > 0 ? 1 + data[0] % 64 : 1;
    const char *bytes = reinterpret_cast<const char *>(data);
    for (size_t at = size > 0 ? 1 : 0; at < size; at += step)
        program.feed(QByteArray(bytes + at, qsizetype(qMin(step, size - at))));
    program.finishInput();
    program.flush();

    using State = tk::WatchedProgram::State;
    if (program.state() == State::AwaitingHello || program.state() == State::Running)
        __builtin_trap(); // the end of the input ends the stream
    if (program.state() == State::Refused && program.refusal().isEmpty())
        __builtin_trap();
    if (program.cards().size() > tk::WatchedProgram::kMaxCards
        || program.devices().size() > tk::WatchedProgram::kMaxDevices)
        __builtin_trap();
    const tk::WatchCounters c = program.counters();
    if (c.malformed < 0 || c.oversized < 0 || c.unknown < 0 || c.dropped < 0)
        __builtin_trap();
    qint64 lastId = -1;
    for (const tk::MoveReport &m : program.moves()) {
        if (m.program.id <= lastId || m.bytes < 0 || !(m.seconds >= 0) || !tk::WatchParser::isDevice(m.fromDevice)
            || !tk::WatchParser::isDevice(m.toDevice) || m.sourceName.size() > tk::WatchParser::kMaxString)
            __builtin_trap();
        lastId = m.program.id;
        (void)m.describe();
    }
    for (const tk::OpError &e : program.errors())
        if (e.devices.size() > tk::WatchParser::kMaxDevices || e.message.size() > tk::WatchParser::kMaxString)
            __builtin_trap();
    for (const tk::WatchCard &card : program.cards())
        if (card.shape.size() > tk::WatchParser::kMaxShape || !tk::WatchParser::isDevice(card.device))
            __builtin_trap();
    return 0;
}
