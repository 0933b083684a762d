#pragma once
// Core-internal: numpy's own files as cards: an array saved by np.save (.npy) is one card, an
// archive of them saved by np.savez (.npz) a card per array, each with its line of Python
// (torch.from_numpy(np.load(…))). Nothing of numpy's is imported or run. Includes torch.

#include "core/files/cardfileformat.h"

#include <QCoreApplication>

namespace tk {

class NumpyCards : public CardFileFormat
{
    Q_DECLARE_TR_FUNCTIONS(NumpyCards)

public:
    QString id() const override { return QStringLiteral("numpy"); }
    QString label() const override;
    QStringList suffixes() const override { return {QStringLiteral("npy"), QStringLiteral("npz")}; }
    // A .npy's magic string, or a zip archive whose every record is a .npy.
    bool claims(const QByteArray &head, const QString &path) const override;
    Outcome load(CardFileLoad &load) const override;
};

} // namespace tk
