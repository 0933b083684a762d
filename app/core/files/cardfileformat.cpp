#include "core/files/cardfileformat.h"

#include "core/cards/private/cardfilesave.h"

namespace tk {

Outcome CardFileFormat::save(CardFileSave &save) const
{
    return save.refused(
        QCoreApplication::translate("CardFileFormats", "Tensor Kitchen does not write %1.").arg(label()));
}

} // namespace tk
