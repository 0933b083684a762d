#pragma once

#include <QString>
#include <QStringList>
#include <memory>

namespace tk {

class TrainingLane;

// The training race's lane kinds, by id: the built-ins (the LibTorch C++ lane, Python, DDP,
// nn.DataParallel) and any added. The one place a kind is looked up by its id.
class TrainingLanes
{
public:
    static inline const QString kLibTorch = QStringLiteral("libtorch");
    static inline const QString kPython = QStringLiteral("python");
    static inline const QString kDdp = QStringLiteral("ddp");
    static inline const QString kDataParallel = QStringLiteral("dp");

    // The kind with this id, or null.
    static const TrainingLane *find(const QString &id);
    // The kind with this id; the LibTorch lane for an id nobody registered (TrainingRace::start
    // refuses such a lane before anything runs).
    static const TrainingLane &of(const QString &id);
    static QStringList ids();
    // Adds a kind (a test's lane, a plug-in's); false when its id is taken. Call from the GUI
    // thread before a race starts.
    static bool add(std::unique_ptr<TrainingLane> kind);
};

} // namespace tk
