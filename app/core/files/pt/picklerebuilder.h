#pragma once
// Core-internal: includes torch.

#include "core/files/pt/picklevalue.h"

#include <string>
#include <vector>

namespace tk::pickle {

// What a pickle's names and calls become, without importing or running anything: GLOBAL gives a
// name (one the reader does not know is noted in the findings), and REDUCE on a name it knows
// builds plain data (OrderedDict, set, bytes, complex, torch.Size, torch.device) or a tensor
// from its storage; a class it does not know becomes an Object, refused at the end. The pickle
// machine (Machine) reads the opcodes and asks this for every GLOBAL and REDUCE.
class Rebuilder
{
public:
    Rebuilder(Arena &arena, Findings &findings) : m_arena(arena), m_findings(findings) { }

    Value *global(const std::string &module, const std::string &name);
    Value *call(Value *callable, Value *args);
    // BUILD on an object of a class we do not construct: its state kept; a numpy array becomes
    // the tensor torch.from_numpy gives, a numpy dtype learns its byte order.
    void build(Value *object, Value *state);

private:
    Value *make(Value::T t) { return m_arena.make(t); }
    Value *rebuildTensor(const std::vector<Value *> &a, size_t dtypeArg);
    Value *object(const std::string &cls, Value *args);

    Arena &m_arena;
    Findings &m_findings;
};

} // namespace tk::pickle
