#include "core/watch/watchmessage.h"

namespace tk {

WatchMessage::Type WatchMessage::type() const
{
    return std::visit(
        [](const auto &b) {
            using B = std::decay_t<decltype(b)>;
            if constexpr (std::is_same_v<B, WatchHello>)
                return Type::Hello;
            else if constexpr (std::is_same_v<B, message::Devices>)
                return Type::Devices;
            else if constexpr (std::is_same_v<B, MoveReport>)
                return Type::Move;
            else if constexpr (std::is_same_v<B, message::MoveTime>)
                return Type::MoveTime;
            else if constexpr (std::is_same_v<B, message::Tensors>)
                return Type::Tensors;
            else if constexpr (std::is_same_v<B, message::Memory>)
                return Type::Memory;
            else if constexpr (std::is_same_v<B, WatchDataWait>)
                return Type::DataWait;
            else if constexpr (std::is_same_v<B, message::Step>)
                return b.step.isCell ? Type::Cell : Type::Step;
            else if constexpr (std::is_same_v<B, WatchCollective>)
                return Type::Collective;
            else if constexpr (std::is_same_v<B, OpError>)
                return Type::Error;
            else if constexpr (std::is_same_v<B, message::Dropped>)
                return Type::Dropped;
            else if constexpr (std::is_same_v<B, WatchRecordingCap>)
                return Type::RecordingCapped;
            else if constexpr (std::is_same_v<B, message::Notice>)
                return Type::Notice;
            else {
                // A body added to the variant without its type fails here.
                static_assert(std::is_same_v<B, message::Bye>, "a message body without its type");
                return Type::Bye;
            }
        },
        body);
}

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
