#include "ui/kitchen/kitchencommand.h"

#include "core/kitchen/kitchenengine.h"

namespace tk {

KitchenCommand::KitchenCommand(KitchenEngine *engine, const QString &text) : QUndoCommand(text), m_engine(engine) { }

void KitchenCommand::undo() { m_engine->submit(request::Undo{}); }

void KitchenCommand::redo()
{
    if (m_done) {
        m_done = false;
        return;
    }
    m_engine->submit(request::Redo{});
}

} // namespace tk
