#include "core/races/lanes/traininglanes.h"

#include "core/common/unitregistry.h"
#include "core/races/lanes/dataparallellane.h"
#include "core/races/lanes/ddplane.h"
#include "core/races/lanes/libtorchlane.h"
#include "core/races/lanes/pythonlane.h"

namespace tk {

namespace {
UnitRegistry<TrainingLane> &registry()
{
    static UnitRegistry<TrainingLane> r([] {
        // The built-ins, in the order the bench's help and the docs name them.
        std::vector<std::unique_ptr<TrainingLane>> builtIns;
        builtIns.push_back(std::make_unique<LibTorchLane>());
        builtIns.push_back(std::make_unique<PythonLane>());
        builtIns.push_back(std::make_unique<DdpLane>());
        builtIns.push_back(std::make_unique<DataParallelLane>());
        return builtIns;
    }());
    return r;
}
} // namespace

const TrainingLane *TrainingLanes::find(const QString &id) { return registry().find(id); }

const TrainingLane &TrainingLanes::of(const QString &id)
{
    const TrainingLane *kind = find(id);
    return kind ? *kind : *find(kLibTorch);
}

QStringList TrainingLanes::ids()
{
    QStringList out;
    for (const TrainingLane *k : registry().all())
        out << k->id();
    return out;
}

bool TrainingLanes::add(std::unique_ptr<TrainingLane> kind) { return registry().add(std::move(kind)); }

QString TrainLane::label() const { return TrainingLanes::of(kind).label(*this); }

} // namespace tk
