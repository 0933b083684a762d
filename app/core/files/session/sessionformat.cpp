#include "core/files/session/sessionformat.h"

#include "core/devices/deviceregistry.h"
#include "core/cards/private/modelfactory.h"
#include "core/kitchen/tensorspec.h"
#include "core/devices/private/torchutil.h"

#include <QDataStream>
#include <QIODevice>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <cmath>
#include <cstring>

namespace tk {

namespace {

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
        *notices << QCoreApplication::translate("Workspace",
                                                "%1 was on %2, which this machine does not have: it is on the CPU now.")
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

} // namespace

QByteArray SessionFormat::write(const std::map<int, CardEntry> &entries, const CodeLog &log)
{
    QJsonArray cards;
    QList<QByteArray> blobs;
    std::map<int, int> indexOf; // card id → position in the file
    int index = 0;
    for (const auto &[id, e] : entries) {
        // A console-made Python object is not data: a session never stores code to run, so
        // it is left out (its console lines stay in the code log as text).
        if (e.object)
            continue;
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
                blobs << torchutil::hostBytes(p);
        } else if (e.optimizer) {
            c[QStringLiteral("model")] = indexOf.count(e.modelId) ? indexOf[e.modelId] : -1;
            c[QStringLiteral("type")] = ModelFactory::name(ModelFactory::kindOf(*e.optimizer));
        } else if (e.tensor.defined()) {
            c[QStringLiteral("dtype")] = e.info.dtype;
            c[QStringLiteral("shape")] = shapeJson(e.tensor);
            // The same tensor under two names stays one storage after loading.
            int alias = -1;
            int j = 0;
            for (const auto &[oid, o] : entries) {
                if (j >= index)
                    break;
                if (o.tensor.defined() && !o.module && o.tensor.is_same(e.tensor))
                    alias = j;
                ++j;
            }
            c[QStringLiteral("alias")] = alias;
            blobs << (alias >= 0 ? QByteArray() : torchutil::hostBytes(e.tensor));
        }
        cards.append(c);
        indexOf[id] = index++;
    }
    QJsonArray code;
    for (const CodeLine &l : log.lines())
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
    return payload;
}

std::optional<SessionFormat::Contents> SessionFormat::read(const QByteArray &payload, QString *error)
{
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
    if (body.status() != QDataStream::Ok || !meta.value(QStringLiteral("cards")).isArray()) {
        if (error)
            *error = tr("The session file is corrupt: its contents cannot be read.");
        return std::nullopt;
    }

    Contents contents;
    std::vector<CardEntry> &cards = contents.cards;
    try {
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
            const QString device = placeHere(c.value(QStringLiteral("device")).toString(), name, &contents.notices);
            CardEntry e;
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
                if (device == QLatin1String("meta"))
                    ModelFactory::toMeta(e.module);
                else
                    e.module->to(c10::Device(device.toStdString()));
                e.tensor = e.module->parameters().front();
            } else if (kind == QLatin1String("optimizer")) {
                const int model = c.value(QStringLiteral("model")).toInt(-1);
                if (model < 0 || model >= int(cards.size()) || !cards[size_t(model)].module)
                    throw std::runtime_error("optimizer without model");
                e.modelId = model;
                auto params = cards[size_t(model)].module->parameters();
                e.optimizer = ModelFactory::optimizer(
                    ModelFactory::optimizerFromName(c.value(QStringLiteral("type")).toString())
                        .value_or(ModelFactory::Optimizer::Adam),
                    params, CardEntry::kOptimizerLr);
            } else if (kind == QLatin1String("tensor")) {
                const auto dt = torchutil::dtypeFromName(c.value(QStringLiteral("dtype")).toString());
                if (!dt)
                    throw std::runtime_error("bad dtype");
                const int alias = c.value(QStringLiteral("alias")).toInt(-1);
                const QByteArray raw = nextBlob();
                if (alias >= 0 && alias < int(cards.size()))
                    e.tensor = cards[size_t(alias)].tensor;
                else
                    e.tensor = tensorFrom(raw, shapeFrom(c.value(QStringLiteral("shape")).toArray()), *dt, device);
            } else if (kind != QLatin1String("loss")) {
                throw std::runtime_error("unknown card kind");
            }
            cards.push_back(std::move(e));
        }
        for (const QJsonValue &v : meta.value(QStringLiteral("code")).toArray()) {
            const QJsonObject l = v.toObject();
            contents.log.append(CodeLine{l.value(QStringLiteral("code")).toString(),
                                         l.value(QStringLiteral("errorType")).toString(),
                                         l.value(QStringLiteral("error")).toString(),
                                         l.value(QStringLiteral("refused")).toBool(), QString(), false});
        }
    } catch (const std::exception &e) {
        if (error)
            *error = corruptMessage(e);
        return std::nullopt;
    }
    return contents;
}

QString SessionFormat::corruptMessage(const std::exception &e)
{
    return tr("The session file is corrupt: %1.").arg(QString::fromUtf8(e.what()).section(QLatin1Char('\n'), 0, 0));
}

} // namespace tk
