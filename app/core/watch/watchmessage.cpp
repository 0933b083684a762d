#include "core/watch/watchmessage.h"

namespace tk {

QString WatchMessage::typeName(Type type)
{
    switch (type) {
    case Type::Hello:
        return QStringLiteral("hello");
    case Type::Devices:
        return QStringLiteral("devices");
    case Type::Move:
        return QStringLiteral("move");
    case Type::MoveTime:
        return QStringLiteral("move_time");
    case Type::Tensors:
        return QStringLiteral("tensors");
    case Type::Memory:
        return QStringLiteral("memory");
    case Type::DataWait:
        return QStringLiteral("data_wait");
    case Type::Step:
        return QStringLiteral("step");
    case Type::Cell:
        return QStringLiteral("cell");
    case Type::Collective:
        return QStringLiteral("collective");
    case Type::Error:
        return QStringLiteral("error");
    case Type::Dropped:
        return QStringLiteral("dropped");
    case Type::RecordingCapped:
        return QStringLiteral("recording_capped");
    case Type::Notice:
        return QStringLiteral("notice");
    case Type::Bye:
        return QStringLiteral("bye");
    }
    return {};
}

} // namespace tk
