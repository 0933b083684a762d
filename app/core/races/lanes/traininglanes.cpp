#include "core/races/lanes/traininglanes.h"

#include "core/races/lanes/dataparallellane.h"
#include "core/races/lanes/ddplane.h"
#include "core/races/lanes/libtorchlane.h"
#include "core/races/lanes/pythonlane.h"

#include <QMutex>
#include <vector>

namespace tk {

namespace {

struct Registry
{
    QMutex mutex; // kinds are read from the race's, the sweep's and the bench's threads
    std::vector<std::unique_ptr<TrainingLane>> kinds;

    Registry()
    {
        // The built-ins, in the order the bench's help and the docs name them.
        kinds.push_back(std::make_unique<LibTorchLane>());
        kinds.push_back(std::make_unique<PythonLane>());
        kinds.push_back(std::make_unique<DdpLane>());
        kinds.push_back(std::make_unique<DataParallelLane>());
    }
};

Registry &registry()
{
    static Registry r;
    return r;
}

} // namespace

// A kind, once added, is never removed: the pointers handed out stay valid.
const TrainingLane *TrainingLanes::find(const QString &id)
{
    Registry &r = registry();
    const QMutexLocker lock(&r.mutex);
    for (const auto &k : r.kinds)
        if (k->id() == id)
            return k.get();
    return nullptr;
}

const TrainingLane &TrainingLanes::of(const QString &id)
{
    const TrainingLane *kind = find(id);
    return kind ? *kind : *find(kLibTorch);
}

QStringList TrainingLanes::ids()
{
    Registry &r = registry();
    const QMutexLocker lock(&r.mutex);
    QStringList out;
    for (const auto &k : r.kinds)
        out << k->id();
    return out;
}

bool TrainingLanes::add(std::unique_ptr<TrainingLane> kind)
{
    if (!kind || find(kind->id()))
        return false;
    Registry &r = registry();
    const QMutexLocker lock(&r.mutex);
    r.kinds.push_back(std::move(kind));
    return true;
}

QString TrainLane::label() const { return TrainingLanes::of(kind).label(*this); }

} // namespace tk
