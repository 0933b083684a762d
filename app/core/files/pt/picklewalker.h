#pragma once
// Core-internal: includes torch.

#include "core/files/pt/picklevalue.h"

#include <QString>
#include <QVariantList>
#include <cstddef>
#include <map>
#include <set>
#include <utility>
#include <vector>

namespace tk::pickle {

// From the object to cards: every tensor with its path, every other value listed. A pickled
// nn.Module's tensors are named as its state_dict() names them; another object's by attribute.
class Walker
{
public:
    Walker(PtFile::Contents &out, const QString &base) : m_out(out), m_base(base) { }

    void walk(const Value *v, const QVariantList &keys, const QString &path, const QString &name, int depth);

private:
    // Where a value is: its subscripts (while no object was crossed), the Python that reaches
    // it from the loaded object, its path and its card name.
    struct Where
    {
        QVariantList keys;
        QString access;
        bool viaObject = false;
        QString path;
        QString name;
    };
    void walkAt(const Value *v, const Where &at, int depth);
    void walkItems(const std::vector<Value *> &items, bool pairs, const Where &at, int depth);
    void walkObject(const Value *v, const Where &at, int depth);
    void walkModule(const Value *m, const Where &at, const QString &prefix, int depth, QStringList *children);
    void add(const Value *tensor, const Where &at);
    static bool kitchenModel(const Value *m, std::vector<std::pair<int64_t, int64_t>> *layers);
    bool hasTensor(const Value *v, int depth);
    void other(const QString &path, const QString &text)
    {
        if (m_out.others.size() < PtFile::kMaxOthers)
            m_out.others << QStringLiteral("%1 = %2").arg(path.isEmpty() ? m_base : path, text);
        ++m_out.otherCount;
    }

    static constexpr int kMaxDepth = 100;
    static constexpr size_t kMaxVisits = 4'000'000;
    static constexpr size_t kMaxTensors = 10'000;
    PtFile::Contents &m_out;
    QString m_base; // the file's name, for a value at the top
    std::map<const Value *, bool> m_hasTensor;
    std::set<const Value *> m_onPath;
    size_t m_visits = 0;
};

} // namespace tk::pickle
