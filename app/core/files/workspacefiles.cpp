// Workspace: sessions and .pt files (the rest of the class is in workspace.cpp).
#include "workspaceprivate.h"

#include "sessionframe.h"

#include <QCryptographicHash>
#include <QDataStream>
#include <QFile>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QSaveFile>
#include <cmath>
#include <caffe2/serialize/inline_container.h>
#include <caffe2/serialize/read_adapter_interface.h>
#include <torch/csrc/jit/serialization/import_read.h>
#include <torch/serialize.h>

namespace tk {

namespace {

QByteArray rawBytes(const at::Tensor &t)
{
    if (t.is_meta())
        return {};
    const at::Tensor c = t.to(torch::kCPU).contiguous();
    return QByteArray(static_cast<const char *>(c.data_ptr()), qsizetype(c.numel() * c.element_size()));
}

QJsonArray shapeJson(const at::Tensor &t)
{
    QJsonArray a;
    for (int64_t s : t.sizes())
        a.append(double(s));
    return a;
}

// A shape read from a file: at most 8 dimensions, none negative, a size that cannot overflow.
std::vector<int64_t> shapeFrom(const QJsonArray &a)
{
    if (a.size() > 8)
        throw std::runtime_error("too many dimensions");
    std::vector<int64_t> v;
    QList<qint64> q;
    for (const QJsonValue &x : a) {
        const double d = x.toDouble(-1);
        if (!(d >= 0) || d > 1e15 || d != std::floor(d))
            throw std::runtime_error("bad size");
        v.push_back(int64_t(d));
        q << qint64(d);
    }
    if (!TensorSpec::numel(q))
        throw std::runtime_error("size overflows");
    return v;
}

// The device a saved card gets here: the same, or the CPU when that GPU is missing.
QString placeHere(const QString &saved, const QString &name, QStringList *notices)
{
    if (!saved.startsWith(QLatin1String("cuda")))
        return saved;
    bool found = false;
    DeviceRegistry::device(saved, &found);
    if (found)
        return saved;
    if (notices)
        *notices << QCoreApplication::translate("Workspace", "%1 was on %2, which this machine does not have: it is on the CPU now.")
                        .arg(name, saved);
    return QStringLiteral("cpu");
}

at::Tensor tensorFrom(const QByteArray &raw, const std::vector<int64_t> &shape, c10::ScalarType dt,
                      const QString &device)
{
    const c10::Device dev(device.toStdString());
    if (dev.is_meta())
        return torch::empty(shape, torch::TensorOptions().dtype(dt).device(dev));
    const int64_t numel = c10::multiply_integers(shape);
    // The bytes are there before anything is allocated: a file cannot ask for more than it holds.
    if (qint64(raw.size()) != numel * qint64(c10::elementSize(dt)))
        throw std::runtime_error("size mismatch");
    at::Tensor t = torch::empty(shape, torch::TensorOptions().dtype(dt));
    if (numel > 0) // an empty tensor has no buffer to copy into (found by fuzz_session)
        std::memcpy(t.data_ptr(), raw.constData(), size_t(raw.size()));
    return t.to(dev);
}

// LibTorch 1.13's in-memory reader copies whatever the zip reader asks for, even past the end
// of the buffer, so a malformed .pt makes it read out of bounds (found by fuzz_pt). This one
// clamps every read; the zip reader then reports a short read as a damaged archive.
class BoundedReadAdapter : public caffe2::serialize::ReadAdapterInterface
{
public:
    explicit BoundedReadAdapter(const QByteArray &data) : m_data(data) {}
    size_t size() const override { return size_t(m_data.size()); }
    size_t read(uint64_t pos, void *buf, size_t n, const char *) const override
    {
        if (pos >= size())
            return 0;
        n = std::min<size_t>(n, size() - size_t(pos));
        std::memcpy(buf, m_data.constData() + pos, n);
        return n;
    }

private:
    QByteArray m_data;
};

// torch::pickle_load, with the bounded reader for zip archives (what torch.save writes).
c10::IValue pickleLoad(const QByteArray &bytes)
{
    if (bytes.startsWith("PK\x03\x04")) {
        caffe2::serialize::PyTorchStreamReader reader(std::make_shared<BoundedReadAdapter>(bytes));
        return torch::jit::readArchiveAndTensors("data", "", "", {}, {}, {}, reader);
    }
    return torch::pickle_load(std::vector<char>(bytes.begin(), bytes.end()));
}

QString pyName(QString s)
{
    s.replace(QRegularExpression(QStringLiteral("[^A-Za-z0-9_]")), QStringLiteral("_"));
    if (s.isEmpty() || s.at(0).isDigit())
        s.prepend(QLatin1Char('t'));
    return s;
}

} // namespace

QByteArray Workspace::saveSession(QString *error) const
{
    try {
        QJsonArray cards;
        QList<QByteArray> blobs;
        std::map<int, int> indexOf; // card id → position in the file
        int index = 0;
        for (const auto &[id, e] : d->entries) {
            QJsonObject c{{QStringLiteral("name"), e.info.name},
                          {QStringLiteral("kind"), e.info.kind},
                          {QStringLiteral("device"), e.info.device}};
            if (e.module) {
                QJsonArray layers;
                for (const auto &child : e.module->children()) {
                    if (auto *lin = child->as<torch::nn::Linear>())
                        layers.append(QJsonArray{double(lin->options.in_features()), double(lin->options.out_features())});
                    else
                        layers.append(QStringLiteral("relu"));
                }
                c[QStringLiteral("layers")] = layers;
                for (const auto &p : e.module->parameters())
                    blobs << rawBytes(p);
            } else if (e.optimizer) {
                c[QStringLiteral("model")] = indexOf.count(e.modelId) ? indexOf[e.modelId] : -1;
                c[QStringLiteral("type")] = ModelFactory::name(ModelFactory::kindOf(*e.optimizer));
            } else if (e.tensor.defined()) {
                c[QStringLiteral("dtype")] = e.info.dtype;
                c[QStringLiteral("shape")] = shapeJson(e.tensor);
                // The same tensor under two names stays one storage after loading.
                int alias = -1;
                int j = 0;
                for (const auto &[oid, o] : d->entries) {
                    if (j >= index)
                        break;
                    if (o.tensor.defined() && !o.module && o.tensor.is_same(e.tensor))
                        alias = j;
                    ++j;
                }
                c[QStringLiteral("alias")] = alias;
                blobs << (alias >= 0 ? QByteArray() : rawBytes(e.tensor));
            }
            cards.append(c);
            indexOf[id] = index++;
        }
        QJsonArray code;
        for (const CodeLine &l : d->log.lines())
            code.append(QJsonObject{{QStringLiteral("code"), l.code},
                                    {QStringLiteral("errorType"), l.errorType},
                                    {QStringLiteral("error"), l.error},
                                    {QStringLiteral("refused"), l.refused}});
        const QJsonObject meta{{QStringLiteral("app"), QStringLiteral("Tensor Kitchen %1").arg(QStringLiteral(TK_VERSION))},
                               {QStringLiteral("cards"), cards},
                               {QStringLiteral("code"), code}};
        QByteArray payload;
        QDataStream out(&payload, QIODevice::WriteOnly);
        out.setVersion(QDataStream::Qt_6_4);
        out << QJsonDocument(meta).toJson(QJsonDocument::Compact) << quint32(blobs.size());
        for (const QByteArray &b : blobs)
            out << b;
        return SessionFrame::wrap(payload);
    } catch (const std::exception &e) {
        if (error)
            *error = torchutil::cleanMessage(e.what());
        return {};
    }
}

bool Workspace::loadSession(const QByteArray &data, QString *error, QStringList *notices)
{
    auto fail = [error](const QString &m) {
        if (error)
            *error = m;
        return false;
    };
    const std::optional<QByteArray> framed = SessionFrame::unwrap(data, error);
    if (!framed)
        return false;
    const QByteArray &payload = *framed;
    QDataStream body(payload);
    body.setVersion(QDataStream::Qt_6_4);
    QByteArray json;
    quint32 blobCount = 0;
    body >> json >> blobCount;
    QList<QByteArray> blobs;
    for (quint32 i = 0; i < blobCount && body.status() == QDataStream::Ok; ++i) {
        QByteArray b;
        body >> b;
        blobs << b;
    }
    const QJsonObject meta = QJsonDocument::fromJson(json).object();
    if (body.status() != QDataStream::Ok || !meta.value(QStringLiteral("cards")).isArray())
        return fail(tr("The session file is corrupt: its contents cannot be read."));

    // Build everything aside; the current kitchen is replaced only when all of it worked.
    Workspace fresh;
    QStringList notes;
    try {
        std::vector<int> ids;
        int blob = 0;
        auto nextBlob = [&]() -> QByteArray {
            if (blob >= blobs.size())
                throw std::runtime_error("missing data");
            return blobs.at(blob++);
        };
        for (const QJsonValue &v : meta.value(QStringLiteral("cards")).toArray()) {
            const QJsonObject c = v.toObject();
            const QString name = c.value(QStringLiteral("name")).toString();
            const QString kind = c.value(QStringLiteral("kind")).toString();
            if (!TensorSpec::isValidName(name))
                throw std::runtime_error("bad name");
            const QString device = placeHere(c.value(QStringLiteral("device")).toString(), name, &notes);
            Private::Entry e;
            e.info.name = name;
            e.info.kind = kind;
            if (kind == QLatin1String("model")) {
                const QJsonArray layers = c.value(QStringLiteral("layers")).toArray();
                if (layers.isEmpty() || layers.size() > 130)
                    throw std::runtime_error("bad model");
                std::vector<std::pair<int64_t, int64_t>> shape; // {0, 0}: a ReLU
                int next = blob;
                for (const QJsonValue &l : layers) {
                    if (!l.isArray()) {
                        shape.emplace_back(0, 0);
                        continue;
                    }
                    const double in = l.toArray().at(0).toDouble(), out = l.toArray().at(1).toDouble();
                    if (!(in >= 1 && in <= 65536 && out >= 1 && out <= 65536) || in * out > double(1 << 26))
                        throw std::runtime_error("bad layer");
                    // Weights and bias must be in the file before the layer is made.
                    if (device != QLatin1String("meta")
                        && (next + 1 >= blobs.size() || blobs.at(next).size() != qsizetype(in * out * 4)
                            || blobs.at(next + 1).size() != qsizetype(out * 4)))
                        throw std::runtime_error("model data missing");
                    next += 2;
                    shape.emplace_back(int64_t(in), int64_t(out));
                }
                e.module = ModelFactory::fromLayers(shape);
                torch::NoGradGuard noGrad;
                for (auto &p : e.module->parameters()) {
                    const QByteArray raw = nextBlob();
                    if (device == QLatin1String("meta"))
                        continue;
                    p.copy_(tensorFrom(raw, p.sizes().vec(), p.scalar_type(), QStringLiteral("cpu")));
                }
                e.module->to(c10::Device(device == QLatin1String("meta") ? "cpu" : device.toStdString()));
                e.tensor = e.module->parameters().front();
            } else if (kind == QLatin1String("optimizer")) {
                const int model = c.value(QStringLiteral("model")).toInt(-1);
                if (model < 0 || model >= int(ids.size()) || !fresh.d->find(ids[model])->module)
                    throw std::runtime_error("optimizer without model");
                e.modelId = ids[model];
                auto params = fresh.d->find(e.modelId)->module->parameters();
                e.optimizer = ModelFactory::optimizer(
                    ModelFactory::optimizerFromName(c.value(QStringLiteral("type")).toString())
                        .value_or(ModelFactory::Optimizer::Adam),
                    params, Private::kOptimizerLr);
            } else if (kind == QLatin1String("tensor")) {
                const auto dt = torchutil::dtypeFromName(c.value(QStringLiteral("dtype")).toString());
                if (!dt)
                    throw std::runtime_error("bad dtype");
                const int alias = c.value(QStringLiteral("alias")).toInt(-1);
                const QByteArray raw = nextBlob();
                if (alias >= 0 && alias < int(ids.size()))
                    e.tensor = fresh.d->find(ids[alias])->tensor;
                else
                    e.tensor = tensorFrom(raw, shapeFrom(c.value(QStringLiteral("shape")).toArray()), *dt, device);
            } else if (kind != QLatin1String("loss")) {
                throw std::runtime_error("unknown card kind");
            }
            const int id = fresh.d->nextId++;
            e.info.id = id;
            fresh.d->entries.emplace(id, std::move(e));
            fresh.d->refreshInfo(fresh.d->entries.at(id));
            ids.push_back(id);
        }
        fresh.d->refreshStorageIds();
        for (const QJsonValue &v : meta.value(QStringLiteral("code")).toArray()) {
            const QJsonObject l = v.toObject();
            fresh.d->log.append(CodeLine{l.value(QStringLiteral("code")).toString(),
                                         l.value(QStringLiteral("errorType")).toString(),
                                         l.value(QStringLiteral("error")).toString(),
                                         l.value(QStringLiteral("refused")).toBool()});
        }
    } catch (const std::exception &e) {
        return fail(tr("The session file is corrupt: %1.").arg(QString::fromUtf8(e.what()).section(QLatin1Char('\n'), 0, 0)));
    }
    // Keep the revision counter rising so the UI sees every restored card as new.
    const int revision = d->revision;
    std::swap(d->entries, fresh.d->entries);
    std::swap(d->log, fresh.d->log);
    std::swap(d->storageIds, fresh.d->storageIds);
    d->nextId = std::max(d->nextId, fresh.d->nextId);
    d->nextStorageId = std::max(d->nextStorageId, fresh.d->nextStorageId);
    // Card ids restart at 1 in `fresh`; renumber above every id the UI has seen.
    std::map<int, Private::Entry> renumbered;
    std::map<int, int> newId;
    for (auto &[id, e] : d->entries)
        newId[id] = d->nextId++;
    for (auto &[id, e] : d->entries) {
        e.info.id = newId[id];
        if (e.modelId >= 0)
            e.modelId = newId[e.modelId];
        e.info.revision = revision + 1;
        renumbered.emplace(newId[id], std::move(e));
    }
    d->entries = std::move(renumbered);
    d->revision = revision + 1;
    d->storageIds.clear();
    d->refreshStorageIds();
    clearHistory(); // undo does not reach back across opening a session
    if (notices)
        *notices = notes;
    return true;
}

Outcome Workspace::loadPt(const QString &path, const QString &device, QList<int> *created)
{
    QFile f(path);
    if (!f.open(QIODevice::ReadOnly))
        return d->fail(OpError::invalid(tr("Cannot open %1: %2").arg(path, f.errorString())), false);
    const QString target = DeviceRegistry::resolve(device);
    if (auto e = d->checkFits(f.size(), QStringLiteral("cpu"), QFileInfo(path).fileName(), QString()))
        return d->fail(*e, false);
    const QByteArray bytes = f.readAll();
    const QString quoted = QStringLiteral("\"%1\"").arg(QFileInfo(path).fileName());
    std::vector<std::pair<QString, at::Tensor>> found;
    QString loadLine;
    try {
        const c10::IValue v = pickleLoad(bytes);
        if (v.isTensor()) {
            found.emplace_back(pyName(QFileInfo(path).completeBaseName()), v.toTensor());
        } else if (v.isGenericDict()) {
            for (const auto &item : v.toGenericDict())
                if (item.key().isString() && item.value().isTensor())
                    found.emplace_back(QString::fromStdString(item.key().toStringRef()), item.value().toTensor());
        } else if (v.isList() || v.isTuple()) {
            const auto list = v.isList() ? v.toListRef().vec() : v.toTupleRef().elements().vec();
            for (size_t i = 0; i < list.size(); ++i)
                if (list[i].isTensor())
                    found.emplace_back(QStringLiteral("%1_%2").arg(pyName(QFileInfo(path).completeBaseName())).arg(i),
                                       list[i].toTensor());
        }
    } catch (const std::exception &) {
        // Not a pickle: perhaps LibTorch's torch::save archive.
        try {
            at::Tensor t;
            torch::load(t, path.toStdString());
            found.emplace_back(pyName(QFileInfo(path).completeBaseName()), t);
        } catch (const std::exception &e) {
            return d->fail(OpError::invalid(tr("%1 is not a tensor file PyTorch or LibTorch wrote: %2")
                                                .arg(QFileInfo(path).fileName(),
                                                     torchutil::cleanMessage(e.what()).section(QLatin1Char('\n'), 0, 0))),
                           false);
        }
    }
    if (found.empty())
        return d->fail(OpError::invalid(tr("%1 holds no tensors (a tensor, or a dict or list of them, is needed).")
                                            .arg(QFileInfo(path).fileName())),
                       false);
    Outcome o;
    const bool single = found.size() == 1 && found.front().first == pyName(QFileInfo(path).completeBaseName());
    QString holder;
    if (!single) {
        holder = freeName(QStringLiteral("loaded"));
        d->logOk(QStringLiteral("%1 = torch.load(%2)").arg(holder, quoted));
    }
    try {
        for (auto &[key, tensor] : found) {
            const QString name = freeName(pyName(key));
            at::Tensor t = tensor.detach();
            if (target != QLatin1String("cpu"))
                t = t.to(c10::Device(target.toStdString()));
            const int id = d->add(name, t);
            if (created)
                *created << id;
            o.cardId = id;
            QString line = single ? QStringLiteral("%1 = torch.load(%2)").arg(name, quoted)
                                  : QStringLiteral("%1 = %2[%3]").arg(name, holder,
                                        QStringLiteral("\"%1\"").arg(key));
            if (target != QLatin1String("cpu"))
                line += QStringLiteral(".to(%1)").arg(torchutil::pythonDevice(target));
            d->logOk(line);
        }
    } catch (...) {
        return d->failTorch(std::current_exception(), {target}, QString());
    }
    return o;
}

QByteArray Workspace::valuesHash(int id) const
{
    auto it = d->entries.find(id);
    if (it == d->entries.end() || !it->second.tensor.defined())
        return {};
    return QCryptographicHash::hash(rawBytes(it->second.tensor), QCryptographicHash::Sha256);
}

Outcome Workspace::savePt(int id, const QString &path)
{
    Private::Entry *e = d->find(id);
    if (!e || !e->isTensor())
        return d->fail(OpError::invalid(tr("Only tensor cards can be saved as .pt files.")), false);
    if (e->tensor.is_meta())
        return d->fail(OpError::invalid(tr("%1 is on meta: it has no values to save.").arg(e->info.name)), false);
    try {
        const std::vector<char> bytes = torch::pickle_save(c10::IValue(e->tensor.to(torch::kCPU).contiguous()));
        QSaveFile f(path);
        if (!f.open(QIODevice::WriteOnly) || f.write(bytes.data(), qint64(bytes.size())) != qint64(bytes.size())
            || !f.commit())
            return d->fail(OpError::invalid(tr("Cannot write %1: %2").arg(path, f.errorString())), false);
    } catch (...) {
        return d->failTorch(std::current_exception(), {e->info.device}, QString());
    }
    d->logOk(QStringLiteral("torch.save(%1, \"%2\")").arg(e->info.name, QFileInfo(path).fileName()));
    return Outcome{id, {}, {}};
}

} // namespace tk
