// NumpyCards: the .npy format (numpy's NEP 1: a magic string, a version, a header that is a
// Python dict literal, then the array's bytes) and .npz, a zip of .npy records.
#include "core/files/numpy/numpycards.h"

#include "core/files/loadprogress.h"
#include "core/cards/private/cardfileload.h"
#include "core/files/private/filereadadapter.h"
#include "core/files/private/numpyarray.h"
#include "core/files/private/zipdirectory.h"
#include "core/kitchen/pythoncode.h"

#include <QFile>
#include <QFileInfo>
#include <QRegularExpression>
#include <QtEndian>
#include <algorithm>

namespace tk {

namespace {

const QByteArray kMagic = QByteArrayLiteral("\x93NUMPY");
constexpr qint64 kPiece = qint64(4) << 20; // read a piece at a time, asking about Cancel between

// Why an array could not be read, in words for the user (the record's name, if any, is added).
struct NotLoadable
{
    QString words;
};

// One .npy's bytes as a tensor on the CPU, as torch.from_numpy(np.load(…)) makes it.
at::Tensor parseNpy(const std::string &bytes)
{
    if (bytes.size() < 10 || bytes.compare(0, 6, kMagic.constData(), 6) != 0)
        throw NotLoadable{NumpyCards::tr("it does not start as a .npy array does")};
    const int major = uint8_t(bytes[6]);
    if (major < 1 || major > 3)
        throw NotLoadable{NumpyCards::tr("it is .npy version %1, newer than Tensor Kitchen reads").arg(major)};
    const size_t lengthBytes = major == 1 ? 2 : 4;
    if (bytes.size() < 8 + lengthBytes)
        throw NotLoadable{NumpyCards::tr("it is cut short")};
    const uint64_t headerLength
        = major == 1 ? qFromLittleEndian<quint16>(bytes.data() + 8) : qFromLittleEndian<quint32>(bytes.data() + 8);
    const size_t dataStart = 8 + lengthBytes + headerLength;
    if (headerLength > bytes.size() || dataStart > bytes.size())
        throw NotLoadable{NumpyCards::tr("it is cut short")};
    const QString header = QString::fromUtf8(bytes.data() + 8 + lengthBytes, qsizetype(headerLength));
    static const QRegularExpression descrRe(QStringLiteral("'descr'\\s*:\\s*'([<>|=])([a-zA-Z]\\d*)'"));
    static const QRegularExpression fortranRe(QStringLiteral("'fortran_order'\\s*:\\s*(True|False)"));
    static const QRegularExpression shapeRe(QStringLiteral("'shape'\\s*:\\s*\\(([\\d\\s,]*)\\)"));
    const QRegularExpressionMatch descr = descrRe.match(header);
    const QRegularExpressionMatch fortran = fortranRe.match(header);
    const QRegularExpressionMatch shapeText = shapeRe.match(header);
    if (!descr.hasMatch() && header.contains(QLatin1String("'descr'")))
        throw NotLoadable{NumpyCards::tr("it is a structured array (records of named fields), which is no tensor")};
    if (!descr.hasMatch() || !fortran.hasMatch() || !shapeText.hasMatch())
        throw NotLoadable{NumpyCards::tr("its header is damaged (%1)").arg(header.trimmed().left(120))};
    const std::string code = descr.captured(2).toStdString();
    if (code == "O")
        throw NotLoadable{NumpyCards::tr("it holds Python objects (dtype=object), which np.load reads only with "
                                         "allow_pickle=True, running the pickle's code; Tensor Kitchen never does")};
    const std::optional<at::ScalarType> type = pickle::NumpyArray::dtype(code);
    if (!type)
        throw NotLoadable{NumpyCards::tr("it is an array of %1, which has no torch dtype")
                              .arg(QStringLiteral("dtype('%1%2')").arg(descr.captured(1), descr.captured(2)))};
    std::vector<int64_t> shape;
    for (const QString &part : shapeText.captured(1).split(QLatin1Char(','), Qt::SkipEmptyParts)) {
        bool ok = false;
        const qint64 size = part.trimmed().toLongLong(&ok);
        if (!ok || size < 0)
            throw NotLoadable{NumpyCards::tr("its header is damaged (%1)").arg(header.trimmed().left(120))};
        shape.push_back(size);
    }
    // numpy pads the header, and writes nothing after the data; a longer file is not np.save's.
    return pickle::NumpyArray::tensor(shape, *type, fortran.captured(1) == QLatin1String("True"),
                                      bytes.substr(dataStart), descr.captured(1).at(0).toLatin1());
}

// `n` bytes at `at` of `source`, a piece at a time; false when the user cancelled.
bool readAt(const caffe2::serialize::ReadAdapterInterface &source, uint64_t at, uint64_t n, std::string &out,
            CardFileLoad &load, qint64 &done, qint64 total)
{
    out.assign(size_t(n), '\0');
    for (uint64_t got = 0; got < n;) {
        if (load.cancelRequested())
            return false;
        const size_t piece = size_t(std::min<uint64_t>(n - got, uint64_t(kPiece)));
        if (source.read(at + got, out.data() + got, piece, "numpy array") != piece)
            throw NotLoadable{NumpyCards::tr("it is cut short")};
        got += piece;
        done += qint64(piece);
        if (load.progress())
            load.progress()->advance(done, total);
    }
    return true;
}

bool isNpy(const std::string &name) { return name.size() > 4 && name.compare(name.size() - 4, 4, ".npy") == 0; }

} // namespace

QString NumpyCards::label() const { return tr("numpy arrays"); }

bool NumpyCards::claims(const QByteArray &head, const QString &path) const
{
    if (head.startsWith(kMagic))
        return true;
    if (!head.startsWith("PK\x03\x04"))
        return false;
    const auto records = pickle::ZipDirectory::inOrder(path);
    return !records.empty() && std::all_of(records.begin(), records.end(), [](const auto &r) { return isNpy(r.name); });
}

Outcome NumpyCards::load(CardFileLoad &load) const
{
    const QString &file = load.file();
    QFile f(load.path());
    if (!f.open(QIODevice::ReadOnly | QIODevice::Unbuffered))
        return load.cannotOpen(f.errorString());
    // The bytes read, then the array made of them: twice the file at the most.
    if (auto e = load.tooLarge(2 * f.size(), file))
        return *e;
    const QString pythonPath = PythonCode::string(load.path());
    const QString moved = load.onCpu() ? QString() : PythonCode::toCall(load.target());
    const FileReadAdapter source(f);
    const qint64 total = std::max<qint64>(1, f.size());
    qint64 done = 0;
    QString record; // the .npz record being read, for the message
    try {
        std::string bytes;
        char magic[6] = {};
        const bool single = source.read(0, magic, sizeof magic, "numpy magic") == sizeof magic
            && kMagic == QByteArray(magic, sizeof magic);
        if (!single) {
            const pickle::ZipDirectory zip(source);
            const QString holder = load.holder();
            load.lead(QStringLiteral("import numpy as np"));
            load.lead(QStringLiteral("%1 = np.load(%2)").arg(holder, pythonPath));
            for (const pickle::ZipDirectory::Record &r : zip.ordered()) {
                record = QString::fromStdString(r.name);
                if (!isNpy(r.name))
                    throw NotLoadable{tr("it holds %1, which is not a .npy array").arg(record)};
                if (r.method != 0)
                    throw NotLoadable{
                        tr("it was saved by np.savez_compressed, whose records Tensor Kitchen does not "
                           "inflate. In Python, np.savez(\"%1\", **np.load(\"%2\")) writes the same "
                           "arrays uncompressed")
                            .arg(QFileInfo(file).completeBaseName() + QStringLiteral("_plain.npz"), file)};
                const std::optional<uint64_t> at = pickle::ZipDirectory::dataAt(r, source);
                if (!at)
                    throw NotLoadable{tr("its zip archive is damaged")};
                const uint64_t dataAt = *at;
                if (r.size > uint64_t(source.size()) || dataAt > uint64_t(source.size()) - r.size)
                    throw NotLoadable{tr("it is cut short")};
                if (!readAt(source, dataAt, r.size, bytes, load, done, total))
                    return load.cancelled();
                const at::Tensor array = parseNpy(bytes);
                bytes = std::string();
                auto [t, info] = load.prepare(array);
                const QString key = record.chopped(4);
                load.stage(PythonCode::identifier(key), std::move(t), std::move(info),
                           [holder, key, moved](const QString &name) {
                               return QStringLiteral("%1 = torch.from_numpy(%2[%3])%4")
                                   .arg(name, holder, PythonCode::string(key), moved);
                           });
            }
        } else {
            if (!readAt(source, 0, uint64_t(f.size()), bytes, load, done, total))
                return load.cancelled();
            const at::Tensor array = parseNpy(bytes);
            bytes = std::string();
            auto [t, info] = load.prepare(array);
            load.lead(QStringLiteral("import numpy as np"));
            load.stage(PythonCode::identifier(QFileInfo(file).completeBaseName()), std::move(t), std::move(info),
                       [pythonPath, moved](const QString &name) {
                           return QStringLiteral("%1 = torch.from_numpy(np.load(%2))%3").arg(name, pythonPath, moved);
                       });
        }
    } catch (const NotLoadable &why) {
        const QString words = record.isEmpty()
            ? tr("%1 is not a numpy array Tensor Kitchen can load: %2. Nothing was loaded.").arg(file, why.words)
            : tr("%1 is not a numpy archive Tensor Kitchen can load: its array %2: %3. Nothing was loaded.")
                  .arg(file, record, why.words);
        return load.refused(words, why.words);
    } catch (const c10::Error &) {
        return load.failTorch(std::current_exception(), load.target());
    } catch (const std::exception &e) {
        // The zip directory's and NumpyArray's own refusals (damaged, a size that overflows).
        const QString raw = QString::fromUtf8(e.what());
        return load.refused(tr("%1 is not a numpy file Tensor Kitchen can load: it is damaged or cut short (%2). "
                               "Nothing was loaded.")
                                .arg(file, raw),
                            raw);
    }
    if (load.progress())
        load.progress()->advance(total, total);
    return load.commit();
}

} // namespace tk
